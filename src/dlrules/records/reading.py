"""Reading game records (docs/records.md): ``parse_record`` and
``read_record``, strict (``RecordError`` at the first problem, with its line
number) or lenient (every problem collected in ``GameRecord.problems``, the
lines that could be read kept). Every line is read within the ``Limits``,
each move decoded as strictly as ``loads`` does and checked against its
notation. The records themselves, writing and replay are in
``dlrules.records.game``."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import IO, Any


from dlrules.core.moves import Move
from dlrules.records.limits import DEFAULT_LIMITS, Limits, excerpt, parse_json, quote
from dlrules.records.notation import MAX_NOTATION, format_move, parse_legacy_move, parse_move
from dlrules.records.serialization import from_data
from dlrules.core.state import CHANCE, Phase

from dlrules.records.game import (
    FORMAT,
    FORMAT_VERSION,
    GameRecord,
    RecordError,
    RecordHeader,
    RecordProblem,
    RecordResult,
    RecordedMove,
)


class _Stop(Exception):
    """Lenient reading gives up (too many problems, the record too large)."""


class _Reader:
    def __init__(self, strict: bool, limits: Limits) -> None:
        self.strict = strict
        self.limits = limits
        self.problems: list[RecordProblem] = []

    def problem(self, line: int, message: str, rule: str | None = None) -> None:
        found = RecordProblem(line, message, rule)
        if self.strict:
            raise RecordError((found,))
        self.problems.append(found)
        if len(self.problems) >= self.limits.max_problems:
            self.problems.append(
                RecordProblem(line, f"{len(self.problems)} problems, the limit max_problems={self.limits.max_problems} (--max-problems): reading stopped here")
            )
            raise _Stop


def _get(data: dict[str, Any], key: str, typ: type, reader: _Reader, n: int, *, optional: bool = False) -> Any:
    if key not in data:
        if not optional:
            reader.problem(n, f"the {_kind_name(data)} line has no {key!r} field")
        return None
    value = data[key]
    ok = isinstance(value, typ) and not (typ is int and isinstance(value, bool))
    if not ok:
        reader.problem(n, f"{key!r} must be {_TYPE_WORDS.get(typ, typ.__name__)}, not {quote(value)}")
        return None
    return value


_TYPE_WORDS: dict[type, str] = {int: "an integer", str: "a string", bool: "true or false"}


def _kind_name(data: dict[str, Any]) -> str:
    kind = data.get("kind")
    return kind if kind in ("header", "move", "result") else "?"


def _read_header(data: dict[str, Any], reader: _Reader, n: int) -> RecordHeader | None:
    from dlrules.core.phases.setup import VARIANTS

    fmt = _get(data, "format", str, reader, n)
    if fmt is not None and fmt != FORMAT:
        reader.problem(n, f"not a dlrules record: format is {excerpt(fmt)}, expected {FORMAT!r}")
        return None
    version = _get(data, "version", int, reader, n)
    if version is not None and version != FORMAT_VERSION:
        reader.problem(n, f"record format version {version} is not supported (this dlrules reads version {FORMAT_VERSION})")
    players = _get(data, "players", int, reader, n)
    if players is not None and not 2 <= players <= 4:
        reader.problem(n, f"Dungeon Lords is played by 2, 3 or 4 players, not {players}")
        players = None
    variant = _get(data, "variant", str, reader, n)
    if variant is not None and variant not in VARIANTS:
        reader.problem(n, f"unknown variant {excerpt(variant)}: 'first' or 'full'")
        variant = None
    rules = _get(data, "rules", str, reader, n)
    seed = _get(data, "seed", int, reader, n, optional=True)
    start = _get(data, "start", str, reader, n, optional=True)
    deal_and_keep = _get(data, "deal_and_keep", bool, reader, n, optional=True)
    if deal_and_keep is False and variant == "full":
        reader.problem(n, "'deal_and_keep' cannot be false in a full game: it always deals 3 and keeps 2 (RUL-13)")
        return None
    first_player = _get(data, "first_player", int, reader, n, optional=True)
    if first_player is not None and players is not None and not 0 <= first_player < players:
        reader.problem(n, f"the first player is a seat, 0 to {players - 1}, not {first_player} (SETUP-1)")
        first_player = None
    special_events = _get(data, "special_events", bool, reader, n, optional=True)
    dummy_hires = _get(data, "dummy_hires", bool, reader, n, optional=True)
    table_rulings = _get(data, "table_rulings", bool, reader, n, optional=True)
    if players is None or variant is None:
        return None
    return RecordHeader(
        players,
        variant,
        rules or "unknown",
        FORMAT,
        FORMAT_VERSION,
        seed,
        start,
        deal_and_keep,
        first_player or 0,
        special_events is not False,
        dummy_hires is True,
        table_rulings is True,
    )


def _read_move(data: dict[str, Any], reader: _Reader, n: int, index: int | None) -> RecordedMove | None:
    """One move line; ``index`` is the move number expected (``None`` right
    after an unreadable line, when the count cannot be known). The JSON move
    is decoded as strictly as ``loads`` does (``from_data``)."""
    number = _get(data, "n", int, reader, n, optional=True)
    if number is not None and index is not None and number != index:
        reader.problem(n, f"move number {number} out of sequence: expected move {index}")
    move: Move | None = None
    if "move" in data:
        try:
            move = from_data(data["move"], Move)
        except ValueError as exc:
            reader.problem(n, f"the move is not a dlrules move: {exc}")
            return None
    notation = _get(data, "notation", str, reader, n, optional=True)
    if notation is not None:
        try:
            written = parse_move(notation)
        except ValueError as exc:
            reader.problem(n, f"the notation cannot be read: {exc}")
            return None
        if move is None:
            move = written
        elif written != move and not _legacy_notation_of(notation, move):
            reader.problem(n, f"the notation {excerpt(notation)} and the JSON move ({format_move(move)!r}) disagree")
            return None
    if move is None:
        reader.problem(n, "a move line needs a 'move' (JSON) or a 'notation' field")
        return None
    written_out = format_move(move)
    if len(written_out) > MAX_NOTATION:  # no real move is this long: a name that is no card
        reader.problem(n, f"the move {excerpt(written_out)} is longer than any move ({MAX_NOTATION} characters in notation)")
        return None
    seat = _get(data, "seat", int, reader, n, optional=True)
    if seat is not None and seat != move.seat:
        who = "chance" if move.seat == CHANCE else f"Player {move.seat + 1}"
        reader.problem(n, f"'seat' is {seat} but the move is made by {who} (seat index {move.seat}: the JSON counts seats from 0, chance is -1)")
    digest = _get(data, "hash", str, reader, n, optional=True)
    return RecordedMove(move, digest, n)


def _legacy_notation_of(notation: str, move: Move) -> bool:
    """A record written before LIB-TV-2 gives squares, positions and indices
    in its notation from 0, as in the JSON: that notation still agrees."""
    try:
        return parse_legacy_move(notation) == move
    except ValueError:
        return False


def _read_result(data: dict[str, Any], reader: _Reader, n: int) -> RecordResult | None:
    moves = _get(data, "moves", int, reader, n)
    year = _get(data, "year", int, reader, n)
    rnd = _get(data, "round", int, reader, n)
    phase = _get(data, "phase", str, reader, n)
    over = _get(data, "over", bool, reader, n)
    digest = _get(data, "hash", str, reader, n, optional=True)
    scores = _int_list(data, "scores", reader, n)
    winners = _int_list(data, "winners", reader, n)
    if phase is not None and phase not in {p.value for p in Phase}:
        reader.problem(n, f"unknown phase {excerpt(phase)} in the result")
        return None
    if None in (moves, year, rnd, phase, over):
        return None
    return RecordResult(moves, year, rnd, phase, over, digest, n, scores, winners)


def _int_list(data: dict[str, Any], key: str, reader: _Reader, n: int) -> tuple[int, ...] | None:
    """An optional list of whole numbers in the result (``scores``, ``winners``)."""
    value = _get(data, key, list, reader, n, optional=True)
    if value is None:
        return None
    if len(value) > 4 or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        reader.problem(n, f"{key!r} must be a list of at most 4 whole numbers (one per seat), not {quote(value)}")
        return None
    return tuple(value)


_CHUNK = 1 << 16


def _lines(stream: Any, reader: _Reader) -> Iterator[tuple[int, str | None]]:
    """The lines of ``stream`` (text or bytes), read piece by piece within the
    reader's limits, numbered from 1, without their line ends. A line that
    cannot be used (too long, not UTF-8) is reported and given as ``None``.
    Reading stops once ``max_size`` characters (bytes) have been read."""
    limits = reader.limits
    total = 0
    n = 0
    while True:
        piece = stream.readline(limits.max_line + 2)  # room for "\r\n"
        if not piece:
            return
        n += 1
        total += len(piece)
        if total > limits.max_size:
            reader.problem(n, f"the record is larger than the limit max_size={limits.max_size} (raise it with --max-size): reading stopped here")
            raise _Stop
        newline = "\n" if isinstance(piece, str) else b"\n"
        ends = piece.endswith(newline)
        body = piece.rstrip("\r\n" if isinstance(piece, str) else b"\r\n")
        if len(body) > limits.max_line:
            while not ends:  # skip the rest of the line, piece by piece
                more = stream.readline(_CHUNK)
                if not more:
                    break
                total += len(more)
                if total > limits.max_size:
                    reader.problem(n, f"the line is longer than the limit max_line={limits.max_line} (raise it with --max-line)")
                    reader.problem(n, f"the record is larger than the limit max_size={limits.max_size} (raise it with --max-size): reading stopped here")
                    raise _Stop
                ends = more.endswith(newline)
            reader.problem(n, f"the line is longer than the limit max_line={limits.max_line} (raise it with --max-line)")
            yield n, None
            continue
        if isinstance(body, bytes):
            try:
                text = body.decode("utf-8")
            except UnicodeDecodeError as exc:
                reader.problem(n, f"the line is not UTF-8 text ({exc.reason} at byte {exc.start + 1})")
                yield n, None
                continue
        else:
            text = body
        yield n, text


def _parse_stream(stream: Any, strict: bool, limits: Limits) -> GameRecord:
    """Read a record line by line; a line's fields this version does not know
    are ignored (LIB-IN-2), the move in it is decoded strictly (LIB-IN-1)."""
    reader = _Reader(strict, limits)
    header: RecordHeader | None = None
    seen_header = False
    seen_result = False
    counted = 0  # the number of the last move line read
    lost = False  # the line before could not be read: move numbering resumes
    moves: list[RecordedMove] = []
    result: RecordResult | None = None
    last = 0
    stopped = False
    try:
        for n, raw in _lines(stream, reader):
            last = n
            if raw is None:
                lost = True
                continue
            if not raw.strip():
                continue  # blank lines carry nothing
            try:
                data = parse_json(raw, limits, what="the line")
            except ValueError as exc:
                reader.problem(n, f"{exc}; is the record truncated or hand-edited?")
                lost = True
                continue
            if not isinstance(data, dict):
                reader.problem(n, "each line must be a JSON object")
                lost = True
                continue
            kind = data.get("kind")
            if not seen_header:
                if kind != "header":
                    reader.problem(n, f"the first line must be the header (kind 'header'), not {quote(kind)}")
                seen_header = True
                if kind == "header":
                    header = _read_header(data, reader, n)
                    continue
            if seen_result:
                reader.problem(n, "nothing may follow the result line")
                continue
            if kind == "header":
                reader.problem(n, "a second header")
            elif kind == "move":
                number = data.get("n")
                rm = _read_move(data, reader, n, None if lost else counted + 1)
                counted = number if isinstance(number, int) and not isinstance(number, bool) else counted + 1
                lost = False
                if rm is not None:  # readable, perhaps with a problem already reported
                    moves.append(rm)
            elif kind == "result":
                seen_result = True
                result = _read_result(data, reader, n)
                if result is not None and result.moves != len(moves):
                    reader.problem(n, f"the result counts {result.moves} moves but the record has {len(moves)}")
            else:
                reader.problem(n, f"unknown line kind {quote(kind)} (header, move or result)")
        if not seen_header:
            reader.problem(0, "the record is empty" if last == 0 else "the record has no readable header line")
        # No result line: a game still being played (LIB-TV-3); a file cut inside
        # a line is reported above as a line that is not valid JSON.
    except _Stop:
        stopped = True
    if header is None:
        # Lenient reading without a usable header: nothing can be replayed.
        if not reader.problems and not stopped:  # pragma: no cover - every path above reports
            reader.problems.append(RecordProblem(1, "no usable header"))
        header = RecordHeader(players=0, variant="", rules="unknown")
    return GameRecord(header, tuple(moves), result, tuple(reader.problems))


class _TextSource:
    """``readline(limit)`` over a string already in memory, without copying it."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def readline(self, limit: int) -> str:
        start = self.pos
        stop = min(len(self.text), start + limit)
        end = self.text.find("\n", start, stop)
        self.pos = stop if end < 0 else end + 1
        return self.text[start : self.pos]


def parse_record(text: str, *, strict: bool = True, limits: Limits = DEFAULT_LIMITS) -> GameRecord:
    """Read a record from JSON Lines text; see ``read_record``."""
    if not isinstance(text, str):
        raise RecordError((RecordProblem(0, f"a record is text, not {type(text).__name__}"),))
    return _parse_stream(_TextSource(text), strict, limits)


def read_record(
    source: str | os.PathLike[str] | IO[str] | IO[bytes], *, strict: bool = True, limits: Limits = DEFAULT_LIMITS
) -> GameRecord:
    """Read a record from a path or an open file (text or binary), line by
    line within ``limits`` (dlrules.records.limits.Limits: line length, total size,
    JSON nesting and integer digits, problems collected).

    ``strict=True`` raises ``RecordError`` at the first problem (its line
    number in the message); ``strict=False`` reads on and returns the record
    with every problem in ``problems`` (lines that could not be read are
    left out) and never raises for the record's contents. A file that cannot
    be opened or read raises ``RecordError`` in both modes."""
    try:
        if isinstance(source, (str, os.PathLike)):
            with open(source, "rb") as fh:
                return _parse_stream(fh, strict, limits)
        return _parse_stream(source, strict, limits)
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError((RecordProblem(0, f"cannot read the record: {excerpt(str(exc), 120)}"),)) from exc


