"""Turns the host's events into motion on the board, one step after another.

Each step is built when its turn comes (``Lazy``), from the board as it is
then, so a card flies from wherever it actually lies (the player may have
dragged it half-way to the court).  While steps remain the table is busy:
nobody is asked to act until the motion of the last action has finished.

Timings are in animation seconds: the loop scales real time by the
animation-speed setting before it gets here.
"""
from collections import deque, Counter
import random

from .anim import (Task, Tween, Sequence, Parallel, Wait, Call, Until, Fall,
                   ease_out_cubic, ease_in_cubic, ease_in_out_cubic, ease_in_out_sine)
from .board import LAYER_HAND, LAYER_COURT, LAYER_MINE, LAYER_AIR
from .cards import FlipTask, kick_squash, sort_hand

DEAL_INTERVAL = 0.034        # between two cards leaving the pack
DEAL_FLIGHT = 0.30
PLAY_FLIGHT = 0.30
TRICK_HOLD = 1.15            # the finished trick stays this long before the sweep
SWEEP = 0.38
MEMORIZE = 2.6               # the "memorize your hand" moment before a pass
SLIDE = 0.7


class Lazy(Task):
    """A step built by ``make()`` when it starts."""

    def __init__(self, make):
        self.make = make
        self.task = None

    def update(self, dt):
        if self.task is None:
            self.task = self.make() or Wait(0)
        self.done = self.task.update(dt)
        return self.done


class Director:
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

    def update(self, dt):
        for _ in range(64):                 # zero-time steps run in the same frame
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
        elif t == "action":
            self.add(Lazy(lambda: self.action(ev, view_after)))
        elif t == "deal_scored":
            self.add(Lazy(lambda: self.scored(ev)))
        elif t == "match_over":
            self.add(Call(self.scene.match_over, ev))

    # -- the deal ----------------------------------------------------------------------------
    def deal(self, ev, view):
        scene, b = self.scene, self.board
        b.clear()
        L = b.layout
        order = ev["order"]
        counts = Counter(order)
        px, py = L.dealer_spot(b.place(ev["dealer"]))
        seen = Counter()
        flights = []
        pack = len(order)
        scene.sound("shuffle")
        for k, seat in enumerate(order):
            i = seen[seat]
            seen[seat] += 1
            key = b.hidden_key(seat, i)
            jitter = self.rng.uniform(-1.5, 1.5)
            sp = b.add(key, None, False, (px + jitter, py - (pack - k) * 0.25, 0.0, L.cw * 0.8), LAYER_AIR)
            sp.order = pack - k
            sp.motion = "flying"
            b.hands[seat].append(key)
            x, y, a, w = b.hand_pose_list(seat, counts[seat])[i]
            flights.append(Sequence(
                Wait(k * DEAL_INTERVAL),
                Call(self._deal_sound, k),
                Tween(sp, DEAL_FLIGHT, ease_out_cubic, x=x, y=y, angle=a, width=w),
                Call(self._landed_in_hand, sp, seat, i)))
        steps = [Parallel(*flights)]
        if view.get("hand") is not None and scene.shows_hand(view["seat"]):
            steps.append(Lazy(lambda: self.reveal(view)))
        if b.open_hands:
            steps.append(Lazy(self.reveal_open))
        steps.append(Call(scene.sync, view))
        return Sequence(*steps)

    def _deal_sound(self, k):
        if k % 3 == 0:
            self.scene.sound("deal")

    def _landed_in_hand(self, sp, seat, i):
        b = self.board
        sp.motion = None
        sp.layer = LAYER_MINE if seat == b.viewer else LAYER_HAND
        sp.order = i

    def reveal(self, view):
        """Turn the viewer's hand face up, sorted, one card after another."""
        b = self.board
        seat = b.viewer
        cards = sort_hand(view["hand"], b.rank_order)
        keys = list(b.hands[seat])
        if len(keys) != len(cards):
            b.set_from_view(view)
            return None
        flips = []
        for i, (k, c) in enumerate(zip(keys, cards)):
            sp = b.rekey(k, c, card=c)
            flips.append(Sequence(Wait(i * 0.025), FlipTask(sp, 0.22, face_up=True)))
        return Parallel(*flips)

    def reveal_open(self):
        """Replays: every other hand turns face up too."""
        b = self.board
        hands = self.scene.open_hands_now() or {}
        flips = []
        for seat, cards in hands.items():
            cards = sort_hand(cards, b.rank_order)
            keys = list(b.hands[seat])
            if len(keys) != len(cards):
                continue
            for i, (k, c) in enumerate(zip(keys, cards)):
                sp = b.rekey(k, c, card=c)
                flips.append(Sequence(Wait(i * 0.02), FlipTask(sp, 0.22, face_up=True)))
        return Parallel(*flips)

    # -- a card --------------------------------------------------------------------------------
    def play(self, ev):
        scene, b = self.scene, self.board
        L = b.layout
        seat, card, signal = ev["seat"], ev["card"], ev.get("signal")
        keys = b.hands[seat]
        flip = None
        if card in keys:
            sp = b.sprites[card]
            keys.remove(card)
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
        tx, ty, ta, tw = L.court_pose(b.place(seat), card)
        land = Call(self._landed_in_court, sp, seat, signal)
        if signal == "slam":
            motion = self._slam(sp, tx, ty, ta, tw)
        elif signal == "drop":
            motion = self._drop(sp, tx, ty, ta, tw)
        else:
            motion = Sequence(
                Tween(sp, PLAY_FLIGHT, ease_out_cubic, arc=L.ch * 0.18, x=tx, y=ty, angle=ta, width=tw),
                Call(scene.sound, "card_land"))
        return Sequence(Parallel(motion, flip), land)

    def _slam(self, sp, tx, ty, ta, tw):
        """Wind up above the court, then down hard: fast approach, impact squash, shake, thud."""
        b, scene = self.board, self.scene
        L = b.layout
        wx = sp.x + (tx - sp.x) * 0.55
        wy = sp.y + (ty - sp.y) * 0.55
        height = L.ch * 0.7

        def impact(speed):
            b.tasks.append(kick_squash(sp, min(0.42, 0.12 + speed / 6000.0)))
            b.shake(min(520.0, speed * 0.2))
            scene.sound("slam")
            scene.flash_signal(sp, "slam")

        return Sequence(
            Tween(sp, 0.16, ease_out_cubic, x=wx, y=wy, z=height, angle=ta * 0.5, width=tw),
            Parallel(Tween(sp, 0.075, ease_in_cubic, x=tx, y=ty, angle=ta),
                     Fall(sp, gravity=14000.0, vz=-1500.0, restitution=0.06, on_impact=impact)),
            Wait(0.12))

    def _drop(self, sp, tx, ty, ta, tw):
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
            Tween(sp, 0.42, ease_in_out_sine, x=tx, y=ty, z=height, angle=ta, width=tw),
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
                            "seats": [b.court_seat.get(k) for k in b.court]}
        return Sequence(Wait(TRICK_HOLD), Lazy(lambda: self._sweep(winner)))

    def _sweep(self, winner):
        scene, b = self.scene, self.board
        L = b.layout
        place = b.place(winner)
        n = b.piles[winner]
        x, y, a, w = L.pile_pose(place, min(n, 4))
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
                Tween(sp, SWEEP, ease_in_out_cubic, x=x, y=y, angle=a, width=w),
                Sequence(Wait(SWEEP * 0.3), FlipTask(sp, SWEEP * 0.5, face_up=False)))))

        def done():
            for k in keys:
                b.sprites.pop(k, None)
                b.court_seat.pop(k, None)
            b.court = [k for k in b.court if k not in keys]
            b.piles[winner] += 1
        return Sequence(Parallel(*moves), Call(done))

    # -- the pass ------------------------------------------------------------------------------------
    def passed(self, view):
        """Memorize, turn the hand down, slide every hand one seat to the right, look."""
        scene, b = self.scene, self.board
        steps = []
        if scene.shows_hand(b.viewer) and not b.open_hands:
            scene.banner("Memorize your hand", "the hands move one seat to the right", MEMORIZE)
            steps.append(Until(scene.memorize_done(MEMORIZE)))
            flips = [Sequence(Wait(i * 0.02), FlipTask(b.sprites[k], 0.2, face_up=False))
                     for i, k in enumerate(b.hands[b.viewer]) if b.sprites[k].face_up]
            steps.append(Parallel(*flips))
        else:
            scene.banner("Pass!", "every hand moves one seat to the right", 1.4)
            steps.append(Wait(0.9))
        steps.append(Lazy(lambda: self._slide(view)))
        steps.append(Call(scene.sync, view))
        return Sequence(*steps)

    def _slide(self, view):
        b, scene = self.board, self.scene
        seats = b.seats
        n = len(seats)
        old = {s: list(b.hands[s]) for s in seats}
        new = {}
        moves = []
        scene.sound("shuffle")
        for i, s in enumerate(seats):
            dest = seats[(i - 1) % n]
            keys = old[s]
            new[dest] = keys
            poses = b.hand_pose_list(dest, len(keys))
            for j, (k, (x, y, a, w)) in enumerate(zip(keys, poses)):
                sp = b.sprites[k]
                sp.motion = "flying"
                sp.layer = LAYER_AIR
                moves.append(Sequence(Wait(j * 0.012),
                                      Tween(sp, SLIDE, ease_in_out_cubic, x=x, y=y, angle=a, width=w)))

        def settle():
            b.hands = new
            for s in seats:
                for j, k in enumerate(b.hands[s]):
                    sp = b.sprites[k]
                    sp.motion = None
                    sp.layer = LAYER_MINE if s == b.viewer else LAYER_HAND
            if b.open_hands:
                for s in seats:
                    b.hands[s] = sort_hand(b.hands[s], b.rank_order)
                b.relayout()
                return None
            # The cards that left the viewer are backs to it now; the new hand gets faces.
            for s in seats:
                if s == b.viewer:
                    continue
                for j, k in enumerate(list(b.hands[s])):
                    if not k.startswith("?"):
                        b.rekey(k, b.hidden_key(s, j), card=None)
                    b.sprites[b.hands[s][j]].face_up = False
            b.relayout(instant=True)
            if view.get("hand") is not None and scene.shows_hand(b.viewer):
                return self.reveal(view)
            return None
        return Sequence(Parallel(*moves), Lazy(settle))

    # -- calls, decisions, scores --------------------------------------------------------------
    def action(self, ev, view):
        scene = self.scene
        scene.sound("knock")
        scene.announce(ev["seat"], ev["action"], view)
        scene.show_numbers(view)
        return Wait(1.0 if "decision" in ev["action"] else 0.45)

    def scored(self, ev):
        scene = self.scene
        steps = []
        if ev.get("outcome") == "over":
            steps.append(Call(scene.announce_over, ev))
            steps.append(Wait(2.2))
        steps.append(Call(scene.open_summary, ev))
        steps.append(Until(lambda: not scene.summary_open))
        return Sequence(*steps)
