"""Replays: the saves folder listed (with the finished LAN matches hosted here,
``saves/lan/``, marked LAN), and a finished match played back.

A replay is the table itself over a ``ReplayLink`` (the record, checked again
by the rules step by step), with every hand face up.  Step plays one action per click;
Auto plays on at the animation pace.  Files that cannot be read are listed
with their reason and never touched.
"""
import os
import time

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UISelectionList, UILabel

from host.replay import AUTO_PACE, ReplayLink
from host.saves import list_saves
from rules import RulesError
from rules.games import GAMES
from rules.store import load_record

from .config import saves_dir
from .forms import MenuScene, oid
from .i18n import N_, _, digits, game_title, ngettext, number, seat_name
from .scenes import open_scene
from .table_scene import TableScene
from . import theme as hud


class ReplayScene(TableScene):
    def __init__(self, app, link):
        super().__init__(app, link)
        self.board.open_hands = True
        self.revealed = True
        # Auto's pace is an animation pace: the speed setting shortens it as it does the motion.
        link.pace = AUTO_PACE / max(0.1, app.anim_speed)

    def busy(self):
        return super().busy() or self.link.auto or self.link.steps > 0

    def open_hands_now(self):
        """Every hand the table shows face up: all of them, the viewer's too while the rules
        keep it face down (a Manille partner before trump, a muette dealer before looking)."""
        hands = self.link.open_hands() or {}
        hidden = self.link.view(self.viewer).get("hand") is None
        return {s: c for s, c in hands.items() if s != self.viewer or hidden}

    def update(self, dt):
        if self.summary_open and self.link.auto and self.summary_age > 2.5:
            self.close_summary()            # Auto plays on; stepping waits for "Next deal"
        super().update(dt)

    def build_ui(self):
        super().build_ui()
        if self.app.top is not self or self.results_shown:
            return
        # In the top row, left of the table's own buttons: the seats keep their places.
        bw, bh = self.button_size()
        row = [b.rect for n, b in self.buttons.items() if n in ("menu", "rules", "history", "last")]
        x = min(r.left for r in row) - 8 - bw
        y = row[0].top
        for name, text in (("back", _("Replays")), ("auto", _("Pause") if self.link.auto else _("Auto")),
                           ("step", _("Step"))):
            self._button(name, text, (x, y, bw, bh), small=True, fixed=True)
            x -= bw + 8

    def ui_event(self, e):
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((n for n, b in self.buttons.items() if b is e.ui_element), None)
            if name == "step":
                if self.summary_open:
                    self.close_summary()
                else:
                    self.link.step()
                return True
            if name == "auto":
                self.link.auto = not self.link.auto
                self.buttons["auto"].set_text(_("Pause") if self.link.auto else _("Auto"))
                return True
            if name == "back":
                self._back()
                return True
        return super().ui_event(e)

    def process_event(self, e):
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RIGHT, pygame.K_SPACE) and not self.summary_open:
            self.link.step()
            return True
        return super().process_event(e)

    def _back(self):
        self.app.reset(open_scene("main_menu", self.app))
        self.app.push(ReplaysScene(self.app))

    def draw(self, surface):
        super().draw(surface)
        L = self.board.layout
        fs = max(12, round(L.H * 0.022))
        step = self.buttons.get("step")
        if step is not None:
            r = hud.blit_text(surface, _("REPLAY"), fs * 1.2, (step.rect.left - 10, step.rect.centery), hud.GOLD,
                              bold=True, anchor="midright", shadow=True)
            self.drawn.append(("replay_label", r))


def list_replays():
    """The saves folder's matches, and the finished LAN matches this machine hosted
    (``saves/lan/``, marked ``lan``; a damaged one is listed with its reason), newest first."""
    lan = [dict(e, lan=True) for e in list_saves(os.path.join(saves_dir(), "lan"))
           if not e["ok"] or e["finished"]]
    return sorted(list_saves(saves_dir()) + lan, key=lambda e: -e["mtime"])


class ReplaysScene(MenuScene):
    title = N_("Replays")

    def __init__(self, app):
        super().__init__(app)
        self.entries = []
        self.selected = None

    def enter(self):
        self.entries = list_replays()
        super().enter()

    def label(self, e):
        when = digits(time.strftime("%d/%m %H:%M", time.localtime(e.get("mtime") or 0)))
        if e.get("lan"):
            when += "    " + _("LAN")
        if not e["ok"]:
            return _("{when}    {reason}  (left as it is)").format(when=when, reason=e["reason"])
        players = e.get("players") or {}

        def side(name):
            return " & ".join((players.get(s) or {}).get("name") or seat_name(s) for s in name.split("-"))
        totals = e.get("totals") or {}
        score = "  –  ".join(f"{side(k)} {number(v)}" for k, v in totals.items())
        title = game_title(e["game"]) if e["game"] in GAMES else e["game"]
        deals = ngettext("{n} deal", "{n} deals", e["deals"]).format(n=number(e["deals"]))
        if e["finished"]:
            w = e.get("winner")
            state = _("won by {side}").format(side=side(w)) if w else _("a draw")
        else:
            state = _("in progress")
        return _("{when}    {game}, {state}    {score}    ({deals})").format(
            when=when, game=title, state=state, score=score, deals=deals)

    def build_ui(self):
        W, H = self.app.size
        top = round(H * 0.2)
        items = [self.label(e) for e in self.entries] or [_("no saved matches yet")]
        self.list = self.add(UISelectionList(pygame.Rect(round(W * 0.08), top, round(W * 0.84), H - top - 150),
                                             items, self.app.ui))
        self.note = self.add(UILabel(pygame.Rect(round(W * 0.08), H - 140, round(W * 0.84), 36),
                                     _("Choose a finished match to watch it, or one in progress to resume it."),
                                     self.app.ui, object_id=oid("@note_label")))
        bw, bh = 220, 54
        y = H - 96
        self.buttons = {}
        for i, (name, text) in enumerate((("back", _("Back")), ("watch", _("Watch")), ("review", "Review"),
                                          ("resume", _("Resume")))):
            b = self.add(UIButton(pygame.Rect(W // 2 - 470 + i * (bw + 20), y, bw, bh), text, self.app.ui,
                                  object_id=oid("@menu_button")))
            self.buttons[name] = b
        self._enable()

    def _entry(self):
        if self.selected is None:
            return None
        for e in self.entries:
            if self.label(e) == self.selected:
                return e
        return None

    def _enable(self):
        e = self._entry()
        ok = e is not None and e["ok"]
        for name, cond in (("watch", ok and e["finished"]), ("review", ok and e["finished"]),
                           ("resume", ok and not e["finished"])):
            self.buttons[name].enable() if cond else self.buttons[name].disable()

    def ui_event(self, ev):
        if ev.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and ev.ui_element is self.list:
            self.selected = ev.text
            e = self._entry()
            if e is not None and not e["ok"]:
                self.note.set_text(_("{reason} — the file is left as it is.").format(reason=e["reason"]))
            self._enable()
            return True
        name = self.pressed(ev)
        e = self._entry()
        if name == "back":
            self.app.pop()
        elif name == "watch" and e and e["ok"]:
            try:
                record, _m = load_record(e["path"])
            except RulesError as err:
                self.note.set_text(str(err))
                return True
            self.app.push(ReplayScene(self.app, ReplayLink(record, self.app.wake)))
        elif name == "review" and e and e["ok"]:
            try:
                record, _m = load_record(e["path"])
            except RulesError as err:
                self.note.set_text(str(err))
                return True
            # the statistics know a match by its file's name (host.table_host._record_stats)
            self.app.push(open_scene("review", self.app, record=record, match_id=os.path.basename(e["path"])))
        elif name == "resume" and e and e["ok"]:
            menu = open_scene("main_menu", self.app)
            self.app.reset(menu)
            menu.resume(e["path"])
        return name is not None
