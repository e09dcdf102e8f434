"""The card back: a diagonal lattice with dark diamonds, a white frame and a medallion."""
import pygame

from .canvas import SS, blank
from .colours import BACK_COLOURS


def draw_back(surf: pygame.Surface, colour: str, card_width: int, corner_radius: int) -> pygame.Surface:
    """Paint the back in ``colour`` ("red" or "blue") over ``surf``, a blank supersampled
    card with corners of ``corner_radius`` SS pixels; returns it at the final size."""
    base, lattice, dark = BACK_COLOURS[colour]
    W, H = surf.get_size()
    u = card_width * SS
    r = corner_radius
    m = round(0.065 * u)
    inner = pygame.Rect(m, m, W - 2 * m, H - 2 * m)
    pygame.draw.rect(surf, base, inner, border_radius=max(SS, r - m))

    pattern = blank(inner.size, base)
    pr = pygame.Rect(0, 0, *inner.size)
    pygame.draw.rect(pattern, base, pr, border_radius=max(SS, r - m))
    step = 0.11 * u
    lw = max(SS, round(0.014 * u))
    n = int((inner.w + inner.h) / step) + 2
    for i in range(-n, n + 1):
        x = i * step
        pygame.draw.line(pattern, lattice, (x, 0), (x + inner.h, inner.h), lw)
        pygame.draw.line(pattern, lattice, (x, 0), (x - inner.h, inner.h), lw)
    # small dark diamonds in the middle of each lattice cell
    d = step * 0.2
    for i in range(-n, n + 1):
        for j in range(0, int(inner.h / step) + 2):
            cx = i * step + (j % 2) * step / 2
            cy = j * step / 2
            if -d < cx < inner.w + d:
                yy = cy + step / 2
                pygame.draw.polygon(pattern, dark, [(cx, yy - d), (cx + d, yy), (cx, yy + d), (cx - d, yy)])
    # keep only what lies on the inner rounded rectangle
    mask = blank(inner.size, (0, 0, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), pr, border_radius=max(SS, r - m))
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(pattern, inner.topleft)

    # a fine white frame inside the margin and a medallion in the middle
    f = round(0.035 * u)
    frame = inner.inflate(-2 * f, -2 * f)
    pygame.draw.rect(surf, (250, 245, 235), frame, max(SS, round(0.01 * u)), border_radius=max(SS, r - m - f))
    cx, cy = W / 2, H / 2
    for size, col in ((0.3, (250, 245, 235)), (0.255, dark), (0.2, base), (0.12, lattice)):
        s = size * u
        pygame.draw.polygon(surf, col, [(cx, cy - s * 1.3), (cx + s, cy), (cx, cy + s * 1.3), (cx - s, cy)])
    pygame.draw.circle(surf, (250, 245, 235), (cx, cy), 0.045 * u)
    return pygame.transform.smoothscale(surf, (W // SS, H // SS))
