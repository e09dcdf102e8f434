"""Markdown tables of arena results (the README's "Bots" section).

    python3 -m benchmarks.bots_table benchmarks/bots_results/*.jsonl

One table per game; the last line for each (A, B) pair wins.  A row is
marked ✓ when A's win rate is above 50%, ✓✓ when the whole 95% interval is;
under each table, the issue's targets as a checklist.
"""
import json
import sys
from collections import OrderedDict

from benchmarks.bots_ladder import LADDER, HEAVY


def ms(x):
    return f"{x:.1f}" if x < 10 else f"{x:.0f}"


def game_rows(paths):
    """The rows of the tables, by (game, options as JSON): the last row of
    each (A, B) pair in the files, in the order the pairs first appear."""
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
    return games


def main(paths):
    for (game, opts), rs in game_rows(paths).items():
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
        print()
        for line in targets(rs):
            print(line)




def targets(rs):
    """The issue's targets for one game, each as a checklist line: held,
    missed, or not measured yet (a comparison with too few sets counts as
    not measured)."""
    by = {(r["a"], r["b"]): r for r in rs}

    def row(a, b):
        r = by.get((a, b))
        need = 150 if HEAVY & {a, b} else 400
        return r if r and r["sets"] >= need else None

    lines = []

    def check(text, r, ok):
        if r is None:
            lines.append(f"- [ ] {text}: not measured yet")
        else:
            lines.append(f"- [{'x' if ok(r) else ' '}] {text}: {100 * r['win_rate']:.1f}% "
                         f"({100 * r['ci95'][0]:.1f}–{100 * r['ci95'][1]:.1f}) over {r['sets']} sets")
    for i in range(1, 9):
        check(f"{LADDER[i]} beats {LADDER[i - 1]}", row(LADDER[i], LADDER[i - 1]),
              lambda r: r["win_rate"] > 0.5)
    for i in range(3, 9):
        check(f"{LADDER[i]} beats {LADDER[i - 3]} with 95% confidence", row(LADDER[i], LADDER[i - 3]),
              lambda r: r["ci95"][0] > 0.5)
    check("ZELZELA wins at least 80% against KADO", row("ZELZELA", "KADO"), lambda r: r["win_rate"] >= 0.8)
    check("ZELZELA beats TANA with 95% confidence", row("ZELZELA", "TANA"), lambda r: r["ci95"][0] > 0.5)
    oracle = row("ZELZELA", "ORACLE")
    if oracle:
        lines.append(f"- ZELZELA against the oracle: {100 * oracle['win_rate']:.1f}% of sets, "
                     f"{oracle['mean_diff']:+.2f} points a set")
    else:
        lines.append("- ZELZELA against the oracle: not measured yet")
    lines += issue15(by, rs)
    times = {}
    for r in rs:
        for side in ("a", "b"):
            times.setdefault(r[side], []).append(r[f"time_{side}_ms"])
    z = times.get("ZELZELA")
    if z:
        med = max(t[0] for t in z)
        p95 = max(t[1] for t in z)
        ok = med <= 1000 and p95 <= 2000
        lines.append(f"- [{'x' if ok else ' '}] ZELZELA decision time (worst comparison): median "
                     f"{ms(med)} ms, p95 {ms(p95)} ms (target 1,000 / 2,000 ms)")
    low = [t for name in LADDER[:4] for t in times.get(name, [])]
    if low:
        worst = max(t[1] for t in low)
        lines.append(f"- [{'x' if worst < 20 else ' '}] KADO–SADA decision time: p95 at most "
                     f"{ms(worst)} ms (target under 20 ms)")
    return lines


def issue15(by, rs):
    """Issue 15's targets: the new ZELZELA against its frozen self (60% of
    400 sets), against OpenSpiel's ISMCTS at equal time (whole interval
    above 60%, 300 sets, Manille and Manfee) and against the oracle (30% of
    sets in Manille).  Rows with fewer sets are shown as not enough."""
    game = rs[0]["game"] if rs else ""
    out = []

    def line(text, r, need, ok):
        if r is None:
            out.append(f"- [ ] {text}: not measured yet")
            return
        held = r["sets"] >= need and ok(r)
        note = "" if r["sets"] >= need else f" (fewer than the {need} sets asked)"
        out.append(f"- [{'x' if held else ' '}] {text}: {100 * r['win_rate']:.1f}% "
                   f"({100 * r['ci95'][0]:.1f}–{100 * r['ci95'][1]:.1f}) over {r['sets']} sets{note}")
    line("ZELZELA wins at least 60% against ZELZELA-1 (frozen)", by.get(("ZELZELA", "ZELZELA-1")),
         400, lambda r: r["win_rate"] >= 0.6)
    ismcts = next((r for (a, b), r in by.items() if a == "ZELZELA" and b.startswith("ISMCTS")), None)
    if game in ("manille", "manfee") or ismcts:
        line("ZELZELA against ISMCTS at equal time, whole interval above 60%", ismcts, 300,
             lambda r: r["ci95"][0] > 0.6)
    if game == "manille":
        line("ZELZELA wins at least 30% against the oracle", by.get(("ZELZELA", "ORACLE")), 150,
             lambda r: r["win_rate"] >= 0.3)
    return out


if __name__ == "__main__":
    main(sys.argv[1:])
