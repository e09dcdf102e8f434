"""Drawing for the coach's screens: the position of a reviewed decision, and
text fitted to its box.  Words come in already written (the screens hold
them); cards are the table's own images (``app.images``).

``draw_position`` lays out, top to bottom: the heading and the context line,
the trick on the table in play order (the reviewed seat's empty place
last), the seat's hand with the choice made, the best choice and the
all-hands best marked, the sentence and figures of the judgement, and a bar
chart of what each choice cost.  Each band gets what is left after the
text, so it fits from 1024x600 to 2560x1440.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from . import charts
from .coach_text import VERDICT_INK, points
from .i18n import is_rtl
from .rich import rich
from .text import font, lead
from .theme import CREAM, DIM, GOLD

SIGNAL_INK = VERDICT_INK["mistake"]      # a false drop: a warning, as a mistake's row is inked

Colour = tuple


@dataclass
class Position:
    """What the review screen shows of one decision (all text already worded)."""

    heading: str
    context: str
    trick_title: str
    trick: list[tuple[str, str]]             # (who, card) in play order
    trick_note: str | None                   # "You lead this trick."
    turn_label: str | None                   # the reviewed seat's empty place, when it is a card decision
    hand: list[str] | None                   # sorted, None when face down
    hand_note: str
    marks: dict[str, tuple[str, Colour]] = field(default_factory=dict)   # card -> (tag, ink)
    sentence: str = ""
    sentence_ink: Colour = CREAM
    numbers: str = ""
    chart_title: str = ""
    bars: list[tuple[str, float, Colour]] = field(default_factory=list)  # (choice, cost, ink)
    info: list[str] = field(default_factory=list)    # lines in the trick's place for other decisions
    why: str = ""                                    # a card's: why the coach's choice, under the figures
    signal: str = ""                                 # a false drop (``coach_text.signal_line``), under that


def fit(text: str, size: float, width: float, colour: Colour, bold: bool = False) -> pygame.Surface:
    """``text`` (rich: pips as tokens) no wider than ``width``, smaller down to 9 px;
    still wider at 9 px, the caller clips it (``blit_fit`` does)."""
    size = int(size)
    img = rich(text, size, colour, bold)
    while img.get_width() > width and size > 9:
        size = max(9, min(size - 1, int(size * width / img.get_width())))
        img = rich(text, size, colour, bold)
    return img


def column_box(x: float, w: float, start: float, end: float, gap: float = 6) -> tuple[float, float]:
    """(left, width) of a table column from ``start`` to ``end`` (shares of the width ``w``
    at ``x``), less ``gap``: the first column at the left, or for a right-to-left reader
    at the right (the review's and the statistics' tables).

    >>> column_box(0, 100, 0.0, 0.25)
    (0.0, 19.0)
    """
    left = x + w * (1.0 - end) if is_rtl() else x + w * start
    return left, w * (end - start) - gap


def column_boxes(x: float, w: float, starts: list[float]) -> list[tuple[float, float]]:
    """``column_box`` of each column of a table whose columns start at ``starts`` (shares)."""
    return [column_box(x, w, a, b) for a, b in zip(starts, [*starts[1:], 1.0])]


def fitted_shares(shares: list[float], needs: list[float]) -> list[float]:
    """Column shares moved so a column whose words need more than its share takes it from
    columns with room to spare, in proportion to their spare (never below their own need);
    with too little spare in all, each short column gets a part as large as its shortfall's.
    The Dutch review's "A♣ laten vallen" shrank to 9 px beside half-empty columns.

    >>> fitted_shares([0.25, 0.25, 0.5], [0.1, 0.4, 0.2])
    [0.2, 0.4, 0.4]
    >>> fitted_shares([0.5, 0.5], [0.7, 0.6])
    [0.5, 0.5]
    """
    short = [max(0.0, n - s) for s, n in zip(shares, needs, strict=True)]
    spare = [max(0.0, s - n) for s, n in zip(shares, needs, strict=True)]
    lack, room = sum(short), sum(spare)
    if lack == 0 or room == 0:
        return list(shares)
    moved = min(lack, room)
    return [round(s + moved * (short[i] / lack) - moved * (spare[i] / room), 6) for i, s in enumerate(shares)]


def mirrored(rect: pygame.Rect, width: int) -> pygame.Rect:
    """``rect`` of a screen ``width`` wide laid out left to right, mirrored across the screen
    in a right-to-left language (Dari reads a screen's panels and buttons from the right)."""
    if not is_rtl():
        return rect
    return pygame.Rect(width - rect.right, rect.y, rect.w, rect.h)


def blit_fit(surface: pygame.Surface, text: str, size: float, pos: tuple, width: float, colour: Colour,
             bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """Draw ``text`` fitted to ``width`` with its ``anchor`` at ``pos``; the rect it took.
    In a right-to-left language a line set from the left of its box is set from its right
    (``pos`` is the box's left edge, ``width`` its width), and a clipped line keeps its start."""
    img = fit(text, size, width, colour, bold)
    w = min(img.get_width(), max(1, round(width)))
    rect = pygame.Rect(0, 0, w, img.get_height())
    rtl = is_rtl() and anchor.endswith("left")
    if rtl:
        pos, anchor = (pos[0] + width, pos[1]), lead(anchor)
    setattr(rect, anchor, (round(pos[0]), round(pos[1])))
    surface.blit(img, rect, area=pygame.Rect(img.get_width() - w if rtl else 0, 0, w, img.get_height()))
    return rect


_wrapped: dict[tuple, tuple[int, list[str]]] = {}


def wrap(text: str, size: float, width: float, bold: bool = False, lines: int = 2) -> tuple[int, list[str]]:
    """``text`` broken at spaces into at most ``lines`` lines no wider than ``width``,
    at ``size`` or smaller (down to 10 px): (the size, the lines).  Pips stay whole:
    a token sits inside its word ("6{H}").  Kept, since a frame asks again."""
    key = (text, int(size), int(width), bold, lines)
    found = _wrapped.get(key)
    if found is not None:
        return found
    size = int(size)
    while True:
        out: list[str] = []
        for word in text.split(" "):
            if out and rich(out[-1] + " " + word, size, CREAM, bold).get_width() <= width:
                out[-1] += " " + word
            else:
                out.append(word)
        if len(out) <= lines or size <= 10:
            break
        size -= 1
    if len(out) > lines:                 # still too long at 10 px: the rest goes on the last line (clipped)
        out = out[:lines - 1] + [" ".join(out[lines - 1:])]
    if len(_wrapped) > 200:
        _wrapped.clear()
    _wrapped[key] = (size, out)
    return size, out


def readable_lines(text: str, size: float, width: float, least: float) -> int:
    """2 if ``text`` on one line at most ``size`` would have to shrink below ``least`` to
    fit ``width`` (it then takes a second line rather than shrink past reading), else 1."""
    return 2 if wrap(text, size, width, lines=1)[0] < least else 1


def blit_lines(surface: pygame.Surface, text: str, size: float, pos: tuple, width: float, colour: Colour,
               bold: bool = False, lines: int = 2) -> int:
    """``text`` wrapped (``wrap``) from ``pos`` down; the y below it."""
    size, out = wrap(text, size, width, bold, lines)
    x, y = pos
    for line in out:
        y = blit_fit(surface, line, size, (x, y), width, colour, bold).bottom
    return y


def _drawn_height(text: str, size: float, width: float, bold: bool = False, lines: int = 2) -> int:
    """How tall ``blit_lines`` draws ``text``."""
    size, out = wrap(text, size, width, bold, lines)
    return sum(fit(line, size, width, CREAM, bold).get_height() for line in out)


def _fitting(text: str, size: float, width: float) -> int:
    """The largest size up to ``size`` (down to ``fit``'s 9 px) at which bold ``text`` fits
    ``width``; 8 where it does not fit even then (it would be clipped)."""
    size = int(size)
    while size > 9 and rich(text, size, CREAM, True).get_width() > width:
        size -= 1
    return size if rich(text, size, CREAM, True).get_width() <= width else 8


def header_row(surface: pygame.Surface, texts: list[str], boxes: list[tuple[float, float]], y: float, size: float,
               colour: Colour) -> int:
    """A table's column heads (``boxes``: each column's left and width) at one size, the
    largest at which every head fits its column in as few lines as keep that size (up to
    three): heads of one row in one size ("Parties gagnées" not tiny beside "Donnes"; a
    narrow French column cut "Parties ensemble (g" on one line). The y below the row."""
    pairs = list(zip(texts, boxes, strict=True))
    ways = []
    for lines in (1, 2, 3):
        split = {t: [t] if lines == 1 else wrap(t, size, w, bold=True, lines=lines)[1] for t, (_x, w) in pairs}
        ways.append((min(_fitting(line, size, w) for t, (_x, w) in pairs for line in split[t]), split))
    best = max(s for s, _split in ways)
    common, split = next(way for way in ways if way[0] >= min(best, size * 0.85))
    bottom = round(y)
    for text, (x, w) in pairs:
        yy = y
        for line in split[text]:
            yy = blit_fit(surface, line, common, (x, yy), w, colour, bold=True).bottom
        bottom = max(bottom, round(yy))
    return bottom


def _rich_text(s: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """The charts' text function, with pips drawn (``K{S}`` on a bar)."""
    return rich(s, size, colour, bold)


def _outline(surface: pygame.Surface, rect: pygame.Rect, ink: Colour, width: int) -> None:
    pygame.draw.rect(surface, ink, rect.inflate(width * 2, width * 2), width, border_radius=max(4, rect.w // 10))


# Heights in label lines (``label`` px each) around the cards of each band.
TRICK_TEXT = 4.0        # the band's title above, who played under, a clear gap over the hand's tags
HAND_TEXT = 2.6         # the tags over lifted cards, a gap under


def draw_position(surface: pygame.Surface, area: pygame.Rect, fs: int, images: object, pos: Position) -> None:
    """The position of one reviewed decision inside ``area`` (see the module's text)."""
    x, y, w = area.x, area.y, area.w
    y = blit_fit(surface, pos.heading, fs * 1.15, (x, y), w, GOLD, bold=True).bottom + fs * 0.2
    # The context (trump, tricks, a pass that moved the hands) takes a second line rather
    # than shrink past reading (Dutch at 1024x600 was cut at 7 px).
    y = blit_lines(surface, pos.context, fs * 0.9, (x, y), w, DIM,
                   lines=readable_lines(pos.context, fs * 0.9, w, fs * 0.72)) + fs * 0.5
    text_h = round(fs * 1.45 * 3 + fs * 0.5) if pos.sentence else 0      # two lines of judgement, the figures
    # A long judgement takes a third line rather than shrink past reading (10 px at 1024x600).
    said = 3 if pos.sentence and wrap(pos.sentence, fs, w, True, 2)[0] < fs * 0.85 else 2
    text_h += round(fs * 1.45) * (said - 2)
    # The figures take a second line rather than shrink past reading (French at 1024x600).
    figure_lines = readable_lines(pos.numbers, fs * 0.85, w, fs * 0.72) if pos.sentence else 1
    text_h += round(fs * 1.1) * (figure_lines - 1)
    text_h += round(fs * 1.1) * 2 if pos.why else 0        # why the coach's card, two lines at most
    text_h += round(fs * 1.1) * 2 if pos.signal else 0     # and a false drop's word
    if pos.sentence:        # or as tall as they are drawn (Dari's taller lines ran the drop's under the chart)
        text_h = max(text_h, round(fs * 0.7 + _drawn_height(pos.sentence, fs, w, True, said)
                                   + _drawn_height(pos.numbers, fs * 0.85, w, False, figure_lines)
                                   + sum(_drawn_height(t, fs * 0.85, w) + fs * 0.15 for t in (pos.why, pos.signal) if t)))
    room = area.bottom - y - text_h
    chart_h = round(room * 0.34) if pos.bars else 0
    cards_h = room - chart_h
    label = round(fs * 0.85)
    # Card widths from the height each band has, and for the hand the width too (13 cards overlap);
    # never larger than the table's own cards.  The trick's cards as large as the hand's, or larger
    # where the hand is held back by its width (a fixed share of the height drew them 64 px wide
    # beside a hand of 150 at 2560x1440): they are what the decision answered.
    most = getattr(images, "width", 200)
    n = len(pos.hand) if pos.hand else 1
    hand_most = min(most, round(w / (0.5 * n + 0.7)))
    texts = (TRICK_TEXT + HAND_TEXT) * label
    trick_w = max(20, min(most, round((w - label) / 5.2),
                          round((cards_h - texts) / 1.4 - min(hand_most, (cards_h - texts) / 2.8))))
    top_h = round(TRICK_TEXT * label + trick_w * 1.4) if pos.turn_label is not None \
        else round(cards_h * 0.42) if pos.info else 0
    hand_h = cards_h - top_h
    hand_w = max(20, min(hand_most, round((hand_h - HAND_TEXT * label) / 1.4)))
    band = pygame.Rect(x, y, w, top_h)
    if pos.turn_label is not None:
        draw_trick(surface, band, label, images, pos, trick_w)
    elif pos.info:
        yy = band.y
        for line in pos.info:
            yy = blit_lines(surface, line, fs * 0.95, (x, yy), w, CREAM) + label * 0.3
    draw_hand(surface, pygame.Rect(x, y + top_h, w, hand_h), label, images, pos, hand_w)
    if pos.sentence:
        y = area.bottom - chart_h - text_h + round(fs * 0.2)
        y = blit_lines(surface, pos.sentence, fs, (x, y), w, pos.sentence_ink, bold=True, lines=said) + fs * 0.2
        y = blit_lines(surface, pos.numbers, fs * 0.85, (x, y), w, DIM, lines=figure_lines)
        if pos.why:
            y = blit_lines(surface, pos.why, fs * 0.85, (x, y + fs * 0.15), w, CREAM)
        if pos.signal:
            blit_lines(surface, pos.signal, fs * 0.85, (x, y + fs * 0.15), w, SIGNAL_INK)
    if pos.bars:
        rect = pygame.Rect(x, area.bottom - chart_h, w, chart_h)
        charts.bar_chart(surface, rect, [b[0] for b in pos.bars], [b[1] for b in pos.bars],
                         [b[2] for b in pos.bars], title=pos.chart_title, text=_rich_text,
                         font_px=max(10, round(fs * 0.8)), value_format=points)     # as the table writes it: "<0.1", not 0


def draw_trick(surface: pygame.Surface, band: pygame.Rect, label: int, images: object, pos: Position,
               cw: int) -> int:
    """The trick so far in play order, each card with who played it; the bottom of what it drew."""
    if pos.turn_label is None:
        return band.y
    blit_fit(surface, pos.trick_title, label, band.topleft, band.w, DIM, bold=True)
    top = band.y + round(label * 1.4)
    ch = round(cw * 1.4)
    # Room for each player's whole name where the band has it: under small cards "Zelzela 2"
    # was cut to "Zelzela", like the other Zelzela (at most four places: three cards and yours).
    names = max((font(label).size(who)[0] for who, _card in pos.trick), default=0)
    step = max(cw + max(6, cw // 4), min(round(band.w / 5), names + 10))
    rtl = is_rtl()

    def at(x0: float) -> float:
        """A card's left edge, mirrored for a reader from the right (the leader on the right)."""
        return band.x + band.right - x0 - cw if rtl else x0
    x = band.x + label
    for who, card in pos.trick:
        img = images.get(card, True, cw)
        surface.blit(img, img.get_rect(topleft=(at(x), top)))
        blit_fit(surface, who, label, (at(x) + cw / 2, top + ch + 2), step - 4, CREAM, anchor="midtop")
        x += step
    if pos.turn_label:
        spot = pygame.Rect(at(x), top, cw, ch)
        pygame.draw.rect(surface, GOLD, spot, 2, border_radius=max(4, cw // 10))
        # Inside the empty place, not under it: under it the word met the hand's tags ("you played").
        blit_fit(surface, pos.turn_label, label, spot.center, cw - 4, GOLD, bold=True, anchor="center")
        x += step
    if pos.trick_note:
        blit_fit(surface, pos.trick_note, label * 1.1, (band.x if rtl else x + label, top + ch / 2),
                 band.right - x - label, CREAM, anchor="midleft")
    return top + ch + round(label * 1.6)


def draw_hand(surface: pygame.Surface, band: pygame.Rect, label: int, images: object, pos: Position,
              cw: int) -> int:
    """The seat's hand, overlapping to fit, the marked cards lifted and outlined with their tags."""
    if pos.hand is None:
        blit_fit(surface, pos.hand_note, label * 1.1, band.midleft, band.w, DIM, anchor="midleft")
        return band.bottom
    n = len(pos.hand)
    ch = round(cw * 1.4)
    lift = round(label * 2.1)             # room above for the tags of lifted cards
    step = cw if n < 2 else min(cw + cw // 8, (band.w - cw) / (n - 1))
    total = cw + step * (n - 1)
    x0 = band.x + (band.w - total) / 2
    top = band.y + lift
    marked = []
    width = max(2, cw // 30)
    for i, card in enumerate(pos.hand):
        r = pygame.Rect(round(x0 + i * step), top, cw, ch)
        mark = pos.marks.get(card)
        if mark:
            # lifted and outlined under the card itself: the next card covers both, as in a fan
            r.y -= round(label * 0.6)
            marked.append((r, mark))
            _outline(surface, r, mark[1], width)
        surface.blit(images.get(card, True, cw), r)
    # Each tag a pill of its card's ink: two tags side by side read as one phrase ("all hands
    # played") in plain letters.  Neighbouring pills never overlap: pushed right past the one
    # before, then, at the band's right end, back left (three marked cards at the end of a fan).
    tags, tags_right = [], band.x - 1
    pad = max(3, label // 4)
    for r, (tag, ink) in sorted(marked, key=lambda m: m[0].x):
        img = fit(tag, label * 0.9, max(step, cw * 0.9) + 8 - 2 * pad, (20, 24, 18), True)
        at = img.get_rect().inflate(2 * pad, pad)
        at.midbottom = (r.centerx, r.top - width - 1)
        at.x = max(at.x, tags_right + 4, band.x)
        tags.append((img, at, ink))
        tags_right = at.right
    limit = band.right
    for img, at, ink in reversed(tags):
        at.right = min(at.right, limit)
        limit = at.x - 4
        pygame.draw.rect(surface, ink, at, border_radius=at.h // 2)
        surface.blit(img, img.get_rect(center=at.center))
    return top + ch + round(label * 0.4)
