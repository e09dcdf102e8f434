"""Manille (the Flemish table) and Manille muette (its silent cousin).

32 cards, ten high (T A K Q J 9 8 7), card points T5 A4 K3 Q2 J1: 60 in all.
Play goes clockwise; the team above 30 scores its excess, with factors.
"""
from .deal import Deal, TRUMP as P_TRUMP, PARTNER_TRUMP, DOUBLE as P_DOUBLE, REDOUBLE as P_REDOUBLE
from .cards import SUIT_MASK, SUIT_OF, RANK_OF, NT
from . import actions as A

# Rank index (2=0 .. A=12) -> strength in Manille order 7 < 8 < 9 < J < Q < K < A < T.
_ORDER = {5: 0, 6: 1, 7: 2, 9: 3, 10: 4, 11: 5, 12: 6, 8: 7}
STRENGTH = tuple(_ORDER.get(RANK_OF[c], -1) for c in range(52))
_VALUE_BY_RANK = {8: 5, 12: 4, 11: 3, 10: 2, 9: 1}
VALUE = tuple(_VALUE_BY_RANK.get(RANK_OF[c], 0) for c in range(52))
# ABOVE[c]: the cards of c's suit that beat c.
ABOVE = tuple(sum(1 << d for d in range(52)
                  if SUIT_OF[d] == SUIT_OF[c] and STRENGTH[d] > STRENGTH[c] >= 0)
              for c in range(52))


# Points of every set of ranks of one suit (13 bits): card_points reads four of
# these instead of walking the cards (the bots' end-game solver asks it at
# every trick of every line it searches).
_SUIT_POINTS = tuple(sum(VALUE[r] for r in range(13) if m >> r & 1) for m in range(1 << 13))


def card_points(mask):
    p = _SUIT_POINTS
    return p[mask & 8191] + p[mask >> 13 & 8191] + p[mask >> 26 & 8191] + p[mask >> 39 & 8191]


class _ManilleBase(Deal):
    direction = 1
    strength = STRENGTH
    tricks_per_deal = 8
    __slots__ = ()

    def team_points(self):
        cap = self.captured
        return (card_points(cap[0] | cap[2]), card_points(cap[1] | cap[3]))

    def trick_done(self, winner):
        if not self.hands[winner]:
            self.finish()

    def factors(self, winner_team):
        """The score multipliers in force, as (name, factor) pairs."""
        raise NotImplementedError

    def finish(self):
        pts = self.team_points()
        if pts[0] == pts[1]:
            self.end("tie", (0, 0))
            return
        t = 0 if pts[0] > pts[1] else 1
        score = [0, 0]
        score[t] = pts[t] - 30
        for _name, f in self.factors(t):
            score[t] *= f
        self.end("complete", tuple(score))


class ManilleDeal(_ManilleBase):
    """The Flemish Manille: the dealer names trump; the partner must not peek."""
    __slots__ = ("tie_pending",)

    def __init__(self, hands, dealer, options, tie_pending=False, **context):
        super().__init__(hands, dealer, options)
        self.tie_pending = tie_pending
        self.phase = P_TRUMP
        self.turn = dealer

    def bidding_legal(self):
        return tuple(range(A.TRUMP, A.TRUMP + 5))

    def acts_out_of_turn(self, seat, code):
        return code == A.PEEK and self.phase == P_TRUMP and seat == (self.dealer + 2) % 4

    def check(self, seat, code):
        if self.acts_out_of_turn(seat, code):
            return
        super().check(seat, code)

    def apply(self, seat, code):
        self.check(seat, code)
        if code == A.PEEK:
            # The dealer's partner looked before trump: the deal is void.
            self.history.append((seat, code))
            self.end("misdeal", (0, 0))
            return
        self.step(code)

    def bid(self, code):
        self.trump = code - A.TRUMP
        self.start_play((self.dealer + 1) % 4)

    def play_mask(self):
        s = self.turn
        h = self.hands[s]
        L = self.led
        if L < 0:
            return h
        T = self.trump
        w = self.win_card
        trumped = T != NT and SUIT_OF[w] == T   # the trick holds a trump (winning)
        opp_winning = (self.win_seat ^ s) & 1
        follow = h & SUIT_MASK[L]
        if follow:
            if opp_winning and (L == T or not trumped):
                return (follow & ABOVE[w]) or follow   # overtake if you can
            return follow
        if T == NT:
            return h
        trumps = h & SUIT_MASK[T]
        if not trumped:
            return trumps if (opp_winning and trumps) else h
        over = trumps & ABOVE[w]
        if opp_winning and over:
            return over                                  # overtrump
        # No under-trumping unless every card held is such a lower trump.
        return ((h & ~SUIT_MASK[T]) | over) or h

    def factors(self, t):
        f = []
        if self.trump == NT:
            f.append(("no-trump", 2))
        if self.tie_pending:
            f.append(("tie", 2))
        if self.won[t] + self.won[t + 2] == 8:
            f.append(("sweep", 2))
        return f


class MuetteDeal(_ManilleBase):
    """Manille muette: en face, blind trump, tapping; no obligation to beat."""
    __slots__ = ("namer", "blind", "tapped", "tapped_back", "looked")

    def __init__(self, hands, dealer, options, **context):
        super().__init__(hands, dealer, options)
        self.namer = -1
        self.blind = False
        self.tapped = False
        self.tapped_back = False
        # With blind trump allowed, the dealer's cards stay face down until
        # the dealer looks (LOOK) or names trump.
        self.looked = not options.get("blind", False)
        self.phase = P_TRUMP
        self.turn = dealer

    def bidding_legal(self):
        ph = self.phase
        if ph == P_TRUMP:
            acts = list(range(A.TRUMP, A.TRUMP + 5))
            if self.options.get("en_face", True):
                acts.append(A.PARTNER)
            if self.options.get("blind", False) and not self.looked:
                acts.extend(range(A.BLIND, A.BLIND + 5))
            return tuple(acts)
        if ph == PARTNER_TRUMP:
            return tuple(range(A.TRUMP, A.TRUMP + 5))
        if ph == P_DOUBLE:
            return (A.DOUBLE, A.NO_DOUBLE)
        return (A.REDOUBLE, A.NO_REDOUBLE)

    def check(self, seat, code):
        if code == A.LOOK:
            if self.phase == P_TRUMP and seat == self.dealer == self.turn and not self.looked:
                return
            from .errors import RulesError
            raise RulesError("only the dealer, before naming trump, turns the hand up")
        super().check(seat, code)

    def apply(self, seat, code):
        self.check(seat, code)
        if code == A.LOOK:
            self.looked = True      # not an action of the record
            return
        self.step(code)

    def bid(self, code):
        d = self.dealer
        ph = self.phase
        if ph == P_TRUMP or ph == PARTNER_TRUMP:
            if code == A.PARTNER:
                self.looked = True
                self.phase = PARTNER_TRUMP
                self.turn = (d + 2) % 4
                return
            self.namer = self.turn
            if code >= A.BLIND:
                self.blind = True
                self.trump = code - A.BLIND
            else:
                self.trump = code - A.TRUMP
            self.looked = True
            if self.options.get("doubling", True):
                self.phase = P_DOUBLE
                self.turn = (d + 1) % 4
            else:
                self._lead()
        elif ph == P_DOUBLE:
            if code == A.DOUBLE:
                self.tapped = True
                self.phase = P_REDOUBLE
                self.turn = self.namer
            elif self.turn == (d + 1) % 4:
                self.turn = (d + 3) % 4
            else:
                self._lead()
        else:
            self.tapped_back = code == A.REDOUBLE
            self._lead()

    def _lead(self):
        d = self.dealer
        self.start_play(d if self.blind else (d + 1) % 4)

    def play_mask(self):
        s = self.turn
        h = self.hands[s]
        L = self.led
        if L < 0:
            return h
        follow = h & SUIT_MASK[L]
        if follow:
            return follow
        T = self.trump
        if T == NT:
            return h
        trumps = h & SUIT_MASK[T]
        if not trumps:
            return h
        w = self.win_card
        if SUIT_OF[w] == T:
            over = trumps & ABOVE[w]
            if over:
                return over
            return (h & ~SUIT_MASK[T]) or h
        return trumps

    def factors(self, t):
        f = []
        if self.trump == NT:
            f.append(("no-trump", 2))
        if self.blind:
            f.append(("blind", 2))
        if self.tapped_back:
            f.append(("tap back", 4))
        elif self.tapped:
            f.append(("tap", 2))
        return f
