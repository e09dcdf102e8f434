"""Which of two players makes the better opening decision of a deal?

    python3 -m benchmarks.bots_choices --game manille-muette --phase double \
        --a "ZELZELA:tap_margin=8" --b ZELZELA --deals 300 --runs 4 --judge ZELZELA-1 --judge-budget 0.1

The opening decision is the first one of a deal with a real choice: the
Manfee first call, the Manille trump, the muette dealer's trump or en face
(the dealer looks first), the Manni first swap.  It is worth many points
and made once a deal, so the arena sees a change to it only through the
noise of every card played after it (``--phase`` screens the first decision
of another phase instead: the Manfee dealer's accept or pass, a muette tap,
the choices before it made by the judge; ``--phase play --trick T`` a card
decision once T tricks are played, though there ZELZELA's edge over
ZELZELA-1 is some 0.05 points a card, too little for a screen to see,
README).  Here both players decide in the same view; where they differ,
each choice is played on from the true deal ``--runs`` times by the judge
at every seat, and the values (the deciding seat's side,
``search.utility``) are compared deal by deal (paired).

The judge plays the rest as it would: its own later bids, its own cards.
So a choice scores well when it suits what the judge's players make of the
cards, which is close to what the arena's players make of them when the
judge is one of them (``ZELZELA-1`` at a tenth of its budget plays in about
a second a deal).
"""
from __future__ import annotations

import argparse
import json
import math
import random
import time

from rules.deal import PHASE_NAMES, PLAY
from rules.games import get_game
from rules.match import Match
from rules.views import seat_view
from bots.arena import make_player, start
from bots.search import utility

PLAY_PHASE = PHASE_NAMES[PLAY]


def _plain(action: dict) -> str:
    return json.dumps({k: v for k, v in action.items() if k != "seat"}, sort_keys=True)


def opening(game, options: dict, dealer: int, hands, widow, index: int, phase: str | None = None,
            judge: str = "TANA", budget: float | None = None, key: str = "", trick: int = 0):
    """(match, seat, view) at the deal's first decision with a choice (the
    muette dealer looks at the hand first), or with ``phase`` at the first
    one in that phase (in the play: once ``trick`` tricks are played), the
    choices before it made by the judge; None when the deal ends without one."""
    m = Match(game, options)
    start(m, dealer, hands, widow, index)
    cards = 0                               # cards played so far
    while m.in_deal:
        s = m.to_act()
        v = seat_view(m, s)
        look = [a for a in v["legal"] if "look" in a]
        if len(v["legal"]) > 1 and not look and (phase is None or v["phase"] == phase) \
                and cards >= trick * game.n:
            return m, s, v
        cards += v["phase"] == PLAY_PHASE
        if phase is not None and len(v["legal"]) > 1:
            m.apply(s, make_player(judge, f"{key}/before/{s}", budget).choose(v))
        else:
            m.apply(s, look[0] if look else v["legal"][0])
    return None


def played_on(game, options, deal, action: dict, judge: str, budget: float | None, runs: int,
              key: str, phase: str | None = None, trick: int = 0) -> float:
    """The mean worth of ``action`` to the deciding seat, the deal played on by the judge."""
    total = 0.0
    for r in range(runs):
        m, s0, _v = opening(game, options, *deal, phase, judge, budget, key, trick)
        m.apply(s0, action)
        seats = [make_player(judge, f"{key}/{r}/{s}", budget) for s in range(game.n)]
        while m.in_deal:
            s = m.to_act()
            m.apply(s, seats[s].choose(seat_view(m, s)))
        total += utility(m.deal, s0, game.n)
    return total / runs


def screen(game_name: str, a: str, b: str, deals: int, runs: int, judge: str,
           budget: float | None, seed: int = 1, log=None, phase: str | None = None,
           trick: int = 0) -> dict:
    """Both players' opening choices (or first choices in ``phase``) on
    ``deals`` shuffles; the judged values where they differ."""
    g = get_game(game_name)
    options = g.normalize_options({})
    rows = []
    for k in range(deals):
        rng = random.Random(f"choices-{seed}-{k}")
        dealer = rng.randrange(g.n)
        hands, widow, _order, _cut = g.deal_cards(dealer, rng)
        deal = (dealer, hands, widow, k % 4 if g.n == 3 else 0)
        at = opening(g, options, *deal, phase, judge, budget, f"{seed}/{k}", trick)
        if at is None:
            continue
        v = at[2]
        ca = make_player(a, f"{seed}/{k}", None).choose(v)
        cb = make_player(b, f"{seed}/{k}", None).choose(v)
        row = {"k": k, "phase": v["phase"], "a": _plain(ca), "b": _plain(cb)}
        if row["a"] != row["b"]:
            row["va"] = played_on(g, options, deal, ca, judge, budget, runs, f"{seed}/{k}", phase, trick)
            row["vb"] = played_on(g, options, deal, cb, judge, budget, runs, f"{seed}/{k}", phase, trick)
        rows.append(row)
        if log:
            log(row)
    diffs = [r["va"] - r["vb"] for r in rows if "va" in r]
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1)) if n > 1 else math.inf
    return {"game": game_name, "phase": phase, "trick": trick, "a": a, "b": b, "deals": deals, "seen": len(rows),
            "differ": n, "runs": runs,
            "judge": judge, "judge_budget": budget, "seed": seed,
            "a_minus_b": mean, "half": 1.96 * sd / math.sqrt(n) if n else math.inf,
            "a_better": sum(x > 0 for x in diffs), "b_better": sum(x < 0 for x in diffs)}


def main(argv=None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="manfee")
    p.add_argument("--a", required=True, help="arena name, e.g. ZELZELA:tap_margin=8")
    p.add_argument("--b", required=True)
    p.add_argument("--phase", default=None,
                   help="screen the first decision in this phase (decide, double, redouble, ...), "
                        "the judge making the ones before")
    p.add_argument("--trick", type=int, default=0,
                   help="with --phase play: the first card decision once this many tricks are played")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--runs", type=int, default=4, help="play-outs of each differing choice")
    p.add_argument("--judge", default="ZELZELA-1")
    p.add_argument("--judge-budget", type=float, default=0.1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--verbose", action="store_true", help="print each differing deal")
    p.add_argument("--out", default=None, help="append a JSON line with the figures")
    o = p.parse_args(argv)
    t = time.perf_counter()

    def log(row):
        if o.verbose and "va" in row:
            print(json.dumps(row), flush=True)
    r = screen(o.game, o.a, o.b, o.deals, o.runs, o.judge, o.judge_budget, o.seed, log, o.phase, o.trick)
    r["seconds"] = round(time.perf_counter() - t, 1)
    what = f"the first '{o.phase}' decision" if o.phase else "the opening decision"
    if o.phase == PLAY_PHASE and o.trick:
        what += f" after {o.trick} tricks"
    print(f"{o.game}: {what} of {r['seen']} deals; {o.a} and {o.b} differ in {r['differ']}; "
          f"there {o.a} minus {o.b}: {r['a_minus_b']:+.2f} ± {r['half']:.2f} a deal "
          f"(better {r['a_better']}, worse {r['b_better']}; judge {o.judge} at {o.judge_budget}, "
          f"{o.runs} play-outs each)")
    if o.out:
        with open(o.out, "a") as f:
            f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
