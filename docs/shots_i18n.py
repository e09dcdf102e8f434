"""The menus in every language: ``docs/menu-<lang>.png``, the main menu, New game
and Settings at 1024×600 (the smallest window the table allows), one above the
other, saved at three-quarter size.  Headless (SDL's dummy driver); the settings folder is a temporary one.

    python3 docs/shots_i18n.py                 # every language, into docs/
    python3 docs/shots_i18n.py --out /tmp/s fa --screens lobby,host_setup,replays,rules
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SIZE = (1024, 600)
SCALE = 0.75


def shoot(app, language: str, screens: list[str], out: str) -> str:
    """One language's sheet; the language is switched live, as Settings does."""
    import pygame

    from table.scenes import open_scene
    from table.theme import apply_language

    apply_language(app.ui, language)
    sheet = pygame.Surface((SIZE[0], SIZE[1] * len(screens)))
    for i, name in enumerate(screens):
        app.reset(open_scene("main_menu", app))
        if name != "main_menu":
            app.push(open_scene(name, app))
        for _ in range(3):
            app.step(1 / 60)
        sheet.blit(app.screen, (0, i * SIZE[1]))
    path = os.path.join(out, f"menu-{language}.png")
    # three-quarter size: the felt's grain makes full-size sheets heavy, and the words still read
    pygame.image.save(pygame.transform.smoothscale_by(sheet, SCALE), path)
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("languages", nargs="*", default=["en", "nl", "fr", "fa"])
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--screens", default="main_menu,new_game,settings")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        os.environ["MANFEE_HOME"] = home         # no saves, no settings of the player's
        from table.app import App
        from table.config import Settings
        app = App(Settings(), size=SIZE, fullscreen=False, quiet_sound=True)
        for lang in args.languages:
            print(shoot(app, lang, args.screens.split(","), args.out))
        app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
