"""Test setup shared by the whole suite.

SDL must be told to draw and play into nothing before anything imports
pygame, so the drivers are set here, at import time.  The ``table`` fixture
gives the table tests a real App (the real loop, real pygame events) in a
temporary MANFEE_HOME, with fast animations.
"""
import os
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
# Whatever a test leaves in the game's folder (a headless host's default save, settings)
# goes to a throwaway one, never the person's running the tests; the ``table`` fixture
# still gives each table test its own.
if "MANFEE_HOME" not in os.environ:
    import tempfile
    os.environ["MANFEE_HOME"] = os.environ["MANFEE_TESTS_HOME"] = tempfile.mkdtemp(prefix="manfee-tests-")
# The suite runs on several cores (pytest-xdist): each worker inherits that throwaway
# folder and takes a room of its own in it, so two headless hosts never share a save.
if os.environ.get("PYTEST_XDIST_WORKER") and os.environ["MANFEE_HOME"] == os.environ.get("MANFEE_TESTS_HOME"):
    os.environ["MANFEE_HOME"] = os.path.join(os.environ["MANFEE_HOME"], os.environ["PYTEST_XDIST_WORKER"])
    os.makedirs(os.environ["MANFEE_HOME"], exist_ok=True)

import pytest  # noqa: E402


class TableDriver:
    """Drives the App as a player would: posted mouse and key events, frame by frame."""

    DT = 1 / 60

    def __init__(self, app):
        self.app = app

    @property
    def scene(self):
        return self.app.top

    def frames(self, n=1):
        for _ in range(n):
            self.app.step(self.DT)

    def until(self, predicate, limit=20000, patience=5.0):
        """Frames until ``predicate`` holds: ``limit`` frames, then up to ``patience`` seconds
        of real time more.  Frames here run as fast as the CPU goes, and the host answers
        on its own thread: on a busy machine (a slow fsync, a starved thread) frames alone
        can run out before the host has had its turn."""
        for _ in range(limit):
            if predicate():
                return True
            self.app.step(self.DT)
        end = time.monotonic() + patience
        while time.monotonic() < end:
            if predicate():
                return True
            self.app.step(self.DT)
            time.sleep(0.005)
        return predicate()

    def post(self, kind, **attrs):
        import pygame
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def press(self, pos):
        import pygame
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.frames(1)

    def move(self, pos, held=True):
        import pygame
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0) if held else (0, 0, 0))
        self.frames(1)

    def release(self, pos):
        import pygame
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(1)

    def click(self, pos):
        self.move(pos, held=False)
        self.press(pos)
        self.release(pos)
        self.frames(1)

    def key(self, key):
        import pygame
        self.post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
        self.frames(1)

    def click_button(self, name):
        self.click(self.scene.buttons[name].rect.center)


@pytest.fixture
def manfee_home(tmp_path, monkeypatch):
    monkeypatch.setenv("MANFEE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def table(manfee_home):
    """A running App (menu at the bottom of the stack), animations 25x faster, bots at once."""
    from table.app import App
    from table.config import Settings
    from table.menus import MainMenu
    app = App(Settings(bot_pace=0.0, anim_speed=1.0, language="en"), size=(1280, 720), fullscreen=False,
              time_scale=25.0, quiet_sound=True)
    app.reset(MainMenu(app))
    driver = TableDriver(app)
    yield driver
    while app.scenes:
        s = app.scenes.pop()
        s.leave()
        s.close()
    from table import i18n
    i18n.set_language("en")         # a test that switched the table to Dari leaves English behind
