"""The number cards' pip fields, the ace, and the corner indices.

Everything here draws in supersampled pixels (``SS`` times the card size)
onto a blank card the caller owns; the caller caches and scales down.  The
pip images come from the caller too, so one cached pip serves every face.
"""
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import pygame

from .canvas import SS, blank
from .shapes import draw_suit

# size in SS pixels -> (upright pip, upside-down pip)
PipPair = Callable[[int], Tuple[pygame.Surface, pygame.Surface]]
# (text, cap height, colour, max width) -> the text cropped to its ink
TextImage = Callable[[str, float, Sequence[int], Optional[float]], pygame.Surface]

# Pip centres in the pip area: (column, row) with column 0/0.5/1 and row 0..1.
_L, _M, _R = 0.0, 0.5, 1.0
_SIDES4 = [(_L, 0.0), (_R, 0.0), (_L, 1.0), (_R, 1.0)]
_SIDES6 = _SIDES4 + [(_L, 0.5), (_R, 0.5)]
_SIDES8 = [(c, r) for c in (_L, _R) for r in (0.0, 1 / 3, 2 / 3, 1.0)]
PIP_LAYOUTS: Dict[str, List[Tuple[float, float]]] = {
    "2": [(_M, 0.0), (_M, 1.0)],
    "3": [(_M, 0.0), (_M, 0.5), (_M, 1.0)],
    "4": _SIDES4,
    "5": _SIDES4 + [(_M, 0.5)],
    "6": _SIDES6,
    "7": _SIDES6 + [(_M, 0.25)],
    "8": _SIDES6 + [(_M, 0.25), (_M, 0.75)],
    "9": _SIDES8 + [(_M, 0.5)],
    "T": _SIDES8 + [(_M, 1 / 6), (_M, 5 / 6)],
}


def draw_pip_field(surf: pygame.Surface, rank: str, card_width: int, pips: PipPair) -> None:
    """The pips of a number card (2..10) or the ace's one big pip.

    Pips below the middle are upside down, as on a printed card.
    """
    W, H = surf.get_size()
    if rank == "A":
        ps = round(0.54 * card_width * SS)
        up, _ = pips(ps)
        surf.blit(up, ((W - ps) // 2, (H - ps) // 2))
        return
    ps = round(0.18 * card_width * SS)
    up, down = pips(ps)
    x0, x1 = 0.325 * W, 0.675 * W
    y0, y1 = 0.15 * H, 0.85 * H
    for col, row in PIP_LAYOUTS[rank]:
        cx = x0 + (x1 - x0) * col
        cy = y0 + (y1 - y0) * row
        img = down if row > 0.5 else up
        surf.blit(img, (round(cx - ps / 2), round(cy - ps / 2)))


def corner_index(rank: str, suit: str, colour: Sequence[int], card_width: int,
                 text: TextImage, label: Optional[str] = None) -> pygame.Surface:
    """The rank (or ``label``, its letter in the player's deck) with a small pip under it:
    a transparent supersampled surface."""
    w = card_width
    cap = 0.16 * w * SS
    label = label or ("10" if rank == "T" else rank)
    img_text = text(label, cap, colour, 0.15 * w * SS)
    pip_size = round(0.12 * w * SS)
    gap = 0.035 * w * SS
    cw = round(0.17 * w * SS)
    ch = round(img_text.get_height() + gap + pip_size + SS)
    img = blank((cw, ch), colour)
    img.blit(img_text, ((cw - img_text.get_width()) // 2, 0))
    draw_suit(img, suit, (cw - pip_size) / 2, img_text.get_height() + gap, pip_size, colour)
    return img


def place_indices(surf: pygame.Surface, corner: pygame.Surface, card_width: int) -> None:
    """The index at the top left and, turned half round, at the bottom right."""
    W, H = surf.get_size()
    m = round(0.03 * card_width * SS)
    top = round(0.055 * card_width * SS)
    surf.blit(corner, (m, top))
    surf.blit(pygame.transform.rotate(corner, 180),
              (W - m - corner.get_width(), H - top - corner.get_height()))
