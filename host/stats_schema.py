"""The statistics file's schema (``host.stats``): version 1's tables and views, and each
step that brings a file of one version to the next, applied in turn on opening."""
from __future__ import annotations

import sqlite3
from collections.abc import Callable

SCHEMA_VERSION = 3

_V1 = """
CREATE TABLE profiles (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE, created TEXT NOT NULL);
CREATE TABLE matches (match_id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
    created TEXT NOT NULL, synced TEXT NOT NULL, deals INTEGER NOT NULL,
    finished INTEGER NOT NULL, winner TEXT);
CREATE TABLE seats (match_id TEXT NOT NULL, seat TEXT NOT NULL, side TEXT NOT NULL,
    company TEXT NOT NULL, profile_id INTEGER, PRIMARY KEY (match_id, seat));
CREATE TABLE deal_results (match_id TEXT NOT NULL, deal INTEGER NOT NULL, seat TEXT NOT NULL,
    profile_id INTEGER NOT NULL, game TEXT NOT NULL, fingerprint TEXT NOT NULL,
    recorded TEXT NOT NULL, outcome TEXT NOT NULL, scores TEXT NOT NULL,
    score INTEGER NOT NULL, against INTEGER NOT NULL, result REAL NOT NULL,
    target INTEGER, tricks INTEGER, points INTEGER, factor INTEGER, factors TEXT,
    trump TEXT, exact INTEGER, partner TEXT, opponents TEXT NOT NULL,
    PRIMARY KEY (match_id, deal, seat));
CREATE TABLE reviews (match_id TEXT NOT NULL, deal INTEGER NOT NULL, seat TEXT NOT NULL,
    profile_id INTEGER NOT NULL, game TEXT NOT NULL, decisions INTEGER NOT NULL,
    total_loss REAL NOT NULL, inaccuracies INTEGER NOT NULL, mistakes INTEGER NOT NULL,
    blunders INTEGER NOT NULL, reviewed TEXT NOT NULL, PRIMARY KEY (match_id, deal, seat));
CREATE VIEW match_results AS
    SELECT s.profile_id, m.match_id, m.game, m.created, s.seat,
           CASE WHEN m.winner IS NULL THEN 0.5 WHEN m.winner = s.side THEN 1.0 ELSE 0.0 END AS result
    FROM seats s JOIN matches m USING (match_id)
    WHERE s.profile_id IS NOT NULL AND m.finished = 1;
"""


def _to_v1(db: sqlite3.Connection) -> None:
    for statement in filter(str.strip, _V1.split(";")):
        db.execute(statement)


def _to_v2(db: sqlite3.Connection) -> None:
    """Version 2: a deal in which the player was shown a hint (the record's ``hints``) is
    marked, and its rating left out: the coach, not the player, chose some of its cards."""
    db.execute("ALTER TABLE deal_results ADD COLUMN hinted INTEGER NOT NULL DEFAULT 0")


def _to_v3(db: sqlite3.Connection) -> None:
    """Version 3: a sweep is the factor of the side that took every trick; the other side's
    rows say "swept" (they read as the player's own sweep)."""
    db.execute("UPDATE deal_results SET factors = REPLACE(factors, 'sweep', 'swept') "
               "WHERE tricks = 0 AND factors LIKE '%sweep%'")


# MIGRATIONS[v] brings a file from version v - 1 to v (version 0: no table at all); a later
# version adds its step and never edits an earlier one.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _to_v1, 2: _to_v2, 3: _to_v3}
