"""A sparkline: a small time series (accuracy, results over time) for the statistics
screen, drawn with the charts' shared pieces (``charts.py``)."""
from typing import Callable, Optional, Sequence, Tuple

import pygame

from .charts import (DARK, ChartStyle, Colour, TextFn, _Clip, _default_text, _finite, _polyline, fit_text,
                     format_number, no_data)


def sparkline(surface: pygame.Surface, rect: pygame.Rect, values: Sequence[float], colour: Colour,
              label: str = "", lo: Optional[float] = None, hi: Optional[float] = None,
              value_format: Callable[[float], str] = format_number, fill: bool = True,
              style: ChartStyle = DARK, text: Optional[TextFn] = None,
              font_px: Optional[int] = None) -> Optional[pygame.Rect]:
    """A small time series: ``label`` at the left, the line, the latest value at the right.

    ``lo``/``hi`` fix the scale (0 and 1 for an accuracy, say); by default the
    line spans the values' own range.  Returns the line's area, or None when
    "no data yet" was shown.
    """
    text = text or _default_text
    rect = pygame.Rect(rect)
    vals = [v for v in _finite(values) if v is not None]
    if not vals or rect.w < 30 or rect.h < 8:
        no_data(surface, rect, style, text, font_px=font_px)
        return None
    fs = font_px or max(9, min(40, round(rect.h * 0.42), round(rect.w / 12)))
    line_w = max(1, round(rect.h / 22))
    pad = max(2, round(rect.h * 0.12))
    with _Clip(surface, rect):
        area = rect.inflate(-2 * pad, -2 * pad)
        img = fit_text(text, label, fs, style.dim, area.w * 0.3)
        if img is not None:
            surface.blit(img, img.get_rect(midleft=(area.x, area.centery)))
            area.x += img.get_width() + pad
            area.w -= img.get_width() + pad
        img = fit_text(text, value_format(vals[-1]), fs, style.text, area.w * 0.3, bold=True)
        if img is not None:
            surface.blit(img, img.get_rect(midright=(area.right, area.centery)))
            area.w -= img.get_width() + pad
        dot = max(line_w * 1.3, rect.h * 0.07)
        area = area.inflate(-2 * round(dot), -2 * round(dot))
        if area.w < 4 or area.h < 2:
            return area
        a, b = min(vals) if lo is None else lo, max(vals) if hi is None else hi
        if b <= a:          # one value, or all alike: a fixed floor keeps them on it (a cost of 0 sat halfway up)
            a, b = (a, a + 1.0) if lo is not None else (a - 1.0, b + 1.0)

        def P(i: int, v: float) -> Tuple[float, float]:
            x = area.x + (area.w * i / (len(vals) - 1) if len(vals) > 1 else area.w)
            t = (min(b, max(a, v)) - a) / (b - a)
            return (x, area.bottom - area.h * t)

        pts = [P(i, v) for i, v in enumerate(vals)]
        if fill and len(pts) > 1:
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            poly = [(x - rect.x, y - rect.y) for x, y in pts]
            poly += [(poly[-1][0], area.bottom - rect.y), (poly[0][0], area.bottom - rect.y)]
            pygame.draw.polygon(layer, (*colour[:3], 56), poly)
            surface.blit(layer, rect.topleft)
        _polyline(surface, colour, pts, line_w)
        pygame.draw.aacircle(surface, colour, pts[-1], dot)
    return area
