"""One source of suit colours: the pips drawn in text (prompts, the HUD, the Manni
trump cycle) take the same inks as the card faces, two-colour or four-colour."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402
import pytest  # noqa: E402

from sprites import CardArt, suit_colour, suit_ink  # noqa: E402
from table import rich  # noqa: E402


@pytest.fixture(autouse=True)
def _two_colours_after():
    pygame.font.init()
    yield
    rich.set_four_colour(False)


def inks(surface):
    """Counts of clearly red, blue, green and cream opaque pixels."""
    data = pygame.image.tobytes(surface, "RGBA")
    n = {"red": 0, "blue": 0, "green": 0, "cream": 0}
    for i in range(0, len(data), 4):
        r, g, b, a = data[i:i + 4]
        if a < 200:
            continue
        if r > 150 and g < 140 and b < 130 and r > b + 60:
            n["red"] += 1
        elif b > 150 and b > r + 60 and b > g + 30:
            n["blue"] += 1
        elif g > 120 and g > r + 50 and g > b + 40:
            n["green"] += 1
        elif min(r, g, b) > 190:
            n["cream"] += 1
    return n


def test_a_diamond_in_rich_text_is_blue_with_four_colours_and_red_with_two():
    rich.set_four_colour(False)
    two = inks(rich.rich("Lead a {D}", 40))
    rich.set_four_colour(True)
    four = inks(rich.rich("Lead a {D}", 40))
    assert two["red"] > 60 and two["blue"] == 0
    assert four["blue"] > 60 and four["red"] == 0


def test_a_club_in_rich_text_is_green_with_four_colours_on_dark_and_light_panels():
    for on_light in (False, True):
        rich.set_four_colour(False)
        two = inks(rich.rich("{C}", 40, on_light=on_light))
        rich.set_four_colour(True)
        four = inks(rich.rich("{C}", 40, on_light=on_light))
        assert two["green"] == 0
        assert four["green"] > 60, on_light


def test_hearts_and_spades_keep_their_inks_in_both_decks():
    for four_colour in (False, True):
        rich.set_four_colour(four_colour)
        hearts = inks(rich.rich("{H}", 40))
        spades = inks(rich.rich("{S}", 40))
        assert hearts["red"] > 60 and hearts["blue"] == hearts["green"] == 0
        assert spades["cream"] > 60 and spades["red"] == spades["blue"] == spades["green"] == 0


def test_the_hud_tables_follow_the_setting():
    # hud.py reads SUIT_INK_DARK[suit] for the Manni trump cycle
    rich.set_four_colour(False)
    assert rich.SUIT_INK_DARK["D"] == rich.SUIT_INK_DARK["H"]
    rich.set_four_colour(True)
    r, g, b = rich.SUIT_INK_DARK["D"]
    assert b > r + 60
    assert dict(rich.SUIT_INK_LIGHT) == {s: suit_ink(s, True, on_light=True) for s in "SHDC"}
    with pytest.raises(KeyError):
        rich.SUIT_INK_DARK["N"]


def test_text_inks_share_the_card_faces_hues():
    for four_colour in (False, True):
        for s in "SHDC":
            card = suit_colour(s, four_colour)
            light = suit_ink(s, four_colour, on_light=True)
            dark = suit_ink(s, four_colour, on_light=False)
            # on a light panel: the card's own ink (within a few steps)
            assert max(abs(a - b) for a, b in zip(card, light, strict=True)) <= 6
            # on a dark panel: the same dominant channel, lightened (black suits become cream)
            if max(card) - min(card) > 60:
                assert dark.index(max(dark)) == card.index(max(card))
                assert sum(dark) > sum(card)
    art4 = CardArt(60, four_colour=True)
    assert art4.colours["D"] == suit_colour("D", True)


def test_pips_from_card_art_follow_its_deck():
    def counts(art):
        return inks(art.pip("D", 40)), inks(art.pip("C", 40))
    (d2, c2), (d4, c4) = counts(CardArt(60)), counts(CardArt(60, four_colour=True))
    assert d2["red"] > 100 and d4["blue"] > 100 and d4["red"] == 0
    assert c2["green"] == 0 and c4["green"] > 100


def test_an_arrow_in_rich_text_runs_through_the_middle_of_the_small_letters():
    """"tap ×2 -> 52": the arrow stands between the words, not below their line."""
    img = rich.rich("xx -> xx", 40)
    w, h = img.get_size()
    ink = [[y for y in range(h) if img.get_at((x, y)).a > 128] for x in range(w)]
    runs, start = [], None
    for x in range(w + 1):
        if x < w and ink[x] and start is None:
            start = x
        elif (x == w or not ink[x]) and start is not None:
            runs.append((start, x))
            start = None
    assert len(runs) == 5                       # x, x, the arrow, x, x
    def middle(run):
        ys = [y for x in range(*run) for y in ink[x]]
        return (min(ys) + max(ys)) / 2
    letters = middle(runs[0])
    assert abs(middle(runs[2]) - letters) <= 2, (middle(runs[2]), letters)
