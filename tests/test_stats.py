"""The statistics store: idempotent recording from match records, the
figures a statistics screen shows, ratings against the bots, CSV, and files
that are old, new, foreign or damaged."""
import csv
import io
import json
import os
import random
import sqlite3

import pytest

from rules import Match, read_match
from rules.views import seat_view
from bots import make_bot
from host import rating as R
from host import stats as S
from host.stats import StatsStore, StatsError

BOTS = {"manfee": ("SADA", "TANA", "KADO"), "manille": ("SADA", "TANA", "KADO"),
        "manille-muette": ("SADA", "TANA", "KADO"), "manni": ("TANA", "KADO")}


def play(game, seed, deals=None, options=None, people=("bottom",), names=None):
    """A match played by bots, its record listing ``people`` as humans named
    Ana (then Bo) and the others as the bots they are.  Yields the record
    after every scored deal, as the host would sync it."""
    g = Match(game, options).game
    others = iter(names or BOTS[game])
    players, bots = {}, []
    human_names = iter(("Ana", "Bo"))
    for s in g.seats:
        if s in people:
            players[s] = {"kind": "human", "name": next(human_names)}
            bots.append(make_bot("SADA", seed))
        else:
            name = next(others)
            players[s] = {"kind": "bot", "name": name.title(), "bot": name}
            bots.append(make_bot(name, seed))
    m = Match(game, options, players=players)
    rng = random.Random(seed)
    while not m.finished and (deals is None or len(m.records) < deals):
        m.start_deal(rng=rng)
        while m.in_deal:
            s = m.to_act()
            m.apply(s, bots[s].choose(seat_view(m, s)))
        record = m.record()
        record["created"] = f"2026-01-0{1 + seed % 9}T10:00:00+00:00"
        yield record


def clock():
    """A clock for tests: one second later at each call."""
    t = iter(range(10**6))
    return lambda: f"2026-02-01T10:{next(t) // 60 % 60:02d}:{next(t) % 60:02d}+00:00"


@pytest.fixture
def store(tmp_path):
    s = StatsStore(str(tmp_path / "cfg" / "stats.sqlite"), clock=clock())
    yield s
    s.close()


def test_syncing_after_every_deal_counts_each_deal_once(store):
    records = list(play("manfee", 1))
    for r in records:
        store.sync_match("m1", r)
        store.sync_match("m1", r)           # the host may call it twice
    last = records[-1]
    n = len(last["deals"])
    assert store.sync_match("m1", last) == S.SyncResult(0, 0, n)
    t = store.totals("ana")                 # names are matched without case
    assert t["deals"] == n and t["matches"] == 1
    assert t["matches_won"] in (0.0, 1.0) and t["win_rate"] == t["matches_won"]
    assert [p.name for p in store.profiles()] == ["Ana"]


def test_a_resumed_match_syncs_again_and_loses_nothing(store):
    records = list(play("manille", 2))
    assert len(records) >= 3
    store.sync_match("m2", records[1])                  # then the table crashed
    res = store.sync_match("m2", records[-1])           # resumed to the end
    assert res.added == len(records) - 2 and res.unchanged == 2 and res.replaced == 0
    assert store.totals("Ana")["deals"] == len(records)
    # Resumed from an older save and the last deal played differently:
    # that deal's row (and its review) is replaced, not added.
    store.record_review("m2", len(records) - 1, "bottom", {"decisions": 4, "total_loss": 2.0})
    head = dict(records[-1], deals=records[-1]["deals"][:-1])
    m, error = read_match(head)
    assert error is None
    m.start_deal(rng=random.Random(99))
    tana = make_bot("TANA", 1)
    while m.in_deal:
        m.apply(m.to_act(), tana.choose(seat_view(m, m.to_act())))
    res = store.sync_match("m2", m.record())
    assert res == S.SyncResult(0, 1, len(records) - 1)
    assert store.totals("Ana")["deals"] == len(records)
    assert store.totals("Ana")["reviewed_decisions"] == 0


def test_the_figures_of_each_game(store):
    for k, game in enumerate(("manfee", "manille", "manille-muette", "manni")):
        for r in play(game, 10 + k, deals=4):
            store.sync_match(f"g{k}", r)
    per = store.per_game("Ana")
    assert set(per) == {"manfee", "manille", "manille-muette", "manni"}
    f = per["manfee"]
    assert f["deals"] == 4 and 0.0 <= f["exact_share"] <= 1.0
    assert f["overs_for"] + f["overs_against"] == round(4 * (1 - f["exact_share"]))
    for game in ("manille", "manille-muette"):
        assert 0 <= per[game]["average_points"] <= 60 and isinstance(per[game]["factors"], dict)
    assert per["manni"]["tricks_over_four"] == per["manni"]["average_score"]
    assert per["manfee"]["matches"] == 0                # unfinished matches are not counted yet
    rows = store.db.execute("SELECT score, against, outcome, exact, target, tricks FROM deal_results "
                            "WHERE game = 'manfee'").fetchall()
    for score, against, outcome, exact, target, tricks in rows:
        assert exact == (outcome == "exact")
        if outcome == "exact":
            assert tricks == target and score == target
        else:                       # over: 13 to the side that took more than its target
            assert (score, against) in ((13, 0), (0, 13)) and (tricks > target) == (score == 13)


def test_manille_factors_are_named_and_multiplied(store):
    for r in play("manille-muette", 5, deals=6):
        store.sync_match("f", r)
    record = r
    rows = store.db.execute("SELECT deal, factor, factors, score, points, outcome FROM deal_results").fetchall()
    for deal, factor, factors, score, points, outcome in rows:
        actions = record["deals"][deal]["actions"]
        if outcome == "complete" and score > 0:
            assert score == (points - 30) * factor
            assert ("tap" in factors.split(",")) == any(a.get("double") is True for a in actions) \
                or "tap back" in factors


def test_results_per_bot_and_partner_kind(store):
    for k in range(2):
        for r in play("manfee", 20 + k, names=("TANA", "SADA", "KADO")):
            store.sync_match(f"b{k}", r)
    # Seats clockwise bottom, left, top, right: left TANA, top SADA (partner), right KADO.
    opp = store.by_company("Ana", "opponent")
    assert set(opp) == {"TANA", "KADO"} and opp["TANA"]["matches"] == 2
    assert opp["TANA"]["deals"] == store.totals("Ana")["deals"]
    mate = store.by_company("Ana", "partner")
    assert set(mate) == {"SADA"} and mate["SADA"]["win_rate"] == store.totals("Ana")["win_rate"]
    with pytest.raises(StatsError):
        store.by_company("Ana", "dealer")


def test_one_character_in_two_seats_counts_once(store):
    """Two KADOs across the table: one match and its deals against KADO, not two."""
    for k in range(2):
        for r in play("manfee", 30 + k, names=("KADO", "SADA", "KADO")):
            store.sync_match(f"k{k}", r)
    opp = store.by_company("Ana", "opponent")
    t = store.totals("Ana")
    assert set(opp) == {"KADO"} and opp["KADO"]["matches"] == t["matches"] == 2
    assert opp["KADO"]["deals"] == t["deals"]


def test_a_lan_friend_not_filed_here_counts_by_name(store):
    """The host files its own player only; Bo joined from his machine. Bo was "a person",
    and with a second friend the two were one crowd."""
    left = Match("manfee").game.seats[1]
    for r in play("manfee", 42, people=("bottom", left), names=("TANA", "KADO")):
        store.sync_match("lan1", r, {"bottom": "Ana"})        # only the host's seat filed here
    opp = store.by_company("Ana", "opponent")
    assert "person:Bo" in opp and "human" not in opp and opp["person:Bo"]["matches"] == 1
    assert [p.name for p in store.profiles()] == ["Ana"]     # Bo's statistics are his machine's


def test_accuracy_from_reviews_and_the_series(store):
    records = list(play("manni", 4, deals=3))
    store.sync_match("r", records[-1])
    store.record_review("r", 0, "bottom", {"decisions": 10, "total_loss": 3.0, "mistakes": 1})
    store.record_review("r", 1, "bottom", {"decisions": 10, "total_loss": 1.0})
    store.record_review("r", 0, "bottom", {"decisions": 10, "total_loss": 3.0, "mistakes": 1})    # again: replaced
    t = store.totals("Ana")
    assert t["reviewed_decisions"] == 20 and t["accuracy"] == pytest.approx(0.2) and t["mistakes"] == 1
    series = store.accuracy_series("Ana")          # deal by deal, whenever each was reviewed
    assert [p["accuracy"] for p in series] == [pytest.approx(0.3), pytest.approx(0.1)]
    assert [p["deal"] for p in series] == [0, 1] and [p["deal"] for p in store.accuracy_series("Ana", "manni")] == [0, 1]
    with pytest.raises(StatsError, match="no recorded player"):
        store.record_review("r", 0, "left", {"decisions": 1, "total_loss": 0.0})
    for r in play("manni", 5):
        store.sync_match("r2", r)
    results = store.results_series("Ana")
    assert [x["match_id"] for x in results] == ["r2"] and results[-1]["win_rate"] == results[-1]["result"]


# -- ratings -------------------------------------------------------------------------------

def test_bot_ratings_fit_the_arena_and_the_table_matches_its_files():
    folder = os.path.join(os.path.dirname(__file__), "..", "benchmarks", "bots_results")
    for game, rows in R.ARENA.items():
        table = R.BOT_RATINGS[game]
        assert [table[c] for c in R.CHARACTERS] == sorted(table[c] for c in R.CHARACTERS)
        for a, b, p, _n in rows:           # the fit stays near every measured share
            assert abs(R.expected(table[a], table[b]) - p) < 0.12, (game, a, b)
        path = os.path.join(folder, f"{game}.jsonl")
        if os.path.exists(path):
            measured = {(r["a"], r["b"]): (round(r["win_rate"], 4), r["sets"])
                        for r in map(json.loads, open(path)) if "ORACLE" not in (r["a"], r["b"])}
            assert measured == {(a, b): (p, n) for a, b, p, n in rows}


def test_rating_moves_with_results_against_bots():
    z, k = R.BOT_RATINGS["manille"]["ZELZELA"], R.BOT_RATINGS["manille"]["KADO"]
    me = R.start_rating("manille")
    assert R.team_update(me, z, [k, k], 1.0, 0) > me > R.team_update(me, z, [k, k], 0.0, 0)
    # Beating strong opponents moves you more than beating weak ones.
    assert R.team_update(me, k, [z, z], 1.0, 0) - me > R.team_update(me, z, [k, k], 1.0, 0) - me
    assert R.manni_update(me, [(z, 1.0), (z, 1.0)], 100) - me == pytest.approx(
        R.K_SETTLED * (1 - R.expected(me, z)))
    assert R.nearest_character(5000, "manni") == "ZELZELA"
    assert R.nearest_character(0, "manni") == "KADO"


def test_the_store_rates_only_deals_against_bot_tables(store):
    for r in play("manfee", 7):
        store.sync_match("x", r)
    rated = store.ratings("Ana")["manfee"]
    assert rated["deals"] == store.totals("Ana")["deals"]
    # who Ana plays like, once the rating has settled ("You play like Sada" after three deals)
    assert (rated["nearest"] in R.CHARACTERS) if rated["deals"] >= R.SETTLED_AFTER else rated["nearest"] is None
    series = store.rating_series("Ana", "manfee")
    assert len(series) == rated["deals"] and series[-1]["rating"] == rated["rating"]
    # Two people against each other: no rating moves.
    for r in play("manni", 8, people=("bottom", "left"), deals=2):
        store.sync_match("y", r)
    assert "manni" not in store.ratings("Bo") and "manni" not in store.ratings("Ana")
    *_, long = play("manni", 9, deals=R.SETTLED_AFTER, options={"target": 1000})
    store.sync_match("long", long)
    assert store.ratings("Ana")["manni"]["deals"] == R.SETTLED_AFTER
    assert store.ratings("Ana")["manni"]["nearest"] in R.CHARACTERS


# -- CSV --------------------------------------------------------------------------------------

def test_csv_export(store, tmp_path):
    for r in play("manille", 6, deals=3):
        store.sync_match("c", r)
    store.record_review("c", 0, "bottom", {"decisions": 8, "total_loss": 4.0})
    buf = io.StringIO()
    assert store.export_csv(buf, "Ana") == 3
    rows = list(csv.DictReader(io.StringIO(buf.getvalue())))
    assert [r["deal"] for r in rows] == ["1", "2", "3"]                 # as every screen counts them
    assert rows[0]["player"] == "Ana" and rows[0]["accuracy"] == "0.5" and rows[1]["accuracy"] == ""
    assert rows[0]["hinted"] == "0"
    store.record_review("c", 1, "bottom", {"decisions": 3, "total_loss": 1.0})
    buf = io.StringIO()
    store.export_csv(buf, "Ana")
    assert list(csv.DictReader(io.StringIO(buf.getvalue())))[1]["accuracy"] == "0.333"     # not 0.33333333333
    assert rows[0]["opponents"] == "SADA;KADO" and rows[0]["partner"] == "TANA"   # left; right; top
    path = tmp_path / "all.csv"
    assert store.export_csv(str(path)) == 3 and path.read_text().startswith("recorded,match_id")
    # people by name however filed: a friend at this screen, a friend at a LAN table
    left = Match("manfee").game.seats[1]
    for r in play("manfee", 43, deals=1, people=("bottom", "top"), names=("TANA", "KADO")):
        store.sync_match("screen", r)                          # Ana and Bo both filed here
    for r in play("manfee", 44, deals=1, people=("bottom", left), names=("TANA", "KADO")):
        store.sync_match("lan", r, {"bottom": "Ana"})          # Bo at his own machine
    buf = io.StringIO()
    store.export_csv(buf, "Ana")
    rows = {r["match_id"]: r for r in csv.DictReader(io.StringIO(buf.getvalue()))}
    assert rows["screen"]["partner"] == "Bo" and "Bo" in rows["lan"]["opponents"].split(";")
    assert "human" not in buf.getvalue() and "person:" not in buf.getvalue()


# -- bad input, old, new, foreign and damaged files -------------------------------------------

def test_a_bad_record_is_refused_in_one_line_and_writes_nothing(store):
    record = next(play("manfee", 9, deals=1))
    record["deals"][0]["actions"][0]["call"] = 99
    with pytest.raises(StatsError) as e:
        store.sync_match("bad", record)
    assert "\n" not in str(e.value) and "bad" in str(e.value)
    assert store.profiles() == [] and store.totals("Ana")["deals"] == 0


def test_upgrading_a_v0_file_and_reopening_a_v1_file(tmp_path):
    path = str(tmp_path / "stats.sqlite")
    sqlite3.connect(path).close()                      # v0: a file with no table at all
    (tmp_path / "empty.sqlite").write_bytes(b"")      # v0 too: an empty file
    for p in (path, str(tmp_path / "empty.sqlite")):
        with StatsStore(p) as s:
            assert s.notice is None
            assert s.db.execute("SELECT version FROM schema_version").fetchone() == (S.SCHEMA_VERSION,)
    with StatsStore(path) as s:
        s.sync_match("m", next(play("manni", 1, deals=1)))
    with StatsStore(path) as s:                        # a v1 file opens as it is
        assert s.notice is None and s.totals("Ana")["deals"] == 1


def test_a_later_version_migrates_step_by_step_keeping_the_data(tmp_path, monkeypatch):
    path = str(tmp_path / "stats.sqlite")
    monkeypatch.setattr(S, "SCHEMA_VERSION", 1)          # a file of the first version, rows without ``hinted``
    real_rows = S.deal_rows
    monkeypatch.setattr(S, "deal_rows", lambda *a: [(d, seat, {k: v for k, v in row.items() if k != "hinted"})
                                                    for d, seat, row in real_rows(*a)])
    with StatsStore(path) as s:
        s.sync_match("m", next(play("manni", 2, deals=1)))
    monkeypatch.setattr(S, "deal_rows", real_rows)

    def to_v3(db):
        db.execute("ALTER TABLE profiles ADD COLUMN colour TEXT DEFAULT 'green'")
    monkeypatch.setattr(S, "SCHEMA_VERSION", 3)
    monkeypatch.setitem(S.MIGRATIONS, 3, to_v3)
    with StatsStore(path) as s:                          # 1 -> 2 (hinted deals) -> 3
        assert s.db.execute("SELECT version FROM schema_version").fetchone() == (3,)
        assert s.db.execute("SELECT name, colour FROM profiles").fetchall() == [("Ana", "green")]
        assert s.db.execute("SELECT hinted FROM deal_results").fetchall() == [(0,)]
        assert s.totals("Ana")["deals"] == 1
    monkeypatch.setattr(S, "SCHEMA_VERSION", 2)
    before = open(path, "rb").read()
    with pytest.raises(StatsError, match="newer version"):
        StatsStore(path)
    assert open(path, "rb").read() == before           # left alone


def test_a_deal_played_with_a_hint_is_kept_but_not_rated(store):
    """The record's ``hints`` name (deal, seat) pairs shown a hint: those deals count in
    the results, not in the rating; the others of the match are rated as before."""
    records = list(play("manfee", 40, names=("TANA", "SADA", "KADO"), deals=4))
    plain = records[-1]
    store.sync_match("plain", plain)
    rated = store.ratings("Ana")["manfee"]["deals"]
    helped = dict(plain, hints=[[0, "bottom"], [2, "bottom"], [1, "left"], ["x", 3]])    # the last: ignored
    store.sync_match("helped", helped)
    t = store.totals("Ana")
    assert t["deals"] == 2 * len(plain["deals"]) and t["hinted_deals"] == 2
    assert store.ratings("Ana")["manfee"]["deals"] == rated + len(plain["deals"]) - 2
    rows = dict(store.db.execute("SELECT deal, hinted FROM deal_results WHERE match_id = 'helped'").fetchall())
    assert rows[0] == rows[2] == 1 and rows[1] == rows[3] == 0
    store.sync_match("helped", helped)                  # again: nothing changes
    assert store.ratings("Ana")["manfee"]["deals"] == rated + len(plain["deals"]) - 2


@pytest.mark.parametrize("damage", ["garbage", "truncated", "foreign", "no_version"])
def test_a_damaged_file_is_moved_aside_and_a_fresh_one_started(tmp_path, damage):
    path = tmp_path / "stats.sqlite"
    if damage == "garbage":
        path.write_bytes(b"this is not a database at all\n" * 100)
    elif damage in ("truncated", "no_version"):
        with StatsStore(str(path)) as s:
            for r in play("manfee", 3, deals=2):
                s.sync_match("m", r)
            if damage == "no_version":
                s.db.execute("DELETE FROM schema_version")
                s.db.commit()
        if damage == "truncated":
            data = path.read_bytes()
            path.write_bytes(data[:100] + b"\0" * 50 + data[150:len(data) // 2])
    else:
        db = sqlite3.connect(str(path))
        db.execute("CREATE TABLE songs (title TEXT)")
        db.commit()
        db.close()
    before = path.read_bytes()
    s = StatsStore(str(path), clock=lambda: "2026-03-04T05:06:07+00:00")
    assert s.notice and "\n" not in s.notice and "moved aside" in s.notice
    aside = [p for p in os.listdir(tmp_path) if p.startswith("stats.sqlite.damaged-")]
    assert len(aside) == 1 and (tmp_path / aside[0]).read_bytes() == before    # kept, not emptied
    assert s.totals("Ana")["deals"] == 0
    s.sync_match("m", next(play("manfee", 4, deals=1)))
    assert s.totals("Ana")["deals"] == 1
    s.close()


def test_a_file_that_cannot_be_opened_is_reported_and_left_alone(tmp_path):
    folder = tmp_path / "stats.sqlite"
    folder.mkdir()                                     # not a file at all: SQLite cannot open it
    with pytest.raises(StatsError) as e:
        StatsStore(str(folder))
    assert "\n" not in str(e.value) and folder.is_dir() and os.listdir(tmp_path) == ["stats.sqlite"]


def test_a_deal_review_goes_into_the_store(store):
    from bots.review import review_deal
    record = next(play("manni", 12, deals=1))
    store.sync_match("rv", record)
    review = review_deal(record, 0, "bottom", budget=0.03)
    store.record_review("rv", 0, "bottom", review.summary())
    t = store.totals("Ana")
    assert t["reviewed_decisions"] == len(review.decisions)
    assert t["accuracy"] == pytest.approx(review.summary()["mean_loss"])


def test_people_count_as_themselves_among_partners_and_opponents(store):
    """Ana with Bo across the table, then Ana against Bo and Cy: each person a row of
    their own (not one crowd of "a person"); a person with no name stays "human"."""
    for r in play("manfee", 40, people=("bottom", "top"), names=("TANA", "KADO")):
        store.sync_match("p1", r)
    seats = Match("manfee").game.seats
    left = seats[1]
    for r in play("manfee", 41, people=("bottom", left), names=("SADA", "KADO")):
        store.sync_match("p2", r)
    mate, opp = store.by_company("Ana", "partner"), store.by_company("Ana", "opponent")
    t1 = sum(1 for _ in play("manfee", 40, people=("bottom", "top"), names=("TANA", "KADO")))
    assert mate["person:Bo"]["deals"] == t1 and mate["person:Bo"]["matches"] == 1
    assert opp["person:Bo"]["matches"] == 1 and "human" not in opp and "human" not in mate
    assert opp["KADO"]["matches"] == 2                   # a bot across both matches: one row
    assert set(mate) == {"person:Bo", "SADA"} and set(opp) == {"TANA", "KADO", "person:Bo"}
    assert set(store.by_company("Bo", "partner")) == {"person:Ana", "KADO"}     # Bo sat left in the second


def test_ties_are_counted_apart_as_half_a_deal_won(store):
    """The results screen counts whole deals won; the statistics' rate counts a tie half:
    the tied deals are counted so the screen can say why 2 of 6 reads 42 %."""
    for r in play("manille", 3, deals=6):
        store.sync_match("t", r)
    before = store.totals("Ana")
    store.db.execute("UPDATE deal_results SET result = 0.5 WHERE rowid IN (SELECT rowid FROM deal_results "
                     "WHERE profile_id = ? AND result = 0.0 LIMIT 1)", (store.find_profile("Ana").id,))
    after = store.totals("Ana")
    assert after["deals_tied"] == before["deals_tied"] + 1
    assert after["deal_win_rate"] == pytest.approx(before["deal_win_rate"] + 0.5 / after["deals"])


def test_a_friends_screen_files_a_muette_deal_with_its_factors_from_the_public_actions(tmp_path):
    """A LAN friend's screen has no record: the deal's summary and public actions give the
    row, the tap among them its factor; the same deal again adds nothing, and a friend
    screen with no seat, or no table id, files nothing."""
    from table.lan_stats import keep_deal
    from rules.games import get_game

    class Link:
        game = get_game("manille-muette")

        def __init__(self, key="lan-abc", mine=("left",)):
            self.key, self.mine = key, mine

        def match_key(self):
            return self.key

        def my_seats(self):
            return self.mine

        def summaries(self):
            return [{"dealer": "bottom", "outcome": "complete", "trump": "H",
                     "points": {"bottom-top": 22, "left-right": 38}, "tricks": {"bottom-top": 3, "left-right": 5},
                     "score": {"bottom-top": 0, "left-right": 16}}]

        def players(self):
            return {"bottom": {"kind": "host", "name": "Ana"}, "left": {"kind": "human", "name": "Bo"},
                    "top": {"kind": "bot", "bot": "TANA", "name": "Tana"}, "right": {"kind": "bot", "bot": "SADA"}}
    view = {"deal": 0, "options": {}, "finished": False, "history": [
        {"seat": "bottom", "trump": "H"}, {"seat": "left", "double": True}, {"seat": "bottom", "redouble": False},
        {"seat": "left", "play": "TS"}]}
    path = str(tmp_path / "stats.sqlite")
    assert keep_deal(Link(), view, "Bo", path) is None
    store = StatsStore(path)
    row = store.db.execute("SELECT score, factor, factors, partner, opponents FROM deal_results").fetchone()
    assert row[:4] == (16, 2, "tap", "SADA")
    assert json.loads(row[4]) == {"bottom": "person:Ana", "top": "TANA"}
    assert keep_deal(Link(), view, "Bo", path) is None
    assert store.db.execute("SELECT COUNT(*) FROM deal_results").fetchone()[0] == 1
    assert keep_deal(Link(), view, "Bo", path, hinted=True) is None        # shown a hint: not rated
    assert store.db.execute("SELECT hinted FROM deal_results").fetchone()[0] == 1
    for other in (Link(key=None), Link(mine=())):
        assert keep_deal(other, view, "Bo", str(tmp_path / "none.sqlite")) is None
    assert not (tmp_path / "none.sqlite").exists()


def test_a_sweep_is_the_factor_of_the_side_that_took_every_trick(tmp_path):
    """The other side's sweep was listed among a player's factors ("sweep in 1 deal"), as if
    the player had taken all eight tricks: for that side it is a sweep suffered."""
    store = StatsStore(str(tmp_path / "s.sqlite"))
    swept = {"dealer": "left", "outcome": "complete", "trump": "H", "points": {"bottom-top": 0, "left-right": 60},
             "tricks": {"bottom-top": 0, "left-right": 8}, "score": {"bottom-top": 0, "left-right": 60}}
    store.sync_public("lan-x", "manille", {}, {"bottom": {"kind": "human", "name": "Ana"},
                                                "left": {"kind": "human", "name": "Bo"}},
                      [swept], {0: []}, False, None, {"bottom": "Ana", "left": "Bo"})
    assert store.per_game("Ana")["manille"]["factors"] == {"swept": 1}
    assert store.per_game("Bo")["manille"]["factors"] == {"sweep": 1}


def test_version_3_names_a_sweep_suffered_in_rows_filed_before(tmp_path):
    """Rows filed before a sweep was the sweeping side's alone keep "sweep" for both sides:
    their fingerprint is unchanged, so a new sync skips them; the migration mends them."""
    path = str(tmp_path / "s.sqlite")
    swept = {"dealer": "left", "outcome": "complete", "trump": "H", "points": {"bottom-top": 0, "left-right": 60},
             "tricks": {"bottom-top": 0, "left-right": 8}, "score": {"bottom-top": 0, "left-right": 60}}
    with StatsStore(path) as s:
        s.sync_public("lan-x", "manille", {}, {"bottom": {"kind": "human", "name": "Ana"},
                                                "left": {"kind": "human", "name": "Bo"}},
                      [swept], {0: []}, False, None, {"bottom": "Ana", "left": "Bo"})
        with s.db:                                   # as the older version filed it
            s.db.execute("UPDATE deal_results SET factors = 'sweep'")
            s.db.execute("UPDATE schema_version SET version = 2")
    with StatsStore(path) as s:
        assert s.db.execute("SELECT version FROM schema_version").fetchone() == (S.SCHEMA_VERSION,)
        assert s.per_game("Ana")["manille"]["factors"] == {"swept": 1}
        assert s.per_game("Bo")["manille"]["factors"] == {"sweep": 1}
