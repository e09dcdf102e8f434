"""What a hand is worth: quick formulas and Monte Carlo play-outs.

The formulas are linear in a few hand features; their weights were fitted on
play-outs of random deals (``benchmarks/bots_fit.py``), so that "this hand
takes 3.4 tricks" means what the play-outs say, not a fixed table.  The
Monte Carlo estimators deal the unseen cards consistently with the view and
play the deal out with the heuristic player (``policy.pick``) at every seat.
"""
from rules.cards import NT, SUIT_MASK, SUIT_OF, mask_cards
from rules.deal import PLAY
from rules.games import get_game
from .core import popcount
from .knowledge import shown_absent
from .policy import pick, truthful_signal

# -- trick games ----------------------------------------------------------------

def trick_features(hand, trump, ranks=13):
    """Features of a hand in a trick game with ``trump`` (Manfee: 0)."""
    top = 12
    f = [1.0]
    tm = (hand >> (13 * trump)) & 8191
    tlen = popcount(tm)
    f += [tm >> top & 1, tm >> (top - 1) & 1, tm >> (top - 2) & 1, tm >> (top - 3) & 1,
          tlen, max(0, tlen - 3), max(0, tlen - 5)]
    aces = kg = ks = qg = along = 0
    short = 0
    longx = 0
    for s in range(4):
        if s == trump:
            continue
        m = (hand >> (13 * s)) & 8191
        n = popcount(m)
        if m >> top & 1:
            aces += 1
            if n >= 6:
                along += 1
        if m >> (top - 1) & 1:
            if n >= 2:
                kg += 1
            else:
                ks += 1
        if m >> (top - 2) & 1 and n >= 3:
            qg += 1
        short += max(0, 3 - n)
        longx += max(0, n - 4)
    f += [aces, along, kg, ks, qg, min(short, tlen), short, longx]
    return f


def _dot(w, f):
    return sum(a * b for a, b in zip(w, f, strict=True))


# Fitted by benchmarks/bots_fit.py (least squares on heuristic play-outs).
W_MANFEE = [-0.4949, 0.9344, 0.8899, 0.6494, 0.3322, 0.2748, 0.5779, -0.0478,
            1.0038, -0.1308, 0.7649, 0.1638, 0.3893, 0.1911, 0.0628, -0.1142]
W_MANNI = [0.0834, 0.8619, 0.7736, 0.5846, 0.345, 0.3951, 0.6538, -0.5568,
           0.8996, -0.1777, 0.7322, 0.25, 0.496, 0.2361, 0.0279, -0.2279]


def manfee_tricks(hand):
    """Expected tricks of one Manfee hand (its own share, partner unknown)."""
    return _dot(W_MANFEE, trick_features(hand, 0))


def manni_tricks(hand, trump):
    return _dot(W_MANNI, trick_features(hand, trump))


# -- point games ----------------------------------------------------------------

def point_features(hand, trump):
    """Features of a Manille hand for trump ``trump`` (0..3, or NT)."""
    f = [1.0]
    tens = aces = kings = tens_alone = voids = 0
    for s in range(4):
        m = (hand >> (13 * s)) & 8191
        n = popcount(m)
        if s == trump:
            continue
        if m >> 8 & 1:
            tens += 1
            if n == 1:
                tens_alone += 1
        if m >> 12 & 1:
            aces += 1
        if m >> 11 & 1:
            kings += 1
        if n == 0:
            voids += 1
    if trump == NT:
        f += [0, 0, 0, 0, 0, tens, aces, kings, tens_alone, voids]
    else:
        tm = (hand >> (13 * trump)) & 8191
        tlen = popcount(tm)
        f += [tlen, tm >> 8 & 1, tm >> 12 & 1, tm >> 11 & 1, max(0, tlen - 3),
              tens, aces, kings, tens_alone, voids * min(tlen, 2)]
    return f


W_POINTS = {
    "manille": ([16.1362, 2.933, 4.7558, 3.153, 1.4751, 1.3624, 4.7318, 1.4644, 0.293, 0.9251, 1.5891],
                [20.3629, 0, 0, 0, 0, 0, 5.2318, 2.5698, 1.235, 1.7032, 0.1159]),
    "manille-muette": ([17.7259, 2.6342, 4.0172, 2.7075, 1.1921, 1.937, 4.4734, 1.1042, 0.1401, 1.5114, 1.0665],
                       [20.8245, 0, 0, 0, 0, 0, 5.1037, 2.4891, 1.0183, 2.0095, 0.5554]),
}


def manille_points(hand, trump, game="manille"):
    """Expected card points of the team of this hand's holder (of 60), the
    holder having named ``trump`` (its partner's hand unknown)."""
    w = W_POINTS[game][1 if trump == NT else 0]
    return _dot(w, point_features(hand, trump))


def defence_points(h: int, T: int) -> float:
    """Rough card points of the side of hand ``h`` defending against trump ``T``: its
    strength in their trump, tens, aces.

    The weights are fitted (least squares) to the defenders' points in 4,499 muette deals
    played by SADA (TANA's 888 gave the same within a point).  The old rule started from 24
    and put an average defender at 34 points, where the defence takes 24: the bots of
    levels 1-4 tapped in 58-87 % of the deals and lost 1,200-3,400 points a 400 deals
    by it."""
    pts = 14.0
    for s in range(4):
        m = (h >> (13 * s)) & 8191
        n = bin(m).count("1")
        if s == T:
            pts += 2.7 * n + (5.3 if m >> 8 & 1 else 0) + (2.9 if m >> 12 & 1 else 0)
        else:
            pts += (4.1 if m >> 8 & 1 else 0) + (0.9 if m >> 12 & 1 else 0)
    return pts


# -- Monte Carlo -------------------------------------------------------------------

def playout(d, kind, rng=None, eps=0.0):
    """Play deal ``d`` (in its play phase) to the end with the heuristic at
    every seat, all hands visible; with ``eps`` > 0 each card is, with that
    chance, a random legal one instead.  Returns the finished deal (its
    score and tricks; the cards played are not added to its history)."""
    T = d.trump
    play = d.play          # not step: a play-out's history is never read, so not kept
    while d.phase == PLAY:
        s = d.turn
        legal = d.play_mask()
        if eps and rng.random() < eps:
            cs = mask_cards(legal)
            play(cs[int(rng.random() * len(cs))])
            continue
        play(pick(kind, d, legal, d.hands, s, T))
    return d


def fog_playout(d, kind, voids=None, deduce=False, signals=False, hide_out=False, stop_at=0,
                until=-1, state=None, sight=None):
    """Play deal ``d`` out with the heuristic at every seat, each seat seeing
    only its own hand, the cards gone and the voids shown (``voids[s]``,
    updated as seats fail to follow; with ``deduce`` also what the Manille
    obligations show, ``knowledge.shown_absent``; in Manfee after a pass
    the hand the seat passed to its right), not the other hands of the
    world.  With ``signals`` (Manfee) every seat signals as the bots do
    (``play.signal``): a drop on the last card of a plain suit shows the
    void at once, and a slam (a discard from a suit whose master the seat
    holds) has the partner lead that suit at its next lead.  With
    ``hide_out`` (Manni) a seat does not know which of the cards it has not
    seen are out of play (the Manni or the hand swapped away), as in the
    real deal; without it the play-out's seats know which cards the others
    hold between them.  ``until``: a seat at whose turn the play-out pauses
    (a search that chooses that seat's cards itself, ``ismcts.own_tree``);
    ``state``: the lists (voids seen, suits asked) to go on with in place,
    so that a paused play-out resumes knowing what the table showed.
    ``sight``: per seat, a mask of cards whose place that seat knows in the
    world (a partial read of the others' hands, as a real player infers some
    of them), or per seat a list of such masks by the cards left in its hand
    (a sight that grows as the deal goes on, ``think.draw_growing_sight``);
    None: nobody knows any.

    A play-out with every hand visible rewards cards whose worth depends on
    everyone later guessing right (strategy fusion): in it nobody ever has
    to guess.  Here the later play is as blind as the real one."""
    T = d.trump
    play = d.play
    hands = d.hands
    n = d.n
    seen = state[0] if state else list(voids) if voids else [0] * n
    name = kind.name
    signals = signals and name == "manfee"
    passed = name == "manfee" and d.passed
    deck = get_game(name).deck_mask if hide_out and name == "manni" else 0
    asked = state[1] if state else [-1] * n     # the suit each seat's partner asked it to lead
    while d.phase == PLAY:
        if stop_at and not d.trick and max(popcount(h) for h in hands) <= stop_at:
            break
        s = d.turn
        if s == until:
            break
        legal = d.play_mask()
        own = hands[s]
        if legal & (legal - 1):
            if deck:              # Manni, hide_out: the unseen cards, in play or not
                others = deck & ~own & ~d.played
                if d.swapper == s:
                    others &= ~d.swapped_out
            else:                 # the cards the other seats hold between them
                others = 0
                for h in hands:
                    others |= h
                others &= ~own
            if passed:
                # Manfee after a pass: every seat knows what is left of the
                # hand it passed to its right, as in the real deal.
                right = (s + 3) % 4
                known = hands[right]
                poss = [(others & ~known) & ~seen[o] for o in range(n)]
                poss[right] = known
            else:
                poss = [others & ~seen[o] for o in range(n)]
            if sight:
                # The cards this seat has placed: possible only where they are.
                # A growing sight is a list by the cards left in the hand.
                m = sight[s]
                placed = others & (m if type(m) is int else m[popcount(own)])
                if placed:
                    poss = [p & (hands[o] | ~placed) for o, p in enumerate(poss)]
            poss[s] = own
            c = pick(kind, d, legal, poss, s, T, asked[s] if not d.trick else -1)
        else:
            c = legal.bit_length() - 1
        if d.trick:
            if deduce:
                seen[s] |= shown_absent(name, kind, T, s, c, d.led, d.win_card, d.win_seat)
            elif SUIT_OF[c] != d.led:
                seen[s] |= SUIT_MASK[d.led]
        elif signals:
            asked[s] = -1             # the request is used up by this lead
        if signals:
            _signal(kind, d, hands, s, c, seen, asked)
        play(c)
    return d


def _signal(kind, d, hands, s, c, seen, asked):
    """Seat ``s`` about to play ``c`` in a fogged Manfee play-out: what its
    truthful signal (``policy.truthful_signal``) tells the table."""
    live = 0
    for o, h in enumerate(hands):
        if o != s:
            live |= h
    said = truthful_signal(hands[s], c, live, d.led if d.trick else -1)
    if said == "drop":
        seen[s] |= SUIT_MASK[SUIT_OF[c]]      # no more of this suit
    elif said == "slam":
        asked[(s + 2) % 4] = SUIT_OF[c]       # partner, lead this suit


def open_play(game, hands, dealer, options, trump=-1, leader=None, deal_index=0,
              targets=(13, 13)):
    """A deal in its play phase straight away (for estimates): Manfee with
    targets that never stop it early, Manille with ``trump`` named."""
    d = game.new_deal(list(hands), dealer, options, deal_index=deal_index)
    name = game.name
    if name == "manfee":
        d.targets = list(targets)
        d.passed = False
        d.calls = [0, 0, 0, 0]
        d.start_play((dealer + 3) % 4 if leader is None else leader)
    elif name in ("manille", "manille-muette"):
        d.trump = trump
        if name == "manille-muette":
            d.namer = dealer
            d.looked = True
        d.start_play((dealer + 1) % 4 if leader is None else leader)
    else:
        d.start_play((dealer + 1) % 3 if leader is None else leader)
    return d
