"""Card play for every level, and the Manfee signals.

Lower levels play the rule-of-thumb player (``policy.pick``) with what they
believe about the unseen cards, and err the way people do: a random card now
and then, a careless card that ignores what was played, played cards
forgotten (an old king taken for a live one), voids not noticed, a partner
overtaken.  The searching levels run determinized Monte Carlo (``search``).
"""
from types import SimpleNamespace

from rules import actions as A
from .policy import pick, truthful_signal
from .sample import sample_world, Worlds
from .search import pimc
from .infer import acceptor
from .think import think
from .ismcts import ismcts
from .core import popcount


def belief(info, cfg, rng):
    """poss[s]: the cards seat s might hold, as this level sees it."""
    n, me = info.n, info.me
    unknown = info.unknown
    # Forgetting: some cards played in earlier tricks are thought still out.
    forget = cfg.get("forget", 0.0)
    if forget > 0:
        current = 0
        for _s, c in info.trick:
            current |= 1 << c
        for _s, c, _sig in info.plays:
            bit = 1 << c
            if not current & bit and rng.random() < forget:
                unknown |= bit
    poss = [0] * n
    for s in range(n):
        if s == me:
            poss[s] = info.hand
            continue
        m = unknown
        if cfg.get("voids"):
            m &= ~info.forbid[s]
            if cfg.get("read_signals"):
                m &= ~info.soft[s]
        poss[s] = m | info.known[s]
    return poss


def trick_state(info):
    return SimpleNamespace(trick=[c for _s, c in info.trick], led=info.led,
                           win_card=info.win_card, win_seat=info.win_seat)


def heuristic_card(info, cfg, rng, legal_mask):
    poss = belief(info, cfg, rng)
    partner = -2 if cfg.get("partner", True) else -1
    lead = info.slam_request() if cfg.get("read_signals") else -1
    T = info.trump
    return pick(info.kind, trick_state(info), legal_mask, poss, info.me, T, lead,
                cfg.get("voids", False), partner)


def choose_card(info, cfg, rng):
    plays = [a for a in info.legal if a < 192]
    legal_mask = 0
    for c in plays:
        legal_mask |= 1 << c
    r = rng.random()
    if len(plays) == 1:
        card = plays[0]
    elif r < cfg.get("noise", 0.0):
        card = rng.choice(plays)
    elif r < cfg.get("noise", 0.0) + cfg.get("slip", 0.0):
        careless = dict(cfg, voids=False, read_signals=False, forget=1.0, partner=False)
        card = heuristic_card(info, careless, rng, legal_mask)
    elif cfg.get("rollouts"):
        card = search_card(info, cfg, rng, legal_mask, plays)
    else:
        card = heuristic_card(info, cfg, rng, legal_mask)
    return card + signal(info, cfg, card)


def search_card(info, cfg, rng, legal_mask, plays):
    if cfg.get("max_units"):
        # ZELZELA: weighted worlds and an adaptive stop (think.py).
        prefer = heuristic_card(info, cfg, rng, legal_mask)
        # The arena's tree searches (ismcts.py), while the hand holds more than
        # ``tree_above`` cards (below it, ZELZELA's exact solver takes over).
        if cfg.get("search") in ("ismcts", "own_tree") and popcount(info.hand) > cfg.get("tree_above", 0):
            return ismcts(info, plays, cfg, rng, prefer)[0]
        card, _stats = think(info, plays, cfg, rng, prefer, cfg.get("sampler"))
        return card
    acc = acceptor(info, cfg.get("infer_sharp", 1.0), cfg.get("c1opt", False)) if cfg.get("infer") else None
    worlds = Worlds(info)

    sampler = cfg.get("sampler") or sample_world

    def make_world():
        others, widow = sampler(info, rng, acc)
        return worlds.deal(others, widow)
    prefer = heuristic_card(info, cfg, rng, legal_mask)
    card, _means = pimc(info, plays, make_world, cfg["rollouts"], cfg.get("solve_at", 0),
                        cfg.get("time_cap"), min_worlds=cfg.get("min_worlds", 4), prefer=prefer, rng=rng,
                        eps=cfg.get("playout_eps", 0.0))
    return card


def signal(info, cfg, card):
    """Manfee signals, always truthful: drop = "no more of this suit" on the
    last card of a plain suit; slam = "partner, lead this suit" on a discard
    from a suit whose master we hold."""
    if info.name != "manfee" or not cfg.get("send_signals"):
        return 0
    if not info.options.get("signals", True):
        return 0
    said = truthful_signal(info.hand, card, info.others_live(), info.led if info.trick else -1)
    return A.DROP if said == "drop" else A.SLAM if said == "slam" else 0
