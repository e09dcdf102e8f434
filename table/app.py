"""The window, the loop and the scene stack.

The loop runs at full frame rate only while something moves (an animation,
a drag, a widget hover); otherwise it sleeps in ``pygame.event.wait`` with a
timeout, so an idle table costs next to no CPU.  Bot threads wake it with a
posted event.  ``step`` is one turn of the loop: the tests call it directly
with posted mouse events, so they drive the real code path.
"""
import os
import sys
import time

import pygame
import pygame_gui

from .config import Settings, settings_notes
from .cards import CardImages
from .rich import set_four_colour
from . import i18n
from .theme import ui_theme, widget_scale
from .widgets import follow_script, quiet_tool_tip

THEME = os.path.join(os.path.dirname(__file__), "theme.json")
FPS = 60
WAKE = pygame.event.custom_type()          # a bot answered: wake the idle loop
MIN_SIZE = (1024, 600)          # below this the seats crowd the score board
KEEP_WINDOW_AFTER = 1.0         # seconds after the last resize that the window's size is saved
TALLEST = 0.8                   # a window at most 5:4 tall: square and portrait ones laid the seats on each other


def window_shape(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` no smaller than ``MIN_SIZE`` and no taller than 5:4 (a card table lies
    across: at 1024x1024 the top seat's plate lay on its cards and the score board on the
    buttons, at 1200x1600 the pickers left the window).

    >>> window_shape((800, 500)), window_shape((1280, 1024)), window_shape((1024, 1024)), window_shape((1200, 1600))
    ((1024, 600), (1280, 1024), (1024, 819), (1200, 960))
    """
    w = max(MIN_SIZE[0], size[0])
    return w, max(MIN_SIZE[1], min(size[1], round(w * TALLEST)))


class _Silence:
    available = False

    def play(self, name):
        return None

    def set_volume(self, v):
        pass

    def set_muted(self, m):
        pass

    def close(self):
        pass


def make_sound_bank(settings):
    try:
        from sounds.synth import SoundBank
    except Exception:
        return _Silence()
    try:
        return SoundBank(settings.volume, settings.muted)
    except Exception:
        return _Silence()


def window_size(desktop: tuple[int, int] | None, want: tuple[int, int] = (1280, 720),
                remembered: bool = False) -> tuple[int, int]:
    """The window a screen has room for: ``want``, or as much of it as the desktop holds
    less a taskbar's and a title bar's height (but for the size of the window last closed,
    ``remembered``, where it fits the screen: it fitted there), never below ``MIN_SIZE``
    (1280x720 opened on a 1024x600 netbook with the score board off its edge).

    >>> window_size((1920, 1080)), window_size((1366, 768)), window_size((1024, 600)), window_size(None)
    ((1280, 720), (1280, 688), (1024, 600), (1280, 720))
    >>> window_size((1280, 800), (1280, 760), True), window_size((1366, 768), (1600, 900), True)
    ((1280, 760), (1366, 688))
    """
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return want
    fits = remembered and want[0] <= desktop[0] and want[1] <= desktop[1]
    return window_shape((min(want[0], desktop[0]), min(want[1], desktop[1] - (0 if fits else 80))))


class App:
    def __init__(self, settings=None, size=None, fullscreen=None, time_scale=1.0,
                 screenshot=None, after=2.0, quiet_sound=False):
        self.settings = settings or Settings.load()
        # The table host's thread (bots, the save) holds the GIL in slices: short
        # slices let the render loop in often enough to keep drawing meanwhile.
        sys.setswitchinterval(0.001)
        # Only the display and fonts here: the sound bank opens the audio device
        # itself, quietly, so a machine without sound starts without a word on stderr.
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Manfee")
        set_four_colour(self.settings.four_colour)
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        if size is None:                # as much of 1280x720 (or of the window last closed) as the screen holds
            desktops = pygame.display.get_desktop_sizes()
            last = self.settings.window
            size = window_size(desktops[0] if desktops else None, *((tuple(last), True) if last else ()))
        self.windowed_size = window_shape(size)
        self.screen = self._set_mode()
        # The player's language ("" = the system's) before the first widget is made.
        language = i18n.set_language(self.settings.language)
        self.ui_scale = widget_scale(self.screen.get_size()[1])
        self.ui = pygame_gui.UIManager(self.screen.get_size(),
                                       theme_path=ui_theme(i18n.is_rtl(language), self.ui_scale),
                                       starting_language=language)
        self.sounds = _Silence() if quiet_sound else make_sound_bank(self.settings)
        self.time_scale = time_scale      # tests: run the animations faster than the setting
        self.reviews_done: dict = {}      # the review screen's finished reviews, for the game's run
        self.scenes = []
        self.running = True
        self.clock = pygame.time.Clock()
        self.messages = settings_notes(self.settings.problems)   # sentences the menu shows once
        self.screenshot = screenshot
        self.after = after
        self.started = time.monotonic()
        self.frames = 0
        self._images = {}
        self._last = time.perf_counter()
        self._keep_window_at: float | None = None       # when a resized window's size is kept
        self._lively_until = 0.0
        self._f11_held = False      # F11 down since it last switched the screen (see handle)
        self.frame_hook = None            # benchmarks: called with each frame's cost

    # -- window --------------------------------------------------------------------------
    def _set_mode(self):
        if self.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.fullscreen = False
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def set_fullscreen(self, on):
        if bool(on) == self.fullscreen:
            return
        if not self.fullscreen:
            self.windowed_size = self.screen.get_size()
        self.fullscreen = bool(on)
        self.screen = self._set_mode()
        self._resized(self.screen.get_size())

    def _resized(self, size):
        size = window_shape(size)
        self.screen = pygame.display.get_surface()
        if self.screen.get_size() != size and not self.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.ui.set_window_resolution(self.screen.get_size())
        scale = widget_scale(self.screen.get_size()[1])
        if scale != self.ui_scale:          # the words on the buttons grow with the window
            self.ui_scale = scale
            self.ui.get_theme().load_theme(ui_theme(i18n.is_rtl(), scale))
        for scene in self.scenes:
            scene.resize(self.screen.get_size())

    @property
    def size(self):
        return self.screen.get_size()

    # -- shared resources ------------------------------------------------------------------
    def images(self, card_width, small_width):
        indices = i18n.card_indices()          # the faces print the language's letters (Dutch H V B)
        key = (card_width, small_width, self.settings.four_colour, tuple(sorted(indices.items())))
        imgs = self._images.get(key)
        if imgs is None:
            if len(self._images) > 3:
                self._images.clear()
            imgs = self._images[key] = CardImages(card_width, small_width, self.settings.four_colour, indices)
        return imgs

    def sound(self, name):
        try:
            self.sounds.play(name)
        except Exception:
            pass

    def wake(self):
        """Called from worker threads: make an idle loop look again."""
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:
            pass

    @property
    def anim_speed(self):
        return self.settings.anim_speed * self.time_scale

    @property
    def bot_pace(self):
        """Seconds a bot waits before acting (the setting, shortened by a fast test speed)."""
        return self.settings.bot_pace / max(1.0, self.time_scale)

    def save_settings(self):
        err = self.settings.save()
        if err:
            self.messages.append(err)

    # -- scenes ------------------------------------------------------------------------------
    @property
    def top(self):
        return self.scenes[-1] if self.scenes else None

    def push(self, scene):
        if self.top:
            self.top.leave()
        self.scenes.append(scene)
        scene.enter()

    def pop(self):
        scene = self.scenes.pop()
        scene.leave()
        scene.close()
        if self.top:
            self.top.enter()
        else:
            self.running = False
        return scene

    def replace(self, scene):
        """Swap the top scene for ``scene``."""
        old = self.scenes.pop() if self.scenes else None
        if old:
            old.leave()
            old.close()
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene):
        """Close every scene and start again from ``scene`` (back to the menu)."""
        while self.scenes:
            s = self.scenes.pop()
            s.leave()
            s.close()
        self.scenes.append(scene)
        scene.enter()

    def quit(self):
        self.running = False

    # -- the loop ------------------------------------------------------------------------------
    def needs_frames(self):
        top = self.top
        if top is None:
            return False
        return top.busy() or time.perf_counter() < self._lively_until

    def step(self, dt=None, first=None):
        """One turn of the loop: events, update, draw.  Returns False once quitting."""
        now = time.perf_counter()
        if dt is None:
            dt = now - self._last
        self._last = now
        dt = min(dt, 0.1)
        events = ([first] if first is not None else []) + pygame.event.get()
        for e in events:
            self._event(e)
            if not self.running:
                return False
        scene = self.top
        if scene is None:
            return False
        scene.update(dt * self.anim_speed)
        for behind in self.scenes[:-1]:     # under an overlay: a scene that must still listen
            if behind in self.scenes and hasattr(behind, "update_behind"):
                behind.update_behind(dt)
        self.ui.update(dt)          # after the scene: widgets it just made are drawn this frame
        self.draw()
        self.frames += 1
        if self._keep_window_at is not None and now >= self._keep_window_at:
            self._keep_window_at = None
            self.keep_window()
        if self.frame_hook:
            self.frame_hook(time.perf_counter() - now)
        if self.screenshot and time.monotonic() - self.started >= self.after:
            self.save_screenshot(self.screenshot)
            self.running = False
        return self.running

    def draw(self):
        surface = self.screen
        stack = self.scenes
        i = len(stack) - 1
        while i > 0 and stack[i].overlay:
            i -= 1
        for scene in stack[i:]:
            scene.draw(surface)
        self.ui.draw_ui(surface)
        if self.top is not None and hasattr(self.top, "draw_over_ui"):
            self.top.draw_over_ui(surface)
        pygame.display.flip()

    def save_screenshot(self, path):
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        pygame.image.save(self.screen, path)

    def _event(self, e):
        if e.type == pygame.QUIT:
            self.running = any(scene.holds_quit() for scene in reversed(self.scenes))   # the top one first
            return
        if e.type == pygame.VIDEORESIZE and not self.fullscreen:
            self._resized(e.size)
            # kept once the dragging stops, not only at a clean quit (a crash lost the size)
            self._keep_window_at = time.perf_counter() + KEEP_WINDOW_AFTER
            return
        if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                      pygame.KEYDOWN):
            self._lively_until = time.perf_counter() + 0.4
        if e.type == pygame.KEYUP and e.key == pygame.K_F11:
            self._f11_held = False
        if e.type == pygame.KEYDOWN and e.key == pygame.K_F11:
            # One press, one switch: the new window can be handed the key still held down
            # as a new press, and a slow press flipped the screen to and fro till let go.
            if self._f11_held and pygame.key.get_pressed()[pygame.K_F11]:
                return
            self._f11_held = True
            self.set_fullscreen(not self.fullscreen)
            self.settings.fullscreen = self.fullscreen
            self.save_settings()
            return
        if e.type == WAKE:
            return
        consumed = self.ui.process_events(e)
        top = self.top
        if top is None:
            return
        if e.type >= pygame.USEREVENT and hasattr(e, "ui_element"):
            if e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
                follow_script(e.ui_element)
            if e.type == pygame_gui.UI_BUTTON_PRESSED:
                quiet_tool_tip(e.ui_element)
            top.ui_event(e)
            return
        if not consumed:
            top.process_event(e)

    def run(self, seconds=None):
        """The loop, until Quit (or for ``seconds``: benchmarks)."""
        first = None
        end = None if seconds is None else time.monotonic() + seconds
        while self.running and (end is None or time.monotonic() < end):
            if self.needs_frames():
                self.clock.tick(FPS)
                first = None
            else:
                wake = self.top.wake_in() if self.top else None
                timeout = 0.25 if wake is None else max(0.0, min(0.25, wake))
                if self.screenshot:
                    timeout = min(timeout, 0.05)
                if timeout > 0:
                    ev = pygame.event.wait(max(1, int(timeout * 1000)))
                    first = ev if ev.type != pygame.NOEVENT else None
                else:
                    first = None
            self.step(first=first)
        if end is None:
            self.keep_window()
            self.shutdown()

    def keep_window(self) -> None:
        """Keep the window's size for the next start (``Settings.window``), if it changed."""
        size = list(self.windowed_size if self.fullscreen else self.screen.get_size())
        if size == self.settings.window:
            return
        self.settings.window = size
        # Only the size is this window's news at its close: a second window of the game may have
        # saved other settings since this one read them, and they stay (a sound switched off in
        # one came back on when the other closed).
        on_disk = Settings.load()
        if on_disk.problems:            # unreadable or half bad: ours, whole, is the better file
            self.save_settings()
            return
        on_disk.window = size
        err = on_disk.save()
        if err:
            self.messages.append(err)

    def shutdown(self):
        while self.scenes:
            s = self.scenes.pop()
            try:
                s.leave()
                s.close()
            except Exception:
                pass
        try:
            self.sounds.close()
        except Exception:
            pass
        pygame.quit()
