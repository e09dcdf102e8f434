"""The deal's summary over the table: its place (clear of the score box, the piles and
their labels, the Manni), the deals so far, the charts of the deal and of the match.  A
mixin of ``TableDrawing``."""
from __future__ import annotations

import pygame

from . import explain
from .charts import bar_chart, shared_title_px
from .hud import mirror, side_name
from .i18n import N_, _, is_rtl
from .layout import step_aside
from .panels import draw_score_race, note_lines, side_colours
from .theme import DIM, OVERLAY, blit_text, fit_names, fit_size, panel
from .words import deal_title


def history_width(width: int, wide: bool) -> int:
    """The deals' column of a summary ``width`` wide: all of it, or beside the charts."""
    return round(width * 0.45) if wide else width


class SummaryDrawing:
    def summary_rect(self) -> pygame.Rect:
        return self.summary_place()[0]

    def summary_place(self) -> tuple[pygame.Rect, bool]:
        """The summary's rectangle, and whether its charts stand beside the deals, as tall
        as the panel: in a wide, short window (1920x800, 21:9) where the piles leave it the
        width (under the deals they were strips about 60 px tall)."""
        L = self.board.layout
        if L.W >= L.H * 2:
            r = self._summary_rect(True)
            if r.width >= L.W * 0.58:
                return r, True
        return self._summary_rect(False), False

    def _summary_rect(self, wide: bool) -> pygame.Rect:
        L = self.board.layout
        fs = max(12, round(L.H * 0.022))
        rows = len(self.link.summaries())
        note = self._summary_note()
        width = round(L.W * (0.62 if wide else 0.5))
        extra = 1.5 + 1.3 * (len(note_lines(note, fs, history_width(width, wide))[1]) - 1) if note else 0
        h = fs * (9.5 + extra + 1.35 * min(rows, 6)) + (0 if wide else self.summary_chart_height())
        if wide:            # the two charts beside the deals, as tall as they
            h = max(h, L.H * 0.5)
        r = pygame.Rect(0, 0, width, min(round(L.H * 0.74), round(h)))
        r.center = (L.W // 2, round(L.H * 0.5))
        board = next((b for n, b in getattr(self, "drawn", ()) if n == "scoreboard"), None)   # drawn first
        if board is not None and r.colliderect(board):     # the score box grown at the deal's end (1100x700)
            r.top = board.bottom + 6
        # a pile's label just under its top edge ("2 tricks" half hidden) is cleared, room allowing
        piles = [(n, p) for n, p in self.board.element_rects() if n.startswith("pile")]
        under = [p.bottom + 4 - r.top for n, p in piles
                 if n.startswith("pile_label:") and p.colliderect(r) and p.top < r.top + r.height // 4]
        if under and r.bottom + max(under) <= L.H - L.margin:
            r.move_ip(0, max(under))
        # and a pile it lies over (by the fourth deal the viewer's own) by a slide sideways
        others = [p for n, p in getattr(self, "drawn", ()) if n.split(":")[0] in ("plate", "dealer", "log", "log heading", "scoreboard")]
        r = step_aside(r, [p for _n, p in piles], others, L.W, least=round(r.height - fs * 1.35 * max(0, min(rows, 6) - 2)))  # 2 rows
        if self.game.widow_size:        # (moved down, it may meet the viewer's pile: aside again)
            r = L.below_widow(r, bool(self.board.hands.get(self.viewer)))
            r = step_aside(r, [p for _n, p in piles], others, L.W, least=round(r.height * 0.8))
        foot = round(L.anchor["bottom"][1] - L.ch / 2 - L.bow * 36 - 8)
        if self.board.hands.get(self.viewer) and r.bottom > foot:
            # a deal gone over leaves cards in hand: the panel ends above them (its Next deal lay
            # on a 12-card hand at 1280x720), the deals making way ("… 2 earlier deals")
            r.height = max(round(fs * 14), foot - r.top)
        if wide:        # as wide as the piles beside it leave it (the viewer's lay under its corner)
            half = min([r.width // 2] + [abs(p.centerx - r.centerx) - p.width // 2 - 8 for _n, p in piles
                                         if p.top < r.bottom and p.bottom > r.top])
            centre = r.centerx
            r.width = max(round(L.W * 0.5), 2 * half)
            r.centerx = centre
            r = step_aside(r, [p for _n, p in piles], others, L.W, least=r.height)
        return r

    def summary_chart_height(self):
        return round(self.board.layout.H * 0.2)

    def _summary_note(self):
        ev = self.summary_event or {}
        if not ev:
            return None
        if ev.get("outcome") == "misdeal":
            return explain.void_words(self.shown, self.player_name)
        return explain.score_workings(self.shown, ev.get("score"), ev.get("outcome"), self.player_name)

    def _draw_summary(self, surface):
        ev = self.summary_event or {}
        r, wide = self.summary_place()
        deal = (ev.get("deal") or 0) + 1
        L = self.board.layout
        fs = max(12, round(L.H * 0.022))
        chart_h = self.summary_chart_height()
        bw, bh = self.button_size()
        title = deal_title(deal, ev.get("outcome"), ev.get("score") or {}, lambda s: side_name(self.player_name, s))
        deals = r
        if wide:
            panel(surface, r, fill=OVERLAY)
            deals = pygame.Rect(r.x, r.y, history_width(r.width, wide), r.height)
            if is_rtl():            # the deals where the reading starts
                deals.right = r.right
        rows_end = self._history(surface, deals, title=title, latest=deal, note=self._summary_note(),
                                 reserve=((0 if wide else chart_h) + bh * 1.9) / (fs * 1.0), frame=not wide)
        note = self.next_deal_note()
        nb = self.buttons.get("next")           # its far end, as a left-to-right line (it may have stepped aside)
        end = (r.x + r.right - nb.rect.left if is_rtl() else nb.rect.right) if nb else r.centerx + bw
        room, size = r.right - end - 2 * fs, max(12, round(L.H * 0.02))
        # beside the Next button, not out from under it; where Next stepped aside (a squarer
        # window) no room is left beside it: over the buttons, the charts a line shorter
        over = bool(note) and room < size * 10 and nb is not None
        lift = round(size * 1.4) if over else 0
        area = pygame.Rect(r.x + fs, r.bottom - round(bh * 1.7) - chart_h - lift, r.width - 2 * fs, chart_h - fs // 2)
        if wide:
            left = r.x + fs if is_rtl() else deals.right + fs // 2
            area = pygame.Rect(left, r.y + fs, r.width - deals.width - round(fs * 1.5), area.bottom - r.y - fs)
        elif rows_end + fs * 0.5 < area.y:             # the room the deals leave goes to the charts
            area.h, area.y = area.bottom - round(rows_end + fs * 0.5), round(rows_end + fs * 0.5)
        self._summary_charts(surface, area, fs, tall=wide)
        if note:
            x, anchor = mirror(r, end + fs, "midleft")
            foot = r.bottom - bh
            if over:
                room, x, anchor, foot = r.width - 2 * fs, r.centerx, "center", nb.rect.top - size
            # two lines at its colon rather than past the panel's edge (French ran out of it)
            lines = [note] if fit_size(note, size, room) >= size * 0.85 else note.replace(": ", ":\n", 1).split("\n")
            n, step = len(lines), size * 1.2
            for k, line in enumerate(lines):
                y = foot - (n - 1 - k) * step if over else foot + (k - (n - 1) / 2) * step
                blit_text(surface, line, fit_size(line, size, room), (x, y), DIM, anchor=anchor)

    def _summary_charts(self, surface, area, fs, tall=False):
        """The deal in pictures: each side's tricks against its target (Manfee's calls,
        Manni's four, Manille's card points against 30), and the race of the totals
        toward the match's target; ``tall`` charts (beside the deals) may take two lines a title."""
        summaries = self.link.summaries()
        if not summaries:
            return
        last = summaries[-1]
        sides = list(self.game.sides)
        mine = self.game.side_of(self.viewer) if self.mine and len({self.game.side_of(s) for s in self.mine}) == 1 else None
        colours = side_colours(sides, mine)
        font = max(13, round(fs * 0.92))             # axis labels (85 % of it) about 11 px at 1024x600
        # Long names cut each, as on the score board ("Bartho… & Pochaq"), to a bar's width: cut
        # whole by the charts, a side lost its partner's name, and the legend its score.
        names = [fit_names([self.player_name(x) for x in s.split("-")], _(" & "), font,
                           area.width * 0.4 / len(sides) * 0.94)[0] for s in sides]
        if last.get("outcome") == "misdeal":       # nothing to picture but the match so far
            draw_score_race(surface, area, summaries, sides, names, colours,
                            (self.shown.get("options") or {}).get("target"), _("the match so far"), font_px=font)
            return
        line = N_("target")     # the dashed line: a Manfee team's, else what a deal scores over (not the match's)
        if self.game.card_points and last.get("points"):
            values = [last["points"].get(s, 0) for s in sides]
            targets, title, line = [30.0] * len(sides), _("card points (over 30 scores)"), N_("30 points")
        else:
            values = [(last.get("tricks") or {}).get(s, 0) for s in sides]
            if last.get("targets"):
                targets, title = [float(last["targets"].get(s, 0)) for s in sides], _("tricks against the target")
            else:
                targets, title, line = [4.0] * len(sides), _("tricks (four to break even)"), N_("4 tricks: even")
        left = pygame.Rect(area.x, area.y, round(area.width * 0.4), area.height)
        right = pygame.Rect(left.right + fs, area.y, area.right - left.right - fs, area.height)
        if is_rtl():        # the deal's bars first where the reading starts, beside the deals
            left.right, right.left = area.right, area.x
        race = _("the match so far")
        heads = shared_title_px([(left, title), (right, race)], font, two_lines=tall)
        bar_chart(surface, left, names, values, colours, targets=targets, title=title, font_px=font, target_label=line,
                  title_px=heads)
        draw_score_race(surface, right, summaries, sides, names, colours,
                        (self.shown.get("options") or {}).get("target"), race, font_px=font, title_px=heads)
