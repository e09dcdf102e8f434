"""The score panel's words about a Manille deal's factors say only what is sure."""
import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

from table.hud import _deal_lines  # noqa: E402


def lines(view):
    pygame.font.init()
    look = SimpleNamespace(view=view, name=lambda seat: seat.title())
    return [text for text, *_rest in _deal_lines(look, 16, 400)]


def test_no_factor_is_not_promised_while_a_manille_sweep_can_still_double():
    play = {"game": "manille", "phase": "play", "trump": "S", "dealer": "bottom", "factors": []}
    assert any("all 8 tricks" in t for t in lines(play))
    assert not any("counts once" in t for t in lines(play))
    done = dict(play, phase="done", outcome="complete")
    assert any("counts once" in t for t in lines(done))
    muette = dict(play, game="manille-muette")          # no sweep factor in the muette: sure from the start
    assert any("counts once" in t for t in lines(muette))


def test_a_friend_whose_connection_is_gone_reads_as_away_until_a_bot_stands_in():
    from host.link import LinkBase
    from table.hud import plate_lines

    link = LinkBase.__new__(LinkBase)
    link._mine = ("bottom",)
    link._players = {"left": {"kind": "remote", "name": "Bo", "connected": False, "standin": False},
                     "top": {"kind": "remote", "name": "Cy", "connected": True, "standin": False},
                     "right": {"kind": "remote", "name": "Di", "connected": False, "standin": True}}
    assert [link.away(s) for s in ("bottom", "left", "top", "right")] == [False, True, False, False]
    view = {"phase": "play", "won": {}}
    look = SimpleNamespace(view=view, name=lambda s: s, kind=link.kind, away=link.away)
    assert plate_lines(look, "left")[1].endswith("away")
    assert "away" not in plate_lines(look, "top")[1]
    assert plate_lines(look, "right")[1].endswith("bot")       # standing in: a bot plays it
