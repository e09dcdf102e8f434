"""Synthesised sounds: shapes of the effects, WAV files, and the pygame sound bank."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import math  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import textwrap  # noqa: E402
import wave  # noqa: E402
from array import array  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from sounds import synth  # noqa: E402
from sounds.synth import EFFECTS, SAMPLE_RATE, SoundBank, write_wav  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# expected duration (seconds) of each effect: (min, max)
DURATIONS = {
    "deal": (0.06, 0.12),
    "card_land": (0.04, 0.09),
    "slam": (0.2, 0.35),
    "drop": (0.15, 0.3),
    "trick_won": (0.15, 0.3),
    "match_won": (0.7, 1.1),
    "knock": (0.2, 0.45),
    "shuffle": (0.45, 0.8),
}


def rms(x):
    return math.sqrt(sum(v * v for v in x) / len(x)) if len(x) else 0.0


def lowpass(x, cutoff):
    a = math.exp(-2 * math.pi * cutoff / SAMPLE_RATE)
    y, out = 0.0, []
    for v in x:
        y = (1 - a) * v + a * y
        out.append(y)
    return out


def envelope(x, ms=5):
    """RMS of consecutive ``ms`` windows."""
    w = int(SAMPLE_RATE * ms / 1000)
    return [rms(x[i:i + w]) for i in range(0, len(x) - w + 1, w)]


def window(x, t0, t1):
    return x[int(t0 * SAMPLE_RATE):int(t1 * SAMPLE_RATE)]


@pytest.fixture(autouse=True)
def _no_mixer_left_over():
    if pygame.mixer.get_init():
        pygame.mixer.quit()
    yield
    if pygame.mixer.get_init():
        pygame.mixer.quit()


def test_every_effect_has_a_function():
    assert set(EFFECTS) == set(DURATIONS)
    for name in EFFECTS:
        s = getattr(synth, name)()
        assert isinstance(s, array) and s.typecode == "h"


@pytest.mark.parametrize("name", EFFECTS)
def test_effect_length_energy_and_headroom(name):
    s = getattr(synth, name)()
    lo, hi = DURATIONS[name]
    assert lo <= len(s) / SAMPLE_RATE <= hi
    assert rms(s) > 300                                  # audible, not silence
    assert max(s) < 32767 and min(s) > -32767            # no sample pinned at full scale
    assert max(abs(v) for v in s) > 8000                 # and not whisper-quiet either
    # starts and ends near zero, so playing it never clicks
    assert abs(s[-1]) < 200
    assert abs(sum(s)) / len(s) < 600                    # no big DC offset


@pytest.mark.parametrize("name", EFFECTS)
def test_effects_are_deterministic_copies(name):
    fn = getattr(synth, name)
    a = fn()
    a[0] = 12345
    assert fn() == synth.samples(name) != a


def test_effects_sound_different():
    data = {name: synth.samples(name) for name in EFFECTS}
    for i, a in enumerate(EFFECTS):
        for b in EFFECTS[i + 1:]:
            assert data[a] != data[b]


def test_slam_is_heavier_and_lower_than_card_land():
    slam, land = synth.slam(), synth.card_land()
    assert max(abs(v) for v in slam) > 1.5 * max(abs(v) for v in land)
    assert rms(window(slam, 0, 0.06)) > 2 * rms(land)      # same span, far more energy
    low_slam, low_land = rms(lowpass(slam, 150)), rms(lowpass(land, 150))
    assert low_slam > 4 * low_land
    # most of the slam's energy is low: low-passed RMS is a good share of the whole
    assert low_slam > 0.4 * rms(slam)


def test_deal_is_bright_and_slam_is_dark():
    def brightness(x):
        return 1 - rms(lowpass(x, 500)) / rms(x)
    assert brightness(synth.deal()) > 0.8
    assert brightness(synth.slam()) < 0.5


def test_drop_has_two_distinct_bursts():
    d = synth.drop()
    first = rms(window(d, 0.0, 0.02))
    gap = rms(window(d, 0.07, 0.115))
    second = rms(window(d, 0.12, 0.14))
    assert first > 1000
    assert second > 4 * gap
    assert first > second > 0.15 * first          # the bounce is smaller, yet clearly there
    env = [0.0] + envelope(d)
    peaks = [i for i in range(1, len(env) - 1)
             if env[i] >= env[i - 1] and env[i] >= env[i + 1] and env[i] > 0.1 * max(env)]
    assert len(peaks) >= 2
    assert 100 <= (peaks[-1] - peaks[0]) * 5 <= 140      # bursts about 120 ms apart


def test_knock_is_two_knocks():
    k = synth.knock()
    first = rms(window(k, 0.0, 0.03))
    gap = rms(window(k, 0.12, 0.155))
    second = rms(window(k, 0.16, 0.19))
    assert first > 5 * gap and second > 5 * gap
    assert 0.5 * first < second <= first


def test_match_won_is_tonal_and_rises():
    m = synth.match_won()
    # energy keeps arriving with each note: the 0.35..0.6 s window is still loud
    assert rms(window(m, 0.35, 0.6)) > 0.3 * rms(window(m, 0.0, 0.1))
    # count zero crossings in a window of the first note alone (C5 = 523 Hz) and a later one
    def crossings(x):
        return sum(1 for a, b in zip(x, x[1:], strict=False) if (a < 0) != (b < 0))
    early = crossings(window(m, 0.02, 0.1)) / 0.08 / 2      # ~ Hz
    late = crossings(window(m, 0.5, 0.6)) / 0.1 / 2
    assert 400 < early < 700
    assert late > early


def test_shuffle_is_many_clicks():
    s = synth.shuffle()
    env = envelope(s, 2)
    mean = sum(env) / len(env)
    clicks = sum(1 for a, b in zip(env, env[1:], strict=False) if b > 2 * mean and a <= 2 * mean)
    assert 20 <= clicks <= 120


def test_unknown_effect_name():
    with pytest.raises(ValueError):
        synth.samples("boom")


def test_write_wav_round_trips(tmp_path):
    s = synth.knock()
    path = tmp_path / "knock.wav"
    write_wav(str(path), s)
    with wave.open(str(path), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, SAMPLE_RATE)
        assert w.getnframes() == len(s)
        back = array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        back.byteswap()
    assert back == s
    write_wav(str(tmp_path / "list.wav"), [0, 1000, -1000, 0])
    with wave.open(str(tmp_path / "list.wav"), "rb") as w:
        assert w.getnframes() == 4


def test_export_script_writes_every_effect(tmp_path):
    r = subprocess.run([sys.executable, "-m", "sounds.export", str(tmp_path / "out")],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    for name in EFFECTS:
        with wave.open(str(tmp_path / "out" / f"{name}.wav"), "rb") as w:
            assert w.getnframes() == len(synth.samples(name))


def test_sound_bank_with_dummy_driver():
    bank = SoundBank(volume=0.5)
    try:
        assert bank.available
        assert pygame.mixer.get_init()[0] == SAMPLE_RATE
        for name in EFFECTS:
            bank.play(name)            # must not raise
        with pytest.raises(ValueError):
            bank.play("explosion")
        bank.set_volume(3)
        assert bank.volume == 1.0
        bank.set_volume(-1)
        assert bank.volume == 0.0
        assert bank.play("slam") is None       # volume 0 plays nothing
        bank.set_volume(0.7)
        bank.set_muted(True)
        assert bank.play("slam") is None
        with pytest.raises(ValueError):
            bank.play("explosion")             # still checked when muted
        bank.set_muted(False)
        # each Sound holds the effect at the mixer's channel count
        freq, fmt, ch = pygame.mixer.get_init()
        snd = bank._sounds["slam"]
        assert snd.get_raw() == synth._interleave(synth.samples("slam"), ch).tobytes()
        assert abs(snd.get_length() - len(synth.samples("slam")) / SAMPLE_RATE) < 0.01
    finally:
        bank.close()
    assert not pygame.mixer.get_init()


def test_sound_bank_adapts_to_a_mixer_already_open_at_another_rate():
    pygame.mixer.init(22050, -16, 1)
    bank = SoundBank()
    assert bank.available
    snd = bank._sounds["match_won"]
    assert abs(snd.get_length() - len(synth.samples("match_won")) / SAMPLE_RATE) < 0.02
    bank.play("match_won")
    bank.close()
    assert pygame.mixer.get_init()           # the bank did not open it, so it leaves it open


def test_sound_bank_is_silent_when_the_mixer_cannot_start(monkeypatch):
    def broken(*a, **k):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "init", broken)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    bank = SoundBank()
    assert not bank.available
    assert bank.play("slam") is None
    with pytest.raises(ValueError):
        bank.play("nope")
    bank.set_volume(0.3)
    bank.set_muted(True)
    bank.close()


def test_sound_bank_plays_real_samples_through_the_disk_driver(tmp_path):
    out = tmp_path / "audio.raw"
    script = textwrap.dedent("""
        import time
        from sounds.synth import SoundBank
        bank = SoundBank(volume=1.0)
        assert bank.available
        assert bank.play("slam") is not None
        time.sleep(0.5)
        bank.close()
    """)
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(out),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    r = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    raw = out.read_bytes()
    data = array("h", raw[:len(raw) - len(raw) % 2])
    if sys.byteorder == "big":
        data.byteswap()
    assert len(data) > SAMPLE_RATE // 10
    peak = max(abs(v) for v in data)
    assert peak > 10000                      # the slam's thud, not just dither
    assert sum(1 for v in data if v) > 2000


# ---------------------------------------------------------------- no chatter without a device

QUIET_BANK = textwrap.dedent("""
    import os
    from sounds import SoundBank
    from table.app import make_sound_bank
    bank = SoundBank(volume=1.0)
    bank.play("slam")
    bank.close()
    app_bank = make_sound_bank(type("S", (), {"volume": 0.5, "muted": False})())
    app_bank.play("deal")
    app_bank.close()
    print(bank.available, app_bank.available)
""")


def _machine_env(driver):
    """The environment of a desktop without sound: SDL picks (or is told) a real driver."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_AUDIO")}
    env.update(SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if driver:
        env["SDL_AUDIODRIVER"] = driver
    return env


@pytest.mark.parametrize("driver", ["alsa", None], ids=["alsa", "sdl-default"])
def test_sound_bank_opens_without_a_word_on_stderr(driver):
    r = subprocess.run([sys.executable, "-c", QUIET_BANK], cwd=ROOT, env=_machine_env(driver),
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    if not os.path.exists("/dev/snd") and driver == "alsa":
        assert r.stdout.split() == ["False", "False"]     # no device: silent banks, no exception


def test_quiet_stderr_hides_c_level_writes_and_restores_fd_2(capfd):
    from sounds.mixer import quiet_stderr
    with quiet_stderr():
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
    os.write(2, b"after\n")
    sys.stderr.write("python after\n")
    sys.stderr.flush()
    assert capfd.readouterr().err == "after\npython after\n"


def test_game_starts_without_a_word_on_stderr_on_a_machine_without_sound(tmp_path):
    # The App inits only display and fonts (pygame.init() would open the audio
    # device itself, loudly); the sound bank is the one place that opens it.
    env = _machine_env("alsa")
    env["MANFEE_HOME"] = str(tmp_path)
    r = subprocess.run([sys.executable, "game.py", "--screenshot", str(tmp_path / "shot.png"),
                        "--after", "0.2"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
