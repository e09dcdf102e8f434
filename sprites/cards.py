"""Playing-card faces, backs and suit pips, all drawn by code.

Everything is drawn at ``SS`` times the final size with plain (aliased)
polygons and circles, then ``smoothscale``d down once: the averaging gives
smooth, antialiased edges without any image files.  The default pygame font
is used only for the rank letters and digits; the suit symbols are shapes.

This module holds ``CardArt`` (the public face, back and pip calls and their
caches); the drawing lives beside it: ``colours`` (every ink), ``shapes``
(suit outlines), ``faces`` (pip fields, indices), ``courts`` (J Q K),
``backs`` and ``canvas`` (supersampled surfaces).

>>> art = CardArt(90)                       # doctest: +SKIP
>>> art.face("TH").get_size(), art.width, art.height   # doctest: +SKIP
((90, 126), 90, 126)
"""
from typing import Dict, Mapping, Optional, Sequence, Tuple, Union

import pygame

from .backs import draw_back
from .canvas import SS, blank, maybe_convert
from .colours import (BACK_COLOURS, CARD_EDGE, CARD_WHITE, CLASSIC_COLOURS, FOUR_COLOURS, SUITS,
                      card_inks, check_suit, suit_colour)
from .courts import draw_court
from .faces import PIP_LAYOUTS, corner_index, draw_pip_field, place_indices
from .shapes import draw_suit

RANKS = "23456789TJQKA"

# Names other modules import from here (kept where they always were).
__all__ = ["BACK_COLOURS", "CLASSIC_COLOURS", "FOUR_COLOURS", "PIP_LAYOUTS", "RANKS", "SS", "SUITS",
           "CardArt", "normalise_card", "suit_colour"]


def normalise_card(card: Union[str, int]) -> str:
    """``"TH"``, ``"th"``, ``"10H"`` or the rules' int ``suit * 13 + rank`` -> ``"TH"``.

    Anything else raises ValueError.
    """
    if isinstance(card, int) and not isinstance(card, bool):
        if 0 <= card < 52:
            return RANKS[card % 13] + SUITS[card // 13]
        raise ValueError(f"card number {card} is not in 0..51")
    if not isinstance(card, str):
        raise ValueError(f"a card is text like 'QH', not {card!r}")
    t = card.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError(f"{card!r} is not a card (rank then suit, e.g. 'QH' or 'TS')")
    return t


class CardArt:
    """Card faces, the back and suit pips for cards ``card_width`` pixels wide.

    ``height`` is ``round(width * 1.4)``.  Faces and backs are cached, so ask
    for them freely every frame.  ``four_colour`` inks diamonds blue and clubs
    green.
    """

    def __init__(self, card_width: int, four_colour: bool = False,
                 indices: Optional[Mapping[str, str]] = None) -> None:
        if not isinstance(card_width, int) or isinstance(card_width, bool) or card_width < 20:
            raise ValueError(f"card width must be an int >= 20, not {card_width!r}")
        self.width = card_width
        self.height = round(card_width * 1.4)
        self.four_colour = bool(four_colour)
        # The court and ace letters as the player's deck prints them (a Flemish deck's
        # H V B for K Q J, a French one's R D V); the rank itself is never changed.
        self.indices = dict(indices or {})
        self.colours = card_inks(self.four_colour)
        self._faces: Dict[str, pygame.Surface] = {}
        self._backs: Dict[str, pygame.Surface] = {}
        self._pips: Dict[tuple, pygame.Surface] = {}
        self._pairs: Dict[Tuple[str, int], Tuple[pygame.Surface, pygame.Surface]] = {}
        self._fonts: Dict[int, pygame.font.Font] = {}
        self._corners: Dict[str, pygame.Surface] = {}
        self._base: Optional[pygame.Surface] = None
        if not pygame.font.get_init():
            pygame.font.init()
        probe = pygame.font.Font(None, 200).render("8", True, (0, 0, 0))
        # cap height of the default font as a fraction of its nominal size
        self._cap_ratio = probe.get_bounding_rect().height / 200

    @property
    def size(self) -> Tuple[int, int]:
        return (self.width, self.height)

    # ---- public API

    def face(self, card: Union[str, int]) -> pygame.Surface:
        """The face of ``card`` ("TH", "AS", ...): a cached SRCALPHA surface."""
        card = normalise_card(card)
        surf = self._faces.get(card)
        if surf is None:
            surf = self._faces[card] = maybe_convert(self._draw_face(card))
        return surf

    def back(self, colour: str = "red") -> pygame.Surface:
        """The card back, a lattice in deep ``colour`` ("red" or "blue")."""
        if colour not in BACK_COLOURS:
            raise ValueError(f"back colour must be one of {sorted(BACK_COLOURS)}, not {colour!r}")
        surf = self._backs.get(colour)
        if surf is None:
            radius = max(3, round(self.width * 0.075)) * SS
            surf = draw_back(self._base_card(), colour, self.width, radius)
            surf = self._backs[colour] = maybe_convert(surf)
        return surf

    def pip(self, suit: str, size: int, colour: Optional[Sequence[int]] = None) -> pygame.Surface:
        """A standalone ``size`` x ``size`` antialiased suit symbol.

        Without ``colour`` it takes the deck's ink (four-colour or not); a
        4-tuple colour also sets the pip's opacity.
        """
        suit = check_suit(suit)
        size = int(size)
        if size < 1:
            raise ValueError(f"pip size must be >= 1, not {size}")
        ink = tuple(colour) if colour is not None else self.colours[suit]
        key = (suit, size, ink)
        surf = self._pips.get(key)
        if surf is None:
            big = blank((size * SS, size * SS), ink)
            draw_suit(big, suit, 0, 0, size * SS, ink[:3])
            surf = pygame.transform.smoothscale(big, (size, size))
            if len(ink) == 4:
                surf.fill((255, 255, 255, ink[3]), special_flags=pygame.BLEND_RGBA_MULT)
            surf = self._pips[key] = maybe_convert(surf)
        return surf

    # ---- drawing helpers (all in supersampled pixels)

    def _font(self, px_size: int) -> pygame.font.Font:
        f = self._fonts.get(px_size)
        if f is None:
            f = self._fonts[px_size] = pygame.font.Font(None, px_size)
        return f

    def _text(self, text: str, cap_height: float, colour: Sequence[int],
              max_width: Optional[float] = None) -> pygame.Surface:
        """``text`` rendered with capitals ``cap_height`` tall, cropped to its ink."""
        size = max(4, round(cap_height / self._cap_ratio))
        img = self._font(size).render(text, True, colour)
        img = img.subsurface(img.get_bounding_rect()).copy()
        w, h = img.get_size()
        if max_width is not None and w > max_width:
            img = pygame.transform.smoothscale(img, (int(max_width), h))
        return img

    def _base_card(self) -> pygame.Surface:
        """The blank white rounded card (supersampled), copied for each face."""
        if self._base is None:
            W, H = self.width * SS, self.height * SS
            r = max(3, round(self.width * 0.075)) * SS
            base = blank((W, H), CARD_EDGE)
            pygame.draw.rect(base, CARD_EDGE, (0, 0, W, H), border_radius=r)
            e = SS  # one final pixel of edge
            pygame.draw.rect(base, CARD_WHITE, (e, e, W - 2 * e, H - 2 * e),
                             border_radius=r - e)
            self._base = base
        return self._base.copy()

    def _corner(self, card: str) -> pygame.Surface:
        """Rank index with a small pip under it (cached per card)."""
        img = self._corners.get(card)
        if img is None:
            rank, suit = card[0], card[1]
            img = self._corners[card] = corner_index(rank, suit, self.colours[suit], self.width, self._text,
                                                     self.indices.get(rank))
        return img

    def _pip_big(self, suit: str, size: int) -> Tuple[pygame.Surface, pygame.Surface]:
        """A supersampled, aliased pip image (and its upside-down twin)."""
        key = (suit, size)
        pair = self._pairs.get(key)
        if pair is None:
            colour = self.colours[suit]
            img = blank((size, size), colour)
            draw_suit(img, suit, 0, 0, size, colour)
            pair = self._pairs[key] = (img, pygame.transform.flip(img, False, True))
        return pair

    def _draw_face(self, card: str) -> pygame.Surface:
        rank, suit = card[0], card[1]
        surf = self._base_card()

        def pips(size: int) -> Tuple[pygame.Surface, pygame.Surface]:
            return self._pip_big(suit, size)

        if rank in PIP_LAYOUTS or rank == "A":
            draw_pip_field(surf, rank, self.width, pips)
        else:
            draw_court(surf, rank, self.colours[suit], self.width, self._text, pips, self.indices.get(rank))
        place_indices(surf, self._corner(card), self.width)
        return pygame.transform.smoothscale(surf, (self.width, self.height))
