"""A friend's own record of a LAN match, rebuilt from what its screen was shown.

The host keeps the match record; a friend's screen never holds the hidden hands.  Yet by a
deal's end nearly every card has been shown: each one played lay face up on the table, a
seat's own cards were its own, and the cards nobody played are the pack's rest.  So a
deal is rebuilt from one seat's view at its end (``rebuild_deal``): every seat's hand as
dealt is the cards it played (after a Manfee pass, the cards of the seat the hand went to),
the Manni's twelve the cards its taker played, and what was never shown (a Manfee deal gone
over, a void Manille deal, the hand a Manni taker laid aside) is the pack's rest, dealt out
where the rules allow and marked: such a deal is replayed with its hands hidden, as any
table of several people replays it (``host.replay.ReplayLink.secret_deal``), and the review
judges only the deals whose every card was played (``table.coach_work.all_played``).

Each deal is checked by the rules before it is kept, and the file is a match record
(RECORD.md) from the match's first deal on: a friend who came late, or missed a deal,
keeps no record (the totals would not add up), only the statistics.

>>> view = {"game": "manille", "seat": "bottom", "seats": ["bottom", "left", "top", "right"], "deal": 0,
...         "dealer": "right", "outcome": "misdeal", "hand": ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"],
...         "counts": dict.fromkeys(["bottom", "left", "top", "right"], 8), "options": {},
...         "history": [{"seat": "left", "peek": True}]}
>>> deal = rebuild_deal(view)
>>> sorted(deal["hands"]["bottom"]) == sorted(view["hand"]), len(deal["hands"]["top"]), deal["actions"]
(True, 8, [{'seat': 'left', 'peek': True}])
"""
from __future__ import annotations

import json
import os
import random
import time

from rules import RulesError
from rules.cards import SUIT_OF, make_mask, mask_texts, parse_card
from rules.games import get_game
from rules.record import read_match
from rules.views import dealt_form, history_codes, replay_dealt

from .saves import saves_dir

# keep_joined's answer when the deal is not the record's next: this screen was not at the
# table for every deal (it came late, or away for a whole deal), so its record stops there.
MISSED = "a deal was missed: this match's record stops before it"
# ... when this screen sat elsewhere, or watched, from this deal on: the record's seat would be
# shown face up in deals rebuilt without its hand (guessed cards, taken for the player's own).
MOVED = "this screen watched or sat elsewhere from this deal on: this match's record stops before it"
TRIES = 200          # random deals of the unshown cards tried before a deal is given up


def joined_folder() -> str:
    """Where a friend's screen keeps its records of LAN matches it sat at."""
    return os.path.join(saves_dir(), "joined")


def joined_path(game: str, match_key: str) -> str:
    """The file of the record of match ``match_key`` (``lan-<table id>``): the same for every
    deal, and again after this screen rejoins the table.

    >>> os.path.basename(joined_path("manni", "lan-3f/../x"))
    'manni-lan-3f-x.json'
    """
    safe = "-".join(filter(None, "".join(c if c.isalnum() or c == "-" else "-" for c in match_key).split("-")))
    return os.path.join(joined_folder(), f"{game}-{safe}.json")


def joined_match_id(record: dict) -> str | None:
    """The statistics' id of the match a joined record holds (the table's), or None.

    >>> joined_match_id({"lan": {"joined": "left", "match_id": "lan-3f"}}), joined_match_id({})
    ('lan-3f', None)
    """
    return _lan_text(record, "match_id")


def joined_seat(record: dict) -> str | None:
    """The seat this screen held in the match of a joined record, or None.

    >>> joined_seat({"lan": {"joined": "left"}}), joined_seat({"lan": "odd"})
    ('left', None)
    """
    return _lan_text(record, "joined")


def watched_from(record: dict) -> str | None:
    """The seat a watcher's screen sat behind, in the record it kept of a LAN match it
    watched (it held no seat: nobody in it is "you"), or None.

    >>> watched_from({"lan": {"watched": "top"}}), watched_from({"lan": {"joined": "left"}})
    ('top', None)
    """
    return _lan_text(record, "watched")


def kept_by_screen(record: dict) -> bool:
    """Is ``record`` one a LAN screen rebuilt from what it was shown (a friend's or a
    watcher's), so that its cards never shown are guesses, never to be displayed nor judged?"""
    return joined_seat(record) is not None or watched_from(record) is not None


def _lan_text(record: dict, key: str) -> str | None:
    lan = record.get("lan")
    found = lan.get(key) if isinstance(lan, dict) else None
    return found if isinstance(found, str) and found else None


def rebuild_deal(view: dict, seed: int = 0) -> dict | None:
    """The deal of ``view`` (one seat's view at the deal's end, or a watcher's: no hand) in record form (``dealer``,
    ``hands`` as dealt, ``widow`` in Manni, ``actions``), replayed by the rules to its end
    (``rules.views.rebuild``); None when it cannot be rebuilt: the view holds no finished
    deal, no deal of the unshown cards fits what was played, or the view is not one the host
    would send (the view came over the network: nothing in it may crash the table).  A pure
    function of (view, seed)."""
    try:
        return _rebuild(view, seed)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RulesError):
        return None


def _rebuild(view: dict, seed: int) -> dict | None:
    game = get_game(str(view["game"]))
    seats = list(view["seats"])
    # a watcher's view holds no hand (``hand`` None): no seat's cards are its own
    me = seats.index(view["seat"]) if view.get("hand") is not None else None
    codes = history_codes(view)
    if view.get("outcome") is None or not codes or seats != list(game.seats):
        return None
    now = _known_now(game, view, me, codes)
    voids = _shown_voids(game.n, codes)
    shown = 0
    for mask in now.values():
        shown |= mask
    for _s, c in codes:
        if c < 192:
            shown |= 1 << (c & 63)
    for text in view.get("swapped_out") or ():
        shown |= 1 << parse_card(text)
    unshown = [c for c in game.deck if not shown >> c & 1]
    room = {s: int(view["counts"][seats[s]]) for s in range(game.n) if s not in now}
    if sum(room.values()) > len(unshown):
        return None
    rng = random.Random(seed)
    for _ in range(TRIES):
        cards = list(unshown)
        rng.shuffle(cards)
        guess = dict(now)
        for s, k in room.items():
            fits = [c for c in cards if SUIT_OF[c] not in voids[s]][:k]
            if len(fits) < k:
                break
            guess[s] = make_mask(fits)
            cards = [c for c in cards if c not in fits]
        else:
            deal = _dealt(game, view, me, codes, guess, make_mask(cards))
            if deal is not None:
                return deal
    return None


def _known_now(game, view: dict, me: int | None, codes: list) -> dict[int, int]:
    """The seats whose cards still in hand this view knows (index -> mask): its own, and
    after a Manfee pass the seat holding the hand it passed (it remembers that hand); a
    watcher's (``me`` None) none."""
    if me is None:
        return {}
    known = {me: make_mask(parse_card(c) for c in view.get("hand") or ())}
    if view.get("passed") and view.get("passed_hand"):
        holder = (me - 1) % game.n         # each hand moved one seat to the right (bottom's to right)
        gone = make_mask(c & 63 for s, c in codes if s == holder and c < 192)
        known[holder] = make_mask(parse_card(c) for c in view["passed_hand"]) & ~gone
    return known


def _shown_voids(n: int, codes: list) -> dict[int, set[int]]:
    """The suits each seat showed it lacked: it threw another suit on a suit led (the
    cards it still held then, those still in hand at the end among them, had none)."""
    voids: dict[int, set[int]] = {s: set() for s in range(n)}
    led, plays = -1, 0
    for s, c in codes:
        if c < 192:
            suit = SUIT_OF[c & 63]
            if plays % n == 0:
                led = suit
            elif suit != led:
                voids[s].add(led)
            plays += 1
    return voids


def _dealt(game, view: dict, me: int | None, codes: list, now: dict[int, int], aside: int) -> dict | None:
    """The record's deal from a guess of the cards in hand at the end (``now``) and of the
    twelve out of play (``aside``), if the rules take its every action to its end."""
    dealt, widow = dealt_form(game, view, {s: m for s, m in now.items() if s != me}, aside, codes)
    try:
        if not replay_dealt(game, view, dealt, widow, codes).done:
            return None
    except RulesError:                        # this guess of the unshown cards breaks a rule: another
        return None
    deal = {"dealer": view["dealer"], "hands": {s: mask_texts(dealt[i]) for i, s in enumerate(game.seats)},
            "actions": [dict(a) for a in view["history"]]}
    if game.widow_size:
        deal["widow"] = mask_texts(widow)
    return deal


def kept_deals(path: str) -> int | None:
    """How many deals the record at ``path`` holds (0: no record yet), or None when it cannot
    be read (``keep_joined`` says why): a screen that came late learns it keeps nothing
    before it rebuilds a deal (up to ``TRIES`` guesses) for nothing, deal after deal."""
    try:
        with open(path, encoding="utf-8") as f:
            deals = json.load(f).get("deals")
    except FileNotFoundError:
        return 0
    except (OSError, ValueError, AttributeError):
        return None
    return len(deals) if isinstance(deals, list) else None


def keep_joined(path: str, header: dict, deal_index: int, deal: dict, extras: dict | None = None) -> str | None:
    """Add deal ``deal_index`` to the record at ``path`` (a new one, from ``header``, for the
    first deal), with rows of the record's lists for it (``extras``: ``standins``, the
    decisions a bot made for a person; ``hints_given``, the hints this screen was shown),
    written whole to a neighbour and moved in place; a deal it holds already is left as it
    is.  The reason (one line) when it is not kept: a deal missed (``MISSED``), the screen no
    longer at the record's seat (``MOVED``), or a record the rules refuse with it."""
    try:
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
    except FileNotFoundError:
        record = dict(header, deals=[], created=time.strftime("%Y-%m-%d %H:%M:%S"))
    except (OSError, ValueError) as e:
        return f"{os.path.basename(path)}: {e}"
    if not isinstance(record, dict):
        return f"{os.path.basename(path)}: not a match record"
    found = record.get("deals")
    deals: list = found if isinstance(found, list) else []
    if deal_index < len(deals):
        return None                           # kept already (a screen back after a dropped line)
    if deal_index > len(deals):
        return MISSED
    # A friend's record shows its seat's hand face up: a deal of this screen watching, or at
    # another seat, would show guesses there.  (A watcher's record, showing no hand of its own,
    # goes on whatever the screen does next.)
    if deals and joined_seat(record) is not None and joined_seat(record) != joined_seat(header):
        return MOVED
    record["deals"] = deals + [deal]
    for key, rows in (extras or {}).items():     # the deal's standins, hints_given: rows to add
        kept = record.get(key)
        record[key] = (kept if isinstance(kept, list) else []) + [list(x) for x in rows]
    _match, error = read_match(record)
    if error:
        return error
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = os.path.join(os.path.dirname(path), f".{os.path.basename(path)}.{os.getpid()}.tmp")   # two windows
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(record, f)
        os.replace(tmp, path)
    except OSError as e:
        return f"{os.path.basename(path)}: {e.strerror or e}"
    return None
