"""Finding tables on the LAN: the host's zeroconf advert and the lobby's browser.

``Advertiser`` registers a ``_manfee._tcp.local.`` service on its own thread
(registration probes the network for about 1.6 s) and re-announces its
properties when seats fill.  ``LobbyBrowser`` lists tables as they appear and
disappear.  Zeroconf alone is too slow to forget a crashed host (its records
live for minutes), so the browser keeps a small TCP connection to every listed
host, watching it (a ``hello``, then staying in its lobby) and pinging it: a host that closes,
crashes or stops answering is dropped at once, and the ``table`` messages it
pushes keep the free seats current.

Zeroconf's interfaces are a parameter everywhere: tests pass ``["127.0.0.1"]``;
None means all interfaces.
"""
import asyncio
import logging
import queue
import random
import socket
import threading
import time
import uuid
from dataclasses import dataclass, field

from zeroconf import (DNSAddress, DNSIncoming, DNSOutgoing, DNSPointer, DNSQuestion,
                      DNSQuestionType, DNSService, DNSText, IPVersion, ServiceBrowser, ServiceInfo,
                      ServiceStateChange, Zeroconf, const, get_all_addresses)

from .framing import CLIENT_LIMITS, FrameError, check_length, decode_payload, encode, HEADER
from .protocol import PROTOCOL_VERSION, SERVICE_TYPE

log = logging.getLogger("manfee.net")


def advert_addresses(interfaces):
    """IPv4 addresses to put in the advert for these zeroconf interfaces."""
    if interfaces:
        addrs = [a for a in interfaces if isinstance(a, str) and _is_ipv4(a)]
    else:
        addrs = [a for a in get_all_addresses() if not a.startswith("127.")]
    return addrs or ["127.0.0.1"]


def _is_ipv4(text):
    try:
        socket.inet_aton(text)
        return text.count(".") == 3
    except OSError:
        return False


def instance_name(table):
    """A DNS-SD instance label from a table's name (no dots, at most 63 bytes)."""
    label = table.replace(".", " ").strip() or "Manfee table"
    data = label.encode("utf-8")[:63]
    return data.decode("utf-8", "ignore")


class Advertiser:
    """The host's zeroconf advert, registered and updated off the caller's thread.

    ``start()`` returns at once; ``update(props)`` re-announces (coalesced);
    ``stop()`` unregisters (a goodbye, so browsers forget the table) and closes.
    ``registered_name`` is the service name once registered (None before);
    ``error`` a sentence if registration failed.
    """

    def __init__(self, table, port, properties, interfaces=None, addresses=None, on_event=None):
        self.table = table
        self.port = port
        self.interfaces = interfaces
        self.addresses = addresses or advert_addresses(interfaces)
        self.on_event = on_event
        self.registered_name = None
        self.error = None
        self.registered = threading.Event()
        self._props = dict(properties)
        self._updates = queue.Queue()
        self._thread = None

    def start(self):
        self._thread = threading.Thread(target=self._run, name="manfee-advert", daemon=True)
        self._thread.start()

    def update(self, properties):
        self._updates.put(dict(properties))

    def stop(self, wait=True):
        self._updates.put(None)
        if wait and self._thread:
            self._thread.join(timeout=5)

    def _info(self, name=None):
        props = {k: str(v).encode("utf-8")[:200] for k, v in self._props.items()}
        return ServiceInfo(SERVICE_TYPE, name or f"{instance_name(self.table)}.{SERVICE_TYPE}",
                           port=self.port, properties=props,
                           server=f"manfee-{uuid.uuid4().hex[:12]}.local.",
                           parsed_addresses=self.addresses)

    def _emit(self, kind, **info):
        if self.on_event:
            try:
                self.on_event(kind, info)
            except Exception:
                log.exception("advert event handler failed")

    def _run(self):
        zc = None
        info = None
        try:
            zc = Zeroconf(interfaces=self.interfaces) if self.interfaces else Zeroconf()
            # A table already in the queue before registering: fold it in now.
            stop = self._drain()
            if stop:
                return
            info = self._info()
            zc.register_service(info, allow_name_change=True)
            self.registered_name = info.name
            self.registered.set()
            self._emit("advertised", name=info.name)
            while True:
                props = self._updates.get()
                if props is None:
                    break
                self._props.update(props)
                if self._drain():
                    break
                new = self._info(info.name)
                new.server = info.server
                zc.update_service(new)
                info = new
        except Exception as e:       # no network for multicast: the table still works by address
            self.error = f"cannot advertise the table: {type(e).__name__}: {e}"
            self.registered.set()
            self._emit("advert_failed", reason=self.error)
            while self._updates.get() is not None:
                pass
        finally:
            if zc is not None:
                try:
                    if info is not None and self.registered_name:
                        zc.unregister_service(info)
                except Exception:
                    pass
                zc.close()

    def _drain(self):
        """Fold every queued update into the properties; True if a stop was queued."""
        while True:
            try:
                props = self._updates.get_nowait()
            except queue.Empty:
                return False
            if props is None:
                return True
            self._props.update(props)


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

    @property
    def address(self):
        return (self.host, self.port)


async def read_message(reader, limits=CLIENT_LIMITS):
    """One decoded message from an asyncio stream (FrameError, IncompleteReadError)."""
    header = await reader.readexactly(4)
    (length,) = HEADER.unpack(header)
    check_length(length, limits)
    return decode_payload(await reader.readexactly(length), limits)


class LobbyBrowser:
    """Tables on the LAN, as they appear, change and disappear.

    Every change is put on ``changes`` (a queue.Queue of ``(kind, TableInfo)``,
    kind ``added``, ``updated`` or ``removed``) and passed to ``on_change(kind,
    info)`` if given (called on the browser's thread: hand it to your loop).
    ``tables()`` is a snapshot.  ``start()`` returns at once; ``stop()`` ends it.

        b = LobbyBrowser(interfaces=["127.0.0.1"]); b.start()
        kind, info = b.changes.get(timeout=2)      # ("added", TableInfo(...))
    """

    def __init__(self, interfaces=None, on_change=None, probe_interval=0.5, probe_timeout=1.2,
                 retry=1.0, use_zeroconf=True):
        self.interfaces = interfaces
        self.on_change = on_change
        self.probe_interval = probe_interval
        self.probe_timeout = probe_timeout
        self.retry = retry
        self.use_zeroconf = use_zeroconf
        self.changes = queue.Queue()
        self.started_at = None
        self._listed = {}               # service -> TableInfo (live)
        self._probes = {}               # service -> asyncio.Task
        self._lock = threading.Lock()
        self._loop = None
        self._thread = None
        self._zc = None
        self._browser = None
        self._ready = threading.Event()
        self._forgotten = set()         # services zeroconf said goodbye for

    # -- the caller's side ---------------------------------------------------------
    def start(self):
        self.started_at = time.monotonic()
        self._thread = threading.Thread(target=self._run, name="manfee-lobby", daemon=True)
        self._thread.start()
        self._ready.wait(5)
        if self.use_zeroconf:
            self._loop.call_soon_threadsafe(lambda: self._loop.create_task(self._quick_queries()))
            self._zc = Zeroconf(interfaces=self.interfaces) if self.interfaces else Zeroconf()
            self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._on_zeroconf],
                                           question_type=DNSQuestionType.QM)
        return self

    def stop(self):
        if self._browser is not None:
            self._browser.cancel()
        if self._zc is not None:
            self._zc.close()
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._shutdown)
            self._thread.join(timeout=5)

    def tables(self):
        with self._lock:
            return list(self._listed.values())

    def add_address(self, host, port):
        """Watch a table by address (for "Join by address", or where multicast fails)."""
        service = f"{host}:{port}"
        self._loop.call_soon_threadsafe(self._watch, service, host, port)
        return service

    def find(self, name, timeout=5.0):
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
    def _on_zeroconf(self, zeroconf, service_type, name, state_change):
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        if state_change is ServiceStateChange.Removed:
            loop.call_soon_threadsafe(self._forget, name)
        else:
            loop.call_soon_threadsafe(self._resolve, name)

    # -- the browser's loop ------------------------------------------------------------
    def _run(self):
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
    async def _quick_queries(self):
        def packet():
            # A fresh ID each time: zeroconf drops a packet identical to one it saw
            # in the last second, whoever sent it.
            out = DNSOutgoing(const._FLAGS_QR_QUERY, multicast=False, id_=random.randrange(1, 65536))
            out.add_question(DNSQuestion(SERVICE_TYPE, const._TYPE_PTR, const._CLASS_IN))
            return out.packets()[0]
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
            self._loop.add_reader(sock, self._on_answer, sock)
        try:
            for delay in (0.0, 0.2, 0.8):
                await asyncio.sleep(delay)
                for sock in socks:
                    try:
                        sock.sendto(packet(), (const._MDNS_ADDR, const._MDNS_PORT))
                    except OSError:
                        pass
            await asyncio.sleep(0.5)
        finally:
            for sock in socks:
                self._loop.remove_reader(sock)
                sock.close()

    @staticmethod
    def _local_addresses():
        return [a for a in get_all_addresses() if not a.startswith("127.")] or ["127.0.0.1"]

    def _on_answer(self, sock):
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
                self._watch(name, addrs[0], srv.port, _txt_props(txt.text if txt else b""))

    def _shutdown(self):
        for task in asyncio.all_tasks(self._loop):
            task.cancel()
        self._loop.call_later(0.05, self._loop.stop)

    def _resolve(self, name):
        self._forgotten.discard(name)
        task = self._probes.get(name)
        if task is not None and not task.done() and not getattr(task, "dead", False):
            return                   # already watched; its table messages keep it current
        self._loop.create_task(self._resolve_then_watch(name))

    async def _resolve_then_watch(self, name):
        zc = self._zc
        if zc is None:
            return
        info = ServiceInfo(SERVICE_TYPE, name)
        # The browser's answer usually carried SRV, TXT and A records already.
        if not info.load_from_cache(zc):
            ok = await self._loop.run_in_executor(
                None, lambda: info.request(zc, 1500, question_type=DNSQuestionType.QM))
            if not ok:
                return
        addrs = info.parsed_addresses(IPVersion.V4Only)
        if not addrs or not info.port:
            return
        props = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
                 for k, v in (info.properties or {}).items() if k}
        old = self._probes.get(name)
        if old is not None and not old.done():
            if not getattr(old, "dead", False):
                return
            old.cancel()
        self._watch(name, addrs[0], info.port, props)

    def _watch(self, service, host, port, props=None):
        old = self._probes.get(service)
        if old is not None and not old.done() and not getattr(old, "dead", False):
            return
        if old is not None:
            old.cancel()
        self._probes[service] = self._loop.create_task(self._probe(service, host, port, props or {}))

    def _forget(self, name):
        self._forgotten.add(name)
        task = self._probes.pop(name, None)
        if task is not None:
            task.cancel()
        self._unlist(name)

    def _list(self, info):
        with self._lock:
            kind = "updated" if info.service in self._listed else "added"
            self._listed[info.service] = info
        self._report(kind, info)

    def _unlist(self, service):
        with self._lock:
            info = self._listed.pop(service, None)
        if info is not None:
            self._report("removed", info)

    def _report(self, kind, info):
        self.changes.put((kind, info))
        if self.on_change:
            try:
                self.on_change(kind, info)
            except Exception:
                log.exception("lobby change handler failed")

    async def _probe(self, service, host, port, props):
        """Watch one host for as long as it answers; retry while it stays advertised."""
        task = asyncio.current_task()
        while True:
            task.dead = False
            try:
                if await self._watch_once(service, host, port, props) == "incompatible":
                    await self._knock_while_alive(host, port)
            except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, FrameError, ValueError):
                pass
            self._unlist(service)
            task.dead = True          # a zeroconf update may replace this task at once
            await asyncio.sleep(self.retry)

    async def _watch_once(self, service, host, port, props):
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
                        info = TableInfo(service, host, port, table=props.get("table", service),
                                         game=props.get("game", ""), protocol=msg.get("protocol"),
                                         compatible=False, state=props.get("state", ""))
                        self._list(info)
                        return "incompatible"
                    elif kind == "bye":
                        return
            finally:
                pinger.cancel()
        finally:
            writer.close()

    async def _knock_while_alive(self, host, port):
        """Liveness for a host of another protocol version: it still accepts connections."""
        while True:
            await asyncio.sleep(self.probe_interval)
            _r, w = await asyncio.wait_for(asyncio.open_connection(host, port), self.probe_timeout)
            w.close()

    async def _ping(self, writer, last):
        n = 0
        while True:
            await asyncio.sleep(self.probe_interval)
            if time.monotonic() - last[0] > self.probe_timeout:
                writer.transport.abort()     # silent host: the reader ends with an error
                return
            n += 1
            writer.write(encode({"type": "ping", "n": n}))

    @staticmethod
    def _table_info(service, host, port, msg):
        def get(key, kind, default):
            v = msg.get(key)
            return v if isinstance(v, kind) else default
        return TableInfo(service, host, port, table=get("table", str, service), game=get("game", str, ""),
                         options=get("options", dict, {}), seats=get("seats", list, []),
                         free=get("free", list, []), players=get("players", dict, {}),
                         state=get("state", str, ""), protocol=get("protocol", int, PROTOCOL_VERSION))


def _txt_props(raw):
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


def find_table(name, timeout=5.0, interfaces=None):
    """The TableInfo of the table called ``name`` on the LAN, or None after ``timeout``."""
    browser = LobbyBrowser(interfaces=interfaces).start()
    try:
        return browser.find(name, timeout)
    finally:
        browser.stop()
