"""The words of an action: on a choice button, and in a seat's bubble.

Rich text tokens: ``{H}`` draws a heart pip (see ``rich.py``).  Every word is
worded when asked for, in the language in use (``i18n``); a call's number is
in the language's digits.

>>> describe({"trump": "H", "blind": True}), announce_text({"double": True})
('Hearts (blind)', 'tap!')
"""
from __future__ import annotations

import math
import time
from typing import Callable

from .i18n import N_, _, card_words, character_name, digits, is_rtl, ngettext, number, pgettext, seat_name

# A suit as a button or a trump tile names it, and as a sentence does ("{H} hearts").
SUIT_WORDS = {"S": N_("Spades"), "H": N_("Hearts"), "D": N_("Diamonds"), "C": N_("Clubs"), "NT": N_("No trump")}
SUIT_LOWER = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs"), "NT": N_("no trump")}


def separator() -> str:
    """What stands between the items of a line ("won 3  ·  bot"): a middle dot, or the
    language's own (in Dari a dot reads as the digit zero, ۰)."""
    return pgettext("between the items of a line", "  ·  ")


def calls_line(calls: dict, seats: list, dealer: str | None) -> str:
    """A Manfee side's calls on the score board while the calling goes on: a seat's
    call, "?" for one not made yet, and the dealer's remainder (13 minus the three
    calls, what the team gets if the dealer accepts), its number once the three are in.

    >>> calls_line({"right": 3}, ["bottom", "top"], "bottom")
    'calls ? + remainder'
    >>> calls_line({"right": 3, "top": 4, "left": 2}, ["bottom", "top"], "bottom")
    'calls 4 + remainder 4'
    """
    said = []
    for seat in sorted(seats, key=lambda s: s == dealer):          # the dealer's part last
        if seat == dealer:
            word = pgettext("a call on the score board", "remainder")
            if len(calls) >= 3:
                word = pgettext("a call on the score board", "remainder {n}").format(n=number(13 - sum(calls.values())))
            said.append(word)
        else:
            said.append(number(calls[seat]) if seat in calls else pgettext("a call not made yet", "?"))
    return _("calls {calls}").format(calls=" + ".join(said))


def suit_word(suit: str) -> str:
    """``H`` -> Hearts, in the language in use (a tile, a button)."""
    return _(SUIT_WORDS.get(suit, suit))


def suit_text(suit: str) -> str:
    """``H`` -> ``{H} hearts`` (rich text: the pip, then the word); no trump has no pip."""
    if suit == "NT":
        return _(SUIT_LOWER["NT"])
    return f"{{{suit}}} {_(SUIT_LOWER.get(suit, suit))}"


def describe(action: dict) -> str:
    """A button's words for an action object."""
    if "call" in action:
        return number(action["call"]) if isinstance(action["call"], int) else str(action["call"])
    if "decision" in action:
        return pgettext("the dealer's decision", "Accept") if action["decision"] == "accept" \
            else pgettext("the dealer's decision", "Pass")
    if "trump" in action:
        t = action["trump"]
        if t == "partner":
            return _("En face: my partner names")
        return _("{suit} (blind)").format(suit=suit_word(t)) if action.get("blind") else suit_word(t)
    if "double" in action:
        return _("Tap the table") if action["double"] else _("No tap")
    if "redouble" in action:
        return _("Tap back") if action["redouble"] else _("No tap back")
    if "swap" in action:
        return _("Take the Manni") if action["swap"] else _("Keep my hand")
    if "look" in action:
        return _("Look at my cards")
    if "peek" in action:
        return _("Peek")
    if "play" in action:
        return action["play"]
    return str(action)


# The set phrases a LAN player may say (``host.endpoint.PHRASES``), in the reader's language.
PHRASE_WORDS = {"hello": N_("Hello!"), "well_played": N_("Well played!"), "good_game": N_("Good game!"),
                "thanks": N_("Thanks!"), "oops": N_("Oops!"), "sorry": N_("Sorry!")}


def announce_text(action: dict) -> str:
    """What a seat's bubble says (rich text: {H} draws a heart); a phrase said at the table too."""
    if "say" in action:
        return _(PHRASE_WORDS.get(action["say"], "…"))
    if "call" in action:
        return pgettext("a seat's bubble", "call {n}").format(n=number(action["call"]))
    if "decision" in action:
        return pgettext("a seat's bubble", "accept") if action["decision"] == "accept" \
            else pgettext("a seat's bubble", "pass!")
    if "cut" in action:
        return pgettext("a seat's bubble", "cut")
    if "trump" in action:
        t = action["trump"]
        if t == "partner":
            return pgettext("a seat's bubble", "en face!")
        word = suit_text(t)
        return pgettext("a seat's bubble", "{trump}, blind!").format(trump=word) if action.get("blind") else word
    if "double" in action:
        return pgettext("a seat's bubble", "tap!") if action["double"] else pgettext("a seat's bubble", "no tap")
    if "redouble" in action:
        return pgettext("a seat's bubble", "tap back!") if action["redouble"] \
            else pgettext("a seat's bubble", "no tap back")
    if "swap" in action:
        return pgettext("a seat's bubble", "I take the Manni!") if action["swap"] \
            else pgettext("a seat's bubble", "I keep my hand")
    if "peek" in action:
        return pgettext("a seat's bubble", "peeked!")
    if "look" in action:
        return pgettext("a seat's bubble", "look at my cards")
    if "play" in action and action.get("signal") in ("slam", "drop"):
        # the log's line for a signal: the next player could miss it when the trick closed first
        card = card_words(action["play"])
        return (_("{card} slam") if action["signal"] == "slam" else _("{card} drop")).format(card=card)
    return describe(action).lower()


def player_name(players: dict, seat: str, turned: bool = False) -> str:
    """The name a seat's player goes by, in the player's language: a bot character in the
    player's script (Dari: کدو), an open seat as "Left (open)", a person's name as typed.
    (The host names a bot by its character code's title, "Kado": that is the character.)
    On a screen ``turned`` to another seat than Bottom an open seat is "open seat": Bo at
    Left read "Right (open)" on the plate at the top of his screen."""
    p = players.get(seat) or {}
    if p.get("kind") == "open":
        return _("open seat") if turned else _("{seat} (open)").format(seat=seat_name(seat))
    bot, name = p.get("bot"), p.get("name")
    if bot and p.get("kind") == "bot" and (not name or name.casefold() == str(bot).casefold()):
        return character_name(bot)
    return shown_name(name, bot if p.get("kind") == "bot" else None) if name else seat_name(seat)


def shown_name(name: str, bot: str | None = None) -> str:
    """A name the table gave by default, in the player's language: "You", "Player 2", and a
    bot character sitting twice ("Kado 2", in Dari کدو ۲); a name a person typed, as typed.
    The host and the records keep the default names in English; only the screen words them.

    >>> shown_name("You"), shown_name("Kado 2", "KADO"), shown_name("Ana")
    ('You', 'Kado 2', 'Ana')
    """
    if name == "You":
        return _("You")
    first, _gap, last = name.rpartition(" ")
    if last.isdigit() and last.isascii():
        if first == "Player":
            return _("Player {n}").format(n=number(int(last)))
        if bot and first.casefold() == str(bot).casefold():
            return f"{character_name(bot)} {number(int(last))}"
    return name


def side_score(side: str, score: int, widget: bool = False) -> str:
    """A side and its total on one line ("Ana & Kado 2: 13"): the colon keeps a name that
    ends in a digit apart from the score.  In a pygame_gui ``widget`` (a list's row) right to
    left, a score below zero carries its sign after its digits, which lays it out on their
    left ("احمد: ۶-" ran the minus into the dash after it)."""
    shown = digits(f"{-score}−") if widget and score < 0 and is_rtl() else number(score)
    return _("{side}: {score}").format(side=side, score=shown)


# What another seat is deciding, said in the band above the hand while the table waits for it.
WAITING = {"call": N_("{name} is calling…"), "decide": N_("{name} decides: accept or pass…"),
           "trump": N_("{name} is naming trump…"), "partner_trump": N_("{name} is naming trump…"),
           "double": N_("{name} may tap…"), "redouble": N_("{name} may tap back…"),
           "swap": N_("{name} decides whether to take the Manni…")}


def waiting_words(phase: str | None, name: str) -> str | None:
    """The band's line while ``name`` makes the announcement of ``phase`` (None in the play).

    >>> waiting_words("trump", "Kado"), waiting_words("play", "Kado")
    ('Kado is naming trump…', None)
    """
    words = WAITING.get(phase or "")
    return _(words).format(name=name) if words else None


PLACE_WORDS = {"left": N_("on your left"), "top": N_("across from you"), "right": N_("on your right")}


def seat_where(seat: str, place: str, turned: bool) -> str:
    """An open seat as a player looks for it: by its name ("Right") on a screen seen from
    Bottom, where the two agree; by where it is on a screen turned to another seat (Bo at
    Left saw "Open seats: Right" over the empty chair at the top of his screen).

    >>> seat_where("right", "top", True), seat_where("right", "right", False)
    ('across from you', 'Right')
    """
    return _(PLACE_WORDS[place]) if turned and place in PLACE_WORDS else seat_name(seat)


def table_waits_for(view: dict, viewer: str | None, lan: bool, name: Callable[[str], str],
                    reading: tuple | None = None) -> str | None:
    """The band's line while the table waits: for another seat's announcement, or at a LAN
    table for the others to close the last deal's summary (the host deals again once they
    have, or after half a minute: ``host.table_host.READY_WAIT``); ``reading``: the seats
    the host says still read it, and the seconds left before it deals anyway.

    >>> table_waits_for({"phase": "trump", "turn": "left"}, "bottom", False, str.title)
    'Left is naming trump…'
    >>> table_waits_for({"phase": "done", "turn": None, "finished": False}, "bottom", True, str.title)
    'Waiting for the others to go on to the next deal…'
    >>> table_waits_for({"phase": "done", "finished": False}, "bottom", True, str.title, (["left", "top"], 23))
    'Waiting for Left & Top to go on: the next deal comes in 23 s at most'
    """
    if lan and view.get("phase") == "done" and not view.get("finished"):
        others = [name(s) for s in (reading or ((), 0))[0] if s != viewer]
        if others:
            return _("Waiting for {names} to go on: the next deal comes in {n} s at most").format(
                names=_(" & ").join(others), n=number(max(0, int(reading[1]))))
        return _("Waiting for the others to go on to the next deal…")
    turn = view.get("turn")
    return waiting_words(view.get("phase"), name(turn)) if turn not in (None, viewer) else None


def deal_title(deal: int, outcome: str | None, score: dict, side: Callable[[str], str]) -> str:
    """The deal summary's title: what the deal came to, and who it went to where one side
    can be named (``side`` names a side or seat).  Manni's deals score every player; the
    one who did best is named with the score ("Deal 1: scored" said nothing).

    >>> deal_title(2, "complete", {"bottom-top": 28, "left-right": 0}, str.title)
    'Deal 2: 28 to Bottom-Top'
    >>> deal_title(1, "complete", {"bottom": 1, "left": 0, "right": -1}, str.title)
    'Deal 1: Bottom did best (+1)'
    >>> deal_title(3, "complete", {"bottom": 1, "left": 1, "right": -2}, str.title)
    'Deal 3: Bottom and Left both did best (+1)'
    >>> deal_title(4, "complete", {"bottom": 0, "left": 0, "right": 0}, str.title)
    'Deal 4: nobody scored'
    """
    words = {"over": _("Deal {n}: over!"), "exact": _("Deal {n}: exact"), "misdeal": _("Deal {n}: void"),
             "tie": _("Deal {n}: a tie"), "complete": _("Deal {n}: scored")}
    n = number(deal)
    if outcome == "over" and score:        # who went over: the words alone read as "the deal is over"
        best = max(score, key=lambda s: score[s])      # and what that is worth: it said nothing of the 13
        return _("Deal {n}: {side} went over (+{points})").format(n=n, side=side(best), points=number(score[best]))
    scorers = [s for s, v in score.items() if v]
    if outcome == "complete" and len(scorers) == 1 and score[scorers[0]] > 0:     # who scored, and how much
        return _("Deal {n}: {points} to {side}").format(n=n, side=side(scorers[0]), points=number(score[scorers[0]]))
    best = max(score.values(), default=0)
    if outcome == "complete" and score and not scorers:         # Manni's four tricks each: all even
        return _("Deal {n}: nobody scored").format(n=n)
    if outcome == "complete" and any(v < 0 for v in score.values()) and best > 0:
        tops = [side(s) for s, v in score.items() if v == best]      # two of them: a plural verb
        # two players alone, not a team ("Bottom & Left" read as partners in a game without any)
        return ngettext("Deal {n}: {name} did best ({points})", "Deal {n}: {name} both did best ({points})",
                        len(tops)).format(n=n, name=_(" and ").join(tops), points="+" + number(best))
    return words.get(outcome or "", _("Deal {n}: done")).format(n=n)


def away_words(away: bool | int) -> str:
    """A plate's word for a person whose connection is gone: how long until a bot plays for
    them, where the host said (``host.link.LinkBase.away``).

    >>> away_words(True), away_words(12)
    ('away', 'away: a bot in 12 s')
    """
    if away is True:
        return pgettext("a seat's player", "away")
    return _("away: a bot in {n} s").format(n=number(int(away)))


def decision_heading(phase: str, view: dict) -> tuple[str, str | None]:
    """A decision box's title and the line under it (a tap, a tap back, the Manni swap)."""
    # the deal as it stands untapped: twice after a blind trump, four times with no-trump too
    untapped = math.prod(f for name, f in view.get("factors") or () if name != "tap")
    if phase == "double":
        # the tap back too: a first-time muette player met it only when it came
        return _("Tap the table?"), _("a tap: the deal counts {n} times; tapped back, {m} times").format(
            n=number(2 * untapped), m=number(4 * untapped))
    if phase == "redouble":
        return _("Tap back?"), _("the deal then counts {n} times").format(n=number(4 * untapped))
    if phase == "swap":
        return _("Take the Manni?"), _("swap your whole hand, unseen, for the twelve cards in the middle")
    return _("Your choice"), None


def month_short(month: int) -> str:
    """A month's short name (1 = January) in the language in use."""
    return (pgettext("a month, short", "Jan"), pgettext("a month, short", "Feb"), pgettext("a month, short", "Mar"),
            pgettext("a month, short", "Apr"), pgettext("a month, short", "May"), pgettext("a month, short", "Jun"),
            pgettext("a month, short", "Jul"), pgettext("a month, short", "Aug"), pgettext("a month, short", "Sep"),
            pgettext("a month, short", "Oct"), pgettext("a month, short", "Nov"),
            pgettext("a month, short", "Dec"))[month - 1]


def when_played(stamp: time.struct_time, now: time.struct_time | None = None) -> str:
    """When a match was last played, its month in words ("05/12" read as 12 May to an
    English player on the 5th of December), the year once it is not this one.

    >>> when_played(time.strptime("2026-12-05 09:19", "%Y-%m-%d %H:%M"), time.strptime("2026", "%Y"))
    '5 Dec 09:19'
    >>> when_played(time.strptime("2025-03-01 21:40", "%Y-%m-%d %H:%M"), time.strptime("2026", "%Y"))
    '1 Mar 2025 21:40'
    """
    now = now or time.localtime()
    fields = dict(day=number(stamp.tm_mday), month=month_short(stamp.tm_mon), year=number(stamp.tm_year),
                  time=digits(time.strftime("%H:%M", stamp)))
    if stamp.tm_year == now.tm_year:
        return _("{day} {month} {time}").format(**fields)
    return _("{day} {month} {year} {time}").format(**fields)

