"""Fonts and cached text surfaces for what the table draws itself.

The table uses the Noto Sans files that ship inside pygame_gui (a dependency),
so the text looks the same on every machine.  Suit symbols are never text:
Noto Sans has no ♠♥♦♣ glyphs; they are drawn as shapes (sprites.CardArt.pip).
"""
import os

import pygame
import pygame_gui

_DATA = os.path.join(os.path.dirname(pygame_gui.__file__), "data")
FONT_FILES = {False: os.path.join(_DATA, "NotoSans-Regular.ttf"),
              True: os.path.join(_DATA, "NotoSans-Bold.ttf")}

_fonts = {}
_texts = {}
_MAX_TEXTS = 600


def font(size, bold=False):
    size = max(6, int(size))
    key = (size, bold)
    f = _fonts.get(key)
    if f is None:
        path = FONT_FILES[bold]
        try:
            f = pygame.font.Font(path if os.path.exists(path) else None, size)
        except (OSError, pygame.error):
            f = pygame.font.Font(None, size)
        _fonts[key] = f
    return f


def render(text, size, colour=(255, 255, 255), bold=False, shadow=False):
    """A cached antialiased surface of ``text`` (with a soft drop shadow if asked)."""
    key = (text, int(size), tuple(colour), bold, shadow)
    surf = _texts.get(key)
    if surf is None:
        if len(_texts) > _MAX_TEXTS:
            _texts.clear()
        img = font(size, bold).render(str(text), True, colour)
        if shadow:
            sh = font(size, bold).render(str(text), True, (0, 0, 0))
            sh.set_alpha(150)
            off = max(1, int(size) // 14)
            surf = pygame.Surface((img.get_width() + off, img.get_height() + off), pygame.SRCALPHA)
            surf.blit(sh, (off, off))
            surf.blit(img, (0, 0))
        else:
            surf = img
        _texts[key] = surf
    return surf


def blit_text(surface, text, size, pos, colour=(255, 255, 255), bold=False, anchor="topleft",
              shadow=False):
    """Draw ``text`` with its ``anchor`` point (a Rect attribute name) at ``pos``; returns the rect."""
    img = render(text, size, colour, bold, shadow)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect
