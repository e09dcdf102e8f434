"""Replays: the saves folder listed (with the finished LAN matches hosted here,
``saves/lan/``, marked LAN), and a finished match played back.

A replay is the table itself with every seat answered by the record
(``ReplaySeat``) and every hand face up.  Step plays one action per click;
Auto plays on at the animation pace.  Files that cannot be read are listed
with their reason and never touched.
"""
import os
import time

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UISelectionList, UILabel

from rules.host import MatchHost
from rules.cards import parse_card, make_mask, mask_texts

from .controllers import ReplaySeat
from .menus import MenuScene, oid
from .table_scene import TableScene
from . import hud

AUTO_PACE = 0.55        # seconds between two actions in Auto, at normal speed


class ReplaySession:
    """Plays a record back through a fresh host (the rules check every step again)."""

    replay = True
    save_error = None

    def __init__(self, record, wake=None):
        self._record = record
        self.players = record.get("players") if isinstance(record.get("players"), dict) else {}
        self.host = MatchHost.new(record["game"], record.get("options"), self.players)
        self.seats = tuple(self.host.game.seats)
        self.deals = record.get("deals") or []
        self.deal_i = -1
        self.action_i = 0
        self.auto = False
        self.steps = 0
        self.pace = AUTO_PACE
        self.clock = 0.0              # the table's animation clock (set by the scene)
        self.last_time = 0.0
        self.controllers = {s: ReplaySeat(s, self) for s in self.seats}

    # -- the session interface the table uses ------------------------------------------------
    @property
    def game(self):
        return self.host.game

    @property
    def match(self):
        return self.host.match

    def humans(self):
        return []

    def name(self, seat):
        p = self.players.get(seat) or {}
        return p.get("name") or seat.title()

    def view(self, seat):
        return self.host.view(seat)

    def whose_turn(self):
        return self.host.whose_turn()

    def needs_deal(self):
        if not self.host.needs_deal():
            return False
        return self.deal_i + 1 < len(self.deals) or self.match.finished

    def summaries(self):
        return list(self.match.summaries)

    def hand(self, seat):
        d = self.match.deal
        if d is None:
            return []
        return mask_texts(d.hands[self.seats.index(seat)])

    def start_deal(self):
        g = self.game
        self.deal_i += 1
        self.action_i = 0
        deal = self.deals[self.deal_i]
        dealer = g.seat_index(deal["dealer"])
        hands = [make_mask(parse_card(c) for c in deal["hands"][s]) for s in g.seats]
        widow = make_mask(parse_card(c) for c in deal.get("widow") or [])
        self.match.start_deal(dealer, hands, widow)
        self.host.version += 1
        order = [g.seats[s] for s in g._deal_seats(dealer)]
        self.last_time = self.clock
        return [{"type": "deal_started", "deal": self.deal_i, "dealer": deal["dealer"],
                 "order": order, "cut": None}]

    def next_action(self, seat):
        if self.deal_i < 0:
            return None
        actions = self.deals[self.deal_i].get("actions") or []
        if self.action_i >= len(actions):
            return None
        act = actions[self.action_i]
        if act.get("seat") != seat:
            return None
        if self.steps > 0:
            return {k: v for k, v in act.items() if k != "seat"}
        if self.auto and self.clock - self.last_time >= self.pace:
            return {k: v for k, v in act.items() if k != "seat"}
        return None

    def submit(self, seat, action):
        events = self.host.submit(seat, action, self.host.version)
        self.action_i += 1
        self.steps = max(0, self.steps - 1)
        self.last_time = self.clock
        return events

    def record(self):
        return self._record

    def close(self):
        pass


class ReplayScene(TableScene):
    def __init__(self, app, session):
        super().__init__(app, session, demo=True)
        self.board.open_hands = True
        self.revealed = True
        self.viewer = self.seats[0]
        self.board.viewer = self.viewer

    def busy(self):
        return super().busy() or self.session.auto or self.session.steps > 0

    def open_hands_now(self):
        """Every hand the table shows face up: all of them, the viewer's too while the rules
        keep it face down (a Manille partner before trump, a muette dealer before looking)."""
        hidden = self.session.view(self.viewer).get("hand") is None
        return {s: self.session.hand(s) for s in self.seats if s != self.viewer or hidden}

    def update(self, dt):
        self.session.clock = self.clock + dt
        if self.summary_open and not self.session.auto:
            self.summary_age = 0.0          # stepping: wait for "Next deal"
        super().update(dt)

    def build_ui(self):
        super().build_ui()
        if self.app.top is not self or self.results_shown:
            return
        L = self.board.layout
        bw, bh = max(110, round(L.H * 0.16)), max(34, round(L.H * 0.055))
        x = L.W - L.margin - bw
        y = L.pile["bottom"][1] - L.sh * 0.6 - 3 * (bh + 8)
        self._button("step", "Step", (x, y, bw, bh), fixed=True)
        self._button("auto", "Pause" if self.session.auto else "Auto", (x, y + bh + 8, bw, bh), fixed=True)
        self._button("back", "Replays", (x, y + 2 * (bh + 8), bw, bh), small=True, fixed=True)

    def ui_event(self, e):
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((n for n, b in self.buttons.items() if b is e.ui_element), None)
            if name == "step":
                if self.summary_open:
                    self.close_summary()
                else:
                    self.session.steps += 1
                return True
            if name == "auto":
                self.session.auto = not self.session.auto
                self.buttons["auto"].set_text("Pause" if self.session.auto else "Auto")
                return True
            if name == "back":
                self._back()
                return True
        return super().ui_event(e)

    def process_event(self, e):
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RIGHT, pygame.K_SPACE) and not self.summary_open:
            self.session.steps += 1
            return True
        return super().process_event(e)

    def _back(self):
        from .menus import MainMenu
        self.app.reset(MainMenu(self.app))
        self.app.push(ReplaysScene(self.app))

    def draw(self, surface):
        super().draw(surface)
        L = self.board.layout
        fs = max(12, round(L.H * 0.022))
        step = self.buttons.get("step")
        if step is not None:
            hud.blit_text(surface, "REPLAY", fs * 1.2, (step.rect.left, step.rect.top - 6), hud.GOLD,
                          bold=True, anchor="bottomleft", shadow=True)


def list_replays():
    """The saves folder's matches, and the finished LAN matches this machine hosted
    (``saves/lan/``, marked ``lan``; a damaged one is listed with its reason), newest first."""
    from .config import saves_dir
    from .session import list_saves
    lan = [dict(e, lan=True) for e in list_saves(os.path.join(saves_dir(), "lan"))
           if not e["ok"] or e["finished"]]
    return sorted(list_saves() + lan, key=lambda e: -e["mtime"])


class ReplaysScene(MenuScene):
    title = "Replays"

    def __init__(self, app):
        super().__init__(app)
        self.entries = []
        self.selected = None

    def enter(self):
        self.entries = list_replays()
        super().enter()

    def label(self, e):
        when = time.strftime("%d %b %H:%M", time.localtime(e.get("mtime") or 0))
        if e.get("lan"):
            when += "    LAN"
        if not e["ok"]:
            return f"{when}    {e['reason']}  (left as it is)"
        players = e.get("players") or {}

        def side(name):
            return " & ".join((players.get(s) or {}).get("name") or s.title() for s in name.split("-"))
        totals = e.get("totals") or {}
        score = "  –  ".join(f"{side(k)} {v}" for k, v in totals.items())
        title = {"manfee": "Manfee", "manille": "Manille", "manille-muette": "Manille muette",
                 "manni": "Manni"}.get(e["game"], e["game"])
        deals = f"{e['deals']} deal{'s' if e['deals'] != 1 else ''}"
        if e["finished"]:
            w = e.get("winner")
            state = f"won by {side(w)}" if w else "a draw"
        else:
            state = "in progress"
        return f"{when}    {title}, {state}    {score}    ({deals})"

    def build_ui(self):
        W, H = self.app.size
        top = round(H * 0.2)
        items = [self.label(e) for e in self.entries] or ["no saved matches yet"]
        self.list = self.add(UISelectionList(pygame.Rect(round(W * 0.08), top, round(W * 0.84), H - top - 150),
                                             items, self.app.ui))
        self.note = self.add(UILabel(pygame.Rect(round(W * 0.08), H - 140, round(W * 0.84), 36),
                                     "Choose a finished match to watch it, or one in progress to resume it.",
                                     self.app.ui, object_id=oid("@note_label")))
        bw, bh = 220, 54
        y = H - 96
        self.buttons = {}
        for i, (name, text) in enumerate((("back", "Back"), ("watch", "Watch"), ("resume", "Resume"))):
            b = self.add(UIButton(pygame.Rect(W // 2 - 350 + i * (bw + 20), y, bw, bh), text, self.app.ui,
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
        for name, cond in (("watch", ok and e["finished"]), ("resume", ok and not e["finished"])):
            self.buttons[name].enable() if cond else self.buttons[name].disable()

    def ui_event(self, ev):
        if ev.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and ev.ui_element is self.list:
            self.selected = ev.text
            e = self._entry()
            if e is not None and not e["ok"]:
                self.note.set_text(f"{e['reason']} — the file is left as it is.")
            self._enable()
            return True
        name = self.pressed(ev)
        e = self._entry()
        if name == "back":
            self.app.pop()
        elif name == "watch" and e and e["ok"]:
            from rules.store import load_record
            from rules import RulesError
            try:
                record, _m = load_record(e["path"])
            except RulesError as err:
                self.note.set_text(str(err))
                return True
            self.app.push(ReplayScene(self.app, ReplaySession(record, self.app.wake)))
        elif name == "resume" and e and e["ok"]:
            from .menus import MainMenu
            menu = MainMenu(self.app)
            self.app.reset(menu)
            menu.resume(e["path"])
        return name is not None
