"""Match records: written exactly, read back exactly; bad ones refused with a reason."""
import copy
import json
import random
import subprocess
import sys

import pytest

from rules import Match, RulesError
from rules.record import read_match, verdict
from rules.store import save_record, load_record
from rules_helpers import random_match_actions

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def random_record(game, seed, options=None, cut=None):
    rng = random.Random(seed)
    m = Match(game, options or {"target": 13 if game == "manfee" else 20 if game != "manni" else 3})
    random_match_actions(m, rng, limit=cut or 10_000)
    return m


@pytest.mark.parametrize("game", ["manfee", "manille", "manille-muette", "manni"])
@pytest.mark.parametrize("cut", [None, 7, 61])
def test_record_round_trip(game, cut):
    m = random_record(game, 3, cut=cut)
    rec = m.record()
    text = json.dumps(rec)
    back, err = read_match(json.loads(text))
    assert err is None
    assert back.record() == rec
    assert back.totals == m.totals and back.finished == m.finished
    assert verdict(back, None) == verdict(m, None)


def test_record_shape_is_the_documented_one():
    m = random_record("manni", 1, cut=5)
    rec = m.record()
    assert rec["game"] == "manni" and set(rec) >= {"game", "options", "deals"}
    deal = rec["deals"][0]
    assert set(deal) == {"dealer", "hands", "widow", "actions"}
    assert all(len(h) == 12 for h in deal["hands"].values()) and len(deal["widow"]) == 12
    assert all(set(a) >= {"seat"} for a in deal["actions"])


def _base():
    return random_record("manfee", 4, cut=10).record()


def _bad(mutate):
    rec = _base()
    mutate(rec)
    match, err = read_match(rec)
    v = verdict(match, err)
    assert v["ok"] is False and isinstance(v["error"], str) and "\n" not in v["error"]
    return v["error"]


def test_unknown_game():
    assert "unknown game" in _bad(lambda r: r.update(game="whist"))


def test_unknown_option_and_bad_option():
    assert "unknown option" in _bad(lambda r: r["options"].update(trumps="H"))
    assert "target" in _bad(lambda r: r["options"].update(target="many"))


def test_duplicate_and_missing_cards():
    def dup(r):
        h = r["deals"][0]["hands"]
        h["bottom"][0] = h["left"][0]
    assert "deck" in _bad(dup)

    def missing(r):
        r["deals"][0]["hands"]["top"].pop()
    assert "deck" in _bad(missing)


def test_bad_card_text():
    def bad(r):
        r["deals"][0]["hands"]["top"][0] = "1X"
    assert "not a card" in _bad(bad)


def test_ten_accepted_as_10_and_written_back_as_T():
    rec = _base()
    hand = rec["deals"][0]["hands"]["right"]
    tens = [i for i, c in enumerate(hand) if c[0] == "T"]
    for i in tens:
        hand[i] = "10" + hand[i][1]
    m, err = read_match(rec)
    assert err is None
    assert all(c[0] != "1" for c in m.record()["deals"][0]["hands"]["right"])


def test_wrong_dealer_for_a_later_deal():
    rec = random_record("manfee", 2, options={"target": 200}).record()
    rec = copy.deepcopy(rec)
    rec["deals"] = rec["deals"][:2]
    rec["deals"][1]["dealer"] = rec["deals"][0]["dealer"]
    m, err = read_match(rec)
    assert err.startswith("deal 1:") and "dealer must be" in err


def test_out_of_turn_illegal_unknown_actions():
    def out_of_turn(r):
        a = r["deals"][0]["actions"]
        a[0]["seat"] = {"right": "top", "top": "left", "left": "bottom", "bottom": "right"}[a[0]["seat"]]
    assert "turn" in _bad(out_of_turn)

    def illegal(r):
        r["deals"][0]["actions"][0]["call"] = 14
    assert "call" in _bad(illegal)

    def unknown(r):
        r["deals"][0]["actions"][1] = {"seat": r["deals"][0]["actions"][1]["seat"], "bid": "7NT"}
    assert "unknown action" in _bad(unknown)

    def not_a_seat(r):
        r["deals"][0]["actions"][2]["seat"] = "north"
    assert "not a seat" in _bad(not_a_seat)


def test_error_says_where():
    def illegal(r):
        r["deals"][0]["actions"][2] = {"seat": r["deals"][0]["actions"][2]["seat"], "decision": "accept"}
    assert _bad(illegal).startswith("deal 0 action 2:")


def test_actions_after_the_deal_ended_and_deals_after_the_match():
    m = random_record("manfee", 6)
    rec = m.record()
    assert m.finished
    extra = copy.deepcopy(rec["deals"][-1])
    rec["deals"].append(extra)
    _m, err = read_match(rec)
    assert "match is over" in err
    rec = m.record()
    rec["deals"][0]["actions"].append({"seat": "bottom", "play": "2C"})
    _m, err = read_match(rec)
    assert err.startswith("deal 0 action") and "over" in err


def test_garbage_shapes_never_raise():
    for rec in [[], "x", 3, {"game": ["manfee"]}, {"game": "manfee", "deals": {}},
                {"game": "manfee", "deals": [1]}, {"game": "manfee", "options": 4},
                {"game": "manfee", "deals": [{"dealer": "bottom", "hands": []}]},
                {"game": "manfee", "deals": [{"dealer": 0}]}]:
        m, err = read_match(rec)
        assert err
        v = verdict(m, err)
        json.dumps(v)


def test_store_round_trip_and_damaged_files(tmp_path):
    m = random_record("manille", 9, cut=30)
    p = tmp_path / "a.json"
    save_record(str(p), m.record())
    rec, back = load_record(str(p))
    assert rec == m.record() and back.totals == m.totals
    (tmp_path / "b.json").write_text('{"game": "manfee", "deals": [')
    with pytest.raises(RulesError, match="^b.json: not a match record"):
        load_record(str(tmp_path / "b.json"))
    assert (tmp_path / "b.json").read_text().startswith('{"game"')     # left untouched
    (tmp_path / "c.json").write_text('{"game": "whist"}')
    with pytest.raises(RulesError, match="^c.json: unknown game"):
        load_record(str(tmp_path / "c.json"))
    assert [f.name for f in tmp_path.iterdir() if f.name.startswith(".tmp")] == []


def test_referee_cli_exit_codes(tmp_path):
    good = tmp_path / "good.json"
    bad = tmp_path / "bad.json"
    junk = tmp_path / "junk.json"
    good.write_text(json.dumps(random_record("manni", 2, cut=20).record()))
    rec = random_record("manni", 2, cut=20).record()
    rec["deals"][0]["actions"][0]["seat"] = "nobody"
    bad.write_text(json.dumps(rec))
    junk.write_text("not json")

    def run(*paths):
        return subprocess.run([sys.executable, "-m", "rules.referee", *map(str, paths)],
                              capture_output=True, text=True, cwd=ROOT)
    r = run(good)
    assert r.returncode == 0 and json.loads(r.stdout)["ok"] is True
    r = run(good, bad)
    lines = r.stdout.splitlines()
    assert r.returncode == 1 and len(lines) == 2 and json.loads(lines[1])["ok"] is False
    r = run(good, junk, bad)
    assert r.returncode == 2 and len(r.stdout.splitlines()) == 2
    assert r.stderr.count("\n") == 1 and "junk.json" in r.stderr
    r = run(tmp_path / "missing.json")
    assert r.returncode == 2 and "cannot read" in r.stderr
