"""A rule-of-thumb card player, shared by the lower levels and the play-outs.

``pick(kind, d, legal, poss, me)`` chooses a card for seat ``me`` to play in
deal ``d`` (only the public trick state of ``d`` is read: the trick, the led
suit, the winning card and seat), where ``poss[s]`` is the mask of the cards
seat ``s`` might hold.  A bot passes what it believes (the unseen cards minus
known voids); a play-out inside a determinized world passes the world's hands,
and the same rules then play with full sight.

Trick games: win cheaply and surely, second hand low, cash masters, ruff,
never overtake a partner who holds the trick, discard from short suits.
Point games: the same, plus feeding points to a partner who holds the trick,
keeping points away from the opponents, and winning with valuable cards.
"""
from rules.cards import SUIT_OF, SUIT_MASK, NT, mask_cards


FULL = (1 << 52) - 1


def any_can_beat(kind, poss, opps, x, led, T):
    """Could any of seats ``opps`` (each holding some of ``poss[o]``) beat card
    ``x`` in a trick led ``led``: a higher card of its suit (following, or
    void of the led suit), or a trump on a plain card by a seat void in the
    led suit.  Kept flat: play-outs ask it for every card they consider."""
    if not opps:
        return False
    sx = SUIT_OF[x]
    lm = SUIT_MASK[led]
    above = kind.above[x]
    trumps = SUIT_MASK[T] if T != NT and sx != T else 0
    same = sx == led
    for o in opps:
        ps = poss[o]
        void = not ps & lm
        if ps & above and (same or void):
            return True
        if void and ps & trumps:
            return True
    return False


def safe_lead(kind, c, opps, poss, T):
    """Does a lead of ``c`` surely win against opponents ``opps``?"""
    s = SUIT_OF[c]
    above = kind.above[c]
    sm = SUIT_MASK[s]
    for o in opps:
        ps = poss[o]
        if ps & above:
            return False
        if T != NT and s != T and not ps & sm and ps & SUIT_MASK[T]:
            return False
    return True


def _low(kind, m, points):
    """The cheapest card of m: lowest value, then lowest strength (the first
    suit on a tie).  Within a suit that is its weakest card (value rises with
    strength), so only one card per suit is compared."""
    st = kind.strength
    val = kind.value
    low_rank = kind.low_rank
    best, bk = -1, None
    for s in range(4):
        ms = m >> (13 * s) & 8191
        if not ms:
            continue
        c = 13 * s + low_rank[ms]
        k = (val[c], st[c]) if points else st[c]
        if bk is None or k < bk:
            best, bk = c, k
    return best


def _discard(kind, h, legal, poss, me, T, points):
    """A card to throw away when not following: short suits, no masters, no trumps."""
    st = kind.strength
    val = kind.value
    best, bk = -1, None
    others = 0
    for s, p in enumerate(poss):
        if s != me:
            others |= p
    # Within a suit the weakest card has the smallest key (a master's lower
    # cards may not be masters; a lower card's are), so one card per suit.
    low_rank = kind.low_rank
    for s in range(4):
        ms = legal >> (13 * s) & 8191
        if not ms:
            continue
        c = 13 * s + low_rank[ms]
        trump = s == T and T != NT
        master = not others & kind.above[c] and others & SUIT_MASK[s]
        length = (h & SUIT_MASK[s]).bit_count()
        k = (trump, bool(master), val[c] if points else 0, length, st[c])
        if bk is None or k < bk:
            best, bk = c, k
    return best


def truthful_signal(hand: int, card: int, live: int, led: int) -> str | None:
    """The bots' Manfee signal on playing ``card`` from ``hand`` (``live``:
    the cards the other seats may hold; ``led``: the trick's suit, -1 on a
    lead): "drop" on the last card of a plain suit while spades are left
    ("no more of this suit"), "slam" on a discard from a suit whose master
    the hand keeps ("partner, lead this suit"), else None.  The real play
    (``play.signal``) and the fogged play-outs signal by this one rule."""
    s = SUIT_OF[card]
    if s == 0:
        return None
    after = hand & ~(1 << card)
    rest = after & SUIT_MASK[s]
    if not rest:
        return "drop" if after & SUIT_MASK[0] else None
    if led >= 0 and led != s:
        top = rest.bit_length() - 1
        if not live & SUIT_MASK[s] & ~((1 << (top + 1)) - 1):
            return "slam"
    return None


_LATER: dict = {}


def _later(n, step, me, k, p):
    """The seats still to play after ``me`` in a trick ``k`` cards old, and
    those of them that are not the partner ``p`` (cached: play-outs ask
    this for every card)."""
    key = (n, step, me, k, p)
    hit = _LATER.get(key)
    if hit is None:
        later = tuple((me + step * i) % n for i in range(1, n - k))
        hit = _LATER[key] = (later, tuple(s for s in later if s != p))
    return hit


def pick(kind, d, legal, poss, me, T, lead_suit=-1, partner_void_lead=True, partner=-2):
    """The heuristic's card for seat ``me`` (see the module's text).

    ``partner=-1`` plays as if the partner were an opponent (a beginner's way).
    """
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    n = kind.n
    p = kind.partner(me) if partner == -2 else partner
    points = kind.points
    h = poss[me]
    trick = d.trick
    k = len(trick)
    if k == 0:
        return _lead(kind, legal, poss, me, p, T, points, lead_suit, partner_void_lead)
    later, later_opps = _later(n, kind.direction, me, k, p)
    led = d.led
    w = d.win_card
    ws = d.win_seat
    st = kind.strength
    val = kind.value
    if ws == p:
        if not any_can_beat(kind, poss, later_opps, w, led, T):
            # The partner holds the trick: feed points, or play low.
            if points:
                return max(mask_cards(legal),
                           key=lambda c: (val[c] - (3 if SUIT_OF[c] == T else 0), -st[c]))
            if legal & SUIT_MASK[led]:
                return _low(kind, legal, False)
            return _discard(kind, h, legal, poss, me, T, False)
    # The cards that beat w: higher of its suit, or any trump over a plain card.
    sw = SUIT_OF[w]
    beat = legal & kind.above[w]
    if T != NT and sw != T:
        beat |= legal & SUIT_MASK[T]
    winners = mask_cards(beat) if beat else ()
    if winners:
        safe = [c for c in winners if not any_can_beat(kind, poss, later_opps, c, led, T)]
        if safe:
            if points:
                # Win surely; with points at stake take them with a valuable card,
                # but spend a trump only as low as it goes.
                if SUIT_OF[safe[0]] == T and led != T:
                    return min(safe, key=lambda c: st[c])
                return max(safe, key=lambda c: (val[c], -st[c]))
            return min(safe, key=lambda c: st[c])
        if p in later:
            pass  # second hand low: the partner still plays after us
        elif not later_opps:
            return min(winners, key=lambda c: st[c])
        else:
            # Third hand high: make the last opponent pay for the trick.
            best = max(winners, key=lambda c: st[c])
            if not points or SUIT_OF[best] != T or led == T:
                if points and val[best] >= 4 and len(winners) > 1:
                    return min(winners, key=lambda c: (val[c], st[c]))
                return best
    # Cannot win (or should not try): give as little as possible.
    if legal & SUIT_MASK[led] or (T != NT and legal & ~SUIT_MASK[T] == 0):
        return _low(kind, legal, points)
    return _discard(kind, h, legal, poss, me, T, points)


def _lead(kind, legal, poss, me, p, T, points, lead_suit, partner_void_lead):
    n = kind.n
    st = kind.strength
    val = kind.value
    opps = [s for s in range(n) if s != me and s != p]
    h = legal
    # A suit the partner asked for.
    if lead_suit >= 0 and h & SUIT_MASK[lead_suit]:
        m = h & SUIT_MASK[lead_suit]
        top = kind.high(m)
        if safe_lead(kind, top, opps, poss, T):
            return top
        return _low(kind, m, points)
    # Sure winners: cash side-suit masters, and trump masters while the
    # opponents still hold trumps.
    opp_trumps = 0
    if T != NT:
        for o in opps:
            opp_trumps |= poss[o] & SUIT_MASK[T]
    # Only a suit's top card needs asking: a lower card is safe only when the
    # top is, and the top then ranks first (strength, and so value, highest).
    best, bk = -1, None
    top_rank = kind.top_rank
    for s in range(4):
        m = h >> (13 * s) & 8191
        if not m:
            continue
        is_trump = s == T and T != NT
        if is_trump and not opp_trumps:
            continue
        c = 13 * s + top_rank[m]
        if safe_lead(kind, c, opps, poss, T):
            k = (not is_trump, val[c], st[c])
            if bk is None or k > bk:
                best, bk = c, k
    if best >= 0:
        return best
    # A suit the partner can ruff while the opponents still follow.
    if partner_void_lead and p >= 0 and T != NT:
        pp = poss[p]
        if pp & SUIT_MASK[T]:
            for s in range(4):
                if s == T:
                    continue
                m = h & SUIT_MASK[s]
                if m and not pp & SUIT_MASK[s] and all(poss[o] & SUIT_MASK[s] for o in opps):
                    return _low(kind, m, points)
    # Otherwise lead low from the longest plain suit, keeping honours guarded.
    others = 0
    for s in range(n):
        if s != me:
            others |= poss[s]
    best, bk = -1, None
    for s in range(4):
        m = h & SUIT_MASK[s]
        if not m:
            continue
        is_trump = s == T and T != NT
        c = _low(kind, m, points)
        length = m.bit_count()
        # A lone high card (other than a master) led away is a waste.
        guarded = length >= 2 or not others & kind.below[c]
        k = (not is_trump, guarded, -val[c] if points else 0, length, -st[c])
        if bk is None or k > bk:
            best, bk = c, k
    return best
