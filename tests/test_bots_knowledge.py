"""What a bot infers from a view is true, and the worlds it samples fit the view."""
import random

import pytest

from rules import Match
from rules import actions as A
from rules.cards import SUIT_MASK
from rules.views import seat_view
from bots.knowledge import Info
from bots.sample import sample_world, Worlds

GAMES = [("manfee", {}), ("manille", {}), ("manille-muette", {}), ("manni", {})]


def random_points(game, options, seed, deals=6):
    """(match, seat) at every decision of a few randomly played deals."""
    rng = random.Random(seed)
    for _ in range(deals):
        m = Match(game, options)
        m.start_deal(rng=rng)
        while m.in_deal:
            d = m.deal
            yield m, d.turn
            m.apply(d.turn, rng.choice(d.legal()))


@pytest.mark.parametrize("game,options", GAMES)
def test_inference_is_sound(game, options):
    """Cards a seat 'cannot hold' it does not hold; 'known' cards it does."""
    beyond_voids = 0
    for m, seat in random_points(game, options, seed=3):
        view = seat_view(m, seat)
        if view["hand"] is None:
            continue
        info = Info(view)
        d = m.deal
        for s in range(d.n):
            if s == seat:
                continue
            assert not info.forbid[s] & d.hands[s], (game, s)
            assert info.known[s] & ~d.hands[s] == 0
            # More than plain voids: the Manille obligations tell more.
            if info.forbid[s] and any(0 < info.forbid[s] & SUIT_MASK[x] != SUIT_MASK[x]
                                      for x in range(4)):
                beyond_voids += 1
        assert info.hand == d.hands[seat]
        hidden = sum(info.need) + info.widow_hidden
        assert bin(info.unknown).count("1") == hidden
    if game.startswith("manille"):
        assert beyond_voids > 0


@pytest.mark.parametrize("game,options", GAMES)
def test_sampled_worlds_fit_the_view(game, options):
    rng = random.Random(5)
    for i, (m, seat) in enumerate(random_points(game, options, seed=8, deals=3)):
        if i % 3:
            continue
        view = seat_view(m, seat)
        if view["hand"] is None:
            continue
        info = Info(view)
        others, widow = sample_world(info, rng)
        w = Worlds(info)
        d = w.deal(others, widow)
        d2 = w.deal(others, widow)       # the copy path as well as the replay path
        for s in range(info.n):
            if s == seat:
                continue
            assert others[s].bit_count() == view["counts"][view["seats"][s]]
            assert not others[s] & info.forbid[s]
            assert d.hands[s] == others[s] == d2.hands[s]
        assert d.turn == m.deal.turn and d.phase == m.deal.phase
        assert d.legal() == m.deal.legal()


def test_manfee_passed_hand_is_known():
    rng = random.Random(2)
    m = Match("manfee")
    m.start_deal(dealer=0, rng=rng)
    for c in (3, 3, 3):
        m.apply(m.to_act(), A.CALL + c)
    m.apply(0, A.PASS)
    seat = m.to_act()
    info = Info(seat_view(m, seat))
    right = (seat + 3) % 4
    assert info.known[right] == m.deal.hands[right]
    assert info.need[right] == 0


def test_manni_swapper_remembers_the_hand_it_swapped_out():
    m = Match("manni")
    m.start_deal(dealer=2, rng=random.Random(4))
    m.apply(0, A.SWAP)
    info = Info(seat_view(m, 0))
    assert info.out_known == m.deal.swapped_out and info.widow_hidden == 0
    other = Info(seat_view(m, 1))
    assert other.out_known == 0 and other.widow_hidden == 12
