"""The look shared by every screen: colours, panels and text helpers.

The menus, the table's HUD and the overlays draw with these, so a colour is
chosen in one place.  (pygame_gui's widgets take theirs from theme.json.)
"""
from __future__ import annotations

import pygame

from .text import render, blit_text, font  # noqa: F401  (re-exported: screens import text helpers from here)

GOLD = (255, 214, 107)
CREAM = (244, 236, 210)
DIM = (170, 190, 176)
RED = (255, 110, 96)
PANEL = (12, 30, 21, 215)
EDGE = (201, 164, 74)
OVERLAY = (10, 26, 18, 246)          # a panel that covers the table (last trick, history)
SHADE = (4, 12, 8, 170)              # the veil behind a dialog

_panels: dict = {}


def panel(surface: pygame.Surface, rect, fill=PANEL, edge=EDGE, radius: int = 12, width: int = 2) -> pygame.Rect:
    """A translucent rounded panel (cached by size and colours)."""
    rect = pygame.Rect(rect)
    key = (rect.size, fill, edge, radius, width)
    img = _panels.get(key)
    if img is None:
        if len(_panels) > 80:
            _panels.clear()
        img = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(img, fill, img.get_rect(), border_radius=radius)
        if width:
            pygame.draw.rect(img, edge, img.get_rect(), width, border_radius=radius)
        _panels[key] = img
    surface.blit(img, rect)
    return rect


def shade(surface: pygame.Surface, colour=SHADE) -> None:
    """Veil the whole surface (behind a dialog or a pause menu)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill(colour)
    surface.blit(veil, (0, 0))


def fit_size(text: str, size: float, width: float, bold: bool = False, least: int = 9) -> int:
    """The largest font size up to ``size`` at which ``text`` fits ``width`` pixels."""
    size = int(size)
    while size > least and font(size, bold).size(text)[0] > width:
        size -= 1
    return size


def signed(n: int) -> str:
    """+1, 0, −4 (a true minus sign)."""
    return f"+{n}" if n > 0 else "0" if n == 0 else f"−{-n}"
