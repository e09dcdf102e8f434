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

The weight of a world is the product over those choices (times ``sharp`` in
the exponent).  Only the view and the world are read, so a bot using it is
still a pure function of its view and seed.
"""
from __future__ import annotations

import math
from typing import Callable

from rules.cards import SUIT_OF, SUIT_MASK, NT
from rules.deal import PLAY
from rules import actions as A
from .knowledge import Info
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
    count = 0
    for s in range(4):
        m = legal & SUIT_MASK[s]
        prev = -1
        # Walk the suit weakest first: a card starts a new choice unless it
        # plays like the one before.
        for c in sorted((c for c in range(13 * s, 13 * s + 13) if m >> c & 1),
                        key=lambda c: kind.strength[c]):
            if prev < 0 or not same_choice(kind, prev, c, hand, gone):
                count += 1
            prev = c
    return count


def play_reader(info: Info, q: float = 0.7, sharp: float = 1.0) -> Weigher | None:
    """A function giving each world (others {seat: mask}, widow) its weight
    from the cards the other seats chose; None when nobody else has chosen
    a card yet (every world weighs the same)."""
    me, n = info.me, info.n
    hidden = [s for s in range(n) if s != me and (info.need[s] > 0 or info.name == "manni")]
    if not any(seat in hidden for seat, _c, _sig in info.plays):
        return None
    game, kind, view = info.game, info.kind, info.view
    deck = game.deck_mask
    signals = info.name == "manfee"
    log_q = math.log(q)
    log_miss = math.log(1 - q)
    codes = info.codes
    dealer = info.dealer
    options = view["options"]
    deal_index = view.get("deal") or 0
    tie = bool(view.get("tie_pending"))

    def weigh(others: dict, widow: int) -> float:
        held, wid = start_hands(info, others, widow)
        d = game.new_deal(held, dealer, options, widow=wid, deal_index=deal_index, tie_pending=tie)
        voids = [0] * n
        ask = [-1] * n              # the suit a seat's partner slammed for it to lead
        lw = 0.0
        for seat, code in codes:
            if d.phase != PLAY or code >= 192:
                d.step(code)
                continue
            c = code & 63
            if seat in hidden:
                lw += _log_choice(d, kind, seat, c, voids, ask, deck, info, log_q, log_miss)
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
        lw *= sharp
        return math.exp(lw) if lw > -60 else 0.0
    return weigh


def _log_choice(d, kind, seat, c, voids, ask, deck, info, log_q, log_miss):
    """log P(seat played c | this world) under the softened heuristic."""
    legal = d.play_mask()
    hand = d.hands[seat]
    gone = d.played
    k = choices(kind, legal, hand, gone)
    if k <= 1:
        return 0.0
    # What the seat knew: its hand, the cards gone, the voids shown so far,
    # and, in Manfee after a pass, the hand it passed to its right.
    n = d.n
    unseen = deck & ~hand & ~gone
    poss = [0] * n
    right = -1
    if info.name == "manfee" and d.passed:
        right = (seat + 3) % 4
        unseen &= ~d.hands[right]
    if info.name == "manni" and d.swapper == seat:
        unseen &= ~d.swapped_out
    for s in range(n):
        if s == seat:
            poss[s] = hand
        elif s == right:
            poss[s] = d.hands[right]
        else:
            poss[s] = unseen & ~voids[s]
    T = d.trump if d.trump != NT else NT
    guess = pick(kind, d, legal, poss, seat, T, ask[seat] if n == 4 else -1)
    if same_choice(kind, guess, c, hand, gone):
        return log_q
    return log_miss - math.log(k - 1)
