"""Card, table and button art drawn by code (no image files, no symbol fonts).

>>> from sprites import CardArt, felt, dealer_button
>>> art = CardArt(90)              # doctest: +SKIP
>>> art.face("TH"), art.back(), art.pip("S", 24)   # doctest: +SKIP
"""
from .cards import CardArt, RANKS, SUITS, normalise_card, suit_colour
from .colours import suit_ink
from .table_art import dealer_button, felt

__all__ = ["CardArt", "RANKS", "SUITS", "normalise_card", "suit_colour", "suit_ink",
           "dealer_button", "felt"]
