"""Building states for the phases after resolution (issue 4).

The tests reach the later phases by playing a seeded game to the RESOLUTION
phase and then standing in for resolution: every order gets the outcome the
test wants, the board is cleared, and the engine enters the phase under test.
(Whole years with the real resolution are played in test_end_of_round.py.)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import attrs

from dlrules import CHANCE, apply, legal_moves, new_game, sample_chance, to_move
from dlrules.core.chance import play_out
from dlrules.components import Action
from dlrules.core.engine import PHASES, check, settle
from dlrules.core.moves import Move
from dlrules.core.phases import adventurers, end_of_round, events, production
from dlrules.core.state import Dungeon, GameState, Monster, Outcome, Phase, PlayedOrder, Square, Tile

ENTRY = {
    Phase.PRODUCTION: production.enter,
    Phase.EVENTS: events.enter,
    Phase.ADVENTURERS: adventurers.enter,
    Phase.END_OF_ROUND: end_of_round.enter,
}


def at_resolution(players: int, seed: int = 1, variant: str = "first") -> GameState:
    """A seeded game of ``players`` played up to its first RESOLUTION phase."""
    state = new_game(players, variant=variant)
    return play_out(state, None, random.Random(seed), until=Phase.RESOLUTION).state


def resolved(state: GameState, outcomes: Sequence[Sequence[Outcome]] | None = None) -> GameState:
    """Stand in for resolution: give each pending order an outcome (carried out
    by default), clear the board."""
    players = []
    for seat, player in enumerate(state.players):
        played = []
        for k, order in enumerate(player.played):
            outcome = outcomes[seat][k] if outcomes is not None else Outcome.CARRIED_OUT
            if order.outcome is not Outcome.PENDING:
                outcome = order.outcome
            played.append(attrs.evolve(order, outcome=outcome))
        players.append(attrs.evolve(player, played=tuple(played)))
    return attrs.evolve(
        state,
        players=tuple(players),
        board=tuple((None, None, None) for _ in state.board),
        resolution=None,
    )


def enter(state: GameState, phase: Phase, settled: bool = True) -> GameState:
    """The state once the engine has entered ``phase``: its entry step, then
    (``settled``) the automatic steps and phase changes until a decision."""
    state = attrs.evolve(state, phase=phase)
    entry = ENTRY.get(phase)
    if entry is not None:
        state = entry(state)
    return settle(state) if settled else state


def player(state: GameState, seat: int, **changes: Any) -> GameState:
    """``state`` with ``seat``'s record changed."""
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **changes)
    return attrs.evolve(state, players=tuple(players))


def dungeon(rooms: dict[Square, str] | None = None, tunnels: Iterable[Square] = ((0, 2), (1, 2), (2, 2))) -> Dungeon:
    """A dungeon with ``tunnels`` and ``rooms`` (square -> room key)."""
    rooms = rooms or {}
    squares = set(tunnels) | set(rooms)
    return Dungeon(tuple(Tile(sq, rooms.get(sq)) for sq in sorted(squares)))


def monsters(*kinds: str) -> tuple[Monster, ...]:
    return tuple(Monster(k) for k in kinds)


def played(*orders: tuple[Action, Outcome]) -> tuple[PlayedOrder, ...]:
    return tuple(PlayedOrder(a, None if o is Outcome.NOT_CARRIED_OUT else 0, o) for a, o in orders)


def step(state: GameState, move: Move) -> GameState:
    """``move``, checked legal, played by its phase without the automatic steps
    that follow (so a test can look at the state before the phase moves on)."""
    assert check(state, move) == (), check(state, move)
    return PHASES[state.phase].play(state, move)


def random_walk(games: int, players: int = 4, variant: str = "full", first_seed: int = 0) -> Iterator[tuple[GameState, Move]]:
    """Every (state, move) of ``games`` seeded uniform random whole games
    (seeds ``first_seed``, ``first_seed + 1``, …), chance sampled with
    ``sample_chance``: the positions the fast-path tests compare their rules
    on."""
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        state = new_game(players, variant=variant)
        while to_move(state):
            if CHANCE in to_move(state):
                move = sample_chance(state, rng)
            else:
                moves = legal_moves(state)
                move = moves[rng.randrange(len(moves))]
            yield state, move
            state = apply(state, move)
