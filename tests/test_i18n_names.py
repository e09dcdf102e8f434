"""The names the table gives by default are worded in the player's language."""
import pytest

from table import i18n
from table.words import player_name, shown_name, side_score


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


PLAYERS = {"bottom": {"kind": "human", "name": "You"},
           "left": {"kind": "bot", "bot": "KADO", "name": "Kado"},
           "top": {"kind": "bot", "bot": "KADO", "name": "Kado 2"},
           "right": {"kind": "human", "name": "Ana 2"}}


def test_default_names_follow_the_language_and_typed_names_stay_as_typed():
    i18n.set_language("fa")
    assert player_name(PLAYERS, "bottom") == "شما"
    assert player_name(PLAYERS, "left") == "کدو"
    assert player_name(PLAYERS, "top") == "کدو ۲"                  # no Latin name inside Dari
    assert player_name(PLAYERS, "right") == "Ana 2"                # a person's name is theirs
    assert shown_name("Player 3") == "بازیکن ۳"
    i18n.set_language("fr")
    assert player_name(PLAYERS, "bottom") == "Vous" and shown_name("Player 3") == "Joueur 3"
    i18n.set_language("en")
    assert [player_name(PLAYERS, s) for s in PLAYERS] == ["You", "Kado", "Kado 2", "Ana 2"]


def test_a_name_ending_in_a_digit_is_kept_apart_from_its_score():
    assert side_score("You & Kado 2", 13) == "You & Kado 2: 13"
    i18n.set_language("fa")
    line = side_score("شما و کدو ۲", 13)
    assert line.endswith("۱۳") and "۲: " in line


def test_the_review_names_the_default_player_in_the_players_language(table):
    """A record keeps "You" in English; the review screen words it (and the bots)."""
    from table.scenes import open_scene
    from table_helpers import bot_record
    rec = bot_record("manfee", {"target": 13}, seed=8)
    rec["players"] = {"bottom": {"kind": "human", "name": "You"},       # as a local table names them
                      **{s: {"kind": "bot", "bot": "KADO", "name": name}
                         for s, name in (("left", "Kado"), ("top", "Kado 2"), ("right", "Kado 3"))}}
    i18n.set_language("fa")
    scene = open_scene("review", table.app, record=rec, budget=0.05, seed=3)
    assert scene.facts.names == {"bottom": "شما", "left": "کدو", "top": "کدو ۲", "right": "کدو ۳"}
