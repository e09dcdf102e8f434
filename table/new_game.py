"""New game: the game, its options (made from the game's declarations), who
plays (people at this screen clockwise from the bottom, a bot in each other
seat), then Start, or Host on the local network."""
from __future__ import annotations

import pygame_gui
from pygame import Rect
from pygame_gui.elements import UIButton

from bots import CHARACTERS
from host.local import open_local
from rules.games import GAMES, get_game

from .config import saves_dir, stats_path
from .forms import Form, MenuScene, option_pressed, option_row_count, option_rows, option_values, oid
from .scenes import open_scene

STRENGTH = {c: i + 1 for i, c in enumerate(CHARACTERS)}       # 1 (KADO) .. 9 (ZELZELA)


def bot_choices() -> list[str]:
    """The bot drop-down: each character with its strength, so a player can choose."""
    return ["Random"] + [f"{c.title()} ({STRENGTH[c]}/9)" for c in CHARACTERS]


def bot_of(choice: str) -> str:
    """The character a bot drop-down's line names (``Tanoor (7/9)`` -> ``TANOOR``)."""
    return choice.split(" (")[0].upper()


def people_note(game, humans: int) -> str:
    """Who plays with whom when several people share the screen."""
    if humans < 2:
        return "Bots: Kado (1/9, easiest) ... Zelzela (9/9, strongest)."
    seats = game.seats[:humans]
    if game.n == 4:
        together = [s for s in seats if game.side_of(s) == game.side_of(seats[0])]
        if len(together) == len(seats):
            return f"{' and '.join(s.title() for s in seats)} play as partners."
        if humans == 2:
            return f"{seats[0].title()} and {seats[1].title()} are opponents (partners sit face to face)."
        return "People sit clockwise from Bottom; Bottom and Top are partners, Left and Right too."
    return "Every player plays for themselves."


class NewGameScene(MenuScene):
    title = "New game"

    def __init__(self, app, game="manfee"):
        super().__init__(app)
        self.game = game
        self.humans = 1
        self.bots = {}
        self.options = {}
        self.names = {}

    def build_ui(self):
        W, H = self.app.size
        g = get_game(self.game)
        bh = max(42, round(H * 0.07))
        rows = 3 + option_row_count(g) + g.n
        form = Form(self, round(H * 0.22), rows, H - 12 - 2 * bh - 10)
        self.form = form
        form.label("Game")
        form.drop("game", [x.title for x in GAMES.values()], g.title)
        form.next_row()
        option_rows(form, g, self.options)
        form.next_row()
        form.label("Players")
        form.drop("humans", [f"{k} {'person' if k == 1 else 'people'} here" for k in range(1, g.n + 1)],
                  f"{self.humans} {'person' if self.humans == 1 else 'people'} here")
        for i, seat in enumerate(g.seats):
            form.next_row()
            form.label(seat.title(), "@note_label")
            if i < self.humans:
                form.text("a person (you)" if i == 0 and self.humans == 1 else f"player {i + 1}")
            else:
                start = self.bots.get(seat, "Random")
                form.drop(f"bot:{seat}", bot_choices(), start)
        form.next_row()
        form.note(people_note(g, self.humans))
        y = form.next_row()
        bw = 220
        self.buttons = dict(form.buttons)
        ui = self.app.ui
        self.buttons["start"] = self.add(UIButton(Rect(W // 2 + 10, y, bw, bh), "Start", ui,
                                                  object_id=oid("@menu_button")))
        self.buttons["back"] = self.add(UIButton(Rect(W // 2 - bw - 10, y, bw, bh), "Back", ui,
                                                 object_id=oid("@menu_button")))
        self.buttons["lan"] = self.add(UIButton(Rect(W // 2 - bw - 10, y + bh + 10, 2 * bw + 20, bh),
                                                "Host on the local network", ui, object_id=oid("@menu_button")))

    def ui_event(self, e):
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            name = next((n for n, d in self.form.drops.items() if d is e.ui_element), None)
            if name is None:
                return False
            text = e.text if isinstance(e.text, str) else e.text[0]
            if name == "game":
                self.game = next(g.name for g in GAMES.values() if g.title == text)
                self.humans = 1
                self.bots = {}
                self.rebuild_ui()
            elif name == "opt:target":
                self.options["target"] = int(text)
            elif name == "humans":
                self.humans = int(text.split()[0])
                self.rebuild_ui()
            elif name.startswith("bot:"):
                self.bots[name[4:]] = text
            return True
        name = self.pressed(e)
        if option_pressed(get_game(self.game), self.options, name):
            self.rebuild_ui()
        elif name == "back":
            self.app.pop()
        elif name == "start":
            self.start()
        elif name == "lan":
            self.app.push(open_scene("host_setup", self.app, game=self.game))
        return name is not None

    def start(self):
        g = get_game(self.game)
        bots = [bot_of(self.bots.get(s, "Random")) for s in g.seats[self.humans:]]
        names = {"bottom": self.app.settings.player_name} if self.humans == 1 else None
        link = open_local(g, option_values(g, self.options), humans=self.humans, bots=bots, names=names,
                          save_dir=saves_dir(), wake=self.app.wake, bot_delay=self.app.bot_pace,
                          stats_path=stats_path())
        self.app.reset(open_scene("main_menu", self.app))
        self.app.push(open_scene("table", self.app, link=link))
