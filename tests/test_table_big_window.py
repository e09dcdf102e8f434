"""A tall window grows the widgets' words (theme.widget_scale): the boxes grow with them,
and a word that overflows steps down one size, not to the small print of a 720-pixel
screen (seen in French at 1920x1080: one button of a row in half-size letters)."""
import pytest
from pygame_gui.elements import UIButton, UILabel

from table.app import App
from table.config import Settings
from table.menus import MainMenu
from table.scenes import open_scene
from table.theme import font_spec


def _words(app):
    """(widget, its font's size, its style's size) of every button and label on screen."""
    for e in app.ui.get_sprite_group().sprites():
        if isinstance(e, (UIButton, UILabel)) and e.text and e.object_ids[-1] not in (
                "#expand_button", "#left_button", "#right_button"):     # the theme's own arrows
            kind = "label" if isinstance(e, UILabel) else "button"
            yield e, e.font.point_size, font_spec(e.class_ids[-1] or kind)[0]


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_in_a_big_window_no_words_drop_to_small_print(manfee_home, language):
    app = App(Settings(language=language, bot_pace=0.0), size=(1920, 1080), fullscreen=False,
              quiet_sound=True)
    try:
        assert app.ui_scale == 1.5
        for name in ("main_menu", "new_game", "host_setup", "lobby", "replays", "settings"):
            app.reset(MainMenu(app))
            if name != "main_menu":
                app.push(open_scene(name, app))
            app.step(1 / 60)
            small = [(e.text, size, style) for e, size, style in _words(app) if size < 0.8 * style]
            assert not small, (name, small)
            if name == "main_menu":     # the column is as wide as its longest words
                assert len({size for _e, size, _s in _words(app)}) == 1
            if name == "replays":       # a row of buttons shares one font
                row = [e.font.point_size for e in app.top.buttons.values()]
                assert len(set(row)) == 1, row
    finally:
        while app.scenes:                   # as the table fixture leaves (the fonts stay open)
            s = app.scenes.pop()
            s.leave()
            s.close()


@pytest.mark.parametrize("size", [(2560, 1440), (1024, 600), (1280, 1024)])
def test_every_menus_widgets_stay_in_the_window(manfee_home, size):
    """Replays put its row of buttons 96 pixels above the foot, however tall they had grown:
    at 2560x1440 their lower half ran off the window."""
    app = App(Settings(language="en", bot_pace=0.0), size=size, fullscreen=False, quiet_sound=True)
    try:
        window = app.screen.get_rect()
        for name in ("main_menu", "new_game", "host_setup", "lobby", "replays", "settings", "statistics"):
            app.reset(MainMenu(app))
            if name != "main_menu":
                app.push(open_scene(name, app))
            app.step(1 / 60)
            out = [(type(e).__name__, getattr(e, "text", ""), tuple(e.rect))
                   for e in app.ui.get_sprite_group().sprites()
                   if e.visible and e.rect.width > 0 and not window.contains(e.rect)]
            assert not out, (name, out)
    finally:
        while app.scenes:
            s = app.scenes.pop()
            s.leave()
            s.close()
