"""The match host: the order of its checks, its events, and what it keeps hidden."""
import random

import pytest

from rules import RulesError
from rules.host import MatchHost
from test_rules_random import card_strings


def started(game="manfee", options=None, seed=1):
    h = MatchHost.new(game, options, seed=seed)
    h.start_deal()
    return h


def test_refusals_change_nothing():
    h = started()
    seat = h.whose_turn()
    other = next(s for s in h.game.seats if s != seat)
    v = h.view(seat)
    before = (h.version, h.record())
    for who, action, version, reason in [
        ("north", {"call": 1}, None, "not a seat"),
        (other, {"call": 1}, None, "turn"),
        (seat, {"call": 1}, v["version"] - 1, "stale"),
        (seat, {"call": 99}, None, "call"),
        (seat, {"dance": True}, None, "unknown action"),
        (seat, {"play": "ZZ"}, None, "not a card"),
    ]:
        with pytest.raises(RulesError, match=reason):
            h.submit(who, action, version)
        assert (h.version, h.record()) == before


def test_a_replayed_action_is_stale():
    h = started()
    seat = h.whose_turn()
    v = h.view(seat)
    h.submit(seat, v["legal"][0], v["version"])
    with pytest.raises(RulesError):
        h.submit(seat, v["legal"][0], v["version"])


def test_events_of_a_whole_match_carry_no_hidden_card():
    rng = random.Random(3)
    for game in ("manfee", "manille", "manille-muette", "manni"):
        h = MatchHost.new(game, {"target": 13 if game == "manfee" else 20 if game != "manni" else 2}, seed=4)
        played = set()
        while not h.match.finished:
            if h.needs_deal():
                for e in h.start_deal():
                    assert card_strings(e) == set()
                    assert len(e["order"]) == len(h.game.deck) - 12 * (game == "manni")
                played = set()
                continue
            seat = h.whose_turn()
            v = h.view(seat)
            for e in h.submit(seat, rng.choice(v["legal"]), v["version"]):
                if e["type"] == "card_played":
                    played.add(e["card"])
                assert card_strings(e) <= played


def test_resume_from_record_continues_exactly():
    h = started("manille", seed=8)
    rng = random.Random(2)
    for _ in range(20):
        s = h.whose_turn()
        h.submit(s, rng.choice(h.view(s)["legal"]))
    again = MatchHost.from_record(h.record())
    assert again.whose_turn() == h.whose_turn()
    assert again.view(again.whose_turn())["legal"] == h.view(h.whose_turn())["legal"]
    with pytest.raises(RulesError):
        MatchHost.from_record({"game": "manille", "deals": [{"dealer": "top"}]})
