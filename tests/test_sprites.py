"""Card art, felt and dealer button: sizes, colours, caching, errors, the preview script."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import subprocess  # noqa: E402
import sys  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from sprites import CardArt, RANKS, SUITS, dealer_button, felt, normalise_card  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def art():
    pygame.font.init()
    return CardArt(90)


@pytest.fixture(scope="module")
def art4():
    pygame.font.init()
    return CardArt(90, four_colour=True)


def pixels(surface):
    """(r, g, b, a) tuples of every pixel."""
    data = pygame.image.tobytes(surface, "RGBA")
    return [tuple(data[i:i + 4]) for i in range(0, len(data), 4)]


def count(surface, pred):
    return sum(1 for p in pixels(surface) if pred(*p))


def reddish(r, g, b, a):
    return a > 200 and r > 150 and g < 90 and b < 90


def bluish(r, g, b, a):
    return a > 200 and b > 150 and r < 90 and g < 140


def greenish(r, g, b, a):
    return a > 200 and g > 100 and r < 80 and b < 110 and g > b + 40


def ink_bbox(surface, rect, dark=200):
    """Bounding box (x0, y0, x1, y1) of non-white opaque pixels inside ``rect``."""
    xs, ys = [], []
    for y in range(rect[1], rect[1] + rect[3]):
        for x in range(rect[0], rect[0] + rect[2]):
            c = surface.get_at((x, y))
            if c.a > 200 and min(c.r, c.g, c.b) < dark:
                xs.append(x)
                ys.append(y)
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


@pytest.mark.parametrize("width", [60, 90, 140])
def test_faces_and_back_have_the_card_size(width):
    a = CardArt(width)
    assert (a.width, a.height) == (width, round(width * 1.4))
    for card in ("2S", "TH", "QD", "AC"):
        assert a.face(card).get_size() == (width, round(width * 1.4))
    assert a.back().get_size() == (width, round(width * 1.4))


def test_face_has_rounded_transparent_corners_and_opaque_body(art):
    f = art.face("7C")
    assert f.get_flags() & pygame.SRCALPHA
    assert f.get_at((0, 0)).a == 0
    assert f.get_at((art.width - 1, art.height - 1)).a == 0
    assert f.get_at((art.width // 2, 2)).a == 255
    assert f.get_at((art.width // 2, art.height // 2)).a == 255


def test_every_face_is_distinct(art):
    seen = {}
    for s in SUITS:
        for r in RANKS:
            data = pygame.image.tobytes(art.face(r + s), "RGBA")
            assert data not in seen, f"{r + s} looks exactly like {seen.get(data)}"
            seen[data] = r + s
    assert pygame.image.tobytes(art.face("2S"), "RGBA") != pygame.image.tobytes(art.face("3S"), "RGBA")
    assert pygame.image.tobytes(art.face("TH"), "RGBA") != pygame.image.tobytes(art.face("TD"), "RGBA")


def test_more_pips_means_more_ink(art):
    def ink(card):
        return count(art.face(card), lambda r, g, b, a: a > 200 and r < 100)
    spade_ink = [ink(r + "S") for r in "23456789T"]
    assert spade_ink == sorted(spade_ink), spade_ink


def test_ten_index_is_two_digits_wide(art):
    corner = (3, 3, int(art.width * 0.2), int(art.width * 0.2))     # inside the grey edge
    ten = ink_bbox(art.face("TS"), corner, dark=100)
    nine = ink_bbox(art.face("9S"), corner, dark=100)
    assert ten and nine
    assert ten[2] - ten[0] > 1.3 * (nine[2] - nine[0])


def test_bottom_index_is_the_top_index_upside_down(art):
    f = art.face("QH")
    w, h = art.size
    top = f.subsurface((0, 0, w // 4, h // 4)).copy()
    bottom = pygame.transform.rotate(f.subsurface((w - w // 4, h - h // 4, w // 4, h // 4)).copy(), 180)
    a, b = pixels(top), pixels(bottom)
    close = sum(1 for p, q in zip(a, b, strict=True) if max(abs(p[i] - q[i]) for i in range(4)) <= 40)
    assert close / len(a) > 0.95


def test_red_suits_are_red_and_black_suits_are_not(art):
    for card in ("2H", "TH", "AD", "KD", "QH", "JD"):
        assert count(art.face(card), reddish) > 30, card
    for card in ("2S", "TS", "AS", "KS", "QC", "JC", "9C"):
        assert count(art.face(card), reddish) == 0, card


def test_four_colour_inks_diamonds_blue_and_clubs_green(art, art4):
    for rank in "5TKA":
        assert count(art4.face(rank + "D"), bluish) > 30
        assert count(art4.face(rank + "D"), reddish) == 0
        assert count(art4.face(rank + "C"), greenish) > 30
        assert count(art.face(rank + "D"), bluish) == 0
        assert count(art.face(rank + "C"), greenish) == 0
    assert count(art4.face("5H"), reddish) > 30
    assert count(art4.face("5S"), reddish) + count(art4.face("5S"), greenish) == 0


def test_back_differs_from_every_face(art):
    back = pygame.image.tobytes(art.back(), "RGBA")
    for s in SUITS:
        for r in RANKS:
            assert back != pygame.image.tobytes(art.face(r + s), "RGBA")
    assert pygame.image.tobytes(art.back("blue"), "RGBA") != back
    # the back is mostly coloured, not white
    white = count(art.back(), lambda r, g, b, a: a > 200 and min(r, g, b) > 230)
    assert white < 0.35 * art.width * art.height
    with pytest.raises(ValueError):
        art.back("green")


def test_faces_are_cached_and_card_spellings_agree(art):
    assert art.face("AS") is art.face("AS")
    assert art.face("10H") is art.face("TH") is art.face("th")
    assert art.face(12) is art.face("AS")          # the rules' card int: suit * 13 + rank
    assert art.back() is art.back()
    assert normalise_card(" qd ") == "QD"


@pytest.mark.parametrize("bad", ["", "1S", "XS", "TX", "ASS", "10", "S", None, 52, -1, 3.0, True])
def test_bad_card_raises_value_error(art, bad):
    with pytest.raises(ValueError):
        art.face(bad)


@pytest.mark.parametrize("suit", list(SUITS))
def test_pips_are_solid_shapes(art, suit):
    for size in (10, 24, 64):
        p = art.pip(suit, size)
        assert p.get_size() == (size, size)
        solid = count(p, lambda r, g, b, a: a > 128)
        assert 0.25 * size * size < solid < 0.9 * size * size
    gold = art.pip(suit, 32, (230, 180, 40))
    assert count(gold, lambda r, g, b, a: a > 200 and (r, g, b) == (230, 180, 40)) > 100
    assert art.pip(suit, 32) is art.pip(suit, 32)


def test_pip_shapes_differ_and_bad_suit_raises(art):
    shapes = {pygame.image.tobytes(art.pip(s, 32, (0, 0, 0)), "RGBA") for s in SUITS}
    assert len(shapes) == 4
    for bad in ("N", "NT", "", "s1"):
        with pytest.raises(ValueError):
            art.pip(bad, 20)


def test_bad_width_raises():
    for bad in (0, 5, -90, 90.0, "90"):
        with pytest.raises(ValueError):
            CardArt(bad)


def test_all_faces_build_and_differ():
    a = CardArt(90)
    faces = [a.face(r + s) for s in SUITS for r in RANKS]
    assert len({pygame.image.tobytes(f, "RGBA") for f in faces}) == 52
    assert pygame.image.tobytes(a.back(), "RGBA") not in {pygame.image.tobytes(f, "RGBA") for f in faces}


def test_felt_size_green_deterministic():
    f = felt((1280, 720))
    assert f.get_size() == (1280, 720)
    r, g, b, _ = pygame.transform.average_color(f)
    assert g > r + 30 and g > b + 20
    sample = pixels(pygame.transform.scale(f, (128, 72)))
    green = sum(1 for r, g, b, a in sample if g > r + 10 and g > b + 5)
    assert green / len(sample) > 0.95
    # textured (not flat) and darker at the edges than the middle
    assert len(set(sample)) > 50
    centre = pygame.transform.average_color(f, (540, 260, 200, 200))
    corner = pygame.transform.average_color(f, (0, 0, 200, 200))
    assert corner[1] < centre[1] - 15
    assert pygame.image.tobytes(felt((1280, 720)), "RGB") == pygame.image.tobytes(f, "RGB")
    assert felt((33, 17)).get_size() == (33, 17)
    with pytest.raises(ValueError):
        felt((0, 10))


def test_a_kept_felt_is_handed_out_as_a_copy_and_few_are_kept():
    from sprites import table_art
    first = felt((200, 100))
    before = pygame.image.tobytes(first, "RGB")
    first.fill((255, 0, 0))                       # the caller draws on its felt
    again = felt((200, 100))
    assert again is not first and pygame.image.tobytes(again, "RGB") == before
    for w in range(50, 60):
        felt((w, 40))
    assert len(table_art._felts) <= table_art._FELTS_KEPT


def test_dealer_button_is_a_white_disc_with_a_letter():
    pygame.font.init()
    b = dealer_button(40)
    assert b.get_size() == (40, 40)
    assert b.get_at((0, 0)).a == 0
    opaque = count(b, lambda r, g, b_, a: a > 200)
    assert 0.6 * 1600 < opaque < 0.85 * 1600        # a disc covers pi/4 of its square
    white = count(b, lambda r, g, b_, a: a > 200 and min(r, g, b_) > 235)
    dark = count(b, lambda r, g, b_, a: a > 200 and max(r, g, b_) < 80)
    assert white > 400 and dark > 30


def test_preview_script_writes_a_sheet(tmp_path):
    out = tmp_path / "sheet.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "-m", "sprites.preview", str(out), "--width", "60"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    sheet = pygame.image.load(str(out))
    assert sheet.get_width() > 13 * 60 and sheet.get_height() > 5 * 84
