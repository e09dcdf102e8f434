"""Widgets a little better than pygame_gui's own, for every screen.

``DropDown`` is pygame_gui's ``UIDropDownMenu`` whose list opens as wide as
the box (pygame_gui's leaves out the width of the arrow button, so the list
looked narrower than what was clicked).  Its lines' height and padding come
from the theme (``drop_down_menu.selection_list``), so descenders are not cut.
"""
from __future__ import annotations

from pygame_gui.elements import UIDropDownMenu


class DropDown(UIDropDownMenu):
    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        state = self.current_state
        lst = getattr(state, "options_selection_list", None) if state is not None else None
        if lst is not None and lst.alive() and lst.rect.width < self.rect.width:
            lst.set_dimensions((self.rect.width, lst.rect.height))

    @property
    def is_open(self) -> bool:
        """True while the list of choices is showing."""
        return self.current_state is self.menu_states.get("expanded")

