"""What the review screen's right panel shows: the seat's position at a decision
(or its dealt hand while the review is worked out), in words and cards.

Pure functions of the record's facts and the seat's view, no state: the screen
(``review_screen``) keeps the views it worked out and hands them in.
"""
from __future__ import annotations

from bots.review import DecisionReview

from .cards import sort_hand
from .coach_draw import Position
from .coach_text import (BLUE, GREEN, TEXT, VERDICT_INK, chart_title, choice_text, decision_info, judgement,
                         numbers_line, plain, row_cells, seat_words, signal_line, unsignalled, verdict,
                         why_line)
from .coach_work import RecordFacts
from .explain import trump_words
from .i18n import _, number
from .theme import CREAM


def stakes(view: dict) -> int:
    """What the deal's score is multiplied by, as the seat's view tells it before the
    deal's end (``factors``: no trump, a pending tie, a blind trump, a tap or tap back;
    a sweep only once it happened, so not counted here).

    >>> stakes({"factors": [["no-trump", 2], ["tap back", 4]]}), stakes({"trump": "S"})
    (8, 1)
    """
    f = 1
    for name, x in view.get("factors") or ():
        f *= x if name != "sweep" else 1
    return f


def seat_label(facts: RecordFacts, seat: str) -> str:
    """A seat as the review names it: its player's name, else the seat in words."""
    return facts.names.get(seat) or TEXT["seats"].get(seat, seat)


def context_line(facts: RecordFacts, seat: str, view: dict) -> str:
    """Trump, the tricks so far and (Manfee) the targets, from ``seat``'s side."""
    trump = view.get("trump")
    tricks = view.get("tricks") or {}
    mine = next((s for s in tricks if seat in s.split("-")), seat)
    targets = view.get("targets") or {}
    words = {"trump": trump_words(trump, in_line=True),
             "ours": number(tricks.get(mine, 0)), "theirs": number(sum(v for s, v in tricks.items() if s != mine))}
    if facts.game.n == 3:
        return TEXT["context_manni"].format(**words)
    if targets.get(mine) is not None:
        theirs = next((v for s, v in targets.items() if s != mine), None)
        text = TEXT["context_targets"].format(our_target=number(targets[mine]),
                                              their_target="?" if theirs is None else number(theirs), **words)
        # After a pass the seat plays another hand than it called with: say why it changed.
        return TEXT["passed_hands"].format(context=text) if view.get("passed") else text
    text = TEXT["context"].format(**words)
    factor = stakes(view) if facts.game.card_points else 1
    # The costs are the deal's own points: in a tapped-back no-trump deal a card point is eight.
    return TEXT["stakes"].format(context=text, factor=number(factor)) if factor > 1 else text


def hidden_note(facts: RecordFacts, seat: str) -> str:
    """What stands in the place of a hand still face down: the player's own, or (a bot's
    seat studied after the match) that seat's ("Your cards" beside Kado's look)."""
    if seat in facts.own:
        return TEXT["hand_hidden"]
    return _("{name}'s cards were still face down.").format(name=seat_label(facts, seat))


def dealt_position(facts: RecordFacts, seat: str, view: dict) -> Position:
    """``seat``'s hand at the start of the deal (shown while the review is worked out)."""
    hand = view.get("hand")
    return Position(heading=TEXT["dealt"], context=context_line(facts, seat, view), trick_title="", trick=[],
                    trick_note=None, turn_label=None, hand_note=hidden_note(facts, seat),
                    hand=sort_hand(hand, facts.game.rank_order, view.get("trump")) if isinstance(hand, list) else None)


def decision_position(facts: RecordFacts, seat: str, game: str, d: DecisionReview, view: dict | None,
                      trick: int) -> Position:
    """Decision ``d`` of ``seat`` in trick ``trick``, from ``view`` (the seat's view just before
    it; None when the record would not give it): the trick, the hand with the choice, the best
    and the all-hands best marked, the sentence, and what each choice was worth."""
    cells = row_cells(game, d, trick)
    view = view or {}
    kind = verdict(game, d)
    info = decision_info(d, view, lambda s: seat_label(facts, s))
    marks: dict[str, tuple[str, tuple]] = {}
    if d.phase == "play":
        for action, tag, ink in ((d.dd_best, "tag_dd", BLUE), (d.best, "tag_best", GREEN),
                                 (d.chosen, "tag_you", GREEN if kind == "best" else VERDICT_INK[kind])):
            if action:      # no all-hands mark where cards stayed hidden
                marks[action["play"]] = (TEXT[tag], ink)
    hand = view.get("hand")
    best_value = max((v for _a, v in d.values), default=0.0)
    chosen, best = plain(d.chosen), d.best
    bars = []
    for action, value in d.values:
        same = unsignalled(action)
        mine = same == unsignalled(chosen)     # its bar as the table says it
        ink = (GREEN if kind == "best" else VERDICT_INK[kind]) if mine else GREEN if same == best else (96, 128, 110)
        bars.append((choice_text(action), d.expected_loss if mine else best_value - value, ink))
    heading, lead, turn = seat_words(seat in facts.own, seat_label(facts, seat), cells[0], choice_text(chosen),
                                     chosen.get("swap") if d.phase == "swap" else None)
    return Position(
        heading=heading, context=context_line(facts, seat, view),
        trick_title=TEXT["on_table"],
        trick=[(seat_label(facts, t["seat"]), t["card"]) for t in view.get("trick") or []] if d.phase == "play" else [],
        trick_note=lead if d.phase == "play" and not view.get("trick") else None,
        turn_label=turn if d.phase == "play" else None,
        hand=sort_hand(hand, facts.game.rank_order, view.get("trump")) if isinstance(hand, list) else None,
        hand_note=hidden_note(facts, seat), marks=marks,
        sentence=judgement(game, d), sentence_ink=VERDICT_INK[kind] if d.label else CREAM,
        numbers=numbers_line(game, d), chart_title=chart_title(game), bars=bars, info=info,
        why=why_line(d, view) if d.phase == "play" else "",
        signal=signal_line(d, seat in facts.own, seat_label(facts, seat)))
