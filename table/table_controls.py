"""The table's widgets: the fixed row (Menu, Rules, Scores, Last trick, the hand
passed away), the signal buttons, the LAN buttons (Reconnect, fill open
seats), and when the pickers for every decision that is not a card are made
(their layout is ``table_pickers``).

A mixin of ``TableScene``: widgets cost a few milliseconds each to make, so
the fixed row is made once per layout and only shown or hidden; the pickers
are made again when the choice they offer changes (``ui_state``).
"""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from .forms import fit_id, row_fit_id, widest
from .theme import font_spec, text_width
from .scenes import open_scene
from .table_chat import TableChat
from .auto_play import AutoPlay
from .table_pickers import TablePickers
from .table_keys import TableKeys, tool_tip
from .i18n import _, is_rtl, pgettext
from .layout import summary_buttons


# The buttons at the top right, from the right edge inward (the order they close up in).
# From the right, the buttons always there first, those that come and go last: the row
# closes up over a hidden one, and "Say…" moved each time "Last trick" came (a mis-click).
# From the right, what comes later in a deal further out (the last trick's moved another from under the pointer)
TOP_ROW = ("menu", "rules", "say", "history", "passed", "last")


class TableControls(TableChat, TableKeys, AutoPlay, TablePickers):
    def init_controls(self):
        self.ui_key = None
        self.buttons = {}
        self.transient = []
        self._fixed_key = None
        self._pick_i = None
        self.picker_rect = None
        self.picker_title = ""
        self.picker_sub = None
        self.confirm_rect = None
        self.overlay_at = None      # the version a panel (scores, last trick...) was opened at
        self._pick_kept = None

    def ui_state(self):
        """What the pickers depend on; they are rebuilt when this changes."""
        v = self.shown
        idle = not self.director.busy()
        turn = v.get("turn") if idle else None
        human_turn = (idle and turn == self.viewer and self.revealed and self.cover_seat is None
                      and not self.summary_open and self.link.kind(turn) == "me"
                      and self.pending is None and not (self.link.lost or self.reconnecting))
        summary = tuple(self.summary_rect()) if self.summary_open else None   # moved after a resize
        return (self.layout_state(), summary, human_turn,
                v.get("version") if human_turn else None, v.get("phase") if human_turn else None,
                self.signal, self.signal_menu, self.confirm, bool(self.overlay), self.chat_open)

    def layout_state(self):
        return (self.app.size, self.cover_seat is not None, self.results_shown, bool(self.link.lost or self.reconnecting),
                self.waiting_for_players())

    def waiting_for_players(self):
        return self.shown.get("phase") in ("waiting", None) and not self.shown.get("finished") \
            and any(p.get("kind") == "open" for p in self.link.players().values())

    def fixed_state(self):
        v = self.shown
        passed = bool(v.get("passed_hand") or v.get("swapped_out") and self.swap_shown)
        return (passed and self.revealed and not self.demo, self.last_trick is not None,
                not self.summary_open)

    def overlay_over_summary(self) -> bool:
        """Last trick or the hand given away, opened over a deal's summary (the one wanted again)."""
        return bool(self.summary_open and self.overlay in ("last", "passed"))

    def close_overlay_or_summary(self) -> None:
        """Enter on a summary: a panel opened over it closes first."""
        if self.overlay_over_summary():
            self.overlay = None
        else:
            self.close_summary()

    def refresh_ui(self):
        key = self.ui_state()
        if self.ui_key is None or key[0] != self.ui_key[0]:
            self.rebuild_ui()
            return
        if key != self.ui_key:
            self._build_pickers()
        if self.fixed_state() != self._fixed_key:
            self._show_fixed()
        self.auto_play_forced()
        self.ask_queued_hint()
        self.summary_overrun()

    def build_ui(self):
        self.buttons = {}
        self.transient = []
        self._fixed_key = None
        self.ui_key = self.ui_state()
        self._pick_i = None
        if self.app.top is not self or self.cover_seat is not None or self.results_shown:
            return
        L = self.board.layout
        m = L.margin
        bw, bh = self.button_size()
        x = L.W - m - bw
        passed = _("Hand I gave away") if self.game.widow_size else _("My old hand")     # "I passed" read as "I chose Pass"
        row = (("menu", _("Menu"), bw), ("rules", _("Rules"), round(bw * 0.8)))
        row += (("say", _("Say…"), round(bw * 0.8)),) if self.chat_allowed() else ()
        row += (("history", _("Scores"), bw), ("last", _("Last trick"), bw), ("passed", passed, round(bw * 1.45)))
        shared = row_fit_id("@small_button", [(text, w) for _n, text, w in row])     # one font for the row
        for name, text, w in row:
            self._button(name, text, (x - (w - bw), m, w, bh), small=True, fixed=True, fitted=shared)
            x -= w + 8
        self._show_fixed()
        self._lan_buttons(L)
        self._build_pickers()

    def button_size(self):
        L = self.board.layout
        return max(92, round(L.H * 0.14)), L.buttons_h

    def _show_fixed(self):
        passed, last, scores = self._fixed_key = self.fixed_state()
        lost = self.link.lost or self.reconnecting     # the lost panel's Reconnect and Main menu only
        on = {"passed": passed and not lost, "last": last and not lost, "history": scores and not lost}
        on.update(dict.fromkeys(getattr(self, "tucked", ()), False))    # a narrow replay's: Rules left to Menu
        # the row of buttons at the top right closes up over a hidden one: no gap in it
        right = self.board.layout.W - self.board.layout.margin
        for name in TOP_ROW:
            b = self.buttons.get(name)
            if b is None:
                continue
            if on.get(name, not lost):
                b.set_position((right - b.rect.width, b.rect.y))
                b.show()
                right -= b.rect.width + 8
            else:
                b.hide()

    def _lan_buttons(self, L):
        if self.link.lost or self.reconnecting:
            bw, bh = 240, max(42, round(L.H * 0.065))
            y = round(L.H * 0.52)
            self._button("reconnect", _("Reconnect"), (L.W // 2 - bw - 10, y, bw, bh), object_id="@menu_button",
                         fixed=True, mirror_about=L.W // 2)
            self._button("leave", _("Main menu"), (L.W // 2 + 10, y, bw, bh), object_id="@menu_button", fixed=True,
                         mirror_about=L.W // 2)
        elif self.waiting_for_players() and self.link.hosting:
            r = self.waiting_rect()
            bw, bh = max(260, round(L.W * 0.22)), max(36, round(L.H * 0.055))
            self._button("fill", _("Fill open seats with bots"), (r.centerx - bw // 2, r.bottom - bh - 14, bw, bh),
                         fixed=True)

    def _build_pickers(self):
        self._rebuild_pickers()
        kept = self._pick_kept                  # (version, index): a choice picked by key stays picked
        if kept and kept[0] == self.shown.get("version") and f"act:{kept[1]}" in self.buttons:
            self._pick_i = kept[1]              # (a panel opened and closed over it, say)
            self.buttons[f"act:{kept[1]}"].select()
        # A press on a choice that the rebuild replaced carries over to its
        # new button, so the release still clicks it (the picker can be
        # rebuilt between the press and the release when a message comes in).
        for name, b in self.buttons.items():
            if name.startswith("act:") and getattr(b, "action", None) in self._held_actions:
                b.held = True
        self._held_actions = []

    def _rebuild_pickers(self):
        self._held_actions = [b.action for n, b in self.buttons.items()
                              if n.startswith("act:") and getattr(b, "held", False) and b in self.transient]
        for e in self.transient:
            e.kill()
            if e in self.ui:
                self.ui.remove(e)
            for n in [n for n, b in self.buttons.items() if b is e]:
                del self.buttons[n]
        self.transient = []
        self._pick_i = None
        self.picker_rect = None
        self.ui_key = key = self.ui_state()
        if self.app.top is not self or self.cover_seat is not None or self.results_shown \
                or self.link.lost or self.reconnecting:        # the lost panel's two buttons only
            return
        L = self.board.layout
        bw, bh = self.button_size()
        v = self.shown
        if self.chat_open:
            self._chat_phrases(bw, bh)
        if self.confirm:
            self._confirm_dialog(L, bw, bh)
            return
        if self.overlay and key[2] and v.get("phase") != "play" and self.overlay_at != v.get("version"):
            self.overlay = None         # a decision of yours came: the panel gives way (one opened at it stays)
        if self.overlay_over_summary() or self.overlay and not self.summary_open:
            return                      # a panel (last trick, scores...) covers the table, or the summary
        if self.summary_open:
            offered = self.review_refusal() is None         # the coach goes through the deal just played
            nxt, review = summary_buttons(tuple(self.summary_rect()), bw, bh, is_rtl(), offered)
            self._button("next", _("See result") if self.shown.get("finished") else _("Next deal"), nxt).select()
            if offered:
                self._button("review", _("Review this deal"), review, small=True)
            return
        if not key[2]:
            return
        phase = v.get("phase")
        legal = v.get("legal") or []
        if self.link.hints_allowed and legal:
            self._hint_button(L, bw, bh)
        if phase == "play":
            if v.get("options", {}).get("signals") and any("play" in a for a in legal) and not self.forced_goes():
                self._signal_buttons(L, bw, bh)         # not beside a last card that goes by itself
        elif phase == "decide":
            self._decide_picker(L, legal)
        elif phase in ("trump", "partner_trump"):
            self._trump_picker(L, legal, phase)
        else:
            self._picker(L, legal, phase)

    def _button(self, name, text, rect, small=False, object_id=None, action=None, fixed=False, mirror_about=None,
                row=(), fitted=None):       # (a button with a key says it when the mouse rests on it)
        """A button; ``mirror_about``: the centre of the row it is laid out in, left to right.
        A right-to-left reader reads a row of choices from the right: the row is mirrored.
        ``row``: the words of every button of its row, which share the font of the longest."""
        oid = object_id or ("@small_button" if small else "@choice_button")
        if mirror_about is not None and is_rtl():
            rect = (2 * mirror_about - rect[0] - rect[2], *rect[1:])
        r = pygame.Rect([round(c) for c in rect])
        # French and Dutch run longer than English: words that would overflow take a smaller font
        tip, tip_id = tool_tip(name)
        b = UIButton(r, text, self.app.ui, object_id=fitted or fit_id(oid, widest(oid, (text, *row)), r.width),
                     tool_tip_text=tip, tool_tip_object_id=tip_id)
        b.action = action
        self.buttons[name] = self.add(b)
        if not fixed:
            self.transient.append(b)
        return b

    def _hint_button(self, L, bw, bh):
        """The coach's button, at the left end of the band (a setting; at a LAN table, when allowed)."""
        bx, by, _band_w, band_h = L.band()
        self._button("hint", _("Hint"), (bx, by + band_h / 2 - bh / 2, round(bw * 0.8), bh), small=True)

    def signal_width(self):
        """Wide enough for the signal button's words (Dutch "Laten vallen (annuleren)" ran
        out of it at the smallest font), within a third of the band."""
        bw, _bh = self.button_size()
        size, bold = font_spec("@choice_button")
        need = max(text_width(w, size, bold) for w in (_("Slam (undo)"), _("Drop (undo)"), _("Give a signal"))) + 28
        return round(min(max(bw * 1.4, need), self.board.layout.band()[2] * 0.3))

    def prompt_room(self):
        """How wide the band's line may be between the buttons at its ends."""
        width = self.board.layout.band()[2]
        if "signal" in self.buttons and self.buttons["signal"].visible:
            width -= self.signal_width() + 12
        if "hint" in self.buttons and self.buttons["hint"].visible:
            width -= self.buttons["hint"].rect.width + 12
        return width

    def prompt_shift(self):
        """How far the prompt moves for the buttons at the band's ends (positive: left)."""
        shift = 0.0
        if "signal" in self.buttons and self.buttons["signal"].visible:
            shift += (self.signal_width() + 12) / 2
        if "hint" in self.buttons and self.buttons["hint"].visible:
            shift -= (self.buttons["hint"].rect.width + 12) / 2
        return shift

    def _signal_buttons(self, L, bw, bh):
        """Signals in the band above the hand: one button beside the prompt, or the
        three choices in a row in place of the prompt, clear of the Hint at the band's
        start (a tall squarer window's wide buttons ran into it)."""
        bx, by, band_w, band_h = L.band()
        w = self.signal_width() if not self.signal_menu else round(min(bw * 1.4, (band_w - 2 * (bw * 0.8 + 12) - 12) / 3))
        y = by + band_h / 2 - bh / 2
        if self.signal_menu:
            mid = bx + band_w / 2
            x0 = mid - (3 * w + 12) / 2
            words = (pgettext("a signal", "Slam"), pgettext("a signal", "Drop"), _("No signal"))   # one font
            for k, (name, text) in enumerate(zip(("slam", "drop", "nosignal"), words)):
                self._button(name, text, (x0 + k * (w + 6), y, w, bh), mirror_about=mid, row=words)
        elif self.signal:
            self._button("signal", _("Slam (undo)") if self.signal == "slam" else _("Drop (undo)"),
                         (bx + band_w - w, y, w, bh), object_id="@signal_on")
        else:
            self._button("signal", _("Give a signal"), (bx + band_w - w, y, w, bh))

    def choice_button(self, action):
        """The picker's button for ``action`` (a call, a trump, a tap), if it shows one."""
        return next((b for n, b in self.buttons.items()
                     if n.startswith("act:") and b.visible and getattr(b, "action", None) == action), None)

    def ui_event(self, e):
        if e.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        name = next((n for n, b in self.buttons.items() if b is e.ui_element), None)
        if name is None:
            # The picker was rebuilt between the click and its event (a message came in):
            # the choice still counts if the new picker offers that very action.
            action = getattr(e.ui_element, "action", None)
            name = next((n for n, b in self.buttons.items()
                         if action is not None and n.startswith("act:") and b.action == action), None)
            if name is None:
                return False
        if name.startswith("act:") and not self.click_takes_choice(self.buttons[name]):
            return True                 # the tail of the click that lifted the cover, or took a choice here
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
            self.overlay_at = self.shown.get("version")
        elif name == "next":
            self.close_summary()
        elif name == "review":
            deal = (self.summary_event or {}).get("deal", 0)
            self.app.push(open_scene("review", self.app, record=self.link.record(), deal=deal,
                                     seat=self.viewer, match_id=self.link.match_id()))
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
        elif name == "reconnect":
            self.reconnect()
        elif name == "leave":
            self.app.reset(open_scene("main_menu", self.app))
        elif name == "fill":
            self.link.fill_open_seats()
        elif name == "say" or name.startswith("phrase:"):
            self.chat_pressed(name)
        elif name == "hint":
            if self.link.ask_hint(self.viewer):
                self.hint = {"pending": self.shown.get("version")}
        return True
