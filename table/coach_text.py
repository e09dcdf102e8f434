"""The review screen's words: every string a player reads there, in one place
for the translators (``TEXT``), and the functions that word a reviewed
decision with them (``table/review_screen.py`` draws them).

``{S}`` ``{H}`` ``{D}`` ``{C}`` in a string are suit pips (``table/rich.py``), not words.

>>> choice_text({"play": "TH", "signal": "slam"}), choice_text({"call": 3})
('10{H} slam', 'Call 3')
"""
from __future__ import annotations

from bots.review import THRESHOLDS, DecisionReview

from . import charts
from .rich import card_words
from .theme import DIM, RED

TEXT = {
    "title": "Deal review",
    "close": "Close",
    "deal_choice": "Deal {n}",
    "seat_choice": "{seat}: {name}",
    "seats": {"bottom": "Bottom", "left": "Left", "top": "Top", "right": "Right"},
    "subtitle": "{game}, deal {deal} of {deals}: the decisions of {who}",
    "starting": "Starting the review...",
    "progress": "Reviewing: {done} of {total} decisions",
    "stopped": "The review stopped: {reason}",
    "damaged": "This deal cannot be reviewed: {reason}",
    "worker_died": "its process ended unexpectedly",
    "no_decision": "No decision to review here: every move of this seat was forced.",
    "wait": "The decisions appear here once they are reviewed.",
    "group_view": "From what you knew",
    "group_dd": "All hands seen",
    "col_when": "When",
    "col_choice": "Choice",
    "col_best": "Best",
    "col_cost": "Cost",
    "col_verdict": "Verdict",
    "verdicts": {"best": "best", "fine": "fine", "inaccuracy": "inaccuracy", "mistake": "mistake",
                 "blunder": "blunder"},
    "summary": "Blunders: {blunders}   Mistakes: {mistakes}   Inaccuracies: {inaccuracies}   "
               "Average cost: {mean} points a decision",
    "when": {"call": "Call", "decide": "Decision", "trump": "Trump", "partner_trump": "En face",
             "double": "Tap", "redouble": "Tap back", "swap": "Swap"},
    "trick": "Trick {n}",
    "call": "Call {n}",
    "accept": "Accept",
    "pass": "Pass",
    "trump": {"S": "{S} Spades", "H": "{H} Hearts", "D": "{D} Diamonds", "C": "{C} Clubs", "NT": "No trump"},
    "blind": {"S": "{S} blind", "H": "{H} blind", "D": "{D} blind", "C": "{C} blind", "NT": "No trump blind"},
    "partner": "En face",
    "look": "Look first",
    "tap": "Tap",
    "no_tap": "No tap",
    "tap_back": "Tap back",
    "no_tap_back": "No tap back",
    "swap_yes": "Swap",
    "swap_no": "Keep",
    "slam": "{card} slam",
    "drop": "{card} drop",
    "heading": "{when}: you chose {choice}",
    "context": "Trump: {trump}    Tricks: your side {ours}, the others {theirs}",
    "context_targets": "Trump: {trump}    Tricks: your side {ours}, the others {theirs}    "
                       "Targets: {our_target} and {their_target}",
    "context_manni": "Trump: {trump}    Tricks: you {ours}, the others {theirs}",
    "no_trump_yet": "not named yet",
    "on_table": "On the table",
    "you_lead": "You lead this trick.",
    "your_turn": "you",
    "tag_you": "played",
    "tag_best": "best",
    "tag_dd": "all hands",
    "hand_hidden": "Your cards were still face down.",
    "calls": "Calls so far: {calls}",
    "call_item": "{who} {n}",
    "calls_none": "You call first.",
    "dealt": "Your hand as dealt",
    "good_both": "A good choice, from what you knew and with all hands seen.",
    "bad_luck": "Right from what you knew: only the hidden cards made it cost. Bad luck, not a bad decision.",
    "lucky": "A risk that came off: it costs {loss} points on average from what you knew, "
             "but with these hands it did no harm.",
    "bad_both": "It cost {loss} points on average from what you knew, and {dd} with all hands seen.",
    "fine_both": "Close to the best from what you knew ({loss} points on average); "
                 "with all hands seen it cost {dd}.",
    "numbers": "From what you knew: {loss} points (give or take {spread}).   All hands: {dd} points{exact}.",
    "exact": ", solved exactly",
    "chart": "Cost of each choice, from what you knew",
    "kept": "Kept in the statistics of {name}.",
    "not_kept": "Not kept in the statistics: no player of this machine sat there in this deal.",
    "no_stats": "Not kept in the statistics: there are none on this machine yet.",
    "stats_failed": "Statistics not updated: {reason}",
    "no_record": "There is no record of this match to review.",
}

GREEN = (140, 222, 140)
BLUE = (128, 184, 255)
VERDICT_INK = {"best": GREEN, "fine": DIM, "inaccuracy": (240, 222, 110), "mistake": (255, 164, 84),
               "blunder": RED}
# Column widths, as shares of the list's inner width.
COLUMNS = (("col_when", 0.16), ("col_choice", 0.15), ("col_best", 0.15), ("col_cost", 0.10),
           ("col_verdict", 0.16), ("col_best", 0.16), ("col_cost", 0.12))


def points(x: float) -> str:
    """A cost as the table writes it: ``0``, ``0.4``, ``14``."""
    return charts.format_number(round(x, 1))


def choice_text(action: dict) -> str:
    """A choice in the screen's words (rich text: pips as tokens)."""
    if "play" in action:
        card = card_words(action["play"])
        sig = action.get("signal")
        return TEXT[sig].format(card=card) if sig in ("slam", "drop") else card
    if "call" in action:
        return TEXT["call"].format(n=action["call"])
    if "decision" in action:
        return TEXT["accept"] if action["decision"] == "accept" else TEXT["pass"]
    if "trump" in action:
        t = action["trump"]
        if t == "partner":
            return TEXT["partner"]
        return (TEXT["blind"] if action.get("blind") else TEXT["trump"]).get(t, str(t))
    if "look" in action:
        return TEXT["look"]
    if "double" in action:
        return TEXT["tap"] if action["double"] else TEXT["no_tap"]
    if "redouble" in action:
        return TEXT["tap_back"] if action["redouble"] else TEXT["no_tap_back"]
    if "swap" in action:
        return TEXT["swap_yes"] if action["swap"] else TEXT["swap_no"]
    return str(action)


def verdict(game: str, d: DecisionReview) -> str:
    """``best`` (cost nothing), ``fine`` (under the first threshold or noise), or the label."""
    if d.label:
        return d.label
    return "best" if d.expected_loss == 0.0 else "fine"


def row_cells(game: str, d: DecisionReview, trick: int | None) -> list[str]:
    """The texts of a decision's row, column by column (what the list shows);
    ``trick`` is the number of the trick a card decision was made in."""
    if d.phase == "play" and trick is not None:
        when = TEXT["trick"].format(n=trick)
    else:
        when = TEXT["when"].get(d.phase, d.phase)
    return [when, choice_text(plain(d.chosen)), choice_text(d.best), points(d.expected_loss),
            TEXT["verdicts"][verdict(game, d)], choice_text(d.dd_best), points(d.dd_loss)]


def judgement(game: str, d: DecisionReview) -> str:
    """The sentence that tells a bad decision from bad luck."""
    first = THRESHOLDS[game][0]
    good = d.label is None
    harmless = d.dd_loss < first
    args = {"loss": points(d.expected_loss), "dd": points(d.dd_loss)}
    if good and d.expected_loss == 0.0:
        return TEXT["good_both"] if harmless else TEXT["bad_luck"]
    if good:
        return TEXT["good_both"] if harmless else TEXT["fine_both"].format(**args)
    return TEXT["lucky"].format(**args) if harmless else TEXT["bad_both"].format(**args)


def plain(action: dict) -> dict:
    """An action without its seat."""
    return {k: v for k, v in action.items() if k != "seat"}
