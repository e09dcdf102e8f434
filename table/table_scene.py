"""The table: one match, seen from one seat at a time, animated event by event.

The scene runs no match.  It reads what its ``TableLink`` delivers (the same
messages at a local table, a LAN seat or a replay), animates the events with
the director, draws the view the animation has reached, and turns the
player's gestures into intents (``link.act``).  Nothing moves before the
host's events confirm it.  Once the motion has settled it tells the link
(``shown``), so the host paces its bots on what a person could follow.

Hot-seat: a screen that plays several seats covers the table between two of
its players' turns, and a hand goes face down once its player has acted.
"""
from __future__ import annotations

import time

import pygame

from host.link import TableLink

from . import lan_seats
from .anim import Call, Lazy
from .board import Board
from .director import Director
from .hand_input import HandInput
from .hotseat import HotSeat
from .hud import TableLook, side_name
from .i18n import _, number
from .scene import Scene
from .results import MatchEnd
from .scenes import open_scene
from .table_controls import TableControls
from .table_draw import TableDrawing
from .table_feed import TableFeed, back_words, deal_log, last_trick_signals
from .trick_hold import TrickHold
from .words import player_name, separator
from . import explain

SUMMARY_AUTO = 3.0            # a table without people of its own moves on by itself
SUMMARY_KEY_HOLD = 1.5        # real seconds a summary stands before Enter closes it (0.6 skipped it)
THINKING_AFTER = 0.5          # seconds of a bot's turn before its plate shows it thinking


class TableScene(TableFeed, TableControls, TableDrawing, TrickHold, HotSeat, Scene):
    def __init__(self, app, link: TableLink) -> None:
        super().__init__(app)
        self.link = link
        self.game = link.game
        self.seats = link.seats
        # A LAN link took its welcome already; a local one finds it among the waiting messages.
        before = {s: link.view(s) for s in (*link.my_seats(), None)}
        waiting = link.poll()
        self._held = [msg for msg in waiting if msg.get("type") != "welcome"]   # shown once laid out
        self.mine = link.my_seats()
        self.hotseat = len(self.mine) > 1
        self.demo = not self.mine
        self.viewer = self.mine[0] if self.mine else (link.view().get("seat") or self.seats[0])
        self.revealed = not self.hotseat
        self.board = Board(app, self.seats, self.viewer, app.size, self.game.rank_order, self.game.hand_size)
        # a replay's hands lie face up from the first layout (set after it, a step back laid
        # the side hands out turned, as backs lie, and a step on turned them upright again)
        self.board.open_hands = bool(link.replay)
        self.board.viewer_plays = not self.demo
        self.director = Director(self)
        self.input = HandInput(self)
        self.shown = self._starting_view(before.get(self.viewer) or before[None], waiting)
        self.anim_view = self.shown
        self.clock = 0.0
        self.banners = []          # [text, sub, left, total, age]
        self.announces, self.sayings = {}, {}    # seat -> [action, age]; seat -> (phrase said, when)
        self.last_trick = None
        self.signal = None         # "slam"/"drop" for the next card
        self.signal_menu = False
        self.cover_seat = None     # hot-seat: waiting for this seat's player to click
        self.summary_open = False
        self.summary_event = None
        self.summary_age = 0.0
        self.summary_since = 0.0
        self.overlay = None        # "last", "passed", "history"
        self.message = None        # [text, time]
        self.results_shown = False
        self.pending = None        # (card or None, version): an intent the host has not answered
        self.log = []              # the deal's announcements: (seat, action), newest last
        self.log_scroll = 0        # lines scrolled back in the log
        self.held = False          # the player paused the bots (H)
        self.log_rect = None       # where the log was drawn (the wheel scrolls it)
        self.hint = None           # the coach's answer for the decision on screen (or {"pending": v})
        self.idle_since = time.monotonic()
        self.moving = True
        self.ripples = []          # [x, y, strength, age]: a tap on the table
        self.trump_flash = None    # age of the trump badge's pop when trump is named
        self.hidden_seat = None    # hot-seat: this player's hand went face down after acting
        self.confirm = None        # "peek": the peek confirmation is open
        self.swap_shown = bool(self.shown.get("swapper"))
        self._memorize_left = 0.0
        self.init_controls()
        if self.shown.get("phase") not in (None, "waiting"):
            # Joined or resumed in the middle of a deal: lay it out as it stands.
            self.board.set_from_view(self.shown, hands=self.open_hands_now(),
                                     face_down_viewer=self.hotseat)
            self.log = deal_log(self.shown, link.standins_now)
            last = self.shown.get("last_trick")
            if last:
                self.last_trick = {"cards": last["cards"], "leader": last["leader"],
                                   "winner": last["winner"], "seats": None,
                                   "signals": last_trick_signals(self.shown)}
        link.set_pace(app.bot_pace)
        if link.standin_played:        # back from the lobby after a crash: what a bot did meanwhile
            self.say(back_words({}, self.shown, played=link.standin_played), notice=True)

    # -- what the HUD draws from ---------------------------------------------------------------
    def look(self) -> TableLook:
        return TableLook(view=self.plate_view(), layout=self.board.layout, board=self.board, viewer=self.viewer,
                         name=self.player_name, kind=self.link.kind, hotseat=self.hotseat, clock=self.clock,
                         moving=self.moving, thinking=self.thinking_seat(), announces=self.bubbles(),
                         banners=self.banners, ripples=self.ripples, trump_flash=self.trump_flash,
                         summaries=self.link.summaries(), away=self.link.away, swap_shown=self.swap_shown)

    def player_name(self, seat: str) -> str:
        """A seat's player's name in the player's language (``words.player_name``)."""
        return player_name(self.link.players(), seat, turned=self.viewer not in (None, "bottom"))

    def side_name(self, side: str) -> str:
        return side_name(self.player_name, side)

    # -- helpers used by the director -----------------------------------------------------------
    def sound(self, name):
        self.app.sound(name)

    def shows_hand(self, seat):
        return seat == self.viewer and self.revealed

    def open_hands_now(self):
        """Other seats' cards, for a table that shows every hand (replays); else None."""
        return self.link.open_hands()

    def banner(self, text, sub=None, seconds=1.6):
        self.banners = [[text, sub, seconds, seconds, 0.0]]

    def memorize_done(self, seconds):
        self._memorize_left = seconds
        return lambda: self._memorize_left <= 0

    def flash_signal(self, sprite, kind):
        sprite.badge = kind

    def ripple(self, x, y, strength=1.0):
        self.ripples.append([x, y, strength, 0.0])

    def note_in_log(self, seat, action):
        """A line of the deal's log (worded when drawn, in the language of the moment); a bot's
        standing in for an away person marked so on every screen, not only on theirs."""
        stood = {"standin": True} if (self.link.players().get(seat) or {}).get("standin") else {}
        self.log.append((seat, dict(action) | stood))

    def announce(self, seat, action, view=None):
        self.announces[seat] = [action, 0.0]       # worded when drawn: in the language of the moment
        if "cut" not in action:
            self.note_in_log(seat, action)
        if "decision" in action and view is not None and view.get("targets"):
            accept = action["decision"] == "accept"
            if self.link.kind(seat) == "me" and not self.hotseat:
                text = _("You accept") if accept else _("You pass")
            else:
                text = (_("{name} accepts") if accept else _("{name} passes")).format(name=self.player_name(seat))
            sub = separator().join(_("{side} {n}").format(side=self.side_name(s), n=number(n))
                                 for s, n in view["targets"].items())
            self.banner(text, _("targets: {targets}").format(targets=sub), 1.8)

    def announce_hold(self):
        """Animation seconds a decision that is not a card stays in front of the players:
        readable at the default pace, longer at a slower one (Settings: bot pace)."""
        return (0.6 + 1.6 * self.app.settings.bot_pace) / max(1.0, self.app.time_scale) * self.app.anim_speed

    def announce_over(self, ev):
        score = ev.get("score") or {}
        winner = max(score, key=lambda s: score[s]) if score else None
        line = " – ".join(number(score[s]) for s in score)
        names = _(" vs ").join(self.side_name(s) for s in score)
        self.banner(_("{side} went over!").format(side=self.side_name(winner)),
                    _("{sides}:  {scores}").format(sides=names, scores=line), 2.4)

    def open_summary(self, ev):
        self.summary_open = True
        self.summary_event = ev
        self.summary_age = 0.0
        self.summary_since = self.input.clock       # real seconds: the Enter hold is not the animation's
        self.overlay = None
        self.sync(self.anim_view)

    def close_summary(self):
        self.summary_open = False
        self.summary_event = None

    def match_over(self, ev):
        if self.results_shown:
            return
        self.results_shown = True
        self.link.end_seen()            # Resume no longer offers the match to show its end
        self.sound("match_won")
        if self.link.lan and not self.link.hosting:
            lan_seats.forget(self.link.token)    # nothing left to take back
        mine = self.mine[0] if len(self.mine) == 1 else None
        kept = self.link.record()     # a LAN friend's: its own, rebuilt from the cards it was shown
        end = MatchEnd(game=self.game.name, winner=ev.get("winner"), totals=ev.get("totals") or {},
                       summaries=self.link.summaries(), name=self.player_name,
                       # one side for all the people here (partners at one screen too): gold, as in the summaries
                       my_side=sides.pop() if len(sides := {self.game.side_of(s) for s in self.mine}) == 1 else None,
                       signed_scores=self.game.scoring == "tricks_over",
                       record=(lambda: kept) if kept is not None else None,
                       match_id=self.link.match_id(),
                       lan=self.link.lan, replay=self.link.replay, sides=list(self.game.sides), me=mine,
                       target=(self.shown.get("options") or {}).get("target"))
        self.app.push(open_scene("results", self.app, end=end))

    def thinking_seat(self):
        """The seat whose bot has been thinking long enough to show it (never in a replay,
        which stands still at a bot's turn until the next step: its dots read as thinking)."""
        turn = self.shown.get("turn")
        if (turn and not self.link.replay and self.link.kind(turn) == "bot" and not self.director.busy()
                and time.monotonic() - self.idle_since > THINKING_AFTER):
            return turn
        return None

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
                and self.link.kind(self.viewer) == "me" and self.pending is None
                and not (self.link.lost or self.reconnecting))    # the box says the host is away: no move

    def hint_now(self):
        """The coach's hint for the decision on screen, if it has come (else None)."""
        h = self.hint
        if h and "action" in h and h.get("version") == self.shown.get("version") and h.get("seat") == self.viewer:
            return h
        return None

    def refuse_card(self, key, my_turn):
        if not my_turn and self.waiting_for_human() is not None and self.shown.get("phase") != "play":
            # the viewer's call or choice is asked: "Not your turn to play." read as a wrong one
            self.say(_("Not a card yet: first the choice above your hand."), self.shown.get("version"))
            return
        self.say(explain.refusal(self.shown, my_turn), self.shown.get("version"))

    def say(self, text, version=None, notice=False):   # version: a refusal's, gone once the table moves on
        self.message = [text, time.monotonic(), version, notice]    # notice: news ("key": a key's answer)

    # -- keeping the picture true ---------------------------------------------------------------
    def show_numbers(self, view):
        """Scores and targets reach ``view`` while cards are still moving."""
        self.shown = view

    def sync(self, view):
        """The animation reached ``view``: show its numbers; repair the board if it drifted."""
        self.shown = view
        b = self.board
        bad = any(len(b.hands.get(seat, [])) != (view.get("counts") or {}).get(seat, 0) for seat in self.seats)
        want = view.get("hand")
        if want is not None and self.revealed and set(b.hands.get(self.viewer, [])) != set(want):
            bad = True
        if len(b.court) != len(view.get("trick") or []):
            bad = True
        if bad and view.get("phase") != "waiting":
            b.set_from_view(view, hands=self.open_hands_now(), face_down_viewer=not self.revealed)
        b.follow_trump(view.get("trump"))       # named: its suit slides to the front of the hands
        self._update_dims()

    def _update_dims(self):
        legal = set(self.input.legal())
        for k in self.board.hands.get(self.viewer, []):
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
        self.shown = self.anim_view = self.link.view(seat)
        self.board.set_from_view(self.shown, hands=self.open_hands_now())
        if self.last_trick:
            self.last_trick["seats"] = None
        self.overlay = None
        self._update_dims()

    # -- acting -----------------------------------------------------------------------------------
    def act(self, seat, action):
        """Send the intent; the host's events (or its refusal) answer it."""
        if seat not in self.mine or self.pending is not None or self.link.lost:
            return False
        if not self.link.act(seat, action):
            self.say(_("Not connected to the host"))
            return False
        self.pending = (action.get("play"), self.shown.get("version"))
        self.hint = None
        self.input.reset()
        self.signal_menu = False
        self.confirm = None
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
        if self.shown.get("turn") == self.viewer and self.link.kind(self.viewer) == "me":
            self.act(self.viewer, action)

    # -- the loop ---------------------------------------------------------------------------------
    def busy(self):
        return (self.director.busy() or self.board.moving or self.input.moving or bool(self.ripples)
                or self.trump_flash is not None or bool(self.banners)
                or any(a[1] < 0.3 for a in self.announces.values())
                or not self.board.images.warm or (self.summary_open and self.demo)
                or self.thinking_seat() is not None or bool(self._held))

    def wake_in(self):
        # Nothing moves: a few looks a second catch timers (a message fading, a
        # bubble going, a bot starting to look thoughtful).
        return 0.25

    def update(self, dt):
        self.pump()
        if self.app.top is not self or self not in self.app.scenes:
            return
        self.clock += dt
        imgs = self.board.images
        if not imgs.warm:
            imgs.warm_step(0.012, self.shown.get("hand") or None)
        if self._memorize_left > 0:
            self._memorize_left -= dt
        self._age_effects(dt)
        if self.summary_open:
            self.summary_age += dt
            if self.demo and not self.link.replay and self.summary_age > SUMMARY_AUTO and self.moves_on():
                self.close_summary()
        self.board.update(dt)
        self.input.update(dt)
        was_busy = self.director.busy()
        self.director.update(dt)
        if not self.director.busy():
            if was_busy:
                self.idle_since = time.monotonic()
            if imgs.warm and not self._held:
                self.link.shown(self.anim_view.get("version", -1))
            self.advance()
        self._update_dims()
        self.refresh_ui()
        self.moving = self.busy()

    def _age_effects(self, dt):
        for b in self.banners:
            b[2] -= dt
            b[4] += dt
        self.banners = [b for b in self.banners if b[2] > 0]
        for seat in list(self.announces):
            self.announces[seat][1] += dt
            if self.announces[seat][1] > max(2.2, 2 * self.announce_hold()) \
                    and self.shown.get("phase") not in ("call", "decide"):
                del self.announces[seat]
        if self.ripples:
            for r in self.ripples:
                r[3] += dt
            self.ripples = [r for r in self.ripples if r[3] < 1.0]
        if self.trump_flash is not None:
            self.trump_flash += dt
            if self.trump_flash > 1.0:
                self.trump_flash = None
        if self.message and (time.monotonic() - self.message[1] > 2.5 or self.message[2] is not None and (
                self.summary_open or self.message[2] != self.shown.get("version"))):
            self.message = None         # real time, whatever the animation; a refusal too once the table moves

    def advance(self):
        """Nothing moves: turn the table to the player whose turn it is (hot-seat)."""
        if self.summary_open or self.cover_seat is not None or self.results_shown:
            return
        v = self.shown
        if self.confirm and v.get("phase") != "trump":
            self.confirm = None
        seat = v.get("turn")
        if seat is None or seat not in self.mine:
            return
        if seat == self.viewer and not self.revealed and self.hidden_seat == seat:
            # The same player again, and no other person has played since: no cover.
            self.hidden_seat = None
            self.revealed = True
            view = self.link.view(seat)
            self.director.add(Lazy(lambda: self.director.reveal(view)))
            self.director.add(Call(self.sync, view))
            return
        if seat != self.viewer or not self.revealed:
            if self.hotseat:
                if not self.play_last_card_unseen(seat):
                    self.put_cover(seat)
            else:
                self.switch_viewer(seat)

    # -- input ------------------------------------------------------------------------------------
    def process_event(self, e):
        if self.link.lost and e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return True
        if self.cover_seat is not None:
            return self.cover_event(e)
        if self.click_goes_on(e):           # "I have it" (hands to memorize), a kept trick gathered
            return True
        if e.type == pygame.KEYDOWN:
            return self._key(e)
        if self.overlay and e.type == pygame.MOUSEBUTTONDOWN:
            self.overlay = None
            return True
        if self.summary_open:
            return False
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            if self.log_rect is not None and self.log_rect.collidepoint(e.pos) and any(self.log_hidden):
                # the log's arrows are pressed too, not only the wheel: the upper half goes back
                back = e.pos[1] < self.log_rect.centery
                self.log_scroll = max(0, self.log_scroll + (1 if back and self.log_hidden[0] else
                                                            -1 if not back and self.log_hidden[1] else 0))
                return True
            if self.shown.get("hand") is None and self.revealed and self.board.viewer_back_at(e.pos):
                self.touch_hidden_hand()
                return True
            return self.input.mouse_down(e.pos)
        if e.type == pygame.MOUSEWHEEL and self.log_rect is not None:
            self.log_scroll = max(0, self.log_scroll + e.y)
            return True
        if e.type == pygame.MOUSEMOTION:
            return self.input.mouse_move(e.pos, held=bool(getattr(e, "buttons", (0,))[0]))
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            return self.input.mouse_up(e.pos)
        return False

    def _key(self, e):
        if e.key == pygame.K_F1:
            self.open_rules()
        elif e.key == pygame.K_h and not self.link.replay:
            self.held = not self.held          # "hold on": the bots wait until H again
            self.link.hold(self.held)
        elif e.key == pygame.K_ESCAPE:
            if self.confirm or self.overlay:
                self.confirm = self.overlay = None
            elif self.signal or self.signal_menu:       # taken back first: it opened the menu, the slam armed
                self.signal, self.signal_menu = None, False
            elif self.input.selected:
                self.input.reset()
            elif self._pick_i is not None:      # a choice picked by Enter or the arrows is put back
                self.unpick()
            elif self.message and self.message[3] == "key":     # a key's answer first (it opened the menu)
                self.message = None
            else:
                self.open_menu()
        elif self.summary_open and e.key in (pygame.K_RETURN, pygame.K_SPACE):
            if self.overlay or self.input.clock - self.summary_since >= SUMMARY_KEY_HOLD:   # not the last card's Enters
                self.close_overlay_or_summary()
        elif not self.input.key(e):
            return self.picker_key(e) or self.shortcut_key(e)
        return True

    def open_rules(self):
        self.input.reset()
        self.app.push(open_scene("rules", self.app, game=self.game.name, overlay=True))

    def open_menu(self):
        self.input.reset()
        self.app.push(open_scene("pause", self.app, game=self.game.name, lan=self.link.lan, hosting=self.link.hosting,
                                 saved=not self.link.replay, unsaved=self.link.save_error, link=self.link,
                                 my_turn=lambda: self.shown.get("turn") in self.mine))

    def resize(self, size):
        self.board.resize(size, [self.director.current, *self.director.queue])
        super().resize(size)

    def close(self):
        self.link.close()
