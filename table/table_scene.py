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
from . import hud, explain

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
            return "En face: my partner names"
        word = SUIT_WORDS.get(t, t)
        return f"{word} (blind)" if action.get("blind") else word
    if "double" in action:
        return "Tap the table" if action["double"] else "No tap"
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
    """What a seat's bubble says (rich text: {H} draws a heart)."""
    if "call" in action:
        return f"call {action['call']}"
    if "decision" in action:
        return "accept" if action["decision"] == "accept" else "pass!"
    if "cut" in action:
        return "cut"
    if "trump" in action:
        t = action["trump"]
        if t == "partner":
            return "en face!"
        word = "no trump" if t == "NT" else f"{{{t}}} {SUIT_WORDS[t].lower()}"
        return f"{word}, blind!" if action.get("blind") else word
    if "double" in action:
        return "tap!" if action["double"] else "no tap"
    if "redouble" in action:
        return "tap back!" if action["redouble"] else "no tap back"
    if "swap" in action:
        return "I take the Manni!" if action["swap"] else "keep"
    if "peek" in action:
        return "peeked!"
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
        rank_order = explain.hand_ranks(session.game.name)
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
        self.ripples = []          # [x, y, strength, age]: a tap on the table
        self.trump_flash = None    # age of the trump badge's pop when trump is named
        self.hidden_seat = None    # hot-seat: this human's hand went face down after acting
        self.confirm = None        # "peek": the peek confirmation is open
        self.swap_shown = bool(self.shown.get("swapper"))   # Manni: the swap has been animated
        self.game = session.game.name
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

    def ripple(self, x, y, strength=1.0):
        self.ripples.append([x, y, strength, 0.0])

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
        self.hidden_seat = None
        self.confirm = None
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
            if ev["type"] == "deal_started":
                self.hidden_seat = None
                self.swap_shown = False
            self.director.event(ev, view)
        from .anim import Call
        from .director import Lazy
        self.director.add(Lazy(lambda: self.director.reveal_if_needed(view)))
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
        self.confirm = None
        if self.hotseat and seat == self.viewer and self.session.controllers[seat].kind == "human":
            self._hide_after_acting(seat, action)
        self.feed(events)
        return True

    def _hide_after_acting(self, seat, action):
        """Hot-seat: once a player has acted, the hand goes face down at once unless that
        same player acts next; it comes back up without a cover if nobody else played
        in between (``advance``)."""
        if self.session.whose_turn() == seat or not self.revealed:
            return
        self.revealed = False
        self.hidden_seat = seat
        self.overlay = None
        self.director.hide_hand(seat, keep={action.get("play")})

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
        return (self.director.busy() or self.board.moving or self.input.moving or bool(self.ripples)
                or self.trump_flash is not None
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
        if self.ripples:
            for r in self.ripples:
                r[3] += dt
            self.ripples = [r for r in self.ripples if r[3] < 1.0]
        if self.trump_flash is not None:
            self.trump_flash += dt
            if self.trump_flash > 1.0:
                self.trump_flash = None
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
        if self.confirm:
            if self.shown.get("phase") == "trump":
                return                  # the table waits while the partner makes up their mind
            self.confirm = None
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
            if seat == self.viewer and not self.revealed and self.hidden_seat == seat:
                # The same player again, and no other human has played since: no cover.
                self.hidden_seat = None
                self.revealed = True
                view = s.view(seat)
                from .anim import Call
                from .director import Lazy
                self.director.add(Lazy(lambda: self.director.reveal(view)))
                self.director.add(Call(self.sync, view))
                return
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
            if e.key == pygame.K_F1:
                self.open_rules()
                return True
            if e.key == pygame.K_ESCAPE:
                if self.confirm:
                    self.confirm = None
                elif self.overlay:
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
            if self.shown.get("hand") is None and self.revealed and self.board.viewer_back_at(e.pos):
                self.touch_hidden_hand()
                return True
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

    def _hand_kept_down(self):
        """Manille: the viewer is the dealer's partner, whose cards wait for trump."""
        v = self.shown
        ctl = self.session.controllers.get(self.viewer)
        return (self.game == "manille" and v.get("hand") is None and v.get("phase") == "trump"
                and self.revealed and self.cover_seat is None and not self.director.busy()
                and ctl is not None and ctl.kind == "human")

    def touch_hidden_hand(self):
        """The viewer touched a hand the rules keep face down."""
        legal = self.shown.get("legal") or []
        if {"look": True} in legal:
            self.choose({"look": True})          # the muette dealer turns the cards up
        elif self._hand_kept_down():
            self.confirm = "peek"
        else:
            self.say("Your cards are still face down.")

    def peek(self):
        """The partner confirmed: look before trump (the rules void the deal)."""
        self.confirm = None
        if self._hand_kept_down():
            self.act(self.viewer, {"peek": True})

    def open_rules(self):
        from .quickref import QuickRefScene
        self.input.reset()
        self.app.push(QuickRefScene(self.app, self.game, overlay=True))

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
                self.signal, self.signal_menu, self.confirm, bool(self.overlay))

    def layout_state(self):
        return (self.app.size, self.cover_seat is not None, self.results_shown)

    def fixed_state(self):
        v = self.shown
        return (bool(v.get("passed_hand") or v.get("swapped_out") and self.swap_shown) and self.revealed,
                self.last_trick is not None)

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
        passed = "Hand I gave away" if self.game == "manni" else "Hand I passed"
        for name, text, w in (("menu", "Menu", bw), ("rules", "Rules", round(bw * 0.8)), ("history", "Scores", bw),
                              ("last", "Last trick", bw), ("passed", passed, round(bw * 1.45))):
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
        if self.confirm:
            self._confirm_dialog(L, bw, bh)
            return
        if self.overlay and not self.summary_open:
            return                      # a panel (last trick, scores...) covers the table
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
        if phase in ("trump", "partner_trump"):
            self._trump_picker(L, legal, phase)
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
            self.picker_sub = None
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
        rect = self._picker_rect(rows + 0.4, per_row * (w + 10) + 50)
        self.picker_rect = rect
        self.picker_title, self.picker_sub = {
            "double": ("Tap the table?", "a tap doubles the deal's score"),
            "redouble": ("Tap back?", "the deal then counts four times"),
            "swap": ("Take the Manni?", "swap your whole hand, unseen, for the twelve cards in the middle"),
        }.get(phase, ("Your choice", None))
        top = rect.y + L.H * 0.075 + (L.H * 0.03 if self.picker_sub else 0)
        for i, a in enumerate(legal):
            r, c = divmod(i, per_row)
            x0 = rect.centerx - (per_row * (w + 10) - 10) / 2
            self._button(f"act:{i}", describe(a), (x0 + c * (w + 10), top + r * (h + 10), w, h),
                         action=a)

    def _trump_picker(self, L, legal, phase):
        """Suits and no-trump as big tiles with their pips; en face and look below."""
        tiles = [a for a in legal if "trump" in a and a["trump"] != "partner"]
        others = [a for a in legal if a not in tiles]
        v = self.shown
        blind = any(a.get("blind") for a in tiles)
        tw = max(96, round(L.H * 0.15))
        th = round(tw * 1.1)
        bh = round(L.H * 0.058)
        width = max(len(tiles) * (tw + 12) + 40, round(L.W * 0.36))
        fs = max(13, round(L.H * 0.026))
        h = round(fs * 3.6 + th + (bh + 12) * (1 if others else 0) + fs * 0.8)
        rect = pygame.Rect(0, 0, width, h)
        rect.center = (L.W // 2, round(L.center[1] + L.ch * 0.1))
        self.picker_rect = rect
        dealer = self.session.name(v.get("dealer")) if v.get("dealer") else "The dealer"
        if phase == "partner_trump":
            self.picker_title = f"{dealer} says en face: you name trump"
            self.picker_sub = "your partner plays the deal on your choice"
        elif blind:
            self.picker_title = "Name trump blind, or look at your cards"
            self.picker_sub = "a blind trump counts double, and you lead"
        else:
            self.picker_title = "Name trump"
            self.picker_sub = ("no trump counts double" if self.game == "manille"
                               else "no trump counts double; en face: your partner names")
        x0 = rect.centerx - (len(tiles) * (tw + 12) - 12) / 2
        y = rect.y + fs * 3.2
        for i, a in enumerate(tiles):
            t = a["trump"]
            b = self._button(f"act:{i}", SUIT_WORDS[t], (x0 + i * (tw + 12), y, tw, th),
                             object_id="@trump_tile", action=a)
            b.pip = t
        y += th + 12
        if others:
            ow = min(round(L.W * 0.2), (rect.width - 40) // len(others) - 10)
            x0 = rect.centerx - (len(others) * (ow + 10) - 10) / 2
            for j, a in enumerate(others):
                self._button(f"act:{len(tiles) + j}", describe(a), (x0 + j * (ow + 10), y, ow, bh), action=a)

    def _confirm_dialog(self, L, bw, bh):
        """Touching the face-down hand before trump is named: the partner is asked first."""
        w = max(420, round(L.W * 0.42))
        fs = max(13, round(L.H * 0.026))
        r = pygame.Rect(0, 0, w, round(fs * 6.2 + bh * 1.3))
        r.center = (L.W // 2, round(L.center[1]))
        self.confirm_rect = r
        bw2 = round(w * 0.42)
        y = r.bottom - bh * 1.3 - fs * 0.6
        self._button("confirm:cancel", "Wait for trump", (r.centerx - bw2 - 8, y, bw2, round(bh * 1.2)))
        self._button("confirm:peek", "Look (void the deal)", (r.centerx + 8, y, bw2, round(bh * 1.2)),
                     object_id="@danger_button")

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
        self.picker_sub = None
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
        elif name == "confirm:peek":
            self.peek()
        elif name == "confirm:cancel":
            self.confirm = None
        elif name == "menu":
            self.open_menu()
        elif name == "rules":
            self.open_rules()
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
        hud.draw_ripples(surface, self)
        hud.draw_manni_label(surface, self)
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
        v = self.shown
        if ui and ui[2] and not self.summary_open and not self.confirm:
            phase = v.get("phase")
            if phase == "play" and self.input.dragging:
                pass
            elif phase == "play":
                text = "Your turn: drag a card to the centre (or arrows + Enter)"
                if self.signal:
                    text = f"{self.signal.title()}: drag the card you signal with"
                why = explain.obligation(v)
                hud.draw_prompt(surface, self, text, why)
            elif hasattr(self, "picker_rect") and any(n.startswith("act:") for n in self.buttons):
                self._draw_picker_panel(surface)
        elif self._hand_kept_down() and not self.summary_open and not self.confirm:
            dealer = self.session.name(v.get("dealer"))
            hud.draw_prompt(surface, self, f"Your cards stay face down until {dealer} names trump",
                            "touching them now voids the deal")
        if self.confirm and getattr(self, "confirm_rect", None) is not None:
            self._draw_confirm(surface)
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

    def _draw_picker_panel(self, surface):
        r = self.picker_rect
        hud.panel(surface, r)
        fs = max(13, round(self.board.layout.H * 0.026))
        hud.blit_rich(surface, self.picker_title, fs, (r.centerx, r.y + fs * 0.7), hud.GOLD,
                      bold=True, anchor="midtop")
        sub = getattr(self, "picker_sub", None)
        if sub:
            hud.blit_rich(surface, sub, fs * 0.72, (r.centerx, r.y + fs * 2.1), hud.DIM, anchor="midtop")

    def _draw_confirm(self, surface):
        r = self.confirm_rect
        fs = max(13, round(self.board.layout.H * 0.026))
        hud.panel(surface, r, fill=(40, 14, 10, 240), edge=hud.RED)
        dealer = self.session.name(self.shown.get("dealer"))
        hud.blit_text(surface, "Look at your cards now?", fs * 1.15, (r.centerx, r.y + fs * 0.7), hud.GOLD,
                      bold=True, anchor="midtop")
        hud.blit_text(surface, f"{dealer} has not named trump yet. If you look, the deal is void:",
                      fs * 0.78, (r.centerx, r.y + fs * 2.4), hud.CREAM, anchor="midtop")
        hud.blit_text(surface, "nothing is scored and the next dealer deals.", fs * 0.78,
                      (r.centerx, r.y + fs * 3.5), hud.CREAM, anchor="midtop")

    def draw_over_ui(self, surface):
        """Pips on the trump tiles (drawn over the widgets: fonts have no suit glyphs)."""
        for name, b in self.buttons.items():
            suit = getattr(b, "pip", None)
            if not suit or not b.visible:
                continue
            r = b.rect
            size = round(r.width * 0.5)
            c = (r.centerx, r.y + round(r.height * 0.42))
            if suit == "NT":
                hud.blit_text(surface, "NT", size * 0.75, c, (26, 18, 5), bold=True, anchor="center")
            else:
                pip = self.board.images.big.pip(suit, size)
                surface.blit(pip, pip.get_rect(center=c))

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
            hud.draw_cards_panel(surface, self, "The hand I passed",
                                 sort_hand(v["passed_hand"], self.board.rank_order))
        elif self.overlay == "passed" and v.get("swapped_out"):
            from .cards import sort_hand
            hud.draw_cards_panel(surface, self, "The hand I gave away (out of play; only you know it)",
                                 sort_hand(v["swapped_out"], self.board.rank_order))
        elif self.overlay == "history":
            L = self.board.layout
            r = pygame.Rect(0, 0, round(L.W * 0.56), round(L.H * 0.6))
            r.center = (L.W // 2, round(L.H * 0.46))
            hud.draw_history(surface, self, r, reserve=0.8)

    def _summary_rect(self):
        L = self.board.layout
        fs = max(12, round(L.H * 0.022))
        rows = len(self.session.summaries())
        extra = 1.5 if self._summary_note() else 0
        r = pygame.Rect(0, 0, round(L.W * 0.56), min(round(L.H * 0.66), round(fs * (9.5 + extra + 1.35 * rows))))
        r.center = (L.W // 2, round(L.H * 0.47))
        return r

    def _summary_note(self):
        ev = self.summary_event or {}
        if not ev:
            return None
        return explain.score_workings(self.shown, ev.get("score"), ev.get("outcome"), self.session.name)

    def _draw_summary(self, surface):
        ev = self.summary_event or {}
        r = self._summary_rect()
        deal = (ev.get("deal") or 0) + 1
        outcome = ev.get("outcome")
        words = {"over": "over!", "exact": "exact", "misdeal": "void", "tie": "a tie",
                 "complete": "scored"}
        title = f"Deal {deal}: " + words.get(outcome, outcome or "done")
        hud.draw_history(surface, self, r, title=title, latest=deal, note=self._summary_note())
        if self.demo and not self.session.humans():
            L = self.board.layout
            hud.blit_text(surface, "next deal in a moment…", max(12, round(L.H * 0.02)),
                          (r.centerx, r.bottom - 12), hud.DIM, anchor="midbottom")
        m = getattr(self.session, "match", None)
        if m is not None and getattr(m, "play_on", False) and not m.finished:
            L = self.board.layout
            hud.blit_text(surface, "The top score is shared: play on until it is not", max(12, round(L.H * 0.022)),
                          (r.centerx, r.y - 8), hud.GOLD, bold=True, anchor="midbottom", shadow=True)

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
