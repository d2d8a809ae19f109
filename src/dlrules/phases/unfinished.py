"""Phases whose rules have not landed yet (tracked by open issues).

A game that reaches one of them stops there: nobody is to move, no move is
legal, and any move is refused citing the phase, so the engine never makes
up rules it does not implement.
"""

from __future__ import annotations

from dlrules.errors import Violation
from dlrules.moves import Move
from dlrules.phases import PhaseRules
from dlrules.state import GameState


def unfinished(rule: str, what: str) -> PhaseRules:
    def explain(state: GameState, move: Move) -> tuple[Violation, ...]:
        return (Violation(rule, f"{what} is not implemented by this version of dlrules yet"),)

    def play(state: GameState, move: Move) -> GameState:  # pragma: no cover - never legal
        raise AssertionError("no move is legal in an unfinished phase")

    return PhaseRules(
        to_move=lambda s: frozenset(),
        legal=lambda s: (),
        explain=explain,
        play=play,
        auto=lambda s: s,
        done=lambda s: False,
        turn_rule=rule,
    )
