"""Reading match records (RECORD.md) into a Match, and the referee's verdict."""
import json

from .cards import parse_card, make_mask
from .errors import RulesError
from .games import get_game
from .match import Match
from . import actions as A


def read_match(record, game=None):
    """Replay a record.  Returns (match, error): error is None or one sentence.

    On error the match holds everything before the faulty deal or action;
    it never raises for bad content.  ``game`` overrides the record's game
    (tests use it to replay under a variant of the rules).
    """
    if not isinstance(record, dict):
        return None, "a record must be a JSON object"
    if game is None:
        try:
            game = get_game(record.get("game"))
        except (RulesError, TypeError):
            return None, f"unknown game {record.get('game')!r}"
    try:
        match = Match(game, record.get("options"), players=record.get("players"))
    except RulesError as e:
        return Match(game), str(e)
    deals = record.get("deals", [])
    if not isinstance(deals, list):
        return match, "'deals' must be a list"
    for i, deal in enumerate(deals):
        try:
            dealer, hands, widow, actions = _read_deal(game, deal)
            match.start_deal(dealer, hands, widow)
        except RulesError as e:
            return match, f"deal {i}: {e}"
        for j, act in enumerate(actions):
            try:
                if not isinstance(act, dict):
                    raise RulesError(f"an action must be an object, not {act!r}")
                if "seat" not in act:
                    raise RulesError("the action has no seat")
                seat = game.seat_index(act["seat"]) if isinstance(act["seat"], str) else None
                if seat is None:
                    raise RulesError(f"{act['seat']!r} is not a seat")
                code = A.parse_action(act)
                if code == A.LOOK:
                    raise RulesError("'look' is not an action of the record")
                if not match.in_deal:
                    raise RulesError("the deal is already over")
                match.apply(seat, code)
            except RulesError as e:
                return match, f"deal {i} action {j}: {e}"
    return match, None


# The record's lists of notes on its actions (RECORD.md leaves them to the table): the
# row's width, and whether its last field is an action object.
NOTE_ROWS = {"standins": 3, "hints_given": 4}


def note_rows(record, key, seats):
    """The well-formed rows of the record's ``key`` list (``standins``: deal, action
    index, seat; ``hints_given``: the same and the hint's action object) for the seats
    ``seats``; anything malformed is left out, never raised.

    >>> note_rows({"standins": [[0, 7, "left"], [0, -1, "left"], [True, 2, "left"], [1, 2, "top"], "x"]},
    ...           "standins", ("left",))
    [[0, 7, 'left']]
    >>> note_rows({"hints_given": [[0, 4, "left", {"play": "KS"}], [0, 5, "left", "x"]]}, "hints_given", ("left",))
    [[0, 4, 'left', {'play': 'KS'}]]
    """
    width = NOTE_ROWS[key]
    found = record.get(key) if isinstance(record, dict) else None
    return [list(r) for r in (found if isinstance(found, list) else ())
            if isinstance(r, list) and len(r) == width
            and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in r[:2])
            and isinstance(r[2], str) and r[2] in seats and (width == 3 or isinstance(r[3], dict))]


def _read_deal(game, deal):
    if not isinstance(deal, dict):
        raise RulesError("a deal must be an object")
    dealer = deal.get("dealer")
    if not isinstance(dealer, str):
        raise RulesError("the deal names no dealer")
    dealer = game.seat_index(dealer)
    hands = deal.get("hands")
    if not isinstance(hands, dict) or set(hands) != set(game.seats):
        raise RulesError(f"'hands' must give the cards of {', '.join(game.seats)}")
    masks = []
    for s in game.seats:
        cards = hands[s]
        if not isinstance(cards, list):
            raise RulesError(f"{s}'s hand must be a list of cards")
        masks.append(_cards_mask(cards))
    widow = 0
    if game.widow_size:
        w = deal.get("widow")
        if not isinstance(w, list):
            raise RulesError("a Manni deal needs its 'widow' (the Manni) as a list of cards")
        widow = _cards_mask(w)
    elif "widow" in deal:
        raise RulesError(f"{game.name} has no widow")
    # Duplicates vanish in a mask: count to catch them.
    n = sum(len(hands[s]) for s in game.seats) + (len(deal.get("widow") or []) if game.widow_size else 0)
    if n != len(game.deck):
        raise RulesError("hands do not form the deck")
    actions = deal.get("actions", [])
    if not isinstance(actions, list):
        raise RulesError("'actions' must be a list")
    return dealer, masks, widow, actions


def _cards_mask(cards):
    return make_mask(parse_card(c) for c in cards)


def verdict(match, error):
    """The referee's verdict object for a replayed record (RECORD.md)."""
    if match is None:
        return {"ok": False, "deals": [], "totals": None, "winner": None,
                "finished": False, "next": None, "error": error}
    g = match.game
    if error:
        deals = list(match.summaries)
    else:
        deals = [match.summary(i) for i in range(len(match.records))]
    out = {"ok": error is None, "deals": deals,
           "totals": dict(zip(g.sides, match.totals)),
           "winner": match.winner, "finished": match.finished}
    if error or match.finished:
        out["next"] = None
    elif match.in_deal:
        d = match.deal
        out["next"] = {"deal": match.deal_index, "seat": g.seats[d.turn],
                       "legal": [A.action_json(c) for c in d.legal()]}
    else:
        nd = match.next_dealer()
        out["next"] = {"deal": len(match.records), "dealer": g.seats[nd] if nd is not None else None,
                       "seat": None, "legal": []}
    if error:
        out["error"] = error
    return out


def load(path):
    """Read a record file: (match, error).  OSError/ValueError if unreadable or not JSON."""
    with open(path, encoding="utf-8") as f:
        return read_match(json.load(f))
