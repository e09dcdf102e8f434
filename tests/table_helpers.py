"""Stand-ins shared by the table tests."""
from table.app import _Silence


class Sounds(_Silence):
    """A sound bank that records what the table asked it to play."""

    available = True

    def __init__(self):
        self.played = []

    def play(self, name):
        self.played.append(name)


def start_local(table, game="manfee", options=None, humans=1, bots=("KADO", "KADO", "KADO"), seed=7,
                names=None):
    """A local match on the table's screen (through the table host, as a player starts one)."""
    from host.local import open_local
    from table.config import saves_dir
    from table.scenes import open_scene
    app = table.app
    link = open_local(game, options, humans=humans, bots=list(bots), seed=seed, names=names,
                      save_dir=saves_dir(), wake=app.wake, bot_delay=app.bot_pace)
    scene = open_scene("table", app, link=link)
    app.push(scene)
    return scene


def record(scene):
    """The match record as the scene's host has it now."""
    return scene.link.record()


def actions(scene):
    return [a for d in record(scene)["deals"] for a in d["actions"]]


def acted(table, scene, before, limit=600):
    """Wait (frame by frame) until the host has recorded an action after ``before``; the new ones."""
    assert table.until(lambda: len(actions(scene)) > before, limit=limit)
    return actions(scene)[before:]


def bot_record(game, options, seed=4, finished=True, steps=None, until=None):
    """A match played by KADO bots straight through the rules (a record with players)."""
    from bots import make_bot
    from rules.host import MatchHost
    mh = MatchHost.new(game, options, seed=seed)
    bot = make_bot("KADO", 1)
    n = 0
    while not mh.match.finished and (steps is None or n < steps) and (until is None or not until(mh)):
        if mh.needs_deal():
            mh.start_deal()
            continue
        seat = mh.whose_turn()
        mh.submit(seat, bot.choose(mh.view(seat)))
        n += 1
    rec = mh.record()
    rec["players"] = {s: ({"kind": "human", "name": "You"} if s == "bottom" and not finished
                          else {"kind": "bot", "bot": "KADO", "name": s.title()}) for s in mh.game.seats}
    return rec


def lift_cover(table, scene):
    """Hot-seat: click the cover away once it has stood long enough to take a click
    (``table.hotseat.COVER_HOLD``), and wait until the next person's choices take one."""
    from table.hotseat import ARMED_AFTER, COVER_HOLD
    assert table.until(lambda: scene.input.clock - scene.cover_at >= COVER_HOLD, limit=600)
    table.click((640, 360))
    assert table.until(lambda: scene.input.clock - scene.lifted_at >= ARMED_AFTER, limit=600)
