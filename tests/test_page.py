"""The HTML page of a whole game (``dlrules show --html``, docs/render.md):
each distinct piece of SVG is stored once, and every position still shows
exactly the picture ``dlrules.display.svg.position`` draws for it; the page stays
small, offline, and safe from text that would close its script."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browserkit import chromium, needs_chromium
from hypothesis import given, settings
from hypothesis import strategies as st
from pngcheck import colour_count

from dlrules.apps.cli.main import main
from dlrules.core.engine import apply
from dlrules.display.page import RUN, Frame, game_page, pack, read_page, unpack
from dlrules.records import read_record, start_state
from dlrules.display.svg import position

RECORD = Path(__file__).parent / "fixtures" / "whole-game-4p-seed1.jsonl"


def _pictures(seat: int | None, upto: int | None = None) -> list[str]:
    """``svg.position`` of every position of the fixture's game (the first ``upto`` moves)."""
    record = read_record(RECORD)
    state = start_state(record.header)
    pictures = [position(state, seat)]
    for rm in record.moves[:upto]:
        state = apply(state, rm.move)
        pictures.append(position(state, seat))
    return pictures


def test_every_position_of_a_whole_4_player_game_reads_back_exactly_as_drawn() -> None:
    """The page's data, read as its script reads it, gives for each of the
    358 positions the very text ``svg.position`` wrote; the page is a fiftieth
    of the pictures' size (17 MB of SVG)."""
    pictures = _pictures(None)
    frames = [Frame(svg, f"position {i}") for i, svg in enumerate(pictures)]
    html = game_page(frames, title="a whole game")
    assert len(pictures) == 358 and sum(map(len, pictures)) > 15_000_000
    assert read_page(html) == frames
    assert len(html.encode("utf-8")) < 1_000_000  # about 0.3 MB (docs/render.md)


def test_a_seats_page_reads_back_exactly_as_that_seat_is_shown() -> None:
    """Player 3's pictures (other players' trap cards face down) read back the same, through the command."""
    pictures = _pictures(2, upto=150)
    assert read_page(game_page([Frame(svg, "") for svg in pictures], title="P3")) == [Frame(svg, "") for svg in pictures]


def test_the_commands_page_holds_the_record_positions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "game.html"
    assert main(["show", str(RECORD), "--html", str(page), "--seat", "2"]) == 0
    assert "358 positions (0 to 357)" in capsys.readouterr().out
    shown = read_page(page.read_text(encoding="utf-8"))
    assert [f.svg for f in shown[:40]] == _pictures(1, upto=39)
    assert shown[1].caption.startswith("Move 1: ") and "The game is over" in shown[-1].caption


@pytest.mark.parametrize(
    "texts",
    [
        [""],
        ["no tags at all", "no tags at all"],
        ["<svg><g>a</g></svg>", "<svg><g>b</g></svg>", "<svg><g>a</g></svg>"],
        ["</g>stray end tags</svg><g>", "<g><g><g>left open"],
        ["<svg><!-- a comment --><?pi?><title>x &lt; y</title><rect x='1'/>tail</svg>"],
        ["<svg>" + "".join(f"<text>{i}</text>" for i in range(RUN**3 + 5)) + "</svg>"],  # runs of runs of runs
        ["<svg><text>Angriff ◀ 😀</text><>< >></svg>"],
    ],
)
def test_packing_loses_nothing_whatever_the_text(texts: list[str]) -> None:
    parts, roots = pack(texts)
    assert [unpack(parts, r) for r in roots] == texts
    assert len(set(map(str, parts))) == len(parts)  # each part stored once


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="<>/!ag '\"=x", max_size=40), min_size=1, max_size=5))
def test_packing_any_text_and_reading_the_page_back_gives_it_unchanged(texts: list[str]) -> None:
    parts, roots = pack(texts)
    assert [unpack(parts, r) for r in roots] == texts
    frames = [Frame(t, t[::-1]) for t in texts]
    assert read_page(game_page(frames, title="t")) == frames


def test_repeated_pictures_are_stored_once() -> None:
    """A position drawn again costs one number; a change in one dungeon stores that dungeon's changed pieces only."""
    pictures = _pictures(None, upto=20)
    parts, roots = pack(pictures)
    again, again_roots = pack(pictures + pictures)
    assert again == parts and again_roots == roots + roots
    stored = sum(len(p) for p in parts if isinstance(p, str))
    assert stored < sum(map(len, pictures)) / 10


HOSTILE = "</script><script>document.title='injected'</script><!--<script>"


def test_text_that_would_close_the_script_stays_inside_it() -> None:
    """Neither ``</`` nor ``<!--`` appears in the page's data (the HTML parser
    would end the script there, or treat the rest as escaped script text)."""
    frames = [Frame(f"<svg><text>{HOSTILE}</text></svg>", HOSTILE), Frame("<svg/>", "second")]
    html = game_page(frames, title=HOSTILE)
    data = html[html.index("id='frames'>") : html.index("</script>")]
    assert "</" not in data and "<!--" not in data and html.count("</script>") == 2
    assert read_page(html) == frames


def _chromium() -> Any:
    return chromium(1300, 1000)


# The picture shown equals what the browser makes of the expected SVG text.
_SAME = """
var d = document.createElement('div'); d.innerHTML = arguments[0];
return d.innerHTML === document.getElementById('picture').innerHTML;
"""
_GO = """
var s = document.getElementById('slider'); s.value = String(arguments[0]);
s.dispatchEvent(new Event('input'));
return document.body.getAttribute('data-position');
"""


@needs_chromium
def test_stepping_through_the_whole_game_in_chromium_shows_each_positions_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    page = tmp_path / "game.html"
    assert main(["show", str(RECORD), "--html", str(page), "--at", "3"]) == 0
    capsys.readouterr()
    pictures = _pictures(None)
    driver = _chromium()
    try:
        driver.get(page.as_uri())
        body = driver.find_element(By.TAG_NAME, "body")
        assert body.get_attribute("data-position") == "3" and driver.execute_script(_SAME, pictures[3])
        for i in (4, 5, 6):
            driver.find_element(By.ID, "next").click()
            assert body.get_attribute("data-position") == str(i) and driver.execute_script(_SAME, pictures[i])
        body.send_keys(Keys.ARROW_LEFT)
        assert body.get_attribute("data-position") == "5" and driver.execute_script(_SAME, pictures[5])
        for i in [*range(0, len(pictures), 25), len(pictures) - 1]:
            assert driver.execute_script(_GO, i) == str(i)
            assert driver.execute_script(_SAME, pictures[i]), f"position {i}"
        assert not driver.execute_script(_SAME, pictures[0])  # the check can fail
        assert "Player 2 wins" in driver.find_element(By.ID, "caption").text
        assert colour_count(driver.get_screenshot_as_png(), step=5) > 20
    finally:
        driver.quit()


@needs_chromium
def test_hostile_text_is_shown_as_text_in_chromium(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    page = tmp_path / "hostile.html"
    frames = [Frame("<svg xmlns='http://www.w3.org/2000/svg'><text>one</text></svg>", HOSTILE), Frame("<svg xmlns='http://www.w3.org/2000/svg'><text>two</text></svg>", "second")]
    page.write_text(game_page(frames, title="hostile"), encoding="utf-8")
    driver = _chromium()
    try:
        driver.get(page.as_uri())
        assert driver.title == "hostile"  # no injected script ran
        assert driver.find_element(By.ID, "caption").text == HOSTILE
        driver.find_element(By.ID, "next").click()
        assert driver.find_element(By.ID, "caption").text == "second"
        assert driver.execute_script(_SAME, frames[1].svg)
    finally:
        driver.quit()
