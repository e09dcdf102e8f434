"""The hint: a legal choice with reasons in codes, for every decision, that
never depends on what the seat cannot see.

The helpers ``decision_points`` and ``redeal`` (another match the seat cannot
tell from this one) serve tests/test_review.py too.
"""
import json
import random
import re

import pytest

from rules import Match
from rules import actions as A
from rules.cards import SUIT_OF, SUIT_MASK, mask_cards, parse_card, make_mask
from rules.views import seat_view
from bots.coach_words import ENGLISH, Reason, say, card_words
from bots.hint import hint, reasons_for
from bots.estimate import manfee_tricks
from bots.knowledge import Info

BUDGET = 0.03
GAMES = [
    ("manfee", {}),
    ("manfee", {"signals": False}),
    ("manille", {}),
    ("manille-muette", {}),
    ("manille-muette", {"en_face": False, "doubling": False, "blind": True}),
    ("manni", {}),
]


def stripped(obj):
    return {k: v for k, v in obj.items() if k not in ("seat", "signal")}


def decision_points(game, options, seed, count, stop=(4, 40)):
    """Matches stopped at random decision points (random legal play)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        m = Match(game, options)
        m.start_deal(rng=rng)
        for _ in range(rng.randrange(*stop)):
            if not m.in_deal:
                break
            d = m.deal
            if options.get("blind") and d.phase == 2 and not d.looked and rng.random() < 0.7:
                m.apply(d.turn, A.LOOK)
                continue
            m.apply(d.turn, rng.choice(d.legal()))
        if m.in_deal:
            out.append(m)
    return out


def redeal(m, seat, rng, tries=300):
    """Another match that ``seat`` cannot tell from ``m``: the cards it cannot
    see dealt again among the places that hide them (same counts, shown voids
    kept), the same actions replayed under the rules.  None if none found."""
    g, d = m.game, m.deal
    places = [s for s in range(d.n) if s != seat]
    if g.name == "manfee" and d.passed:
        places.remove((seat + 3) % 4)          # holds the hand we passed
    manni_out = g.name == "manni" and d.swapper != seat
    pool = 0
    for s in places:
        pool |= d.hands[s]
    if manni_out:
        pool |= d.widow if d.swapper < 0 else d.swapped_out
    voids, played_by, trick = [0] * d.n, [0] * d.n, []
    for s, code in d.history:
        if code < 192:
            c = code & 63
            played_by[s] |= 1 << c
            if trick and SUIT_OF[c] != SUIT_OF[trick[0]]:
                voids[s] |= SUIT_MASK[SUIT_OF[trick[0]]]
            trick = [] if len(trick) + 1 == d.n else trick + [c]
    sizes = [bin(d.hands[s]).count("1") for s in places]
    cards = list(mask_cards(pool))
    record = m.record()
    actions = record["deals"][-1]["actions"]
    for _ in range(tries):
        rng.shuffle(cards)
        new, i = {}, 0
        for s, k in zip(places, sizes, strict=True):
            new[s] = sum(1 << c for c in cards[i:i + k])
            i += k
        if any(new[s] & voids[s] for s in places):
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
                out = rest if manni_out else d.swapped_out
                dealt[d.swapper], widow = out, dealt[d.swapper]
            else:
                widow = rest
        alt = Match(g.name, m.options, players=m.players)
        try:
            alt.start_deal(dealer=d.dealer, hands=dealt, widow=widow)
            for a in actions:
                alt.apply(a["seat"], {k: v for k, v in a.items() if k != "seat"})
            if getattr(d, "looked", None) and not getattr(alt.deal, "looked", True):
                alt.apply(d.dealer, A.LOOK)
        except Exception:
            continue
        if alt.deal.hands == d.hands:
            continue
        return alt
    return None


# -- every decision gets a legal hint, in codes ------------------------------------

PARAM = re.compile(r"^([2-9TJQKA][SHDC]|[SHDC]|NT)$")


def check_reasons(h):
    assert h.reasons and all(r.code in ENGLISH for r in h.reasons), h
    for r in h.reasons:
        json.dumps(r.to_json())
        for key, value in r.params.items():
            # No words in the parameters: card and suit texts, or numbers.
            assert isinstance(value, (int, float)) or PARAM.match(value), (r, key)
        text = say(r)
        assert text != r.code and "{" not in text, (r, text)


@pytest.mark.parametrize("game,options", GAMES)
def test_hint_is_a_legal_choice_with_reason_codes(game, options):
    seen = set()
    for m in decision_points(game, options, seed=len(game) + 3 * len(options), count=10, stop=(0, 30)):
        view = seat_view(m, m.to_act())
        h = hint(view, budget=BUDGET)
        assert stripped(h.action) in [stripped(a) for a in view["legal"]]
        assert h.seat == view["seat"] and h.phase == view["phase"]
        check_reasons(h)
        seen.add(view["phase"])
    assert "play" in seen


def test_hint_for_a_dealer_who_has_not_looked():
    m = Match("manille-muette", {"blind": True})
    m.start_deal(dealer=0, rng=random.Random(2))
    view = seat_view(m, 0)
    assert view["hand"] is None
    h = hint(view, budget=BUDGET)
    assert h.action == {"look": True} and h.reason.code == "look_first"


@pytest.mark.parametrize("game,options", GAMES)
def test_no_peeking(game, options):
    """Changing the other hands consistently with the view gives the same hint."""
    rng = random.Random(7)
    checked = 0
    for m in decision_points(game, options, seed=99 + len(game), count=12):
        seat = m.to_act()
        alt = redeal(m, seat, rng)
        if alt is None:
            continue
        view = seat_view(m, seat)
        assert seat_view(alt, seat) == view
        assert hint(view, budget=BUDGET, seed=3) == hint(seat_view(alt, seat), budget=BUDGET, seed=3)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


# -- the reasons, on positions built by hand ------------------------------------------

def mask(text):
    return make_mask(parse_card(t) for t in text.split())


def manfee_match(hands, actions, dealer="bottom"):
    m = Match("manfee")
    seats = m.game.seats
    m.start_deal(dealer=seats.index(dealer), hands=[mask(hands[s]) for s in seats])
    for seat, act in actions:
        m.apply(seat, act)
    return m


def test_reasons_for_the_calls_the_decision_and_a_lost_trick():
    # Dealer bottom: right calls first, then top (the dealer's partner), left.
    hands = {
        "bottom": "AH 2H 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D",
        "right": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "top": "TH JH QH KH JC QC KC AC TD JD QD KD AD",
        "left": "3H 4H 5H 6H 7H 8H 9H 7C 8C 9C TC 8D 9D",
    }
    m = manfee_match(hands, [])
    info = Info(seat_view(m, "right"))
    r = reasons_for(info, A.CALL + 5)[0]
    assert r.code == "call_team" and r.params["call"] == 5
    assert r.params["partner_tricks"] == round((13 - r.params["tricks"]) / 3, 1)         # why a side calls more than a hand
    assert r.params["tricks"] <= 13 and r.params["partner_tricks"] >= 0     # thirteen spades: not "13.6 tricks"
    m.apply("right", {"call": 5})
    r = reasons_for(Info(seat_view(m, "top")), A.CALL + 8)[0]
    assert r.code == "call_block"
    m.apply("top", {"call": 8})
    forced = reasons_for(Info(seat_view(m, "left")), A.CALL + 0)[0]    # the block leaves left only 0
    assert forced.to_json() == ["call_forced", {"call": 0}]
    m.apply("left", {"call": 0})
    r = reasons_for(Info(seat_view(m, "bottom")), A.ACCEPT)[0]
    # Accept: 8 + remainder 0 against 5; pass: 6 against 7.  The why: this hand and the
    # partner's call of 8 (kept), or the opponents' hands called at 5 (passed on).
    side = round(min(13.0, manfee_tricks(mask("AH 2H 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D")) + 8), 1)
    assert r.to_json() == ["accept", {"side": str(side), "partner": 8, "target": 8, "their_target": 5,   # no float
                                      "pass_target": 6, "pass_their_target": 7}]                     # on the wire
    give = reasons_for(Info(seat_view(m, "bottom")), A.PASS)[0]
    assert give.params["opp"] == 5 and give.params["accept_target"] == 8
    assert say(give).startswith("a pass gives your side the opponents' hands (they called 5) and a target of 6")
    m.apply("bottom", {"decision": "accept"})
    # Right leads the two of spades (trump); nobody else holds a spade.
    m.apply("right", {"play": "2S"})
    m.apply("top", {"play": "JC"})
    m.apply("left", {"play": "7C"})
    r = reasons_for(Info(seat_view(m, "bottom")), parse_card("2C"))[0]
    assert r.to_json() == ["discard", {"card": "2C", "suit": "S"}]
    assert say(r) == "you have no spades: throw the 2♣, which is of no use"


# Right, top and left call 3, 4 and 2; the dealer (bottom) accepts.
ACCEPTED = [("right", {"call": 3}), ("top", {"call": 4}), ("left", {"call": 2}), ("bottom", {"decision": "accept"})]


def test_dont_overtake_the_partners_ten():
    # Top (bottom's partner) leads the ten of hearts, left follows low; bottom
    # holds the ace and the two: the ace would only overtake the partner.
    hands = {
        "bottom": "AH 2H 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D",
        "right": "3H 7C 8C 9C TC JC 8D 9D TD JD QD KD AD",
        "top": "TH JH QH KH AS KS QS JS TS 9S 8S QC KC",
        "left": "4H 5H 6H 7H 8H 9H 7S 6S 5S 4S 3S 2S AC",
    }
    m = manfee_match(hands, [*ACCEPTED, ("right", {"play": "3H"}), ("top", {"play": "TH"}),
                             ("left", {"play": "4H"})])
    info = Info(seat_view(m, "bottom"))
    r = reasons_for(info, parse_card("2H"))[0]
    assert r.to_json() == ["dont_overtake", {"high_card": "AH", "partner_card": "TH"}]
    assert say(r) == "the A♥ would overtake your partner's 10♥"
    r = reasons_for(info, parse_card("AH"))[0]
    assert r.code == "overtake_partner"


def test_wording_of_every_code_and_another_language():
    assert card_words("TH") == "10♥"
    dutch = {"highest_left": "de {card} is de hoogste die nog in het spel is"}
    assert say(Reason("highest_left", {"card": "KS", "suit": "S"}), dutch) == \
        "de K♠ is de hoogste die nog in het spel is"
    # A code a table lacks is shown as the code, never as nothing.
    assert say(Reason("race", {"need": 2, "they_need": 1}), dutch) == "race"
    assert say(Reason("race", {"need": 2, "they_need": 1})) == \
        "your side needs 2 more tricks to go over; the opponents need 1"


def test_surely_is_said_only_when_no_later_opponent_could_trump():
    """Top holds the A♥ over the 3♥ led; left, still to play, has shown no void but
    could hold no heart and a spade (Manfee's trump): the ace is the highest heart
    left, it does not surely take the trick."""
    hands = {
        "bottom": "TH 2H 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D",
        "right": "3H 7C 8C 9C TC JC 8D 9D TD JD QD KD AD",
        "top": "AH JH QH KH AS KS QS JS TS 9S 8S QC KC",
        "left": "4H 5H 6H 7H 8H 9H 7S 6S 5S 4S 3S 2S AC",
    }
    m = manfee_match(hands, [*ACCEPTED, ("right", {"play": "3H"})])
    r = reasons_for(Info(seat_view(m, "top")), parse_card("AH"))[0]
    assert r.code == "highest_left", r
    # Had left shown it has no spade, nothing it could hold would beat the ace: then it is sure.
    from bots.hint import _surely_takes
    info = Info(seat_view(m, "top"))
    left = info.seats.index("left")
    assert not _surely_takes(info, parse_card("AH"), [left])
    info.poss[left] &= ~SUIT_MASK[SUIT_OF[parse_card("AS")]]
    assert _surely_takes(info, parse_card("AH"), [left])


def manille_match(hands, actions, dealer="top", trump="H"):
    m = Match("manille")
    seats = m.game.seats
    m.start_deal(dealer=seats.index(dealer), hands=[mask(hands[s]) for s in seats])
    m.apply(dealer, {"trump": trump})
    for seat, act in actions:
        m.apply(seat, act)
    return m


def test_a_discard_claims_only_what_holds():
    """Manille, hearts trump: right leads the A♦ and bottom has neither diamonds nor
    hearts.  Its partner (top) still plays, so the trick is not yet lost; the 7♣ gives
    the fewest points, the K♣ does not (the search may still prefer it: then the coach
    says no more than that)."""
    hands = {
        "bottom": "7C 9C KC 7S 8S 9S JS QS",
        "right": "AD KD QD JD 7H 8H TC 8C",
        "left": "TD 9D 8D 7D 9H JH QH KS",
        "top": "TS AS KH AH TH QC JC AC",
    }
    m = manille_match(hands, [("right", {"play": "AD"})])
    info = Info(seat_view(m, "bottom"))
    cheap = reasons_for(info, parse_card("7C"))[0]
    assert cheap.code == "cheap_discard" and "lost" not in say(cheap)
    dear = reasons_for(info, parse_card("KC"))[0]
    # no "the card you will miss least" either (said of a 7 beside a 4 of the same suit)
    assert dear.code == "search_best" and "fewest" not in say(dear) and "miss" not in say(dear), say(dear)


def test_a_hints_reason_does_not_say_its_choice_again():
    """The band reads "Hint: No tap back — <reason>": a reason ending in "do not tap back"
    said the choice twice."""
    from table.words import describe
    params = {"trump": "H", "tricks": 3, "factor": 4, "average": 4}
    for code, action in (("no_tap", {"double": False}), ("no_tap_back", {"redouble": False}),
                         ("tap_back", {"redouble": True}), ("keep", {"swap": False}), ("keep_close", {"swap": False})):
        reason = say(Reason(code, params)).lower()
        assert reason != code and not reason.endswith(describe(action).lower()), (code, reason)
        assert "do not" not in reason and "keep it" not in reason, (code, reason)


def test_the_highest_left_and_of_no_use_are_said_only_when_true():
    """"The K♥ is the highest heart left" while holding the A♥; "throw the A♣, which is
    of no use" when it is the highest club still out (a coach review found both)."""
    hands = {
        "bottom": "AH 2H AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
        "right": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "top": "TH JH QH KH 2C 3C 4C 5C 6C 7C QD KD AD",
        "left": "3H 4H 5H 6H 7H 8H 9H 8C 9C TC JC QC KC",
    }
    m = manfee_match(hands, [*ACCEPTED, ("right", {"play": "2S"}), ("top", {"play": "2C"}),
                             ("left", {"play": "8C"})])
    info = Info(seat_view(m, "bottom"))
    assert reasons_for(info, parse_card("2H"))[0].code == "discard"
    top_club = reasons_for(info, parse_card("AC"))[0]
    assert top_club.code != "discard" and "no use" not in say(top_club)
    lead = manfee_match(hands, ACCEPTED)
    lead_info = Info(seat_view(lead, "right"))
    assert reasons_for(lead_info, parse_card("KS"))[0].code != "highest_left"   # the A♠ is right's own
    assert reasons_for(lead_info, parse_card("AS"))[0].code != "draw_trumps"     # nobody else holds a trump


def test_feeding_the_partner_is_said_only_when_its_card_surely_holds():
    """Manille: right's Q♦ leads the trick, left may give it the J♦'s point, but top
    plays after and might hold the ten, the ace or the king, or trump it."""
    hands = {
        "bottom": "7C 9C KC 7S 8S 9S JS QS",
        "right": "AD KD QD 8D 7H 8H TC 8C",
        "left": "TD 9D JD 7D 9H JH QH KS",
        "top": "TS AS KH AH TH QC JC AC",
    }
    m = manille_match(hands, [("right", {"play": "QD"}), ("bottom", {"play": "7C"})])
    assert m.to_act() in ("left", m.game.seats.index("left"))
    r = reasons_for(Info(seat_view(m, "left")), parse_card("JD"))[0]
    assert r.code != "feed_points" and "holds the trick" not in say(r)


def test_feeding_the_partner_a_lesser_card_names_the_one_kept():
    """Manille: the partner's ten of diamonds holds the trick; "give it the points of the Q♠"
    read as a slip beside a K worth more: the reason names the card kept back."""
    hands = {
        "right": "7D 8D 9D JD 7C 8C 9C 7S",
        "bottom": "TD AD KD QD 7H 8H 9H JH",
        "left": "8S 9S TS JS AS TC JC AC",
        "top": "QS KS KC QC QH KH AH TH",
    }
    m = manille_match(hands, [("right", {"play": "7D"}), ("bottom", {"play": "TD"}), ("left", {"play": "8S"})])
    info = Info(seat_view(m, "top"))
    lesser = reasons_for(info, parse_card("QS"))[0]
    assert lesser.code == "feed_keep" and lesser.params["kept_card"] in ("KS", "KC"), lesser
    assert "give it the Q" in say(lesser) and "keep the K" in say(lesser)
    assert reasons_for(info, parse_card("KC"))[0].code == "feed_points"


def test_when_accept_and_pass_give_the_same_targets_the_reason_names_the_hand():
    """The opponents call 6 in all: either way 7 against 6; the reason listed the same
    targets twice ("accepting gives 7 against 6; passing would give 7 against 6")."""
    hands = {
        "bottom": "AH 2H 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D",
        "right": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "top": "TH JH QH KH JC QC KC AC TD JD QD KD AD",
        "left": "3H 4H 5H 6H 7H 8H 9H 7C 8C 9C TC 8D 9D",
    }
    m = manfee_match(hands, [("right", {"call": 3}), ("top", {"call": 2}), ("left", {"call": 3})])
    info = Info(seat_view(m, "bottom"))
    keep, give = reasons_for(info, A.ACCEPT)[0], reasons_for(info, A.PASS)[0]
    # ... and what the side would hold either way (it said no more than the targets)
    side = round(min(13.0, manfee_tricks(mask("AH 2H 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D")) + 2), 1)
    assert keep.to_json() == ["accept_same", {"target": 7, "their_target": 6, "side": str(side)}]
    assert say(give) == ("either way the targets are 7 against 6: passing gives your side the opponents' hands "
                         "(they called 6)")


def test_lead_low_to_keep_high_cards_only_when_one_is_high():
    """"Lead low and keep your high cards" from the 7♥ 9♥ with four higher hearts out."""
    hands = {
        "bottom": "AH 2H 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D",
        "right": "7H 9H AS KS QS JS TS 9S 8S 7S 6S 5S 4S",
        "top": "TH JH QH KH JC QC KC AC TD JD QD KD AD",
        "left": "3H 4H 5H 6H 8H 3S 2S 7C 8C 9C TC 8D 9D",
    }
    info = Info(seat_view(manfee_match(hands, ACCEPTED), "right"))
    r = reasons_for(info, parse_card("7H"))[0]
    assert r.code != "lead_low" and "high cards" not in say(r)
    above = mask("TH JH QH KH AH")              # were the hearts above the 9 gone, the 9 would be worth keeping
    info.unknown &= ~above
    info.known = [k & ~above for k in info.known]
    assert reasons_for(info, parse_card("7H"))[0].code == "lead_low"


def test_lead_for_the_partners_ruff_only_while_an_opponent_can_follow():
    """Bottom holds every club still out: top, void, could ruff a club lead, but so could
    both opponents, and over it: the coach does not say "your partner can ruff it"."""
    hands = {
        "bottom": "AS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2H",
        "right": "AC KC 5S 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
        "top": "6S 8S 9S TS JS 3H 4H 5H 6H 7H 8H 9H TH",
        "left": "7S QS KS 2S 3S 4S JH QH KH AH QD KD AD",
    }
    plays = "right AC, top 3H, left QD, bottom 2C, right KC, top 4H, left KD, bottom 3C, right 5S, top 6S, left 7S, " \
            "bottom AS"
    m = manfee_match(hands, [*ACCEPTED] + [(x.split()[0], {"play": x.split()[1]}) for x in plays.split(", ")])
    info = Info(seat_view(m, "bottom"))
    assert info.view["turn"] == "bottom" and not info.poss[info.partner] & SUIT_MASK[SUIT_OF[parse_card("4C")]]
    assert reasons_for(info, parse_card("4C"))[0].code != "lead_partner_ruff"


def test_the_partners_ruff_is_offered_as_a_chance_not_a_fact():
    """The view shows the partner void in the suit, but only that a trump may be left in
    that hand: "but still has trumps" said as a fact what the seat could not know."""
    assert "may still have trumps" in ENGLISH["lead_partner_ruff"]
    assert "may still have trumps" in say(Reason("lead_partner_ruff", {"suit": "C"}))


def test_a_tap_back_hint_says_what_the_deal_then_counts_with_its_other_factors():
    """A blind trump tapped back counts 8 times: the hint said "a tap back makes it four
    times" beside the panel's "the deal then counts 8 times"."""
    for blind, factor in ((True, 8), (False, 4)):
        m = Match("manille-muette", {"blind": True, "en_face": False})
        m.start_deal(rng=random.Random(5))
        dealer = m.deal.dealer
        if not blind:
            m.deal.looked = True
        m.apply(dealer, (A.BLIND if blind else A.TRUMP) + 1)
        m.apply(m.to_act(), A.DOUBLE)
        assert seat_view(m, m.to_act())["phase"] == "redouble"
        info = Info(seat_view(m, m.to_act()))
        for code in (A.REDOUBLE, A.NO_REDOUBLE):
            reason = reasons_for(info, code)[0]
            assert reason.params["factor"] == factor and f"{factor} times" in say(reason)


def test_en_face_is_not_said_to_leave_a_hand_with_no_trump_when_one_stands_out():
    """Four clubs under the manille: "no trump stands out in your hand" beside them."""
    m = Match("manille-muette", {"en_face": True})
    m.start_deal(rng=random.Random(3))
    m.deal.looked = True
    view = seat_view(m, m.to_act())
    assert view["phase"] == "trump" and {"trump": "partner"} in view["legal"]
    strong = Info(dict(view, hand=["TC", "9C", "8C", "7C", "AS", "9S", "KH", "9D"]))
    reason = reasons_for(strong, A.PARTNER)[0]
    assert reason.code == "en_face_over" and reason.params["trump"] == "C" and reason.params["points"] > 30
    assert "stands out" not in say(reason)
    flat = Info(dict(view, hand=["7C", "8D", "9H", "7S", "JC", "QD", "JH", "8S"]))
    assert reasons_for(flat, A.PARTNER)[0].code == "en_face"


def test_a_hint_at_every_kind_of_decision_is_a_message_the_lan_carries():
    """A joiner's hint at a Manfee call, at accept or pass and at the Manni swap said "about
    11.9 tricks": a float, which the LAN refuses, and the joiner's connection dropped."""
    from net.framing import CLIENT_LIMITS, check_shape
    from table import i18n
    from table.coach_words import hint_reason
    seen = set()
    for game, options in (("manfee", {}), ("manni", {}), ("manille-muette", {"en_face": True, "doubling": True})):
        m = Match(game, options)
        m.start_deal(rng=random.Random(4))
        for _ in range(12):
            seat = m.to_act()
            view = seat_view(m, seat)
            if view["phase"] == "play":
                break
            sent = hint(view, budget=0.05).to_json()
            check_shape({"type": "hint", **sent}, CLIENT_LIMITS)       # raises on a float
            seen.add(view["phase"])
            m.apply(seat, sent["action"])
    assert {"call", "decide", "swap", "trump"} <= seen, seen
    try:                                            # and the table words the tenths as numbers
        i18n.set_language("fr")
        assert "3,5" in hint_reason(Reason(*Reason("call_hand", {"call": 4, "tricks": 3.5}).to_json()))
    finally:
        i18n.set_language("en")


def test_lead_low_is_never_said_of_a_king():
    """"Lead low from diamonds and keep your high cards for later" stood beside a K♦ led
    from A♦ K♦ (a Manille club player's review): only a card with no points is low there."""
    hands = {
        "bottom": "AD KD 7S 8S 9S 7C 8C 9C",
        "left": "TD QD JD 9D TS AS KS QS",
        "top": "7D 8D JS TC AC KC QC JC",
        "right": "AH KH QH JH TH 9H 8H 7H",
    }
    m = manille_match(hands, [], dealer="right", trump="H")
    assert m.game.seats[m.to_act()] == "bottom"
    info = Info(seat_view(m, "bottom"))
    king = reasons_for(info, parse_card("KD"))[0]
    assert king.code != "lead_low" and "low" not in say(king), say(king)


def test_a_margin_in_manni_is_counted_in_tricks():
    """Manni scores tricks: the coach said "0.3 points a deal more than the A♠"."""
    from bots.hint import margin_reason
    from table import i18n
    from table.coach_words import hint_reason
    values = {parse_card("KS"): 1.4, parse_card("4H"): 1.0}
    manni = margin_reason(parse_card("KS"), values, 40, tricks=True)
    assert "0.4 tricks a deal" in say(manni) and "point" not in say(manni)
    assert "0.4 points a deal" in say(margin_reason(parse_card("KS"), values, 40))
    i18n.set_language("nl")
    try:
        assert "0,4 slagen per ronde" in hint_reason(manni)
    finally:
        i18n.set_language("en")


def test_the_manni_swaps_reason_says_what_the_manni_is_worth():
    """ "Keep my hand: your hand should take about 6.4 tricks": a newcomer could not tell
    whether that was good.  The reason says what the unseen Manni takes, and where 0 lies."""
    for game, options in GAMES:
        if game != "manni":
            continue
        for m in decision_points(game, options, seed=11, count=10, stop=(0, 2)):
            view = seat_view(m, m.to_act())
            if view["phase"] != "swap":
                continue
            for action in view["legal"]:
                r = reasons_for(Info(view), A.parse_action(action))[0]
                text, worth = say(r), r.params["tricks"]
                # never "keep: your hand takes 3.7, the Manni 4": the hand's worth alone would say swap
                plain = "swap" if action["swap"] else "keep"
                assert r.code == (plain if (worth < 4) == action["swap"] else plain + "_close"), (r, text)
                assert "4" in text and "unseen Manni" in text or "the Manni, unseen" in text, text
            return
    raise AssertionError("no swap decision met")
