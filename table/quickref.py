"""The in-app Quick Reference: one page per game and language, from
``table/quickref_pages/<lang>/<game>.txt`` (package data; English, the
original, is ``table/quickref_pages/<game>.txt`` and stands in for a page a
language lacks).  The pages are whole texts, translated as texts, not messages.

The pages are written for players in a small markdown: ``#`` the title, ``##``
sections, ``-`` bullets, ``1.`` numbered steps, ``**bold**`` and ``*italic*``.
They are laid out here (wrapped to the window, drawn with the table's fonts,
arrows drawn as shapes) into one tall surface that scrolls with the wheel,
the arrow keys, Page Up/Down or the scroll bar.  Tabs switch games.

From the main menu it is a page of its own; from the table (the Rules button)
it opens over the table on the current game.  In a right-to-left language the
page is set from the right (each line's words placed right to left, the
bullets on the right).
"""
import os
import re

import pygame
from pygame_gui.elements import UIButton

from rules.games import GAMES as _GAMES

from .forms import MenuScene, oid, draw_backdrop
from .theme import font_spec, text_width
from .i18n import _, digits, game_title, is_rtl, language
from .rich import _arrow
from .text import font, blit_text, lead
from . import theme as hud

INK = (244, 236, 210)
STRONG = (255, 255, 255)
GOLD = hud.GOLD
GAMES = tuple((g.name, g.title) for g in _GAMES.values())      # (name, English title): tabs word them
# The pages ship inside the package (package data): nothing is read from the repository.
PAGES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "quickref_pages")

_italic = {}


def _font(size, bold=False, italic=False):
    if not italic or is_rtl():              # Arabic script has no italics: the words stay upright
        return font(size, bold)
    key = (int(size), bold)
    f = _italic.get(key)
    if f is None:
        from .text import FONT_FILES
        try:
            f = pygame.font.Font(FONT_FILES[bold], int(size))
        except (OSError, pygame.error):
            f = pygame.font.Font(None, int(size))
        f.italic = True
        _italic[key] = f
    return f


def page_path(game, lang=None):
    """The page of ``game`` in ``lang`` (default: the language in use), else the English one."""
    lang = lang or language()
    translated = os.path.join(PAGES, lang, f"{game}.txt")
    if lang != "en" and os.path.exists(translated):
        return translated
    return os.path.join(PAGES, f"{game}.txt")


def keys_section(game: str) -> str:
    """The table's keys, as the last section of every game's page: a keyboard player found
    them nowhere in the game (only in tooltips, which the mouse brings up)."""
    lines = [_("## Keys at the table"),
             _("- **Left**, **Right** (**Up**, **Down**: another row of choices): choose a card or a choice; "
               "**Enter** lifts or picks it, **Enter** again plays or takes it"),
             _("- **I** the coach's hint (then **Enter**, **Enter** follows it) · **S** the scores · "
               "**L** the last trick · **R** review the deal, on its summary"),
             _("- **H** holds the bots until **H** again · **F1** these rules · **Esc** puts back a "
               "lifted card or a picked choice, then opens the menu")]
    if game == "manfee":
        lines.insert(3, _("- **G** gives a signal with your card, then **S** slam, **D** drop, **N** none · "
                          "**P** the hand you passed on"))
    elif game == "manni":
        lines.insert(3, _("- **P** the hand you gave away for the Manni"))
    return "\n\n" + "\n".join(lines) + "\n"


def read_page(game):
    try:
        with open(page_path(game), encoding="utf-8") as f:
            return f.read().rstrip("\n") + keys_section(game)
    except OSError as e:
        return _("# {game}\n\nThe quick reference could not be read ({error}).").format(
            game=game_title(game), error=e)


def parse(text):
    """Blocks of the page: (kind, text) with kind h1, h2, p, bullet, number (text has the number)."""
    blocks = []
    cur = None
    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            cur = None
            continue
        if stripped.startswith("## "):
            blocks.append(["h2", stripped[3:]])
            cur = None
            continue
        if stripped.startswith("# "):
            blocks.append(["h1", stripped[2:]])
            cur = None
            continue
        if stripped.startswith("- "):
            cur = ["bullet", stripped[2:]]
            blocks.append(cur)
            continue
        m = re.match(r"(\d+)\.\s+(.*)", stripped)
        if m:
            cur = ["number", m.group(2), m.group(1)]
            blocks.append(cur)
            continue
        if cur is not None and (line.startswith(" ") or cur[0] == "p"):
            cur[1] += " " + stripped
            continue
        cur = ["p", stripped]
        blocks.append(cur)
    return [tuple(b) for b in blocks]


def _words(text):
    """(word, bold, italic) runs of a line of inline markup."""
    out = []
    bold = italic = False
    for tok in re.split(r"(\*\*|\*)", text):
        if tok == "**":
            bold = not bold
            continue
        if tok == "*":
            italic = not italic
            continue
        # a short bold run ("10 A K Q J 9 8 7", an order) stays on one line: a 7 alone opened one
        for w in [tok] if bold and len(tok) <= 24 and tok.strip() == tok else re.split(r"(\s+)", tok):
            if w and not w.isspace():
                out.extend((part, bold, italic) for part in _bracketed(w))
            elif w:
                out.append((" ", bold, italic))
    return out


def _bracketed(word):
    """In a right-to-left page, the brackets and stops round a Latin word as words of their own:
    kept on the Latin word, "(10" set its bracket inside the list it opened ("۵ = (10").  So
    too a bracket or a stop on a number without letters: "۱)" drew its bracket between "="
    and "۱".

    >>> from table import i18n; _ = i18n.set_language("fa"); _bracketed("−۴."), _bracketed("۱۳)؛"), _bracketed("هیچ")
    (['−۴', '.'], ['۱۳', '(', '؛'], ['هیچ'])
    >>> _ = i18n.set_language("en")
    """
    bare_number = not any(c.isalpha() for c in word) and any(c in "()[]«»،؛,.:;!?" for c in word)
    if not is_rtl() or not (_latin(word) or bare_number):
        return [word]
    lead, core, trail = re.fullmatch(r"([(\[«]*)(.*?)([)\]»،؛,.:;!?]*)", word).groups()
    # Set apart they are drawn left to right: mirrored here, as a right-to-left line shows
    # them, each mark a word of its own ("−۴." kept its stop on the number's right; ")؛"
    # drawn as one piece was mirrored twice, by this and by the Arabic shaping of its "؛").
    return [part for part in (*lead.translate(_MIRROR), core, *trail.translate(_MIRROR)) if part]


_MIRROR = str.maketrans("()[]«»", ")(][»«")


def advance(word, img, size, bold, italic):
    """How far the line moves on after ``word``: a slanted word's surface is wider than
    the word by its lean, which read as a stray space before the next mark ("*remainder*."
    drew "remainder ."); the lean overhangs, as in print, and the upright width counts."""
    if italic and word != "→":
        return min(img.get_width(), font(size, bold).size(word)[0])
    return img.get_width()


def _render_words(runs, size, colour, width, x0=0):
    """Wrap runs into lines of surfaces: [(surfaces with x offsets, height)]."""
    lines = []
    line, x = [], x0
    space = font(size).size(" ")[0]
    h = font(size).get_linesize()
    pending_space = False
    for w, bold, italic in runs:
        if w == " ":
            pending_space = bool(line)
            continue
        if w == "→":
            img = _arrow(size, colour)
            if is_rtl():                    # "then" points the way the line reads
                img = pygame.transform.flip(img, True, False)
        else:
            img = _font(size, bold, italic).render(w, True, STRONG if bold else colour)
        gap = space if pending_space else 0
        if line and x + gap + img.get_width() > width:
            lines.append((line, h))
            line, x, gap = [], x0, 0
        y_off = (h - img.get_height()) // 2 if w == "→" else 0
        line.append((img, x + gap, y_off, _latin(w)))
        x += gap + advance(w, img, size, bold, italic)
        pending_space = False
    if line:
        lines.append((line, h))
    return lines


def render_page(text, width, base):
    """The whole page as one surface ``width`` wide (transparent background)."""
    ops = []
    y = 0
    for block in parse(text):
        kind = block[0]
        if kind == "h1":
            size = round(base * 1.55)
            for line, h in _render_words(_words(block[1]), size, GOLD, width):
                ops.append((line, y, True))
                y += round(h * 1.05)
            y += round(base * 0.5)
        elif kind == "h2":
            y += round(base * 0.7)
            size = round(base * 1.2)
            for line, h in _render_words([(w, True, i) for w, _b, i in _words(block[1])], size, GOLD, width):
                ops.append((line, y, False))
                y += h
            ops.append(("rule", y + 2, None))
            y += round(base * 0.45)
        elif kind in ("bullet", "number"):
            indent = round(base * 1.8)
            mark = "•" if kind == "bullet" else f"{digits(block[2])}."
            mimg = font(base, True).render(mark, True, GOLD)
            first = True
            for line, h in _render_words(_words(block[1]), base, INK, width - indent):
                line = [(img, x + indent, yo, lat) for img, x, yo, lat in line]
                if first:
                    line.insert(0, (mimg, indent - mimg.get_width() - round(base * 0.45), 0, False))
                    first = False
                ops.append((line, y, False))
                y += h
            y += round(base * 0.25)
        else:
            for line, h in _render_words(_words(block[1]), base, INK, width):
                ops.append((line, y, False))
                y += h
            y += round(base * 0.45)
    surf = pygame.Surface((max(1, width), max(1, y + base)), pygame.SRCALPHA)
    rtl = is_rtl()
    for line, yy, _h1 in ops:
        if line == "rule":
            pygame.draw.line(surf, (150, 126, 60), (0, yy), (width, yy), 1)
            continue
        for img, x, yo in (_mirrored(line, width) if rtl else [(i, x, yo) for i, x, yo, _lat in line]):
            surf.blit(img, (x, yy + yo))
    return surf


def _latin(word):
    """True for a word that reads left to right inside a right-to-left line (Latin, card indices)."""
    return any(c.isascii() and c.isalnum() for c in word) and not any("\u0600" <= c <= "\u06ff" for c in word)


def _mirrored(line, width):
    """A line laid out from the left, set from the right instead: each word's place is
    mirrored, but a run of Latin words (``10 A K Q J``) keeps its left-to-right order."""
    out, i = [], 0
    while i < len(line):
        j = i + 1
        if line[i][3]:
            while j < len(line) and line[j][3]:
                j += 1
        group = line[i:j]
        left = group[0][1]
        right = group[-1][1] + group[-1][0].get_width()
        for img, x, yo, _lat in group:
            out.append((img, width - right + (x - left), yo))
        i = j
    return out


class QuickRefScene(MenuScene):
    """Tabs for the four games over one scrolling page."""

    title = None

    def __init__(self, app, game=None, overlay=False):
        super().__init__(app)
        # from the menu: the game last set up (it opened on Manfee after a Manni match)
        game = game or getattr(app.settings, "game", None)
        self.game = game if game in dict(GAMES) else "manfee"
        self.overlay = overlay
        self.scroll = 0
        self._page = None
        self._page_key = None
        self._drag = None

    def focus_order(self) -> list[str]:
        """The keyboard's buttons, not the tabs: the open tab is drawn selected (the arrows
        turn the tabs), and a focus on another tab drew two alike."""
        return [n for n in super().focus_order() if not n.startswith("tab:")]

    # -- geometry ----------------------------------------------------------------------
    def frame(self):
        W, H = self.app.size
        # about 49 letters' size a line: on a 1440-high screen 980 px of 20 px letters were a
        # narrow strip with wide empty margins
        w = min(round(W * 0.8), max(980, self.base_size() * 49))
        top = round(H * 0.06)
        return pygame.Rect((W - w) // 2, top, w, H - top - round(H * 0.04))

    def body_rect(self):
        f = self.frame()
        tab_h = max(34, round(self.app.size[1] * 0.055))
        bottom = max(44, round(self.app.size[1] * 0.07)) + 24
        return pygame.Rect(f.x + 28, f.y + tab_h + 34, f.width - 56, f.height - tab_h - 34 - bottom)

    def base_size(self):
        return max(14, min(26, round(self.app.size[1] * 0.02)), min(20, round(self.app.size[1] * 0.026)))

    def page_rect(self):
        """Where the page's lines go: the body less the scroll bar's lane, which is on the side
        where the lines end (the left in Dari: there the bar had covered their last letters)."""
        body = self.body_rect()
        lane = 18
        return pygame.Rect(body.x + (lane if is_rtl() else 0), body.y, body.width - lane, body.height)

    def page(self):
        width = self.page_rect().width
        key = (self.game, width, self.base_size(), language())
        if key != self._page_key:
            self._page = render_page(read_page(self.game), width, self.base_size())
            self._page_key = key
        return self._page

    def max_scroll(self):
        return max(0, self.page().get_height() - self.body_rect().height)

    def scroll_by(self, dy):
        self.scroll = max(0, min(self.max_scroll(), self.scroll + dy))

    # -- widgets -----------------------------------------------------------------------
    def build_ui(self):
        W, H = self.app.size
        f = self.frame()
        tab_h = max(34, round(H * 0.055))
        n = len(GAMES)
        gap = 10
        room = f.width - 56 - gap * (n - 1)
        # Each tab as wide as its words need, the rest shared: at equal widths "Manille
        # muette" alone took a smaller font than its three neighbours.
        size, bold = font_spec("@choice_button")
        need = [text_width(game_title(name), size, bold) + 40 for name, _title in GAMES]
        widths = ([w + (room - sum(need)) // n for w in need] if sum(need) <= room else [room // n] * n)
        order = list(reversed(GAMES)) if is_rtl() else list(GAMES)   # right to left, the first tab on the right
        x = f.x + 28
        self.buttons = {}
        for name, _title in order:
            cls = "@tab_on" if name == self.game else "@choice_button"
            tw = widths[[g for g, _t in GAMES].index(name)]
            self.buttons[f"tab:{name}"] = self.add(UIButton(
                pygame.Rect(x, f.y + 18, tw, tab_h), game_title(name), self.app.ui, object_id=oid(cls)))
            x += tw + gap
        bh = max(44, round(H * 0.07))
        self.buttons["back"] = self.add(UIButton(
            pygame.Rect(W // 2 - 120, f.bottom - bh - 14, 240, bh),
            _("Back to the table") if self.overlay else _("Back"), self.app.ui, object_id=oid("@menu_button")))

    def choose(self, game):
        if game != self.game:
            self.game = game
            self.scroll = 0
            self.rebuild_ui()

    # -- events ------------------------------------------------------------------------
    def ui_event(self, e):
        name = self.pressed(e)
        if name == "back":
            self.app.pop()
        elif name and name.startswith("tab:"):
            self.choose(name[4:])
        return name is not None

    def process_event(self, e):
        line = self.base_size() * 1.5
        page = self.body_rect().height * 0.9
        if e.type == pygame.KEYDOWN:
            keys = {pygame.K_DOWN: line, pygame.K_UP: -line, pygame.K_PAGEDOWN: page,
                    pygame.K_PAGEUP: -page, pygame.K_SPACE: page,
                    pygame.K_HOME: -1e9, pygame.K_END: 1e9}
            if e.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if e.key in keys:
                self.scroll_by(keys[e.key])
                return True
            if e.key in (pygame.K_LEFT, pygame.K_RIGHT):
                names = [n for n, _t in GAMES]
                step = (1 if e.key == pygame.K_RIGHT else -1) * (-1 if is_rtl() else 1)   # the tab on that side
                i = names.index(self.game) + step
                self.choose(names[i % len(names)])
                return True
        if e.type == pygame.MOUSEWHEEL:
            self.scroll_by(-e.y * line * 2)
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            bar = self._bar()
            if bar and bar[0].inflate(12, 0).collidepoint(e.pos):
                self._drag = (e.pos[1], self.scroll)
                return True
        if e.type == pygame.MOUSEMOTION and self._drag:
            track, thumb = self._bar()
            span = max(1, track.height - thumb.height)
            self.scroll = max(0, min(self.max_scroll(),
                                     self._drag[1] + (e.pos[1] - self._drag[0]) * self.max_scroll() / span))
            return True
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1 and self._drag:
            self._drag = None
            return True
        return self.keyboard(e)

    def _bar(self):
        """(track, thumb) of the scroll bar, or None when the page fits."""
        body = self.body_rect()
        total = self.page().get_height()
        if total <= body.height:
            return None
        x = body.x if is_rtl() else body.right - 8     # at the end of the lines, where a reader finishes them
        track = pygame.Rect(x, body.y, 8, body.height)
        h = max(30, round(body.height * body.height / total))
        y = body.y + round((body.height - h) * self.scroll / max(1, self.max_scroll()))
        return track, pygame.Rect(track.x, y, 8, h)

    # -- drawing -----------------------------------------------------------------------
    def _draw_tab_rule(self, surface, f):
        """A gold rule under the tabs, open under the open one, which reads as the page's own
        tab: a gold open tab looked like the keyboard's gold focus on Back (two "selected")."""
        tab = self.buttons.get(f"tab:{self.game}")
        if tab is None:
            return
        r = pygame.Rect(tab.rect)
        y = r.bottom + 7
        pygame.draw.line(surface, hud.GOLD, (f.x + 14, y), (r.x - 6, y), 2)
        pygame.draw.line(surface, hud.GOLD, (r.right + 4, y), (f.right - 14, y), 2)

    def draw(self, surface):
        if self.overlay:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            below = self.app.scenes[-2] if len(self.app.scenes) > 1 else None
            # the table shows through, dimmed; a menu's title ("Paused") must not, through the page's own
            shade.fill((4, 12, 8, 170 if hasattr(below, "board") else 255))
            surface.blit(shade, (0, 0))
        else:
            draw_backdrop(surface)
        f = self.frame()
        hud.panel(surface, f, fill=(10, 26, 18, 255))     # opaque: a summary behind showed through
        self._draw_tab_rule(surface, f)
        body = self.body_rect()
        page = self.page()
        self.scroll = max(0, min(self.max_scroll(), self.scroll))
        area = pygame.Rect(0, self.scroll, page.get_width(), min(body.height, page.get_height() - self.scroll))
        surface.blit(page, self.page_rect().topleft, area)
        bar = self._bar()
        if bar:
            track, thumb = bar
            pygame.draw.rect(surface, (40, 60, 48), track, border_radius=4)
            pygame.draw.rect(surface, GOLD, thumb, border_radius=4)
            if self.scroll < self.max_scroll():
                blit_text(surface, _("scroll for more"), max(11, round(self.base_size() * 0.7)),
                          (body.x + 14 if is_rtl() else body.right - 14, body.bottom + 2), hud.DIM,
                          anchor=lead("topright"))
