"""One decision judged from the seat's view: what it cost, and whether that is a mistake.

The review (``bots.review``) judges every decision of a deal this way, and the hint
(``bots.hint``) judges its own choice the same way before it gives it, so that the
coach never advises a card its review would then mark.

    >>> label_for("manille", 6.0)
    'mistake'
"""
from __future__ import annotations

from dataclasses import dataclass

from rules import actions as A
from .bidding import blind_is_a_match_bet
from .coach_values import Valuation, seat_values


# Losses (points, see above) from which a decision is labelled.  One Manfee
# deal swings by up to 26 (13 to one side, 0 to the other, or the reverse),
# a Manille deal usually by 10-30 card points over 30, a Manni deal by a
# trick or two; the steps sit at about a twentieth, an eighth and a quarter
# of a typical deal's swing.
THRESHOLDS: dict[str, tuple[float, float, float]] = {
    "manfee": (1.5, 4.0, 8.0),
    "manille": (2.0, 5.0, 10.0),
    "manille-muette": (2.0, 5.0, 10.0),
    "manni": (0.3, 0.6, 1.2),
}
LABELS = ("inaccuracy", "mistake", "blunder")

# Worlds per decision at budget 1: card decisions, announcements (each world
# of an announcement also plays out the others' announcements).
CARD_WORLDS = 800
BID_WORLDS = 160


class ReviewError(ValueError):
    """A record or request the review cannot work on; the message is one line."""


def label_for(game: str, loss: float, spread: float = 0.0) -> str | None:
    """The label of a decision that cost ``loss`` points (None below the
    first threshold, or when the loss is within twice its sampling error,
    i.e. not told apart from noise).

    >>> label_for("manfee", 5.0), label_for("manfee", 5.0, spread=3.0), label_for("manni", 0.1)
    ('mistake', None, None)
    """
    if loss <= 2 * spread:
        return None
    found = None
    for name, limit in zip(LABELS, THRESHOLDS[game], strict=True):
        if loss >= limit:
            found = name
    return found


def markable(view: dict) -> bool:
    """Can the review mark the decision ``view`` faces as a mistake?

    Not the Manfee dealer's partner's call, nor a muette dealer's look or blind trump
    far behind near the match's end (``bidding.blind_is_a_match_bet``).  What that call is worth hangs on
    how the last caller and the dealer answer it, and the review can only
    guess them (by formula): it marked the partner's "call all that is left"
    a mistake of 4.2 points on average (17 of 29 deals), where playing both
    calls on with ZELZELA at every seat from the true deals showed no
    difference (0.0 +- 1.2 points over 27 positions).  Its cost is still
    shown, as an estimate.

    >>> markable({"game": "manfee", "phase": "call", "seats": ["bottom", "right", "top", "left"],
    ...           "dealer": "bottom", "seat": "top"})
    False
    >>> markable({"game": "manfee", "phase": "call", "seats": ["bottom", "right", "top", "left"],
    ...           "dealer": "bottom", "seat": "right"})
    True
    """
    if view.get("game") == "manille-muette" and view.get("phase") == "trump" \
            and {"look": True} in (view.get("legal") or ()):
        # Look or name trump blind, far behind near the end: a bet on the match, where the
        # review counts one deal's points (it called the hint's blind bet 14.8 points worse)
        return not blind_is_a_match_bet(view)
    if view.get("game") != "manfee" or view.get("phase") != "call":
        return True
    seats = list(view["seats"])
    return seats.index(view["seat"]) != (seats.index(view["dealer"]) + 2) % 4


def action_text(code: int) -> dict:
    """The record's object for a choice (``{"look": true}`` included)."""
    return A.action_json(code)


def plain_code(code: int) -> int:
    """An action code without a card's signal (a play's signal bits above the card)."""
    return code & 63 if code < 192 else code


@dataclass(frozen=True)
class Judgement:
    """One decision judged from the seat's view alone."""

    chosen: int
    best: int
    loss: float
    spread: float
    valuation: Valuation


def judge_view(view: dict, chosen: int, budget: float = 1.0, seed: int = 0) -> Judgement:
    """Judge ``chosen`` (an action code) at the decision ``view`` faces,
    from the view alone: a pure function of (view, chosen, budget, seed)."""
    worlds = CARD_WORLDS if view["phase"] == "play" else BID_WORLDS
    val = seat_values(view, max(4, round(worlds * budget)), seed)
    plain = plain_code(chosen)
    if plain not in val.values:
        raise ReviewError(f"{action_text(chosen)} is not a choice of this decision")
    loss = val.loss(plain)
    best = plain if loss == 0.0 else val.best
    return Judgement(plain, best, loss, val.spread.get(plain, 0.0), val)
