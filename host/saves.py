"""The saves folder: every match file listed with what the menus show of it.

A damaged or foreign file is listed with its reason and never changed or
removed (a deletion is only ever the player's own choice: ``delete_save``).
"""
from __future__ import annotations

import copy
import json
import os
import time

from rules import RulesError
from rules.store import load_record


def home_dir() -> str:
    """The table's folder (not created here): ``MANFEE_HOME``, else the XDG config folder."""
    env = os.environ.get("MANFEE_HOME")
    if env:
        return env
    xdg = os.environ.get("XDG_CONFIG_HOME")
    if xdg:
        return os.path.join(xdg, "manfee")
    return os.path.join(os.path.expanduser("~"), ".config", "manfee")


def saves_dir() -> str:
    return os.path.join(home_dir(), "saves")


def lan_folder() -> str:
    """Where a LAN host saves its table after every move (the window's and the terminal's):
    the host form offers each unfinished one back."""
    return os.path.join(saves_dir(), "lan")


def new_lan_save(game: str) -> str:
    """The file a new LAN table of ``game`` saves to (its folder made).  The process id keeps
    two hosts opened in one second (two terminals, a test's pair of tables) apart."""
    os.makedirs(lan_folder(), exist_ok=True)
    return os.path.join(lan_folder(), f"{game}-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.json")


# What ``list_saves`` read of each file, by path, with the file's (mtime, size) then: the main
# menu and Replays list the folder each time they open, and reading and replaying every match
# of a year's play (330 files) froze them 2 s and more each time.
_LISTED: dict[str, tuple[tuple, dict]] = {}
# ... and kept in the folder for the game's next start (its first listing read every match
# again: 2 s with a year's play).  Only a cache: one unreadable, foreign or of another version
# is left aside and the files are read.
INDEX = ".listing"         # no ".json": it is no match, for a glob of the folder either
INDEX_VERSION = 1
_INDEXED: set[str] = set()          # the folders whose index this process has read


def list_saves(folder: str) -> list[dict]:
    """Every file of ``folder``, newest first, as dicts:

    ``path, name, ok, reason, finished, game, deals, played, totals, winner, mtime, players``
    (``end_unseen``: finished, its results never shown: the game stopped on its last deal;
    ``damage``: why a file cannot be opened, a ``RulesError`` code, beside its ``reason``)
    (``deals`` counts a deal dealt and not yet played out, ``played`` only deals played out)
    (and ``table``, the name of a LAN table; ``watched``, a LAN match this screen watched).
    """
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    _load_index(folder)
    out, fresh = [], False
    for name in names:
        path = os.path.join(folder, name)
        if name.startswith(".") or not os.path.isfile(path):     # a write under way, a table's lock
            continue
        try:
            st = os.stat(path)
            stamp: tuple | None = (st.st_mtime_ns, st.st_size)
        except OSError:
            stamp = None
        kept = _LISTED.get(path)
        if stamp is not None and kept is not None and kept[0] == stamp:
            out.append(copy.deepcopy(kept[1]))      # unchanged since last listed: not read and replayed again
            continue
        entry = _entry(path, name, st.st_mtime if stamp is not None else 0)
        if stamp is not None:
            _LISTED[path] = (stamp, copy.deepcopy(entry))
            fresh = True
        out.append(entry)
    listed = {e["path"] for e in out}
    for gone in [p for p in _LISTED if os.path.dirname(p) == folder and p not in listed]:
        del _LISTED[gone]
        fresh = True
    if fresh:
        _save_index(folder)
    out.sort(key=lambda e: -e["mtime"])
    return out


def _load_index(folder: str) -> None:
    if folder in _INDEXED:
        return
    _INDEXED.add(folder)
    try:
        with open(os.path.join(folder, INDEX), encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return
    files = data.get("files") if isinstance(data, dict) and data.get("version") == INDEX_VERSION else None
    for name, row in (files.items() if isinstance(files, dict) else ()):
        if not (isinstance(name, str) and os.sep not in name and isinstance(row, list) and len(row) == 3
                and all(type(n) is int for n in row[:2]) and isinstance(row[2], dict)):
            continue
        entry = row[2]
        if not (isinstance(entry.get("ok"), bool) and isinstance(entry.get("finished"), bool)
                and isinstance(entry.get("mtime"), (int, float)) and isinstance(entry.get("players"), dict)):
            continue
        path = os.path.join(folder, name)
        _LISTED.setdefault(path, ((row[0], row[1]), dict(entry, path=path, name=name)))


def _save_index(folder: str) -> None:
    rows = {os.path.basename(p): [stamp[0], stamp[1], {k: v for k, v in e.items() if k not in ("path", "name")}]
            for p, (stamp, e) in _LISTED.items() if os.path.dirname(p) == folder}
    target = os.path.join(folder, INDEX)
    try:
        with open(target + ".tmp", "w", encoding="utf-8") as f:
            json.dump({"version": INDEX_VERSION, "files": rows}, f)
        os.replace(target + ".tmp", target)
    except (OSError, TypeError, ValueError):      # a folder that cannot be written: no index, no harm
        pass


def _entry(path: str, name: str, mtime: float) -> dict:
    """``list_saves``'s entry of one file, read and replayed."""
    entry: dict = {"path": path, "name": name, "ok": False, "reason": None, "finished": False,
                   "end_unseen": False, "game": None, "deals": 0, "played": 0, "totals": None,
                   "winner": None, "players": {}, "mtime": mtime}
    try:
        record, match = load_record(path)
    except RulesError as e:
        entry["reason"], entry["damage"] = str(e), e.code
    except Exception as e:       # anything odd in a foreign file: report, go on
        entry["reason"], entry["damage"] = f"{name}: unreadable ({type(e).__name__})", "bad_record"
    else:
        players = record.get("players") if isinstance(record.get("players"), dict) else {}
        lan = record.get("lan") if isinstance(record.get("lan"), dict) else {}
        entry.update(ok=True, finished=match.finished, game=match.game.name,
                     end_unseen=match.finished and record.get("end_unseen") is True,
                     deals=len(match.records), played=len(match.summaries),
                     totals=dict(zip(match.game.sides, match.totals)),
                     winner=match.winner, players=players, table=lan.get("table"),
                     created=record.get("created"), watched=bool(lan.get("watched")),
                     friends=sum(1 for x in dict(lan.get("seats") or {}).values()     # who holds a token
                                 if isinstance(x, dict) and x.get("token_sha256")))
    return entry


def delete_save(path: str, folder: str) -> str | None:
    """Remove one match file of ``folder``; a sentence if it cannot be done, else None."""
    if os.path.dirname(os.path.abspath(path)) != os.path.abspath(folder):
        return "only a file of the saves folder can be deleted"
    try:
        os.remove(path)
    except OSError as e:
        return f"cannot delete {os.path.basename(path)}: {e.strerror or e}"
    return None
