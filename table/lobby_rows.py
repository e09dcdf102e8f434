"""The lobby's list of tables: one row a table, whichever way it was found.

A table can reach the lobby twice, announced on the network and looked up by its
address: the rows are keyed by the way it came (a zeroconf service, "host:port"),
the table by its host's id.  A mixin of ``LobbyScene`` (``tables``, ``order``,
``selected``, ``twins``).  The rows stand in one order whatever order the tables were
heard in: the table that keeps this machine's seat first, then by name.
"""
from __future__ import annotations

import time

import pygame

from rules.games import GAMES

from . import lan_seats
from .i18n import _, game_title, is_rtl, number
from .words import separator


def row_title(t) -> str:
    """A row's game and what its match is played to ("Manille  ·  match to 101"): known
    before joining (only the game showed)."""
    title = game_title(t.game) if t.game in GAMES else (t.game or "?")
    target = (t.options or {}).get("target")
    if isinstance(target, int) and not isinstance(target, bool):
        title += separator() + _("match to {target}").format(target=number(target))
    return title


SEEK_FOR = 6.0                  # seconds the lobby says it looks for the table Resume asked for


class LobbyRows:
    kept_here: dict = {}        # service -> the seat this machine keeps at that table (``_sort_rows``)
    seeking: dict | None = None  # the kept seat (``lan_seats``) the main menu's Resume came for
    sought_late: dict | None = None     # ... once the lobby said its table was not open
    status: str | None = None

    def seek(self, kept: dict | None) -> None:
        """Resume came for a seat kept at a friend's table: the lobby looks for that table
        and, once heard, takes the seat back by itself (``found_sought``)."""
        self.seeking, self.seek_since = kept, time.monotonic()
        if kept:
            self.status = _("Looking for “{table}” to take your seat back…").format(table=kept["table"])

    def found_sought(self, service) -> None:
        """The table with one of this machine's seats is heard: the one Resume came for is
        joined, also once the lobby said it was not open (its host opened it again later: the
        line stayed, and the seat was not taken back)."""
        t = self.tables.get(service)
        for sought in (self.seeking, self.sought_late):
            if sought and t is not None and (t.table, t.table_id) == (sought["table"], sought.get("id", "")):
                late = sought is self.sought_late
                self.seeking = self.sought_late = None
                if late:
                    self.status = None
                    if getattr(self, "client", None) is not None:    # joining another table meanwhile
                        return
                self.join(service)
                return

    def seeking_late(self) -> None:
        if self.seeking and time.monotonic() - self.seek_since > SEEK_FOR:
            self.status = _("“{table}” is not open on this network: when its host opens it again, "
                            "it shows here with your seat").format(table=self.seeking["table"])
            self.seeking, self.sought_late = None, self.seeking

    def _row(self, x, w, y, h, left_w):
        """Two widgets side by side in the panel: (the first's rect, the second's), mirrored right to left."""
        a, b = pygame.Rect(x, y, left_w, h), pygame.Rect(x + left_w, y, w - left_w, h)
        if is_rtl():
            a.x, b.x = x + w - left_w, x
        return a, b

    def _list(self, info):
        """Keep ``info`` and say which row shows it.  The same table twice (announced, and
        looked up by its address) is one row, the first; the other is kept aside, its news
        changes nothing on screen, and it takes the row over if the first goes."""
        twin = next((s for s in self.order if s != info.service and info.table_id
                     and self.tables[s].table_id == info.table_id), None)
        if twin is not None:
            if info.service in self.order:      # it had a row of its own: the twin's row shows it now
                self.order.remove(info.service)
                self.tables.pop(info.service, None)
                if self.selected == info.service:
                    self.selected = twin
            self.twins[info.service] = info
            return twin
        self.twins.pop(info.service, None)
        self.tables[info.service] = info
        if info.service not in self.order:
            self.order.append(info.service)
        return info.service

    def _unlist(self, service):
        """A table's row goes, unless the same table is still seen another way."""
        self.twins.pop(service, None)
        gone = self.tables.pop(service, None)
        if service not in self.order:
            return
        heir = next((s for s, t in self.twins.items() if gone is not None and t.table_id == gone.table_id), None)
        if heir is None:
            self.order.remove(service)
            return
        if heir in self.order:
            self.order.remove(service)
        else:
            self.order[self.order.index(service)] = heir
        self.tables[heir] = self.twins.pop(heir)
        if self.selected == service:
            self.selected = heir

    def _sort_rows(self):
        """The rows in a stable order (the table keeping this machine's seat first, then by name
        and host), and which rows keep a seat of ours: zeroconf's order changed between two
        visits, and a player back after a crash clicked the first row as before, the wrong
        table of the same name."""
        self.kept_here = {}
        for service in self.order:
            t = self.tables[service]
            held = t.compatible and lan_seats.seat_at(t.table, t.seats, t.table_id)
            if held:
                self.kept_here[service] = held[0]
        self.order.sort(key=lambda s: (s not in self.kept_here, (self.tables[s].table or s).casefold(),
                                       self.tables[s].host, self.tables[s].port))
