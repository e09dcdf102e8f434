"""The table's sound effects, each synthesised from the building blocks in ``dsp``.

Each effect is mono 16-bit signed samples at 44100 Hz in an ``array('h')``.
Generation is deterministic (fixed seeds) and lazy: the first call of an
effect builds it and keeps it at module level; later calls return a copy.

>>> len(slam()) / SAMPLE_RATE          # doctest: +SKIP
0.25
"""
import math
import random
from array import array
from typing import TYPE_CHECKING, Callable, Dict, List

from .dsp import (SAMPLE_RATE, damped_sine, decay_env, fade_tail, highpass, lowpass, mix_into,
                  n_samples, noise, to_int16)

if TYPE_CHECKING:  # array is generic only to the type checker before Python 3.12
    Samples = array[int]      # mono int16 samples, typecode "h"

EFFECTS = ("deal", "card_land", "slam", "drop", "trick_won", "match_won", "knock", "shuffle")

TWO_PI = 2 * math.pi



# ---------------------------------------------------------------- the effects

def _gen_deal() -> "Samples":
    """A card flicked across the felt: band-passed noise, brightness sweeping down."""
    rng = random.Random(1001)
    n = n_samples(0.08)
    x = highpass(noise(n, rng), 1200)
    sweep = [7500 - 5500 * (i / n) for i in range(n)]
    x = lowpass(x, sweep)
    env = decay_env(n, 0.006, 0.022)
    return to_int16(fade_tail([a * b for a, b in zip(x, env, strict=True)], 0.01), 0.5)


def _gen_card_land() -> "Samples":
    """A card landing on cloth: a muffled tap with a little body."""
    rng = random.Random(1002)
    n = n_samples(0.06)
    x = lowpass(lowpass(noise(n, rng), 2200), 3000)
    env = decay_env(n, 0.0015, 0.009)
    body = damped_sine(n, 190, 0.014, 0.35)
    y = [a * e * 3.0 + b for a, e, b in zip(x, env, body, strict=True)]
    return to_int16(fade_tail(y, 0.01), 0.45)


def _gen_slam() -> "Samples":
    """A card slammed on the table: a falling low thud and a burst of noise."""
    rng = random.Random(1003)
    n = n_samples(0.25)
    sr = SAMPLE_RATE
    phase = 0.0
    thud = [0.0] * n
    exp, sin = math.exp, math.sin
    na = n_samples(0.002)
    for i in range(n):
        t = i / sr
        f = 55.0 + 35.0 * exp(-t / 0.045)        # 90 Hz falling to 55 Hz
        phase += TWO_PI * f / sr
        env = (i / na if i < na else 1.0) * exp(-t / 0.075)
        thud[i] = env * (sin(phase) + 0.25 * sin(2 * phase))
    burst = lowpass(noise(n, rng), 1400)
    benv = decay_env(n, 0.001, 0.014)
    y = [a + 2.4 * b * e for a, b, e in zip(thud, burst, benv, strict=True)]
    return to_int16(fade_tail(y, 0.03), 0.95)


def _tap(n: int, rng: random.Random, bright: float, tau: float) -> List[float]:
    x = lowpass(noise(n, rng), bright)
    env = decay_env(n, 0.001, tau)
    body = damped_sine(n, 240, tau * 1.5, 0.25)
    return [a * e * 3.0 + b for a, e, b in zip(x, env, body, strict=True)]


def _gen_drop() -> "Samples":
    """A light tap and a smaller bounce about 120 ms later."""
    rng = random.Random(1004)
    n = n_samples(0.2)
    out = [0.0] * n
    first = _tap(n_samples(0.06), rng, 3500, 0.007)
    bounce = _tap(n_samples(0.05), rng, 3000, 0.005)
    mix_into(out, first, 0)
    mix_into(out, bounce, n_samples(0.12), 0.4)
    return to_int16(fade_tail(out, 0.01), 0.4)


def _gen_trick_won() -> "Samples":
    """The trick swept off the table: a few overlapping soft swishes."""
    rng = random.Random(1005)
    n = n_samples(0.2)
    out = [0.0] * n
    for k, (start, length, gain) in enumerate(((0.0, 0.16, 1.0), (0.025, 0.15, 0.7), (0.05, 0.15, 0.5))):
        m = n_samples(length)
        x = lowpass(highpass(noise(m, rng), 700), 3800 - 500 * k)
        # a smooth rise and fall (half a sine, skewed early)
        env = [math.sin(math.pi * (i / m) ** 0.7) ** 2 for i in range(m)]
        mix_into(out, [a * e for a, e in zip(x, env, strict=True)], n_samples(start), gain)
    return to_int16(fade_tail(out, 0.01), 0.32)


def _gen_match_won() -> "Samples":
    """A bright rising arpeggio (C E G C) with bell-like decays."""
    n = n_samples(0.9)
    out = [0.0] * n
    notes = (523.25, 659.25, 783.99, 1046.5)
    for k, f in enumerate(notes):
        start = n_samples(0.11 * k)
        m = n - start
        last = k == len(notes) - 1
        tone = damped_sine(m, f, 0.32 if last else 0.22, 1.0)
        mix_into(tone, damped_sine(min(m, n_samples(0.4)), 2 * f, 0.1, 0.3), 0)
        mix_into(tone, damped_sine(min(m, n_samples(0.12)), 3.01 * f, 0.03, 0.15), 0)
        att = n_samples(0.004)
        for i in range(min(att, m)):
            tone[i] *= i / att
        mix_into(out, tone, start, 1.0 if last else 0.8)
    return to_int16(fade_tail(out, 0.08), 0.6)


def _knock_once(rng: random.Random, pitch: float) -> List[float]:
    n = n_samples(0.12)
    y = damped_sine(n, 205 * pitch, 0.028, 1.0)
    mix_into(y, damped_sine(n, 470 * pitch, 0.016, 0.6), 0)
    mix_into(y, damped_sine(n, 1130 * pitch, 0.007, 0.35), 0)
    click = lowpass(noise(n_samples(0.01), rng), 3000)
    cenv = decay_env(len(click), 0.0003, 0.0025)
    mix_into(y, [a * e * 2.5 for a, e in zip(click, cenv, strict=True)], 0)
    return y


def _gen_knock() -> "Samples":
    """Two knuckle knocks on wood (Manille muette's tap on the table)."""
    rng = random.Random(1007)
    n = n_samples(0.32)
    out = [0.0] * n
    mix_into(out, _knock_once(rng, 1.0), 0)
    mix_into(out, _knock_once(rng, 1.04), n_samples(0.16), 0.85)
    return to_int16(fade_tail(out, 0.02), 0.7)


def _gen_shuffle() -> "Samples":
    """A riffle: fifty-odd card flicks, fast in the middle, over a soft hiss."""
    rng = random.Random(1008)
    n = n_samples(0.6)
    out = [0.0] * n
    bed = lowpass(highpass(noise(n, rng), 1500), 5000)
    for i in range(n):
        t = i / n
        out[i] = 0.12 * bed[i] * math.sin(math.pi * min(1.0, t / 0.92)) ** 0.5
    # a handful of click shapes, reused
    clicks = []
    for _ in range(6):
        m = n_samples(0.006)
        c = highpass(lowpass(noise(m, rng), 6000), 900)
        env = decay_env(m, 0.0002, 0.0012)
        clicks.append([a * e for a, e in zip(c, env, strict=True)])
    # click times: density rises then falls (a bell-shaped rate over 0.04..0.5 s)
    t = 0.04
    while t < 0.5:
        u = (t - 0.04) / 0.46
        gap = 0.014 - 0.008 * math.sin(math.pi * u)
        mix_into(out, rng.choice(clicks), n_samples(t), rng.uniform(0.55, 1.0))
        t += gap * rng.uniform(0.75, 1.25)
    # the cards settling: one soft tap at the end
    mix_into(out, _tap(n_samples(0.05), rng, 2500, 0.006), n_samples(0.52), 0.5)
    return to_int16(fade_tail(out, 0.02), 0.45)


_GENERATORS: Dict[str, Callable[[], "Samples"]] = {
    "deal": _gen_deal,
    "card_land": _gen_card_land,
    "slam": _gen_slam,
    "drop": _gen_drop,
    "trick_won": _gen_trick_won,
    "match_won": _gen_match_won,
    "knock": _gen_knock,
    "shuffle": _gen_shuffle,
}
_CACHE: Dict[str, "Samples"] = {}


def samples(name: str) -> "Samples":
    """The cached samples of effect ``name`` (do not modify); ValueError if unknown."""
    s = _CACHE.get(name)
    if s is None:
        gen = _GENERATORS.get(name)
        if gen is None:
            raise ValueError(f"unknown sound {name!r}; known: {', '.join(EFFECTS)}")
        s = _CACHE[name] = gen()
    return s


def deal() -> "Samples":
    """A short card swish (~80 ms)."""
    return array("h", samples("deal"))


def card_land() -> "Samples":
    """A soft tap of a card landing (~60 ms)."""
    return array("h", samples("card_land"))


def slam() -> "Samples":
    """A heavy thud (~250 ms): a low falling sine and a noise burst."""
    return array("h", samples("slam"))


def drop() -> "Samples":
    """A light tap and a smaller bounce 120 ms later (~200 ms)."""
    return array("h", samples("drop"))


def trick_won() -> "Samples":
    """A gentle swish of cards sliding (~200 ms)."""
    return array("h", samples("trick_won"))


def match_won() -> "Samples":
    """A short rising chime (~900 ms)."""
    return array("h", samples("match_won"))


def knock() -> "Samples":
    """Two knuckle knocks on wood (~320 ms)."""
    return array("h", samples("knock"))


def shuffle() -> "Samples":
    """A riffle shuffle (~600 ms)."""
    return array("h", samples("shuffle"))
