"""The bot interface shared by the table, the LAN host and the arena."""
import hashlib
import random

from rules import actions as A
from rules.cards import NT
from .knowledge import Info
from .levels import LEVELS, REFERENCES, config
from . import bidding, play

# Easy to advanced.
CHARACTERS = ("KADO", "POCHAQ", "PUCHOQ", "SADA", "TANA", "JANGARA", "TANOOR", "TIZAB", "ZELZELA")


def decision_seed(seed, key):
    """A seed for one decision from the bot's seed and the view's public key:
    the same bot facing the same view always decides the same way."""
    h = hashlib.blake2b(f"{seed}#{key}".encode(), digest_size=8).digest()
    return int.from_bytes(h, "big")


class Bot:
    """A player that chooses one legal action from a seat's view.

    ``choose`` returns one of ``view["legal"]`` (a record action object,
    possibly with a "signal" added to a play when the match allows signals).
    It reads nothing but the view: every decision is a pure function of the
    view and the bot's seed (no memory between calls is needed, so a bot can
    take over a seat mid-deal).
    """

    name = "RANDOM"
    strict = False        # tests: raise instead of falling back to a safe action

    def __init__(self, seed=None, name=None, budget=None):
        self.seed = seed
        if name is not None:
            self.name = name
        self.budget = budget
        self.rng = random.Random(seed)
        self.tweaks = {}
        self._cfg_by_game = {}

    def tweak(self, key, value):
        """Override one setting of the level in every game (arena experiments)."""
        self.tweaks[key] = value
        self._cfg_by_game.clear()

    def settings(self, game):
        """The level's settings in ``game`` (a search level may sample more
        worlds in one game than another), with any tweaks on top."""
        cfg = self._cfg_by_game.get(game)
        if cfg is None:
            cfg = dict(config(self.name, self.budget, game), **self.tweaks)
            self._cfg_by_game[game] = cfg
        return cfg

    def choose(self, view):
        legal = view.get("legal") or []
        if not legal:
            raise ValueError("this seat has nothing to do")
        if self.name not in LEVELS and self.name not in REFERENCES:      # RANDOM
            return dict(self.rng.choice(legal))
        try:
            info = Info(view)
            rng = random.Random(decision_seed(self.seed, info.public_key()))
            code = decide(info, self.settings(info.game.name), rng)
            obj = A.action_json(code)
            base = dict(obj)
            base.pop("signal", None)
            if base not in [{k: v for k, v in a.items() if k != "seat"} for a in legal]:
                raise ValueError(f"{self.name} chose an illegal {obj}")
            return obj
        except Exception:
            if self.strict:
                raise
            return dict(legal[0])


def decide(info, cfg, rng):
    legal = info.legal
    ph = info.phase
    if A.LOOK in legal or (info.hand_hidden and any(A.BLIND <= a <= A.BLIND + NT for a in legal)):
        return bidding.blind_choice(info, cfg, rng)
    if len(legal) == 1 and ph != "play":
        return legal[0]
    if ph == "play":
        return play.choose_card(info, cfg, rng)
    if ph == "call":
        return bidding.manfee_call(info, cfg, rng)
    if ph == "decide":
        return bidding.manfee_decide(info, cfg, rng)
    if ph == "trump":
        return bidding.trump_choice(info, cfg, rng, partner_allowed=A.PARTNER in legal)
    if ph == "partner_trump":
        return bidding.trump_choice(info, cfg, rng)
    if ph == "double":
        return bidding.tap_choice(info, cfg, rng)
    if ph == "redouble":
        return bidding.tap_choice(info, cfg, rng, back=True)
    if ph == "swap":
        return bidding.swap_choice(info, cfg, rng)
    return legal[0]


def make_bot(name, seed=None, budget=None):
    """The bot character ``name`` (case-insensitive); ValueError if unknown.

    ``budget`` scales the searching levels' effort (1 = as designed; tests
    pass e.g. 0.05).
    """
    key = str(name).upper()
    if key not in CHARACTERS and key != "RANDOM":
        raise ValueError(f"unknown bot {name!r} (one of {', '.join(CHARACTERS)})")
    return Bot(seed, key, budget)


def make_reference(name, seed=None, budget=None):
    """A reference character for the arena only (``levels.REFERENCES``, e.g.
    ZELZELA-1, today's ZELZELA frozen); ``make_bot`` does not build them."""
    key = str(name).upper()
    if key not in REFERENCES:
        raise ValueError(f"unknown reference {name!r}")
    return Bot(seed, key, budget)
