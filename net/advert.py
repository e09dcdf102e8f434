"""The host's side of discovery: its zeroconf (DNS-SD) advert.

``Advertiser`` registers a ``_manfee._tcp.local.`` service on its own thread
(registration probes the network for about 1.6 s, which must not stall the
host's loop or a render loop) and re-announces its TXT properties when the
seats change.  The lobby's side is ``net.lobby``.

Zeroconf's interfaces are a parameter: tests pass ``["127.0.0.1"]`` so that
nothing is multicast on a real network; None means every interface.
"""
from __future__ import annotations

import logging
import queue
import socket
import threading
import uuid
from typing import Any, Callable, Mapping, Sequence

import ifaddr
from zeroconf import ServiceInfo, Zeroconf

from .protocol import SERVICE_TYPE

log = logging.getLogger("manfee.net")

AdvertEvent = Callable[[str, dict], None]


def is_ipv4(text: str) -> bool:
    """True for a dotted IPv4 address ("10.0.0.2"), False for names and IPv6."""
    try:
        socket.inet_aton(text)
    except OSError:
        return False
    return text.count(".") == 3


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses, loopback aside, each once.  (zeroconf's own
    ``get_all_addresses`` is deprecated in favour of ``ifaddr``, the package zeroconf
    itself reads the adapters with.)"""
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if ip.is_IPv4 and isinstance(ip.ip, str) and not ip.ip.startswith("127.") and ip.ip not in found:
                found.append(ip.ip)
    return found


def advert_addresses(interfaces: Sequence[str] | None) -> list[str]:
    """IPv4 addresses to put in the advert for these zeroconf interfaces."""
    if interfaces:
        addrs = [a for a in interfaces if isinstance(a, str) and is_ipv4(a)]
    else:
        addrs = local_addresses()
    return addrs or ["127.0.0.1"]


def instance_name(table: str, tag: str = "") -> str:
    """A DNS-SD instance label from a table's name (no dots, at most 63 bytes), ending in
    ``tag`` (the host's id) when given: two hosts both called "Ana's table" announced the
    same name, and a lobby listed one of them, now this one, now the other (zeroconf's
    renaming only sees a clash it already has in its cache).  The lobby shows the name
    the table itself gives, never this label.

    >>> instance_name("Ana's table", "3f9c2a")
    "Ana's table #3f9c2a"
    >>> len(instance_name("x" * 80, "3f9c2a").encode())
    63
    """
    label = table.replace(".", " ").strip() or "Manfee table"
    suffix = f" #{tag}" if tag else ""
    data = label.encode("utf-8")[:63 - len(suffix.encode("utf-8"))]
    return data.decode("utf-8", "ignore") + suffix


class Advertiser:
    """The host's zeroconf advert, registered and updated off the caller's thread.

    ``start()`` returns at once; ``update(props)`` re-announces (coalesced);
    ``stop()`` unregisters (a goodbye, so browsers forget the table) and closes.
    ``registered_name`` is the service name once registered (None before);
    ``error`` a sentence if registration failed.  ``on_event(kind, info)`` hears
    ``advertised`` and ``advert_failed`` (on the advert's thread).
    """

    def __init__(self, table: str, port: int, properties: Mapping[str, Any],
                 interfaces: Sequence[str] | None = None, addresses: Sequence[str] | None = None,
                 on_event: AdvertEvent | None = None, tag: str = "") -> None:
        self.table = table
        self.tag = tag
        self.port = port
        self.interfaces = list(interfaces) if interfaces else None
        self.addresses = list(addresses) if addresses else advert_addresses(interfaces)
        self.on_event = on_event
        self.registered_name: str | None = None
        self.error: str | None = None
        self.registered = threading.Event()
        self._props = dict(properties)
        self._updates: queue.Queue[dict | None] = queue.Queue()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="manfee-advert", daemon=True)
        self._thread.start()

    def update(self, properties: Mapping[str, Any]) -> None:
        self._updates.put(dict(properties))

    def stop(self, wait: bool = True) -> None:
        self._updates.put(None)
        if wait and self._thread:
            self._thread.join(timeout=5)

    def _info(self, name: str | None = None) -> ServiceInfo:
        props = {k: str(v).encode("utf-8")[:200] for k, v in self._props.items()}
        return ServiceInfo(SERVICE_TYPE, name or f"{instance_name(self.table, self.tag)}.{SERVICE_TYPE}",
                           port=self.port, properties=props,
                           server=f"manfee-{uuid.uuid4().hex[:12]}.local.",
                           parsed_addresses=self.addresses)

    def _emit(self, kind: str, **info: Any) -> None:
        if self.on_event:
            try:
                self.on_event(kind, info)
            except Exception:
                log.exception("advert event handler failed")

    def _run(self) -> None:
        zc = None
        info = None
        try:
            zc = Zeroconf(interfaces=self.interfaces) if self.interfaces else Zeroconf()
            # A table already in the queue before registering: fold it in now.
            if self._drain():
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

    def _drain(self) -> bool:
        """Fold every queued update into the properties; True if a stop was queued."""
        while True:
            try:
                props = self._updates.get_nowait()
            except queue.Empty:
                return False
            if props is None:
                return True
            self._props.update(props)
