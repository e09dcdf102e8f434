"""The review of a deal: every decision of one seat, judged two ways.

For each decision of the chosen seat in a recorded deal (RECORD.md):

* the choice made and the best choice **from what that seat knew then**,
  with how many points the choice cost on average (``expected_loss``),
  estimated over worlds consistent with the seat's view
  (``coach_values.seat_values``; a fixed budget and seed, so a review is
  reproducible);
* the all-hands ("double dummy") judgement of the same decision
  (``dd_best``, ``dd_loss``): the true deal, solved exactly when few tricks
  are left, played out otherwise.  A choice that was right from the seat's
  view but wrong with all hands seen was bad luck, not a bad decision.
  It is given only where every card it rests on was seen by the seat by the
  deal's end (``None`` otherwise): a Manfee deal that went over early, or the
  Manni a seat kept, must not tell the reviewer anything of cards never shown.

Decisions that cost more than the game's thresholds (``THRESHOLDS``) are
labelled inaccuracy, mistake or blunder.  Points are the game's own: the
change in (own side's deal score - other side's) in the four-player games,
in the seat's own score in Manni.

Headless::

    python3 -m bots.review RECORD [--seat S] [--deal N] [--budget B] [--seed K]

prints one JSON line per decision.  A screen calls ``review_deal`` in the
background with a ``progress`` callback.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from typing import Any
from dataclasses import dataclass, field

from rules import actions as A
from rules.cards import NT
from rules.deal import PLAY, TRUMP, Deal
from rules.errors import RulesError
from rules.games import get_game
from rules.match import Match
from rules.record import note_rows, read_match
from rules.views import seat_view
from .coach_values import EXACT_NODES, EXACT_NODES_BY_GAME, deal_solver, true_values
from .hint import hint_choice
from .judge import (BID_WORLDS, CARD_WORLDS, LABELS, THRESHOLDS, Judgement, ReviewError,  # noqa: F401
                    action_text, judge_view, label_for, markable, plain_code)

# Play-outs of the true deal for the all-hands column, at budget 1.
TRUE_RUNS = 48

Progress = Callable[[int, int], "bool | None"]


@dataclass(frozen=True)
class DecisionReview:
    """One reviewed decision (see the module's text for the columns)."""

    deal: int
    seat: str
    index: int               # the action's index in the deal's actions
    phase: str
    chosen: dict             # as recorded (a play keeps its signal)
    best: dict
    expected_loss: float
    spread: float            # standard error of expected_loss
    dd_best: dict | None     # None: the all-hands view would rest on cards never shown
    dd_loss: float | None
    dd_exact: bool
    label: str | None
    values: tuple[tuple[dict, float], ...] = field(default=(), compare=False)
    marked: bool = True      # False: the review cannot tell a mistake here (``markable``)
    # The hint's own choice (``bots.hint``), which the review measured as costing over a
    # threshold: shown with its cost, not labelled (the coach does not mark its own advice).
    hint_choice: bool = False
    samples: int = field(default=0, compare=False)     # the worlds ``values`` are means over
    # A drop ("I have no more of this suit") given while the hand kept cards of the suit:
    # those cards.  Signals never change the score, so the values cannot see it; the
    # partner, who takes a drop at its word (the bots do), was misled.
    misled: tuple[str, ...] = ()

    def to_json(self) -> dict:
        """The headless review's line for this decision."""
        return {"deal": self.deal, "seat": self.seat, "index": self.index, "phase": self.phase,
                "chosen": self.chosen, "best": self.best,
                "expected_loss": round(self.expected_loss, 2), "spread": round(self.spread, 2),
                "dd_best": self.dd_best, "dd_loss": None if self.dd_loss is None else round(self.dd_loss, 2),
                "dd_exact": self.dd_exact, "label": self.label, "marked": self.marked,
                "hint_choice": self.hint_choice, "misled": list(self.misled)}


@dataclass
class DealReview:
    """Every decision of one seat in one deal."""

    game: str
    deal: int
    seat: str
    decisions: list[DecisionReview]
    complete: bool = True    # False when the progress callback stopped it

    def summary(self) -> dict:
        """Totals for the statistics store (``host.stats``): decisions,
        total and mean expected loss, and how many of each label; a decision
        the review cannot mark (``markable``) is left out of them."""
        marked = [d for d in self.decisions if d.marked]
        n = len(marked)
        total = sum(d.expected_loss for d in marked)
        out = {"decisions": n, "total_loss": total, "mean_loss": total / n if n else 0.0}
        for name in LABELS:
            out[name + "s" if name != "inaccuracy" else "inaccuracies"] = \
                sum(1 for d in self.decisions if d.label == name)
        return out


@dataclass(frozen=True)
class _Point:
    index: int
    view: dict
    truth: Deal
    code: int
    recorded: dict
    dd_open: bool            # every card the all-hands view rests on was seen by the deal's end


def _unseen_then(truth: Deal, me: int) -> int:
    """The cards (a mask) the all-hands view of a decision rests on that the
    seat did not hold: the others' hands, and before the play the Manni (which
    a seat's swap is judged with; in the play it lies out of the game)."""
    out = 0
    for s, hand in enumerate(truth.hands):
        if s != me:
            out |= hand
    if truth.phase != PLAY:
        out |= getattr(truth, "widow", 0)
    return out


def _start(record: object, deal: int) -> tuple[Match, list]:
    """The match at the start of deal ``deal`` of ``record``, and its actions."""
    if not isinstance(record, dict):
        raise ReviewError("a record must be a JSON object")
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        raise ReviewError("the record holds no deal")
    if not isinstance(deal, int) or not 0 <= deal < len(deals):
        raise ReviewError(f"no deal {deal} in the record (it has {len(deals)})")
    this = deals[deal]
    if not isinstance(this, dict):
        raise ReviewError(f"deal {deal}: a deal must be an object")
    head = dict(record, deals=deals[:deal] + [dict(this, actions=[])])
    match, error = read_match(head)
    if error or match is None or not match.in_deal:
        raise ReviewError(error or f"deal {deal} cannot start")
    actions = this.get("actions", [])
    if not isinstance(actions, list):
        raise ReviewError(f"deal {deal}: 'actions' must be a list")
    return match, actions


def _walk(record: dict, deal: int, looks: bool = False) -> Iterator[tuple[int, Match, int, int, dict]]:
    """Replay deal ``deal``: (index, match just before the action, seat, code,
    action) for each action, applied once the caller has looked.  A muette dealer's
    trump named after looking is recorded alone (RECORD.md has no look): the look
    is applied first; ``looks``: it is also given, with the trump's index, before it."""
    m, actions = _start(record, deal)
    g = m.game
    for j, act in enumerate(actions):
        try:
            if not isinstance(act, dict) or not isinstance(act.get("seat"), str):
                raise RulesError("an action must be an object with a seat", "bad_action")
            s = g.seat_index(act["seat"])
            code = A.parse_action(act)
            if not m.in_deal:
                raise RulesError("the deal is already over")
            d = m.deal
            if d.phase == TRUMP and s == d.dealer and not getattr(d, "looked", True) \
                    and not A.BLIND <= code <= A.BLIND + NT:
                if looks:
                    yield j, m, s, A.LOOK, {"seat": act["seat"], "look": True}
                m.apply(s, A.LOOK)     # named trump after looking: the choice is that trump
            yield j, m, s, code, act
            m.apply(s, code)
        except RulesError as e:
            raise ReviewError(f"deal {deal} action {j}: {e}") from None


def match_before(record: dict, deal: int, index: int, look: bool = False) -> Match:
    """The match just before action ``index`` of deal ``deal``, to show the
    position of a reviewed decision: ``seat_view(match, seat)``; ``look``: before
    the look that came before it (a muette dealer's look-or-blind decision, whose
    ``chosen`` is ``{"look": true}``).  Raises ReviewError for a damaged record or an
    index it does not have."""
    for j, m, _s, code, _act in _walk(record, deal, looks=look):
        if j == index and (code == A.LOOK or not look):
            return m
    raise ReviewError(f"deal {deal} has no action {index}" + (" after a look" if look else ""))


def _points(record: dict, deal: int, seat: str, shared: bool = False) -> list[_Point]:
    """The decisions of ``seat`` in deal ``deal``: replay the deal and stop at
    each of its actions with a real choice (forced moves are no decision).
    ``shared``: people who share the screen may look; a seat that ever held a card
    nobody played (a Manni taker's hand laid aside) has none here: the position of its
    swap would show that hand, and the later ones' reasons and values rest on it."""
    if not isinstance(record, dict):
        raise ReviewError("a record must be a JSON object")
    try:
        me = get_game(str(record.get("game"))).seat_index(seat)
    except RulesError as e:
        raise ReviewError(str(e)) from None
    if shared and held_unplayed(record, deal, seat):
        return []
    found = []
    seen = 0        # what the seat saw by the deal's end: every hand it held, every card played
    for j, m, s, code, act in _walk(record, deal, looks=True):     # a look or a blind trump: one choice
        seen |= m.deal.hands[me]
        if A.is_play(code):
            seen |= 1 << A.play_card(code)
        if s == me and code != A.PEEK:
            view = seat_view(m, s)
            choices = {json.dumps({k: v for k, v in a.items() if k != "signal"}, sort_keys=True)
                       for a in view["legal"]}
            if len(choices) > 1:
                found.append((j, view, m.deal.copy(), code, dict(act)))
    return [_Point(j, view, truth, code, act, _unseen_then(truth, me) & ~seen == 0)
            for j, view, truth, code, act in found]


def held_unplayed(record: dict, deal: int, seat: str) -> bool:
    """Did ``seat`` hold, in deal ``deal``, a card nobody played (a Manni taker's hand laid
    aside, a hand left when a Manfee deal went over)?  Then a screen people share shows no
    review of it (``_points``).  Raises ReviewError for a damaged record."""
    me = get_game(str(record.get("game"))).seat_index(seat)
    held = played = 0
    for _j, m, _s, code, _act in _walk(record, deal):
        held |= m.deal.hands[me]
        if A.is_play(code):
            played |= 1 << A.play_card(code)
    return bool(held & ~played)       # (every card held was in hand before some action)


def review_deal(record: dict, deal: int, seat: str, budget: float = 1.0, seed: int = 0,
                progress: Progress | None = None, shared: bool = False,
                each: Callable[[DecisionReview], None] | None = None) -> DealReview:
    """Review every decision of ``seat`` (a seat name) in deal ``deal``
    (0-based) of a match ``record`` (a dict, RECORD.md).

    ``budget`` scales the worlds per decision (1 = the designed review, about
    a second a decision; tests pass 0.1); ``seed`` fixes them, so the same
    call gives the same review.  ``progress(done, total)`` is called before
    the first decision and after each one; when it returns False the review
    stops and comes back with ``complete=False``.  ``shared``: the screen is
    shared (several people, a LAN friend's), so no decision is shown whose hand
    held a card nobody played (``_points``).  ``each(decision)`` is called with every
    decision as soon as it is judged, before ``progress``: a screen shows the rows as
    they come instead of after the last.  Raises ReviewError (one line) for a
    damaged record or a deal or seat it does not have.
    """
    away = stood_in(record, deal, seat)      # a bot's decisions, not the person's
    points = [p for p in _points(record, deal, seat, shared) if p.index not in away]
    game = record["game"]
    given = hints_given(record, deal, seat)
    out = DealReview(game, deal, seat, [])
    if progress and progress(0, len(points)) is False:
        out.complete = False
        return out
    solver = deal_solver(game, get_game(game).seat_index(seat))     # one table for the seat's deal
    for k, p in enumerate(points):
        legal = {plain_code(A.parse_action(a)) for a in p.view["legal"]}
        hinted = next((c for c in given.get(p.index, ()) if c in legal), None)    # a look's, or the trump's after
        out.decisions.append(_judge(game, deal, seat, p, budget, seed, hinted, solver))
        if each:
            each(out.decisions[-1])
        if progress and progress(k + 1, len(points)) is False and k + 1 < len(points):
            out.complete = False
            break
    return out


def stood_in(record: dict, deal: int, seat: str) -> set[int]:
    """The action indices of deal ``deal`` where a bot stood in for ``seat``'s person (the
    record's ``standins``: deal, action index, seat; anything malformed left out).

    >>> sorted(stood_in({"standins": [[0, 7, "left"], [0, 9, "top"], [1, 2, "left"], "x"]}, 0, "left"))
    [7]
    """
    return {x[1] for x in note_rows(record, "standins", (seat,)) if x[0] == deal}


def hints_given(record: dict, deal: int, seat: str) -> dict[int, list[int]]:
    """The hints ``seat`` was shown in deal ``deal``: action index -> the hints' choices (plain
    codes), from the record's ``hints_given`` (anything malformed left out).  A muette dealer
    may have had two at one index: look (or a blind trump), then the trump once looked.

    >>> given = hints_given({"hints_given": [[0, 4, "left", {"play": "KS"}], [0, 5, "left", "x"],
    ...                                      [1, 2, "left", {}], [0, 0, "left", {"look": True}]]}, 0, "left")
    >>> given == {4: [A.parse_action({"play": "KS"})], 0: [A.LOOK]}
    True
    """
    out: dict[int, list[int]] = {}
    for g in note_rows(record, "hints_given", (seat,)):
        if g[0] == deal:
            try:
                code = plain_code(A.parse_action(g[3]))
            except (RulesError, KeyError, TypeError, ValueError):
                continue
            out.setdefault(g[1], []).append(code)
    return out


def _judge(game: str, deal: int, seat: str, p: _Point, budget: float, seed: int,
           hinted: int | None = None, solver: Any = None) -> DecisionReview:
    j = judge_view(p.view, p.code, budget, seed)
    dd_best: dict | None = None
    dd_loss: float | None = None
    exact = False
    if p.dd_open:
        # a small budget (a quick look, the tests) leaves the deep solves out: the square
        nodes = EXACT_NODES_BY_GAME.get(game, EXACT_NODES) * budget ** 2
        truth = true_values(p.truth, p.view, max(2, round(TRUE_RUNS * budget)), seed, nodes=round(nodes),
                            solver=solver)
        dd_loss = truth.loss(j.chosen)
        dd_best = action_text(j.chosen if dd_loss == 0.0 else truth.best)
        exact = truth.exact
    chosen = {k: v for k, v in p.recorded.items() if k != "seat"}
    values = tuple((action_text(c), round(v, 2)) for c, v in
                   sorted(j.valuation.values.items(), key=lambda cv: -cv[1]))
    marked = markable(p.view)
    label = label_for(game, j.loss, j.spread) if marked else None
    # A player who followed the hint is not told it was a mistake, only what the review's
    # measure found; the hint shown at this decision (the record's) is said on any choice (a
    # club player followed it on a fine one and the review never said so), else, for a choice
    # it would mark, the hint is asked again.
    advised = hinted == j.chosen if hinted is not None else \
        label is not None and plain_code(A.parse_action(hint_choice(p.view, budget, seed))) == j.chosen
    return DecisionReview(deal, seat, p.index, p.view["phase"], chosen, action_text(j.best),
                          j.loss, j.spread, dd_best, dd_loss, exact,
                          None if advised else label, values, marked, advised, j.valuation.samples,
                          false_drop(p.view, chosen))


def false_drop(view: dict, chosen: dict) -> tuple[str, ...]:
    """The cards of its suit the hand kept when ``chosen`` dropped ("no more of this suit").

    >>> false_drop({"hand": ["QH", "7H", "2S"]}, {"play": "7H", "signal": "drop"})
    ('QH',)
    >>> false_drop({"hand": ["QH", "7H", "2S"]}, {"play": "QH", "signal": "slam"})
    ()
    """
    card = chosen.get("play")
    if chosen.get("signal") != "drop" or not isinstance(card, str):
        return ()
    return tuple(c for c in view.get("hand") or () if c != card and c[-1:] == card[-1:])


def default_seats(record: dict) -> list[str]:
    """The seats a review looks at when none is asked for: the people's
    seats (``players`` kind human), else every seat."""
    players = record.get("players") if isinstance(record, dict) else None
    try:
        game = get_game(str(record.get("game")))
    except RulesError:
        raise ReviewError(f"unknown game {record.get('game')!r}") from None
    seats = []
    if isinstance(players, dict):
        seats = [s for s, p in players.items() if isinstance(p, dict) and p.get("kind") == "human"]
    return seats or list(game.seats)


def review_record(record: dict, seats: list[str] | None = None, deals: list[int] | None = None,
                  budget: float = 1.0, seed: int = 0) -> Iterator[DecisionReview]:
    """Every reviewed decision of ``seats`` in ``deals`` (all deals when None),
    deal by deal, seat by seat."""
    if not isinstance(record, dict):
        raise ReviewError("a record must be a JSON object")
    people = default_seats(record)      # an unknown game stops here
    seats = seats or people
    if not isinstance(record.get("deals"), list) or not record["deals"]:
        raise ReviewError("the record holds no deal")
    n = len(record["deals"])
    for i in (deals if deals is not None else range(n)):
        for s in seats:
            yield from review_deal(record, i, s, budget, seed).decisions


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m bots.review",
                                description="Review the decisions of a recorded match.")
    p.add_argument("record", help="a match record (JSON)")
    p.add_argument("--seat", help="the seat to review (default: the people's seats, else all)")
    p.add_argument("--deal", type=int, help="the deal to review, from 0 (default: all)")
    p.add_argument("--budget", type=float, default=1.0, help="worlds per decision, scaled")
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    try:
        with open(a.record, encoding="utf-8") as f:
            record = json.load(f)
    except OSError as e:
        print(f"review: {a.record}: cannot read ({e.strerror or e})", file=sys.stderr)
        return 2
    except (ValueError, RecursionError) as e:
        print(f"review: {a.record}: not a match record (not JSON: {e})", file=sys.stderr)
        return 2
    try:
        for r in review_record(record, [a.seat] if a.seat else None,
                               [a.deal] if a.deal is not None else None, a.budget, a.seed):
            print(json.dumps(r.to_json()), flush=True)
    except ReviewError as e:
        print(f"review: {a.record}: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
