"""What the table writes on the felt: the score board, seat plates, the trump
badge, banners and the prompt line.

Pure drawing from a ``TableLook``: the data the table hands over each frame (the view
as the animation has reached it, the names, who is thinking...); it changes nothing.

In a right-to-left language (Dari) the panels read from the right: the score
board's names stand at its right edge and the totals at its left, the trick
boxes fill from the right, a plate's lines and the trump badge's label start at
the right.  The seats, the hands and the trick never move.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from rules.games import get_game

from .i18n import _, digits, is_rtl, number, pgettext
from .layout import Layout
from .rich import blit_rich, rich, wrap_parts
from .text import as_unit, lead
from .bubbles import bubble as _bubble
from .words import away_words, calls_line, separator
from .theme import (GOLD, CREAM, DIM, RED, EDGE, panel, render, blit_text, signed, fit_size, fit_names, fit_text,
                    dealer_button)
from . import explain


@dataclass
class TableLook:
    """Everything the HUD draws from, for one frame."""
    view: dict                            # the view as the animation has reached it
    layout: Layout
    board: Any                            # the Board: card images, places, the widow pile
    viewer: str
    name: Callable[[str], str]            # a seat's player's name
    kind: Callable[[str], str]            # me | bot | person | open
    hotseat: bool = False
    clock: float = 0.0
    moving: bool = False
    thinking: str | None = None           # the seat whose bot is visibly thinking
    announces: dict = field(default_factory=dict)    # seat -> [action, age]
    banners: list = field(default_factory=list)      # [text, sub, left, total, age]
    ripples: list = field(default_factory=list)      # [x, y, strength, age]
    trump_flash: float | None = None
    summaries: list = field(default_factory=list)
    away: Callable[[str], bool | int] = lambda seat: False     # gone for now (seconds till a bot plays)
    swap_shown: bool = True                # Manni: the swap's motion has been shown (the pile is the old hand)

    def pip(self, suit: str, size: int) -> pygame.Surface:
        return self.board.images.big.pip(suit, size)


def side_name(name: Callable[[str], str], side: str) -> str:
    """``Ana & Bo`` for the side ``bottom-top`` (the language's "and" where it has no "&"),
    each name a unit in a line of the other script (``text.as_unit``)."""
    return _(" & ").join(as_unit(name(s)) for s in side.split("-"))


def mirror(rect: pygame.Rect, x: float, anchor: str = "topleft") -> tuple[float, str]:
    """``x`` and ``anchor`` of a line laid out in ``rect`` for a left-to-right reader, as a
    right-to-left reader looks for it: the same distance from the other side."""
    if not is_rtl():
        return x, anchor
    return rect.left + rect.right - x, lead(anchor)


def seat_side(view: dict, seat: str) -> str:
    for side in (view.get("totals") or {}):
        if seat in side.split("-"):
            return side
    return seat


def own_side(look: "TableLook") -> str | None:
    """The side marked as the viewer's own: none for a watcher or a table of bots (drawn from
    a seat's place, they have no side), nor for people of both sides at one screen."""
    if look.kind(look.viewer) != "me":
        return None
    side = seat_side(look.view, look.viewer)
    return None if any(look.kind(s) == "me" and seat_side(look.view, s) != side for s in look.view["seats"]) else side


# -- the score board --------------------------------------------------------------------------

def draw_scoreboard(surface: pygame.Surface, look: TableLook) -> pygame.Rect | None:
    v = look.view
    L = look.layout
    fs = L.score_px()
    sides = list((v.get("totals") or {}).keys())
    if not sides:
        return None
    game = get_game(v["game"])
    targets, tricks = v.get("targets") or {}, v.get("tricks") or {}
    row_h, w = round(fs * 2.7), L.scoreboard_width()
    extra = _deal_lines(look, fs, w - fs * 2) if game.card_points else []
    h = (round(fs * (2.75 if is_rtl() else 2.4)) + row_h * len(sides)     # Dari's taller lines: the last sat on the edge
         + (round(fs * 0.5 + sum(x[2] for x in extra)) if extra else 0))
    rect = panel(surface, (L.margin, L.margin, w, h))
    x0, y = rect.x + fs, rect.y + round(fs * 0.5)
    start, start_anchor = mirror(rect, x0)              # where a line starts, for this reader
    end, end_anchor = mirror(rect, rect.right - fs, "topright")
    waiting = v.get("phase") in ("waiting", None)
    deal = (v.get("deal") or 0) + 1 if not waiting else len(v.get("scores") or []) + 1
    opts = v.get("options") or {}
    limit = opts.get("max_deals")
    title = (_("DEAL {n} of {limit}").format(n=number(deal), limit=number(limit)) if limit
             else _("DEAL {n}").format(n=number(deal)))
    target = _("match to {target}").format(target=number(opts["target"]) if isinstance(opts.get("target"), int)
                                           else opts.get("target"))
    t_size = fit_size(target, fs * 0.85, w * 0.45)       # the title keeps its size: the target gives way
    title_size = fit_size(title, fs, w - fs * 3 - render(target, t_size, CREAM).get_width(), bold=True)
    blit_text(surface, title, title_size, (start, y), GOLD, bold=True, anchor=start_anchor)
    blit_text(surface, target, t_size, (end, y + 2), DIM, anchor=end_anchor)
    y += round(fs * 1.8)
    mine = own_side(look)
    playing = v.get("phase") in ("play", "done")
    small = max(12, fs * 0.85) * (1.12 if is_rtl() else 1)   # readable at 1024x600 (Dari's letters more so)
    for side in sides:
        colour = GOLD if side == mine else CREAM
        total = number(v["totals"][side])
        total_w = render(total, fs * 1.6, CREAM, True).get_width()
        name, size = fit_names([look.name(s) for s in side.split("-")], _(" & "), fs, w - fs * 3 - total_w, bold=True)
        blit_text(surface, name, size, (start, y), colour, bold=True, anchor=start_anchor)
        blit_text(surface, total, fs * 1.6, (end, y - fs * 0.25), colour, bold=True, anchor=end_anchor)
        t = targets.get(side)
        won = tricks.get(side, 0) if not waiting else 0
        yy = y + round(fs * 1.35)
        if t is not None and not waiting:
            label = _("target {n}").format(n=number(t))
            blit_text(surface, label, fit_size(label, small, fs * 4.8), (start, yy), DIM, anchor=start_anchor)
            _trick_boxes(surface, rect, x0 + fs * 5.2, yy + fs * 0.15, fs * 0.72, t, won)
        else:
            if game.card_points:
                pts = (v.get("points") or {}).get(side, 0) if not waiting else 0
                line = _("card points {points}  ·  tricks {tricks}").format(points=number(pts), tricks=number(won))
            elif game.scoring == "tricks_over" and playing:
                # the sum itself: "this deal -4" before a card was played explained nothing
                line = _("tricks {n}  ·  this deal {n} − {four} = {score}").format(
                    n=number(won), four=number(4), score=digits(signed(won - 4)))
            elif game.scoring == "tricks_over" or v.get("calls") is None or waiting:
                line = _("tricks {n}").format(n=number(won))
            else:
                line = calls_line(v["calls"], side.split("-"), v.get("dealer"))
            blit_text(surface, line, fit_size(line, small, w - fs * 2), (start, yy), DIM, anchor=start_anchor)
        y += row_h
    if extra:
        pygame.draw.line(surface, (90, 110, 90), (x0, y + fs * 0.12), (rect.right - fs, y + fs * 0.12), 1)
        y += round(fs * 0.45)       # the line clear of the rows' Dari lines (12 % larger: they touched it)
        for text, colour, height, size in extra:
            blit_rich(surface, text, fit_size(text, size, w - fs * 2, bold=colour is GOLD), (start, y), colour,
                      bold=colour is GOLD, anchor=start_anchor)         # gold rows are bold: wider than measured
            y += height
    return rect


def _deal_lines(look: TableLook, fs: int, width: float) -> list:
    """Manille games: the trump, every factor in force, and the deal's score worked out.

    (text, colour, line height, font size) rows for the score panel.
    """
    v = look.view
    if v.get("phase") in ("waiting", None):
        return []
    rows = []
    small = fs * 0.82
    trump = v.get("trump")
    who = v.get("namer")
    words = explain.trump_words(trump, in_line=True)
    named_by = trump and who and who != v.get("dealer")
    blind = trump and v.get("blind")
    if named_by and who == look.viewer and look.kind(who) == "me":      # not "named by You"
        line = (_("Trump: {trump} (blind), named by you") if blind else _("Trump: {trump}, named by you")).format(
            trump=words)
    elif named_by:
        line = (_("Trump: {trump} (blind), named by {name}") if blind
                else _("Trump: {trump}, named by {name}")).format(trump=words, name=look.name(who))
    else:
        line = (_("Trump: {trump} (blind)") if blind else _("Trump: {trump}")).format(trump=words)
    for part in wrap_parts(line.split(" "), small, width, sep=" "):
        rows.append((part, CREAM, round(fs * 1.35), small))
    factors = explain.factors_in_force(v)
    if not trump and v.get("tie_pending"):
        factors = [explain.factor_text("tie", 2)]
    if factors:
        dot = separator()
        for part in wrap_parts(_("factors: {factors}").format(factors=dot.join(factors)).split(dot), small, width, sep=dot):
            rows.append((part, GOLD, round(fs * 1.3), small))
    elif v.get("phase") == "play" or v.get("outcome") == "complete":
        sweep_ahead = v.get("phase") == "play" and v.get("game") == "manille"     # a sweep may still double
        text = _("no factor yet (taking all 8 tricks doubles)") if sweep_ahead else _("no factor: the excess over 30 counts once")
        for part in wrap_parts(text.split(" "), small, width, sep=" "):
            rows.append((part, DIM, round(fs * 1.3), small))
    work = explain.score_workings(v) if v.get("phase") == "done" else None
    if work:
        comma = _(", ")
        for part in wrap_parts(work.split(comma), small, width, sep=comma):
            rows.append((part, GOLD, round(fs * 1.3), small))
    return rows


def _trick_boxes(surface: pygame.Surface, panel_rect: pygame.Rect, x: float, y: float, size: float, target: int,
                 won: int) -> None:
    """One box per trick of the target; filled as tricks are won; red past the target.
    Right to left, the boxes fill from the right (mirrored in ``panel_rect``)."""
    n = max(target, won)
    size = int(size)
    gap = max(2, size // 4)
    for i in range(min(n, 14)):
        left, _anchor = mirror(panel_rect, x + i * (size + gap) + (size if is_rtl() else 0))
        r = pygame.Rect(round(left), round(y), size, size)
        if i < won:
            pygame.draw.rect(surface, RED if i >= target else GOLD, r, border_radius=3)
        else:
            pygame.draw.rect(surface, (120, 140, 126), r, 1, border_radius=3)
    if target == 0 and won == 0:
        at, anchor = mirror(panel_rect, x)
        blit_text(surface, pgettext("no trick to take", "none"), size, (at, y - size * 0.1), DIM, anchor=anchor)


# -- seats ------------------------------------------------------------------------------------

def plate_lines(look: TableLook, seat: str) -> tuple[str, str]:
    """A seat plate's name and the line under it (its call, tricks won, 'bot')."""
    v = look.view
    calls = v.get("calls") or {}
    phase = v.get("phase")
    sub = []
    if phase == "call" and seat in calls:
        sub.append(pgettext("a seat's bubble", "call {n}").format(n=number(calls[seat])))
    elif phase == "call" and seat != v.get("dealer"):
        sub.append(pgettext("a seat's bubble", "call {n}").format(n="…" if seat == v.get("turn") else "—"))
    elif phase == "decide" and seat in calls:
        sub.append(_("called {n}").format(n=number(calls[seat])))
    if phase not in ("call", "decide", "waiting", None):
        # Manfee: the call stays in sight all the deal (not after a pass: the hands moved on)
        if calls.get(seat) is not None and not v.get("passed"):
            sub.append(_("called {n}").format(n=number(calls[seat])))
        sub.append(_("won {n}").format(n=number((v.get("won") or {}).get(seat, 0))))
    if look.kind(seat) == "bot":
        sub.append(pgettext("a seat's player", "bot"))
    elif (away := look.away(seat)) is not False:      # the table waits for them: say why, how long
        sub.append(away_words(away))
    return look.name(seat), separator().join(sub)


SUB_SHRINK = 0.92      # a plate's line may be drawn this much of its size to fit, no smaller


def sub_lines(text: str, size: int, room: float) -> list[str]:
    """A plate's second line, on more lines where one would be drawn smaller than its size
    ("called 4 · won 0 · bot" at 8 px in a narrow plate, "annonce …" at 9 px in the corner
    at 1024 x 600): its parts as many to a line as fit, a part too long alone broken at its
    spaces; none for no text."""
    if not text:
        return []
    if fit_size(text, size, room) >= size * SUB_SHRINK:
        return [text]
    sep = separator()
    lines: list[str] = []
    for part in text.split(sep):
        if lines and fit_size(lines[-1] + sep + part, size, room) >= size * SUB_SHRINK:
            lines[-1] += sep + part
        elif fit_size(part, size, room) >= size * SUB_SHRINK or " " not in part.strip():
            lines.append(part)
        else:
            words = part.split(" ")
            lines.append(words[0])
            for word in words[1:]:
                joined = f"{lines[-1]} {word}"
                if fit_size(joined, size, room) >= size * SUB_SHRINK:
                    lines[-1] = joined
                else:
                    lines.append(word)
    return lines


def draw_plates(surface: pygame.Surface, look: TableLook, clear_of: pygame.Rect | None = None) -> list:
    """Every seat's plate (and its bubble, off the edge of ``clear_of``, a picker); returns
    (name, rect) of each, for the layout test."""
    v = look.view
    b = look.board
    L = look.layout
    fs = L.plate_px()
    turn = v.get("turn")
    rects = []
    for seat in b.seats:
        place = b.place(seat)
        x, y, anchor = L.plate_pos(place)
        name, sub_text = plate_lines(look, seat)
        room = L.plate_room(place, y, fs) - fs * 1.6
        name, size = fit_text(name, fs, room, bold=True)          # a long name: smaller, then cut short
        n1 = render(name, size, GOLD if seat == turn else CREAM, bold=True)
        small = max(11, round(fs * 0.8))        # 10 px at 1024x600 ("call 7 · bot") was hard to read
        subs = sub_lines(sub_text, small, room)
        n2s = [render(line, fit_size(line, small, room), DIM) for line in subs]
        w = max([n1.get_width()] + [n.get_width() for n in n2s]) + fs * 1.6
        h = n1.get_height() + sum(n.get_height() for n in n2s) + fs * 0.6
        rect = pygame.Rect(0, 0, round(w), round(h))
        setattr(rect, anchor, (round(x), round(y)))
        if place == "top":      # a long line ("away: a bot in 20 s") runs over the top hand, not the score
            rect.left = max(rect.left, L.margin + L.scoreboard_width() + 8)
        if seat == turn:
            pulse = 0.5 + 0.5 * math.sin(look.clock * 5.0) if look.moving else 0.6
            pygame.draw.rect(surface, GOLD, rect.inflate(8, 8), 3 + round(pulse * 2), border_radius=14)
        panel(surface, rect, fill=(12, 30, 21, 225), edge=GOLD if seat == turn else EDGE, radius=11)
        x1, side = mirror(rect, rect.x + fs * 0.8)       # the lines start at the reader's side
        surface.blit(n1, n1.get_rect(**{side: (round(x1), round(rect.y + fs * 0.25))}))
        y2 = rect.y + fs * 0.25 + n1.get_height()
        for n2 in n2s:
            surface.blit(n2, n2.get_rect(**{side: (round(x1), round(y2))}))
            y2 += n2.get_height()
        if seat == v.get("dealer") or (v.get("phase") in ("waiting", None) and seat == v.get("next_dealer")):
            btn = dealer_button(round(fs * 1.9))
            # The top plate's under it (between the score board and its backs); the side seats'
            # beside theirs, on the table's side (the right one's level with its top, over the
            # viewer's pile; under that plate it lay between it and the viewer's and read as
            # either's); the viewer's over theirs in the corner (beside it, it met the pile's label).
            pos = (btn.get_rect(midtop=(rect.centerx, rect.bottom + 6)) if place == "top"
                   else btn.get_rect(topright=(rect.left - 6, rect.top)) if place == "right"
                   else btn.get_rect(bottomright=(rect.right, rect.top - 6)) if place == "bottom"
                   else btn.get_rect(midleft=(rect.right + 6, rect.centery)))
            surface.blit(btn, pos)
            rects.append((f"dealer:{seat}", pos))
        if seat == turn and look.thinking == seat:
            dots = "." * (1 + int(look.clock * 3) % 3)
            blit_text(surface, dots, fs * 1.4, (rect.centerx, rect.bottom - 2), GOLD, bold=True, anchor="midtop")
        rects.append((f"plate:{seat}", rect))
        bubble = look.announces.get(seat)
        if bubble:
            beside = rect.unionall([r for n, r in rects if n == f"dealer:{seat}"])     # past the chip
            rects.append((f"bubble:{seat}", _bubble(surface, look, seat, bubble, fs, beside, clear_of)))
    return rects


# -- the trump --------------------------------------------------------------------------------

def draw_trump(surface: pygame.Surface, look: TableLook) -> pygame.Rect | None:
    """The trump badge under the buttons: TRUMP, a gap, the suit (or the words 'No trump' alone).

    Manni shows the two of trump itself and the trump cycle under it.
    """
    v = look.view
    trump = v.get("trump")
    if not trump or v.get("phase") == "waiting":
        return None
    L = look.layout
    fs = max(12, round(L.H * 0.021))
    pad = round(fs * 0.75)
    gap = round(fs * 0.9)
    manni = bool(v.get("trump_card"))
    # "No trump" stands alone: "TRUMP  No trump" said trump twice (in Dari one word twice)
    label = render(explain.trump_words("NT"), fs, GOLD, bold=True) if trump == "NT" else render(
        _("TRUMP"), round(fs * 0.85), GOLD, bold=True)
    content_w = content_h = round(fs * 1.9)
    if trump == "NT":
        content_w = content_h = gap = 0
    elif manni:
        content_w, content_h = round(fs * 2.5), round(fs * 2.5 * 1.4)
    h = max(round(fs * 2.6), content_h + pad)
    w = pad + label.get_width() + gap + content_w + pad
    cycle_h = round(fs * 1.9) if manni else 0
    if manni:
        csize = round(fs * 1.05)
        cstep = round(csize * 1.55)
        clabel = render(pgettext("Manni's trump cycle", "cycle"), max(11, round(fs * 0.7)), DIM)   # 9 px at 1024x600
        w = max(w, pad + clabel.get_width() + gap + cstep * 3 + csize + pad)
    rect = pygame.Rect(0, 0, w, h + cycle_h)
    rect.topright = (L.W - L.margin, L.margin + round(fs * 2.8))
    age = look.trump_flash
    if age is not None and age < 0.6:
        grow = round(16 * (1 - age / 0.6)) + 4
        pygame.draw.rect(surface, GOLD, rect.inflate(grow, grow), 3, border_radius=14)
    panel(surface, rect, radius=10)
    cy = rect.y + h // 2
    lx, side = mirror(rect, rect.x + pad, "midleft")      # the label first, on the reader's side
    surface.blit(label, label.get_rect(**{side: (round(lx), cy)}))
    cx = round(mirror(rect, rect.right - pad - content_w / 2)[0])
    if manni:
        img = look.board.images.get(v["trump_card"], True, content_w, 0)
        surface.blit(img, img.get_rect(center=(cx, cy)))
    elif trump != "NT":
        pygame.draw.circle(surface, (250, 248, 240), (cx, cy), content_w / 2)
        pip = look.pip(trump, round(content_w * 0.6))
        surface.blit(pip, pip.get_rect(center=(cx, cy)))
    if manni:
        from .rich import pip_surface, suit_ink
        cycle = explain.manni_cycle()
        y = rect.y + h + cycle_h // 2 - 2
        surface.blit(clabel, clabel.get_rect(**{side: (round(lx), y)}))
        x = rect.right - pad - cstep * (len(cycle) - 1) - csize // 2
        for k, suit in enumerate(cycle):
            c = (round(mirror(rect, x + k * cstep)[0]), y)
            if suit == trump:
                pygame.draw.circle(surface, (250, 248, 240), c, csize * 0.8)
                pygame.draw.circle(surface, GOLD, c, csize * 0.8, 2)
                pip = look.pip(suit, csize)
            else:
                ink = tuple(round(x * 0.6) for x in suit_ink(suit))
                pip = pip_surface(suit, round(csize * 0.8), ink)
            surface.blit(pip, pip.get_rect(center=c))
    return rect


# -- banners and the prompt ---------------------------------------------------------------------

_bands: dict = {}


def _band(size: tuple, alpha: int) -> pygame.Surface:
    key = (size, alpha)
    img = _bands.get(key)
    if img is None:
        if len(_bands) > 40:
            _bands.clear()
        img = _bands[key] = pygame.Surface(size, pygame.SRCALPHA)
        img.fill((6, 16, 11, alpha))
    return img


def draw_banner(surface: pygame.Surface, look: TableLook, below: pygame.Rect | None = None) -> pygame.Rect | None:
    """The news of the moment in a band across the table, clear of the top seat's bubble
    (``below``: "call 0" peeked over "Tana passes")."""
    if not look.banners:
        return None
    L = look.layout
    text, sub, left, _total, age = look.banners[-1]
    fade = min(1.0, age / 0.2, max(0.0, left) / 0.3)
    if fade <= 0:
        return None
    # Between the side seats' hands and piles, so a banner never hides a seat.
    x0 = round(L.pile["left"][0] + L.sh / 2 + L.margin)
    width = L.W - 2 * x0
    fs = fit_size(text, max(18, round(L.H * 0.05)), width - 20, bold=True)
    img = render(text, fs, GOLD, bold=True, shadow=True)
    sub_img = render(sub, fit_size(sub, round(fs * 0.45), width - 20), CREAM) if sub else None
    h = img.get_height() + (sub_img.get_height() if sub_img else 0) + fs * 0.6
    band = _band((width, round(h)), round(190 * fade / 8) * 8)
    cy = L.center[1] - L.ch * 0.78
    y0 = round(cy - h / 2) if below is None else max(round(cy - h / 2), below.bottom + 4)
    surface.blit(band, (x0, y0))
    a = img.copy()
    a.set_alpha(round(255 * fade))
    surface.blit(a, a.get_rect(midtop=(L.W // 2, y0 + fs * 0.25)))
    if sub_img:
        s = sub_img.copy()
        s.set_alpha(round(255 * fade))
        surface.blit(s, s.get_rect(midtop=(L.W // 2, y0 + fs * 0.25 + img.get_height())))
    return pygame.Rect(x0, y0, width, round(h))


def draw_prompt(surface: pygame.Surface, look: TableLook, text: str, why: str | None = None,
                shift: float = 0.0, room: float | None = None, lift: float = 0.0) -> pygame.Rect | None:
    """The line in the band above the hand (and, when cards are dimmed, why; both rich
    text with pips); ``shift`` moves it left to make room for the signal button, ``room`` is
    the width left between the buttons at the band's ends, ``lift`` raises it over them."""
    if not text:
        return None
    L = look.layout
    bx, by, bw, bh = L.band()
    room = (bw - 2 * abs(shift) if room is None else room) - 20
    fs = fit_size(text, max(13, round(L.H * 0.024)), room, bold=True)
    cx = bx + bw / 2 - shift
    y = by + bh / 2 - lift - (fs * 0.65 if why else 0)
    img = rich(text, fs, CREAM, bold=True, shadow=True)      # a card in it ("J{C}") with its pip
    r = img.get_rect(center=(round(cx), round(y)))
    box = r
    sub = None
    if why:
        sub = rich(why, fit_size(why, fs * 0.9, room, bold=True), GOLD, bold=True)
        sr = sub.get_rect(midtop=(round(cx), r.bottom + 2))
        box = r.union(sr)
    box = box.inflate(fs * 1.4, fs * 0.6)
    panel(surface, box, fill=(8, 22, 15, 190), edge=(0, 0, 0, 0), radius=fs, width=0)
    surface.blit(img, r)
    if sub is not None:
        surface.blit(sub, sr)
    return box
