"""What each choice of one decision is worth: the coach's two measures.

* ``seat_values(view, ...)`` judges from what the seat knew: it deals the
  unseen cards many times consistently with the seat's view (drawn by what
  the others announced and weighted by how likely each world made the cards
  they played, as ZELZELA reads them: ``reading``), and plays every
  candidate in the same worlds, so the differences between candidates carry
  little noise.  It reads the view and nothing else.
* ``true_values(deal, seat, ...)`` is the all-hands ("double dummy")
  judgement of the same decision: the true deal, solved exactly once few
  tricks are left, otherwise played out several times with a little
  randomness.

After the candidate, a deal goes on the same way in both measures: the
remaining announcements (calls, accept or pass, trump, taps, the Manni swap)
come from TANA's formulas, each seat reading only its own view of that world
(quick, and nobody peeks at a hand to announce), the cards from the heuristic
player, the last tricks solved.  In the seat's measure the heuristic plays
fogged, each seat on its own hand and what the table showed
(``estimate.fog_playout``, as in ZELZELA's search), so a choice that leaves
the others guessing gets its due; in the all-hands measure it sees every
hand.

Worth is in the game's points, from the seat's side: its side's deal score
minus the other side's (four-player games), its own score (Manni).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from rules import actions as A
from rules.cards import SUIT_OF, mask_cards
from rules.deal import DONE, PLAY, Deal
from rules.games import get_game
from rules.manille import MuetteDeal
from rules.match import Match
from rules.views import hand_visible, seat_view
from .base import decide, decision_seed
from .core import kind_of
from .infer import acceptor
from .knowledge import Info
from .levels import config
from .reading import play_reader
from .sample import Worlds, sample_world
from .search import Solver, equivalent_reduce, evaluate, tricks_left, utility

# The continuation's announcements: TANA's tactics (blocking calls, the first
# caller's team call) from formulas, without noise, so a continuation costs a
# fraction of a millisecond and is the same every time.
_FORMULA = dict(config("TANA"), bid_worlds=0, bid_noise=0.0)
# The seat's measure reads the play with ZELZELA's model of a player.
_READ = config("ZELZELA")


@dataclass(frozen=True)
class Valuation:
    """The worth of every candidate of one decision.

    ``values`` maps each candidate action code (plays without signals) to its
    mean worth; ``spread`` to the standard error of (best - candidate) over
    the worlds (0 when exact); ``samples`` is how many worlds (or play-outs)
    each mean is over; ``exact`` is True when the end was solved outright.
    """

    values: dict[int, float]
    spread: dict[int, float]
    samples: int
    exact: bool

    @property
    def best(self) -> int:
        """The best candidate (on a tie, the lowest code: stable)."""
        return max(sorted(self.values), key=lambda c: self.values[c])

    def loss(self, code: int) -> float:
        """How much worse ``code`` is than the best (0 or more)."""
        return max(0.0, self.values[self.best] - self.values[_plain(code)])


def _plain(code: int) -> int:
    """A play without its signal (signals change no score)."""
    return code & 63 if code < 192 else code


class _Table:
    """A stand-in match around a world's deal, so that each seat's own view
    of that world can be built for the continuation's announcements."""

    def __init__(self, view: dict) -> None:
        m = Match(view["game"], view["options"])
        m.records = [{} for _ in range(view["deal"] + 1)]
        m.totals = [view["totals"][s] for s in m.game.sides]
        self.match = m

    def view(self, deal: Deal, seat: int) -> dict:
        self.match.deal = deal
        return seat_view(self.match, seat)


def _look(d: Deal) -> None:
    """The muette dealer turns the hand up (not an action of the record)."""
    if isinstance(d, MuetteDeal):
        d.looked = True


def _apply(d: Deal, code: int) -> None:
    if code == A.LOOK:
        _look(d)
    else:
        d.step(code)


def go_on(d: Deal, table: _Table, me: int, rng: random.Random, solve_at: int,
          eps: float = 0.0, fog: tuple | None = None) -> tuple[float, int]:
    """Finish deal ``d`` with the continuation: its worth to seat ``me``, and
    the cost in play-out units (a solved end counts its nodes).  ``fog``:
    (voids, deduce) to play the cards out blind (``search.evaluate``)."""
    while d.phase != PLAY and d.phase != DONE:
        s = d.turn
        if not hand_visible(d, s):
            _look(d)                  # the continuation never names trump blind
            continue
        info = Info(table.view(d, s))
        d.step(decide(info, _FORMULA, rng))
    if d.phase == PLAY:
        name = table.match.game.name
        return evaluate(d, kind_of(name), me, d.n, name, solve_at, rng, eps, fog=fog)
    return utility(d, me, d.n), 1


def candidates(info: Info) -> list[int]:
    """The choices of a decision as action codes: the legal actions, plays
    without signals; a muette dealer with the hand face down may look or
    name trump blind."""
    return [c for c in info.legal if c < 192 or c >= 256]


def _reduce(info_kind, cands: list[int], hand: int, live: int) -> tuple[list[int], dict[int, int]]:
    """Touching cards play alike: judge one of each run, and map every card
    to the one judged for it (the lowest of its run, as the search keeps)."""
    plays = [c for c in cands if c < 192]
    if len(plays) < 2:
        return cands, {c: c for c in cands}
    kept = equivalent_reduce(info_kind, plays, hand, live)
    st = info_kind.strength
    rep = {}
    for c in plays:
        same = [k for k in kept if SUIT_OF[k] == SUIT_OF[c] and st[k] <= st[c]]
        rep[c] = max(same, key=lambda k: st[k]) if same else c
    return kept, rep


def _touching_runs(info_kind, cands: list[int], hand: int, live: int) -> list[list[int]]:
    """The plays among ``cands`` that differ only in the points they carry: runs of one
    suit with no card of another seat between them (``equivalent_reduce`` merges those
    of equal value; these keep their own worth, within a bound: ``_bound_touching``)."""
    st, above, below = info_kind.strength, info_kind.above, info_kind.below
    others = live & ~hand
    runs: list[list[int]] = []
    for c in sorted((c for c in cands if c < 192), key=lambda c: (SUIT_OF[c], st[c])):
        prev = runs[-1][-1] if runs else None
        if prev is not None and SUIT_OF[prev] == SUIT_OF[c] and not others & above[prev] & below[c]:
            runs[-1].append(c)
        else:
            runs.append([c])
    return [r for r in runs if len(r) > 1]


def _point_factor(d: Deal) -> int:
    """What one card point moved from one side to the other changes the deal's worth by
    (Manille: no-trump, a tie before, blind, taps; a sweep moves no point between sides)."""
    factors = getattr(d, "factors", None)
    return math.prod(f for name, f in factors(0) if name != "sweep") if factors else 0


def _bound_touching(val: Valuation, info_kind, runs: list[list[int]], factor: int) -> Valuation:
    """Touching cards play alike: whatever follows one could follow the other with the two
    cards' parts swapped, so their worths differ by no more than the points between them
    (times ``factor``).  The play-outs' players react to a card's face (a Q read otherwise
    than a J), and the review charged 4.9 points for a J played instead of its touching Q."""
    if not runs or not factor:
        return val
    points = info_kind.value
    values = dict(val.values)
    for run in runs:
        # one pass over the measured worths bounds every pair (the points obey the triangle)
        for c in run:
            values[c] = max(val.values[k] - abs(points[c] - points[k]) * factor for k in run)
    return Valuation(values, val.spread, val.samples, val.exact)


def _summarise(rows: dict[int, list[float]], rep: dict[int, int], exact: bool,
               weights: list[float] | None = None) -> Valuation:
    """Weighted means of the rows (every world weighs 1 unless ``weights``),
    and the standard error of (best - candidate) over the worlds, with the
    weights' effective number of worlds."""
    n = len(next(iter(rows.values())))
    w = weights if weights is not None else [1.0] * n
    sw = sum(w)
    means = {c: sum(wi * x for wi, x in zip(w, v, strict=True)) / sw for c, v in rows.items()}
    best = max(sorted(means), key=lambda c: means[c])
    ess = sw * sw / sum(wi * wi for wi in w)
    spread = {}
    for c, v in rows.items():
        if exact or ess < 2:
            spread[c] = 0.0
            continue
        diffs = [b - x for b, x in zip(rows[best], v, strict=True)]
        mu = sum(wi * x for wi, x in zip(w, diffs)) / sw
        var = sum(wi * (x - mu) ** 2 for wi, x in zip(w, diffs)) / sw * ess / (ess - 1)
        spread[c] = math.sqrt(var / ess)
    values = {c: means[rep.get(c, c)] for c in rep}
    return Valuation(values, {c: spread[rep.get(c, c)] for c in rep}, n, exact)


def _blind_world(info: Info, rng: random.Random) -> Deal:
    """A world for the muette dealer who has not looked: nothing is played
    yet, so every card, the dealer's own included, is dealt at random."""
    g = info.game
    cards = list(mask_cards(g.deck_mask))
    rng.shuffle(cards)
    hands = [0] * g.n
    i = 0
    for s in range(g.n):
        for c in cards[i:i + info.counts[s]]:
            hands[s] |= 1 << c
        i += info.counts[s]
    d = g.new_deal(hands, info.dealer, info.view["options"], deal_index=info.view["deal"])
    for _s, code in info.codes:
        d.step(code)
    return d


def seat_values(view: dict, worlds: int = 64, seed: int = 0, solve_at: int = 3,
                min_worlds: int = 16) -> Valuation:
    """Every candidate's mean worth over up to ``worlds`` worlds consistent
    with ``view`` (the same worlds for every candidate).  Solved ends cost
    more than play-outs, so the worlds stop once they have cost as much as
    ``worlds`` play-outs of every candidate would (never below
    ``min_worlds``); costs are counted, not timed, so the result is a pure
    function of the view and the seed: the other seats' hidden cards are
    never read."""
    info = Info(view)
    cands = candidates(info)
    live = info.unknown | info.hand
    for k in info.known:
        live |= k
    for _s, c in info.trick:
        live |= 1 << c
    kept, rep = _reduce(info.kind, cands, info.hand, live)
    rng = random.Random(decision_seed(seed, "review|" + info.public_key()))
    acc = acceptor(info, 1.0, True, more=True, taps=True)
    reader = play_reader(info, _READ["read_q"], _READ["read_sharp"])
    fog = (info.fog_voids(), False)
    table = _Table(view)
    maker = Worlds(info)
    rows: dict[int, list[float]] = {c: [] for c in kept}
    weights: list[float] = []
    limit = max(1, worlds) * len(kept)
    units = 0
    for w in range(max(1, worlds)):
        if units >= limit and w >= min_worlds:
            break
        if info.hand_hidden:
            base = _blind_world(info, rng)       # nothing played yet: nothing to read
            weight = 1.0
        else:
            others, widow = sample_world(info, rng, acc)
            weight = reader(others, widow) if reader else 1.0
            if weight <= 0.0:
                continue                         # the play rules this world out
            base = maker.deal(others, widow)
        weights.append(weight)
        for c in kept:
            d = base.copy()
            _apply(d, c)
            value, cost = go_on(d, table, info.me, rng, solve_at, fog=fog)
            rows[c].append(value)
            units += cost
    if not weights:                              # every world ruled out: judge them alike
        return _summarise({c: [0.0] for c in kept}, rep, exact=False)
    return _bound_touching(_summarise(rows, rep, exact=False, weights=weights), info.kind,
                           _touching_runs(info.kind, cands, info.hand, live), _point_factor(base))


# The all-hands measure solves the rest of the deal exactly from this many tricks left
# (within EXACT_NODES solver nodes for all the candidates together, else it plays out as
# below).  A Manille club player checked the review's early "All hands seen" costs with the
# solver: play-outs by the rule-of-thumb player had called a lead costing 0 "20.4 points"
# and ranked a card costing 30 the best.  Solves of every candidate together, TANA's deals
# (2026-12-05, ~175k nodes a second): Manille from 8 tricks left median 426k nodes (2.4 s),
# from 7 65k; Manfee from 9 415k, from 8 65k; Manni from 10 362k, from 9 121k.
# A second club player found two Manille leads not solved (546,000 and 420,000 nodes) and
# their play-out figures wrong again (24.7 points for a card costing none): Manille's whole
# play gets room for most of its first leads (p90 1.4 million nodes, about 8 s; a whole
# Manille review then takes 7.1 s median, 12.1 s at most: benchmarks/review_timing.py).
EXACT_FROM = {"manille": 8, "manille-muette": 8, "manfee": 9, "manni": 10}
EXACT_NODES = 300_000
EXACT_NODES_BY_GAME = {"manille": 1_500_000, "manille-muette": 1_500_000}


class _OutOfNodes(Exception):
    """The exact solve went past its budget of nodes."""


class _BudgetSolver(Solver):
    """The exact solver, stopped once a solve has tried its budget of nodes (``stop_at``,
    None: never).  One kept for a seat's whole deal (``deal_solver``) finds the later
    decisions' positions in its table: they lie in the subtrees of the earlier solves."""

    def __init__(self, kind, me: int, n: int, name: str, limit: int | None) -> None:
        super().__init__(kind, me, n, name)
        self.stop_at = limit

    def value(self, d, alpha=-1e9, beta=1e9):
        if self.stop_at is not None and self.nodes > self.stop_at:
            raise _OutOfNodes
        return super().value(d, alpha, beta)


def deal_solver(game: str, me: int) -> _BudgetSolver:
    """An exact solver for seat ``me``'s decisions of one deal, to pass to ``true_values``
    for each of them (a table entry is stored only by a finished search: a solve stopped
    for its budget leaves none that is wrong)."""
    return _BudgetSolver(kind_of(game), me, len(get_game(game).seats), game, None)


def _solved(deal: Deal, kept: list[int], info: Info, limit: int | None,
            solver: _BudgetSolver | None = None) -> dict[int, float] | None:
    """Each candidate's exact all-hands worth (one solver, its table shared by the
    candidates), or None once the solve needs more than ``limit`` nodes."""
    solver = solver if solver is not None else _BudgetSolver(info.kind, info.me, deal.n, info.name, None)
    solver.stop_at = None if limit is None else solver.nodes + limit
    out = {}
    try:
        for c in kept:
            d = deal.copy()
            d.step(c)
            out[c] = utility(d, info.me, d.n) if d.phase == DONE else solver.value(d)
    except _OutOfNodes:
        return None
    return out


def true_values(deal: Deal, view: dict, runs: int = 16, seed: int = 0,
                solve_at: int = 5, nodes: int = EXACT_NODES, solver: _BudgetSolver | None = None) -> Valuation:
    """The all-hands judgement of the decision ``view`` faces in the true
    ``deal`` (at that very point): exact once ``solve_at`` tricks or fewer
    are left in the play, or from ``EXACT_FROM`` tricks left where the solve
    takes at most ``nodes`` nodes; else the mean of ``runs`` play-outs on the
    true cards (the first plain, the others with 8% random cards).  ``solver``: one
    kept for the seat's deal (``deal_solver``), else a new one."""
    info = Info(view)
    me = info.me
    cands = candidates(info)
    live = 0
    for h in deal.hands:
        live |= h
    for c in deal.trick:
        live |= 1 << c
    kept, rep = _reduce(info.kind, cands, deal.hands[me], live)
    table = _Table(view)
    rows: dict[int, list[float]] = {c: [] for c in kept}
    if deal.phase == PLAY and tricks_left(deal) <= max(solve_at, EXACT_FROM.get(info.name, 0)):
        exact = _solved(deal, kept, info, nodes if tricks_left(deal) > solve_at else None, solver)
        if exact is not None:
            return _summarise({c: [v] for c, v in exact.items()}, rep, exact=True)
    rng = random.Random(decision_seed(seed, "truth|" + info.public_key()))
    for r in range(max(1, runs)):
        for c in kept:
            d = deal.copy()
            _apply(d, c)
            rows[c].append(go_on(d, table, me, rng, min(solve_at, 3), 0.0 if r == 0 else 0.08)[0])
    return _bound_touching(_summarise(rows, rep, exact=False), info.kind,
                           _touching_runs(info.kind, cands, deal.hands[me], live), _point_factor(deal))
