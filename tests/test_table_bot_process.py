"""Searching bots think in a separate process, so the screen's loop keeps its frames."""
import asyncio
import os

from rules.host import MatchHost
from host import thinking
from host.thinking import Thinker


def _answer(thinker_kwargs, character, view):
    """Ask one bot through a Thinker on a fresh loop; its answer."""
    loop = asyncio.new_event_loop()
    try:
        got = loop.create_future()
        t = Thinker(loop, **thinker_kwargs)
        t.ask(character, 9, view, lambda a: got.done() or got.set_result(a))
        return loop.run_until_complete(asyncio.wait_for(got, 60)), t
    finally:
        loop.close()


def test_a_searching_bot_answers_from_the_worker_process_as_it_would_here():
    h = MatchHost.new("manni", seed=4)
    h.start_deal()
    view = h.view(h.whose_turn())
    far, t = _answer({}, "JANGARA", view)
    assert t.last_error is None
    near, _t = _answer({"in_process": False}, "JANGARA", view)
    assert far == near and far in view["legal"]
    pid = thinking.thinking_process().submit(os.getpid).result()
    assert pid != os.getpid()


def test_quick_characters_think_on_the_hosts_loop():
    h = MatchHost.new("manfee", seed=2)
    h.start_deal()
    view = h.view(h.whose_turn())
    calls = []
    real = thinking.choose
    thinking.choose = lambda *a: (calls.append(os.getpid()), real(*a))[1]
    try:
        a, _t = _answer({}, "KADO", view)
    finally:
        thinking.choose = real
    assert calls == [os.getpid()] and a in view["legal"]


def test_a_failing_bot_plays_its_first_legal_action():
    h = MatchHost.new("manille", seed=2)
    h.start_deal()
    view = h.view(h.whose_turn())
    real = thinking.choose

    def broken(*a):
        raise RuntimeError("a bot bug")
    thinking.choose = broken
    try:
        a, _t = _answer({}, "KADO", view)
    finally:
        thinking.choose = real
    assert a == view["legal"][0]
