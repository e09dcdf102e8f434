"""Drawing the table: the board, the HUD, the prompt, panels over the table,
the hot-seat cover and the LAN states (waiting for players, connection lost).

A mixin of ``TableScene``; drawing never changes the match.
"""
from __future__ import annotations

import pygame

from .cards import draw_sprite
from .coach_draw import wrap
from .deal_log import draw_deal_log
from .forms import option_text
from .effects import draw_badges, draw_ripples, draw_widow_label
from .hint_band import HintBand
from .summary_draw import SummaryDrawing
from .host_words import join_note, reason_text, save_failed
from .lan_footer import lan_lines
from .hud import draw_banner, draw_plates, draw_prompt, draw_scoreboard, draw_trump
from .i18n import _, is_rtl, number, pgettext, seat_name
from .panels import draw_cards_panel, draw_history, history_height
from .rich import blit_rich, rich
from .words import announce_text, seat_where, table_waits_for
from .theme import GOLD, CREAM, DIM, PANEL, RED, panel, blit_text, shade, fit_size


class TableDrawing(HintBand, SummaryDrawing):
    log_open = False                    # the deal log grown over the table while the pointer rests on it

    def draw(self, surface):
        self.drawn = []                 # (name, rect) of what this frame drew: the layout test reads it
        if self.cover_seat is not None:
            self._draw_cover(surface)
            return
        b = self.board
        L = b.layout
        look = self.look()
        if self.summary_open:       # a phrase being said goes over it (draw_sayings_over), not under it
            said = self.said_now()
            look.announces = {s: a for s, a in look.announces.items() if s not in said}
        mark = self._mark
        b.draw(surface, on_felt=self._draw_drop_target)      # the target under the card carried to it
        self.drawn.extend(b.element_rects())
        draw_ripples(surface, look)
        mark("widow_label", draw_widow_label(surface, look))
        draw_badges(surface, look)
        board = draw_scoreboard(surface, look)
        mark("scoreboard", board)
        L.board_bottom = board.bottom if board is not None else 0      # the left pile keeps below it
        mark("trump_badge", draw_trump(surface, look))
        ui = self.ui_key
        v = self.shown
        deciding = bool(ui and ui[2]) and not self.summary_open and not self.confirm
        picking = deciding and v.get("phase") != "play" and self.picker_rect is not None
        # a call just made lies toward the middle, under a picker wide in a squarer window:
        # its bubble goes beside the picker, in sight while the next call is chosen
        self.drawn.extend(draw_plates(surface, look, clear_of=self.picker_rect if picking else None))
        if not b.images.warm and not self.director.busy() and self.shown.get("phase") in ("waiting", None):
            blit_text(surface, _("Shuffling…"), max(16, round(L.H * 0.035)), L.center, CREAM,
                      bold=True, anchor="center", shadow=True)
        if picking:
            # The question stays up whatever the band says (a hint, a refusal): the
            # buttons alone do not tell a player what they answer.
            mark("picker", self._draw_picker_panel(surface))
        lan_wait = self.link.lan and self.waiting_for_players()     # the waiting panel: the notice goes under it
        if self.message and not lan_wait and not self.summary_open:
            mark("message", self._draw_message(surface))      # the band says one thing at a time
        elif (self.hint_now() is not None or self.hint_pending()) and ui and ui[2] and not self.input.dragging \
                and not self.signal_menu:          # the three signal buttons take the band
            mark("hint", self._draw_hint(surface))
        elif deciding:
            returning = any(k in b.settles for k in b.hands.get(self.viewer, ()))  # a card easing back
            if v.get("phase") == "play" and self.signal_menu and not self.input.dragging:
                # over the three choices: what each says, and the card's duty (both went away)
                # one line, between the trick and the buttons: the card's duty if it has one
                mark("prompt", draw_prompt(surface, look, self.play_duty() or _(
                    "Slam: partner, lead this suit  ·  Drop: I have no more of it"),
                    lift=min(L.band()[3] * 0.8, self.button_size()[1] * 1.6)))    # just over the buttons
            elif v.get("phase") == "play" and not self.input.dragging and not self.signal_menu and not returning:
                text = _("Your turn: drag or click a card (or arrows + Enter)")      # a click picks, a second plays
                if self.input.picked and self.input.picked == self.input.selected and not self.signal:
                    text = _("Click the card again to play it, or drag it (Esc puts it back)")
                if self.forced_goes():
                    text = self.forced_prompt()
                elif self.signal:
                    text = (_("Slam: drag the card you signal with (or arrows + Enter)") if self.signal == "slam"
                            else _("Drop: drag the card you signal with (or arrows + Enter)"))
                mark("prompt", draw_prompt(surface, look, text, self.play_duty(), self.prompt_shift(), self.prompt_room()))
        elif self.trick_kept and not self.summary_open:     # Settings, "Tricks": gathered on a click
            mark("prompt", draw_prompt(surface, look, self.trick_kept_words(), self.trick_news))
        elif self._hand_kept_down() and not self.summary_open and not self.confirm:
            dealer = self.player_name(v.get("dealer"))
            mark("prompt", draw_prompt(surface, look,
                                       _("Your cards stay face down until {dealer} names trump").format(dealer=dealer),
                                       _("touching them now voids the deal")))
        elif (not self.summary_open and not self.confirm and not self.director.busy()   # not over a deal
              and (waiting := table_waits_for(v, self.viewer, self.link.lan, self.player_name, self.reading_now()))):
            # whose decision the table waits for, or that H holds the bots (it was a line of the
            # deal's log, squeezed there into letters too small to read)
            mark("prompt", draw_prompt(surface, look, _("Bots on hold: press H to go on") if self.held else waiting))
        if self.confirm and self.confirm_rect is not None:
            self._draw_confirm(surface)
            mark("panel:confirm", self.confirm_rect)
        top_bubble = next((r for n, r in self.drawn if n == f"bubble:{self.board.seat_at('top')}"), None)
        if not self.summary_open:       # its band stuck out on both sides of a void deal's summary
            mark("banner", draw_banner(surface, look, below=top_bubble))
        if self.summary_open:
            self._draw_summary(surface)
            if not self.overlay_over_summary():
                mark("panel:summary", r := self.summary_rect())
                if self.message:    # why R gave no review: over the summary, not behind it
                    mark("message", self._draw_message(surface, below=r.move(0, -r.h - L.band()[3] - 16)))
        if self.overlay and (not self.summary_open or self.overlay_over_summary()):
            mark("panel:overlay", self._draw_overlay(surface))
        if self.summary_open:       # (a panel the player opens, the banner's place, is theirs to close)
            cover = next((r for n, r in reversed(self.drawn) if n in ("panel:overlay", "panel:summary")), None)
            self.drawn.extend(self.draw_sayings_over(surface, look, cover))
        footer = self._lan_lines()          # the LAN footer, under the log: made once a frame
        mark("log", self._draw_log(surface, footer))
        if self.link.save_error:
            blit_text(surface, save_failed(self.link.save_error), 14, (L.W // 2, 4), RED, anchor="midtop", shadow=True)
        self._draw_lan(surface, footer)
        for name, w in self.buttons.items():
            if w.visible:
                self.drawn.append((f"button:{name}", pygame.Rect(w.rect)))

    def _mark(self, name, rect):
        if rect is not None:
            self.drawn.append((name, pygame.Rect(rect)))

    def _draw_log(self, surface, footer):
        """The deal's announcements, newest at the bottom (the wheel scrolls back)."""
        # a stand-in bot's decision for an absent person: their name, marked as the bot's
        said = [(_("{name} (bot)").format(name=action.get("by") or self.player_name(seat)) if action.get("standin")
                 else action.get("by") or self.player_name(seat), announce_text(action)) for seat, action in self.log]
        # the pointer resting on a log with lines out of sight opens it (until it leaves)
        at = self.input.pointer
        covered = self.summary_open or self.overlay or self.cover_seat is not None or self.link.lost
        self.log_open = bool(self.log_rect is not None and at is not None and self.log_rect.collidepoint(at)
                             and not (covered or self.input.dragging) and (self.log_open or any(self.log_hidden)))
        plate = next((r for n, r in self.drawn if n == f"plate:{self.board.seat_at('left')}"), None)
        drawn = draw_deal_log(surface, self.board.layout, said, self.log_scroll, above=plate, opened=self.log_open,
                              foot=len(footer[2]) * footer[0] * 1.4)
        self.log_rect, self.log_hidden = (drawn.box, drawn.hidden) if drawn else (None, (0, 0))
        if drawn is None:
            return None
        self.log_scroll = drawn.scroll
        self._mark("log heading", drawn.heading)
        return drawn.box

    def _draw_message(self, surface, below=None):
        """A refusal or a notice, in the band above the hand, in place of the prompt (or
        just under the rect ``below``: the waiting panel, which covers the band)."""
        by = self.board.layout.band()[1] if below is None else below.bottom + 8
        # news ("Bo sat down", "Bo is back"): the table's own panel, no alarm; a refusal: red
        # over the summary, a notice hides what lies under it (a pile's caption showed through)
        return self._band_box(surface, self.message[0], by, CREAM,
                              (dict(fill=PANEL[:3] + (250,)) if below is not None else {}) if self.message[3]
                              else dict(fill=(60, 16, 12, 220), edge=RED))

    def _band_box(self, surface, text, by, ink, look, lines=2):
        """``text`` in a box on the band (its top at ``by``), between the buttons at its ends, as
        the prompt it stands for: in up to ``lines`` lines before small letters (a refusal
        between Hint and Give a signal shrank to 9 px).  Suits as pips; the box's rect."""
        bx, band_top, bw, bh = self.board.layout.band()
        fs, rows = wrap(text, max(13, round(self.board.layout.H * 0.024)), self.prompt_room() - 40, bold=True,
                        lines=lines)
        imgs = [rich(row, fs, ink, bold=True) for row in rows]
        r = pygame.Rect(0, 0, max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs))
        r.center = (round(bx + bw / 2 - self.prompt_shift()), round(by + bh / 2))
        box = r.inflate(fs * 1.6, fs * 0.8)
        dy = 0
        if by == band_top and box.bottom > band_top + bh and self.shown.get("phase") == "play":
            # taller than the band at a card: it grows upward, into the viewer's empty place in the
            # trick, not over a lifted card (a Dari hint's 3 lines); a decision's box is up there
            dy = round(band_top + bh) - box.bottom
        elif by == band_top and (p := self.picker_rect) is not None and box.colliderect(p):
            # a decision's box above it (Dari's three lines at full HD): down, into the room a
            # lifted card has at a card, no card is lifted now
            dy = min(p.bottom + 4 - box.top, round(self.board.layout.ch * 0.22))
        r.move_ip(0, dy)
        box.move_ip(0, dy)
        panel(surface, box, radius=10, **look)
        for img in imgs:        # from the reader's side, as a paragraph (a Dari line stood centred)
            surface.blit(img, img.get_rect(topright=(r.right, r.y)) if is_rtl() else img.get_rect(topleft=r.topleft))
            r.y += img.get_height()
        return box

    def _draw_picker_panel(self, surface):
        r = self.picker_rect
        panel(surface, r)
        fs = max(13, round(self.board.layout.H * 0.026))
        blit_rich(surface, self.picker_title, fit_size(self.picker_title, fs, r.width - fs, bold=True),
                  (r.centerx, r.y + fs * 0.7), GOLD, bold=True, anchor="midtop")
        if self.picker_sub:
            blit_rich(surface, self.picker_sub, fit_size(self.picker_sub, fs * 0.72, r.width - fs), (r.centerx, r.y + fs * 2.1),
                      DIM, anchor="midtop")
        return r

    def _draw_confirm(self, surface):
        r = self.confirm_rect
        fs = max(13, round(self.board.layout.H * 0.026))
        panel(surface, r, fill=(40, 14, 10, 240), edge=RED)
        dealer = self.player_name(self.shown.get("dealer"))
        room = r.width - fs * 2
        for text, size, y, ink, bold in (
                (_("Look at your cards now?"), fs * 1.15, fs * 0.7, GOLD, True),
                (_("{dealer} has not named trump yet. If you look, the deal is void:").format(dealer=dealer),
                 fs * 0.78, fs * 2.4, CREAM, False),
                (_("nothing is scored and the next dealer deals."), fs * 0.78, fs * 3.5, CREAM, False)):
            blit_text(surface, text, fit_size(text, size, room, bold=bold), (r.centerx, r.y + y), ink, bold=bold,
                      anchor="midtop")

    def draw_over_ui(self, surface):
        """Pips on the trump tiles (drawn over the widgets: fonts have no suit glyphs), and
        a card in the hand of the player who drags it (it passed under the signal button)."""
        b = self.board
        for sp in b.sprites.values():
            if sp.motion == "drag":
                draw_sprite(surface, b.images, sp, b.offset())
        for b in self.buttons.values():
            suit = getattr(b, "pip", None)
            if not suit or not b.visible:
                continue
            r = b.rect
            size = round(r.width * 0.5)
            c = (r.centerx, r.y + round(r.height * 0.42))
            if suit == "NT":
                word = pgettext("no trump, in short", "NT")
                blit_text(surface, word, fit_size(word, size * 0.75, r.width * 0.86, bold=True), c, (26, 18, 5),
                          bold=True, anchor="center")
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
        cache = self.__dict__.setdefault("_targets", {})
        img = cache.get(key)
        if img is None:
            img = pygame.Surface((w, h), pygame.SRCALPHA)
            colour = (255, 214, 107, 90) if ready else (255, 255, 255, 35)
            pygame.draw.rect(img, colour, img.get_rect(), border_radius=w // 8)
            pygame.draw.rect(img, colour[:3] + (200 if ready else 90,), img.get_rect(), 3, border_radius=w // 8)
            cache[key] = img
        surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _draw_last_trick(self, surface, top=None, closes=True):
        """The last trick's cards in a panel, each under its player's name, the winner's ringed."""
        b, lt = self.board, self.last_trick
        seats = lt.get("seats")
        if not seats:
            order = list(self.seats)
            i = order.index(lt["leader"])
            seats = [order[(i + self.game.direction * k) % len(order)] for k in range(len(lt["cards"]))]
        mark = seats.index(lt["winner"]) if lt["winner"] in seats else None
        return draw_cards_panel(surface, b.layout, b.images,
                                _("Last trick: {name} won it").format(name=self.player_name(lt["winner"])),
                                lt["cards"], [self.player_name(s) for s in seats], mark, signals=lt.get("signals"),
                                top=top, closes=closes)

    def _draw_overlay(self, surface):
        v = self.shown
        b = self.board
        rect = None
        if self.overlay == "last" and self.last_trick:
            rect = self._draw_last_trick(surface)
        elif self.overlay == "passed" and v.get("passed_hand"):
            seats = list(self.seats)            # after a pass each seat holds the next one's hand (RULES.md)
            holder = seats[(seats.index(self.viewer) - 1) % len(seats)] if self.viewer in seats else None
            rect = draw_cards_panel(surface, b.layout, b.images, _("The hand you passed"),
                                    b.sorted(v["passed_hand"]), subtitle=_("now held by {name}").format(
                                        name=self.player_name(holder)) if holder else None,
                                    played={h["play"] for h in v.get("history") or () if "play" in h})
        elif self.overlay == "passed" and v.get("swapped_out"):
            rect = draw_cards_panel(surface, b.layout, b.images,
                                    _("The hand you gave away (out of play; only you know it)"),
                                    b.sorted(v["swapped_out"]))
        elif self.overlay == "history":
            L = b.layout        # as tall as its rows: three deals left most of a 60 % box empty
            rect = pygame.Rect(0, 0, round(L.W * 0.5), min(round(L.H * 0.6), history_height(L.H, len(self.link.summaries()))))
            rect.center = (L.W // 2, round(L.H * 0.46))
            self._history(surface, rect, reserve=1.6)
            fs = max(12, round(L.H * 0.02))
            blit_text(surface, _("click anywhere (or Esc) to close"), fs, (rect.centerx, rect.bottom - fs * 0.6),
                      DIM, anchor="midbottom")
        return rect

    def _history(self, surface, rect, **kw):
        return draw_history(surface, rect, self.link.summaries(), list(self.shown.get("totals") or {}),
                     self.player_name, signed_scores=self.game.scoring == "tricks_over",
                     tie_doubles=self.game.name == "manille", **kw)

    def _draw_cover(self, surface):
        b, L, seat = self.board, self.board.layout, self.cover_seat
        surface.blit(b.felt, (0, 0))
        shade(surface, (4, 12, 8, 150))
        name = self.player_name(seat)
        fs = max(20, round(L.H * 0.07))
        room = L.W * 0.9
        where = seat_name(seat)
        turn = (_("{name}'s turn. Only {name} should look now.") if name.casefold() == where.casefold()
                else _("{name}'s turn ({seat}). Only {name} should look now.")).format(name=name, seat=where)
        for text, size, y, ink, bold in ((_("Pass to {name}").format(name=name), fs, 0, GOLD, True),
                                         (turn, fs * 0.38, fs, CREAM, False),
                                         (_("Click (or press Enter) when ready") if self.cover_armed() else " ",
                                          fs * 0.34, fs * 1.8, DIM, False)):      # said once a click lifts it
            blit_text(surface, text, fit_size(text, size, room, bold=bold), (L.W // 2, L.H * 0.4 + y), ink,
                      bold=bold, anchor="center", shadow=bold)
        if self.last_trick and self.shown.get("phase") == "play":
            # public, and played behind the cover: the next person came back to an empty table
            self._mark("panel:last", self._draw_last_trick(surface, top=L.H * 0.4 + fs * 2.3, closes=False))

    # -- LAN -------------------------------------------------------------------------------------
    def waiting_rect(self):
        L = self.board.layout
        # The host's panel holds the address, the code and the Fill button too.
        r = pygame.Rect(0, 0, round(L.W * 0.46), round(L.H * (0.46 if self.link.hosting else 0.3)))
        r.midtop = (L.W // 2, round(L.H * 0.25))
        return r

    def _lan_lines(self) -> tuple[int, float, list[str]]:
        return lan_lines(self.link, self.board.layout, self.game.hand_size)

    def _draw_lan(self, surface, footer):
        link = self.link
        if not link.lan:
            return
        L = self.board.layout
        fs, room, lines = footer
        watching = not link.hosting and not link.my_seats()     # its words in cream: this screen only watches
        y = L.H - 4
        for line in reversed(lines):           # upwards from the foot, two lines rather than shrunk
            # in the left corner, under the deal's log (the viewer's plate has the right one)
            drawn = blit_text(surface, line, fit_size(line, fs, room), (L.inset + L.margin, y), CREAM if watching else DIM,
                              anchor="bottomleft")
            self._mark("lan_tag", drawn)
            y = drawn.top
        if self.waiting_for_players() and not (link.lost or self.reconnecting):
            self._draw_waiting(surface)
            if self.message:            # "Bo sat down (Left)": under the panel, not behind it
                self._mark("message", self._draw_message(surface, below=self.waiting_rect()))
        if link.lost or self.reconnecting:
            shade(surface, (4, 12, 8, 190))
            big = max(20, round(L.H * 0.05))
            # a panel under the words and the two buttons: the trick showed through the lines
            top, bottom = round(L.H * 0.36 - big * 1.2), round(L.H * 0.52 + max(42, L.H * 0.065) + big * 0.6)
            panel(surface, pygame.Rect(round(L.W * 0.08), top, round(L.W * 0.84), bottom - top), fill=(12, 30, 21, 240))
            blit_text(surface, _("Connection to the host lost"), big, (L.W // 2, round(L.H * 0.36)), GOLD,
                      bold=True, anchor="center", shadow=True)
            # what happened, a detail under the line above (worded where it is a known reason)
            detail = _("Reconnecting…") if self.reconnecting else reason_text(link.lost)
            blit_text(surface, detail, big * 0.45, (L.W // 2, round(L.H * 0.36 + big * 1.1)), CREAM, anchor="center")
            retry = self.retry_in()
            if retry is not None:
                after = (_("Trying again in {n} s.") if watching
                         else _("Trying again in {n} s: your seat is kept for you.")).format(
                             n=number(retry))
            else:
                after = (_("Reconnect to watch again.") if watching
                         else _("Your seat is kept for you: Reconnect takes it back."))
            blit_text(surface, after, fit_size(after, big * 0.4, L.W * 0.8), (L.W // 2, round(L.H * 0.36 + big * 1.8)), DIM,
                      anchor="center")

    def _table_terms(self, size: float, width: int) -> list[str]:
        """The waiting panel's lines on the match to come: ``Match to: 52 · Signals: on``
        (on two lines if one would not fit ``width`` at ``size``: the muette has five),
        the coach's hints for everyone or nobody, and (seated in a team game) the partner."""
        options = self.shown.get("options") or {}
        terms = [option_text(o, options[o.name]) for o in self.game.options if o.name in options]
        lines = [_(" · ").join(terms)] if terms else []
        if len(terms) > 2 and fit_size(lines[0], size, width) < int(size):
            half = (len(terms) + 1) // 2
            lines = [_(" · ").join(terms[:half]), _(" · ").join(terms[half:])]
        lines.append(_("Hints: on for everyone") if self.link.hints_allowed else _("Hints: off"))
        mine = self.link.my_seats()
        side = next((x.split("-") for x in self.game.sides if mine and mine[0] in x.split("-")), [])
        partner = [x for x in side if x not in mine]
        if len(mine) == 1 and len(partner) == 1:
            lines.append(_("Your partner: {name}").format(name=self.player_name(partner[0])))
        return lines

    def _draw_waiting(self, surface):
        L = self.board.layout
        link = self.link
        r = self.waiting_rect()
        panel(surface, r, fill=(12, 30, 21, 230))
        fs = max(13, round(L.H * 0.026))
        free = [seat for seat in self.seats if (link.players().get(seat) or {}).get("kind") == "open"]
        blit_text(surface, _("Waiting for players"), fs * 1.3, (r.centerx, r.y + fs * 0.6), GOLD, bold=True,
                  anchor="midtop")
        y = r.y + fs * 2.6
        where = (seat_where(s, self.board.place(s), self.viewer not in (None, "bottom")) for s in free)
        line = (_("Open seats: {seats}").format(seats=_(", ").join(where)) if free
                else _("Every seat is taken: dealing…"))
        blit_text(surface, line, fs, (r.centerx, y), CREAM, anchor="midtop")
        y += fs * 1.6
        for note in filter(None, map(join_note, link.join_notes())):
            blit_text(surface, note, fit_size(note, fs * 0.8, r.width - fs), (r.centerx, y), DIM, anchor="midtop")
            y += fs * 1.3
        # What a friend agrees to by sitting down: the table's options, the coach, the partner.
        y += fs * 0.4
        for line in self._table_terms(fs * 0.8, r.width - fs):
            blit_text(surface, line, fit_size(line, fs * 0.8, r.width - fs), (r.centerx, y), CREAM, anchor="midtop")
            y += fs * 1.3
