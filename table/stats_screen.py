"""The statistics screen: one player's results, accuracy and rating.

    app.push(open_scene("statistics", app))              # the main menu's Statistics
    app.push(open_scene("statistics", app, profile="Ana"))

The profiles are the names people typed at the table (``host.stats``); a
picker chooses one, another a game (or all).  Above: the totals (matches
and deals, average deal score, accuracy from the reviews, the rating and
the bot character it is nearest to, "you play like TANOOR"), a table per
game with each game's own figures (Manfee exact share and overs, Manille
card points and factors, Manni tricks over four), and one per partner and
opponent kind.  Below: four charts drawn by ``table/charts.py``: accuracy
over time, results over time, win rate per game and per bot.

The figures are read once when the screen opens or a picker changes (no
file stays open).  Export writes the profile's deals as CSV in the config
folder and says where in one line.  A damaged statistics file is moved aside
by the store itself: its notice is shown in one line, and the screen shows
the new, empty file.  No file yet: the screen says so and creates none.
"""
from __future__ import annotations

import os
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from host.rating import SETTLED_AFTER as RATING_SETTLED
from host.stats import StatsStore
from rules.games import GAMES, get_game

from . import charts
from .coach_draw import blit_fit, blit_lines, column_boxes, header_row, mirrored
from .coach_text import Words
from .coach_work import csv_name, stats_snapshot
from .stats_charts import FIGURE_WORDS, bot_name, count, draw_stats_charts, percent
from .config import home_dir, stats_path
from .forms import MenuScene, draw_backdrop
from .i18n import N_, _, digits, game_title, language, ngettext, pgettext
from .words import shown_name
from .theme import CREAM, DIM, GOLD, OVERLAY, RED, clip_text, panel
from .widgets import DropDown, line_text, widget_lines
from .text import by_reading, isolate

# Every string a player reads on this screen, in one place for the translators (each worded
# in the language in use when read: coach_text.Words).
TEXT = Words({
    "title": N_("Statistics"),
    "back": N_("Back"),
    "export": N_("Export CSV"),
    "all_games": N_("All games"),
    "none_yet": N_("No statistics yet: they are kept for the people who play at this table under their names."),
    "no_profile": N_("No player in the statistics yet."),
    "exported": N_("Saved {rows} deals of {name} to {path}"),
    "export_failed": N_("The CSV was not written: {reason}"),
    "store_failed": N_("The statistics cannot be read: {reason}"),
    "headline": N_("{name}   Matches played: {matches}   Won: {won} ({rate})   Deals: {deals}"),
    # The margin: a side's deal score less the other's (in Manni the best other's): the own
    # score alone flattered a loser (a Manille loser scores 0, never less: +6.0 a deal at 0 wins).
    "scores": N_("Average margin a deal: {score}   Deals won: {deal_rate}"),
    "accuracy": N_("Lost against the best choice: {accuracy} points a decision (reviewed decisions: {decisions})"),
    "accuracy_tricks": N_("Lost against the best choice: {accuracy} tricks a decision (reviewed decisions: {decisions})"),
    "scores_mixed": N_("Deals won: {deal_rate}   (each game's average margin in its own points, below)"),
    "accuracy_mixed": N_("Reviewed decisions: {decisions}   (what each game's choices lost against the best, in its own points, below)"),
    "labels": N_("Blunders: {blunders}   Mistakes: {mistakes}   Inaccuracies: {inaccuracies}"),
    "no_reviews": N_("Lost against the best choice: no reviewed deal yet (Review, after a match or in Replays)"),
    "rating": N_("Rating in {game}: {rating}. You play like {bot}."),
    "rating_hinted": N_("Rating in {game}: {rating}. You play like {bot}. Deals played with a hint are not rated."),
    "no_rating": N_("Rating: none yet (it comes from deals against bot tables)"),
    "no_rating_hinted": N_("Rating: none yet (it comes from deals against bot tables played without a hint)"),
    "per_game": N_("Per game"),
    "game": N_("Game"),
    "matches_won": N_("Matches won"),
    "deals": N_("Deals"),
    "average": N_("Margin"),
    "margin_note": N_("Margin: a deal's score less the other side's"),
    "margin_note_manni": N_("Margin: a deal's score less the other side's (in Manni, less the best other player's)"),
    "acc": N_("Lost a decision"),  # a cost: lower is better ("Accuracy" read backwards)
    "rating_col": N_("Rating"),
    "rating_cell": N_("{rating} ({bot})"),
    "won_cell": N_("{won} of {matches}"),
    "own_manfee": N_("Exact targets: {share}   Went over: your side {ours}, the other side {theirs}"),
    "own_manille": N_("Card points a deal: {points}   Factors: {factors}"),
    "own_manni": N_("Tricks over four a deal: {tricks}"),
    "no_factor": lambda: pgettext("no factor", "none"),
    "factors": {"no-trump": N_("no trump"), "tie": N_("after a tie"), "sweep": N_("sweep"), "blind": N_("blind"),
                "tap": N_("tap"), "tap back": N_("tap back"), "swept": N_("swept by the other side")},
    "company": N_("Partners and opponents"),
    "who": N_("Who"),
    "as_partner": N_("Matches together (won)"),
    "as_opponent": N_("Matches against (won)"),
    "deals_won": N_("Deals together / against (won)"),
    "person": N_("a person"),
    "unknown": N_("unknown"),
    # digits alone are laid out left to right, also in Dari: its translation puts the rate
    # first, so that a reader from the right meets the count first ("۱۰ (۱۰٪)" read rate first)
    "count_rate": N_("{count} ({rate})"),
    "with_against": N_("{together} / {against}"),
    "more": N_("and {n} more"),
    **FIGURE_WORDS,
})

def number(x: float | None, signed: bool = False) -> str:
    """One decimal (``2.2``, ``+2.2``; the language's digits and decimal mark); None -> a dash.
    What rounds to nothing is 0.0, unsigned ("-0.0" under a Manni row).

    >>> number(-0.04, signed=True), number(-0.04), number(0.25, signed=True)
    ('0.0', '0.0', '+0.2')
    """
    if x is None:
        return TEXT["dash"]
    if round(x, 1) == 0:
        signed, x = False, 0.0
    return digits((f"{x:+.1f}" if signed else f"{x:.1f}").replace(".", pgettext("decimal mark", ".")))


def own_figures(game: str, f: dict) -> str:
    """The game's own figures of one row of the per-game table."""
    scoring = get_game(game).scoring if game in GAMES else ""
    if scoring == "calls":
        return TEXT["own_manfee"].format(share=percent(f.get("exact_share")), ours=count(f.get("overs_for", 0)),
                                         theirs=count(f.get("overs_against", 0)))
    if scoring == "tricks_over":
        return TEXT["own_manni"].format(tricks=number(f.get("tricks_over_four"), signed=True))
    factors = f.get("factors") or {}
    said = _(", ").join(ngettext("{name} in {count} deal", "{name} in {count} deals", n).format(   # "no trump 1"
        name=TEXT["factors"].get(k, k), count=count(n)) for k, n in sorted(factors.items()))       # said nothing
    return TEXT["own_manille"].format(points=number(f.get("average_points")), factors=said or TEXT["no_factor"])


def deals_cell(partner: dict | None, opponent: dict | None) -> str:
    """The deals played with someone and against them, each with the share won: one sum
    of both mixed the deals won beside a bot with those won against it."""
    parts = [TEXT["count_rate"].format(count=count(f["deals"]), rate=percent(f["deals_won"] / f["deals"]))
             if f and f["deals"] else TEXT["dash"] for f in (partner, opponent)]
    # a phrase of its own: in Dari the figures (digits, laid out left to right) go against / together,
    # under a heading read from the right
    return TEXT["dash"] if parts == [TEXT["dash"]] * 2 else TEXT["with_against"].format(together=parts[0],
                                                                                      against=parts[1])


def who_text(who: str) -> str:
    """A partner or opponent as the table names them: a person by name, a bot by character."""
    if who.startswith("person:"):
        return who[len("person:"):]
    return TEXT["person"] if who == "human" else TEXT["unknown"] if who == "unknown" else bot_name(who)


class StatsScene(MenuScene):
    """One profile's statistics (``profile``: the name to show first)."""

    title = None

    def __init__(self, app: Any, profile: str | None = None) -> None:
        super().__init__(app)
        self.wanted = profile
        self.profiles: list[str] = []
        self.profile: str | None = None
        self.game: str | None = None
        self.data: dict | None = None
        self.notice: str | None = None       # one line: the store's notice, or why it cannot be read
        self.message: str | None = None      # one line: what the export did
        self.drops: dict[str, UIDropDownMenu] = {}
        self.load()

    # -- the figures ------------------------------------------------------------------------------
    def load(self) -> None:
        """Read the profiles and the chosen one's figures (the file is closed again at once)."""
        path = stats_path()
        self.data = None
        if not os.path.exists(path):
            self.notice = self.notice or TEXT["none_yet"]
            self.profiles = []
            return
        try:
            with StatsStore(path) as store:
                if store.notice:
                    self.notice = store.notice
                self.profiles = by_reading((p.name for p in store.profiles()), shown_name)
                if self.profile not in self.profiles:
                    names = {p.casefold(): p for p in self.profiles}
                    first = self.wanted or getattr(self.app.settings, "player_name", "")
                    self.profile = names.get((first or "").casefold()) or (self.profiles[0] if self.profiles else None)
                if self.profile is not None:
                    self.data = stats_snapshot(store, self.profile, self.game)
        except Exception as e:      # StatsError (a locked or newer file), OSError...: one line, nothing shown
            self.notice = TEXT["store_failed"].format(reason=" ".join(str(e).split()) or type(e).__name__)
            self.data = None

    def games(self) -> list[str]:
        """The games this profile has figures in, in the games' own order."""
        played = (self.data or {}).get("played") or ()
        return [g for g in GAMES if g in played]

    def export(self) -> None:
        if self.profile is None:
            return
        target = os.path.join(home_dir(), csv_name(self.profile))
        try:
            with StatsStore(stats_path()) as store:
                rows = store.export_csv(target, self.profile)
        except Exception as e:            # a full disk, a locked file: said in one line
            self.message = TEXT["export_failed"].format(reason=" ".join(str(e).split()) or type(e).__name__)
            return
        self.message = TEXT["exported"].format(rows=count(rows), name=shown_name(self.profile),
                                               path=isolate(target))       # in a Dari line, in the path's order

    # -- widgets ---------------------------------------------------------------------------------
    def _sizes(self) -> tuple[int, int, int]:
        W, H = self.app.size
        return max(10, round(H * 0.02)), max(30, round(H * 0.05)), max(13, round(H * 0.023))

    def _game_options(self) -> list[str]:
        return [TEXT["all_games"]] + [game_title(g) for g in self.games()]

    def build_ui(self) -> None:
        W, H = self.app.size
        m, rh, fs = self._sizes()
        self.buttons, self.drops = {}, {}
        bw = max(110, round(W * 0.1))
        x = W - m - bw                              # laid out left to right, mirrored in Dari
        self.buttons["back"] = self.add(UIButton(mirrored(pygame.Rect(x, m, bw, rh), W), TEXT["back"], self.app.ui))
        ew = max(130, round(W * 0.12))
        x -= ew + m
        self.buttons["export"] = self.add(UIButton(mirrored(pygame.Rect(x, m, ew, rh), W), TEXT["export"],
                                                   self.app.ui))
        self.widgets_x = x                          # where the title's room ends (left to right)
        if self.profile is None:
            self.buttons["export"].disable()
            return
        gw, pw = max(150, round(W * 0.14)), max(150, round(W * 0.16))
        x -= gw + m
        games = self._game_options()
        start = game_title(self.game) if self.game in GAMES else TEXT["all_games"]
        self.drops["game"] = self.add(DropDown(games, start if start in games else games[0],
                                                     mirrored(pygame.Rect(x, m, gw, rh), W), self.app.ui,
                                                     expansion_height_limit=round(H * 0.5)))
        x -= pw + m
        # "You" in the player's words; a long name cut with "…" (it ran off the box's edge), whole
        # where two would be cut alike
        cut = [clip_text(shown_name(p), 18, pw - 44, bold=True) for p in self.profiles]
        shown = widget_lines([c if cut.count(c) == 1 else shown_name(p) for c, p in zip(cut, self.profiles)])
        self.profile_of = {line_text(x): p for x, p in zip(shown, self.profiles, strict=True)}
        self.drops["profile"] = self.add(DropDown(shown, shown[self.profiles.index(self.profile)],
                                                        mirrored(pygame.Rect(x, m, pw, rh), W),
                                                        self.app.ui, expansion_height_limit=round(H * 0.6)))
        self.widgets_x = x

    def ui_event(self, e: Any) -> bool:
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            named = {**getattr(self, "profile_of", {}), **{shown_name(p): p for p in self.profiles}}
            if e.ui_element is self.drops.get("profile") and line_text(e.text) in named:
                self.profile, self.game, self.message = named[line_text(e.text)], None, None
            elif e.ui_element is self.drops.get("game"):
                titles = {game_title(g): g for g in GAMES}
                self.game = titles.get(e.text)
            else:
                return False
            self.load()
            self.rebuild_ui()
            return True
        name = self.pressed(e)
        if name == "back":
            self.app.pop()
        elif name == "export":
            self.export()
        return name is not None

    def process_event(self, e: Any) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return self.keyboard(e)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        W, H = surface.get_size()
        m, rh, fs = self._sizes()
        title = mirrored(pygame.Rect(m, m, self.widgets_x - 2 * m, rh), W)
        blit_fit(surface, f"**{TEXT['title']}**", fs * 1.8, title.midleft, title.w, GOLD, anchor="midleft")
        line = pygame.Rect(m, m + rh + m // 2, W - 2 * m, round(fs * 1.6))
        said = self.message or self.notice
        if said:
            ink = RED if said == self.notice and said != TEXT["none_yet"] else CREAM
            blit_fit(surface, said, fs * 0.95, line.midleft, line.w, ink, anchor="midleft")
        body = pygame.Rect(m, line.bottom + m // 2, W - 2 * m, H - line.bottom - m // 2 - m)
        if self.data is None:
            if self.profile is None and not self.notice:
                blit_fit(surface, TEXT["no_profile"], fs, body.midleft, body.w, CREAM, anchor="midleft")
            return
        # A short window gives the figures more of its height: their small print stays readable.
        top_h = round(body.h * (0.6 if H < 700 else 0.54))
        # the totals on the left, the company on the right (the other way round in Dari)
        left = pygame.Rect(body.x, body.y, round(body.w * 0.55), top_h)
        right = mirrored(pygame.Rect(left.right + m, body.y, body.right - left.right - m, top_h), W)
        left = mirrored(left, W)
        panel(surface, left, fill=OVERLAY)
        panel(surface, right, fill=OVERLAY)
        # the figures as large as the panel holds them (a rating on two lines and four games
        # ran the last one under the panel's foot at 1024 x 600 in Dari)
        inner = left.inflate(-2 * m, -2 * m)
        key = (inner.size, fs, self.profile, self.game, id(self.data), language())
        if getattr(self, "_totals_fit", (None,))[0] != key:     # measured once, not every frame
            scratch, size = pygame.Surface(surface.get_size(), pygame.SRCALPHA), fs
            while size > 10 and self.draw_totals(scratch, inner, size) > inner.bottom:
                scratch.fill((0, 0, 0, 0))
                size -= 1
            self._totals_fit = (key, size)
        self.draw_totals(surface, inner, self._totals_fit[1])
        self.draw_company(surface, right.inflate(-2 * m, -2 * m), fs)
        charts_area = pygame.Rect(body.x, left.bottom + m, body.w, body.bottom - left.bottom - m)
        self.draw_charts(surface, charts_area, fs, m)

    def draw_totals(self, surface: pygame.Surface, area: pygame.Rect, fs: int) -> int:
        """The player's figures in ``area``; the bottom of the last line drawn."""
        d = self.data
        t = d["totals"]
        per_game = d["per_game"]
        lines = 5 + 3 + 2 * max(1, len(per_game))      # a line more for two-line heads or rating, one for the note
        fs = max(10, min(fs, int(area.h / (lines * 1.45 + 1.2))))
        step = round(fs * 1.45)
        x, y, w = area.x, area.y, area.w
        name = clip_text(shown_name(self.profile), fs * 1.1, w * 0.35, bold=True)      # the figures keep their size
        head = TEXT["headline"].format(name=name, matches=count(t["matches"]), won=charts.format_number(
            t["matches_won"]), rate=percent(t["win_rate"]), deals=count(t["deals"]))
        blit_fit(surface, head, fs * 1.1, (x, y), w, GOLD, bold=True)
        y += round(step * 1.15)
        # A Manfee 13, a muette deal's points times eight and Manni's tricks do not add up: over
        # several games the averages are each game's own, in the table below.
        mixed = len(per_game) > 1
        scores = TEXT["scores_mixed"] if mixed else TEXT["scores"]
        rate = percent(t["deal_win_rate"])
        if t.get("deals_tied"):             # the results screen counts whole deals: say why 2 of 6 is 42%
            rate = _("{rate} (a tie counts half)").format(rate=rate)
        blit_fit(surface, scores.format(score=number(t["average_difference"], signed=True),
                                        deal_rate=rate), fs, (x, y), w, CREAM)
        y += step
        if t["accuracy"] is None:
            blit_fit(surface, TEXT["no_reviews"], fs, (x, y), w, DIM)
        else:
            accuracy = (TEXT["accuracy_mixed"] if mixed else
                        TEXT["accuracy_tricks"] if "manni" in per_game else TEXT["accuracy"])
            blit_fit(surface, accuracy.format(accuracy=charts.format_number(round(t["accuracy"], 2)),
                                              decisions=count(t["reviewed_decisions"])), fs, (x, y), w, CREAM)
            y += step
            blit_fit(surface, TEXT["labels"].format(blunders=count(t["blunders"]), mistakes=count(t["mistakes"]),
                                                    inaccuracies=count(t["inaccuracies"])), fs, (x, y), w, DIM)
        y += step
        ratings = d["ratings"]
        game = self.game if self.game in ratings else max(ratings, key=lambda g: ratings[g]["deals"], default=None)
        if game is None:        # a player who always asks the coach must learn why there is none
            blit_fit(surface, TEXT["no_rating_hinted" if t.get("hinted_deals") else "no_rating"], fs, (x, y), w, DIM)
        else:
            r = ratings[game]
            # The coach chose some cards of a hinted deal: it counts in the results, not in the
            # rating (of its own game: a hinted Manni deal said so under the Manfee rating).
            hinted = (per_game.get(game) or {}).get("hinted_deals")
            rating = TEXT["rating_hinted"] if hinted else TEXT["rating"]
            # How many deals it rests on (1201 after a single deal read as a settled figure); two
            # lines if need be: the note on hinted deals is long in French and Dutch.
            rests = ngettext("{rating} (from {n} deal)", "{rating} (from {n} deals)", r["deals"]).format(
                rating=count(round(r["rating"])), n=count(r["deals"]))
            if r["nearest"] is None:        # "You play like SADA" after three deals was a guess
                more = RATING_SETTLED - r["deals"]
                rating = ngettext("Rating in {game}: {rating}. Who you play like shows after {more} more deal.",
                                  "Rating in {game}: {rating}. Who you play like shows after {more} more deals.",
                                  more).replace("{more}", count(more)) \
                    + (" " + _("Deals played with a hint are not rated.") if hinted else "")
            y = blit_lines(surface, rating.format(game=game_title(game), rating=rests,
                                                  bot=bot_name(r["nearest"] or "")), fs * 1.05, (x, y), w, GOLD,
                           bold=True) - step
        y += round(step * 1.3)
        cols = ((TEXT["game"], 0.0), (TEXT["matches_won"], 0.22), (TEXT["deals"], 0.40), (TEXT["average"], 0.50),
                (TEXT["acc"], 0.62), (TEXT["rating_col"], 0.76))
        small = round(fs * 0.9)
        boxes = column_boxes(x, w, [share for _h, share in cols])

        def cells(texts: list[str], yy: int, ink: tuple) -> None:
            for (left, width), text in zip(boxes, texts, strict=True):
                blit_fit(surface, text, fs, (left, yy), width, ink)
        y = max(y + step, header_row(surface, [h for h, _s in cols], boxes, y, small, DIM) + 4)
        pygame.draw.line(surface, DIM, (x, y - 3), (area.right, y - 3), 1)
        for g in [g for g in GAMES if g in per_game]:
            f = per_game[g]
            r = ratings.get(g)
            cells([game_title(g), TEXT["won_cell"].format(won=charts.format_number(f["matches_won"]),
                                                          matches=count(f["matches"])),
                   count(f["deals"]), number(f["average_difference"], signed=True),
                   TEXT["dash"] if f["accuracy"] is None else charts.format_number(round(f["accuracy"], 2)),
                   TEXT["dash"] if not r else count(round(r["rating"])) if r["nearest"] is None
                   else TEXT["rating_cell"].format(rating=count(round(r["rating"])), bot=bot_name(r["nearest"]))],
                  y, CREAM)
            y += step
            # on two lines where one would shrink (Dutch "Kaartpunten per ronde: … Factoren: blind
            # in 2 rondes, zonder troef …" was drawn at 8 px)
            y = max(y + step, blit_lines(surface, own_figures(g, f), small, (x + fs, y), w - fs, DIM) + round(fs * 0.2))
        # what "Margin" means (a Manni player read "-5.0" and wondered against whom)
        blit_fit(surface, TEXT["margin_note_manni" if "manni" in per_game else "margin_note"], small, (x, y), w, DIM)
        return y + round(small * 1.3)

    def draw_company(self, surface: pygame.Surface, area: pygame.Rect, fs: int) -> None:
        d = self.data
        partners, opponents = d["partners"], d["opponents"]
        shows = [k for k in set(partners) | set(opponents)            # a row with something to say: a
                 if partners.get(k, {}).get("deals") or opponents.get(k, {}).get("deals")]   # partner too (was left out)
        order = sorted(shows,
                       key=lambda k: (-(opponents.get(k, {}).get("deals", 0) + partners.get(k, {}).get("deals", 0)), k))
        x, y, w = area.x, area.y, area.w
        fs = max(10, min(fs, int(area.h / ((len(order) + 3) * 1.45 + 0.5))))
        step = round(fs * 1.45)
        blit_fit(surface, TEXT["company"], fs * 1.1, (x, y), w, GOLD, bold=True)
        y += round(step * 1.15)
        cols = ((TEXT["who"], 0.0), (TEXT["as_partner"], 0.25), (TEXT["as_opponent"], 0.49),
                (TEXT["deals_won"], 0.73))
        boxes = column_boxes(x, w, [share for _h, share in cols])
        y = max(y + step, header_row(surface, [h for h, _s in cols], boxes, y, round(fs * 0.9), DIM) + 4)
        pygame.draw.line(surface, DIM, (x, y - 3), (area.right, y - 3), 1)
        fits = max(1, (area.bottom - y) // step)
        shown = order if len(order) <= fits else order[:fits - 1]
        rows = []
        for who in shown:
            p, o = partners.get(who), opponents.get(who)
            rows.append([clip_text(who_text(who), fs, boxes[0][1] - 4),     # a long name cut with "…"; no
                         # finished match yet: a dash, not "0 (–)"
                         TEXT["count_rate"].format(count=count(p["matches"]), rate=percent(p["win_rate"]))
                         if p and p["matches"] else TEXT["dash"],
                         TEXT["count_rate"].format(count=count(o["matches"]), rate=percent(o["win_rate"]))
                         if o and o["matches"] else TEXT["dash"],
                         deals_cell(p, o)])
        for row in rows:
            for (left, width), text in zip(boxes, row, strict=True):
                blit_fit(surface, text, fs, (left, y), width, CREAM)
            y += step
        if len(shown) < len(order):
            blit_fit(surface, TEXT["more"].format(n=count(len(order) - len(shown))), fs, (x, y), w, DIM)

    def draw_charts(self, surface: pygame.Surface, area: pygame.Rect, fs: int, m: int) -> None:
        draw_stats_charts(surface, area, fs, m, self.data, self.games() if self.game is None else [self.game])
