"""Playing-card faces, backs and suit pips, all drawn by code.

Everything is drawn at ``SS`` times the final size with plain (aliased)
polygons and circles, then ``smoothscale``d down once: the averaging gives
smooth, antialiased edges without any image files.  The default pygame font
is used only for the rank letters and digits; the suit symbols are shapes.

>>> art = CardArt(90)                       # doctest: +SKIP
>>> art.face("TH").get_size(), art.width, art.height   # doctest: +SKIP
((90, 126), 90, 126)
"""
import math

import pygame

RANKS = "23456789TJQKA"
SUITS = "SHDC"

SS = 4  # supersampling factor

_BLACK = (22, 22, 26)
_RED = (204, 22, 38)
_BLUE = (22, 82, 200)
_GREEN = (16, 132, 52)
CLASSIC_COLOURS = {"S": _BLACK, "H": _RED, "D": _RED, "C": _BLACK}
FOUR_COLOURS = {"S": _BLACK, "H": _RED, "D": _BLUE, "C": _GREEN}

_CARD_WHITE = (255, 255, 255)
_CARD_EDGE = (150, 150, 158)
_GOLD = (232, 182, 44)
_GOLD_DARK = (120, 84, 18)

BACK_COLOURS = {
    # base, lattice, dark accent
    "red": ((148, 20, 36), (204, 78, 90), (100, 10, 22)),
    "blue": ((24, 50, 124), (86, 124, 200), (12, 28, 80)),
}


def normalise_card(card):
    """``"TH"``, ``"th"``, ``"10H"`` or the rules' int ``suit * 13 + rank`` -> ``"TH"``.

    Anything else raises ValueError.
    """
    if isinstance(card, int) and not isinstance(card, bool):
        if 0 <= card < 52:
            return RANKS[card % 13] + SUITS[card // 13]
        raise ValueError(f"card number {card} is not in 0..51")
    if not isinstance(card, str):
        raise ValueError(f"a card is text like 'QH', not {card!r}")
    t = card.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError(f"{card!r} is not a card (rank then suit, e.g. 'QH' or 'TS')")
    return t


def _check_suit(suit):
    if not isinstance(suit, str) or suit.upper() not in SUITS or len(suit) != 1:
        raise ValueError(f"{suit!r} is not a suit (one of S H D C)")
    return suit.upper()


def suit_colour(suit, four_colour=False):
    """The ink colour of ``suit`` ("S", "H", "D", "C")."""
    return (FOUR_COLOURS if four_colour else CLASSIC_COLOURS)[_check_suit(suit)]


# ---------------------------------------------------------------- suit shapes
# Shapes live in a unit box (0..1, y down); _draw_suit scales them to pixels.

def _fit(points, x0, y0, w, h):
    """Scale ``points`` uniformly to fit the box and centre them in it."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    pw, ph = max(xs) - min(xs), max(ys) - min(ys)
    s = min(w / pw, h / ph)
    ox = x0 + (w - pw * s) / 2 - min(xs) * s
    oy = y0 + (h - ph * s) / 2 - min(ys) * s
    return [(ox + x * s, oy + y * s) for x, y in points]


def _heart_curve(n=96):
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    return pts


def _stem(top, bottom, half_top, half_bottom, n=12):
    """A flared stem: narrow at ``top``, concave sides, wide at ``bottom``."""
    left, right = [], []
    for i in range(n + 1):
        s = i / n
        y = top + (bottom - top) * s
        hw = half_top + (half_bottom - half_top) * s ** 2.4
        left.append((0.5 - hw, y))
        right.append((0.5 + hw, y))
    return left + right[::-1]


def _bezier(p0, c, p1, n=10):
    return [((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * c[0] + t * t * p1[0],
             (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * c[1] + t * t * p1[1])
            for t in (i / n for i in range(n))]


_HEART = _fit(_heart_curve(), 0.0, 0.04, 1.0, 0.92)
_SPADE_TOP = _fit([(x, -y) for x, y in _heart_curve()], 0.04, 0.0, 0.92, 0.78)
_SPADE_STEM = _stem(0.55, 1.0, 0.035, 0.2)
_CLUB_STEM = _stem(0.5, 1.0, 0.04, 0.2)
_CLUB_R = 0.215
_CLUB_CIRCLES = ((0.5, 0.25), (0.265, 0.575), (0.735, 0.575))


def _diamond_points():
    top, right, bottom, left = (0.5, 0.0), (0.88, 0.5), (0.5, 1.0), (0.12, 0.5)
    pts = []
    for a, b in ((top, right), (right, bottom), (bottom, left), (left, top)):
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        ctrl = (mid[0] + (0.5 - mid[0]) * 0.14, mid[1] + (0.5 - mid[1]) * 0.14)
        pts.extend(_bezier(a, ctrl, b))
    return pts


_DIAMOND = _diamond_points()


def _draw_suit(surface, suit, x, y, size, colour):
    """Draw ``suit`` (aliased) into the ``size`` square at ``(x, y)``."""
    def P(pts):
        return [(x + px * size, y + py * size) for px, py in pts]

    if suit == "H":
        pygame.draw.polygon(surface, colour, P(_HEART))
    elif suit == "D":
        pygame.draw.polygon(surface, colour, P(_DIAMOND))
    elif suit == "S":
        pygame.draw.polygon(surface, colour, P(_SPADE_TOP))
        pygame.draw.polygon(surface, colour, P(_SPADE_STEM))
    elif suit == "C":
        r = _CLUB_R * size
        for cx, cy in _CLUB_CIRCLES:
            pygame.draw.circle(surface, colour, (x + cx * size, y + cy * size), r)
        pygame.draw.polygon(surface, colour, P([c for c in _CLUB_CIRCLES]))
        pygame.draw.polygon(surface, colour, P(_CLUB_STEM))
    else:  # pragma: no cover - callers check
        raise ValueError(suit)


def _blank(size, rgb):
    """A fully transparent SRCALPHA surface whose hidden colour is ``rgb``.

    smoothscale averages the colour of transparent pixels too; giving them the
    colour of the shape next to them keeps dark fringes off the edges.
    """
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((*rgb[:3], 0))
    return s


def _maybe_convert(surface):
    """convert_alpha() when a display mode is set (faster blits), else as is."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            return surface.convert_alpha()
        except pygame.error:
            return surface
    return surface


def _mix(a, b, t):
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


# ---------------------------------------------------------------- the card art

# Pip centres in the pip area: (column, row) with column 0/0.5/1 and row 0..1.
_L, _M, _R = 0.0, 0.5, 1.0
_SIDES4 = [(_L, 0.0), (_R, 0.0), (_L, 1.0), (_R, 1.0)]
_SIDES6 = _SIDES4 + [(_L, 0.5), (_R, 0.5)]
_SIDES8 = [(c, r) for c in (_L, _R) for r in (0.0, 1 / 3, 2 / 3, 1.0)]
PIP_LAYOUTS = {
    "2": [(_M, 0.0), (_M, 1.0)],
    "3": [(_M, 0.0), (_M, 0.5), (_M, 1.0)],
    "4": _SIDES4,
    "5": _SIDES4 + [(_M, 0.5)],
    "6": _SIDES6,
    "7": _SIDES6 + [(_M, 0.25)],
    "8": _SIDES6 + [(_M, 0.25), (_M, 0.75)],
    "9": _SIDES8 + [(_M, 0.5)],
    "T": _SIDES8 + [(_M, 1 / 6), (_M, 5 / 6)],
}


class CardArt:
    """Card faces, the back and suit pips for cards ``card_width`` pixels wide.

    ``height`` is ``round(width * 1.4)``.  Faces and backs are cached, so ask
    for them freely every frame.  ``four_colour`` inks diamonds blue and clubs
    green.
    """

    def __init__(self, card_width, four_colour=False):
        if not isinstance(card_width, int) or isinstance(card_width, bool) or card_width < 20:
            raise ValueError(f"card width must be an int >= 20, not {card_width!r}")
        self.width = card_width
        self.height = round(card_width * 1.4)
        self.four_colour = bool(four_colour)
        self.colours = FOUR_COLOURS if self.four_colour else CLASSIC_COLOURS
        self._faces = {}
        self._backs = {}
        self._pips = {}
        self._fonts = {}
        self._corners = {}
        self._base = None
        if not pygame.font.get_init():
            pygame.font.init()
        probe = pygame.font.Font(None, 200).render("8", True, (0, 0, 0))
        # cap height of the default font as a fraction of its nominal size
        self._cap_ratio = probe.get_bounding_rect().height / 200

    @property
    def size(self):
        return (self.width, self.height)

    # ---- public API

    def face(self, card):
        """The face of ``card`` ("TH", "AS", ...): a cached SRCALPHA surface."""
        card = normalise_card(card)
        surf = self._faces.get(card)
        if surf is None:
            surf = self._faces[card] = _maybe_convert(self._draw_face(card))
        return surf

    def back(self, colour="red"):
        """The card back, a lattice in deep ``colour`` ("red" or "blue")."""
        if colour not in BACK_COLOURS:
            raise ValueError(f"back colour must be one of {sorted(BACK_COLOURS)}, not {colour!r}")
        surf = self._backs.get(colour)
        if surf is None:
            surf = self._backs[colour] = _maybe_convert(self._draw_back(colour))
        return surf

    def pip(self, suit, size, colour=None):
        """A standalone ``size`` x ``size`` antialiased suit symbol."""
        suit = _check_suit(suit)
        size = int(size)
        if size < 1:
            raise ValueError(f"pip size must be >= 1, not {size}")
        colour = tuple(colour) if colour is not None else self.colours[suit]
        key = (suit, size, colour)
        surf = self._pips.get(key)
        if surf is None:
            big = _blank((size * SS, size * SS), colour)
            _draw_suit(big, suit, 0, 0, size * SS, colour[:3])
            surf = pygame.transform.smoothscale(big, (size, size))
            if len(colour) == 4:
                surf.fill((255, 255, 255, colour[3]), special_flags=pygame.BLEND_RGBA_MULT)
            surf = self._pips[key] = _maybe_convert(surf)
        return surf

    # ---- drawing helpers (all in supersampled pixels)

    def _font(self, px_size):
        f = self._fonts.get(px_size)
        if f is None:
            f = self._fonts[px_size] = pygame.font.Font(None, px_size)
        return f

    def _text(self, text, cap_height, colour, max_width=None):
        """``text`` rendered with capitals ``cap_height`` tall, cropped to its ink."""
        size = max(4, round(cap_height / self._cap_ratio))
        img = self._font(size).render(text, True, colour)
        img = img.subsurface(img.get_bounding_rect()).copy()
        w, h = img.get_size()
        if max_width is not None and w > max_width:
            img = pygame.transform.smoothscale(img, (int(max_width), h))
        return img

    def _base_card(self):
        """The blank white rounded card (supersampled), copied for each face."""
        if self._base is None:
            W, H = self.width * SS, self.height * SS
            r = max(3, round(self.width * 0.075)) * SS
            base = _blank((W, H), _CARD_EDGE)
            pygame.draw.rect(base, _CARD_EDGE, (0, 0, W, H), border_radius=r)
            e = SS  # one final pixel of edge
            pygame.draw.rect(base, _CARD_WHITE, (e, e, W - 2 * e, H - 2 * e),
                             border_radius=r - e)
            self._base = base
        return self._base.copy()

    def _corner(self, card):
        """Rank index with a small pip under it: a transparent SS surface."""
        key = card
        img = self._corners.get(key)
        if img is not None:
            return img
        w = self.width
        rank, suit = card[0], card[1]
        colour = self.colours[suit]
        cap = 0.16 * w * SS
        label = "10" if rank == "T" else rank
        text = self._text(label, cap, colour, max_width=0.15 * w * SS)
        pip_size = round(0.12 * w * SS)
        gap = 0.035 * w * SS
        cw = round(0.17 * w * SS)
        ch = round(text.get_height() + gap + pip_size + SS)
        img = _blank((cw, ch), colour)
        img.blit(text, ((cw - text.get_width()) // 2, 0))
        _draw_suit(img, suit, (cw - pip_size) / 2, text.get_height() + gap, pip_size, colour)
        self._corners[key] = img
        return img

    def _pip_big(self, suit, size):
        """A supersampled, aliased pip image (and its upside-down twin)."""
        key = ("ss", suit, size)
        pair = self._pips.get(key)
        if pair is None:
            colour = self.colours[suit]
            img = _blank((size, size), colour)
            _draw_suit(img, suit, 0, 0, size, colour)
            pair = self._pips[key] = (img, pygame.transform.flip(img, False, True))
        return pair

    def _draw_face(self, card):
        rank, suit = card[0], card[1]
        w, h = self.width, self.height
        W, H = w * SS, h * SS
        surf = self._base_card()

        if rank in PIP_LAYOUTS:
            ps = round(0.18 * w * SS)
            up, down = self._pip_big(suit, ps)
            x0, x1 = 0.325 * W, 0.675 * W
            y0, y1 = 0.15 * H, 0.85 * H
            for col, row in PIP_LAYOUTS[rank]:
                cx = x0 + (x1 - x0) * col
                cy = y0 + (y1 - y0) * row
                img = down if row > 0.5 else up
                surf.blit(img, (round(cx - ps / 2), round(cy - ps / 2)))
        elif rank == "A":
            ps = round(0.54 * w * SS)
            up, _ = self._pip_big(suit, ps)
            surf.blit(up, ((W - ps) // 2, (H - ps) // 2))
        else:
            self._draw_court(surf, rank, suit)

        corner = self._corner(card)
        m = round(0.03 * w * SS)
        top = round(0.055 * w * SS)
        surf.blit(corner, (m, top))
        surf.blit(pygame.transform.rotate(corner, 180),
                  (W - m - corner.get_width(), H - top - corner.get_height()))
        return pygame.transform.smoothscale(surf, (w, h))

    def _draw_court(self, surf, rank, suit):
        w = self.width
        W, H = w * SS, self.height * SS
        colour = self.colours[suit]
        u = w * SS  # one card width in SS pixels
        px, py = round(0.215 * u), round(0.1 * H)
        pw, ph = W - 2 * px, H - 2 * py
        ph -= ph % 2
        line = max(SS, round(0.018 * u))
        fill = _mix(colour, (255, 255, 255), 0.9)
        pygame.draw.rect(surf, fill, (px, py, pw, ph))
        pygame.draw.rect(surf, colour, (px, py, pw, ph), line)
        inset = line + max(SS, round(0.02 * u))
        thin = max(SS // 2, round(0.008 * u))
        pygame.draw.rect(surf, _GOLD_DARK, (px + inset, py + inset, pw - 2 * inset, ph - 2 * inset), thin)

        # the top half: a crown and the letter; the bottom half is it upside down
        half = _blank((pw, ph // 2), fill)
        cx = pw / 2
        crown_top = 0.05 * u
        crown_h = 0.13 * u
        crown_w = 0.34 * u
        self._draw_crown(half, rank, cx, crown_top, crown_w, crown_h, colour)
        letter = self._text(rank, 0.17 * u, colour)
        half.blit(letter, (round(cx - letter.get_width() / 2), round(crown_top + crown_h + 0.03 * u)))
        surf.blit(half, (px, py))
        surf.blit(pygame.transform.rotate(half, 180), (px, py + ph // 2))

        # a fine line through the middle, as on double-headed court cards
        ps = round(0.23 * u)
        y_mid = py + ph // 2
        pygame.draw.line(surf, _GOLD_DARK, (px + inset, y_mid), (px + pw - inset, y_mid), thin)
        # the centre pip on a small white disc so it stands off the line
        pygame.draw.circle(surf, fill, (W // 2, y_mid), ps * 0.64)
        pygame.draw.circle(surf, _GOLD_DARK, (W // 2, y_mid), ps * 0.64, thin)
        up, _ = self._pip_big(suit, ps)
        surf.blit(up, (W // 2 - ps // 2, y_mid - ps // 2))

    def _draw_crown(self, surf, rank, cx, top, cw, ch, colour):
        out = max(SS // 2, round(0.007 * self.width * SS))
        left, right = cx - cw / 2, cx + cw / 2
        bottom = top + ch
        band_h = ch * 0.28
        if rank == "K":
            # five spikes with balls on the tips, jewels on the band
            n = 5
            pts = [(left, bottom - band_h)]
            for i in range(n):
                xa = left + cw * i / (n - 1)
                tip_y = top + ch * (0.12 if i % 2 == 0 else 0.3)
                pts.append((xa, tip_y))
                if i < n - 1:
                    pts.append((xa + cw / (n - 1) / 2, top + ch * 0.55))
            pts.append((right, bottom - band_h))
            pygame.draw.polygon(surf, _GOLD, pts)
            pygame.draw.polygon(surf, _GOLD_DARK, pts, out)
            for i in range(n):
                xa = left + cw * i / (n - 1)
                tip_y = top + ch * (0.12 if i % 2 == 0 else 0.3)
                pygame.draw.circle(surf, _GOLD, (xa, tip_y), ch * 0.1)
                pygame.draw.circle(surf, _GOLD_DARK, (xa, tip_y), ch * 0.1, out)
            band = pygame.Rect(round(left), round(bottom - band_h), round(cw), round(band_h))
            pygame.draw.rect(surf, _GOLD, band)
            pygame.draw.rect(surf, _GOLD_DARK, band, out)
            for i in range(3):
                jx = left + cw * (0.2 + 0.3 * i)
                pygame.draw.circle(surf, colour, (jx, band.centery), band_h * 0.3)
        elif rank == "Q":
            # a coronet: three rounded arches, a bigger jewel in the middle
            cw *= 0.85
            left, right = cx - cw / 2, cx + cw / 2
            pts = [(left, bottom - band_h)]
            for i in range(3):
                xa = left + cw * i / 2
                pts.append((xa, top + ch * (0.22 if i == 1 else 0.36)))
                if i < 2:
                    pts.append((xa + cw / 4, top + ch * 0.6))
            pts.append((right, bottom - band_h))
            pygame.draw.polygon(surf, _GOLD, pts)
            pygame.draw.polygon(surf, _GOLD_DARK, pts, out)
            for i in range(3):
                xa = left + cw * i / 2
                ty = top + ch * (0.22 if i == 1 else 0.36)
                pygame.draw.circle(surf, colour, (xa, ty), ch * (0.14 if i == 1 else 0.1))
            band = pygame.Rect(round(left), round(bottom - band_h), round(cw), round(band_h))
            pygame.draw.ellipse(surf, _GOLD, band)
            pygame.draw.ellipse(surf, _GOLD_DARK, band, out)
            pygame.draw.circle(surf, colour, (cx, band.centery), band_h * 0.32)
        else:
            # the jack's cap: a dome with a band and a feather in the suit colour
            cw *= 0.8
            left = cx - cw / 2
            dome = pygame.Rect(round(left), round(top + ch * 0.02), round(cw), round(ch * 1.9))
            clip = surf.get_clip()
            surf.set_clip(pygame.Rect(0, 0, surf.get_width(), round(bottom - band_h * 0.5)))
            pygame.draw.ellipse(surf, _GOLD, dome)
            pygame.draw.ellipse(surf, _GOLD_DARK, dome, out)
            surf.set_clip(clip)
            band = pygame.Rect(round(left - cw * 0.08), round(bottom - band_h), round(cw * 1.16), round(band_h))
            pygame.draw.rect(surf, _GOLD, band, border_radius=round(band_h / 2))
            pygame.draw.rect(surf, _GOLD_DARK, band, out, border_radius=round(band_h / 2))
            # feather: a leaf shape sweeping up and right from the band
            fx, fy = cx + cw * 0.25, bottom - band_h
            feather = _bezier((fx, fy), (fx + cw * 0.55, fy - ch * 0.3), (fx + cw * 0.45, top - ch * 0.15), 8)
            feather += _bezier((fx + cw * 0.45, top - ch * 0.15), (fx + cw * 0.05, fy - ch * 0.5), (fx, fy), 8)
            pygame.draw.polygon(surf, colour, feather)

    def _draw_back(self, colour):
        base, lattice, dark = BACK_COLOURS[colour]
        w = self.width
        W, H = w * SS, self.height * SS
        u = w * SS
        surf = self._base_card()
        r = max(3, round(w * 0.075)) * SS
        m = round(0.065 * u)
        inner = pygame.Rect(m, m, W - 2 * m, H - 2 * m)
        pygame.draw.rect(surf, base, inner, border_radius=max(SS, r - m))

        pattern = _blank(inner.size, base)
        pr = pygame.Rect(0, 0, *inner.size)
        pygame.draw.rect(pattern, base, pr, border_radius=max(SS, r - m))
        step = 0.11 * u
        lw = max(SS, round(0.014 * u))
        n = int((inner.w + inner.h) / step) + 2
        for i in range(-n, n + 1):
            x = i * step
            pygame.draw.line(pattern, lattice, (x, 0), (x + inner.h, inner.h), lw)
            pygame.draw.line(pattern, lattice, (x, 0), (x - inner.h, inner.h), lw)
        # small dark diamonds in the middle of each lattice cell
        d = step * 0.2
        for i in range(-n, n + 1):
            for j in range(0, int(inner.h / step) + 2):
                cx = i * step + (j % 2) * step / 2
                cy = j * step / 2
                if -d < cx < inner.w + d:
                    for yy in (cy + step / 2,):
                        pygame.draw.polygon(pattern, dark, [(cx, yy - d), (cx + d, yy), (cx, yy + d), (cx - d, yy)])
        # keep only what lies on the inner rounded rectangle
        mask = _blank(inner.size, (0, 0, 0))
        pygame.draw.rect(mask, (255, 255, 255, 255), pr, border_radius=max(SS, r - m))
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(pattern, inner.topleft)

        # a fine white frame inside the margin and a medallion in the middle
        f = round(0.035 * u)
        frame = inner.inflate(-2 * f, -2 * f)
        pygame.draw.rect(surf, (250, 245, 235), frame, max(SS, round(0.01 * u)), border_radius=max(SS, r - m - f))
        cx, cy = W / 2, H / 2
        for k, (size, col) in enumerate(((0.3, (250, 245, 235)), (0.255, dark), (0.2, base), (0.12, lattice))):
            s = size * u
            pygame.draw.polygon(surf, col, [(cx, cy - s * 1.3), (cx + s, cy), (cx, cy + s * 1.3), (cx - s, cy)])
        pygame.draw.circle(surf, (250, 245, 235), (cx, cy), 0.045 * u)
        return pygame.transform.smoothscale(surf, (w, self.height))
