"""Length-prefixed msgpack frames with hard limits, for both ends of a connection.

A frame is a 4-byte big-endian payload length followed by that many bytes of
msgpack holding one map.  Each payload is decoded on its own
(``msgpack.unpackb`` with per-type limits), so a bad payload never desynchronises
the stream: the length prefix says where the next frame starts.  An oversized
length, though, cannot be skipped safely and ends the connection.

    >>> decode_payload(encode({"type": "ping", "n": 1})[4:], HOST_LIMITS)
    {'type': 'ping', 'n': 1}
"""
from __future__ import annotations

import struct
from typing import Iterable, Iterator

import msgpack

HEADER = struct.Struct(">I")
MAX_DEPTH = 8          # containers inside containers; no legitimate message goes past 6


class Limits:
    """How much one decoded message may hold; anything beyond is refused."""

    def __init__(self, frame: int, string: int, array: int, map_len: int, depth: int = MAX_DEPTH) -> None:
        self.frame = frame          # payload bytes
        self.string = string        # characters of one string
        self.array = array          # items of one list
        self.map = map_len          # keys of one map
        self.depth = depth


# What a host accepts from a peer: small intents only.
HOST_LIMITS = Limits(frame=16 * 1024, string=512, array=64, map_len=32)
# What a client accepts from a host: views and events (about 2 KB in practice).
CLIENT_LIMITS = Limits(frame=256 * 1024, string=4096, array=1024, map_len=256)
MAX_FRAME = CLIENT_LIMITS.frame     # nothing larger is ever sent


class FrameError(ValueError):
    """A frame or payload that breaks the limits or the format.

    ``code`` is the protocol's error code (``frame_too_large``, ``bad_message``);
    ``fatal`` says whether the stream can still be trusted (false only when the
    payload was skipped cleanly).
    """

    def __init__(self, code: str, reason: str, fatal: bool = True) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.fatal = fatal


def encode(message: dict) -> bytes:
    """One frame (header + payload) for ``message``, a dict of plain values."""
    payload = msgpack.packb(message, use_bin_type=True)
    if len(payload) > MAX_FRAME:
        raise ValueError(f"message of {len(payload)} bytes exceeds the {MAX_FRAME}-byte frame limit")
    return HEADER.pack(len(payload)) + payload


def check_length(length: int, limits: Limits) -> None:
    """FrameError (fatal) unless a header's length is acceptable."""
    if length == 0:
        raise FrameError("bad_message", "empty frame")
    if length > limits.frame:
        raise FrameError("frame_too_large",
                         f"frame of {length} bytes exceeds the limit of {limits.frame}")


def decode_payload(payload: bytes, limits: Limits) -> dict:
    """The message (a dict with a string ``type``) in ``payload``, or FrameError.

    The reason never quotes the decoder: a peer learns which rule it broke, in
    the words of docs/PROTOCOL.md, not msgpack's internals.
    """
    # Map keys and bins are decoded (within the string limit) and refused by
    # ``check_shape``, so a bin key is told "map keys must be strings".
    try:
        obj = msgpack.unpackb(payload, raw=False, strict_map_key=False, use_list=True,
                              max_str_len=limits.string, max_bin_len=limits.string,
                              max_array_len=limits.array, max_map_len=limits.map,
                              max_ext_len=0)
    except RecursionError:
        raise FrameError("bad_message", f"message nested deeper than {limits.depth} levels") from None
    except Exception as e:     # whatever the decoder raises, it must not take the server down
        raise FrameError("bad_message", _decode_reason(e, limits)) from None
    check_shape(obj, limits)
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        raise FrameError("bad_message", "a message must be a map with a string 'type'", fatal=False)
    return obj


def _decode_reason(e: BaseException, limits: Limits) -> str:
    """One sentence for a decoding failure, from the kind of error only."""
    exc = msgpack.exceptions
    if isinstance(e, exc.ExtraData):
        return "bytes after the end of the message (one frame holds one message)"
    if isinstance(e, exc.StackError):
        return f"message nested deeper than {limits.depth} levels"
    if isinstance(e, UnicodeDecodeError):
        return "a string that is not UTF-8"
    if isinstance(e, exc.FormatError):
        return "not MessagePack"
    if isinstance(e, TypeError):               # a list or map used as a map key
        return "map keys must be strings"
    if isinstance(e, (exc.OutOfData, exc.BufferFull)) or "incomplete" in str(e):
        return "the message ends in the middle of a value"
    return (f"a string over {limits.string} bytes, a list over {limits.array} items, a map over "
            f"{limits.map} keys, a bin or an extension value")


def check_shape(obj: object, limits: Limits) -> None:
    """FrameError unless ``obj`` holds only what the protocol allows: maps with
    string keys, lists, strings, integers, booleans and nil, nested at most
    ``limits.depth`` deep (the top-level map is depth 1).  The walk is bounded:
    every value takes at least one byte of a bounded frame."""
    if isinstance(obj, (dict, list)):
        problem = _walk(obj, limits.depth - 1)
        if problem is _TOO_DEEP:
            raise FrameError("bad_message", f"message nested deeper than {limits.depth} levels")
        if problem:
            raise FrameError("bad_message", problem)
    elif not isinstance(obj, _SCALARS):
        raise FrameError("bad_message", _TYPE_REASON)


_SCALARS = (str, int, type(None))       # bool is an int
_PLAIN = frozenset((str, int, bool, type(None)))
_TOO_DEEP = "too deep"
_TYPE_REASON = "only maps, lists, strings, integers, booleans and nil are allowed (no bin, float or extension)"


def _walk(obj: dict | list, room: int) -> str | None:
    # Recursion is safe: it stops after ``room`` levels, whatever the input.  Every
    # view a client receives passes here, so the common case is kept cheap.
    if type(obj) is dict:
        for k in obj:
            if type(k) is not str:
                return "map keys must be strings"
        values: Iterable = obj.values()
    else:
        values = obj
    for v in values:
        t = type(v)
        if t in _PLAIN:
            continue
        if t is dict or t is list:
            if room <= 0:
                return _TOO_DEEP
            problem = _walk(v, room - 1)
            if problem:
                return problem
        else:
            return _TYPE_REASON
    return None


class FrameBuffer:
    """Cuts a byte stream into payloads (the blocking client's reader).

    ``feed(data)`` then iterate ``payloads()``; a bad header raises FrameError.
    """

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._buf = bytearray()

    def feed(self, data: bytes) -> None:
        self._buf += data

    def payloads(self) -> Iterator[bytes]:
        buf = self._buf
        while len(buf) >= 4:
            (length,) = HEADER.unpack_from(buf, 0)
            check_length(length, self.limits)
            if len(buf) < 4 + length:
                break
            payload = bytes(buf[4:4 + length])
            del buf[:4 + length]
            yield payload
