"""How many deals a match takes, per game and target (the New game screen says it).

    python3 -m benchmarks.match_length --matches 20

TANA plays every seat of ``--matches`` matches for each target a game offers; prints the
median number of deals with the 10th and 90th percentiles.  ``table.new_game.MATCH_DEALS``
holds the medians measured (2026-12-05, 20 matches each): Manni to 10 took 22 deals
(6 to 39), which a newcomer had taken for the quick game.
"""
from __future__ import annotations

import argparse
import random
import statistics

from bots.arena import make_player
from rules import Match
from rules.games import GAMES
from rules.views import seat_view


def deals_to_finish(game: str, target: int, seed: int, limit: int = 300) -> int:
    """The deals one match of ``game`` to ``target`` took with TANA at every seat."""
    rng = random.Random(seed)
    m = Match(game, {"target": target})
    bots = [make_player("TANA", seed * 10 + s, None) for s in range(m.game.n)]
    while not m.finished and len(m.records) < limit:
        m.start_deal(rng=rng)
        while m.in_deal:
            s = m.to_act()
            m.apply(s, bots[s].choose(seat_view(m, s)))
    return len(m.records)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=20)
    p.add_argument("--game", default=None, help="one game (default: all four)")
    a = p.parse_args(argv)
    for g in GAMES.values():
        if a.game and g.name != a.game:
            continue
        target = g.option("target")
        for t in target.choices if target else ():
            deals = sorted(deals_to_finish(g.name, t, i) for i in range(a.matches))
            n = len(deals)
            print(f"{g.name} to {t}: median {statistics.median(deals):g} deals "
                  f"({deals[n // 10]} to {deals[n * 9 // 10]})", flush=True)


if __name__ == "__main__":
    main()
