"""Host or join a LAN table without a window (tests, scripts, servers).

    python3 -m net.cli --host "Ana's table" --headless --game manfee --target 13 \\
        --seats bottom=host,left=open,top=bot:SADA,right=open --bot KADO
    python3 -m net.cli --join 192.168.1.20:47820 --headless --bot TANA --name Bo
    python3 -m net.cli --join "Ana's table" --headless --bot TANA --seat left
    python3 -m net.cli --host "Private" --headless --code auto      # prints the code to give friends
    python3 -m net.cli --join 192.168.1.20:47820 --headless --code 482913

Seats played here are played by a bot character (``--bot``, default TANA): a
joined seat from its view; a new table's ``host`` seat is made a bot seat of that
character (nobody sits at a terminal; a resumed window table's host seat is played
from its view).  A host saves after every move (``--save``, else a new file in the
saves folder's ``lan/``; ``--no-save``) and says so, with its port and join code,
in words on standard error.  Progress is printed
as one JSON object per line: listening, welcome (with the seat's token, for
``--token``), standin, match_over, host_closed, error...  Exit status: 0 the
match was played to its end; 1 bad arguments or resume file; 3 the table
closed or could not be reached before the end; 4 ``--max-seconds`` ran out.
game.py passes its own argv here when given ``--headless``.
"""
from __future__ import annotations

import argparse
import json
import queue
import signal
import sys
import threading
import time
from typing import Any, Callable, Sequence

from bots import make_bot
from rules.games import GAMES, get_game
from rules.options import add_flags, from_flags

from .protocol import DEFAULT_PORT


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python3 -m net.cli", description=__doc__.split("\n")[0])
    role = p.add_mutually_exclusive_group(required=True)
    role.add_argument("--host", metavar="NAME", help="open a table with this name")
    role.add_argument("--join", metavar="ADDR_OR_NAME", help="join host:port, or a table by its name")
    p.add_argument("--headless", action="store_true", help="no window (always the case here)")
    p.add_argument("--bot", metavar="NAME", help="bot character playing this side's seat (default TANA)")
    p.add_argument("--name", help="the player's name")
    p.add_argument("--interfaces", help="zeroconf interfaces, comma-separated IPv4 (default: all)")
    p.add_argument("--max-seconds", type=float, default=0, help="give up after this long (0: never)")
    p.add_argument("--quiet", action="store_true", help="print only the final line")
    p.add_argument("--code", metavar="CODE", help="hosting: require this join code ('auto': six random "
                   "digits, printed); joining: the code the host shows")
    h = p.add_argument_group("hosting")
    h.add_argument("--game", default="manfee", help="manfee, manille, manille-muette or manni")
    h.add_argument("--seats", help="e.g. bottom=host,left=open,top=bot:TANA,right=open")
    h.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}; 0: any)")
    h.add_argument("--bind", default="", help="address to listen on (default: all)")
    h.add_argument("--no-advertise", action="store_true", help="no zeroconf advert (join by address)")
    h.add_argument("--resume", metavar="FILE", help="resume the table saved in FILE (and keep saving there)")
    h.add_argument("--save", metavar="FILE", help="autosave the match record here after every action "
                   "(default: a new file in the saves folder's lan/, which the window's host form offers back)")
    h.add_argument("--no-save", action="store_true", help="keep no save (a crash loses the table)")
    h.add_argument("--options", help="game options as JSON, e.g. '{\"target\": 13}'")
    h.add_argument("--grace", type=float, default=20.0, help="seconds before a bot stands in for a dropped player")
    h.add_argument("--bot-delay", type=float, default=0.0, help="least seconds a bot takes per action")
    h.add_argument("--deal-pause", type=float, default=0.0, help="seconds between deals")
    h.add_argument("--idle-timeout", type=float, default=15.0, help="drop a peer silent this long")
    h.add_argument("--rate", type=float, default=400.0, help="messages a second a peer may send")
    h.add_argument("--fill-after", type=float, default=0, help="seat bots in open seats after this long")
    h.add_argument("--linger", type=float, default=0.5, help="seconds to stay open after the match")
    h.add_argument("--seed", type=int)
    j = p.add_argument_group("joining")
    j.add_argument("--seat", help="seat to take (default: the first free one)")
    j.add_argument("--token", help="the seat's token, to take it back after a drop")
    j.add_argument("--reconnect", type=float, default=120.0,
                   help="seconds to keep retrying a lost connection (a host frozen for 40 s, a laptop's lid closed: the seat is kept)")
    j.add_argument("--find-timeout", type=float, default=10.0, help="seconds to look for a table by name")
    add_flags(p, GAMES.values())
    return p


class Out:
    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.lock = threading.Lock()

    def __call__(self, event: str, final: bool = False, **info: Any) -> None:
        if self.quiet and not final:
            return
        info = {"event": event, **info}
        with self.lock:
            sys.stdout.write(json.dumps(info, separators=(",", ":")) + "\n")
            sys.stdout.flush()


def _options(args: argparse.Namespace) -> dict:
    """The game's options: ``--options`` JSON, then the flags made from the game's own
    declarations (``--target``, ``--no-signals``, ``--blind``...; rules.options)."""
    opts = dict(json.loads(args.options)) if args.options else {}
    opts.update(from_flags(args, get_game(args.game)))
    return opts


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        print(f"net.cli: ignoring arguments meant for the window: {' '.join(unknown)}", file=sys.stderr)
    out = Out(args.quiet)
    interfaces = [a.strip() for a in args.interfaces.split(",") if a.strip()] if args.interfaces else None
    deadline = time.monotonic() + args.max_seconds if args.max_seconds > 0 else None
    try:
        bot = make_bot(args.bot or "TANA", args.seed)
    except ValueError as e:
        parser.error(str(e))
    if args.host is not None:
        return run_host(args, out, interfaces, deadline, bot, parser)
    return run_join(args, out, interfaces, deadline, bot)


# -- hosting --------------------------------------------------------------------------------

def run_host(args: argparse.Namespace, out: Out, interfaces: list[str] | None, deadline: float | None,
             bot: Any, parser: argparse.ArgumentParser) -> int:
    from rules import RulesError
    from .host import HostServer
    from host.seats import parse_seats
    from host.saves import new_lan_save
    try:
        seats = parse_seats(args.seats, args.game) if (args.seats or not args.resume) else None
        if seats:
            # Nobody sits at a terminal: the seat "host" is the --bot character's, and every
            # screen says so (it read "Host" with no "bot", a person who was not there).
            seats = {s: (f"bot:{(args.bot or 'TANA').upper()}" if spec.partition(":")[0] == "host" else spec)
                     for s, spec in seats.items()}
        save = args.save if (args.save or args.resume or args.no_save) else new_lan_save(args.game)
        # a resume with options of its own is refused (HostServer): the saved table keeps its own
        server = HostServer(args.host, args.game, _options(args) or None, seats,
                            host_name=args.name or "Host", bind=args.bind, port=args.port,
                            interfaces=interfaces, advertise=not args.no_advertise,
                            save_path=save, resume=args.resume, seed=args.seed,
                            grace=args.grace, bot_delay=args.bot_delay, deal_pause=args.deal_pause,
                            idle_timeout=args.idle_timeout, rate=args.rate, burst=max(1, int(args.rate)),
                            join_code=True if args.code == "auto" else args.code or None)
    except (ValueError, RulesError) as e:
        out("error", final=True, reason=str(e))
        return 1
    try:
        server.start()
    except OSError as e:
        out("error", final=True, reason=f"cannot listen on port {args.port}: {e.strerror or e}")
        return 1
    info = server.table_info()
    out("listening", table=server.table, port=server.port, game=info["game"], free=info["free"],
        resumed=bool(args.resume), code=server.join_code, save=save or args.resume)
    _say_listening(server, save or args.resume, args.quiet)
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            signal.signal(sig, lambda *_: stop.set())
        except ValueError:           # not the main thread (game.py may call us from elsewhere)
            pass
    players = [AutoSeat(server.local_link(s), bot) for s in server.seats if server.is_host_seat(s)]
    opened = time.monotonic()
    filled = False
    over_at = None
    code = 0
    try:
        while True:
            for p in players:
                p.step()
            while not server.notices.empty():
                n = server.notices.get_nowait()
                kind = n.pop("type")
                if kind == "match_over":
                    over_at = time.monotonic()
                    out("match_over", final=True, **n)
                elif kind != "listening":
                    out(kind, **n)
            now = time.monotonic()
            if over_at is not None and now - over_at >= args.linger:
                server.stop("the match is over")
                break
            if stop.is_set():
                server.stop("the host closed the table")
                out("closed", final=True, reason="stopped by a signal")
                code = 3
                break
            if deadline is not None and now > deadline:
                server.stop("the host ran out of time")
                out("timeout", final=True, seconds=args.max_seconds)
                code = 4
                break
            if args.fill_after and not filled and now - opened > args.fill_after:
                filled = True
                server.fill_open_with_bots()
            time.sleep(0.002)
    finally:
        for p in players:
            p.close()
    return code


def _say_listening(server: Any, save: str | None, quiet: bool) -> None:
    """The host's terminal in words (standard output stays one JSON object a line, for
    scripts): the table, its port, the code to give friends, where it is saved."""
    if quiet:
        return
    where = server.join_addresses()       # what a friend types under "Join by address"
    lines = [f"Table \"{server.table}\" is open on port {server.port}"
             + (f": join by address at {', '.join(where)}." if where else ".")]
    if server.join_code:
        lines.append(f"Join code for your friends: {server.join_code}")
    if save:
        lines.append(f"Saved after every move in {save}; after a crash: --resume {save}")
    else:
        lines.append("Not saved (--no-save): if this host stops, the table is lost.")
    print("\n".join(lines), file=sys.stderr, flush=True)


class ClientSeat:
    """A joined ``Client`` read the way a table link is read (``poll``, ``view``,
    ``act``): what ``AutoSeat`` plays through."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def poll(self) -> list[dict]:
        out: list[dict] = []
        try:
            msg = self.client.inbox.get_nowait()
        except queue.Empty:
            return out
        while True:
            out.append(msg)
            try:
                msg = self.client.inbox.get_nowait()
            except queue.Empty:
                return out

    def view(self, seat: str | None = None) -> dict:
        return self.client.view or {}          # the client keeps the newest (its reader thread)

    def act(self, seat: str, action: dict) -> bool:
        return self.client.act(action)


class AutoSeat:
    """A bot answering for one seat from its view, through a table link (the host's
    own ``LocalLink``, or a ``ClientSeat``)."""

    def __init__(self, link: Any, bot: Any, on_message: Callable[[dict], None] | None = None) -> None:
        self.link = link
        self.bot = bot
        self.on_message = on_message
        self.acted = None

    def step(self, timeout: float = 0.0) -> dict | None:
        """Handle what arrived; act if it is this seat's turn.  The last message seen, or None."""
        got = None
        msgs = self.link.poll()
        if not msgs and timeout:
            time.sleep(min(timeout, 0.05))
            msgs = self.link.poll()
        for msg in msgs:
            got = msg
            if msg.get("type") == "welcome":
                # A new welcome (back after a lost connection, or a host resumed from its save):
                # a move in flight may be lost, and a resumed host counts its versions anew, so
                # the version last answered can come round again: answer it (the seat stalled).
                self.acted = None
            if self.on_message:
                self.on_message(msg)
        v = self.link.view()
        if v and v.get("turn") == v.get("seat") and v.get("legal") and self.acted != v["version"] \
                and not v.get("finished"):
            self.acted = v["version"]
            try:
                action = self.bot.choose(v)
            except Exception:
                action = dict(v["legal"][0])
            self.link.act(v["seat"], action)
        return got

    def close(self) -> None:
        pass


# -- joining --------------------------------------------------------------------------------

def run_join(args: argparse.Namespace, out: Out, interfaces: list[str] | None, deadline: float | None,
             bot: Any) -> int:
    from .client import Client, looks_like_address, parse_address
    from .lobby import find_table
    target = args.join
    if looks_like_address(target):
        try:
            host, port = parse_address(target)
        except ValueError as e:
            out("error", final=True, reason=str(e))
            return 1
    else:
        wait: float = args.find_timeout if deadline is None else min(args.find_timeout,
                                                                      deadline - time.monotonic())
        t0 = time.monotonic()
        info = find_table(target, wait, interfaces)
        if info is None:
            out("error", final=True, reason=f"no table called {target!r} found in {wait:g} s")
            return 3
        host, port = info.address
        out("found", table=info.table, host=host, port=port, seconds=round(time.monotonic() - t0, 3),
            free=info.free)
    client = Client(host, port, name=args.name or (args.bot or "TANA").title(), seat=args.seat,
                    token=args.token, auto_join=True, code=args.code)
    state: dict[str, Any] = {"final": None, "over": False, "lost_at": None}

    def on_message(msg):
        kind = msg["type"]
        if kind == "welcome":
            state["lost_at"] = None
            out("welcome", seat=msg["seat"], token=msg["token"], rejoin=msg.get("rejoin", False))
            v = msg.get("view") or {}
            if v.get("finished"):          # came back just after the end
                state["over"] = True
                out("match_over", final=True, winner=v.get("winner"), totals=v.get("totals"),
                    seat=client.seat)
        elif kind == "error":
            out("error", code=msg["code"], reason=msg["reason"])
            if msg["code"] in ("table_full", "seat_taken", "bad_token", "no_such_seat", "protocol",
                               "bad_code", "rate_limited", "busy", "watchers_full", "no_watchers") and not client.joined:
                state["final"] = ("refused", msg)
        elif kind == "events":
            for e in msg["events"]:
                if e.get("type") == "match_over":
                    state["over"] = True
                    out("match_over", final=True, winner=e.get("winner"), totals=e.get("totals"),
                        seat=client.seat)
        elif kind == "players":
            pass
        elif kind == "host_closed":
            state["final"] = ("host_closed", msg)
        elif kind == "disconnected" and msg.get("replaced"):
            state["final"] = ("replaced", msg)
        elif kind == "disconnected" and client.token is None:
            state["final"] = ("disconnected", msg)     # never seated: nothing to come back to
        elif kind == "disconnected":
            if state["lost_at"] is None:
                state["lost_at"] = time.monotonic()
                out("disconnected", reason=msg["reason"])

    seat = AutoSeat(ClientSeat(client), bot, on_message)
    client.start()
    try:
        while True:
            seat.step(timeout=0.05)
            if state["over"]:
                client.close("the match is over")
                return 0
            if state["final"] is not None:
                kind, msg = state["final"]
                out(kind, final=True, reason=msg.get("reason"), code=msg.get("code"))
                return 3
            now = time.monotonic()
            if deadline is not None and now > deadline:
                client.close("out of time")
                out("timeout", final=True, seconds=args.max_seconds)
                return 4
            if state["lost_at"] is not None and not client.busy:
                if now - state["lost_at"] > args.reconnect:
                    out("disconnected", final=True, reason="gave up reconnecting")
                    return 3
                time.sleep(0.2)
                client.reconnect()
    finally:
        client.close()


if __name__ == "__main__":
    sys.exit(main())
