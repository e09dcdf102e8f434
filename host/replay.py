"""A recorded match played back as a table: a ``TableLink`` whose events come
from the record, checked again by the rules step by step.

Every hand is open (``open_hands``), but for a deal of people who shared a screen that
kept cards hidden (``secret_deal``); nobody acts.  Deals start by themselves
once the screen has shown the last one; actions come one per ``step()``, or
by themselves every ``pace`` seconds of real time while ``auto`` is on.
"""
from __future__ import annotations

import time
from typing import Any

from bots import CHARACTERS
from rules.cards import parse_card, make_mask, mask_texts
from rules.host import MatchHost

from .joined import joined_seat, watched_from
from .link import LinkBase

AUTO_PACE = 0.55        # seconds between two actions in Auto, at normal speed


class ReplayLink(LinkBase):
    replay = True

    def __init__(self, record: dict, wake: Any = None, pace: float = AUTO_PACE, seat: str | None = None) -> None:
        players: dict = record["players"] if isinstance(record.get("players"), dict) else {}
        self.mh = MatchHost.new(record["game"], record.get("options"), players)
        super().__init__(self.mh.game, "", wake)
        self._record = record
        # the seat the screen sits at: a LAN friend's own in the record it kept, else the first
        # (from the results' Replay too, which names none)
        own = joined_seat(record) or watched_from(record)      # a watcher's: where it sat behind
        self.screen_seat: str = seat if seat is not None and seat in self.seats else \
            own if own is not None and own in self.seats else self.seats[0]
        self.deals = record.get("deals") or []
        self.deal_i = -1
        self.action_i = 0
        self.auto = False
        self.steps = 0
        self.pace = pace
        self._shown = -1
        self._caught_up = time.monotonic()
        self._public = {s: replay_player(s, p) for s, p in players.items()}
        self._scored: list = []           # the deals' summaries a silent play-on passed (``_play_to``)
        self._welcome()

    def _welcome(self) -> None:
        self.put({"type": "welcome", "seat": self.screen_seat, "spectator": True, "token": None,
                  "table": "", "players": self._public, "rejoin": False, "summaries": list(self._scored),
                  "view": self._screen_view()})

    def secret_deal(self) -> bool:
        """Is the deal shown one whose hands stay hidden?  People who shared a screen (hot-seat)
        or a LAN table did not all see each other's cards: a deal that ended with cards in hand
        (a Manfee deal gone over, a void deal, any Manni deal with its twelve aside and a hand
        given away) shows only the cards played, and the hands played out (``open_hands``),
        as the review does (``table.coach_work``); a match played alone against bots shows
        every hand."""
        found = self._record.get("players")
        players: dict = found if isinstance(found, dict) else {}
        people = sum(isinstance(p, dict) and p.get("kind") == "human" for p in players.values())
        if people < 2 and not self._record.get("lan") or not 0 <= self.deal_i < len(self.deals):
            return False
        actions = self.deals[self.deal_i].get("actions") or []
        played = sum(1 for a in actions if isinstance(a, dict) and "play" in a)
        return bool(self.game.widow_size) or played < self.game.n * self.game.hand_size

    def _screen_view(self) -> dict:
        """The screen's view: a seat's, or a watcher's (no hand) in a secret deal."""
        return self.mh.public_view(self.screen_seat) if self.secret_deal() else self.mh.view(self.screen_seat)

    def one_back(self) -> ReplayLink:
        """A new link standing one action before the last one this one played (the last
        deal's end, before a deal's first action), as a screen opens on it: a step back."""
        deal_i, action_i = self.deal_i, self.action_i - 1
        if action_i < 0 and deal_i > 0:
            deal_i -= 1
            action_i = len(self.deals[deal_i].get("actions") or [])
        link = ReplayLink(self._record, self.wake, self.pace, self.screen_seat)
        link._play_to(max(0, deal_i), max(0, action_i))
        return link

    def _play_to(self, deal_i: int, action_i: int) -> None:
        """Play the record on to ``action_i`` actions of deal ``deal_i``, without a word to the
        screen, which is then welcomed to the table as it stands."""
        while self.deal_i < deal_i or (self.deal_i == deal_i and self.action_i < action_i):
            if self.mh.needs_deal():
                if self.deal_i + 1 >= len(self.deals):
                    break
                self._start_deal()
                continue
            act = (self.deals[self.deal_i].get("actions") or [])[self.action_i]
            self.action_i += 1
            for ev in self.mh.submit(act["seat"], {k: v for k, v in act.items() if k != "seat"}, self.mh.version):
                if ev.get("type") == "deal_scored":
                    self._scored.append(ev.get("summary") or {"score": ev.get("score") or {}})
        while not self.inbox.empty():
            self.inbox.get_nowait()
        self._welcome()

    # -- the screen's side -------------------------------------------------------------------
    def act(self, seat: str, action: dict) -> bool:
        return False                   # nobody acts in a replay

    def shown(self, version: int) -> None:
        if version > self._shown:
            self._shown = version
            self._caught_up = time.monotonic()

    def hold(self, on: bool) -> None:
        self.auto = self.auto and not on

    def step(self) -> None:
        self.steps += 1

    def poll(self, limit: int = 256) -> list[dict]:
        if self._shown >= self.mh.version:
            self._next()
        return super().poll(limit)

    def record(self) -> dict | None:
        return self._record

    def open_hands(self) -> dict | None:
        """The hands shown face up: every hand, or in a secret deal those whose every card is
        played in the deal (all shown by its end: a hot-seat Manni replay showed every hand
        face down, though only the twelve aside were never seen), and the own hand of the
        record a LAN friend's screen kept (``host.joined``; a friend found their cards face
        down in the replay of a deal gone over)."""
        d = self.mh.match.deal
        if d is None:
            return {}
        if not self.secret_deal():
            return {s: mask_texts(d.hands[i]) for i, s in enumerate(self.seats)}
        actions = self.deals[self.deal_i].get("actions") or []
        played = make_mask(parse_card(a["play"]) for a in actions if isinstance(a, dict) and "play" in a)
        own = joined_seat(self._record)
        return {s: mask_texts(d.hands[i]) for i, s in enumerate(self.seats)
                if d.hands[i] & ~played == 0 or s == own == self.screen_seat}

    def close(self) -> None:
        self.auto = False

    # -- playing the record on ---------------------------------------------------------------
    def _next(self) -> None:
        mh = self.mh
        if mh.needs_deal():
            if self.deal_i + 1 < len(self.deals):
                self._start_deal()
            return
        if mh.match.finished or self.deal_i < 0:
            return
        actions = self.deals[self.deal_i].get("actions") or []
        if self.action_i >= len(actions):
            return
        due = self.steps > 0 or (self.auto and time.monotonic() - self._caught_up >= self.pace)
        if not due:
            return
        act = actions[self.action_i]
        self.action_i += 1
        self.steps = max(0, self.steps - 1)
        events = mh.submit(act["seat"], {k: v for k, v in act.items() if k != "seat"}, mh.version)
        self._send(events)

    def _start_deal(self) -> None:
        g = self.game
        self.deal_i += 1
        self.action_i = 0
        deal = self.deals[self.deal_i]
        dealer = g.seat_index(deal["dealer"])
        hands = [make_mask(parse_card(c) for c in deal["hands"][s]) for s in g.seats]
        widow = make_mask(parse_card(c) for c in deal.get("widow") or [])
        self.mh.match.start_deal(dealer, hands, widow)
        self.mh.version += 1
        order = [g.seats[s] for s in g.deal_seats(dealer)]
        self._send([{"type": "deal_started", "deal": self.deal_i, "dealer": deal["dealer"],
                     "order": order, "cut": None}])

    def _send(self, events: list) -> None:
        self.put({"type": "events", "events": events, "view": self._screen_view()})


def replay_player(seat: str, p: object) -> dict:
    """A record's player as the replay's screen names it: a bot keeps its character, so a
    screen in Dari writes کدو as the live table did (a code the file made up is dropped).

    >>> replay_player("left", {"kind": "bot", "bot": "KADO", "name": "Kado"})
    {'kind': 'bot', 'name': 'Kado', 'bot': 'KADO'}
    >>> replay_player("top", {"kind": "bot", "bot": "NOBODY"})
    {'kind': 'bot', 'name': 'Top'}
    """
    p = p if isinstance(p, dict) else {}
    out = {"kind": "bot" if p.get("kind") == "bot" else "human", "name": p.get("name") or seat.title()}
    if out["kind"] == "bot" and isinstance(p.get("bot"), str) and p["bot"] in CHARACTERS:
        out["bot"] = p["bot"]
    return out
