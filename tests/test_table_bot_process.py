"""Searching bots think in a separate process, so the render loop keeps its frames."""
import os
import time

from rules.host import MatchHost
from table import controllers
from table.controllers import BotSeat


def _answer(seat, view, limit=30.0):
    seat.request(view)
    end = time.monotonic() + limit
    while (a := seat.poll()) is None:
        assert time.monotonic() < end, "the bot never answered"
        time.sleep(0.01)
    return a


def test_a_searching_bot_answers_from_the_worker_process_as_it_would_here():
    h = MatchHost.new("manni", seed=4)
    h.start_deal()
    seat = h.whose_turn()
    view = h.view(seat)
    far = BotSeat("JANGARA", seed=9)
    near = BotSeat("JANGARA", seed=9, in_process=False)
    assert far.in_process and not near.in_process
    a = _answer(far, view)
    assert far.last_error is None and far.in_process
    assert a == _answer(near, view)
    pid = controllers.thinking_process().submit(os.getpid).result()
    assert pid != os.getpid()
    far.close()
    near.close()


def test_quick_characters_stay_on_a_thread():
    assert not BotSeat("KADO", seed=1).in_process
