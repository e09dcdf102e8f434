"""Where a chart's target label goes: the one placement rule the score race uses, kept
apart from the drawing (``charts.score_race``)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

import pygame

from .i18n import is_rtl


def target_tag_place(tag: pygame.Rect, plot: pygame.Rect, y: float, gap: int, pad: int,
                      lines: Sequence[Sequence[tuple[float, float]]]) -> Optional[pygame.Rect]:
    """Where the target's label goes: over or under the dashed line, at its start or its
    end, wherever the fewest points of the lines run (at the start, over the line, first).
    In Manfee and Manille every side starts far below the target; in Manni the target of
    15 sits just above the zero every side starts from, and the label lay on the lines.
    None where every spot the plot has room for lies across a line (a summary's short
    chart: the label was unreadable there; the axis numbers the target)."""
    spots = []
    for end in (("right", "left") if is_rtl() else ("left", "right")):      # the start: by the axis
        for over in (True, False):
            r = tag.copy()
            if over:
                r.bottom = round(y - gap)
            else:
                r.top = round(y + gap)
            if end == "left":
                r.left = plot.x + pad
            else:
                r.right = plot.right - pad
            if plot.top <= r.top and r.bottom <= plot.bottom:
                spots.append(r)
    if not spots:
        return None
    near = [spot.inflate(4, 4) for spot in spots]
    crossed = [0] * len(spots)
    for pts in lines:
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            steps = max(1, round(max(abs(x1 - x0), abs(y1 - y0)) / 2))
            for i in range(steps + 1):
                px, py = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
                for k, r in enumerate(near):
                    if r.collidepoint(px, py):
                        crossed[k] += 1
    best = min(range(len(spots)), key=crossed.__getitem__)
    return spots[best] if crossed[best] == 0 else None
