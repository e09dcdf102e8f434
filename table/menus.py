"""The menus: main menu, new game, settings, rules, pause.  All pygame_gui, one theme."""
import os
import re
import html

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIDropDownMenu, UIHorizontalSlider, UITextBox

from bots import CHARACTERS

from .scene import Scene
from .layout import Layout
from .text import blit_text
from . import hud

GAMES = (("manfee", "Manfee"), ("manille", "Manille"), ("manille-muette", "Manille muette"),
         ("manni", "Manni"))
TARGETS = {"manfee": (13, 26, 52, 78, 104), "manille": (51, 101, 151, 201),
           "manille-muette": (51, 101, 151, 201), "manni": (5, 10, 15, 20)}
SEAT_ORDER = {4: ("bottom", "left", "top", "right"), 3: ("bottom", "left", "right")}
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def oid(cls):
    return ObjectID(class_id=cls)


_felts = {}


def draw_backdrop(surface, app, title=None, subtitle=None):
    """The felt, a fan of cards and the title: behind every menu."""
    size = surface.get_size()
    f = _felts.get(size)
    if f is None:
        _felts.clear()
        try:
            from sprites.table_art import felt
            f = felt(size).convert()
        except Exception:
            f = pygame.Surface(size)
            f.fill((30, 100, 58))
        _felts[size] = f
    surface.blit(f, (0, 0))
    W, H = size
    if title:
        fs = max(28, round(H * 0.085))
        blit_text(surface, title, fs, (W // 2, round(H * 0.07)), hud.GOLD, bold=True,
                  anchor="midtop", shadow=True)
        if subtitle:
            blit_text(surface, subtitle, fs * 0.3, (W // 2, round(H * 0.07 + fs * 1.25)), hud.CREAM,
                      anchor="midtop")


def draw_fan(surface, app, cards, center, width):
    """A few face-up cards fanned (decoration), once the faces exist."""
    L = Layout(surface.get_size())
    imgs = app.images(L.cw, L.sw)
    n = len(cards)
    for i, c in enumerate(cards):
        a = (n - 1) / 2 - i
        img = imgs.get(c, True, width, a * 8)
        x = center[0] - a * width * 0.38
        y = center[1] + abs(a) ** 2 * width * 0.04
        surface.blit(img, img.get_rect(center=(round(x), round(y))))


class MenuScene(Scene):
    """A column of big buttons over the felt."""

    title = "MANFEE"
    subtitle = None

    def column(self, items, top=None, width=None):
        W, H = self.app.size
        bw = width or max(260, round(W * 0.24))
        bh = max(40, round(H * 0.07))
        gap = round(bh * 0.28)
        y = top if top is not None else round(H * 0.32)
        self.buttons = {}
        for name, text, enabled in items:
            b = self.add(UIButton(pygame.Rect(W // 2 - bw // 2, y, bw, bh), text, self.app.ui,
                                  object_id=oid("@menu_button")))
            if not enabled:
                b.disable()
            self.buttons[name] = b
            y += bh + gap
        return y

    def pressed(self, e):
        if e.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        return next((n for n, b in self.buttons.items() if b is e.ui_element), None)

    def draw(self, surface):
        draw_backdrop(surface, self.app, self.title, self.subtitle)


class MainMenu(MenuScene):
    subtitle = "four trick-taking games at one table"

    def __init__(self, app):
        super().__init__(app)
        self.notes = []

    def enter(self):
        from .session import list_saves
        self.saves = list_saves()
        self.resumable = [s for s in self.saves if s["ok"] and not s["finished"]]
        self.notes = list(self.app.messages)
        self.app.messages.clear()
        bad = [s for s in self.saves if not s["ok"]]
        if bad:
            self.notes.append(f"{len(bad)} file(s) in the saves folder could not be read "
                              f"(left untouched): see Replays")
        super().enter()

    def build_ui(self):
        self.column([("new", "New game", True),
                     ("resume", "Resume", bool(self.resumable)),
                     ("lan", "Join a LAN game", True),
                     ("replays", "Replays", True),
                     ("rules", "Rules", True),
                     ("settings", "Settings", True),
                     ("quit", "Quit", True)])

    def ui_event(self, e):
        name = self.pressed(e)
        if name == "new":
            self.app.push(NewGameScene(self.app))
        elif name == "resume":
            self.resume(self.resumable[0]["path"])
        elif name == "lan":
            from .lan_screens import LobbyScene
            self.app.push(LobbyScene(self.app))
        elif name == "replays":
            from .replays import ReplaysScene
            self.app.push(ReplaysScene(self.app))
        elif name == "rules":
            self.app.push(RulesScene(self.app))
        elif name == "settings":
            self.app.push(SettingsScene(self.app))
        elif name == "quit":
            self.app.quit()
        return name is not None

    def resume(self, path):
        from .session import MatchSession
        from .table_scene import TableScene
        from rules import RulesError
        try:
            session = MatchSession.resume(path, wake=self.app.wake)
        except RulesError as e:
            self.notes.append(f"{e} (the file is left as it is)")
            return
        self.app.push(TableScene(self.app, session))

    def busy(self):
        L = Layout(self.app.size)
        imgs = self.app.images(L.cw, L.sw)
        return not imgs.warm

    def update(self, dt):
        # Idle time in the menu draws the card faces the table will need.
        L = Layout(self.app.size)
        imgs = self.app.images(L.cw, L.sw)
        if not imgs.warm:
            imgs.warm_step(0.010)

    def draw(self, surface):
        super().draw(surface)
        W, H = surface.get_size()
        L = Layout((W, H))
        imgs = self.app.images(L.cw, L.sw)
        if imgs.warm:
            draw_fan(surface, self.app, ["AS", "KH", "QC", "JD", "TS"], (W * 0.16, H * 0.62), L.cw)
            draw_fan(surface, self.app, ["2S", "3S", "4S", "5S", "6S"], (W * 0.84, H * 0.62), L.cw)
        fs = max(12, round(H * 0.02))
        y = H - 10
        for note in reversed(self.notes[-4:]):
            r = blit_text(surface, note, fs, (W // 2, y), hud.CREAM, anchor="midbottom", shadow=True)
            y = r.top - 4
        blit_text(surface, "F11: full screen", fs * 0.9, (W - 10, 8), hud.DIM, anchor="topright")


class NewGameScene(MenuScene):
    title = "New game"

    def __init__(self, app, game="manfee"):
        super().__init__(app)
        self.game = game
        self.humans = 1
        self.target = None
        self.signals = True
        self.bots = {}

    def build_ui(self):
        from rules.games import get_game
        W, H = self.app.size
        g = get_game(self.game)
        if self.target is None or self.target not in TARGETS[self.game]:
            self.target = g.defaults["target"][0]
        self.buttons = {}
        self.drops = {}
        x0 = W // 2 - 330
        y = round(H * 0.22)
        rh = max(34, round(H * 0.055))
        lw, cw = 220, 430

        def label(text, yy, cls="@heading_label"):
            self.add(UILabel(pygame.Rect(x0, yy, lw, rh), text, self.app.ui, object_id=oid(cls)))

        def drop(name, options, start, yy, width=cw):
            d = self.add(UIDropDownMenu(options, start, pygame.Rect(x0 + lw + 10, yy, width, rh),
                                        self.app.ui, expansion_height_limit=round(H * 0.45)))
            self.drops[name] = d
            return d

        names = [t for _n, t in GAMES]
        label("Game", y)
        drop("game", names, dict(GAMES)[self.game], y)
        y += rh + 12
        label("Match to", y)
        drop("target", [str(t) for t in TARGETS[self.game]], str(self.target), y, 140)
        if "signals" in g.defaults:
            b = self.add(UIButton(pygame.Rect(x0 + lw + 160, y, cw - 150, rh),
                                  f"Signals: {'on' if self.signals else 'off'}", self.app.ui))
            self.buttons["signals"] = b
        y += rh + 12
        label("Players", y)
        seats = SEAT_ORDER[g.n]
        drop("humans", [f"{k} human{'s' if k > 1 else ''}" for k in range(1, g.n + 1)],
             f"{self.humans} human{'s' if self.humans > 1 else ''}", y)
        y += rh + 18
        choices = ["Random"] + [c.title() for c in CHARACTERS]
        for i, seat in enumerate(seats):
            label(seat.title(), y, "@note_label")
            if i < self.humans:
                self.add(UILabel(pygame.Rect(x0 + lw + 10, y, cw, rh),
                                 "human" + (" (you)" if i == 0 else f" (player {i + 1})"),
                                 self.app.ui))
            else:
                drop(f"bot:{seat}", choices, self.bots.get(seat, "Random"), y)
            y += rh + 8
        self.add(UILabel(pygame.Rect(x0, y, 660, rh),
                         "Bots: Kado (easy) ... Zelzela (strongest). More humans sit clockwise.",
                         self.app.ui, object_id=oid("@note_label")))
        y += rh + 14
        bw, bh = 220, max(42, round(H * 0.07))
        self.buttons["start"] = self.add(UIButton(pygame.Rect(W // 2 + 10, y, bw, bh), "Start",
                                                  self.app.ui, object_id=oid("@menu_button")))
        self.buttons["back"] = self.add(UIButton(pygame.Rect(W // 2 - bw - 10, y, bw, bh), "Back",
                                                 self.app.ui, object_id=oid("@menu_button")))
        self.buttons["lan"] = self.add(UIButton(pygame.Rect(W // 2 - bw - 10, y + bh + 10, 2 * bw + 20, bh),
                                                "Host on the local network", self.app.ui,
                                                object_id=oid("@menu_button")))

    def ui_event(self, e):
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            name = next((n for n, d in self.drops.items() if d is e.ui_element), None)
            if name is None:
                return False
            text = e.text if isinstance(e.text, str) else e.text[0]
            if name == "game":
                self.game = next(n for n, t in GAMES if t == text)
                self.humans = 1
                self.bots = {}
                self.rebuild_ui()
            elif name == "target":
                self.target = int(text)
            elif name == "humans":
                self.humans = int(text.split()[0])
                self.rebuild_ui()
            elif name.startswith("bot:"):
                self.bots[name[4:]] = text
            return True
        name = self.pressed(e)
        if name == "signals":
            self.signals = not self.signals
            self.rebuild_ui()
        elif name == "back":
            self.app.pop()
        elif name == "start":
            self.start()
        elif name == "lan":
            from .lan_screens import HostSetupScene
            self.app.push(HostSetupScene(self.app, self.game))
        return name is not None

    def start(self):
        from rules.games import get_game
        from .session import MatchSession
        from .table_scene import TableScene
        g = get_game(self.game)
        options = {"target": self.target}
        if "signals" in g.defaults:
            options["signals"] = self.signals
        seats = SEAT_ORDER[g.n]
        bots = [self.bots.get(s, "Random").upper() for s in seats[self.humans:]]
        names = {"bottom": self.app.settings.player_name} if self.humans == 1 else None
        session = MatchSession.new(self.game, options, humans=self.humans, bots=bots,
                                   wake=self.app.wake, names=names)
        self.app.reset(MainMenu(self.app))
        self.app.push(TableScene(self.app, session))


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
            for scene in self.app.scenes:
                if hasattr(scene, "board"):
                    scene.board.resize(self.app.size)
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


def markdown_to_html(text):
    """Just enough Markdown for pygame_gui's text box: headings, bold, bullets."""
    out = []
    for a, b in (("→", "->"), ("←", "<-"), ("−", "-"), ("×", "x"), ("≥", ">="), ("≤", "<=")):
        text = text.replace(a, b)       # glyphs the bundled Noto Sans lacks
    for line in text.splitlines():
        t = html.escape(line.strip() if not line.lstrip().startswith("- ") else line.rstrip())
        t = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", t)
        t = re.sub(r"(?<!\*)\*(?!\s)(.+?)\*", r"<i>\1</i>", t)
        t = re.sub(r"`(.+?)`", r"\1", t)
        if t.startswith("# "):
            t = f"<font size=6><b>{t[2:]}</b></font>"
        elif t.startswith("## "):
            t = f"<br><font size=5 color=#ffd66b><b>{t[3:]}</b></font>"
        elif t.startswith("### "):
            t = f"<font size=4 color=#ffd66b><b>{t[4:]}</b></font>"
        elif t.lstrip().startswith("- "):
            indent = len(t) - len(t.lstrip())
            t = "&nbsp;" * (indent + 2) + "• " + t.lstrip()[2:]
        out.append(t)
    # Join wrapped lines of one paragraph; keep blank lines as breaks.
    html_lines = []
    for t in out:
        if not t:
            html_lines.append("<br><br>")
        elif t.startswith(("<br>", "<font", "&nbsp;")):
            html_lines.append("<br>" + t)
        else:
            html_lines.append((" " if html_lines and not html_lines[-1].endswith("<br><br>") else "") + t)
    return "".join(html_lines).replace("<br><br><br>", "<br><br>")


class RulesScene(MenuScene):
    title = "Rules"

    def build_ui(self):
        W, H = self.app.size
        path = os.path.join(ROOT, "docs", "RULES.md")
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            text = f"The rule book could not be read ({e})."
        top = round(H * 0.2)
        self.box = self.add(UITextBox(markdown_to_html(text),
                                      pygame.Rect(round(W * 0.1), top, round(W * 0.8), H - top - 90),
                                      self.app.ui))
        self.buttons = {"back": self.add(UIButton(pygame.Rect(W // 2 - 110, H - 74, 220, 56), "Back",
                                                  self.app.ui, object_id=oid("@menu_button")))}

    def process_event(self, e):
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def ui_event(self, e):
        if self.pressed(e) == "back":
            self.app.pop()
            return True
        return False


class PauseScene(MenuScene):
    """Over the table: the match is saved after every action, so leaving is safe."""

    overlay = True
    title = None

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table

    def build_ui(self):
        self.column([("resume", "Back to the table", True),
                     ("settings", "Settings", True),
                     ("rules", "Rules", True),
                     ("menu", "Main menu (saved)", True),
                     ("quit", "Quit (saved)", True)], top=round(self.app.size[1] * 0.3))

    def draw(self, surface):
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((4, 12, 8, 170))
        surface.blit(shade, (0, 0))
        W, H = surface.get_size()
        blit_text(surface, "Paused", max(28, round(H * 0.07)), (W // 2, round(H * 0.14)), hud.GOLD,
                  bold=True, anchor="midtop", shadow=True)

    def process_event(self, e):
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def ui_event(self, e):
        name = self.pressed(e)
        if name == "resume":
            self.app.pop()
        elif name == "settings":
            self.app.push(SettingsScene(self.app))
        elif name == "rules":
            self.app.push(RulesScene(self.app))
        elif name == "menu":
            self.app.reset(MainMenu(self.app))
        elif name == "quit":
            self.app.quit()
        return name is not None
