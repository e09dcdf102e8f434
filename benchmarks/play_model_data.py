"""Deals played by one character at every seat, kept for fitting a model of
how players choose their cards (``bots.play_model``).

    python3 -m benchmarks.play_model_data --game manille --players ZELZELA-1 \
        --deals 100 --seed 1 --out benchmarks/bots_results/play_model/manille-z1.jsonl

One JSON line a deal: the game, options, dealer, deal index, the hands as
dealt (card masks, seat order), the Manni widow, and every action as
(seat, code) in order, so a deal can be replayed exactly as the reading
replays a sampled world (``reading.replay_choices``).
"""
from __future__ import annotations

import argparse
import json
import random

from rules import Match
from rules import actions as A
from rules.views import seat_view
from bots.arena import make_player


def play_deal(game: str, players: list, rng: random.Random) -> dict:
    m = Match(game)
    m.start_deal(rng=rng)
    d = m.deal
    out = {"game": game, "options": dict(m.options), "dealer": d.dealer, "deal_index": 0,
           "hands": list(d.hands), "widow": getattr(d, "widow", 0) or 0, "codes": []}
    while m.in_deal:
        s = m.to_act()
        action = players[s].choose(seat_view(m, s))
        out["codes"].append((s, A.parse_action(action)))
        m.apply(s, action)
    return out


def main(argv=None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="manille")
    p.add_argument("--players", default="ZELZELA-1")
    p.add_argument("--deals", type=int, default=50)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--budget", type=float, default=1.0)
    p.add_argument("--out", required=True)
    a = p.parse_args(argv)
    rng = random.Random(a.seed)
    for k in range(a.deals):
        n = 3 if a.game == "manni" else 4
        players = [make_player(a.players, 1000 * a.seed + 10 * k + s, a.budget) for s in range(n)]
        row = play_deal(a.game, players, rng)
        with open(a.out, "a") as f:
            f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
