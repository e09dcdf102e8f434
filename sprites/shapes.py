"""The four suit symbols as polygons and circles in a unit box (0..1, y down).

``draw_suit`` scales a shape into a pixel square and draws it aliased; the
callers draw at ``SS`` times the size and smoothscale, which antialiases it.
Shapes rather than font glyphs because common fonts have no ♠♥♦♣.
"""
import math
from typing import List, Sequence, Tuple

import pygame

Point = Tuple[float, float]


def _fit(points: Sequence[Point], x0: float, y0: float, w: float, h: float) -> List[Point]:
    """Scale ``points`` uniformly to fit the box and centre them in it."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    pw, ph = max(xs) - min(xs), max(ys) - min(ys)
    s = min(w / pw, h / ph)
    ox = x0 + (w - pw * s) / 2 - min(xs) * s
    oy = y0 + (h - ph * s) / 2 - min(ys) * s
    return [(ox + x * s, oy + y * s) for x, y in points]


def _heart_curve(n: int = 96) -> List[Point]:
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    return pts


def _stem(top: float, bottom: float, half_top: float, half_bottom: float, n: int = 12) -> List[Point]:
    """A flared stem: narrow at ``top``, concave sides, wide at ``bottom``."""
    left, right = [], []
    for i in range(n + 1):
        s = i / n
        y = top + (bottom - top) * s
        hw = half_top + (half_bottom - half_top) * s ** 2.4
        left.append((0.5 - hw, y))
        right.append((0.5 + hw, y))
    return left + right[::-1]


def bezier(p0: Point, c: Point, p1: Point, n: int = 10) -> List[Point]:
    """``n`` points of the quadratic Bézier from ``p0`` (included) towards ``p1`` (excluded)."""
    return [((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * c[0] + t * t * p1[0],
             (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * c[1] + t * t * p1[1])
            for t in (i / n for i in range(n))]


def _diamond_points() -> List[Point]:
    top, right, bottom, left = (0.5, 0.0), (0.88, 0.5), (0.5, 1.0), (0.12, 0.5)
    pts = []
    for a, b in ((top, right), (right, bottom), (bottom, left), (left, top)):
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        ctrl = (mid[0] + (0.5 - mid[0]) * 0.14, mid[1] + (0.5 - mid[1]) * 0.14)
        pts.extend(bezier(a, ctrl, b))
    return pts


HEART = _fit(_heart_curve(), 0.0, 0.04, 1.0, 0.92)
SPADE_TOP = _fit([(x, -y) for x, y in _heart_curve()], 0.04, 0.0, 0.92, 0.78)
SPADE_STEM = _stem(0.55, 1.0, 0.035, 0.2)
CLUB_STEM = _stem(0.5, 1.0, 0.04, 0.2)
CLUB_R = 0.215
CLUB_CIRCLES = ((0.5, 0.25), (0.265, 0.575), (0.735, 0.575))
DIAMOND = _diamond_points()


def draw_suit(surface: pygame.Surface, suit: str, x: float, y: float, size: float,
              colour: Sequence[int]) -> None:
    """Draw ``suit`` (aliased) into the ``size`` square at ``(x, y)``."""
    def P(pts: Sequence[Point]) -> List[Point]:
        return [(x + px * size, y + py * size) for px, py in pts]

    if suit == "H":
        pygame.draw.polygon(surface, colour, P(HEART))
    elif suit == "D":
        pygame.draw.polygon(surface, colour, P(DIAMOND))
    elif suit == "S":
        pygame.draw.polygon(surface, colour, P(SPADE_TOP))
        pygame.draw.polygon(surface, colour, P(SPADE_STEM))
    elif suit == "C":
        r = CLUB_R * size
        for cx, cy in CLUB_CIRCLES:
            pygame.draw.circle(surface, colour, (x + cx * size, y + cy * size), r)
        pygame.draw.polygon(surface, colour, P(list(CLUB_CIRCLES)))
        pygame.draw.polygon(surface, colour, P(CLUB_STEM))
    else:  # pragma: no cover - callers check
        raise ValueError(suit)
