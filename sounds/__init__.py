"""Synthesised table sounds (standard library only) and a pygame sound bank.

>>> from sounds import SoundBank
>>> bank = SoundBank(volume=0.8)     # doctest: +SKIP
>>> bank.play("slam")                # doctest: +SKIP
"""
from .dsp import SAMPLE_RATE
from .effects import (EFFECTS, card_land, deal, drop, knock, match_won, samples, shuffle, slam,
                      trick_won)
from .mixer import SoundBank
from .wav import write_wav

__all__ = ["EFFECTS", "SAMPLE_RATE", "SoundBank", "card_land", "deal", "drop", "knock",
           "match_won", "samples", "shuffle", "slam", "trick_won", "write_wav"]
