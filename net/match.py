"""A match at a LAN table: the rules authority, its seats and who answers for them.

``LanMatch`` lives on the host's loop thread and knows nothing of sockets: a
seat's occupant is an *endpoint* with ``send(message)`` (a connection, or the
host's own ``LocalSeat``).  Every person's intent is checked in boardgame.io's
order (a bot is not playing the seat -> match over -> deal running -> turn ->
freshness -> legality); after every change each seat gets its own view plus
the public events, the record is autosaved, and the next bot is asked.
"""
import hmac
import logging
import threading
import time

from rules import RulesError
from rules.store import save_record

from . import protocol as P
from .seats import Slot, easy_character, hash_token, new_token

log = logging.getLogger("manfee.net")


class LanMatch:
    def __init__(self, name, mh, slots, rng, *, grace=20.0, bot_delay=0.0, deal_pause=0.0,
                 bot_budget=None, save_path=None, notice=None, on_seats_changed=None, host_id=""):
        self.name = name                  # the table's name
        self.mh = mh                      # rules.host.MatchHost
        self.slots = slots                # seat -> Slot
        self.seats = tuple(mh.game.seats)
        self.rng = rng
        self.grace = grace
        self.bot_delay = bot_delay
        self.deal_pause = deal_pause
        self.bot_budget = bot_budget
        self.notice = notice or (lambda kind, **info: None)
        self.on_seats_changed = on_seats_changed or (lambda: None)
        self.host_id = host_id
        self.started = bool(mh.match.records)
        self.info = None                  # the latest `table` message
        self.loop = None                  # set by begin()
        self.pool = None
        self.stopping = False
        self._saver = Saver(save_path, self.notice) if save_path else None
        self._deal_timer = None
        self._thinking = {}
        self._over_noticed = mh.match.finished
        self.refresh_info()

    # -- life ----------------------------------------------------------------------------
    def begin(self, loop, pool, resumed=False):
        """Start on the host's loop: greet the host's seats, wait for absent players, play."""
        self.loop = loop
        self.pool = pool
        for slot in self.slots.values():
            if slot.kind == "human" and slot.conn is None:
                self.away(slot)           # resumed: wait for its token, then a stand-in
            elif slot.local is not None:
                slot.local.send({"type": "welcome", "seat": slot.seat, "token": None,
                                 "table": self.name, "view": self.mh.view(slot.seat),
                                 "players": self.players(), "rejoin": resumed})
        self.advance()

    def end(self, reason):
        """The table closes: no more turns; the host's seats hear why; a last save."""
        self.stopping = True
        for slot in self.slots.values():
            if slot.local is not None:
                slot.local.send({"type": "bye", "reason": reason, "table_closed": True})
        if self._saver is not None:
            self._saver.put(self.record())

    def close(self):
        if self._saver is not None:
            self._saver.close()

    # -- seats ---------------------------------------------------------------------------
    def join(self, endpoint, seat=None, token=None):
        """Seat ``endpoint`` (it has ``name``, ``slot``, ``send``); ProtocolError if not."""
        if endpoint.slot is not None:
            raise P.ProtocolError("already_seated", f"this connection already plays {endpoint.slot.seat}")
        if token is not None:
            h = hash_token(token)
            slot = next((s for s in self.slots.values()
                         if s.token_hash and hmac.compare_digest(s.token_hash, h)), None)
            if slot is None or (seat is not None and slot.seat != seat):
                raise P.ProtocolError("bad_token", "that token opens no seat at this table"
                                      if seat is None else f"that token does not open {seat}")
            self._attach(slot, endpoint, token, rejoin=True)
            return
        if seat is None:
            free = [s for s in self.seats if self.slots[s].kind == "open"]
            if not free:
                raise P.ProtocolError("table_full", "no seat is free at this table")
            seat = free[0]
        if seat not in self.slots:
            raise P.ProtocolError("no_such_seat", f"{seat!r} is not a seat of {self.mh.game.name} "
                                                  f"({', '.join(self.seats)})")
        slot = self.slots[seat]
        if slot.kind != "open":
            raise P.ProtocolError("seat_taken", f"{seat} belongs to {slot.name or slot.kind}"
                                  + (" (rejoin with its token)" if slot.kind == "human" else ""))
        slot.kind = "human"
        slot.name = endpoint.name or "Player"
        token = new_token()
        slot.token_hash = hash_token(token)
        self._attach(slot, endpoint, token, rejoin=False)

    def _attach(self, slot, endpoint, token, rejoin):
        old = slot.conn
        if old is not None and old is not endpoint:
            old.slot = None
            old.close(bye="this seat was taken back by a new connection with its token",
                      table_closed=False)
        if slot.grace is not None:
            slot.grace.cancel()
            slot.grace = None
        was_standin = slot.standin
        slot.standin = False
        slot.conn = endpoint
        if endpoint.name and rejoin:
            slot.name = endpoint.name
        endpoint.slot = slot
        endpoint.send({"type": "welcome", "seat": slot.seat, "token": token, "table": self.name,
                       "view": self.mh.view(slot.seat), "players": self.players(), "rejoin": rejoin})
        self.notice("back" if rejoin else "joined", seat=slot.seat, name=slot.name,
                    standin_ended=was_standin)
        self.seats_changed()
        self.advance()

    def leave(self, endpoint, immediate=False):
        """``endpoint`` lost its connection (or said bye: ``immediate``)."""
        slot = endpoint.slot
        endpoint.slot = None
        if slot is None or slot.conn is not endpoint:
            return
        slot.conn = None
        self.notice("left", seat=slot.seat, name=slot.name)
        if not self.stopping:
            self.away(slot, 0.0 if immediate else None)

    def away(self, slot, grace=None):
        """A player's seat without its connection: a bot stands in after the grace period."""
        grace = self.grace if grace is None else grace
        if slot.grace is not None:
            slot.grace.cancel()
        if grace <= 0:
            slot.grace = None
            self._standin(slot)
        else:
            slot.grace = self.loop.call_later(grace, self._standin, slot)
            self.seats_changed()

    def _standin(self, slot):
        slot.grace = None
        if slot.conn is not None or slot.kind != "human" or self.mh.match.finished:
            return
        slot.standin = True
        if not slot.bot_name:
            slot.bot_name = "TANA"
        self.notice("standin", seat=slot.seat, name=slot.name, bot=slot.bot_name)
        self.seats_changed()
        self.advance()

    def set_seat(self, seat, spec):
        slot = self.slots.get(seat)
        if slot is None or slot.kind not in ("open", "bot"):
            self.notice("error", reason=f"{seat} is not free to change")
            return
        kind, _sep, arg = spec.partition(":")
        if kind == "bot":
            character = arg or easy_character(self.rng)
            self.slots[seat] = Slot(seat, "bot", character.title(), bot=character)
        elif kind == "open":
            self.slots[seat] = Slot(seat, "open")
        else:
            self.notice("error", reason="the host's seats are fixed when the table opens")
            return
        self.seats_changed()
        self.advance()

    # -- acting --------------------------------------------------------------------------
    def submit(self, slot, endpoint, action, version):
        """Check a person's intent in the fixed order, then apply it; refusals go to ``endpoint``."""
        m = self.mh
        seat = slot.seat

        def refuse(code, reason):
            endpoint.send(P.error(code, reason, view=m.view(seat)))

        if slot.bot_plays:
            return refuse("not_your_turn", "a bot is playing this seat")
        if m.match.finished:
            return refuse("match_over", "the match is over")
        if not m.match.in_deal:
            return refuse("no_deal", "no deal is in progress")
        peek = set(action) == {"peek"}            # the one action taken out of turn
        if m.whose_turn() != seat and not peek:
            return refuse("not_your_turn", f"it is {m.whose_turn()}'s turn, not {seat}'s")
        if version != m.version:
            return refuse("stale", f"stale action: it answers state {version}, the table is at {m.version}")
        try:
            events = m.submit(seat, action, version)
        except RulesError as e:
            return refuse("illegal", str(e))
        except Exception as e:          # the rules choked on a strange object: still just a refusal
            log.exception("rules failed on %r", action)
            return refuse("illegal", f"not an action ({type(e).__name__})")
        self.changed(events)

    def sync(self, slot):
        slot.endpoint.send({"type": "events", "events": [], "view": self.mh.view(slot.seat)})

    def changed(self, events):
        """After every change: each seat its view and the events; autosave; next turn."""
        m = self.mh
        over = m.match.finished and not self._over_noticed
        if over:
            self._over_noticed = True
            self.refresh_info()
        for slot in self.slots.values():
            ep = slot.endpoint
            if ep is not None:
                ep.send({"type": "events", "events": events, "view": m.view(slot.seat)})
        if self._saver is not None:
            self._saver.put(self.record())
        if over:
            end = next((e for e in events if e.get("type") == "match_over"), {})
            self.notice("match_over", winner=m.match.winner, totals=end.get("totals"))
            self.seats_changed()
        self.advance()

    def advance(self):
        """Start the next deal, or ask the bot whose turn it is."""
        m = self.mh
        if self.stopping or m.match.finished:
            return
        if any(s.kind == "open" for s in self.slots.values()):
            return                    # waiting for players
        if m.needs_deal():
            if self._deal_timer is None:
                delay = self.deal_pause if m.match.records else 0.0
                self._deal_timer = self.loop.call_later(delay, self._deal)
            return
        slot = self.slots.get(m.whose_turn())
        if slot is not None and slot.bot_plays:
            self._ask_bot(slot)

    def _deal(self):
        self._deal_timer = None
        if self.stopping or not self.mh.needs_deal() or \
                any(s.kind == "open" for s in self.slots.values()):
            return
        first = not self.started
        self.started = True
        events = self.mh.start_deal()
        if first:
            self.seats_changed()
        self.changed(events)

    def _ask_bot(self, slot):
        view = self.mh.view(slot.seat)
        version = view["version"]
        if self._thinking.get(slot.seat) == version:
            return
        self._thinking[slot.seat] = version
        bot = slot.bot(self.rng.randrange(1 << 30), self.bot_budget)
        t0 = time.monotonic()
        fut = self.loop.run_in_executor(self.pool, bot.choose, view)
        fut.add_done_callback(lambda f: self._bot_answered(slot, view, f, t0))

    def _bot_answered(self, slot, view, fut, t0):
        if self._thinking.get(slot.seat) == view["version"]:
            del self._thinking[slot.seat]
        if fut.cancelled() or self.stopping:
            return
        try:
            action = fut.result()
        except Exception as e:             # a bot bug must not stall the table
            log.warning("bot for %s failed: %s", slot.seat, e)
            action = dict(view["legal"][0]) if view.get("legal") else None
        wait = self.bot_delay - (time.monotonic() - t0)
        if wait > 0:
            self.loop.call_later(wait, self._bot_play, slot, view, action)
        else:
            self._bot_play(slot, view, action)

    def _bot_play(self, slot, view, action):
        m = self.mh
        if action is None or self.stopping or m.version != view["version"] \
                or self.slots.get(slot.seat) is not slot or not slot.bot_plays:
            self.advance()            # the table moved on (someone came back): ask again if needed
            return
        try:
            events = m.submit(slot.seat, action, view["version"])
        except RulesError:
            try:
                events = m.submit(slot.seat, dict(view["legal"][0]), view["version"])
            except (RulesError, IndexError, KeyError):
                log.error("bot for %s has no playable action", slot.seat)
                return
        self.changed(events)

    # -- what everyone may know about the table ------------------------------------------
    def players(self):
        return {seat: slot.public() for seat, slot in self.slots.items()}

    def state(self):
        m = self.mh.match
        return "over" if m.finished else "playing" if self.started else "waiting"

    def refresh_info(self):
        g = self.mh.game
        self.info = {"type": "table", "protocol": P.PROTOCOL_VERSION, "table": self.name,
                     "game": g.name, "title": g.title, "options": dict(self.mh.match.options),
                     "seats": list(g.seats), "players": self.players(),
                     "free": [s for s in g.seats if self.slots[s].kind == "open"],
                     "state": self.state(), "host_id": self.host_id}

    def seats_changed(self):
        self.refresh_info()
        players = {"type": "players", "players": self.info["players"]}
        for slot in self.slots.values():
            ep = slot.endpoint
            if ep is not None:
                ep.send(players)
        self.on_seats_changed()
        if self._saver is not None and self.started:
            self._saver.put(self.record())

    def record(self):
        """The match record plus the table's seats (tokens only as hashes) for ``--resume``."""
        rec = self.mh.record()
        rec["players"] = {s: {k: v for k, v in slot.public().items() if k in ("kind", "name", "bot")}
                          for s, slot in self.slots.items()}
        rec["lan"] = {"protocol": P.PROTOCOL_VERSION, "table": self.name,
                      "seats": {s: slot.saved() for s, slot in self.slots.items()}}
        return rec


class Saver:
    """Writes the latest record on its own thread, so an fsync never delays a view.

    Records arrive after every change; when several queue up only the newest is
    written (each is complete).  ``close()`` writes what is pending and stops.
    """

    def __init__(self, path, notice):
        self.path = path
        self.notice = notice
        self._cond = threading.Condition()
        self._pending = None
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="manfee-save", daemon=True)
        self._thread.start()

    def put(self, record):
        with self._cond:
            self._pending = record
            self._cond.notify()

    def close(self):
        with self._cond:
            self._closing = True
            self._cond.notify()
        self._thread.join(timeout=5)

    def _run(self):
        failed = False
        while True:
            with self._cond:
                while self._pending is None and not self._closing:
                    self._cond.wait()
                record, self._pending = self._pending, None
                closing = self._closing
            if record is not None:
                try:
                    save_record(self.path, record)
                    failed = False
                except OSError as e:
                    if not failed:
                        self.notice("save_failed", reason=f"autosave failed: {e.strerror or e}")
                    failed = True
            if closing and self._pending is None:
                return
