"""How long a bot thinks, by kind of decision (issue 15: "the whole second").

    python3 -m benchmarks.bots_timing --game manille --bot ZELZELA --deals 10

Deals are played by ``--bot`` at every seat (one core, one process).  Every
decision is timed and sorted into: forced (one legal action), equivalent
(several cards that play alike: nothing to search), card (a real choice of
card) and bid (calls, accept or pass, trump, taps, swap).  For the card
choices of a searching level, the worlds and play-out units spent are
printed too, so a stop rule that never stops (or always stops at once)
shows.  Times are wall-clock on this machine: a benchmark, not a test.
"""
from __future__ import annotations

import argparse
import json
import random
import time
from collections import defaultdict

from rules import Match
from rules.views import seat_view
from bots import think as think_mod
from bots.arena import make_player, quantile
from bots.knowledge import Info
from bots.search import equivalent_reduce
from bots.think import live_cards


def kind_of_decision(view) -> str:
    legal = view["legal"]
    if len(legal) == 1:
        return "forced"
    if view["phase"] != "play":
        return "bid"
    info = Info(view)
    plays = [a for a in info.legal if a < 192]
    if len(equivalent_reduce(info.kind, plays, info.hand, live_cards(info))) == 1:
        return "equivalent"
    return "card"


def main(argv=None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="manille")
    p.add_argument("--bot", default="ZELZELA")
    p.add_argument("--deals", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default=None)
    a = p.parse_args(argv)
    spent = []
    real = think_mod.think

    def spy(*args, **kw):
        card, stats = real(*args, **kw)
        spent.append(stats)
        return card, stats
    think_mod.think = spy
    import bots.play
    bots.play.think = spy
    times = defaultdict(list)
    rng = random.Random(a.seed)
    for k in range(a.deals):
        m = Match(a.game)
        m.start_deal(rng=rng)
        players = [make_player(a.bot, 100 * k + s, None) for s in range(m.game.n)]
        while m.in_deal:
            s = m.to_act()
            v = seat_view(m, s)
            kind = kind_of_decision(v)
            t = time.perf_counter()
            m.apply(s, players[s].choose(v))
            dt = time.perf_counter() - t
            times[kind].append(dt)
            times["all"].append(dt)
    out = {"game": a.game, "bot": a.bot, "deals": a.deals}
    print(f"{a.game}, {a.bot} at every seat, {a.deals} deals")
    print("| decisions | count | median | p95 | max |")
    print("| --- | --- | --- | --- | --- |")
    for kind in ("forced", "equivalent", "card", "bid", "all"):
        xs = times.get(kind, [])
        if not xs:
            continue
        row = [1000 * quantile(xs, 0.5), 1000 * quantile(xs, 0.95), 1000 * max(xs)]
        out[kind] = [len(xs)] + row
        print(f"| {kind} | {len(xs)} | {row[0]:.1f} ms | {row[1]:.1f} ms | {row[2]:.1f} ms |")
    searched = [x for x in spent if x.get("worlds")]
    if searched:
        ws = [x["worlds"] for x in searched]
        us = [x["units"] for x in searched]
        print(f"searched card choices: {len(searched)}; worlds median {quantile(ws, 0.5)}, "
              f"p95 {quantile(ws, 0.95)}; units median {quantile(us, 0.5)}, p95 {quantile(us, 0.95)}")
        out["worlds"] = [quantile(ws, 0.5), quantile(ws, 0.95)]
        out["units"] = [quantile(us, 0.5), quantile(us, 0.95)]
    if a.out:
        with open(a.out, "a") as f:
            f.write(json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
