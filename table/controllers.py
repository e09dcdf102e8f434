"""Seat controllers: who answers for a seat when the host asks it to act.

* ``HumanSeat``: the table scene's input (mouse, keyboard) answers.
* ``BotSeat``: a bot character thinks on its own worker thread, never on the
  render thread; the scene polls for the answer.
* ``ReplaySeat``: the next action of a recorded deal (replays).

A remote (LAN) seat will be one more class with the same ``kind``/``poll``.
"""
import queue
import threading
import time

from bots import make_bot


class HumanSeat:
    kind = "human"

    def __init__(self, name):
        self.name = name

    def request(self, view):
        pass

    def poll(self):
        return None

    def close(self):
        pass


class BotSeat:
    """A bot character answering on a worker thread.

    ``request(view)`` hands the view over (once per host version);
    ``poll()`` returns the chosen action object, or None while it thinks.
    ``wake`` is called from the worker when an answer is ready (the app posts a
    pygame event so an idle loop wakes up at once).
    """

    kind = "bot"

    def __init__(self, character, seed=None, wake=None):
        self.character = character
        self.name = character.title()
        self.bot = make_bot(character, seed)
        self.wake = wake
        self._asked = None            # version of the view last handed over
        self._answers = queue.Queue()
        self._jobs = queue.Queue()
        self.thinking_since = None
        self.last_error = None
        self._thread = threading.Thread(target=self._work, name=f"bot-{character}", daemon=True)
        self._thread.start()

    def request(self, view):
        if self._asked == view.get("version"):
            return
        self._asked = view.get("version")
        self.thinking_since = time.monotonic()
        self._jobs.put(view)

    def _work(self):
        while True:
            view = self._jobs.get()
            if view is None:
                return
            try:
                action = self.bot.choose(view)
            except Exception as e:          # a bot bug must not freeze the table
                self.last_error = f"{self.character}: {type(e).__name__}: {e}"
                action = dict(view["legal"][0]) if view.get("legal") else None
            self._answers.put((view.get("version"), action))
            if self.wake:
                try:
                    self.wake()
                except Exception:
                    pass

    def poll(self):
        """The answer to the latest request, or None."""
        answer = None
        while True:
            try:
                version, action = self._answers.get_nowait()
            except queue.Empty:
                break
            if version == self._asked:
                answer = action
        if answer is not None:
            self.thinking_since = None
            self._asked = None
        return answer

    def forget(self):
        """Drop a pending request (the state moved on without this answer)."""
        self._asked = None

    def close(self):
        self._jobs.put(None)


class ReplaySeat:
    """Answers with the recorded actions; ``source`` pops the next one."""

    kind = "replay"

    def __init__(self, name, source):
        self.name = name
        self.source = source

    def request(self, view):
        pass

    def poll(self):
        return self.source.next_action(self.name)

    def close(self):
        pass
