"""Who is at the table: the part of the table host (``host.table_host``) that
seats people and spectators, takes a seat back with its token, and lets a bot
stand in for a person who is away.  ``Seating`` is mixed into ``TableHost``;
it reads and writes the host's seats and endpoints and asks the host to tell
everyone (``_welcome``, ``_notice``, ``seats_changed``) and to go on
(``advance``, ``_mark_ready``)."""
from __future__ import annotations

import hmac
import random
import time
from typing import Any

from rules.host import MatchHost

from .endpoint import Endpoint, TableError
from .seats import STANDIN, Seat, bot_name, character, distinct_name, hash_token, new_token


class Seating:
    # The table host's state this part works on (set in TableHost.__init__).
    mh: MatchHost
    seats: dict[str, Seat]
    order: tuple[str, ...]
    endpoints: list[Endpoint]
    rng: random.Random
    grace: float
    loop: Any
    started: bool
    stopping: bool
    _held: set[int]
    watchers_away = False           # the host turned the spectators away: none is taken
    watchers_refused: set[str]      # the addresses of spectators the host sent off one by one

    # What the table host does for it.
    def _welcome(self, ep: Endpoint, token: str | None, rejoin: bool,
                 played: dict | None = None) -> None: ...
    def _notice(self, kind: str, **info: Any) -> None: ...
    def seats_changed(self) -> None: ...
    def advance(self) -> None: ...
    def _mark_ready(self) -> None: ...

    # -- who is at the table ----------------------------------------------------------------
    def attach(self, endpoint: Endpoint, seats: tuple[str, ...] = (), watch: str | None = None) -> None:
        """A screen of this machine: it plays ``seats`` (people here), or watches ``watch``."""
        for seat in seats:
            s = self.seats.get(seat)
            if s is None or s.kind != "here":
                raise TableError("seat_taken", f"{seat} is not a seat for a person here")
            if s.endpoint is not None and s.endpoint is not endpoint:
                raise TableError("seat_taken", f"{seat} is already played on another screen")
        endpoint.plays = tuple(seats)
        endpoint.watch = watch if not seats else None
        endpoint.spectator = not seats and not endpoint.trusted
        for seat in seats:
            self.seats[seat].endpoint = endpoint
        self.endpoints.append(endpoint)
        self._welcome(endpoint, None, rejoin=self.started)
        if seats:
            self.seats_changed()
        self.advance()

    def watch(self, endpoint: Endpoint, place: str | None = None) -> None:
        """A spectator: every public thing, no hand ever."""
        if self.watchers_away:
            raise TableError("no_watchers", "the host is not taking spectators")
        if getattr(endpoint, "peer_ip", None) in self.watchers_refused:
            raise TableError("no_watchers", "the host sent a spectator of this computer off")
        if place is not None and place not in self.order:
            raise TableError("no_such_seat", f"{place!r} is not a seat of {self.mh.game.name}")
        endpoint.plays = ()
        endpoint.watch = place or self.order[0]
        endpoint.spectator = True
        endpoint.trusted = False
        self.endpoints.append(endpoint)
        self._welcome(endpoint, None, rejoin=False)
        self._watchers(endpoint.name)

    def watching(self) -> list[list]:
        """[serial, name] of each spectator, in the order they came."""
        return [[ep.serial, ep.name or ""] for ep in self.endpoints if ep.spectator]

    def _watchers(self, newcomer: str | None = None, sat: int | None = None) -> None:
        """Everyone at the table hears who watches it (and who came to, or ``sat`` down: no
        "stopped watching" for a spectator who took a seat), never the watchers."""
        who = self.watching()
        msg: dict[str, Any] = {"type": "watchers", "n": len(who), "name": newcomer, "who": who}
        if sat is not None:
            msg["sat"] = sat
        for ep in list(self.endpoints):
            if not ep.spectator:
                ep.deliver(msg)

    def join(self, endpoint: Endpoint, seat: str | None = None, token: str | None = None) -> None:
        """A person over the network takes ``seat`` (or the first free one), or takes
        back the seat its ``token`` opens; TableError if it cannot."""
        if endpoint.plays:
            raise TableError("already_seated", f"this connection already plays {endpoint.plays[0]}")
        if token is not None:
            h = hash_token(token)
            s = next((x for x in self.seats.values()
                      if x.token_hash and hmac.compare_digest(x.token_hash, h)), None)
            if s is None or (seat is not None and s.seat != seat):
                raise TableError("bad_token", "that token opens no seat at this table"
                                 if seat is None else f"that token does not open {seat}")
            self._bind(s, endpoint, token, rejoin=True)
            return
        if seat is None:
            free = [x for x in self.order if self.seats[x].kind == "open"]
            if not free:
                raise TableError("table_full", "no seat is free at this table")
            seat = free[0]
        if seat not in self.seats:
            raise TableError("no_such_seat", f"{seat!r} is not a seat of {self.mh.game.name} "
                                             f"({', '.join(self.order)})")
        s = self.seats[seat]
        if s.kind != "open":
            raise TableError("seat_taken", f"{seat} belongs to {s.name or s.kind}"
                             + (" (rejoin with its token)" if s.kind == "remote" else ""))
        s.kind = "remote"
        s.name = distinct_name(endpoint.name or "Player", self.seats, seat)
        token = new_token()
        s.token_hash = hash_token(token)
        self._bind(s, endpoint, token, rejoin=False)

    def _bind(self, s: Seat, endpoint: Endpoint, token: str, rejoin: bool) -> None:
        old = s.endpoint
        if old is not None and old is not endpoint:
            self._forget(old)
            old.close(bye="this seat was taken back by a new connection with its token", table_closed=False)
        if s.grace is not None:
            s.grace.cancel()
            s.grace = None
        watched = endpoint.spectator        # a spectator sits down: it watches no more
        if watched:
            self._forget(endpoint)
            endpoint.spectator = False
        was_standin = s.standin
        played = {"cards": s.standin_cards, "acts": s.standin_acts} if rejoin and s.standin_acts else None
        s.standin, s.standin_cards, s.standin_acts = False, 0, 0
        s.endpoint, s.gone = endpoint, None
        if endpoint.name and rejoin and not s.name:
            # a seat's name is its player's for the whole match: a friend back with another
            # name in the lobby's box ("Sam" back as "Samantha") split the statistics in two
            s.name = distinct_name(endpoint.name, self.seats, s.seat)
        endpoint.plays = (s.seat,)
        self.endpoints.append(endpoint)
        self._welcome(endpoint, token, rejoin, played)     # with how many watch already
        if not (rejoin and old is not None):
            # A connection that replaces one still holding the seat (another window with the
            # token, or a reconnect queued while the host was frozen) is no return: nobody
            # heard it leave, so nobody hears it come back.
            self._notice("back" if rejoin else "joined", seat=s.seat, name=s.name, standin_ended=was_standin)
        if watched:
            self._watchers(sat=endpoint.serial)
        self.seats_changed()
        self.advance()

    def leave(self, endpoint: Endpoint, immediate: bool = False) -> None:
        """``endpoint`` is gone (its connection dropped, or it said bye: ``immediate``).  Told
        twice (a watcher's bye, then its connection's end), the table hears it once."""
        known = endpoint in self.endpoints
        self._forget(endpoint)
        if endpoint.spectator and known:
            self._watchers()
        for seat in endpoint.plays:
            s = self.seats.get(seat)
            if s is None or s.endpoint is not endpoint:
                continue
            s.endpoint = None
            if s.kind == "remote":
                # a goodbye is leaving; a dropped connection may come back (flaky Wi-Fi)
                s.gone = "left" if immediate else "lost"
                self._notice(s.gone, seat=s.seat, name=s.name)
                if not self.stopping:
                    self.away(s, 0.0 if immediate else None)
        endpoint.plays = ()
        self._mark_ready()            # a gone screen no longer holds the pace
        self.advance()

    def _forget(self, endpoint: Endpoint) -> None:
        if endpoint in self.endpoints:
            self.endpoints.remove(endpoint)
        self._held.discard(id(endpoint))

    def away(self, s: Seat, grace: float | None = None) -> None:
        """A person's seat without its connection: a bot stands in after the grace period."""
        grace = self.grace if grace is None else grace
        if s.grace is not None:
            s.grace.cancel()
        if grace <= 0:
            s.grace = None
            self._standin(s)
        else:
            s.standin_at = time.monotonic() + grace
            s.grace = self.loop.call_later(grace, self._standin, s)
            self.seats_changed()

    def _standin(self, s: Seat) -> None:
        s.grace = None
        if s.endpoint is not None or not s.person or self.mh.match.finished:
            return
        if not self.started and s.kind == "remote":
            # Before the first deal nothing is lost: the chair is free again for anyone
            # (a stand-in bot would hold it for the whole match).
            self.seats[s.seat] = Seat(s.seat, "open")
            self.seats_changed()
            return
        s.standin = True
        s.bot = s.bot or STANDIN
        self._notice("standin", seat=s.seat, name=s.name, bot=s.bot)
        self.seats_changed()
        self.advance()

    def set_seat(self, seat: str, spec: str) -> None:
        """An open or bot seat becomes open, or a bot (``bot`` or ``bot:CHARACTER``)."""
        s = self.seats.get(seat)
        if s is None or s.kind not in ("open", "bot"):
            self._notice("error", reason=f"{seat} is not free to change")
            return
        kind, _sep, arg = spec.partition(":")
        if kind == "bot":
            try:
                self._bot_at(seat, arg)
            except ValueError as e:
                self._notice("error", reason=str(e))
                return
        elif kind == "open":
            self.seats[seat] = Seat(seat, "open")
        else:
            self._notice("error", reason="the host's seats are fixed when the table opens")
            return
        self.seats_changed()
        self.advance()

    def _bot_at(self, seat: str, name: str = "bot") -> None:
        """A bot (``name``: a character, or "bot" for one of the easy ones) takes ``seat``,
        unlike the others' characters and named apart from them; ValueError for no character."""
        others = {k: v for k, v in self.seats.items() if k != seat}
        bot = character(name, self.rng, avoid={v.bot for v in others.values()})
        self.seats[seat] = Seat(seat, "bot", bot_name(bot, others), bot=bot)

    def fill_open_with_bots(self, bot: str | None = None) -> None:
        for seat in self.order:
            if self.seats[seat].kind == "open":
                self.set_seat(seat, f"bot:{bot}" if bot else "bot")

    # -- the host's say over its table -------------------------------------------------------
    def send_away(self, seat: str) -> None:
        """The host takes a friend's seat back (a stranger sat in it, say): that connection is
        closed with the reason, its token opens the seat no more, and a bot plays on."""
        s = self.seats.get(seat)
        if s is None or s.kind != "remote":
            self._notice("error", reason=f"{seat} is not a seat of a friend on the network")
            return
        if s.grace is not None:
            s.grace.cancel()
        ep, name = s.endpoint, s.name
        if ep is not None:
            self._forget(ep)
            ep.plays = ()
            ep.close(bye=SENT_AWAY)
        self._bot_at(seat)
        self._notice("sent_away", seat=seat, name=name)
        self.seats_changed()
        self._mark_ready()
        self.advance()

    def send_watcher_off(self, serial: int) -> None:
        """The host sends one spectator off (a stranger at a friends' table): that
        connection is closed with the reason, and no spectator from its computer is
        taken after; the others watch on."""
        ep = next((e for e in self.endpoints if e.spectator and e.serial == serial), None)
        if ep is None:              # gone meanwhile: nothing to do
            return
        self._forget(ep)
        address = getattr(ep, "peer_ip", None)      # the computer's own address (``address``, the
        if isinstance(address, str):                # limits' key, is a whole IPv6 /64)
            self.watchers_refused.add(address)
        ep.close(bye=WATCHER_SENT_OFF)
        self._watchers()

    def turn_away_watchers(self) -> None:
        """Every spectator is sent off, and no new one is taken (a stranger watching)."""
        self.watchers_away = True
        for ep in [e for e in self.endpoints if e.spectator]:
            self._forget(ep)
            ep.close(bye=WATCHERS_AWAY)
        self._watchers()
        self.seats_changed()        # the lobby's rows say so: Watch greys there, not a refusal after


SENT_AWAY = "the host gave your seat to a bot"
WATCHERS_AWAY = "the host turned the spectators away"
WATCHER_SENT_OFF = "the host asked you to stop watching"
