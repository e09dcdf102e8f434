"""Manni: three players, the widow swap, tricks over four."""
from .deal import Deal, SWAP as P_SWAP
from .cards import RANK_OF
from . import actions as A

TRUMP_CYCLE = (1, 0, 2, 3)   # hearts, spades, diamonds, clubs, then again


def trump_for_deal(index):
    """The trump suit of deal ``index`` (0-based) of a Manni match."""
    return TRUMP_CYCLE[index % 4]


class ManniDeal(Deal):
    n = 3
    direction = 1
    strength = RANK_OF
    tricks_per_deal = 12
    __slots__ = ("widow", "swapper", "swapped_out")

    def __init__(self, hands, dealer, options, widow=0, deal_index=0, **context):
        super().__init__(hands, dealer, options)
        self.widow = widow
        self.swapper = -1
        self.swapped_out = 0
        self.trump = trump_for_deal(deal_index)
        self.phase = P_SWAP
        self.turn = (dealer + 1) % 3

    def bidding_legal(self):
        return (A.SWAP, A.KEEP)

    def team_of(self, seat):
        return seat

    def bid(self, code):
        s = self.turn
        first = (self.dealer + 1) % 3
        if code == A.SWAP:
            self.swapper = s
            self.swapped_out = self.hands[s]
            self.hands[s] = self.widow
            self.widow = 0          # the swapped-out hand lies out of play
            self.start_play(first)
        else:
            nxt = (s + 1) % 3
            if nxt == first:
                self.start_play(first)
            else:
                self.turn = nxt

    def finish(self):
        self.end("complete", tuple(w - 4 for w in self.won))

    def team_tricks(self):
        return tuple(self.won)
