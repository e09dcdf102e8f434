"""One peer's TCP connection at the host, and how it ends.

A connection ends in one of two ways, and neither may leave a socket behind:

  close()  the polite end (a bye, a fatal error): what is queued is handed to
           the kernel and the socket closed; if the peer is not reading and
           bytes are still queued after ``linger`` seconds, the socket is
           aborted.  (``StreamWriter.close()`` alone waits for ever on a peer
           that never reads, which is how write-only peers used to keep their
           sockets and buffers after leaving the connection count.)
  abort()  at once, dropping whatever is queued: a peer past the output cap,
           or evicted from a full lobby.

The host counts a connection until its socket is really gone (asyncio's
``connection_lost``), not merely until it decided to close it.
"""
from __future__ import annotations

import asyncio
import logging
import socket
import time
from collections import Counter
from typing import Any, Protocol

from host.endpoint import Endpoint

from . import protocol as P
from .framing import encode
from .limits import LINGER, MAX_OUTBUF, Bucket, Budgets, LogLimiter, address_key

__all__ = ["Conn", "ConnOwner", "LINGER", "MAX_OUTBUF", "SEND_BUFFER"]

log = logging.getLogger("manfee.net")

SEND_BUFFER = 64 * 1024     # the kernel's share per socket (Linux doubles it); views are ~2 KB


class ConnOwner(Protocol):
    """What a connection reads of whoever keeps it (the host's ``Gate``)."""
    budgets: Budgets
    counts: Counter[str]
    logs: LogLimiter


class Conn(Endpoint):
    """One peer's TCP connection (host loop thread only): an endpoint of the table
    host, never trusted (it sees what its seat may see, or a spectator's view).

    ``address`` is what per-address limits count; ``slot`` the seat it plays, or
    ``"spectator"`` while it watches (both set by the table host: such a
    connection counts as seated, not in the lobby); ``hello`` once it said hello.
    """

    kind = "connection"

    def __init__(self, owner: ConnOwner, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        super().__init__(None, trusted=False, gate=False)
        self.owner = owner
        self.budgets = owner.budgets
        self.reader = reader
        self.writer = writer
        self.transport = writer.transport
        peer = writer.get_extra_info("peername") or ("?", 0)
        self.peer = f"{peer[0]}:{peer[1]}"
        self.peer_ip = str(peer[0]).removeprefix("::ffff:")     # one computer (an IPv4 one seen over IPv6 too)
        self.address = address_key(str(peer[0]))
        self.hello = False
        self.closed = False
        self.evicted = False
        self.gone = False           # the socket is closed for good (connection_lost)
        self.draining = False       # said its last word: what still comes is read and dropped
        now = time.monotonic()
        self.opened = now
        self.last_seen = now
        # The lobby's rate until the connection holds a seat, then the players' rate:
        # a lobby screen needs a ping every half second, so a crowd in the lobby
        # cannot take the host's time from the table.
        self.bucket = Bucket(self.budgets.lobby_rate, self.budgets.lobby_burst, now)
        self.seated_bucket: Bucket | None = None
        self.strikes = 0            # messages refused since the bucket was last full
        self.stalled_since: float | None = None
        self._linger: asyncio.TimerHandle | None = None
        sock = writer.get_extra_info("socket")
        if sock is not None:
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
                # Small messages at once (asyncio sets this only on sockets it made itself):
                # without it a view waits for the peer's delayed ACK, 40 ms on Linux.
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:
                pass

    @property
    def slot(self) -> str | None:
        """The seat this connection plays, "spectator" while it watches, else None."""
        if self.plays:
            return self.plays[0]
        return "spectator" if self.spectator else None

    def deliver(self, msg: dict) -> None:
        """A message of the table host for this peer: one seat, one ``view`` on the wire."""
        if "views" in msg:
            msg = {k: v for k, v in msg.items() if k != "views"}
        self.send(msg)

    def send(self, msg: dict) -> None:
        if self.closed:
            return
        t = self.transport
        if t.is_closing():
            self.closed = True
            return
        try:
            data = encode(msg)
        except Exception as e:          # an unencodable message is a host bug: this peer pays
            self.owner.logs("encode", logging.ERROR, "cannot encode %r for %s: %s",
                             msg.get("type"), self.peer, e)
            self.close()
            return
        t.write(data)
        if t.get_write_buffer_size() > self.budgets.max_outbuf:
            self.owner.counts["cut_off_output"] += 1
            self.abort()                # it stopped reading: nothing more will reach it anyway

    def fail(self, code: str, reason: str, **extra: Any) -> None:
        """Tell the peer what went wrong; close the connection if ``code`` is fatal."""
        self.send(P.error(code, reason, **extra))
        if code in P.FATAL:
            self.close()

    def close(self, bye: str | None = None, table_closed: bool = True) -> None:
        """The polite end (see the module's text): flush, or abort after ``linger``."""
        if self.closed:
            return
        if bye is not None:
            self.send({"type": "bye", "reason": bye, "table_closed": table_closed})
        self.closed = True
        t = self.transport
        if t.is_closing():
            return
        pending = t.get_write_buffer_size()
        t.close()
        if pending:
            loop = asyncio.get_running_loop()
            self._linger = loop.call_later(self.budgets.linger, t.abort)

    def abort(self) -> None:
        """End at once: the socket closes, queued bytes are dropped."""
        self.closed = True
        if self._linger is not None:
            self._linger.cancel()
        self.transport.abort()

    def evict(self, reason: str, count: str = "evicted") -> None:
        """Make room for a newcomer: ``busy`` with ``reason``, then the end."""
        self.evicted = True
        self.owner.counts[count] += 1
        if not self.say_last(P.error("busy", reason)):
            self.abort()

    def say_last(self, msg: dict) -> bool:
        """``msg`` as the last word, then the end; False (nothing sent) if it cannot be.

        The message is followed by a half-close (FIN) rather than a plain close, which
        would turn into a reset, losing the message, whenever the peer's last bytes are
        still unread; the host reads and drops what still comes (``draining``) and the
        socket is aborted soon after anyway.
        """
        t = self.transport
        if t.get_write_buffer_size() or t.is_closing() or not t.can_write_eof():
            return False
        self.send(msg)
        self.closed = True
        if t.is_closing():
            return True
        try:
            t.write_eof()
        except OSError:         # the peer is already gone (a reset): nothing to tell
            t.abort()
            return True
        self.draining = True
        loop = asyncio.get_running_loop()
        self._linger = loop.call_later(min(self.budgets.linger, 0.5), t.abort)
        return True

    def allow(self, now: float) -> bool:
        """Token bucket: False when the peer sends faster than the host's rate.

        ``strikes`` counts refusals until the bucket has been full again (the
        peer kept under the rate for a whole burst's worth of time), so a steady
        flood that the refills keep half-served still adds up to a disconnection.
        """
        bucket = self.current_bucket(now)
        if self.strikes and bucket.full(now):
            self.strikes = 0
        if bucket.take(now):
            return True
        self.strikes += 1
        return False

    def current_bucket(self, now: float) -> Bucket:
        if self.slot is None:
            return self.bucket
        if self.seated_bucket is None:
            self.seated_bucket = Bucket(self.budgets.rate, self.budgets.burst, now)
            self.strikes = 0
        return self.seated_bucket

    @property
    def flooding(self) -> bool:
        """More refusals since the bucket was last full than the bucket holds."""
        bucket = self.seated_bucket if self.slot is not None and self.seated_bucket else self.bucket
        return self.strikes > bucket.burst

    def watch_output(self, now: float) -> bool:
        """True if bytes have sat unsent for longer than the server's write timeout."""
        if self.transport.get_write_buffer_size() == 0:
            self.stalled_since = None
            return False
        if self.stalled_since is None:
            self.stalled_since = now
        if now - self.stalled_since > self.budgets.write_timeout:
            self.owner.counts["cut_off_stalled"] += 1
            return True
        return False
