"""Every colour the card art uses, and the one place that says which ink a suit gets.

The faces, the standalone pips and the pips drawn inside text (``table/rich.py``,
the HUD) all ask here, so the four-colour deck inks a diamond the same blue
everywhere.  ``suit_colour`` is the ink on the white card; ``suit_ink`` is the
same hue lightened for the table's dark panels (a card's near-black spade and
deep blue diamond vanish on a dark panel) or kept as is on a light one.
"""
from typing import Dict, Tuple

RGB = Tuple[int, int, int]

SUITS = "SHDC"

_BLACK: RGB = (22, 22, 26)
_RED: RGB = (204, 22, 38)
_BLUE: RGB = (22, 82, 200)
_GREEN: RGB = (16, 132, 52)
CLASSIC_COLOURS: Dict[str, RGB] = {"S": _BLACK, "H": _RED, "D": _RED, "C": _BLACK}
FOUR_COLOURS: Dict[str, RGB] = {"S": _BLACK, "H": _RED, "D": _BLUE, "C": _GREEN}

# Inks for pips drawn in text.  The two-colour values are the ones the table
# always used (cream and coral on dark panels); the four-colour ones keep the
# card's hue at a lightness that reads on the same panels.
_CREAM: RGB = (244, 236, 210)
_CORAL: RGB = (255, 118, 104)
_SKY: RGB = (118, 168, 255)
_LEAF: RGB = (104, 214, 124)
TEXT_INKS_DARK: Dict[bool, Dict[str, RGB]] = {
    False: {"S": _CREAM, "C": _CREAM, "H": _CORAL, "D": _CORAL},
    True: {"S": _CREAM, "C": _LEAF, "H": _CORAL, "D": _SKY},
}
_INK_BLACK: RGB = (20, 20, 24)
_INK_RED: RGB = (200, 24, 36)
TEXT_INKS_LIGHT: Dict[bool, Dict[str, RGB]] = {
    False: {"S": _INK_BLACK, "C": _INK_BLACK, "H": _INK_RED, "D": _INK_RED},
    True: {"S": _INK_BLACK, "C": _GREEN, "H": _INK_RED, "D": _BLUE},
}

CARD_WHITE: RGB = (255, 255, 255)
CARD_EDGE: RGB = (150, 150, 158)
GOLD: RGB = (232, 182, 44)
GOLD_DARK: RGB = (120, 84, 18)

BACK_COLOURS: Dict[str, Tuple[RGB, RGB, RGB]] = {
    # base, lattice, dark accent
    "red": ((148, 20, 36), (204, 78, 90), (100, 10, 22)),
    "blue": ((24, 50, 124), (86, 124, 200), (12, 28, 80)),
}


def check_suit(suit: object) -> str:
    """``suit`` as one upper-case letter of S H D C; ValueError otherwise."""
    if not isinstance(suit, str) or suit.upper() not in SUITS or len(suit) != 1:
        raise ValueError(f"{suit!r} is not a suit (one of S H D C)")
    return suit.upper()


def card_inks(four_colour: bool = False) -> Dict[str, RGB]:
    """Suit -> ink on the white card face, for the two- or four-colour deck."""
    return FOUR_COLOURS if four_colour else CLASSIC_COLOURS


def suit_colour(suit: str, four_colour: bool = False) -> RGB:
    """The ink colour of ``suit`` ("S", "H", "D", "C") on a card face."""
    return card_inks(four_colour)[check_suit(suit)]


def suit_ink(suit: str, four_colour: bool = False, on_light: bool = False) -> RGB:
    """The ink of a ``suit`` pip drawn in text: on the dark panels unless ``on_light``."""
    table = TEXT_INKS_LIGHT if on_light else TEXT_INKS_DARK
    return table[bool(four_colour)][check_suit(suit)]


def mix(a: Tuple[int, ...], b: Tuple[int, ...], t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (RGB, rounded)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))
