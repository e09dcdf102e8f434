"""A finished match played back (the list of them is ``replay_list.py``).

A replay is the table itself over a ``ReplayLink`` (the record, checked again
by the rules step by step), with every hand face up.  Step plays one action per click,
Step back (or ←) goes one back; Auto plays on at the animation pace.
"""
import pygame
import pygame_gui

from host.replay import AUTO_PACE

from .i18n import _, pgettext
from .scenes import open_scene
from .table_scene import TableScene
from . import theme


class ReplayScene(TableScene):
    def __init__(self, app, link):
        super().__init__(app, link)      # every hand face up (``board.open_hands``)
        self.revealed = True
        self.back_steps = 0             # Left presses not yet taken (``update``)
        # Auto's pace is an animation pace: the speed setting shortens it as it does the motion.
        link.pace = AUTO_PACE / max(0.1, app.anim_speed)

    def busy(self):
        return super().busy() or self.link.auto or self.link.steps > 0

    def open_hands_now(self):
        """Every hand the table shows face up: all of them, the viewer's too while the rules
        keep it face down (a Manille partner before trump, a muette dealer before looking)."""
        hands = self.link.open_hands() or {}
        hidden = self.link.view(self.viewer).get("hand") is None
        return {s: c for s, c in hands.items() if s != self.viewer or hidden}

    def update(self, dt):
        if self.back_steps:
            steps, self.back_steps = self.back_steps, 0
            self.step_back(steps)
            return
        if self.summary_open and self.link.auto and self.summary_age > 2.5:
            self.close_summary()            # Auto plays on; stepping waits for "Next deal"
        super().update(dt)

    def build_ui(self):
        self.tucked = ()            # the table's buttons a narrow window leaves to the Menu (below)
        super().build_ui()
        if self.app.top is not self or self.results_shown:
            return
        # In the top row, left of the table's own buttons: the seats keep their places.
        bw, bh = self.button_size()
        board = self.board.layout.margin + self.board.layout.scoreboard_width()
        size, bold = theme.font_spec("@small_button")
        back = pgettext("the replay's button back to the list", "Replays")      # French: short of "Parties jouées"
        shown = [("back", back), ("auto", _("Pause") if self.link.auto else _("Auto")),
                 ("step", _("Step")), ("step_back", _("Step back"))]

        def row_left() -> float:
            """Where the table's row ends once Scores and Last trick are up (they come and go:
            a Replays button placed by the row without them lay under Last trick)."""
            names = [n for n in ("menu", "rules", "history", "last") if n in self.buttons and n not in self.tucked]
            L = self.board.layout
            return L.W - L.margin - sum(self.buttons[n].rect.width + 8 for n in names)

        # Narrower buttons, then no Rules button (the Menu has it), then no REPLAY label, then
        # no Replays button (Menu and Backspace lead back too) before no Step back: a mouse
        # player lost it at 1024x600, and a Dutch player the way back to the list.
        room = row_left() - (board + 8)
        while True:             # the widest words of the buttons shown (one font for the row)
            kept = [t for _n, t in shown] + [_("Pause"), _("Auto")]      # the shown ones' (Auto toggles)
            # the row's font may shrink a little (``row=`` below) before a button goes
            least = max(theme.text_width(w, size, bold) for w in kept) * 0.9 + 16
            if len(shown) <= 2 or len(shown) * (least + 8) <= room:
                break
            if not self.tucked and "rules" in self.buttons:
                self.tucked = ("rules",)
                self._show_fixed()          # the row closes up over it
                room = row_left() - (board + 8)
                continue
            shown.pop(0 if shown[0][0] == "back" else -1)
        bw = max(least, min(bw, (room - self.board.layout.W * 0.08) // len(shown) - 8, room // len(shown) - 8))
        x = row_left() - bw
        y = self.buttons["menu"].rect.top
        for name, text in shown:
            self._button(name, text, (x, y, bw, bh), small=True, fixed=True, row=kept)
            x -= bw + 8

    def ui_event(self, e):
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            name = next((n for n, b in self.buttons.items() if b is e.ui_element), None)
            if name == "step":
                if self.summary_open:
                    self.close_summary()
                else:
                    self.link.step()
                return True
            if name == "step_back":
                self.step_back()
                return True
            if name == "auto":
                self.link.auto = not self.link.auto
                self.buttons["auto"].set_text(_("Pause") if self.link.auto else _("Auto"))
                return True
            if name == "back":
                self._back()
                return True
        return super().ui_event(e)

    def step_back(self, steps: int = 1):
        """The table ``steps`` actions back, laid out as it stood (there was no way back: trick
        9 of deal 3 again meant watching all that came before it)."""
        link = self.link
        for _step in range(max(1, steps)):
            link = link.one_back()
        self.app.pop()
        self.app.push(open_scene("replay", self.app, link=link))

    def process_event(self, e):
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RIGHT, pygame.K_SPACE) and not self.summary_open:
            self.link.step()
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_LEFT:
            # Counted, and taken in the frame's update: Left presses that piled up while the
            # table was laid out again are one step back of as many actions, laid out once
            # (fifty presses on a loaded machine kept the window busy a minute)
            self.back_steps += 1
            return True
        # Backspace leaves with a deal's summary open too (at a deal's end it did nothing)
        if e.type == pygame.KEYDOWN and (e.key == pygame.K_BACKSPACE or e.key == pygame.K_a and not self.summary_open):
            # A: plays on by itself or pauses; Backspace: back to the replays (Tab reaches no button here)
            button = self.buttons.get("auto" if e.key == pygame.K_a else "back")
            if button is not None:
                self.ui_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
                return True
            if e.key == pygame.K_BACKSPACE:      # a narrow window has no Replays button
                self._back()
                return True
        return super().process_event(e)

    def _back(self):
        self.app.reset(open_scene("main_menu", self.app))
        self.app.push(open_scene("replays", self.app))

    def draw(self, surface):
        super().draw(surface)
        L = self.board.layout
        fs = max(12, round(L.H * 0.022))
        step = self.buttons.get("step_back") or self.buttons.get("step")
        if step is not None:
            # between the score board and the buttons: a longer word takes a smaller size
            board = next((r for n, r in self.drawn if n == "scoreboard"), None)
            room = step.rect.left - 10 - (board.right + 8 if board is not None else L.margin)
            label = _("REPLAY")
            size = theme.fit_size(label, fs * 1.2, room, bold=True)
            if theme.text_width(label, size, True) <= room:      # else the buttons took its room
                r = theme.blit_text(surface, label, size, (step.rect.left - 10, step.rect.centery), theme.GOLD,
                                    bold=True, anchor="midright", shadow=True)
                self.drawn.append(("replay_label", r))
