"""A learnt model of how a player chooses its card, for reading the play.

The reading (``reading.play_reader``) asks, for every card another seat
chose, how likely that seat was to choose it in a sampled world.  The first
model was "the rule-of-thumb card with chance q, any other distinct card
alike otherwise".  This one is a choice model fitted to deals of searching
players (``benchmarks/play_model_fit.py``): each distinct choice (a run of
cards that play alike, ``reading.same_choice``) gets a score, a weighted sum
of a few features seen from the seat's own knowledge (is it the
heuristic's card, does it take the trick, how many points does it give, is
it the master of its suit, ...), and the chance of a choice is the softmax
of the scores.  So a searching player's other likely cards (a cheap winner
over a costly one, the master held back) no longer count as surprising as
a wild card.

Everything here reads only the deal being replayed (a sampled world) and
the seat's knowledge in it, so a bot using it stays a pure function of its
view and seed.
"""
from __future__ import annotations

import math

from rules.cards import SUIT_OF, SUIT_MASK, NT
from .play_model_weights import WEIGHTS

FEATURES = (
    "heuristic",          # the rule-of-thumb player's card (policy.pick)
    "takes",              # beats the card winning the trick so far
    "takes_last",         # ... as the last to play: the trick is won
    "takes_partner",      # ... over a partner who held the trick
    "points",             # the card's points (Manille games; a tenth of 5..1)
    "points_partner",     # points given to a trick the partner holds
    "points_taking",      # points of a card that takes the trick
    "lead_master",        # a lead of the best card of its suit still out
    "lead_trump",         # a trump lead
    "lead_length",        # a lead from a long suit (cards held / 8)
    "lead_strength",      # a high lead
    "follow_low",         # following with the lowest card of the suit
    "follow_high",        # following with the highest card of the suit
    "ruff",               # a trump on another suit's trick
    "discard_length",     # a discard from a long suit (cards held / 8)
    "master",             # the best card of its suit still out
    "strength",           # the card's rank in its suit (0..1)
    "heuristic_lead",     # the heuristic's card, as a lead
    "heuristic_follow",   # the heuristic's card, following suit
)


_TOPS: dict = {}


def _top(kind) -> int:
    """The highest strength of a card in ``kind`` (7 in Manille, 12 else)."""
    t = _TOPS.get(kind.name)
    if t is None:
        t = _TOPS[kind.name] = max(kind.strength)
    return t


def groups(kind, legal: int, hand: int, gone: int) -> list[list[int]]:
    """The distinct choices of ``legal``: runs of cards of one suit, walked
    weakest first, that play alike (as ``reading.choices`` counts them)."""
    out: list[list[int]] = []
    value, above, below, st = kind.value, kind.above, kind.below, kind.strength
    for s in range(4):
        m = legal & SUIT_MASK[s]
        if not m:
            continue
        run: list[int] = []
        for c in sorted((c for c in range(13 * s, 13 * s + 13) if m >> c & 1), key=st.__getitem__):
            if run:
                lo = run[-1]
                if value[lo] == value[c] and not (above[lo] & below[c] & ~hand & ~gone):
                    run.append(c)
                    continue
                out.append(run)
            run = [c]
        out.append(run)
    return out


def features(kind, d, seat: int, x: int, hand: int, poss: list, heuristic: bool) -> list[float]:
    """The features of playing card ``x`` for ``seat`` in deal ``d`` (the
    trick so far is ``d``'s), seen from what the seat knew (``poss``)."""
    n = d.n
    T = d.trump
    sx = SUIT_OF[x]
    trump = T != NT and sx == T
    trick = d.trick
    lead = not trick
    strength = kind.strength[x] / _top(kind)
    suit_held = hand & SUIT_MASK[sx]
    length = bin(suit_held).count("1") / 8
    above = kind.above[x]
    master = 1.0
    for o in range(n):
        if o != seat and poss[o] & above:
            master = 0.0
            break
    points = kind.value[x] / 10
    f = [1.0 if heuristic else 0.0] + [0.0] * (len(FEATURES) - 1)
    f[15] = master
    f[16] = strength
    f[4] = points
    if lead:
        f[7] = master
        f[8] = 1.0 if trump else 0.0
        f[9] = length
        f[10] = strength
        f[17] = f[0]
        return f
    w, ws, led = d.win_card, d.win_seat, d.led
    partner = (seat + 2) % 4 if n == 4 else -1
    sw = SUIT_OF[w]
    takes = (kind.strength[x] > kind.strength[w]) if sx == sw else trump
    partner_holds = ws == partner
    if takes:
        f[1] = 1.0
        f[2] = 1.0 if len(trick) == n - 1 else 0.0
        f[3] = 1.0 if partner_holds else 0.0
        f[6] = points
    if partner_holds:
        f[5] = points
    if sx == led:
        low = high = True
        for c in range(13 * sx, 13 * sx + 13):
            if suit_held >> c & 1 and c != x:
                if kind.strength[c] < kind.strength[x]:
                    low = False
                else:
                    high = False
        f[11] = 1.0 if low else 0.0
        f[12] = 1.0 if high else 0.0
        f[18] = f[0]
    elif trump:
        f[13] = 1.0
    else:
        f[14] = length
    return f


def log_prob(kind, d, seat: int, c: int, legal: int, poss: list, guess: int, weights: list) -> float:
    """log P(``seat`` chose card ``c``) under the choice model with ``weights``."""
    hand = d.hands[seat]
    gone = d.played
    scores = []
    chosen = -1
    for run in groups(kind, legal, hand, gone):
        x = run[0]
        f = features(kind, d, seat, x, hand, poss, guess in run)
        scores.append(sum(w * v for w, v in zip(weights, f)))
        if c in run:
            chosen = len(scores) - 1
    top = max(scores)
    return scores[chosen] - top - math.log(sum(math.exp(s - top) for s in scores))


def learnt_weights(name: str) -> list[float] | None:
    """The fitted weights for game ``name``, None when it has none (the
    muette shares Manille's when it has none of its own)."""
    if name in WEIGHTS:
        return WEIGHTS[name]
    return WEIGHTS.get("manille") if name == "manille-muette" else None
