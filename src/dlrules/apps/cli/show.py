"""``dlrules show``: pictures and text of a recorded position, and the game
files people hand to the command (records, finished or in progress, and
position files).

    dlrules show game.jsonl --at 40 --seat 2 --svg pos.svg
    dlrules show game.jsonl --html game.html       # the whole game, position by position
    dlrules show position.json                     # a state's JSON: its text

A *position file* is a state's JSON (``dlrules.dumps(state)``) or a position
as people write it (docs/position-text.md); ``explain`` and ``show`` read one
instead of a record (LIB-TV-3).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import attrs

from dlrules.apps.cli.common import ascii_int
from dlrules.apps.cli.limits import add_limit_options, limits_of
from dlrules.core.engine import apply
from dlrules.records.limits import DEFAULT_LIMITS, Limits, excerpt, parse_json
from dlrules.records.notation import format_move
from dlrules.records import GameRecord, RecordError, parse_record, replay, start_state
from dlrules.display.render import describe, move_caption
from dlrules.records.validity import InvalidState, check_bounded
from dlrules.records.serialization import loads
from dlrules.core.state import GameState


class ShowError(Exception):
    """A mistake on the command line or in a file: message, exit status 2."""


@attrs.frozen
class Game:
    """What a file holds: a record (``state`` is None) or a position
    (``record`` is None)."""

    path: str
    record: GameRecord | None = None
    state: GameState | None = None


def read_text(path: str, limits: Limits = DEFAULT_LIMITS) -> str:
    """The file's text, at most ``limits.max_size`` characters (issue 11: an
    endless file is never read whole)."""
    try:
        with open(path, encoding="utf-8-sig") as fh:  # a byte-order mark, as Windows editors write, is not text
            text = fh.read(limits.max_size + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise ShowError(f"{path}: cannot read it: {excerpt(str(exc), 120)}") from exc
    if len(text) > limits.max_size:
        raise ShowError(f"{path}: larger than the limit max_size={limits.max_size} (raise it with --max-size)")
    return text


def is_position_text(text: str, limits: Limits = DEFAULT_LIMITS) -> bool:
    """A state's JSON (one object with the state's fields), not a record."""
    stripped = text.lstrip()
    if not stripped.startswith("{"):
        return False
    try:
        data = parse_json(stripped, limits)
    except ValueError:
        return False  # a record's lines do not parse as one JSON value (nor does JSON beyond the limits)
    return isinstance(data, dict) and "kind" not in data and "players" in data and "phase" in data


def is_written_position(text: str) -> bool:
    """The text is a position as people write it: its first line that is not
    blank or a comment is ``dungeon lords position`` (docs/position-text.md)."""
    from dlrules.records.position_text import HEADER

    for line in text.splitlines()[:200]:
        content = line.split("#", 1)[0].strip()
        if content:
            return content.lower() == HEADER
    return False


def _record_first_line(text: str, limits: Limits) -> bool:
    """The text starts with a record's header line (a JSON object with a
    ``kind``), read within ``max_line``: a large file that is not a record is
    refused as a position without parsing it."""
    end = text.find("\n", 0, limits.max_line + 1)
    if end < 0:
        return False
    try:
        first = parse_json(text[:end], limits)
    except ValueError:
        return False
    return isinstance(first, dict) and "kind" in first


def read_position(path: str, text: str, limits: Limits = DEFAULT_LIMITS, *, checked: bool = True) -> GameState | None:
    """The position in ``text`` (a state's JSON), None when ``text`` is not a
    position (a record); ``ShowError`` for a position larger than
    ``max_position`` (refused before it is parsed), malformed, or (unless
    ``checked`` is False: ``--unchecked``, for a hand-made test position)
    impossible (``dlrules.validate``: each problem with its field path)."""
    if len(text) > limits.max_position and not _record_first_line(text, limits):
        raise ShowError(
            f"{path}: {len(text)} characters, larger than the limit max_position={limits.max_position} for a position "
            "(raise it with --max-position)"
        )
    if is_written_position(text):  # a position as people write it (docs/position-text.md, issue 38)
        from dlrules.records.position_text_build import read_position_text

        try:
            return read_position_text(text, checked=checked)
        except ValueError as exc:
            raise ShowError(f"{path}: not a dlrules position: {exc}") from exc
    if not is_position_text(text, limits):
        return None
    try:
        state: GameState = loads(text, GameState, limits=limits, strict=checked)
        return state if checked else check_bounded(state)  # LIB-IN-4: even unchecked, every count within its ceiling
    except InvalidState as exc:
        raise ShowError(f"{path}: not a possible position: " + "; ".join(str(p) for p in exc.problems[:10])) from exc
    except ValueError as exc:
        raise ShowError(f"{path}: not a dlrules position: {exc}") from exc


def load_game(path: str, limits: Limits = DEFAULT_LIMITS, *, checked: bool = True) -> Game:
    """Read ``path``: a position file or a record (a game in progress, without
    a result line, included), within ``limits``. Raises ``ShowError`` or ``RecordError``."""
    text = read_text(path, limits)
    state = read_position(path, text, limits, checked=checked)
    if state is not None:
        return Game(path, state=state)
    record = parse_record(text, limits=limits)
    if not 2 <= record.header.players <= 4:  # pragma: no cover - strict reading raises first
        raise ShowError(f"{path}: no usable header")
    return Game(path, record=record)


def position_at(game: Game, at: int | None) -> tuple[GameState, int, int]:
    """The position after ``at`` moves (default: the last), with ``at`` and
    the number of moves; a position file is its one position."""
    if game.state is not None:
        if at not in (None, 0):
            raise ShowError(f"--at {at}: {game.path} is a position file, not a record")
        return game.state, 0, 0
    assert game.record is not None
    total = len(game.record.moves)
    at = total if at is None else at
    if not 0 <= at <= total:
        raise ShowError(f"--at {at}: the record has {total} moves (choose 0..{total})")
    outcome = replay(game.record, upto=at)
    if outcome.failure is not None:
        raise ShowError(f"{game.path}: cannot reach move {at}: {outcome.failure}")
    return outcome.state, at, total


def seat_index(seat: int | None, state: GameState, option: str = "--seat") -> int | None:
    """``--seat K`` (from 1) as a seat index; ``ShowError`` for a player not in the game."""
    if seat is None:
        return None
    if not 1 <= seat <= state.n_players:
        raise ShowError(f"{option} {seat}: this is a {state.n_players}-player game (Players 1 to {state.n_players})")
    return seat - 1


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        raise ShowError(f"cannot write {path}: {exc}") from exc


def game_frames(record: GameRecord, seat: int | None) -> list[Any]:
    """One frame per position of the record, with a caption saying the move
    that led there in notation and in context; for one ``seat``, a move whose
    content that seat may not know is told without it (``render.move_caption``:
    the notation only when the seat may know the whole move, ``views.knows_move``)."""
    from dlrules.display.page import Frame
    from dlrules.core.phases.scoring import describe as describe_result
    from dlrules.core.phases.scoring import outcome
    from dlrules.display.svg import position

    state = start_state(record.header)
    players = record.header.players
    frames = [Frame(position(state, seat), "The start of the game (position 0).")]
    for n, rm in enumerate(record.moves, start=1):
        caption = f"Move {n}: {move_caption(state, rm.move, seat)}"  # as this seat may be told it (docs/views.md)
        try:
            state = apply(state, rm.move)
        except ValueError as exc:
            raise ShowError(f"move {n} ({format_move(rm.move, players=players)}) is illegal: {exc}") from exc
        frames.append(Frame(position(state, seat), caption))
    result = outcome(state)
    if result is not None:  # SCO-3: the last position says who won
        last = frames[-1]
        frames[-1] = Frame(last.svg, f"{last.caption.rstrip('.')}. The game is over: {describe_result(result)}. Totals: "
                           + ", ".join(f"Player {p.seat + 1} {p.total}" for p in result.players) + ".")
    return frames


def run_show(args: argparse.Namespace) -> int:
    try:
        game = load_game(args.file, limits_of(args), checked=not args.unchecked)
        state, at, total = position_at(game, args.at)
        seat = seat_index(args.seat, state)
        if args.html:
            if game.record is None:
                raise ShowError("--html needs a game record; a position file holds one position (use --svg)")
            from dlrules.display.page import game_page

            frames = game_frames(game.record, seat)
            who = f", as Player {seat + 1} sees it" if seat is not None else ""
            title = f"Dungeon Lords: {game.record.header.players} players, {len(frames) - 1} moves{who}"
            _write(args.html, game_page(frames, title=title, start=at if args.at is not None else 0))
            print(f"{args.html}: {len(frames)} positions (0 to {len(frames) - 1}); open it in a browser, step with the buttons or the arrow keys.")
        if args.svg:
            from dlrules.display import svg

            if args.part == "board":
                picture = svg.board(state if seat is None else _redacted(state, seat))
            elif args.part == "battle":
                if state.fight is None:
                    raise ShowError(f"--part battle: there is no combat in this position (phase {state.phase.value.replace('_', ' ')})")
                picture = svg.battle(state, seat)
            elif args.part == "dungeon":
                chosen = seat_index(args.dungeon, state, "--dungeon")
                whose = chosen if chosen is not None else (seat if seat is not None else 0)
                picture = svg.dungeon(state, whose, viewer=seat)
            else:
                picture = svg.position(state, seat)
            _write(args.svg, picture)
            where = f"the position after {at} of {total} moves" if game.record is not None else f"the position in {args.file}"
            print(f"{args.svg}: {where}" + (f", as Player {seat + 1} sees it." if seat is not None else "."))
        if not args.svg and not args.html:
            print(describe(state, seat))
    except ShowError as exc:
        print(f"dlrules show: {exc}", file=sys.stderr)
        return 2
    except RecordError as exc:
        print(f"dlrules show: {args.file}: {exc}", file=sys.stderr)
        return 2
    return 0


def _redacted(state: GameState, seat: int) -> GameState:
    from dlrules.records.views import redact

    return redact(state, seat)


def add_unchecked_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--unchecked", action="store_true",
        help="read a position file without checking that a game can reach it (dlrules.validate): "
        "for hand-made test positions; an impossible one may then be refused later",
    )  # fmt: skip


def register(sub: Any) -> None:
    """Add ``show`` to the ``dlrules`` command's subcommands."""
    show = sub.add_parser(
        "show",
        help="a picture (SVG) or the text of a position; a whole game as an HTML page",
        description="Show the position after N moves of a record (all by default; a game still in progress "
        "is fine) or of a position file (a state's JSON): as text, as an SVG picture (--svg), or the "
        "whole game as one offline HTML page with previous/next (--html).",
    )
    show.add_argument("file", metavar="FILE", help="a game record (JSON Lines) or a position file (a state's JSON)")
    show.add_argument("--at", type=ascii_int, metavar="N", help="after the first N moves (default: all)")
    show.add_argument("--seat", type=ascii_int, metavar="K", help="only what Player K (from 1) may see")
    show.add_argument("--svg", metavar="OUT", help="write the picture of the position to OUT (SVG)")
    show.add_argument("--html", metavar="OUT", help="write the whole game as an HTML page to OUT, opened at --at (default: the start)")
    show.add_argument(
        "--part", choices=("position", "board", "dungeon", "battle"), default="position",
        help="with --svg: the whole position (default), the central board, one dungeon, or the battle (during combat)",
    )  # fmt: skip
    show.add_argument("--dungeon", type=ascii_int, metavar="P", help="with --part dungeon: Player P's dungeon (default: --seat, else 1)")
    add_unchecked_option(show)
    add_limit_options(show)
    show.set_defaults(func=run_show)
