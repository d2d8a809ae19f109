"""A referee-protocol adapter in a few dozen lines (docs/conformance.md,
"From zero to a green run"): the loop an engine in any language writes to
run the conformance kit.

    dlrules conformance run --engine "python examples/conformance_adapter.py"
    dlrules conformance diff --engine "python examples/conformance_adapter.py" --games 5

The engine behind it here is dlrules' public API, standing in for yours:
replace the marked calls with your engine's own (start a game, load a
position, list moves with the odds of chance's, apply one, describe the
position as a seat sees it, write the position). Everything else is the protocol: one JSON request per line in,
one JSON answer per line out, errors as data.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import dlrules
from dlrules.apps.conformance.observe import observe, viewer_error  # yours: your state -> the observation's paths
from dlrules.apps.conformance.position import PositionError, from_position, to_position  # yours: position <-> your state


def answer(state: Any, request: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """(the new state, the answer) for one request."""
    cmd = request.get("cmd")
    if cmd == "hello":
        return state, {"ok": True, "protocol": "dlrules-referee", "version": 2, "engine": "example adapter"}
    if cmd == "new_game":  # 1. start a game
        keys = ("variant", "deal_and_keep", "first_player", "special_events", "dummy_hires", "table_rulings")
        options = {k: request[k] for k in keys if k in request}
        return dlrules.new_game(request["players"], **options), {"ok": True}
    if cmd in ("load_position", "set_position"):  # 2. load a position
        try:
            return from_position(request["position"]), {"ok": True}
        except PositionError as exc:
            return state, {"ok": False, "error": {"kind": "bad_position", "message": str(exc)}}
    if state is None:
        return state, {"ok": False, "error": {"kind": "no_game", "message": "new_game or load_position first"}}
    if cmd == "legal_moves":  # 3. every legal move, chance included, each chance outcome with its odds
        odds = dict(dlrules.chance_outcomes(state))
        moves = dlrules.legal_moves(state)
        listed = [json.loads(dlrules.dumps(m)) for m in moves]
        probabilities = [f"{odds[m].numerator}/{odds[m].denominator}" if m in odds else None for m in moves]
        return state, {"ok": True, "moves": listed, "probabilities": probabilities}
    if cmd == "apply":  # 4. apply a move, or refuse it with rule IDs
        try:
            return dlrules.apply(state, dlrules.loads(json.dumps(request["move"]), dlrules.Move)), {"ok": True}
        except dlrules.IllegalMove as exc:
            return state, {"ok": False, "error": {"kind": "illegal_move", "rules": list(exc.rules), "message": str(exc)}}
        except (ValueError, TypeError, KeyError) as exc:
            return state, {"ok": False, "error": {"kind": "bad_move", "message": str(exc)}}
    if cmd == "observe":  # 5. the observation document, as the referee, a seat or a spectator sees it
        viewer = request.get("seat", "referee")
        problem = viewer_error(state, viewer)
        if problem is not None:
            return state, {"ok": False, "error": {"kind": "bad_request", "message": problem}}
        return state, {"ok": True, "observation": observe(state, viewer)}
    if cmd == "get_position":  # 6. the position document
        return state, {"ok": True, "position": to_position(state)}
    if cmd == "quit":
        return state, {"ok": True}
    return state, {"ok": False, "error": {"kind": "bad_request", "message": f"unknown command {cmd!r}"}}


def main() -> None:
    state = None
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except ValueError:
            request = None
        if not isinstance(request, dict):
            request = {"cmd": None}
        if not line.strip():
            continue
        state, reply = answer(state, request)
        if "id" in request:
            reply["id"] = request["id"]
        print(json.dumps(reply), flush=True)
        if request.get("cmd") == "quit":
            break


if __name__ == "__main__":
    main()
