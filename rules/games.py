"""The four games side by side: decks, seats, dealing, options, dealer rotation."""
import random

from .cards import SEATS3, SEATS4, RANK_OF, make_mask
from .errors import RulesError
from .manfee import ManfeeDeal
from .manille import ManilleDeal, MuetteDeal
from .manni import ManniDeal


class Game:
    """What a game is, apart from the deal's play: a value, one per game."""

    def __init__(self, name, title, deal_class, seats, deck, hand_size,
                 options, dealer_step, widow=0):
        self.name = name
        self.title = title
        self.deal_class = deal_class
        self.seats = seats
        self.n = len(seats)
        self.deck = tuple(deck)
        self.deck_mask = make_mask(deck)
        self.hand_size = hand_size
        self.defaults = options          # option -> (default, kind)
        self.dealer_step = dealer_step   # added to the dealer's seat after each deal
        self.widow_size = widow
        self.sides = ("bottom-top", "left-right") if self.n == 4 else seats
        self._seats_cache = {}

    def seat_index(self, name):
        try:
            return self.seats.index(name)
        except ValueError:
            raise RulesError(f"{name!r} is not a seat of {self.name} ({', '.join(self.seats)})") from None

    def normalize_options(self, options):
        """Options with defaults filled in; RulesError for an unknown or bad one."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RulesError("options must be an object")
        out = {}
        for key, value in options.items():
            if key not in self.defaults:
                raise RulesError(f"unknown option {key!r} for {self.name}")
            kind = self.defaults[key][1]
            if kind == "bool":
                if not isinstance(value, bool):
                    raise RulesError(f"option {key!r} must be true or false, not {value!r}")
            elif kind in ("int", "int?"):
                if value is None and kind == "int?":
                    pass
                elif isinstance(value, bool) or not isinstance(value, int) or value < 1:
                    raise RulesError(f"option {key!r} must be a whole number of at least 1, not {value!r}")
            out[key] = value
        for key, (default, _kind) in self.defaults.items():
            out.setdefault(key, default)
        return out

    def next_dealer(self, dealer):
        return (dealer + self.dealer_step) % self.n

    def deal_cards(self, dealer, rng):
        """Shuffle and deal as the game's table does.

        Returns (hands as masks, widow mask, order, cut) where ``order`` is the
        list of (seat, card) in the order the cards leave the pack (for the
        table's animation) and ``cut`` the cut position (Manille) or None.
        """
        pack = list(self.deck)
        rng.shuffle(pack)
        cut = None
        if self.name == "manille":
            # The player on the dealer's right cuts: lift some cards, put them under.
            cut = rng.randint(2, len(pack) - 2)
            pack = pack[cut:] + pack[:cut]
        seats = self._deal_seats(dealer)
        order = list(zip(seats, pack))
        hands = [0] * self.n
        for seat, c in order:
            hands[seat] |= 1 << c
        widow = make_mask(pack[len(seats):])
        return hands, widow, order, cut

    def _deal_seats(self, dealer):
        """The seat each card of the pack goes to, in dealing order (cached)."""
        cached = self._seats_cache.get(dealer)
        if cached is None:
            packets = {"manfee": (1,) * 13, "manille": (3, 2, 3),
                       "manille-muette": (2, 2, 2, 2), "manni": (4, 4, 4)}[self.name]
            if self.name == "manfee":
                # Card by card, counter-clockwise from the dealer's right, as play goes.
                turn = [(dealer + 3 - k) % 4 for k in range(4)]
            else:
                turn = [(dealer + 1 + k) % self.n for k in range(self.n)]
            cached = tuple(seat for size in packets for seat in turn for _ in range(size))
            self._seats_cache[dealer] = cached
        return cached

    def new_deal(self, hands, dealer, options, widow=0, deal_index=0, tie_pending=False):
        return self.deal_class(hands, dealer, options, widow=widow,
                               deal_index=deal_index, tie_pending=tie_pending)


MANFEE = Game("manfee", "Manfee", ManfeeDeal, SEATS4, range(52), 13,
              {"target": (52, "int"), "signals": (True, "bool")}, dealer_step=3)
MANILLE = Game("manille", "Manille", ManilleDeal, SEATS4,
               [c for c in range(52) if RANK_OF[c] >= 5], 8,
               {"target": (101, "int")}, dealer_step=1)
MUETTE = Game("manille-muette", "Manille muette", MuetteDeal, SEATS4,
              [c for c in range(52) if RANK_OF[c] >= 5], 8,
              {"target": (101, "int"), "max_deals": (None, "int?"), "en_face": (True, "bool"),
               "doubling": (True, "bool"), "blind": (False, "bool")}, dealer_step=1)
MANNI = Game("manni", "Manni", ManniDeal, SEATS3,
             [c for c in range(52) if RANK_OF[c] >= 1], 12,
             {"target": (10, "int")}, dealer_step=1, widow=12)

GAMES = {g.name: g for g in (MANFEE, MANILLE, MUETTE, MANNI)}


def get_game(name):
    if name not in GAMES:
        raise RulesError(f"unknown game {name!r}")
    return GAMES[name]


def new_rng(seed=None):
    return random.Random(seed)
