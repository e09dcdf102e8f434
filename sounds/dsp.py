"""Signal building blocks for the effects: noise, filters, envelopes, mixing.

Plain lists of floats at ``SAMPLE_RATE``; ``to_int16`` turns the finished
mix into the 16-bit samples the rest of the package passes around.  Standard
library only: the effects are short, so pure Python builds them in
milliseconds and the game needs no numpy.
"""
import math
import random
from array import array
from typing import List, Sequence, Union

SAMPLE_RATE = 44100

_TWO_PI = 2 * math.pi

Signal = List[float]


def n_samples(seconds: float) -> int:
    """How many samples ``seconds`` last."""
    return int(round(seconds * SAMPLE_RATE))


def noise(n: int, rng: random.Random) -> Signal:
    """``n`` samples of uniform white noise in -1..1."""
    return [(b - 127.5) / 127.5 for b in rng.randbytes(n)]


def lowpass(x: Sequence[float], cutoff: Union[float, Sequence[float]]) -> Signal:
    """One-pole low-pass; ``cutoff`` in Hz, or a list of per-sample cutoffs."""
    out = [0.0] * len(x)
    y = 0.0
    if isinstance(cutoff, (int, float)):
        a = math.exp(-_TWO_PI * cutoff / SAMPLE_RATE)
        b = 1.0 - a
        for i, v in enumerate(x):
            y = b * v + a * y
            out[i] = y
    else:
        k = -_TWO_PI / SAMPLE_RATE
        exp = math.exp
        for i, v in enumerate(x):
            a = exp(k * cutoff[i])
            y = (1.0 - a) * v + a * y
            out[i] = y
    return out


def highpass(x: Sequence[float], cutoff: float) -> Signal:
    """``x`` minus its one-pole low-pass at ``cutoff`` Hz."""
    low = lowpass(x, cutoff)
    return [v - lo for v, lo in zip(x, low, strict=True)]


def decay_env(n: int, attack: float, tau: float) -> Signal:
    """Linear rise over ``attack`` seconds, then exponential decay (time constant ``tau``)."""
    na = max(1, n_samples(attack))
    k = math.exp(-1.0 / (tau * SAMPLE_RATE))
    env = [i / na for i in range(min(na, n))]
    g = 1.0
    for _ in range(n - len(env)):
        env.append(g)
        g *= k
    return env


def fade_tail(x: Signal, seconds: float) -> Signal:
    """Fade the last ``seconds`` of ``x`` (in place) to exactly zero so nothing clicks at the end."""
    m = min(len(x), n_samples(seconds))
    n = len(x)
    for j in range(m):
        x[n - m + j] *= (m - 1 - j) / m
    return x


def mix_into(out: Signal, x: Sequence[float], start: int, gain: float = 1.0) -> Signal:
    """Add ``gain * x`` into ``out`` (in place) from sample ``start``; what overhangs is dropped."""
    end = min(len(out), start + len(x))
    for i in range(start, end):
        out[i] += gain * x[i - start]
    return out


def damped_sine(n: int, freq: float, tau: float, amp: float = 1.0, phase: float = 0.0) -> Signal:
    """``amp * exp(-t/tau) * sin(2 pi f t)`` by the two-term recurrence (no sin per sample)."""
    w = _TWO_PI * freq / SAMPLE_RATE
    r = math.exp(-1.0 / (tau * SAMPLE_RATE))
    c, r2 = 2 * r * math.cos(w), r * r
    out = [0.0] * n
    if n == 0:
        return out
    y2 = amp * math.sin(phase - w) / r    # y[-1]
    y1 = amp * math.sin(phase)            # y[0]
    out[0] = y1
    for i in range(1, n):
        y = c * y1 - r2 * y2
        out[i] = y
        y2, y1 = y1, y
    return out


def to_int16(x: Sequence[float], peak: float) -> "array[int]":
    """Scale so the loudest sample is ``peak`` (0..1 of full scale); clamp; int16."""
    m = max((abs(v) for v in x), default=0.0)
    g = peak * 32767.0 / m if m > 0 else 0.0
    return array("h", [max(-32767, min(32767, int(round(v * g)))) for v in x])
