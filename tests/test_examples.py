"""The golden records of the rule book (``../shared/examples``, copied here so a
player's clone has them), replayed by the referee: every verdict must agree.
"""
import json
import pathlib

import pytest

from rules.record import read_match, verdict

DATA = pathlib.Path(__file__).parent / "data" / "examples"
RECORDS = sorted(p for p in DATA.rglob("*.json") if not p.name.endswith(".verdict.json"))


def compare(want, got):
    """Field-by-field, as ../shared/tools/check_examples.py compares."""
    diffs = []
    if want["ok"] != got.get("ok"):
        return [f"ok: expected {want['ok']}, got {got.get('ok')} ({got.get('error')})"]
    if not want["ok"] and not got.get("error"):
        diffs.append("an illegal record needs an error sentence")
    for key in ("totals", "finished", "winner"):
        if want.get(key) != got.get(key):
            diffs.append(f"{key}: expected {want.get(key)}, got {got.get(key)}")
    gd = got.get("deals") or []
    if len(gd) != len(want["deals"]):
        diffs.append(f"deals: expected {len(want['deals'])}, got {len(gd)}")
    else:
        for i, (a, b) in enumerate(zip(want["deals"], gd)):
            for key in ("dealer", "outcome", "score", "tricks", "targets", "points", "trump"):
                if key in a and a[key] != b.get(key):
                    diffs.append(f"deal {i} {key}: expected {a[key]}, got {b.get(key)}")
    if want["ok"]:
        wn, gn = want.get("next"), got.get("next")
        if (wn is None) != (gn is None):
            diffs.append(f"next: expected {wn}, got {gn}")
        elif wn is not None:
            if wn["seat"] != gn.get("seat"):
                diffs.append(f"next.seat: expected {wn['seat']}, got {gn.get('seat')}")
            key = lambda a: json.dumps(a, sort_keys=True)
            if sorted(map(key, wn["legal"])) != sorted(map(key, gn.get("legal") or [])):
                diffs.append(f"next.legal: expected {wn['legal']}, got {gn.get('legal')}")
    return diffs


def _name(p):
    return str(p.relative_to(DATA))


@pytest.mark.parametrize("path", RECORDS, ids=_name)
def test_example_verdict(path):
    record = json.loads(path.read_text())
    want = json.loads(path.with_name(path.name[:-5] + ".verdict.json").read_text())
    assert compare(want, verdict(*read_match(record))) == []


def test_every_example_is_here():
    # 140 golden records: the hand-made ones and the random matches.
    assert len(RECORDS) == 140
