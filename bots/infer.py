"""Inference from what the others announced: weights for sampled worlds.

A call of 5 tricks is unlikely from a hand worth 1; a player who named hearts
trump probably holds hearts; a player who kept a Manni hand probably liked
it.  ``acceptor(info)`` returns a function giving each sampled world a
probability of being kept (1 for a world that fits every announcement well),
used by ``sample.sample_world`` for rejection sampling; None when there is
nothing to infer from.
"""
import math

from rules.cards import NT, SUIT_MASK
from rules import actions as A
from .estimate import defence_points, manfee_tricks, manni_tricks, manille_points
from .calls import c1opt_expected

EN_FACE_VALUE = 3.0   # what a dealer expects when handing the choice to the partner


def played_by(info):
    out = [0] * info.n
    for seat, c, _sig in info.plays:
        out[seat] |= 1 << c
    return out


def trump_values(hand, game):
    """Formula value of naming each trump with ``hand`` (diff for the team)."""
    vals = []
    for t in range(5):
        v = manille_points(hand, t, game) - 30
        vals.append(v * (2 if t == NT else 1))
    return vals


WIDOW = -1              # a term about the cards out of play (Manni)


def acceptor(info, sharp=1.0, c1opt=False, more=False, taps=False):
    """``more`` adds what ZELZELA also reads (``announced``): the Manfee
    dealer's accept or pass and slam signals, the Manni swap; ``taps`` reads
    every muette tap, refusal and tap back by ``tap_terms`` instead of the
    old rule for the tapper alone (the frozen ZELZELA-1 keeps the old one)."""
    me = info.me
    pb = played_by(info)
    terms = []          # (seat whose current hand is judged, function(hand_then) -> log weight)
    if more:
        terms += announced(info, sharp)
    if taps and info.name == "manille-muette":
        terms += tap_terms(info, sharp)
    if info.name == "manfee":
        d = info.dealer
        c3 = (d + 1) % 4
        for x in range(4):
            call = info.calls[x]
            if call is None or x == me:
                continue
            if x == (d + 2) % 4 and info.calls[(d + 3) % 4] is not None \
                    and call == 13 - info.calls[(d + 3) % 4] and call >= 6:
                continue          # a blocking call says nothing of the hand
            holder = (x + 3) % 4 if info.passed else x
            if holder == me or info.known[holder]:
                continue
            sigma = (2.0 if x == c3 else 1.3) / sharp
            # The first caller's convention: our partner calls as we do; an
            # opponent may call its hand or its team (either will do).
            conv = 0
            if x == (d + 3) % 4:
                conv = (1 if c1opt else 0) if x == info.partner else 2

            def f(h, call=call, sigma=sigma, conv=conv):
                e = manfee_tricks(h)
                if conv == 0:
                    return -((call - e) ** 2) / (2 * sigma * sigma)
                t = c1opt_expected(e)
                lt = -((call - t) ** 2) / (2 * sigma * sigma)
                if conv == 1:
                    return lt
                lo = -((call - e) ** 2) / (2 * sigma * sigma)
                return max(lo, lt)
            terms.append((holder, f))
    elif info.name in ("manille", "manille-muette"):
        game = info.name
        namer = info.dealer if info.name == "manille" else info.namer
        named = -1
        for _seat, code in info.codes:
            if A.TRUMP <= code <= A.TRUMP + NT:
                named = code - A.TRUMP
        if named >= 0 and namer >= 0 and namer != me:
            beta = 0.25 * sharp

            def named_fit(h, named=named):
                vals = trump_values(h, game)
                return beta * (vals[named] - max(vals))
            terms.append((namer, named_fit))
        if info.en_face and info.dealer != me:
            def g(h):
                best = max(trump_values(h, game))
                return -max(0.0, best - EN_FACE_VALUE) * 0.25 * sharp
            terms.append((info.dealer, g))
        if info.tapper >= 0 and info.tapper != me and named >= 0 and not taps:
            def t(h, named=named):
                # A tapper expects its side to beat the namer: weak namer-side trumps.
                v = manille_points(h, named, game) - 30
                return -max(0.0, 2.0 - v) * 0.15 * sharp
            terms.append((info.tapper, t))
    elif info.name == "manni":
        for s in info.kept:
            if s == me or s == info.swapper:
                continue
            trump = info.trump

            def k(h, trump=trump):
                e = manni_tricks(h, trump)
                return -max(0.0, 3.7 - e) * 2.0 * sharp
            terms.append((s, k))
    if not terms:
        return None

    def accept(others, widow):
        lw = 0.0
        for seat, f in terms:
            lw += f(widow if seat == WIDOW else others[seat] | pb[seat])
        return math.exp(lw) if lw > -50 else 0.0
    return accept


def announced(info, sharp=1.0):
    """Terms for the decisions the plain acceptor leaves out.

    * Manfee accept or pass: a dealer who accepts expects its own hand to
      bring about the remainder; one who passes, less than that.
    * Manfee slam: the slammer still held the master of the suit it slammed
      (the bots slam only then; a person might not: a soft term).
    * Manni swap: the swapper found its dealt hand, now out of play, weak.
    """
    me, terms = info.me, []
    if info.name == "manfee":
        d = info.dealer
        calls = [info.calls[(d + k) % 4] for k in (1, 2, 3)]
        decided = info.targets is not None and None not in calls
        holder = (d + 3) % 4 if info.passed else d
        if decided and d != me and holder != me and not info.known[holder]:
            rest = 13 - sum(calls)
            passed = info.passed

            def dealer_fit(h, rest=rest, passed=passed):
                e = manfee_tricks(h)
                miss = max(0.0, e - (rest + 1)) if passed else max(0.0, (rest - 1) - e)
                return -sharp * miss * miss / (2 * 1.5 * 1.5)
            terms.append((holder, dealer_fit))
        for seat, suit, idx in info.slams:
            if seat == me or info.known[seat]:
                continue
            gone = 0
            for _s, c, _sig in info.plays[:idx + 1]:
                gone |= 1 << c
            live = info.game.deck_mask & ~gone & SUIT_MASK[suit]
            if not live:
                continue
            master = live.bit_length() - 1       # trick games: the highest rank

            def slam_fit(h, master=master):
                # h is the seat's whole hand; it held the master after the slam.
                return 0.0 if h >> master & 1 else -3.0 * sharp
            terms.append((seat, slam_fit))
    elif info.name == "manni" and 0 <= info.swapper != me:
        trump = info.trump

        def swapped_fit(h, trump=trump):
            # Soft: the bots' own swap weighs the Manni by play-outs, and
            # a fair share of swapped hands were worth four tricks or more.
            e = manni_tricks(h, trump)
            return -max(0.0, e - 3.5) * 0.7 * sharp
        terms.append((WIDOW, swapped_fit))
    return terms


TAP_MARGIN = 4.0        # the bots tap when they expect their side to gain more than this
TAP_SPREAD = 5.0


def tap_terms(info, sharp=1.0):
    """Muette: a tap says the defender expects its side to beat the namer's by a
    margin, a refusal that it does not; a tap back says the same of the namer.

    Each answer weighs the answering hand by the chance that a player who judges
    its side's points as the bots' formula does, give or take ``TAP_SPREAD``
    points, would answer so (a normal curve).  A tap is a strong word: the old
    term (``acceptor``) left a tapper holding little more trump than anyone, so
    the coach called a tap back with no trump at all a fine bet.
    """
    me, terms = info.me, []
    trump = info.trump
    if trump < 0 or info.namer < 0:
        return terms
    f = (2 if trump == NT else 1) * (2 if info.blind else 1)
    for seat, code in info.codes:
        if seat == me:
            continue
        if code in (A.DOUBLE, A.NO_DOUBLE):
            def worth(h, trump=trump):
                return (defence_points(h, trump) - 30) * f
        elif code in (A.REDOUBLE, A.NO_REDOUBLE):
            def worth(h, trump=trump):
                return (manille_points(h, trump, "manille-muette") - 30) * f - TAP_MARGIN
        else:
            continue
        said_yes = code in (A.DOUBLE, A.REDOUBLE)

        def answer_fit(h, worth=worth, said_yes=said_yes):
            z = (worth(h) - TAP_MARGIN) / (TAP_SPREAD * f)
            chance = 0.5 * math.erfc((-z if said_yes else z) / math.sqrt(2))
            return sharp * math.log(max(chance, 1e-9))
        terms.append((seat, answer_fit))
    return terms
