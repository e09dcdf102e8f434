"""A seat at a LAN table, as the screen sees it: the socket transport of
``host.link.TableLink``.

The ``net.Client`` reads the host's messages on its own thread into its inbox;
this link folds them into the state the table reads (``LinkBase``) and sends
the player's intents, each answering the newest view of the seat.  It decides
nothing: a move shows once the host's events confirm it.
"""
from __future__ import annotations

import os

from host.joined import joined_path
from host.link import LinkBase, summary_closed
from rules import RulesError
from rules.store import load_record

from .client import Client


class ClientLink(LinkBase):
    lan = True

    def __init__(self, client: Client, welcome: dict, table: dict | None = None) -> None:
        view = welcome.get("view") or {}
        super().__init__(str(view.get("game") or (table or {}).get("game") or ""),
                         welcome.get("table") or (table or {}).get("table") or "LAN table")
        self.client = client
        self._ready_sent = -1
        self._kept: tuple[int, dict | None] | None = None    # this screen's record as last read, by its file's time
        self.inbox = client.inbox            # the client's reader thread fills it
        self.take(welcome)

    def take(self, msg: dict) -> None:
        if msg.get("type") == "welcome":
            # A new welcome: the summary shows again (``TableFeed._rejoined``) and its closing
            # says ``ready`` again; a host resumed after a crash had forgotten who was ready,
            # and a screen that had said it waited with nothing to press.
            self._ready_sent = -1
        super().take(msg)

    def act(self, seat: str, action: dict) -> bool:
        version = self.view(seat).get("version", -1)
        return self.client.send({"type": "action", "action": dict(action), "version": version})

    def shown(self, version: int) -> None:
        """The host paces its bots itself: a remote screen never holds a table up.  Only
        the next deal waits (a while) until the player closed the last one's summary."""
        if version > self._ready_sent and summary_closed(self.view(), version):
            self._ready_sent = version
            self.client.ready(version)

    def hold(self, on: bool) -> None:
        """A remote player cannot pause the host's bots."""

    def ask_hint(self, seat: str) -> bool:
        return self.client.hint()

    def say(self, seat: str, phrase: str) -> bool:
        return self.client.say(phrase)

    def reconnect(self) -> bool:
        """A new connection: a player's token takes the seat back, a spectator watches again."""
        self.lost = None
        self.client.reconnect()
        return True

    def match_key(self) -> str | None:
        """The match's id in this machine's statistics: the table's (kept when the host
        resumes the match; a new match is a new table)."""
        host_id = (self.client.table or {}).get("host_id")
        return f"lan-{host_id}" if isinstance(host_id, str) and host_id else None

    def record(self) -> dict | None:
        """This screen's own record of the match, rebuilt deal by deal from the cards it was
        shown (``host.joined``, kept by ``table.lan_stats.keep_record``): the deal summary's
        Review and the results' read it.  None while it holds no deal, or keeps none."""
        key = self.match_key()
        if not key or len(self._mine) > 1:
            return None
        path = joined_path(self.game.name, key)
        try:
            stamp = os.stat(path).st_mtime_ns
        except OSError:
            return None
        if self._kept is None or self._kept[0] != stamp:       # asked at each rebuild of the controls
            try:
                self._kept = (stamp, load_record(path)[0])
            except RulesError:
                self._kept = (stamp, None)                     # read once, not at every asking
        return self._kept[1]

    def match_id(self) -> str | None:
        """The statistics' id of the match where this screen keeps its record: the table's."""
        return self.match_key() if self.record() is not None else None

    def join_notes(self) -> list[dict]:
        return [{"note": "starts_when_full"} if self._mine else {"note": "watching"}]

    def close(self) -> None:
        try:
            self.client.close("left the table")
        except Exception:
            pass

