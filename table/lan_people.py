"""The host's say over a LAN table, from its pause menu: give a friend's seat to a bot
(a stranger sat in an open seat under a friend's name, and nothing could take it back),
send one spectator off by name (none from that computer is taken after; the others watch
on), or turn every spectator away.  Each button asks for a second press, as closing the
table does: one click must not send a friend off by mistake."""
from __future__ import annotations

import pygame

from .forms import MenuScene
from .i18n import _, number, seat_name
from .theme import CREAM, GOLD, RED, blit_text, fit_size, shade


class PeopleScene(MenuScene):
    overlay = True
    title = None

    def __init__(self, app, link, screens=1):
        super().__init__(app)
        self.link = link            # the host's own screen (host.local.LocalLink)
        self.screens = screens      # how many screens a done deed closes (the pause menu's too)
        self.armed = None           # the button pressed once
        self.shown = None           # the people and spectators the buttons were made for

    def people(self) -> list[tuple[str, str]]:
        """(seat, name) of each friend on the network holding a seat."""
        players = self.link.players()
        return [(seat, str(p.get("name") or seat_name(seat))) for seat, p in players.items()
                if isinstance(p, dict) and p.get("kind") == "human"]

    def at_table(self) -> tuple:
        """What the buttons are made for: the friends holding seats, and the spectators."""
        return tuple(self.people()), self.link.watchers, tuple(self.link.watching)

    def build_ui(self):
        self.shown = self.at_table()
        items = [(f"away:{seat}", _("Give {name}'s seat to a bot").format(name=name), True)
                 for seat, name in self.shown[0]]
        items += [(f"off:{serial}", _("Ask {name} to stop watching").format(name=name or _("a spectator")), True)
                  for serial, name in self.shown[2]]
        if self.link.watchers:
            items.append(("watchers", _("Turn the spectators away ({n})").format(n=number(self.link.watchers)), True))
        items.append(("back", _("Back to the menu"), True))
        self.column(items, top=round(self.app.size[1] * 0.3))
        self.armed = None

    def update(self, dt):
        super().update(dt)
        if self.shown != self.at_table():
            self.rebuild_ui()           # someone came or went meanwhile

    def draw(self, surface):
        shade(surface, (4, 12, 8, 255))        # over the pause menu: its title showed through
        W, H = surface.get_size()
        blit_text(surface, _("People at the table"), max(28, round(H * 0.07)), (W // 2, round(H * 0.12)),
                  GOLD, bold=True, anchor="midtop", shadow=True)
        names = dict(self.shown[0])
        if self.armed == "watchers":          # the first press says what the second will do
            line, ink = _("Press again: every spectator is sent off, and none is taken after"), RED
        elif self.armed and self.armed.startswith("off:"):
            line, ink = _("Press again: {name} is sent off, and no spectator from that computer is taken after"
                          ).format(name=dict(self.shown[2]).get(int(self.armed[4:])) or _("a spectator")), RED
        elif self.armed:
            line, ink = _("Press again: {name}'s seat goes to a bot for the rest of the match").format(
                name=names.get(self.armed.removeprefix("away:"), "")), RED
        elif self.shown[0]:
            line, ink = _("A friend's seat given to a bot stays the bot's: the friend cannot take it back."), CREAM
        else:
            line, ink = _("No friend on the network holds a seat."), CREAM
        blit_text(surface, line, fit_size(line, max(15, round(H * 0.028)), W * 0.9), (W // 2, round(H * 0.22)),
                  ink, anchor="midtop", shadow=True)

    def process_event(self, e):
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return self.keyboard(e)

    def ui_event(self, e):
        name = self.pressed(e)
        if name is None:
            return False
        if name == "back":
            self.app.pop()
        elif self.armed != name:
            if self.armed in self.buttons:      # only one button waits for its second press
                self.rebuild_ui()
            self.armed = name
            self.buttons[name].set_text(_("Press again"))
        else:                                   # done: back to the table, to see it so
            if name == "watchers":
                self.link.turn_away_watchers()
            elif name.startswith("off:"):
                self.link.send_watcher_off(int(name[4:]))
            else:
                self.link.send_away(name.removeprefix("away:"))
            for _screen in range(self.screens):
                self.app.pop()
        return True
