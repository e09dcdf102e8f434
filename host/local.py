"""A table hosted at this machine, played on this machine's screen.

``open_local`` makes a match (a person or several here, bots in the other
seats, or only bots for the demo), its ``TableHost`` on a thread of its own,
and the screen's ``LocalLink``: the in-process transport.  The screen reads
and acts through the link exactly as a LAN player does through a socket.

    link = open_local("manni", humans=1, bots=["TANA", "KADO"], save_dir=folder)
    msgs = link.poll()                        # welcome, events, players ...
    link.act("bottom", {"swap": False})       # answered by events (or an error)
    link.close()
"""
from __future__ import annotations

import os
import random
import secrets
import threading
import time
from typing import Any, Callable

from rules.games import Game, get_game
from rules.host import MatchHost
from rules.store import load_record

from .endpoint import Endpoint
from .link import LinkBase, summary_closed
from .runner import HostRunner
from .seats import Seat, from_players, seat_plan
from .table_host import TableHost


class _Port(Endpoint):
    """The host's side of a local screen: messages go straight to the link's inbox."""

    kind = "screen"

    def __init__(self, link: LocalLink, name: str | None, gate: bool) -> None:
        super().__init__(name, trusted=True, gate=gate)
        self.link = link

    def deliver(self, msg: dict) -> None:
        self.link.put(msg)


class LocalLink(LinkBase):
    """The screen's side of a table hosted here (a ``TableLink``)."""

    def __init__(self, host: TableHost, runner: Any, *, gate: bool = True, wake: Any = None,
                 owns_runner: bool = True, lan: bool = False, hosting: bool = False,
                 on_close: Callable[[], None] | None = None,
                 notes: Callable[[], list[dict]] | None = None) -> None:
        """``runner`` runs calls on the host's loop (a ``HostRunner``, or the LAN server,
        which has the same ``call``); ``on_close`` replaces the default leaving (the
        host of a LAN table closes it); ``notes`` words the waiting panel."""
        super().__init__(host.mh.game, host.table, wake)
        self.host = host
        self.runner = runner
        self.owns_runner = owns_runner
        self.lan = lan
        self.hosting = hosting
        self.on_close = on_close
        self.notes = notes
        self.port = _Port(self, "screen", gate)
        self._sent_shown = -1
        self._held = False
        self._closed = False

    # -- the screen's side -------------------------------------------------------------------
    def act(self, seat: str, action: dict) -> bool:
        """Send ``action`` for ``seat`` answering the newest view of that seat."""
        if self._closed:
            return False
        version = self.view(seat).get("version")
        return self.runner.call(self.host.intent, self.port, seat, dict(action), version)

    def shown(self, version: int) -> None:
        """The screen has finished showing ``version`` (the host paces bots on it)."""
        if version <= self._sent_shown or self._closed:
            return
        if self.port.gate:
            self._sent_shown = version
            self.runner.call(self.host.shown, self.port, version)
        elif self.port.reads_summaries and summary_closed(self.view(), version):
            self._sent_shown = version
            self.runner.call(self.host.ready, self.port, version)

    def hold(self, on: bool) -> None:
        if on != self._held and not self._closed:
            self._held = on
            self.runner.call(self.host.hold, self.port, on)

    def set_hints(self, on: bool) -> None:
        """The player turned the coach's hints on or off in Settings: a table of this machine
        follows at once (a deal played with a hint stays out of the statistics all the same);
        a LAN table keeps what its host offered everyone."""
        if not self.lan and not self._closed:
            self.hints_allowed = on
            self.runner.call(setattr, self.host, "hints", on)

    def set_pace(self, seconds: float) -> None:
        self.runner.call(setattr, self.host, "bot_delay", float(seconds))

    def fill_open_seats(self) -> None:
        self.runner.call(self.host.fill_open_with_bots)

    def send_away(self, seat: str) -> None:
        if self.lan and self.hosting:
            self.runner.call(self.host.send_away, seat)

    def send_watcher_off(self, serial: int) -> None:
        if self.lan and self.hosting:
            self.runner.call(self.host.send_watcher_off, serial)

    def turn_away_watchers(self) -> None:
        if self.lan and self.hosting:
            self.runner.call(self.host.turn_away_watchers)

    def ask_hint(self, seat: str) -> bool:
        return not self._closed and self.runner.call(self.host.hint, self.port, seat)

    def say(self, seat: str, phrase: str) -> bool:
        return not self._closed and self.runner.call(self.host.say, self.port, seat, phrase)

    def end_unseen(self) -> bool:
        return self.host.mh.match.finished and not self.host.end_seen

    def end_seen(self) -> None:
        if not self._closed and self.end_unseen():
            self.runner.call(self.host.see_end)

    def match_id(self) -> str | None:
        return os.path.basename(self.host.save_path) if self.host.save_path else None

    def record(self) -> dict | None:
        """The match record as the host has it now (asked on the host's thread)."""
        if not getattr(self.runner, "alive", True):
            return self.host.record()
        done = threading.Event()
        box: dict = {}

        def read() -> None:
            box["record"] = self.host.record()
            done.set()
        if not self.runner.call(read) or not done.wait(5):
            return None
        return box.get("record")

    def close(self) -> None:
        """Leave the table: a local table stops (its last save written)."""
        if self._closed:
            return
        self._closed = True
        if self.on_close is not None:
            self.on_close()
        elif self.owns_runner:
            self.runner.stop(lambda: self.host.end("the table closed"))
        else:
            self.runner.call(self.host.leave, self.port, True)

    def join_notes(self) -> list[dict]:
        return self.notes() if self.notes else []


def open_table(host: TableHost, plays: tuple[str, ...] = (), watch: str | None = None,
               wake: Any = None, gate: bool = True) -> LocalLink:
    """Start ``host`` on a thread of its own with this machine's screen attached."""
    runner = HostRunner()
    link = LocalLink(host, runner, gate=gate, wake=wake)

    def setup(loop: Any) -> None:
        host.attach(link.port, plays, watch)
        host.begin(loop)
    runner.start(setup)
    return link


def new_host(game: Game | str, seats: dict[str, Seat], options: dict | None = None, seed: Any = None,
             save_dir: str | None = None, **pace: Any) -> TableHost:
    """A fresh match's host (its save file named in ``save_dir``, if given)."""
    g = get_game(game) if isinstance(game, str) else game
    rng = random.Random(seed)
    players = {s: seat.player() for s, seat in seats.items()}
    mh = MatchHost.new(g, options, players, seed=seed)
    path = None
    if save_dir:
        # A new name, whatever the seed: two copies started in the same second with one seed
        # were given one file and wrote over each other's match.
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = os.path.join(save_dir, f"{g.name}-{stamp}-{secrets.randbelow(10**6):06d}.json")
        while os.path.exists(path):
            path = os.path.join(save_dir, f"{g.name}-{stamp}-{secrets.randbelow(10**6):06d}.json")
    return TableHost(mh, seats, save_path=path, rng=rng, **pace)


def open_local(game: Game | str, options: dict | None = None, *, humans: int = 1, bots: list | None = None,
               names: dict | None = None, seed: Any = None, save_dir: str | None = None, wake: Any = None,
               bot_delay: float = 0.0, bot_budget: float | None = None,
               stats_path: str | None = None, hints: bool = False, partners: bool = False) -> LocalLink:
    """A new match at this machine: ``humans`` people clockwise from the bottom (two
    ``partners`` face to face), bots in the other seats; with no people (the demo) the
    screen sits behind the bottom."""
    g = get_game(game) if isinstance(game, str) else game
    seats = seat_plan(g, humans, bots, random.Random(seed), names, partners)
    host = new_host(g, seats, options, seed, save_dir, bot_delay=bot_delay, bot_budget=bot_budget,
                    stats_path=stats_path, hints=hints)
    plays = tuple(s for s in g.seats if seats[s].kind == "here")
    return open_table(host, plays, None if plays else g.seats[0], wake)


def resume_local(path: str, *, wake: Any = None, bot_delay: float = 0.0,
                 bot_budget: float | None = None, stats_path: str | None = None,
                 hints: bool = False) -> LocalLink:
    """Continue the match saved in ``path``; RulesError("name: reason") if it cannot."""
    record, _match = load_record(path)
    mh = MatchHost.from_record(record)
    seats = from_players(mh.game, record.get("players"))
    host = TableHost(mh, seats, save_path=path, created=record.get("created"),
                     bot_delay=bot_delay, bot_budget=bot_budget, stats_path=stats_path, hints=hints)
    host.restore_hints(record)
    host.end_seen = mh.match.finished and not record.get("end_unseen")     # (older saves: seen)
    plays = tuple(s for s in mh.game.seats if seats[s].kind == "here")
    return open_table(host, plays, None if plays else mh.game.seats[0], wake)
