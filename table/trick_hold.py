"""How long a finished trick stays on the table before it is gathered (Settings, "Tricks"):
a moment, longer, or until the player clicks or presses a key.  A club player saw tricks
with their own forced card come and go between two looks, and had to open Last trick to
learn where a card had gone.  Also here: the other "click to go on" of the table, the
hands shown to memorize before they move.

A mixin of ``TableScene``; the director asks it for the pause of each finished trick.
Replays keep the short pause: they are stepped, or watched with Auto.  A LAN table takes
"until a click" as a while: the others would wait for this screen's clicks.
"""
from __future__ import annotations

from typing import Any

import pygame

from .anim import Until, Wait


class Hold(Wait):
    """A finished trick's while on the table, cut short when ``cut()`` says so (the player
    to lead reached for a card: the table gathers the trick for them)."""

    def __init__(self, seconds: float, cut: Any) -> None:
        super().__init__(seconds)
        self.cut = cut

    def update(self, dt: float) -> bool:
        self.done = super().update(dt) or bool(self.cut())
        return self.done
from .i18n import _

TRICK_HOLD = 1.15           # seconds (at the animation pace) a finished trick stays by default
CLICK = 0.0                 # the setting's value for "until a click"
LAN_HOLD = 2.5              # ... which a LAN table takes as "a while"


def trick_holds() -> tuple:
    """(words, seconds) of the Tricks setting, CLICK for "until a click"."""
    return ((_("Gathered after a moment"), TRICK_HOLD), (_("Left a while on the table"), 2.5),
            (_("On a click (a while on a LAN)"), CLICK))   # short: the French ran past its box


class TrickHold:
    trick_kept = False              # a finished trick waits for the player's click or key
    trick_holding = False           # a finished trick lies on the table for its while
    trick_cut = False               # ... which the player to lead cut short, reaching for a card
    trick_news: str | None = None   # the news the band had then, under the kept trick's words
    _memorize_left = 0.0            # seconds the hands stay up to be memorized (a click cuts it)

    def trick_pause(self) -> Any:
        """The director's pause between a finished trick and its sweep."""
        hold = getattr(self.app.settings, "trick_hold", TRICK_HOLD)
        if self.link.replay:
            return Wait(TRICK_HOLD)
        if hold > CLICK or self.link.lan:       # a LAN table never waits for one screen's clicks:
            self.trick_cut = False              # the host's screen paces its bots, and so everyone
            self.trick_holding = True
            return Hold(hold or LAN_HOLD, lambda: self.trick_cut)
        self.trick_kept = True
        if self.message and self.message[3]:     # news ("your only card went") goes under the kept trick's
            self.trick_news, self.message = self.message[0], None      # words (the table stood still 3 s)
        else:
            self.trick_news = None
        return Until(lambda: not self.trick_kept)

    def leads_next(self) -> bool:
        """Is the viewer, who may play here, the one to lead once the trick on the table
        is gathered (the host's newest view says so)?"""
        v = self.link.view() or {}
        return (self.trick_holding and v.get("phase") == "play" and v.get("turn") == self.viewer
                and not v.get("trick") and self.link.kind(self.viewer) == "me" and self.cover_seat is None)

    def trick_kept_words(self) -> str:
        return _("Click, or press Space, to gather the trick")

    def click_goes_on(self, e: Any) -> bool:
        """A click or Enter/Space where the table waits for one: the hands shown to memorize
        move, a trick kept on the table is gathered."""
        go = e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 or e.type == pygame.KEYDOWN and e.key in (
            pygame.K_RETURN, pygame.K_SPACE)          # not the wheel: it scrolls the deal's log
        if go and self._memorize_left > 0:
            self._memorize_left = 0.0           # "I have it": the hands move now
            return True
        if go and self.trick_kept:
            self.trick_kept = False
            return True
        return False
