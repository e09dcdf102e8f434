"""The deal review screen: each decision of one seat in one deal, judged twice.

    app.push(open_scene("review", app, record=record, deal=2, seat="bottom"))

Left, the decisions in order: when, the choice made, the best choice from
what the seat knew, what the choice cost on average (points of the game),
the verdict (inaccuracy, mistake, blunder), and the all-hands ("double
dummy") best and cost, so a player tells a bad decision from bad luck.
Right, the position of the selected decision: the trick on the table, the
seat's hand with the choice and the best card marked, a sentence saying
which of the two it was, and what each choice was worth.

The review (``bots.review.review_deal``) runs in a worker process of this
screen's own (``coach_work.Reviewer``) with a progress bar; the frame never
waits for it, and closing the screen or picking another deal or seat stops
it.  A finished review is kept in the statistics of the seat's player
(``StatsStore.record_review``), when the deal is in them.  A damaged record
gives one line and nothing else happens.
"""
from __future__ import annotations

import os
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from bots.review import DealReview, ReviewError, match_before
from host.stats import StatsError, StatsStore
from rules.views import seat_view

from .coach_draw import (Position, blit_fit, blit_lines, draw_position, mirrored,
                         readable_lines)
from .coach_text import (TEXT, row_cells)
from .coach_work import (Job, RecordFacts, Reviewer, match_id_of, opening_deal, record_facts, review_key,
                         shared_refusal)
from .config import stats_path
from .forms import MenuScene, draw_backdrop
from .i18n import _, game_title, number
from .layout import Layout
from .menu_keys import DROP
from .review_list import draw_bar, draw_decision_list, glint_now
from .review_position import context_line, dealt_position, decision_position
from .theme import CREAM, DIM, GOLD, OVERLAY, RED, panel
from .widgets import DropDown, line_text, widget_lines
from .words import player_name



class ReviewScene(MenuScene):
    """The review of ``seat`` in deal ``deal`` (0-based) of ``record`` (a match record)."""

    title = None

    def __init__(self, app: Any, record: dict | None = None, deal: int | None = None, seat: str | None = None,
                 budget: float = 1.0, seed: int = 0, match_id: str | None = None) -> None:
        super().__init__(app)
        self.record = record
        self.budget, self.seed, self.match_id = budget, seed, match_id
        self.facts: RecordFacts | None = None
        self.error: str | None = None          # one line: the record or the review failed
        self.status: str | None = None         # one line: what became of the statistics
        self.review: DealReview | None = None
        # Reviews done, kept for the game's run: reopened, a review came back to "0 of 10
        # decisions" and half a minute's work (``cache_key``; its statistics line is made again)
        self.cache: dict[tuple, DealReview] = app.reviews_done
        self.reviewer: Reviewer | None = None
        self.job: Job | None = None            # the review being worked out
        self.last_job: Job | None = None       # the last one that came back
        self.selected = 0
        self.scroll = 0
        self.views: dict[int, dict | None] = {}
        self.views_dealt: dict[tuple[int, str], dict | None] = {}
        self.drops: dict[str, UIDropDownMenu] = {}
        self.row_rects: list[tuple[int, pygame.Rect]] = []
        try:
            if record is None:
                raise ReviewError(TEXT["no_record"])
            self.facts = record_facts(record)
            players = record.get("players") or {}
            for s, p in players.items():        # a bot character, "You", in the player's words
                if isinstance(p, dict) and p.get("kind") in ("bot", "human") and s in self.facts.names:
                    self.facts.names[s] = player_name(players, s)
        except ReviewError as e:
            self.error = str(e)
            self.deal, self.seat = 0, ""
            return
        f = self.facts
        self.deal = opening_deal(self.record, deal if isinstance(deal, int) and 0 <= deal < f.deals else f.deals - 1)
        self.offered = list(f.people)     # hidden cards stay hidden (coach_work.record_facts)
        self.seat = seat if seat in self.offered else self.offered[0]

    # -- the review in the background -----------------------------------------------------
    def start(self) -> None:
        """Show the review of the chosen deal and seat: kept, or asked of the worker."""
        self.review, self.selected, self.scroll, self.views = None, 0, 0, {}
        self.error = self.status = None
        # Several people: nothing they never saw (cards kept in hand, a hand laid aside)
        if self.facts.shared and (why := shared_refusal(self.record, self.deal, self.seat)):
            self.error = TEXT[why]
            return
        done = self.cache.get(self.cache_key(self.deal, self.seat))
        if done is not None:            # kept again: its line in today's language, a failed save retried
            self.review = done
            self.keep(done)
            return
        try:
            if self.reviewer is None:
                self.reviewer = Reviewer()
            self.job = self.reviewer.start(self.record, self.deal, self.seat, self.budget, self.seed, self.facts.shared)
        except Exception as e:      # no worker (the game's folder deleted under it, no processes left): said, not fatal
            self.error = TEXT["stopped"].format(reason=" ".join(str(e).split()) or type(e).__name__)
            if self.reviewer is not None:
                self.reviewer.close()
            self.reviewer = self.job = None

    def update(self, dt: float) -> None:
        if self.job is None or self.reviewer is None:
            return
        job = self.reviewer.poll()
        if job is None or not job.future.done():
            return
        self.reviewer.settle(job)
        self.job, self.last_job = None, job
        try:
            review = job.future.result()
        except ReviewError as e:
            self.error = TEXT["damaged"].format(reason=e)
            return
        except BrokenProcessPool:
            self.error = TEXT["stopped"].format(reason=TEXT["worker_died"])
            self.reviewer.close()
            self.reviewer = None
            return
        except Exception as e:          # anything else the worker raised: one line, the screen goes on
            self.error = TEXT["stopped"].format(reason=" ".join(str(e).split()) or type(e).__name__)
            return
        if not review.complete:
            return
        self.review = review
        self.keep(review)
        if len(self.cache) >= 64:
            self.cache.clear()
        self.cache[self.cache_key(job.deal, job.seat)] = review

    def cache_key(self, deal: int, seat: str) -> tuple:
        return review_key(self.record or {}, self.match_id, deal, seat, self.budget, self.seed)

    def keep(self, review: DealReview) -> None:
        """The review's totals in the statistics of the seat's player (the accuracy over time)."""
        path = stats_path()
        bot = self.facts.names.get(review.seat, "") if review.seat not in self.facts.humans else None
        if bot is not None or not os.path.exists(path):     # a bot's: nobody's, and its "you" is the bot
            self.status = TEXT["no_stats"] if bot is None else TEXT["not_kept_bot"].format(name=bot) if bot \
                else TEXT["not_kept"]
            return
        try:
            with StatsStore(path) as store:
                notice = store.notice
                match_id = self.match_id or match_id_of(store, self.record, review.deal, review.seat)
                if match_id is None:
                    self.status = notice or TEXT["not_kept"]
                    return
                store.record_review(match_id, review.deal, review.seat, review.summary())
        except StatsError:
            self.status = TEXT["not_kept"]
            return
        except Exception as e:          # a locked file, a full disk: said in one line
            self.status = TEXT["stats_failed"].format(reason=" ".join(str(e).split()) or type(e).__name__)
            return
        name = self.facts.names.get(review.seat) if self.facts else ""
        # an unnamed player is "You" ("de statistieken van Jij" read wrong in Dutch)
        self.status = notice or (TEXT["kept_yours"] if name == _("You") else TEXT["kept"].format(name=name or review.seat))

    @property
    def listed(self) -> DealReview | None:
        """The review the list shows: the finished one, or while it is worked out the
        decisions judged so far (a Manille deal takes seconds: the first rows come at once)."""
        job = self.job
        if self.review is not None or job is None or not job.decisions or self.facts is None:
            return self.review
        return DealReview(self.facts.game.name, job.deal, job.seat, job.decisions, complete=False)

    def wake_in(self) -> float | None:
        return 0.1 if self.job is not None else None

    def enter(self) -> None:
        super().enter()
        if self.facts is not None and self.review is None and self.job is None and self.error is None:
            self.start()

    def close(self) -> None:
        if self.reviewer is not None:
            self.reviewer.close()
        self.job = None

    # -- widgets ------------------------------------------------------------------------------
    def _sizes(self) -> tuple[int, int, int]:
        W, H = self.app.size
        return max(10, round(H * 0.02)), max(30, round(H * 0.05)), max(13, round(H * 0.024))

    def _deal_options(self) -> list[str]:
        return [TEXT["deal_choice"].format(n=number(i + 1)) for i in range(self.facts.deals)] if self.facts else []

    def _seat_options(self) -> list[str]:
        f = self.facts
        if f is None:
            return []
        return [TEXT["seat_choice"].format(seat=TEXT["seats"].get(s, s), name=f.names[s]) if f.names[s]
                else TEXT["seats"].get(s, s) for s in self.offered]

    def build_ui(self) -> None:
        W, H = self.app.size
        m, rh, fs = self._sizes()
        self.buttons, self.drops = {}, {}
        cw = max(110, round(W * 0.1))
        x = W - m - cw                              # laid out left to right, mirrored in Dari
        self.buttons["close"] = self.add(UIButton(mirrored(pygame.Rect(x, m, cw, rh), W), TEXT["close"],
                                                  self.app.ui))
        self.widgets_x = x                          # where the title's room ends (left to right)
        if self.facts is None:
            return
        sw, dw = max(200, round(W * 0.2)), max(120, round(W * 0.11))
        x -= sw + m
        seats = widget_lines(self._seat_options())          # a Dari name in a Latin screen: shaped
        self.drops["seat"] = self.add(DropDown(seats, seats[self.offered.index(self.seat)],
                                                     mirrored(pygame.Rect(x, m, sw, rh), W), self.app.ui,
                                                     expansion_height_limit=round(H * 0.5)))
        x -= dw + m
        deals = self._deal_options()
        self.drops["deal"] = self.add(DropDown(deals, deals[self.deal], mirrored(pygame.Rect(x, m, dw, rh), W),
                                                     self.app.ui, expansion_height_limit=round(H * 0.6)))
        self.widgets_x = x

    def ui_event(self, e: Any) -> bool:
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if e.ui_element is self.drops.get("deal") and e.text in self._deal_options():
                self.choose(self._deal_options().index(e.text), self.seat)
                return True
            lines = [line_text(x) for x in widget_lines(self._seat_options())]
            if e.ui_element is self.drops.get("seat") and line_text(e.text) in lines:
                self.choose(self.deal, self.offered[lines.index(line_text(e.text))])
                return True
        if self.pressed(e) == "close":
            self.app.pop()
            return True
        return False

    def choose(self, deal: int, seat: str) -> None:
        """Review another deal or seat (the running review stops)."""
        if (deal, seat) == (self.deal, self.seat) and (self.review or self.job):
            return
        if self.reviewer is not None:
            self.reviewer.cancel()
        self.job = None
        self.deal, self.seat = deal, seat
        self.start()

    def process_event(self, e: Any) -> bool:
        n = len(self.listed.decisions) if self.listed else 0
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                if any(d.current_state is d.menu_states.get("expanded") for d in self.drops.values()):
                    return self.keyboard(e)     # an open list closes first (the whole review went)
                self.app.pop()
                return True
            moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -5, pygame.K_PAGEDOWN: 5,
                     pygame.K_HOME: -n, pygame.K_END: n}
            # the rows' keys, but Up and Down on a picker in focus: theirs (both moved, both gold)
            on_picker = (self.focus or "").startswith(DROP) and e.key in (pygame.K_UP, pygame.K_DOWN)
            if e.key in moves and n and not on_picker:
                self.select(self.selected + moves[e.key])
                return True
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i, r in self.row_rects:
                if r.collidepoint(e.pos):
                    self.select(i)
                    return True
        elif e.type == pygame.MOUSEWHEEL and n:
            self.scroll = max(0, min(n - 1, self.scroll - e.y))
            return True
        return self.keyboard(e)

    def select(self, i: int) -> None:
        n = len(self.listed.decisions) if self.listed else 0
        self.selected = max(0, min(n - 1, i))

    def view_of(self, i: int) -> dict | None:
        """The seat's view just before decision ``i`` (worked out once)."""
        if i not in self.views:
            d = self.listed.decisions[i]
            try:
                m = match_before(self.record, d.deal, d.index, look=d.chosen == {"look": True})   # the hand face down
                self.views[i] = seat_view(m, m.game.seat_index(d.seat))
            except ReviewError:
                self.views[i] = None
        return self.views[i]

    def trick_of(self, d: Any) -> int:
        """The number of decision ``d``'s trick, from the record's actions (no replay: every row asks)."""
        actions = self.record["deals"][d.deal].get("actions") or []
        played = sum(1 for a in actions[:d.index] if isinstance(a, dict) and "play" in a)
        return played // self.facts.game.n + 1

    def rows(self) -> list[list[str]]:
        """Every row's texts, as the list shows them."""
        listed = self.listed
        if not listed:
            return []
        return [row_cells(listed.game, d, self.trick_of(d)) for d in listed.decisions]

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        W, H = surface.get_size()
        m, rh, fs = self._sizes()
        title = mirrored(pygame.Rect(m, m, self.widgets_x - 2 * m, rh), W)
        blit_fit(surface, f"**{TEXT['title']}**", fs * 1.7, title.midleft, title.w, GOLD, anchor="midleft")
        y = m + rh + m // 2
        line = pygame.Rect(m, y, W - 2 * m, round(fs * 1.7))
        body = pygame.Rect(m, line.bottom + m // 2, W - 2 * m, H - m - line.bottom - m // 2)
        # the decisions on the left, the position on the right (the other way round in Dari)
        left = pygame.Rect(body.x, body.y, round(body.w * 0.52), body.h)
        right = mirrored(pygame.Rect(left.right + m, body.y, body.right - left.right - m, body.h), W)
        left = mirrored(left, W)
        self.row_rects = []
        if self.facts is None:
            blit_fit(surface, self.error or "", fs * 1.1, line.midleft, line.w, RED, anchor="midleft")
            return
        f = self.facts
        who = TEXT["seat_choice"].format(seat=TEXT["seats"].get(self.seat, self.seat), name=f.names[self.seat]) \
            if f.names.get(self.seat) else TEXT["seats"].get(self.seat, self.seat)
        sub = TEXT["subtitle"].format(game=game_title(f.game.name), deal=number(self.deal + 1), deals=number(f.deals),
                                      who=who)
        half = pygame.Rect(left.x, line.y, left.w, line.h)
        blit_fit(surface, sub, fs, half.midleft, half.w, CREAM, anchor="midleft")
        if self.status:
            # A long status (why the deal is not kept in the statistics) takes two lines, not 9 px.
            n = readable_lines(self.status, fs * 0.95, right.w, fs * 0.75)
            blit_lines(surface, self.status, fs * 0.95 if n == 1 else fs * 0.8,
                       (right.x, line.centery - fs * (0.6 if n == 1 else 1.0)), right.w, DIM, lines=n)
        panel(surface, left, fill=OVERLAY)
        panel(surface, right, fill=OVERLAY)
        inner = left.inflate(-2 * m, -2 * m)
        listed = self.listed
        if self.error is not None:          # a long reason on up to three lines, never 8 px
            blit_lines(surface, self.error, fs, (inner.x, inner.centery - fs * 1.8), inner.w, RED, lines=3)
        elif listed is not None:
            self.draw_list(surface, inner, fs)
        else:
            self.draw_progress(surface, inner, fs)
        L = Layout(self.app.size)
        shown = self.position(self.selected) if listed and listed.decisions else self.dealt()
        if shown is not None:
            draw_position(surface, right.inflate(-2 * m, -2 * m), fs, self.app.images(L.cw, L.sw), shown)

    def draw_progress(self, surface: pygame.Surface, area: pygame.Rect, fs: int) -> None:
        job = self.job
        bar = pygame.Rect(0, 0, round(area.w * 0.8), round(fs * 1.6))
        bar.center = (area.centerx, area.centery)
        text = TEXT["progress"].format(done=number(job.done), total=number(job.total)) if job and job.total is not None \
            else TEXT["starting"]
        blit_fit(surface, text, fs, (bar.centerx, bar.top - fs * 0.5), area.w, CREAM, anchor="midbottom")
        draw_bar(surface, bar, job.fraction if job and job.total else None, glint_now())
        blit_fit(surface, TEXT["wait"], fs * 0.9, (bar.centerx, bar.bottom + fs * 0.8), area.w, DIM,
                  anchor="midtop")

    def draw_list(self, surface: pygame.Surface, area: pygame.Rect, fs: int) -> None:
        self.scroll, self.row_rects = draw_decision_list(surface, area, fs, self.listed, self.rows(), self.selected,
                                                         self.scroll, self.job)

    def dealt(self) -> Position | None:
        """The seat's hand at the start of the deal (shown while the review is worked out)."""
        if self.error is not None or self.facts is None:
            return None
        if (self.deal, self.seat) not in self.views_dealt:
            try:
                m = match_before(self.record, self.deal, 0)
                view = seat_view(m, m.game.seat_index(self.seat))
            except ReviewError:
                view = None
            self.views_dealt = {(self.deal, self.seat): view}
        view = self.views_dealt[(self.deal, self.seat)]
        if view is None:
            return None
        return dealt_position(self.facts, self.seat, view)

    def context(self, view: dict) -> str:
        """Trump, the tricks so far and (Manfee) the targets, from the seat's side."""
        return context_line(self.facts, self.seat, view)

    def position(self, i: int) -> Position:
        """What the right panel shows of decision ``i``, in words and cards."""
        review = self.listed
        i = max(0, min(i, len(review.decisions) - 1))
        d = review.decisions[i]
        return decision_position(self.facts, self.seat, review.game, d, self.view_of(i), self.trick_of(d))
