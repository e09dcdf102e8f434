"""A forced card plays itself (Settings, "Forced cards"), unless the player asked to wait
for it, or, in Manfee with signals, while the card might carry one."""
import pygame
import pytest

from table import hud, table_draw
from table.rich import card_words
from table_helpers import start_local
from test_table_play import legal_cards, to_my_play


def forced(v):
    return len(legal_cards(v)) == 1


def in_hand(scene, card):
    return card in (scene.shown.get("hand") or ())


@pytest.mark.parametrize("auto", [True, False])
def test_a_lone_legal_card_plays_itself_unless_the_player_waits_for_it(table, auto, monkeypatch):
    table.app.settings.auto_play = auto
    scene = start_local(table, "manille", {"target": 51}, humans=1, bots=("KADO",) * 3, seed=5)
    v = to_my_play(table, scene, want=lambda v: forced(v) and len(v["hand"]) > 1)
    card = legal_cards(v)[0]
    prompts = []
    real_prompt = table_draw.draw_prompt
    monkeypatch.setattr(table_draw, "draw_prompt", lambda _s, _look, text, *a: prompts.append(text))
    scene.draw(table.app.screen)
    going = f"Your only playable card, {card_words(card)}, goes by itself"      # not "drag a card"
    assert (prompts[-1] == going) == auto and prompts[-1].startswith("Your turn") != auto
    # The card is drawn with its pip: plain text showed "J{C}" as it stands.
    plain = []
    real_render = hud.render
    monkeypatch.setattr(hud, "render", lambda text, *a, **k: (plain.append(text), real_render(text, *a, **k))[1])
    monkeypatch.setattr(table_draw, "draw_prompt", real_prompt)
    scene.draw(table.app.screen)
    assert plain and not [t for t in plain if "{" in t]
    if auto:
        assert table.until(lambda: not in_hand(scene, card), limit=600)
        assert any(h.get("card") == card for h in scene.link.view("bottom").get("trick") or ()) \
            or not in_hand(scene, card)
        # and the band says so (with quick bots the trick could be gone before it was seen)
        assert scene.message and card_words(card) in scene.message[0] and scene.message[3]
    else:
        table.frames(300)
        assert in_hand(scene, card) and scene.waiting_for_human() == "bottom"


def test_with_signals_a_forced_card_waits_while_it_might_carry_one(table, monkeypatch):
    import table.table_draw as drawing
    lines = []
    real = drawing.draw_prompt
    monkeypatch.setattr(drawing, "draw_prompt", lambda surface, look, text, sub=None, *a: (
        lines.append(sub), real(surface, look, text, sub, *a))[1])
    table.app.settings.auto_play = True
    scene = start_local(table, "manfee", {"target": 104, "signals": True}, humans=1, bots=("KADO",) * 3, seed=5)
    v = to_my_play(table, scene, want=lambda v: forced(v) and len(v["hand"]) > 1)
    card = legal_cards(v)[0]
    table.frames(300)
    assert in_hand(scene, card) and scene.waiting_for_human() == "bottom"
    # the band says why the setting left it (it seemed not to work)
    lines.clear()
    table.app.draw()
    assert lines[-1] == "Your only playable card waits for you: you may give a signal with it"
    # the last card carries no signal worth giving: it plays itself
    while len(scene.shown["hand"]) > 1:
        assert table.until(lambda: scene.waiting_for_human() is not None or len(scene.shown["hand"]) <= 1)
        if len(scene.shown["hand"]) > 1:
            table.key(pygame.K_RIGHT)
            table.key(pygame.K_RETURN)
    last = scene.shown["hand"][0]
    offered = []            # and "Give a signal" is not offered beside "Your last card … goes by itself"

    def gone():
        if len(scene.shown["hand"]) == 1 and scene.waiting_for_human() == "bottom":
            offered.append(bool(scene.buttons.get("signal") and scene.buttons["signal"].visible))
        return not in_hand(scene, last)
    assert table.until(gone, limit=600)
    assert scene.waiting_for_human() is None and offered and not any(offered), offered


def test_a_forced_card_waits_until_the_table_is_still_to_show_itself(table, monkeypatch):
    """Manille's dealer's partner: the hand turned face up and its forced card was gone
    before the turning ended, unseen. The card shows ``FORCED_SHOWN`` from the stillness."""
    from table.auto_play import FORCED_SHOWN
    from table.board import Board
    table.app.settings.auto_play = True
    scene = start_local(table, "manille", {"target": 51}, humans=1, bots=("KADO",) * 3, seed=5)
    v = to_my_play(table, scene, want=lambda v: forced(v) and len(v["hand"]) > 1)
    card = legal_cards(v)[0]
    turning = [True]
    monkeypatch.setattr(Board, "moving", property(lambda self: turning[0]))
    table.frames(200)
    assert in_hand(scene, card)
    turning[0] = False
    still = scene.clock
    assert table.until(lambda: not in_hand(scene, card), limit=600)
    assert scene.clock - still >= FORCED_SHOWN
    assert not scene.hotseat


def test_at_a_shared_screen_a_forced_card_gives_its_person_longer(table, monkeypatch):
    """Hot-seat: the card went a second after the cover lifted, before its person had looked."""
    from table.auto_play import FORCED_SHOWN, HOTSEAT_SHOWN
    from table.board import Board
    table.app.settings.auto_play = True
    scene = start_local(table, "manille", {"target": 51}, humans=1, bots=("KADO",) * 3, seed=5)
    v = to_my_play(table, scene, want=lambda v: forced(v) and len(v["hand"]) > 1)
    card = legal_cards(v)[0]
    monkeypatch.setattr(Board, "moving", property(lambda self: False))
    scene.hotseat = True
    still = scene.clock
    assert table.until(lambda: not in_hand(scene, card), limit=900)
    assert scene.clock - still >= HOTSEAT_SHOWN > FORCED_SHOWN


def to_lone_call(table, monkeypatch, auto):
    """A Manfee match whose bots call every trick left, played on until the viewer's only call is 0."""
    import host.thinking
    from bots import make_bot

    class Greedy:           # bots that call every trick left
        def __init__(self, name, seed=None, budget=None):
            self.bot = make_bot(name, seed, budget)

        def choose(self, view):
            calls = [a for a in view["legal"] if "call" in a]
            return max(calls, key=lambda a: a["call"]) if calls else self.bot.choose(view)
    monkeypatch.setattr(host.thinking, "make_bot", Greedy)
    table.app.settings.auto_play = auto
    scene = start_local(table, "manfee", {"target": 104, "signals": False}, humans=1, bots=("KADO",) * 3, seed=5)

    def lone():
        return scene.shown.get("turn") == "bottom" and scene.shown.get("legal") == [{"call": 0}]
    for _ in range(60):
        assert table.until(lambda: scene.waiting_for_human() is not None or scene.summary_open
                           and "next" in scene.buttons or lone(), limit=6000)
        v = scene.shown
        if lone():
            return scene
        if scene.summary_open:
            table.click_button("next")
        elif v["phase"] == "play":
            table.key(pygame.K_RIGHT)
            table.key(pygame.K_RETURN)
        else:
            table.click_button("act:0")
    raise AssertionError("no lone call came")


@pytest.mark.parametrize("auto", [True, False])
def test_a_lone_manfee_call_makes_itself(table, monkeypatch, auto):
    """The calls before took all 13 tricks: 0 is the only call, and it goes by itself (the
    table waited for a click on its one button), the picker saying so."""
    scene = to_lone_call(table, monkeypatch, auto)
    v = scene.shown
    assert v["legal"] == [{"call": 0}] and sum(v["calls"].values()) == 13
    table.frames(2)
    assert (scene.picker_sub == "the calls before yours took all 13 tricks: 0 is called for you") == auto
    if auto:
        assert table.until(lambda: scene.shown.get("calls", {}).get("bottom") == 0, limit=600)
        assert scene.message and "Your only call" in scene.message[0]
    else:
        table.frames(300)
        assert scene.waiting_for_human() == "bottom" and "bottom" not in scene.shown.get("calls", {})


def test_a_lone_calls_line_fits_its_box_in_dari_on_a_small_screen(table, monkeypatch):
    """The box was as wide as the short Dari title: the line under it ran out on both sides."""
    from table import i18n
    from table.theme import text_width
    table.app._resized((1024, 600))
    try:
        i18n.set_language("fa")
        scene = to_lone_call(table, monkeypatch, True)
        assert table.until(lambda: "act:0" in scene.buttons, limit=300)
        fs = max(13, round(scene.board.layout.H * 0.026))
        assert scene.picker_sub and text_width(scene.picker_sub, round(fs * 0.72), False) <= scene.picker_rect.width - fs
    finally:
        i18n.set_language("en")
