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

    >>> from rules.match import Match
    >>> from rules.views import seat_view
    >>> m = Match("manfee")
    >>> _ = m.start_deal(dealer=0, hands=[sum(1 << c for c in range(13 * s, 13 * s + 13)) for s in range(4)])
    >>> for seat, n in (("right", 4), ("top", 2), ("left", 5)):
    ...     _ = m.apply(seat, {"call": n})
    >>> decision_targets(seat_view(m, "bottom"))
    {'accept': {'bottom-top': 4, 'left-right': 9}, 'pass': {'bottom-top': 10, 'left-right': 3}}
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
