"""Where does a failing scenario part from dlrules? (docs/conformance.md,
"Diagnosis".) A scenario says what must hold after its move, not where an
engine went wrong: a whole seeded game fails at its end, a scenario's setup
moves stop replaying long after the move that set the engine astray. The
driver is dlrules, so it can replay the scenario on dlrules and the engine
side by side, comparing at every step as ``diff`` does (legal moves, odds,
every observation): the first step where they part, and the rules dlrules'
code runs for that move (``blame``), tell the diagnosis which rule to blame.
"""

from __future__ import annotations

import time
from typing import Any

from dlrules.apps.conformance.diff import Disagreement, replay
from dlrules.apps.conformance.engines import Engine, canonical


def localise(engine: Engine, scenario: dict[str, Any], seconds: float = 60.0) -> tuple[tuple[str, ...], str, bool]:
    """(rules, where, early) for a failing scenario: the rules named where
    ``engine`` parts from dlrules, most likely first, a phrase saying where,
    and whether that is before the scenario's own move; ((), "", False) when
    they never part (the difference is in what the scenario checks only, e.g.
    the rules a refusal cites), dlrules cannot replay it, or the replay takes
    more than ``seconds``."""
    if "position" in scenario:
        start: dict[str, Any] = {"position": scenario["position"]}
        moves: list[dict[str, Any]] = []
    else:
        start = {"setup": scenario["setup"]}
        moves = list(scenario.get("moves", []))
    setup = len(moves)
    if scenario["expect"]["legal"]:
        moves.append(scenario["move"])  # a refused move is compared as the legal moves listed before it
    try:
        found = replay(engine, start, moves, time.monotonic() + seconds)
    except Exception:  # noqa: BLE001 - the engine failing (EngineError) or a scenario dlrules cannot replay: the suite reports it
        return (), "", False
    if found is None:
        return (), "", False
    step = "at the start" if not found.moves else f"after {len(found.moves)} move{'' if len(found.moves) == 1 else 's'}"
    detail = found.details[0] if found.details else ""
    played = len(found.moves)  # a refusal's moves end with the move refused; any other's, with the last one both made
    early = played <= setup if found.kind == "refusal" else played < setup or (played == setup and scenario["expect"]["legal"])
    if early and played == setup and _own_move_unlisted(found, scenario["move"]):
        early = False  # the engine does not list the scenario's own move, in the same state: what the scenario checks
    return found.rules, f"{step} ({found.kind}: {detail[:160]})", early


def _own_move_unlisted(found: Disagreement, move: dict[str, Any]) -> bool:
    """Whether the engine does not list ``move`` while its state agrees with
    dlrules' (a state that differs too went astray before: the scenario's
    setup or position)."""
    return not found.state_paths and canonical(move) in found.unlisted
