"""One table a match: a lock beside the match file while a table has it open.

Two copies of the game on one saves folder could both resume one match and each write
its own history over the other's after every move (seen: twenty moves of one window
gone, nothing said).  The table that opens a match holds ``.<file>.lock`` in the same
folder with the system's lock (``fcntl.flock``; ``msvcrt.locking`` on Windows), which the
system lets go when the process ends, however it ends: a crash leaves no stale lock to
clear by hand.  The lock file itself is removed on a clean close; one left by a crash is
taken again next time.  A folder where no lock can be made (read-only, gone) does not
stop the table: its save fails there too, and says so.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "manni-1.json")
>>> first = hold(path)
>>> hold(path)
Traceback (most recent call last):
...
rules.errors.RulesError: manni-1.json: this match is open in another window of the game
>>> first.release(); hold(path).release()
"""
from __future__ import annotations

import os
from typing import IO

from rules import RulesError

try:
    import fcntl
except ImportError:                   # Windows
    fcntl = None                      # type: ignore[assignment]
try:
    import msvcrt
except ImportError:                   # everywhere else
    msvcrt = None                     # type: ignore[assignment]


def lock_path(save_path: str) -> str:
    folder, name = os.path.split(save_path)
    return os.path.join(folder, f".{name}.lock")


class SaveLock:
    """The lock on one match file (``release`` on the table's close)."""

    def __init__(self, path: str, handle: IO | None) -> None:
        self.path = path
        self.handle = handle

    def release(self) -> None:
        if self.handle is None:
            return
        try:
            os.unlink(self.path)          # while still held: nobody takes a file about to go
        except OSError:
            pass
        self.handle.close()
        self.handle = None


def _lock(handle: IO) -> bool:
    try:
        if fcntl is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        elif msvcrt is not None:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def hold(save_path: str) -> SaveLock:
    """Lock the match file ``save_path`` for this table; RulesError if another has it."""
    path = lock_path(save_path)
    for _attempt in range(3):
        try:
            handle = open(path, "a+b")
        except OSError:
            return SaveLock(path, None)
        if not _lock(handle):
            handle.close()
            raise RulesError(f"{os.path.basename(save_path)}: this match is open in another window of the game",
                             "match_open")
        try:                              # the file we locked may have just been removed by its last holder
            if os.fstat(handle.fileno()).st_ino == os.stat(path).st_ino:
                return SaveLock(path, handle)
        except OSError:
            pass
        handle.close()
    return SaveLock(path, None)
