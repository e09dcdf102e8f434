"""Turns the host's events into motion on the board, one step after another.

Each step is built when its turn comes (``Lazy``), from the board as it is
then, so a card flies from wherever it actually lies (the player may have
dragged it half-way to the court).  While steps remain the table is busy:
nobody is asked to act until the motion of the last action has finished.

Timings are in animation seconds: the loop scales real time by the
animation-speed setting before it gets here.
"""
import math

from collections import deque
import random

from .anim import (Tween, Sequence, Parallel, Wait, Call, Until, Fall, Lazy,
                   ease_out_cubic, ease_out_toss, ease_in_cubic, ease_in_out_cubic, ease_in_out_sine)
from .board import LAYER_COURT, LAYER_AIR
from .cards import FlipTask, kick_squash
from .hand_motion import HandMotion
from .i18n import _

PLAY_FLIGHT = 0.30
SWEEP = 0.38


class Director(HandMotion):
    """Queues the steps of each event and runs them one after another (the
    deal and whole-hand moves come from ``HandMotion``)."""

    def __init__(self, scene):
        self.scene = scene
        self.queue = deque()
        self.current = None
        self.rng = random.Random(5)

    @property
    def board(self):
        return self.scene.board

    def busy(self):
        return self.current is not None or bool(self.queue)

    def add(self, task):
        self.queue.append(task)

    def clear(self):
        self.queue.clear()
        self.current = None
        self.scene.trick_kept = False       # its Until went with the queue: no click is awaited
        self.scene.trick_holding = False

    def update(self, dt):
        for _step in range(64):                 # zero-time steps run in the same frame
            if self.current is None:
                if not self.queue:
                    return
                self.current = self.queue.popleft()
            if self.current.update(dt):
                self.current = None
                dt = 0.0
            else:
                return

    # -- events ------------------------------------------------------------------------------
    def event(self, ev, view_after):
        t = ev["type"]
        if t == "deal_started":
            self.add(Lazy(lambda: self.deal(ev, view_after)))
        elif t == "card_played":
            self.add(Lazy(lambda: self.play(ev)))
        elif t == "trick_won":
            self.add(Lazy(lambda: self.trick(ev)))
        elif t == "hands_passed":
            self.add(Lazy(lambda: self.passed(view_after)))
        elif t == "swapped":
            self.add(Lazy(lambda: self.swap(ev["seat"], view_after)))
        elif t == "action":
            self.add(Lazy(lambda: self.action(ev, view_after)))
        elif t == "deal_scored":
            self.add(Lazy(lambda: self.scored(ev)))
        elif t == "match_over":
            self.add(Call(self.scene.match_over, ev))

    def play(self, ev):
        scene, b = self.scene, self.board
        L = b.layout
        seat, card, signal = ev["seat"], ev["card"], ev.get("signal")
        keys = b.hands[seat]
        flip = None
        if card in keys:
            sp = b.sprites[card]
            keys.remove(card)
            if not sp.face_up:
                sp.card = card
                flip = FlipTask(sp, 0.26, face_up=True)
        elif keys:
            k = keys[len(keys) // 2]
            sp = b.rekey(k, card, card=card)
            keys.remove(card)
            if not sp.face_up:
                flip = FlipTask(sp, 0.26, face_up=True)
        else:                                 # out of step with the view: appear at the seat
            x, y = L.anchor[b.place(seat)]
            sp = b.add(card, card, True, (x, y, 0.0, L.sw), LAYER_AIR)
        b.settles.pop(card, None)
        sp.y -= sp.lift
        sp.lift = 0.0
        sp.dim = False
        sp.motion = "flying"
        sp.layer = LAYER_AIR
        b.relayout(seat)
        court = lambda: b.layout.court_pose(b.place(seat), card)       # noqa: E731   (the board's as it is then)
        tx, ty, ta, tw = court()
        if flip is not None and abs(sp.angle - ta) > 90:
            # A back looks the same turned half round: the top seat's card (at 180°) turns
            # face up as it flies instead of spinning a half turn on its way to the court.
            sp.angle -= 180.0 if sp.angle > ta else -180.0
        land = Call(self._landed_in_court, sp, seat, signal)
        if signal == "slam":
            motion = self._slam(sp, tx, ty, ta, tw, court)
        elif signal == "drop":
            motion = self._drop(sp, tx, ty, ta, tw, court)
        else:
            motion = Sequence(
                Tween(sp, PLAY_FLIGHT, ease_out_toss, arc=L.ch * 0.18, place=court, x=tx, y=ty, angle=ta, width=tw),
                Call(scene.sound, "card_land"))
        return Sequence(Parallel(motion, flip), land)

    def _slam(self, sp, tx, ty, ta, tw, court=None):
        """Wind up above the court, then down hard: fast approach, impact squash, shake, thud."""
        b, scene = self.board, self.scene
        L = b.layout
        wx = sp.x + (tx - sp.x) * 0.55
        wy = sp.y + (ty - sp.y) * 0.55
        height = L.ch * 0.7

        def impact(speed):
            # one hit: a slammed card does not bounce (a second thud and shake read as two slams)
            b.tasks.append(kick_squash(sp, min(0.3, 0.1 + speed / 8000.0)))
            b.shake(min(520.0, speed * 0.2))
            scene.sound("slam")
            scene.flash_signal(sp, "slam")

        # The sideways move ends as the card touches down (it slid on after the impact):
        # the time of the fall from ``height``, thrown down at 1500 px/s under 14000 px/s².
        g, v0 = 14000.0, 1500.0
        fall = (math.sqrt(v0 * v0 + 2 * g * height) - v0) / g
        return Sequence(
            Tween(sp, 0.16, ease_out_cubic, x=wx, y=wy, z=height, angle=ta * 0.5, width=tw),
            Parallel(Tween(sp, fall, ease_in_cubic, place=court, x=tx, y=ty, angle=ta),
                     Fall(sp, gravity=g, vz=-v0, restitution=0.06, on_impact=impact, min_bounce=10_000.0)),
            Wait(0.12))

    def _drop(self, sp, tx, ty, ta, tw, court=None):
        """Carried over the court a few inches up, then let go: gravity and a small bounce."""
        b, scene = self.board, self.scene
        L = b.layout
        height = L.ch * 0.55
        first = [True]

        def impact(speed):
            b.tasks.append(kick_squash(sp, min(0.18, speed / 9000.0)))
            if first[0]:
                first[0] = False
                scene.sound("drop")
                scene.flash_signal(sp, "drop")

        return Sequence(
            Tween(sp, 0.42, ease_in_out_sine, place=court, x=tx, y=ty, z=height, angle=ta, width=tw),
            Wait(0.14),
            Fall(sp, gravity=2600.0, vz=0.0, restitution=0.36, on_impact=impact, min_bounce=55.0),
            Wait(0.08))

    def _landed_in_court(self, sp, seat, signal):
        b = self.board
        sp.motion = None
        sp.z = 0.0
        sp.layer = LAYER_COURT
        sp.order = len(b.court)
        sp.badge = signal
        if signal:          # into the log too: the trick may close before the partner's turn
            self.scene.note_in_log(seat, {"play": sp.card or sp.key, "signal": signal})
        b.court.append(sp.key)
        b.court_seat[sp.key] = seat
        sp.home = b.layout.court_pose(b.place(seat), sp.key)

    # -- a trick ---------------------------------------------------------------------------------
    def trick(self, ev):
        scene, b = self.scene, self.board
        winner = ev["winner"]
        win_key = next((k for k in b.court if b.court_seat.get(k) == winner), None)
        if win_key and win_key in b.sprites:
            b.sprites[win_key].glow = True
        scene.last_trick = {"cards": list(ev["cards"]), "leader": ev["leader"], "winner": winner,
                            "seats": [b.court_seat.get(k) for k in b.court],
                            "signals": [b.sprites[k].badge if k in b.sprites else None for k in b.court]}
        scene.trick_lead = (winner if any(b.hands.get(s) for s in b.seats) else None,)
        return Sequence(self.scene.trick_pause(), Lazy(lambda: self._sweep(winner)))

    def _sweep(self, winner):
        scene, b = self.scene, self.board
        scene.trick_holding = False
        place = b.place(winner)
        n = b.piles[winner]
        pile = lambda: b.layout.pile_pose(place, min(n, 4))      # noqa: E731
        x, y, a, w = pile()
        moves = []
        keys = list(b.court)
        scene.sound("trick_won")
        for i, k in enumerate(keys):
            sp = b.sprites[k]
            sp.motion = "flying"
            sp.layer = LAYER_AIR
            sp.glow = False
            sp.badge = None
            moves.append(Sequence(Wait(i * 0.045), Parallel(
                Tween(sp, SWEEP, ease_in_out_cubic, place=pile, x=x, y=y, angle=a, width=w),
                Sequence(Wait(SWEEP * 0.3), FlipTask(sp, SWEEP * 0.5, face_up=False)))))

        def done():
            for k in keys:
                b.sprites.pop(k, None)
                b.court_seat.pop(k, None)
            b.court = [k for k in b.court if k not in keys]
            b.piles[winner] += 1
        return Sequence(Parallel(*moves), Call(done))

    # -- the pass ------------------------------------------------------------------------------------
    def action(self, ev, view):
        scene = self.scene
        act = ev["action"]
        seat = ev["seat"]
        scene.announce(seat, act, view)
        scene.show_numbers(view)
        if act.get("double") or act.get("redouble"):
            return self._tap(seat, 2 if act.get("redouble") else 1)
        if "peek" in act:
            scene.sound("drop")
            scene.banner(_("{name} looked before trump!").format(name=scene.player_name(seat)),
                         _("the deal is void: nothing is scored, the next dealer deals"), 2.6)
            return Wait(2.0)
        scene.sound("knock")
        if "trump" in act and act["trump"] != "partner":
            scene.trump_flash = 0.0
        # Long enough to read at the chosen pace (a newcomer must see who called what).
        return Wait(scene.announce_hold() * (1.3 if "decision" in act else 1.0))

    def _tap(self, seat, times):
        """A knock on the table: knuckles at the seat, rings on the felt, the table jolts."""
        scene, b = self.scene, self.board
        L = b.layout
        x, y = L.anchor[b.place(seat)]
        cx, cy = L.center
        x, y = x + (cx - x) * 0.6, y + (cy - y) * 0.6
        steps = []
        for k in range(times + 1):
            def knock(k=k):
                scene.sound("knock")
                scene.ripple(x, y, 1.0 + 0.35 * times)
                b.shake(160.0 + 90.0 * times)
            steps.append(Call(knock))
            steps.append(Wait(0.17))
        steps.append(Wait(0.5))
        return Sequence(*steps)

    def scored(self, ev):
        scene = self.scene
        scene.trick_lead = (None,)      # the deal is over (a Manfee deal may stop with cards left): nobody's turn
        steps = []
        if ev.get("outcome") == "over":
            steps.append(Call(scene.announce_over, ev))
            steps.append(Wait(2.2))
        steps.append(Call(scene.open_summary, ev))
        steps.append(Until(lambda: not scene.summary_open))
        return Sequence(*steps)
