"""The one error type of the rules: a sentence a player or a peer can read."""


class RulesError(ValueError):
    """An action, deal or record that the rules do not allow.

    The message is one sentence that says what and why; the state it was
    raised from is left untouched.
    """
