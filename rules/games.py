"""The four games side by side: decks, seats, dealing, options, and what each
game adds to a seat's view, to a deal's summary and to the end of a deal.

Each game is one instance of its own ``Game`` subclass (OpenSpiel's shape):
a difference between the games lives here as a method or a trait, never as a
comparison of game names elsewhere.

>>> get_game("manni").seats, get_game("manfee").direction
(('bottom', 'left', 'right'), 3)
>>> [o.name for o in get_game("manille-muette").options]
['target', 'max_deals', 'en_face', 'doubling', 'blind']
"""
from __future__ import annotations

import random
from typing import Any

from .cards import SEATS3, SEATS4, RANK_OF, make_mask, mask_texts, card_text, parse_card, trump_text
from .deal import Deal, TRUMP
from .errors import RulesError
from .manfee import ManfeeDeal
from .manille import ManilleDeal, MuetteDeal
from .manni import ManniDeal
from .options import Option, normalize

# A match (rules.match.Match) is only passed in here: games.py must not import
# match.py, which imports it.
Match = Any


def _target(default: int, choices: tuple) -> Option:
    return Option("target", "int", default, "Match to", choices=choices,
                  help="the score a side must reach to win (Manfee and Manni: a tie plays on)")


class Game:
    """What a game is, apart from the deal's play.  Subclasses fill in the traits."""

    name = ""
    title = ""
    deal_class: type = Deal
    seats: tuple = SEATS4
    deck: tuple = ()
    hand_size = 0
    widow_size = 0
    options: tuple = ()
    dealer_step = 1            # added to the dealer's seat after each deal
    direction = 1              # +1 clockwise, 3 counter-clockwise: the order of play
    packets: tuple = ()        # cards per packet as the deck is dealt round the table
    cuts = False               # the player on the dealer's right cuts the pack
    rank_order = "AKQJT98765432"   # high to low within a suit (for sorting a hand)
    card_points = False        # the score counts card points (Manille's 30 of 60)
    partner_may_peek = False   # the dealer's partner waits, face down, for trump
    scoring = ""               # "calls" | "card_points" | "tricks_over"
    tie_doubles_next = False   # a 30–30 tie doubles the next deal's score (Manille)

    def __init__(self) -> None:
        self.n = len(self.seats)
        self.deck_mask = make_mask(self.deck)
        self.sides = ("bottom-top", "left-right") if self.n == 4 else self.seats
        self._seats_cache: dict[int, tuple] = {}

    def __repr__(self) -> str:
        return f"<game {self.name}>"

    # -- seats and options ------------------------------------------------------------
    def seat_index(self, name: str) -> int:
        try:
            return self.seats.index(name)
        except ValueError:
            raise RulesError(f"{name!r} is not a seat of {self.name} ({', '.join(self.seats)})",
                             "no_such_seat") from None

    def side_of(self, seat: str) -> str:
        """The side (team, or the seat itself in Manni) ``seat`` scores for."""
        return next(s for s in self.sides if seat in s.split("-"))

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    @property
    def defaults(self) -> dict:
        """Every option's default value."""
        return {o.name: o.default for o in self.options}

    def normalize_options(self, options: dict | None) -> dict:
        """Options with defaults filled in; RulesError for an unknown or bad one."""
        return normalize(options, self.options, self.name)

    # -- dealing ----------------------------------------------------------------------
    def next_dealer(self, dealer: int) -> int:
        return (dealer + self.dealer_step) % self.n

    def deal_turn(self, dealer: int) -> list:
        """The seats in the order they receive a packet (from the dealer's left)."""
        return [(dealer + 1 + k) % self.n for k in range(self.n)]

    def deal_cards(self, dealer: int, rng: random.Random) -> tuple:
        """Shuffle and deal as the game's table does.

        Returns (hands as masks, widow mask, order, cut) where ``order`` is the
        list of (seat, card) in the order the cards leave the pack (for the
        table's animation) and ``cut`` the cut position, or None.
        """
        pack = list(self.deck)
        rng.shuffle(pack)
        cut = None
        if self.cuts:
            # The player on the dealer's right cuts: lift some cards, put them under.
            cut = rng.randint(2, len(pack) - 2)
            pack = pack[cut:] + pack[:cut]
        seats = self.deal_seats(dealer)
        order = list(zip(seats, pack))
        hands = [0] * self.n
        for seat, c in order:
            hands[seat] |= 1 << c
        widow = make_mask(pack[len(seats):])
        return hands, widow, order, cut

    def deal_seats(self, dealer: int) -> tuple:
        """The seat each card of the pack goes to, in dealing order (cached)."""
        cached = self._seats_cache.get(dealer)
        if cached is None:
            turn = self.deal_turn(dealer)
            cached = tuple(seat for size in self.packets for seat in turn for _ in range(size))
            self._seats_cache[dealer] = cached
        return cached

    def new_deal(self, hands: list, dealer: int, options: dict, widow: int = 0,
                 deal_index: int = 0, tie_pending: bool = False) -> Deal:
        return self.deal_class(hands, dealer, options, widow=widow,
                               deal_index=deal_index, tie_pending=tie_pending)

    # -- what a seat sees -----------------------------------------------------------------
    def hand_visible(self, deal: Deal, seat: int) -> bool:
        """False while the rules keep ``seat``'s own cards face down."""
        return True

    def view_extras(self, deal: Deal, seat: int | None) -> dict:
        """The game's own fields of a seat's view (``seat`` None: a spectator)."""
        return {}

    def summary_extras(self, deal: Deal) -> dict:
        """The game's own fields of a deal's summary (the referee's verdict)."""
        return {}

    # -- the match ------------------------------------------------------------------------
    def after_deal(self, match: Match) -> None:
        """What a finished deal leaves for the next one (Manille's tie)."""

    def deal_limit_reached(self, match: Match) -> bool:
        """True when the match ends by a deal limit rather than the target."""
        return False

    def undo_exchange(self, view: dict, held: list, widow: int, me: int | None) -> tuple:
        """From the cards held now back to the dealt form, for ``views.rebuild``:
        (hands as dealt, widow as dealt), ``widow`` being the guess of the cards
        out of play; ``me`` the viewer's seat (None: a watcher's).  Only games
        whose hands move during a deal override this."""
        return held, widow


class ManfeeGame(Game):
    name = "manfee"
    title = "Manfee"
    deal_class = ManfeeDeal
    deck = tuple(range(52))
    hand_size = 13
    options = (_target(52, (13, 26, 52, 78, 104)),
               Option("signals", "bool", True, "Signals", help="slam and drop signals with a card"))
    dealer_step = 3
    direction = 3
    packets = (1,) * 13
    scoring = "calls"

    def deal_turn(self, dealer: int) -> list:
        # Card by card, counter-clockwise from the dealer's right, as play goes.
        return [(dealer + 3 - k) % 4 for k in range(4)]

    def view_extras(self, deal: Deal, seat: int | None) -> dict:
        seats = self.seats
        d: Any = deal
        return {"calls": {seats[s]: d.calls[s] for s in range(4) if d.calls[s] is not None},
                "targets": dict(zip(self.sides, d.targets)) if d.targets else None,
                "passed": d.passed,
                "passed_hand": mask_texts(d.dealt[seat]) if d.passed and seat is not None else None}

    def summary_extras(self, deal: Deal) -> dict:
        d: Any = deal
        return {"targets": dict(zip(self.sides, d.targets)) if d.targets else None}

    def undo_exchange(self, view, held, widow, me):
        if view.get("passed"):
            held = [held[(s + 3) % 4] for s in range(4)]       # undo the pass
        return held, widow


class _ManilleFamily(Game):
    deck = tuple(c for c in range(52) if RANK_OF[c] >= 5)
    hand_size = 8
    rank_order = "TAKQJ987"
    card_points = True
    scoring = "card_points"

    def view_extras(self, deal: Deal, seat: int | None) -> dict:
        d: Any = deal
        out: dict = {"points": dict(zip(self.sides, d.team_points()))}
        if d.trump >= 0:
            # The factors in force whoever wins (the sweep only once it happened).
            winner = 0 if d.won[0] + d.won[2] >= d.won[1] + d.won[3] else 1
            out["factors"] = [list(f) for f in d.factors(winner)]
        return out

    def summary_extras(self, deal: Deal) -> dict:
        d: Any = deal
        return {"trump": trump_text(d.trump) if d.trump >= 0 else None,
                "points": dict(zip(self.sides, d.team_points()))}


class ManilleGame(_ManilleFamily):
    name = "manille"
    title = "Manille"
    deal_class = ManilleDeal
    options = (_target(101, (51, 101, 151, 201)),)
    packets = (3, 2, 3)
    cuts = True
    partner_may_peek = True
    tie_doubles_next = True

    def hand_visible(self, deal: Deal, seat: int) -> bool:
        # The dealer's partner may not look before trump is named.
        return deal.phase != TRUMP or seat != (deal.dealer + 2) % 4

    def view_extras(self, deal: Deal, seat: int | None) -> dict:
        d: Any = deal
        return dict(super().view_extras(deal, seat), tie_pending=d.tie_pending)

    def after_deal(self, match: Match) -> None:
        outcome = match.deal.outcome if match.deal is not None else None
        if outcome == "tie":
            match.tie_pending = True
        elif outcome == "complete":
            match.tie_pending = False


class MuetteGame(_ManilleFamily):
    name = "manille-muette"
    title = "Manille muette"
    deal_class = MuetteDeal
    options = (_target(101, (51, 101, 151, 201)),
               Option("max_deals", "int?", None, "Deal limit", choices=(None, 50),
                      help="the match ends after N deals unless a side reached the target first "
                           "(the higher total wins; equal totals draw)"),
               Option("en_face", "bool", True, "En face", help="the dealer may let the partner name trump"),
               Option("doubling", "bool", True, "Tapping", help="tapping (doubling) and tapping back",
                      flag_name="tapping"),
               Option("blind", "bool", False, "Blind trump", help="the dealer may name trump blind"))
    packets = (2, 2, 2, 2)

    def hand_visible(self, deal: Deal, seat: int) -> bool:
        # With blind trump allowed, the dealer has not turned the hand up yet.
        d: Any = deal
        return deal.phase != TRUMP or seat != deal.dealer or d.looked

    def view_extras(self, deal: Deal, seat: int | None) -> dict:
        d: Any = deal
        seats = self.seats
        return dict(super().view_extras(deal, seat),
                    namer=seats[d.namer] if d.namer >= 0 else None,
                    blind=d.blind, tapped=d.tapped, tapped_back=d.tapped_back)

    def deal_limit_reached(self, match: Match) -> bool:
        limit = match.options["max_deals"]
        return bool(limit) and len(match.records) >= limit


class ManniGame(Game):
    name = "manni"
    title = "Manni"
    deal_class = ManniDeal
    seats = SEATS3
    deck = tuple(c for c in range(52) if RANK_OF[c] >= 1)
    hand_size = 12
    widow_size = 12
    options = (_target(10, (5, 10, 15, 20)),)
    packets = (4, 4, 4)
    scoring = "tricks_over"

    def view_extras(self, deal: Deal, seat: int | None) -> dict:
        d: Any = deal
        seats = self.seats
        return {"trump_card": card_text(13 * d.trump),          # the two of trump, face up
                "swapper": seats[d.swapper] if d.swapper >= 0 else None,
                "swapped_out": mask_texts(d.swapped_out) if seat is not None and d.swapper == seat else None}

    def summary_extras(self, deal: Deal) -> dict:
        return {"trump": trump_text(deal.trump)}

    def undo_exchange(self, view, held, widow, me):
        if view.get("swapper"):
            # The swapper's dealt hand went out of play: the viewer knows it only
            # if it swapped itself; otherwise the guess of the widow stands in.
            sw = self.seats.index(view["swapper"])
            out = make_mask(parse_card(c) for c in view["swapped_out"]) if sw == me else widow
            held = list(held)
            held[sw], widow = out, held[sw]
        return held, widow


MANFEE = ManfeeGame()
MANILLE = ManilleGame()
MUETTE = MuetteGame()
MANNI = ManniGame()

GAMES = {g.name: g for g in (MANFEE, MANILLE, MUETTE, MANNI)}
_BY_DEAL: dict[type, Game] = {g.deal_class: g for g in GAMES.values()}


def game_of(deal: Deal) -> Game:
    """The game a deal belongs to."""
    return _BY_DEAL[type(deal)]


def get_game(name: str) -> Game:
    if name not in GAMES:
        raise RulesError(f"unknown game {name!r}", "unknown_game")
    return GAMES[name]


def new_rng(seed: Any = None) -> random.Random:
    return random.Random(seed)
