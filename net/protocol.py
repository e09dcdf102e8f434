"""The LAN protocol's vocabulary: version, message types, fields, error codes.

docs/PROTOCOL.md is the prose version of this module.  ``check_client_message``
is the host's gatekeeper: it accepts a decoded message from a peer only if its
type is known and every field it uses has the right type and size, and
otherwise raises ProtocolError with a code and a sentence for that peer.
"""

from __future__ import annotations

import secrets
from typing import Any

from host.endpoint import TABLE_CODES
from host.seats import clean_name  # noqa: F401  (the protocol's names are the seats' names)
from rules.errors import CODES as RULES_CODES

PROTOCOL_VERSION = 2
SERVICE_TYPE = "_manfee._tcp.local."
DEFAULT_PORT = 47820

NAME_MAX = 32          # characters of a player's or a table's name
TOKEN_MAX = 64
REASON_MAX = 200
CODE_MAX = 16          # characters of a join code as typed (spaces and dashes included)
CODE_DIGITS = 6        # a generated join code: six digits, shown as "482 913"

# Error codes.  FATAL ones are followed by the host closing the connection.
# A refusal's code: the connection's own, then the table's and the rules' (written once,
# where the check is: host.endpoint.TABLE_CODES and rules.errors.CODES).
ERRORS = {
    "protocol": "the peer speaks another protocol version",
    "frame_too_large": "a frame longer than the limit",
    "bad_message": "undecodable, too deep, too big, or not a map with a type",
    "unknown_type": "a message type this host does not know",
    "bad_field": "a field missing, of the wrong type, or too long",
    "hello_first": "the first message must be hello",
    "not_seated": "an action before joining a seat",
    "bad_code": "the table is private: a join without a token needs its join code",
    "rate_limited": "too many messages too fast",
    "timeout": "no hello in time, or silence for too long",
    "busy": "the host has no room for this connection (or is closing)",
    **TABLE_CODES,
    **RULES_CODES,
}
FATAL = {"protocol", "frame_too_large", "bad_message", "timeout", "busy"}


class ProtocolError(ValueError):
    """A peer's message refused with ``code`` (one of ERRORS) and a sentence for it."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def _str(msg: dict, key: str, required: bool = False, limit: int = NAME_MAX,
         empty: bool = False) -> str | None:
    v = msg.get(key)
    if v is None:
        if required:
            raise ProtocolError("bad_field", f"'{key}' is missing")
        return None
    if not isinstance(v, str):
        raise ProtocolError("bad_field", f"'{key}' must be a string")
    if len(v) > limit:
        raise ProtocolError("bad_field", f"'{key}' is longer than {limit} characters")
    if not v and not empty:
        raise ProtocolError("bad_field", f"'{key}' is empty")
    return v


def _int(msg: dict, key: str, required: bool = False, low: int = 0, high: int = 2 ** 31) -> int | None:
    v = msg.get(key)
    if v is None:
        if required:
            raise ProtocolError("bad_field", f"'{key}' is missing")
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise ProtocolError("bad_field", f"'{key}' must be a whole number from {low} to {high}")
    return v


def _action(msg: dict) -> dict:
    a = msg.get("action")
    if not isinstance(a, dict) or not a or len(a) > 4:
        raise ProtocolError("bad_field", "'action' must be an action object (e.g. {\"play\": \"QH\"})")
    for k, v in a.items():
        if not isinstance(k, str) or not (v is None or isinstance(v, (str, int, bool))):
            raise ProtocolError("bad_field", "an action holds only strings, numbers and true/false")
        if isinstance(v, str) and len(v) > 16:
            raise ProtocolError("bad_field", "an action's words are at most 16 characters")
    return a


def check_client_message(msg: dict) -> tuple[str, dict[str, Any]]:
    """(type, fields) of a peer's message, or ProtocolError.

    Fields a type does not use are ignored, so a newer client's extra fields do
    not break an older host.
    """
    kind = msg.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", "a message must be a map with a string 'type'")
    if kind == "hello":
        return kind, {"protocol": _int(msg, "protocol", required=True),
                      "name": _str(msg, "name", empty=True)}
    if kind == "join":
        return kind, {"seat": _str(msg, "seat", limit=16), "token": _str(msg, "token", limit=TOKEN_MAX),
                      "name": _str(msg, "name", empty=True),
                      "code": _str(msg, "code", limit=CODE_MAX, empty=True),
                      "summaries": msg.get("summaries") is True}
    if kind == "ready":
        return kind, {"version": _int(msg, "version", required=True)}
    if kind == "action":
        return kind, {"action": _action(msg), "version": _int(msg, "version", required=True),
                      "seat": _str(msg, "seat", limit=16)}
    if kind == "ping":
        return kind, {"n": _int(msg, "n", low=-2 ** 31)}
    if kind == "watch":
        return kind, {"seat": _str(msg, "seat", limit=16), "code": _str(msg, "code", limit=CODE_MAX, empty=True)}
    if kind == "hint":
        return kind, {"seat": _str(msg, "seat", limit=16)}
    if kind == "say":
        return kind, {"phrase": _str(msg, "phrase", required=True, limit=24)}
    if kind == "sync":
        return kind, {}
    if kind == "bye":
        return kind, {"reason": _str(msg, "reason", limit=REASON_MAX, empty=True)}
    shown = kind if len(kind) <= 24 else kind[:24] + "..."
    raise ProtocolError("unknown_type", f"unknown message type {shown!r} "
                        "(hello, join, watch, action, ready, hint, say, ping, sync, bye)")


def error(code: str, reason: str, **extra: Any) -> dict:
    """An error message for a peer."""
    msg = {"type": "error", "code": code, "reason": reason[:REASON_MAX]}
    msg.update(extra)
    return msg


def normalize_code(code: str | None) -> str:
    """A join code as compared: spaces and dashes dropped, letters upper-cased.

    >>> normalize_code(" 482-913 ")
    '482913'
    """
    return "".join(ch for ch in (code or "") if ch not in " -\t").upper()


def new_join_code() -> str:
    """A fresh join code: six random digits (a million codes; guesses are rate-limited)."""
    return f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"


def check_join_code(code: str) -> str:
    """``code`` normalized, or ValueError if a host cannot offer it (4 to 12 letters or digits)."""
    norm = normalize_code(code)
    if not 4 <= len(norm) <= 12 or not norm.isascii() or not norm.isalnum():
        raise ValueError(f"a join code is 4 to 12 letters or digits, not {code!r}")
    return norm


def show_code(code: str) -> str:
    """A code as the host's screen shows it: six digits in two groups of three.

    >>> show_code("482913")
    '482 913'
    """
    return f"{code[:3]} {code[3:]}" if len(code) == 6 and code.isdigit() else code
