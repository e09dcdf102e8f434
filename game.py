#!/usr/bin/env python3
"""Manfee: the card table.

    python3 game.py                                   the main menu
    python3 game.py --game manfee --humans 2 --bots TANA,KADO
    python3 game.py --demo --target 13 --speed 3      four bots play on their own
    python3 game.py --game manni --demo --target 5    any of the four games (manille, manille-muette, manni)
    python3 game.py --headless ...                    LAN host without a window (net/cli.py)

The game options (``--target``, ``--signals``/``--no-signals``, ``--blind``,
``--no-en-face``, ``--no-tapping``, ``--max-deals``...) are made from each
game's own declarations (``rules.options``).  pygame is imported only once we
know a window is wanted: ``--headless`` hands the whole command line to
``net.cli.main`` and never loads it.
"""
from __future__ import annotations

import argparse
import os
import signal
import sys

from host.stats_rows import name_key
from rules import RulesError
from rules.games import GAMES, get_game
from rules.options import add_flags, from_flags


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="game.py", description="Manfee: a table for four trick-taking games.")
    p.add_argument("--game", choices=list(GAMES), help="start a match of this game at once")
    p.add_argument("--humans", type=int, default=None, help="people at the table (1-4), seated "
                   "clockwise from the bottom; the other seats are bots")
    p.add_argument("--bots", default="", help="bot characters for the other seats, in seat order "
                   "(KADO,POCHAQ,PUCHOQ,SADA,TANA,JANGARA,TANOOR,TIZAB,ZELZELA or RANDOM)")
    p.add_argument("--names", default="", help="the people's names, in seat order (e.g. Ann,Ben): the "
                   "statistics are kept by name (default: your name in Settings, or Player 2...)")
    p.add_argument("--seed", type=int, default=None, help="fix the deals (and the random bots)")
    p.add_argument("--demo", action="store_true", help="four bots play on their own")
    add_flags(p, GAMES.values())
    p.add_argument("--speed", type=float, default=1.0, help="multiply the animation speed (and shorten the "
                   "bots' pace) for this run")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--windowed", action="store_true", help="open in a window")
    mode.add_argument("--fullscreen", action="store_true", help="open full screen")
    p.add_argument("--size", help="window size, e.g. 1280x720 (default: as much of it as the screen holds)")
    p.add_argument("--screenshot", metavar="PATH", help="debug: save the screen to PATH and exit")
    p.add_argument("--after", type=float, default=2.0, metavar="SECONDS",
                   help="debug: when to take the --screenshot")
    p.add_argument("--mute", action="store_true", help="no sound this run")
    # LAN (net/cli.py): accepted here so that --help lists them.
    p.add_argument("--headless", action="store_true", help="LAN host without a window (see net/cli.py)")
    p.add_argument("--host", metavar="NAME", help="with --headless: host a LAN table from a terminal (in the window: New game, Host on the local network)")
    p.add_argument("--join", metavar="ADDR", help="with --headless: join a LAN table from a terminal (in the window: Join a LAN game)")
    p.add_argument("--bot", metavar="NAME", help="LAN: play this seat with a bot")
    args = p.parse_args(argv)
    try:
        if args.size is not None:
            w, h = (int(x) for x in args.size.lower().split("x"))
            args.size = (max(640, w), max(400, h))
    except ValueError:
        p.error(f"--size must look like 1280x720, not {args.size!r}")
    if args.humans is not None and not 0 <= args.humans <= 4:
        p.error("--humans must be 0 to 4")
    if args.speed <= 0:
        p.error("--speed must be positive")
    args.names = [n.strip() for n in args.names.split(",") if n.strip()]
    if len({name_key(n) for n in args.names}) < len(args.names):       # as the statistics tell names apart
        p.error("--names: each person needs their own name (the statistics are kept by name)")
    if len(args.names) > (1 if args.humans is None else args.humans):
        p.error(f"--names: {len(args.names)} names for {args.humans or 1} people (--humans)")
    try:
        args.options = from_flags(args, get_game(args.game or "manfee"))
    except RulesError as e:
        p.error(str(e))
    return args


def match_from_args(args: argparse.Namespace, app) -> object | None:
    """The table link the flags ask for, or None for the menu."""
    if not (args.game or args.demo):
        return None
    from host.local import open_local
    from host.seats import people_seats
    from table.config import saves_dir, stats_path
    g = get_game(args.game or "manfee")
    humans = 0 if args.demo else (1 if args.humans is None else args.humans)
    humans = min(humans, g.n)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    names = dict(zip(people_seats(g, humans), args.names)) or None
    if humans == 1 and not names:
        names = {"bottom": app.settings.player_name}
    if humans:
        app.settings.game = g.name          # New game opens on it next time, as after its own Start
        app.save_settings()
    return open_local(g, args.options, humans=humans, bots=bots, seed=args.seed, names=names,
                      save_dir=saves_dir(), wake=app.wake, bot_delay=app.bot_pace, stats_path=stats_path(),
                      hints=app.settings.hints)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--headless" in argv:
        import net.cli                       # the LAN host: no pygame at all
        return net.cli.main(argv)
    args = parse_args(argv)
    if args.host or args.join:
        print("LAN play from the window: New game -> Host on the local network, or Join a LAN game; "
              "use --headless to host or join from a terminal.", file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from table.app import App
    from table.config import Settings
    from table.scenes import open_scene

    settings = Settings.load()
    if args.mute:
        settings.for_this_run("muted", True)     # this run only: never saved
    fullscreen = True if args.fullscreen else False if args.windowed else None
    if args.screenshot:
        fullscreen = False
    app = App(settings, size=args.size, fullscreen=fullscreen, time_scale=args.speed,
              screenshot=args.screenshot, after=args.after)
    app.reset(open_scene("main_menu", app))
    try:
        link = match_from_args(args, app)
    except ValueError as e:
        print(f"game.py: {e}", file=sys.stderr)
        return 2
    if link is not None:
        app.push(open_scene("table", app, link=link))
    end_on_sigterm(app)
    app.run()
    return 0


def end_on_sigterm(app) -> None:
    """SDL turns a SIGTERM into a window close, which a LAN host's table asks about again:
    a system shutting the game down waited for ever. It ends as Quit does (the save is kept)."""
    signal.signal(signal.SIGTERM, lambda _signum, _frame: app.quit())


if __name__ == "__main__":
    sys.exit(main())
