"""The arbiter's desk in a real browser (issue 38, docs/desk.md): ``dlrules
desk`` on 127.0.0.1 and a headless Chromium that enters a position from a
physical table (typed as text, then a player's supplies and a dungeon square
set with the guided controls, a monster picked from the list), sees ``validate``'s objections come and go as
it types, asks "may Player 1 do this?" and gets the answer with its rule ID.
The page keeps what was typed across a reload, and its link reopens the
position."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx")  # the serve extra (servekit)
pytest.importorskip("starlette")

from browserkit import chromium, needs_chromium  # noqa: E402
from servekit import free_port  # noqa: E402

pytestmark = needs_chromium

ROOT = Path(__file__).resolve().parents[1]


class Desk:
    """``dlrules desk`` in a subprocess on 127.0.0.1; always stopped by the test."""

    def __init__(self) -> None:
        httpx = pytest.importorskip("httpx")
        self.port = free_port()
        env = dict(os.environ)
        env["PYTHONPATH"] = str(ROOT / "src") + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        self.proc = subprocess.Popen([sys.executable, "-m", "dlrules", "desk", "--port", str(self.port)],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)  # fmt: skip
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.base + "/", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
            if self.proc.poll() is not None:
                break
        self.stop()
        raise AssertionError("the desk did not start")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        if self.proc.stdout:
            self.proc.stdout.close()


def _wait(cond: Any, what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if cond():
                return
        except Exception:  # noqa: BLE001 - an element being redrawn: look again
            pass
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _settled(driver: Any) -> None:
    """Wait until the objections shown are those of the text as it stands (the page checks 250 ms after a change)."""
    _wait(lambda: driver.find_element("tag name", "body").get_attribute("data-pending") == "0", "the page to check the text")


def test_a_position_entered_in_the_browser_gets_an_answer_with_its_rule(tmp_path: Path) -> None:
    pytest.importorskip("selenium")
    pytest.importorskip("uvicorn")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from dlrules.apps.desk.faq import disputes

    dispute = disputes()[2]  # mid-year 1, 3 players, Build Room I: Player 2 wants a room on an empty square
    position = "\n".join(line for line in dispute.position.splitlines() if not line.startswith("#"))
    desk = Desk()
    driver = chromium(1200, 1400)
    shots = ROOT / "docs" / "pictures" if os.environ.get("DLRULES_SCREENSHOTS") == "1" else tmp_path
    try:
        driver.get(desk.base + "/")
        area = driver.find_element(By.ID, "text")
        _wait(lambda: "dungeon lords position" in area.get_attribute("value"), "a new game's position to start from")
        problems = driver.find_element(By.ID, "problems")
        _wait(lambda: "No objection" in problems.text, "the new game to be a possible position")

        area.clear()  # the table's position, typed in
        area.send_keys(position)
        _settled(driver)
        _wait(lambda: "No objection" in problems.text and "year 1, round 2" in problems.text, "the typed position to be checked")

        gold = driver.find_element(By.ID, "p2-gold")  # a guided control: Player 2's gold
        gold.clear()
        gold.send_keys("5", Keys.TAB)
        _wait(lambda: "P2: gold=5 " in area.get_attribute("value"), "the gold to be written into the text")
        _settled(driver)
        evil = driver.find_element(By.ID, "p2-evil")
        evil.clear()
        evil.send_keys("40", Keys.TAB)  # a mistake: the objection shows at once, at its line
        _wait(lambda: "$.players[1].evil: 40 is above 15" in problems.text, "validate's objection")
        assert "line " in problems.text
        driver.save_screenshot(str(shots / "desk-objection.png"))
        evil.clear()
        evil.send_keys("7", Keys.TAB)
        _settled(driver)
        _wait(lambda: "No objection" in problems.text, "the objection to go")

        square = driver.find_element(By.ID, "p2-E4")  # a tap on a square of Player 2's dungeon digs a tunnel there …
        square.click()
        _wait(lambda: " E4" in next(line for line in area.get_attribute("value").splitlines() if line.startswith("P2 dungeon:")), "the tunnel E4")
        for _ in range(2):  # … a second tap conquers it, a third takes it away
            square.click()
            time.sleep(0.3)
        _wait(lambda: "E4" not in next(line for line in area.get_attribute("value").splitlines() if line.startswith("P2 dungeon:")), "E4 gone")
        _settled(driver)
        _wait(lambda: "No objection" in problems.text, "the position to be possible again")

        from selenium.webdriver.support.ui import Select

        Select(driver.find_element(By.ID, "p1-lair")).select_by_visible_text("goblin")  # a card picked from the list
        _wait(lambda: "P1 lair: vampire goblin\n" in area.get_attribute("value"), "the Goblin in Player 1's lair")
        _settled(driver)
        _wait(lambda: "No objection" in problems.text, "the position with the Goblin hired")
        Select(driver.find_element(By.ID, "seat")).select_by_visible_text("Player 2")
        move = driver.find_element(By.ID, "move")
        move.send_keys("build chicken-coop D1")  # the seat chosen is added to the move
        driver.find_element(By.ID, "ask").click()
        answer = driver.find_element(By.ID, "answer")
        _wait(lambda: "ACT-ROOM-3" in answer.text, "the answer with its rule")
        assert "P2 build chicken-coop D1: not legal." in answer.text and "Refused by:" in answer.text
        assert "rulebook p.15" in answer.text
        driver.save_screenshot(str(shots / "desk-answer.png"))
        move.clear()
        legal = Select(driver.find_element(By.ID, "legal"))  # or a legal move, chosen from the list
        legal.select_by_visible_text("P2 build chicken-coop C2")
        driver.find_element(By.ID, "ask").click()
        _wait(lambda: "P2 build chicken-coop C2: legal." in answer.text, "the legal move's answer")
        assert "ACT-ROOM-1" in answer.text

        typed = area.get_attribute("value")
        driver.refresh()  # the page never loses what was typed
        area = driver.find_element(By.ID, "text")
        _wait(lambda: area.get_attribute("value") == typed, "the position after a reload")

        driver.find_element(By.ID, "link-button").click()
        link = driver.find_element(By.ID, "link").get_attribute("value")
        assert link.startswith(desk.base + "/#p=")
        driver.execute_script("localStorage.clear();")
        driver.get("about:blank")
        driver.get(link)
        area = driver.find_element(By.ID, "text")
        _wait(lambda: area.get_attribute("value") == typed, "the position the link carries")
    finally:
        driver.quit()
        desk.stop()
