"""Every decision that is not a card: calls, accept or pass, trump, en face,
blind, taps and tap backs, the Manni swap.

Each decision comes from an estimate of what the hand will bring: a fitted
formula (``estimate``) for the quick levels, or Monte Carlo play-outs of
worlds consistent with the view (weighted by what the others announced) for
the levels that search.  ``cfg`` is the level's configuration (``levels``).
"""
import math

from rules.cards import NT
from rules import actions as A
from .estimate import (defence_points, manfee_tricks, manni_tricks, manille_points, open_play, playout,
                       fog_playout)
from .infer import acceptor, trump_values, EN_FACE_VALUE
from .calls import pmf, dealer_values, c1opt_call, c1opt_inverse
from .sample import sample_world
from .search import utility


def world(cfg):
    """The world sampler: consistent random deals, or the truth (the arena's oracle)."""
    return cfg.get("sampler") or sample_world


def playout_(cfg, rng, d, kind):
    # bid_fog: estimate with play-outs in which nobody sees another hand
    # (estimate.fog_playout), as the real play will be.
    if cfg.get("bid_fog"):
        return fog_playout(d, kind, signals=cfg.get("fog_signals", False))
    return playout(d, kind, rng, cfg.get("playout_eps", 0.0))


# -- Manfee ----------------------------------------------------------------------

def _hist(xs):
    h = [0.0] * 14
    for x in xs:
        h[x] += 1.0 / len(xs)
    return h


def manfee_worlds(info, cfg, rng, need_pass=True):
    """Monte Carlo over dealt hands: (my mean tricks, pa, pp) as in dealer_values."""
    g = info.game
    d = info.dealer
    me = info.me
    acc = acceptor(info, c1opt=cfg.get("c1opt", False)) if cfg.get("infer") or cfg.get("infer_bid") else None
    own, xa, xp = [], [], []
    for _ in range(cfg["bid_worlds"]):
        others, _w = world(cfg)(info, rng, acc)
        hands = [others.get(s, 0) for s in range(4)]
        hands[me] = info.hand
        a = playout_(cfg, rng, open_play(g, hands, d, info.options), info.kind)
        own.append(a.won[me])
        xa.append(a.won[(d + 1) % 4] + a.won[(d + 3) % 4])
        if need_pass:
            rot = [hands[1], hands[2], hands[3], hands[0]]
            after_pass = open_play(g, rot, d, info.options)
            after_pass.passed = True      # fogged, each seat still knows the hand it passed
            p = playout_(cfg, rng, after_pass, info.kind)
            xp.append(p.won[d] + p.won[(d + 2) % 4])
    return sum(own) / len(own), _hist(xa), _hist(xp) if need_pass else None


def blocked(info):
    """Did the dealer's partner call everything left after the first call
    (so that the other opponent can only call 0)?  Such a call blocks; it
    says nothing about the hand."""
    d = info.dealer
    c1, c2 = info.calls[(d + 3) % 4], info.calls[(d + 2) % 4]
    return c1 is not None and c2 is not None and c2 == 13 - c1 and c2 >= 6


def manfee_call(info, cfg, rng):
    d, me = info.dealer, info.me
    calls = [a - A.CALL for a in info.legal]
    maxc = max(calls)
    c1, c3 = (d + 3) % 4, (d + 1) % 4
    if me == (d + 2) % 4 and cfg.get("block"):
        # Call all that is left: the other opponent must call 0, so the
        # opponents' total is the first caller's guess, made blind.
        return A.CALL + maxc
    last = me == c3 and cfg["level"] >= 3
    if cfg.get("bid_worlds"):
        own, pa, pp = manfee_worlds(info, cfg, rng, need_pass=last)
    else:
        own = manfee_tricks(info.hand) + rng.gauss(0, cfg["bid_noise"])
        pa = pp = None
    if last:
        if pa is None:
            e1 = info.calls[c1]
            if cfg.get("c1opt"):
                e1 = c1opt_inverse(e1, cfg)
            mu = own + e1
            pa = pp = pmf(mu, 1.6)
        best, bv = None, None
        for c in calls:
            S = info.calls[c1] + c
            v = -max(dealer_values(S, pa, pp)) + rng.gauss(0, cfg["bid_noise"])
            if bv is None or v > bv:
                best, bv = c, v
        return A.CALL + best
    if me == c1 and cfg.get("c1opt"):
        # Call the whole team's best total, as if the partner could add nothing
        # (the dealer's partner may block): the partner adds when it can.
        return A.CALL + c1opt_call(own, calls, cfg)
    if me == c1 and cfg.get("team_call"):
        # The first caller may be blocked: call for the team, not the hand.
        own += cfg["team_call"] * (13 - own) / 3
    call = int(math.floor(own + 0.5))
    return A.CALL + max(0, min(maxc, call))


def manfee_decide(info, cfg, rng):
    d = info.dealer
    S = info.calls[(d + 1) % 4] + info.calls[(d + 3) % 4]
    if cfg.get("bid_worlds"):
        _own, pa, pp = manfee_worlds(info, cfg, rng)
    else:
        mine = manfee_tricks(info.hand)
        partner = info.calls[(d + 2) % 4]
        if blocked(info):
            partner = (13 - mine) / 3
        mu = 0.5 * (13 - mine - partner) + 0.5 * (S + 0.5)
        pa = pp = pmf(mu, 1.6)
    ua, up = dealer_values(S, pa, pp)
    ua += rng.gauss(0, 3 * cfg["bid_noise"])
    up += rng.gauss(0, 3 * cfg["bid_noise"])
    return A.ACCEPT if ua >= up else A.PASS


# -- Manille and Manille muette ------------------------------------------------------

def _point_options_mc(info, cfg, rng, options, namer, en_face=False):
    """Mean value for our side of each trump option (0..4, or 'partner')."""
    g = info.game
    me, d = info.me, info.dealer
    acc = acceptor(info, c1opt=cfg.get("c1opt", False)) if cfg.get("infer") or cfg.get("infer_bid") else None
    tot = {o: 0.0 for o in options}
    worlds = cfg["bid_worlds"]
    tie = bool(info.view.get("tie_pending"))
    for _ in range(worlds):
        others, _w = world(cfg)(info, rng, acc)
        hands = [others.get(s, 0) for s in range(4)]
        hands[me] = info.hand
        for o in options:
            if o == "partner":
                p = (d + 2) % 4
                vals = trump_values(hands[p], info.name)
                t = max(range(5), key=lambda x: vals[x])
                who = p
            else:
                t, who = o, namer
            x = open_play(g, hands, d, info.options, trump=t)
            if info.name == "manille":
                x.tie_pending = tie
            else:
                x.namer = who
            tot[o] += utility(playout_(cfg, rng, x, info.kind), me, 4)
    return {o: v / worlds for o, v in tot.items()}


def trump_choice(info, cfg, rng, partner_allowed=False):
    """Name trump (or hand it to the partner, muette 'en face')."""
    options = list(range(5))
    if partner_allowed:
        options.append("partner")
    tie = 2 if info.view.get("tie_pending") else 1
    if cfg.get("bid_worlds"):
        vals = _point_options_mc(info, cfg, rng, options, info.me)
        vals = {o: v + rng.gauss(0, cfg["bid_noise"]) for o, v in vals.items()}
    else:
        tv = trump_values(info.hand, info.name)
        vals = {t: tv[t] * tie + rng.gauss(0, 4 * cfg["bid_noise"]) for t in range(5)}
        if partner_allowed:
            vals["partner"] = EN_FACE_VALUE + rng.gauss(0, 4 * cfg["bid_noise"])
    best = max(options, key=lambda o: vals[o])
    if best == "partner":
        return A.PARTNER
    return A.TRUMP + best


def tap_choice(info, cfg, rng, back=False):
    """Tap (double) as a defender, or tap back as the namer's side, when the
    expected result for our side is clearly positive."""
    me = info.me
    if cfg.get("bid_worlds"):
        g = info.game
        acc = acceptor(info, c1opt=cfg.get("c1opt", False), taps=cfg.get("read_taps", False)) \
            if cfg.get("infer") or cfg.get("infer_bid") else None
        tot = 0.0
        n = max(8, cfg["bid_worlds"] // 2)
        for _ in range(n):
            others, _w = world(cfg)(info, rng, acc)
            hands = [others.get(s, 0) for s in range(4)]
            hands[me] = info.hand
            x = open_play(g, hands, info.dealer, info.options, trump=info.trump,
                          leader=info.dealer if info.blind else None)
            x.namer = info.namer
            x.blind = info.blind
            tot += utility(playout_(cfg, rng, x, info.kind), me, 4)
        ev = tot / n
    else:
        f = (2 if info.trump == NT else 1) * (2 if info.blind else 1)
        if back:
            ev = (manille_points(info.hand, info.trump, info.name) - 30) * f - 4
        else:
            # A defender's own points against a trump named by the other side.
            ev = (defence_points(info.hand, info.trump) - 30) * f
    ev += rng.gauss(0, 3 * cfg["bid_noise"])
    margin = cfg.get("tap_margin", 4.0)
    yes = ev > margin
    if back:
        return A.REDOUBLE if yes else A.NO_REDOUBLE
    return A.DOUBLE if yes else A.NO_DOUBLE


def blind_is_a_match_bet(view: dict) -> bool:
    """Is the muette dealer's side so far behind, so near the end, that a blind trump is
    worth its risk?  Blind doubles everything: it loses points on average (unseen cards
    name a poorer trump) but may win a match that looking would lose anyway.

    >>> blind_is_a_match_bet({"seat": "bottom", "totals": {"bottom-top": 9, "left-right": 50},
    ...                       "options": {"target": 51}})
    True
    >>> blind_is_a_match_bet({"seat": "left", "totals": {"bottom-top": 9, "left-right": 50},
    ...                       "options": {"target": 51}})
    False
    """
    totals, seat = view.get("totals") or {}, view.get("seat")
    mine = sum(v for side, v in totals.items() if seat in side.split("-"))
    theirs = sum(v for side, v in totals.items() if seat not in side.split("-"))
    target = (view.get("options") or {}).get("target", 101)
    return theirs >= target - 20 and theirs - mine >= 35


def blind_choice(info, cfg, rng):
    """The muette dealer before seeing the hand: look, or name trump blind."""
    blind = [a for a in info.legal if A.BLIND <= a <= A.BLIND + NT]
    if not blind:
        return A.LOOK
    if cfg["level"] >= 9:
        if blind_is_a_match_bet(info.view):
            return A.BLIND + rng.randrange(4)
        return A.LOOK
    if rng.random() < cfg.get("bravado", 0.0):
        return rng.choice(blind)
    return A.LOOK


# -- Manni ---------------------------------------------------------------------------

def swap_choice(info, cfg, rng):
    T = info.trump
    if cfg.get("bid_worlds"):
        g = info.game
        me, d = info.me, info.dealer
        acc = acceptor(info, c1opt=cfg.get("c1opt", False)) if cfg.get("infer") or cfg.get("infer_bid") else None
        keep = swap = 0.0
        n = cfg["bid_worlds"]
        first = (d + 1) % 3
        for _ in range(n):
            others, widow = world(cfg)(info, rng, acc)
            hands = [others.get(s, 0) for s in range(3)]
            hands[me] = info.hand
            # Keep: the players after us may still take the Manni.
            kh = list(hands)
            s = (me + 1) % 3
            while s != first:
                if manni_tricks(kh[s], T) < 3.6:
                    kh[s] = widow
                    break
                s = (s + 1) % 3
            x = open_play(g, kh, d, info.options, deal_index=info.view.get("deal") or 0)
            keep += utility(playout_(cfg, rng, x, info.kind), me, 3)
            sh = list(hands)
            sh[me] = widow
            x = open_play(g, sh, d, info.options, deal_index=info.view.get("deal") or 0)
            swap += utility(playout_(cfg, rng, x, info.kind), me, 3)
        ev = (swap - keep) / n
    else:
        ev = 3.8 - manni_tricks(info.hand, T)
    ev += rng.gauss(0, cfg["bid_noise"])
    return A.SWAP if ev > 0.15 else A.KEEP
