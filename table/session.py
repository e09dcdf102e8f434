"""A match being played at this table: the host, its seat controllers, the autosave.

No pygame here.  The table scene asks the session who acts, hands human
actions to ``submit``, polls bot seats, and animates the events it gets back.
Every change is saved at once (``rules.store.save_record``, atomic), so a
crash loses nothing and Resume continues exactly there.
"""
import os
import queue
import random
import threading
import time

from rules import RulesError
from rules.host import MatchHost
from rules.store import save_record, load_record
from bots import CHARACTERS

from .config import saves_dir
from .controllers import HumanSeat, BotSeat

# Extra humans take seats clockwise from the bottom.
HUMAN_ORDER = {4: ("bottom", "left", "top", "right"), 3: ("bottom", "left", "right")}
TABLE_FORMAT = 1


def seat_plan(seats, humans, bots=None, rng=None, names=None):
    """Players for each seat: the first ``humans`` seats clockwise from the bottom
    are people, the rest bots (characters from ``bots`` in seat order, or random).

    >>> sorted(seat_plan(("bottom", "left", "top", "right"), 1, ["TANA"])["left"].items())
    [('bot', 'TANA'), ('kind', 'bot'), ('name', 'Tana')]
    """
    rng = rng or random.Random()
    order = [s for s in HUMAN_ORDER[len(seats)] if s in seats]
    if not 0 <= humans <= len(seats):
        raise ValueError(f"{humans} humans do not fit {len(seats)} seats")
    bots = [b.upper() for b in (bots or []) if b]
    players = {}
    bot_i = 0
    for i, seat in enumerate(order):
        if i < humans:
            name = (names or {}).get(seat) or ("You" if humans == 1 else seat.title())
            players[seat] = {"kind": "human", "name": name}
        else:
            if bot_i < len(bots) and bots[bot_i] != "RANDOM":
                character = bots[bot_i]
            else:
                character = rng.choice(CHARACTERS)
            bot_i += 1
            if character not in CHARACTERS:
                raise ValueError(f"unknown bot {character!r} (one of {', '.join(CHARACTERS)})")
            used = sum(1 for p in players.values() if p.get("bot") == character)
            name = character.title() + (f" {used + 1}" if used else "")
            players[seat] = {"kind": "bot", "bot": character, "name": name}
    return players


def make_controllers(players, seats, wake=None, seed=None):
    ctl = {}
    rng = random.Random(seed)
    for seat in seats:
        p = players.get(seat) or {"kind": "bot", "bot": CHARACTERS[0]}
        if p.get("kind") == "human":
            ctl[seat] = HumanSeat(p.get("name") or seat.title())
        else:
            character = str(p.get("bot", CHARACTERS[0])).upper()
            if character not in CHARACTERS:
                character = CHARACTERS[0]
            ctl[seat] = BotSeat(character, seed=rng.randrange(1 << 30), wake=wake)
    return ctl


class Saver:
    """Writes records on its own thread: an fsync never stalls a frame.

    The newest record for a path wins; ``flush`` waits until everything
    handed over is on disk (quitting, tests).
    """

    def __init__(self):
        self._q = queue.Queue()
        self.error = None
        self._thread = threading.Thread(target=self._work, name="autosave", daemon=True)
        self._thread.start()

    def put(self, path, record):
        self._q.put((path, record))

    def _work(self):
        while True:
            item = self._q.get()
            try:
                if item is None:
                    return
                path, record = item
                try:
                    save_record(path, record)
                    self.error = None
                except (OSError, TypeError, ValueError) as e:
                    self.error = f"autosave failed: {getattr(e, 'strerror', None) or e}"
            finally:
                self._q.task_done()

    def flush(self):
        self._q.join()

    def close(self):
        self._q.put(None)
        self._thread.join(timeout=5)


class MatchSession:
    """One match in progress at this table."""

    replay = False

    def __init__(self, host, players, save_path=None, wake=None, seed=None):
        self.host = host
        self.players = players
        self.seats = tuple(host.game.seats)
        self.controllers = make_controllers(players, self.seats, wake, seed)
        self.save_path = save_path
        self.saver = Saver() if save_path else None
        self.created = time.strftime("%Y-%m-%d %H:%M:%S")

    # -- making one ---------------------------------------------------------------
    @classmethod
    def new(cls, game, options=None, humans=1, bots=None, seed=None, wake=None,
            save_dir=None, names=None):
        from rules.games import get_game
        g = get_game(game)
        rng = random.Random(seed)
        players = seat_plan(g.seats, humans, bots, rng, names)
        host = MatchHost.new(game, options, players, seed=seed)
        folder = save_dir or saves_dir()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = os.path.join(folder, f"{game}-{stamp}-{rng.randrange(10**6):06d}.json")
        return cls(host, players, path, wake, seed)

    @classmethod
    def resume(cls, path, wake=None):
        """Continue the match saved in ``path``; RulesError("name: reason") if it cannot."""
        record, _match = load_record(path)
        host = MatchHost.from_record(record)
        players = record.get("players") if isinstance(record.get("players"), dict) else {}
        s = cls(host, players, path, wake)
        s.created = record.get("created", s.created)
        return s

    # -- questions ----------------------------------------------------------------
    @property
    def game(self):
        return self.host.game

    @property
    def match(self):
        return self.host.match

    def humans(self):
        return [s for s in self.seats if self.controllers[s].kind == "human"]

    def name(self, seat):
        p = self.players.get(seat) or {}
        return p.get("name") or seat.title()

    def whose_turn(self):
        return self.host.whose_turn()

    def needs_deal(self):
        return self.host.needs_deal()

    def view(self, seat):
        return self.host.view(seat)

    def summaries(self):
        return list(self.host.match.summaries)

    # -- changes ------------------------------------------------------------------
    def start_deal(self):
        events = self.host.start_deal()
        self.autosave()
        return events

    def submit(self, seat, action):
        """Apply ``action`` for ``seat``; RulesError (nothing changed) if not allowed."""
        events = self.host.submit(seat, action, self.host.version)
        self.autosave()
        return events

    def record(self):
        rec = self.host.record()
        rec["players"] = self.players
        rec["created"] = self.created
        rec["table"] = TABLE_FORMAT
        return rec

    @property
    def save_error(self):
        """A sentence when the last autosave failed, else None."""
        return self.saver.error if self.saver else None

    def autosave(self):
        """Hand the record (a fresh copy) to the writer thread."""
        if self.saver:
            self.saver.put(self.save_path, self.record())

    def flush(self):
        if self.saver:
            self.saver.flush()

    def close(self):
        for c in self.controllers.values():
            c.close()
        if self.saver:
            self.saver.flush()
            self.saver.close()
            self.saver = None


def list_saves(folder=None):
    """Every file of the saves folder, newest first, as dicts:

    ``path, name, ok, reason, finished, game, deals, totals, winner, mtime, players``
    (and ``table``, the name of a LAN table).
    A damaged or foreign file gets ``ok`` False and the reason; it is never
    changed or removed.
    """
    folder = folder or saves_dir()
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    out = []
    for name in names:
        path = os.path.join(folder, name)
        if name.startswith(".tmp-") or not os.path.isfile(path):
            continue
        entry = {"path": path, "name": name, "ok": False, "reason": None,
                 "finished": False, "game": None, "deals": 0, "totals": None,
                 "winner": None, "players": {}}
        try:
            entry["mtime"] = os.path.getmtime(path)
        except OSError:
            entry["mtime"] = 0
        try:
            record, match = load_record(path)
        except RulesError as e:
            entry["reason"] = str(e)
        except Exception as e:       # anything odd in a foreign file: report, go on
            entry["reason"] = f"{name}: unreadable ({type(e).__name__})"
        else:
            entry.update(ok=True, finished=match.finished, game=match.game.name,
                         deals=len(match.records), totals=dict(zip(match.game.sides, match.totals)),
                         winner=match.winner,
                         players=record.get("players") if isinstance(record.get("players"), dict) else {},
                         table=record["lan"].get("table") if isinstance(record.get("lan"), dict) else None)
        out.append(entry)
    out.sort(key=lambda e: -e["mtime"])
    return out
