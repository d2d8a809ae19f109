"""Records and notation: how positions, moves and whole games are written and
read, and what a seat may read of them. JSON (``serialization``) within the
readers' ``limits``, the check of impossible positions (``validity``), the
move notation (``notation``), game records (``game``) and each seat's
projection of a position (``views``, the one place hidden information is read
for a seat). docs/records.md, docs/views.md.

The game records' names are here too, as they were when ``dlrules.records``
was a module (``from dlrules.records import GameRecord`` keeps working)."""

from __future__ import annotations

from dlrules.records.game import (
    FORMAT,
    FORMAT_VERSION,
    GameRecord,
    HASH_SCHEME,
    RecordError,
    RecordHeader,
    RecordProblem,
    RecordResult,
    RecordedMove,
    Replay,
    ReplayFailure,
    dumps_record,
    make_record,
    record_lines,
    replay,
    start_state,
    state_hash,
    verify,
    write_record,
)
from dlrules.records.reading import parse_record, read_record

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "GameRecord",
    "HASH_SCHEME",
    "RecordError",
    "RecordHeader",
    "RecordProblem",
    "RecordResult",
    "RecordedMove",
    "Replay",
    "ReplayFailure",
    "dumps_record",
    "make_record",
    "parse_record",
    "read_record",
    "record_lines",
    "replay",
    "start_state",
    "state_hash",
    "verify",
    "write_record",
]
