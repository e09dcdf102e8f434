"""The arena's information-set tree search (bots/ismcts.py): honest, pure, and a search."""
import random

import pytest

import bots.ismcts as ismcts_module
from bots import make_bot
from bots.knowledge import Info
from rules import Match
from rules.views import seat_view
from test_bots import play_twins

GAMES = ["manfee", "manille", "manille-muette", "manni"]


def tree_bot(seed, units=60, search="ismcts"):
    bot = make_bot("ZELZELA", seed)
    bot.tweak("search", search)
    bot.tweak("max_units", units)
    bot.tweak("pool", 16)
    return bot


@pytest.mark.parametrize("search", ["ismcts", "own_tree"])
@pytest.mark.parametrize("game", GAMES)
def test_the_tree_search_never_peeks_and_is_a_pure_function_of_view_and_seed(game, search, monkeypatch):
    """The hidden cards dealt again consistently with the view: the same card; the
    same view and seed twice: the same card (and the tree search did run)."""
    searched = []
    real = ismcts_module.ismcts

    def spy(*args, **kw):
        out = real(*args, **kw)
        searched.append(out[1]["iterations"])
        return out
    monkeypatch.setattr("bots.play.ismcts", spy)
    checked = 0
    for view, twin in play_twins(game, 31, 14, random.Random(9)):
        a = tree_bot(4, search=search).choose(view)
        assert tree_bot(4, search=search).choose(view) == a
        assert tree_bot(4, search=search).choose(twin) == a
        checked += 1
    assert checked >= 3 and any(searched)


def test_the_root_statistics_add_up_and_the_card_is_the_most_visited(monkeypatch):
    """Every iteration visits one root card; the card played is the most visited."""
    roots = []
    real_select = ismcts_module._select

    def spy(options, *args):
        if not roots:
            roots.append(options)           # the first choice of the first iteration: the root's
        return real_select(options, *args)
    monkeypatch.setattr(ismcts_module, "_select", spy)
    m = Match("manille")
    m.start_deal(rng=random.Random(3))
    while seat_view(m, m.to_act())["phase"] != "play":
        s = m.to_act()
        m.apply(s, make_bot("TANA", 1).choose(seat_view(m, s)))
    view = seat_view(m, m.to_act())
    info = Info(view)
    cards = [a for a in info.legal if a < 192]
    bot = tree_bot(2, units=200)
    card, stats = ismcts_module.ismcts(info, cards, bot.settings("manille"), random.Random(1))
    root = roots[0]
    assert stats["iterations"] == sum(c.visits for c in root.values()) > 0
    assert card in cards and root[card].visits == max(c.visits for c in root.values())


@pytest.mark.parametrize("game", GAMES)
def test_a_fogged_play_out_paused_at_a_seat_and_resumed_ends_as_one_played_through(game):
    """own_tree pauses the fogged play-out at its own seat (``until``) and resumes it with
    what the table showed (``state``): played on by the same heuristic, the deal ends
    exactly as when played through in one go."""
    from bots.core import kind_of
    from bots.estimate import fog_playout
    from rules.deal import PLAY
    from bots.arena import start
    from rules.games import get_game
    g = get_game(game)
    for k in range(4):
        rng = random.Random(k)
        dealer = rng.randrange(g.n)
        hands, widow, _order, _cut = g.deal_cards(dealer, rng)
        m = Match(game)
        start(m, dealer, hands, widow, k)
        while m.in_deal and seat_view(m, m.to_act())["phase"] != "play":
            s = m.to_act()
            m.apply(s, make_bot("TANA", 1).choose(seat_view(m, s)))
        if not m.in_deal:
            continue
        kind = kind_of(game)
        whole = m.deal.copy()
        fog_playout(whole, kind, None, False, game == "manfee")
        paused = m.deal.copy()
        state = ([0] * g.n, [-1] * g.n)
        stops = 0
        while paused.phase == PLAY:
            fog_playout(paused, kind, None, False, game == "manfee", until=k % g.n, state=state)
            if paused.phase == PLAY:
                assert paused.turn == k % g.n
                stops += 1
                fog_playout(paused, kind, None, False, game == "manfee", until=(k + 1) % g.n, state=state)
        assert stops > 0 and paused.score == whole.score and paused.won == whole.won
