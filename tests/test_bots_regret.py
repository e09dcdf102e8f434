"""The regret screen (benchmarks/bots_regret.py): real choices, judged fairly."""
import json

from benchmarks import bots_regret
from bots.coach_values import true_values
from bots.knowledge import Info
from bots.search import equivalent_reduce
from bots.think import live_cards
from rules import actions as A


def test_the_screen_judges_only_real_choices_of_the_seat_to_play():
    seen = 0
    differ = 0
    for m, v in bots_regret.positions("manille", "TANA", 2, seed=3):
        info = Info(v)
        assert m.to_act() == info.me and v["phase"] == "play"
        legal = [c for c in info.legal if A.is_play(c)]
        assert len(equivalent_reduce(info.kind, legal, info.hand, live_cards(info))) > 1
        truth = true_values(m.deal, v, runs=2, seed=3, nodes=0)
        differ += len(set(truth.values.values())) > 1
        seen += 1
    assert seen > 5 and differ > 0


def test_the_screen_writes_every_players_regret_and_the_paired_difference(tmp_path, capsys):
    out = tmp_path / "regret.jsonl"
    bots_regret.main(["--game", "manille", "--players", "TANA", "--bots", "TANA,KADO",
                      "--deals", "2", "--runs", "2", "--seed", "3", "--out", str(out)])
    row = json.loads(out.read_text())
    n = sum(1 for _ in bots_regret.positions("manille", "TANA", 2, seed=3))
    assert row["positions"] == n
    tana, kado = row["bots"]["TANA"], row["bots"]["KADO"]
    assert tana["regret"] >= 0 and kado["regret"] >= 0
    assert abs(kado["minus_first"][0] - (kado["regret"] - tana["regret"])) < 1e-9
    assert "KADO minus TANA" in capsys.readouterr().out
