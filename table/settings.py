"""Settings: volume, animation speed, the bots' pace, the deck's colours, the
window.  Saved at once in the settings file (``config.Settings``)."""
import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIDropDownMenu, UIHorizontalSlider

from .forms import MenuScene, oid
from .rich import set_four_colour

SPEEDS = (("Slow", 0.6), ("Normal", 1.0), ("Brisk", 1.5), ("Fast", 2.5), ("Very fast", 4.0))
PACES = (("Instant", 0.0), ("Quick", 0.35), ("Human", 0.7), ("Relaxed", 1.2), ("Slow", 2.0))


def _nearest(options, value):
    return min(options, key=lambda o: abs(o[1] - value))[0]


class SettingsScene(MenuScene):
    title = "Settings"

    def build_ui(self):
        s = self.app.settings
        W, H = self.app.size
        self.buttons = {}
        self.drops = {}
        x0 = W // 2 - 300
        y = round(H * 0.22)
        rh = max(34, round(H * 0.055))
        lw, cw = 230, 370

        def label(text, yy):
            self.add(UILabel(pygame.Rect(x0, yy, lw, rh), text, self.app.ui, object_id=oid("@heading_label")))

        label("Volume", y)
        self.slider = self.add(UIHorizontalSlider(pygame.Rect(x0 + lw + 10, y, cw - 130, rh),
                                                  round(s.volume * 100), (0, 100), self.app.ui,
                                                  click_increment=5))
        self.buttons["mute"] = self.add(UIButton(pygame.Rect(x0 + lw + cw - 110, y, 120, rh),
                                                 "Muted" if s.muted else "Sound on", self.app.ui))
        y += rh + 14
        label("Animation", y)
        self.drops["speed"] = self.add(UIDropDownMenu([t for t, _v in SPEEDS], _nearest(SPEEDS, s.anim_speed),
                                                      pygame.Rect(x0 + lw + 10, y, cw, rh), self.app.ui))
        y += rh + 14
        label("Bot pace", y)
        self.drops["pace"] = self.add(UIDropDownMenu([t for t, _v in PACES], _nearest(PACES, s.bot_pace),
                                                     pygame.Rect(x0 + lw + 10, y, cw, rh), self.app.ui))
        y += rh + 14
        label("Deck", y)
        self.buttons["colours"] = self.add(UIButton(pygame.Rect(x0 + lw + 10, y, cw, rh),
                                                    "Four colours" if s.four_colour else "Two colours",
                                                    self.app.ui))
        y += rh + 14
        label("Window", y)
        self.buttons["fullscreen"] = self.add(UIButton(pygame.Rect(x0 + lw + 10, y, cw, rh),
                                                       "Full screen" if self.app.fullscreen else "Windowed",
                                                       self.app.ui))
        y += rh + 30
        self.buttons["back"] = self.add(UIButton(pygame.Rect(W // 2 - 120, y, 240, max(42, round(H * 0.07))),
                                                 "Done", self.app.ui, object_id=oid("@menu_button")))

    def ui_event(self, e):
        s = self.app.settings
        if e.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and e.ui_element is self.slider:
            s.volume = max(0.0, min(1.0, e.value / 100))
            self.app.sounds.set_volume(s.volume)
            self.app.sound("card_land")
            self.app.save_settings()
            return True
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            text = e.text if isinstance(e.text, str) else e.text[0]
            if e.ui_element is self.drops.get("speed"):
                s.anim_speed = dict(SPEEDS)[text]
            elif e.ui_element is self.drops.get("pace"):
                s.bot_pace = dict(PACES)[text]
                for scene in self.app.scenes:
                    link = getattr(scene, "link", None)
                    if link is not None:
                        link.set_pace(self.app.bot_pace)
            else:
                return False
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
        elif name == "back":
            self.app.pop()
            return True
        if name:
            self.app.save_settings()
            self.rebuild_ui()
        return name is not None

