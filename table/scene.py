"""The scene base class: update(dt), process_event(e) -> consumed?, draw(surface).

``draw`` never changes game state.  A scene builds its pygame_gui widgets in
``build_ui`` (on entering, on being uncovered, after a resize) and removes
them in ``clear_ui``; only the top scene has widgets.
"""


class Scene:
    overlay = False          # draw the scene below first (a dialog over the table)

    def __init__(self, app):
        self.app = app
        self.ui = []

    # widgets -----------------------------------------------------------------------
    def add(self, element):
        self.ui.append(element)
        return element

    def build_ui(self):
        pass

    def clear_ui(self):
        for e in self.ui:
            e.kill()
        self.ui = []

    def rebuild_ui(self):
        self.clear_ui()
        self.build_ui()

    # life ----------------------------------------------------------------------------
    def enter(self):
        self.build_ui()

    def leave(self):
        self.clear_ui()

    def close(self):
        """The scene is gone for good (popped): stop what it started."""

    def resize(self, size):
        """The window changed size; scenes under the top one only re-measure."""
        if self.app.top is self:
            self.rebuild_ui()

    # the loop ------------------------------------------------------------------------
    def holds_quit(self) -> bool:
        """The window's close button was pressed: True keeps the game open (the scene asks
        first, as at a LAN host's table); False lets it close."""
        return False

    def process_event(self, event):
        return False

    def ui_event(self, event):
        """A pygame_gui event (button pressed...) for this scene's widgets."""
        return False

    def update(self, dt):
        pass

    def draw(self, surface):
        pass

    def busy(self):
        """True while something moves: the loop then runs at full frame rate."""
        return False

    def wake_in(self):
        """Seconds until the scene needs an update although nothing happens (None: never)."""
        return None
