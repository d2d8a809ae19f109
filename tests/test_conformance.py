"""Runs every conformance scenario of the kit (src/dlrules/apps/conformance/scenarios/,
docs/conformance.md):
setup + moves, one move, and the expected result (legal with its changes, or
illegal with the rule IDs cited). Each scenario cites the rules it exercises
in its "rules" list (docs/rules.md counts them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conformance.runner import load, run, scenarios

ROOT = Path(__file__).resolve().parents[1]
FILES = scenarios()


def _known_ids() -> set[str]:
    from dlrules.tools.rulecov import known_ids

    return set(known_ids(ROOT))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_conformance_scenario(path: Path) -> None:
    run(load(path))


def test_conformance_scenarios_are_well_formed() -> None:
    """Ids are unique and match the file names; every cited rule is a known ID."""
    assert FILES, "no conformance scenarios found"
    known = _known_ids()
    seen: set[str] = set()
    for path in FILES:
        data = load(path)
        assert data["id"] == path.stem, f"{path}: id {data['id']!r} differs from the file name"
        assert data["id"] not in seen, f"{path}: duplicate id"
        seen.add(data["id"])
        assert data["rules"], f"{path}: cites no rule"
        unknown = [r for r in data["rules"] if r not in known]
        assert not unknown, f"{path}: unknown rule IDs {unknown}"
        assert ("setup" in data) != ("position" in data), f"{path}: give either setup (+ moves) or a position"
        assert "state" not in data, f"{path}: a dlrules state is not portable"
        assert re.fullmatch(r"[A-Za-z0-9._-]+", data["id"])
        expect = data["expect"]
        assert isinstance(expect["legal"], bool)
        assert expect.get("changes") or expect.get("after") or not expect["legal"], f"{path}: a legal move with no expectation"
        assert expect["legal"] or expect.get("rules"), f"{path}: an illegal move without rule IDs"


def test_the_runner_notices_a_wrong_expectation() -> None:
    """The runner is a real check: a changed expected value or rule fails."""
    legal = load(next(p for p in FILES if p.stem == "ORD-6-fourth-on-a-space-not-carried-out"))
    legal["expect"]["changes"]["board.mine"] = [[None, None, None], [0, 1, 3]]
    with pytest.raises(AssertionError, match="board.mine"):
        run(legal)
    illegal = load(next(p for p in FILES if p.stem == "ORD-2-unavailable-order-refused"))
    illegal["expect"]["rules"] = ["ORD-3"]
    with pytest.raises(AssertionError, match="ORD-3"):
        run(illegal)
    illegal["expect"] = {"legal": True, "changes": {}}
    with pytest.raises(AssertionError, match="not among the legal moves"):
        run(illegal)


def test_the_recorder_writes_a_field_that_appears_under_a_null_as_the_whole_field() -> None:
    """The move that ends autumn's last round starts combat: ``combat`` goes from null to a battle. The
    recorder writes that as ``combat``'s change, whole (a path under it, absent before the move, could not
    be checked there), and a watched field that does not change as ``[v, v]``."""
    from conformance.record import expectation

    from dlrules.apps.conformance.engines import move_of
    from dlrules.apps.conformance.position import from_position

    scenario = load(next(p for p in FILES if p.stem == "CMB-1-combat-follows-autumns-end-of-round"))
    state, move = from_position(scenario["position"]), move_of(scenario["move"])
    changes = expectation(state, move, ("combat", "players.0.gold"))["changes"]
    assert changes["combat"][0] is None and changes["combat"][1]["round"] == 1
    assert not any(path.startswith("combat.") for path in changes)
    assert changes["players.0.gold"] == [state.players[0].gold] * 2
    run({**scenario, "expect": {"legal": True, "changes": changes}})
