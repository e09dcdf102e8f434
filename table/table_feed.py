"""What arrives from the host, and how the table takes it: events are queued
for the director with the view they lead to; a refusal shows its reason; a
new welcome (Reconnect) lays the table out again; notices become a line of
text; a closed table sends the player back to the menu.

A mixin of ``TableScene``.  Refusals and notices carry codes; the screen words
them in its player's language (``host_words``).
"""
from __future__ import annotations

import math
import time

from host.seating import SENT_AWAY, WATCHER_SENT_OFF, WATCHERS_AWAY
from host.table_host import READY_WAIT
from .anim import Call, Lazy, Until
from . import lan_seats
from .config import stats_path
from .lan_stats import MISSED, MOVED, UNBUILT, keep_deal, keep_record
from .host_words import notice_text, reason_text, refusal
from .i18n import _, ngettext, number
from .scenes import open_scene


# Seconds before each automatic reconnect after a drop, then every 15 s until it holds.
RETRY_AFTER = (2.0, 4.0, 8.0, 15.0)
SAYING_LIFE = 2.5                      # seconds a phrase said at the table shows at its seat
SAYING_CODES = ("bad_phrase", "too_fast")      # refusals of a phrase, not of a move


# Sent off a table that plays on: not "The table closed: ..."
SENT_OFF = {SENT_AWAY: lambda: _("The host gave your seat to a bot: the table plays on without you."),
            WATCHERS_AWAY: lambda: _("The host turned the spectators away."),
            WATCHER_SENT_OFF: lambda: _("The host asked you to stop watching.")}


class TableFeed:
    hinted_deals: frozenset = frozenset()     # the deals this screen was shown a hint in (LAN statistics)
    record_unkept = False                     # this screen's own record of a LAN match stopped (said once)
    hints_given: tuple | list = ()            # [deal, action index, seat, action] of each hint shown (LAN record)
    # While the cards of a new deal are shuffled and fly out, no seat is yet to play: the
    # plates light nobody's turn until the last card has landed.
    dealing = False
    # From a trick's last card to its sweep the plates light the trick's winner, who leads
    # next (the view the motion ends on came later: the seat of the last card stayed lit),
    # or nobody after the deal's last trick.  A 1-tuple while it holds.
    trick_lead: tuple[str | None] | None = None
    retry_at: float | None = None      # when the next automatic reconnect goes (monotonic)
    retries = 0
    summary_reopened = False           # the first pump has looked for a deal over to sum up
    news_later: tuple = ()             # news of people kept back while the viewer decides (``_notice``)
    reconnecting = False               # a reconnect is under way: the panel stays, saying so
    sayings: dict                      # seat -> (a phrase said, when)

    def bubbles(self) -> dict:
        """The bubbles at the seats: each seat's last announcement, and for a few seconds over
        it a phrase the player said (a phrase replaced a call's bubble for the whole bidding)."""
        said = self.said_now()
        return dict(self.announces, **said) if said else self.announces

    def said_now(self) -> dict:
        """seat -> [a phrase said, its age] for the phrases still showing."""
        now = time.monotonic()
        return {seat: [what, now - when] for seat, (what, when) in self.sayings.items() if now - when < SAYING_LIFE}

    # -- what arrives from the host ---------------------------------------------------------------
    def pump(self):
        if not self.summary_reopened:
            self.summary_reopened = True
            self._reopen_summary()
        if self.news_later and self.waiting_for_human() is None and self.message is None:
            self.say(self.news_later[0][1], notice=True)       # one at a time, each its while
            self.news_later = self.news_later[1:]
        held, self._held = self._held, []
        for msg in held + self.link.poll():
            self.take(msg)
            if self.app.top is not self and msg.get("type") in ("bye", "host_closed"):
                return
        self._retry_lost()

    def _reopen_summary(self):
        """Opened on a deal already over (a match resumed, or a LAN table joined, between two
        deals): its summary stands first, as it did when the match was left, and the next deal
        waits for it (the director is busy until it closes); a match that ended unseen, its
        results after it."""
        v, summaries = self.shown, self.link.summaries()
        unseen = v.get("finished") and self.link.end_unseen()      # the game stopped on its last deal
        if v.get("phase") != "done" or v.get("finished") and not unseen or not summaries or self.link.replay:
            return
        last = summaries[-1]
        ev = {"type": "deal_scored", "deal": v.get("deal", len(summaries) - 1), "outcome": last.get("outcome"),
              "score": last.get("score") or {}, "totals": v.get("totals"), "summary": last}
        self.director.add(Call(self.open_summary, ev))
        self.director.add(Until(lambda: not self.summary_open))
        if unseen:                      # ... and then the results, as when the match ended
            self.director.add(Call(self.match_over, {"winner": v.get("winner"), "totals": v.get("totals")}))

    def _retry_lost(self):
        """A dropped connection (a blip of the Wi-Fi, a host that crashed and is opened
        again) is tried again on its own: soon, then less often; Reconnect tries at once.
        Not when another window took this seat with its token (it plays the seat now),
        nor once the match is over."""
        link = self.link
        if link.lost:
            self.reconnecting = False
        if not link.lost or link.replaced or self.results_shown or not hasattr(link, "reconnect"):
            self.retry_at = None
            return
        now = time.monotonic()
        if self.retry_at is None:
            self.retry_at = now + RETRY_AFTER[min(self.retries, len(RETRY_AFTER) - 1)]
        elif now >= self.retry_at:
            self.retries += 1
            self.reconnect()

    def reconnect(self):
        """Connect again now (the Reconnect button, or the time for it came)."""
        self.retry_at = None
        if self.link.reconnect():
            self.reconnecting = True
        self.rebuild_ui()

    def retry_in(self) -> int | None:
        """Whole seconds until the next automatic reconnect, or None."""
        return None if self.retry_at is None else max(1, round(self.retry_at - time.monotonic()))

    def _starting_view(self, before: dict, waiting: list) -> dict:
        """The view the table is laid out from: as it stood before the first
        waiting events, which then play on from it (a player who joins just
        after the bots' calls sees them made, and the call picker shows once,
        when they are done, instead of showing, stepping aside and coming back)."""
        start = before
        for msg in waiting:
            if msg.get("type") == "events":
                return start if start.get("phase") else self.link.view(self.viewer)
            view = (msg.get("views") or {}).get(self.viewer) or msg.get("view")
            if isinstance(view, dict):
                start = view
        return self.link.view(self.viewer)

    def take(self, msg):
        kind = msg.get("type")
        if kind == "events":
            view = (msg.get("views") or {}).get(self.viewer) or msg["view"]
            answered = self.pending is not None
            self.pending = None
            if answered and self.hotseat:
                self._hide_after_acting(view)
            if msg.get("events"):
                scored = next((e for e in msg["events"] if e.get("type") == "deal_scored"), None)
                if self.link.lan and not self.link.hosting and scored is not None:
                    self._keep_deal(view, scored.get("standins"))
                self.feed(msg["events"], view)
            else:                       # a change with nothing to animate (the muette dealer looked)
                self._later(self._animating, view)
                self._later(self.sync, view)
        elif kind == "error":
            self._refused(msg)
        elif kind == "welcome":
            self.retries, self.reconnecting = 0, False
            self._rejoined(msg)
        elif kind == "notice":
            self._notice(msg)
        elif kind == "hint" and msg.get("failed"):
            self.hint = None             # no longer coming: no Enter waits for it
            self.say(_("The coach could not answer this time"), notice=True)
        elif kind == "hint":
            self.hint = msg              # shown while the decision it answers is on screen
            self.hint_takes_pick()
            self.hinted_deals |= {self.shown.get("deal")}      # such a deal is not rated
            now = self.link.view(msg.get("seat") or self.viewer)   # the decision it answers, for the review
            if isinstance(msg.get("action"), dict) and msg.get("version") == now.get("version"):
                self.hints_given = [*self.hints_given, [now.get("deal"), len(now.get("history") or ()),
                                                        msg.get("seat"), msg["action"]]]
        elif kind == "said" and msg.get("seat") in self.seats:
            self.sayings[msg["seat"]] = ({"say": msg.get("phrase")}, time.monotonic())
        elif kind in ("bye", "host_closed"):
            if self.link.closed_reason:
                self._closed(self.link.closed_reason)
        elif kind == "disconnected":
            self._cancel_pending()
            self.input.reset()

    def reading_now(self) -> tuple | None:
        """LAN, between deals: (the seats still reading the last summary, whole seconds until
        the host deals anyway), as the host last said; else None."""
        reading = getattr(self.link, "reading", None)
        return (reading[0], math.ceil(max(0.0, reading[1] - time.monotonic()))) if reading else None

    def next_deal_note(self) -> str | None:
        """The line beside a summary's Next button: bots on their own deal again in a moment;
        at a LAN table, the others wait for this player (they were not told)."""
        if self.demo and not self.link.replay and not self.shown.get("finished"):   # (not beside "See result")
            return _("next deal in a moment…")
        reading = self.reading_now()
        if reading and set(reading[0]) - set(self.mine) and set(reading[0]) & set(self.mine):
            return _("the next deal in {n} s at most").format(n=number(reading[1]))   # nobody waits yet
        if reading and set(reading[0]) & set(self.mine):
            return _("the others wait for you: the next deal in {n} s at most").format(n=number(reading[1]))
        return None

    def moves_on(self):
        """May a screen with nobody of its own close the deal's summary? A table of bots here
        moves on by itself; a LAN watcher's summary stays while the players read theirs, until
        the next deal has started (or the match is over): it closed after 3 s, and then as soon
        as anything was queued, which the deal's own last steps always are."""
        if not self.link.lan or self.shown.get("finished"):
            return True
        newest = self.link.view(self.viewer)
        return bool(newest.get("finished")) or newest.get("deal", -1) > (self.summary_event or {}).get("deal", -1)

    def feed(self, events, view):
        self.director.add(Call(self._animating, view))
        for ev in events:
            if ev["type"] == "deal_started":
                self.director.add(Call(self._new_deal, view))
            self.director.event(ev, view)
            if ev["type"] == "deal_started":
                self.director.add(Call(setattr, self, "dealing", False))
        self.director.add(Lazy(lambda: self.director.reveal_if_needed(view)))
        self.director.add(Call(self._reached, view))

    def _reached(self, view):
        self.trick_lead = None
        self.sync(view)

    def plate_view(self) -> dict:
        """The view the plates are lit from: nobody's turn while the cards fly out, the
        trick's winner while a finished trick waits for its sweep."""
        if self.dealing:
            return dict(self.shown, turn=None)
        v = self.with_piles(self.shown)
        if self.trick_lead is not None:
            return dict(v, turn=self.trick_lead[0])
        return v

    def with_piles(self, v: dict) -> dict:
        """``v`` with the tricks the piles on the felt hold where it is behind them: the last
        trick of a deal came with the deal's end, and plates and target boxes lagged the pile
        ("tricks 5" beside "6 tricks" under an "over the target!" banner)."""
        won, piles = v.get("won"), self.board.piles
        if v.get("phase") not in ("play", "done") or not isinstance(won, dict) \
                or all(piles.get(s, 0) <= n for s, n in won.items()):
            return v
        won = {s: max(n, piles.get(s, 0)) for s, n in won.items()}
        tricks = {side: max(n, sum(won.get(s, 0) for s in side.split("-")))
                  for side, n in (v.get("tricks") or {}).items()}
        return dict(v, won=won, tricks=tricks)

    def _animating(self, view):
        self.anim_view = view

    def _new_deal(self, view):
        self.overlay = None              # a panel of the last deal does not stay over the new one
        self.log = []
        self.last_trick = None
        self.signal = None
        self.hidden_seat = None
        self.swap_shown = False
        self.announces.clear()
        self.dealing = True
        if self.hotseat:
            self.revealed = False
        self.show_numbers(view)          # the new deal's number and empty counts, not the last deal's

    def _later(self, fn, *args):
        """Run ``fn`` now if nothing moves, else once the queued motion has played."""
        if self.director.busy():
            self.director.add(Call(fn, *args))
        else:
            fn(*args)

    def _cancel_pending(self):
        card = self.pending[0] if self.pending else None
        self.pending = None
        if card:
            sp = self.board.sprites.get(card)
            if sp is not None and sp.motion == "drag":
                sp.motion = None
                self.board.settle(sp)

    def _refused(self, msg):
        if msg.get("code") in SAYING_CODES:     # a phrase refused: the move on its way is not
            self.say(refusal(msg.get("code")))
            return
        if msg.get("code") == "hints_off" or (self.hint and "pending" in self.hint):
            self.hint = None
        self._cancel_pending()
        self.say(refusal(msg.get("code")))
        view = (msg.get("views") or {}).get(self.viewer) or msg.get("view")
        if isinstance(view, dict):
            self._later(self.sync, view)

    def _rejoined(self, msg):
        """A new welcome (Reconnect): the host's view is the truth; lay the table out again."""
        before, sent = self.shown or {}, self.pending is not None
        self.director.clear()
        self.dealing = False
        self.trick_lead = None
        self.input.reset()
        self.pending = None
        self.summary_open = False
        if self.hint and "pending" in self.hint:
            self.hint = None        # its answer went with the old line: asked again if wanted
        view = self.link.view(self.viewer)
        self.anim_view = self.shown = view
        self.log = deal_log(view, self.link.standins_now)
        if view.get("phase") not in (None, "waiting"):
            self.board.set_from_view(view, hands=self.open_hands_now())
        else:
            self.board.clear()
        self.say(back_words(before, view, sent, self.link.standin_played), notice=True)
        if self.link.lan and not self.link.hosting and view.get("outcome") is not None:
            self._keep_deal(view, self.link.standins_now)     # the line dropped as the deal ended
        self._reopen_summary()     # between deals: the summary and its Next deal, as everyone's
        self.rebuild_ui()

    def summary_overrun(self):
        """LAN: the host dealt again while this player still read the last deal's summary (it
        waits READY_WAIT seconds at most): the summary gives way, and
        the band says why, so that the next deal is played, not kept waiting on a closed book."""
        if self.summary_open and self.link.lan and not self.link.replay:
            newest = self.link.view(self.viewer)
            if newest.get("deal", -1) > (self.summary_event or {}).get("deal", -1) \
                    and newest.get("phase") not in ("done", "waiting", None):
                self.close_summary()
                # a watcher has no summary of their own to close: "the others went on" made no sense
                # (the host's half minute ran out: nobody else need have gone on)
                self.say(_("The next deal has begun: the table waited {seconds} s for the last summary to be read.")
                         .format(seconds=number(round(READY_WAIT))) if self.mine
                         else _("The next deal has begun."), notice=True)

    def holds_quit(self):
        """A LAN host's window closed by its button: the table is everyone's, so the menu asks
        first, as its Quit does (a second close, or Press again, quits)."""
        if not self.link.hosting or self.results_shown or self.shown.get("finished") \
                or any(hasattr(s, "armed") for s in self.app.scenes):     # a pause menu had its say
            return False
        self.open_menu()
        return self.app.top.holds_quit()

    def _notice(self, n):
        text = notice_text(n)
        # News of people ("Mona is watching the table", "Bo sat down") waits while the viewer
        # decides: it took the band's "Your turn" and the rule that dims cards for seconds.
        who = n.get("seat") or n.get("name")
        if n.get("kind") in ("left", "lost", "sent_away", "stopped_watching"):  # "Bo sat down" after "Bo left" misled
            held = len(self.news_later)
            self.news_later = tuple(x for x in self.news_later if x[0] != who)
            if n.get("kind") == "stopped_watching" and len(self.news_later) < held:
                return                  # came and went while the viewer decided: neither is news
        if text and n.get("kind") in ("watching", "joined", "back", "stopped_watching") \
                and self.waiting_for_human() is not None:
            self.news_later += ((who, text),)
        elif text:
            self.say(text, notice=True)
        if n.get("kind") == "sent_away" and n.get("name"):    # the deal's calls so far stay the person's
            self.log = [(s, dict(a, by=a.get("by") or n["name"]) if s == n.get("seat") else a) for s, a in self.log]

    def _keep_deal(self, view, standins=None):
        """A friend's screen files the deal just scored in its player's statistics (a LAN evening
        counted only on the host's machine), and in its own record of the match (``host.joined``,
        with the deal's ``standins`` and the hints shown)."""
        player = (self.app.settings.player_name or self.link.name(self.mine[0])) if self.mine else ""
        failed = keep_deal(self.link, view, player, stats_path(), hinted=view.get("deal") in self.hinted_deals)
        if failed:
            self.say(_("The statistics could not be kept: {error}").format(error=failed), notice=True)
        unkept = keep_record(self.link, view, standins, self.hints_given)
        if unkept == MISSED and not self.mine:     # a watcher comes when it likes: nothing to say
            return
        if unkept and not self.record_unkept:      # said once: a screen that came late misses every deal
            self.record_unkept = True
            self.say(_("This screen keeps no replay of this match: it was not at the table for every deal.")
                     if unkept == MISSED else
                     _("The replay this screen keeps of this match stops here: it watched, or sat elsewhere.")
                     if unkept == MOVED else
                     _("This screen keeps no replay of this match: a deal could not be rebuilt from the cards shown.")
                     if unkept == UNBUILT else
                     _("This screen keeps no replay of this match: {reason}").format(reason=unkept), notice=True)

    def _closed(self, reason):
        if not self.link.hosting:
            # the host's reason in the player's words where it is a known one, else as it came
            self.app.messages.append(_("The host closed the table.") if reason in (None, "", "the host closed the table")
                                     else SENT_OFF[reason]() if reason in SENT_OFF    # the table plays on
                                     else _("The table closed: {reason}").format(reason=reason_text(reason)))
            if reason == SENT_AWAY:              # the seat is a bot's now: nothing to take back
                lan_seats.forget(getattr(self.link, "token", None))
            elif self.link.my_seats() and not self.results_shown and not self.shown.get("finished"):
                # the match is saved at the host, the seat's token here (table.lan_seats)
                self.app.messages.append(_("Your seat is kept: when the host opens the table again, Join takes it back."))
        if not self.results_shown:
            # A match over stays on its results (a host leaves once it ends): the menu says
            # why the table went when the player goes back to it.
            self.app.reset(open_scene("main_menu", self.app))

    def update_behind(self, dt):
        """Under an overlay (pause menu, results, rules, settings): the host may still close
        the table or the connection drop.  Those are answered at once; the rest waits here
        until the table is on top again."""
        msgs = self.link.poll()
        self._held.extend(msgs)
        kinds = {m.get("type") for m in msgs}
        if self.link.closed_reason and kinds & {"bye", "host_closed"}:
            self._held = []
            self._closed(self.link.closed_reason)
        elif "disconnected" in kinds and self.link.lost:
            if self.results_shown:           # the match is over: nothing to reconnect to, the results stay
                self.app.messages.append(_("Connection to the host lost: {reason}").format(
                    reason=reason_text(self.link.lost)))
            else:                            # back to the table: it offers Reconnect or Main menu
                while self.app.top is not self and self in self.app.scenes:
                    self.app.pop()


def deal_log(view: dict, standins: list | None = None) -> list:
    """The deal's announcements so far (calls, passes, trump, taps, signals) from a view's public
    history, as the table's log keeps them: a resumed or reconnected table showed an empty
    log, and nothing said what was called or whether the dealer passed.  ``standins``: the
    [action index, seat] a bot decided standing in for a person (a welcome's), marked so:
    a friend back at the table read "Chloé: pass!" with no word that a bot had passed.

    >>> deal_log({"history": [{"seat": "left", "call": 3}, {"seat": "top", "play": "AS"},
    ...                       {"seat": "left", "decision": "pass"}]}, [[2, "left"]])
    [('left', {'call': 3}), ('left', {'decision': 'pass', 'standin': True})]
    >>> deal_log({"history": [{"seat": "left", "call": 3}]}, [[[0], "left"], [{}, "left"], [True, "left"], "x"])
    [('left', {'call': 3})]
    """
    bot = {(x[0], x[1]) for x in standins if isinstance(x, (list, tuple)) and len(x) == 2 and isinstance(x[1], str)
           and isinstance(x[0], int) and not isinstance(x[0], bool)} if isinstance(standins, list) else set()
    return [(h["seat"], {k: v for k, v in h.items() if k != "seat"} | ({"standin": True} if (i, h["seat"]) in bot
                                                                       else {}))
            for i, h in enumerate(view.get("history") or ())
            if ("play" not in h or h.get("signal")) and "cut" not in h and h.get("seat")]


def last_trick_signals(view: dict) -> list:
    """The signal each card of the view's last trick carried (None for none), in the order
    they were played: a table opened anew showed the last trick without them."""
    last = view.get("last_trick") or {}
    cards = list(last.get("cards") or ())
    plays = [h for h in view.get("history") or () if "play" in h]
    if not cards or not plays:
        return [None] * len(cards)
    end = len(plays) - len(view.get("trick") or ())
    trick = plays[max(0, end - len(cards)):end]
    if [h["play"] for h in trick] != cards:
        return [None] * len(cards)
    return [h.get("signal") for h in trick]


def back_words(before: dict, now: dict, sent: bool = False, played: dict | None = None) -> str:
    """What a player who comes back is told: the cards a stand-in bot played for them meanwhile
    (the hand had gone from 11 cards to 4 without a word), beyond one they had sent themselves.
    ``played`` is the host's own count (the welcome's ``standin_played``): the only one there
    is for a screen opened anew (back after a crash, from the lobby)."""
    if isinstance(played, dict):
        cards, acts = played.get("cards"), played.get("acts")
        cards = cards if isinstance(cards, int) else 0
        decided = acts - cards if isinstance(acts, int) and acts > cards else 0    # calls, a pass, trump, taps
        if cards > 0:
            text = ngettext("Back at the table: a bot played {n} card for you",
                            "Back at the table: a bot played {n} cards for you", cards).format(n=number(cards))
            # its call or pass set the deal's targets: said, not left for the log alone to show
            return _("{played}; it decided for you too (see the log)").format(played=text) if decided else text
        if decided:
            return _("Back at the table: a bot decided for you meanwhile (see the log)")
    if before.get("deal") is not None and now.get("deal") is not None and before.get("deal") != now.get("deal"):
        return _("Back at the table: a bot played for you meanwhile")
    played = len(before.get("hand") or ()) - len(now.get("hand") or ()) - (1 if sent else 0)
    if played > 0 and before.get("phase") == now.get("phase") == "play":
        return ngettext("Back at the table: a bot played {n} card for you", "Back at the table: a bot played {n} cards for you",
                        played).format(n=number(played))
    return _("Back at the table")
