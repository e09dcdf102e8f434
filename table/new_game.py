"""New game: the game, its options (made from the game's declarations), who
plays (people at this screen clockwise from the bottom, or two partners face to
face; a bot in each other seat), then Start, or Host on the local network."""
from __future__ import annotations

import pygame_gui
from pygame import Rect
from pygame_gui.elements import UIButton

from bots import CHARACTERS
from host.local import open_local
from host.seats import NAME_MAX, people_seats
from host.stats_rows import name_key
from rules.errors import RulesError
from rules.games import GAMES, get_game

from .coach_draw import blit_fit
from .config import saves_dir, stats_path
from .forms import Form, MenuScene, option_pressed, option_row_count, option_rows, option_values, oid
from .i18n import N_, _, character_name, digits, game_title, ngettext, number, seat_name
from .scenes import open_scene
from .theme import CREAM

STRENGTH = {c: i + 1 for i, c in enumerate(CHARACTERS)}       # 1 (KADO) .. 9 (ZELZELA)

# What each game is, in a line, for someone who has never played it (a newcomer had to
# find the rules first), and how many deals a match to each target takes: the median of
# 20 matches with TANA at every seat (``python3 -m benchmarks.match_length``).  Manni to
# 10 took 22 deals, which a newcomer had taken for the quick game.
GAME_LINES = {
    "manfee": N_("Two teams of two; spades are always trump: call your tricks, and take more than your side's target "
                 "to score all 13."),
    "manille": N_("Two teams of two, 32 cards, the ten ranks highest: take more than 30 of the 60 card points."),
    "manille-muette": N_("Manille played in silence: en face and taps (a blind trump as an option)."),
    "manni": N_("Three players, each for themself: swap for the Manni, score the tricks over four."),
}
MATCH_DEALS = {
    "manfee": {13: 1, 26: 3, 52: 7, 78: 10, 104: 14},
    "manille": {51: 7, 101: 15, 151: 22, 201: 29},
    "manille-muette": {51: 6, 101: 13, 151: 18, 201: 25},
    "manni": {5: 6, 10: 22, 15: 48, 20: 86},
}


def game_line(game: str, target: int | None) -> str:
    """The game in a line, and how long a match to ``target`` runs where that was measured.

    >>> game_line("manni", 10)
    'Three players, each for themself: swap for the Manni, score the tricks over four. A match to 10 takes about 22 deals.'
    """
    deals = MATCH_DEALS.get(game, {}).get(target or 0)
    line = _(GAME_LINES[game])
    if deals is None:
        return line
    return line + " " + ngettext("A match to {target} takes about {n} deal.", "A match to {target} takes about {n} deals.",
                                 deals).format(target=number(target or 0), n=number(deals))


def bot_label(character: str) -> str:
    """A character with its strength, in the player's script: ``Tanoor (7/9)``, ``تنور (۷/۹)``."""
    if character.upper() == "RANDOM":
        return _("Random")
    return _("{character} ({level}/9)").format(character=character_name(character),
                                               level=number(STRENGTH[character]))


def bot_choices() -> list[str]:
    """The bot drop-down: each character with its strength, so a player can choose."""
    return [bot_label("RANDOM")] + [bot_label(c) for c in CHARACTERS]


def bot_of(choice: str) -> str:
    """The character a bot drop-down's line names, in any language (``Tanoor (7/9)``,
    ``تنور (۷/۹)`` -> ``TANOOR``; ``Random`` -> ``RANDOM``)."""
    labels = {bot_label(c): c for c in ("RANDOM",) + tuple(CHARACTERS)}
    if choice in labels:
        return labels[choice]
    return choice.split(" (")[0].upper()


def default_name(app, fallback: str) -> str:
    """The player's own name as Settings keep it (``fallback`` while it is the default "You")."""
    name = (app.settings.player_name or "").strip()
    return fallback if not name or name == "You" else name


def remember_name(app, name: str) -> None:
    """Keep a name the player typed (New game, the LAN forms) for the next time."""
    if name and name != app.settings.player_name:
        app.settings.player_name = name
        app.save_settings()


def name_clash(names: dict[str, str]) -> str:
    """What to tell people at one screen who typed the same name twice (their statistics
    would be filed under one of them and a name nobody typed), or "".

    >>> name_clash({"bottom": "Ann", "top": " ann"})
    'Two people are called Ann: give each their own name (the statistics are kept by name).'
    >>> name_clash({"bottom": "Ann", "top": "Ben"})
    ''
    """
    seen: dict[str, str] = {}
    for name in names.values():
        key = name_key(name)            # as the statistics tell names apart
        if key in seen:
            return _("Two people are called {name}: give each their own name (the statistics are "
                     "kept by name).").format(name=seen[key])
        seen[key] = name.strip()
    return ""


def people_note(game, humans: int, partners: bool = False) -> str:
    """Who plays with whom when several people share the screen."""
    if humans < 2:
        return _("Bots: {weakest} (1/9, easiest) ... {strongest} (9/9, strongest).").format(
            weakest=character_name("KADO"), strongest=character_name("ZELZELA"))
    seats = people_seats(game, humans, partners)
    if game.n == 4:
        together = [s for s in seats if game.side_of(s) == game.side_of(seats[0])]
        if len(together) == len(seats):
            return _("{first} and {second} play as partners.").format(first=seat_name(seats[0]),
                                                                     second=seat_name(seats[1]))
        if humans == 2:
            return _("{first} and {second} are opponents (partners sit face to face).").format(
                first=seat_name(seats[0]), second=seat_name(seats[1]))
        return _("People sit clockwise from Bottom; Bottom and Top are partners, Left and Right too.")
    return _("Every player plays for themselves.")


def people_here(k: int, partners: bool = False) -> str:
    """``2 people here``: the Players drop-down's line for ``k`` people at this screen
    (``partners``: two people face to face, playing together against two bots)."""
    if partners:
        return _("{n} people here, as partners").format(n=number(k))
    return ngettext("{n} person here", "{n} people here", k).format(n=number(k))


def people_choices(game) -> list[tuple[str, int, bool]]:
    """The Players drop-down: (line, people, partners); two partners where a game has sides
    of two (seated clockwise, two people at one laptop could only be opponents)."""
    out = [(people_here(k), k, False) for k in range(1, game.n + 1)]
    if game.n == 4:
        out.insert(2, (people_here(2, True), 2, True))
    return out


def parse_number(text: str) -> int:
    """A number as a drop-down shows it (``52``, ``۵۲``)."""
    return int(text.translate({ord(d): str(i) for i, d in enumerate(digits("0123456789", "fa"))}))


def table_for(game: str, table: dict | None) -> dict:
    """What of a kept table (``Settings.tables``, or a finished match's) still fits ``game``:
    its options as the game declares them, 1..n people, known characters in the bots' seats,
    and the names typed for hot-seat seats.  Anything else falls back to the form's defaults.

    >>> table_for("manni", {"options": {"target": 15, "x": 1}, "humans": 9, "bots": {"left": "TANA"}})
    {'options': {'target': 15}, 'humans': 1, 'bots': {'left': 'TANA'}, 'names': {}, 'partners': False}
    >>> t = table_for("manille", {"humans": 2, "partners": True, "bots": {"left": "TANA", "top": "KADO"},
    ...                           "names": {"bottom": "Ana", "top": "Bo", "left": "Cy"}})
    >>> t["partners"], t["bots"], t["names"]
    (True, {'left': 'TANA'}, {'bottom': 'Ana', 'top': 'Bo'})
    """
    g = get_game(game)
    table = table if isinstance(table, dict) else {}
    options = {}
    for name, value in dict(table.get("options") or {}).items():
        o = g.option(name)
        try:
            options.update({name: o.check(value)} if o is not None else {})
        except RulesError:
            pass
    humans = table.get("humans")
    humans = humans if isinstance(humans, int) and not isinstance(humans, bool) and 1 <= humans <= g.n else 1
    partners = table.get("partners") is True and humans == 2 and g.n == 4
    people = people_seats(g, humans, partners)
    bots = {seat: c for seat, c in dict(table.get("bots") or {}).items()
            if seat in g.seats and seat not in people and c in CHARACTERS + ("RANDOM",)}
    names = {seat: n for seat, n in dict(table.get("names") or {}).items()     # alone, your name is
             if seat in people and humans > 1 and isinstance(n, str) and 0 < len(n.strip()) <= NAME_MAX}   # Settings'
    return {"options": options, "humans": humans, "bots": bots, "names": names, "partners": partners}


def names_elsewhere(tables: dict, game: str, humans: int, partners: bool) -> dict[str, str]:
    """The hot-seat names typed at the other game's table set up last (``tables`` in the
    order they were set up), person by person (the first person's, the second's...), for
    this game's people seats: a family that moved from Manni to Manille muette retyped every
    name but the first.  One table's people only: two evenings' families never mix.

    >>> names_elsewhere({"manfee": {"humans": 2, "names": {"bottom": "Ann", "left": "Old"}},
    ...                  "manni": {"humans": 3, "names": {"bottom": "Ann", "left": "Ben", "right": "Cy"}}},
    ...                 "manille", 2, True)
    {'bottom': 'Ann', 'top': 'Ben'}
    """
    if humans < 2:
        return {}
    for other, kept in reversed(list(tables.items())):
        if other == game or other not in GAMES or not isinstance(kept, dict):
            continue
        t = table_for(other, kept)
        theirs = [t["names"].get(seat) for seat in people_seats(other, t["humans"], t["partners"])]
        if any(theirs):
            return {seat: name for seat, name in zip(people_seats(game, humans, partners), theirs) if name}
    return {}


def table_of_record(record: dict) -> dict:
    """A finished match's table, to set up the next one like it: its options, and, at a
    table of this screen (people in the first seats, bots in the others), its people,
    their names and its bots.  A LAN match's remote people give way to Random bots."""
    g = get_game(record["game"])
    seats = g.seats
    players = record.get("players") or {}
    kinds = [(players.get(s) or {}).get("kind") for s in seats]
    partners = len(seats) == 4 and [k == "human" for k in kinds] == [True, False, True, False]
    humans = 2 if partners else next((i for i, k in enumerate(kinds) if k != "human"), len(seats)) or 1
    people = people_seats(g, humans, partners)
    if any(k == "human" and s not in people for s, k in zip(seats, kinds, strict=True)):
        humans, partners, people = 1, False, (seats[0],)
    return {"options": dict(record.get("options") or {}), "humans": humans, "partners": partners,
            "bots": {s: players[s].get("bot") for s in seats if s not in people and kinds[seats.index(s)] == "bot"},
            "names": {s: players[s].get("name") for s in people if humans > 1}}


class NewGameScene(MenuScene):
    title = N_("New game")

    def __init__(self, app, game=None, table=None):
        super().__init__(app)
        self.game = game or app.settings.game          # the game last played, the main menu's way in
        self._set_table(table)

    def _set_table(self, table: dict | None = None) -> None:
        """The form as ``table`` sets it, else as this game was last set up (Settings)."""
        kept = table if table is not None else self.app.settings.tables.get(self.game)
        t = table_for(self.game, kept)
        self.humans, self.bots, self.options, self.names = t["humans"], t["bots"], t["options"], t["names"]
        self.partners = t["partners"]
        self.names = {**names_elsewhere(self.app.settings.tables, self.game, self.humans, self.partners),
                      **self.names}

    def build_ui(self):
        W, H = self.app.size
        g = get_game(self.game)
        bh = max(42, round(H * 0.07))
        rows = 3 + option_row_count(g) + g.n
        form = Form(self, round(H * 0.22), rows, H - 12 - 2 * bh - 10)
        self.form = form
        self.title_floor = round(H * 0.22) - round(self.line_size() * 1.6)      # the game's line under the title
        form.label(_("Game"))
        form.drop("game", [game_title(x.name) for x in GAMES.values()], game_title(g.name))
        form.next_row()
        option_rows(form, g, self.options)
        form.next_row()
        form.label(_("Players"))
        form.drop("humans", [line for line, _k, _p in people_choices(g)], people_here(self.humans, self.partners))
        people = people_seats(g, self.humans, self.partners)
        # Alone at a team game: the seat across is the partner (a newcomer was never told whom)
        mate = next((s for s in g.side_of(people[0]).split("-") if s != people[0]), None) \
            if g.n == 4 and self.humans == 1 else None
        for seat in g.seats:
            form.next_row()
            form.label(_("{seat} (your partner)").format(seat=seat_name(seat)) if seat == mate else seat_name(seat),
                       "@note_label")
            if seat in people and self.humans == 1:     # your own name: the statistics keep your results by it
                form.entry(f"name:{seat}", self.names.get(seat, default_name(self.app, "")),
                           placeholder=_("your name (for your statistics)"))
            elif seat in people:                        # hot-seat: each person may type a name
                # "Player 2" a placeholder, not text: a click and a name typed made "Player 2Marie"
                i = people.index(seat)
                own = self._default_name(i) if i == 0 else ""
                form.entry(f"name:{seat}", self.names.get(seat) or (own if own != _("Player {n}").format(n=number(1))
                                                                    else ""),
                           placeholder=_("Player {n}").format(n=number(i + 1)))
            else:
                start = bot_label(bot_of(self.bots.get(seat, "Random")))
                form.drop(f"bot:{seat}", bot_choices(), start)
        form.next_row()
        form.note(self.clash or people_note(g, self.humans, self.partners))
        self.clash = ""                 # said once: the next rebuild (more people, a game) has its own note
        y = form.next_row()
        bw = self.pair_width()
        self.buttons = dict(form.buttons)
        ui = self.app.ui
        # Back and Start trade places right to left: the way on is where the reader ends.
        on, back = (W // 2 - bw - 10, W // 2 + 10) if form.rtl else (W // 2 + 10, W // 2 - bw - 10)
        self.buttons["start"] = self.add(UIButton(Rect(on, y, bw, bh), _("Start"), ui,
                                                  object_id=oid("@menu_button")))
        self.buttons["back"] = self.add(UIButton(Rect(back, y, bw, bh), _("Back"), ui,
                                                 object_id=oid("@menu_button")))
        self.buttons["lan"] = self.add(UIButton(Rect(W // 2 - bw - 10, y + bh + 10, 2 * bw + 20, bh),
                                                _("Host on the local network"), ui,
                                                object_id=oid("@menu_button")))

    clash = ""                          # two people typed one name: said on the note line

    def _default_name(self, i: int) -> str:
        """The name a hot-seat person has until they type one: the player's own in the first
        seat (from Settings), "Player 2"... in the others, in the player's language."""
        own = (self.app.settings.player_name or "").strip()
        return own if i == 0 and own and own != "You" else _("Player {n}").format(n=number(i + 1))

    def rebuild_ui(self):
        self._read_names()              # typed names survive a rebuild (resize, more players)
        super().rebuild_ui()

    def draw(self, surface):
        """The felt and title, then the game in a line between the title and the form."""
        super().draw(surface)
        W, H = self.app.size
        g = get_game(self.game)
        target = self.options.get("target", g.option("target").default if g.option("target") else None)
        blit_fit(surface, game_line(self.game, target), self.line_size(), (W // 2, round(H * 0.22) - 4),
                 W * 0.9, CREAM, anchor="midbottom")

    def line_size(self) -> int:
        return max(14, round(self.app.size[1] * 0.026))

    def _read_names(self):
        for name, entry in (self.form.entries.items() if getattr(self, "form", None) else ()):
            self.names[name[5:]] = entry.get_text().strip()

    def ui_event(self, e):
        if e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._read_names()
            return True
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            name = next((n for n, d in self.form.drops.items() if d is e.ui_element), None)
            if name is None:
                return False
            text = self.form.chosen(name, e.text if isinstance(e.text, str) else e.text[0])
            if name == "game":
                self.game = next(g.name for g in GAMES.values() if game_title(g.name) == text)
                self._read_names()
                own = self.names.get("bottom")
                self.form.entries.clear()          # the other names typed belong to the other game's seats
                self._set_table()
                if own:
                    self.names["bottom"] = own
                self.rebuild_ui()
            elif name == "opt:target":
                self.options["target"] = parse_number(text)
            elif name == "humans":
                self.humans, self.partners = next((k, p) for line, k, p in people_choices(get_game(self.game))
                                                  if line == text)
                self._read_names()
                self.form.entries.clear()               # read: the names below are the rebuilt form's
                for seat, known in names_elsewhere(self.app.settings.tables, self.game, self.humans,
                                                   self.partners).items():
                    if not self.names.get(seat):        # the people of another game's table, by their order
                        self.names[seat] = known
                self.rebuild_ui()
            elif name.startswith("bot:"):
                self.bots[name[4:]] = bot_of(text)
            return True
        name = self.pressed(e)
        if option_pressed(get_game(self.game), self.options, name):
            self.rebuild_ui()
        elif name == "back":
            self.app.pop()
        elif name == "start":
            self.start()
        elif name == "lan":
            self._read_names()          # the name just typed is the host's ("Host" stood in the form)
            if self.humans == 1 and self.names.get("bottom"):
                remember_name(self.app, self.names["bottom"])
            self.app.push(open_scene("host_setup", self.app, game=self.game, options=dict(self.options)))
        return name is not None

    def start(self):
        g = get_game(self.game)
        people = people_seats(g, self.humans, self.partners)
        others = [s for s in g.seats if s not in people]
        bots = [bot_of(self.bots.get(s, "Random")) for s in others]
        if self.humans == 1:
            self._read_names()
            remember_name(self.app, self.names.get("bottom", ""))
            names = {"bottom": self.names.get("bottom") or self.app.settings.player_name}
        else:
            # A name left as it was offered stays the table's default ("Player 2"), which
            # every screen words in its own language; a typed one is kept as typed.
            self._read_names()
            names = {seat: self.names[seat] for i, seat in enumerate(people)
                     if self.names.get(seat) and self.names[seat] != _("Player {n}").format(n=number(i + 1))}
            self.clash = name_clash(names)
            if self.clash:                 # "ann" became "ann 2" in silence, and was filed so
                self.rebuild_ui()
                return
        self.app.settings.game = self.game
        self.app.settings.tables.pop(self.game, None)       # set up last: the last in their order
        self.app.settings.tables[self.game] = {
            "options": option_values(g, self.options), "humans": self.humans, "partners": self.partners,
            "bots": {s: b for s, b in zip(others, bots, strict=True)},
            "names": {s: n for s, n in names.items() if s != "bottom" or self.humans > 1}}   # hot-seat: all
        self.app.save_settings()
        link = open_local(g, option_values(g, self.options), humans=self.humans, bots=bots, names=names,
                          save_dir=saves_dir(), wake=self.app.wake, bot_delay=self.app.bot_pace,
                          stats_path=stats_path(), hints=self.app.settings.hints, partners=self.partners)
        self.app.reset(open_scene("main_menu", self.app))
        self.app.push(open_scene("table", self.app, link=link))
