"""Panels over the table: a row of cards (the last trick, the hand passed away)
and the deal history.  Pure drawing from the data handed over."""
from __future__ import annotations

from typing import Callable

import pygame

from .hud import side_name
from .rich import blit_rich
from .theme import GOLD, CREAM, DIM, RED, OVERLAY, panel, blit_text, signed


def draw_cards_panel(surface: pygame.Surface, layout, images, title: str, cards: list,
                     labels: list | None = None, mark: int | None = None,
                     subtitle: str | None = None) -> pygame.Rect:
    """A panel with a row of faces (last trick, the hand I passed)."""
    L = layout
    fs = max(13, round(L.H * 0.024))
    w = round(images.width * 0.8)
    gap = round(w * (0.18 if labels else -0.35))
    n = len(cards)
    width = max(n * w + (n - 1) * gap + fs * 2, fs * 16)
    height = round(w * 1.4 + fs * 4.2 + (fs * 1.3 if labels else 0))
    rect = pygame.Rect(0, 0, round(width), height)
    rect.center = (L.W // 2, round(L.center[1]))
    panel(surface, rect, fill=OVERLAY)
    blit_text(surface, title, fs, (rect.centerx, rect.y + fs * 0.5), GOLD, bold=True, anchor="midtop")
    x = rect.centerx - (n * w + (n - 1) * gap) / 2
    y = rect.y + fs * 2.2
    for i, c in enumerate(cards):
        img = images.get(c, True, w, 0)
        r = img.get_rect(topleft=(round(x + i * (w + gap)), round(y)))
        surface.blit(img, r)
        if mark is not None and i == mark:
            pygame.draw.rect(surface, GOLD, r.inflate(6, 6), 3, border_radius=6)
        if labels:
            blit_text(surface, labels[i], fs * 0.75, (r.centerx, r.bottom + 4), CREAM, anchor="midtop")
    foot = subtitle or "click anywhere to close"
    blit_text(surface, foot, fs * 0.75, (rect.centerx, rect.bottom - fs * 0.6), DIM, anchor="midbottom")
    return rect


def history_rows(summaries: list) -> list:
    """One dict per finished deal: deal, dealer, targets, tricks, points, trump, score,
    running totals and outcome."""
    rows = []
    running: dict | None = None
    for i, s in enumerate(summaries):
        score = s.get("score") or {}
        running = dict(score) if running is None else {k: running.get(k, 0) + v for k, v in score.items()}
        rows.append({"deal": i + 1, "dealer": s.get("dealer"), "targets": s.get("targets"),
                     "tricks": s.get("tricks"), "points": s.get("points"), "trump": s.get("trump"),
                     "score": score, "totals": dict(running), "outcome": s.get("outcome")})
    return rows


OUTCOME_MARKS = {"over": ("over", RED), "misdeal": ("void", RED), "tie": ("30 – 30", GOLD)}


def draw_history(surface: pygame.Surface, rect: pygame.Rect, summaries: list, sides: list,
                 name: Callable[[str], str], signed_scores: bool = False, title: str = "Deal history",
                 latest: int | None = None, reserve: float = 3.2, note: str | None = None) -> None:
    """The deals so far in a table: targets or points or tricks, score and running totals."""
    fs = max(12, round(surface.get_height() * 0.022))
    panel(surface, rect, fill=OVERLAY)
    blit_text(surface, title, fs * 1.2, (rect.centerx, rect.y + fs * 0.6), GOLD, bold=True, anchor="midtop")
    y = rect.y + fs * 2.6
    if note:
        blit_rich(surface, note, fs * 0.95, (rect.centerx, y - fs * 0.4), CREAM, bold=True, anchor="midtop")
        y += fs * 1.5
    cols = [rect.x + fs, rect.x + fs * 4.5]
    colw = (rect.width - fs * 9) / max(1, len(sides))
    for j, side in enumerate(sides):
        blit_text(surface, side_name(name, side), fs * 0.85, (cols[1] + j * colw, y), GOLD, bold=True)
    blit_text(surface, "deal", fs * 0.85, (cols[0], y), GOLD, bold=True)
    y += fs * 1.5
    rows = history_rows(summaries)
    max_rows = max(1, int((rect.bottom - y - fs * reserve) // (fs * 1.35)))
    for row in rows[-max_rows:]:
        colour = GOLD if row["deal"] == latest else CREAM
        trump = row["trump"]
        label = f"{row['deal']}"
        if trump:
            label += "  " + ("NT" if trump == "NT" else f"{{{trump}}}")
        blit_rich(surface, label, fs * 0.9, (cols[0], y), colour, bold=True)
        for j, side in enumerate(sides):
            t = (row["targets"] or {}).get(side)
            won = (row["tricks"] or {}).get(side)
            pts = (row["points"] or {}).get(side)
            sc = row["score"].get(side, 0)
            parts = []
            if t is not None:
                parts.append(f"{won}/{t}")
            elif pts is not None:
                parts.append(f"{pts} pts")
            elif won is not None:
                parts.append(f"{won} tr")
            parts.append(signed(sc) if signed_scores else f"+{sc}")
            parts.append(f"= {row['totals'].get(side, 0)}")
            blit_text(surface, "   ".join(parts), fs * 0.9, (cols[1] + j * colw, y), colour)
        mark = OUTCOME_MARKS.get(row["outcome"])
        if mark:
            blit_text(surface, mark[0], fs * 0.75, (rect.right - fs, y + 2), mark[1], anchor="topright")
        y += fs * 1.35
    if not rows:
        blit_text(surface, "no deal finished yet", fs * 0.9, (rect.centerx, y), DIM, anchor="midtop")
