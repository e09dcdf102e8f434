"""The rules of Manfee, Manille, Manille muette and Manni: pure standard library.

Start here: ``Match`` (a whole match, its record), ``get_game``, the action
codes in ``actions``, ``view`` for what one seat may know.
"""
from .errors import RulesError
from .games import GAMES, get_game, new_rng
from .match import Match
from .record import read_match, verdict

__all__ = ["RulesError", "GAMES", "get_game", "new_rng", "Match", "read_match", "verdict"]
