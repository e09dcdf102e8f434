"""A layout that cannot overlap: each game's busiest states at four window sizes.

Every element the table draws (hands, the trick, piles and their labels, plates,
bubbles, the score board, the trump badge, the prompt band, pickers, panels and
every button) is registered with its rectangle in ``scene.drawn``; here no two
of them may overlap unless designed to (a panel over the table covers the felt
under it), everything lies inside the window, and no button's words are wider
than the button.  And in the trick, no card ever hides the corner index of a
card played before it.
"""
import itertools
import math
import random
import time

import pygame
import pytest

from bots import make_bot
from host.local import resume_local
from host.replay import ReplayLink
from rules.host import MatchHost
from rules.store import save_record
from table.layout import Layout, _tilt
from table.panels import history_height
from table.scenes import open_scene

SIZES = [(1024, 600), (1280, 720), (1920, 1080), (2560, 1440)]
FIXED = {"button:menu", "button:rules", "button:history", "button:last", "button:passed",
         "button:step", "button:auto", "button:back", "scoreboard", "trump_badge"}


def designed(a, b):
    """Overlaps the design wants: a panel (or picker) over the table covers the felt
    under it, and its own buttons sit on it; a banner runs over the trick."""
    for x, y in ((a, b), (b, a)):
        if (x.startswith("panel:") or x == "picker") and y not in FIXED and not y.startswith("panel:"):
            return True
        if x == "banner" and (y == "court" or y.startswith("bubble:")):
            return True
        if x == "log heading" and y == "log":      # a tab on the log's edge
            return True
    return False


def check(scene, size):
    W, H = size
    drawn = [(n, r) for n, r in scene.drawn if r.width > 0 and r.height > 0]
    problems = []
    for name, r in drawn:
        if r.left < -1 or r.top < -1 or r.right > W + 1 or r.bottom > H + 1:
            problems.append(f"{name} {tuple(r)} leaves the {W}x{H} window")
    for (a, ra), (b, rb) in itertools.combinations(drawn, 2):
        if a != b and ra.colliderect(rb) and not designed(a, b):
            problems.append(f"{a} {tuple(ra)} overlaps {b} {tuple(rb)}")
    for name, w in scene.buttons.items():
        if w.visible and w.text:
            tw = w.font.size(w.text)[0]
            if tw > w.rect.width - 6:
                problems.append(f"the words of button {name} ({tw}px) are wider than it ({w.rect.width}px)")
    return problems


def position(game, seed, until, signals=False, options=None):
    """A match (bottom a person, bots elsewhere) played by bots until ``until(mh)``."""
    mh = MatchHost.new(game, options or {"target": 1000}, seed=seed)
    bot = make_bot("KADO", seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if mh.needs_deal() and not mh.match.finished and not until(mh):     # or a deal just over
            mh.start_deal()
        if until(mh):
            rec = mh.record()
            rec["players"] = {s: {"kind": "human", "name": "You"} if s == "bottom" else
                              {"kind": "bot", "bot": "KADO", "name": f"Kado {s}"} for s in mh.game.seats}
            return rec
        if mh.match.finished:
            break
        seat = mh.whose_turn()
        a = bot.choose(mh.view(seat))
        if signals and "play" in a and rng.random() < 0.6:
            a = dict(a, signal=rng.choice(("slam", "drop")))
        mh.submit(seat, a)
    raise AssertionError("never reached the state")


def at_table(table, manfee_home, rec):
    path = str(manfee_home / "saves" / "state.json")
    save_record(path, rec)
    link = resume_local(path, wake=table.app.wake, hints=True)          # the Hint button too
    scene = open_scene("table", table.app, link=link)
    table.app.push(scene)
    return scene


def view(mh):
    return mh.view("bottom")


STATES = {
    # A Manfee trick of three signalled cards, the passed hand's button up, the bottom to play.
    "manfee-trick": ("manfee", lambda mh: (view(mh)["phase"] == "play" and view(mh)["passed"]
                                           and len(view(mh)["trick"]) == 3 and view(mh)["turn"] == "bottom"
                                           and any("signal" in t for t in view(mh)["trick"])), True),
    "manfee-call": ("manfee", lambda mh: view(mh)["phase"] == "call" and view(mh)["turn"] == "bottom"
                    and len(view(mh)["calls"]) == 2, False),
    "muette-tap": ("manille-muette", lambda mh: view(mh)["phase"] in ("double", "redouble")
                   and view(mh)["turn"] == "bottom", False),
    "manille-trick": ("manille", lambda mh: view(mh)["phase"] == "play" and len(view(mh)["trick"]) == 3
                      and view(mh)["turn"] == "bottom" and mh.match.deal_index >= 1, False),
    "manni-swap": ("manni", lambda mh: view(mh)["phase"] == "swap" and view(mh)["turn"] == "bottom", False),
    "manni-trick": ("manni", lambda mh: view(mh)["phase"] == "play" and view(mh)["swapper"] is not None
                    and len(view(mh)["trick"]) == 2 and view(mh)["turn"] == "bottom", False),
    # The dealer's decision with both targets on its buttons; trump with every choice (blind,
    # en face, look) and a deal limit on the score board; trump named for an en face partner.
    "manfee-decide": ("manfee", lambda mh: view(mh)["phase"] == "decide" and view(mh)["turn"] == "bottom", False),
    "muette-trump": ("manille-muette", lambda mh: view(mh)["phase"] == "trump" and view(mh)["turn"] == "bottom",
                     False, {"target": 1000, "blind": True, "max_deals": 50}),
    "muette-partner": ("manille-muette", lambda mh: view(mh)["phase"] == "partner_trump"
                       and view(mh)["turn"] == "bottom", False),
    # trump named on a seen hand, en face offered ("En face : mon partenaire nomme" was cut)
    "muette-enface": ("manille-muette", lambda mh: view(mh)["phase"] == "trump" and view(mh)["turn"] == "bottom"
                      and {"trump": "partner"} in view(mh)["legal"], False, {"target": 1000, "en_face": True}),
}


@pytest.mark.slow
@pytest.mark.parametrize("state", list(STATES))
def test_the_busiest_states_fit_at_every_size(table, manfee_home, state):
    game, until, signals, *options = STATES[state]
    scene = at_table(table, manfee_home, position(game, 11, until, signals, *options))
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
    if state == "manfee-trick":
        table.click_button("signal")                      # the signal choices open in the band
    if state == "muette-tap":
        scene.announce("right", {"double": True})
        scene.announce("top", {"trump": "H"})
    problems = []
    # and squarer windows: at 1280x1024 the band's Hint and signal buttons came level with
    # the side seats' plates, the top seat's plate lay on its cards, the signal choices on the Hint
    # and wide ones (1920x800, 21:9), whose seats come in from the edges
    for size in SIZES + [(1280, 1024), (1024, 768), (1600, 1200), (1920, 800), (2560, 1080)]:
        table.app._resized(size)
        table.frames(3)
        scene.draw(table.app.screen)
        problems += [f"{size}: {p}" for p in check(scene, size)]
        assert any(n.startswith("hand:") for n, _r in scene.drawn)
    assert problems == []


@pytest.mark.slow
@pytest.mark.parametrize("game", ["manille", "manni"])
def test_the_deal_summary_and_the_overlays_fit(table, manfee_home, game):
    rec = position(game, 5, lambda mh: mh.match.in_deal and mh.match.deal_index == 2 and not mh.match.deal.history)
    scene = at_table(table, manfee_home, rec)
    scene.link.hold(True)                       # nothing moves while the panels are measured
    still = lambda: not scene.director.busy() and not scene.board.moving      # noqa: E731
    assert table.until(lambda: still() and scene.link.summaries(), limit=3000)
    problems = []
    for size in SIZES:
        table.app._resized(size)
        assert table.until(still, limit=600)
        scene.open_summary({"deal": 1, "outcome": "complete", "score": rec and scene.link.summaries()[-1]["score"]})
        table.frames(2)
        scene.draw(table.app.screen)
        problems += [f"{size} summary: {p}" for p in check(scene, size)]
        scene.close_summary()
        scene.overlay, scene.overlay_at = "history", scene.shown.get("version")    # opened at a decision: it stays
        table.frames(2)
        scene.draw(table.app.screen)
        problems += [f"{size} history: {p}" for p in check(scene, size)]
        # as tall as its rows (two deals here), not 60 % of the window
        assert dict(scene.drawn)["panel:overlay"].height == history_height(size[1], len(scene.link.summaries()))
        scene.overlay = None
    assert problems == []


@pytest.mark.slow
def test_a_manni_summary_of_six_deals_leaves_the_manni_and_its_label_in_sight(table, manfee_home, monkeypatch):
    """The summary grows a row a deal: centred, by the sixth it covered the Manni's label
    ("Tana's old hand, out of play") and reached the pile.  The label keeps off the score
    box (at 1280x1024 its first letter lay on it); its two charts' titles share one size
    (the long one alone shrank there and read as a lesser chart)."""
    import table.charts as charts
    titles = []
    real = charts.draw_title
    monkeypatch.setattr(charts, "draw_title", lambda *a: titles.append((a[2], real(*a))) or titles[-1][1])   # its height
    rec = position("manni", 5, lambda mh: mh.needs_deal() and mh.match.deal_index == 5)    # the sixth just over
    scene = at_table(table, manfee_home, rec)
    scene.link.hold(True)
    still = lambda: scene.summary_open and not scene.board.moving      # noqa: E731   (reopened on resume)
    assert table.until(lambda: still() and len(scene.link.summaries()) == 6, limit=3000)
    for size in SIZES + [(1280, 1024), (1024, 768)]:
        table.app._resized(size)
        assert table.until(still, limit=600)
        table.frames(2)
        titles.clear()
        scene.draw(table.app.screen)
        assert len(titles) == 2 and titles[0][1] == titles[1][1], (size, titles)
        drawn = dict(scene.drawn)
        summary, label = drawn["panel:summary"], drawn["widow_label"]
        assert not label.colliderect(drawn["scoreboard"]) and not label.colliderect(drawn["trump_badge"]), size
        widow = [pygame.Rect(0, 0, 1, 1).move(round(x), round(y)) for x, y, _a, _w in scene.board.layout.widow_poses(1)]
        assert summary.top > label.bottom and not summary.collidelist(widow) >= 0, (size, summary, label)
        assert summary.bottom <= size[1] and not scene.board.hands.get("bottom"), (size, summary)


def replay_at_sixth_step(table):
    """A finished Manfee match as a replay, six steps into its first deal."""
    rec = position("manfee", 3, lambda mh: mh.match.finished, options={"target": 13})
    scene = open_scene("replay", table.app, link=ReplayLink(rec))
    table.app.push(scene)
    assert table.until(lambda: scene.link.deal_i == 0 and not scene.director.busy(), limit=600)
    for _ in range(6):
        scene.link.step()
        table.until(lambda: not scene.director.busy(), limit=300)
    return scene


@pytest.mark.slow
def test_a_replay_fits_at_every_size(table, manfee_home):
    scene = replay_at_sixth_step(table)
    problems = []
    # and squarer windows: at 1280x1024 the band's Hint and signal buttons came level with
    # the side seats' plates, the top seat's plate lay on its cards, the signal choices on the Hint
    for size in SIZES + [(1280, 1024), (1024, 768), (1600, 1200)]:
        table.app._resized(size)
        table.frames(3)
        scene.draw(table.app.screen)
        problems += [f"{size}: {p}" for p in check(scene, size)]
    assert problems == []


# -- every language at the smallest window ----------------------------------------------------
# French and Dutch run longer than English, and Dari is set from the right in a taller font:
# the busiest states, the deal summary, the history and a replay in each, at 1024x600.

LANGUAGES = ["nl", "fr", "fa", "en"]
SMALLEST = (1024, 600)


@pytest.fixture
def speaking(table):
    """Switch the table's language as Settings does; English again afterwards."""
    from table.theme import apply_language

    def switch(code):
        apply_language(table.app.ui, code)
        table.app._resized(SMALLEST)
    yield switch
    apply_language(table.app.ui, "en")


@pytest.mark.parametrize("state", list(STATES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_busiest_states_fit_at_1024x600_in_every_language(table, manfee_home, speaking, lang, state):
    speaking(lang)
    game, until, signals, *options = STATES[state]
    scene = at_table(table, manfee_home, position(game, 11, until, signals, *options))
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
    if state == "manfee-trick":
        table.click_button("signal")
    if state == "muette-tap":
        scene.announce("right", {"double": True})
        scene.announce("top", {"trump": "H"})
    table.frames(3)
    import table.hud as hud
    real, drawn_at = hud.render, []
    hud.render = lambda text, size, *a, **k: (drawn_at.append((size, text)), real(text, size, *a, **k))[1]
    try:
        scene.draw(table.app.screen)
    finally:
        hud.render = real
    # no plate or corner line under 11 px ("annonce …" at 9 in the corner plate, the Manni's "cycle")
    assert [(size, text) for size, text in drawn_at if size < 11] == []
    assert any(n.startswith("hand:") for n, _r in scene.drawn)
    assert check(scene, SMALLEST) == []
    if state == "muette-partner" and lang == "en":       # the partner naming trump is told what no trump does
        assert scene.picker_sub.endswith("no trump counts double"), scene.picker_sub
    if scene.picker_sub:          # the line under a decision's title: whole in its panel, at its size
        from table.theme import fit_size
        fs = max(13, round(scene.board.layout.H * 0.026))
        assert fit_size(scene.picker_sub, fs * 0.72, scene.picker_rect.width - fs) == fit_size(scene.picker_sub, fs * 0.72, 9999)
    if state == "manfee-trick":       # a signal chosen: its button says which, and takes it back
        table.click_button("drop")      # (Dutch "Laten vallen (annuleren)" ran out of it)
        table.frames(3)
        scene.draw(table.app.screen)
        assert scene.buttons["signal"].visible and check(scene, SMALLEST) == []
    if "act:1" in scene.buttons:            # a row of choices reads from the reader's side
        first, second = scene.buttons["act:0"].rect, scene.buttons["act:1"].rect
        assert first.y == second.y and (first.x > second.x) == (lang == "fa")
    # and the buttons of one row share one font (not "Frapper" small beside "Ne pas" large)
    rows: dict = {}
    for name, b in scene.buttons.items():
        if name.startswith("act:") and b.visible:
            rows.setdefault((b.rect.y, b.rect.size), set()).add(tuple(b.object_ids))
    assert all(len(ids) == 1 for ids in rows.values()), rows


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_coachs_hint_fits_the_band_in_every_language(table, manfee_home, speaking, lang):
    """The hint takes the prompt's place between the Hint and signal buttons: a long reason
    (French, Dutch) wraps or shrinks, never under the buttons."""
    speaking(lang)
    game, until, signals = STATES["manfee-trick"]
    scene = at_table(table, manfee_home, position(game, 11, until, signals))
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
    table.click_button("hint")
    # the coach thinks in the bots' worker process: wait for its answer, frame by frame
    assert table.until(lambda: scene.hint_now() is not None or time.sleep(0.005), limit=4000)
    table.frames(2)
    scene.draw(table.app.screen)
    assert any(n == "hint" for n, _r in scene.drawn)
    assert check(scene, SMALLEST) == []
    # A slam: what the signal asks for is said too (only the card's reason was), the race is not
    import table.table_draw as table_draw
    from bots.coach_words import Reason
    from table.coach_words import hint_reason
    h = scene.hint
    slam = ["signal_slam", {"suit": "H"}]
    scene.hint = dict(h, action=dict(h["action"], signal="slam"),
                      reasons=[h["reasons"][0], ["race", {"need": 2, "they_need": 3}], slam])
    said = []
    real = table_draw.wrap
    table_draw.wrap = lambda text, *a, **k: (said.append(text), real(text, *a, **k))[1]
    try:
        scene.draw(table.app.screen)
    finally:
        table_draw.wrap = real
    assert hint_reason(Reason(*slam)) in said[-1]
    assert hint_reason(Reason("race", {"need": 2, "they_need": 3})) not in said[-1]
    assert check(scene, SMALLEST) == []
    # three lines grow upward, into the viewer's empty place in the trick: down, Dari's three
    # lines covered the top of the lifted card
    _x, band_top, _w, band_h = scene.board.layout.band()
    assert dict(scene.drawn)["hint"].bottom <= band_top + band_h + 1


@pytest.mark.parametrize("state", ["manfee-call", "muette-tap", "muette-trump"])
@pytest.mark.parametrize("lang", ["nl", "fa"])
def test_a_hint_leaves_the_decisions_question_on_the_table(table, manfee_home, speaking, state, lang):
    """A hint in the band never takes the picker's panel away: the call picker keeps
    "Your call: …", the tap its "Tap the table?", so the buttons still say what they answer
    (Dari's three lines of a trump's hint ran into it at 1280x720 and at full HD)."""
    speaking(lang)                                       # "Zonder troef", the longest tile
    game, until, signals, *options = STATES[state]
    scene = at_table(table, manfee_home, position(game, 11, until, signals, *options))
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
    table.click_button("hint")
    assert table.until(lambda: scene.hint_now() is not None or time.sleep(0.005), limit=4000)
    for size in (SMALLEST, (1280, 720), (1920, 1080)):
        table.app._resized(size)
        table.frames(2)
        scene.draw(table.app.screen)
        names = {n: r for n, r in scene.drawn}
        assert "hint" in names and "picker" in names
        assert not names["picker"].colliderect(names["hint"]), size       # the picker ends above the band
    table.app._resized(SMALLEST)
    table.frames(2)
    scene.draw(table.app.screen)
    assert check(scene, SMALLEST) == []
    scene.say("Niet nu.")                            # a refusal in the band: the question stays
    scene.draw(table.app.screen)
    assert {"message", "picker"} <= {n for n, _r in scene.drawn}


def test_the_signal_choices_take_the_band_from_a_hint(table, manfee_home):
    game, until, signals = STATES["manfee-trick"]
    scene = at_table(table, manfee_home, position(game, 11, until, signals))
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
    table.click_button("hint")
    assert table.until(lambda: scene.hint_now() is not None or time.sleep(0.005), limit=4000)
    table.click_button("signal")
    table.frames(2)
    scene.draw(table.app.screen)
    names = {n for n, _r in scene.drawn}
    assert {"button:slam", "button:drop", "button:nosignal"} <= names and "hint" not in names
    # the three choices in one font ("No signal" was drawn smaller than Slam and Drop)
    assert len({tuple(scene.buttons[n].combined_element_ids) for n in ("slam", "drop", "nosignal")}) == 1
    table.click_button("nosignal")                   # the menu closed: the hint is back
    table.frames(2)
    scene.draw(table.app.screen)
    assert "hint" in {n for n, _r in scene.drawn}


@pytest.mark.parametrize("game", ["manfee", "manille", "manni"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_summary_history_and_last_trick_fit_at_1024x600_in_every_language(table, manfee_home, speaking, lang,
                                                                                game):
    speaking(lang)
    rec = position(game, 5, lambda mh: mh.match.in_deal and mh.match.deal_index == 2 and not mh.match.deal.history)
    scene = at_table(table, manfee_home, rec)
    scene.link.hold(True)
    still = lambda: not scene.director.busy() and not scene.board.moving      # noqa: E731
    assert table.until(lambda: still() and scene.link.summaries(), limit=3000)
    problems = []
    scene.open_summary({"deal": 1, "outcome": scene.link.summaries()[-1].get("outcome", "complete"),
                        "score": scene.link.summaries()[-1]["score"]})
    table.frames(2)
    scene.draw(table.app.screen)
    problems += [f"summary: {p}" for p in check(scene, SMALLEST)]
    scene.close_summary()
    scene.last_trick = {"cards": ["AS", "KS", "QS", "JS"][:len(scene.seats)], "leader": scene.seats[0],
                        "winner": scene.seats[0], "seats": None}
    for overlay in ("history", "last"):
        scene.overlay = overlay
        table.frames(2)
        scene.draw(table.app.screen)
        problems += [f"{overlay}: {p}" for p in check(scene, SMALLEST)]
    scene.overlay = None
    assert problems == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_peek_question_fits_at_1024x600_in_every_language(table, manfee_home, speaking, lang):
    """Manille: the dealer's partner, cards face down, touches them: the question, its two buttons."""
    speaking(lang)
    rec = position("manille", 11, lambda mh: view(mh)["phase"] == "trump" and view(mh)["dealer"] == "top")
    scene = at_table(table, manfee_home, rec)
    scene.link.hold(True)                       # the dealer's bot waits while the question is open
    assert table.until(lambda: scene._hand_kept_down(), limit=3000)
    table.frames(2)
    scene.draw(table.app.screen)
    problems = [f"prompt: {p}" for p in check(scene, SMALLEST)]
    scene.touch_hidden_hand()
    table.frames(2)
    scene.draw(table.app.screen)
    assert scene.confirm == "peek" and "confirm:peek" in scene.buttons
    assert problems + check(scene, SMALLEST) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_replay_fits_at_1024x600_in_every_language(table, manfee_home, speaking, lang):
    speaking(lang)
    scene = replay_at_sixth_step(table)
    table.frames(3)
    scene.draw(table.app.screen)
    assert check(scene, SMALLEST) == []
    assert "step_back" in scene.buttons and scene.buttons["step_back"].visible
    # the way back to the list stays (a Dutch player lost it), Last trick up too: Rules leaves the row first
    assert table.until(lambda: scene.link.step() or scene.last_trick is not None and not scene.director.busy(),
                       limit=3000)
    table.frames(3)
    assert scene.buttons["last"].visible and check(scene, SMALLEST) == []
    assert "back" in scene.buttons and scene.buttons["back"].visible
    assert scene.buttons["rules"].visible == (scene.tucked == ())
    table.key(pygame.K_BACKSPACE)
    assert type(table.app.top).__name__ == "ReplaysScene"


# -- the trick: every corner index stays in sight -------------------------------------------

def _corners(x, y, w, h, a, fx, fy):
    ca, sa = math.cos(math.radians(a)), math.sin(math.radians(a))
    return [(x + (-w / 2 + u * w) * ca + (-h / 2 + v * h) * sa, y - (-w / 2 + u * w) * sa + (-h / 2 + v * h) * ca)
            for u in fx for v in fy]


def _inside(p, poly):
    x, y = p
    c = False
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            c = not c
    return c


@pytest.mark.parametrize("n", [4, 3])
@pytest.mark.parametrize("size", SIZES)
def test_no_card_of_a_trick_hides_the_index_of_one_played_before(n, size):
    L = Layout(size, n)
    w, h = L.cw, L.ch
    places = ["bottom", "left", "top", "right"][:4] if n == 4 else ["bottom", "left", "right"]
    tilts = sorted({_tilt(r + s) for r in "23456789TJQKA" for s in "SHDC"})
    extremes = (tilts[0], 0.0, tilts[-1])
    for step in (1, -1):                       # clockwise, and Manfee's counter-clockwise
        for lead in range(n):
            order = [places[(lead + step * k) % n] for k in range(n)]
            for angles in itertools.product(extremes, repeat=n):
                cards = [(*L.court[p], a) for p, a in zip(order, angles)]
                polys = [_corners(x, y, w, h, a, (0, 1), (0, 1)) for x, y, a in cards]
                polys = [[q[0], q[2], q[3], q[1]] for q in polys]
                for i, (x, y, a) in enumerate(cards):
                    index = _corners(x, y, w, h, a, (0.03, 0.11, 0.2), (0.04, 0.17, 0.3))
                    for later in polys[i + 1:]:
                        assert not any(_inside(p, later) for p in index), \
                            f"{order[i]}'s index hidden ({order}, tilts {angles}, {size})"


@pytest.mark.parametrize("size", SIZES)
def test_the_own_pile_sits_just_past_the_own_hand_in_every_game(size):
    """The bottom seat's tricks go beside its hand as dealt (8 cards in Manille, 12 in
    Manni, 13 in Manfee), not out under the right seat, where they read as its pile."""
    for n, cards in ((4, 8), (3, 12), (4, 13)):
        L = Layout(size, n, cards)
        poses = L.hand_poses("bottom", cards)
        hand_right = max(x + w / 2 for x, _y, _a, w in poses)
        px, _py = L.pile["bottom"]
        assert hand_right < px - L.sw / 2 < hand_right + L.sw, (n, cards, hand_right, px)


@pytest.mark.parametrize("size", SIZES)
def test_no_two_seats_piles_sit_close_enough_to_read_as_one(size):
    """The side seats' piles go beside the top of their hands: beside the foot of the
    right hand, the right seat's pile sat a card's height from the viewer's own pile
    (Manni, Manfee), and the two read as one seat's tricks."""
    for n, cards in ((4, 8), (3, 12), (4, 13)):
        L = Layout(size, n, cards)
        places = ("bottom", "left", "right") if n == 3 else ("bottom", "left", "top", "right")
        for a, b in itertools.combinations(places, 2):
            gap = math.dist(L.pile[a], L.pile[b])
            assert gap > 2 * L.ch, (n, cards, a, b, round(gap), L.ch)


def test_the_summary_of_a_deal_gone_over_names_the_side_that_went_over(table, manfee_home, monkeypatch):
    """Manfee: "Deal 2: over!" read as "the deal is over"; the heading says who went over."""
    rec = position("manfee", 5, lambda mh: mh.match.in_deal and mh.match.deal_index == 1 and not mh.match.deal.history)
    scene = at_table(table, manfee_home, rec)
    scene.link.hold(True)
    titles = []
    real = scene._history
    monkeypatch.setattr(scene, "_history", lambda surface, rect, **kw: titles.append(kw["title"]) or real(
        surface, rect, **kw))
    scene.open_summary({"deal": 1, "outcome": "over", "score": {"bottom-top": 0, "left-right": 13}})
    scene.draw(table.app.screen)
    assert titles and titles[-1] == f"Deal 2: {scene.side_name('left-right')} went over (+13)", titles
    # a Manille-like deal scored by one side: the heading says who and how much
    scene.open_summary({"deal": 1, "outcome": "complete", "score": {"bottom-top": 0, "left-right": 28}})
    scene.draw(table.app.screen)
    assert titles[-1] == f"Deal 2: 28 to {scene.side_name('left-right')}", titles


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_the_top_row_of_buttons_shares_one_font(table, manfee_home, speaking, lang):
    """ "Menu" and "Scores" were drawn larger than "Regels" and "Laatste slag" beside them."""
    speaking(lang)
    game, until, signals, *options = STATES["manfee-trick"]
    scene = at_table(table, manfee_home, position(game, 11, until, signals, *options))
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
    shown = [scene.buttons[n] for n in ("menu", "rules", "history", "last", "passed")
             if n in scene.buttons and scene.buttons[n].visible]
    assert len(shown) >= 4
    assert len({tuple(b.object_ids) for b in shown}) == 1, [b.object_ids for b in shown]
    scene.draw(table.app.screen)
    assert check(scene, SMALLEST) == []


def test_long_names_are_cut_short_and_kept_off_the_score_board(table, manfee_home):
    """32-letter names at every seat: the plates stay in their places (the top one short of
    the score board), the score board's names are cut with an ellipsis, not drawn tiny."""
    from table import hud
    long = "Maximiliaan-Alexander Vandenbro"
    rec = position("manfee", 11, STATES["manfee-call"][1])
    rec["players"] = {s: {"kind": "human", "name": long + "s"} if s == "bottom" else
                      {"kind": "bot", "bot": "KADO", "name": f"{long}{i}"} for i, s in enumerate(rec["players"])}
    import table.deal_log as deal_log
    drawn = []
    real, real_rich = hud.blit_text, deal_log.blit_rich
    hud.blit_text = lambda surface, text, size, *a, **k: (drawn.append((text, size)), real(surface, text, size, *a,
                                                                                          **k))[1]
    deal_log.blit_rich = lambda surface, text, size, *a, **k: (drawn.append((text, size)),
                                                                 real_rich(surface, text, size, *a, **k))[1]
    try:
        scene = at_table(table, manfee_home, rec)
        assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
        scene.log = [(s, {"call": 3}) for s in scene.seats if s != "bottom"]     # the log names them too
        for size in [(1024, 600), (1280, 720)]:
            table.app._resized(size)
            table.frames(3)
            drawn.clear()
            scene.draw(table.app.screen)
            assert check(scene, size) == []
            logged = [t for t, _s in drawn if ": call" in t]           # the log's lines (blit_rich is captured too)
            assert logged and all("…" in t and len(t) < 40 for t in logged), logged
            sides = [(t, s) for t, s in drawn if " & " in t]
            assert len(sides) == 2, sides
            assert all(t.count("…") == 2 and s >= round(0.8 * max(13, round(size[1] * 0.022)))
                                           for t, s in sides), sides
    finally:
        hud.blit_text, deal_log.blit_rich = real, real_rich


def test_the_first_callers_ten_to_thirteen_are_as_large_as_nought_to_nine(table, manfee_home, speaking):
    """The call box drew 10, 11, 12 and 13 in a much smaller font than the single digits."""
    speaking("en")
    first = position("manfee", 11, lambda mh: view(mh)["phase"] == "call" and view(mh)["turn"] == "bottom"
                     and not view(mh)["calls"])
    scene = at_table(table, manfee_home, first)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
    table.frames(2)
    calls = {b.text: tuple(b.combined_element_ids) for n, b in scene.buttons.items() if n.startswith("act:")}
    assert "13" in calls and len(set(calls.values())) == 1
    # Down goes to the row below, to the nearest call; Up comes back
    table.key(pygame.K_RIGHT)
    table.key(pygame.K_RIGHT)                 # 1
    first = next(n for n, b in scene.buttons.items() if n.startswith("act:") and b.is_selected)
    table.key(pygame.K_DOWN)
    below = next(n for n, b in scene.buttons.items() if n.startswith("act:") and b.is_selected)
    a, b = scene.buttons[first].rect, scene.buttons[below].rect
    assert b.y > a.y and abs(b.centerx - a.centerx) < b.width
    table.key(pygame.K_UP)
    assert scene.buttons[first].is_selected
    table.key(pygame.K_UP)                    # no row above the first: the choice stays
    assert scene.buttons[first].is_selected


def test_the_viewers_bubble_stands_past_the_dealers_chip(table, manfee_home):
    """"je garde" sat on the D chip beside the dealer's own plate."""
    from table_helpers import start_local
    scene = start_local(table, "manille", humans=1, seed=3)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
    scene.shown = dict(scene.shown, dealer="bottom")
    scene.announces["bottom"] = [{"say": "hello"}, 1.0]
    scene.draw(table.app.screen)
    drawn = dict(scene.drawn)
    assert "dealer:bottom" in drawn and "bubble:bottom" in drawn
    assert not drawn["bubble:bottom"].colliderect(drawn["dealer:bottom"])
    assert not drawn["bubble:bottom"].colliderect(drawn["plate:bottom"])


def test_a_summary_at_a_deals_end_stays_clear_of_the_grown_score_box(table, manfee_home):
    """At a deal's end the score box grows (the factor, the workings): at 1100x700 the
    summary's corner lay over it."""
    rec = position("manille", 5, lambda mh: mh.match.deal_index == 1 and view(mh)["phase"] == "done")
    table.app._resized((1100, 700))
    scene = at_table(table, manfee_home, rec)
    assert table.until(lambda: scene.summary_open and not scene.board.moving, limit=3000)
    for size in ((1100, 700), (1024, 600)):
        table.app._resized(size)
        table.frames(3)
        scene.draw(table.app.screen)
        drawn = dict(scene.drawn)
        assert not drawn["panel:summary"].colliderect(drawn["scoreboard"]), size
        assert drawn["panel:summary"].bottom <= size[1]


def test_the_left_seats_pile_keeps_below_a_grown_score_box(table, manfee_home, monkeypatch):
    """Manille muette at 1366x768: a deal's factors (no trump ×2, tapped back ×4) grew the
    score box five lines, over the left seat's "4 tricks" pile."""
    import table.table_draw as table_draw
    real = table_draw.draw_scoreboard
    grown = {"by": 0}
    monkeypatch.setattr(table_draw, "draw_scoreboard", lambda surface, look: (
        lambda r: r.inflate(0, 2 * grown["by"]).move(0, grown["by"]) if r else r)(real(surface, look)))
    rec = position("manille", 5, lambda mh: mh.match.deal_index == 1 and view(mh)["phase"] == "done")
    scene = at_table(table, manfee_home, rec)
    assert table.until(lambda: scene.summary_open and not scene.board.moving, limit=3000)
    for size in ((1366, 768), (1920, 800), (1024, 600)):
        table.app._resized(size)
        grown["by"] = round(size[1] * 0.12)
        table.frames(3)
        scene.draw(table.app.screen)
        drawn = dict(scene.drawn)
        assert drawn["pile:left"].top > drawn["scoreboard"].bottom, (size, drawn["pile:left"], drawn["scoreboard"])


def test_a_deal_summary_clears_the_label_of_the_pile_above_it(table, manfee_home):
    """At 1366x768 the summary's top edge hid half of the top player's "2 tricks"."""
    rec = position("manille", 11, lambda mh: view(mh)["phase"] == "done" and mh.match.deal_index >= 5)
    table.app._resized((1366, 768))                 # six deals' rows: a tall summary
    scene = at_table(table, manfee_home, rec)
    assert table.until(lambda: scene.summary_open, limit=3000)
    table.frames(2)
    box = scene.summary_rect()
    drawn = dict(scene.board.element_rects())
    labels = [drawn[f"pile_label:{s}"] for s in scene.seats if f"pile:{s}" in drawn and drawn[f"pile:{s}"].top < box.top]
    assert labels and not any(r.colliderect(box) for r in labels)


@pytest.mark.parametrize("game,lang", [("manille", "en"), ("manille-muette", "fa")])
def test_a_summary_grown_over_six_deals_leaves_the_viewers_own_pile_in_sight(table, manfee_home, speaking,
                                                                            game, lang):
    """By the fourth deal's summary its corner lay over the player's own trick pile: it slides
    aside where it can, else it ends above the pile and shows fewer of the older deals (Dari's
    taller score box left it a few pixels short of the rows it kept, and over the pile)."""
    speaking(lang)
    rec = position(game, 11, lambda mh: view(mh)["phase"] == "done" and mh.match.deal_index >= 5)
    scene = at_table(table, manfee_home, rec)
    assert table.until(lambda: scene.summary_open, limit=3000)
    for size in ((1024, 600), (1152, 600), (1280, 720), (1440, 800)):
        table.app._resized(size)
        table.frames(30)
        drawn = dict(scene.drawn)
        box = drawn["panel:summary"]
        assert not box.colliderect(drawn["pile:bottom"]) and not box.colliderect(drawn["pile_label:bottom"]), size
        assert check(scene, size) == []


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_summarys_buttons_never_meet_in_a_squarer_window(table, manfee_home, speaking, lang):
    """At 1280x1024 (and 1024x768) the summary is narrow for its buttons: Next deal lay over
    Review this deal.  Next steps aside, both narrow if need be, inside the summary."""
    speaking(lang)
    rec = position("manille", 11, lambda mh: view(mh)["phase"] == "done" and mh.match.deal_index >= 5)
    scene = at_table(table, manfee_home, rec)
    assert table.until(lambda: scene.summary_open, limit=3000)
    for size in ((1280, 1024), (1024, 768), (1920, 1080)):
        table.app._resized(size)
        table.frames(5)
        nxt, review, box = scene.buttons["next"].rect, scene.buttons["review"].rect, scene.summary_rect()
        assert not nxt.colliderect(review) and box.contains(nxt) and box.contains(review), (size, nxt, review)


def test_the_next_deal_note_stays_in_the_summary_when_next_steps_aside(table, manfee_home, monkeypatch):
    """At 1280x1024 Next deal stepped aside from Review, and the LAN's "the next deal in 30 s
    at most" beside it shrank to 9 px past the panel's edge: it goes over the buttons."""
    import table.summary_draw as summary_draw
    rec = position("manille", 11, lambda mh: view(mh)["phase"] == "done" and mh.match.deal_index >= 5)
    scene = at_table(table, manfee_home, rec)
    assert table.until(lambda: scene.summary_open, limit=3000)
    words = "the others wait for you: the next deal in 30 s at most"
    monkeypatch.setattr(scene, "next_deal_note", lambda: words)
    placed = []
    real = summary_draw.blit_text
    monkeypatch.setattr(summary_draw, "blit_text", lambda surface, text, size, *a, **k: (
        placed.append((text, size, real(surface, text, size, *a, **k))), placed[-1][2])[1])
    for size in ((1280, 1024), (1280, 720)):
        table.app._resized(size)
        table.frames(3)
        placed.clear()
        scene.draw(table.app.screen)
        said = [(px, r) for text, px, r in placed if text in (words, words.split(": ")[0] + ":", words.split(": ")[1])]
        box = dict(scene.drawn)["panel:summary"]
        assert said and all(box.contains(r) and px >= 12 for px, r in said), (size, said, box)
        assert not any(r.colliderect(scene.buttons[b].rect) for _px, r in said for b in ("next", "review")), size


def test_the_top_seats_name_reads_whole_in_a_squarer_window(table, manfee_home, monkeypatch):
    """At 1280x1024 the score box, as wide as the window is tall, left the top seat's plate
    room for "…" alone: it runs over the top hand's backs instead (16:9 windows unchanged)."""
    from table import hud
    game, until, signals = STATES["manfee-trick"]
    scene = at_table(table, manfee_home, position(game, 11, until, signals))
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
    said = []
    real = hud.render
    monkeypatch.setattr(hud, "render", lambda text, *a, **k: (said.append(text), real(text, *a, **k))[1])
    top = scene.player_name(scene.board.seat_at("top"))
    for size in ((1280, 1024), (1024, 768)):
        table.app._resized(size)
        table.frames(3)
        said.clear()
        scene.draw(table.app.screen)
        assert top in said, (size, said[:8])


def test_the_hints_card_has_a_pointer_over_the_part_of_it_in_sight(table, manfee_home):
    """Under the next card of the fan the hint's ring was a thin gold edge a newcomer missed:
    a gold pointer stands over the card's part in sight (none over a lifted card)."""
    from table.theme import GOLD
    game, until, signals = STATES["manille-trick"]
    scene = at_table(table, manfee_home, position(game, 11, until, signals))
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
    table.app._resized((1280, 720))
    table.frames(5)
    v = scene.shown
    legal = [a["play"] for a in v["legal"] if "play" in a]
    hand = [k for k in scene.board.hands[scene.viewer] if k in legal]
    card = hand[len(hand) // 2] if len(hand) > 2 else hand[0]
    scene.hint = {"action": {"play": card}, "version": v["version"], "seat": scene.viewer, "reasons": []}
    table.frames(3)
    sp = scene.board.sprites[card]
    nxt = min((o.x - o.width / 2 for k in scene.board.hands[scene.viewer]
               if (o := scene.board.sprites[k]).x > sp.x), default=sp.x + sp.width / 2)
    x = round((sp.x - sp.width / 2 - 4 + nxt) / 2)           # the middle of the part in sight
    y = round(sp.y - sp.width * 0.7 - 4 - 3 - 2)              # just over the ring's top
    assert tuple(table.app.screen.get_at((x, y)))[:3] == GOLD[:3]


def test_a_phrase_said_during_the_summary_shows_over_it(table, manfee_home):
    """"Good game!" said as a deal is summed up showed only its top above the summary on the
    other screens: a phrase being said is drawn after the summary, off its edge."""
    rec = position("manille", 11, lambda mh: view(mh)["phase"] == "done" and mh.match.deal_index >= 5)
    scene = at_table(table, manfee_home, rec)
    assert table.until(lambda: scene.summary_open, limit=3000)
    table.app._resized((1280, 720))
    table.frames(5)
    top = scene.board.seat_at("top")
    scene.sayings[top] = ({"say": "good_game"}, time.monotonic())
    scene.draw(table.app.screen)
    names = [n for n, _r in scene.drawn]
    drawn = dict(scene.drawn)
    # over its title it hid the deal's score: moved off the panel's edge, where there is room
    assert not drawn[f"bubble:{top}"].colliderect(drawn["panel:summary"])
    assert names.count(f"bubble:{top}") == 1      # not also under it, peeking out
    assert names.index(f"bubble:{top}") > names.index("panel:summary")
    # a panel the player opened (here the history) leaves it where it was, under the banner's place
    scene.close_summary()
    scene.overlay, scene.overlay_at = "history", scene.shown.get("version")
    scene.draw(table.app.screen)
    names = [n for n, _r in scene.drawn]
    assert names.count(f"bubble:{top}") == 1 and names.index(f"bubble:{top}") < names.index("panel:overlay")


def test_a_partners_signal_tag_does_not_lie_on_the_viewers_card(table, manfee_home):
    """The top seat's DROP sat under its card, on the viewer's own card played after it: the
    top seat's tag goes over its card; each tag lies on no other card of the trick."""
    from table import effects
    table.app.settings.trick_hold = 0.0          # the whole trick stays, for a click
    game, until, signals = STATES["manfee-trick"]
    scene = at_table(table, manfee_home, position(game, 11, until, signals))
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
    table.app._resized((1280, 720))
    table.frames(10)
    table.key(pygame.K_RETURN)
    table.key(pygame.K_RETURN)
    b = scene.board
    assert table.until(lambda: len(b.court) == 4 and not b.moving, limit=600)
    top = next(k for k in b.court if b.place(b.court_seat[k]) == "top")
    assert b.sprites[top].badge                  # the partner signalled (the position's point)
    tags = effects.draw_badges(table.app.screen, scene.look())
    badged = [k for k in b.court if b.sprites[k].badge]
    cards = {k: pygame.Rect(0, 0, b.sprites[k].width, b.sprites[k].width * 1.4) for k in b.court}
    for k, r in cards.items():
        r.center = (round(b.sprites[k].x), round(b.sprites[k].y))
    for k, tag in zip(badged, tags):
        assert not [o for o in b.court if o != k and tag.colliderect(cards[o])], (k, tag)


def test_the_manni_is_called_an_old_hand_only_once_the_swap_has_been_shown(table, manfee_home, monkeypatch):
    """"Your old hand, out of play" showed under the pile while the old hand was still in the
    player's hands, before the swap's motion."""
    from table import effects
    rec = position("manni", 5, lambda mh: view(mh)["phase"] == "play" and view(mh)["swapper"] is not None
                   and not view(mh)["trick"] and len(view(mh)["hand"]) == 12)
    scene = at_table(table, manfee_home, rec)
    assert table.until(lambda: scene.waiting_for_human() is not None or not scene.board.moving, limit=3000)
    said = []
    monkeypatch.setattr(effects, "blit_text", lambda s, text, *a, **k: (said.append(text), pygame.Rect(0, 0, 1, 1))[1])
    swapper = scene.shown["swapper"]
    old_hand = "your old hand, out of play" if swapper == "bottom" else f"{scene.player_name(swapper)}'s old hand, out of play"
    effects.draw_widow_label(table.app.screen, scene.look())
    assert said[:1] == [old_hand]
    # a replay of a person who typed no name: "You's old hand" read as broken English
    from dataclasses import replace
    said.clear()
    effects.draw_widow_label(table.app.screen, replace(scene.look(), name=lambda s: "You", kind=lambda s: "person",
                                                       viewer=swapper))
    assert said[:1] == ["your old hand, out of play"]
    said.clear()            # someone else really named "You", on the host's screen
    effects.draw_widow_label(table.app.screen, replace(scene.look(), name=lambda s: "You", kind=lambda s: "person",
                                                       viewer=next(s for s in scene.seats if s != swapper)))
    assert said[:1] == ["You's old hand, out of play"]
    scene.swap_shown = False                     # the swap's motion still to come
    said.clear()
    effects.draw_widow_label(table.app.screen, scene.look())
    assert said[:1] == ["the Manni"]


@pytest.mark.parametrize("size", [(1024, 600), (1280, 800), (1920, 1080)])
def test_a_short_open_hand_shows_each_cards_whole_corner(size):
    """Replays: Manille's eight side cards face up showed slivers of their ranks (the step of
    thirteen); a short hand spreads over the same room, up to a whole corner a card."""
    L = Layout(size)
    for place in ("left", "right", "top"):
        thirteen, eight = L.open_hand_poses(place, 13), L.open_hand_poses(place, 8)
        axis = 0 if place == "top" else 1
        def span(poses, axis=axis):
            return abs(poses[-1][axis] - poses[0][axis])
        assert span(eight) <= span(thirteen) + 0.5                    # within the room of thirteen
        step = span(eight) / 7
        assert step > span(thirteen) / 12                              # wider apart than thirteen's
        corner = L.sh * 0.3 if axis else L.sw * 0.3                   # the rank over its suit, or beside
        assert step >= min(corner, span(thirteen) / 7)


@pytest.mark.slow
def test_the_call_just_made_stays_in_sight_beside_the_call_picker(table, manfee_home):
    """At 1280x1024 and 1024x768 the call picker (seven numbers a row) covered the bubble of
    the call made just before the viewer's: it now goes beside the picker's edge."""
    rec = position("manfee", 3, lambda mh: view(mh)["phase"] == "call" and view(mh)["turn"] == "bottom"
                   and len(view(mh)["calls"]) == 1)
    scene = at_table(table, manfee_home, rec)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
    (seat, n), = scene.shown["calls"].items()
    for size in [(1280, 1024), (1024, 768), (1920, 1080)]:
        table.app._resized(size)
        scene.announce(seat, {"call": n})
        table.frames(3)
        scene.draw(table.app.screen)
        drawn = dict(scene.drawn)
        assert not drawn[f"bubble:{seat}"].colliderect(drawn["picker"]), (size, drawn[f"bubble:{seat}"])
        assert check(scene, size) == []


@pytest.mark.slow
def test_in_a_wide_short_window_the_summarys_charts_stand_beside_the_deals(table, manfee_home, monkeypatch):
    """At 1920x800 (and 21:9) the charts under the deals were strips about 60 px tall: they
    now stand beside them, as tall as the panel, the buttons still at its foot, clear of the
    cards a Manfee deal gone over leaves in hand."""
    import table.summary_draw as summary_draw
    charts = []
    real = summary_draw.bar_chart
    monkeypatch.setattr(summary_draw, "bar_chart", lambda s, rect, *a, **k: (charts.append(rect), real(s, rect, *a, **k)))
    rec = position("manfee", 5, lambda mh: mh.needs_deal() and mh.match.deal_index >= 1
                   and len(view(mh).get("hand") or []) >= 3, options={"target": 52})
    scene = at_table(table, manfee_home, rec)
    still = lambda: scene.summary_open and not scene.board.moving      # noqa: E731
    assert table.until(still, limit=3000)
    for size, wide in (((1920, 800), True), ((2560, 1080), True), ((1920, 1080), False)):
        table.app._resized(size)
        assert table.until(still, limit=600)
        table.frames(3)
        charts.clear()
        scene.draw(table.app.screen)
        assert check(scene, size) == [], size
        panel, bars = dict(scene.drawn)["panel:summary"], charts[-1]
        assert panel.contains(scene.buttons["next"].rect) and panel.contains(bars), size
        assert (bars.height > size[1] * 0.3) == wide and (bars.left > panel.x + panel.w * 0.4) == wide, \
            (size, bars, panel)


@pytest.mark.slow
def test_a_summary_over_a_hand_left_full_ends_above_it(table, manfee_home):
    """Manfee, the fifth deal gone over at the first trick: the summary's Next deal and
    Review lay on the viewer's twelve cards at 1280x720 and 1366x768."""
    rec = position("manfee", 2, lambda mh: mh.needs_deal() and len(view(mh).get("hand") or []) >= 7,
                   options={"target": 52})
    scene = at_table(table, manfee_home, rec)
    still = lambda: scene.summary_open and not scene.board.moving      # noqa: E731
    assert table.until(still, limit=3000) and len(scene.board.hands["bottom"]) >= 7
    for size in [(1024, 600), (1280, 720), (1366, 768), (1920, 1080)]:
        table.app._resized(size)
        assert table.until(still, limit=600)
        table.frames(3)
        scene.draw(table.app.screen)
        assert check(scene, size) == [], size


@pytest.mark.parametrize("size", [(1366, 768), (1024, 600), (1920, 1080)])
def test_the_viewers_bubble_stays_off_their_trick_pile_and_its_label(table, manfee_home, size):
    """A Manni player said "Hello!" with a trick taken: the bubble sat on "1 trick (you)"."""
    game, until, signals, *options = STATES["manni-trick"]
    scene = at_table(table, manfee_home, position(game, 11, until, signals, *options))
    table.app._resized(size)
    table.frames(3)
    for n in (1, 3):
        scene.board.piles[scene.viewer] = n
        scene.announces[scene.viewer] = [{"say": "hello"}, 1.0]
        scene.draw(table.app.screen)
        drawn = dict(scene.drawn)
        bubble = drawn[f"bubble:{scene.viewer}"]
        piles = [r for name, r in scene.board.element_rects() if name.endswith(f":{scene.viewer}")
                 and name.startswith("pile")]
        assert piles and bubble.collidelist(piles) == -1, (bubble, piles)
        assert not bubble.colliderect(drawn[f"plate:{scene.viewer}"])
        assert table.app.screen.get_rect().contains(bubble)
