"""Frame cost of the table at 1280x720 (dummy video driver), and its idle CPU use.

    python3 benchmarks/table_frames.py [--game manille] [--tricks 4] [--idle 3]

Plays a demo match (four KADO bots; every other card slammed or dropped so
the physics runs) with a fixed 1/60 s step and times each turn of the loop
(events, update, draw, flip): during the deal animation, and during tricks.
Card faces are drawn once before timing (the menu does that while idle).
Then it waits at a human's turn with the real loop and reports the CPU the
process used: an idle table must sleep, not spin.  Target: p99 < 8 ms.
"""
import argparse
import json
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("MANFEE_HOME", tempfile.mkdtemp(prefix="manfee-bench-"))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from table.app import App  # noqa: E402
from table.config import Settings  # noqa: E402
from table.layout import Layout  # noqa: E402
from table.menus import MainMenu  # noqa: E402
from table.table_scene import TableScene  # noqa: E402
from host import thinking  # noqa: E402
from host.local import open_local  # noqa: E402


def signalling(choose):
    """Every other card a bot plays is slammed or dropped (Manfee), so the physics runs."""
    n = [0]

    def wrapped(*args):
        a = choose(*args)
        if "play" in a:
            n[0] += 1
            if n[0] % 2:
                a = dict(a, signal="slam" if n[0] % 4 == 1 else "drop")
        return a
    return wrapped


def stats(ms):
    ms = sorted(ms)
    p99 = ms[min(len(ms) - 1, int(round(0.99 * (len(ms) - 1))))]
    return {"frames": len(ms), "median_ms": round(statistics.median(ms), 2),
            "p99_ms": round(p99, 2), "max_ms": round(ms[-1], 2)}


def main(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="manfee", choices=("manfee", "manille", "manille-muette", "manni"))
    p.add_argument("--tricks", type=int, default=4)
    p.add_argument("--idle", type=float, default=3.0, help="seconds of idle loop to measure")
    p.add_argument("--bots", default="KADO", help="the character at all four seats (e.g. ZELZELA "
                   "to time frames while a searching bot thinks)")
    args = p.parse_args(argv)

    app = App(Settings(bot_pace=0.0, anim_speed=1.0), size=(1280, 720), fullscreen=False,
              quiet_sound=True)
    app.reset(MainMenu(app))
    L = Layout(app.size)
    t0 = time.perf_counter()
    imgs = app.images(L.cw, L.sw)
    while not imgs.warm:
        imgs.warm_step(1.0)
    warm_ms = (time.perf_counter() - t0) * 1000

    if args.game == "manfee":
        thinking.choose = signalling(thinking.choose)
    link = open_local(args.game, {}, humans=0, bots=[args.bots] * 4, seed=11, wake=app.wake)
    scene = TableScene(app, link)
    app.push(scene)

    cost = []
    cpu = []
    last_cpu = [time.thread_time()]

    def hook(wall):
        now = time.thread_time()
        cost.append(wall)
        cpu.append(now - last_cpu[0])
        last_cpu[0] = now
    app.frame_hook = hook
    deal, trick = [], []
    # The deal: from its first frame until the hands are dealt and turned up (the host
    # deals on its own thread once the empty table has been shown).
    while not scene.director.busy():
        app.step(1 / 60)
        time.sleep(0.001)
    cost.clear()
    cpu.clear()
    while scene.director.busy() or not scene.board.images.warm:
        app.step(1 / 60)
    deal, deal_cpu = cost[:], cpu[:]
    cost.clear()
    cpu.clear()
    tricks = 0
    while tricks < args.tricks and not scene.shown.get("finished"):
        before = sum(scene.board.piles.values())
        app.step(1 / 60)
        if sum(scene.board.piles.values()) > before:
            tricks += 1
    trick, trick_cpu = cost[:], cpu[:]
    app.frame_hook = None

    # Idle: a human's turn, nobody moving; the real loop with its real waits.
    human = open_local(args.game, {}, humans=1, bots=["KADO"] * 3, seed=11, wake=app.wake)
    idle_scene = TableScene(app, human)
    app.reset(MainMenu(app))
    app.push(idle_scene)
    for _ in range(20000):
        app.step(1 / 60)
        if idle_scene.waiting_for_human():
            break
    app.run(seconds=1.0)               # let banners and bubbles settle
    frames0 = app.frames
    c0, w0 = time.process_time(), time.perf_counter()
    app.run(seconds=args.idle)
    cpu = time.process_time() - c0
    wall = time.perf_counter() - w0
    out = {"game": args.game, "bots": args.bots, "size": list(app.size), "faces_drawn_ms": round(warm_ms),
           "deal": stats([c * 1000 for c in deal]), "tricks": stats([c * 1000 for c in trick]),
           "deal_cpu": stats([c * 1000 for c in deal_cpu]), "tricks_cpu": stats([c * 1000 for c in trick_cpu]),
           "load_average": round(os.getloadavg()[0], 2),
           "tricks_timed": tricks,
           "idle": {"cpu_percent": round(100 * cpu / wall, 1),
                    "frames_per_s": round((app.frames - frames0) / wall, 1)}}
    print(json.dumps(out))
    app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
