"""What one match record adds to the statistics (``host.stats``): who sat
where, and a row per scored deal and seat with its outcome and factors."""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from rules.games import Game
from . import rating as R


def name_key(name: str) -> str:
    """The key a typed name is known by: trimmed, inner spaces collapsed, case folded."""
    return " ".join(name.split()).casefold()


def seating(record: Mapping, profiles_by_seat: Mapping[str, str] | None, seats: tuple
             ) -> tuple[dict[str, str], dict[str, str]]:
    """(seat -> the name of the person there, seat -> "human", "person:NAME" for a person
    named in the record but not filed here, a bot character, or "unknown" for a record
    without ``players``)."""
    players = record.get("players")
    players = players if isinstance(players, Mapping) else {}
    people, company = {}, {}
    for s in seats:
        found = players.get(s)
        p: Mapping = found if isinstance(found, Mapping) else {}
        name = profiles_by_seat.get(s) if profiles_by_seat is not None else \
            p.get("name") if p.get("kind") == "human" else None
        if isinstance(name, str) and name_key(name):
            people[s] = name
        human = s in people or p.get("kind") == "human"
        company[s] = "human" if human else p["bot"].upper() if isinstance(p.get("bot"), str) else "unknown"
        other = p.get("name")
        if human and s not in people and isinstance(other, str) and name_key(other):
            # a friend at a LAN table, not filed on this machine, still by name: all of them
            # were one "a person" among the partners and opponents
            company[s] = f"person:{other}"
    return people, company


def hinted_deals(record: Mapping, seats: tuple) -> set[tuple[int, str]]:
    """(deal, seat) of the deals a seat was shown a hint in: the record's ``hints``
    (anything malformed left out).

    >>> sorted(hinted_deals({"hints": [[2, "left"], [True, "left"], [1, "nobody"], "x"]}, ("left",)))
    [(2, 'left')]
    """
    found = record.get("hints")
    return {(h[0], h[1]) for h in (found if isinstance(found, list) else ())
            if isinstance(h, list) and len(h) == 2 and isinstance(h[0], int) and not isinstance(h[0], bool)
            and h[1] in seats}


def deal_rows(match: Any, record: Mapping, company: Mapping[str, str], seats: list[str]
               ) -> list[tuple[int, str, dict]]:
    """(deal number, seat, row) for every scored deal and every seat asked."""
    g = match.game
    out = []
    tie_pending = False
    hinted = hinted_deals(record, g.seats)
    for i, summary in enumerate(match.summaries):
        if summary["outcome"] == "misdeal":
            continue            # nothing scored, and a pending tie stays pending
        deal = record["deals"][i]
        named = factors(g, summary, deal.get("actions", []), tie_pending)
        if g.tie_doubles_next:
            tie_pending = summary["outcome"] == "tie"
        played = json.dumps(deal, sort_keys=True)
        manille = g.scoring == "card_points"        # the Manille family's factors
        score = summary["score"]
        for seat in seats:
            side = g.side_of(seat)
            against = max(v for k, v in score.items() if k != side)
            factor = 1
            for f in named:
                factor *= 4 if f == "tap back" else 2
            # a sweep is the side's that took every trick: for the other, it was suffered
            mine = ["swept" if f == "sweep" and summary["tricks"][side] == 0 else f for f in named]
            helped = (i, seat) in hinted
            # A hint changes the row, not the deal: a deal played without one keeps its old fingerprint.
            fingerprint = hashlib.sha1((played + " hinted" * helped).encode()).hexdigest()
            out.append((i, seat, {
                "fingerprint": fingerprint, "outcome": summary["outcome"], "hinted": int(helped),
                "scores": json.dumps(score, sort_keys=True), "score": score[side], "against": against,
                "result": R.compare(score[side], against),
                "target": (summary.get("targets") or {}).get(side), "tricks": summary["tricks"][side],
                "points": (summary.get("points") or {}).get(side), "factor": factor if manille else None,
                "factors": ",".join(mine) if manille else None, "trump": summary.get("trump"),
                "exact": int(summary["outcome"] == "exact") if g.scoring == "calls" else None,
                "partner": company[g.seats[(g.seat_index(seat) + 2) % 4]] if g.n == 4 else None,
                "opponents": json.dumps({o: company[o] for o in g.seats if g.side_of(o) != side},
                                        sort_keys=True)}))
    return out


def factors(game: Game, summary: dict, actions: list, tie_pending: bool) -> list[str]:
    """The names of the score's factors in a Manille deal (RULES.md)."""
    if game.scoring != "card_points" or summary["outcome"] != "complete":
        return []
    out = ["no-trump"] if summary.get("trump") == "NT" else []
    if game.tie_doubles_next:        # Manille: a tie carries over, a sweep doubles (no tapping)
        return out + ["tie"] * tie_pending + ["sweep"] * (8 in summary["tricks"].values())
    acts = [a for a in actions if isinstance(a, Mapping)]
    if any(a.get("blind") is True for a in acts):
        out.append("blind")
    if any(a.get("redouble") is True for a in acts):
        out.append("tap back")
    elif any(a.get("double") is True for a in acts):
        out.append("tap")
    return out
