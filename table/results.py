"""The end of a match: the winner, the totals, every deal; then what next."""
import pygame
from pygame_gui.elements import UIButton

from .menus import MenuScene, MainMenu, NewGameScene, oid
from .text import blit_text
from . import hud


class ResultsScene(MenuScene):
    overlay = True
    title = None

    def __init__(self, app, table, ev):
        super().__init__(app)
        self.table = table
        self.ev = ev
        self.age = 0.0

    def build_ui(self):
        W, H = self.app.size
        bw, bh = max(200, round(W * 0.16)), max(42, round(H * 0.065))
        y = round(H * 0.86)
        self.buttons = {}
        names = [("new", "New game"), ("replay", "Watch replay"), ("menu", "Main menu")]
        if getattr(self.table.session, "replay", False):
            names = [("menu", "Main menu"), ("back", "Back to replays")]
        x = W // 2 - (len(names) * (bw + 16) - 16) // 2
        for name, text in names:
            self.buttons[name] = self.add(UIButton(pygame.Rect(x, y, bw, bh), text, self.app.ui,
                                                   object_id=oid("@menu_button")))
            x += bw + 16

    def update(self, dt):
        self.age += dt

    def winner_text(self):
        w = self.ev.get("winner")
        t = self.table
        if w is None:
            return "A draw"
        name = hud.side_name(t, w) if "-" in w else t.session.name(w)
        mine = hud.seat_side(t.shown, t.viewer)
        if t.session.humans() and not t.hotseat and w == mine:
            return f"You win!  ({name})"
        return f"{name} win" if "&" in name else f"{name} wins"

    def draw(self, surface):
        W, H = surface.get_size()
        shade = pygame.Surface((W, H), pygame.SRCALPHA)
        shade.fill((4, 12, 8, 185))
        surface.blit(shade, (0, 0))
        fs = max(28, round(H * 0.075))
        pop = min(1.0, self.age / 0.35)
        blit_text(surface, self.winner_text(), round(fs * (0.8 + 0.2 * pop)), (W // 2, round(H * 0.08)),
                  hud.GOLD, bold=True, anchor="midtop", shadow=True)
        totals = self.ev.get("totals") or {}
        line = "   –   ".join(f"{hud.side_name(self.table, s)} {n}" for s, n in totals.items())
        blit_text(surface, line, fs * 0.38, (W // 2, round(H * 0.08 + fs * 1.3)), hud.CREAM, bold=True,
                  anchor="midtop")
        rows = len(self.table.session.summaries())
        fs = max(12, round(H * 0.022))
        r = pygame.Rect(0, 0, round(W * 0.6), min(round(H * 0.56), round(fs * (6.5 + 1.35 * rows))))
        r.midtop = (W // 2, round(H * 0.26))
        hud.draw_history(surface, self.table, r, title="The match, deal by deal", reserve=0.8)

    def ui_event(self, e):
        name = self.pressed(e)
        if name == "new":
            self.app.reset(MainMenu(self.app))
            self.app.push(NewGameScene(self.app, self.table.session.game.name))
        elif name == "replay":
            from .replays import ReplayScene, ReplaySession
            record = self.table.session.record()
            self.app.reset(MainMenu(self.app))
            self.app.push(ReplayScene(self.app, ReplaySession(record, self.app.wake)))
        elif name == "menu":
            self.app.reset(MainMenu(self.app))
        elif name == "back":
            from .replays import ReplaysScene
            self.app.reset(MainMenu(self.app))
            self.app.push(ReplaysScene(self.app))
        return name is not None
