"""Manfee call arithmetic: what accepting and passing are worth, and the
first caller's team call.

X is the number of tricks the opponents' two hands (the non-dealer team's
hands) take.  After an accept the opponents play them against a target S
(their two calls); after a pass the dealer's team plays them against S + 1.
"""
import math


def pmf(mu, sigma, top=13):
    """A discretised normal over 0..top."""
    def cdf(x):
        return 0.5 * (1 + math.erf((x - mu) / (sigma * math.sqrt(2))))
    out = []
    for k in range(top + 1):
        lo = -1e9 if k == 0 else k - 0.5
        hi = 1e9 if k == top else k + 0.5
        out.append(cdf(hi) - cdf(lo))
    return out


def dealer_values(S, pa, pp):
    """The dealer team's expectation of accepting and of passing when the
    opponents called ``S`` in all: ``pa[k]`` = P(the opponents' hands take k
    tricks, played by them), ``pp[k]`` = P(they take k when the dealer's
    team plays them after a pass)."""
    ua = 0.0
    for k, p in enumerate(pa):
        ua += p * (13 if k < S else -13 if k > S else 13 - 2 * S)
    td = min(S + 1, 13)
    up = 0.0
    for k, p in enumerate(pp):
        up += p * (13 if k > td else -13 if k < td else 2 * td - 13)
    return ua, up


def c1opt_call(own, calls, cfg):
    """The first caller's team call: the total S that leaves the dealer the
    least, given the caller's own estimate and an average partner (the
    partner adds to it when it can; a blocking dealer's partner stops it)."""
    mu = own + (13 - own) / 3
    dist = pmf(mu, cfg.get("c1sigma", 2.0))
    return min(calls, key=lambda S: max(dealer_values(S, dist, dist)) + cfg.get("c1shade", 0) * S)


_INVERSE: dict = {}


def c1opt_inverse(call, cfg):
    """The first caller's own estimate behind a team call (c1opt)."""
    key = (cfg.get("c1sigma", 2.0), cfg.get("c1shade", 0))
    table = _INVERSE.get(key)
    if table is None:
        table = {}
        for i in range(131):
            e = i / 10
            table.setdefault(c1opt_call(e, range(14), cfg), []).append(e)
        table = {a: sum(v) / len(v) for a, v in table.items()}
        _INVERSE[key] = table
    if call in table:
        return table[call]
    near = min(table, key=lambda a: abs(a - call))
    return table[near] + (call - near)




_TABLE: dict = {}


def c1opt_expected(est, cfg=None):
    """The call a team-calling first caller makes with a hand worth ``est``."""
    cfg = cfg or {}
    key = (cfg.get("c1sigma", 2.0), cfg.get("c1shade", 0))
    t = _TABLE.get(key)
    if t is None:
        t = _TABLE[key] = [c1opt_call(i / 10, range(14), cfg) for i in range(131)]
    return t[max(0, min(130, int(round(est * 10))))]
