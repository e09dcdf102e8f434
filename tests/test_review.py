"""The deal review: it finds the clearly best card, a strong bot's own choices
cost next to nothing, and the seat's columns never read hidden cards."""
import json
import random

import pytest

from rules import Match
from rules import actions as A
from rules.cards import parse_card, make_mask
from rules.deal import PLAY
from rules.views import seat_view
from bots import make_bot
from bots.review import (ReviewError, label_for, main, review_deal, review_record,
                         THRESHOLDS)
from test_hint import decision_points, redeal

# A Manfee deal built for one clear decision.  Bottom-top's target is 6 and
# they have won 6 of the first 11 tricks; left-right need 3 more.  Right leads
# the 9H to the 12th trick, top follows 7H, left KH: bottom's ace takes the
# trick and sends bottom-top over (13 to 0).  Ducking with the 5H leaves three
# cards unplayed besides bottom's ace: two spades and the 2D, and top showed
# no spades (it threw the JD on a spade lead), so an opponent's spade takes
# the last trick and the deal ends exact, 6 against 7: the 5H costs 14 points
# whatever the hidden cards, and bottom can see that.
HANDS = {
    "bottom": "6S 7S 9S 3H 5H TH AH 5D KD AD 2C QC KC",
    "left": "2S 5S TS JS 6H KH 4D 8D TD 3C 4C TC JC",
    "top": "KS AS 2H 7H 8H JH QH 2D 6D 7D 9D JD 8C",
    "right": "3S 4S 8S QS 4H 9H 3D QD 5C 6C 7C 9C AC",
}
CALLS = [("right", {"call": 4}), ("top", {"call": 2}), ("left", {"call": 3}),
         ("bottom", {"decision": "accept"})]
PLAYS = ("right QS, top AS, left TS, bottom 6S, top KS, left JS, bottom 7S, right 4S, "
         "top 8H, left 6H, bottom TH, right 4H, bottom QC, right 7C, top 8C, left TC, "
         "bottom AD, right 3D, top 7D, left 8D, bottom 5D, right QD, top 9D, left TD, "
         "right AC, top JH, left JC, bottom KC, right 8S, top JD, left 2S, bottom 9S, "
         "bottom 2C, right 9C, top 6D, left 4C, right 6C, top 2H, left 3C, bottom 3H, "
         "right 5C, top QH, left 4D, bottom KD, right 9H, top 7H, left KH")
ACTIONS = CALLS + [(x.split()[0], {"play": x.split()[1]}) for x in PLAYS.split(", ")]


def built_record(last):
    m = Match("manfee", players={"bottom": {"kind": "human", "name": "Ana"}})
    seats = m.game.seats
    m.start_deal(dealer=0, hands=[make_mask(parse_card(c) for c in HANDS[s].split()) for s in seats])
    for seat, act in ACTIONS + [("bottom", last)]:
        m.apply(seat, act)
    return m.record()


def test_the_review_finds_the_clearly_best_card():
    r = review_deal(built_record({"play": "5H"}), 0, "bottom", budget=0.1)
    decide, card = r.decisions[0], r.decisions[-1]
    assert decide.phase == "decide" and decide.chosen == {"decision": "accept"}
    assert card.chosen == {"play": "5H"} and card.best == {"play": "AH"}
    assert card.expected_loss == pytest.approx(14.0) and card.label == "blunder"
    # Three cards besides the AH were never played: no all-hands view, which would tell where they lay.
    assert all(d.dd_best is None and d.dd_loss is None and not d.dd_exact for d in r.decisions)
    good = review_deal(built_record({"play": "AH"}), 0, "bottom", budget=0.1).decisions[-1]
    assert good.best == {"play": "AH"} and good.expected_loss == 0.0 and good.label is None
    summary = r.summary()
    assert summary["decisions"] == len(r.decisions) and summary["blunders"] >= 1
    assert summary["total_loss"] >= 14.0


def test_a_strong_bots_own_choices_cost_next_to_nothing():
    # A Manille deal (eight tricks: half the time of a Manfee deal), every seat reviewed.
    m = Match("manille")
    m.start_deal(dealer=1, rng=random.Random(11))
    bots = [make_bot("ZELZELA", 20 + s, budget=0.1) for s in range(4)]
    while m.in_deal:
        s = m.to_act()
        m.apply(s, bots[s].choose(seat_view(m, s)))
    record = m.record()
    losses, labels = [], []
    for seat in ("bottom", "left", "top", "right"):
        for d in review_deal(record, 0, seat, budget=0.1).decisions:
            losses.append(d.expected_loss)
            labels.append(d.label)
    assert len(losses) >= 15
    assert sum(losses) / len(losses) < 0.6       # points a decision; a blunder costs 8+
    assert "blunder" not in labels


def last_decision(record, seat):
    return review_deal(record, len(record["deals"]) - 1, seat, budget=0.05).decisions[-1]


@pytest.mark.parametrize("game", ["manfee", "manille", "manille-muette", "manni"])
def test_the_seats_columns_never_read_hidden_cards(game):
    """Other hands changed consistently with the seat's view: the same
    choice, best choice, expected loss and label (only the all-hands column
    may change)."""
    rng = random.Random(5)
    checked = 0
    for m in decision_points(game, {}, seed=31 + len(game), count=10, stop=(6, 30)):
        seat = m.to_act()
        choices = m.deal.legal()
        alt = redeal(m, seat, rng)
        if alt is None or len(choices) < 2:
            continue
        records = []
        for match in (m, alt):
            match.apply(seat, choices[-1])
            records.append(match.record())
        name = m.game.seats[seat]
        one, two = (last_decision(r, name) for r in records)
        assert (one.chosen, one.best, one.expected_loss, one.spread, one.label, one.values) == \
               (two.chosen, two.best, two.expected_loss, two.spread, two.label, two.values)
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_reproducible_with_progress_and_a_stop():
    record = built_record({"play": "5H"})
    calls = []
    first = review_deal(record, 0, "bottom", budget=0.05, progress=lambda d, n: calls.append((d, n)))
    n = len(first.decisions)
    assert calls == [(k, n) for k in range(n + 1)] and first.complete
    again = review_deal(record, 0, "bottom", budget=0.05)
    assert again.decisions == first.decisions
    stopped = review_deal(record, 0, "bottom", budget=0.05, progress=lambda d, n: d < 1)
    assert not stopped.complete and len(stopped.decisions) == 1


def test_headless_review_prints_one_json_line_per_decision(tmp_path, capsys):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(built_record({"play": "5H"})))
    assert main([str(path), "--budget", "0.05"]) == 0       # the people's seat: bottom
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x["phase"] for x in lines][:2] == ["decide", "play"]
    for x in lines:
        assert {"deal", "seat", "phase", "chosen", "best", "expected_loss", "dd_loss",
                "label"} <= set(x)
    assert lines[-1]["label"] == "blunder" and lines[-1]["best"] == {"play": "AH"}
    assert all(x["seat"] == "bottom" for x in lines)
    assert main([str(path), "--seat", "left", "--deal", "0", "--budget", "0.05"]) == 0
    assert all(json.loads(x)["seat"] == "left" for x in capsys.readouterr().out.splitlines())


@pytest.mark.parametrize("content,why", [
    ("{not json", "not JSON"),
    (json.dumps({"game": "manfee", "deals": [{"dealer": "bottom", "hands": {}}]}), "hands"),
    (json.dumps({"game": "chess", "deals": []}), "unknown game"),
    (json.dumps({"game": "manni", "deals": []}), "no deal"),
    ("[1, 2]", "JSON object"),
])
def test_a_damaged_record_gets_one_line(tmp_path, capsys, content, why):
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main([str(path), "--seat", "bottom"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and why in err and "bad.json" in err


def test_bad_requests_are_refused_in_one_line():
    record = built_record({"play": "5H"})
    with pytest.raises(ReviewError, match="no deal 3"):
        review_deal(record, 3, "bottom")
    with pytest.raises(ReviewError, match="not a seat"):
        review_deal(record, 0, "north")
    broken = json.loads(json.dumps(record))
    broken["deals"][0]["actions"][5]["play"] = "2H"     # top must follow the spade lead
    with pytest.raises(ReviewError, match="deal 0 action 5"):
        list(review_record(broken, ["bottom"], budget=0.1))


def test_labels_follow_the_thresholds():
    low, mid, high = THRESHOLDS["manille"]
    assert label_for("manille", low - 0.01) is None
    assert label_for("manille", low) == "inaccuracy"
    assert label_for("manille", mid) == "mistake"
    assert label_for("manille", high + 5) == "blunder"
    assert label_for("manille", high + 5, spread=10) is None    # within the noise


def test_keeping_a_hopeless_manni_hand_is_a_blunder():
    # Hearts are trump in a match's first deal.  Left, first to choose, holds
    # the lowest spades, diamonds and clubs: kept, it takes next to nothing
    # (4 below par); the Manni, unseen, is worth about par on average.
    seats = ("bottom", "left", "right")
    low = "3S 4S 5S 6S 3D 4D 5D 6D 3C 4C 5C 6C".split()
    rest = [c for c in (r + s for s in "SHDC" for r in "3456789TJQKA") if c not in low]
    random.Random(4).shuffle(rest)
    hands = {"left": low, "bottom": rest[:12], "right": rest[12:24]}
    m = Match("manni")
    m.start_deal(dealer=0, hands=[make_mask(parse_card(c) for c in hands[s]) for s in seats],
                 widow=make_mask(parse_card(c) for c in rest[24:]))
    m.apply("left", {"swap": False})
    r = review_deal(m.record(), 0, "left", budget=0.2).decisions[0]
    assert r.phase == "swap" and r.best == {"swap": True} and r.label == "blunder"
    assert r.expected_loss > 2.0
    # Kept: the Manni stays unseen (and the deal unplayed), so there is no all-hands view of it.
    assert r.dd_best is None and r.dd_loss is None


def test_the_position_of_a_reviewed_decision():
    from bots.review import match_before
    record = built_record({"play": "5H"})
    last = review_deal(record, 0, "bottom", budget=0.05).decisions[-1]
    m = match_before(record, 0, last.index)
    view = seat_view(m, "bottom")
    assert view["phase"] == "play" and sorted(view["hand"]) == ["5H", "AH"]
    assert [t["card"] for t in view["trick"]] == ["9H", "7H", "KH"]
    with pytest.raises(ReviewError, match="no action 99"):
        match_before(record, 0, 99)


def test_a_drop_given_with_cards_of_the_suit_kept_is_said():
    """A drop says "no more of this suit"; signals never score, so the costs cannot see a
    false one, yet the partner (and every bot) takes it at its word: the review says so."""
    from table.coach_text import signal_line
    from table.rich import card_words
    m = Match("manfee", players={"bottom": {"kind": "human", "name": "Ana"}})
    m.start_deal(dealer=0, hands=[make_mask(parse_card(c) for c in HANDS[s].split()) for s in m.game.seats])
    for seat, act in ACTIONS + [("bottom", {"play": "AH"})]:
        false = seat == "bottom" and act.get("play") == "TH"       # 3H 5H AH still in hand
        m.apply(seat, dict(act, signal="drop") if false else act)
    r = review_deal(m.record(), 0, "bottom", budget=0.05)
    dropped = [d for d in r.decisions if d.misled]
    assert [d.chosen for d in dropped] == [{"play": "TH", "signal": "drop"}]
    assert sorted(dropped[0].misled) == ["3H", "5H", "AH"] and dropped[0].to_json()["misled"]
    said = signal_line(dropped[0], True, "you")
    assert said.startswith("Your drop") and all(card_words(c) in said for c in ("3H", "5H", "AH")), said
    assert signal_line(r.decisions[-1], True, "you") == ""
    assert "Ana's drop" in signal_line(dropped[0], False, "Ana")
    # the card was the coach's own: no "Why 10♥" as if another had been chosen
    from dataclasses import replace
    from bots.review import match_before
    from table.coach_text import why_line
    view = seat_view(match_before(m.record(), 0, dropped[0].index), "bottom")
    assert why_line(replace(dropped[0], best={"play": "TH"}), view) == ""
    assert why_line(replace(dropped[0], best={"play": "AH"}), view).startswith("Why")


def test_the_seats_measure_weighs_worlds_as_the_reading_does():
    """Worlds are weighted by the reading of the play: a world the reading
    rules out counts for nothing, and the means follow the weights."""
    from bots.coach_values import _summarise
    rows = {1: [10.0, 0.0, 4.0], 2: [0.0, 0.0, 4.0]}
    rep = {1: 1, 2: 2}
    even = _summarise(rows, rep, exact=False)
    assert even.values == {1: pytest.approx(14 / 3), 2: pytest.approx(4 / 3)}
    first_only = _summarise(rows, rep, exact=False, weights=[1.0, 0.0, 0.0])
    assert first_only.values == {1: 10.0, 2: 0.0}
    leaning = _summarise(rows, rep, exact=False, weights=[3.0, 1.0, 0.0])
    assert leaning.values[1] == pytest.approx(7.5) and leaning.best == 1


def test_the_seats_measure_reads_the_play_and_plays_out_fogged(monkeypatch):
    """``seat_values`` asks the reading for every world it draws and keeps
    only those the play allows; its continuations play fogged, the
    all-hands measure's open."""
    from bots import coach_values
    m = next(m for m in decision_points("manille", {}, seed=7, count=8, stop=(8, 20))
             if m.deal.phase == PLAY and len(m.deal.legal()) > 1)
    view = seat_view(m, m.to_act())
    asked, fogs = [], []
    real_evaluate = coach_values.evaluate

    def spy(*args, fog=None, **kw):
        fogs.append(fog)
        return real_evaluate(*args, fog=fog, **kw)

    def half_reader(info, q, sharp):
        def weigh(others, widow):
            asked.append(others)
            return float(len(asked) % 2)             # every other world ruled out
        return weigh
    monkeypatch.setattr(coach_values, "play_reader", half_reader)
    monkeypatch.setattr(coach_values, "evaluate", spy)
    val = coach_values.seat_values(view, worlds=8, min_worlds=8)
    assert len(asked) >= 2 * val.samples - 1 and val.samples >= 4
    assert fogs and all(f is not None for f in fogs)
    fogs.clear()
    coach_values.true_values(m.deal, view, runs=2)
    assert all(f is None for f in fogs)



# Left deals; bottom calls 7 and right, the dealer's partner, calls all that is
# left (6).  From right's view the review estimates the block costs a lot
# (other calls leave the last caller and the dealer, who answer by formula in
# its play-outs, room to go wrong), but it cannot judge that answer.
BLOCK_HANDS = {
    "bottom": "3S 8S 9S KS 7H 2D TD QD KD AD 4C 5C 8C",
    "left": "7S TS JS 2H QH KH 6D 3C 6C 9C JC KC AC",
    "top": "5S 6S QS AS 3H JH AH 3D 4D JD 7C TC QC",
    "right": "2S 4S 4H 5H 6H 8H 9H TH 5D 7D 8D 9D 2C",
}


def test_the_dealers_partners_call_is_not_marked():
    m = Match("manfee", players={"right": {"kind": "human", "name": "Ana"}})
    seats = m.game.seats
    m.start_deal(dealer=seats.index("left"),
                 hands=[make_mask(parse_card(c) for c in BLOCK_HANDS[s].split()) for s in seats])
    for seat, act in [("bottom", {"call": 7}), ("right", {"call": 6}), ("top", {"call": 0}),
                      ("left", {"decision": "accept"})]:
        m.apply(seat, act)
    record = m.record()
    review = review_deal(record, 0, "right", budget=0.1)
    call = review.decisions[0]
    assert call.phase == "call" and call.chosen == {"call": 6}
    assert label_for("manfee", call.expected_loss, call.spread) is not None   # it would have marked it
    assert not call.marked and call.label is None and call.to_json()["marked"] is False
    assert len(call.values) == 7                       # its cost still shown: every call 0..6 valued
    assert review.summary()["decisions"] == len(review.decisions) - 1
    assert review.summary()["total_loss"] < sum(d.expected_loss for d in review.decisions)
    first = review_deal(record, 0, "bottom", budget=0.1).decisions[0]
    assert first.phase == "call" and first.marked          # the first caller's call is judged


def one_deal(game, seed, first=None):
    """A whole first deal played by KADO (``first``: the first decision, forced), as a record."""
    m = Match(game, players={s: {"kind": "human", "name": s} for s in ("bottom",)})
    m.start_deal(rng=random.Random(seed))
    bot = make_bot("KADO", 1)
    while m.in_deal:
        seat = m.to_act()
        action = first if first is not None else bot.choose(seat_view(m, seat))
        first = None
        m.apply(m.game.seats[seat], action)
    return m.record()


def test_the_all_hands_view_is_given_where_every_card_it_rests_on_was_seen():
    """A Manille deal plays every card: each decision has its all-hands view.  In Manni the
    play's views are given (the Manni lies out of the play) and a swap's when the seat took
    the Manni and so saw both hands; a kept hand's never (the Manni, or the hand swapped
    away by another, stays unseen)."""
    rec = one_deal("manille", 3)
    for seat in ("bottom", "left"):
        decisions = review_deal(rec, 0, seat, budget=0.05).decisions
        assert decisions and all(d.dd_best is not None and d.dd_loss >= 0 for d in decisions)
        assert decisions[-1].dd_exact          # the last tricks are solved exactly
    swapped = one_deal("manni", 4, first={"swap": True})
    first = swapped["deals"][0]["actions"][0]["seat"]
    decisions = review_deal(swapped, 0, first, budget=0.05).decisions
    assert decisions[0].phase == "swap" and decisions[0].dd_best is not None
    assert all(d.dd_best is not None for d in decisions)
    kept = one_deal("manni", 4, first={"swap": False})
    first = kept["deals"][0]["actions"][0]["seat"]
    decisions = review_deal(kept, 0, first, budget=0.05).decisions
    assert decisions[0].phase == "swap" and decisions[0].dd_best is None and decisions[0].dd_loss is None
    assert [d.phase for d in decisions if d.dd_best is None] == ["swap"]


def test_the_hints_own_choice_shows_its_cost_but_is_not_marked(monkeypatch):
    """The hint (ZELZELA within a second) and the review (hundreds of deals played out) are
    two measures: a player who followed the hint was told it was a mistake.  The review
    still shows what its measure found, and says whose choice it was."""
    import bots.review as review
    from table.coach_text import TEXT, judgement, verdict
    monkeypatch.setattr(review, "hint_choice", lambda view, budget=1.0, seed=0: {"play": "5H"}
                        if {"play": "5H"} in view["legal"] else view["legal"][0])
    r = review_deal(built_record({"play": "5H"}), 0, "bottom", budget=0.1)
    card = r.decisions[-1]
    assert card.hint_choice and card.label is None and card.expected_loss == pytest.approx(14.0)
    assert card.best == {"play": "AH"} and card.to_json()["hint_choice"] is True
    assert r.summary()["blunders"] == 0 and r.summary()["total_loss"] >= 14.0     # the accuracy counts it
    assert verdict("manfee", card) == "hint" and "better by" in judgement("manfee", card)
    assert TEXT["verdicts"]["hint"]


def test_touching_cards_differ_in_worth_by_no_more_than_the_points_between_them():
    """J♥ Q♥ K♥ A♥ 10♥ in one hand, nothing of another seat's between them: whatever follows
    one could follow another with the two cards' parts swapped.  The play-outs' players
    react to a card's face, and the measure put J♥ 4.3 points under K♥ in a no-trump deal
    where a card point is worth 2 (the review charged 4.9 for a J played instead of its Q)."""
    from bots.coach_values import _touching_runs, seat_values, true_values
    from bots.knowledge import Info
    m = Match("manille", {})
    m.start_deal(rng=random.Random(8))
    bots = [make_bot("TANA", 80 + i, 0.2) for i in range(4)]
    right = m.game.seats.index("right")
    while not (m.deal.turn == right and m.deal.phase == PLAY and bin(m.deal.hands[right]).count("1") == 6):
        m.apply(m.to_act(), bots[m.to_act()].choose(seat_view(m, m.to_act())))
    view = seat_view(m, right)
    assert view["trump"] == "NT" and {"JH", "QH", "KH", "TH"} <= set(view["hand"])
    info = Info(view)
    points = info.kind.value
    for val, hand in ((seat_values(view, 120, 8), info.hand), (true_values(m.deal, view, 6, 8), m.deal.hands[right])):
        runs = _touching_runs(info.kind, sorted(val.values), hand, info.unknown | info.hand)
        assert [parse_card(c) for c in ("JH", "QH", "KH", "AH", "TH")] in runs
        for run in runs:
            for a in run:
                for b in run:
                    assert val.values[a] - val.values[b] <= abs(points[a] - points[b]) * 2 + 1e-9, (a, b)


def test_a_tap_back_with_no_trump_against_a_tapper_is_judged_worse_than_none():
    """A player named hearts blind, turned up a hand without a heart, and tapped back a
    defender's tap: the review said "best, bad luck" (its worlds left the tapper 2.85 of the
    8 hearts, where a tapper holds many) while the hint said not to.  Every seed now judges
    the tap back worse."""
    from rules.host import MatchHost
    from bots.review import match_before
    from bots.coach_values import seat_values
    mh = MatchHost.new("manille-muette", {"blind": True}, seed=1)
    mh.start_deal("bottom")
    rec = mh.record()
    rec["deals"][0] = {"dealer": "bottom", "hands": {
        "bottom": ["7S", "9S", "TS", "KS", "9D", "TD", "KC", "AC"],
        "left": ["QS", "AS", "8H", "9H", "TH", "JH", "QH", "QC"],
        "top": ["7H", "AH", "7D", "QD", "AD", "7C", "8C", "JC"],
        "right": ["8S", "JS", "KH", "8D", "JD", "KD", "9C", "TC"]},
        "actions": [{"seat": "bottom", "trump": "H", "blind": True}, {"seat": "left", "double": True},
                    {"seat": "bottom", "redouble": True}]}
    view = seat_view(match_before(rec, 0, 2), "bottom")
    for seed in range(4):
        values = seat_values(view, 64, seed).values
        assert values[A.REDOUBLE] < values[A.NO_REDOUBLE] < 0, (seed, values)


def test_the_all_hands_column_is_solved_exactly_from_more_tricks_out():
    """A Manille club player checked early "All hands seen" costs with the solver: play-outs
    had called a lead costing nothing "20.4 points".  From EXACT_FROM tricks left the column
    is the solver's, wherever the solve fits its budget of nodes; past it, the play-outs."""
    from bots.coach_values import EXACT_FROM, _BudgetSolver, true_values
    from bots.knowledge import Info
    from bots.search import tricks_left
    checked = 0
    for m in decision_points("manille", {}, seed=21, count=30, stop=(9, 14)):
        view = seat_view(m, m.to_act())
        d = m.deal
        # six tricks out: past the play-outs' old reach (5), and quick to solve twice
        if view["phase"] != "play" or tricks_left(d) != 6 or len(view["legal"]) < 2:
            continue
        val = true_values(d, view, runs=2, seed=1)
        if not val.exact:
            continue
        info = Info(view)
        solver = _BudgetSolver(info.kind, info.me, d.n, "manille", None)
        assert 6 <= EXACT_FROM["manille"]
        for c, v in val.values.items():
            after = d.copy()
            after.step(c)
            assert v == solver.value(after)
        assert not true_values(d, view, runs=2, seed=1, nodes=10).exact       # over budget: played out
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_a_hint_followed_is_said_on_any_choice_from_the_record(monkeypatch):
    """A club player followed the hint on a fine choice, and the review never said so: the
    record keeps each hint shown (``hints_given``: deal, action index, seat, the hint's
    choice), and the review says "you followed the hint" on that decision, marked or not;
    a hint shown and not followed changes nothing."""
    import bots.review as review
    from table.coach_text import judgement, verdict
    monkeypatch.setattr(review, "hint_choice", lambda *a, **k: pytest.fail("the hint is in the record"))
    index = len(ACTIONS)
    followed = dict(built_record({"play": "AH"}), hints_given=[[0, index, "bottom", {"play": "AH"}]])
    card = review_deal(followed, 0, "bottom", budget=0.1).decisions[-1]
    assert card.hint_choice and card.label is None and card.expected_loss == 0.0
    assert verdict("manfee", card) == "hint" and judgement("manfee", card).startswith("You followed the hint")
    blunder = dict(built_record({"play": "5H"}), hints_given=[[0, index, "bottom", {"play": "5H"}]])
    card = review_deal(blunder, 0, "bottom", budget=0.1).decisions[-1]
    assert card.hint_choice and card.label is None and "so not marked" in judgement("manfee", card)
    ignored = dict(built_record({"play": "5H"}), hints_given=[[0, index, "bottom", {"play": "AH"}]])
    card = review_deal(ignored, 0, "bottom", budget=0.1).decisions[-1]
    assert not card.hint_choice and card.label == "blunder"


def test_what_a_stand_in_bot_decided_is_not_reviewed_as_the_persons():
    """A LAN friend away for a while found the cards the stand-in played listed in the
    review as "you chose", and counted in the statistics' reviewed decisions."""
    index = len(ACTIONS)
    whole = review_deal(built_record({"play": "5H"}), 0, "bottom", budget=0.1)
    assert whole.decisions[-1].index == index
    away = dict(built_record({"play": "5H"}), standins=[[0, index, "bottom"], [0, 2, "left"], "x"])
    kept = review_deal(away, 0, "bottom", budget=0.1)
    assert [d.index for d in kept.decisions] == [d.index for d in whole.decisions[:-1]]
    assert kept.summary()["blunders"] == 0


def test_the_reviews_why_gives_its_figures_where_no_rule_explains_the_card():
    """"Why Q♣: the Q♣ plays out best over the deals the coach tried" taught nothing: the
    review's own measure names the next best card and the margin, as the hint does."""
    from bots.review import match_before, plain_code
    from bots.hint import reasons_for
    from bots.knowledge import Info
    from table.coach_text import why_line
    found = 0
    for seed in (5,):                   # a deal with three such cards at bottom
        rec = one_deal("manille", seed)
        for seat in ("bottom",):
            for d in review_deal(rec, 0, seat, budget=0.05).decisions:
                view = seat_view(match_before(rec, 0, d.index), seat)
                if d.phase != "play" or plain_code(A.parse_action(d.best)) == plain_code(A.parse_action(d.chosen)):
                    continue
                if reasons_for(Info(view), A.parse_action(d.best))[0].code != "search_best":
                    continue
                why = why_line(d, view)
                assert "deals the coach tried" not in why and f"{d.samples} possible deals" in why, why
                found += 1
    assert found >= 1


def test_one_solver_for_a_seats_deal_gives_the_values_fresh_solvers_give():
    """The review keeps one exact solver for a seat's deal (its later decisions lie in the
    earlier solves' subtrees): the values must be those of a solver made for each."""
    from bots.coach_values import deal_solver, true_values
    from bots.review import match_before, _points
    from bots.search import tricks_left
    rec = one_deal("manille", 3)
    shared = deal_solver("manille", 0)
    compared = 0
    for p in _points(rec, 0, "bottom"):
        m = match_before(rec, 0, p.index)
        if p.view["phase"] != "play" or tricks_left(m.deal) > 6:       # quick to solve twice
            continue
        fresh = true_values(m.deal, p.view, runs=2, seed=1, solve_at=6)
        kept = true_values(m.deal, p.view, runs=2, seed=1, solve_at=6, solver=shared)
        assert fresh.exact and kept.exact and kept.values == fresh.values
        compared += 1
    assert compared >= 4 and shared.nodes > 0


def test_a_shared_review_shows_no_hand_that_was_laid_aside():
    """People sharing a screen: a Manni deal is reviewed, but not the taker's decisions:
    its swap's position would show the hand laid aside unplayed, and its later reasons and
    values rest on knowing it.  Every decision of the other seats stays."""
    from bots.review import _points, held_unplayed
    from table_helpers import bot_record
    for seed in range(1, 40):
        rec = bot_record("manni", {"target": 5}, seed=seed)
        deal, taker = next(((i, a["seat"]) for i, d in enumerate(rec["deals"]) for a in d["actions"]
                            if a.get("swap") is True), (None, None))
        if deal is not None:
            break
    assert deal is not None
    for seat in rec["deals"][deal]["hands"]:
        alone, shared = _points(rec, deal, seat), _points(rec, deal, seat, shared=True)
        assert held_unplayed(rec, deal, seat) == (seat == taker)
        assert alone
        if seat == taker:
            assert shared == []
        else:
            assert [p.index for p in shared] == [p.index for p in alone]


def test_a_muette_dealers_look_is_a_decision_of_its_own_beside_the_trump_named_after():
    """With blind trumps on, a dealer who looked and then named hearts had only the trump in
    the review: whether to look at all (or bet blind) was never judged.  The look is now a
    row of its own, with the trump's index, judged from the face-down hand; its position
    shows no card; a hint of "look" is said on it, the trump's hint on the trump."""
    from rules.host import MatchHost
    from bots.review import match_before
    mh = MatchHost.new("manille-muette", {"blind": True}, seed=1)
    mh.start_deal("bottom")
    rec = mh.record()
    hands = {"bottom": ["7S", "9S", "TS", "KS", "9D", "TD", "KC", "AC"],
             "left": ["QS", "AS", "8H", "9H", "TH", "JH", "QH", "QC"],
             "top": ["7H", "AH", "7D", "QD", "AD", "7C", "8C", "JC"],
             "right": ["8S", "JS", "KH", "8D", "JD", "KD", "9C", "TC"]}
    rec["deals"][0] = {"dealer": "bottom", "hands": hands,
                       "actions": [{"seat": "bottom", "trump": "S"}, {"seat": "left", "double": False},
                                   {"seat": "right", "double": False}]}
    rec["hints_given"] = [[0, 0, "bottom", {"look": True}], [0, 0, "bottom", {"trump": "S"}]]
    review = review_deal(rec, 0, "bottom", budget=0.1)
    look, trump = review.decisions[:2]
    assert look.index == trump.index == 0 and look.chosen == {"look": True} and trump.chosen == {"trump": "S"}
    assert {"trump": "H", "blind": True} in [a for a, _v in look.values]      # a blind bet was the other choice
    assert look.hint_choice and trump.hint_choice                              # each its own hint
    before = seat_view(match_before(rec, 0, 0, look=True), "bottom")
    assert before["hand"] is None and {"look": True} in before["legal"]       # the hand face down
    assert set(seat_view(match_before(rec, 0, 0), "bottom")["hand"]) == set(hands["bottom"])   # the trump's: seen
    # without blind trumps the dealer always looks: no row for it
    rec["options"] = dict(rec.get("options") or {}, blind=False)
    assert all(d.chosen != {"look": True} for d in review_deal(rec, 0, "bottom", budget=0.1).decisions)
