"""The building phases' fast paths agree with the general ones they stand
beside (issue 25): each test plays seeded random games and checks, at every
move where the fast path is taken, that it gives what the general path gives.

- ``resolution._evil_after``: a move's evil cost and evil reward written in
  the move's one copy, against ``move_evil`` moving the marker state by state
  (RES-5, RES-8, RES-9, PAL-5);
- ``resolution._DIGGING``: the shared cursors of a minion digging, against
  the cursor copied with its new count of tunnels (ACT-DIG-1, ACT-DIG-2);
- ``dungeon.with_room``: the room's tile in place, against the tiles rebuilt
  (ACT-ROOM-2, ACT-ROOM-7);
- ``production.free_trolls``: troll tokens counted in a loop, against
  ``PlayerState.trolls`` (PROD-2, ACT-MON-5).
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from dlrules import Action, GameState, Move, Phase
from dlrules.components import ACTION_ORDER, slot_spec
from dlrules.core.dungeon import with_room
from dlrules.core.moves import BuildRoom, DigTunnel, HireMonster, Spy, TakeAction
from dlrules.core.phases import resolution
from dlrules.core.phases.common import collecting, move_evil
from dlrules.core.phases.production import free_trolls
from dlrules.core.phases.resolution_refusals import hire_cost
from dlrules.core.state import Dungeon, Resolution, Tile, evolve

from year_helpers import random_walk


def _positions(games: int, players: int, variant: str) -> Iterator[tuple[GameState, Move]]:
    """Every (state, move) of ``games`` seeded random games, chance sampled."""
    return random_walk(games, players, variant)


def _evil_faces(state: GameState, move: Move) -> tuple[int, int]:
    """The evil cost (up) and the evil reward (down) of a resolution move."""
    r = state.resolution
    assert r is not None
    action = ACTION_ORDER[r.space]
    if isinstance(move, (TakeAction, Spy)):
        spec = slot_spec(action, r.slot)
        return spec.cost.evil, spec.reward.evil_down
    if isinstance(move, HireMonster):
        return hire_cost(move.monster, r.slot).evil, 0
    if isinstance(move, BuildRoom):
        return slot_spec(action, r.slot).cost.evil, 0
    return 0, 0


def test_a_moves_evil_in_its_one_copy_is_move_evil_space_by_space() -> None:
    seen = 0
    for players, variant in ((4, "first"), (3, "full"), (2, "full")):
        for state, move in _positions(6, players, variant):
            if state.phase is not Phase.RESOLUTION:
                continue
            up, down = _evil_faces(state, move)
            if not (up or down):
                continue
            seen += 1
            seat = move.seat
            with collecting() as told:
                after = resolution.RULES.play(state, move)
            with collecting() as expected:
                reference = move_evil(move_evil(state, seat, up), seat, -down)
            assert after.players[seat].evil == reference.players[seat].evil
            assert after.paladin == reference.paladin
            evil_events = [e for e in told if e.code in ("evil", "paladin")]
            assert evil_events == list(expected)
    assert seen > 20


def test_the_shared_digging_cursors_are_the_copied_ones() -> None:
    for slot in range(3):
        fresh = Resolution(ACTION_ORDER.index(Action.DIG), slot)
        for dug, shared in enumerate(resolution._DIGGING[slot]):
            assert shared == evolve(fresh, dug=dug)


def test_digging_from_an_unshared_cursor_gives_the_same_state() -> None:
    checked = 0
    for state, move in _positions(4, 4, "first"):
        if state.phase is Phase.RESOLUTION and isinstance(move, DigTunnel):
            r = state.resolution
            assert r is not None
            copied = evolve(state, resolution=attrs.evolve(r))  # an equal cursor, not one of the shared records
            assert resolution.RULES.play(copied, move) == resolution.RULES.play(state, move)
            checked += 1
    assert checked > 10


def test_a_room_built_in_place_is_the_tiles_rebuilt() -> None:
    built = 0
    for state, move in _positions(6, 4, "first"):
        if state.phase is Phase.RESOLUTION and isinstance(move, BuildRoom):
            dungeon = state.players[move.seat].dungeon
            rebuilt = Dungeon(tuple(Tile(t.square, move.room, t.conquered) if t.square == move.square else t for t in dungeon.tiles))
            assert with_room(dungeon, move.room, move.square) == rebuilt
            built += 1
    assert built > 5


def test_free_troll_tokens_are_the_players_trolls_not_at_work() -> None:
    trolls = 0
    for state, _ in _positions(4, 4, "first"):
        for p in state.players:
            assert free_trolls(p) == p.trolls - p.busy_trolls
            trolls += p.trolls
    assert trolls > 0
