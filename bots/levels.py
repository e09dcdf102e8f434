"""The nine characters, easy to advanced, as configurations of one player.

Level by level they add skill:

  KADO     beginner: plays the rules of thumb but often a random card, never
           counts, overtakes the partner, bids from a rough feel.
  POCHAQ   follows sensible play (second hand low, third hand high), still
           forgets most cards and slips often.
  PUCHOQ   counts cards (forgets some), notices voids, respects the partner.
  SADA     counts well, signals truthfully and reads the partner's signals.
  TANA     no more slips of memory; bids and names trump from Monte Carlo
           estimates of what the hand will take, weighted by the calls;
           Manfee tactics: as the dealer's partner it blocks (calls all that
           is left so the opponents' total is the first caller's blind
           guess), as first caller it calls for the team.
  JANGARA  searches: plays each candidate card out in two guesses
           ("worlds") of where the unseen cards lie, consistent with all it saw
           (four in Manfee and Manni, see GAME_LEVELS).
  TANOOR   four worlds, weighted by what the others announced (calls, trump,
           taps, kept hands); about eight in Manfee and Manni.
  TIZAB    about eight worlds (40 play-outs a decision), and an exact solver
           for the last three tricks; about twenty in Manfee and Manni.
  ZELZELA  hundreds of worlds (at least 2,000 play-outs a card decision, up
           to 6,000 when the choice is close) and the deepest solver; reads
           the others' play (worlds weighted by how likely each made the
           cards they chose, ``reading``) and more of their announcements
           (accept or pass, slams, the Manni swap); considers blind trump;
           its play-outs are fogged: in them every seat plays on its own
           hand and what the table showed, as in the real deal, so a card
           that leaves the others guessing gets its due (``fog``); not in
           Manfee, where the fog cost more than it gained (GAME_LEVELS).

Why the search levels differ in worlds rather than in thousands of
play-outs: measured in the arena (README, "Bots"), determinized search gains
little past about twenty worlds (100 play-outs against 2,000: 50% of sets in
Manille), while two worlds against one, four against two and twenty against
four make clear steps (56-60% each), and one world plays about as well as
TANA's rules of thumb.  So the search steps are spaced where the skill is.

Keys: noise (chance of a random card), slip (chance of a careless card),
forget (chance to forget each card of earlier tricks), voids (tracks who is
void), partner (plays with the partner), send_signals / read_signals (Manfee),
bid_noise (std. dev. added to estimates), bid_worlds (Monte Carlo worlds per
bidding decision; 0 = formula), rollouts (play-outs per card decision; 0 = no
search), min_worlds (worlds a search samples at least), solve_at (tricks left from which the exact solver takes over), infer
(weight worlds by announcements, in play), infer_bid (the same
for bidding only), block / c1opt (Manfee call tactics, see bidding.py), time_cap (seconds after which a search
stops early), bravado (chance of a blind trump, muette).  ZELZELA's search
(``think``): max_units (its most play-out units a card), read_play / read_q /
read_sharp (the play model: the heuristic's card with chance q, weights to
the power sharp; read_model "learnt": the choice model fitted to searching
players' deals instead, ``play_model``), infer_more (the extra announcements), read_taps (every
muette tap, refusal and tap back read by ``infer.tap_terms``), fog (fogged
play-outs, ``estimate.fog_playout``; fog_deduce: with the Manille
obligations' deductions too; fog_signals: with the Manfee signals in
them; fog_out: in Manni, without knowing which unseen cards are out of
play; these three off: no gain in the arena from fog_deduce (Manille)
or fog_out (Manni, -0.30 +- 0.48 tricks a set), a loss from fog_signals
(Manfee, -2.92 +- 2.35 points a set against the fog without it);
fog_tail: the fogged play-out stops where solve_at tricks are left and
the exact solver ends it, off: even with ZELZELA in Manille,
44.7% of 150 sets, +0.03 a set; README), bid_fog (the same for the
bidding estimates), fog_sight (the chance that a seat of a fogged play-out
knows where each card of the world lies, drawn once a world: between the
blind fog, 0, and the open play-out, 1; off: +2.09 +- 1.73 points a set
head to head with ZELZELA in Manille, but no better against ZELZELA-1;
README; with fog_sight_late the chance grows from fog_sight at a hand's
first card to fog_sight_late at its last),
alike_worlds (worlds that must all score every card alike before the search
calls the cards equivalent), node_units (solver nodes charged as one
play-out unit, ``search.NODE_UNITS``).
"""

LEVELS = {
    "KADO": dict(level=1, noise=0.30, slip=0.25, forget=1.0, voids=False, partner=False,
                 send_signals=False, read_signals=False, bid_noise=1.6, bravado=0.03,
                 tap_margin=0.0),
    "POCHAQ": dict(level=2, noise=0.14, slip=0.18, forget=0.8, voids=False, partner=True,
                   send_signals=False, read_signals=False, bid_noise=1.1, tap_margin=2.0),
    "PUCHOQ": dict(level=3, noise=0.07, slip=0.10, forget=0.35, voids=True, partner=True,
                   send_signals=False, read_signals=False, bid_noise=0.8, tap_margin=3.0),
    "SADA": dict(level=4, noise=0.03, slip=0.05, forget=0.12, voids=True, partner=True,
                 send_signals=True, read_signals=True, bid_noise=0.5, tap_margin=4.0),
    "TANA": dict(block=True, c1opt=True, level=5, noise=0.01, slip=0.02, forget=0.0, voids=True, partner=True,
                 send_signals=True, read_signals=True, bid_noise=0.25, bid_worlds=24,
                 infer_bid=True, tap_margin=4.0),
    "JANGARA": dict(block=True, c1opt=True, level=6, noise=0.0, slip=0.01, forget=0.0, voids=True, partner=True,
                    send_signals=True, read_signals=True, bid_noise=0.15, bid_worlds=40,
                    infer_bid=True, rollouts=2, min_worlds=2, tap_margin=4.0, time_cap=0.5),
    "TANOOR": dict(block=True, c1opt=True, level=7, noise=0.0, slip=0.0, forget=0.0, voids=True, partner=True,
                   send_signals=True, read_signals=True, bid_noise=0.1, bid_worlds=80,
                   rollouts=8, min_worlds=4, infer=True, tap_margin=4.0, time_cap=1.0),
    "TIZAB": dict(block=True, c1opt=True, level=8, noise=0.0, slip=0.0, forget=0.0, voids=True, partner=True,
                  send_signals=True, read_signals=True, bid_noise=0.05, bid_worlds=120,
                  rollouts=40, min_worlds=4, solve_at=3, infer=True, tap_margin=4.0, time_cap=1.2),
    "ZELZELA": dict(block=True, c1opt=True, level=9, noise=0.0, slip=0.0, forget=0.0, voids=True, partner=True,
                    send_signals=True, read_signals=True, bid_noise=0.0, bid_worlds=640,
                    rollouts=2000, solve_at=4, infer=True, tap_margin=4.0, time_cap=1.9,
                    infer_more=True, read_play=True, read_q=0.8, read_sharp=0.5, max_units=6000, min_worlds=16,
                    fog=True, bid_fog=True, read_taps=True),
}

# Reference characters for the arena only (never in the menus): ZELZELA as
# it was before it read the play and stopped by itself (issue 15), so that
# every later ZELZELA is measured against the same fixed player.
REFERENCES = {
    "ZELZELA-1": dict(block=True, c1opt=True, level=9, noise=0.0, slip=0.0, forget=0.0, voids=True,
                      partner=True, send_signals=True, read_signals=True, bid_noise=0.0, bid_worlds=160,
                      rollouts=2000, solve_at=4, infer=True, tap_margin=4.0, time_cap=1.5),
}


# Manni deals twelve of its 32 cards out of play (the widow and the hand
# swapped away), so one sampled world is a rougher guess there than in the
# partnership games and each searching level needs more of them to stay a
# step above the one below.  Measured in the arena (README, "Bots"): in Manni
# two worlds lost to TANA (48% of 1,000 sets) while four beat it (54.5%), and
# 40 play-outs beat four worlds (55.5% of 600 sets).  Manfee's 13 tricks
# scored on one threshold (over, exact or under the target) make two worlds
# too rough a guess there too: two worlds beat TANA only 51.9-52.2% of 1,000
# sets, four 56.1%; so Manfee's search levels take Manni's settings.
_MORE_WORLDS = {
    "JANGARA": dict(rollouts=8, min_worlds=4),
    "TANOOR": dict(rollouts=40),
    "TIZAB": dict(rollouts=100),
}
GAME_LEVELS = {
    # A Manfee play-out is 52 cards long: ZELZELA's 6,000 units took about
    # 1.9 s early in a deal, where the time cap (a safety net) cut the search
    # at the p95 of its card choices; 4,000 keep the longest near 1.2 s.
    "manfee": {
        **_MORE_WORLDS,
        # In Manfee the fog costs what it gains in Manille: on the same cards,
        # ZELZELA with open play-outs and open bidding estimates did better than
        # with the fog against ZELZELA-1 (+0.98 +- 2.53 and +2.21 +- 2.14 points
        # a set, seeds 70 and 71) and against TIZAB (+3.70 +- 3.10, seed 2;
        # README, issue 15).  Its reading and stop rule stay.
        "ZELZELA": dict(max_units=4000, fog=False, bid_fog=False),
    },
    "manni": _MORE_WORLDS,
}


def config(name, budget=None, game=None):
    """The configuration of character ``name`` (in ``game``, if its level
    differs there); ``budget`` scales its search (play-outs and bidding
    worlds), e.g. 0.05 for quick tests."""
    cfg = dict(LEVELS[name] if name in LEVELS else REFERENCES[name])
    cfg.update(GAME_LEVELS.get(game, {}).get(name, {}))
    if budget is not None:
        for key in ("rollouts", "bid_worlds", "max_units"):
            if cfg.get(key):
                cfg[key] = max(2, int(cfg[key] * budget))
        if cfg.get("time_cap"):
            cfg["time_cap"] = max(cfg["time_cap"], cfg["time_cap"] * budget)
    return cfg
