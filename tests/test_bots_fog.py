"""The fogged play-out's sight (``fog_sight``): between the blind fog, where
every seat knows only its own hand and what the table showed, and the open
play-out, where every seat sees every hand of the world."""
import random

import pytest

from rules.deal import DONE
from rules.games import get_game
from bots.core import kind_of
from bots.estimate import fog_playout, open_play, playout
from bots.think import draw_growing_sight, draw_sight

GAMES = ["manfee", "manille", "manille-muette", "manni"]


def dealt(game, seed):
    g = get_game(game)
    rng = random.Random(seed)
    hands = g.deal_cards(0, rng)[0]
    return open_play(g, hands, 0, g.normalize_options(None), trump=rng.randrange(4))


def outcome(d):
    return d.score, list(d.won), list(d.captured)


@pytest.mark.parametrize("game", GAMES)
def test_full_sight_is_the_open_play_out_and_none_is_the_fog(game):
    kind = kind_of(game)
    differ = 0
    for seed in range(12):
        d = dealt(game, seed)
        n = d.n
        everything = [(1 << 52) - 1] * n
        assert outcome(fog_playout(d.copy(), kind, [0] * n, sight=everything)) == \
            outcome(playout(d.copy(), kind))
        blind = outcome(fog_playout(d.copy(), kind, [0] * n))
        assert outcome(fog_playout(d.copy(), kind, [0] * n, sight=[0] * n)) == blind
        differ += blind != outcome(playout(d.copy(), kind))
    assert differ, "the fog should change some play-outs, or this test shows nothing"


def test_partial_sight_plays_legal_deals_and_lies_between():
    """Half the cards placed: every play-out ends, and over many deals some
    differ from both the blind and the open play-out."""
    kind = kind_of("manille")
    rng = random.Random(3)
    unlike_both = 0
    for seed in range(20):
        d = dealt("manille", seed)
        half = fog_playout(d.copy(), kind, [0] * 4, sight=draw_sight(rng, 4, 0.5))
        assert half.phase == DONE
        got = outcome(half)
        unlike_both += got != outcome(fog_playout(d.copy(), kind, [0] * 4)) and \
            got != outcome(playout(d.copy(), kind))
    assert unlike_both


def test_the_sight_drawn_has_the_chance_asked():
    rng = random.Random(1)
    masks = draw_sight(rng, 4, 0.25) + draw_sight(rng, 4, 0.25)
    share = sum(bin(m).count("1") for m in masks) / (52 * len(masks))
    assert 0.18 < share < 0.32
    assert draw_sight(random.Random(5), 3, 0.0) == [0, 0, 0]


def test_a_growing_sight_keeps_what_it_knew_and_spans_the_chances():
    """``fog_sight_late``: the masks by cards left are nested (a card once
    placed stays placed as the hand empties), the full hand sees the early
    share and the last card the late one."""
    rng = random.Random(2)
    seats = draw_growing_sight(rng, 4, 0.0, 0.5, 8) + draw_growing_sight(rng, 4, 0.0, 0.5, 8)
    for by_left in seats:
        assert by_left[8] == 0
        for left in range(2, 9):
            assert by_left[left] & ~by_left[left - 1] == 0
    late = sum(bin(s[1]).count("1") for s in seats) / (52 * len(seats))
    assert 0.4 < late < 0.6
    # A growing sight is a list per seat, indexed in the play-out by the cards
    # left in the hand: all seen from the start is the open play-out.
    kind = kind_of("manille")
    d = dealt("manille", 4)
    whole = [[(1 << 52) - 1] * 14 for _ in range(4)]
    assert outcome(fog_playout(d.copy(), kind, [0] * 4, sight=whole)) == \
        outcome(playout(d.copy(), kind))


def test_no_peeking_with_partial_sight():
    """The sight places cards of the sampled world, never of the real deal:
    the hidden cards dealt again consistently with the view, ZELZELA with
    ``fog_sight`` makes the same choice."""
    from bots import make_bot
    from test_bots import play_twins
    checked = 0
    for view, twin in play_twins("manille", 24, 12, random.Random(7)):
        a, b = make_bot("ZELZELA", 4, budget=0.03), make_bot("ZELZELA", 4, budget=0.03)
        for bot in (a, b):
            bot.tweak("fog_sight", 0.5)
            if checked % 2:
                bot.tweak("fog_sight_late", 0.9)    # the growing sight
        assert a.choose(view) == b.choose(twin)
        checked += 1
    assert checked >= 3
