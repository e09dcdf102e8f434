"""Synthesised table sounds (standard library only) and a pygame sound bank.

>>> from sounds import SoundBank
>>> bank = SoundBank(volume=0.8)     # doctest: +SKIP
>>> bank.play("slam")                # doctest: +SKIP
"""
from .synth import (EFFECTS, SAMPLE_RATE, SoundBank, card_land, deal, drop, knock,
                    match_won, samples, shuffle, slam, trick_won, write_wav)

__all__ = ["EFFECTS", "SAMPLE_RATE", "SoundBank", "card_land", "deal", "drop", "knock",
           "match_won", "samples", "shuffle", "slam", "trick_won", "write_wav"]
