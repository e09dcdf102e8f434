"""The coach's screens on the real App: the deal review (in its own worker
process, with a progress bar, cancelled on close) and the statistics
(figures from the store, charts, CSV export, a damaged file)."""
import os
import time

import pygame
import pygame_gui
import pytest

from bots.review import review_deal
from host.stats import StatsStore
from rules.store import save_record
from table import stats_screen
from table.coach_text import TEXT as REVIEW_TEXT, choice_text, points
from table.config import stats_path
from table.results import MatchEnd
from table.review_screen import ReviewScene
from table.scenes import open_scene
from table.stats_screen import TEXT as STATS_TEXT, StatsScene

from table_helpers import bot_record

BUDGET = 0.05          # a review in a fraction of a second: the screens, not the judgement, are tested


def wait(table, predicate, seconds=60.0):
    """Frames until ``predicate`` holds (a bound for a stuck worker, never a speed check)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        table.frames(1)
        time.sleep(0.005)          # leave the worker process the core
    return predicate()


def gone(pid, seconds=30.0):
    """True once process ``pid`` has ended (and been reaped)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def ana_record(game="manfee", options=None, seed=8):
    """A finished bot match in which the bottom seat is recorded as the person Ana."""
    rec = bot_record(game, {"target": 13} if options is None and game == "manfee" else options, seed=seed)
    rec["players"]["bottom"] = {"kind": "human", "name": "Ana"}
    return rec


# -- the deal review ------------------------------------------------------------------------------

def test_the_review_screen_shows_the_seats_review_with_progress_and_keeps_it(table):
    app = table.app
    rec = ana_record()
    with StatsStore(stats_path()) as store:
        store.sync_match("m1.json", rec)
    deal = len(rec["deals"]) - 1
    scene = open_scene("review", app, record=rec, budget=BUDGET, seed=3)     # defaults: the last deal, Ana's seat
    app.push(scene)
    assert (scene.deal, scene.seat) == (deal, "bottom")
    assert wait(table, lambda: scene.review is not None or scene.error)
    assert scene.error is None
    expected = review_deal(rec, deal, "bottom", budget=BUDGET, seed=3)
    assert [d.to_json() for d in scene.review.decisions] == [d.to_json() for d in expected.decisions]
    n = len(expected.decisions)
    assert n >= 5
    # The bar went through every step, from 0 to the last decision, in the worker process.
    job = scene.last_job
    assert job.seen == list(range(n + 1)) and job.total == n and job.pid != os.getpid()
    # ... each decision sent with its step, so the list could show it at once
    assert [d.to_json() for d in job.decisions] == [d.to_json() for d in expected.decisions]
    # Every decision has its row: when, the choice, the best, the cost, the verdict, all hands.
    rows = scene.rows()
    for row, d in zip(rows, expected.decisions, strict=True):
        assert row[1] == choice_text({k: v for k, v in d.chosen.items() if k != "seat"})
        assert row[2] == choice_text(d.best) and row[3] == points(d.expected_loss)
        # no all-hands column where it would rest on cards that were never shown
        assert row[5:] == (["–", "–"] if d.dd_best is None else [choice_text(d.dd_best), points(d.dd_loss)])
        assert row[4] == REVIEW_TEXT["verdicts"][d.label or ("best" if d.expected_loss == 0 else "fine")]
    # The table of decisions reads from the reader's side: "When" first, at the left or (Dari) the right.
    from table import i18n, review_list
    real = review_list.blit_fit
    for lang, when_first in (("fa", False), ("en", True)):
        i18n.set_language(lang)
        at: dict = {}

        def spy(s, text, size, pos, *a, at=at, **k):
            at.setdefault(text, pos[0])
            return real(s, text, size, pos, *a, **k)
        review_list.blit_fit = spy
        try:
            scene.draw_list(app.screen, pygame.Rect(20, 100, 600, 500), 16)
        finally:
            review_list.blit_fit = real
        assert (at[REVIEW_TEXT["col_when"]] < at[REVIEW_TEXT["col_cost"]]) == when_first
        assert REVIEW_TEXT["forced_left_out"] in at          # why the list skips a trick or two
    table.frames(1)
    assert [i for i, _r in scene.row_rects] == list(range(len(scene.row_rects))) and len(scene.row_rects) >= 5
    # Pressing a row shows its position: the seat's hand as it was, the choice marked in it.
    k = next(i for i, d in enumerate(expected.decisions) if d.phase == "play" and i > 0)
    i, rect = scene.row_rects[k]
    table.click(rect.center)
    assert scene.selected == k == i
    pos = scene.position(k)
    # a card the coach would not have played says why the coach's, under its judgement
    from table.coach_text import plain
    whys = [(scene.position(i).why, d) for i, d in enumerate(expected.decisions) if d.phase == "play"]
    assert all(bool(why) == (plain(d.best) != plain(d.chosen)) for why, d in whys)
    assert all(why.startswith("Why ") and ": " in why for why, _d in whys if why)
    played = expected.decisions[k].chosen["play"]
    assert played in pos.hand and pos.marks[played][0] == REVIEW_TEXT["tag_you"]
    # the chosen card's bar is its cost as the row and the sentence say it (a bar read 2.4
    # beside a row's 2.5: two roundings)
    import table.coach_text as coach_text
    for i, d in enumerate(expected.decisions):
        bars = {label: cost for label, cost, _ink in scene.position(i).bars}
        assert coach_text.points(bars[coach_text.choice_text(plain(d.chosen))]) == coach_text.points(d.expected_loss)
    before = rec["deals"][deal]["actions"][:expected.decisions[k].index]
    assert not {a["play"] for a in before if "play" in a} & set(pos.hand)
    assert len(pos.hand) == 13 - sum(1 for a in before if "play" in a and a["seat"] == "bottom")
    # The review is kept in Ana's statistics (her accuracy over time).
    assert scene.status == REVIEW_TEXT["kept"].format(name="Ana")
    with StatsStore(stats_path()) as store:
        assert store.totals("Ana")["reviewed_decisions"] == n
        assert [p["deal"] for p in store.accuracy_series("Ana")] == [deal]
    # a player who typed no name is "You": "your statistics" ("de statistieken van Jij")
    scene.facts.names["bottom"], kept = "You", scene.review
    scene.keep(kept)
    assert scene.status == REVIEW_TEXT["kept_yours"]
    scene.facts.names["bottom"] = "Ana"
    table.key(pygame.K_DOWN)
    assert scene.selected == k + 1
    # with a picker in focus (the deal's), Up and Down are the focus's, not the rows' too
    from table.menu_keys import DROP
    picker = next(n for n in scene.focus_order() if n.startswith(DROP))
    scene.set_focus(picker)
    table.key(pygame.K_DOWN)
    assert scene.selected == k + 1 and scene.focus != picker
    scene.set_focus(None)
    table.key(pygame.K_DOWN)
    assert scene.selected == k + 2
    # The match is over and Ana alone played in it: every seat may be studied (the picker
    # offered hers alone), a bot's review kept in nobody's statistics.
    assert [o[0] for o in scene.drops["seat"].options_list][:2] == ["Bottom: Ana", "Left: Left"]
    assert len(scene.drops["seat"].options_list) == 4
    table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.drops["seat"], text="Left: Left")
    table.frames(1)
    assert scene.seat == "left"
    assert wait(table, lambda: scene.review is not None or scene.error)
    # its "you" below is the bot's: the line says so (a French player read "votre équipe" as theirs)
    assert scene.review.seat == "left" and scene.status == REVIEW_TEXT["not_kept_bot"].format(name="Left")
    os.rename(stats_path(), stats_path() + ".away")      # ... also where no statistics are kept yet
    scene.keep(scene.review)
    assert scene.status == REVIEW_TEXT["not_kept_bot"].format(name="Left")
    os.rename(stats_path() + ".away", stats_path())
    # ... in a bot's words: "you chose" read as the person's, beside a "You" who is the person
    pos = scene.position(len(scene.review.decisions) - 1)
    assert pos.heading.split(": ")[1].startswith("Left chose ") and pos.turn_label in (None, "Left")
    with StatsStore(stats_path()) as store:
        assert store.totals("Ana")["reviewed_decisions"] == n
    table.key(pygame.K_ESCAPE)
    assert app.top is not scene


def test_the_rows_come_as_judged_and_closing_stops_the_review_and_its_process(table):
    """A Manille review takes seconds: the decisions judged so far are listed, can be
    picked and shown, with the progress where the summary will come; closing the
    screen stops the worker after the decision it is on."""
    from table import review_list
    from table.coach_text import plain
    app = table.app
    rec = bot_record("manille", None, seed=8)           # about a second a decision at this budget
    scene = ReviewScene(app, record=rec, deal=0, seat="bottom", budget=0.5)
    app.push(scene)
    assert wait(table, lambda: scene.job is not None and len(scene.job.decisions) >= 2)
    job = scene.job
    assert scene.review is None and not job.future.done()
    assert len(scene.rows()) == len(job.decisions) and scene.listed.complete is False
    drawn: list = []
    real = review_list.blit_fit
    review_list.blit_fit = lambda s, text, *a, **k: drawn.append(text) or real(s, text, *a, **k)
    try:
        table.frames(1)
    finally:
        review_list.blit_fit = real
    assert len(scene.row_rects) >= 2
    assert any(t.startswith("Reviewing: ") for t in drawn)      # how far, under the rows
    i, rect = scene.row_rects[1]
    table.click(rect.center)
    assert scene.selected == 1
    assert choice_text(plain(job.decisions[1].chosen)) in scene.position(1).heading    # its position
    app.pop()                                  # the Close button's doing
    stopped = job.future.result(timeout=60)
    assert stopped.complete is False and len(stopped.decisions) < job.total
    assert gone(job.pid)


# A review asked and its screen closed at once, the reviewer then dropped: the
# worker still starting must not die on the parent's queue and job number.
_CLOSED_AT_ONCE = """
import gc, sys, time
from table.coach_work import Reviewer
from table_helpers import bot_record
if __name__ == "__main__":
    r = Reviewer()
    job = r.start(bot_record("manfee", {"target": 13}, seed=8), 0, "bottom", 0.3, 1)
    r.close()
    del r
    gc.collect()
    time.sleep(3)
"""


def test_a_review_closed_at_once_leaves_its_worker_to_end_quietly(tmp_path):
    import subprocess
    import sys
    script = tmp_path / "closed_at_once.py"
    script.write_text(_CLOSED_AT_ONCE)
    here = os.path.dirname(os.path.abspath(__file__))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.dirname(here), here]),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr, run.stderr

def test_hot_seat_reviews_only_deals_whose_every_card_was_played(table):
    """Two people at one screen: the review showed a Manni hand given away in the swap, and
    a Manfee deal's cards never played, to whoever was looking.  A Manni deal is played out:
    it is reviewed, without the decision whose hand was laid aside (a Manni table of
    friends had no review at all)."""
    from table.coach_work import all_played
    manfee = bot_record("manfee", {"target": 26}, seed=8)
    over = next(i for i, d in enumerate(manfee["deals"]) if sum("play" in a for a in d["actions"]) < 52)
    for s in ("bottom", "left"):
        manfee["players"][s] = {"kind": "human", "name": s.title()}
    scene = ReviewScene(table.app, record=manfee, deal=over, seat="left", budget=BUDGET)
    table.app.push(scene)
    table.frames(1)
    assert scene.error == REVIEW_TEXT["hotseat_hidden"] and scene.job is None and scene.dealt() is None
    import table.coach_draw as coach_draw       # the reason is read at the list's size, on more lines
    sizes, real = [], coach_draw.blit_fit

    def spy(surface, text, size, *a, **k):
        sizes.append((text, size))
        return real(surface, text, size, *a, **k)
    coach_draw.blit_fit = spy
    try:
        scene.draw(table.app.screen)
    finally:
        coach_draw.blit_fit = real
    _m, _rh, fs = scene._sizes()
    parts = [size for text, size in sizes if text and text in REVIEW_TEXT["hotseat_hidden"]]
    assert len(parts) >= 2 and min(parts) >= fs * 0.75
    table.app.pop()
    manille = bot_record("manille", {"target": 51}, seed=3)
    for s in ("bottom", "top"):
        manille["players"][s] = {"kind": "human", "name": s.title()}
    assert all_played(manille, 0)
    scene = ReviewScene(table.app, record=manille, deal=0, seat="top", budget=BUDGET)
    table.app.push(scene)
    table.frames(1)
    assert scene.error is None and scene.job is not None          # all 32 cards were played: nothing hidden
    table.app.pop()
    manni, deal, taker = next((r, i, a["seat"]) for r in (bot_record("manni", {"target": 5}, seed=k) for k in range(3, 20))
                              for i, d in enumerate(r["deals"]) for a in d["actions"] if a.get("swap") is True)
    for s in ("bottom", "left", "right"):
        manni["players"][s] = {"kind": "human", "name": s.title()}
    assert all_played(manni, deal)
    for seat in manni["deals"][deal]["hands"]:
        scene = ReviewScene(table.app, record=manni, deal=deal, seat=seat, budget=BUDGET)
        table.app.push(scene)
        table.frames(1)
        if seat == taker:        # the hand laid aside: neither its dealt hand nor its decisions
            assert scene.error == REVIEW_TEXT["laid_aside"] and scene.job is None and scene.dealt() is None
        else:
            assert scene.error is None and scene.job is not None          # every hand in play was played
        table.app.pop()
    alone = dict(manni, players=dict(manni["players"], left={"kind": "bot", "bot": "KADO", "name": "Kado"},
                                     right={"kind": "bot", "bot": "KADO", "name": "Kado"}))
    scene = ReviewScene(table.app, record=alone, deal=0, budget=BUDGET)
    table.app.push(scene)
    table.frames(1)
    assert scene.error is None and scene.offered == ["bottom", "left", "right"]    # the match over: every seat
    table.app.pop()
    scene = ReviewScene(table.app, record=dict(alone, deals=alone["deals"][:1]), deal=0, budget=BUDGET)
    table.app.push(scene)
    table.frames(1)
    assert scene.error is None and scene.offered == ["bottom"]     # still on: their own seat only
    table.app.pop()

def test_a_damaged_record_is_reported_in_one_line(table, manfee_home):
    app = table.app
    rec = bot_record("manfee", {"target": 13}, seed=8)
    acts = rec["deals"][0]["actions"]
    k = next(i for i, a in enumerate(acts) if "play" in a and i > 10)
    acts[k] = dict(acts[k], play=acts[k - 1]["play"])          # a card played twice
    scene = ReviewScene(app, record=rec, deal=0, seat="bottom", budget=BUDGET)
    app.push(scene)
    assert wait(table, lambda: scene.error is not None or scene.review is not None)
    assert scene.review is None and "\n" not in scene.error and f"action {k}" in scene.error
    table.frames(2)                            # drawn, without a crash
    assert not os.path.exists(stats_path())    # nothing else happened
    app.pop()
    for bad, why in (({"game": "chess", "deals": [{}]}, "unknown game"), ({"game": "manni"}, "no deal"),
                     (None, REVIEW_TEXT["no_record"])):
        scene = ReviewScene(app, record=bad)
        app.push(scene)
        table.frames(2)
        assert why in scene.error and scene.reviewer is None and "deal" not in scene.drops
        app.pop()


def test_a_review_whose_worker_cannot_start_is_said_and_the_game_goes_on(table, manfee_home, monkeypatch):
    """The game's folder deleted under it: starting the review's worker raised
    FileNotFoundError in os.getcwd() and the whole game ended."""
    import table.review_screen as review_screen

    class NoWorker:
        def __init__(self):
            raise FileNotFoundError(2, "No such file or directory")
    monkeypatch.setattr(review_screen, "Reviewer", NoWorker)
    app = table.app
    scene = ReviewScene(app, record=bot_record("manfee", {"target": 13}, seed=8), deal=0, seat="bottom", budget=BUDGET)
    app.push(scene)
    table.frames(3)                            # drawn, without a crash
    assert scene.error.startswith("The review stopped:") and "No such file" in scene.error and "\n" not in scene.error
    assert scene.reviewer is None and scene.job is None and app.top is scene


def test_review_from_the_match_end_and_from_replays(table, manfee_home):
    app = table.app
    rec = ana_record()
    end = MatchEnd(game="manfee", winner="bottom-top", totals={"bottom-top": 13, "left-right": 0},
                   summaries=[], name=str.title, record=lambda: rec)
    app.push(open_scene("results", app, end=end))
    table.frames(2)
    table.click_button("review")
    scene = app.top
    assert isinstance(scene, ReviewScene) and scene.record is rec
    assert (scene.deal, scene.seat) == (len(rec["deals"]) - 1, "bottom")
    table.click_button("close")
    assert app.top.__class__.__name__ == "ResultsScene"
    import pygame
    table.key(pygame.K_ESCAPE)                   # Escape: the results' Main menu
    assert app.top.__class__.__name__ == "MainMenu"
    # Replays: a finished match's file, reviewed with its file name as the statistics know it.
    save_record(str(manfee_home / "saves" / "manfee-done.json"), rec)
    app.reset(open_scene("main_menu", app))
    table.click_button("replays")
    replays = app.top
    entry = next(e for e in replays.entries if e["finished"])
    replays.selected = replays.label(entry)
    replays._enable()
    table.click_button("review")
    scene = app.top
    assert isinstance(scene, ReviewScene) and scene.match_id == "manfee-done.json"
    assert scene.record["deals"] == rec["deals"]
    app.pop()


# -- the statistics ------------------------------------------------------------------------------

def fill(store):
    """Ana's two matches (Manfee and Manni) and a review."""
    man = ana_record()
    store.sync_match("a.json", man)
    store.sync_match("b.json", ana_record("manni", {"target": 5}, seed=3))
    store.record_review("a.json", 0, "bottom", {"decisions": 10, "total_loss": 7.5, "blunders": 1,
                                                "mistakes": 0, "inaccuracies": 2})
    store.sync_match("c.json", ana_record(seed=5), {"bottom": "Bo"})
    return man


def test_the_statistics_screen_shows_a_profiles_figures_and_charts(table, monkeypatch):
    app = table.app
    with StatsStore(stats_path()) as store:
        fill(store)
        totals, per_game, ratings = store.totals("Ana"), store.per_game("Ana"), store.ratings("Ana")
        wins = [p["result"] for p in store.results_series("Ana")]
        wins = [sum(wins[max(0, i - 19):i + 1]) / len(wins[max(0, i - 19):i + 1]) for i in range(len(wins))]
        bots = store.by_company("Ana", "opponent")
    drawn, charted = [], {}
    from table import stats_charts
    real_blit, real_bar, real_spark = stats_screen.blit_fit, stats_screen.charts.bar_chart, \
        stats_charts.sparkline
    monkeypatch.setattr(stats_screen, "blit_fit", lambda s, text, *a, **k: (drawn.append(text),
                                                                          real_blit(s, text, *a, **k))[1])
    real_lines = stats_screen.blit_lines                   # the rating's line may wrap
    monkeypatch.setattr(stats_screen, "blit_lines", lambda s, text, *a, **k: (drawn.append(text),
                                                                            real_lines(s, text, *a, **k))[1])
    monkeypatch.setattr(stats_screen.charts, "bar_chart", lambda s, r, labels, values, *a, **k: (
        charted.__setitem__(k.get("title"), (list(labels), list(values))), real_bar(s, r, labels, values, *a, **k))[1])
    monkeypatch.setattr(stats_charts, "sparkline", lambda s, r, values, *a, **k: (
        charted.__setitem__(len(charted), list(values)), real_spark(s, r, values, *a, **k))[1])
    table.click_button("stats")                          # the main menu's Statistics
    scene = app.top
    assert isinstance(scene, StatsScene) and scene.profiles == ["Ana", "Bo"] and scene.profile == "Ana"
    table.frames(1)
    t = totals
    assert STATS_TEXT["headline"].format(name="Ana", matches=t["matches"], won=stats_screen.charts.format_number(
        t["matches_won"]), rate=stats_screen.percent(t["win_rate"]), deals=t["deals"]) in drawn
    # Manfee and Manni together: no average of 13s and tricks; each game's own figures are in the table.
    assert STATS_TEXT["accuracy_mixed"].format(accuracy="0.75", decisions=10) in drawn
    assert not any(d.startswith("Average margin") or d.startswith("Lost against the best choice: 0.75") for d in drawn)
    assert not any("Accuracy" in d for d in drawn)     # a cost, lower is better: "accuracy" read backwards
    assert stats_screen.own_figures("manfee", per_game["manfee"]) in drawn
    # who went over, in words ("Overs: 0 for, 2 against" read as a cryptic tally)
    assert stats_screen.own_figures("manfee", {"exact_share": 0.5, "overs_for": 1, "overs_against": 2}) == \
        "Exact targets: 50%   Went over: your side 1, the other side 2"
    assert stats_screen.own_figures("manni", per_game["manni"]).startswith("Tricks over four a deal: ")
    # a Manille factor with the deals it came in ("Factors: no trump 1" said nothing)
    assert stats_screen.own_figures("manille-muette", {"average_points": 33, "factors": {"no-trump": 1, "tap": 2}}) \
        == "Card points a deal: 33.0   Factors: no trump in 1 deal, tap in 2 deals"
    # what "Margin" means, in Manni against whom ("-5.0" said nothing of it)
    assert STATS_TEXT["margin_note_manni"] in drawn and "less the best other player's" in STATS_TEXT["margin_note_manni"]
    # a handful of rated deals: the rating, and when it will say who Ana plays like ("You play
    # like Sada" after three deals was a guess); the table's cell the rating alone
    shown = ratings["manfee"] if ratings["manfee"]["deals"] >= ratings["manni"]["deals"] else ratings["manni"]
    assert shown["nearest"] is None and shown["deals"] < 30
    assert any(f"Who you play like shows after {30 - shown['deals']} more deal" in d for d in drawn), drawn
    assert not any("You play like" in d for d in drawn)
    assert charted[STATS_TEXT["chart_games"]] == (["Manfee", "Manni"], [per_game["manfee"]["win_rate"],
                                                                         per_game["manni"]["win_rate"]])
    assert charted[STATS_TEXT["chart_bots"]] == (["Kado"], [bots["KADO"]["deal_win_rate"]])
    assert wins in charted.values() and [0.75] in charted.values()         # results, accuracy over time
    # The profile picker: Bo's figures instead.
    drawn.clear()
    table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.drops["profile"], text="Bo")
    table.frames(2)
    assert scene.profile == "Bo" and any(d.startswith("Bo   Matches played: 1") for d in drawn)
    # one game: its own average margin, the side's score less the other's (the score alone
    # read +6.0 a deal for a player who lost every match)
    with StatsStore(stats_path()) as store:
        bo = store.totals("Bo")
    assert bo["average_difference"] != bo["average_score"]
    rate = stats_screen.percent(bo["deal_win_rate"])
    rate = f"{rate} (a tie counts half)" if bo["deals_tied"] else rate
    assert STATS_TEXT["scores"].format(score=stats_screen.number(bo["average_difference"], signed=True),
                                       deal_rate=rate) in drawn
    assert not any("with a hint" in d for d in drawn)
    # A Manni deal with a hint: the Manfee rating shown says nothing of hints (it did)
    manni = ana_record("manni", {"target": 5}, seed=5)
    with StatsStore(stats_path()) as store:
        store.sync_match("c2.json", dict(manni, deals=manni["deals"][:1], hints=[[0, "bottom"]]), {"bottom": "Bo"})
        assert store.per_game("Bo")["manni"]["hinted_deals"] == 1 and "manni" not in store.ratings("Bo")
    drawn.clear()
    table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.drops["profile"], text="Ana")
    table.frames(1)
    table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.drops["profile"], text="Bo")
    table.frames(2)
    assert any(d.startswith("Rating in Manfee") for d in drawn) and not any("with a hint" in d for d in drawn)
    with StatsStore(stats_path()) as store:         # ... and says how many deals it rests on
        n = store.ratings("Bo")["manfee"]["deals"]
    assert any(d.startswith("Rating in Manfee: ") and f"(from {n} deal{'s' if n > 1 else ''})" in d for d in drawn)
    # A deal Bo played with the coach's hint: his rating says such deals are not rated.
    with StatsStore(stats_path()) as store:
        store.sync_match("d.json", dict(ana_record(seed=6), hints=[[0, "bottom"]]), {"bottom": "Bo"})
    drawn.clear()
    table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.drops["profile"], text="Ana")
    table.frames(1)
    table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.drops["profile"], text="Bo")
    table.frames(2)
    assert any(d.endswith("Deals played with a hint are not rated.") for d in drawn), drawn[:6]
    # Cy played every deal with hints: no rating, and the line says why
    with StatsStore(stats_path()) as store:
        rec = ana_record(seed=7)
        store.sync_match("e.json", dict(rec, hints=[[k, "bottom"] for k in range(len(rec["deals"]))]),
                         {"bottom": "Cy"})
    scene.load()
    drawn.clear()
    table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.drops["profile"], text="Cy")
    table.frames(2)
    assert STATS_TEXT["no_rating_hinted"] in drawn and STATS_TEXT["no_rating"] not in drawn, drawn[:6]
    assert not any("a tie counts half" in d for d in drawn)
    with StatsStore(stats_path()) as store:        # a tied deal: the rate says a tie counts half
        store.db.execute("UPDATE deal_results SET result = 0.5 WHERE profile_id = ?", (store.find_profile("Cy").id,))
        store.db.commit()
    scene.load()
    drawn.clear()
    table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.drops["profile"], text="Cy")
    table.frames(2)
    assert any("(a tie counts half)" in d for d in drawn), drawn[:6]


def test_the_statistics_export_csv_into_the_config_folder(table, manfee_home):
    with StatsStore(stats_path()) as store:
        fill(store)
        deals = store.totals("Ana")["deals"]
    table.app.push(StatsScene(table.app, profile="Ana"))
    table.frames(1)
    table.click_button("export")
    target = manfee_home / "statistics-ana.csv"
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("recorded,match_id,game") and len(lines) == deals + 1
    from table.text import isolate, visual_runs
    assert table.scene.message == STATS_TEXT["exported"].format(rows=deals, name="Ana", path=isolate(str(target)))
    # In Dari the path reads in its own order, a Dari file name inside it too (it came out scrambled)
    line = "ذخیره شد در " + isolate("/home/a/statistics-احمد-ظاهر.csv")
    runs = [r.strip("\u2066\u2069") for r, _rtl in visual_runs(line, rtl=True)]
    assert runs == ["/home/a/statistics-", "احمد-ظاهر", ".csv", "ذخیره شد در "]


@pytest.mark.parametrize("content", [b"this is no database at all" * 40, b""])
def test_a_damaged_statistics_file_is_reported_in_one_line(table, manfee_home, content):
    path = stats_path()
    if content:
        with open(path, "wb") as f:
            f.write(content)
        scene = StatsScene(table.app)
        table.app.push(scene)
        table.frames(2)
        assert "moved aside" in scene.notice and "\n" not in scene.notice and scene.profile is None
        aside = [n for n in os.listdir(manfee_home) if ".damaged-" in n]
        assert len(aside) == 1 and (manfee_home / aside[0]).read_bytes() == content
    else:
        scene = StatsScene(table.app)           # no file yet: said, and none is made
        table.app.push(scene)
        table.frames(2)
        assert scene.notice == STATS_TEXT["none_yet"] and not os.path.exists(path)
    assert scene.buttons["export"].is_enabled is False



def test_the_statistics_tables_read_from_the_right_in_dari():
    from table import i18n
    from table.coach_draw import column_box           # the statistics tables' columns
    assert column_box(10, 100, 0.0, 0.25) == (10.0, 19.0)          # the first column at the left
    i18n.set_language("fa")
    try:
        assert column_box(10, 100, 0.0, 0.25) == (85.0, 19.0)      # and for a Dari reader at the right
    finally:
        i18n.set_language("en")


def test_the_statistics_and_review_screens_read_from_the_right_in_dari(table):
    """In Dari the buttons start at the left edge and the title and first panel sit at the
    right; the profile picker names the default player in Dari and still picks it."""
    from table.i18n import _
    from table.theme import apply_language
    app = table.app
    with StatsStore(stats_path()) as store:
        fill(store)
        store.sync_match("d.json", ana_record(seed=7), {"bottom": "You"})
    apply_language(app.ui, "fa")
    scene = StatsScene(app, profile="Ana")
    app.push(scene)
    table.frames(1)
    W = app.size[0]
    back, export = scene.buttons["back"].rect, scene.buttons["export"].rect
    assert back.left < export.left < scene.drops["game"].rect.left < scene.drops["profile"].rect.left < W // 2
    shown = [o[0] if isinstance(o, tuple) else o for o in scene.drops["profile"].options_list]
    assert _("You") in shown and "You" not in shown
    table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.drops["profile"], text=_("You"))
    table.frames(2)
    assert scene.profile == "You"
    app.pop()
    review = ReviewScene(app, record=None)
    app.push(review)
    table.frames(1)
    assert review.buttons["close"].rect.left < W // 4


def test_the_review_says_what_the_deal_counts_when_it_is_multiplied(table):
    """Costs are the deal's own points: in a tapped no-trump muette deal one card point is
    four, and the position's line says so (else 5.4 for a card seems out of scale)."""
    rec = ana_record("manille-muette", {"target": 31}, seed=5)
    scene = open_scene("review", table.app, record=rec, budget=BUDGET, seed=3)
    table.app.push(scene)
    tapped = {"trump": "NT", "tricks": {}, "factors": [["no-trump", 2], ["tap", 2]]}
    assert "×4" in scene.context(tapped)
    plain = {"trump": "S", "tricks": {}, "factors": []}
    assert "×" not in scene.context(plain)
    swept = {"trump": "S", "tricks": {}, "factors": [["sweep", 2]]}      # a sweep is the deal's outcome, not a stake
    assert "×" not in scene.context(swept)
    assert wait(table, lambda: scene.review is not None or scene.error)    # its worker done, then away
    table.app.pop()


def test_the_review_says_the_hands_moved_after_a_pass(table):
    """Manfee: after the dealer passes, the seat plays the hand of its left neighbour: the
    line over the cards says why the hand is not the one it called with."""
    rec = ana_record("manfee")
    scene = open_scene("review", table.app, record=rec, budget=BUDGET, seed=3)
    table.app.push(scene)
    targets = {"bottom-top": 6, "left-right": 7}
    passed = {"trump": "S", "tricks": {"bottom-top": 0, "left-right": 0}, "targets": targets, "passed": True}
    assert "moved one seat" in scene.context(passed)
    assert "moved" not in scene.context(dict(passed, passed=False))
    assert wait(table, lambda: scene.review is not None or scene.error)
    table.app.pop()


def test_the_reviews_words_match_its_numbers():
    """A cost too small for a tenth is not written 0 beside "fine"; "found no cost" only
    when the all-hands cost is nothing; "1 point", not "1 points"."""
    from bots.review import DecisionReview
    from table.coach_text import judgement, summary_text, verdict

    def decision(loss, dd, label, exact=True):
        return DecisionReview(0, "bottom", 0, "play", {"play": "7C"}, {"play": "9C"}, loss, 0.0,
                              {"play": "9C"}, dd, exact, label)
    small = decision(0.03, 0.0, None)
    assert verdict("manille", small) == "fine" and points(small.expected_loss) == "<0.1"
    assert "found no cost" in judgement("manille", decision(6.0, 0.0, "mistake"))
    costly = judgement("manille", decision(6.0, 1.9, "mistake"))
    assert "found no cost" not in costly and "1.9" in costly
    counts = {"blunders": 0, "mistakes": 1, "inaccuracies": 2}
    assert summary_text(dict(counts, mean_loss=1.0)).endswith("1 point a decision")
    assert summary_text(dict(counts, mean_loss=0.4)).endswith("0.4 points a decision")
    assert "It cost 6 points on average" in costly and costly.endswith("and 1.9 points with all hands seen.")
    # "good with all hands seen" only where it cost nothing there
    assert judgement("manille", decision(0.0, 0.0, None)).startswith("A good choice")
    assert judgement("manille", decision(0.0, 0.9, None)) == \
        "The best choice from what you knew; with all hands seen it cost 0.9 points."
    assert judgement("manille", decision(0.5, 0.9, None)).startswith("Close to the best")
    from table import i18n
    from table.coach_text import cost_words
    try:                                    # French: below two points, the singular
        i18n.set_language("fr")
        assert [cost_words(x) for x in (0.4, 1.0, 1.8, 2.5)] == ["0,4 point", "1 point", "1,8 point", "2,5 points"]
        assert "1,8 point en moyenne" in judgement("manille", decision(1.8, 0.0, "mistake"))
    finally:
        i18n.set_language("en")
    from dataclasses import replace as changed
    from table.coach_text import numbers_line, row_cells
    unsure = changed(decision(1.6, 0.0, None), spread=0.4)
    assert "(give or take 0.4)" in numbers_line("manille", unsure)
    assert numbers_line("manille", changed(unsure, spread=0.0)) == \
        "Cost from what you knew: 1.6 points.   Cost with all hands seen: 0 points, solved exactly."       # not "give or take 0"
    # play-outs' all-hands figures are said as estimates, and no verdict rests on them (a club
    # player read "with all hands seen it cost 24.7 points" of a card the solver found costing none)
    estimate = decision(6.0, 24.7, "mistake", exact=False)
    assert numbers_line("manille", estimate).endswith("Cost with all hands seen: about 24.7 points, from play-outs (not solved).")
    assert "all hands" not in judgement("manille", estimate).lower()
    assert row_cells("manille", estimate, 2)[-1] == "~24.7" and row_cells("manille", decision(6.0, 2.0, "mistake"), 2)[-1] == "2"
    assert row_cells("manille", changed(estimate, dd_loss=0.02), 2)[-1] == "~0"      # not "~<0.1"
    assert "give or take" not in numbers_line("manille", changed(unsure, spread=0.0, dd_loss=None))
    assert "give or take" not in numbers_line("manille", changed(unsure, spread=0.03))
    # a Manfee cost of 21 (more than a deal's 13) is on the gap between the sides: the chart says so
    from table.coach_text import chart_title
    assert "the gap between the sides" in chart_title("manfee") and "sides" not in chart_title("manni")
    # the Manni's heading says the choice once, in a sentence ("Swap: you chose Swap", then
    # "The Manni: you chose Take")
    from table.coach_text import seat_words
    swap_row = row_cells("manni", changed(unsure, phase="swap", chosen={"swap": True}, best={"swap": True}), None)
    assert seat_words(True, "You", swap_row[0], "Take", swap=True)[0] == "The Manni: you took it"
    assert seat_words(True, "You", swap_row[0], "Keep", swap=False)[0] == "The Manni: you kept your hand"
    assert seat_words(False, "Tana", swap_row[0], "Keep", swap=False)[0] == "The Manni: Tana kept the hand"
    swap = DecisionReview(0, "bottom", 0, "swap", {"swap": True}, {"swap": False}, 1.0, 0.0, {"swap": False},
                          0.0, False, None)
    assert row_cells("manni", swap, None)[1:3] == ["Take", "Keep"]      # the narrow columns' words
    # a tap back beside its "When": yes or no (Dutch "Niet terugkloppen" at 8 px in its column)
    back = DecisionReview(0, "bottom", 3, "redouble", {"redouble": False}, {"redouble": True}, 1.0, 0.0,
                          None, None, False, None)
    assert row_cells("manille-muette", back, None)[:3] == ["Tap back", "No", "Yes"]
    from table import i18n
    i18n.set_language("nl")
    try:
        assert row_cells("manille-muette", back, None)[1:3] == ["Nee", "Ja"]
    finally:
        i18n.set_language("en")
    from dataclasses import replace
    from table.coach_work import record_facts
    from table.review_position import decision_position
    facts = record_facts(bot_record("manni", {"target": 5}, seed=3))
    assert decision_position(facts, "bottom", "manni", swap, None, 1).heading == "The Manni: Bottom took it"
    kept = replace(swap, chosen={"swap": False})
    assert decision_position(replace(facts, own=("bottom",)), "bottom", "manni", kept, None, 1).heading == \
        "The Manni: you kept your hand"
    # Manni counts tricks, not points
    costly = judgement("manni", replace(swap, label="mistake", dd_loss=2.0, dd_exact=True))
    assert costly == "It cost 1 trick on average from what you knew, and 2 tricks with all hands seen."
    assert summary_text(dict(counts, mean_loss=0.4), "manni").endswith("0.4 tricks a decision")
    # the panel and the chart in the same words (they said "Take the Manni" beside "Swap")
    assert choice_text({"swap": True}) == "Take" and choice_text({"swap": False}) == "Keep"


def test_a_tables_column_heads_share_one_size_and_wrap_rather_than_shrink(monkeypatch):
    """French heads in narrow columns: "Parties gagnées" is not drawn tiny beside "Donnes";
    one size for the row, two lines where one line would need a much smaller size."""
    import table.coach_draw as coach_draw
    pygame.font.init()
    drawn = []
    real = coach_draw.blit_fit
    monkeypatch.setattr(coach_draw, "blit_fit", lambda surface, text, size, pos, width, *a, **kw: drawn.append(
        (text, size, pos[1])) or real(surface, text, size, pos, width, *a, **kw))
    surface = pygame.Surface((600, 200))
    heads = ["Jeu", "Parties gagnées", "Donnes", "Moyenne"]
    narrow = [(0, 120), (120, 60), (180, 90), (270, 90)]
    bottom = coach_draw.header_row(surface, heads, narrow, 10, 16, (200, 200, 200))
    assert len({size for _t, size, _y in drawn}) == 1
    assert [t for t, _s, _y in drawn].count("Parties") == 1 and "gagnées" in [t for t, _s, _y in drawn]
    assert drawn[0][1] >= 12 and bottom > 10 + 2 * 12               # two lines, not shrunk to fit one
    drawn.clear()
    wide = [(0, 150), (150, 150), (300, 150), (450, 150)]
    bottom = coach_draw.header_row(surface, heads, wide, 10, 16, (200, 200, 200))
    assert [t for t, _s, _y in drawn] == heads and {s for _t, s, _y in drawn} == {16}
    assert bottom < 10 + 2 * 14
    # the statistics' company heads in French at 1024x600: "Parties ensemble (g" was cut on one
    # line at 8 px; three lines keep every word whole
    from table.rich import rich
    drawn.clear()
    heads = ["Qui", "Parties ensemble (gagnées)", "Parties contre (gagnées)", "Donnes avec ou contre (gagnées)"]
    boxes = coach_draw.column_boxes(0, 415, [0, 0.25, 0.49, 0.73])
    coach_draw.header_row(surface, heads, boxes, 10, 12, (200, 200, 200))
    lines = iter(drawn)
    for head, (_x, w) in zip(heads, boxes, strict=True):     # each head's lines, whole in its column
        words = []
        while words != head.split():
            text, size, _y = next(lines)
            words += text.split()
            assert size >= 9 and rich(text, size, (0, 0, 0), True).get_width() <= w, (text, size, w)


def test_the_tags_of_marked_cards_at_the_end_of_a_long_hand_never_overlap():
    """Played, best and all-hands on the last three cards of a 13-card fan: the tags were
    pushed right and then clamped back at the band's end, on top of each other."""
    import table.coach_draw as coach_draw
    pygame.font.init()
    placed = []

    class Recording(pygame.Surface):
        def blit(self, img, at, *a, **k):            # the tags: small images, at their rects
            if img.get_height() < 30:
                placed.append(pygame.Rect(at))
            return super().blit(img, at, *a, **k)

    class Images:
        def get(self, card, face_up, cw):
            return pygame.Surface((cw, round(cw * 1.4)))
    hand = ["QS", "JH", "8H", "7H", "5H", "3H", "4C", "2C", "AD", "8D", "6D", "3D", "2D"]
    marks = {"6D": ("played", (200, 200, 200)), "3D": ("best", (0, 255, 0)), "2D": ("all hands", (0, 0, 255))}
    pos = coach_draw.Position("h", "c", "t", [], None, None, hand, "", marks)
    coach_draw.draw_hand(Recording((460, 200)), pygame.Rect(0, 0, 460, 200), 13, Images(), pos, 60)
    assert len(placed) == 3
    assert all(not a.colliderect(b) for i, a in enumerate(placed) for b in placed[i + 1:]), placed
    assert all(r.right <= 460 for r in placed)
    # the coach's own choice is not in the all-hands mark's blue (two blue tags side by side)
    from table.coach_text import BLUE, VERDICT_INK
    assert VERDICT_INK["hint"] != BLUE


@pytest.mark.parametrize("area,hand", [((1100, 1200), 8), ((560, 560), 8), ((460, 500), 13), ((1100, 1200), 13)])
def test_the_reviews_trick_cards_are_as_large_as_the_hands(area, hand):
    """At 2560x1440 the trick's cards were 64 px wide beside a hand of 150: a fixed share of the
    height went to the trick.  Now they are as large as the hand's (or larger, where the hand
    is held back by its width), and the bands still fit the area."""
    import table.coach_draw as coach_draw
    pygame.font.init()
    widths: dict = {}

    class Images:
        width = 200

        def get(self, card, face_up, cw):
            widths.setdefault("trick" if card in ("AH", "KH") else "hand", set()).add(cw)
            return pygame.Surface((cw, round(cw * 1.4)))
    cards = ["QS", "JS", "8S", "7S", "5C", "3C", "4C", "2C", "AD", "8D", "6D", "3D", "2D"][:hand]
    pos = coach_draw.Position("Trick 6: you chose 8S", "Trump: no trump", "On the table",
                              [("Right", "AH"), ("Top", "KH")], None, "you", cards, "",
                              {"8S": ("played", (200, 200, 200))}, sentence="A good choice.", numbers="Cost: 0",
                              chart_title="Cost", bars=[("8S", 0.0, (90, 90, 90)), ("QS", 1.0, (90, 90, 90))])
    surface = pygame.Surface(area)
    coach_draw.draw_position(surface, pygame.Rect((0, 0), area), 16, Images(), pos)
    (trick_w,), (hand_w,) = widths["trick"], widths["hand"]
    assert trick_w >= hand_w - 1, widths            # (a pixel of rounding)
    assert trick_w * 5.2 <= area[0], widths         # four places of the trick fit across


def test_a_decision_the_review_cannot_judge_says_so():
    """The Manfee dealer's partner's call (bots.review.markable): no verdict of
    "fine" or "mistake", the estimate given as one, and its ink not a label's."""
    from bots.review import DecisionReview
    from table.coach_text import TEXT, VERDICT_INK, judgement, row_cells, verdict
    call = DecisionReview(0, "top", 1, "call", {"call": 9}, {"call": 4}, 4.5, 0.8, {"call": 4}, 13.0,
                          False, None, marked=False)
    assert verdict("manfee", call) == "unmarked"
    assert row_cells("manfee", call, None)[4] == TEXT["verdicts"]["unmarked"] == "not marked"
    words = judgement("manfee", call)
    assert words.startswith("Not marked") and "4.5 points" in words and "13" not in words
    assert VERDICT_INK["unmarked"] == VERDICT_INK["fine"]


def test_the_game_filter_shows_that_game_alone_in_its_own_units(table, monkeypatch):
    """Statistics for Manni alone: no Manfee row in the per-game table, and the
    accuracy in tricks (Manni's points); every game played still offered."""
    with StatsStore(stats_path()) as store:
        fill(store)
        store.record_review("b.json", 0, "bottom", {"decisions": 4, "total_loss": 1.0, "blunders": 0,
                                                    "mistakes": 1, "inaccuracies": 0})
        manfee = stats_screen.own_figures("manfee", store.per_game("Ana")["manfee"])
    drawn = []
    real_blit, real_lines = stats_screen.blit_fit, stats_screen.blit_lines
    monkeypatch.setattr(stats_screen, "blit_fit", lambda s, text, *a, **k: (drawn.append(text),
                                                                          real_blit(s, text, *a, **k))[1])
    monkeypatch.setattr(stats_screen, "blit_lines", lambda s, text, *a, **k: (drawn.append(text),
                                                                            real_lines(s, text, *a, **k))[1])
    scene = StatsScene(table.app, profile="Ana")
    table.app.push(scene)
    table.frames(1)
    assert manfee in drawn
    drawn.clear()
    table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.drops["game"], text="Manni")
    table.frames(2)
    assert scene.game == "manni" and scene.games() == ["manfee", "manni"]
    assert manfee not in drawn and STATS_TEXT["accuracy_mixed"].split("{")[0] not in " ".join(drawn)
    assert STATS_TEXT["accuracy_tricks"].format(accuracy="0.25", decisions=4) in drawn
    # A 32-letter name is cut short in the headline; its figures keep their size.
    with StatsStore(stats_path()) as store:
        store.sync_match("e.json", ana_record(seed=7), {"bottom": "W" * 32})
    table.app.pop()
    table.app.push(StatsScene(table.app, profile="W" * 32))
    drawn.clear()
    table.frames(1)
    head = next(d for d in drawn if "Matches played: 1" in d)
    assert head.split("   ")[0].endswith("…") and len(head.split("   ")[0]) < 32
    # ... and in the profile's drop-down ("Samantha Wolstenholme-" ran off its edge); it still
    # chooses that profile
    scene = table.app.top
    face = scene.drops["profile"].selected_option
    face = face[0] if isinstance(face, tuple) else face
    assert face.endswith("…") and scene.profile_of[face] == "W" * 32


def test_company_rows_show_a_dash_before_a_finished_match(table, monkeypatch):
    """A cell with nothing finished shows a dash, not "0 (–)"; a partner only met in a match
    still going has its row, with the deals played together (it was left out: a partner of
    three deals was missing); a bot is named as at the table; a long name is cut with "…"."""
    drawn = []
    real = stats_screen.blit_fit
    monkeypatch.setattr(stats_screen, "blit_fit", lambda s, text, *a, **k: (drawn.append(text), real(s, text, *a, **k))[1])
    scene = StatsScene(table.app)
    scene.data = {"partners": {"SADA": {"matches": 0, "win_rate": None, "deals": 3, "deals_won": 1.5},
                               "person:" + "W" * 32: {"matches": 1, "win_rate": 1.0, "deals": 2, "deals_won": 2.0}},
                  "opponents": {"KADO": {"matches": 2, "win_rate": 0.5, "deals": 9, "deals_won": 3.0}}}
    scene.draw_company(table.app.screen, pygame.Rect(0, 0, 500, 300), 16)
    assert "0 (–)" not in drawn and "2 (50%)" in drawn and "– / 9 (33%)" in drawn
    assert "Sada" in drawn and "3 (50%) / –" in drawn and "2 (100%) / –" in drawn     # deals with a partner count too
    assert drawn.count(STATS_TEXT["dash"]) == 4      # Sada's matches both ways; Kado together; the person against
    assert any(t.startswith("WWW") and t.endswith("…") for t in drawn)


def test_a_dari_name_in_the_english_player_picker_is_drawn_and_chosen(table):
    """The Statistics picker in English: a Dari profile's name is shaped and drawn in the
    Arabic font (it showed as boxes), and choosing it shows that player."""
    from table.shaping import for_ltr_widget
    with StatsStore(stats_path()) as store:
        fill(store)
        store.sync_match("d.json", ana_record(seed=7), {"bottom": "احمد ظاهر"})
    scene = StatsScene(table.app, profile="Ana")
    table.app.push(scene)
    table.frames(1)
    drop = scene.drops["profile"]
    shaped = for_ltr_widget("احمد ظاهر")
    assert (shaped, "#arabic_item") in drop.options_list
    table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=drop, text=shaped)
    table.frames(2)
    assert scene.profile == "احمد ظاهر"
    face = scene.drops["profile"].current_state.selected_option_button
    assert "#arabic_item" in face.object_ids and face.text == shaped
    tofu = face.font.get_metrics("\U000f0000")[0]
    assert all(face.font.get_metrics(c)[0] != tofu for c in shaped if c > "\ufb00")


def test_the_statistics_list_people_as_a_dictionary_does_and_open_on_the_first(table):
    """"Julien, Élodie": SQLite's order put the accented name after Z, and the screen opened
    on Julien for a hot-seat couple whose Settings name was still the default."""
    with StatsStore(stats_path()) as store:
        store.sync_match("hot.json", ana_record(seed=7), {"bottom": "Julien", "top": "Élodie"})
    table.app.settings.player_name = "You"
    scene = StatsScene(table.app)
    table.app.push(scene)
    table.frames(1)
    assert scene.profiles == ["Élodie", "Julien"] and scene.profile == "Élodie"


def test_a_dari_name_in_the_english_reviews_seat_picker_is_shaped_and_chosen(table):
    from table.shaping import for_ltr_widget
    rec = ana_record()
    rec["players"]["left"] = {"kind": "human", "name": "علی"}
    scene = ReviewScene(table.app, record=rec, deal=0, seat="bottom", budget=0.05)
    table.app.push(scene)
    table.frames(1)
    drop = scene.drops["seat"]
    dari = [o for o in drop.options_list if isinstance(o, tuple) and o[1] == "#arabic_item"]
    assert len(dari) == 1 and for_ltr_widget("علی") in dari[0][0]
    table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=drop, text=dari[0][0])
    table.frames(1)
    assert scene.seat == "left"
    table.app.pop()


def test_a_call_the_review_marks_says_why_the_coachs_call():
    """"Blunder (best: Call 5, cost 9.5)" on a weak hand said nothing of why 5."""
    from bots.review import DecisionReview
    from rules import Match
    from rules.cards import make_mask, parse_card
    from rules.views import seat_view
    from table.coach_text import decision_info
    hands = {"bottom": "AH 2H 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D",
             "right": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
             "top": "TH JH QH KH JC QC KC AC TD JD QD KD AD",
             "left": "3H 4H 5H 6H 7H 8H 9H 7C 8C 9C TC 8D 9D"}
    m = Match("manfee")
    m.start_deal(dealer=0, hands=[make_mask(parse_card(c) for c in hands[s].split()) for s in m.game.seats])
    view = seat_view(m, "right")                   # right calls first
    d = DecisionReview(deal=0, seat="right", index=0, phase="call", chosen={"call": 2}, best={"call": 9},
                       expected_loss=9.5, spread=0.5, dd_best=None, dd_loss=None, dd_exact=False, label="blunder")
    info = decision_info(d, view, str.title)
    assert info[0] == "You call first."
    assert info[1].startswith("Why Call 9: ") and "trick" in info[1]
    same = DecisionReview(**{**d.__dict__, "chosen": {"call": 9}})
    assert len(decision_info(same, view, str.title)) == 1          # the coach's own choice: no "why" line


def test_a_long_judgement_takes_a_third_line_rather_than_small_letters(monkeypatch):
    """"Not marked: this call is worth what the last caller and the dealer make of it, which
    the review can only guess…" stood at about 10 px in two lines at 1024x600."""
    from table import coach_draw
    pygame.font.init()
    sizes = {}
    real = coach_draw.blit_lines
    monkeypatch.setattr(coach_draw, "blit_lines", lambda s, text, size, pos, width, colour, bold=False, lines=2: (
        sizes.setdefault(text, coach_draw.wrap(text, size, width, bold, lines)[0]),
        real(s, text, size, pos, width, colour, bold, lines))[1])
    sentence = REVIEW_TEXT["unmarked"].format(loss="1.6 points")
    assert sentence.startswith("Not marked: the dealer's partner's call")     # which call it leaves, named
    pos = coach_draw.Position("Call: you chose Call 3", "Trump: spades", "", [], None, None, None, "",
                              sentence=sentence, numbers="Cost from what you knew: 1.6 points.")
    coach_draw.draw_position(pygame.Surface((460, 500)), pygame.Rect(0, 0, 440, 480), 14, None, pos)
    assert sizes[sentence] >= 14 * 0.85


def test_the_reviews_trick_has_room_for_each_players_whole_name(monkeypatch):
    """At 1024x600 the trick's cards are small: "Zelzela 2" under one was cut to "Zelzela",
    like the other Zelzela's, and nobody could tell who played what."""
    import table.coach_draw as coach_draw
    from table.text import font
    pygame.font.init()
    given = []
    real = coach_draw.blit_fit
    monkeypatch.setattr(coach_draw, "blit_fit", lambda s, text, size, at, width, *a, **k: (
        given.append((text, size, width)), real(s, text, size, at, width, *a, **k))[1])

    class Images:
        def get(self, card, face_up, cw):
            return pygame.Surface((cw, round(cw * 1.4)))
    pos = coach_draw.Position("h", "c", "On the table", [("Zelzela", "JS"), ("Tana", "9S"), ("Zelzela 2", "8S")],
                              None, "you", ["KD", "4C"], "", {})
    coach_draw.draw_trick(pygame.Surface((460, 120)), pygame.Rect(0, 0, 440, 80), 11, Images(), pos, 28)
    names = [(t, size, width) for t, size, width in given if t in ("Zelzela", "Tana", "Zelzela 2")]
    assert len(names) == 3 and all(font(size).size(t)[0] <= width for t, size, width in names), names


@pytest.mark.parametrize("lang", ["fa", "fr"])
def test_the_statistics_figures_stay_inside_their_panel(table, monkeypatch, lang):
    """Four games and a rating on two lines ran Manni's line under the panel's foot at
    1024 x 600 in Dari: the figures take the size the panel holds."""
    from table.theme import apply_language
    app = table.app
    with StatsStore(stats_path()) as store:
        fill(store)
        hinted = dict(ana_record("manille", {"target": 51}, seed=3), hints=[[0, "bottom"], [1, "bottom"]])
        store.sync_match("d.json", hinted)
        store.sync_match("e.json", ana_record("manille-muette", {"target": 51}, seed=3))
        store.record_review("b.json", 0, "bottom", {"decisions": 10, "total_loss": 7.5, "blunders": 1,
                                                    "mistakes": 0, "inaccuracies": 2})
    app._resized((1024, 600))
    apply_language(app.ui, lang)
    ends = []
    real = StatsScene.draw_totals
    monkeypatch.setattr(StatsScene, "draw_totals", lambda self, surface, area, fs: (
        ends.append((surface, area, real(self, surface, area, fs))), ends[-1][2])[1])
    try:
        scene = StatsScene(app)
        app.push(scene)
        scene.game = "manille"                      # the rating with its note on hinted deals
        table.frames(2)
        scene.draw(app.screen)
    finally:
        apply_language(app.ui, "en")
    drawn = [(area, bottom) for surface, area, bottom in ends if surface is app.screen]
    assert drawn and all(bottom <= area.bottom for area, bottom in drawn), drawn


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_reviews_progress_bar_fills_from_the_readers_side(lang):
    from types import SimpleNamespace
    from table import i18n
    from table.coach_work import Job
    from table.review_screen import ReviewScene
    from table.theme import GOLD
    pygame.font.init()
    surface = pygame.Surface((800, 400))
    area = pygame.Rect(0, 0, 800, 400)
    try:
        i18n.set_language(lang)
        ReviewScene.draw_progress(SimpleNamespace(job=Job(1, 0, "bottom", None, done=1, total=4)), surface, area, 20)
    finally:
        i18n.set_language("en")
    y = area.centery
    gold = [x for x in range(800) if surface.get_at((x, y))[:3] == GOLD]
    assert gold and (max(gold) > 600 if lang == "fa" else min(gold) < 200)     # a quarter done, from that side
    assert max(gold) - min(gold) < 300


def test_the_reviews_bar_glints_across_its_empty_part_while_it_waits():
    """A first decision takes seconds: "0 of 6" on a still bar read as stuck."""
    from table.review_list import draw_bar
    pygame.font.init()
    bar = pygame.Rect(0, 0, 400, 20)
    seen = []
    for glint in (0.1, 0.9):
        surface = pygame.Surface((400, 20))
        draw_bar(surface, bar, 0.25, glint)
        seen.append([x for x in range(400) if surface.get_at((x, 10))[:3] == (96, 84, 40)])
    assert seen[0] and seen[1] and min(seen[0]) > 100 and max(seen[0]) < min(seen[1])     # it moves, past the gold
    still = pygame.Surface((400, 20))
    draw_bar(still, bar, 0.25)
    assert not [x for x in range(400) if still.get_at((x, 10))[:3] == (96, 84, 40)]


def test_the_reviews_chart_writes_a_cost_as_its_table_does(monkeypatch):
    """The table said "<0.1" and "fine", the chart under it 0, as for the best card."""
    from table import coach_draw
    pygame.font.init()
    written = []
    real = coach_draw._rich_text
    monkeypatch.setattr(coach_draw, "_rich_text", lambda s, *a, **k: (written.append(s), real(s, *a, **k))[1])
    pos = coach_draw.Position("Trick 1: you chose 2{H}", "", "", [], None, None, None, "", sentence="", numbers="",
                              chart_title="Cost", bars=[("5{H}", 0.0, (0, 200, 0)), ("2{H}", 0.03, (0, 200, 0)),
                                                        ("K{H}", 2.4, (200, 0, 0))])
    coach_draw.draw_position(pygame.Surface((600, 600)), pygame.Rect(0, 0, 580, 580), 14, None, pos)
    assert "<0.1" in written and "2.4" in written


def test_a_blind_bet_far_behind_near_the_end_is_not_marked_and_says_why():
    """Muette, 9 against 50 of 51: the hint's blind trump was called 14.8 points worse than
    looking, though it is a bet on the match, not on the deal's points the review counts."""
    from bots.review import DecisionReview, markable
    from table.coach_text import judgement
    legal = [{"trump": s, "blind": True} for s in ("S", "H", "D", "C", "NT")] + [{"look": True}]
    view = {"game": "manille-muette", "phase": "trump", "legal": legal, "seat": "bottom",
            "totals": {"bottom-top": 9, "left-right": 50}, "options": {"target": 51}}
    assert not markable(view)
    assert markable(dict(view, totals={"bottom-top": 30, "left-right": 40}))     # no bet to make: marked
    assert markable(dict(view, legal=legal[:5]))      # the trump named after looking: marked
    bet = DecisionReview(3, "bottom", 0, "trump", {"trump": "D", "blind": True}, {"look": True}, 14.8, 1.0,
                         None, None, False, None, marked=False)
    assert judgement("manille-muette", bet).startswith("Not marked: this far behind so near the end")


def test_with_several_people_the_review_opens_at_the_last_deal_it_may_show(table, manfee_home):
    """Two people at one screen, the match over on a deal gone over early: Review opened on
    that deal's refusal; it opens at the last deal whose every card was played."""
    import random
    from bots import make_bot
    from rules import Match
    from rules.views import seat_view
    from table.coach_work import all_played
    players = {s: {"kind": "human", "name": n} if s in ("bottom", "top") else {"kind": "bot", "bot": "KADO"}
               for s, n in zip(("bottom", "right", "top", "left"), ("Ana", "", "Bo", ""))}
    for seed in range(40):
        m = Match("manfee", {"target": 104}, players=players)
        rng, bot = random.Random(seed), make_bot("KADO", seed)
        for _ in range(2):
            m.start_deal(rng=rng)
            while m.in_deal:
                s = m.to_act()
                m.apply(s, bot.choose(seat_view(m, s)))
        rec = m.record()
        if all_played(rec, 0) and not all_played(rec, 1):
            break
    else:
        raise AssertionError("no exact deal before an early one in 40 seeds")
    scene = ReviewScene(table.app, record=rec, deal=1, seat="bottom", budget=BUDGET)
    assert scene.deal == 0


def test_the_company_table_keeps_deals_with_and_against_someone_apart():
    """A bot met as partner in one match and as opponent in another: one sum of both mixed
    the deals won beside it with those won against it ("12 (50 %)")."""
    from table.stats_screen import deals_cell
    assert deals_cell({"deals": 6, "deals_won": 3}, {"deals": 6, "deals_won": 0}) == "6 (50%) / 6 (0%)"
    assert deals_cell(None, {"deals": 2, "deals_won": 2}) == "– / 2 (100%)"
    assert deals_cell(None, None) == "–"
    from table import i18n
    i18n.set_language("fa")          # digits run left to right under a heading read from the right:
    try:                             # the against figure stands left, under its word
        first, second = deals_cell({"deals": 6, "deals_won": 3}, {"deals": 2, "deals_won": 0}).split(" / ")
        assert "۲" in first and "۶" in second
    finally:
        i18n.set_language("en")


def test_a_void_deal_of_a_shared_table_says_it_has_no_play(table):
    """A LAN friend picked a void deal in the review's list and read that it "hid cards from
    someone": a void deal has no play to go through, as R on its summary said."""
    from host.joined import rebuild_deal
    from test_joined import played_deals
    _m, deals = played_deals("manille", {}, seed=0, deals=3, peek=True)
    views = next(v for v, truth in deals if any("peek" in a for a in truth["actions"]))
    record = {"game": "manille", "options": {}, "deals": [rebuild_deal(views["bottom"])],
              "players": {"bottom": {"kind": "human", "name": "Bo"}, "left": {"kind": "human", "name": "Ana"}}}
    scene = ReviewScene(table.app, record=record, deal=0, seat="bottom", budget=BUDGET)
    table.app.push(scene)
    table.frames(1)
    assert scene.error == "No review: a void deal has no play to go through" and scene.job is None


def test_the_estimate_mark_is_a_glyph_of_every_font_of_the_table():
    """The review's "All hands seen" column marks a play-outs' estimate; "≈" is in none of
    the table's fonts and was drawn as a box ("▯40.9")."""
    from table.coach_text import ABOUT
    from table.text import FONT_FILES, arabic_font_file

    pygame.font.init()
    for path in [*FONT_FILES.values(), arabic_font_file()]:
        if path is None:
            continue
        f = pygame.font.Font(path, 20)
        drawn = lambda c, f=f: pygame.image.tobytes(f.render(c, True, (255, 255, 255), (0, 0, 0)), "RGB")  # noqa: E731
        assert drawn(ABOUT) != drawn("\uffff"), path        # not the font's box for a missing glyph
        assert drawn("\ue000") == drawn("\uffff"), path     # two missing characters: one box


@pytest.mark.parametrize("lang, size", [("fa", (1280, 1024)), ("fa", (1024, 768)), ("en", (1024, 600))])
def test_a_false_drops_word_stands_clear_of_the_chart_under_it(table, lang, size):
    """Dari at 1280x1024: the orange line under the card took two of Dari's taller lines and
    its second ran under the chart's title."""
    import table.coach_draw as coach_draw
    from table import i18n
    from table.coach_text import TEXT
    from table.rich import card_words
    i18n.set_language(lang)
    table.app._resized(size)
    pos = coach_draw.Position(
        heading="x", context="y", trick_title="t", trick=[("a", "2C")], trick_note=None, turn_label="you",
        hand=["2C", "7C", "AS", "KH"], hand_note="", sentence=TEXT["fine_known"].format(loss="0.4") * 3,
        numbers="0.4", chart_title=TEXT["chart_title"] if "chart_title" in TEXT else "cost",
        bars=[("2{C}", 0.0, (0, 200, 0)), ("7{C}", 0.4, (200, 0, 0))],
        why=TEXT["why_best"].format(choice=card_words("7C"), reason="x " * 30),
        signal=TEXT["false_drop"].format(kept=", ".join(card_words(c) for c in ("7C", "9C", "KC"))))
    drawn, charts_at = {}, []
    real_lines, real_chart = coach_draw.blit_lines, coach_draw.charts.bar_chart
    coach_draw.blit_lines = lambda s, text, *a, **k: drawn.setdefault(text, real_lines(s, text, *a, **k))
    coach_draw.charts.bar_chart = lambda s, rect, *a, **k: charts_at.append(rect) or real_chart(s, rect, *a, **k)
    try:
        area = pygame.Rect(20, 20, round(size[0] * 0.45), size[1] - 40)
        coach_draw.draw_position(table.app.screen, area, max(12, round(size[1] * 0.022)), table.app.images(80, 48), pos)
    finally:
        coach_draw.blit_lines, coach_draw.charts.bar_chart = real_lines, real_chart
    assert drawn[pos.signal] <= charts_at[0].top, (drawn[pos.signal], charts_at[0])


def test_a_long_choice_widens_its_column_rather_than_shrinking(table):
    """Dutch "A♣ laten vallen" (a card with its drop signal) shrank to 9 px in a column of
    16 % beside half-empty ones: the columns now share the width by their words."""
    from table import i18n, review_list
    from table.rich import rich
    rec = ana_record()
    played = [a for a in rec["deals"][0]["actions"] if a.get("seat") == "bottom" and "play" in a]
    played[0]["signal"], played[1]["signal"] = "drop", "slam"
    scene = open_scene("review", table.app, record=rec, deal=0, budget=BUDGET, seed=3)
    table.app.push(scene)
    assert wait(table, lambda: scene.review is not None and scene.review.complete or scene.error)
    i18n.set_language("nl")
    cells = {cell for row in scene.rows() for cell in row}
    assert any("laten vallen" in c for c in cells)
    fs, drawn = 16, []
    real = review_list.blit_fit

    def spy(s, text, size, pos, width, *a, **k):
        if text in cells and size == fs:
            drawn.append((text, rich(text, size, (0, 0, 0), k.get("bold", False)).get_width(), width))
        return real(s, text, size, pos, width, *a, **k)
    review_list.blit_fit = spy
    try:
        scene.draw_list(table.app.screen, pygame.Rect(20, 100, 620, 560), fs)
    finally:
        review_list.blit_fit = real
        i18n.set_language("en")
    assert drawn and [(t, need, room) for t, need, room in drawn if need > room] == []


def test_all_games_name_the_games_left_out_of_the_points_lost_chart_and_a_cost_of_0_lies_on_the_floor(
        table, monkeypatch):
    """A player with reviewed Manille and Manfee deals saw "Lost against the best choice in
    Manille" and nothing of Manfee; filtered to Manfee, a single cost of 0 was drawn halfway up."""
    from types import SimpleNamespace

    from table import stats_charts
    from table.coach_work import stats_snapshot
    from table.sparkline import sparkline
    games = {"manille": {"reviewed_decisions": 18}, "manfee": {"reviewed_decisions": 13}, "manni": {"reviewed_decisions": 0}}
    store = SimpleNamespace(by_company=lambda *a: {}, per_game=lambda name: games, totals=lambda name: {},
                            ratings=lambda name: {}, results_series=lambda *a: [],
                            accuracy_series=lambda name, game: [{"accuracy": 0.0}])
    every = stats_snapshot(store, "Alex")
    assert every["accuracy_game"] == "manille" and every["accuracy_others"] == ["manfee"]
    assert stats_snapshot(store, "Alex", "manfee")["accuracy_others"] == []
    drawn, real_lines = [], stats_charts.blit_lines
    monkeypatch.setattr(stats_charts, "blit_lines", lambda s, text, *a, **k: (drawn.append(text),
                                                                            real_lines(s, text, *a, **k))[1])
    stats_charts.draw_stats_charts(table.app.screen, pygame.Rect(0, 300, 1200, 260), 16, 10,
                                   dict(every, per_game={}, bots={}), [])
    assert "points lost a decision, deal by deal (Manfee: choose the game above)" in drawn, drawn
    surface = pygame.Surface((200, 60))
    area = sparkline(surface, pygame.Rect(0, 0, 200, 60), [0.0], (255, 255, 255), lo=0.0)
    dot = [y for y in range(60) if surface.get_at((area.right, y))[:3] != (0, 0, 0)]
    assert dot and area.bottom - 4 <= sum(dot) / len(dot) <= area.bottom + 4, (dot, area)


def test_a_review_reopened_comes_back_done_and_escape_closes_an_open_list_first(table):
    """Closed and opened again, a review started over at "0 of 10 decisions" (half a minute
    more); and Escape over the open Deal list closed the whole review."""
    app = table.app
    rec = ana_record()
    scene = open_scene("review", app, record=rec, budget=BUDGET, seed=3)
    app.push(scene)
    assert wait(table, lambda: scene.review is not None or scene.error) and scene.error is None
    done = scene.review
    app.pop()
    from table import i18n
    i18n.set_language("nl")
    try:                             # its statistics line in the language of the moment (kept again)
        again = open_scene("review", app, record=rec, budget=BUDGET, seed=3)
        app.push(again)
        table.frames(1)
        assert again.review is done and again.job is None       # at once, no worker asked
        assert again.status and again.status != scene.status and "statistieken" in again.status, again.status
    finally:
        i18n.set_language("en")
    other = open_scene("review", app, record=rec, budget=BUDGET, seed=4)    # asked otherwise: its own
    assert other.cache_key(other.deal, other.seat) != again.cache_key(again.deal, again.seat)
    drop = again.drops["deal"]
    table.click(drop.rect.center)
    table.frames(2)
    assert drop.current_state is drop.menu_states["expanded"]
    table.key(pygame.K_ESCAPE)
    table.frames(2)
    assert app.top is again and drop.current_state is not drop.menu_states["expanded"]
    table.key(pygame.K_ESCAPE)
    assert app.top is not again


def test_a_muette_dealers_look_is_reviewed_from_the_hand_face_down(table):
    """The look before a trump (blind trumps on) is a row of its own: its position shows the
    hand face down and the choices look and the blind trumps; the trump's row, the hand."""
    from rules.host import MatchHost
    mh = MatchHost.new("manille-muette", {"blind": True}, seed=1)
    mh.start_deal("bottom")
    rec = mh.record()
    rec["deals"][0]["actions"] = [{"seat": "bottom", "trump": "S"}, {"seat": "left", "double": False},
                                  {"seat": "right", "double": False}]
    rec["players"] = {s: {"kind": "human", "name": "Ana"} if s == "bottom" else {"kind": "bot", "bot": "KADO"}
                      for s in mh.game.seats}
    scene = ReviewScene(table.app, record=rec, deal=0, seat="bottom", budget=BUDGET)
    table.app.push(scene)
    assert wait(table, lambda: scene.review is not None and scene.review.complete or scene.error)
    look, trump = scene.position(0), scene.position(1)
    assert look.heading == "Trump: you chose Look first" and look.hand is None
    assert look.hand_note == "Your cards were still face down."
    from dataclasses import replace
    from table.review_position import hidden_note
    assert hidden_note(replace(scene.facts, own=()), "bottom") == "Ana's cards were still face down."   # a bot's seat
    assert sorted(label for label, _cost, _ink in look.bars) == sorted(
        ["Look first", "No trump blind", "{S} blind", "{H} blind", "{D} blind", "{C} blind"])
    assert trump.heading.startswith("Trump: you chose") and trump.hand and len(trump.hand) == 8
    table.app.pop()


def test_a_games_own_figures_take_two_lines_rather_than_shrinking(table, monkeypatch):
    """Dutch "Kaartpunten per ronde: 33,3   Factoren: blind in 2 rondes, zonder troef in 1
    ronde, kloppen in 1 ronde, terugkloppen in 2 rondes" was drawn at 8 px in one row."""
    from table import i18n
    from table.coach_draw import wrap
    with StatsStore(stats_path()) as store:
        fill(store)
    scene = StatsScene(table.app, profile="Ana")
    table.app.push(scene)
    table.app._resized((1280, 720))
    table.frames(1)
    figures = {"matches": 3, "matches_won": 2, "deals": 9, "average_difference": 12.0, "accuracy": None,
               "average_points": 33.3, "factors": {"blind": 2, "no-trump": 1, "tap": 1, "tap back": 2}}
    scene.data["per_game"]["manille-muette"] = figures
    seen = []
    real = stats_screen.blit_lines
    monkeypatch.setattr(stats_screen, "blit_lines", lambda s, text, size, pos, width, *a, **k: (
        seen.append((text, size, width)), real(s, text, size, pos, width, *a, **k))[1])
    i18n.set_language("nl")
    try:
        scene.draw(table.app.screen)
        text = stats_screen.own_figures("manille-muette", figures)
    finally:
        i18n.set_language("en")
    drawn = [(size, width) for t, size, width in seen if t == text]
    assert drawn, seen
    size, width = drawn[0]
    fitted, lines = wrap(text, size, width, False, 2)
    assert fitted >= size - 1 and len(lines) == 2
    table.app.pop()
