"""The review screen's words: every string a player reads there, in one place
for the translators (``TEXT``), and the functions that word a reviewed
decision with them (``table/review_screen.py`` draws them).

``{S}`` ``{H}`` ``{D}`` ``{C}`` in a string are suit pips (``table/rich.py``), not words.
``TEXT`` words each string in the language in use when it is read (``Words``).

>>> choice_text({"play": "TH", "signal": "slam"}), choice_text({"call": 3})
('10{H} slam', 'Call 3')
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from bots.review import THRESHOLDS, DecisionReview, label_for

from . import charts
from .i18n import N_, SEAT_NAMES, _, ngettext, number, pgettext
from .coach_words import best_reason, plural_count
from .rich import card_words
from .theme import DIM, RED


class Words(Mapping):
    """A screen's words by key, each in the language in use when it is read (so a
    language switch rewords the open screen).  Values are ``N_()``-marked English,
    a dict of them (read as Words too), or a function for a word that needs a
    context (``pgettext``)."""

    def __init__(self, entries: dict) -> None:
        self._entries = entries

    def __getitem__(self, key: str) -> Any:
        value = self._entries[key]
        if isinstance(value, dict):
            return Words(value)
        if callable(value):
            return value()
        return _(value) if value else value

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


TEXT = Words({
    "title": N_("Deal review"),
    "close": N_("Close"),
    "deal_choice": N_("Deal {n}"),
    "seat_choice": N_("{seat}: {name}"),
    "seats": SEAT_NAMES,
    "subtitle": N_("{game}, deal {deal} of {deals}: the decisions of {who}"),
    "starting": N_("Starting the review..."),
    "progress": N_("Reviewing: {done} of {total} decisions"),
    "stopped": N_("The review stopped: {reason}"),
    "damaged": N_("This deal cannot be reviewed: {reason}"),
    # at one screen or at a LAN table ("one screen" was said to friends on three machines)
    "hotseat_hidden": N_("With several people at this table, a deal is reviewed only when all its cards "
                         "were played: this one kept cards hidden from someone."),
    "void_deal": N_("No review: a void deal has no play to go through"),
    "laid_aside": N_("With several people at this table, this seat's decisions are not reviewed: they rest "
                     "on the hand it laid aside, which nobody else saw."),
    "worker_died": N_("its process ended unexpectedly"),
    "no_decision": N_("No decision to review here: every move of this seat was forced."),
    "forced_left_out": N_("Forced moves (a lone legal card) are left out: they were no choice."),
    "wait": N_("The decisions appear here once they are reviewed."),
    "group_view": N_("From what you knew"),
    "group_dd": N_("All hands seen"),
    "col_when": N_("When"),
    "col_choice": N_("Choice"),
    "col_best": N_("Best"),
    "col_cost": N_("Cost"),
    "col_verdict": N_("Verdict"),
    "verdicts": {"best": N_("best"), "fine": N_("fine"), "inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"),
                 "blunder": N_("blunder"), "unmarked": N_("not marked"), "hint": N_("the hint's")},
    "when": {"call": N_("Call"), "decide": N_("Decision"), "trump": N_("Trump"), "partner_trump": N_("En face"),
             "double": N_("Tap"), "redouble": N_("Tap back"),
             "swap": N_("The Manni")},     # "Swap: you chose Swap" said the choice twice
    "trick": N_("Trick {n}"),
    "call": N_("Call {n}"),
    "accept": lambda: pgettext("the dealer's decision", "Accept"),
    "pass": lambda: pgettext("the dealer's decision", "Pass"),
    "trump": {"S": N_("{S} Spades"), "H": N_("{H} Hearts"), "D": N_("{D} Diamonds"), "C": N_("{C} Clubs"),
              "NT": N_("No trump")},
    "blind": {"S": N_("{S} blind"), "H": N_("{H} blind"), "D": N_("{D} blind"), "C": N_("{C} blind"),
              "NT": N_("No trump blind")},
    "partner": N_("En face"),
    "look": N_("Look first"),
    "tap": N_("Tap"),
    "no_tap": N_("No tap"),
    "tap_back": N_("Tap back"),
    "no_tap_back": N_("No tap back"),
    # The Manni swap in one word each, all over the review (its narrow table said "Swap" beside a
    # detail and a chart that said "Take the Manni": two names for one choice): the buttons' verbs,
    # "Take" (the Manni) and "Keep" (my hand) ("Ruilen" was no word of the buttons')
    "swap_yes": lambda: pgettext("review table: the choice to take the Manni", "Take"),
    "swap_no": lambda: pgettext("review table: the choice to keep the hand", "Keep"),
    # A tap or a tap back in the table's narrow columns, beside a "When" that names it: yes or
    # no (Dutch "Niet terugkloppen" was drawn at 8 px in a column of its own)
    "tap_yes": lambda: pgettext("review table: the tap (or tap back) made", "Yes"),
    "tap_no": lambda: pgettext("review table: the tap (or tap back) not made", "No"),
    "slam": N_("{card} slam"),
    "drop": N_("{card} drop"),
    "heading": N_("{when}: you chose {choice}"),
    "context": N_("Trump: {trump}    Tricks: your side {ours}, the others {theirs}"),
    "context_targets": N_("Trump: {trump}    Tricks: your side {ours}, the others {theirs}    "
                          "Targets: {our_target} and {their_target}"),
    "context_manni": N_("Trump: {trump}    Tricks: you {ours}, the others {theirs}"),
    "stakes": N_("{context}    The deal counts ×{factor}"),
    "passed_hands": N_("{context}    The dealer passed: every hand moved one seat to the right"),
    "on_table": N_("On the table"),
    "you_lead": N_("You lead this trick."),
    "your_turn": lambda: pgettext("whose turn in the trick", "you"),
    "tag_you": N_("played"),
    "tag_best": N_("best"),
    "tag_dd": N_("all hands"),
    "hand_hidden": N_("Your cards were still face down."),
    "calls": N_("Calls so far: {calls}"),
    "call_item": N_("{who} {n}"),
    "calls_none": N_("You call first."),
    "why_best": N_("Why {choice}: {reason}"),
    "false_drop": N_("Your drop said you had no more of this suit, yet you kept {kept}: your partner takes a drop "
                     "at its word."),
    "false_drop_other": N_("{name}'s drop said no more of this suit, yet {name} kept {kept}: a partner takes a drop "
                           "at its word."),
    "dealt": N_("Your hand as dealt"),
    "good_both": N_("A good choice, from what you knew and with all hands seen."),
    "best_known": N_("The best choice from what you knew; with all hands seen it cost {dd}."),
    "unmarked": N_("Not marked: the dealer's partner's call is worth what the last caller and the dealer make "
                   "of it, which the review can only guess (the other calls it marks). Its estimate: {loss} "
                   "from what you knew."),
    "unmarked_blind": N_("Not marked: this far behind so near the end, a blind trump is a bet on the match, and "
                         "the review counts one deal's points. Its estimate: {loss} from what you knew."),
    "bad_luck": N_("Right from what you knew: only the hidden cards made it cost. Bad luck, not a bad decision."),
    "lucky": N_("A risk: from what you knew it costs {loss} on average, though the review's "
                "check with all hands seen found no cost this time."),
    "bad_both": N_("It cost {loss} on average from what you knew, and {dd} with all hands seen."),
    "fine_both": N_("Close to the best from what you knew ({loss} on average); "
                    "with all hands seen it cost {dd}."),
    # "Cost", said: "From what you knew: 0 tricks" read as a forecast (the tricks one would take)
    "numbers": N_("Cost from what you knew: {loss} (give or take {spread}).   Cost with all hands seen: about {dd}, "
                  "from play-outs (not solved)."),
    "numbers_unseen": N_("Cost from what you knew: {loss} (give or take {spread}).   "
                         "With all hands seen: not shown, some of the cards were never seen."),
    "hint_choice": N_("The hint's own choice, so not marked: over more deals the review finds {best} "
                      "better by {loss}."),
    "hint_best": N_("You followed the hint, and it was the best choice from what you knew."),
    "hint_fine": N_("You followed the hint: over more deals the review finds {best} better by {loss}, "
                    "too close to call."),
    "good_known": N_("A good choice from what you knew."),
    "fine_known": N_("Close to the best from what you knew ({loss} on average)."),
    "bad_known": N_("It cost {loss} on average from what you knew."),
    "numbers_exact": N_("Cost from what you knew: {loss} (give or take {spread}).   "
                        "Cost with all hands seen: {dd}, solved exactly."),
    # A spread that rounds to nothing (every world agreed) is left out, not "give or take 0".
    "numbers_sure": N_("Cost from what you knew: {loss}.   Cost with all hands seen: about {dd}, "
                       "from play-outs (not solved)."),
    "numbers_unseen_sure": N_("Cost from what you knew: {loss}.   "
                              "With all hands seen: not shown, some of the cards were never seen."),
    "numbers_exact_sure": N_("Cost from what you knew: {loss}.   Cost with all hands seen: {dd}, solved exactly."),
    "chart": N_("Cost of each choice, from what you knew"),
    # why a Manfee cost can pass 13: it is counted on the gap between the sides (13 to 0 both ways)
    "chart_sides": N_("Cost of each choice from what you knew (on the gap between the sides)"),
    "kept": N_("Kept in the statistics of {name}."),
    "kept_yours": N_("Kept in your statistics."),
    "not_kept": N_("Not kept in the statistics: no player of this machine sat there in this deal."),
    "not_kept_bot": N_("{name}'s decisions: not kept in any statistics, and \"you\" below means {name}."),
    "no_stats": N_("Not kept in the statistics: there are none on this machine yet."),
    "stats_failed": N_("Statistics not updated: {reason}"),
    "no_record": N_("There is no record of this match to review."),
})

GREEN = (140, 222, 140)
BLUE = (128, 184, 255)
# The coach's own choice in violet: in blue, the card played beside the all-hands best (blue
# too) could not be told from it.
VERDICT_INK = {"best": GREEN, "fine": DIM, "unmarked": DIM, "hint": (196, 160, 255), "inaccuracy": (240, 222, 110), "mistake": (255, 164, 84),
               "blunder": RED}
# Column widths, as shares of the list's inner width.
COLUMNS = (("col_when", 0.13), ("col_choice", 0.16), ("col_best", 0.16), ("col_cost", 0.09),
           ("col_verdict", 0.18), ("col_best", 0.16), ("col_cost", 0.12))     # "onnauwkeurig", "laten vallen"


def points(x: float) -> str:
    """A cost as the table writes it: ``0``, ``0.4``, ``14``; a cost too small for a tenth
    is ``<0.1``, not ``0`` (which would read as the best choice's cost)."""
    if 0 < x < 0.05:
        return "<" + charts.format_number(0.1)
    return charts.format_number(round(x, 1))


def cost_words(x: float, game: str = "") -> str:
    """A cost with its unit in the language's plural: "1 point", "0.4 points", "<0.1 points";
    Manni counts tricks: "0.4 tricks"."""
    if game == "manni":
        return ngettext("{n} trick", "{n} tricks", plural_count(x)).format(n=points(x))
    return ngettext("{n} point", "{n} points", plural_count(x)).format(n=points(x))


def chart_title(game: str) -> str:
    """The review chart's title, with its unit where a cost is not the player's own score."""
    return TEXT["chart"] if game == "manni" else TEXT["chart_sides"]


def numbers_line(game: str, d: DecisionReview) -> str:
    """The review's figures for one decision: its cost from what the player knew (give or
    take its spread, left out below a tenth: "give or take <0.1" read oddly) and with all hands seen."""
    key = "numbers_unseen" if d.dd_loss is None else "numbers_exact" if d.dd_exact else "numbers"
    return TEXT[key + ("_sure" if round(d.spread, 1) == 0 else "")].format(
        loss=cost_words(d.expected_loss, game), spread=points(d.spread),
        dd="" if d.dd_loss is None else cost_words(d.dd_loss, game))


def summary_text(s: Mapping, game: str = "") -> str:
    """The review's bottom line: the labels counted and the average cost a decision
    ("1 point", "0.4 points"; French reads "0,4 point": the language's own plural;
    Manni's in tricks)."""
    n = plural_count(s["mean_loss"])
    if game == "manni":
        line = ngettext("Blunders: {blunders}   Mistakes: {mistakes}   Inaccuracies: {inaccuracies}   "
                        "Average cost: {mean} trick a decision",
                        "Blunders: {blunders}   Mistakes: {mistakes}   Inaccuracies: {inaccuracies}   "
                        "Average cost: {mean} tricks a decision", n)
    else:
        line = ngettext("Blunders: {blunders}   Mistakes: {mistakes}   Inaccuracies: {inaccuracies}   "
                        "Average cost: {mean} point a decision",
                        "Blunders: {blunders}   Mistakes: {mistakes}   Inaccuracies: {inaccuracies}   "
                        "Average cost: {mean} points a decision", n)
    return line.format(blunders=number(s["blunders"]), mistakes=number(s["mistakes"]),
                       inaccuracies=number(s["inaccuracies"]), mean=points(s["mean_loss"]))


# The mark of an estimate in the review's "All hands seen" column: "~", since the table's
# fonts have no "≈" (a muette player read a box there).
ABOUT = "~"


def seat_words(own: bool, name: str, when: str, choice: str, swap: bool | None = None) -> tuple[str, str, str]:
    """The position's heading, the note of a lead and the label of the empty place, for
    the player's own seat ("Trick 6: you chose K♦") or another's, a bot's studied after the
    match ("Trick 6: Zelzela chose K♦": "you" read as the person, "You" beside it).
    ``swap``: the Manni taken (True) or the hand kept (False), said in a sentence ("The
    Manni: you chose Take" read as broken English)."""
    if swap is not None:
        heading = ((_("The Manni: you took it") if swap else _("The Manni: you kept your hand")) if own else
                   (_("The Manni: {name} took it") if swap else _("The Manni: {name} kept the hand")).format(name=name))
    elif own:
        heading = TEXT["heading"].format(when=when, choice=choice)
    else:
        heading = _("{when}: {name} chose {choice}").format(when=when, name=name, choice=choice)
    if own:
        return heading, TEXT["you_lead"], TEXT["your_turn"]
    return heading, _("{name} leads this trick.").format(name=name), name


def choice_text(action: dict, short: bool = False) -> str:
    """A choice in the screen's words (rich text: pips as tokens); ``short``: in a
    table's narrow column."""
    if "play" in action:
        card = card_words(action["play"])
        sig = action.get("signal")
        return TEXT[sig].format(card=card) if sig in ("slam", "drop") else card
    if "call" in action:
        return TEXT["call"].format(n=number(action["call"]))
    if "decision" in action:
        return TEXT["accept"] if action["decision"] == "accept" else TEXT["pass"]
    if "trump" in action:
        t = action["trump"]
        if t == "partner":
            return TEXT["partner"]
        return (TEXT["blind"] if action.get("blind") else TEXT["trump"]).get(t, str(t))
    if "look" in action:
        return TEXT["look"]
    if short and ("double" in action or "redouble" in action):
        return TEXT["tap_yes"] if action.get("double", action.get("redouble")) else TEXT["tap_no"]
    if "double" in action:
        return TEXT["tap"] if action["double"] else TEXT["no_tap"]
    if "redouble" in action:
        return TEXT["tap_back"] if action["redouble"] else TEXT["no_tap_back"]
    if "swap" in action:
        return TEXT["swap_yes"] if action["swap"] else TEXT["swap_no"]
    return str(action)


def verdict(game: str, d: DecisionReview) -> str:
    """``best`` (cost nothing), ``fine`` (under the first threshold or noise), the label, or
    ``unmarked`` (a decision the review cannot judge: ``bots.review.markable``)."""
    if not d.marked:
        return "unmarked"
    if d.hint_choice:
        return "hint"
    if d.label:
        return d.label
    return "best" if d.expected_loss == 0.0 else "fine"


def row_cells(game: str, d: DecisionReview, trick: int | None) -> list[str]:
    """The texts of a decision's row, column by column (what the list shows);
    ``trick`` is the number of the trick a card decision was made in."""
    if d.phase == "play" and trick is not None:
        when = TEXT["trick"].format(n=number(trick))
    else:
        when = TEXT["when"].get(d.phase, d.phase)
    cells = [when, choice_text(plain(d.chosen), True), choice_text(d.best, True), points(d.expected_loss),
             TEXT["verdicts"][verdict(game, d)]]
    if d.dd_best is None or d.dd_loss is None:      # cards never shown: no all-hands view
        return cells + ["–", "–"]
    # a play-outs' estimate, not the solver's (a club player read 24.7 for a card costing none)
    # an estimate under a tenth is "~0" ("~<0.1" read oddly, and its signs stood apart in Dari)
    about = ABOUT + (charts.format_number(0) if points(d.dd_loss).startswith("<") else points(d.dd_loss))
    return cells + [choice_text(d.dd_best, True), points(d.dd_loss) if d.dd_exact else about]


def judgement(game: str, d: DecisionReview) -> str:
    """The sentence that tells a bad decision from bad luck."""
    first = THRESHOLDS[game][0]
    good = d.label is None
    if not d.marked:
        blind = d.phase == "trump" and any(a.get("look") or a.get("blind") for a in (d.chosen, d.best))
        return TEXT["unmarked_blind" if blind else "unmarked"].format(loss=cost_words(d.expected_loss, game))
    if d.hint_choice:       # the hint followed: the review's word on it, marked or not
        key = "hint_best" if d.expected_loss == 0.0 else "hint_choice" \
            if label_for(game, d.expected_loss, d.spread) else "hint_fine"
        return TEXT[key].format(best=choice_text(d.best), loss=cost_words(d.expected_loss, game))
    if d.dd_loss is None or not d.dd_exact:     # cards hidden, or only estimated: from the seat's view
        loss = cost_words(d.expected_loss, game)
        return TEXT["good_known"] if good and d.expected_loss == 0.0 else \
            TEXT["fine_known"].format(loss=loss) if good else TEXT["bad_known"].format(loss=loss)
    harmless = d.dd_loss < first
    args = {"loss": cost_words(d.expected_loss, game), "dd": cost_words(d.dd_loss, game)}
    # "a good choice with all hands seen" only where it cost nothing there (it stood beside
    # another all-hands best costing 0.9 points)
    if good and d.expected_loss == 0.0:
        return TEXT["good_both"] if d.dd_loss < 0.05 else TEXT["best_known"].format(**args) if harmless \
            else TEXT["bad_luck"]
    if good:
        return TEXT["good_both"] if harmless and d.dd_loss < 0.05 and d.expected_loss < 0.05 \
            else TEXT["fine_both"].format(**args)
    # "It did no harm" only when it cost nothing with these hands (not 1.9 points under a threshold).
    return TEXT["lucky"].format(**args) if d.dd_loss < 0.05 else TEXT["bad_both"].format(**args)


def plain(action: dict) -> dict:
    """An action without its seat."""
    return {k: v for k, v in action.items() if k != "seat"}


def unsignalled(action: dict) -> dict:
    """An action without its seat or its signal: the choice itself ("10♥ drop" chose the 10♥)."""
    return {k: v for k, v in action.items() if k not in ("seat", "signal")}


def decision_info(d: DecisionReview, view: dict, name: Any) -> list[str]:
    """The lines a decision that is not a card shows in the trick's place: the calls so far,
    and why the coach's choice (a "blunder, best: Call 5" said nothing of why 5).  ``name``
    names a seat.  From the seat's view only, as the hint words it."""
    info = []
    if d.phase in ("call", "decide"):
        calls = [TEXT["call_item"].format(who=name(a["seat"]), n=number(a["call"]))
                 for a in view.get("history") or [] if "call" in a]
        info.append(TEXT["calls"].format(calls=_(", ").join(calls)) if calls else TEXT["calls_none"])
    why = why_line(d, view)
    if why and d.phase != "play":       # a card's "why" stands under its judgement (``why_line``)
        info.append(why)
    return info


def why_line(d: DecisionReview, view: dict) -> str:
    """"Why 8♣: the 8♣ is the highest club left": the coach's reason for its choice where the
    seat chose another, worded from the seat's view as the hint words it; else ""."""
    if d.best and plain(d.best) != unsignalled(d.chosen) and view.get("legal"):
        why = best_reason(view, d.best, d.values, d.samples)
        if why:
            return TEXT["why_best"].format(choice=choice_text(d.best), reason=why)
    return ""


def signal_line(d: DecisionReview, own: bool, name: str) -> str:
    """A drop given with cards of the suit still in hand (``DecisionReview.misled``): the
    costs cannot show it (signals never score), yet the partner played on a false word."""
    if not d.misled:
        return ""
    kept = _(", ").join(card_words(c) for c in d.misled)
    return TEXT["false_drop"].format(kept=kept) if own else TEXT["false_drop_other"].format(name=name, kept=kept)
