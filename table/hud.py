"""What the table writes on the felt: scores, seat plates, banners, panels.

Pure drawing from the scene's state (``scene.shown`` is the view as the
animation has reached it); nothing here changes the match.
"""
import math

import pygame

from .text import render, blit_text
from .rich import rich, blit_rich
from . import explain

GOLD = (255, 214, 107)
CREAM = (244, 236, 210)
DIM = (170, 190, 176)
RED = (255, 110, 96)
PANEL = (12, 30, 21, 215)
EDGE = (201, 164, 74)

_panels = {}
_buttons = {}


def panel(surface, rect, fill=PANEL, edge=EDGE, radius=12, width=2):
    """A translucent rounded panel (cached by size and colours)."""
    rect = pygame.Rect(rect)
    key = (rect.size, fill, edge, radius, width)
    img = _panels.get(key)
    if img is None:
        if len(_panels) > 80:
            _panels.clear()
        img = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(img, fill, img.get_rect(), border_radius=radius)
        if width:
            pygame.draw.rect(img, edge, img.get_rect(), width, border_radius=radius)
        _panels[key] = img
    surface.blit(img, rect)
    return rect


def side_name(scene, side):
    seats = side.split("-")
    names = [scene.session.name(s) for s in seats]
    return " & ".join(names)


def seat_side(view, seat):
    sides = list((view.get("totals") or {}).keys())
    for side in sides:
        if seat in side.split("-"):
            return side
    return seat


# -- the score board --------------------------------------------------------------------------

def draw_scoreboard(surface, scene):
    v = scene.shown
    L = scene.board.layout
    fs = max(13, round(L.H * 0.022))
    sides = list((v.get("totals") or {}).keys())
    if not sides:
        return
    game = v.get("game")
    manille = game in ("manille", "manille-muette")
    targets = v.get("targets") or {}
    tricks = v.get("tricks") or {}
    row_h = round(fs * 2.7)
    w = round(fs * 18.5)
    extra = _deal_lines(scene, v, fs, w - fs * 2) if manille else []
    h = round(fs * 2.4) + row_h * len(sides) + (round(fs * 0.5 + sum(x[2] for x in extra)) if extra else 0)
    rect = panel(surface, (L.margin, L.margin, w, h))
    x0, y = rect.x + fs, rect.y + round(fs * 0.5)
    deal = (v.get("deal") or 0) + 1 if v.get("phase") != "waiting" else len(v.get("scores") or []) + 1
    opts = v.get("options") or {}
    limit = opts.get("max_deals")
    blit_text(surface, f"DEAL {deal}" + (f" of {limit}" if limit else ""), fs, (x0, y), GOLD, bold=True)
    blit_text(surface, f"match to {opts.get('target')}", fs * 0.85, (rect.right - fs, y + 2), DIM,
              anchor="topright")
    y += round(fs * 1.8)
    mine = seat_side(v, scene.viewer)
    playing = v.get("phase") in ("play", "done")
    for side in sides:
        total = v["totals"][side]
        name = side_name(scene, side)
        colour = GOLD if side == mine else CREAM
        blit_text(surface, name, fs, (x0, y), colour, bold=True)
        blit_text(surface, str(total), fs * 1.6, (rect.right - fs, y - fs * 0.25), colour,
                  bold=True, anchor="topright")
        t = targets.get(side)
        won = tricks.get(side, 0)
        yy = y + round(fs * 1.35)
        if t is not None:
            blit_text(surface, f"target {t}", fs * 0.82, (x0, yy), DIM)
            _trick_boxes(surface, x0 + fs * 5.2, yy + fs * 0.15, fs * 0.72, t, won)
        elif manille:
            pts = (v.get("points") or {}).get(side, 0)
            blit_text(surface, f"card points {pts}  ·  tricks {won}", fs * 0.82, (x0, yy), DIM)
        elif game == "manni":
            line = f"tricks {won}"
            if playing:
                line += f"  ·  this deal {signed(won - 4)}"
            blit_text(surface, line, fs * 0.82, (x0, yy), DIM)
        else:
            calls = v.get("calls")
            if calls is not None:
                said = []
                for s in side.split("-"):
                    if s == v.get("dealer"):
                        said.append("dealer")
                    else:
                        said.append(str(calls[s]) if s in calls else "?")
                blit_text(surface, "calls " + " + ".join(said), fs * 0.82, (x0, yy), DIM)
            else:
                blit_text(surface, f"tricks {won}", fs * 0.82, (x0, yy), DIM)
        y += row_h
    if extra:
        pygame.draw.line(surface, (90, 110, 90), (x0, y - fs * 0.2), (rect.right - fs, y - fs * 0.2), 1)
        y += round(fs * 0.3)
        for text, colour, height, size in extra:
            blit_rich(surface, text, size, (x0, y), colour, bold=colour is GOLD)
            y += height


def _deal_lines(scene, v, fs, width):
    """Manille games: the trump, every factor in force, and the deal's score worked out.

    (text, colour, line height, font size) rows for the score panel.
    """
    rows = []
    small = fs * 0.82
    trump = v.get("trump")
    who = v.get("namer")
    line = f"Trump: {explain.trump_words(trump)}"
    if trump and v.get("blind"):
        line += " (blind)"
    if trump and who and who != v.get("dealer"):
        line += f", named by {scene.session.name(who)}"
    rows.append((line, CREAM, round(fs * 1.35), small))
    factors = explain.factors_in_force(v)
    if not trump and v.get("tie_pending"):
        factors = [explain.factor_text("tie", 2)]
    if factors:
        for part in _wrap(["factors: " + "  ·  ".join(factors)], small, width):
            rows.append((part, GOLD, round(fs * 1.3), small))
    elif v.get("phase") == "play" or v.get("outcome") == "complete":
        rows.append(("no factor: the excess over 30 counts once", DIM, round(fs * 1.3), small))
    work = explain.score_workings(v) if v.get("phase") == "done" else None
    if work:
        for part in _wrap(work.split(", "), small, width, sep=", "):
            rows.append((part, GOLD, round(fs * 1.3), small))
    return rows


def _wrap(parts, size, width, sep=", "):
    """Join ``parts`` into lines no wider than ``width`` (rich text measured)."""
    lines = []
    cur = ""
    for p in parts:
        cand = p if not cur else cur + sep + p
        if cur and rich(cand, size).get_width() > width:
            lines.append(cur + sep.rstrip())
            cur = p
        else:
            cur = cand
    if cur:
        lines.append(cur)
    return lines


def _trick_boxes(surface, x, y, size, target, won):
    """One box per trick of the target; filled as tricks are won; red past the target."""
    n = max(target, won)
    size = int(size)
    gap = max(2, size // 4)
    for i in range(min(n, 14)):
        r = pygame.Rect(round(x + i * (size + gap)), round(y), size, size)
        if i < won:
            colour = RED if i >= target else GOLD
            pygame.draw.rect(surface, colour, r, border_radius=3)
        else:
            pygame.draw.rect(surface, (120, 140, 126), r, 1, border_radius=3)
    if target == 0 and won == 0:
        blit_text(surface, "none", size, (x, y - size * 0.1), DIM)


# -- seats ------------------------------------------------------------------------------------

def draw_plates(surface, scene):
    v = scene.shown
    b = scene.board
    L = b.layout
    fs = max(12, round(L.H * 0.021))
    turn = v.get("turn")
    calls = v.get("calls") or {}
    won = v.get("won") or {}
    for seat in scene.seats:
        place = b.place(seat)
        x, y, anchor = L.plate_pos(place)
        name = scene.session.name(seat)
        ctl = scene.session.controllers.get(seat)
        lines = [name if seat != scene.viewer or scene.hotseat else f"{name}"]
        sub = []
        if seat in calls:
            sub.append(f"call {calls[seat]}")
        elif v.get("phase") == "call" and seat != v.get("dealer"):
            sub.append("call …" if seat == turn else "call —")
        if v.get("phase") not in ("call", "decide", "waiting", None):
            sub.append(f"won {won.get(seat, 0)}")
        if ctl is not None and ctl.kind == "bot":
            sub.append("bot")
        sub_text = "  ·  ".join(sub)
        n1 = render(lines[0], fs, GOLD if seat == turn else CREAM, bold=True)
        n2 = render(sub_text, round(fs * 0.8), DIM) if sub_text else None
        w = max(n1.get_width(), n2.get_width() if n2 else 0) + fs * 1.6
        h = n1.get_height() + (n2.get_height() if n2 else 0) + fs * 0.6
        rect = pygame.Rect(0, 0, round(w), round(h))
        setattr(rect, anchor, (round(x), round(y)))
        if seat == turn:
            pulse = 0.5 + 0.5 * math.sin(scene.clock * 5.0) if scene.moving else 0.6
            glow = rect.inflate(8, 8)
            pygame.draw.rect(surface, (255, 214, 107), glow, 3 + round(pulse * 2), border_radius=14)
        panel(surface, rect, fill=(12, 30, 21, 225), edge=GOLD if seat == turn else EDGE, radius=11)
        surface.blit(n1, (rect.x + fs * 0.8, rect.y + fs * 0.25))
        if n2:
            surface.blit(n2, (rect.x + fs * 0.8, rect.y + fs * 0.25 + n1.get_height()))
        if seat == v.get("dealer"):
            btn = scene.dealer_button(round(fs * 1.9))
            if place in ("right",):
                pos = btn.get_rect(midright=(rect.left - 6, rect.centery))
            else:
                pos = btn.get_rect(midleft=(rect.right + 6, rect.centery))
            surface.blit(btn, pos)
        if seat == turn and ctl is not None and ctl.kind == "bot" and scene.bot_thinking(seat):
            dots = "." * (1 + int(scene.clock * 3) % 3)
            blit_text(surface, dots, fs * 1.4, (rect.centerx, rect.bottom - 2), GOLD, bold=True,
                      anchor="midtop")
        bubble = scene.announces.get(seat)
        if bubble:
            _bubble(surface, scene, seat, bubble, fs)


def _bubble(surface, scene, seat, bubble, fs):
    text, age = bubble
    L = scene.board.layout
    place = scene.board.place(seat)
    ax, ay = L.anchor[place]
    cx, cy = L.center
    x = ax + (cx - ax) * 0.32
    y = ay + (cy - ay) * 0.32
    pop = min(1.0, age / 0.15)
    size = round(fs * (1.1 + 0.25 * (1 - pop)))
    img = rich(text, size, (30, 24, 10), bold=True, on_light=True)
    r = img.get_rect(center=(round(x), round(y)))
    pygame.draw.rect(surface, (255, 236, 170), r.inflate(fs * 1.4, fs * 0.7), border_radius=fs)
    pygame.draw.rect(surface, (150, 110, 30), r.inflate(fs * 1.4, fs * 0.7), 2, border_radius=fs)
    surface.blit(img, r)


def draw_trump(surface, scene):
    """The trump badge under the buttons: TRUMP, a gap, the suit (or 'No trump').

    Manni shows the two of trump itself and the trump cycle under it.
    """
    v = scene.shown
    trump = v.get("trump")
    if not trump or v.get("phase") == "waiting":
        return
    L = scene.board.layout
    fs = max(12, round(L.H * 0.021))
    label = render("TRUMP", round(fs * 0.85), GOLD, bold=True)
    pad = round(fs * 0.75)
    gap = round(fs * 0.9)
    manni = bool(v.get("trump_card"))
    if trump == "NT":
        word = render("No trump", fs, CREAM, bold=True)
        content_w, content_h = word.get_width(), word.get_height()
    elif manni:
        cw = round(fs * 2.5)
        content_w, content_h = cw, round(cw * 1.4)
    else:
        d = round(fs * 1.9)
        content_w = content_h = d
    h = max(round(fs * 2.6), content_h + pad)
    w = pad + label.get_width() + gap + content_w + pad
    cycle_h = round(fs * 1.9) if manni else 0
    if manni:
        csize = round(fs * 1.05)
        cstep = round(csize * 1.55)
        clabel = render("cycle", round(fs * 0.7), DIM)
        w = max(w, pad + clabel.get_width() + gap + cstep * 3 + csize + pad)
    rect = pygame.Rect(0, 0, w, h + cycle_h)
    rect.topright = (L.W - L.margin, L.margin + round(fs * 2.8))
    age = scene.trump_flash
    if age is not None and age < 0.6:
        glow = rect.inflate(round(16 * (1 - age / 0.6)) + 4, round(16 * (1 - age / 0.6)) + 4)
        pygame.draw.rect(surface, GOLD, glow, 3, border_radius=14)
    panel(surface, rect, radius=10)
    cy = rect.y + h // 2
    surface.blit(label, label.get_rect(midleft=(rect.x + pad, cy)))
    cx = rect.right - pad - content_w // 2
    if trump == "NT":
        surface.blit(word, word.get_rect(center=(cx, cy)))
    elif manni:
        img = scene.board.images.get(v["trump_card"], True, content_w, 0)
        surface.blit(img, img.get_rect(center=(cx, cy)))
    else:
        pygame.draw.circle(surface, (250, 248, 240), (cx, cy), content_w / 2)
        pip = scene.pip(trump, round(content_w * 0.6))
        surface.blit(pip, pip.get_rect(center=(cx, cy)))
    if manni:
        cycle = explain.manni_cycle()
        y = rect.y + h + cycle_h // 2 - 2
        surface.blit(clabel, clabel.get_rect(midleft=(rect.x + pad, y)))
        x = rect.right - pad - cstep * (len(cycle) - 1) - csize // 2
        for k, suit in enumerate(cycle):
            c = (x + k * cstep, y)
            if suit == trump:
                pygame.draw.circle(surface, (250, 248, 240), c, csize * 0.8)
                pygame.draw.circle(surface, GOLD, c, csize * 0.8, 2)
                pip = scene.pip(suit, csize)
            else:
                from .rich import pip_surface, SUIT_INK_DARK
                ink = tuple(round(x * 0.6) for x in SUIT_INK_DARK[suit])
                pip = pip_surface(suit, round(csize * 0.8), ink)
            surface.blit(pip, pip.get_rect(center=c))


def signed(n):
    """+1, 0, −4 (a true minus sign)."""
    return f"+{n}" if n > 0 else "0" if n == 0 else f"−{-n}"


signed_text = signed


def _knuckles(size):
    """A fist knocking, seen from the player's side: curled fingers over the back of the hand."""
    key = ("fist", size)
    img = _bands.get(key)
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
        _bands[key] = img
    return img


def draw_ripples(surface, scene):
    """Rings on the felt where a player tapped the table, and the knuckles lifting off."""
    L = scene.board.layout
    for x, y, strength, age in scene.ripples:
        if age < 0.3:
            fist = _knuckles(round(L.cw * 0.62))
            f = fist.copy()
            f.set_alpha(round(255 * min(1.0, (0.3 - age) / 0.15)))
            surface.blit(f, f.get_rect(midbottom=(round(x), round(y - age * 90))))
    for x, y, strength, age in scene.ripples:
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


def draw_manni_label(surface, scene):
    """Manni: the pile in the middle says what it is."""
    b = scene.board
    if not b.widow or any(b.sprites.get(k) is None or b.sprites[k].motion for k in b.widow):
        return
    L = b.layout
    fs = max(11, round(L.H * 0.019))
    x, y = L.widow_spot
    swapper = scene.shown.get("swapper")
    who = scene.session.name(swapper) if swapper else None
    text = "the Manni" if not swapper else ("your old hand, out of play" if who == "You"
                                            else f"{who}'s old hand, out of play")
    blit_text(surface, text, fs, (x, y + L.ww * 0.7 + 6), CREAM, bold=True, anchor="midtop", shadow=True)
    if swapper is None and scene.shown.get("phase") == "swap":
        blit_text(surface, "12 cards, face down", fs * 0.85, (x, y + L.ww * 0.7 + 6 + fs * 1.3), DIM,
                  anchor="midtop", shadow=True)


def draw_badges(surface, scene):
    """SLAM / DROP written beside a court card that carried a signal."""
    b = scene.board
    fs = max(11, round(b.layout.H * 0.018))
    off = b.offset()
    for k in b.court:
        sp = b.sprites.get(k)
        if sp is None or not sp.badge:
            continue
        colour = (255, 120, 90) if sp.badge == "slam" else (140, 200, 255)
        img = render(sp.badge.upper(), fs, (20, 16, 8), bold=True)
        r = img.get_rect(center=(round(sp.x + off[0]), round(sp.y + off[1] + b.layout.ch * 0.5 + fs * 0.2)))
        pygame.draw.rect(surface, colour, r.inflate(fs * 0.8, fs * 0.3), border_radius=fs // 2)
        surface.blit(img, r)


_bands = {}


def _band(size, alpha):
    key = (size, alpha)
    img = _bands.get(key)
    if img is None:
        if len(_bands) > 40:
            _bands.clear()
        img = _bands[key] = pygame.Surface(size, pygame.SRCALPHA)
        img.fill((6, 16, 11, alpha))
    return img


def draw_banner(surface, scene):
    if not scene.banners:
        return
    L = scene.board.layout
    text, sub, left, total, age = scene.banners[-1]
    fade = min(1.0, age / 0.2, max(0.0, left) / 0.3)
    if fade <= 0:
        return
    fs = max(18, round(L.H * 0.05))
    img = render(text, fs, GOLD, bold=True, shadow=True)
    sub_img = render(sub, round(fs * 0.45), CREAM) if sub else None
    h = img.get_height() + (sub_img.get_height() if sub_img else 0) + fs * 0.6
    band = _band((L.W, round(h)), round(190 * fade / 8) * 8)
    cy = L.center[1] - L.ch * 0.78
    y0 = round(cy - h / 2)
    surface.blit(band, (0, y0))
    a = img.copy()
    a.set_alpha(round(255 * fade))
    surface.blit(a, a.get_rect(midtop=(L.W // 2, y0 + fs * 0.25)))
    if sub_img:
        s = sub_img.copy()
        s.set_alpha(round(255 * fade))
        surface.blit(s, s.get_rect(midtop=(L.W // 2, y0 + fs * 0.25 + img.get_height())))


def draw_prompt(surface, scene, text, why=None):
    """The line above the hand (and, when cards are dimmed, why: rich text with pips)."""
    if not text:
        return
    L = scene.board.layout
    fs = max(13, round(L.H * 0.024))
    y = L.anchor["bottom"][1] - L.ch * 0.5 - L.ch * 0.3 - fs
    if why:
        y -= fs * 0.7
    img = render(text, fs, CREAM, bold=True, shadow=True)
    r = img.get_rect(center=(L.W // 2, round(y)))
    box = r
    sub = None
    if why:
        sub = rich(why, round(fs * 0.9), GOLD, bold=True)
        sr = sub.get_rect(midtop=(L.W // 2, r.bottom + 2))
        box = r.union(sr)
    panel(surface, box.inflate(fs * 1.4, fs * 0.6), fill=(8, 22, 15, 190), edge=(0, 0, 0, 0), radius=fs,
          width=0)
    surface.blit(img, r)
    if sub is not None:
        surface.blit(sub, sr)


# -- panels over the table ----------------------------------------------------------------------

OVERLAY = (10, 26, 18, 246)


def draw_cards_panel(surface, scene, title, cards, labels=None, mark=None, subtitle=None):
    """A panel with a row of faces (last trick, the hand I passed)."""
    L = scene.board.layout
    imgs = scene.board.images
    fs = max(13, round(L.H * 0.024))
    w = round(imgs.width * 0.8)
    gap = round(w * (0.18 if labels else -0.35))
    n = len(cards)
    width = max(n * w + (n - 1) * gap + fs * 2, fs * 16)
    height = round(w * 1.4 + fs * 4.2 + (fs * 1.3 if labels else 0))
    rect = pygame.Rect(0, 0, round(width), height)
    rect.center = (L.W // 2, round(L.center[1]))
    panel(surface, rect, fill=OVERLAY)
    blit_text(surface, title, fs, (rect.centerx, rect.y + fs * 0.5), GOLD, bold=True, anchor="midtop")
    x = rect.centerx - (n * w + (n - 1) * gap) / 2
    y = rect.y + fs * 2.2
    for i, c in enumerate(cards):
        img = imgs.get(c, True, w, 0)
        r = img.get_rect(topleft=(round(x + i * (w + gap)), round(y)))
        surface.blit(img, r)
        if mark is not None and i == mark:
            pygame.draw.rect(surface, GOLD, r.inflate(6, 6), 3, border_radius=6)
        if labels:
            blit_text(surface, labels[i], fs * 0.75, (r.centerx, r.bottom + 4), CREAM, anchor="midtop")
    foot = subtitle or "click anywhere to close"
    blit_text(surface, foot, fs * 0.75, (rect.centerx, rect.bottom - fs * 0.6), DIM, anchor="midbottom")
    return rect


def history_rows(scene):
    """One dict per finished deal: deal, dealer, targets, tricks, points, trump, score,
    running totals and outcome."""
    rows = []
    running = None
    for i, s in enumerate(scene.session.summaries()):
        score = s.get("score") or {}
        running = dict(score) if running is None else {k: running.get(k, 0) + v for k, v in score.items()}
        rows.append({"deal": i + 1, "dealer": s.get("dealer"), "targets": s.get("targets"),
                     "tricks": s.get("tricks"), "points": s.get("points"), "trump": s.get("trump"),
                     "score": score, "totals": dict(running), "outcome": s.get("outcome")})
    return rows


OUTCOME_MARKS = {"over": ("over", RED), "misdeal": ("void", RED), "tie": ("30 – 30", GOLD)}


def draw_history(surface, scene, rect, title="Deal history", latest=None, reserve=3.2, note=None):
    """The deals so far in a table: targets or points or tricks, score and running totals."""
    L = scene.board.layout
    fs = max(12, round(L.H * 0.022))
    panel(surface, rect, fill=OVERLAY)
    sides = list(scene.shown.get("totals") or {})
    blit_text(surface, title, fs * 1.2, (rect.centerx, rect.y + fs * 0.6), GOLD, bold=True, anchor="midtop")
    y = rect.y + fs * 2.6
    if note:
        blit_rich(surface, note, fs * 0.95, (rect.centerx, y - fs * 0.4), CREAM, bold=True, anchor="midtop")
        y += fs * 1.5
    cols = [rect.x + fs, rect.x + fs * 4.5]
    colw = (rect.width - fs * 9) / max(1, len(sides))
    for j, side in enumerate(sides):
        blit_text(surface, side_name(scene, side), fs * 0.85, (cols[1] + j * colw, y), GOLD, bold=True)
    blit_text(surface, "deal", fs * 0.85, (cols[0], y), GOLD, bold=True)
    y += fs * 1.5
    rows = history_rows(scene)
    max_rows = max(1, int((rect.bottom - y - fs * reserve) // (fs * 1.35)))
    signed = scene.shown.get("game") == "manni"
    for row in rows[-max_rows:]:
        colour = GOLD if row["deal"] == latest else CREAM
        trump = row["trump"]
        label = f"{row['deal']}"
        if trump:
            label += "  " + ("NT" if trump == "NT" else f"{{{trump}}}")
        blit_rich(surface, label, fs * 0.9, (cols[0], y), colour, bold=True)
        for j, side in enumerate(sides):
            t = (row["targets"] or {}).get(side)
            won = (row["tricks"] or {}).get(side)
            pts = (row["points"] or {}).get(side)
            sc = row["score"].get(side, 0)
            parts = []
            if t is not None:
                parts.append(f"{won}/{t}")
            elif pts is not None:
                parts.append(f"{pts} pts")
            elif won is not None:
                parts.append(f"{won} tr")
            parts.append(signed_text(sc) if signed else f"+{sc}")
            parts.append(f"= {row['totals'].get(side, 0)}")
            blit_text(surface, "   ".join(parts), fs * 0.9, (cols[1] + j * colw, y), colour)
        mark = OUTCOME_MARKS.get(row["outcome"])
        if mark:
            blit_text(surface, mark[0], fs * 0.75, (rect.right - fs, y + 2), mark[1], anchor="topright")
        y += fs * 1.35
    if not rows:
        blit_text(surface, "no deal finished yet", fs * 0.9, (rect.centerx, y), DIM, anchor="midtop")
