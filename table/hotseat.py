"""Hot-seat: the cover between two people at one screen, and the hand that goes face down
once its player has acted; and a hand the rules keep face down (Manille's dealer's partner
before trump, the muette dealer who may name trump blind), touched.  A mixin of ``TableScene``.

The cover stands a moment before a click or Enter lifts it: a second Enter from the person
who had just played (their forced card had already played itself; a key pressed twice)
lifted it at once and showed the next person's hand to the one still at the screen.  And
for a moment after it lifts, the next person's choices take no click: the second click of
a double click on the cover named trump for a player who had not seen their cards.  Nor
does a choice on the spot of the one just taken, for a moment: the muette dealer's
"Look at my cards" turns into "En face" where it stood, and a second click on it gave the
trump away to the partner before the dealer had seen the cards.
"""
from __future__ import annotations

import pygame
import pygame_gui

from .i18n import _
from .rich import card_words

COVER_HOLD = 0.8       # real seconds the cover stands before a click or Enter lifts it
ARMED_AFTER = 0.45     # real seconds after it lifts before a choice's button takes a click
FOLLOW_ON_HOLD = 1.0   # real seconds a choice's spot takes no second click (an impatient one too)


class HotSeat:
    cover_seat: str | None = None      # waiting for this seat's player to click
    cover_at = -1e9                    # the input clock (real seconds of updates) when it went up
    lifted_at = -1e9                   # ... and when it was lifted
    chosen_click = (-1e9, pygame.Rect(0, 0, 0, 0))     # when and where a click last took a choice

    def put_cover(self, seat: str) -> None:
        """Cover the table until ``seat``'s player is at the screen."""
        self.cover_seat = seat
        self.cover_at = self.input.clock
        self.input.reset()

    def cover_armed(self) -> bool:
        """Has the cover stood long enough to be lifted (and may say "Click when ready")?"""
        return self.input.clock - self.cover_at >= COVER_HOLD

    def cover_event(self, e: pygame.event.Event) -> bool:
        """Every event while the cover stands is the cover's: a click or Enter lifts it (once
        it has stood ``COVER_HOLD``), Esc opens the menu."""
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1 or \
                e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.cover_armed():
                seat, self.cover_seat = self.cover_seat, None
                self.lifted_at = self.input.clock
                self.switch_viewer(seat)
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.open_menu()
        return True

    def play_last_card_unseen(self, seat: str) -> bool:
        """A person's last card need not take the screen: it is played for them (Settings,
        "Forced cards"), the band says so, and the cover goes up for the next person only
        (it took a cover, a click and another cover).  Only the last: a lone legal card
        earlier, played with no cover, would tell the others at the screen that the hand
        held nothing else it could play."""
        if self.pending is not None:
            return True                            # one sent: wait for the host's answer
        v = self.link.view(seat)
        legal = v.get("legal") or []
        if not self.app.settings.auto_play or len(legal) != 1 or "play" not in legal[0] \
                or len(v.get("hand") or ()) != 1:
            return False
        if not self.act(seat, {"play": legal[0]["play"]}):
            return False
        self.say(_("{name}'s last card, {card}, went to the trick").format(
            name=self.player_name(seat), card=card_words(legal[0]["play"])), notice=True)
        return True

    def choice_armed(self) -> bool:
        """Has the cover been lifted long enough for a click to choose (a button or a card)?
        Three quick clicks on a cover played a card its player had never seen."""
        return self.input.clock - self.lifted_at >= ARMED_AFTER

    def click_takes_choice(self, button: pygame_gui.elements.UIButton) -> bool:
        """May a click on this decision's button take it?  Not the tail of the click that lifted
        the cover, nor a second click, within a second, on the spot of the choice a click just
        took (the next decision's button that stands there now).  A click that takes it is noted."""
        now = self.input.clock
        then, spot = self.chosen_click
        at = self.input.pointer           # where this click is: on the old spot, not just near it
        again = spot.collidepoint(at) if at is not None else spot.colliderect(button.rect)
        if not self.choice_armed() or now - then < FOLLOW_ON_HOLD and again:
            return False
        self.chosen_click = (now, pygame.Rect(button.rect))
        return True

    def _hide_after_acting(self, view: dict) -> None:
        """Once a player has acted, the hand goes face down at once unless that same player
        acts next; it comes back up without a cover if nobody else played in between
        (``TableScene.advance``).  The card just played stays face up: it is the one the
        view no longer has in the hand (a card that completed a trick is in no trick of the
        view, and went face down into the court)."""
        seat = self.viewer
        if view.get("turn") == seat or not self.revealed:
            return
        self.revealed = False
        self.hidden_seat = seat
        self.overlay = None
        hand = view.get("hand")
        played = set(self.board.hands.get(seat) or ()) - set(hand) if hand is not None else set()
        self.director.hide_hand(seat, keep=played)

    def _hand_kept_down(self):
        """Manille: the viewer is the dealer's partner, whose cards wait for trump."""
        v = self.shown
        return (self.game.partner_may_peek and v.get("hand") is None and v.get("phase") == "trump"
                and self.revealed and self.cover_seat is None and not self.director.busy()
                and self.link.kind(self.viewer) == "me")

    def touch_hidden_hand(self):
        """The viewer touched a hand the rules keep face down."""
        legal = self.shown.get("legal") or []
        if {"look": True} in legal:
            self.choose({"look": True})          # the muette dealer turns the cards up
            if any(a.get("blind") for a in legal):      # the blind choices went, said why
                self.say(_("You looked at your cards: trump is named on them now, not blind"), notice=True)
        elif self._hand_kept_down():
            self.confirm = "peek"
        else:
            self.say(_("Your cards are still face down."))

    def peek(self):
        """The partner confirmed: look before trump (the rules void the deal)."""
        self.confirm = None
        if self._hand_kept_down():
            self.act(self.viewer, {"peek": True})
