"""The score panel's words about a Manille deal's factors say only what is sure."""
import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402
import pytest  # noqa: E402

from table.hud import _deal_lines  # noqa: E402


def lines(view, viewer="bottom"):
    pygame.font.init()
    look = SimpleNamespace(view=view, name=lambda seat: "You" if seat == viewer else seat.title(), viewer=viewer,
                           kind=lambda seat: "me" if seat == viewer else "bot")
    return [text for text, *_rest in _deal_lines(look, 16, 400)]


def test_who_named_trump_after_en_face_is_said_and_the_player_is_you_not_you():
    view = {"game": "manille-muette", "phase": "play", "trump": "C", "dealer": "top", "namer": "right",
            "factors": []}
    assert "named by Right" in " ".join(lines(view))
    mine = " ".join(lines(dict(view, dealer="top", namer="bottom")))
    assert "named by you" in mine and "named by You" not in mine
    assert "named by" not in " ".join(lines(dict(view, namer="top")))     # the dealer named it: no need to say


def test_no_factor_is_not_promised_while_a_manille_sweep_can_still_double():
    play = {"game": "manille", "phase": "play", "trump": "S", "dealer": "bottom", "factors": []}
    assert any("all 8 tricks" in t for t in lines(play))
    assert not any("counts once" in t for t in lines(play))
    done = dict(play, phase="done", outcome="complete")
    assert any("counts once" in t for t in lines(done))
    muette = dict(play, game="manille-muette")          # no sweep factor in the muette: sure from the start
    assert any("counts once" in t for t in lines(muette))


def test_a_friend_whose_connection_is_gone_reads_as_away_until_a_bot_stands_in():
    from host.link import LinkBase
    from table.hud import plate_lines

    link = LinkBase.__new__(LinkBase)
    link._mine = ("bottom",)
    link._players = {"left": {"kind": "remote", "name": "Bo", "connected": False, "standin": False},
                     "top": {"kind": "remote", "name": "Cy", "connected": True, "standin": False},
                     "right": {"kind": "remote", "name": "Di", "connected": False, "standin": True}}
    assert [link.away(s) for s in ("bottom", "left", "top", "right")] == [False, True, False, False]
    view = {"phase": "play", "won": {}}
    look = SimpleNamespace(view=view, name=lambda s: s, kind=link.kind, away=link.away)
    assert plate_lines(look, "left")[1].endswith("away")
    assert "away" not in plate_lines(look, "top")[1]
    assert plate_lines(look, "right")[1].endswith("bot")       # standing in: a bot plays it


def history_words(monkeypatch, summaries, size=(800, 500), lang="en", **options):
    """The deal history drawn for sides ns and ew: [(text, colour)] of every line of it."""
    import table.panels as panels
    from table import i18n
    pygame.font.init()
    drawn = []
    monkeypatch.setattr(panels, "blit_text", lambda surface, text, *a, **kw: drawn.append(
        (text, kw.get("colour", a[2] if len(a) > 2 else None), kw.get("pos", a[1] if len(a) > 1 else (0, 0)))))
    try:
        i18n.set_language(lang)
        panels.draw_history(pygame.Surface(size), pygame.Rect(0, 0, *size), summaries, ["ns", "ew"], name=lambda s: s,
                            **options)
    finally:
        i18n.set_language("en")
    # A deal's row draws each side's cell as three parts in columns (made, scored, total):
    # read back as one cell a side, "38 pts   +32 (8 ×4)   = 32".
    rows: dict = {}
    for text, colour, pos in drawn:
        rows.setdefault(round(pos[1]), []).append((pos[0], text, colour))
    out = []
    for text, colour, pos in drawn:
        row = sorted(rows[round(pos[1])], key=lambda p: p[0] if lang != "fa" else -p[0])
        if len(row) == 6:
            if (pos[0], text, colour) in (row[0], row[3]):
                k = row.index((pos[0], text, colour))
                out.append(("   ".join(t for _x, t, _c in row[k:k + 3]), colour))
        else:
            out.append((text, colour))
    return out


def test_the_history_marks_the_side_that_went_over_in_its_own_cell(monkeypatch):
    """A Manfee deal that ended "over": the mark sits in the cell of the team that
    took more than it called (in gold: it scores the 13), not at the end of the row
    where it names nobody."""
    import table.panels as panels
    summaries = [{"targets": {"ns": 6, "ew": 7}, "tricks": {"ns": 3, "ew": 8}, "score": {"ns": 0, "ew": 13},
                  "outcome": "over"},
                 {"targets": {"ns": 5, "ew": 8}, "tricks": {"ns": 5, "ew": 8}, "score": {"ns": 5, "ew": 8},
                  "outcome": "exact"}]
    drawn = history_words(monkeypatch, summaries)
    cells = [(t, c) for t, c in drawn if "/" in t]
    assert [t.split()[0] for t, _c in cells] == ["3/6", "8/7", "5/5", "8/8"]
    marked = [(t, c) for t, c in cells if "over" in t]
    assert marked == [(cells[1][0], panels.GOLD)] and cells[1][0].startswith("8/7 over")
    assert all(c != panels.GOLD for t, c in cells if "over" not in t)
    assert not any(t == "over" for t, _c in drawn)              # no anonymous mark at the row's end


def test_the_history_shows_how_a_manille_deal_was_multiplied_beside_its_score(monkeypatch):
    """"38 pts ×4" read as 38 times 4: the cell says the excess over 30 and its factor."""
    summaries = [{"points": {"ns": 38, "ew": 22}, "score": {"ns": 32, "ew": 0}, "outcome": "complete"},
                 {"points": {"ns": 25, "ew": 35}, "score": {"ns": 0, "ew": 5}, "outcome": "complete"}]
    cells = [t for t, _c in history_words(monkeypatch, summaries) if "pts" in t]
    assert [c.split("   ")[:2] for c in cells] == [["38 pts", "+32 (8 ×4)"], ["22 pts", "+0"],
                                                   ["25 pts", "+0"], ["35 pts", "+5"]]


def test_a_long_trump_word_in_the_history_keeps_clear_of_the_scores(monkeypatch):
    """Dari's no-trump word (بی‌حکم) ran into the first score cell of the deal history."""
    import table.panels as panels
    from table import i18n
    from table.rich import rich
    from table.text import font
    pygame.font.init()
    boxes = []

    def box(kind):
        def record(surface, text, size, *a, **kw):
            pos, anchor = kw.get("pos", a[0] if a else None), kw.get("anchor", "topleft")
            w, h = (rich(text, size, bold=True) if kind == "label" else font(size).render(text, True, (0, 0, 0))).get_size()
            r = pygame.Rect(0, 0, w, h)
            setattr(r, anchor, (round(pos[0]), round(pos[1])))
            boxes.append((kind, text, r))
        return record
    monkeypatch.setattr(panels, "blit_rich", box("label"))
    monkeypatch.setattr(panels, "blit_text", lambda surface, text, size, *a, **kw: (
        box("cell")(surface, text, size, *a, **kw) if "/" in text or "pts" in text or "امتیاز" in text else None))
    summaries = [{"trump": "NT", "points": {"ns": 36, "ew": 24}, "score": {"ns": 12, "ew": 0}, "outcome": "complete"}]
    try:
        i18n.set_language("fa")
        panels.draw_history(pygame.Surface((560, 400)), pygame.Rect(0, 0, 560, 400), summaries, ["ns", "ew"],
                            name=lambda s: s)
    finally:
        i18n.set_language("en")
    labels = [r for kind, _t, r in boxes if kind == "label"]
    cells = [r for kind, _t, r in boxes if kind == "cell"]
    assert labels and cells and not any(lab.colliderect(c) for lab in labels for c in cells)


def test_a_long_history_says_how_many_earlier_deals_make_way(monkeypatch):
    """Only the newest deals fit: the oldest went silently, and the first row's running
    total then did not add up. A line now says how many deals are above it."""
    summaries = [{"points": {"ns": 40, "ew": 20}, "score": {"ns": 10, "ew": 0}, "outcome": "complete"}] * 30
    drawn = [t for t, _c in history_words(monkeypatch, summaries, (800, 400))]
    cells = [t for t in drawn if t.startswith("40 pts")]
    more = [t for t in drawn if "earlier deals" in t]
    assert more and more[0] == f"… {30 - len(cells)} earlier deals (counted in the totals)"
    assert cells[-1].endswith("= 300") and 0 < len(cells) < 30
    assert not any("earlier" in t for t, _c in history_words(monkeypatch, summaries[:3], (800, 400)))


def test_in_dari_tricks_of_the_target_read_as_a_count_not_a_decimal(monkeypatch):
    """"۴/۶" reads in Dari as the decimal 4.6: the history writes "۴ از ۶"."""
    summaries = [{"targets": {"ns": 6, "ew": 7}, "tricks": {"ns": 4, "ew": 9}, "score": {"ns": 0, "ew": 13},
                  "outcome": "over"}]
    drawn = [t for t, _c in history_words(monkeypatch, summaries, (800, 400), lang="fa")]
    assert any(t.startswith("۴ از ۶") for t in drawn) and any(t.startswith("۹ از ۷ بیش از هدف") for t in drawn)
    assert not any("/" in t for t in drawn)


def test_the_score_boards_bold_workings_stay_inside_it(monkeypatch):
    """French muette: "36 − 30 = 6, sans atout ×2, refrappé ×4 → 48" was wrapped as measured
    in the plain font but drawn bold, and ran past the board's edge."""
    from table import hud, i18n
    from table.layout import Layout
    from table.rich import rich
    pygame.font.init()
    drawn = []
    monkeypatch.setattr(hud, "blit_rich", lambda surface, text, size, pos, colour, bold=False, **k: drawn.append(
        (text, size, bold, pos, k.get("anchor"))))
    view = {"game": "manille-muette", "phase": "done", "outcome": "complete", "deal": 3, "dealer": "bottom",
            "options": {"target": 101}, "trump": "NT", "namer": "bottom", "points": {"bottom-top": 36, "left-right": 24},
            "factors": [["no-trump", 2], ["tap back", 4]], "score": {"bottom-top": 48, "left-right": 0},
            "totals": {"bottom-top": 60, "left-right": 20}, "tricks": {"bottom-top": 5, "left-right": 3}}
    try:
        i18n.set_language("fr")
        look = hud.TableLook(view=view, layout=Layout((1024, 600), 4), board=None, viewer="bottom",
                             name=lambda s: i18n.seat_name(s), kind=lambda s: "bot")
        rect = hud.draw_scoreboard(pygame.Surface((1024, 600)), look)
        widths = [(t, rich(t, size, bold=bold).get_width(), pos[0]) for t, size, bold, pos, _a in drawn]
    finally:
        i18n.set_language("en")
    assert any("48" in t for t, _w, _x in widths)
    assert all(x + w <= rect.right for t, w, x in widths), (rect, widths)


def test_a_manille_tie_says_the_next_deal_counts_double(monkeypatch):
    """"30 – 30" alone at a row's end said nothing of what a tie does in Manille (the
    next deal doubled); the muette's tie carries nothing and keeps the plain mark."""
    summaries = [{"points": {"ns": 30, "ew": 30}, "score": {"ns": 0, "ew": 0}, "outcome": "tie"},
                 {"points": {"ns": 40, "ew": 20}, "score": {"ns": 20, "ew": 0}, "outcome": "complete"}]
    manille = [t for t, _c in history_words(monkeypatch, summaries, tie_doubles=True)]
    muette = [t for t, _c in history_words(monkeypatch, summaries)]
    assert "30 – 30: next ×2" in manille and "30 – 30" not in manille
    assert "30 – 30" in muette and not any("next" in t for t in muette)


def test_the_match_end_history_closes_with_each_sides_deals_won_best_deal_and_total(monkeypatch):
    import table.panels as panels
    summaries = [{"points": {"ns": 38, "ew": 22}, "score": {"ns": 8, "ew": 0}, "outcome": "complete"},
                 {"points": {"ns": 20, "ew": 40}, "score": {"ns": 0, "ew": 20}, "outcome": "complete"},
                 {"points": {"ns": 45, "ew": 15}, "score": {"ns": 30, "ew": 0}, "outcome": "complete"}]
    drawn = history_words(monkeypatch, summaries, final={"ns": 38, "ew": 20}, winner="ns")
    texts = [t for t, _c in drawn]
    assert texts.count("2 deals won") == 1 and texts.count("1 deal won") == 1
    assert "best: +30 in deal 3" in texts and "best: +20 in deal 2" in texts
    assert ("total" in texts and ("38", panels.GOLD) in drawn and ("20", panels.CREAM) in drawn)
    assert not any("deals won" in t for t, _c in history_words(monkeypatch, summaries))   # only at the end
    assert panels.match_facts(panels.history_rows(summaries[:1]), ["ns", "ew"])["ew"] == (0, None)


def test_manfee_score_board_names_the_dealers_remainder_once_the_three_calls_are_in(monkeypatch):
    """"calls ? + dealer" read as if the dealer were to call; the dealer's part is the
    remainder of the 13 (what the team gets if the dealer accepts), counted when known."""
    from table import hud
    from table.layout import Layout
    pygame.font.init()

    def lines(calls, phase):
        said = []
        monkeypatch.setattr(hud, "blit_text", lambda surface, text, *a, **k: said.append(text))
        view = {"game": "manfee", "phase": phase, "deal": 0, "options": {"target": 52}, "turn": "bottom",
                "dealer": "top", "calls": calls, "totals": {"bottom-top": 0, "left-right": 0}}
        look = hud.TableLook(view=view, layout=Layout((1024, 600), 4), board=None, viewer="bottom",
                             name=lambda s: s, kind=lambda s: "bot")
        hud.draw_scoreboard(pygame.Surface((1024, 600)), look)
        return [t for t in said if t.startswith("calls")]
    assert lines({"left": 3}, "call") == ["calls ? + remainder", "calls 3 + ?"]
    assert lines({"left": 3, "bottom": 4, "right": 2}, "decide") == ["calls 4 + remainder 4", "calls 3 + 2"]


def test_the_historys_heads_cut_long_names_instead_of_running_into_the_next(monkeypatch):
    import table.panels as panels
    from table.theme import font
    pygame.font.init()
    heads = []
    real = panels.blit_text
    monkeypatch.setattr(panels, "blit_text", lambda surface, text, size, *a, **kw: (
        heads.append((text, size)), real(surface, text, size, *a, **kw))[1])
    names = {"bottom": "Ana", "left": "Bartholomeus-Alexander Vandenbroeck", "right": "Zelzela"}
    size = (470, 350)
    panels.draw_history(pygame.Surface(size), pygame.Rect(0, 0, *size), [], ["bottom", "left", "right"],
                        name=names.get, signed_scores=True)
    long = next(t for t, s in heads if t.startswith("Bartholomeus"))
    s = next(s for t, s in heads if t == long)
    colw = (size[0] - 16 * 5) / 3                      # a third of the table each, less the deal column and margins
    assert long.endswith("…") and font(s, True).size(long)[0] < colw


def test_a_long_note_over_the_history_takes_two_lines_before_small_letters():
    """A void Manille deal's reason in Dari at 1024x600 was drawn in 8 px letters on one line."""
    from table import i18n
    from table.panels import note_lines
    from table.explain import void_words
    pygame.font.init()
    view = {"seats": ["bottom", "left", "top", "right"], "dealer": "top", "next_dealer": "right"}
    try:
        i18n.set_language("fa")
        note = void_words(view, {"bottom": "Ana", "left": "Kado", "top": "Pochaq", "right": "Kado 2"}.get)
        fs = max(12, round(600 * 0.022))
        size, lines = note_lines(note, fs, 512)
        assert len(lines) == 2 and size >= 0.8 * fs and " ".join(lines) == note
        assert note_lines("38 − 30 = 8", fs, 512)[1] == ["38 − 30 = 8"]          # a short one: one line
    finally:
        i18n.set_language("en")


def test_the_totals_line_in_dari_keeps_each_sides_latin_names_together():
    import re
    from table import i18n
    from table.hud import side_name
    from table.text import visual_runs
    from table.words import side_score
    names = {"bottom": "Ana", "left": "Bo", "top": "Cy", "right": "Di"}.__getitem__
    i18n.set_language("fa")
    try:
        line = "   –   ".join(side_score(side_name(names, s), n) for s, n in (("bottom-top", 13), ("left-right", 4)))
    finally:
        i18n.set_language("en")
    seen = "".join(run[::-1] if rtl else run for run, rtl in visual_runs(line, rtl=True))
    # Read from the right as drawn: Ana, Cy (13), then Bo, Di (4); "Cy: ۱۳ – Bo" had been one
    # Latin phrase, which put Bo beside Ana and Cy beside Di.
    assert re.findall(r"[A-Za-z]+", seen)[::-1] == ["Ana", "Cy", "Bo", "Di"]


def test_a_dari_name_with_a_latin_word_reads_from_its_dari_start():
    """"علی Smith" set apart as a left-to-right unit put Smith first for a Dari reader."""
    from table import i18n
    from table.hud import side_name
    from table.text import visual_runs
    i18n.set_language("fa")
    try:
        line = side_name({"bottom": "علی Smith", "top": "Bo"}.__getitem__, "bottom-top") + ": ۳"
    finally:
        i18n.set_language("en")
    seen = "".join(run[::-1] if rtl else run for run, rtl in visual_runs(line, rtl=True))
    # drawn from the left; a Dari reader starts at the right: علی, then Smith, then Bo
    assert seen.index("یلع") > seen.index("Smith") > seen.index("Bo"), seen


def test_a_narrow_plates_second_line_takes_two_lines_rather_than_tiny_letters():
    """Tana's plate beside the viewer's trick pile drew "called 4 · won 0 · bot" at 8 px."""
    from table.hud import sub_lines
    from table.theme import fit_size
    from table.words import separator
    pygame.font.init()
    text = separator().join(["called 4", "won 0", "bot"])
    assert sub_lines(text, 13, 400) == [text]
    lines = sub_lines(text, 13, 110)
    assert lines == [separator().join(["called 4", "won 0"]), "bot"]
    assert all(fit_size(line, 13, 110) >= 12 for line in lines)
    assert sub_lines("", 13, 10) == [] and sub_lines("bot", 13, 10) == ["bot"]
    # a part too long alone breaks at its spaces ("annonce …" at 9 px in the corner plate at
    # 1024 x 600), and no line is drawn more than a pixel smaller than its size
    from table.theme import text_width
    room = text_width("annonce", 11, False) + 2
    lines = sub_lines(separator().join(["annonce …", "bot"]), 11, room)
    assert lines[0] == "annonce" and len(lines) >= 2 and all(fit_size(line, 11, room) >= 10 for line in lines), lines


def test_the_history_box_is_as_tall_as_its_rows_and_holds_them_all(monkeypatch):
    """Scores over a few deals was a box of 60 % of the window, mostly empty; sized by
    ``history_height`` it holds every row, with no "earlier deals" line."""
    import table.panels as panels
    pygame.font.init()
    drawn = []
    monkeypatch.setattr(panels, "blit_text", lambda surface, text, *a, **kw: drawn.append(text))
    row = {"targets": None, "tricks": {"bottom": 3, "left": 5, "right": 4}, "points": None,
           "score": {"bottom": -1, "left": 1, "right": 0}, "outcome": "complete"}
    for H in (600, 720, 1080):
        for deals in (1, 3, 8):
            h = panels.history_height(H, deals)
            drawn.clear()
            rect = pygame.Rect(0, 0, 640, h)
            end = panels.draw_history(pygame.Surface((1280, H)), rect, [dict(row, deal=i + 1) for i in range(deals)],
                                      ["bottom", "left", "right"], name=str, reserve=1.6)
            assert not any("earlier" in t for t in drawn) and end <= rect.bottom, (H, deals, end, h)
        assert panels.history_height(H, 3) < H * 0.4          # not the 60 % box


def test_the_history_keeps_each_sides_totals_in_one_column(monkeypatch):
    """Joined by spaces, "+15   = 24" and "+0   = 9" put the totals out of line."""
    import table.panels as panels
    pygame.font.init()
    at = []
    monkeypatch.setattr(panels, "blit_text", lambda surface, text, size, *a, **kw: at.append((text, kw.get("pos"))))
    summaries = [{"points": {"ns": 45, "ew": 15}, "score": {"ns": 15, "ew": 0}, "outcome": "complete"},
                 {"points": {"ns": 28, "ew": 32}, "score": {"ns": 0, "ew": 2}, "outcome": "complete"},
                 {"points": {"ns": 31, "ew": 29}, "score": {"ns": 1, "ew": 0}, "outcome": "complete"}]
    panels.draw_history(pygame.Surface((900, 500)), pygame.Rect(0, 0, 900, 500), summaries, ["ns", "ew"],
                        name=lambda s: s)
    totals = sorted({round(pos[0]) for text, pos in at if text.startswith("= ")})
    scores = sorted({round(pos[0]) for text, pos in at if text.startswith("+")})
    assert len(totals) == 2 and len(scores) == 2          # one column each for ns and for ew


def test_the_best_deal_lines_at_a_match_end_stay_in_their_columns(monkeypatch):
    """French Manni at 1024x600: "meilleure : +1 à la donne 3meilleure : +4 à la donne 10…"
    ran together across its three columns."""
    import table.panels as panels
    from table import i18n
    from table.text import font
    pygame.font.init()
    drawn = []
    monkeypatch.setattr(panels, "blit_text", lambda surface, text, size, *a, **k: drawn.append(
        (text, size, k.get("pos", a[0] if a else (0, 0)))))
    sides = ["bottom", "left", "right"]
    summaries = [{"score": {"bottom": 1 + 2 * (i == 9), "left": 4 + 2 * (i == 9), "right": 2 + 2 * (i == 9)},
                  "tricks": {"bottom": 5, "left": 8, "right": 6}, "outcome": "complete"} for i in range(11)]
    try:
        i18n.set_language("fr")
        panels.draw_history(pygame.Surface((1024, 600)), pygame.Rect(42, 150, 460, 354), summaries, sides,
                            name=str.title, final={"bottom": 11, "left": 44, "right": 22}, winner="left",
                            font_px=13)
        best = sorted((pos[0], pos[0] + font(size).size(text)[0]) for text, size, pos in drawn
                      if text.startswith("meilleure"))
    finally:
        i18n.set_language("en")
    assert len(best) == 3 and all(a[1] < b[0] for a, b in zip(best, best[1:])), best
    # ... each whole, the deal's number on a line of its own where the line did not fit
    # (Dari's "best: +4 in deal 2" lost its number to the "…")
    lines = [text for text, _s, _p in drawn if text.startswith(("meilleure", "à la donne"))]
    assert lines.count("à la donne 10") == 3 and not [t for t in lines if "…" in t], lines
    # ... and one size for a line across the sides ("best: –" stood larger than its neighbours)
    assert len({size for text, size, _p in drawn if text.startswith("meilleure")}) == 1


def test_the_deals_won_line_stays_level_when_one_sides_best_takes_two_lines(monkeypatch):
    """A side that never scored has "best: –" on one line; the others' best deal on two
    lifted their "deals won" a line above that side's."""
    import table.panels as panels
    from table import i18n
    pygame.font.init()
    drawn = []
    monkeypatch.setattr(panels, "blit_text", lambda surface, text, size, *a, **k: drawn.append((text, k.get("pos"))))
    sides = ["bottom", "left", "right"]
    summaries = [{"score": {"bottom": 4, "left": 0, "right": 2}, "tricks": {"bottom": 8, "left": 1, "right": 3},
                  "outcome": "complete"}] * 3
    try:
        i18n.set_language("fa")
        panels.draw_history(pygame.Surface((1024, 600)), pygame.Rect(0, 0, 300, 400), summaries, sides, name=str,
                            final={"bottom": 12, "left": 0, "right": 6}, winner="bottom", font_px=14)
    finally:
        i18n.set_language("en")
    won = {round(pos[1]) for text, pos in drawn if text.startswith("برندهٔ")}
    assert len(won) == 1 and any(text.startswith("در دور") for text, _p in drawn), drawn[-12:]


def test_right_to_left_a_deals_total_has_its_equals_sign_on_its_right(monkeypatch):
    """Dari reads a row's parts from the right, made, score, total: "= ۱" read "۱ =",
    its sign beside the next column's tricks."""
    summaries = [{"points": {"ns": 38, "ew": 22}, "score": {"ns": 8, "ew": 0}, "outcome": "complete"}]
    cells = [t for t, _c in history_words(monkeypatch, summaries, lang="fa")]
    assert "۸ =" in [part for cell in cells for part in cell.split("   ")], cells
    assert not any(part.startswith("=") for cell in cells for part in cell.split("   "))


def test_a_tap_back_says_what_the_deal_then_counts_with_its_other_factors():
    """After a blind trump a tap back makes the deal count eight times, not four."""
    from table.words import decision_heading
    assert decision_heading("redouble", {"factors": [["tap", 2]]})[1] == "the deal then counts 4 times"
    blind = {"factors": [["no-trump", 2], ["blind", 2], ["tap", 2]]}
    assert decision_heading("redouble", blind) == ("Tap back?", "the deal then counts 16 times")
    # the tap's own box says what a tap back would make of it
    assert decision_heading("double", {"factors": [["blind", 2]]}) == \
        ("Tap the table?", "a tap: the deal counts 4 times; tapped back, 8 times")
    assert decision_heading("double", {})[1] == "a tap: the deal counts 2 times; tapped back, 4 times"


@pytest.mark.parametrize("size", [(1024, 600), (1366, 768)])
def test_the_score_boards_last_line_stays_inside_it_in_dari(monkeypatch, size):
    """Manni in Dari: "دست ۵، این دور +۱" sat on the board's bottom edge, its descenders cut
    (the Dari letters are 12 % larger and their line taller)."""
    from table import hud, i18n
    from table.layout import Layout
    pygame.font.init()
    rects = []
    real = hud.blit_text
    monkeypatch.setattr(hud, "blit_text", lambda *a, **k: (rects.append(real(*a, **k)), rects[-1])[1])
    view = {"game": "manni", "phase": "play", "deal": 4, "options": {"target": 10}, "turn": "left",
            "totals": {"bottom": 5, "left": -3, "right": 0}, "tricks": {"bottom": 5, "left": 3, "right": 0},
            "won": {"bottom": 5, "left": 3, "right": 0}}
    try:
        i18n.set_language("fa")
        look = hud.TableLook(view=view, layout=Layout(size, 3), board=None, viewer="bottom",
                             name=lambda s: "تیزاب", kind=lambda s: "bot")
        board = hud.draw_scoreboard(pygame.Surface(size), look)
    finally:
        i18n.set_language("en")
    assert rects and max(r.bottom for r in rects) <= board.bottom - 2, (board, rects[-1])



def manfee_look_at_1024x600(kind, away):
    """A Manfee trick under way at 1024x600 (every call in, no trick won), its players named
    Cy, each a ``kind``, ``away`` as said: what the plates draw from."""
    from table import hud
    from table.layout import Layout
    view = {"game": "manfee", "phase": "play", "deal": 1, "options": {"target": 26}, "turn": "left",
            "dealer": "right", "calls": {"bottom": 3, "left": 4, "top": 3, "right": 3},
            "totals": {"bottom-top": 0, "left-right": 13}, "won": {s: 0 for s in ("bottom", "left", "top", "right")},
            "seats": ["bottom", "left", "top", "right"]}
    board = SimpleNamespace(seats=("bottom", "left", "top", "right"), place=lambda s: s)
    return hud.TableLook(view=view, layout=Layout((1024, 600), 4), board=board, viewer="bottom",
                         name=lambda s: "Cy", kind=lambda s: kind, away=away)

def test_an_away_players_long_plate_at_the_top_leaves_the_score_board_uncovered():
    """French at 1024x600: "plis 0 · absent : un bot dans 20 s" grew the top plate over the
    score board, hiding a side's score."""
    from table import hud, i18n
    pygame.font.init()
    try:
        i18n.set_language("fr")
        look = manfee_look_at_1024x600(kind="human", away=lambda s: 20 if s == "top" else False)
        surface = pygame.Surface((1024, 600))
        score = hud.draw_scoreboard(surface, look)
        plates = dict(hud.draw_plates(surface, look))
    finally:
        i18n.set_language("en")
    assert not plates["plate:top"].colliderect(score), (plates["plate:top"], score)


def test_the_hand_passed_panel_dims_the_cards_played_since():
    """The hand passed away showed every card alike, those its new holder had played too."""
    import table.panels as panels
    from table.layout import Layout
    pygame.font.init()
    asked = []

    class Images:
        width = 80

        def get(self, card, face_up, width, angle=0.0, dim=False):
            asked.append((card, dim))
            return pygame.Surface((width, round(width * 1.4)))
    panels.draw_cards_panel(pygame.Surface((1280, 720)), Layout((1280, 720), 4), Images(), "The hand you passed",
                            ["AS", "KS", "2H"], played={"KS", "9D"})
    assert asked == [("AS", False), ("KS", True), ("2H", False)]


def test_the_best_deal_lines_share_one_size_with_the_line_above(monkeypatch):
    """Manni at 1600x900: "best: +3 in deal 2" was shrunk to fit its column and stood
    smaller than "best: –" beside it and the "deals won" over it: it goes on two lines."""
    import table.panels as panels
    pygame.font.init()
    drawn = []
    monkeypatch.setattr(panels, "blit_text", lambda surface, text, size, *a, **k: drawn.append((text, size)))
    sides = ["bottom", "left", "right"]
    summaries = [{"score": s, "outcome": "complete"} for s in ({"bottom": 2, "left": -3, "right": 1},
                                                              {"bottom": 3, "left": -1, "right": -2},
                                                              {"bottom": 1, "left": 0, "right": 1})]
    panels.draw_history(pygame.Surface((1600, 900)), pygame.Rect(66, 225, 716, 530), summaries, sides, name=str,
                        final={"bottom": 6, "left": -4, "right": 0}, winner="bottom", font_px=24)
    won = {size for text, size in drawn if "won" in text}
    best = {size for text, size in drawn if text.startswith(("best", "in deal"))}
    assert len(won) == 1 and best == won, drawn


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_a_trick_is_laid_out_from_the_readers_side(lang):
    """In Dari the last trick and the review's "on the table" read from the right, but laid
    the leader's card at the far left: the reader met the last card first."""
    import table.panels as panels
    from table import i18n
    from table.coach_draw import Position, draw_trick
    from table.layout import Layout
    pygame.font.init()
    spots = {}

    class Cards:
        width = 80

        def get(self, card, up=True, w=80, angle=0, dim=False):
            img = pygame.Surface((w, round(w * 1.4)))
            spots[id(img)] = card
            kept.append(img)            # alive, so that no other surface takes its id
            return img

    kept = []

    placed = []

    class Spy(pygame.Surface):
        def blit(self, source, dest, *a, **k):
            if id(source) in spots:
                placed.append((spots[id(source)], pygame.Rect(dest).x))
            return super().blit(source, dest, *a, **k)
    i18n.set_language(lang)
    try:
        panels.draw_cards_panel(Spy((1024, 600)), Layout((1024, 600)), Cards(), "Last trick", ["8C", "KC", "2C"],
                                ["Ahmad", "Sada", "Tana"], 1)
        pos = Position(heading="", context="", trick_title="On the table", trick=[("Ahmad", "8C"), ("Sada", "KC")],
                       trick_note=None, turn_label="you", hand=None, hand_note="", marks={}, sentence="",
                       sentence_ink=(0, 0, 0), numbers="", chart_title="", bars=[])
        draw_trick(Spy((1024, 600)), pygame.Rect(20, 20, 600, 300), 14, Cards(), pos, 60)
    finally:
        i18n.set_language("en")
    for run in (placed[:3], placed[3:]):
        xs = [x for _c, x in run]
        assert xs == (sorted(xs, reverse=True) if lang == "fa" else sorted(xs)), (lang, run)


def test_narrow_manni_columns_put_a_deals_tricks_over_its_score_where_there_is_room(monkeypatch):
    """French Manni at 1024 x 600: "4 plis  0  = 0" stood in 10 px letters over an empty box,
    and "0 donne gagnée" was cut to "0 donne gag…"."""
    import table.panels as panels
    from table import i18n
    pygame.font.init()
    drawn = []
    monkeypatch.setattr(panels, "blit_text", lambda surface, text, size, *a, **k: drawn.append(
        (text, size, k.get("pos", (0, 0)))))
    sides = ["bottom", "left", "right"]
    summaries = [{"score": {"bottom": 0, "left": -1, "right": 1}, "tricks": {"bottom": 4, "left": 3, "right": 5},
                  "outcome": "complete"},
                 {"score": {"bottom": 2, "left": 3, "right": -1}, "tricks": {"bottom": 6, "left": 7, "right": 3},
                  "outcome": "complete"}]
    i18n.set_language("fr")
    try:
        panels.draw_history(pygame.Surface((1024, 600)), pygame.Rect(41, 150, 460, 354), summaries, sides,
                            name=str.title, signed_scores=True, final={"bottom": 2, "left": 2, "right": 0},
                            winner="left", font_px=18)
    finally:
        i18n.set_language("en")
    tricks = [(s, p) for t, s, p in drawn if t == "4 plis"]
    total = [(s, p) for t, s, p in drawn if t == "= 0"]
    # on one line at nearly full size (the columns have the row marks' room), or under it
    assert tricks and total and (total[0][1][1] > tricks[0][1][1] or total[0][0] >= 18 * 0.85)
    assert tricks[0][0] >= 18 * 0.85
    assert not [t for t, _s, _p in drawn if "…" in t]


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_no_trump_badge_says_no_trump_once(monkeypatch, lang):
    """"TRUMP  No trump" said trump twice; in Dari the same word stood twice (حکم  بی‌حکم)."""
    from table import hud, i18n
    from table.layout import Layout
    pygame.font.init()
    words = []
    real = hud.render
    monkeypatch.setattr(hud, "render", lambda text, *a, **k: (words.append(text), real(text, *a, **k))[1])
    view = {"game": "manille", "phase": "play", "trump": "NT", "dealer": "bottom", "options": {}}
    try:
        i18n.set_language(lang)
        look = hud.TableLook(view=view, layout=Layout((1280, 720), 4), board=None, viewer="bottom",
                             name=lambda s: i18n.seat_name(s), kind=lambda s: "bot")
        rect = hud.draw_trump(pygame.Surface((1280, 720)), look)
        no_trump, trump_label = i18n._("No trump"), i18n._("TRUMP")
    finally:
        i18n.set_language("en")
    assert rect is not None and no_trump in words and trump_label not in words


def test_manni_history_cells_keep_their_size_and_the_sides_a_rule_apart(monkeypatch):
    """Manni's results: three columns gave a fifth of their width to a row mark Manni never
    has, and "3 tricks  -1  = -1" shrank to 10 px beside deal numbers of 18; a side's total
    ran into the next side's tricks."""
    import table.panels as panels
    pygame.font.init()
    sizes, rules = [], []
    real_line = pygame.draw.line
    monkeypatch.setattr(panels, "blit_text", lambda surface, text, size, *a, **k: sizes.append((text, size)))
    monkeypatch.setattr(panels.pygame.draw, "line", lambda s, c, a, b, w=1: (rules.append((a, b)), real_line(s, c, a, b, w))[1])
    rows = [{"score": {"bottom": t - 4, "left": 4 - t, "right": 0}, "tricks": {"bottom": t, "left": 8 - t, "right": 4},
             "outcome": "complete"} for t in (3, 6, 4, 7, 2)]
    panels.draw_history(pygame.Surface((600, 500)), pygame.Rect(0, 0, 590, 470), rows, ["bottom", "left", "right"],
                        name=str, signed_scores=True, final={"bottom": 2, "left": -2, "right": 0}, font_px=20)
    cells = [size for text, size in sizes if "tricks" in text]
    assert cells and min(cells) >= 20 * 0.8, cells
    upright = [(a, b) for a, b in rules if a[0] == b[0]]
    assert len(upright) == 2                        # between the three sides' columns


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_manille_tie_mark_keeps_clear_of_the_last_sides_total(monkeypatch, lang):
    """"30 – 30: next ×2" ran over "= 37" (in French it covered it)."""
    import table.panels as panels
    from table import i18n
    pygame.font.init()
    placed = []
    real = panels.blit_text
    monkeypatch.setattr(panels, "blit_text", lambda surface, text, *a, **k: (
        placed.append((text, real(surface, text, *a, **k))), placed[-1][1])[1])
    rows = [{"score": {"bottom-top": 12, "left-right": 0}, "points": {"bottom-top": 42, "left-right": 18},
             "outcome": "complete"},
            {"score": {"bottom-top": 0, "left-right": 0}, "points": {"bottom-top": 30, "left-right": 30},
             "outcome": "tie"},
            {"score": {"bottom-top": 0, "left-right": 37}, "points": {"bottom-top": 11, "left-right": 49},
             "outcome": "complete"}]
    try:
        i18n.set_language(lang)
        panels.draw_history(pygame.Surface((1024, 600)), pygame.Rect(0, 0, 520, 360), rows,
                            ["bottom-top", "left-right"], name=str.title, tie_doubles=True, font_px=18)
        mark = i18n._(panels.TIE_DOUBLES)
    finally:
        i18n.set_language("en")
    tie = next(r for t, r in placed if t == mark)
    cells = [r for t, r in placed if t.startswith("=") or t.endswith("=")]
    assert cells and not any(tie.colliderect(c) for c in cells), (tie, cells)


def test_the_manni_score_board_works_out_each_players_deal_score(monkeypatch):
    """"this deal -4" before a card was played told a newcomer nothing: the sum is shown."""
    from table import hud
    from table.layout import Layout
    pygame.font.init()
    said = []
    monkeypatch.setattr(hud, "blit_text", lambda surface, text, *a, **k: said.append(text))
    view = {"game": "manni", "phase": "play", "deal": 0, "options": {"target": 10}, "turn": "bottom",
            "dealer": "left", "tricks": {"bottom": 5, "left": 0, "right": 2},
            "totals": {"bottom": 0, "left": 0, "right": 0}}
    look = hud.TableLook(view=view, layout=Layout((1280, 720), 3), board=None, viewer="bottom",
                         name=lambda s: s, kind=lambda s: "bot")
    hud.draw_scoreboard(pygame.Surface((1280, 720)), look)
    assert [t for t in said if t.startswith("tricks")] == [
        "tricks 5  ·  this deal 5 − 4 = +1", "tricks 0  ·  this deal 0 − 4 = −4", "tricks 2  ·  this deal 2 − 4 = −2"]


def test_a_plates_second_line_is_readable_in_the_smallest_window(monkeypatch):
    """At 1024x600 "call 7 · bot" was 10 px under a 13 px name."""
    from table import hud
    from table.words import separator
    from table.theme import DIM
    pygame.font.init()
    look = manfee_look_at_1024x600(kind="bot", away=lambda s: False)
    sizes, real = {}, hud.render
    monkeypatch.setattr(hud, "render", lambda text, size, colour, *a, **k: (
        sizes.setdefault(text, size) if colour == DIM else None, real(text, size, colour, *a, **k))[1])
    hud.draw_plates(pygame.Surface((1024, 600)), look)
    # the left seat's plate has the room (the corner ones, beside the viewer's pile, shrink)
    assert sizes[separator().join(["called 4", "won 0", "bot"])] == 11 and sizes["bot"] == 11, sizes


def test_the_summarys_workings_break_between_players_not_inside_one():
    """At 1024x600 the Manni summary's line broke as "… · Tana: 3" over "tricks -> −1"."""
    import pygame
    from table.panels import note_lines
    from table.words import separator
    pygame.font.init()
    entries = ["Lotte: 6 tricks -> +2", "Sada: 3 tricks -> −1", "Tana: 3 tricks -> −1"]
    note = "each scores tricks − 4:   " + separator().join(entries)
    for width in (420, 480, 560, 640):
        _size, lines = note_lines(note, 16, width)
        assert 1 <= len(lines) <= 2
        if len(lines) == 2:
            assert all(any(line.rstrip(" ·").endswith(e) for e in entries) for line in lines), lines
    # a long first name: no line runs past the room (into the charts beside the column)
    from table.rich import rich
    long = "each scores tricks − 4:   " + separator().join(["Marie-Christine Vandenberghe: 6 tricks -> +2"] + entries[1:])
    for width in (335, 420):
        size, lines = note_lines(long, 16, width)
        assert all(rich(x, size, bold=True).get_width() <= width - 32 for x in lines), (width, lines)
