"""The effects played through ``pygame.mixer``, and a quiet way to open it.

On a machine without a working sound device, SDL walks its audio drivers
and ALSA prints a dozen "ALSA lib ... cannot find card" lines straight to
file descriptor 2 (C code, so ``sys.stderr`` cannot catch them).  The mixer
is therefore opened with fd 2 pointed at the null device for the length of
that one call; if it fails the bank is silent, which is what a machine
without sound should get, with nothing on the terminal.
"""
import contextlib
import io
import os
import sys
from array import array
from typing import Dict, Iterator, Optional, Tuple

from .dsp import SAMPLE_RATE
from .effects import EFFECTS, samples
from .wav import wav_bytes


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send file descriptor 2 to the null device for the ``with`` block, then restore it.

    Python's own pending stderr is flushed first so none of it is lost.  While
    the block runs, other threads' stderr is lost too: keep it short (one
    device open).  Where fd 2 cannot be duplicated the block runs unchanged.
    """
    with contextlib.suppress(Exception):
        sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def open_mixer(frequency: int = SAMPLE_RATE, channels: int = 2,
               buffer: int = 512) -> Optional[Tuple[int, int, int]]:
    """Open ``pygame.mixer`` (16-bit) without a word on stderr; its (freq, format, channels) or None.

    SDL picks the driver (``SDL_AUDIODRIVER`` when the user set one); any
    failure to open it means no sound, never an exception.
    """
    try:
        import pygame
    except Exception:
        return None
    try:
        with quiet_stderr():
            pygame.mixer.init(frequency, -16, channels, buffer)
    except Exception:  # pygame.error "No available audio device", a missing mixer module, ...
        return None
    return pygame.mixer.get_init() or None


class SoundBank:
    """Every effect ready to play through ``pygame.mixer``, or silence.

    If the mixer cannot start (no audio device, no mixer module) the bank is
    silent: ``play`` still checks the name and then does nothing.  It never
    raises for audio trouble and never prints; ``available`` says whether
    sound is on offer.
    """

    NAMES = EFFECTS

    def __init__(self, volume: float = 0.8, muted: bool = False, channels: int = 2) -> None:
        self.volume = _clamp01(volume)
        self.muted = bool(muted)
        self.available = False
        self._sounds: Dict[str, object] = {}
        self._owns_mixer = False
        try:
            import pygame
            if not pygame.mixer.get_init():
                if open_mixer(SAMPLE_RATE, channels, 512) is None:
                    return
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
        except Exception:  # no mixer module, odd driver: stay silent
            self._sounds = {}
            self.available = False

    def play(self, name: str) -> Optional[object]:
        """Play effect ``name``; returns the pygame Channel or None (silent, muted, busy)."""
        if name not in EFFECTS:
            raise ValueError(f"unknown sound {name!r}; known: {', '.join(EFFECTS)}")
        if self.muted or not self.available or self.volume <= 0.0:
            return None
        snd = self._sounds.get(name)
        if snd is None:
            return None
        try:
            snd.set_volume(self.volume)  # type: ignore[attr-defined]
            return snd.play()  # type: ignore[attr-defined]
        except Exception:
            return None

    def set_volume(self, volume: float) -> None:
        """Volume 0..1 (clamped) for the next plays."""
        self.volume = _clamp01(volume)

    def set_muted(self, muted: bool) -> None:
        """Mute (True) or unmute; muting also stops what is playing."""
        self.muted = bool(muted)
        if self.muted:
            self.stop()

    def stop(self) -> None:
        """Stop every effect that is playing."""
        for snd in self._sounds.values():
            with contextlib.suppress(Exception):
                snd.stop()  # type: ignore[attr-defined]

    def close(self) -> None:
        """Stop everything; quit the mixer if this bank started it."""
        self.stop()
        self._sounds = {}
        self.available = False
        if self._owns_mixer:
            with contextlib.suppress(Exception):
                import pygame
                pygame.mixer.quit()
            self._owns_mixer = False


def _clamp01(v: float) -> float:
    v = float(v)
    if v != v:  # NaN
        return 0.0
    return max(0.0, min(1.0, v))


def _interleave(mono: "array[int]", channels: int) -> "array[int]":
    """``mono`` copied into each of ``channels`` interleaved channels."""
    if channels <= 1:
        return array("h", mono)
    out = array("h", bytes(2 * len(mono) * channels))
    for c in range(channels):
        out[c::channels] = mono
    return out
