"""The table's languages (issue 16): the catalogs against the code, their
placeholders and markup, the glyphs of every string in the fonts that draw it,
the plural rules, the system's default, a live switch, and Dari right to left.

The messages are extracted from the code again here with Babel's API (the same
map as ``pybabel extract``, babel.cfg), so a new English string that a
catalog lacks fails the suite with the list of what is missing.
"""
import gettext
import os
import re

import pygame
import pytest

from table import i18n

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANGS = [c for c in i18n.LANGUAGES if c != "en"]


@pytest.fixture(autouse=True)
def english_after():
    """The language is process-wide: every test leaves English behind."""
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def code_messages():
    """{key as read_po keys it: (English forms)} of every message the code marks."""
    from babel.messages import frontend
    from babel.messages.extract import extract_from_dir
    parse = getattr(frontend, "parse_mapping_cfg", None) or frontend.parse_mapping
    with open(os.path.join(ROOT, "babel.cfg"), encoding="utf-8") as f:
        method_map, options_map = parse(f)
    out = {}
    for _file, _line, message, _comments, context in extract_from_dir(ROOT, method_map, options_map):
        forms = message if isinstance(message, tuple) else (message,)
        key = forms[0] if context is None else f"{context}\x04{forms[0]}"
        out[(key, forms[1]) if len(forms) > 1 else key] = forms
    return out


def catalog(code):
    with open(i18n.po_path(code), encoding="utf-8") as f:
        return i18n.read_po(f.read())


def english(key):
    key = key[0] if isinstance(key, tuple) else key
    return key.split("\x04")[-1]


# -- the catalogs against the code ---------------------------------------------------------------

@pytest.mark.parametrize("code", LANGS)
def test_every_message_of_the_code_is_translated(code, code_messages):
    have = catalog(code)
    missing = [english(k) for k in code_messages
               if not (all(have[k]) if isinstance(have.get(k), list) else have.get(k))]
    assert not missing, f"{code}: {len(missing)} untranslated: " + " | ".join(sorted(missing))


def test_the_extractor_finds_the_option_labels_and_names_declared_outside_the_screens(code_messages):
    from rules.games import GAMES
    from bots import CHARACTERS
    ids = {english(k) for k in code_messages}
    labels = {o.label for g in GAMES.values() for o in g.options}
    assert labels <= ids, labels - ids
    assert {i18n.CHARACTER_NAMES[c] for c in CHARACTERS} <= ids
    assert {g.title for g in GAMES.values()} <= ids


_PLACEHOLDER = re.compile(r"\{[A-Za-z_]*\}|%(?:\([a-z_]+\))?[sd]")
_MARKUP = ("**", "->", "\n", "#")


def _shape(text):
    return sorted(_PLACEHOLDER.findall(text)), [text.count(m) for m in _MARKUP]


@pytest.mark.parametrize("code", LANGS)
def test_translations_keep_the_placeholders_and_the_markup(code, code_messages):
    wrong = []
    for key, value in catalog(code).items():
        if key == "" or key not in code_messages:
            continue
        sources = code_messages[key]
        for i, text in enumerate(value if isinstance(value, list) else [value]):
            source = sources[min(i, len(sources) - 1)]
            # a plural's first form may say "one" instead of {n}; every other form keeps them all
            want, got = _shape(source), _shape(text)
            if isinstance(value, list) and i == 0:
                want = ([p for p in want[0] if p != "{n}"], want[1])
                got = ([p for p in got[0] if p != "{n}"], got[1])
            if want != got:
                wrong.append(f"{english(key)!r} -> {text!r}")
    assert not wrong, f"{code}: " + " | ".join(wrong)


def test_the_shape_check_sees_a_lost_placeholder_and_lost_markup():
    assert _shape("{name} wins") != _shape("wint")
    assert _shape("the J{C} **now**") != _shape("de J{C} nu")


@pytest.mark.parametrize("code", LANGS)
def test_the_catalogs_plural_rule_is_the_languages(code):
    header = catalog(code)[""]
    rule = re.search(r"Plural-Forms: *nplurals=(\d+); *plural=([^;\n]+);", header)
    assert rule, header
    plural = gettext.c2py(rule.group(2))
    # French says "0 donne" (singular), Dutch "0 rondes"; Dari counts with the singular noun
    assert [plural(n) for n in (0, 1, 2)] == {"fr": [0, 0, 1], "nl": [1, 0, 1], "fa": [0, 0, 1]}[code]
    i18n.set_language(code)
    forms = catalog(code)[("{n} deal", "{n} deals")]
    assert i18n.ngettext("{n} deal", "{n} deals", 0) == forms[plural(0)]
    assert i18n.ngettext("{n} deal", "{n} deals", 5) == forms[plural(5)]


# -- fallback, compiling, the default ------------------------------------------------------------

def test_a_message_a_catalog_lacks_falls_back_to_english(tmp_path, monkeypatch):
    po = tmp_path / "xx" / "LC_MESSAGES" / "manfee.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "New game"\nmsgstr "Nieuw spel"\n\nmsgid "Quit"\nmsgstr ""\n\n'
                  '#, fuzzy\nmsgid "Rules"\nmsgstr "Regels?"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(tmp_path))
    monkeypatch.setitem(i18n.LANGUAGES, "xx", "Test")
    i18n.set_language("xx")
    assert (i18n._("New game"), i18n._("Quit"), i18n._("Rules")) == ("Nieuw spel", "Quit", "Rules")
    assert i18n.untranslated("xx", {"New game", "Quit", "Rules"}) == ["Quit", "Rules"]


def test_catalogs_compile_into_the_cache_folder_once_and_again_when_the_source_changes(manfee_home):
    mo = i18n.compiled("nl")
    assert mo.startswith(str(manfee_home)) and mo.endswith(".mo")
    with open(mo, "rb") as f:
        assert gettext.GNUTranslations(f).gettext("New game") == "Nieuw spel"
    os.utime(mo, (1, 1))
    assert i18n.compiled("nl") == mo and os.path.getmtime(mo) == 1          # up to date: kept
    with open(mo + ".sha256", "w") as f:
        f.write("another source")
    i18n.compiled("nl")
    assert os.path.getmtime(mo) > 1                                          # stale: built again


@pytest.mark.parametrize("env, want", [
    ({"LANGUAGE": "nl_BE:fr", "LANG": "fr_BE.UTF-8"}, "nl"),
    ({"LC_ALL": "fr_BE.UTF-8", "LANG": "nl_BE.UTF-8"}, "fr"),
    ({"LANG": "prs_AF.UTF-8"}, "fa"),
    ({"LANG": "fa_AF"}, "fa"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, None),          # not ours: the locale module's guess, else English
])
def test_the_default_language_is_the_systems(monkeypatch, env, want):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: ("de_DE", "UTF-8"))
    assert i18n.system_language() == (want or "en")
    assert i18n.set_language("") == (want or "en")


def test_the_language_setting_is_kept_and_a_bad_one_falls_back(tmp_path):
    from table.config import Settings
    s = Settings(language="fa")
    path = tmp_path / "settings.json"
    assert s.save(str(path)) is None
    assert Settings.load(str(path)).language == "fa"
    path.write_text('{"version": 1, "language": 7}')
    bad = Settings.load(str(path))
    assert bad.language == "" and "language" in bad.problems[0]


# -- glyphs --------------------------------------------------------------------------------------

def _missing(font, text):
    """Characters of ``text`` that ``font`` draws as its empty box (.notdef).  pygame-ce gives
    the box's metrics for a missing glyph, so a character is compared with one no font has."""
    box = font.render("\U000F0000", True, (255, 255, 255))
    box_bytes = pygame.image.tobytes(box, "RGBA")
    out = set()
    for ch in set(text) - set(" \n\u200c\u200f"):          # joiners and bidi marks draw nothing
        m = font.metrics(ch)
        if m[0] is None:
            out.add(ch)
            continue
        img = font.render(ch, True, (255, 255, 255))
        if img.get_size() == box.get_size() and pygame.image.tobytes(img, "RGBA") == box_bytes:
            out.add(ch)
    return out


@pytest.fixture(scope="module")
def fonts():
    pygame.font.init()
    from table.text import FONT_FILES, arabic_font_file
    assert arabic_font_file(), "fontpkg-noto-sans-arabic is not installed"
    arabic = pygame.font.Font(arabic_font_file(), 20)
    arabic.set_script("Arab")
    arabic.set_direction(pygame.DIRECTION_RTL)
    return {"latin": pygame.font.Font(FONT_FILES[False], 20), "arabic": arabic}


def test_the_glyph_check_sees_a_missing_glyph(fonts):
    assert _missing(fonts["latin"], "a♠ب") == {"♠", "ب"}
    assert _missing(fonts["arabic"], "بa♠") == {"♠"}


def _strings(code):
    out = []
    for value in catalog(code).values():
        out += value if isinstance(value, list) else [value]
    return [s for s in out if s and not s.startswith("Project-Id-Version")]


@pytest.mark.parametrize("code", LANGS + ["en"])
def test_every_string_has_its_glyphs_in_the_fonts_that_draw_it(code, fonts, code_messages):
    from table.text import TableFont
    texts = [f for forms in code_messages.values() for f in forms] if code == "en" else _strings(code)
    # pygame_gui draws a language in one font (theme.ui_theme: Noto Sans Arabic for Dari)
    gui_font = fonts["arabic"] if i18n.is_rtl(code) else fonts["latin"]
    assert not _missing(gui_font, "".join(texts)), (code, _missing(gui_font, "".join(texts)))
    # the table's own text, and the rule pages it lays out (their arrows are drawn as shapes):
    # each run in the font TableFont gives it
    i18n.set_language(code)
    table = TableFont(20, False)
    lacking = set()
    for text in texts + [page.replace("→", "") for page in _pages(code)]:
        for line in text.splitlines():
            for font, run, _rtl in table._pieces(line):
                lacking |= _missing(font, run)
    assert not lacking, (code, lacking)


# -- the quick reference ------------------------------------------------------------------------

def _pages(code):
    from table.quickref import GAMES, page_path
    out = []
    for game, _title in GAMES:
        with open(page_path(game, code), encoding="utf-8") as f:
            out.append(f.read())
    return out


@pytest.mark.parametrize("code", LANGS)
def test_each_language_has_its_own_rule_pages_with_the_same_sections(code):
    from table.quickref import GAMES, PAGES, parse
    for game, _title in GAMES:
        path = os.path.join(PAGES, code, f"{game}.txt")
        assert os.path.exists(path), path
        with open(os.path.join(PAGES, f"{game}.txt"), encoding="utf-8") as f:
            english_kinds = [b[0] for b in parse(f.read()) if b[0] in ("h1", "h2")]
        with open(path, encoding="utf-8") as f:
            kinds = [b[0] for b in parse(f.read()) if b[0] in ("h1", "h2")]
        assert kinds == english_kinds, game


# -- on screen -----------------------------------------------------------------------------------

def test_switching_the_language_rewords_the_open_screens_without_a_restart(table):
    from table.config import Settings
    from table.settings import SettingsScene
    app = table.app
    menu = app.top
    assert menu.buttons["new"].text == "New game"
    settings = SettingsScene(app)
    app.push(settings)
    table.frames(1)
    settings.set_language("nl")
    table.frames(1)
    assert app.top.buttons["back"].text == "Klaar"               # the open screen, rebuilt
    table.click_button("back")
    assert app.top is menu and menu.buttons["new"].text == "Nieuw spel"
    assert Settings.load().language == "nl"
    settings = SettingsScene(app)
    app.push(settings)
    settings.set_language("fa")
    table.click_button("back")
    new = menu.buttons["new"]
    assert i18n.is_rtl() and new.text == "بازی نو"
    assert new.font.get_direction() == pygame.DIRECTION_RTL       # pygame_gui's Dari font


def test_dari_is_listed_by_its_own_name_in_a_latin_screen_and_chosen(table):
    """A reader of Dari looks for دری, not "Dari": the line is shaped and drawn in the Arabic font."""
    import pygame_gui
    from table.settings import SettingsScene
    from table.shaping import for_ltr_widget
    settings = SettingsScene(table.app)
    table.app.push(settings)
    table.frames(1)
    drop = settings.drops["language"]
    assert (for_ltr_widget("دری"), "#arabic_item") in drop.options_list
    shown = [line[0] for line in drop.options_list]
    assert "Nederlands" in shown and "Dari" not in shown
    try:
        table.post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=drop, text=(for_ltr_widget("دری"), "#arabic_item"))
        table.frames(2)
        assert i18n.is_rtl() and table.app.settings.language == "fa"
        assert "دری" in [line[0] for line in table.app.top.drops["language"].options_list]   # in Dari, as is
    finally:
        i18n.set_language("en")

def test_switching_the_language_in_a_small_window_warns_of_no_label_too_small(table):
    import warnings
    from table.settings import SettingsScene
    app = table.app
    app._resized((1024, 600))
    settings = SettingsScene(app)
    app.push(settings)
    table.frames(1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for code in ("fa", "nl", "fa", "en"):
            app.top.set_language(code)
            table.frames(1)
    assert [str(w.message) for w in caught] == []
    assert app.top.buttons["back"].text == "Done"
    # the language list opens where all its lines fit (down it scrolled, its first line cut)
    lang = app.top.drops["language"]
    assert lang.expand_direction == "up" and lang.expansion_height_limit >= len(lang.options_list) * 28


@pytest.mark.parametrize("size", [(2560, 1440), (1280, 720), (1600, 900), (1680, 1050)])
def test_an_open_language_list_is_its_lines_and_no_empty_band(table, size):
    """At 2560x1440 the list opened upward with an empty band half a line tall over its first line."""
    from table.settings import SettingsScene
    table.app._resized(size)
    settings = SettingsScene(table.app)
    table.app.push(settings)
    table.frames(2)
    for name in ("speed", "pace", "language"):     # (at 1600x900 a line is 37.5 px, drawn 38: it scrolled)
        drop = settings.drops[name]
        table.click(drop.rect.center)
        table.frames(3)
        shown = drop.menu_states["expanded"].options_selection_list
        assert drop.is_open and shown.scroll_bar is None, name          # every line in sight
        assert drop.expansion_height_limit == shown.rect.height, name   # and nothing over them
        table.click(drop.rect.center if drop.expand_direction == "down" else (5, 5))
        table.frames(2)


def test_new_game_in_dari_starts_the_match_chosen_in_codes(table):
    from table.new_game import NewGameScene
    from table.theme import apply_language
    app = table.app
    apply_language(app.ui, "fa")
    new = NewGameScene(app, game="manille")
    app.push(new)
    table.frames(1)
    drop = new.form.drops["bot:top"]
    shown = [t for t, _id in drop.options_list] if isinstance(drop.options_list[0], tuple) else drop.options_list
    tizab = next(t for t in shown if "تیزاب" in t)
    assert new.form.chosen("bot:top", tizab).startswith("تیزاب")
    assert "۸" in new.form.chosen("bot:top", tizab)                    # its level in Persian digits
    from table.new_game import bot_of
    assert bot_of(new.form.chosen("bot:top", tizab)) == "TIZAB"
    assert new.form.rtl and new.buttons["start"].rect.x < new.buttons["back"].rect.x


def test_dari_is_drawn_right_to_left():
    from table.text import gui, render, visual_runs
    pygame.font.init()
    i18n.set_language("fa")
    # "اب": alef (a tall stroke, first) then beh (low): the alef is drawn on the right
    img = render("اب", 40, (255, 255, 255))
    w, h = img.get_size()
    ink = [(x, y) for x in range(w) for y in range(h) if img.get_at((x, y)).a > 128]
    tall = [x for x, y in ink if y < h * 0.35]
    assert tall and min(tall) > w / 2, (w, sorted(set(tall)))
    # a Latin name and a number inside Dari still read left to right
    assert visual_runs("بازی Manfee", True) == [("Manfee", False), ("بازی ", True)]
    assert [r for r, _rtl in visual_runs("امتیاز ۱۲", True)] == ["۱۲", "امتیاز "]
    assert gui("بازی Manfee") == "بازی eefnaM"         # pygame_gui's RTL font reverses it back
    # every widget's words pass through it, the table's English ones too
    from pygame_gui.core.utility import translate
    from table.theme import prepare_widget_words
    prepare_widget_words()
    assert translate("Menu") == "uneM" and translate("کدو (۱/۹)") == gui("کدو (۱/۹)")
    assert i18n.digits("52 − 7") == "۵۲ − ۷" and i18n.number(-4) == "−۴"
    assert i18n.character_name("ZELZELA") == "زلزله" and i18n.game_title("manfee") == "منفی"
    i18n.set_language("nl")
    assert i18n.digits("52") == "52" and i18n.character_name("ZELZELA") == "Zelzela"
    assert translate("Menu") == "Menu"


@pytest.mark.parametrize("size", [18, 28, 48])
def test_bold_dari_keeps_every_letters_dots(size):
    """Bold Dari is as many marks as plain Dari: SDL_ttf's own bold drew the one dot of
    ف and ن as two from about 24 px (the title منفی read متقی)."""
    from table.text import render
    pygame.font.init()
    i18n.set_language("fa")
    try:
        for word in ("منفی", "فن"):           # letters of one dot (two close dots may touch in bold)
            blobs = [len(pygame.mask.from_surface(render(word, size, (255, 255, 255), bold=b), 96)
                         .connected_components(3)) for b in (False, True)]
            assert blobs[0] == blobs[1], (word, size, blobs)
            plain, bold = (render(word, size, (255, 255, 255), bold=b) for b in (False, True))
            ink = [pygame.mask.from_surface(img, 96).count() for img in (plain, bold)]
            assert ink[1] > ink[0] * 1.08, ink          # and bold still reads heavier
    finally:
        i18n.set_language("en")


# -- the table's own words ------------------------------------------------------------------------

def _codes():
    from net.protocol import ERRORS
    from rules.errors import CODES
    return set(ERRORS) | set(CODES) | {"hints_off", "not_your_seat"}


@pytest.mark.parametrize("code", LANGS)
def test_every_refusal_code_is_worded_in_every_language(code):
    from table.host_words import REFUSALS, refusal
    assert _codes() <= set(REFUSALS), _codes() - set(REFUSALS)        # a new code needs its words here
    english = {c: refusal(c) for c in _codes()}
    i18n.set_language(code)
    same = [c for c in _codes() if refusal(c) == english[c]]
    assert not same, (code, same)
    assert "some_new_code" in refusal("some_new_code")      # a code this table does not know: shown as it is


def test_a_refusal_is_worded_from_its_code_not_the_hosts_sentence(table, manfee_home):
    """The host refuses in English with a code; the screen says it in the player's language."""
    from table_helpers import start_local
    from table.theme import apply_language
    scene = start_local(table, "manfee", {"target": 13}, 1, ("KADO", "KADO", "KADO"), 3)
    apply_language(table.app.ui, "nl")
    scene.take({"type": "error", "code": "not_your_turn", "reason": "another seat is to act"})
    assert scene.message[0] == "Niet jouw beurt."
    scene.take({"type": "notice", "kind": "left", "seat": "left", "name": "Ana"})
    assert scene.message[0] == "Ana verliet de tafel"
    apply_language(table.app.ui, "en")


@pytest.mark.parametrize("code", LANGS + ["en"])
def test_the_coachs_reasons_are_worded_in_every_language(code):
    from bots.coach_words import ENGLISH, Reason, say
    from table.coach_words import TEMPLATES, hint_reason
    assert set(TEMPLATES) == set(ENGLISH)                   # the same codes as the bots' English table
    params = {"card": "KS", "suit": "H", "partner_card": "TH", "high_card": "AH", "winner_card": "QD",
              "beats_card": "9C", "trump": "D", "need": 2, "they_need": 3, "tricks": 3.5, "call": 4, "total": 5,
              "target": 8, "their_target": 5, "pass_target": 6, "pass_their_target": 7, "accept_target": 8,
              "accept_their_target": 5, "points": 35, "partner_tricks": 3.2, "side": 6.5, "opp": 5, "partner": 4, "factor": 8,
              "deals": 800, "margin": 1.5, "other_card": "QC", "kept_card": "KC", "average": 4}
    english = {c: say(Reason(c, params)) for c in ENGLISH}
    i18n.set_language(code)
    for c in ENGLISH:
        text = hint_reason(Reason(c, params))
        if code == "en":            # the bots' own English, pips as tokens
            assert text == english[c].replace("♠", "{S}").replace("♥", "{H}").replace("♦", "{D}") \
                .replace("♣", "{C}"), c
            continue
        assert text != english[c] and "hearts" not in text and "diamonds" not in text, (c, text)
        if code == "fa":            # numbers in Persian digits; card indices stay as printed (10{H}, 9{C})
            assert not any(d in text.replace("10{H}", "").replace("9{C}", "") for d in "0123456789"), (c, text)
    if code == "fa":
        assert "۳٫۵" in hint_reason(Reason("call_hand", params))       # the decimal mark too
    # a margin with tenths takes the language's plural: "1.5 points", "1,5 point" (French singular below 2)
    margin = hint_reason(Reason("search_margin", params))
    if code in ("en", "nl", "fr"):
        assert ("1.5" if code == "en" else "1,5") in margin, margin
        assert {"en": "1.5 points", "nl": "1,5 punten", "fr": "1,5 point de"}[code] in margin, margin


def test_rich_text_with_dari_words_reads_right_to_left():
    from table import rich
    pygame.font.init()
    i18n.set_language("fa")
    # the pieces from the left: the rest of the line, the card (index then pip), the start
    order = [(p[0], p[1], right) for p, right in rich._visual(rich._pieces("باید از J{C} بالاتر", False))]
    assert order == [("txt", " بالاتر", True), ("txt", "J", False), ("pip", "C", False), ("txt", "باید از ", True)]
    # a heart after a Dari word stands on the word's left (the line reads from the right)
    img = rich.rich("دل دل دل {H}", 30, (255, 255, 255))
    w, h = img.get_size()
    red = [x for x in range(w) for y in range(h) if img.get_at((x, y)).r > 150 and img.get_at((x, y)).g < 120]
    assert red and max(red) < w / 3, (w, min(red), max(red))
    # the same line in English keeps its order: the pip on the right
    i18n.set_language("en")
    assert not rich._cache                                   # a language switch empties the cache
    img = rich.rich("Hearts {H}", 30, (255, 255, 255))
    w, h = img.get_size()
    red = [x for x in range(w) for y in range(h) if img.get_at((x, y)).r > 150 and img.get_at((x, y)).g < 120]
    assert red and min(red) > w / 2


@pytest.mark.parametrize("code, title_left", [("en", True), ("fa", False)])
def test_the_score_board_reads_from_the_readers_side(code, title_left):
    """The deal's title starts where the reader starts: left in English, right in Dari;
    the match's target, in its dim ink, sits on the other side."""
    from table.hud import TableLook, draw_scoreboard
    from table.layout import Layout
    from table.theme import DIM, GOLD
    pygame.font.init()
    i18n.set_language(code)
    view = {"game": "manni", "phase": "play", "deal": 2, "options": {"target": 10}, "turn": "left",
            "totals": {"bottom": 3, "left": 0, "right": -1}, "tricks": {"bottom": 2, "left": 1, "right": 0}}
    look = TableLook(view=view, layout=Layout((1024, 600), 3), board=None, viewer="bottom",
                     name=lambda s: i18n.seat_name(s), kind=lambda s: "bot")
    surface = pygame.Surface((1024, 600))
    rect = draw_scoreboard(surface, look)
    row = range(rect.y + 4, rect.y + 22)

    def near(c, ink):
        return all(abs(a - b) < 24 for a, b in zip(c, ink))
    gold = [x for x in range(rect.x, rect.right) for y in row if near(surface.get_at((x, y)), GOLD)]
    dim = [x for x in range(rect.x, rect.right) for y in row if near(surface.get_at((x, y)), DIM)]
    assert gold and dim
    assert (sum(gold) / len(gold) < rect.centerx) == title_left
    assert (sum(dim) / len(dim) > rect.centerx) == title_left


def test_a_side_of_two_wins_in_the_plural_whatever_joins_their_names():
    from table.results import MatchEnd
    i18n.set_language("fa")                       # Dari joins two names with "و", not "&"
    end = MatchEnd(game="manille", winner="left-right", totals={}, summaries=[], name=i18n.seat_name)
    assert end.winner_text() == "چپ و راست بردند"
    end.winner = "left"
    assert end.winner_text() == "چپ برد"


def test_switching_the_language_at_the_table_rewords_it(table, manfee_home):
    """Settings opened over a match: the table's buttons, plates and prompt speak the new language."""
    from table.settings import SettingsScene
    from table_helpers import start_local
    scene = start_local(table, "manfee", {"target": 13}, 1, ("KADO", "KADO", "KADO"), 3)
    assert table.until(lambda: scene.waiting_for_human() is not None, limit=3000)
    assert scene.buttons["rules"].text == "Rules"
    settings = SettingsScene(table.app)
    table.app.push(settings)
    table.frames(1)
    settings.set_language("fr")
    table.click_button("back")
    assert table.app.top is scene and scene.buttons["rules"].text == "Règles"
    assert scene.picker_title == "Votre annonce : combien de plis ferez-vous ?"
    # the cards print the French deck's letters (roi, dame, valet) from the switch on
    assert scene.board.images.big.indices == {"K": "R", "Q": "D", "J": "V"}
    from table.hud import plate_lines
    assert plate_lines(scene.look(), "left")[1].endswith("bot") and "annonce" in " ".join(
        plate_lines(scene.look(), s)[1] for s in scene.seats)
    i18n.set_language("en")


@pytest.mark.parametrize("code", ["en", "fa"])
def test_a_forms_title_ends_above_its_first_row(code):
    """The screen's title shrinks until it ends above the form (``floor``):
    Dari's taller letters were cut by the first drop-down at 1024x600."""
    from table.forms import draw_backdrop
    from table.theme import GOLD
    pygame.font.init()
    i18n.set_language(code)
    surface = pygame.Surface((1024, 600))
    floor = 100
    draw_backdrop(surface, "New game", floor=floor)

    def gold(y):
        return any(all(abs(a - b) < 30 for a, b in zip(surface.get_at((x, y))[:3], GOLD))
                   for x in range(300, 724, 2))
    assert any(gold(y) for y in range(30, floor))
    assert not any(gold(y) for y in range(floor, 140))


def test_a_call_not_made_yet_is_asked_in_the_readers_script(monkeypatch):
    """Manfee's score board during the calling: "calls ? + remainder"; Dari asks with "؟"."""
    from table import hud
    from table.layout import Layout
    pygame.font.init()
    said = []
    monkeypatch.setattr(hud, "blit_text", lambda surface, text, *a, **k: said.append(text))
    view = {"game": "manfee", "phase": "call", "deal": 0, "options": {"target": 52}, "turn": "left",
            "dealer": "top", "calls": {"right": 3}, "totals": {"bottom-top": 0, "left-right": 0}}
    try:
        i18n.set_language("fa")
        look = hud.TableLook(view=view, layout=Layout((1024, 600), 4), board=None, viewer="bottom",
                             name=lambda s: i18n.seat_name(s), kind=lambda s: "bot")
        hud.draw_scoreboard(pygame.Surface((1024, 600)), look)
    finally:
        i18n.set_language("en")
    calls = [t for t in said if "؟" in t or "?" in t]
    assert calls and all("?" not in t for t in calls)


def test_a_join_code_reads_in_its_own_order_in_dari():
    """"165 356" showed in Dari as "356 165" (two numbers, a space between, laid right to
    left), and a friend who typed what they read got "wrong code"."""
    from table.host_words import join_note
    from table.text import visual_runs
    try:
        i18n.set_language("fa")
        line = join_note({"note": "code", "code": "165 356"})
        runs = [run for run, rtl in visual_runs(line) if not rtl]
    finally:
        i18n.set_language("en")
    assert [r.replace("\u00a0", " ") for r in runs] == ["165 356"]


def test_no_dari_line_uses_a_middle_dot_which_reads_as_the_digit_zero():
    """"بازی تا: ۵۲ · اشاره‌ها" read as "52 0": Dari lines part their items with "،"."""
    from table.host_setup import unfinished_label
    with open(os.path.join(os.path.dirname(i18n.__file__), "locale", "fa", "LC_MESSAGES", "manfee.po"), encoding="utf-8") as f:
        po = i18n.read_po(f.read())
    dotted = [k for k, v in po.items() if any("·" in t for t in (v if isinstance(v, (list, tuple)) else [v]))]
    assert dotted == []
    entry = {"game": "manille", "mtime": 0, "deals": 4, "totals": {"a": 18, "b": 25}, "table": "میز"}
    try:
        i18n.set_language("fa")
        assert "·" not in unfinished_label(entry)
    finally:
        i18n.set_language("en")


def test_the_lobby_names_a_listed_tables_bots_in_the_readers_script():
    from table.lobby import seated_names
    players = {"bottom": {"kind": "host", "name": "احمد"}, "left": {"kind": "bot", "name": "Tana", "bot": "TANA"},
               "top": {"kind": "open"}}
    try:
        i18n.set_language("fa")
        line = seated_names(players)
        assert "Tana" not in line and i18n.character_name("TANA") in line and "احمد" in line
    finally:
        i18n.set_language("en")


def test_the_dealers_chip_carries_the_languages_letter():
    """A Latin "D" on the dealer's chip means nothing to a Dari reader: its letter is
    translated (پ, of پخش‌کن), drawn with a font that has it."""
    import pygame
    from table import i18n
    from table.hud import dealer_button
    pygame.font.init()
    try:
        d = pygame.image.tobytes(dealer_button(40), "RGBA")
        i18n.set_language("fa")
        pe = dealer_button(40)
        assert i18n.pgettext("the dealer's chip: one letter", "D") == "پ"
        assert pygame.image.tobytes(pe, "RGBA") != d
        inked = sum(1 for x in range(12, 28) for y in range(12, 28) if pe.get_at((x, y)).r < 100)
        assert inked > 15                                   # a letter, not a blank (or a box) on the chip
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("code", ["fa", "nl", "fr"])
def test_a_lost_connection_is_worded_in_the_players_language_not_the_systems(code):
    """"cannot reach 127.0.0.1:47820 (Connection refused)" stood in English on a Dari screen."""
    from table.host_words import reason_text
    i18n.set_language(code)
    try:
        for raw in ("cannot reach 127.0.0.1:47820 (Connection refused)",
                    "connection lost (Software caused connection abort)"):
            said = reason_text(raw)
            assert said and not any(w in said for w in ("cannot", "refused", "Software", "lost")), said
        assert "127.0.0.1:47820" in reason_text("cannot reach 127.0.0.1:47820 (Connection refused)")
    finally:
        i18n.set_language("en")


def test_french_lines_elide_the_article_before_an_ace():
    """"le A♠", "du A♥": French writes l'A♠, de l'A♥ (the coach's templates say "le {card}");
    every line with a card goes through ``rich``, which writes it so."""
    from table.coach_words import hint_reason
    from bots.coach_words import Reason
    from table.rich import rich
    pygame.font.init()
    try:
        i18n.set_language("fr")
        line = hint_reason(Reason("only_card", {"card": "AS"}))
        assert line.startswith("le A{S}")                            # the template, as translated
        assert rich(line, 16).get_width() == rich("l'A{S}" + line[len("le A{S}"):], 16).get_width()
        assert i18n.elide("surcoupez le 9{H} avec le A{H}") == "surcoupez le 9{H} avec l'A{H}"
    finally:
        i18n.set_language("en")
    assert rich("le A{S}", 16).get_width() != rich("l'A{S}", 16).get_width()     # English lines as written


def test_a_tooltip_names_a_worded_key_as_the_languages_keyboards_print_it():
    """French keyboards print Échap and Entrée: "Touche : Esc" read as a foreign word."""
    from table.table_keys import tool_tip
    try:
        i18n.set_language("fr")
        assert "Échap" in tool_tip("menu")[0] and "Entrée" in tool_tip("next")[0] and tool_tip("hint")[0].endswith("I")
    finally:
        i18n.set_language("en")
    assert tool_tip("menu")[0] == "Key: Esc"


def test_cards_are_named_and_printed_with_the_letters_of_the_players_deck():
    """A Flemish player says heer, vrouw, boer (H V B): "Tip: K♠", "de Q♦" and cards printed
    K Q J read as English in a Dutch game; French decks print R D V, and a queen is "la D♠"."""
    from bots.coach_words import Reason
    from sprites.cards import CardArt
    from table.coach_words import hint_reason
    from table.rich import card_words
    pygame.font.init()
    try:
        i18n.set_language("nl")
        assert i18n.card_indices() == {"K": "H", "Q": "V", "J": "B"}
        assert [card_words(c) for c in ("KS", "QD", "JC", "AH", "TH", "9S")] == \
            ["H{S}", "V{D}", "B{C}", "A{H}", "10{H}", "9{S}"]
        assert "H{S}" in hint_reason(Reason("highest_left", {"card": "KS", "suit": "S"}))
        assert "de V{D}" in hint_reason(Reason("dont_overtake", {"high_card": "QD", "partner_card": "JD"}))
        i18n.set_language("fr")
        assert i18n.elide(hint_reason(Reason("only_card", {"card": "QS"}))).startswith("la D{S}")   # as rich() draws it
        i18n.set_language("fa")
        assert i18n.card_indices() == {}                # Dari tables play with the international letters
    finally:
        i18n.set_language("en")
    assert card_words("QD") == "Q{D}" and i18n.card_indices() == {}
    english, dutch = CardArt(60), CardArt(60, indices={"K": "H", "Q": "V", "J": "B"})
    for card in ("KS", "QH", "JD"):
        assert pygame.image.tobytes(english.face(card), "RGBA") != pygame.image.tobytes(dutch.face(card), "RGBA")
    assert pygame.image.tobytes(english.face("9S"), "RGBA") == pygame.image.tobytes(dutch.face("9S"), "RGBA")


def test_two_players_who_did_best_take_a_plural_verb():
    """"Donne 3 : élise & Tizab a fait le mieux": a French verb for one, for two players."""
    from table.words import deal_title
    try:
        i18n.set_language("fr")
        two = deal_title(3, "complete", {"bottom": 1, "left": 1, "right": -2}, str.title)
        one = deal_title(3, "complete", {"bottom": 2, "left": 0, "right": -2}, str.title)
    finally:
        i18n.set_language("en")
    # two players alone, "and" and "both", not a team's "&"
    assert two == "Donne 3 : Bottom et Left ont tous deux fait le mieux (+1)" and one.endswith("Bottom a fait le mieux (+2)")


def test_a_dari_rule_page_sets_a_bracket_round_latin_on_the_outer_side(fonts):
    """"(10 = ۵، …" in a right-to-left line: the bracket opens at the right of "10", drawn as a
    right-to-left reader sees it; kept on the Latin word it landed inside the list ("۵ = (10")."""
    from table.quickref import _mirrored, _render_words, _words
    i18n.set_language("fa")
    runs = _words("کارت‌ها (10 = ۵، A = ۴)")
    line = _render_words(runs, 20, (255, 255, 255), 600)[0][0]
    placed = dict(zip([w for w, _b, _i in runs if w != " "], _mirrored(line, 600)))
    bracket, ten, word = placed[")"], placed["10"], placed["کارت‌ها"]
    assert ten[1] + ten[0].get_width() <= bracket[1] < word[1]         # 10) کارت‌ها
    # ... and the one that closes it after a number: on its far side, "(۴ = A", not "۴( = A"
    runs = _words("(10 = ۵، A = ۴) و ترتیب")
    line = _render_words(runs, 20, (255, 255, 255), 600)[0][0]
    placed = dict(zip([w for w, _b, _i in runs if w != " "], _mirrored(line, 600)))
    closing, four, then = placed["("], placed["۴"], placed["و"]
    assert then[1] + then[0].get_width() <= closing[1] and closing[1] + closing[0].get_width() <= four[1]
    i18n.set_language("en")
    assert _words("(10 = 5")[0] == ("(10", False, False)               # left to right: as written


def test_a_matchs_date_names_its_month_in_the_language():
    """"05/12 09:19" read as 12 May to an English player on the 5th of December."""
    import time
    from table.words import when_played
    stamp, now = time.strptime("2026-12-05 09:19", "%Y-%m-%d %H:%M"), time.strptime("2026", "%Y")
    said = {}
    for code in ("en", "nl", "fr", "fa"):
        i18n.set_language(code)
        said[code] = when_played(stamp, now)
    i18n.set_language("en")
    assert said == {"en": "5 Dec 09:19", "nl": "5 dec 09:19", "fr": "5 déc. 09:19", "fa": "۵ دسمبر، ۰۹:۱۹"}


def test_a_drop_down_line_is_tall_enough_for_dari_letters():
    """The Language list cut "دری" at its foot: 28 pixels a line were too few for the Arabic
    font's letters; and list_height reckons with the lines theme.json sets."""
    import json as _json
    from table import theme
    from table.text import font
    pygame.font.init()
    sizes = {b["misc"]["list_item_height"] for k, b in _json.load(open(theme.__file__.replace("theme.py", "theme.json")))
             .items() if isinstance(b, dict) and "list_item_height" in (b.get("misc") or {})}
    assert sizes == {str(theme.LIST_ITEM)}
    i18n.set_language("fa")
    try:
        tall = font(16).size("دری فارسی")[1]
    finally:
        i18n.set_language("en")
    assert tall + 4 <= theme.LIST_ITEM, tall


def test_a_negative_score_in_a_dari_list_row_keeps_its_sign_beside_its_digits(table):
    """pygame_gui set "احمد: −۶" as "احمد: ۶-", the minus run into the dash after it; our own
    text keeps the true minus before the digits."""
    from table.replay_list import ReplaysScene
    from table.words import side_score
    entry = {"mtime": 0, "ok": True, "game": "manni", "deals": 4, "finished": True, "winner": "left",
             "players": {s: {"name": n} for s, n in (("bottom", "احمد"), ("left", "لیلا"), ("right", "بهار"))},
             "totals": {"bottom": -6, "left": 8, "right": 1}}
    try:
        i18n.set_language("fa")
        assert "احمد: ۶−" in ReplaysScene(table.app).label(entry)        # the replays' list row
        assert side_score("احمد", -6, widget=True) == "احمد: ۶−"      # laid out on the digits' left
        assert side_score("احمد", -6) == "احمد: −۶" and side_score("احمد", 6, widget=True) == "احمد: ۶"
    finally:
        i18n.set_language("en")
    assert side_score("Ana", -6, widget=True) == "Ana: −6"


def test_a_dari_count_and_rate_cell_reads_count_first_from_the_right():
    """The statistics' "۱۰ (۱۰٪)" is digits alone, laid out left to right: read from the right,
    the rate came first."""
    from table.stats_screen import TEXT
    from table.text import visual_runs
    try:
        i18n.set_language("fa")
        cell = TEXT["count_rate"].format(count="۱۰", rate="۵۰٪")
    finally:
        i18n.set_language("en")
    shown = "".join(run for run, _rtl in visual_runs(cell, rtl=None))      # as drawn, from the left
    assert shown.rstrip().endswith("۱۰") and shown.lstrip().startswith("(")


def test_the_dari_rules_pages_name_the_games_and_buttons_as_the_table_does():
    """The muette page kept its old title after the menus took another, and the Manfee page
    sent the reader to a button («دستی که دادم») that had been renamed."""
    import os
    from table.quickref import PAGES
    from table.i18n import game_title
    try:
        i18n.set_language("fa")
        for game in ("manfee", "manille", "manille-muette", "manni"):
            with open(os.path.join(PAGES, "fa", f"{game}.txt"), encoding="utf-8") as f:
                page = f.read()
            assert page.splitlines()[0].startswith("# " + game_title(game)), game
        with open(os.path.join(PAGES, "fa", "manfee.txt"), encoding="utf-8") as f:
            assert f"«{i18n._('My old hand')}»" in f.read()
    finally:
        i18n.set_language("en")


def test_every_muette_rules_page_says_the_factors_multiply():
    """A newcomer read "× 2 for a blind trump, × 4 for a tap back" on the page, then "the deal
    then counts 8 times" at the table, from nowhere (RULES.md: the factors combine)."""
    import os
    from table.quickref import PAGES
    for lang, says in (("", "2 × 4 = 8"), ("nl", "2 × 4 = 8"), ("fr", "2 × 4 = 8"), ("fa", "۲ × ۴ = ۸")):
        with open(os.path.join(PAGES, lang, "manille-muette.txt"), encoding="utf-8") as f:
            assert says in f.read(), lang


def test_no_trump_inside_a_line_takes_no_capital_and_keeps_it_on_the_badge():
    """Dutch read "Troef: Zonder troef": a tile's word in the middle of a line."""
    from table.explain import trump_words
    i18n.set_language("nl")
    assert trump_words("NT") == "Zonder troef"
    assert trump_words("NT", in_line=True) == "zonder troef"
    assert trump_words("H") == "{H} Harten" and trump_words("H", in_line=True) == "{H} harten"


def test_a_menus_subtitle_stands_under_the_titles_own_letters_in_dari(monkeypatch):
    """The tail of the ی of "منفی" ran down to the subtitle under it."""
    from table import forms
    pygame.font.init()
    i18n.set_language("fa")
    drawn = []
    real = forms.blit_text
    monkeypatch.setattr(forms, "blit_text", lambda s, text, *a, **k: (drawn.append(real(s, text, *a, **k)), drawn[-1])[1])
    forms.draw_backdrop(pygame.Surface((1920, 800)), forms.N_("Manfee"), "four trick-taking games at one table")
    title, subtitle = drawn
    assert subtitle.top >= title.bottom - round(800 * 0.085 * 0.1) - 1, (title, subtitle)
