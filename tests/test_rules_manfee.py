"""Manfee, rule by rule (RULES.md § Manfee)."""
import random

import pytest

from rules import Match, RulesError
from rules import actions as A
from rules.cards import SEATS4
from rules.deal import PLAY, DONE
from rules_helpers import deal_from, act, plays, mask

# A full, legal Manfee deck split four ways (13 each).
HANDS = {
    "bottom": "5S 6S TS QS 2H 4H 6H 7H KH 7D TD AD JC",
    "left": "2S 3S 9S 5H TH JH 2D 3D 9D QD 5C 7C 8C",
    "top": "4S 7S 8S JS 3H 8H 9H QH AH 4C 6C TC KC",
    "right": "KS AS 4D 5D 6D 8D JD KD 2C 3C 9C QC AC",
}


def called(dealer="bottom", calls=(3, 4, 2), decision="accept", hands=HANDS, options=None):
    d = deal_from("manfee", dealer, hands, options)
    order = [SEATS4[(SEATS4.index(dealer) + k) % 4] for k in (3, 2, 1)]
    for seat, n in zip(order, calls):
        act(d, seat, {"call": n})
    act(d, dealer, {"decision": decision})
    return d


def test_calling_order_is_dealers_right_then_partner_then_left():
    d = deal_from("manfee", "bottom", HANDS)
    assert SEATS4[d.turn] == "right"
    act(d, "right", {"call": 3})
    assert SEATS4[d.turn] == "top"
    act(d, "top", {"call": 4})
    assert SEATS4[d.turn] == "left"
    act(d, "left", {"call": 2})
    assert SEATS4[d.turn] == "bottom"           # the dealer decides, never calls
    assert d.legal() == (A.ACCEPT, A.PASS)


def test_call_range_shrinks_with_earlier_calls():
    d = deal_from("manfee", "top", HANDS)
    assert d.legal() == tuple(A.CALL + n for n in range(14))
    act(d, "left", {"call": 9})
    assert d.legal() == tuple(A.CALL + n for n in range(5))
    with pytest.raises(RulesError, match="illegal"):
        act(d, "bottom", {"call": 5})
    act(d, "bottom", {"call": 4})
    assert d.legal() == (A.CALL,)                # only 0 is left


def test_worked_example_accept_and_pass():
    # right 3, top (dealer's partner) 4, left 2: remainder 4.
    acc = called(decision="accept")
    assert acc.targets == [8, 5]                  # bottom-top 8, left-right 5
    pas = called(decision="pass")
    assert pas.targets == [6, 7]


def test_pass_with_opponents_at_13_gives_13_and_0():
    d = called(calls=(6, 0, 7), decision="pass")
    assert d.targets == [13, 0]


def test_pass_capped_at_13():
    d = called(calls=(7, 0, 6), decision="pass")
    assert d.targets == [13, 0]


def test_pass_moves_every_hand_one_seat_to_the_right():
    d = called(decision="pass")
    assert d.hands[SEATS4.index("right")] == mask(HANDS["bottom"])
    assert d.hands[SEATS4.index("top")] == mask(HANDS["right"])
    assert d.hands[SEATS4.index("left")] == mask(HANDS["top"])
    assert d.hands[SEATS4.index("bottom")] == mask(HANDS["left"])
    assert SEATS4[d.turn] == "right"              # the dealer's right still leads


def test_play_goes_counter_clockwise_and_follow_suit():
    d = called()
    assert d.phase == PLAY and SEATS4[d.turn] == "right"
    act(d, "right", {"play": "4D"})
    assert SEATS4[d.turn] == "top"
    # top holds no diamond: anything goes, spades included.
    assert len(d.legal()) == 13
    act(d, "top", {"play": "3H"})
    # left holds diamonds: must follow.
    with pytest.raises(RulesError):
        act(d, "left", {"play": "5H"})
    act(d, "left", {"play": "2D"})
    assert SEATS4[d.turn] == "bottom"


def test_highest_spade_wins_over_the_suit_led():
    d = called()
    plays(d, "right:KD", "top:4S", "left:QD", "bottom:AD")
    assert SEATS4[d.last_trick[2]] == "top"
    assert SEATS4[d.turn] == "top"                # the winner leads


def test_without_spade_highest_of_led_suit_wins():
    d = called()
    plays(d, "right:8D", "top:AH", "left:QD", "bottom:TD")
    assert SEATS4[d.last_trick[2]] == "left"


def test_over_stops_the_deal_at_once_13_to_0():
    # Target 0 for left-right: their first trick is over.
    d = called(calls=(0, 13, 0), decision="accept")
    assert d.targets == [13, 0]
    plays(d, "right:AC", "top:4C", "left:5C", "bottom:JC")
    assert d.phase == DONE and d.outcome == "over"
    assert d.score == (0, 13)
    assert d.team_tricks() == (0, 1)
    with pytest.raises(RulesError, match="over"):
        act(d, "right", {"play": "2C"})


def test_exact_scores_the_targets():
    m = Match("manfee")
    rng = random.Random(5)
    seen_exact = False
    for _ in range(300):
        m = Match("manfee", {"target": 1000})
        m.start_deal(rng=rng)
        d = m.deal
        while m.in_deal:
            m.apply(d.turn, rng.choice(d.legal()))
        if d.outcome == "exact":
            seen_exact = True
            assert d.score == tuple(d.targets) and sum(d.targets) == 13
            assert d.team_tricks() == tuple(d.targets)
        else:
            t = d.score.index(13)
            assert d.team_tricks()[t] == d.targets[t] + 1
    assert seen_exact


def test_signals_only_when_the_match_allows_them():
    d = called()
    act(d, "right", {"play": "KD", "signal": "slam"})
    off = called(options={"signals": False})
    with pytest.raises(RulesError, match="signals are off"):
        act(off, "right", {"play": "KD", "signal": "drop"})
    act(off, "right", {"play": "KD"})


def test_signals_never_change_the_winner():
    a, b = called(), called()
    plays(a, "right:KD", "top:4S", "left:QD", "bottom:AD")
    for seat, card, sig in (("right", "KD", "drop"), ("top", "4S", "slam"),
                            ("left", "QD", None), ("bottom", "AD", "slam")):
        obj = {"play": card}
        if sig:
            obj["signal"] = sig
        act(b, seat, obj)
    assert a.last_trick == b.last_trick and a.won == b.won


def test_dealer_moves_to_the_right():
    m = Match("manfee")
    m.start_deal(dealer=0, hands=[mask(HANDS[s]) for s in SEATS4])
    rng = random.Random(1)
    while m.in_deal:
        m.apply(m.deal.turn, rng.choice(m.deal.legal()))
    assert m.next_dealer() == SEATS4.index("right")
    with pytest.raises(RulesError, match="dealer must be right"):
        m.start_deal(dealer=SEATS4.index("top"), rng=rng)


def _finish_deal_with_scores(m, score):
    """Force a finished deal with a given score (for match-end arithmetic)."""
    m.start_deal(rng=random.Random(len(m.records)))
    d = m.deal
    d.end("exact", score)
    m._close_deal()


def test_match_end_needs_52_and_unequal_totals():
    m = Match("manfee")
    _finish_deal_with_scores(m, (26, 26))
    _finish_deal_with_scores(m, (26, 26))
    assert m.totals == [52, 52] and not m.finished     # equal at 52: play on
    _finish_deal_with_scores(m, (5, 8))
    assert m.finished and m.winner == "left-right"


def test_match_not_over_below_target():
    m = Match("manfee")
    _finish_deal_with_scores(m, (51, 0))
    assert not m.finished
    _finish_deal_with_scores(m, (0, 13))
    assert not m.finished                               # 51 to 13: nobody at 52 yet
    _finish_deal_with_scores(m, (2, 11))
    assert m.finished and m.winner == "bottom-top"      # 53 to 24


def test_a_refusal_says_why_in_a_few_words():
    """"illegal action {'play': 'QS'}" alone did not tell a card not held from a suit not
    followed: a peer's screen and the referee's verdict say which."""
    d = deal_from("manfee", "top", HANDS)
    with pytest.raises(RulesError, match=r"no card is played now: it is the time of the call"):
        act(d, "left", {"play": "2S"})
    with pytest.raises(RulesError, match=r"the choices now: \{'call': 0\}, \{'call': 1\},"):
        act(d, "left", {"decision": "accept"})
    d = called(dealer="bottom")                    # right leads
    with pytest.raises(RulesError, match="QS is not in the hand"):
        act(d, "right", {"play": "QS"})
    plays(d, "right:4D", "top:4S")
    with pytest.raises(RulesError, match="diamonds were led and must be followed"):
        act(d, "left", {"play": "5H"})
