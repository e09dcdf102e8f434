"""The card art and the sounds are byte-for-byte what they were before
``sprites/cards.py`` and ``sounds/synth.py`` were split into modules.

The digests were taken from the code before the split (pygame-ce 2.5.8,
its bundled font); a refactor must leave every one of them unchanged.  A
change meant to alter the art or a sound updates the digests in the same
commit, saying why.  The card digests depend on pygame-ce's font and
smoothscale, so they are checked only on the version they were taken with;
the sound digests are plain float arithmetic and are checked everywhere.
"""
import hashlib
import os
import sys
from array import array

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402
import pytest  # noqa: E402

from sounds import synth  # noqa: E402
from sprites import RANKS, SUITS, CardArt  # noqa: E402

ART_DIGESTS = {
    "faces_w60_two": "85b56dc92c134ead",
    "backs_w60_two": "dc71a6be2cace111",
    "pips_w60_two": "c4dc73c72c7b26d2",
    "faces_w60_four": "0f535ab3f688385d",
    "backs_w60_four": "dc71a6be2cace111",
    "pips_w60_four": "9e4976a0419db361",
    "faces_w90_two": "2d9b04e908aec887",
    "backs_w90_two": "0641207eeeedb488",
    "pips_w90_two": "c4dc73c72c7b26d2",
    "faces_w90_four": "f995a2676cc6761b",
    "backs_w90_four": "0641207eeeedb488",
    "pips_w90_four": "9e4976a0419db361",
    "faces_w137_two": "ba64c5216a17f16e",
    "backs_w137_two": "05cbbd6ea8de7664",
    "pips_w137_two": "c4dc73c72c7b26d2",
    "faces_w137_four": "f6efa03019ef4b80",
    "backs_w137_four": "05cbbd6ea8de7664",
    "pips_w137_four": "9e4976a0419db361",
}

SOUND_DIGESTS = {
    "deal": "85d9b7626bb918df",
    "card_land": "6f3059e6b2b8cf8b",
    "slam": "4710e5d58836c6f2",
    "drop": "7ecd74fa72773e91",
    "trick_won": "eb41126d35050d8e",
    "match_won": "f010f7ef7e6803a1",
    "knock": "bc5738feb5e24ee8",
    "shuffle": "9e6ee41f022d5bd6",
}
WAV_KNOCK = "1fc58ce6a7c643f0"
INTERLEAVED_SLAM = "5f6fe19e77a24fa2"


def digest_surfaces(*surfaces):
    d = hashlib.sha256()
    for s in surfaces:
        d.update(pygame.image.tobytes(s, "RGBA"))
    return d.hexdigest()[:16]


def digest_bytes(data):
    return hashlib.sha256(data).hexdigest()[:16]


def little_endian(samples):
    """The samples' bytes as taken on a little-endian machine."""
    data = array("h", samples)
    if sys.byteorder == "big":
        data.byteswap()
    return data.tobytes()


@pytest.mark.skipif(pygame.version.ver != "2.5.8",
                    reason="card digests were taken with pygame-ce 2.5.8's font and smoothscale")
@pytest.mark.parametrize("width", [60, 90, 137])
@pytest.mark.parametrize("four", [False, True], ids=["two", "four"])
def test_card_art_is_unchanged(width, four):
    pygame.font.init()
    art = CardArt(width, four_colour=four)
    tag = f"w{width}_{'four' if four else 'two'}"
    got = {
        f"faces_{tag}": digest_surfaces(*[art.face(r + s) for s in SUITS for r in RANKS]),
        f"backs_{tag}": digest_surfaces(art.back("red"), art.back("blue")),
        f"pips_{tag}": digest_surfaces(*[art.pip(s, z) for s in SUITS for z in (7, 24, 61)],
                                       *[art.pip(s, 30, (230, 180, 40, 128)) for s in SUITS]),
    }
    assert got == {k: ART_DIGESTS[k] for k in got}


@pytest.mark.parametrize("name", sorted(SOUND_DIGESTS))
def test_effect_samples_are_unchanged(name):
    data = synth.samples(name)
    assert data.typecode == "h"
    assert digest_bytes(little_endian(data)) == SOUND_DIGESTS[name]


def test_wav_image_and_interleaving_are_unchanged():
    assert digest_bytes(synth.wav_bytes(synth.samples("knock"))) == WAV_KNOCK
    assert digest_bytes(little_endian(synth._interleave(synth.samples("slam"), 2))) == INTERLEAVED_SLAM
