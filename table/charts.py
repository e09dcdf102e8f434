"""Charts drawn with pygame on a given Surface inside a given Rect, from plain data (numbers, labels,
colours; nothing from a scene), for the results, match-end and statistics screens:
    score_race(surface, rect, [Series("Us", [40, 95, 160], BLUE), ...], target=500)
    bar_chart(surface, rect, ["Us", "Them"], [7, 5], [BLUE, RED], targets=[6, 7])
    sparkline(surface, rect, [0.61, 0.64, 0.7], GOLD, label="Accuracy")     # in sparkline.py

Sizes scale with the rect (1024x600 to 2560x1440); ``font_px`` pins the text size instead, so charts side
by side can match.  Labels are fitted to their box (smaller, then cut with "..."), drawing is clipped to the
rect, and no data draws "no data yet" (in the language in use).  Text comes from ``text(string, size, colour,
bold)``, by default the table's fonts; ``ChartStyle`` holds the inks of what is not data.
"""
import math
from typing import Callable, Optional, Sequence

import pygame

from .chart_base import (DARK, LIGHT, MARKERS, NO_DATA, ChartStyle, Colour, Series, TextFn, _Clip,  # noqa: F401
                         _dashed, _default_text, _finite, _grid_overlay, _polyline, _span, draw_title, _unit,
                         common_size, cut_text, fit_text, font_size, format_number, marker, nice_ticks, no_data,
                         shared_title_px)
from .chart_places import target_tag_place
from .i18n import N_, _, is_rtl


# ---------------------------------------------------------------- score race

def score_race(surface: pygame.Surface, rect: pygame.Rect, series: Sequence[Series],
               target: Optional[float] = None, title: str = "", x_label: str = N_("Deal"),
               style: ChartStyle = DARK, text: Optional[TextFn] = None,
               font_px: Optional[int] = None, title_px: Optional[int] = None) -> Optional[pygame.Rect]:
    """Running totals per deal, one line per side, racing to a dashed ``target``.

    ``series[i].values[k]`` is side i's total after deal k+1; every line starts
    at 0 before the first deal.  The legend shows each side's latest total.
    ``font_px`` sets the label size (else it follows the rect), ``title_px`` the
    title's (else 15 % over the labels: ``shared_title_px``).  Returns the
    plot area (where value v of deal k sits, for hit tests), or None when there
    was nothing to draw and "no data yet" was shown.
    """
    text = text or _default_text
    rect = pygame.Rect(rect)
    data = [(s, _finite(s.values)) for s in series]
    deals = max((len(v) for _s, v in data), default=0)
    if deals == 0 or rect.w < 60 or rect.h < 40 or all(x is None for _s, v in data for x in v):
        no_data(surface, rect, style, text, font_px=font_px, title=title, title_px=title_px)
        return None
    u = _unit(rect)
    fs = font_px or font_size(rect)
    small = max(9, round(fs * 0.85))
    line_w = max(2, round(0.8 * u))
    pad = max(3, round(1.2 * u))
    with _Clip(surface, rect):
        inner = rect.inflate(-2 * pad, -2 * pad)
        top = inner.y + draw_title(surface, inner, title, title_px or round(fs * 1.15), style, text)
        top += _legend(surface, pygame.Rect(inner.x, top, inner.w, fs * 2), [s for s, _v in data],
                       [next((x for x in reversed(v) if x is not None), None) for _s, v in data],
                       fs, line_w, style, text)
        values = [x for _s, v in data for x in v if x is not None] + [0.0]
        lo, hi = min(values), max(values)
        if target is not None and math.isfinite(target):
            lo, hi = min(lo, target), max(hi, target)
        span = hi - lo or 1.0
        lo, hi = lo - (0.03 * span if lo < 0 else 0.0), hi + 0.06 * span
        ticks = nice_ticks(lo, hi, max(2, min(6, round((inner.bottom - top - small * 3) / (small * 2.6)))),
                           whole=all(v == round(v) for v in values))     # scores: no 2.5 labels
        lo, hi = min(lo, ticks[0]), max(hi, ticks[-1])
        if target is not None and math.isfinite(target) and len(ticks) >= 2:
            # A tick a hair from the target (50 under a target of 51, 100 under 101 with only
            # 0 and 100 labelled) read as the target's own line: the target takes its place
            # on the axis, where its dashed line runs (the axis had no number there at all).
            step = ticks[1] - ticks[0]
            ticks = sorted([t for t in ticks if t == 0 or abs(t - target) >= step * 0.5] + [target])
            mark = ticks[-1]
            while mark < max(values):           # 60 gave way to 51: a total of 65 stood over no number
                mark = mark - mark % step + step
                if abs(mark - target) >= step * 0.5:    # (not the tick a hair over the target again)
                    ticks.append(mark)
            hi = max(hi, mark)
        labels = [text(format_number(t), small, style.dim, False) for t in ticks]
        label_w = max(img.get_width() for img in labels)
        x_img = text(_(x_label), small, style.dim, False) if x_label else None
        if x_img is not None and inner.bottom - top - pad - small * 1.5 - x_img.get_height() < small * 5:
            x_img = None        # a short chart (a summary at 1024x600) keeps its height for the lines
        bottom_h = small * 1.5 + (x_img.get_height() if x_img else 0)
        dot = max(line_w * 1.2, u) if deals <= 24 else 0.0    # dots on the deals while they are few
        # Dari reads from the right: the deals run leftward from an axis on the right, as the
        # bar charts and legends beside the race are mirrored (the race alone ran left to right)
        rtl = is_rtl()
        edge = round(max(dot, line_w / 2) + 1)
        plot = pygame.Rect(inner.x + (edge if rtl else label_w + pad), top + pad, 0, 0)
        plot.w = round(inner.right - plot.x - (label_w + pad if rtl else edge))
        plot.h = round(inner.bottom - bottom_h - plot.y)
        if plot.w < 20 or plot.h < 20:
            return plot
        axis_w = max(1, round(u / 3))
        if target is not None and math.isfinite(target) and hi > lo:
            # Room over the target's line for its label: with the target the top of the scale
            # the label could only go under the line, where the sides' lines ran through it
            # (Manni's target of 10 over totals near 0).
            k = (text("Ag", small, style.target, False).get_height() + axis_w + 3) / plot.h
            if k < 0.5:
                hi = max(hi, (target - k * lo) / (1 - k))

        def X(k: float) -> float:
            return plot.right - plot.w * k / deals if rtl else plot.x + plot.w * k / deals

        def Y(v: float) -> float:
            return plot.bottom - plot.h * (v - lo) / (hi - lo)

        grid = [Y(t) for t in ticks if t != target]     # no grid line showing through the target's gaps
        surface.blit(_grid_overlay(plot, grid, style.grid, max(1, round(u / 4))), plot.topleft)
        has_target = target is not None and math.isfinite(target)
        shown: list[pygame.Rect] = []
        # the target's number first, then 0, then the rest, each only clear of those before it
        # (a Manni summary's short race drew "5" over "0"; "6 5 4" ran together)
        for t, img in sorted(zip(ticks, labels, strict=True), key=lambda p: (p[0] != target, p[0] != 0)):
            if has_target and t not in (0, target) and abs(Y(t) - Y(target)) < img.get_height() * 1.6:
                continue
            r = img.get_rect(midleft=(plot.right + pad, Y(t))) if rtl else img.get_rect(midright=(plot.x - pad, Y(t)))
            if r.collidelist(shown) < 0:
                shown.append(surface.blit(img, r))
        pygame.draw.line(surface, style.axis, (plot.x, Y(0)), (plot.right, Y(0)), axis_w)
        axis_x = plot.right if rtl else plot.x
        pygame.draw.line(surface, style.axis, (axis_x, plot.y), (axis_x, plot.bottom), axis_w)
        step = next(k for k in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, 10 ** 9)
                    if plot.w * k / deals >= small * 2.4)
        for k in range(0, deals + 1, step):
            x = X(k)
            pygame.draw.line(surface, style.axis, (x, plot.bottom), (x, plot.bottom + pad * 0.6), axis_w)
            img = text(format_number(k), small, style.dim, False)
            surface.blit(img, _inside(img.get_rect(midtop=(x, plot.bottom + pad * 0.7)), inner))
        if x_img is not None:
            surface.blit(x_img, x_img.get_rect(midbottom=(plot.centerx, inner.bottom)))
        # each side's line a hair above or below the others': two sides level (Manni's -4 and -4)
        # drew one line over the other, and a player's line was gone
        nudge = [(i - (len(data) - 1) / 2) * max(1.0, line_w * 0.6) for i in range(len(data))]
        lines = [[(X(0), Y(0) + d)] + [(X(k + 1), Y(x) + d) for k, x in enumerate(v) if x is not None]
                 for (_s, v), d in zip(data, nudge, strict=True)]
        if target is not None and math.isfinite(target):
            y = Y(target)
            _dashed(surface, style.target, (plot.x, y), (plot.right, y), max(1, round(u / 2.5)), 1.6 * u)
        for i, ((s, _v), pts) in enumerate(zip(data, lines)):
            _polyline(surface, s.colour, pts, line_w)
            # a mark on each deal while they are few, else on the line's end: its shape as the legend's
            for p in pts[1:] if dot else pts[-1:]:
                marker(surface, s.colour, p, dot or max(line_w * 1.2, u), MARKERS[i % len(MARKERS)])
        if target is not None and math.isfinite(target):      # over the lines, where they leave it room
            tag = fit_text(text, _("Target {n}").format(n=format_number(target)), small, style.target, plot.w * 0.4)
            spot = target_tag_place(tag.get_rect(), plot, Y(target), axis_w + 1, pad, lines) if tag else None
            if tag is not None and spot is not None:
                surface.blit(tag, spot)
    return plot


def _legend(surface: pygame.Surface, area: pygame.Rect, series: Sequence[Series],
            latest: Sequence[Optional[float]], fs: int, line_w: int, style: ChartStyle,
            text: TextFn) -> int:
    """Swatch, name and latest total of each series in one row; the height it took. The names
    share one size, smaller if the row is too long, and are cut (each to an equal share) only
    when even the smallest size does not fit."""
    if not series:
        return 0
    names = [s.label if last is None else _("{side}: {score}").format(side=s.label, score=format_number(last))
             for s, last in zip(series, latest, strict=True)]
    gap, swatch, inset = fs * 0.9, fs * 1.4, fs * 0.4
    room = area.w - len(names) * (swatch + inset) - gap * (len(names) - 1)
    floor = max(9, round(fs * 0.75))
    def width(size: int) -> int:
        return sum(text(t, size, style.text, False).get_width() for t in names)

    size = fs
    while size > floor and width(size) > room:
        size = max(floor, int(size * 0.9))
    fits = width(size) <= room
    if not fits:        # the names cut, each to its share, the totals kept ("Tana & Tan…: …" hid a score)
        share = room / len(names)
        for i, (s, last) in enumerate(zip(series, latest, strict=True)):
            if last is not None and text(names[i], size, style.text, False).get_width() > share:
                score = _("{side}: {score}").format(side="", score=format_number(last))
                label = cut_text(text, s.label, size, share - text(score, size, style.text, False).get_width(), least=1)
                names[i] = _("{side}: {score}").format(side=label, score=format_number(last))
    step = -1 if is_rtl() else 1                    # Dari: from the right, each swatch right of its name
    x: float = area.right if step < 0 else area.x
    cy = area.y + fs * 0.7
    h = 0
    for i, (s, name) in enumerate(zip(series, names, strict=True)):
        pygame.draw.line(surface, s.colour, (x, cy), (x + step * swatch, cy), line_w)
        marker(surface, s.colour, (x + step * swatch / 2, cy), max(line_w, fs * 0.22), MARKERS[i % len(MARKERS)])
        x += step * (swatch + inset)
        img = fit_text(text, name, size, style.text, room if fits else room / len(names), min_size=size)
        if img is not None:
            surface.blit(img, img.get_rect(midleft=(x, cy)) if step > 0 else img.get_rect(midright=(x, cy)))
            h = max(h, img.get_height())
            x += step * img.get_width()
        x += step * gap
    return round(max(h, fs) + fs * 0.3)


def _inside(r: pygame.Rect, area: pygame.Rect) -> pygame.Rect:
    """``r`` slid sideways to lie within ``area``'s left and right edges (labels at the ends)."""
    r.x = max(area.x, min(r.x, area.right - r.w))
    return r


# ---------------------------------------------------------------- bar chart

def bar_chart(surface: pygame.Surface, rect: pygame.Rect, labels: Sequence[str], values: Sequence[float],
              colours: Sequence[Colour], targets: Optional[Sequence[Optional[float]]] = None,
              max_value: Optional[float] = None, title: str = "",
              value_format: Callable[[float], str] = format_number, target_label: str = N_("target"),
              style: ChartStyle = DARK, text: Optional[TextFn] = None,
              font_px: Optional[int] = None, title_px: Optional[int] = None) -> Optional[pygame.Rect]:
    """One vertical bar per label (value on top, name below), each with an optional
    dashed ``targets`` mark: tricks taken against the call, win rate per bot, ...

    ``colours`` repeats if shorter than ``labels``; ``max_value`` fixes the top of
    the scale (1.0 for rates, say).  Negative values hang below the zero line.
    Names share one size; when they cannot fit side by side they alternate on
    two rows, and only then are cut.  Returns the plot area, or None when
    "no data yet" was shown.
    """
    text = text or _default_text
    rect = pygame.Rect(rect)
    vals = _finite(values)[:len(labels)]
    n = len(vals)
    if n == 0 or not colours or rect.w < 40 or rect.h < 40 or all(v is None for v in vals):
        no_data(surface, rect, style, text, font_px=font_px, title=title, title_px=title_px)
        return None
    tgts = _finite(targets)[:n] if targets is not None else []
    tgts += [None] * (n - len(tgts))
    if is_rtl():        # Dari reads from the right: the first bar there, as a table's first column
        labels, vals, tgts = list(labels)[:n][::-1], vals[::-1], tgts[::-1]
        colours = [colours[i % len(colours)] for i in range(n)][::-1]
    has_targets = any(t is not None for t in tgts)
    u = _unit(rect)
    fs = font_px or font_size(rect)
    small = max(9, round(fs * 0.85))
    pad = max(3, round(1.2 * u))
    with _Clip(surface, rect):
        inner = rect.inflate(-2 * pad, -2 * pad)
        top = inner.y + draw_title(surface, inner, title, title_px or round(fs * 1.15), style, text)
        slot = inner.w / n
        names = [str(t) for t in labels[:n]]
        floor = max(9, round(fs * 0.75))
        size = common_size(text, names, fs, slot * 0.94, min_size=floor)
        rows, room = 1, slot * 0.94
        # Two or three names (a deal's sides) stay on one row, cut short if need be: a second row
        # put a side's name under the other's bar.
        while n > max(rows, 3) and rows < 3 and any(text(t, size, style.text, False).get_width() > room for t in names):
            # Names on 2 (3) rows stand 2 (3) slots from the next on their row; an end one, kept inside
            # the chart, moves in by up to half its width less half a slot: (rows + 0.5) / 1.5 slots is
            # the widest two neighbours can be and still not touch (TANOOR ran into ZELZELA).
            rows += 1
            room = slot * ((rows + 0.5) / 1.5 - 0.07)
            size = common_size(text, names, fs, room, min_size=floor)
        vtexts = [value_format(v) if v is not None else "" for v in vals]
        vsize = common_size(text, vtexts, small, slot * 0.96, bold=True, min_size=9)
        label_h = text("Ag", size, style.text, False).get_height()
        value_h = text("0", vsize, style.text, True).get_height()
        known = [v for v in vals + tgts if v is not None]
        lo = min([0.0] + known)
        hi = max([0.0] + known + ([max_value] if max_value is not None else []))
        hi = hi if hi > lo else lo + 1.0
        below = label_h * rows + pad * 0.6 + (small * 1.4 if has_targets else 0) + (value_h if lo < 0 else 0)
        plot = pygame.Rect(inner.x, round(top + value_h + pad * 0.5), inner.w, 0)
        plot.h = round(inner.bottom - below - plot.y)
        if plot.h < 10:
            return plot
        bar_w = max(2, round(min(slot * 0.58, 14 * u)))

        def Y(v: float) -> float:
            return plot.bottom - plot.h * (v - lo) / (hi - lo)

        y0 = Y(0.0)
        grid = [Y(t) for t in nice_ticks(lo, hi, 4) if t not in tgts]    # none through a target's gaps
        surface.blit(_grid_overlay(plot, grid, style.grid, max(1, round(u / 4))), plot.topleft)
        pygame.draw.line(surface, style.axis, (plot.x, round(y0)), (plot.right, round(y0)), max(1, round(u / 3)))
        radius = max(1, round(bar_w * 0.12))
        label_top = plot.bottom + (value_h if lo < 0 else 0) + pad * 0.6
        for i, (name, v, t) in enumerate(zip(names, vals, tgts, strict=True)):
            cx = plot.x + slot * (i + 0.5)
            if v is not None:
                y = Y(v)
                up = v >= 0
                top_y, bottom_y = round(min(y, y0)), round(max(y, y0))   # flush with the zero line
                bar = pygame.Rect(round(cx - bar_w / 2), top_y, bar_w, max(1, bottom_y - top_y))
                r_top, r_bottom = (radius, 0) if up else (0, radius)   # round the free end only
                pygame.draw.rect(surface, colours[i % len(colours)], bar, border_top_left_radius=r_top,
                                 border_top_right_radius=r_top, border_bottom_left_radius=r_bottom,
                                 border_bottom_right_radius=r_bottom)
                img = fit_text(text, vtexts[i], vsize, style.text, slot * 0.96, bold=True)
                foot = bar.top - pad * 0.3
                crossed = t is not None and up and foot - value_h < Y(t) < bar.top + pad
                # a target just over the bar: its number inside the bar's top; one the bar meets
                # exactly: the number over the mark (inside, the mark's dashes ran through it)
                if crossed and Y(t) < bar.top - 1.5 and img is not None and bar.h > value_h and img.get_width() < bar_w:
                    img, foot = text(vtexts[i], vsize, (20, 26, 22), True), bar.top + value_h  # over it, read as the target's
                elif crossed:
                    foot = Y(t) - max(2, round(u / 2)) - pad * 0.3    # lift it over the target mark
                if img is not None:
                    surface.blit(img, _inside(img.get_rect(midbottom=(cx, foot)) if up
                                              else img.get_rect(midtop=(cx, bar.bottom + pad * 0.3)), inner))
            if t is not None:
                half = min(slot * 0.45, bar_w * 0.5 + 2.2 * u)
                _dashed(surface, style.target, (cx - half, Y(t)), (cx + half, Y(t)), max(2, round(u / 2)), 1.1 * u)
            img = fit_text(text, name, size, style.text, room, min_size=size)
            if img is not None:
                surface.blit(img, _inside(img.get_rect(midtop=(cx, label_top + label_h * (i % rows))), inner))
        if has_targets:
            y = inner.bottom - small * 0.6
            seg = 2.75 * u    # two and a half dashes, as on the marks
            img = fit_text(text, _(target_label), small, style.dim, inner.w - seg * 2 - pad)
            gap = small * 0.5
            w = seg * 2 + gap + (img.get_width() if img else 0)
            x = inner.centerx - w / 2
            _dashed(surface, style.target, (x, y), (x + seg * 2, y), max(2, round(u / 2)), 1.1 * u)
            if img is not None:
                surface.blit(img, img.get_rect(midleft=(x + seg * 2 + gap, y)))
    return plot
