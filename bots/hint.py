"""The hint: what the strongest bot would do from this seat, and why.

    from bots.hint import hint
    from bots.coach_words import say
    h = hint(view)                 # view = rules.views.seat_view(match, seat)
    h.action                       # e.g. {"play": "KS"}: one of view["legal"]
    say(h.reason)                  # "the K♠ is the highest spade left"

``hint`` asks ZELZELA for the seat's current decision (any decision: Manfee
calls, accept or pass, trump, en face, blind or look, taps and tap backs, the
Manni swap, cards with their signals) and explains it with reason codes
(``coach_words``) worked out from the same view.  Like every bot it reads the
view and nothing else, so a hint never tells what a seat could not know; and
it is a pure function of (view, budget, seed).
"""
from __future__ import annotations

from dataclasses import dataclass

from rules import actions as A
from rules.cards import NT, RANK_OF, SUIT_OF, SUITS, SUIT_MASK, card_text, mask_cards, parse_card
from .base import make_bot
from .coach_words import Reason
from .estimate import manfee_tricks, manille_points, manni_tricks
from .infer import EN_FACE_VALUE, trump_values
from .knowledge import Info
from .core import popcount
from .coach_values import candidates
from .judge import THRESHOLDS, Judgement, ReviewError, judge_view, label_for, markable, plain_code
from .policy import safe_lead

# The hint answers within a second on one core: ZELZELA's searches stop
# after this long (they normally take 0.1-0.5 s; the cap is for a loaded
# machine and makes a hint depend on timing only then).
TIME_CAP = 0.6
HINT_BOT = "ZELZELA"
NINE = parse_card("9S")


@dataclass(frozen=True)
class Hint:
    """The suggested action for the seat to act, and why.

    ``action`` is one of the view's legal action objects (a Manfee play may
    carry a ``signal``); ``reasons`` lists the main reason first, then
    secondary ones (the Manfee trick race, the signal).
    """

    seat: str
    phase: str
    action: dict
    reasons: tuple[Reason, ...]

    @property
    def reason(self) -> Reason:
        return self.reasons[0]

    def to_json(self) -> dict:
        return {"seat": self.seat, "phase": self.phase, "action": self.action,
                "reasons": [r.to_json() for r in self.reasons]}


def hint(view: dict, budget: float = 1.0, seed: int = 0) -> Hint:
    """ZELZELA's choice for the seat of ``view`` and the reasons for it.

    ``budget`` scales the search (1 = ZELZELA as it plays; tests pass
    0.05).  Raises ValueError when the seat has nothing to decide.
    """
    if not view.get("legal"):
        raise ValueError("this seat has nothing to decide now")
    action, judged = _checked_choice(view, budget, seed)
    info = Info(view)
    code = A.parse_action(action)
    reasons = reasons_for(info, code)
    if reasons[0].code == "search_best" and judged is not None:
        reasons[0] = measured_reason(judged, reasons[0].params.get("card"), tricks=info.name == "manni")
    return Hint(view["seat"], view["phase"], action, tuple(reasons))


def hint_choice(view: dict, budget: float = 1.0, seed: int = 0) -> dict:
    """The action the hint suggests at ``view``: the review asks it too, not to mark as a
    mistake the choice the coach itself gave."""
    return _checked_choice(view, budget, seed)[0]


# The hint's first look at its choice: a quarter of the review's deals (a full look took
# 0.9 s a Manfee card on a loaded machine); a closer look only where the first finds the
# choice within half an inaccuracy of a mark.
QUICK_LOOK = 0.25
# Near a mark, all the review's deals, so that the review never marks the hint's card.  It
# costs: 2.6 s of CPU for a Manfee card of eleven choices near a mark (half of them, 1.8 s,
# missed the mark the review then gave).  Rare, and asked on the player's own turn, when the
# bots' worker it shares has nothing else to do.
NEAR_LOOK = 1.0


def _checked_choice(view: dict, budget: float, seed: int) -> tuple[dict, Judgement | None]:
    """ZELZELA's choice (under the hint's time cap), judged as the review judges it (the
    same worlds for the same view and seed): where the review would mark it a mistake, or
    finds another card clearly better, the review's best instead.  A French player followed
    two hints the review then marked; a hint now never gives a card its own review would mark.  The judgement comes back too
    (None where there was nothing to weigh), for the reason's figures."""
    bot = make_bot(HINT_BOT, seed, budget)
    bot.tweak("time_cap", TIME_CAP)
    action = bot.choose(view)
    if len(candidates(Info(view))) < 2:
        return action, None
    code = A.parse_action(action)
    try:
        judged = judge_view(view, code, budget * QUICK_LOOK, seed)
        if markable(view) and judged.loss >= THRESHOLDS[view["game"]][0] / 2:
            judged = judge_view(view, code, budget * NEAR_LOOK, seed)      # near a mark: a closer look
    except ReviewError:
        return action, None
    marked = markable(view) and label_for(view["game"], judged.loss, judged.spread) is not None
    # A card the review finds clearly (beyond its noise) worse, if by less than a mark: its
    # best too.  A club player met the hint's 8♦ and the review's 8♣ with one sentence ("the
    # fewest points") and the review charging the hint's card.  Cards only: the measure
    # finishes the announcements by formula, which the bidding must not follow.
    fine = view["phase"] == "play" and judged.loss > max(2 * judged.spread, THRESHOLDS[view["game"]][0] / 4)
    if marked or fine:
        action = _legal_action(view, judged.best)
        judged = Judgement(judged.best, judged.best, 0.0, 0.0, judged.valuation)
    return action, judged


def _legal_action(view: dict, code: int) -> dict:
    """The legal action object of choice ``code`` (a play without its signal).  A view's
    legal plays carry no signal, so a card put in ZELZELA's place goes without one (never
    a signal ZELZELA chose for another card)."""
    return next(a for a in view["legal"] if plain_code(A.parse_action(a)) == code)


# Below this lead (points a deal) over the next choice, the hint calls its card a close call.
CLOSE_CALL = 0.3


def measured_reason(judged: Judgement, card: str | None, tricks: bool = False) -> Reason:
    """What the coach's play-outs found for the hint's card, where no rule of play explains
    it: how far it came out ahead of the next best choice, over how many deals ("plays out
    best over the deals the coach tried" taught nothing)."""
    val = judged.valuation
    return margin_reason(judged.chosen, val.values, val.samples, tricks) if card is not None \
        else Reason("search_best", {"card": card})


def margin_reason(chosen: int, values: dict[int, float], samples: int, tricks: bool = False) -> Reason:
    """The reason for card ``chosen`` from the worths ``values`` (code -> mean worth over
    ``samples`` deals) of a decision's choices: the next best card and the margin (the hint's,
    and the review's "Why" for its best card), in ``tricks`` where the game scores them
    (Manni: "0.3 points a deal" was said of tricks)."""
    mine = values.get(chosen)
    # not a card that plays alike (a touching card of the same suit shares its worth)
    others = [c for c in values if c < 192 and c != chosen and not (SUIT_OF[c] == SUIT_OF[chosen] and values[c] == mine)]
    if mine is None or not others:
        return Reason("search_best", {"card": card_text(chosen)})
    other = max(others, key=lambda c: values[c])
    margin = round(mine - values[other], 1)
    params = {"card": card_text(chosen), "other_card": card_text(other), "deals": samples}
    unit = "_tricks" if tricks else ""
    if margin >= CLOSE_CALL:
        return Reason("search_margin" + unit, dict(params, margin=margin))
    if abs(margin) < 0.1:
        return Reason("search_even", params)
    if margin > 0:                          # a little ahead
        return Reason("search_close" + unit, dict(params, margin=margin))
    # behind, within the measure's noise (else the hint gave the better card): say which is ahead
    return Reason("search_noise" + unit, dict(params, margin=-margin))


def reasons_for(info: Info, code: int) -> list[Reason]:
    """The reasons for action ``code`` at the decision of ``info`` (view only)."""
    if code == A.LOOK:
        return [Reason("look_first")]
    if A.BLIND <= code <= A.BLIND + NT:
        return [Reason("blind")]
    if code < 192:
        return _card_reasons(info, code)
    ph = info.phase
    if ph == "call":
        return [_call_reason(info, code - A.CALL)]
    if ph == "decide":
        return [_decide_reason(info, code == A.ACCEPT)]
    if ph in ("trump", "partner_trump"):
        return [_trump_reason(info, code)]
    if ph in ("double", "redouble"):
        trump = "NT" if info.trump == NT else SUITS[info.trump]
        names = {A.DOUBLE: "tap", A.NO_DOUBLE: "no_tap", A.REDOUBLE: "tap_back",
                 A.NO_REDOUBLE: "no_tap_back"}
        # what a tap back makes the deal count, its other factors with it (a blind deal
        # tapped back counts 8 times: "four times" stood beside the panel's "8 times")
        factor = 4 * (2 if info.trump == NT else 1) * (2 if info.blind else 1)
        return [Reason(names[code], {"trump": trump, "factor": factor})]
    if ph == "swap":
        tricks = max(0.0, round(manni_tricks(info.hand, info.trump), 1))    # never "about -0.5 tricks"
        # the Manni as the bots value an unseen hand (``bidding.swap_choice``: 3.8), rounded; where
        # the hand's worth alone points the other way, the play-outs decided: said so ("keep: your
        # hand takes 3.7, the Manni 4" contradicted its own advice)
        swap = code == A.SWAP
        close = tricks >= 4 if swap else tricks < 4
        return [Reason(("swap" if swap else "keep") + ("_close" if close else ""), {"tricks": tricks, "average": 4})]
    return [Reason("only_card", {})]


# -- announcements ------------------------------------------------------------------

def _call_reason(info: Info, call: int) -> Reason:
    d, me = info.dealer, info.me
    tricks = round(min(13.0, max(0.0, manfee_tricks(info.hand))), 1)      # never "13.6 tricks" of 13
    most = max(a - A.CALL for a in info.legal)
    if len(info.legal) == 1:                    # the block left one call: no strategy to explain
        return Reason("call_forced", {"call": call})
    if me == (d + 2) % 4 and call == most and info.calls[(d + 3) % 4] is not None:
        return Reason("call_block", {"call": call})
    if me == (d + 3) % 4:
        # c1opt's picture of the side: this hand, and a partner holding a third of the rest
        return Reason("call_team", {"call": call, "tricks": tricks,
                                    "partner_tricks": round((13 - tricks) / 3, 1)})
    if me == (d + 1) % 4 and info.calls[(d + 3) % 4] is not None:
        return Reason("call_last", {"call": call, "total": info.calls[(d + 3) % 4] + call})
    return Reason("call_hand", {"call": call, "tricks": tricks})


def _decide_reason(info: Info, accept: bool) -> Reason:
    d = info.dealer
    calls = info.calls
    opp = calls[(d + 1) % 4] + calls[(d + 3) % 4]
    remainder = 13 - sum(c for c in calls if c is not None)
    acc = (calls[(d + 2) % 4] + remainder, opp)
    pas = (min(opp + 1, 13), 13 - min(opp + 1, 13))
    # The why behind the targets: what the side holds if it keeps its hands (this hand and
    # the partner's call), and what it would hold after a pass (the opponents' hands, as called).
    partner = calls[(d + 2) % 4]
    side = round(min(13.0, max(0.0, manfee_tricks(info.hand)) + partner), 1)
    if acc == pas:          # the targets alike: what differs is the hands, kept or passed on
        return Reason("accept_same", {"target": acc[0], "their_target": acc[1], "side": side}) if accept \
            else Reason("pass_same", {"target": acc[0], "their_target": acc[1], "opp": opp})
    if accept:
        return Reason("accept", {"side": side, "partner": partner, "target": acc[0], "their_target": acc[1],
                                 "pass_target": pas[0], "pass_their_target": pas[1]})
    return Reason("pass", {"opp": opp, "side": side, "target": pas[0], "their_target": pas[1],
                           "accept_target": acc[0], "accept_their_target": acc[1]})


def _trump_reason(info: Info, code: int) -> Reason:
    if code == A.PARTNER:
        # "no trump stands out" said of four clubs under the manille: where a suit does stand
        # out (by the formula bots' own measure), the reason names it and what it is worth
        values = trump_values(info.hand, info.name)
        best = max(range(5), key=values.__getitem__)
        if values[best] > EN_FACE_VALUE:
            return Reason("en_face_over", {"trump": "NT" if best == NT else SUITS[best],
                                           "points": round(manille_points(info.hand, best, info.name))})
        return Reason("en_face")
    t = code - A.TRUMP
    points = round(manille_points(info.hand, t, info.name))
    if t == NT:
        return Reason("trump_nt", {"trump": "NT", "points": points})
    return Reason("trump_suit", {"trump": SUITS[t], "points": points})


# -- the card play ----------------------------------------------------------------------

def _card_reasons(info: Info, code: int) -> list[Reason]:
    c = code & 63
    legal = [a for a in info.legal if a < 192]
    out = [_main_card_reason(info, c, legal)]
    race = _race(info)
    if race is not None:
        out.append(race)
    sig = A.play_signal(code)
    if sig:
        out.append(Reason("signal_" + sig, {"suit": SUITS[SUIT_OF[c]]}))
    return out


def _main_card_reason(info: Info, c: int, legal: list[int]) -> Reason:
    kind, T = info.kind, info.trump
    card = card_text(c)
    s = SUIT_OF[c]
    if len(legal) == 1:
        return Reason("only_card", {"card": card})
    live = info.others_live()
    master = not live & kind.above[c]
    top = master and not info.hand & kind.above[c]       # "the highest left": not while we hold a higher one
    me, p = info.me, info.partner
    opps = [x for x in range(info.n) if x != me and x != p]
    if not info.trick:
        return _lead_reason(info, c, top, opps, live)
    led, w, ws = info.led, info.win_card, info.win_seat
    winners = [x for x in legal if kind.beats(x, w, led, T)]
    beats = c in winners
    k = len(info.trick)
    later = [(me + kind.direction * i) % info.n for i in range(1, info.n - k)]
    later_opps = [x for x in later if x != p]
    if ws == p and not beats:
        if kind.points and kind.value[c] > 0:
            if _surely_takes(info, w, later_opps):
                # "give it the points of the Q♠" beside a K♣ worth more read as a slip: the
                # card kept back is named (what the choice does, no claim of the search's)
                richer = [x for x in legal if x not in winners and kind.value[x] > kind.value[c]]
                if richer:
                    kept = max(richer, key=lambda x: (kind.value[x], kind.strength[x]))
                    return Reason("feed_keep", {"card": card, "partner_card": card_text(w),
                                                "kept_card": card_text(kept)})
                return Reason("feed_points", {"card": card, "partner_card": card_text(w)})
            return Reason("search_best", {"card": card})    # a later opponent may beat it: no "holds"
        if winners:
            high = max(winners, key=lambda x: kind.strength[x] + (100 if SUIT_OF[x] == T else 0))
            return Reason("dont_overtake", {"high_card": card_text(high), "partner_card": card_text(w)})
        return Reason("partner_winning", {"partner_card": card_text(w)})
    if beats:
        if ws == p and len(winners) < len(legal):       # a choice, not every card (or the rules) forcing it
            return Reason("overtake_partner", {"card": card, "partner_card": card_text(w)})
        if T != NT and s == T and led != T:
            if SUIT_OF[w] == T:
                return Reason("overtrump", {"card": card, "beats_card": card_text(w)})
            return Reason("ruff", {"card": card, "suit": SUITS[led]})
        if _surely_takes(info, c, later_opps):
            cheaper = [x for x in winners if SUIT_OF[x] == s and kind.strength[x] < kind.strength[c]]
            return Reason("take_trick" if cheaper else "win_cheaply", {"card": card})
        if top:
            return Reason("highest_left", {"card": card, "suit": SUITS[s]})
        return Reason("play_high", {"card": card})
    # Every claim below is checked before it is made: the cheapest card, a trick already
    # lost (no partner still to play), a card of no use (the lowest of a plain suit);
    # otherwise the coach says only what the search found.
    losers = [x for x in legal if x not in winners]
    cheapest = kind.value[c] <= min(kind.value[x] for x in losers)
    lost = p not in later
    if s != led:
        params = {"card": card, "suit": SUITS[led]}
        if kind.points and cheapest:
            return Reason("save_points" if lost else "cheap_discard", params)
        if not kind.points and s != T and c == kind.low(info.hand & SUIT_MASK[s]) and live & kind.above[c]:
            return Reason("discard", params)
        # "the card you will miss least" was said of a 7 beside a 4 of the same suit: the
        # fallback says only what the search found
        return Reason("search_best", {"card": card})
    if winners:
        return Reason("duck", {"card": card, "winner_card": card_text(w), "suit": SUITS[led]})
    low = kind.strength[c] <= min(kind.strength[x] for x in losers if SUIT_OF[x] == s)
    if (cheapest if kind.points else low):
        return Reason("cannot_win", {"card": card, "winner_card": card_text(w)})
    return Reason("search_best", {"card": card})


def _may_lack(info: Info, seat: int, suit_mask: int) -> bool:
    """Could ``seat`` hold no card of the suit (and so trump or throw anything)?  Not when it
    surely holds one, or when its other possible cards are fewer than the cards in its hand."""
    if info.known[seat] & suit_mask:
        return False
    return popcount(info.poss[seat] & ~suit_mask) >= info.counts[seat]


def _surely_takes(info: Info, c: int, opps: list[int]) -> bool:
    """Can none of the later opponents ``opps`` beat ``c``, whatever the hidden hands?
    Stricter than the play-outs' ``any_can_beat``, which lets a seat trump only once it
    showed it is void: a sentence that says "surely" must hold in every deal."""
    kind, T, led = info.kind, info.trump, info.led
    lm = SUIT_MASK[led]
    trumps = SUIT_MASK[T] if T != NT and SUIT_OF[c] != T else 0
    for o in opps:
        ps = info.poss[o]
        free = _may_lack(info, o, lm)
        if ps & kind.above[c] and (SUIT_OF[c] == led or free):
            return False
        if free and ps & trumps:
            return False
    return True


def _lead_reason(info: Info, c: int, master: bool, opps: list[int], live: int) -> Reason:
    """``master``: the highest card of its suit left, ours included."""
    kind, T = info.kind, info.trump
    card = card_text(c)
    s = SUIT_OF[c]
    their_trumps = any(info.poss[o] & SUIT_MASK[T] for o in opps) if T != NT else False
    if s == info.slam_request():
        return Reason("partner_asked", {"suit": SUITS[s]})
    if T != NT and s == T:
        if not their_trumps:                           # nothing to draw: say only what the search found
            return Reason("search_best", {"card": card})
        if master:
            return Reason("draw_trumps", {"card": card})
        return Reason("lead_trump", {"card": card})
    if master and safe_lead(kind, c, opps, info.poss, T):
        return Reason("highest_left", {"card": card, "suit": SUITS[s]})
    p = info.partner
    if p >= 0 and T != NT and not info.poss[p] & SUIT_MASK[s] and info.poss[p] & SUIT_MASK[T] \
            and any(info.poss[o] & SUIT_MASK[s] for o in opps):     # else they may ruff it too, and over
        return Reason("lead_partner_ruff", {"suit": SUITS[s]})
    mine = [x for x in mask_cards(info.hand & SUIT_MASK[s])]
    high = max(mine, key=lambda x: kind.strength[x]) if mine else c
    worth_keeping = not live & kind.above[high] or (kind.points and kind.value[high] > 0)
    # "lead low" only of a low card (no points, nine or under): it was said of a king led from A-K
    low = kind.value[c] == 0 if kind.points else RANK_OF[c] <= RANK_OF[NINE]
    if len(mine) > 1 and c == min(mine, key=lambda x: kind.strength[x]) and worth_keeping and low:
        # "keep your high cards" only when one is: the suit's top card, or one that scores
        return Reason("lead_low", {"card": card, "suit": SUITS[s]})
    return Reason("search_best", {"card": card})


def _race(info: Info) -> Reason | None:
    """Manfee: how many tricks each side still needs to go over, when it is
    close enough to matter (three or fewer for either side)."""
    if info.name != "manfee" or not info.targets:
        return None
    mine = info.me & 1
    won = info.view.get("tricks") or {}
    sides = info.game.sides
    need = info.targets[mine] + 1 - won.get(sides[mine], 0)
    they = info.targets[1 - mine] + 1 - won.get(sides[1 - mine], 0)
    if min(need, they) > 3:
        return None
    return Reason("race", {"need": need, "they_need": they})
