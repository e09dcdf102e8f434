"""How long the generated art and sounds take to build (targets: 52 faces at
width 90 under 1 s, a 1280x720 felt under 50 ms, all sounds under 300 ms).

    python3 benchmarks/art_timing.py
"""
import json
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402
from sprites import CardArt, felt  # noqa: E402
from sounds import synth  # noqa: E402


def timed(fn):
    t0 = time.perf_counter()
    fn()
    return round((time.perf_counter() - t0) * 1000, 1)


def main():
    pygame.init()
    out = {}
    for w in (60, 90, 140):
        out[f"faces_w{w}_ms"] = timed(lambda w=w: [CardArt(w).face(r + s) for s in "SHDC" for r in "23456789TJQKA"])
    out["felt_1280x720_ms"] = timed(lambda: felt((1280, 720)))
    out["sounds_all_ms"] = timed(lambda: [synth.samples(n) for n in
                                          ("deal", "card_land", "slam", "drop", "trick_won",
                                           "match_won", "knock", "shuffle")])
    print(json.dumps(out))


if __name__ == "__main__":
    main()
