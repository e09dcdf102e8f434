"""The coach's reasons in the player's language.

The coach (``bots.hint``) gives a reason as a code and parameters
(``bots.coach_words.Reason``); ``bots.coach_words`` words it from a table of
templates, one per code, English by default.  This is the screen's table: the
same codes, each template marked for the translators, the parameters worded
here first (a suit in the language's words, numbers in its digits and with its
decimal mark), so ``bots/`` never needs to know a language.

>>> hint_reason(Reason("highest_left", {"card": "KS", "suit": "S"}))
'the K{S} is the highest spade left'
"""
from __future__ import annotations

import re
from collections.abc import Mapping

from bots.coach_words import Reason, say

from .i18n import N_, _, card_index, digits, ngettext, pgettext
from .words import SUIT_LOWER

SUIT_ONE = {"S": N_("spade"), "H": N_("heart"), "D": N_("diamond"), "C": N_("club")}

# One template per code of bots.coach_words.ENGLISH.  {card} is a card as printed
# ("K♠"), {suit} a suit's name ("spades"), {suit_one} one card of it ("spade"),
# {trump} a suit or "no trump"; numbers are worded by the language.  The "race"
# template is a plural, chosen by the number of tricks (``templates``).
TEMPLATES: dict[str, str] = {
    # the card play
    "only_card": N_("the {card} is the only card you may play"),
    "partner_asked": N_("your partner slammed {suit}: lead them"),
    "highest_left": N_("the {card} is the highest {suit_one} left"),
    "draw_trumps": N_("the {card} is the highest trump left: draw the opponents' trumps"),
    "lead_trump": N_("lead a trump to draw the opponents' trumps"),
    "lead_partner_ruff": N_("your partner has no {suit} left and may still have trumps: lead one for a ruff"),
    "lead_low": N_("lead low from {suit} and keep your high cards for later"),
    "search_best": N_("the {card} plays out best over the deals the coach tried"),
    "search_margin": "",        # plurals, by the margin: ``templates``
    "search_close": "",
    "search_noise": "",
    "search_margin_tricks": "",
    "search_close_tricks": "",
    "search_noise_tricks": "",
    "search_even": N_("in {deals} possible deals the {card} and the {other_card} did equally well"),
    "partner_winning": N_("your partner's {partner_card} is winning the trick: play low"),
    "dont_overtake": N_("the {high_card} would overtake your partner's {partner_card}"),
    "feed_points": N_("your partner's {partner_card} holds the trick: give it the points of the {card}"),
    "feed_keep": N_("your partner's {partner_card} holds the trick: give it the {card} and keep the {kept_card}"),
    "win_cheaply": N_("the {card} is the cheapest card that surely takes the trick"),
    "take_trick": N_("the {card} surely takes the trick"),
    "ruff": N_("you have no {suit}: trump with the {card}"),
    "overtrump": N_("overtrump the {beats_card} with the {card}"),
    "play_high": N_("the {card} takes the trick unless a later player beats it"),
    "overtake_partner": N_("take the lead from your partner's {partner_card} with the {card}"),
    "duck": N_("let the {winner_card} have this trick and keep your higher {suit} for later"),
    "cannot_win": N_("you cannot beat the {winner_card}: give your cheapest card"),
    "discard": N_("you have no {suit}: throw the {card}, which is of no use"),
    "save_points": N_("you have no {suit} and the trick is lost: the {card} gives away the fewest points"),
    "cheap_discard": N_("you have no {suit}: the {card} gives away the fewest points"),
    "race": "",
    "signal_drop": N_("signal drop: tell your partner you have no more {suit}"),
    "signal_slam": N_("signal slam: ask your partner to lead {suit}, where you hold the highest card left"),
    # Manfee calls and the dealer's decision
    "call_hand": N_("your hand should take about {tricks} tricks: call {call}"),
    "call_block": N_("call all that is left ({call}): the last caller must then call 0, so the opponents' "
                     "target is only what their first caller called, not knowing it would stand alone"),
    "call_team": N_("call for your side: your hand is worth about {tricks} tricks and your partner's "
                    "about {partner_tricks} more on average"),
    "call_forced": N_("the calls before leave you only {call}"),
    "call_last": N_("with {total} called by your side, the dealer gains least whether accepting or passing"),
    "accept_same": N_("either way the targets are {target} against {their_target}: accepting keeps your hands (about {side} tricks with your partner's call)"),
    "pass_same": N_("either way the targets are {target} against {their_target}: passing gives your side the opponents' hands (they called {opp})"),
    "accept": N_("your hand and your partner's call of {partner} look good for about {side} tricks: "
                 "accepting gives a target of {target} against {their_target}; "
                 "passing would give {pass_target} against {pass_their_target}"),
    "pass": N_("a pass gives your side the opponents' hands (they called {opp}) and a target of "
               "{target} against {their_target}; keeping yours (about {side} tricks with your "
               "partner's call) would give {accept_target} against {accept_their_target}"),
    # trump, en face, blind, taps
    "trump_suit": N_("with {trump} trump your side should take about {points} of the 60 points"),
    "trump_nt": N_("with no trump (the score doubles) your side should take about {points} of the 60 points"),
    "en_face": N_("no trump stands out in your hand: let your partner name it"),
    "en_face_over": N_("your partner's choice does better on average than your {trump} (about {points} of the 60 "
                       "points): let your partner name it"),
    "look_first": N_("naming trump blind doubles the deal, for or against you: look at your cards first unless your side is far behind"),
    "blind": N_("the opponents are close to winning: a blind trump doubles the deal"),
    "tap": N_("your side should beat their {trump}: tapping doubles the deal"),
    "no_tap": N_("your side is not clearly stronger than their {trump}"),
    "tap_back": N_("your side should win this deal: tapped back, it counts {factor} times"),
    "no_tap_back": N_("tapped back, the deal would count {factor} times: too much at risk"),
    # the Manni swap
    # a newcomer could not judge "about 6.4 tricks" alone: what the Manni is worth, and where 0 lies
    "keep": N_("your hand should take about {tricks} tricks; the Manni, unseen, takes about {average} on average "
               "(4 tricks score 0)"),
    "swap": N_("your hand should take only about {tricks} tricks: the Manni, unseen, takes about {average} on "
               "average (4 tricks score 0)"),
    "keep_close": N_("your hand should take about {tricks} tricks, close to the {average} the unseen Manni takes "
                     "on average: keeping did better in the deals the coach tried"),
    "swap_close": N_("your hand should take about {tricks} tricks, close to the {average} the unseen Manni takes "
                     "on average: taking the Manni did better in the deals the coach tried"),
}


def number_words(value: float) -> str:
    """A number as the language writes it: its digits and its decimal mark (3.5, 3,5, ۳٫۵)."""
    text = str(value)
    if isinstance(value, float):
        text = f"{value:g}".replace(".", pgettext("decimal mark", "."))
    return digits(text)


_TENTHS = re.compile(r"-?\d+\.\d+")


def _params(params: Mapping) -> dict:
    """The reason's parameters worded for the language (cards stay as printed)."""
    out: dict = {}
    for key, value in params.items():
        if key.endswith("suit"):
            out[key] = _(SUIT_LOWER.get(value, value))
            out[key + "_one"] = _(SUIT_ONE.get(value, value))
        elif key == "trump":
            out[key] = _(SUIT_LOWER.get(value, value))
        elif key.endswith("card") and isinstance(value, str) and len(value) == 2:
            out[key] = card_index(value[0]) + value[1]      # said with the letters of the player's deck
        elif isinstance(value, (int, float)) and not isinstance(value, bool) and not key.endswith("card"):
            out[key] = number_words(value)
        elif isinstance(value, str) and _TENTHS.fullmatch(value):     # a number with tenths, sent as text
            out[key] = number_words(float(value))
        else:
            out[key] = value
    return out


def templates(reason: Reason) -> dict[str, str]:
    """The table of templates in the language in use (the race's form for its number)."""
    table = {code: _(t) for code, t in TEMPLATES.items() if t}
    need = reason.params.get("need")
    table["race"] = ngettext("your side needs {need} more trick to go over; the opponents need {they_need}",
                             "your side needs {need} more tricks to go over; the opponents need {they_need}",
                             need if isinstance(need, int) else 2)
    n = plural_count(reason.params.get("margin"))
    if reason.code.endswith("_tricks"):         # Manni scores tricks: "0.3 points a deal" was wrong
        table["search_margin_tricks"] = ngettext(
            "the {card} did best in {deals} possible deals: {margin} trick a deal more than the {other_card}",
            "the {card} did best in {deals} possible deals: {margin} tricks a deal more than the {other_card}", n)
        table["search_close_tricks"] = ngettext(
            "a close call: the {card} did only {margin} trick a deal better than the {other_card} in {deals} "
            "possible deals",
            "a close call: the {card} did only {margin} tricks a deal better than the {other_card} in {deals} "
            "possible deals", n)
        table["search_noise_tricks"] = ngettext(
            "a close call: in {deals} possible deals the {other_card} did {margin} trick a deal better, too little "
            "to tell the two apart",
            "a close call: in {deals} possible deals the {other_card} did {margin} tricks a deal better, too little "
            "to tell the two apart", n)
        return table
    table["search_margin"] = ngettext(
        "the {card} did best in {deals} possible deals: {margin} point a deal more than the {other_card}",
        "the {card} did best in {deals} possible deals: {margin} points a deal more than the {other_card}", n)
    table["search_close"] = ngettext(
        "a close call: the {card} did only {margin} point a deal better than the {other_card} in {deals} possible deals",
        "a close call: the {card} did only {margin} points a deal better than the {other_card} in {deals} possible deals",
        n)
    table["search_noise"] = ngettext(      # the hint's card behind, by less than the measure can tell
        "a close call: in {deals} possible deals the {other_card} did {margin} point a deal better, too little to "
        "tell the two apart",
        "a close call: in {deals} possible deals the {other_card} did {margin} points a deal better, too little to "
        "tell the two apart", n)
    return table


def plural_count(value: object) -> int:
    """The count ``ngettext`` is given for ``value`` points, which may have tenths (as text
    over the LAN): 1 for one point, 2 from two, 0 between (English "0.4 points", French
    "0,4 point" and "1,8 point": below two, French takes the singular).

    >>> [plural_count(x) for x in (0.4, 1.0, 1.8, 2.0, 14, "1.5")]
    [0, 1, 0, 2, 2, 0]
    """
    try:
        x = float(value)                 # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 2
    return 1 if round(x, 1) == 1.0 else 2 if x >= 1.95 else 0


def hint_reason(reason: Reason) -> str:
    """The reason as a sentence in the player's language, with suit pips as rich-text
    tokens ({S}): fonts have no suit glyphs."""
    text = say(Reason(reason.code, _params(reason.params)), templates(reason))
    for sign, suit in (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C")):
        text = text.replace(sign, "{" + suit + "}")
    return text


def best_reason(view: dict, action: dict, values: tuple = (), samples: int = 0) -> str | None:
    """The coach's main reason for ``action`` at the seat's ``view``, worded (the review's best
    choice says why, as the hint does); where no rule of play explains it, the next best
    choice and the margin from the review's ``values`` over ``samples`` deals (it said "plays
    out best over the deals the coach tried"); None where there is none to give."""
    from bots.hint import reasons_for          # the reasons' rules live with the bots
    from bots.knowledge import Info
    from rules import actions as A
    try:
        reasons = reasons_for(Info(view), A.parse_action(action))
    except (KeyError, ValueError, TypeError, IndexError):
        return None
    if reasons and reasons[0].code == "search_best" and samples and "play" in action:
        from bots.hint import margin_reason
        worth = {A.parse_action({"play": a["play"]}): v for a, v in values if "play" in a}
        reasons = [margin_reason(A.parse_action({"play": action["play"]}), worth, samples,
                                 tricks=Info(view).name == "manni")]
    return hint_reason(reasons[0]) if reasons and reasons[0].code != "only_card" else None
