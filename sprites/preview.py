"""Render every face, both backs, a pip row and the dealer button on felt.

    python -m sprites.preview OUT.png [--width 90] [--four-colour]

Works headless (SDL_VIDEODRIVER=dummy is set when no driver is chosen).
"""
import argparse
import os
import sys
import time
from typing import List, Optional, Tuple

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from .cards import RANKS, SUITS, CardArt  # noqa: E402
from .table_art import dealer_button, felt  # noqa: E402


def render_sheet(width: int = 90, four_colour: bool = False) -> Tuple[pygame.Surface, float]:
    """The preview sheet as a Surface, and the seconds the 52 faces took."""
    art = CardArt(width, four_colour=four_colour)
    gap = max(6, width // 8)
    cols = len(RANKS)
    sheet_w = gap + cols * (art.width + gap)
    sheet_h = gap + 5 * (art.height + gap) + width // 2 + gap
    sheet = felt((sheet_w, sheet_h))
    t0 = time.perf_counter()
    faces = {s + r: art.face(r + s) for s in SUITS for r in RANKS}
    took = time.perf_counter() - t0
    for row, s in enumerate(SUITS):
        for col, r in enumerate(RANKS):
            sheet.blit(faces[s + r], (gap + col * (art.width + gap), gap + row * (art.height + gap)))
    y = gap + 4 * (art.height + gap)
    sheet.blit(art.back("red"), (gap, y))
    sheet.blit(art.back("blue"), (gap + art.width + gap, y))
    x = gap + 2 * (art.width + gap)
    for s in SUITS:
        for size in (12, 24, 48):
            sheet.blit(art.pip(s, size), (x, y))
            x += size + gap
    sheet.blit(dealer_button(width // 2), (x, y))
    sheet.blit(dealer_button(24), (x + width // 2 + gap, y))
    return sheet, took


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="python -m sprites.preview", description=__doc__.splitlines()[0])
    p.add_argument("out", help="PNG file to write")
    p.add_argument("--width", type=int, default=90, help="card width in pixels (default 90)")
    p.add_argument("--four-colour", action="store_true", help="blue diamonds, green clubs")
    args = p.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    sheet, took = render_sheet(args.width, args.four_colour)
    pygame.image.save(sheet, args.out)
    print(f"wrote {args.out} ({sheet.get_width()}x{sheet.get_height()}); 52 faces in {took * 1000:.0f} ms")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
