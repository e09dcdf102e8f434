"""Helpers for the LAN tests (servers on loopback, raw peers, bot players), and
the small pure pieces: framing limits, message checks, addresses, seat specs."""
import socket
import struct
import time
import uuid

import msgpack
import pytest

from bots import make_bot
from net import HostServer, Client, parse_seats, parse_address
from net.cli import AutoSeat, ClientSeat
from net.client import looks_like_address
from net.framing import (CLIENT_LIMITS, HOST_LIMITS, FrameBuffer, FrameError, decode_payload,
                         encode)
from net.protocol import PROTOCOL_VERSION, ProtocolError, check_client_message

LOOP = "127.0.0.1"
SHORT = {"manfee": {"target": 13}, "manille": {"target": 20},
         "manille-muette": {"max_deals": 2}, "manni": {"target": 2}}


def unique(prefix="T"):
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def serve(game="manfee", seats=None, options=None, **kw):
    """A started HostServer on loopback, not advertised unless asked."""
    kw.setdefault("bind", LOOP)
    kw.setdefault("port", 0)
    kw.setdefault("interfaces", [LOOP])
    kw.setdefault("advertise", False)
    kw.setdefault("seed", 7)
    server = HostServer(unique(), game, SHORT[game] if options is None else options, seats, **kw)
    server.start()
    return server


def bounded(pred, timeout, step=0.005):
    """Wait until ``pred()`` is true; False after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(step)
    return bool(pred())


def play(players, until, timeout=30.0):
    """Step AutoSeats until ``until()``; fail the test after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "the match did not finish in time"
        for p in players:
            p.step()
        time.sleep(0.0005)


def joined_client(port, seat=None, name="Tester", **kw):
    c = Client(LOOP, port, name=name, seat=seat, auto_join=True, **kw).start()
    msg = c.wait_for(("welcome", "error", "disconnected"), 5)
    assert msg and msg["type"] == "welcome", msg
    return c


def bot_player(endpoint, name="RANDOM", seed=1, on_message=None):
    """A bot playing ``endpoint``: the host's own seat (a table link) or a Client."""
    link = endpoint if hasattr(endpoint, "poll") else ClientSeat(endpoint)
    return AutoSeat(link, make_bot(name, seed), on_message)


def view_of(endpoint):
    """The newest view of a Client or of the host's own seat (a table link)."""
    return endpoint.view() if callable(endpoint.view) else endpoint.view


class RawPeer:
    """A hand-driven TCP peer, to send whatever bytes a hostile client would."""

    def __init__(self, port, hello=True, name="raw"):
        self.sock = socket.create_connection((LOOP, port), timeout=5)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.frames = FrameBuffer(CLIENT_LIMITS)
        self.eof = False
        self.view = None
        if hello:
            self.send({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name})
            assert self.expect("table")["type"] == "table"

    def send(self, msg):
        self.raw(encode(msg))

    def frame(self, payload):
        self.raw(struct.pack(">I", len(payload)) + payload)

    def raw(self, data):
        try:
            self.sock.sendall(data)
        except OSError:
            self.eof = True

    def recv(self, timeout=2.0):
        """The next message, or None (timeout or the host closed the connection)."""
        deadline = time.monotonic() + timeout
        while True:
            for payload in self.frames.payloads():
                msg = decode_payload(payload, CLIENT_LIMITS)
                if isinstance(msg.get("view"), dict):
                    self.view = msg["view"]
                return msg
            if self.eof:
                return None
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                return None
            except OSError:
                data = b""
            if not data:
                self.eof = True
            self.frames.feed(data)

    def expect(self, kind, timeout=3.0):
        """Messages until one of type ``kind`` (returned) or the end (None)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            msg = self.recv(deadline - time.monotonic())
            if msg is None:
                return None
            if msg["type"] == kind:
                return msg
        return None

    def error(self, timeout=3.0):
        return self.expect("error", timeout)

    def closed(self, timeout=3.0):
        """True once the host has closed the connection."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and not self.eof:
            self.recv(deadline - time.monotonic())
        return self.eof

    def close(self):
        self.sock.close()


# -- the pure pieces -------------------------------------------------------------------

def test_frames_round_trip_and_split_anywhere():
    msgs = [{"type": "ping", "n": i, "pad": "x" * i} for i in range(50)]
    data = b"".join(encode(m) for m in msgs)
    buf = FrameBuffer(CLIENT_LIMITS)
    got = []
    for i in range(0, len(data), 7):
        buf.feed(data[i:i + 7])
        got += [decode_payload(p, CLIENT_LIMITS) for p in buf.payloads()]
    assert got == msgs


@pytest.mark.parametrize("payload, code", [
    (b"\xc1", "bad_message"),                                  # a byte msgpack never uses
    (msgpack.packb({"type": "ping"}) + b"\x00", "bad_message"),  # trailing bytes
    (msgpack.packb([1, 2]), "bad_message"),                    # not a map
    (msgpack.packb({"n": 1}), "bad_message"),                  # no type
    (msgpack.packb({1: "a", "type": "x"}), "bad_message"),     # a key that is not a string
    (msgpack.packb({"type": "x", "s": "y" * 600}), "bad_message"),
    (msgpack.packb({"type": "x", "l": list(range(100))}), "bad_message"),
    (msgpack.packb({"type": "x", "e": msgpack.ExtType(1, b"abc")}), "bad_message"),
    (b"\x91" * 5000, "bad_message"),                           # nested past the decoder's stack
])
def test_host_side_decoding_refuses_bad_payloads(payload, code):
    with pytest.raises(FrameError) as e:
        decode_payload(payload, HOST_LIMITS)
    assert e.value.code == code and e.value.reason


def test_nesting_is_bounded_by_a_small_depth():
    deep = {"type": "ping"}
    inner = deep
    for _ in range(7):
        inner["x"] = {}
        inner = inner["x"]
    decode_payload(msgpack.packb(deep), HOST_LIMITS)            # depth 8: fine
    inner["x"] = [1]
    with pytest.raises(FrameError, match="deeper"):
        decode_payload(msgpack.packb(deep), HOST_LIMITS)


def test_oversized_frames_are_refused_by_their_header():
    buf = FrameBuffer(HOST_LIMITS)
    buf.feed(struct.pack(">I", HOST_LIMITS.frame + 1) + b"x")
    with pytest.raises(FrameError) as e:
        list(buf.payloads())
    assert e.value.code == "frame_too_large"


@pytest.mark.parametrize("msg, code", [
    ({"type": "dance"}, "unknown_type"),
    ({"type": "hello"}, "bad_field"),
    ({"type": "hello", "protocol": "1"}, "bad_field"),
    ({"type": "hello", "protocol": 1, "name": "n" * 40}, "bad_field"),
    ({"type": "join", "seat": 3}, "bad_field"),
    ({"type": "action", "action": {"play": "QH"}}, "bad_field"),
    ({"type": "action", "action": "QH", "version": 1}, "bad_field"),
    ({"type": "action", "action": {"play": ["QH"]}, "version": 1}, "bad_field"),
    ({"type": "action", "action": {"play": "QH"}, "version": True}, "bad_field"),
    ({"type": "ping", "n": 1.5}, "bad_field"),
])
def test_message_checks(msg, code):
    with pytest.raises(ProtocolError) as e:
        check_client_message(msg)
    assert e.value.code == code


def test_addresses_and_seat_specs():
    assert parse_address("10.0.0.2:4000") == ("10.0.0.2", 4000)
    assert parse_address("[::1]:5")[1] == 5 and parse_address("host")[0] == "host"
    assert looks_like_address("127.0.0.1:47820") and not looks_like_address("Ana's table")
    with pytest.raises(ValueError):
        parse_address("host:99999")
    assert parse_address("ana-laptop.local") == ("ana-laptop.local", 47820)
    assert parse_address("[fe80::1%eth0]:4000") == ("fe80::1%eth0", 4000)
    for nonsense in ("hello there", "hello there:4000", "café:1", "a/b"):    # no machine is called that
        with pytest.raises(ValueError):
            parse_address(nonsense)
    s = parse_seats("bottom=host,left=open,top=bot:tana", "manfee")
    assert s == {"bottom": "host", "left": "open", "top": "bot:TANA", "right": "open"}
    with pytest.raises(ValueError):
        parse_seats("top=bot:NOBODY", "manfee")
    with pytest.raises(ValueError):
        parse_seats("top=host", "manni")


def test_the_advert_lists_this_machines_ipv4_addresses_once_without_loopback(monkeypatch):
    """Read with ifaddr (zeroconf's get_all_addresses is deprecated): IPv6, loopback and
    an address two adapters share are left out; no deprecation warning on the way."""
    import warnings
    from types import SimpleNamespace as NS

    import net.advert as advert

    def ip(address, v4=True):
        return NS(ip=address if v4 else (address, 0, 0), is_IPv4=v4)

    adapters = [NS(ips=[ip("127.0.0.1"), ip("::1", v4=False)]),
                NS(ips=[ip("192.168.1.7"), ip("fe80::1", v4=False)]),
                NS(ips=[ip("10.0.0.3"), ip("192.168.1.7")])]
    monkeypatch.setattr(advert.ifaddr, "get_adapters", lambda: adapters)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert advert.local_addresses() == ["192.168.1.7", "10.0.0.3"]
        assert advert.advert_addresses(None) == ["192.168.1.7", "10.0.0.3"]
    monkeypatch.setattr(advert.ifaddr, "get_adapters", lambda: adapters[:1])
    assert advert.advert_addresses(None) == ["127.0.0.1"]        # loopback only: still findable here


@pytest.mark.network
def test_the_cli_takes_game_py_argv_and_reports_an_unreachable_table(capsys):
    from net.cli import main
    with socket.socket() as s:
        s.bind((LOOP, 0))
        port = s.getsockname()[1]          # nobody listens here once closed
    code = main(["--headless", "--join", f"{LOOP}:{port}", "--bot", "KADO", "--fullscreen",
                 "--max-seconds", "5"])
    assert code == 3
    out = capsys.readouterr()
    assert "cannot reach" in out.out and "--fullscreen" in out.err
    assert main(["--headless", "--host", "x", "--game", "manni", "--seats", "top=host"]) == 1


# -- strict decoding: what the document says, and reasons of our own ------------------

MSGPACK_WORDS = ("exceeds", "max_", "unpack", "Error", "extra data", "codec", "byte 0x", "position")


@pytest.mark.parametrize("payload, reason", [
    (msgpack.packb({b"type": "ping"}, use_bin_type=True), "map keys must be strings"),
    (msgpack.packb({"type": "ping", "x": {b"k": 1}}, use_bin_type=True), "map keys must be strings"),
    (msgpack.packb({"type": "ping", 3: 1}), "map keys must be strings"),
    (b"\x82\xa4type\xa4ping\x91\x01\x01", "map keys must be strings"),       # a list as a key
    (msgpack.packb({"type": "ping", "x": b""}, use_bin_type=True), "no bin"),
    (msgpack.packb({"type": "ping", "x": b"ab"}, use_bin_type=True), "bin"),
    (msgpack.packb({"type": "ping", "n": 1.5}), "float"),
    (msgpack.packb({"type": "ping", "x": [True, None, 2.0]}), "float"),
    (msgpack.packb({"type": "x", "e": msgpack.ExtType(1, b"abc")}), "extension"),
    (msgpack.packb({"type": "ping"}) + b"\x00", "bytes after the end"),
    (b"\xa2\xff\xfe", "not UTF-8"),
    (b"\xc1", "not MessagePack"),
    (msgpack.packb({"type": "ping"})[:-2], "ends in the middle"),
    (msgpack.packb({"type": "x", "s": "y" * 600}), "512 bytes"),
    (b"\x91" * 5000, "nested deeper than 8"),
])
def test_bad_payloads_get_a_reason_of_ours_never_the_decoders(payload, reason):
    with pytest.raises(FrameError) as e:
        decode_payload(payload, HOST_LIMITS)
    assert e.value.code == "bad_message" and e.value.fatal
    assert reason in e.value.reason, e.value.reason
    assert not any(w in e.value.reason for w in MSGPACK_WORDS), e.value.reason


def test_what_the_protocol_allows_still_decodes():
    msg = {"type": "action", "action": {"play": "QH", "signal": None, "n": -3, "b": False},
           "version": 2 ** 40, "l": [[], {}, ""]}
    assert decode_payload(msgpack.packb(msg, use_bin_type=True), HOST_LIMITS) == msg


@pytest.mark.network
def test_a_bin_key_is_refused_on_the_wire_and_the_connection_closed():
    server = serve("manni", {"bottom": "host", "left": "open", "right": "open"})
    try:
        peer = RawPeer(server.port)
        peer.frame(msgpack.packb({"type": "join", b"seat": "left"}, use_bin_type=True))
        err = peer.error()
        assert err == {"type": "error", "code": "bad_message", "reason": "map keys must be strings"}
        assert peer.closed()
        assert server.table_info()["free"] == ["left", "right"]
    finally:
        server.stop()


# -- the host's budgets, without sockets ----------------------------------------------

def test_token_bucket():
    from net.limits import Bucket
    b = Bucket(rate=2.0, burst=3, now=0.0)
    assert [b.take(0.0) for _ in range(4)] == [True, True, True, False]
    assert b.wait(0.0) == pytest.approx(0.5)
    assert b.take(0.5) and not b.take(0.5)
    assert not b.full(1.0) and b.full(2.0)


def test_who_makes_room_in_a_full_lobby():
    from dataclasses import dataclass
    from net.limits import choose_victim

    @dataclass
    class C:
        address: str
        opened: float

    assert choose_victim([], "a", 0, 4) == (None, "")
    lobby = [C("a", 1), C("b", 2), C("b", 3), C("c", 4)]
    assert choose_victim(lobby, "d", 5, 4) == (None, "")                # room left
    victim, why = choose_victim(lobby, "d", 4, 4)
    assert victim is lobby[1] and "full" in why                        # oldest of the busiest address
    mine = [C("a", t) for t in (5, 3, 9, 7)]
    victim, why = choose_victim(mine + lobby, "a", 32, 4)
    assert victim.opened == 1 and "your address" in why                 # a crowd pays for itself


def test_address_budgets_and_keys():
    from net.limits import AddressBudget, address_key
    g = AddressBudget(burst=2, every=10.0, max_addresses=3)
    assert g.attempt("a", 0) == 0 and g.attempt("a", 0) == 0
    assert g.attempt("a", 1) == pytest.approx(9.0)
    assert g.attempt("b", 1) == 0
    for i in range(10):                                    # bounded memory, whatever comes
        g.attempt(f"x{i}", 2)
    assert len(g._buckets) <= 3
    assert address_key("2001:db8::1") == address_key("2001:db8::ffff:2") == "2001:db8::/64"
    assert address_key("::ffff:192.168.1.7") == "192.168.1.7"


def test_the_log_budget_holds_back_and_counts():
    import logging
    from net.limits import LogLimiter
    records = []

    class H(logging.Handler):
        def emit(self, record):
            records.append(record.getMessage())

    logger = logging.getLogger("manfee.test.budget")
    logger.addHandler(H())
    logger.propagate = False
    limit = LogLimiter(logger, burst=3, every=3600)
    for i in range(100):
        limit("peer", logging.ERROR, "trouble %d", i)
    limit("other", logging.ERROR, "another kind")
    assert records == ["trouble 0", "trouble 1", "trouble 2", "another kind"]
    assert limit.suppressed == {"peer": 97}


def test_the_socket_budget_fits_the_open_file_limit(monkeypatch):
    import resource
    from net import limits
    monkeypatch.setattr(resource, "getrlimit", lambda which: (64, 4096))
    monkeypatch.setattr(limits, "open_files", lambda: 10)
    assert limits.file_budget(48) == 64 - 10 - 24
    monkeypatch.setattr(resource, "getrlimit", lambda which: (100000, 100000))
    assert limits.file_budget(48) == 48
    server = HostServer("t", "manfee", None, {"bottom": "host"}, advertise=False)
    assert server.max_conns == 32 + 2 * 3 + 8 and server.max_lobby == 32     # three seats for friends


def test_an_auto_seat_answers_again_after_a_new_welcome():
    """A host resumed from its save counts its versions anew, and a move in flight when it
    died is lost: the seat must answer the same version number again after the welcome."""
    from net.cli import AutoSeat

    class Link:
        def __init__(self):
            self.inbox, self.sent = [], []
            self.v = {"seat": "left", "turn": "left", "legal": [{"play": "7H"}], "version": 4}

        def poll(self):
            out, self.inbox = self.inbox, []
            return out

        def view(self):
            return self.v

        def act(self, seat, action):
            self.sent.append((seat, action))
            return True

    class Bot:
        def choose(self, view):
            return dict(view["legal"][0])

    link = Link()
    seat = AutoSeat(link, Bot())
    seat.step()
    seat.step()
    assert link.sent == [("left", {"play": "7H"})]          # one answer a version
    link.inbox.append({"type": "welcome", "seat": "left", "token": "t", "rejoin": True})
    seat.step()
    assert len(link.sent) == 2                                # back, at version 4 again: answered
