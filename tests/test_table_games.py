"""Manille, Manille muette and Manni at the table: real events through the real loop.

A human at the bottom drags cards and clicks the pickers; KADO bots sit
elsewhere.  Each test checks what the record kept.
"""
import pygame
import pytest

from rules.store import save_record
from table.table_scene import TableScene
from table import explain


from table_helpers import Sounds, acted, bot_record, lift_cover, record, start_local  # noqa: E402  (shared stand-ins)


def start(table, game, seed, options=None, humans=1, bots=("KADO",) * 3):
    return start_local(table, game, options or {}, humans, bots, seed)


def actions(scene, deal=None):
    deals = record(scene)["deals"]
    if deal is not None:
        return deals[deal]["actions"] if deal < len(deals) else []
    return [a for d in deals for a in d["actions"]]


def legal_cards(v):
    return [a["play"] for a in v["legal"] if "play" in a]


def grab_point(scene, card):
    sp = scene.board.sprites[card]
    return (int(sp.x), int(sp.y - sp.lift + scene.board.layout.ch * 0.3))


def drag(table, pos, dy, steps=6):
    table.press(pos)
    for k in range(1, steps + 1):
        table.move((pos[0], int(pos[1] - dy * k / steps)))
    table.release((pos[0], int(pos[1] - dy)))


def waiting(table, scene, limit=6000):
    assert table.until(lambda: scene.waiting_for_human() is not None or scene.summary_open
                       and "next" in scene.buttons, limit=limit)


def click_action(table, scene, action):
    name = next(n for n, b in scene.buttons.items() if n.startswith("act:") and b.action == action)
    table.click_button(name)


def deal_number(table, scene, n, limit=3000):
    """Wait until the screen shows deal ``n`` (counted from 0)."""
    return table.until(lambda: scene.shown.get("deal") == n and scene.shown.get("phase") != "done", limit=limit)




def play_one_deal(table, scene, choose=None):
    """Play the bottom seat through one whole deal: pickers by ``choose(view)`` (default the
    first offer), cards dragged to the court.  Returns the cards the human dragged."""
    dragged = []
    for _ in range(400):
        waiting(table, scene)
        if scene.summary_open:
            return dragged
        v = scene.shown
        if v["phase"] != "play":
            want = (choose or (lambda v: v["legal"][0]))(v)
            click_action(table, scene, want)
            continue
        legal = legal_cards(v)
        hand = scene.board.hands["bottom"]
        card = [k for k in hand if k in legal][-1]
        for k in hand:                          # the dimmed cards are exactly the illegal ones
            assert scene.board.sprites[k].dim == (k not in legal)
        drag(table, grab_point(scene, card), dy=scene.board.layout.ch * 2.2)
        dragged.append(card)
        assert table.until(lambda card=card: card not in scene.board.hands["bottom"], limit=600)
    raise AssertionError("the deal never ended")


@pytest.mark.parametrize("game, seed, options", [
    ("manille", 2, {}),
    ("manille-muette", 6, {"blind": True, "target": 401}),
    ("manni", 1, {}),
])
def test_a_whole_deal_with_a_human_dragging_cards(table, game, seed, options):
    scene = start(table, game, seed, options)
    dragged = play_one_deal(table, scene)
    rec = actions(scene, 0)
    plays = [a["play"] for a in rec if a["seat"] == "bottom" and "play" in a]
    assert plays == dragged and len(dragged) == {"manni": 12}.get(game, 8)
    summary = scene.link.summaries()[0]
    assert summary["outcome"] in ("complete", "tie")
    v = scene.link.view("bottom")
    assert v["phase"] == "done"
    # The panel worked the score out from the engine's numbers.
    work = explain.score_workings(v, name=scene.link.name)
    assert work
    if game != "manni" and summary["outcome"] == "complete":
        side = max(summary["points"], key=summary["points"].get)
        assert work.startswith(f"{summary['points'][side]} − 30 = ")
        assert str(summary["score"][side]) in work
    table.click_button("next")
    assert deal_number(table, scene, 1)


def test_the_hand_is_sorted_in_the_games_card_order(table):
    scene = start(table, "manille", 2)
    waiting(table, scene)
    hand = scene.board.hands["bottom"]
    order = "TAKQJ987"
    for a, b in zip(hand, hand[1:]):
        if a[1] == b[1]:
            assert order.index(a[0]) < order.index(b[0])
    assert [c[1] for c in hand] == sorted((c[1] for c in hand), key="SHCD".index)


def test_the_trump_chooser_offers_the_legal_trumps_as_tiles(table):
    scene = start(table, "manille", 2)          # bottom deals
    waiting(table, scene)
    v = scene.shown
    assert v["phase"] == "trump" and v["turn"] == "bottom"
    offered = [b.action for n, b in scene.buttons.items() if n.startswith("act:")]
    assert offered == v["legal"]
    assert {getattr(b, "pip", None) for n, b in scene.buttons.items() if n.startswith("act:")} == \
        {"S", "H", "D", "C", "NT"}
    click_action(table, scene, {"trump": "NT"})
    assert acted(table, scene, 0)[0] == {"seat": "bottom", "trump": "NT"}
    assert table.until(lambda: scene.shown.get("trump") == "NT", limit=200)
    assert ["no-trump", 2] in scene.shown["factors"]


def test_the_partner_is_asked_before_peeking_and_a_peek_voids_the_deal(table):
    scene = start(table, "manille", 5)          # top deals: bottom is the dealer's partner
    scene.link.hold(True)                       # the dealer takes its time: the bots wait
    assert table.until(lambda: scene._hand_kept_down(), limit=6000)
    assert scene.shown["hand"] is None
    assert all(not scene.board.sprites[k].face_up for k in scene.board.hands["bottom"])
    middle = scene.board.sprites[scene.board.hands["bottom"][4]]
    table.click((int(middle.x), int(middle.y)))
    assert scene.confirm == "peek"
    table.frames(2)
    assert {"confirm:peek", "confirm:cancel"} <= set(scene.buttons)
    table.click_button("confirm:cancel")        # thought better of it
    assert scene.confirm is None and actions(scene) == []
    table.click((int(middle.x), int(middle.y)))
    table.frames(2)
    table.click_button("confirm:peek")
    assert acted(table, scene, 0) == [{"seat": "bottom", "peek": True}]
    assert table.until(lambda: scene.link.summaries(), limit=100)
    assert scene.link.summaries()[0]["outcome"] == "misdeal"
    scene.link.hold(False)
    assert table.until(lambda: scene.banners and "looked before trump" in scene.banners[-1][0], limit=100)
    assert table.until(lambda: scene.summary_open, limit=2000)
    assert explain.score_workings(scene.shown) == "Deal void: nothing scored"      # the score board's line
    assert scene._summary_note() == (f"Deal void: {scene.player_name('bottom')} looked before trump was named. "
                                     f"Nothing is scored; {scene.player_name('right')} deals next.")
    assert "review" not in scene.buttons                 # nothing to review in a void deal
    # The peeker's cards are face up now (the deal is over), everyone saw the void.
    assert all(scene.board.sprites[k].face_up for k in scene.board.hands["bottom"])
    table.click_button("next")
    assert deal_number(table, scene, 1)
    assert record(scene)["deals"][1]["dealer"] == "right"


def test_the_tap_round_knocks_and_the_panel_shows_the_multiplier(table):
    table.app.sounds = Sounds()
    scene = start(table, "manille-muette", 0)   # right deals: bottom is asked to tap first
    assert table.until(lambda: scene.waiting_for_human() is not None and scene.shown["phase"] == "double",
                       limit=6000)
    titles = scene.picker_title
    assert titles == "Tap the table?"
    before = len(scene.ripples)
    click_action(table, scene, {"double": True})
    rec = acted(table, scene, 0)
    assert {"seat": "bottom", "double": True} in rec
    assert table.until(lambda: len(scene.ripples) > before, limit=60)
    assert "knock" in table.app.sounds.played
    assert table.until(lambda: scene.shown["phase"] == "play", limit=3000)
    rec = actions(scene, 0)
    namer = scene.shown["namer"]
    back = next(a for a in rec if "redouble" in a)
    assert back["seat"] == namer                # the one who named trump may tap back
    factors = dict(map(tuple, scene.shown["factors"]))
    assert factors.get("tap back" if back["redouble"] else "tap") == (4 if back["redouble"] else 2)
    from table.hud import _deal_lines
    lines = [t for t, *_ in _deal_lines(scene.look(), 14, 400)]
    assert any(("tap back ×4" if back["redouble"] else "tap ×2") in t for t in lines)


def test_the_manni_swap_exchanges_the_hand_with_the_manni(table):
    scene = start(table, "manni", 5)            # right deals: bottom is offered the swap first
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    v = scene.shown
    assert v["phase"] == "swap" and v["trump_card"] == "2H"
    assert len(scene.board.widow) == 12 and scene.board.trump_key == "2H"
    assert scene.board.sprites["2H"].face_up
    dealt = sorted(v["hand"])
    click_action(table, scene, {"swap": True})
    assert acted(table, scene, 0) == [{"seat": "bottom", "swap": True}]
    assert table.until(lambda: scene.shown.get("swapper") and not scene.director.busy(), limit=2000)
    v = scene.link.view("bottom")
    assert v["swapper"] == "bottom" and sorted(v["swapped_out"]) == dealt
    assert sorted(scene.board.hands["bottom"]) == sorted(v["hand"]) != dealt
    assert all(scene.board.sprites[k].face_up for k in scene.board.hands["bottom"])
    assert len(scene.board.widow) == 12
    assert all(not scene.board.sprites[k].face_up for k in scene.board.widow)
    assert table.until(lambda: "passed" in scene.buttons and scene.buttons["passed"].visible, limit=50)
    assert scene.buttons["passed"].text == "Hand I gave away"
    table.click_button("passed")
    assert scene.overlay == "passed"


def hot_seat_turn(table, scene):
    """Hot-seat, one step: lift a cover or answer a decision with its first choice (None),
    or, when a person is to play a card, the view they play from."""
    assert table.until(lambda: scene.cover_seat is not None or scene.waiting_for_human(), limit=6000)
    if scene.cover_seat is not None:
        lift_cover(table, scene)
        return None
    v = scene.shown
    if v["phase"] != "play":
        click_action(table, scene, v["legal"][0])
        return None
    return v


def play_last_legal(table, scene, v):
    """Drag the viewer's rightmost legal card to the trick; the card."""
    card = [k for k in scene.board.hands[scene.viewer] if k in legal_cards(v)][-1]
    drag(table, grab_point(scene, card), dy=scene.board.layout.ch * 2.2)
    return card


def test_hot_seat_turns_the_hand_down_as_soon_as_its_player_has_acted(table):
    scene = start(table, "manille", 2, humans=2, bots=("KADO", "KADO"))   # bottom deals
    for _ in range(200):
        v = hot_seat_turn(table, scene)
        if v is None:
            continue
        seat = nxt_human = scene.viewer
        play_last_legal(table, scene, v)
        assert table.until(lambda: scene.pending is None, limit=200)     # the host answered
        turn = scene.link.view(seat)["turn"]
        if turn != seat:
            # Down at once: a few frames later no face of that hand is up, long before any cover.
            table.frames(12)
            assert not scene.revealed
            assert all(not scene.board.sprites[k].face_up for k in scene.board.hands[nxt_human])
            return
    raise AssertionError("never saw a human hand the turn to someone else")


def test_the_hot_seat_cover_takes_no_stray_enter_and_no_double_click(table, monkeypatch):
    """A second Enter from the person who had just played lifted the next person's cover at
    once (their hand showed to the one still at the screen), and the second click of a
    double click on the cover named trump for a player who had not seen their cards."""
    from table import table_draw
    from table.hotseat import ARMED_AFTER, COVER_HOLD
    scene = start(table, "manille", 2, humans=2, bots=("KADO", "KADO"))
    assert table.until(lambda: scene.cover_seat is not None, limit=6000)
    table.key(pygame.K_RETURN)                       # at once: still covered
    table.click((640, 360))
    assert scene.cover_seat is not None and not any(n.startswith("act:") for n in scene.buttons)
    said = []
    monkeypatch.setattr(table_draw, "blit_text", lambda surface, text, *a, **k: said.append(text))
    scene.draw(table.app.screen)
    assert "Click (or press Enter) when ready" not in said         # not while a click does nothing
    monkeypatch.undo()
    assert table.until(lambda: scene.input.clock - scene.cover_at >= COVER_HOLD, limit=600)
    monkeypatch.setattr(table_draw, "blit_text", lambda surface, text, *a, **k: said.append(text))
    scene.draw(table.app.screen)
    assert "Click (or press Enter) when ready" in said
    monkeypatch.undo()
    seat = scene.cover_seat
    table.key(pygame.K_KP_ENTER)                     # the keypad's Enter too, as everywhere else
    assert scene.cover_seat is None and scene.viewer == seat
    assert table.until(lambda: scene.waiting_for_human() == seat and any(n.startswith("act:") for n in scene.buttons),
                       limit=600)
    assert scene.input.clock - scene.lifted_at < ARMED_AFTER
    before = len(actions(scene))
    table.click(next(b for n, b in scene.buttons.items() if n.startswith("act:")).rect.center)   # the second click
    table.frames(5)
    assert len(actions(scene)) == before and scene.waiting_for_human() == seat
    assert table.until(lambda: scene.input.clock - scene.lifted_at >= ARMED_AFTER, limit=600)
    click_action(table, scene, scene.shown["legal"][0])
    assert acted(table, scene, before)


def test_clicks_just_after_the_cover_lifts_play_no_card(table):
    """Three quick clicks over the hand: the first lifted the cover, the next two (a double
    click on a card) played it, and its player had never seen the hand."""
    from table.hotseat import ARMED_AFTER
    from table_helpers import lift_cover
    scene = start(table, "manni", 3, humans=3, bots=())
    for _ in range(60):             # on to a cover before someone's card
        assert table.until(lambda: scene.cover_seat is not None or scene.waiting_for_human() is not None,
                           limit=6000)
        if scene.cover_seat is not None and scene.link.view(scene.cover_seat).get("phase") == "play" \
                and scene.link.view(scene.cover_seat).get("turn") == scene.cover_seat:
            break
        if scene.cover_seat is not None:
            lift_cover(table, scene)
            continue
        before = len(actions(scene))
        click_action(table, scene, scene.shown["legal"][-1]) if scene.shown["phase"] != "play" else \
            (table.key(pygame.K_RETURN), table.key(pygame.K_RETURN))
        assert table.until(lambda before=before: len(actions(scene)) > before, limit=600)
    assert scene.cover_seat is not None
    seat = scene.cover_seat
    assert table.until(lambda: scene.cover_armed(), limit=600)
    table.key(pygame.K_RETURN)                          # lifted
    assert scene.cover_seat is None and table.until(lambda: scene.waiting_for_human() == seat, limit=600)
    card = scene.shown["legal"][0]["play"]
    sp = scene.board.sprites[card]
    at = (round(sp.x - sp.width / 2 + 6), round(sp.y))     # its left edge: the next card lies over the rest
    assert scene.board.viewer_card_at(at) == card
    before = len(actions(scene))
    assert scene.input.clock - scene.lifted_at < ARMED_AFTER
    table.click(at)
    table.click(at)
    table.frames(5)
    assert len(actions(scene)) == before                  # no card its player has not seen
    assert table.until(lambda: scene.input.clock - scene.lifted_at >= ARMED_AFTER, limit=600)
    table.click(at)
    table.click(at)
    assert table.until(lambda: len(actions(scene)) > before, limit=600)


def test_p_between_hot_seat_turns_says_the_passed_hand_is_hidden_on_purpose(table):
    """Just after a pass, P on the shared screen said "P shows the hand you passed on: after a
    pass in Manfee", as if there had been none: it says the hand is hidden between turns."""
    scene = start(table, "manfee", 7, humans=2, bots=("KADO", "KADO"))
    assert table.until(lambda: scene.cover_seat is not None or scene.waiting_for_human(), limit=6000)
    if scene.cover_seat is not None:
        lift_cover(table, scene)
    scene.shown = dict(scene.shown, passed=True)       # a pass this deal; the hand not shown now
    assert not scene.buttons.get("passed") or not scene.buttons["passed"].visible
    scene.message = None
    table.key(pygame.K_p)
    assert scene.message and scene.message[0].startswith("P shows the hand you passed on at your own turn")
    scene.shown = dict(scene.shown, passed=False, passed_hand=None)     # no pass: what P is for
    table.key(pygame.K_p)
    assert scene.message[0].startswith("P shows the hand you passed on: after a pass")
    scene.shown = dict(scene.shown, swapped_out=["AS"])                 # (a Manni swapper's old hand too)
    table.key(pygame.K_p)
    assert scene.message[0].startswith("P shows the hand you passed on at your own turn")


def test_in_hot_seat_a_card_that_completes_the_trick_lands_face_up(table):
    """The hand goes face down once its player has played, but the card played stays up:
    the one that completed a trick (in no trick of the view by then) went down with it."""
    scene = start(table, "manille", 2, humans=2, bots=("KADO", "KADO"))
    for _ in range(300):
        v = hot_seat_turn(table, scene)
        if v is None:
            continue
        last = len(v["trick"]) == 3
        card = play_last_legal(table, scene, v)
        if not last:
            continue
        assert table.until(lambda: scene.pending is None, limit=200)
        sp = scene.board.sprites.get(card)
        seen = []
        for _f in range(40):                      # from the throw until the sweep begins
            table.frames(1)
            sp = scene.board.sprites.get(card)
            if sp is None or sp.motion == "flying" and not any(s.glow for s in scene.board.sprites.values()):
                break
            seen.append(sp.face_up)
        assert seen and all(seen), seen
        return
    raise AssertionError("no person ever completed a trick")


def test_in_hot_seat_a_last_card_is_played_without_a_cover(table):
    """A hand's last card took a cover, a click, and another cover: it is played for its
    person, the band says so, and no cover goes up for it.  Only the last: a lone legal
    card earlier, played with no cover, would tell the others the hand held no other."""
    scene = start(table, "manille", 2, humans=2, bots=("KADO", "KADO"))
    said = []
    for _ in range(20000):
        if scene.link.summaries():
            break
        table.frames(1)
        if scene.message and "last card" in scene.message[0]:
            said.append(scene.message[0])
        if scene.cover_seat is not None:
            hand = scene.link.view(scene.cover_seat)["hand"]
            assert len(hand) != 1, hand                     # a cover for a last card
            lift_cover(table, scene)
            continue
        if scene.waiting_for_human() is None:
            continue
        v = scene.shown
        if v["phase"] != "play":
            click_action(table, scene, v["legal"][0])
            continue
        play_last_legal(table, scene, v)
        table.until(lambda: scene.pending is None, limit=200)
    assert scene.link.summaries() and said, said


def test_rules_from_the_menu_and_from_the_table(table):
    from table.menus import MainMenu
    from table.quickref import QuickRefScene, parse, read_page
    app = table.app
    menu = app.top
    assert isinstance(menu, MainMenu)
    table.click(menu.buttons["rules"].rect.center)
    ref = app.top
    assert isinstance(ref, QuickRefScene) and ref.game == "manfee"
    table.click(ref.buttons["tab:manni"].rect.center)
    assert app.top.game == "manni"
    assert ("h2", "The swap") in parse(read_page("manni"))
    ref = app.top
    ref.choose("manille")
    table.frames(1)
    assert ref.page().get_height() > ref.body_rect().height         # long enough to scroll
    table.post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0)
    table.frames(1)
    assert ref.scroll > 0
    table.key(pygame.K_ESCAPE)
    assert app.top is menu
    app.settings.game = "manni"         # after a Manni match, Rules open on Manni (on Manfee, always)
    table.click(menu.buttons["rules"].rect.center)
    assert app.top.game == "manni"
    table.key(pygame.K_ESCAPE)
    scene = start(table, "manille-muette", 2)
    waiting(table, scene)
    table.click_button("rules")
    ref = app.top
    assert isinstance(ref, QuickRefScene) and ref.overlay and ref.game == "manille-muette"
    table.click(ref.buttons["back"].rect.center)
    assert app.top is scene


def test_the_rules_tabs_share_one_font(table):
    """Over the table on a 2560 x 1440 screen, "Manille muette" alone took a smaller font
    than its three neighbours: each tab is now as wide as its words need."""
    from table.quickref import QuickRefScene
    for size in ((2560, 1440), (1024, 600)):
        table.app._resized(size)
        ref = QuickRefScene(table.app, game="manille-muette", overlay=True)
        table.app.push(ref)
        table.frames(1)
        tabs = [b for n, b in ref.buttons.items() if n.startswith("tab:")]
        assert not any(str(b.object_ids[-1] or "").startswith("#fit_") for b in tabs), size
        rects = sorted((b.rect for b in tabs), key=lambda r: r.x)
        assert all(a.right <= b.left for a, b in zip(rects, rects[1:])) and rects[-1].right <= ref.frame().right
        table.app.pop()


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_rules_scroll_bar_never_covers_the_lines(table, lang):
    """The bar stands beside the page on the side where the lines end (left in Dari)."""
    from table import i18n
    from table.quickref import QuickRefScene
    i18n.set_language(lang)
    try:
        ref = QuickRefScene(table.app)
        table.app.push(ref)
        for game in ("manfee", "manille", "manille-muette", "manni"):
            ref.choose(game)
            table.frames(1)
            track, _thumb = ref._bar()
            page, at = ref.page(), ref.page_rect()
            ink = pygame.mask.from_surface(page).get_bounding_rects()
            inked = pygame.Rect(ink[0]).unionall(ink[1:]).move(at.topleft)
            assert inked.width > at.width * 0.8, (game, inked, at)    # the lines fill the page
            assert not inked.colliderect(track), (lang, game, inked, track)
        table.app.pop()
    finally:
        i18n.set_language("en")

def test_new_game_offers_the_muette_options(table):
    from table.new_game import NewGameScene
    app = table.app
    new = NewGameScene(app, "manille-muette")
    app.push(new)
    table.frames(1)
    for name in ("opt:blind", "opt:doubling", "opt:max_deals"):
        table.click(app.top.buttons[name].rect.center)
    # each toggle says what the option does when the mouse rests on it (in the player's language)
    from table.forms import OPTION_HELP
    assert all(app.top.buttons[f"opt:{n}"].tool_tip_text == OPTION_HELP[n]
               for n in ("blind", "doubling", "max_deals", "en_face"))
    assert all(app.top.buttons[n].rect.bottom <= app.size[1]
               for n in ("start", "back", "opt:blind", "opt:en_face", "opt:doubling", "opt:max_deals"))
    # ... so does the target's drop-down (it had none), and a toggle the keyboard is on
    from pygame_gui.elements import UITooltip
    face = app.top.form.drops["opt:target"].current_state.selected_option_button
    assert face.tool_tip_text == OPTION_HELP["target"]
    app.top.set_focus("opt:doubling")
    tips = [w for w in app.ui.get_sprite_group().sprites() if isinstance(w, UITooltip) and w.alive()]
    assert [t.text_block.html_text for t in tips] == [OPTION_HELP["doubling"]]
    app.top.set_focus("opt:blind")
    tips = [w for w in app.ui.get_sprite_group().sprites() if isinstance(w, UITooltip) and w.alive()]
    assert [t.text_block.html_text for t in tips] == [OPTION_HELP["blind"]]
    # ... beside the toggle, over no other widget (under it, it covered the fields below)
    for size in ((1280, 720), (1024, 600)):
        app._resized(size)
        table.frames(1)
        for name in ("opt:doubling", "opt:signals" if "opt:signals" in app.top.buttons else "opt:blind"):
            app.top.set_focus(name)
            tip = next(w for w in app.ui.get_sprite_group().sprites() if isinstance(w, UITooltip) and w.alive())
            others = [b.rect for n, b in app.top.buttons.items() if n != name and b.visible]
            others += [d.rect for d in app.top.form.drops.values()]
            assert pygame.Rect((0, 0), size).contains(tip.rect)
            assert not tip.rect.colliderect(app.top.buttons[name].rect)
            if size == (1280, 720):             # (a crowded 1024 x 600 form: over the fewest)
                assert tip.rect.collidelist(others) == -1, (size, name, tip.rect)
    table.click(app.top.buttons["start"].rect.center)
    scene = app.top
    assert isinstance(scene, TableScene)
    assert scene.link.view()["options"] == {"target": 101, "max_deals": 50, "en_face": True,
                                           "doubling": False, "blind": True}


@pytest.mark.parametrize("argv", [["--game", "manille", "--demo", "--target", "1"],
                                  ["--game", "manille-muette", "--demo", "--target", "1", "--blind"],
                                  ["--game", "manni", "--demo", "--target", "1"]])
def test_a_demo_match_of_each_game_runs_to_the_end(table, argv):
    import game
    args = game.parse_args(argv + ["--seed", "3", "--bots", "KADO,KADO,KADO,KADO"])
    link = game.match_from_args(args, table.app)
    scene = TableScene(table.app, link)
    table.app.push(scene)
    assert scene.demo and link.my_seats() == ()
    assert table.until(lambda: scene.results_shown, limit=40000)
    v = link.view()
    assert v["finished"] and v["winner"] is not None
    if "--blind" in argv:
        assert v["options"]["blind"] is True


def test_the_muette_dealer_turns_the_cards_up_by_touching_them(table):
    scene = start(table, "manille-muette", 6, {"blind": True, "target": 401})   # bottom deals
    waiting(table, scene)
    v = scene.shown
    assert v["hand"] is None and {"look": True} in v["legal"]
    assert scene.picker_title.startswith("Name trump blind")
    sp = scene.board.sprites[scene.board.hands["bottom"][3]]
    table.click((int(sp.x), int(sp.y)))
    assert table.until(lambda: not scene.director.busy() and scene.waiting_for_human(), limit=600)
    v = scene.shown
    assert sorted(v["hand"]) == sorted(scene.board.hands["bottom"])
    assert all(scene.board.sprites[k].face_up for k in scene.board.hands["bottom"])
    assert not any(a.get("blind") for a in v["legal"]) and {"trump": "partner"} in v["legal"]
    # the blind choices went with the touch: said why (a newcomer saw them vanish without a word)
    assert scene.message and scene.message[0].startswith("You looked at your cards")
    assert actions(scene) == []                  # looking is not an action of the record
    click_action(table, scene, {"trump": "partner"})
    assert acted(table, scene, 0) == [{"seat": "bottom", "trump": "partner"}]


@pytest.mark.parametrize("game, seed, steps", [("manille", 5, 9), ("manille-muette", 0, 7), ("manni", 5, 6)])
def test_resume_lays_out_each_game_as_it_stood(table, manfee_home, game, seed, steps):
    from table.menus import MainMenu
    saved = bot_record(game, {}, seed, finished=False, steps=steps)
    save_record(str(manfee_home / "saves" / f"{game}-saved.json"), saved)
    app = table.app
    menu = MainMenu(app)
    app.reset(menu)
    table.frames(1)
    table.click(menu.buttons["resume"].rect.center)
    scene = app.top
    assert isinstance(scene, TableScene)
    kept = record(scene)["deals"][0]           # the bots may have played on since
    assert kept["hands"] == saved["deals"][0]["hands"]
    assert kept["actions"][:steps] == saved["deals"][0]["actions"]
    assert table.until(lambda: not scene.director.busy(), limit=600)
    v = scene.shown
    b = scene.board
    assert [len(b.hands[x]) for x in scene.seats] == [v["counts"][x] for x in scene.seats]
    assert sorted(b.court) == sorted(i["card"] for i in v["trick"])
    if game == "manni":
        assert len(b.widow) == 12 and b.trump_key == v["trump_card"]
    assert table.until(lambda: scene.waiting_for_human() is not None or scene.summary_open, limit=3000)


@pytest.mark.parametrize("game, options", [("manille", {"target": 10}),
                                           ("manille-muette", {"target": 10, "blind": True}),
                                           ("manni", {"target": 1})])
def test_a_replay_of_each_game_plays_to_the_end(table, game, options):
    from host.replay import ReplayLink
    from rules.record import read_match
    from table.replays import ReplayScene
    rec = bot_record(game, options)
    scene = ReplayScene(table.app, ReplayLink(rec))
    table.app.push(scene)
    assert table.until(lambda: scene.link.deal_i == 0 and not scene.director.busy(), limit=600)
    b = scene.board
    assert all(b.sprites[k].face_up for x in scene.seats for k in b.hands[x])   # every hand open
    table.click(scene.buttons["auto"].rect.center)
    assert table.until(lambda: scene.results_shown, limit=30000)
    m, _error = read_match(rec)
    assert scene.link.mh.match.totals == m.totals
    assert scene.link.mh.match.records == m.records


def test_hot_seat_manni_seats_three_humans():
    from host.seats import seat_plan
    plan = seat_plan("manni", 3)
    assert [plan[s].kind for s in ("bottom", "left", "right")] == ["here"] * 3


# -- the obligation line, on positions the engine itself judged ---------------------------------

def _manille_view(dealer, trump, fixed, plays):
    """The bottom seat's view after ``plays``, with ``fixed`` cards given to some seats."""
    from rules.match import Match
    from rules.cards import parse_card
    from rules.views import seat_view
    m = Match("manille")
    g = m.game
    rest = [c for c in g.deck if all(c not in [parse_card(x) for x in cs] for cs in fixed.values())]
    hands = []
    for seat in g.seats:
        cards = [parse_card(x) for x in fixed.get(seat, [])]
        while len(cards) < 8:
            cards.append(rest.pop(0))
        hands.append(sum(1 << c for c in cards))
    m.start_deal(dealer=g.seat_index(dealer), hands=hands)
    m.apply(dealer, {"trump": trump})
    for seat, card in plays:
        m.apply(seat, {"play": card})
    return seat_view(m, "bottom")


@pytest.mark.parametrize("dealer, fixed, plays, want", [
    ("top", {"bottom": "QC 7C AH 8S 9S TS KS JS".split(), "right": ["JC"]}, [("right", "JC")],
     "You must overtake the J{C}"),
    ("top", {"bottom": "AH 8H 9S TS KS JS QS 7S".split(), "right": ["JC"]}, [("right", "JC")],
     "You must trump: {H} hearts"),
    ("left", {"bottom": "AH 8H 9S TS KS JS QS 7S".split(), "top": ["JC"], "right": "9H 7D 8D 9D TD JD QD KD".split()},
     [("top", "JC"), ("right", "9H")], "You must overtrump the 9{H}"),
    ("left", {"bottom": "8H 9S TS KS JS QS 7S AD".split(), "top": ["JC"], "right": "9H 7D 8D 9D TD JD QD KD".split()},
     [("top", "JC"), ("right", "9H")], "No under-trumping the 9{H}: discard another suit"),
    ("top", {"bottom": "TC 7C AH 8S 9S TS KS JS".split(), "right": ["AC"]}, [("right", "AC")],
     "You must overtake the A{C}"),
])
def test_the_obligation_line_says_why_cards_are_dimmed(dealer, fixed, plays, want):
    v = _manille_view(dealer, "H", fixed, plays)
    assert v["turn"] == "bottom"
    assert explain.obligation(v) == want


def test_hot_seat_never_shows_a_hand_while_a_bot_plays(table):
    scene = start(table, "manni", 5, humans=2, bots=("KADO",))      # bottom and left are people
    s = scene.link
    checked = 0
    for _ in range(20000):
        if s.summaries():
            break
        table.frames(1)
        if scene.cover_seat is not None:
            lift_cover(table, scene)
            continue
        turn = scene.shown.get("turn")
        if turn is not None and s.kind(turn) == "bot" and not scene.director.busy():
            checked += 1
            mine = scene.board.hands.get(scene.viewer) or []
            assert not any(scene.board.sprites[k].face_up for k in mine if k in scene.board.sprites)
        if scene.waiting_for_human():
            v = scene.shown
            if v["phase"] != "play":
                click_action(table, scene, v["legal"][-1])        # keep: the offer goes round
            else:
                table.key(pygame.K_RIGHT)
                table.key(pygame.K_RETURN)
    assert s.summaries() and checked > 5


def test_no_seat_is_lit_as_to_play_while_the_cards_are_dealt(table):
    """The plates light whose turn it is only once the deal's last card has landed."""
    scene = start(table, "manfee", 5)
    seen_dealing, known = [], []
    for _ in range(2000):
        table.frames(1)
        if scene.dealing:
            seen_dealing.append(scene.look().view.get("turn"))
            known.append(scene.shown.get("turn"))
        elif seen_dealing and not scene.director.busy():
            break
    assert seen_dealing and set(seen_dealing) == {None}
    assert any(known)               # the view drawn from already knows the turn: the plates hide it
    assert scene.shown.get("turn") is not None and scene.look().view["turn"] == scene.shown["turn"]


def test_a_replay_names_the_bots_in_the_players_language():
    """A replay in Dari wrote the bots' names in Latin (Kado) where the live table and the
    Replays list write کدو: the replay kept the seats' kind and name but not the character."""
    from host.replay import ReplayLink
    from table import i18n
    from table.words import player_name
    rec = bot_record("manni", {"target": 1})
    rec["players"]["right"] = {"kind": "bot", "bot": "TANA", "name": "Tana"}         # as the host names a bot
    rec["players"]["left"] = {"kind": "bot", "bot": "MADE-UP", "name": "Kado"}       # a file's own code: dropped
    link = ReplayLink(rec)
    link.poll()                                          # the replay's welcome names the seats
    players = link.players()
    try:
        i18n.set_language("fa")
        assert player_name(players, "right") == i18n.character_name("TANA") != "Tana"
        assert "bot" not in players["left"] and player_name(players, "left") == "Kado"
    finally:
        i18n.set_language("en")


def test_every_rules_page_ends_with_the_tables_keys_in_the_players_language():
    """A keyboard player found the table's keys nowhere in the game (tooltips come with the mouse)."""
    from table import i18n
    from table.quickref import parse, read_page, render_page
    pygame.font.init()
    for lang, heading in (("en", "Keys at the table"), ("fr", "Touches à la table"), ("fa", "کلیدها سر میز")):
        i18n.set_language(lang)
        try:
            for game in ("manfee", "manille", "manille-muette", "manni"):
                blocks = parse(read_page(game))
                at = blocks.index(("h2", heading))
                keys = " ".join(b[1] for b in blocks[at + 1:])
                assert at > 0 and "**I**" in keys and "**F1**" in keys and ("**Esc**" in keys or "**Échap**" in keys)
                assert ("**G**" in keys) == (game == "manfee") and ("**P**" in keys) == (game in ("manfee", "manni"))
                # Up and Down reach a picker's other row (en face under the trump tiles): they were missing
                assert {"en": "**Up**", "fr": "**Haut**", "fa": "**بالا**"}[lang] in keys
                assert render_page(read_page(game), 600, 16).get_height() > 100
        finally:
            i18n.set_language("en")



def test_tab_at_the_table_says_where_its_keys_are(table):
    """At the table Tab did nothing: a keyboard player looked for the keys everywhere."""
    scene = start(table, "manfee", 1)
    table.frames(2)
    table.key(pygame.K_TAB)
    assert scene.message and "F1" in scene.message[0]


def test_the_muette_trump_over_a_partner_is_said_as_the_rule_it_is():
    """Manille muette: void, the partner winning, a newcomer read "You must trump" as the
    game not knowing the partner was winning (plain Manille would let them discard)."""
    seats = ["bottom", "left", "top", "right"]
    base = {"game": "manille-muette", "seat": "bottom", "seats": seats, "trump": "H",
            "hand": ["JH", "9H", "QD", "8S"]}
    led = dict(base, trick=[{"seat": "top", "card": "AC"}, {"seat": "right", "card": "7C"}],
               legal=[{"play": "JH"}, {"play": "9H"}])
    assert explain.obligation(led) == "You must trump, even over your partner: {H} hearts"
    trumped = dict(base, trick=[{"seat": "left", "card": "AC"}, {"seat": "top", "card": "8H"}],
                   legal=[{"play": "JH"}, {"play": "9H"}])
    assert explain.obligation(trumped) == "You must overtrump the 8{H}, even your partner's"
    theirs = dict(led, trick=[{"seat": "left", "card": "AC"}])        # an opponent winning: the plain words
    assert explain.obligation(theirs) == "You must trump: {H} hearts"


def test_the_match_to_tooltip_stands_clear_of_the_labels_and_speaks_of_a_player_in_manni(table):
    """Tab to "Match to" in New game: its tooltip hid the "Match to" and "Players" labels
    (an empty room on the other side), and in Manni spoke of a side (each plays alone)."""
    from pygame_gui.elements import UILabel, UITooltip
    from table.new_game import NewGameScene
    app = table.app
    app._resized((1366, 768))
    new = NewGameScene(app, "manni")
    app.push(new)
    table.frames(1)
    drop = new.form.drops["opt:target"]
    name = next(n for n, w in new._widgets().items() if w is drop)
    new.set_focus(name)
    tip = next(w for w in app.ui.get_sprite_group().sprites() if isinstance(w, UITooltip) and w.alive())
    assert tip.text_block.html_text == "The score a player must reach to win the match."
    labels = [pygame.Rect(w.rect) for w in new.ui if isinstance(w, UILabel) and w.visible and w.text.strip()]
    assert labels and tip.rect.collidelist(labels) == -1, tip.rect
    assert app.screen.get_rect().contains(tip.rect)
    app.pop()
