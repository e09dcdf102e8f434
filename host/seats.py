"""Who sits where at a table: the one list of seats, for local and LAN tables.

A seat is one of:

  here    a person at this machine (the local player, a hot-seat player, the
          LAN host's own player): their screen is an endpoint of this host
  remote  a person over the network, bound to a connection and a secret token;
          while the connection is away past the grace period a bot stands in
  open    free for a friend on the LAN (the match waits until none is left)
  bot     a bot character

What peers see of a seat (``public``) and what a save keeps (``saved``) use the
LAN protocol's words: ``host`` for a person here, ``human`` for a person over
the network, so the protocol and old saves read the same.
"""
from __future__ import annotations

import hashlib
import math
import random
import secrets
import time
from typing import Any

from bots import CHARACTERS
from rules.games import Game, get_game

NAME_MAX = 32
EASY = ("KADO", "POCHAQ", "PUCHOQ", "SADA", "TANA")     # a bot seat with no character named
STANDIN = "TANA"                                        # plays for a person who is away
_WIRE = {"here": "host", "remote": "human", "open": "open", "bot": "bot"}


def clean_name(name: Any, default: str = "Player") -> str:
    """A player's or table's name made printable and short.

    >>> clean_name("  Ana\\x07 ", "Host")
    'Ana'
    """
    name = "".join(ch for ch in (name if isinstance(name, str) else "") if ch.isprintable()).strip()
    return name[:NAME_MAX] or default


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_hex(16)       # lowercase hex: never reads like a card ("3S")


# Characters whose names read alike: a random draw keeps them apart ("Pochaq: call 1 /
# Puchoq: call 1" in the feed read like one player twice).
LOOK_ALIKE = {"POCHAQ": "PUCHOQ", "PUCHOQ": "POCHAQ"}


def character(name: Any, rng: random.Random | None = None, avoid: Any = ()) -> str:
    """A bot character from a menu's or a flag's word (``random`` or empty: an easy one,
    drawn among those not in ``avoid``, the characters already at the table, nor their
    look-alikes, while any is left: "Jangara" and "Jangara 2" as partners read like a mistake).

    >>> character("zelzela")
    'ZELZELA'
    >>> sorted({character("random", random.Random(k), avoid=CHARACTERS[1:]) for k in range(20)})
    ['KADO']
    >>> sorted({character("random", random.Random(k), avoid=("PUCHOQ",)) for k in range(200)}) == sorted(
    ...     set(CHARACTERS) - {"PUCHOQ", "POCHAQ"})
    True
    """
    key = str(name or "").upper()
    if key in ("", "BOT", "RANDOM"):
        pool = EASY if key != "RANDOM" else CHARACTERS
        twins = {LOOK_ALIKE[c] for c in avoid if c in LOOK_ALIKE}
        return (rng or random.Random()).choice([c for c in pool if c not in avoid and c not in twins]
                                               or [c for c in pool if c not in avoid] or list(pool))
    if key not in CHARACTERS:
        raise ValueError(f"unknown bot {name!r} (one of {', '.join(CHARACTERS)})")
    return key


class Seat:
    """One seat's occupant (lives on the host's loop thread)."""

    def __init__(self, seat: str, kind: str, name: str | None = None, bot: str | None = None) -> None:
        assert kind in _WIRE, kind
        self.seat = seat
        self.kind = kind
        self.name = name
        self.bot = bot              # bot seats, and the stand-in for a person who is away
        self.token_hash: str | None = None
        self.endpoint: Any = None   # the screen or connection that plays this seat
        self.standin = False        # a bot plays this person's seat for now
        self.grace: Any = None      # timer until the stand-in takes over
        self.standin_at: float | None = None   # when (time.monotonic) that timer rings
        self.standin_cards = 0      # what the stand-in played since it took over: the person
        self.standin_acts = 0       # is told when they come back (cards, and every decision)
        self.gone: str | None = None    # how the person went: "left" (a goodbye) or "lost" (a drop)

    def __repr__(self) -> str:
        return f"<seat {self.seat} {self.kind} {self.name!r}>"

    @property
    def person(self) -> bool:
        return self.kind in ("here", "remote")

    @property
    def bot_plays(self) -> bool:
        return self.kind == "bot" or (self.person and self.standin)

    def public(self) -> dict:
        """What every peer may know about this seat."""
        out: dict = {"kind": _WIRE[self.kind]}
        if self.name:
            out["name"] = self.name
        if self.kind == "bot":
            out["bot"] = self.bot
        if self.person:
            out["connected"] = self.endpoint is not None
            out["standin"] = self.standin
            if self.endpoint is None and self.gone:     # the friends' screens word it as the host's
                out["gone"] = self.gone
            if self.endpoint is None and not self.standin and self.grace is not None and self.standin_at:
                # whole seconds until a bot plays for them (the wire has no floats): the others
                # saw "away" with no word of how long the table would wait
                out["standin_in"] = max(0, math.ceil(self.standin_at - time.monotonic()))
        return out

    def saved(self) -> dict:
        """This seat in the save (the token only as a hash)."""
        out = {"kind": _WIRE[self.kind]}
        if self.name:
            out["name"] = self.name
        if self.bot:
            out["bot"] = self.bot
        if self.token_hash:
            out["token_sha256"] = self.token_hash
        return out

    def player(self) -> dict:
        """This seat in the match record's ``players`` (RECORD.md)."""
        out: dict = {"kind": "bot" if self.kind == "bot" else "human", "name": self.name or self.seat.title()}
        if self.kind == "bot":
            out["bot"] = self.bot
        return out


def from_saved(seat: str, s: Any) -> Seat:
    """A seat as a save kept it (anything odd: open)."""
    if not isinstance(s, dict):
        return Seat(seat, "open")
    kind = s.get("kind")
    name = clean_name(s.get("name"), seat.title())
    if kind == "host":
        return Seat(seat, "here", name)
    if kind == "bot":
        try:
            bot = character(s.get("bot") or "KADO")
        except ValueError:
            bot = "KADO"
        return Seat(seat, "bot", name, bot=bot)
    if kind == "human" and isinstance(s.get("token_sha256"), str):
        standin = s.get("bot") if isinstance(s.get("bot"), str) and s["bot"] in CHARACTERS else None
        out = Seat(seat, "remote", name, bot=standin)
        out.token_hash = s["token_sha256"]
        return out
    return Seat(seat, "open")


def from_players(game: Game, players: Any) -> dict[str, Seat]:
    """Seats of a local table from a record's ``players`` (people here, bots)."""
    players = players if isinstance(players, dict) else {}
    out = {}
    for seat in game.seats:
        p = players.get(seat) if isinstance(players.get(seat), dict) else {}
        if p.get("kind") == "human":
            out[seat] = Seat(seat, "here", clean_name(p.get("name"), seat.title()))
        else:
            try:
                bot = character(p.get("bot") or CHARACTERS[0])
            except ValueError:
                bot = CHARACTERS[0]
            out[seat] = Seat(seat, "bot", clean_name(p.get("name"), bot.title()), bot=bot)
    return out


# -- a local table: people clockwise from the bottom, bots in the rest ------------------------

def people_seats(game: Game | str, humans: int, partners: bool = False) -> tuple[str, ...]:
    """Where ``humans`` people at one screen sit: clockwise from the bottom, or, two people
    at a partnership game who asked to play together, the bottom and the top.

    >>> people_seats("manille", 2), people_seats("manille", 2, partners=True), people_seats("manni", 2, True)
    (('bottom', 'left'), ('bottom', 'top'), ('bottom', 'left'))
    """
    g = get_game(game) if isinstance(game, str) else game
    if partners and humans == 2 and g.n == 4:
        return g.seats[0], g.seats[2]             # face to face: Bottom and Top are a side
    return tuple(g.seats[:humans])


def seat_plan(game: Game | str, humans: int, bots: list | None = None, rng: random.Random | None = None,
              names: dict | None = None, partners: bool = False) -> dict[str, Seat]:
    """Seats of a local table: ``humans`` people here (``people_seats``), bots in the
    other seats (characters from ``bots`` in seat order, or random).

    >>> plan = seat_plan("manni", 1, ["tana"], names={"bottom": "Ana"})
    >>> [(s.seat, s.kind, s.name, s.bot) for s in plan.values()][:2]
    [('bottom', 'here', 'Ana', None), ('left', 'bot', 'Tana', 'TANA')]
    >>> [s.kind for s in seat_plan("manfee", 2, ["tana", "kado"], partners=True).values()]
    ['here', 'bot', 'here', 'bot']
    """
    g = get_game(game) if isinstance(game, str) else game
    rng = rng or random.Random()
    if not 0 <= humans <= g.n:
        raise ValueError(f"{humans} humans do not fit {g.n} seats")
    people = people_seats(g, humans, partners)
    wanted = [str(b) for b in (bots or []) if b]
    seats: dict[str, Seat] = {}
    for seat in g.seats:                        # g.seats is clockwise from the bottom
        if seat in people:
            # Several people at one screen are numbered, not named by seat: the
            # table turns to each in turn, so "Left" would not sit on the left.
            default = "You" if humans == 1 else f"Player {people.index(seat) + 1}"
            name = distinct_name(clean_name((names or {}).get(seat), default), seats, seat)   # two "Ana"s at one laptop
            seats[seat] = Seat(seat, "here", name)
            continue
        k = sum(1 for s in seats.values() if s.kind == "bot")
        bot = character(wanted[k] if k < len(wanted) else "RANDOM", rng, avoid={s.bot for s in seats.values()})
        seats[seat] = Seat(seat, "bot", bot_name(bot, seats), bot=bot)
    return seats


def bot_name(bot: str, seats: dict[str, Seat]) -> str:
    """A bot's name at the table: its character, numbered when it sits there twice
    ("Tana", "Tana 2"), so players can tell the seats apart."""
    used = sum(1 for s in seats.values() if s.bot == bot)
    return bot.title() + (f" {used + 1}" if used else "")


def distinct_name(name: str, seats: dict[str, Seat], seat: str) -> str:
    """``name`` for ``seat``, numbered if another seat already goes by it, so that
    two friends who both typed "Ali" (or a friend called Tana beside the bot Tana)
    can be told apart on every screen and in the record.

    >>> distinct_name("Ali", {"left": Seat("left", "remote", "ali")}, "top")
    'Ali 2'
    """
    taken = {(s.name or "").strip().casefold() for k, s in seats.items() if k != seat}
    if name.strip().casefold() not in taken:
        return name
    n = 2
    while f"{name} {n}".casefold() in taken:
        n += 1
    return f"{name} {n}"


# -- a LAN table: seat specs ----------------------------------------------------------------

def check_spec(spec: str) -> str:
    """A seat spec, normalised: host, host:NAME, open, bot, bot:CHARACTER.

    >>> check_spec("bot:tana"), check_spec("OPEN")
    ('bot:TANA', 'open')
    """
    kind, _sep, arg = spec.partition(":")
    kind = kind.lower()
    if kind == "bot":
        if arg and arg.upper() not in CHARACTERS and arg.upper() != "RANDOM":
            raise ValueError(f"unknown bot {arg!r} (one of {', '.join(CHARACTERS)})")
        return f"bot:{arg.upper()}" if arg else "bot"
    if kind in ("host", "open"):
        return f"{kind}:{arg}" if arg else kind
    raise ValueError(f"seat kind {spec!r} is not host, open or bot[:NAME]")


def parse_seats(text: str | None, game: Game | str) -> dict[str, str]:
    """Seat specs from ``bottom=host,left=open,top=bot:TANA`` (missing seats: open).

    >>> parse_seats("bottom=host,top=bot:tana", "manni")
    Traceback (most recent call last):
    ...
    ValueError: 'top' is not a seat of manni (bottom, left, right)
    """
    g = get_game(game) if isinstance(game, str) else game
    specs = {s: "open" for s in g.seats}
    if not text:
        specs[g.seats[0]] = "host"
        return specs
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        seat, sep, spec = part.partition("=")
        seat = seat.strip()
        if not sep or seat not in g.seats:
            raise ValueError(f"{seat!r} is not a seat of {g.name} ({', '.join(g.seats)})")
        specs[seat] = check_spec(spec.strip())
    return specs


def seats_from_specs(game: Game, specs: dict[str, str], host_name: str, rng: random.Random) -> dict[str, Seat]:
    """Seats of a new LAN table from specs (seat -> spec).

    >>> [s.name for s in seats_from_specs(get_game("manni"), {"bottom": "bot:TANA", "left": "bot:TANA",
    ...                                                        "right": "host:Ana"}, "Ana", random.Random(1)).values()]
    ['Tana', 'Tana 2', 'Ana']
    """
    out: dict[str, Seat] = {}
    for seat in game.seats:
        kind, _sep, arg = check_spec(specs.get(seat, "open")).partition(":")
        if kind == "host":
            out[seat] = Seat(seat, "here", clean_name(arg or host_name, "Host"))
        elif kind == "bot":
            bot = character(arg, rng, avoid={s.bot for s in out.values()})
            out[seat] = Seat(seat, "bot", bot_name(bot, out), bot=bot)
        else:
            out[seat] = Seat(seat, "open")
    return out


def seats_from_save(game: Game, saved: dict) -> dict[str, Seat]:
    """Seats of a resumed LAN table, tokens kept (its save's ``lan`` section)."""
    kept: dict = saved["seats"] if isinstance(saved.get("seats"), dict) else {}
    return {seat: from_saved(seat, kept.get(seat)) for seat in game.seats}
