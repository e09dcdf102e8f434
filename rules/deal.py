"""What every deal of the four games shares: hands, turns and tricks.

A deal is a small mutable object of ints and short lists: ``copy()`` is cheap
and ``step(code)`` applies an action already known to be legal.  ``apply``
checks first (the host, the referee); searches call ``legal()`` / ``step()``.
Seats are ints in clockwise order (see cards.SEATS4 / SEATS3).
"""
from .cards import SUIT_NAMES, SUIT_OF, SUIT_MASK, SUITS, card_text, mask_cards, mask_texts
from .errors import RulesError
from . import actions as A

# Phases, shared by all games (each game uses some of them).
CALL, DECIDE, TRUMP, PARTNER_TRUMP, DOUBLE, REDOUBLE, SWAP, PLAY, DONE = range(9)
PHASE_NAMES = ("call", "decide", "trump", "partner_trump", "double", "redouble",
               "swap", "play", "done")


class Deal:
    """One deal in progress.  Subclasses set the game's constants and phases."""

    n = 4            # seats at the table
    direction = 1    # +1 clockwise, n-1 counter-clockwise (the order of play)
    strength: tuple = ()    # strength[c]: rank order of card c within its suit
    tricks_per_deal = 13
    has_signals = False  # only Manfee has slam and drop

    __slots__ = ("hands", "dealer", "turn", "phase", "trump", "leader", "trick",
                 "led", "win_seat", "win_key", "win_card", "won", "captured", "played",
                 "history", "last_trick", "outcome", "score", "dealt", "options")

    def __init__(self, hands, dealer, options):
        self.hands = list(hands)
        self.dealt = tuple(hands)     # the hands as dealt (the record's form)
        self.dealer = dealer
        self.options = options
        self.trump = -1               # -1: not named yet; 0..3 a suit; 4 NT
        self.trick = []
        self.led = -1
        self.win_seat = -1
        self.win_key = -1
        self.win_card = -1
        self.won = [0] * self.n       # tricks won per seat
        self.captured = [0] * self.n  # cards won per seat (a mask)
        self.played = 0
        self.history = []             # (seat, code) for every action of the deal
        self.last_trick = None        # (leader, cards, winner) of the last full trick
        self.outcome = None
        self.score = None
        self.leader = -1
        self.turn = -1
        self.phase = DONE

    # -- copying -----------------------------------------------------------
    def copy(self):
        """A copy that shares nothing mutable (lists are copied one level).

        The searching bots copy deals hundreds of thousands of times a move,
        so each class gets a flat copier written out once (no getattr loop)."""
        cls = type(self)
        copier = _COPIERS.get(cls)
        if copier is None:
            copier = _COPIERS[cls] = _make_copier(cls)
        return copier(self)

    # -- questions ---------------------------------------------------------
    @property
    def done(self):
        return self.phase == DONE

    def team_of(self, seat):
        return seat & 1

    def partner(self, seat):
        return (seat + 2) % 4

    def next_seat(self, seat):
        return (seat + self.direction) % self.n

    def legal(self):
        """Every legal action code for the seat to act (plays without signals)."""
        if self.phase == PLAY:
            return mask_cards(self.play_mask())
        if self.phase == DONE:
            return ()
        return self.bidding_legal()

    def bidding_legal(self):
        raise NotImplementedError

    def play_mask(self):
        """The cards the seat to act may play, as a mask (follow suit)."""
        h = self.hands[self.turn]
        if self.led >= 0:
            return (h & SUIT_MASK[self.led]) or h
        return h

    # -- acting --------------------------------------------------------------
    def check(self, seat, code):
        """Raise RulesError unless ``seat`` may take action ``code`` now."""
        if self.phase == DONE:
            raise RulesError("the deal is over", "no_deal")
        if seat != self.turn:
            raise RulesError(f"not {self.seat_name(seat)}'s turn (waiting for {self.seat_name(self.turn)})",
                             "not_your_turn")
        if code < 192:
            sig = A.play_signal(code)
            if sig and not self.signals_allowed():
                why = "signals are off in this match" if self.has_signals else "this game has no signals"
                raise RulesError(f"illegal action {A.describe(A.action_json(code))}: {why}")
            if self.phase == PLAY and (self.play_mask() >> (code & 63)) & 1:
                return
        elif code in self.legal():
            return
        raise RulesError(f"illegal action {A.describe(A.action_json(code))}: {self.why_not(code)}")

    def why_not(self, code):
        """Why ``code`` may not be taken now, in a few words (for a peer's screen and the
        referee's verdict: "illegal action" alone did not tell a card not held from a
        suit not followed)."""
        if code < 192:
            card = A.play_card(code)
            if self.phase != PLAY:
                return f"no card is played now: it is the time of the {PHASE_NAMES[self.phase].replace('_', ' ')}"
            if not (self.hands[self.turn] >> card) & 1:
                return f"{card_text(card)} is not in the hand"
            if self.led >= 0 and self.hands[self.turn] & SUIT_MASK[self.led] and SUIT_OF[card] != self.led:
                return f"{SUIT_NAMES[SUITS[self.led]]} were led and must be followed"
            return "the cards that may be played: " + " ".join(mask_texts(self.play_mask()))
        choices = [A.describe(A.action_json(c)) for c in sorted(set(self.legal()))]
        return "the choices now: " + ", ".join(choices)

    def apply(self, seat, code):
        self.check(seat, code)
        self.step(code)

    def acts_out_of_turn(self, seat, code):
        """True for the one kind of action a seat may take out of turn (the
        Manille partner's peek); the host then skips its turn check."""
        return False

    def signals_allowed(self):
        return False

    def seat_name(self, seat):
        from .cards import SEATS4, SEATS3
        return (SEATS3 if self.n == 3 else SEATS4)[seat]

    def step(self, code):
        """Apply a legal action (unchecked)."""
        if code < 192:
            self.history.append((self.turn, code))
            self.play(code & 63)
        else:
            self.history.append((self.turn, code))
            self.bid(code)

    def bid(self, code):
        raise NotImplementedError

    def start_play(self, leader):
        self.phase = PLAY
        self.leader = self.turn = leader

    def play(self, c):
        """Play card ``c`` for the seat to act; close the trick when full."""
        s = self.turn
        bit = 1 << c
        self.hands[s] ^= bit
        self.played |= bit
        trick = self.trick
        suit = SUIT_OF[c]
        if not trick:
            self.led = suit
        key = self.strength[c] + (100 if suit == self.trump else 50 if suit == self.led else 0)
        if key > self.win_key:
            self.win_key = key
            self.win_seat = s
            self.win_card = c
        trick.append(c)
        if len(trick) < self.n:
            self.turn = (s + self.direction) % self.n
            return
        w = self.win_seat
        self.won[w] += 1
        cap = 0
        for x in trick:
            cap |= 1 << x
        self.captured[w] |= cap
        self.last_trick = (self.leader, tuple(trick), w)
        self.trick = []
        self.led = -1
        self.win_key = -1
        self.win_seat = -1
        self.leader = self.turn = w
        self.trick_done(w)

    def trick_done(self, winner):
        if not self.hands[winner]:
            self.finish()

    def finish(self):
        raise NotImplementedError

    def end(self, outcome, score):
        self.phase = DONE
        self.turn = -1
        self.outcome = outcome
        self.score = score

    # -- summaries -----------------------------------------------------------
    def team_tricks(self):
        w = self.won
        return (w[0] + w[2], w[1] + w[3])


_COPIERS: dict = {}


def _make_copier(cls):
    """Source for ``cls``'s copier: one line per slot, lists copied."""
    names = [n for c in cls.__mro__ for n in getattr(c, "__slots__", ())]
    lines = ["def copier(self):", "    new = _new(cls)"]
    for n in names:
        lines.append(f"    v = self.{n}")
        lines.append(f"    new.{n} = v.copy() if v.__class__ is list else v")
    lines.append("    return new")
    scope = {"_new": object.__new__, "cls": cls}
    exec("\n".join(lines), scope)
    return scope["copier"]
