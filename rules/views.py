"""What one seat may know, and nothing more.

``seat_view(match, seat)`` is what the table draws, what a bot thinks about and
what a LAN peer receives: its own hand, every public action of the deal (calls,
plays with their signals, trump, taps, swaps), tricks and scores, and what the
seat legitimately remembers (the hand it passed away, the hand it swapped out).
Never another seat's hidden cards, the Manni, or the deck.

``rebuild`` goes the other way for the bots: from a view and a guess of the
hidden cards, a full Deal to search.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import mask_texts, card_text, parse_card, make_mask, trump_text, NT
from .deal import PHASE_NAMES, Deal
from .games import game_of
from . import actions as A

if TYPE_CHECKING:
    from .games import Game
    from .match import Match


def hand_visible(deal: Deal, seat: int) -> bool:
    """False while the rules keep ``seat``'s own cards face down (the Manille
    dealer's partner before trump; the muette dealer who may name trump blind
    and has not turned the hand up)."""
    return game_of(deal).hand_visible(deal, seat)


def seat_view(match: Match, seat: int | str) -> dict:
    """The view of ``seat`` (int or name) as a JSON/msgpack-ready dict."""
    g = match.game
    i = g.seat_index(seat) if isinstance(seat, str) else seat
    return _view(match, i, i)


def public_view(match: Match, place: int | str | None = None) -> dict:
    """What a spectator sees: everything public, no hand at all (not even one
    a player remembers).  ``place`` is the seat the spectator sits behind
    (its view's ``seat``, for the table's orientation), or None."""
    g = match.game
    i = g.seat_index(place) if isinstance(place, str) else place
    return _view(match, None, i)


def _view(match: Match, seat: int | None, place: int | None) -> dict:
    g = match.game
    seats = g.seats
    d = match.deal
    view = {"game": g.name, "options": dict(match.options),
            "seat": seats[place] if place is not None else None,
            "seats": list(seats), "totals": dict(zip(g.sides, match.totals)),
            "scores": [s["score"] for s in match.summaries],
            "finished": match.finished, "winner": match.winner,
            "deal": match.deal_index, "next_dealer": None}
    if d is None:
        view.update(phase="waiting", turn=None, hand=[] if seat is not None else None, legal=[])
        return view
    if d.done:
        nd = match.next_dealer()
        view["next_dealer"] = seats[nd] if nd is not None and not match.finished else None
    visible = seat is not None and hand_visible(d, seat)
    turn = d.turn if not d.done else -1
    view.update({
        "dealer": seats[d.dealer],
        "phase": PHASE_NAMES[d.phase],
        "turn": seats[turn] if turn >= 0 else None,
        "hand": mask_texts(d.hands[seat]) if visible and seat is not None else None,
        "counts": {seats[s]: bin(d.hands[s]).count("1") for s in range(g.n)},
        "history": [dict(seat=seats[s], **A.action_json(c)) for s, c in d.history],
        "trick": _trick(d, seats),
        "leader": seats[d.leader] if d.leader >= 0 and not d.done else None,
        "last_trick": _last_trick(d, seats),
        "won": {seats[s]: d.won[s] for s in range(g.n)},
        "tricks": dict(zip(g.sides, d.team_tricks())),
        "trump": trump_text(d.trump) if d.trump >= 0 else None,
        "outcome": d.outcome,
        "score": dict(zip(g.sides, d.score)) if d.score else None,
        "legal": _legal(d, seat, visible) if seat is not None else [],
    })
    view.update(g.view_extras(d, seat))
    return view


def _trick(d, seats):
    out = []
    s = d.leader
    plays = [c for _s, c in d.history if c < 192][-len(d.trick):] if d.trick else []
    for code in plays:
        item = {"seat": seats[s], "card": card_text(code & 63)}
        sig = A.play_signal(code)
        if sig:
            item["signal"] = sig
        out.append(item)
        s = (s + d.direction) % d.n
    return out


def _last_trick(d, seats):
    if d.last_trick is None:
        return None
    leader, cards, winner = d.last_trick
    return {"leader": seats[leader], "cards": [card_text(c) for c in cards],
            "winner": seats[winner]}


def _legal(d, seat, visible):
    if d.done or d.turn != seat:
        return []
    if not visible:
        # The muette dealer with the cards still face down: blind, or look.
        return [A.action_json(c) for c in d.legal() if c >= A.BLIND and c <= A.BLIND + NT] \
            + [{"look": True}]
    return [A.action_json(c) for c in d.legal()]


# -- from a view back to a full deal (for the bots' searches) ---------------------

def history_codes(view: dict) -> list:
    """The deal's public actions as (seat index, code) pairs."""
    seats = view["seats"]
    return [(seats.index(a["seat"]), A.parse_action(a)) for a in view["history"]]


def rebuild(game: Game, view: dict, others: dict, widow: int = 0, codes: list | None = None,
            tie_pending: bool | None = None) -> Deal:
    """A full Deal consistent with ``view``, given a guess of the hidden cards.

    ``others`` maps seat index -> mask of the cards that seat holds *now*
    (the viewer's own hand comes from the view); ``widow`` is the guess of the
    Manni's cards out of play (the widow, or a swapper's swapped-out hand when
    the viewer is not the swapper).  The deal is replayed from its dealt form,
    so it is exactly what the rules would have produced.
    """
    if codes is None:
        codes = history_codes(view)
    held, widow = dealt_form(game, view, others, widow, codes)
    return replay_dealt(game, view, held, widow, codes, tie_pending)


def dealt_form(game: Game, view: dict, others: dict, widow: int, codes: list) -> tuple[list, int]:
    """The hands as dealt and the Manni's twelve, from a guess of the hidden cards held
    now (``others``, as ``rebuild`` takes them) and the view's own hand and plays; a
    watcher's view (``hand`` None) has no hand of its own: ``others`` holds every seat's."""
    now = dict(others)
    me = None
    if view.get("hand") is not None:
        me = view["seats"].index(view["seat"])
        now[me] = make_mask(parse_card(c) for c in view["hand"])
    held = [now.get(s, 0) for s in range(game.n)]
    for s, c in codes:
        if c < 192:
            held[s] |= 1 << (c & 63)
    return game.undo_exchange(view, held, widow, me)


def replay_dealt(game: Game, view: dict, held: list, widow: int, codes: list,
                 tie_pending: bool | None = None) -> Deal:
    """The deal of ``view`` dealt as ``held`` (and ``widow``), its actions ``codes`` replayed
    by the rules (RulesError where one breaks them)."""
    if tie_pending is None:
        tie_pending = bool(view.get("tie_pending"))
    deal = game.new_deal(held, view["seats"].index(view["dealer"]), view["options"], widow=widow,
                         deal_index=view["deal"], tie_pending=tie_pending)
    for _s, c in codes:
        if c == A.PEEK:
            deal.end("misdeal", (0, 0))
            break
        deal.step(c)
    return deal
