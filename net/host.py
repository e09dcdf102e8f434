"""The LAN host: a match's one authority, serving its seats over TCP.

``HostServer`` runs an asyncio loop on its own thread, so a render loop only
calls ``start()``/``stop()`` and reads queues.  This module is the network
side: connections, frames, limits, the hello/join handshake, timeouts, floods
and the zeroconf advert.  The match itself, its seats and bots are
``net.match.LanMatch``, on the same loop thread; a connection's seat is bound
at join, so an intent can only ever be for the sender's own seat.

    server = HostServer("Ana's table", "manfee", {"target": 13},
                        {"bottom": "host", "left": "open", "top": "bot:TANA", "right": "open"},
                        bind="127.0.0.1", port=0, interfaces=["127.0.0.1"])
    host, port = server.start()
    me = server.local("bottom")        # LocalSeat: me.inbox, me.view, me.act(...)
    ...
    server.stop("Ana closed the table")
"""
import asyncio
import concurrent.futures
import logging
import queue
import random
import threading
import time
import uuid

from rules.host import MatchHost
from rules.store import load_record

from . import protocol as P
from .advert import Advertiser, advert_addresses
from .framing import HOST_LIMITS, HEADER, FrameError, check_length, decode_payload, encode
from .match import LanMatch
from .seats import LocalSeat, check_spec, make_slots

log = logging.getLogger("manfee.net")

MAX_OUTBUF = 1 << 20        # bytes queued to a peer that does not read: drop it


class Conn:
    """One peer's TCP connection (host loop thread only)."""

    def __init__(self, server, reader, writer):
        self.server = server
        self.reader = reader
        self.writer = writer
        peer = writer.get_extra_info("peername") or ("?", 0)
        self.peer = f"{peer[0]}:{peer[1]}"
        self.name = None
        self.hello = False
        self.slot = None
        self.closed = False
        now = time.monotonic()
        self.opened = now
        self.last_seen = now
        self.tokens = float(server.burst)
        self.refilled = now
        self.strikes = 0

    def send(self, msg):
        if self.closed:
            return
        try:
            self.writer.write(encode(msg))
        except Exception as e:          # a closed transport, or an unencodable message
            log.debug("send to %s failed: %s", self.peer, e)
            self.close()
            return
        transport = self.writer.transport
        if transport is not None and transport.get_write_buffer_size() > MAX_OUTBUF:
            self.close()

    def fail(self, code, reason, **extra):
        """Tell the peer what went wrong; close the connection if ``code`` is fatal."""
        self.send(P.error(code, reason, **extra))
        if code in P.FATAL:
            self.close()

    def close(self, bye=None, table_closed=True):
        if self.closed:
            return
        if bye is not None:
            self.send({"type": "bye", "reason": bye, "table_closed": table_closed})
        self.closed = True
        try:
            self.writer.close()
        except Exception:
            pass

    def allow(self):
        """Token bucket: False when the peer sends faster than the host's rate."""
        now = time.monotonic()
        s = self.server
        self.tokens = min(float(s.burst), self.tokens + (now - self.refilled) * s.rate)
        self.refilled = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.strikes = 0
            return True
        self.strikes += 1
        return False


class HostServer:
    """A LAN table: TCP server, zeroconf advert, and the match (``LanMatch``).

    Seats are given as specs (``host``, ``host:NAME``, ``open``, ``bot``,
    ``bot:TANA``).  The match starts as soon as no seat is open.  Thread-safe
    API: ``start``, ``stop``, ``local``, ``set_seat``, ``fill_open_with_bots``,
    ``table_info``, ``join_addresses``, and the ``notices`` queue (listening,
    advertised, advert_failed, joined, left, standin, back, match_over,
    save_failed, error).
    """

    def __init__(self, table, game=None, options=None, seats=None, *, host_name="Host",
                 bind="", port=P.DEFAULT_PORT, interfaces=None, advertise=True,
                 save_path=None, resume=None, seed=None, grace=20.0, bot_delay=0.0,
                 deal_pause=0.0, idle_timeout=15.0, hello_timeout=10.0, rate=400.0,
                 burst=400, max_conns=32, bot_budget=None, wake=None):
        self.bind = bind
        self.port = port
        self.interfaces = interfaces
        self.advertise = advertise
        self.idle_timeout = idle_timeout
        self.hello_timeout = hello_timeout
        self.rate = rate
        self.burst = burst
        self.max_conns = max_conns
        self.wake = wake
        self.host_id = uuid.uuid4().hex[:12]
        self.notices = queue.Queue()
        rng = random.Random(seed)
        saved = None
        if resume:
            record, _match = load_record(resume)      # RulesError names the file
            mh = MatchHost.from_record(record, seed=rng.randrange(1 << 62))
            saved = record.get("lan") if isinstance(record.get("lan"), dict) else {}
            table = table or saved.get("table")
        else:
            mh = MatchHost.new(game, options, None, seed=rng.randrange(1 << 62))
        self.table = P.clean_name(table if isinstance(table, str) else "", "Manfee table")
        slots = make_slots(mh.game, seats, saved, host_name, rng)
        self._locals = {}
        for slot in slots.values():
            if slot.kind == "host":
                slot.local = self._locals[slot.seat] = LocalSeat(self, slot.seat, wake)
        self.match = LanMatch(self.table, mh, slots, rng, grace=grace, bot_delay=bot_delay,
                              deal_pause=deal_pause, bot_budget=bot_budget,
                              save_path=save_path or resume, notice=self._notice,
                              on_seats_changed=self._seats_changed, host_id=self.host_id)
        self.resumed = resume is not None
        self.conns = set()
        self._loop = None
        self._thread = None
        self._server = None
        self._ready = threading.Event()
        self._start_error = None
        self._stop_reason = None
        self._stopped = None
        self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="manfee-bot")
        self._advert = None

    @property
    def mh(self):
        """The rules' MatchHost (read it on the host's thread, or after stop)."""
        return self.match.mh

    @property
    def slots(self):
        return self.match.slots

    @property
    def seats(self):
        return self.match.seats

    # -- the caller's thread -------------------------------------------------------------
    def start(self, timeout=5.0):
        """Listen (returns (host, port) once listening) and advertise in the background."""
        self._thread = threading.Thread(target=self._run, name="manfee-host", daemon=True)
        self._thread.start()
        self._ready.wait(timeout)
        if self._start_error:
            raise self._start_error
        return self.address

    @property
    def address(self):
        return (self.bind or "0.0.0.0", self.port)

    def join_addresses(self):
        """``host:port`` texts a friend can type in "Join by address"."""
        if self.bind and self.bind not in ("0.0.0.0", "::"):
            return [f"{self.bind}:{self.port}"]
        return [f"{a}:{self.port}" for a in advert_addresses(self.interfaces)]

    def local(self, seat):
        """The LocalSeat of one of the host's own seats."""
        return self._locals[seat]

    def call(self, fn, *args):
        """Run ``fn(*args)`` on the host's loop (thread-safe)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(fn, *args)
            except RuntimeError:
                pass

    def set_seat(self, seat, spec):
        """Change a seat that nobody holds (open <-> bot) before or during the match."""
        self.call(self.match.set_seat, seat, check_spec(spec))

    def fill_open_with_bots(self, character=None):
        """Give every open seat to a bot (so the match can start without friends)."""
        for seat, slot in list(self.slots.items()):
            if slot.kind == "open":
                self.set_seat(seat, f"bot:{character}" if character else "bot")

    def table_info(self):
        """The latest ``table`` message (a dict; safe to read from any thread)."""
        return self.match.info

    def stop(self, reason="the host closed the table", wait=True):
        """Tell every peer ``reason`` (bye), close, unregister the advert."""
        self.call(self._begin_stop, reason)
        if wait and self._thread is not None:
            self._thread.join(timeout=5)

    def wait(self, timeout=None):
        """Block until the server has stopped."""
        if self._thread is not None:
            self._thread.join(timeout)

    # the host's own seats (LocalSeat.act / sync land here, on the loop)
    def local_action(self, seat, action, version):
        slot = self.slots[seat]
        self.match.submit(slot, slot.local, action, version)

    def local_sync(self, seat):
        self.match.sync(self.slots[seat])

    # -- the loop ------------------------------------------------------------------------
    def _run(self):
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        except BaseException as e:         # port in use, bad address: report to start()
            if not self._ready.is_set():
                self._start_error = e
                self._ready.set()
            else:
                log.exception("host loop failed")
        finally:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self.match.close()
            loop.close()

    async def _main(self):
        self._stopped = asyncio.Event()
        self._server = await asyncio.start_server(self._serve, host=self.bind or None, port=self.port)
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        self._notice("listening", port=self.port)
        if self.advertise:
            self._advert = Advertiser(self.table, self.port, self._advert_props(), self.interfaces,
                                      on_event=lambda kind, info: self._notice(kind, **info))
            self._advert.start()
        watchdog = asyncio.ensure_future(self._watchdog())
        self.match.begin(self._loop, self._pool, resumed=self.resumed)
        await self._stopped.wait()
        watchdog.cancel()
        self._server.close()
        await asyncio.sleep(0.05)          # let the byes reach the peers
        for conn in list(self.conns):
            if conn.writer.transport is not None:
                conn.writer.transport.abort()
        if self._advert is not None:
            await self._loop.run_in_executor(None, self._advert.stop)
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _begin_stop(self, reason):
        if self._stop_reason is not None:
            return
        self._stop_reason = reason
        for conn in list(self.conns):
            conn.close(bye=reason)
        self.match.end(reason)
        self._stopped.set()

    async def _watchdog(self):
        """Close silent peers: no hello in time, or no message (pings) for too long."""
        while True:
            await asyncio.sleep(0.1)
            now = time.monotonic()
            for conn in list(self.conns):
                if not conn.hello and now - conn.opened > self.hello_timeout:
                    conn.fail("timeout", f"no hello within {self.hello_timeout:g} s")
                elif conn.hello and now - conn.last_seen > self.idle_timeout:
                    conn.fail("timeout", f"nothing heard for {self.idle_timeout:g} s")

    async def _serve(self, reader, writer):
        conn = Conn(self, reader, writer)
        if len(self.conns) >= self.max_conns or self._stop_reason is not None:
            conn.fail("busy", "the table has too many connections" if self._stop_reason is None
                      else "the table is closing")
            return
        self.conns.add(conn)
        try:
            while not conn.closed:
                header = await reader.readexactly(4)
                (length,) = HEADER.unpack(header)
                try:
                    check_length(length, HOST_LIMITS)
                except FrameError as e:
                    conn.fail(e.code, e.reason)
                    break
                payload = await reader.readexactly(length)
                conn.last_seen = time.monotonic()
                if not conn.allow():
                    self._flooded(conn)
                    continue
                try:
                    msg = decode_payload(payload, HOST_LIMITS)
                except FrameError as e:
                    conn.send(P.error(e.code, e.reason))
                    if e.fatal:          # malformed or hostile bytes: stop trusting this peer
                        conn.close()
                    continue
                try:
                    self._handle(conn, msg)
                except P.ProtocolError as e:
                    conn.fail(e.code, e.reason)
                except Exception:           # a bug must cost one peer an error, not the table
                    log.exception("handling %r from %s", msg.get("type"), conn.peer)
                    conn.fail("bad_message", "the host could not handle that message")
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            pass
        except asyncio.CancelledError:
            pass
        finally:
            conn.closed = True
            try:
                writer.close()
            except Exception:
                pass
            self.conns.discard(conn)
            if conn.slot is not None:
                self.match.leave(conn)

    def _flooded(self, conn):
        """Every dropped message is answered (so no intent vanishes unnoticed); a peer
        that keeps going after ``burst`` refusals in a row is cut off."""
        if conn.strikes > self.burst:
            conn.send(P.error("rate_limited", "flooding: the connection is closed"))
            conn.close()
        else:
            conn.send(P.error("rate_limited", f"more than {self.rate:g} messages a second: "
                                              "this one was dropped, send it again later"))

    # -- messages ------------------------------------------------------------------------
    def _handle(self, conn, msg):
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
                conn.close()
                return
            conn.hello = True
            conn.name = P.clean_name(f["name"], "Player")
            conn.send(self.match.info)
            return
        if kind == "hello":
            conn.send(self.match.info)
        elif kind == "join":
            if f["name"]:
                conn.name = P.clean_name(f["name"], conn.name or "Player")
            self.match.join(conn, f["seat"], f["token"])
        elif kind == "action":
            if conn.slot is None:
                raise P.ProtocolError("not_seated", "join a seat before acting")
            if f["seat"] is not None and f["seat"] != conn.slot.seat:
                raise P.ProtocolError("not_your_seat", f"this connection plays {conn.slot.seat}, "
                                                       f"not {f['seat']}")
            self.match.submit(conn.slot, conn, f["action"], f["version"])
        elif kind == "sync":
            if conn.slot is None:
                conn.send(self.match.info)
            else:
                self.match.sync(conn.slot)
        elif kind == "bye":
            conn.close()
            if conn.slot is not None:
                self.match.leave(conn, immediate=True)

    # -- the lobby's side of seat changes ------------------------------------------------
    def _seats_changed(self):
        info = self.match.info
        for conn in self.conns:
            if conn.hello and conn.slot is None and not conn.closed:
                conn.send(info)            # lobby watchers keep their list current
        if self._advert is not None:
            self._advert.update(self._advert_props())

    def _advert_props(self):
        info = self.match.info
        return {"proto": P.PROTOCOL_VERSION, "table": self.table, "game": info["game"],
                "free": len(info["free"]), "open": ",".join(info["free"]),
                "seats": len(info["seats"]), "state": info["state"], "id": self.host_id}

    def _notice(self, kind, **info):
        info["type"] = kind
        self.notices.put(info)
        if self.wake:
            try:
                self.wake()
            except Exception:
                pass
