"""What the adapters share, with no framework imported: where a game ends for
them (``Phase.GAME_OVER``), its returns, the reward of an illegal move, and a
seat's observation as a flat 0/1 vector and as a string (docs/ai.md).

Everything a seat observes goes through its projection (``dlrules.records.views``):
the string is the JSON of ``view(state, seat)``; the vector is built part
by part from the records ``redact`` would show the seat
(``dlrules.agents.adapters.tensors``, which the tests hold equal to the vector of
``view`` whole), so nothing hidden can leak through them.
"""

from __future__ import annotations

import json
import operator
from typing import Final

import attrs
import numpy as np
import numpy.typing as npt

from dlrules.agents.adapters.tensor_parts import ALL
from dlrules.agents.adapters.tensors import observation_bits, observation_fields
from dlrules.agents.decisions import NUM_DECISIONS, Partial, describe_decision
from dlrules.core.engine import to_move
from dlrules.core.errors import IllegalMove, Violation
from dlrules.core.phases.scoring import is_over as library_is_over
from dlrules.core.phases.scoring import outcome
from dlrules.records.serialization import dumps
from dlrules.core.state import GameState
from dlrules.records.views import view

MAX_PLAYERS: Final[int] = 4
MAX_GAME_LENGTH: Final[int] = 2000
"""An upper bound on the moves (chance included) of a whole game, to
``Phase.GAME_OVER``; random games take about 200 to 400."""

MIN_RETURN: Final[float] = 0.0
MAX_RETURN: Final[float] = 1.0
"""Bounds of the ``win`` and ``rank`` returns (OpenSpiel's min/max utility)."""

MIN_SCORE: Final[int] = -200
MAX_SCORE: Final[int] = 300
"""Bounds of the ``score`` returns (final points, SCO-14): far outside what a
game reaches (random games end between about -40 and 60 points)."""

REWARDS: tuple[str, ...] = ("win", "score", "rank")
"""The kinds of return the adapters offer (``reward=``, LIB-AI-3):

- ``win``: 1 for the winner, a shared victory (SCO-3, SCO-10) splitting the 1
  equally among the winners, 0 for the others: constant-sum (the returns
  always sum to 1);
- ``score``: each player's final points: general-sum;
- ``rank``: the share of the other players one beat on points, a tie
  counting half: ``(beaten + tied / 2) / (players - 1)``, so 1 for a sole
  winner, 0 for a sole last; constant-sum (the returns sum to players / 2)."""


def decision_id(action: object) -> int:
    """An agent's action as a decision id: any integer (Python's, numpy's, a
    0-d integer array); anything else, a float or a string or a bool, is
    refused as ``decide`` refuses a number out of range (LIB-AI-6), never
    rounded (``int(3.7)`` made 3, another decision than the one given)."""
    if not isinstance(action, (bool, np.bool_)):
        try:
            return operator.index(action)  # type: ignore[arg-type]  # TypeError for what is no integer
        except TypeError:
            pass
    raise IllegalMove(action, (Violation("LIB-AI-6", f"{action!r} is not a decision id (0..{NUM_DECISIONS - 1})"),))  # type: ignore[arg-type]


def illegal_reward(reward: str) -> float:
    """The reward of an illegal move for ``reward`` (LIB-AI-3): one below the
    least real return, -1 for "win" and "rank" (PettingZoo's classic
    convention), -201 for "score" (``MIN_SCORE`` - 1), so that no real
    reward can be mistaken for it."""
    return return_bounds(reward)[0] - 1.0


def check_reward(reward: str) -> str:
    """``reward`` if it is one of ``REWARDS``, else ``ValueError`` naming them."""
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r} (LIB-AI-3)")
    return reward


def return_bounds(reward: str) -> tuple[float, float]:
    """The least and the most return of one player for ``reward``."""
    return (float(MIN_SCORE), float(MAX_SCORE)) if check_reward(reward) == "score" else (MIN_RETURN, MAX_RETURN)


def return_sum(reward: str, players: int) -> float | None:
    """What the returns of every player sum to (None: general-sum)."""
    check_reward(reward)
    return {"win": 1.0, "rank": players / 2, "score": None}[reward]


def finished(state: GameState) -> bool:
    """The game is over for the adapters (LIB-AI-3): the library's end
    (``dlrules.is_over``, ``Phase.GAME_OVER``, SCO-4), or nobody left to move."""
    return library_is_over(state) or not to_move(state)


def returns(state: GameState, reward: str = "win") -> tuple[float, ...]:
    """Each player's return when the game is ``finished`` (LIB-AI-3, ``REWARDS``).

    Without a final outcome (a position with nobody to move before scoring,
    which the rules never reach): 0 for everyone, so that no winner is
    invented."""
    check_reward(reward)
    result = outcome(state)
    n = state.n_players
    if result is None:
        return (0.0,) * n
    totals = result.totals
    if reward == "score":
        return tuple(float(t) for t in totals)
    if reward == "rank":
        return tuple(
            (sum(1 for t in totals if t < mine) + (sum(1 for t in totals if t == mine) - 1) / 2) / (n - 1) for mine in totals
        )
    winners = frozenset(result.winners)
    return tuple(1.0 / len(winners) if seat in winners else 0.0 for seat in range(n))


def scores(state: GameState) -> tuple[int, ...] | None:
    """Each player's final points (``dlrules.outcome``), or None before the end."""
    result = outcome(state)
    return None if result is None else tuple(result.totals)


# --- the observation vector -----------------------------------------------------

PALADIN_SLOTS: Final[int] = 4


@attrs.frozen
class Piece:
    """A named part of the observation vector: ``values[start:start + size]``."""

    name: str
    start: int
    size: int


_LAYOUT: list[tuple[Piece, ...]] = []


def observation_layout() -> tuple[Piece, ...]:
    """The observation vector's parts, in order (the same for every game);
    ``observation_fields`` has each part's fields with their encodings."""
    if not _LAYOUT:
        parts: dict[str, list[int]] = {}
        for f in observation_fields():
            got = parts.setdefault(f.part, [f.start, 0])
            got[1] += f.size
        _LAYOUT.append(tuple(Piece(name, start, size) for name, (start, size) in parts.items()))
    return _LAYOUT[0]


def observation_size() -> int:
    last = observation_layout()[-1]
    return last.start + last.size


def observation_array(state: GameState, seat: int, *, public: bool = False) -> npt.NDArray[np.uint8]:
    """Seat ``seat``'s observation as 0/1 bits (``observation_fields``), from
    its projection only (``public``: the spectator's, seats still ordered from
    ``seat``); built from cached parts (``dlrules.agents.adapters.tensors``)."""
    return observation_bits(state, seat, None if public else seat)


def observation_vector(state: GameState, seat: int, *, public: bool = False) -> list[float]:
    """``observation_array`` as a list of floats (each 0.0 or 1.0)."""
    return observation_array(state, seat, public=public).astype(float).tolist()  # type: ignore[no-any-return]


def state_vector(state: GameState) -> list[float]:
    """The whole position as 0/1 numbers, nothing redacted, in the layout of
    ``observation_vector`` (seats from seat 0): PettingZoo's ``state()``, for
    centralised training. Never give it to a player: it holds every secret."""
    return observation_bits(state, 0, ALL).astype(float).tolist()  # type: ignore[no-any-return]


PARTIAL_SIZE: Final[int] = 2 * NUM_DECISIONS
"""``partial_array``'s size: the decisions made once, then made twice."""


def partial_array(partial: Partial, seat: int) -> npt.NDArray[np.uint8]:
    """The move ``seat`` is in the middle of (``dlrules.agents.decisions``) as 0/1:
    for each decision id, whether the seat has made it so far (first
    ``NUM_DECISIONS`` bits) and whether twice (the next ``NUM_DECISIONS``: a
    plan may hold two trap cards of one kind); zeros when it is making none."""
    out = np.zeros(PARTIAL_SIZE, np.uint8)
    if partial.seat == seat:
        for d in partial.chosen:
            out[d + NUM_DECISIONS if out[d] else d] = 1
    return out


def partial_vector(partial: Partial, seat: int) -> list[float]:
    """``partial_array`` as a list of floats."""
    return partial_array(partial, seat).astype(float).tolist()  # type: ignore[no-any-return]


def partial_string(partial: Partial, seat: int | None) -> str:
    """The decisions ``seat`` has made of the move it is in the middle of, as
    a line (``""`` when it is making none)."""
    if seat is None or partial.seat != seat:
        return ""
    return "deciding: " + ", ".join(describe_decision(d) for d in partial.chosen)


def observation_string(state: GameState, seat: int | None) -> str:
    """Seat ``seat``'s observation as text: the JSON of ``view(state, seat)``
    (docs/views.md), which is also its information state (LIB-AI-4); once
    the game is over, a second line ``outcome {"totals": […], "winners": […]}``
    (SCO-14, seats absolute)."""
    text = dumps(view(state, seat))
    result = outcome(state)
    if result is not None:
        text += "\noutcome " + json.dumps({"totals": list(result.totals), "winners": list(result.winners)})
    return text
