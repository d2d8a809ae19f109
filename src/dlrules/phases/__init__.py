"""One module per phase; each owns the rules of its phase (DESIGN.md).

Every phase module exposes a ``RULES`` record of type :class:`PhaseRules`:
who is to move, the legal moves, why a move is refused, how a legal move
changes the state, the automatic steps, and when the phase is over.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from dlrules.errors import Violation
from dlrules.moves import Move
from dlrules.state import GameState


@attrs.frozen
class PhaseRules:
    """The interface between the engine and a phase module.

    - ``to_move(s)``: seats that may act now (``CHANCE`` included).
    - ``legal(s)``: every legal move now, in a deterministic order.
    - ``explain(s, m)``: for a move *not* in ``legal(s)``, the rules it breaks.
    - ``play(s, m)``: the state after a legal move (never called otherwise).
    - ``auto(s)``: one automatic step, or ``s`` itself when a decision is due.
    - ``done(s)``: the phase is over (the engine then enters the next one).
    - ``turn_rule``: the rule cited when a seat moves out of turn.
    """

    to_move: Callable[[GameState], frozenset[int]]
    legal: Callable[[GameState], tuple[Move, ...]]
    explain: Callable[[GameState, Move], tuple[Violation, ...]]
    play: Callable[[GameState, Move], GameState]
    auto: Callable[[GameState], GameState]
    done: Callable[[GameState], bool]
    turn_rule: str
