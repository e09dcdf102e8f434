"""The table driven like a player drives it: real pygame events through the real loop."""
import json
import time

import pygame
import pytest

from host.saves import list_saves
from table_helpers import acted, actions, lift_cover, record, start_local


def start(table, humans=1, bots=("KADO", "KADO", "KADO"), seed=7, target=52, signals=True):
    return start_local(table, "manfee", {"target": target, "signals": signals}, humans, bots, seed)


def to_my_play(table, scene, want=None):
    """Answer calls and decisions with the first button until the viewer must play a card.

    ``want(view)`` can ask for a particular play situation; other play turns are
    played with the keyboard (arrows + Enter) to move on.
    """
    for _ in range(120):
        assert table.until(lambda: scene.waiting_for_human() is not None or scene.summary_open
                           and "next" in scene.buttons, limit=6000)
        if scene.summary_open:
            table.click_button("next")
            continue
        v = scene.shown
        if v["phase"] != "play":
            table.click_button("act:0")
            continue
        if want is None or want(v):
            return v
        table.key(pygame.K_RIGHT)
        table.key(pygame.K_RETURN)
    raise AssertionError("never reached the wanted play situation")


def hinted_table(table, monkeypatch, game, options, seed, pick=0):
    """A local match with hints on whose coach (in this process, at once) suggests the
    seat's legal action number ``pick``: the table's scene."""
    from host import thinking
    from host.local import open_local
    from table.config import saves_dir
    from table.scenes import open_scene
    monkeypatch.setattr(thinking, "hint_for", lambda view, budget: {"seat": view["seat"], "phase": view["phase"],
                                                                  "action": dict(view["legal"][pick]), "reasons": []})
    monkeypatch.setattr(thinking, "thinking_process", lambda: (_ for _ in ()).throw(RuntimeError("no")))
    link = open_local(game, options, humans=1, bots=["KADO"] * 3, seed=seed, save_dir=saves_dir(),
                      wake=table.app.wake, hints=True)
    scene = open_scene("table", table.app, link=link)
    table.app.push(scene)
    return scene


def legal_cards(v):
    return [a["play"] for a in v["legal"] if "play" in a]


def grab_point(scene, card):
    sp = scene.board.sprites[card]
    return (int(sp.x), int(sp.y - sp.lift + scene.board.layout.ch * 0.3))


def drag(table, start_pos, dy, steps=8):
    table.press(start_pos)
    for k in range(1, steps + 1):
        table.move((start_pos[0], int(start_pos[1] - dy * k / steps)))
    table.release((start_pos[0], int(start_pos[1] - dy)))


def test_a_drag_to_the_court_plays_the_card(table):
    scene = start(table)
    v = to_my_play(table, scene)
    # the rightmost legal card: the last one laid on the fan, nothing covers its centre
    card = [k for k in scene.board.hands["bottom"] if k in legal_cards(v)][-1]
    before = len(actions(scene))
    drag(table, grab_point(scene, card), dy=scene.board.layout.ch * 2.2)
    played = acted(table, scene, before)
    assert played[0] == {"seat": "bottom", "play": card}
    assert table.until(lambda: card in scene.board.court or card not in scene.board.sprites)
    assert card not in scene.board.hands["bottom"]


def to_my_lead_while_a_trick_lies(table, scene):
    """Play on until the viewer won a trick and it still lies on the table."""
    for _ in range(200):
        to_my_play(table, scene)
        scene.play_card(legal_cards(scene.shown)[-1])
        if table.until(lambda: scene.trick_holding or scene.can_play(), limit=600) and scene.leads_next():
            assert scene.director.busy() and not scene.can_play()
            return
    raise AssertionError("the viewer never led after a trick")


def test_reaching_for_a_card_to_lead_while_the_trick_lies_gathers_it_and_drags_the_card(table):
    """A trick won, the player grabbed the next card at once: "Not your turn to play." and the
    drag was lost, at every lead after a trick won.  The press gathers the trick now and,
    held, becomes that card's drag."""
    table.app.settings.trick_hold = 8.0             # long enough to reach for a card in it
    scene = start(table, seed=7)
    to_my_lead_while_a_trick_lies(table, scene)
    card = scene.board.hands["bottom"][-1]
    p = grab_point(scene, card)
    before = len(actions(scene))
    table.press(p)
    assert scene.message is None or "Not your turn" not in scene.message[0]
    assert table.until(lambda: scene.can_play(), limit=200)        # gathered at once, not in 30 s
    table.move((p[0], p[1] - 10))
    assert scene.input.selected == card                            # the press is the card's
    for k in range(1, 9):
        table.move((p[0], int(p[1] - scene.board.layout.ch * 2.2 * k / 8)))
    table.release((p[0], int(p[1] - scene.board.layout.ch * 2.2)))
    assert acted(table, scene, before)[0]["play"] == card


def test_a_click_while_the_trick_lies_picks_the_card_and_a_press_let_go_elsewhere_plays_nothing(table):
    """A quick click on a card while the won trick was gathered did nothing at all (it said
    "Not your turn" before): the card is picked once it may be played.  A press whose release
    went elsewhere (Escape opened the menu) left the press waiting: the next move of the
    mouse, no button held, picked the card up and a click in the court played it."""
    table.app.settings.trick_hold = 8.0
    scene = start(table, seed=7)
    to_my_lead_while_a_trick_lies(table, scene)
    card = scene.board.hands["bottom"][-1]
    table.click(grab_point(scene, card))
    assert table.until(lambda: scene.can_play(), limit=200)
    table.frames(2)
    assert scene.input.picked == scene.input.selected == card          # picked: a second click plays it
    table.key(pygame.K_ESCAPE)                                         # put back
    before = len(actions(scene))
    scene.play_card(card)
    acted(table, scene, before)
    to_my_lead_while_a_trick_lies(table, scene)
    p = grab_point(scene, scene.board.hands["bottom"][-1])
    table.press(p)
    table.key(pygame.K_ESCAPE)                                         # the menu, the button still down
    table.release((10, 10))                                            # let go over the menu
    table.key(pygame.K_ESCAPE)                                         # back to the table
    assert table.until(lambda: scene.can_play(), limit=200)
    before = len(actions(scene))
    table.move((p[0], p[1] - 40), held=False)                          # no button held
    assert not scene.input.pressed and not scene.input.dragging
    table.click(scene.board.layout.center)
    table.frames(20)
    assert len(actions(scene)) == before


def test_a_card_touched_while_the_players_call_is_asked_says_the_choice_comes_first(table):
    """Clicking a card at "Your call: how many tricks?" said "Not your turn to play.", while
    it was the player's turn, to call."""
    scene = start(table, seed=7)
    assert table.until(lambda: scene.waiting_for_human() is not None and scene.shown["phase"] == "call",
                       limit=6000)
    card = scene.board.hands["bottom"][-1]
    table.click(grab_point(scene, card))
    assert scene.message and scene.message[0] == "Not a card yet: first the choice above your hand."


def test_a_short_release_returns_the_card_to_the_hand(table, monkeypatch):
    scene = start(table, seed=11)
    v = to_my_play(table, scene, want=lambda v: len(legal_cards(v)) >= 2)     # a choice: a forced card plays itself
    card = [k for k in scene.board.hands["bottom"] if k in legal_cards(v)][-1]
    sp = scene.board.sprites[card]
    home = sp.home
    # every card of the hand is at home where it lies (the dealt ones kept the pack's place)
    assert all((round(s.home[0]), round(s.home[1])) == (round(s.x), round(s.y))
               for s in (scene.board.sprites[k] for k in scene.board.hands["bottom"]))
    before = len(actions(scene))
    p = grab_point(scene, card)
    table.press(p)
    table.frames(3)
    assert sp.lift > 0                            # the preview lifts it
    drag_to = (p[0], int(p[1] - scene.board.layout.ch * 0.45))
    table.move((p[0], p[1] - 10))
    table.move(drag_to)
    assert sp.motion == "drag" and sp.y < home[1]
    import table.table_draw as drawing            # over the buttons (it passed under "Slam (undo)")
    over = []
    monkeypatch.setattr(drawing, "draw_sprite", lambda surface, images, s, off=(0, 0): over.append(s))
    table.app.draw()
    assert over == [sp]
    table.release(drag_to)
    table.frames(30)
    assert len(actions(scene)) == before
    assert card in scene.board.hands["bottom"]
    assert (round(sp.x), round(sp.y), sp.lift) == (round(home[0]), round(home[1]), 0.0)


def test_a_click_picks_a_card_and_a_second_click_plays_it(table, monkeypatch):
    """A single click on a card did nothing and said nothing (the card sank back on release):
    a click picks it (it stays up, and the band says a second click plays it), a click on
    another card picks that one, Escape puts it back; a second click on the picked card plays
    it, however slow, and a double click still plays at once."""
    import table.table_draw as table_draw
    scene = start(table, seed=11)
    v = to_my_play(table, scene, want=lambda v: len(legal_cards(v)) >= 2)
    a, b = [k for k in scene.board.hands["bottom"] if k in legal_cards(v)][-2:]
    before = len(actions(scene))
    p = grab_point(scene, b)
    said = []
    real = table_draw.draw_prompt
    monkeypatch.setattr(table_draw, "draw_prompt", lambda s, look, text, *a, **k: (said.append(text), real(s, look, text, *a, **k))[1])
    scene.draw(table.app.screen)
    assert said == ["Your turn: drag or click a card (or arrows + Enter)"]     # the band says a click works
    table.click(p)
    table.frames(round(0.6 / table.DT))                  # past the double click's window
    assert scene.input.selected == scene.input.picked == b and scene.board.sprites[b].lift > 0
    said.clear()
    scene.draw(table.app.screen)
    assert "Click the card again to play it, or drag it (Esc puts it back)" in said
    table.click(grab_point(scene, a))                      # a click on another card picks that one
    assert scene.input.picked == a and len(actions(scene)) == before
    table.key(pygame.K_ESCAPE)                             # Escape puts it back
    assert scene.input.picked is None and scene.input.selected is None
    table.click(p)                                         # b picked again, and slowly clicked again
    table.frames(round(0.6 / table.DT))
    assert len(actions(scene)) == before and b in scene.board.hands["bottom"]
    table.click(grab_point(scene, b))
    assert acted(table, scene, before)[0] == {"seat": "bottom", "play": b}
    v = to_my_play(table, scene, want=lambda v: len(legal_cards(v)) >= 2)
    c = [k for k in scene.board.hands["bottom"] if k in legal_cards(v)][-1]
    before = len(actions(scene))
    for _ in range(2):                                     # a double click plays at once
        table.press(grab_point(scene, c))
        table.release(grab_point(scene, c))
    assert acted(table, scene, before)[0] == {"seat": "bottom", "play": c}


def test_sliding_to_another_card_changes_the_choice(table):
    scene = start(table, seed=11)
    v = to_my_play(table, scene, want=lambda v: len(legal_cards(v)) >= 2 and not v["trick"])
    hand = [k for k in scene.board.hands["bottom"] if k in legal_cards(v)]
    a, b = hand[-2], hand[-1]
    table.press(grab_point(scene, a))
    table.frames(2)
    assert scene.input.selected == a
    table.move(grab_point(scene, b))
    table.frames(10)
    assert scene.input.selected == b
    assert scene.board.sprites[b].lift > 0 and scene.board.sprites[a].lift == 0
    table.release(grab_point(scene, b))


def test_an_illegal_card_cannot_be_played(table):
    scene = start(table, seed=3)
    v = to_my_play(table, scene, want=lambda v: len(legal_cards(v)) < len(v["hand"]))
    bad = [k for k in scene.board.hands["bottom"] if k not in legal_cards(v)][-1]
    assert scene.board.sprites[bad].dim
    before = len(actions(scene))
    drag(table, grab_point(scene, bad), dy=scene.board.layout.ch * 2.2)
    table.frames(20)
    assert len(actions(scene)) == before
    assert bad in scene.board.hands["bottom"]
    assert scene.message is not None                      # the player is told why not: the rule itself
    from table.explain import obligation
    rule = obligation(v)
    assert rule and scene.message[0] == f"Not that card. {rule}"
    assert scene._draw_message(table.app.screen).width > 0          # drawn as rich text (a suit as its pip)
    # It goes once the table moves on (a card played), not after 2.5 s of showing a stale rule
    good = legal_cards(v)[0]
    before = len(actions(scene))
    drag(table, grab_point(scene, good), dy=scene.board.layout.ch * 2.2)
    acted(table, scene, before)
    said_at = scene.message[1] if scene.message else 0.0
    assert table.until(lambda: scene.message is None, limit=600)
    assert time.monotonic() - said_at < 2.0                         # gone with the play, not by the clock


def test_keyboard_plays_a_card(table):
    scene = start(table, seed=5)
    v = to_my_play(table, scene)
    before = len(actions(scene))
    table.key(pygame.K_RIGHT)
    chosen = scene.input.selected
    assert chosen in legal_cards(v)
    table.key(pygame.K_RETURN)
    assert acted(table, scene, before)[0] == {"seat": "bottom", "play": chosen}


def test_a_slam_signal_is_recorded_and_lands_with_physics(table):
    scene = start(table, seed=5)
    to_my_play(table, scene)
    table.click_button("signal")
    table.click_button("slam")
    assert scene.signal == "slam"
    v = scene.shown
    card = [k for k in scene.board.hands["bottom"] if k in legal_cards(v)][-1]
    before = len(actions(scene))
    impacts = []
    real_shake = scene.board.shake
    scene.board.shake = lambda s: (impacts.append(s), real_shake(s))
    drag(table, grab_point(scene, card), dy=scene.board.layout.ch * 2.2)
    assert acted(table, scene, before)[0] == {"seat": "bottom", "play": card, "signal": "slam"}
    assert table.until(lambda: card in scene.board.court or card not in scene.board.sprites, limit=200)
    assert impacts and impacts[0] > 100             # it came down hard and shook the table


def test_the_calling_picker_offers_only_legal_calls(table):
    scene = start(table, seed=7)              # top deals: left calls first, then bottom
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    v = scene.shown
    assert v["phase"] == "call" and "left" in v["calls"]
    offered = [b.action for n, b in scene.buttons.items() if n.startswith("act:")]
    assert offered == v["legal"] and len(offered) == 14 - v["calls"]["left"]
    assert scene.announces["left"][0] == {"call": v["calls"]["left"]}     # shown at the seat:


def test_a_bubble_is_worded_in_the_language_of_the_moment(table, monkeypatch):
    """Switched to Dari mid-deal, the bubbles already on the table stayed English ("call 2")."""
    import table.bubbles as hud_module
    from table.theme import apply_language
    scene = start(table, seed=7)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    said = []
    real = hud_module.rich
    monkeypatch.setattr(hud_module, "rich", lambda text, *a, **k: (said.append(text), real(text, *a, **k))[1])
    scene.announces["left"] = [{"call": 2}, 0.0]
    scene.draw(table.app.screen)
    assert "call 2" in said
    apply_language(table.app.ui, "fa")
    try:
        said.clear()
        scene.draw(table.app.screen)
        assert "call 2" not in said and any("۲" in t for t in said), said
    finally:
        apply_language(table.app.ui, "en")


def test_the_dealer_sees_both_targets_before_deciding(table):
    scene = start(table, seed=2)              # bottom deals
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    v = scene.shown
    assert v["phase"] == "decide"
    texts = {b.action["decision"]: b.text for n, b in scene.buttons.items() if n.startswith("act:")}
    calls = v["calls"]
    opp = calls["left"] + calls["right"]
    accept_us = calls["top"] + 13 - sum(calls.values())
    pass_us = min(13, opp + 1)
    assert f"us {accept_us}" in texts["accept"] and f"them {opp}" in texts["accept"]
    assert f"us {pass_us}" in texts["pass"] and f"them {13 - pass_us}" in texts["pass"]


def test_hot_seat_covers_the_table_between_two_humans(table, monkeypatch):
    scene = start(table, humans=2, bots=("KADO", "KADO"), seed=4)
    assert scene.hotseat
    assert table.until(lambda: scene.cover_seat is not None, limit=6000)
    seat = scene.cover_seat
    assert seat in ("bottom", "left")
    # While covered, no card face is drawn at all.
    drawn = []
    import table.board as board_mod
    real = board_mod.draw_sprite
    monkeypatch.setattr(board_mod, "draw_sprite", lambda *a: drawn.append(a[2]) or real(*a))
    table.frames(3)
    assert drawn == []
    assert scene.buttons == {}
    lift_cover(table, scene)
    assert scene.cover_seat is None and scene.viewer == seat
    table.frames(2)
    faces = {s.card for s in drawn if s.face_up and s.layer == 3}
    assert faces == set(scene.link.view(seat)["hand"])


def test_a_demo_match_plays_to_the_end_and_is_saved(table, manfee_home):
    scene = start_local(table, "manfee", {"target": 13}, humans=0, bots=["KADO"] * 4, seed=1)
    assert scene.demo
    assert table.until(lambda: scene.results_shown, limit=20000)
    rec = record(scene)
    saves = list_saves(str(manfee_home / "saves"))
    assert len(saves) == 1 and saves[0]["ok"] and saves[0]["finished"]
    with open(saves[0]["path"]) as f:
        assert json.load(f)["deals"] == rec["deals"]


def test_a_screen_with_no_hand_face_up_is_not_told_to_memorize_it(table):
    """A spectator behind a seat read "Memorize your hand" after a pass: it has none."""
    scene = start(table, seed=2)              # bottom deals and decides
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    for k in scene.board.hands["bottom"]:
        scene.board.sprites[k].face_up = False      # as a watcher's table shows the seat's backs
    name = next(n for n, b in scene.buttons.items() if n.startswith("act:") and b.action == {"decision": "pass"})
    said = []
    table.click_button(name)
    assert table.until(lambda: said.extend(b[0] for b in scene.banners) or "Pass!" in said, limit=400)
    assert "Memorize your hand" not in said


def test_a_pass_lets_you_memorize_then_slides_the_hands_and_keeps_the_passed_hand(table):
    scene = start(table, seed=2)              # bottom deals and decides
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    dealt = sorted(scene.shown["hand"])
    assert scene.picker_sub == "a pass moves every hand one seat to the right"
    name = next(n for n, b in scene.buttons.items() if n.startswith("act:") and b.action == {"decision": "pass"})
    table.click_button(name)
    assert table.until(lambda: scene.banners and scene.banners[-1][0] == "You pass", limit=200)
    assert table.until(lambda: scene.banners and scene.banners[-1][0] == "Memorize your hand", limit=20)
    assert scene.director.busy()
    assert table.until(lambda: not scene.director.busy(), limit=2000)
    v = scene.link.view("bottom")
    assert v["passed"] and sorted(v["passed_hand"]) == dealt
    assert sorted(scene.board.hands["bottom"]) == sorted(v["hand"]) != dealt
    assert table.until(lambda: "passed" in scene.buttons, limit=50)
    table.click_button("passed")
    assert scene.overlay == "passed"
    import table.table_draw as table_draw
    panels = []
    real = table_draw.draw_cards_panel
    table_draw.draw_cards_panel = lambda *a, **k: (panels.append((k.get("subtitle"), k.get("played"))),
                                                   real(*a, **k))[1]
    try:
        scene.draw(table.app.screen)
    finally:
        table_draw.draw_cards_panel = real
    # bottom's hand went to right; the cards of it played since are drawn dimmed (it said nothing of them)
    plays = {h["play"] for h in scene.shown["history"] if "play" in h}
    assert panels == [(f"now held by {scene.player_name('right')}", plays)]


def test_the_picker_works_from_the_keyboard(table):
    scene = start(table, seed=7)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    legal = scene.shown["legal"]
    before = len(actions(scene))
    table.key(pygame.K_RIGHT)
    table.key(pygame.K_RIGHT)
    table.key(pygame.K_RETURN)
    assert acted(table, scene, before)[0] == dict(seat="bottom", **legal[1])


def first_enter_at_a_decision(table):
    """A Manfee table at the person's first decision, Enter pressed once: (scene, its legal
    choices, the actions recorded before)."""
    scene = start(table, seed=7)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    legal = scene.shown["legal"]
    before = len(actions(scene))
    table.key(pygame.K_RETURN)
    table.frames(3)
    return scene, legal, before


def test_a_first_enter_at_a_decision_shows_its_focus_and_the_second_chooses(table):
    """Enter did nothing at a decision nobody had moved the arrows in, and nothing showed why."""
    scene, legal, before = first_enter_at_a_decision(table)
    assert len(actions(scene)) == before and scene.buttons["act:0"].is_selected
    table.key(pygame.K_RETURN)
    assert acted(table, scene, before)[0] == dict(seat="bottom", **legal[0])


def test_a_hint_that_comes_after_the_first_enter_takes_the_focus_before_any_choice(table, monkeypatch):
    """Enter (0 in gold), I (the hint rings 6), Enter: it called the 0 under the gold."""
    scene, legal, before = first_enter_at_a_decision(table)
    assert scene.buttons["act:0"].is_selected
    assert len(legal) > 2
    monkeypatch.setattr(scene, "hint_now", lambda: {"action": legal[-1]})      # the hint comes
    table.key(pygame.K_RETURN)
    table.frames(2)
    last = f"act:{len(legal) - 1}"
    assert len(actions(scene)) == before and scene.buttons[last].is_selected      # shown, not chosen
    table.key(pygame.K_RETURN)
    assert acted(table, scene, before)[0] == dict(seat="bottom", **legal[-1])


def test_a_hint_that_comes_after_the_first_enter_takes_the_gold_as_it_comes(table):
    """Enter ("Keep my hand" in gold), I, the hint "Take the Manni" only ringed: the gold stayed,
    and the next Enter moved it instead of taking it.  Now the gold goes to the hint's choice
    as the hint comes; one Enter takes it.  A choice moved to with the arrows stays."""
    scene, legal, before = first_enter_at_a_decision(table)
    assert scene.buttons["act:0"].is_selected and len(legal) > 2
    v = scene.shown
    scene.take({"type": "hint", "seat": scene.viewer, "version": v["version"], "action": legal[-1]})
    last = f"act:{len(legal) - 1}"
    assert scene.buttons[last].is_selected and not scene.buttons["act:0"].is_selected
    table.key(pygame.K_RETURN)
    assert acted(table, scene, before)[0] == dict(seat="bottom", **legal[-1])


def test_a_hint_leaves_a_choice_the_arrows_made(table):
    scene, legal, before = first_enter_at_a_decision(table)
    table.key(pygame.K_RIGHT)                           # the player's own choice now
    assert scene.buttons["act:1"].is_selected
    v = scene.shown
    scene.take({"type": "hint", "seat": scene.viewer, "version": v["version"], "action": legal[-1]})
    assert scene.buttons["act:1"].is_selected and len(actions(scene)) == before


def test_escape_puts_back_a_picked_choice_before_it_opens_the_menu(table):
    """The rules say Esc puts back a picked choice: it opened the menu over the gold."""
    scene, legal, before = first_enter_at_a_decision(table)
    assert scene.buttons["act:0"].is_selected
    table.key(pygame.K_ESCAPE)
    assert table.app.top is scene and not any(b.is_selected for n, b in scene.buttons.items() if n.startswith("act:"))
    table.key(pygame.K_RETURN)                          # picks again, takes nothing
    assert scene.buttons["act:0"].is_selected and len(actions(scene)) == before
    table.key(pygame.K_ESCAPE)
    table.key(pygame.K_ESCAPE)
    assert table.app.top is not scene                   # then the menu


def test_a_table_opened_after_the_bots_acted_plays_their_moves_before_showing_the_picker(table):
    """A screen that opens on a table where the bots already called (a LAN
    player joining just after the deal began) is laid out as it stood before
    those moves and plays them on: the call picker shows once, when they are
    done, and never steps aside for moves made before it showed."""
    import time
    from host.local import open_local
    from table.scenes import open_scene
    link = open_local("manfee", {}, humans=1, bots=["KADO"] * 3, seed=7)
    for _ in range(100):                       # a screen far behind: the bots go ahead
        link.shown(10 ** 9)
        time.sleep(0.01)
        if link.inbox.qsize() >= 4:
            break
    scene = open_scene("table", table.app, link=link)
    table.app.push(scene)
    newest = link.view("bottom")
    assert newest["phase"] == "call" and newest["turn"] == "bottom"
    assert scene.shown["version"] < newest["version"] and "act:0" not in scene.buttons
    shown_before_done = []
    assert table.until(lambda: (shown_before_done.append(scene.waiting_for_human() is not None
                                                        and scene.director.busy()),
                                scene.waiting_for_human() is not None)[1], limit=2000)
    assert scene.shown["version"] == newest["version"] and not any(shown_before_done)
    # the bots' calls were made on screen: each reached the log
    assert newest["history"] and [seat for seat, _words in scene.log] == [h["seat"] for h in newest["history"]]


def test_the_band_says_whose_announcement_the_table_waits_for(table, monkeypatch):
    import table.table_draw as table_draw
    scene = start(table, seed=5)
    to_my_play(table, scene)
    said = []
    real = table_draw.draw_prompt
    monkeypatch.setattr(table_draw, "draw_prompt", lambda surface, look, text, *a, **k: (
        said.append(text), real(surface, look, text, *a, **k))[1])
    left = next(s for s in scene.seats if scene.board.place(s) == "left")
    scene.shown = dict(scene.shown, phase="call", turn=left, legal=[])
    scene.ui_key = scene.ui_state()
    scene.draw(table.app.screen)
    assert said == [f"{scene.player_name(left)} is calling…"]
    said.clear()
    scene.shown = dict(scene.shown, phase="play")            # in the play the plate's dots say it
    scene.draw(table.app.screen)
    assert said == []


def test_the_viewers_own_trick_pile_says_it_is_theirs(table, monkeypatch):
    import table.board as board_module
    scene = start(table, seed=5)
    to_my_play(table, scene)
    board = scene.board
    right = next(s for s in board.seats if board.place(s) == "right")
    board.piles = {board.viewer: 2, right: 1}
    said = []
    real = board_module.render
    monkeypatch.setattr(board_module, "render", lambda text, *a, **k: (said.append(text), real(text, *a, **k))[1])
    board.draw_piles(table.app.screen, (0, 0))
    assert sorted(said) == ["1 trick", "2 tricks (you)"]
    # A table of bots watched (a LAN watcher, the demo): the seat in front has no "you"
    watched = start(table, seed=5, humans=0, bots=["KADO"] * 4)
    assert watched.demo
    watched.board.piles = {watched.board.viewer: 2}
    said.clear()
    watched.board.draw_piles(table.app.screen, (0, 0))
    assert said == ["2 tricks"]


def test_news_at_the_table_is_not_drawn_as_a_refusal(table, monkeypatch):
    """"Bo sat down (Left)" and "Bo is back" came in the red frame of a refused card."""
    import table.table_draw as draw_module
    from table.theme import RED
    scene = start(table, seed=5)
    table.frames(2)
    edges = []
    real = draw_module.panel
    monkeypatch.setattr(draw_module, "panel", lambda surface, rect, *a, **k: (edges.append(k.get("edge")),
                                                                             real(surface, rect, *a, **k))[1])
    for text, notice, red in (("Bo sat down (Left)", True, False), ("Not that card", False, True)):
        scene.say(text, notice=notice)
        edges.clear()
        scene._draw_message(table.app.screen)
        assert edges and (edges[-1] == RED) is red, (text, edges)


def test_cards_in_flight_during_a_resize_end_at_their_places_in_the_new_size(table):
    """The deal's cards in the air when the window grew landed where the old size put them
    (the hand mid-table under the picker) and stayed there."""
    scene = start(table, seed=3)
    board = scene.board
    assert table.until(lambda: sum(sp.motion is not None for sp in board.sprites.values()) >= 8, limit=600)
    table.app._resized((1920, 1080))
    assert table.until(lambda: not scene.director.busy() and not getattr(board, "relayout_due", False) and not board.settles
                       and all(sp.motion is None for sp in board.sprites.values()), limit=6000)
    for seat in board.seats:
        for key, pose in zip(board.hands[seat], board.hand_pose_list(seat)):
            sp = board.sprites[key]
            assert (round(sp.x), round(sp.y)) == (round(pose[0]), round(pose[1])), (seat, key)


def test_whose_decision_the_table_waits_for_shows_once_the_cards_are_dealt(table, monkeypatch):
    """"Sada is naming trump…" stood over the cards still flying to the seats."""
    import table.table_draw as table_draw
    from table_helpers import start_local
    table.app.settings.bot_pace = 5.0                # a bot that takes its time (0.2 s at the tests' pace)
    scene = start_local(table, "manille", {"target": 51}, humans=1, bots=("KADO",) * 3, seed=3)
    said, real = [], table_draw.table_waits_for
    monkeypatch.setattr(table_draw, "table_waits_for", lambda *a: (said.append(real(*a)), said[-1])[1])
    seen = []

    def watch():                                    # each frame: still dealing? the waiting words drawn?
        prompt = any(name == "prompt" for name, _r in getattr(scene, "drawn", ()))
        seen.append((scene.director.busy(), prompt and any(said)))
        said.clear()
        return scene.shown.get("phase") == "play"
    assert table.until(watch, limit=0, patience=30)
    assert any(waits for _busy, waits in seen)                   # the bot's trump is waited for, in words
    assert not any(busy and waits for busy, waits in seen)       # never while the deal still flies

def test_letter_keys_press_the_tables_buttons_while_they_show(table, monkeypatch):
    """Hint, Scores, Last trick and the signals were mouse-only at the table."""
    scene = hinted_table(table, monkeypatch, "manfee", {"signals": True}, 7, pick=0)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    table.key(pygame.K_i)
    assert table.until(lambda: scene.hint_now() is not None, limit=600)
    to_my_play(table, scene)
    table.frames(2)
    table.key(pygame.K_s)
    assert scene.overlay == "history"
    table.key(pygame.K_s)
    assert scene.overlay is None
    # each button with a key says which when the mouse rests on it, and says the true one
    from table.table_keys import KEY_NAMES, KEYS
    assert all(KEY_NAMES[name] == pygame.key.name(k).upper() for k, name in KEYS.items())
    assert scene.buttons["history"].tool_tip_text == "Key: S"
    from pygame_gui.elements import UITooltip                # in a small box, not one 320 px wide
    tip = UITooltip("Key: S", (0, 0), table.app.ui, object_id=scene.buttons["history"].tool_tip_object_id)
    assert tip.rect.width < 120                    # a letter's box its size ("Toets: P" stood in a 170 px one)
    tip.kill()
    tip = UITooltip("Key: Esc", (0, 0), table.app.ui, object_id=scene.buttons["menu"].tool_tip_object_id)
    assert tip.rect.width < 120 and tip.rect.height < 60
    tip.kill()
    assert "with the card you play" in scene.buttons["signal"].tool_tip_text
    table.key(pygame.K_g)                           # Give a signal: its choices show
    assert scene.signal_menu
    scene.message = None
    table.key(pygame.K_g)                           # G again closes them (it said G was for Manfee)
    table.frames(2)
    assert not scene.signal_menu and scene.message is None
    table.key(pygame.K_g)
    table.frames(2)
    assert scene.signal_menu
    # each signal says what it tells the partner, then its key
    assert scene.buttons["slam"].tool_tip_text == "Slam: partner, lead this suit the next time you lead.  Key: S"
    assert scene.buttons["drop"].tool_tip_text.startswith("Drop: I have no more of this suit.")
    scene.overlay = "last"                          # S is Scores while an overlay hides them
    table.frames(2)
    assert "slam" not in scene.buttons or not scene.buttons["slam"].visible
    table.key(pygame.K_s)
    assert scene.overlay == "history"
    table.key(pygame.K_ESCAPE)
    table.frames(2)
    assert scene.overlay is None and scene.signal_menu
    table.key(pygame.K_s)                           # ... and Slam once they show again
    assert scene.signal == "slam" and scene.overlay is None
    table.key(pygame.K_ESCAPE)                      # Escape takes the slam back (it opened the menu)
    table.frames(2)
    assert scene.signal is None and not scene.signal_menu and table.app.top is scene
    table.key(pygame.K_g)
    table.key(pygame.K_s)
    assert scene.signal == "slam"
    table.key(pygame.K_RIGHT)                       # a card, with the slam, from the keyboard
    table.key(pygame.K_RETURN)
    assert table.until(lambda: scene.buttons["last"].visible and not scene.director.busy(), limit=6000)
    table.key(pygame.K_l)
    assert scene.overlay == "last"


def test_the_scores_open_at_a_decision_and_give_it_back_when_closed(table):
    """S at a call or a tap did nothing: the panel gave way to the decision at once."""
    scene = start(table, seed=7)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    table.frames(2)
    assert "act:0" in scene.buttons
    table.key(pygame.K_s)
    table.frames(3)
    assert scene.overlay == "history" and not any(n.startswith("act:") for n in scene.buttons)
    table.key(pygame.K_ESCAPE)
    table.frames(3)
    assert scene.overlay is None and "act:0" in scene.buttons


def test_a_cards_panel_keeps_its_close_hint_under_its_subtitle(table, monkeypatch):
    """"now held by Puchoq" took the place of "click anywhere (or Esc) to close"."""
    import table.panels as panels
    scene = start(table, seed=7)
    texts = []
    real = panels.blit_text
    monkeypatch.setattr(panels, "blit_text", lambda s, text, *a, **k: (texts.append(text), real(s, text, *a, **k))[1])
    panels.draw_cards_panel(table.app.screen, scene.board.layout, scene.board.images, "The hand you passed",
                            ["AS", "KS"], subtitle="now held by Kado")
    assert "now held by Kado" in texts and "click anywhere (or Esc) to close" in texts


def test_a_choice_picked_by_key_is_still_picked_after_the_scores_closed(table):
    scene = start(table, seed=7)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    table.frames(2)
    table.key(pygame.K_RIGHT)
    table.key(pygame.K_RIGHT)
    picked = [n for n, b in scene.buttons.items() if n.startswith("act:") and b.is_selected]
    table.key(pygame.K_s)
    table.frames(2)
    table.key(pygame.K_ESCAPE)
    table.frames(2)
    assert picked and [n for n, b in scene.buttons.items() if n.startswith("act:") and b.is_selected] == picked


def test_the_first_enter_lifts_the_card_the_hint_rings_and_the_next_plays_it(table, monkeypatch):
    """With no card lifted, Enter did nothing: a player who asked the hint pressed Enter
    on the ringed card and waited (the call and accept boxes already pick on the first Enter)."""
    scene = hinted_table(table, monkeypatch, "manille", {}, 3, pick=-1)
    v = to_my_play(table, scene)
    legal = [a["play"] for a in v["legal"]]
    assert len(legal) > 1
    first = [k for k in scene.board.hands[scene.viewer] if k in legal][0]
    table.key(pygame.K_RETURN)                      # no hint asked: the hand's first legal card is lifted
    assert scene.input.selected == first and scene.shown["version"] == v["version"]
    table.key(pygame.K_DOWN)
    table.key(pygame.K_i)
    assert table.until(lambda: scene.hint_now() is not None, limit=600)
    table.key(pygame.K_RETURN)
    assert scene.input.selected == legal[-1] != first
    table.key(pygame.K_RETURN)
    assert table.until(lambda: legal[-1] in [a.get("play") for d in record(scene)["deals"] for a in d["actions"]],
                       limit=600)


def test_the_hint_key_with_hints_off_says_where_they_turn_on(table):
    """I (the README's hint key) did nothing when hints were off, and said nothing why."""
    scene = start_local(table, "manille", {}, 1, ("KADO",) * 3, 3)
    assert not scene.link.hints_allowed
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    table.key(pygame.K_i)
    assert scene.message[0] == "Hints are off: Menu, Settings, Coach turns them on"


def test_a_refusal_between_the_hint_and_signal_buttons_keeps_readable_letters(table, monkeypatch):
    """Between Hint and Give a signal, "Not that card. You must follow suit: ♦ diamonds" shrank
    to about 9 px (the prompt it replaces is 18): it wraps to two lines instead."""
    scene = hinted_table(table, monkeypatch, "manfee", {"signals": True}, 7, pick=0)
    to_my_play(table, scene)
    table.frames(2)
    hint, signal = scene.buttons["hint"], scene.buttons["signal"]
    assert hint.visible and signal.visible
    scene.say("Not that card. You must follow suit: {D} diamonds, and more words to make it long")
    box = scene._draw_message(table.app.screen)
    fs = max(13, round(scene.board.layout.H * 0.024))
    assert box.height >= fs * 1.8                                 # the prompt's letters, not 9 px
    assert box.left >= hint.rect.right and box.right <= signal.rect.left


def test_the_first_enter_at_a_decision_picks_the_choice_the_hint_rings(table, monkeypatch):
    """I then Enter, Enter at a call: the hint rang 5, and the first Enter picked 0 (the first)."""
    scene = hinted_table(table, monkeypatch, "manfee", {}, 7, pick=2)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    legal = scene.shown["legal"]
    assert len(legal) > 2
    table.key(pygame.K_i)
    assert table.until(lambda: scene.hint_now() is not None, limit=600)
    before = len(actions(scene))
    table.key(pygame.K_RETURN)
    assert len(actions(scene)) == before and scene.buttons["act:2"].is_selected
    table.key(pygame.K_RETURN)
    assert acted(table, scene, before)[0] == dict(seat="bottom", **legal[2])


def test_the_first_arrow_at_a_decision_comes_in_from_its_side(table, monkeypatch):
    """Left at a fresh decision went to the first choice like Right: "Take the Manni" for a
    player heading for "Keep my hand" at the other end."""
    scene = hinted_table(table, monkeypatch, "manfee", {}, 7, pick=2)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    last = len([n for n in scene.buttons if n.startswith("act:")]) - 1
    table.key(pygame.K_LEFT)
    assert scene.buttons[f"act:{last}"].is_selected and not scene.buttons["act:0"].is_selected
    scene._pick_i = None
    table.key(pygame.K_RIGHT)
    assert scene.buttons["act:0"].is_selected


def test_escape_brings_a_lifted_card_down(table):
    """Enter lifted a card, Escape let it go but left it up, and the next Enter lifted a
    second card beside it."""
    scene = start_local(table, "manille", {}, 1, ("KADO",) * 3, 3)
    to_my_play(table, scene)
    table.key(pygame.K_RETURN)
    lifted = scene.input.selected
    table.frames(20)
    assert lifted and scene.board.sprites[lifted].lift > 0
    table.key(pygame.K_ESCAPE)                      # lets the card go (a second Escape: the menu)
    table.frames(2)
    assert table.app.top is scene and scene.input.selected is None
    assert all(sp.lift == 0 for k, sp in scene.board.sprites.items() if k in scene.board.hands[scene.viewer])


def test_plates_and_target_boxes_keep_up_with_the_trick_piles(table):
    """The deal's last trick came with its end: the pile said "6 tricks" under an "over the
    target!" banner while the plate still said "won 5" and the boxes 5 of 6."""
    from table.hud import plate_lines
    scene = start_local(table, "manfee", {"target": 13}, humans=0, bots=["KADO"] * 4, seed=2)   # over at 10
    lags = []

    def look_now():
        look = scene.look()
        piles = scene.board.piles
        if look.view.get("phase") in ("play", "done") and look.view.get("won"):
            for seat in scene.seats:
                if str(piles[seat]) not in plate_lines(look, seat)[1]:
                    lags.append((seat, piles[seat], plate_lines(look, seat)[1]))
            for side, n in (look.view.get("tricks") or {}).items():
                if n < sum(piles[s] for s in side.split("-")):
                    lags.append((side, n))
        return scene.summary_open
    assert table.until(look_now, limit=20000)
    assert sum(scene.board.piles.values()) > 0 and lags == []


def test_enter_enter_on_a_hinted_card_gives_the_hints_signal_too(table, monkeypatch):
    """The hint said "K♥ (drop)"; Enter, Enter played K♥ with no signal."""
    from host import thinking
    scene = hinted_table(table, monkeypatch, "manfee", {"target": 13, "signals": True}, 3)
    monkeypatch.setattr(thinking, "hint_for", lambda view, budget: {
        "seat": view["seat"], "phase": view["phase"], "reasons": [],
        "action": dict(next(a for a in view["legal"] if "play" in a), signal="drop") if view["phase"] == "play"
        else dict(view["legal"][0])})
    to_my_play(table, scene, want=lambda v: len(legal_cards(v)) > 1)
    table.key(pygame.K_i)
    assert table.until(lambda: scene.hint_now() is not None, limit=600)
    card = scene.hint_now()["action"]["play"]
    table.key(pygame.K_RETURN)
    assert scene.input.selected == card and scene.signal == "drop"     # the button says so, and undoes it
    table.key(pygame.K_RETURN)
    assert table.until(lambda: any(a.get("play") == card for d in record(scene)["deals"] for a in d["actions"]
                                   if a["seat"] == "bottom"), limit=600)
    mine = [a for d in record(scene)["deals"] for a in d["actions"] if a.get("play") == card]
    assert mine[-1].get("signal") == "drop"


def test_the_hint_key_pressed_while_the_cards_still_move_asks_once_they_are_still(table, monkeypatch):
    """I pressed while the trick was gathered (the decision already the player's) did
    nothing and said nothing; a second press worked. Now the hint comes when it can."""
    scene = hinted_table(table, monkeypatch, "manille", {}, 3, pick=-1)
    to_my_play(table, scene)
    scene.ui_key = None                     # as while the cards move: no Hint button yet
    scene.buttons.pop("hint").kill()
    table.key(pygame.K_i)
    assert scene.hint is None
    assert table.until(lambda: scene.hint_now() is not None, limit=600)


def test_no_move_while_the_table_says_it_is_reconnecting(table):
    """A LAN host frozen: the box said "Reconnecting…" and a card could still be dragged
    (played later, or a decision dropped without a word). The hand and the choices wait."""
    scene = start(table, seed=11)
    to_my_play(table, scene)
    assert scene.can_play() and scene.ui_state()[2]
    scene.reconnecting = True
    assert not scene.can_play() and not scene.ui_state()[2]
    scene.reconnecting = False
    assert scene.can_play()


def test_the_summary_says_the_others_wait_only_when_they_do():
    """LAN: every player read "the others wait for you" before anyone had closed the summary."""
    import time
    from types import SimpleNamespace
    from table.table_feed import TableFeed
    feed = SimpleNamespace(demo=False, mine=("bottom",), link=SimpleNamespace(replay=False, reading=None))
    feed.reading_now = lambda: TableFeed.reading_now(feed)
    feed.link.reading = (["bottom", "left"], time.monotonic() + 9.5)
    assert TableFeed.next_deal_note(feed) == "the next deal in 10 s at most"
    feed.link.reading = (["bottom"], time.monotonic() + 9.5)
    assert TableFeed.next_deal_note(feed).startswith("the others wait for you")
    feed.link.reading = (["left"], time.monotonic() + 9.5)
    assert TableFeed.next_deal_note(feed) is None


def test_the_watchers_line_stays_clear_of_the_players_own_trick_pile(table):
    """LAN, French at 1024x600: "1 personne regarde" was drawn over "1 pli (vous)"."""
    from table.theme import apply_language
    scene = start(table, seed=11)
    to_my_play(table, scene)
    apply_language(table.app.ui, "fr")
    table.app._resized((1024, 600))
    table.frames(3)
    link = scene.link
    link.lan, link.hosting, link.watchers, link.table_name = True, True, 1, "Table d'Ana"
    scene.board.piles["bottom"] = 1
    scene.draw(table.app.screen)
    label = dict(scene.board.element_rects())["pile_label:bottom"]
    tags = [r for n, r in scene.drawn if n == "lan_tag"]
    assert tags and not any(r.colliderect(label) for r in tags), (label, tags)


def test_the_hint_key_pressed_during_the_bots_turns_asks_at_the_players_decision(table, monkeypatch):
    """I pressed while a bot still had to lead (the player's turn next) was dropped: the
    hint comes when the decision shows, within a few seconds."""
    scene = hinted_table(table, monkeypatch, "manille", {}, 3, pick=-1)
    table.frames(1)
    assert scene.waiting_for_human() is None           # the deal still coming out
    table.key(pygame.K_i)
    assert table.until(lambda: scene.hint_now() is not None, limit=3000)
    assert scene.hint_now()["seat"] == scene.viewer


def test_enter_enter_at_the_blind_trump_question_looks_first(table, manfee_home):
    """A muette dealer with blind trump on: Enter, Enter named spades blind, the deal doubled
    on cards never seen."""
    from test_table_layout import at_table, position
    rec = position("manille-muette", 3, lambda mh: mh.match.deal is not None and mh.whose_turn() == "bottom"
                   and mh.view("bottom")["phase"] == "trump" and {"look": True} in mh.view("bottom")["legal"],
                   options={"target": 1000, "blind": True})
    scene = at_table(table, manfee_home, rec)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
    before = len(actions(scene))
    table.key(pygame.K_RETURN)
    table.frames(2)
    table.key(pygame.K_RETURN)
    # looked: trump is named now on the cards seen (a look is no action of the record's own)
    assert table.until(lambda: scene.shown.get("legal") and {"trump": "S"} in scene.shown["legal"], limit=600)
    assert len(actions(scene)) == before and not any(a.get("blind") for a in scene.shown["legal"])


@pytest.mark.parametrize("then", ["later", "elsewhere"])
def test_a_second_click_on_look_is_not_en_face(table, manfee_home, then):
    """The muette dealer's "Look at my cards" turns into "En face" where it stood: a second
    click on it gave the trump away to the partner before the dealer had seen a card.  A
    second click there within the second is the first one's tail; once the second is past,
    a click there is meant, and a click elsewhere (a suit's tile) is meant at once."""
    from test_table_layout import at_table, position
    rec = position("manille-muette", 3, lambda mh: mh.match.deal is not None and mh.whose_turn() == "bottom"
                   and mh.view("bottom")["phase"] == "trump" and {"look": True} in mh.view("bottom")["legal"],
                   options={"target": 1000, "blind": True, "en_face": True})
    scene = at_table(table, manfee_home, rec)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)

    def spot(action):
        return next((b.rect.center for n, b in scene.buttons.items()
                     if n.startswith("act:") and b.action == action), None)

    look = spot({"look": True})
    before = len(actions(scene))
    table.click(look)
    assert table.until(lambda: spot({"trump": "partner"}) == look, limit=600)    # en face stands there now
    table.frames(20)
    table.click(look)
    table.frames(30)
    assert len(actions(scene)) == before and scene.waiting_for_human() is not None
    if then == "elsewhere":
        table.click(spot({"trump": "H"}))
        assert acted(table, scene, before)[0] == {"seat": "bottom", "trump": "H"}
        return
    table.frames(40)                                  # past the second: a click there is meant
    table.click(look)
    assert acted(table, scene, before)[0] == {"seat": "bottom", "trump": "partner"}


def test_news_of_people_waits_while_the_viewer_decides(table, manfee_home):
    """ "Mona is watching the table" took the band's "Your turn" and the rule that dims
    cards for seconds: news of people waits until the viewer has played, then comes one
    at a time; other notices ("left the table") come at once.  A spectator who came and
    went meanwhile is neither said."""
    scene = start_local(table, "manille", {"target": 101}, humans=1, bots=("KADO",) * 3, seed=5)
    assert table.until(lambda: scene.waiting_for_human() is not None and scene.shown["phase"] == "play",
                       limit=6000)
    scene.message = None
    for n in ({"kind": "watching", "name": "Mona"}, {"kind": "joined", "name": "Bo", "seat": "left"},
              {"kind": "watching", "name": "Cy"}, {"kind": "watching", "name": "Dee"},
              {"kind": "stopped_watching", "name": "Dee"}):
        scene.take(dict(n, type="notice"))
    table.frames(2)
    assert scene.message is None                        # the prompt keeps the band
    scene.take({"type": "notice", "kind": "left", "name": "Bo", "seat": "left"})
    assert scene.message and scene.message[0] == "Bo left the table"
    before = len(actions(scene))
    table.key(pygame.K_RETURN)
    table.key(pygame.K_RETURN)
    acted(table, scene, before)
    shown = []
    for _ in range(3):                                  # one at a time, each its while (aged here)
        assert table.until(lambda: scene.message and scene.message[0] not in shown[-1:], limit=600)
        shown.append(scene.message[0])
        scene.message[1] -= 10
    # "Bo sat down" after "Bo left the table" misled: a later leave takes the held news back
    assert shown == ["Bo left the table", "Mona is watching the table", "Cy is watching the table"]
    table.frames(60)
    assert not scene.news_later and not (scene.message and "Dee" in scene.message[0])


def test_enter_enter_at_a_tap_takes_no_tap(table, manfee_home):
    """Enter, Enter went on with the first choice: a player on the keyboard tapped in every
    muette deal where they were asked."""
    from test_table_layout import at_table, position
    rec = position("manille-muette", 3, lambda mh: mh.match.deal is not None and mh.whose_turn() == "bottom"
                   and mh.view("bottom")["phase"] in ("double", "redouble"),
                   options={"target": 1000, "doubling": True, "en_face": False, "blind": False})
    scene = at_table(table, manfee_home, rec)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
    phase = scene.shown["phase"]
    before = len(actions(scene))
    table.key(pygame.K_RETURN)
    table.frames(2)
    table.key(pygame.K_RETURN)
    assert acted(table, scene, before)[0] == {"seat": "bottom", phase: False}


def test_p_and_g_say_what_they_are_for_where_their_button_is_not(table):
    """Manille muette: P and G did nothing, and said nothing (I says where hints are)."""
    scene = start_local(table, "manille-muette", {"target": 51}, humans=1, bots=("KADO",) * 3, seed=5)
    table.frames(5)
    for key, words in ((pygame.K_p, "P shows the hand you passed on"), (pygame.K_g, "G gives a signal"),
                       (pygame.K_l, "L shows the last trick, once")):     # L before any trick is over, too
        scene.message = None
        table.key(key)
        assert scene.message and scene.message[0].startswith(words) and scene.message[3]    # a notice
    # Escape closes the notice, as it closes a panel L or S opened; the next one opens the menu
    table.key(pygame.K_ESCAPE)
    assert scene.message is None and table.app.top is scene
    table.key(pygame.K_ESCAPE)
    assert table.app.top is not scene


def test_a_trick_piles_label_stands_below_its_lowest_card(table, monkeypatch):
    """The pile's cards step down as it grows: the label under the top card lay under the
    lower ones (the top of "۷ دست" hidden)."""
    scene = start(table, seed=11)
    table.frames(3)
    board = scene.board
    board.piles.update({s: 7 for s in scene.seats})
    labels, cards = {}, []
    real_label = board._pile_label

    class Spy(pygame.Surface):
        def blit(self, source, dest, *a, **k):
            r = super().blit(source, dest, *a, **k)
            if id(source) in made:
                labels[id(source)] = r
            elif id(source) not in shadows:
                cards.append(r)
            return r
    made, shadows = set(), set()
    real_shadow = board.images.shadow
    monkeypatch.setattr(board.images, "shadow", lambda *a: (img := real_shadow(*a), shadows.add(id(img)))[0])

    def label(n, mine=False):
        img = real_label(n, mine)
        made.add(id(img))
        return img
    monkeypatch.setattr(board, "_pile_label", label)
    board.draw_piles(Spy(table.app.size), (0, 0))
    assert labels
    for r in labels.values():           # each label below every card of the pile above it
        above = [c for c in cards if c.colliderect(r.move(0, -12)) or c.colliderect(r)]
        assert above and all(c.bottom <= r.top for c in above), (r, above)


def test_a_quick_first_move_keeps_the_card_under_the_pointer_where_it_was_pressed(table):
    """The card was held where the pointer was at the drag's first motion: a quick move
    left it trailing the pointer by up to a card's width."""
    scene = start(table, seed=11)
    v = to_my_play(table, scene, want=lambda v: len(legal_cards(v)) >= 2)
    card = [k for k in scene.board.hands["bottom"] if k in legal_cards(v)][-1]
    sp = scene.board.sprites[card]
    p = grab_point(scene, card)
    table.press(p)
    offset = (sp.x - p[0], sp.y - sp.lift - p[1])        # where the card shows, from the press
    far = (p[0] + 90, int(p[1] - scene.board.layout.ch * 1.0))     # one quick motion
    table.move(far)
    table.move((far[0], far[1] - 4))
    assert abs(sp.x - (far[0] + offset[0])) < 2 and abs(sp.y - (far[1] - 4 + offset[1])) < 2


def test_the_trump_suit_slides_to_the_front_of_the_hand_once_named(table):
    """A Manni player found the trumps neither set apart nor marked in the hand: the trump
    suit comes first (at the left, as Manfee's spades), the colours still alternating."""
    from table.cards import sort_hand
    scene = start_local(table, "manille", {}, humans=1, bots=("KADO",) * 3, seed=4)
    assert table.until(lambda: scene.waiting_for_human() is not None and scene.shown.get("hand"), limit=3000)
    if scene.shown["phase"] == "trump":                 # the dealer names a suit the hand holds, not its first
        held = [c[1] for c in scene.board.hands[scene.viewer]]
        scene.choose({"trump": held[-1]})
    assert table.until(lambda: scene.shown.get("phase") == "play" and not scene.board.moving, limit=3000)
    trump, keys = scene.shown["trump"], scene.board.hands[scene.viewer]
    assert trump in "SHDC" and keys == sort_hand(keys, scene.board.rank_order, trump)
    assert keys[0][1] == trump or trump not in {k[1] for k in keys}
    from table.cards import TRUMP_FIRST
    for t, order in TRUMP_FIRST.items():                # every trump first, the colours alternating
        assert order[0] == t and sorted(order) == sorted("SHDC")
        assert all((a in "HD") != (b in "HD") for a, b in zip(order, order[1:]))


def test_the_hot_seat_cover_shows_the_last_trick_played_behind_it(table, monkeypatch):
    """The bots' replies and the trick's winner came behind the cover: the next person came
    back to an empty table.  The last trick (public) stands under the cover's words."""
    import table.table_draw as table_draw
    scene = start(table, humans=2, bots=("KADO", "KADO"), seed=4)
    assert table.until(lambda: scene.cover_seat is not None, limit=6000)
    shown = []
    real = table_draw.draw_cards_panel
    monkeypatch.setattr(table_draw, "draw_cards_panel",
                        lambda s, L, im, title, cards, *a, **k: (shown.append((title, cards)), real(s, L, im, title, cards,
                                                                                                 *a, **k))[1])
    scene.last_trick = {"cards": ["AS", "KS", "QS", "JS"], "leader": "left", "winner": "left", "seats": None}
    for phase, expected in (("call", False), ("play", True)):
        scene.shown = dict(scene.shown, phase=phase)
        shown.clear()
        scene.draw(table.app.screen)
        assert bool(shown) == expected and (not shown or shown[0][1] == ["AS", "KS", "QS", "JS"])
    panel = dict(scene.drawn)["panel:last"]
    L = scene.board.layout
    assert panel.top > L.H * 0.4 and panel.bottom <= L.H and "Last trick: " in shown[0][0]


def test_enter_enter_before_the_hint_comes_waits_for_it_and_risks_nothing(table, manfee_home):
    """I, Enter, Enter at the Manni's swap with the hint still thinking: the first Enter picked
    "Take the Manni" and the second took it, a good hand given away.  Alone, Enter, Enter keeps
    the hand; with a hint coming, the second Enter waits for it (and the band says so)."""
    from test_table_layout import STATES, at_table, position
    game, until, signals = STATES["manni-swap"]
    rec = position(game, 11, until, signals)
    scene = at_table(table, manfee_home, rec)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
    v = scene.shown
    assert {"swap": True} in v["legal"] and {"swap": False} in v["legal"]
    scene.hint = {"pending": v["version"]}              # asked (I): the coach still thinking
    before = len(actions(scene))
    table.key(pygame.K_RETURN)
    table.key(pygame.K_RETURN)
    table.frames(3)
    assert len(actions(scene)) == before and scene.enter_waits_hint == v["version"]
    said = []
    real = scene._band_box
    scene._band_box = lambda surface, text, *a, **k: (said.append(text), real(surface, text, *a, **k))[1]
    scene._draw_hint(table.app.screen)
    assert said == ["Hint: thinking… (Enter again goes on without it)"]
    del scene._band_box
    take = next(i for i, a in enumerate(v["legal"]) if a == {"swap": True})
    scene.hint = {"action": {"swap": True}, "version": v["version"], "seat": scene.viewer, "reasons": []}
    table.key(pygame.K_RETURN)                          # the hint come: its choice shown first
    assert len(actions(scene)) == before and scene.buttons[f"act:{take}"].is_selected
    scene.hint = None                                   # (no hint at all: Enter, Enter keeps the hand)
    scene._pick_i = None
    table.key(pygame.K_RETURN)
    table.key(pygame.K_RETURN)
    assert acted(table, scene, before)[0] == {"seat": "bottom", "swap": False}


def test_enter_enter_on_cards_before_the_hint_comes_plays_the_hints_card(table, monkeypatch):
    """I, Enter, Enter at a card: the first Enter lifted the hand's first card, the second
    played it before the hint came.  The second waits; the hint, come, lifts its own card."""
    scene = hinted_table(table, monkeypatch, "manille", {}, 3, pick=-1)
    v = to_my_play(table, scene)
    legal = legal_cards(v)
    assert len(legal) > 1
    first = [k for k in scene.board.hands[scene.viewer] if k in legal][0]
    scene.hint = {"pending": v["version"]}
    table.key(pygame.K_RETURN)
    table.key(pygame.K_RETURN)
    table.frames(3)
    assert scene.input.selected == first and scene.shown["version"] == v["version"]      # not played
    scene.hint = {"action": {"play": legal[-1]}, "version": v["version"], "seat": scene.viewer, "reasons": []}
    table.key(pygame.K_RETURN)
    assert scene.input.selected == legal[-1] != first and scene.shown["version"] == v["version"]
    table.key(pygame.K_RETURN)
    assert table.until(lambda: legal[-1] in [a.get("play") for d in record(scene)["deals"] for a in d["actions"]],
                       limit=600)


def test_a_hint_that_never_comes_holds_enter_once_only(table, monkeypatch):
    """The hint's worker gone, the hint never came: every Enter waited again, and the band said
    so for good.  The second Enter waits once; the third goes on with the card lifted."""
    scene = hinted_table(table, monkeypatch, "manille", {}, 3, pick=-1)
    v = to_my_play(table, scene)
    first = [k for k in scene.board.hands[scene.viewer] if k in legal_cards(v)][0]
    scene.hint = {"pending": v["version"]}              # asked, and never answered
    for _ in range(3):
        table.key(pygame.K_RETURN)
    assert table.until(lambda: first in [a.get("play") for d in record(scene)["deals"] for a in d["actions"]],
                       limit=600)


def test_a_hint_on_the_card_already_lifted_keeps_its_signal(table, monkeypatch):
    """The first Enter lifted the hand's first card before the hint came; the hint named that
    same card with a slam: Enter played it without the slam."""
    scene = hinted_table(table, monkeypatch, "manfee", {"signals": True}, 7, pick=0)
    v = to_my_play(table, scene, want=lambda v: len(legal_cards(v)) > 1)
    first = [k for k in scene.board.hands[scene.viewer] if k in legal_cards(v)][0]
    scene.hint = {"pending": v["version"]}
    table.key(pygame.K_RETURN)
    assert scene.input.selected == first
    scene.hint = {"action": {"play": first, "signal": "slam"}, "version": v["version"], "seat": scene.viewer,
                  "reasons": []}
    table.key(pygame.K_RETURN)
    assert scene.signal == "slam" or any(a.get("play") == first and a.get("signal") == "slam"
                                         for d in record(scene)["deals"] for a in d["actions"])



def test_a_hint_the_coach_cannot_give_is_said_and_awaited_no_more(table, monkeypatch):
    """The coach's worker raised: the host sent nothing, the band said "thinking…" for the
    whole decision and an Enter waited on it.  The host says the hint failed; the screen says
    so and waits no more."""
    from host import thinking
    scene = hinted_table(table, monkeypatch, "manille", {}, 3)

    def broken(view, budget):
        raise RuntimeError("the coach's worker broke")
    monkeypatch.setattr(thinking, "hint_for", broken)
    v = to_my_play(table, scene)
    table.key(pygame.K_i)
    assert scene.hint_pending() or scene.message
    import time
    end = time.monotonic() + 10
    while not (scene.message and scene.message[0] == "The coach could not answer this time") and time.monotonic() < end:
        table.frames(1)
        time.sleep(0.002)
    assert scene.message and scene.message[0] == "The coach could not answer this time"
    assert not scene.hint_pending() and scene.hint_now() is None and scene.shown["version"] == v["version"]
    assert v.get("deal") not in scene.hinted_deals          # a hint never shown leaves the deal rated
