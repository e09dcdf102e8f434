"""The words of an action: on a choice button, and in a seat's bubble.

Rich text tokens: ``{H}`` draws a heart pip (see ``rich.py``).

>>> describe({"trump": "H", "blind": True}), announce_text({"double": True})
('Hearts (blind)', 'tap!')
"""
from __future__ import annotations

SUIT_WORDS = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs", "NT": "No trump"}


def describe(action: dict) -> str:
    """A button's words for an action object."""
    if "call" in action:
        return str(action["call"])
    if "decision" in action:
        return action["decision"].title()
    if "trump" in action:
        t = action["trump"]
        if t == "partner":
            return "En face: my partner names"
        word = SUIT_WORDS.get(t, t)
        return f"{word} (blind)" if action.get("blind") else word
    if "double" in action:
        return "Tap the table" if action["double"] else "No tap"
    if "redouble" in action:
        return "Tap back" if action["redouble"] else "No tap back"
    if "swap" in action:
        return "Take the Manni" if action["swap"] else "Keep my hand"
    if "look" in action:
        return "Look at my cards"
    if "peek" in action:
        return "Peek"
    if "play" in action:
        return action["play"]
    return str(action)


def announce_text(action: dict) -> str:
    """What a seat's bubble says (rich text: {H} draws a heart)."""
    if "call" in action:
        return f"call {action['call']}"
    if "decision" in action:
        return "accept" if action["decision"] == "accept" else "pass!"
    if "cut" in action:
        return "cut"
    if "trump" in action:
        t = action["trump"]
        if t == "partner":
            return "en face!"
        word = "no trump" if t == "NT" else f"{{{t}}} {SUIT_WORDS[t].lower()}"
        return f"{word}, blind!" if action.get("blind") else word
    if "double" in action:
        return "tap!" if action["double"] else "no tap"
    if "redouble" in action:
        return "tap back!" if action["redouble"] else "no tap back"
    if "swap" in action:
        return "I take the Manni!" if action["swap"] else "keep"
    if "peek" in action:
        return "peeked!"
    return describe(action).lower()
