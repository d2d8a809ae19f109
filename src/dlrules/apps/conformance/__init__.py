"""The conformance kit (docs/conformance.md): rule checks as data that any
Dungeon Lords engine can run, through a small line-based JSON protocol.

- ``scenarios/``: the scenarios (format ``FORMAT``), one folder per area;
- ``position``: the position format (version ``POSITION_VERSION``) and its
  reading and writing; ``schemas/``: JSON Schemas of scenarios and positions;
- ``protocol.md``: the referee protocol (version ``PROTOCOL_VERSION``),
  spoken by ``dlrules engine``;
- ``scenarios`` (the runner), ``suite`` (the whole kit, reports),
  ``diff`` (differential play), ``perft`` (move-count anchors).
"""

from __future__ import annotations

from pathlib import Path

from dlrules.apps.conformance.engines import PROTOCOL, PROTOCOL_VERSION, EngineError, InProcess, Referee, Refusal, Subprocess
from dlrules.apps.conformance.position import POSITION_VERSION, PositionError, from_position, to_position
from dlrules.apps.conformance.scenarios import FORMAT, SCENARIOS

KIT = Path(__file__).resolve().parent
"""The kit's data: ``scenarios/``, ``schemas/``, ``protocol.md``, ``perft.json``."""

KIT_VERSION = f"{FORMAT}.{POSITION_VERSION}.{PROTOCOL_VERSION}"
"""The kit's version: scenario format, position format, protocol version."""

__all__ = [
    "FORMAT", "KIT", "KIT_VERSION", "POSITION_VERSION", "PROTOCOL", "PROTOCOL_VERSION", "SCENARIOS", "EngineError",
    "InProcess", "PositionError", "Referee", "Refusal", "Subprocess", "from_position", "to_position",
]  # fmt: skip
