"""LAN play in the window: host a table, find one in the lobby, play at it.

* ``HostSetupScene`` (New game -> "Host on the local network"): the table's
  name, the game and its options (New game's own option widgets, from
  ``menus.build_match_options``), and each seat: You, Open (for a friend) or a
  bot.  Start runs a ``net.HostServer`` on its own thread (the zeroconf advert
  registers in the background: the frame never waits) and opens the table,
  played through the host's ``LocalSeat``.
* ``LobbyScene`` (main menu -> "Join a LAN game"): the tables a
  ``net.LobbyBrowser`` finds, live, with their game and free seats (another
  protocol greyed out); a name, a seat, Join; and "Join by address".
* ``RemoteTableScene``: the table scene over a ``RemoteSession``.  It renders
  the views it receives and animates the host's events; the player's intents go
  to the host and nothing moves before the host confirms it.  A refusal shows
  its reason in one line; the host closing the table sends the player back to
  the menu with a message; a lost connection offers Reconnect.  Both are
  answered under any overlay too (pause menu, rules, results: ``update_behind``,
  which the App calls for the scenes under the top one).

Tests and benchmarks confine the network through ``app.lan_options``
(``interfaces``, ``bind``, ``port``), e.g. ``{"interfaces": ["127.0.0.1"],
"bind": "127.0.0.1", "port": 0}``.
"""
import os
import queue
import threading
import time

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIDropDownMenu, UITextEntryLine

from bots import CHARACTERS

from .anim import Call
from .director import Lazy
from .config import saves_dir
from .menus import (MenuScene, MainMenu, PauseScene, GAMES, TARGETS, SEAT_ORDER, oid,
                    init_match_options, build_match_options, option_pressed, match_options)
from .remote_session import RemoteSession
from .results import ResultsScene
from .table_scene import TableScene
from .text import blit_text
from . import hud

YOU, OPEN, RANDOM = "You", "Open seat (a friend)", "Bot: random"
BOT_CHOICES = [f"Bot: {c.title()}" for c in CHARACTERS]
JOIN_TIMEOUT = 8.0            # seconds a join may take before the lobby gives up


def lan_options(app):
    """Where the network is: ``interfaces``, ``bind``, ``port`` (tests confine it to loopback)."""
    return dict(getattr(app, "lan_options", None) or {})


def default_name(app, fallback):
    name = (app.settings.player_name or "").strip()
    return fallback if not name or name == "You" else name


def _remember_name(app, name):
    if name and name != app.settings.player_name:
        app.settings.player_name = name
        app.save_settings()


def _stop_later(obj, *args):
    """Stop a server or browser on a worker thread (zeroconf's goodbyes take a moment)."""
    def run():
        try:
            obj.stop(*args)
        except Exception:
            pass
    threading.Thread(target=run, name="manfee-lan-stop", daemon=True).start()


# -- the table ---------------------------------------------------------------------------------

class RemoteTableScene(TableScene):
    """The table for one seat of a LAN match (a joined player, or the host's own seat)."""

    def __init__(self, app, session, addresses=None):
        self.pending = None          # (card or None, version): an intent the host has not answered
        self.anim_view = session.latest
        self.addresses = addresses or []
        self.advert = None           # the host's advert: None (registering), True, or a sentence
        self._held = []              # messages polled while an overlay was on top
        super().__init__(app, session)

    # -- what arrives from the host ------------------------------------------------------------
    def update(self, dt):
        self._pump()
        if self.app.top is not self or self not in self.app.scenes:
            return
        super().update(dt)

    def update_behind(self, dt):
        """Under an overlay (pause menu, results, rules, settings): the host may still close
        the table or the connection drop.  Those are answered at once; the rest waits here
        until the table is on top again."""
        s = self.session
        msgs = s.poll()
        self._held.extend(msgs)
        kinds = {m.get("type") for m in msgs}
        if "host_closed" in kinds:
            self._held = []
            self._host_closed(s.closed_reason)
        elif "disconnected" in kinds and s.lost:
            if self.results_shown:           # the match is over: nothing to reconnect to
                self.app.messages.append(f"Connection to the host lost: {s.lost}")
                self.app.reset(MainMenu(self.app))
            else:                            # back to the table: it offers Reconnect or Main menu
                while self.app.top is not self and self in self.app.scenes:
                    self.app.pop()
        if s.server is not None:
            self._host_notices(s.server)

    def _pump(self):
        s = self.session
        held, self._held = self._held, []
        for msg in held + s.poll():
            kind = msg.get("type")
            if kind == "events":
                self.pending = None
                if msg.get("events"):
                    self.feed(msg["events"], msg["view"])
                else:
                    self._later(self.sync, msg["view"])
            elif kind == "error":
                self._refused(msg)
            elif kind == "welcome":
                self._rejoined(msg)
            elif kind == "host_closed":
                self._host_closed(s.closed_reason)
                return
            elif kind == "disconnected":
                self._cancel_pending()
                self.input.reset()
        if s.server is not None:
            self._host_notices(s.server)

    def _later(self, fn, *args):
        """Run ``fn`` now if nothing moves, else once the queued motion has played."""
        if self.director.busy():
            self.director.add(Call(fn, *args))
        else:
            fn(*args)

    def _cancel_pending(self):
        card = self.pending[0] if self.pending else None
        self.pending = None
        if card:
            sp = self.board.sprites.get(card)
            if sp is not None and sp.motion == "drag":
                sp.motion = None
                self.board.settle(sp)

    def _refused(self, msg):
        self._cancel_pending()
        reason = msg.get("reason") or msg.get("code") or "refused"
        self.say(reason[:120])
        if isinstance(msg.get("view"), dict):
            self._later(self.sync, msg["view"])

    def _rejoined(self, msg):
        """A new welcome (Reconnect): the host's view is the truth; lay the table out again."""
        self.director.clear()
        self.input.reset()
        self.pending = None
        self.summary_open = False
        view = msg["view"]
        self.anim_view = self.shown = view
        if view.get("phase") not in (None, "waiting"):
            self.board.set_from_view(view)
        else:
            self.board.clear()
        self.say("Back at the table")
        self.rebuild_ui()

    def _host_closed(self, reason):
        reason = reason or "the host closed the table"
        if self.session.server is None:
            self.app.messages.append(f"The table closed: {reason}")
        self.app.reset(MainMenu(self.app))

    def _host_notices(self, server):
        while True:
            try:
                n = server.notices.get_nowait()
            except queue.Empty:
                return
            kind = n.get("type")
            name = n.get("name") or n.get("seat") or "A player"
            if kind == "joined":
                self.say(f"{name} sat down ({n.get('seat')})")
            elif kind == "back":
                self.say(f"{name} is back")
            elif kind == "left":
                self.say(f"{name} left the table")
            elif kind == "standin":
                self.say(f"A bot plays for {name} until they come back")
            elif kind == "advertised":
                self.advert = True
            elif kind == "advert_failed":
                self.advert = n.get("reason") or "the table could not be advertised"
                self.say("Not advertised on the network: friends can join by address")
            elif kind in ("save_failed", "error"):
                self.say(n.get("reason") or kind)

    # -- the session's hooks, host-authoritative ----------------------------------------------------
    def feed(self, events, view=None):
        view = view if view is not None else self.session.latest
        self.director.add(Call(self._animating, view))
        for ev in events:
            if ev["type"] == "deal_started":
                self.director.add(Call(self._new_deal))
            self.director.event(ev, view)
        if hasattr(self.director, "reveal_if_needed"):
            self.director.add(Lazy(lambda: self.director.reveal_if_needed(view)))
        self.director.add(Call(self.sync, view))

    def _animating(self, view):
        self.anim_view = view

    def _new_deal(self):
        self.last_trick = None
        self.signal = None

    def open_summary(self, ev):
        self.summary_open = True
        self.summary_event = ev
        self.summary_age = 0.0
        self.overlay = None
        self.sync(self.anim_view)

    def act(self, seat, action):
        """Send the intent; the host's events (or its refusal) answer it."""
        s = self.session
        if seat != self.viewer or self.pending is not None or s.lost:
            return False
        version = self.shown.get("version")
        if not s.send_action(action, version):
            self.say("Not connected to the host")
            return False
        self.pending = (action.get("play"), version)
        self.input.reset()
        self.signal_menu = False
        return True

    def advance(self):
        """The host deals and its bots play: nothing to start here."""

    def can_play(self):
        return super().can_play() and self.pending is None and not self.session.lost

    def ui_state(self):
        key = super().ui_state()
        if self.pending is not None or self.session.lost:
            key = (key[0], key[1], False, None, None) + tuple(key[5:])
        return key

    def layout_state(self):
        return super().layout_state() + (bool(self.session.lost), self._waiting())

    def _waiting(self):
        return self.shown.get("phase") == "waiting" and not self.session.match.finished

    def match_over(self, ev):
        if self.results_shown:
            return
        self.results_shown = True
        self.sound("match_won")
        self.app.push(LanResultsScene(self.app, self, ev))

    def open_menu(self):
        self.input.reset()
        self.app.push(LanPauseScene(self.app, self))

    # -- widgets ------------------------------------------------------------------------------------
    def build_ui(self):
        super().build_ui()
        if self.app.top is not self or self.results_shown:
            return
        L = self.board.layout
        if self.session.lost:
            bw, bh = 240, max(42, round(L.H * 0.065))
            y = round(L.H * 0.52)
            self._button("reconnect", "Reconnect", (L.W // 2 - bw - 10, y, bw, bh),
                         object_id="@menu_button", fixed=True)
            self._button("leave", "Main menu", (L.W // 2 + 10, y, bw, bh), object_id="@menu_button",
                         fixed=True)
        elif self._waiting() and self.session.hosting:
            r = self._waiting_rect()
            bw, bh = max(260, round(L.W * 0.22)), max(36, round(L.H * 0.055))
            self._button("fill", "Fill open seats with bots", (r.centerx - bw // 2, r.bottom - bh - 14, bw, bh),
                         fixed=True)

    def ui_event(self, e):
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((n for n, b in self.buttons.items() if b is e.ui_element), None)
            if name == "reconnect":
                if self.session.reconnect():
                    self.say("Reconnecting…")
                self.rebuild_ui()
                return True
            if name == "leave":
                self.app.reset(MainMenu(self.app))
                return True
            if name == "fill" and self.session.server is not None:
                self.session.server.fill_open_with_bots()
                return True
        return super().ui_event(e)

    def process_event(self, e):
        if self.session.lost and e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return True
        return super().process_event(e)

    # -- drawing ------------------------------------------------------------------------------------
    def _waiting_rect(self):
        L = self.board.layout
        r = pygame.Rect(0, 0, round(L.W * 0.46), round(L.H * 0.34))
        r.center = (L.W // 2, round(L.H * 0.42))
        return r

    def draw(self, surface):
        super().draw(surface)
        L = self.board.layout
        s = self.session
        fs = max(12, round(L.H * 0.02))
        tag = f"LAN · {s.table_name}" + ("  (you host)" if s.hosting else "")
        blit_text(surface, tag, fs, (L.W - L.margin, L.H - 4), hud.DIM, anchor="bottomright")
        if self._waiting() and not s.lost:
            self._draw_waiting(surface)
        if s.lost:
            shade = pygame.Surface(L.size, pygame.SRCALPHA)
            shade.fill((4, 12, 8, 190))
            surface.blit(shade, (0, 0))
            big = max(20, round(L.H * 0.05))
            blit_text(surface, "Connection to the host lost", big, (L.W // 2, round(L.H * 0.36)), hud.GOLD,
                      bold=True, anchor="center", shadow=True)
            blit_text(surface, s.lost, big * 0.45, (L.W // 2, round(L.H * 0.36 + big * 1.1)), hud.CREAM,
                      anchor="center")
            blit_text(surface, "Your seat is kept for you: Reconnect takes it back.", big * 0.4,
                      (L.W // 2, round(L.H * 0.36 + big * 1.8)), hud.DIM, anchor="center")

    def _draw_waiting(self, surface):
        L = self.board.layout
        s = self.session
        r = self._waiting_rect()
        hud.panel(surface, r, fill=(12, 30, 21, 230))
        fs = max(13, round(L.H * 0.026))
        free = [seat for seat in s.seats if (s.players.get(seat) or {}).get("kind") == "open"]
        blit_text(surface, "Waiting for players", fs * 1.3, (r.centerx, r.y + fs * 0.6), hud.GOLD, bold=True,
                  anchor="midtop")
        y = r.y + fs * 2.6
        line = ("Open seats: " + ", ".join(free)) if free else "Every seat is taken: dealing…"
        blit_text(surface, line, fs, (r.centerx, y), hud.CREAM, anchor="midtop")
        y += fs * 1.6
        if s.hosting:
            if self.advert is True or self.advert is None:
                note = "Friends find this table in Join a LAN game"
                if self.advert is None:
                    note += " (announcing…)"
            else:
                note = "Not announced on this network: friends join by address"
            blit_text(surface, note, fs * 0.8, (r.centerx, y), hud.DIM, anchor="midtop")
            y += fs * 1.3
            if self.addresses:
                blit_text(surface, "or by address: " + ",  ".join(self.addresses[:3]), fs * 0.8,
                          (r.centerx, y), hud.DIM, anchor="midtop")
        else:
            blit_text(surface, "The match starts when every seat is taken.", fs * 0.8, (r.centerx, y),
                      hud.DIM, anchor="midtop")


class LanPauseScene(PauseScene):
    """Over a LAN table: leaving lets a bot play the seat (or, for the host, closes the table)."""

    def build_ui(self):
        hosting = self.table.session.hosting
        self.column([("resume", "Back to the table", True),
                     ("settings", "Settings", True),
                     ("rules", "Rules", True),
                     ("menu", "Close the table" if hosting else "Leave the table", True),
                     ("quit", "Quit", True)], top=round(self.app.size[1] * 0.3))


class LanResultsScene(ResultsScene):
    """The end of a LAN match: the host keeps the record; only the way back to the menu."""

    def build_ui(self):
        W, H = self.app.size
        bw, bh = max(200, round(W * 0.16)), max(42, round(H * 0.065))
        self.buttons = {"menu": self.add(UIButton(pygame.Rect(W // 2 - bw // 2, round(H * 0.86), bw, bh),
                                                  "Main menu", self.app.ui, object_id=oid("@menu_button")))}


# -- hosting ------------------------------------------------------------------------------------

class HostSetupScene(MenuScene):
    """Name the table, pick the game and its options, and say who sits where."""

    title = "Host on the local network"

    def __init__(self, app, game="manfee"):
        super().__init__(app)
        self.game = game
        self.table_name = None
        self.host_name = default_name(app, "Host")
        init_match_options(self)     # target, signals, muette's table: as New game
        self.choices = {}            # seat -> YOU / OPEN / RANDOM / "Bot: Kado"
        self.status = None
        self.starting = None         # the worker thread starting the server
        self.result = None           # (server, addresses) or an exception
        self.server = None
        self.unfinished = unfinished_lan_tables()

    def _seats(self):
        from rules.games import get_game
        seats = SEAT_ORDER[get_game(self.game).n]
        for i, seat in enumerate(seats):
            self.choices.setdefault(seat, YOU if i == 0 else OPEN)
        for seat in list(self.choices):
            if seat not in seats:
                del self.choices[seat]
        return seats

    def build_ui(self):
        from rules.games import get_game
        W, H = self.app.size
        g = get_game(self.game)
        if self.target is None or self.target not in TARGETS[self.game]:
            self.target = g.defaults["target"][0]
        if self.table_name is None:
            self.table_name = f"{self.host_name}'s table"
        self.buttons, self.drops, self.entries = {}, {}, {}
        x0 = W // 2 - 330
        y = round(H * 0.2)
        rh = max(32, round(H * 0.05))
        gap = max(6, round(rh * 0.22))
        rows = 5 + g.n + (2 if self.game == "manille-muette" else 0)   # name x2, game, target, seats, note
        rows += 1 if self.unfinished else 0                             # Resume the last table
        room = H - max(40, round(H * 0.065)) - 40                       # Open/Back and the status below
        self.title_scale = 1.0
        if y + rows * (rh + gap) + 4 > room:                            # a tall form in a short window
            y = max(round(H * 0.16), room - rows * (rh + gap) - 4)
            self.title_scale = 0.7                                      # keeps the title above it
            rh = max(24, min(rh, (room - y - 4) // rows - gap))
        lw, cw = 220, 430
        ui = self.app.ui

        def label(text, yy, cls="@heading_label"):
            self.add(UILabel(pygame.Rect(x0, yy, lw, rh), text, ui, object_id=oid(cls)))

        def drop(name, options, start, yy, width=cw):
            d = self.add(UIDropDownMenu(options, start, pygame.Rect(x0 + lw + 10, yy, width, rh), ui,
                                        expansion_height_limit=round(H * 0.4)))
            self.drops[name] = d

        def entry(name, text, yy):
            e = self.add(UITextEntryLine(pygame.Rect(x0 + lw + 10, yy, cw, rh), ui))
            e.set_text_length_limit(32)
            e.set_text(text)
            self.entries[name] = e

        label("Table name", y)
        entry("table", self.table_name, y)
        y += rh + gap
        label("Your name", y)
        entry("name", self.host_name, y)
        y += rh + gap
        label("Game", y)
        drop("game", [t for _n, t in GAMES], dict(GAMES)[self.game], y)
        y += rh + gap
        def toggle(name, text, rect):
            self.buttons[name] = self.add(UIButton(pygame.Rect(rect), text, ui))

        y = build_match_options(self, g, y, x0, lw, cw, rh, gap, label, drop, toggle,
                                signals_note=" (for everyone)")
        y += rh + gap + 4
        options = [YOU, OPEN, RANDOM] + BOT_CHOICES
        for seat in self._seats():
            label(f"Seat: {seat}", y, "@note_label")
            drop(f"seat:{seat}", options, self.choices[seat], y)
            y += rh + gap
        self.add(UILabel(pygame.Rect(x0, y, 660, rh),
                         "The match starts once every open seat is taken (or filled with bots).",
                         ui, object_id=oid("@note_label")))
        y += rh + gap
        if self.unfinished:
            self.buttons["resume"] = self.add(UIButton(pygame.Rect(x0, y, 660, rh),
                                                       resume_label(self.unfinished[0]), ui))
            y += rh + gap
        bw, bh = 220, max(40, round(H * 0.065))
        self.buttons["start"] = self.add(UIButton(pygame.Rect(W // 2 + 10, y, bw, bh), "Open the table", ui,
                                                  object_id=oid("@menu_button")))
        self.buttons["back"] = self.add(UIButton(pygame.Rect(W // 2 - bw - 10, y, bw, bh), "Back", ui,
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
        for name, e in getattr(self, "entries", {}).items():
            text = e.get_text().strip()
            if name == "table":
                self.table_name = text
            else:
                self.host_name = text

    def ui_event(self, e):
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            name = next((n for n, d in self.drops.items() if d is e.ui_element), None)
            if name is None:
                return False
            self._read_entries()
            text = e.text if isinstance(e.text, str) else e.text[0]
            if name == "game":
                self.game = next(n for n, t in GAMES if t == text)
                self.choices = {}
                self.rebuild_ui()
            elif name == "target":
                self.target = int(text)
            elif name.startswith("seat:"):
                seat = name[5:]
                if text == YOU:
                    for s, c in self.choices.items():
                        if c == YOU and s != seat:
                            self.choices[s] = OPEN
                self.choices[seat] = text
                self.rebuild_ui()
            return True
        if e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._read_entries()
            return True
        name = self.pressed(e)
        if name is not None and option_pressed(self, name):
            self._read_entries()
            self.rebuild_ui()
        elif name == "back":
            self.app.pop()
        elif name == "start":
            self.start()
        elif name == "resume":
            self.resume(self.unfinished[0]["path"])
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
                out[seat] = "bot:" + c.split(":", 1)[1].strip().upper()
        return out

    def start(self):
        """Open the table: the server starts on a worker thread; the frame goes on."""
        from rules.games import get_game
        if self.starting is not None:
            return
        self._read_entries()
        specs = self.specs()
        mine = [s for s, v in specs.items() if v.startswith("host")]
        if len(mine) != 1:
            self.status = "Choose your own seat: one seat must be “You”."
            return
        if not self.table_name:
            self.status = "Give the table a name."
            return
        g = get_game(self.game)
        options = match_options(self, g)
        _remember_name(self.app, self.host_name)
        self.status = "Opening the table…"
        self._launch(self.table_name, self.game, options, specs, None)

    def resume(self, path):
        """Open again a LAN table whose host stopped mid-match, from its autosave:
        the same seats, names and bots; friends come back with Reconnect (their
        tokens), and a bot stands in for anyone who does not."""
        if self.starting is not None:
            return
        self.status = "Opening the table again…"
        self._launch(None, None, None, None, path)

    def _launch(self, table, game, options, specs, resume):
        args = (table, game, options, specs, resume)
        self.starting = threading.Thread(target=self._start_server, args=args, name="manfee-host-start",
                                         daemon=True)
        self.starting.start()
        self._launch_buttons(False)

    def _start_server(self, table, game, options, specs, resume=None):
        from net import HostServer, DEFAULT_PORT
        from rules import RulesError
        opts = lan_options(self.app)
        folder = os.path.join(saves_dir(), "lan")
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError:
            pass
        save = resume or os.path.join(folder, f"{game}-{time.strftime('%Y%m%d-%H%M%S')}.json")
        ports = [opts["port"]] if "port" in opts else [DEFAULT_PORT, 0]
        error = None
        for port in ports:
            try:
                server = HostServer(table, game, options, specs, host_name=self.host_name or "Host",
                                    bind=opts.get("bind", ""), port=port, interfaces=opts.get("interfaces"),
                                    save_path=save, resume=resume, wake=self.app.wake,
                                    grace=opts.get("grace", 20.0), deal_pause=0.0,
                                    bot_delay=opts.get("bot_delay", 0.0))
            except RulesError as e:             # a resumed file that no longer reads
                self.result = e
                self.app.wake()
                return
            mine = [seat for seat, slot in server.slots.items() if slot.kind == "host"]
            if len(mine) != 1:
                self.result = ValueError("that table has no seat of its host")
                self.app.wake()
                return
            self.seat = mine[0]
            try:
                server.start()
            except OSError as e:
                error = e
                continue
            try:
                addresses = server.join_addresses()
            except Exception:
                addresses = []
            self.result = (server, addresses)
            self.app.wake()
            return
        self.result = error or OSError("cannot listen")
        self.app.wake()

    def update(self, dt):
        if self.starting is None or self.starting.is_alive() or self.result is None:
            return
        if isinstance(self.result, BaseException):
            e = self.result
            self.status = f"Cannot open the table: {getattr(e, 'strerror', None) or e}"
            self.starting = self.result = None
            self._launch_buttons(True)
            return
        server, addresses = self.result
        self.server = server
        me = server.local(self.seat)
        try:
            welcome = me.inbox.get_nowait()           # LanMatch.begin greets the host's seat first
        except queue.Empty:
            return                                    # next frame (the wake comes with it)
        self.starting = self.result = None
        self.server = None                            # the table scene owns it now
        session = RemoteSession(me, welcome, server=server)
        self.app.reset(MainMenu(self.app))
        self.app.push(RemoteTableScene(self.app, session, addresses))

    def busy(self):
        return self.starting is not None

    def close(self):
        if self.server is not None:
            _stop_later(self.server, "the host closed the table", False)
            self.server = None

    def draw(self, surface):
        super().draw(surface)
        if self.status:
            W, H = surface.get_size()
            blit_text(surface, self.status, max(13, round(H * 0.024)), (W // 2, getattr(self, "status_y", H - 40)),
                      hud.CREAM, anchor="midtop", shadow=True)


def unfinished_lan_tables():
    """The LAN tables this machine hosted that stopped mid-match (the host quit
    or crashed), newest first, as ``session.list_saves`` entries."""
    from .session import list_saves
    return [e for e in list_saves(os.path.join(saves_dir(), "lan")) if e["ok"] and not e["finished"]]


def resume_label(entry):
    """``Resume “Ana's table” (Manille, deal 3 · 41 – 12, 30 Nov 21:40)``."""
    game = dict(GAMES).get(entry["game"], entry["game"])
    when = time.strftime("%d %b %H:%M", time.localtime(entry["mtime"]))
    table = entry.get("table") or "your table"
    deal = f"deal {max(1, entry['deals'])}"
    if entry.get("totals"):
        deal += " · " + " – ".join(str(v) for v in entry["totals"].values())
    return f"Resume “{table}” ({game}, {deal}, {when})"


# -- the lobby ----------------------------------------------------------------------------------

class LobbyScene(MenuScene):
    """Tables on the LAN, live; a name, a seat, Join; or Join by address."""

    title = "Join a LAN game"

    def __init__(self, app):
        super().__init__(app)
        self.browser = None
        self.tables = {}             # service -> TableInfo
        self.order = []              # services in the order they appeared
        self.selected = None         # a service
        self.seat = None
        self.name = default_name(app, "")
        self.status = None
        self.client = None           # a join in progress
        self.join_started = 0.0
        self.join_table = None
        self.watch = None            # (service, since) of an address typed in
        self._seat_key = None
        self._closed = False
        threading.Thread(target=self._open_browser, name="manfee-lobby-open", daemon=True).start()

    def _open_browser(self):
        from net import LobbyBrowser
        opts = lan_options(self.app)
        try:
            browser = LobbyBrowser(interfaces=opts.get("interfaces"),
                                   on_change=lambda kind, info: self.app.wake()).start()
        except Exception as e:
            self.status = f"Cannot look for tables on this network ({e}): join by address"
            return
        if self._closed:
            _stop_later(browser)
            return
        self.browser = browser
        self.app.wake()

    # -- widgets ----------------------------------------------------------------------------------
    def _geometry(self):
        W, H = self.app.size
        lx, ly = round(W * 0.06), round(H * 0.2)
        list_rect = pygame.Rect(lx, ly, round(W * 0.52), round(H * 0.62))
        px = list_rect.right + round(W * 0.03)
        panel = pygame.Rect(px, ly, W - px - lx, list_rect.height)
        return list_rect, panel

    def build_ui(self):
        W, H = self.app.size
        ui = self.app.ui
        list_rect, panel = self._geometry()
        self.buttons, self.seat_buttons = {}, {}
        rh = max(32, round(H * 0.05))
        x, w = panel.x + 16, panel.width - 32
        y = panel.y + 12
        self.add(UILabel(pygame.Rect(x, y, w, rh), "Your name", ui, object_id=oid("@heading_label")))
        y += rh
        self.name_entry = self.add(UITextEntryLine(pygame.Rect(x, y, w, rh), ui))
        self.name_entry.set_text_length_limit(32)
        self.name_entry.set_text(self.name)
        y += rh + 12
        self.add(UILabel(pygame.Rect(x, y, w, rh), "Seat", ui, object_id=oid("@heading_label")))
        self.seat_y = y + rh
        y = self.seat_y + 2 * (rh + 8) + 6
        self.buttons["join"] = self.add(UIButton(pygame.Rect(x, y, w, round(rh * 1.25)), "Join", ui,
                                                 object_id=oid("@menu_button")))
        y += round(rh * 1.25) + 22
        self.add(UILabel(pygame.Rect(x, y, w, rh), "Join by address", ui, object_id=oid("@heading_label")))
        y += rh
        self.addr_entry = self.add(UITextEntryLine(pygame.Rect(x, y, w - 90, rh), ui,
                                                   placeholder_text="host:port"))
        self.buttons["address"] = self.add(UIButton(pygame.Rect(x + w - 82, y, 82, rh), "Look", ui))
        bw, bh = 220, max(40, round(H * 0.065))
        self.buttons["back"] = self.add(UIButton(pygame.Rect(W // 2 - bw // 2, H - bh - 14, bw, bh), "Back", ui,
                                                 object_id=oid("@menu_button")))
        self._seat_key = None
        self._build_seats()

    def _build_seats(self):
        t = self.tables.get(self.selected)
        free = list(t.free) if t is not None and t.compatible else []
        if self.seat not in free:
            self.seat = free[0] if free else None
        key = (self.selected, tuple(free), self.seat, self.app.size)
        if key == self._seat_key and self.app.top is self:
            return
        self._seat_key = key
        for b in getattr(self, "seat_buttons", {}).values():
            b.kill()
            if b in self.ui:
                self.ui.remove(b)
        self.seat_buttons = {}
        if self.app.top is not self:
            return
        _list, panel = self._geometry()
        H = self.app.size[1]
        rh = max(32, round(H * 0.05))
        x, w = panel.x + 16, panel.width - 32
        bw = (w - 8) // 2
        for i, seat in enumerate(free):
            r, c = divmod(i, 2)
            b = self.add(UIButton(pygame.Rect(x + c * (bw + 8), self.seat_y + r * (rh + 8), bw, rh),
                                  seat.title(), self.app.ui,
                                  object_id=oid("@signal_on" if seat == self.seat else "@small_button")))
            self.seat_buttons[seat] = b
        join = self.buttons.get("join")
        if join is not None:
            join.enable() if (self.seat and self.client is None) else join.disable()

    # -- the list ---------------------------------------------------------------------------------
    def _row_height(self):
        return max(48, round(self.app.size[1] * 0.08))

    def _rows(self):
        list_rect, _panel = self._geometry()
        rh = self._row_height()
        for i, service in enumerate(self.order):
            yield service, pygame.Rect(list_rect.x + 8, list_rect.y + 44 + i * (rh + 6), list_rect.width - 16, rh)

    def select(self, service):
        self.selected = service
        self._build_seats()

    def process_event(self, e):
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for service, r in self._rows():
                if r.collidepoint(e.pos):
                    self.select(service)
                    return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def ui_event(self, e):
        if e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and e.ui_element is getattr(self, "name_entry", None):
            self.name = self.name_entry.get_text().strip()
            return True
        if e.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and e.ui_element is getattr(self, "addr_entry", None):
            self.look_up(self.addr_entry.get_text())
            return True
        if e.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        seat = next((s for s, b in self.seat_buttons.items() if b is e.ui_element), None)
        if seat is not None:
            self.seat = seat
            self._seat_key = None
            self._build_seats()
            return True
        name = self.pressed(e)
        if name == "back":
            self.app.pop()
        elif name == "join":
            self.join()
        elif name == "address":
            self.look_up(self.addr_entry.get_text())
        return name is not None

    def look_up(self, text):
        """Join by address: watch host:port like a listed table; it shows in the list when it answers."""
        from net import parse_address
        try:
            host, port = parse_address(text)
        except ValueError as e:
            self.status = str(e)
            return
        if self.browser is None:
            self.status = "The lobby is still starting: try again in a moment"
            return
        service = self.browser.add_address(host, port)
        self.watch = (service, time.monotonic())
        self.status = f"Looking for a table at {host}:{port}…"

    def join(self, service=None, seat=None):
        from net import Client
        service = service or self.selected
        t = self.tables.get(service)
        seat = seat or self.seat
        if t is None or not t.compatible or self.client is not None:
            return
        if not seat:
            self.status = "No free seat at that table"
            return
        self.name = self.name_entry.get_text().strip() if hasattr(self, "name_entry") else self.name
        name = self.name or "Player"
        _remember_name(self.app, self.name)
        self.client = Client(t.host, t.port, name=name, seat=seat, wake=self.app.wake).start()
        self.join_started = time.monotonic()
        self.join_table = t
        self.status = f"Joining {t.table} ({seat})…"
        self._seat_key = None
        self._build_seats()

    # -- the loop ---------------------------------------------------------------------------------
    def update(self, dt):
        b = self.browser
        if b is not None:
            changed = False
            while True:
                try:
                    kind, info = b.changes.get_nowait()
                except queue.Empty:
                    break
                changed = True
                if kind == "removed":
                    self.tables.pop(info.service, None)
                    if info.service in self.order:
                        self.order.remove(info.service)
                else:
                    self.tables[info.service] = info
                    if info.service not in self.order:
                        self.order.append(info.service)
                    if self.watch and info.service == self.watch[0]:
                        self.watch = None
                        self.status = None
                        self.selected = info.service
                    elif self.selected is None and info.compatible and info.free:
                        self.selected = info.service
            if changed:
                self._build_seats()
        if self.watch and time.monotonic() - self.watch[1] > 4.0:
            self.status = f"No table answers at {self.watch[0]}"
            self.watch = None
        self._joining()

    def _joining(self):
        c = self.client
        if c is None:
            return
        while True:
            try:
                msg = c.inbox.get_nowait()
            except queue.Empty:
                break
            kind = msg.get("type")
            if kind == "table":
                self.join_table_msg = msg
            elif kind == "welcome":
                session = RemoteSession(c, msg, table=getattr(self, "join_table_msg", None))
                self.client = None
                self.app.reset(MainMenu(self.app))
                self.app.push(RemoteTableScene(self.app, session))
                return
            elif kind in ("error", "disconnected", "host_closed"):
                self.status = msg.get("reason") or kind
                self._give_up()
                return
        if time.monotonic() - self.join_started > JOIN_TIMEOUT:
            self.status = "The table did not answer in time"
            self._give_up()

    def _give_up(self):
        c, self.client = self.client, None
        if c is not None:
            c.close("gave up joining")
        self._seat_key = None
        self._build_seats()

    def busy(self):
        return self.client is not None

    def wake_in(self):
        return 0.25

    def close(self):
        self._closed = True
        if self.browser is not None:
            _stop_later(self.browser)
            self.browser = None
        if self.client is not None:
            self.client.close("left the lobby")
            self.client = None

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface):
        super().draw(surface)
        W, H = surface.get_size()
        list_rect, panel = self._geometry()
        hud.panel(surface, list_rect, fill=(12, 30, 21, 215))
        hud.panel(surface, panel, fill=(12, 30, 21, 215))
        fs = max(13, round(H * 0.024))
        blit_text(surface, "Tables on this network", fs, (list_rect.x + 16, list_rect.y + 12), hud.GOLD, bold=True)
        if not self.order:
            text = "Looking for tables…" if self.browser is not None or self.status is None else ""
            blit_text(surface, text, fs * 0.9, list_rect.center, hud.DIM, anchor="center")
            blit_text(surface, "A table someone hosts on this network shows here within a second.",
                      fs * 0.75, (list_rect.centerx, list_rect.centery + fs * 1.6), hud.DIM, anchor="center")
        for service, r in self._rows():
            if r.bottom > list_rect.bottom - 4:
                break
            t = self.tables[service]
            ok = t.compatible
            sel = service == self.selected
            fill = (40, 70, 50, 235) if sel else (20, 44, 31, 225) if ok else (14, 24, 19, 200)
            edge = hud.GOLD if sel else hud.EDGE if ok else (70, 82, 74)
            hud.panel(surface, r, fill=fill, edge=edge, radius=9)
            main = hud.CREAM if ok else hud.DIM
            blit_text(surface, t.table or service, fs, (r.x + 14, r.y + 6), hud.GOLD if (ok and sel) else main,
                      bold=True)
            title = _game_title(t.game)
            blit_text(surface, title, fs * 0.9, (r.right - 14, r.y + 7), main, anchor="topright")
            if not ok:
                sub = f"another version of Manfee (protocol {t.protocol}): cannot join"
            elif t.state == "over":
                sub = "the match is over"
            else:
                n = len(t.free)
                seats = f"{n} free seat{'s' if n != 1 else ''}" + (f": {', '.join(t.free)}" if n else "")
                sub = seats + ("  ·  playing" if t.state == "playing" else "")
            blit_text(surface, sub, fs * 0.78, (r.x + 14, r.bottom - 6), main if ok else hud.DIM,
                      anchor="bottomleft")
        if self.selected in self.tables and not self.seat_buttons:
            blit_text(surface, "no free seat", fs * 0.8, (panel.x + 16, self.seat_y + 8), hud.DIM)
        if self.status:
            blit_text(surface, self.status, fs * 0.85, (W // 2, list_rect.bottom + 10), hud.CREAM,
                      anchor="midtop", shadow=True)


def _game_title(game):
    return dict(GAMES).get(game, game or "?")
