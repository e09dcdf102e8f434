"""The table host's save: the match record it writes ahead of every change (with its
players, hints, stand-ins and, at a LAN table, the seats' token hashes), what a resumed
match's record gives back, and the players' statistics after each scored deal.
``TableSave`` is mixed into ``TableHost`` (``host.table_host``), whose state it reads."""
from __future__ import annotations

import os
import sqlite3
from typing import Any

from rules.host import MatchHost
from rules.record import note_rows
from rules.store import os_reason, save_record

from .seats import Seat
from .stats import StatsError, StatsStore
from .stats_rows import hinted_deals

TABLE_FORMAT = 1


class TableSave:
    # The table host's state this part works on (set in TableHost.__init__).
    mh: MatchHost
    seats: dict[str, Seat]
    order: tuple[str, ...]
    table: str
    lan: bool
    hints: bool
    created: str
    save_path: str | None
    stats_path: str | None
    hinted: set[tuple[int, str]]
    hints_given: list[list]
    standins: list[list]
    info_extra: dict
    lan_keep: dict
    save_error: str | None
    stats_behind: bool
    end_seen: bool

    def _notice(self, kind: str, **info: Any) -> None: ...

    def record(self) -> dict:
        """The match record, its players, and (LAN) the seats with their tokens' hashes."""
        rec = self.mh.record()
        rec["players"] = {seat: s.player() for seat, s in self.seats.items() if s.kind != "open"}
        rec["created"] = self.created
        rec["table"] = TABLE_FORMAT
        if self.hinted:
            rec["hints"] = [[deal, seat] for deal, seat in sorted(self.hinted)]
            rec["hints_given"] = [list(g) for g in self.hints_given]
        if self.standins:
            rec["standins"] = [list(x) for x in self.standins]
        if self.mh.match.finished and not self.end_seen and not self.lan:    # (a LAN table resumes unfinished only)
            rec["end_unseen"] = True      # a crash on the last deal: Resume shows its summary, the results
        if self.lan:
            rec["lan"] = {"protocol": self.info_extra.get("protocol"), "table": self.table,
                          "seats": {seat: s.saved() for seat, s in self.seats.items()},
                          "hints": self.hints, **self.lan_keep}
        return rec

    def restore_hints(self, record: dict) -> None:
        """The hinted deals, the hints given and the stand-ins' decisions of a resumed
        match's record (anything malformed is left out)."""
        self.hinted |= hinted_deals(record, self.order)
        self.hints_given += note_rows(record, "hints_given", self.order)
        self.standins += note_rows(record, "standins", self.order)

    def see_end(self) -> None:
        """The match's results were shown: the save stops asking Resume to show them."""
        self.end_seen = True
        self._save()

    def _record_stats(self) -> None:
        """Each scored deal in the statistics of the people at this machine, keyed by the
        match file: a resumed match syncs again and nothing is counted twice."""
        people = {s: seat.name for s, seat in self.seats.items() if seat.kind == "here" and seat.name}
        if not (self.stats_path and self.save_path and people and self.mh.match.summaries):
            return
        self.stats_behind = True
        try:
            with StatsStore(self.stats_path) as store:
                if store.notice:
                    self._notice("stats_failed", reason=store.notice)
                store.sync_match(os.path.basename(self.save_path), self.record(), people)
        except (StatsError, OSError, sqlite3.Error) as e:
            self._notice("stats_failed", reason=f"statistics not kept: {e}")
        else:
            self.stats_behind = False

    def _save(self) -> None:
        if not self.save_path:
            return
        try:
            save_record(self.save_path, self.record())
        except (OSError, TypeError, ValueError) as e:
            error = f"autosave failed: {os_reason(e)}"
            if self.save_error is None:          # say it once, not at every card
                self._notice("save_failed", reason=error)
            self.save_error = error
        else:
            self.save_error = None
