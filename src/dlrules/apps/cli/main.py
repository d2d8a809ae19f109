"""The ``dlrules`` command: ``play``, ``replay`` and ``explain`` (and
``simulate`` and ``report``, in ``cli_simulate.py``).

Every failure the user can cause (a bad option, a missing, malformed or
truncated record, an illegal move in a record) ends with a one-line message
on stderr and a non-zero exit status, never a traceback:

- 0: done; 1: the record holds an illegal move or a position that does not
  match (replay/explain); 2: bad usage, a record that cannot be read, or an
  unknown rule ID (``rules``).

With ``--json`` every outcome, errors included, is one JSON document on stdout
(docs/cli.md gives the shapes).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from dlrules import rulebook
from dlrules._version import __version__
from dlrules.agents.bots import BOTS
from dlrules.core.chance import play_out
from dlrules.apps.cli.common import UsageError, add_game_options, ascii_int, usage_errors
from dlrules.apps.cli.limits import add_limit_options, limits_of
from dlrules.apps.cli.docs import DocsUsageError
from dlrules.apps.cli.show import add_unchecked_option
from dlrules.apps.cli.rules import RulesUsageError
from dlrules.apps.cli.rules import register as register_rules
from dlrules.components import ADVENTURERS, MONSTERS, ROOMS, SLOT_NAMES, Action
from dlrules.core.engine import apply_with_events, check, legal_moves, settle, to_move
from dlrules.records.notation import format_move
from dlrules.core.phases.common import Event, plural
from dlrules.core.phases.setup import initial_state
from dlrules.records.game import (
    GameRecord,
    RecordError,
    RecordProblem,
    Replay,
    ReplayFailure,
    make_record,
    replay,
    state_hash,
    verify,
    write_record,
)
from dlrules.records.reading import read_record
from dlrules.records.serialization import loads, to_data
from dlrules.core.state import CHANCE, GameState, Phase
from dlrules.records.views import view, view_hash

QUIET_EVENTS = frozenset({"deal", "commit", "keep"})
"""Events ``play`` leaves out unless ``--verbose`` (nothing happens on the table)."""


# --- describing a position --------------------------------------------------------------

def describe(state: GameState) -> list[str]:
    """The position as lines of text (the referee's view: everything in ``state``;
    pass ``view(state, seat).state`` for what one seat may see): ``dlrules.display.render``."""
    from dlrules.display.render import describe_lines

    return describe_lines(state)


def _position_data(state: GameState, seat: int | None, full: bool) -> dict[str, Any]:
    """The position as JSON: the referee's (``full``: the whole state and its
    hash) or one seat's (its view and the hash of its view only: the hash of
    the whole state would tell apart states the seat may not tell apart)."""
    data: dict[str, Any] = {
        "year": state.year,
        "round": state.round,
        "phase": state.phase.value,
        "to_move": sorted(to_move(state)),
    }
    if full:
        data["hash"] = state_hash(state)
        data["state"] = to_data(state)
    else:
        data["view_hash"] = view_hash(state, seat)
        data["state"] = to_data(view(state, seat))
    return data


def _failure_data(f: ReplayFailure) -> dict[str, Any]:
    return {
        "line": f.line,
        "index": f.index,
        "move": to_data(f.move) if f.move is not None else None,
        "notation": format_move(f.move) if f.move is not None else None,
        "rules": list(f.rules),
        "violations": [{"rule": v.rule, "message": v.message, "statement": v.statement} for v in f.violations],
        "reason": f.reason,
    }


def _problem_data(p: Any) -> dict[str, Any]:
    return {"line": p.line, "rule": p.rule, "message": p.message, "statement": rulebook.statement(p.rule) if p.rule else None}


def _print_failure(f: ReplayFailure, record: GameRecord) -> None:
    if f.move is not None:
        text = format_move(f.move, players=record.header.players)
        print(f"line {f.line}: move {f.index} `{text}`", file=sys.stderr)
    else:
        print(f"line {f.line}:", file=sys.stderr)
    if f.violations:
        for v in f.violations:
            print(f"  illegal [{v.rule}]: {v.message}", file=sys.stderr)
    else:
        print(f"  {f.reason}", file=sys.stderr)


def _emit(data: Any) -> None:
    print(json.dumps(data, indent=2, sort_keys=True))


# --- play -------------------------------------------------------------------------------


def _play(args: argparse.Namespace) -> int:
    names = [b.strip() for b in args.bots.split(",")] if args.bots else [args.bot]
    if args.players is None:  # --bots ismcts,greedy: as many lords as bots named (issue 37); else 4
        args.players = len(names) if len(names) > 1 else 4
    if len(names) not in (1, args.players) or any(n not in BOTS for n in names):
        raise UsageError(f"--bots names one bot for every seat or one per seat ({args.players}), each one of {', '.join(sorted(BOTS))}: not {args.bots!r}")
    names = names * args.players if len(names) == 1 else names
    with usage_errors(ValueError):
        start = settle(initial_state(args.players, args.variant, special_events=not args.no_special_events))
    rng = random.Random(args.seed)
    result = play_out(start, {s: BOTS[names[s]] for s in range(args.players)}, rng, max_moves=args.max_moves)
    record = make_record(args.players, args.variant, result.moves, seed=args.seed, special_events=not args.no_special_events)
    if args.record:
        try:
            write_record(record, args.record)
        except OSError as exc:
            raise UsageError(f"cannot write the record: {exc}") from exc
    # Narrate: replay the moves, collecting what happened (apply_with_events).
    state = start
    narrated: list[tuple[int, Event]] = []
    for n, move in enumerate(result.moves, start=1):
        state, events = apply_with_events(state, move)
        if args.verbose and not args.json:
            narrated.append((n, Event("move", f"> {format_move(move, players=args.players)}", move.seat)))
        narrated.extend((n, e) for e in events)
    assert state == result.state
    over = state.phase is Phase.GAME_OVER
    if args.json:
        _emit(
            {
                "players": args.players,
                "variant": args.variant,
                "special_events": not args.no_special_events and args.variant == "full",
                "seed": args.seed,
                "bot": args.bot if len(set(names)) == 1 and not args.bots else None,
                "bots": names,
                "moves": len(result.moves),
                "over": over,
                "outcome": _outcome_data(state),
                "record": args.record,
                "events": [{"move": n, "code": e.code, "kind": e.kind, "text": e.text, "seat": e.seat, "data": e.data} for n, e in narrated],
                "final": _position_data(state, None, full=True),
            }
        )
        return 0
    without = ", without the special event cards" if args.no_special_events and args.variant == "full" else ""
    who = f"{names[0]} bots" if len(set(names)) == 1 else "bots " + ", ".join(f"P{s + 1} {n}" for s, n in enumerate(names))
    print(f"A {args.players}-player game of Dungeon Lords ({args.variant} variant{without}), seed {args.seed}, {who}.")
    if args.quiet:
        return _play_summary(args, state, narrated, len(result.moves))
    for _, event in narrated:
        if event.code == "phase":
            print(f"\n== {event.text}")
            if event.data.get("phase") == Phase.GAME_OVER.value:
                print(f"  {_final_sentence(state)}")
        elif args.verbose or event.code not in QUIET_EVENTS:
            print(f"  {event.text}")
    print()
    if over:
        print(f"The game is over after {len(result.moves)} moves.")
    elif not to_move(state):
        print(f"Stopped after {len(result.moves)} moves: nobody is to move in the {state.phase.value.replace('_', ' ')} phase;")
        print("the engine implements the game up to here.")
    else:
        print(f"Stopped after {len(result.moves)} moves (--max-moves).")
    for line in describe(state):
        print(line)
    if args.record:
        print(f"Record written to {args.record}.")
    return 0


def _result_sentence(state: GameState) -> str:
    """Who won, with how many points (SCO-3); where play stands before the end."""
    from dlrules.core.phases.scoring import describe as describe_result
    from dlrules.core.phases.scoring import outcome

    result = outcome(state)
    if result is None:
        return f"the game is not over (year {state.year}, {state.phase.value.replace('_', ' ')})."
    return f"{describe_result(result)}."


def _final_sentence(state: GameState) -> str:
    """The game-over line of the narration (SCO-1, SCO-3)."""
    return f"Final scoring (SCO-1): {_result_sentence(state)}"


def _outcome_data(state: GameState) -> Any:
    """The outcome as JSON (SCO-14), ``None`` before the end of the game."""
    from dlrules.core.phases.scoring import outcome

    result = outcome(state)
    return None if result is None else to_data(result)


def _play_summary(args: argparse.Namespace, state: GameState, narrated: list[tuple[int, Event]], moves: int) -> int:
    """``play --quiet``: no narration; a line per year (its battles: adventurers
    imprisoned, tiles conquered) and the score sheet, or where play stopped."""
    from dlrules.core.phases.scoring import outcome
    from dlrules.display.scoresheet import score_sheet

    tally: dict[int, dict[str, int]] = {}
    year = 1
    for _, event in narrated:
        if event.code == "phase":
            year = int(event.data.get("year", year))
        counts = tally.setdefault(year, {"rounds": 0, "eliminated": 0, "conquest": 0, "combat": 0})
        if event.code == "phase" and event.data.get("phase") == "round_start":
            counts["rounds"] += 1
        elif event.code == "phase" and event.data.get("phase") == "combat":
            counts["combat"] = 1
        elif event.code in ("eliminated", "conquest"):
            counts[event.code] += 1
    for y, counts in sorted(tally.items()):
        fought = (
            f"combat: {plural(counts['eliminated'], 'adventurer')} eliminated, {plural(counts['conquest'], 'tile')} conquered"
            if counts["combat"]
            else "no combat yet"
        )
        print(f"Year {y}: {plural(counts['rounds'], 'building round')}; {fought}.")
    result = outcome(state)
    if result is not None:
        print(f"The game is over after {moves} moves. Final scores:")
        print(score_sheet(result))
    elif not to_move(state):
        print(f"Stopped after {moves} moves: nobody is to move in the {state.phase.value.replace('_', ' ')} phase.")
    else:
        print(f"Stopped after {moves} moves (--max-moves): year {state.year}, {state.season}, the {state.phase.value.replace('_', ' ')} phase.")
    if args.record:
        print(f"Record written to {args.record}.")
    return 0


# --- replay -----------------------------------------------------------------------------


def _load(args: argparse.Namespace, lenient: bool) -> GameRecord:
    path: str = args.file
    record = read_record(path, strict=not lenient, limits=limits_of(args))
    if not 2 <= record.header.players <= 4:
        problems = "; ".join(str(p) for p in record.problems) or "no usable header"
        raise UsageError(f"{path}: {problems}")
    return record


def _replay(args: argparse.Namespace) -> int:
    if args.lenient:
        record = read_record(args.file, strict=False, limits=limits_of(args))
        problems = verify(record)
        if args.json:
            _emit({"ok": not problems, "problems": [_problem_data(p) for p in problems]})
        else:
            for p in problems:
                print(f"{args.file}: {p}", file=sys.stderr)
            if not problems:
                print(f"{args.file}: {len(record.moves)} moves, no problems.")
        return 1 if problems else 0
    record = _load(args, lenient=False)
    outcome: Replay = replay(record)
    if args.json:
        _emit(
            {
                "ok": outcome.ok,
                "moves": len(record.moves),
                "applied": outcome.applied,
                "failure": _failure_data(outcome.failure) if outcome.failure else None,
                "outcome": _outcome_data(outcome.state),
                "final": _position_data(outcome.state, None, full=True),
            }
        )
        return 0 if outcome.ok else 1
    if outcome.failure is not None:
        print(f"{args.file}: replay stopped after {outcome.applied} of {len(record.moves)} moves.", file=sys.stderr)
        _print_failure(outcome.failure, record)
        return 1
    if record.header.rules != __version__:
        print(f"(recorded with dlrules {record.header.rules}; replayed with dlrules {__version__})")
    print(f"{args.file}: {len(record.moves)} moves replayed; every position matches the record.")
    if record.result is None:
        print("The game is still in progress (the record has no result line yet).")
    elif record.result.scores is not None or record.result.winners is not None:
        print(f"The recorded outcome matches the final scoring: {_result_sentence(outcome.state)}")
    for line in describe(outcome.state):
        print(line)
    return 0


# --- explain ----------------------------------------------------------------------------


def _explain(args: argparse.Namespace) -> int:
    from dlrules.apps.cli.desk import DeskUsageError, load_position
    from dlrules.apps.cli.show import ShowError, read_position, read_text

    if (args.file is None) == (args.position is None):
        raise UsageError("give a record FILE, or a position with --position FILE (not both)")
    if args.position is not None:  # a position as people write it, or a state's JSON (issue 38)
        if args.at is not None:
            raise UsageError("--at N counts the moves of a record; --position gives one position")
        try:
            position = load_position(args.position, checked=not args.unchecked, max_size=limits_of(args).max_size)
        except DeskUsageError as exc:
            raise UsageError(str(exc)) from exc
        if args.move is not None:
            return _ask(args, position)
        args.file = args.position
        return _explain_state(args, position, 0, 0, position.n_players)
    try:
        text = read_text(args.file, limits_of(args))
    except ShowError as exc:  # a file that cannot be read: a record error, as replay says
        raise RecordError((RecordProblem(0, f"cannot read the record: {exc}"),)) from exc
    try:  # a position file (a state's JSON), LIB-TV-3: read strictly (dlrules.validate)
        state = read_position(args.file, text, limits_of(args), checked=not args.unchecked)
    except ShowError as exc:
        raise UsageError(str(exc)) from exc
    if state is not None:
        if args.at not in (None, 0):
            raise UsageError(f"--at {args.at}: {args.file} is a position file, not a record")
        if args.move is not None:
            return _ask(args, state)
        return _explain_state(args, state, 0, 0, state.n_players)
    record = _load(args, lenient=False)
    total = len(record.moves)
    at = total if args.at is None else args.at
    if not 0 <= at <= total:
        raise UsageError(f"--at {at}: the record has {total} moves (choose 0..{total})")
    outcome = replay(record, upto=at)
    if outcome.failure is not None:
        if args.json:
            _emit({"ok": False, "failure": _failure_data(outcome.failure)})
        else:
            print(f"{args.file}: cannot reach move {at}.", file=sys.stderr)
            _print_failure(outcome.failure, record)
        return 1
    if args.move is not None:
        return _ask(args, outcome.state)
    return _explain_state(args, outcome.state, at, total, record.header.players)


def _ask(args: argparse.Namespace, state: GameState) -> int:
    """``explain FILE --at N --move TEXT``: the desk's answer at that position."""
    from dlrules.apps.cli.show import ShowError, seat_index
    from dlrules.apps.desk import DeskError, ask

    try:
        seat = seat_index(args.seat, state)  # --seat K: Player K's view, as without --move (docs/views.md)
    except ShowError as exc:
        raise UsageError(str(exc)) from exc
    try:
        answer = ask(state, args.move, seat=seat)
    except DeskError as exc:
        raise UsageError(f"--move {args.move!r}: {exc}") from exc
    if args.json:
        _emit({"ok": True, **answer.data()})
    else:
        for line in answer.lines():
            print(line)
    return 0 if answer.legal else 1


def explain_data(state: GameState, seat: int | None, at: int, players: int) -> dict[str, Any]:
    """``explain --json``'s answer: the referee's (``seat`` None) or one
    seat's, made only from what that seat may know (docs/views.md)."""
    from dlrules.display.render import describe_move

    moves = tuple(m for m in legal_moves(state) if seat is None or m.seat == seat)
    data = _position_data(state, seat, full=seat is None)
    data.update(
        {
            "ok": True,
            "at": at,
            "seat_index": seat,  # 0-based (docs/cli.md, numbering); --seat counts from 1
            "legal": [
                {"move": to_data(m), "notation": format_move(m, players=players), "description": describe_move(state, m, seat=seat)}
                for m in moves
            ],
        }
    )
    return data


def _explain_state(args: argparse.Namespace, state: GameState, at: int, total: int, players: int) -> int:
    """The position, whose turn it is and every legal move, in notation and
    in context (``render.describe_move``)."""
    from dlrules.apps.cli.show import ShowError, seat_index
    from dlrules.display.render import describe_move

    try:
        seat = seat_index(args.seat, state)  # --seat counts from 1, as show's does
    except ShowError as exc:
        raise UsageError(str(exc)) from exc
    seats = sorted(to_move(state))
    moves = tuple(m for m in legal_moves(state) if seat is None or m.seat == seat)
    if args.json:
        _emit(explain_data(state, seat, at, players))
        return 0
    from dlrules.display.render import describe_lines

    where = f"After {at} of {total} moves" if total or at else f"The position in {args.file}"
    print(where + (f", as Player {args.seat} sees it:" if seat is not None else ":"))
    for line in describe_lines(state, seat):
        print(line)
    if not seats:
        print("Nobody is to move.")
        return 0
    if seat is not None and not moves:  # this seat waits: who is to move, and the rule that makes it wait
        from dlrules.core.moves import Decline

        why = "; ".join(f"{v.message} ({v.rule})" for v in check(state, Decline(seat)))
        movers = ", ".join("chance" if s == CHANCE else f"Player {s + 1}" for s in seats)
        print(f"Legal moves of Player {seat + 1}: none. {why or 'Waiting for ' + movers}.")
        return 0
    print(f"Legal moves ({len(moves)}):")
    width = max(len(format_move(m, players=players)) for m in moves) if moves else 0
    for m in moves:
        print(f"  {format_move(m, players=players):<{width}}  {describe_move(state, m, seat=seat)}")
    return 0


# --- the parser -------------------------------------------------------------------------


class _ArgumentError(Exception):
    """argparse found a bad command line (raised instead of exiting, so that
    ``--json`` can report it as JSON)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _ArgumentError(message, self.prog, self.format_usage())


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="dlrules",
        description="The rules referee for Dungeon Lords: bots play and the referee narrates, "
        "game records are replayed and checked, positions are explained.",
        epilog="Records are JSON Lines ('dlrules docs records'); moves are written in the notation of "
        "'dlrules docs notation'; 'dlrules docs' lists every page, 'dlrules rules' the rules.",
    )
    parser.add_argument("--version", action="version", version=f"dlrules {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser(
        "play",
        help="built-in bots play a seeded whole game; the referee narrates it and prints the score sheet",
        description="Built-in bots play a whole game from a seed (the same seed gives the same game), both "
        "years to the final scores, and the referee narrates it phase by phase, then prints the final position "
        "and the score sheet (--quiet: a line per year and the score sheet).",
    )
    add_game_options(play)
    play.set_defaults(players=None)  # none given: as many as --bots names, else 4 (``_play``)
    play.add_argument("--seed", type=ascii_int, default=1, help="random seed for chance and the bots (default 1)")
    play.add_argument("--bot", choices=sorted(BOTS), default="greedy", help="the bots' policy (default greedy: takes actions rather than declining; ismcts searches, about 0.2 s a decision)")
    play.add_argument("--bots", metavar="NAMES", help="one bot per seat, separated by commas (e.g. ismcts,greedy: a 2-player game unless --players says otherwise); overrides --bot")
    play.add_argument("--record", metavar="FILE", help="write the game record (JSON Lines) to FILE")
    play.add_argument("--verbose", action="store_true", help="also print every move (in notation), deals and secret choices")
    play.add_argument("--quiet", action="store_true", help="no narration: a line per year, then the score sheet")
    play.add_argument("--json", action="store_true", help="print the events and the final position as JSON")
    play.set_defaults(func=_play)

    rep = sub.add_parser(
        "replay",
        help="re-apply every move of a record and check it",
        description="Re-apply every move of a game record from the start and print the final position. "
        "On the first illegal move, print its line, the move, the rule ID and the reason, and exit with "
        "status 1; a recorded position (state hash) that differs also stops the replay.",
    )
    rep.add_argument("file", metavar="FILE", help="a game record (JSON Lines)")
    rep.add_argument("--lenient", action="store_true", help="read on past bad lines and list every problem with its line number")
    rep.add_argument("--json", action="store_true", help="machine-readable output")
    add_limit_options(rep)
    rep.set_defaults(func=_replay)

    exp = sub.add_parser(
        "explain",
        help="the position after N moves of a record, whose turn it is, every legal move",
        description="Replay the first N moves of a record (all by default) and print the position, the "
        "seats to move and every legal move in notation. With --seat, only what that player may see "
        "and that player's moves.",
    )
    exp.add_argument("file", metavar="FILE", nargs="?", help="a game record (JSON Lines)")
    exp.add_argument("--position", metavar="FILE", help="a position instead: written as people write it ('dlrules docs position-text') or a state's JSON")
    exp.add_argument("--move", metavar="TEXT", help='ask whether this move (in the notation, e.g. "P2 dig B2") is legal: the answer and its rules (exit 1: not legal)')
    exp.add_argument("--at", type=ascii_int, metavar="N", help="after the first N moves (default: all)")
    exp.add_argument("--seat", type=ascii_int, metavar="K", help="show Player K's view (1-based) instead of the referee's")
    exp.add_argument("--json", action="store_true", help="machine-readable output")
    add_unchecked_option(exp)
    add_limit_options(exp)
    exp.set_defaults(func=_explain)

    from dlrules.apps.cli.show import register as register_show

    register_show(sub)
    register_rules(sub)
    from dlrules.apps.cli import simulate as cli_simulate  # simulate, report (issue 15)

    cli_simulate.register(sub)
    from dlrules.apps.cli import serve as cli_serve  # serve (issue 17)

    cli_serve.register(sub)
    from dlrules.apps.cli import conformance as cli_conformance  # engine, conformance (issue 27)

    cli_conformance.register(sub)
    from dlrules.apps.cli import tournament as cli_tournament  # tournament (issue 37)

    cli_tournament.register(sub)
    from dlrules.apps.cli import docs as cli_docs  # docs (issue 22)

    cli_docs.register(sub)
    from dlrules.apps.cli import desk as cli_desk  # desk, explain --position (issue 38)

    cli_desk.register(sub)
    return parser


EXIT_OK, EXIT_ILLEGAL, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
"""Exit statuses: done; an illegal move or a mismatch in a record; bad usage,
an unreadable record or an unknown rule ID; a failure of dlrules itself
(reported in one line, never a traceback)."""


def _error(json_out: bool, kind: str, command: str | None, message: str, usage: str = "", prefix: str = "") -> int:
    """Report a failure the user caused: one JSON document on stdout with
    ``--json`` (docs/cli.md), otherwise a line on stderr. Returns exit status 2."""
    if json_out:
        _emit({"ok": False, "error": {"kind": kind, "command": command, "message": message}, "exit": EXIT_USAGE})
    else:
        if usage:
            print(usage, end="", file=sys.stderr)
        print(f"{'dlrules ' + command if command else 'dlrules'}: {prefix}{message}", file=sys.stderr)
    return EXIT_USAGE


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # a hostile record may hold text no terminal can show
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    parser = build_parser()
    arglist = list(sys.argv[1:] if argv is None else argv)
    json_out = "--json" in arglist
    try:
        args = parser.parse_args(arglist)
    except _ArgumentError as exc:
        message, prog, usage = exc.args
        command = prog.split()[1] if len(prog.split()) > 1 else None
        raise SystemExit(_error(json_out, "usage", command, message, usage=usage, prefix="error: ")) from None
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return int(args.func(args))
    except (UsageError, RulesUsageError, DocsUsageError) as exc:
        return _error(json_out, "rule" if isinstance(exc, RulesUsageError) else "usage", args.command, str(exc))
    except RecordError as exc:
        return _error(json_out, "record", args.command, f"{getattr(args, 'file', '')}: {exc}")
    except BrokenPipeError:  # the reader (e.g. `| head`) stopped listening
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        return 0
    except Exception as exc:  # noqa: BLE001 - issue 21: never a traceback, whatever the file holds
        if os.environ.get("DLRULES_DEBUG"):
            raise
        what = f"{getattr(args, 'file', '') or 'the input'}"
        message = f"{what}: could not be handled ({type(exc).__name__}: {str(exc)[:200]}); this is a bug in dlrules, please report it (DLRULES_DEBUG=1 shows where)"
        _error(json_out, "internal", args.command, message)
        return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
