"""Reading the other players from their play: how likely each sampled world
made the cards they actually played.

The announcements (``infer``) say something about a hand once; the play says
something with every card.  A player who led a low spade into a suit it could
have cashed probably did not hold the master; a defender who did not feed its
partner's trick probably had no points to feed.  For a sampled world we
replay the deal from its start and ask, at every card another seat chose,
what the rule-of-thumb player (``policy.pick``) would have played *with what
that seat knew then* (its own hand in this world, the cards gone, the voids
shown so far, a partner's slam).  The model of a player is "the heuristic's
card with probability q, any other distinct legal card otherwise": the
bots' own heuristic as a first model of how people and bots play, softened
so that one surprising card lowers a world's weight without ruling it out.
A second model (``play_model``, "learnt") scores every distinct choice by
a few features and was fitted to deals of searching players.

The weight of a world is the product over those choices (times ``sharp`` in
the exponent).  Only the view and the world are read, so a bot using it is
still a pure function of its view and seed.
"""
from __future__ import annotations

import math
from typing import Callable, Iterator

from rules.cards import SUIT_OF, SUIT_MASK
from rules.deal import PLAY
from rules.games import get_game
from rules import actions as A
from .knowledge import Info
from .play_model import groups, learnt_weights, log_prob
from .policy import pick

Weigher = Callable[[dict, int], float]


def start_hands(info: Info, others: dict, widow: int) -> tuple[list, int]:
    """The hands as dealt (and the Manni widow) in the world where the other
    seats hold ``others`` now: the cards played go back to their players and
    the Manfee pass and Manni swap are undone, as the rules' rebuild does."""
    n, me = info.n, info.me
    held = [others.get(s, 0) for s in range(n)]
    held[me] = info.hand
    for s, c in info.codes:
        if c < 192:
            held[s] |= 1 << (c & 63)
    if info.name == "manfee" and info.passed:
        held = [held[(s + 3) % 4] for s in range(4)]
    if info.name == "manni" and info.swapper >= 0:
        sw = info.swapper
        out = info.out_known if sw == me else widow
        held[sw], widow = out, held[sw]
    return held, widow


def same_choice(kind, a: int, b: int, hand: int, gone: int) -> bool:
    """Cards ``a`` and ``b`` of ``hand`` play alike: one suit, the same value
    (point games), and every card between them held or already gone."""
    if a == b:
        return True
    if SUIT_OF[a] != SUIT_OF[b] or kind.value[a] != kind.value[b]:
        return False
    lo, hi = (a, b) if kind.strength[a] < kind.strength[b] else (b, a)
    between = kind.above[lo] & kind.below[hi]
    return not between & ~hand & ~gone


def choices(kind, legal: int, hand: int, gone: int) -> int:
    """How many distinct choices ``legal`` offers (runs of cards that play alike)."""
    return len(groups(kind, legal, hand, gone))


def play_reader(info: Info, q: float = 0.7, sharp: float = 1.0, model: str = "rule") -> Weigher | None:
    """A function giving each world (others {seat: mask}, widow) its weight
    from the cards the other seats chose; None when nobody else has chosen
    a card yet (every world weighs the same).  ``model``: "rule" (the
    heuristic's card with chance ``q``) or "learnt" (``play_model``, fitted to
    deals of searching players)."""
    me, n = info.me, info.n
    hidden = {s for s in range(n) if s != me and (info.need[s] > 0 or info.name == "manni")}
    if not any(seat in hidden for seat, _c, _sig in info.plays):
        return None
    game, kind, view = info.game, info.kind, info.view
    name = info.name
    log_q = math.log(q)
    log_miss = math.log(1 - q)
    weights = learnt_weights(name) if model == "learnt" else None
    codes = info.codes
    dealer = info.dealer
    options = view["options"]
    deal_index = view.get("deal") or 0
    tie = bool(view.get("tie_pending"))

    def weigh(others: dict, widow: int) -> float:
        held, wid = start_hands(info, others, widow)
        d = game.new_deal(held, dealer, options, widow=wid, deal_index=deal_index, tie_pending=tie)
        lw = 0.0
        for seat, c, voids, ask in read_points(d, codes, hidden, name):
            legal, poss, k = seat_knowledge(d, kind, seat, voids, name)
            if k <= 1:
                continue
            guess = pick(kind, d, legal, poss, seat, d.trump, ask[seat] if n == 4 else -1)
            if weights is not None:
                lw += log_prob(kind, d, seat, c, legal, poss, guess, weights)
            elif same_choice(kind, guess, c, d.hands[seat], d.played):
                lw += log_q
            else:
                lw += log_miss - math.log(k - 1)
        lw *= sharp
        return math.exp(lw) if lw > -60 else 0.0
    return weigh


def read_points(d, codes: list, readable: set, name: str) -> Iterator[tuple[int, int, list, list]]:
    """Replay ``codes`` on deal ``d``; just before each card a seat of
    ``readable`` chose, yield (seat, card, voids, ask): the suits each seat
    was seen to lack so far and the suit each seat's partner slammed for it
    to lead (Manfee), with ``d`` at that moment."""
    n = d.n
    signals = name == "manfee"
    voids = [0] * n
    ask = [-1] * n
    for seat, code in codes:
        if d.phase != PLAY or code >= 192:
            d.step(code)
            continue
        c = code & 63
        if seat in readable:
            yield seat, c, voids, ask
        if d.trick and SUIT_OF[c] != d.led:
            voids[seat] |= SUIT_MASK[d.led]
        if signals:
            sig = A.play_signal(code)
            if sig == "drop":
                voids[seat] |= SUIT_MASK[SUIT_OF[c]]
            elif sig == "slam":
                ask[(seat + 2) % 4] = SUIT_OF[c]
            if not d.trick:
                ask[seat] = -1      # a lead answers the partner's last slam
        d.step(code)


def seat_knowledge(d, kind, seat: int, voids: list, name: str) -> tuple[int, list, int]:
    """(the legal cards, what ``seat`` knew each seat might hold, how many
    distinct choices it had) at this moment of ``d``: its hand, the cards
    gone, the voids shown so far, and in Manfee after a pass the hand it
    passed to its right (in Manni, the swapper's cards out of play)."""
    legal = d.play_mask()
    hand = d.hands[seat]
    gone = d.played
    k = choices(kind, legal, hand, gone)
    if k <= 1:
        return legal, [], k
    n = d.n
    unseen = get_game(name).deck_mask & ~hand & ~gone
    poss = [0] * n
    right = -1
    if name == "manfee" and d.passed:
        right = (seat + 3) % 4
        unseen &= ~d.hands[right]
    if name == "manni" and d.swapper == seat:
        unseen &= ~d.swapped_out
    for s in range(n):
        if s == seat:
            poss[s] = hand
        elif s == right:
            poss[s] = d.hands[right]
        else:
            poss[s] = unseen & ~voids[s]
    return legal, poss, k
