"""The main menu and the pause menu.  (New game, Settings, the rules pages,
Replays and the LAN screens have modules of their own; screens open each
other by name through ``scenes.open_scene``.)"""
from __future__ import annotations

import pygame

from host.local import resume_local
from host.saves import list_saves
from rules import RulesError

from .config import saves_dir, stats_path
from .forms import MenuScene, draw_fan
from .host_setup import unfinished_lan_tables
from .coach_draw import wrap
from .host_words import refusal
from .i18n import N_, _, is_rtl, ngettext, number, seat_name
from .layout import Layout
from . import lan_seats
from .scenes import open_scene
from .theme import GOLD, CREAM, DIM, OVERLAY, RED, SHADE, blit_text, fit_size, panel, shade


class MainMenu(MenuScene):
    subtitle = N_("four trick-taking games at one table")

    def __init__(self, app):
        super().__init__(app)
        self.notes = []
        self.saves = []
        self.resumable = []

    def enter(self):
        self.saves = list_saves(saves_dir())
        # The newest match left unfinished, a LAN table this machine hosted included: Resume
        # takes a host back to it (through Host on the local network, to open it again).
        # A seat kept at a friend's LAN table too: Resume looks for that table to take it back.
        # And a match the game left on its last deal: Resume shows its summary and results.
        lan = [dict(e, lan=True) for e in unfinished_lan_tables()]
        kept = lan_seats.resumable()
        seat = [dict(kept, seat_kept=True, mtime=kept["at"])] if kept else []
        self.resumable = sorted([s for s in self.saves if s["ok"] and (not s["finished"] or s.get("end_unseen"))] + lan + seat,
                                key=lambda e: -e["mtime"])
        self.notes = list(self.app.messages)
        self.app.messages.clear()
        bad = [s for s in self.saves if not s["ok"]]
        if bad:
            self.notes.append(ngettext("{n} file in the saves folder could not be read (left untouched): "
                                       "see Replays",
                                       "{n} files in the saves folder could not be read (left untouched): "
                                       "see Replays", len(bad)).format(n=number(len(bad))))
        super().enter()
        if self.focus is None and self.resumable:      # a match left: the keyboard starts on Resume
            self.set_focus("resume")

    def build_ui(self):
        self.column([("new", _("New game"), True),
                     ("resume", _("Resume"), bool(self.resumable)),
                     ("lan", _("Join a LAN game"), True),
                     ("replays", _("Replays"), True),
                     ("stats", _("Statistics"), True),
                     ("rules", _("Rules"), True),
                     ("settings", _("Settings"), True),
                     ("quit", _("Quit"), True)], top=round(self.app.size[1] * 0.25))   # 8 fit at 600 px

    def ui_event(self, e):
        name = self.pressed(e)
        screens = {"new": "new_game", "lan": "lobby", "replays": "replays", "rules": "rules",
                   "settings": "settings", "stats": "statistics"}
        if name in screens:
            self.app.push(open_scene(screens[name], self.app))
        elif name == "resume" and self.resumable[0].get("seat_kept"):
            self.app.push(open_scene("lobby", self.app, seeking=self.resumable[0]))
        elif name == "resume" and self.resumable[0].get("lan"):
            entry = self.resumable[0]
            self.app.push(open_scene("host_setup", self.app, game=entry["game"], resume_path=entry["path"]))
        elif name == "resume":
            self.resume(self.resumable[0]["path"])
        elif name == "quit":
            self.app.quit()
        return name is not None

    def resume(self, path):
        try:
            link = resume_local(path, wake=self.app.wake, bot_delay=self.app.bot_pace, stats_path=stats_path(),
                                hints=self.app.settings.hints)
        except RulesError as e:
            self.notes.append(refusal(e.code) if e.code in ("match_open", "unreadable_file", "not_a_record")
                              else _("{error} (the file is left as it is)").format(error=e))
            return
        self.app.push(open_scene("table", self.app, link=link))

    def busy(self):
        return not self.card_images().warm

    def update(self, dt):
        # Idle time in the menu draws the card faces the table will need.
        imgs = self.card_images()
        if not imgs.warm:
            imgs.warm_step(0.010)

    def draw(self, surface):
        super().draw(surface)
        W, H = surface.get_size()
        L = Layout((W, H))
        imgs = self.card_images()
        if imgs.warm:
            draw_fan(surface, imgs, ["AS", "KH", "QC", "JD", "TS"], (W * 0.16, H * 0.62), L.cw)
            draw_fan(surface, imgs, ["2S", "3S", "4S", "5S", "6S"], (W * 0.84, H * 0.62), L.cw)
        fs = max(12, round(H * 0.02))
        self.notes_rect = self._draw_notes(surface) if self.notes else None
        # what F11 does now (full screen, it said "full screen" still)
        blit_text(surface, _("F11: window") if self.app.fullscreen else _("F11: full screen"), fs * 0.9,
                  (W - 10, 8), DIM, anchor="topright")

    def _draw_notes(self, surface: pygame.Surface) -> pygame.Rect:
        """Why a table closed, a setting ignored: a panel beside the buttons, above the cards
        (under the buttons, at the window's foot, a note hid behind Quit at 1024 x 600)."""
        W, H = surface.get_size()
        width, size = round(W * 0.27), max(13, round(H * 0.024))
        wrapped = [wrap(note, size, width - size * 1.6, lines=4) for note in self.notes[-3:]]
        height = sum(round(sz * 1.35) * len(lines) + sz * 0.5 for sz, lines in wrapped) + size
        rect = pygame.Rect(round(W * 0.02), round(H * 0.2), width, round(height))
        if is_rtl():
            rect.right = W - round(W * 0.02)
        panel(surface, rect, fill=OVERLAY)
        y = rect.y + size * 0.6
        for sz, lines in wrapped:
            for line in lines:
                x, anchor = (rect.right - sz * 0.8, "topright") if is_rtl() else (rect.x + sz * 0.8, "topleft")
                blit_text(surface, line, sz, (x, y), CREAM, anchor=anchor)
                y += round(sz * 1.35)
            y += sz * 0.5
        return rect


class PauseScene(MenuScene):
    """Over the table: the match is saved after every action, so leaving is safe.
    At a LAN table, leaving lets a bot play the seat (the host closes the table)."""

    overlay = True
    title = None

    def __init__(self, app, game="manfee", lan=False, hosting=False, saved=True, unsaved=None, my_turn=None,
                 link=None):
        super().__init__(app)
        self.link = link         # the table's: its host may send people away (``lan_people``)
        self.my_turn = my_turn or (lambda: False)     # does the table under the menu wait for this player?
        self.game = game
        # False over a replay (nothing is being saved) and after a save failed (a full disk, a
        # read-only folder): the buttons do not promise what is not so, and a line says why.
        self.saved = saved and not unsaved
        self.unsaved = unsaved
        self.lan = lan
        self.hosting = hosting
        self.armed = None        # the button pressed once (asks_twice: the host's, a seated friend's)
        self.unarmed: dict = {}  # an armed button's own words, said again when the other is armed

    def build_ui(self):
        leave = ((_("Close the table") if self.hosting else _("Leave the table")) if self.lan
                 else _("Main menu (saved)") if self.saved else _("Main menu"))
        items = [("resume", _("Back to the table"), True), ("settings", _("Settings"), True),
                 ("rules", _("Rules"), True)]
        if self.lan and self.hosting and self.link is not None:      # send a stranger away
            items.append(("people", _("People at the table"), True))
        if (kept := self.kept_seat()) is not None:       # a watcher whose seat is kept for them
            items.insert(1, ("seat_back", _("Take your seat back ({seat})").format(seat=seat_name(kept["seat"])), True))
        items += [("menu", leave, True), ("quit", _("Quit (saved)") if self.saved and not self.lan else _("Quit"), True)]
        self.column(items, top=round(self.app.size[1] * 0.3))

    def draw(self, surface):
        # Hot-seat: a person who walks away on this menu must not leave their hand readable
        below = self.app.scenes[-2] if len(self.app.scenes) > 1 else None
        shade(surface, (4, 12, 8, 255) if getattr(below, "hotseat", False) else SHADE)
        W, H = surface.get_size()
        # A LAN table does not wait for one screen's menu: it is not "Paused".
        blit_text(surface, _("Menu") if self.lan else _("Paused"), max(28, round(H * 0.07)), (W // 2, round(H * 0.14)),
                  GOLD, bold=True, anchor="midtop", shadow=True)
        if self.armed:              # the host's save keeps the match: Resume opens the table again
            warning = (_("Press again: the table closes for everyone until you resume it") if self.hosting
                       else _("Press again: you leave the table; a bot plays for you until you come back"))
            self.warning_rect = blit_text(surface, warning, fit_size(warning, max(16, round(H * 0.032)), W * 0.9, bold=True),
                                          (W // 2, round(H * 0.23)), RED, bold=True, anchor="midtop", shadow=True)
        elif self.unsaved:
            line = _("Not saved: leaving now loses the moves since the last save ({error})").format(
                error=str(self.unsaved).removeprefix("autosave failed: "))
            blit_text(surface, line, fit_size(line, max(15, round(H * 0.028)), W * 0.9),
                      (W // 2, round(H * 0.23)), RED, bold=True, anchor="midtop", shadow=True)
        elif self.lan:          # "plays on" while it waited for this very player read as untrue
            line = _("The table waits for your move") if self.my_turn() else _("The table plays on meanwhile")
            blit_text(surface, line, fit_size(line, max(15, round(H * 0.028)), W * 0.9),
                      (W // 2, round(H * 0.23)), CREAM, anchor="midtop", shadow=True)

    def process_event(self, e):
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return self.keyboard(e)

    def kept_seat(self) -> dict | None:
        """The seat this machine keeps at the table a watcher's screen watches (``lan_seats``),
        or None: a friend who chose Watch could take their seat back only from the main menu."""
        link = self.link
        if not (self.lan and not self.hosting and link is not None and not link.my_seats()):
            return None
        key = link.match_key()
        if not key:
            return None
        held = lan_seats.seat_at(link.table_name, link.game.seats, key.removeprefix("lan-"))
        return next((d for d in lan_seats.load() if held and d["token"] == held[1]), None)

    def asks_twice(self) -> bool:
        """Does leaving take a second press?  The host's (the table is everyone's match) and a
        LAN friend's with a seat (one click left a deal to a bot: a Dari family's joiner)."""
        return self.hosting or bool(self.lan and self.link is not None and self.link.my_seats()
                                    and not self.link.view().get("finished"))    # over: nobody stands in

    def holds_quit(self):
        """The window's close button is the Quit button: at a LAN table, pressed twice."""
        if not self.asks_twice() or self.armed == "quit":
            return False
        self._arm("quit")
        return True

    def _arm(self, name: str) -> None:
        """``name`` (Menu or Quit) asks for its second press; the other one, armed before,
        says its own words again (Menu kept "Press again", and pressed, only armed itself)."""
        if self.armed in self.unarmed and self.armed in self.buttons:
            self.relabel(self.buttons[self.armed], self.unarmed[self.armed])
        self.unarmed[name] = self.buttons[name].text
        self.armed = name
        self.relabel(self.buttons[name], _("Press again"))

    def ui_event(self, e):
        name = self.pressed(e)
        if self.asks_twice() and name in ("menu", "quit") and self.armed != name:
            # The host's table is everyone's match, a friend's seat goes to a bot: not at one click.
            # The button says what to do (its width holds no more); the warning is a line of its own.
            self._arm(name)
            return True
        if name == "resume":
            self.app.pop()
        elif name == "settings":
            self.app.push(open_scene("settings", self.app))
        elif name == "rules":
            self.app.push(open_scene("rules", self.app, game=self.game, overlay=True))
        elif name == "people":
            self.app.push(open_scene("lan_people", self.app, link=self.link, screens=2))
        elif name == "seat_back" and (kept := self.kept_seat()) is not None:
            # leave watching, and the lobby finds the table and takes the seat back (as Resume does)
            self.app.reset(MainMenu(self.app))
            self.app.push(open_scene("lobby", self.app, seeking=kept))
        elif name == "menu":
            self.app.reset(MainMenu(self.app))
        elif name == "quit":
            self.app.quit()
        return name is not None
