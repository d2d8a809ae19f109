"""The invariants are not vacuous: each one fails on a position corrupted in
exactly the way it guards against (a mutation test of the property suite)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import dlrules
from dlrules.components import Action
from dlrules.core.state import GameState, Outcome, Phase, Tile
from properties import invariants as inv


def _in(phase: Phase, players: int = 3, seed: int = 5) -> GameState:
    state = dlrules.new_game(players)
    rng = random.Random(seed)
    while state.phase is not phase:
        if dlrules.CHANCE in dlrules.to_move(state):
            state = dlrules.apply(state, dlrules.sample_chance(state, rng))
        else:
            moves = dlrules.legal_moves(state)
            state = dlrules.apply(state, moves[rng.randrange(len(moves))])
    return state


def _player(state: GameState, seat: int = 0, **changes: Any) -> GameState:
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **changes)
    return attrs.evolve(state, players=tuple(players))


def _pending_board(state: GameState) -> GameState:
    """A seat-0 minion on a slot with no pending order for it."""
    rows = [list(r) for r in state.board]
    for row in rows:
        if None in row:
            row[row.index(None)] = 0
            break
    return attrs.evolve(state, board=tuple(tuple(r) for r in rows))


CORRUPTIONS: list[tuple[Callable[[GameState], None], Phase, Callable[[GameState], GameState]]] = [
    (inv.resources_never_negative, Phase.ORDERS, lambda s: _player(s, gold=-1)),
    (inv.imps_accounted_for, Phase.ORDERS, lambda s: _player(s, busy_imps=s.players[0].imps + 1)),
    (inv.order_cards_accounted_for, Phase.ORDERS, lambda s: _player(s, hand=s.players[0].hand[1:])),
    (inv.order_cards_accounted_for, Phase.ORDERS,
     lambda s: _player(s, unavailable=s.players[0].unavailable + s.players[0].hand[:1])),
    (inv.minions_accounted_for, Phase.RESOLUTION, _pending_board),
    (inv.resolution_leaves_no_minion_on_the_board, Phase.PRODUCTION, _pending_board),
    (inv.imps_rest_between_rounds, Phase.ORDERS, lambda s: _player(s, busy_imps=1)),
    (inv.every_card_in_one_place, Phase.ORDERS, lambda s: attrs.evolve(s, tavern=s.tavern[1:])),
    (inv.every_card_in_one_place, Phase.ORDERS, lambda s: attrs.evolve(s, far_lands=s.far_lands + s.room_shop[:1])),
    (inv.no_full_2x2_block, Phase.ORDERS, lambda s: _player(s, dungeon=attrs.evolve(
        s.players[0].dungeon, tiles=tuple(Tile(sq) for sq in sorted({(0, 2), (1, 2), (2, 2), (0, 3), (1, 3)}))))),
    (inv.evil_on_the_evilometer, Phase.ORDERS, lambda s: _player(s, evil=16)),
    (inv.paladin_with_the_most_evil_lord, Phase.ORDERS, lambda s: _player(s, evil=11)),
    (inv.progress_marker_sane, Phase.ORDERS, lambda s: attrs.evolve(s, round=5)),
    (inv.one_adventurer_a_round, Phase.ORDERS, lambda s: _player(s, party=(dlrules.core.state.Adventurer("y1-warrior-3"),))),
    (inv.state_json_round_trip, Phase.ORDERS, lambda s: _player(s, gold=2.5)),
    (inv.every_count_within_its_ceiling, Phase.ORDERS, lambda s: _player(s, imps=10**6)),
]


@pytest.mark.parametrize(
    ("invariant", "phase", "corrupt"), CORRUPTIONS, ids=[f"{c[0].__name__}-{i}" for i, c in enumerate(CORRUPTIONS)]
)
def test_invariant_fails_on_a_corrupted_position(
    invariant: Callable[[GameState], None], phase: Phase, corrupt: Callable[[GameState], GameState]
) -> None:
    state = _in(phase)
    invariant(state)  # holds on the real position
    with pytest.raises(AssertionError, match=invariant.__name__):
        invariant(corrupt(state))


def test_dummy_marker_invariant_fails_when_the_marker_is_off() -> None:
    state = _in(Phase.ORDERS, players=2)
    inv.dummy_marker_climbs_before_each_adventurers_phase(state)
    with pytest.raises(AssertionError, match="dummy_marker"):
        inv.dummy_marker_climbs_before_each_adventurers_phase(attrs.evolve(state, dummy_evil=7))


def test_minion_invariant_fails_when_a_pending_order_left_its_slot() -> None:
    state = _in(Phase.RESOLUTION)
    assert any(o.outcome is Outcome.PENDING for p in state.players for o in p.played)
    board = tuple((None, None, None) for _ in Action)
    with pytest.raises(AssertionError, match="minions_accounted_for"):
        inv.minions_accounted_for(attrs.evolve(state, board=board))
