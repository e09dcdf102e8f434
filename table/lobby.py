"""Join a LAN game: the tables a ``net.LobbyBrowser`` finds, live, with their
game and free seats (another protocol greyed out); a name, a seat, the join
code of a private table, Join; and "Join by address" where multicast does not
reach."""
from __future__ import annotations

import queue
import sys
import threading
import time

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from net import Client, LobbyBrowser, parse_address
from net.link import ClientLink

from .forms import MenuScene, oid, tall_label
from .host_setup import default_name, lan_options, remember_name, stop_later
from .host_words import reason_text, refusal
from .i18n import N_, _, is_rtl, ngettext, number, pgettext, seat_name
from .scenes import open_scene
from . import lan_seats, theme
from .lobby_rows import LobbyRows, row_title
from .text import lead
from .widgets import follow_script
from .theme import GOLD, CREAM, DIM, EDGE, blit_text, font_spec, text_width
from .words import player_name, separator

JOIN_TIMEOUT = 8.0            # seconds a join may take before the lobby gives up


class LobbyScene(LobbyRows, MenuScene):
    """Tables on the LAN, live; a name, a seat, Join; or Join by address."""

    title = N_("Join a LAN game")

    def __init__(self, app, seeking: dict | None = None):
        super().__init__(app)
        self.seek(seeking)
        self.browser = None
        self.tables = {}             # service -> TableInfo
        self.order = []              # services, the rows' order (``_sort_rows``)
        self.twins = {}              # service -> TableInfo of a table already listed under another
        self.selected = None         # a service
        self.seat = None
        self.name = default_name(app, "")
        self.asked_name = False       # the empty name field took the keys once (build_ui)
        self.code = ""
        self.client = None           # a join in progress
        self.join_started = 0.0
        self.join_table = None
        self.watch = None            # (service, since) of an address typed in
        self._seat_key = None
        self._closed = False
        threading.Thread(target=self._open_browser, name="manfee-lobby-open", daemon=True).start()

    def _open_browser(self):
        opts = lan_options(self.app)
        try:
            browser = LobbyBrowser(interfaces=opts.get("interfaces"),
                                   on_change=lambda kind, info: self.app.wake()).start()
        except Exception as e:
            # The player reads one sentence in their language; the library's own words
            # (English, technical) go to the terminal for whoever looks into it.
            print(f"manfee: LAN discovery did not start: {e}", file=sys.stderr)
            self.status = _("Cannot look for tables on this network: join by address")
            return
        if self._closed:
            stop_later(browser)
            return
        self.browser = browser
        self.app.wake()

    # -- widgets ----------------------------------------------------------------------------------
    def _geometry(self):
        W, H = self.app.size
        lx, ly = round(W * 0.06), round(H * 0.2)
        # Tall enough for the form's rows (build_ui) with a margin, in a short window too.
        need = 90 + round(9.25 * max(32, round(H * 0.05)))
        list_rect = pygame.Rect(lx, ly, round(W * 0.52), max(round(H * 0.62), need))
        px = list_rect.right + round(W * 0.03)
        panel = pygame.Rect(px, ly, W - px - lx, list_rect.height)
        if is_rtl():                    # right to left: the list on the right, its form on the left
            list_rect.x, panel.x = W - list_rect.right, W - panel.right
        return list_rect, panel

    def build_ui(self):
        W, H = self.app.size
        ui = self.app.ui
        list_rect, panel = self._geometry()
        self.buttons, self.seat_buttons = {}, {}
        rh = max(32, round(H * 0.05))
        x, w = panel.x + 16, panel.width - 32
        y = panel.y + 12
        self.add(tall_label(ui, pygame.Rect(x, y, w, rh), _("Your name")))
        y += rh
        self.name_entry = self.add(UITextEntryLine(pygame.Rect(x, y, w, rh), ui,
                                                   placeholder_text=_("your name, as the others see it")))
        self.name_entry.set_text_length_limit(32)
        self.name_entry.set_text(self.name)
        follow_script(self.name_entry)
        if not self.name and not self.asked_name:   # a first visit: typing goes to the name (it went nowhere)
            self.asked_name = True
            self.name_entry.focus()
        y += rh + 12
        self.add(tall_label(ui, pygame.Rect(x, y, w, rh), _("Seat")))
        self.seat_y = y + rh
        y = self.seat_y + 2 * (rh + 8) + 6
        code_label, code_rect = self._row(x, w, y, rh, w // 2)
        self.add(tall_label(ui, code_label, _("Join code")))     # as "Your name" and "Seat" (grey read as disabled)
        self.code_entry = self.add(UITextEntryLine(code_rect, ui, placeholder_text=_("private tables")))
        self.code_entry.set_text_length_limit(12)
        self.code_entry.set_text(self.code)
        follow_script(self.code_entry)
        y += rh + 8
        join_rect, watch_rect = self._row(x, w, y, round(rh * 1.25), round(w * 0.62))
        watch_rect.inflate_ip(-8, 0)
        watch_rect.x += 4 if not is_rtl() else -4
        self.buttons["join"] = self.add(UIButton(join_rect, _("Join"), ui, object_id=oid("@menu_button")))
        # watch a table without a seat: every public thing, never a hand
        self.buttons["spectate"] = self.add(UIButton(watch_rect, _("Watch"), ui))
        y += round(rh * 1.25) + 22
        self.add(tall_label(ui, pygame.Rect(x, y, w, rh), _("Join by address")))
        y += rh
        size, bold = font_spec("button")      # room for "Look" in the language and size in use
        look_w = min(w // 2, max(90, text_width(_("Look"), size, bold) + 44))
        addr_rect, look_rect = self._row(x, w, y, rh, w - look_w)
        self.addr_entry = self.add(UITextEntryLine(addr_rect, ui, placeholder_text=_("host:port")))
        follow_script(self.addr_entry)
        look_rect.inflate_ip(-8, 0)
        look_rect.x += 4 if not is_rtl() else -4
        self.buttons["address"] = self.add(UIButton(look_rect, _("Look"), ui))
        bw, bh = self.pair_width(), max(40, round(H * 0.065))
        self.buttons["back"] = self.add(UIButton(pygame.Rect(W // 2 - bw // 2, H - bh - 14, bw, bh), _("Back"), ui,
                                                 object_id=oid("@menu_button")))
        self._seat_key = None
        self._build_seats()

    def _build_seats(self):
        t = self.tables.get(self.selected)
        free = list(t.free) if t is not None and t.compatible else []
        if self.seat not in free:
            self.seat = free[0] if free else None
        key = (self.selected, tuple(free), self.seat, self.app.size, t is not None and t.spectators)
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
            if is_rtl():
                c = 1 - c
            b = self.add(UIButton(pygame.Rect(x + c * (bw + 8), self.seat_y + r * (rh + 8), bw, rh),
                                  seat_name(seat), self.app.ui,
                                  object_id=oid("@signal_on" if seat == self.seat else "@small_button")))
            self.seat_buttons[seat] = b
        # A seat this machine held at this table (its token kept): Join takes it back.
        self.rejoin = lan_seats.seat_at(t.table, t.seats, t.table_id) if t is not None and t.compatible else None
        join = self.buttons.get("join")
        if join is not None:
            join.enable() if ((self.seat or self.rejoin) and self.client is None) else join.disable()
        spectate = self.buttons.get("spectate")
        if spectate is not None:
            ok = t is not None and t.compatible and t.spectators and self.client is None
            spectate.enable() if ok else spectate.disable()

    # -- the list ---------------------------------------------------------------------------------
    def _row_height(self):
        return max(48, round(self.app.size[1] * 0.08))

    def _rows(self):
        list_rect, _panel = self._geometry()
        rh = self._row_height()
        for i, service in enumerate(self.order):
            yield service, pygame.Rect(list_rect.x + 8, list_rect.y + 44 + i * (rh + 6), list_rect.width - 16, rh)

    def select(self, service):
        """Pick a listed table; what the status line said about another one goes (a
        refusal from the last table read as if it were about this one)."""
        if service != self.selected and self.client is None and self.browser is not None:
            self.status = None
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
        return self.keyboard(e)

    def ui_event(self, e):
        if e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and e.ui_element is getattr(self, "name_entry", None):
            self.name = self.name_entry.get_text().strip()
            return True
        if e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and e.ui_element is getattr(self, "code_entry", None):
            self.code = self.code_entry.get_text().strip()
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
        elif name == "spectate":
            self.spectate()
        elif name == "address":
            self.look_up(self.addr_entry.get_text())
        return name is not None

    def look_up(self, text):
        """Join by address: watch host:port like a listed table; it shows in the list when it answers."""
        try:
            host, port = parse_address(text)
        except ValueError as e:
            # The parser's words are a programmer's ("'xyz' is not a port number"): the player
            # gets the shape of an address in their language.
            print(f"manfee: address {text!r}: {e}", file=sys.stderr)
            self.status = _("Type an address as host:port, e.g. 192.168.1.20:47820")
            return
        if self.browser is None:
            self.status = _("The lobby is still starting: try again in a moment")
            return
        service = self.browser.add_address(host, port)
        self.watch = (service, time.monotonic())
        self.status = _("Looking for a table at {address}…").format(address=f"{host}:{port}")

    def join(self, service=None, seat=None):
        """Take ``seat`` (the one chosen) at the selected table, or the seat this machine
        held there (its kept token: no code needed, the host knows it)."""
        t = self.tables.get(service or self.selected)
        held = lan_seats.seat_at(t.table, t.seats, t.table_id) if t is not None and t.compatible else None
        if held and not seat and self.client is None:
            self.name = self.name_entry.get_text().strip() if hasattr(self, "name_entry") else self.name
            self._connect(t, _("Taking your seat back at {table} ({seat})…").format(
                table=t.table, seat=seat_name(held[0])), name=self.name or "Player", token=held[1])
            return
        seat = seat or self.seat
        t = self._reachable(service, None if seat else _("No free seat at that table"))
        if t is None:
            return
        if not self.name:                   # it became "Player" without a word: the others see it
            self.status = _("Type your name first: the others see it at your seat.")
            if hasattr(self, "name_entry"):
                self.name_entry.focus()
            return
        remember_name(self.app, self.name)
        self._connect(t, _("Joining {table} ({seat})…").format(table=t.table, seat=seat_name(seat)),
                      name=self.name or "Player", seat=seat)

    def spectate(self, service=None):
        """Watch the selected table from no seat: its welcome opens the table as a watcher's."""
        t = self._reachable(service)
        if t is not None:
            if self.name:
                remember_name(self.app, self.name)      # the players are told who watches: by this name
            self._connect(t, _("Joining {table} to watch…").format(table=t.table),
                          name=self.name or "Watcher", watching="")

    def _reachable(self, service, refusal=None):
        """The table to connect to, or None (nothing to do, or why not in the status line:
        ``refusal`` if given, else a private table without its code); reads the typed name."""
        t = self.tables.get(service or self.selected)
        if t is None or not t.compatible or self.client is not None:
            return None
        if refusal:
            self.status = refusal
            return None
        if t.private and not self.code:
            self.status = _("That table is private: type its join code (the host's screen shows it)")
            return None
        self.name = self.name_entry.get_text().strip() if hasattr(self, "name_entry") else self.name
        return t

    def _connect(self, t, status, **client):
        # the way the player typed, where the table was also looked up by its address (the
        # announced address may not reach this machine: that is why one types it)
        t = next((w for w in self.twins.values() if w.table_id == t.table_id and ":" in w.service), t)
        self.client = Client(t.host, t.port, wake=self.app.wake, code=self.code or None, summaries=True,
                             **client).start()
        self.join_started = time.monotonic()
        self.join_table = t
        self.status = status
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
                    self._unlist(info.service)
                else:
                    new = info.service not in self.tables and info.service not in self.twins
                    shown = self._list(info)
                    held = new and info.compatible and lan_seats.seat_at(info.table, info.seats, info.table_id)
                    if self.watch and info.service == self.watch[0]:
                        self.watch = None
                        self.status = None
                        self.selected = shown
                    elif held and not self.rejoin and self.client is None:
                        self.selected = shown           # back after a crash: the table with our seat
                        self.found_sought(shown)
                    elif self.selected is None and info.compatible and info.free:
                        self.selected = shown
            if changed:
                self._sort_rows()
                self._build_seats()
        self.seeking_late()
        if self.watch and time.monotonic() - self.watch[1] > 4.0:
            self.status = _("No table answers at {address}").format(address=self.watch[0])
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
                if msg.get("token") and msg.get("seat") and self.join_table is not None:
                    lan_seats.remember(self.join_table.table, msg["seat"], msg["token"], self.join_table.table_id,
                                       self.join_table.game)
                link = ClientLink(c, msg, table=getattr(self, "join_table_msg", None))
                self.client = None
                self.app.reset(open_scene("main_menu", self.app))
                self.app.push(open_scene("table", self.app, link=link))
                return
            elif kind in ("error", "disconnected", "host_closed"):
                # a refusal is worded from its code; a dropped connection keeps the client's words
                code = msg.get("code")
                if kind == "error" and code == "bad_code" and self.code:     # typed, but not this table's
                    self.status = _("That join code is wrong: check the code on the host's screen")
                else:
                    self.status = refusal(code) if kind == "error" else _(
                        "The connection to the table ended: {reason}").format(
                            reason=reason_text(msg.get("reason")) or kind)
                self._give_up()
                return
        if time.monotonic() - self.join_started > JOIN_TIMEOUT:
            self.status = _("The table did not answer in time")
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
            stop_later(self.browser)
            self.browser = None
        if self.client is not None:
            self.client.close("left the lobby")
            self.client = None

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface):
        super().draw(surface)
        W, H = surface.get_size()
        list_rect, panel = self._geometry()
        theme.panel(surface, list_rect, fill=(12, 30, 21, 215))
        theme.panel(surface, panel, fill=(12, 30, 21, 215))
        fs = max(13, round(H * 0.024))
        rtl = is_rtl()
        start = (lambda r, pad: r.right - pad) if rtl else (lambda r, pad: r.x + pad)
        end = (lambda r, pad: r.x + pad) if rtl else (lambda r, pad: r.right - pad)
        blit_text(surface, _("Tables on this network"), fs, (start(list_rect, 16), list_rect.y + 12), GOLD,
                  bold=True, anchor=lead("topleft"))
        if not self.order:
            text = _("Looking for tables…") if self.browser is not None or self.status is None else ""
            blit_text(surface, text, fs * 0.9, list_rect.center, DIM, anchor="center")
            note = _("A table someone hosts on this network shows here within a second.")
            blit_text(surface, note, theme.fit_size(note, max(12, fs * 0.85), list_rect.width - 32),
                      (list_rect.centerx, list_rect.centery + fs * 1.6), DIM, anchor="center")
        for service, r in self._rows():
            if r.bottom > list_rect.bottom - 4:
                break
            t = self.tables[service]
            ok = t.compatible
            sel = service == self.selected
            fill = (40, 70, 50, 235) if sel else (20, 44, 31, 225) if ok else (14, 24, 19, 200)
            edge = GOLD if sel else EDGE if ok else (70, 82, 74)
            theme.panel(surface, r, fill=fill, edge=edge, radius=9)
            main = CREAM if ok else DIM
            blit_text(surface, t.table or service, fs, (start(r, 14), r.y + 6), GOLD if (ok and sel) else main,
                      bold=True, anchor=lead("topleft"))
            title = row_title(t)
            blit_text(surface, title, fs * 0.9, (end(r, 14), r.y + 7), main, anchor=lead("topright"))
            if not ok:
                sub = _("another version of Manfee (protocol {protocol}): cannot join").format(
                    protocol=number(t.protocol) if isinstance(t.protocol, int) else t.protocol)
            elif t.state == "over":
                sub = _("the match is over")
            else:
                n = len(t.free)
                seats = ngettext("{n} free seat", "{n} free seats", n).format(n=number(n)) if n else \
                    pgettext("a table with no free seat", "full")
                if n:
                    seats = _("{free}: {seats}").format(free=seats, seats=_(", ").join(seat_name(s) for s in t.free))
                sub = seats + (_("  ·  playing") if t.state == "playing" else "")
                if t.private:
                    sub += _("  ·  private (join code)")
                if service in self.kept_here:          # Join there takes it back
                    sub += _("  ·  your seat ({seat}) is kept here").format(seat=seat_name(self.kept_here[service]))
                if sum(1 for x in self.order if self.tables[x].table == t.table) > 1:
                    sub += separator() + f"{t.host}:{t.port}"     # two tables of one name: where each is
            small = max(12, round(fs * 0.82))       # never under 12 px (11 at 1024x600 before)
            blit_text(surface, sub, small, (start(r, 14), r.bottom - 6), main if ok else DIM,
                      anchor=lead("bottomleft"))
            seated = seated_names(t.players)        # who a friend would sit down with
            if ok and seated:
                room = r.width - 42 - theme.font(small, False).size(sub)[0]
                # long names are cut, not shrunk to 9 px (floor: 12 px, like the line beside it)
                seated, size = theme.fit_text(seated, small, room, floor=min(1.0, 12 / small))
                if room > small * 3:
                    blit_text(surface, seated, size, (end(r, 14), r.bottom - 6), DIM, anchor=lead("bottomright"))
        note, ink = None, DIM                        # what the seats' place says when it has no buttons
        if self.selected not in self.tables:
            note = _("Pick a table to see its free seats") if self.order else None
        elif not self.seat_buttons:
            # A seat this machine held there is not free, yet Join takes it back: say so.
            note = _("Your seat ({seat}) is kept for you: Join takes it back").format(seat=seat_name(self.rejoin[0])) \
                if self.rejoin else _("no free seat")
            ink = CREAM if self.rejoin else DIM
        if note:
            blit_text(surface, note, theme.fit_size(note, fs * 0.8, panel.width - 32), (start(panel, 16), self.seat_y + 8),
                      ink, anchor=lead("topleft"))
        if self.status:
            blit_text(surface, self.status, fs * 0.85, (W // 2, list_rect.bottom + 10), CREAM,
                      anchor="midtop", shadow=True)


def seated_names(players: dict) -> str:
    """``with Ana, Sada`` from a listed table's players: the names in its taken seats.

    >>> seated_names({"bottom": {"kind": "host", "name": "Ana"}, "left": {"kind": "open"}})
    'with Ana'
    >>> seated_names({"bottom": {"kind": "bot", "bot": "TANA", "name": "Tana"},
    ...               "top": {"kind": "bot", "bot": "TANA", "name": "Tana 2"}})
    'with Tana, Tana 2'

    A bot is named as the table names it, in the reader's script (Tana, تنه), a second of
    one character numbered (it read "with Tana, Tana" where the table says Tana 2).
    """
    names = [player_name(players, seat) for seat, p in players.items()
             if isinstance(p, dict) and p.get("kind") != "open" and (p.get("name") or p.get("bot"))]
    return _("with {names}").format(names=_(", ").join(names)) if names else ""

