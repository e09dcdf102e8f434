"""Manni, rule by rule (RULES.md § Manni)."""
import random

from rules import Match
from rules.cards import SEATS3
from rules.deal import PLAY, SWAP
from rules.games import MANNI
from rules.manni import trump_for_deal
from rules_helpers import deal_from, act, plays, mask, legal_texts


def test_deck_of_48_without_twos_and_the_manni():
    hands, widow, order, _ = MANNI.deal_cards(0, random.Random(4))
    assert len(MANNI.deck) == 48 and all(c % 13 != 0 for c in MANNI.deck)
    assert all(bin(h).count("1") == 12 for h in hands) and bin(widow).count("1") == 12
    assert hands[0] | hands[1] | hands[2] | widow == MANNI.deck_mask
    seats = [SEATS3[s] for s, _c in order]
    assert seats[:12] == ["left"] * 4 + ["right"] * 4 + ["bottom"] * 4   # packets of 4


def test_trump_cycle_hearts_spades_diamonds_clubs():
    assert ["SHDC"[trump_for_deal(i)] for i in range(6)] == list("HSDCHS")


def test_swap_offer_from_dealers_left_first_swap_ends_it():
    d = deal_from("manni", "right", {"bottom": "3S", "left": "4S", "right": "5S"},
                  widow=mask("6S 7S"))
    assert d.phase == SWAP and SEATS3[d.turn] == "bottom"
    act(d, "bottom", {"swap": False})
    act(d, "left", {"swap": True})
    assert d.phase == PLAY and SEATS3[d.turn] == "bottom"
    assert d.hands[1] == mask("6S 7S") and d.swapped_out == mask("4S")


def test_all_keep_then_play_with_hands_as_dealt():
    d = deal_from("manni", "bottom", {"bottom": "3S", "left": "4S", "right": "5S"})
    for s in ("left", "right", "bottom"):
        act(d, s, {"swap": False})
    assert d.phase == PLAY and SEATS3[d.turn] == "left" and d.swapper == -1


def test_follow_suit_trump_wins():
    d = deal_from("manni", "bottom", {"left": "AD 3H", "right": "4D 5S", "bottom": "3C 6S"},
                  deal_index=0)     # hearts trump
    for s in ("left", "right", "bottom"):
        act(d, s, {"swap": False})
    act(d, "left", {"play": "AD"})
    assert legal_texts(d) == ["4D"]
    act(d, "right", {"play": "4D"})
    plays(d, "bottom:3C")
    assert SEATS3[d.last_trick[2]] == "left"
    plays(d, "left:3H", "right:5S", "bottom:6S")
    assert SEATS3[d.last_trick[2]] == "left"                # the lone trump wins


def test_scores_are_tricks_minus_four_and_sum_to_zero():
    rng = random.Random(8)
    for _ in range(50):
        m = Match("manni", {"target": 1000})
        m.start_deal(rng=rng)
        while m.in_deal:
            m.apply(m.deal.turn, rng.choice(m.deal.legal()))
        d = m.deal
        assert d.score == tuple(w - 4 for w in d.won) and sum(d.score) == 0


def _close(m, score):
    m.start_deal(rng=random.Random(len(m.records)))
    m.deal.end("complete", score)
    m._close_deal()


def test_match_to_10_plays_on_while_the_top_is_shared():
    m = Match("manni")
    _close(m, (6, 6, -12))
    assert not m.finished
    _close(m, (4, 4, -8))
    assert not m.finished                                  # 10 and 10 share the top
    _close(m, (0, 1, -1))
    assert m.finished and m.winner == "left"


def test_play_on_ends_at_the_first_single_top_even_below_the_target():
    m = Match("manni")
    _close(m, (10, 10, -20))
    assert not m.finished                                  # the top is shared
    _close(m, (-1, -2, 3))
    assert m.finished and m.winner == "bottom"             # 9, 8, -17: bottom alone on top
