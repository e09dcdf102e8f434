"""The table in its players' languages: gettext, the standard way.

Every word a player reads goes through ``_()`` (``ngettext`` for a count,
``pgettext`` where one English word means two things) at the moment a screen
builds or draws, never at import: ``set_language`` then switches the whole
table without a restart (Settings rebuilds the open screens).  Words declared
before any language is chosen (a game's option labels in ``rules/``, the
screens' titles) are marked with ``N_()`` where the extractor finds them and
translated with ``_()`` when shown.

    from .i18n import _, ngettext
    _("New game")                               # -> "Nieuw spel" in Dutch
    ngettext("{n} deal", "{n} deals", n).format(n=number(n))

The catalogs are ``table/locale/<lang>/LC_MESSAGES/manfee.po``, extracted
from the code with Babel (``babel.cfg``; the README says how).  English is
the source language and needs none.  The ``.mo`` files are never committed:
``compiled`` builds one from its ``.po`` with the small msgfmt below into the
cache folder under the table's folder, again whenever the ``.po`` changed
(and in memory if that folder cannot be written).  A message a catalog lacks
falls back to English (``tests/test_i18n.py`` reports it).

A player's language stays on the screen: match records and the LAN protocol
carry codes (seats, characters, games, options), and each screen words them.
"""
from __future__ import annotations

import ast
import gettext
import hashlib
import io
import locale
import os
import re
import struct
import sys
import tempfile
from typing import Callable

DOMAIN = "manfee"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
# code -> the language's own name (what the Settings list shows, in its own script)
LANGUAGES = {"en": "English", "nl": "Nederlands", "fr": "Français", "fa": "دری"}
TAGS = {"en": "en", "nl": "nl_BE", "fr": "fr_BE", "fa": "fa_AF"}     # the regional usage written
RTL = frozenset({"fa"})
# Locale names that mean one of ours ("prs" is Dari's own ISO 639-3 code).
_ALIASES = {"en": "en", "nl": "nl", "fr": "fr", "fa": "fa", "prs": "fa"}

_state: dict = {"code": "en", "tr": gettext.NullTranslations()}
_listeners: list[Callable[[str], None]] = []


def N_(message: str) -> str:
    """Mark ``message`` for the extractor only; translate it with ``_()`` when shown."""
    return message


def _(message: str) -> str:
    """``message`` in the current language (English where the catalog lacks it)."""
    return _state["tr"].gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` by the language's own plural rule (its Plural-Forms header)."""
    return _state["tr"].ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context`` ("speed" Slow is not "pace" Slow in every language)."""
    return _state["tr"].pgettext(context, message)


def language() -> str:
    """The code of the language in use: en, nl, fr or fa."""
    return _state["code"]


def is_rtl(code: str | None = None) -> bool:
    """True when ``code`` (or the language in use) is written right to left."""
    return (code or _state["code"]) in RTL


def system_language() -> str:
    """The language the system asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then the
    locale module), if it is one of ours; else English."""
    wanted: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            wanted += value.split(":")       # LANGUAGE is a list of preferences
            if var != "LANGUAGE":
                break                        # the first of the others set decides, as in POSIX
    try:
        loc = locale.getlocale()[0]
    except (ValueError, TypeError):
        loc = None
    if loc:
        wanted.append(loc)
    for tag in wanted:
        code = _ALIASES.get(tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower())
        if code:
            return code
        if tag.split(".")[0] in ("C", "POSIX"):
            return "en"
    return "en"


def resolve(code: str | None) -> str:
    """``code`` if it is one of ours; "" or None is the system's language."""
    if code and code in LANGUAGES:
        return code
    return system_language()


def set_language(code: str | None) -> str:
    """Switch to ``code`` ("" for the system's); returns the code in use.  Screens
    word themselves when they next build or draw; listeners hear the switch."""
    code = resolve(code)
    _state["tr"] = translations(code)
    _state["code"] = code
    for listener in list(_listeners):
        listener(code)
    return code


def on_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(code)`` after every switch (caches of worded surfaces drop themselves)."""
    if listener not in _listeners:
        _listeners.append(listener)


# -- numbers and names --------------------------------------------------------------------------

# French elides its article before a vowel: an ace, printed "A" on the cards, is "l'A♠",
# "de l'A♠", "à l'A♠" (the templates say "le {card}", "du {card}", "au {card}").
_FRENCH_ELISION = re.compile(r"\b(le|Le|du|Du|au|Au) (?=A\{[SHDC]\})")
_ELIDED = {"le": "l'", "Le": "L'", "du": "de l'", "Du": "De l'", "au": "à l'", "Au": "À l'"}
# ... and a queen (the French deck's D, la dame) takes the feminine one: "la D♠", "de la D♥".
_FRENCH_QUEEN = re.compile(r"\b(le|Le|du|Du|au|Au) (?=D\{[SHDC]\})")
_FEMININE = {"le": "la ", "Le": "La ", "du": "de la ", "Du": "De la ", "au": "à la ", "Au": "À la "}


# ... and a name starting with a vowel or a mute h elides "de" and "que" before it:
# "dépassement d'Ana", "au tour d'Hélène" (but "de Hans", "de Harry": an h before an a is
# sounded in the names players type).
_FRENCH_NAME_ELISION = re.compile(r"\b(de|De|que|Que) (?=[AEIOUYÀÂÉÈÊÎÔÛ][a-zà-ÿ]|H[eiouyéèêîôû])")
_NAME_ELIDED = {"de": "d'", "De": "D'", "que": "qu'", "Que": "Qu'"}


def elide(text: str, code: str | None = None) -> str:
    """A line with card tokens (``A{S}``) as the language writes its article before them,
    and names as it writes "de" and "que" before them.

    >>> elide("le A{S} est la plus haute carte, donnez les points du A{H} au A{D}", "fr")
    "l'A{S} est la plus haute carte, donnez les points de l'A{H} à l'A{D}"
    >>> elide("le R{S} remporte le pli", "fr"), elide("le A{S}", "en")
    ('le R{S} remporte le pli', 'le A{S}')
    >>> elide("le D{S} est la plus haute, jouez au D{H}", "fr")
    'la D{S} est la plus haute, jouez à la D{H}'
    >>> elide("Donne 2 : dépassement de Ana & Cy, en attente de Bo et de Émile", "fr")
    "Donne 2 : dépassement d'Ana & Cy, en attente de Bo et d'Émile"
    >>> elide("C'est au tour de Hélène, ancienne main de HB, de Hans", "fr")
    "C'est au tour d'Hélène, ancienne main de HB, de Hans"
    """
    if (code or _state.get("code")) != "fr":
        return text
    text = _FRENCH_QUEEN.sub(lambda m: _FEMININE[m.group(1)], text)
    text = _FRENCH_NAME_ELISION.sub(lambda m: _NAME_ELIDED[m.group(1)], text)
    return _FRENCH_ELISION.sub(lambda m: _ELIDED[m.group(1)], text)

_PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def digits(text: str, code: str | None = None) -> str:
    """``text`` with its digits in the language's own (Dari: ۰۱۲۳…).  Use it on numbers
    a screen shows, never on card indices, which stay as printed on the cards."""
    return str(text).translate(_PERSIAN_DIGITS) if is_rtl(code) else str(text)


def number(n: int) -> str:
    """A whole number in the language's digits, with a true minus sign."""
    return digits(f"−{-n}" if n < 0 else str(n))


def card_indices() -> dict[str, str]:
    """The letters the player's deck prints for the ace and the court cards, where they
    differ from A K Q J: a Flemish deck's H V B (heer, vrouw, boer), a French one's R D V.
    The card faces and every card named in a line follow them."""
    out = {"A": pgettext("a card's letter: ace", "A"), "K": pgettext("a card's letter: king", "K"),
           "Q": pgettext("a card's letter: queen", "Q"), "J": pgettext("a card's letter: jack", "J")}
    return {r: v for r, v in out.items() if v and v != r}


def card_index(rank: str) -> str:
    """A rank as printed on the player's cards (``T`` -> 10, Dutch ``Q`` -> V)."""
    return "10" if rank == "T" else card_indices().get(rank, rank)


def card_words(card: str) -> str:
    """'JC' -> 'J{C}' ; 'TH' -> '10{H}' (in Dutch 'B{C}': the letters of the player's deck)."""
    return f"{card_index(card[0])}{{{card[1]}}}"


CHARACTER_NAMES = {
    "KADO": N_("Kado"), "POCHAQ": N_("Pochaq"), "PUCHOQ": N_("Puchoq"), "SADA": N_("Sada"),
    "TANA": N_("Tana"), "JANGARA": N_("Jangara"), "TANOOR": N_("Tanoor"), "TIZAB": N_("Tizab"),
    "ZELZELA": N_("Zelzela"), "ORACLE": N_("Oracle"),
}
GAME_TITLES = {"manfee": N_("Manfee"), "manille": N_("Manille"), "manille-muette": N_("Manille muette"),
               "manni": N_("Manni")}
SEAT_NAMES = {"bottom": N_("Bottom"), "left": N_("Left"), "top": N_("Top"), "right": N_("Right")}


def character_name(code: str) -> str:
    """A bot character's name in the player's script (``ZELZELA`` -> Zelzela, زلزله)."""
    return _(CHARACTER_NAMES.get(code.upper(), code.title()))


def game_title(name: str) -> str:
    """A game's name as its players say it (Manfee, Manille muette; Dari in its own script)."""
    return _(GAME_TITLES.get(name, name))


def seat_name(seat: str) -> str:
    """Bottom, Left, Top, Right in the player's language (the seats never move)."""
    return _(SEAT_NAMES.get(seat, seat.title()))


# -- catalogs ------------------------------------------------------------------------------------

def po_path(code: str) -> str:
    return os.path.join(LOCALE_DIR, code, "LC_MESSAGES", DOMAIN + ".po")


def cache_dir() -> str:
    """Where compiled catalogs go: ``cache/locale`` in the table's folder (the table's
    settings read this module's words: the folder comes from ``host.saves``, not ``config``)."""
    from host.saves import home_dir
    return os.path.join(home_dir(), "cache", "locale")


def read_po(text: str) -> dict:
    """The messages of a ``.po`` file: {msgid or (msgid, plural) with ``ctx\\x04`` before
    it when it has a context: msgstr or [msgstr[0], ...]}.  Fuzzy and obsolete entries are
    left out, as msgfmt does; the header is the entry of msgid "".

    >>> read_po('msgid "Deal"\\nmsgstr "Donne"\\n\\n#, fuzzy\\nmsgid "Trick"\\nmsgstr "Pli"\\n')
    {'Deal': 'Donne'}
    """
    out: dict = {}
    entry: dict = {}
    key: str | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal entry, fuzzy
        if "msgid" in entry and (not fuzzy or entry["msgid"] == ""):
            ctx = entry.get("msgctxt")
            k = entry["msgid"] if ctx is None else f"{ctx}\x04{entry['msgid']}"
            if "msgid_plural" in entry:
                forms = [entry[f] for f in sorted((f for f in entry if f.startswith("msgstr[")),
                                                  key=lambda f: int(f[7:-1]))]
                out[(k, entry["msgid_plural"])] = forms
            else:
                out[k] = entry.get("msgstr", "")
        entry, fuzzy = {}, False

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#~"):
            if not line:
                flush()
                key = None
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if "msgid" in entry:
                    flush()
                fuzzy = True
            continue
        if line.startswith('"'):
            if key is not None:
                entry[key] += ast.literal_eval(line)
            continue
        word, _sep, rest = line.partition(" ")
        if word in ("msgctxt", "msgid") and "msgid" in entry and ("msgstr" in entry or "msgstr[0]" in entry):
            flush()
        key = word
        entry[key] = ast.literal_eval(rest.strip())
    flush()
    return out


def mo_bytes(messages: dict) -> bytes:
    """A GNU ``.mo`` file of ``read_po``'s messages (the layout of CPython's Tools/i18n/msgfmt.py).
    Untranslated messages are left out, so gettext falls back to the English."""
    pairs = []
    for k, v in messages.items():
        if isinstance(k, tuple):
            if not all(v):
                continue
            pairs.append((f"{k[0]}\x00{k[1]}".encode(), "\x00".join(v).encode()))
        elif v or k == "":
            pairs.append((k.encode(), v.encode()))
    pairs.sort()
    n = len(pairs)
    ids = b"".join(k + b"\x00" for k, _v in pairs)
    strs = b"".join(v + b"\x00" for _k, v in pairs)
    start = 7 * 4 + n * 16                  # header, then the two tables of (length, offset)
    offsets: list[int] = []
    pos = 0
    for k, _v in pairs:
        offsets += [len(k), start + pos]
        pos += len(k) + 1
    vpos = 0
    voffsets: list[int] = []
    for _k, v in pairs:
        voffsets += [len(v), start + len(ids) + vpos]
        vpos += len(v) + 1
    head = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
    return head + struct.pack(f"{2 * n}i", *offsets) + struct.pack(f"{2 * n}i", *voffsets) + ids + strs


def compiled(code: str, folder: str | None = None) -> str:
    """The path of ``code``'s compiled catalog, built now if missing or older than its ``.po``
    (a stamp beside it holds the hash of the ``.po`` it was made from).  OSError if the
    ``.po`` cannot be read or the folder cannot be written."""
    with open(po_path(code), "rb") as f:
        source = f.read()
    stamp = hashlib.sha256(source).hexdigest()
    out_dir = os.path.join(folder or cache_dir(), code, "LC_MESSAGES")
    mo = os.path.join(out_dir, DOMAIN + ".mo")
    try:
        with open(mo + ".sha256", encoding="ascii") as f:
            if f.read().strip() == stamp and os.path.exists(mo):
                return mo
    except OSError:
        pass
    os.makedirs(out_dir, exist_ok=True)
    data = mo_bytes(read_po(source.decode("utf-8")))
    for path, payload in ((mo, data), (mo + ".sha256", stamp.encode())):
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=out_dir)
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
        os.replace(tmp, path)           # atomic: two tables starting at once never read half a file
    return mo


def translations(code: str) -> gettext.NullTranslations:
    """The catalog of ``code`` (English: none, the messages are English)."""
    if code == "en":
        return gettext.NullTranslations()
    try:
        mo = compiled(code)
        with open(mo, "rb") as f:
            return gettext.GNUTranslations(f)
    except OSError:
        pass
    try:                                # a read-only home: compile in memory
        with open(po_path(code), encoding="utf-8") as f:
            return gettext.GNUTranslations(io.BytesIO(mo_bytes(read_po(f.read()))))
    except (OSError, ValueError, SyntaxError):
        return gettext.NullTranslations()


def untranslated(code: str, msgids: set | None = None) -> list[str]:
    """The messages ``code``'s catalog lacks: of ``msgids`` if given, else of the template."""
    with open(po_path(code), encoding="utf-8") as f:
        have = read_po(f.read())
    if msgids is None:
        with open(os.path.join(LOCALE_DIR, DOMAIN + ".pot"), encoding="utf-8") as f:
            msgids = {k for k in read_po(f.read()) if k != ""}
    done = {k for k, v in have.items() if (all(v) if isinstance(v, list) else v)}
    return sorted((k if isinstance(k, str) else k[0]).replace("\x04", " | ") for k in msgids - done)


def main(argv: list[str]) -> int:
    """``python3 -m table.i18n compile`` builds every catalog into the cache folder (or into
    ``--to FOLDER``); ``check`` lists what each catalog lacks against the template."""
    if not argv or argv[0] not in ("compile", "check"):
        print("usage: python3 -m table.i18n compile [--to FOLDER] | check", file=sys.stderr)
        return 2
    bad = 0
    for code in sorted(c for c in LANGUAGES if c != "en"):
        if argv[0] == "compile":
            folder = argv[argv.index("--to") + 1] if "--to" in argv else None
            print(compiled(code, folder))
        else:
            missing = untranslated(code)
            bad += len(missing)
            print(f"{code}: {len(missing)} untranslated" + (": " + "; ".join(missing) if missing else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
