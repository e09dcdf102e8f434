"""Saving and loading match records on disk, atomically and defensively.

A crash mid-write never leaves a broken file (write a temporary file, fsync,
rename over).  Loading a damaged or foreign file gives a one-line reason and
leaves the file alone.
"""
import errno
import json
import os
import tempfile

from .errors import RulesError
from .record import read_match


def save_record(path: str, record: dict) -> None:
    """Write ``record`` (a dict) to ``path`` atomically and durably: once this
    returns, a crash (even of the machine) leaves either this record or the
    one before it, never a mix and never nothing."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.exists(folder) and not os.path.isdir(folder):
        # makedirs would only say "File exists", which reads as nonsense to a player
        raise NotADirectoryError(errno.ENOTDIR, "a file stands where this folder should be", folder)
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(record, f, separators=(",", ":"))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_folder(folder)


def _sync_folder(folder: str) -> None:
    """The rename itself is durable only once the folder's entry is on disk."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass              # some file systems cannot sync a folder: the file itself is synced
    finally:
        os.close(fd)


def load_record(path: str) -> tuple:
    """(record dict, match) from a file; RulesError with the reason otherwise.

    The reason names the file: "autosave.json: not JSON (line 3 ...)".
    """
    name = os.path.basename(path)
    try:
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
    except OSError as e:
        raise RulesError(f"{name}: cannot read ({e.strerror or e})", "unreadable_file") from None
    except (ValueError, UnicodeDecodeError) as e:
        raise RulesError(f"{name}: not a match record (not JSON: {e})", "not_a_record") from None
    except RecursionError:
        raise RulesError(f"{name}: not a match record (nested too deeply)", "not_a_record") from None
    match, error = read_match(record)
    if error:
        raise RulesError(f"{name}: {error}", "bad_record")
    return record, match


def os_reason(error: BaseException) -> str:
    """An OSError in one line with the path it concerns ("Permission denied: /x/saves");
    another error as it prints.

    >>> os_reason(PermissionError(13, "Permission denied", "/x/saves"))
    'Permission denied: /x/saves'
    """
    strerror, filename = getattr(error, "strerror", None), getattr(error, "filename", None)
    if strerror and filename:
        return f"{strerror}: {filename}"
    return strerror or str(error)
