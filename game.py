#!/usr/bin/env python3
"""Manfee: the card table.

    python3 game.py                                   the main menu
    python3 game.py --game manfee --humans 2 --bots TANA,KADO
    python3 game.py --demo --target 13 --speed 3      four bots play on their own
    python3 game.py --game manni --demo --target 5    any of the four games (manille, manille-muette, manni)
    python3 game.py --headless ...                    LAN host without a window (net/cli.py)

pygame is imported only once we know a window is wanted: ``--headless``
hands the whole command line to ``net.cli.main`` and never loads it.
"""
import argparse
import os
import sys

GAMES = ("manfee", "manille", "manille-muette", "manni")


def parse_args(argv):
    p = argparse.ArgumentParser(prog="game.py", description="Manfee: a table for four trick-taking games.")
    p.add_argument("--game", choices=GAMES, help="start a match of this game at once")
    p.add_argument("--humans", type=int, default=None, help="people at the table (1-4), seated "
                   "clockwise from the bottom; the other seats are bots")
    p.add_argument("--bots", default="", help="bot characters for the other seats, in seat order "
                   "(KADO,POCHAQ,PUCHOQ,SADA,TANA,JANGARA,TANOOR,TIZAB,ZELZELA or RANDOM)")
    p.add_argument("--seed", type=int, default=None, help="fix the deals (and the random bots)")
    p.add_argument("--demo", action="store_true", help="four bots play on their own")
    p.add_argument("--target", type=int, default=None, help="match target (points)")
    p.add_argument("--no-signals", action="store_true", help="Manfee without slam/drop signals")
    p.add_argument("--blind", action="store_true", help="Manille muette: the dealer may name trump blind")
    p.add_argument("--no-en-face", action="store_true", help="Manille muette: no en face")
    p.add_argument("--no-tapping", action="store_true", help="Manille muette: no tapping (doubling)")
    p.add_argument("--max-deals", type=int, default=None, metavar="N",
                   help="Manille muette: the match ends after N deals")
    p.add_argument("--speed", type=float, default=1.0, help="multiply the animation speed (and shorten the "
                   "bots' pace) for this run")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--windowed", action="store_true", help="open in a window")
    mode.add_argument("--fullscreen", action="store_true", help="open full screen")
    p.add_argument("--size", default="1280x720", help="window size, e.g. 1280x720")
    p.add_argument("--screenshot", metavar="PATH", help="debug: save the screen to PATH and exit")
    p.add_argument("--after", type=float, default=2.0, metavar="SECONDS",
                   help="debug: when to take the --screenshot")
    p.add_argument("--mute", action="store_true", help="no sound this run")
    # LAN (net/cli.py): accepted here so that --help lists them.
    p.add_argument("--headless", action="store_true", help="LAN host without a window (see net/cli.py)")
    p.add_argument("--host", metavar="NAME", help="host a LAN table (not in the window yet)")
    p.add_argument("--join", metavar="ADDR", help="join a LAN table (not in the window yet)")
    p.add_argument("--bot", metavar="NAME", help="LAN: play this seat with a bot")
    args = p.parse_args(argv)
    try:
        w, h = (int(x) for x in args.size.lower().split("x"))
        args.size = (max(640, w), max(400, h))
    except ValueError:
        p.error(f"--size must look like 1280x720, not {args.size!r}")
    if args.humans is not None and not 0 <= args.humans <= 4:
        p.error("--humans must be 0 to 4")
    if args.speed <= 0:
        p.error("--speed must be positive")
    return args


def match_from_args(args, app):
    """The session the flags ask for, or None for the menu."""
    if not (args.game or args.demo):
        return None
    from rules.games import get_game
    from table.session import MatchSession
    game = args.game or "manfee"
    g = get_game(game)
    options = {}
    if args.target:
        options["target"] = args.target
    if args.no_signals and "signals" in g.defaults:
        options["signals"] = False
    if game == "manille-muette":
        if args.blind:
            options["blind"] = True
        if args.no_en_face:
            options["en_face"] = False
        if args.no_tapping:
            options["doubling"] = False
        if args.max_deals:
            options["max_deals"] = args.max_deals
    humans = 0 if args.demo else (1 if args.humans is None else args.humans)
    humans = min(humans, g.n)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    names = {"bottom": app.settings.player_name} if humans == 1 else None
    return MatchSession.new(game, options, humans=humans, bots=bots, seed=args.seed,
                            wake=app.wake, names=names)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if "--headless" in argv:
        import net.cli                       # the LAN host: no pygame at all
        return net.cli.main(argv)
    args = parse_args(argv)
    if args.host or args.join:
        print("LAN play from the window is not ready yet; use --headless to host.", file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from table.app import App
    from table.config import Settings
    from table.menus import MainMenu
    from table.table_scene import TableScene

    settings = Settings.load()
    if args.mute:
        settings.muted = True
    fullscreen = True if args.fullscreen else False if args.windowed else None
    if args.screenshot:
        fullscreen = False
    app = App(settings, size=args.size, fullscreen=fullscreen, time_scale=args.speed,
              screenshot=args.screenshot, after=args.after)
    app.reset(MainMenu(app))
    try:
        session = match_from_args(args, app)
    except ValueError as e:
        print(f"game.py: {e}", file=sys.stderr)
        return 2
    if session is not None:
        app.push(TableScene(app, session, demo=args.demo))
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
