"""docs/PROTOCOL.md matches the code: every error code, message type, event,
event field, view key and phase a peer can meet is described, the view before
the first deal is exactly as documented, and the documented limits are the
host's defaults.  A field added to the views or events without a word in the
document fails here."""
import inspect
import os
import random
import re

import pytest

from net import HostServer
from net import conn as C
from net import protocol as P
from net.framing import CLIENT_LIMITS, HOST_LIMITS
from rules.host import MatchHost

DOC_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "PROTOCOL.md")
with open(DOC_PATH, encoding="utf-8") as f:
    DOC = f.read()
GAMES = [("manfee", {"target": 26}), ("manille", {"target": 51}),
         ("manille-muette", {"max_deals": 4, "blind": True, "en_face": True, "doubling": True}),
         ("manni", {"target": 3})]


def section(title):
    """The text of the section whose heading is ``title`` (up to the next heading of its level)."""
    m = re.search(rf"^(#+) {re.escape(title)}\n(.*?)(?=^\1 |\Z)", DOC, re.S | re.M)
    assert m, f"no section {title!r}"
    return m.group(2)


def play_everything():
    """Views and events of random whole matches of every game (and a misdeal)."""
    views, events = [], []
    for game, options in GAMES:
        for seed in range(3):
            h = MatchHost.new(game, options, seed=seed)
            rng = random.Random(seed)
            views.append(("before", h.view(h.game.seats[0])))
            while not h.match.finished:
                if h.needs_deal():
                    evs = h.start_deal()
                else:
                    seat = h.whose_turn()
                    v = h.view(seat)
                    action = rng.choice(v["legal"])
                    if game == "manille" and v["phase"] == "trump" and rng.random() < 0.2:
                        partner = h.game.seats[(h.game.seats.index(seat) + 2) % 4]
                        seat, action = partner, {"peek": True}
                    evs = h.submit(seat, action, h.version)
                events += evs
                views += [("during", h.view(s)) for s in h.game.seats]
    return views, events


VIEWS, EVENTS = play_everything()


def test_every_error_code_is_in_the_error_table():
    table = section("error")
    for code in P.ERRORS:
        assert f"`{code}`" in table, code


def test_every_message_has_its_section():
    for kind in ("hello", "join", "watch", "action", "hint", "ping", "sync", "bye",   # from a client
                 "table", "welcome", "events", "players", "error", "pong"):  # from the host
        assert re.search(rf"^### {kind}$", DOC, re.M), kind
    assert "### The view" in DOC


def test_every_event_and_field_is_described():
    table = section("events")
    kinds = {e["type"] for e in EVENTS}
    assert {"deal_started", "action", "card_played", "trick_won", "hands_passed", "swapped",
            "deal_scored", "match_over"} <= kinds
    for e in EVENTS:
        assert f"| `{e['type']}` |" in table, e["type"]
        row = next(line for line in table.splitlines() if line.startswith(f"| `{e['type']}` |"))
        for key in e:
            if key != "type":
                assert f"`{key}`" in row, (e["type"], key)
        for key in e.get("summary") or {}:
            assert f"`{key}`" in row, ("summary", key)


def test_every_view_key_and_phase_is_described():
    view_text = section("The view")
    before = {k for when, v in VIEWS if when == "before" for k in v}
    listed = re.search(r"\*\*Before the first deal\*\*(.*?)\n\n", view_text, re.S).group(1)
    assert before == set(re.findall(r"`([a-z_]+)`", listed)) - {"waiting"}
    for when, v in VIEWS:
        if when == "before":
            assert v["phase"] == "waiting" and v["hand"] == [] and v["legal"] == [] and v["deal"] == -1
        for key in v:
            assert f"`{key}`" in view_text, key
    phases = {v["phase"] for _w, v in VIEWS}
    assert {"waiting", "call", "decide", "trump", "double", "redouble", "swap", "play", "done"} <= phases
    for phase in phases | {"partner_trump"}:
        assert f"`{phase}`" in view_text, phase
    for _w, v in VIEWS:
        if v.get("outcome"):
            assert f"`{v['outcome']}`" in view_text, v["outcome"]
        for name, _f in v.get("factors") or []:
            assert f'"{name}"' in view_text, name


def test_signals_are_never_listed_in_legal_but_described():
    plays = [a for _w, v in VIEWS for a in v["legal"] if "play" in a]
    assert plays and not any("signal" in a for a in plays)
    assert "any play in `legal` may be sent with" in section("action")


def test_the_documented_limits_are_the_hosts_defaults():
    limits = section("Limits")
    d = {k: p.default for k, p in inspect.signature(HostServer.__init__).parameters.items()}
    assert f"{HOST_LIMITS.frame // 1024} KiB" in limits and f"{HOST_LIMITS.string} bytes" in limits
    assert f"{HOST_LIMITS.array} items" in limits and f"{HOST_LIMITS.map} keys" in limits
    assert f"{HOST_LIMITS.depth} levels" in limits
    assert f"{P.NAME_MAX} characters" in limits and f"{P.TOKEN_MAX} characters" in limits
    assert f"{P.CODE_MAX} characters" in limits and f"{P.REASON_MAX} characters" in limits
    assert f"{d['rate']:g} messages a second, in bursts of up to {d['burst']}" in limits
    assert f"{d['lobby_rate']:g} messages a second, in bursts of up to {d['lobby_burst']}" in limits
    assert f"{d['max_lobby']} in all, at most {d['max_per_address']} from one address" in limits
    assert f"{d['code_tries']} per address, then one every {d['code_every']:g} seconds" in limits
    assert f"{C.MAX_OUTBUF // 1024} KiB" in limits and f"{d['linger']:g} seconds to leave" in limits
    assert f"within {d['hello_timeout']:g} seconds" in limits
    assert f"{d['idle_timeout']:g} seconds without a message" in limits
    assert f"frames up to {CLIENT_LIMITS.frame // 1024} KiB" in DOC
    assert f"strings up to {CLIENT_LIMITS.string} bytes" in DOC
    assert f"arrays up to {CLIENT_LIMITS.array} items" in DOC and f"maps up to {CLIENT_LIMITS.map}" in DOC


@pytest.mark.parametrize("words", [
    "Map keys are strings", "may arrive in one read", "A message sent twice",
    "What a host accepts leniently", "what it protects and what it does not",
    "Nothing is encrypted",
])
def test_the_issue_s_questions_are_answered(words):
    assert words in DOC
