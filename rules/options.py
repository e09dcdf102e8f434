"""A game's options, declared once: the rules check them, and the New game
form, the LAN host form and the command-line flags are all made from them.

>>> target = Option("target", "int", 52, "Match to", choices=(13, 26, 52))
>>> target.check(26), target.flag
(26, '--target')
>>> Option("blind", "bool", False, "Blind trump").check("yes")
Traceback (most recent call last):
...
rules.errors.RulesError: option 'blind' must be true or false, not 'yes'
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from .errors import RulesError

KINDS = ("int", "int?", "bool")


@dataclass(frozen=True)
class Option:
    """One option of a game.

    ``kind`` is ``int`` (a whole number of at least 1), ``int?`` (the same, or
    None for "no limit") or ``bool``.  ``choices`` are the values a form
    offers (a form cycles through them; None stands for "none" in an
    ``int?``).  ``flag_name`` is the command-line stem when the option's own
    name would read badly there (``doubling`` is ``--tapping``).
    """

    name: str
    kind: str
    default: Any
    label: str
    choices: tuple = ()
    help: str = ""
    flag_name: str = ""

    def __post_init__(self) -> None:
        assert self.kind in KINDS, self.kind

    @property
    def flag(self) -> str:
        return "--" + (self.flag_name or self.name).replace("_", "-")

    @property
    def dest(self) -> str:
        """The argparse attribute of this option's flag."""
        return "opt_" + self.name

    def check(self, value: Any) -> Any:
        """``value`` if it is acceptable, else RulesError (code ``bad_option``)."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise RulesError(f"option {self.name!r} must be true or false, not {value!r}", "bad_option")
            return value
        if value is None and self.kind == "int?":
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise RulesError(f"option {self.name!r} must be a whole number of at least 1, not {value!r}",
                             "bad_option")
        return value

    def next_choice(self, value: Any) -> Any:
        """The value a form's toggle moves to from ``value`` (booleans flip)."""
        if self.kind == "bool":
            return not value
        if not self.choices:
            return value
        values = list(self.choices)
        i = values.index(value) if value in values else -1
        return values[(i + 1) % len(values)]


def normalize(options: Mapping[str, Any] | None, declared: Iterable[Option], game: str) -> dict:
    """Options with defaults filled in; RulesError for an unknown or bad one."""
    by_name = {o.name: o for o in declared}
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise RulesError("options must be an object", "bad_option")
    out = {}
    for key, value in options.items():
        if key not in by_name:
            raise RulesError(f"unknown option {key!r} for {game}", "bad_option")
        out[key] = by_name[key].check(value)
    for o in by_name.values():
        out.setdefault(o.name, o.default)
    return out


# -- command-line flags, made from the declarations ------------------------------------------

def add_flags(parser: argparse.ArgumentParser, games: Iterable[Any]) -> None:
    """One flag per option name across ``games`` (a name shared by several
    games, like ``target``, gets one flag).  Booleans get ``--x``/``--no-x``;
    a flag left out keeps the game's default."""
    group = parser.add_argument_group("game options (each game takes its own)")
    seen: dict[str, Option] = {}
    for g in games:
        for o in g.options:
            if o.name in seen:
                continue
            seen[o.name] = o
            used_by = [x.name for x in games_of(games, o.name)]
            where = "" if len(used_by) > 1 else f" ({used_by[0]})"
            if o.kind == "bool":
                group.add_argument(o.flag, dest=o.dest, action=argparse.BooleanOptionalAction,
                                   default=None, help=f"{o.help or o.label}{where}")
            else:
                group.add_argument(o.flag, dest=o.dest, type=int, default=None, metavar="N",
                                   help=f"{o.help or o.label}{where}")


def games_of(games: Iterable[Any], name: str) -> list:
    return [g for g in games if any(o.name == name for o in g.options)]


def from_flags(args: argparse.Namespace, game: Any) -> dict:
    """The options ``args`` sets for ``game``; RulesError for a flag of an
    option ``game`` does not have (``--signals`` with Manille)."""
    out = {}
    mine = {o.name for o in game.options}
    for key, value in vars(args).items():
        if key.startswith("opt_") and value is not None and key[4:] not in mine:
            raise RulesError(f"{game.title} has no option {key[4:]!r}", "bad_option")
    for o in game.options:
        value = getattr(args, o.dest, None)
        if value is not None:
            out[o.name] = o.check(value)
    return out
