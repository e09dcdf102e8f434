"""Each game's busiest state at the table, at the smallest window and at full HD:
``docs/shots/<state>-<W>x<H>.png`` (``.jpg`` above 1280×720), drawn headless (SDL's dummy driver) in a
throwaway MANFEE_HOME.

The states are the layout test's (``tests/test_table_layout.py``: a Manfee trick of
signalled cards with the passed hand's button up, Manille's third card in, the
muette table tapping, Manni's swap), reached by seeded KADO bots, so the same
pictures come out each time.  The layout test asserts that nothing in them
overlaps at four sizes; these are for a person's eye.

    python3 docs/shots_table.py                               # into docs/shots/
    python3 docs/shots_table.py --sizes 1280x720 --out /tmp/s manni-swap
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))     # the layout test's positions
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SHOWN = ["manfee-trick", "manille-trick", "muette-tap", "manni-swap"]
SIZES = "1024x600,1920x1080"


def settle(app, until, frames: int = 4000) -> bool:
    for _ in range(frames):
        if until():
            return True
        app.step(1 / 60)
    return until()


def shoot(app, home: str, state: str, sizes: list[tuple[int, int]], out: str) -> list[str]:
    """Seat a person at ``state`` and save the table at each size."""
    import pygame

    from host.local import resume_local
    from rules.store import save_record
    from table.scenes import open_scene
    from test_table_layout import STATES, position

    game, until, signals, *options = STATES[state]
    path = os.path.join(home, f"{state}.json")
    save_record(path, position(game, 11, until, signals, *options))
    scene = open_scene("table", app, link=resume_local(path, wake=app.wake))
    app.reset(open_scene("main_menu", app))
    app.push(scene)
    if not settle(app, lambda: scene.waiting_for_human() is not None):
        raise RuntimeError(f"{state}: the person's turn never came")
    saved = []
    for W, H in sizes:
        app._resized((W, H))
        for _ in range(30):            # the hand fans out again, the bubbles pop in
            app.step(1 / 60)
        app.step(0)
        # PNG keeps the small window's text crisp; full HD as JPEG is a fifth of the bytes
        name = os.path.join(out, f"{state}-{W}x{H}.{'png' if W * H <= 1280 * 720 else 'jpg'}")
        pygame.image.save(app.screen, name)
        saved.append(name)
    scene.link.close()
    return saved


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("states", nargs="*", default=SHOWN)
    ap.add_argument("--sizes", default=SIZES, help="WxH,WxH (default %(default)s)")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "shots"))
    args = ap.parse_args(argv)
    sizes = [tuple(int(n) for n in s.split("x")) for s in args.sizes.split(",")]
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        os.environ["MANFEE_HOME"] = home
        from table.app import App
        from table.config import Settings
        app = App(Settings(bot_pace=0.0), size=sizes[0], fullscreen=False, quiet_sound=True, time_scale=25.0)
        for state in args.states:
            for path in shoot(app, home, state, sizes, args.out):
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
