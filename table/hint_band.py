"""The coach's hint in the band over the hand: its choice and reason, a ring round the
card or button it means, and a word while it is being worked out.  A mixin of
``TableDrawing``."""
from __future__ import annotations

import pygame

from bots.coach_words import Reason

from .coach_words import hint_reason
from .i18n import _
from .rich import card_words
from .theme import DIM, GOLD
from .words import describe


class HintBand:
    def hint_pending(self) -> bool:
        """Has the player asked for a hint for the decision on screen, still to come?"""
        h = self.hint
        return bool(h) and "pending" in h and h["pending"] == self.shown.get("version")

    def _draw_hint(self, surface):
        """The coach's suggestion in the band (and a ring round the card it means); while it
        is worked out, that it is coming (a swap's hint took a second, and nothing moved)."""
        h = self.hint_now()
        by = self.board.layout.band()[1]
        if h is None:       # an Enter that came too soon waits for it, and the band says so
            text = (_("Hint: thinking… (Enter again goes on without it)")
                    if self.enter_waits_hint == self.shown.get("version") else _("Hint: thinking…"))
            return self._band_box(surface, text, by, DIM, dict(fill=(40, 32, 8, 200), edge=DIM))
        action = h["action"]
        # the card's reason, and what a signal asks for (the band holds no more: the race is on the board)
        reasons = [hint_reason(Reason(*r)) for i, r in enumerate(h.get("reasons") or ())
                   if i == 0 or str(r[0]).startswith("signal_")]
        reason = _("; ").join(r for r in reasons if r)
        what = describe(action) if "play" not in action else card_words(action["play"])
        if action.get("signal"):
            what = (_("{card} (slam)") if action["signal"] == "slam" else _("{card} (drop)")).format(card=what)
        text = (_("Hint: {choice} — {reason}") if reason else _("Hint: {choice}")).format(choice=what, reason=reason)
        # a long reason takes two lines, with a signal's three
        box = self._band_box(surface, text, by, GOLD, dict(fill=(40, 32, 8, 230), edge=GOLD), 1 + len(reasons))
        sp = self.board.sprites.get(action.get("play")) if "play" in action else None
        if sp is not None:
            ring = pygame.Rect(0, 0, round(sp.width) + 8, round(sp.width * 1.4) + 8)
            ring.center = (round(sp.x), round(sp.y - sp.lift))
            # The fan covers the card's right part with the next card: the ring runs under
            # that card (clipped where it starts), framing only the card it means.
            nxt = [o.x - o.width / 2 for k in self.board.hands.get(self.viewer, ())
                   if (o := self.board.sprites.get(k)) is not None and o.x > sp.x]
            clip = ring.clip(pygame.Rect(ring.x, ring.y, round(min(nxt)) - ring.x, ring.h)) if nxt else ring
            old = surface.get_clip()
            surface.set_clip(clip.clip(old))
            pygame.draw.rect(surface, GOLD, ring, 3, border_radius=8)
            surface.set_clip(old)
            # and a pointer over the part of it in sight: under the next card the ring was a
            # thin gold edge a newcomer missed
            if sp.lift < 1:     # (a lifted card stands out by itself, up against the band)
                tip = max(8, round(sp.width * 0.14))
                x, y = clip.centerx, ring.top - 3
                pygame.draw.polygon(surface, GOLD, [(x - tip, y - tip * 1.2), (x + tip, y - tip * 1.2), (x, y)])
        elif (b := self.choice_button(action)) is not None:     # a call, a trump, a tap: ring its button
            pygame.draw.rect(surface, GOLD, b.rect.inflate(10, 10), 3, border_radius=10)
        return box
