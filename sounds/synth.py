"""Table sound effects synthesised with the standard library (no files, no numpy).

Each effect is mono 16-bit signed samples at 44100 Hz in an ``array('h')``.
Generation is deterministic (fixed seeds) and lazy: the first call of an
effect builds it and keeps it at module level; later calls return a copy.

>>> len(slam()) / SAMPLE_RATE          # doctest: +SKIP
0.25
>>> SoundBank().play("deal")           # doctest: +SKIP
"""
import io
import math
import random
import wave
from array import array

SAMPLE_RATE = 44100
EFFECTS = ("deal", "card_land", "slam", "drop", "trick_won", "match_won", "knock", "shuffle")

_TWO_PI = 2 * math.pi


# ---------------------------------------------------------------- building blocks

def _n(seconds):
    return int(round(seconds * SAMPLE_RATE))


def _noise(n, rng):
    """``n`` samples of uniform white noise in -1..1."""
    return [(b - 127.5) / 127.5 for b in rng.randbytes(n)]


def _lowpass(x, cutoff):
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


def _highpass(x, cutoff):
    low = _lowpass(x, cutoff)
    return [v - l for v, l in zip(x, low)]


def _decay_env(n, attack, tau):
    """Linear rise over ``attack`` seconds, then exponential decay (time constant ``tau``)."""
    na = max(1, _n(attack))
    k = math.exp(-1.0 / (tau * SAMPLE_RATE))
    env = [i / na for i in range(min(na, n))]
    g = 1.0
    for _ in range(n - len(env)):
        env.append(g)
        g *= k
    return env


def _fade_tail(x, seconds):
    """Fade the last ``seconds`` to exactly zero so nothing clicks at the end."""
    m = min(len(x), _n(seconds))
    n = len(x)
    for j in range(m):
        x[n - m + j] *= (m - 1 - j) / m
    return x


def _mix_into(out, x, start, gain=1.0):
    end = min(len(out), start + len(x))
    for i in range(start, end):
        out[i] += gain * x[i - start]
    return out


def _damped_sine(n, freq, tau, amp=1.0, phase=0.0):
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


def _to_int16(x, peak):
    """Scale so the loudest sample is ``peak`` (0..1 of full scale); clamp; int16."""
    m = max((abs(v) for v in x), default=0.0)
    g = peak * 32767.0 / m if m > 0 else 0.0
    return array("h", [max(-32767, min(32767, int(round(v * g)))) for v in x])


# ---------------------------------------------------------------- the effects

def _gen_deal():
    """A card flicked across the felt: band-passed noise, brightness sweeping down."""
    rng = random.Random(1001)
    n = _n(0.08)
    x = _highpass(_noise(n, rng), 1200)
    sweep = [7500 - 5500 * (i / n) for i in range(n)]
    x = _lowpass(x, sweep)
    env = _decay_env(n, 0.006, 0.022)
    return _to_int16(_fade_tail([a * b for a, b in zip(x, env)], 0.01), 0.5)


def _gen_card_land():
    """A card landing on cloth: a muffled tap with a little body."""
    rng = random.Random(1002)
    n = _n(0.06)
    x = _lowpass(_lowpass(_noise(n, rng), 2200), 3000)
    env = _decay_env(n, 0.0015, 0.009)
    body = _damped_sine(n, 190, 0.014, 0.35)
    y = [a * e * 3.0 + b for a, e, b in zip(x, env, body)]
    return _to_int16(_fade_tail(y, 0.01), 0.45)


def _gen_slam():
    """A card slammed on the table: a falling low thud and a burst of noise."""
    rng = random.Random(1003)
    n = _n(0.25)
    sr = SAMPLE_RATE
    phase = 0.0
    thud = [0.0] * n
    exp, sin = math.exp, math.sin
    na = _n(0.002)
    for i in range(n):
        t = i / sr
        f = 55.0 + 35.0 * exp(-t / 0.045)        # 90 Hz falling to 55 Hz
        phase += _TWO_PI * f / sr
        env = (i / na if i < na else 1.0) * exp(-t / 0.075)
        thud[i] = env * (sin(phase) + 0.25 * sin(2 * phase))
    burst = _lowpass(_noise(n, rng), 1400)
    benv = _decay_env(n, 0.001, 0.014)
    y = [a + 2.4 * b * e for a, b, e in zip(thud, burst, benv)]
    return _to_int16(_fade_tail(y, 0.03), 0.95)


def _tap(n, rng, bright, tau):
    x = _lowpass(_noise(n, rng), bright)
    env = _decay_env(n, 0.001, tau)
    body = _damped_sine(n, 240, tau * 1.5, 0.25)
    return [a * e * 3.0 + b for a, e, b in zip(x, env, body)]


def _gen_drop():
    """A light tap and a smaller bounce about 120 ms later."""
    rng = random.Random(1004)
    n = _n(0.2)
    out = [0.0] * n
    first = _tap(_n(0.06), rng, 3500, 0.007)
    bounce = _tap(_n(0.05), rng, 3000, 0.005)
    _mix_into(out, first, 0)
    _mix_into(out, bounce, _n(0.12), 0.4)
    return _to_int16(_fade_tail(out, 0.01), 0.4)


def _gen_trick_won():
    """The trick swept off the table: a few overlapping soft swishes."""
    rng = random.Random(1005)
    n = _n(0.2)
    out = [0.0] * n
    for k, (start, length, gain) in enumerate(((0.0, 0.16, 1.0), (0.025, 0.15, 0.7), (0.05, 0.15, 0.5))):
        m = _n(length)
        x = _lowpass(_highpass(_noise(m, rng), 700), 3800 - 500 * k)
        # a smooth rise and fall (half a sine, skewed early)
        env = [math.sin(math.pi * (i / m) ** 0.7) ** 2 for i in range(m)]
        _mix_into(out, [a * e for a, e in zip(x, env)], _n(start), gain)
    return _to_int16(_fade_tail(out, 0.01), 0.32)


def _gen_match_won():
    """A bright rising arpeggio (C E G C) with bell-like decays."""
    n = _n(0.9)
    out = [0.0] * n
    notes = (523.25, 659.25, 783.99, 1046.5)
    for k, f in enumerate(notes):
        start = _n(0.11 * k)
        m = n - start
        last = k == len(notes) - 1
        tone = _damped_sine(m, f, 0.32 if last else 0.22, 1.0)
        _mix_into(tone, _damped_sine(min(m, _n(0.4)), 2 * f, 0.1, 0.3), 0)
        _mix_into(tone, _damped_sine(min(m, _n(0.12)), 3.01 * f, 0.03, 0.15), 0)
        att = _n(0.004)
        for i in range(min(att, m)):
            tone[i] *= i / att
        _mix_into(out, tone, start, 1.0 if last else 0.8)
    return _to_int16(_fade_tail(out, 0.08), 0.6)


def _knock_once(rng, pitch):
    n = _n(0.12)
    y = _damped_sine(n, 205 * pitch, 0.028, 1.0)
    _mix_into(y, _damped_sine(n, 470 * pitch, 0.016, 0.6), 0)
    _mix_into(y, _damped_sine(n, 1130 * pitch, 0.007, 0.35), 0)
    click = _lowpass(_noise(_n(0.01), rng), 3000)
    cenv = _decay_env(len(click), 0.0003, 0.0025)
    _mix_into(y, [a * e * 2.5 for a, e in zip(click, cenv)], 0)
    return y


def _gen_knock():
    """Two knuckle knocks on wood (Manille muette's tap on the table)."""
    rng = random.Random(1007)
    n = _n(0.32)
    out = [0.0] * n
    _mix_into(out, _knock_once(rng, 1.0), 0)
    _mix_into(out, _knock_once(rng, 1.04), _n(0.16), 0.85)
    return _to_int16(_fade_tail(out, 0.02), 0.7)


def _gen_shuffle():
    """A riffle: fifty-odd card flicks, fast in the middle, over a soft hiss."""
    rng = random.Random(1008)
    n = _n(0.6)
    out = [0.0] * n
    bed = _lowpass(_highpass(_noise(n, rng), 1500), 5000)
    for i in range(n):
        t = i / n
        out[i] = 0.12 * bed[i] * math.sin(math.pi * min(1.0, t / 0.92)) ** 0.5
    # a handful of click shapes, reused
    clicks = []
    for _ in range(6):
        m = _n(0.006)
        c = _highpass(_lowpass(_noise(m, rng), 6000), 900)
        env = _decay_env(m, 0.0002, 0.0012)
        clicks.append([a * e for a, e in zip(c, env)])
    # click times: density rises then falls (a bell-shaped rate over 0.04..0.5 s)
    t = 0.04
    while t < 0.5:
        u = (t - 0.04) / 0.46
        gap = 0.014 - 0.008 * math.sin(math.pi * u)
        _mix_into(out, rng.choice(clicks), _n(t), rng.uniform(0.55, 1.0))
        t += gap * rng.uniform(0.75, 1.25)
    # the cards settling: one soft tap at the end
    _mix_into(out, _tap(_n(0.05), rng, 2500, 0.006), _n(0.52), 0.5)
    return _to_int16(_fade_tail(out, 0.02), 0.45)


_GENERATORS = {
    "deal": _gen_deal,
    "card_land": _gen_card_land,
    "slam": _gen_slam,
    "drop": _gen_drop,
    "trick_won": _gen_trick_won,
    "match_won": _gen_match_won,
    "knock": _gen_knock,
    "shuffle": _gen_shuffle,
}
_CACHE = {}


def samples(name):
    """The cached samples of effect ``name`` (do not modify); ValueError if unknown."""
    s = _CACHE.get(name)
    if s is None:
        gen = _GENERATORS.get(name)
        if gen is None:
            raise ValueError(f"unknown sound {name!r}; known: {', '.join(EFFECTS)}")
        s = _CACHE[name] = gen()
    return s


def deal():
    """A short card swish (~80 ms)."""
    return array("h", samples("deal"))


def card_land():
    """A soft tap of a card landing (~60 ms)."""
    return array("h", samples("card_land"))


def slam():
    """A heavy thud (~250 ms): a low falling sine and a noise burst."""
    return array("h", samples("slam"))


def drop():
    """A light tap and a smaller bounce 120 ms later (~200 ms)."""
    return array("h", samples("drop"))


def trick_won():
    """A gentle swish of cards sliding (~200 ms)."""
    return array("h", samples("trick_won"))


def match_won():
    """A short rising chime (~900 ms)."""
    return array("h", samples("match_won"))


def knock():
    """Two knuckle knocks on wood (~320 ms)."""
    return array("h", samples("knock"))


def shuffle():
    """A riffle shuffle (~600 ms)."""
    return array("h", samples("shuffle"))


# ---------------------------------------------------------------- files

def wav_bytes(samples_, rate=SAMPLE_RATE):
    """A complete mono 16-bit WAV file of ``samples_`` as bytes."""
    buf = io.BytesIO()
    write_wav(buf, samples_, rate)
    return buf.getvalue()


def write_wav(path, samples_, rate=SAMPLE_RATE):
    """Write mono 16-bit ``samples_`` (a sequence of ints) to ``path`` (or a binary file)."""
    data = samples_ if isinstance(samples_, array) and samples_.typecode == "h" else array("h", samples_)
    if data.itemsize != 2:  # pragma: no cover - every CPython has a 2-byte short
        raise ValueError("array('h') must hold 16-bit samples")
    if not _little_endian():
        data = array("h", data)
        data.byteswap()
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data.tobytes())


def _little_endian():
    import sys
    return sys.byteorder == "little"


# ---------------------------------------------------------------- playing

class SoundBank:
    """Every effect ready to play through ``pygame.mixer``, or silence.

    If the mixer cannot start (no audio device, no mixer module) the bank is
    silent: ``play`` still checks the name and then does nothing.  It never
    raises for audio trouble; ``available`` says whether sound is on offer.
    """

    NAMES = EFFECTS

    def __init__(self, volume=0.8, muted=False, channels=2):
        self.volume = _clamp01(volume)
        self.muted = bool(muted)
        self.available = False
        self._sounds = {}
        self._owns_mixer = False
        try:
            import pygame
            if not pygame.mixer.get_init():
                pygame.mixer.init(SAMPLE_RATE, -16, channels, 512)
                self._owns_mixer = True
                pygame.mixer.set_num_channels(16)
            init = pygame.mixer.get_init()
            if not init:
                return
            freq, fmt, nch = init
            for name in EFFECTS:
                mono = samples(name)
                if freq == SAMPLE_RATE and fmt == -16:
                    snd = pygame.mixer.Sound(buffer=_interleave(mono, nch).tobytes())
                else:
                    # let SDL convert rate, format and channels from a WAV image
                    snd = pygame.mixer.Sound(file=io.BytesIO(wav_bytes(mono)))
                self._sounds[name] = snd
            self.available = True
        except Exception:  # no device, no mixer module, odd driver: stay silent
            self._sounds = {}
            self.available = False

    def play(self, name):
        """Play effect ``name``; returns the pygame Channel or None (silent, muted, busy)."""
        if name not in EFFECTS:
            raise ValueError(f"unknown sound {name!r}; known: {', '.join(EFFECTS)}")
        if self.muted or not self.available or self.volume <= 0.0:
            return None
        snd = self._sounds.get(name)
        if snd is None:
            return None
        try:
            snd.set_volume(self.volume)
            return snd.play()
        except Exception:
            return None

    def set_volume(self, volume):
        """Volume 0..1 (clamped) for the next plays."""
        self.volume = _clamp01(volume)

    def set_muted(self, muted):
        """Mute (True) or unmute; muting also stops what is playing."""
        self.muted = bool(muted)
        if self.muted:
            self.stop()

    def stop(self):
        for snd in self._sounds.values():
            try:
                snd.stop()
            except Exception:
                pass

    def close(self):
        """Stop everything; quit the mixer if this bank started it."""
        self.stop()
        self._sounds = {}
        self.available = False
        if self._owns_mixer:
            try:
                import pygame
                pygame.mixer.quit()
            except Exception:
                pass
            self._owns_mixer = False


def _clamp01(v):
    v = float(v)
    if v != v:  # NaN
        return 0.0
    return max(0.0, min(1.0, v))


def _interleave(mono, channels):
    """``mono`` copied into each of ``channels`` interleaved channels."""
    if channels <= 1:
        return array("h", mono)
    out = array("h", bytes(2 * len(mono) * channels))
    for c in range(channels):
        out[c::channels] = mono
    return out
