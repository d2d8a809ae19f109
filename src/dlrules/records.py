"""Game records: JSON Lines, a header, one line per move, the result
(docs/records.md). Replay is a fold of ``apply`` from ``new_game``; it needs no
random state and is verified move by move against the recorded state hashes.

Reading has a strict mode (``RecordError`` at the first problem, with its line
number) and a lenient mode (every problem collected, with its line number, in
``GameRecord.problems``; the lines that could be read are kept).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Iterator
from typing import IO, Any

import attrs

from dlrules._version import __version__
from dlrules.errors import IllegalMove, Violation
from dlrules.moves import Move
from dlrules.limits import DEFAULT_LIMITS, Limits, excerpt, parse_json, quote
from dlrules.notation import MAX_NOTATION, format_move, parse_legacy_move, parse_move
from dlrules.serialization import dumps, from_data, to_data
from dlrules.state import CHANCE, GameState, Phase, plug_in

FORMAT = "dlrules-record"
"""The ``format`` field of every header."""

FORMAT_VERSION = 1
"""The version of the record format this module writes and reads."""

HASH_SCHEME = "sha256"
"""State hashes are ``"sha256:" + sha256(dumps(state))`` (``state_hash``)."""


def state_hash(state: GameState) -> str:
    """A stable hash of a state: the sha256 of its canonical JSON (``dumps``:
    sorted keys, no spaces). Equal states have equal hashes; the hash changes
    with the state's shape, so it is tied to the ``rules`` version."""
    return f"{HASH_SCHEME}:" + hashlib.sha256(dumps(state).encode("utf-8")).hexdigest()


plug_in("hash", state_hash)  # repr(state): the state's socket (docs/architecture.md, "Floors")


def _rules_version() -> str:
    return __version__


@attrs.frozen
class RecordHeader:
    """The first line: what game this is. ``rules`` is the dlrules version that
    wrote it; ``start`` the hash of the state ``new_game`` gave (or ``None``)."""

    players: int
    variant: str
    rules: str
    format: str = FORMAT
    version: int = FORMAT_VERSION
    seed: int | None = None
    start: str | None = None
    deal_and_keep: bool | None = None  # RUL-13: a first game played with deal 3, keep 2 (None: the variant's own)
    first_player: int = 0  # SETUP-1: the seat the table chose to begin
    special_events: bool = True  # SPE-3: False plays the full game without the special event cards (LIB-TAB-7)
    dummy_hires: bool = False  # the optional DUM3-5, off by default
    table_rulings: bool = False  # a real table: the host rules on cards the referee cannot read (LIB-TAB-8)


@attrs.frozen
class RecordedMove:
    """One move line: the move, the hash of the state after it (optional) and
    the line number it was read from (0 when not read from a file)."""

    move: Move
    hash: str | None = None
    line: int = 0

    @property
    def notation(self) -> str:
        return format_move(self.move)


@attrs.frozen
class RecordResult:
    """The last line: where the game stood after the last move and, once the
    game is over (SCO-3), the outcome: each seat's final total (``scores``, in
    seat order) and the winning seats (``winners``, from 0 like ``seat``);
    both ``None`` for a game that did not reach the end."""

    moves: int
    year: int
    round: int
    phase: str
    over: bool
    hash: str | None = None
    line: int = 0
    scores: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None


@attrs.frozen
class RecordProblem:
    """Something wrong with a record: the line (1-based; 0 for the file as a
    whole), what is wrong, and the rule ID when a move is illegal."""

    line: int
    message: str
    rule: str | None = None

    def __str__(self) -> str:
        where = f"line {self.line}" if self.line else "record"
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{where}:{rule} {self.message}"


@attrs.frozen
class GameRecord:
    """A whole record. ``problems`` is filled by lenient reading only."""

    header: RecordHeader
    moves: tuple[RecordedMove, ...]
    result: RecordResult | None = None
    problems: tuple[RecordProblem, ...] = ()


class RecordError(ValueError):
    """A record that cannot be read (strict mode) or replayed."""

    def __init__(self, problems: tuple[RecordProblem, ...]) -> None:
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))


# --- making and writing ------------------------------------------------------------------


def start_state(header: RecordHeader) -> GameState:
    """The state a record starts from: ``new_game(players, variant=variant,
    deal_and_keep=deal_and_keep, ...)`` with the header's setup options."""
    from dlrules.engine import new_game

    return new_game(
        header.players,
        variant=header.variant,
        deal_and_keep=header.deal_and_keep,
        first_player=header.first_player,
        special_events=header.special_events,
        dummy_hires=header.dummy_hires,
        table_rulings=header.table_rulings,
    )


def make_record(
    players: int,
    variant: str,
    moves: Iterable[Move],
    *,
    seed: int | None = None,
    hashes: bool = True,
    deal_and_keep: bool | None = None,
    first_player: int = 0,
    special_events: bool = True,
    dummy_hires: bool = False,
    table_rulings: bool = False,
) -> GameRecord:
    """The record of ``moves`` played from ``new_game(players, variant)``
    (e.g. ``play_out(...).moves``). Replays them to compute the state hashes
    (``hashes=False`` leaves them out); raises ``IllegalMove`` if a move is
    illegal. The result line is written only when the game has ended (nobody
    can move any more); a game still being played has none (LIB-TV-3)."""
    from dlrules.engine import apply, to_move

    header = RecordHeader(
        players=players,
        variant=variant,
        rules=_rules_version(),
        seed=seed,
        deal_and_keep=deal_and_keep,
        first_player=first_player,
        special_events=special_events,
        dummy_hires=dummy_hires,
        table_rulings=table_rulings,
    )
    state = start_state(header)
    if hashes:
        header = attrs.evolve(header, start=state_hash(state))
    recorded: list[RecordedMove] = []
    for move in moves:
        state = apply(state, move)
        recorded.append(RecordedMove(move, state_hash(state) if hashes else None))
    over = state.phase is Phase.GAME_OVER or not to_move(state)
    scores, winners = _outcome_fields(state)
    result = RecordResult(
        moves=len(recorded),
        year=state.year,
        round=state.round,
        phase=state.phase.value,
        over=True,
        hash=state_hash(state) if hashes else None,
        scores=scores,
        winners=winners,
    )
    return GameRecord(header, tuple(recorded), result if over else None)


def _outcome_fields(state: GameState) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
    """The result line's ``scores`` and ``winners`` (SCO-3, SCO-14): the final
    totals and winning seats once the game is over, else ``(None, None)``."""
    from dlrules.phases.scoring import outcome

    result = outcome(state)
    if result is None:
        return None, None
    return result.totals, result.winners


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


def record_lines(record: GameRecord) -> Iterator[str]:
    """The JSON Lines of ``record`` (without newlines)."""
    h = record.header
    header: dict[str, Any] = {
        "kind": "header",
        "format": h.format,
        "version": h.version,
        "rules": h.rules,
        "variant": h.variant,
        "players": h.players,
    }
    if h.deal_and_keep is not None:
        header["deal_and_keep"] = h.deal_and_keep
    if h.first_player:
        header["first_player"] = h.first_player
    if not h.special_events:
        header["special_events"] = False
    if h.dummy_hires:
        header["dummy_hires"] = True
    if h.table_rulings:
        header["table_rulings"] = True
    if h.seed is not None:
        header["seed"] = h.seed
    if h.start is not None:
        header["start"] = h.start
    yield _line(header)
    players = h.players
    for n, rm in enumerate(record.moves, start=1):
        line: dict[str, Any] = {
            "kind": "move",
            "n": n,
            "seat": rm.move.seat,
            "move": to_data(rm.move),
            "notation": format_move(rm.move, players=players),
        }
        if rm.hash is not None:
            line["hash"] = rm.hash
        yield _line(line)
    r = record.result
    if r is not None:
        result: dict[str, Any] = {
            "kind": "result",
            "moves": r.moves,
            "year": r.year,
            "round": r.round,
            "phase": r.phase,
            "over": r.over,
        }
        if r.scores is not None:
            result["scores"] = list(r.scores)
        if r.winners is not None:
            result["winners"] = list(r.winners)
        if r.hash is not None:
            result["hash"] = r.hash
        yield _line(result)


def dumps_record(record: GameRecord) -> str:
    """The record as JSON Lines text (each line ends with a newline)."""
    return "".join(line + "\n" for line in record_lines(record))


def write_record(record: GameRecord, target: str | os.PathLike[str] | IO[str]) -> None:
    """Write ``record`` as JSON Lines to a path or an open text file."""
    text = dumps_record(record)
    if isinstance(target, (str, os.PathLike)):
        with open(target, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        target.write(text)


# --- reading -------------------------------------------------------------------------------


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
    from dlrules.phases.setup import VARIANTS

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
    line within ``limits`` (dlrules.limits.Limits: line length, total size,
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


# --- replay and verification ---------------------------------------------------------------


@attrs.frozen
class ReplayFailure:
    """Why replay stopped: the line, the move (1-based index) and either the
    violated rules (an illegal move) or a reason (a hash or result mismatch)."""

    line: int
    index: int
    move: Move | None
    violations: tuple[Violation, ...]
    reason: str

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(v.rule for v in self.violations)

    def __str__(self) -> str:
        what = f" move {self.index} ({format_move(self.move)})" if self.move is not None else ""
        return f"line {self.line}:{what}: {self.reason}"


@attrs.frozen
class Replay:
    """The result of ``replay``: the state reached, how many moves were applied
    and, if replay stopped early, why."""

    state: GameState
    applied: int
    failure: ReplayFailure | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None


def replay(record: GameRecord, *, upto: int | None = None, check_hashes: bool = True) -> Replay:
    """Re-apply the record's moves from ``new_game`` (the first ``upto`` only,
    when given), stopping at the first illegal move or, with ``check_hashes``,
    the first state whose hash differs from the recorded one. After the last
    move the result line is checked too. Raises ``RecordError`` for a record
    whose header has no usable player count or variant."""
    from dlrules.engine import apply

    header = record.header
    if not 2 <= header.players <= 4:
        raise RecordError((RecordProblem(1, "the header has no usable player count or variant"),))
    state = start_state(header)
    if check_hashes and header.start is not None and state_hash(state) != header.start:
        reason = "the starting position differs from the recorded one (another rules version or setup?)"
        return Replay(state, 0, ReplayFailure(1, 0, None, (), reason))
    moves = record.moves if upto is None else record.moves[: max(0, upto)]
    for i, rm in enumerate(moves, start=1):
        try:
            state = apply(state, rm.move)
        except IllegalMove as exc:
            reason = "; ".join(str(v) for v in exc.violations)
            return Replay(state, i - 1, ReplayFailure(rm.line, i, rm.move, exc.violations, f"illegal move: {reason}"))
        if check_hashes and rm.hash is not None and state_hash(state) != rm.hash:
            reason = "the position after this move differs from the recorded one (state hash mismatch)"
            return Replay(state, i, ReplayFailure(rm.line, i, rm.move, (), reason))
    r = record.result
    if upto is None and r is not None:
        got = (state.year, state.round, state.phase.value)
        if got != (r.year, r.round, r.phase):
            reason = f"the result says year {r.year}, round {r.round}, {r.phase} but replay reached year {got[0]}, round {got[1]}, {got[2]}"
            return Replay(state, len(moves), ReplayFailure(r.line, len(moves), None, (), reason))
        mismatch = _outcome_mismatch(r, state)
        if mismatch:
            return Replay(state, len(moves), ReplayFailure(r.line, len(moves), None, (), mismatch))
        if check_hashes and r.hash is not None and state_hash(state) != r.hash:
            reason = "the final position differs from the recorded one (state hash mismatch)"
            return Replay(state, len(moves), ReplayFailure(r.line, len(moves), None, (), reason))
    return Replay(state, len(moves))


def _seats_text(seats: tuple[int, ...] | None) -> str:
    if not seats:
        return "nobody"
    return ", ".join(f"Player {s + 1}" for s in seats)


def _outcome_mismatch(r: RecordResult, state: GameState) -> str:
    """Why the result's outcome (``scores``, ``winners``) disagrees with the
    replayed game's final scoring (SCO-3, SCO-14), or ``""`` when it agrees.
    A result without them claims nothing about the outcome."""
    if r.scores is None and r.winners is None:
        return ""
    scores, winners = _outcome_fields(state)
    if scores is None:
        return "the result gives final scores but the replayed game is not over (SCO-3)"
    if r.scores is not None and r.scores != scores:
        return f"the result gives the final scores {list(r.scores)} but replay scored {list(scores)} (SCO-14)"
    if r.winners is not None and r.winners != winners:
        return f"the result says {_seats_text(r.winners)} won but replay found {_seats_text(winners)} (SCO-3)"
    return ""


def verify(record: GameRecord) -> tuple[RecordProblem, ...]:
    """Every problem with a record: those found when reading it, then the first
    replay failure (an illegal move with its rule ID, or a hash mismatch)."""
    problems = list(record.problems)
    if not 2 <= record.header.players <= 4:
        return tuple(problems) or (RecordProblem(1, "no usable header"),)
    outcome = replay(record)
    if outcome.failure is not None:
        f = outcome.failure
        if f.violations:
            rule = f.violations[0].rule
            message = "illegal move " + format_move(f.move) + ": " if f.move is not None else ""
            message += "; ".join(v.message if v.rule == rule else str(v) for v in f.violations)
            problems.append(RecordProblem(f.line, message, rule))
        else:
            problems.append(RecordProblem(f.line, f.reason))
    return tuple(problems)
