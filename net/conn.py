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
from typing import TYPE_CHECKING, Any

from . import protocol as P
from .framing import encode
from .limits import Bucket, address_key

if TYPE_CHECKING:
    from .host import HostServer
    from .seats import Slot

log = logging.getLogger("manfee.net")

MAX_OUTBUF = 256 * 1024     # bytes queued in the host for one peer: past this it is not reading
SEND_BUFFER = 64 * 1024     # the kernel's share per socket (Linux doubles it); views are ~2 KB
LINGER = 2.0                # seconds a closing socket may take to flush before it is aborted


class Conn:
    """One peer's TCP connection (host loop thread only).

    ``address`` is what per-address limits count; ``slot`` the seat it holds
    (set by the match at join); ``hello`` once it said hello.
    """

    def __init__(self, server: HostServer, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        self.server = server
        self.reader = reader
        self.writer = writer
        self.transport = writer.transport
        peer = writer.get_extra_info("peername") or ("?", 0)
        self.peer = f"{peer[0]}:{peer[1]}"
        self.address = address_key(str(peer[0]))
        self.name: str | None = None
        self.hello = False
        self.slot: Slot | None = None
        self.closed = False
        self.evicted = False
        self.gone = False           # the socket is closed for good (connection_lost)
        now = time.monotonic()
        self.opened = now
        self.last_seen = now
        self.bucket = Bucket(server.rate, server.burst, now)
        self.strikes = 0            # messages refused since the bucket was last full
        self.stalled_since: float | None = None
        self._linger: asyncio.TimerHandle | None = None
        sock = writer.get_extra_info("socket")
        if sock is not None:
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
            except OSError:
                pass

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
            self.server.logs("encode", logging.ERROR, "cannot encode %r for %s: %s",
                             msg.get("type"), self.peer, e)
            self.close()
            return
        t.write(data)
        if t.get_write_buffer_size() > self.server.max_outbuf:
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
            self._linger = loop.call_later(self.server.linger, t.abort)

    def abort(self) -> None:
        """End at once: the socket closes, queued bytes are dropped."""
        self.closed = True
        if self._linger is not None:
            self._linger.cancel()
        self.transport.abort()

    def evict(self, reason: str) -> None:
        """Make room for a newcomer: ``busy`` (if it can still be written at once), then abort."""
        self.evicted = True
        if self.transport.get_write_buffer_size() == 0:
            self.send(P.error("busy", reason))
        self.abort()

    def allow(self, now: float) -> bool:
        """Token bucket: False when the peer sends faster than the host's rate.

        ``strikes`` counts refusals until the bucket has been full again (the
        peer kept under the rate for a whole burst's worth of time), so a steady
        flood that the refills keep half-served still adds up to a disconnection.
        """
        if self.strikes and self.bucket.full(now):
            self.strikes = 0
        if self.bucket.take(now):
            return True
        self.strikes += 1
        return False

    def watch_output(self, now: float) -> bool:
        """True if bytes have sat unsent for longer than the server's write timeout."""
        if self.transport.get_write_buffer_size() == 0:
            self.stalled_since = None
            return False
        if self.stalled_since is None:
            self.stalled_since = now
        return now - self.stalled_since > self.server.write_timeout
