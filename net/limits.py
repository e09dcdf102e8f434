"""The host's budgets: who gets a connection, how fast a peer may talk or guess,
and how much of the log one peer may take.

Pure and clock-driven (``now`` is ``time.monotonic()`` unless given), so every
rule is testable without sockets:

  Budgets       the limits themselves (rates, connections, buffers, timeouts)
  Bucket        a token bucket (messages a second, wrong join codes a minute)
  address_key   the "address" per-address limits count (an IPv6 /64 counts as one)
  choose_victim the lobby connection a newcomer evicts when there is no room
  AddressBudget tries per address (wrong join codes, pushing others out of the lobby)
  LogLimiter    at most a few log lines a minute per kind of trouble
  file_budget   how many sockets the host may hold under its open-file limit
"""
from __future__ import annotations

import ipaddress
import logging
import os
import time
from dataclasses import dataclass
from typing import Any, Iterable, Protocol

MAX_OUTBUF = 256 * 1024     # bytes queued in the host for one peer: past this it is not reading
LINGER = 2.0                # seconds a closing socket may take to flush before it is aborted


@dataclass
class Budgets:
    """A host's limits per connection and on connections (docs/PROTOCOL.md, Limits).

    ``max_conns`` counts every socket, closing ones included; ``max_lobby`` the
    live connections without a seat, ``max_per_address`` those from one address;
    ``max_watchers`` the spectators (``max_watchers_per_address`` from one address).
    """
    rate: float = 400.0             # messages a second, seated
    burst: int = 400
    lobby_rate: float = 20.0        # messages a second, in the lobby
    lobby_burst: int = 40
    max_conns: int = 46
    max_lobby: int = 32
    max_per_address: int = 4
    max_watchers: int = 8           # spectators at the table, and from one address: each arrival
    max_watchers_per_address: int = 2   # is a notice on every player's screen
    max_outbuf: int = MAX_OUTBUF
    write_timeout: float = 15.0     # bytes left unsent this long: the peer stopped reading
    linger: float = LINGER
    idle_timeout: float = 15.0
    hello_timeout: float = 10.0


class Bucket:
    """A token bucket: ``burst`` tokens, refilled at ``rate`` a second."""

    def __init__(self, rate: float, burst: float, now: float | None = None) -> None:
        self.rate = float(rate)
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic() if now is None else now

    def _refill(self, now: float | None) -> float:
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now
        return now

    def take(self, now: float | None = None) -> bool:
        """Spend one token; False (nothing spent) when the bucket is empty."""
        self._refill(now)
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def full(self, now: float | None = None) -> bool:
        self._refill(now)
        return self.tokens >= self.burst

    def wait(self, now: float | None = None) -> float:
        """Seconds until one token is back (0 if there is one)."""
        self._refill(now)
        return 0.0 if self.tokens >= 1.0 else (1.0 - self.tokens) / self.rate if self.rate > 0 else float("inf")


def address_key(host: str) -> str:
    """What per-address limits count: the IPv4 address, or an IPv6 address's /64
    network (one machine can take any number of addresses inside its /64).

    >>> address_key("192.168.1.20"), address_key("::ffff:10.0.0.2"), address_key("fe80::1:2:3:4%eth0")
    ('192.168.1.20', '10.0.0.2', 'fe80::/64')
    """
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


class LobbyConn(Protocol):
    """What ``choose_victim`` reads of a connection."""
    address: str
    opened: float


def choose_victim(lobby: Iterable[LobbyConn], address: str, max_lobby: int,
                  max_per_address: int) -> tuple[LobbyConn | None, str]:
    """The lobby connection to close so that a newcomer from ``address`` fits, and why.

    ``lobby`` holds the live connections without a seat (the newcomer not
    among them).  The newcomer always gets in (a player, or a token holder on
    the way back to a seat, looks like any newcomer until its ``join``), so the
    one who pays is someone who has sat in the lobby longer: the oldest from
    the newcomer's own address when that address is at its limit, else the
    oldest from the address holding the most lobby connections.  A squatter
    therefore evicts itself first, and a crowd of squatters evicts its oldest
    members before anyone who just arrived.  (None, "") when there is room.
    """
    conns = list(lobby)
    if not conns:
        return None, ""
    mine = [c for c in conns if c.address == address]
    if len(mine) >= max_per_address:
        return min(mine, key=lambda c: c.opened), "too many connections from your address"
    if len(conns) < max_lobby:
        return None, ""
    counts: dict[str, int] = {}
    for c in conns:
        counts[c.address] = counts.get(c.address, 0) + 1
    victim = min(conns, key=lambda c: (-counts[c.address], c.opened))
    return victim, "the lobby is full: the longest-waiting connection makes room"


class AddressBudget:
    """A token bucket per address: ``burst`` tries, then one every ``every``
    seconds.  Memory stays bounded: at most ``max_addresses`` are remembered,
    and addresses whose tries are all back are forgotten first."""

    def __init__(self, burst: int, every: float, max_addresses: int = 4096) -> None:
        self.burst = burst
        self.every = every
        self.max_addresses = max_addresses
        self._buckets: dict[str, Bucket] = {}

    def attempt(self, address: str, now: float | None = None) -> float:
        """Spend one try for ``address``: 0.0 if allowed, else seconds to wait."""
        now = time.monotonic() if now is None else now
        b = self._buckets.get(address)
        if b is None:
            if len(self._buckets) >= self.max_addresses:
                self._prune(now)
            b = self._buckets[address] = Bucket(1.0 / self.every, self.burst, now)
        if b.take(now):
            return 0.0
        return max(b.wait(now), 0.001)

    def _prune(self, now: float) -> None:
        for key in [k for k, b in self._buckets.items() if b.full(now)]:
            del self._buckets[key]
        while len(self._buckets) >= self.max_addresses:
            del self._buckets[next(iter(self._buckets))]


def code_guard(tries: int = 5, every: float = 6.0) -> AddressBudget:
    """Wrong join codes per address: five tries, then one every six seconds.  Six
    digits at ten tries a minute would take one address about 70 days."""
    return AddressBudget(tries, every)


def displace_budget(burst: int = 4, every: float = 1.0) -> AddressBudget:
    """How often one address may push someone else out of a full lobby: four
    times, then once a second.  A crowd of squatters on many addresses then
    turns the lobby over slowly enough that a player's hello and join (sent
    together) always land before it is their turn to go."""
    return AddressBudget(burst, every)


class LogLimiter:
    """Log lines about peers, at most ``burst`` per kind and then one per ``every``
    seconds; the lines held back are counted and reported with the next one.

    One peer (or a hundred) must not fill the host's log or its disk: the
    issue that motivated this saw 239,475 tracebacks in 40 seconds.
    """

    def __init__(self, logger: logging.Logger, burst: int = 5, every: float = 10.0) -> None:
        self.logger = logger
        self.burst = burst
        self.every = every
        self._buckets: dict[str, Bucket] = {}
        self.suppressed: dict[str, int] = {}

    def __call__(self, kind: str, level: int, msg: str, *args: Any, exc_info: Any = None) -> bool:
        """Log ``msg % args`` under ``kind`` if its budget allows; True if logged."""
        b = self._buckets.get(kind)
        if b is None:
            if len(self._buckets) > 256:          # kinds are a fixed vocabulary; stay bounded anyway
                self._buckets.clear()
            b = self._buckets[kind] = Bucket(1.0 / self.every, self.burst)
        if not b.take():
            self.suppressed[kind] = self.suppressed.get(kind, 0) + 1
            return False
        held = self.suppressed.pop(kind, 0)
        if held:
            msg += f" ({held} more like this held back)"
        self.logger.log(level, msg, *args, exc_info=exc_info)
        return True


def open_files() -> int:
    """Files this process has open now (Linux /proc; 0 where unknown)."""
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return 0


def file_budget(wanted: int, reserve: int = 24) -> int:
    """How many sockets the host may hold: ``wanted``, or fewer when the process's
    open-file limit would not leave ``reserve`` files for everything else (the
    autosave, zeroconf, the bots' pool, a log file).  At least 8."""
    try:
        import resource
        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return wanted
    if soft == resource.RLIM_INFINITY or soft <= 0:
        return wanted
    room = soft - open_files() - reserve
    return max(8, min(wanted, room))


def watch_refusal(watching: list[str], address: str, budgets: Budgets) -> str | None:
    """Why a newcomer from ``address`` may not watch, with spectators watching from the
    addresses ``watching``; None when it may.  Each arrival is a notice on every player's
    screen, and a script opened thirty.

    >>> watch_refusal(["a", "a"], "a", Budgets())
    '2 spectators at most from one address'
    >>> watch_refusal(["a", "b"], "c", Budgets()) is None
    True
    """
    if len(watching) >= budgets.max_watchers:
        return f"this table takes {budgets.max_watchers} spectators at most"
    if watching.count(address) >= budgets.max_watchers_per_address:
        return f"{budgets.max_watchers_per_address} spectators at most from one address"
    return None
