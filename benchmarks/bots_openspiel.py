"""An outside reference: OpenSpiel's ISMCTSBot around this project's engine.

    pip install -r requirements-bench.txt          # OpenSpiel: benchmarks only
    python3 -m benchmarks.bots_openspiel --game manille --a ZELZELA --deals 300 \\
        --sims 600 --jobs 2 --out benchmarks/bots_results/issue15/openspiel.jsonl

The game is registered with OpenSpiel (``pyspiel.register_game``) as a thin
wrapper of ``rules``' Deal: an action is the rules' action code (cards and
bids), a state's information set for a seat is its hand, the public history
and what it remembers (passed or swapped hand).  ISMCTS (Cowling et al.,
OpenSpiel's ``ISMCTSBot``: UCT, random roll-outs, no game knowledge) samples
its worlds with the bots' own consistent sampler (``bots.sample``, hard
constraints only: no inference), which is the information-set
determinization that algorithm asks for.  It plays every decision of the deal
(calls and trump included; no Manfee signals).  ``--sims`` fixes its work a
move (so it too is a pure function of view and seed); pick it so its median
time a move matches ZELZELA's (the arena prints both).

The bots never import this module, and the tests do not need OpenSpiel.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms.ismcts import ISMCTSBot, ISMCTSFinalPolicyType
from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

from rules import actions as A
from rules.deal import DONE, PLAY
from rules.games import get_game
from bots import arena
from bots.base import decision_seed
from bots.core import kind_of
from bots.estimate import playout
from bots.knowledge import Info
from bots.sample import sample_world, Worlds
from bots.search import utility

# Returns are divided by this so that UCT's constant means what it usually
# does (rewards about -1..1): a Manille deal is worth about 30, a Manfee one 13.
SCALE = {"manille": 30.0, "manille-muette": 30.0, "manfee": 13.0, "manni": 4.0}
_GAMES: dict = {}


def spiel_game(name: str):
    """The OpenSpiel game wrapping ``rules``' game ``name`` (registered once)."""
    if name in _GAMES:
        return _GAMES[name]
    g = get_game(name)
    short = "manfee_table_" + name.replace("-", "_")
    gtype = pyspiel.GameType(
        short_name=short, long_name=f"Manfee table: {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if g.n == 4 else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=g.n, min_num_players=g.n,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=False, provides_observation_tensor=False,
        provides_factored_observation_string=False)
    ginfo = pyspiel.GameInfo(num_distinct_actions=256, max_chance_outcomes=0, num_players=g.n,
                             min_utility=-20.0, max_utility=20.0, utility_sum=0.0,
                             max_game_length=80)

    class TableGame(pyspiel.Game):
        def __init__(self, params=None):
            super().__init__(gtype, ginfo, params or {})

        def new_initial_state(self):
            rng = random.Random(0)
            hands, widow, _o, _c = g.deal_cards(0, rng)
            opts = g.normalize_options({})
            return TableState(self, g.new_deal(hands, 0, opts, widow=widow))

    pyspiel.register_game(gtype, TableGame)
    game = TableGame()
    _GAMES[name] = game
    return game


class TableState(pyspiel.State):
    """One rules Deal seen through OpenSpiel's State interface."""

    def __init__(self, game, deal, remembered=None):
        super().__init__(game)
        self.d = deal
        self.name = type(deal).__name__
        self.remembered = remembered or {}      # seat -> what it legitimately remembers

    def current_player(self):
        if self.d.phase == DONE:
            return pyspiel.PlayerId.TERMINAL
        return self.d.turn

    def _legal_actions(self, player):
        return sorted(self.d.legal())

    def _apply_action(self, action):
        self.d.step(int(action))

    def _action_to_string(self, player, action):
        return json.dumps(A.action_json(int(action)))

    def is_terminal(self):
        return self.d.phase == DONE

    def returns(self):
        d = self.d
        n = d.n
        if d.phase != DONE:
            return [0.0] * n
        scale = SCALE.get(_game_name(self.name), 10.0)
        return [utility(d, p, n) / scale for p in range(n)]

    def information_state_string(self, player=None):
        d = self.d
        if player is None:
            player = d.turn
        return f"{player}|{d.hands[player]}|{d.history}|{self.remembered.get(player)}"

    def clone(self):
        return TableState(self.get_game(), self.d.copy(), self.remembered)

    def __str__(self):
        return f"{self.name} {self.d.history}"


def _game_name(cls_name: str) -> str:
    return {"ManfeeDeal": "manfee", "ManilleDeal": "manille", "MuetteDeal": "manille-muette",
            "ManniDeal": "manni"}.get(cls_name, "")


class HeuristicRollouts:
    """An OpenSpiel evaluator that plays the rest of the deal with the bots'
    rule-of-thumb player (``estimate.playout``, every hand visible in the
    sampled world) instead of random cards: ISMCTS with the heuristic's
    roll-outs, the search issue 15 asks to weigh against determinized
    play-outs.  Bidding phases left in a roll-out take a random legal bid."""

    def __init__(self, np_rng):
        self.rng = np_rng

    def evaluate(self, state):
        d = state.d.copy()
        while d.phase != DONE and d.phase != PLAY:
            legal = d.legal()
            d.step(legal[self.rng.randint(len(legal))])
        if d.phase == PLAY:
            playout(d, kind_of(_game_name(state.name)))
        n = d.n
        scale = SCALE.get(_game_name(state.name), 10.0)
        return np.array([utility(d, p, n) / scale for p in range(n)])

    def prior(self, state):
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


class IsmctsPlayer:
    """An arena player: OpenSpiel's ISMCTSBot, ``sims`` simulations a move,
    with random roll-outs (as OpenSpiel ships it) or the heuristic's."""

    name = "ISMCTS"

    def __init__(self, seed, sims: int, uct_c: float = 2.0, rollout: str = "random"):
        self.seed = seed
        self.sims = sims
        self.uct_c = uct_c
        self.rollout = rollout

    def tweak(self, key, value):
        setattr(self, key, value)

    def choose(self, view):
        legal = view["legal"]
        if len(legal) == 1:
            return dict(legal[0])
        info = Info(view)
        if info.hand_hidden:                    # muette blind trump: always look
            return {"look": True}
        game = spiel_game(info.name)
        key = decision_seed(self.seed, info.public_key())
        rng = random.Random(key)
        np_rng = np.random.RandomState(key % (2 ** 32))
        worlds = Worlds(info)
        remembered = {info.me: (view.get("passed_hand"), view.get("swapped_out"))}

        def resample(_state=None, _player=None):
            others, widow = sample_world(info, rng)
            return TableState(game, worlds.deal(others, widow), remembered)
        evaluator = HeuristicRollouts(np_rng) if self.rollout == "heuristic" \
            else RandomRolloutEvaluator(1, np_rng)
        bot = ISMCTSBot(game, evaluator, self.uct_c, self.sims,
                        random_state=np_rng,
                        final_policy_type=ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
        bot.set_resampler(resample)
        action = int(bot.step(resample()))
        return A.action_json(action)


def main(argv=None) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="manille")
    p.add_argument("--a", default="ZELZELA")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--sims", type=int, default=400)
    p.add_argument("--uct", type=float, default=2.0)
    p.add_argument("--rollout", choices=["random", "heuristic"], default="random")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="processes (sets are shared out, results as with one)")
    p.add_argument("--out", default=None)
    a = p.parse_args(argv)
    arena.EXTRA_PLAYERS["ISMCTS"] = lambda seed, budget: IsmctsPlayer(seed, a.sims, a.uct, a.rollout)
    t = time.time()
    r = arena.run(a.game, a.a, "ISMCTS", a.deals, a.seed, a.jobs)
    r.update(game=a.game, seed=a.seed, options={}, seconds=round(time.time() - t, 1),
             ismcts={"sims": a.sims, "uct_c": a.uct, "rollout": a.rollout},
             b=f"ISMCTS-{a.sims}" + ("-heuristic" if a.rollout == "heuristic" else ""))
    print(f"{a.game} {a.a} vs {r['b']} ({a.sims} simulations a move, {a.rollout} roll-outs): {100 * r['win_rate']:.1f}% "
          f"[{100 * r['ci95'][0]:.1f}, {100 * r['ci95'][1]:.1f}] diff {r['mean_diff']:+.2f} "
          f"t_a {r['time_a_ms'][0]:.1f}/{r['time_a_ms'][1]:.1f} ms "
          f"t_b {r['time_b_ms'][0]:.1f}/{r['time_b_ms'][1]:.1f} ms ({r['seconds']} s)", flush=True)
    if a.out:
        os.makedirs(os.path.dirname(a.out) or ".", exist_ok=True)
        with open(a.out, "a") as f:
            f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
