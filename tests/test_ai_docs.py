"""docs/ai.md: its tables match the code, and its examples run."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from dlrules.actions import NUM_ACTIONS, describe_blocks
from dlrules.adapters.common import observation_layout, observation_size

DOC = (Path(__file__).resolve().parent.parent / "docs" / "ai.md").read_text(encoding="utf-8")


def _examples() -> dict[str, str]:
    blocks = re.findall(r"```python\n(.*?)```", DOC, flags=re.S)
    named = {}
    for code in blocks:
        key = "openspiel" if "pyspiel" in code else "pettingzoo" if "pettingzoo" in code else "actions"
        named[key] = code
    return named


def _run(code: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/ai.md", "exec"), {"__name__": "docs_ai"})
    return out.getvalue()


def test_the_encoding_table_is_the_code() -> None:
    for kind, first, size, chance, fields in describe_blocks():
        row = f"| {kind} | {first} | {size} | {'chance' if chance else 'player'} | {fields} |"
        assert row in DOC, f"docs/ai.md: update the row of {kind}: {row}"
    assert f"({NUM_ACTIONS} in version 1)" in DOC


def test_the_observation_table_is_the_code() -> None:
    for piece in observation_layout():
        assert re.search(rf"^\| {re.escape(piece.name)} \| {piece.start} \| {piece.size} \|", DOC, flags=re.M), piece
    assert f"`observation_size()` = {observation_size()}" in DOC


def test_the_actions_example_runs_and_prints_a_rule() -> None:
    assert re.match(r"\('[A-Z]+[A-Z0-9-]*',", _run(_examples()["actions"]))


def test_the_openspiel_example_plays_mcts_to_the_end() -> None:
    pytest.importorskip("pyspiel")
    assert "combat" in _run(_examples()["openspiel"])


def test_the_pettingzoo_example_plays_a_random_policy_to_the_end() -> None:
    pytest.importorskip("pettingzoo")
    assert "Phase.COMBAT" in _run(_examples()["pettingzoo"])
