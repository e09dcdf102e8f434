"""Signals are public (RULES.md: everyone sees them): a slam or drop reaches the deal's log
and the last trick's panel, so a partner whose turn came after the trick closed (a
hot-seat cover between, or quick bots) still learns of it."""

from table.table_feed import deal_log, last_trick_signals
from table.words import announce_text
from table_helpers import start_local
from test_table_layout import at_table, position, view


def test_a_table_opened_anew_has_the_signals_in_its_log_and_its_last_trick(table, manfee_home):
    rec = position("manfee", 11, lambda mh: view(mh)["phase"] == "play" and view(mh).get("last_trick")
                   and not view(mh)["trick"] and any(h.get("signal") for h in view(mh)["history"][-4:]),
                   signals=True, options={"target": 1000, "signals": True})
    scene = at_table(table, manfee_home, rec)
    table.frames(2)
    v = scene.shown
    signalled = [(h["seat"], h["play"], h["signal"]) for h in v["history"] if h.get("signal")]
    assert [(seat, a["play"], a["signal"]) for seat, a in scene.log if "play" in a] == signalled
    last = [h for h in v["history"] if "play" in h][-4:]
    assert scene.last_trick["signals"] == [h.get("signal") for h in last] and any(scene.last_trick["signals"])
    # the panel says so under the cards
    from table import panels
    said = []
    real = panels.blit_text
    panels.blit_text = lambda surface, text, *a, **k: (said.append(text), real(surface, text, *a, **k))[1]
    try:
        scene.overlay = "last"
        scene.draw(table.app.screen)
    finally:
        panels.blit_text = real
    assert sum(w in ("SLAM", "DROP") for w in said) == sum(1 for s in scene.last_trick["signals"] if s)


def test_a_signal_played_at_the_table_goes_into_the_log_and_the_last_trick(table, monkeypatch):
    import host.thinking
    real = host.thinking.choose

    def choose(*args):          # the bots slam every card they play
        a = real(*args)
        return dict(a, signal="slam") if "play" in a else a
    monkeypatch.setattr(host.thinking, "choose", choose)
    scene = start_local(table, "manfee", {"target": 13, "signals": True}, humans=0, bots=["KADO"] * 4, seed=3)
    assert table.until(lambda: scene.last_trick is not None, limit=6000)
    assert scene.last_trick["signals"] == ["slam"] * 4
    slams = [a for _seat, a in scene.log if "play" in a]
    assert len(slams) >= 4 and all(a["signal"] == "slam" for a in slams)
    assert announce_text(slams[0]) == slams[0]["play"][0].replace("T", "10") + "{" + slams[0]["play"][1] + "} slam"


def test_signals_from_a_view_line_up_with_the_last_trick_or_say_none():
    history = [{"seat": "bottom", "call": 3}] + [
        {"seat": s, "play": c, **({"signal": "drop"} if c == "9H" else {})}
        for s, c in zip(["bottom", "left", "top", "right", "left"], ["2H", "9H", "KH", "3H", "5S"])]
    v = {"history": history, "trick": [{"seat": "left", "card": "5S"}],
         "last_trick": {"cards": ["2H", "9H", "KH", "3H"], "leader": "bottom", "winner": "top"}}
    assert last_trick_signals(v) == [None, "drop", None, None]
    assert [a.get("signal") for _s, a in deal_log(v)] == [None, "drop"]
    v["last_trick"]["cards"] = ["2H", "9H", "KH", "4H"]         # out of step: nothing claimed
    assert last_trick_signals(v) == [None] * 4


def test_the_signal_choices_say_what_each_means_and_keep_the_cards_duty(table, manfee_home, monkeypatch):
    """With Slam, Drop and No signal open, the band's line went away: nothing said what a slam
    or a drop tells the partner (only a tooltip, after two seconds), nor which card must go.
    One line over them, between the trick and the buttons: the card's duty, else what they mean."""
    import pygame
    import table.table_draw as table_draw
    rec = position("manfee", 4, lambda mh: view(mh)["phase"] == "play" and mh.whose_turn() == "bottom"
                   and len(view(mh)["trick"]) == 3, signals=True, options={"target": 1000, "signals": True})
    scene = at_table(table, manfee_home, rec)
    table.frames(200)
    said = []
    monkeypatch.setattr(table_draw, "draw_prompt", lambda surface, look, text, why=None, *a, **k: said.append(
        (text, why, k.get("lift", 0))))
    table.key(pygame.K_g)
    assert scene.signal_menu
    scene.draw(table.app.screen)
    text, why, lift = said[-1]
    assert lift > 0 and why is None
    assert text == scene.play_duty() if scene.play_duty() else text.startswith("Slam: partner, lead this suit")
    monkeypatch.setattr(scene, "play_duty", lambda: None)      # a card free to go: what the signals mean
    scene.draw(table.app.screen)
    assert said[-1][0].startswith("Slam: partner, lead this suit")
