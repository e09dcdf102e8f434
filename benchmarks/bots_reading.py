"""Does reading the play locate the hidden cards better than uniform worlds?

    python3 -m benchmarks.bots_reading --game manille --players TIZAB --deals 40

Deals are played by ``--players`` at every seat.  At card decisions (every
``--every``-th) the seat to play samples ``--worlds`` worlds consistent with
its view (hard constraints only) and weighs them three ways: uniform, by the
announcements (``infer.acceptor``), and by announcements and play
(``reading.play_reader``).  For every hidden card it then estimates the
chance that the card lies where it truly is; the table gives, per trick
number, the mean of that chance (per-card accuracy) and the mean log of it
(log-likelihood, mixed with 1% uniform so a zero is finite), and the
effective number of worlds left after weighting.
"""
from __future__ import annotations

import argparse
import json
import math
import random
from collections import defaultdict

from rules import Match
from rules.views import seat_view
from bots.arena import make_player
from bots.knowledge import Info
from bots.infer import acceptor
from bots.reading import play_reader
from bots.sample import sample_world, WIDOW_SLOT


def truth_places(m, info):
    """card -> the place (seat or WIDOW_SLOT) that truly holds it."""
    d = m.deal
    out = {}
    for s in range(d.n):
        if s != info.me:
            for c in range(52):
                if d.hands[s] >> c & 1:
                    out[c] = s
    if info.name == "manni":
        rest = d.widow if d.swapper < 0 else d.swapped_out
        for c in range(52):
            if rest >> c & 1:
                out[c] = WIDOW_SLOT
    return out


def place_of(others, widow, c):
    for s, m in others.items():
        if m >> c & 1:
            return s
    return WIDOW_SLOT if widow >> c & 1 else None


def score(worlds, weights, info, truth):
    """(mean chance of the true place, mean log of it) over the hidden cards."""
    tot = sum(weights)
    places = info.n - 1 + (1 if info.widow_hidden else 0)
    acc = ll = 0.0
    cards = [c for c in range(52) if info.unknown >> c & 1]
    for c in cards:
        p = sum(w for (o, wd), w in zip(worlds, weights, strict=True) if place_of(o, wd, c) == truth[c]) / tot
        acc += p
        ll += math.log(0.99 * p + 0.01 / places)
    return acc / len(cards), ll / len(cards)


def main(argv=None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="manille")
    p.add_argument("--players", default="TIZAB")
    p.add_argument("--deals", type=int, default=30)
    p.add_argument("--worlds", type=int, default=60)
    p.add_argument("--every", type=int, default=3)
    p.add_argument("--q", default="0.7", help="comma-separated values of the model's q, or 'learnt' "
                   "for the fitted model (bots.play_model)")
    p.add_argument("--sharp", type=float, default=1.0, help="exponent on the play weights")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default=None, help="append a JSON line with the table")
    a = p.parse_args(argv)
    qs = [x if x == "learnt" else float(x) for x in a.q.split(",")]
    rng = random.Random(a.seed)
    rows = defaultdict(lambda: defaultdict(list))
    k = 0
    for deal in range(a.deals):
        m = Match(a.game)
        m.start_deal(rng=rng)
        bots = [make_player(a.players, 100 * deal + s, None) for s in range(m.game.n)]
        while m.in_deal:
            s = m.to_act()
            v = seat_view(m, s)
            if v["phase"] == "play" and v["hand"] is not None:
                k += 1
                if k % a.every == 0:
                    info = Info(v)
                    if info.unknown:
                        measure(m, info, a, qs, rng, rows)
            m.apply(s, bots[s].choose(v))
    table = {}
    print(f"{a.game}, deals played by {a.players}, {a.worlds} worlds a decision, sharp {a.sharp}")
    head = "| trick | decisions | uniform acc / ll | announcements acc / ll | " + \
        " | ".join(f"+ play q={q} acc / ll / ess" for q in qs) + " |"
    print(head)
    print("|" + " --- |" * (3 + len(qs)))
    for t in sorted(rows):
        r = rows[t]
        cells = [f"{t + 1}", f"{len(r['u_acc'])}"]
        for key in ["u", "a"] + [f"p{q}" for q in qs]:
            acc = sum(r[key + "_acc"]) / len(r[key + "_acc"])
            ll = sum(r[key + "_ll"]) / len(r[key + "_ll"])
            cell = f"{100 * acc:.1f}% / {ll:.3f}"
            if key.startswith("p"):
                cell += f" / {sum(r[key + '_ess']) / len(r[key + '_ess']):.0f}"
            cells.append(cell)
            table.setdefault(str(t + 1), {})[key] = [acc, ll]
        print("| " + " | ".join(cells) + " |")
    if a.out:
        with open(a.out, "a") as f:
            f.write(json.dumps({"game": a.game, "players": a.players, "deals": a.deals,
                                "worlds": a.worlds, "q": qs, "sharp": a.sharp, "table": table}) + "\n")


def measure(m, info, a, qs, rng, rows):
    truth = truth_places(m, info)
    worlds = [sample_world(info, rng) for _ in range(a.worlds)]
    acc = acceptor(info, more=True)      # everything ZELZELA reads from the announcements
    wa = [acc(o, wd) if acc else 1.0 for o, wd in worlds]
    if sum(wa) <= 0:
        wa = [1.0] * len(worlds)
    r = rows[info.tricks_done]
    for key, ws in (("u", [1.0] * len(worlds)), ("a", wa)):
        x, y = score(worlds, ws, info, truth)
        r[key + "_acc"].append(x)
        r[key + "_ll"].append(y)
    for q in qs:
        reader = play_reader(info, 0.8, a.sharp, "learnt") if q == "learnt" else play_reader(info, q, a.sharp)
        wp = [w * (reader(o, wd) if reader else 1.0) for (o, wd), w in zip(worlds, wa, strict=True)]
        if sum(wp) <= 0:
            wp = wa
        x, y = score(worlds, wp, info, truth)
        r[f"p{q}_acc"].append(x)
        r[f"p{q}_ll"].append(y)
        r[f"p{q}_ess"].append(sum(wp) ** 2 / sum(w * w for w in wp))


if __name__ == "__main__":
    main()
