"""The scripts in examples/ run and say what they should."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_conformance_adapter_speaks_the_referee_protocol() -> None:
    """examples/conformance_adapter.py answers line by line, errors as data
    (its whole-kit run: tests/test_conformance_kit.py)."""
    requests = ['{"cmd": "hello"}', '{"cmd": "observe"}', '{"cmd": "new_game", "players": 2}', "[1]",
                '{"cmd": "apply", "move": {"type": "Decline", "seat": 0}}', '{"cmd": "quit"}']  # fmt: skip
    done = subprocess.run([sys.executable, str(EXAMPLES / "conformance_adapter.py")], input="\n".join(requests) + "\n",
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["ok"] for a in answers] == [True, False, True, False, False, True]
    assert answers[0]["protocol"] == "dlrules-referee" and answers[1]["error"]["kind"] == "no_game"
    assert answers[3]["error"]["kind"] == "bad_request" and answers[4]["error"]["kind"] == "illegal_move" and answers[4]["error"]["rules"]


def test_every_example_is_tested() -> None:
    tested = {"play_seeded_game.py", "referee_table_game.py", "replay_and_catch_illegal.py", "conformance_adapter.py", "learn_policy_gradient.py"}
    assert {p.name for p in EXAMPLES.glob("*.py")} == tested


def test_learn_policy_gradient_trains_and_reports_win_rates_with_intervals() -> None:
    """A tiny budget: the script runs end to end (docs/ai.md has the figures of a full run)."""
    pytest.importorskip("numpy")
    pytest.importorskip("gymnasium")
    out = run("learn_policy_gradient.py", "--minutes", "0.05", "--eval", "2")
    assert "observation: " in out and "values, each 0 or 1" in out
    assert "before training (uniform over the open decisions) against random: won " in out and "95% Wilson" in out
    assert "after training against greedy: won " in out and "trained on " in out
