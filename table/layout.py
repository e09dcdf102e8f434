"""Where things go on the table, for any window size and 3 or 4 seats.

Screen places are named like seats (``bottom``, ``left``, ``top``, ``right``):
the viewer always sits at the bottom, and the others keep their clockwise
order around the table.  Card sizes follow the window height, so everything
scales with the window; a resize builds a new ``Layout``.

The table is cut into regions that never overlap (tests/test_table_layout.py
checks every game's busiest states at four window sizes): along the top, the
score board (left) and the row of buttons with the trump badge under it
(right); under the buttons, the top seat's hand with its plate on its left
and its trick pile on its right (or, in Manni, the Manni and the two of
trump); down each side, a seat's hand with its pile beside its top, toward the
middle, and its plate under it; the court in the middle; between the court
and the viewer's hand, the band for the prompt, the obligation line, the
signal buttons and messages; at the bottom, the viewer's hand with its pile
on its right and its plate past the pile, in the corner; down the left, under
the left seat's plate, the deal's log.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

PLACES = {4: ("bottom", "left", "top", "right"), 3: ("bottom", "left", "right")}
WIDEST = 2.0        # the seats keep within a table at most twice as wide as high (21:9 screens)


def place_of(seats, viewer, seat):
    """Screen place of ``seat`` when ``viewer`` sits at the bottom.

    >>> place_of(("bottom", "left", "top", "right"), "left", "bottom")
    'right'
    """
    n = len(seats)
    p = (seats.index(seat) - seats.index(viewer)) % n
    return PLACES[n][p]


def _tilt(card):
    """A small fixed tilt per card (at most 4 degrees), so the court looks thrown,
    not stacked, while every card's corner index stays in sight."""
    if not card:
        return 0.0
    h = (ord(card[0]) * 31 + ord(card[1]) * 17) % 11
    return (h - 5) * 0.8


class Layout:
    def __init__(self, size, n=4, hand_cards=13):
        W, H = size
        self.size = (W, H)
        self.W, self.H = W, H
        self.n = n
        self.cw = int(max(40, min(220, round(min(H * 0.14, W * 0.08)))))
        self.ch = round(self.cw * 1.4)
        self.sw = int(max(24, round(self.cw * 0.6)))
        self.sh = round(self.sw * 1.4)
        self.margin = m = max(8, round(H * 0.02))
        # In a window wider than 2:1 the seats, their piles and plates and the deal's log come in
        # from the edges (the score board and the buttons keep the corners): at 2560x1080 the side
        # hands lay 1,100 px from the trick, the viewer's plate 550 px past the end of their hand.
        self.inset = inset = max(0.0, (W - H * WIDEST) / 2)
        self.buttons_h = max(30, round(H * 0.045))      # the row of buttons at the top right
        self.board_bottom = 0                           # the score board's foot as last drawn (``pile_pose``)
        self.center = (W / 2, H * 0.45)
        self.bow = self.ch * 0.0045          # the fan's arc: outer cards sit lower
        half = self.column_half(13)
        top_y = m + self.buttons_h + m + self.sh / 2      # under the row of buttons
        bottom_y = H - self.ch / 2 - m - self.bow * 36
        self.anchor = {
            "bottom": (W / 2, bottom_y),
            "top": (W / 2, top_y),
        }
        cx, cy = self.center
        # The trick: far enough apart that no card hides the corner index of one
        # played before it, whoever leads and whichever way play goes (searched
        # over every order and tilt: tests/test_table_layout.py).
        dx, dy = self.cw * 1.25, self.ch * 0.36
        self.court = {"bottom": (cx - self.cw * 0.2, cy + dy), "top": (cx + self.cw * 0.1, cy - dy),
                      "left": (cx - dx, cy), "right": (cx + dx, cy)}
        if n == 3:
            self.court["bottom"] = (cx, cy + dy)
            self.court["left"] = (cx - dx * 0.9, cy - dy * 0.35)
            self.court["right"] = (cx + dx * 0.9, cy - dy * 0.35)
        side_y = self._side_y(n)                          # under the score board
        self.anchor["left"] = (inset + self.sh / 2 + m, side_y)
        self.anchor["right"] = (W - inset - self.sh / 2 - m, side_y)
        gap = self.sw * 0.35
        self.pile = {
            # just past the end of the own hand as dealt (8 cards in Manille, 13 in
            # Manfee), so the pile reads as the bottom seat's, not the right seat's
            "bottom": (W / 2 + self.hand_rect_width(hand_cards) / 2 + gap + self.sw / 2, self.anchor["bottom"][1]),
            "top": (W / 2 + half + gap + self.sw / 2, top_y),
            # the side seats' piles beside the top of their hands, far from the bottom
            # seat's pile (beside the foot of the right hand, the two piles read as one seat's)
            "left": (inset + m + self.sh + gap + self.sh / 2, side_y - half + self.sw / 2),
            "right": (W - inset - m - self.sh - gap - self.sh / 2, side_y - half + self.sw / 2),
        }
        # The line a dragged card must cross (its centre) to be played.
        self.play_line = self.anchor["bottom"][1] - self.ch * 0.75
        # Manni: the 12-card Manni and the two of trump, up where a fourth seat would sit.
        self.ww = int(round(self.cw * 0.74))
        wy = m + self.buttons_h + m + self.ww * 0.7          # below the row of buttons
        self.widow_spot = (W / 2 - self.ww * 0.72, wy)
        self.trump_spot = (W / 2 + self.ww * 0.78, wy)

    def _side_y(self, n: int) -> float:
        """The side seats' hands' middle: under the score board, their plates under them
        past the band's buttons.  In a squarer window the cards take the width's size and
        the band grows tall: its Hint and Give a signal came level with those plates (1280x1024),
        and the side hands go up to the court's line instead, the plates above the buttons,
        where the score board leaves room over them."""
        H, m = self.H, self.margin
        y = H * 0.52
        _x, band_top, _w, band_h = self.band()
        bh = self.buttons_h                                # the band's buttons are as tall (``button_size``)
        top, bottom = band_top + (band_h - bh) / 2 - 6, band_top + (band_h + bh) / 2 + 6
        half, plate = self.side_half(), self.plate_px() * 3.7     # a plate of three lines
        if y + half + 10 >= bottom or y + half + 10 + plate <= top:
            return y
        up = top - plate - 10 - half
        board = 2 * m + self.score_px() * (5.25 + 2.7 * (3 if n == 3 else 2))   # its sides, a line or two more
        return up if up - half >= board else y

    def plate_px(self) -> int:
        """The seats' plates' font (``hud.draw_plates``)."""
        return max(12, round(self.H * 0.021))

    def score_px(self) -> int:
        """The score board's font: the window's height's, or in a squarer window its width's
        (at 1280x1024 the board's width left the top seat's plate no room but over its cards)."""
        return max(13, round(min(self.H, self.W * 0.6) * 0.022))

    # -- hands --------------------------------------------------------------------------
    def hand_poses(self, place, count):
        """(x, y, angle, width) of each card of a hand of ``count`` at ``place``."""
        if count <= 0:
            return []
        ax, ay = self.anchor[place]
        mid = (count - 1) / 2
        if place == "bottom":
            step = min(self.cw * 0.62, (self.W * 0.64 - self.cw) / max(1, count - 1))
            bow = self.bow
            return [(ax + (i - mid) * step, ay + bow * (i - mid) ** 2, 0.0, self.cw)
                    for i in range(count)]
        step = self.sw * 0.3
        if place == "top":
            return [(ax + (mid - i) * step, ay, 180.0, self.sw) for i in range(count)]
        sign = 1 if place == "left" else -1
        return [(ax, ay + sign * (i - mid) * step, -90.0 * sign, self.sw) for i in range(count)]

    def column_half(self, count):
        """Half the length of another seat's row of backs (13 cards at most)."""
        return self.sw * 0.3 * (count - 1) / 2 + self.sw / 2

    def side_half(self):
        """Half the length of a side seat's hand, backs or (replays) faces up."""
        return max(self.column_half(13), 6 * self._open_step() + self.sh / 2)

    def _open_step(self):
        return min(self.sw * 0.3, (self.H * 0.42 - self.sh) / 12)

    def hand_rect_width(self, count):
        if count <= 1:
            return self.cw
        step = min(self.cw * 0.62, (self.W * 0.64 - self.cw) / max(1, count - 1))
        return step * (count - 1) + self.cw

    def open_hand_poses(self, place, count):
        """Another seat's hand face up (replays): small cards, readable spacing.  A short hand
        spreads over the room of thirteen, up to a whole corner index (rank and suit) a card:
        Manille's eight side cards showed slivers of their ranks at 1280x800."""
        if place == "bottom":
            return self.hand_poses(place, count)
        ax, ay = self.anchor[place]
        mid = (count - 1) / 2
        gaps = max(1, count - 1)
        if place == "top":
            step = min(self.sw * 0.3 * 12 / gaps, self.sw * 0.42)
            return [(ax + (i - mid) * step, ay, 0.0, self.sw) for i in range(count)]
        step = min(self._open_step() * 12 / gaps, self.sh * 0.34)
        return [(ax, ay + (i - mid) * step, 0.0, self.sw) for i in range(count)]

    def widow_poses(self, count):
        """The Manni (or a swapped-out hand): a squared pile of backs."""
        x, y = self.widow_spot
        return [(x + i * 0.45, y - i * 0.45, (i % 3 - 1) * 1.2, self.ww) for i in range(count)]

    def below_widow(self, panel: pygame.Rect, hand_up: bool) -> pygame.Rect:
        """``panel`` moved down, as far as the window's foot allows (or the viewer's hand, while
        it holds cards), to clear the Manni's pile and its label ("Ana's old hand, out of
        play"): a summary grown over six deals covered them."""
        label_bottom = self.widow_spot[1] + self.ww * 0.7 + 6 + max(11, round(self.H * 0.019)) * 2.9    # two lines
        foot = self.anchor["bottom"][1] - self.ch / 2 if hand_up else self.H
        return panel.move(0, max(0, min(round(label_bottom + self.margin) - panel.top,
                                        round(foot - self.margin) - panel.bottom)))

    def trump_card_pose(self):
        x, y = self.trump_spot
        return (x, y, 8.0, self.ww)

    def court_pose(self, place, card):
        x, y = self.court[place]
        return (x, y, _tilt(card), self.cw)

    def pile_pose(self, place, k=0):
        x, y = self.pile[place]
        if place == "left":     # below the score board as last drawn (grown by a Manille deal's factors)
            y = max(y, self.board_bottom + 8 + self.sw / 2 + 6)
        angle = {"bottom": 0, "top": 180, "left": -90, "right": 90}[place]
        return (x + k * 1.5, y - k * 1.5, angle + (k % 3 - 1) * 4, self.sw)

    def dealer_spot(self, place):
        ax, ay = self.anchor[place]
        cx, cy = self.center
        return (ax + (cx - ax) * 0.45, ay + (cy - ay) * 0.45)

    def plate_pos(self, place):
        """Where a seat's name plate goes: (x, y, anchor)."""
        m = self.margin
        half = self.column_half(13)
        if place == "bottom":
            # in the corner past the viewer's trick pile, so that the pile reads as theirs (by the
            # left corner it lay by the right seat's plate); the left column keeps the deal's log
            return (self.W - self.inset - m - 4, self.H - m - 4, "bottomright")
        if place == "top":
            return (self.W / 2 - half - 16, self.anchor["top"][1], "midright")
        y = self.anchor[place][1] + self.side_half() + 10
        if place == "left":
            return (self.inset + m, y, "topleft")
        return (self.W - self.inset - m, y, "topright")

    def plate_width(self, place):
        """The widest a seat's plate may be before it runs into its neighbours."""
        m = self.margin
        if place == "bottom":       # from the viewer's trick pile (its label "13 tricks (you)" wider) to the corner
            return self.W - self.inset - m - 4 - (self.pile["bottom"][0] + self.sw / 2 + 13 * 1.5 + m)
        if place == "top":                  # and stops short of the score board on its left
            return min(self.W * 0.2, self.W / 2 - self.column_half(13) - 16 - m - self.scoreboard_width() - 12)
        return self.W * 0.24

    def plate_room(self, place, y, fs):
        """How wide a seat's plate at height ``y`` may be: its place's width; when they come
        level, the right seat's plate stops short of the viewer's trick pile and the left
        one short of the viewer's hand (long names, longer words in some languages)."""
        room = self.plate_width(place)
        if place == "top":      # a squarer window's wide score box left it "…": over the hand's backs
            room = max(room, fs * 6)
        elif place == "right":
            px, py = self.pile["bottom"]
            if y + fs * 3 > py - self.sh / 2 - 8:
                room = min(room, self.W - self.inset - self.margin - (px + self.sw / 2 + 12))
        elif place == "left" and y + fs * 3 > self.anchor["bottom"][1] - self.ch * 0.75:
            room = min(room, self.W / 2 - self.hand_rect_width(13) / 2 - self.margin - 12 - self.inset)
        return room

    def scoreboard_width(self):
        """The score board's width, in the top left corner."""
        return round(self.score_px() * 18.5)

    def log_rect(self, foot: float = 0.0):
        """Under the left seat's plate, down to the window's foot (less ``foot``: a LAN
        table's lines under it): the deal's announcements (x, y, width, height), or None if
        the window leaves no room for two lines."""
        fs = self.plate_px()
        plate_h = fs * 2.7
        top = self.anchor["left"][1] + self.side_half() + 10 + plate_h + self.margin
        bottom = self.H - self.margin - 4 - foot      # a LAN table's lines under it
        if bottom - top < fs * 2.6:
            return None
        return (self.inset + self.margin, top, self.column_width(), bottom - top)

    def column_width(self):
        """The felt left of the viewer's hand, under the left seat: the deal's log."""
        return self.W / 2 - self.hand_rect_width(13) / 2 - self.margin * 2 - 4 - self.inset

    def band(self):
        """The band between the court and the viewer's hand: prompts, messages, signals
        (a pygame-free rect: x, y, width, height)."""
        court_bottom = self.court["bottom"][1] + self.ch * 0.5 + self.cw * 0.05
        hand_top = self.anchor["bottom"][1] - self.ch * 0.5 - self.ch * 0.22      # a lifted card
        width = self.hand_rect_width(13)
        return (self.W / 2 - width / 2, court_bottom, width, max(0.0, hand_top - court_bottom))

    def in_court(self, pos):
        cx, cy = self.center
        return math.hypot(pos[0] - cx, (pos[1] - cy) * 1.2) < self.ch * 1.1


def step_aside(panel: pygame.Rect, covered: list[pygame.Rect], keep_clear: list[pygame.Rect],
               width: int, least: int, gap: int = 6) -> pygame.Rect:
    """``panel`` off the ``covered`` rectangles it lies over: slid sideways the shorter way,
    if it then touches none of ``keep_clear`` and stays in a window ``width`` wide; else
    ended above them, if it keeps ``least`` of its height; else as it was.  (A summary grown
    by its fourth deal lay over the corner of the viewer's own trick pile.)

    >>> import os; _ = os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    >>> from pygame import Rect as R
    >>> tuple(step_aside(R(100, 100, 200, 100), [R(280, 180, 40, 60)], [], 640, 50))
    (74, 100, 200, 100)
    >>> tuple(step_aside(R(100, 100, 200, 100), [R(280, 180, 40, 60)], [R(60, 100, 20, 20)], 640, 50))
    (326, 100, 200, 100)
    >>> tuple(step_aside(R(100, 100, 200, 100), [R(280, 180, 40, 60)], [R(60, 100, 20, 20)], 400, 50))
    (100, 100, 200, 74)
    >>> tuple(step_aside(R(100, 100, 200, 100), [R(280, 180, 40, 60)], [R(60, 100, 20, 20)], 400, 80))
    (100, 100, 200, 100)
    """
    hit = [c for c in covered if c.colliderect(panel)]
    if not hit:
        return panel
    left = min(c.left for c in hit) - gap - panel.right           # negative: a slide to the left
    right = max(c.right for c in hit) + gap - panel.left
    for dx in sorted((left, right), key=abs):
        moved = panel.move(dx, 0)
        if moved.left >= 0 and moved.right <= width and moved.collidelist(covered + keep_clear) < 0:
            return moved
    cut = panel.copy()
    cut.height = min(c.top for c in hit) - gap - panel.top
    return cut if cut.height >= least and cut.collidelist(covered) < 0 else panel


def summary_buttons(panel: tuple, bw: float, bh: float, rtl: bool, review: bool = True) -> tuple[tuple, tuple]:
    """Where a deal summary's Next deal (centred, wider) and Review this deal (at the start of
    the reader's line) go at the foot of ``panel`` (x, y, width, height): (next, review) as
    (x, y, width, height).  Next steps aside, then both narrow, so they never meet: a 5:4
    window's narrow summary laid Next over Review.  With no ``review`` Next stays centred.

    >>> summary_buttons((320, 171, 640, 450), 100, 32, False)
    ((540, 570, 200, 38), (345, 573, 150, 32))
    >>> nxt, rev = summary_buttons((285, 307, 640, 644), 143, 46, False)
    >>> rev[0] + rev[2] + 8 <= nxt[0] and nxt[0] + nxt[2] <= 285 + 640 - 8
    True
    """
    x, y, w, h = panel
    gap = 8
    nw, rw = bw * 2, bw * 1.5
    room = w - bw * 0.25 - 2 * gap        # both, between the reader's margin and the far edge
    if rw + nw > room:
        scale = room / (rw + nw)
        nw, rw = nw * scale, rw * scale
    rx = x + w - bw * 0.25 - rw if rtl else x + bw * 0.25
    nx = x + w / 2 - nw / 2
    if review and rtl:
        nx = min(nx, rx - gap - nw)
    elif review:
        nx = max(nx, rx + rw + gap)
    bottom = y + h
    return ((round(nx), round(bottom - bh * 1.6), round(nw), round(bh * 1.2)),
            (round(rx), round(bottom - bh * 1.5), round(rw), round(bh)))

