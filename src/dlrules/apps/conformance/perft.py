"""Perft-like anchors (docs/conformance.md, "Move counts"): the number of
legal-move sequences of length d from fixed positions, chance turns counted
as moves (one per outcome). Engines that agree on every count up to a depth
agree on which moves are legal everywhere those sequences reach.

``perft.json`` in the kit holds the published counts; ``dlrules conformance
perft [--engine CMD]`` recomputes them and compares.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs

from dlrules.apps.conformance.engines import SETUP_KEYS, Engine, move_of
from dlrules.apps.conformance.position import from_position
from dlrules.apps.conformance.scenarios import SCENARIOS, load, scenario_files
from dlrules.core.engine import apply, apply_unchecked, legal_moves, new_game
from dlrules.core.state import GameState

ANCHORS = Path(__file__).resolve().parent / "perft.json"


def perft(state: GameState, depth: int) -> int:
    """dlrules' count of legal-move sequences of length ``depth`` from ``state``."""
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(apply_unchecked(state, m), depth - 1) for m in moves)


def scenario_start(scenario_id: str) -> dict[str, Any]:
    """The start of a kit scenario, as an anchor gives it (setup + moves, or a position)."""
    for path in scenario_files(SCENARIOS):
        if path.stem == scenario_id:
            data = load(path)
            if "position" in data:
                return {"position": data["position"]}
            return {"setup": data["setup"], "moves": data.get("moves", [])}
    raise KeyError(f"no scenario {scenario_id!r} in the kit")


def start_state(start: dict[str, Any]) -> GameState:
    if "position" in start:
        return from_position(start["position"])
    setup = start["setup"]
    state = new_game(setup["players"], **{k: setup[k] for k in SETUP_KEYS if k in setup and k != "players"})
    for data in start.get("moves", []):
        state = apply(state, move_of(data))
    return state


def _engine_start(engine: Engine, start: dict[str, Any], path: list[dict[str, Any]]) -> None:
    if "position" in start:
        engine.load_position(start["position"])
    else:
        setup = start["setup"]
        engine.new_game({k: setup[k] for k in SETUP_KEYS if k in setup})
    for move in [*start.get("moves", []), *path]:
        refusal = engine.apply(move)
        if refusal is not None:
            raise ValueError(f"the engine refuses {json.dumps(move)} (citing {list(refusal.rules)}), a move it listed")


def engine_perft(engine: Engine, start: dict[str, Any], depth: int) -> int:
    """The engine's count, through the protocol: each inner node is reached
    again from the start (the protocol has no undo)."""

    def count(path: list[dict[str, Any]], left: int) -> int:
        _engine_start(engine, start, path)
        moves = engine.legal_moves()
        if left == 1:
            return len(moves)
        return sum(count([*path, m], left - 1) for m in moves)

    return 1 if depth == 0 else count([], depth)


@attrs.frozen
class Anchor:
    name: str
    start: dict[str, Any]
    counts: tuple[int, ...]  # depth 1, 2, …


def anchors(path: Path = ANCHORS) -> list[Anchor]:
    data = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for entry in data["anchors"]:
        start = scenario_start(entry["scenario"]) if "scenario" in entry else {"setup": entry["setup"]}
        out.append(Anchor(entry["name"], start, tuple(entry["counts"])))
    return out


def check_anchors(engine: Engine | None, max_depth: int = 99, only: str | None = None) -> list[tuple[str, int, int, int]]:
    """(anchor name, depth, published count, counted) for each anchor and
    depth up to ``max_depth``; dlrules in-process when ``engine`` is None."""
    rows = []
    for anchor in anchors():
        if only is not None and only not in anchor.name:
            continue
        state = start_state(anchor.start) if engine is None else None
        for depth, published in enumerate(anchor.counts[:max_depth], start=1):
            got = perft(state, depth) if state is not None else engine_perft(engine, anchor.start, depth)  # type: ignore[arg-type]
            rows.append((anchor.name, depth, published, got))
    return rows
