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
from .board import LAYER_PILE, LAYER_HAND, LAYER_COURT, LAYER_MINE, LAYER_AIR
from .cards import FlipTask, kick_squash, sort_hand

DEAL_INTERVAL = 0.034        # between two cards leaving the pack
PACKET_GAP = 0.16            # between two packets (Manille 3-2-3, muette by twos, Manni by fours)
SHUFFLE = 0.5                # one riffle
CUT = 1.0                    # the Manille cut
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
        elif t == "swapped":
            self.add(Lazy(lambda: self.swap(ev["seat"], view_after)))
        elif t == "action":
            self.add(Lazy(lambda: self.action(ev, view_after)))
        elif t == "deal_scored":
            self.add(Lazy(lambda: self.scored(ev)))
        elif t == "match_over":
            self.add(Call(self.scene.match_over, ev))

    # -- the deal ----------------------------------------------------------------------------
    def deal(self, ev, view):
        """Shuffle, cut (Manille), then deal as the rules' order says, packet by packet.

        Manni: the last twelve cards go face down to the middle (the Manni) and
        the two of trump is laid face up beside them.
        """
        scene, b = self.scene, self.board
        b.clear()
        L = b.layout
        order = ev["order"]
        counts = Counter(order)
        px, py = L.dealer_spot(b.place(ev["dealer"]))
        widow_n = 12 if view.get("trump_card") else 0
        pack = len(order) + widow_n
        seen = Counter()
        sprites = []
        for k in range(pack):
            jitter = self.rng.uniform(-1.5, 1.5)
            if k < len(order):
                seat = order[k]
                key = b.hidden_key(seat, seen[seat])
                seen[seat] += 1
            else:
                key = b.hidden_key("manni", k)
            sp = b.add(key, None, False, (px + jitter, py - (pack - k) * 0.25, 0.0, L.cw * 0.8), LAYER_AIR)
            sp.order = pack - k
            sp.motion = "flying"
            sp.home = (sp.x, sp.y, 0.0, sp.width)     # its place in the pack
            sprites.append(sp)
        steps = [self._shuffle(sprites, px)]
        cut = ev.get("cut")
        if cut and len(order) == pack:
            steps.append(self._cut(sprites, ev, cut))
        flights = []
        packets = len(set(order[:2])) == 1        # Manfee deals one card at a time
        t = 0.0
        seen = Counter()
        for k, seat in enumerate(order):
            if k:
                t += (DEAL_INTERVAL * 1.3 if order[k - 1] == seat else PACKET_GAP) if packets else DEAL_INTERVAL
            i = seen[seat]
            seen[seat] += 1
            sp = sprites[k]
            b.hands[seat].append(sp.key)
            x, y, a, w = b.hand_pose_list(seat, counts[seat])[i]
            sound = Call(self._deal_sound, k) if (not packets or k == 0 or order[k - 1] != seat) else None
            flights.append(Sequence(
                Wait(t), sound,
                Tween(sp, DEAL_FLIGHT, ease_out_cubic, x=x, y=y, angle=a, width=w),
                Call(self._landed_in_hand, sp, seat, i)))
        if widow_n:
            t += PACKET_GAP * 1.5
            poses = L.widow_poses(widow_n)
            for j, sp in enumerate(sprites[len(order):]):
                b.widow.append(sp.key)
                x, y, a, w = poses[j]
                flights.append(Sequence(
                    Wait(t + j * DEAL_INTERVAL), Call(self._deal_sound, 3 * j),
                    Tween(sp, DEAL_FLIGHT, ease_out_cubic, x=x, y=y, angle=a, width=w),
                    Call(self._landed_in_widow, sp, j)))
        steps.append(Parallel(*flights))
        if view.get("trump_card"):
            steps.append(Lazy(lambda: self._trump_card(view["trump_card"], px, py)))
        if view.get("hand") is not None and scene.shows_hand(view["seat"]):
            steps.append(Lazy(lambda: self.reveal(view)))
        if b.open_hands:
            steps.append(Lazy(self.reveal_open))
        steps.append(Call(scene.sync, view))
        return Sequence(*steps)

    def _shuffle(self, sprites, px):
        """Two riffles: the pack splits, the halves lean apart, and fall back together."""
        L = self.board.layout
        self.scene.sound("shuffle")
        rounds = []
        for r in range(2):
            out, back = [], []
            for k, sp in enumerate(sprites):
                side = -1 if (k + r) % 2 else 1
                hx, hy, _a, w = sp.home
                out.append(Tween(sp, SHUFFLE * 0.45, ease_out_cubic, x=hx + side * L.cw * 0.42,
                                 y=hy + L.ch * 0.05, angle=side * -9.0))
                back.append(Tween(sp, SHUFFLE * 0.55, ease_in_out_cubic, delay=(k % 26) * 0.004,
                                  x=hx, y=hy, angle=0.0))
            rounds.append(Sequence(Parallel(*out), Parallel(*back)))
        return Sequence(*rounds)

    def _cut(self, sprites, ev, cut):
        """The dealer's right lifts the top of the pack, sets it down, and puts the rest on it."""
        scene, b = self.scene, self.board
        L = b.layout
        seats = list(b.seats)
        cutter = seats[(seats.index(ev["dealer"]) - 1) % len(seats)]
        pack = len(sprites)
        top = sprites[pack - cut:]              # the lifted part: it will be dealt last
        rest = sprites[:pack - cut]
        for j, sp in enumerate(top):
            sp.order = 1000 + pack - j
        ax, ay = L.anchor[b.place(cutter)]
        hx, hy = sprites[0].home[:2]
        dx, dy = ax - hx, ay - hy
        d = max(1.0, (dx * dx + dy * dy) ** 0.5)
        ox, oy = dx / d * L.cw * 1.05, dy / d * L.cw * 1.05

        def lift():
            scene.announce(cutter, {"cut": True})
            scene.sound("deal")

        def restack():
            for k, sp in enumerate(sprites):
                sp.order = pack - k
        lifted = Parallel(*[Tween(sp, CUT * 0.4, ease_in_out_cubic, arc=L.ch * 0.25,
                                  x=sp.home[0] + ox, y=sp.home[1] + oy, angle=4.0) for sp in top])
        onto = Parallel(*[Tween(sp, CUT * 0.35, ease_in_out_cubic, arc=L.ch * 0.25,
                                x=sp.home[0] + ox, y=sp.home[1] + oy - 8 * 0.25, angle=-3.0) for sp in rest])
        home = Parallel(*[Tween(sp, CUT * 0.25, ease_in_out_cubic, x=sp.home[0], y=sp.home[1], angle=0.0)
                          for sp in sprites])
        return Sequence(Call(lift), lifted, Wait(CUT * 0.1), Call(restack), onto, Wait(CUT * 0.05), home,
                        Call(scene.sound, "deal"))

    def _landed_in_widow(self, sp, j):
        sp.motion = None
        sp.layer = LAYER_PILE
        sp.order = j

    def _trump_card(self, card, px, py):
        """Manni: the two of trump leaves the aside pile and turns up beside the Manni."""
        b = self.board
        L = b.layout
        sp = b.add_trump_card(card, face_up=False, pose=(px, py, 0.0, L.cw * 0.8))
        sp.motion = "flying"
        sp.layer = LAYER_AIR
        x, y, a, w = L.trump_card_pose()

        def landed():
            sp.motion = None
            sp.layer = LAYER_PILE
            self.scene.sound("card_land")
        return Sequence(Parallel(Tween(sp, 0.4, ease_out_cubic, arc=L.ch * 0.2, x=x, y=y, angle=a, width=w),
                                 Sequence(Wait(0.15), FlipTask(sp, 0.25, face_up=True))),
                        Call(landed))

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
        if view.get("hand") is None:
            return None
        cards = sort_hand(view["hand"], b.rank_order)
        keys = list(b.hands[seat])
        if len(keys) != len(cards):
            b.set_from_view(view)
            return None
        if set(keys) == set(cards) and keys != cards:
            b.set_from_view(view, face_down_viewer=True)     # same cards, another order
            keys = list(b.hands[seat])
        flips = []
        for i, (k, c) in enumerate(zip(keys, cards)):
            sp = b.rekey(k, c, card=c) if k != c else b.sprites[k]
            sp.card = c
            flips.append(Sequence(Wait(i * 0.025), FlipTask(sp, 0.22, face_up=True)))
        return Parallel(*flips)

    def reveal_if_needed(self, view):
        """The rules just let the viewer see a hand shown face down (trump named, a look,
        the same hot-seat player again): turn it up."""
        b = self.board
        seat = b.viewer
        if view.get("hand") is None or not self.scene.shows_hand(seat):
            return None
        keys = b.hands.get(seat) or []
        sprites = [b.sprites.get(k) for k in keys]
        if keys and len(keys) == len(view["hand"]) and all(sp is not None and not sp.face_up
                                                            for sp in sprites):
            return self.reveal(view)
        return None

    def hide_hand(self, seat, keep=()):
        """Hot-seat: turn ``seat``'s hand face down at once (free-running flips)."""
        b = self.board
        for i, k in enumerate(b.hands.get(seat) or []):
            sp = b.sprites.get(k)
            if sp is None or not sp.face_up or k in keep:
                continue
            sp.lift = 0.0
            sp.dim = False
            b.tasks.append(Sequence(Wait(i * 0.012), FlipTask(sp, 0.16, face_up=False)))

    def reveal_open(self):
        """Replays: every other hand turns face up too."""
        b = self.board
        hands = self.scene.open_hands_now() or {}
        flips = []
        for seat, cards in hands.items():
            cards = sort_hand(cards, b.rank_order)
            keys = list(b.hands[seat])
            if len(keys) != len(cards) or keys == cards:
                continue
            if set(keys) & set(cards):
                b.set_from_view(self.scene.session.view(b.viewer), hands=hands)
                return None
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
        act = ev["action"]
        seat = ev["seat"]
        scene.announce(seat, act, view)
        scene.show_numbers(view)
        if act.get("double") or act.get("redouble"):
            return self._tap(seat, 2 if act.get("redouble") else 1)
        if "peek" in act:
            scene.sound("drop")
            who = scene.session.name(seat)
            scene.banner(f"{who} looked before trump!", "the deal is void: nothing is scored, "
                         "the next dealer deals", 2.6)
            return Wait(2.0)
        scene.sound("knock")
        if "trump" in act and act["trump"] != "partner":
            scene.trump_flash = 0.0
        return Wait(1.0 if "decision" in act else 0.6 if "trump" in act or "swap" in act else 0.45)

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

    def swap(self, seat, view):
        """Manni: the whole hand and the Manni change places, in plain sight."""
        scene, b = self.scene, self.board
        L = b.layout
        hand = list(b.hands[seat])
        widow = list(b.widow)
        moves = []
        scene.sound("shuffle")
        wposes = L.widow_poses(len(hand))
        hposes = b.hand_pose_list(seat, len(widow))
        for i, (k, pose) in enumerate(zip(hand, wposes)):
            sp = b.sprites[k]
            sp.motion = "flying"
            sp.layer = LAYER_AIR
            sp.dim = False
            sp.lift = 0.0
            x, y, a, w = pose
            flip = FlipTask(sp, 0.2, face_up=False) if sp.face_up else None
            moves.append(Sequence(Wait(i * 0.02), Parallel(
                Tween(sp, SLIDE, ease_in_out_cubic, arc=L.ch * 0.2, x=x, y=y, angle=a, width=w), flip)))
        for i, (k, pose) in enumerate(zip(widow, hposes)):
            sp = b.sprites[k]
            sp.motion = "flying"
            sp.layer = LAYER_AIR
            x, y, a, w = pose
            moves.append(Sequence(Wait(0.1 + i * 0.02),
                                  Tween(sp, SLIDE, ease_in_out_cubic, arc=L.ch * 0.3, x=x, y=y, angle=a, width=w)))

        def settle():
            b.hands[seat] = widow
            for j, k in enumerate(widow):
                sp = b.sprites[k]
                sp.motion = None
                sp.layer = LAYER_MINE if seat == b.viewer else LAYER_HAND
            out = []
            for j, k in enumerate(hand):
                nk = b.hidden_key("manni", j) if not k.startswith("?") else k
                sp = b.rekey(k, nk) if nk != k else b.sprites[k]
                sp.card = None
                sp.face_up = False
                sp.motion = None
                sp.layer = LAYER_PILE
                out.append(nk)
            b.widow = out
            scene.swap_shown = True
            b.relayout(instant=True)
            if seat == b.viewer and view.get("hand") is not None and scene.shows_hand(seat):
                return self.reveal(view)
            if b.open_hands:
                return self.reveal_open()
            return None
        return Sequence(Parallel(*moves), Lazy(settle), Call(scene.sync, view))

    def scored(self, ev):
        scene = self.scene
        steps = []
        if ev.get("outcome") == "over":
            steps.append(Call(scene.announce_over, ev))
            steps.append(Wait(2.2))
        steps.append(Call(scene.open_summary, ev))
        steps.append(Until(lambda: not scene.summary_open))
        return Sequence(*steps)
