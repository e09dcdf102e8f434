"""The window around the table: flags, sounds, resizing, menus, the idle loop, the physics."""
import json
import os
import subprocess
import sys

import pygame
import pytest

from table.anim import Fall, Spring, Tween, ease_out_cubic
from host.seats import seat_plan
from table.table_scene import TableScene

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


from table_helpers import Sounds, lift_cover, start_local  # noqa: E402  (shared stand-ins)


class Body:
    z = 0.0


# -- physics ----------------------------------------------------------------------------------

def test_a_drop_falls_under_gravity_and_bounces_lower_each_time():
    body = Body()
    body.z = 80.0
    impacts = []
    fall = Fall(body, gravity=2600.0, restitution=0.4, on_impact=impacts.append, min_bounce=30.0)
    t, peak_after_first, dt = 0.0, 0.0, 1 / 60
    while not fall.update(dt):
        t += dt
        if impacts:
            peak_after_first = max(peak_after_first, body.z)
    # free fall from 80 px: t = sqrt(2h/g), about 0.25 s to the first impact
    assert 1 <= len(impacts) <= 4 and impacts[0] == pytest.approx((2 * 2600 * 80) ** 0.5, rel=0.05)
    assert all(b < a for a, b in zip(impacts, impacts[1:]))
    assert 0 < peak_after_first < 80 * 0.4 ** 2 * 1.2
    assert body.z == 0.0


def test_the_same_fall_at_any_frame_rate():
    landings = []
    for dt in (1 / 30, 1 / 60, 1 / 144):
        body = Body()
        body.z = 100.0
        fall = Fall(body, gravity=3000.0, vz=-500.0, restitution=0.0)
        t = 0.0
        while not fall.update(dt):
            t += dt
        landings.append(t)
    assert max(landings) - min(landings) < 1 / 25


def test_a_spring_kicked_settles_back_to_rest():
    s = Spring(2600.0, 24.0)
    s.kick(400.0)
    peak = 0.0
    for _ in range(240):
        s.update(1 / 60)
        peak = max(peak, abs(s.value))
    assert peak > 3 and s.resting and s.value == 0.0


def test_a_tween_eases_to_its_target():
    body = Body()
    body.x = 0.0
    tw = Tween(body, 0.5, ease_out_cubic, x=100.0)
    xs = []
    while not tw.update(1 / 60):
        xs.append(body.x)
    assert body.x == 100.0 and xs == sorted(xs) and xs[0] > 100 / 30   # fast start, eases out


# -- the seats -----------------------------------------------------------------------------------

def test_extra_humans_fill_seats_clockwise_from_the_bottom():
    seats = ("bottom", "left", "top", "right")
    plan = seat_plan("manfee", 2, ["TANA", "ZELZELA"])
    assert [plan[s].kind for s in seats] == ["here", "here", "bot", "bot"]
    assert (plan["top"].bot, plan["right"].bot) == ("TANA", "ZELZELA")
    # Two people at one screen are numbered, not named after seats the table turns away from.
    assert (plan["bottom"].name, plan["left"].name) == ("Player 1", "Player 2")
    plan = seat_plan("manfee", 0, ["KADO"] * 4)
    assert len({p.name for p in plan.values()}) == 4          # four Kados, four names
    with pytest.raises(ValueError):
        seat_plan("manfee", 1, ["NOBODY"])


def test_game_py_flags_make_the_match(table):
    import game
    manni = game.match_from_args(game.parse_args(["--game", "manni"]), table.app)
    manni.close()
    assert table.app.settings.game == "manni"           # New game opens on it next time
    args = game.parse_args(["--game", "manfee", "--humans", "2", "--bots", "TANA,KADO", "--seed", "4",
                            "--target", "26", "--no-signals", "--names", "Ann, Ben"])
    s = game.match_from_args(args, table.app)
    assert [m["type"] for m in s.poll()][:1] == ["welcome"]
    assert s.view()["options"] == {"target": 26, "signals": False}
    assert [s.players()[x]["kind"] for x in s.seats] == ["host", "host", "bot", "bot"]
    assert (s.players()["top"]["bot"], s.players()["right"]["bot"]) == ("TANA", "KADO")
    assert s.my_seats() == ("bottom", "left")
    assert [s.players()[x]["name"] for x in s.my_seats()] == ["Ann", "Ben"]     # not "Player 1", "Player 2"
    s.close()
    with pytest.raises(SystemExit):
        game.parse_args(["--game", "manni", "--humans", "2", "--names", "Ann,ann"])
    with pytest.raises(SystemExit):                     # more names than people: one was dropped
        game.parse_args(["--game", "manni", "--names", "Ann,Ben"])
    demo = game.match_from_args(game.parse_args(["--demo"]), table.app)
    demo.poll()
    assert demo.my_seats() == ()
    demo.close()


def test_game_py_refuses_an_option_the_game_does_not_have(capsys):
    import game
    with pytest.raises(SystemExit):
        game.parse_args(["--game", "manille", "--no-signals"])
    assert "Manille has no option 'signals'" in capsys.readouterr().err
    args = game.parse_args(["--game", "manille-muette", "--blind", "--no-tapping", "--max-deals", "9"])
    assert args.options == {"blind": True, "doubling": False, "max_deals": 9}


def test_a_sigterm_ends_the_game_as_quit_does(table):
    """SDL made SIGTERM a window close, which a LAN host's table asks about again: a system
    shutting the game down waited for ever (kill -9 was needed). It now quits as Quit does."""
    import signal
    import game
    app = table.app
    app.running = True
    app.scenes[-1].holds_quit = lambda: True         # as a LAN host's table holds a window close
    before = signal.getsignal(signal.SIGTERM)
    try:
        game.end_on_sigterm(app)
        os.kill(os.getpid(), signal.SIGTERM)
        table.frames(1)
    finally:
        signal.signal(signal.SIGTERM, before)
    assert app.running is False


def test_headless_hands_over_to_net_cli_without_pygame(tmp_path):
    stub = tmp_path / "net"
    stub.mkdir()
    (stub / "__init__.py").write_text("")
    (stub / "cli.py").write_text("import sys\ndef main(argv):\n    print('NET', argv, 'pygame' in sys.modules)\n"
                                 "    return 0\n")
    code = ("import sys; sys.path.insert(0, %r); sys.path.insert(1, %r); import game; "
            "sys.exit(game.main(['--headless', '--host', 'T']))") % (str(tmp_path), ROOT)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "NET ['--headless', '--host', 'T'] False"


# -- sound, resizing, menus, idle -------------------------------------------------------------------

def test_the_table_plays_its_sounds(table):
    app = table.app
    app.sounds = Sounds()
    import host.thinking
    real = host.thinking.choose
    count = [0]

    def choose(*args):
        # Every third card slammed, every third dropped: the bots' cards carry signals.
        a = real(*args)
        if "play" in a:
            count[0] += 1
            a = dict(a, signal=("slam", "drop", None)[count[0] % 3]) if count[0] % 3 < 2 else a
        return a
    host.thinking.choose = choose
    try:
        scene = start_local(table, "manfee", {"target": 13}, humans=0, bots=["KADO"] * 4, seed=1)
        assert table.until(lambda: scene.results_shown, limit=20000)
    finally:
        host.thinking.choose = real
    played = set(app.sounds.played)
    assert {"shuffle", "deal", "knock", "card_land", "slam", "drop", "trick_won", "match_won"} <= played


def test_the_table_follows_a_window_resize(table):
    app = table.app
    scene = start_local(table, "manfee", {}, humans=1, seed=2)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    cw = scene.board.layout.cw
    table.post(pygame.VIDEORESIZE, size=(1024, 600), w=1024, h=600)
    table.frames(3)
    assert app.size == (1024, 600) and scene.board.layout.size == (1024, 600)
    assert scene.board.layout.cw < cw
    for k in scene.board.hands["bottom"]:
        sp = scene.board.sprites[k]
        assert 0 < sp.x < 1024 and 0 < sp.y < 600
    assert all(b.rect.right <= 1024 for b in scene.buttons.values())
    # a square or portrait window is cut to 5:4: the table lies across (at 1024x1024 the
    # top seat's plate lay on its cards, at 1200x1600 the trump picker left the window)
    for asked, given in (((1024, 1024), (1024, 819)), ((1200, 1600), (1200, 960))):
        table.post(pygame.VIDEORESIZE, size=asked, w=asked[0], h=asked[1])
        table.frames(3)
        assert app.size == given and scene.board.layout.size == given, (asked, app.size)


def test_pause_menu_leads_back_to_the_main_menu_with_the_match_saved(table):
    app = table.app
    scene = start_local(table, "manfee", {}, humans=1, seed=2)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    path = scene.link.host.save_path
    table.key(pygame.K_ESCAPE)
    from table.menus import PauseScene, MainMenu
    assert isinstance(app.top, PauseScene)
    table.frames(2)
    # The veil keeps the table a dim backdrop: the white cards of the hand, below the
    # menu's buttons, must not read through it.
    below = max(b.rect.bottom for b in app.top.buttons.values()) + 4
    hand = app.screen.subsurface(pygame.Rect(0, below, 1280, 720 - below))
    assert max(max(hand.get_at((x, y))[:3]) for x in range(0, 1280, 8) for y in range(0, hand.get_height(), 8)) < 72
    table.click(app.top.buttons["menu"].rect.center)
    assert isinstance(app.top, MainMenu) and len(app.scenes) == 1
    assert app.top.resumable and app.top.resumable[0]["path"] == path


def test_in_hot_seat_the_pause_menu_hides_the_hand_it_covers(table):
    scene = start_local(table, "manille", {}, humans=2, bots=("KADO", "KADO"), seed=7)
    for _ in range(5):                       # the cover is lifted: a person's hand shows
        assert table.until(lambda: scene.waiting_for_human() is not None or scene.cover_seat is not None)
        if scene.cover_seat is None:
            break
        lift_cover(table, scene)
    assert scene.cover_seat is None and scene.revealed
    table.key(pygame.K_ESCAPE)
    table.frames(2)
    below = max(b.rect.bottom for b in table.app.top.buttons.values()) + 4
    hand = table.app.screen.subsurface(pygame.Rect(0, below, 1280, 720 - below))
    assert max(max(hand.get_at((x, y))[:3]) for x in range(0, 1280, 8) for y in range(0, hand.get_height(), 8)) < 20

def test_after_a_failed_save_the_pause_menu_promises_no_save_and_says_why(table, monkeypatch):
    """A full disk: the table said the match could not be saved, yet the menu offered
    "Quit (saved)", and quitting lost the moves since."""
    import table.menus as menus
    scene = start_local(table, "manfee", {}, humans=1, seed=2)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    table.key(pygame.K_ESCAPE)
    assert table.app.top.buttons["quit"].text == "Quit (saved)"
    table.key(pygame.K_ESCAPE)
    scene.link.save_error = "autosave failed: No space left on device"
    import table.table_draw as table_draw
    placed, real_draw = [], table_draw.blit_text
    monkeypatch.setattr(table_draw, "blit_text", lambda surface, text, *a, **k: (placed.append((text, a)),
                                                                                real_draw(surface, text, *a, **k))[1])
    table.frames(1)               # the table's line: at the top, clear of the plates and the log below
    said = [a for text, a in placed if text == "The match could not be saved: No space left on device"]
    assert said and said[0][1][1] < 20
    lines, real = [], menus.blit_text
    monkeypatch.setattr(menus, "blit_text", lambda surface, text, *a, **k: (lines.append(text),
                                                                           real(surface, text, *a, **k))[1])
    table.key(pygame.K_ESCAPE)
    pause = table.app.top
    assert isinstance(pause, menus.PauseScene)
    assert pause.buttons["quit"].text == "Quit" and pause.buttons["menu"].text == "Main menu"
    table.frames(1)
    assert "Not saved: leaving now loses the moves since the last save (No space left on device)" in lines

def test_an_idle_table_does_not_spin(table):
    app = table.app
    app.time_scale = 1.0
    scene = start_local(table, "manfee", {}, humans=1, seed=2)
    app.time_scale = 25.0
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    table.frames(400)                       # bubbles and banners are gone
    assert not app.needs_frames()
    frames = app.frames
    app.run(seconds=0.6)
    assert app.frames - frames <= 6         # about four looks a second, not sixty


def test_the_menus_lead_to_a_table_with_the_chosen_seats(table):
    from table.menus import MainMenu
    from table.new_game import NewGameScene
    app = table.app
    menu = app.top
    assert isinstance(menu, MainMenu)
    table.click(menu.buttons["new"].rect.center)
    new = app.top
    assert isinstance(new, NewGameScene)
    new.humans = 2
    new.bots = {"top": "Tana (5/9)", "right": "Zelzela (9/9)"}
    new.options["target"] = 26
    new.rebuild_ui()
    table.frames(1)
    # Each person at the laptop may type a name; one left as offered stays "Player 1" (a
    # placeholder: as text, a click and a name typed made "Player 2Marie")
    assert set(new.form.entries) == {"name:bottom", "name:left"}
    assert new.form.entries["name:bottom"].get_text() == "" and new.form.entries["name:left"].get_text() == ""
    assert new.form.entries["name:left"].placeholder_text == "Player 2"
    # one name twice (whatever its case): said on the note line, and no match starts ("ann"
    # became "ann 2" in silence, and the statistics filed a name nobody typed)
    new.form.entries["name:bottom"].set_text("Bo")
    new.form.entries["name:left"].set_text(" bo")
    table.click(new.buttons["start"].rect.center)
    assert app.top is new
    notes = [e.text for e in app.ui.get_sprite_group().sprites() if "called Bo" in getattr(e, "text", "")]
    assert notes == ["Two people are called Bo: give each their own name (the statistics are kept by name)."]
    new.form.entries["name:bottom"].set_text("")
    new.form.entries["name:left"].set_text("Bo")
    table.click(new.buttons["opt:signals"].rect.center)      # a rebuild: the typed name stays
    assert app.top.form.entries["name:left"].get_text() == "Bo"
    assert not [e for e in app.ui.get_sprite_group().sprites() if "called Bo" in getattr(e, "text", "")]
    table.click(app.top.buttons["start"].rect.center)
    scene = app.top
    assert isinstance(scene, TableScene)
    s = scene.link
    assert s.view()["options"] == {"target": 26, "signals": False}
    assert [s.players()[x].get("bot") for x in s.seats] == [None, None, "TANA", "ZELZELA"]
    assert [s.players()[x]["name"] for x in ("bottom", "left")] == ["Player 1", "Bo"]
    assert scene.hotseat
    assert s.hints_allowed             # a newcomer finds the coach's Hint button without a setting
    assert table.until(lambda: scene.cover_seat is not None, limit=6000)


def test_settings_change_the_table_and_are_kept(table, manfee_home):
    from table.settings import SettingsScene
    from table.config import Settings
    app = table.app
    s = SettingsScene(app)
    app.push(s)
    table.frames(1)
    table.click(s.buttons["colours"].rect.center)
    assert app.top.slider.is_enabled
    table.click(s.buttons["mute"].rect.center)
    assert not app.top.slider.is_enabled and not app.top.volume_label.is_enabled     # greyed while muted
    table.click(app.top.buttons["fullscreen"].rect.center)
    assert app.fullscreen
    table.click(app.top.buttons["fullscreen"].rect.center)
    assert not app.fullscreen
    kept = Settings.load()
    assert kept.four_colour and kept.muted and not kept.fullscreen and kept.problems == []


def test_f11_held_down_switches_the_screen_once(table, monkeypatch):
    """The new window was handed the F11 still held as a new press: a slow press flipped the
    screen to and fro (and rewrote the settings) until the key was let go."""
    import pygame
    app = table.app
    held = {"f11": True}

    class Keys(dict):                           # what SDL says is down (posted events do not tell it)
        def __missing__(self, key):
            return key == pygame.K_F11 and held["f11"]
    monkeypatch.setattr(pygame.key, "get_pressed", Keys)
    down = dict(key=pygame.K_F11, mod=0, unicode="", scancode=0)
    table.post(pygame.KEYDOWN, **down)
    table.frames(1)
    assert app.fullscreen
    table.post(pygame.KEYDOWN, **down)          # the same press, handed to the new window
    table.frames(1)
    assert app.fullscreen
    held["f11"] = False
    table.post(pygame.KEYUP, **down)
    table.post(pygame.KEYDOWN, **down)          # a new press switches back
    table.frames(1)
    assert not app.fullscreen


def test_the_last_trick_and_history_panels_hide_the_table_under_them():
    """No card of the trick ghosts through the last-trick or history panel."""
    from table.theme import OVERLAY, panel
    s = pygame.Surface((200, 100))
    s.fill((255, 255, 255))                         # a white card face under the panel
    panel(s, pygame.Rect(10, 10, 180, 80), fill=OVERLAY)
    assert tuple(s.get_at((100, 50)))[:3] == tuple(OVERLAY[:3])


def test_every_menu_screen_works_from_the_keyboard(table):
    """Escape leaves every screen the way its Back (Done, Main menu) button does;
    on the main menu Tab / the arrows move among the buttons and Enter presses one."""
    from table.menus import MainMenu
    from table.scenes import open_scene
    app = table.app
    menu = app.top
    assert isinstance(menu, MainMenu)
    table.key(pygame.K_RETURN)                 # Enter first, before any Tab: it shows the focus
    assert menu.focus == "new" and menu.buttons["new"].is_selected and app.top is menu
    menu.set_focus(None)
    table.key(pygame.K_UP)                     # Up on a fresh screen: the first line, not Quit
    assert menu.focus == "new"
    menu.set_focus(None)
    table.post(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode="")
    table.frames(1)
    assert menu.focus == "quit"                # Shift+Tab goes round from the start, as Tab does
    menu.set_focus(None)
    table.key(pygame.K_DOWN)
    assert menu.focus == "new" and menu.buttons["new"].is_selected
    table.key(pygame.K_DOWN)                   # Resume is disabled (nothing to resume): skipped
    assert menu.focus == "lan" and not menu.buttons["new"].is_selected
    assert menu.buttons["resume"].drawable_shape.active_state.state_id == "disabled"   # still drawn so
    table.key(pygame.K_UP)
    table.key(pygame.K_UP)                     # an arrow stops at the top (round to Quit, it quit by accident)
    assert menu.focus == "new"
    table.key(pygame.K_TAB)
    assert menu.focus == "lan"
    for _ in range(9):
        table.key(pygame.K_DOWN)               # ... and at the foot
    assert menu.focus == "quit"
    table.key(pygame.K_TAB)                    # Tab goes round
    assert menu.focus == "new"
    table.key(pygame.K_RETURN)
    assert type(app.top).__name__ == "NewGameScene"
    for name in ("new_game", "settings", "replays", "statistics", "rules", "lobby", "host_setup"):
        if app.top is not menu:
            table.key(pygame.K_ESCAPE)
        assert app.top is menu, name
        app.push(open_scene(name, app))
        table.frames(1)
        assert app.top is not menu
    table.key(pygame.K_ESCAPE)
    assert app.top is menu
    table.key(pygame.K_ESCAPE)                 # the main menu has no way back: Escape does nothing
    assert app.top is menu and app.running


def test_a_solo_player_names_themself_in_new_game_and_it_is_kept(table, manfee_home):
    """One person at the table: New game asks for their name (the statistics file their
    results under it), keeps it in Settings, and offers it the next time."""
    from table.config import Settings
    from table.scenes import open_scene
    app = table.app
    new = open_scene("new_game", app)
    app.push(new)
    table.frames(1)
    entry = new.form.entries["name:bottom"]
    assert entry.get_text() == "" and entry.placeholder_text == "your name (for your statistics)"
    from pygame_gui.elements import UILabel
    labels = [e.text for e in new.ui if isinstance(e, UILabel)]
    assert "Top (your partner)" in labels and "Left" in labels      # a newcomer is told who plays with them
    assert entry.padding[0] >= 6                   # a typed name clear of the frame (it touched its edge)
    entry.set_text("Ana")
    table.click(new.buttons["start"].rect.center)
    scene = app.top
    assert isinstance(scene, TableScene) and scene.link.players()["bottom"]["name"] == "Ana"
    assert Settings.load().player_name == "Ana"
    again = open_scene("new_game", app)
    app.push(again)
    table.frames(1)
    assert again.form.entries["name:bottom"].get_text() == "Ana"
    # a name typed, then "Host on the local network": the host's form says it, not "Host"
    again.form.entries["name:bottom"].set_text("Hana")
    table.click(again.buttons["lan"].rect.center)
    table.frames(1)
    assert app.top.host_name == "Hana"


def test_new_game_sets_up_each_game_as_it_was_last_started(table, manfee_home):
    """A player who plays Manille muette to 51 with blind trump against Tizab does not
    set it all again: New game offers each game's last table (Settings keep it), and a
    game switched to and back in the form comes back as it was."""
    import pygame_gui
    from table.config import Settings
    from table.scenes import open_scene

    def drop(scene, name, text):
        table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.form.drops[name], text=text)
        table.frames(1)

    app = table.app
    new = open_scene("new_game", app, game="manille-muette")
    app.push(new)
    table.frames(1)
    drop(new, "opt:target", "51")
    table.click(new.buttons["opt:blind"].rect.center)
    drop(new, "bot:top", "Tizab (8/9)")
    table.click(new.buttons["start"].rect.center)
    assert app.top.link.view()["options"]["target"] == 51
    kept = Settings.load().tables["manille-muette"]
    assert kept["options"]["blind"] is True and kept["bots"]["top"] == "TIZAB"
    again = open_scene("new_game", app, game="manille-muette")
    app.push(again)
    table.frames(1)
    assert again.form.drops["opt:target"].selected_option[0] == "51"
    assert again.buttons["opt:blind"].text == new_button_text(again, "blind", True)
    assert again.form.drops["bot:top"].selected_option[0] == "Tizab (8/9)"
    drop(again, "game", "Manni")                 # Manni was never set up: its defaults
    assert again.form.drops["opt:target"].selected_option[0] == "10"
    drop(again, "game", "Manille muette")
    assert again.options["blind"] is True and again.bots["top"] == "TIZAB"
    assert open_scene("new_game", app).game == "manille-muette"     # the main menu's way in: the last game


def new_button_text(scene, option, value):
    from rules.games import get_game
    from table.forms import option_text
    return option_text(get_game(scene.game).option(option), value)

def test_keys_typed_into_a_name_field_stay_in_it(table):
    """With Start in focus, a name typed with a space in it stayed "Ahmad": the space
    pressed Start and began the match."""
    from table.scenes import open_scene
    app = table.app
    new = open_scene("new_game", app)
    app.push(new)
    table.frames(1)
    for _ in range(3):
        table.key(pygame.K_TAB)
    assert new.focus is not None
    entry = new.form.entries["name:bottom"]
    table.click(entry.rect.center)
    for ch in "Ahmad Zaher":
        key = pygame.K_SPACE if ch == " " else pygame.key.key_code(ch.lower())
        table.post(pygame.KEYDOWN, key=key, mod=0, unicode=ch, scancode=0)
        table.post(pygame.TEXTINPUT, text=ch)
        table.post(pygame.KEYUP, key=key, mod=0, unicode=ch, scancode=0)
        table.frames(1)
    table.key(pygame.K_DOWN)
    assert app.top is new and entry.get_text() == "Ahmad Zaher"


def test_the_rules_tabs_are_turned_by_the_arrows_and_never_take_the_focus(table):
    from table.scenes import open_scene
    app = table.app
    rules = open_scene("rules", app)
    app.push(rules)
    table.frames(1)
    for _ in range(4):
        table.key(pygame.K_TAB)
        assert rules.focus is None or not rules.focus.startswith("tab:")
    selected = [n for n, b in rules.buttons.items() if n.startswith("tab:") and b.is_selected]
    assert len(selected) <= 1                    # only the open tab is drawn selected
    table.key(pygame.K_RIGHT)
    assert rules.game != "manfee"                # the arrows turn the tabs


def test_tab_reaches_a_name_field_types_in_it_and_leaves_it(table):
    from table.menu_keys import FIELD
    from table.scenes import open_scene
    app = table.app
    new = open_scene("new_game", app)
    app.push(new)
    table.frames(1)
    entry = new.form.entries["name:bottom"]
    for _ in range(12):
        table.key(pygame.K_TAB)
        if new.focus and new.focus.startswith(FIELD):
            break
    assert entry in app.ui.get_focus_set()                       # the cursor is in the name field
    from table.menu_keys import FOCUS_BORDER
    assert entry.border_colour == FOCUS_BORDER                    # and its frame says so
    for ch in "Bo":
        table.post(pygame.TEXTINPUT, text=ch)
        table.frames(1)
    table.key(pygame.K_LEFT)                                     # Left and Right are the field's
    assert entry.get_text() == "Bo" and entry in app.ui.get_focus_set()
    table.key(pygame.K_DOWN)         # Down goes on down the form (a keyboard player was held in the field)
    assert entry.get_text() == "Bo" and entry not in (app.ui.get_focus_set() or ())
    assert not new.focus.startswith(FIELD)
    table.key(pygame.K_UP)
    assert new.focus.startswith(FIELD)
    table.key(pygame.K_TAB)
    assert entry not in (app.ui.get_focus_set() or ()) and not new.focus.startswith(FIELD)
    assert entry.border_colour != FOCUS_BORDER
    while new.focus != "start":
        table.key(pygame.K_TAB)
    table.key(pygame.K_RETURN)
    assert isinstance(app.top, TableScene) and app.top.link.players()["bottom"]["name"] == "Bo"


def test_a_drop_down_takes_its_next_choice_from_the_keyboard(table, manfee_home):
    """New game without the mouse: Tab to the game's drop-down, Enter takes the next game
    (the form rebuilds for it), Tab on to a bot's and choose one; Settings' language too."""
    from table.menu_keys import DROP
    from table.scenes import open_scene
    from table.config import Settings
    app = table.app
    new = open_scene("new_game", app)
    app.push(new)
    table.frames(1)
    table.key(pygame.K_TAB)
    assert new.focus.startswith(DROP) and new._widgets()[new.focus] is new.form.drops["game"]
    face = new._face(new.focus)
    assert face is not None and face.is_selected
    table.key(pygame.K_RETURN)
    assert new.game == "manille" and new.focus.startswith(DROP)
    assert app.top.form.drops["game"].selected_option[0] == "Manille"
    settings = open_scene("settings", app)
    app.push(settings)
    table.frames(1)
    while not (settings.focus and settings._widgets()[settings.focus] is settings.drops["language"]):
        table.key(pygame.K_TAB)
    before = Settings.load().language
    table.key(pygame.K_RETURN)
    assert Settings.load().language != before


def test_a_drop_down_in_focus_jumps_to_the_choice_a_typed_letter_starts(table, manfee_home):
    """Nine bots from the keyboard: Enter went through Kado, Pochaq, ... to Zelzela. A letter
    takes the next choice it starts (going round); a letter no choice starts changes nothing."""
    from table.scenes import open_scene
    app = table.app
    new = open_scene("new_game", app)
    app.push(new)
    table.frames(1)
    drop = new.form.drops["bot:left"]
    while new._widgets().get(new.focus) is not drop:
        table.key(pygame.K_TAB)

    def typed(letter):
        table.post(pygame.KEYDOWN, key=ord(letter), mod=0, unicode=letter, scancode=0)
        table.frames(1)
        return new.form.drops["bot:left"].selected_option[0]
    assert typed("z") == "Zelzela (9/9)"
    assert [typed("T") for _ in range(4)] == ["Tana (5/9)", "Tanoor (7/9)", "Tizab (8/9)", "Tana (5/9)"]
    assert typed("x") == "Tana (5/9)" and new._widgets().get(new.focus) is new.form.drops["bot:left"]
    # the choice is the form's, as a click in the list makes it: the match starts with Tana
    while new.focus != "start":
        table.key(pygame.K_TAB)
    table.key(pygame.K_RETURN)
    assert app.top.link.players()["left"].get("bot") == "TANA"


def test_the_focus_is_drawn_again_on_the_screen_one_comes_back_to(table):
    """Main menu: Tab to Settings, Enter, Escape: the menu came back with Settings still
    in focus but drawn plain, and Enter opened Settings again unseen."""
    app = table.app
    menu = app.top
    while menu.focus != "settings":
        table.key(pygame.K_TAB)
    table.key(pygame.K_RETURN)
    assert type(app.top).__name__ == "SettingsScene"
    table.key(pygame.K_ESCAPE)
    assert app.top is menu and menu.focus == "settings" and menu.buttons["settings"].is_selected


def test_the_volume_moves_from_the_keyboard(table, manfee_home):
    from table.config import Settings
    from table.menu_keys import SLIDER
    from table.scenes import open_scene
    settings = open_scene("settings", table.app)
    table.app.push(settings)
    table.frames(1)
    before = settings.slider.get_current_value()
    for _ in range(12):
        table.key(pygame.K_TAB)
        if settings.focus and settings.focus.startswith(SLIDER):
            break
    assert settings.slider.sliding_button.is_selected                 # the focus drawn on its knob
    table.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=pygame.KMOD_SHIFT, unicode="", scancode=0)
    table.frames(1)
    assert settings.slider.get_current_value() == max(0, before - 10)
    table.key(pygame.K_RIGHT)                    # the arrows move the knob, not the focus
    table.key(pygame.K_RIGHT)
    assert settings.slider.get_current_value() == min(100, max(0, before - 10) + 20)
    assert settings.focus.startswith(SLIDER)
    assert abs(Settings.load().volume - settings.slider.get_current_value() / 100) < 1e-6
    # the value stands beside the slider, and follows it
    assert settings.volume_label.text == f"{settings.slider.get_current_value()}%"
    from table import i18n
    from table.settings import volume_words
    try:
        i18n.set_language("fa")
        assert volume_words(0.7) == "۷۰٪"
    finally:
        i18n.set_language("en")


def test_the_rules_over_the_pause_menu_hide_its_title(table):
    """"Paused" showed through the rules page opened from the pause menu."""
    from table.scenes import open_scene
    from table_helpers import start_local
    start_local(table, "manni", bots=("KADO", "KADO"))
    table.key(pygame.K_ESCAPE)
    table.frames(1)
    rules = open_scene("rules", table.app, game="manni", overlay=True)
    table.app.push(rules)
    table.frames(1)
    white = pygame.Surface(table.app.size)
    white.fill((255, 255, 255))
    rules.draw(white)
    assert tuple(white.get_at((3, table.app.size[1] - 3))[:3]) == (4, 12, 8)     # the page's shade is opaque
    inside = rules.frame()
    assert max(white.get_at((inside.centerx, inside.y + inside.h // 8))[:3]) < 40     # where "Paused" stood, faintly
    table.app.pop()
    table.app.pop()                            # over the table itself the table still shows, dimmed
    table.app.push(rules)
    white.fill((255, 255, 255))
    rules.draw(white)
    assert max(white.get_at((3, table.app.size[1] - 3))[:3]) > 60
    # ... but not through the page: a summary's chart titles showed faintly behind "Scoring"
    black = pygame.Surface(table.app.size)
    rules.draw(black)
    page = rules.frame().inflate(-20, -20)
    points = [(x, y) for x in range(page.x, page.right, 37) for y in range(page.y, page.bottom, 23)]
    assert [white.get_at(p) for p in points] == [black.get_at(p) for p in points]


def test_the_volume_dragged_with_the_mouse_moves_on_with_the_arrows(table, manfee_home):
    """After a click on the knob, Left and Right did nothing: the focus was elsewhere."""
    import pygame_gui
    from table.menu_keys import SLIDER
    from table.scenes import open_scene
    settings = open_scene("settings", table.app)
    table.app.push(settings)
    table.frames(1)
    settings.slider.set_current_value(40)
    table.post(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=settings.slider, value=40)
    table.frames(1)
    assert settings.focus and settings.focus.startswith(SLIDER)
    table.key(pygame.K_RIGHT)
    assert settings.slider.get_current_value() == 50



def new_game_of_people(table, game, people):
    """New game for ``game`` opened, with ``people`` at this screen (the drop-down's line)."""
    import pygame_gui
    from table.scenes import open_scene
    new = open_scene("new_game", table.app, game=game)
    table.app.push(new)
    table.frames(1)
    table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=new.form.drops["humans"],
               text=new.form.drops["humans"].options_list[people - 1][0])
    table.frames(2)
    return new

def test_hot_seat_names_are_kept_the_first_persons_too(table, manfee_home):
    """Two people at one laptop: both names come back in New game (the first went back to
    "Player 1" while the second was kept)."""
    from table.scenes import open_scene
    app = table.app
    new = new_game_of_people(table, "manfee", 2)
    new.form.entries["name:bottom"].set_text("Anna")
    new.form.entries["name:left"].set_text("Bert")
    table.click(new.buttons["start"].rect.center)
    assert app.top.link.players()["bottom"]["name"] == "Anna"
    again = open_scene("new_game", app, game="manfee")
    app.push(again)
    table.frames(1)
    assert (again.form.entries["name:bottom"].get_text(), again.form.entries["name:left"].get_text()) == ("Anna", "Bert")


def test_two_people_at_one_laptop_can_play_as_partners(table, manfee_home):
    """Seated clockwise, two people at one laptop could only be opponents: a couple could not
    play together against two bots.  "2 people here, as partners" seats them face to face."""
    import pygame_gui
    from table.config import Settings
    from table.new_game import people_here, table_of_record
    from table.scenes import open_scene
    app = table.app
    new = open_scene("new_game", app, game="manille")
    app.push(new)
    table.frames(1)
    table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=new.form.drops["humans"],
               text=people_here(2, partners=True))
    table.frames(2)
    assert set(new.form.entries) == {"name:bottom", "name:top"} and {"bot:left", "bot:right"} <= set(new.form.drops)
    new.form.entries["name:top"].set_text("Bert")
    table.click(new.buttons["start"].rect.center)
    scene = app.top
    players = scene.link.players()
    assert [players[s]["kind"] for s in ("bottom", "left", "top", "right")] == ["host", "bot", "host", "bot"]
    assert players["top"]["name"] == "Bert" and scene.hotseat
    assert Settings.load().tables["manille"]["partners"] is True
    assert table_of_record(scene.link.record())["partners"] is True
    again = open_scene("new_game", app, game="manille")
    app.push(again)
    table.frames(1)
    assert again.form.drops["humans"].selected_option[0] == people_here(2, partners=True)
    assert again.form.entries["name:top"].get_text() == "Bert"


def test_the_main_menu_says_what_f11_does_now(table, monkeypatch):
    """Full screen, the menu's corner still offered "F11: full screen"."""
    import table.menus as menus
    from table.menus import MainMenu
    app = table.app
    app.reset(MainMenu(app))
    table.frames(1)
    said = []
    monkeypatch.setattr(menus, "blit_text", lambda surface, text, *a, **k: said.append(text))
    app.top.draw(app.screen)
    assert "F11: full screen" in said
    said.clear()
    monkeypatch.setattr(app, "fullscreen", True)
    app.top.draw(app.screen)
    assert "F11: window" in said and "F11: full screen" not in said


def test_the_volume_slider_grows_with_a_large_window_and_still_works(table):
    """On a 2560 x 1440 screen the volume's arrows were slivers 20 px wide beside words twice
    their size."""
    from table.settings import SettingsScene
    app = table.app
    app._resized((2560, 1440))
    s = SettingsScene(app)
    app.push(s)
    table.frames(2)
    assert s.slider.left_button.rect.width >= 36 and s.slider.sliding_button.rect.width >= 40
    before = s.slider.get_current_value()
    table.click(s.slider.right_button.rect.center)
    table.frames(2)
    assert s.slider.get_current_value() > before
    app.pop()


def test_a_pressed_buttons_tooltip_goes_until_the_mouse_comes_back(table, manfee_home):
    """A replay's Step, clicked again and again, kept its tooltip over the top hand."""
    import pygame_gui
    from table.scenes import open_scene
    settings = open_scene("settings", table.app)
    table.app.push(settings)
    table.frames(1)
    button = settings.buttons["auto_play"]
    button.hover_time = 5.0
    button.while_hovering(0.01, button.rect.center)
    assert button.tool_tip is not None                      # hovered long enough: it shows
    table.post(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)
    table.frames(1)
    assert button.tool_tip is None
    button.while_hovering(0.5, button.rect.center)          # still over it: no tooltip again
    assert button.tool_tip is None
    button.on_unhovered()
    button.on_hovered()
    button.while_hovering(5.0, button.rect.center)
    button.while_hovering(0.01, button.rect.center)          # back over it, long enough: it shows
    assert button.tool_tip is not None


def test_in_dari_the_volume_slider_runs_the_readers_way(table, manfee_home):
    """The form mirrors for a reader from the right; the volume slider ran left to right,
    loud at the right, its right arrow raising it."""
    import pygame_gui
    from table import i18n
    from table.config import Settings
    from table.scenes import open_scene
    from table.theme import apply_language
    table.app.settings.volume = 0.7
    try:
        i18n.set_language("fa")
        apply_language(table.app.ui, "fa")
        settings = open_scene("settings", table.app)
        table.app.push(settings)
        table.frames(1)
        assert settings.slider.get_current_value() == 30           # 70% loud: its knob 30% from the right
        settings.slider.set_current_value(20)
        table.post(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=settings.slider, value=20)
        table.frames(1)
        assert abs(table.app.settings.volume - 0.8) < 1e-6 and abs(Settings.load().volume - 0.8) < 1e-6
        table.key(pygame.K_RETURN)                                   # Enter: louder, the knob leftward
        assert abs(table.app.settings.volume - 0.9) < 1e-6 and settings.slider.get_current_value() == 10
        table.key(pygame.K_RIGHT)                                    # the knob rightward: softer
        assert abs(table.app.settings.volume - 0.8) < 1e-6
    finally:
        i18n.set_language("en")
        apply_language(table.app.ui, "en")


def test_escape_over_an_open_list_closes_the_list_not_the_screen(table, manfee_home):
    """Escape with New game's Game list open went straight back to the main menu."""
    from pygame_gui.elements import UIDropDownMenu
    from table.scenes import open_scene
    form = open_scene("new_game", table.app)
    table.app.push(form)
    table.frames(1)
    drop = next(w for w in form.ui if isinstance(w, UIDropDownMenu))
    table.click(drop.rect.center)
    table.frames(2)
    assert drop.current_state is drop.menu_states["expanded"]
    table.key(pygame.K_ESCAPE)
    table.frames(2)
    assert table.app.top is form and drop.current_state is drop.menu_states["closed"]
    table.key(pygame.K_ESCAPE)
    assert table.app.top is not form


def test_new_game_says_what_the_game_is_and_how_long_a_match_runs(table, monkeypatch):
    """A newcomer picked Manni "to 10" as the quick game and played 22 deals: the screen
    says each game in a line, and the deals a match to the chosen target takes."""
    import table.new_game as new_game
    app = table.app
    said = []
    real = new_game.blit_fit
    monkeypatch.setattr(new_game, "blit_fit", lambda s, text, *a, **k: (said.append(text), real(s, text, *a, **k))[1])
    scene = new_game.NewGameScene(app, "manni")
    app.push(scene)
    table.frames(1)
    assert said[-1].startswith("Three players, each for themself") and "to 10 takes about 22 deals" in said[-1]
    scene.options["target"] = 5
    table.frames(1)
    assert "to 5 takes about 6 deals" in said[-1]
    scene.game = "manfee"
    scene.options = {}
    table.frames(1)
    assert said[-1].startswith("Two teams of two; spades") and "to 52 takes about 7 deals" in said[-1]


def test_a_finished_trick_stays_until_a_click_when_the_player_asks(table, manfee_home):
    """A club player saw tricks (their own forced card in them) come and go between two
    looks: Settings, "Tricks", keeps a finished trick on the table until a click or Space."""
    import pygame_gui
    from table.config import Settings
    from table.settings import SettingsScene
    from table_helpers import start_local
    app = table.app
    s = SettingsScene(app)
    app.push(s)
    table.frames(1)
    drop = s.drops["trick_hold"]
    table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=drop, text="On a click (a while on a LAN)")
    table.frames(1)
    assert app.settings.trick_hold == 0.0 and Settings.load().trick_hold == 0.0
    app.pop()
    scene = start_local(table, "manille", humans=0, bots=("KADO",) * 4)     # bots alone: tricks go by
    assert table.until(lambda: scene.trick_kept, limit=20000)
    court = list(scene.board.court)
    assert len(court) == 4
    table.frames(400)                                  # seconds go by: the trick stays, and says why
    assert scene.trick_kept and scene.board.court == court
    assert any(n == "prompt" for n, _r in scene.drawn)
    table.post(pygame.MOUSEBUTTONDOWN, pos=(640, 300), button=4)     # the wheel scrolls, it gathers nothing
    table.frames(2)
    assert scene.trick_kept
    table.key(pygame.K_SPACE)
    assert not scene.trick_kept
    assert table.until(lambda: not scene.board.court or scene.board.court != court, limit=2000)
    # news on the band gives way to the kept trick's words (a forced card's "went to the trick")
    assert table.until(lambda: scene.trick_kept, limit=20000)
    scene.trick_kept = False
    scene.say("Your only playable card, 7♣, went to the trick", notice=True)
    scene.trick_pause()
    assert scene.trick_kept and scene.message is None
    assert scene.trick_news == "Your only playable card, 7♣, went to the trick"      # under the kept trick's words
    scene.trick_kept = False
    # the director cleared (a LAN screen laid out anew after a dropped line): no click awaited
    assert table.until(lambda: scene.trick_kept, limit=20000)
    scene.director.clear()
    assert not scene.trick_kept
    # a LAN table never waits for one screen's clicks: its bots (and so everyone) would
    scene.link.lan = True
    pause = scene.trick_pause()
    assert not scene.trick_kept and type(pause).__name__ in ("Wait", "Hold")      # a while, cut short by a lead


def test_the_window_opens_as_it_was_last_closed(table, manfee_home, monkeypatch):
    """A 1280x800 laptop's player resized the window at every start: its size is kept at the
    end and asked for at the next, as far as the screen holds it."""
    from table.app import App
    from table.config import Settings
    app = table.app
    app._resized((1100, 700))
    app.keep_window()
    assert Settings.load().window == [1100, 700]
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    again = App(Settings.load(), fullscreen=False, quiet_sound=True)
    assert again.size == (1100, 700)
    # closed at 1280x760 on a 1280x800 screen: it fitted, so it opens so (not cut to 720)
    again._resized((1280, 760))
    again.keep_window()
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 800)])
    assert App(Settings.load(), fullscreen=False, quiet_sound=True).size == (1280, 760)
    # a second window of the game changed a setting meanwhile: closing this one keeps it
    other = Settings.load()
    other.muted = not again.settings.muted
    assert other.save() is None
    again._resized((1200, 740))
    again.keep_window()
    assert Settings.load().window == [1200, 740] and Settings.load().muted == other.muted
    # a resize by hand is kept a moment after the dragging stops, not only at a clean quit
    table.post(pygame.VIDEORESIZE, size=(1150, 720), w=1150, h=720)
    table.frames(1)
    assert app._keep_window_at is not None and Settings.load().window == [1200, 740]
    app._keep_window_at = 0.0                       # the moment has passed
    table.frames(1)
    assert Settings.load().window == [1150, 720] and app._keep_window_at is None
    # a damaged size in the file: one line, and 1280x720 again
    with open(os.path.join(str(manfee_home), "settings.json"), "w") as f:
        json.dump({"version": 1, "window": [1100, "tall"]}, f)
    kept = Settings.load()
    assert kept.window == [] and len(kept.problems) == 1 and "window" in kept.problems[0]


def test_a_button_that_comes_in_later_in_a_deal_leaves_the_others_where_they_were(table, monkeypatch):
    """Manni: "Hand I gave away" came after the swap; the last trick's button came in
    inside it at the first trick's end and moved it from under a player's pointer."""
    scene = start_local(table, "manni", {}, humans=1, bots=("KADO",) * 2, seed=2)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=6000)
    state = {"now": (True, False, True)}
    monkeypatch.setattr(scene, "fixed_state", lambda: state["now"])
    scene._show_fixed()
    assert scene.buttons["passed"].visible and not scene.buttons["last"].visible
    before = {n: b.rect.copy() for n, b in scene.buttons.items() if b.visible}
    state["now"] = (True, True, True)                  # the first trick is over
    scene._show_fixed()
    assert scene.buttons["last"].visible
    assert all(scene.buttons[n].rect == r for n, r in before.items()), before


def test_hot_seat_names_follow_the_people_to_another_game(table, manfee_home):
    """A family played Manni, three at one laptop, then Manille muette: only the first name
    came back, the others had to be typed again."""
    app = table.app
    new = new_game_of_people(table, "manni", 3)
    for seat, name in (("bottom", "Hélène"), ("left", "François"), ("right", "Zoé")):
        new.form.entries[f"name:{seat}"].set_text(name)
    table.click(new.buttons["start"].rect.center)
    assert app.top.link.players()["left"]["name"] == "François"
    again = new_game_of_people(table, "manille-muette", 2)
    names = {s: e.get_text() for s, e in again.form.entries.items()}
    assert names == {"name:bottom": "Hélène", "name:left": "François"}, names


def test_the_rules_keep_an_order_on_one_line_and_widen_on_a_tall_screen(table):
    """At 3440x1440 the rules were a 980 px strip of 20 px letters, and Manille's order
    "10 A K Q J 9 8 7" broke before its 7."""
    from table.quickref import _words
    from table.scenes import open_scene
    # the order is one word of the line breaker; a long bold sentence still breaks at its spaces
    assert ("10 A K Q J 9 8 7", True, False) in _words("the order is **10 A K Q J 9 8 7** — the ten")
    assert ("said", True, False) in _words("**a bold sentence said at length, too long to keep**")
    app = table.app
    scene = open_scene("rules", app, game="manille")
    app.push(scene)
    sizes = {}
    for size in [(1280, 720), (3440, 1440)]:
        app._resized(size)
        table.frames(1)
        sizes[size] = (scene.frame().width, scene.base_size())
    assert sizes[(1280, 720)] == (980, 19)
    assert sizes[(3440, 1440)][0] > 1200 and sizes[(3440, 1440)][1] > 20, sizes
    app._resized((1280, 720))


def test_the_rules_open_tab_does_not_look_like_the_keyboards_focus(table):
    """The open game's tab was gold, as the button the keyboard's Tab focuses (Back): two
    buttons read "selected".  The open tab is the page's own, dark with gold words, the rule
    under the tabs open beneath it; Back in focus alone is filled gold."""
    from table.scenes import open_scene
    app = table.app
    app._resized((1280, 720))
    scene = open_scene("rules", app, game="manille")
    app.push(scene)
    table.frames(2)
    table.key(pygame.K_TAB)
    table.frames(2)
    tab, back = scene.buttons["tab:manille"].rect, scene.buttons["back"].rect

    def fill(r):        # the button's own colour, inside its border, left of its words
        return app.screen.get_at((r.x + 8, r.centery))[:3]
    gold = fill(back)
    assert gold[0] > 150 and gold[2] < 60                            # Back in focus: gold
    assert sum(abs(a - b) for a, b in zip(fill(tab), gold)) > 200      # the open tab: not
    other = scene.buttons["tab:manni"].rect
    assert fill(tab) != fill(other)                                  # and not as the others
    rule_y = tab.bottom + 7
    assert app.screen.get_at((tab.centerx, rule_y))[:3] != app.screen.get_at((other.centerx, rule_y))[:3]
    app.pop()
