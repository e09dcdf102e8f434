"""Where the table keeps its files, and the player's settings.

The folder is ``$MANFEE_HOME`` when set (tests point it at a temporary
folder), else ``$XDG_CONFIG_HOME/manfee``, else ``~/.config/manfee``.  It
holds ``settings.json`` and ``saves/`` (one match record per match).

A settings file that is broken, foreign or from an older version never stops
the table: every bad or missing value falls back to its default, and
``Settings.load`` says what it ignored in ``problems`` (the menu shows it).
"""
import json
import os
import tempfile
import time

from host.saves import home_dir, lan_folder, saves_dir  # noqa: F401  (the table's folders, shared with a headless host)
from host.seats import NAME_MAX

from .i18n import N_, _, digits, ngettext, number


class Note(str):
    """A sentence about the settings file, English as it stands (logs, tests), with its
    template and fields kept: the file is read before the player's language is known, so
    ``settings_notes`` words it again in that language (a French menu read English)."""

    template: str
    fields: dict

    def __new__(cls, template: str, **fields: object) -> "Note":
        self = super().__new__(cls, template.format(**{k: _figure(v, str) for k, v in fields.items()}))
        self.template, self.fields = template, fields
        return self

    def said(self) -> str:
        """The sentence in the language in use (its numbers in the language's digits)."""
        return _(self.template).format(**{k: v.said() if isinstance(v, Note) else _figure(v, digits)
                                          for k, v in self.fields.items()})


def _figure(value: object, write) -> object:
    """A number as written (1, not 1.0), by ``write``; anything else as it is."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return write(f"{value:g}")
    return value

SETTINGS_VERSION = 1

# name -> (default, check) ; check(value) returns the cleaned value or raises
def _float_in(lo, hi):
    def check(v):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v:
            raise ValueError(Note(N_("a number from {lo} to {hi}"), lo=lo, hi=hi))
        if not lo <= v <= hi:
            raise ValueError(Note(N_("a number from {lo} to {hi}"), lo=lo, hi=hi))
        return float(v)
    return check


def _bool(v):
    if not isinstance(v, bool):
        raise ValueError(Note(N_("true or false")))
    return v


def _name(v):
    # As long as a name field takes and a table allows (host.seats.NAME_MAX): a longer
    # limit here let a name be typed and saved, then refused at the next start.
    if not isinstance(v, str) or not 0 < len(v.strip()) <= NAME_MAX:
        raise ValueError(Note(N_("a name of 1 to {n} characters"), n=NAME_MAX))
    return v.strip()


def _language(v):
    # Any short code is kept: one this version does not know falls back to the system's
    # language when applied (table.i18n.resolve), and a newer version still reads it.
    if not isinstance(v, str) or not (v == "" or (2 <= len(v) <= 3 and v.isascii() and v.isalpha())):
        raise ValueError(Note(N_('a language code such as "nl", or "" for the system\'s')))
    return v.lower()


def _window(v):
    # The window's size when the game last closed (windowed): opened so again, as far as the
    # screen holds it (a 1280x800 laptop's player resized the window at every start).
    if v == []:
        return []
    if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool)
                                                        and 320 <= x <= 16384 for x in v)):
        raise ValueError(Note(N_("a window size such as [1280, 800]")))
    return list(v)


def _tables(v):
    # The last table set up for each game (New game keeps it: a player who plays to 51 with
    # blind trump does not set it again every match).  Only its shape is checked here; New
    # game keeps what the game still declares (table.new_game.table_for).
    if not isinstance(v, dict) or len(v) > 16:
        raise ValueError(Note(N_("a table for each game")))
    out = {}
    for game, table in v.items():
        if not (isinstance(game, str) and len(game) <= 32 and isinstance(table, dict)):
            raise ValueError(Note(N_("a table for each game")))
        kinds = {"options": dict, "humans": int, "bots": dict, "names": dict, "partners": bool}
        out[game] = {k: table[k] for k, kind in kinds.items() if isinstance(table.get(k), kind)}
    return out


def _game(v):
    if v not in ("manfee", "manille", "manille-muette", "manni"):
        raise ValueError(Note(N_("one of the four games")))
    return v


def _lan_table(v):
    # The host form as the host last filled it: the table's name, whether it asks for a code,
    # the hints, and each game's options (the same friends, the same table, next evening).
    if not isinstance(v, dict):
        raise ValueError(Note(N_("the last LAN table")))
    out: dict = {k: v[k] for k in ("private", "hints") if isinstance(v.get(k), bool)}
    if isinstance(v.get("name"), str) and 0 < len(v["name"].strip()) <= 32:
        out["name"] = v["name"].strip()
    options = v.get("options")
    if isinstance(options, dict):
        out["options"] = {g: o for g, o in list(options.items())[:16] if isinstance(g, str) and isinstance(o, dict)}
    seats = v.get("seats")       # each game's seats as chosen (you, a friend, a bot): the form checks them
    if isinstance(seats, dict):
        out["seats"] = {g: {s: c for s, c in list(o.items())[:4] if isinstance(s, str) and isinstance(c, str)}
                        for g, o in list(seats.items())[:16] if isinstance(g, str) and isinstance(o, dict)}
    return out


FIELDS = {
    "volume": (0.7, _float_in(0.0, 1.0)),
    "muted": (False, _bool),
    "anim_speed": (1.0, _float_in(0.25, 100.0)),   # multiplies every animation's pace
    "bot_pace": (0.7, _float_in(0.0, 5.0)),        # seconds a bot "thinks" at least
    "four_colour": (False, _bool),
    "fullscreen": (False, _bool),
    "window": ([], _window),                       # [width, height] of the window last closed; []: 1280x720
    "player_name": ("You", _name),
    "language": ("", _language),                   # "" = the system's; en, nl, fr, fa
    "hints": (True, _bool),                        # the coach's Hint button at the table: on, so a newcomer finds it
    "auto_play": (True, _bool),                    # a lone legal card plays itself (table.auto_play)
    "trick_hold": (1.15, _float_in(0.0, 10.0)),    # seconds a finished trick stays; 0: until a click (trick_hold)
    "game": ("manfee", _game),                     # the game last set up: New game opens on it
    "tables": ({}, _tables),                       # game -> its last table: options, people, bots
    "lan_table": ({}, _lan_table),                 # the host form as last opened (table.host_setup)
}


def stats_path():
    """The players' statistics (host.stats): one SQLite file beside the saves."""
    return os.path.join(home_dir(), "stats.sqlite3")


class Settings:
    """The player's settings: attributes named as in ``FIELDS``.

    >>> s = Settings(); s.volume
    0.7
    """

    def __init__(self, **values):
        for key, (default, _check) in FIELDS.items():
            setattr(self, key, type(default)(default) if isinstance(default, (dict, list)) else default)   # never shared
        for key, value in values.items():
            if key not in FIELDS:
                raise KeyError(key)
            setattr(self, key, FIELDS[key][1](value))
        self.problems = []       # sentences about what load() ignored
        self._this_run = {}      # key -> (value for this run only, the value to keep saved)

    def for_this_run(self, key, value):
        """Use ``value`` for ``key`` in this run without saving it (a command
        line flag such as ``--mute``): a later save keeps the saved value,
        unless the player changes the setting meanwhile.

        >>> s = Settings(); s.for_this_run("muted", True); s.muted, s.as_dict()["muted"]
        (True, False)
        """
        if key not in FIELDS:
            raise KeyError(key)
        self._this_run[key] = (value, getattr(self, key))
        setattr(self, key, value)

    def as_dict(self):
        out = {"version": SETTINGS_VERSION}
        for key in FIELDS:
            value = getattr(self, key)
            run_value, kept = self._this_run.get(key, (None, None))
            out[key] = kept if key in self._this_run and value == run_value else value
        return out

    @classmethod
    def path(cls):
        return os.path.join(home_dir(), "settings.json")

    @classmethod
    def load(cls, path=None):
        """The saved settings, or defaults (with ``problems`` said) where they are bad."""
        path = path or cls.path()
        s = cls()
        name = os.path.basename(path)
        try:
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
        except FileNotFoundError:
            return s
        except (OSError, ValueError, UnicodeDecodeError, RecursionError) as e:
            s.problems.append(Note(N_("{name} could not be read ({reason}); using the default settings{aside}"),
                                   name=name, reason=_short(e), aside=_set_aside(path)))
            return s
        if not isinstance(data, dict):
            s.problems.append(Note(N_("{name} is not a settings file; using the default settings{aside}"),
                                   name=name, aside=_set_aside(path)))
            return s
        version = data.get("version")
        if version != SETTINGS_VERSION:
            s.problems.append(Note(N_("{name} is from another version ({version}); kept what still fits"),
                                   name=name, version=json.dumps(version)))
        for key, (default, check) in FIELDS.items():
            if key not in data:
                continue
            try:
                setattr(s, key, check(data[key]))
            except ValueError as e:
                s.problems.append(Note(N_("{name}: {key} must be {rule}, not {value}; using {default}"),
                                       name=name, key=key, rule=e.args[0], value=json.dumps(data[key])[:60],
                                       default=json.dumps(default)))
        return s

    def save(self, path=None):
        """Write the settings atomically; returns an error sentence or None."""
        path = path or self.path()
        folder = os.path.dirname(os.path.abspath(path))
        try:
            os.makedirs(folder, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=folder)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(self.as_dict(), f, indent=1)
            os.replace(tmp, path)
        except OSError as e:
            return f"settings not saved ({_short(e)})"
        return None


def settings_notes(problems):
    """The menu's lines for what ``Settings.load`` ignored: up to two said whole, the rest
    counted in a third (the menu shows three notes; ten bad values showed only the last three).

    >>> settings_notes(["a", "b", "c", "d"])
    ['a', 'b', 'and 2 more values of settings.json were set back to their defaults']
    """
    said = [p.said() if isinstance(p, Note) else p for p in problems]
    if len(said) <= 3:
        return said
    more = len(said) - 2
    return said[:2] + [ngettext("and {n} more value of settings.json was set back to its default",
                                "and {n} more values of settings.json were set back to their defaults",
                                more).format(n=number(more))]


def _set_aside(path):
    """Keep a settings file that cannot be read beside it, renamed, before the next save
    writes the defaults over it (the player's values were gone for good); the words to
    add to the problem's sentence."""
    aside = f"{path}.damaged-{time.strftime('%Y%m%d-%H%M%S')}"
    try:
        os.replace(path, aside)
    except OSError:
        return ""
    return Note(N_(" (the file is kept as {file})"), file=os.path.basename(aside))


def _short(e):
    text = str(e).splitlines()[0] if str(e) else type(e).__name__
    return text[:120]
