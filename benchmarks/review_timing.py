"""How long a deal review takes, on one core.

    python3 benchmarks/review_timing.py [--game manfee] [--deals 6] [--budget 1] [--seats 1]

Plays ``--deals`` deals with TIZAB at every seat (quick, and a strong bot's
deals are as long as a person's), then reviews each deal for the first
``--seats`` seats (bottom first) with the review's own budget, and prints the
CPU seconds per reviewed deal and seat (the target: a whole Manfee deal in
15 s at most) and per decision, with the slowest decision's phase.
"""
import argparse
import json
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from rules import Match  # noqa: E402
from rules.views import seat_view  # noqa: E402
from bots import make_bot  # noqa: E402
from bots.review import review_deal  # noqa: E402


def recorded_deal(game: str, seed: int) -> dict:
    m = Match(game)
    m.start_deal(rng=random.Random(seed))
    bots = [make_bot("TIZAB", seed * 10 + s) for s in range(m.game.n)]
    while m.in_deal:
        s = m.to_act()
        m.apply(s, bots[s].choose(seat_view(m, s)))
    return m.record()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="manfee")
    p.add_argument("--deals", type=int, default=6)
    p.add_argument("--budget", type=float, default=1.0)
    p.add_argument("--seats", type=int, default=1)
    a = p.parse_args()
    per_deal, per_decision = [], []
    slowest = (0.0, "")
    for k in range(a.deals):
        record = recorded_deal(a.game, 1000 + k)
        seats = Match(a.game).game.seats[:a.seats]
        for seat in seats:
            times: list[float] = []

            def tick(done: int, total: int, times: list = times) -> None:
                times.append(time.process_time())
            start = time.process_time()
            wall = time.perf_counter()
            review = review_deal(record, 0, seat, budget=a.budget, progress=tick)
            cpu = time.process_time() - start
            per_deal.append(cpu)
            steps = [t1 - t0 for t0, t1 in zip(times, times[1:], strict=False)]
            per_decision += steps
            for d, t in zip(review.decisions, steps, strict=True):
                if t > slowest[0]:
                    slowest = (t, f"{d.phase} {d.chosen}")
            print(json.dumps({"deal": k, "seat": seat, "decisions": len(review.decisions),
                              "cpu_s": round(cpu, 2), "wall_s": round(time.perf_counter() - wall, 2),
                              "blunders": sum(d.label == "blunder" for d in review.decisions)}),
                  flush=True)
    print(json.dumps({"game": a.game, "budget": a.budget, "reviews": len(per_deal),
                      "deal_cpu_s_median": round(statistics.median(per_deal), 2),
                      "deal_cpu_s_max": round(max(per_deal), 2),
                      "decision_cpu_s_median": round(statistics.median(per_decision), 3),
                      "decision_cpu_s_max": round(slowest[0], 3), "slowest": slowest[1]}))


if __name__ == "__main__":
    main()
