"""Information-set Monte Carlo tree search (single observer), for the arena.

An experiment for issue 15 ("a search that suffers less from strategy
fusion"), selected with the configuration key ``search`` ("ismcts": every
seat in the tree; "own_tree": only this seat's later choices, the others
playing the fogged heuristic) and, with ``tree_above``, only while the
hand holds more cards than that (``play.search_card``); no character in
the menus uses it.  Measured in Manille (README, "A tree over the rest of
the deal"): as strong as ZELZELA at best, not stronger.

ZELZELA's search (``think``) scores each card of this decision in sampled
worlds and plays the rest out with the heuristic; here a tree grows over
the rest of the deal, keyed by the cards played only (never by the world),
so the later choices in it are learnt from statistics pooled over all the
worlds in which they were possible: nobody in the tree sees the world's
other hands (Cowling, Powley and Whitehouse 2012, SO-ISMCTS).  With
"own_tree" our next choice is keyed by what we would see (the last trick
and the cards on the table), and the others never enter the tree.

* Worlds: a pool drawn once per decision, as ZELZELA draws them (the
  announcements shape them, ``infer``; the play weighs them, ``reading``);
  each iteration picks one of the pool in proportion to its weight.
* Selection: UCB1 with availability counts (a card is only a choice in the
  worlds where its seat holds it), rewards from the view of the seat that
  chose, scaled by the spread of the rewards seen so far.
* Play-out below the tree: the heuristic, fogged (``estimate.fog_playout``)
  from the voids shown so far, as in ZELZELA's play-outs.
* The card: the most visited at the root.

Work is counted in iterations (one play-out each), never in seconds, so the
bot stays a pure function of its view and seed; ``time_cap`` is a safety net.
"""
from __future__ import annotations

import math
import time

from rules.cards import SUIT_MASK, SUIT_OF, mask_cards
from rules.deal import PLAY
from .estimate import fog_playout
from .knowledge import Info
from .sample import Worlds, sample_world
from .search import equivalent_reduce, utility
from .think import live_cards, world_models


class Node:
    """The statistics of one card choice after one sequence of cards."""

    __slots__ = ("visits", "total", "avail", "children", "after")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0              # summed reward, from the view of the seat that chose
        self.avail = 0                # iterations in which this card was a legal choice
        self.children: dict[int, Node] = {}     # the next seat's cards (every seat in the tree)
        self.after: dict[tuple, dict[int, Node]] = {}   # own_tree: what the others played, our next cards


def _pool(info: Info, cfg: dict, rng, size: int) -> tuple[list, list, int]:
    """``size`` worlds consistent with the view, their weights and the units spent."""
    acc, reader = world_models(info, cfg)
    worlds, weights = [], []
    for _ in range(size):
        others, widow = sample_world(info, rng, acc)
        w = reader(others, widow) if reader else 1.0
        if w > 0:
            worlds.append((others, widow))
            weights.append(w)
    return worlds, weights, size if reader else 0


def _pick_world(weights: list, total: float, rng) -> int:
    r = rng.random() * total
    for i, w in enumerate(weights):
        r -= w
        if r < 0:
            return i
    return len(weights) - 1


def _select(options: dict, legal: list, rng, explore: float) -> tuple[int, Node, bool]:
    """A card of ``legal`` at a node whose cards so far are ``options``: one not tried yet
    (then True), else the best by UCB1 with availability counts."""
    for c in legal:
        child = options.get(c)
        if child is not None:
            child.avail += 1
    fresh = [c for c in legal if c not in options]
    if fresh:
        c = fresh[int(rng.random() * len(fresh))]
        child = options[c] = Node()
        child.avail = 1
        return c, child, True
    c = max(legal, key=lambda c: options[c].total / options[c].visits
            + explore * math.sqrt(math.log(options[c].avail) / options[c].visits))
    return c, options[c], False


def ismcts(info: Info, cards: list, cfg: dict, rng, prefer: int | None = None) -> tuple[int, dict]:
    """The most visited of ``cards`` for the seat of ``info`` after
    ``cfg["max_units"]`` iterations; returns (card, stats).

    ``cfg["search"]``: "ismcts", every seat's cards in the tree (SO-ISMCTS);
    "own_tree", only this seat's: the others play the fogged heuristic, and
    our next choice is keyed by the cards they played (what we would see)."""
    kind, me, n = info.kind, info.me, info.n
    cand = equivalent_reduce(kind, cards, info.hand, live_cards(info))
    if len(cand) == 1:
        return cand[0], {"iterations": 0, "units": 0, "cands": 1}
    worlds, weights, units = _pool(info, cfg, rng, cfg.get("pool", 96))
    if not worlds:
        fallback = prefer if prefer is not None and prefer in cand else cand[0]
        return fallback, {"iterations": 0, "units": units, "cands": len(cand)}
    total_w = sum(weights)
    deals = Worlds(info)
    base_voids = info.fog_voids()
    fog = (cfg.get("fog_deduce", False), cfg.get("fog_signals", False), cfg.get("fog_out", False))
    own_only = cfg.get("search") == "own_tree"
    c_ucb = cfg.get("ucb", 0.7)
    root: dict[int, Node] = {}
    # The spread of the rewards so far (Welford), the scale of the exploration.
    count, mean, m2 = 0, 0.0, 0.0
    budget = cfg["max_units"]
    time_cap = cfg.get("time_cap")
    start = time.perf_counter()
    iterations = 0
    while units < budget:
        others, widow = worlds[_pick_world(weights, total_w, rng)]
        d = deals.deal(others, widow)
        state = (list(base_voids), [-1] * n)        # what the table showed: voids, slam requests
        seen = state[0]
        path: list[tuple[Node, int]] = []
        options = root
        legal = cand
        explore = c_ucb * (math.sqrt(m2 / count) if count > 1 else 1.0)
        while True:
            s = d.turn
            c, child, fresh = _select(options, legal, rng, explore)
            if d.trick and SUIT_OF[c] != d.led:
                seen[s] |= SUIT_MASK[d.led]
            path.append((child, s))
            d.step(c)
            if fresh or d.phase != PLAY:
                break
            if own_only:
                fog_playout(d, kind, None, *fog, until=me, state=state)
                if d.phase != PLAY:
                    break
                options = child.after.setdefault((d.last_trick, tuple(d.trick)), {})
            else:
                options = child.children
            legal = mask_cards(d.play_mask())
        if d.phase == PLAY:
            fog_playout(d, kind, None, *fog, state=state)
        units += 1
        iterations += 1
        mine = utility(d, me, n)
        count += 1
        delta = mine - mean
        mean += delta / count
        m2 += delta * (mine - mean)
        for child, s in path:
            child.visits += 1
            child.total += mine if s == me or (n == 4 and s % 2 == me % 2) else \
                (-mine if n == 4 else utility(d, s, n))
        if time_cap is not None and time.perf_counter() - start > time_cap:
            break
    best = max(root.items(), key=lambda kv: (kv[1].visits, kv[0] == prefer))[0]
    return best, {"iterations": iterations, "units": units, "cands": len(cand), "worlds": len(worlds)}
