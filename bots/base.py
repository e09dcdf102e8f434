"""The bot interface shared by the table, the LAN host and the arena."""
import random

# Easy to advanced.
CHARACTERS = ("KADO", "POCHAQ", "PUCHOQ", "SADA", "TANA", "JANGARA", "TANOOR", "TIZAB", "ZELZELA")


class Bot:
    """A player that chooses one legal action from a seat's view.

    ``choose`` must return one of ``view["legal"]`` (a record action object,
    possibly with a "signal" added to a play when the match allows signals).
    It may keep memory between calls of the same match (e.g. what it saw).
    """

    name = "RANDOM"

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, view):
        return dict(self.rng.choice(view["legal"]))


def make_bot(name, seed=None):
    """The bot character ``name`` (case-insensitive); ValueError if unknown."""
    key = str(name).upper()
    if key not in CHARACTERS and key != "RANDOM":
        raise ValueError(f"unknown bot {name!r} (one of {', '.join(CHARACTERS)})")
    bot = Bot(seed)
    bot.name = key
    return bot
