"""Words for what the rules decided: why cards are dimmed, how a deal scored.

Nothing here decides a rule.  The legal cards, the factors and the scores all
come from the rules engine (the view, the events); this module only puts them
into sentences.  Card order comes from the engine's own tables.

Texts use the tokens of ``rich.py``: ``{C}`` draws a club pip, ``->`` an arrow.
"""
from rules.cards import parse_card
from rules.games import get_game

from .i18n import N_, _, digits, ngettext, number
from .rich import card_words
from .words import SUIT_WORDS as SUIT_NAMES, separator, suit_text

# The engine's factor names, as the score panel words them (translated when shown).
FACTOR_WORDS = {"no-trump": N_("no-trump"), "tie": N_("tie pending"), "sweep": N_("sweep"), "blind": N_("blind"),
                "tap": N_("tap"), "tap back": N_("tap back")}


def hand_ranks(game):
    """Ranks high to low as a hand is sorted (by suit, colours alternating, then down)."""
    return get_game(game).rank_order


def trump_words(trump, in_line=False):
    """Trump as a badge names it ("No trump"), or inside a line as the refusals do ("Trump:
    ♦ diamonds", "no trump": Dutch read "Troef: Zonder troef" with a capital mid-line, French
    "Atout : ♦ Carreau" beside "Vous devez fournir : ♥ cœur")."""
    if trump is None:
        return _("not named yet")
    if in_line:
        return suit_text(trump)
    return _(SUIT_NAMES["NT"]) if trump == "NT" else f"{{{trump}}} {_(SUIT_NAMES[trump])}"


def _strength(game):
    return get_game(game).deal_class.strength


def trick_winner(view):
    """The card winning the trick on the table, by the engine's card order (None if empty)."""
    trick = view.get("trick") or []
    if not trick:
        return None
    strength = _strength(view["game"])
    led = trick[0]["card"][1]
    trump = view.get("trump")
    best, best_key = None, -1
    for item in trick:
        c = item["card"]
        key = strength[parse_card(c)] + (100 if c[1] == trump else 50 if c[1] == led else 0)
        if key > best_key:
            best, best_key = c, key
    return best


def obligation(view):
    """Why some of the viewer's cards may not be played now, or None.

    Read off the legal cards the rules gave: the line only describes them.
    """
    hand = view.get("hand") or []
    legal = {a["play"] for a in view.get("legal") or () if "play" in a}
    trick = view.get("trick") or []
    if not legal or not trick or legal >= set(hand):
        return None
    led = trick[0]["card"][1]
    trump = view.get("trump")
    trump = trump if trump in SUIT_NAMES and trump != "NT" else None
    win = trick_winner(view)
    in_led = {c for c in hand if c[1] == led}
    if in_led:
        if legal == in_led:
            return _("You must follow suit: {suit}").format(suit=suit_text(led))
        return _("You must overtake the {card}").format(card=card_words(win))
    trumps = {c for c in hand if trump and c[1] == trump}
    trumped = trump is not None and any(i["card"][1] == trump for i in trick) and led != trump
    if trumps and legal <= trumps:
        if partner_wins(view, win):      # Manille muette: a newcomer read the rule as broken
            return (_("You must overtrump the {card}, even your partner's").format(card=card_words(win)) if trumped
                    else _("You must trump, even over your partner: {suit}").format(suit=suit_text(trump)))
        if trumped:
            return _("You must overtrump the {card}").format(card=card_words(win))
        return _("You must trump: {suit}").format(suit=suit_text(trump))
    if trumped and trumps - legal:
        if legal & trumps:
            return _("No under-trumping the {card}: discard another suit or overtrump").format(card=card_words(win))
        return _("No under-trumping the {card}: discard another suit").format(card=card_words(win))
    return _("Only the bright cards may be played now")


def partner_wins(view, card):
    """Is ``card``, winning the trick, the viewer's partner's (four seats)?

    >>> partner_wins({"seats": ["bottom", "left", "top", "right"], "seat": "bottom",
    ...               "trick": [{"seat": "top", "card": "AC"}]}, "AC")
    True
    """
    seats, me = list(view.get("seats") or ()), view.get("seat")
    if len(seats) != 4 or me not in seats:
        return False
    mate = seats[(seats.index(me) + 2) % 4]
    return any(i.get("seat") == mate and i.get("card") == card for i in view.get("trick") or ())


def refusal(view, my_turn):
    """Why a touched card is not played: not the viewer's turn, or the rule that dims it
    (the refusal takes the place of the line that named the rule)."""
    if not my_turn:
        return _("Not your turn to play.")
    rule = obligation(view)
    return _("Not that card. {rule}").format(rule=rule) if rule else _("That card can't be played now: the bright cards can.")


def void_words(view, name):
    """Why a Manille deal is void, for the deal's summary: the dealer's partner looked
    before trump was named (the only way a deal is void), and who deals next."""
    seats, dealer = list(view.get("seats") or ()), view.get("dealer")
    if dealer not in seats or len(seats) != 4 or not view.get("next_dealer"):
        return _("Deal void: nothing scored")
    return _("Deal void: {name} looked before trump was named. Nothing is scored; {dealer} deals next.").format(
        name=name(seats[(seats.index(dealer) + 2) % 4]), dealer=name(view["next_dealer"]))


def factor_text(name, f):
    """``no-trump ×2`` in the language in use."""
    return _("{factor} ×{n}").format(factor=_(FACTOR_WORDS.get(name, name)), n=number(f))


def score_workings(view, score=None, outcome=None, name=None):
    """The deal's score worked out, e.g. '38 − 30 = 8, no-trump ×2 -> 16' (Manille games).

    ``score``/``outcome`` default to the view's (a finished deal).  Its parts are
    joined by the language's comma (``_(", ")``), where the score panel may wrap it.
    """
    game = get_game(view.get("game"))
    score = score if score is not None else view.get("score")
    outcome = outcome or view.get("outcome")
    if game.scoring == "card_points":
        if outcome == "misdeal":
            return _("Deal void: nothing scored")
        if outcome == "tie":
            if "tie_pending" in view:
                return _("30 – 30: nobody scores, the next deal counts double")
            return _("30 – 30: nobody scores")
        points = view.get("points") or {}
        if not points or not score:
            return None
        side = max(points, key=lambda s: points[s])
        pts = points[side]
        base = pts - 30
        text = digits(f"{pts} − 30 = {base}")
        factors = view.get("factors") or []
        total = base
        for name, f in factors:
            text += _(", ") + factor_text(name, f)
            total *= f
        if factors:
            text += " -> " + number(score.get(side, total))
        return text
    if game.scoring == "tricks_over":
        won = view.get("won") or {}
        if not score:
            return None
        name = name or (lambda s: s.title())
        parts = []
        for s in score:
            n = won.get(s, 0)
            parts.append(ngettext("{name}: {n} trick -> {score}", "{name}: {n} tricks -> {score}", n).format(
                name=name(s), n=number(n), score=_signed(score[s])))
        return _("each scores tricks − 4:   {sides}").format(sides=separator().join(parts))
    return None


def _signed(n):
    return digits(f"+{n}" if n > 0 else "0" if n == 0 else f"−{-n}")


def factors_in_force(view):
    """The multipliers in force this deal, as short texts (Manille games), and what they make
    together when there are several (a blind trump tapped back read "×2 · ×4", no ×8).

    >>> factors_in_force({"factors": [["blind", 2], ["tap back", 4]]})[-1]
    'together ×8'
    >>> factors_in_force({"factors": [["blind", "2"], "x", ["tap", 2]]})
    ['tap ×2']
    """
    found = [(x[0], x[1]) for x in view.get("factors") or () if isinstance(x, (list, tuple)) and len(x) == 2
             and isinstance(x[1], int) and not isinstance(x[1], bool)]        # a peer's odd view draws none
    texts = [factor_text(n, f) for n, f in found]
    if len(found) > 1:
        total = 1
        for _n, f in found:
            total *= f
        texts.append(_("together ×{n}").format(n=number(total)))
    return texts


def manni_cycle():
    """Manni's trump cycle as the engine keeps it: ('H', 'S', 'D', 'C')."""
    from rules.manni import TRUMP_CYCLE
    from rules.cards import SUITS
    return tuple(SUITS[t] for t in TRUMP_CYCLE)
