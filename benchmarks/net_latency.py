"""LAN speed on loopback: action-to-every-view latency, and lobby discovery time.

    python3 -m benchmarks.net_latency [--actions 2000] [--discoveries 10]

Latency: a host process (``python3 -m net.cli --host``) with four open Manfee
seats, four ``Client`` connections in this process.  For each action the
clock starts just before the acting client sends its intent and stops when the
last of the four clients has the view that follows from it (decoded, in its
inbox).  Targets: median under 2 ms, p99 under 10 ms.

Discovery: a host process advertising with zeroconf on 127.0.0.1; a fresh
``LobbyBrowser`` (its own Zeroconf instance, QM questions) is started and the
clock stops when the table is listed, which includes resolving the service and
the browser's own TCP hello/table exchange with the host.  Target: under 0.3 s.
"""
import argparse
import json
import os
import queue
import random
import statistics
import subprocess
import sys
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from net import Client, LobbyBrowser  # noqa: E402

LOOP = "127.0.0.1"


def start_host(*args):
    p = subprocess.Popen([sys.executable, "-m", "net.cli", "--headless", "--bind", LOOP,
                          "--interfaces", LOOP, "--port", "0", "--max-seconds", "600", *args],
                         cwd=ROOT, stdout=subprocess.PIPE, text=True)
    return p


def read_event(p, event, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = p.stdout.readline()
        if not line:
            break
        msg = json.loads(line)
        if msg["event"] == event:
            return msg
    raise RuntimeError(f"host did not say {event}")


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def latency(actions):
    host = start_host("--host", f"bench-{uuid.uuid4().hex[:6]}", "--no-advertise", "--game", "manfee",
                      "--target", "100000", "--seats", "bottom=open,left=open,top=open,right=open")
    try:
        port = read_event(host, "listening")["port"]
        clients = [Client(LOOP, port, name=f"B{i}", auto_join=True) for i in range(4)]
        for c in clients:
            c.start()
            assert c.wait_for("welcome", 5)
        rng = random.Random(1)
        samples = []
        views = {}

        def settle():
            """Wait until every client holds the same latest view and someone is to act."""
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                for c in clients:
                    while True:
                        try:
                            msg = c.inbox.get_nowait()
                        except queue.Empty:
                            break
                        if msg.get("view"):
                            views[c] = msg["view"]
                vs = [views.get(c) for c in clients]
                if all(vs) and len({v["version"] for v in vs}) == 1 and vs[0]["turn"]:
                    return vs
                time.sleep(0.0002)
            raise RuntimeError("the table did not settle")

        while len(samples) < actions:
            vs = settle()
            actor = next(c for c, v in zip(clients, vs) if v["seat"] == v["turn"])
            v = views[actor]
            action = rng.choice(v["legal"])
            version = v["version"]
            t0 = time.perf_counter()
            actor.act(action)
            ok = True
            for c in clients:
                while True:
                    msg = c.inbox.get(timeout=5)
                    if msg.get("view"):
                        views[c] = msg["view"]
                    if msg["type"] == "error":
                        ok = False
                        break
                    if msg["type"] == "events" and msg["view"]["version"] > version:
                        break
            t1 = time.perf_counter()
            if ok:
                samples.append(t1 - t0)
        for c in clients:
            c.close()
        return samples
    finally:
        host.terminate()
        host.wait(5)


def discovery(rounds):
    name = f"disco-{uuid.uuid4().hex[:6]}"
    host = start_host("--host", name, "--game", "manni", "--seats", "bottom=host,left=open,right=open")
    try:
        read_event(host, "listening")
        read_event(host, "advertised")
        times = []
        for _ in range(rounds):
            t0 = time.perf_counter()
            b = LobbyBrowser(interfaces=[LOOP]).start()
            while True:
                kind, info = b.changes.get(timeout=5)
                if kind == "added" and info.table == name:
                    break
            times.append(time.perf_counter() - t0)
            b.stop()
        return times
    finally:
        host.terminate()
        host.wait(5)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--actions", type=int, default=2000)
    ap.add_argument("--discoveries", type=int, default=10)
    args = ap.parse_args(argv)
    lat = latency(args.actions)
    ms = [x * 1000 for x in lat]
    print(f"action -> all 4 views (loopback, {len(ms)} actions): median {statistics.median(ms):.3f} ms, "
          f"p90 {pct(ms, 0.90):.3f} ms, p99 {pct(ms, 0.99):.3f} ms, max {max(ms):.3f} ms "
          f"(targets: median < 2 ms, p99 < 10 ms)")
    if args.discoveries:
        d = discovery(args.discoveries)
        print(f"discovery, browser start -> table listed ({len(d)} runs): median {statistics.median(d):.3f} s, "
              f"max {max(d):.3f} s (target < 0.3 s)")


if __name__ == "__main__":
    main()
