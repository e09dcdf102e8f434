"""The one way a screen talks to a table: ``TableLink``.

Whatever the table is (a match played here, a seat at a LAN table, a replay),
the screen sends intents with ``act``, reads what arrived with ``poll`` (the
LAN protocol's messages: welcome, events, players, error, notice, bye,
disconnected), and asks ``view``/``players``/``summaries`` for the newest
state.  A local table uses an in-process transport (``host.local``), a LAN
client the socket transport (``net.link``), a replay its own record
(``host.replay``).  No table decides anything in the screen: a move shows
once the host's events confirm it.

``LinkBase`` folds the messages into that state, so every transport reads
them the same way.
"""
from __future__ import annotations

import math
import queue
import time
from typing import Any, Protocol, runtime_checkable

from rules.games import Game, get_game


@runtime_checkable
class TableLink(Protocol):
    game: Game
    seats: tuple[str, ...]            # every seat of the table, clockwise from the bottom
    table_name: str
    lan: bool                          # a LAN table (its name shows; Reconnect after a drop)
    hosting: bool                      # this machine hosts it (fill open seats, close the table)
    replay: bool                       # a recorded match played back (every hand open)
    lost: str | None                   # why the connection dropped (LAN), or None
    closed_reason: str | None          # why the table closed, or None
    save_error: str | None

    def my_seats(self) -> tuple[str, ...]: ...
    def view(self, seat: str | None = None) -> dict: ...
    def players(self) -> dict: ...
    def summaries(self) -> list: ...
    def name(self, seat: str) -> str: ...
    def kind(self, seat: str) -> str: ...
    def away(self, seat: str) -> bool | int: ...
    def poll(self) -> list[dict]: ...
    def act(self, seat: str, action: dict) -> bool: ...
    def shown(self, version: int) -> None: ...
    def hold(self, on: bool) -> None: ...
    def record(self) -> dict | None: ...
    def match_id(self) -> str | None: ...
    def open_hands(self) -> dict | None: ...
    def set_pace(self, seconds: float) -> None: ...
    def reconnect(self) -> bool: ...
    def fill_open_seats(self) -> None: ...
    def ask_hint(self, seat: str) -> bool: ...
    def say(self, seat: str, phrase: str) -> bool: ...
    def join_notes(self) -> list[dict]: ...
    def close(self) -> None: ...


def summary_closed(view: dict, version: int) -> bool:
    """Has a screen that finished showing ``version`` just closed a deal's summary (the
    view is of a deal over, and the match goes on)?  Then a LAN host hears ``ready``."""
    return view.get("phase") == "done" and not view.get("finished") and view.get("version") == version


class LinkBase:
    """The state a screen reads, folded from the host's messages.

    Subclasses put messages on ``inbox`` (any thread) and implement the
    sending side (``act``, ``shown``, ``hold``, ``close``).
    """

    lan = False
    hosting = False
    replay = False

    _standin_due: dict[str, float] = {}    # an away seat -> when a bot plays for them (replaced, never changed)

    def __init__(self, game: Game | str, table_name: str = "", wake: Any = None) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        self.seats = tuple(self.game.seats)
        self.table_name = table_name
        self.wake = wake
        self.inbox: queue.Queue = queue.Queue()
        self.lost: str | None = None
        self.replaced = False              # the drop was this seat taken by another window with its token
        self.closed_reason: str | None = None
        self.save_error: str | None = None
        self.token: str | None = None
        self.hints_allowed = False        # the table lets its players ask the coach
        self.standin_played: dict | None = None   # a rejoin's welcome: what a bot did meanwhile
        self.standins_now: list | None = None     # a welcome's: [action index, seat] a bot decided this deal
        self._mine: tuple[str, ...] = ()
        self._views: dict[str, dict] = {}
        self._view: dict = {}
        self._players: dict = {}
        self._summaries: list = []
        self._unannounced: set[str] = set()    # seats away at the welcome: no "back" for them
        self._derived: list[dict] = []     # notices read from a change of the players (a friend's screen)
        self.watchers = 0                  # spectators at a LAN table
        self.watching: list[tuple[int, str]] = []      # (serial, name) of each, as the host said
        # LAN, between deals: the seats whose players still read the last summary, and when
        # (time.monotonic) the host deals anyway; None once the next deal is dealt.
        self.reading: tuple[list, float] | None = None

    # -- reading ---------------------------------------------------------------------------
    def my_seats(self) -> tuple[str, ...]:
        return self._mine

    def view(self, seat: str | None = None) -> dict:
        """The newest view of ``seat`` (one this screen plays), else the main one."""
        if seat is not None and seat in self._views:
            return self._views[seat]
        return self._view

    def players(self) -> dict:
        return self._players

    def summaries(self) -> list:
        return list(self._summaries)

    def name(self, seat: str) -> str:
        p = self._players.get(seat) or {}
        if p.get("kind") == "open":
            return f"{seat.title()} (open)"
        return p.get("name") or seat.title()

    def away(self, seat: str) -> bool | int:
        """A person at another screen whose connection is gone (a bot not yet standing in):
        the whole seconds before a bot plays for them where the host said, else True; False
        when they are not away."""
        p = self._players.get(seat) or {}
        if seat in self._mine or p.get("connected") is not False or p.get("standin"):
            return False
        due = self._standin_due.get(seat)
        return max(0, math.ceil(due - time.monotonic())) if due is not None else True

    def kind(self, seat: str) -> str:
        """``me`` (played on this screen), ``bot`` (a bot, or one standing in), ``person``
        (someone at another screen) or ``open``."""
        if seat in self._mine:
            return "me"
        p = self._players.get(seat) or {}
        if p.get("kind") == "bot" or p.get("standin"):
            return "bot"
        return "open" if p.get("kind") == "open" else "person"

    def record(self) -> dict | None:
        """The match record, where this screen may have it (a table hosted here)."""
        return None

    def open_hands(self) -> dict | None:
        """Every seat's cards now, for a table that shows them all (replays); else None."""
        return None

    def match_id(self) -> str | None:
        """The name the players' statistics know this match by (its save file's), or None."""
        return None

    # -- what only some tables do (the others ignore it) ----------------------------------------
    def set_pace(self, seconds: float) -> None:
        """The least time a bot takes to act (a table hosted here)."""

    def reconnect(self) -> bool:
        """Take the seat back after a dropped connection (LAN); False if it cannot."""
        return False

    def fill_open_seats(self) -> None:
        """Give every open seat to a bot (the host of a LAN table)."""

    def match_key(self) -> str | None:
        """The match's id in the statistics of a friend's machine at a LAN table, else None."""
        return None

    def send_away(self, seat: str) -> None:
        """Give a friend's seat to a bot and close that connection (the host of a LAN table)."""

    def send_watcher_off(self, serial: int) -> None:
        """Send one spectator off (``serial`` from ``watching``) and take none from its
        computer after (the host of a LAN table)."""

    def turn_away_watchers(self) -> None:
        """Send every spectator off and take no new one (the host of a LAN table)."""

    def ask_hint(self, seat: str) -> bool:
        """Ask the coach for ``seat``'s decision (answered by a ``hint`` message)."""
        return False

    def say(self, seat: str, phrase: str) -> bool:
        """Say a set phrase to the table (LAN; answered by a ``said`` message to everyone)."""
        return False

    def end_unseen(self) -> bool:
        """A finished match whose last summary and results nobody here has seen (the game
        stopped on its last deal): the screen shows them as it opens (a table hosted here)."""
        return False

    def end_seen(self) -> None:
        """The match's results were shown here: Resume no longer offers it (a table hosted here)."""

    def join_notes(self) -> list[dict]:
        """The waiting panel's lines, as codes the screen words: ``{"note": "lobby"}``
        (friends find it in the lobby), ``{"note": "address", "addresses": [...]}``,
        ``{"note": "code", "code": "482 913"}``, ``{"note": "starts_when_full"}``,
        ``{"note": "watching"}``."""
        return []

    # -- the messages ----------------------------------------------------------------------
    def put(self, msg: dict) -> None:
        """Hand a message to the screen (from any thread) and wake its loop."""
        self.inbox.put(msg)
        if self.wake:
            try:
                self.wake()
            except Exception:
                pass

    def poll(self, limit: int = 256) -> list[dict]:
        """Messages that arrived since the last poll, each already folded in."""
        out = []
        for _ in range(limit):
            try:
                msg = self.inbox.get_nowait()
            except queue.Empty:
                break
            self.take(msg)
            out.append(msg)
            out.extend(self._derived)
            self._derived.clear()
        return out

    def take(self, msg: dict) -> None:
        kind = msg.get("type")
        if isinstance(msg.get("view"), dict):
            self._view = msg["view"]
            seat = self._view.get("seat")
            if seat in self._mine:
                self._views[seat] = self._view
        if isinstance(msg.get("views"), dict):
            self._views.update(msg["views"])
        if kind == "events":
            for ev in msg.get("events") or ():
                if ev.get("type") == "deal_started":
                    self.reading = None
                if ev.get("type") == "deal_scored":
                    self._summaries.append(ev.get("summary") or {"score": ev.get("score") or {},
                                                                 "outcome": ev.get("outcome")})
        elif kind == "welcome":
            mine = msg.get("seats")          # the seats this screen plays (none: it watches)
            if not isinstance(mine, list):   # a host that names only the one seat
                mine = [msg["seat"]] if msg.get("seat") and not msg.get("spectator") else []
            self._mine = tuple(s for s in mine if s in self.seats)
            if msg.get("token"):
                self.token = msg["token"]
            self.lost = None
            self._players = dict(msg.get("players") or {})
            # Away when this screen came (back): their leaving was never told here, so their
            # return is not either (after a host's freeze every screen said "Bo is back").
            self._unannounced = {s for s, p in self._players.items()
                                 if isinstance(p, dict) and p.get("connected") is False}
            if isinstance(msg.get("summaries"), list):
                self._summaries = list(msg["summaries"])
            if msg.get("table"):
                self.table_name = msg["table"]
            self.hints_allowed = bool(msg.get("hints"))
            if isinstance(msg.get("watchers"), int):
                # the watchers already there, as a count: a screen coming back read "Someone is
                # watching the table" over "a bot played 3 cards for you"
                self.watchers = msg["watchers"]
                self.watching = watcher_list(msg.get("watchers_who"))
            played = msg.get("standin_played")
            self.standin_played = played if isinstance(played, dict) else None
            # the deal on the table's decisions a bot made standing in (kept with it: table.lan_stats)
            self.standins_now = msg["standins"] if isinstance(msg.get("standins"), list) else None
        elif kind == "players":
            players = dict(msg.get("players") or {})
            self._standin_due = {seat: time.monotonic() + p["standin_in"] for seat, p in players.items()
                                 if isinstance(p, dict) and isinstance(p.get("standin_in"), int)}
            if self.lan and not self.hosting:      # the host's own screen gets the host's notices
                quiet = self._unannounced
                self._derived.extend(n for n in seat_notices(self._players, players, self._mine)
                                     if not (n["kind"] == "back" and n["seat"] in quiet))
                self._unannounced = {s for s in quiet if (players.get(s) or {}).get("connected") is False}
            self._players = players
        elif kind == "watchers" and isinstance(msg.get("n"), int):
            if msg["n"] > self.watchers:       # someone came to watch: the table is told
                name = msg.get("name") if isinstance(msg.get("name"), str) else None
                self._derived.append({"type": "notice", "kind": "watching", "name": name})
            before = self.watching
            self.watchers = msg["n"]
            self.watching = watcher_list(msg.get("who"))
            if "who" in msg:                   # and who went (not one who sat down: "Cy sat down" says it)
                now = {serial for serial, _name in self.watching} | {msg.get("sat")}
                self._derived.extend({"type": "notice", "kind": "stopped_watching", "name": name}
                                     for serial, name in before if serial not in now and name)
        elif kind == "reading" and isinstance(msg.get("seats"), list) and isinstance(msg.get("seconds"), int):
            seats = [x for x in msg["seats"] if x in self.seats]
            self.reading = (seats, time.monotonic() + max(0.0, min(float(msg["seconds"]), 60.0)))
        elif kind == "notice" and msg.get("kind") == "save_failed":
            self.save_error = msg.get("reason")
        elif kind in ("bye", "host_closed"):
            if msg.get("table_closed", True):
                self.closed_reason = msg.get("reason") or "the host closed the table"
            else:
                self.lost = msg.get("reason") or "this seat was taken back"
                self.replaced = True
        elif kind == "disconnected":
            self.lost = msg.get("reason") or "the connection was lost"
            self.replaced = bool(msg.get("replaced"))


def seat_notices(before: dict, after: dict, mine: tuple = ()) -> list[dict]:
    """The notices a friend's screen reads from a change of the players (the host tells
    only its own screen): someone sat down, left, has a bot playing for them, is back.

    >>> seat_notices({"left": {"kind": "human", "name": "Bo", "connected": True, "standin": False}},
    ...              {"left": {"kind": "human", "name": "Bo", "connected": False, "standin": True}})
    [{'type': 'notice', 'kind': 'left', 'seat': 'left', 'name': 'Bo'}, {'type': 'notice', 'kind': 'standin', 'seat': 'left', 'name': 'Bo'}]
    >>> seat_notices({"left": {"kind": "human", "name": "Bo", "connected": True, "standin": False}},
    ...              {"left": {"kind": "human", "name": "Bo", "connected": False, "standin": False}})
    [{'type': 'notice', 'kind': 'lost', 'seat': 'left', 'name': 'Bo'}]
    >>> seat_notices({"left": {"kind": "human", "name": "Bo", "connected": True, "standin": False}},
    ...              {"left": {"kind": "human", "name": "Bo", "connected": False, "standin": True, "gone": "lost"}})
    [{'type': 'notice', 'kind': 'lost', 'seat': 'left', 'name': 'Bo'}, {'type': 'notice', 'kind': 'standin', 'seat': 'left', 'name': 'Bo'}]
    >>> seat_notices({"left": {"kind": "human", "name": "Bo", "connected": True, "standin": False}},
    ...              {"left": {"kind": "bot", "name": "Tana", "bot": "TANA"}})
    [{'type': 'notice', 'kind': 'sent_away', 'seat': 'left', 'name': 'Bo'}]
    """
    out = []
    for seat, now in after.items():
        was = before.get(seat)
        if seat in mine or not isinstance(now, dict) or not isinstance(was, dict) \
                or now.get("kind") not in ("human", "host") and was.get("kind") != "human":
            continue
        kinds = []
        if was.get("kind") == "open":
            kinds.append("joined")
        elif was.get("kind") == "human" and now.get("kind") == "bot":
            kinds.append("sent_away")          # the host gave the seat to a bot
        elif was.get("connected", True) and now.get("connected") is False:
            # as the host says; an older host: a goodbye hands the seat to a bot at once
            gone = now.get("gone")
            kinds.append(gone if gone in ("left", "lost") else "left" if now.get("standin") else "lost")
        elif was.get("connected") is False and now.get("connected"):
            kinds.append("back")
        if now.get("standin") and not was.get("standin"):
            kinds.append("standin")
        out += [{"type": "notice", "kind": k, "seat": seat,
                 "name": was.get("name") if k == "sent_away" else now.get("name")} for k in kinds]
    return out


def watcher_list(who: Any) -> list[tuple[int, str]]:
    """The spectators of a ``watchers`` message's ``who`` ([serial, name] each), anything
    malformed left out, at most 16 (a table takes 8).

    >>> watcher_list([[3, "Mona"], [4, 5], "x", [5, "Cy"]])
    [(3, 'Mona'), (5, 'Cy')]
    >>> watcher_list(None)
    []
    """
    if not isinstance(who, list):
        return []
    return [(w[0], w[1][:40]) for w in who if isinstance(w, list) and len(w) == 2 and type(w[0]) is int
            and isinstance(w[1], str)][:16]
