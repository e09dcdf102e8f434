"""Host and clients as separate processes on loopback (``python3 -m net.cli``):
whole matches of every game, the lobby seeing tables come and go, a client
killed and taken back with its token, a host killed and resumed from its
autosave, and (as root) a host and a client in two network namespaces."""
import json
import os
import queue
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid

import pytest

from net import LobbyBrowser
from rules.store import load_record
from test_net_support import LOOP, SHORT

pytestmark = pytest.mark.network     # sockets on loopback (and zeroconf on 127.0.0.1)


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Proc:
    """A net.cli process whose JSON lines are read on a thread."""

    def __init__(self, *args, prefix=(), home=None):
        self.args = args
        env = dict(os.environ, PYTHONPATH=ROOT, **({"MANFEE_HOME": str(home)} if home else {}))
        self.p = subprocess.Popen([*prefix, sys.executable, "-m", "net.cli", "--headless", *args],
                                  cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        self.lines = queue.Queue()
        self.seen = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            try:
                self.lines.put(json.loads(line))
            except ValueError:
                self.lines.put({"event": "noise", "text": line})
        self.lines.put(None)

    def expect(self, event, timeout=10.0):
        """The next line with ``event`` (earlier ones are kept in ``seen``)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {event!r} from {self.args} in {timeout} s; saw {self.seen}")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                self.lines.put(None)
                raise AssertionError(f"{self.args} ended before {event!r}; saw {self.seen}; "
                                     f"stderr: {self.p.stderr.read()[-2000:]}")
            self.seen.append(line)
            if line["event"] == event:
                return line

    def finish(self, timeout=45.0):
        try:
            return self.p.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"{self.args} did not finish; saw {self.seen}") from None

    def kill(self, sig=signal.SIGKILL):
        if self.p.poll() is None:
            self.p.send_signal(sig)
            try:
                self.p.wait(5)
            except subprocess.TimeoutExpired:
                self.p.kill()

    def drain(self):
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return self.seen
            if line is None:
                self.lines.put(None)
                return self.seen
            self.seen.append(line)


def line(proc, event, timeout=30.0):
    """The first line with ``event`` that ``proc`` printed (waiting for it if need be)."""
    for x in proc.drain():
        if x["event"] == event:
            return x
    return proc.expect(event, timeout)


def host_proc(name, game, seats, *extra, port=0, home=None):
    args = ["--host", name, "--game", game, "--seats", seats, "--port", str(port), "--bind", LOOP,
            "--interfaces", LOOP, "--bot", "TANA", "--max-seconds", "60"]
    for key, value in SHORT[game].items():
        args += [f"--{key.replace('_', '-')}", str(value)]
    return Proc(*args, *extra, home=home)


def free_port():
    with socket.socket() as s:
        s.bind((LOOP, 0))
        return s.getsockname()[1]


@pytest.fixture
def procs():
    made = []
    yield made
    for p in made:
        p.kill()


def test_whole_matches_of_every_game_with_clients_and_bots_in_separate_processes(procs):
    tables = {}
    for game in SHORT:
        seats = "bottom=host,left=open,right=open" if game == "manni" else \
            "bottom=host,left=open,top=bot:KADO,right=open"
        name = f"{game}-{uuid.uuid4().hex[:6]}"
        host = host_proc(name, game, seats)
        procs.append(host)
        tables[game] = (name, host)
    clients = {}
    for game, (name, host) in tables.items():
        port = host.expect("listening")["port"]
        by_address = Proc("--join", f"{LOOP}:{port}", "--bot", "KADO", "--name", "Ada", "--max-seconds", "60")
        by_name = Proc("--join", name, "--interfaces", LOOP, "--bot", "SADA", "--name", "Bea",
                       "--max-seconds", "60", "--find-timeout", "15")
        procs += [by_address, by_name]
        clients[game] = (by_address, by_name)
    for game, (_name, host) in tables.items():
        finals = []
        for p in (host, *clients[game]):
            finals.append(p.expect("match_over", 60))
            assert p.finish() == 0, p.drain()
        assert all(f["totals"] == finals[0]["totals"] for f in finals), finals
        seats = {line(p, "welcome")["seat"] for p in clients[game]}
        assert seats == {"left", "right"}
        assert line(clients[game][1], "found")["port"] == line(host, "listening")["port"]


def test_the_lobby_sees_tables_appear_fill_and_disappear(procs):
    changes = queue.Queue()
    browser = LobbyBrowser(interfaces=[LOOP], on_change=lambda k, t: changes.put((time.monotonic(), k, t)))
    browser.start()
    try:
        names = [f"lobby-{uuid.uuid4().hex[:6]}" for _ in range(2)]
        hosts = [host_proc(n, "manni", "bottom=host,left=open,right=open") for n in names]
        procs.extend(hosts)
        ports = [h.expect("listening")["port"] for h in hosts]
        advertised = []
        for h in hosts:
            h.expect("advertised")                 # registration done (it takes ~1.6 s)
            advertised.append(time.monotonic())
        listed = {}
        deadline = time.monotonic() + 8
        while len(listed) < 2 and time.monotonic() < deadline:
            try:
                t, kind, info = changes.get(timeout=0.2)
            except queue.Empty:
                continue
            if kind == "added" and info.table in names:
                listed[info.table] = info
                # Listed within a second of the host's registration (usually before it ends).
                assert t - advertised[names.index(info.table)] < 1.0
        assert set(listed) == set(names), browser.tables()
        a = listed[names[0]]
        assert a.game == "manni" and a.free == ["left", "right"] and a.port == ports[0] and a.compatible
        # A player sits down: the free seats follow.
        c = Proc("--join", f"{LOOP}:{ports[0]}", "--seat", "left", "--bot", "KADO", "--max-seconds", "30")
        procs.append(c)
        c.expect("welcome")
        assert wait_change(changes, lambda k, t: k == "updated" and t.table == names[0] and t.free == ["right"])
        # The host quits: the seated client is told, the lobby drops the table.
        hosts[0].kill(signal.SIGTERM)
        t0 = time.monotonic()
        assert wait_change(changes, lambda k, t: k == "removed" and t.table == names[0], 2)
        assert time.monotonic() - t0 < 1.0
        closed = c.expect("host_closed", 5)
        assert "closed" in closed["reason"] and c.finish() == 3
        # A host that crashes disappears too (its zeroconf records would linger for minutes).
        hosts[1].kill(signal.SIGKILL)
        t0 = time.monotonic()
        assert wait_change(changes, lambda k, t: k == "removed" and t.table == names[1], 2)
        assert time.monotonic() - t0 < 1.0
        time.sleep(0.3)
        assert not [t for t in browser.tables() if t.table in names]
    finally:
        browser.stop()


def wait_change(changes, pred, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            _t, kind, info = changes.get(timeout=0.1)
        except queue.Empty:
            continue
        if pred(kind, info):
            return True
    return False


def test_a_killed_client_is_replaced_by_a_bot_and_its_token_takes_the_seat_back(procs):
    host = host_proc(f"drop-{uuid.uuid4().hex[:6]}", "manfee", "bottom=host,left=open,top=bot:KADO,right=bot:KADO",
                     "--grace", "0.3", "--bot-delay", "0.02", "--target", "26", "--no-advertise")
    procs.append(host)
    port = host.expect("listening")["port"]
    first = Proc("--join", f"{LOOP}:{port}", "--bot", "KADO", "--name", "Cy", "--max-seconds", "60")
    procs.append(first)
    token = first.expect("welcome")["token"]
    host.expect("joined")
    time.sleep(0.4)
    first.kill()
    assert host.expect("lost")["seat"] == "left"
    assert host.expect("standin", 3)["seat"] == "left"
    # Somebody without the token cannot sit there (whether the stand-in or Cy back holds it);
    # both start at once: one after the other, a loaded machine let the bots finish the match first.
    thief = Proc("--join", f"{LOOP}:{port}", "--seat", "left", "--bot", "KADO", "--max-seconds", "20")
    back = Proc("--join", f"{LOOP}:{port}", "--token", token, "--bot", "KADO", "--name", "Cy",
                "--max-seconds", "60")
    procs.extend((thief, back))
    assert thief.expect("error")["code"] == "seat_taken" and thief.finish() == 3
    w = back.expect("welcome")
    assert w["seat"] == "left" and w["rejoin"]
    assert host.expect("back")["seat"] == "left"
    over = back.expect("match_over", 60)
    assert back.finish() == 0 and host.finish() == 0
    assert line(host, "match_over")["totals"] == over["totals"]


def test_a_crashed_host_resumes_from_its_autosave_and_the_clients_come_back(procs, tmp_path):
    save = str(tmp_path / "lan.json")
    port = free_port()
    name = f"resume-{uuid.uuid4().hex[:6]}"
    seats = "bottom=host,left=open,top=bot:KADO,right=open"
    host = host_proc(name, "manille", seats, "--save", save, "--bot-delay", "0.03", "--target", "31",
                     "--no-advertise", port=port)
    procs.append(host)
    host.expect("listening")
    clients = [Proc("--join", f"{LOOP}:{port}", "--seat", s, "--bot", "KADO", "--reconnect", "20",
                    "--max-seconds", "60") for s in ("left", "right")]
    procs.extend(clients)
    for c in clients:
        c.expect("welcome")
    # Kill it once the save holds a few cards of the first deal: a fixed half second let a busy
    # machine finish a whole match to 31 first (one deal can score it), or save nothing yet.
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            played = sum(len(d.get("actions", ())) for d in json.load(open(save)).get("deals", ()))
        except (OSError, ValueError):
            played = 0
        if played >= 3:
            break
        time.sleep(0.02)
    host.kill()                              # no goodbye, no last save
    record, match = load_record(save)
    assert match.records and not match.finished
    for c in clients:
        assert c.expect("disconnected", 5)
    saved = open(save, "rb").read()
    for extra in (["--seats", "bottom=host,left=open,top=open,right=open"], ["--target", "101"]):
        # Seats or options of its own would hand the table's seats to strangers: refused in a line.
        refused = Proc("--host", "ignored", "--resume", save, "--port", str(port), "--bind", LOOP,
                       "--no-advertise", "--max-seconds", "20", *extra)
        procs.append(refused)
        err = refused.expect("error", 10)
        assert "keeps its seats" in err["reason"] and "\n" not in err["reason"]
        assert refused.finish() == 1
    assert open(save, "rb").read() == saved
    again = Proc("--host", "ignored", "--resume", save, "--port", str(port), "--bind", LOOP, "--bot", "TANA",
                 "--bot-delay", "0.01", "--no-advertise", "--max-seconds", "60")
    procs.append(again)
    listening = again.expect("listening")
    assert listening["resumed"] and listening["free"] == []
    finals = []
    for c in clients:
        w = c.expect("welcome", 10)
        assert w["rejoin"]
        finals.append(c.expect("match_over", 60))
        assert c.finish() == 0
    finals.append(again.expect("match_over", 30))
    assert again.finish() == 0
    assert finals[0]["totals"] == finals[1]["totals"] == finals[2]["totals"]
    _record, done = load_record(save)
    assert done.finished and len(done.records) >= len(match.records)


def _netns_ready():
    if os.name != "posix" or os.geteuid() != 0 or not shutil.which("ip"):
        return False
    probe = f"mfprobe{os.getpid()}"
    ok = subprocess.run(["ip", "netns", "add", probe], capture_output=True).returncode == 0
    if ok:
        subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return ok


@pytest.fixture
def two_namespaces():
    if not _netns_ready():
        pytest.skip("network namespaces need root and iproute2")
    tag = f"{os.getpid() % 100000}"
    ns = (f"mfh{tag}", f"mfc{tag}")
    veth = (f"mvh{tag}", f"mvc{tag}")
    addrs = ("10.231.7.1", "10.231.7.2")
    cmds = [["ip", "netns", "add", ns[0]], ["ip", "netns", "add", ns[1]],
            ["ip", "link", "add", veth[0], "type", "veth", "peer", "name", veth[1]]]
    for i in (0, 1):
        cmds += [["ip", "link", "set", veth[i], "netns", ns[i]],
                 ["ip", "-n", ns[i], "addr", "add", f"{addrs[i]}/24", "dev", veth[i]],
                 ["ip", "-n", ns[i], "link", "set", veth[i], "up"],
                 ["ip", "-n", ns[i], "link", "set", "lo", "up"]]
    try:
        for cmd in cmds:
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode:
                pytest.skip(f"cannot build the namespaces: {' '.join(cmd)}: {r.stderr.strip()}")
        yield ns, addrs
    finally:
        for n in ns:
            subprocess.run(["ip", "netns", "del", n], capture_output=True)


def test_host_and_client_in_two_network_namespaces(procs, two_namespaces):
    (ns_host, ns_client), (a_host, a_client) = two_namespaces
    name = f"netns-{uuid.uuid4().hex[:6]}"
    host = Proc("--host", name, "--game", "manni", "--target", "2", "--seats",
                "bottom=host,left=open,right=bot:KADO", "--bind", a_host, "--interfaces", a_host,
                "--bot", "KADO", "--max-seconds", "40", prefix=("ip", "netns", "exec", ns_host))
    procs.append(host)
    host.expect("listening")
    client = Proc("--join", name, "--interfaces", a_client, "--bot", "KADO", "--find-timeout", "15",
                  "--max-seconds", "40", prefix=("ip", "netns", "exec", ns_client))
    procs.append(client)
    found = client.expect("found", 20)
    assert found["host"] == a_host
    assert client.expect("welcome")["seat"] == "left"
    over = client.expect("match_over", 40)
    assert client.finish() == 0 and host.finish() == 0
    assert line(host, "match_over")["totals"] == over["totals"]


def test_a_private_table_from_the_command_line(procs, tmp_path):
    """The code to give friends is said in words on the terminal; the table is saved where the
    window's host form offers it back (a crashed terminal host lost its table: no save by
    default); the terminal's own seat is the --bot character's, a bot to every screen."""
    host = host_proc(f"private-{uuid.uuid4().hex[:6]}", "manni", "bottom=host,left=open,right=bot:KADO",
                     "--code", "auto", "--no-advertise", home=tmp_path)
    procs.append(host)
    listening = host.expect("listening")
    code, port = listening["code"], listening["port"]
    assert len(code) == 6 and code.isdigit()
    assert os.path.dirname(listening["save"]) == str(tmp_path / "saves" / "lan")
    stranger = Proc("--join", f"{LOOP}:{port}", "--bot", "KADO", "--max-seconds", "20")
    procs.append(stranger)
    assert stranger.expect("error")["code"] == "bad_code" and stranger.finish() == 3
    friend = Proc("--join", f"{LOOP}:{port}", "--code", f"{code[:3]} {code[3:]}", "--bot", "KADO",
                  "--max-seconds", "40")
    procs.append(friend)
    assert friend.expect("welcome")["seat"] == "left"
    over = friend.expect("match_over", 40)
    assert friend.finish() == 0 and host.finish() == 0
    assert line(host, "match_over")["totals"] == over["totals"]
    said = host.p.stderr.read()
    assert f"Join code for your friends: {code}" in said and f"join by address at {LOOP}:{port}" in said
    record, match = load_record(listening["save"])
    assert match.finished and record["players"]["bottom"] == {"kind": "bot", "name": "Tana", "bot": "TANA"}
