"""Stand-ins shared by the table tests."""


class Sounds:
    """A sound bank that records what the table asked it to play."""

    available = True

    def __init__(self):
        self.played = []

    def play(self, name):
        self.played.append(name)

    def set_volume(self, v):
        pass

    def set_muted(self, m):
        pass

    def close(self):
        pass
