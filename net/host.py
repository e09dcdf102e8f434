"""The LAN host: the one authority of a match, serving its seats over TCP.

``HostServer`` runs an asyncio loop on its own thread, so a render loop only
calls ``start()``/``stop()`` and reads queues.  Every intent goes through
``rules.host.MatchHost`` on that one thread, in boardgame.io's order: known
connection and seat (bound at join) -> match over -> deal running -> turn ->
freshness (the version the sender saw) -> legality.  After each change every
seat gets its own view plus the public events, then the record is autosaved.

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
import hmac
import logging
import queue
import random
import threading
import time
import uuid

from rules import RulesError
from rules.host import MatchHost
from rules.store import load_record, save_record

from . import protocol as P
from .discovery import Advertiser, advert_addresses
from .framing import HOST_LIMITS, HEADER, FrameError, check_length, decode_payload, encode
from .seats import LocalSeat, Slot, check_spec, hash_token, new_token

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
        self.watch = False
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
    """A LAN table: TCP server, zeroconf advert, seats, bots, autosave.

    Seats are given as specs (``host``, ``host:NAME``, ``open``, ``bot``,
    ``bot:TANA``).  The match starts as soon as no seat is open.  Thread-safe
    API: ``start``, ``stop``, ``local``, ``set_seat``, ``fill_open_with_bots``,
    ``table_info``, and the ``notices`` queue (joined, left, standin, back,
    match_over, advertised, advert_failed, save_failed).
    """

    def __init__(self, table, game=None, options=None, seats=None, *, host_name="Host",
                 bind="", port=P.DEFAULT_PORT, interfaces=None, advertise=True,
                 save_path=None, resume=None, seed=None, grace=20.0, bot_delay=0.0,
                 deal_pause=0.0, idle_timeout=15.0, hello_timeout=10.0, rate=400.0,
                 burst=400, max_conns=32, bot_budget=None, wake=None):
        self.table = P.clean_name(table, "Manfee table")
        self.bind = bind
        self.port = port
        self.interfaces = interfaces
        self.advertise = advertise
        self.save_path = save_path or resume
        self.grace = grace
        self.bot_delay = bot_delay
        self.deal_pause = deal_pause
        self.idle_timeout = idle_timeout
        self.hello_timeout = hello_timeout
        self.rate = rate
        self.burst = burst
        self.max_conns = max_conns
        self.bot_budget = bot_budget
        self.wake = wake
        self.host_id = uuid.uuid4().hex[:12]
        self.notices = queue.Queue()
        self.rng = random.Random(seed)
        self.save_error = None
        saved = None
        if resume:
            record, _match = load_record(resume)      # RulesError names the file
            self.mh = MatchHost.from_record(record, seed=self.rng.randrange(1 << 62))
            saved = record.get("lan") if isinstance(record.get("lan"), dict) else {}
            self.table = P.clean_name(table or saved.get("table"), "Manfee table")
        else:
            self.mh = MatchHost.new(game, options, None, seed=self.rng.randrange(1 << 62))
        g = self.mh.game
        self.slots = self._make_slots(seats, saved, host_name)
        self._locals = {}
        for slot in self.slots.values():
            if slot.kind == "host":
                slot.local = self._locals[slot.seat] = LocalSeat(self, slot.seat, wake)
        self.started = bool(self.mh.match.records)
        self.resumed = resume is not None
        self.conns = set()
        self._loop = None
        self._thread = None
        self._server = None
        self._ready = threading.Event()
        self._start_error = None
        self._stop_reason = None
        self._stopped = None
        self._deal_timer = None
        self._thinking = {}
        self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="manfee-bot")
        self._saver = None
        self._advert = None
        self._over_noticed = self.mh.match.finished
        self._info = None
        self.seats = tuple(g.seats)

    # -- building ----------------------------------------------------------------------
    def _make_slots(self, seats, saved, host_name):
        g = self.mh.game
        slots = {}
        saved_seats = (saved or {}).get("seats") if saved else None
        for seat in g.seats:
            if seats and seat in seats:
                spec = check_spec(seats[seat])
                kind, _sep, arg = spec.partition(":")
                if kind == "host":
                    slots[seat] = Slot(seat, "host", P.clean_name(arg or host_name, "Host"))
                elif kind == "bot":
                    character = arg or self.rng.choice(["KADO", "POCHAQ", "PUCHOQ", "SADA", "TANA"])
                    if character == "RANDOM":
                        character = "RANDOM"
                    slots[seat] = Slot(seat, "bot", character.title(), bot=character)
                else:
                    slots[seat] = Slot(seat, "open")
            elif isinstance(saved_seats, dict) and isinstance(saved_seats.get(seat), dict):
                slots[seat] = self._slot_from_save(seat, saved_seats[seat])
            else:
                slots[seat] = Slot(seat, "host", P.clean_name(host_name, "Host")) if not seats and \
                    seat == g.seats[0] and saved is None else Slot(seat, "open")
        return slots

    def _slot_from_save(self, seat, s):
        kind = s.get("kind")
        name = P.clean_name(s.get("name") if isinstance(s.get("name"), str) else "", seat.title())
        if kind == "host":
            return Slot(seat, "host", name)
        if kind == "bot":
            try:
                spec = check_spec(f"bot:{s.get('bot') or ''}")
            except ValueError:
                spec = "bot:KADO"
            character = spec.partition(":")[2] or "KADO"
            return Slot(seat, "bot", name, bot=character)
        if kind == "human" and isinstance(s.get("token_sha256"), str):
            slot = Slot(seat, "human", name, bot=s.get("bot") if isinstance(s.get("bot"), str) else None)
            slot.token_hash = s["token_sha256"]
            return slot
        return Slot(seat, "open")

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
        self.call(self._set_seat, seat, check_spec(spec))

    def fill_open_with_bots(self, character=None):
        """Give every open seat to a bot (so the match can start without friends)."""
        for seat, slot in list(self.slots.items()):
            if slot.kind == "open":
                self.set_seat(seat, f"bot:{character}" if character else "bot")

    def table_info(self):
        """The latest ``table`` message (a dict; safe to read from any thread)."""
        return self._info

    def stop(self, reason="the host closed the table", wait=True):
        """Tell every peer ``reason`` (bye), close, unregister the advert."""
        self.call(self._begin_stop, reason)
        if wait and self._thread is not None:
            self._thread.join(timeout=5)

    def wait(self, timeout=None):
        """Block until the server has stopped."""
        if self._thread is not None:
            self._thread.join(timeout)

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
            if self._saver is not None:
                self._saver.close()
            loop.close()

    async def _main(self):
        self._stopped = asyncio.Event()
        self._server = await asyncio.start_server(self._serve, host=self.bind or None, port=self.port)
        self.port = self._server.sockets[0].getsockname()[1]
        self._saver = Saver(self.save_path, self._notice) if self.save_path else None
        self._refresh_info()
        self._ready.set()
        self._notice("listening", port=self.port)
        if self.advertise:
            self._advert = Advertiser(self.table, self.port, self._advert_props(), self.interfaces,
                                      on_event=lambda kind, info: self._notice(kind, **info))
            self._advert.start()
        for slot in self.slots.values():
            if slot.kind == "human" and slot.conn is None:
                self._away(slot)           # resumed: wait for its token, then a stand-in
            elif slot.local is not None:
                self._welcome_local(slot)
        watchdog = asyncio.ensure_future(self._watchdog())
        self._advance()
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
        for ls in self._locals.values():
            ls.send({"type": "bye", "reason": reason, "table_closed": True})
        if self._saver is not None:
            self._saver.put(self._record())
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
            self._lost(conn)

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
            conn.watch = True
            conn.name = P.clean_name(f["name"], "Player")
            conn.send(self._info)
            return
        if kind == "hello":
            conn.send(self._info)
        elif kind == "join":
            self._join(conn, f)
        elif kind == "action":
            if conn.slot is None:
                raise P.ProtocolError("not_seated", "join a seat before acting")
            if f["seat"] is not None and f["seat"] != conn.slot.seat:
                raise P.ProtocolError("not_your_seat", f"this connection plays {conn.slot.seat}, "
                                                       f"not {f['seat']}")
            self._submit(conn.slot, conn, f["action"], f["version"])
        elif kind == "sync":
            if conn.slot is None:
                conn.send(self._info)
            else:
                conn.send({"type": "events", "events": [], "view": self.mh.view(conn.slot.seat)})
        elif kind == "bye":
            slot = conn.slot
            conn.close()
            if slot is not None:
                self._detach(conn, immediate=True)

    def _join(self, conn, f):
        if conn.slot is not None:
            raise P.ProtocolError("already_seated", f"this connection already plays {conn.slot.seat}")
        seat, token = f["seat"], f["token"]
        if f["name"]:
            conn.name = P.clean_name(f["name"], conn.name or "Player")
        if token is not None:
            h = hash_token(token)
            slot = next((s for s in self.slots.values()
                         if s.token_hash and hmac.compare_digest(s.token_hash, h)), None)
            if slot is None or (seat is not None and slot.seat != seat):
                raise P.ProtocolError("bad_token", "that token opens no seat at this table"
                                      if seat is None else f"that token does not open {seat}")
            self._attach(slot, conn, token, rejoin=True)
            return
        if seat is None:
            free = [s for s in self.seats if self.slots[s].kind == "open"]
            if not free:
                raise P.ProtocolError("table_full", "no seat is free at this table")
            seat = free[0]
        if seat not in self.slots:
            raise P.ProtocolError("no_such_seat", f"{seat!r} is not a seat of {self.mh.game.name} "
                                                  f"({', '.join(self.seats)})")
        slot = self.slots[seat]
        if slot.kind != "open":
            who = slot.name or slot.kind
            raise P.ProtocolError("seat_taken", f"{seat} belongs to {who}"
                                  + (" (rejoin with its token)" if slot.kind == "human" else ""))
        slot.kind = "human"
        slot.name = conn.name or "Player"
        token = new_token()
        slot.token_hash = hash_token(token)
        self._attach(slot, conn, token, rejoin=False)

    def _attach(self, slot, conn, token, rejoin):
        old = slot.conn
        if old is not None and old is not conn:
            old.slot = None
            old.close(bye="this seat was taken back by a new connection with its token",
                      table_closed=False)
        if slot.grace is not None:
            slot.grace.cancel()
            slot.grace = None
        was_standin = slot.standin
        slot.standin = False
        slot.conn = conn
        if conn.name and rejoin:
            slot.name = conn.name
        conn.slot = slot
        conn.watch = False
        conn.send({"type": "welcome", "seat": slot.seat, "token": token, "table": self.table,
                   "view": self.mh.view(slot.seat), "players": self._players(),
                   "rejoin": rejoin})
        self._notice("back" if rejoin else "joined", seat=slot.seat, name=slot.name,
                     standin_ended=was_standin)
        self._seats_changed()
        self._advance()

    def _lost(self, conn):
        if conn.slot is not None:
            self._detach(conn, immediate=False)

    def _detach(self, conn, immediate):
        slot = conn.slot
        conn.slot = None
        if slot is None or slot.conn is not conn:
            return
        slot.conn = None
        self._notice("left", seat=slot.seat, name=slot.name)
        if self._stop_reason is None:
            self._away(slot, 0.0 if immediate else None)

    def _away(self, slot, grace=None):
        """A human's seat without its connection: a bot stands in after the grace period."""
        grace = self.grace if grace is None else grace
        if slot.grace is not None:
            slot.grace.cancel()
        if grace <= 0:
            slot.grace = None
            self._standin(slot)
        else:
            slot.grace = self._loop.call_later(grace, self._standin, slot)
            self._seats_changed()

    def _standin(self, slot):
        slot.grace = None
        if slot.conn is not None or slot.kind != "human" or self.mh.match.finished:
            return
        slot.standin = True
        if not slot.bot_name:
            slot.bot_name = "TANA"
        self._notice("standin", seat=slot.seat, name=slot.name, bot=slot.bot_name)
        self._seats_changed()
        self._advance()

    def _set_seat(self, seat, spec):
        slot = self.slots.get(seat)
        if slot is None or slot.kind not in ("open", "bot"):
            self._notice("error", reason=f"{seat} is not free to change")
            return
        kind, _sep, arg = spec.partition(":")
        if kind == "bot":
            character = arg or self.rng.choice(["KADO", "POCHAQ", "PUCHOQ", "SADA", "TANA"])
            self.slots[seat] = Slot(seat, "bot", character.title(), bot=character)
        elif kind == "open":
            self.slots[seat] = Slot(seat, "open")
        else:
            self._notice("error", reason="the host's seats are fixed when the table opens")
            return
        self._seats_changed()
        self._advance()

    # -- acting --------------------------------------------------------------------------
    def local_action(self, seat, action, version):
        slot = self.slots[seat]
        self._submit(slot, slot.local, action, version)

    def local_sync(self, seat):
        self.slots[seat].local.send({"type": "events", "events": [], "view": self.mh.view(seat)})

    def _submit(self, slot, endpoint, action, version):
        """Check an intent from a person (remote or local) in the fixed order, then apply it."""
        m = self.mh
        seat = slot.seat

        def refuse(code, reason):
            endpoint.send(P.error(code, reason, view=m.view(seat)))

        if slot.bot_plays:
            return refuse("not_your_turn", "a bot is playing this seat")
        if m.match.finished:
            return refuse("match_over", "the match is over")
        if not m.match.in_deal:
            return refuse("no_deal", "no deal is in progress")
        peek = set(action) == {"peek"}            # the one action taken out of turn
        if m.whose_turn() != seat and not peek:
            return refuse("not_your_turn", f"it is {m.whose_turn()}'s turn, not {seat}'s")
        if version != m.version:
            return refuse("stale", f"stale action: it answers state {version}, the table is at {m.version}")
        try:
            events = m.submit(seat, action, version)
        except RulesError as e:
            return refuse("illegal", str(e))
        except Exception as e:          # the rules choked on a strange object: still just a refusal
            log.exception("rules failed on %r", action)
            return refuse("illegal", f"not an action ({type(e).__name__})")
        self._changed(events)

    def _changed(self, events):
        """After every change: each seat its view and the events; autosave; next turn."""
        m = self.mh
        over = m.match.finished and not self._over_noticed
        if over:
            self._over_noticed = True
            self._refresh_info()
        for slot in self.slots.values():
            ep = slot.endpoint
            if ep is not None:
                ep.send({"type": "events", "events": events, "view": m.view(slot.seat)})
        if self._saver is not None:
            self._saver.put(self._record())
        if over:
            end = next((e for e in events if e.get("type") == "match_over"), {})
            self._notice("match_over", winner=m.match.winner, totals=end.get("totals"))
            self._seats_changed()
        self._advance()

    def _advance(self):
        """Start the next deal, or ask the bot whose turn it is."""
        m = self.mh
        if self._stop_reason is not None or m.match.finished:
            return
        if any(s.kind == "open" for s in self.slots.values()):
            return                    # waiting for players
        if m.needs_deal():
            if self._deal_timer is None:
                delay = self.deal_pause if m.match.records else 0.0
                self._deal_timer = self._loop.call_later(delay, self._deal)
            return
        seat = m.whose_turn()
        slot = self.slots.get(seat)
        if slot is not None and slot.bot_plays:
            self._ask_bot(slot)

    def _deal(self):
        self._deal_timer = None
        if self._stop_reason is not None or not self.mh.needs_deal() or \
                any(s.kind == "open" for s in self.slots.values()):
            return
        first = not self.started
        self.started = True
        events = self.mh.start_deal()
        if first:
            self._seats_changed()
        self._changed(events)

    def _ask_bot(self, slot):
        m = self.mh
        view = m.view(slot.seat)
        version = view["version"]
        if self._thinking.get(slot.seat) == version:
            return
        self._thinking[slot.seat] = version
        bot = slot.bot(self.rng.randrange(1 << 30), self.bot_budget)
        t0 = time.monotonic()
        fut = self._loop.run_in_executor(self._pool, bot.choose, view)
        fut.add_done_callback(lambda f: self._bot_answered(slot, view, f, t0))

    def _bot_answered(self, slot, view, fut, t0):
        version = view["version"]
        if self._thinking.get(slot.seat) == version:
            del self._thinking[slot.seat]
        if fut.cancelled() or self._stop_reason is not None:
            return
        try:
            action = fut.result()
        except Exception as e:             # a bot bug must not stall the table
            log.warning("bot for %s failed: %s", slot.seat, e)
            action = dict(view["legal"][0]) if view.get("legal") else None
        wait = self.bot_delay - (time.monotonic() - t0)
        if wait > 0:
            self._loop.call_later(wait, self._bot_play, slot, view, action)
        else:
            self._bot_play(slot, view, action)

    def _bot_play(self, slot, view, action):
        m = self.mh
        if action is None or self._stop_reason is not None or m.version != view["version"] \
                or self.slots.get(slot.seat) is not slot or not slot.bot_plays:
            self._advance()           # the table moved on (someone came back): ask again if needed
            return
        try:
            events = m.submit(slot.seat, action, view["version"])
        except RulesError:
            try:
                events = m.submit(slot.seat, dict(view["legal"][0]), view["version"])
            except (RulesError, IndexError, KeyError):
                log.error("bot for %s has no playable action", slot.seat)
                return
        self._changed(events)

    # -- what peers see about the table --------------------------------------------------
    def _players(self):
        return {seat: slot.public() for seat, slot in self.slots.items()}

    def _state(self):
        m = self.mh.match
        return "over" if m.finished else "playing" if self.started else "waiting"

    def _refresh_info(self):
        g = self.mh.game
        self._info = {"type": "table", "protocol": P.PROTOCOL_VERSION, "table": self.table,
                      "game": g.name, "title": g.title, "options": dict(self.mh.match.options),
                      "seats": list(g.seats), "players": self._players(),
                      "free": [s for s in g.seats if self.slots[s].kind == "open"],
                      "state": self._state(), "host_id": self.host_id}

    def _advert_props(self):
        info = self._info
        return {"proto": P.PROTOCOL_VERSION, "table": self.table, "game": info["game"],
                "free": len(info["free"]), "open": ",".join(info["free"]),
                "seats": len(info["seats"]), "state": info["state"], "id": self.host_id}

    def _seats_changed(self):
        self._refresh_info()
        players = {"type": "players", "players": self._info["players"]}
        for slot in self.slots.values():
            ep = slot.endpoint
            if ep is not None:
                ep.send(players)
        for conn in self.conns:
            if conn.watch and not conn.closed:
                conn.send(self._info)
        if self._advert is not None:
            self._advert.update(self._advert_props())
        if self._saver is not None and self.started:
            self._saver.put(self._record())

    def _welcome_local(self, slot):
        slot.local.send({"type": "welcome", "seat": slot.seat, "token": None, "table": self.table,
                         "view": self.mh.view(slot.seat), "players": self._players(),
                         "rejoin": self.resumed})

    def _record(self):
        rec = self.mh.record()
        rec["players"] = {s: {k: v for k, v in slot.public().items() if k in ("kind", "name", "bot")}
                          for s, slot in self.slots.items()}
        rec["lan"] = {"protocol": P.PROTOCOL_VERSION, "table": self.table,
                      "seats": {s: slot.saved() for s, slot in self.slots.items()}}
        return rec

    def _notice(self, kind, **info):
        info["type"] = kind
        self.notices.put(info)
        if self.wake:
            try:
                self.wake()
            except Exception:
                pass


class Saver:
    """Writes the latest record on its own thread, so an fsync never delays a view.

    Records arrive after every change; when several queue up only the newest is
    written (each is complete).  ``close()`` writes what is pending and stops.
    """

    def __init__(self, path, notice):
        self.path = path
        self.notice = notice
        self._cond = threading.Condition()
        self._pending = None
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="manfee-save", daemon=True)
        self._thread.start()

    def put(self, record):
        with self._cond:
            self._pending = record
            self._cond.notify()

    def close(self):
        with self._cond:
            self._closing = True
            self._cond.notify()
        self._thread.join(timeout=5)

    def _run(self):
        failed = False
        while True:
            with self._cond:
                while self._pending is None and not self._closing:
                    self._cond.wait()
                record, self._pending = self._pending, None
                closing = self._closing
            if record is not None:
                try:
                    save_record(self.path, record)
                    failed = False
                except OSError as e:
                    if not failed:
                        self.notice("save_failed", reason=f"autosave failed: {e.strerror or e}")
                    failed = True
            if closing and self._pending is None:
                return
