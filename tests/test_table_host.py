"""The table host: one authority for every table, driven here without a screen or a socket."""
import asyncio
import json
import random
import time

import pytest

from host.endpoint import Endpoint, TableError
from host.local import new_host, open_local
from host.seats import Seat, distinct_name, hash_token, seat_plan, seats_from_save
from host import thinking
from host.table_host import TableHost
from rules.host import MatchHost
from test_rules_random import card_strings


class Screen(Endpoint):
    """An endpoint that keeps what it is told (and can look at the save as it is told)."""

    def __init__(self, name="screen", trusted=True, gate=False, on_message=None):
        super().__init__(name, trusted=trusted, gate=gate)
        self.messages = []
        self.on_message = on_message

    def deliver(self, msg):
        if self.on_message:
            self.on_message(msg)
        self.messages.append(msg)

    def views(self):
        for m in self.messages:
            if isinstance(m.get("view"), dict):
                yield m["view"]
            for v in (m.get("views") or {}).values():
                yield v

    def last(self, kind):
        return next((m for m in reversed(self.messages) if m["type"] == kind), None)


def run(loop, until, seconds=30.0):
    """Run the host's loop until ``until()`` holds (a bounded wait)."""
    async def wait():
        end = loop.time() + seconds
        while not until():
            assert loop.time() < end, "the table never got there"
            await asyncio.sleep(0.002)
    loop.run_until_complete(wait())


@pytest.fixture
def loop():
    loop = asyncio.new_event_loop()
    yield loop
    loop.close()


def bots_table(game, options, loop, save_path=None, seed=3, **kw):
    seats = seat_plan(game, 0, ["KADO"] * 4, random.Random(seed))
    host = new_host(game, seats, options, seed=seed, **kw)
    host.save_path = save_path
    return host


TARGETS = {"manfee": {"target": 13}, "manille": {"target": 30}, "manille-muette": {"target": 30},
           "manni": {"target": 3}}


@pytest.mark.parametrize("game", list(TARGETS))
def test_a_whole_match_runs_through_the_host_and_every_change_is_on_disk_before_it_is_shown(game, loop, tmp_path):
    path = tmp_path / "match.json"
    seen = []

    def check(msg):
        # Write ahead, then show: when an event reaches a screen, the file already holds it.
        if msg["type"] == "events" and msg["events"]:
            on_disk = json.loads(path.read_text())
            plays = sum(len(d["actions"]) for d in on_disk["deals"])
            seen.append((msg["view"]["version"], plays, len(on_disk["deals"])))
    host = bots_table(game, TARGETS[game], loop, save_path=str(path))
    watcher = Screen(on_message=check)
    spectator = Screen("friend", trusted=False)
    host.attach(watcher, (), "bottom")
    host.begin(loop)
    host.watch(spectator, "left")
    run(loop, lambda: host.mh.match.finished)
    assert watcher.last("events")["events"][-1]["type"] == "match_over"
    rec = json.loads(path.read_text())
    assert rec["deals"] == host.record()["deals"] and rec["players"]["bottom"]["kind"] == "bot"
    assert seen and all(deals >= 1 for _v, _plays, deals in seen)
    plays = [p for _v, p, _d in seen]
    assert plays == sorted(plays)                 # the file never goes back
    # A spectator sees no hand ever, not even at the end; the trusted demo screen sees the bottom's.
    assert all(v["hand"] is None for v in spectator.views())
    assert all(card_strings(m.get("events")) == card_strings_of_played(m) for m in spectator.messages
               if m["type"] == "events")
    assert any(v.get("hand") for v in watcher.views())


def card_strings_of_played(msg):
    """Cards an events message may name: the ones played (and swept up as tricks)."""
    out = set()
    for e in msg.get("events") or ():
        if e["type"] == "card_played":
            out.add(e["card"])
        if e["type"] == "trick_won":
            out.update(e["cards"])
    return out


def test_refusals_carry_the_rules_codes_and_change_nothing(loop):
    seats = seat_plan("manfee", 1, ["KADO"] * 3, random.Random(7))
    host = new_host("manfee", seats, {"target": 13}, seed=7)
    me = Screen()
    host.attach(me, ("bottom",))
    host.begin(loop)
    run(loop, lambda: host.mh.whose_turn() == "bottom")
    before = (host.mh.version, host.record())
    v = me.last("events")["view"]
    for seat, action, version, code in [
        ("left", {"call": 1}, v["version"], "not_your_seat"),
        ("bottom", {"call": 1}, v["version"] - 1, "stale"),
        ("bottom", {"call": 99}, v["version"], "bad_action"),
        ("bottom", {"play": "AS"}, v["version"], "illegal"),
    ]:
        host.intent(me, seat, action, version)
        err = me.messages[-1]
        assert err["type"] == "error" and err["code"] == code, err
        assert err["view"]["seat"] == "bottom"
        assert (host.mh.version, host.record()) == before


def test_a_bot_that_answers_nonsense_plays_its_first_legal_action(loop, monkeypatch):
    monkeypatch.setattr(thinking, "choose", lambda *a: {"play": "ZZ"})
    host = bots_table("manille", {"target": 30}, loop)
    host.begin(loop)
    run(loop, lambda: len(host.record()["deals"][0]["actions"]) >= 3)
    deal = host.record()["deals"][0]           # the first deal's own dealer: by now a later deal
    first = deal["actions"][0]                  # may be on (a first legal "look" voids the deal)
    assert first == {"seat": deal["dealer"], "trump": "S"}      # the first legal trump


def test_bots_wait_for_the_screen_and_a_hold_but_deals_still_start(loop):
    host = bots_table("manfee", {"target": 13}, loop)
    screen = Screen(gate=True)
    host.attach(screen, (), "bottom")
    host.begin(loop)
    screen.shown_version = -1
    host.shown(screen, 0)                      # the screen has shown the empty table
    run(loop, lambda: host.mh.match.in_deal)
    v = host.mh.version
    loop.run_until_complete(asyncio.sleep(0.2))
    assert host.mh.version == v                # the deal is not shown yet: no bot acts
    host.hold(screen, True)
    host.shown(screen, v)
    loop.run_until_complete(asyncio.sleep(0.2))
    assert host.mh.version == v                # held
    host.hold(screen, False)
    run(loop, lambda: host.mh.version > v)
    assert host.mh.version == v + 1            # one action, then it waits for the screen again


def test_the_pace_spaces_the_bots(loop):
    host = bots_table("manni", {"target": 3}, loop, bot_delay=0.15)
    host.begin(loop)
    run(loop, lambda: host.mh.match.in_deal)
    t0 = loop.time()
    run(loop, lambda: host.mh.version >= 4)
    assert loop.time() - t0 >= 0.15 * 3 - 0.05


def test_a_person_who_leaves_gets_a_stand_in_and_takes_the_seat_back_with_the_token(loop):
    seats = {"bottom": Seat("bottom", "here", "Ana"), "left": Seat("left", "open"),
             "top": Seat("top", "bot", "Kado", bot="KADO"), "right": Seat("right", "bot", "Kado 2", bot="KADO")}
    mh = MatchHost.new("manfee", {"target": 13}, seed=5)
    host = TableHost(mh, seats, lan=True, grace=0.05, rng=random.Random(1))
    ana = Screen("Ana")
    host.attach(ana, ("bottom",))
    host.begin(loop)
    assert not host.mh.match.records                       # an open seat: nobody deals
    bo = Screen("Bo", trusted=False)
    host.join(bo, "left")
    token = bo.last("welcome")["token"]
    assert token and host.seats["left"].token_hash == hash_token(token)
    with pytest.raises(TableError) as e:
        host.join(Screen("Eve", trusted=False), "left")
    assert e.value.code == "seat_taken"
    run(loop, lambda: host.mh.match.in_deal)
    host.leave(bo)
    # everyone hears how long the table waits before a bot plays for Bo (whole seconds: the
    # wire has no floats), and a screen counts it down on Bo's plate
    gone = ana.last("players")["players"]["left"]
    assert gone["connected"] is False and gone["standin_in"] == 1 and isinstance(gone["standin_in"], int)
    from host.link import LinkBase
    from table.words import away_words
    link = LinkBase("manfee")
    link.inbox.put(ana.last("players"))
    link.poll()
    assert link.away("left") == 1 and away_words(link.away("left")) == "away: a bot in 1 s"
    run(loop, lambda: host.seats["left"].standin)
    assert any(m.get("kind") == "standin" for m in ana.messages if m["type"] == "notice")
    assert "standin_in" not in ana.last("players")["players"]["left"]
    # what the stand-in decided is kept as the bot's (the review leaves it out of Bo's)
    run(loop, lambda: host.seats["left"].standin_acts > 0)
    rec = host.record()
    assert rec["standins"] and all(seat == "left" and rec["deals"][d]["actions"][i]["seat"] == "left"
                                   for d, i, seat in rec["standins"])
    # ... and every screen hears it with the deal's scoring (a friend's screen keeps its own
    # record): the deal waits for Ana here, so its scoring is sent as the host sends it
    scored = {"type": "deal_scored", "deal": rec["standins"][0][0]}
    host._changed([scored])
    assert scored["standins"] == [[i, seat] for d, i, seat in rec["standins"] if d == scored["deal"]]
    assert ana.last("events")["events"][0]["standins"] == scored["standins"]
    back = Screen("Bo", trusted=False)
    host.join(back, token=token)
    assert not host.seats["left"].standin and back.last("welcome")["seat"] == "left"
    # the welcome names the deal's decisions the bot made, for a screen whose line dropped as
    # the deal ended (its scoring, which names them, never came there)
    now = len(host.mh.match.records) - 1
    assert back.last("welcome")["standins"] == [[i, seat] for d, i, seat in host.standins if d == now]
    # A stranger never sees a hand that is not theirs.
    assert all(v["hand"] is None or v["seat"] == "left" for v in back.views())


def test_a_friend_who_leaves_before_the_first_deal_frees_the_seat(loop):
    """Nothing is played yet: the chair is open again for anyone, not held by a stand-in."""
    seats = {"bottom": Seat("bottom", "here", "Ana"), "left": Seat("left", "open"),
             "top": Seat("top", "bot", "Kado", bot="KADO"), "right": Seat("right", "open")}
    host = TableHost(MatchHost.new("manfee", {"target": 13}, seed=5), seats, lan=True, grace=0.05,
                     rng=random.Random(1))
    host.attach(Screen("Ana"), ("bottom",))
    host.begin(loop)
    bo = Screen("Bo", trusted=False)
    host.join(bo, "left")
    host.leave(bo, immediate=True)
    assert host.seats["left"].kind == "open" and not host.seats["left"].standin
    assert not host.mh.match.records
    eve = Screen("Eve", trusted=False)
    host.join(eve, "left")
    assert eve.last("welcome")["seat"] == "left"


def test_a_resumed_lan_table_keeps_every_token(loop):
    seats = {"bottom": Seat("bottom", "here", "Ana"), "left": Seat("left", "remote", "Bo"),
             "top": Seat("top", "bot", "Kado", bot="KADO"), "right": Seat("right", "open")}
    seats["left"].token_hash = hash_token("secret")
    host = TableHost(MatchHost.new("manfee"), seats, lan=True, table="Ana's")
    saved = host.record()["lan"]
    again = seats_from_save(host.mh.game, saved)
    assert again["left"].kind == "remote" and again["left"].token_hash == hash_token("secret")
    assert again["bottom"].kind == "here" and again["right"].kind == "open"


def test_a_local_table_runs_on_its_own_thread_through_the_link():
    link = open_local("manni", {"target": 2}, humans=0, bots=["KADO"] * 3, seed=2)
    try:
        import time
        end = time.monotonic() + 30
        over = False
        while not over:
            assert time.monotonic() < end
            for m in link.poll():
                over = over or any(e["type"] == "match_over" for e in m.get("events") or ())
            v = link.view()
            if "version" in v:
                link.shown(v["version"])
            time.sleep(0.002)
        assert link.my_seats() == () and link.summaries()
        assert link.record()["deals"]
    finally:
        link.close()


def test_each_scored_deal_lands_in_the_players_statistics_once(loop, tmp_path):
    from host.stats import StatsStore
    seats = seat_plan("manni", 1, ["KADO", "KADO"], random.Random(3), names={"bottom": "Ana"})
    host = new_host("manni", seats, {"target": 2}, seed=3, stats_path=str(tmp_path / "stats.sqlite3"))
    host.save_path = str(tmp_path / "manni-1.json")
    me = Screen()
    host.attach(me, ("bottom",))
    host.begin(loop)
    bot = __import__("bots").make_bot("KADO", 2)

    def play():
        if host.mh.whose_turn() == "bottom":
            host.intent(me, "bottom", bot.choose(host.mh.view("bottom")), host.mh.version)
        return host.mh.match.finished
    run(loop, play)
    deals = len(host.mh.match.summaries)
    with StatsStore(str(tmp_path / "stats.sqlite3")) as store:
        assert store.totals("Ana")["deals"] == deals
    host.begin(loop)                  # a resume syncs again: nothing is counted twice
    with StatsStore(str(tmp_path / "stats.sqlite3")) as store:
        assert store.totals("Ana")["deals"] == deals and store.profiles()[0].name == "Ana"


def test_statistics_missed_at_the_last_deal_are_kept_when_the_table_closes(loop, tmp_path, monkeypatch):
    """A statistics file locked as the match ended lost the match for good: the table says
    so (worded at the screen) and tries once more when it closes."""
    import sqlite3
    import host.table_save as table_save
    from host.stats import StatsStore
    from table.host_words import notice_text
    seats = seat_plan("manni", 1, ["KADO", "KADO"], random.Random(3), names={"bottom": "Ana"})
    host = new_host("manni", seats, {"target": 2}, seed=3, stats_path=str(tmp_path / "stats.sqlite3"))
    host.save_path = str(tmp_path / "manni-1.json")
    notices = []
    host.on_notice = lambda kind, **info: notices.append(dict(info, kind=kind))
    me = Screen()
    host.attach(me, ("bottom",))
    host.begin(loop)
    bot = __import__("bots").make_bot("KADO", 2)
    real = table_save.StatsStore

    def locked(path):
        if host.mh.match.finished and not host.stopping:
            raise sqlite3.OperationalError("database is locked")
        return real(path)
    monkeypatch.setattr(table_save, "StatsStore", locked)

    def play():
        if host.mh.whose_turn() == "bottom":
            host.intent(me, "bottom", bot.choose(host.mh.view("bottom")), host.mh.version)
        return host.mh.match.finished
    run(loop, play)
    assert host.stats_behind
    said = [notice_text(n) for n in notices if n["kind"] == "stats_failed"]
    assert said == ["The statistics could not be kept: database is locked"]
    host.end("closed")
    with StatsStore(str(tmp_path / "stats.sqlite3")) as store:
        assert store.totals("Ana")["deals"] == len(host.mh.match.summaries)

def test_a_hint_comes_from_the_coach_for_the_seats_own_decision_only(loop, tmp_path):
    from rules.store import load_record
    seats = seat_plan("manille", 1, ["KADO"] * 3, random.Random(2))
    host = new_host("manille", seats, {}, seed=2, save_dir=str(tmp_path), bot_budget=0.05, hints=True)
    me = Screen()
    host.attach(me, ("bottom",))
    host.begin(loop)
    run(loop, lambda: host.mh.whose_turn() == "bottom")
    host.hint(me, "left")
    assert me.messages[-1]["type"] == "error" and me.messages[-1]["code"] == "not_your_turn"
    host.hint(me, "bottom")
    run(loop, lambda: me.last("hint") is not None, seconds=60)
    h = me.last("hint")
    legal = host.mh.view("bottom")["legal"]
    assert h["seat"] == "bottom" and h["version"] == host.mh.version
    assert {k: v for k, v in h["action"].items() if k != "signal"} in legal and h["reasons"]
    # The record remembers the deal the coach helped with (the statistics do not rate it),
    # and a resumed table keeps remembering it; a damaged entry is left out.
    deal = host.mh.match.deal_index
    assert host.record()["hints"] == [[deal, "bottom"]]
    # ... in the save at once: a crash before the next card kept the hinted deal rated
    assert load_record(host.save_path)[0]["hints"] == [[deal, "bottom"]]
    # ... and which decision it was, with what the hint gave (the review says "you followed the hint")
    index = len(host.mh.match.records[deal]["actions"])
    assert host.record()["hints_given"] == [[deal, index, "bottom", h["action"]]]
    again = new_host("manille", seat_plan("manille", 1, ["KADO"] * 3, random.Random(2)), {}, seed=2)
    damaged = [[deal, 1.5, "bottom", {}], [deal, 2, "nobody", {}], [True, 2, "bottom", {}], [deal, 2, "bottom", "x"]]
    again.restore_hints(dict(host.record(), hints=[[deal, "bottom"], [1, "nobody"], "x", [True, "left"]],
                             hints_given=host.record()["hints_given"] + damaged,
                             standins=[[deal, 3, "left"], [deal, -1, "left"], [deal, 2.0, "left"], [0, 1, "x"]]))
    assert again.record()["hints"] == [[deal, "bottom"]]
    assert again.record()["hints_given"] == [[deal, index, "bottom", h["action"]]]     # damage left out
    assert again.record()["standins"] == [[deal, 3, "left"]]
    host.hints = False
    host.hint(me, "bottom")
    assert me.messages[-1]["code"] == "hints_off"


def test_open_seats_filled_with_one_character_get_names_players_can_tell_apart(loop):
    seats = {"bottom": Seat("bottom", "here", "Ana"), "left": Seat("left", "open"),
             "top": Seat("top", "bot", "Kado", bot="KADO"), "right": Seat("right", "open")}
    host = TableHost(MatchHost.new("manfee", {"target": 13}, seed=5), seats, lan=True, rng=random.Random(1))
    ana = Screen("Ana")
    host.attach(ana, ("bottom",))
    host.begin(loop)
    host.fill_open_with_bots("KADO")
    names = [host.seats[s].name for s in ("left", "top", "right")]
    assert sorted(names) == ["Kado", "Kado 2", "Kado 3"]


def test_a_spectator_who_sits_down_is_not_said_to_stop_watching(loop):
    """A spectator who took a seat was announced "Bo stopped watching", then "Bo sat down":
    the host names the one who sat (``sat``), in the order its messages really come."""
    from host.link import LinkBase
    seats = {"bottom": Seat("bottom", "here", "Ana"), "left": Seat("left", "open"),
             "top": Seat("top", "bot", "Kado", bot="KADO"), "right": Seat("right", "bot", "Kado 2", bot="KADO")}
    host = TableHost(MatchHost.new("manfee", {"target": 13}, seed=5), seats, lan=True, grace=5,
                     rng=random.Random(1))
    ana = Screen("Ana")
    host.attach(ana, ("bottom",))
    host.begin(loop)
    bo, cy = Screen("Bo", trusted=False), Screen("Bo", trusted=False)     # two of one name
    host.watch(bo, "bottom")
    host.watch(cy, "bottom")
    link = LinkBase("manfee")
    for msg in ana.messages:
        link.inbox.put(msg)
    link.poll()
    ana.messages.clear()
    host.join(bo, "left")
    for msg in ana.messages:
        link.inbox.put(msg)
    news = link.poll()
    assert [m["kind"] for m in news if m.get("type") == "notice"] == ["joined"], news
    assert link.watchers == 1
    ana.messages.clear()
    host.leave(cy, immediate=True)       # the other Bo, still watching, goes: that is said
    for msg in ana.messages:
        link.inbox.put(msg)
    assert [m.get("kind") for m in link.poll() if m.get("type") == "notice"] == ["stopped_watching"]


def test_two_friends_of_one_name_are_numbered_apart(loop):
    """Two friends who both typed "ana" beside the host Ana, and one called Kado beside
    the bot Kado: every seat's name differs, and a friend who comes back keeps theirs."""
    seats = {"bottom": Seat("bottom", "here", "Ana"), "left": Seat("left", "open"),
             "top": Seat("top", "bot", "Kado", bot="KADO"), "right": Seat("right", "open")}
    host = TableHost(MatchHost.new("manfee", {"target": 13}, seed=5), seats, lan=True, grace=5,
                     rng=random.Random(1))
    host.attach(Screen("Ana"), ("bottom",))
    host.begin(loop)
    first = Screen("ana", trusted=False)
    host.join(first, "left")
    host.join(Screen("ana", trusted=False), "right")
    assert [host.seats[s].name for s in ("bottom", "left", "right")] == ["Ana", "ana 2", "ana 3"]
    host.leave(first)
    back = Screen("ana", trusted=False)
    host.join(back, token=first.last("welcome")["token"])
    assert host.seats["left"].name == "ana 2"              # not renumbered against itself
    assert distinct_name("KADO", host.seats, "left") == "KADO 2"
    plan = seat_plan("manfee", 2, ["KADO", "TANA"], names={"bottom": "Ana", "left": "ana"})   # hot-seat too
    assert [plan[s].name for s in ("bottom", "left")] == ["Ana", "ana 2"]


def test_random_bot_seats_never_seat_one_character_twice():
    """"Jangara" partnered with "Jangara 2" reads like a mistake: random seats draw a
    character not yet at the table (there are nine of them for at most three bots)."""
    from host.seats import seats_from_specs
    from rules.games import get_game
    for k in range(40):
        plan = seat_plan("manfee", 1, ["random", "random", "random"], rng=random.Random(k))
        bots = [s.bot for s in plan.values() if s.kind == "bot"]
        assert len(set(bots)) == 3 and all(not s.name[-1].isdigit() for s in plan.values()), bots
        lan = seats_from_specs(get_game("manfee"), {"bottom": "host", "left": "bot:RANDOM", "top": "bot:RANDOM",
                                                    "right": "bot:RANDOM"}, "Ana", random.Random(k))
        assert len({s.bot for s in lan.values() if s.kind == "bot"}) == 3
    named = seat_plan("manni", 0, ["TANA", "TANA", "random"], rng=random.Random(1))
    assert [s.name for s in named.values()][:2] == ["Tana", "Tana 2"]      # asked for twice: kept, numbered


def test_a_save_that_cannot_be_written_says_where_and_why_once_and_play_goes_on(loop, tmp_path):
    """A file where the saves folder should be: "File exists" alone told a player nothing."""
    (tmp_path / "saves").write_text("not a folder")
    notices = []
    host = bots_table("manni", TARGETS["manni"], loop, save_path=str(tmp_path / "saves" / "m.json"),
                      on_notice=lambda kind, **info: notices.append((kind, info)))
    host.begin(loop)
    run(loop, lambda: len(host.mh.match.summaries) >= 1)
    failed = [info["reason"] for kind, info in notices if kind == "save_failed"]
    assert failed == [f"autosave failed: a file stands where this folder should be: {tmp_path / 'saves'}"]
    assert host.save_error == failed[0] and (tmp_path / "saves").read_text() == "not a folder"


def test_the_next_deal_waits_for_the_people_reading_the_summary_but_not_forever(loop, monkeypatch):
    """A LAN screen is no gate (a bad peer never holds the bots), but the next deal waits
    until its player closed the deal's summary (``ready``), and at most READY_WAIT."""
    import host.table_host as table_host
    seats = seat_plan("manni", 1, ["KADO", "KADO"], random.Random(3), names={"bottom": "Ana"})
    host = new_host("manni", seats, {"target": 10}, seed=3)
    me = Screen(gate=False)
    me.reads_summaries = True
    host.attach(me, ("bottom",))
    host.begin(loop)
    bot = __import__("bots").make_bot("KADO", 2)

    def play_until(deals):
        def step():
            if host.mh.whose_turn() == "bottom":
                host.intent(me, "bottom", bot.choose(host.mh.view("bottom")), host.mh.version)
            return len(host.mh.match.summaries) >= deals
        run(loop, step)
    play_until(1)
    loop.run_until_complete(asyncio.sleep(0.6))
    assert host.mh.needs_deal() and host.reading_seats() == ["bottom"]
    # every screen is told who still reads, and when the next deal comes anyway (the band
    # said "Waiting for the others…", naming nobody, with no time)
    told = me.last("reading")
    assert told["seats"] == ["bottom"] and 0 < told["seconds"] <= table_host.READY_WAIT
    assert isinstance(told["seconds"], int)                  # the wire has no floats (a peer hung up)
    assert sum(1 for m in me.messages if m.get("type") == "reading") == 1     # once, not each pace
    from host.link import LinkBase
    link = LinkBase("manni")
    link.inbox.put(told)
    link.poll()
    assert link.reading[0] == ["bottom"] and link.reading[1] > time.monotonic()
    host.ready(me, host.mh.version - 1)          # an older deal's summary: still reading this one
    loop.run_until_complete(asyncio.sleep(0.2))
    assert host.mh.needs_deal()
    host.ready(me, host.mh.version)
    run(loop, lambda: not host.mh.needs_deal(), seconds=2)
    monkeypatch.setattr(table_host, "READY_WAIT", 0.5)
    play_until(2)
    assert host.mh.needs_deal() and host.reading_seats() == ["bottom"]
    run(loop, lambda: not host.mh.needs_deal(), seconds=5)       # nobody closed it: it goes on


def test_the_players_are_told_who_comes_to_watch_and_the_watchers_are_not(loop):
    from host.link import LinkBase
    host = bots_table("manni", TARGETS["manni"], loop)
    me = Screen("screen")
    host.attach(me, (), "bottom")
    host.begin(loop)
    friend = Screen("Cy", trusted=False)
    host.watch(friend, "left")
    cy = [[friend.serial, "Cy"]]
    assert me.last("watchers") == {"type": "watchers", "n": 1, "name": "Cy", "who": cy}
    assert friend.last("watchers") is None                  # a watcher is not told of itself
    link = LinkBase("manni")
    for msg in me.messages:
        link.inbox.put(msg)
    notices = [m for m in link.poll() if m.get("kind") == "watching"]
    assert notices == [{"type": "notice", "kind": "watching", "name": "Cy"}]
    from table.host_words import notice_text
    assert notice_text(notices[0]) == "Cy is watching the table"
    host.leave(friend, immediate=True)      # its bye, then its connection's end: said once
    host.leave(friend)
    assert me.last("watchers")["n"] == 0 and sum(m.get("type") == "watchers" for m in me.messages) == 2
    link.inbox.put(me.last("watchers"))
    news = link.poll()
    assert not [m for m in news if m.get("kind") == "watching"] and link.watchers == 0 and link.watching == []
    went = [m for m in news if m.get("kind") == "stopped_watching"]      # and who went is said too
    assert went == [{"type": "notice", "kind": "stopped_watching", "name": "Cy"}]
    assert notice_text(went[0]) == "Cy stopped watching"


def test_who_sits_down_after_a_watcher_came_is_told_of_the_watcher(loop):
    """Bo rejoined after Cy came to watch: his footer never said anyone watched."""
    seats = {"bottom": Seat("bottom", "here", "Ana"), "left": Seat("left", "open"),
             "top": Seat("top", "bot", "Kado", bot="KADO"), "right": Seat("right", "bot", "Kado 2", bot="KADO")}
    host = TableHost(MatchHost.new("manfee", {"target": 13}, seed=5), seats, lan=True, grace=5, rng=random.Random(1))
    host.attach(Screen("Ana"), ("bottom",))
    host.begin(loop)
    host.watch(Screen("Cy", trusted=False), "top")
    bo = Screen("Bo", trusted=False)
    host.join(bo, "left")
    assert bo.last("welcome")["watchers"] == 1
    back = Screen("Bo", trusted=False)
    host.leave(bo)
    host.join(back, token=bo.last("welcome")["token"])
    assert back.last("welcome")["watchers"] == 1
    # ... as a count the screen starts from: coming back, Bo read "Someone is watching the
    # table" (nobody new came) in place of what the stand-in played for him
    from host.link import LinkBase
    link = LinkBase("manfee")
    link.lan = True
    for msg in back.messages:
        link.inbox.put(msg)
    assert not [m for m in link.poll() if m.get("kind") == "watching"] and link.watchers == 1


def test_a_stand_ins_answer_waiting_for_the_pace_is_not_played_once_the_person_is_back(loop):
    """A friend came back while the stand-in's answer waited for the pace: the bot's card was
    played for them a moment later, and kept as their own decision."""
    seats = {"bottom": Seat("bottom", "open"), "left": Seat("left", "bot", "Kado", bot="KADO"),
             "top": Seat("top", "bot", "Kado 2", bot="KADO"), "right": Seat("right", "bot", "Kado 3", bot="KADO")}
    host = TableHost(MatchHost.new("manfee", {"target": 13}, seed=5), seats, lan=True, grace=0.05,
                     rng=random.Random(1), bot_delay=0.5)
    bo = Screen("Bo", trusted=False)
    host.join(bo, "bottom")
    token = bo.last("welcome")["token"]
    host.begin(loop)
    run(loop, lambda: host.mh.whose_turn() == "bottom", seconds=30)
    host.leave(bo)
    run(loop, lambda: host._answer is not None and host._answer[0] == "bottom", seconds=10)
    version = host.mh.version
    back = Screen("Bo", trusted=False)
    host.join(back, token=token)
    end = loop.time() + 1.0
    run(loop, lambda: loop.time() > end)              # the pace runs out
    assert host.mh.version == version and host.mh.whose_turn() == "bottom"     # Bo's to play
    assert not host.standins

