"""Do the worlds place a muette tapper's cards better when the taps are read?

    python3 -m benchmarks.tap_reading --situations 60 --players SADA,TANA

Muette deals are dealt and bid by ``--players`` (seat by seat, in turn) until one
has a tap; the first seat to play that is not the tapper then samples
``--worlds`` worlds three ways: uniform, with ``infer.acceptor`` as ZELZELA-1
reads (the old rule for the tapper alone) and with ``taps=True`` (every tap,
refusal and tap back, ``infer.tap_terms``).  Printed per way: the share of the
hidden cards placed at their true seat, the same for the tapper's cards, and
the mean error in the number of trumps the tapper holds.
"""
from __future__ import annotations

import argparse
import random
import time

from rules.cards import NT, SUIT_MASK, mask_cards
from rules.host import MatchHost
from bots import make_bot
from bots.infer import acceptor
from bots.knowledge import Info
from bots.sample import sample_world


def situations(n: int, seed: int, players: list[str]) -> list[tuple[dict, dict[int, int], int]]:
    """(view of the first player who is not the tapper, true hands by seat index, tapper)."""
    out = []
    while len(out) < n:
        seed += 1
        mh = MatchHost.new("manille-muette", {"target": 1000}, seed=seed)
        mh.start_deal()
        seats = mh.game.seats
        bots = {s: make_bot(players[(i + seed) % len(players)], seed * 10 + i) for i, s in enumerate(seats)}
        while mh.view(seats[0])["phase"] != "play":
            s = mh.whose_turn()
            mh.submit(s, bots[s].choose(mh.view(s)))
        deal = mh.match.deal
        tapper = next((s for s, code in deal.history if code == 310), None)      # actions.DOUBLE
        if tapper is None or deal.trump == NT:
            continue
        me = deal.turn if deal.turn != tapper else (tapper + 1) % 4
        out.append((mh.view(seats[me]), dict(enumerate(deal.hands)), tapper))
    return out


def measure(cases, ways: dict, worlds: int) -> dict[str, tuple[float, float, float]]:
    figures = {}
    for name, make in ways.items():
        hit_all = hit_tap = trump_err = 0.0
        for view, hands, tapper in cases:
            info = Info(view)
            acc = make(info)
            rng = random.Random(7)
            trump = SUIT_MASK[info.trump]
            true_trumps = bin(hands[tapper] & trump).count("1")
            hits = total = hits_t = total_t = 0
            err = 0
            for _ in range(worlds):
                others, _widow = sample_world(info, rng, acc)
                for s, m in others.items():
                    for c in mask_cards(m & ~info.known[s]):
                        ok = bool(hands[s] >> c & 1)
                        hits, total = hits + ok, total + 1
                        if s == tapper:
                            hits_t, total_t = hits_t + ok, total_t + 1
                err += abs(bin(others[tapper] & trump).count("1") - true_trumps)
            hit_all += hits / total
            hit_tap += hits_t / total_t
            trump_err += err / worlds
        k = len(cases)
        figures[name] = (hit_all / k, hit_tap / k, trump_err / k)
    return figures


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--situations", type=int, default=60)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", default="SADA,TANA")
    ap.add_argument("--worlds", type=int, default=40)
    a = ap.parse_args(argv)
    t = time.monotonic()
    cases = situations(a.situations, a.seed, a.players.split(","))
    ways = {"uniform": lambda info: None,
            "old rule (ZELZELA-1)": lambda info: acceptor(info, 1.0, True, more=True),
            "taps read (ZELZELA)": lambda info: acceptor(info, 1.0, True, more=True, taps=True)}
    print(f"{len(cases)} tapped deals ({a.players}), {a.worlds} worlds each, {time.monotonic() - t:.0f} s to deal")
    print("| worlds | hidden cards placed | the tapper's | tapper's trumps, mean error |")
    print("| --- | --- | --- | --- |")
    for name, (cards, tapper, err) in measure(cases, ways, a.worlds).items():
        print(f"| {name} | {cards:.1%} | {tapper:.1%} | {err:.2f} |")


if __name__ == "__main__":
    main()
