"""The oracle: an arena-only player that sees every hand (the upper limit).

It is deliberately not one of the characters and ``make_bot`` cannot build
it: it needs the Match itself, which the table never hands to a bot.  It
decides like ZELZELA but every "sampled world" is the true deal, with a
little randomness in the play-outs (so estimates are distributions), and it
solves the end of the deal exactly from further out.

With ``peek_bids`` off (``ORACLE:peek_bids=false`` in the arena) it sees
every hand only in the card play: its calls, trump, taps and swap are
ZELZELA-1's, who sees only its own hand.  That splits the oracle's edge
into what seeing the cards is worth in the bidding (the Manni swap sees
the Manni) and in the play.
"""
import random

from rules import actions as A
from rules.views import seat_view
from .base import decide, decision_seed
from .knowledge import Info
from .levels import config


class Oracle:
    name = "ORACLE"

    def __init__(self, seed=None, budget=None):
        self.seed = seed
        self.cfg = config("ZELZELA-1", budget)    # fixed: the same upper limit for every ZELZELA
        self.fair = dict(self.cfg)                 # its bids with peek_bids off
        self.cfg.update(infer=False, playout_eps=0.08, noise=0.0, slip=0.0,
                        solve_at=5, bid_noise=0.0)
        self.cfg["rollouts"] = max(2, self.cfg["rollouts"] // 3)
        self.cfg["bid_worlds"] = max(2, self.cfg["bid_worlds"] // 3)

    def tweak(self, key, value):
        """Override one setting (arena experiments)."""
        self.cfg[key] = value

    def choose_state(self, match, seat):
        """One action for ``seat`` of ``match``, seeing everything."""
        view = seat_view(match, seat)
        info = Info(view)
        d = match.deal
        me = info.me

        def truth(_info, _rng, _accept=None):
            others = {s: d.hands[s] for s in range(d.n) if s != me}
            widow = 0
            if info.name == "manni":
                widow = d.widow if d.swapper < 0 else d.swapped_out
            return others, widow
        rng = random.Random(decision_seed(self.seed, info.public_key()))
        if not self.cfg.get("peek_bids", True) and info.phase != "play":
            return A.action_json(decide(info, self.fair, rng))
        cfg = dict(self.cfg, sampler=truth)
        if info.hand_hidden and A.LOOK in info.legal:
            return {"look": True}
        return A.action_json(decide(info, cfg, rng))
