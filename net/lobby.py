"""The lobby's side of discovery: tables on the LAN as they come and go.

``LobbyBrowser`` lists tables as they appear and disappear.  Zeroconf alone is
too slow to forget a crashed host (its records live for minutes), so the
browser keeps a small TCP connection to every listed host, watching it (a
``hello``, then staying in its lobby) and pinging it: a host that closes,
crashes or stops answering is dropped at once, and the ``table`` messages it
pushes keep the free seats current.  The host's side is ``net.advert``.

Zeroconf's interfaces are a parameter everywhere: tests pass ``["127.0.0.1"]``;
None means all interfaces.
"""
from __future__ import annotations

import asyncio
import logging
import queue
import random
import socket
import struct
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from zeroconf import (DNSAddress, DNSIncoming, DNSPointer, DNSQuestionType, DNSService, DNSText,
                      IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf)

from .advert import advert_addresses, local_addresses
from .framing import CLIENT_LIMITS, HEADER, FrameError, Limits, check_length, decode_payload, encode
from .protocol import PROTOCOL_VERSION, SERVICE_TYPE

log = logging.getLogger("manfee.net")

# Multicast DNS (RFC 6762): the group and port every responder listens on, and
# the two DNS numbers a PTR question needs (RFC 1035).  Written out here rather
# than read from zeroconf's private constants.
MDNS_GROUP = "224.0.0.251"
MDNS_PORT = 5353
DNS_TYPE_PTR = 12
DNS_CLASS_IN = 1


def legacy_ptr_query(service_type: str, query_id: int) -> bytes:
    """A one-shot DNS query for ``service_type``'s PTR records (RFC 6762 section 6.7).

    Sent from an ordinary UDP port, it is answered at once by unicast, with the
    SRV, TXT and A records in the same packet.

    >>> legacy_ptr_query("_manfee._tcp.local.", 1234)[:12]
    b'\\x04\\xd2\\x00\\x00\\x00\\x01\\x00\\x00\\x00\\x00\\x00\\x00'
    """
    labels = b"".join(bytes([len(part)]) + part
                      for part in (p.encode("utf-8") for p in service_type.rstrip(".").split(".")))
    header = struct.pack(">HHHHHH", query_id, 0, 1, 0, 0, 0)      # a query with one question
    return header + labels + b"\0" + struct.pack(">HH", DNS_TYPE_PTR, DNS_CLASS_IN)


@dataclass
class TableInfo:
    """A table as the lobby lists it."""
    service: str                    # zeroconf service name (or "host:port" when added by address)
    host: str
    port: int
    table: str = ""                 # the name the host gave the table
    game: str = ""
    options: dict = field(default_factory=dict)
    seats: list = field(default_factory=list)
    free: list = field(default_factory=list)
    players: dict = field(default_factory=dict)
    state: str = ""                 # waiting, playing, over
    protocol: int = PROTOCOL_VERSION
    compatible: bool = True
    private: bool = False           # joining an open seat needs the host's join code
    table_id: str = ""              # the host's id for this match (kept when it resumes)
    spectators: bool = True         # False once the host turned the spectators away

    @property
    def address(self) -> tuple[str, int]:
        return (self.host, self.port)


async def read_message(reader: asyncio.StreamReader, limits: Limits = CLIENT_LIMITS) -> dict:
    """One decoded message from an asyncio stream (FrameError, IncompleteReadError)."""
    header = await reader.readexactly(4)
    (length,) = HEADER.unpack(header)
    check_length(length, limits)
    return decode_payload(await reader.readexactly(length), limits)


LobbyChange = Callable[[str, TableInfo], None]


class LobbyBrowser:
    """Tables on the LAN, as they appear, change and disappear.

    Every change is put on ``changes`` (a queue.Queue of ``(kind, TableInfo)``,
    kind ``added``, ``updated`` or ``removed``) and passed to ``on_change(kind,
    info)`` if given (called on the browser's thread: hand it to your loop).
    ``tables()`` is a snapshot.  ``start()`` returns at once; ``stop()`` ends it.

        b = LobbyBrowser(interfaces=["127.0.0.1"]); b.start()
        kind, info = b.changes.get(timeout=2)      # ("added", TableInfo(...))
    """

    def __init__(self, interfaces: Sequence[str] | None = None, on_change: LobbyChange | None = None,
                 probe_interval: float = 0.5, probe_timeout: float = 1.2, retry: float = 1.0,
                 use_zeroconf: bool = True) -> None:
        self.interfaces = list(interfaces) if interfaces else None
        self.on_change = on_change
        self.probe_interval = probe_interval
        self.probe_timeout = probe_timeout
        self.retry = retry
        self.use_zeroconf = use_zeroconf
        self.changes: queue.Queue[tuple[str, TableInfo]] = queue.Queue()
        self.started_at: float | None = None
        self._listed: dict[str, TableInfo] = {}          # service -> TableInfo (live)
        self._probes: dict[str, asyncio.Task] = {}      # service -> its watcher
        self._dead: set[asyncio.Task] = set()           # watchers between two attempts
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._zc: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        self._ready = threading.Event()
        self._forgotten: set[str] = set()               # services zeroconf said goodbye for

    # -- the caller's side ---------------------------------------------------------
    def start(self) -> LobbyBrowser:
        self.started_at = time.monotonic()
        self._thread = threading.Thread(target=self._run, name="manfee-lobby", daemon=True)
        self._thread.start()
        self._ready.wait(5)
        loop = self._loop
        assert loop is not None
        if self.use_zeroconf:
            loop.call_soon_threadsafe(lambda: loop.create_task(self._quick_queries()))
            self._zc = Zeroconf(interfaces=self.interfaces) if self.interfaces else Zeroconf()
            self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._on_zeroconf],
                                           question_type=DNSQuestionType.QM)
        return self

    def stop(self) -> None:
        if self._browser is not None:
            self._browser.cancel()
        if self._zc is not None:
            self._zc.close()
        loop = self._loop
        if loop is not None and not loop.is_closed() and self._thread is not None:
            loop.call_soon_threadsafe(self._shutdown)
            self._thread.join(timeout=5)

    def tables(self) -> list[TableInfo]:
        with self._lock:
            return list(self._listed.values())

    def add_address(self, host: str, port: int) -> str:
        """Watch a table by address (for "Join by address", or where multicast fails)."""
        service = f"{host}:{port}"
        assert self._loop is not None, "start() the browser first"
        self._loop.call_soon_threadsafe(self._watch, service, host, port)
        return service

    def find(self, name: str, timeout: float = 5.0) -> TableInfo | None:
        """The first listed table whose name (or service name) is ``name``, or None."""
        deadline = time.monotonic() + timeout
        while True:
            for t in self.tables():
                if t.table == name or t.service == name or t.service.startswith(name + "."):
                    return t
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            time.sleep(min(0.02, left))

    # -- zeroconf's thread -----------------------------------------------------------
    def _on_zeroconf(self, zeroconf: Zeroconf, service_type: str, name: str,
                     state_change: ServiceStateChange) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        if state_change is ServiceStateChange.Removed:
            loop.call_soon_threadsafe(self._forget, name)
        else:
            loop.call_soon_threadsafe(self._resolve, name)

    # -- the browser's loop ------------------------------------------------------------
    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.close()

    # -- one-shot queries -------------------------------------------------------------
    # A responder multicasts a record at most once a second (RFC 6762 section 6), so a
    # browser opened just after a host announced, or just after another lobby asked,
    # waits up to a second for its answer.  A "legacy" query sent from an ordinary
    # port is answered at once by unicast, with SRV, TXT and A records in the same
    # packet: the lobby sends a few of those when it opens and lists what answers.
    async def _quick_queries(self) -> None:
        loop = asyncio.get_running_loop()
        socks = []
        for addr in advert_addresses(self.interfaces) if self.interfaces else self._local_addresses():
            try:
                sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
                sock.setblocking(False)
                sock.bind((addr, 0))
                sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(addr))
                sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
            except OSError:
                continue
            socks.append(sock)
            loop.add_reader(sock, self._on_answer, sock)
        try:
            for delay in (0.0, 0.2, 0.8):
                await asyncio.sleep(delay)
                for sock in socks:
                    # A fresh ID each time: zeroconf drops a packet identical to one it
                    # saw in the last second, whoever sent it.
                    packet = legacy_ptr_query(SERVICE_TYPE, random.randrange(1, 65536))
                    try:
                        sock.sendto(packet, (MDNS_GROUP, MDNS_PORT))
                    except OSError:
                        pass
            await asyncio.sleep(0.5)
        finally:
            for sock in socks:
                loop.remove_reader(sock)
                sock.close()

    @staticmethod
    def _local_addresses() -> list[str]:
        return local_addresses() or ["127.0.0.1"]

    def _on_answer(self, sock: socket.socket) -> None:
        try:
            data, _addr = sock.recvfrom(9000)
            records = DNSIncoming(data).answers()
        except Exception:            # anything odd on the wire: ignore it
            return
        services = {r.alias for r in records if isinstance(r, DNSPointer) and r.name == SERVICE_TYPE}
        for name in services:
            srv = next((r for r in records if isinstance(r, DNSService) and r.name == name), None)
            if srv is None:
                continue
            addrs = [socket.inet_ntoa(r.address) for r in records
                     if isinstance(r, DNSAddress) and r.name == srv.server and len(r.address) == 4]
            txt = next((r for r in records if isinstance(r, DNSText) and r.name == name), None)
            if addrs and name not in self._forgotten:
                self._watch(name, addrs[0], srv.port or 0, txt_props(txt.text if txt else b""))

    def _shutdown(self) -> None:
        loop = self._loop
        assert loop is not None
        for task in asyncio.all_tasks(loop):
            task.cancel()
        loop.call_later(0.05, loop.stop)

    def _alive(self, task: asyncio.Task | None) -> bool:
        """True while ``task`` watches its table (not done, not waiting to retry)."""
        return task is not None and not task.done() and task not in self._dead

    def _resolve(self, name: str) -> None:
        self._forgotten.discard(name)
        if self._alive(self._probes.get(name)):
            return                   # already watched; its table messages keep it current
        assert self._loop is not None
        self._loop.create_task(self._resolve_then_watch(name))

    async def _resolve_then_watch(self, name: str) -> None:
        zc = self._zc
        loop = self._loop
        if zc is None or loop is None:
            return
        info = ServiceInfo(SERVICE_TYPE, name)
        # The browser's answer usually carried SRV, TXT and A records already.
        if not info.load_from_cache(zc):
            ok = await loop.run_in_executor(
                None, lambda: info.request(zc, 1500, question_type=DNSQuestionType.QM))
            if not ok:
                return
        addrs = info.parsed_addresses(IPVersion.V4Only)
        if not addrs or not info.port:
            return
        props = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
                 for k, v in (info.properties or {}).items() if k}
        old = self._probes.get(name)
        if self._alive(old):
            return
        if old is not None:
            old.cancel()
        self._watch(name, addrs[0], info.port, props)

    def _watch(self, service: str, host: str, port: int, props: dict | None = None) -> None:
        old = self._probes.get(service)
        if self._alive(old):
            return
        if old is not None:
            old.cancel()
            self._dead.discard(old)
        assert self._loop is not None
        self._probes[service] = self._loop.create_task(self._probe(service, host, port, props or {}))

    def _forget(self, name: str) -> None:
        self._forgotten.add(name)
        task = self._probes.pop(name, None)
        if task is not None:
            task.cancel()
            self._dead.discard(task)
        self._unlist(name)

    def _list(self, info: TableInfo) -> None:
        with self._lock:
            kind = "updated" if info.service in self._listed else "added"
            self._listed[info.service] = info
        self._report(kind, info)

    def _unlist(self, service: str) -> None:
        with self._lock:
            info = self._listed.pop(service, None)
        if info is not None:
            self._report("removed", info)

    def _report(self, kind: str, info: TableInfo) -> None:
        self.changes.put((kind, info))
        if self.on_change:
            try:
                self.on_change(kind, info)
            except Exception:
                log.exception("lobby change handler failed")

    async def _probe(self, service: str, host: str, port: int, props: dict) -> None:
        """Watch one host for as long as it answers; retry while it stays advertised."""
        task = asyncio.current_task()
        assert task is not None
        try:
            while True:
                self._dead.discard(task)
                try:
                    if await self._watch_once(service, host, port, props) == "incompatible":
                        await self._knock_while_alive(host, port)
                except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, FrameError,
                        ValueError):
                    pass
                self._unlist(service)
                self._dead.add(task)         # a zeroconf update may replace this task at once
                await asyncio.sleep(self.retry)
        finally:
            self._dead.discard(task)

    async def _watch_once(self, service: str, host: str, port: int, props: dict) -> str | None:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), self.probe_timeout)
        try:
            writer.write(encode({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "lobby"}))
            last = [time.monotonic()]
            pinger = asyncio.ensure_future(self._ping(writer, last))
            try:
                while True:
                    msg = await read_message(reader)
                    last[0] = time.monotonic()
                    kind = msg.get("type")
                    if kind == "table":
                        self._list(self._table_info(service, host, port, msg))
                    elif kind == "error" and msg.get("code") == "protocol":
                        theirs = msg.get("protocol")
                        info = TableInfo(service, host, port, table=props.get("table", service),
                                         game=props.get("game", ""),
                                         protocol=theirs if isinstance(theirs, int) else 0,
                                         compatible=False, state=props.get("state", ""))
                        self._list(info)
                        return "incompatible"
                    elif kind == "bye":
                        return None
            finally:
                pinger.cancel()
        finally:
            writer.close()

    async def _knock_while_alive(self, host: str, port: int) -> None:
        """Liveness for a host of another protocol version: it still accepts connections."""
        while True:
            await asyncio.sleep(self.probe_interval)
            _r, w = await asyncio.wait_for(asyncio.open_connection(host, port), self.probe_timeout)
            w.close()

    async def _ping(self, writer: asyncio.StreamWriter, last: list[float]) -> None:
        n = 0
        while True:
            await asyncio.sleep(self.probe_interval)
            if time.monotonic() - last[0] > self.probe_timeout:
                writer.transport.abort()     # silent host: the reader ends with an error
                return
            n += 1
            writer.write(encode({"type": "ping", "n": n}))

    @staticmethod
    def _table_info(service: str, host: str, port: int, msg: dict) -> TableInfo:
        def get(key: str, kind: type, default: Any) -> Any:
            v = msg.get(key)
            return v if isinstance(v, kind) else default
        return TableInfo(service, host, port, table=get("table", str, service), game=get("game", str, ""),
                         options=get("options", dict, {}), seats=get("seats", list, []),
                         free=get("free", list, []), players=get("players", dict, {}),
                         state=get("state", str, ""), protocol=get("protocol", int, PROTOCOL_VERSION),
                         private=msg.get("private") is True, table_id=get("host_id", str, ""),
                         spectators=msg.get("spectators") is not False)


def txt_props(raw: bytes) -> dict[str, str]:
    """TXT record bytes (length-prefixed key=value strings) as a dict of str."""
    props = {}
    i = 0
    while i < len(raw):
        n = raw[i]
        item = raw[i + 1:i + 1 + n].decode("utf-8", "replace")
        i += 1 + n
        key, _sep, value = item.partition("=")
        if key:
            props[key] = value
    return props


def find_table(name: str, timeout: float = 5.0, interfaces: Sequence[str] | None = None) -> TableInfo | None:
    """The TableInfo of the table called ``name`` on the LAN, or None after ``timeout``."""
    browser = LobbyBrowser(interfaces=interfaces).start()
    try:
        return browser.find(name, timeout)
    finally:
        browser.stop()
