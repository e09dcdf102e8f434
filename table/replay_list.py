"""Replays: every match of the saves folder (and the finished LAN matches hosted
here, ``saves/lan/``, marked LAN), finished ones first, each with its date, game,
players and result; a game filter; Watch, Review, Resume, and Delete for a match
left unfinished (it asks first).  A file that cannot be opened is listed with its name
and why in plain words (not the parser's "Expecting value: line 1 column 1171"); the game
leaves it as it is, and Delete, pressed twice, removes it (the main menu spoke of it at
every start, and nothing here could remove it).
"""
from __future__ import annotations

import os
import time

import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList

from host.joined import joined_folder, joined_match_id, joined_seat
from host.replay import ReplayLink
from host.saves import delete_save, list_saves
from rules import RulesError
from rules.games import GAMES
from rules.store import load_record

from .coach_work import any_reviewable
from .config import saves_dir
from .forms import MenuScene, tall_label
from .i18n import N_, _, game_title, is_rtl, ngettext, number
from .scenes import open_scene
from .menu_keys import DROP
from .text import as_unit
from .widgets import line_text, widget_lines
from .theme import ARABIC_SCALE, clip_text, font_spec, text_width
from .widgets import DropDown
from .words import player_name, side_score, when_played


def default_note() -> str:
    """The line under the list when nothing more particular is to be said."""
    return _("Choose a finished match to watch it, or one in progress to resume it.")


# Why a file cannot be opened, by its ``RulesError`` code (``host.saves``: ``damage``).
DAMAGE = {"unreadable_file": N_("cannot be read (the system refuses it)"),
          "not_a_record": N_("damaged: cut short or garbled")}


def damage_why(e: dict) -> str:
    """Why a file cannot be opened, in a player's words."""
    return _(DAMAGE.get(e.get("damage") or "", N_("not a match this game can replay")))


def damage_words(e: dict) -> str:
    """A file that cannot be opened, in a player's words: its name and why."""
    why = damage_why(e)
    name = e["name"] if len(e["name"]) <= 48 else e["name"][:32] + "…" + e["name"][-12:]   # its end kept
    return _("{file}: {why}").format(file=name, why=why)


def list_replays() -> list[dict]:
    """The matches to list: finished ones first, then those left unfinished, then the
    files that cannot be read; newest first within each."""
    lan = [dict(e, lan=True) for e in list_saves(os.path.join(saves_dir(), "lan"))
           if not e["ok"] or e["finished"]]
    # this screen's own records of LAN matches it sat at (``host.joined``): watched and
    # reviewed, finished or not (the host may stop early), never resumed here
    joined = [dict(e, lan=True, joined=True) for e in list_saves(joined_folder())]
    entries = list_saves(saves_dir()) + lan + joined
    rank = {True: 0, False: 1}
    return sorted(entries, key=lambda e: (2 if not e["ok"] else rank[bool(e["finished"])], -e["mtime"]))


class ReplaysScene(MenuScene):
    title = N_("Replays")

    def __init__(self, app):
        super().__init__(app)
        self.entries = []
        self.selected = None
        # the filter (None: every game) and the match last opened, as they were: back from a
        # replay the list stood at its top, 300 rows from the match watched
        self.game, self.opened = getattr(app, "replays_place", (None, None))
        self.armed = None              # the file whose Delete was pressed once: a second press deletes it

    def enter(self):
        self.entries = list_replays()
        super().enter()

    def shown(self) -> list[dict]:
        return [e for e in self.entries if self.game is None or e.get("game") == self.game]

    def row_room(self) -> float:
        """How wide a row's words may be: the list's width less its padding and scroll bar."""
        return round(self.app.size[0] * 0.84) - 60

    def label(self, e: dict) -> str:
        """A row: when it was last played, the game and how it stands, the score, the deals.
        Too long a row gives way in its names ("Maximiliaan-Al… & Bo"), never in the rest."""
        when = when_played(time.localtime(e.get("mtime") or 0))
        if e.get("lan"):            # a match this screen watched, not played: said so
            when += "    " + (_("LAN, watched") if e.get("watched") else _("LAN"))
        size, _bold = font_spec("selection_list.@selection_list_item")
        if not e["ok"]:                 # cut short with an ellipsis where it is too long, not mid-word
            return clip_text(_("{when}    {damage}").format(when=when, damage=damage_words(e)), size, self.row_room())
        players = e.get("players") or {}
        measure = round(size * ARABIC_SCALE) if is_rtl() else size
        title = game_title(e["game"]) if e["game"] in GAMES else e["game"]
        # deals played out: an unfinished match's deal just dealt said "(4 deals)" beside 3 scores
        n = e.get("played", e["deals"])
        deals = ngettext("{n} deal", "{n} deals", n).format(n=number(n))

        def row(cut: float | None) -> str:
            def side(name):
                return _(" & ").join(as_unit(clip_text(player_name(players, s), measure, cut) if cut
                                         else player_name(players, s)) for s in name.split("-"))
            score = "  –  ".join(side_score(side(k), v, widget=True) for k, v in (e.get("totals") or {}).items())
            w = e.get("winner")
            # a friend's copy that stopped (a deal missed, the host gone) is not "in progress" for ever
            state = (_("won by {side}").format(side=side(w)) if w else _("a draw")) if e["finished"] \
                else _("unfinished here") if e.get("joined") else _("in progress")
            return _("{when}    {game}, {state}    {score}    ({deals})").format(
                when=when, game=title, state=state, score=score, deals=deals)
        out, cut = row(None), float(measure * 12)
        while text_width(out, size, False) > self.row_room() and cut > measure * 2:
            out, cut = row(cut), cut * 0.85       # every name a little shorter until the row fits
        return out

    def build_ui(self):
        self.armed = None               # a Delete pressed once is not carried over a rebuilt screen
        W, H = self.app.size
        ui = self.app.ui
        top = round(H * 0.2)
        left, width = round(W * 0.08), round(W * 0.84)
        rh = max(32, round(H * 0.05))
        k = self.app.ui_scale                # the words grow with the window: their boxes too
        head_w = min(round(160 * k), width // 3)
        heading = pygame.Rect(left, top, head_w, rh)
        drop = pygame.Rect(left + head_w + 10, top, min(round(300 * k), width - head_w - 10), rh)
        if is_rtl():                        # the filter row starts at the list's right edge
            heading.right, drop.right = left + width, left + width - head_w - 10
        self.add(tall_label(ui, heading, _("Game")))
        choices = [_("All games")] + [game_title(n) for n in GAMES]
        current = game_title(self.game) if self.game else choices[0]
        self.filter = self.add(DropDown(choices, current, drop, ui))
        top += rh + 10
        self.rows = [self.label(e) for e in self.shown()] or [_("no saved matches yet")]
        # A Dari name in an English, Dutch or French list: the row laid out and shaped for pygame_gui,
        # in the Arabic font (theme "#arabic_item"), or it showed as boxes; a choice maps back to its row.
        shown = widget_lines(self.rows)
        self.row_of = {line_text(x): r for x, r in zip(shown, self.rows, strict=True)}
        # From the foot up: the buttons (as tall as their words), the note, then the list.
        bh = round(54 * k)
        button_y = H - bh - round(42 * k)
        note_y = button_y - round(44 * k)
        self.list = self.add(UISelectionList(pygame.Rect(left, top, width, note_y - 10 - top), shown, ui))
        self.note = self.add(tall_label(ui, pygame.Rect(left, note_y, width, round(36 * k)),
                                        default_note(),
                                        "@note_label"))
        names = (("back", _("Back")), ("watch", _("Watch")), ("review", _("Review")), ("resume", _("Resume")),
                 ("delete", _("Delete")))
        gap = 16
        bw = min(self.pair_width(), (width - gap * (len(names) - 1)) // len(names))
        self.buttons = self.button_row(list(names), button_y, bw, bh, gap)
        self._enable()
        if self.selected is None and self.opened:       # the match watched last, back from it
            self.selected = next((self.label(e) for e in self.shown() if e["path"] == self.opened), None)
        if self.shown():        # the newest match chosen, its buttons live (every row looked chosen, none was)
            self._choose(self.rows.index(self.selected) if self.selected in self.rows else 0)

    def _entry(self):
        if self.selected is None:
            return None
        return next((e for e in self.shown() if self.label(e) == self.selected), None)

    def _enable(self):
        e = self._entry()
        ok = e is not None and e["ok"]
        done = ok and (e["finished"] or bool(e.get("joined")))
        review = done and self._reviewable(e)
        hidden = _("No deal here to review: with several people at the table, only a deal played to its last card can be reviewed.")
        if done and not review:          # it opened on an empty review
            self.relabel(self.note, hidden)
        elif self.note.text == hidden:
            self.relabel(self.note, default_note())
        # (a match the game left on its last deal resumes too: its summary and results were never shown)
        for name, on in (("watch", done), ("review", review), ("resume", ok and (not done or e.get("end_unseen"))),
                         ("delete", e is not None)):       # a finished one too: the statistics keep its figures
            self.buttons[name].enable() if on else self.buttons[name].disable()

    @staticmethod
    def _reviewable(e: dict) -> bool:
        """Has the match of entry ``e`` a deal the review may show (read once, when chosen)?"""
        if "reviewable" not in e:
            try:
                record, _m = load_record(e["path"])
            except RulesError:
                record = None
            e["reviewable"] = any_reviewable(record)
        return bool(e["reviewable"])

    def focus_order(self) -> list[str]:
        """Watch, Review and Resume first, then Back and the game filter: Down, Tab, Enter
        watches the match chosen (it changed the filter, and the choice was lost)."""
        order = super().focus_order()
        last = [n for n in order if n == "back"] + [n for n in order if n.startswith(DROP)]
        return [n for n in order if n not in last] + last

    def process_event(self, e) -> bool:
        """Up and Down choose a match in the list (Tab then reaches Watch, Review or Resume)."""
        items = self.list.item_list if self.shown() else []
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE and self.disarm():
            return True                 # Escape takes the question back before it leaves the screen
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.page(), pygame.K_PAGEDOWN: self.page()}
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_HOME, pygame.K_END) and items:
            self._choose(0 if e.key == pygame.K_HOME else len(items) - 1)      # (a year's list: 330 rows)
            return True
        if e.type == pygame.KEYDOWN and e.key in steps and items:
            at = self.rows.index(self.selected) + steps[e.key] if self.selected in self.rows else 0
            self._choose(max(0, min(len(items) - 1, at)))
            return True
        return self.keyboard(e)

    def page(self) -> int:
        """How many rows Page Up and Page Down move: the list's rows in sight, less one."""
        items = self.list.item_list
        row = items[0]["button_element"].rect.height if items and items[0].get("button_element") else 30
        return max(1, self.list.rect.height // max(1, row) - 1)

    def _choose(self, at: int, scroll: bool = True) -> None:
        """Choose the list's row ``at``, as a click on it does, and bring it into sight."""
        items = self.list.item_list
        for i, item in enumerate(items):
            item["selected"] = i == at
            if item["button_element"] is not None:
                item["button_element"].select() if i == at else item["button_element"].unselect()
        if scroll and self.list.scroll_bar is not None:          # the chosen row in sight
            self.list.scroll_bar.set_scroll_from_start_percentage(max(0.0, (at - 2) / len(items)))
        self.ui_event(pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=self.list,
                                         text=items[at]["text"]))

    def ui_event(self, ev):
        if ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and ev.ui_element is self.filter:
            text = ev.text if isinstance(ev.text, str) else ev.text[0]
            self.game = next((n for n in GAMES if game_title(n) == text), None)
            self.selected = None
            self.rebuild_ui()
            return True
        if ev.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION and ev.ui_element is self.list:
            # a click on the chosen row keeps it chosen (it showed none chosen, Watch still live);
            # a click on another row dropped this one too, the list showing that other row
            if self.selected in self.rows and not any(item["selected"] for item in self.list.item_list):
                self._choose(self.rows.index(self.selected), scroll=False)
            return True
        if ev.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and ev.ui_element is self.list:
            self.disarm()
            self.selected = self.row_of.get(ev.text, ev.text)
            e = self._entry()
            if e is not None and not e["ok"]:
                self.relabel(self.note, _("Cannot be opened ({why}). The game leaves it as it is; Delete removes it.")
                             .format(why=damage_why(e)))       # (the row names the file)
            self._enable()
            return True
        name = self.pressed(ev)
        e = self._entry()
        if name == "back":
            self.app.pop()
        elif name in ("watch", "review") and e and e["ok"]:
            self.app.replays_place = (self.game, e["path"])     # where the list comes back to
            try:
                record, _m = load_record(e["path"])
            except RulesError as err:
                self.relabel(self.note, str(err))
                return True
            if name == "watch":
                # a friend's own record: their seat at the bottom (ReplayLink finds it)
                self.app.push(open_scene("replay", self.app, link=ReplayLink(record, self.app.wake)))
            else:   # the statistics know a match by its file's name (host.table_host._record_stats),
                # a LAN match a friend's screen kept by the table's id (table.lan_stats)
                joined = e.get("joined")      # this screen's seat, not the first person's (the host's)
                self.app.push(open_scene("review", self.app, record=record,
                                         match_id=joined_match_id(record) if joined else os.path.basename(e["path"]),
                                         seat=joined_seat(record) if joined else None))
        elif name == "resume" and e and e["ok"] and not e.get("joined"):
            menu = open_scene("main_menu", self.app)
            self.app.reset(menu)
            menu.resume(e["path"])
        elif name == "delete" and e and self.armed == e["path"]:
            self.armed = None
            self.delete()
        elif name == "delete" and e:
            # Asked on the screen itself, pressed twice (pygame_gui's dialog said "Cancel" in
            # Dari, read left to right, and let Tab and Escape reach the screen behind it)
            self.armed = e["path"]
            self.relabel(self.buttons["delete"], _("Press again"))
            self.relabel(self.note, _("Delete this file? The game cannot open it.") if not e["ok"]
                               else _("Delete this screen's copy of the LAN match? The host keeps its own.")
                               if e.get("joined") else _("Delete this replay? Your statistics keep its figures.")
                               if e["finished"] else _("Delete this unfinished match? It cannot be resumed afterwards."))
        return name is not None

    def disarm(self) -> bool:
        """Delete pressed once and then something else chosen (or Escape): nothing is deleted."""
        if self.armed is None:
            return False
        self.armed = None
        self.relabel(self.buttons["delete"], _("Delete"))
        self.relabel(self.note, default_note())
        return True

    def delete(self):
        """The player said yes: remove the selected match's file."""
        e = self._entry()
        if e is None:
            return
        error = delete_save(e["path"], os.path.dirname(e["path"]))
        self.relabel(self.note, error or _("The match is deleted."))
        self.entries = list_replays()
        self.selected = None
        note = self.note.text
        self.rebuild_ui()
        self.relabel(self.note, note)
