"""What one seat may know, and nothing more.

``seat_view(match, seat)`` is what the table draws, what a bot thinks about and
what a LAN peer receives: its own hand, every public action of the deal (calls,
plays with their signals, trump, taps, swaps), tricks and scores, and what the
seat legitimately remembers (the hand it passed away, the hand it swapped out).
Never another seat's hidden cards, the Manni, or the deck.

``rebuild`` goes the other way for the bots: from a view and a guess of the
hidden cards, a full Deal to search.
"""
from .cards import mask_texts, card_text, parse_card, make_mask, trump_text, NT
from .deal import PHASE_NAMES, PLAY, TRUMP, DONE
from . import actions as A


def hand_visible(deal, seat):
    """False while the rules keep ``seat``'s own cards face down.

    The Manille dealer's partner may not look before trump is named; the
    Manille muette dealer, when blind trump is allowed, has not turned the
    hand up yet.
    """
    name = type(deal).__name__
    if deal.phase != TRUMP:
        return True
    if name == "ManilleDeal":
        return seat != (deal.dealer + 2) % 4
    if name == "MuetteDeal":
        return seat != deal.dealer or deal.looked
    return True


def seat_view(match, seat):
    """The view of ``seat`` (int or name) as a JSON/msgpack-ready dict."""
    g = match.game
    if isinstance(seat, str):
        seat = g.seat_index(seat)
    seats = g.seats
    d = match.deal
    view = {"game": g.name, "options": dict(match.options), "seat": seats[seat],
            "seats": list(seats), "totals": dict(zip(g.sides, match.totals)),
            "scores": [s["score"] for s in match.summaries],
            "finished": match.finished, "winner": match.winner,
            "deal": match.deal_index, "next_dealer": None}
    if d is None:
        view.update(phase="waiting", turn=None, hand=[], legal=[])
        return view
    if d.done:
        nd = match.next_dealer()
        view["next_dealer"] = seats[nd] if nd is not None and not match.finished else None
    visible = hand_visible(d, seat)
    turn = d.turn if not d.done else -1
    view.update({
        "dealer": seats[d.dealer],
        "phase": PHASE_NAMES[d.phase],
        "turn": seats[turn] if turn >= 0 else None,
        "hand": mask_texts(d.hands[seat]) if visible else None,
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
        "legal": _legal(d, seat, visible),
    })
    if g.name == "manfee":
        view["calls"] = {seats[s]: d.calls[s] for s in range(4) if d.calls[s] is not None}
        view["targets"] = dict(zip(g.sides, d.targets)) if d.targets else None
        view["passed"] = d.passed
        view["passed_hand"] = mask_texts(d.dealt[seat]) if d.passed else None
    elif g.n == 4:
        view["points"] = dict(zip(g.sides, d.team_points()))
        if g.name == "manille":
            view["tie_pending"] = d.tie_pending
        else:
            view["namer"] = seats[d.namer] if d.namer >= 0 else None
            view["blind"] = d.blind
            view["tapped"] = d.tapped
            view["tapped_back"] = d.tapped_back
        if d.trump >= 0:
            view["factors"] = [list(f) for f in _factors_preview(d)]
    else:
        view["trump_card"] = card_text(13 * d.trump)   # the two of trump, face up
        view["swapper"] = seats[d.swapper] if d.swapper >= 0 else None
        view["swapped_out"] = mask_texts(d.swapped_out) if d.swapper == seat else None
    return view


def _factors_preview(d):
    """The factors in force whoever wins (the sweep only once it happened)."""
    fs = d.factors(0 if d.won[0] + d.won[2] >= d.won[1] + d.won[3] else 1)
    return fs


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

def history_codes(view):
    """The deal's public actions as (seat index, code) pairs."""
    seats = view["seats"]
    return [(seats.index(a["seat"]), A.parse_action(a)) for a in view["history"]]


def rebuild(game, view, others, widow=0, codes=None, tie_pending=None):
    """A full Deal consistent with ``view``, given a guess of the hidden cards.

    ``others`` maps seat index -> mask of the cards that seat holds *now*
    (the viewer's own hand comes from the view); ``widow`` is the guess of the
    Manni's cards out of play (the widow, or a swapper's swapped-out hand when
    the viewer is not the swapper).  The deal is replayed from its dealt form,
    so it is exactly what the rules would have produced.
    """
    seats = view["seats"]
    me = seats.index(view["seat"])
    if codes is None:
        codes = history_codes(view)
    now = dict(others)
    now[me] = make_mask(parse_card(c) for c in (view["hand"] or []))
    held = [now.get(s, 0) for s in range(game.n)]
    for s, c in codes:
        if c < 192:
            held[s] |= 1 << (c & 63)
    dealer = seats.index(view["dealer"])
    if game.name == "manfee" and view.get("passed"):
        held = [held[(s + 3) % 4] for s in range(4)]       # undo the pass
    if game.name == "manni" and view.get("swapper"):
        sw = seats.index(view["swapper"])
        out = make_mask(parse_card(c) for c in view["swapped_out"]) if sw == me else widow
        held[sw], widow = out, held[sw]
    if tie_pending is None:
        tie_pending = bool(view.get("tie_pending"))
    deal = game.new_deal(held, dealer, view["options"], widow=widow,
                         deal_index=view["deal"], tie_pending=tie_pending)
    for _s, c in codes:
        if c == A.PEEK:
            deal.end("misdeal", (0, 0))
            break
        deal.step(c)
    return deal
