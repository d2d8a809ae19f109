"""Chance: the probability of each chance outcome, and seeded sampling.

Nothing random happens inside ``apply``; a chance move says what came up.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Mapping
from fractions import Fraction

import attrs

from dlrules.components.setup import ORDER_CARDS
from dlrules.engine import apply, legal_moves, to_move
from dlrules.moves import DealOrders, Draw, DrawDummyOrders, Move
from dlrules.phases.orders import dummy_draw_probability
from dlrules.state import CHANCE, Deck, GameState, Phase


def probability(state: GameState, move: Move) -> Fraction:
    """The chance of ``move`` among the chance outcomes now."""
    if isinstance(move, Draw):
        deck: Deck = getattr(state.decks, move.deck)
        if deck.unseen:
            return Fraction(deck.count(move.card), deck.unseen_count)
        return Fraction(1)  # the known card at the bottom (RST-5)
    if isinstance(move, DealOrders):
        return Fraction(1, math.comb(ORDER_CARDS.value, len(move.orders)))
    if isinstance(move, DrawDummyOrders):
        return Fraction(1, dummy_draw_probability(state, move))
    raise ValueError(f"{type(move).__name__} is not a chance move")


def chance_outcomes(state: GameState) -> tuple[tuple[Move, Fraction], ...]:
    """Every chance outcome now with its probability (they sum to 1)."""
    if CHANCE not in to_move(state):
        return ()
    return tuple((m, probability(state, m)) for m in legal_moves(state) if m.seat == CHANCE)


def sample_chance(state: GameState, rng: random.Random) -> Move:
    """One chance outcome drawn with the right probability."""
    outcomes = chance_outcomes(state)
    if not outcomes:
        raise ValueError(f"chance is not to move now ({state.phase.value})")
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    bounds = itertools.accumulate(int(p * denominator) for _, p in outcomes)
    x = rng.randrange(denominator)  # exact: no floating point
    for (move, _), bound in zip(outcomes, bounds):
        if x < bound:
            return move
    raise AssertionError("chance outcomes do not sum to 1")  # pragma: no cover


Policy = Callable[[GameState, tuple[Move, ...], random.Random], Move]
"""A player's policy: given the state and that seat's legal moves, a move."""


def random_policy(state: GameState, moves: tuple[Move, ...], rng: random.Random) -> Move:
    return moves[rng.randrange(len(moves))]


@attrs.frozen
class PlayOut:
    """The result of ``play_out``: the final state and every move made."""

    state: GameState
    moves: tuple[Move, ...]


def play_out(
    state: GameState,
    policies: Mapping[int, Policy] | None,
    rng: random.Random,
    until: Phase | Callable[[GameState], bool] | None = None,
    max_moves: int = 100_000,
) -> PlayOut:
    """Play from ``state``: chance sampled from ``rng``, each seat by its policy
    (uniform random when none is given), until nobody can move, ``until``
    holds (a phase reached, or a predicate), or ``max_moves`` were made.
    In a simultaneous step the seats move in seat order."""
    policies = policies or {}
    made: list[Move] = []

    def stop(s: GameState) -> bool:
        if until is None:
            return False
        if isinstance(until, Phase):
            return s.phase is until
        return until(s)

    while len(made) < max_moves and not stop(state):
        seats = to_move(state)
        if not seats:
            break
        if CHANCE in seats:
            move = sample_chance(state, rng)
        else:
            seat = min(seats)
            mine = tuple(m for m in legal_moves(state) if m.seat == seat)
            move = policies.get(seat, random_policy)(state, mine, rng)
        state = apply(state, move)
        made.append(move)
    return PlayOut(state, tuple(made))
