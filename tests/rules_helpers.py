"""Small builders shared by the rules tests: deals from card text."""

from rules.cards import parse_card, make_mask, SEATS4, SEATS3
from rules.games import get_game
from rules import actions as A


def mask(text):
    """'AS KS 2H' -> card mask."""
    return make_mask(parse_card(t) for t in text.split())


def deal_from(game_name, dealer, hands, options=None, **context):
    """A Deal straight from hand texts (no deck check: positions for legality tests)."""
    g = get_game(game_name)
    seats = g.seats
    masks = [mask(hands.get(s, "")) for s in seats]
    return g.new_deal(masks, seats.index(dealer), g.normalize_options(options or {}), **context)


def act(deal, seat, obj):
    """Apply a record action object for a seat name (checked)."""
    seats = SEATS3 if deal.n == 3 else SEATS4
    deal.apply(seats.index(seat), A.parse_action(obj))


def plays(deal, *seq):
    """Play 'seat:CARD' items, checked."""
    for item in seq:
        seat, card = item.split(":")
        act(deal, seat, {"play": card})


def legal_texts(deal):
    return sorted(A.action_json(c)["play"] if c < 192 else str(A.action_json(c)) for c in deal.legal())


def random_match_actions(match, rng, limit=10_000):
    """Drive a Match with random legal actions until it finishes (or limit)."""
    n = 0
    while not match.finished and n < limit:
        if not match.in_deal:
            match.start_deal(rng=rng)
            continue
        d = match.deal
        match.apply(d.turn, rng.choice(d.legal()))
        n += 1
    return n
