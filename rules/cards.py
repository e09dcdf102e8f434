"""Cards, suits and seats: the one text form of each, and fast bit masks.

A card is an int ``suit * 13 + rank``: suits in the order ``S H D C`` and ranks
``2 3 4 5 6 7 8 9 T J Q K A`` numbered 0..12.  A set of cards (a hand, the
cards played) is an int with one bit per card, so copying a state is copying a
few ints and testing "holds a heart" is one ``&``.

>>> card_text(parse_card("10H")), parse_card("AS")
('TH', 12)
"""
from .errors import RulesError

SUITS = "SHDC"
RANKS = "23456789TJQKA"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "NT": "no-trump"}
NT = 4  # the trump "suit" index of a no-trump deal

SEATS4 = ("bottom", "left", "top", "right")   # clockwise order
SEATS3 = ("bottom", "left", "right")
TEAMS = ("bottom-top", "left-right")          # team of seat i (4 seats) is i % 2

SUIT_OF = tuple(c // 13 for c in range(52))
RANK_OF = tuple(c % 13 for c in range(52))
SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
FULL_DECK = (1 << 52) - 1


def card_text(c):
    """The record's text of card int ``c``: ``"TH"``, ``"AS"``."""
    return RANKS[c % 13] + SUITS[c // 13]


def parse_card(text):
    """Parse ``"QH"``, ``"10H"`` or ``"th"`` into a card int; RulesError otherwise."""
    if not isinstance(text, str):
        raise RulesError(f"a card must be written as text like 'QH', not {text!r}", "bad_action")
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise RulesError(f"{text!r} is not a card (write rank then suit, e.g. 'QH' or 'TS')", "bad_action")
    return SUITS.index(t[1]) * 13 + RANKS.index(t[0])


def make_mask(cards):
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# CARDS_IN[s][m]: the card ints of suit s whose rank bits are set in the 13-bit m.
# Turning a mask into cards is then four table look-ups, not a bit loop.
_RANK_LISTS = [tuple(r for r in range(13) if m >> r & 1) for m in range(1 << 13)]
CARDS_IN = tuple(tuple(tuple(13 * s + r for r in ranks) for ranks in _RANK_LISTS)
                 for s in range(4))
del _RANK_LISTS


def mask_cards(m):
    """The card ints in mask ``m``, by suit (S H D C) then rank, as a tuple."""
    return (CARDS_IN[0][m & 8191] + CARDS_IN[1][(m >> 13) & 8191]
            + CARDS_IN[2][(m >> 26) & 8191] + CARDS_IN[3][m >> 39])


def mask_texts(m):
    return [card_text(c) for c in mask_cards(m)]


def sort_key(c):
    return c


def trump_text(t):
    """Trump index (0..3, or NT=4) as the record writes it: S H D C NT."""
    return "NT" if t == NT else SUITS[t]


def parse_trump(text):
    if text == "NT":
        return NT
    if isinstance(text, str) and len(text) == 1 and text in SUITS:
        return SUITS.index(text)
    raise RulesError(f"{text!r} is not a trump (one of S H D C NT)", "bad_action")
