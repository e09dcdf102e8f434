"""Card sprites on the table and the cache of their images.

A ``CardSprite`` is one card where it lies now (centre, angle, width, height
above the felt, flip and squash).  Tweens and physics move it; ``draw``
only reads it.  ``CardImages`` turns (card, width, angle) into a surface,
scaled and rotated once and kept, so a frame is mostly plain blits.
"""
import math
import time

import pygame

try:
    from sprites.cards import CardArt
except ImportError:                       # the art package is missing: plain cards
    CardArt = None

from .anim import Spring

RANK_ORDER = "23456789TJQKA"
HAND_SUIT_ORDER = "SHCD"                  # alternate colours in the fanned hand
HIGH_FIRST = "AKQJT98765432"              # ace high (Manfee, Manni); Manille: "TAKQJ987"


# The trump suit first (at the left, as Manfee's spades always were), the colours still
# alternating: a Manni player found the trumps neither set apart nor marked in the hand.
TRUMP_FIRST = {"S": "SHCD", "H": "HSDC", "C": "CHSD", "D": "DSHC"}


def sort_hand(cards, order=HIGH_FIRST, trump=None):
    """Cards grouped by suit (alternating colours; the ``trump`` suit first, if one is
    named), from the highest down in the game's card order (``order`` lists the ranks
    highest first).

    >>> sort_hand(["2S", "AH", "KC", "3D"]), sort_hand(["2S", "AH", "KC", "3D"], trump="D")
    (['2S', 'AH', 'KC', '3D'], ['3D', '2S', 'AH', 'KC'])
    """
    suits = TRUMP_FIRST.get(trump, HAND_SUIT_ORDER)
    return sorted(cards, key=lambda c: (suits.index(c[1]), order.index(c[0])))


class CardSprite:
    __slots__ = ("key", "card", "face_up", "x", "y", "angle", "width", "z", "turn",
                 "squash", "dim", "dim_level", "glow", "lift", "layer", "order", "motion", "home",
                 "alpha", "badge")

    def __init__(self, key, card, face_up, x, y, angle=0.0, width=60.0, layer=1):
        self.key = key
        self.card = card
        self.face_up = face_up
        self.x, self.y, self.angle, self.width = float(x), float(y), float(angle), float(width)
        self.z = 0.0
        self.turn = 0.0            # flip progress 0..1 (the face changes at 0.5)
        self.squash = None         # a Spring after an impact
        self.dim = False
        self.dim_level = 0.0       # how dimmed it is drawn: eases toward ``dim`` (Board.update)
        self.glow = False
        self.lift = 0.0
        self.layer = layer
        self.order = 0
        self.motion = None         # the task moving it, if any
        self.home = None           # (x, y, angle, width) where the layout wants it
        self.alpha = 255
        self.badge = None          # "slam" / "drop" shown beside a court card

    @property
    def pos(self):
        return (self.x, self.y)


class FlipTask:
    """Turn a card over: its width shrinks to nothing, the face changes, it grows back."""

    def __init__(self, sprite, duration, face_up=None, card=None):
        self.s = sprite
        self.duration = max(1e-6, duration)
        self.t = 0.0
        self.to_face = (not sprite.face_up) if face_up is None else face_up
        self.card = card
        self.switched = False
        self.done = False

    def update(self, dt):
        if self.done:
            return True
        self.t = min(1.0, self.t + dt / self.duration)
        if self.t >= 0.5 and not self.switched:
            self.switched = True
            self.s.face_up = self.to_face
            if self.card is not None:
                self.s.card = self.card
        self.s.turn = self.t if self.t < 1.0 else 0.0
        if self.t >= 1.0:
            if not self.switched:
                self.s.face_up = self.to_face
            self.done = True
        return self.done

    def finish(self):
        self.update(self.duration * 2)


class SquashTask:
    """Let a card's squash spring ring out after an impact."""

    def __init__(self, sprite):
        self.s = sprite
        self.done = False

    def update(self, dt):
        sp = self.s.squash
        if sp is None or sp.update(dt):
            self.s.squash = None
            self.done = True
        return self.done


def kick_squash(sprite, amount):
    """Squash ``sprite`` (amount ~ 0.1 light .. 0.4 hard); returns its SquashTask."""
    if sprite.squash is None:
        sprite.squash = Spring(stiffness=1400.0, damping=22.0)
    sprite.squash.value = amount
    sprite.squash.velocity = 0.0
    return SquashTask(sprite)


class CardImages:
    """Scaled and rotated card surfaces, made once and kept."""

    def __init__(self, card_width, small_width, four_colour=False, indices=None):
        self.width = int(card_width)
        self.height = round(self.width * 1.4)
        self.small_width = int(small_width)
        self.four_colour = four_colour
        self.big = _art(self.width, four_colour, indices)
        self.small = _art(self.small_width, four_colour, indices)
        self._cache = {}
        self._shadows = {}
        self._warm = [(self.big, c) for c in _all_cards()] + [(self.big, None), (self.small, None)]
        self._warm_i = 0

    # -- warming: draw every face once, a slice of time per call ----------------------
    @property
    def warm(self):
        return self._warm_i >= len(self._warm)

    def warm_step(self, budget=0.008, only=None):
        """Draw faces for up to ``budget`` seconds; True once every face is ready.

        ``only``: cards to make first (the viewer's hand).
        """
        end = time.perf_counter() + budget
        if only:
            for c in only:
                self.base(c, True)
                if time.perf_counter() > end:
                    return False
        while self._warm_i < len(self._warm):
            art, c = self._warm[self._warm_i]
            art.face(c) if c else art.back()
            self._warm_i += 1
            if time.perf_counter() > end:
                break
        return self.warm

    def base(self, card, face_up, small=False):
        art = self.small if small else self.big
        return art.face(card) if (face_up and card) else art.back()

    def get(self, card, face_up, width, angle=0.0, dim=False, coarse=False):
        """The surface of ``card`` (or its back) ``width`` wide, turned ``angle`` degrees.

        ``dim`` greys it out (a card that may not be played now).  ``coarse``
        (a card in flight) rounds size and angle further: fewer new images to
        make mid-flight, and nobody sees a degree on a moving card.
        """
        face = card if (face_up and card) else None
        if coarse:
            w = int(round(width / 4.0) * 4)
            if abs(width - self.width) <= 2:
                w = self.width
            elif abs(width - self.small_width) <= 2:
                w = self.small_width
            a = int(round(angle / 6.0) * 6) % 360
            fine = round(angle / 3.0) * 3
            if abs(angle - fine) < 0.5:     # at (or all but at) rest: as drawn still, or it turns 3° on landing
                a = int(fine) % 360
        else:
            w = int(round(width / 2.0) * 2)
            a = int(round(angle / 3.0) * 3) % 360
        key = (face, w, a, dim)
        img = self._cache.get(key)
        if img is None:
            if len(self._cache) > 900:
                self._cache.clear()
            if dim:
                img = self.get(card, face_up, width, angle).copy()
                img.fill((150, 155, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
                self._cache[key] = img
                return img
            img = self._scaled(face, w)
            if a:
                if a % 90 == 0:
                    img = pygame.transform.rotate(img, a)
                else:
                    img = pygame.transform.rotozoom(img, a, 1.0)
            self._cache[key] = img
        return img

    def _scaled(self, face, w):
        if abs(w - self.width) <= 1:
            return self.base(face, True) if face else self.big.back()
        if abs(w - self.small_width) <= 1:
            return self.small.face(face) if face else self.small.back()
        key = (face, w, "s")
        img = self._cache.get(key)
        if img is None:
            src = self.base(face, True) if face else self.big.back()
            h = max(2, round(w * 1.4))
            img = pygame.transform.smoothscale(src, (max(2, w), h))
            self._cache[key] = img
        return img

    def shadow(self, width, angle):
        w = int(round(width / 4.0) * 4)
        a = int(round(angle / 6.0) * 6) % 360
        key = (w, a)
        img = self._shadows.get(key)
        if img is None:
            h = round(w * 1.4)
            pad = max(4, w // 10)
            small = pygame.Surface(((w + 2 * pad) // 4 + 1, (h + 2 * pad) // 4 + 1), pygame.SRCALPHA)
            pygame.draw.rect(small, (0, 0, 0, 95), (pad // 4, pad // 4, w // 4, h // 4),
                             border_radius=max(1, w // 40))
            img = pygame.transform.smoothscale(small, (w + 2 * pad, h + 2 * pad))
            if a:
                img = pygame.transform.rotate(img, a) if a % 90 == 0 else pygame.transform.rotozoom(img, a, 1.0)
            self._shadows[key] = img
        return img


def _all_cards():
    return [r + s for s in "SHDC" for r in RANK_ORDER]


class _PlainArt:
    """Stand-in art when ``sprites`` cannot be imported: rank letters on white."""

    def __init__(self, width, four_colour=False):
        self.width = width
        self.height = round(width * 1.4)
        self._faces = {}
        self._back = None

    def face(self, card):
        s = self._faces.get(card)
        if s is None:
            s = pygame.Surface((self.width, self.height), pygame.SRCALPHA)
            pygame.draw.rect(s, (250, 250, 250), s.get_rect(), border_radius=6)
            red = card[1] in "HD"
            f = pygame.font.Font(None, self.width // 2)
            s.blit(f.render(card, True, (200, 20, 30) if red else (20, 20, 20)), (5, 5))
            self._faces[card] = s
        return s

    def back(self):
        if self._back is None:
            s = pygame.Surface((self.width, self.height), pygame.SRCALPHA)
            pygame.draw.rect(s, (140, 20, 36), s.get_rect(), border_radius=6)
            pygame.draw.rect(s, (240, 240, 240), s.get_rect(), 2, border_radius=6)
            self._back = s
        return self._back

    def pip(self, suit, size, colour=None):
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(s, colour or (20, 20, 20), (size // 2, size // 2), size // 2)
        return s


_arts = {}


def _art(width, four_colour, indices=None):
    """One art object per size and deck (kept for the whole run: faces take time to draw);
    ``indices``: the letters of the player's deck (i18n.card_indices)."""
    key = (int(width), bool(four_colour), tuple(sorted((indices or {}).items())))
    art = _arts.get(key)
    if art is None:
        if len(_arts) > 8:
            _arts.clear()
        art = None
        if CardArt is not None:
            try:
                art = CardArt(max(20, int(width)), four_colour=four_colour, indices=indices)
            except Exception:
                art = None
        if art is None:
            art = _PlainArt(int(width), four_colour)
        _arts[key] = art
    return art


def draw_sprite(surface, images, s, offset=(0, 0)):
    """Draw one card sprite with its shadow (a card in the air casts it further)."""
    w = s.width
    z = s.z
    scale = 1.0 + z / 700.0
    sx = abs(math.cos(math.pi * s.turn)) if s.turn else 1.0
    sy = 1.0
    if s.squash is not None:
        # A card is stiff: the impact shows as a slight give (a third of the kick), not as
        # rubber (at the full kick it stood at 58 % of its height and 125 % of its width).
        q = s.squash.value
        sy -= q * 0.35
        sx *= 1.0 + 0.15 * q
    img = images.get(s.card, s.face_up, w * scale, s.angle, s.dim_level >= 0.5, coarse=s.motion is not None)
    iw, ih = img.get_size()
    if sx != 1.0 or sy != 1.0:
        img = pygame.transform.scale(img, (max(1, int(iw * sx)), max(1, int(ih * sy))))
    cx = s.x + offset[0]
    cy = s.y + offset[1] - s.lift
    if s.squash is not None:
        cy += (1.0 - sy) * ih * 0.5            # squashed toward the felt: the bottom edge stays put
    sh = images.shadow(w * scale, s.angle)
    if sx != 1.0 or sy != 1.0:                 # the shadow keeps the card's shape (a turn, a squash)
        shw, shh = sh.get_size()
        sh = pygame.transform.scale(sh, (max(1, int(shw * max(sx, 0.05))), max(1, int(shh * sy))))
    dz = 2 + z * 0.3 + s.lift * 0.25
    if s.motion == "drag":                     # carried in the hand, off the felt: its shadow says so
        dz += images.height * 0.06
    surface.blit(sh, sh.get_rect(center=(cx + dz * 0.6, cy + dz)))
    rect = img.get_rect(center=(round(cx), round(cy - z * 0.15)))
    if s.alpha < 255:
        img = img.copy()
        img.set_alpha(s.alpha)
    surface.blit(img, rect)
    if 0.0 < s.dim_level < 1.0 and s.alpha == 255 and sx == 1.0 and sy == 1.0:
        # between bright and dimmed: the other face over it, as far as the fade has come
        other = images.get(s.card, s.face_up, w * scale, s.angle, s.dim_level < 0.5, coarse=s.motion is not None)
        other = other.copy()
        other.set_alpha(round(255 * (1.0 - abs(2.0 * s.dim_level - 1.0)) / 2))
        surface.blit(other, rect)
    if s.glow:
        pygame.draw.rect(surface, (255, 214, 64), rect.inflate(6, 6), 3, border_radius=8)
    return rect

