"""Write every effect as a mono 16-bit 44.1 kHz WAV file.

    python -m sounds.export DIR
"""
import argparse
import os
import sys
from typing import List, Optional

from .effects import EFFECTS, samples
from .wav import write_wav


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="python -m sounds.export", description=__doc__.splitlines()[0])
    p.add_argument("dir", help="directory to write NAME.wav files into (created if missing)")
    args = p.parse_args(argv)
    os.makedirs(args.dir, exist_ok=True)
    for name in EFFECTS:
        path = os.path.join(args.dir, name + ".wav")
        write_wav(path, samples(name))
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
