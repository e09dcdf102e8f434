"""ZELZELA's card search: worlds weighted by the play, and as much thought as
the decision deserves.

Like ``search.pimc`` it scores every candidate card in sampled worlds, but:

* each world carries a weight: the announcements (``infer.acceptor``) shape
  how worlds are drawn, and the cards the others chose (``reading``) weigh
  them, so worlds that explain the play count for more;
* it stops when the answer is clear, not after a fixed count.  Worlds come
  in batches.  When every card scored the same in every world so far (all
  choices equivalent) it stops at ``min_worlds``; otherwise it spends at
  least ``rollouts`` units, as the plain search does, and then compares the
  best card with every other on the same worlds (paired differences).  A card clearly worse is dropped from the
  search; the search ends when every remaining rival is clearly worse or
  not worth more than ``indifferent`` points, or when ``max_units`` of work
  are spent.  A forced card or a choice between equivalent cards costs
  nothing; a close choice gets the whole budget;
* with ``fog`` a world is played out blind (``estimate.fog_playout``): each
  seat plays on its own hand and what the table showed, not on the world's
  other hands, so the score of a card no longer assumes that everyone later
  guesses right (the strategy fusion of open play-outs);
* optionally (``tail``) a play-out runs the heuristic only until
  ``solve_at`` tricks are left and solves the rest exactly, instead of
  solving only when the whole rest is that short.

Work is counted in play-out units, never in seconds, so a bot stays a pure
function of its view and seed; ``time_cap`` is only a safety net for a
machine far slower than usual.
"""
from __future__ import annotations

import math
import time
from typing import Callable

from rules.deal import PLAY
from .infer import acceptor
from .knowledge import Info
from .policy import pick
from .reading import play_reader
from .sample import sample_world, Worlds
from .search import NODE_UNITS, Solver, equivalent_reduce, evaluate, tricks_left, utility

# Points below which two cards count as equally good, per game (a Manille
# point, a tenth of a Manfee deal point, a fiftieth of a Manni trick).
INDIFFERENT = {"manfee": 0.1, "manille": 0.2, "manille-muette": 0.2, "manni": 0.02}


def live_cards(info: Info) -> int:
    live = info.unknown | info.hand
    for s in range(info.n):
        live |= info.known[s]
    for _s, c in info.trick:
        live |= 1 << c
    return live


def tail_value(d, kind, me: int, n: int, name: str, solve_at: int,
               node_units: int = NODE_UNITS) -> tuple[float, int]:
    """Play heuristically until ``solve_at`` tricks are left (at a trick's
    start), then solve exactly: (value, cost in play-out units)."""
    T = d.trump
    play = d.play
    while d.phase == PLAY and (d.trick or tricks_left(d) > solve_at):
        play(pick(kind, d, d.play_mask(), d.hands, d.turn, T))
    if d.phase != PLAY:
        return utility(d, me, n), 1
    sv = Solver(kind, me, n, name)
    return sv.value(d), 1 + sv.nodes // node_units


class Tally:
    """Weighted sums per candidate, and paired sums against each other."""

    def __init__(self, cand: list):
        self.cand = list(cand)
        self.w = 0.0
        self.w2 = 0.0
        self.worlds = 0
        self.sum = {c: 0.0 for c in cand}
        self.vals: list[tuple[float, dict]] = []
        self.alike = True             # every world so far gave every card one value

    def add(self, weight: float, vals: dict) -> None:
        self.w += weight
        self.w2 += weight * weight
        self.worlds += 1
        for c, v in vals.items():
            self.sum[c] += weight * v
        if self.alike and len(set(vals.values())) > 1:
            self.alike = False
        self.vals.append((weight, vals))

    def mean(self, c) -> float:
        return self.sum[c] / self.w

    def gap(self, best, c) -> tuple[float, float]:
        """Weighted mean and standard error of value(best) - value(c) over
        the worlds where both were scored."""
        sw = sm = 0.0
        pairs = []
        for w, vals in self.vals:
            if best in vals and c in vals:
                x = vals[best] - vals[c]
                pairs.append((w, x))
                sw += w
                sm += w * x
        if sw <= 0:
            return 0.0, math.inf
        m = sm / sw
        var = sum(w * (x - m) ** 2 for w, x in pairs) / sw
        ess = sw * sw / sum(w * w for w, _x in pairs)
        if ess < 2:
            return m, math.inf
        return m, math.sqrt(var / (ess - 1))


def world_models(info: Info, cfg: dict) -> tuple[Callable | None, Callable | None]:
    """(how the announcements shape the worlds drawn, ``infer.acceptor``; how the
    others' cards weigh them, ``reading.play_reader``), each None when off in ``cfg``."""
    acc = acceptor(info, cfg.get("infer_sharp", 1.0), cfg.get("c1opt", False),
                   more=cfg.get("infer_more", False), taps=cfg.get("read_taps", False)) if cfg.get("infer") else None
    reader = play_reader(info, cfg.get("read_q", 0.8), cfg.get("read_sharp", 0.5),
                         cfg.get("read_model", "rule")) if cfg.get("read_play") else None
    return acc, reader


def think(info: Info, cards: list, cfg: dict, rng, prefer: int | None = None,
          sampler: Callable | None = None) -> tuple[int, dict]:
    """The best of ``cards`` for the seat of ``info``; returns (card, stats)
    where stats holds the worlds and units spent (for the benchmarks)."""
    kind = info.kind
    me, n, name = info.me, info.n, info.name
    cand = equivalent_reduce(kind, cards, info.hand, live_cards(info))
    if len(cand) == 1:
        return cand[0], {"worlds": 0, "units": 0, "cands": 1}
    acc, reader = world_models(info, cfg)
    draw = sampler or sample_world
    worlds = Worlds(info)
    solve_at = cfg.get("solve_at", 0)
    tail = cfg.get("tail", False)
    fog_tail = cfg.get("fog_tail", False)
    eps = cfg.get("playout_eps", 0.0)
    # Fogged play-outs start from the voids (and Manfee drops) everyone saw.
    fog = (info.fog_voids(), cfg.get("fog_deduce", False), cfg.get("fog_signals", False),
           cfg.get("fog_out", False)) if cfg.get("fog") else None
    # A fogged play-out's seats may each know where some of the others' cards
    # are (``fog_sight``: the chance per card), between the blind fog and
    # the open play-out where everyone sees everything.
    # With ``fog_sight_late`` the chance grows from ``fog_sight`` at the first
    # card of a hand to that at its last, as a real player's read of the
    # others sharpens trick by trick.
    fog_sight = cfg.get("fog_sight", 0.0) if fog else 0.0
    fog_late = cfg.get("fog_sight_late") if fog else None
    hand_size = (52 if name == "manfee" else 32) // n
    max_units = cfg["max_units"]
    node_units = cfg.get("node_units", NODE_UNITS)
    # At least as much as the plain search spends (rollouts): the stop rule
    # only decides how far past it a close choice goes.  With deterministic
    # play-outs most cards tie in most worlds, and a dozen worlds can miss the
    # one in thirty where they differ.
    min_units = min(cfg.get("rollouts", 0), max_units)
    min_worlds = cfg.get("min_worlds", 12)
    # Worlds that must all score every card alike before the search calls
    # the cards equivalent (more where outcomes are few and coarse).
    alike_worlds = cfg.get("alike_worlds", min_worlds)
    batch = cfg.get("batch", 8)
    z = cfg.get("z", 2.0)
    indifferent = cfg.get("indifferent", INDIFFERENT.get(name, 0.1))
    time_cap = cfg.get("time_cap")
    start = time.perf_counter()
    tally = Tally(cand)
    alive = list(cand)
    units = 0
    drawn = 0
    top_w = 0.0
    while True:
        for _ in range(batch):
            others, widow = draw(info, rng, acc)
            drawn += 1
            weight = reader(others, widow) if reader else 1.0
            units += 1 if reader else 0
            top_w = max(top_w, weight)
            # A world the play makes a hundred times less likely than the
            # best seen so far would cost a full evaluation for almost nothing.
            if weight <= 0 or weight < 0.01 * top_w:
                continue
            base = worlds.deal(others, widow)
            # One sight a world, shared by its candidates (paired comparison).
            sight: list | None
            if fog_late is not None:
                sight = draw_growing_sight(rng, n, fog_sight, fog_late, hand_size)
            else:
                sight = draw_sight(rng, n, fog_sight) if fog_sight else None
            vals = {}
            solver = Solver(kind, me, n, name)      # shared by this world's candidates
            for c in alive:
                d = base.copy()
                d.step(c)
                if tail and d.phase == PLAY and solve_at:
                    v, cost = tail_value(d, kind, me, n, name, solve_at, node_units)
                else:
                    v, cost = evaluate(d, kind, me, n, name, solve_at, rng, eps, solver, fog, node_units,
                                       fog_tail, sight)
                vals[c] = v
                units += cost
            tally.add(weight, vals)
        if drawn > 40 * max(1, min_worlds) and tally.worlds == 0:
            break                     # nothing but hopeless worlds: use what we have
        if tally.worlds >= alike_worlds and tally.alike:
            break                     # every card scores the same in every world so far
        if tally.worlds >= min_worlds and units >= min_units:
            alive, settled = _settle(tally, alive, z, indifferent)
            if settled or len(alive) == 1:
                break
        if units >= max_units:
            break
        if time_cap is not None and time.perf_counter() - start > time_cap:
            break
    if tally.worlds == 0:
        fallback = prefer if prefer is not None and prefer in cand else cand[0]
        return fallback, {"worlds": 0, "units": units, "cands": len(cand)}
    best = max(alive, key=lambda c: (tally.mean(c), c == prefer))
    return best, {"worlds": tally.worlds, "units": units, "cands": len(cand), "drawn": drawn}


def draw_sight(rng, n: int, chance: float) -> list[int]:
    """Per seat, a random mask of the 52 card codes, each in it with ``chance``."""
    out = []
    for _ in range(n):
        m = 0
        for c in range(52):
            if rng.random() < chance:
                m |= 1 << c
        out.append(m)
    return out


def draw_growing_sight(rng, n: int, early: float, late: float, hand: int) -> list[list[int]]:
    """Per seat, masks of the 52 card codes by the cards left in its hand
    (index 0..13): with ``hand`` cards left each card is in the mask with
    chance ``early``, with one card left with chance ``late``, linearly in
    between.  One uniform draw per seat and card, so a card once known stays
    known as the hand empties."""
    chances = []
    for left in range(14):
        done = (hand - left) / (hand - 1) if hand > 1 else 1.0
        chances.append(early + (late - early) * min(1.0, max(0.0, done)))
    out = []
    for _ in range(n):
        # A mask holds the cards drawn under its chance, so the masks nest
        # by chance: walk the cards by their draw once, smallest chance first.
        order = sorted((rng.random(), c) for c in range(52))
        by_left = [0] * 14
        m, i = 0, 0
        for left in sorted(range(14), key=chances.__getitem__):
            while i < 52 and order[i][0] < chances[left]:
                m |= 1 << order[i][1]
                i += 1
            by_left[left] = m
        out.append(by_left)
    return out


def _settle(tally: Tally, alive: list, z: float, indifferent: float) -> tuple[list, bool]:
    """Drop the cards clearly worse than the best; settled when no rival is
    left that could be better by more than ``indifferent`` points."""
    best = max(alive, key=tally.mean)
    keep = [best]
    settled = True
    for c in alive:
        if c == best:
            continue
        m, se = tally.gap(best, c)
        if m - z * se > 0:
            continue                  # clearly worse: no more worlds for it
        keep.append(c)
        # Settled for c once it cannot beat the best by ``indifferent``.
        if z * se - m >= indifferent:
            settled = False
    return keep, settled
