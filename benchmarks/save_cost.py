"""What writing ahead costs: the time to save a match after each action.

    python3 benchmarks/save_cost.py [--game manfee] [--deals 6] [--folder DIR]

Plays bots-only deals straight through the rules and, after every action,
writes the table host's save as the host does (the whole record to a
temporary file, fsync, rename, fsync of the folder).  Prints the cost per
action (median, p95, max) and the record's size at the end.  The folder
decides the file system (default: a temporary folder; try the saves folder's
disk).
"""
import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from host.seats import seat_plan  # noqa: E402
from host.local import new_host  # noqa: E402
from bots import make_bot  # noqa: E402


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="manfee")
    p.add_argument("--deals", type=int, default=6)
    p.add_argument("--folder", default=None)
    args = p.parse_args(argv)
    folder = args.folder or tempfile.mkdtemp(prefix="manfee-save-")
    seats = seat_plan(args.game, 0, ["KADO"] * 4, random.Random(1))
    host = new_host(args.game, seats, {"target": 10 ** 6}, seed=1)
    host.save_path = os.path.join(folder, "bench.json")
    bot = make_bot("KADO", 1)
    mh = host.mh
    costs = []
    while len(mh.match.records) < args.deals or mh.match.in_deal:
        if mh.needs_deal():
            mh.start_deal()
        else:
            seat = mh.whose_turn()
            mh.submit(seat, bot.choose(mh.view(seat)))
        t = time.perf_counter()
        host._save()                      # exactly what the host does before it shows a change
        costs.append((time.perf_counter() - t) * 1000)
    costs.sort()
    print(json.dumps({"game": args.game, "actions": len(costs), "deals": len(mh.match.records),
                      "median_ms": round(statistics.median(costs), 2),
                      "p95_ms": round(costs[int(0.95 * (len(costs) - 1))], 2),
                      "max_ms": round(costs[-1], 2),
                      "record_bytes": os.path.getsize(host.save_path), "folder": folder}))


if __name__ == "__main__":
    main()
