"""Game records: JSON Lines, a header, one line per move, the result
(docs/records.md). Replay is a fold of ``apply`` from ``new_game``; it needs no
random state and is verified move by move against the recorded state hashes.

Here: the records of a record (header, moves, result, problems), making and
writing them, ``state_hash``, replay and verification. Reading, strict or
lenient, is ``dlrules.records.reading``.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Iterator
from typing import IO, Any

import attrs

from dlrules._version import __version__
from dlrules.core.errors import IllegalMove, Violation
from dlrules.core.moves import Move
from dlrules.records.notation import format_move
from dlrules.records.serialization import dumps, to_data
from dlrules.core.state import GameState, Phase, plug_in

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
    from dlrules.core.engine import new_game

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
    from dlrules.core.engine import apply, to_move

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
    from dlrules.core.phases.scoring import outcome

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
    from dlrules.core.engine import apply

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
