"""A match: deals one after another, totals, the dealer's turn, the end.

``Match`` is the one authority's state: the host, the referee and the tests
drive it with ``start_deal`` and ``apply``; it keeps the record as it goes.
"""
from .cards import mask_texts
from .errors import RulesError
from .games import get_game, Game, new_rng
from . import actions as A


class Match:
    def __init__(self, game, options=None, players=None):
        self.game = game if isinstance(game, Game) else get_game(game)
        self.options = self.game.normalize_options(options)
        self.players = players or {}
        self.records = []        # one dict per deal: dealer, hands, (widow), actions
        self.summaries = []      # one dict per finished deal
        self.totals = [0] * len(self.game.sides)
        self.deal = None         # the current (or last) Deal
        self.finished = False
        self.winner = None
        self.tie_pending = False  # Manille: the last scored-or-tied deal was 30-30
        self.play_on = False      # someone reached the target with the top shared
        self.deal_order = None    # (seat, card) order of the last dealing, for the table
        self.cut = None

    # -- where we are ------------------------------------------------------------
    @property
    def in_deal(self):
        return self.deal is not None and not self.deal.done

    @property
    def deal_index(self):
        """Index of the current deal (the last one started)."""
        return len(self.records) - 1

    def seat_name(self, seat):
        return self.game.seats[seat]

    def next_dealer(self):
        """The dealer the rules name for the next deal; None when free (the first)."""
        if not self.records:
            return None
        return self.game.next_dealer(self.deal.dealer)

    def to_act(self):
        return self.deal.turn if self.in_deal else None

    # -- dealing -----------------------------------------------------------------
    def start_deal(self, dealer=None, hands=None, widow=0, rng=None):
        """Start the next deal: shuffle and deal from ``rng``, or take ``hands``.

        ``dealer`` may only be chosen for the first deal; later ones follow the
        rotation.  ``hands`` are masks per seat (and ``widow`` for Manni).
        """
        g = self.game
        if self.finished:
            raise RulesError("the match is over")
        if self.in_deal:
            raise RulesError(f"deal {self.deal_index} has not ended")
        expected = self.next_dealer()
        if dealer is None:
            dealer = expected if expected is not None else (rng or new_rng()).randrange(g.n)
        elif expected is not None and dealer != expected:
            raise RulesError(f"the dealer must be {g.seats[expected]}, not {g.seats[dealer]}")
        if hands is None:
            hands, widow, self.deal_order, self.cut = g.deal_cards(dealer, rng or new_rng())
        else:
            self.deal_order, self.cut = None, None
            check_hands(g, hands, widow)
        index = len(self.records)
        self.deal = g.new_deal(hands, dealer, self.options, widow=widow,
                               deal_index=index, tie_pending=self.tie_pending)
        rec = {"dealer": g.seats[dealer],
               "hands": {g.seats[s]: mask_texts(hands[s]) for s in range(g.n)}}
        if g.widow_size:
            rec["widow"] = mask_texts(widow)
        rec["actions"] = []
        self.records.append(rec)
        return self.deal

    # -- acting ------------------------------------------------------------------
    def apply(self, seat, action):
        """Apply one action for ``seat`` (int or name); RulesError if not allowed.

        ``action`` is an action code or the record's object.  On error nothing
        changes.  Returns the code applied.
        """
        if isinstance(seat, str):
            seat = self.game.seat_index(seat)
        code = A.parse_action(action) if isinstance(action, dict) else action
        if self.finished:
            raise RulesError("the match is over")
        if not self.in_deal:
            raise RulesError("no deal is in progress")
        self.deal.apply(seat, code)
        if code != A.LOOK:
            entry = {"seat": self.game.seats[seat]}
            entry.update(A.action_json(code))
            self.records[-1]["actions"].append(entry)
        if self.deal.done:
            self._close_deal()
        return code

    def _close_deal(self):
        d = self.deal
        for i, s in enumerate(d.score):
            self.totals[i] += s
        self.summaries.append(deal_summary(self.game, d))
        self.game.after_deal(self)
        target = self.options["target"]
        t = self.totals
        top = max(t)
        if top >= target or self.play_on:
            # Once a side has reached the target, the first deal that leaves a
            # single highest total ends the match, even if (Manni) the top
            # total has since dropped back below the target.
            if t.count(top) == 1:
                self.finished = True
                self.winner = self.game.sides[t.index(top)]
            else:
                self.play_on = True
        elif self.game.deal_limit_reached(self):
            self.finished = True
            self.winner = self.game.sides[t.index(top)] if t.count(top) == 1 else None

    # -- the record --------------------------------------------------------------
    def record(self):
        """The match record (RECORD.md): a JSON-ready dict, a fresh copy."""
        import copy
        out = {"game": self.game.name, "options": dict(self.options)}
        if self.players:
            out["players"] = copy.deepcopy(self.players)
        out["deals"] = copy.deepcopy(self.records)
        if self.in_deal and self.options.get("blind") and getattr(self.deal, "looked", False) \
                and not self.deal.history:
            # Metadata (the referee ignores it): the muette dealer has turned
            # the hand up, so a resumed table must not offer blind trump again.
            out["dealer_looked"] = self.deal_index
        return out

    def summary(self, i):
        """The verdict's description of deal ``i`` (finished or current)."""
        if i < len(self.summaries):
            return self.summaries[i]
        return deal_summary(self.game, self.deal)


def check_hands(game, hands, widow):
    sizes_ok = len(hands) == game.n and all(bin(h).count("1") == game.hand_size for h in hands)
    union = 0
    total = 0
    for h in list(hands) + [widow]:
        union |= h
        total += bin(h).count("1")
    if not sizes_ok or union != game.deck_mask or total != len(game.deck) \
            or bin(widow).count("1") != game.widow_size:
        raise RulesError("hands do not form the deck")


def deal_summary(game, d):
    sides = game.sides
    tricks = d.team_tricks()
    out = {"dealer": game.seats[d.dealer], "outcome": d.outcome}
    out.update(game.summary_extras(d))
    out["tricks"] = dict(zip(sides, tricks))
    out["score"] = dict(zip(sides, d.score)) if d.score is not None else None
    return out
