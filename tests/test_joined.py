"""A friend's screen rebuilds each LAN deal from its own view at the deal's end
(``host.joined``): exactly the deal played wherever every card was shown, and a deal the
rules accept (its unshown cards never claimed) where some were not."""
import json
import os
import random

import pytest

from rules import Match
from rules import actions as A
from rules.deal import TRUMP
from rules.record import read_match
from rules.views import seat_view
from host.joined import keep_joined, rebuild_deal

GAMES = [("manfee", {}), ("manille", {}), ("manille-muette", {"blind": True}), ("manni", {})]


def played_deals(game, options, seed, deals=4, peek=False):
    """(match, the seat_view of every seat at each deal's end, that deal's record) for deals
    played by random legal moves (a Manille dealer's partner peeking now and then)."""
    rng = random.Random(seed)
    m = Match(game, options)
    out = []
    for _ in range(deals):
        if m.finished:
            break
        m.start_deal(rng=rng)
        while m.in_deal:
            d = m.deal
            if options.get("blind") and d.phase == 2 and not d.looked and rng.random() < 0.5:
                m.apply(d.turn, A.LOOK)
                continue
            if peek and d.phase == TRUMP and rng.random() < 0.5:     # not a legal choice: a breach
                m.apply((d.dealer + 2) % 4, A.PEEK)
                continue
            m.apply(d.turn, rng.choice(d.legal()))
        out.append(({s: seat_view(m, s) for s in m.game.seats}, m.records[-1]))
    return m, out


def as_sets(deal):
    return {s: set(h) for s, h in deal["hands"].items()}


@pytest.mark.parametrize("game,options", GAMES)
def test_a_deal_whose_every_card_was_shown_is_rebuilt_exactly(game, options):
    m, deals = played_deals(game, options, seed=len(game))
    exact = 0
    for views, truth in deals:
        for seat, view in views.items():
            rebuilt = rebuild_deal(view)
            assert rebuilt is not None, (seat, truth["actions"][-1:])
            assert rebuilt["dealer"] == truth["dealer"] and rebuilt["actions"] == truth["actions"]
            plays = sum(1 for a in truth["actions"] if "play" in a)
            if plays == m.game.n * m.game.hand_size:        # every card played (the Manni's by elimination)
                assert as_sets(rebuilt) == as_sets(truth)
                assert set(rebuilt.get("widow", ())) == set(truth.get("widow", ()))
                exact += 1
            else:             # a seat's own cards are its own (after a pass, the hand it was passed)
                seats = m.game.seats
                passed = any(a.get("decision") == "pass" for a in truth["actions"])
                dealt_to = seats[(seats.index(seat) + 1) % len(seats)] if passed else seat
                assert set(rebuilt["hands"][dealt_to]) >= set(view["hand"] or ())
                assert read_match({"game": game, "options": options, "deals": [rebuilt]})[1] is None
    assert exact >= (0 if game == "manfee" else 4)       # random play goes over in Manfee


def test_cards_never_shown_go_where_the_rules_allow():
    """A Manfee deal gone over and a void Manille deal leave cards unshown: they are dealt
    to seats that may hold them (a seat that threw another suit gets none of the suit led),
    and the rules take every action again."""
    seen = {"manfee": 0, "manille": 0}
    for game, peek in (("manfee", False), ("manille", True)):
        for seed in range(6):
            _m, deals = played_deals(game, {}, seed=seed, deals=2, peek=peek)
            for views, truth in deals:
                plays = sum(1 for a in truth["actions"] if "play" in a)
                if plays == _m.game.n * _m.game.hand_size:
                    continue
                view = views["bottom"]
                rebuilt = rebuild_deal(view, seed=seed)
                assert rebuilt is not None and rebuilt["actions"] == truth["actions"]
                record = {"game": game, "deals": [rebuilt]}
                match, error = read_match(record)
                assert error is None, error
                assert rebuilt["hands"]["bottom"] == sorted(truth["hands"]["bottom"], key=lambda c: A.parse_action({"play": c}))
                seen[game] += 1
    assert min(seen.values()) >= 1, seen           # a deal gone over, and a void one


def test_a_view_without_a_finished_deal_rebuilds_nothing():
    m = Match("manille")
    m.start_deal(rng=random.Random(1))
    view = seat_view(m, "bottom")
    assert rebuild_deal(view) is None
    assert rebuild_deal({"game": "chess"}) is None
    assert rebuild_deal(dict(view, outcome="complete", history=[{"seat": "left", "play": "XX"}])) is None


def test_the_record_grows_deal_by_deal_and_stops_at_a_missed_one(tmp_path):
    m, deals = played_deals("manni", {}, seed=3, deals=3)
    path = str(tmp_path / "joined" / "manni.json")
    header = {"game": "manni", "options": {}, "players": {}, "lan": {"table": "T", "joined": "bottom"}}
    assert keep_joined(path, header, 1, rebuild_deal(deals[1][0]["bottom"])) is not None    # not from deal 0
    for i, (views, _truth) in enumerate(deals[:2]):
        assert keep_joined(path, header, i, rebuild_deal(views["bottom"])) is None
    record = json.load(open(path))
    match, error = read_match(record)
    assert error is None and len(record["deals"]) == 2 and record["lan"]["joined"] == "bottom"
    assert match.totals == [sum(d["score"][s] for d in m.summaries[:2]) for s in m.game.sides]
    # a deal kept already (a screen back after a dropped line): left as it is
    assert keep_joined(path, header, 1, rebuild_deal(deals[1][0]["bottom"])) is None
    assert json.load(open(path)) == record
    # a deal skipped: refused, the file as it was
    assert "missed" in keep_joined(path, header, 3, rebuild_deal(deals[2][0]["bottom"]))
    assert json.load(open(path)) == record


class FakeLink:
    """What ``keep_record`` asks of a friend's link."""

    def __init__(self, game, summaries, seat="bottom"):
        from rules.games import get_game
        self.game, self._summaries, self.seat = get_game(game), summaries, seat
        self.table_name = "Ana's table"

    def match_key(self):
        return "lan-abc"

    def my_seats(self):
        return (self.seat,)

    def summaries(self):
        return self._summaries

    def players(self):
        return {"bottom": {"kind": "human", "name": "Bo"}, "left": {"kind": "host", "name": "Ana"},
                "right": {"kind": "bot", "bot": "TANA", "name": "Tana"}}


def test_a_screen_that_came_late_keeps_no_record(manfee_home):
    """Its totals would not add up: the first deal it saw was not the match's first."""
    from host.joined import joined_folder
    from table.lan_stats import MISSED, keep_record
    import table.lan_stats as lan_stats
    m, deals = played_deals("manni", {}, seed=4, deals=2)
    late = FakeLink("manni", m.summaries[:2])
    real = lan_stats.rebuild_deal
    lan_stats.rebuild_deal = None           # it says so before it rebuilds anything (up to 200 guesses)
    try:
        assert keep_record(late, deals[1][0]["bottom"]) == MISSED
    finally:
        lan_stats.rebuild_deal = real
    assert not (manfee_home / "saves" / "joined").exists() or not list((manfee_home / "saves" / "joined").iterdir())
    early = FakeLink("manni", m.summaries[:1])
    assert keep_record(early, deals[0][0]["bottom"]) is None
    assert keep_record(FakeLink("manni", m.summaries[:2]), deals[1][0]["bottom"]) is None
    (name,) = os.listdir(joined_folder())
    record = json.load(open(os.path.join(joined_folder(), name)))
    assert len(record["deals"]) == 2 and record["players"]["left"] == {"kind": "human", "name": "Ana"}


def test_a_joined_record_never_shows_what_was_not_shown_even_with_one_person_listed():
    """A headless host seats no person: the record lists the friend alone, and a record of
    one person lets every deal and seat be studied.  A joined record is a shared table's:
    its dealt-out unshown cards are neither reviewed nor shown."""
    from table.coach_work import any_reviewable, record_facts
    m, deals = played_deals("manfee", {}, seed=1, deals=1)
    rebuilt = rebuild_deal(deals[0][0]["bottom"])
    assert sum("play" in a for a in rebuilt["actions"]) < 52        # gone over: cards never shown
    record = {"game": "manfee", "options": {}, "deals": [rebuilt],
              "players": {"bottom": {"kind": "human", "name": "Bo"}}}
    assert any_reviewable(record)                                      # one person, alone: any deal
    record["lan"] = {"table": "T", "joined": "bottom", "match_id": "lan-1"}
    assert not any_reviewable(record)
    facts = record_facts(record)
    assert facts.shared and facts.people == ("bottom",)


def test_odd_views_and_a_damaged_file_give_a_reason_never_a_crash(tmp_path):
    """The view comes over the network and the file from the disk: a friend's game crashed
    at every deal's end on a view with no counts, or a file holding a JSON list."""
    _m, deals = played_deals("manni", {}, seed=5, deals=1)
    view = deals[0][0]["bottom"]
    for odd in ({"counts": None}, {"counts": {}}, {"swapped_out": ["ZZ"]}, {"swapper": "nobody"},
                {"options": None}, {"history": [{"seat": "bottom"}]}, {"seats": None}, {"hand": [7]}):
        rebuilt = rebuild_deal(dict(view, **odd))            # no exception: None, or a deal the rules take
        assert rebuilt is None or read_match({"game": "manni", "deals": [rebuilt]})[1] is None, odd
    path = tmp_path / "x.json"
    for damaged in ("[]", "null", '"x"', "{"):
        path.write_text(damaged)
        reason = keep_joined(str(path), {"game": "manni"}, 0, rebuild_deal(view))
        assert reason and "x.json" in reason, reason
        assert path.read_text() == damaged                       # left as it was


def test_the_stand_ins_decisions_are_kept_with_the_deal(manfee_home):
    """The host's deal_scored names the decisions a bot made standing in for a person: the
    friend's record keeps them, so its review leaves them out of the friend's; and the
    hints the screen was shown, so its review says where the friend followed one."""
    from host.joined import joined_folder
    from table.lan_stats import keep_record
    m, deals = played_deals("manni", {}, seed=6, deals=1)
    hints = [[0, 7, "bottom", {"play": "AS"}], [1, 2, "bottom", {"play": "KS"}], "x"]     # this deal's, kept
    assert keep_record(FakeLink("manni", m.summaries[:1]), deals[0][0]["bottom"], [[5, "bottom"], ["x"], [6]],
                       hints) is None
    (name,) = os.listdir(joined_folder())
    record = json.load(open(os.path.join(joined_folder(), name)))
    assert record["standins"] == [[0, 5, "bottom"]]
    assert record["hints_given"] == [[0, 7, "bottom", {"play": "AS"}]]     # the review says "you followed"


def test_a_friends_record_says_you_only_of_the_friends_own_seat():
    """On a LAN friend's machine the review of the host's seat read "you chose ♥ Hearts",
    "your hand": the host is a person, but not this screen's."""
    from table.coach_text import seat_words
    from table.coach_work import record_facts
    m, deals = played_deals("manille", {}, seed=2, deals=1)
    players = {"bottom": {"kind": "human", "name": "Léa"}, "left": {"kind": "human", "name": "Théo"}}
    record = {"game": "manille", "options": {}, "deals": [rebuild_deal(deals[0][0]["left"])], "players": players}
    assert record_facts(record).own == ("bottom", "left")                 # hot-seat: each person's "you"
    facts = record_facts(dict(record, lan={"joined": "left", "match_id": "lan-1"}))
    assert facts.own == ("left",)
    heading, _lead, _turn = seat_words("bottom" in facts.own, "Léa", "Trick 2", "K♦")
    assert heading == "Trick 2: Léa chose K♦"


@pytest.mark.parametrize("game,options", GAMES)
def test_a_watchers_view_rebuilds_the_deal_from_the_cards_played_alone(game, options):
    """A watcher is shown no hand: its screen rebuilds each deal from the cards played (the
    rest, the pack's rest, dealt where the rules allow), exactly where every card was played."""
    from rules.views import public_view
    m, deals = played_deals(game, options, seed=len(game) + 1)
    exact = 0
    for i, (_views, truth) in enumerate(deals):
        view = public_view(_match_at(game, options, m, i), "left")       # the deal's end, as a watcher saw it
        assert view["hand"] is None
        rebuilt = rebuild_deal(view, seed=i)
        assert rebuilt is not None and rebuilt["actions"] == truth["actions"]
        assert read_match({"game": game, "options": options, "deals": m.records[:i] + [rebuilt]})[1] is None
        plays = sum(1 for a in truth["actions"] if "play" in a)
        if plays == m.game.n * m.game.hand_size:
            assert as_sets(rebuilt) == as_sets(truth)
            exact += 1
    assert exact >= (0 if game == "manfee" else 1)


def _match_at(game, options, m, i):
    """The match of ``m``'s records replayed to the end of deal ``i``."""
    record = {"game": game, "options": options, "deals": m.records[:i + 1]}
    match, error = read_match(record)
    assert error is None
    return match


class WatcherLink(FakeLink):
    def my_seats(self):
        return ()


def test_a_watchers_screen_keeps_its_record_where_nobody_is_you(manfee_home):
    """A watcher's screen keeps the match as a friend's does, from the place it sat behind;
    its replay shows the hands played out and no other, its review calls nobody "you"."""
    from host.joined import joined_folder, joined_seat, watched_from
    from host.replay import ReplayLink
    from rules.views import public_view
    from table.coach_work import record_facts
    from table.lan_stats import keep_record
    m, _deals = played_deals("manfee", {}, seed=1, deals=2)
    for i in range(2):
        view = public_view(_match_at("manfee", {}, m, i), "left")
        assert keep_record(WatcherLink("manfee", m.summaries[:i + 1], seat=None), view) is None
    (name,) = os.listdir(joined_folder())
    record = json.load(open(os.path.join(joined_folder(), name)))
    assert len(record["deals"]) == 2 and read_match(record)[1] is None
    assert watched_from(record) == "left" and joined_seat(record) is None
    facts = record_facts(record)
    assert facts.shared and facts.own == ()
    link = ReplayLink(record)
    assert link.screen_seat == "left"
    link._next()
    plays = [a["play"] for a in record["deals"][0]["actions"] if "play" in a]
    shown = link.open_hands()
    for seat in shown:                    # only hands every card of which was played
        assert set(record["deals"][0]["hands"][seat]) <= set(plays)
    assert len(plays) < 52 or len(shown) == 4
    # Replays lists it as watched, not played
    import pygame
    from types import SimpleNamespace
    from table.replay_list import ReplaysScene, list_replays
    pygame.font.init()
    (entry,) = [e for e in list_replays() if e["path"].endswith(name)]
    assert entry["watched"] and "LAN, watched" in ReplaysScene.label(SimpleNamespace(row_room=lambda: 9999), entry)


def test_a_watchers_link_keeps_no_players_view_and_a_friend_who_watches_stops_the_record(manfee_home):
    """A player's view handed to a watcher's link is not kept.  A friend's record shows its
    seat's hand face up: a deal the screen then watched, its hands guessed, would show
    guesses there as the friend's own cards; the record stops before it."""
    from host.joined import MOVED, joined_folder
    from rules.views import public_view
    from table.lan_stats import keep_record
    m, _deals = played_deals("manfee", {}, seed=0, deals=2)
    assert keep_record(WatcherLink("manfee", m.summaries[:1], seat=None),
                       seat_view(_match_at("manfee", {}, m, 0), "left")) is None
    assert not os.path.exists(joined_folder()) or os.listdir(joined_folder()) == []
    assert keep_record(FakeLink("manfee", m.summaries[:1], seat="left"),
                       seat_view(_match_at("manfee", {}, m, 0), "left")) is None
    (name,) = os.listdir(joined_folder())
    before = open(os.path.join(joined_folder(), name)).read()
    watched = public_view(_match_at("manfee", {}, m, 1), "left")
    assert keep_record(WatcherLink("manfee", m.summaries[:2], seat=None), watched) == MOVED
    # ... or at another seat (its hand the new seat's): the same
    assert keep_record(FakeLink("manfee", m.summaries[:2], seat="top"),
                       seat_view(_match_at("manfee", {}, m, 1), "top")) == MOVED
    assert open(os.path.join(joined_folder(), name)).read() == before
