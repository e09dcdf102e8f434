"""The statistics screen's four charts (points lost a decision and results over time, matches
won per game, deals won against each bot) and the way its figures are written (``56%``, a
dash for none, the language's digits).  Drawn by ``charts.py`` and ``sparkline.py``."""
from __future__ import annotations

from typing import Any

import pygame

from host.rating import CHARACTERS

from . import charts
from .coach_draw import blit_lines, mirrored
from .coach_text import Words
from .coach_work import RECENT
from .i18n import N_, _, character_name, digits, game_title, number
from .rich import rich
from .sparkline import sparkline
from .theme import DIM, GOLD, OVERLAY, panel

# The charts' words and the figures' signs (the statistics screen's TEXT holds them too).
FIGURE_WORDS = {
    "chart_accuracy": N_("Lost against the best choice in {game}"),
    "chart_accuracy_none": N_("Lost against the best choice over time"),
    "chart_accuracy_unit": N_("points lost a decision, deal by deal"),
    "chart_accuracy_unit_tricks": N_("tricks lost a decision, deal by deal"),        # Manni
    # all games: one chart never mixes games' points, so the other games are named, not left out
    "chart_accuracy_others": N_("{unit} ({games}: choose the game above)"),
    "chart_results": N_("Results over time"),
    "chart_results_unit": N_("share of the last {n} matches won, match by match"),
    "chart_games": N_("Matches won per game"),
    "chart_bots": N_("Deals won against each bot"),
    "percent": N_("{n}%"),
    "dash": "–",                    # a sign, the same in every language
}
TEXT = Words(FIGURE_WORDS)

BLUE = (110, 170, 255)
GAME_INKS = {"manfee": (110, 170, 255), "manille": (240, 196, 90), "manille-muette": (200, 140, 255),
             "manni": (120, 220, 150)}


def count(n: int) -> str:
    """A whole number in the language's digits."""
    return digits(str(n))


def percent(x: float | None) -> str:
    """``0.5625`` -> ``56%``; None -> a dash."""
    return TEXT["dash"] if x is None else TEXT["percent"].format(n=count(round(100 * x)))


def bot_name(code: str) -> str:
    """A bot character as the table names it (Tanoor), in the player's script (in capitals
    here alone, it read as another name)."""
    return character_name(code)


def charts_order(bot: str) -> int:
    """The bots from the weakest to the strongest (the README's levels)."""
    return CHARACTERS.index(bot) if bot in CHARACTERS else len(CHARACTERS)


def draw_stats_charts(surface: pygame.Surface, area: pygame.Rect, fs: int, m: int, d: dict[str, Any],
                      games: list[str]) -> None:
    """The four charts side by side in ``area`` (``m`` apart) from the screen's figures ``d``
    (``coach_work.stats_snapshot``), for ``games``."""
    n = 4
    cw = (area.w - (n - 1) * m) // n
    cells = [mirrored(pygame.Rect(area.x + i * (cw + m), area.y, cw, area.h), surface.get_width())
             for i in range(n)]
    small = max(10, round(fs * 0.8))
    for c in cells:
        panel(surface, c, fill=OVERLAY)
    inner = [c.inflate(-m, -m) for c in cells]
    acc = d["accuracy_game"]
    acc_title = TEXT["chart_accuracy"].format(game=game_title(acc)) if acc else TEXT["chart_accuracy_none"]
    acc_unit = TEXT["chart_accuracy_unit_tricks" if acc == "manni" else "chart_accuracy_unit"]
    if d.get("accuracy_others"):
        acc_unit = TEXT["chart_accuracy_others"].format(
            unit=acc_unit, games=_(" & ").join(game_title(g) for g in d["accuracy_others"]))
    for rect, title, unit, values, ink, hi, fmt in (
            (inner[0], acc_title, acc_unit, d["accuracy"], GOLD, None, lambda v: charts.format_number(round(v, 2))),
            (inner[1], TEXT["chart_results"], TEXT["chart_results_unit"].format(n=number(RECENT)), d["results"], BLUE,
             1.0, percent)):
        # The title as the bar charts draw theirs; the line in a band of its own below, not
        # stretched over the whole panel (a sparkline's strokes grow with its height).
        top = rect.y + charts.draw_title(surface, rect, title, round(small * 1.15), charts.DARK, charts._default_text)
        # (from the box's edge, read from either side; two lines where one would have to shrink)
        one = rich(unit, round(small * 0.95), DIM).get_width() <= rect.w
        below = blit_lines(surface, unit, small * 0.95, (rect.x, top), rect.w, DIM, lines=1 if one else 2)
        room = rect.bottom - below - small
        band = pygame.Rect(rect.x, 0, rect.w, min(room, max(small * 4, round(room * 0.45))))
        band.centery = below + small + room // 2
        if not values:
            charts.no_data(surface, band, font_px=small)
            continue
        sparkline(surface, band, values, ink, lo=0.0, hi=hi, value_format=fmt, font_px=small)
    per_game = d["per_game"]
    charts.bar_chart(surface, inner[2], [game_title(g) for g in games],
                     [per_game[g]["win_rate"] for g in games], [GAME_INKS.get(g, GOLD) for g in games],
                     max_value=1.0, title=TEXT["chart_games"], value_format=percent, font_px=small)
    bots = sorted(d["bots"], key=charts_order)
    charts.bar_chart(surface, inner[3], [bot_name(b) for b in bots], [d["bots"][b]["deal_win_rate"] for b in bots],
                     [BLUE], max_value=1.0, title=TEXT["chart_bots"], value_format=percent, font_px=small)
