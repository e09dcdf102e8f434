"""Manille (the Flemish table), rule by rule (RULES.md § Manille)."""
import random

import pytest

from rules import Match, RulesError
from rules import actions as A
from rules.cards import SEATS4, NT
from rules.games import MANILLE
from rules.manille import STRENGTH, VALUE, card_points
from rules.deal import DONE
from rules_helpers import deal_from, act, plays, mask, legal_texts


def test_card_order_ten_high_and_values():
    order = [STRENGTH[c] for c in map(lambda t: mask(t).bit_length() - 1,
                                       "TH AH KH QH JH 9H 8H 7H".split())]
    assert order == sorted(order, reverse=True) and len(set(order)) == 8
    assert card_points(MANILLE.deck_mask) == 60
    assert card_points(mask("TS AS KS QS JS 9S 8S 7S")) == 15


def trick_position(trump, hands, leads, me, dealer="bottom"):
    """A deal whose trump is named, with ``leads`` played; the seat ``me`` to act."""
    d = deal_from("manille", dealer, hands)
    act(d, dealer, {"trump": trump})
    plays(d, *leads)
    assert SEATS4[d.turn] == me
    return d


# Dealer bottom: left leads, then top, right, bottom (clockwise).
def test_must_overtake_an_opponent_winning_with_the_led_suit():
    d = trick_position("S", {"left": "KH 7C", "top": "AH 7H 8C", "right": "9C", "bottom": "9D"},
                       ["left:KH"], "top")
    assert legal_texts(d) == ["AH"]                       # AH beats KH; 7H does not


def test_overtake_the_opponent_currently_winning_not_the_leader():
    d = trick_position("S", {"left": "KH 7C", "top": "AH 8H 8C", "right": "TH 9H", "bottom": "9D"},
                       ["left:KH", "top:AH"], "right")
    # top (an opponent of right) now wins with AH: right must overtake with TH.
    assert legal_texts(d) == ["TH"]


def test_partner_winning_any_card_of_the_suit():
    d = trick_position("S", {"left": "AH 7C", "top": "7H 8C", "right": "KH 9H", "bottom": "9D"},
                       ["left:AH", "top:7H"], "right")
    assert legal_texts(d) == ["9H", "KH"]


def test_no_obligation_to_beat_once_trumped():
    d = trick_position("S", {"left": "KH 7C", "top": "7S 8C", "right": "AH 9H", "bottom": "9D"},
                       ["left:KH", "top:7S"], "right")
    assert legal_texts(d) == ["9H", "AH"]                 # follow, need not beat


def test_void_with_opponent_winning_must_trump():
    d = trick_position("S", {"left": "KH 7C", "top": "7S 9S 8C", "right": "AH", "bottom": "9D"},
                       ["left:KH"], "top")
    assert legal_texts(d) == ["7S", "9S"]


def test_void_with_partner_trumped_discard_or_overtrump_never_undertrump():
    d = trick_position("S", {"left": "KH", "top": "9S JD", "right": "8H", "bottom": "7S QS 8C"},
                       ["left:KH", "top:9S", "right:8H"], "bottom")
    # bottom's partner top wins with 9S: bottom may discard 8C or overtrump
    # with QS, never play the lower trump 7S.
    assert legal_texts(d) == ["8C", "QS"]


def test_opponent_trumped_overtrump_if_you_can():
    d = trick_position("S", {"left": "KH", "top": "9S JD", "right": "7S QS 8C", "bottom": "8H"},
                       ["left:KH", "top:9S"], "right")
    assert legal_texts(d) == ["QS"]


def test_no_undertrump_unless_only_lower_trumps():
    d = trick_position("S", {"left": "KH", "top": "TS JD", "right": "7S 8S 8C", "bottom": "8H"},
                       ["left:KH", "top:TS"], "right")
    assert legal_texts(d) == ["8C"]                        # cannot overtrump: discard, no 7S/8S
    d = trick_position("S", {"left": "KH", "top": "TS JD", "right": "7S 8S", "bottom": "8H"},
                       ["left:KH", "top:TS"], "right")
    assert legal_texts(d) == ["7S", "8S"]                  # nothing else held


def test_void_with_partner_winning_need_not_trump():
    d = trick_position("S", {"left": "KH", "top": "8H", "right": "7S 8C", "bottom": "8D"},
                       ["left:KH", "top:8H"], "right")
    assert legal_texts(d) == ["7S", "8C"]


def test_trump_lead_overtake_opponent():
    d = trick_position("H", {"left": "KH", "top": "7H TH", "right": "8C", "bottom": "8D"},
                       ["left:KH"], "top")
    assert legal_texts(d) == ["TH"]


def test_no_trump_deal_follow_overtake_else_anything():
    d = trick_position("NT", {"left": "KH", "top": "7H TH", "right": "8C", "bottom": "8D"},
                       ["left:KH"], "top")
    assert legal_texts(d) == ["TH"]
    d = trick_position("NT", {"left": "KH", "top": "7S TD", "right": "8C", "bottom": "8D"},
                       ["left:KH"], "top")
    assert legal_texts(d) == ["7S", "TD"]


def test_trump_naming_dealer_only_and_any_of_five():
    d = deal_from("manille", "right", {"bottom": "7S"})
    assert SEATS4[d.turn] == "right"
    assert d.legal() == tuple(A.TRUMP + t for t in range(5))
    with pytest.raises(RulesError, match="not bottom's turn"):
        act(d, "bottom", {"trump": "H"})
    with pytest.raises(RulesError):
        act(d, "right", {"trump": "partner"})             # no en face in Manille


def test_peek_by_the_partner_voids_the_deal_others_cannot():
    d = deal_from("manille", "right", {})
    with pytest.raises(RulesError):
        act(d, "top", {"peek": True})                      # top is not right's partner
    act(d, "left", {"peek": True})
    assert d.phase == DONE and d.outcome == "misdeal" and d.score == (0, 0)


def _scored(trump, points_for_bt, sweep=False, tie_pending=False):
    """A finished Manille deal forced to the given capture (scoring arithmetic)."""
    d = deal_from("manille", "bottom", {}, tie_pending=tie_pending)
    d.trump = NT if trump == "NT" else "SHDC".index(trump)
    # Give bottom-top a set of cards worth points_for_bt, the rest to left-right.
    deck = sorted(MANILLE.deck, key=lambda c: -VALUE[c])
    bt, total = 0, 0
    for c in deck:
        if total + VALUE[c] <= points_for_bt and (VALUE[c] or total == points_for_bt):
            bt |= 1 << c
            total += VALUE[c]
    assert total == points_for_bt
    d.captured = [bt, MANILLE.deck_mask & ~bt, 0, 0]
    d.won = [8, 0, 0, 0] if sweep else [4, 4, 0, 0]
    d.finish()
    return d


def test_worked_example_no_trump_38_22_scores_16():
    d = _scored("NT", 38)
    assert d.outcome == "complete" and d.score == (16, 0)


def test_excess_over_30_and_factors_combine():
    assert _scored("H", 41).score == (11, 0)
    assert _scored("H", 22).score == (0, 8)
    assert _scored("H", 41, tie_pending=True).score == (22, 0)
    assert _scored("H", 60, sweep=True).score == (60, 0)
    assert _scored("NT", 60, sweep=True, tie_pending=True).score == (240, 0)


def test_tie_scores_nothing():
    d = _scored("C", 30)
    assert d.outcome == "tie" and d.score == (0, 0)


def _close(m, outcome, score, trump="H"):
    m.start_deal(rng=random.Random(len(m.records)))
    m.deal.trump = "SHDC".index(trump)
    m.deal.end(outcome, score)
    m._close_deal()


def test_tie_carry_is_one_factor_never_four_and_cleared_by_a_score():
    m = Match("manille")
    _close(m, "tie", (0, 0))
    assert m.tie_pending
    _close(m, "tie", (0, 0))
    assert m.tie_pending                                    # still one pending factor
    m.start_deal(rng=random.Random(9))
    assert m.deal.tie_pending and [f for f in m.deal.factors(0)] == [("tie", 2)]
    m.deal.end("complete", (4, 0))
    m._close_deal()
    assert not m.tie_pending


def test_misdeal_keeps_a_pending_tie_and_the_next_dealer_deals():
    m = Match("manille")
    m.start_deal(dealer=SEATS4.index("right"), rng=random.Random(1))
    m.deal.trump = 1
    m.deal.end("tie", (0, 0))
    m._close_deal()
    m.start_deal(rng=random.Random(2))
    assert SEATS4[m.deal.dealer] == "bottom"                # rotates to the left
    m.apply("top", {"peek": True})                          # bottom's partner looks
    assert m.summaries[-1]["outcome"] == "misdeal" and m.tie_pending
    assert SEATS4[m.next_dealer()] == "left"


def test_deal_packets_3_2_3_clockwise_from_dealers_left_after_a_cut():
    hands, widow, order, cut = MANILLE.deal_cards(SEATS4.index("top"), random.Random(3))
    assert 2 <= cut <= 30 and widow == 0
    seats = [SEATS4[s] for s, _c in order]
    assert seats[:3] == ["right"] * 3 and seats[3:6] == ["bottom"] * 3
    assert seats[12:14] == ["right"] * 2 and seats[20:23] == ["right"] * 3
    assert all(bin(h).count("1") == 8 for h in hands)
    assert hands[0] | hands[1] | hands[2] | hands[3] == MANILLE.deck_mask


def test_match_to_101():
    m = Match("manille")
    _close(m, "complete", (100, 0))
    assert not m.finished
    _close(m, "complete", (0, 5))
    _close(m, "complete", (1, 0))
    assert m.finished and m.winner == "bottom-top"
