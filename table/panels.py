"""Panels over the table: a row of cards (the last trick, the hand passed away)
and the deal history.  Pure drawing from the data handed over.

The history reads from the right in a right-to-left language: the deal number
in the right-hand column, the sides from right to left, the outcome at the left.
"""
from __future__ import annotations

from typing import Callable

import pygame

from .charts import Series, score_race
from .coach_draw import wrap
from .effects import signal_tag
from .hud import mirror
from .i18n import N_, _, digits, is_rtl, ngettext, number, pgettext
from .rich import blit_rich, rich, wrap_parts
from .text import font
from .theme import GOLD, CREAM, DIM, RED, OVERLAY, panel, blit_text, clip_text, fit_names, fit_size, fit_text, signed, text_width
from .words import separator


def draw_cards_panel(surface: pygame.Surface, layout, images, title: str, cards: list,
                     labels: list | None = None, mark: int | None = None,
                     subtitle: str | None = None, signals: list | None = None,
                     played: set | frozenset = frozenset(), top: float | None = None,
                     closes: bool = True) -> pygame.Rect:
    """A panel with a row of faces (last trick, the hand I passed); ``signals``: the slam or
    drop each card carried (None for none), under its player's name; ``played``: cards drawn
    dimmed (of the hand passed, those its new holder has played since); ``top``: where it
    starts (inside the window; else it stands at the table's centre); ``closes``: it says
    how to close it."""
    L = layout
    fs = max(13, round(L.H * 0.024))
    w = round(images.width * 0.8)
    gap = round(w * (0.18 if labels else -0.35))
    n = len(cards)
    tags = [signal_tag(s) for s in signals or ()]
    width = max(n * w + (n - 1) * gap + fs * 2, fs * 16)
    height = round(w * 1.4 + fs * (4.2 if closes else 3.1) + (fs * 1.3 if labels else 0) + (fs * 1.1 if subtitle else 0)
                   + (fs * 1.1 if any(tags) else 0))
    rect = pygame.Rect(0, 0, round(width), height)
    rect.center = (L.W // 2, round(L.center[1]))
    if top is not None:
        rect.top = round(top)
        rect.bottom = min(rect.bottom, L.H - 4)
    panel(surface, rect, fill=OVERLAY)
    blit_text(surface, title, fit_size(title, fs, rect.width - fs * 2, bold=True), (rect.centerx, rect.y + fs * 0.5),
              GOLD, bold=True, anchor="midtop")
    x = rect.centerx - (n * w + (n - 1) * gap) / 2
    y = rect.y + fs * 2.2
    for i, c in enumerate(cards):
        img = images.get(c, True, w, 0, dim=c in played)
        k = n - 1 - i if labels and is_rtl() else i     # a trick read from the right: its leader there
        r = img.get_rect(topleft=(round(x + k * (w + gap)), round(y)))
        surface.blit(img, r)
        if mark is not None and i == mark:
            pygame.draw.rect(surface, GOLD, r.inflate(6, 6), 3, border_radius=6)
        if labels:
            blit_text(surface, labels[i], fit_size(labels[i], fs * 0.75, w + gap - 4), (r.centerx, r.bottom + 4),
                      CREAM, anchor="midtop")
        if i < len(tags) and tags[i]:
            word, colour = tags[i]
            blit_text(surface, word, fit_size(word, fs * 0.75, w + gap - 4, bold=True),
                      (r.centerx, r.bottom + 4 + fs * 1.1), colour, bold=True, anchor="midtop")
    # the subtitle (who holds the hand passed) over how to close, which it used to replace
    for k, foot in enumerate(reversed([line for line in (subtitle, _("click anywhere (or Esc) to close") if closes else None)
                                       if line])):
        blit_text(surface, foot, fit_size(foot, fs * 0.75, rect.width - fs * 2),
                  (rect.centerx, rect.bottom - fs * (0.6 + 1.1 * k)), DIM if k == 0 else CREAM, anchor="midbottom")
    return rect


def history_rows(summaries: list) -> list:
    """One dict per finished deal: deal, dealer, targets, tricks, points, trump, score,
    running totals and outcome."""
    rows = []
    running: dict | None = None
    for i, s in enumerate(summaries):
        score = s.get("score") or {}
        running = dict(score) if running is None else {k: running.get(k, 0) + v for k, v in score.items()}
        rows.append({"deal": i + 1, "dealer": s.get("dealer"), "targets": s.get("targets"),
                     "tricks": s.get("tricks"), "points": s.get("points"), "trump": s.get("trump"),
                     "score": score, "totals": dict(running), "outcome": s.get("outcome")})
    return rows


def deal_label(row: dict) -> str:
    """A history row's first cell: the deal's number and its trump ("3  {H}", "4  NT")."""
    label = number(row["deal"])
    trump = row["trump"]
    if trump:
        label += "  " + (pgettext("no trump, in short", "NT") if trump == "NT" else f"{{{trump}}}")
    return label


# An outcome's mark at the end of its row (worded when drawn); "over" marks the
# cell of the side that went over instead (in gold: in Manfee going over wins the 13).
OUTCOME_MARKS = {"over": (N_("over"), GOLD), "misdeal": (N_("void"), RED), "tie": (N_("30 – 30"), GOLD)}
# Manille's tie carries a doubling to the next deal (the muette's does not): its mark says so.
TIE_DOUBLES = N_("30 – 30: next ×2")


def note_lines(note: str, fs: float, width: float) -> tuple[int, list[str]]:
    """The line over the history (how the deal scored, why it is void) at its size, in two
    lines when one would need letters smaller than four fifths of it: broken between its
    items where it has them ("Tana: 3" over "tricks → −1" split a player's entry)."""
    size = fit_size(note, fs * 0.95, width - fs * 2, bold=True)
    if size >= fs * 0.8:
        return size, [note]
    sep, size = separator(), round(fs * 0.95)
    if sep in note:                     # (a line longer than the room, a long name first: the old way)
        lines = wrap_parts(note.split(sep), size, (width - fs * 2) * 0.93, sep)
        if len(lines) <= 2 and all(rich(x, size, bold=True).get_width() <= width - fs * 2 for x in lines):
            return size, lines
    return wrap(note, fs * 0.95, width - fs * 2, bold=True)


def history_height(window_height: int, deals: int, reserve: float = 1.6) -> int:
    """How tall ``draw_history`` needs a box for ``deals`` rows (three at least), its title,
    its heading and ``reserve`` lines under them."""
    fs = max(12, round(window_height * 0.022))
    return round(fs * (2.6 + 1.5 + 1.35 * max(3, deals) + reserve + 0.6))


def draw_history(surface: pygame.Surface, rect: pygame.Rect, summaries: list, sides: list,
                 name: Callable[[str], str], signed_scores: bool = False, title: str | None = None,
                 latest: int | None = None, reserve: float = 3.2, note: str | None = None,
                 tie_doubles: bool = False, final: dict | None = None, winner: str | None = None,
                 font_px: int | None = None, frame: bool = True) -> float:
    """The deals so far in a table: targets or points or tricks, score and running totals.

    ``tie_doubles``: a 30–30 row says the next deal counts double (Manille).  ``final``
    (side -> total): a totals row pinned to the bottom of the box, the ``winner``'s in
    gold (the match's end).  ``font_px``: the letters' size (else it follows the window);
    ``frame``: its own panel (none for a column of a panel drawn already)."""
    fs = font_px or max(12, round(surface.get_height() * 0.022))
    if frame:
        panel(surface, rect, fill=OVERLAY)
    title = title or _("Deal history")
    blit_text(surface, title, fit_size(title, fs * 1.2, rect.width - fs * 2, bold=True),
              (rect.centerx, rect.y + fs * 0.6), GOLD, bold=True, anchor="midtop")
    y = rect.y + fs * 2.6
    if note:        # two lines before small letters (a void deal's reason in Dari shrank to 8 px)
        size, lines = note_lines(note, fs, rect.width)
        for line in lines:
            blit_rich(surface, line, size, (rect.centerx, y - fs * 0.4), CREAM, bold=True, anchor="midtop")
            y += size * 1.3
        y += fs * 1.5 - size * 1.3
    rows = history_rows(summaries)
    labels = [deal_label(row) for row in rows]
    # The deal column as wide as its widest label ("6  بی‌حکم", no trump in Dari, is long).
    first = max([fs * 3.5] + [rich(t, fs * 0.9, bold=True).get_width() + fs * 0.6 for t in labels])
    cols = [rect.x + fs, rect.x + fs + first]
    # room at the right for a row's mark (void, 30 – 30) only where a row has one: Manni's
    # three columns gave it a fifth of their width for nothing, their letters shrunk to 10 px
    # (as wide as the widest mark shown: "30 – 30: next ×2" ran over the last side's total)
    marks = [_(TIE_DOUBLES) if r["outcome"] == "tie" and tie_doubles else _(OUTCOME_MARKS[r["outcome"]][0])
             for r in rows if r["outcome"] in OUTCOME_MARKS and r["outcome"] != "over"]
    mark_w = max((font(max(11, fs * 0.8)).size(m)[0] for m in marks), default=0)
    colw = (rect.width - fs * 1.5 - (mark_w + fs if marks else 0) - first) / max(1, len(sides))

    def at(x: float, yy: float) -> dict:
        """The anchor of a cell starting at ``x`` (mirrored for a right-to-left reader)."""
        mx, anchor = mirror(rect, x)
        return {"pos": (mx, yy), "anchor": anchor}
    for j, side in enumerate(sides):
        label, size = fit_names([name(s) for s in side.split("-")], _(" & "), fs * 0.85, colw - fs * 0.5,
                                bold=True)                  # a long name cut short, not drawn over the next
        blit_text(surface, label, size, colour=GOLD, bold=True, **at(cols[1] + j * colw, y))
    head = pgettext("the history's column", "deal")
    blit_text(surface, head, fit_size(head, fs * 0.85, cols[1] - cols[0] - fs * 0.3, bold=True), colour=GOLD,
              bold=True, **at(cols[0], y))
    y += fs * 1.5
    best_lines = _best_lines(rows, sides, fs, colw) if final is not None else []
    if final is not None:
        reserve = max(reserve, 3.0 + 1.3 * max(map(len, best_lines), default=2))
    max_rows = max(1, int((rect.bottom - y - fs * reserve) // (fs * 1.35)))
    shown = list(zip(rows, labels))
    if len(shown) > max_rows:
        # The oldest deals make way: a line says so (the totals count them all).
        shown = shown[len(shown) - max_rows + 1:]
        earlier = len(rows) - len(shown)
        more = ngettext("… {n} earlier deal (counted in the totals)", "… {n} earlier deals (counted in the totals)",
                        earlier).format(n=number(earlier))
        mx, anchor = mirror(rect, cols[0])
        blit_text(surface, more, fit_size(more, fs * 0.85, rect.width - fs * 2), colour=DIM, pos=(mx, y),
                  anchor=anchor)
        y += fs * 1.35
    cells = {(row["deal"], side): _cell_parts(row, side, signed_scores) for row, _l in shown for side in sides}
    # Each part (points, score, total) in its own column, as wide as its widest: joined by
    # spaces, "+15   = 24" and "+0   = 9" put the totals out of line.
    size, gap = fs * 0.9, fs * 0.55       # parts close, the sides apart (a rule between them)
    widths = [[max((font(size).size(cells[(row["deal"], side)][0][k])[0] for row, _l in shown), default=0)
               for k in range(3)] for side in sides]
    need = max((sum(w) + gap * 2 for w in widths), default=0)
    shrink = min(1.0, (colw - fs * 0.5) / need) if need else 1.0       # a long cell in smaller letters
    # Narrow columns over an empty box (Manni's three: "4 tricks  −1  = 0" in 10 px letters):
    # a deal's row on two lines, its tricks or points over its score and total.
    two = shrink < 0.8 and 2 * len(shown) <= max_rows and any(ws[0] for ws in widths)
    if two:
        need = max(max(ws[0], ws[1] + ws[2] + gap) for ws in widths)
        shrink = min(1.0, (colw - fs * 0.5) / need) if need else 1.0
    size, gap = size * shrink, gap * shrink
    widths = [[w * shrink for w in ws] for ws in widths]
    rows_top = y
    for row, label in shown:
        colour = GOLD if row["deal"] == latest else CREAM
        mx, anchor = mirror(rect, cols[0])
        blit_rich(surface, label, fs * 0.9, (mx, y), colour, bold=True, anchor=anchor)
        for j, side in enumerate(sides):
            parts, broke = cells[(row["deal"], side)]
            x = cols[1] + j * colw
            for k, part in enumerate(parts):
                if part:
                    blit_text(surface, part, size, colour=GOLD if broke else colour,
                              **at(x, y + (fs * 1.2 if two and k else 0)))
                x = cols[1] + j * colw if two and k == 0 else x + widths[j][k] + gap
        mark = OUTCOME_MARKS.get(row["outcome"])
        if mark and row["outcome"] != "over":
            mx, anchor = mirror(rect, rect.right - fs, "topright")
            word = _(TIE_DOUBLES) if row["outcome"] == "tie" and tie_doubles else _(mark[0])
            blit_text(surface, word, max(11, fs * 0.8), (mx, y + 2), mark[1], anchor=anchor)
        y += fs * (2.7 if two else 1.35)
    for j in range(1, len(sides) if shown else 0):      # a faint rule between the sides' columns: a side's
        sx = mirror(rect, cols[1] + j * colw - fs * 0.3)[0]      # total ran into the next one's tricks
        pygame.draw.line(surface, (52, 74, 62), (round(sx), round(rows_top)), (round(sx), round(y - fs * 0.3)), 1)
    if not rows:
        blit_text(surface, _("no deal finished yet"), fs * 0.9, (rect.centerx, y), DIM, anchor="midtop")
        y += fs * 1.35
    if final is not None:
        _totals_rows(surface, rect, fs, cols, colw, rows, best_lines, final, sides, winner, at)
    return y


def _cell_parts(row: dict, side: str, signed_scores: bool) -> tuple[list[str], bool]:
    """A side's cell of a history row: what it made (tricks against its target, card points or
    tricks), what that scored, and its running total; and whether the side went over."""
    t = (row["targets"] or {}).get(side)
    won = (row["tricks"] or {}).get(side)
    pts = (row["points"] or {}).get(side)
    sc = row["score"].get(side, 0)
    how = ""
    made = ""           # a void deal made nothing: its column stays empty, the others in line
    broke = row["outcome"] == "over" and t is not None and won is not None and won > t
    if t is not None:
        # The side that went over is the one marked, in its own cell.
        # Dari writes "۴ از ۶": a slash between digits reads there as a decimal mark.
        made = pgettext("tricks won of the target", "{won}/{target}").format(
            won=number(won), target=number(t)) + (" " + _(OUTCOME_MARKS["over"][0]) if broke else "")
    elif pts is not None:
        made = _("{n} pts").format(n=number(pts))
        if pts > 30 and sc > pts - 30:
            # A deal that counted double or more (no trump, a sweep, taps, a tie
            # before): the excess over 30 and the factor, after the score they make
            # ("48 pts ×2" read as 48 doubled; it is 18 doubled).
            how = " (" + number(pts - 30) + " ×" + number(sc // (pts - 30)) + ")"
    elif won is not None:
        made = ngettext("{n} trick", "{n} tricks", won).format(n=number(won))
    total = number(row["totals"].get(side, 0))
    # Right to left the parts run made, score, total from the right: "=" stands on the
    # total's right, between it and the score ("= ۱" read "۱ =", after the next column's).
    return [made, digits(signed(sc) if signed_scores else f"+{sc}") + how,
            total + " =" if is_rtl() else "= " + total], broke


def match_facts(rows: list, sides: list) -> dict:
    """Per side: the deals it won (it scored more than every other side in the deal) and
    its best deal as (score, deal number), or None if it never scored.

    >>> rows = [{"deal": 1, "score": {"a": 7, "b": 0}}, {"deal": 2, "score": {"a": 0, "b": 9}},
    ...         {"deal": 3, "score": {"a": 12, "b": 0}}]
    >>> match_facts(rows, ["a", "b"])
    {'a': (2, (12, 3)), 'b': (1, (9, 2))}
    """
    facts = {}
    for side in sides:
        won = sum(1 for r in rows if all(r["score"].get(side, 0) > r["score"].get(o, 0) for o in sides if o != side))
        best = max(((r["score"].get(side, 0), r["deal"]) for r in rows), key=lambda b: (b[0], -b[1]), default=None)
        facts[side] = (won, best if best and best[0] > 0 else None)
    return facts


def _best_lines(rows: list, sides: list, fs: float, colw: float) -> list[list[str]]:
    """Per side: the deals it won, then its best deal, on one line or, where a side's does
    not fit its column at the size of the line above ("best: +4 in deal 2" in Dari's three
    Manni columns lost its number), on two for every side ("best: +4", "in deal 2")."""
    facts = match_facts(rows, sides)
    out = []
    for side in sides:
        won, best = facts[side]
        lines = [ngettext("{n} deal won", "{n} deals won", won).format(n=number(won))]
        if best:
            lines.append(_("best: {score} in deal {n}").format(score=digits(f"+{best[0]}"), n=number(best[1])))
        else:
            lines.append(_("best: –"))
        out.append(lines)
    room = colw - fs * 0.5
    size = int(fs * 0.85)
    # the deals won too, on two lines for every side where one side's would be cut or shrunk
    # (French Manni columns: "0 donne gag…"), so that the rows stay level across the sides
    if any(fit_text(lines[0], size, room)[1] < size for lines in out):
        for lines in out:
            words = lines[0].split(" ")
            k = max((k for k in range(1, len(words)) if text_width(" ".join(words[:k]), size, False) <= room),
                    default=len(words))
            lines[0:1] = [" ".join(words[:k]), " ".join(words[k:])]
    # on two lines where one would be cut or shrunk (it stood smaller than the line above it)
    if any(fit_text(lines[-1], fs * 0.85, room)[1] < int(fs * 0.85) for lines in out):
        for side, lines in zip(sides, out, strict=True):
            best = facts[side][1]
            if best:
                lines[-1:] = [_("best: {score}").format(score=digits(f"+{best[0]}")),
                             pgettext("the second line of 'best: {score} in deal {n}'", "in deal {n}").format(
                                 n=number(best[1]))]
    return out


def _totals_rows(surface: pygame.Surface, rect: pygame.Rect, fs: int, cols: list, colw: float, rows: list,
                 best_lines: list, final: dict, sides: list, winner: str | None, at: Callable) -> None:
    """At the foot of the history (the results screen): the deals each side won, its best
    deal, and under a rule the match's totals, the winner's in gold."""
    y = rect.bottom - fs * (2.5 + 1.3 * max(map(len, best_lines), default=2))   # clear of the rule under them
    room = colw - fs * 0.5
    # one size for each line across the sides ("best: –" stood larger beside "best: +3 in
    # deal 2"), cut with "…" past a readable size (three French Manni columns ran together)
    sizes = [min(fit_text(lines[k], fs * 0.85, room)[1] for lines in best_lines if k < len(lines))
             for k in range(max(map(len, best_lines), default=0))]
    for j, lines in enumerate(best_lines):
        for k, cell in enumerate(lines):
            blit_text(surface, clip_text(cell, sizes[k], room), sizes[k], colour=DIM,
                      **at(cols[1] + j * colw, y + k * fs * 1.3))
    y = rect.bottom - fs * 2.1
    pygame.draw.line(surface, DIM, (rect.x + fs, round(y - fs * 0.45)), (rect.right - fs, round(y - fs * 0.45)), 1)
    head = pgettext("the history's last row", "total")
    blit_text(surface, head, fit_size(head, fs, cols[1] - cols[0] - fs * 0.3, bold=True), colour=GOLD, bold=True,
              **at(cols[0], y))
    for j, side in enumerate(sides):
        cell = number(final.get(side, 0))
        blit_text(surface, cell, fs * 1.05, colour=GOLD if side == winner else CREAM, bold=True,
                  **at(cols[1] + j * colw, y))


SIDE_PALETTE = [(120, 170, 255), (255, 140, 110), (150, 220, 140)]


def side_colours(sides: list, mine: str | None) -> list:
    """A colour per side for the charts: the person's own side in gold."""
    return [GOLD if s == mine else SIDE_PALETTE[i % len(SIDE_PALETTE)] for i, s in enumerate(sides)]


def draw_score_race(surface: pygame.Surface, rect: pygame.Rect, summaries: list, sides: list, names: list,
                    colours: list, target: float | None, title: str, font_px: int | None = None,
                    title_px: int | None = None):
    """The running totals deal by deal, one line per side, toward the match's target
    (``charts.score_race``); returns its plot area, or None with nothing to draw."""
    running: dict = {s: [] for s in sides}
    total = {s: 0 for s in sides}
    for summ in summaries:
        for s in sides:
            total[s] += (summ.get("score") or {}).get(s, 0)
            running[s].append(total[s])
    return score_race(surface, rect, [Series(n, running[s], c) for n, s, c in zip(names, sides, colours)],
                      target=target, title=title, font_px=font_px, title_px=title_px)
