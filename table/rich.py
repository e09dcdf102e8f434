"""One line of text with suit pips and arrows drawn as shapes.

Fonts cannot draw ♠♥♦♣ (nor →): a line is written with tokens instead and
each token is drawn as a shape between the words:

    "You must overtake the J{C}"       a club pip after the J
    "38 − 30 = 8, no-trump ×2 -> 16"   an arrow between 2 and 16
    "**bold** plain"                   bold spans

``rich(text, size, colour)`` returns a cached surface; ``blit_rich`` draws it
at an anchor.  Pips on the table's dark panels use light inks (cream for the
black suits) unless ``on_light`` is set.  The inks come from ``sprites.colours``
and follow the deck: ``set_four_colour(True)`` makes a diamond here as blue
(and a club as green) as on the cards.

A line with Dari words in it reads right to left: its pieces are ordered by
the bidi rules of ``text.visual_spans`` (a pip counts as a letter of the card
index before it, so "J{C}" stays J♣; a number stays left to right), and an
arrow in a right-to-left stretch points left, the way the line reads.  The
cache of drawn lines empties when the language changes.
"""
import re
from collections.abc import Mapping

import pygame

from sprites.colours import suit_ink as _sprite_ink

from . import i18n
from .i18n import card_index, card_words  # noqa: F401  (card_words: the table's modules take it here)
from .text import ARROW_MARK, PIP_MARK, font, paragraph_rtl, visual_spans

_deck = {"four_colour": False}           # the Settings' deck, told by set_four_colour


def set_four_colour(on):
    """Ink text pips like the four-colour deck (True) or the two-colour one."""
    _deck["four_colour"] = bool(on)


def suit_ink(suit, on_light=False):
    """The ink of a ``suit`` pip in text for the current deck (one source: sprites.colours)."""
    return _sprite_ink(suit, _deck["four_colour"], on_light)


class _Inks(Mapping):
    """Suit -> ink following the deck setting, so ``SUIT_INK_DARK[suit]`` keeps working."""

    def __init__(self, on_light):
        self.on_light = on_light

    def __getitem__(self, suit):
        if suit not in ("S", "H", "D", "C"):
            raise KeyError(suit)
        return suit_ink(suit, self.on_light)

    def __iter__(self):
        return iter("SHDC")

    def __len__(self):
        return 4


SUIT_INK_DARK = _Inks(False)
SUIT_INK_LIGHT = _Inks(True)

_TOKEN = re.compile(r"(\{[SHDC]\}|->|\*\*)")
_cache = {}
_art = {}


def _pip_art(size):
    """A CardArt just for pips (any width works; pips are drawn at the asked size)."""
    art = _art.get("art")
    if art is None:
        try:
            from sprites.cards import CardArt
            art = CardArt(40)
        except Exception:
            art = False
        _art["art"] = art
    return art or None


def pip_surface(suit, size, colour):
    key = ("pip", suit, int(size), tuple(colour))
    img = _cache.get(key)
    if img is None:
        art = _pip_art(size)
        size = max(4, int(size))
        if art is not None:
            img = art.pip(suit, size, colour)
        else:
            img = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.circle(img, colour, (size // 2, size // 2), size // 2)
        _cache[key] = img
    return img


def _arrow(size, colour):
    w, h = max(6, round(size * 0.95)), max(4, round(size * 0.6))
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    y = h // 2
    t = max(1, round(size / 11))
    pygame.draw.line(img, colour, (0, y), (w - t * 2, y), t + 1)
    pygame.draw.polygon(img, colour, [(w - 1, y), (w - h * 0.55, 0), (w - h * 0.55, h - 1)])
    return img


def _pieces(text, bold):
    """The line's pieces in reading order: ("txt", words, bold), ("pip", suit) or ("arrow",)."""
    out = []
    b = bold
    for tok in _TOKEN.split(text):
        if not tok:
            continue
        if tok == "**":
            b = not b
        elif tok == "->":
            out.append(("arrow",))
        elif len(tok) == 3 and tok[0] == "{":
            out.append(("pip", tok[1]))
        else:
            out.append(("txt", tok, b))
    return out


def _visual(pieces):
    """The pieces of a right-to-left line in the order they stand from the left, each text
    piece cut into runs of one direction: [(piece, right_to_left)]."""
    chars, owner = [], []
    for k, p in enumerate(pieces):
        mark = p[1] if p[0] == "txt" else PIP_MARK if p[0] == "pip" else ARROW_MARK
        chars.append(mark)
        owner += [k] * len(mark)
    line = "".join(chars)
    out = []
    for start, end, right in visual_spans(line, True):
        segs = []                                   # the span's stretches of one piece, in logical order
        i = start
        while i < end:
            j = i
            while j < end and owner[j] == owner[i]:
                j += 1
            p = pieces[owner[i]]
            segs.append((("txt", line[i:j], p[2]) if p[0] == "txt" else p, right))
            i = j
        out += reversed(segs) if right else segs
    return out


def rich(text, size, colour=(244, 236, 210), bold=False, on_light=False, shadow=False):
    """A surface of ``text`` with its tokens drawn as shapes (cached)."""
    text = i18n.elide(text)                  # French: "le A{S}" is "l'A{S}"
    size = int(size)
    key = (text, size, tuple(colour), bold, on_light, shadow, _deck["four_colour"])
    img = _cache.get(key)
    if img is not None:
        return img
    if len(_cache) > 500:
        _cache.clear()
    pieces = _pieces(text, bold)
    rtl = paragraph_rtl("".join(p[1] for p in pieces if p[0] == "txt"))
    ordered = _visual(pieces) if rtl else [(p, False) for p in pieces]
    parts = []
    f_asc = font(size, True).get_ascent()
    for p, right in ordered:
        if p[0] == "arrow":
            arrow = _arrow(size, colour)
            parts.append(("img", pygame.transform.flip(arrow, True, False) if right else arrow, None))
            continue
        if p[0] == "pip":
            parts.append(("img", pip_surface(p[1], round(size * 0.82), suit_ink(p[1], on_light)), 0.08))
            continue
        f = font(size, p[2])
        if rtl:                                     # one run, already in order: drawn as it is
            parts.append(("txt", f.render_run(p[1], right, True, colour), 0.0))
            if shadow:
                parts[-1] += (f.render_run(p[1], right, True, (0, 0, 0)),)
        else:
            parts.append(("txt", f.render(p[1], True, colour), 0.0))
            if shadow:
                parts[-1] += (f.render(p[1], True, (0, 0, 0)),)
    h = font(size, bold).get_height()
    width = sum(p[1].get_width() + (max(1, size // 14) if p[0] == "img" else 0) for p in parts) + 2
    img = pygame.Surface((max(1, width), h + 2), pygame.SRCALPHA)
    x = 0
    off = max(1, size // 14)
    for p in parts:
        kind, s = p[0], p[1]
        if kind == "txt":
            if shadow and len(p) > 3:
                sh = p[3].copy()
                sh.set_alpha(150)
                img.blit(sh, (x + off, off))
            img.blit(s, (x, 0))
            x += s.get_width()
        else:
            x += off // 2
            # a pip stands on the baseline; an arrow's shaft runs through the middle of the
            # small letters (about 0.27 of the size above the baseline)
            y = round(f_asc - s.get_height() + size * p[2]) if p[2] is not None else \
                round(f_asc - size * 0.27 - s.get_height() / 2)
            y = max(0, min(h - s.get_height(), y))
            img.blit(s, (x, y))
            x += s.get_width() + off - off // 2
    _cache[key] = img
    return img


def blit_rich(surface, text, size, pos, colour=(244, 236, 210), bold=False, anchor="topleft",
              on_light=False, shadow=False):
    img = rich(text, size, colour, bold, on_light, shadow)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


def _forget(_code):
    """A new language: lines are laid out anew (their direction may have changed)."""
    _cache.clear()
    _wrapped.clear()


i18n.on_change(_forget)


def wrap_parts(parts: list, size: float, width: float, sep: str = ", ") -> list:
    """Join ``parts`` into lines no wider than ``width`` (rich text measured), as even as
    the fewest lines allow: filled greedily, a Dutch score box left "keer" alone on a line.
    Kept: the search measures many trial lines, and the score box asks every frame."""
    key = (tuple(parts), size, width, sep)
    if key in _wrapped:
        return list(_wrapped[key])
    lines = _fill(parts, size, width, sep)
    if len(lines) > 1:
        lo, hi = max(rich(p, size).get_width() for p in parts), width
        while hi - lo > 2:              # the narrowest width that takes no more lines
            mid = (lo + hi) / 2
            lo, hi = (lo, mid) if len(_fill(parts, size, mid, sep)) <= len(lines) else (mid, hi)
        lines = _fill(parts, size, hi, sep)
    if len(_wrapped) > 200:
        _wrapped.clear()
    _wrapped[key] = tuple(lines)
    return lines


_wrapped: dict = {}


def _fill(parts: list, size: float, width: float, sep: str) -> list:
    lines = []
    cur = ""
    for p in parts:
        cand = p if not cur else cur + sep + p
        if cur and rich(cand, size).get_width() > width:     # a comma ends its line, a middle dot never
            lines.append(cur + ("" if sep.strip() == "·" else sep.rstrip()))
            cur = p
        else:
            cur = cand
    if cur:
        lines.append(cur)
    return lines
