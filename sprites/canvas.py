"""Supersampled drawing surfaces shared by every piece of card art.

Art is drawn at ``SS`` times its final size with plain (aliased) shapes and
then ``smoothscale``d down once: the averaging gives smooth, antialiased
edges without image files or an antialiasing library.
"""
from typing import Sequence, Tuple

import pygame

SS = 4  # supersampling factor


def blank(size: Tuple[int, int], rgb: Sequence[int]) -> pygame.Surface:
    """A fully transparent SRCALPHA surface whose hidden colour is ``rgb``.

    smoothscale averages the colour of transparent pixels too; giving them the
    colour of the shape next to them keeps dark fringes off the edges.
    """
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((rgb[0], rgb[1], rgb[2], 0))
    return s


def maybe_convert(surface: pygame.Surface) -> pygame.Surface:
    """convert_alpha() when a display mode is set (faster blits), else as is."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            return surface.convert_alpha()
        except pygame.error:
            return surface
    return surface
