"""The deal's log by the plates: each announcement of the deal, newest at the bottom.

Drawn under the left seat's plate, down the left column; the mouse wheel over it scrolls back
(table_scene keeps the lines scrolled).  A tab on its edge says these are the deal's.
"""
from __future__ import annotations

from typing import NamedTuple

import pygame

from .coach_draw import wrap
from .hud import mirror
from .i18n import _, is_rtl, pgettext
from .layout import Layout
from .rich import blit_rich
from .theme import CREAM, DIM, clip_text, fit_size, panel, render


SHRINK_AT_MOST = 0.92      # a line may be drawn this much of the log's size to fit on one row


class LogDrawn(NamedTuple):
    box: pygame.Rect
    heading: pygame.Rect
    hidden: tuple[int, int]         # lines above and below the ones shown
    scroll: int                     # the lines scrolled back, no more than there are


def draw_deal_log(surface: pygame.Surface, L: Layout, said: list[tuple[str, str]],
                  scroll: int, above: pygame.Rect | None = None, opened: bool = False,
                  foot: float = 0.0) -> LogDrawn | None:
    """``said``: (player's name, words) for each announcement.  None when the window
    leaves no room or there is nothing to say.  ``above``: the left seat's plate as
    drawn (grown by a line, "away: a bot in 18 s", it covered the log's top);
    ``opened``: the pointer rests on the log, which then grows upwards over the table
    to show every line (two rows at 1280 x 720 hid the deal's first calls); ``foot``: the
    height of the lines under it (a LAN table's)."""
    area = L.log_rect(foot)
    if area is None or not said:
        return None
    x, y, w, h = area
    # as tall as the window allows, but no wider than its width does: at 1280x1024 the log's
    # narrow column wrapped every line at the window's height's size
    fs = max(11, round(min(L.H * 0.018, L.W * 0.012)))
    # (a wide, short window's column held "You: call 0" alone, 460 px wide at 1920x800: the
    # seats of a window wider than 2:1 come in from the edges, and the log with them)
    line_h = round(fs * 1.35)
    # A heading on the box's top edge says whose lines these are: under the left seat's
    # plate, a bare "You: ♦ diamonds" read as that player's.
    head_px = max(10, round(fs * 0.75))       # 8 px at 1024 x 600 read as a smudge in Dari
    head_h = head_px // 2 + 1
    if above is not None and above.bottom + 4 > y and above.left < x + w and x < above.right:
        y, h = above.bottom + 4, h - (above.bottom + 4 - y)
    # A line that would shrink visibly to fit takes two rows instead: a Dari line at 1024 x 600
    # was squeezed to a few pixels ("I keep my hand" read as a smudge), and one 15% smaller
    # than the lines around it looked like a mistake ("Tana: niet terugkloppen").
    # (Where the box holds one row only, the line shrinks: half a sentence would show.)
    inner = w - fs * 2.4
    rows = max(1, int((h - fs - head_h) // line_h))
    lines: list[tuple[str, int]] = []
    line = _("{name}: {words}")
    for name, words in said:
        text = line.format(name=clip_text(name, fs, w * 0.45), words=words)   # a long name cut short
        size = fit_size(text, fs, inner)
        if size >= fs * SHRINK_AT_MOST or rows < 2 and not opened:
            lines.append((text, size))
        else:   # on two rows a name has more room: "Kado ri…: I take" over "the Manni!"
            text = line.format(name=clip_text(name, fs, inner * 0.7), words=words)
            at = text.rfind(words)
            # the name over its words where each fits ("Kado right : annonce" over a lone "4")
            parts = [text[:at].rstrip(), words] if at > 0 and not text[at + len(words):].strip() else []
            if parts and all(fit_size(part, fs, inner) >= fs * SHRINK_AT_MOST for part in parts):
                size = fs
            else:
                size, parts = wrap(text, fs, inner, lines=max(3, rows))     # a long one on more rows, not small
            lines += [(part, fit_size(part, size, inner)) for part in parts]
    foot = round(y + head_h + min(h - head_h, min(rows, len(lines)) * line_h + fs * 0.8))   # as closed
    if opened:
        rows = max(rows, min(len(lines), int((y + h - L.H * 0.12 - fs) // line_h)))
    scroll = min(scroll, max(0, len(lines) - rows))
    start_line = max(0, len(lines) - rows - scroll)
    shown = lines[start_line:len(lines) - scroll]
    box = pygame.Rect(round(x), round(y + head_h), round(w), round(min(h - head_h, len(shown) * line_h + fs * 0.8)))
    if opened and len(shown) * line_h + fs * 0.8 > box.height:       # upwards, from the same foot
        box.height = round(len(shown) * line_h + fs * 0.8)
        box.bottom = foot
    panel(surface, box, fill=(10, 24, 17, 240 if opened else 170), edge=(90, 110, 90), radius=8, width=1)
    start, anchor = mirror(box, box.x + fs * 0.5)       # right-aligned for a right-to-left reader
    img = render(pgettext("the heading over a deal's announcements", "This deal").upper(), head_px, DIM, bold=True)
    heading = img.get_rect(**{"midright" if is_rtl() else "midleft": (round(start + (-4 if is_rtl() else 4)), box.y)})
    pygame.draw.rect(surface, (10, 24, 17), heading.inflate(8, 0), border_radius=4)   # a tab on the edge
    surface.blit(img, heading)
    for i, (text, size) in enumerate(shown):
        blit_rich(surface, text, size, (start, box.y + fs * 0.4 + i * line_h), CREAM, anchor=anchor)   # clear of the arrow
    # Small arrows at the right edge say there is more above (or below, scrolled back):
    # the wheel over the log shows the earlier announcements.
    tip = max(4, fs // 3)
    cx = box.x + tip + 5 if is_rtl() else box.right - tip - 5
    if start_line:
        pygame.draw.polygon(surface, DIM, [(cx - tip, box.y + tip * 2.6), (cx + tip, box.y + tip * 2.6),
                                           (cx, box.y + tip * 1.1)])
    if scroll:
        pygame.draw.polygon(surface, DIM, [(cx - tip, box.bottom - tip * 2.6), (cx + tip, box.bottom - tip * 2.6),
                                           (cx, box.bottom - tip * 1.1)])
    return LogDrawn(box, heading, (start_line, scroll), scroll)
