"""The bots: one interface, legal actions in every game, no peeking, a ladder.

Searching levels run with a tiny budget here; the arena (bots/arena.py)
measures strength, not these tests.
"""
import random

import pytest

from rules import Match
from rules import actions as A
from rules.cards import SUIT_OF, SUIT_MASK, mask_cards
from rules.manni import TRUMP_CYCLE
from rules.views import seat_view
from bots import CHARACTERS, make_bot, Bot
from bots.arena import make_player, start, run as arena_run

GAME_OPTIONS = [
    ("manfee", {}),
    ("manfee", {"signals": False}),
    ("manille", {}),
    ("manille-muette", {}),
    ("manille-muette", {"en_face": False, "doubling": False, "blind": True}),
    ("manille-muette", {"blind": True}),
    ("manni", {}),
]
BUDGET = 0.02


@pytest.fixture(autouse=True)
def strict_bots(monkeypatch):
    monkeypatch.setattr(Bot, "strict", True)


def bot(name, seed=1):
    return make_bot(name, seed, budget=BUDGET)


def stripped(obj):
    return {k: v for k, v in obj.items() if k not in ("seat", "signal")}


# -- the interface ---------------------------------------------------------------

def test_characters_and_make_bot():
    assert CHARACTERS == ("KADO", "POCHAQ", "PUCHOQ", "SADA", "TANA", "JANGARA",
                          "TANOOR", "TIZAB", "ZELZELA")
    for name in CHARACTERS:
        b = make_bot(name.lower(), seed=3)
        assert b.name == name
    with pytest.raises(ValueError):
        make_bot("NOBODY")
    with pytest.raises(ValueError):
        make_bot("ORACLE")          # the oracle sees all hands: arena only


def test_choose_returns_one_legal_action_object():
    m = Match("manfee")
    m.start_deal(dealer=0, rng=random.Random(4))
    v = seat_view(m, m.to_act())
    a = bot("SADA").choose(v)
    assert isinstance(a, dict) and stripped(a) in [stripped(x) for x in v["legal"]]


# -- legality over whole matches ----------------------------------------------------

def play_deals(game, options, names, seed, deals=1):
    m = Match(game, options)
    rng = random.Random(seed)
    bots = [bot(names[s % len(names)], seed * 10 + s) for s in range(m.game.n)]
    for _ in range(deals):
        if m.finished:
            break
        m.start_deal(rng=rng)
        while m.in_deal:
            s = m.to_act()
            v = seat_view(m, s)
            a = bots[s].choose(v)
            assert stripped(a) in [stripped(x) for x in v["legal"]], (game, a)
            if "signal" in a:
                assert m.options.get("signals", False)
            m.apply(s, a)        # raises RulesError if illegal
    return m


@pytest.mark.parametrize("game,options", GAME_OPTIONS)
def test_quick_levels_play_legally(game, options):
    quick = CHARACTERS[:5]
    for i in range(6):
        names = [quick[i % 5], quick[(i + 2) % 5]]
        play_deals(game, options, names, seed=100 + i, deals=2)


@pytest.mark.parametrize("game,options", GAME_OPTIONS)
def test_searching_levels_play_legally(game, options):
    names = list(CHARACTERS[5:])
    play_deals(game, options, names, seed=7, deals=1)


def test_manfee_signals_are_truthful():
    m = Match("manfee")
    rng = random.Random(11)
    bots = [bot("SADA", s) for s in range(4)]
    seen = 0
    for _ in range(4):
        if m.finished:
            break
        m.start_deal(rng=rng)
        while m.in_deal:
            s = m.to_act()
            a = bots[s].choose(seat_view(m, s))
            m.apply(s, a)
            if a.get("signal") == "drop":
                seen += 1
                suit = "SHDC".index(a["play"][1])
                assert not m.deal.hands[s] & SUIT_MASK[suit]
    assert seen > 0


# -- no peeking --------------------------------------------------------------------

def hidden_places(m, seat):
    """The places whose cards ``seat`` cannot see: other seats (not a Manfee
    seat holding our passed hand) and, in Manni, the cards out of play."""
    d = m.deal
    places = [s for s in range(d.n) if s != seat]
    if m.game.name == "manfee" and d.passed:
        places.remove((seat + 3) % 4)
    return places


def redeal(m, seat, rng, tries=200):
    """Another match that ``seat`` cannot tell from ``m``: the hidden cards
    dealt again among the hidden places (same counts, voids respected), the
    same history replayed under the rules.  None if none was found."""
    g = m.game
    d = m.deal
    places = hidden_places(m, seat)
    manni_out = g.name == "manni" and d.swapper != seat
    pool = 0
    for s in places:
        pool |= d.hands[s]
    if manni_out:
        out_mask = d.widow if d.swapper < 0 else d.swapped_out
        pool |= out_mask
    voids = [0] * d.n
    played_by = [0] * d.n
    trick = []
    for s, code in d.history:
        if code < 192:
            c = code & 63
            played_by[s] |= 1 << c
            if trick and SUIT_OF[c] != SUIT_OF[trick[0]]:
                voids[s] |= SUIT_MASK[SUIT_OF[trick[0]]]
            trick.append(c)
            if len(trick) == d.n:
                trick = []
    sizes = [bin(d.hands[s]).count("1") for s in places]
    cards = list(mask_cards(pool))
    actions = list(m.records[-1]["actions"])
    for _ in range(tries):
        rng.shuffle(cards)
        new = {}
        i = 0
        ok = True
        for s, k in zip(places, sizes):
            new[s] = sum(1 << c for c in cards[i:i + k])
            i += k
            if new[s] & voids[s]:
                ok = False
        if not ok:
            continue
        rest = sum(1 << c for c in cards[i:])
        now = list(d.hands)
        for s, h in new.items():
            now[s] = h
        dealt = [now[s] | played_by[s] for s in range(d.n)]
        widow = 0
        if g.name == "manfee" and d.passed:
            dealt = [dealt[(s + 3) % 4] for s in range(4)]
        if g.name == "manni":
            if d.swapper >= 0:
                sw = d.swapper
                out = rest if manni_out else d.swapped_out
                dealt[sw], widow = out, dealt[sw]
            else:
                widow = rest
        alt = Match(g.name, m.options)
        try:
            alt.start_deal(dealer=d.dealer, hands=dealt, widow=widow)
            for a in actions:
                alt.apply(a["seat"], {k: v for k, v in a.items() if k != "seat"})
        except Exception:
            continue
        if alt.deal.hands == d.hands:
            continue
        return alt
    return None


def decision_points(game, options, seed, count):
    """Matches stopped at random decision points (random legal play)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        m = Match(game, options)
        m.start_deal(rng=rng)
        stop = rng.randrange(4, 40)
        for _ in range(stop):
            if not m.in_deal:
                break
            d = m.deal
            if options.get("blind") and d.phase == 2 and not d.looked:
                m.apply(d.turn, A.LOOK)
                continue
            m.apply(d.turn, rng.choice(d.legal()))
        if m.in_deal:
            out.append(m)
    return out


def play_twins(game, seed, count, rng):
    """(view, twin view) at card-play decision points: the twin is the same seat's view of
    a match whose hidden cards were dealt again consistently with it (``redeal``)."""
    for m in decision_points(game, {}, seed=seed, count=count):
        seat = m.to_act()
        view = seat_view(m, seat)
        if view["phase"] != "play":
            continue
        alt = redeal(m, seat, rng)
        if alt is None:
            continue
        twin = seat_view(alt, seat)
        assert twin == view
        yield view, twin


@pytest.mark.parametrize("game,options", [g for g in GAME_OPTIONS if g[1] != {"blind": True}])
def test_no_peeking(game, options):
    rng = random.Random(99)
    points = decision_points(game, options, seed=len(game) * 7 + len(options), count=12)
    for i, name in enumerate(CHARACTERS):
        checked = 0
        for m in points[i % len(points):] + points[:i % len(points)]:
            seat = m.to_act()
            alt = redeal(m, seat, rng)
            if alt is None:
                continue
            view = seat_view(m, seat)
            assert seat_view(alt, seat) == view
            b1, b2 = bot(name, seed=5 + i), bot(name, seed=5 + i)
            assert b1.choose(view) == b2.choose(seat_view(alt, seat)), (name, game)
            checked += 1
            if checked == 3:
                break
        assert checked == 3, name


def test_a_bot_takes_over_mid_deal_without_memory():
    m = Match("manille-muette")
    m.start_deal(rng=random.Random(3))
    keeper = bot("TANA", 8)
    while m.in_deal:
        s = m.to_act()
        v = seat_view(m, s)
        a = keeper.choose(v)
        assert bot("TANA", 8).choose(v) == a     # a fresh bot decides the same
        m.apply(s, a)


def play_view(game, seed=5):
    """A seat's view at its first card decision of a deal played by TANA."""
    m = Match(game)
    m.start_deal(rng=random.Random(seed))
    while True:
        s = m.to_act()
        view = seat_view(m, s)
        if view["phase"] == "play":
            return view
        m.apply(s, bot("TANA").choose(view))


def test_search_levels_sample_more_worlds_in_manfee_and_manni(monkeypatch):
    import bots.play
    searched = []
    real = bots.play.pimc

    def spy(info, plays, make_world, rollouts, *args, min_worlds, **kw):
        searched.append((info.name, rollouts, min_worlds))
        return real(info, plays, make_world, rollouts, *args, min_worlds=min_worlds, **kw)
    monkeypatch.setattr(bots.play, "pimc", spy)
    for game in ("manille", "manfee", "manni"):
        make_bot("JANGARA", 1).choose(play_view(game))
        tanoor = make_bot("TANOOR", 1)
        tanoor.tweak("rollouts", 6)          # an arena tweak holds in every game
        tanoor.choose(play_view(game))
    assert searched == [("manille", 2, 2), ("manille", 6, 4), ("manfee", 8, 4), ("manfee", 6, 4),
                        ("manni", 8, 4), ("manni", 6, 4)]


# -- the ladder, on a small fixed sample -----------------------------------------

# Three rungs, each its own test so the suite's workers share them out.
@pytest.mark.parametrize("game, a, b, sets, budget, least", [
    ("manfee", "SADA", "KADO", 30, None, 0.6),
    ("manille", "ZELZELA", "KADO", 1, 0.03, None),
    # A search step: four sampled worlds against two (the levels' own settings).  A fixed
    # sample, small to keep the suite short: the step itself is measured over hundreds of
    # sets in the benchmarks (README).
    ("manille", "TANOOR", "JANGARA", 20, None, 0.55),
])
def test_ladder_holds_on_a_fixed_sample(game, a, b, sets, budget, least):
    r = arena_run(game, a, b, sets, seed=3, **({"budget": budget} if budget else {}))
    assert r["mean_diff"] > 0 and (least is None or r["win_rate"] > least), r


def test_arena_interval_is_a_wilson_interval():
    from bots.arena import wilson
    lo, hi = wilson(1.0, 10)               # 10 wins of 10: not "100% ± 0"
    assert 0.6 < lo < 0.8 and hi == 1.0
    lo, hi = wilson(0.0, 10)
    assert lo == 0.0 and 0.2 < hi < 0.4
    wide, narrow = wilson(0.6, 100), wilson(0.6, 1000)
    assert wide[0] < narrow[0] < 0.6 < narrow[1] < wide[1]
    assert abs(sum(wilson(0.5, 400)) / 2 - 0.5) < 1e-9


def test_runs_on_different_seeds_pool_into_the_figures_of_one_run():
    """Pooling the two halves of a run's sets gives what summarizing all of
    them at once gives (the way a long measurement is split over sessions)."""
    from bots.arena import pool, summarize
    rng = random.Random(4)
    sets = [(k, rng.choice([0.0, 5.0, 13.0]), rng.choice([0.0, 5.0, 13.0]), [0.1], [0.2]) for k in range(90)]
    whole = summarize(sets, "A", "B")
    pooled = pool([summarize(sets[:30], "A", "B"), summarize(sets[30:], "A", "B")])
    for key in ("sets", "wins", "ties", "losses"):
        assert pooled[key] == whole[key]
    assert pooled["win_rate"] == pytest.approx(whole["win_rate"])
    assert pooled["ci95"] == pytest.approx(whole["ci95"])
    assert pooled["mean_diff"] == pytest.approx(whole["mean_diff"])
    assert pooled["diff_ci95"] == pytest.approx(whole["diff_ci95"], rel=1e-9)


def test_variants_on_one_seed_compare_set_by_set():
    """Two variants played against one opponent on one seed meet the same
    cards, so their runs pair set by set (``arena.paired``)."""
    from bots.arena import paired
    plain = arena_run("manille", "SADA", "KADO", 24, seed=5)
    sloppy = arena_run("manille", "SADA:noise=0.4", "KADO", 24, seed=5)
    assert len(plain["set_diffs"]) == 24
    assert sum(plain["set_diffs"]) / 24 == pytest.approx(plain["mean_diff"], abs=1e-3)
    same = paired(plain, arena_run("manille", "SADA", "KADO", 24, seed=5))
    assert (same["mean"], same["ci95"], same["alike"]) == (0.0, 0.0, 24)   # bots are pure functions
    p = paired(plain, sloppy)
    assert p["mean"] == pytest.approx(plain["mean_diff"] - sloppy["mean_diff"], abs=1e-3)
    assert p["better"] + p["alike"] + p["worse"] == 24 and p["better"] > 0
    with pytest.raises(ValueError):
        paired(plain, arena_run("manille", "SADA", "KADO", 24, seed=6))
    # a shorter run on the seed is the longer one's first sets, dealt and played alike
    short = paired(plain, arena_run("manille", "SADA", "KADO", 10, seed=5))
    assert (short["sets"], short["alike"]) == (10, 10)


def test_a_measurement_in_parts_pools_into_one_table_row(tmp_path):
    """Two parts on two seeds pool into one row of the result file, which the
    README's table then shows in place of the parts (last row of a pair)."""
    import json
    from benchmarks import bots_pool, bots_table
    path = tmp_path / "manille.jsonl"
    parts = [dict(arena_run("manille", "SADA", "KADO", n, seed=s), game="manille", options={})
             for n, s in ((12, 1), (20, 2))]
    path.write_text("".join(json.dumps(p) + "\n" for p in parts))
    bots_pool.main([str(path), "--game", "manille", "--a", "SADA", "--b", "KADO",
                    "--seeds", "1,2", "--out", str(path)])
    row = json.loads(path.read_text().splitlines()[-1])
    assert (row["a"], row["b"], row["sets"], row["seeds"]) == ("SADA", "KADO", 32, [1, 2])
    assert row["wins"] == parts[0]["wins"] + parts[1]["wins"]
    assert row["time_a_ms"][2] == parts[0]["time_a_ms"][2] + parts[1]["time_a_ms"][2]
    assert row["time_a_ms"][1] == max(p["time_a_ms"][1] for p in parts)
    assert row["time_a_ms"][3] == pytest.approx(sum(p["time_a_ms"][3] * p["time_a_ms"][2] for p in parts)
                                                / row["time_a_ms"][2])
    rows = bots_table.game_rows([str(path)])
    assert [r["sets"] for r in rows[("manille", "{}")] if r["a"] == "SADA"] == [32]


def test_a_bot_pairs_with_its_earlier_self_kept_in_another_file(tmp_path, capsys):
    """``bots_pool --versus-from``: a change measured against the bot before
    it, both runs under one name in two result files, set by set."""
    import json
    from benchmarks import bots_pool
    now = dict(arena_run("manille", "SADA", "KADO", 12, seed=3), game="manille", options={})
    before = dict(now, set_diffs=[d - 2.0 for d in now["set_diffs"][:3]] + now["set_diffs"][3:])
    new, old = tmp_path / "new.jsonl", tmp_path / "old.jsonl"
    new.write_text(json.dumps(now) + "\n")
    old.write_text(json.dumps(before) + "\n")
    bots_pool.main([str(new), "--game", "manille", "--a", "SADA", "--versus", "SADA", "--b", "KADO",
                    "--seeds", "3", "--versus-from", str(old)])
    said = capsys.readouterr().out
    assert "+0.50" in said and "better/alike/worse 3/9/0" in said


def test_the_oracle_without_peeking_at_the_bids_swaps_as_if_blind():
    """``ORACLE:peek_bids=false`` (arena only) sees every hand in the play
    but decides the Manni swap without seeing the Manni: the same choice
    whatever the Manni holds, where the peeking oracle takes a strong Manni
    and leaves a weak one."""
    g = Match("manni").game
    T = TRUMP_CYCLE[0]                                 # deal 0's trump
    trumps = [c for c in g.deck if SUIT_OF[c] == T]
    plain = [c for c in g.deck if SUIT_OF[c] != T]
    me = 1                                             # the dealer's left decides first
    mine = plain[:12]                                  # a middling hand with no trump
    strong = trumps[:12]                               # every trump
    rest = plain[12:]
    choices = {True: set(), False: set()}
    for peek in (True, False):
        for manni in (strong, rest[:12]):
            unseen = [c for c in strong + rest if c not in manni]
            hands = [0, 0, 0]
            hands[me] = sum(1 << c for c in mine)
            hands[2] = sum(1 << c for c in unseen[:12])
            hands[0] = sum(1 << c for c in unseen[12:24])
            m = Match("manni")
            start(m, 0, hands, sum(1 << c for c in manni), 0)
            assert m.to_act() == me and m.deal.trump == T
            oracle = make_player("ORACLE:peek_bids=" + ("true" if peek else "false"), 5, 0.1)
            choices[peek].add(oracle.choose_state(m, me)["swap"])
    assert choices[True] == {True, False}              # it sees the Manni: takes the good one
    assert len(choices[False]) == 1                    # it does not: one choice for both
