"""A private table: an open seat needs the host's join code; wrong codes are
refused and rate-limited per address; a token always takes its seat back."""
import socket

import pytest

from net import Client, HostServer, LobbyBrowser
from net.protocol import check_join_code, new_join_code, normalize_code, show_code
from test_net_support import LOOP, RawPeer, bounded, joined_client, serve

pytestmark = pytest.mark.network     # sockets on loopback (and zeroconf on 127.0.0.1)


SEATS = {"bottom": "host", "left": "open", "top": "open", "right": "bot:KADO"}


class FromPeer(RawPeer):
    """A RawPeer from another loopback address (another machine, as the host sees it)."""

    def __init__(self, port, source, hello=True):
        real = socket.create_connection

        def bound(address, timeout=None):
            return real(address, timeout, source_address=(source, 0))

        socket.create_connection = bound
        try:
            super().__init__(port, hello=hello)
        finally:
            socket.create_connection = real


def test_codes_are_normalized_generated_and_checked():
    assert normalize_code(" 482-913 ") == "482913" and normalize_code("ab cd") == "ABCD"
    code = new_join_code()
    assert len(code) == 6 and code.isdigit()
    assert show_code("482913") == "482 913"
    assert check_join_code("482 913") == "482913"
    for bad in ("12", "x" * 13, "12 3!", "١٢٣٤"):
        with pytest.raises(ValueError):
            check_join_code(bad)
    with pytest.raises(ValueError):
        HostServer("t", "manni", None, {"bottom": "host"}, join_code="no!", advertise=False)


def test_a_stranger_without_the_code_cannot_sit_and_a_friend_with_it_can():
    server = serve("manfee", SEATS, join_code="482 913")
    try:
        assert server.join_code == "482913" and server.private
        info = server.table_info()
        assert info["private"] is True and server._advert_props()["private"] == 1
        stranger = FromPeer(server.port, "127.0.0.21")
        stranger.send({"type": "join", "seat": "left"})
        err = stranger.error()
        assert err["code"] == "bad_code" and "join code" in err["reason"]
        stranger.send({"type": "join", "seat": "left", "code": "000000"})
        assert stranger.error()["code"] == "bad_code"
        stranger.send({"type": "ping", "n": 4})                     # the connection is kept
        assert stranger.expect("pong")["n"] == 4
        assert server.table_info()["free"] == ["left", "top"]       # nothing changed
        # A friend types the code as shown on the host's screen.
        friend = joined_client(server.port, "left", name="Bo", code="482-913")
        assert friend.seat == "left" and friend.token
        assert server.counts["bad_code"] == 2
        friend.close()
        stranger.close()
    finally:
        server.stop()


def test_wrong_codes_are_rate_limited_per_address_even_when_the_right_one_comes():
    server = serve("manfee", SEATS, join_code="482913", code_tries=5, code_every=60)
    try:
        guesser = FromPeer(server.port, "127.0.0.22")
        for guess in ("111111", "222222", "333333", "444444", "555555"):
            guesser.send({"type": "join", "seat": "left", "code": guess})
            assert guesser.error()["code"] == "bad_code"
        # The sixth try is refused before it is checked: no oracle for the right code.
        guesser.send({"type": "join", "seat": "left", "code": "482913"})
        err = guesser.error()
        assert err["code"] == "rate_limited" and "wait" in err["reason"]
        # A new connection from the same address does not get new tries.
        again = FromPeer(server.port, "127.0.0.22")
        again.send({"type": "join", "seat": "left", "code": "482913"})
        assert again.error()["code"] == "rate_limited"
        # Another address is not held back by that one.
        friend = FromPeer(server.port, "127.0.0.23")
        friend.send({"type": "join", "seat": "left", "code": "482913"})
        assert friend.expect("welcome")["seat"] == "left"
        for p in (guesser, again, friend):
            p.close()
    finally:
        server.stop()


def test_a_token_takes_its_seat_back_without_the_code():
    server = serve("manfee", SEATS, join_code=True, grace=5)
    try:
        code = server.join_code
        assert len(code) == 6
        ann = joined_client(server.port, "left", name="Ann", code=code)
        token = ann.token
        ann._drop_socket()
        assert bounded(lambda: server.table_info()["players"]["left"].get("connected") is False, 3)
        back = Client(LOOP, server.port, name="Ann", token=token).start()      # no code
        w = back.wait_for(("welcome", "error"), 3)
        assert w["type"] == "welcome" and w["rejoin"] and w["seat"] == "left"
        # A wrong token is no way around the code.
        thief = FromPeer(server.port, "127.0.0.24")
        thief.send({"type": "join", "token": "0" * 32})
        assert thief.error()["code"] == "bad_token"
        thief.send({"type": "join", "seat": "top"})
        assert thief.error()["code"] == "bad_code"
        back.close()
        thief.close()
    finally:
        server.stop()


def test_an_open_table_ignores_codes_and_the_lobby_sees_which_tables_are_private():
    open_table = serve("manni", {"bottom": "host", "left": "open", "right": "open"})
    private = serve("manni", {"bottom": "host", "left": "open", "right": "open"}, join_code="7777")
    browser = LobbyBrowser(use_zeroconf=False).start()
    try:
        assert open_table.join_code is None and "private" not in open_table.table_info()
        c = joined_client(open_table.port, "left", code="whatever")
        assert c.seat == "left"
        browser.add_address(LOOP, open_table.port)
        browser.add_address(LOOP, private.port)
        seen = {}
        assert bounded(lambda: len({t.port for t in browser.tables()}) == 2, 3)
        for t in browser.tables():
            seen[t.port] = t.private
        assert seen == {open_table.port: False, private.port: True}
        c.close()
    finally:
        browser.stop()
        open_table.stop()
        private.stop()
