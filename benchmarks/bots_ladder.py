"""Run the bots' arena over a list of comparisons and append JSON lines.

    python -m benchmarks.bots_ladder --game manfee --pairs SADA/KADO,TANA/SADA \
        --deals 400 --jobs 2 --out benchmarks/bots_results/manfee.jsonl

Each line is the arena's summary (bots.arena.run) with the game, seed and
wall time; the README's tables are made from these lines.
"""
import argparse
import json
import os
import sys
import time

from bots import CHARACTERS
from bots.arena import run

LADDER = list(CHARACTERS)                # easy to advanced
HEAVY = {"TANOOR", "TIZAB", "ZELZELA"}   # up to a second a move: 150 sets, not 400


def standard_pairs(light_only=False, heavy_only=False):
    """Every level against the one below and the one three below, and
    ZELZELA against KADO, TANA and the oracle."""
    pairs = []
    for i in range(1, 9):
        pairs.append((LADDER[i], LADDER[i - 1]))
        if i >= 3:
            pairs.append((LADDER[i], LADDER[i - 3]))
    pairs += [("ZELZELA", "KADO"), ("ZELZELA", "TANA"), ("ZELZELA", "ORACLE")]
    if light_only:
        pairs = [p for p in pairs if not HEAVY & set(p)]
    if heavy_only:
        pairs = [p for p in pairs if HEAVY & set(p)]
    return pairs


def measured(path, game, options, sets):
    """The (A, B) pairs ``path`` already holds for this game and options with
    at least ``sets`` duplicate sets."""
    out = set()
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    if r["game"] == game and (r.get("options") or {}) == options and r["sets"] >= sets:
                        out.add((r["a"], r["b"]))
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--game", required=True)
    p.add_argument("--pairs", default="light", help="A/B,... or 'light' / 'heavy' / 'all'")
    p.add_argument("--deals", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--budget", type=float, default=None)
    p.add_argument("--options", default="{}")
    p.add_argument("--out", required=True)
    p.add_argument("--skip-done", action="store_true",
                   help="skip the pairs --out already holds with at least --deals sets "
                        "(so a long ladder can be resumed across sittings)")
    a = p.parse_args()
    if a.pairs in ("light", "heavy", "all"):
        pairs = standard_pairs(a.pairs == "light", a.pairs == "heavy")
    else:
        pairs = [tuple(x.split("/")) for x in a.pairs.split(",")]
    os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
    done = measured(a.out, a.game, json.loads(a.options), a.deals) if a.skip_done else set()
    def progress(i: int, n: int) -> None:
        # Every tenth set on stderr, so a long run in the background shows how far it is.
        if i % 10 == 0 or i == n:
            print(f"{i}/{n} sets", file=sys.stderr, flush=True)

    for x, y in pairs:
        if (x, y) in done:
            print(f"{a.game} {x} vs {y}: already measured", flush=True)
            continue
        t = time.time()
        r = run(a.game, x, y, a.deals, a.seed, a.jobs, json.loads(a.options), a.budget, progress)
        r.update(game=a.game, seed=a.seed, options=json.loads(a.options),
                 seconds=round(time.time() - t, 1), budget=a.budget)
        with open(a.out, "a") as f:
            f.write(json.dumps(r) + "\n")
        print(f"{a.game} {x} vs {y}: {100 * r['win_rate']:.1f}% "
              f"[{100 * r['ci95'][0]:.1f}, {100 * r['ci95'][1]:.1f}] diff {r['mean_diff']:+.2f} "
              f"t_a {r['time_a_ms'][0]:.1f}/{r['time_a_ms'][1]:.1f} ms "
              f"t_b {r['time_b_ms'][0]:.1f}/{r['time_b_ms'][1]:.1f} ms ({r['seconds']} s)", flush=True)


if __name__ == "__main__":
    main()
