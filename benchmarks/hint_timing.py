"""How long a hint takes, on one core, at every kind of decision.

    python3 benchmarks/hint_timing.py [--per-game 40] [--budget 1]

Walks deals of every game played by TANA and, at random decision points,
asks for a hint (ZELZELA's choice and its reasons, ``bots.hint``).  Prints
the CPU time per hint by game and by phase: median, 95th percentile and the
slowest (the target: within a second).
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
from bots.hint import hint  # noqa: E402

GAMES: tuple[tuple[str, dict], ...] = (("manfee", {}), ("manille", {}), ("manille-muette", {"blind": True}), ("manni", {}))


def quantile(xs: list, q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--per-game", type=int, default=40)
    p.add_argument("--budget", type=float, default=1.0)
    a = p.parse_args()
    rng = random.Random(1)
    everything = []
    for game, options in GAMES:
        times: dict[str, list] = {}
        seed = 0
        while sum(map(len, times.values())) < a.per_game:
            seed += 1
            m = Match(game, options)
            m.start_deal(rng=random.Random(seed))
            tana = make_bot("TANA", seed)
            while m.in_deal:
                s = m.to_act()
                view = seat_view(m, s)
                # Every announcement, and about one card decision in four.
                if view["phase"] != "play" or rng.random() < 0.25:
                    t = time.process_time()
                    hint(view, budget=a.budget)
                    times.setdefault(view["phase"], []).append(time.process_time() - t)
                m.apply(s, tana.choose(view))
        for phase, xs in sorted(times.items()):
            everything += xs
            print(json.dumps({"game": game, "phase": phase, "hints": len(xs),
                              "median_ms": round(1000 * statistics.median(xs)),
                              "p95_ms": round(1000 * quantile(xs, 0.95)),
                              "max_ms": round(1000 * max(xs))}), flush=True)
    print(json.dumps({"all_games": len(everything), "median_ms": round(1000 * statistics.median(everything)),
                      "p95_ms": round(1000 * quantile(everything, 0.95)),
                      "max_ms": round(1000 * max(everything)),
                      "over_1s": sum(x > 1.0 for x in everything)}))


if __name__ == "__main__":
    main()
