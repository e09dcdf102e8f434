"""Table sound effects synthesised with the standard library (no files, no numpy).

The names everything imports from ``sounds.synth`` live in their own modules
now and are gathered here so those imports keep working:

    dsp.py      noise, filters, envelopes, mixing, int16 (the building blocks)
    effects.py  the eight effects and their cache (``samples``, ``slam()``, ...)
    wav.py      mono 16-bit WAV files
    mixer.py    ``SoundBank`` (pygame.mixer glue) and the quiet device open

Each effect is mono 16-bit signed samples at 44100 Hz in an ``array('h')``.

>>> len(slam()) / SAMPLE_RATE          # doctest: +SKIP
0.25
>>> SoundBank().play("deal")           # doctest: +SKIP
"""
from .dsp import SAMPLE_RATE
from .effects import (EFFECTS, card_land, deal, drop, knock, match_won, samples, shuffle, slam,
                      trick_won)
from .mixer import SoundBank, _clamp01, _interleave, open_mixer, quiet_stderr
from .wav import wav_bytes, write_wav

__all__ = ["EFFECTS", "SAMPLE_RATE", "SoundBank", "card_land", "deal", "drop", "knock", "match_won",
           "open_mixer", "quiet_stderr", "samples", "shuffle", "slam", "trick_won", "wav_bytes",
           "write_wav", "_clamp01", "_interleave"]
