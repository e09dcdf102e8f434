"""The host against broken and hostile peers, and its faults: drops, stand-ins,
rejoins, closing, resuming.  Every case: a clear error to that peer, and the
match of the others goes on with nothing lost."""
import random
import struct
import threading
import time
import uuid

import msgpack
import pytest

from net import Client, HostServer
from net.framing import encode
from net.protocol import PROTOCOL_VERSION
from rules.record import read_match
from rules.store import load_record
from test_net_support import (LOOP, RawPeer, bot_player, bounded, joined_client, play, serve, view_of)


pytestmark = pytest.mark.network     # sockets on loopback (and zeroconf on 127.0.0.1)


def finished(endpoint):
    return lambda: bool((view_of(endpoint) or {}).get("finished"))


def assert_record_legal(server):
    match, error = read_match(server.mh.record())
    assert error is None and match.finished


def test_a_whole_match_with_a_local_seat_a_client_and_bots():
    server = serve("manfee", {"bottom": "host", "left": "open", "top": "bot:KADO", "right": "bot:TANA"})
    try:
        me = server.local_link("bottom")
        # seated as soon as start() returned: a table opened now knows its seat
        assert [m["type"] for m in me.poll()][:1] == ["welcome"] and me.my_seats() == ("bottom",)
        friend = joined_client(server.port, "left", name="Bo")
        assert friend.players["bottom"]["kind"] == "host" and friend.players["top"]["bot"] == "KADO"
        players = [bot_player(me, "KADO", 1), bot_player(friend, "KADO", 2)]
        signals = []
        players[1].on_message = lambda m: signals.extend(
            e["signal"] for e in m.get("events", []) if e.get("type") == "card_played" and e["signal"])
        play(players, lambda: finished(me)() and finished(friend)())
        assert me.view()["totals"] == friend.view["totals"]
        assert_record_legal(server)
        assert server.table_info()["state"] == "over"
        friend.close()
    finally:
        server.stop()


def attacker_table(**kw):
    """Manfee: the attacker at bottom (raw socket), a good client at left, two slow bots."""
    server = serve("manfee", {"bottom": "open", "left": "open", "top": "bot:KADO", "right": "bot:KADO"},
                   bot_delay=0.03, **kw)
    bad = RawPeer(server.port)
    bad.send({"type": "join", "seat": "bottom", "name": "Mallory"})
    welcome = bad.expect("welcome")
    assert welcome and welcome["seat"] == "bottom"
    good = joined_client(server.port, "left", name="Good")
    return server, bad, good


def wait_turn(peer, seat="bottom", timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = peer.view
        if v and v.get("finished"):
            return None
        if v and v.get("turn") == seat and v.get("legal"):
            return v
        peer.recv(0.05)
    raise AssertionError("the attacker's turn never came")


def test_hostile_seated_peer_gets_clear_errors_and_the_match_goes_on():
    server, bad, good = attacker_table()
    helper = bot_player(good, "RANDOM", 3)
    stop = threading.Event()
    pump = threading.Thread(target=lambda: [helper.step(0.01) for _ in iter(stop.is_set, True)],
                            daemon=True)
    pump.start()
    rng = random.Random(5)
    try:
        seen = set()
        turns = 0
        while True:
            v = wait_turn(bad)
            if v is None:
                break
            turns += 1
            version = v["version"]
            if turns == 1:
                for msg, code in [
                    ({"type": "action", "action": v["legal"][0], "version": version, "seat": "left"},
                     "not_your_seat"),
                    ({"type": "action", "action": {"call": 14}, "version": version}, "bad_action"),
                    ({"type": "action", "action": {"dance": True}, "version": version}, "bad_action"),
                    ({"type": "action", "action": v["legal"][0], "version": version - 1}, "stale"),
                    ({"type": "join", "seat": "top"}, "already_seated"),
                ]:
                    bad.send(msg)
                    err = bad.error()
                    assert err and err["code"] == code, (msg, err)
                    assert err["reason"]
                    if msg["type"] == "action" and code != "not_your_seat":
                        assert err["view"]["version"] == version      # a fresh view, nothing changed
                    seen.add(code)
            if v["phase"] == "play" and "illegal_play" not in seen:
                hand = set(v["hand"])
                legal = {a["play"] for a in v["legal"]}
                if hand - legal:
                    bad.send({"type": "action", "action": {"play": sorted(hand - legal)[0]},
                              "version": version})
                    err = bad.error()
                    assert err["code"] == "illegal" and err["view"]["version"] == version
                    seen.add("illegal_play")
            action = {"type": "action", "action": rng.choice(v["legal"]), "version": version}
            bad.send(action)
            if "replay" not in seen:
                bad.send(action)                  # the same message again: refused
                err = bad.error()
                assert err["code"] in ("stale", "not_your_turn"), err
                seen.add("replay")
            elif "out_of_turn" not in seen:
                bad.send({"type": "action", "action": {"call": 1}, "version": version + 1})
                err = bad.error()
                assert err["code"] == "not_your_turn", err
                seen.add("out_of_turn")
            assert bounded(lambda v=version: bad.recv(0.05) is None and False or bad.view["version"] > v, 5)
        assert {"not_your_seat", "bad_action", "stale", "already_seated", "replay", "out_of_turn"} <= seen
        assert bounded(finished(good), 10)
        assert_record_legal(server)
    finally:
        stop.set()
        server.stop()


def test_broken_bytes_close_only_that_connection():
    server = serve("manfee", {"bottom": "open", "left": "bot:KADO", "top": "bot:KADO", "right": "bot:KADO"},
                   bot_delay=0.005)
    try:
        good = joined_client(server.port, "bottom")
        helper = bot_player(good, "RANDOM", 4)
        cases = [
            (lambda p: p.frame(b"\xc1\xc1"), "bad_message", True),
            (lambda p: p.raw(struct.pack(">I", 50_000_000)), "frame_too_large", True),
            (lambda p: p.frame(b"\x91" * 3000 + b"\x01"), "bad_message", True),
            (lambda p: p.send({"type": "ping", "x": [[[[[[[[[[1]]]]]]]]]]}), "bad_message", True),
            (lambda p: p.frame(msgpack.packb(["type", "ping"])), "bad_message", False),
            (lambda p: p.send({"type": "dance"}), "unknown_type", False),
            (lambda p: p.send({"type": "hello", "protocol": "one"}), "bad_field", False),
            (lambda p: p.send({"type": "action", "action": {"call": 1}, "version": 1}), "not_seated", False),
            (lambda p: p.send({"type": "join", "seat": "north"}), "no_such_seat", False),
            (lambda p: p.send({"type": "join", "seat": "left"}), "seat_taken", False),
            (lambda p: p.send({"type": "join", "seat": "bottom"}), "seat_taken", False),
            (lambda p: p.send({"type": "join", "token": "forged"}), "bad_token", False),
            (lambda p: p.send({"type": "join"}), "table_full", False),
        ]
        for attack, code, fatal in cases:
            helper.step()
            peer = RawPeer(server.port)
            attack(peer)
            err = peer.error()
            assert err is not None and err["code"] == code, (code, err)
            assert err["reason"]
            if fatal:
                assert peer.closed(), code
            else:
                peer.send({"type": "ping", "n": 9})
                assert peer.expect("pong")["n"] == 9, code
            peer.close()
        # Before hello, and with another protocol version.
        peer = RawPeer(server.port, hello=False)
        peer.send({"type": "join", "seat": "left"})
        assert peer.error()["code"] == "hello_first"
        peer.send({"type": "hello", "protocol": PROTOCOL_VERSION + 1, "name": "future"})
        err = peer.error()
        assert err["code"] == "protocol" and err["protocol"] == PROTOCOL_VERSION
        assert peer.closed()
        play([helper], finished(good))
        assert_record_legal(server)
    finally:
        server.stop()


def test_a_flood_is_refused_then_disconnected_and_the_table_goes_on():
    server = serve("manni", {"bottom": "open", "left": "bot:KADO", "right": "bot:KADO"},
                   rate=100, burst=50, bot_delay=0.002)
    try:
        good = joined_client(server.port, "bottom")
        helper = bot_player(good, "RANDOM", 6)
        peer = RawPeer(server.port)
        ping = encode({"type": "ping"})
        peer.raw(ping * 400)
        err = peer.error()
        assert err["code"] == "rate_limited"
        assert peer.closed()
        # A peer just over the rate gets errors but keeps its connection.
        slow = RawPeer(server.port)
        slow.raw(ping * 60)
        assert slow.error()["code"] == "rate_limited"
        time.sleep(0.6)
        slow.send({"type": "ping", "n": 3})
        assert slow.expect("pong")["n"] == 3
        play([helper], finished(good))
    finally:
        server.stop()


def test_silent_peers_time_out():
    server = serve("manni", {"bottom": "open", "left": "open", "right": "open"},
                   hello_timeout=0.2, idle_timeout=0.4)
    try:
        mute = RawPeer(server.port, hello=False)
        assert mute.error(2)["code"] == "timeout" and mute.closed()
        quiet = RawPeer(server.port)
        assert quiet.error(2)["code"] == "timeout" and quiet.closed()
        # A real client pings, so it stays.
        c = Client(LOOP, server.port, ping_interval=0.1).start()
        assert c.wait_for("table", 2)
        time.sleep(0.8)
        assert c.connected
        c.close()
    finally:
        server.stop()


def test_fuzz_the_host_with_random_and_mutated_messages():
    server = serve("manfee", {"bottom": "open", "left": "bot:KADO", "top": "bot:KADO", "right": "bot:KADO"},
                   bot_delay=0.003, rate=1e6, burst=10 ** 6, lobby_rate=1e6, lobby_burst=10 ** 6)
    rng = random.Random(1234)
    valid = [
        {"type": "hello", "protocol": PROTOCOL_VERSION, "name": "fuzz"},
        {"type": "join", "seat": "left"}, {"type": "join", "token": "x"},
        {"type": "action", "action": {"play": "QH", "signal": "slam"}, "version": 3},
        {"type": "action", "action": {"call": 3}, "version": 1},
        {"type": "ping", "n": 1}, {"type": "sync"}, {"type": "bye", "reason": "x"},
    ]
    atoms = [None, True, False, 0, -1, 2 ** 40, 1.5, "", "QH", "x" * 300, b"\x00", [], {}]

    def random_value(depth=0):
        r = rng.random()
        if depth < 4 and r < 0.2:
            return [random_value(depth + 1) for _ in range(rng.randrange(4))]
        if depth < 4 and r < 0.4:
            return {rng.choice(["type", "action", "version", "seat", "n", "play"]): random_value(depth + 1)
                    for _ in range(rng.randrange(4))}
        return rng.choice(atoms)

    try:
        good = joined_client(server.port, "bottom")
        helper = bot_player(good, "RANDOM", 8)
        deadline = time.monotonic() + 4.0
        sent = 0
        while sent < 3000 and time.monotonic() < deadline:
            peer = RawPeer(server.port, hello=rng.random() < 0.7)
            for _ in range(rng.randrange(1, 20)):
                kind = rng.random()
                if kind < 0.25:
                    payload = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60)))
                    peer.frame(payload)
                elif kind < 0.55:
                    data = bytearray(msgpack.packb(rng.choice(valid)))
                    for _ in range(rng.randrange(1, 4)):
                        data[rng.randrange(len(data))] = rng.randrange(256)
                    peer.frame(bytes(data))
                elif kind < 0.85:
                    msg = dict(rng.choice(valid))
                    msg[rng.choice(list(msg))] = random_value()
                    peer.frame(msgpack.packb(msg, use_bin_type=True))
                elif kind < 0.95:
                    peer.raw(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 12))))
                else:
                    peer.frame(msgpack.packb(random_value(), use_bin_type=True))
                sent += 1
                if peer.eof:
                    break
            peer.close()
            helper.step()
        assert sent > 300
        assert server._thread.is_alive()
        check = RawPeer(server.port)
        check.send({"type": "ping", "n": 77})
        assert check.expect("pong")["n"] == 77
        play([helper], finished(good))
        assert_record_legal(server)
    finally:
        server.stop()


def test_a_big_flood_still_reads_why_it_was_closed():
    """A peer that keeps sending while the host closes it: the reason came before a reset
    that lost it (3 times in 5 with 300 KB of pings); the host now half-closes after it
    and reads away what still comes, so the reason and then the end arrive."""
    server = serve("manni", {"bottom": "host", "left": "open", "right": "open"})
    try:
        for _ in range(3):
            peer = RawPeer(server.port)
            flood = threading.Thread(target=peer.raw, args=(encode({"type": "ping"}) * 30000,))
            flood.start()
            peer.sock.settimeout(5)
            got = b""
            while True:
                try:
                    data = peer.sock.recv(65536)
                except OSError:
                    break
                if not data:
                    break
                got += data
            flood.join()
            assert b"flooding: the connection is closed" in got
            peer.sock.close()
        assert server.counts["flood_closed"] == 3
    finally:
        server.stop()


def test_a_dropped_player_keeps_the_seat_a_bot_stands_in_and_the_token_takes_it_back():
    server = serve("manfee", {"bottom": "host", "left": "open", "top": "bot:KADO", "right": "bot:KADO"},
                   grace=0.2, bot_delay=0.01)
    try:
        me = server.local_link("bottom")
        mine = bot_player(me, "KADO", 1)
        friend = joined_client(server.port, "left", name="Bo")
        token = friend.token
        assert token and server.slots["left"].token_hash != token     # only a hash is kept
        fp = bot_player(friend, "KADO", 2)
        play([mine, fp], lambda: me.view() and me.view()["deal"] == 0 and len(me.view().get("history", [])) >= 3)

        def lefts():
            return [a for r in server.host.mh.match.records for a in r["actions"] if a["seat"] == "left"]
        friend._drop_socket()                # the network goes away, no bye
        time.sleep(0.1)                      # an intent Bo sent just before is in
        done_by_bo = len(lefts())
        seen = []
        mine.on_message = lambda m: seen.append(m)
        assert bounded(lambda: (mine.step() or True) and me.players() and me.players()["left"].get("standin"), 3)
        assert me.players()["left"]["connected"] is False
        v0 = me.view()["version"]
        play([mine], lambda: me.view()["version"] > v0 + 4 or me.view()["finished"])
        # Nobody else can take the seat.
        thief = RawPeer(server.port)
        thief.send({"type": "join", "seat": "left"})
        assert thief.error()["code"] == "seat_taken"
        thief.send({"type": "join", "seat": "left", "token": token[:-1] + "x"})
        assert thief.error()["code"] == "bad_token"
        # The token takes it back, with a full view.
        back = Client(LOOP, server.port, name="Bo", token=token).start()
        w = back.wait_for(("welcome", "error"), 3)
        assert w["type"] == "welcome" and w["seat"] == "left" and w["rejoin"]
        assert w["view"]["seat"] == "left" and isinstance(w["view"]["hand"], list)
        assert w["players"]["left"]["standin"] is False
        # ... and says what the stand-in did meanwhile (a screen opened anew has no hand to compare)
        by_bot = lefts()[done_by_bo:]
        assert by_bot and w["standin_played"] == {"cards": sum("play" in a for a in by_bot), "acts": len(by_bot)}
        bp = bot_player(back, "KADO", 3)
        play([mine, bp], lambda: finished(me)() and finished(back)())
        assert_record_legal(server)
    finally:
        server.stop()


def test_a_seat_taken_over_by_its_token_while_held_is_no_leaving_and_no_return():
    """Another window with the token, or a reconnect queued while the host was frozen,
    replaces a connection that still holds the seat: the host's screen hears neither
    "left" nor "back" for it (it heard them two or three times after a freeze); a real
    drop and return still say both, once."""
    server = serve("manni", {"bottom": "host", "left": "open", "right": "bot:KADO"})
    try:
        me = server.local_link("bottom")
        first = joined_client(server.port, "left", name="Bo")

        def seat_notices():
            time.sleep(0.3)
            return [m["kind"] for m in me.poll() if m["type"] == "notice" and m.get("seat") == "left"]
        assert seat_notices() == ["joined"]
        second = joined_client(server.port, name="Bo", token=first.token)
        assert first.wait_for("disconnected", 3) is not None
        assert seat_notices() == []
        second._drop_socket()
        assert bounded(lambda: not server.host.seats["left"].endpoint, 3)
        third = joined_client(server.port, name="Bo", token=first.token)
        assert seat_notices() == ["lost", "back"]          # a drop is no walk-out: it is waited for
        third.close()                                      # a goodbye is leaving
        assert seat_notices() == ["left", "standin"]
    finally:
        server.stop()


def test_a_connection_a_frozen_host_never_answered_waits_instead_of_dialling_again():
    """The host's kernel takes a connection while the host is frozen (a laptop lid shut):
    the client waits on it, not ``dead_after``, so one join waits for the host, not one
    per few seconds; a host that answered and then went quiet is given up on at once."""
    import socket as so
    frozen = so.socket()
    frozen.bind((LOOP, 0))
    frozen.listen(8)                       # never accepted: the kernel holds what comes
    try:
        c = Client(LOOP, frozen.getsockname()[1], name="Bo", token="t" * 20,
                   ping_interval=0.1, dead_after=0.3, unanswered_after=1.5).start()
        assert c.wait_for("disconnected", 1.0) is None          # still waiting, past dead_after
        assert c.wait_for("disconnected", 3.0)["reason"] == "the host stopped answering"
        peer, _addr = frozen.accept()
        frozen.setblocking(False)
        with pytest.raises(BlockingIOError):
            frozen.accept()                                      # one connection, not four
        peer.close()
        frozen.setblocking(True)
        c.reconnect()
        peer, _addr = frozen.accept()                            # the host wakes and answers
        peer.sendall(encode({"type": "pong", "n": 0}))
        t0 = time.monotonic()
        assert c.wait_for("disconnected", 3.0)["reason"] == "the host stopped answering"
        assert time.monotonic() - t0 < 1.2                       # dead_after counts from then
        peer.close()
    finally:
        frozen.close()


def test_closing_tells_every_client_and_the_local_seat():
    server = serve("manni", {"bottom": "host", "left": "open", "right": "open"})
    a = joined_client(server.port, "left")
    b = Client(LOOP, server.port).start()            # still in the lobby, not seated
    assert b.wait_for("table", 2)
    server.stop("Ana went home")
    for c in (a, b):
        msg = c.wait_for(("host_closed", "disconnected"), 3)
        assert msg == {"type": "host_closed", "reason": "Ana went home"}
    mine = server.local_link("bottom")
    mine.poll()
    assert mine.closed_reason == "Ana went home"


def test_a_stopped_host_resumes_from_its_autosave(tmp_path):
    path = str(tmp_path / "table.json")
    seats = {"bottom": "host", "left": "open", "top": "open", "right": "bot:KADO"}
    server = serve("manille", seats, save_path=path, grace=5.0)
    mine = bot_player(server.local_link("bottom"), "KADO", 1)
    a = joined_client(server.port, "left", name="Ann")
    b = joined_client(server.port, "top", name="Ben")
    pa, pb = bot_player(a, "KADO", 2), bot_player(b, "KADO", 3)
    play([mine, pa, pb], lambda: a.view and len(a.view.get("history") or []) >= 6)
    server.stop("crash")
    record, match = load_record(path)
    assert record["lan"]["seats"]["left"]["token_sha256"] and "token" not in str(record["players"])
    server2 = HostServer(None, resume=path, bind=LOOP, port=0, advertise=False, grace=5.0)
    server2.start()
    try:
        assert server2.table == server.table and server2.table_info()["free"] == []
        me2 = server2.local_link("bottom")
        assert bounded(lambda: any(m["type"] == "welcome" for m in me2.poll()), 2)
        assert len(me2.view()["history"]) == len(match.records[-1]["actions"])
        for c in (a, b):
            c.port = server2.port
            c.reconnect()
            w = c.wait_for(("welcome", "error"), 3)
            assert w["type"] == "welcome" and w["rejoin"], w
        players = [bot_player(me2, "KADO", 1), pa, pb]
        play(players, lambda: finished(me2)() and finished(a)() and finished(b)())
        assert_record_legal(server2)
        assert bounded(lambda: load_record(path)[1].finished, 3)   # saved off the loop thread
    finally:
        server2.stop()


def test_a_resumed_table_is_the_same_table_private_and_hinted_as_before(tmp_path):
    """Resumed after a crash, a private table with hints came back public and without
    the Hint button (the form's defaults), and under a new id."""
    path = str(tmp_path / "table.json")
    server = serve("manille-muette", {"bottom": "host", "left": "bot:KADO", "top": "bot:KADO", "right": "bot:KADO"},
                   save_path=path, join_code="482913", hints=True)
    me = server.local_link("bottom")
    play([bot_player(me, "KADO", 1)], lambda: len((view_of(me) or {}).get("history") or []) >= 2)
    server.stop("crash")
    saved = load_record(path)[0]["lan"]
    assert saved["code"] == "482913" and saved["hints"] is True and saved["id"] == server.host_id
    server2 = HostServer(None, resume=path, bind=LOOP, port=0, advertise=False, join_code=None, hints=False)
    server2.start()
    try:
        info = server2.table_info()
        assert info["private"] is True and info["hints"] is True and info["host_id"] == server.host_id
        assert "482913" not in str(info)                       # the code stays in the host's save
        assert server2.join_code == "482913"
    finally:
        server2.stop()


def test_two_tables_of_the_same_name_are_both_listed(tmp_path):
    """Two hosts both called "Ana's table" announced one network name: a lobby listed one
    of them, now this one, now the other."""
    from net.lobby import LobbyBrowser
    name = f"Ana's table {uuid.uuid4().hex[:6]}"
    seats = {"bottom": "host", "left": "open", "top": "open", "right": "open"}
    hosts = [HostServer(name, "manfee", {"target": 13}, seats, bind=LOOP, port=0, interfaces=[LOOP], advertise=True)
             for _ in range(2)]
    for h in hosts:
        h.start()
    browser = LobbyBrowser(interfaces=[LOOP]).start()
    try:
        def same_name():
            return {t.port: t for t in browser.tables() if t.table == name}
        assert bounded(lambda: len(same_name()) == 2, 15), same_name()
        listed = same_name()
        assert {t.port for t in listed.values()} == {h.port for h in hosts}
        assert len({t.table_id for t in listed.values()}) == 2 and all(t.table_id for t in listed.values())
        # Each network name carries its host's id: two hosts never announce one name, also where
        # neither hears the other before announcing (zeroconf's renaming found no clash between
        # two processes on one machine, and a lobby then listed only one of the two)
        assert all(h._advert.registered.wait(5) and f"#{h.host_id[:6]}." in h._advert.registered_name for h in hosts)
    finally:
        browser.stop()
        for h in hosts:
            h.stop()


class Signaller:
    """Plays like a bot, and slams every card it plays."""

    def __init__(self, bot):
        self.bot = bot

    def choose(self, view):
        action = dict(self.bot.choose(view))
        if "play" in action:
            action["signal"] = "slam"
        return action


def test_signals_reach_every_player_and_are_refused_when_the_host_turned_them_off():
    from bots import make_bot
    from net.cli import AutoSeat, ClientSeat
    server = serve("manfee", {"bottom": "host", "left": "open", "top": "open", "right": "bot:KADO"})
    try:
        ends = [server.local_link("bottom"), joined_client(server.port, "left"), joined_client(server.port, "top")]
        heard = {id(e): [] for e in ends}

        def listener(e):
            return lambda m: heard[id(e)].extend(
                (ev["seat"], ev["signal"]) for ev in m.get("events", []) if ev.get("type") == "card_played")

        players = [AutoSeat(e if hasattr(e, "poll") else ClientSeat(e), Signaller(make_bot("KADO", i)), listener(e))
                   for i, e in enumerate(ends)]
        play(players, lambda: all(view_of(e) and view_of(e)["finished"] for e in ends))
        for p in players:                 # the views arrive before their messages are read
            p.step(0.1)
        for e in ends:
            got = heard[id(e)]
            assert {("bottom", "slam"), ("left", "slam"), ("top", "slam")} <= set(got)
            assert all(sig is None for seat, sig in got if seat == "right")
            assert got == heard[id(ends[0])]         # everyone saw the same plays
        assert view_of(ends[0])["options"]["signals"] is True
        recorded = [a for d in server.mh.record()["deals"] for a in d["actions"] if a.get("signal")]
        assert recorded and all(a["signal"] == "slam" and a["seat"] != "right" for a in recorded)
    finally:
        server.stop()
    server = serve("manfee", {"bottom": "open", "left": "bot:KADO", "top": "bot:KADO", "right": "bot:KADO"},
                   {"target": 13, "signals": False})
    try:
        c = joined_client(server.port, "bottom")
        assert c.table["options"]["signals"] is False
        player = AutoSeat(ClientSeat(c), Signaller(make_bot("KADO", 1)))
        errors = []
        player.on_message = lambda m: errors.append(m) if m["type"] == "error" else None
        play([player], lambda: errors or (c.view and c.view["finished"]), timeout=20)
        assert errors and errors[0]["code"] == "illegal" and "signals are off" in errors[0]["reason"]
    finally:
        server.stop()


def test_the_lobby_watches_a_table_by_address_and_flags_another_protocol(monkeypatch):
    from net import LobbyBrowser
    import net.protocol
    server = serve("manni", {"bottom": "host", "left": "open", "right": "open"})
    browser = LobbyBrowser(use_zeroconf=False).start()
    try:
        browser.add_address(LOOP, server.port)
        kind, info = browser.changes.get(timeout=3)
        assert kind == "added" and info.compatible and info.free == ["left", "right"]
        assert info.table == server.table and info.address == (LOOP, server.port)
        c = joined_client(server.port, "right")
        kind, info = browser.changes.get(timeout=3)
        assert kind == "updated" and info.free == ["left"]
        c.close()                         # seats change again (a stand-in): more updates
        server.stop()
        while kind != "removed":
            kind, info = browser.changes.get(timeout=3)
        monkeypatch.setattr(net.protocol, "PROTOCOL_VERSION", PROTOCOL_VERSION + 1)
        newer = serve("manni", {"bottom": "host", "left": "open", "right": "open"})
        try:
            browser.add_address(LOOP, newer.port)
            kind, info = browser.changes.get(timeout=3)
            assert kind == "added" and not info.compatible and info.protocol == PROTOCOL_VERSION + 1
        finally:
            newer.stop()
    finally:
        browser.stop()
        server.stop()


def test_a_message_sent_twice_is_refused_in_the_documented_order():
    """The copy is checked against the table as the first one left it: another
    seat's turn -> not_your_turn; this seat's turn again (it won the trick) ->
    stale; the deal over -> no_deal (match_over after the last)."""
    server = serve("manfee", {"bottom": "open", "left": "bot:KADO", "top": "bot:KADO", "right": "bot:KADO"},
                   {"target": 104}, bot_delay=0.005, deal_pause=0.05)
    try:
        peer = RawPeer(server.port)
        peer.send({"type": "join", "seat": "bottom"})
        assert peer.expect("welcome")
        rng = random.Random(3)
        seen = {}
        while not {"stale", "not_your_turn", "no_deal"} <= set(seen):
            v = wait_turn(peer, timeout=10)
            if v is None:
                break
            msg = encode({"type": "action", "action": rng.choice(v["legal"]), "version": v["version"]})
            peer.raw(msg + msg)                      # one write: nothing else happens in between
            after = peer.expect("events")["view"]
            err = peer.error()
            if after["finished"]:
                expected = "match_over"
            elif after["phase"] == "done":
                expected = "no_deal"
            elif after["turn"] == "bottom":
                expected = "stale"
            else:
                expected = "not_your_turn"
            assert err["code"] == expected, (after["phase"], after["turn"], err)
            assert err["view"]["version"] == after["version"]        # and nothing changed
            seen[expected] = seen.get(expected, 0) + 1
        assert {"stale", "not_your_turn", "no_deal"} <= set(seen), seen
    finally:
        server.stop()


def test_the_first_deal_may_arrive_in_the_same_read_as_the_welcome():
    server = serve("manni", {"bottom": "bot:KADO", "left": "open", "right": "bot:KADO"})
    try:
        peer = RawPeer(server.port)
        peer.send({"type": "join", "seat": "left"})
        time.sleep(0.3)                                  # the host has sent all it will
        peer.sock.settimeout(2)
        data = peer.sock.recv(1 << 20)                   # one read
        kinds = []
        while len(data) >= 4:
            (n,) = struct.unpack(">I", data[:4])
            kinds.append(msgpack.unpackb(data[4:4 + n])["type"])
            data = data[4 + n:]
        assert kinds[0] == "welcome"
        assert "events" in kinds                         # the deal started: no seat was left open
    finally:
        server.stop()


def test_the_hosts_sockets_send_small_messages_at_once():
    """TCP_NODELAY on every accepted socket: without it a view waits for the
    peer's delayed ACK (40 ms on Linux; the latency benchmark's p90 went there)."""
    import socket
    server = serve("manni", {"bottom": "host", "left": "open", "right": "open"})
    try:
        c = joined_client(server.port, "left")
        conn = next(iter(server.conns))
        sock = conn.transport.get_extra_info("socket")
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        c.close()
    finally:
        server.stop()


def test_the_hosts_own_moves_report_sent_and_none_once_the_table_stopped():
    """The host's table reads ``act``'s answer as "sent": the server's ``call`` returned
    None, and every move the host made showed "Not connected to the host" (and its card
    slid back into the hand, though the move had gone)."""
    server = serve("manfee", {"bottom": "host", "left": "bot:KADO", "top": "bot:KADO", "right": "bot:KADO"})
    me = server.local_link("bottom")
    try:
        assert server.call(lambda: None) is True
        assert me.act("bottom", {"call": 0}) is True
    finally:
        server.stop()
    assert server.call(lambda: None) is False and me.act("bottom", {"call": 0}) is False


def test_a_player_says_a_set_phrase_to_everyone_and_nothing_else_gets_through():
    server = serve("manfee", {"bottom": "host", "left": "open", "top": "open", "right": "open"})
    try:                                     # one seat stays open: the table waits, nothing moves
        me = server.local_link("bottom")
        bo = joined_client(server.port, "left", name="Bo")
        cy = joined_client(server.port, "top", name="Cy")
        watcher = Client(LOOP, server.port, name="Di", watching="bottom").start()
        assert watcher.wait_for("welcome", 5)["spectator"]
        version = server.host.mh.version
        assert bo.say("well_played")
        said = {"type": "said", "seat": "left", "phrase": "well_played"}
        assert cy.wait_for("said", 3) == said and watcher.wait_for("said", 3) == said
        assert bounded(lambda: any(m.get("type") == "said" for m in me.poll()), 3)
        # too soon after the last, not one of the phrases, not seated: refused with a reason
        bo.say("thanks")
        assert bo.wait_for("error", 3)["code"] == "too_fast"
        cy.say("you are all losers")
        assert cy.wait_for("error", 3)["code"] == "bad_phrase"
        watcher.say("hello")
        assert watcher.wait_for("error", 3)["code"] == "not_seated"
        raw = RawPeer(server.port)
        raw.send({"type": "say", "phrase": "x" * 500})
        assert raw.error()["code"] == "bad_field"
        assert cy.wait_for("said", 0.3) is None                    # none of them reached anyone
        assert server.host.mh.version == version                    # and the match did not move
        assert me.say("bottom", "good_game")                         # the host's own screen says it too
        assert bo.wait_for("said", 3) == {"type": "said", "seat": "bottom", "phrase": "good_game"}
    finally:
        server.stop()


def test_the_next_deal_waits_until_every_player_closed_the_summary():
    """The host's screen and a friend's both show the deal's summary: the next deal comes
    once both said ``ready`` (a bot seat and the headless players never hold it)."""
    server = serve("manni", {"bottom": "host", "left": "open", "right": "bot:KADO"}, {"target": 10})
    try:
        me = server.local_link("bottom", summaries=True)
        friend = joined_client(server.port, "left", name="Bo", summaries=True)
        players = [bot_player(me, "KADO", 1), bot_player(friend, "KADO", 2)]
        over = lambda v: (v or {}).get("phase") == "done"          # noqa: E731
        play(players, lambda: over(me.view()) and over(friend.view))
        version = friend.view["version"]
        time.sleep(0.5)
        assert server.mh.needs_deal() and sorted(server.host.reading_seats()) == ["bottom", "left"]
        me.shown(version)
        assert bounded(lambda: server.host.reading_seats() == ["left"], 2)
        time.sleep(0.2)
        assert server.mh.needs_deal()
        friend.ready(version)
        assert bounded(lambda: not server.mh.needs_deal(), 2)
        friend.close()
    finally:
        server.stop()


def test_a_friends_screen_says_ready_once_when_it_has_shown_a_deal_over():
    """``ClientLink.shown`` is called every idle frame: ``ready`` goes once, and only for a
    deal over in a match that goes on (not mid-deal, not at the match's end)."""
    import queue
    from net.link import ClientLink

    class Wire:
        inbox: queue.Queue = queue.Queue()
        sent: list = []

        def ready(self, version):
            self.sent.append(version)
    wire = Wire()
    view = {"game": "manni", "seat": "left", "phase": "play", "finished": False, "version": 8}
    link = ClientLink(wire, {"type": "welcome", "seat": "left", "view": view})
    link.shown(8)
    link.take({"type": "events", "events": [], "view": dict(view, phase="done", version=9)})
    link.shown(8)                      # the screen has not shown the deal's end yet
    link.shown(9)
    link.shown(9)
    link.take({"type": "events", "events": [], "view": dict(view, phase="done", version=30, finished=True)})
    link.shown(30)
    assert wire.sent == [9]


def test_a_lost_connection_is_not_blamed_on_an_old_refusal(monkeypatch):
    """A card refused a while ago was then given as the reason the host was lost ("'ZZ' is
    not a card" when the host crashed); an error the host closes on still says why."""
    import net.client
    monkeypatch.setattr(net.client, "CLOSING_ERROR_AGE", 0.3, raising=False)
    server = serve("manfee", {"bottom": "bot:KADO", "left": "open", "top": "bot:KADO", "right": "bot:KADO"})
    try:
        c = joined_client(server.port, "left", name="Bo")
        c.act({"play": "ZZ"})
        assert "ZZ" in c.wait_for("error", 3)["reason"]
        time.sleep(0.5)
        server.call(server.gate.abort_all)            # the host's sockets die, as in a crash
        lost = c.wait_for("disconnected", 8)
        assert lost and "ZZ" not in lost["reason"], lost
    finally:
        server.stop(wait=False)


def test_a_screen_that_came_back_does_not_announce_the_return_of_a_friend_it_never_saw_leave():
    """After a host's freeze every screen reconnected, then said "Bo is back": their leaving
    had been told to nobody there. A drop seen here and its return are still told."""
    from host.link import LinkBase

    class Friend(LinkBase):
        lan = True
    link = Friend("manni")
    gone = {"kind": "human", "name": "Bo", "connected": False, "standin": False}
    here = dict(gone, connected=True)
    me = {"kind": "human", "name": "Cy", "connected": True, "standin": False}

    def notices(msg):
        link.put(msg)
        return [m["kind"] for m in link.poll() if m["type"] == "notice"]
    assert notices({"type": "welcome", "seat": "right", "seats": ["right"], "view": {},
                    "players": {"left": gone, "right": me}}) == []
    assert notices({"type": "players", "players": {"left": here, "right": me}}) == []
    assert notices({"type": "players", "players": {"left": gone, "right": me}}) == ["lost"]
    assert notices({"type": "players", "players": {"left": here, "right": me}}) == ["back"]
    assert notices({"type": "players", "players": {"left": dict(gone, standin=True), "right": me}}) \
        == ["left", "standin"]                    # a goodbye: a bot takes the seat at once


def watching(server):
    return sum(1 for ep in list(server.host.endpoints) if ep.spectator)


def test_spectators_are_capped_and_a_refused_join_leaves_one_watching():
    """Each arrival is a notice on every player's screen: a script opening thirty watchers
    flooded them.  Two from one address, eight in all; past that a clear refusal and the
    players hear nothing.  A spectator whose join is refused (a taken seat) still watches:
    it was dropped from the table before the join was tried, and heard nothing more."""
    server = serve("manfee", {"bottom": "host", "left": "open", "top": "open", "right": "open"})
    try:
        bo = joined_client(server.port, "left", name="Bo")
        watchers = [RawPeer(server.port, name=f"W{i}") for i in range(3)]
        for w in watchers[:2]:
            w.send({"type": "watch", "seat": "bottom"})
            assert w.expect("welcome")["spectator"]
        assert bo.wait_for("watchers", 3)["n"] >= 1
        assert bounded(lambda: watching(server) == 2, 3)
        watchers[2].send({"type": "watch", "seat": "bottom"})
        refusal = watchers[2].error()
        assert refusal["code"] == "watchers_full" and "one address" in refusal["reason"]
        server.budgets.max_watchers_per_address = 10
        server.budgets.max_watchers = 2
        watchers[2].send({"type": "watch", "seat": "bottom"})
        assert watchers[2].error()["code"] == "watchers_full"
        assert watching(server) == 2
        # a watcher asks for a seat someone holds: refused, and it watches on
        watchers[0].send({"type": "join", "seat": "left", "name": "Impostor"})
        assert watchers[0].error()["code"] == "seat_taken"
        watchers[0].send({"type": "sync"})
        answer = watchers[0].expect("events")
        assert answer is not None and answer["view"]["hand"] is None
        assert watching(server) == 2
        # and one that takes a free seat watches no more: the players hear one spectator fewer
        watchers[1].send({"type": "join", "seat": "top", "name": "Cy"})
        assert watchers[1].expect("welcome")["seats"] == ["top"]
        assert bounded(lambda: watching(server) == 1, 3)
    finally:
        server.stop()


def test_the_host_gives_a_strangers_seat_to_a_bot_and_turns_spectators_away():
    """A stranger sat in an open seat under a friend's name and the host could not take it
    back.  Sent away: its screen hears why, its token opens the seat no more, a bot plays on
    and the others hear who went.  Spectators turned away: each hears why, none is taken."""
    from host.seating import SENT_AWAY, WATCHERS_AWAY
    from net.lobby import LobbyBrowser
    server = serve("manni", {"bottom": "host", "left": "open", "right": "open"})
    try:
        me = server.local_link("bottom")
        looker = Client(LOOP, server.port).start()           # a lobby's row of this table
        assert looker.wait_for("table", 3)["spectators"] is True
        stranger = joined_client(server.port, "left", name="Alice")
        cy = joined_client(server.port, "right", name="Cy")
        watcher = RawPeer(server.port, name="W")
        watcher.send({"type": "watch", "seat": "bottom"})
        assert watcher.expect("welcome")["spectator"]
        assert bounded(lambda: watching(server) == 1, 3)
        me.poll()
        me.send_away("left")
        assert stranger.wait_for("host_closed", 3)["reason"] == SENT_AWAY
        assert bounded(lambda: server.host.seats["left"].kind == "bot", 3)
        told = iter(lambda: cy.wait_for("players", 3), None)                    # the others see who went
        assert any(m["players"]["left"]["kind"] == "bot" for m in told)
        thief = RawPeer(server.port, name="Alice")
        thief.send({"type": "join", "token": stranger.token, "name": "Alice"})
        assert thief.error()["code"] == "bad_token"           # its token opens the seat no more
        me.turn_away_watchers()
        assert watcher.expect("bye")["reason"] == WATCHERS_AWAY
        # ... told at once (after the rows the joins and the seat sent away gave): Watch greys there
        row = next((m for m in iter(lambda: looker.wait_for("table", 3), None) if not m["spectators"]), None)
        assert row is not None and row["spectators"] is False
        assert LobbyBrowser(use_zeroconf=False)._table_info("s", "127.0.0.1", server.port, row).spectators is False
        late = RawPeer(server.port, name="Late")
        late.send({"type": "watch", "seat": "bottom"})
        assert late.error()["code"] == "no_watchers"
        assert bounded(lambda: server.host.mh.version > 0 and server.host.mh.match.in_deal, 5)   # the match goes on
    finally:
        server.stop()


def test_the_host_sends_one_spectator_off_by_name_and_the_others_watch_on():
    """The host could turn spectators away only all at once, knowing only how many watched.
    The players hear who watches (``who``); the host sends one off by its number: it hears
    why, the other watches on, and no new spectator of that computer is taken."""
    from host.seating import WATCHER_SENT_OFF
    server = serve("manni", {"bottom": "host", "left": "bot:KADO", "right": "bot:KADO"})
    try:
        me = server.local_link("bottom")
        mona, cy = RawPeer(server.port, name="Mona"), RawPeer(server.port, name="Cy")
        for w in (mona, cy):
            w.send({"type": "watch", "seat": "bottom"})
            assert w.expect("welcome")["spectator"]
        assert bounded(lambda: me.poll() is not None and sorted(n for _s, n in me.watching) == ["Cy", "Mona"], 3)
        serial = dict((n, s) for s, n in me.watching)["Mona"]
        me.send_watcher_off(serial)
        assert mona.expect("bye")["reason"] == WATCHER_SENT_OFF
        assert bounded(lambda: me.poll() is not None and [n for _s, n in me.watching] == ["Cy"], 3)
        assert me.watchers == 1 and watching(server) == 1
        cy.send({"type": "ping", "n": 7})
        assert cy.expect("pong")["n"] == 7                   # Cy watches on
        again = RawPeer(server.port, name="Mona2")
        again.send({"type": "watch", "seat": "bottom"})
        assert again.error()["code"] == "no_watchers"        # not back in under another name
        me.send_watcher_off(serial)                          # gone already: nothing happens
        assert watching(server) == 1 and not server.host.watchers_away
    finally:
        server.stop()


def test_a_friend_back_with_another_name_keeps_the_seats_name():
    """Sam left and came back with "Samantha" in the lobby's name box: the host renamed the
    seat mid-match, told everyone "Samantha is back", and the statistics of one match split
    in two.  A seat's name stays its player's for the whole match."""
    server = serve("manni", {"bottom": "host", "left": "open", "right": "open"})
    try:
        sam = joined_client(server.port, "left", name="Sam")
        joined_client(server.port, "right", name="Jonathan Christopher Ashworth-Lee")   # 33 letters: cut,
        assert bounded(lambda: server.host.seats["right"].name == "Jonathan Christopher Ashworth-Le", 3)   # not refused
        token = sam.token
        sam.close()
        assert bounded(lambda: server.host.seats["left"].endpoint is None, 3)
        back = RawPeer(server.port, name="Samantha")
        back.send({"type": "join", "token": token, "name": "Samantha"})
        welcome = back.expect("welcome")
        assert welcome["players"]["left"]["name"] == "Sam" and server.host.seats["left"].name == "Sam"
    finally:
        server.stop()


def test_the_players_say_how_a_friend_went_even_when_a_bot_stands_in_at_once():
    """With no grace a drop gets its bot at once, and friends' screens guessed "left" from
    that where the host's said "lost": the host now says which (``gone``)."""
    from host.link import seat_notices
    server = serve("manni", {"bottom": "host", "left": "open", "right": "open"}, grace=0.0)
    try:
        bo = joined_client(server.port, "left", name="Bo")
        cy = joined_client(server.port, "right", name="Cy")
        before = cy.wait_for("players", 3)["players"]
        while before["left"].get("kind") != "human":
            before = cy.wait_for("players", 3)["players"]
        bo._drop_socket()
        after = next(m["players"] for m in iter(lambda: cy.wait_for("players", 3), None)
                     if m["players"]["left"].get("connected") is False)
        assert after["left"]["gone"] == "lost" and after["left"]["standin"]
        assert [n["kind"] for n in seat_notices(before, after)] == ["lost", "standin"]
    finally:
        server.stop()
