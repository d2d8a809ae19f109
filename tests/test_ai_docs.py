"""docs/ai.md: its tables match the code, and its examples run."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

pytest.importorskip("numpy")  # the adapters' tensors (extras openspiel, pettingzoo)

from dlrules.agents.adapters.common import observation_layout, observation_size  # noqa: E402

from dlrules.agents.actions import NUM_ACTIONS, describe_blocks
from dlrules.tools.aidoc import render

DOC = (Path(__file__).resolve().parent.parent / "docs" / "ai.md").read_text(encoding="utf-8")


def _examples() -> dict[str, str]:
    blocks = re.findall(r"```python\n(.*?)```", DOC, flags=re.S)
    named = {}
    for code in blocks:
        key = (
            "openspiel" if "pyspiel" in code
            else "pettingzoo" if "pettingzoo" in code
            else "gym" if "adapters.gym" in code
            else "decisions" if "dlrules.agents.decisions" in code
            else "actions"
        )  # fmt: skip
        named[key] = code
    return named


def _run(code: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/ai.md", "exec"), {"__name__": "docs_ai"})
    return out.getvalue()


def test_the_generated_tables_are_up_to_date() -> None:
    """The encoding and observation tables: python -m dlrules.tools.aidoc --write."""
    assert render(DOC) == DOC, "docs/ai.md is stale: run python -m dlrules.tools.aidoc --write"
    assert f"`NUM_ACTIONS` = {NUM_ACTIONS}." in DOC and f"`observation_size()` = {observation_size()} values, each 0 or 1." in DOC
    for kind, first, size, _, _ in describe_blocks():
        assert f"| {kind} | {first} | {size} |" in DOC
    for piece in observation_layout():
        assert f"| {piece.name} | {piece.start} | {piece.size} |" in DOC


def test_the_decisions_example_runs_and_names_a_decision() -> None:
    assert _run(_examples()["decisions"]).startswith("ChooseOrders.orders ")


def test_the_decision_table_is_in_the_doc() -> None:
    from dlrules.agents.decisions import NUM_DECISIONS, describe_decision_blocks

    assert f"`NUM_DECISIONS` = {NUM_DECISIONS} player decisions" in DOC
    for name, first, size, _ in describe_decision_blocks():
        assert f"| {name} | {first} | {size} |" in DOC


def test_the_actions_example_runs_and_prints_a_rule() -> None:
    assert re.match(r"\('[A-Z]+[A-Z0-9-]*',", _run(_examples()["actions"]))


def test_the_openspiel_example_plays_mcts_to_the_end_of_the_game() -> None:
    pytest.importorskip("pyspiel")
    printed = _run(_examples()["openspiel"])
    assert "game_over" in printed and re.search(r"\[(1\.0, 0\.0|0\.0, 1\.0|0\.5, 0\.5)\]", printed)


def test_the_pettingzoo_example_plays_a_random_policy_to_the_end_of_the_game() -> None:
    pytest.importorskip("pettingzoo")
    printed = _run(_examples()["pettingzoo"])
    assert printed.startswith("Phase.GAME_OVER {")  # the rewards, in the order the agents finished
    rewards = dict(re.findall(r"'(player_[0-9])': ([0-9.]+)", printed))
    assert set(rewards) == {"player_0", "player_1", "player_2"}
    assert abs(sum(float(r) for r in rewards.values()) - 1.0) < 1e-9  # LIB-AI-3: the win shared among the winners


def test_the_gymnasium_example_plays_one_seat_to_the_end() -> None:
    pytest.importorskip("gymnasium")
    printed = _run(_examples()["gym"])
    assert re.match(r"-?[0-9.]+ \{'score': -?[0-9]+\}", printed)
