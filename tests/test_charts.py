"""Charts drawn by the project's code (table/charts.py): the data lands where the
values say, nothing is drawn outside the rect, text fits its box, and no data
draws a quiet "no data yet" instead of failing."""
import math
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402
import pytest  # noqa: E402

from table import charts  # noqa: E402
from table.charts import LIGHT, Series, bar_chart, fit_text, nice_ticks, score_race  # noqa: E402
from table.sparkline import sparkline  # noqa: E402

BG = (10, 12, 14)
OUTSIDE = (201, 0, 201)          # a colour no chart uses: anything else outside the rect is a leak
BLUE = (40, 110, 255)
RED = (255, 60, 40)
GREEN = (40, 220, 90)


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


def canvas(size, rect):
    """A surface painted OUTSIDE around ``rect`` and BG inside it."""
    s = pygame.Surface(size)
    s.fill(OUTSIDE)
    s.fill(BG, rect)
    return s


def mask_of(surface, colour, area, tol=40):
    """Pixels within ``tol`` of ``colour`` in each channel, inside ``area`` (a pygame Mask)."""
    area = pygame.Rect(area).clip(surface.get_rect())
    return pygame.mask.from_threshold(surface.subsurface(area), colour, (tol + 1, tol + 1, tol + 1, 255))


def ys_of(surface, colour, area, tol=40):
    """(top, mean, bottom) rows of the pixels close to ``colour`` inside ``area``, or None."""
    area = pygame.Rect(area)
    m = mask_of(surface, colour, area, tol)
    if not m.count():
        return None
    box = m.get_bounding_rects()[0].unionall(m.get_bounding_rects())
    return area.y + box.top, area.y + m.centroid()[1], area.y + box.bottom - 1


def leaks(surface, rect):
    """Pixels outside ``rect`` that are no longer OUTSIDE."""
    s = surface.copy()
    s.fill(OUTSIDE, rect)
    return s.get_width() * s.get_height() - mask_of(s, OUTSIDE, s.get_rect(), 0).count()


def ink(surface, rect):
    """How many pixels inside ``rect`` differ from the background."""
    return rect.w * rect.h - mask_of(surface, BG, rect, 0).count()


# ---------------------------------------------------------------- score race

def test_the_higher_total_runs_higher_and_ends_where_its_value_says():
    rect = pygame.Rect(20, 20, 600, 330)
    s = canvas((640, 370), rect)
    us = [50, 110, 180, 260, 330, 420]
    them = [20, 45, 70, 90, 120, 150]
    plot = score_race(s, rect, [Series("Us", us, BLUE), Series("Them", them, RED)], target=500)
    assert plot is not None and rect.contains(plot)
    right = pygame.Rect(plot.centerx, plot.y, plot.w // 2, plot.h)
    blue, red = ys_of(s, BLUE, right), ys_of(s, RED, right)
    assert blue[1] < red[1] - 40                               # the higher total's line sits higher
    # the last points sit at their values: 420 and 150 on a scale from 0 at the bottom
    at_end = pygame.Rect(plot.right - 4, plot.y, 8, plot.h)
    end_blue, end_red = ys_of(s, BLUE, at_end)[1], ys_of(s, RED, at_end)[1]
    assert (plot.bottom - end_blue) / (plot.bottom - end_red) == pytest.approx(420 / 150, rel=0.06)
    # and every line starts at 0 in the bottom left corner
    start = pygame.Rect(plot.x, plot.bottom - 6, 8, 8)
    assert ys_of(s, BLUE, start) or ys_of(s, RED, start)


def test_target_is_a_dashed_line_at_its_value():
    rect = pygame.Rect(0, 0, 500, 300)
    s = canvas((500, 300), rect)
    plot = score_race(s, rect, [Series("A", [100, 200], BLUE)], target=300, x_label="")
    gold = charts.DARK.target
    rows = {y: mask_of(s, gold, (plot.x, y, plot.w, 1), 20).count() for y in range(plot.top, plot.bottom)}
    line_y = max(rows, key=rows.get)
    assert 0.3 < rows[line_y] / plot.w < 0.7                 # dashes and gaps, not a solid line
    # the gaps between the dashes show the background: no grid line at 300 runs under them
    assert 300 in nice_ticks(0, 300, 4)
    for y in range(line_y - 2, line_y + 3):
        row = pygame.Rect(plot.x, y, plot.w, 1)
        assert mask_of(s, gold, row, 20).count() + mask_of(s, BG, row, 0).count() >= plot.w - 4, y
    # the blue line reaches 200 at the right end, two thirds of the way up to the target
    top_blue = ys_of(s, BLUE, pygame.Rect(plot.right - 4, plot.y, 8, plot.h))[1]
    assert (plot.bottom - top_blue) / (plot.bottom - line_y) == pytest.approx(2 / 3, abs=0.05)


def test_negative_totals_go_below_the_zero_line():
    rect = pygame.Rect(0, 0, 480, 280)
    s = canvas((480, 280), rect)
    plot = score_race(s, rect, [Series("Down", [-50, -120, -200], RED), Series("Up", [40, 90, 150], BLUE)])
    red, blue = ys_of(s, RED, plot), ys_of(s, BLUE, plot)
    assert red[2] > blue[2] and blue[0] < red[0]
    # both lines start at 0: the lowest blue meets the highest red there
    assert abs(blue[2] - red[0]) <= 8
    zero = (blue[2] + red[0]) / 2
    assert (red[2] - zero) / (zero - blue[0]) == pytest.approx(200 / 150, rel=0.1)


@pytest.mark.parametrize("values", [[], [[]], [[math.nan, None]]])
def test_empty_score_race_says_no_data_yet(values):
    rect = pygame.Rect(10, 10, 400, 200)
    s = canvas((420, 220), rect)
    series = [Series(f"S{i}", v, BLUE) for i, v in enumerate(values)]
    assert score_race(s, rect, series, target=500) is None
    assert ink(s, rect) > 50                        # the message is drawn
    assert not ys_of(s, BLUE, rect)                 # and no line
    assert leaks(s, rect) == 0


def test_the_legend_names_each_side_with_its_latest_total():
    seen = []

    def text(t, size, colour, bold=False):
        seen.append(t)
        return charts._default_text(t, size, colour, bold)

    s = canvas((600, 300), pygame.Rect(0, 0, 600, 300))
    score_race(s, pygame.Rect(0, 0, 600, 300), [Series("Us", [10, 25], BLUE), Series("Them", [5, 30], RED)],
               text=text)
    assert "Us: 25" in seen and "Them: 30" in seen          # a colon: "Kado 2: 25", not "Kado 2  25"


def test_a_legend_too_long_cuts_the_names_and_keeps_the_totals():
    """A deal summary at 1280x1024 read "Tana & Tan…:…": the other side's total was cut away."""
    drawn = []
    real = charts.fit_text
    area = pygame.Rect(0, 0, 260, 40)

    def spy(text, s, size, colour, max_w, *a, **k):
        img = real(text, s, size, colour, max_w, *a, **k)
        drawn.append((s, img.get_width() if img else 0, max_w))
        return img

    surface = pygame.Surface(area.size)
    real_fit, charts.fit_text = charts.fit_text, spy
    try:
        charts._legend(surface, area, [Series("Bartholomeus & Kado left", [12], BLUE),
                                       Series("Tana & Tana 2 of the club", [-27], RED)], [12, -27], 16, 2,
                       charts.ChartStyle(), charts._default_text)
    finally:
        charts.fit_text = real_fit
    assert [s.rsplit(": ", 1)[-1] for s, _w, _m in drawn] == ["12", "-27"], drawn
    assert all(s.split(": ")[0].endswith("...") and w <= m for s, w, m in drawn), drawn



def test_a_short_race_keeps_its_value_labels_apart(monkeypatch):
    """The deal summary's small chart: a few labels, each clear of the next."""
    made = []
    real = charts.nice_ticks
    monkeypatch.setattr(charts, "nice_ticks", lambda *a, **k: made.append(real(*a, **k)) or made[-1])
    rect = pygame.Rect(0, 0, 340, 130)
    s = canvas((340, 130), rect)
    plot = score_race(s, rect, [Series("Us", [10, 25, 40], BLUE), Series("Them", [5, 30, 60], RED)],
                      target=101, title="the match so far")
    small = max(9, round(charts.font_size(rect) * 0.85))
    assert plot is not None and len(made[0]) >= 2
    assert plot.h / (len(made[0]) - 1) >= small * 1.8, (plot.h, made[0], small)


def test_the_axis_numbers_the_target_where_a_tick_beside_it_would_stand():
    """A Manille match to 51: no 50 a hair under the dashed line (it read as the target's
    own), and 51 on the axis there (the axis had no number near the top at all)."""
    seen = []

    def text(t, size, colour, bold=False):
        seen.append(t)
        return charts._default_text(t, size, colour, bold)

    rect = pygame.Rect(0, 0, 500, 300)
    score_race(canvas((500, 300), rect), rect, [Series("Us", [12, 30, 44], BLUE), Series("Them", [8, 21, 37], RED)],
               target=51, text=text)
    assert "51" in seen and "50" not in seen and "0" in seen, seen


def test_a_total_past_the_target_stands_under_a_number_of_the_axis():
    """A match to 51 won with 65: 60 gave way to the target's 51 and the 65 stood at the top
    edge over no number; the axis goes on to the next tick."""
    seen = []

    def text(t, size, colour, bold=False):
        seen.append(t)
        return charts._default_text(t, size, colour, bold)

    rect = pygame.Rect(0, 0, 640, 420)
    plot = score_race(canvas((640, 420), rect), rect, [Series("Us", [30, 30, 42, 45, 65], BLUE),
                                                        Series("Them", [0, 14, 14, 14, 14], RED)], target=51, text=text)
    numbers = [float(t) for t in seen if t.replace(".", "").isdigit()]
    assert "51" in seen and max(numbers) >= 65 and "60" not in seen, seen
    assert plot is not None


def test_a_race_of_whole_scores_labels_only_whole_numbers(monkeypatch):
    """A Manfee match to 13: the axis reads 0, 5, 10, never 2.5 or 7.5."""
    made = []
    real = charts.nice_ticks
    monkeypatch.setattr(charts, "nice_ticks", lambda *a, **k: made.append(real(*a, **k)) or made[-1])
    rect = pygame.Rect(0, 0, 500, 300)
    score_race(canvas((500, 300), rect), rect, [Series("Us", [3, 9, 14], BLUE), Series("Them", [-1, 4, 8], RED)],
               target=13)
    assert len(made[0]) >= 3 and all(t == int(t) for t in made[0]), made[0]
    assert real(0, 13.8, 6) != made[0]                       # fractions were what it drew before
    assert 2.5 in real(0, 13.8, 6) and real(0, 1.2, 4) == [0.0, 0.5, 1.0]  # rates keep theirs


# ---------------------------------------------------------------- bar chart

def test_bars_are_as_tall_as_their_values_with_target_marks():
    rect = pygame.Rect(30, 30, 400, 300)
    s = canvas((460, 360), rect)
    plot = bar_chart(s, rect, ["Us", "Them"], [8, 4], [BLUE, RED], targets=[6, 6], max_value=13)
    blue, red = ys_of(s, BLUE, plot, 10), ys_of(s, RED, plot, 10)
    blue_h, red_h = blue[2] - blue[0] + 1, red[2] - red[0] + 1
    assert blue_h / red_h == pytest.approx(2.0, abs=0.1)
    assert blue[2] == pytest.approx(red[2], abs=1)             # both stand on the zero line
    assert blue_h / plot.h == pytest.approx(8 / 13, abs=0.03)
    target_y = plot.bottom - plot.h * 6 / 13
    halves = (pygame.Rect(plot.x, plot.y, plot.w // 2, plot.h), pygame.Rect(plot.centerx, plot.y, plot.w // 2, plot.h))
    for half in halves:
        gold = ys_of(s, charts.DARK.target, half, 20)
        assert gold and abs(gold[1] - target_y) <= 2             # a mark at 6 over each bar


def test_no_grid_line_runs_through_the_gaps_of_a_target_mark():
    rect = pygame.Rect(0, 0, 400, 300)
    s = canvas((400, 300), rect)
    plot = bar_chart(s, rect, ["Us", "Them"], [2, 3], [BLUE, RED], targets=[6, 6], max_value=8)
    assert 6 in nice_ticks(0, 8, 4)                             # a grid value, so it could show
    target_y = round(plot.bottom - plot.h * 6 / 8)
    for y in range(target_y - 2, target_y + 3):
        row = pygame.Rect(plot.x, y, plot.w, 1)
        other = plot.w - mask_of(s, BG, row, 0).count() - mask_of(s, charts.DARK.target, row, 20).count()
        assert other <= 4, y


def test_negative_bars_hang_below_zero():
    rect = pygame.Rect(0, 0, 300, 240)
    s = canvas((300, 240), rect)
    plot = bar_chart(s, rect, ["Gain", "Loss"], [30, -20], [BLUE, RED])
    blue, red = ys_of(s, BLUE, plot, 10), ys_of(s, RED, rect, 10)
    assert abs(blue[2] - red[0]) <= 3                            # the loss starts where the gain ends
    assert (red[2] - red[0]) / (blue[2] - blue[0]) == pytest.approx(20 / 30, abs=0.06)


def test_many_long_bar_labels_fit_their_slots():
    seen = []

    def text(t, size, colour, bold=False):
        img = charts._default_text(t, size, colour, bold)
        seen.append((t, img.get_width()))
        return img

    rect = pygame.Rect(10, 10, 300, 200)
    s = canvas((320, 220), rect)
    names = ["KADO", "POCHAQ", "PUCHOQ", "SADA", "TANA", "JANGARA", "TANOOR", "TIZAB", "ZELZELA"]
    bar_chart(s, rect, [n * 3 for n in names], [0.1 * i for i in range(1, 10)], [BLUE, RED], max_value=1.0,
              value_format=lambda v: f"{v:.0%}", text=text)
    assert leaks(s, rect) == 0
    drawn = [t for t, _w in seen if t.endswith("...")]
    assert drawn, "labels three names long cannot fit: they are cut with an ellipsis"


def test_in_dari_the_first_bar_stands_at_the_right():
    """The summary's columns read from the right in Dari, and its bars went from the left."""
    from table import i18n
    rect = pygame.Rect(30, 30, 400, 300)
    try:
        i18n.set_language("fa")
        s = canvas((460, 360), rect)
        plot = bar_chart(s, rect, ["Us", "Them"], [8, 4], [BLUE, RED], max_value=13)
    finally:
        i18n.set_language("en")
    left, right = (pygame.Rect(plot.x, plot.y, plot.w // 2, plot.h),
                   pygame.Rect(plot.centerx, plot.y, plot.w // 2, plot.h))
    assert ys_of(s, BLUE, right, 10) and not ys_of(s, BLUE, left, 10)
    assert ys_of(s, RED, left, 10) and not ys_of(s, RED, right, 10)


def test_empty_bar_chart_says_no_data_yet():
    rect = pygame.Rect(5, 5, 200, 120)
    s = canvas((210, 130), rect)
    assert bar_chart(s, rect, [], [], [BLUE]) is None
    assert bar_chart(s, rect, ["A"], [None], [BLUE]) is None
    assert ink(s, rect) > 30 and leaks(s, rect) == 0


# ---------------------------------------------------------------- sparkline

def test_sparkline_rises_with_its_values_and_shows_the_last_one():
    seen = []

    def text(t, size, colour, bold=False):
        seen.append(t)
        return charts._default_text(t, size, colour, bold)

    rect = pygame.Rect(10, 10, 300, 48)
    s = canvas((320, 68), rect)
    area = sparkline(s, rect, [0.2, 0.3, 0.5, 0.6, 0.9], GREEN, label="Accuracy", lo=0, hi=1,
                     value_format=lambda v: f"{v:.0%}", text=text, fill=False)
    assert "90%" in seen and "Accuracy" in seen
    left = ys_of(s, GREEN, pygame.Rect(area.x, rect.y, area.w // 4, rect.h))
    right = ys_of(s, GREEN, pygame.Rect(area.right - area.w // 4, rect.y, area.w // 4, rect.h))
    assert right[1] < left[1] - 8
    assert leaks(s, rect) == 0


@pytest.mark.parametrize("values", [[], [None], [7.0]])
def test_sparkline_with_little_or_no_data(values):
    rect = pygame.Rect(0, 0, 200, 40)
    s = canvas((200, 40), rect)
    out = sparkline(s, rect, values, GREEN)
    assert (out is None) == (not [v for v in values if v is not None])
    assert ink(s, rect) > 10 and leaks(s, rect) == 0


# ---------------------------------------------------------------- every chart, every size

def draw_one(s, kind, r):
    """One chart with text far too long for it and values far out of the usual range."""
    if kind == "race":
        score_race(s, r, [Series("A very long side name that cannot fit " * 3, [120, -80, 5000], BLUE),
                          Series("B", [0, 10, 20], RED)], target=6000, title="A title far too long " * 8)
    elif kind == "bars":
        bar_chart(s, r, ["x" * 80, "y", "z" * 30], [1e6, -3, 12], [BLUE, RED], targets=[2e6, None, 5],
                  title="T " * 60)
    else:
        sparkline(s, r, [1, 5, 2, 1e5], GREEN, label="A label that goes on and on " * 4)


@pytest.mark.parametrize("size", [(1024, 600), (2560, 1440)])
@pytest.mark.parametrize("kind", ["race", "bars", "spark"])
def test_nothing_is_drawn_outside_the_rect(size, kind):
    W, H = size
    r = pygame.Rect(W // 7, H // 9, W // 2, H // 12 if kind == "spark" else H // 2)
    s = canvas(size, r)
    draw_one(s, kind, r)
    assert ink(s, r) > 100
    assert leaks(s, r) == 0


@pytest.mark.parametrize("rect", [pygame.Rect(3, 3, 20, 12), pygame.Rect(0, 0, 1, 1),
                                  pygame.Rect(5, 5, 70, 45), pygame.Rect(4, 4, 0, 0)])
def test_tiny_rects_draw_nothing_outside_and_do_not_fail(rect):
    s = canvas((90, 60), rect)
    score_race(s, rect, [Series("A", [1, 2], BLUE)], target=5)
    bar_chart(s, rect, ["A"], [1], [BLUE], targets=[2])
    sparkline(s, rect, [1, 2], BLUE, label="L")
    assert leaks(s, rect) == 0


def test_clip_of_the_surface_is_respected_and_restored():
    s = canvas((400, 300), pygame.Rect(0, 0, 400, 300))
    s.set_clip(pygame.Rect(0, 0, 200, 300))
    score_race(s, pygame.Rect(0, 0, 400, 300), [Series("A", [1, 2, 3], BLUE)], target=5)
    assert s.get_clip() == pygame.Rect(0, 0, 200, 300)
    assert ys_of(s, BLUE, pygame.Rect(0, 0, 200, 300))
    assert not ys_of(s, BLUE, pygame.Rect(200, 0, 200, 300))


def test_text_grows_with_the_rect_and_lines_with_it():
    small, big = pygame.Rect(0, 0, 600, 330), pygame.Rect(0, 0, 1500, 830)
    assert 13 <= charts.font_size(small) < charts.font_size(big) <= 48
    counts = []
    for r in (small, big):
        s = canvas(r.size, r)
        plot = score_race(s, r, [Series("A", [10, 20, 30, 40], BLUE)])
        counts.append(mask_of(s, BLUE, plot).count() / plot.w)   # line pixels per unit of width
    assert counts[1] > 1.8 * counts[0]                           # a thicker line on the bigger chart


def test_light_style_and_a_custom_font():
    font = pygame.font.Font(None, 20)

    def text(t, size, colour, bold=False):
        return font.render(t, True, colour)

    rect = pygame.Rect(0, 0, 400, 240)
    s = pygame.Surface(rect.size)
    s.fill((238, 228, 200))
    plot = bar_chart(s, rect, ["A", "B"], [3, 5], [BLUE, RED], targets=[4, 4], style=LIGHT, text=text)
    assert plot is not None and ys_of(s, RED, plot)
    assert ys_of(s, LIGHT.text, rect, 20)


# ---------------------------------------------------------------- helpers

def test_fit_text_shrinks_then_cuts():
    drawn = []

    def text(t, size, colour, bold=False):         # 0.6 * size pixels a character
        drawn.append((t, size))
        return pygame.Surface((max(1, round(len(t) * size * 0.6)), size))

    img = fit_text(text, "Hello", 20, (0, 0, 0), 200)
    assert img.get_width() == 60 and drawn[-1] == ("Hello", 20)
    img = fit_text(text, "Hello", 20, (0, 0, 0), 40, min_size=9)
    assert img.get_width() <= 40 and drawn[-1] == ("Hello", drawn[-1][1]) and drawn[-1][1] < 20
    img = fit_text(text, "A rather long label", 20, (0, 0, 0), 50, min_size=10)
    assert img.get_width() <= 50 and drawn[-1][0].endswith("...") and drawn[-1][1] == 10
    assert fit_text(text, "Anything", 20, (0, 0, 0), 3, min_size=10) is None
    assert fit_text(text, "", 20, (0, 0, 0), 100) is None


def test_nice_ticks_are_round_and_cover_the_range():
    assert nice_ticks(0, 500, 5) == [0, 100, 200, 300, 400, 500]
    t = nice_ticks(-37, 212, 6)
    assert t[0] <= -37 + 50 and t[-1] >= 212 - 50 and 0.0 in t
    steps = {round(b - a, 9) for a, b in zip(t, t[1:], strict=False)}
    assert len(steps) == 1 and steps.pop() in (25, 50, 100)
    assert nice_ticks(5, 5)[0] <= 5 <= nice_ticks(5, 5)[-1]
    assert nice_ticks(math.nan, 1) == []


def test_a_charts_title_starts_from_the_readers_side():
    from table.i18n import set_language
    rect = pygame.Rect(0, 0, 400, 220)

    def title_ink():
        surf = pygame.Surface(rect.size)
        surf.fill(BG)
        bar_chart(surf, rect, ["a", "b"], [1, 2], [BLUE], title="Wins per game", font_px=16)
        band = [(x, y) for x in range(rect.w) for y in range(4, 26)
                if surf.get_at((x, y))[:3] != BG and sum(surf.get_at((x, y))[:3]) > 400]
        return min(x for x, _y in band), max(x for x, _y in band)
    left, right = title_ink()
    assert left < 40 and right < rect.w * 0.7              # from the left in English
    set_language("fa")
    try:
        left, right = title_ink()
        assert right > rect.w - 40 and left > rect.w * 0.3  # from the right in Dari
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_the_legend_reads_from_the_readers_side(lang):
    """In Dari the legend runs from the right and each swatch sits right of its name (it
    sat left of it, next to the name before: 'تنه و کدو' read with the other side's colour)."""
    from table import i18n

    def text(t, size, colour, bold):
        img = pygame.Surface((40, 10))
        img.fill((0, 255, 0))
        return img
    surface = pygame.Surface((400, 40))
    try:
        i18n.set_language(lang)
        charts._legend(surface, pygame.Rect(0, 0, 400, 40), [Series("a", [1], (255, 0, 0))], [None], 16, 2,
                       charts.ChartStyle(), text)
    finally:
        i18n.set_language("en")
    row = [surface.get_at((x, 11))[:3] for x in range(400)]
    red = [x for x, c in enumerate(row) if c[0] > 200 and c[1] < 80]
    green = [x for x, c in enumerate(row) if c[1] > 200 and c[0] < 80]
    assert red and green
    assert (min(red) > max(green)) == (lang == "fa") and (max(red) < min(green)) == (lang == "en")
    assert (max(red) > 300) == (lang == "fa")              # from the reader's side of the row


def test_a_bars_value_under_a_target_just_above_it_is_written_in_the_bar():
    """Tricks 6 against a target 9 in the deal summary's small chart: the 6 is not lifted
    over the mark at 9 (it read as the target's number); the bar carries it, in dark ink."""
    drawn = []

    def text(s, size, colour, bold=False):
        img = charts._default_text(s, size, colour, bold)
        drawn.append((s, tuple(colour)))
        return img
    rect = pygame.Rect(0, 0, 240, 80)
    s = canvas((240, 80), rect)
    plot = bar_chart(s, rect, ["Us", "Them"], [6, 5], [BLUE, RED], targets=[9, 4], text=text)
    target_y, bar_top = plot.bottom - plot.h * 9 / 9, plot.bottom - plot.h * 6 / 9
    assert bar_top - target_y < 20                              # close enough to cross a number above the bar
    inks = {v: c for v, c in drawn if v in ("6", "5")}
    assert inks["6"] == (20, 26, 22) and inks["5"] == charts.DARK.text


def test_a_bar_that_meets_its_target_has_its_number_over_the_mark():
    """An exact Manfee deal, 6 tricks on a target of 6: the number sat in the bar's top with
    the mark's dashes through it."""
    plots = []
    placed = placed_names((300, 160), lambda s, text: plots.append(bar_chart(
        s, pygame.Rect(0, 0, 300, 160), ["Us", "Them"], [6, 7], [BLUE, RED], targets=[6, 7], text=text)))
    plot = plots[0]
    for number in ("6", "7"):
        mark_y = plot.bottom - plot.h * int(number) / 7          # the scale runs from 0 to 7
        assert next(r for t, r in placed if t == number).bottom <= mark_y, number


def placed_names(size, draw):
    """Draw a chart with ``draw(surface, text_fn)`` on a surface of ``size``: where each text
    the chart wrote was put, as [(text, rect)] in drawing order."""
    surface, text, placed = written(size)
    draw(surface, text)
    return placed


def test_names_on_two_rows_keep_a_gap_between_neighbours():
    """Nine bots under their bars (the statistics at 1920x1080): the last name, kept inside
    the chart, ran into the one two slots before it on its row (TANOOR into ZELZELA)."""
    names = ["KADO", "POCHAQ", "PUCHOQ", "SADA", "TANA", "JANGARA", "TANOOR", "TIZAB", "ZELZELA"]
    for width, font in ((420, 22), (600, 32), (240, 12)):          # 240: the statistics at 1024x600
        rect = pygame.Rect(0, 0, width, 180)
        placed = {t: r for t, r in placed_names((width, 180), lambda s, text, rect=rect, font=font: bar_chart(
            s, rect, names, [0.5] * 9, [BLUE], text=text, font_px=font)) if t in names}
        assert len(placed) == 9                                  # every name whole (made holds no "…")
        rows = sorted({r.y for r in placed.values()})
        for y in rows:
            row = sorted((r for r in placed.values() if r.y == y), key=lambda r: r.x)
            assert all(a.right + 2 <= b.left for a, b in zip(row, row[1:])), (width, row)


def test_a_deals_two_sides_keep_one_row_of_names_each_under_its_own_bar():
    rect = pygame.Rect(0, 0, 240, 160)
    plots = []
    placed = placed_names((240, 160), lambda s, text: plots.append(bar_chart(
        s, rect, ["Maximiliaan-Alexander & Bo", "Bartholomeus-Alexander & Cy"], [6, 7], [BLUE, RED],
        text=text, font_px=14)))
    first, second = [r for t, r in placed if t.startswith(("Maxi", "Bartho"))]
    assert first.y == second.y                                   # one row
    assert first.right <= plots[0].centerx <= second.left        # each name under its own bar


def test_the_targets_label_keeps_off_the_lines():
    """Manni's race in the deal summary: the target of 15 sits just above the zero every side
    starts from, and its label, always at the start of the line, lay across the lines there."""
    rect = pygame.Rect(0, 0, 280, 110)
    series = [Series("Ana", [6, 11, 13, 12, 9, 5, 3, 2, 1, 0], BLUE),
              Series("Bo", [-2, -5, -6, -6, -5, -3, -2, -1, 0, 1], RED),
              Series("Di", [-4, -6, -7, -6, -4, -2, -1, -1, -1, -1], GREEN)]
    surfaces = []

    def draw(s, text):
        s.fill(BG)
        surfaces.append(s)
        return score_race(s, rect, series, target=15, text=text, font_px=11)
    placed = dict(placed_names(rect.size, draw))
    tag = placed["Target 15"]
    for colour in (BLUE, RED, GREEN):
        assert mask_of(surfaces[0], colour, tag, 30).count() == 0, colour


def test_no_axis_label_a_hair_from_the_target():
    """A target of 51 drew its dashed line on the 50 tick: the two read as one (the match
    seemed to stop at 50).  The tick goes; the labelled target line stands for that height."""
    rect = pygame.Rect(0, 0, 500, 300)
    drawn = []

    def text(t, size, colour, bold):
        drawn.append(t)
        return charts._default_text(t, size, colour, bold)
    score_race(canvas((500, 300), rect), rect, [Series("A", [8, 20], BLUE)], target=51, x_label="", text=text)
    assert "50" not in drawn and "0" in drawn
    drawn.clear()
    score_race(canvas((500, 300), rect), rect, [Series("A", [8, 20], BLUE)], target=70, x_label="", text=text)
    assert "60" in drawn                             # a tick clear of the target (70) keeps its label
    drawn.clear()                                    # early in a match only 0 and 100 are labelled
    small = pygame.Rect(0, 0, 300, 80)
    score_race(canvas((300, 80), small), small, [Series("A", [8], BLUE)], target=101, x_label="", text=text)
    assert "100" not in drawn and "0" in drawn


def test_the_targets_label_goes_over_its_line_clear_of_the_sides(monkeypatch):
    """Manni's summary chart: a target of 10 over totals near 0 was the top of the scale, so
    its label went under the line, where the zero line and the sides' lines ran through it."""
    placed = []
    real = charts.target_tag_place
    monkeypatch.setattr(charts, "target_tag_place", lambda tag, plot, y, *a: (
        placed.append((real(tag, plot, y, *a), y)), placed[-1][0])[1])
    rect = pygame.Rect(0, 0, 340, 130)
    score_race(canvas((340, 130), rect), rect, [Series("A", [1, 2, 5, 7, 9], BLUE), Series("B", [0, -1, -2, -1, -1], RED),
                                               Series("C", [-1, -3, -5, -6, -8], BLUE)], target=10, title="so far")
    tag, y = placed[0]
    assert tag.bottom <= y


def written(size):
    """A surface that records where each text the chart wrote landed, and the text function
    to give the chart: (surface, text, [(text, rect)] in drawing order)."""
    made, where = {}, []

    def text(t, px, colour, bold=False):
        img = charts._default_text(t, px, colour, bold)
        made[id(img)] = t
        return img

    class Recording(pygame.Surface):
        def blit(self, source, dest, *a, **k):
            r = super().blit(source, dest, *a, **k)
            if id(source) in made:
                where.append((made[id(source)], r))
            return r
    return Recording(size), text, where


def test_a_chart_too_short_for_the_targets_label_leaves_it_to_the_axis():
    """A Manni summary's race about 25 px tall, from -20 to 10: "Target 10" lay across the
    sides' lines, unreadable; the axis numbers the target."""
    series = [Series("A", [1, -1, -3, -9], BLUE), Series("B", [1, 2, 3, 4], RED), Series("C", [-1, 0, 3, 5], BLUE)]
    surface, text, where = written((340, 75))
    plot = score_race(surface, pygame.Rect(0, 0, 340, 75), series, target=10, title="so far", text=text)
    shown = [t for t, _r in where]
    assert plot is not None and plot.h < 40
    assert "Target 10" not in shown and "10" in shown, shown
    surface, text, where = written((340, 220))         # with room for it, the label stands by its line
    score_race(surface, pygame.Rect(0, 0, 340, 220), series, target=10, title="so far", text=text)
    assert "Target 10" in [t for t, _r in where]


def test_the_targets_number_keeps_the_ticks_beside_it_apart():
    """Manni to 5: "6", "5" and "4" stood on the axis one on the other; a tick label too near
    the target's number gives way to it."""
    blitted, images = [], {}

    class Spy(pygame.Surface):
        def blit(self, source, dest, *a, **k):
            blitted.append(id(source))
            return super().blit(source, dest, *a, **k)

    def text(t, size, colour, bold=False):
        img = charts._default_text(t, size, colour, bold)
        images[id(img)] = t
        return img
    rect = pygame.Rect(0, 0, 650, 420)
    score_race(Spy((650, 420)), rect, [Series("Ana", [2, 5, 6], BLUE), Series("Zel", [-3, -4, -4], RED)],
               target=5, text=text)
    shown = [images[i] for i in blitted if i in images]
    assert "5" in shown and "0" in shown and "4" not in shown and "6" not in shown, shown
    assert "-2" in shown or "−2" in shown or "2" in shown          # ticks clear of it stay


def test_a_dari_race_runs_from_an_axis_on_the_right():
    """Dari reads from the right: the bar charts and legends were mirrored, the race ran left
    to right beside them."""
    from table import i18n
    series = [Series("A", [1, -1, 3], BLUE), Series("B", [0, 2, 4], RED)]
    for lang in ("en", "fa"):
        surface, text, where = written((440, 290))
        try:
            i18n.set_language(lang)
            plot = score_race(surface, pygame.Rect(0, 0, 440, 290), series, target=10, text=text, x_label="")
            zero, five, last = i18n.digits("0"), i18n.digits("5"), i18n.digits("3")
        finally:
            i18n.set_language("en")
        x_of = {t: r.centerx for t, r in where if r.top > plot.bottom}       # the deals' numbers under the plot
        y_labels = [r for t, r in where if r.top <= plot.bottom and t in (five, zero)]
        assert y_labels
        if lang == "fa":
            assert x_of[zero] > x_of[last] and all(r.left >= plot.right for r in y_labels)
        else:
            assert x_of[zero] < x_of[last] and all(r.right <= plot.x for r in y_labels)


def test_a_short_races_axis_numbers_never_stand_on_one_another():
    """A Manni summary's race to 5, some 30 px tall: its "5" stood over its "0"."""
    drawn = 0
    for h in (80, 90, 100, 110, 120, 140):
        surface, text, where = written((300, h))
        plot = score_race(surface, pygame.Rect(0, 0, 300, h), [Series("A", [1, 2, 3], BLUE),
                                                                Series("B", [0, -1, 1], RED)],
                          target=5, title="so far", text=text)
        axis = [r for _t, r in where if r.right <= plot.x]
        drawn += bool(axis)
        assert all(a.collidelist([b for b in axis if b is not a]) < 0 for a in axis), (h, where)
    assert drawn >= 3


def test_two_sides_level_in_the_race_both_show():
    """Manni's results: two players on -4 after every deal drew one line over the other."""
    rect = pygame.Rect(0, 0, 400, 260)
    s = canvas((400, 260), rect)
    same = [-1, -2, -4, -4]
    plot = score_race(s, rect, [Series("A", same, BLUE), Series("B", same, RED)], target=10)
    inside = plot.inflate(-8, -8)                     # the plot's lines, not the legend's swatches
    pixels = [tuple(s.get_at((x, y)))[:3] for x in range(inside.x, inside.right) for y in range(inside.y, inside.bottom)]
    assert pixels.count(BLUE) > 20 and pixels.count(RED) > 20


def test_the_targets_label_starts_by_the_axis_the_reader_starts_from():
    """In Dari the race's axis stands on the right: its target label stood at the far end,
    beside the latest deals."""
    from table import i18n
    from table.chart_places import target_tag_place
    plot, tag = pygame.Rect(40, 20, 300, 160), pygame.Rect(0, 0, 60, 14)
    assert target_tag_place(tag, plot, 100, 2, 3, []).left == plot.x + 3
    try:
        i18n.set_language("fa")
        assert target_tag_place(tag, plot, 100, 2, 3, []).right == plot.right - 3
    finally:
        i18n.set_language("en")


def test_a_short_race_gives_the_deal_caption_up_for_its_lines():
    """A Manni summary's race at 1024x600 kept "Deal" under a plot some 20 px tall; a short
    chart drops the caption and its lines get the room, a tall one keeps it."""
    series = [Series("A", [1, 2, 3], BLUE), Series("B", [0, -1, 1], RED)]
    heights = {}
    for h in (100, 300):
        surface, text, where = written((300, h))
        plot = score_race(surface, pygame.Rect(0, 0, 300, h), series, target=10, title="so far", text=text)
        heights[h] = (plot.h, "Deal" in [t for t, _r in where])
    assert heights[300][1] and not heights[100][1]
    assert heights[100][0] >= 45, heights


def test_a_title_too_long_for_its_chart_takes_two_lines_rather_than_shrinking():
    """A Dari statistics panel's title was squeezed until the dots of its letters ran together."""
    seen = []

    def text(t, size, colour, bold=False):
        seen.append((t, size))
        return charts._default_text(t, size, colour, bold)

    title = "lost against the best choice, in each game's own points"
    area = pygame.Rect(0, 0, 250, 200)
    s = pygame.Surface(area.size)
    height = charts.draw_title(s, area, title, 18, charts.DARK, text)
    first, second = seen[-2], seen[-1]                      # the two lines as drawn
    assert first[0] + " " + second[0] == title and min(first[1], second[1]) >= 18 * 0.8, seen
    assert height >= 2 * charts._default_text("x", 14, (0, 0, 0), True).get_height()
    seen.clear()
    assert charts.draw_title(s, area, "tricks", 18, charts.DARK, text) == charts._default_text("tricks", 18, (0, 0, 0),
                                                                                          True).get_height()


def test_tall_charts_share_a_title_size_that_may_take_two_lines():
    """A wide summary's charts stand tall and narrow: "card points (over 30 scores)" was
    drawn at 11 px to keep one line; tall charts let it take two at the shared size."""
    from table.chart_base import shared_title_px, title_halves
    tall = [(pygame.Rect(0, 0, 200, 300), "card points (over 30 scores)"), (pygame.Rect(0, 0, 300, 300), "the match so far")]
    one, two = shared_title_px(tall, 14), shared_title_px(tall, 14, two_lines=True)
    assert two > one and two == round(14 * 1.15)
    # and drawn so: two lines at that size, not one shrunk alone (a review found 12 px beside 16)
    from table.chart_base import DARK, _default_text, draw_title
    sizes = []

    def text(t, size, colour, bold=False):
        sizes.append(size)
        return _default_text(t, size, colour, bold)
    rect, title = tall[0]
    inner = rect.inflate(-2 * max(3, round(1.2 * charts._unit(rect))), 0)
    height = draw_title(pygame.Surface(rect.size), inner, title, two, DARK, text)
    assert height > two * 1.8 and min(sizes[-2:]) == two, (height, sizes)
    short = [(r.inflate(0, -240), t) for r, t in tall]        # 60 px high: no room for a second line
    assert shared_title_px(short, 14, two_lines=True) == one
    assert title_halves("the match") == ["the", "match"] and title_halves("match") == ["match"]


@pytest.mark.parametrize("deals", [3, 40])
def test_each_line_of_the_race_has_a_shape_of_its_own_in_the_legend_too(monkeypatch, deals):
    """Manni's summary: the two opponents' lines, red and green, differed by colour alone, and
    a red-green colour-blind player could not tell them apart.  Each line's marks (on every
    deal while they are few, else on its end) take a shape of their own, the legend's too."""
    marks = []
    real = charts.marker
    monkeypatch.setattr(charts, "marker", lambda s, colour, at, r, shape: (marks.append((colour, shape)),
                                                                            real(s, colour, at, r, shape)))
    rect = pygame.Rect(0, 0, 500, 300)
    series = [Series("You", [1 + k % 3 for k in range(deals)], BLUE),
              Series("Zelzela", [-2 - k % 2 for k in range(deals)], RED),
              Series("Tizab", [-1 - k % 2 for k in range(deals)], GREEN)]
    score_race(canvas((500, 300), rect), rect, series, target=10)
    shapes = {colour: {shape for c, shape in marks if c == colour} for colour in (BLUE, RED, GREEN)}
    assert all(len(s) == 1 for s in shapes.values()), shapes            # one shape a line, legend and line alike
    assert len({s.pop() for s in shapes.values()}) == 3                 # and no two lines alike
    assert all(sum(1 for c, _s in marks if c == colour) >= 2 for colour in (BLUE, RED, GREEN))   # line and legend
