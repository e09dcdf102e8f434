"""The match host: the one authority that runs a match, for every kind of seat.

Pure and single-threaded: callers (the table's loop, the LAN server, the
arena) ask ``whose_turn()``, hand over an action with ``submit``, and get back
the public events to show.  Each seat then reads its own ``view(seat)``.  The
host checks, in order: known seat, match over, deal running, turn, freshness
(the version the sender saw), legality; a refusal is a RulesError with one
sentence and changes nothing.

Events are dicts with a ``type``; none ever carries a hidden card:
  deal_started {deal, dealer, order: [seat, ...] as cards leave the pack, cut}
  action       {seat, action}          every public action (calls, trump, taps, swaps, peek)
  card_played  {seat, card, signal}
  trick_won    {winner, cards, leader}
  hands_passed {}                      Manfee: every hand moved one seat to the right
  swapped      {seat}                  Manni: seat took the Manni
  deal_scored  {deal, outcome, score, totals}
  match_over   {winner, totals}
"""
import random

from .cards import card_text
from .errors import RulesError
from .match import Match
from .views import seat_view
from . import actions as A


class MatchHost:
    def __init__(self, match, seed=None):
        self.match = match
        self.rng = random.Random(seed)
        self.version = 0          # bumps with every change; a stale sender is refused

    @classmethod
    def new(cls, game, options=None, players=None, seed=None):
        return cls(Match(game, options, players), seed)

    @classmethod
    def from_record(cls, record, seed=None):
        """Resume a match from its record; RulesError if the record is not legal."""
        from .record import read_match
        match, error = read_match(record)
        if error:
            raise RulesError(error)
        d = match.deal
        if match.in_deal and record.get("dealer_looked") == match.deal_index \
                and hasattr(d, "looked") and not d.history:
            d.looked = True
        return cls(match, seed)

    # -- questions -------------------------------------------------------------------
    @property
    def game(self):
        return self.match.game

    def whose_turn(self):
        """Seat name to act, or None (between deals, or match over)."""
        s = self.match.to_act()
        return self.match.game.seats[s] if s is not None else None

    def needs_deal(self):
        return not self.match.finished and not self.match.in_deal

    def view(self, seat):
        v = seat_view(self.match, seat)
        v["version"] = self.version
        return v

    # -- changes ---------------------------------------------------------------------
    def start_deal(self, dealer=None):
        m = self.match
        if isinstance(dealer, str):
            dealer = m.game.seat_index(dealer)
        d = m.start_deal(dealer=dealer, rng=self.rng)
        self.version += 1
        seats = m.game.seats
        return [{"type": "deal_started", "deal": m.deal_index, "dealer": seats[d.dealer],
                 "order": [seats[s] for s, _c in m.deal_order], "cut": m.cut}]

    def submit(self, seat, action, version=None):
        """Check and apply ``action`` (record object) for ``seat``; return events."""
        m = self.match
        g = m.game
        if not isinstance(seat, str) or seat not in g.seats:
            raise RulesError(f"{seat!r} is not a seat at this table")
        if m.finished:
            raise RulesError("the match is over")
        if not m.in_deal:
            raise RulesError("no deal is in progress")
        if version is not None and version != self.version:
            raise RulesError(f"stale action: it answers state {version}, the table is at {self.version}")
        code = A.parse_action(action)
        d = m.deal
        before_trick = list(d.trick)
        leader = d.leader
        passed_before = getattr(d, "passed", None)
        swapper_before = getattr(d, "swapper", -1)
        m.apply(seat, code)
        self.version += 1
        return self._events(seat, code, before_trick, leader, passed_before, swapper_before)

    def _events(self, seat, code, before_trick, leader, passed_before, swapper_before):
        m = self.match
        d = m.deal
        seats = m.game.seats
        ev = []
        if code < 192:
            e = {"type": "card_played", "seat": seat, "card": card_text(code & 63),
                 "signal": A.play_signal(code)}
            ev.append(e)
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
                       "totals": dict(zip(g.sides, m.totals))})
            if m.finished:
                ev.append({"type": "match_over", "winner": m.winner,
                           "totals": dict(zip(g.sides, m.totals))})
        return ev

    def record(self):
        return self.match.record()
