"""The coach's reasons: language-neutral codes, and their English wording.

A reason is a stable code and parameters, e.g.
``Reason("highest_left", {"card": "KS", "suit": "S"})``; the screens word it
in the player's language from a table of templates, one per code.  This module
holds the English table (``ENGLISH``) and the wording function (``say``);
another language is one more table with the same codes and placeholders.

Parameters are JSON values in the record's text forms, never words: cards as
``"KS"`` (any key ending in ``card``), suits as ``"S"`` (keys ending in
``suit``), trumps as ``"S"`` or ``"NT"`` (the key ``trump``), numbers as
numbers.  A template may add ``_s`` to a number's key for an English plural.

>>> say(Reason("highest_left", {"card": "KS", "suit": "S"}))
'the K♠ is the highest spade left'
>>> say(Reason("race", {"need": 1, "they_need": 3}))
'your side needs 1 more trick to go over; the opponents need 3'
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "NT": "no trump"}
SUIT_WORD = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


@dataclass(frozen=True)
class Reason:
    """Why the coach suggests a choice: a code from ``ENGLISH`` and its
    parameters (JSON values, see the module's text)."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> list:
        """``[code, params]``, ready for JSON and for a LAN message, which carries no floats:
        a number with tenths goes as its text ("11.9"; the table words it back as a number).
        A joiner's hint at a call, whose reason said "about 11.9 tricks", broke its connection.

        >>> Reason("call_hand", {"call": 4, "tricks": 3.5}).to_json(), Reason("x", {"tricks": 12.0}).to_json()
        (['call_hand', {'call': 4, 'tricks': '3.5'}], ['x', {'tricks': 12}])
        """
        return [self.code, {k: _plain(v) for k, v in self.params.items()}]


def _plain(value: Any) -> Any:
    """A parameter as a LAN message may carry it: a whole float as an integer, tenths as text."""
    if isinstance(value, float):
        return int(value) if value.is_integer() else format(value, "g")
    return value


# One template per code.  Placeholders are the parameters' keys, worded:
# {card} "K♠", {suit} "spades" ({suit1} "spade", one of them), {trump}
# "hearts" / "no trump", numbers as they are, {key_s} an "s" unless key is 1.
ENGLISH: dict[str, str] = {
    # the card play
    "only_card": "the {card} is the only card you may play",
    "partner_asked": "your partner slammed {suit}: lead them",
    "highest_left": "the {card} is the highest {suit1} left",
    "draw_trumps": "the {card} is the highest trump left: draw the opponents' trumps",
    "lead_trump": "lead a trump to draw the opponents' trumps",
    "lead_partner_ruff": "your partner has no {suit} left and may still have trumps: lead one for a ruff",
    "lead_low": "lead low from {suit} and keep your high cards for later",
    "search_best": "the {card} plays out best over the deals the coach tried",
    "search_margin": "the {card} did best in {deals} possible deals: {margin} point{margin_s} a deal more than "
                     "the {other_card}",
    "search_close": "a close call: the {card} did only {margin} point{margin_s} a deal better than the "
                    "{other_card} in {deals} possible deals",
    "search_noise": "a close call: in {deals} possible deals the {other_card} did {margin} point{margin_s} a deal "
                    "better, too little to tell the two apart",
    # Manni scores tricks: the same, in tricks ("0.3 points a deal" was said of tricks)
    "search_margin_tricks": "the {card} did best in {deals} possible deals: {margin} trick{margin_s} a deal more "
                            "than the {other_card}",
    "search_close_tricks": "a close call: the {card} did only {margin} trick{margin_s} a deal better than the "
                           "{other_card} in {deals} possible deals",
    "search_noise_tricks": "a close call: in {deals} possible deals the {other_card} did {margin} trick{margin_s} "
                           "a deal better, too little to tell the two apart",
    "search_even": "in {deals} possible deals the {card} and the {other_card} did equally well",
    "partner_winning": "your partner's {partner_card} is winning the trick: play low",
    "dont_overtake": "the {high_card} would overtake your partner's {partner_card}",
    "feed_points": "your partner's {partner_card} holds the trick: give it the points of the {card}",
    "feed_keep": "your partner's {partner_card} holds the trick: give it the {card} and keep the {kept_card}",
    "win_cheaply": "the {card} is the cheapest card that surely takes the trick",
    "take_trick": "the {card} surely takes the trick",
    "ruff": "you have no {suit}: trump with the {card}",
    "overtrump": "overtrump the {beats_card} with the {card}",
    "play_high": "the {card} takes the trick unless a later player beats it",
    "overtake_partner": "take the lead from your partner's {partner_card} with the {card}",
    "duck": "let the {winner_card} have this trick and keep your higher {suit} for later",
    "cannot_win": "you cannot beat the {winner_card}: give your cheapest card",
    "discard": "you have no {suit}: throw the {card}, which is of no use",
    "save_points": "you have no {suit} and the trick is lost: the {card} gives away the fewest points",
    "cheap_discard": "you have no {suit}: the {card} gives away the fewest points",
    "race": "your side needs {need} more trick{need_s} to go over; the opponents need {they_need}",
    "signal_drop": "signal drop: tell your partner you have no more {suit}",
    "signal_slam": "signal slam: ask your partner to lead {suit}, where you hold the highest card left",
    # Manfee calls and the dealer's decision
    "call_hand": "your hand should take about {tricks} tricks: call {call}",
    "call_block": "call all that is left ({call}): the last caller must then call 0, so the opponents' "
                  "target is only what their first caller called, not knowing it would stand alone",
    "call_team": ("call for your side: your hand is worth about {tricks} tricks and your partner's "
                  "about {partner_tricks} more on average"),
    "call_forced": "the calls before leave you only {call}",
    "call_last": "with {total} called by your side, the dealer gains least whether accepting or passing",
    "accept_same": "either way the targets are {target} against {their_target}: accepting keeps your hands (about {side} tricks with your partner's call)",
    "pass_same": "either way the targets are {target} against {their_target}: passing gives your side the opponents' hands (they called {opp})",
    "accept": "your hand and your partner's call of {partner} look good for about {side} tricks: "
                 "accepting gives a target of {target} against {their_target}; "
                 "passing would give {pass_target} against {pass_their_target}",
    "pass": "a pass gives your side the opponents' hands (they called {opp}) and a target of "
               "{target} against {their_target}; keeping yours (about {side} tricks with your "
               "partner's call) would give {accept_target} against {accept_their_target}",
    # trump, en face, blind, taps
    "trump_suit": "with {trump} trump your side should take about {points} of the 60 points",
    "trump_nt": "with no trump (the score doubles) your side should take about {points} of the 60 points",
    "en_face": "no trump stands out in your hand: let your partner name it",
    "en_face_over": "your partner's choice does better on average than your {trump} (about {points} of the 60 points): let your partner name it",
    "look_first": "naming trump blind doubles the deal, for or against you: look at your cards first unless your side is far behind",
    "blind": "the opponents are close to winning: a blind trump doubles the deal",
    "tap": "your side should beat their {trump}: tapping doubles the deal",
    "no_tap": "your side is not clearly stronger than their {trump}",
    "tap_back": "your side should win this deal: tapped back, it counts {factor} times",
    "no_tap_back": "tapped back, the deal would count {factor} times: too much at risk",
    # the Manni swap
    "keep": "your hand should take about {tricks} tricks; the Manni, unseen, takes about {average} on average "
            "(4 tricks score 0)",
    "swap": "your hand should take only about {tricks} tricks: the Manni, unseen, takes about {average} on "
            "average (4 tricks score 0)",
    "keep_close": "your hand should take about {tricks} tricks, close to the {average} the unseen Manni takes "
                  "on average: keeping did better in the deals the coach tried",
    "swap_close": "your hand should take about {tricks} tricks, close to the {average} the unseen Manni takes "
                  "on average: taking the Manni did better in the deals the coach tried",
}


def card_words(text: str) -> str:
    """``"TH"`` -> ``"10♥"``, ``"KS"`` -> ``"K♠"``."""
    rank, suit = text[:-1], text[-1]
    return ("10" if rank == "T" else rank) + SUIT_SIGNS.get(suit, suit)


def _fields(params: Mapping[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in params.items():
        if key.endswith("card"):
            out[key] = card_words(str(value))
        elif key.endswith("suit"):
            out[key] = SUIT_WORDS.get(value, str(value))
            out[key + "1"] = SUIT_WORD.get(value, str(value))
        elif key == "trump":
            out[key] = SUIT_WORDS.get(value, str(value))
        else:
            out[key] = str(value)
            if isinstance(value, (int, float)):
                out[key + "_s"] = "" if value == 1 else "s"
    return out


def say(reason: Reason, templates: Mapping[str, str] | None = None) -> str:
    """The reason as a sentence from ``templates`` (English by default); a
    code the table lacks is shown as the code itself, never dropped."""
    table = ENGLISH if templates is None else templates
    template = table.get(reason.code)
    if template is None:
        return reason.code
    try:
        return template.format(**_fields(reason.params))
    except (KeyError, IndexError, ValueError):
        return reason.code
