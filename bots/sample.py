"""Deal the unseen cards in a way consistent with everything a seat knows.

A *world* is a guess of every hidden card: the other seats' hands (masks) and,
in Manni, the 12 cards lying out of play.  Worlds respect the hand sizes, the
known cards, and the cards each seat cannot hold (voids and Manille
obligations; Manfee drop signals as soft evidence, dropped first if they make
the constraints impossible).
"""
from rules.cards import mask_cards
from rules.views import rebuild

WIDOW_SLOT = -1


def slots_of(info):
    """(slot, need, forbidden mask, known mask) per hidden place."""
    out = []
    for s in range(info.n):
        if s != info.me and info.need[s] > 0:
            out.append((s, info.need[s], info.forbid[s] | info.soft[s], info.forbid[s]))
    if info.widow_hidden:
        out.append((WIDOW_SLOT, info.widow_hidden, 0, 0))
    return out


def allowed_slots(cards, slots, use_soft):
    """For each card, the slots that may hold it (the same for every world of
    one decision, so worked out once)."""
    forb = [f if use_soft else h for _s, _n, f, h in slots]
    k = len(slots)
    allowed = []
    for c in cards:
        bit = 1 << c
        allowed.append([i for i in range(k) if not forb[i] & bit])
    return allowed


def _greedy(cards, slots, rng, allowed):
    """One randomised attempt; None when it paints itself into a corner."""
    cap = [need for _s, need, _f, _h in slots]
    k = len(slots)
    rnd = rng.random
    keys = [(len(a), rnd()) for a in allowed]      # one draw per card, in card order
    order = sorted(range(len(cards)), key=keys.__getitem__)
    got = [0] * k
    for j in order:
        opts = [i for i in allowed[j] if cap[i]]
        if not opts:
            return None
        if len(opts) == 1:
            i = opts[0]
        else:
            tot = 0
            for i in opts:
                tot += cap[i]
            r = rng.random() * tot
            for i in opts:
                r -= cap[i]
                if r < 0:
                    break
        cap[i] -= 1
        got[i] |= 1 << cards[j]
    return got


def _matching(cards, slots, rng, use_soft):
    """Exact assignment by augmenting paths (random order); None if impossible."""
    k = len(slots)
    forb = [f if use_soft else h for _s, _n, f, h in slots]
    units = []
    for i, (_s, need, _f, _h) in enumerate(slots):
        units += [i] * need
    owner = [None] * len(units)      # unit -> card index
    cards = list(cards)
    rng.shuffle(cards)

    def ok(ci, u):
        return not forb[units[u]] >> cards[ci] & 1

    def augment(ci, seen):
        us = list(range(len(units)))
        rng.shuffle(us)
        for u in us:
            if u in seen or not ok(ci, u):
                continue
            seen.add(u)
            if owner[u] is None or augment(owner[u], seen):
                owner[u] = ci
                return True
        return False

    for ci in range(len(cards)):
        if not augment(ci, set()):
            return None
    got = [0] * k
    for u, ci in enumerate(owner):
        if ci is not None:
            got[units[u]] |= 1 << cards[ci]
    return got


def sample_world(info, rng, accept=None, tries=30):
    """A random consistent world: (others {seat: mask now}, widow mask).

    ``accept(others, widow)`` may return a probability (0..1) to keep a world
    (inference from calls); the world is then drawn by rejection.
    """
    cached = getattr(info, "_world_slots", None)
    if cached is None:
        slots = slots_of(info)
        cards = mask_cards(info.unknown)
        cached = (slots, cards, {True: allowed_slots(cards, slots, True),
                                 False: allowed_slots(cards, slots, False)})
        info._world_slots = cached        # one decision samples many worlds
    slots, cards, allowed = cached
    best = None
    for _attempt in range(tries if accept else 1):
        got = None
        for use_soft in (True, False):
            for _ in range(8):
                got = _greedy(cards, slots, rng, allowed[use_soft])
                if got is not None:
                    break
            if got is None:
                got = _matching(cards, slots, rng, use_soft)
            if got is not None:
                break
        if got is None:
            raise ValueError("no world fits what this seat saw")
        others = {s: info.known[s] for s in range(info.n) if s != info.me}
        widow = 0
        for (s, _n, _f, _h), m in zip(slots, got, strict=True):
            if s == WIDOW_SLOT:
                widow = m
            else:
                others[s] |= m
        if accept is None:
            return others, widow
        p = accept(others, widow)
        if best is None or p > best[0]:
            best = (p, others, widow)
        if rng.random() < p:
            return others, widow
    return best[1], best[2]


class Worlds:
    """Determinized deals for one decision: one replay of the history, then
    each world is a copy with the hidden hands replaced."""

    def __init__(self, info):
        self.info = info
        self.base = None

    def deal(self, others, widow=0):
        info = self.info
        if self.base is None:
            self.base = rebuild(info.game, info.view, others, widow=widow, codes=info.codes)
            return self.base.copy()
        d = self.base.copy()
        for s, m in others.items():
            d.hands[s] = m
        if info.name == "manni" and info.phase == "swap":
            d.widow = widow
        return d
