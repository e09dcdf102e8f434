"""Players, their results, reviews and ratings: one SQLite file.

    store = StatsStore(os.path.join(config_folder, "stats.sqlite"))
    if store.notice:                    # a damaged file was moved aside
        show(store.notice)
    store.sync_match(match_id, record)  # after every scored deal, any number of times
    store.totals("Ana"), store.per_game("Ana"), store.by_company("Ana", "opponent")
    store.results_series("Ana"), store.accuracy_series("Ana"), store.ratings("Ana")
    store.export_csv("ana.csv", "Ana")

Profiles are the names people type at the table ("Ana" and " ana" are one).
``sync_match`` records every scored deal of a match record (docs/RECORD.md,
with ``players``) keyed by (match id, deal, seat): the same or a longer record
again adds only what is new, so a match resumed after a crash syncs again and
nothing is counted twice or lost; a deal whose cards or actions changed
(resumed from an older save, played differently) replaces its row.  Ratings
are worked out from the rows when asked (``host.rating``).  The schema is
versioned (table ``schema_version``) and migrated step by step on opening; a
damaged file is reported in one line (``notice``), renamed aside (never
deleted) and a new one started; a newer version's file is refused
(StatsError) and left alone.  One StatsStore per thread.
"""
from __future__ import annotations

import csv
from collections import Counter
import datetime
import json
import os
import sqlite3
from types import SimpleNamespace
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any, NamedTuple

from rules.games import GAMES, get_game
from rules.record import read_match
from . import rating as R
from .stats_rows import deal_rows, name_key, seating
from .stats_schema import MIGRATIONS, SCHEMA_VERSION


class StatsError(Exception):
    """A request or a file the store cannot take; the message is one line."""


Profile = NamedTuple("Profile", [("id", int), ("name", str), ("created", str)])
# What one ``sync_match`` did: deal rows added, replaced, already there.
SyncResult = NamedTuple("SyncResult", [("added", int), ("replaced", int), ("unchanged", int)])


class StatsStore:
    """The statistics file at ``path`` (created with its folder if missing)."""

    def __init__(self, path: str, clock: Callable[[], str] | None = None) -> None:
        self.path = path
        self.clock = clock or (lambda: datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"))
        self.notice: str | None = None
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self.db = self._open()

    # -- opening, migrating, moving a damaged file aside ----------------------------------
    def _open(self) -> sqlite3.Connection:
        db = None
        try:
            db = sqlite3.connect(self.path)
            check = db.execute("PRAGMA quick_check").fetchone()
            if not check or check[0] != "ok":
                raise _Damaged(f"integrity check failed: {check[0] if check else '?'}")
            self._migrate(db)
            return _tuned(db)
        except (sqlite3.DatabaseError, _Damaged) as e:
            if db is not None:
                db.close()
            why = " ".join(str(e).split()) or type(e).__name__
            if not isinstance(e, _Damaged) and \
                    getattr(e, "sqlite_errorname", "") not in ("SQLITE_NOTADB", "SQLITE_CORRUPT"):
                # Locked, unreadable, a full disk: the file may be sound, so it stays.
                raise StatsError(f"statistics file {os.path.basename(self.path)}: {why}") from None
        moved = self._move_aside()
        self.notice = (f"statistics file {os.path.basename(self.path)} was unreadable ({why}); "
                       f"it was moved aside as {os.path.basename(moved)} and a new one started")
        db = sqlite3.connect(self.path)
        self._migrate(db)
        return _tuned(db)

    def _migrate(self, db: sqlite3.Connection) -> None:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "schema_version" not in tables:
            if tables:
                raise _Damaged("it holds another program's tables")
            version = 0
            with db:
                db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
                db.execute("INSERT INTO schema_version VALUES (0)")
        else:
            row = db.execute("SELECT version FROM schema_version").fetchone()
            if row is None or not isinstance(row[0], int):
                raise _Damaged("no schema version")
            version = row[0]
        if version > SCHEMA_VERSION:
            db.close()
            raise StatsError(f"{os.path.basename(self.path)} was written by a newer version "
                             f"(schema {version}, this one reads up to {SCHEMA_VERSION}); left as it is")
        while version < SCHEMA_VERSION:
            db.execute("BEGIN")     # one transaction a step: a crash leaves the last good version
            try:
                MIGRATIONS[version + 1](db)
                db.execute("UPDATE schema_version SET version = ?", (version + 1,))
                db.commit()
            except BaseException:
                db.rollback()
                raise
            version += 1

    def _move_aside(self) -> str:
        stamp = self.clock().replace(":", "").replace("-", "")[:15]
        target, k = f"{self.path}.damaged-{stamp}", 1
        while os.path.exists(target):
            k += 1
            target = f"{self.path}.damaged-{stamp}-{k}"
        os.replace(self.path, target)
        for extra in ("-journal", "-wal", "-shm"):
            if os.path.exists(self.path + extra):
                os.replace(self.path + extra, target + extra)
        return target

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> StatsStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.db.close()

    def profile(self, name: str) -> Profile:
        """The profile of ``name``, created on first use."""
        if not name_key(name):
            raise StatsError("a player needs a name")
        if not self.find_profile(name):
            with self.db:
                self.db.execute("INSERT INTO profiles (name, key, created) VALUES (?, ?, ?)",
                                (" ".join(name.split()), name_key(name), self.clock()))
        return self.find_profile(name)      # type: ignore[return-value]

    def find_profile(self, name: str) -> Profile | None:
        row = self.db.execute("SELECT id, name, created FROM profiles WHERE key = ?",
                              (name_key(name),)).fetchone()
        return Profile(*row) if row else None

    def profiles(self) -> list[Profile]:
        return [Profile(*r) for r in self.db.execute("SELECT id, name, created FROM profiles ORDER BY key")]

    # -- recording ---------------------------------------------------------------------------------
    def sync_match(self, match_id: str, record: Mapping, profiles_by_seat: Mapping[str, str] | None = None
                   ) -> SyncResult:
        """Record every scored deal of ``record`` for its people's seats.

        ``profiles_by_seat`` maps seat -> the name typed there; by default the
        record's ``players`` with kind human.  Idempotent: the same record
        again adds nothing.  StatsError (one line) for a record that cannot be
        replayed; nothing is written then.
        """
        if not isinstance(match_id, str) or not match_id:
            raise StatsError("a match needs an id")
        match, error = read_match(record)
        if error or match is None:
            raise StatsError(f"match {match_id}: {error or 'not a match record'}")
        people, company = seating(record, profiles_by_seat, match.game.seats)
        return self._store(match_id, match, record, people, company, created=record.get("created"))

    def sync_public(self, match_id: str, game: str, options: Mapping, players: Mapping,
                    summaries: list, deals: Mapping[int, list], finished: bool, winner: str | None,
                    profiles_by_seat: Mapping[str, str], hints: Sequence = ()) -> SyncResult:
        """Record the deals ``deals`` (deal number -> its public actions) of a match this
        machine saw from a seat at another's table (LAN): the host keeps the record, whose
        hidden cards a friend's screen never had, so the rows come from the deals'
        ``summaries`` and public actions.  Other deals' rows are left as they are.

        >>> store = StatsStore(":memory:")
        >>> s = {"dealer": "left", "outcome": "complete", "trump": "H", "points": {"bottom-top": 40,
        ...      "left-right": 20}, "tricks": {"bottom-top": 5, "left-right": 3}, "score": {"bottom-top": 10,
        ...      "left-right": 0}}
        >>> store.sync_public("lan-1", "manille", {}, {"bottom": {"kind": "human", "name": "Ana"}}, [s],
        ...                   {0: [{"seat": "left", "trump": "H"}]}, False, None, {"bottom": "Ana"})
        SyncResult(added=1, replaced=0, unchanged=0)
        >>> store.totals("ana")["deal_win_rate"]
        1.0
        """
        if not isinstance(match_id, str) or not match_id or game not in GAMES:
            raise StatsError("a match needs an id and a game")
        g = get_game(game)
        record = {"players": dict(players), "hints": list(hints),       # [deal, seat] shown a hint
                  "deals": [{"actions": list(deals.get(i, ()))} for i in range(len(summaries))]}
        match = SimpleNamespace(game=g, summaries=list(summaries), options=dict(options), finished=finished,
                                winner=winner)
        people, company = seating(record, profiles_by_seat, g.seats)
        return self._store(match_id, match, record, people, company, only=set(deals))

    def _store(self, match_id: str, match: Any, record: Mapping, people: Mapping[str, str],
               company: Mapping[str, str], created: Any = None, only: set[int] | None = None) -> SyncResult:
        g = match.game
        now = self.clock()
        ids = {seat: self.profile(name).id for seat, name in people.items()}
        rows = [r for r in deal_rows(match, record, company, list(ids)) if only is None or r[0] in only]
        added = replaced = unchanged = 0
        with self.db:
            old = self.db.execute("SELECT created FROM matches WHERE match_id = ?", (match_id,)).fetchone()
            created = old[0] if old else str(created or now)
            self.db.execute("INSERT OR REPLACE INTO matches VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            (match_id, g.name, json.dumps(match.options, sort_keys=True), created, now,
                             len(match.summaries), int(match.finished), match.winner))
            for seat in g.seats:
                self.db.execute("INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?, ?)",
                                (match_id, seat, g.side_of(seat), company[seat], ids.get(seat)))
            for deal, seat, row in rows:
                key = (match_id, deal, seat)
                known = self.db.execute("SELECT fingerprint FROM deal_results WHERE match_id = ? "
                                        "AND deal = ? AND seat = ?", key).fetchone()
                if known and known[0] == row["fingerprint"]:
                    unchanged += 1
                    continue
                if known:        # played again differently: its review is void too
                    replaced += 1
                    self.db.execute("DELETE FROM reviews WHERE match_id = ? AND deal = ? AND seat = ?", key)
                else:
                    added += 1
                row.update(match_id=match_id, deal=deal, seat=seat, profile_id=ids[seat],
                           game=g.name, recorded=now)
                self.db.execute(f"INSERT OR REPLACE INTO deal_results ({', '.join(row)}) "
                                f"VALUES ({', '.join('?' * len(row))})", tuple(row.values()))
        return SyncResult(added, replaced, unchanged)

    def record_review(self, match_id: str, deal: int, seat: str, summary: Mapping[str, Any]) -> None:
        """Keep a deal review's totals (``bots.review.DealReview.summary()``)
        for the profile at ``seat``; doing it again replaces them."""
        row = self.db.execute("SELECT s.profile_id, m.game FROM seats s JOIN matches m USING (match_id) "
                              "WHERE match_id = ? AND seat = ?", (match_id, seat)).fetchone()
        if not row or row[0] is None:
            raise StatsError(f"match {match_id} has no recorded player at {seat}")
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO reviews VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (match_id, deal, seat, row[0], row[1], int(summary["decisions"]),
                             float(summary["total_loss"]), int(summary.get("inaccuracies", 0)),
                             int(summary.get("mistakes", 0)), int(summary.get("blunders", 0)),
                             self.clock()))

    # -- queries for the statistics screen ---------------------------------------------------------------
    def _pid(self, name: str) -> int:
        return p.id if (p := self.find_profile(name)) else -1

    def totals(self, name: str) -> dict:
        """Matches played and won, deals, average deal score and difference,
        deals won, accuracy (mean expected loss a decision) and labels."""
        return self._figures("profile_id = ?", (self._pid(name),))

    def per_game(self, name: str) -> dict[str, dict]:
        """``totals`` per game, with each game's own figures: Manfee exact
        share and overs (for and against), Manille average points and how
        often each factor came up, Manni average tricks over four."""
        pid = self._pid(name)
        out = {}
        for (game,) in self.db.execute("SELECT DISTINCT game FROM deal_results WHERE profile_id = ? "
                                       "ORDER BY game", (pid,)).fetchall():
            where, args = "profile_id = ? AND game = ?", (pid, game)
            figures = self._figures(where, args)
            q = f"FROM deal_results WHERE {where}"
            scoring = get_game(game).scoring if game in GAMES else ""
            if scoring == "calls":
                exact, ours, theirs = self.db.execute(
                    f"SELECT AVG(exact), SUM(outcome = 'over' AND score > against), "
                    f"SUM(outcome = 'over' AND score < against) {q}", args).fetchone()
                figures.update(exact_share=exact, overs_for=ours or 0, overs_against=theirs or 0)
            elif scoring == "tricks_over":
                figures["tricks_over_four"] = figures["average_score"]
            else:
                figures["average_points"] = self.db.execute(f"SELECT AVG(points) {q}", args).fetchone()[0]
                figures["factors"] = dict(Counter(f for (text,) in self.db.execute(f"SELECT factors {q}", args)
                                                  for f in (text or "").split(",") if f))
            out[game] = figures
        return out

    def _figures(self, where: str, args: tuple) -> dict:
        n, avg, diff, won, tied, hinted = self.db.execute(
            f"SELECT COUNT(*), AVG(score), AVG(score - against), AVG(result), SUM(result = 0.5), SUM(hinted) "
            f"FROM deal_results WHERE {where}", args).fetchone()
        out = {"deals": n, "average_score": avg, "average_difference": diff, "deal_win_rate": won,
               "deals_tied": tied or 0, "hinted_deals": hinted or 0}      # a tie is half a deal won
        n, won = self.db.execute(f"SELECT COUNT(*), SUM(result) FROM match_results WHERE {where}",
                                 args).fetchone()
        out.update(matches=n, matches_won=won or 0.0, win_rate=(won or 0.0) / n if n else None)
        n, loss, a, b, c = self.db.execute(
            f"SELECT SUM(decisions), SUM(total_loss), SUM(inaccuracies), SUM(mistakes), SUM(blunders) "
            f"FROM reviews WHERE {where}", args).fetchone()
        out.update(reviewed_decisions=n or 0, accuracy=loss / n if n else None,
                   inaccuracies=a or 0, mistakes=b or 0, blunders=c or 0)
        return out

    def by_company(self, name: str, role: str = "opponent", game: str | None = None) -> dict[str, dict]:
        """Results per ``role`` ("opponent" or "partner"): "person:NAME" (a person
        known by name), "human" (one without), a bot character or "unknown" ->
        matches, matches won, win rate, deals, deal win rate."""
        if role not in ("opponent", "partner"):
            raise StatsError(f"role is 'opponent' or 'partner', not {role!r}")
        pid = self._pid(name)
        out: dict[str, dict] = {}
        gw, ga = (" AND d.game = ?", (game,)) if game else ("", ())
        # A person with a name counts as that person ("person:Bo"), not as one crowd of "human".
        seats = {(m, s): (side, n) for m, s, side, n in self.db.execute(
            "SELECT s.match_id, s.seat, s.side, p.name FROM seats s LEFT JOIN profiles p ON p.id = s.profile_id "
            "WHERE s.match_id IN (SELECT match_id FROM seats WHERE profile_id = ?)", (pid,))}

        # each match's seats and sides: a partner is found in its match, not among every seat of
        # every match (a year's 2,700 deals took half a second)
        sides: dict[str, list[tuple[str, str]]] = {}
        for (m, s), (sd, _n) in seats.items():
            sides.setdefault(m, []).append((s, sd))

        def who_at(match_id: str, seat: str | None, company: str) -> str:
            named = seats.get((match_id, seat), ("", None))[1]
            return f"person:{named}" if company == "human" and named else company

        def figures(who: str) -> dict:
            return out.setdefault(who, {"matches": 0, "matches_won": 0.0, "deals": 0, "deals_won": 0.0})
        for match_id, me, partner, opponents, result in self.db.execute(
                f"SELECT match_id, seat, partner, opponents, result FROM deal_results d WHERE profile_id = ?{gw}",
                (pid, *ga)):
            if role == "partner":
                side = seats.get((match_id, me), ("", None))[0]
                mate = next((s for s, sd in sides.get(match_id, ()) if sd == side and s != me), None)
                company = [who_at(match_id, mate, partner)] if partner else []
            else:
                company = [who_at(match_id, s, c) for s, c in json.loads(opponents).items()]
            for who in set(company):     # two seats of one character (two KADOs across the table): one deal
                figures(who)["deals"] += 1
                figures(who)["deals_won"] += result
        counted = set()
        for match_id, seat, company, result in self.db.execute(
                "SELECT DISTINCT d.match_id, o.seat, o.company, d.result FROM match_results d "
                "JOIN seats me ON me.match_id = d.match_id AND me.seat = d.seat "
                "JOIN seats o ON o.match_id = d.match_id AND o.seat != d.seat AND (o.side = me.side) = ? "
                f"WHERE d.profile_id = ?{gw}", (role == "partner", pid, *ga)):
            who = who_at(match_id, seat, company)
            if (match_id, who) not in counted:
                counted.add((match_id, who))
                figures(who)["matches"] += 1
                figures(who)["matches_won"] += result
        for f in out.values():
            f["win_rate"] = f["matches_won"] / f["matches"] if f["matches"] else None
            f["deal_win_rate"] = f["deals_won"] / f["deals"] if f["deals"] else None
        return out

    def results_series(self, name: str, game: str | None = None) -> list[dict]:
        """Finished matches in order: when, match, game, result (1, 0.5, 0) and
        the win rate so far (a chart of results over time)."""
        gw, ga = (" AND game = ?", (game,)) if game else ("", ())
        out: list[dict] = []
        for when, match_id, g, result in self.db.execute(
                f"SELECT created, match_id, game, result FROM match_results WHERE profile_id = ?{gw} "
                f"ORDER BY created, match_id", (self._pid(name), *ga)):
            won = result + (out[-1]["win_rate"] * len(out) if out else 0.0)
            out.append({"when": when, "match_id": match_id, "game": g, "result": result,
                        "win_rate": won / (len(out) + 1)})
        return out

    def accuracy_series(self, name: str, game: str | None = None) -> list[dict]:
        """Reviewed deals in the order they were played (the match's start, then the deal:
        not when each was reviewed, which put a deal reviewed again out of its place):
        when reviewed, match, deal, game, decisions and the mean expected loss a decision
        (a chart of accuracy deal by deal)."""
        gw, ga = (" AND r.game = ?", (game,)) if game else ("", ())
        return [{"when": w, "match_id": m, "deal": d, "game": g, "decisions": n,
                 "accuracy": loss / n if n else 0.0}
                for w, m, d, g, n, loss in self.db.execute(
                    f"SELECT r.reviewed, r.match_id, r.deal, r.game, r.decisions, r.total_loss FROM reviews r "
                    f"LEFT JOIN matches m USING (match_id) WHERE r.profile_id = ?{gw} "
                    f"ORDER BY COALESCE(m.created, r.reviewed), r.match_id, r.deal", (self._pid(name), *ga))]

    # -- ratings -------------------------------------------------------------------------------------------
    def ratings(self, name: str) -> dict[str, dict]:
        """Per game played against bot tables: the rating, rated deals and the nearest
        character ("you play like TANOOR"), None until the rating settles (``R.SETTLED_AFTER``)."""
        pid = self._pid(name)
        out = {}
        for game in R.BOT_RATINGS:
            series = self._replay(game).get(pid)
            if series:
                out[game] = {"rating": series[-1]["rating"], "deals": len(series),
                             "nearest": R.nearest_character(series[-1]["rating"], game)
                             if len(series) >= R.SETTLED_AFTER else None}
        return out

    def rating_series(self, name: str, game: str) -> list[dict]:
        """The rating after each rated deal of ``game``: when, match, deal, rating."""
        return self._replay(game).get(self._pid(name), [])

    def _replay(self, game: str) -> dict[int, list[dict]]:
        return R.replay(self.db.execute(
            "SELECT d.match_id, d.deal, d.seat, d.profile_id, d.scores, d.partner, d.opponents, d.recorded, "
            "s.side FROM deal_results d JOIN seats s USING (match_id, seat) WHERE d.game = ? AND NOT d.hinted "
            "ORDER BY d.recorded, d.match_id, d.deal, d.seat", (game,)), game)

    # -- export ------------------------------------------------------------------------------------------------
    CSV_COLUMNS = ("recorded", "match_id", "game", "deal", "player", "seat", "partner", "opponents",
                   "outcome", "score", "against", "result", "target", "tricks", "points", "factor",
                   "factors", "trump", "exact", "hinted", "reviewed_decisions", "accuracy")

    def export_csv(self, target: str | IO[str], name: str | None = None) -> int:
        """Write one CSV row per deal (of ``name``, or of everyone) to a path
        or an open text file; returns the number of rows."""
        where, args = ("WHERE d.profile_id = ?", (self._pid(name),)) if name else ("", ())
        rows = self.db.execute(
            "SELECT d.recorded, d.match_id, d.game, d.deal, p.name, d.seat, d.partner, d.opponents, "
            "d.outcome, d.score, d.against, d.result, d.target, d.tricks, d.points, d.factor, d.factors, "
            "d.trump, d.exact, d.hinted, r.decisions, ROUND(r.total_loss / r.decisions, 3) FROM deal_results d "
            "JOIN profiles p ON p.id = d.profile_id LEFT JOIN reviews r USING (match_id, deal, seat) "
            f"{where} ORDER BY d.recorded, d.match_id, d.deal, d.seat", args).fetchall()

        # A person by name, however filed: a friend at one screen is "human" with a profile
        # here, a LAN friend "person:NAME" (the export wrote the one "human", the other "person:Bo").
        filed = {(m, s): n for m, s, n in self.db.execute(
            "SELECT s.match_id, s.seat, p.name FROM seats s JOIN profiles p ON p.id = s.profile_id")}

        def who(match_id: str, seat: str | None, company: str) -> str:
            named = filed.get((match_id, seat)) if company == "human" else None
            return named or company.removeprefix("person:")

        def write(f: IO[str]) -> None:
            w = csv.writer(f)
            w.writerow(self.CSV_COLUMNS)
            for r in rows:
                r, seats = list(r), get_game(r[2]).seats
                if r[6] is not None and len(seats) == 4:        # the partner sits across
                    r[6] = who(r[1], seats[(seats.index(r[5]) + 2) % 4], r[6])
                r[7] = ";".join(who(r[1], s, c) for s, c in json.loads(r[7]).items())
                r[3] += 1                                       # deal 1 as every screen counts them
                w.writerow(["" if x is None else x for x in r])
        if isinstance(target, str):
            with open(target, "w", encoding="utf-8", newline="") as f:
                write(f)
        else:
            write(target)
        return len(rows)


def _tuned(db: sqlite3.Connection) -> sqlite3.Connection:
    # Write-ahead log, no flush at each commit: a crash leaves the file whole and
    # may lose the last commits, which the next sync of the saved record restores.
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    return db


class _Damaged(Exception):
    """A file SQLite reads that is no (longer a) statistics file."""
