"""Letter keys for the table's buttons, so that a player who keeps to the keyboard reaches
every one of them (the arrows and Enter are the hand's and the pickers'):

    I  the coach's hint          S  the scores            L  the last trick
    P  the hand passed away      G  give a signal (Manfee), then S slam, D drop, N none
    R  review the deal (on its summary)

A key stands for its button only while the button shows, so it never does what a click
could not.  A mixin of ``TableControls``; F1 (the rules), H (hold the bots) and Escape are
the scene's own.
"""
from __future__ import annotations

import time

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from .i18n import N_, _, is_rtl, pgettext

HINT_QUEUED = 8.0       # seconds an I pressed before the player's decision showed waits for it
KEYS = {pygame.K_i: "hint", pygame.K_s: "history", pygame.K_l: "last", pygame.K_p: "passed",
        pygame.K_g: "signal", pygame.K_r: "review"}
SIGNAL_KEYS = {pygame.K_s: "slam", pygame.K_d: "drop", pygame.K_n: "nosignal",    # once G opened them;
               pygame.K_g: "nosignal"}        # G again closes them (it said G was for Manfee, in Manfee)
# What P and G are for, said when their button is not there (no pass yet, not a Manfee table)
KEY_UNAVAILABLE = {"passed": N_("P shows the hand you passed on: after a pass in Manfee, or a swap in Manni"),
                   "signal": N_("G gives a signal with your card: in Manfee with signals on, on your turn"),
                   "last": N_("L shows the last trick, once one is over")}
KEY_NAMES = {"hint": "I", "history": "S", "last": "L", "passed": "P", "signal": "G", "review": "R",   # tooltips
             "menu": "Esc", "rules": "F1", "slam": "S", "drop": "D", "nosignal": "N", "next": "Enter"}


def key_word(key: str) -> str:
    """A key as the language's keyboards print it (French: Échap, Entrée); letters as they are."""
    return {"Esc": pgettext("a key", "Esc"), "Enter": pgettext("a key", "Enter")}.get(key, key)


# What a button does, where its words alone do not say it (a newcomer to Manfee's signals
# read "Slam" and "Drop" with nothing more): before its key in the tooltip.
BUTTON_TIPS = {"slam": N_("Slam: partner, lead this suit the next time you lead."),
               "drop": N_("Drop: I have no more of this suit."),
               "signal": N_("Slam (lead this suit, partner) or drop (no more of it), with the card you play."),
               "step": N_("A replay's next action: the Right arrow key; the Left arrow goes one back.")}


def tool_tip(name: str) -> tuple[str | None, ObjectID | None]:
    """A table button's tooltip and its style: what it does (a full box), or only its key (a small one)."""
    key = _("Key: {key}").format(key=key_word(KEY_NAMES[name])) if name in KEY_NAMES else None
    if name in BUTTON_TIPS:
        return _(BUTTON_TIPS[name]) + ("  " + key if key else ""), None
    return key, ObjectID(object_id="#key_tip") if key else None


class TableKeys:
    _pick_auto = False          # the decision's highlighted choice is a first Enter's, not the player's
    enter_waits_hint = None     # the version whose hint a second Enter waits for (the band says so)
    def shortcut_key(self, e: pygame.event.Event) -> bool:
        """Press the button a letter key stands for, if it shows; True if one was pressed."""
        # While the signal choices show, S D N are theirs; else (an overlay hid them) the keys' own
        for name in (SIGNAL_KEYS.get(e.key) if self.signal_menu else None, KEYS.get(e.key)):
            if name and self.press_if_shown(name):
                return True
        if e.key == pygame.K_TAB:       # the table has no focus to move: Tab said nothing of its keys
            self.say(_("The table's keys are at the end of its rules: F1"), notice="key")
            return True
        refusal = self.review_refusal() if e.key == pygame.K_r and self.summary_open else None
        if refusal:
            self.say(refusal, notice="key")      # R did nothing, and said nothing why
            return True
        if (e.key in (pygame.K_p, pygame.K_g) or e.key == pygame.K_l and self.last_trick is None) and not self.demo:
            v = self.shown
            if e.key == pygame.K_p and self.hotseat and (v.get("passed_hand") or v.get("passed") or v.get("swapped_out")):
                # hidden on purpose: "after a pass" read, just after one, as if there had been none
                self.say(_("P shows the hand you passed on at your own turn: between turns the shared "
                           "screen keeps it hidden"), notice="key")
            else:
                self.say(_(KEY_UNAVAILABLE[KEYS[e.key]]), notice="key")      # they did nothing, silently
            return True
        if e.key == pygame.K_i and self.link.hints_allowed and self.link.kind(self.viewer) == "me":
            # The player's decision is coming but the cards still move (a trick gathered, a
            # banner, the bots' last cards): the hint comes when it shows (I did nothing).
            self.hint_queued = time.monotonic() + HINT_QUEUED
            return True
        if e.key == pygame.K_i and not self.link.hints_allowed and self.waiting_for_human() is not None:
            # The README's hint key, with no hint button: it did nothing, and said nothing why.
            self.say(_("Hints are off at this table: the host chose so") if self.link.lan
                     else _("Hints are off: Menu, Settings, Coach turns them on"), notice="key")
            return True
        return False

    def ask_queued_hint(self) -> None:
        """Press the Hint button for an I pressed before it showed, once it shows (within
        ``HINT_QUEUED`` seconds: a key pressed long before is not a wish for a later decision)."""
        queued = getattr(self, "hint_queued", None)
        if queued is None:
            return
        if time.monotonic() > queued or self.press_if_shown("hint"):
            self.hint_queued = None

    def press_if_shown(self, name: str) -> bool:
        b = self.buttons.get(name)
        if b is None or not b.visible or not b.is_enabled:
            return False
        return bool(self.ui_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=b)))

    def review_refusal(self) -> str | None:
        """Why the deal on the summary cannot be reviewed here (None: it can)."""
        if self.mine and self.link.lan and not self.link.hosting:     # not "only your own deals"
            kept = self.link.record()         # this screen's own, rebuilt from the cards it was shown
            if kept is None or (self.summary_event or {}).get("deal", 0) >= len(kept.get("deals") or ()):
                return _("No review here: this screen keeps no record of this deal")
        elif not self.mine or self.link.replay or self.link.match_id() is None:
            return _("No review here: only a player's own deals are reviewed")
        if (self.summary_event or {}).get("outcome") == "misdeal":
            return _("No review: a void deal has no play to go through")
        # cards left in hand, never shown (a Manni's twelve laid aside stay out of its review)
        hidden = any((self.shown.get("counts") or {}).values())
        if hidden and (self.hotseat or self.link.lan):      # not for all to see (coach_work.all_played)
            return _("No review for this deal: it would show the cards nobody played, to everyone here")
        return None

    def _choices(self) -> tuple[list, int | None]:
        """The decision's buttons, and the index of the one the hint rings (None: no hint yet)."""
        choices = [b for name, b in self.buttons.items() if name.startswith("act:")]
        ringed = (self.hint_now() or {}).get("action")
        return choices, next((i for i, b in enumerate(choices) if ringed is not None and b.action == ringed), None)

    def _show_pick(self, choices: list, sel: int | None) -> None:
        """Choice ``sel`` in gold (None: none), kept over a rebuilt picker."""
        for i, b in enumerate(choices):
            b.select() if i == sel else b.unselect()
        self._pick_i = sel
        self._pick_kept = None if sel is None else (self.shown.get("version"), sel)

    def unpick(self) -> None:
        """Put back a choice picked with Enter or the arrows (Escape): none in gold, the next
        Enter picks again before it takes anything."""
        self._show_pick(self._choices()[0], None)

    def hint_takes_pick(self) -> None:
        """A hint that comes after a first Enter picked a choice takes the gold at once, so the
        gold is what the next Enter takes (it stayed on "Keep my hand", the hint only ringed
        "Take the Manni", and Enter moved the gold before it took anything)."""
        choices, hinted = self._choices()
        if hinted is None or self._pick_i is None or not self._pick_auto or hinted == self._pick_i:
            return                          # (a choice the player moved to with the arrows stays theirs)
        self._show_pick(choices, hinted)

    def picker_key(self, e: pygame.event.Event) -> bool:
        """Arrows move along a decision's buttons, Enter chooses.  With none picked yet the
        first Enter picks the one the hint rings, else "No tap" where there is one, else the first
        (Enter did nothing, and the decision box showed no focus to say why; then it picked the
        first over the hint's)."""
        choices, hinted = self._choices()
        if not choices:
            return False
        sel = self._pick_i
        enter = e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if enter and sel is not None and self._pick_auto and hinted not in (None, sel):
            sel, step, enter = hinted, 0, False     # the hint came after Enter picked: shown first (Enter,
        elif enter and sel is not None and self._pick_auto and hinted is None and self.hint_pending() \
                and self.enter_waits_hint != self.shown.get("version"):
            # I, Enter, Enter before the hint came took the first Enter's pick: the Manni, a
            # hand given away.  It waits for the hint, once (a hint that never comes, a worker
            # gone, must not hold Enter for good; the arrows still choose at once).
            self.enter_waits_hint = self.shown.get("version")
            return True
        elif enter and sel is not None:             # I, Enter called the 0 under the gold, not the hint's 6)
            self._pick_i = None
            self.choose(choices[sel % len(choices)].action)
            return True
        elif not enter and e.key not in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            return False
        else:
            step = 1 if e.key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
        self._pick_auto = enter and sel is None        # a first Enter's pick, not the player's own
        if is_rtl() and e.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -step                    # the row is mirrored: the next choice is to the left
        rows = sorted({b.rect.y for b in choices})
        if step and sel is not None and len(rows) > 1 and e.key in (pygame.K_UP, pygame.K_DOWN):
            # Up and Down go to the row above or below (the call box's two rows), the nearest button
            row = rows.index(choices[sel].rect.y) + step
            if not 0 <= row < len(rows):
                return True                 # no row past the edge: the choice stays where it is
            x = choices[sel].rect.centerx
            step = min((i for i, b in enumerate(choices) if b.rect.y == rows[row]),
                       key=lambda i: abs(choices[i].rect.centerx - x)) - sel
        if sel is None and not enter:
            # the first arrow comes in from its side: Left (Right in a mirrored row) at the
            # row's far end (every arrow landed on the first choice, "Take the Manni" for Left)
            sel = 0 if step > 0 else len(choices) - 1
        elif sel is None:
            # the hint's choice, else the one that risks nothing: Enter, Enter tapped (or tapped
            # back) in every muette deal of a player who went on with the keyboard, took the Manni,
            # and named spades blind
            calm = next((i for i, b in enumerate(choices)   # (and looking before a blind trump)
                         if b.action in ({"double": False}, {"redouble": False}, {"swap": False}, {"look": True})), 0)
            sel = hinted if hinted is not None else calm
        else:
            sel = (sel + step) % len(choices)
        self._show_pick(choices, sel)
        return True
