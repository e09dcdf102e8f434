"""Fit the hand-value formulas of bots/estimate.py on heuristic play-outs.

    python -m benchmarks.bots_fit [--deals N]

Prints the weight lists to paste into bots/estimate.py (needs numpy; the bots
themselves do not).
"""
import argparse
import random

import numpy as np

from rules.games import get_game
from rules.cards import NT
from bots.core import kind_of
from bots import estimate as E


def fit(X, y):
    X = np.array(X, dtype=float)
    y = np.array(y, dtype=float)
    w, *_ = np.linalg.lstsq(X, y, rcond=None)
    pred = X @ w
    rmse = float(np.sqrt(np.mean((pred - y) ** 2)))
    return [round(float(v), 4) for v in w], rmse


def manfee(n, rng):
    g = get_game("manfee")
    opts = g.normalize_options({})
    X, y = [], []
    for _ in range(n):
        dealer = rng.randrange(4)
        hands, _w, _o, _c = g.deal_cards(dealer, rng)
        d = E.playout(E.open_play(g, hands, dealer, opts), kind_of("manfee"))
        for s in range(4):
            X.append(E.trick_features(hands[s], 0))
            y.append(d.won[s])
    return fit(X, y)


def manni(n, rng):
    g = get_game("manni")
    opts = g.normalize_options({})
    X, y = [], []
    for i in range(n):
        dealer = rng.randrange(3)
        hands, widow, _o, _c = g.deal_cards(dealer, rng)
        d = E.open_play(g, hands, dealer, opts, deal_index=i % 4)
        E.playout(d, kind_of("manni"))
        for s in range(3):
            X.append(E.trick_features(hands[s], d.trump))
            y.append(d.won[s])
    return fit(X, y)


def manille(n, rng, name="manille"):
    g = get_game(name)
    opts = g.normalize_options({})
    Xs, ys, Xn, yn = [], [], [], []
    for _i in range(n):
        dealer = rng.randrange(4)
        hands, _w, _o, _c = g.deal_cards(dealer, rng)
        t = rng.randrange(5)
        d = E.playout(E.open_play(g, hands, dealer, opts, trump=t), kind_of(name))
        pts = d.team_points()[dealer & 1]
        f = E.point_features(hands[dealer], t)
        (Xn if t == NT else Xs).append(f)
        (yn if t == NT else ys).append(pts)
    ws = fit([f[:] for f in Xs], ys)
    Xn2 = [[f[0]] + f[6:] for f in Xn]
    wn = fit(Xn2, yn)
    return ws, wn


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--deals", type=int, default=20000)
    p.add_argument("--seed", type=int, default=5)
    a = p.parse_args()
    rng = random.Random(a.seed)
    print("W_MANFEE", manfee(a.deals, rng))
    print("W_MANNI", manni(a.deals, rng))
    print("MANILLE suit / NT", manille(a.deals, rng))
    print("MUETTE suit / NT", manille(a.deals, rng, "manille-muette"))


if __name__ == "__main__":
    main()
