"""The conformance runner for the tests: the kit's scenarios
(``src/dlrules/apps/conformance/scenarios/``, docs/conformance.md) checked against
dlrules in-process, through the same requests and answers as the referee
protocol (``dlrules.apps.conformance``). The tests and the seed scripts import
their helpers from here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import dlrules
from dlrules import GameState
from dlrules.apps.conformance.engines import InProcess, move_of
from dlrules.apps.conformance.observe import leaves, lookup, observe
from dlrules.apps.conformance.scenarios import FORMAT, SCENARIOS, check, load, scenario_files

__all__ = ["FORMAT", "SCENARIOS", "leaves", "load", "lookup", "move_of", "observe", "reveal_known", "run", "scenarios"]


def scenarios(folder: Path = SCENARIOS) -> list[Path]:
    return scenario_files(folder)


def reveal_known(state: GameState) -> GameState:
    """After a move, turn up combat cards already identified: while the one
    legal move is a chance Draw from the combat deck, play it (LIB-RC-3), as
    ``dlrules.apps.conformance.scenarios.reveal_forced`` does over the protocol."""
    for _ in range(4):
        moves = dlrules.legal_moves(state)
        if len(moves) != 1 or not isinstance(moves[0], dlrules.Draw) or moves[0].deck != "combat":
            break
        state = dlrules.apply(state, moves[0])
    return state


def run(scenario: dict[str, Any]) -> None:
    """Check one scenario on dlrules; raises AssertionError saying what differs."""
    check(InProcess(), scenario)
