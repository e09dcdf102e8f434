"""What a seat knows, read from its view alone (never from the state).

``Info(view)`` replays the public history of the deal and works out:
  * the cards played, the current trick, the trump;
  * per seat, the cards it cannot hold (``forbid``): a seat that did not follow
    suit is void; in the Manille games the obligations reveal more (a seat that
    did not trump or overtake when bound to holds no card that could have);
  * per seat, the cards it is known to hold (``known``): in Manfee after a pass
    the seat on our right holds the hand we passed;
  * soft evidence: Manfee signals (a drop says "no more of this suit", a slam
    asks the partner to lead that suit), calls, taps, swaps;
  * the unknown cards and how many of them each hidden place holds.
"""
from rules.cards import SUIT_OF, SUIT_MASK, NT, parse_card, make_mask, parse_trump
from rules.games import get_game
from rules.views import history_codes
from rules import actions as A
from .core import kind_of, popcount
from .policy import FULL

WIDOW = "widow"


def mask_of(texts):
    return make_mask(parse_card(t) for t in (texts or ()))


class Info:
    def __init__(self, view):
        self.view = view
        g = self.game = get_game(view["game"])
        self.name = g.name
        self.kind = kind_of(g.name)
        self.n = n = g.n
        self.seats = seats = view["seats"]
        self.me = me = seats.index(view["seat"])
        self.phase = view["phase"]
        self.dealer = seats.index(view["dealer"])
        self.hand_hidden = view.get("hand") is None
        self.hand = mask_of(view.get("hand"))
        self.codes = history_codes(view)
        self.trump = parse_trump(view["trump"]) if view.get("trump") else -1
        if g.name == "manfee":
            self.trump = 0
        self.partner = (me + 2) % 4 if n == 4 else -1
        self.options = view.get("options") or {}
        self.counts = [view["counts"][s] for s in seats] if view.get("counts") else [0] * n
        self.legal = [A.parse_action(a) for a in view.get("legal") or ()]
        self.forbid = [0] * n         # cards the seat surely does not hold (rules)
        self.soft = [0] * n           # cards it says it does not hold (signals)
        self.known = [0] * n          # cards it surely holds now
        self.played = 0
        self.plays = []               # (seat, card, signal) in order
        self.slams = []               # (seat, suit, index of the play)
        self.trick = []               # (seat, card) of the current trick
        self.tricks_done = 0
        self.won = [0] * n
        self.trick_winners = []       # (winner, cards) per finished trick
        self._replay()
        self._context()

    # -- the history ------------------------------------------------------------
    def _replay(self):
        kind, n = self.kind, self.n
        st = kind.strength
        T = self.trump
        name = self.name
        trick = []
        led = -1
        w = ws = -1
        wkey = -1
        for seat, code in self.codes:
            if code >= 192:
                continue
            c = code & 63
            sig = A.play_signal(code)
            s = SUIT_OF[c]
            if trick:
                self.forbid[seat] |= shown_absent(name, kind, T, seat, c, led, w, ws)
            else:
                led = s
            key = st[c] + (100 if s == T else 50 if s == led else 0)
            if key > wkey:
                wkey, w, ws = key, c, seat
            self.played |= 1 << c
            self.plays.append((seat, c, sig))
            if sig == "drop":
                self.soft[seat] |= SUIT_MASK[s]
            elif sig == "slam":
                self.slams.append((seat, s, len(self.plays) - 1))
            trick.append((seat, c))
            if len(trick) == n:
                self.won[ws] += 1
                self.trick_winners.append((ws, tuple(x for _s, x in trick)))
                self.tricks_done += 1
                trick = []
                led = -1
                wkey = w = ws = -1
        self.trick = trick
        self.led = led
        self.win_card = w
        self.win_seat = ws

    # -- what else is known ------------------------------------------------------
    def _context(self):
        v, me, n = self.view, self.me, self.n
        self.calls = [None] * n
        self.passed = bool(v.get("passed"))
        self.targets = None
        self.out_known = 0            # cards known to be out of play (Manni swap)
        self.widow_hidden = 0         # hidden cards lying out of play
        self.swapper = -1
        self.kept = []                # Manni: seats that kept their hand
        self.namer = -1
        self.tapped = bool(v.get("tapped"))
        self.tapped_back = bool(v.get("tapped_back"))
        self.blind = bool(v.get("blind"))
        self.en_face = False
        self.tapper = -1
        for seat, code in self.codes:
            if A.CALL <= code <= A.CALL + 13:
                self.calls[seat] = code - A.CALL
            elif code == A.KEEP:
                self.kept.append(seat)
            elif code == A.PARTNER:
                self.en_face = True
            elif code == A.DOUBLE:
                self.tapper = seat
        if self.name == "manfee":
            if v.get("targets"):
                self.targets = [v["targets"][s] for s in self.game.sides]
            if self.passed:
                right = (me + 3) % 4
                self.passed_hand = mask_of(v.get("passed_hand"))
                self.known[right] = self.passed_hand & ~self.played
        elif self.name == "manni":
            if v.get("swapper"):
                self.swapper = self.seats.index(v["swapper"])
            if self.swapper == me:
                self.out_known = mask_of(v.get("swapped_out"))
            else:
                self.widow_hidden = 12
        elif self.name == "manille-muette":
            if v.get("namer"):
                self.namer = self.seats.index(v["namer"])
        deck = self.game.deck_mask
        self.unknown = deck & ~self.hand & ~self.played & ~self.out_known
        for s in range(n):
            self.unknown &= ~self.known[s]
        self.need = [0] * n
        for s in range(n):
            if s != me:
                self.need[s] = self.counts[s] - popcount(self.known[s])
        # Cards a seat might hold (rules only, then with signals).
        self.poss = [0] * n
        for s in range(n):
            if s == me:
                self.poss[s] = self.hand
            else:
                self.poss[s] = (self.unknown & ~self.forbid[s]) | self.known[s]

    # -- handy questions -------------------------------------------------------
    def others_live(self) -> int:
        """Cards another seat may still hold (or that lie out of play unseen)."""
        live = self.unknown
        for s in range(self.n):
            if s != self.me:
                live |= self.known[s]
        return live

    def team(self, seat):
        return seat & 1 if self.n == 4 else seat

    def opponents(self):
        if self.n == 4:
            return [(self.me + 1) % 4, (self.me + 3) % 4]
        return [s for s in range(self.n) if s != self.me]

    def slam_request(self):
        """The suit the partner asked us to lead (its last slam since our last lead)."""
        if self.partner < 0 or not self.slams:
            return -1
        last_lead = -1
        for i, (seat, _c, _sig) in enumerate(self.plays):
            if seat == self.me and i % self.n == 0:
                last_lead = i
        for seat, suit, idx in reversed(self.slams):
            if seat == self.partner and idx > last_lead:
                return suit
        return -1

    def fog_voids(self) -> list[int]:
        """What each seat was seen to lack (voids, the Manille obligations'
        deductions, Manfee drops), as fogged play-outs start from it."""
        return [(self.forbid[s] | self.soft[s]) & FULL for s in range(self.n)]

    def public_key(self):
        """A text that identifies this decision point from the view alone."""
        return "|".join((self.name, str(self.view.get("deal")), str(self.me), self.phase,
                         str(len(self.codes)), str(self.hand), str(self.hand_hidden)))



def shown_absent(name: str, kind, T: int, seat: int, c: int, led: int, w: int, ws: int) -> int:
    """The cards ``seat`` showed everyone it does not hold by playing ``c``
    to a trick led in suit ``led`` and held so far by card ``w`` of seat
    ``ws``: the led suit when it did not follow, and in the Manille games
    what the obligations would have made it play instead (a higher card of
    the suit, a trump, an overtrump).  Read by the bots' knowledge of the
    real deal and by the fogged play-outs alike."""
    out = SUIT_MASK[led] if SUIT_OF[c] != led else 0
    if name == "manille":
        out |= _flemish(kind, T, seat, c, led, w, ws)
    elif name == "manille-muette":
        out |= _muette(kind, T, c, led, w)
    return out


def _flemish(kind, T, seat, c, led, w, ws):
    above = kind.above
    opp = (ws ^ seat) & 1
    trumped = T != NT and SUIT_OF[w] == T
    if SUIT_OF[c] == led:
        if opp and (led == T or not trumped) and not (above[w] >> c) & 1:
            return above[w]
        return 0
    if T == NT or led == T:
        return 0
    tmask = SUIT_MASK[T]
    if not trumped:
        return tmask if opp and SUIT_OF[c] != T else 0
    over = above[w]
    out = 0
    if opp and not (over >> c) & 1:
        out |= over
    if SUIT_OF[c] == T and not (over >> c) & 1:
        # An under-trump: every card held was such a lower trump.
        out |= ~tmask & FULL | over
    return out


def _muette(kind, T, c, led, w):
    if SUIT_OF[c] == led or T == NT or led == T:
        return 0
    tmask = SUIT_MASK[T]
    if SUIT_OF[w] != T:
        return tmask if SUIT_OF[c] != T else 0
    over = kind.above[w]
    if (over >> c) & 1:
        return 0
    if SUIT_OF[c] == T:
        return over | ~tmask & FULL
    return over
