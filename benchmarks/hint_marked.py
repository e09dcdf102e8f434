"""Where the review would mark ZELZELA's own card, is the review's best card really better?

    python3 -m benchmarks.hint_marked --game manille --deals 40 --runs 8

The hint gives ZELZELA's choice unless the review's measure (``bots.judge.judge_view``,
play-outs by the rule-of-thumb player) would mark it, and then the review's best
(``bots.hint._checked_choice``): the coach never advises what its review then marks.
This checks the price of that rule where it bites.  Deals are played by ``--players`` at
every seat; at each card decision the hint's bot chooses and the review's measure judges
that choice.  Where it would be marked, both cards are played on from the true deal with
ZELZELA at every seat (each seat reading its own view, nobody peeks), ``--runs`` times with
the same seeds for both cards (paired), and the deal's worth to the seat compared.

Prints each such position, and the mean gain of the review's card over ZELZELA's with its
95% half-width: above zero, the switch helps; below, the review's measure is wrong there.
"""
from __future__ import annotations

import argparse
import copy
import math
import random

from rules import Match
from rules import actions as A
from rules.views import seat_view
from bots.arena import make_player
from bots.base import make_bot
from bots.hint import HINT_BOT, TIME_CAP
from bots.judge import judge_view, label_for, markable
from bots.search import utility


def play_on(m: Match, seat: int, first: dict, seed: int, budget: float) -> float:
    """The deal's worth to ``seat`` after ``first``, ZELZELA playing every seat on."""
    m = copy.deepcopy(m)
    deal = m.deal
    m.apply(seat, first)
    bots = [make_bot("ZELZELA", seed * 10 + s, budget) for s in range(m.game.n)]
    while m.in_deal:
        s = m.to_act()
        m.apply(s, bots[s].choose(seat_view(m, s)))
    return utility(deal, seat, m.game.n)


def mean_half(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(1, n - 1))
    return mean, 1.96 * sd / math.sqrt(n)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="manille")
    p.add_argument("--players", default="TANA", help="who plays the deals")
    p.add_argument("--deals", type=int, default=40)
    p.add_argument("--runs", type=int, default=8)
    p.add_argument("--budget", type=float, default=0.5, help="ZELZELA's budget in the play-ons")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    rng = random.Random(a.seed)
    gains: list[float] = []
    seen = 0
    for deal in range(a.deals):
        m = Match(a.game)
        m.start_deal(rng=rng)
        players = [make_player(a.players, 1000 * a.seed + 10 * deal + s, None) for s in range(m.game.n)]
        while m.in_deal:
            s = m.to_act()
            v = seat_view(m, s)
            if v["phase"] == "play" and len(v["legal"]) > 1 and markable(v):
                seen += 1
                bot = make_bot(HINT_BOT, 0, 1.0)
                bot.tweak("time_cap", TIME_CAP)
                z = bot.choose(v)
                j = judge_view(v, A.parse_action(z), 1.0, 0)
                if label_for(a.game, j.loss, j.spread) is not None:
                    best = A.action_json(j.best)
                    runs = [play_on(m, s, best, r, a.budget) - play_on(m, s, z, r, a.budget) for r in range(a.runs)]
                    gain, half = mean_half(runs)
                    gains.extend(runs)
                    print(f"deal {deal} action {len(v.get('history') or [])}: ZELZELA {z['play']}, review "
                          f"{best['play']} (marked {j.loss:.2f}); review's card gains {gain:+.2f} ± {half:.2f}",
                          flush=True)
            m.apply(s, players[s].choose(v))
    if gains:
        mean, half = mean_half(gains)
        print(f"{a.game}: {len(gains) // a.runs} marked of {seen} card choices; the review's card gains "
              f"{mean:+.2f} ± {half:.2f} points a deal over ZELZELA's ({len(gains)} paired play-ons)")
    else:
        print(f"{a.game}: none of {seen} card choices marked")


if __name__ == "__main__":
    main()
