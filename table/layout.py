"""Where things go on the table, for any window size and 3 or 4 seats.

Screen places are named like seats (``bottom``, ``left``, ``top``, ``right``):
the viewer always sits at the bottom, and the others keep their clockwise
order around the table.  Card sizes follow the window height, so everything
scales with the window; a resize builds a new ``Layout``.
"""
import math

PLACES = {4: ("bottom", "left", "top", "right"), 3: ("bottom", "left", "right")}


def place_of(seats, viewer, seat):
    """Screen place of ``seat`` when ``viewer`` sits at the bottom.

    >>> place_of(("bottom", "left", "top", "right"), "left", "bottom")
    'right'
    """
    n = len(seats)
    p = (seats.index(seat) - seats.index(viewer)) % n
    return PLACES[n][p]


def _tilt(card):
    """A small fixed tilt per card, so the court looks thrown, not stacked."""
    if not card:
        return 0.0
    h = (ord(card[0]) * 31 + ord(card[1]) * 17) % 11
    return (h - 5) * 1.4


class Layout:
    def __init__(self, size, n=4):
        W, H = size
        self.size = (W, H)
        self.W, self.H = W, H
        self.n = n
        self.cw = int(max(40, min(220, round(min(H * 0.14, W * 0.08)))))
        self.ch = round(self.cw * 1.4)
        self.sw = int(max(24, round(self.cw * 0.6)))
        self.sh = round(self.sw * 1.4)
        self.margin = max(8, round(H * 0.02))
        self.center = (W / 2, H * 0.45)
        m = self.margin
        self.bow = self.ch * 0.0045          # the fan's arc: outer cards sit lower
        self.anchor = {
            "bottom": (W / 2, H - self.ch / 2 - m - self.bow * 36),
            "top": (W / 2, self.sh / 2 + m),
            "left": (self.sh / 2 + m, H * 0.43),
            "right": (W - self.sh / 2 - m, H * 0.43),
        }
        cx, cy = self.center
        dx, dy = self.cw * 0.78, self.ch * 0.36
        self.court = {"bottom": (cx, cy + dy), "top": (cx, cy - dy),
                      "left": (cx - dx, cy), "right": (cx + dx, cy)}
        if n == 3:
            self.court["left"] = (cx - dx * 0.8, cy - dy * 0.35)
            self.court["right"] = (cx + dx * 0.8, cy - dy * 0.35)
        half = self.column_half(13)
        buttons = max(30, round(H * 0.045))          # the row of buttons at the top right
        self.pile = {
            "bottom": (min(W - self.sw * 2.6 - m, W / 2 + W * 0.32 + self.sw * 0.9), H - self.sh * 0.65 - m),
            "top": (W / 2 + half + self.sw * 1.4, m + buttons + 10 + self.sh / 2),
            "left": (self.sh / 2 + m, H * 0.43 + half + self.sw * 1.9),
            "right": (W - self.sh / 2 - m, H * 0.43 + half + self.sw * 1.9),
        }
        # The line a dragged card must cross (its centre) to be played.
        self.play_line = self.anchor["bottom"][1] - self.ch * 0.75
        # Manni: the 12-card Manni and the two of trump, up where a fourth seat would sit.
        self.ww = int(round(self.cw * 0.74))
        wy = m + buttons + 12 + self.ww * 0.7          # below the row of buttons
        self.widow_spot = (W / 2 - self.ww * 0.72, wy)
        self.trump_spot = (W / 2 + self.ww * 0.78, wy)

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

    def hand_rect_width(self, count):
        if count <= 1:
            return self.cw
        step = min(self.cw * 0.62, (self.W * 0.64 - self.cw) / max(1, count - 1))
        return step * (count - 1) + self.cw

    def open_hand_poses(self, place, count):
        """Another seat's hand face up (replays): small cards, readable spacing."""
        if place == "bottom":
            return self.hand_poses(place, count)
        ax, ay = self.anchor[place]
        mid = (count - 1) / 2
        step = self.sw * 0.3
        if place == "top":
            return [(ax + (i - mid) * step, ay, 0.0, self.sw) for i in range(count)]
        step = min(self.sw * 0.3, (self.H * 0.42 - self.sh) / 12)
        return [(ax, ay + (i - mid) * step, 0.0, self.sw) for i in range(count)]

    def widow_poses(self, count):
        """The Manni (or a swapped-out hand): a squared pile of backs."""
        x, y = self.widow_spot
        return [(x + i * 0.45, y - i * 0.45, (i % 3 - 1) * 1.2, self.ww) for i in range(count)]

    def trump_card_pose(self):
        x, y = self.trump_spot
        return (x, y, 8.0, self.ww)

    def court_pose(self, place, card):
        x, y = self.court[place]
        return (x, y, _tilt(card), self.cw)

    def pile_pose(self, place, k=0):
        x, y = self.pile[place]
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
            return (m + 4, self.H - m - 4, "bottomleft")
        if place == "top":
            return (self.W / 2 - half - 16, self.sh / 2 + m, "midright")
        if place == "left":
            return (m, self.H * 0.43 + half + 10, "topleft")
        return (self.W - m, self.H * 0.43 + half + 10, "topright")

    def in_court(self, pos):
        cx, cy = self.center
        return math.hypot(pos[0] - cx, (pos[1] - cy) * 1.2) < self.ch * 1.1
