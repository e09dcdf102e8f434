"""The LAN host: a match's one authority, serving its seats over TCP.

``HostServer`` runs an asyncio loop on its own thread, so a render loop only
calls ``start()``/``stop()`` and reads queues.  This module is the network
side: connections and their budgets (``net.conn``, ``net.limits``), frames,
the hello/join handshake and the join code, timeouts, floods and the zeroconf
advert.  The match itself, its seats, bots, pace and save are the one table
host (``host.TableHost``), on the same loop thread, exactly as at a table
played on one machine; each connection is one of its endpoints, and its seat
is bound at join, so an intent can only ever be for the sender's own seat.
Every check of this module runs before the table host is called.

    server = HostServer("Ana's table", "manfee", {"target": 13},
                        {"bottom": "host", "left": "open", "top": "bot:TANA", "right": "open"},
                        bind="127.0.0.1", port=0, interfaces=["127.0.0.1"], join_code=True)
    host, port = server.start()
    server.join_code                   # "482913": show it; friends type it in the lobby
    me = server.local_link("bottom")   # the host's own screen: a host.local.LocalLink
    ...
    server.stop("Ana closed the table")
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import hmac
import logging
import math
import queue
import random
import socket
import threading
import uuid
from collections import Counter
from typing import Any, Callable, Mapping, cast

from host.endpoint import TableError
from host.local import LocalLink
from host.runner import call_on
from host.seats import Seat, check_spec, seats_from_save, seats_from_specs
from host.table_host import TableHost
from rules.host import MatchHost
from rules.store import load_record

from . import protocol as P
from .advert import Advertiser, advert_addresses
from .conn import Conn
from .gate import Gate
from .limits import LINGER, MAX_OUTBUF, Budgets, LogLimiter, code_guard, file_budget, watch_refusal

log = logging.getLogger("manfee.net")

__all__ = ["HostServer", "Conn", "MAX_OUTBUF"]


def listen(bind: str, port: int) -> socket.socket:
    """The table's listening socket: ``bind`` "" listens on every IPv4 and IPv6
    address with one socket (one port), where the system allows it."""
    if not bind and socket.has_dualstack_ipv6():
        return socket.create_server(("::", port), family=socket.AF_INET6, dualstack_ipv6=True,
                                    backlog=128)
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    return socket.create_server((bind or "0.0.0.0", port), family=family, backlog=128)


class HostServer:
    """A LAN table: TCP server, zeroconf advert, and the match (``host.TableHost``).

    Seats are given as specs (``host``, ``host:NAME``, ``open``, ``bot``,
    ``bot:TANA``).  The match starts as soon as no seat is open.  Thread-safe
    API: ``start``, ``stop``, ``local_link``, ``set_seat``, ``fill_open_with_bots``,
    ``table_info``, ``join_addresses``, ``join_code``, and the ``notices`` queue
    (listening, advertised, advert_failed, joined, left, standin, back,
    match_over, save_failed, error).

    Connections: a connection holding a seat is never counted against the
    lobby.  Connections without one (the lobby: lobby screens watching the
    table, and newcomers before their ``join``) are at most ``max_lobby``, and
    at most ``max_per_address`` from one address; a newcomer never waits for
    room: the longest-waiting lobby connection (of its own address first) is
    closed with ``busy`` instead.  ``max_conns`` bounds every socket, closing
    ones included (default: the lobby, twice the seats and a margin, and never
    more than the open-file limit leaves room for).  A seated connection may
    send ``rate`` messages a second (bursts of ``burst``), a lobby one
    ``lobby_rate`` (bursts of ``lobby_burst``).

    ``join_code``: None (anyone on the network may take an open seat), a code
    (4 to 12 letters or digits) or True (six random digits).  A ``join``
    without a token then needs the code; wrong codes are rate-limited per
    address.  A token always takes its seat back, code or not.
    """

    def __init__(self, table: str | None, game: str | None = None, options: dict | None = None,
                 seats: Mapping[str, str] | None = None, *, host_name: str = "Host", bind: str = "",
                 port: int = P.DEFAULT_PORT, interfaces: list[str] | None = None, advertise: bool = True,
                 save_path: str | None = None, resume: str | None = None, seed: Any = None,
                 grace: float = 20.0, bot_delay: float = 0.0, deal_pause: float = 0.0,
                 idle_timeout: float = 15.0, hello_timeout: float = 10.0, rate: float = 400.0,
                 burst: int = 400, lobby_rate: float = 20.0, lobby_burst: int = 40,
                 max_conns: int | None = None, max_lobby: int = 32,
                 max_per_address: int = 4, max_outbuf: int = MAX_OUTBUF,
                 write_timeout: float | None = None, linger: float = LINGER,
                 join_code: str | bool | None = None, code_tries: int = 5, code_every: float = 6.0,
                 bot_budget: Any = None, wake: Callable[[], None] | None = None,
                 hints: bool = False, stats_path: str | None = None) -> None:
        self.bind = bind
        self.port = port
        self.interfaces = interfaces
        self.advertise = advertise
        self.wake = wake
        self.host_id = uuid.uuid4().hex[:12]
        self.notices: queue.Queue[dict] = queue.Queue()
        self.logs = LogLimiter(log)
        self._guard = code_guard(code_tries, code_every)
        rng = random.Random(seed)
        created = None
        if resume:
            if seats or options:
                # Seats decide who may sit where, with whose token: a resumed table keeps its own.
                raise ValueError("a resumed table keeps its seats and options: leave out --seats and "
                                 "the game options")
            record, _match = load_record(resume)      # RulesError names the file
            mh = MatchHost.from_record(record, seed=rng.randrange(1 << 62))
            saved = record.get("lan") if isinstance(record.get("lan"), dict) else {}
            table = table or saved.get("table")
            places = seats_from_save(mh.game, saved)
            created = record.get("created")
            # The same table again: its id (a seat's kept token is for this table, not another
            # of the same name), its join code and its hints, whatever the form says now.
            if isinstance(saved.get("id"), str) and saved["id"].isalnum() and len(saved["id"]) <= 32:
                self.host_id = saved["id"]
            if "code" in saved:
                join_code = saved["code"] if isinstance(saved["code"], str) else None
            if isinstance(saved.get("hints"), bool):
                hints = saved["hints"]
        else:
            if game is None:
                raise ValueError("a new table needs a game")
            mh = MatchHost.new(game, options, None, seed=rng.randrange(1 << 62))
            places = seats_from_specs(mh.game, dict(seats or {mh.game.seats[0]: "host"}), host_name, rng)
        if join_code is True:
            join_code = P.new_join_code()
        self._code = P.check_join_code(join_code) if join_code else None
        self.table = P.clean_name(table if isinstance(table, str) else "", "Manfee table")
        # Sockets: the lobby, the remote seats (twice: a seat taken back with its
        # token while the old connection is still closing), and a margin.
        remote = sum(1 for s in places.values() if s.kind != "here")
        sockets = file_budget(max_conns or max_lobby + 2 * remote + 8)
        self.budgets = Budgets(
            rate=rate, burst=burst, lobby_rate=lobby_rate, lobby_burst=lobby_burst,
            max_conns=sockets, max_lobby=max(1, min(max_lobby, sockets - 2 * remote - 2)),
            max_per_address=max(1, max_per_address), max_outbuf=max_outbuf,
            write_timeout=idle_timeout if write_timeout is None else write_timeout, linger=linger,
            idle_timeout=idle_timeout, hello_timeout=hello_timeout)
        self.host = TableHost(mh, places, table=self.table, lan=True, save_path=save_path or resume,
                              created=created, rng=rng, grace=grace, bot_delay=bot_delay,
                              deal_pause=deal_pause, bot_budget=bot_budget, hints=hints,
                              stats_path=stats_path,
                              info_extra={"protocol": P.PROTOCOL_VERSION, "host_id": self.host_id},
                              lan_keep={"id": self.host_id, "code": self._code},
                              on_notice=self._notice, on_seats_changed=self._seats_changed)
        self.resumed = resume is not None
        if resume:
            self.host.restore_hints(record)
        # The host's own players' screens, made now so they are at the table from the start.
        self._links: dict[str, LocalLink] = {seat: self._make_link(seat) for seat in self.host.order
                                             if places[seat].kind == "here"}
        self.gate = Gate(self.budgets, self.logs, self._handle, self.host.leave)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._listener: socket.socket | None = None
        self._ready = threading.Event()
        self._start_error: BaseException | None = None
        self._stop_reason: str | None = None
        self._stopped: asyncio.Event | None = None
        self._advert: Advertiser | None = None

    @property
    def mh(self) -> MatchHost:
        """The rules' MatchHost (read it on the host's thread, or after stop)."""
        return self.host.mh

    @property
    def slots(self) -> dict[str, Seat]:
        """Who sits where (``host.seats.Seat``; read on the host's thread, or after stop)."""
        return self.host.seats

    @property
    def seats(self) -> tuple[str, ...]:
        return self.host.order

    def is_host_seat(self, seat: str) -> bool:
        """True for a seat played at this machine (the host's own player)."""
        return self.host.seats[seat].kind == "here"

    @property
    def alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    # What tests, benchmarks and screens read of the connections (the host's thread
    # owns them: from another thread, prefer connection_stats()).
    @property
    def conns(self) -> set[Conn]:
        return self.gate.conns

    @property
    def counts(self) -> Counter[str]:
        """What the limits did: evicted, refused, cut_off_output, cut_off_stalled,
        rate_limited, flood_closed, timeout, bad_code."""
        return self.gate.counts

    def lobby(self) -> list[Conn]:
        return self.gate.lobby()

    @property
    def max_conns(self) -> int:
        return self.budgets.max_conns

    @property
    def max_lobby(self) -> int:
        return self.budgets.max_lobby

    @property
    def max_per_address(self) -> int:
        return self.budgets.max_per_address

    @property
    def join_code(self) -> str | None:
        """The code friends must type to take an open seat (None: an open table)."""
        return self._code

    @property
    def private(self) -> bool:
        return self._code is not None

    # -- the caller's thread -------------------------------------------------------------
    def start(self, timeout: float = 5.0) -> tuple[str, int]:
        """Listen (returns (host, port) once listening) and advertise in the background."""
        self._thread = threading.Thread(target=self._run, name="manfee-host", daemon=True)
        self._thread.start()
        self._ready.wait(timeout)
        if self._start_error:
            raise self._start_error
        return self.address

    @property
    def address(self) -> tuple[str, int]:
        return (self.bind or "0.0.0.0", self.port)

    def join_addresses(self) -> list[str]:
        """``host:port`` texts a friend can type in "Join by address"."""
        if self.bind and self.bind not in ("0.0.0.0", "::"):
            return [f"{self.bind}:{self.port}"]
        return [f"{a}:{self.port}" for a in advert_addresses(self.interfaces)]

    def local_link(self, seat: str, wake: Callable[[], None] | None = None, summaries: bool = False) -> LocalLink:
        """The screen of the host's own player at ``seat``: the in-process link of a table played
        on one machine (seated, its welcome waiting, once ``start`` returns); closing it closes the
        table.  ``summaries``: as a ``Client``'s (the next deal waits until the player closed it)."""
        link = self._links[seat]           # KeyError: not a seat of the host's own player
        link.port.reads_summaries = summaries
        link.wake = wake or link.wake
        return link

    def _make_link(self, seat: str) -> LocalLink:
        return LocalLink(self.host, self, gate=False, wake=self.wake, owns_runner=False, lan=True,
                         hosting=True, notes=self._join_notes,
                         on_close=lambda: self.stop("the host closed the table", wait=False))

    def _join_notes(self) -> list[dict]:
        """The host's waiting panel: how friends find this table (codes the screen words,
        ``host.link.LinkBase.join_notes``)."""
        notes: list[dict] = []
        if self.advertise:
            notes.append({"note": "lobby"})
        try:
            addresses = self.join_addresses()
        except OSError:
            addresses = []
        if addresses:
            notes.append({"note": "address", "addresses": addresses[:3]})
        if self._code is not None:
            notes.append({"note": "code", "code": P.show_code(self._code)})
        return notes

    def call(self, fn: Callable[..., Any], *args: Any) -> bool:
        """Run ``fn(*args)`` on the host's loop (thread-safe); False once it has stopped. The host's
        table acts through this (``LocalLink.act``): a None read as "not sent" ("Not connected")."""
        return call_on(self._loop, fn, args)

    def set_seat(self, seat: str, spec: str) -> None:
        """Change a seat that nobody holds (open <-> bot) before or during the match."""
        self.call(self.host.set_seat, seat, check_spec(spec))

    def fill_open_with_bots(self, character: str | None = None) -> None:
        """Give every open seat to a bot (so the match can start without friends)."""
        self.call(self.host.fill_open_with_bots, character)

    def table_info(self) -> dict:
        """The latest ``table`` message (a dict; safe to read from any thread)."""
        return self._table()

    def connection_stats(self, timeout: float = 2.0) -> dict:
        """Connections now, counted on the host's loop: ``seated``, ``lobby``,
        ``closing`` (sockets not yet gone), ``per_address`` (the most lobby
        connections from one address).  Empty if the loop does not answer."""
        done: concurrent.futures.Future[dict] = concurrent.futures.Future()
        self.call(lambda: done.set_result(self.gate.stats()))
        try:
            return done.result(timeout)
        except concurrent.futures.TimeoutError:
            return {}

    def stop(self, reason: str = "the host closed the table", wait: bool = True) -> None:
        """Tell every peer ``reason`` (bye), close, unregister the advert."""
        self.call(self._begin_stop, reason)
        if wait and self._thread is not None:
            self._thread.join(timeout=5)

    def wait(self, timeout: float | None = None) -> None:
        """Block until the server has stopped."""
        if self._thread is not None:
            self._thread.join(timeout)

    # -- the loop ------------------------------------------------------------------------
    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        loop.set_exception_handler(self._loop_error)
        try:
            loop.run_until_complete(self._main())
        except BaseException as e:         # port in use, bad address: report to start()
            if not self._ready.is_set():
                self._start_error = e
                self._ready.set()
            else:
                log.exception("host loop failed")
        finally:
            loop.close()

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict) -> None:
        """asyncio's own complaints (accept() out of files, a callback's exception),
        through the log budget: a storm of them costs a few lines, not the disk."""
        exc = context.get("exception")
        kind = f"loop:{type(exc).__name__ if exc else context.get('message', '')[:40]}"
        self.logs(kind, logging.ERROR, "host loop: %s", context.get("message", "error"),
                  exc_info=(type(exc), exc, exc.__traceback__) if exc else None)

    async def _main(self) -> None:
        self._stopped = asyncio.Event()
        self._listener = listen(self.bind, self.port)
        self._listener.setblocking(False)
        self.port = self._listener.getsockname()[1]
        # The host's own screens are seated before start() returns: a table scene made
        # right after it knows its seat (else it would open as a watcher's).
        for seat, link in self._links.items():
            self.host.attach(link.port, (seat,))
        self._ready.set()
        acceptor = asyncio.ensure_future(self.gate.accept(self._listener))
        self._notice("listening", port=self.port)
        if self.advertise:
            self._advert = Advertiser(self.table, self.port, self._advert_props(), self.interfaces,
                                      on_event=lambda kind, info: self._notice(kind, **info),
                                      tag=self.host_id[:6])
            self._advert.start()
        watchdog = asyncio.ensure_future(self.gate.watchdog())
        loop = asyncio.get_running_loop()
        self.host.begin(loop)
        await self._stopped.wait()
        watchdog.cancel()
        acceptor.cancel()
        self._listener.close()
        await asyncio.sleep(0.05)          # let the byes reach the peers
        self.gate.abort_all()
        if self._advert is not None:
            await loop.run_in_executor(None, self._advert.stop)
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _begin_stop(self, reason: str) -> None:
        if self._stop_reason is not None:
            return
        self._stop_reason = reason
        self.gate.closing_reason = reason
        self.gate.close_all(reason)
        self.host.end(reason)
        assert self._stopped is not None
        self._stopped.set()

    # -- messages ------------------------------------------------------------------------
    def _handle(self, conn: Conn, msg: dict) -> None:
        kind, f = P.check_client_message(msg)
        if kind == "ping":
            conn.send({"type": "pong", "n": f["n"]} if f["n"] is not None else {"type": "pong"})
            return
        if not conn.hello:
            if kind != "hello":
                raise P.ProtocolError("hello_first", "say hello first (with the protocol version)")
            if f["protocol"] != P.PROTOCOL_VERSION:
                conn.fail("protocol", f"this table speaks protocol {P.PROTOCOL_VERSION}, "
                                      f"not {f['protocol']}", protocol=P.PROTOCOL_VERSION)
                return
            conn.hello = True
            conn.name = P.clean_name(f["name"], "Player")
            conn.send(self._table())
            return
        if kind == "hello":
            conn.send(self._table())
        elif kind == "join":
            if f["name"]:
                conn.name = P.clean_name(f["name"], conn.name or "Player")
            if conn.slot is None and f["token"] is None and self._code is not None:
                self._check_code(conn, f["code"])
            conn.reads_summaries = f["summaries"]     # the next deal waits for its player (table_host)
            try:
                self.host.join(conn, f["seat"], f["token"])
            except TableError as e:
                raise P.ProtocolError(e.code, e.reason) from None
        elif kind == "ready" and conn.plays:
            self.host.ready(conn, f["version"])
        elif kind == "watch":
            if conn.slot is not None:
                raise P.ProtocolError("already_seated", "this connection already plays or watches")
            if self._code is not None:
                self._check_code(conn, f["code"])
            if refusal := watch_refusal([c.address for c in self.conns if c.spectator], conn.address, self.budgets):
                raise P.ProtocolError("watchers_full", refusal)
            try:
                self.host.watch(conn, f["seat"])
            except TableError as e:
                raise P.ProtocolError(e.code, e.reason) from None
        elif kind in ("action", "hint"):
            if not conn.plays:
                raise P.ProtocolError("not_seated", "join a seat before acting")
            seat = conn.plays[0]
            if f["seat"] is not None and f["seat"] != seat:
                raise P.ProtocolError("not_your_seat", f"this connection plays {seat}, not {f['seat']}")
            if kind == "hint":
                self.host.hint(conn, seat)
            else:
                self.host.intent(conn, seat, f["action"], f["version"])
        elif kind == "say":
            if not conn.plays:
                raise P.ProtocolError("not_seated", "join a seat before speaking")
            self.host.say(conn, conn.plays[0], f["phrase"])
        elif kind == "sync":
            if conn.slot is None:
                conn.send(self._table())
            else:
                self.host.sync(conn)
        elif kind == "bye":
            conn.close()
            if conn.slot is not None:
                self.host.leave(conn, immediate=True)

    def _check_code(self, conn: Conn, code: str | None) -> None:
        """ProtocolError unless ``code`` is the table's; every try spends one of the
        address's guesses, right or wrong, so the answer is never an oracle."""
        assert self._code is not None
        wait = self._guard.attempt(conn.address)
        if wait:
            raise P.ProtocolError("rate_limited", "too many join codes tried from your address: "
                                                  f"wait {math.ceil(wait)} s")
        if not hmac.compare_digest(P.normalize_code(code).encode(), self._code.encode()):
            self.counts["bad_code"] += 1
            raise P.ProtocolError("bad_code", "wrong join code" if code else
                                  "this table is private: type the join code the host shows")

    # -- the lobby's side of seat changes ------------------------------------------------
    def _table(self) -> dict:
        """The ``table`` message: the match's, plus whether a join code is needed."""
        info = cast(dict, self.host.info)    # built by the host before any peer can ask
        return dict(info, private=True) if self._code is not None else info

    def _seats_changed(self) -> None:
        info = self._table()
        for conn in list(self.conns):
            if conn.hello and conn.slot is None and not conn.closed:
                conn.send(info)            # lobby watchers keep their list current
        if self._advert is not None:
            self._advert.update(self._advert_props())

    def _advert_props(self) -> dict:
        info = cast(dict, self.host.info)
        return {"proto": P.PROTOCOL_VERSION, "table": self.table, "game": info["game"],
                "free": len(info["free"]), "open": ",".join(info["free"]),
                "seats": len(info["seats"]), "state": info["state"], "id": self.host_id,
                "private": int(self._code is not None)}

    def _notice(self, kind: str, **info: Any) -> None:
        info["type"] = kind
        self.notices.put(info)
        if self.wake:
            try:
                self.wake()
            except Exception:
                pass
