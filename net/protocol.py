"""The LAN protocol's vocabulary: version, message types, fields, error codes.

docs/PROTOCOL.md is the prose version of this module.  ``check_client_message``
is the host's gatekeeper: it accepts a decoded message from a peer only if its
type is known and every field it uses has the right type and size, and
otherwise raises ProtocolError with a code and a sentence for that peer.
"""

PROTOCOL_VERSION = 1
SERVICE_TYPE = "_manfee._tcp.local."
DEFAULT_PORT = 47820

NAME_MAX = 32          # characters of a player's or a table's name
TOKEN_MAX = 64
REASON_MAX = 200

# Error codes.  FATAL ones are followed by the host closing the connection.
ERRORS = {
    "protocol": "the peer speaks another protocol version",
    "frame_too_large": "a frame longer than the limit",
    "bad_message": "undecodable, too deep, too big, or not a map with a type",
    "unknown_type": "a message type this host does not know",
    "bad_field": "a field missing, of the wrong type, or too long",
    "hello_first": "the first message must be hello",
    "not_seated": "an action before joining a seat",
    "already_seated": "a join on a connection that holds a seat",
    "no_such_seat": "a seat name the game does not have",
    "seat_taken": "the seat belongs to someone else (rejoin needs its token)",
    "bad_token": "the token does not open that seat",
    "table_full": "no free seat",
    "not_your_seat": "an action naming another seat than the connection's",
    "match_over": "an action after the end of the match",
    "no_deal": "an action between deals",
    "not_your_turn": "an action out of turn",
    "stale": "an action that answers an older state (stale or replayed)",
    "illegal": "an action the rules do not allow now",
    "rate_limited": "too many messages too fast",
    "timeout": "no hello in time, or silence for too long",
    "busy": "the host has too many connections",
}
FATAL = {"protocol", "frame_too_large", "bad_message", "timeout", "busy"}


class ProtocolError(ValueError):
    def __init__(self, code, reason):
        super().__init__(reason)
        self.code = code
        self.reason = reason


def _str(msg, key, required=False, limit=NAME_MAX, empty=False):
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


def _int(msg, key, required=False, low=0, high=2 ** 31):
    v = msg.get(key)
    if v is None:
        if required:
            raise ProtocolError("bad_field", f"'{key}' is missing")
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise ProtocolError("bad_field", f"'{key}' must be a whole number from {low} to {high}")
    return v


def _action(msg):
    a = msg.get("action")
    if not isinstance(a, dict) or not a or len(a) > 4:
        raise ProtocolError("bad_field", "'action' must be an action object (e.g. {\"play\": \"QH\"})")
    for k, v in a.items():
        if not isinstance(k, str) or not (v is None or isinstance(v, (str, int, bool))):
            raise ProtocolError("bad_field", "an action holds only strings, numbers and true/false")
        if isinstance(v, str) and len(v) > 16:
            raise ProtocolError("bad_field", "an action's words are at most 16 characters")
    return a


def clean_name(name, default="Player"):
    """A player's or table's name made printable and short."""
    name = "".join(ch for ch in (name or "") if ch.isprintable()).strip()[:NAME_MAX]
    return name or default


def check_client_message(msg):
    """(type, fields) of a peer's message, or ProtocolError.

    Fields a type does not use are ignored, so a newer client's extra fields do
    not break an older host.
    """
    kind = msg.get("type")
    if kind == "hello":
        return kind, {"protocol": _int(msg, "protocol", required=True),
                      "name": _str(msg, "name", empty=True)}
    if kind == "join":
        return kind, {"seat": _str(msg, "seat", limit=16), "token": _str(msg, "token", limit=TOKEN_MAX),
                      "name": _str(msg, "name", empty=True)}
    if kind == "action":
        return kind, {"action": _action(msg), "version": _int(msg, "version", required=True),
                      "seat": _str(msg, "seat", limit=16)}
    if kind == "ping":
        return kind, {"n": _int(msg, "n", low=-2 ** 31)}
    if kind == "sync":
        return kind, {}
    if kind == "bye":
        return kind, {"reason": _str(msg, "reason", limit=REASON_MAX, empty=True)}
    shown = kind if len(kind) <= 24 else kind[:24] + "..."
    raise ProtocolError("unknown_type", f"unknown message type {shown!r} "
                        "(hello, join, action, ping, sync, bye)")


def error(code, reason, **extra):
    """An error message for a peer."""
    msg = {"type": "error", "code": code, "reason": reason[:REASON_MAX]}
    msg.update(extra)
    return msg
