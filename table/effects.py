"""Small things drawn on the felt: a tap's rings and knuckles, signal badges on
court cards, the label of the Manni pile.  Pure drawing from a ``TableLook``."""
from __future__ import annotations

import pygame

from .hud import TableLook
from .i18n import _, number, pgettext
from .theme import CREAM, DIM, render, blit_text, fit_size

_fists: dict = {}


def _knuckles(size: int) -> pygame.Surface:
    """A fist knocking, seen from the player's side: curled fingers over the back of the hand."""
    img = _fists.get(size)
    if img is None:
        w, h = size, round(size * 0.9)
        img = pygame.Surface((w + 6, h + 6), pygame.SRCALPHA)
        skin, shade, line = (240, 204, 166), (214, 170, 128), (110, 72, 44)
        back = pygame.Rect(3 + round(w * 0.12), 3, round(w * 0.78), round(h * 0.62))
        pygame.draw.rect(img, skin, back, border_radius=round(w * 0.2))
        pygame.draw.rect(img, line, back, 2, border_radius=round(w * 0.2))
        fw = (back.width - 4) / 4
        for k in range(4):                        # the curled fingers, knuckles down
            f = pygame.Rect(round(back.x + 2 + k * fw), round(h * 0.42), round(fw), round(h * 0.5))
            pygame.draw.rect(img, skin, f, border_radius=round(fw * 0.45))
            pygame.draw.rect(img, line, f, 2, border_radius=round(fw * 0.45))
            pygame.draw.line(img, shade, (f.x + 3, f.y + f.height * 0.55), (f.right - 3, f.y + f.height * 0.55), 2)
        thumb = pygame.Rect(3, round(h * 0.28), round(w * 0.3), round(h * 0.3))
        pygame.draw.ellipse(img, skin, thumb)
        pygame.draw.ellipse(img, line, thumb, 2)
        _fists[size] = img
    return img


def draw_ripples(surface: pygame.Surface, look: TableLook) -> None:
    """Rings on the felt where a player tapped the table, and the knuckles lifting off."""
    L = look.layout
    for x, y, _strength, age in look.ripples:
        if age < 0.3:
            f = _knuckles(round(L.cw * 0.62)).copy()
            f.set_alpha(round(255 * min(1.0, (0.3 - age) / 0.15)))
            surface.blit(f, f.get_rect(midbottom=(round(x), round(y - age * 90))))
    for x, y, strength, age in look.ripples:
        for k in range(3):
            t = age - k * 0.09
            if t <= 0 or t > 0.7:
                continue
            r = (14 + t * 240) * strength
            a = max(0, round(200 * (1 - t / 0.7)))
            ring = pygame.Surface((round(r * 2 + 8), round(r * 2 + 8)), pygame.SRCALPHA)
            pygame.draw.circle(ring, (255, 236, 170, a), (ring.get_width() // 2, ring.get_height() // 2),
                               round(r), max(2, round(4 * strength - k)))
            surface.blit(ring, ring.get_rect(center=(round(x), round(y))))


def draw_widow_label(surface: pygame.Surface, look: TableLook) -> pygame.Rect | None:
    """Manni: the pile in the middle says what it is."""
    b = look.board
    if not b.widow or any(b.sprites.get(k) is None or b.sprites[k].motion for k in b.widow):
        return None
    L = look.layout
    fs = max(11, round(L.H * 0.019))
    x, y = L.widow_spot
    swapper = look.view.get("swapper")
    if not swapper or not look.swap_shown:      # the swap still to come: "your old hand" showed with
        text = _("the Manni")                    # the old hand still in the player's hands
    elif look.kind(swapper) == "me" and not look.hotseat or swapper == look.viewer and look.name(swapper) == _("You"):
        text = _("your old hand, out of play")      # a replay's unnamed person at the screen ("You's old hand")
    else:
        text = _("{name}'s old hand, out of play").format(name=look.name(swapper))
    # between the side seats' cards, under the pile, and clear of the score box in the corner
    # (at 1280x1024 the cards are large for the width: the label ran into it)
    room = min(L.cw * 3.2, 2 * (x - L.margin - L.scoreboard_width() - fs))
    r = blit_text(surface, text, fit_size(text, fs, room, bold=True), (x, y + L.ww * 0.7 + 6), CREAM, bold=True,
                  anchor="midtop", shadow=True)
    if swapper is None and look.view.get("phase") == "swap":
        sub = _("{n} cards, face down").format(n=number(12))
        r = r.union(blit_text(surface, sub, fit_size(sub, max(11, fs * 0.9), room), (x, y + L.ww * 0.7 + 6 + fs * 1.3), DIM,
                              anchor="midtop", shadow=True))
    return r


SLAM_INK, DROP_INK = (255, 120, 90), (140, 200, 255)


def signal_tag(signal: str | None) -> tuple[str, tuple[int, int, int]] | None:
    """A signal's word and colour, as its badge on the felt shows it (the last trick too)."""
    if signal == "slam":
        return pgettext("a signal's badge", "SLAM"), SLAM_INK
    if signal == "drop":
        return pgettext("a signal's badge", "DROP"), DROP_INK
    return None


def draw_badges(surface: pygame.Surface, look: TableLook) -> list[pygame.Rect]:
    """SLAM / DROP written beside a card that carried a signal: from its impact (still
    flying, it came nine frames after the thud), then in the court.  Under the card, but
    for the top seat's: over it (under it, the partner's tag lay on the viewer's card).
    Returns the tags' rects."""
    b = look.board
    L = b.layout
    fs = max(11, round(L.H * 0.018))
    off = b.offset()
    landing = [k for k, sp in b.sprites.items() if sp.badge and sp.motion == "flying" and k not in b.court]
    tags = []
    for k in list(b.court) + landing:
        sp = b.sprites.get(k)
        if sp is None or not sp.badge:
            continue
        word, colour = signal_tag(sp.badge) or ("", DROP_INK)
        img = render(word, fs, (20, 16, 8), bold=True)
        seat = b.court_seat.get(k)          # a card still landing: where it lands, above the middle or not
        above = b.place(seat) == "top" if seat is not None else sp.home is not None and sp.home[1] < L.center[1]
        dy = -(L.ch * 0.5 + fs * 0.2) if above else L.ch * 0.5 + fs * 0.2
        r = img.get_rect(center=(round(sp.x + off[0]), round(sp.y + off[1] + dy)))
        tag = r.inflate(fs * 0.8, fs * 0.3)
        pygame.draw.rect(surface, colour, tag, border_radius=fs // 2)
        surface.blit(img, r)
        tags.append(tag)
    return tags
