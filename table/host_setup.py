"""Host on the local network: the table's name, the game and its options (the
game's own declarations, as in New game), and who sits in each seat: You, an
open seat for a friend, or a bot.  Open the table starts a ``net.HostServer``
on a worker thread (the frame never waits) and seats this screen at it."""
from __future__ import annotations

import threading
import time

import pygame_gui
from pygame import Rect
from pygame_gui.elements import UIButton

from bots import CHARACTERS
from host.saves import list_saves, new_lan_save
from rules import RulesError
from rules.games import GAMES, get_game

from .config import lan_folder, stats_path
from .forms import Form, MenuScene, oid, option_pressed, option_row_count, option_rows, option_values
from .i18n import N_, _, character_name, game_title, is_rtl, number, seat_name
from .words import when_played
from .new_game import STRENGTH, default_name, parse_number, remember_name, table_for  # noqa: F401  (lobby)
from .scenes import open_scene
from .text import paragraph_rtl
from .theme import CREAM, blit_text
from .widgets import follow_script

# A seat's choice is kept in these English words (codes, never shown as they are:
# ``seat_choice_text`` words them for the screen).
YOU, OPEN, RANDOM = "You", "Open seat (a friend)", "Bot: random"
BOT_CHOICES = [f"Bot: {c.title()} ({STRENGTH[c]}/9)" for c in CHARACTERS]


def seat_choice_text(choice: str) -> str:
    """A seat's choice as the drop-down shows it, in the player's language."""
    if choice == YOU:
        return _("You")
    if choice == OPEN:
        return _("Open seat (a friend)")
    if choice == RANDOM:
        return _("Bot: random")
    code = choice.split(":", 1)[1].split("(")[0].strip().upper()
    return _("Bot: {character} ({level}/9)").format(character=character_name(code), level=number(STRENGTH[code]))


def lan_options(app) -> dict:
    """Where the network is: ``interfaces``, ``bind``, ``port`` (tests confine it to loopback)."""
    return dict(getattr(app, "lan_options", None) or {})


def stop_later(obj, *args) -> None:
    """Stop a server or browser on a worker thread (zeroconf's goodbyes take a moment)."""
    def run():
        try:
            obj.stop(*args)
        except Exception:
            pass
    threading.Thread(target=run, name="manfee-lan-stop", daemon=True).start()


def unfinished_lan_tables() -> list:
    """The LAN tables this machine hosted that stopped mid-match, newest first: not one closed
    before its first deal with nobody seated (nothing to go back to)."""
    return [e for e in list_saves(lan_folder()) if e["ok"] and not e["finished"] and (e["deals"] or e["friends"])]


def _table_words(entry: dict, totals: bool = True) -> dict:
    game = game_title(entry["game"]) if entry["game"] in GAMES else entry["game"]
    when = when_played(time.localtime(entry["mtime"]))
    deal = _("deal {n}").format(n=number(max(1, entry["deals"])))
    if totals and entry.get("totals"):
        # a colon, not a middle dot: in Dari "·" reads as the digit zero beside numbers
        deal = _("{deal}: {totals}").format(deal=deal, totals=" – ".join(number(v) for v in entry["totals"].values()))
    return dict(table=entry.get("table") or _("your table"), game=game, deal=deal, when=when)


def resume_label(entry: dict) -> str:
    """``Resume “Ana's table” (Manille, deal 3: 41 – 12, 30 Nov 21:40)``."""
    return _("Resume “{table}” ({game}, {deal}, {when})").format(**_table_words(entry))


def unfinished_label(entry: dict) -> str:
    """One line of the list of unfinished tables: ``“Ana's table” (Manille, deal 3, 30/11 21:40)``
    (the scores are on the Resume button under it: with them the line was cut in French)."""
    return _("“{table}” ({game}, {deal}, {when})").format(**_table_words(entry, totals=False))


TABLE_NAME_MAX = 32                 # the Table name field's limit (forms.Form.entry)


def default_table_name(host_name: str) -> str:
    """The table's name until the host types one: "Ana's table", or a word when the host
    kept the default name ("The host's table", "Table de l'hôte").  In Dari a Latin name
    is the whole default: a text field draws a line right to left with no bidi, so
    "میز Ana" would show as "میز anA" (``widgets.follow_script`` sets a Latin-only
    line left to right).

    The name is shortened to fit the field (a 32-letter name made a default the field
    refused, and the table was left with no name at all).

    >>> default_table_name("Ana")
    "Ana's table"
    >>> default_table_name("Bartholomew Alexander Fitzgerald")
    "Bartholomew Alexander F…'s table"
    """
    if not host_name or host_name == _("Host"):
        return _("The host's table")
    if is_rtl() and any(c.isascii() and c.isalpha() for c in host_name) and not paragraph_rtl(host_name):
        return host_name[:TABLE_NAME_MAX]
    words = _("{name}'s table")
    room = TABLE_NAME_MAX - (len(words) - len("{name}"))
    name = host_name if len(host_name) <= room else host_name[:room - 1].rstrip() + "…"
    return words.format(name=name)


class HostSetupScene(MenuScene):
    """Name the table, pick the game and its options, and say who sits where."""

    title = N_("Host on the local network")

    def __init__(self, app, game="manfee", resume_path=None, options=None):
        super().__init__(app)
        self.game = game
        # the form as the host last opened a table (Settings.lan_table): its name, code, hints,
        # options; ``options``: New game's, just chosen there ("Match to 5" came as 10)
        kept = app.settings.lan_table
        self.table_name = kept.get("name")
        self.host_name = default_name(app, _("Host"))
        self.options = table_for(game, {"options": options if options is not None
                                        else (kept.get("options") or {}).get(game)})["options"]
        self.private = kept.get("private", False)
        self.hints = kept.get("hints", bool(app.settings.hints))    # the coach's Hint button, for all alike
        self.choices = self._last_seats(game)        # seat -> YOU / OPEN / RANDOM / "Bot: Kado (1/9)"
        self.status = None
        self.starting = None         # the worker thread starting the server
        self.result = None           # (server, seat, addresses) or an exception
        self.unfinished = unfinished_lan_tables()
        # which of them Resume opens (a list when there are several; the main menu's Resume names one)
        self.resume_pick = next((i for i, e in enumerate(self.unfinished) if e["path"] == resume_path), 0)
        self.form = None

    def _last_seats(self, game):
        """The seats as last chosen for ``game`` (a bot seat went back to an open one each time)."""
        last = (self.app.settings.lan_table.get("seats") or {}).get(game) or {}
        ok = all(c in (YOU, OPEN, RANDOM, *BOT_CHOICES) for c in last.values()) and list(last.values()).count(YOU) == 1
        return dict(last) if ok else {}

    def _seats(self):
        seats = get_game(self.game).seats
        for i, seat in enumerate(seats):
            self.choices.setdefault(seat, YOU if i == 0 else OPEN)
        for seat in list(self.choices):
            if seat not in seats:
                del self.choices[seat]
        return seats

    def build_ui(self):
        W, H = self.app.size
        g = get_game(self.game)
        if self.table_name is None:
            self.table_name = default_table_name(self.host_name)
        bh = max(40, round(H * 0.065))
        rows = 7 + option_row_count(g) + g.n + min(2, len(self.unfinished))
        form = self.form = Form(self, round(H * 0.2), rows, H - bh - 40)
        # Too many rows even squeezed (the muette's options, two unfinished tables, 600
        # pixels): the note on when the match starts goes, or the status fell off the window.
        with_note = not form.overflows
        if not with_note:
            form = self.form = Form(self, round(H * 0.2), rows - 1, H - bh - 40)
        self.title_scale = 0.7 if form.squeezed else 1.0
        form.label(_("Table name"))
        form.entry("table", self.table_name)
        form.next_row()
        form.label(_("Your name"))
        form.entry("name", self.host_name)
        form.next_row()
        form.label(_("Game"))
        form.drop("game", [game_title(x.name) for x in GAMES.values()], game_title(g.name))
        form.next_row()
        option_rows(form, g, self.options, note=_(" (for everyone)"))
        form.next_row()
        form.label(_("Access"))
        form.toggle("private", _("Private: friends type a code") if self.private
                    else _("Open to anyone on this network"))
        form.next_row()
        form.label(_("Hints"))
        form.toggle("hints", _("Hints: on for everyone") if self.hints else _("Hints: off"))
        options = [seat_choice_text(c) for c in [YOU, OPEN, RANDOM] + BOT_CHOICES]
        self.seat_texts = {seat_choice_text(c): c for c in [YOU, OPEN, RANDOM] + BOT_CHOICES}
        for seat in self._seats():
            form.next_row()
            form.label(_("Seat: {seat}").format(seat=seat_name(seat)), "@note_label")
            form.drop(f"seat:{seat}", options, seat_choice_text(self.choices[seat]))
        if with_note:
            form.next_row()
            form.note(_("The match starts once every open seat is taken (or filled with bots)."))
        if len(self.unfinished) > 1:
            # Several tables stopped mid-match (two groups of friends, two evenings):
            # the host picks which one Resume opens.
            form.next_row()
            form.label(_("Unfinished tables"))
            self.pick_texts = {}
            for i, e in enumerate(self.unfinished):
                text, base, k = unfinished_label(e), unfinished_label(e), 1
                while text in self.pick_texts:          # two tables of one name saved in one minute
                    k += 1
                    text = f"{base} ({number(k)})"
                self.pick_texts[text] = i
            shown = next(t for t, i in self.pick_texts.items() if i == self.resume_pick)
            form.drop("resume_pick", list(self.pick_texts), shown)
        if self.unfinished:
            form.next_row()
            form.toggle("resume", resume_label(self.unfinished[self.resume_pick]), x=-(form.lw + 10),
                        width=form.lw + 10 + form.cw)
        y = form.next_row()
        self.buttons = dict(form.buttons)
        bw = self.pair_width()
        on, back = (W // 2 - bw - 10, W // 2 + 10) if form.rtl else (W // 2 + 10, W // 2 - bw - 10)
        self.buttons["start"] = self.add(UIButton(Rect(on, y, bw, bh), _("Open the table"), self.app.ui,
                                                  object_id=oid("@menu_button")))
        self.buttons["back"] = self.add(UIButton(Rect(back, y, bw, bh), _("Back"), self.app.ui,
                                                 object_id=oid("@menu_button")))
        self.status_y = y + bh + 6
        if self.starting is not None:
            self._launch_buttons(False)

    def _launch_buttons(self, enabled):
        """Open the table / Resume: off while a server is starting."""
        for name in ("start", "resume"):
            if name in self.buttons:
                (self.buttons[name].enable if enabled else self.buttons[name].disable)()

    def rebuild_ui(self):
        self._read_entries()            # typed text survives a rebuild (resize, game change)
        super().rebuild_ui()

    def _read_entries(self):
        for name, e in (self.form.entries.items() if self.form else ()):
            text = e.get_text().strip()
            if name == "table":
                self.table_name = text
            else:
                self.host_name = text

    def ui_event(self, e):
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            name = next((n for n, d in self.form.drops.items() if d is e.ui_element), None)
            if name is None:
                return False
            self._read_entries()
            text = self.form.chosen(name, e.text if isinstance(e.text, str) else e.text[0])
            if name == "game":
                self.game = next(g.name for g in GAMES.values() if game_title(g.name) == text)
                self.options = table_for(self.game, {"options": (self.app.settings.lan_table.get("options")
                                                                 or {}).get(self.game)})["options"]
                self.choices = self._last_seats(self.game)
                self.rebuild_ui()
            elif name == "resume_pick":
                self.resume_pick = self.pick_texts.get(text, self.resume_pick)
                self.rebuild_ui()
            elif name == "opt:target":
                self.options["target"] = parse_number(text)
            elif name.startswith("seat:"):
                seat = name[5:]
                text = self.seat_texts.get(text, text)
                if text == YOU:
                    for s, c in self.choices.items():
                        if c == YOU and s != seat:
                            self.choices[s] = OPEN
                self.choices[seat] = text
                self.rebuild_ui()
            return True
        if e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            named = default_table_name(self.host_name)
            self._read_entries()
            # While the table's name is still the one made from the host's, it follows the
            # host's name as it is typed ("The host's table" stayed so after typing "Ana").
            table = self.form.entries.get("table") if self.form else None
            if e.ui_element is self.form.entries.get("name") and table is not None and self.table_name == named:
                self.table_name = default_table_name(self.host_name)
                table.set_text(self.table_name)
                follow_script(table)
            return True
        name = self.pressed(e)
        if option_pressed(get_game(self.game), self.options, name):
            self.rebuild_ui()
        elif name == "private":
            self.private = not self.private
            self.rebuild_ui()
        elif name == "hints":
            self.hints = not self.hints
            self.rebuild_ui()
        elif name == "back":
            self.app.pop()
        elif name == "start":
            self.start()
        elif name == "resume":
            self.resume(self.unfinished[self.resume_pick]["path"])
        return name is not None

    def specs(self):
        """Seat specs for HostServer: host:NAME, open, bot, bot:CHARACTER."""
        out = {}
        for seat in self._seats():
            c = self.choices[seat]
            if c == YOU:
                out[seat] = f"host:{self.host_name or 'Host'}"
            elif c == OPEN:
                out[seat] = "open"
            elif c == RANDOM:
                out[seat] = "bot"
            else:
                out[seat] = "bot:" + c.split(":", 1)[1].split("(")[0].strip().upper()
        return out

    def start(self):
        """Open the table: the server starts on a worker thread; the frame goes on."""
        if self.starting is not None:
            return
        self._read_entries()
        specs = self.specs()
        if sum(1 for v in specs.values() if v.startswith("host")) != 1:
            self.status = _("Choose your own seat: one seat must be “You”.")
            return
        if not self.table_name:
            self.status = _("Give the table a name.")
            return
        g = get_game(self.game)
        remember_name(self.app, self.host_name)
        kept = self.app.settings.lan_table
        named = self.table_name != default_table_name(self.host_name)    # else it follows the host's name
        kept.update(private=self.private, hints=self.hints, options=dict(kept.get("options") or {},
                                                                          **{self.game: option_values(g, self.options)}),
                    seats=dict(kept.get("seats") or {}, **{self.game: dict(self.choices)}))
        if named:
            kept["name"] = self.table_name
        else:
            kept.pop("name", None)
        self.app.settings.game = self.game
        self.app.save_settings()
        self.status = _("Opening the table…")
        self._launch(self.table_name, self.game, option_values(g, self.options), specs, None)

    def resume(self, path):
        """Open again a LAN table whose host stopped mid-match, from its save: the same
        seats, names, bots and tokens; friends come back with Reconnect, and a bot
        stands in for anyone who does not."""
        if self.starting is not None:
            return
        self.status = _("Opening the table again…")
        self._launch(None, None, None, None, path)

    def _launch(self, table, game, options, specs, resume):
        args = (table, game, options, specs, resume)
        self.starting = threading.Thread(target=self._start_server, args=args, name="manfee-host-start",
                                         daemon=True)
        self.starting.start()
        self._launch_buttons(False)

    def _start_server(self, table, game, options, specs, resume=None):
        from net import HostServer, DEFAULT_PORT
        opts = lan_options(self.app)
        save = resume or new_lan_save(game)
        ports = [opts["port"]] if "port" in opts else [DEFAULT_PORT, 0]
        error = None
        for port in ports:
            try:
                server = HostServer(table, game, options, specs, host_name=self.host_name or "Host",
                                    bind=opts.get("bind", ""), port=port, interfaces=opts.get("interfaces"),
                                    save_path=save, resume=resume, wake=self.app.wake,
                                    grace=opts.get("grace", 20.0), bot_delay=self.app.bot_pace,
                                    join_code=True if self.private else None, hints=self.hints,
                                    stats_path=stats_path())
            except (RulesError, ValueError) as e:         # a resumed file that no longer reads
                self.result = e
                self.app.wake()
                return
            mine = [seat for seat in server.seats if server.is_host_seat(seat)]
            if len(mine) != 1:
                self.result = ValueError("that table has no seat of its host")
                self.app.wake()
                return
            try:
                server.start()
            except OSError as e:
                error = e
                continue
            self.result = (server, mine[0])
            self.app.wake()
            return
        self.result = error or OSError("cannot listen")
        self.app.wake()

    def update(self, dt):
        if self.starting is None or self.starting.is_alive() or self.result is None:
            return
        result, self.starting, self.result = self.result, None, None
        if isinstance(result, BaseException):
            self.status = _("Cannot open the table: {reason}").format(
                reason=getattr(result, "strerror", None) or result)
            self._launch_buttons(True)
            return
        server, seat = result
        link = server.local_link(seat, wake=self.app.wake, summaries=True)
        self.app.reset(open_scene("main_menu", self.app))
        self.app.push(open_scene("table", self.app, link=link))

    def busy(self):
        return self.starting is not None

    def close(self):
        result = self.result
        if isinstance(result, tuple):
            stop_later(result[0], "the host closed the table", False)

    def draw(self, surface):
        super().draw(surface)
        if self.status:
            W, H = surface.get_size()
            blit_text(surface, self.status, max(13, round(H * 0.024)), (W // 2, getattr(self, "status_y", H - 40)),
                      CREAM, anchor="midtop", shadow=True)
