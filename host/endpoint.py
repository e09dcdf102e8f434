"""What the table host talks to: an endpoint is one screen or one connection.

An endpoint receives messages (plain dicts, the LAN protocol's vocabulary)
from the host's loop through ``deliver`` and sends intents back through the
host.  A screen at this machine is an in-process endpoint (``host.local``); a
friend's machine is a connection (``net.host``).  The host decides what each
endpoint may see from these attributes, set when it joins:

  plays     the seats it plays (a hot-seat screen plays several; a LAN
            connection exactly one; a spectator none)
  watch     the seat it sits behind when it plays none (demo, spectators)
  trusted   a screen of this machine: may watch a bot's hand (the demo);
            a connection never is, and sees a spectator's public view
  gate      the host waits until this screen has shown each change (its
            animation finished) before a bot acts or a deal starts
  reads_summaries  a screen that is not a gate but shows each deal's summary
            and says when its player closed it (``ready``): the next deal
            waits for it, for at most ``READY_WAIT`` seconds (a LAN screen)

Messages an endpoint receives:

  welcome   {seat, seats?, token, table, view, views?, players, rejoin, summaries}
  events    {events, view, views?}         what happened (public) and its new view(s)
  players   {players}                      who sits where, connected or not, stand-ins
  error     {code, reason, view}           a refusal; nothing changed at the table
  notice    {kind, ...}                    (trusted only) joined, left (a goodbye), lost (a dropped connection), standin, back, save_failed ...
  said      {seat, phrase}                 a player said one of the set phrases (``PHRASES``)
  bye       {reason, table_closed}         the table closed, or this seat was taken back
"""
from __future__ import annotations

import itertools

# Each endpoint's number, for the host's screen to name one spectator it sends off.
_SERIALS = itertools.count(1)


class Endpoint:
    """Base of the host's endpoints; subclasses implement ``deliver`` (and ``close``)."""

    kind = "endpoint"

    def __init__(self, name: str | None = None, trusted: bool = False, gate: bool = False) -> None:
        self.name = name
        self.trusted = trusted
        self.gate = gate
        self.plays: tuple[str, ...] = ()
        self.watch: str | None = None
        self.spectator = False
        self.shown_version = -1       # the newest version this screen has finished showing
        self.reads_summaries = False
        self.ready_version = -1       # the newest deal-over version whose summary it closed
        self.serial = next(_SERIALS)  # names this screen in the ``watchers`` message's list

    @property
    def primary(self) -> str | None:
        """The seat whose view goes in a message's ``view``."""
        return self.plays[0] if self.plays else self.watch

    def deliver(self, msg: dict) -> None:
        raise NotImplementedError

    def close(self, bye: str | None = None, table_closed: bool = True) -> None:
        if bye is not None:
            self.deliver({"type": "bye", "reason": bye, "table_closed": table_closed})

    def __repr__(self) -> str:
        return f"<{self.kind} {self.name or ''} {','.join(self.plays) or self.watch or ''}>"


# The table's own refusals (the rules' are rules.errors.CODES): a screen words them.
TABLE_CODES = {
    "already_seated": "a join on a connection that holds a seat",
    "no_such_seat": "a seat name the game does not have",
    "seat_taken": "the seat belongs to someone else (rejoin needs its token)",
    "bad_token": "the token does not open that seat",
    "table_full": "no free seat",
    "no_watchers": "a watch at a table whose host turned the spectators away, or sent off one of that address",
    "not_your_seat": "an action naming another seat than the one this screen plays",
    "hints_off": "a hint asked at a table that does not allow hints",
    "bad_phrase": "a phrase that is not one of the table's (PHRASES)",
    "too_fast": "phrases said faster than one a second and a half",
}

# What a player at a LAN table may say to the others: a few set phrases, each screen
# showing them in its own language (no free text: nothing to police, nothing to mistranslate).
PHRASES = ("hello", "well_played", "good_game", "thanks", "oops", "sorry")
SAY_GAP = 1.5                   # seconds between two phrases of one seat


class TableError(ValueError):
    """A refusal at the table (not of the rules): seat taken, bad token...

    ``code`` is the LAN protocol's error code.
    """

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
