"""Pool arena runs of one pair played on different seeds into one figure.

    python3 -m benchmarks.bots_pool benchmarks/bots_results/issue15/manni.jsonl \\
        --game manni --a ZELZELA --b TIZAB --seeds 1,2

A long measurement (1,000 Manni sets, 300 Manfee sets against ISMCTS) does
not fit one session on two cores; it is run in parts on different seeds
(``arena-{seed}-{k}`` deals no two seeds share) and pooled here: the sets,
wins, ties and losses add up, the win rate gets its Wilson interval over all
the sets, and the mean score difference its interval from the parts' own
(each part's variance recovered from its 95% half-width).  A part played by
a different version of a bot must not be pooled: the seeds say which parts.

With ``--out`` the pooled figure is appended to a result file as one arena
row (the parts' seeds in ``seeds``; as times, the slowest part's median and
p95, since a median of the whole cannot be rebuilt from the parts, and the
exact mean), so that
the README's tables (``bots_table``, last row of a pair wins) show it.

With ``--versus`` it compares instead two variants played against the same
opponent on the same seed, set by set (``arena.paired``):

    python3 -m benchmarks.bots_pool benchmarks/bots_results/issue15/manfee-variants.jsonl \\
        --game manfee --a "ZELZELA:read_play=false" --versus ZELZELA --b ZELZELA-1 --seeds 70

and with ``--versus-from`` the other variant's runs come from other files:
a bot after a change against itself before it, both under one name.
"""
from __future__ import annotations

import argparse
import json

from bots.arena import paired, pool


def runs(paths: list[str], game: str, a: str, b: str, seeds: set[int]) -> dict[int, dict]:
    """The arena results of ``a`` against ``b`` in ``game`` on ``seeds``, by
    seed (the last run of a seed wins); SystemExit when one is missing."""
    found = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                if not line.strip():
                    continue
                r = json.loads(line)
                if (r.get("game"), r.get("a"), r.get("b")) == (game, a, b) and r.get("seed") in seeds:
                    found[r["seed"]] = r
    missing = seeds - set(found)
    if missing:
        raise SystemExit(f"no run of {a} vs {b} in {game} with seed(s) {sorted(missing)}")
    return found


def pooled_row(r: dict, parts: list[dict]) -> dict:
    """The pooled result ``r`` of ``parts`` as an arena row: the parts'
    pair, game and options, and for each side the slowest part's times."""
    first = parts[0]
    row = {k: first[k] for k in ("a", "b", "game", "options", "budget") if k in first}
    # Settings of an outside player (e.g. ``ismcts``) that every part shares.
    row.update({k: first[k] for k in ("ismcts",) if k in first and all(p.get(k) == first[k] for p in parts)})
    row.update(r)
    for side in ("time_a_ms", "time_b_ms"):
        if all(side in p for p in parts):
            t = [max(p[side][i] for p in parts) for i in range(2)] + [sum(p[side][2] for p in parts)]
            if all(len(p[side]) > 3 for p in parts) and t[2]:
                # The mean is exact: each part's mean weighted by its decisions.
                t.append(sum(p[side][3] * p[side][2] for p in parts) / t[2])
            row[side] = t
    return row


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--game", required=True)
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--seeds", required=True, help="the seeds of the parts to pool, e.g. 1,2")
    ap.add_argument("--versus", help="another variant of A: compare the two set by set (one seed)")
    ap.add_argument("--versus-from", nargs="+", metavar="PATH",
                    help="read the --versus runs from these files instead (an earlier version "
                         "of A kept under the same name)")
    ap.add_argument("--out", help="append the pooled figure to this result file as one arena row")
    a = ap.parse_args(argv)
    seeds = {int(s) for s in a.seeds.split(",")}
    parts = runs(a.paths, a.game, a.a, a.b, seeds)
    if a.versus:
        other = runs(a.versus_from or a.paths, a.game, a.versus, a.b, seeds)
        for s in sorted(seeds):
            try:
                p = paired(parts[s], other[s])
            except ValueError as e:
                raise SystemExit(f"seed {s}: {e}") from None
            print(f"{a.game} seed {s}, against {a.b}: {a.a} minus {a.versus}: {p['mean']:+.2f} "
                  f"± {p['ci95']:.2f} a set over {p['sets']} sets "
                  f"(better/alike/worse {p['better']}/{p['alike']}/{p['worse']})")
        return
    r = pool([parts[s] for s in sorted(parts)])
    if a.out:
        with open(a.out, "a") as f:
            f.write(json.dumps(pooled_row(r, list(parts.values()))) + "\n")
    lo, hi = r["ci95"]
    print(f"{a.game} {a.a} vs {a.b}, seeds {a.seeds}: {r['sets']} sets, {100 * r['win_rate']:.1f}% "
          f"({100 * lo:.1f}-{100 * hi:.1f}), W/T/L {r['wins']}/{r['ties']}/{r['losses']}, "
          f"diff {r['mean_diff']:+.2f} ± {r['diff_ci95']:.2f}")


if __name__ == "__main__":
    main()
