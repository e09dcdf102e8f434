"""Duplicate matches between two bots: who is stronger, and how fast.

    python -m bots.arena --game manfee --a ZELZELA --b KADO --deals 400 --seed 1 --jobs 2

Each *duplicate set* is one shuffle played several times with the same dealer
and the same cards: in the four-player games twice (A's team holding one
side's cards, then the other's); in Manni three times (A in each seat in turn,
B in the other two).  A wins a set when its total over the set beats B's (a
tie counts half; in Manni B's total is the mean of its two seats).  The arena
prints A's win rate over the sets with a 95% confidence interval, the mean
score difference per set (A minus B), and each bot's decision time (median,
95th percentile).  ``ORACLE`` as A or B is a player that sees every hand.
"""
import argparse
import json
import math
import random
import sys
import time

from rules.games import get_game
from rules.match import Match
from rules.views import seat_view
from .base import make_bot, make_reference, decision_seed
from .levels import REFERENCES
from .oracle import Oracle


def start(match, dealer, hands, widow, index):
    """Start a deal with given cards as deal number ``index`` of the match
    (Manni's trump follows the deal number)."""
    g = match.game
    match.deal = g.new_deal(hands, dealer, match.options, widow=widow, deal_index=index)
    filler = [{"dealer": g.seats[dealer], "hands": {}, "actions": []} for _ in range(index)]
    match.records = filler + [{"dealer": g.seats[dealer], "hands": {}, "actions": []}]
    match.deal_order, match.cut = None, None


# Outside players a benchmark may add (name -> factory(seed, budget)), e.g.
# OpenSpiel's ISMCTS in benchmarks/bots_openspiel.py; the bots never need them.
EXTRA_PLAYERS: dict = {}


def make_player(name, seed, budget):
    """A player by name; ``NAME:key=value,...`` overrides a level's settings
    (for tuning experiments: ``SADA:bid_worlds=24;block=true``)."""
    base, _, tweaks = name.partition(":")
    if base.upper() in EXTRA_PLAYERS:
        bot = EXTRA_PLAYERS[base.upper()](seed, budget)
    elif base.upper() == "ORACLE":
        bot = Oracle(seed, budget)
    elif base.upper() in REFERENCES:
        bot = make_reference(base, seed, budget)
    else:
        bot = make_bot(base, seed, budget)
    for item in filter(None, tweaks.replace(";", ",").split(",")):
        key, _, value = item.partition("=")
        bot.tweak(key, json.loads(value))
    return bot


def play_once(game, options, dealer, hands, widow, index, players):
    """Play one deal with ``players`` per seat; returns (score tuple, times per seat)."""
    m = Match(game, options)
    start(m, dealer, hands, widow, index)
    times = [[] for _ in players]
    while m.in_deal:
        s = m.to_act()
        p = players[s]
        t = time.perf_counter()
        if isinstance(p, Oracle):
            action = p.choose_state(m, s)
        else:
            action = p.choose(seat_view(m, s))
        times[s].append(time.perf_counter() - t)
        m.apply(s, action)
    return m.deal.score, times


def play_set(args):
    """One duplicate set; returns (index, A total, B total, A times, B times)."""
    k, game_name, options, a, b, seed, budget = args
    g = get_game(game_name)
    opts = g.normalize_options(options)
    rng = random.Random(f"arena-{seed}-{k}")
    dealer = rng.randrange(g.n)
    hands, widow, _order, _cut = g.deal_cards(dealer, rng)
    index = k % 4 if g.n == 3 else 0
    ta, tb = [], []
    at = bt = 0.0
    if g.n == 4:
        for run in range(2):
            a_team = run
            players = []
            for s in range(4):
                name = a if (s & 1) == a_team else b
                players.append(make_player(name, decision_seed(seed, f"{k}/{run}/{s}"), budget))
            score, times = play_once(g, opts, dealer, hands, widow, index, players)
            at += score[a_team]
            bt += score[1 - a_team]
            for s in range(4):
                (ta if (s & 1) == a_team else tb).extend(times[s])
    else:
        for r in range(3):
            players = [make_player(a if s == r else b, decision_seed(seed, f"{k}/{r}/{s}"), budget)
                       for s in range(3)]
            score, times = play_once(g, opts, dealer, hands, widow, index, players)
            at += score[r]
            bt += sum(score[s] for s in range(3) if s != r) / 2
            for s in range(3):
                (ta if s == r else tb).extend(times[s])
    return k, at, bt, ta, tb


def quantile(xs, q):
    if not xs:
        return float("nan")
    xs = sorted(xs)
    i = min(len(xs) - 1, max(0, int(math.ceil(q * len(xs))) - 1))
    return xs[i]


def wilson(p, n, z=1.96):
    """The Wilson score interval of a win rate ``p`` over ``n`` sets: unlike
    p ± 1.96·se it stays inside [0, 1] and is honest near 0% and 100%."""
    if n == 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def summarize(results, a, b):
    n = len(results)
    wins = [1.0 if at > bt else 0.5 if at == bt else 0.0 for _k, at, bt, _ta, _tb in results]
    diffs = [at - bt for _k, at, bt, _ta, _tb in results]
    p = sum(wins) / n
    md = sum(diffs) / n
    dvar = sum((x - md) ** 2 for x in diffs) / max(1, n - 1)
    ta = [t for r in results for t in r[3]]
    tb = [t for r in results for t in r[4]]
    return {"a": a, "b": b, "sets": n, "win_rate": p, "ci95": list(wilson(p, n)),
            "wins": sum(1 for w in wins if w == 1.0), "ties": sum(1 for w in wins if w == 0.5),
            "losses": sum(1 for w in wins if w == 0.0),
            "mean_diff": md, "diff_ci95": 1.96 * math.sqrt(dvar / n),
            # Each set's difference in set order: two runs on one seed play the
            # same cards, so variants can be compared set by set (paired).
            "set_diffs": [round(x, 3) for x in diffs],
            # median, p95, count, mean (the mean is what "equal time a move" compares)
            "time_a_ms": [1000 * quantile(ta, 0.5), 1000 * quantile(ta, 0.95), len(ta),
                          1000 * sum(ta) / max(1, len(ta))],
            "time_b_ms": [1000 * quantile(tb, 0.5), 1000 * quantile(tb, 0.95), len(tb),
                          1000 * sum(tb) / max(1, len(tb))]}


def pool(parts: list[dict]) -> dict:
    """One result from ``parts``: arena results of the same pair on
    different seeds (``benchmarks/bots_pool.py``).  The counts add up, the
    win rate gets its Wilson interval over all the sets, the mean difference
    its interval from each part's variance (recovered from its half-width).

    >>> a = {"sets": 100, "wins": 50, "ties": 10, "losses": 40, "mean_diff": 1.0, "diff_ci95": 1.96}
    >>> b = {"sets": 300, "wins": 150, "ties": 30, "losses": 120, "mean_diff": 2.0, "diff_ci95": 1.96}
    >>> r = pool([a, b])
    >>> r["sets"], r["wins"], r["win_rate"], r["mean_diff"]
    (400, 200, 0.55, 1.75)
    """
    n = sum(p["sets"] for p in parts)
    wins = sum(p["wins"] for p in parts)
    ties = sum(p["ties"] for p in parts)
    losses = sum(p["losses"] for p in parts)
    rate = (wins + ties / 2) / n
    mean = sum(p["mean_diff"] * p["sets"] for p in parts) / n
    # Each part: variance of a set's difference = n * (half-width / 1.96)^2;
    # the pooled variance adds the parts' spread around the pooled mean.
    ss = 0.0
    for p in parts:
        var = p["sets"] * (p["diff_ci95"] / 1.96) ** 2
        ss += var * max(1, p["sets"] - 1) + p["sets"] * (p["mean_diff"] - mean) ** 2
    var = ss / max(1, n - 1)
    return {"sets": n, "wins": wins, "ties": ties, "losses": losses, "win_rate": rate,
            "ci95": list(wilson(rate, n)), "mean_diff": mean, "diff_ci95": 1.96 * math.sqrt(var / n),
            "seeds": [p.get("seed") for p in parts]}


def paired(x: dict, y: dict) -> dict:
    """How much better variant ``x`` did than variant ``y`` against the same
    opponent on the same cards: two arena results of one seed (their
    ``set_diffs``), compared set by set over the sets both played (set k is
    dealt from the seed and k alone, so a run of 100 sets is the first 100
    of a run of 150).

    Two bots close in strength tie most duplicate sets on the cards alone,
    so set by set the two runs move together and their difference is far
    less noisy than either run's win rate.  Returns the mean of
    (x's set difference - y's), its 95% half-width, and in how many sets
    x did better, alike, worse.

    >>> x = {"seed": 1, "set_diffs": [13.0, 0.0, -5.0, 0.0]}
    >>> y = {"seed": 1, "set_diffs": [0.0, 0.0, -5.0, -13.0]}
    >>> r = paired(x, y)
    >>> r["mean"], r["better"], r["alike"], r["worse"]
    (6.5, 2, 2, 0)
    """
    dx, dy = x.get("set_diffs"), y.get("set_diffs")
    if dx is None or dy is None:
        raise ValueError("both runs need their set_diffs (arena results since 2026-12-01)")
    if x.get("seed") != y.get("seed"):
        raise ValueError("runs to pair must share the seed")
    common = min(len(dx), len(dy))
    d = [a - b for a, b in zip(dx[:common], dy[:common], strict=True)]
    n = len(d)
    mean = sum(d) / n
    var = sum((v - mean) ** 2 for v in d) / max(1, n - 1)
    return {"sets": n, "mean": mean, "ci95": 1.96 * math.sqrt(var / n),
            "better": sum(1 for v in d if v > 0), "alike": sum(1 for v in d if v == 0),
            "worse": sum(1 for v in d if v < 0)}


def run(game, a, b, sets, seed=1, jobs=1, options=None, budget=None, progress=None):
    tasks = [(k, game, options or {}, a, b, seed, budget) for k in range(sets)]
    results = []
    if jobs > 1:
        import multiprocessing as mp
        with mp.get_context("fork").Pool(jobs) as pool:
            for r in pool.imap_unordered(play_set, tasks, chunksize=1):
                results.append(r)
                if progress:
                    progress(len(results), sets)
    else:
        for t in tasks:
            results.append(play_set(t))
            if progress:
                progress(len(results), sets)
    results.sort()
    return dict(summarize(results, a, b), seed=seed)


def main(argv=None):
    p = argparse.ArgumentParser(description="Duplicate deals between two bots.")
    p.add_argument("--game", required=True, choices=["manfee", "manille", "manille-muette", "manni"])
    p.add_argument("--a", required=True, help="a character, or ORACLE")
    p.add_argument("--b", required=True, help="a character, or ORACLE")
    p.add_argument("--deals", type=int, default=100, help="duplicate sets to play")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--budget", type=float, default=None, help="scale the searching bots' effort")
    p.add_argument("--options", default="{}", help='game options as JSON, e.g. \'{"blind": true}\'')
    p.add_argument("--json", action="store_true", help="print one JSON line instead")
    a = p.parse_args(argv)
    for name in (a.a, a.b):
        make_player(name, 0, None)        # unknown names fail early
    t0 = time.time()

    def progress(i, n):
        if not a.json and sys.stderr.isatty():
            print(f"\r{i}/{n} sets", end="", file=sys.stderr, flush=True)
    r = run(a.game, a.a, a.b, a.deals, a.seed, a.jobs, json.loads(a.options),
            a.budget, progress)
    r["game"] = a.game
    r["seconds"] = round(time.time() - t0, 1)
    if a.json:
        print(json.dumps(r))
        return
    lo, hi = r["ci95"]
    print(f"{a.game}: {r['a']} vs {r['b']}, {r['sets']} duplicate sets (seed {a.seed})")
    print(f"  {r['a']} win rate {100 * r['win_rate']:.1f}%  95% CI [{100 * lo:.1f}%, {100 * hi:.1f}%]"
          f"  (W {r['wins']} / T {r['ties']} / L {r['losses']})")
    print(f"  mean score difference per set {r['mean_diff']:+.2f} ± {r['diff_ci95']:.2f}")
    for side in ("a", "b"):
        med, p95, cnt, mean = r[f"time_{side}_ms"]
        print(f"  {r[side]} decision time: median {med:.1f} ms, p95 {p95:.1f} ms, "
              f"mean {mean:.1f} ms ({cnt} decisions)")
    print(f"  wall time {r['seconds']} s")


if __name__ == "__main__":
    main()
