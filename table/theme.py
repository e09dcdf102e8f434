"""The look shared by every screen: colours, panels and text helpers.

The menus, the table's HUD and the overlays draw with these, so a colour is
chosen in one place.  (pygame_gui's widgets take theirs from theme.json:
``ui_theme`` adds to each of its font blocks a Dari variant in Noto Sans
Arabic, right to left, which pygame_gui picks by its locale, and
``apply_language`` switches both.)
"""
from __future__ import annotations

import json
import os
from typing import Any

import pygame

from . import i18n
from .text import arabic_font_file, gui, render, blit_text, font  # noqa: F401  (re-exported: screens import text helpers from here)

THEME_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "theme.json")
# Noto Sans Arabic's line box is about 1.5 times Noto Sans's at one size: a smaller
# size keeps Dari inside the buttons drawn for Latin words, and reads as large.
ARABIC_SCALE = 0.82
# Blocks whose text is set against a side: right-to-left readers look for it on the right.
FIT_SIZES = (22, 20, 18, 17, 16, 15, 14, 13, 12)
_fonts_seen: dict = {}
_scale = [1.0]                      # the widgets' font scale for the window in use (widget_scale)
_ALIGNED = {"label": "center", "@heading_label": "center", "@note_label": "center",
            "selection_list.@selection_list_item": "left", "tool_tip.text_box": "left",
            "drop_down_menu.selection_list.button": "left"}      # a drop-down's open list (Dari: right)

GOLD = (255, 214, 107)
CREAM = (244, 236, 210)
DIM = (170, 190, 176)
RED = (255, 110, 96)
PANEL = (12, 30, 21, 215)
EDGE = (201, 164, 74)
OVERLAY = (10, 26, 18, 255)          # a panel that covers the table (last trick, history): opaque, no card ghosts through
SHADE = (4, 12, 8, 222)              # the veil behind a dialog: the table stays a dim backdrop, no words read through

_panels: dict = {}


def panel(surface: pygame.Surface, rect, fill=PANEL, edge=EDGE, radius: int = 12, width: int = 2) -> pygame.Rect:
    """A translucent rounded panel (cached by size and colours)."""
    rect = pygame.Rect(rect)
    key = (rect.size, fill, edge, radius, width)
    img = _panels.get(key)
    if img is None:
        if len(_panels) > 80:
            _panels.clear()
        img = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(img, fill, img.get_rect(), border_radius=radius)
        if width:
            pygame.draw.rect(img, edge, img.get_rect(), width, border_radius=radius)
        _panels[key] = img
    surface.blit(img, rect)
    return rect


def shade(surface: pygame.Surface, colour=SHADE) -> None:
    """Veil the whole surface (behind a dialog or a pause menu)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill(colour)
    surface.blit(veil, (0, 0))


def fit_size(text: str, size: float, width: float, bold: bool = False, least: int = 9) -> int:
    """The largest font size up to ``size`` at which ``text`` fits ``width`` pixels."""
    size = int(size)
    while size > least and font(size, bold).size(text)[0] > width:
        size -= 1
    return size


def fit_text(text: str, size: float, width: float, bold: bool = False, floor: float = 0.8) -> tuple[str, int]:
    """``text`` and a size to draw it ``width`` pixels wide: smaller down to ``floor`` of
    ``size``, then cut with an ellipsis (a 32-letter name is not drawn 7 pixels tall).

    >>> pygame.font.init(); fit_text("Ana", 20, 500)
    ('Ana', 20)
    >>> text, size = fit_text("Maximiliaan-Alexander Vandenbroeck", 20, 120); text.endswith("…"), size
    (True, 16)
    """
    size = fit_size(text, size, width, bold, least=max(9, round(size * floor)))
    return clip_text(text, size, width, bold), size


def clip_text(text: str, size: float, width: float, bold: bool = False) -> str:
    """``text`` cut short with an ellipsis to fit ``width`` pixels at ``size``."""
    f = font(size, bold)
    if f.size(text)[0] <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid].rstrip() + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def fit_names(names: list[str], joiner: str, size: float, width: float, bold: bool = False) -> tuple[str, int]:
    """Names joined (a side: "Ana & Bo") to fit ``width`` as ``fit_text`` fits one text,
    but cutting only the long names: "Maximiliaan-Alex… & Bo", never "Maximiliaan-Alexander V…".

    >>> pygame.font.init(); fit_names(["Maximiliaan-Alexander Vandenbroeck", "Bo"], " & ", 20, 160)[0].endswith("… & Bo")
    True
    """
    text = joiner.join(names)
    whole, size = fit_text(text, size, width, bold)
    if whole == text:
        return text, size
    f = font(size, bold)
    room = width - f.size(joiner)[0] * (len(names) - 1)
    long = sorted(names, key=lambda n: f.size(n)[0])
    while long and f.size(long[0])[0] <= room / len(long):     # short names keep their room
        room -= f.size(long.pop(0))[0]
    share = room / max(1, len(long))
    return joiner.join(n if n not in long else clip_text(n, size, share, bold) for n in names), size


def signed(n: int) -> str:
    """+1, 0, −4 (a true minus sign)."""
    return f"+{n}" if n > 0 else "0" if n == 0 else f"−{-n}"


LIST_ITEM = 30      # theme.json's list_item_height: a Dari line's letters need 30 (28 cut "دری" at the foot)
LIST_FRAME = 6      # a selection list's border and shadow, both sides (pygame_gui's defaults: 1 and 2)


def list_height(lines: int) -> int:
    """How tall a drop-down's open list of ``lines`` lines stands, in the window in use."""
    # the lines and the list's frame (a border of 1 and a shadow of 2 each side), no more: a
    # limit half a line taller stood as an empty band over the lines of a list opened upward
    # (pygame_gui rounds each line on its own: 38 px a line at 1.25, not 37.5)
    return lines * round(LIST_ITEM * _scale[0]) + LIST_FRAME


def widget_scale(height: int) -> float:
    """How much the widgets' words grow for a window ``height`` pixels tall: theme.json's
    sizes suit 720 pixels; a taller window gets bigger words (never smaller ones: the
    screens' boxes shrink no further than 600 pixels allow for these sizes)."""
    return round(max(1.0, min(2.0, height / 720)), 2)


def ui_theme(rtl: bool = False, scale: float | None = None) -> dict:
    """theme.json for pygame_gui, its font sizes grown by ``scale`` (the one in use if
    None), with a Dari font beside every font block and text set against the side a
    reader of the language starts from (``rtl``)."""
    prepare_widget_words()
    if scale is not None:
        _scale[0] = scale
    with open(THEME_FILE, encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    for block in data.values():
        f = block.get("font") if isinstance(block, dict) else None
        if isinstance(f, dict) and "size" in f:
            f["size"] = str(round(int(f["size"]) * _scale[0]))
        misc = block.get("misc") if isinstance(block, dict) else None
        for key in ("list_item_height", "sliding_button_width"):      # lines and knobs grow with the words
            if isinstance(misc, dict) and key in misc:
                misc[key] = str(round(int(misc[key]) * _scale[0]))
    path = arabic_font_file()
    # Text entries have no block of their own (pygame_gui's default Noto Sans 14): give
    # them one so that Dari typed into them has its glyphs, grown with the window like the rest.
    data.setdefault("text_entry_line", {}).setdefault("font", {"name": "noto_sans",
                                                               "size": str(round(14 * _scale[0]))})
    # ... and room inside their frame: a typed name touched its left edge
    data["text_entry_line"].setdefault("misc", {})["padding"] = f"{round(8 * _scale[0])},2"
    # Tooltips (what a form's option does) wide enough for a sentence in three lines or so.
    data.setdefault("tool_tip", {}).setdefault("misc", {})["rect_width"] = str(round(320 * _scale[0]))
    # ... opaque (the fields under it showed through) and its lines close (Dari's stood apart)
    data["tool_tip.text_box"] = {"colours": {"dark_bg": "#0f2219"}, "misc": {"line_spacing": "1.0"}}
    # ... and a key's name ("Key: S", "Touche : Entrée" on one line) in a small one, not a
    # 320-pixel box over the trump badge.
    data["#key_tip"] = {"misc": {"rect_width": "-1"}}       # as wide as its words ("Toets: P" stood in 170 px)
    # A field holding Latin text keeps left-to-right order in Dari (widgets.follow_script).
    data["#latin_text"] = {"font": {"name": "noto_sans", "size": str(round(14 * _scale[0]))}}
    # And a field holding Dari in English, Dutch or French draws it with the Arabic font
    # (the Latin one has no glyph of it: "محمد" showed as boxes).
    if path is not None:
        data["#arabic_text"] = {"font": {"name": "noto_sans_arabic", "regular_path": path, "script": "Arab",
                                         "direction": "rtl", "size": str(max(9, round(14 * _scale[0] * ARABIC_SCALE)))}}
        # A list's line or a drop-down's choice with Dari in it, shaped and laid out beforehand
        # (shaping.py): drawn as given, in the Arabic font (it has the Latin letters too), as big
        # as its neighbours'.  Each block is named before the lines' own, which would win.
        # A drop-down's face takes the font alone (its box stays the drop-down's), a little
        # smaller: the Arabic letters stand taller and were cut at 1024x600.
        for base, name, scale in (("selection_list.@selection_list_item", "selection_list.#arabic_item", 1.0),
                                  ("drop_down_menu", "drop_down_menu.#arabic_item", ARABIC_SCALE),
                                  ("drop_down_menu.selection_list.button",
                                   "drop_down_menu.#drop_down_options_list.#arabic_item", 1.0)):
            f = data.get(base, {}).get("font") if isinstance(data.get(base, {}).get("font"), dict) else {}
            block = dict(data.get(base, {})) if scale == 1.0 else {}
            block["font"] = {"name": "noto_sans_arabic_ltr", "regular_path": path, "direction": "ltr",
                             "size": str(round(int(f.get("size", round(16 * _scale[0]))) * scale))}
            data[name] = block
        button = data.get("button", {}).get("font") if isinstance(data.get("button", {}).get("font"), dict) else {}
        data["#arabic_button"] = {"font": {"name": "noto_sans_arabic_ltr", "regular_path": path, "direction": "ltr",
                                           "size": str(round(int(button.get("size", round(16 * _scale[0]))) * ARABIC_SCALE))}}
    for size in fit_sizes():                # smaller fonts for words that would overflow (forms.fit_id)
        for bold in ("0", "1"):
            data.setdefault(f"#fit_{size}_{bold}", {"font": {"name": "noto_sans", "size": str(size), "bold": bold}})
    for block in data.values():
        f = block.get("font") if isinstance(block, dict) else None
        if not isinstance(f, dict) or f.get("name") == "fira_code_symbols" or path is None:
            continue
        size = max(9, round(int(f.get("size", "14")) * ARABIC_SCALE))
        fa = {"locale": "fa", "name": "noto_sans_arabic", "size": str(size), "bold": f.get("bold", "0"),
              "script": "Arab", "direction": "rtl", "regular_path": path}
        block["font"] = [dict(f, locale="en"), fa]
    if isinstance(data["#latin_text"]["font"], list):       # the Latin font in Dari too (a cached
        latin = data["#latin_text"]["font"][0]                # Arabic font would keep its direction)
        data["#latin_text"]["font"] = [latin, dict(latin, locale="fa")]
    for name, ltr in _ALIGNED.items():
        data.setdefault(name, {}).setdefault("misc", {})["text_horiz_alignment"] = "right" if rtl else ltr
    return data


def fit_sizes() -> tuple[int, ...]:
    """The smaller sizes a widget's words may take to fit (``forms.fit_id``), grown with
    the window as the theme's own sizes are: in a tall window a word that overflows by a
    few pixels steps down one size, not from 36 pixels to 22.

    >>> _scale[0] = 1.5; fit_sizes()[:3], fit_sizes()[-1]
    ((33, 30, 27), 18)
    >>> _scale[0] = 1.0; fit_sizes() == FIT_SIZES
    True
    """
    return tuple(sorted({round(s * _scale[0]) for s in FIT_SIZES}, reverse=True))


def font_spec(name: str) -> tuple[int, bool]:
    """(size, bold) of a theme block's Latin font (``@menu_button``, ``button``...)."""
    spec = _theme_fonts().get(name) or _theme_fonts().get("#table_shape") or {}
    return round(int(spec.get("size", "18")) * _scale[0]), spec.get("bold", "0") == "1"


def _theme_fonts() -> dict:
    if not _fonts_seen:
        with open(THEME_FILE, encoding="utf-8") as f:
            data = json.load(f)
        _fonts_seen.update({k: v["font"] for k, v in data.items() if isinstance(v, dict) and "font" in v})
    return _fonts_seen


def text_width(text: str, size: int, bold: bool) -> int:
    """How wide pygame_gui draws ``text`` in the theme's font of ``size``, in the language in use."""
    if i18n.is_rtl():
        return font(round(size * ARABIC_SCALE), False).size(text)[0]
    return font(size, bold).size(text)[0]


def prepare_widget_words() -> None:
    """pygame_gui looks up the words of every label, button and drop-down line through
    python-i18n's ``t()`` (its own translation mechanism) just before drawing them.  Wrapped
    once here, that lookup also prepares them for a right-to-left font (``text.gui``), so
    every widget of every screen, the table's own too, reads right in Dari; in the other
    languages it changes nothing.  (Text typed into an entry never passes through it.)"""
    import i18n as widget_words             # python-i18n, pygame_gui's dependency (not table.i18n)
    if getattr(widget_words.t, "prepares_rtl", False):
        return
    lookup = widget_words.t

    def t(key: str, **kw: Any) -> Any:
        words = lookup(key, **kw)
        return gui(words) if isinstance(words, str) else words

    t.prepares_rtl = True                   # type: ignore[attr-defined]
    widget_words.t = t


def apply_language(ui: Any, code: str | None = None) -> str:
    """Switch to ``code`` (None: the one in use) and give pygame_gui its fonts; the screens
    then rebuild their widgets (``Settings`` does it for every open screen)."""
    prepare_widget_words()
    code = i18n.set_language(code) if code is not None else i18n.language()
    ui.get_theme().load_theme(ui_theme(i18n.is_rtl(code)))
    ui.set_locale(code)
    return code


_dealer_buttons: dict = {}


def dealer_button(size: int) -> pygame.Surface:
    """The dealer's chip, its letter in the language (sprites.table_art draws it; cached)."""
    letter = i18n.pgettext("the dealer's chip: one letter", "D")        # Dari: the first letter of its word
    img = _dealer_buttons.get((size, letter))
    if img is None:
        try:
            from sprites.table_art import dealer_button as art
            img = art(size, letter, None if letter.isascii() else arabic_font_file())
        except Exception:
            img = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.circle(img, (250, 250, 250), (size // 2, size // 2), size // 2)
        _dealer_buttons[size, letter] = img
    return img
