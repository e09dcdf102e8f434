"""The review screen's background work: a deal review in a process of its own.

A review holds the interpreter for seconds (pure Python, about a second a
decision at the designed budget), so it runs in a worker process of the
review screen's own (``Reviewer``: a ``ProcessPoolExecutor`` with the spawn
context, apart from the bots' thinking process in ``host.thinking``, so a
review never makes a bot at the table wait).  The worker reports its
progress through a queue; the screen reads it each frame without waiting.

Only the current job may go on: starting another one or closing the screen
changes the shared job number, and the worker's progress callback then tells
``bots.review.review_deal`` to stop after the decision it is on.

No pygame here: the worker process imports this module (and the review)
only.  Also here: what the screens need from a record and from the
statistics store without drawing anything.
"""
from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import queue
import sqlite3
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bots.review import DealReview, DecisionReview, ReviewError, held_unplayed, review_deal
from host.joined import joined_seat, kept_by_screen, watched_from
from rules.errors import RulesError
from rules.games import Game, get_game
from rules.record import read_match

# -- in the worker process ----------------------------------------------------------------------
_progress: Any = None         # the queue of (job, done, total, pid, decision or None) back to the screen
_current: Any = None          # the shared number of the job that may go on


def _setup(progress: Any, current: Any) -> None:
    """The worker's initializer: a queue and a shared value can only reach a
    spawned process at its start, not with each task."""
    global _progress, _current
    _progress, _current = progress, current


def _review(job: int, record: dict, deal: int, seat: str, budget: float, seed: int,
            shared: bool = False) -> DealReview:
    pid = os.getpid()
    judged: list[DecisionReview] = []       # the decision just judged, sent with its step

    def progress(done: int, total: int) -> bool:
        if _current is not None and _current.value != job:
            return False                      # cancelled: stop after this decision
        if _progress is not None:
            _progress.put((job, done, total, pid, judged.pop() if judged else None))
        return True
    return review_deal(record, deal, seat, budget=budget, seed=seed, progress=progress, shared=shared,
                       each=judged.append)


# -- on the screen's side -------------------------------------------------------------------------
@dataclass
class Job:
    """One review asked of the worker: what it is, how far it got."""

    number: int
    deal: int
    seat: str
    future: Future
    done: int = 0
    total: int | None = None
    pid: int | None = None
    seen: list[int] = field(default_factory=list)     # every ``done`` reported, in order (the bar's steps)
    # the decisions judged so far, in order: the screen lists them while the rest is worked out
    decisions: list[DecisionReview] = field(default_factory=list)

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0


class Reviewer:
    """The review screen's worker process (started with the first job) and
    its jobs; ``close`` cancels the running one and lets the process end."""

    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.queue = ctx.Queue()
        self.current = ctx.Value("i", 0)
        self.pool: ProcessPoolExecutor | None = ProcessPoolExecutor(
            max_workers=1, mp_context=ctx, initializer=_setup, initargs=(self.queue, self.current))
        self.job: Job | None = None
        self.numbers = 0

    def start(self, record: dict, deal: int, seat: str, budget: float, seed: int, shared: bool = False) -> Job:
        """Review ``seat`` in deal ``deal`` (``shared``: for a screen people share,
        ``bots.review.review_deal``); any job still running stops."""
        if self.pool is None:
            raise RuntimeError("the reviewer is closed")
        self.numbers += 1
        self.current.value = self.numbers
        future = self.pool.submit(_review, self.numbers, record, deal, seat, budget, seed, shared)
        self.job = Job(self.numbers, deal, seat, future)
        return self.job

    def poll(self) -> Job | None:
        """Take the progress reports that arrived (never waits); the current job."""
        while True:
            try:
                report = self.queue.get_nowait()
            except (queue.Empty, OSError, ValueError, EOFError):
                break
            self._note(report)
        return self.job

    def settle(self, job: Job, seconds: float = 0.5) -> None:
        """Once ``job``'s result is in, wait briefly for its last progress
        reports: the worker's queue sends them from a feeder thread, so they
        can arrive after the result, and the bar should end on its last step.
        A job that failed ends short of its total: nothing more is coming."""
        if job.future.cancelled() or job.future.exception() is not None:
            return
        end = time.monotonic() + seconds
        while job.total is None or job.done < job.total:
            left = end - time.monotonic()
            if left <= 0:
                break
            try:
                report = self.queue.get(timeout=left)
            except (queue.Empty, OSError, ValueError, EOFError):
                break
            self._note(report)

    def _note(self, report: tuple) -> None:
        number, done, total, pid, decision = report
        job = self.job
        if job is not None and number == job.number:
            job.done, job.total, job.pid = done, total, pid
            job.seen.append(done)
            if decision is not None:
                job.decisions.append(decision)

    def cancel(self) -> None:
        """Stop the running job (the worker stops after the decision it is on)."""
        self.current.value = -1
        self.job = None

    def close(self) -> None:
        """Cancel, and let the worker process end once it has stopped.

        The screen must not wait (the worker ends its decision first), yet the
        queue and the shared job number must outlive the worker: a worker still
        starting reads them from the parent, and once this reviewer was
        dropped it died on their missing semaphore (a FileNotFoundError
        traceback on the console when a review was closed at once).  A thread
        keeps them until the pool has ended."""
        self.cancel()
        if self.pool is not None:
            threading.Thread(target=_retire, args=(self.pool, self.queue, self.current),
                             name="reviewer-retire", daemon=True).start()
            self.pool = None


def _retire(pool: ProcessPoolExecutor, *keep: Any) -> None:
    """Wait for a closed reviewer's worker to end, holding ``keep`` alive till then."""
    pool.shutdown(wait=True, cancel_futures=True)


# -- a record, as the screens need it ------------------------------------------------------------
@dataclass(frozen=True)
class RecordFacts:
    """What the review screen's pickers offer for a record."""

    game: Game
    deals: int                  # how many deals it holds
    seats: tuple[str, ...]      # every seat of the game
    people: tuple[str, ...]     # the seats offered: the people's, or every seat (see record_facts)
    names: dict[str, str]       # seat -> the name in ``players`` ("" when none)
    humans: tuple[str, ...] = ()    # the seats people played (several: hot-seat, or a LAN host's)
    shared: bool = False            # several people played it, or a screen that never held every hand
    own: tuple[str, ...] = ()       # the seats whose review says "you": the people's; a LAN friend's own only


def record_facts(record: object) -> RecordFacts:
    """The pickers' facts of ``record``; ReviewError (one line) when it has
    none to offer.  Damage inside a deal shows only when that deal is reviewed."""
    if not isinstance(record, dict):
        raise ReviewError("a record must be a JSON object")
    try:
        game = get_game(str(record.get("game")))
    except RulesError:
        raise ReviewError(f"unknown game {record.get('game')!r}") from None
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        raise ReviewError("the record holds no deal")
    players = record.get("players") if isinstance(record.get("players"), dict) else {}
    names = {}
    for s in game.seats:
        p = players.get(s)
        name = p.get("name") or p.get("bot") if isinstance(p, dict) else None
        names[s] = name if isinstance(name, str) else ""
    humans = tuple(s for s in game.seats if isinstance(players.get(s), dict) and players[s].get("kind") == "human")
    # One person against bots, the match over: every seat may be studied (a bot's unplayed
    # cards, shown by its review, are the replay's anyway). Else only the people's seats.
    match, error = read_match(record)
    offered = tuple(game.seats) if _people(record) <= 1 and error is None and match.finished else humans
    # a LAN friend's own record: the host's seat is not "you"; a watcher's: nobody is
    joined = joined_seat(record)
    own = (joined,) if joined in game.seats else () if watched_from(record) is not None else humans
    return RecordFacts(game, len(deals), tuple(game.seats), offered or tuple(game.seats), names, humans,
                       _people(record) > 1, own)


def deal_fingerprint(record: dict, deal: int) -> str:
    """The fingerprint ``host.stats`` keeps of a recorded deal (the same sum of the same text)."""
    return hashlib.sha1(json.dumps(record["deals"][deal], sort_keys=True).encode()).hexdigest()


def match_id_of(store: Any, record: dict, deal: int, seat: str) -> str | None:
    """The statistics' id of the match holding this very deal at ``seat``, or None.

    The store keys a match by its save file's name, which the results screen
    does not know; the deal's fingerprint finds it.  (A query of the store's
    own table: ``host.stats`` has no public call for this yet.)
    """
    try:
        row = store.db.execute("SELECT match_id FROM deal_results WHERE deal = ? AND seat = ? AND "
                               "fingerprint = ? ORDER BY recorded DESC",
                               (deal, seat, deal_fingerprint(record, deal))).fetchone()
    except (sqlite3.Error, TypeError, ValueError, KeyError, IndexError):
        return None
    return row[0] if row else None


def csv_name(profile: str) -> str:
    """A file name for a profile's CSV export: letters, digits, - and _ kept.

    >>> csv_name("Ana María"), csv_name("../x")
    ('statistics-ana-maría.csv', 'statistics-x.csv')
    """
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in profile.casefold())
    safe = "-".join(filter(None, safe.split("-"))) or "player"
    return f"statistics-{safe}.csv"


# -- the statistics screen's figures ---------------------------------------------------------------
def stats_snapshot(store: Any, name: str, game: str | None = None) -> dict:
    """Everything the statistics screen shows of profile ``name`` (charts of
    ``game`` only, when given), read at once so the screen holds no file open."""
    opponents = store.by_company(name, "opponent", game)
    partners = store.by_company(name, "partner", game)
    per_game = store.per_game(name)
    played = list(per_game)             # the games to pick from, whichever is shown
    if game is not None:                # that game's figures alone (the table, the accuracy's wording)
        per_game = {g: f for g, f in per_game.items() if g == game}
    # Points lost a decision are in each game's own points (Manni's tricks, Manille's
    # card points): one chart never mixes games, so for all games it shows the most reviewed one.
    reviewed = {g: f["reviewed_decisions"] for g, f in per_game.items() if f["reviewed_decisions"]}
    acc_game = game or (max(reviewed, key=lambda g: reviewed[g]) if reviewed else None)
    return {
        "totals": store.totals(name) if game is None else per_game.get(game) or store.totals(""),
        "per_game": per_game,
        "played": played,
        "ratings": store.ratings(name),
        "opponents": opponents,
        "partners": partners,
        "accuracy_game": acc_game,
        "accuracy_others": sorted(g for g in reviewed if g != acc_game),      # said, not silently left out
        "accuracy": [p["accuracy"] for p in store.accuracy_series(name, acc_game)] if acc_game else [],
        "results": recent_rates([p["result"] for p in store.results_series(name, game)]),
        "bots": {who: f for who, f in opponents.items() if who not in ("human", "unknown")
                 and not who.startswith("person:")},
    }


RECENT = 20        # matches the results chart's rate is taken over, at each match


def recent_rates(results: list[float], window: int = RECENT) -> list[float]:
    """At each finished match, the share won of the last ``window`` (fewer at the start): a
    year's rate since the first match drew a flat line, recent form nowhere.

    >>> recent_rates([1, 0, 1, 1], window=2)
    [1.0, 0.5, 0.5, 1.0]
    """
    out = []
    for i in range(len(results)):
        last = results[max(0, i + 1 - window):i + 1]
        out.append(sum(last) / len(last))
    return out


def all_played(record: dict, deal: int) -> bool:
    """Was every card dealt to the players of deal ``deal`` played (so that none of their
    hands stays hidden after it)?  Not a Manfee deal that went over early, nor a void
    deal.  A Manni deal played out is (a Manni table of friends had no review at all):
    the twelve laid aside stay hidden, its taker's decisions unreviewed (``shared_refusal``).

    >>> all_played({"game": "manni", "deals": [{"actions": []}]}, 0)
    False
    >>> all_played({"game": "manni", "deals": [{"actions": [{"play": "AS"}] * 36}]}, 0)
    True
    """
    try:
        game = get_game(record["game"])
        actions = record["deals"][deal]["actions"]
        played = sum(1 for a in actions if isinstance(a, dict) and "play" in a)
    except (KeyError, IndexError, TypeError, RulesError):
        return False
    return played == game.n * game.hand_size


def shared_refusal(record: dict, deal: int, seat: str) -> str | None:
    """Why a screen people share shows no review of ``seat`` in deal ``deal`` (a key of
    ``coach_text.TEXT``), or None: a void deal, a deal that kept cards in hand, a seat
    that laid a hand aside (``bots.review.held_unplayed``: its positions and reasons rest
    on it).  The review, like the replay, must show nobody a card they never saw."""
    actions = record["deals"][deal].get("actions") or ()
    if any(isinstance(a, dict) and a.get("peek") for a in actions):
        return "void_deal"
    if not all_played(record, deal):
        return "hotseat_hidden"
    try:
        return "laid_aside" if held_unplayed(record, deal, seat) else None
    except ReviewError:
        return None         # the review itself says what is wrong with the record


def any_reviewable(record: object) -> bool:
    """Has ``record`` a deal the review may show?  With one person, any; with several (one
    screen, a LAN table), only a deal whose every card dealt to the players was played (its
    results offered a Review that refused every deal).

    >>> people = {"bottom": {"kind": "human"}, "left": {"kind": "human"}}
    >>> any_reviewable({"game": "manni", "players": people, "deals": [{"actions": []}]})
    False
    """
    if not isinstance(record, dict):
        return False
    deals = record.get("deals") if isinstance(record.get("deals"), list) else []
    return _people(record) <= 1 or any(all_played(record, d) for d in range(len(deals)))


def opening_deal(record: dict, deal: int) -> int:
    """The deal the review opens at, asked for ``deal``: with several people, the last deal
    up to it whose every card was played (at a match's end the last deal, gone over early,
    opened on a refusal); ``deal`` itself where there is none, or one person.

    >>> two = {"bottom": {"kind": "human"}, "top": {"kind": "human"}}
    >>> opening_deal({"game": "manni", "players": two, "deals": [{"actions": []}] * 2}, 1)
    1
    """
    if _people(record) <= 1:
        return deal
    return next((d for d in range(deal, -1, -1) if all_played(record, d)), deal)


def _people(record: dict) -> int:
    """How many people (not bots) the record seats; a friend's or a watcher's own record of a
    LAN match (``host.joined``) counts as several, whoever it lists: its cards never shown are the
    pack's rest dealt out, never to be displayed nor judged."""
    players = record.get("players") if isinstance(record.get("players"), dict) else {}
    joined = kept_by_screen(record)
    return max(2 * joined, sum(1 for p in players.values() if isinstance(p, dict) and p.get("kind") == "human"))


def review_key(record: dict, match_id: str | None, deal: int, seat: str, budget: float, seed: int) -> tuple:
    """A finished review's place in the game's cache (``App.reviews_done``): the match (its
    statistics id, else its game and when it was made), the deal as far as it was played,
    the seat, and how the review was asked."""
    deals = record.get("deals") or []
    played = len(deals[deal].get("actions") or ()) if 0 <= deal < len(deals) and isinstance(deals[deal], dict) else 0
    return (match_id or f"{record.get('game')} {record.get('created')}", deal, played, seat, budget, seed)
