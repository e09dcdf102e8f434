"""Mono 16-bit WAV images of the effects (for ``python -m sounds.export`` and for
mixers that must convert the rate or channels themselves)."""
import io
import sys
import wave
from array import array
from typing import BinaryIO, Sequence, Union

from .dsp import SAMPLE_RATE


def wav_bytes(samples_: Sequence[int], rate: int = SAMPLE_RATE) -> bytes:
    """A complete mono 16-bit WAV file of ``samples_`` as bytes."""
    buf = io.BytesIO()
    write_wav(buf, samples_, rate)
    return buf.getvalue()


def write_wav(path: Union[str, BinaryIO], samples_: Sequence[int], rate: int = SAMPLE_RATE) -> None:
    """Write mono 16-bit ``samples_`` (a sequence of ints) to ``path`` (or a binary file)."""
    data = samples_ if isinstance(samples_, array) and samples_.typecode == "h" else array("h", samples_)
    if data.itemsize != 2:  # pragma: no cover - every CPython has a 2-byte short
        raise ValueError("array('h') must hold 16-bit samples")
    if sys.byteorder != "little":  # WAV is little-endian
        data = array("h", data)
        data.byteswap()
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data.tobytes())
