"""Table art drawn by code: the green felt and the dealer button.

``felt`` is deterministic (seeded) and quick enough to call on every window
resize: a small noise tile is tiled across the table, then one low-resolution
shade map (cloth blotches times a vignette) is smoothscaled up and multiplied
in.
"""
import math
import random
from statistics import NormalDist
from typing import Sequence, Tuple

import pygame

FELT_GREEN = (36, 112, 64)

_TILE = 128
_tiles: dict = {}   # (seed, colour) -> the noise tile
# The last few felts drawn, (w, h, seed, colour) -> surface: a table, its
# menus and a replay ask for the same size again and again, and the shade map
# costs tens of milliseconds.  Few, because a large felt is megabytes.
_felts: dict = {}
_FELTS_KEPT = 4


def _noise_tile(seed: int, base: Tuple[int, ...]) -> pygame.Surface:
    """A ``_TILE``-pixel square of felt colour with fine grain baked in.

    Uniform random bytes are mapped through a per-channel table (an inverse
    normal CDF, so the grain is Gaussian), generated at half width and
    smoothscaled out so the grain runs a little along the weave.
    """
    key = (seed, base)
    tile = _tiles.get(key)
    if tile is None:
        rng = random.Random(seed)
        n = (_TILE // 2) * _TILE
        noise = rng.randbytes(n)
        inv = NormalDist(0.0, 6.0).inv_cdf
        grain = [inv((v + 0.5) / 256) for v in range(256)]
        buf = bytearray(n * 3)
        for ch, (c0, k) in enumerate(zip(base, (0.7, 1.0, 0.7), strict=False)):
            table = bytes(max(0, min(255, round(c0 + g * k))) for g in grain)
            buf[ch::3] = noise.translate(table)
        small = pygame.image.frombuffer(bytes(buf), (_TILE // 2, _TILE), "RGB")
        tile = _tiles[key] = pygame.transform.smoothscale(small, (_TILE, _TILE))
    return tile


def felt(size: Tuple[int, int], seed: int = 7, colour: Sequence[int] = FELT_GREEN) -> pygame.Surface:
    """A green card-table felt of ``size`` (w, h): grain, soft blotches, vignette.

    The same ``size`` and ``seed`` always give the same pixels.  The caller
    gets its own surface (a copy of a kept one), free to draw on.
    """
    w, h = int(size[0]), int(size[1])
    if w < 1 or h < 1:
        raise ValueError(f"felt size must be positive, not {size!r}")
    key = (w, h, seed, tuple(colour))
    kept = _felts.get(key)
    if kept is None:
        if len(_felts) >= _FELTS_KEPT:
            _felts.pop(next(iter(_felts)))
        kept = _felts[key] = _draw_felt(w, h, seed, colour)
    return kept.copy()


def _draw_felt(w: int, h: int, seed: int, colour: Sequence[int]) -> pygame.Surface:
    surf = pygame.Surface((w, h))
    tile = _noise_tile(seed, tuple(colour))
    for y in range(0, h, _TILE):
        for x in range(0, w, _TILE):
            surf.blit(tile, (x, y))

    # shade map at 1/16 scale: 255 = unchanged, lower = darker
    lw, lh = max(2, math.ceil(w / 16)), max(2, math.ceil(h / 16))
    rng = random.Random(seed * 7919 + 1)
    buf = bytearray(lw * lh * 3)
    i = 0
    cxs, cys = (lw - 1) / 2, (lh - 1) / 2
    for y in range(lh):
        dy = (y - cys) / (cys or 1)
        for x in range(lw):
            dx = (x - cxs) / (cxs or 1)
            d = math.sqrt(dx * dx * 0.9 + dy * dy * 1.1) / 1.3   # 0 centre .. ~1 corners
            t = max(0.0, min(1.0, (d - 0.35) / 0.7))
            vignette = 1.0 - 0.45 * t * t * (3 - 2 * t)
            blotch = 1.0 + rng.uniform(-0.035, 0.035)
            v = max(0, min(255, int(250 * vignette * blotch)))
            buf[i] = buf[i + 1] = buf[i + 2] = v
            i += 3
    shade = pygame.image.frombuffer(bytes(buf), (lw, lh), "RGB")
    shade = pygame.transform.smoothscale(shade, (w, h))
    surf.blit(shade, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return surf


def dealer_button(size: int, letter: str = "D", font_path: str | None = None) -> pygame.Surface:
    """A white disc of diameter ``size`` with a bold black ``letter`` (SRCALPHA), drawn
    with the font at ``font_path`` (pygame's own if None: it has no Arabic letters)."""
    size = int(size)
    if size < 4:
        raise ValueError(f"dealer button size must be >= 4, not {size}")
    ss = 4
    S = size * ss
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    big.fill((120, 120, 120, 0))
    c = S / 2
    pygame.draw.circle(big, (120, 120, 126), (c, c), S / 2)
    pygame.draw.circle(big, (252, 252, 250), (c, c), S / 2 - max(ss, S * 0.04))
    pygame.draw.circle(big, (205, 205, 210), (c, c), S * 0.36, max(ss // 2, round(S * 0.015)))
    if not pygame.font.get_init():
        pygame.font.init()
    font = pygame.font.Font(font_path, round(S * (0.62 if font_path is None else 0.6)))
    font.bold = font_path is not None          # pygame's own "D" is bold already
    text = font.render(letter, True, (20, 20, 24))
    text = text.subsurface(text.get_bounding_rect()).copy()
    big.blit(text, (round(c - text.get_width() / 2), round(c - text.get_height() / 2)))
    return pygame.transform.smoothscale(big, (size, size))
