"""Settings, autosave, resume and replays: files that come and go between runs."""
import json
import os
import warnings

import pygame
import pytest

from host.saves import list_saves
from rules.store import load_record, save_record
from table.config import Settings, home_dir
from table.table_scene import TableScene
from table_helpers import bot_record, record


# -- settings ------------------------------------------------------------------------------

def test_settings_live_in_manfee_home_and_round_trip(manfee_home):
    assert home_dir() == str(manfee_home)
    s = Settings.load()
    assert s.problems == [] and s.volume == 0.7
    s.volume, s.muted, s.anim_speed, s.four_colour = 0.3, True, 2.5, True
    assert s.save() is None
    t = Settings.load()
    assert (t.volume, t.muted, t.anim_speed, t.four_colour) == (0.3, True, 2.5, True)


def test_each_worker_of_the_suite_has_a_game_folder_of_its_own():
    """The suite runs on every core (pytest-xdist): two workers' headless hosts wrote
    their default saves into one throwaway folder."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None or os.environ.get("MANFEE_TESTS_HOME") is None:
        pytest.skip("a run on one core, or a MANFEE_HOME the person chose")
    assert os.path.basename(os.environ["MANFEE_HOME"]) == worker
    assert os.path.dirname(os.environ["MANFEE_HOME"]) == os.environ["MANFEE_TESTS_HOME"]
    assert os.path.isdir(os.environ["MANFEE_HOME"])


def test_a_mute_for_this_run_is_never_saved_but_a_change_in_settings_is(manfee_home):
    s = Settings.load()
    s.for_this_run("muted", True)            # game.py --mute
    s.language = "nl"                       # a later save, for another reason
    assert s.muted and s.save() is None
    t = Settings.load()
    assert (t.muted, t.language) == (False, "nl")
    t.for_this_run("muted", True)
    t.muted = False                         # the player turns the sound on in Settings
    t.volume = 0.2
    t.save()
    assert Settings.load().muted is False and Settings.load().volume == 0.2
    u = Settings.load()
    u.muted = True
    u.save()                                # a real mute, chosen in Settings, is kept
    v = Settings.load()
    v.for_this_run("muted", True)
    v.save()
    assert Settings.load().muted is True


def test_a_kept_table_keeps_only_what_its_game_still_declares(manfee_home):
    """A table in settings.json that a newer or older version wrote, or a hand edited: New
    game takes the options, people, names and bots that fit, and defaults for the rest."""
    from table.new_game import table_for
    (manfee_home / "settings.json").write_text(
        '{"version": 1, "tables": {"manille": {"options": {"target": 0, "peek": true, "zzz": 1},'
        ' "humans": 4, "bots": {"top": "NOBODY", "left": "SADA"}, "names": {"left": "' + "x" * 99 + '"},'
        ' "extra": 1}}}')
    s = Settings.load()
    assert s.problems == []
    t = table_for("manille", s.tables["manille"])
    assert t["options"] == {} and t["humans"] == 4 and t["bots"] == {} and t["names"] == {}
    t = table_for("manille", dict(s.tables["manille"], humans=2))
    assert t["bots"] == {} and t["humans"] == 2        # left is a person's seat now, top no character
    assert table_for("manille", {"humans": 1, "bots": {"left": "SADA"}})["bots"] == {"left": "SADA"}

def test_config_folder_follows_xdg_without_manfee_home(monkeypatch, tmp_path):
    monkeypatch.delenv("MANFEE_HOME", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert home_dir() == str(tmp_path / "manfee")
    monkeypatch.delenv("XDG_CONFIG_HOME")
    assert home_dir().endswith(os.path.join(".config", "manfee"))


@pytest.mark.parametrize("content, expect", [
    (b"{not json", "could not be read"),
    (b"\xff\xfe\x00garbage", "could not be read"),
    (b"[1, 2, 3]", "not a settings file"),
    (b'{"version": 0, "volume": 0.5}', "another version"),
    (b'{"version": 1, "volume": "loud", "anim_speed": -3, "muted": 1}', "volume must be"),
    (b'{"version": 1, "tables": {"manni": [1, 2]}}', "tables must be"),
])
def test_a_broken_settings_file_falls_back_to_defaults_with_a_message(manfee_home, content, expect):
    (manfee_home / "settings.json").write_bytes(content)
    s = Settings.load()
    assert any(expect in p for p in s.problems)
    assert 0.0 <= s.volume <= 1.0 and s.anim_speed > 0 and isinstance(s.muted, bool)
    # a file that cannot be read at all is kept aside, not written over by the next save
    aside = list(manfee_home.glob("settings.json.damaged-*"))
    if expect in ("could not be read", "not a settings file"):
        assert [a.read_bytes() for a in aside] == [content] and "kept as settings.json.damaged-" in s.problems[0]
        s.save()
        assert aside[0].read_bytes() == content
    else:
        assert aside == []


def test_the_menu_shows_settings_problems_instead_of_crashing(manfee_home):
    (manfee_home / "settings.json").write_text("{oops")
    from table.app import App
    from table.menus import MainMenu
    app = App(Settings.load(), quiet_sound=True)
    menu = MainMenu(app)
    app.reset(menu)
    app.step(1 / 60)
    assert any("settings.json" in n for n in menu.notes)
    # the notes sit in a panel of their own, clear of the buttons (at the window's foot
    # a note hid behind Quit at 1024 x 600)
    for size in ((1024, 600), (1920, 1080)):
        app._resized(size)
        menu.notes.append("The table closed: Ana closed the table because it was late for everyone there")
        menu.draw(app.screen)
        r = menu.notes_rect
        assert app.screen.get_rect().contains(r)
        assert not any(r.colliderect(b.rect) for b in menu.buttons.values())
    app.reset(MainMenu(app))


# -- autosave, damaged files, resume ----------------------------------------------------------

def test_damaged_and_foreign_files_are_reported_by_name_and_left_untouched(table, manfee_home):
    folder = manfee_home / "saves"
    folder.mkdir()
    files = {"broken.json": b'{"game": "manfee", "deals": [', "photo.png": b"\x89PNG\r\n\x1a\n....",
             "other.json": b'{"game": "chess"}', "empty.json": b""}
    for name, data in files.items():
        (folder / name).write_bytes(data)
    entries = {e["name"]: e for e in list_saves(str(folder))}
    for name in files:
        assert not entries[name]["ok"]
        assert entries[name]["reason"].startswith(name + ":")
    from table.menus import MainMenu
    from table.replay_list import ReplaysScene
    menu = MainMenu(table.app)
    table.app.reset(menu)
    table.frames(2)
    assert any("could not be read" in n for n in menu.notes)
    table.app.push(ReplaysScene(table.app))
    table.frames(2)
    for name, data in files.items():
        assert (folder / name).read_bytes() == data


def test_a_damaged_save_is_named_in_plain_words_fits_its_row_and_may_be_deleted(table, manfee_home):
    """A save cut short read "not JSON: Expecting value: line 1 column 1171 (char 1170)", its
    row stopped mid-word at the list's edge, and nothing could remove it: the main menu spoke
    of it at every start."""
    from table.replay_list import ReplaysScene
    from table.theme import font_spec, text_width
    folder = manfee_home / "saves"
    folder.mkdir()
    whole = json.dumps(bot_record("manfee", {"target": 52}, seed=6, finished=False, steps=30)).encode()
    files = {"manfee-20261206-071500-123456.json": whole[:len(whole) // 2],       # cut short
             "garbled.json": bytes(range(0x80, 0xff)), "chess.json": b'{"game": "chess"}',
             "a-copy-of-my-match-from-the-old-laptop-" * 5 + ".json": b"{"}
    for name, data in files.items():
        (folder / name).write_bytes(data)
    app = table.app
    app._resized((1024, 600))
    replays = ReplaysScene(app)
    app.push(replays)
    table.frames(2)
    size, _bold = font_spec("selection_list.@selection_list_item")
    labels = {e["name"]: replays.label(e) for e in replays.entries}
    for label in labels.values():
        assert text_width(label, size, False) <= replays.row_room(), label
        assert "JSON" not in label and "Expecting" not in label and "codec" not in label, label
    assert labels["garbled.json"].endswith("garbled.json: damaged: cut short or garbled")
    assert labels["chess.json"].endswith("chess.json: not a match this game can replay")
    assert labels["manfee-20261206-071500-123456.json"].endswith(": damaged: cut short or garbled")
    long = labels["a-copy-of-my-match-from-the-old-laptop-" * 5 + ".json"]      # cut short, its end kept
    assert "…" in long and long.endswith("laptop-.json: damaged: cut short or garbled")
    warnings.simplefilter("error")            # the note too: "Label Rect is too small for text" at a long name
    table.click(replays.list.item_list_container.elements[-1].rect.center)
    table.frames(2)
    assert replays.selected in labels.values() and "Delete removes it" in replays.note.text
    replays.selected = labels["garbled.json"]
    replays._enable()
    assert replays.buttons["delete"].is_enabled and not replays.buttons["watch"].is_enabled
    table.click(replays.buttons["delete"].rect.center)
    assert "The game cannot open it" in replays.note.text and (folder / "garbled.json").exists()
    table.click(replays.buttons["delete"].rect.center)
    assert not (folder / "garbled.json").exists()
    assert "garbled.json" not in [e["name"] for e in replays.entries] and len(replays.entries) == 3


def test_resume_continues_exactly_where_it_stopped(table, manfee_home):
    app = table.app
    saved = bot_record("manfee", {"target": 52}, seed=6, finished=False,
                       until=lambda mh: mh.match.in_deal and mh.view("bottom")["phase"] == "play"
                       and mh.whose_turn() == "bottom")
    path = str(manfee_home / "saves" / "manfee-crashed.json")
    save_record(path, saved)                          # the "crash": nothing else is written
    from table.menus import MainMenu
    menu = MainMenu(app)
    app.reset(menu)
    table.frames(1)
    assert menu.resumable and menu.resumable[0]["path"] == path
    # the keyboard starts on Resume, drawn so (back from a match, no line showed the focus)
    assert menu.focus == "resume" and menu.buttons["resume"].is_selected
    table.key(pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, TableScene)
    assert record(scene)["deals"] == saved["deals"]
    v = scene.link.view("bottom")
    assert sorted(scene.board.hands["bottom"]) == sorted(v["hand"])
    assert [len(scene.board.hands[x]) for x in scene.seats] == [v["counts"][x] for x in scene.seats]
    # the deal's calls and the dealer's accept or pass are in the log again (it came back empty)
    said = [{k: a[k] for k in a if k != "seat"} for a in saved["deals"][-1]["actions"] if "play" not in a]
    assert [act for _seat, act in scene.log] == said and len(said) == 4
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=600)
    before = len(saved["deals"][-1]["actions"])
    table.key(pygame.K_RIGHT)
    table.key(pygame.K_RETURN)
    assert table.until(lambda: len(load_record(path)[0]["deals"][-1]["actions"]) > before, limit=600)
    kept, _match = load_record(path)
    assert kept["deals"][-1]["actions"][:before] == saved["deals"][-1]["actions"]
    assert kept["deals"][-1]["actions"][before]["seat"] == "bottom"


def test_a_match_that_ended_unseen_resumes_to_its_last_summary_and_results(table, manfee_home):
    """The game stopped (a crash, a flat battery) on a match's last deal: the match was saved
    finished, Resume skipped it and its last summary and results were never shown.  Resume
    shows them now, once; a finished save without the mark (seen, or older) is not offered."""
    from table.menus import MainMenu
    from table.results import ResultsScene
    app = table.app
    done = bot_record("manni", {"target": 3}, seed=6)
    done["players"]["bottom"] = {"kind": "human", "name": "You"}
    seen = bot_record("manni", {"target": 3}, seed=7)          # another match: another row
    seen["players"]["bottom"] = {"kind": "human", "name": "You"}
    save_record(str(manfee_home / "saves" / "manni-seen.json"), seen)
    path = str(manfee_home / "saves" / "manni-crashed.json")
    save_record(path, dict(done, end_unseen=True))
    from table.replay_list import ReplaysScene
    replays = ReplaysScene(app)                       # Replays offers it too, beside Watch
    app.push(replays)
    table.frames(2)
    for name, resumes in (("manni-crashed.json", True), ("manni-seen.json", False)):
        replays.selected = replays.label(next(e for e in replays.entries if e["name"] == name))
        replays._enable()
        assert replays.buttons["resume"].is_enabled == resumes and replays.buttons["watch"].is_enabled
    menu = MainMenu(app)
    app.reset(menu)
    table.frames(1)
    assert [e["path"] for e in menu.resumable] == [path] and menu.focus == "resume"
    table.key(pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, TableScene)
    assert table.until(lambda: scene.summary_open and "next" in scene.buttons, limit=600)
    assert scene.buttons["next"].text == "See result"
    table.click_button("next")
    assert table.until(lambda: isinstance(app.top, ResultsScene), limit=600)
    assert table.until(lambda: "end_unseen" not in load_record(path)[0], limit=600)
    menu = MainMenu(app)
    app.reset(menu)
    table.frames(1)
    assert menu.resumable == []


def test_a_match_ending_at_the_table_is_saved_unseen_until_its_results_show(table, manfee_home):
    """The last action's save marks the match's end unseen; the results shown, the mark goes."""
    from host.local import resume_local
    from table.results import ResultsScene
    from table.scenes import open_scene
    full = bot_record("manni", {"target": 3}, seed=6)
    last = sum(len(d["actions"]) for d in full["deals"])
    rec = bot_record("manni", {"target": 3}, seed=6, steps=last - 1)
    rec["players"] = full["players"]                    # bots all round: they play the last card
    path = str(manfee_home / "saves" / "manni-last.json")
    save_record(path, rec)
    scene = open_scene("table", table.app, link=resume_local(path, wake=table.app.wake))
    table.app.push(scene)
    assert table.until(lambda: load_record(path)[1].finished, limit=3000)
    assert load_record(path)[0]["end_unseen"] is True
    assert [e["end_unseen"] for e in list_saves(str(manfee_home / "saves"))] == [True]
    assert table.until(lambda: isinstance(table.app.top, ResultsScene), limit=20000)
    assert table.until(lambda: "end_unseen" not in load_record(path)[0], limit=600)


def test_only_a_table_of_this_machine_marks_its_end_unseen():
    """A LAN table resumes unfinished only (Host on the local network): its save would keep
    the mark for good (a headless host has no screen to clear it)."""
    from host.seats import from_players
    from host.table_host import TableHost
    from rules.host import MatchHost
    rec = bot_record("manni", {"target": 3}, seed=6)
    mh = MatchHost.from_record(rec)
    assert TableHost(mh, from_players(mh.game, rec["players"])).record()["end_unseen"] is True
    assert "end_unseen" not in TableHost(mh, from_players(mh.game, rec["players"]), lan=True).record()


def test_a_match_open_at_one_table_is_not_resumed_at_another(table, manfee_home):
    """Two copies of the game on one saves folder both resumed a match and each wrote its
    own moves over the other's: the table holding it keeps it until it closes."""
    import time
    from host.local import new_host, resume_local
    from host.seats import seat_plan
    from rules import RulesError
    from rules.games import get_game
    from table.menus import MainMenu
    saved = bot_record("manni", {}, seed=6, finished=False, until=lambda mh: mh.match.in_deal)
    path = str(manfee_home / "saves" / "manni-open.json")
    save_record(path, saved)
    first = resume_local(path)
    with pytest.raises(RulesError) as refused:
        resume_local(path)
    assert refused.value.code == "match_open"
    assert [e["name"] for e in list_saves(str(manfee_home / "saves"))] == ["manni-open.json"]   # no lock listed
    menu = MainMenu(table.app)
    table.app.reset(menu)
    table.frames(1)
    table.click(menu.buttons["resume"].rect.center)
    assert table.app.top is menu and "That match is open in another window of the game." in menu.notes
    first.close()
    end = time.monotonic() + 10
    while True:                                      # the first table lets go once it has closed
        try:
            resume_local(path).close()
            break
        except RulesError:
            assert time.monotonic() < end
            time.sleep(0.05)
    # two new matches of one seed in one second get two files
    g = get_game("manni")
    paths = {new_host(g, seat_plan(g, 0, ["KADO"] * 3, None, {}), None, 7, str(manfee_home / "saves")).save_path
             for _ in range(2)}
    assert len(paths) == 2

def test_a_replay_plays_a_finished_match_back(table, manfee_home):
    rec = bot_record("manfee", {"target": 13}, seed=8)
    save_record(str(manfee_home / "saves" / "manfee-done.json"), rec)
    from rules.record import read_match
    from table.replay_list import ReplaysScene
    from table.replays import ReplayScene
    from table.menus import MainMenu
    app = table.app
    app.reset(MainMenu(app))
    replays = ReplaysScene(app)
    app.push(replays)
    table.frames(2)
    entry = next(e for e in replays.entries if e["finished"])
    replays.selected = replays.label(entry)
    replays._enable()
    table.click(replays.buttons["watch"].rect.center)
    scene = app.top
    assert isinstance(scene, ReplayScene)
    # Step: one action per click.
    assert table.until(lambda: scene.link.deal_i == 0 and not scene.director.busy(), limit=600)
    table.click(scene.buttons["step"].rect.center)
    table.frames(3)
    assert scene.link.action_i == 1
    assert all(len(scene.board.hands[x]) == 13 for x in scene.seats)
    assert all(scene.board.sprites[k].face_up for x in scene.seats for k in scene.board.hands[x])
    # Step back (←): the table one action back, as it stood (there was no way back)
    for _ in range(5):
        table.key(pygame.K_RIGHT)
        assert table.until(lambda: not scene.director.busy() and not scene.link.steps, limit=600)
    assert scene.link.action_i == 6
    history = scene.link.view()["history"]
    table.key(pygame.K_LEFT)
    scene = app.top
    assert isinstance(scene, ReplayScene) and (scene.link.deal_i, scene.link.action_i) == (0, 5)
    table.frames(3)
    assert scene.shown["history"] == history[:5] and scene.link.view()["history"] == history[:5]
    assert all(scene.board.sprites[k].face_up for x in scene.seats for k in scene.board.hands[x])
    # the side hands stand as they did going forward: upright, not turned as backs lie
    assert all(scene.board.sprites[k].angle == 0 for x in ("left", "right") for k in scene.board.hands[x])
    # standing still at a bot's turn, no "thinking" dots under its plate
    scene.idle_since = 0.0
    assert scene.shown.get("turn") and scene.link.kind(scene.shown["turn"]) == "bot"
    assert scene.thinking_seat() is None
    table.click(scene.buttons["step_back"].rect.center)
    scene = app.top
    assert scene.link.action_i == 4 and len(scene.board.court) == len(scene.link.view()["trick"])
    # three presses that piled up while the table was laid out: one step back of three, laid
    # out once (fifty kept a loaded machine busy a minute)
    made = []
    import table.replays as replays_module
    real_open = replays_module.open_scene
    replays_module.open_scene = lambda *a, **k: (made.append(a[0]), real_open(*a, **k))[1]
    try:
        for _ in range(3):
            table.post(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)
        table.frames(2)
    finally:
        replays_module.open_scene = real_open
    scene = app.top
    assert scene.link.action_i == 1 and made == ["replay"]
    table.key(pygame.K_a)                     # A: plays on by itself, A again: pauses
    assert scene.link.auto and scene.buttons["auto"].text == "Pause"
    table.key(pygame.K_a)
    assert not scene.link.auto
    scene.open_menu()                         # a replay saves nothing: its pause menu does not say "saved"
    table.frames(1)
    assert [b.text for b in app.top.buttons.values()][-2:] == ["Main menu", "Quit"]
    table.key(pygame.K_ESCAPE)
    assert app.top is scene
    table.click(scene.buttons["auto"].rect.center)
    assert table.until(lambda: scene.results_shown, limit=20000)
    assert scene.link.mh.match.totals == read_match(rec)[0].totals


def test_replays_list_finished_matches_first_filter_by_game_and_delete_after_asking(table, manfee_home):
    from table.replay_list import ReplaysScene
    done = bot_record("manni", {"target": 2}, seed=1)
    unfinished = bot_record("manille", {}, seed=2, finished=False, steps=5)
    folder = manfee_home / "saves"
    save_record(str(folder / "manni-done.json"), done)
    save_record(str(folder / "manille-left.json"), unfinished)
    os.utime(folder / "manni-done.json", (1, 1))                 # the older one, and still listed first
    app = table.app
    replays = ReplaysScene(app)
    app.push(replays)
    table.frames(2)
    assert [e["name"] for e in replays.entries] == ["manni-done.json", "manille-left.json"]
    assert "Manni" in replays.label(replays.entries[0]) and "won by" in replays.label(replays.entries[0])
    replays.game = "manille"
    replays.rebuild_ui()
    assert [e["name"] for e in replays.shown()] == ["manille-left.json"]
    replays.selected = replays.label(replays.shown()[0])
    replays._enable()
    assert replays.buttons["delete"].is_enabled and not replays.buttons["watch"].is_enabled
    table.click(replays.buttons["delete"].rect.center)
    assert (folder / "manille-left.json").exists()                  # it asks first, on the screen itself
    assert replays.buttons["delete"].text == "Press again" and "cannot be resumed" in replays.note.text
    table.key(pygame.K_ESCAPE)                                      # Escape takes the question back
    assert app.top is replays and replays.buttons["delete"].text == "Delete"
    table.click(replays.buttons["delete"].rect.center)
    table.click(replays.buttons["delete"].rect.center)
    assert not (folder / "manille-left.json").exists() and (folder / "manni-done.json").exists()
    assert [e["name"] for e in replays.entries] == ["manni-done.json"]
    # a finished match too (a Dutch player found Delete greyed out): the statistics keep its figures
    replays.game = None
    replays.rebuild_ui()
    replays.selected = replays.label(replays.shown()[0])
    replays._enable()
    assert replays.buttons["delete"].is_enabled
    table.click(replays.buttons["delete"].rect.center)
    assert "statistics keep" in replays.note.text and (folder / "manni-done.json").exists()
    table.click(replays.buttons["delete"].rect.center)
    assert not (folder / "manni-done.json").exists() and replays.entries == []


def test_the_replays_note_and_press_again_fit_in_french(table, manfee_home):
    """"…seule une donne dont toutes les cartes ont été jouées peut l'ê": a note set after the
    screen was built kept its font and ran past its end; "Appuyez encore" past its button."""
    from table.replay_list import ReplaysScene
    from table.theme import apply_language
    save_record(str(manfee_home / "saves" / "left.json"), bot_record("manille", {}, seed=2, finished=False, steps=5))
    app = table.app
    apply_language(app.ui, "fr")
    try:
        app._resized((1024, 600))
        replays = ReplaysScene(app)
        app.push(replays)
        table.frames(2)
        table.click(replays.buttons["delete"].rect.center)
        table.frames(2)
        delete, note = replays.buttons["delete"], replays.note
        assert delete.text == "Appuyez encore" and "reprise" in note.text
        for widget in (delete, note):
            assert widget.font.size(widget.text)[0] <= widget.rect.width - 8, (widget.text, widget.rect)
        table.key(pygame.K_ESCAPE)              # taken back: Delete in its row's font again
        watch = replays.buttons["watch"]
        assert delete.text == "Supprimer" and delete.font.size("Ag")[1] == watch.font.size("Ag")[1]
        from table.i18n import _
        hidden = _("No deal here to review: with several people at the table, only a deal played to its last card can be reviewed.")
        replays.relabel(note, hidden)          # (the note a shared screen's finished match shows)
        assert note.text == hidden and note.font.size(hidden)[0] <= note.rect.width
    finally:
        apply_language(app.ui, "en")


def test_a_replay_row_with_long_names_gives_way_in_the_names_and_keeps_the_rest(table, manfee_home):
    from table.replay_list import ReplaysScene
    from table.theme import font_spec, text_width
    rec = bot_record("manfee", {"target": 13}, seed=8)
    long = "Maximiliaan-Alexander Vandenbro"
    rec["players"] = {s: {"kind": "human", "name": f"{long}{i}"} for i, s in enumerate(rec["players"])}
    path = manfee_home / "saves" / "long.json"
    save_record(str(path), rec)
    os.utime(path, (1, 1))                                  # played long ago: the row says the year
    table.app._resized((1024, 600))
    replays = ReplaysScene(table.app)
    table.app.push(replays)
    table.frames(2)
    row = replays.label(replays.entries[0])
    size, _bold = font_spec("selection_list.@selection_list_item")
    n = len(rec["deals"])
    assert "…" in row and row.endswith(f"({n} deal{'s' * (n != 1)})") and " 1970 " in row
    assert text_width(row, size, False) <= replays.row_room()
    assert row in [item["text"] for item in replays.list.item_list]       # the list shows the very row


def test_a_name_as_long_as_a_field_takes_is_kept_and_read_back(manfee_home):
    """New game takes 32 letters: Settings kept them, then refused them at the next start
    (they allowed 24), and the player's statistics split under "You"."""
    long = "Maximiliaan-Alexander Vandenbro" + "s"
    assert len(long) == 32
    Settings(player_name=long).save()
    back = Settings.load()
    assert back.player_name == long and back.problems == []


def test_a_replay_is_chosen_and_watched_from_the_keyboard(table, manfee_home):
    from table.replay_list import ReplaysScene
    from table.replays import ReplayScene
    for k in range(2):
        save_record(str(manfee_home / "saves" / f"m{k}.json"), bot_record("manfee", {"target": 13}, seed=8 + k))
    replays = ReplaysScene(table.app)
    table.app.push(replays)
    table.frames(2)
    # the newest match is chosen at once (every row looked chosen, and Watch stayed grey)
    assert replays.selected == replays.label(replays.shown()[0]) and replays.buttons["watch"].is_enabled
    assert [i["selected"] for i in replays.list.item_list] == [True, False]
    table.click(replays.list.item_list[0]["button_element"].rect.center)     # a click on the chosen row
    table.frames(2)
    assert [i["selected"] for i in replays.list.item_list] == [True, False] and replays.buttons["watch"].is_enabled
    table.click(replays.list.item_list[1]["button_element"].rect.center)     # on another: that one, shown so
    table.frames(2)
    assert [i["selected"] for i in replays.list.item_list] == [False, True]
    assert replays.selected == replays.label(replays.shown()[1])
    table.click(replays.list.item_list[0]["button_element"].rect.center)
    table.frames(2)
    assert [i["selected"] for i in replays.list.item_list] == [True, False]
    assert replays.selected == replays.label(replays.shown()[0])
    table.key(pygame.K_UP)
    assert replays.selected == replays.label(replays.shown()[0])
    table.key(pygame.K_DOWN)
    assert replays.selected == replays.label(replays.shown()[1])
    assert [i["selected"] for i in replays.list.item_list] == [False, True]
    table.key(pygame.K_TAB)
    assert replays.focus == "watch"                 # the match chosen, then Watch (not the game filter)
    table.key(pygame.K_RETURN)
    assert isinstance(table.app.top, ReplayScene)
    table.frames(2)
    table.key(pygame.K_BACKSPACE)                   # back to the list without the mouse
    assert isinstance(table.app.top, ReplaysScene)
    table.frames(2)
    table.key(pygame.K_TAB)
    table.key(pygame.K_RETURN)
    scene = table.app.top
    assert isinstance(scene, ReplayScene)
    table.frames(2)
    scene.open_summary({"deal": 0, "outcome": "complete", "score": {}})
    table.key(pygame.K_BACKSPACE)                   # a deal's summary open (the replay's end): still back
    assert isinstance(table.app.top, ReplaysScene)


def test_a_dari_name_in_an_english_replays_list_is_shaped_and_drawn_in_the_arabic_font(table, manfee_home):
    from table.replay_list import ReplaysScene
    from table.shaping import for_ltr_widget
    rec = bot_record("manfee", {"target": 13}, seed=8)
    rec["players"] = dict(rec["players"], top={"kind": "human", "name": "احمد ظاهر"})   # "… & احمد ظاهر: 0"
    save_record(str(manfee_home / "saves" / "dari.json"), rec)
    replays = ReplaysScene(table.app)
    table.app.push(replays)
    table.frames(2)
    row = replays.label(replays.entries[0])
    item = replays.list.item_list[0]
    assert "احمد ظاهر" in row and item["text"] == for_ltr_widget(row) != row
    assert not any("\u0600" <= c <= "\u06ff" for c in item["text"])      # every letter in its joined form
    button = item["button_element"]
    assert button is not None and "#arabic_item" in button.object_ids
    shaped = [c for c in item["text"] if c > "\ufb00"]
    tofu = button.font.get_metrics("\U000f0000")[0]                    # what a missing letter draws: a box
    assert shaped and all(button.font.get_metrics(c)[0] != tofu for c in shaped)
    table.key(pygame.K_DOWN)
    assert replays.selected == row and replays.buttons["watch"].is_enabled      # chosen: its own row
    # The name is a unit: its score follows it ("لیلا: 0"), not on its far side ("0 :لیلا")
    name = for_ltr_widget("احمد ظاهر")
    assert item["text"].replace("\u2066", "").replace("\u2069", "").split(name, 1)[1].startswith(":")


def test_latin_names_in_a_dari_replays_row_read_in_their_order(table, manfee_home):
    import re
    from table.replay_list import ReplaysScene
    from table.text import visual_runs
    from table.theme import apply_language
    apply_language(table.app.ui, "fa")
    rec = bot_record("manfee", {"target": 13}, seed=8)
    rec["players"] = {s: {"kind": "human", "name": n} for s, n in zip(rec["players"], ("Ana", "Bo", "Cy", "Di"))}
    save_record(str(manfee_home / "saves" / "latin.json"), rec)
    replays = ReplaysScene(table.app)
    table.app.push(replays)
    table.frames(2)
    row = replays.label(replays.entries[0])
    logical = re.findall(r"[A-Za-z]+", row)
    # The row as drawn, from the left; read from the right, the names come in the row's own
    # order ("Ana و Cy: ۱۳ – Bo و Di: ۰"): two names with only a score or spaces between them
    # were taken as one Latin phrase, and read "Ana و Ana  Cy و Bo".
    seen = "".join(run[::-1] if rtl else run for run, rtl in visual_runs(row, rtl=True))
    assert len(logical) == 6 and re.findall(r"[A-Za-z]+", seen)[::-1] == logical


def test_a_step_back_over_a_deals_start_stands_at_the_last_deals_end_with_its_scores():
    """Back from a deal's first action: the end of the deal before, its score still in the
    history the scores panel reads (a step back starts the record anew, silently)."""
    from host.replay import ReplayLink
    rec = bot_record("manni", {"target": 5}, seed=3)
    link = ReplayLink(rec)
    link.steps = 10 ** 6
    while link.deal_i < 1:
        link.shown(10 ** 9)
        link.poll()
    assert (link.deal_i, link.action_i) == (1, 0) and len(link.summaries()) == 1
    back = link.one_back()
    msgs = back.poll()
    assert [m["type"] for m in msgs] == ["welcome"] and back.summaries() == link.summaries()
    assert back.deal_i == 0 and back.action_i == len(rec["deals"][0]["actions"])
    assert msgs[0]["view"]["phase"] == "done"
    again = back.one_back()
    again.poll()
    assert (again.deal_i, again.action_i) == (0, back.action_i - 1) and again.summaries() == []


def test_what_the_settings_file_lost_is_said_in_the_players_language(manfee_home):
    """The file is read before the language is known: a French menu read "settings.json is
    from another version (None); kept what still fits" in English."""
    from table import i18n
    from table.config import settings_notes
    (manfee_home / "settings.json").write_text('{"volume": 7, "language": "fr"}')
    s = Settings.load()
    assert s.language == "fr" and s.volume == 0.7 and len(s.problems) == 2
    assert "another version (null)" in s.problems[0] and "volume must be a number from 0 to 1" in s.problems[1]
    i18n.set_language("fr")
    try:
        notes = settings_notes(s.problems)
        assert notes[0] == "settings.json vient d'une autre version (null) ; ce qui convient encore est conservé"
        assert notes[1] == "settings.json : volume doit être un nombre de 0 à 1, pas 7 ; 0.7 est utilisé"
        i18n.set_language("fa")
        assert "عددی از ۰ تا ۱" in settings_notes(s.problems)[1]       # the numbers in Dari digits
    finally:
        i18n.set_language("en")


def test_a_replay_of_people_sharing_a_screen_keeps_hidden_what_the_deal_kept_hidden(table):
    """A family's Manfee deal went over with cards in hand: the review refused it, "it would
    show them to everyone", and the replay showed all four hands from the first frame."""
    from host.replay import ReplayLink
    from table.replays import ReplayScene
    rec = bot_record("manfee", {"target": 26}, seed=8)
    played = [sum("play" in a for a in d["actions"]) for d in rec["deals"]]
    over, full = played.index(min(played)), played.index(52) if 52 in played else None
    assert played[over] < 52
    alone = dict(rec, players={s: dict(p, kind="human") if s == "bottom" else p for s, p in rec["players"].items()})
    family = dict(rec, players={s: {"kind": "human", "name": s.title()} for s in rec["players"]})
    for match, hidden in ((alone, False), (family, True)):
        link = ReplayLink(match)
        link._play_to(over, 1)
        scene = ReplayScene(table.app, link)
        table.app.push(scene)
        table.frames(3)
        faces = [scene.board.sprites[k].face_up for s in scene.seats for k in scene.board.hands[s]]
        assert faces and (not any(faces) if hidden else all(faces)), (hidden, faces)
        assert (link.open_hands() == {}) == hidden and (scene.shown.get("hand") is None) == hidden
        table.app.pop()
    # the record a friend's screen kept: its own hand face up, the others' down (all were down)
    joined = dict(family, lan={"table": "Ana's", "joined": "left", "match_id": "lan-abc"})
    link = ReplayLink(joined, seat="left")
    link._play_to(over, 1)
    scene = ReplayScene(table.app, link)
    table.app.push(scene)
    table.frames(3)
    assert link.secret_deal() and set(link.open_hands()) == {"left"}
    assert all(scene.board.sprites[k].face_up == (s == "left") for s in scene.seats for k in scene.board.hands[s])
    assert sorted(k for k in scene.board.hands["left"]) == sorted(link.open_hands()["left"])
    table.app.pop()
    assert ReplayLink(joined).screen_seat == "left"        # the results' Replay names no seat
    other = ReplayLink(joined, seat="top")
    other._play_to(over, 1)
    assert other.secret_deal() and other.open_hands() == {}         # watched from another seat: none
    if full is not None:        # a deal played to its last card shows every hand to the family too
        link = ReplayLink(family)
        link._play_to(full, 1)
        assert not link.secret_deal() and link.open_hands()


def test_a_shared_manni_replay_shows_the_hands_played_out_and_not_the_one_laid_aside():
    """A hot-seat Manni replay showed every hand face down, though only the twelve laid
    aside were never seen: the hands whose every card is played are face up, the taker's
    hand face down until the swap gives it the Manni."""
    from host.replay import ReplayLink
    rec, deal, taker = next((r, i, a["seat"]) for r in (bot_record("manni", {"target": 5}, seed=k) for k in range(3, 20))
                            for i, d in enumerate(r["deals"]) for a in d["actions"] if a.get("swap") is True)
    rec["players"] = {s: {"kind": "human", "name": s.title()} for s in rec["players"]}
    swap_at = next(j for j, a in enumerate(rec["deals"][deal]["actions"]) if a.get("swap") is True)
    link = ReplayLink(rec)
    link._play_to(deal, swap_at)
    assert link.secret_deal() and set(link.open_hands()) == set(link.seats) - {taker}
    laid_aside = set(rec["deals"][deal]["hands"][taker])
    assert not laid_aside & {c for cards in link.open_hands().values() for c in cards}
    link._play_to(deal, swap_at + 1)
    assert set(link.open_hands()) == set(link.seats)          # the taker now holds the Manni, all played
    assert not laid_aside & {c for cards in link.open_hands().values() for c in cards}


def test_replays_offers_no_review_of_a_match_whose_every_deal_kept_cards_hidden(table, manfee_home):
    """Friends at one screen whose every deal ended with cards in hand: Replays offered
    Review, which opened on an empty screen.  A Manni deal is played out (only the Manni
    lies aside): friends' Manni is offered."""
    from table.menus import MainMenu
    from table.replay_list import ReplaysScene
    people = {"bottom": {"kind": "human", "name": "Ann"}, "left": {"kind": "human", "name": "Ben"}}
    friends = bot_record("manni", {"target": 4}, seed=3)
    friends["players"] = dict(friends["players"], **people)
    save_record(str(manfee_home / "saves" / "manni-friends.json"), friends)
    over = next(r for r in (bot_record("manfee", {"target": 13}, seed=k) for k in range(1, 30))
                if sum("play" in a for a in r["deals"][0]["actions"]) < 52)
    over = dict(over, deals=over["deals"][:1], players=dict(over["players"], **people))    # gone over
    save_record(str(manfee_home / "saves" / "manfee-friends.json"), over)
    app = table.app
    app.reset(MainMenu(app))
    replays = ReplaysScene(app)
    app.push(replays)
    table.frames(2)
    for name, review in (("manni-friends.json", True), ("manfee-friends.json", False)):
        entry = next(e for e in replays.entries if e["name"] == name)
        replays.selected = replays.label(entry)
        replays._enable()
        assert replays.buttons["watch"].is_enabled and replays.buttons["review"].is_enabled == review
        assert ("No deal here to review" in replays.note.text) != review


def test_a_lan_match_this_screen_kept_is_watched_and_reviewed_never_resumed(table, manfee_home):
    """A friend's screen keeps its own record of a LAN match (``host.joined``): listed with
    the LAN's, watched and reviewed even when the host stopped early, under the table's id
    in the statistics; it is the host's to resume, not this screen's."""
    from host.joined import joined_path, keep_joined, rebuild_deal
    from table.replay_list import ReplaysScene
    from table.review_screen import ReviewScene
    from test_joined import played_deals
    _m, deals = played_deals("manille", {}, seed=2, deals=2)
    header = {"game": "manille", "options": {}, "lan": {"table": "Ana's", "joined": "left", "match_id": "lan-abc"},
              "players": {"left": {"kind": "human", "name": "Bo"}, "bottom": {"kind": "human", "name": "Ana"}}}
    for i, (views, _truth) in enumerate(deals):
        assert keep_joined(joined_path("manille", "lan-abc"), header, i, rebuild_deal(views["left"])) is None
    app = table.app
    replays = ReplaysScene(app)
    app.push(replays)
    table.frames(2)
    (entry,) = replays.entries
    assert entry["joined"] and not entry["finished"] and "LAN" in replays.label(entry)
    assert "unfinished here" in replays.label(entry) and "in progress" not in replays.label(entry)
    replays.selected = replays.label(entry)
    replays._enable()
    assert replays.buttons["watch"].is_enabled and replays.buttons["review"].is_enabled
    # this screen's own copy: its to delete (the host keeps the match), never to resume
    assert not replays.buttons["resume"].is_enabled and replays.buttons["delete"].is_enabled
    table.click(replays.buttons["watch"].rect.center)
    assert app.top.link.screen_seat == "left" and app.top.viewer == "left"     # Bo's own seat at the bottom
    app.pop()
    table.frames(1)
    table.click(replays.buttons["review"].rect.center)
    # this screen's seat (left), not the first person's in seat order (the host's, bottom)
    assert isinstance(app.top, ReviewScene) and app.top.match_id == "lan-abc" and app.top.seat == "left"
    app.pop()
    table.frames(1)
    table.click(replays.buttons["delete"].rect.center)
    assert "copy of the LAN match" in replays.note.text and os.path.exists(joined_path("manille", "lan-abc"))
    table.click(replays.buttons["delete"].rect.center)
    assert not os.path.exists(joined_path("manille", "lan-abc")) and replays.entries == []


def test_an_unfinished_match_counts_in_the_replays_list_only_the_deals_played_out(table, manfee_home):
    """"(4 deals)" stood beside the scores of three: the fourth was dealt and not played."""
    from bots import make_bot
    from rules.host import MatchHost
    from rules.store import save_record
    from table.replay_list import ReplaysScene
    mh = MatchHost.new("manille", {"target": 1000}, seed=3)
    bot = make_bot("KADO", 3)
    while len(mh.match.summaries) < 2 or mh.needs_deal():
        if mh.needs_deal():
            mh.start_deal()
        else:
            seat = mh.whose_turn()
            mh.submit(seat, bot.choose(mh.view(seat)))
    folder = manfee_home / "saves"
    folder.mkdir(exist_ok=True)
    save_record(str(folder / "open.json"), mh.record())
    entry, = list_saves(str(folder))
    assert (entry["deals"], entry["played"], entry["finished"]) == (3, 2, False)
    scene = ReplaysScene(table.app)
    assert scene.label(entry).endswith("(2 deals)"), scene.label(entry)


def test_the_saves_are_read_again_only_when_they_change(tmp_path, monkeypatch):
    """A year's play (330 files) froze the main menu and Replays 2 s and more each time they
    opened: every file was read and replayed again.  A file unchanged since it was listed is
    not read again; a changed, a new and a removed one are seen."""
    import host.saves as saves
    folder = str(tmp_path)
    for k in range(3):
        save_record(os.path.join(folder, f"m{k}.json"), bot_record("manni", {"target": 5}, seed=k))
    first = list_saves(folder)
    reads = []
    real = saves.load_record
    monkeypatch.setattr(saves, "load_record", lambda path: (reads.append(path), real(path))[1])
    assert list_saves(folder) == first and reads == []              # nothing read again
    changed = os.path.join(folder, "m1.json")
    rec = bot_record("manni", {"target": 5}, seed=9)
    rec["deals"] = rec["deals"][:1]                                   # another size: seen changed
    save_record(changed, rec)
    save_record(os.path.join(folder, "m3.json"), bot_record("manni", {"target": 5}, seed=3))
    os.remove(os.path.join(folder, "m0.json"))
    now = list_saves(folder)
    assert sorted(reads) == sorted([changed, os.path.join(folder, "m3.json")])
    assert sorted(e["name"] for e in now) == ["m1.json", "m2.json", "m3.json"]
    assert next(e for e in now if e["name"] == "m1.json")["played"] == 1
    now[0]["players"]["x"] = 1                       # a caller's change to its list stays its own
    assert all("x" not in e["players"] for e in list_saves(folder))
    # the game's next start reads none of them either: what was read is kept in the folder
    # (a dot file, never listed); a damaged index is left aside and the files read
    saves._LISTED.clear()
    saves._INDEXED.clear()
    reads.clear()
    assert list_saves(folder) == list_saves(folder) and reads == []
    assert sorted(e["name"] for e in list_saves(folder)) == ["m1.json", "m2.json", "m3.json"]
    with open(os.path.join(folder, saves.INDEX), "w") as f:
        f.write('{"version": 1, "files": {"m1.json": [1, 2, {"ok": "yes"}], "../x": 3}')
    saves._LISTED.clear()
    saves._INDEXED.clear()
    assert [e["name"] for e in list_saves(folder)] == [e["name"] for e in now] and len(reads) == 3
    with open(os.path.join(folder, saves.INDEX), "w") as f:      # well-formed, with rows of no use
        json.dump({"version": 1, "files": {"m1.json": [1, 2, {"ok": "yes"}], "../x": 3, "m2.json": "x"}}, f)
    saves._LISTED.clear()
    saves._INDEXED.clear()
    reads.clear()
    assert [e["name"] for e in list_saves(folder)] == [e["name"] for e in now] and len(reads) == 3


def test_a_long_replays_list_has_home_end_and_pages_and_comes_back_to_the_match_watched(table, manfee_home):
    """A year's play (330 rows): End, Home and Page Down did nothing or little, and back from
    a replay the list stood at its top with the newest match chosen."""
    from table.replay_list import ReplaysScene
    folder = manfee_home / "saves"
    for k in range(30):
        save_record(str(folder / f"m{k:02d}.json"), bot_record("manni", {"target": 2}, seed=k % 3 + 1))
        os.utime(folder / f"m{k:02d}.json", (10 ** 9 + k * 3600,) * 2)     # m29 the newest, an hour apart
    app = table.app
    replays = ReplaysScene(app)
    app.push(replays)
    table.frames(2)
    path = lambda: replays._entry()["path"]           # noqa: E731
    assert path().endswith("m29.json")
    table.key(pygame.K_END)
    assert path().endswith("m00.json")
    table.key(pygame.K_HOME)
    assert path().endswith("m29.json")
    table.key(pygame.K_PAGEDOWN)
    page = replays.page()
    assert page >= 3 and path().endswith(f"m{29 - page:02d}.json")
    table.key(pygame.K_PAGEUP)
    assert path().endswith("m29.json")
    for _ in range(20):
        table.key(pygame.K_DOWN)
    assert path().endswith("m09.json")
    table.click(replays.buttons["watch"].rect.center)
    assert app.top is not replays
    table.key(pygame.K_BACKSPACE)                     # back to the replays (a new screen)
    table.frames(2)
    again = app.top
    assert isinstance(again, ReplaysScene) and again is not replays
    assert again._entry()["path"].endswith("m09.json")
