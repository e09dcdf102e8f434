"""The cards on the felt as one viewer sees them: hands, court, won piles.

The board holds card sprites by key: a card's text (``"QH"``) once its face
is known to the viewer, ``"?left:4"`` for a card seen only from the back.
The director (``director.py``) moves sprites for events; everything else
(a hand closing up after a card leaves, a resize) is the board easing each
card to where the layout wants it.  ``draw`` only reads.
"""
import pygame

from .anim import Spring, Tween, ease_out_cubic, rescale
from .cards import CardSprite, draw_sprite, sort_hand
from .layout import Layout, place_of
from .i18n import ngettext, number
from .text import render

try:
    from sprites.table_art import felt as make_felt
except ImportError:
    make_felt = None

LAYER_PILE, LAYER_HAND, LAYER_COURT, LAYER_MINE, LAYER_AIR = 0, 1, 2, 3, 5
DIM_FADE = 0.2          # seconds for a card of the hand to dim or brighten (it jumped in one frame)


class Board:
    def __init__(self, app, seats, viewer, size, rank_order="AKQJT98765432", hand_cards=13):
        self.app = app
        self.hand_cards = hand_cards     # a full hand of this game: where the own pile sits
        self.seats = tuple(seats)
        self.viewer = viewer
        self.rank_order = rank_order
        self.trump = None                # the trump suit the hands are sorted by (first), once named
        self.open_hands = False          # replays: every hand face up
        self.viewer_plays = True         # the viewer's seat is a person's here (not a watcher's)
        self.relayout_due = False        # a resize while cards flew: lay them out once they land
        self.sprites = {}
        self.hands = {s: [] for s in self.seats}
        self.court = []                  # keys, in play order
        self.court_seat = {}
        self.widow = []                  # Manni: the Manni's keys (or the swapped-out hand)
        self.trump_key = None            # Manni: the two of trump, face up
        self.piles = {s: 0 for s in self.seats}
        self.settles = {}                # key -> Tween easing it home
        self.fading = False              # a card of the viewer's hand between bright and dimmed
        self._serial = 0
        self._kicks = 0
        self.tasks = []                  # free-running effects (squash, flips)
        self.shake_x = Spring(2600.0, 24.0)
        self.shake_y = Spring(2600.0, 24.0)
        self.resize(size)

    # -- geometry -------------------------------------------------------------------------
    def resize(self, size, tasks=()):
        """The table laid out for a window of ``size``; cards in flight, and ``tasks`` (the
        scene's running motions) with the board's own, carried into it (``anim.rescale``)."""
        old = getattr(self, "layout", None)
        self.layout = Layout(size, len(self.seats), self.hand_cards)
        L = self.layout
        if old is not None and old.size != L.size:
            sx, sy, sw = L.W / old.W, L.H / old.H, L.cw / old.cw
            for sp in self.sprites.values():
                if sp.motion == "flying":           # a dragged card stays under the pointer
                    sp.x, sp.y, sp.z, sp.width = sp.x * sx, sp.y * sy, sp.z * sw, sp.width * sw
            for task in [*tasks, *self.tasks]:
                rescale(task, sx, sy, sw)
        self.images = self.app.images(L.cw, L.sw)
        self.felt = None
        if make_felt is not None:
            try:
                self.felt = make_felt(size)
            except Exception:
                self.felt = None
        if self.felt is None:
            self.felt = pygame.Surface(size)
            self.felt.fill((30, 100, 58))
        self.felt = self.felt.convert() if pygame.display.get_surface() else self.felt
        self.relayout(instant=True)
        # A card in flight keeps the target it left for, a place of the old size: once
        # nothing flies, every card eases to its place in this one (they stayed where
        # the old window put them: a hand mid-table, the Manni's two on the trump badge).
        self.relayout_due = any(sp.motion is not None for sp in self.sprites.values())

    def place(self, seat):
        return place_of(self.seats, self.viewer, seat)

    def seat_at(self, place):
        for s in self.seats:
            if self.place(s) == place:
                return s
        return None

    # -- contents -------------------------------------------------------------------------
    def clear(self):
        self.sprites.clear()
        self.hands = {s: [] for s in self.seats}
        self.court = []
        self.court_seat = {}
        self.widow = []
        self.trump_key = None
        self.piles = {s: 0 for s in self.seats}
        self.settles.clear()
        self.tasks = []

    def add(self, key, card, face_up, pose, layer):
        x, y, a, w = pose
        s = CardSprite(key, card, face_up, x, y, a, w, layer)
        self.sprites[key] = s
        return s

    def rekey(self, old, new, card=None):
        s = self.sprites.pop(old)
        s.key = new
        if card is not None:
            s.card = card
        self.sprites[new] = s
        for keys in self.hands.values():
            if old in keys:
                keys[keys.index(old)] = new
        if old in self.settles:
            self.settles[new] = self.settles.pop(old)
        return s

    def hidden_key(self, seat, i):
        """A fresh key for a card seen from the back (never reused: hands move)."""
        self._serial += 1
        return f"?{seat}:{i}:{self._serial}"

    def sorted(self, cards):
        """``cards`` in the hand's order: by suit, the trump first, each from the highest."""
        return sort_hand(cards, self.rank_order, self.trump)

    def follow_trump(self, trump):
        """Trump named: its suit slides to the front of every hand shown face up."""
        if trump == self.trump:
            return
        self.trump = trump
        for seat, keys in self.hands.items():
            if keys and not any(k.startswith("?") for k in keys) and self.sorted(keys) != keys:
                self.hands[seat] = self.sorted(keys)
                self.relayout(seat)

    def set_from_view(self, view, hands=None, face_down_viewer=False):
        """Lay out the whole table at once from a view (start, resume, hot-seat switch).

        ``hands`` (seat -> card list) shows other hands face up (replays).
        """
        self.clear()
        self.trump = view.get("trump")
        L = self.layout
        for seat in self.seats:
            place = self.place(seat)
            if seat == self.viewer and view.get("hand") is not None and view.get("phase") != "waiting":
                cards = self.sorted(view["hand"])
                for i, pose in enumerate(L.hand_poses(place, len(cards))):
                    c = cards[i]
                    self.add(c, c, not face_down_viewer, pose, LAYER_MINE).order = i
                    self.hands[seat].append(c)
            elif hands and hands.get(seat) is not None:
                cards = self.sorted(hands[seat])
                for i, pose in enumerate(L.open_hand_poses(place, len(cards))):
                    c = cards[i]
                    self.add(c, c, True, pose, LAYER_HAND).order = i
                    self.hands[seat].append(c)
            else:
                n = (view.get("counts") or {}).get(seat, 0)
                for i, pose in enumerate(L.hand_poses(place, n)):
                    k = self.hidden_key(seat, i)
                    self.add(k, None, False, pose, LAYER_HAND).order = i
                    self.hands[seat].append(k)
        for i, item in enumerate(view.get("trick") or []):
            c = item["card"]
            s = self.add(c, c, True, L.court_pose(self.place(item["seat"]), c), LAYER_COURT)
            s.order = i
            s.badge = item.get("signal")
            self.court.append(c)
            self.court_seat[c] = item["seat"]
        for seat, n in (view.get("won") or {}).items():
            if seat in self.piles:
                self.piles[seat] = n
        if view.get("trump_card") and view.get("phase") != "waiting":
            for i, pose in enumerate(L.widow_poses(12)):
                k = self.hidden_key("manni", i)
                self.add(k, None, False, pose, LAYER_PILE).order = i
                self.widow.append(k)
            self.add_trump_card(view["trump_card"])
        self.relayout(instant=True)

    def add_trump_card(self, card, face_up=True, pose=None, from_key=None):
        """Manni's two of trump; ``from_key``: the face-down card already laid aside for it."""
        if from_key in self.sprites:
            sp = self.rekey(from_key, card, card=card)
        else:
            sp = self.add(card, card, face_up, pose or self.layout.trump_card_pose(), LAYER_PILE)
        sp.order = 20
        self.trump_key = card
        return sp

    def is_open(self, seat):
        return seat == self.viewer or self.open_hands

    # -- the layout's wishes ----------------------------------------------------------------
    def hand_pose_list(self, seat, count=None):
        keys = self.hands[seat]
        n = len(keys) if count is None else count
        place = self.place(seat)
        if seat != self.viewer and self.open_hands:
            return self.layout.open_hand_poses(place, n)
        return self.layout.hand_poses(place, n)

    def relayout(self, seat=None, instant=False, duration=0.28):
        """Ease every resting card of the hands (or of ``seat``) to its place."""
        L = self.layout
        for s in (self.seats if seat is None else (seat,)):
            keys = self.hands[s]
            for i, (k, pose) in enumerate(zip(keys, self.hand_pose_list(s))):
                sp = self.sprites.get(k)
                if sp is None:
                    continue
                sp.order = i
                self._home(sp, pose, instant, duration)
        for k in self.court:
            sp = self.sprites.get(k)
            if sp is not None:
                self._home(sp, L.court_pose(self.place(self.court_seat[k]), k), instant, duration)
        if seat is None:
            for k, pose in zip(self.widow, L.widow_poses(len(self.widow))):
                sp = self.sprites.get(k)
                if sp is not None:
                    self._home(sp, pose, instant, duration)
            sp = self.sprites.get(self.trump_key) if self.trump_key else None
            if sp is not None:
                self._home(sp, L.trump_card_pose(), instant, duration)

    def _home(self, sp, pose, instant, duration):
        if sp.motion is not None:
            sp.home = pose
            return
        if instant:
            sp.x, sp.y, sp.angle, sp.width = pose
            sp.home = pose
            self.settles.pop(sp.key, None)
            return
        if sp.home == pose and (sp.x, sp.y) == pose[:2]:
            return
        sp.home = pose
        self.settle(sp, duration)

    def settle(self, sp, duration=0.28):
        """Ease ``sp`` back to its home (after a drag, or when its place changed)."""
        if sp.home is None:
            return
        x, y, a, w = sp.home
        self.settles[sp.key] = Tween(sp, duration, ease_out_cubic, x=x, y=y, angle=a, width=w)

    # -- time -------------------------------------------------------------------------------
    @property
    def moving(self):
        return (bool(self.settles or self.tasks) or not (self.shake_x.resting and self.shake_y.resting)
                or self.fading)

    def update(self, dt):
        self.fading = False
        for k in self.hands.get(self.viewer, ()):       # dimmed and brightened over a fifth of a second
            sp = self.sprites.get(k)
            if sp is not None and sp.dim_level != (1.0 if sp.dim else 0.0):
                step = dt / DIM_FADE
                sp.dim_level = min(1.0, sp.dim_level + step) if sp.dim else max(0.0, sp.dim_level - step)
                self.fading = True
        if self.settles:
            for k in [k for k, t in self.settles.items() if t.update(dt)]:
                self.settles.pop(k, None)
        if self.tasks:
            self.tasks = [t for t in self.tasks if not t.update(dt)]
        if self.relayout_due and not any(sp.motion is not None for sp in self.sprites.values()):
            self.relayout_due = False
            self.relayout(duration=0.2)
        self.shake_x.update(dt)
        self.shake_y.update(dt)

    def shake(self, strength):
        """A jolt of the whole table (a slam): mostly down, a little sideways."""
        self._kicks += 1
        self.shake_x.kick(strength * (0.45 if self._kicks % 2 else -0.45))
        self.shake_y.kick(strength)

    # -- drawing ----------------------------------------------------------------------------
    def offset(self):
        return (round(self.shake_x.value), round(self.shake_y.value))

    def draw(self, surface, hide_hands=False, on_felt=None):
        """The felt, the piles, ``on_felt(surface)`` (marks on the cloth, under every
        card: where a dragged card will land), then the cards by layer."""
        off = self.offset()
        surface.blit(self.felt, off)
        self.draw_piles(surface, off)
        if on_felt is not None:
            on_felt(surface)
        order = sorted(self.sprites.values(), key=lambda s: (s.layer, s.order))
        for s in order:
            if hide_hands and s.layer in (LAYER_MINE,) and s.face_up:
                continue
            draw_sprite(surface, self.images, s, off)

    def draw_piles(self, surface, off):
        L = self.layout
        for seat, n in self.piles.items():
            if n <= 0:
                continue
            place = self.place(seat)
            foot = 0
            for k in range(min(n, 5)):
                x, y, a, w = L.pile_pose(place, k)
                if k == 0:      # the shadow a card at rest casts (a gathered trick's lost it on landing)
                    sh = self.images.shadow(w, a)
                    surface.blit(sh, sh.get_rect(center=(x + off[0] + 1.2, y + off[1] + 2)))
                img = self.images.get(None, False, w, a)
                r = surface.blit(img, img.get_rect(center=(x + off[0], y + off[1])))
                foot = max(foot, r.bottom)      # the lowest card: the top one's foot let the pile cover the label
            label = self._pile_label(n, seat == self.viewer and self.viewer_plays)
            surface.blit(label, label.get_rect(midtop=(r.centerx, foot + 2)))

    def element_rects(self):
        """(name, rect) of what lies on the felt: each hand, the trick, the Manni, each
        trick pile with its label (the layout test checks that none overlap)."""
        out = []

        def box(s):
            w = s.width
            r = pygame.Rect(0, 0, 0, 0)
            a = abs(s.angle) % 180
            if 45 < a < 135:
                r.size = (round(w * 1.4), round(w))
            else:
                r.size = (round(w), round(w * 1.4))
            r.center = (round(s.x), round(s.y - s.lift))
            return r

        def union(name, keys):
            rects = [box(self.sprites[k]) for k in keys if k in self.sprites]
            if rects:
                out.append((name, rects[0].unionall(rects[1:])))
        for seat, keys in self.hands.items():
            union(f"hand:{seat}", keys)
        union("court", self.court)
        union("widow", list(self.widow) + ([self.trump_key] if self.trump_key else []))
        L = self.layout
        for seat, n in self.piles.items():
            if n <= 0:
                continue
            cards = []
            for k in range(min(n, 5)):
                x, y, a, w = L.pile_pose(self.place(seat), k)
                cards.append(self.images.get(None, False, w, a).get_rect(center=(round(x), round(y))))
            r = cards[-1].unionall(cards[:-1])
            out.append((f"pile:{seat}", r))
            label = self._pile_label(n, seat == self.viewer and self.viewer_plays)
            out.append((f"pile_label:{seat}", label.get_rect(midtop=(cards[-1].centerx, r.bottom + 2))))
        return out

    def _pile_label(self, n, mine=False):
        """"3 tricks" under a pile; the viewer's own says so: once the hand is short, the pile
        at its far end lies nearer the right seat's plate than the viewer's.  A watcher, a
        replay and a table of bots have no "you"."""
        fs = max(11, round(self.layout.H * 0.018))
        words = ngettext("{n} trick (you)", "{n} tricks (you)", n) if mine else ngettext("{n} trick", "{n} tricks", n)
        return render(words.format(n=number(n)), fs, (244, 236, 210), bold=True, shadow=True)

    # -- picking ----------------------------------------------------------------------------
    def viewer_back_at(self, pos):
        """True if ``pos`` is on one of the viewer's face-down cards."""
        for k in self.hands.get(self.viewer, []):
            s = self.sprites.get(k)
            if s is None or s.face_up or s.motion == "flying":
                continue
            if abs(pos[0] - s.x) <= s.width / 2 and abs(pos[1] - s.y) <= s.width * 0.7:
                return True
        return False

    def viewer_card_at(self, pos):
        """The viewer's face-up card under ``pos`` (the topmost), or None."""
        best = None
        for k in self.hands.get(self.viewer, []):
            s = self.sprites.get(k)
            if s is None or not s.face_up or s.motion == "flying":
                continue
            x, y = s.x, s.y - s.lift
            w = s.width
            h = w * 1.4
            if abs(pos[0] - x) <= w / 2 and abs(pos[1] - y) <= h / 2:
                if best is None or s.order > best.order:
                    best = s
        return best.key if best else None
