"""Choosing and playing a card from the viewer's hand, by mouse or keyboard.

Press and hold a legal card: it lifts (a preview; one at a time).  Slide
sideways onto another legal card: that one lifts instead.  Push the card up
toward the court and release past the play line: it is played.  Release
before: it eases back into the hand.  A double click on a legal card plays it
too (two clicks on the same card, the second let go within ``DOUBLE_CLICK``
seconds of the first: a card game's usual shortcut, kinder to a touchpad than
a drag).  Arrows choose, Enter plays.

Mouse state is our own (posted events do not move the real mouse): the
position always comes from ``event.pos``.
"""
import pygame

from .anim import Tween, ease_out_cubic
from .board import LAYER_AIR, LAYER_MINE

LIFT = 0.22          # of a card's height
DOUBLE_CLICK = 0.45  # seconds between the two releases of a double click


class HandInput:
    def __init__(self, scene):
        self.scene = scene
        self.pressed = False
        self.selected = None       # the lifted card
        self.dragging = False
        self.press = (0, 0)
        self.grab = (0.0, 0.0)
        self.pointer = None        # where the pointer last moved (the deal log opens under it)
        self.lifts = {}            # card -> Tween of its lift
        self.clock = 0.0           # seconds of updates, for the double click (never the wall clock)
        self.last_click = (None, -1.0)     # the card last clicked without a drag, and when
        self.auto_lift = None      # the card a first Enter lifted with no hint come yet
        self.early = None          # where a card was pressed while the trick before was gathered
        self.picked = None         # the card a click picked (up until played, or another is picked)
        self.early_click = None    # a card clicked while the trick before was gathered: picked after

    # -- state ------------------------------------------------------------------------------------
    @property
    def board(self):
        return self.scene.board

    def legal(self):
        if not self.scene.can_play():
            return []
        return [a["play"] for a in self.scene.shown.get("legal") or () if "play" in a]

    def reset(self):
        # every lifted card comes down: the one still rising, and the one lifted and at rest
        # (Escape left it up, and a second card lifted beside it)
        for k in set(self.lifts) | ({self.selected} if self.selected else set()):
            sp = self.board.sprites.get(k)
            if sp is not None:
                sp.lift = 0.0
        self.lifts.clear()
        if self.selected and self.dragging:
            sp = self.board.sprites.get(self.selected)
            if sp is not None and sp.motion == "drag":
                sp.motion = None
                sp.layer = LAYER_MINE
                self.board.settle(sp)
        self.pressed = self.dragging = False
        self.selected = self.auto_lift = self.picked = self.early = self.early_click = None

    def update(self, dt):
        self.clock += dt / max(1e-6, self.scene.app.anim_speed)     # real seconds, whatever the animation pace
        if self.early_click and self.scene.can_play():
            key, self.early_click = self.early_click, None
            if key in self.legal() and not self.pressed:
                self.select(key)
                self.picked, self.last_click = key, (key, self.clock)
        elif self.early_click and not self.scene.trick_holding and not self.scene.director.busy():
            self.early_click = None         # the table went on without the player's turn
        for k in [k for k, t in self.lifts.items() if t.update(dt)]:
            self.lifts.pop(k, None)

    @property
    def moving(self):
        return bool(self.lifts) or self.pressed

    # -- lifting ----------------------------------------------------------------------------------
    def _lift(self, key, up):
        sp = self.board.sprites.get(key)
        if sp is None:
            return
        h = self.board.layout.ch * LIFT if up else 0.0
        self.lifts[key] = Tween(sp, 0.12, ease_out_cubic, lift=h)

    def select(self, key):
        if key == self.selected:
            return
        self.picked = None          # another card up: the click's pick is over
        if self.selected:
            self._lift(self.selected, False)
        self.selected = key
        if key:
            self._lift(key, True)

    # -- mouse ------------------------------------------------------------------------------------
    def mouse_down(self, pos):
        legal = self.legal()
        key = self.board.viewer_card_at(pos)
        if key is None:
            return False
        if not self.scene.choice_armed():
            return True         # the tail of the clicks that lifted the hot-seat cover: not a card
        if key not in legal:
            if not legal and self.scene.leads_next():
                # The player to lead reached for a card while the trick still lay there: it is
                # gathered now, and the press becomes the card's once it may be played ("Not
                # your turn" and a lost drag, at every lead after a trick won).
                self.scene.trick_cut = True
                self.early = pos
                return True
            self.scene.refuse_card(key, bool(legal))
            return True
        self.pressed = True
        self.dragging = False
        self.press = pos
        self.select(key)
        return True

    def mouse_move(self, pos, held=True):
        self.pointer = pos
        if self.early and not held:         # its release went elsewhere (a menu, the window's edge)
            self.early = None
        if self.early and not self.pressed and self.scene.can_play():
            press, self.early = self.early, None        # the trick is gathered: the press was this card's
            self.mouse_down(press)
        if not self.pressed or not self.selected:
            return False
        L = self.board.layout
        sp = self.board.sprites.get(self.selected)
        if sp is None:
            self.reset()
            return False
        up = self.press[1] - pos[1]
        if not self.dragging:
            if up > L.ch * 0.12:
                # Start pushing: the card leaves the hand and follows the pointer.
                self.dragging = True
                self.lifts.pop(self.selected, None)
                sp.y -= sp.lift
                sp.lift = 0.0
                sp.motion = "drag"
                sp.layer = LAYER_AIR              # over its neighbours (it slid under the next card)
                self.board.settles.pop(sp.key, None)
                # held where it was pressed: a quick first move left it trailing the pointer
                self.grab = (sp.x - self.press[0], sp.y - self.press[1])
            else:
                other = self.board.viewer_card_at(pos)
                if other and other != self.selected and other in self.legal():
                    self.select(other)
                    self.press = (pos[0], max(pos[1], self.press[1]))
                return True
        if self.dragging:
            if up < L.ch * 0.06:
                # Back into the hand: choosing again.
                self.dragging = False
                sp.motion = None
                sp.layer = LAYER_MINE
                self.board.settle(sp, 0.15)
                self._lift(sp.key, True)
                return True
            sp.x = pos[0] + self.grab[0]
            sp.y = pos[1] + self.grab[1]
        return True

    def mouse_up(self, pos):
        if self.early and not self.pressed:
            # a click on a card while the trick was gathered: the card is picked once it may be played
            self.early_click = self.board.viewer_card_at(self.early)
        self.early = None
        if not self.pressed:
            return False
        self.pressed = False
        key = self.selected
        sp = self.board.sprites.get(key) if key else None
        if sp is None:
            self.reset()
            return True
        L = self.board.layout
        if self.dragging and (sp.y < L.play_line or L.in_court(pos)):
            self.dragging = False
            self.selected = None
            self.lifts.pop(key, None)
            self.scene.play_card(key)
            return True
        # Not far enough: ease back into the hand.
        if self.dragging:
            sp.motion = None
            sp.layer = LAYER_MINE
            self.board.settle(sp, 0.22)
        elif self.last_click[0] == key and (self.clock - self.last_click[1] <= DOUBLE_CLICK or self.picked == key):
            self.last_click = (None, -1.0)          # the second click (a double click, or on the
            self.selected = self.picked = None      # card a click picked): play it
            self.lifts.pop(key, None)
            self.scene.play_card(key)
            return True
        else:
            # A click picks the card: it stays up, and a second click (or Enter) plays it.  A
            # single click did nothing and said nothing: the card sank back on release.
            self.last_click = (key, self.clock)
            self.dragging = False
            self.picked = key
            return True
        self.dragging = False
        self.select(None)
        return True

    # -- keyboard ---------------------------------------------------------------------------------
    def key(self, e):
        legal = self.legal()
        if not legal:
            return False
        hand = [k for k in self.board.hands.get(self.board.viewer, []) if k in legal]
        if e.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.auto_lift = None               # the player's own choice from here
            if self.selected in hand:
                i = hand.index(self.selected) + (1 if e.key == pygame.K_RIGHT else -1)
            else:
                i = 0 if e.key == pygame.K_RIGHT else len(hand) - 1
            self.select(hand[i % len(hand)])
            return True
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP):
            h = self.scene.hint_now() or {}
            ringed = (h.get("action") or {}).get("play")
            if self.selected in hand and self.selected == self.auto_lift:
                # a first Enter's card, lifted before the hint came: a hint come since lifts its
                # own card first (with its signal, the same card too); one still coming is waited
                # for, once (I, Enter, Enter played the first card; a hint that never comes must
                # not hold Enter for good)
                if ringed in hand:
                    self.auto_lift = None
                    moved = ringed != self.selected
                    self._lift_hinted(hand, h)          # its card, with its signal
                    if moved:
                        return True                     # shown first: the next Enter plays it
                elif not h and self.scene.hint_pending() and \
                        self.scene.enter_waits_hint != self.scene.shown.get("version"):
                    self.scene.enter_waits_hint = self.scene.shown.get("version")
                    return True
            if self.selected in hand:
                self.auto_lift = None
                key = self.selected
                self.selected = None
                self.lifts.pop(key, None)
                self.scene.play_card(key)
                return True
            # Nothing lifted: the first Enter lifts the card the hint rings (else the first
            # legal one) and the next plays it, as the first Enter picks in a call's box.
            self._lift_hinted(hand, h)
            self.auto_lift = self.selected if ringed not in hand else None
            return True
        if e.key == pygame.K_DOWN and self.selected:
            self.auto_lift = None
            self.select(None)
            return True
        return False

    def _lift_hinted(self, hand: list, h: dict) -> None:
        """Lift the card hint ``h`` rings (else the first legal one), with its signal."""
        ringed = (h.get("action") or {}).get("play")
        sig = (h.get("action") or {}).get("signal")
        if ringed in hand and sig and not self.scene.signal:
            self.scene.signal = sig     # the hint's card with its signal (Enter, Enter dropped it);
        self.select(ringed if ringed in hand else hand[0])      # the button shows it, and undoes it
