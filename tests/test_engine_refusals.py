"""The engine refuses, never crashes: a move with a field of the wrong type is
refused citing RS-3 (found by the property suite: a str seat made ``check``
raise TypeError)."""

from __future__ import annotations

import pytest

import dlrules
from dlrules import Action, ChooseOrders, DealOrders, IllegalMove, KeepUnavailable


def _keeping() -> dlrules.GameState:
    state = dlrules.new_game(3)
    while dlrules.to_move(state) == {dlrules.CHANCE}:
        state = dlrules.apply(state, dlrules.legal_moves(state)[0])
    return state


@pytest.mark.parametrize(
    "move",
    [
        KeepUnavailable("0", (Action.FOOD, Action.DIG)),  # type: ignore[arg-type]
        KeepUnavailable(0, ("food", "dig")),  # type: ignore[arg-type]
        KeepUnavailable(0, [Action.FOOD, Action.DIG]),  # type: ignore[arg-type]
        ChooseOrders(0, (Action.FOOD, Action.DIG, Action.MINE), "imps"),  # type: ignore[arg-type]
        DealOrders("x", (Action.FOOD,)),  # type: ignore[arg-type]
    ],
)
def test_RS_3_malformed_moves_are_refused_not_crashed(move: object) -> None:
    state = _keeping()
    violations = dlrules.check(state, move)
    assert [v.rule for v in violations] == ["RS-3"]
    assert "malformed" in violations[0].message
    with pytest.raises(IllegalMove) as refused:
        dlrules.apply(state, move)  # type: ignore[arg-type]
    assert refused.value.rules == ("RS-3",)


def test_RS_3_well_typed_legal_move_still_applies() -> None:
    state = _keeping()
    move = dlrules.legal_moves(state)[0]
    assert dlrules.check(state, move) == ()
    assert dlrules.apply(state, move) != state
