"""Nothing leaks: every message a client receives, over many whole matches of
every game, holds only cards its seat may know at that moment.

What a seat may know is worked out independently of the host's views: the
final record (true hands) is replayed action by action, and for each message
the state it describes (deal, number of actions) gives the allowed set: the
seat's hand when the rules let it see it, the hand it passed away (Manfee),
the hand it swapped out (Manni), every card played, and the Manni trump two.
A Manille muette dealer sees its blind hand once it has sent ``look``.
"""
import random
import re
import time
import zlib

import pytest

from bots import make_bot
from net import Client
from net.cli import AutoSeat, ClientSeat
from rules.cards import mask_texts
from rules.match import Match
from rules.record import _read_deal
from rules.views import hand_visible
from test_net_support import LOOP, bounded, play, serve

pytestmark = pytest.mark.network     # sockets on loopback (and zeroconf on 127.0.0.1)


CARD = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][SHDC](?![A-Za-z0-9])")


class RecordingClient(Client):
    """A client that keeps every message it receives (decoded from the wire) and sends."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.log = []

    def _receive(self, msg, pings):
        self.log.append(("recv", msg))
        return super()._receive(msg, pings)

    def send(self, msg):
        self.log.append(("sent", msg))
        return super().send(msg)


def strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from strings(v)


def cards_in(msg):
    return {c for s in strings(msg) for c in CARD.findall(s)}


def knowledge(record):
    """{(deal, actions so far): {seat: allowed card set}} from the true record."""
    m = Match(record["game"], record["options"])
    g = m.game
    out = {}
    for i, deal in enumerate(record["deals"]):
        dealer, hands, widow, actions = _read_deal(g, deal)
        m.start_deal(dealer, hands, widow)
        for k in range(len(actions) + 1):
            d = m.deal
            allowed = {}
            for s, name in enumerate(g.seats):
                ok = set(mask_texts(d.played))
                if hand_visible(d, s):
                    ok |= set(mask_texts(d.hands[s]))
                if getattr(d, "passed", False):
                    ok |= set(mask_texts(d.dealt[s]))
                if getattr(d, "swapper", -1) == s:
                    ok |= set(mask_texts(d.swapped_out))
                if g.name == "manni":
                    ok.add("2" + "SHDC"[d.trump])
                allowed[name] = (ok, set(mask_texts(d.hands[s])))
            public = set(mask_texts(d.played)) | ({"2" + "SHDC"[d.trump]} if g.name == "manni" else set())
            allowed["*spectator"] = (public, set())
            out[(i, k)] = allowed
            if k < len(actions):
                a = actions[k]
                m.apply(a["seat"], {x: y for x, y in a.items() if x != "seat"})
    return out


def check_log(seat, log, known):
    """Assert that no received message shows ``seat`` a card it may not know."""
    looked = set()           # deals in which this seat turned its blind hand up
    checked = 0
    last_deal = None
    for direction, msg in log:
        view = msg.get("view") if isinstance(msg.get("view"), dict) else None
        if direction == "sent":
            if msg.get("type") == "action" and msg["action"] == {"look": True} and view is None:
                looked.add(last_deal)
            continue
        seen = cards_in(msg)
        if view is None or view.get("phase") == "waiting":
            assert not seen, f"{seat} got cards {seen} in {msg['type']}"
            if view is not None:      # a message with no view (players, watchers, said) is no new deal
                last_deal = None
            continue
        assert view["seat"] == seat or seat == "*spectator"
        if seat == "*spectator":
            assert view["hand"] is None and not view.get("passed_hand") and not view.get("swapped_out")
        key = (view["deal"], len(view["history"]))
        last_deal = view["deal"]
        allowed, hand = known[key][seat]
        ok = set(allowed)
        if view["deal"] in looked:
            ok |= hand
        leaked = seen - ok
        assert not leaked, f"{seat} was sent {sorted(leaked)} at deal {key[0]} action {key[1]}: {msg}"
        checked += 1
    return checked


class Curious:
    """A bot that often turns a blind Manille muette hand up (``look``) before choosing."""

    def __init__(self, bot, rng):
        self.bot = bot
        self.rng = rng

    def choose(self, view):
        if {"look": True} in view["legal"] and self.rng.random() < 0.6:
            return {"look": True}
        return self.bot.choose(view)


class PatientDealer(AutoSeat):
    """Waits a moment before naming Manille trump, so the partner has time to peek."""

    def step(self, timeout=0.0):
        v = self.link.view()
        if v and v.get("game") == "manille" and v.get("phase") == "trump" and v.get("legal"):
            first = self.__dict__.setdefault("_seen", {}).setdefault(v["version"], time.monotonic())
            if time.monotonic() - first < 0.02:
                self.acted = v["version"]        # not yet
            elif self.acted == v["version"] and not self.__dict__.get("_released", {}).get(v["version"]):
                self.__dict__.setdefault("_released", {})[v["version"]] = True
                self.acted = None
        return super().step(timeout)


def peeker(client, rng, state):
    """Sometimes the Manille dealer's partner looks before trump (a public misdeal)."""
    v = client.view
    if v and v.get("hand") is None and v.get("phase") == "trump" and v.get("game") == "manille":
        key = (v["deal"], v["version"])
        if key not in state and rng.random() < 0.5:
            client.act({"peek": True})
        state.add(key)


CONFIGS = [
    ("manfee", {"target": 13, "signals": True}, "SADA"),
    ("manfee", {"target": 13, "signals": False}, "RANDOM"),
    ("manille", {"target": 20}, "RANDOM"),
    ("manille-muette", {"max_deals": 2, "blind": True}, "RANDOM"),
    ("manille-muette", {"max_deals": 2, "en_face": True, "doubling": True}, "KADO"),
    ("manni", {"target": 2}, "RANDOM"),
]


@pytest.mark.parametrize("game, options, character", CONFIGS)
def test_no_message_to_a_client_holds_a_card_its_seat_may_not_know(game, options, character):
    rng = random.Random(zlib.crc32(f"{game}{options}".encode()))
    checked = 0
    special = {"peek": 0, "look": 0, "rejoin": 0}
    for match_no in range(3):
        from rules.games import get_game
        seats = get_game(game).seats
        bot_seat = seats[match_no + 1] if match_no and len(seats) == 4 else None
        spec = {s: ("bot:KADO" if s == bot_seat else "open") for s in seats}
        server = serve(game, spec, options, seed=rng.randrange(1 << 30), grace=0.05)
        try:
            clients = {}
            for s in seats:
                if s == bot_seat:
                    continue
                c = RecordingClient(LOOP, server.port, name=s.title(), seat=s, auto_join=True).start()
                assert c.wait_for("welcome", 5)
                clients[s] = c
            # A friend watches the whole match: only what is public, never a hand.
            watcher = RecordingClient(LOOP, server.port, name="Watcher").start()
            assert watcher.wait_for("table", 5)
            watcher.watch(seats[0])
            assert watcher.wait_for("welcome", 5)["spectator"]
            players = {s: PatientDealer(ClientSeat(c), Curious(make_bot(character, rng.randrange(1000)), rng))
                       for s, c in clients.items()}
            drop_at = rng.randrange(3, 12)
            dropper = rng.choice(sorted(clients))
            logs = {s: [] for s in clients}
            peeks = set()

            def done(clients=clients):
                return all(c.view and c.view.get("finished") for c in clients.values())

            steps = 0

            def until(clients=clients, dropper=dropper, drop_at=drop_at, logs=logs, server=server,
                      peeks=peeks, done=done):
                nonlocal steps
                steps += 1
                for c in clients.values():
                    peeker(c, rng, peeks)
                c = clients[dropper]
                if c.view and c.view["version"] >= drop_at and c.joined and not logs[dropper]:
                    # The connection breaks mid-match; a bot stands in; the token takes it back.
                    logs[dropper], c.log = c.log, []
                    c._drop_socket()
                    assert bounded(lambda: server.slots[dropper].standin, 3)
                    c.reconnect()
                    assert c.wait_for("welcome", 3)["rejoin"]
                return done()

            play(list(players.values()), until, timeout=40)
            record = server.mh.record()
        finally:
            server.stop()
        known = knowledge(record)
        checked += check_log("*spectator", watcher.log, known)
        watcher.close()
        for s, c in clients.items():
            log = logs[s] + c.log
            checked += check_log(s, log, known)
            sent = [m["action"] for d, m in log if d == "sent" and m.get("type") == "action"]
            special["peek"] += sent.count({"peek": True})
            special["look"] += sent.count({"look": True})
            special["rejoin"] += sum(1 for d, m in log if m.get("type") == "welcome" and m.get("rejoin"))
    assert checked > 300 and special["rejoin"] == 3
    if game == "manille":
        assert special["peek"] > 0          # the partner's hand stays hidden until then
    if options.get("blind"):
        assert special["look"] > 0


def test_the_scan_catches_a_planted_card():
    from rules.host import MatchHost
    h = MatchHost.new("manni", {"target": 2}, seed=3)
    h.start_deal()
    known = knowledge(h.record())
    v = h.view("left")
    check_log("left", [("recv", {"type": "events", "events": [], "view": v})], known)
    other = h.view("right")["hand"]
    with pytest.raises(AssertionError, match="was sent"):
        check_log("left", [("recv", {"type": "events", "events": [], "view": dict(v, hand=other)})], known)
    with pytest.raises(AssertionError, match="got cards"):
        check_log("left", [("recv", {"type": "players", "players": {"right": {"name": f"has {other[0]}"}}})],
                  known)
