"""Stand-ins shared by the table tests."""
from table.app import _Silence


class Sounds(_Silence):
    """A sound bank that records what the table asked it to play."""

    available = True

    def __init__(self):
        self.played = []

    def play(self, name):
        self.played.append(name)
