"""A whole 4-player game night in real browsers (issue 37, docs/serve.md):
``dlrules serve`` on 127.0.0.1, four phone-sized seat pages (420 × 900) and
the host's page on a desktop, every move pressed on a seat's page. At every
press the page's controls are the seat's legal moves with the referee's
words, and the move stored is the one pressed. Midway the server is killed
(``kill -9``) and started again on the same file: no move is lost and the
pages carry on by themselves. axe-core (axe-selenium-python) finds no
serious or critical accessibility violation on a seat's page or the host's.

With ``DLRULES_SCREENSHOTS=1`` the phone screenshots of docs/serve.md are
written to docs/pictures/."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from browserkit import chromium, needs_chromium, phone
from test_serve_browser_bound import Replay, _n, _wait, press_a_move

pytestmark = needs_chromium

ROOT = Path(__file__).resolve().parents[1]


def _accessible(d: Any, where: str) -> None:
    """No serious or critical violation of axe-core's rules on the page ``d`` shows."""
    from axe_selenium_python import Axe

    axe = Axe(d)
    axe.inject()
    found = [v for v in axe.run()["violations"] if v["impact"] in ("serious", "critical")]
    assert not found, f"{where}: " + "; ".join(f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}" for v in found)


def test_a_whole_4_player_night_on_phones_survives_a_kill_and_a_restart(tmp_path: Path) -> None:
    pytest.importorskip("selenium")
    pytest.importorskip("uvicorn")
    pytest.importorskip("axe_selenium_python")
    from selenium.webdriver.common.by import By
    from servekit import Server

    from dlrules.core.engine import to_move
    from dlrules.display.render import describe_move
    from dlrules.core.state import Phase

    db = tmp_path / "night.sqlite"
    server = Server(db, "--new-game", "4", "--auto-chance", "--replayable", "--seed", "11")
    shots = ROOT / "docs" / "pictures" if os.environ.get("DLRULES_SCREENSHOTS") == "1" else tmp_path
    seats_pages: list[Any] = []
    desk = None
    rng = random.Random(11)
    try:
        host, *seats = server.links(5)
        replay = Replay(db, host.split("/")[2])
        for link in seats:
            d = phone(420, 900)
            d.get(server.base + link)
            seats_pages.append(d)
        desk = chromium(1200, 900)
        desk.get(server.base + host)
        pages = [*seats_pages, desk]
        restarted, checked = False, set()
        pressed = 0
        for _ in range(4000):  # bounded: a whole 4-player game is several hundred of the seats' moves
            n = replay.catch_up()
            state = replay.positions[n]
            if not to_move(state):
                break
            for d in pages:
                _wait(lambda d=d: _n(d) == n, "every page to show the position now", seconds=30)
            if not restarted and state.phase is Phase.RESOLUTION and n > 60:
                server = server.restart()  # kill -9, and the laptop's server started again on the same file
                restarted = True
                assert replay.catch_up() == n  # nothing acknowledged is lost
                continue  # the pages reconnect by themselves: waited for above
            phase = state.phase.value
            movers = [s for s in to_move(state) if s >= 0]
            assert movers, "the server left a draw undrawn"
            seat = movers[rng.randrange(len(movers))]
            d = seats_pages[seat]
            if phase not in checked:  # each phase's pages, once: a phone seat's and the host's
                checked.add(phase)
                _accessible(d, f"P{seat + 1}'s page in {phase}")
                _accessible(desk, f"the host's page in {phase}")
                if phase in ("orders", "combat"):
                    d.execute_script("window.scrollTo(0, 0);")  # the top of the page: whose turn, the moves, the latest moves
                    d.save_screenshot(str(shots / f"serve-phone-{phase}.png"))
            label, expected = press_a_move(d, state, seat, rng)
            _wait(lambda: replay.catch_up() > n or "refused" in (d.find_element(By.ID, "message").get_attribute("class") or ""), "the move")
            assert "refused" not in (d.find_element(By.ID, "message").get_attribute("class") or ""), d.find_element(By.ID, "message").text
            played = replay.moves[n]
            assert played == expected, f"move {n + 1}: P{seat + 1} pressed {label!r} and {played!r} was played"
            assert describe_move(replay.positions[n], played, seat=seat) == label
            pressed += 1
        final = replay.catch_up()
        assert not to_move(replay.positions[final]), "the game did not end"
        assert restarted and pressed > 200 and {"orders", "resolution", "combat"} <= checked
        for d in pages:
            _wait(lambda d=d: _n(d) == final, "every page to show the end")
        assert "The game is over." == seats_pages[0].find_element(By.ID, "turn").text
        _wait(lambda: desk.find_element(By.ID, "record").is_displayed(), "the record's link")
        desk.save_screenshot(str(shots / "serve-host-over.png"))
    finally:
        for d in seats_pages + ([desk] if desk is not None else []):
            d.quit()
        server.kill()
