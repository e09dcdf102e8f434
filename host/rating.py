"""Elo ratings against the bot characters, whose own ratings are fixed.

The characters' ratings come from the arena (README, "Bots"): each row below
is one comparison of duplicate sets, A's share of the sets won against B
(ties count half).  An Elo difference D gives A the expected share
1 / (1 + 10^(-D/400)), so every row says D = 400 log10(p / (1 - p)); the
ratings are the weighted least-squares fit of all the rows of a game (weight
n p (1 - p), the inverse of the variance of that logit over n sets), KADO
held at 1000.  The fit is redone here from the table at import (it is small
and fixed, so the ratings are fixed too); ``tests/test_stats.py`` checks the
table against the arena's result files.

A person's rating moves deal by deal against bot tables only (every opponent
a bot, so the other side's rating is known and fixed): a team's rating is the
mean of its two players', the deal is won (1), level (0.5) or lost (0) by
comparing the two sides' deal scores, and the person moves by
K (result - expected).  In Manni each opponent is a separate comparison.
A single deal carries card luck that a duplicate set removes, so a person's
results are less extreme than the bots' set shares and the rating settles a
little toward the middle; it is a guide ("you play like TANOOR"), not a
tournament rating.

>>> round(expected(1200, 1000), 3)
0.76
>>> nearest_character(BOT_RATINGS["manille"]["TANOOR"] + 5, "manille")
'TANOOR'
"""
from __future__ import annotations

import math
import json
from collections.abc import Iterable, Sequence
from typing import Any

from rules.games import get_game

CHARACTERS = ("KADO", "POCHAQ", "PUCHOQ", "SADA", "TANA", "JANGARA", "TANOOR", "TIZAB", "ZELZELA")
ANCHOR, ANCHOR_RATING = "KADO", 1000.0

# (A, B, A's share of duplicate sets, sets), from benchmarks/bots_results/*.jsonl
# (the ORACLE rows left out: it is no character).
ARENA: dict[str, tuple[tuple[str, str, float, int], ...]] = {
    "manfee": (
        ("POCHAQ", "KADO", 0.6425, 400), ("PUCHOQ", "POCHAQ", 0.6225, 400),
        ("SADA", "PUCHOQ", 0.6675, 400), ("SADA", "KADO", 0.8812, 400),
        ("TANA", "SADA", 0.6388, 400), ("TANA", "POCHAQ", 0.7812, 400),
        ("JANGARA", "TANA", 0.5525, 1000), ("TANOOR", "JANGARA", 0.5650, 1000),
        ("TIZAB", "TANOOR", 0.5485, 1000), ("JANGARA", "PUCHOQ", 0.7050, 400),
        ("TANOOR", "SADA", 0.7113, 400), ("TIZAB", "TANA", 0.6625, 400),
        ("ZELZELA", "TIZAB", 0.5472, 530), ("ZELZELA", "KADO", 0.8700, 150),
        ("ZELZELA", "TANA", 0.7200, 150), ("ZELZELA", "JANGARA", 0.7333, 150),
    ),
    "manille": (
        ("POCHAQ", "KADO", 0.6138, 400), ("PUCHOQ", "POCHAQ", 0.5875, 400),
        ("SADA", "PUCHOQ", 0.5587, 400), ("SADA", "KADO", 0.7538, 400),
        ("TANA", "SADA", 0.5510, 1000), ("TANA", "POCHAQ", 0.6438, 400),
        ("ZELZELA", "KADO", 0.9133, 150), ("JANGARA", "TANA", 0.5340, 1000),
        ("TANOOR", "JANGARA", 0.5610, 1000), ("TIZAB", "TANOOR", 0.5660, 1000),
        ("ZELZELA", "TIZAB", 0.5450, 300), ("JANGARA", "PUCHOQ", 0.6138, 400),
        ("TANOOR", "SADA", 0.6400, 400), ("TIZAB", "TANA", 0.6975, 400),
        ("ZELZELA", "JANGARA", 0.7033, 150), ("ZELZELA", "TANA", 0.7833, 150),
    ),
    "manille-muette": (
        ("POCHAQ", "KADO", 0.5725, 400), ("PUCHOQ", "POCHAQ", 0.5737, 400),
        ("SADA", "PUCHOQ", 0.5763, 400), ("SADA", "KADO", 0.7412, 400),
        ("TANA", "SADA", 0.5545, 1000), ("TANA", "POCHAQ", 0.6650, 400),
        ("JANGARA", "TANA", 0.5315, 1000), ("JANGARA", "PUCHOQ", 0.6250, 400),
        ("TANOOR", "JANGARA", 0.5725, 1000), ("TANOOR", "SADA", 0.6462, 400),
        ("TIZAB", "TANOOR", 0.5520, 1000), ("TIZAB", "TANA", 0.6800, 400),
        ("ZELZELA", "TIZAB", 0.6167, 300), ("ZELZELA", "KADO", 0.9400, 150),
        ("ZELZELA", "TANA", 0.7633, 150), ("ZELZELA", "JANGARA", 0.7233, 150),
    ),
    "manni": (
        ("POCHAQ", "KADO", 0.6025, 400), ("PUCHOQ", "POCHAQ", 0.6012, 400),
        ("SADA", "PUCHOQ", 0.5663, 400), ("SADA", "KADO", 0.7775, 400),
        ("TANA", "SADA", 0.5675, 400), ("TANA", "POCHAQ", 0.7150, 400),
        ("JANGARA", "TANA", 0.5455, 1000), ("JANGARA", "PUCHOQ", 0.6300, 400),
        ("TANOOR", "JANGARA", 0.5610, 1000), ("TANOOR", "SADA", 0.6613, 400),
        ("TIZAB", "TANOOR", 0.5320, 1000), ("TIZAB", "TANA", 0.6937, 400),
        ("ZELZELA", "TIZAB", 0.5483, 300), ("ZELZELA", "KADO", 0.8533, 150),
        ("ZELZELA", "TANA", 0.7467, 150), ("ZELZELA", "JANGARA", 0.5967, 150),
    ),
}

K_NEW, K_SETTLED, SETTLED_AFTER = 32.0, 16.0, 30   # rated deals before K drops


def expected(rating: float, other: float) -> float:
    """The expected score of ``rating`` against ``other`` (0..1)."""
    return 1.0 / (1.0 + 10.0 ** ((other - rating) / 400.0))


def fit_ratings(rows: Iterable[tuple[str, str, float, int]], anchor: str = ANCHOR,
                anchor_rating: float = ANCHOR_RATING) -> dict[str, float]:
    """Weighted least-squares Elo ratings from (A, B, A's share, sets) rows."""
    rows = [r for r in rows if 0.0 < r[2] < 1.0]
    names = sorted({r[0] for r in rows} | {r[1] for r in rows})
    free = [n for n in names if n != anchor]
    at = {n: i for i, n in enumerate(free)}
    size = len(free)
    # Normal equations of sum w (x_a - x_b - d)^2, with x_anchor = 0.
    m = [[0.0] * size for _ in range(size)]
    v = [0.0] * size
    for a, b, p, sets in rows:
        d = 400.0 * math.log10(p / (1.0 - p))
        w = sets * p * (1.0 - p)
        for x, sign in ((a, 1.0), (b, -1.0)):
            if x == anchor:
                continue
            i = at[x]
            v[i] += sign * w * d
            for y, sign2 in ((a, 1.0), (b, -1.0)):
                if y != anchor:
                    m[i][at[y]] += sign * sign2 * w
    solved = _solve(m, v)
    out = {anchor: anchor_rating}
    for name, i in at.items():
        out[name] = anchor_rating + solved[i]
    return out


def _solve(m: list[list[float]], v: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is tiny)."""
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


BOT_RATINGS: dict[str, dict[str, float]] = {g: fit_ratings(rows) for g, rows in ARENA.items()}


def start_rating(game: str) -> float:
    """Where a new player starts in ``game``: the middle character (TANA)."""
    return BOT_RATINGS[game]["TANA"]


def nearest_character(rating: float, game: str) -> str:
    """The character whose rating in ``game`` is closest to ``rating``."""
    table = BOT_RATINGS[game]
    return min(CHARACTERS, key=lambda c: abs(table[c] - rating))


def k_factor(rated_deals: int) -> float:
    """Bigger steps while a rating is new, smaller once it has settled."""
    return K_NEW if rated_deals < SETTLED_AFTER else K_SETTLED


def team_update(mine: float, partner: float | None, opponents: Sequence[float],
                result: float, rated_deals: int) -> float:
    """The new rating of a player after one deal.

    ``partner`` is the partner's rating (None in Manni); ``opponents`` the
    opponents' ratings; ``result`` 1, 0.5 or 0 for the player's side (in
    Manni: the mean of the comparisons with each opponent, see
    ``manni_update``).
    """
    team = mine if partner is None else (mine + partner) / 2
    other = sum(opponents) / len(opponents)
    return mine + k_factor(rated_deals) * (result - expected(team, other))


def manni_update(mine: float, opponents: Sequence[tuple[float, float]], rated_deals: int) -> float:
    """Manni: each (opponent's rating, result against it) is one comparison;
    the step is the mean of theirs, so a deal weighs as much as in the
    partnership games."""
    step = sum(r - expected(mine, o) for o, r in opponents) / len(opponents)
    return mine + k_factor(rated_deals) * step


def compare(mine: float, theirs: float) -> float:
    """A deal's result from two scores: won 1, level 0.5, lost 0."""
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def replay(rows: Iterable[Sequence[Any]], game: str) -> dict[int, list[dict]]:
    """Every player's rating in ``game``, deal by deal from the start.

    ``rows`` are the deals' rows in the order played: (match id, deal,
    seat, player id, scores JSON {side: score}, partner, opponents JSON
    {seat: "human" or character}, when, side).  A deal counts only when
    every opponent is a bot.  Returns player id -> [{when, match_id, deal,
    rating}] (ratings are derived data: worked out again when asked, they
    never drift from the results).
    """
    bots = BOT_RATINGS[game]
    now: dict[int, float] = {}
    seen: dict[int, int] = {}
    series: dict[int, list[dict]] = {}
    by_deal: dict[tuple, list] = {}
    for r in rows:
        by_deal.setdefault((r[0], r[1]), []).append(r)
    g = get_game(game)
    solo = len(g.sides) == g.n
    for (match_id, deal), group in by_deal.items():
        before = dict(now)       # partners move together, from the ratings before the deal
        for _m, _d, seat, pid, scores, partner, opponents, when, side in group:
            opp = json.loads(opponents)
            if not all(o in bots for o in opp.values()):
                continue
            mine = before.get(pid, start_rating(game))
            sc = json.loads(scores)
            if solo:                  # every player a side of one (Manni): rated against each opponent
                new = manni_update(mine, [(bots[o], compare(sc[seat], sc[s])) for s, o in opp.items()],
                                   seen.get(pid, 0))
            else:
                other = next(k for k in sc if k != side)
                mate = bots.get(partner) if partner in bots else next(
                    (before.get(x[3], start_rating(game)) for x in group if x[3] != pid and x[8] == side),
                    None)
                new = team_update(mine, mate, [bots[o] for o in opp.values()],
                                  compare(sc[side], sc[other]), seen.get(pid, 0))
            now[pid] = new
            seen[pid] = seen.get(pid, 0) + 1
            series.setdefault(pid, []).append({"when": when, "match_id": match_id, "deal": deal,
                                               "rating": new})
    return series
