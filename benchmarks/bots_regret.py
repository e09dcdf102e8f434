"""How much do a player's card choices cost, judged with every hand visible?

    python3 -m benchmarks.bots_regret --game manille --bots ZELZELA,ZELZELA-1 --deals 40

A screen cheaper than the arena for ideas about card play.  Deals are played
by ``--players`` at every seat; at every card decision with a real choice
(two cards that do not play alike) a judge that sees the true deal values
each legal card (``coach_values.true_values``, the review's judge): exact
once ``--solve-at`` tricks or fewer are left, else the mean of ``--runs``
play-outs of the true deal, all hands visible, with 8% random cards.
Each of ``--bots`` then chooses a card in the same view, and its *regret* is
the judge's best value minus the value of its card.  The bots face the very
same positions, so their regrets compare position by position (paired), with
far less noise than duplicate sets of whole deals.

What the judge rewards is the play of someone who knew the deal, so a
player that guesses well scores well; a regret is not a loss in a real
match (the judge's own later play is not perfect).

Measured (2026-12-02, 393 Manille choices in 20 deals played by TIZAB,
``--bots ZELZELA,ZELZELA-1,TIZAB,TANA``): regrets 1.18, 1.11, 1.28 and
1.38 points a choice, the ladder's order only roughly, and TANA minus
ZELZELA +0.20 +- 0.49 (paired): the screen cannot tell apart even players
the arena separates in three sets of four.  Most choices are the same for
every player, and the judge's own noise (16 play-outs) is as large as the
differences.  So it does not replace the arena; it is kept as the measured
answer to "could a cheaper screen do?", and as a start for a sharper judge.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import time

from rules import Match
from rules import actions as A
from rules.views import seat_view
from bots.arena import make_player
from bots.coach_values import true_values
from bots.knowledge import Info
from bots.search import equivalent_reduce
from bots.think import live_cards


def positions(game: str, players: str, deals: int, seed: int):
    """(match, view) at every card decision with a real choice, in
    deals played by ``players`` at every seat."""
    rng = random.Random(seed)
    for deal in range(deals):
        m = Match(game)
        m.start_deal(rng=rng)
        bots = [make_player(players, 1000 * seed + 10 * deal + s, None) for s in range(m.game.n)]
        while m.in_deal:
            s = m.to_act()
            v = seat_view(m, s)
            if v["phase"] == "play" and v["hand"] is not None:
                info = Info(v)
                legal = [c for c in info.legal if A.is_play(c)]
                if len(equivalent_reduce(info.kind, legal, info.hand, live_cards(info))) > 1:
                    yield m, v
            m.apply(s, bots[s].choose(v))


def mean_half(xs: list[float]) -> tuple[float, float]:
    """Mean and 95% half-width."""
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(1, n - 1))
    return mean, 1.96 * sd / math.sqrt(n)


def main(argv=None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="manille")
    p.add_argument("--players", default="TIZAB", help="who plays the deals")
    p.add_argument("--bots", default="ZELZELA,ZELZELA-1", help="the players judged (arena names)")
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--runs", type=int, default=16)
    p.add_argument("--solve-at", type=int, default=5)
    p.add_argument("--nodes", type=int, default=0,
                   help="solve exactly from further out too, within this many solver nodes (the review's: 300000)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default=None, help="append a JSON line with the figures")
    a = p.parse_args(argv)
    names = a.bots.split(",")
    judged = {b: make_player(b, 7, None) for b in names}
    regrets: dict[str, list[float]] = {b: [] for b in names}
    seconds = {b: 0.0 for b in names}
    for m, v in positions(a.game, a.players, a.deals, a.seed):
        truth = true_values(m.deal, v, runs=a.runs, seed=a.seed, solve_at=a.solve_at, nodes=a.nodes)
        for b, bot in judged.items():
            t = time.perf_counter()
            choice = bot.choose(v)
            seconds[b] += time.perf_counter() - t
            regrets[b].append(truth.loss(A.parse_action(choice)))
    n = len(regrets[names[0]])
    print(f"{a.game}: {n} card choices in {a.deals} deals played by {a.players}; "
          f"judge: {a.runs} open play-outs, exact from {a.solve_at} tricks left")
    row = {"game": a.game, "players": a.players, "deals": a.deals, "positions": n,
           "runs": a.runs, "solve_at": a.solve_at, "seed": a.seed, "bots": {}}
    for b in names:
        mean, half = mean_half(regrets[b])
        best = sum(x <= 1e-9 for x in regrets[b]) / n
        print(f"  {b:36s} regret {mean:6.3f} ± {half:.3f} a choice, best card {100 * best:.1f}%, "
              f"{seconds[b] / n * 1000:.0f} ms a choice")
        row["bots"][b] = {"regret": mean, "half": half, "best": best}
    for b in names[1:]:
        mean, half = mean_half([x - y for x, y in zip(regrets[b], regrets[names[0]], strict=True)])
        print(f"  {b} minus {names[0]}: {mean:+.3f} ± {half:.3f} (paired)")
        row["bots"][b]["minus_first"] = [mean, half]
    if a.out:
        with open(a.out, "a") as f:
            f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
