"""Manfee: four players, spades always trump, call your tricks, land exactly."""
from .deal import Deal, CALL as P_CALL, DECIDE, PLAY, DONE
from .cards import SUIT_MASK, RANK_OF, CARDS_IN, mask_cards
from . import actions as A

SPADES = 0


class ManfeeDeal(Deal):
    direction = 3                    # counter-clockwise: bottom, right, top, left
    strength = RANK_OF
    tricks_per_deal = 13
    has_signals = True
    __slots__ = ("calls", "targets", "passed", "team_won")

    def __init__(self, hands, dealer, options, **context):
        super().__init__(hands, dealer, options)
        self.trump = SPADES
        self.calls = [None] * 4
        self.targets = None
        self.passed = None           # True/False once the dealer decided
        self.team_won = [0, 0]
        self.phase = P_CALL
        self.turn = (dealer + 3) % 4  # the dealer's right calls first

    def signals_allowed(self):
        return self.options.get("signals", True)

    def callers(self):
        d = self.dealer
        return ((d + 3) % 4, (d + 2) % 4, (d + 1) % 4)

    def remainder(self):
        return 13 - sum(c for c in self.calls if c is not None)

    def bidding_legal(self):
        if self.phase == P_CALL:
            return tuple(range(A.CALL, A.CALL + self.remainder() + 1))
        return (A.ACCEPT, A.PASS)

    def bid(self, code):
        d = self.dealer
        if self.phase == P_CALL:
            self.calls[self.turn] = code - A.CALL
            if self.turn == (d + 1) % 4:
                self.phase = DECIDE
                self.turn = d
            else:
                self.turn = (self.turn + 3) % 4
            return
        dt, ot = d & 1, (d + 1) & 1
        opp_sum = self.calls[(d + 1) % 4] + self.calls[(d + 3) % 4]
        targets = [0, 0]
        if code == A.ACCEPT:
            self.passed = False
            targets[dt] = self.calls[(d + 2) % 4] + self.remainder()
            targets[ot] = opp_sum
        else:
            self.passed = True
            targets[dt] = min(opp_sum + 1, 13)
            targets[ot] = 13 - targets[dt]
            # Every hand moves one seat to the right (counter-clockwise).
            h = self.hands
            self.hands = [h[1], h[2], h[3], h[0]]
        self.targets = targets
        self.start_play((d + 3) % 4)

    def play(self, c):
        # Manfee's hot path, kept flat: the bench and the bots live here.
        s = self.turn
        bit = 1 << c
        self.hands[s] ^= bit
        self.played |= bit
        trick = self.trick
        suit = c // 13
        if not trick:
            self.led = suit
            self.win_key = c % 13 + (100 if suit == self.trump else 50)
            self.win_seat = s
            self.win_card = c
        else:
            key = c % 13 + (100 if suit == self.trump else 50 if suit == self.led else 0)
            if key > self.win_key:
                self.win_key = key
                self.win_seat = s
                self.win_card = c
        trick.append(c)
        if len(trick) < 4:
            self.turn = (s + 3) % 4
            return
        w = self.win_seat
        self.won[w] += 1
        self.captured[w] |= (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
        self.last_trick = (self.leader, tuple(trick), w)
        self.trick = []
        self.led = -1
        self.win_key = -1
        self.leader = self.turn = w
        t = w & 1
        self.team_won[t] += 1
        if self.team_won[t] > self.targets[t]:
            # Over: the deal stops at once, 13 to that team.
            score = [0, 0]
            score[t] = 13
            self.end("over", tuple(score))
        elif not self.hands[w]:
            self.end("exact", tuple(self.targets))

    def legal(self):
        if self.phase == PLAY:
            h = self.hands[self.turn]
            if self.led >= 0:
                f = h & SUIT_MASK[self.led]
                if f:
                    return CARDS_IN[self.led][f >> (13 * self.led)]
            return mask_cards(h)
        if self.phase == DONE:
            return ()
        return self.bidding_legal()

    def step(self, code):
        self.history.append((self.turn, code))
        if code < 192:
            self.play(code & 63)
        else:
            self.bid(code)

    def play_mask(self):
        h = self.hands[self.turn]
        if self.led >= 0:
            return (h & SUIT_MASK[self.led]) or h
        return h

    def team_tricks(self):
        return tuple(self.team_won)
