"""A friend's screen at a LAN table files its player's deals in this machine's statistics.

The host keeps the match record, and a friend's screen never has the hidden cards a
record holds, so a LAN evening counted nowhere but on the host's machine.  Each deal
scored is filed here from what this screen saw: the deal's summary (the host sends every
screen the scores, tricks, card points and targets) and its public actions (the trump,
taps and tap backs the factors come from), under the table's id (``lan-<host id>``).
The screen keeps its own record of the match too (``keep_record``), each deal rebuilt
from the cards it was shown, for Replays and the review; so does a watcher's screen.
"""
from __future__ import annotations

import sqlite3
from typing import Any

from host.joined import MISSED, MOVED, joined_path, keep_joined, kept_deals, rebuild_deal
from host.stats import StatsError, StatsStore
from rules.record import note_rows

__all__ = ["MISSED", "MOVED", "UNBUILT", "keep_deal", "keep_record", "players_for_stats"]


def players_for_stats(players: dict) -> dict:
    """The link's players as a record's: the host's own person is a person too.

    >>> players_for_stats({"bottom": {"kind": "host", "name": "Ana"}, "left": {"kind": "bot", "bot": "TANA",
    ...                    "name": "Tana"}, "top": {"kind": "open"}})
    {'bottom': {'kind': 'human', 'name': 'Ana'}, 'left': {'kind': 'bot', 'bot': 'TANA', 'name': 'Tana'}}
    """
    out = {}
    for seat, p in players.items():
        if not isinstance(p, dict):
            continue
        if p.get("kind") in ("host", "human"):
            out[seat] = {"kind": "human", "name": p.get("name")}
        elif p.get("kind") == "bot" and isinstance(p.get("bot"), str):
            out[seat] = {"kind": "bot", "bot": p["bot"], "name": p.get("name")}
    return out


UNBUILT = "this deal could not be rebuilt from what was shown"


def keep_record(link: Any, view: dict, standins: Any = None, hints: Any = ()) -> str | None:
    """Add the deal ``view`` shows scored to this screen's own record of the match (a
    friend's, or a watcher's: ``view`` then a spectator's, holding no hand)
    (``host.joined``: rebuilt from what the screen was shown), for Replays and the review,
    with the decisions a bot made standing in (``standins``: [action index, seat] from the
    host's deal_scored) and the hints this screen was shown (``hints``: [deal, action index,
    seat, action], as a host's record keeps them); the reason (one line) when it could not
    be kept: ``MISSED``, ``MOVED``, ``UNBUILT`` or the file's."""
    key = link.match_key()
    mine = link.my_seats()
    summaries = link.summaries()
    if not (key and len(mine) <= 1 and summaries and view.get("deal") == len(summaries) - 1):
        return None
    if not mine and view.get("hand") is not None:
        return None                 # a watcher is shown no hand: not a view it may keep
    index = len(summaries) - 1
    path = joined_path(link.game.name, key)
    kept = kept_deals(path)
    if kept is not None and index != kept:      # kept already, or a deal missed: nothing to rebuild
        return None if index < kept else MISSED
    deal = rebuild_deal(view, seed=len(summaries))
    if deal is None:
        return UNBUILT
    # a friend's seat, or where a watcher sat behind (its replay's side of the table)
    lan = {"joined": mine[0]} if mine else {"watched": view.get("seat") or link.game.seats[0]}
    header = {"game": link.game.name, "options": view.get("options") or {},
              "players": players_for_stats(link.players()),
              "lan": {"table": link.table_name, **lan, "match_id": key}}
    # the rows as the record's reader takes them (rules.record.note_rows): nothing it would drop
    away = note_rows({"standins": [[index, *x] for x in (standins if isinstance(standins, list) else ())
                                   if isinstance(x, list)]}, "standins", link.game.seats)
    shown = [h for h in note_rows({"hints_given": [list(h) for h in hints if isinstance(h, (list, tuple))]},
                                  "hints_given", link.game.seats) if h[0] == index]
    return keep_joined(path, header, index, deal,
                       {"standins": away, "hints_given": shown})


def keep_deal(link: Any, view: dict, player: str, path: str | None, hinted: bool = False) -> str | None:
    """File the deal ``view`` shows scored for ``player`` at this screen's one seat (``hinted``:
    the player was shown a hint in it, so it is not rated); the reason (one line) when the
    statistics could not be kept, else None."""
    key = link.match_key()
    mine = link.my_seats()
    summaries = link.summaries()
    if not (path and key and len(mine) == 1 and summaries and player.strip()):
        return None
    deal = len(summaries) - 1
    actions = [h for h in view.get("history") or () if isinstance(h, dict)] if view.get("deal") == deal else []
    try:
        with StatsStore(path) as store:
            store.sync_public(key, link.game.name, view.get("options") or {}, players_for_stats(link.players()),
                              summaries, {deal: actions}, bool(view.get("finished")), view.get("winner"),
                              {mine[0]: player}, hints=[[deal, mine[0]]] if hinted else [])
            return store.notice
    except (StatsError, OSError, sqlite3.Error) as e:
        return str(e)
