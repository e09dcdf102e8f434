"""The end of a match: the winner, the totals, every deal; then what next.

It draws from what the table hands over (``MatchEnd``), not from the table.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame
import pygame_gui

from host.replay import ReplayLink

from .coach_work import any_reviewable
from .forms import MenuScene
from .hud import side_name
from .text import as_unit
from .words import side_score
from .new_game import table_of_record
from .i18n import _, is_rtl
from .panels import draw_history, draw_score_race, side_colours
from .scenes import open_scene
from .table_keys import tool_tip
from .theme import GOLD, CREAM, OVERLAY, blit_text, panel, shade


@dataclass
class MatchEnd:
    """What the results screen shows and offers."""

    game: str
    winner: str | None                    # a side, or None for a draw
    totals: dict
    summaries: list
    name: Callable[[str], str]
    my_side: str | None = None            # the side of the one person here, if one
    signed_scores: bool = False
    record: Callable[[], dict | None] | None = None     # for "Watch replay"
    match_id: str | None = None                          # the statistics' name for the match
    lan: bool = False
    replay: bool = False
    sides: list = field(default_factory=list)
    target: int | None = None                            # the match's target (the chart's line)
    me: str | None = None                                # the seat of the one person here, if one

    def winner_text(self) -> str:
        w = self.winner
        if w is None:
            return _("A draw")
        name = side_name(self.name, w)
        if self.my_side is not None and w == self.my_side and self.me is not None:    # (two people: their names)
            # "You win!  (You & Jangara)" said the player twice: the partner is named, not the side
            partners = [s for s in w.split("-") if s != self.me]
            if "-" in w and self.me in w.split("-") and partners:
                return _("You and {partner} win!").format(partner=as_unit(self.name(partners[0])))
            return _("You win!")
        # a side of two seats ("bottom-top") is plural, whatever joins their names in the language
        return (_("{names} win") if "-" in w else _("{name} wins")).format(name=name, names=name)


KEYS_AFTER = 2.5         # seconds the results screen stands before keys reach its buttons (at 1 s, Enters
                         # still playing the last cards took New game on a friend's LAN screen)


class ResultsScene(MenuScene):
    overlay = True
    title = None
    escape = ("back", "menu")        # back to the replays it came from, else the main menu

    def __init__(self, app, end: MatchEnd):
        super().__init__(app)
        self.end = end
        self.age = 0.0
        self.table_rect = None         # where the deals were drawn
        self.race_rect = None          # where the score race was drawn, and its plot area
        self.plot = None

    def build_ui(self):
        W, H = self.app.size
        bw, bh = max(200, round(W * 0.16)), max(42, round(H * 0.065))
        y = round(H * 0.86)
        self.buttons = {}
        if self.end.replay:
            names = [("menu", _("Main menu")), ("back", _("Back to replays"))]
        elif self.end.lan:
            names = [("menu", _("Main menu"))]
        else:
            names = [("new", _("New game")), ("replay", _("Watch replay")), ("menu", _("Main menu"))]
        if self.end.record is not None and any_reviewable(self.end.record()):
            names.insert(min(2, len(names)), ("review", _("Review")))     # before "Main menu" if it is third
        self.buttons = self.button_row(names, y, bw, bh)
        if "review" in self.buttons:            # R, as on a deal's summary, and its tooltip says so
            tip, tip_id = tool_tip("review")
            self.buttons["review"].set_tooltip(tip, object_id=tip_id)

    def update(self, dt):
        self.age += dt

    def process_event(self, e):
        # Keys pressed for the last trick still coming in a moment after the screen opened:
        # two of them took "New game" and left the results and the review behind.
        if e.type == pygame.KEYDOWN and self.age < KEYS_AFTER:
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_r and "review" in self.buttons:
            return self.ui_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=self.buttons["review"]))
        return super().process_event(e)

    def draw(self, surface):
        W, H = surface.get_size()
        shade(surface, (4, 12, 8, 242))          # the table only just shows through
        fs = max(28, round(H * 0.075))
        pop = min(1.0, self.age / 0.35)
        end = self.end
        blit_text(surface, end.winner_text(), round(fs * (0.8 + 0.2 * pop)), (W // 2, round(H * 0.08)),
                  GOLD, bold=True, anchor="midtop", shadow=True)
        line = "   –   ".join(side_score(side_name(end.name, s), n) for s, n in end.totals.items())
        blit_text(surface, line, fs * 0.38, (W // 2, round(H * 0.08 + fs * 1.3)), CREAM, bold=True,
                  anchor="midtop")
        fs = max(12, round(H * 0.022))
        # the deals in a table on one side, the race of the totals on the other (mirrored
        # for a right-to-left reader), between the totals line and the buttons
        top, bottom, gap = round(H * 0.25), round(H * 0.84), round(W * 0.02)
        width = (W - 2 * round(W * 0.04) - gap) // 2
        # as tall as the chart beside it: the deals from the top, the totals at the foot
        table = pygame.Rect(round(W * 0.04), top, width, bottom - top)
        chart = pygame.Rect(table.right + gap, top, width, bottom - top)
        if is_rtl():
            table.x, chart.x = chart.x, table.x
        sides = end.sides or list(end.totals)
        # letters as large as the rows leave room for (a short match's stood at 10 px in an empty box)
        big = max(fs, min(round(H * 0.03), int(table.height / (10.3 + 1.35 * max(3, len(end.summaries))))))
        draw_history(surface, table, end.summaries, sides, end.name,
                     signed_scores=end.signed_scores, title=_("The match, deal by deal"),
                     tie_doubles=end.game == "manille", final=end.totals, winner=end.winner, font_px=big)
        panel(surface, chart, fill=OVERLAY)
        self.table_rect, self.race_rect = table, chart
        self.plot = draw_score_race(surface, chart.inflate(-fs, -fs), end.summaries, sides,
                                    [side_name(end.name, s) for s in sides], side_colours(sides, end.my_side),
                                    end.target, _("The score race"))

    def ui_event(self, e):
        name = self.pressed(e)
        if name == "new":
            # the next match set up like this one (its options, people and bots), to change or start
            record = self.end.record() if self.end.record else None
            table = table_of_record(record) if record and not self.end.replay else None
            self.app.reset(open_scene("main_menu", self.app))
            self.app.push(open_scene("new_game", self.app, game=self.end.game, table=table))
        elif name == "replay":
            record = self.end.record() if self.end.record else None
            self.app.reset(open_scene("main_menu", self.app))
            if record:
                self.app.push(open_scene("replay", self.app, link=ReplayLink(record)))
        elif name == "review":
            # the last deal, at the person's seat (the review screen's defaults); back here when closed
            record = self.end.record() if self.end.record else None
            self.app.push(open_scene("review", self.app, record=record, match_id=self.end.match_id,
                                     seat=self.end.me))    # a LAN friend's own seat, not the host's
        elif name == "menu":
            self.app.reset(open_scene("main_menu", self.app))
        elif name == "back":
            self.app.reset(open_scene("main_menu", self.app))
            self.app.push(open_scene("replays", self.app))
        return name is not None
