"""Letter keys for the table's buttons, so that a player who keeps to the keyboard reaches
every one of them (the arrows and Enter are the hand's and the pickers'):

    I  the coach's hint          S  the scores            L  the last trick
    P  the hand passed away      G  give a signal (Manfee), then S slam, D drop, N none
    R  review the deal (on its summary)

A key stands for its button only while the button shows, so it never does what a click
could not.  A mixin of ``TableControls``; F1 (the rules), H (hold the bots) and Escape are
the scene's own.
"""
from __future__ import annotations

import pygame
import pygame_gui

KEYS = {pygame.K_i: "hint", pygame.K_s: "history", pygame.K_l: "last", pygame.K_p: "passed",
        pygame.K_g: "signal", pygame.K_r: "review"}
SIGNAL_KEYS = {pygame.K_s: "slam", pygame.K_d: "drop", pygame.K_n: "nosignal"}    # once G opened them
KEY_NAMES = {"hint": "I", "history": "S", "last": "L", "passed": "P", "signal": "G", "review": "R",   # tooltips
             "menu": "Esc", "rules": "F1", "slam": "S", "drop": "D", "nosignal": "N"}


class TableKeys:
    def shortcut_key(self, e: pygame.event.Event) -> bool:
        """Press the button a letter key stands for, if it shows; True if one was pressed."""
        # While the signal choices show, S D N are theirs; else (an overlay hid them) the keys' own
        for name in (SIGNAL_KEYS.get(e.key) if self.signal_menu else None, KEYS.get(e.key)):
            b = self.buttons.get(name) if name else None
            if b is not None and b.visible and b.is_enabled:
                return bool(self.ui_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=b)))
        return False
