"""The match host: the rules' authority over one match, for every kind of seat.

Pure and single-threaded: the table host (``host.TableHost``) asks
``whose_turn()``, hands over an action with ``submit``, and gets back the
public events to show.  Each seat then reads its own ``view(seat)``; a
spectator reads ``public_view()``.  ``submit`` checks, in this order (each
refusal a RulesError with its code, and nothing changed):

  no_such_seat -> match_over -> no_deal -> bad_action -> not_your_turn -> stale -> illegal

(an action must be read before the turn check, because the Manille partner's
peek is the one action taken out of turn).

Events are dicts with a ``type``; none ever carries a hidden card:
  deal_started {deal, dealer, order: [seat, ...] as cards leave the pack, cut}
  action       {seat, action}          every public action (calls, trump, taps, swaps, peek)
  card_played  {seat, card, signal}
  trick_won    {winner, cards, leader}
  hands_passed {}                      Manfee: every hand moved one seat to the right
  swapped      {seat}                  Manni: seat took the Manni
  deal_scored  {deal, outcome, score, totals, summary}  summary: the verdict's (public) description
  match_over   {winner, totals}
"""
from __future__ import annotations

import random
from typing import Any

from .cards import card_text
from .errors import RulesError
from .games import Game
from .match import Match
from .views import seat_view, public_view
from . import actions as A

Event = dict


class MatchHost:
    def __init__(self, match: Match, seed: Any = None) -> None:
        self.match = match
        self.rng = random.Random(seed)
        self.version = 0          # bumps with every change; a stale sender is refused

    @classmethod
    def new(cls, game: str | Game, options: dict | None = None, players: dict | None = None,
            seed: Any = None) -> MatchHost:
        return cls(Match(game, options, players), seed)

    @classmethod
    def from_record(cls, record: dict, seed: Any = None) -> MatchHost:
        """Resume a match from its record; RulesError if the record is not legal."""
        from .record import read_match
        match, error = read_match(record)
        if error:
            raise RulesError(error, "bad_record")
        d = match.deal
        if match.in_deal and record.get("dealer_looked") == match.deal_index \
                and hasattr(d, "looked") and not d.history:
            d.looked = True
        return cls(match, seed)

    # -- questions -------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.match.game

    def whose_turn(self) -> str | None:
        """Seat name to act, or None (between deals, or match over)."""
        s = self.match.to_act()
        return self.match.game.seats[s] if s is not None else None

    def needs_deal(self) -> bool:
        return not self.match.finished and not self.match.in_deal

    def view(self, seat: str) -> dict:
        v = seat_view(self.match, seat)
        v["version"] = self.version
        return v

    def public_view(self, place: str | None = None) -> dict:
        """A spectator's view (no hand), oriented from ``place``."""
        v = public_view(self.match, place)
        v["version"] = self.version
        return v

    # -- changes ---------------------------------------------------------------------
    def start_deal(self, dealer: str | int | None = None) -> list[Event]:
        m = self.match
        if isinstance(dealer, str):
            dealer = m.game.seat_index(dealer)
        d = m.start_deal(dealer=dealer, rng=self.rng)
        self.version += 1
        seats = m.game.seats
        return [{"type": "deal_started", "deal": m.deal_index, "dealer": seats[d.dealer],
                 "order": [seats[s] for s, _c in m.deal_order], "cut": m.cut}]

    def check(self, seat: str, action: Any, version: int | None = None) -> int:
        """The action's code if ``seat`` may take it now, else RulesError (in the
        documented order).  Changes nothing."""
        m = self.match
        g = m.game
        if not isinstance(seat, str) or seat not in g.seats:
            raise RulesError(f"{seat!r} is not a seat at this table", "no_such_seat")
        if m.finished:
            raise RulesError("the match is over", "match_over")
        if not m.in_deal:
            raise RulesError("no deal is in progress", "no_deal")
        code = A.parse_action(action)
        d = m.deal
        i = g.seat_index(seat)
        if d.turn != i and not d.acts_out_of_turn(i, code):
            raise RulesError(f"it is {g.seats[d.turn]}'s turn, not {seat}'s", "not_your_turn")
        if version is not None and version != self.version:
            raise RulesError(f"stale action: it answers state {version}, the table is at {self.version}",
                             "stale")
        d.check(i, code)
        return code

    def submit(self, seat: str, action: Any, version: int | None = None) -> list[Event]:
        """Check and apply ``action`` (record object) for ``seat``; return events."""
        code = self.check(seat, action, version)
        d = self.match.deal
        before_trick = list(d.trick)
        passed_before = getattr(d, "passed", None)
        swapper_before = getattr(d, "swapper", -1)
        self.match.apply(seat, code)
        self.version += 1
        return self._events(seat, code, before_trick, passed_before, swapper_before)

    def _events(self, seat: str, code: int, before_trick: list, passed_before: Any,
                swapper_before: int) -> list[Event]:
        m = self.match
        d = m.deal
        seats = m.game.seats
        ev: list[Event] = []
        if code < 192:
            ev.append({"type": "card_played", "seat": seat, "card": card_text(code & 63),
                       "signal": A.play_signal(code)})
            if len(before_trick) == d.n - 1 and d.last_trick is not None:
                ld, cards, w = d.last_trick
                ev.append({"type": "trick_won", "winner": seats[w], "leader": seats[ld],
                           "cards": [card_text(c) for c in cards]})
        elif code != A.LOOK:
            ev.append({"type": "action", "seat": seat, "action": A.action_json(code)})
            if passed_before is None and getattr(d, "passed", None):
                ev.append({"type": "hands_passed"})
            if swapper_before == -1 and getattr(d, "swapper", -1) >= 0:
                ev.append({"type": "swapped", "seat": seat})
        if d.done:
            g = m.game
            ev.append({"type": "deal_scored", "deal": m.deal_index, "outcome": d.outcome,
                       "score": dict(zip(g.sides, d.score)),
                       "totals": dict(zip(g.sides, m.totals)),
                       "summary": m.summary(m.deal_index)})
            if m.finished:
                ev.append({"type": "match_over", "winner": m.winner,
                           "totals": dict(zip(g.sides, m.totals))})
        return ev

    def record(self) -> dict:
        return self.match.record()
