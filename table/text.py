"""Fonts and cached text surfaces for what the table draws itself.

Latin text uses the Noto Sans files that ship inside pygame_gui (a dependency),
so it looks the same on every machine.  Arabic script (Dari) uses Noto Sans
Arabic from the ``fontpkg-noto-sans-arabic`` package, shaped by pygame-ce's
HarfBuzz with ``set_script("Arab")`` and ``set_direction(DIRECTION_RTL)``;
nothing is ever downloaded.  Suit symbols are never text: Noto Sans has no
♠♥♦♣ glyphs; they are drawn as shapes (sprites.CardArt.pip).

HarfBuzz shapes one run in one direction; it does not order a line that mixes
scripts.  ``visual_runs`` does, with the Unicode bidi algorithm's rules for one
paragraph without explicit embeddings: a Dari sentence reads right to left,
while a Latin name or a number inside it reads left to right.  ``font()``
returns a ``TableFont`` that renders a line run by run in that order, so every
screen drawing with ``render``/``blit_text``/``rich`` gets Dari right.
pygame_gui draws a whole label in one direction: ``gui()`` prepares a line for
its right-to-left font (the Latin and number runs pre-reversed); every widget's
words pass through it (``theme.prepare_widget_words``).
"""
from __future__ import annotations

import os
import unicodedata

import pygame
import pygame_gui

from . import i18n

_DATA = os.path.join(os.path.dirname(pygame_gui.__file__), "data")
FONT_FILES = {False: os.path.join(_DATA, "NotoSans-Regular.ttf"),
              True: os.path.join(_DATA, "NotoSans-Bold.ttf")}


def arabic_font_file() -> str | None:
    """Noto Sans Arabic (a variable TTF) from its package, or None if it is not installed."""
    try:
        import fontpkg_noto_sans_arabic as pkg
    except ImportError:
        return None
    found = sorted(p for p in (pkg.ROOT / "files").glob("*.ttf"))
    return str(found[0]) if found else None


_fonts: dict = {}
_texts: dict = {}
_MAX_TEXTS = 600

# -- the order of a line -------------------------------------------------------------------------

# Between two digits they belong to the number (12:30, 3/9, ۳٫۵; a no-break space groups
# digits, "165 356", as the Unicode bidi algorithm's common separators do).
_SEPARATORS = set(",.:/٫\u00a0")
_NUMBER_SIGNS = set("+-−%٪")            # next to a digit, part of the number (−4, 50%)
# Stand-ins for pictures inside a line (rich.py): a suit pip reads as a letter of a card's
# index, left to right (J♣); an arrow as punctuation, taking the direction around it.
PIP_MARK = "\ue000"
ARROW_MARK = "\ue001"


def _kind(ch: str) -> str:
    """R (Arabic script), L (other letters), EN (digits) or N (spaces, punctuation)."""
    o = ord(ch)
    if ch == PIP_MARK:
        return "L"
    if 0x066A <= o <= 0x066C or ch == ARROW_MARK:   # Arabic percent and decimal signs go with their number
        return "N"
    if 0x30 <= o <= 0x39 or 0x06F0 <= o <= 0x06F9 or 0x0660 <= o <= 0x0669:
        return "EN"
    if 0x0590 <= o <= 0x08FF or 0xFB1D <= o <= 0xFDFF or 0xFE70 <= o <= 0xFEFF or o in (0x200C, 0x200F):
        return "R"
    if o == 0x200E or ch.isalpha():
        return "L"
    return "N"


LTR_ISOLATE, POP_ISOLATE = "\u2066", "\u2069"     # around a path or an address: it keeps its own order
_HIDDEN = "\ufffc"                                 # an isolate seen from outside: a neutral
_NO_MARKS = str.maketrans("", "", "\u2066\u2067\u2068\u2069")     # the isolates' marks, not drawn


def isolate(text: str) -> str:
    """``text`` set apart as a left-to-right unit (a file path in a Dari line: its folders and
    a Dari file name stay in the path's order).

    >>> runs = visual_runs("پرونده: " + isolate("/tmp/آمار-علی.csv"), rtl=True)
    >>> [run.strip(LTR_ISOLATE + POP_ISOLATE) for run, _rtl in runs]   # from the left: the path in order
    ['/tmp/', 'آمار-علی', '.csv', 'پرونده: ']
    >>> line = f"برنده: {isolate('Ana')} و {isolate('Bo')}  {isolate('Cy')} و {isolate('Di')}: ۳"
    >>> [run.strip(LTR_ISOLATE + POP_ISOLATE + " ") for run, rtl in visual_runs(line, rtl=True) if not rtl]
    ['۳', 'Di', 'Cy', 'Bo', 'Ana']
    """
    return LTR_ISOLATE + text + POP_ISOLATE


def by_reading(names, shown=None) -> list[str]:
    """``names`` in a dictionary's order, accents aside (SQLite's order put "Élodie" after
    "Julien", and the statistics opened on Julien), as ``shown(name)`` words them if given
    ("You" among the V's in French, where it reads "Vous").

    >>> by_reading(["Julien", "Élodie", "ana"])
    ['ana', 'Élodie', 'Julien']
    >>> by_reading(["You", "Wim"], {"You": "Vous"}.get)
    ['You', 'Wim']
    """
    def key(name: str) -> tuple[str, str]:
        seen = (shown(name) if shown else None) or name
        bare = "".join(c for c in unicodedata.normalize("NFKD", seen.casefold()) if not unicodedata.combining(c))
        return bare, name
    return sorted(names, key=key)


def as_unit(name: str) -> str:
    """A player's name as one unit in a line of the screen's language, when it is written in
    the other script: in Dari, two Latin names with only a score between them ("Cy: ۱۳ – Bo")
    were read as one Latin phrase, and the sides came out crossed; in English a Dari name's
    score ran to its far side.

    In Dari only a name that starts in Latin letters is set apart (a left-to-right unit):
    "علی Smith" so set apart read "Smith" first.

    >>> _ = i18n.set_language("fa"); as_unit("Ana") == isolate("Ana"), as_unit("لیلا"), as_unit("علی Smith")
    (True, 'لیلا', 'علی Smith')
    >>> _ = i18n.set_language("en"); as_unit("Ana"), as_unit("لیلا") == isolate("لیلا")
    ('Ana', True)
    """
    kinds = [k for k in map(_kind, name) if k in ("L", "R")]
    if i18n.is_rtl():
        return isolate(name) if kinds and kinds[0] == "L" else name
    return isolate(name) if "R" in kinds else name


def levels(text: str, rtl: bool) -> list[int]:
    """Each character's embedding level in a paragraph of direction ``rtl`` (odd: right to left).
    A left-to-right isolate (``isolate``) counts as one neutral outside and is laid out
    inside as a left-to-right paragraph of its own."""
    a = text.find(LTR_ISOLATE)
    b = text.find(POP_ISOLATE, a + 1) if a >= 0 else -1
    if b > a >= 0:
        # Outside, the isolate is one neutral run (not LRIs: the next isolate's search would
        # start inside this one and swallow everything up to that one's end).
        outside = levels(text[:a] + _HIDDEN * (b - a + 1) + text[b + 1:], rtl)
        base = 2 if rtl else 0
        return outside[:a] + [base] + [base + x for x in levels(text[a + 1:b], False)] + [base] + outside[b + 1:]
    kinds = [_kind(c) for c in text]
    n = len(kinds)
    for i, c in enumerate(text):                # a pip alone ("Ana: ♣ گشنیز") is a sign, not a card's
        if c == PIP_MARK and not (i and text[i - 1].isalnum()):    # index: it takes the side around it
            kinds[i] = "N"
    for i, k in enumerate(kinds):              # W4/W5, simplified: separators and signs join numbers
        if k != "N":
            continue
        before = kinds[i - 1] if i else None
        after = kinds[i + 1] if i + 1 < n else None
        if text[i] in _SEPARATORS and before == "EN" and after == "EN":
            kinds[i] = "EN"
        elif text[i] in _NUMBER_SIGNS and "EN" in (before, after):
            kinds[i] = "EN"
    last = "R" if rtl else "L"                  # W7: a number after Latin letters reads as Latin
    for i, k in enumerate(kinds):
        if k in ("L", "R"):
            last = k
        elif k == "EN" and last == "L":
            kinds[i] = "L"
    strong = ["R" if k == "EN" else k for k in kinds]      # N1: numbers count as R for neutrals
    base = "R" if rtl else "L"
    i = 0
    while i < n:                                # N1/N2: a neutral run takes its neighbours' side
        if strong[i] != "N":
            i += 1
            continue
        j = i
        while j < n and strong[j] == "N":
            j += 1
        prev = strong[i - 1] if i else base
        nxt = strong[j] if j < n else base
        side = prev if prev == nxt else base
        for m in range(i, j):
            kinds[m] = side
        i = j
    out = []
    for k in kinds:                             # I1/I2
        if rtl:
            out.append(1 if k == "R" else 2)
        else:
            out.append(0 if k == "L" else 1 if k == "R" else 2)
    return out


def visual_runs(text: str, rtl: bool | None = None) -> list[tuple[str, bool]]:
    """``text`` cut into runs of one direction, in the order they appear from the left:
    [(run in logical order, right_to_left)].  ``rtl`` is the paragraph's direction; by
    default a line is right to left when the language is and the line has Arabic script
    in it, so words still in English (or a Latin name alone) read as English does.

    >>> visual_runs("کدو (۱/۹) Manfee", rtl=True)
    [('Manfee', False), (') ', True), ('۱/۹', False), ('کدو (', True)]
    >>> visual_runs("Ana: \ue000 گشنیز", rtl=True)      # the name first, at the right
    [(': \ue000 گشنیز', True), ('Ana', False)]
    """
    return [(text[a:b], right) for a, b, right in visual_spans(text, rtl)]


def paragraph_rtl(text: str) -> bool:
    """A line is right to left when the language is and the line has Arabic script in it."""
    return i18n.is_rtl() and any(_kind(c) == "R" for c in text)


def visual_spans(text: str, rtl: bool | None = None) -> list[tuple[int, int, bool]]:
    """``visual_runs`` as (start, end, right_to_left) slices of ``text``, from the left."""
    if rtl is None:
        rtl = paragraph_rtl(text)
    if not text:
        return []
    lv = levels(text, rtl)
    runs: list[list] = []                       # [start, level, end]
    for i, level in enumerate(lv):
        if runs and runs[-1][1] == level:
            runs[-1][2] = i + 1
        else:
            runs.append([i, level, i + 1])
    order = list(range(len(runs)))
    top = max(r[1] for r in runs)
    lowest_odd = min((r[1] for r in runs if r[1] % 2), default=top + 1)
    for level in range(top, lowest_odd - 1, -1):      # L2: reverse every sequence at or above level
        i = 0
        while i < len(order):
            if runs[order[i]][1] >= level:
                j = i
                while j < len(order) and runs[order[j]][1] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return [(runs[k][0], runs[k][2], runs[k][1] % 2 == 1) for k in order]


def needs_bidi(text: str) -> bool:
    """True if ``text`` must be ordered run by run (Arabic script in it, or a Dari screen)."""
    return i18n.is_rtl() or any(ord(c) >= 0x0590 and _kind(c) == "R" for c in text)


def gui(text: str) -> str:
    """``text`` prepared for a pygame_gui widget: in a right-to-left language the widget's
    font lays the whole line out right to left, so its left-to-right runs (a Latin
    name, a number) are reversed here and come out reading the right way."""
    if not i18n.is_rtl() or not text:
        return text
    out = []
    for run, rtl in reversed(visual_runs(text)):      # the font reverses it all: Arabic runs stay logical
        out.append(run if rtl else run[::-1])
    return "".join(out)


def lead(anchor: str) -> str:
    """The anchor where a line starts: ``topleft`` is ``topright`` in a right-to-left language."""
    if not i18n.is_rtl():
        return anchor
    return anchor.replace("left", "\0").replace("right", "left").replace("\0", "right")


# -- fonts ---------------------------------------------------------------------------------------

def _load(path: str | None, size: int) -> pygame.font.Font:
    try:
        return pygame.font.Font(path if path and os.path.exists(path) else None, size)
    except (OSError, pygame.error):
        return pygame.font.Font(None, size)


class _Heavier:
    """The Arabic font drawn bold by hand: the font is one variable file, and SDL_ttf's
    made-up bold doubles the dots of some letters from about 24 px (the title منفی read
    متقی, "Manfee" turned "pious"; ف read ق).  Each piece is drawn plain and again
    ``shift`` pixels to the side, which thickens the strokes and leaves every dot one dot."""

    def __init__(self, plain: pygame.font.Font, size: int) -> None:
        self.plain = plain
        self.shift = max(1, round(size / 20))

    def __getattr__(self, name: str):
        return getattr(self.plain, name)

    def size(self, text: str) -> tuple[int, int]:
        w, h = self.plain.size(text)
        return w + self.shift, h

    def render(self, text: str, antialias: bool, colour, background=None) -> pygame.Surface:
        img = self.plain.render(text, antialias, colour)
        out = pygame.Surface((img.get_width() + self.shift, img.get_height()), pygame.SRCALPHA)
        for dx in range(self.shift + 1):
            out.blit(img, (dx, 0), special_flags=pygame.BLEND_RGBA_MAX)
        if background is not None:
            back = pygame.Surface(out.get_size(), pygame.SRCALPHA)
            back.fill(background)
            back.blit(out, (0, 0))
            return back
        return out


class TableFont:
    """A font for one size and weight that draws any line of the table's languages:
    Latin runs in Noto Sans, Arabic-script runs (and Persian digits) in Noto Sans Arabic,
    each shaped in its direction and set on one baseline.  Anything else (``italic``...)
    is the Latin font's."""

    def __init__(self, size: int, bold: bool) -> None:
        self.latin = _load(FONT_FILES[bold], size)
        self.point = size
        self.bold = bold
        self._arabic: dict = {}

    def __getattr__(self, name: str):
        return getattr(self.latin, name)

    def arabic(self, rtl: bool) -> pygame.font.Font | _Heavier:
        f = self._arabic.get(rtl)
        if f is None:
            f = _load(arabic_font_file(), self.point)
            f.set_script("Arab")
            f.set_direction(pygame.DIRECTION_RTL if rtl else pygame.DIRECTION_LTR)
            if self.bold:
                f = _Heavier(f, self.point)
            self._arabic[rtl] = f
        return f

    # The Arabic font's line box is far taller than Noto Sans's (room for stacked marks
    # the table's words never use): a mixed line keeps the Latin ascent and just enough
    # depth for Arabic descenders, so Dari fits the boxes laid out for Latin text.
    def get_ascent(self) -> int:
        return self.latin.get_ascent()

    def _extra(self, arabic: bool) -> int:
        """Pixels below the Latin line box that Arabic descenders need."""
        return max(0, round(self.point * 0.5) + self.latin.get_descent()) if arabic else 0

    def get_descent(self) -> int:
        return self.latin.get_descent() - self._extra(i18n.is_rtl())

    def get_height(self) -> int:
        return self.latin.get_height() + self._extra(i18n.is_rtl())

    def get_linesize(self) -> int:
        return self.latin.get_linesize() + self._extra(i18n.is_rtl())

    def _pieces(self, text: str) -> list[tuple[pygame.font.Font, str, bool]]:
        out = []
        for run, rtl in visual_runs(text):
            # The isolates' marks have done their work in the ordering: drawn, a piece of a
            # lone mark has no width, which pygame refuses ("Text has zero width").
            run = run.translate(_NO_MARKS)
            if not run:
                continue
            if rtl:
                out.append((self.arabic(True), run, True))
                continue
            piece, arabic = "", None            # a left-to-right run: Persian digits need the Arabic font
            for ch in run:
                a = 0x0600 <= ord(ch) <= 0x06FF
                if piece and a != arabic:
                    out.append((self.arabic(False) if arabic else self.latin, piece, False))
                    piece = ""
                piece, arabic = piece + ch, a
            if piece:
                out.append((self.arabic(False) if arabic else self.latin, piece, False))
        return out

    def render_run(self, run: str, rtl: bool, antialias: bool, colour) -> pygame.Surface:
        """One run already ordered (``visual_spans``), drawn in its direction on the line box of
        ``render`` (the Latin ascent as baseline, room for Arabic descenders)."""
        run = run.translate(_NO_MARKS)          # a cut name's lone isolate mark has no width
        if rtl:
            pieces = [(self.arabic(True), run)] if run else []
        else:
            pieces = [(f, t) for f, t, _r in self._pieces(run)] if run else []
        imgs = [(f.render(t, antialias, colour), f) for f, t in pieces]
        asc = self.get_ascent()
        width = max(1, sum(i.get_width() for i, _f in imgs))
        surf = pygame.Surface((width, self.latin.get_height() + self._extra(True)), pygame.SRCALPHA)
        x = 0
        for img, f in imgs:
            surf.blit(img, (x, asc - f.get_ascent()))
            x += img.get_width()
        return surf

    def size(self, text: str) -> tuple[int, int]:
        if not needs_bidi(text):
            return self.latin.size(text.translate(_NO_MARKS))
        return sum(f.size(t)[0] for f, t, _r in self._pieces(text)), self.latin.get_height() + self._extra(True)

    def metrics(self, text: str) -> list:
        """Per character metrics (None where neither font has the glyph)."""
        out = []
        for ch in text:
            f = self.arabic(True) if _kind(ch) == "R" or 0x0600 <= ord(ch) <= 0x06FF else self.latin
            out += f.metrics(ch)
        return out

    def render(self, text: str, antialias: bool, colour, background=None) -> pygame.Surface:
        text = str(text)
        if not needs_bidi(text):
            return self.latin.render(text.translate(_NO_MARKS), antialias, colour, background)
        pieces = [(f.render(t, antialias, colour), f) for f, t, _r in self._pieces(text)]
        asc = self.get_ascent()
        height = self.latin.get_height() + self._extra(True)
        surf = pygame.Surface((max(1, sum(p.get_width() for p, _f in pieces)), height), pygame.SRCALPHA)
        if background is not None:
            surf.fill(background)
        x = 0
        for img, f in pieces:
            surf.blit(img, (x, asc - f.get_ascent()))       # one baseline for every run
            x += img.get_width()
        return surf


def font(size: float, bold: bool = False) -> TableFont:
    size = max(6, int(size))
    key = (size, bold)
    f = _fonts.get(key)
    if f is None:
        f = _fonts[key] = TableFont(size, bold)
    return f


def _forget(_code: str) -> None:
    """A new language: lines are ordered anew (the paragraph's direction may have changed)."""
    _texts.clear()


i18n.on_change(_forget)


def render(text, size, colour=(255, 255, 255), bold=False, shadow=False):
    """A cached antialiased surface of ``text`` (with a soft drop shadow if asked); in
    French with "de Ana" written "d'Ana" (``i18n.elide``)."""
    text = i18n.elide(str(text))
    key = (text, int(size), tuple(colour), bold, shadow)
    surf = _texts.get(key)
    if surf is None:
        if len(_texts) > _MAX_TEXTS:
            _texts.clear()
        img = font(size, bold).render(str(text), True, colour)
        if shadow:
            sh = font(size, bold).render(str(text), True, (0, 0, 0))
            sh.set_alpha(150)
            off = max(1, int(size) // 14)
            surf = pygame.Surface((img.get_width() + off, img.get_height() + off), pygame.SRCALPHA)
            surf.blit(sh, (off, off))
            surf.blit(img, (0, 0))
        else:
            surf = img
        _texts[key] = surf
    return surf


def blit_text(surface, text, size, pos, colour=(255, 255, 255), bold=False, anchor="topleft",
              shadow=False):
    """Draw ``text`` with its ``anchor`` point (a Rect attribute name) at ``pos``; returns the rect."""
    img = render(text, size, colour, bold, shadow)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect
