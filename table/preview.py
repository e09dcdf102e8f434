"""What each choice would lead to, asked of the rules engine (never computed here).

The dealer's accept/pass picker shows both resulting targets.  The table must
not decide a rule, so it replays the deal's public actions on a stand-in deal
(any hands: calls and decisions do not depend on the cards) and lets the
engine apply each decision.
"""
from rules.games import get_game
from rules import actions as A


def decision_targets(view):
    """{"accept": {side: n}, "pass": {side: n}} for a Manfee view in phase "decide".

    >>> # doctest: +SKIP
    >>> decision_targets(view)["pass"]
    {'bottom-top': 6, 'left-right': 7}
    """
    g = get_game(view["game"])
    seats = view["seats"]
    dealer = seats.index(view["dealer"])
    hands = [sum(1 << c for c in range(13 * s, 13 * s + 13)) for s in range(4)]
    out = {}
    for decision in ("accept", "pass"):
        deal = g.new_deal(hands, dealer, view["options"])
        for a in view["history"]:
            deal.step(A.parse_action(a))
        deal.step(A.parse_action({"decision": decision}))
        out[decision] = dict(zip(g.sides, deal.targets))
    return out
