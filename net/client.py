"""A player's end of a LAN table: connect, join a seat, receive views, send intents.

The client decides nothing: it shows the views the host sends and sends the
player's intents; a move appears only once the host's view confirms it.

Everything arrives on ``inbox`` (a queue.Queue of dicts), in order:

  table        the table's name, game, options, seats and free seats (after connecting)
  welcome      {seat, token, view, players}: the seat is yours; keep the token to rejoin
  events       {events, view}: what happened (public) and your new view
  players      {players}: who sits where, connected or not, bots standing in
  error        {code, reason, view?}: a refusal; nothing changed at the table
  host_closed  {reason}: the host ended the table (go back to the menu)
  disconnected {reason}: the connection was lost; ``reconnect()`` takes the seat back

    c = Client("127.0.0.1", 47820, name="Bo", code="482913").start()
    msg = c.inbox.get(timeout=2)                  # {"type": "table", "free": ["left", ...]}
    c.join("left")                                # a private table: the code goes with it
    ... c.act({"play": "QH", "signal": "slam"})   # answers c.view
"""
from __future__ import annotations

import queue
import socket
import threading
import time
from typing import Callable, Iterable

from .framing import CLIENT_LIMITS, FrameBuffer, FrameError, decode_payload, encode
from .protocol import PROTOCOL_VERSION, DEFAULT_PORT, clean_name

# An error the host sent this recently before closing says why it closed (a flood, a wrong
# code); an older one was about something else (a refused card) and says nothing of the end.
CLOSING_ERROR_AGE = 2.0
# A connection the host never answered waits this long, not ``dead_after``: the host's
# kernel took it, so the host is frozen or busy (a laptop lid shut), and dialling again
# would only queue one more connection for it to take, each a "back", when it wakes.
UNANSWERED_AFTER = 30.0


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """("host", port) from "host:port", "host" or "[v6]:port"; ValueError if it is not one."""
    text = text.strip()
    if text.startswith("["):
        host, _sep, rest = text[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        host, port = text.split(":")
    else:
        host, port = text, ""
    if not host:
        raise ValueError(f"{text!r} names no host")
    if not all(c.isascii() and (c.isalnum() or c in ".-_:%") for c in host):
        # "hello there" was looked for (and not answered) as if it were a machine's name
        raise ValueError(f"{host!r} is not a machine's name or address")
    if port:
        if not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"{port!r} is not a port number")
        return host, int(port)
    return host, default_port


def looks_like_address(text: str) -> bool:
    try:
        host, _port = parse_address(text)
    except ValueError:
        return False
    return ":" in text or host.replace(".", "").isdigit() or host == "localhost"


class Client:
    """A connection to a host (see the module's text).  ``code``: the table's join
    code, sent with every ``join`` (a private table refuses a join without a
    token unless it carries the code; a token alone always takes its seat back).
    ``watching``: a spectator's connection, which asks to watch (behind that seat,
    or the host's choice for "") with its hello and again after a reconnect.
    ``summaries``: a screen that shows each deal's summary and sends ``ready`` once
    its player closed it; the host's next deal waits for it (for a while)."""

    def __init__(self, host: str, port: int, name: str = "Player", seat: str | None = None,
                 token: str | None = None, wake: Callable[[], None] | None = None,
                 ping_interval: float = 1.0, dead_after: float = 5.0, connect_timeout: float = 3.0,
                 unanswered_after: float = UNANSWERED_AFTER, auto_join: bool | None = None, code: str | None = None,
                 watching: str | None = None, summaries: bool = False) -> None:
        self.host = host
        self.summaries = summaries
        self.port = port
        # cut to the protocol's length here: a longer one was refused ("bad_field") at every
        # hello, and the client gave up 10 s later saying "no hello"
        self.name = clean_name(name, "Player")
        self.seat = seat
        self.token = token
        self.code = code
        self.wake = wake
        self.ping_interval = ping_interval
        self.dead_after = dead_after
        self.unanswered_after = max(dead_after, unanswered_after)
        self.connect_timeout = connect_timeout
        self.auto_join = auto_join if auto_join is not None else (seat is not None or token is not None)
        self.inbox: queue.Queue[dict] = queue.Queue()
        self.table: dict | None = None
        self.view: dict | None = None
        self.players: dict | None = None
        self.joined = False
        self.connected = False
        self.rtt: float | None = None     # seconds, from the last ping answered
        self.last_error: str | None = None
        self._error_at = 0.0
        self._sock: socket.socket | None = None
        self._send_lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closing = False
        self._gen = 0                 # which connection the reader thread serves
        self._join_sent = False
        # a spectator: watches behind this seat ("" for the host's choice) from the hello on
        self.watching: str | None = watching

    # -- the caller's thread -------------------------------------------------------------
    def start(self) -> Client:
        """Connect and say hello in the background (returns self at once)."""
        self._closing = False
        self._gen += 1
        self._thread = threading.Thread(target=self._run, args=(self._gen,), name="manfee-client",
                                        daemon=True)
        self._thread.start()
        return self

    @property
    def busy(self) -> bool:
        """True while a connection is being made or served."""
        return self._thread is not None and self._thread.is_alive()

    def reconnect(self) -> Client:
        """A new connection; with the token it takes the seat back (a new welcome)."""
        self._drop_socket()
        self.connected = False
        self.joined = False
        self.auto_join = self.token is not None or self.auto_join
        return self.start()

    def join(self, seat: str | None = None, name: str | None = None, code: str | None = None) -> bool:
        """Ask for ``seat`` (None: the first free one); answered by welcome or error.
        ``code``: the table's join code (kept for later joins and reconnects)."""
        if name:
            self.name = name
        if code is not None:
            self.code = code
        self.seat = seat
        return self.send(self._join_message())

    def watch(self, seat: str | None = None, code: str | None = None) -> bool:
        """Watch the table as a spectator (behind ``seat``): answered by a welcome with
        ``spectator: true``, then events with public views (no hand, ever)."""
        if code is not None:
            self.code = code
        self.watching = seat or ""
        return self.send(self._watch_message())

    def _watch_message(self) -> dict:
        msg: dict = {"type": "watch"}
        if self.watching:
            msg["seat"] = self.watching
        if self.code:
            msg["code"] = self.code
        return msg

    def hint(self) -> bool:
        """Ask the coach for this seat's decision (answered by a ``hint`` message)."""
        return self.send({"type": "hint"})

    def say(self, phrase: str) -> bool:
        """Say one of the table's set phrases to everyone (``host.endpoint.PHRASES``)."""
        return self.send({"type": "say", "phrase": phrase})

    def ready(self, version: int) -> bool:
        """The player closed the summary of the deal that ended at ``version``."""
        return self.send({"type": "ready", "version": version})

    def _join_message(self) -> dict:
        msg: dict = {"type": "join", "name": self.name}
        if self.summaries:
            msg["summaries"] = True
        if self.seat is not None:
            msg["seat"] = self.seat
        if self.token is not None:
            msg["token"] = self.token
        if self.code:
            msg["code"] = self.code
        return msg

    def act(self, action: dict) -> bool:
        """Send an intent answering the latest view; False if not connected."""
        version = self.view["version"] if self.view else -1
        return self.send({"type": "action", "action": dict(action), "version": version})

    def sync(self) -> bool:
        """Ask for a fresh view (answered by an events message with no events)."""
        return self.send({"type": "sync"})

    def close(self, reason: str = "left the table") -> None:
        """Leave: the host lets a bot play the seat (rejoin later with the token)."""
        self._closing = True
        self.send({"type": "bye", "reason": reason})
        self._drop_socket()

    def send(self, msg: dict) -> bool:
        sock = self._sock
        if sock is None:
            return False
        data = encode(msg)
        try:
            with self._send_lock:
                sock.sendall(data)
            return True
        except OSError:
            return False

    def next(self, timeout: float | None = None) -> dict | None:
        """The next message, or None after ``timeout`` seconds."""
        try:
            return self.inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    def wait_for(self, kinds: str | Iterable[str], timeout: float) -> dict | None:
        """Drop messages until one of type in ``kinds`` (or a final one); None on timeout."""
        if isinstance(kinds, str):
            kinds = (kinds,)
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            msg = self.next(left)
            if msg is not None and msg["type"] in kinds:
                return msg

    # -- the reader thread ---------------------------------------------------------------
    def _deliver(self, msg: dict) -> None:
        self.inbox.put(msg)
        if self.wake:
            try:
                self.wake()
            except Exception:
                pass

    def _drop_socket(self) -> None:
        sock, self._sock = self._sock, None
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def _run(self, gen: int) -> None:
        try:
            sock = socket.create_connection((self.host, self.port), timeout=self.connect_timeout)
        except OSError as e:
            self._deliver({"type": "disconnected", "reason": f"cannot reach {self.host}:{self.port} "
                                                               f"({e.strerror or e})"})
            return
        if gen != self._gen or self._closing:      # superseded while connecting
            sock.close()
            return
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.settimeout(min(self.ping_interval, 0.5))
        self._sock = sock
        self._join_sent = False
        self.connected = True
        data = encode({"type": "hello", "protocol": PROTOCOL_VERSION, "name": self.name})
        if self.auto_join:
            # hello and join in one packet: a seat (or a token's seat) is asked for at
            # once, so a crowded lobby has no time to push this connection out first.
            self._join_sent = True
            data += encode(self._join_message())
        elif self.watching is not None:
            # a spectator's connection (new, or after a drop) asks to watch at once
            data += encode(self._watch_message())
        try:
            with self._send_lock:
                sock.sendall(data)
        except OSError:
            pass                     # the reader sees the connection end and says why
        reason = self._read(sock, gen)
        self.connected = False
        if gen == self._gen:
            self._drop_socket()
        if reason is not None and not self._closing and gen == self._gen:
            self._deliver(reason)

    def _read(self, sock: socket.socket, gen: int) -> dict | None:
        """Read until the connection ends; the final message to deliver (or None)."""
        frames = FrameBuffer(CLIENT_LIMITS)
        last_heard = last_ping = time.monotonic()
        heard = False
        pings: dict[int, float] = {}
        n = 0
        self.last_error, self._error_at = None, 0.0      # this connection's: an old refusal is no reason
        while True:
            try:
                data = sock.recv(65536)
            except socket.timeout:
                data = None
            except OSError as e:
                return {"type": "disconnected", "reason": self._closing_reason(f"connection lost ({e.strerror or e})")}
            now = time.monotonic()
            if data is None:
                if now - last_heard > (self.dead_after if heard else self.unanswered_after):
                    return {"type": "disconnected", "reason": "the host stopped answering"}
            elif not data:
                return {"type": "disconnected", "reason": self._closing_reason("the host closed the connection")}
            else:
                last_heard, heard = now, True
                frames.feed(data)
                try:
                    for payload in frames.payloads():
                        msg = decode_payload(payload, CLIENT_LIMITS)
                        final = self._receive(msg, pings)
                        if final is not None:
                            return final
                except FrameError as e:
                    return {"type": "disconnected", "reason": f"the host sent a bad message ({e.reason})"}
            if now - last_ping >= self.ping_interval:
                last_ping = now
                n += 1
                pings[n] = now
                if len(pings) > 64:         # a host that never answers pings: keep the last few
                    del pings[min(pings)]
                self.send({"type": "ping", "n": n})

    def _closing_reason(self, default: str) -> str:
        """Why the connection ended: the host's last error if it came just before (a refusal
        the host closes on, say a flood), else ``default`` (a refused card a minute ago is not)."""
        if self.last_error and time.monotonic() - self._error_at < CLOSING_ERROR_AGE:
            return self.last_error
        return default

    def _receive(self, msg: dict, pings: dict[int, float]) -> dict | None:
        kind = msg["type"]
        if kind == "pong":
            n = msg.get("n")
            sent = pings.pop(n, None) if isinstance(n, int) else None
            if sent is not None:
                self.rtt = time.monotonic() - sent
            return None
        if kind == "bye":
            reason = msg.get("reason") if isinstance(msg.get("reason"), str) else ""
            if msg.get("table_closed", True):
                return {"type": "host_closed", "reason": reason}
            return {"type": "disconnected", "reason": reason, "replaced": True}
        view = msg.get("view")
        if isinstance(view, dict):
            self.view = view
        if kind == "table":
            self.table = msg
            if self.auto_join and not self.joined and not self._join_sent:
                self._join_sent = True     # later table pushes must not ask again
                self.join(self.seat)
        elif kind == "welcome":
            self.joined = True
            self.seat = msg.get("seat")
            if msg.get("token"):
                self.token = msg["token"]
            self.players = msg.get("players")
        elif kind == "players":
            self.players = msg.get("players")
        elif kind == "error":
            self.last_error, self._error_at = msg.get("reason"), time.monotonic()
        self._deliver(msg)
        return None
