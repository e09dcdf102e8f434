"""Manille muette, rule by rule (RULES.md § Manille muette)."""
import random

import pytest

from rules import Match, RulesError
from rules import actions as A
from rules.cards import SEATS4
from rules.deal import PLAY, DOUBLE, REDOUBLE, PARTNER_TRUMP
from rules.games import MUETTE
from rules_helpers import deal_from, act, plays, legal_texts


def test_deal_two_cards_at_a_time_from_dealers_left():
    hands, widow, order, cut = MUETTE.deal_cards(SEATS4.index("bottom"), random.Random(2))
    seats = [SEATS4[s] for s, _c in order]
    assert seats[:8] == ["left", "left", "top", "top", "right", "right", "bottom", "bottom"]
    assert seats[8:16] == seats[:8] and cut is None
    assert all(bin(h).count("1") == 8 for h in hands)


def test_announce_choices_follow_the_options():
    d = deal_from("manille-muette", "top", {})
    assert set(d.legal()) == set(range(A.TRUMP, A.TRUMP + 5)) | {A.PARTNER}
    d = deal_from("manille-muette", "top", {}, {"en_face": False})
    assert set(d.legal()) == set(range(A.TRUMP, A.TRUMP + 5))
    d = deal_from("manille-muette", "top", {}, {"blind": True})
    assert set(d.legal()) >= set(range(A.BLIND, A.BLIND + 5))


def test_en_face_then_tap_and_tap_back():
    d = deal_from("manille-muette", "top", {})
    act(d, "top", {"trump": "partner"})
    assert d.phase == PARTNER_TRUMP and SEATS4[d.turn] == "bottom"
    with pytest.raises(RulesError):
        act(d, "bottom", {"trump": "partner"})
    act(d, "bottom", {"trump": "C"})
    assert d.phase == DOUBLE and SEATS4[d.turn] == "right"   # the dealer's left first
    act(d, "right", {"double": True})
    assert d.phase == REDOUBLE and SEATS4[d.turn] == "bottom"  # the one who named trump
    act(d, "bottom", {"redouble": True})
    assert d.phase == PLAY and SEATS4[d.turn] == "right"
    assert d.factors(0) == [("tap back", 4)]


def test_second_opponent_asked_only_if_first_does_not_tap():
    d = deal_from("manille-muette", "bottom", {})
    act(d, "bottom", {"trump": "H"})
    act(d, "left", {"double": False})
    assert SEATS4[d.turn] == "right"
    act(d, "right", {"double": False})
    assert d.phase == PLAY and SEATS4[d.turn] == "left"
    assert d.factors(0) == []


def test_tap_without_tap_back_doubles():
    d = deal_from("manille-muette", "bottom", {})
    act(d, "bottom", {"trump": "NT"})
    act(d, "left", {"double": True})
    act(d, "bottom", {"redouble": False})
    assert d.factors(1) == [("no-trump", 2), ("tap", 2)]


def test_no_tapping_when_doubling_is_off():
    d = deal_from("manille-muette", "bottom", {}, {"doubling": False})
    act(d, "bottom", {"trump": "S"})
    assert d.phase == PLAY


def test_blind_trump_dealer_leads_and_scores_double():
    d = deal_from("manille-muette", "right", {}, {"blind": True})
    assert not d.looked
    act(d, "right", {"trump": "D", "blind": True})
    act(d, "bottom", {"double": False})
    act(d, "top", {"double": False})
    assert SEATS4[d.turn] == "right" and d.blind
    assert d.factors(0) == [("blind", 2)]


def test_blind_no_longer_offered_after_looking():
    d = deal_from("manille-muette", "right", {}, {"blind": True})
    d.apply(SEATS4.index("right"), A.LOOK)
    assert not any(c >= A.BLIND for c in d.legal() if c < A.DOUBLE)
    with pytest.raises(RulesError):
        act(d, "right", {"trump": "D", "blind": True})


def playing(trump, hands, leads, me, dealer="bottom"):
    d = deal_from("manille-muette", dealer, hands, {"doubling": False})
    act(d, dealer, {"trump": trump})
    plays(d, *leads)
    assert SEATS4[d.turn] == me
    return d


def test_follow_suit_without_obligation_to_beat():
    d = playing("S", {"left": "KH", "top": "7H TH 8C", "right": "9D", "bottom": "8D"},
                ["left:KH"], "top")
    assert legal_texts(d) == ["7H", "TH"]


def test_void_must_trump_even_over_partner():
    d = playing("S", {"left": "KH", "top": "TH", "right": "7S 8C", "bottom": "8D"},
                ["left:KH", "top:TH"], "right")
    # right's partner left is not winning here; make the partner case explicit:
    assert legal_texts(d) == ["7S"]
    d = playing("S", {"left": "TH", "top": "7H", "right": "7S 8C", "bottom": "8D"},
                ["left:TH", "top:7H"], "right")
    assert legal_texts(d) == ["7S"]                       # partner left wins: still trump


def test_overtrump_if_you_can_else_discard_lower_trump_only_with_nothing_else():
    d = playing("S", {"left": "KH", "top": "9S", "right": "7S QS 8C", "bottom": "8D"},
                ["left:KH", "top:9S"], "right")
    assert legal_texts(d) == ["QS"]
    d = playing("S", {"left": "KH", "top": "TS", "right": "7S 8C", "bottom": "8D"},
                ["left:KH", "top:TS"], "right")
    assert legal_texts(d) == ["8C"]
    d = playing("S", {"left": "KH", "top": "TS", "right": "7S 8S", "bottom": "8D"},
                ["left:KH", "top:TS"], "right")
    assert legal_texts(d) == ["7S", "8S"]


def test_no_trump_only_following_is_compulsory():
    d = playing("NT", {"left": "KH", "top": "7S 8C", "right": "9D", "bottom": "8D"},
                ["left:KH"], "top")
    assert legal_texts(d) == ["7S", "8C"]


def _close(m, outcome, score):
    m.start_deal(rng=random.Random(len(m.records)))
    m.deal.trump = 0
    m.deal.end(outcome, score)
    m._close_deal()


def test_tie_carries_nothing():
    m = Match("manille-muette")
    _close(m, "tie", (0, 0))
    m.start_deal(rng=random.Random(7))
    assert not hasattr(m.deal, "tie_pending") or not m.deal.tie_pending
    assert m.deal.factors(0) == []


def test_max_deals_ends_the_match_and_equal_totals_draw():
    m = Match("manille-muette", {"max_deals": 2})
    _close(m, "complete", (10, 0))
    assert not m.finished
    _close(m, "complete", (0, 10))
    assert m.finished and m.winner is None
    m = Match("manille-muette", {"max_deals": 2})
    _close(m, "complete", (10, 0))
    _close(m, "complete", (0, 4))
    assert m.finished and m.winner == "bottom-top"


def test_target_reached_before_max_deals_wins():
    m = Match("manille-muette", {"max_deals": 50})
    _close(m, "complete", (101, 0))
    assert m.finished and m.winner == "bottom-top"


def test_a_resumed_table_remembers_that_the_dealer_looked():
    from rules.host import MatchHost
    h = MatchHost.new("manille-muette", {"blind": True}, seed=3)
    h.start_deal()
    dealer = h.whose_turn()
    assert h.view(dealer)["hand"] is None
    h.submit(dealer, {"look": True})
    rec = h.record()
    assert rec["dealer_looked"] == 0
    again = MatchHost.from_record(rec)
    v = again.view(dealer)
    assert v["hand"] is not None and not any(a.get("blind") for a in v["legal"])
    # Without the note the dealer would be offered blind trump again.
    del rec["dealer_looked"]
    assert MatchHost.from_record(rec).view(dealer)["hand"] is None


def test_no_signals_outside_manfee():
    d = playing("S", {"left": "KH"}, [], "left")
    with pytest.raises(RulesError, match="this game has no signals"):
        act(d, "left", {"play": "KH", "signal": "slam"})
