"""The menu screens' forms in Dari: labels as tall as the Dari font's lines, rows mirrored.

Noto Sans Arabic draws a line taller than the Latin rows the forms are laid out in; a
label shorter than its line warns ("Label Rect is too small") and may cut the marks above
and below the letters.
"""
import warnings

import pygame
from pygame_gui.elements import UILabel

from table.i18n import _
from table.host_setup import HostSetupScene
from table.lobby import LobbyScene
from table.replay_list import ReplaysScene
from table.settings import SettingsScene
from table.theme import apply_language

LOOPBACK = {"interfaces": ["127.0.0.1"], "bind": "127.0.0.1", "port": 0}


def short_labels(table, screen):
    """The labels pygame_gui found too short for their words while ``screen`` opened."""
    app = table.app
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        opened = screen(app)
        app.push(opened)
        table.frames(1)
    return opened, [str(w.message) for w in seen if "too small" in str(w.message)]


def test_dari_labels_have_the_height_of_their_font_on_every_form(table):
    app = table.app
    app.lan_options = dict(LOOPBACK)
    apply_language(app.ui, "fa")
    for size in ((1024, 600), (1280, 720), (1920, 1080)):
        table.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        table.frames(2)
        for screen in (SettingsScene, ReplaysScene, LobbyScene, HostSetupScene):
            _opened, short = short_labels(table, screen)
            assert not short, (size, screen.__name__, short)
            app.pop()
            table.frames(1)


def test_the_replays_filter_row_starts_at_the_right_in_dari(table):
    app = table.app
    apply_language(app.ui, "fa")
    replays, _short = short_labels(table, ReplaysScene)
    heading = next(e for e in replays.ui if isinstance(e, UILabel) and e.text == _("Game"))
    assert replays.filter.rect.right <= heading.rect.left                 # the drop-down to its left
    assert abs(heading.rect.right - replays.list.rect.right) <= 2         # flush with the list's edge


def test_a_squeezed_new_game_form_leaves_the_games_line_in_sight(table):
    """Manille muette's form (two rows of variants) moved up over the line under the title
    at 1024x600: the line about the match's length was hidden behind the Game row."""
    from table.scenes import open_scene
    app = table.app
    app._resized((1024, 600))
    for lang in ("en", "fr", "fa"):
        apply_language(app.ui, lang)
        scene = open_scene("new_game", app, game="manille-muette")
        app.push(scene)
        table.frames(1)
        line_bottom = round(app.size[1] * 0.22) - 4             # where the game's line ends (its midbottom)
        tops = [w.rect.top for w in list(scene.form.drops.values()) + list(scene.form.buttons.values())]
        assert scene.form.squeezed and min(tops) >= line_bottom, (lang, min(tops), line_bottom)
        app.pop()
        # ... and a squeezed row with its gap stays within its share: the host's form kept its
        # note on when the match starts (rows a pixel too tall overflowed and dropped it)
        app.lan_options = dict(LOOPBACK)
        host = HostSetupScene(app, game="manille-muette")
        app.push(host)
        table.frames(1)
        assert host.form.squeezed and not host.form.overflows, lang
        app.pop()
    apply_language(app.ui, "en")


def test_every_settings_choice_fits_its_drop_down_in_every_language(table):
    """"Ramassés d'un clic (un moment en résea": the Tricks setting's longest choice ran past
    its drop-down in French.  Every choice of every drop-down in Settings fits its face."""
    from pygame_gui.elements import UIDropDownMenu
    app = table.app
    try:
        for lang in ("en", "nl", "fr", "fa"):
            apply_language(app.ui, lang)
            for size in ((1024, 600), (1366, 768)):
                app._resized(size)
                settings = SettingsScene(app)
                app.push(settings)
                table.frames(2)
                for drop in (w for w in settings.ui if isinstance(w, UIDropDownMenu)):
                    face = drop.current_state.selected_option_button
                    room = face.rect.width - 8
                    for option in drop.options_list:
                        text = option[0] if isinstance(option, tuple) else option
                        assert face.font.size(text)[0] <= room, (lang, size, text, face.font.size(text)[0], room)
                app.pop()
                table.frames(1)
    finally:
        apply_language(app.ui, "en")
