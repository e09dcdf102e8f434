"""A LAN match as the table scene sees it: views received, intents sent.

``RemoteSession`` has the interface the table scene expects of a
``MatchSession`` (seats, game, match, name, controllers, whose_turn, view,
summaries...), but it decides nothing: the host (``net.HostServer``) holds the
deck and the rules.  What it knows comes from an endpoint's inbox:

* a ``net.Client`` (a player who joined over the network), or
* the host's own ``net.LocalSeat`` (the host plays through the same table).

Both deliver the same messages (welcome, events, players, error, host_closed,
and for a Client disconnected).  Intents go out with the version of the view
the player answered; a move shows only once the host's events confirm it.
No pygame here.
"""
import queue

from net.seats import LocalSeat
from rules.games import get_game


class SeatKind:
    """The table scene's "controller" of a seat: only its ``kind`` matters remotely.

    ``human`` is this machine's player; ``bot`` a bot character at the host (or a
    bot standing in); ``remote`` a person at another machine (or an open seat).
    """

    def __init__(self, kind, name=""):
        self.kind = kind
        self.name = name

    def request(self, view):
        pass

    def poll(self):
        return None

    def close(self):
        pass


class RemoteMatch:
    """The few match facts the scene reads, taken from the latest view."""

    def __init__(self, session):
        self._s = session

    @property
    def _view(self):
        return self._s.latest or {}

    @property
    def in_deal(self):
        return self._view.get("phase") not in (None, "waiting")

    @property
    def finished(self):
        return bool(self._view.get("finished"))

    @property
    def winner(self):
        return self._view.get("winner")

    @property
    def totals(self):
        t = self._view.get("totals") or {}
        return [t.get(side, 0) for side in self._s.game.sides]

    @property
    def summaries(self):
        return self._s.summaries()


class RemoteSession:
    """The table scene's session for a seat at a LAN table (client or host's own seat)."""

    replay = False
    save_error = None
    remote = True

    def __init__(self, endpoint, welcome, server=None, table=None):
        """``endpoint``: a net.Client or net.LocalSeat whose ``welcome`` message has arrived.

        ``server``: the HostServer when this machine hosts (closing the session stops it).
        ``table``: the lobby's ``table`` message, if known (the table's name and options).
        """
        self.endpoint = endpoint
        self.server = server
        self.table = table or {}
        self.table_name = welcome.get("table") or self.table.get("table") or "LAN table"
        self.seat = welcome["seat"]
        self.token = welcome.get("token")
        self.latest = welcome["view"]
        self.game_obj = get_game(self.latest["game"])
        self.seats = tuple(self.latest.get("seats") or self.game_obj.seats)
        self.players = {}
        self.controllers = {}
        self._summaries = []
        self.match = RemoteMatch(self)
        self.closed_reason = None       # the host closed the table (reason)
        self.lost = None                # the connection dropped (reason); reconnect() may help
        self._set_players(welcome.get("players") or {})
        self._note_scores(self.latest, None)

    # -- the session interface the table scene uses --------------------------------------------
    @property
    def game(self):
        return self.game_obj

    def humans(self):
        return [self.seat]

    def name(self, seat):
        p = self.players.get(seat) or {}
        if seat == self.seat:
            return p.get("name") or "You"
        if p.get("kind") == "open":
            return f"{seat.title()} (open)"
        return p.get("name") or seat.title()

    def whose_turn(self):
        return (self.latest or {}).get("turn")

    def needs_deal(self):
        return False                   # the host deals

    def view(self, seat):
        """The newest view this seat received (only our own seat has one)."""
        return self.latest

    def summaries(self):
        return list(self._summaries)

    def start_deal(self):
        return []

    def submit(self, seat, action):
        raise RuntimeError("a remote table sends intents (send_action); the host decides")

    def record(self):
        return None

    def flush(self):
        pass

    # -- talking to the host -------------------------------------------------------------------
    @property
    def hosting(self):
        return self.server is not None

    def send_action(self, action, version):
        """Send an intent answering the view of ``version``; False if it could not be sent."""
        ep = self.endpoint
        msg = dict(action)
        if isinstance(ep, LocalSeat):
            # The host's own seat: straight onto the host's loop.
            ep.server.call(ep.server.local_action, ep.seat, msg, version)
            return True
        return ep.send({"type": "action", "action": msg, "version": version})

    def sync(self):
        try:
            self.endpoint.sync()
        except Exception:
            pass

    def poll(self, limit=64):
        """Messages that arrived since the last poll (each already folded into this session)."""
        out = []
        for _ in range(limit):
            try:
                msg = self.endpoint.inbox.get_nowait()
            except queue.Empty:
                break
            self._take(msg)
            out.append(msg)
        return out

    def _take(self, msg):
        kind = msg.get("type")
        view = msg.get("view")
        if isinstance(view, dict):
            events = msg.get("events") if kind == "events" else None
            self._note_scores(view, events)
            self.latest = view
        if kind == "welcome":
            self.seat = msg.get("seat", self.seat)
            if msg.get("token"):
                self.token = msg["token"]
            self.lost = None
            self._set_players(msg.get("players") or {})
        elif kind == "players":
            self._set_players(msg.get("players") or {})
        elif kind == "host_closed":
            self.closed_reason = msg.get("reason") or "the host closed the table"
        elif kind == "disconnected":
            self.lost = msg.get("reason") or "the connection was lost"

    def _set_players(self, players):
        self.players = dict(players)
        for seat in self.seats:
            p = self.players.get(seat) or {}
            if seat == self.seat:
                kind = "human"
            elif p.get("kind") == "bot" or p.get("standin"):
                kind = "bot"
            else:
                kind = "remote"
            self.controllers[seat] = SeatKind(kind, p.get("name") or seat.title())

    def _note_scores(self, view, events):
        """Deal summaries for the score history, from deal_scored events and the view."""
        for ev in events or ():
            if ev.get("type") == "deal_scored":
                self._summaries.append({"score": ev.get("score") or {}, "outcome": ev.get("outcome"),
                                        "dealer": view.get("dealer"), "targets": view.get("targets"),
                                        "tricks": view.get("tricks")})
        scores = view.get("scores") or []
        while len(self._summaries) < len(scores):      # joined late: the scores are all we know
            self._summaries.append({"score": scores[len(self._summaries)]})
        if len(self._summaries) > len(scores) and view.get("phase") != "waiting":
            del self._summaries[len(scores):]           # a resumed host: its word counts

    def reconnect(self):
        """A Client after a drop: a new connection that takes the seat back with the token."""
        if hasattr(self.endpoint, "reconnect"):
            self.lost = None
            self.endpoint.reconnect()
            return True
        return False

    def close(self):
        ep = self.endpoint
        try:
            if self.server is not None:
                self.server.stop("the host closed the table", wait=False)
            elif hasattr(ep, "close"):
                ep.close("left the table")
        except Exception:
            pass
