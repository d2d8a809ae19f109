"""Shrinking by position (``dlrules conformance diff``): a disagreement found
deep in a game is reported from a position a few moves before it, plus the
moves from there, instead of the whole game. Deleting moves from a board
game's record rarely leaves it legal; starting later always does, since the
protocol loads any position.

Also the starts ``diff --from FILE`` reads: a position file, a reproducing
record of ``diff``, a scenario file, or a dlrules game record (JSON Lines).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dlrules.core.engine import apply
from dlrules.core.state import GameState
from dlrules.apps.conformance.engines import Engine, EngineError, move_of
from dlrules.apps.conformance.perft import start_state
from dlrules.apps.conformance.position import to_position

MAX_TAIL = 10
"""The most moves a disagreement shrunk by position is reported with."""


def positions(start: dict[str, Any], moves: list[dict[str, Any]]) -> list[GameState]:
    """dlrules' position after each prefix of ``moves`` from ``start`` (the start itself first)."""
    state = start_state(start)
    out = [state]
    for data in moves:
        state = apply(state, move_of(data))
        out.append(state)
    return out


def by_position(
    engine: Engine, start: dict[str, Any], moves: list[dict[str, Any]], same: Any, replay: Any, most: int = MAX_TAIL
) -> Any | None:
    """The disagreement ``same`` accepts (``same(found) -> bool``), replayed
    from the position ``k`` moves before the end of ``moves`` with the last
    ``k`` moves, for the smallest ``k`` from 1 to ``most`` that shows it; None
    when none does (an engine that cannot load the position, or a
    disagreement that needs more of the game's history).
    ``replay(engine, start, moves)`` is ``diff.replay``."""
    states = positions(start, moves)
    for k in range(1, min(most, len(moves)) + 1):
        begin = {"position": to_position(states[len(moves) - k])}
        try:
            found = replay(engine, begin, moves[len(moves) - k :])
        except EngineError:
            if hasattr(engine, "revive"):
                engine.revive()
            return None
        if found is not None and same(found):
            return found
    return None


def read_start(path: Path) -> dict[str, Any]:
    """A start for differential play from a file: a position document, a
    reproducing record (``setup`` or ``position``, and ``moves``), a scenario
    (its start), or a dlrules game record (JSON Lines: its setup and moves).
    Raises ``ValueError`` (or ``OSError``) when it is none of them."""
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except ValueError:
        return _game_record(path)
    if not isinstance(data, dict):
        raise ValueError("expected a JSON object: a position, a record or a scenario")
    if isinstance(data.get("position"), int) and "players" in data:  # a position document
        return {"position": data}
    if "position" in data or "setup" in data:
        start = {k: data[k] for k in ("position", "setup") if k in data}
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise ValueError("moves: expected a list of moves")
        return {**start, "moves": moves}
    if data.get("format") == "dlrules-record":
        return _game_record(path)
    raise ValueError("neither a position (\"position\": 1) nor a record (\"setup\" or \"position\", and \"moves\")")


def _game_record(path: Path) -> dict[str, Any]:
    from dlrules.records import read_record
    from dlrules.records.serialization import dumps

    record = read_record(path)
    h = record.header
    setup = {"players": h.players, "variant": h.variant, "deal_and_keep": h.deal_and_keep, "first_player": h.first_player,
             "special_events": h.special_events, "dummy_hires": h.dummy_hires, "table_rulings": h.table_rulings}  # fmt: skip
    return {"setup": setup, "moves": [json.loads(dumps(m.move)) for m in record.moves]}
