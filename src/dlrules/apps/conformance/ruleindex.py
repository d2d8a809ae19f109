"""The kit's scenarios indexed by the kind of move they test (``signature``:
the phase, the move's type and, in resolution, the action space), with the
observation paths each changes and its rule IDs. ``diff`` names the rules
involved in a disagreement from it, and ``steer``'s coverage report the rules
a play-out exercised."""

from __future__ import annotations

from functools import cache

import attrs

from dlrules.core.moves import Move
from dlrules.core.state import GameState, Phase
from dlrules.apps.conformance.engines import move_of
from dlrules.apps.conformance.perft import start_state
from dlrules.apps.conformance.scenarios import SCENARIOS, load, scenario_files


@attrs.frozen
class Entry:
    """A kit scenario with a legal move: the kind of move, the phase, the
    observation paths it changes (seats generalised) and its rule IDs."""

    signature: tuple[str, ...]
    paths: frozenset[str]
    rules: tuple[str, ...]
    id: str = ""


@cache
def rule_index() -> tuple[Entry, ...]:
    """Every kit scenario whose move is legal, as an ``Entry``."""
    entries = []
    for path in scenario_files(SCENARIOS):
        data = load(path)
        if not data["expect"]["legal"]:
            continue
        start = {"position": data["position"]} if "position" in data else {"setup": data["setup"], "moves": data.get("moves", [])}
        try:
            sig = signature(start_state(start), move_of(data["move"]))
        except Exception:  # a scenario the reference cannot start is the suite's business  # noqa: BLE001
            continue
        paths = frozenset(general(p) for p in [*data["expect"].get("changes", {}), *data["expect"].get("after", {})])
        entries.append(Entry(sig, paths, tuple(data["rules"]), data["id"]))
    return tuple(entries)


def general(path: str) -> str:
    """``players.2.food`` → ``players.*.food``: paths of any seat compare alike."""
    return ".".join("*" if part.isdigit() else part for part in path.split("."))


def signature(state: GameState, move: Move) -> tuple[str, ...]:
    """A move's kind: its phase and type, and in resolution the action space resolving."""
    sig: tuple[str, ...] = (state.phase.value, type(move).__name__)
    r = state.resolution
    if state.phase is Phase.RESOLUTION and r is not None and r.space < 8:
        sig += (str(r.space),)
    return sig
