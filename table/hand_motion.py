"""Whole hands on the move: the deal (shuffle, cut, packets, the Manni and its
two of trump), hands turning up or down, the Manfee pass and the Manni swap.

A mixin of ``Director``: each method builds the steps of one event from the
board as it is when the step starts.
"""
from collections import Counter

from .anim import Sequence, Parallel, Wait, Call, Until, Tween, Lazy, ease_out_cubic, ease_in_out_cubic, ease_out_toss
from .board import LAYER_PILE, LAYER_HAND, LAYER_MINE, LAYER_AIR
from .cards import FlipTask
from .i18n import _

DEAL_INTERVAL = 0.034        # between two cards leaving the pack
PACKET_GAP = 0.16            # between two packets (Manille 3-2-3, muette by twos, Manni by fours)
SHUFFLE = 0.5                # one riffle
CUT = 1.0                    # the Manille cut
DEAL_FLIGHT = 0.30
MEMORIZE = 2.6               # the "memorize your hand" moment before a pass
SLIDE = 0.7


class HandMotion:
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
                key = b.hidden_key("widow", k)
            sp = b.add(key, None, False, (px + jitter, py - (pack - k) * 0.25, 0.0, L.cw * 0.8), LAYER_AIR)
            sp.order = pack - k
            sp.motion = "flying"
            sp.home = (sp.x, sp.y, 0.0, sp.width)     # its place in the pack
            sprites.append(sp)
        self._aside = None
        if view.get("trump_card"):
            # Manni: the twos lie aside from the start (the two of trump popped up from
            # nowhere once the deal was done); one card beside the pack, toward the centre.
            toward = 1 if L.center[0] >= px else -1
            aside = b.add(b.hidden_key("aside", 0), None, False, (px + toward * L.cw * 0.95, py, 0.0, L.cw * 0.8),
                          LAYER_AIR)
            aside.order, self._aside = 0, aside.key
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
            home = lambda seat=seat, i=i: b.hand_pose_list(seat, counts[seat])[i]     # noqa: E731
            x, y, a, w = home()
            sound = Call(self._deal_sound, k) if (not packets or k == 0 or order[k - 1] != seat) else None
            flights.append(Sequence(
                Wait(t), sound, Call(setattr, sp, "order", pack + k),    # over the cards still flying
                Tween(sp, DEAL_FLIGHT, ease_out_toss, place=home, x=x, y=y, angle=a, width=w),
                Call(self._landed_in_hand, sp, seat, i)))
        if widow_n:
            t += PACKET_GAP * 1.5
            for j, sp in enumerate(sprites[len(order):]):
                b.widow.append(sp.key)
                spot = lambda j=j: b.layout.widow_poses(widow_n)[j]       # noqa: E731
                x, y, a, w = spot()
                flights.append(Sequence(
                    Wait(t + j * DEAL_INTERVAL), Call(self._deal_sound, 3 * j), Call(setattr, sp, "order", 2 * pack + j),
                    Tween(sp, DEAL_FLIGHT, ease_out_toss, place=spot, x=x, y=y, angle=a, width=w),
                    Call(self._landed_in_widow, sp, j)))
        steps.append(Parallel(*flights))
        if view.get("trump_card"):
            # from the pack's place in the window as it is then (a resize while dealing)
            steps.append(Lazy(lambda: self._trump_card(view["trump_card"], *b.layout.dealer_spot(b.place(ev["dealer"])))))
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
        sp = b.add_trump_card(card, face_up=False, pose=(px, py, 0.0, L.cw * 0.8),
                              from_key=getattr(self, "_aside", None))     # laid aside at the deal's start
        self._aside = None
        sp.motion = "flying"
        sp.layer = LAYER_AIR
        x, y, a, w = L.trump_card_pose()

        def landed():
            sp.motion = None
            sp.layer = LAYER_PILE
            self.scene.sound("card_land")
        return Sequence(Parallel(Tween(sp, 0.4, ease_out_toss, arc=L.ch * 0.2, x=x, y=y, angle=a, width=w),
                                 Sequence(Wait(0.15), FlipTask(sp, 0.25, face_up=True))),
                        Call(landed))

    def _deal_sound(self, k):
        if k % 3 == 0:
            self.scene.sound("deal")

    def _landed_in_hand(self, sp, seat, i):
        b = self.board
        sp.home = (sp.x, sp.y, sp.angle, sp.width)     # its place now (it was the pack's: a card
        sp.motion = None                               # released short flew back to the dealer)
        sp.layer = LAYER_MINE if seat == b.viewer else LAYER_HAND
        sp.order = i

    def reveal(self, view):
        """Turn the viewer's hand face up, sorted, one card after another."""
        b = self.board
        seat = b.viewer
        if view.get("hand") is None:
            return None
        cards = b.sorted(view["hand"])
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
            cards = b.sorted(cards)
            keys = list(b.hands[seat])
            if len(keys) != len(cards) or keys == cards:
                continue
            if set(keys) & set(cards):
                b.set_from_view(self.scene.link.view(b.viewer), hands=hands)
                return None
            for i, (k, c) in enumerate(zip(keys, cards)):
                sp = b.rekey(k, c, card=c)
                flips.append(Sequence(Wait(i * 0.02), FlipTask(sp, 0.22, face_up=True)))
        return Parallel(*flips)

    # -- a card --------------------------------------------------------------------------------
    def passed(self, view):
        """Memorize, turn the hand down, slide every hand one seat to the right, look."""
        scene, b = self.scene, self.board
        steps = []
        shown = [k for k in b.hands.get(b.viewer, ()) if b.sprites[k].face_up]    # none for a watcher
        if scene.shows_hand(b.viewer) and not b.open_hands and shown:
            scene.banner(_("Memorize your hand"), _("the hands move one seat to the right"), MEMORIZE)
            steps.append(Until(scene.memorize_done(MEMORIZE)))
            steps.append(Parallel(*[Sequence(Wait(i * 0.02), FlipTask(b.sprites[k], 0.2, face_up=False))
                                    for i, k in enumerate(shown)]))
        else:
            scene.banner(_("Pass!"), _("every hand moves one seat to the right"), 1.4)
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
                for k in b.hands[s]:
                    sp = b.sprites[k]
                    sp.motion = None
                    sp.layer = LAYER_MINE if s == b.viewer else LAYER_HAND
            if b.open_hands:
                for s in seats:      # a secret deal's hands stay face down: backs have no order
                    if not any(k.startswith("?") for k in b.hands[s]):
                        b.hands[s] = b.sorted(b.hands[s])
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
            for k in widow:
                sp = b.sprites[k]
                sp.motion = None
                sp.layer = LAYER_MINE if seat == b.viewer else LAYER_HAND
            out = []
            for j, k in enumerate(hand):
                nk = b.hidden_key("widow", j) if not k.startswith("?") else k
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

