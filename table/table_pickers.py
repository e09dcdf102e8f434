"""The table's pickers for every decision that is not a card: the Manfee call
(numbers in balanced rows), accept or pass with what each does to the targets,
trump as big tiles with their pips (en face, look and blind below), the
other choices in rows of three, and the question before a face-down hand is
looked at.  Each picker stands above the band over the hand, so the hint and
the refusals shown there never cover its lower buttons.

A mixin of ``TableControls`` (split from it at the 500-line limit): it lays
buttons out with its ``_button`` and sets ``picker_rect``, ``picker_title``
and ``picker_sub``, which the table draws as the picker's panel.
"""
from __future__ import annotations

import pygame

from .i18n import _, number
from .preview import decision_targets
from .rich import rich
from .theme import font_spec, text_width
from .hud import seat_side
from .words import decision_heading, describe, suit_word


class TablePickers:
    def _picker_rect_for(self, n_rows, width):
        L = self.board.layout
        fs = max(13, round(L.H * 0.026))
        h = round(fs * 3.2 + n_rows * L.H * 0.072 + fs)
        r = pygame.Rect(0, 0, round(width), h)
        r.center = (L.W // 2, round(L.center[1] + L.ch * 0.15))
        return self._above_band(r)

    def _above_band(self, rect):
        """``rect`` moved up, if need be, to end above the band over the hand: the hint and
        the refusals shown there never cover a picker's lower buttons."""
        band_top = self.board.layout.band()[1]
        if rect.bottom > band_top - 6:
            rect.bottom = round(band_top - 6)
        return rect

    def _picker(self, L, legal, phase):
        if not legal:
            return
        size = round(L.H * 0.072)
        if all("call" in a for a in legal):
            rows = (len(legal) + 6) // 7                   # at most seven a row, rows balanced (4 + 4, not 7 + 1)
            per_row = (len(legal) + rows - 1) // rows
            self.picker_title = _("Your call: how many tricks will you take?")
            fs, bw = max(13, round(L.H * 0.026)), round(size * 1.25)     # wide enough for "13" at full size
            self.picker_sub = self.lone_call_note()        # the box as wide as its title and that line
            room = max(per_row * (bw + 10) + 60, min(L.W * 0.8, 2 * fs + max(rich(self.picker_title, fs, bold=True)
                       .get_width(), text_width(self.picker_sub or "", round(fs * 0.72), False))))
            rect = self.picker_rect = self._picker_rect_for(rows + (0.4 if self.picker_sub else 0), room)
            for i, a in enumerate(legal):
                r, c = divmod(i, per_row)
                in_row = min(per_row, len(legal) - r * per_row)
                x0, top = rect.centerx - (in_row * (bw + 10) - 10) / 2, rect.y + L.H * (0.105 if self.picker_sub else 0.075)
                self._button(f"act:{i}", describe(a), (x0 + c * (bw + 10), top + r * (size + 10), bw,
                                                       size), object_id="@call_button", action=a,
                             mirror_about=rect.centerx, row=[describe(x) for x in legal])
            return
        w = max(160, round(L.W * 0.15))
        h = round(L.H * 0.06)
        per_row = 3 if len(legal) > 4 else len(legal)
        rows = (len(legal) + per_row - 1) // per_row
        rect = self.picker_rect = self._picker_rect_for(rows + 0.4, per_row * (w + 10) + 50)
        self.picker_title, self.picker_sub = decision_heading(phase, self.shown)
        fs = max(13, round(L.H * 0.026))     # the line under the title is not cut by the panel's sides
        need = min(L.W * 0.92, text_width(self.picker_sub, round(fs * 0.72), False) + 2 * fs) if self.picker_sub else 0
        rect = self.picker_rect = rect.inflate(max(0, round(need) - rect.width), 0)
        top = rect.y + L.H * 0.075 + (L.H * 0.03 if self.picker_sub else 0)
        for i, a in enumerate(legal):
            r, c = divmod(i, per_row)
            x0 = rect.centerx - (per_row * (w + 10) - 10) / 2
            self._button(f"act:{i}", describe(a), (x0 + c * (w + 10), top + r * (h + 10), w, h), action=a,
                         mirror_about=rect.centerx, row=[describe(x) for x in legal])

    def _trump_picker(self, L, legal, phase):
        """Suits and no-trump as big tiles with their pips; en face and look below."""
        tiles = [a for a in legal if "trump" in a and a["trump"] != "partner"]
        others = [a for a in legal if a not in tiles]
        v = self.shown
        blind = any(a.get("blind") for a in tiles)
        tw = max(96, round(L.H * 0.15))
        th = round(tw * 1.1)
        # A tile as wide as its longest word at the theme's size ("Zonder troef" lost its f),
        # while the row still fits the window.
        size, bold = font_spec("@trump_tile")
        words = max(text_width(suit_word(a["trump"]), size, bold) for a in tiles) + 28 if tiles else 0
        tw = max(tw, min(words, round((L.W * 0.9 - 40) / max(1, len(tiles))) - 12))
        bh = round(L.H * 0.058)
        width = max(len(tiles) * (tw + 12) + 40, round(L.W * 0.36))
        fs = max(13, round(L.H * 0.026))
        h = round(fs * 3.6 + th + (bh + 12) * (1 if others else 0) + fs * 0.8)
        rect = pygame.Rect(0, 0, width, h)
        rect.center = (L.W // 2, round(L.center[1] + L.ch * 0.1))
        self.picker_rect = rect = self._above_band(rect)
        if phase == "partner_trump":
            self.picker_title = (_("{dealer} says en face: you name trump").format(dealer=self.player_name(v["dealer"]))
                                 if v.get("dealer") else _("The dealer says en face: you name trump"))
            self.picker_sub = _("the deal is played with the trump you name; no trump counts double")
        elif blind:
            self.picker_title = _("Name trump blind, or look at your cards")
            self.picker_sub = _("a blind trump counts double, and you lead")
        else:
            self.picker_title = _("Name trump")
            en_face = any(a.get("trump") == "partner" for a in legal)
            self.picker_sub = (_("no trump counts double; en face: your partner names") if en_face
                               else _("no trump counts double"))
        x0 = rect.centerx - (len(tiles) * (tw + 12) - 12) / 2
        y = rect.y + fs * 3.2
        for i, a in enumerate(tiles):
            t = a["trump"]
            b = self._button(f"act:{i}", suit_word(t), (x0 + i * (tw + 12), y, tw, th),
                             object_id="@trump_tile", action=a, mirror_about=rect.centerx,
                             row=[suit_word(x["trump"]) for x in tiles])
            b.pip = t
        y += th + 12
        if others:
            ow = min(round(L.W * 0.2), (rect.width - 40) // len(others) - 10)
            need = max(text_width(describe(x), *font_spec("@choice_button")) for x in others) + 28
            ow = max(ow, min(need, (rect.width - 40) // len(others) - 10))    # "En face : mon partenaire nomme"
            x0 = rect.centerx - (len(others) * (ow + 10) - 10) / 2
            for j, a in enumerate(others):
                self._button(f"act:{len(tiles) + j}", describe(a), (x0 + j * (ow + 10), y, ow, bh), action=a,
                             mirror_about=rect.centerx, row=[describe(x) for x in others])

    def _confirm_dialog(self, L, bw, bh):
        """Touching the face-down hand before trump is named: the partner is asked first."""
        w = max(420, round(L.W * 0.42))
        fs = max(13, round(L.H * 0.026))
        r = pygame.Rect(0, 0, w, round(fs * 6.2 + bh * 1.3))
        r.center = (L.W // 2, round(L.center[1]))
        self.confirm_rect = r
        bw2 = round(w * 0.42)
        y = r.bottom - bh * 1.3 - fs * 0.6
        self._button("confirm:cancel", _("Wait for trump"), (r.centerx - bw2 - 8, y, bw2, round(bh * 1.2)),
                     mirror_about=r.centerx)
        self._button("confirm:peek", _("Look (void the deal)"), (r.centerx + 8, y, bw2, round(bh * 1.2)),
                     object_id="@danger_button", mirror_about=r.centerx)

    def _decide_picker(self, L, legal):
        try:
            targets = decision_targets(self.shown)
        except Exception:
            targets = None
        mine = seat_side(self.shown, self.viewer)
        w = max(220, round(L.W * 0.21))
        h = round(L.H * 0.09)
        rect = self.picker_rect = self._picker_rect_for(1.6, 2 * w + 70)
        self.picker_sub = _("a pass moves every hand one seat to the right")      # what the targets do not say
        calls = self.shown.get("calls") or {}
        self.picker_title = _("Accept or pass?  (your remainder: {n})").format(n=number(13 - sum(calls.values())))
        texts = []
        for a in legal:
            t = (targets or {}).get(a.get("decision"), {})
            us = t.get(mine)
            them = next((n for s, n in t.items() if s != mine), None)
            text = describe(a)
            if us is not None:
                text = (_("Accept:  us {us}  ·  them {them}") if a.get("decision") == "accept"
                        else _("Pass:  us {us}  ·  them {them}")).format(us=number(us), them=number(them or 0))
            texts.append(text)
        for i, (a, text) in enumerate(zip(legal, texts, strict=True)):
            x0 = rect.centerx - w - 10 + i * (w + 20)
            self._button(f"act:{i}", text, (x0, rect.y + L.H * 0.105, w, h), action=a, mirror_about=rect.centerx,
                         row=texts)
