"""A forced card plays itself: when the player's turn in the play leaves one legal card,
it shows bright for a moment and goes to the trick, as the best card apps do (Settings,
"Forced cards"; on by default).  A mixin of ``TableControls``.

Never while the player holds a card or the signal choices, and not in Manfee with signals
while more cards are left: a forced card may be the one the player would signal with
(the last of a suit: "drop").  In hot-seat it waits, as every play does, until the
person's hand is uncovered (``TableScene.can_play``).
"""
from __future__ import annotations

from .explain import obligation
from .i18n import _
from .rich import card_words

FORCED_SHOWN = 1.2        # seconds (at the animation pace) the lone playable card shows before it goes
HOTSEAT_SHOWN = 2.5       # ... at a shared screen, where a person has just sat down to the hand


class AutoPlay:
    _forced: tuple | None = None

    def forced_waits_for_signal(self) -> bool:
        """Is the player's lone legal card waiting only because it may carry a signal (the
        setting would play it)?  The band says so: it seemed the setting did not work."""
        v = self.shown
        return (len(self.input.legal()) == 1 and self.app.settings.auto_play
                and bool((v.get("options") or {}).get("signals")) and len(v.get("hand") or ()) > 1)

    def play_duty(self) -> str | None:
        """The play prompt's second line: why some cards are dim, or that the lone one waits."""
        if self.forced_waits_for_signal() and not self.signal:
            return _("Your only playable card waits for you: you may give a signal with it")
        return obligation(self.shown)

    def forced_goes(self) -> bool:
        """Will the player's lone legal card play itself (as soon as it has shown)?"""
        return (len(self.input.legal()) == 1 and self.app.settings.auto_play and not self.input.pressed
                and not self.signal_menu and not self.signal and not self.forced_waits_for_signal())

    def forced_prompt(self) -> str:
        """The band while a forced card shows: "drag a card" asked for what went by itself."""
        card = card_words(self.input.legal()[0])
        if len(self.shown.get("hand") or ()) > 1:
            return _("Your only playable card, {card}, goes by itself").format(card=card)
        return _("Your last card, {card}, goes by itself").format(card=card)

    def lone_call(self) -> dict | None:
        """The player's only Manfee call, when the setting makes it by itself: the calls before
        took all 13 tricks, so 0 is left (the table waited for a click on the one button)."""
        v, legal = self.shown, self.shown.get("legal") or ()
        if (len(legal) == 1 and "call" in legal[0] and self.app.settings.auto_play and v.get("turn") == self.viewer
                and self.link.kind(self.viewer) == "me" and self.revealed and self.cover_seat is None):
            return legal[0]
        return None

    def lone_call_note(self) -> str | None:
        """The call picker's second line when its one call goes by itself."""
        return _("the calls before yours took all 13 tricks: 0 is called for you") if self.lone_call() else None

    def _shown_long_enough(self, key: tuple) -> bool:
        """Has the decision ``key`` stood still on screen for ``FORCED_SHOWN`` (in hot-seat
        ``HOTSEAT_SHOWN``: a card went a second after the cover lifted, before its person had
        looked at the hand)?  Counted from when the table is still: a hand turned face up
        (Manille's dealer's partner) lost its forced card while it was still turning, unseen."""
        if self.board.moving or self.director.busy() or self.pending is not None or self.summary_open:
            self._forced = None
            return False
        if self._forced is None or self._forced[0] != key:
            self._forced = (key, self.clock)
            return False
        if self.clock - self._forced[1] < (HOTSEAT_SHOWN if self.hotseat else FORCED_SHOWN):
            return False
        self._forced = None
        return True

    def auto_play_forced(self) -> None:
        """Play the player's only legal card (or make the only call) once it has shown."""
        legal = self.input.legal()
        v = self.shown
        call = self.lone_call()
        if call is not None:
            if self._shown_long_enough((v.get("version"), "call")):
                self.say(_("Your only call, 0, was made by itself"), notice=True)
                self.act(self.viewer, call)
            return
        if not self.forced_goes():
            self._forced = None
            return
        if self._shown_long_enough((v.get("version"), legal[0])):
            if len(v.get("hand") or ()) > 1:        # the band says so: with quick bots the trick was
                self.say(_("Your only playable card, {card}, went to the trick").format(   # gone unseen
                    card=card_words(legal[0])), notice=True)
            self.play_card(legal[0])
