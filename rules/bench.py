"""Random whole deals through the state API the bots use.

``python -m rules.bench --game manfee --seconds 5`` prints one JSON line
``{"game": "manfee", "deals_per_s": N}``: shuffle, deal, every bidding step and
every card chosen at random among ``legal()``, played with ``step()``.
"""
import argparse
import json
import random
import time

from .games import get_game


def random_deal(game, options, rng, deal_index=0):
    """Deal and play one whole deal at random; returns the finished Deal."""
    dealer = rng.randrange(game.n)
    hands, widow, _order, _cut = game.deal_cards(dealer, rng)
    deal = game.new_deal(hands, dealer, options, widow=widow, deal_index=deal_index)
    rand = rng.random
    while not deal.done:
        legal = deal.legal()
        deal.step(legal[int(rand() * len(legal))])
    return deal


def run(game_name, seconds, seed=1):
    game = get_game(game_name)
    options = game.normalize_options({})
    rng = random.Random(seed)
    n = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        for _ in range(50):
            random_deal(game, options, rng, n)
            n += 1
        now = time.perf_counter()
        if now >= end:
            break
    return n / (now - start)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="manfee")
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    rate = run(a.game, a.seconds, a.seed)
    print(json.dumps({"game": a.game, "deals_per_s": round(rate)}))


if __name__ == "__main__":
    main()
