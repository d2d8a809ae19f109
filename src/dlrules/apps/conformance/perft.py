"""Perft-like anchors (docs/conformance.md, "Move counts"): the number of
legal-move sequences of length d from fixed positions, chance turns counted
as moves (one per outcome). Engines that agree on every count up to a depth
agree on which moves are legal everywhere those sequences reach.

``perft.json`` in the kit holds the published counts (and ``anchors/`` the
positions of the rare rules' anchors); ``dlrules conformance perft [--engine
CMD]`` recomputes them and compares; ``--divide NAME`` splits one anchor's
count by its first move, to find where two engines part.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs

from dlrules.apps.conformance.engines import SETUP_KEYS, Engine, canonical, move_data, move_of
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
    """The position a start describes: a ``position`` or a new game (``setup``),
    then its ``moves`` (either way)."""
    if "position" in start:
        state = from_position(start["position"])
    else:
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


def _engine_children(engine: Engine, position: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(move, the engine's position after it) for each move the engine lists
    at ``position``: ``set_position``, then ``apply`` and ``get_position``
    per move (protocol version 2)."""
    engine.load_position(position)
    out = []
    for move in engine.legal_moves():
        engine.load_position(position)
        refusal = engine.apply(move)
        if refusal is not None:
            raise ValueError(f"the engine refuses {json.dumps(move)} (citing {list(refusal.rules)}), a move it listed")
        out.append((move, engine.get_position()))
    return out


def engine_perft(engine: Engine, start: dict[str, Any], depth: int) -> int:
    """The engine's count, through the protocol: the start once, then each
    inner node by ``set_position`` of the position the engine gave for it."""
    if depth == 0:
        return 1
    _engine_start(engine, start, [])
    root = engine.get_position()

    def count(position: dict[str, Any], left: int) -> int:
        if left == 1:
            engine.load_position(position)
            return len(engine.legal_moves())
        return sum(count(child, left - 1) for _, child in _engine_children(engine, position))

    return count(root, depth)


def divide(state: GameState, depth: int) -> dict[str, int]:
    """dlrules' perft ``divide``: for each legal move (in its canonical JSON),
    the count of sequences of length ``depth - 1`` after it."""
    return {canonical(move_data(m)): perft(apply_unchecked(state, m), depth - 1) for m in legal_moves(state)}


def engine_divide(engine: Engine, start: dict[str, Any], depth: int) -> dict[str, int]:
    """The engine's ``divide``, through the protocol."""
    _engine_start(engine, start, [])
    root = engine.get_position()
    out = {}
    for move, child in _engine_children(engine, root):
        if depth <= 1:
            out[canonical(move)] = 1
            continue
        out[canonical(move)] = engine_perft(engine, {"position": child}, depth - 1)
    return out


def compare_divide(ours: dict[str, int], theirs: dict[str, int]) -> list[str]:
    """The first moves whose counts differ (or that only one side lists), in words."""
    lines = []
    for key in sorted(ours.keys() | theirs.keys()):
        a, b = ours.get(key), theirs.get(key)
        if a != b:
            lines.append(f"{key}: dlrules {'does not list it' if a is None else a}, the engine {'does not list it' if b is None else b}")
    return lines


@attrs.frozen
class Anchor:
    name: str
    start: dict[str, Any]
    counts: tuple[int, ...]  # depth 1, 2, …
    rules: tuple[str, ...] = ()  # the rare rules the anchor is chosen for


def anchors(path: Path = ANCHORS) -> list[Anchor]:
    data = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for entry in data["anchors"]:
        if "scenario" in entry:
            start = scenario_start(entry["scenario"])
        elif "position_file" in entry:
            start = {"position": json.loads((path.parent / entry["position_file"]).read_text(encoding="utf-8"))}
        else:
            start = {"setup": entry["setup"]}
        out.append(Anchor(entry["name"], start, tuple(entry["counts"]), tuple(entry.get("rules", ()))))
    return out


def rare_starts(path: Path = ANCHORS.parent / "anchors" / "index.json") -> list[dict[str, Any]]:
    """The rare rules' anchors as starts for differential play: each anchor's
    position and the moves from it to the rare decision (seed_anchors.py)."""
    out = []
    for rare in json.loads(path.read_text(encoding="utf-8")):
        position = json.loads((path.parent.parent / rare["file"]).read_text(encoding="utf-8"))
        out.append({"position": position, "moves": rare["path"], "name": rare["name"]})
    return out


def find_anchor(name: str) -> Anchor:
    """The anchor whose name holds ``name`` (the first), or ``KeyError``."""
    for anchor in anchors():
        if name in anchor.name:
            return anchor
    raise KeyError(f"no perft anchor named like {name!r}")


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
