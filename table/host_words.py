"""The host's refusals and notices, worded by the screen in its player's language.

The host (and over the LAN the server) refuses an action or a join with a
code (``rules.errors.CODES``, ``net.protocol.ERRORS``, the table host's own
``hints_off`` and ``not_your_seat``) and an English sentence for logs and
tools.  A player's language never travels in the protocol: each screen words
the code itself, here; the host's sentence is not shown to a player who reads
another language (a code this table does not know is shown with its code).

    refusal("not_your_turn")           # -> "Niet jouw beurt." in Dutch
    notice_text({"kind": "left", "name": "Ana", "seat": "left"})
"""
from __future__ import annotations

from .i18n import N_, _, seat_name
from .text import isolate

REFUSALS = {
    # an action at the table (the rules' order of checks, then the table host's own)
    "not_your_turn": N_("Not your turn."),
    "stale": N_("The table moved on before your move arrived: look again."),
    "illegal": N_("The rules do not allow that now."),
    "no_deal": N_("Wait: there is no deal in progress."),
    "match_over": N_("The match is over."),
    "no_such_seat": N_("This game has no such seat."),
    "not_your_seat": N_("This screen does not play that seat."),
    "hints_off": N_("Hints are off at this table."),
    "bad_phrase": N_("The host does not know that phrase."),
    "too_fast": N_("One phrase at a time: wait a moment."),
    "bad_action": N_("The host did not understand that move."),
    "bad_option": N_("This table does not know one of the game's options."),
    "unknown_game": N_("This table does not know that game."),
    "bad_record": N_("That match record cannot be replayed."),
    "unreadable_file": N_("That file cannot be read."),
    "not_a_record": N_("That file is damaged: cut short or garbled."),
    "match_open": N_("That match is open in another window of the game."),
    # joining a table on the network
    "seat_taken": N_("That seat belongs to someone else."),
    "bad_token": N_("That seat cannot be taken back from this screen."),
    "table_full": N_("No free seat at that table"),
    "bad_code": N_("That table is private: type its join code (the host's screen shows it)"),
    "rate_limited": N_("Too many tries too fast: wait a moment and try again."),
    "protocol": N_("That table runs another version of Manfee."),
    "busy": N_("The host has no room for another screen right now."),
    "watchers_full": N_("That table has as many spectators as it takes."),
    "no_watchers": N_("The host is not taking spectators."),
    "timeout": N_("The host stopped waiting: the connection was silent for too long."),
    "not_seated": N_("Take a seat before playing."),
    "already_seated": N_("This screen already holds a seat."),
    # a message the host could not take (another program, or a version that differs)
    "frame_too_large": N_("The host could not read this screen's message."),
    "bad_message": N_("The host could not read this screen's message."),
    "bad_field": N_("The host could not read this screen's message."),
    "unknown_type": N_("The host does not know this screen's message."),
    "hello_first": N_("The host does not know this screen's message."),
}


def refusal(code: str | None) -> str:
    """One line for a refusal, from its code alone."""
    if code in REFUSALS:
        return _(REFUSALS[code])
    return _("The host refused that ({code}).").format(code=code or "?")


def notice_text(n: dict) -> str | None:
    """A line for a host's notice (someone sat down, left, came back ...), or None."""
    kind = n.get("kind")
    seat = n.get("seat")
    name = n.get("name") or (seat_name(seat) if seat else _("A player"))
    if kind == "joined":
        return _("{name} sat down ({seat})").format(name=name, seat=seat_name(seat) if seat else "?")
    if kind == "back":
        return _("{name} is back").format(name=name)
    if kind == "left":
        return _("{name} left the table").format(name=name)
    if kind == "lost":                     # the seat waits for them: not a walk-out
        return _("{name} lost the connection").format(name=name)
    if kind == "sent_away":
        return _("The host gave {name}'s seat to a bot").format(name=name)
    if kind == "standin":
        return _("A bot plays for {name} until they come back").format(name=name)
    if kind == "watching":               # a spectator came: players like to know who sees the table
        return _("{name} is watching the table").format(name=n["name"]) if n.get("name") \
            else _("Someone is watching the table")
    if kind == "stopped_watching":
        return _("{name} stopped watching").format(name=n["name"])
    if kind == "advert_failed":
        return _("Not advertised on the network: friends can join by address")
    if kind == "save_failed":
        return save_failed(n.get("reason"))
    if kind == "stats_failed":             # the match goes on; its deals are offered again later
        detail = str(n.get("reason") or "").removeprefix("statistics not kept: ")
        return _("The statistics could not be kept: {error}").format(error=detail)
    if kind == "error":
        return _("The host could not change that seat.")
    return None


def save_failed(reason: str | None) -> str:
    """The autosave failed: the system's own words (its error, often English) follow."""
    detail = (reason or "").removeprefix("autosave failed: ")
    return _("The match could not be saved: {error}").format(error=detail) if detail \
        else _("The match could not be saved.")


# The waiting panel's lines, by the code a link gives them (host.link.LinkBase.join_notes).
_NOTES = {"starts_when_full": N_("The match starts when every seat is taken."),
          "lobby": N_("Friends find this table in Join a LAN game"),
          "watching": N_("You are watching: the match starts when every seat is taken."),
          "address": N_("or by address: {addresses}"),
          "code": N_("Join code: {code}")}


def join_note(note: dict) -> str | None:
    """A line of the waiting panel in the player's language (None for a code it does not know)."""
    template = _NOTES.get(note.get("note", ""))
    if template is None:
        return None
    # the code's two groups joined by a no-break space: one number in a right-to-left line
    # (with a plain space Dari showed "165 356" as "356 165", and a friend typed it so)
    return _(template).format(addresses=",  ".join(note.get("addresses") or ()),
                              code=note.get("code", "").replace(" ", "\u00a0"))


# Why a table closed or a connection ended: the host's and the client's own English
# sentences (net.host, net.client, host.table_host), worded here; anything else (a
# host's own words, the system's error) is shown as it came.
_REASONS = {"the host closed the table": N_("the host closed the table"),
            "the table closed": N_("the table closed"),
            "the match is over": N_("the match is over"),
            "the host ran out of time": N_("the host ran out of time"),
            "the host stopped answering": N_("the host stopped answering"),
            "the host closed the connection": N_("the host closed the connection"),
            "the connection was lost": N_("the connection was lost"),
            "this seat was taken back by a new connection with its token":     # (its token: no player's word)
                N_("another window or computer took this seat back"),
            "the host gave your seat to a bot": N_("the host gave your seat to a bot"),
            "the host turned the spectators away": N_("the host turned the spectators away"),
            "the host asked you to stop watching": N_("the host asked you to stop watching")}


def reason_text(reason: str | None) -> str:
    """Why a table closed or a connection ended, in the player's language where it is known.
    The system's own words ("Connection refused", "Software caused connection abort") are
    English whatever the language: a player reads what they mean.

    >>> reason_text("cannot reach 127.0.0.1:47820 (Connection refused)")
    'cannot reach the table at \u2066127.0.0.1:47820\u2069'
    >>> reason_text("connection lost (Software caused connection abort)")
    'the connection was lost'
    """
    reason = reason or ""
    if reason.startswith("cannot reach "):
        address = reason[len("cannot reach "):].split(" ", 1)[0]
        return _("cannot reach the table at {address}").format(address=isolate(address))
    if reason.startswith("connection lost ("):
        reason = "the connection was lost"
    return _(_REASONS[reason]) if reason in _REASONS else reason
