"""A LAN table's footer: which table, whether this screen hosts or watches, who watches.

Drawn under the deal's log in the left corner (``table_draw``); the log stops over its lines.
"""
from __future__ import annotations

from typing import Any

from .i18n import _, ngettext, number
from .theme import fit_size


def lan_lines(link: Any, L: Any, hand_size: int) -> tuple[int, float, list[str]]:
    """A LAN table's footer in the left corner: its size, room and lines (none elsewhere):
    the table's name, whether this screen hosts or watches, and who watches (by name
    where the names fit, else how many)."""
    fs = max(12, round(L.H * 0.02))
    room = L.W / 2 - L.hand_rect_width(hand_size) / 2 - 2 * L.margin - L.inset     # clear of the hand
    if not link.lan:
        return fs, room, []
    watching = not link.hosting and not link.my_seats()     # a spectator: no seat, every hand hidden
    tag = (_("LAN · {table}  (you host)") if link.hosting
           else _("LAN · {table}  (you are watching)") if watching else _("LAN · {table}"))
    text = tag.format(table=link.table_name)
    lines = [text] if fit_size(text, fs, room) >= fs else text.replace("  (", "\n(").split("\n")
    if link.watchers and not watching:    # who sees the table, after the second the arrival was said
        count = ngettext("{n} person watching", "{n} people watching", link.watchers).format(
            n=number(link.watchers))
        names = [name for _serial, name in link.watching if name]
        # by name where they fit (a player likes to know who sees the table), else how many
        said = [_("watching: {names}").format(names=_(", ").join(names)), count] \
            if names and len(names) == link.watchers else [count]
        for words in said:
            # after "(you host)" where it fits: a third line left the deal's log one line at 1280x720
            joined = f"{lines[-1]} · {words}"
            if fit_size(joined, fs, room) >= fs:
                lines[-1] = joined
                break
            if fit_size(words, fs, room) >= fs or words is said[-1]:
                lines.insert(0, words)
                break
    return fs, room, lines
