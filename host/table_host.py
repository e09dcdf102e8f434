"""The table host: the one authority that runs a match, at every kind of table.

It owns the rules' ``MatchHost``, the seats (a person here, a person over the
network, a bot, a bot standing in), the bots' thinking, the pace, the save,
and what every endpoint is told.  It lives on one asyncio loop (``HostRunner``
gives it a thread of its own) and knows no pygame and no sockets: local play,
hot-seat, the demo, a LAN table, the headless command line and the tests all
run their match through it.

Every change goes the same way (``_changed``): the rules apply it, the match
file is written and synced (write ahead), and only then is any endpoint told
(each its own view and the public events); then the next step is scheduled.
Automatic steps (a bot's action, the next deal) wait until every gating
screen has shown the last change, then the pace (``bot_delay`` /
``deal_pause``), and never while a screen holds the table.  Who sits where
(joining, tokens, stand-ins) is ``host.seating``, mixed in; the save, the record and the
statistics are ``host.table_save``.
"""
from __future__ import annotations

import logging
import math
import random
import time
from typing import Any, Callable

from rules import RulesError
from rules.host import MatchHost

from .endpoint import PHRASES, SAY_GAP, Endpoint
from .save_lock import hold
from .seating import Seating
from .table_save import TableSave
from .seats import STANDIN, Seat
from .thinking import Thinker, fallback

log = logging.getLogger("manfee.host")
# Seconds the next deal waits for a friend still reading the last deal's summary
# (a screen that ``reads_summaries``): long enough to read it, short enough that
# one player gone for a drink does not hold the table.  Counted from the deal's end
# on the host: a friend's screen still showing the last trick lost a third of 30 s.
READY_WAIT = 40.0


class TableHost(Seating, TableSave):
    def __init__(self, mh: MatchHost, seats: dict[str, Seat], *, table: str = "", lan: bool = False,
                 save_path: str | None = None, created: str | None = None, rng: random.Random | None = None,
                 grace: float = 20.0, bot_delay: float = 0.0, deal_pause: float = 0.0,
                 bot_budget: float | None = None, in_process: bool | None = None,
                 info_extra: dict | None = None, on_notice: Callable[..., None] | None = None,
                 on_seats_changed: Callable[[], None] | None = None, stats_path: str | None = None,
                 hints: bool = False, lan_keep: dict | None = None) -> None:
        self.mh = mh
        self.seats = seats
        self.order = tuple(mh.game.seats)
        self.table = table
        self.lan = lan
        self.save_path = save_path
        # one table a match: RulesError (match_open) if another window of the game has it open
        self.save_lock = hold(save_path) if save_path else None
        self.stats_path = stats_path      # the players' statistics (host.stats), kept after each deal
        self.hints = hints                # the coach's hints, for everyone at this table or nobody
        self.created = created or time.strftime("%Y-%m-%d %H:%M:%S")
        # (deal, seat) of every deal in which a seat was shown a hint: kept in the record, so
        # the statistics do not rate a deal the coach helped to play (``host.stats``).
        self.hinted: set[tuple[int, str]] = set()
        self.hints_given: list[list] = []     # [deal, action index, seat, the hint's action]
        self.standins: list[list] = []        # [deal, action index, seat]: a bot stood in for a person
        self.rng = rng or random.Random()
        self.grace = grace
        self.bot_delay = bot_delay
        self.deal_pause = deal_pause
        self.bot_budget = bot_budget
        self.in_process = in_process
        self.info_extra = dict(info_extra or {})
        # What a resumed LAN table must be again and no peer is told (its join code): the save only.
        self.lan_keep = dict(lan_keep or {})
        self.on_notice = on_notice or (lambda kind, **info: None)
        self.on_seats_changed = on_seats_changed or (lambda: None)
        self.endpoints: list[Endpoint] = []
        self.watchers_refused: set[str] = set()
        self.started = bool(mh.match.records)
        self.stopping = False
        self.save_error: str | None = None
        self.end_seen = False             # a finished match's results shown (else Resume shows them)
        self.stats_behind = False         # the statistics missed a deal (a locked file): tried again at the end
        self.info: dict = {}
        self._said: dict[str, float] = {}     # seat -> when it last said a phrase
        self.loop: Any = None
        self.thinker: Thinker | None = None
        self._ready_at: float | None = None    # when every gating screen had shown this version
        self._told_reading: tuple | None = None  # the readers last told to every screen (``_pace``)
        self._held: set[int] = set()            # ids of endpoints holding the bots
        self._asked: dict[str, int] = {}        # seat -> version a bot was asked about
        self._answer: tuple | None = None       # (seat, version, action) waiting for the pace
        self._timer: Any = None
        self._over_noticed = mh.match.finished
        self._seeds = {s: self.rng.randrange(1 << 30) for s in self.order}
        self.refresh_info()

    # -- life ----------------------------------------------------------------------------
    def begin(self, loop: Any) -> None:
        """Start on ``loop``: wait for absent people (resumed), then play."""
        self.loop = loop
        self.thinker = Thinker(loop, self.bot_budget, self.in_process)
        for s in self.seats.values():
            if s.kind == "remote" and s.endpoint is None:
                self.away(s)            # resumed: wait for its token, then a stand-in
        self._record_stats()          # resumed after a crash: what the statistics missed
        self._mark_ready()
        self.advance()

    def end(self, reason: str) -> None:
        """The table closes: no more turns; every endpoint hears why; a last save."""
        if self.stopping:
            return
        self.stopping = True
        self._cancel_timer()
        for s in self.seats.values():
            if s.grace is not None:
                s.grace.cancel()
                s.grace = None
        for ep in list(self.endpoints):
            ep.close(bye=reason)
        self.endpoints.clear()
        if self.thinker is not None:
            self.thinker.close()
        self._save()
        if self.stats_behind:                   # the last deal's statistics failed: once more
            self._record_stats()
        if self.save_lock is not None:
            self.save_lock.release()

    # -- acting --------------------------------------------------------------------------
    def intent(self, endpoint: Endpoint, seat: str, action: Any, version: int | None) -> None:
        """A person's action for ``seat``: checked (the rules' order, after the seat's
        own), applied, saved, shown; a refusal goes back to ``endpoint`` alone."""
        s = self.seats.get(seat)
        if s is None or seat not in endpoint.plays:
            return self._refuse(endpoint, seat, "not_your_seat", f"this screen does not play {seat}")
        if s.bot_plays:
            return self._refuse(endpoint, seat, "not_your_turn", "a bot is playing this seat")
        try:
            events = self.mh.submit(seat, action, version)
        except RulesError as e:
            return self._refuse(endpoint, seat, e.code, str(e))
        except Exception as e:          # the rules choked on a strange object: still just a refusal
            log.warning("rules failed on %r: %s", action, e)
            return self._refuse(endpoint, seat, "illegal", f"not an action ({type(e).__name__})")
        self._changed(events)

    def hint(self, endpoint: Endpoint, seat: str) -> None:
        """The coach's suggestion for ``seat``'s decision, from that seat's view alone,
        to the endpoint that plays it (when this table allows hints)."""
        if not self.hints:
            return self._refuse(endpoint, seat, "hints_off", "hints are off at this table")
        if seat not in endpoint.plays or self.mh.whose_turn() != seat:
            return self._refuse(endpoint, seat, "not_your_turn", "a hint is for your own decision")
        view = self.mh.view(seat)
        version = self.mh.version
        assert self.thinker is not None
        deal = self.mh.match.deal_index
        index = len(self.mh.match.records[deal]["actions"]) if self.mh.match.records else 0

        def answered(h: dict | None) -> None:
            if h is None and self.mh.version == version and endpoint in self.endpoints:
                # the coach failed (its worker raised or broke): said, or the screen waited on
                # a hint that never came ("thinking…" for the whole decision)
                endpoint.deliver({"type": "hint", "seat": seat, "version": version, "failed": True})
            elif h is not None and self.mh.version == version and endpoint in self.endpoints:
                # the decision and what the hint gave, for the review ("the hint's" on a fine
                # choice too: a club player followed the hint and the review never said so)
                given = [deal, index, seat, h.get("action")]
                if given not in self.hints_given:         # (a new deal or seat is a new row too)
                    self.hinted.add((deal, seat))
                    self.hints_given.append(given)
                    # written before it is shown: a crash then kept the deal rated (the
                    # hint lived in memory until the next action's save)
                    self._save()
                endpoint.deliver(dict(h, type="hint", seat=seat, version=version))
        self.thinker.ask_hint(view, answered)

    def say(self, endpoint: Endpoint, seat: str, phrase: str) -> None:
        """``seat``'s player says a set phrase to everyone at the table (watchers too)."""
        if phrase not in PHRASES:
            return self._refuse(endpoint, seat, "bad_phrase", f"say one of {', '.join(PHRASES)}")
        if seat not in endpoint.plays:
            return self._refuse(endpoint, seat, "not_your_seat", "a player speaks for their own seat")
        now = time.monotonic()
        if now - self._said.get(seat, -SAY_GAP) < SAY_GAP:
            return self._refuse(endpoint, seat, "too_fast", "one phrase at a time")
        self._said[seat] = now
        for ep in list(self.endpoints):
            ep.deliver({"type": "said", "seat": seat, "phrase": phrase})

    def _refuse(self, endpoint: Endpoint, seat: str, code: str, reason: str) -> None:
        msg = {"type": "error", "code": code, "reason": reason}
        msg.update(self._views(endpoint))
        endpoint.deliver(msg)

    def sync(self, endpoint: Endpoint) -> None:
        """A fresh view (an ``events`` message with no events)."""
        endpoint.deliver(dict({"type": "events", "events": []}, **self._views(endpoint)))

    def shown(self, endpoint: Endpoint, version: int) -> None:
        """A gating screen has finished showing ``version``."""
        endpoint.shown_version = max(endpoint.shown_version, version)
        self._mark_ready()
        self._pace()

    def ready(self, endpoint: Endpoint, version: int) -> None:
        """A screen's player has closed the summary of the deal that ended at ``version``."""
        endpoint.ready_version = max(endpoint.ready_version, version)
        self._pace()

    def reading_seats(self) -> list[str]:
        """The seats whose players still read the last deal's summary (the next deal waits)."""
        v = self.mh.version
        return [s for ep in self.endpoints if ep.reads_summaries and ep.ready_version < v for s in ep.plays]

    def hold(self, endpoint: Endpoint, on: bool) -> None:
        """A screen of this machine pauses the bots (a hold key), or lets them go on.
        Deals still start: a hold is for following what the bots do."""
        if on:
            self._held.add(id(endpoint))
        else:
            self._held.discard(id(endpoint))
            self._pace()

    def _changed(self, events: list) -> None:
        """After every change: write ahead, then each endpoint its view and the events."""
        m = self.mh.match
        over = m.finished and not self._over_noticed
        if over:
            self._over_noticed = True
            self.refresh_info()
        for e in events:          # every screen files the deal: which decisions a stand-in made
            if e.get("type") == "deal_scored":
                e["standins"] = [[i, seat] for d, i, seat in self.standins if d == e.get("deal")]
        self._save()
        if any(e.get("type") == "deal_scored" for e in events):
            self._record_stats()
        self._ready_at = None
        self._answer = None
        for ep in list(self.endpoints):
            ep.deliver(dict({"type": "events", "events": events}, **self._views(ep)))
        if over:
            end: dict = next((e for e in events if e.get("type") == "match_over"), {})
            self._notice("match_over", winner=m.winner, totals=end.get("totals"))
            self.seats_changed()
        self._mark_ready()
        self.advance()

    # -- the next automatic step ------------------------------------------------------------
    def advance(self) -> None:
        """Start the next deal, or ask the bot whose turn it is (its answer waits for the pace)."""
        mh = self.mh
        if self.stopping or mh.match.finished or self.loop is None:
            return
        if any(s.kind == "open" for s in self.seats.values()):
            return                    # waiting for players
        if mh.needs_deal():
            self._pace()
            return
        seat = mh.whose_turn()
        s = self.seats.get(seat) if seat else None
        if seat is None or s is None or not s.bot_plays or self._asked.get(seat) == mh.version:
            return
        self._asked[seat] = mh.version
        view = mh.view(seat)
        version = mh.version
        assert self.thinker is not None
        self.thinker.ask(s.bot or STANDIN, self._seeds[seat], view,
                         lambda action: self._bot_answered(seat, version, view, action))

    def _bot_answered(self, seat: str, version: int, view: dict, action: dict | None) -> None:
        if self._asked.get(seat) == version:
            del self._asked[seat]
        s = self.seats.get(seat)
        if self.stopping or self.mh.version != version or s is None or not s.bot_plays:
            self.advance()            # the table moved on (someone came back): ask again if needed
            return
        self._answer = (seat, version, action, view)
        self._pace()

    def _mark_ready(self) -> None:
        if self._ready_at is None and all(ep.shown_version >= self.mh.version
                                          for ep in self.endpoints if ep.gate):
            self._ready_at = time.monotonic()

    def _pace(self) -> None:
        """Take the waiting automatic step once its time has come."""
        self._cancel_timer()
        if self.stopping or self._ready_at is None or self.loop is None:
            return
        mh = self.mh
        if mh.needs_deal() and not mh.match.finished:
            if any(s.kind == "open" for s in self.seats.values()):
                return
            delay = self.deal_pause if mh.match.records else 0.0
            if mh.match.records and self.reading_seats():
                delay = max(delay, READY_WAIT)     # ``ready`` calls this again when they close it
                self._tell_reading()
            step = self._deal
        elif self._answer is not None and not self._held:      # a hold pauses the bots only
            # A decision that is not a card takes a little longer: people read calls,
            # trumps and taps before the next one comes.
            delay = self.bot_delay * (1.0 if "play" in (self._answer[2] or {}) else 1.6)
            step = self._bot_play
        else:
            return
        wait = self._ready_at + delay - time.monotonic()
        if wait > 0:
            self._timer = self.loop.call_later(wait, self._pace)
        else:
            step()

    def _tell_reading(self) -> None:
        """Every screen hears who still reads the last deal's summary and in how many seconds
        the next deal comes anyway: "Waiting for the others…" named nobody and gave no time."""
        seats = tuple(self.reading_seats())
        if seats == self._told_reading or self._ready_at is None:
            return
        self._told_reading = seats
        left = max(0.0, self._ready_at + READY_WAIT - time.monotonic())
        msg = {"type": "reading", "seats": list(seats), "seconds": math.ceil(left)}    # the wire has no floats
        for ep in list(self.endpoints):
            ep.deliver(msg)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _deal(self) -> None:
        self._told_reading = None
        first = not self.started
        self.started = True
        events = self.mh.start_deal()
        if first:
            self.refresh_info()
            self.seats_changed()
        self._changed(events)

    def _bot_play(self) -> None:
        assert self._answer is not None
        seat, version, action, view = self._answer
        self._answer = None
        s = self.seats.get(seat)
        # the person came back while the stand-in's answer waited for the pace: theirs to play
        # (it was played for them, and kept as their own decision)
        if self.mh.version != version or s is None or not s.bot_plays:
            self.advance()
            return
        standin = s.person and s.standin
        recorded = len(self.mh.match.records[-1]["actions"]) if self.mh.match.records else 0
        try:
            events = self.mh.submit(seat, action, version)
        except (RulesError, TypeError) as e:
            action = fallback(view, f"an illegal answer {action!r}: {e}")
            try:
                events = self.mh.submit(seat, action, version)
            except (RulesError, TypeError):
                log.error("the bot for %s has no playable action", seat)
                return
        if standin:
            s.standin_acts += 1
            s.standin_cards += isinstance(action, dict) and "play" in action
            m = self.mh.match
            # whose decision it was: the review leaves it out of the person's (a friend's review
            # listed the cards a stand-in played while the friend was away as "you chose"); a
            # muette dealer's look is no action of the record
            if len(m.records[-1]["actions"]) > recorded:
                self.standins.append([len(m.records) - 1, recorded, seat])
        self._changed(events)

    # -- what endpoints are told ------------------------------------------------------------
    def _view_of(self, ep: Endpoint, seat: str) -> dict:
        if seat in ep.plays or (ep.trusted and not ep.spectator):
            return self.mh.view(seat)
        return self.mh.public_view(seat)

    def _views(self, ep: Endpoint) -> dict:
        p = ep.primary
        if p is None:
            return {"view": self.mh.public_view()}
        out = {"view": self._view_of(ep, p)}
        if len(ep.plays) > 1:
            out["views"] = {s: self._view_of(ep, s) for s in ep.plays}
        return out

    def _welcome(self, ep: Endpoint, token: str | None, rejoin: bool, played: dict | None = None) -> None:
        msg: dict[str, Any] = {"type": "welcome", "seat": ep.primary, "token": token, "table": self.table,
               "players": self.players(), "rejoin": rejoin,
               "summaries": list(self.mh.match.summaries), "spectator": ep.spectator,
               "seats": list(ep.plays), "hints": self.hints}
        if not ep.spectator:    # who watches already: no "someone is watching" for a screen coming back
            msg["watchers_who"] = self.watching()
            msg["watchers"] = len(msg["watchers_who"])
        if played:
            msg["standin_played"] = played      # what a bot did for the person coming back
        deal = len(self.mh.match.records) - 1   # and which decisions of the deal now on were a bot's
        msg["standins"] = [[i, seat] for d, i, seat in self.standins if d == deal]
        msg.update(self._views(ep))
        ep.deliver(msg)

    def _notice(self, kind: str, **info: Any) -> None:
        for ep in self.endpoints:
            if ep.trusted:
                ep.deliver(dict(info, type="notice", kind=kind))
        self.on_notice(kind, **info)

    def players(self) -> dict:
        return {seat: s.public() for seat, s in self.seats.items()}

    def state(self) -> str:
        return "over" if self.mh.match.finished else "playing" if self.started else "waiting"

    def refresh_info(self) -> None:
        g = self.mh.game
        info = {"type": "table", "table": self.table, "game": g.name, "title": g.title,
                "options": dict(self.mh.match.options), "seats": list(g.seats),
                "players": self.players(), "free": [s for s in g.seats if self.seats[s].kind == "open"],
                "state": self.state(), "hints": self.hints, "spectators": not self.watchers_away}
        info.update(self.info_extra)
        self.info = info

    def seats_changed(self) -> None:
        self.refresh_info()
        players = {"type": "players", "players": self.info["players"]}
        for ep in list(self.endpoints):
            ep.deliver(players)
        self.on_seats_changed()
        if self.started:
            self._save()
