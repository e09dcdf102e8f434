"""The menus: main menu, new game, settings, pause.  All pygame_gui, one theme.

(The rules pages are ``quickref.py``.)
"""
import os

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIDropDownMenu, UIHorizontalSlider

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


def draw_backdrop(surface, app, title=None, subtitle=None, title_scale=1.0):
    """The felt, a fan of cards and the title: behind every menu (a tall form
    passes a smaller ``title_scale`` so the title keeps clear of it)."""
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
        fs = max(24, round(H * 0.085 * title_scale))
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
        draw_backdrop(surface, self.app, self.title, self.subtitle, getattr(self, "title_scale", 1.0))


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
            from .quickref import QuickRefScene
            self.app.push(QuickRefScene(self.app))
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
        self.bots = {}
        init_match_options(self)

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
        gap = 10
        muette = self.game == "manille-muette"
        rows = 4 + g.n + (2 if muette else 0)     # game, target, (table x2), players, seats, note
        bh = max(42, round(H * 0.07))
        room = H - 12 - 2 * bh - 10               # Start/Back and the LAN button below the form
        if y + rows * (rh + gap) > room:          # a tall form (muette) in a short window
            y = max(round(H * 0.18), room - rows * (rh + gap))
            rh = max(26, min(rh, (room - y) // rows - gap))
            gap = max(4, min(gap, (room - y) // rows - rh))
        lw, cw = 220, 430

        def label(text, yy, cls="@heading_label"):
            self.add(UILabel(pygame.Rect(x0, yy, lw, rh), text, self.app.ui, object_id=oid(cls)))

        def drop(name, options, start, yy, width=cw):
            d = self.add(UIDropDownMenu(options, start, pygame.Rect(x0 + lw + 10, yy, width, rh),
                                        self.app.ui, expansion_height_limit=round(H * 0.45)))
            self.drops[name] = d
            return d

        def toggle(name, text, rect):
            self.buttons[name] = self.add(UIButton(pygame.Rect(rect), text, self.app.ui))

        names = [t for _n, t in GAMES]
        label("Game", y)
        drop("game", names, dict(GAMES)[self.game], y)
        y += rh + gap
        y = build_match_options(self, g, y, x0, lw, cw, rh, gap, label, drop, toggle)
        y += rh + gap
        label("Players", y)
        seats = SEAT_ORDER[g.n]
        drop("humans", [f"{k} human{'s' if k > 1 else ''}" for k in range(1, g.n + 1)],
             f"{self.humans} human{'s' if self.humans > 1 else ''}", y)
        y += rh + gap
        choices = ["Random"] + [c.title() for c in CHARACTERS]
        for i, seat in enumerate(seats):
            label(seat.title(), y, "@note_label")
            if i < self.humans:
                self.add(UILabel(pygame.Rect(x0 + lw + 10, y, cw, rh),
                                 "human" + (" (you)" if i == 0 else f" (player {i + 1})"),
                                 self.app.ui))
            else:
                drop(f"bot:{seat}", choices, self.bots.get(seat, "Random"), y)
            y += rh + gap
        self.add(UILabel(pygame.Rect(x0, y, 660, rh),
                         "Bots: Kado (easy) ... Zelzela (strongest). More humans sit clockwise.",
                         self.app.ui, object_id=oid("@note_label")))
        y += rh + gap
        bw = 220
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
        if option_pressed(self, name):
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
        options = match_options(self, g)
        seats = SEAT_ORDER[g.n]
        bots = [self.bots.get(s, "Random").upper() for s in seats[self.humans:]]
        names = {"bottom": self.app.settings.player_name} if self.humans == 1 else None
        session = MatchSession.new(self.game, options, humans=self.humans, bots=bots,
                                   wake=self.app.wake, names=names)
        self.app.reset(MainMenu(self.app))
        self.app.push(TableScene(self.app, session))


# -- a game's options: shared by New game and Host on the local network ------------------------

def init_match_options(scene):
    """The option state a form keeps on ``scene``: target, signals and muette's table."""
    scene.target = None
    scene.signals = True
    # Manille muette's table options (rules/games.py defaults)
    scene.muette = {"blind": False, "en_face": True, "doubling": True, "max_deals": None}


def build_match_options(scene, g, y, x0, lw, cw, rh, gap, label, drop, toggle, signals_note=""):
    """The "Match to" row and the game's option toggles from ``y``; returns the last row's y.

    Button names: signals, max_deals, blind, en_face, doubling (``option_pressed`` answers them).
    """
    label("Match to", y)
    drop("target", [str(t) for t in TARGETS[g.name]], str(scene.target), y, 140)
    if "signals" in g.defaults:
        toggle("signals", f"Signals: {'on' if scene.signals else 'off'}{signals_note}",
               (x0 + lw + 160, y, cw - 150, rh))
    if g.name == "manille-muette":
        m = scene.muette
        toggle("max_deals", f"Deal limit: {m['max_deals'] or 'none'}", (x0 + lw + 160, y, cw - 150, rh))
        y += rh + gap
        label("Table", y)
        half = (cw - 10) // 2
        toggle("blind", f"Blind trump: {'on' if m['blind'] else 'off'}", (x0 + lw + 10, y, half, rh))
        toggle("en_face", f"En face: {'on' if m['en_face'] else 'off'}", (x0 + lw + 20 + half, y, half, rh))
        y += rh + gap
        toggle("doubling", f"Tapping: {'on' if m['doubling'] else 'off'}", (x0 + lw + 10, y, half, rh))
        scene.add(UILabel(pygame.Rect(x0 + lw + 20 + half, y, half, rh), "Silent table: no signals",
                          scene.app.ui, object_id=oid("@note_label")))
    return y


def option_pressed(scene, name):
    """Flip the option a toggle names; True if ``name`` was one (the caller rebuilds)."""
    if name == "signals":
        scene.signals = not scene.signals
    elif name in ("blind", "en_face", "doubling"):
        scene.muette[name] = not scene.muette[name]
    elif name == "max_deals":
        scene.muette["max_deals"] = None if scene.muette["max_deals"] else 50
    else:
        return False
    return True


def match_options(scene, g):
    """The options dict for MatchSession.new / HostServer."""
    options = {"target": scene.target}
    if "signals" in g.defaults:
        options["signals"] = scene.signals
    if g.name == "manille-muette":
        options.update(scene.muette)
    return options


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
            from .quickref import QuickRefScene
            self.app.push(QuickRefScene(self.app, getattr(self.table, "game", "manfee"), overlay=True))
        elif name == "menu":
            self.app.reset(MainMenu(self.app))
        elif name == "quit":
            self.app.quit()
        return name is not None
