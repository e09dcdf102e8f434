"""Menus from the keyboard: Escape goes back, Tab and the arrows move a focus among the
buttons, text fields, drop-downs and sliders in reading order, Enter or Space presses the
button in focus, takes a drop-down's next choice or moves a slider up (Shift: the other way).

A mixin of ``forms.MenuScene``: it works on the scene's ``buttons`` (name -> widget), its
widgets (``ui``, where the text fields are) and the app's pygame_gui manager.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UILabel, UITextEntryLine

from .i18n import is_rtl

FIELD = "field:"         # a text field's name in the focus order: FIELD + its place among the widgets
DROP = "drop:"           # a drop-down's: Enter (Shift+Enter) takes its next (previous) choice
SLIDER = "slider:"       # a slider's (the volume): Right or Enter (Left, Shift+Enter) move it a tenth up (down)
FOCUS_BORDER = pygame.Color(255, 214, 107)     # a text field's frame and ground while the keyboard is in it
FOCUS_FILL = pygame.Color(38, 84, 58)


def _face_of(w: Any) -> UIButton | None:
    """The button drawn for a reachable widget: a button itself, a drop-down's face, a slider's knob."""
    if isinstance(w, UIDropDownMenu):
        return getattr(w.current_state, "selected_option_button", None)
    if isinstance(w, UIHorizontalSlider):
        return w.sliding_button
    return w if isinstance(w, UIButton) else None


class MenuKeys:
    escape: tuple[str, ...] = ("back",)      # the buttons Escape presses: the first one shown
    focus: str | None = None                 # what the keyboard is on (a button drawn selected, a field)
    app: Any
    buttons: dict
    ui: list

    def process_event(self, e: Any) -> bool:
        return self.keyboard(e)

    def enter(self) -> None:
        super().enter()                          # type: ignore[misc]
        self.show_focus()

    def rebuild_ui(self) -> None:
        super().rebuild_ui()                     # type: ignore[misc]
        self.show_focus()

    def show_focus(self) -> None:
        """New widgets (the screen came back on top, or was built again): the focus drawn
        where it was, or forgotten if that widget is gone (it stayed, undrawn, and Enter
        pressed it unseen)."""
        if self.focus is None:
            return
        if self.focus.startswith(FIELD):          # a field does not take the cursor back by itself
            self.focus = None
            return
        self.set_focus(self.focus if self.focus in self.focus_order() else None)

    def ui_event(self, e: Any) -> bool:                  # the scene's own (a click on a button)
        return False

    def usable(self, name: str | None) -> bool:
        b = self.buttons.get(name) if name else None
        return isinstance(b, UIButton) and b.alive() and b.visible and b.is_enabled

    def press(self, name: str | None) -> bool:
        """Press button ``name`` as a click does (False if it is not there to press)."""
        if not self.usable(name):
            return False
        self.ui_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=self.buttons[name]))
        return True

    def _widgets(self) -> dict:
        """What the keyboard can reach: the usable buttons and the text fields."""
        found = {n: b for n, b in self.buttons.items() if self.usable(n)}
        for i, w in enumerate(self.ui):
            if isinstance(w, UITextEntryLine) and w.alive() and w.visible and w.is_enabled:
                found[FIELD + str(i)] = w
            elif isinstance(w, UIDropDownMenu) and w.alive() and w.visible and w.is_enabled and w.options_list:
                found[DROP + str(i)] = w
            elif isinstance(w, UIHorizontalSlider) and w.alive() and w.visible and w.is_enabled:
                found[SLIDER + str(i)] = w
        return found

    def _face(self, name: str | None) -> UIButton | None:
        """The button drawn for a reachable widget: a button itself, a drop-down's face."""
        return _face_of(self._widgets().get(name) if name else None)

    def next_choice(self, name: str, step: int) -> bool:
        """Take the next (``step`` -1: previous) choice of drop-down ``name``, as picking it
        from the list does (the screen hears it as a choice made)."""
        return self._take_choice(name, lambda choices, at: (at + step) % len(choices))

    def choice_starting(self, name: str, letter: str) -> bool:
        """Take the next choice of drop-down ``name`` whose words start with ``letter`` (going
        round), as a list box does: a keyboard player cycled through nine bots to reach Zelzela."""
        def after(choices, at):
            n = len(choices)
            return next(((at + k) % n for k in range(1, n + 1)
                         if str(choices[(at + k) % n][0]).casefold().startswith(letter.casefold())), None)
        return self._take_choice(name, after)

    def _take_choice(self, name: str, which: Callable[[list, int], int | None]) -> bool:
        dd = self._widgets()[name]
        choices = [o if isinstance(o, tuple) else (o, o) for o in dd.options_list]
        now = dd.selected_option if isinstance(dd.selected_option, tuple) else (dd.selected_option,) * 2
        at = which(choices, next((k for k, o in enumerate(choices) if o[0] == now[0]), -1))
        if at is None:
            return True                 # no choice starts so: the key is spent, nothing changes
        choice = choices[at]
        dd.selected_option = choice
        for state in dd.menu_states.values():
            state.selected_option = choice
        dd.current_state.finish()
        dd.current_state.start(should_rebuild=True)        # its face says the new choice
        self.ui_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=dd, text=choice[0]))
        if self.focus in self.focus_order():               # the screen may have rebuilt itself
            self.set_focus(self.focus)
        return True

    def focus_order(self) -> list[str]:
        """The reachable widgets in reading order: row by row, and along a row the way the
        language reads."""
        found = self._widgets()
        sign = -1 if is_rtl() else 1
        return sorted(found, key=lambda n: (found[n].rect.centery // 8, sign * found[n].rect.centerx))

    def set_focus(self, name: str | None) -> None:
        self.focus = name
        reach = self._widgets()                   # once: every face and field below is one of these
        face = _face_of(reach.get(name) if name else None)
        faces = [_face_of(w) for n, w in reach.items() if n.startswith((DROP, SLIDER))]
        for b in [b for b in self.buttons.values() if isinstance(b, UIButton)] + faces:
            if b is not None and b.alive():
                if b is face:
                    b.select()
                elif b.is_selected:       # (unselect draws even a disabled button as enabled)
                    b.unselect()
        self._focus_tip(face)
        field = reach.get(name) if name and name.startswith(FIELD) else None
        self.app.ui.set_focus_set(field)          # the cursor in the field, or out of every field
        for w in reach.values():        # and the field lit, in a gold frame: a cursor alone
            if isinstance(w, UITextEntryLine):      # was hard to find
                plain = w.__dict__.setdefault("plain_look", (w.border_colour, w.background_colour))
                want = (FOCUS_BORDER, FOCUS_FILL) if w is field else plain
                if (w.border_colour, w.background_colour) != want:
                    w.border_colour, w.background_colour = want
                    w.rebuild()

    def _focus_tip(self, face: UIButton | None) -> None:
        """What the widget the keyboard is on does, as its tooltip (shown to the mouse only:
        a toggle reached with Tab said nothing of what it does)."""
        old = self.__dict__.pop("focus_tip", None)
        if old is not None:
            old.kill()
            if getattr(old.parent_element, "tool_tip", None) is old:
                old.parent_element.tool_tip = None
        text = getattr(face, "tool_tip_text", None) if face is not None else None
        if text and face.alive() and face.tool_tip is None:
            # the face's own: it goes with the face, and hovering does not make a second one
            # beside the widget, narrowed to the room there: under it, it covered the fields
            # below (New game's name, under Signals)
            W = self.app.size[0]
            room = max(W - face.rect.right, face.rect.left) - 4 * TIP_GAP
            wrap = min(face.tool_tip_wrap_width or TIP_WIDTH, room) if room >= TIP_LEAST else face.tool_tip_wrap_width
            face.tool_tip = self.focus_tip = tip = self.app.ui.create_tool_tip(
                text=text, position=(face.rect.centerx, face.rect.centery), hover_distance=(0, face.rect.height // 2),
                parent_element=face, object_id=face.tool_tip_object_id, wrap_width=wrap,
                text_kwargs=face.tool_tip_text_kwargs)
            avoid = [pygame.Rect(w.rect) for w in self._widgets().values() if w is not face and w.rect != face.rect]
            avoid += [pygame.Rect(w.rect) for w in self.ui if isinstance(w, UILabel) and w.visible and w.text.strip()]
            beside = tip_beside(pygame.Rect(face.rect), tip.rect.size, self.app.size, is_rtl(), avoid)
            if beside is not None:
                tip.hover_distance_from_target = (0, 0)
                tip.find_valid_position(beside)

    def move_slider(self, name: str, step: int) -> bool:
        """Move slider ``name`` a tenth of its range up (``step`` -1: down), as a drag does."""
        slider = self._widgets()[name]
        lo, hi = slider.value_range
        value = max(lo, min(hi, slider.get_current_value() + step * (hi - lo) / 10))
        slider.set_current_value(value)
        self.ui_event(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=slider,
                                         value=slider.get_current_value()))
        return True

    def keyboard(self, e: Any) -> bool:
        """Escape presses the screen's way back (``escape``); Tab, Shift+Tab and the arrows
        move the focus; Enter or Space presses the button in focus.  In a text field Tab, Up,
        Down and Escape leave it: Space, Left and Right are the field's (its space pressed the
        focused Start and began the match; with Down the field's too, a keyboard player going
        down the form was held there)."""
        if e.type != pygame.KEYDOWN:
            return False
        if e.key == pygame.K_ESCAPE:
            # an open list closes first (Escape over New game's open Game list left the screen)
            opened = [w for w in self.ui if isinstance(w, UIDropDownMenu) and w.alive()
                      and w.current_state is w.menu_states.get("expanded")]
            for drop in opened:
                drop.current_state.should_transition = True
                drop.current_state.target_state = "closed"
            if opened:
                return True
            return self.press(next((n for n in self.escape if self.usable(n)), None))
        typing = any(isinstance(w, UITextEntryLine) for w in self.app.ui.get_focus_set() or ())
        if typing and e.key not in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            return False
        order = self.focus_order()
        if not order:
            return False
        if self.focus and self.focus.startswith(SLIDER) and e.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return self.move_slider(self.focus, 1 if e.key == pygame.K_RIGHT else -1)    # the way the knob goes
        ahead = -1 if is_rtl() else 1             # the arrow pointing the way a line reads
        step = {pygame.K_TAB: -1 if e.mod & pygame.KMOD_SHIFT else 1, pygame.K_DOWN: 1, pygame.K_UP: -1,
                pygame.K_RIGHT: ahead, pygame.K_LEFT: -ahead}.get(e.key)
        if step:
            if typing:                            # a field clicked into: go on from it
                focused = [n for n, w in self._widgets().items() if w in self.app.ui.get_focus_set()]
                self.focus = focused[0] if focused else self.focus
            shift_tab = e.key == pygame.K_TAB and step < 0          # from nothing: the last line
            at = order.index(self.focus) + step if self.focus in order else (-1 if shift_tab else 0)
            # Tab goes round; an arrow stops at the ends (Up from the main menu's first line
            # went round to Quit, and a keyboard player quit by accident three times)
            self.set_focus(order[at % len(order) if e.key == pygame.K_TAB else max(0, min(len(order) - 1, at))])
            return True
        if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus not in order and not typing:
            self.set_focus(order[0])              # Enter on a fresh screen did nothing: it shows where
            return True                           # the keyboard is, the next Enter presses it
        letter = getattr(e, "unicode", "") or ""
        if (self.focus in order and self.focus.startswith(DROP) and letter.strip() and letter.isprintable()
                and not e.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META | pygame.KMOD_GUI)):
            return self.choice_starting(self.focus, letter)
        if e.key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) or self.focus not in order:
            return False
        if self.focus.startswith(DROP):
            return self.next_choice(self.focus, -1 if e.mod & pygame.KMOD_SHIFT else 1)
        if self.focus.startswith(SLIDER):       # up (a mirrored slider's "up" is leftward)
            back = bool(e.mod & pygame.KMOD_SHIFT) != bool(getattr(self._widgets()[self.focus], "mirrored", False))
            return self.move_slider(self.focus, -1 if back else 1)
        if self.focus.startswith(FIELD):
            return False
        self.buttons[self.focus].unselect()
        return self.press(self.focus)


TIP_GAP = 8           # px between a focused widget and its tooltip
TIP_WIDTH = 300       # a tooltip's width when its widget names none
TIP_LEAST = 180       # narrower than this beside the widget, a tooltip goes under it


def tip_beside(face: pygame.Rect, size: tuple[int, int], window: tuple[int, int], rtl: bool = False,
               avoid: list[pygame.Rect] | tuple = (), gap: int = TIP_GAP) -> tuple[int, int] | None:
    """Where a focused widget's tooltip of ``size`` goes (its top left): beside the widget,
    its top level with the widget's, after it in reading order, else before it, else at the
    window's edges; else under or over it: the first place inside the window over none of
    the widgets ``avoid``, or over the fewest.  None where none is inside (it then goes under, as a hover's does).

    >>> tip_beside(pygame.Rect(600, 200, 200, 30), (300, 80), (1280, 720))
    (808, 200)
    >>> tip_beside(pygame.Rect(900, 200, 200, 30), (300, 80), (1280, 720))
    (592, 200)
    >>> tip_beside(pygame.Rect(600, 200, 200, 30), (300, 80), (1280, 720), avoid=[pygame.Rect(820, 200, 200, 30)])
    (292, 200)
    >>> tip_beside(pygame.Rect(100, 200, 1000, 30), (300, 80), (1280, 720), avoid=[pygame.Rect(100, 240, 900, 30)])
    (100, 112)
    """
    w, h = size
    top = max(0, min(face.top, window[1] - h))
    left = max(0, min(face.left, window[0] - w))
    after, before = (face.right + gap, top), (face.left - gap - w, top)
    # then at the window's edges, level with it (beside a form whose next column is in the way)
    far_after, far_before = (window[0] - gap - w, top), (gap, top)
    places = [*((before, after, far_before, far_after) if rtl else (after, before, far_after, far_before)),
              (left, face.bottom + gap), (left, face.top - gap - h)]
    room = pygame.Rect((0, 0), window)
    inside = [(len(pygame.Rect(x, y, w, h).collidelistall(list(avoid))), k, (x, y))
              for k, (x, y) in enumerate(places)
              if room.contains(pygame.Rect(x, y, w, h)) and not face.colliderect(pygame.Rect(x, y, w, h))]
    return min(inside)[2] if inside else None       # over the fewest widgets, on a crowded form
