"""The host's door: accepting sockets, making room, reading frames, and ending
connections that break the budgets.

``Gate`` lives on the host's loop.  It accepts one socket at a time and never
holds more than ``budgets.max_conns`` (closing ones included); it makes room in
a full lobby at the expense of those who have waited longest (``limits.
choose_victim``); it cuts frames, applies the rate and decodes; and its
watchdog closes silent peers and aborts peers that stopped reading.  What a
message means is not its business: every decoded message goes to ``handle``
(the ``HostServer``), and a seated connection that ends goes to ``leave``
(the match).
"""
from __future__ import annotations

import asyncio
import logging
import socket
import time
from collections import Counter
from typing import Callable

from . import protocol as P
from .conn import Conn
from .framing import HEADER, HOST_LIMITS, FrameError, check_length, decode_payload
from .limits import Budgets, LogLimiter, choose_victim, displace_budget

__all__ = ["Gate"]


class Gate:
    """Every connection of one host (see the module's text).

    ``counts`` tells what the budgets did: evicted, refused (a full lobby),
    cut_off_output, cut_off_stalled, rate_limited, flood_closed, timeout (and
    the host adds bad_code).  ``closing_reason``: set when the table closes,
    so newcomers get ``busy`` with it.
    """

    def __init__(self, budgets: Budgets, logs: LogLimiter, handle: Callable[[Conn, dict], None],
                 leave: Callable[[Conn], None]) -> None:
        self.budgets = budgets
        self.logs = logs
        self.counts: Counter[str] = Counter()
        self.conns: set[Conn] = set()      # every socket not yet gone, closing ones included
        self.closing_reason: str | None = None
        self._handle = handle
        self._leave = leave
        self._accepting = 0                # sockets accepted, not yet a Conn
        self._displace = displace_budget()

    # -- counting ----------------------------------------------------------------------
    def lobby(self) -> list[Conn]:
        """Live connections without a seat (newcomers and lobby watchers)."""
        return [c for c in self.conns if not c.closed and c.slot is None]

    def stats(self) -> dict:
        lobby = self.lobby()
        per: Counter[str] = Counter(c.address for c in lobby)
        return {"seated": sum(1 for c in self.conns if not c.closed and c.slot is not None),
                "lobby": len(lobby), "closing": sum(1 for c in self.conns if c.closed),
                "per_address": max(per.values(), default=0)}

    def close_all(self, reason: str) -> None:
        for conn in list(self.conns):
            conn.close(bye=reason)

    def abort_all(self) -> None:
        for conn in list(self.conns):
            conn.abort()

    # -- the door ----------------------------------------------------------------------
    async def accept(self, listener: socket.socket) -> None:
        """Accept one connection at a time, never past ``max_conns`` sockets.

        asyncio's own server accepts up to a hundred sockets in one go before
        any of them is looked at, and pauses a whole second after an accept()
        that ran out of files; this loop keeps the count exact and retries soon.
        """
        loop = asyncio.get_running_loop()
        while True:
            try:
                if len(self.conns) + self._accepting >= self.budgets.max_conns:
                    self._shed()
                    await asyncio.sleep(0.005)      # the aborted sockets close in between
                sock, _addr = await loop.sock_accept(listener)
            except OSError as e:                    # out of files (the autosave, zeroconf...)
                self.logs("accept", logging.WARNING, "cannot accept a connection: %s", e)
                await asyncio.sleep(0.05)
                continue
            except Exception:                       # a bug here must not shut the table's door
                self.logs("accept", logging.ERROR, "accepting failed", exc_info=True)
                await asyncio.sleep(0.05)
                continue
            self._accepting += 1
            loop.create_task(self._open(sock))

    def _shed(self) -> None:
        """At the socket cap: abort closing sockets (they are leaving anyway); if every
        socket is live, the longest-waiting lobby connection of the busiest address."""
        closing = [c for c in self.conns if c.closed]
        for c in closing:
            c.abort()
        if not closing:
            victim, _why = choose_victim(self.lobby(), "", 0, self.budgets.max_per_address)
            if isinstance(victim, Conn):
                victim.evict("the host has no room for more connections")

    def _make_room(self, newcomer: Conn) -> None:
        """Room in the lobby for ``newcomer``, at someone else's expense if need be:
        a newcomer is never turned away for a crowd (it may be a player, or a token
        holder on the way back to a seat), unless its own address keeps pushing
        others out."""
        b = self.budgets
        while True:
            others = [c for c in self.lobby() if c is not newcomer]
            victim, why = choose_victim(others, newcomer.address, b.max_lobby, b.max_per_address)
            if victim is None:
                return
            assert isinstance(victim, Conn)
            if victim.address != newcomer.address and self._displace.attempt(newcomer.address):
                # This address keeps pushing others out: it waits its turn instead.
                newcomer.evict("the lobby is full: try again in a moment", count="refused")
                return
            try:
                victim.evict(why)
            except Exception:         # the victim's trouble must not become the newcomer's
                self.logs("evict", logging.ERROR, "evicting %s failed", victim.peer, exc_info=True)
                victim.abort()

    async def _open(self, sock: socket.socket) -> None:
        try:
            reader, writer = await asyncio.open_connection(sock=sock, limit=1 << 16)
        except OSError:
            sock.close()
            return
        finally:
            self._accepting -= 1
        await self._serve(reader, writer)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Conn(self, reader, writer)
        self.conns.add(conn)                # counted until its socket is gone
        try:
            if self.closing_reason is not None:
                conn.fail("busy", "the table is closing")
                return
            self._make_room(conn)
            await self._read(conn, reader)
        except (asyncio.IncompleteReadError, ConnectionError, OSError, asyncio.CancelledError):
            pass
        finally:
            conn.close()                    # polite if it can be; aborted after the linger
            if not conn.transport.is_closing():
                conn.transport.close()      # evicted: the peer has read its reason and gone
            if conn.slot is not None:
                self._leave(conn)
            try:
                await writer.wait_closed()
            except BaseException:           # reset by the peer, or the loop shutting down
                pass
            conn.gone = True
            self.conns.discard(conn)

    async def _read(self, conn: Conn, reader: asyncio.StreamReader) -> None:
        """Frames, in the documented order of checks: length, rate, decoding, handling."""
        while not conn.closed:
            header = await reader.readexactly(4)
            if conn.closed:         # evicted meanwhile: nothing more is handled
                break
            (length,) = HEADER.unpack(header)
            try:
                check_length(length, HOST_LIMITS)
            except FrameError as e:
                conn.fail(e.code, e.reason)
                return
            payload = await reader.readexactly(length)
            now = time.monotonic()
            conn.last_seen = now
            if not conn.allow(now):
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
                self.logs("handler", logging.ERROR, "handling %r from %s", msg.get("type"), conn.peer,
                          exc_info=True)
                conn.fail("bad_message", "the host could not handle that message")
        while conn.draining and await reader.read(1 << 16):
            pass                    # until the peer's end, or the abort after the linger

    def _flooded(self, conn: Conn) -> None:
        """Every dropped message is answered (so no intent vanishes unnoticed); a peer
        refused a burst's worth of times since its bucket was last full is cut off."""
        self.counts["rate_limited"] += 1
        if conn.flooding:
            self.counts["flood_closed"] += 1
            last = P.error("rate_limited", "flooding: the connection is closed")
            if not conn.say_last(last):        # the peer does not read: it may yet, politely
                conn.send(last)
                conn.close()
        else:
            rate = self.budgets.rate if conn.slot is not None else self.budgets.lobby_rate
            conn.send(P.error("rate_limited", f"more than {rate:g} messages a second: "
                                              "this one was dropped, send it again later"))

    async def watchdog(self) -> None:
        """Close silent peers (no hello in time, no message for too long) and cut off
        peers that stopped reading (bytes unsent for longer than the write timeout)."""
        b = self.budgets
        while True:
            await asyncio.sleep(0.1)
            now = time.monotonic()
            for conn in list(self.conns):
                if conn.closed:
                    continue
                if conn.watch_output(now):
                    conn.abort()
                elif not conn.hello and now - conn.opened > b.hello_timeout:
                    self.counts["timeout"] += 1
                    conn.fail("timeout", f"no hello within {b.hello_timeout:g} s")
                elif conn.hello and now - conn.last_seen > b.idle_timeout:
                    self.counts["timeout"] += 1
                    conn.fail("timeout", f"nothing heard for {b.idle_timeout:g} s")
