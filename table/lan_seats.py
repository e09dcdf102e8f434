"""The seats this machine holds at LAN tables, with their tokens.

The host gives a friend who sits down a token; with it the seat is theirs again
after a drop, a Leave, a crash or the host closing and resuming the match.  The
table's own Reconnect keeps the token in memory; this keeps it on disk, keyed by
the table's name, so the lobby can offer the seat back later (``lobby.py``).
A token is a secret of this machine's player only: it never leaves the folder
but to the host that gave it.
"""
from __future__ import annotations

import json
import os
import tempfile
import time

from .config import home_dir

KEEP = 12                       # the most recent tables remembered
RESUME_WITHIN = 2 * 24 * 3600   # a seat kept this long ago is still offered by the main menu's Resume


def path() -> str:
    return os.path.join(home_dir(), "lan_seats.json")


def load() -> list[dict]:
    """The remembered seats, newest first (a damaged file: none)."""
    try:
        with open(path(), encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError, UnicodeDecodeError):
        return []
    if not isinstance(data, list):
        return []
    return [d for d in data if isinstance(d, dict) and all(isinstance(d.get(k), str) for k in ("table", "seat", "token"))]


def remember(table: str, seat: str, token: str, table_id: str = "", game: str = "") -> None:
    """Keep ``token`` for ``seat`` at ``table`` (replacing what this table had); a folder
    that cannot be written only loses the convenience.  ``table_id`` is the host's id of
    the match: another table of the same name ("Ana's table" every evening) is not it."""
    kept = [d for d in load() if (d["table"], d.get("id", "")) != (table, table_id)][:KEEP - 1]
    kept.insert(0, {"table": table, "seat": seat, "token": token, "id": table_id, "game": game, "at": time.time()})
    _write(kept)


def forget(token: str | None) -> None:
    """The match of the seat ``token`` held is over: nothing to take back (Resume offered a
    finished LAN match forever)."""
    kept = load()
    if token and any(d["token"] == token for d in kept):
        _write([d for d in kept if d["token"] != token])


def resumable(now: float | None = None) -> dict | None:
    """The newest seat kept at a LAN table whose match this machine did not see end, within
    ``RESUME_WITHIN``: the main menu's Resume looks for its table (a seat kept before its time
    was remembered is not offered: its age is unknown)."""
    now = time.time() if now is None else now
    for d in load():
        at = d.get("at")
        if isinstance(at, (int, float)) and 0 <= now - at <= RESUME_WITHIN:
            return d
    return None


def _write(kept: list[dict]) -> None:
    try:
        os.makedirs(home_dir(), exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=home_dir())
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(kept, f)
        os.replace(tmp, path())
    except OSError:
        pass


def seat_at(table: str, seats: list | tuple, table_id: str = "") -> tuple[str, str] | None:
    """(seat, token) this machine holds at ``table``, if one of its ``seats``: the same
    name and the same id (a seat kept before ids were remembered matches no table that
    has one, or a new table of the same name offered an old seat instead of the one chosen)."""
    for d in load():
        if d["table"] == table and d.get("id", "") == table_id and d["seat"] in seats:
            return d["seat"], d["token"]
    return None
