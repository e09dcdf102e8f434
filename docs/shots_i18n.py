"""The menus and the table in every language at 1024×600 (the smallest window the
table allows), saved at three-quarter size.  Headless (SDL's dummy driver); the
settings folder is a temporary one.

``docs/menu-<lang>.png``: the main menu, New game and Settings, one above the other.
``docs/table-<lang>.png``: games in progress, played by seeded bots up to a busy
moment, the person's own decisions taken by a bot too: a Manfee trick where the
person must follow suit (the calls in the log, the targets on the score board),
Manille with its trump, factors and score workings under the deal summary, and
Manni's swap, its trump card and cycle.

    python3 docs/shots_i18n.py                 # every language, into docs/
    python3 docs/shots_i18n.py --out /tmp/s fa --screens lobby,host_setup,replays,rules
    python3 docs/shots_i18n.py --no-table fr   # the menus only
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
def _obligation(scene):
    from table import explain          # (imported late, as every table module here: SDL set up first)
    return explain.obligation(scene.shown)


# The table's games: (game, options, seed, when to stop: a predicate on the scene).
TABLES = (
    ("manfee", {"target": 52}, 4, lambda scene: _turn(scene, "play") and _obligation(scene) is not None
     and (scene.shown.get("deal") or 0) >= 1 and bool(scene.log)),
    ("manille", {"target": 101}, 7, lambda scene: scene.summary_open
     and (scene.summary_event or {}).get("outcome") == "complete"),
    ("manni", {"target": 10}, 2, lambda scene: _turn(scene, "play") and scene.shown.get("swapper") is not None
     and len(scene.shown.get("trick") or []) == 1),
)
CHARACTERS = {"left": "TANOOR", "top": "ZELZELA", "right": "SADA"}


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


def _turn(scene, phase: str) -> bool:
    return scene.waiting_for_human() is not None and scene.shown.get("phase") == phase


def table_scene(app, game: str, options: dict, seed: int, until, home: str):
    """A table of three bots and the person at the bottom, played up to ``until``: the
    person's decisions are a bot's, taken through the table as a click would."""
    from bots import make_bot
    from host.local import resume_local
    from rules.host import MatchHost
    from rules.store import save_record
    from table.i18n import _
    from table.scenes import open_scene

    mh = MatchHost.new(game, options, seed=seed)
    rec = mh.record()
    rec["players"] = {s: {"kind": "human", "name": _("You")} if s == "bottom" else
                      {"kind": "bot", "bot": CHARACTERS[s], "name": CHARACTERS[s].title()} for s in mh.game.seats}
    path = os.path.join(home, f"shot-{game}.json")
    save_record(path, rec)
    scene = open_scene("table", app, link=resume_local(path, wake=app.wake))
    app.reset(open_scene("main_menu", app))
    app.push(scene)
    me = make_bot("TANOOR", seed)
    for _step in range(40000):
        app.step(1 / 60)
        if until(scene):
            break
        if scene.summary_open:
            scene.close_summary()
        elif scene.waiting_for_human() is not None:
            scene.act("bottom", me.choose(scene.link.view("bottom")))
    else:
        raise RuntimeError(f"{game}: the moment to show never came")
    for _frame in range(40):                   # bubbles pop, the prompt settles
        app.step(1 / 60)
    return scene


def shoot_table(app, language: str, out: str, home: str) -> str:
    """The table in one language: one game above the other."""
    import pygame

    from table.theme import apply_language

    apply_language(app.ui, language)
    sheet = pygame.Surface((SIZE[0], SIZE[1] * len(TABLES)))
    for i, (game, options, seed, until) in enumerate(TABLES):
        scene = table_scene(app, game, options, seed, until, home)
        app.step(0)
        sheet.blit(app.screen, (0, i * SIZE[1]))
        scene.link.close()
    path = os.path.join(out, f"table-{language}.png")
    pygame.image.save(pygame.transform.smoothscale_by(sheet, SCALE), path)
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("languages", nargs="*", default=["en", "nl", "fr", "fa"])
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--screens", default="main_menu,new_game,settings")
    ap.add_argument("--no-table", action="store_true", help="the menus only")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        os.environ["MANFEE_HOME"] = home         # no saves, no settings of the player's
        from table.app import App
        from table.config import Settings
        app = App(Settings(bot_pace=0.0), size=SIZE, fullscreen=False, quiet_sound=True, time_scale=25.0)
        for lang in args.languages:
            print(shoot(app, lang, args.screens.split(","), args.out))
            if not args.no_table:
                print(shoot_table(app, lang, args.out, home))
        app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
