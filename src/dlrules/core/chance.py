"""Chance: the probability of each chance outcome, and seeded sampling.

Nothing random happens inside ``apply``; a chance move says what came up.
"""

from __future__ import annotations

import bisect
import itertools
import math
import operator
import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Final, cast

import attrs

from dlrules.components.setup import ORDER_CARDS
from dlrules.core.engine import apply, legal_moves, seat_moves, to_move
from dlrules.core.moves import DealOrders, Draw, DrawDummyOrders, Move
from dlrules.core.phases.orders import dummy_draw_probability
from dlrules.core.phases.round_start import draws
from dlrules.core.state import CHANCE, TABLE, Deck, GameState, Phase


def probability(state: GameState, move: Move) -> Fraction:
    """The chance of ``move`` among the chance outcomes now."""
    if isinstance(move, Draw):
        chance = tuple(m for m in legal_moves(state) if m.seat == CHANCE)
        if chance == (move,):
            return Fraction(1)  # the one outcome: a card already identified (LIB-CMB-3)
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


_deck: Final[Callable[[Draw], str]] = operator.attrgetter("deck")
_card: Final[Callable[[Draw], str]] = operator.attrgetter("card")
_unseen_card: Final[Callable[[tuple[str, int]], str]] = operator.itemgetter(0)
_unseen_copies: Final[Callable[[tuple[str, int]], int]] = operator.itemgetter(1)


def _weights(state: GameState, moves: tuple[Move, ...]) -> tuple[int, ...] | None:
    """Integer weights proportional to ``probability`` for the chance moves
    ``moves`` (all the chance moves now): ``()`` when they are all equally
    likely, None when a move type has no fast rule here (then
    ``sample_chance`` uses the fractions).

    The same rules as ``probability``: a draw is as likely as the copies of
    its card among the unseen ones (the known bottom card is certain); the
    deals and the dummies' draws are uniform."""
    first = moves[0]
    if len(moves) == 1:
        return ()  # a certain outcome
    kind = type(first)
    if kind is Draw:
        name = cast(Draw, first).deck
        deck: Deck = getattr(state.decks, name)
        if moves is draws(deck, name):  # the very list the phase made: one draw per unseen entry, in its order
            weights = tuple(map(_unseen_copies, deck.unseen))
            return () if not weights or weights.count(weights[0]) == len(weights) else weights
        # Scans in C: every move a Draw, all from one deck.
        if not all(map(operator.is_, map(type, moves), itertools.repeat(Draw))) or not all(
            map(operator.eq, map(_deck, cast(tuple[Draw, ...], moves)), itertools.repeat(name))
        ):
            return None  # draws from several decks at once: not a case this rule covers
        if not deck.unseen:
            return ()
        unseen = deck.unseen
        cards = map(_card, cast(tuple[Draw, ...], moves))
        if len(unseen) == len(moves) and all(map(operator.eq, cards, map(_unseen_card, unseen))):
            weights = tuple(map(_unseen_copies, unseen))  # one draw per unseen entry, in its order (round start, combat)
        else:
            weights = tuple(map(dict(unseen).get, map(_card, cast(tuple[Draw, ...], moves)), itertools.repeat(0)))
        return () if weights.count(weights[0]) == len(weights) else weights
    if (kind is DealOrders or kind is DrawDummyOrders) and all(type(m) is kind for m in moves):
        return ()
    return None


def sample_chance(state: GameState, rng: random.Random) -> Move:
    """One chance outcome drawn with the right probability.

    Exact integer arithmetic: with the probabilities written over their
    least common denominator ``D``, one ``rng.randrange(D)`` picks the
    outcome (the same draw as from the ``chance_outcomes`` fractions)."""
    seats = to_move(state)
    if CHANCE not in seats:
        raise ValueError(f"chance is not to move now ({state.phase.value})")
    moves = legal_moves(state)
    if len(seats) > 1:
        moves = tuple(m for m in moves if m.seat == CHANCE)
    if not moves:
        raise ValueError(f"chance is not to move now ({state.phase.value})")
    weights = _weights(state, moves)
    if weights == ():
        return moves[rng.randrange(len(moves))]  # uniform: D = n and outcome i is x = i
    if weights is None:
        outcomes = tuple((m, probability(state, m)) for m in moves)
        denominator = math.lcm(*(p.denominator for _, p in outcomes))
        weights = tuple(int(p * denominator) for _, p in outcomes)
    else:
        # p_i = w_i / W; the least common denominator of the reduced p_i is W / gcd(W, w_1, ..., w_n).
        total = sum(weights)
        common = math.gcd(total, *weights)
        denominator = total // common
        if common != 1:
            weights = tuple(w // common for w in weights)
    x = rng.randrange(denominator)  # exact: no floating point
    bounds = list(itertools.accumulate(weights))
    if x >= bounds[-1]:  # pragma: no cover
        raise AssertionError("chance outcomes do not sum to 1")
    return moves[bisect.bisect_right(bounds, x)]  # the first outcome whose bound exceeds x


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
    In a simultaneous step the seats move in seat order. It also stops when
    the table must rule on a card (LIB-TAB-8): that is a person's reading of
    a printed card, never a policy's."""
    policies = policies or {}
    made: list[Move] = []
    stop: Callable[[GameState], bool] | None
    if isinstance(until, Phase):
        phase = until
        stop = lambda s: s.phase is phase
    else:
        stop = until

    while len(made) < max_moves and (stop is None or not stop(state)):
        seats = to_move(state)
        if not seats or TABLE in seats:
            break
        if CHANCE in seats:
            move = sample_chance(state, rng)
        else:
            seat = min(seats)
            mine = legal_moves(state) if len(seats) == 1 else seat_moves(state, seat)  # one seat: every legal move is its own
            move = policies.get(seat, random_policy)(state, mine, rng)
        state = apply(state, move)
        made.append(move)
    return PlayOut(state, tuple(made))


def outcome_weights(state: GameState) -> tuple[tuple[Move, int], ...]:
    """The chance moves now with integer weights proportional to their
    probabilities (``chance_outcomes`` without fractions: adapters and
    search loops that want floats divide by the sum)."""
    moves = tuple(m for m in legal_moves(state) if m.seat == CHANCE) if CHANCE in to_move(state) else ()
    if not moves:
        return ()
    weights = _weights(state, moves)
    if weights == ():
        return tuple((m, 1) for m in moves)
    if weights is None:
        outcomes = tuple((m, probability(state, m)) for m in moves)
        denominator = math.lcm(*(p.denominator for _, p in outcomes))
        return tuple((m, int(p * denominator)) for m, p in outcomes)
    return tuple(zip(moves, weights))
