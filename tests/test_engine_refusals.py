"""The engine refuses, never crashes: a move with a field of the wrong type is
refused citing RS-3 (found by the property suite: a str seat made ``check``
raise TypeError)."""

from __future__ import annotations

import sys

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


def test_RS_3_a_seat_that_is_not_an_int_has_no_moves_and_poisons_no_cache() -> None:
    """``seat_moves(state, True)`` lists nothing (``True`` is not a seat), and
    the orders phase's shared choices are not made under ``True``: a fresh
    game's legal moves all carry int seats (RS-3; the review of issue 25)."""
    from dlrules.core.engine import seat_moves

    state = _orders_state(4)
    assert seat_moves(state, True) == ()
    fresh = _orders_state(4)
    assert all(type(m.seat) is int for m in dlrules.legal_moves(fresh))


def test_RS_3_a_square_or_number_given_as_a_bool_poisons_no_cache() -> None:
    """A position built by hand with ``True`` for a 1 (a battle tile's row,
    a monster's index) gets its own moves, and the shared move caches keep
    none of them: the real position's plans name their tile in plain ints
    (``True == 1`` would share a dict key; the review of issue 25)."""
    import attrs

    from dlrules.core.moves import PlanDefence
    from dlrules.core.phases.combat.monsters import _options_of
    from year_helpers import random_walk

    found = next(
        (state, move)
        for state, move in random_walk(6)
        if isinstance(move, PlanDefence) and 1 in move.tile[:1]
    )
    state, move = found
    seat, square = move.seat, move.tile
    odd_square = (True, square[1])
    player = state.players[seat]
    tiles = tuple(attrs.evolve(t, square=odd_square) if t.square == square else t for t in player.dungeon.tiles)
    odd = attrs.evolve(state, players=tuple(attrs.evolve(p, dungeon=attrs.evolve(p.dungeon, tiles=tiles)) if i == seat else p for i, p in enumerate(state.players)))
    planning = sys.modules["dlrules.core.phases.combat.planning"]
    planning._TILE_PLANS.clear()  # the caches as in a new process: the odd position is asked about first
    planning._PLAN_DEFENCES.clear()
    assert any(isinstance(m, PlanDefence) and m.tile == square for m in dlrules.legal_moves(odd))  # (its tile as given, or as ints once compiled code has read it)
    fresh: dlrules.GameState = dlrules.loads(dlrules.dumps(state), dlrules.GameState)  # the same position, no object shared
    plans = [m for m in dlrules.legal_moves(fresh) if isinstance(m, PlanDefence)]
    assert plans and all(type(m.tile[0]) is int and type(m.tile[1]) is int for m in plans)
    _options_of(0, True, "goblin", 0, (False,))
    assert all(type(getattr(m, "monster")) is int for m in _options_of(0, 1, "goblin", 0, (False,)))


def test_RS_3_malformed_orders_are_refused_in_the_orders_phase() -> None:
    """In the orders phase (where the phase finds its own listed moves at
    their place, ``orders.listed``) a malformed ``ChooseOrders`` is refused
    citing RS-3, on both builds, and nothing changes."""
    for players in (4, 2):
        state = _orders_state(players)
        good = next(m for m in dlrules.legal_moves(state) if isinstance(m, ChooseOrders))
        bad = [
            ChooseOrders("0", good.orders, good.dummy_order),  # type: ignore[arg-type]
            ChooseOrders(good.seat, list(good.orders), good.dummy_order),  # type: ignore[arg-type]
            ChooseOrders(good.seat, good.orders, "food"),  # type: ignore[arg-type]
            ChooseOrders(True, good.orders, good.dummy_order),
            ChooseOrders(-5, good.orders, good.dummy_order),
        ]
        for move in bad:
            with pytest.raises(IllegalMove) as refused:
                dlrules.apply(state, move)
            assert refused.value.violations[0].rule == "RS-3", (move, refused.value.violations)


def _orders_state(players: int) -> dlrules.GameState:
    """A new game played (first legal moves, chance sampled) to its first orders phase."""
    import random

    rng = random.Random(players)
    state = dlrules.new_game(players)
    while state.phase is not dlrules.Phase.ORDERS or dlrules.CHANCE in dlrules.to_move(state):  # the dummies' orders drawn too
        seats = dlrules.to_move(state)
        move = dlrules.sample_chance(state, rng) if dlrules.CHANCE in seats else dlrules.legal_moves(state)[0]
        state = dlrules.apply(state, move)
    return state
