"""The nine bot characters.  A bot sees one seat's view, never the state.

    bot = make_bot("TANA", seed=7)
    action = bot.choose(view)      # one of view["legal"], a record action object
"""
from .base import CHARACTERS, make_bot, Bot

__all__ = ["CHARACTERS", "make_bot", "Bot"]
