"""Dari for widgets that cannot shape it: letters in their joined forms, in the order seen.

pygame_gui draws a list or a drop-down line in one font, left to right, with no Arabic
shaping in an English, Dutch or French screen: a Dari name came out as boxes, or as
loose letters backwards.  ``for_ltr_widget`` hands such a widget the line already laid
out: each right-to-left run turned into the Unicode presentation forms its letters take
where they stand (initial, medial, final, isolated; lam-alef as one sign) and reversed,
so that a font with those forms (Noto Sans Arabic, which has the Latin letters too) draws
it as read.  The forms come from the Unicode database (``unicodedata``), not a table
typed in here.

>>> for_ltr_widget("Ana") == "Ana"
True
>>> [hex(ord(c)) for c in for_ltr_widget("پا")]          # pe joins the alef: final alef, initial pe
['0xfe8e', '0xfb58']
>>> [hex(ord(c)) for c in for_ltr_widget("لا")]          # lam-alef, one sign
['0xfefb']
"""
from __future__ import annotations

import unicodedata

from .text import visual_runs

_TAGS = ("<isolated>", "<final>", "<initial>", "<medial>")
_LAM = "\u0644"
_ALEFS = "\u0622\u0623\u0625\u0627"            # alef with madda, hamza above, hamza below, plain


def _tables() -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    forms: dict[str, dict[str, str]] = {}
    lam_alef: dict[str, dict[str, str]] = {}
    for cp in [*range(0xFB50, 0xFE00), *range(0xFE70, 0xFF00)]:
        parts = unicodedata.decomposition(chr(cp)).split()
        if not parts or parts[0] not in _TAGS:
            continue
        bases = "".join(chr(int(p, 16)) for p in parts[1:])
        if len(bases) == 1:
            forms.setdefault(bases, {}).setdefault(parts[0], chr(cp))
        elif len(bases) == 2 and bases[0] == _LAM and bases[1] in _ALEFS:
            lam_alef.setdefault(bases[1], {}).setdefault(parts[0], chr(cp))
    return forms, lam_alef


_FORMS, _LAM_ALEF = _tables()


def _joins_next(ch: str) -> bool:
    """Does ``ch`` reach out to the letter after it (it has an initial form)?"""
    return "<initial>" in _FORMS.get(ch, {})


def _joins_prev(ch: str) -> bool:
    return "<final>" in _FORMS.get(ch, {})


def shape(run: str) -> str:
    """A right-to-left run in logical order, its letters in their joined forms."""
    out = []
    i = 0
    while i < len(run):
        ch = run[i]
        prev = run[i - 1] if i else ""
        after = run[i + 1] if i + 1 < len(run) else ""
        linked = bool(prev) and _joins_next(prev) and _joins_prev(ch)
        if ch == _LAM and after in _LAM_ALEF:                  # lam then alef: one sign
            out.append(_LAM_ALEF[after]["<final>" if linked else "<isolated>"])
            i += 2
            continue
        forms = _FORMS.get(ch)
        if forms is None:
            out.append(ch)
        else:
            onward = bool(after) and _joins_next(ch) and _joins_prev(after)
            tag = ("<medial>" if onward else "<final>") if linked else ("<initial>" if onward else "<isolated>")
            out.append(forms.get(tag) or forms.get("<isolated>", ch))
        i += 1
    return "".join(out)


def has_arabic(text: str) -> bool:
    return any("\u0600" <= c <= "\u06ff" for c in text)



def for_ltr_widget(text: str) -> str:
    """``text`` as a left-to-right widget without shaping must be given it to show it as
    read: its Dari runs shaped and turned round (unchanged when it has none)."""
    if not has_arabic(text):
        return text
    return "".join(shape(run)[::-1] if rtl else run for run, rtl in visual_runs(text, rtl=False))
