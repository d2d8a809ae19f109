"""The end of the game on the picture (issue 22 item 4): the game-over SVG
shows the score sheet, the titles and the winners instead of an empty combat
panel; the HTML page's last frame is that picture with a caption saying who
won. Golden files: ``tests/fixtures/golden/`` (reviewed by eye as PNG with
rsvg-convert and, where installed, in headless Chromium; rewrite with
``DLRULES_WRITE_GOLDEN=1`` after a deliberate change and review the diff)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from browserkit import chromium, needs_chromium

from dlrules.display import svg
from dlrules.apps.cli.main import main
from dlrules.display.page import read_page
from dlrules.records import read_record, replay
from pngcheck import colour_count

FIXTURES = Path(__file__).parent / "fixtures"
RECORD = FIXTURES / "whole-game-4p-seed1.jsonl"
GOLDEN = FIXTURES / "golden"
RSVG = shutil.which("rsvg-convert")
NS = "{http://www.w3.org/2000/svg}"


def _golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("DLRULES_WRITE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} differs (DLRULES_WRITE_GOLDEN=1 rewrites it; review the diff)"


def _final() -> str:
    return svg.position(replay(read_record(RECORD)).state)


def _texts(picture: str, css: str) -> list[str]:
    root = ET.fromstring(picture)
    return ["".join(t.itertext()) for t in root.iter(f"{NS}text") if css in (t.get("class") or "").split()]


def test_the_game_over_picture_shows_the_score_sheet_titles_and_winners() -> None:
    picture = _final()
    assert _texts(picture, "final-scores") == ["Final scores"]
    rows = _texts(picture, "score-row")
    assert rows[0].split() == ["Player", "1", "Player", "2", "Player", "3", "Player", "4"]
    assert any(r.startswith("SCO-8d Monster Lord") and r.split()[-3] == "+3" for r in rows)  # a title and its holder
    assert rows[-2].split()[-4:] == ["-13", "-5", "-22", "-10"] and rows[-2].startswith("Total")
    assert _texts(picture, "winners") == ["Player 2 wins with -5 points."]
    assert not _texts(picture, "combat-round")  # no empty "combat over" panel
    assert _texts(picture, "to-move") == ["The game is over"]
    _golden("gameover-4p-seed1.svg", picture)


def test_the_game_pages_last_frame_is_the_score_picture_with_the_winner(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "game.html"
    assert main(["show", str(RECORD), "--html", str(page), "--at", "357"]) == 0
    capsys.readouterr()
    html = page.read_text(encoding="utf-8")
    shown = read_page(html)
    assert len(shown) == 358
    assert "Final scores" in shown[-1].svg and "Player 2 wins with -5 points." in shown[-1].svg
    captions = re.findall(r"Move 357: [^\"<]*", html)
    assert captions, "the last caption"
    _golden("gameover-4p-seed1-caption.txt", captions[0] + "\n")


@pytest.mark.skipif(RSVG is None, reason="rsvg-convert (Debian librsvg2-bin) is not installed; .ci/run installs it")
def test_a_real_renderer_draws_the_score_picture(tmp_path: Path) -> None:
    source = tmp_path / "end.svg"
    source.write_text(_final(), encoding="utf-8")
    out = tmp_path / "end.png"
    done = subprocess.run([str(RSVG), "--width", "600", str(source), "-o", str(out)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stderr, done.stderr
    assert colour_count(out.read_bytes()) > 20


@needs_chromium
def test_the_game_over_page_in_headless_chromium(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from selenium.webdriver.common.by import By

    page = tmp_path / "game.html"
    assert main(["show", str(RECORD), "--html", str(page), "--at", "357"]) == 0
    capsys.readouterr()
    driver = chromium(1300, 1300)
    try:
        driver.get(page.as_uri())
        assert driver.find_element(By.TAG_NAME, "body").get_attribute("data-position") == "357"
        assert "Player 2 wins with -5 points" in driver.find_element(By.ID, "caption").text
        assert "Final scores" in str(driver.find_element(By.ID, "picture").get_attribute("innerHTML"))
        shot = driver.get_screenshot_as_png()
        if os.environ.get("DLRULES_SCREENSHOTS"):
            (Path(__file__).parent.parent / "docs" / "pictures" / "game-over.png").write_bytes(shot)
        assert colour_count(shot, step=5) > 20
    finally:
        driver.quit()
