"""Length-prefixed msgpack frames with hard limits, for both ends of a connection.

A frame is a 4-byte big-endian payload length followed by that many bytes of
msgpack holding one map.  Each payload is decoded on its own
(``msgpack.unpackb`` with per-type limits), so a bad payload never desynchronises
the stream: the length prefix says where the next frame starts.  An oversized
length, though, cannot be skipped safely and ends the connection.

    >>> decode_payload(encode({"type": "ping", "n": 1})[4:], HOST_LIMITS)
    {'type': 'ping', 'n': 1}
"""
import struct

import msgpack

HEADER = struct.Struct(">I")
MAX_DEPTH = 8          # containers inside containers; no legitimate message goes past 6


class Limits:
    """How much one decoded message may hold; anything beyond is refused."""

    def __init__(self, frame, string, array, map_len, depth=MAX_DEPTH):
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

    def __init__(self, code, reason, fatal=True):
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.fatal = fatal


def encode(message):
    """One frame (header + payload) for ``message``, a dict of plain values."""
    payload = msgpack.packb(message, use_bin_type=True)
    if len(payload) > MAX_FRAME:
        raise ValueError(f"message of {len(payload)} bytes exceeds the {MAX_FRAME}-byte frame limit")
    return HEADER.pack(len(payload)) + payload


def check_length(length, limits):
    """FrameError (fatal) unless a header's length is acceptable."""
    if length == 0:
        raise FrameError("bad_message", "empty frame")
    if length > limits.frame:
        raise FrameError("frame_too_large",
                         f"frame of {length} bytes exceeds the limit of {limits.frame}")


def decode_payload(payload, limits):
    """The message (a dict with a string ``type``) in ``payload``, or FrameError."""
    try:
        obj = msgpack.unpackb(payload, raw=False, strict_map_key=True, use_list=True,
                              max_str_len=limits.string, max_bin_len=limits.string,
                              max_array_len=limits.array, max_map_len=limits.map,
                              max_ext_len=0)
    except (ValueError, TypeError, msgpack.exceptions.BufferFull,
            msgpack.exceptions.OutOfData, RecursionError) as e:
        # FormatError, StackError, ExtraData, UnicodeDecodeError and the length limits
        # are ValueErrors; BufferFull and OutOfData are not.
        raise FrameError("bad_message", f"not a valid message ({type(e).__name__}: {str(e)[:80]})")
    except Exception as e:     # a decoder surprise must not take the server down
        raise FrameError("bad_message", f"not a valid message ({type(e).__name__})")
    check_shape(obj, limits)
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        raise FrameError("bad_message", "a message must be a map with a string 'type'", fatal=False)
    return obj


def check_shape(obj, limits):
    """FrameError if ``obj`` nests containers deeper than ``limits.depth`` (the
    top-level map is depth 1).  The number of values needs no check of its own:
    each takes at least one byte of a bounded frame."""
    if isinstance(obj, (dict, list)) and _too_deep(obj, limits.depth - 1):
        raise FrameError("bad_message", f"message nested deeper than {limits.depth} levels")


def _too_deep(obj, room):
    # Recursion is safe: it stops after ``room`` levels, whatever the input.
    for v in (obj.values() if type(obj) is dict else obj):
        t = type(v)
        if t is dict or t is list:
            if room <= 0 or _too_deep(v, room - 1):
                return True
    return False


class FrameBuffer:
    """Cuts a byte stream into payloads (the blocking client's reader).

    ``feed(data)`` then iterate ``payloads()``; a bad header raises FrameError.
    """

    def __init__(self, limits):
        self.limits = limits
        self._buf = bytearray()

    def feed(self, data):
        self._buf += data

    def payloads(self):
        buf = self._buf
        while len(buf) >= 4:
            (length,) = HEADER.unpack_from(buf, 0)
            check_length(length, self.limits)
            if len(buf) < 4 + length:
                break
            payload = bytes(buf[4:4 + length])
            del buf[:4 + length]
            yield payload
