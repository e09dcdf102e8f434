"""The review screen's list of decisions and its progress bar.

The list's columns in reading order (from the right in Dari), what the seat
knew on the left of a line and the all-hands view on its right, the row in
gold the selected one; below, the deal's summary once the review is done or
a bar of what is left to work out.  Split from ``review_screen``, which
keeps the scene: its keys, its worker and its position panel.
"""
from __future__ import annotations

import time
from typing import Any

import pygame

from bots.review import DealReview

from .coach_draw import blit_fit, column_box, fitted_shares
from .coach_text import BLUE, COLUMNS, TEXT, VERDICT_INK, summary_text, verdict
from .i18n import digits, is_rtl, number
from .rich import rich
from .theme import CREAM, DIM, GOLD

SHIMMER = 1.6          # seconds a glint takes across the bar's empty part


def draw_bar(surface: pygame.Surface, bar: pygame.Rect, fraction: float | None, glint: float | None = None) -> None:
    """A progress bar ``fraction`` full (None: empty), filled from the reader's side; a glint
    (``glint``: 0 to 1, how far across) runs over its empty part, so that a first decision
    of seconds does not look stuck (a player read "0 of 6" for 5 s as a bar that never moved)."""
    pygame.draw.rect(surface, (8, 20, 14), bar, border_radius=bar.h // 2)
    filled = bar.copy()
    filled.w = max(bar.h, round(bar.w * fraction)) if fraction is not None else 0
    if is_rtl():            # a Dari reader's bar fills from the right, where the reading starts
        filled.right = bar.right
    if glint is not None and filled.w < bar.w - bar.h:
        rest = bar.w - filled.w - bar.h
        x = bar.x + filled.w + rest * glint if not is_rtl() else bar.right - filled.w - bar.h - rest * glint
        pygame.draw.rect(surface, (96, 84, 40), pygame.Rect(round(x), bar.y, bar.h, bar.h), border_radius=bar.h // 2)
    if filled.w:
        pygame.draw.rect(surface, GOLD, filled, border_radius=bar.h // 2)
    pygame.draw.rect(surface, DIM, bar, 2, border_radius=bar.h // 2)


def glint_now() -> float:
    """Where the bar's glint is now (0 to 1)."""
    return time.monotonic() % SHIMMER / SHIMMER



def draw_decision_list(surface: pygame.Surface, area: pygame.Rect, fs: int, review: DealReview,
                       rows: list[list[str]], selected: int, scroll: int, job: Any
                       ) -> tuple[int, list[tuple[int, pygame.Rect]]]:
    """Draw ``review``'s decisions (their texts ``rows``) in ``area``, row ``selected`` in
    gold, scrolled so that it shows; ``job`` the review's worker while it is not done.
    Returns the scroll it took and each drawn row's rectangle (for the mouse)."""
    row_rects: list[tuple[int, pygame.Rect]] = []
    if not review.decisions:
        blit_fit(surface, TEXT["no_decision"], fs, area.midleft, area.w, CREAM, anchor="midleft")
        return scroll, row_rects
    # The columns in reading order: from the left, or (Dari) from the right.
    rtl = is_rtl()
    small = round(fs * 0.85)
    xs, start = [], 0.0
    for share in column_shares(rows, area.w, fs, small):
        left, width = column_box(area.x, area.w, start, start + share, fs * 0.4)
        xs.append((round(left), width))
        start += share
    # the line between what the seat knew (columns 2-4) and the all-hands view (5-)
    split = (xs[4][0] if rtl else xs[5][0]) - round(fs * 0.3)
    y = area.y
    view_l, view_r = (split, xs[2][0] + xs[2][1]) if rtl else (xs[2][0], split)
    dd_l, dd_r = (area.x, split) if rtl else (xs[5][0], area.right)
    blit_fit(surface, TEXT["group_view"], small, (view_l, y), view_r - view_l, GOLD, bold=True)
    blit_fit(surface, TEXT["group_dd"], small, (dd_l, y), dd_r - dd_l, BLUE, bold=True)
    y += round(small * 1.5)
    for (key, _share), (cx, cw) in zip(COLUMNS, xs, strict=True):
        blit_fit(surface, TEXT[key], small, (cx, y), cw, DIM, bold=True)
    y += round(small * 1.6)
    pygame.draw.line(surface, DIM, (area.x, y - 3), (area.right, y - 3), 1)
    top = y
    rh = round(fs * 1.6)
    summary_h = round(fs * 3.3)         # the summary, and the line on forced moves over it
    fits = max(1, (area.bottom - summary_h - top) // rh)
    n = len(review.decisions)
    scroll = max(0, min(scroll, n - fits))
    if selected < scroll:
        scroll = selected
    elif selected >= scroll + fits:
        scroll = selected - fits + 1
    for i in range(scroll, min(n, scroll + fits)):
        d = review.decisions[i]
        r = pygame.Rect(area.x - 4, y, area.w + 8, rh)
        if i == selected:
            pygame.draw.rect(surface, (184, 134, 27), r, border_radius=6)
        kind = verdict(review.game, d)
        ink = (26, 18, 5) if i == selected else CREAM
        for j, ((cx, cw), cell) in enumerate(zip(xs, rows[i], strict=True)):
            colour = ink
            if j == 4 and i != selected:
                colour = VERDICT_INK[kind]
            bold = j == 4 and kind in ("mistake", "blunder")
            blit_fit(surface, cell, fs, (cx, r.centery), cw, colour, bold=bold, anchor="midleft")
        row_rects.append((i, r))
        y += rh
    pygame.draw.line(surface, DIM, (split, top - 3), (split, y), 1)
    if n > fits:
        more = digits(f"{scroll + 1}-{min(n, scroll + fits)} / {n}")
        blit_fit(surface, more, small, (area.right, y + 2), area.w, DIM, anchor="topright")
    if review.complete:
        blit_fit(surface, summary_text(review.summary(), review.game), fs * 0.9, (area.x, area.bottom), area.w,
                 CREAM, anchor="bottomleft")
    elif job is not None and job.total:       # the rest still worked out, where the summary comes
        rtl = is_rtl()          # the words where the reading starts, the bar at the line's end
        bar = pygame.Rect(area.x if rtl else area.right - area.w * 2 // 5, area.bottom - round(fs * 0.85),
                          area.w * 2 // 5, round(fs * 0.75))      # a quarter was easy to miss
        text = TEXT["progress"].format(done=number(job.done), total=number(job.total))
        blit_fit(surface, text, fs * 0.9, (area.right if rtl else area.x, bar.centery), area.w - bar.w - fs, DIM,
                 anchor="midright" if rtl else "midleft")
        draw_bar(surface, bar, job.fraction, glint_now())
    blit_fit(surface, TEXT["forced_left_out"], small, (area.x, area.bottom - round(fs * 1.3)), area.w, DIM,
             anchor="bottomleft")        # the list jumped from trick 6 to trick 8 with no word why
    return scroll, row_rects


def column_shares(rows: list[list[str]], width: int, fs: int, small: int) -> list[float]:
    """The columns' shares of the list's width, each widened to its longest cell where
    others have room to spare ("A♣ laten vallen" beside a cost column of "0")."""
    gap = fs * 0.4 + 2
    needs = [rich(TEXT[key], small, CREAM, True).get_width() for key, _share in COLUMNS]
    for row in rows:
        needs = [max(n, rich(cell, fs, CREAM, j == 4).get_width()) for j, (n, cell) in enumerate(zip(needs, row))]
    return fitted_shares([share for _key, share in COLUMNS], [(n + gap) / max(1, width) for n in needs])
