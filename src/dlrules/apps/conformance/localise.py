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

import json
import time
from typing import Any

from dlrules.core.engine import apply, legal_moves
from dlrules.apps.conformance.counterfactual import VIEW, Case, observation_text, viewer_of
from dlrules.apps.conformance.diff import Disagreement, detail_viewer, replay
from dlrules.apps.conformance.engines import Engine, canonical, move_data, move_of
from dlrules.apps.conformance.perft import start_state
from dlrules.apps.conformance.scenarios import FORCED_REVEALS, forced_reveal


def localise(
    engine: Engine, scenario: dict[str, Any], seconds: float = 60.0, cases: list[Case] | None = None
) -> tuple[tuple[str, ...], str, bool, tuple[str, ...]]:
    """(rules, where, early, named) for a failing scenario: the rules named where
    ``engine`` parts from dlrules, most likely first, a phrase saying where,
    whether that is before the scenario's own move, and the rules that name
    the differing fields of the observation there (``diff.field_rules``: a
    title's points); ((), "", False, ()) when
    they never part (the difference is in what the scenario checks only, e.g.
    the rules a refusal cites), dlrules cannot replay it, or the replay takes
    more than ``seconds``. ``cases``: where they part is added to it, with
    the engine's outcome there, for ``counterfactual.explain``."""
    if "position" in scenario:
        start: dict[str, Any] = {"position": scenario["position"]}
        moves: list[dict[str, Any]] = []
    else:
        start = {"setup": scenario["setup"]}
        moves = list(scenario.get("moves", []))
    setup = len(moves)
    if scenario["expect"]["legal"]:
        moves.append(scenario["move"])  # a refused move is compared as the legal moves listed before it
        moves += _reveals(start, moves)  # the scenario checks after them: they may be where the engine parts
    try:
        found = replay(engine, start, moves, time.monotonic() + seconds)
    except Exception:  # noqa: BLE001 - the engine failing (EngineError) or a scenario dlrules cannot replay: the suite reports it
        return (), "", False, ()
    if found is None:
        return (), "", False, ()
    step = "at the start" if not found.moves else f"after {len(found.moves)} move{'' if len(found.moves) == 1 else 's'}"
    detail = found.details[0] if found.details else ""
    played = len(found.moves)  # a refusal's moves end with the move refused; any other's, with the last one both made
    early = played <= setup if found.kind == "refusal" else played < setup or (played == setup and scenario["expect"]["legal"])
    if early and played == setup and _own_move_unlisted(found, scenario["move"]):
        early = False  # the engine does not list the scenario's own move, in the same state: what the scenario checks
    if cases is not None:
        try:
            case = _case(engine, start, found)
        except Exception:  # noqa: BLE001 - the engine failing now, or a step dlrules cannot replay: nothing to explain
            case = None
        if case is not None:
            cases.append(case)
    return found.rules, f"{step} ({found.kind}: {detail[:160]})", early, found.named


def _reveals(start: dict[str, Any], moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The forced reveals dlrules plays after ``moves`` from ``start``, as the
    scenario's check does on the engine (``scenarios.reveal_forced``): a round
    of combat resolves there, so a difference in it shows only after them.
    none when dlrules cannot replay the moves (the replay reports that)."""
    try:
        state = start_state({**start, "moves": [*start.get("moves", []), *moves]})
    except Exception:  # noqa: BLE001 - a scenario dlrules cannot replay: ``replay`` says so
        return []
    out: list[dict[str, Any]] = []
    for _ in range(FORCED_REVEALS):
        legal = legal_moves(state)
        listed = [move_data(m) for m in legal]
        if not forced_reveal(listed):
            break
        out.append(listed[0])
        state = apply(state, legal[0])
    return out


def _case(engine: Engine, start: dict[str, Any], found: Disagreement) -> Case | None:
    """Where the engine parts from dlrules, as a ``Case``: the move and the
    engine's observation after it, the engine's legal moves, what a seat
    sees, or its refusal (the engine stands where the replay stopped)."""
    played = [*start.get("moves", []), *found.moves]
    if found.moves and (found.kind == "observation" or (found.kind == "legal_moves" and found.state_paths)):  # the last move left the engine elsewhere
        before = start_state({**start, "moves": played[:-1]})
        return Case(before, move_of(played[-1]), ("observation", observation_text(engine.observe())))
    if found.kind == "legal_moves":
        listed, _ = engine.chances()
        return Case(start_state({**start, "moves": played}), None, ("listing", json.dumps(sorted(canonical(m) for m in listed))))
    if found.kind == "view" and found.details:  # what a seat (or the spectator) sees where the moves agree
        kind = VIEW + detail_viewer(found.details[0])
        return Case(start_state({**start, "moves": played}), None, (kind, observation_text(engine.observe(viewer_of(kind)))))
    if found.kind == "refusal" and found.moves:
        return Case(start_state({**start, "moves": played[:-1]}), move_of(played[-1]), ("refusal", json.dumps(True)))
    return None


def _own_move_unlisted(found: Disagreement, move: dict[str, Any]) -> bool:
    """Whether the engine does not list ``move`` while its state agrees with
    dlrules' (a state that differs too went astray before: the scenario's
    setup or position)."""
    return not found.state_paths and canonical(move) in found.unlisted
