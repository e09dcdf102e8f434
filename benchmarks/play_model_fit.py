"""Fit the choice model of ``bots.play_model`` to played deals, and compare
it with the rule model on deals held out.

    python3 -m benchmarks.play_model_fit DATA.jsonl [DATA2.jsonl ...] \
        [--game manille] [--test 0.2] [--q 0.8] [--write]

DATA files come from ``benchmarks/play_model_data.py``.  Every card a seat
chose with two or more distinct choices is one example, seen as the reading
sees it (``reading.read_points`` and ``seat_knowledge``: the seat's hand, the
cards gone, the voids shown).  The fit maximizes the log-likelihood of the
choices made (a conditional logit, Newton steps, a little L2), on the first
deals; the last ``--test`` share of deals is held out.  Printed: the mean
log-likelihood per choice on the held-out deals for the rule model ("the
heuristic's card with chance q") and the fitted one, how often each puts the
most weight on the card played, and the weights.  ``--write`` stores the
weights in bots/play_model_weights.py for that game.
"""
from __future__ import annotations

import argparse
import json
import math
import pprint
from pathlib import Path

from rules.games import get_game
from bots.core import kind_of
from bots.play_model import FEATURES, features, groups
from bots.policy import pick
from bots.reading import read_points, seat_knowledge


def examples(rows: list[dict]) -> list[list[tuple[list, int, int]]]:
    """Per deal, the examples: (feature rows of the choices, index chosen, k)."""
    out = []
    for row in rows:
        game = get_game(row["game"])
        kind = kind_of(game.name)
        n = game.n
        d = game.new_deal(list(row["hands"]), row["dealer"], row["options"], widow=row.get("widow", 0),
                          deal_index=row.get("deal_index", 0))
        deal = []
        for seat, c, voids, ask in read_points(d, [tuple(x) for x in row["codes"]], set(range(n)), game.name):
            legal, poss, k = seat_knowledge(d, kind, seat, voids, game.name)
            if k <= 1:
                continue
            guess = pick(kind, d, legal, poss, seat, d.trump, ask[seat] if n == 4 else -1)
            rows_f, chosen = [], -1
            for run in groups(kind, legal, d.hands[seat], d.played):
                rows_f.append(features(kind, d, seat, run[0], d.hands[seat], poss, guess in run))
                if c in run:
                    chosen = len(rows_f) - 1
            deal.append((rows_f, chosen, k))
        out.append(deal)
    return out


def log_lik(w: list, data: list) -> float:
    total = 0.0
    for rows_f, chosen, _k in data:
        s = [sum(a * b for a, b in zip(w, f)) for f in rows_f]
        top = max(s)
        total += s[chosen] - top - math.log(sum(math.exp(x - top) for x in s))
    return total


def fit(data: list, l2: float = 0.5, steps: int = 30) -> list[float]:
    """Newton's method on the L2-penalized log-likelihood."""
    m = len(FEATURES)
    w = [0.0] * m
    for _ in range(steps):
        g = [-l2 * x for x in w]
        h = [[(l2 if i == j else 0.0) for j in range(m)] for i in range(m)]
        for rows_f, chosen, _k in data:
            s = [sum(a * b for a, b in zip(w, f)) for f in rows_f]
            top = max(s)
            e = [math.exp(x - top) for x in s]
            z = sum(e)
            p = [x / z for x in e]
            mean = [sum(p[j] * rows_f[j][i] for j in range(len(p))) for i in range(m)]
            fc = rows_f[chosen]
            for i in range(m):
                g[i] += fc[i] - mean[i]
            for j, f in enumerate(rows_f):
                pj = p[j]
                if pj < 1e-12:
                    continue
                dv = [f[i] - mean[i] for i in range(m)]
                for i in range(m):
                    if dv[i]:
                        a = pj * dv[i]
                        hi = h[i]
                        for k in range(m):
                            hi[k] += a * dv[k]
        step = solve(h, g)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(x) for x in step) < 1e-6:
            break
    return w


def solve(a: list, b: list) -> list:
    """x with a x = b (a symmetric positive definite): Gaussian elimination."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[p] = m[p], m[i]
        for r in range(i + 1, n):
            f = m[r][i] / m[i][i]
            for k in range(i, n + 1):
                m[r][k] -= f * m[i][k]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (m[i][n] - sum(m[i][k] * x[k] for k in range(i + 1, n))) / m[i][i]
    return x


def rule_scores(data: list, q: float) -> tuple[float, float]:
    """(mean log-likelihood, share of choices where the heuristic's card was played)."""
    ll = hits = 0.0
    for rows_f, chosen, k in data:
        if rows_f[chosen][0]:
            ll += math.log(q)
            hits += 1
        else:
            ll += math.log((1 - q) / (k - 1))
    return ll / len(data), hits / len(data)


def top_share(w: list, data: list) -> float:
    hits = 0
    for rows_f, chosen, _k in data:
        s = [sum(a * b for a, b in zip(w, f)) for f in rows_f]
        hits += s.index(max(s)) == chosen
    return hits / len(data)


def main(argv=None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("data", nargs="+")
    p.add_argument("--game", default="manille")
    p.add_argument("--test", type=float, default=0.2)
    p.add_argument("--q", type=float, default=0.8)
    p.add_argument("--l2", type=float, default=0.5)
    p.add_argument("--write", action="store_true")
    a = p.parse_args(argv)
    rows = [json.loads(x) for f in a.data for x in open(f) if x.strip()]
    deals = examples(rows)
    cut = int(len(deals) * (1 - a.test))
    train = [e for deal in deals[:cut] for e in deal]
    test = [e for deal in deals[cut:] for e in deal]
    w = fit(train, a.l2)
    print(f"deals {len(deals)} (train {cut}), choices train {len(train)} test {len(test)}")
    if test:
        rule_ll, rule_hit = rule_scores(test, a.q)
        print(f"held out: rule model (q {a.q}) log-lik {rule_ll:.3f}, heuristic's card played {rule_hit:.1%}")
        print(f"held out: fitted model log-lik {log_lik(w, test) / len(test):.3f}, "
              f"its likeliest choice played {top_share(w, test):.1%}")
        print(f"uniform over choices: {sum(-math.log(k) for _r, _c, k in test) / len(test):.3f}")
    for name, x in zip(FEATURES, w):
        print(f"  {name:16s} {x:+.3f}")
    if a.write:
        path = Path(__file__).resolve().parent.parent / "bots" / "play_model_weights.py"
        ns: dict = {}
        exec(path.read_text(), ns)
        table = dict(ns["WEIGHTS"])
        table[a.game] = [round(x, 4) for x in w]
        path.write_text('"""Fitted weights of ``play_model`` (written by benchmarks/play_model_fit.py)."""\n'
                        "WEIGHTS = " + pprint.pformat(table, width=110, compact=True) + "\n")
        print(f"written to {path}")


if __name__ == "__main__":
    main()
