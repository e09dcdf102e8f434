"""Quick phrases at a LAN table: *Say…* in the top row opens the table's set phrases
(``host.endpoint.PHRASES``); a click says one to everyone at the table, and each screen
shows it in a bubble at the speaker's seat, in its own reader's language (``table_feed``).

A mixin of ``TableControls``: the phrases are transient buttons in a column under the
Say button, made again with the pickers while the column is open (``ui_state``).
"""
from __future__ import annotations

from host.endpoint import PHRASES

from .bubbles import draw_bubbles_over
from .i18n import _
from .words import PHRASE_WORDS


class TableChat:
    chat_open = False

    def chat_allowed(self) -> bool:
        """A person's own seat at a LAN table: a watcher, a hot-seat screen and a replay
        have nobody at another screen to say anything to."""
        return bool(self.link.lan and len(self.mine) == 1 and not self.link.replay)

    def _chat_phrases(self, bw: int, bh: int) -> None:
        say = self.buttons.get("say")
        if say is None or not say.visible:
            self.chat_open = False
            return
        w = round(bw * 1.3)
        x = min(say.rect.x, self.board.layout.W - self.board.layout.margin - w)
        y = say.rect.bottom + 6
        words = [_(PHRASE_WORDS[code]) for code in PHRASES]
        for i, code in enumerate(PHRASES):
            self._button(f"phrase:{code}", words[i], (x, y + i * (bh + 4), w, bh), small=True, row=words)

    def draw_sayings_over(self, surface, look, panel) -> list:
        """The phrases being said, over the summary or a panel that covers their seats: said
        while a deal is summed up ("good game!"), they were lost under it on the other screens."""
        said = self.said_now()
        plates = {n.split(":", 1)[1]: r for n, r in self.drawn if n.startswith("plate:")}
        return draw_bubbles_over(surface, look, said, plates, panel) if said else []

    def chat_pressed(self, name: str) -> None:
        """Say opens or closes the column; a phrase is said, and the column closes."""
        if name == "say":
            self.chat_open = not self.chat_open
            return
        self.chat_open = False
        self.link.say(self.viewer, name.split(":", 1)[1])
