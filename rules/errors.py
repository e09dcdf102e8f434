"""The one error type of the rules: a sentence a player or a peer can read,
and a stable code a program can act on (the LAN protocol's error codes for
refused actions are these codes).

>>> e = RulesError("not left's turn (waiting for top)", "not_your_turn")
>>> e.code, str(e)
('not_your_turn', "not left's turn (waiting for top)")
"""

# The codes a RulesError may carry, and what each means.  The order of the
# first six is the order in which the match host checks an action.
CODES = {
    "no_such_seat": "the seat is not one of this game's seats",
    "match_over": "the match is over",
    "no_deal": "no deal is in progress",
    "not_your_turn": "another seat is to act",
    "stale": "the action answers an older state of the table",
    "illegal": "the rules do not allow that action now",
    "bad_action": "not an action at all (malformed object, card or trump text)",
    "bad_option": "an unknown game option, or a bad value for one",
    "unknown_game": "a game this program does not know",
    "bad_record": "a match record that cannot be replayed",
    "unreadable_file": "a file that cannot be read at all (permissions, a disk error)",
    "not_a_record": "a file that is not JSON: cut short, garbled, or another program's",
    "match_open": "the match file is open at another table (another window of the game)",
}


class RulesError(ValueError):
    """An action, deal or record that the rules do not allow.

    The message is one sentence that says what and why; ``code`` is one of
    ``CODES``.  The state it was raised from is left untouched.
    """

    def __init__(self, reason: str, code: str = "illegal") -> None:
        super().__init__(reason)
        assert code in CODES, code
        self.code = code
        self.reason = reason
