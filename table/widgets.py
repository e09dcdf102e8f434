"""Widgets a little better than pygame_gui's own, for every screen.

``DropDown`` is pygame_gui's ``UIDropDownMenu`` whose list opens as wide as
the box (pygame_gui's leaves out the width of the arrow button, so the list
looked narrower than what was clicked).  Its lines' height and padding come
from the theme (``drop_down_menu.selection_list``), so descenders are not cut.

``follow_script`` keeps Latin text typed into a field readable in Dari.
"""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine

from .i18n import is_rtl
from .shaping import for_ltr_widget, has_arabic
from .text import paragraph_rtl

LATIN_TEXT = "#latin_text"       # the Latin font, left to right (theme.py)
ARABIC_TEXT = "#arabic_text"     # the Arabic font, right to left, in a Latin screen (theme.py)
ARABIC_ITEM = "#arabic_item"     # a list's line holding Dari, shaped beforehand (shaping.py), left to right
ARABIC_BUTTON = "#arabic_button"  # a button's words holding Dari in a Latin screen, likewise (forms.toggle)
PLACEHOLDER_INK = (128, 146, 134)


def follow_script(entry: UITextEntryLine) -> None:
    """Let a text field follow the script of what is typed into it.

    In Dari every field draws right to left with the Arabic font, which turns
    Latin text backwards (the name "Ana" showed as "anA", the address 127.0.0.1
    as 1.0.0.721): a field holding Latin letters or digits and no Arabic script
    takes the Latin font's left-to-right direction, and goes back once Arabic
    script is typed.  An empty field keeps the Arabic font, in which pygame_gui
    draws its placeholder the right way round (Dari words and "host:port" alike).
    """
    text = entry.get_text()
    latin = is_rtl() and any(c.isascii() and c.isalnum() for c in text) and not paragraph_rtl(text)
    arabic = not is_rtl() and any(ord(c) >= 0x0600 and not c.isascii() for c in text)   # Dari typed in a Latin screen
    want = LATIN_TEXT if latin else ARABIC_TEXT if arabic else None
    if (entry.object_ids[-1] if entry.object_ids else None) != want:
        entry.change_object_id(ObjectID(object_id=want) if want else None)
    dim_placeholder(entry)


def dim_placeholder(entry: UITextEntryLine) -> None:
    """An empty field's placeholder ("host:port", "private tables") in a dim ink, so it
    does not read as a value already typed (pygame_gui draws it in the text's own ink)."""
    ink = getattr(entry, "typed_ink", None)
    if ink is None:
        ink = entry.typed_ink = entry.text_colour
    want = pygame.Color(PLACEHOLDER_INK) if not entry.get_text() else ink
    if entry.text_colour != want:
        entry.text_colour = want
        entry.rebuild()


class DropDown(UIDropDownMenu):
    tip: str | None = None          # what the choice does: the tooltip of its face

    def process_event(self, event: pygame.event.Event) -> bool:
        # A click on the line already chosen is a choice made: pygame_gui drops the
        # selection and leaves the list open over the form; close it, the choice unchanged.
        state = self.current_state
        if (event.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION and state is not None
                and event.ui_element is getattr(state, "options_selection_list", None)):
            state.should_transition = True
            return True
        return super().process_event(event)

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        state = self.current_state
        face = getattr(state, "selected_option_button", None) if state is not None else None
        if self.tip and face is not None and face.tool_tip_text != self.tip:
            face.set_tooltip(self.tip)      # a face is made anew as the list opens and closes
        lst = getattr(state, "options_selection_list", None) if state is not None else None
        if lst is not None and lst.alive() and lst.rect.width < self.rect.width:
            lst.set_dimensions((self.rect.width, lst.rect.height))

    def open_toward_room(self, window_height: int, want: int, margin: int = 6) -> None:
        """Open the list where the window has room for it: down, as long as ``want`` pixels
        fit below, else toward the larger side, never past the window's edge (the host
        form's last seats opened 90 pixels off the bottom of 1280x720: no Zelzela to pick)."""
        below = window_height - self.rect.bottom - margin
        above = self.rect.top - margin
        up = below < want and above > below
        self.expansion_height_limit = max(40, min(want, above if up else below))
        if up:
            self.expand_direction = "up"
            for state in self.menu_states.values():
                state.expand_direction = "up"
            self.rebuild()

    @property
    def is_open(self) -> bool:
        """True while the list of choices is showing."""
        return self.current_state is self.menu_states.get("expanded")


def quiet_tool_tip(element: object) -> None:
    """A pressed button's tooltip goes, and comes back only once the mouse has left and
    returned: a replay's Step, clicked again and again, kept its tooltip over the top hand."""
    tip = getattr(element, "tool_tip", None)
    if tip is not None:
        tip.kill()
        element.tool_tip = None          # type: ignore[attr-defined]
    if hasattr(element, "hover_time"):
        element.hover_time = float("-inf")     # type: ignore[attr-defined]  # on_hovered sets it to 0 again


def widget_lines(texts: list[str]) -> list:
    """Lines for a pygame_gui list or drop-down: in an English, Dutch or French screen a line
    with Dari in it goes laid out and shaped, with the Arabic font's id (it showed as boxes).
    ``line_text`` tells the line a choice came back as."""
    return [(for_ltr_widget(t), ARABIC_ITEM) if not is_rtl() and has_arabic(t) else t for t in texts]


def line_text(line) -> str:
    """The words a line of ``widget_lines`` shows."""
    return line[0] if isinstance(line, tuple) else line
