"""Settings: volume, animation speed, the bots' pace, the deck's colours, the
window, the language.  Saved at once in the settings file (``config.Settings``).

A new language applies at once: pygame_gui gets its fonts (``theme.apply_language``)
and every open screen rebuilds its widgets, so the words change everywhere
without a restart."""
import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIHorizontalSlider, UILabel

from .forms import MenuScene, oid, tall_label
from .trick_hold import trick_holds
from .i18n import LANGUAGES, N_, _, is_rtl, number, pgettext, system_language
from .rich import set_four_colour
from .theme import apply_language, list_height
from .widgets import DropDown, line_text, widget_lines

def speeds():
    """(words, value) of the animation speeds ("Slow" is a speed and a pace: two contexts)."""
    return ((pgettext("animation speed", "Slow"), 0.6), (pgettext("animation speed", "Normal"), 1.0),
            (pgettext("animation speed", "Brisk"), 1.5), (pgettext("animation speed", "Fast"), 2.5),
            (pgettext("animation speed", "Very fast"), 4.0))


def paces():
    """(words, seconds) of the bots' pace, slowest first as the animation speeds are."""
    return ((pgettext("bot pace", "Slow"), 2.0), (pgettext("bot pace", "Relaxed"), 1.2),
            (pgettext("bot pace", "Human"), 0.7), (pgettext("bot pace", "Quick"), 0.35),
            (pgettext("bot pace", "Instant"), 0.0))


def volume_words(volume: float) -> str:
    """The volume as the slider's label reads it, in the language's digits: "70%"."""
    return _("{n}%").format(n=number(round(volume * 100)))


def _nearest(options, value):
    return min(options, key=lambda o: abs(o[1] - value))[0]


def language_choices():
    """(words, code) for the Language list: the system's first, then each language by its
    own name, Dari's too (دری, shaped for a Latin screen's list by ``widget_lines``: a
    reader of Dari looks for it in its own script, not as "Dari")."""
    system = _("System ({language})").format(language=LANGUAGES[system_language()])
    return [(system, "")] + [(LANGUAGES[c], c) for c in ("en", "nl", "fr", "fa")]


class SettingsScene(MenuScene):
    title = N_("Settings")

    def build_ui(self):
        s = self.app.settings
        W, H = self.app.size
        self.buttons = {}
        self.drops = {}
        self.choices = {}
        k = self.app.ui_scale                 # the words grow with the window: so do the boxes
        x0 = W // 2 - round(300 * k)
        y = round(H * 0.2)
        rh = max(34, round(H * 0.055))
        gap = max(8, round(H * 0.02))
        lw, cw = round(230 * k), round(370 * k)
        rtl = is_rtl()

        def at(x, yy, w):
            # right to left: the labels on the right, their fields mirrored to their left
            return pygame.Rect(2 * x0 + lw + 10 + cw - x - w if rtl else x, yy, w, rh)

        def label(text, yy):
            self.add(tall_label(self.app.ui, at(x0, yy, lw), text))

        def drop(name, options, start, yy):
            lines = widget_lines([t for t, _v in options])      # a Dari line in a Latin screen: shaped
            self.choices[name] = {line_text(x): v for x, (_t, v) in zip(lines, options, strict=True)}
            self.drops[name] = self.add(DropDown(lines, lines[[t for t, _v in options].index(start)],
                                                 at(x0 + lw + 10, yy, cw), self.app.ui))
            # up where the window has more room (the language list scrolled at 1024x600, its first line cut)
            self.drops[name].open_toward_room(self.app.size[1], list_height(len(lines)))

        label(_("Volume"), y)
        # right to left the knob runs the reader's way: loud at the left (its value is the silence)
        self.slider = self.add(UIHorizontalSlider(at(x0 + lw + 10, y, cw - round(195 * k)),
                                                  round((1 - s.volume if rtl else s.volume) * 100), (0, 100),
                                                  self.app.ui, click_increment=5))
        self.slider.mirrored = rtl
        # its arrows grow with the window (pygame_gui draws them 20 px wide: slivers on a 2560 x 1440 screen)
        if self.app.ui_scale > 1:
            for arrow in (self.slider.left_button, self.slider.right_button):
                if arrow is not None:
                    arrow.kill()
            self.slider.left_button = self.slider.right_button = None
            self.slider.default_button_width = round(20 * self.app.ui_scale)
            self.slider.rebuild()
        self.volume_label = self.add(UILabel(at(x0 + lw + 10 + cw - round(190 * k), y, round(65 * k)),
                                             volume_words(s.volume), self.app.ui))
        self.buttons["mute"] = self.add(UIButton(at(x0 + lw + 10 + cw - round(120 * k), y, round(120 * k)),
                                                 _("Muted") if s.muted else _("Sound on"), self.app.ui))
        if s.muted:         # greyed while muted: a bright knob at 60 % read as sound still on
            self.slider.disable()
            self.volume_label.disable()
        y += rh + gap
        label(_("Animation"), y)
        drop("speed", speeds(), _nearest(speeds(), s.anim_speed), y)
        y += rh + gap
        label(_("Bot pace"), y)
        drop("pace", paces(), _nearest(paces(), s.bot_pace), y)
        y += rh + gap
        label(_("Deck"), y)
        self.buttons["colours"] = self.add(UIButton(at(x0 + lw + 10, y, cw),
                                                    _("Four colours") if s.four_colour else _("Two colours"),
                                                    self.app.ui))
        y += rh + gap
        label(_("Window"), y)
        self.buttons["fullscreen"] = self.add(UIButton(at(x0 + lw + 10, y, cw),
                                                       _("Full screen") if self.app.fullscreen else _("Windowed"),
                                                       self.app.ui))
        y += rh + gap
        label(_("Coach"), y)
        self.buttons["hints"] = self.add(UIButton(at(x0 + lw + 10, y, cw),
                                                  _("Hints: on") if s.hints else _("Hints: off"), self.app.ui))
        y += rh + gap
        label(_("Forced cards"), y)
        self.buttons["auto_play"] = self.add(UIButton(at(x0 + lw + 10, y, cw), _("Play themselves") if s.auto_play
                                                      else _("Wait for me"), self.app.ui,
                                                      tool_tip_text=_("A card that is your only legal play goes "
                                                                      "to the trick by itself after a moment (in "
                                                                      "Manfee with signals it waits, for a signal "
                                                                      "you may give with it).")))
        y += rh + gap
        label(_("Tricks"), y)       # how long a finished trick stays: a club player missed tricks going by
        drop("trick_hold", trick_holds(), _nearest(trick_holds(), s.trick_hold), y)
        y += rh + gap
        label(_("Language"), y)
        languages = language_choices()
        drop("language", languages, next((t for t, c in languages if c == s.language), languages[0][0]), y)
        y += rh + gap + 12
        self.buttons["back"] = self.add(UIButton(pygame.Rect(W // 2 - round(120 * k), y, round(240 * k), max(42, round(H * 0.07))),
                                                 _("Done"), self.app.ui, object_id=oid("@menu_button")))

    def set_language(self, code):
        """Use ``code`` ("" = the system's) now, keep it, and reword every open screen."""
        self.app.settings.language = code
        self.app.save_settings()
        # The widgets go first: pygame_gui re-renders every live label in the new locale's
        # font, and the old words in the other direction and a taller font warned "Label
        # Rect is too small" for each, just before the rebuild replaced them anyway.
        self.clear_ui()
        apply_language(self.app.ui, code)
        for scene in self.app.scenes:
            scene.resize(self.app.size)         # the top one rebuilds; those below on uncovering

    def ui_event(self, e):
        s = self.app.settings
        if e.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and e.ui_element is self.slider:
            s.volume = max(0.0, min(1.0, (100 - e.value if self.slider.mirrored else e.value) / 100))
            self.volume_label.set_text(volume_words(s.volume))
            knob = next((n for n, w in self._widgets().items() if w is self.slider), None)
            if knob and self.focus != knob:      # dragged with the mouse: the arrows move it on from there
                self.set_focus(knob)
            self.app.sounds.set_volume(s.volume)
            self.app.sound("card_land")
            self.app.save_settings()
            return True
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            text = line_text(e.text)
            name = next((n for n, d in self.drops.items() if d is e.ui_element), None)
            if name is None or text not in self.choices[name]:
                return False
            value = self.choices[name][text]
            if name == "speed":
                s.anim_speed = value
            elif name == "pace":
                s.bot_pace = value
                for scene in self.app.scenes:
                    link = getattr(scene, "link", None)
                    if link is not None:
                        link.set_pace(self.app.bot_pace)
            elif name == "trick_hold":
                s.trick_hold = value
            elif name == "language":
                self.set_language(value)
                return True
            self.app.save_settings()
            return True
        name = self.pressed(e)
        if name == "mute":
            s.muted = not s.muted
            self.app.sounds.set_muted(s.muted)
        elif name == "colours":
            s.four_colour = not s.four_colour
            set_four_colour(s.four_colour)
            for scene in self.app.scenes:
                scene.resize(self.app.size)
        elif name == "fullscreen":
            self.app.set_fullscreen(not self.app.fullscreen)
            s.fullscreen = self.app.fullscreen
        elif name == "hints":
            s.hints = not s.hints              # the table under this menu too, if it is this machine's
            for scene in self.app.scenes:
                if hasattr(getattr(scene, "link", None), "set_hints"):
                    scene.link.set_hints(s.hints)
                    scene.resize(self.app.size)
        elif name == "auto_play":
            s.auto_play = not s.auto_play
        elif name == "back":
            self.app.pop()
            return True
        if name:
            self.app.save_settings()
            self.rebuild_ui()
        return name is not None
