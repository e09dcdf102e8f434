"""The pieces every chart shares (``charts``, ``sparkline``): the data's and the inks' types,
sizes that follow the rect, fitted labels, nice ticks, clipping and dashed lines, the empty
state and the titles.  Plain data in, nothing from a scene."""
import contextlib
import math
from typing import Callable, Iterator, List, NamedTuple, Optional, Sequence, Tuple

import pygame

from .i18n import N_, _, digits, is_rtl, pgettext

Colour = Sequence[int]
TextFn = Callable[[str, int, Colour, bool], pygame.Surface]

NO_DATA = N_("no data yet")      # worded when drawn, like "Deal" and "target" below


class Series(NamedTuple):
    """One line of a score race: its name, running totals per deal, and its colour."""
    label: str
    values: Sequence[float]
    colour: Colour


class ChartStyle(NamedTuple):
    """Inks for what is not data.  Defaults suit the table's dark green panels."""
    text: Colour = (244, 236, 210)       # legend, values
    dim: Colour = (170, 190, 176)        # axis labels, "no data yet"
    axis: Colour = (170, 190, 176)       # the zero line and the axes
    grid: Colour = (255, 255, 255, 34)   # faint grid lines (alpha blended)
    target: Colour = (255, 214, 107)     # the dashed target line


DARK = ChartStyle()
LIGHT = ChartStyle(text=(30, 24, 10), dim=(96, 88, 70), axis=(96, 88, 70), grid=(0, 0, 0, 30), target=(176, 122, 10))


# ---------------------------------------------------------------- shared pieces

def _default_text(s: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    from .text import render
    return render(s, size, tuple(colour), bold)


def _span(rect: pygame.Rect) -> float:
    """The rect's working size: its height, or its width for a narrow one (16:10 box)."""
    return max(1.0, min(rect.w / 1.6, float(rect.h)))


def _unit(rect: pygame.Rect) -> float:
    """One design unit for lines, dots and gaps: 1 % of the working size."""
    return max(0.8, _span(rect) / 100.0)


def font_size(rect: pygame.Rect, scale: float = 1.0) -> int:
    """The label size for a chart in ``rect``: about 16 px in a 330 px tall chart,
    34 px in one 830 px tall; never under 9 px nor over 48."""
    return max(9, min(48, round((5 + 0.035 * _span(rect)) * scale)))


def common_size(text: TextFn, strings: Sequence[str], size: int, max_w: float, bold: bool = False,
                min_size: int = 9) -> int:
    """The largest size from ``size`` down to ``min_size`` at which every string fits ``max_w``
    (so a row of labels shares one size instead of each shrinking on its own)."""
    while size > min_size and any(text(t, size, (255, 255, 255), bold).get_width() > max_w
                                  for t in strings if t):
        size = max(min_size, int(size * 0.9))
    return size


def fit_text(text: TextFn, s: str, size: int, colour: Colour, max_w: float, bold: bool = False,
             min_size: int = 9) -> Optional[pygame.Surface]:
    """``s`` rendered no wider than ``max_w``: smaller down to ``min_size``, then cut with "...".

    None when not even an ellipsis fits.
    """
    if max_w < 1 or not s:
        return None
    img = text(s, size, colour, bold)
    while img.get_width() > max_w and size > min_size:
        size = max(min_size, int(size * 0.88))
        img = text(s, size, colour, bold)
    if img.get_width() <= max_w:
        return img
    img = text(cut_text(text, s, size, max_w, colour, bold), size, colour, bold)
    return img if img.get_width() <= max_w else None


def cut_text(text: TextFn, s: str, size: int, max_w: float, colour: Colour = DARK.text, bold: bool = False,
             least: int = 0) -> str:
    """``s`` as it is, or its longest beginning (``least`` letters at the fewest) that fits
    ``max_w`` pixels at ``size`` with "..." after it."""
    if text(s, size, colour, bold).get_width() <= max_w:
        return s
    lo, hi = least, len(s)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text(s[:mid].rstrip() + "...", size, colour, bold).get_width() <= max_w:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo].rstrip() + "..."


def nice_ticks(lo: float, hi: float, most: int = 6, whole: bool = False) -> List[float]:
    """Round tick values (1, 2, 2.5 or 5 times a power of ten; whole numbers only if ``whole``): the
    first at or below ``lo`` (so a negative range gets a label), the last at or below ``hi``."""
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return []
    hi = hi if hi > lo else lo + 1.0
    raw = max((hi - lo) / max(1, most), 1.0 if whole else 0.0)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(k * mag for k in (1, 2, 2.5, 5, 10) if k * mag >= raw and not (whole and k * mag % 1))
    first = math.floor(lo / step + 1e-9) * step
    count = int(math.floor((hi - first) / step + 1e-9)) + 1
    return [0.0 if abs(v) < step * 1e-9 else v for v in (first + i * step for i in range(count))]


def format_number(v: float) -> str:
    """``12``, ``-3``, ``2.5``, ``0.25``: no trailing zeros, at most two decimals (the language's digits and mark);
    what rounds to nothing is ``0`` (not ``-0``).

    >>> format_number(-0.001), format_number(-0.25), format_number(3.0)
    ('0', '-0.25', '3')
    """
    if abs(v - round(v)) < 1e-9 or round(v, 2) == 0:
        v = 0.0 if round(v, 2) == 0 else v
        return digits(str(int(round(v))))
    return digits(f"{v:.2f}".rstrip("0").rstrip(".").replace(".", pgettext("decimal mark", ".")))


def _finite(values: Sequence[Optional[float]]) -> List[Optional[float]]:
    """The values as floats, with None where one is missing, NaN or infinite (not drawn)."""
    return [float(v) if isinstance(v, (int, float)) and math.isfinite(v) else None for v in values]


@contextlib.contextmanager
def _Clip(surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
    """Drawing inside ``rect`` only (and inside the surface's own clip, restored afterwards)."""
    old = surface.get_clip()
    surface.set_clip(rect.clip(old))
    try:
        yield
    finally:
        surface.set_clip(old)


def _dashed(surface: pygame.Surface, colour: Colour, a: Tuple[float, float], b: Tuple[float, float],
            width: int, dash: float) -> None:
    """A dashed straight line from ``a`` to ``b`` (dashes and gaps ``dash`` long)."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        e = min(length, t + dash)
        pygame.draw.line(surface, colour, (a[0] + ux * t, a[1] + uy * t), (a[0] + ux * e, a[1] + uy * e), width)
        t += 2 * dash


def _polyline(surface: pygame.Surface, colour: Colour, points: Sequence[Tuple[float, float]],
              width: int) -> None:
    """An antialiased line through ``points``, ``width`` thick, with round joins."""
    if len(points) == 1:
        pygame.draw.aacircle(surface, colour, points[0], max(1.0, width / 2))
        return
    for p, q in zip(points, points[1:], strict=False):
        pygame.draw.aaline(surface, colour, p, q, width)
    if width > 2:
        for p in points[1:-1]:
            pygame.draw.aacircle(surface, colour, p, width / 2)


# Each line's own mark (the i-th series', repeating): told apart by shape as well as by colour,
# which a red-green colour-blind player could not do for Manni's red and green opponents.
MARKERS = ("circle", "square", "triangle", "diamond")


def marker(surface: pygame.Surface, colour: Colour, at: Tuple[float, float], r: float, shape: str) -> None:
    """A data point's mark of ``shape`` (``MARKERS``), about as large as a circle of radius ``r``."""
    x, y = at
    if shape == "square":
        side = round(r * 1.7)
        pygame.draw.rect(surface, colour, pygame.Rect(round(x - side / 2), round(y - side / 2), side, side))
    elif shape == "triangle":
        pygame.draw.polygon(surface, colour, [(x, y - r * 1.2), (x + r * 1.15, y + r * 0.8), (x - r * 1.15, y + r * 0.8)])
    elif shape == "diamond":
        pygame.draw.polygon(surface, colour, [(x, y - r * 1.3), (x + r * 1.1, y), (x, y + r * 1.3), (x - r * 1.1, y)])
    else:
        pygame.draw.aacircle(surface, colour, at, r)


def _grid_overlay(plot: pygame.Rect, ys: Sequence[float], colour: Colour, width: int) -> pygame.Surface:
    """Faint horizontal grid lines on a transparent layer (so they blend with any background)."""
    layer = pygame.Surface(plot.size, pygame.SRCALPHA)
    for y in ys:
        pygame.draw.line(layer, colour, (0, round(y - plot.y)), (plot.w, round(y - plot.y)), width)
    return layer


def no_data(surface: pygame.Surface, rect: pygame.Rect, style: ChartStyle = DARK,
            text: Optional[TextFn] = None, message: str = NO_DATA, font_px: Optional[int] = None,
            title: str = "", title_px: Optional[int] = None) -> None:
    """The empty state: the chart's ``title`` as usual and ``message`` centred, in the dim ink."""
    text = text or _default_text
    rect = pygame.Rect(rect)
    with _Clip(surface, rect):
        size = font_px or max(11, round(font_size(rect) * 1.15))
        area = rect.copy()
        if title and rect.h >= 40:
            pad = max(3, round(1.2 * _unit(rect)))
            inner = rect.inflate(-2 * pad, -2 * pad)
            used = draw_title(surface, inner, title, title_px or round((font_px or font_size(rect)) * 1.15), style, text)
            area.y, area.h = inner.y + used, rect.bottom - inner.y - used
        img = fit_text(text, _(message), size, style.dim, rect.w * 0.9, min_size=min(9, size))
        if img is not None:
            surface.blit(img, img.get_rect(center=area.center))


def draw_title(surface: pygame.Surface, area: pygame.Rect, title: str, size: int, style: ChartStyle,
           text: TextFn) -> int:
    """Draw ``title`` at the top of ``area``; the height it took.  A title too wide for one
    line takes two at its size where they fit, or where one line would shrink under four
    fifths of ``size``, if the chart is tall enough (a Dari statistics title was squeezed
    until its letters' dots ran together)."""
    if not title:
        return 0
    lines = [title]
    if area.h >= size * 6 and text(title, size, style.text, True).get_width() > area.w:
        # two lines at its size where they fit (``shared_title_px`` counts on it), or where one
        # line would shrink past four fifths of it
        halves = title_halves(title)
        if all(text(h, size, style.text, True).get_width() <= area.w for h in halves) or \
                text(title, max(9, round(size * 0.8)), style.text, True).get_width() > area.w:
            lines = halves
    y = area.y
    for line in lines:
        img = fit_text(text, line, size, style.text, area.w, bold=True)
        if img is not None:     # from the reader's side: the right in a right-to-left language
            surface.blit(img, img.get_rect(topright=(area.right, y)) if is_rtl() else (area.x, y))
            y += img.get_height()
    return y - area.y


def title_halves(title: str) -> list[str]:
    """A title on two lines, broken at the space nearest its middle (one line: no space).

    >>> title_halves("card points (over 30 scores)")
    ['card points', '(over 30 scores)']
    """
    words = title.split(" ")
    if len(words) < 2:
        return [title]
    cut = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k])) - len(title) / 2))
    return [" ".join(words[:cut]), " ".join(words[cut:])]


def shared_title_px(charts: Sequence[tuple[pygame.Rect, str]], font_px: int,
                    text: Optional[TextFn] = None, two_lines: bool = False) -> int:
    """One size for the titles of charts drawn side by side, the largest at which each
    fits its own chart: at 1280x1024 a deal summary's long "tricks (four to break even)"
    shrank alone and read as a lesser chart than "the match so far" beside it.  With
    ``two_lines`` a title of a chart tall enough may take two (``draw_title`` breaks it so):
    a wide summary's narrow charts drew "card points (over 30 scores)" at 11 px in Dari."""
    text = text or _default_text
    size = round(font_px * 1.15)
    for rect, title in charts:
        rect = pygame.Rect(rect)
        pad = 2 * max(3, round(1.2 * _unit(rect)))
        while title and size > 9 and not _title_fits(title, size, rect.w - pad, rect.h - pad if two_lines else 0, text):
            size = max(9, int(size * 0.88))
    return size


def _title_fits(title: str, size: int, width: int, height: int, text: TextFn) -> bool:
    """Does ``title`` fit ``width`` at ``size``: on one line, or on two in a chart ``height``
    tall enough for them (``draw_title``'s rule)?"""
    if text(title, size, DARK.text, True).get_width() <= width:
        return True
    return height >= size * 6 and all(text(line, size, DARK.text, True).get_width() <= width
                                      for line in title_halves(title))
