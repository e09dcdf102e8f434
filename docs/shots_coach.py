"""Screenshots of the coach's screens for the README: docs/review.png and
docs/statistics.png, drawn headless (dummy video driver) from matches the
bots play here, in a throwaway MANFEE_HOME.

    python3 docs/shots_coach.py                       # the README's two shots, 1280x720
    python3 docs/shots_coach.py --sizes 1024x600,1920x1080 --out /tmp/shots   # checking the layout

"Ana" is a person at the bottom seat, played here by bots: POCHAQ in the
reviewed deal (it slips now and then, so the review has something to say),
TANA, SADA or JANGARA in the statistics' matches, whose reviews run at a
small budget to keep the script quick.  Everything is seeded, so the same
shots come out each time (the statistics' dates are made up).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ANA = "POCHAQ"          # who plays Ana's cards


def played_match(game: str, options: dict, bots: dict, seed: int, created: str, deals: int | None = None,
                 ana: str = ANA) -> dict:
    """A match (or its first ``deals`` deals) played by bots; Ana (played by ``ana``) at the bottom."""
    from bots import make_bot
    from rules.host import MatchHost
    mh = MatchHost.new(game, options, seed=seed)
    players = {s: make_bot(ana if s == "bottom" else bots[s], seed * 10 + i) for i, s in enumerate(mh.game.seats)}
    while not mh.match.finished:
        if mh.needs_deal():
            if deals is not None and len(mh.match.summaries) >= deals:
                break
            mh.start_deal()
            continue
        seat = mh.whose_turn()
        mh.submit(seat, players[seat].choose(mh.view(seat)))
    rec = mh.record()
    rec["created"] = created
    rec["players"] = {s: {"kind": "human", "name": "Ana"} if s == "bottom" else
                      {"kind": "bot", "bot": bots[s], "name": bots[s].title()} for s in mh.game.seats}
    return rec


def review_record() -> dict:
    """One Manfee deal against TANOOR, TIZAB and JANGARA."""
    return played_match("manfee", {"target": 52}, {"left": "TANOOR", "top": "TIZAB", "right": "JANGARA"},
                        seed=19, created="2025-03-02 20:15:00", deals=1)


def fill_store(path: str, reviews: bool = True) -> None:
    """A few weeks of Ana's matches in the statistics file at ``path``."""
    from bots.review import review_deal
    from host.stats import StatsStore
    rng = random.Random(5)
    plan = [("manfee", {"target": 26}), ("manille", {"target": 51}), ("manni", {"target": 5})] * 3
    characters = ["SADA", "TANA", "JANGARA", "TANOOR", "PUCHOQ"]
    clock = {"now": ""}
    with StatsStore(path, clock=lambda: clock["now"]) as store:
        for k, (game, options) in enumerate(plan):
            day = f"2025-02-{k * 3 + 1:02d}"
            seats = ("left", "top", "right") if game != "manni" else ("left", "right")
            bots = {s: rng.choice(characters) for s in seats}
            rec = played_match(game, options, bots, seed=100 + k, created=f"{day} 20:00:00",
                               ana=rng.choice(["TANA", "SADA", "JANGARA"]))
            clock["now"] = f"{day}T21:00:00+00:00"
            store.sync_match(f"{game}-{k}.json", rec)
            if reviews:
                for deal in range(min(2, len(rec["deals"]))):
                    r = review_deal(rec, deal, "bottom", budget=0.08, seed=deal)
                    store.record_review(f"{game}-{k}.json", deal, "bottom", r.summary())


def _close(app) -> None:
    """Close the screens (a review's worker stops) but keep pygame up: the text
    module's fonts outlive one App, and the next shot needs them."""
    while app.scenes:
        s = app.scenes.pop()
        s.leave()
        s.close()


def _app(size: tuple[int, int]):
    from table.app import App
    from table.config import Settings
    from table.menus import MainMenu
    app = App(Settings(bot_pace=0.0), size=size, fullscreen=False, quiet_sound=True)
    app.reset(MainMenu(app))
    return app


def review_shot(size: tuple[int, int], target: str, budget: float = 1.0) -> None:
    """The review of Ana's deal, a costly decision selected."""
    import pygame
    from table.scenes import open_scene
    from host.stats import StatsStore
    from table.config import stats_path
    record = review_record()
    with StatsStore(stats_path()) as store:          # as the table host keeps every scored deal
        store.sync_match("manfee-20250302-201500.json", record)
    app = _app(size)
    scene = open_scene("review", app, record=record, deal=0, seat="bottom", budget=budget)
    app.push(scene)
    for _ in range(20000):
        app.step(1 / 60)
        if scene.review is not None or scene.error:
            break
        pygame.time.wait(20)
    if scene.review and scene.review.decisions:
        worst = max(range(len(scene.review.decisions)), key=lambda i: scene.review.decisions[i].expected_loss)
        scene.select(worst)
    app.step(1 / 60)
    app.save_screenshot(target)
    _close(app)


def stats_shot(size: tuple[int, int], target: str) -> None:
    """Ana's statistics."""
    from table.scenes import open_scene
    app = _app(size)
    app.push(open_scene("statistics", app, profile="Ana"))
    for _ in range(3):
        app.step(1 / 60)
    app.save_screenshot(target)
    _close(app)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="1280x720", help="WxH,WxH,...")
    p.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    p.add_argument("--only", choices=("review", "statistics"))
    a = p.parse_args(argv)
    home = tempfile.mkdtemp(prefix="manfee-shots-")
    os.environ["MANFEE_HOME"] = home
    sizes = [tuple(int(v) for v in s.split("x")) for s in a.sizes.split(",")]
    os.makedirs(a.out, exist_ok=True)
    if a.only in (None, "statistics"):
        from table.config import stats_path
        fill_store(stats_path())
    for w, h in sizes:
        suffix = "" if len(sizes) == 1 and a.sizes == "1280x720" else f"-{w}x{h}"
        if a.only in (None, "review"):
            review_shot((w, h), os.path.join(a.out, f"review{suffix}.png"))
        if a.only in (None, "statistics"):
            stats_shot((w, h), os.path.join(a.out, f"statistics{suffix}.png"))
    print(f"shots in {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
