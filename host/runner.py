"""A table host's own thread: an asyncio loop, so that writing the save, a
bot's answer or a slow peer never holds up a screen's frames.

    runner = HostRunner()
    runner.start(lambda loop: host.begin(loop))
    runner.call(host.intent, endpoint, "bottom", {"play": "QH"}, 7)   # from any thread
    runner.stop(lambda: host.end("closed"))
"""
from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any, Callable

log = logging.getLogger("manfee.host")


class HostRunner:
    def __init__(self, name: str = "manfee-host") -> None:
        self.name = name
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()

    def start(self, setup: Callable[[asyncio.AbstractEventLoop], Any] | None = None) -> HostRunner:
        """Run the loop on a new thread; ``setup(loop)`` runs first, on it."""
        loop = asyncio.new_event_loop()
        self.loop = loop

        def run() -> None:
            asyncio.set_event_loop(loop)
            if setup is not None:
                loop.call_soon(setup, loop)
            loop.call_soon(self._ready.set)
            try:
                loop.run_forever()
            finally:
                loop.close()
        self._thread = threading.Thread(target=run, name=self.name, daemon=True)
        self._thread.start()
        self._ready.wait(5)
        return self

    def call(self, fn: Callable[..., Any], *args: Any) -> bool:
        """Run ``fn(*args)`` on the host's loop (thread-safe); False once it has stopped."""
        return call_on(self.loop, fn, args)

    @staticmethod
    def _guarded(fn: Callable[..., Any], args: tuple) -> None:
        try:
            fn(*args)
        except Exception:           # a bug must cost one intent, not the table
            log.exception("table host call %s failed", getattr(fn, "__name__", fn))

    def stop(self, last: Callable[[], Any] | None = None, timeout: float = 5.0) -> None:
        """Run ``last()`` on the loop, then stop it and wait for the thread."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        if last is not None:
            self.call(last)
        try:
            loop.call_soon_threadsafe(loop.stop)
        except RuntimeError:
            pass
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    @property
    def alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive()


def call_on(loop: Any, fn: Callable[..., Any], args: tuple) -> bool:
    """Run ``fn(*args)`` on ``loop`` from any thread, guarded (a bug costs one call, not the
    table); False once the loop has stopped.  The LAN server's ``call`` uses it too: the
    host's own table reads True as "sent"."""
    if loop is None or loop.is_closed():
        return False
    try:
        loop.call_soon_threadsafe(HostRunner._guarded, fn, args)
        return True
    except RuntimeError:
        return False
