"""The bubbles at the seats: a seat's last announcement or a phrase said, toward the middle
(the viewer's beside their plate), and drawn again off the edge of a panel that covers them."""
from __future__ import annotations

from typing import Any

import pygame

from .rich import rich
from .words import announce_text

TableLook = Any         # hud.TableLook (hud draws the bubbles with the plates: no import back)


def draw_bubbles_over(surface: pygame.Surface, look: TableLook, bubbles: dict, plates: dict,
                      panel: pygame.Rect | None = None) -> list:
    """``bubbles`` (seat -> [what, age]) drawn again beside their seats' ``plates``, over a
    ``panel`` that covered them (a phrase said during a deal's summary showed only its top),
    moved off its edge where the window allows (over its title, it hid the deal's score)."""
    fs = max(12, round(look.layout.H * 0.021))
    return [(f"bubble:{seat}", bubble(surface, look, seat, said, fs, plates[seat], panel))
            for seat, said in bubbles.items() if seat in plates]


def _off_edge(box: pygame.Rect, panel: pygame.Rect, W: int, H: int) -> pygame.Rect:
    """``box`` moved the shortest way off ``panel``, staying in a W x H window (else as it was)."""
    moves = [(0, panel.top - 4 - box.bottom), (0, panel.bottom + 4 - box.top),
             (panel.left - 4 - box.right, 0), (panel.right + 4 - box.left, 0)]
    for dx, dy in sorted(moves, key=lambda m: abs(m[0]) + abs(m[1])):
        moved = box.move(dx, dy)
        if moved.left >= 0 and moved.top >= 0 and moved.right <= W and moved.bottom <= H:
            return moved
    return box


def bubble(surface: pygame.Surface, look: TableLook, seat: str, bubble: list, fs: int,
            plate: pygame.Rect, clear_of: pygame.Rect | None = None) -> pygame.Rect:
    """A seat's words in a bubble toward the middle; the viewer's beside their plate (and chip)."""
    text, age = announce_text(bubble[0]), bubble[1]
    L = look.layout
    ax, ay = L.anchor[look.board.place(seat)]
    cx, cy = L.center
    x = ax + (cx - ax) * 0.32
    y = ay + (cy - ay) * 0.32
    pop = min(1.0, age / 0.15)
    size = round(fs * (1.1 + 0.25 * (1 - pop)))
    img = rich(text, size, (30, 24, 10), bold=True, on_light=True)
    r = img.get_rect(center=(round(x), round(y)))
    box = r.inflate(fs * 1.4, fs * 0.7)
    hand = L.hand_rect_width(len(look.board.hands.get(seat, ()))) / 2 + fs      # its half-width, a gap
    if look.board.place(seat) == "bottom" and box.width + fs < L.W / 2 - hand - plate.width - L.margin - L.inset:
        left = plate.centerx < L.W / 2
        setattr(box, "midleft" if left else "midright", (plate.right + fs if left else plate.left - fs, plate.centery))
        # not over the viewer's trick pile and its label ("1 trick (you" at 1366 x 768): over the plate
        piles = [rect for name, rect in look.board.element_rects() if name in (f"pile:{seat}", f"pile_label:{seat}")]
        if box.collidelist(piles) != -1:
            box.midbottom = (min(max(plate.centerx, box.w // 2 + 4), L.W - box.w // 2 - 4), plate.top - fs // 2)
        r.center = box.center
    if clear_of is not None and box.colliderect(clear_of):
        box = _off_edge(box, clear_of, L.W, L.H)
        r.center = box.center
    pygame.draw.rect(surface, (255, 236, 170), box, border_radius=fs)
    pygame.draw.rect(surface, (150, 110, 30), box, 2, border_radius=fs)
    surface.blit(img, r)
    return box
