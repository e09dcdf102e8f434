"""Searching the card play: determinized Monte Carlo and an exact end-game solver.

``pimc(...)`` deals the unseen cards many times consistently with the view
(``sample.sample_world``), and in each world scores every candidate card by
playing the deal out with the heuristic player at every seat, or, once few
tricks are left, by solving the world exactly (``Solver``).  The card with
the best average wins.  Everything is counted in play-outs, not seconds, so a
bot with a given seed is a pure function of its view; a time cap only stops a
search that runs far beyond its normal length.
"""
import time

from rules.cards import SUIT_OF, SUIT_MASK, mask_cards
from rules.deal import PLAY, DONE
from rules.manille import card_points
from .core import popcount
from .estimate import fog_playout, playout
from .policy import pick


def utility(d, me, n):
    """The finished deal's worth to ``me``: own side's score minus the other's
    (the two teams), or own score (Manni: the scores add up to zero)."""
    sc = d.score
    if n == 4:
        t = me & 1
        return sc[t] - sc[1 - t]
    return sc[me]


def equivalent_reduce(kind, cards, hand, live):
    """Keep one card of each run of touching cards in ``hand``: cards of one
    suit with no live card of another seat between them (and, in the point
    games, the same value) play the same."""
    out = []
    st = kind.strength
    val = kind.value
    by_suit = {}
    for c in cards:
        by_suit.setdefault(SUIT_OF[c], []).append(c)
    for s, cs in by_suit.items():
        cs.sort(key=lambda c: st[c])
        others = live & SUIT_MASK[s] & ~hand
        prev = None
        for c in cs:
            if prev is not None and val[c] == val[prev] and \
                    not others & kind.above[prev] & kind.below[c]:
                continue
            out.append(c)
            prev = c
    return out


class Solver:
    """Exact minimax of the rest of a deal with every hand visible.

    Trick games and Manille: the viewer's team against the other team; Manni:
    the viewer against the other two (paranoid).  Alpha-beta on the final
    utility with a transposition table at trick starts.
    """

    def __init__(self, kind, me, n, name):
        self.kind = kind
        self.me = me
        self.n = n
        self.name = name
        self.tt = {}
        self.nodes = 0

    def side(self, seat):
        if self.n == 4:
            return (seat & 1) == (self.me & 1)
        return seat == self.me

    def key(self, d):
        if self.name == "manfee":
            extra = (d.team_won[0], d.team_won[1])
        elif self.n == 3:
            extra = tuple(d.won)
        else:
            cap = d.captured
            p0 = card_points(cap[0] | cap[2])
            w0 = d.won[0] + d.won[2]
            w1 = d.won[1] + d.won[3]
            extra = (p0, w0 > 0, w1 > 0)
        return (tuple(d.hands), d.turn, extra)

    def value(self, d, alpha=-1e9, beta=1e9):
        if d.phase == DONE:
            return utility(d, self.me, self.n)
        self.nodes += 1
        at_start = not d.trick
        if at_start:
            k = self.key(d)
            hit = self.tt.get(k)
            if hit is not None:
                lo, hi = hit
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha = max(alpha, lo)
                beta = min(beta, hi)
        a0, b0 = alpha, beta
        s = d.turn
        legal = d.play_mask()
        live = 0
        for h in d.hands:
            live |= h
        for c in d.trick:
            live |= 1 << c
        cards = equivalent_reduce(self.kind, mask_cards(legal), d.hands[s], live)
        first = pick(self.kind, d, legal, d.hands, s, d.trump)
        if first in cards:
            cards.remove(first)
            cards.insert(0, first)
        maxing = self.side(s)
        best = -1e9 if maxing else 1e9
        for c in cards:
            d2 = d.copy()
            d2.step(c)
            v = self.value(d2, alpha, beta)
            if maxing:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if at_start:
            lo, hi = self.tt.get(k, (-1e9, 1e9))
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.tt[k] = (lo, hi)
        return best


def tricks_left(d):
    return popcount(max(d.hands, key=popcount)) if d.hands else 0


# Solver nodes that cost one play-out unit: a play-out plays a whole deal
# out, a node is one card tried.
NODE_UNITS = 12


def evaluate(d, kind, me, n, name, solve_at, rng=None, eps=0.0, solver=None, fog=None,
             node_units=NODE_UNITS, fog_tail=False, sight=None):
    """Worth of deal ``d`` (after the candidate card) in one world, and its
    cost in play-out units (a solve counts its nodes, ``node_units`` a unit).  ``solver``: a Solver
    of this world to reuse, so that the candidates of one world share its
    table of positions already solved (about a third fewer nodes).  ``fog``:
    (voids, deduce[, signals[, hide_out]]) to play out blind (``estimate.fog_playout``) instead of
    with every hand visible; ``fog_tail``: the fogged play-out stops where
    ``solve_at`` tricks are left and the solver plays the rest; ``sight``:
    what each seat of the fogged play-out knows of the world's hands
    (``estimate.fog_playout``)."""
    if d.phase == PLAY and not (solve_at and tricks_left(d) <= solve_at):
        if fog is not None:
            fog_playout(d, kind, *fog, stop_at=solve_at if fog_tail else 0, sight=sight)
        else:
            playout(d, kind, rng, eps)
    if d.phase == PLAY:
        # solve_at tricks left: from the start, or where the fog stopped.
        sv = solver or Solver(kind, me, n, name)
        before = sv.nodes
        return sv.value(d), 1 + (sv.nodes - before) // node_units
    return utility(d, me, n), 1


def pimc(info, cards, make_world, rollouts, solve_at=0, time_cap=None, min_worlds=4,
         prefer=None, rng=None, eps=0.0):
    """Best card of ``cards`` for the seat of ``info`` by determinized search.

    ``make_world()`` returns a fresh determinized Deal at this decision point.
    ``rollouts`` bounds the number of (world, card) evaluations.  Returns
    (card, {card: mean value}).
    """
    kind = info.kind
    me, n, name = info.me, info.n, info.name
    live = info.unknown | info.hand
    for s in range(n):
        live |= info.known[s]
    for _s, c in info.trick:
        live |= 1 << c
    cand = equivalent_reduce(kind, cards, info.hand, live)
    if len(cand) == 1:
        return cand[0], {cand[0]: 0.0}
    total = {c: 0.0 for c in cand}
    worlds = 0
    units = 0
    start = time.perf_counter()
    while True:
        base = make_world()
        for c in cand:
            d = base.copy()
            d.step(c)
            v, cost = evaluate(d, kind, me, n, name, solve_at, rng, eps)
            total[c] += v
            units += cost
        worlds += 1
        if units >= rollouts and worlds >= min_worlds:
            break
        if time_cap is not None and worlds >= min_worlds and time.perf_counter() - start > time_cap:
            break
    means = {c: total[c] / worlds for c in cand}
    best = max(cand, key=lambda c: (means[c], c == prefer))
    return best, means
