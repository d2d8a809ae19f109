"""The scripts in examples/ run and say what they should."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(name: str, *args: str) -> str:
    done = subprocess.run([sys.executable, str(EXAMPLES / name), *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_play_seeded_game_is_reproducible() -> None:
    first = run("play_seeded_game.py", "2")
    assert first == run("play_seeded_game.py", "2")
    assert "moves from seed 2." in first and "reveals" in first


def test_referee_table_game_enters_chance_by_hand_and_refuses_an_unavailable_order() -> None:
    out = run("referee_table_game.py")
    assert "> chance deal P1 food,dig\n" in out and "> chance deal D4 food,mine,monster" in out
    assert "Goblin comes to the tavern." in out
    assert "refused P1 orders food,mine,monster: [ORD-2]" in out
    assert "Player 1 reveals Hire Monster and takes slot I." in out
    assert "phase resolution; to move: P2" in out
    assert "> chance deal P3 imps,monster" in out  # given as monster,imps: a set, any order (LIB-TV-1)
    assert "  P2 take      P2 takes Get Food I: pays 1 gold and gains 2 food; the minion on Get Food I goes home" in out  # the move in context
    assert "Board (slots I, II, III; . is empty):" in out  # the readable position


def test_replay_and_catch_illegal_reports_the_line_and_rule() -> None:
    out = run("replay_and_catch_illegal.py")
    assert "identical" in out and "DIFFERENT" not in out
    assert "is illegal" in out and "[ORD-2]" in out
    assert "every problem: ['line" in out


def test_every_example_is_tested() -> None:
    tested = {"play_seeded_game.py", "referee_table_game.py", "replay_and_catch_illegal.py"}
    assert {p.name for p in EXAMPLES.glob("*.py")} == tested
