"""Seat controllers: who answers for a seat when the host asks it to act.

* ``HumanSeat``: the table scene's input (mouse, keyboard) answers.
* ``BotSeat``: a bot character thinks on its own worker thread, never on the
  render thread; the scene polls for the answer.
* ``ReplaySeat``: the next action of a recorded deal (replays).

A remote (LAN) seat will be one more class with the same ``kind``/``poll``.
"""
import multiprocessing
import queue
import threading
import time
from concurrent.futures import ProcessPoolExecutor

from bots import make_bot

# The searching characters think for up to a second or two.  On a thread they
# would share the interpreter lock with the render loop and make frames
# stutter, so they think in a separate process; a bot is a pure function of
# (view, seed), so nothing but the view travels there.
SEARCHING = frozenset({"JANGARA", "TANOOR", "TIZAB", "ZELZELA"})
_pool = None
_pool_lock = threading.Lock()


def _think(character, seed, view):
    return make_bot(character, seed).choose(view)


def thinking_process():
    """The one worker process shared by every searching bot (started lazily)."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        return _pool


def _reset_thinking_process():
    global _pool
    with _pool_lock:
        if _pool is not None:
            _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


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

    def __init__(self, character, seed=None, wake=None, in_process=None):
        self.character = character
        self.name = character.title()
        self.seed = seed
        self.bot = make_bot(character, seed)
        # Think in the worker process (searching characters) or on this thread.
        self.in_process = character in SEARCHING if in_process is None else in_process
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
                action = self._choose(view)
            except Exception as e:          # a bot bug must not freeze the table
                self.last_error = f"{self.character}: {type(e).__name__}: {e}"
                action = dict(view["legal"][0]) if view.get("legal") else None
            self._answers.put((view.get("version"), action))
            if self.wake:
                try:
                    self.wake()
                except Exception:
                    pass

    def _choose(self, view):
        if self.in_process:
            try:
                return thinking_process().submit(_think, self.character, self.seed, view).result()
            except Exception as e:      # no process to be had (or it died): think here
                self.last_error = f"{self.character}: thinking process unavailable ({type(e).__name__})"
                _reset_thinking_process()
                self.in_process = False
        return self.bot.choose(view)

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
