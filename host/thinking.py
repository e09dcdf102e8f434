"""Where the bots think, and the one fallback when a bot fails.

The searching characters think for up to a second or two.  On a thread they
would hold the interpreter lock against the screen's loop and make frames
stutter, so they think in one worker process shared by every table of this
program (a bot is a pure function of (view, seed): nothing but the view
travels there).  The quick characters answer in well under a millisecond and
think on the host's own loop.
"""
from __future__ import annotations

import logging
import multiprocessing
import threading
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable

from bots import make_bot

log = logging.getLogger("manfee.host")

SEARCHING = frozenset({"JANGARA", "TANOOR", "TIZAB", "ZELZELA"})
_pool: ProcessPoolExecutor | None = None
_threads: ThreadPoolExecutor | None = None
_lock = threading.Lock()


def choose(character: str, seed: int, budget: float | None, view: dict) -> dict:
    """One bot decision (runs in the worker process for the searching characters)."""
    return make_bot(character, seed, budget).choose(view)


def hint_for(view: dict, budget: float | None) -> dict:
    """The coach's hint for the seat of ``view`` (bots.hint), as plain data."""
    from bots.hint import hint
    return hint(view, 1.0 if budget is None else budget).to_json()


def fallback(view: dict, why: str) -> dict | None:
    """A bot failed: play its first legal action, and say why in the log."""
    legal = view.get("legal") or []
    log.warning("bot for %s failed (%s): playing its first legal action", view.get("seat"), why)
    return dict(legal[0]) if legal else None


def thinking_process() -> ProcessPoolExecutor:
    """The one worker process shared by every searching bot (started lazily)."""
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        return _pool


def _spare_thread() -> ThreadPoolExecutor:
    """Where a searching bot thinks when no process can be had."""
    global _threads
    with _lock:
        if _threads is None:
            _threads = ThreadPoolExecutor(max_workers=1, thread_name_prefix="manfee-bot")
        return _threads


def reset_thinking_process() -> None:
    global _pool
    with _lock:
        if _pool is not None:
            _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


class Thinker:
    """Asks bots for decisions on behalf of one table host.

    ``ask`` returns at once; ``reply(action)`` is later called on the host's
    loop with the bot's action (a legal one: a failing bot's first legal
    action).  ``in_process`` forces every character onto the worker process
    (tests), or none of them (False).
    """

    def __init__(self, loop: Any, budget: float | None = None, in_process: bool | None = None) -> None:
        self.loop = loop
        self.budget = budget
        self.in_process = in_process
        self.closed = False
        self.last_error: str | None = None

    def ask(self, character: str, seed: int, view: dict, reply: Callable[[dict | None], None]) -> None:
        far = character in SEARCHING if self.in_process is None else self.in_process
        if not far:
            self.loop.call_soon(self._here, character, seed, view, reply)
            return
        try:
            fut = thinking_process().submit(choose, character, seed, self.budget, view)
        except Exception as e:          # no process to be had: think on a spare thread
            self.last_error = f"thinking process unavailable ({type(e).__name__})"
            reset_thinking_process()
            fut = _spare_thread().submit(choose, character, seed, self.budget, view)
        fut.add_done_callback(lambda f: self._answered(f, character, seed, view, reply))

    def ask_hint(self, view: dict, reply: Callable[[dict | None], None]) -> None:
        """The coach's hint for ``view``, thought like a searching bot (off the loop);
        ``reply(None)`` if it cannot be had."""
        try:
            fut = thinking_process().submit(hint_for, view, self.budget)
        except Exception:
            reset_thinking_process()
            fut = _spare_thread().submit(hint_for, view, self.budget)

        def done(f: Future) -> None:
            if self.closed or f.cancelled():
                return
            answer = f.result() if f.exception() is None else None
            try:
                self.loop.call_soon_threadsafe(self._deliver, reply, answer)
            except RuntimeError:
                pass
        fut.add_done_callback(done)

    def _here(self, character: str, seed: int, view: dict, reply: Callable) -> None:
        if self.closed:
            return
        action: dict | None
        try:
            action = choose(character, seed, self.budget, view)
        except Exception as e:          # a bot bug must not freeze the table
            action = fallback(view, f"{character}: {type(e).__name__}: {e}")
        reply(action)

    def _answered(self, fut: Future, character: str, seed: int, view: dict, reply: Callable) -> None:
        # Called on the worker's thread: hop back onto the host's loop.
        if self.closed or fut.cancelled():
            return
        error = fut.exception()
        if isinstance(error, BrokenProcessPool):
            # The worker died (killed, out of memory): think again on a spare thread.
            reset_thinking_process()
            self.last_error = "the thinking process stopped"
            again = _spare_thread().submit(choose, character, seed, self.budget, view)
            again.add_done_callback(lambda f: self._answered(f, character, seed, view, reply))
            return
        if error is not None:
            self.last_error = f"{character}: {type(error).__name__}: {error}"
        action = fut.result() if error is None else fallback(view, self.last_error or "")
        try:
            self.loop.call_soon_threadsafe(self._deliver, reply, action)
        except RuntimeError:            # the loop has closed: the table is gone
            pass

    def _deliver(self, reply: Callable, action: dict | None) -> None:
        if not self.closed:
            reply(action)

    def close(self) -> None:
        self.closed = True
