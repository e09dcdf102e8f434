"""Card tables the bots share: strength and value of each card per game.

Two families of games:
  * trick games (Manfee, Manni): every trick is worth one, ace high;
  * point games (Manille, Manille muette): T A K Q J 9 8 7, points T5 A4 K3 Q2 J1.

Everything is a bit mask or a small tuple so that the play-outs stay fast.
"""
from rules.cards import SUIT_OF, RANK_OF, SUIT_MASK, NT, mask_cards
from rules.manille import STRENGTH as M_STRENGTH, VALUE as M_VALUE, ABOVE as M_ABOVE


def popcount(m):
    return m.bit_count()


def _above_ranked(c):
    s = SUIT_OF[c]
    return SUIT_MASK[s] & ~((1 << (c + 1)) - 1)


R_ABOVE = tuple(_above_ranked(c) for c in range(52))
R_BELOW = tuple(SUIT_MASK[SUIT_OF[c]] & ((1 << c) - 1) for c in range(52))
M_BELOW = tuple(sum(1 << d for d in range(52) if SUIT_OF[d] == SUIT_OF[c]
                    and 0 <= M_STRENGTH[d] < M_STRENGTH[c]) for c in range(52))
ZERO = (0,) * 52


_TOP_RANKS: dict = {}


def _top_ranks(strength, lowest=False):
    """For every 13-bit set of ranks, the rank of its strongest card (or of
    its weakest with ``lowest``)."""
    key = tuple(strength[:13])
    table = _TOP_RANKS.get((key, lowest))
    if table is None:
        order = sorted(range(13), key=lambda r: key[r] if lowest else -key[r])
        table = [0] * 8192
        for m in range(1, 8192):
            table[m] = next(r for r in order if m >> r & 1)
        table = _TOP_RANKS[key, lowest] = tuple(table)
    return table


class Kind:
    """What a game's cards are worth and how they rank, for the bots."""

    def __init__(self, name, strength, value, above, below, n, direction, partners, points):
        self.name = name
        self.strength = strength      # card -> order within its suit
        self.value = value            # card -> points (point games) or 0
        self.above = above            # card -> mask of the cards of its suit that beat it
        self.below = below            # card -> mask of the cards of its suit it beats
        self.n = n
        self.direction = direction
        self.partners = partners
        self.points = points          # True for the point games
        # top_rank[m]: the rank (0..12) of the strongest card among the ranks
        # in the 13-bit mask m of one suit (strength depends on the rank only).
        self.top_rank = _top_ranks(strength)
        self.low_rank = _top_ranks(strength, lowest=True)

    def partner(self, seat):
        return (seat + 2) % 4 if self.partners else -1

    def high(self, mask):
        """The strongest card of ``mask`` (a one-suit mask is the usual case)."""
        best, bk = -1, -1
        st = self.strength
        for c in mask_cards(mask):
            if st[c] > bk:
                best, bk = c, st[c]
        return best

    def low(self, mask):
        best, bk = -1, 99
        st = self.strength
        for c in mask_cards(mask):
            if st[c] < bk:
                best, bk = c, st[c]
        return best

    def beats(self, c, w, led, trump):
        """Card c beats the winning card w of a trick whose led suit is ``led``."""
        sc, sw = SUIT_OF[c], SUIT_OF[w]
        if sc == sw:
            return self.strength[c] > self.strength[w]
        return sc == trump and trump != NT


KINDS = {
    "manfee": Kind("manfee", RANK_OF, ZERO, R_ABOVE, R_BELOW, 4, 3, True, False),
    "manni": Kind("manni", RANK_OF, ZERO, R_ABOVE, R_BELOW, 3, 1, False, False),
    "manille": Kind("manille", M_STRENGTH, M_VALUE, M_ABOVE, M_BELOW, 4, 1, True, True),
    "manille-muette": Kind("manille-muette", M_STRENGTH, M_VALUE, M_ABOVE, M_BELOW, 4, 1, True, True),
}


def kind_of(name):
    return KINDS[name]


def lowbit_card(m):
    return (m & -m).bit_length() - 1


def highbit_card(m):
    return m.bit_length() - 1
