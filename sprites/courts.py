"""The court cards (J, Q, K): a framed double-headed panel with a crown.

Each court is drawn once in supersampled pixels on the caller's blank card:
the top half (crown and letter) is drawn, then copied upside down below a
fine middle line, with the suit's pip on a small disc in the centre.
"""
from typing import Callable, Optional, Sequence, Tuple

import pygame

from .canvas import SS, blank
from .colours import GOLD, GOLD_DARK, mix
from .shapes import bezier

# size in SS pixels -> (upright pip, upside-down pip)
PipPair = Callable[[int], Tuple[pygame.Surface, pygame.Surface]]
# (text, cap height, colour) -> the text cropped to its ink
Letter = Callable[[str, float, Sequence[int]], pygame.Surface]


def draw_court(surf: pygame.Surface, rank: str, colour: Sequence[int], card_width: int,
               letter: Letter, pips: PipPair, label: Optional[str] = None) -> None:
    """Draw the ``rank`` court panel of a card ``card_width`` wide onto ``surf`` (SS pixels),
    its letter ``label`` (the rank's letter in the player's deck) or the rank."""
    W, H = surf.get_size()
    u = card_width * SS  # one card width in SS pixels
    px, py = round(0.215 * u), round(0.1 * H)
    pw, ph = W - 2 * px, H - 2 * py
    ph -= ph % 2
    line = max(SS, round(0.018 * u))
    fill = mix(tuple(colour), (255, 255, 255), 0.9)
    pygame.draw.rect(surf, fill, (px, py, pw, ph))
    pygame.draw.rect(surf, colour, (px, py, pw, ph), line)
    inset = line + max(SS, round(0.02 * u))
    thin = max(SS // 2, round(0.008 * u))
    pygame.draw.rect(surf, GOLD_DARK, (px + inset, py + inset, pw - 2 * inset, ph - 2 * inset), thin)

    # the top half: a crown and the letter; the bottom half is it upside down
    half = blank((pw, ph // 2), fill)
    cx = pw / 2
    crown_top = 0.05 * u
    crown_h = 0.13 * u
    crown_w = 0.34 * u
    draw_crown(half, rank, cx, crown_top, crown_w, crown_h, colour, card_width)
    img = letter(label or rank, 0.17 * u, colour)
    half.blit(img, (round(cx - img.get_width() / 2), round(crown_top + crown_h + 0.03 * u)))
    surf.blit(half, (px, py))
    surf.blit(pygame.transform.rotate(half, 180), (px, py + ph // 2))

    # a fine line through the middle, as on double-headed court cards
    ps = round(0.23 * u)
    y_mid = py + ph // 2
    pygame.draw.line(surf, GOLD_DARK, (px + inset, y_mid), (px + pw - inset, y_mid), thin)
    # the centre pip on a small white disc so it stands off the line
    pygame.draw.circle(surf, fill, (W // 2, y_mid), ps * 0.64)
    pygame.draw.circle(surf, GOLD_DARK, (W // 2, y_mid), ps * 0.64, thin)
    up, _ = pips(ps)
    surf.blit(up, (W // 2 - ps // 2, y_mid - ps // 2))


def draw_crown(surf: pygame.Surface, rank: str, cx: float, top: float, cw: float, ch: float,
               colour: Sequence[int], card_width: int) -> None:
    """The king's crown, the queen's coronet or the jack's feathered cap, centred on ``cx``."""
    out = max(SS // 2, round(0.007 * card_width * SS))
    left, right = cx - cw / 2, cx + cw / 2
    bottom = top + ch
    band_h = ch * 0.28
    if rank == "K":
        # five spikes with balls on the tips, jewels on the band
        n = 5
        pts = [(left, bottom - band_h)]
        for i in range(n):
            xa = left + cw * i / (n - 1)
            tip_y = top + ch * (0.12 if i % 2 == 0 else 0.3)
            pts.append((xa, tip_y))
            if i < n - 1:
                pts.append((xa + cw / (n - 1) / 2, top + ch * 0.55))
        pts.append((right, bottom - band_h))
        pygame.draw.polygon(surf, GOLD, pts)
        pygame.draw.polygon(surf, GOLD_DARK, pts, out)
        for i in range(n):
            xa = left + cw * i / (n - 1)
            tip_y = top + ch * (0.12 if i % 2 == 0 else 0.3)
            pygame.draw.circle(surf, GOLD, (xa, tip_y), ch * 0.1)
            pygame.draw.circle(surf, GOLD_DARK, (xa, tip_y), ch * 0.1, out)
        band = pygame.Rect(round(left), round(bottom - band_h), round(cw), round(band_h))
        pygame.draw.rect(surf, GOLD, band)
        pygame.draw.rect(surf, GOLD_DARK, band, out)
        for i in range(3):
            jx = left + cw * (0.2 + 0.3 * i)
            pygame.draw.circle(surf, colour, (jx, band.centery), band_h * 0.3)
    elif rank == "Q":
        # a coronet: three rounded arches, a bigger jewel in the middle
        cw *= 0.85
        left, right = cx - cw / 2, cx + cw / 2
        pts = [(left, bottom - band_h)]
        for i in range(3):
            xa = left + cw * i / 2
            pts.append((xa, top + ch * (0.22 if i == 1 else 0.36)))
            if i < 2:
                pts.append((xa + cw / 4, top + ch * 0.6))
        pts.append((right, bottom - band_h))
        pygame.draw.polygon(surf, GOLD, pts)
        pygame.draw.polygon(surf, GOLD_DARK, pts, out)
        for i in range(3):
            xa = left + cw * i / 2
            ty = top + ch * (0.22 if i == 1 else 0.36)
            pygame.draw.circle(surf, colour, (xa, ty), ch * (0.14 if i == 1 else 0.1))
        band = pygame.Rect(round(left), round(bottom - band_h), round(cw), round(band_h))
        pygame.draw.ellipse(surf, GOLD, band)
        pygame.draw.ellipse(surf, GOLD_DARK, band, out)
        pygame.draw.circle(surf, colour, (cx, band.centery), band_h * 0.32)
    else:
        # the jack's cap: a dome with a band and a feather in the suit colour
        cw *= 0.8
        left = cx - cw / 2
        dome = pygame.Rect(round(left), round(top + ch * 0.02), round(cw), round(ch * 1.9))
        clip = surf.get_clip()
        surf.set_clip(pygame.Rect(0, 0, surf.get_width(), round(bottom - band_h * 0.5)))
        pygame.draw.ellipse(surf, GOLD, dome)
        pygame.draw.ellipse(surf, GOLD_DARK, dome, out)
        surf.set_clip(clip)
        band = pygame.Rect(round(left - cw * 0.08), round(bottom - band_h), round(cw * 1.16), round(band_h))
        pygame.draw.rect(surf, GOLD, band, border_radius=round(band_h / 2))
        pygame.draw.rect(surf, GOLD_DARK, band, out, border_radius=round(band_h / 2))
        # feather: a leaf shape sweeping up and right from the band
        fx, fy = cx + cw * 0.25, bottom - band_h
        feather = bezier((fx, fy), (fx + cw * 0.55, fy - ch * 0.3), (fx + cw * 0.45, top - ch * 0.15), 8)
        feather += bezier((fx + cw * 0.45, top - ch * 0.15), (fx + cw * 0.05, fy - ch * 0.5), (fx, fy), 8)
        pygame.draw.polygon(surf, colour, feather)
