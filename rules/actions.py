"""Actions as small ints for speed, with the record's JSON object as their text.

Bots and searches handle ints; the record, LAN messages and the referee handle
the JSON objects of RECORD.md.  ``action_json`` and ``parse_action`` translate.

Codes: a card play is the card int (0..51); a play carrying a signal adds
``SLAM`` or ``DROP``; everything else starts at 256.
"""
from .cards import card_text, parse_card, trump_text, parse_trump, NT
from .errors import RulesError

SLAM = 64          # play code + SLAM: the card, slammed
DROP = 128         # play code + DROP: the card, dropped
CALL = 256         # CALL + n: a Manfee call of n tricks (0..13)
ACCEPT = 280
PASS = 281
TRUMP = 290        # TRUMP + t: name trump t (0..3 suit, 4 no-trump)
PARTNER = 295      # Manille muette "en face": the partner names trump
BLIND = 300        # BLIND + t: name trump t blind (Manille muette)
DOUBLE = 310       # tap
NO_DOUBLE = 311
REDOUBLE = 312     # tap back
NO_REDOUBLE = 313
SWAP = 320         # take the Manni
KEEP = 321
PEEK = 330         # the Manille dealer's partner looks before trump: misdeal
LOOK = 331         # the Manille muette dealer turns the hand up (never recorded)


def is_play(code):
    return code < 192


def play_card(code):
    """The card of a play code, signal or not."""
    return code & 63


def play_signal(code):
    return "slam" if SLAM <= code < DROP else "drop" if DROP <= code < 192 else None


def action_json(code):
    """The record's object for an action code (without the seat)."""
    if code < 192:
        obj = {"play": card_text(code & 63)}
        sig = play_signal(code)
        if sig:
            obj["signal"] = sig
        return obj
    if CALL <= code <= CALL + 13:
        return {"call": code - CALL}
    if code == ACCEPT:
        return {"decision": "accept"}
    if code == PASS:
        return {"decision": "pass"}
    if TRUMP <= code <= TRUMP + NT:
        return {"trump": trump_text(code - TRUMP)}
    if code == PARTNER:
        return {"trump": "partner"}
    if BLIND <= code <= BLIND + NT:
        return {"trump": trump_text(code - BLIND), "blind": True}
    simple = {DOUBLE: {"double": True}, NO_DOUBLE: {"double": False},
              REDOUBLE: {"redouble": True}, NO_REDOUBLE: {"redouble": False},
              SWAP: {"swap": True}, KEEP: {"swap": False}, PEEK: {"peek": True},
              LOOK: {"look": True}}
    if code in simple:
        return dict(simple[code])
    raise ValueError(f"no action has code {code}")


def _bool(obj, key):
    v = obj[key]
    if not isinstance(v, bool):
        raise RulesError(f"'{key}' must be true or false, not {v!r}", "bad_action")
    return v


def parse_action(obj):
    """Parse a record/LAN action object (a 'seat' key is ignored) into a code.

    Raises RulesError with a one-line reason for anything malformed.
    >>> parse_action({"play": "QH", "signal": "slam"}) == SLAM + 13 + 10
    True
    """
    if not isinstance(obj, dict):
        raise RulesError(f"an action must be an object, not {obj!r}", "bad_action")
    keys = set(obj) - {"seat"}
    if keys == {"play"} or keys == {"play", "signal"}:
        c = parse_card(obj["play"])
        sig = obj.get("signal")
        if sig is None:
            return c
        if sig == "slam":
            return c + SLAM
        if sig == "drop":
            return c + DROP
        raise RulesError(f"unknown signal {sig!r} (slam or drop)", "bad_action")
    if keys == {"call"}:
        n = obj["call"]
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 13:
            raise RulesError(f"a call must be a whole number from 0 to 13, not {n!r}", "bad_action")
        return CALL + n
    if keys == {"decision"}:
        d = obj["decision"]
        if d == "accept":
            return ACCEPT
        if d == "pass":
            return PASS
        raise RulesError(f"a decision is 'accept' or 'pass', not {d!r}", "bad_action")
    if keys == {"trump"}:
        if obj["trump"] == "partner":
            return PARTNER
        return TRUMP + parse_trump(obj["trump"])
    if keys == {"trump", "blind"}:
        if obj["blind"] is not True:
            if obj["blind"] is False:
                return TRUMP + parse_trump(obj["trump"])
            raise RulesError(f"'blind' must be true or false, not {obj['blind']!r}", "bad_action")
        return BLIND + parse_trump(obj["trump"])
    if keys == {"double"}:
        return DOUBLE if _bool(obj, "double") else NO_DOUBLE
    if keys == {"redouble"}:
        return REDOUBLE if _bool(obj, "redouble") else NO_REDOUBLE
    if keys == {"swap"}:
        return SWAP if _bool(obj, "swap") else KEEP
    if keys == {"peek"}:
        if obj["peek"] is not True:
            raise RulesError("'peek' can only be true", "bad_action")
        return PEEK
    if keys == {"look"}:
        if obj["look"] is not True:
            raise RulesError("'look' can only be true", "bad_action")
        return LOOK
    raise RulesError(f"unknown action {_plain(obj)!r}", "bad_action")


def _plain(obj):
    return {k: v for k, v in obj.items() if k != "seat"}


def describe(obj):
    """The action as error messages quote it: ``{'play': 'AS'}``."""
    return repr(_plain(obj)) if isinstance(obj, dict) else repr(obj)
