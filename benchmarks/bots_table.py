"""Markdown tables of arena results (the README's "Bots" section).

    python -m benchmarks.bots_table benchmarks/results/bots_*.jsonl

One table per game; the last line for each (A, B) pair wins.  A row is
marked ✓ when A's win rate is above 50%, ✓✓ when the whole 95% interval is.
"""
import json
import sys
from collections import OrderedDict


def ms(x):
    return f"{x:.1f}" if x < 10 else f"{x:.0f}"


def main(paths):
    rows = OrderedDict()
    for path in paths:
        with open(path) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    key = (r["game"], json.dumps(r.get("options") or {}, sort_keys=True), r["a"], r["b"])
                    rows[key] = r
    games = OrderedDict()
    for key, r in rows.items():
        games.setdefault((key[0], key[1]), []).append(r)
    for (game, opts), rs in games.items():
        title = game + ("" if opts == "{}" else f" {opts}")
        print(f"\n#### {title}\n")
        print("| A | B | sets | A wins (95% CI) | W/T/L | mean diff per set | A time median / p95 | B time median / p95 | |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for r in rs:
            lo, hi = r["ci95"]
            mark = "✓✓" if lo > 0.5 else "✓" if r["win_rate"] > 0.5 else "✗"
            ta, tb = r["time_a_ms"], r["time_b_ms"]
            print(f"| {r['a']} | {r['b']} | {r['sets']} | {100 * r['win_rate']:.1f}% "
                  f"({100 * lo:.1f}–{100 * hi:.1f}) | {r['wins']}/{r['ties']}/{r['losses']} | "
                  f"{r['mean_diff']:+.2f} ± {r['diff_ci95']:.2f} | {ms(ta[0])} / {ms(ta[1])} ms | "
                  f"{ms(tb[0])} / {ms(tb[1])} ms | {mark} |")


if __name__ == "__main__":
    main(sys.argv[1:])
