"""The table: one match, seen by one seat at a time, animated event by event.

The scene asks the session who acts only when the director has nothing left
to animate, so what is on screen always matches the rules' state once the
motion settles.  Humans act through the hand (drag to the court, keys) and
the pickers; bots answer from their worker threads after the bot pace; a
hot-seat table covers the screen between two humans' turns.
"""
import time

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from rules import RulesError

from .scene import Scene
from .board import Board
from .director import Director
from .hand_input import HandInput
from .preview import decision_targets
from . import hud

SUIT_WORDS = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs", "NT": "No trump"}
SUMMARY_AUTO = 3.0            # a table without humans moves on by itself


def describe(action):
    """A button's words for an action object."""
    if "call" in action:
        return str(action["call"])
    if "decision" in action:
        return action["decision"].title()
    if "trump" in action:
        t = action["trump"]
        if t == "partner":
            return "En face (partner names)"
        word = SUIT_WORDS.get(t, t)
        return f"{word} (blind)" if action.get("blind") else word
    if "double" in action:
        return "Tap" if action["double"] else "No tap"
    if "redouble" in action:
        return "Tap back" if action["redouble"] else "No tap back"
    if "swap" in action:
        return "Take the Manni" if action["swap"] else "Keep my hand"
    if "look" in action:
        return "Look at my cards"
    if "peek" in action:
        return "Peek"
    if "play" in action:
        return action["play"]
    return str(action)


def announce_text(action):
    if "call" in action:
        return f"call {action['call']}"
    if "decision" in action:
        return "accept" if action["decision"] == "accept" else "pass!"
    return describe(action).lower()


class TableScene(Scene):
    def __init__(self, app, session, demo=False):
        super().__init__(app)
        self.session = session
        self.seats = session.seats
        humans = session.humans()
        self.humans = humans
        self.hotseat = len(humans) > 1
        self.demo = demo or not humans
        self.viewer = humans[0] if humans else self.seats[0]
        self.revealed = not self.hotseat
        rank_order = "789JQKTA" if session.game.name.startswith("manille") else "23456789TJQKA"
        self.board = Board(app, self.seats, self.viewer, app.size, rank_order)
        self.director = Director(self)
        self.input = HandInput(self)
        self.shown = session.view(self.viewer)
        self.clock = 0.0
        self.banners = []          # [text, sub, left, total, age]
        self.announces = {}        # seat -> [text, age]
        self.last_trick = None
        self.signal = None         # "slam"/"drop" for the next card
        self.signal_menu = False
        self.cover_seat = None     # hot-seat: waiting for this seat's player to click
        self.summary_open = False
        self.summary_event = None
        self.summary_age = 0.0
        self.overlay = None        # "last", "passed", "history"
        self.message = None        # [text, age]
        self.results_shown = False
        self.bot_turn = None       # (seat, version, real time the turn began)
        self.ui_key = None
        self.buttons = {}
        self.transient = []
        self._fixed_key = None
        self._memorize_left = 0.0
        self._pips = {}
        self.moving = True
        self._dealer_btn = {}
        self._started = False
        if session.match.in_deal:
            # Resumed in the middle of a deal: lay it out as it stands.
            self.board.set_from_view(self.shown, face_down_viewer=self.hotseat)
            last = self.shown.get("last_trick")
            if last:
                self.last_trick = {"cards": last["cards"], "leader": last["leader"],
                                   "winner": last["winner"], "seats": None}

    # -- helpers used by the director and the HUD -------------------------------------------
    def sound(self, name):
        self.app.sound(name)

    def shows_hand(self, seat):
        return seat == self.viewer and self.revealed

    def pip(self, suit, size):
        key = (suit, size)
        img = self._pips.get(key)
        if img is None:
            art = self.board.images.big
            img = self._pips[key] = art.pip(suit, size)
        return img

    def dealer_button(self, size):
        img = self._dealer_btn.get(size)
        if img is None:
            try:
                from sprites.table_art import dealer_button
                img = dealer_button(size)
            except Exception:
                img = pygame.Surface((size, size), pygame.SRCALPHA)
                pygame.draw.circle(img, (250, 250, 250), (size // 2, size // 2), size // 2)
            self._dealer_btn[size] = img
        return img

    def banner(self, text, sub=None, seconds=1.6):
        self.banners = [[text, sub, seconds, seconds, 0.0]]

    def memorize_done(self, seconds):
        self._memorize_left = seconds
        return lambda: self._memorize_left <= 0

    def flash_signal(self, sprite, kind):
        sprite.badge = kind

    def announce(self, seat, action, view=None):
        self.announces[seat] = [announce_text(action), 0.0]
        if "decision" in action and view is not None and view.get("targets"):
            t = view["targets"]
            who = self.session.name(seat)
            word = "accepts" if action["decision"] == "accept" else "passes"
            if who == "You":
                word = action["decision"]
            sub = "   ·   ".join(f"{hud.side_name(self, s)} {n}" for s, n in t.items())
            self.banner(f"{who} {word}", f"targets: {sub}", 1.8)

    def announce_over(self, ev):
        score = ev.get("score") or {}
        winner = max(score, key=lambda s: score[s]) if score else None
        sides = list(score)
        line = " – ".join(str(score[s]) for s in sides)
        names = " vs ".join(hud.side_name(self, s) for s in sides)
        self.banner(f"{hud.side_name(self, winner)} went over!", f"{names}:  {line}", 2.4)

    def open_summary(self, ev):
        self.summary_open = True
        self.summary_event = ev
        self.summary_age = 0.0
        self.overlay = None
        self.sync(self.session.view(self.viewer))

    def close_summary(self):
        self.summary_open = False
        self.summary_event = None

    def match_over(self, ev):
        if self.results_shown:
            return
        self.results_shown = True
        self.sound("match_won")
        from .results import ResultsScene
        self.app.push(ResultsScene(self.app, self, ev))

    def bot_thinking(self, seat):
        bt = self.bot_turn
        return bool(bt and bt[0] == seat and time.monotonic() - bt[2] > self.app.bot_pace
                    and not self.director.busy())

    def waiting_for_human(self):
        """The seat whose player the table waits for right now (input shown), or None."""
        key = self.ui_key
        if key and key[2] and self.ui_state() == key:
            return self.viewer
        return None

    def can_play(self):
        v = self.shown
        return (not self.director.busy() and self.cover_seat is None and not self.summary_open
                and self.revealed and v.get("phase") == "play" and v.get("turn") == self.viewer
                and self.session.controllers[self.viewer].kind == "human"
                and self.session.whose_turn() == self.viewer)

    def refuse_card(self, key, my_turn):
        if my_turn:
            self.say("That card can't be played now: the bright cards can.")
        else:
            self.say("Not your turn to play.")

    def say(self, text):
        self.message = [text, time.monotonic()]

    # -- keeping the picture true ---------------------------------------------------------------
    def show_numbers(self, view):
        """Scores and targets reach ``view`` while cards are still moving."""
        self.shown = view

    def sync(self, view):
        """The animation reached ``view``: show its numbers; repair the board if it drifted."""
        self.shown = view
        b = self.board
        want_hand = view.get("hand")
        bad = False
        for seat in self.seats:
            n = (view.get("counts") or {}).get(seat, 0)
            if len(b.hands.get(seat, [])) != n:
                bad = True
        if want_hand is not None and self.revealed:
            if set(b.hands.get(self.viewer, [])) != set(want_hand):
                bad = True
        if len(b.court) != len(view.get("trick") or []):
            bad = True
        if bad and view.get("phase") != "waiting":
            b.set_from_view(view, hands=self.open_hands_now(), face_down_viewer=not self.revealed)
        self._update_dims()

    def open_hands_now(self):
        """Other seats' cards, for a table that shows every hand (replays); else None."""
        return None

    def _update_dims(self):
        legal = set(self.input.legal())
        mine = self.board.hands.get(self.viewer, [])
        for k in mine:
            sp = self.board.sprites.get(k)
            if sp is not None:
                sp.dim = bool(legal) and k not in legal

    def switch_viewer(self, seat):
        """Hot-seat: the table turns to ``seat``'s player (behind the cover)."""
        self.input.reset()
        self.viewer = seat
        self.revealed = True
        self.board.viewer = seat
        self.shown = self.session.view(seat)
        self.board.set_from_view(self.shown)
        last = self.shown.get("last_trick")
        if last and self.last_trick:
            self.last_trick["seats"] = None
        self.overlay = None
        self._update_dims()

    # -- acting -----------------------------------------------------------------------------------
    def feed(self, events):
        view = self.session.view(self.viewer)
        for ev in events:
            if ev["type"] == "deal_started":
                self.last_trick = None
                self.signal = None
                if self.hotseat:
                    self.revealed = False
            self.director.event(ev, view)
        from .anim import Call
        self.director.add(Call(self.sync, view))

    def act(self, seat, action):
        try:
            events = self.session.submit(seat, action)
        except RulesError as e:
            if self.session.controllers[seat].kind == "human":
                self.say(str(e))
                self.sync(self.session.view(self.viewer))
                return False
            legal = self.session.view(seat).get("legal") or []
            if not legal:
                return False
            events = self.session.submit(seat, legal[0])
        self.bot_turn = None
        self.input.reset()
        self.signal_menu = False
        self.feed(events)
        return True

    def play_card(self, card):
        action = {"play": card}
        if self.signal and self.shown.get("options", {}).get("signals"):
            action["signal"] = self.signal
        self.signal = None
        if not self.act(self.viewer, action):
            sp = self.board.sprites.get(card)
            if sp is not None:
                sp.motion = None
                self.board.settle(sp)

    def choose(self, action):
        seat = self.session.whose_turn()
        if seat == self.viewer and self.session.controllers[seat].kind == "human":
            self.act(seat, action)

    # -- the loop ---------------------------------------------------------------------------------
    def busy(self):
        return (self.director.busy() or self.board.moving or self.input.moving
                or bool(self.banners) or any(a[1] < 0.3 for a in self.announces.values())
                or not self.board.images.warm or self._bot_waiting()
                or (self.summary_open and self.demo) or self._thinking_visible())

    def _bot_waiting(self):
        bt = self.bot_turn
        return bool(bt) and time.monotonic() - bt[2] < self.app.bot_pace + 0.05

    def _thinking_visible(self):
        bt = self.bot_turn
        return bool(bt) and self.bot_thinking(bt[0])

    def wake_in(self):
        # Nothing moves: a few looks a second catch timers (a message fading, a
        # bubble going); the turn plate's glow stands still meanwhile.
        return 0.25

    def update(self, dt):
        self.clock += dt
        imgs = self.board.images
        if not imgs.warm:
            imgs.warm_step(0.012, self.shown.get("hand") or None)
        if self._memorize_left > 0:
            self._memorize_left -= dt
        for b in self.banners:
            b[2] -= dt
            b[4] += dt
        self.banners = [b for b in self.banners if b[2] > 0]
        for seat in list(self.announces):
            self.announces[seat][1] += dt
            if self.announces[seat][1] > 2.2 and self.shown.get("phase") not in ("call", "decide"):
                del self.announces[seat]
        if self.message and time.monotonic() - self.message[1] > 2.5:
            self.message = None         # read in real time, whatever the animation speed
        if self.summary_open:
            self.summary_age += dt
            if self.demo and self.summary_age > SUMMARY_AUTO:
                self.close_summary()
        self.board.update(dt)
        self.input.update(dt)
        self.director.update(dt)
        if not self.director.busy():
            self.advance()
        self._update_dims()
        self._refresh_ui()
        self.moving = self.busy()

    def advance(self):
        """Nothing moves: deal, or let the seat to act act."""
        s = self.session
        if self.summary_open or self.cover_seat is not None or self.results_shown:
            return
        if s.needs_deal():
            if s.match.finished:
                self.match_over({"winner": s.match.winner,
                                 "totals": dict(zip(s.game.sides, s.match.totals))})
                return
            if not self.board.images.warm:
                return
            self.announces.clear()
            self.feed(s.start_deal())
            return
        seat = s.whose_turn()
        if seat is None:
            return
        ctl = s.controllers[seat]
        if ctl.kind == "human":
            self.bot_turn = None
            if seat != self.viewer or not self.revealed:
                if self.hotseat:
                    self.cover_seat = seat
                    self.input.reset()
                else:
                    self.switch_viewer(seat)
            return
        if ctl.kind == "replay":
            action = ctl.poll()
            if action is not None:
                self.act(seat, action)
            return
        view = s.view(seat)
        if self.bot_turn is None or self.bot_turn[:2] != (seat, view["version"]):
            self.bot_turn = (seat, view["version"], time.monotonic())
        ctl.request(view)
        if time.monotonic() - self.bot_turn[2] < self.app.bot_pace:
            return
        action = ctl.poll()
        if action is not None:
            self.act(seat, action)

    # -- input ------------------------------------------------------------------------------------
    def process_event(self, e):
        if self.cover_seat is not None:
            if e.type == pygame.MOUSEBUTTONUP and e.button == 1 or \
                    e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_SPACE):
                seat = self.cover_seat
                self.cover_seat = None
                self.switch_viewer(seat)
                return True
            if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
                self.open_menu()
            return True
        if self._memorize_left > 0 and (e.type == pygame.MOUSEBUTTONDOWN or e.type == pygame.KEYDOWN
                                         and e.key in (pygame.K_RETURN, pygame.K_SPACE)):
            self._memorize_left = 0.0           # "I have it": the hands move now
            return True
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                if self.overlay:
                    self.overlay = None
                elif self.input.selected:
                    self.input.reset()
                else:
                    self.open_menu()
                return True
            if self.summary_open and e.key in (pygame.K_RETURN, pygame.K_SPACE):
                self.close_summary()
                return True
            if self.input.key(e):
                return True
            return self._picker_key(e)
        if self.overlay and e.type == pygame.MOUSEBUTTONDOWN:
            self.overlay = None
            return True
        if self.summary_open:
            return False
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            return self.input.mouse_down(e.pos)
        if e.type == pygame.MOUSEMOTION:
            return self.input.mouse_move(e.pos)
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            return self.input.mouse_up(e.pos)
        return False

    def _picker_key(self, e):
        """Arrows move along the picker's buttons, Enter chooses."""
        choices = [b for name, b in self.buttons.items() if name.startswith("act:")]
        if not choices:
            return False
        sel = getattr(self, "_pick_i", None)
        if e.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = 1 if e.key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
            sel = 0 if sel is None else (sel + step) % len(choices)
            for i, b in enumerate(choices):
                b.select() if i == sel else b.unselect()
            self._pick_i = sel
            return True
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and sel is not None:
            self._pick_i = None
            self.choose(choices[sel % len(choices)].action)
            return True
        return False

    def open_menu(self):
        from .menus import PauseScene
        self.input.reset()
        self.app.push(PauseScene(self.app, self))

    # -- widgets ----------------------------------------------------------------------------------
    # Widgets cost a few milliseconds each to make, so the fixed row (Menu, Scores,
    # Last trick, Hand I passed) is made once per layout and only shown or hidden;
    # the pickers are made when the choice they offer changes.
    def ui_state(self):
        """What the pickers depend on; they are rebuilt when this changes."""
        v = self.shown
        idle = not self.director.busy()
        turn = self.session.whose_turn() if idle else None
        human_turn = (idle and turn == self.viewer and self.revealed and self.cover_seat is None
                      and not self.summary_open
                      and self.session.controllers.get(turn) is not None
                      and self.session.controllers[turn].kind == "human")
        return (self.layout_state(), self.summary_open, human_turn,
                v.get("version") if human_turn else None, v.get("phase") if human_turn else None,
                self.signal, self.signal_menu)

    def layout_state(self):
        return (self.app.size, self.cover_seat is not None, self.results_shown)

    def fixed_state(self):
        v = self.shown
        return (bool(v.get("passed_hand")) and self.revealed, self.last_trick is not None)

    def _refresh_ui(self):
        key = self.ui_state()
        if self.ui_key is None or key[0] != self.ui_key[0]:
            self.rebuild_ui()
            return
        if key != self.ui_key:
            self._build_pickers()
        fixed = self.fixed_state()
        if fixed != self._fixed_key:
            self._show_fixed()

    def build_ui(self):
        self.buttons = {}
        self.transient = []
        self._fixed_key = None
        self.ui_key = self.ui_state()
        self._pick_i = None
        if self.app.top is not self:
            return
        if self.cover_seat is not None or self.results_shown:
            return
        L = self.board.layout
        m = L.margin
        bw, bh = self._button_size()
        x = L.W - m - bw
        for name, text, w in (("menu", "Menu", bw), ("history", "Scores", bw), ("last", "Last trick", bw),
                              ("passed", "Hand I passed", round(bw * 1.35))):
            self._button(name, text, (x - (w - bw), m, w, bh), small=True, fixed=True)
            x -= w + 8
        self._show_fixed()
        self._build_pickers()

    def _button_size(self):
        L = self.board.layout
        return max(92, round(L.H * 0.14)), max(30, round(L.H * 0.045))

    def _show_fixed(self):
        passed, last = self._fixed_key = self.fixed_state()
        for name, on in (("passed", passed), ("last", last)):
            b = self.buttons.get(name)
            if b is not None:
                b.show() if on else b.hide()

    def _build_pickers(self):
        for e in self.transient:
            e.kill()
            if e in self.ui:
                self.ui.remove(e)
            for n in [n for n, b in self.buttons.items() if b is e]:
                del self.buttons[n]
        self.transient = []
        self._pick_i = None
        self.ui_key = key = self.ui_state()
        if self.app.top is not self or self.cover_seat is not None or self.results_shown:
            return
        L = self.board.layout
        bw, bh = self._button_size()
        v = self.shown
        if self.summary_open:
            r = self._summary_rect()
            self._button("next", "Next deal" if not self.session.match.finished else "See result",
                         (r.centerx - bw, r.bottom - bh * 1.6, bw * 2, round(bh * 1.2)))
            return
        if not key[2]:
            return
        phase = v.get("phase")
        legal = v.get("legal") or []
        if phase == "play":
            if v.get("options", {}).get("signals") and any("play" in a for a in legal):
                self._signal_buttons(L, bw, bh)
            return
        if phase == "decide":
            self._decide_picker(L, legal)
            return
        self._picker(L, legal, phase)

    def _button(self, name, text, rect, small=False, object_id=None, action=None, fixed=False):
        oid = object_id or ("@small_button" if small else "@choice_button")
        b = UIButton(pygame.Rect([round(c) for c in rect]), text, self.app.ui,
                     object_id=pygame_gui.core.ObjectID(class_id=oid))
        b.action = action
        self.buttons[name] = self.add(b)
        if not fixed:
            self.transient.append(b)
        return b

    def _signal_buttons(self, L, bw, bh):
        x = L.W - L.margin - round(bw * 1.4)
        y = L.pile["bottom"][1] - L.sh * 0.5 - bh * 3.8
        w = round(bw * 1.4)
        if self.signal_menu:
            self._button("slam", "Slam", (x, y, w, bh), object_id="@choice_button")
            self._button("drop", "Drop", (x, y + bh + 6, w, bh), object_id="@choice_button")
            self._button("nosignal", "No signal", (x, y + 2 * (bh + 6), w, bh), small=True)
        elif self.signal:
            self._button("signal", f"{self.signal.title()} (undo)", (x, y + 2 * (bh + 6), w, bh),
                         object_id="@signal_on")
        else:
            self._button("signal", "Give a signal", (x, y + 2 * (bh + 6), w, bh))

    def _picker_rect(self, n_rows, width):
        L = self.board.layout
        fs = max(13, round(L.H * 0.026))
        h = round(fs * 3.2 + n_rows * L.H * 0.072 + fs)
        r = pygame.Rect(0, 0, round(width), h)
        r.center = (L.W // 2, round(L.center[1] + L.ch * 0.15))
        return r

    def _picker(self, L, legal, phase):
        if not legal:
            return
        calls = all("call" in a for a in legal)
        size = round(L.H * 0.072)
        if calls:
            per_row = 7
            rows = (len(legal) + per_row - 1) // per_row
            width = per_row * (size + 10) + 60
            rect = self._picker_rect(rows, width)
            self.picker_rect = rect
            self.picker_title = "Your call: how many tricks will you take?"
            for i, a in enumerate(legal):
                r, c = divmod(i, per_row)
                in_row = min(per_row, len(legal) - r * per_row)
                x0 = rect.centerx - (in_row * (size + 10) - 10) / 2
                self._button(f"act:{i}", describe(a),
                             (x0 + c * (size + 10), rect.y + L.H * 0.075 + r * (size + 10), size, size),
                             object_id="@call_button", action=a)
            return
        w = max(160, round(L.W * 0.15))
        h = round(L.H * 0.06)
        per_row = 3 if len(legal) > 4 else len(legal)
        rows = (len(legal) + per_row - 1) // per_row
        rect = self._picker_rect(rows, per_row * (w + 10) + 50)
        self.picker_rect = rect
        self.picker_title = {"trump": "Name trump", "partner_trump": "Your partner asks you: name trump",
                             "double": "Tap the table?", "redouble": "Tap back?",
                             "swap": "Take the Manni?"}.get(phase, "Your choice")
        for i, a in enumerate(legal):
            r, c = divmod(i, per_row)
            x0 = rect.centerx - (per_row * (w + 10) - 10) / 2
            self._button(f"act:{i}", describe(a), (x0 + c * (w + 10), rect.y + L.H * 0.075 + r * (h + 10), w, h),
                         action=a)

    def _decide_picker(self, L, legal):
        try:
            targets = decision_targets(self.shown)
        except Exception:
            targets = None
        mine = hud.seat_side(self.shown, self.viewer)
        w = max(220, round(L.W * 0.21))
        h = round(L.H * 0.09)
        rect = self._picker_rect(1.3, 2 * w + 70)
        self.picker_rect = rect
        v = self.shown
        calls = v.get("calls") or {}
        rem = 13 - sum(calls.values())
        self.picker_title = f"Accept or pass?  (your remainder: {rem})"
        for i, a in enumerate(legal):
            t = (targets or {}).get(a.get("decision"), {})
            us = t.get(mine)
            them = next((n for s, n in t.items() if s != mine), None)
            text = a["decision"].title()
            if us is not None:
                text = f"{text}:  us {us}  ·  them {them}"
            x0 = rect.centerx - w - 10 + i * (w + 20)
            self._button(f"act:{i}", text, (x0, rect.y + L.H * 0.08, w, h), action=a)

    def ui_event(self, e):
        if e.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        name = next((n for n, b in self.buttons.items() if b is e.ui_element), None)
        if name is None:
            return False
        b = self.buttons[name]
        if name.startswith("act:"):
            self.choose(b.action)
        elif name == "menu":
            self.open_menu()
        elif name in ("last", "passed", "history"):
            self.overlay = None if self.overlay == name else name
        elif name == "next":
            self.close_summary()
        elif name == "signal":
            if self.signal:
                self.signal = None
            else:
                self.signal_menu = True
        elif name in ("slam", "drop"):
            self.signal = name
            self.signal_menu = False
        elif name == "nosignal":
            self.signal = None
            self.signal_menu = False
        return True

    def resize(self, size):
        self.board.resize(size)
        super().resize(size)

    def close(self):
        self.session.close()

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface):
        if self.cover_seat is not None:
            self._draw_cover(surface)
            return
        b = self.board
        b.draw(surface)
        self._draw_drop_target(surface)
        hud.draw_badges(surface, self)
        hud.draw_scoreboard(surface, self)
        hud.draw_trump(surface, self)
        hud.draw_plates(surface, self)
        if not b.images.warm and not self.director.busy() and self.session.needs_deal():
            L = b.layout
            hud.blit_text(surface, "Shuffling…", max(16, round(L.H * 0.035)), L.center, hud.CREAM,
                          bold=True, anchor="center", shadow=True)
        ui = self.ui_key
        if ui and ui[2] and not self.summary_open:
            phase = self.shown.get("phase")
            if phase == "play" and self.input.dragging:
                pass
            elif phase == "play":
                text = "Your turn: drag a card to the centre (or arrows + Enter)"
                if self.signal:
                    text = f"{self.signal.title()}: drag the card you signal with"
                hud.draw_prompt(surface, self, text)
            elif hasattr(self, "picker_rect") and self.buttons:
                r = self.picker_rect
                hud.panel(surface, r)
                fs = max(13, round(b.layout.H * 0.026))
                hud.blit_text(surface, self.picker_title, fs, (r.centerx, r.y + fs * 0.7), hud.GOLD,
                              bold=True, anchor="midtop")
        hud.draw_banner(surface, self)
        if self.summary_open:
            self._draw_summary(surface)
        elif self.overlay:
            self._draw_overlay(surface)
        if self.message:
            L = b.layout
            fs = max(13, round(L.H * 0.024))
            img = hud.render(self.message[0], fs, hud.CREAM, bold=True)
            r = img.get_rect(center=(L.W // 2, round(L.anchor["bottom"][1] - L.ch * 0.8 - fs * 3.4)))
            hud.panel(surface, r.inflate(fs * 1.6, fs * 0.8), fill=(60, 16, 12, 220), edge=hud.RED,
                      radius=10)
            surface.blit(img, r)
        if self.session.save_error:
            hud.blit_text(surface, self.session.save_error, 14, (8, b.layout.H - 4), hud.RED,
                          anchor="bottomleft")

    def _draw_drop_target(self, surface):
        """While a card is pushed toward the court: where it will land, lit once far enough."""
        inp = self.input
        if not (inp.dragging and inp.selected):
            return
        sp = self.board.sprites.get(inp.selected)
        if sp is None:
            return
        L = self.board.layout
        ready = sp.y < L.play_line
        x, y = L.court[self.board.place(self.viewer)]
        w, h = round(L.cw * 1.25), round(L.ch * 1.15)
        key = (w, h, ready)
        img = self._targets.get(key) if hasattr(self, "_targets") else None
        if img is None:
            self._targets = getattr(self, "_targets", {})
            img = pygame.Surface((w, h), pygame.SRCALPHA)
            colour = (255, 214, 107, 90) if ready else (255, 255, 255, 35)
            pygame.draw.rect(img, colour, img.get_rect(), border_radius=w // 8)
            pygame.draw.rect(img, colour[:3] + (200 if ready else 90,), img.get_rect(), 3, border_radius=w // 8)
            self._targets[key] = img
        surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _draw_overlay(self, surface):
        v = self.shown
        if self.overlay == "last" and self.last_trick:
            lt = self.last_trick
            seats = lt.get("seats")
            if not seats:
                order = list(self.seats)
                n = len(order)
                step = -1 if self.session.game.name == "manfee" else 1
                i = order.index(lt["leader"])
                seats = [order[(i + step * k) % n] for k in range(len(lt["cards"]))]
            labels = [self.session.name(s) for s in seats]
            mark = seats.index(lt["winner"]) if lt["winner"] in seats else None
            hud.draw_cards_panel(surface, self, f"Last trick: {self.session.name(lt['winner'])} won it",
                                 lt["cards"], labels, mark)
        elif self.overlay == "passed" and v.get("passed_hand"):
            from .cards import sort_hand
            hud.draw_cards_panel(surface, self, "The hand I passed", sort_hand(v["passed_hand"]))
        elif self.overlay == "history":
            L = self.board.layout
            r = pygame.Rect(0, 0, round(L.W * 0.56), round(L.H * 0.6))
            r.center = (L.W // 2, round(L.H * 0.46))
            hud.draw_history(surface, self, r, reserve=0.8)

    def _summary_rect(self):
        L = self.board.layout
        fs = max(12, round(L.H * 0.022))
        rows = len(self.session.summaries())
        r = pygame.Rect(0, 0, round(L.W * 0.56), min(round(L.H * 0.66), round(fs * (9.5 + 1.35 * rows))))
        r.center = (L.W // 2, round(L.H * 0.47))
        return r

    def _draw_summary(self, surface):
        ev = self.summary_event or {}
        r = self._summary_rect()
        deal = (ev.get("deal") or 0) + 1
        outcome = ev.get("outcome")
        title = f"Deal {deal}: " + ("over!" if outcome == "over" else "exact" if outcome == "exact"
                                   else outcome or "done")
        hud.draw_history(surface, self, r, title=title, latest=deal)
        if self.demo and not self.session.humans():
            L = self.board.layout
            hud.blit_text(surface, "next deal in a moment…", max(12, round(L.H * 0.02)),
                          (r.centerx, r.bottom - 12), hud.DIM, anchor="midbottom")

    def _draw_cover(self, surface):
        b = self.board
        L = b.layout
        surface.blit(b.felt, (0, 0))
        shade = pygame.Surface(L.size, pygame.SRCALPHA)
        shade.fill((4, 12, 8, 150))
        surface.blit(shade, (0, 0))
        seat = self.cover_seat
        name = self.session.name(seat)
        fs = max(20, round(L.H * 0.07))
        hud.blit_text(surface, f"Pass to {name}", fs, (L.W // 2, L.H * 0.4), hud.GOLD, bold=True,
                      anchor="center", shadow=True)
        where = "" if name.lower() == seat else f" ({seat})"
        hud.blit_text(surface, f"{name}'s turn{where}. Only {name} should look now.",
                      fs * 0.38, (L.W // 2, L.H * 0.4 + fs), hud.CREAM, anchor="center")
        hud.blit_text(surface, "Click (or press Enter) when ready", fs * 0.34,
                      (L.W // 2, L.H * 0.4 + fs * 1.8), hud.DIM, anchor="center")
