"""A small form kit for the menus: the felt behind them, a column of big
buttons, and rows of label + widget (drop-downs, toggles, text entries) laid
out down the screen.  A game's options are made into rows from the game's own
declarations (``rules.options``), so New game and the LAN host form offer
the same options, and a new option needs no screen code.
"""
from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from rules.games import Game

from .i18n import N_, _, is_rtl, number
from .layout import Layout
from .menu_keys import MenuKeys
from .scene import Scene
from .theme import GOLD, CREAM, blit_text, fit_sizes, font_spec, list_height, render, text_width
from .shaping import for_ltr_widget, has_arabic
from .widgets import ARABIC_BUTTON, DropDown, follow_script

# The labels of the games' options (rules/ declares them in English): listed here for the
# extractor, translated with _() when a form shows them.
OPTION_LABELS = (N_("Match to"), N_("Signals"), N_("Deal limit"), N_("En face"), N_("Tapping"),
                 N_("Blind trump"))


def oid(cls: str) -> ObjectID:
    return ObjectID(class_id=cls)


def _fitted_size(cls: str | None, text: str, width: int, kind: str = "button") -> tuple[int, int, bool]:
    """(the size ``text`` fits a widget ``width`` wide at, the style's own size, bold)."""
    size, bold = font_spec(cls or kind)
    room = width - 28                       # the theme's padding, border and shadow
    if text_width(text, size, bold) <= room:
        return size, size, bold
    smaller = [s for s in fit_sizes() if s < size]
    best = next((s for s in smaller if text_width(text, s, bold) <= room), smaller[-1] if smaller else size)
    return best, size, bold


def _style(cls: str | None, fitted: int, size: int, bold: bool) -> ObjectID | None:
    if fitted == size:
        return oid(cls) if cls else None
    return ObjectID(class_id=cls, object_id=f"#fit_{fitted}_{int(bold)}")


def fit_id(cls: str | None, text: str, width: int, kind: str = "button") -> ObjectID | None:
    """The style ``cls`` for a widget ``width`` wide, with a smaller font if ``text`` would
    overflow it at the theme's size (French and Dutch run longer than English)."""
    return _style(cls, *_fitted_size(cls, text, width, kind))


def row_fit_id(cls: str, pairs: list[tuple[str, int]]) -> ObjectID | None:
    """One style for a row of buttons of different widths ((words, width) each): the font
    the most crowded of them needs, so the row does not mix sizes ("Menu" large beside
    "Laatste slag" small)."""
    return _style(cls, *min(_fitted_size(cls, text, width) for text, width in pairs))


def label_rect(ui: Any, rect: pygame.Rect, text: str, cls: str = "@heading_label") -> pygame.Rect:
    """``rect``, grown about its middle to the height the style's font draws ``text`` at: the
    Dari font's lines (Noto Sans Arabic) are taller than the Latin rows a form is laid out
    in, and a label shorter than its line may cut the marks above and below the letters.
    The words stay where they were (a label centres them), only the room around them grows."""
    need = ui.get_theme().get_font([cls, "label"]).get_rect(text).height
    if need <= rect.height:
        return rect
    return pygame.Rect(rect.x, rect.centery - (need + 1) // 2, rect.width, need + 1)


def tall_label(ui: Any, rect: pygame.Rect, text: str, cls: str = "@heading_label") -> UILabel:
    """A label of style ``cls`` at ``rect``, as tall as its font's line (``label_rect``)."""
    return UILabel(label_rect(ui, rect, text, cls), text, ui, object_id=oid(cls))


def widest(cls: str | None, texts: tuple[str, ...], kind: str = "button") -> str:
    """Of ``texts``, the one that needs the most room at the style's size: a row of buttons
    fitted to it shares one font, instead of each button shrinking its own words."""
    size, bold = font_spec(cls or kind)
    return max(texts, key=lambda t: text_width(t, size, bold))


_felts: dict = {}


def draw_backdrop(surface: pygame.Surface, title: str | None = None, subtitle: str | None = None,
                  title_scale: float = 1.0, floor: int | None = None) -> None:
    """The felt and the title: behind every menu (a tall form passes a smaller
    ``title_scale`` so the title keeps clear of it)."""
    size = surface.get_size()
    f = _felts.get(size)
    if f is None:
        _felts.clear()
        try:
            from sprites.table_art import felt
            f = felt(size).convert()
        except Exception:
            f = pygame.Surface(size)
            f.fill((30, 100, 58))
        _felts[size] = f
    surface.blit(f, (0, 0))
    W, H = size
    if title:
        title = _(title)                        # titles are declared with N_(): worded when drawn
        subtitle = _(subtitle) if subtitle else subtitle
        fs = max(24, round(H * 0.085 * title_scale))
        top = round(H * 0.07)
        # Above a form the title ends over its first row (``floor``), in every
        # language's letters (Dari's run taller): smaller until it does.
        while floor is not None and fs > 24 and top + render(title, fs, GOLD, True, True).get_height() > floor:
            fs -= 2
        drawn = blit_text(surface, title, fs, (W // 2, top), GOLD, bold=True, anchor="midtop", shadow=True)
        if subtitle:        # under the title's own letters (Dari's ی ran down to the subtitle)
            y = max(round(top + fs * 1.25), round(drawn.bottom - fs * 0.1))
            blit_text(surface, subtitle, fs * 0.3, (W // 2, y), CREAM, anchor="midtop")


def draw_fan(surface: pygame.Surface, images: Any, cards: list, center: tuple, width: int) -> None:
    """A few face-up cards fanned (decoration), once the faces exist."""
    n = len(cards)
    for i, c in enumerate(cards):
        a = (n - 1) / 2 - i
        img = images.get(c, True, width, a * 8)
        x = center[0] - a * width * 0.38
        y = center[1] + abs(a) ** 2 * width * 0.04
        surface.blit(img, img.get_rect(center=(round(x), round(y))))


class MenuScene(MenuKeys, Scene):
    """A screen of widgets over the felt (worked from the keyboard too: ``menu_keys``)."""

    title: str | None = N_("MANFEE")
    subtitle: str | None = None
    title_scale = 1.0
    title_floor: int | None = None           # a form's top: the title stays above it

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.buttons: dict = {}

    def add(self, element: Any) -> Any:
        """A widget of this screen; a button or label whose words would overflow it takes a
        smaller font (every screen's own buttons too, in whatever language)."""
        super().add(element)
        # (not a button in the Arabic font: a smaller Latin one showed its Dari as boxes again)
        if isinstance(element, (UIButton, UILabel)) and not str(element.object_ids[-1] or "").startswith(("#fit_",
                                                                                                        ARABIC_BUTTON)):
            new = fit_id(*self._room(element, element.text))
            if new is not None and new.object_id:
                element.change_object_id(new)
        return element

    @staticmethod
    def _room(element: Any, text: str) -> tuple[str | None, str, int, str]:
        """(style, words, width, kind) to fit ``text`` into ``element`` (a label's text runs to its edges)."""
        label = isinstance(element, UILabel)
        return element.class_ids[-1], text, element.rect.width + (20 if label else 0), "label" if label else "button"

    def relabel(self, element: Any, text: str) -> None:
        """New words for a button or label, in the font they fit, as ``add`` fits them: a note
        set later ran past its end ("… peut l'ê"), "Appuyez encore" past its button."""
        now = element.object_ids[-1] or None
        if now is None or now.startswith("#fit_"):        # (the Arabic font's own style stays)
            built = element.__dict__.setdefault("built_style", now)      # the row's one font, say
            cls = element.class_ids[-1]
            fitted, size, bold = _fitted_size(*self._room(element, text))
            # never larger than built (a row of buttons keeps the one font of its longest words),
            # and back to it once the words fit again ("Press again" undone left Delete smaller)
            want = _style(cls, min(fitted, int(built.split("_")[1]) if built else size), size, bold)
            if want is not None and (want.object_id or None) != now:
                element.change_object_id(want)
        element.set_text(text)

    def button_row(self, names: list, y: int, bw: int, bh: int, gap: int = 16,
                   x: int | None = None) -> dict:
        """A centred row of buttons (name, words) ``bw`` wide, in reading order, all in one
        font: the one the longest words fit at (``widest``), so no button's words look
        smaller than its neighbours'."""
        W = self.app.size[0]
        shared = fit_id("@menu_button", widest("@menu_button", tuple(t for _n, t in names)), bw)
        x = W // 2 - (len(names) * (bw + gap) - gap) // 2 if x is None else x
        out = {}
        for name, text in (reversed(names) if is_rtl() else names):
            out[name] = self.add(UIButton(pygame.Rect(x, y, bw, bh), text, self.app.ui, object_id=shared))
            x += bw + gap
        return out

    def pair_width(self) -> int:
        """The width of a Back / Start button, grown with the window's words."""
        return round(220 * self.app.ui_scale)

    def column(self, items: list, top: int | None = None, width: int | None = None) -> int:
        """A column of big buttons (name, text, enabled); returns the y below it."""
        W, H = self.app.size
        bw = width or max(260, round(W * 0.24))
        if width is None:                    # wide enough for the longest words, up to a third of the screen
            size, bold = font_spec("@menu_button")
            need = max((text_width(text, size, bold) for _n, text, _e in items), default=0) + 40
            bw = max(bw, min(need, round(W * 0.34)))
        bh = max(40, round(H * 0.07))
        gap = round(bh * 0.28)
        y = top if top is not None else round(H * 0.32)
        self.buttons = {}
        for name, text, enabled in items:
            b = self.add(UIButton(pygame.Rect(W // 2 - bw // 2, y, bw, bh), text, self.app.ui,
                                  object_id=fit_id("@menu_button", text, bw)))
            if not enabled:
                b.disable()
            self.buttons[name] = b
            y += bh + gap
        return y

    def pressed(self, e: Any) -> str | None:
        if e.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        return next((n for n, b in self.buttons.items() if b is e.ui_element), None)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.title, self.subtitle, self.title_scale, self.title_floor)

    def card_images(self) -> Any:
        L = Layout(self.app.size)
        return self.app.images(L.cw, L.sw)


class Form:
    """Rows of label + widget from ``y`` down, in a column centred on the screen.

    Widgets are added to ``scene`` (so they go with it) and recorded by name in
    ``buttons``, ``drops`` and ``entries``.  In a right-to-left language the
    rows are mirrored: the label on the right, its field to its left.  Texts
    given to a form are worded already (``_()``).
    """

    def __init__(self, scene: MenuScene, y: int, rows: int, room: int, width: int = 660,
                 label_w: int = 220) -> None:
        W, H = scene.app.size
        grow = getattr(scene.app, "ui_scale", 1.0)         # the words grow with the window: so do the boxes
        grown = min(W - 40, round(width * grow))
        label_w, width = round(label_w * grown / width), grown
        self.scene = scene
        self.ui = scene.app.ui
        self.H = H
        self.lw, self.cw = label_w, width - label_w - 10
        self.x0 = W // 2 - width // 2
        self.width = width
        self.rtl = is_rtl()
        self.rh = max(32, round(H * 0.052))
        self.gap = max(6, round(self.rh * 0.22))
        self.squeezed = False
        if y + rows * (self.rh + self.gap) > room:          # a tall form in a short window
            # Lower rows first, the form where it was asked (the line over it, a game's words,
            # stays in sight: moved up, the muette form covered it at 1024x600), then up.
            per = (room - y) // rows
            if per < 30:
                y = max(round(H * 0.12), room - rows * 30)
                per = max(30, (room - y) // rows)
            self.gap = max(4, min(self.gap, round(per * 0.18)))
            self.rh = max(26, min(self.rh, per - self.gap))
            self.gap = max(4, min(self.gap, per - self.rh))      # a row and its gap within ``per``
            self.squeezed = True
        self.overflows = y + rows * (self.rh + self.gap) > room      # even squeezed: a row to spare?
        self.y = y
        scene.title_floor = y - 6
        self.buttons: dict = {}
        self.drops: dict = {}
        self.entries: dict = {}
        self.shown: dict = {}                # drop-down -> {text as shown: option as given}

    def next_row(self) -> int:
        self.y += self.rh + self.gap
        return self.y

    def place(self, rect: pygame.Rect) -> pygame.Rect:
        """``rect`` as laid out left to right, mirrored across the form in a right-to-left language."""
        if self.rtl:
            rect = pygame.Rect(2 * self.x0 + self.width - rect.right, rect.y, rect.width, rect.height)
        return rect

    def label(self, text: str, cls: str = "@heading_label", width: int | None = None) -> None:
        w = width or self.lw
        # A little taller than the row, about the same middle: in a tall form
        # squeezed into a short window the row can be a pixel or two lower
        # than the heading font, which would clip the letters' feet.
        rect = label_rect(self.ui, pygame.Rect(self.x0, self.y - 4, w, self.rh + 8), text, cls)
        self.scene.add(UILabel(self.place(rect), text, self.ui, object_id=fit_id(cls, text, w + 20)))

    def note(self, text: str) -> None:
        """A full-width line of small print."""
        self.label(text, "@note_label", self.lw + 10 + self.cw)

    @property
    def compact(self) -> bool:
        """Rows squeezed below the drop-downs' font: drop-downs and toggles take the compact size."""
        return self.squeezed and self.rh < 32

    def field(self, x: int = 0, width: int | None = None) -> pygame.Rect:
        """The rectangle of a widget in this row, ``x`` pixels right of the label."""
        return self.place(pygame.Rect(self.x0 + self.lw + 10 + x, self.y, width or self.cw, self.rh))

    def drop(self, name: str, options: list, start: str, x: int = 0, width: int | None = None,
             tip: str | None = None) -> DropDown:
        # Rows squeezed below the drop-down's font (a tall form in a short
        # window, taller Dari letters) take the compact font: never cut letters.
        compact = ObjectID(class_id="@compact_drop") if self.compact else None
        d = self.scene.add(DropDown([o for o in options], start, self.field(x, width), self.ui, object_id=compact))
        d.tip = tip
        d.open_toward_room(self.H, list_height(len(options)))     # every line in sight ("You" was cut)
        self.drops[name] = d
        self.shown[name] = {o: o for o in options}
        return d

    def chosen(self, name: str, shown: str) -> str:
        """The option (as given to ``drop``) of the text a drop-down's event carries."""
        return self.shown.get(name, {}).get(shown, shown)

    def toggle(self, name: str, text: str, x: int = 0, width: int | None = None, tip: str | None = None) -> UIButton:
        rect = self.field(x, width)
        style = fit_id(None, text, rect.width)
        if self.compact:            # squeezed rows: as small as the drop-downs beside it, not larger
            fitted, size, bold = _fitted_size(None, text, rect.width)
            style = _style(None, min(fitted, font_spec("@compact_drop.button")[0]), size, bold)
        if not is_rtl() and has_arabic(text):
            # A Dari table name on an English button ("Resume “Café ميز” …") showed as boxes:
            # laid out and shaped beforehand, in the Arabic font, which has the Latin letters too.
            text, style = for_ltr_widget(text), ObjectID(object_id=ARABIC_BUTTON)
        b = self.scene.add(UIButton(rect, text, self.ui, object_id=style, tool_tip_text=tip))
        self.buttons[name] = b
        return b

    def text(self, text: str, x: int = 0, width: int | None = None) -> None:
        self.scene.add(UILabel(self.field(x, width).inflate(0, 8), text, self.ui))

    def entry(self, name: str, text: str, limit: int = 32, placeholder: str | None = None) -> UITextEntryLine:
        e = self.scene.add(UITextEntryLine(self.field(), self.ui, placeholder_text=placeholder))
        e.set_text_length_limit(limit)
        e.set_text(text[:limit])         # pygame_gui refuses a longer text whole: the field stood empty
        follow_script(e)
        self.entries[name] = e
        return e


# -- a game's options, made from its declarations ----------------------------------------------

# What each option does, in a player's words: the toggle's tooltip (the words on a
# toggle are only its name and value: "En face: on" says nothing to a newcomer).
OPTION_HELP = {
    "target": N_("The score a side must reach to win the match."),
    "target_alone": N_("The score a player must reach to win the match."),     # Manni: each plays alone
    "signals": N_("With a card, a player may slam (partner, lead this suit) or drop (I have no more of it)."),
    "max_deals": N_("The match ends after this many deals, unless a side reaches the target first; "
                    "the higher total wins, equal totals draw."),
    "en_face": N_("The dealer may say en face: the partner then names trump."),
    "doubling": N_("An opponent may tap (the deal counts double); who named trump may tap back (four times)."),
    "blind": N_("The dealer may name trump before seeing a card: the dealer leads, and the deal counts double."),
}


def option_help(name: str) -> str | None:
    """The tooltip of an option's toggle, in the language in use (None if it has none)."""
    return _(OPTION_HELP[name]) if name in OPTION_HELP else None


def option_text(option: Any, value: Any) -> str:
    """A toggle's words: ``Signals: on``, ``Deal limit: 50``, ``Deal limit: none``."""
    label = _(option.label)
    if option.kind == "bool":
        return (_("{option}: on") if value else _("{option}: off")).format(option=label)
    if value is None:
        return _("{option}: none").format(option=label)
    return _("{option}: {value}").format(option=label, value=number(value))


def option_rows(form: Form, game: Game, values: dict, note: str = "") -> None:
    """The "Match to" row (its drop-down, and the first toggle beside it), then the
    other options as toggles, two to a row.  Toggle buttons are named ``opt:NAME``,
    the target's drop-down ``opt:target``.  ``note`` is added to the words of an
    option every player is bound by (LAN: "for everyone")."""
    target = game.option("target")
    toggles = [o for o in game.options if o is not target]
    if target is not None:
        form.label(_(target.label))
        now = values.get("target", target.default)     # a target set on the command line is offered too
        form.drop("opt:target", [number(t) for t in sorted(set(target.choices) | {now})], number(now), width=140,
                  tip=option_help("target" if game.n == 4 else "target_alone"))
    half = (form.cw - 10) // 2
    first = True
    for i, o in enumerate(toggles):
        if first and target is not None:
            form.toggle(f"opt:{o.name}", option_text(o, values.get(o.name, o.default)) + note, x=150,
                        width=form.cw - 150, tip=option_help(o.name))
            first = False
            continue
        k = i - (1 if target is not None else 0)
        if k % 2 == 0:
            form.next_row()
            if k == 0:              # the game's variants (en face, tapping, blind trump): "Table" said nothing
                form.label(_("House rules"))
        form.toggle(f"opt:{o.name}", option_text(o, values.get(o.name, o.default)),
                    x=0 if k % 2 == 0 else half + 10, width=half, tip=option_help(o.name))


def option_pressed(game: Game, values: dict, name: str | None) -> bool:
    """Move the option a toggle names to its next value; True if ``name`` was one."""
    if not name or not name.startswith("opt:"):
        return False
    o = game.option(name[4:])
    if o is None or o.name == "target":
        return False
    values[o.name] = o.next_choice(values.get(o.name, o.default))
    return True


def option_values(game: Game, values: dict) -> dict:
    """The options a form holds for ``game`` (only the game's own; defaults filled)."""
    return {o.name: values.get(o.name, o.default) for o in game.options}


def option_row_count(game: Game) -> int:
    """How many rows ``option_rows`` takes for ``game``."""
    toggles = len(game.options) - (1 if game.option("target") else 0)
    return 1 + (max(0, toggles - 1) + 1) // 2
