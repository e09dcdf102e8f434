"""Who sits where at a LAN table: seat specs, slots, and the host's own seats.

A seat is one of:
  host   the host's own player, at this machine (a ``LocalSeat`` endpoint)
  open   free for a friend on the LAN (the match waits until none is left)
  human  a friend's seat: bound to a connection and a secret token; while the
         connection is away past the grace period a bot stands in for it
  bot    a bot character, thinking on the host's worker threads
"""
import hashlib
import queue
import secrets

from bots import CHARACTERS, make_bot
from rules.games import get_game

from .protocol import clean_name


def parse_seats(text, game):
    """Seat specs from ``bottom=host,left=open,top=bot:TANA`` (missing seats: open).

    >>> parse_seats("bottom=host,top=bot:tana", "manni")
    Traceback (most recent call last):
    ...
    ValueError: 'top' is not a seat of manni (bottom, left, right)
    """
    g = get_game(game)
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


def check_spec(spec):
    """A seat spec, normalised: host, host:NAME, open, bot, bot:CHARACTER."""
    kind, _sep, arg = spec.partition(":")
    kind = kind.lower()
    if kind == "bot":
        if arg and arg.upper() not in CHARACTERS and arg.upper() != "RANDOM":
            raise ValueError(f"unknown bot {arg!r} (one of {', '.join(CHARACTERS)})")
        return f"bot:{arg.upper()}" if arg else "bot"
    if kind in ("host", "open"):
        return spec if arg else kind
    raise ValueError(f"seat kind {spec!r} is not host, open or bot[:NAME]")


EASY = ("KADO", "POCHAQ", "PUCHOQ", "SADA", "TANA")     # a bot seat with no character named


def easy_character(rng):
    return rng.choice(EASY)


def make_slots(game, seats, saved, host_name, rng):
    """Slots for every seat of ``game``: from ``seats`` specs (seat -> spec), else from a
    resumed record's ``lan`` section ``saved``, else the host at the first seat and open."""
    g = get_game(game) if isinstance(game, str) else game
    slots = {}
    saved_seats = saved.get("seats") if isinstance(saved, dict) else None
    for seat in g.seats:
        if seats and seat in seats:
            kind, _sep, arg = check_spec(seats[seat]).partition(":")
            if kind == "host":
                slots[seat] = Slot(seat, "host", clean_name(arg or host_name, "Host"))
            elif kind == "bot":
                character = arg or easy_character(rng)
                slots[seat] = Slot(seat, "bot", character.title(), bot=character)
            else:
                slots[seat] = Slot(seat, "open")
        elif isinstance(saved_seats, dict) and isinstance(saved_seats.get(seat), dict):
            slots[seat] = slot_from_save(seat, saved_seats[seat])
        elif not seats and saved is None and seat == g.seats[0]:
            slots[seat] = Slot(seat, "host", clean_name(host_name, "Host"))
        else:
            slots[seat] = Slot(seat, "open")
    return slots


def slot_from_save(seat, s):
    """A seat as the autosave's ``lan`` section kept it (anything odd: open)."""
    kind = s.get("kind")
    name = clean_name(s.get("name") if isinstance(s.get("name"), str) else "", seat.title())
    if kind == "host":
        return Slot(seat, "host", name)
    if kind == "bot":
        try:
            character = check_spec(f"bot:{s.get('bot') or ''}").partition(":")[2]
        except ValueError:
            character = ""
        return Slot(seat, "bot", name, bot=character or "KADO")
    if kind == "human" and isinstance(s.get("token_sha256"), str):
        slot = Slot(seat, "human", name, bot=s.get("bot") if isinstance(s.get("bot"), str) else None)
        slot.token_hash = s["token_sha256"]
        return slot
    return Slot(seat, "open")


def hash_token(token):
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token():
    return secrets.token_hex(16)       # lowercase hex: never reads like a card ("3S")


class Slot:
    """One seat's occupant at the host (lives on the host's loop thread)."""

    def __init__(self, seat, kind, name=None, bot=None):
        self.seat = seat
        self.kind = kind            # host | open | human | bot
        self.name = name
        self.bot_name = bot         # bot seats, and stand-ins for humans
        self.token_hash = None
        self.conn = None            # a connected human's connection
        self.local = None           # the host's own player's LocalSeat
        self.standin = False        # a bot plays this human's seat for now
        self.grace = None           # timer until the stand-in takes over
        self._bot = None

    @property
    def endpoint(self):
        return self.local if self.kind == "host" else self.conn

    @property
    def bot_plays(self):
        return self.kind == "bot" or (self.kind == "human" and self.standin)

    def bot(self, seed, budget=None):
        if self._bot is None:
            self._bot = make_bot(self.bot_name or CHARACTERS[0], seed, budget)
        return self._bot

    def public(self):
        """What every peer may know about this seat."""
        out = {"kind": self.kind}
        if self.name:
            out["name"] = self.name
        if self.kind == "bot":
            out["bot"] = self.bot_name
        if self.kind == "human":
            out["connected"] = self.conn is not None
            out["standin"] = self.standin
        return out

    def saved(self):
        """This seat in the autosave (the token only as a hash)."""
        out = {"kind": self.kind}
        if self.name:
            out["name"] = self.name
        if self.bot_name:
            out["bot"] = self.bot_name
        if self.token_hash:
            out["token_sha256"] = self.token_hash
        return out


class LocalSeat:
    """The host's own player's endpoint: the same messages a remote client gets.

    ``inbox`` is a queue.Queue of protocol messages (welcome, events, players,
    error, host_closed); ``view`` the latest view; ``act(action)`` sends an
    intent to the host (answered through ``inbox``).  ``wake`` is called from
    the host's thread after each message (e.g. to post a pygame event).
    """

    kind = "local"

    def __init__(self, server, seat, wake=None):
        self.server = server
        self.seat = seat
        self.wake = wake
        self.inbox = queue.Queue()
        self.view = None
        self.players = None
        self.closed = False

    def act(self, action):
        """Send ``action`` (a record action object) answering the latest view."""
        version = self.view["version"] if self.view else -1
        self.server.call(self.server.local_action, self.seat, dict(action), version)

    def sync(self):
        self.server.call(self.server.local_sync, self.seat)

    # -- the host's thread -----------------------------------------------------------
    def send(self, msg):
        if "view" in msg and msg["view"] is not None:
            self.view = msg["view"]
        if msg.get("type") == "players":
            self.players = msg["players"]
        if msg.get("type") == "bye":
            msg = {"type": "host_closed", "reason": msg.get("reason", "")}
            self.closed = True
        self.inbox.put(msg)
        if self.wake:
            try:
                self.wake()
            except Exception:
                pass
