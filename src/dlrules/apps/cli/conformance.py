"""``dlrules engine`` and ``dlrules conformance``: the conformance kit from the
command line (docs/conformance.md).

    dlrules engine                                   # speak the referee protocol on stdin/stdout
    dlrules conformance run --engine "python my_adapter.py" --junit kit.xml
    dlrules conformance diff --engine "python my_adapter.py" --games 20 --seed 1
    dlrules conformance perft --engine "python my_adapter.py" --depth 3
    dlrules conformance convert tests/conformance/year2 --into src/dlrules/apps/conformance/scenarios
    dlrules conformance kit --out dist/
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from dlrules.apps.cli.common import UsageError, ascii_int

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
POLICY_NAMES = ("uniform", "acting", "building", "traps", "combat")
"""The steered policies of ``diff --policy`` (dlrules.apps.conformance.steer.POLICIES)."""


def register(sub: Any) -> None:
    """Add ``engine`` and ``conformance`` to the ``dlrules`` parser's subparsers."""
    eng = sub.add_parser(
        "engine",
        help="speak the referee protocol on stdin/stdout (for conformance tools)",
        description="Answer the referee protocol (`dlrules docs conformance`): one JSON request per line on stdin, "
        "one JSON answer per line on stdout, until quit or the end of input.",
    )
    eng.set_defaults(func=_engine)

    conf = sub.add_parser(
        "conformance",
        help="run the conformance kit against an engine, play differential games, count moves",
        description="The conformance kit (`dlrules docs conformance`): scenarios any Dungeon Lords engine can run "
        "through the referee protocol. Without --engine, dlrules itself runs in-process.",
    )
    csub = conf.add_subparsers(dest="conformance_command", metavar="COMMAND")
    conf.set_defaults(func=lambda args: _help(conf))

    run = csub.add_parser("run", help="check every scenario; pass/fail per scenario and per rule ID",
                          description="Check the kit's scenarios (or those under PATH) against the engine.")  # fmt: skip
    run.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="scenario files or folders (default: the kit's)")
    _engine_option(run)
    run.add_argument("--rule", action="append", metavar="ID", help="only scenarios citing a rule ID starting with ID")
    run.add_argument("--json", action="store_true", help="one JSON document: every scenario and every rule ID")
    run.add_argument("--junit", type=Path, metavar="FILE", help="also write JUnit XML to FILE (for CI)")
    run.add_argument("--verbose", action="store_true", help="list passing scenarios too")
    run.add_argument("--no-explain", dest="explain", action="store_false",
                     help="skip the counterfactual explanations of failures (faster; what is caught and the "
                     "rules named first change only where a value of the components explains a failure)")  # fmt: skip
    run.set_defaults(func=_run)

    diff = csub.add_parser("diff", help="steered games on dlrules and the engine, compared move by move",
                           description="Play games on dlrules and on the engine with the same moves and chance "
                           "outcomes; compare legal moves, the odds of every chance outcome, and the observations of "
                           "the referee, every seat and the spectator after every move; report the first "
                           "disagreement from a position a few moves before it, with the rule IDs involved, and "
                           "what the games covered. By default the games start from new 2-, 3- and 4-player games, "
                           "a game with a table's rulings and the kit's rare-rule anchors, one game each.")  # fmt: skip
    _engine_option(diff)
    diff.add_argument("--games", type=ascii_int, metavar="N", help="games to play (default: one per start)")
    diff.add_argument("--seed", type=ascii_int, default=0, metavar="S", help="random seed (default 0)")
    diff.add_argument("--players", type=ascii_int, action="append", choices=(2, 3, 4), help="start only from new games of these player counts")
    diff.add_argument("--variant", choices=("full", "first"), default="full")
    diff.add_argument("--policy", choices=("mixed", *POLICY_NAMES), default="mixed",
                      help="how players choose (default mixed: a steered policy per game; uniform: uniformly at random)")  # fmt: skip
    diff.add_argument("--from", dest="starts", action="append", metavar="SCENARIO|FILE",
                      help="start from a kit scenario's position, a position file, or a game record "
                      "(a reproducing record of diff, a scenario file) instead (repeatable)")  # fmt: skip
    diff.add_argument("--max-moves", type=ascii_int, default=5000, metavar="M", help="cut each game after M moves")
    diff.add_argument("--shrink", type=ascii_int, default=100, metavar="N", help="replays spent shrinking the disagreement (default 100)")
    diff.add_argument("--out", type=Path, metavar="FILE", help="write the reproducing record (JSON) to FILE")
    diff.add_argument("--json", action="store_true", help="machine-readable output")
    diff.set_defaults(func=_diff)

    perft = csub.add_parser("perft", help="count legal-move sequences from the kit's anchor positions",
                            description="Recompute the kit's perft anchors (perft.json) on the engine and compare.")  # fmt: skip
    _engine_option(perft)
    perft.add_argument("--depth", type=ascii_int, default=3, metavar="D", help="up to depth D (default 3)")
    perft.add_argument("--anchor", metavar="TEXT", help="only anchors whose name holds TEXT")
    perft.add_argument("--divide", metavar="TEXT", help="split the count of the anchor whose name holds TEXT, at --depth, by its first move "
                       "(with --engine: both sides, and the first moves whose counts differ)")  # fmt: skip
    perft.add_argument("--json", action="store_true", help="machine-readable output")
    perft.set_defaults(func=_perft)

    conv = csub.add_parser("convert", help="turn format-1 scenario files (dlrules state) into format 2 (positions)",
                           description="Convert scenario files of format 1 in place: a dlrules state becomes a "
                           "position. With --into, move them into that folder (one subfolder per area).")  # fmt: skip
    conv.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="scenario files or folders")
    conv.add_argument("--into", type=Path, metavar="DIR", help="move the files to DIR/<their folder's name>/")
    conv.set_defaults(func=_convert)

    kit = csub.add_parser("kit", help="build the kit as a versioned archive",
                          description="Write dlrules-conformance-kit-<version>.tar.gz: scenarios, schemas, protocol, anchors.")  # fmt: skip
    kit.add_argument("--out", type=Path, default=Path("."), metavar="DIR", help="folder for the archive (default .)")
    kit.set_defaults(func=_kit)


def _engine_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--engine", metavar="CMD", help='the engine\'s command line, e.g. "python adapter.py" (default: dlrules in-process)')
    parser.add_argument("--timeout", type=float, default=60.0, metavar="S", help="seconds to wait for each answer (default 60)")


def _help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return EXIT_OK


def _open(args: argparse.Namespace) -> Any:
    from dlrules.apps.conformance.engines import EngineError, open_engine

    try:
        return open_engine(args.engine, args.timeout)
    except EngineError as exc:
        raise UsageError(str(exc)) from exc


def _engine(args: argparse.Namespace) -> int:
    from dlrules.apps.conformance.protocol import serve

    return serve()


def _run(args: argparse.Namespace) -> int:
    from dlrules.apps.conformance.suite import as_json, as_junit, as_text, run_suite

    for path in args.paths:
        if not path.exists():
            raise UsageError(f"{path}: no such file or folder")
    prefixes = tuple(args.rule or ())
    engine = _open(args)
    try:
        select = (lambda s: any(r.startswith(prefixes) for r in s["rules"])) if prefixes else None
        report = run_suite(engine, args.paths or None, select, explaining=args.explain)
    finally:
        engine.close()
    if args.junit:
        args.junit.parent.mkdir(parents=True, exist_ok=True)
        args.junit.write_text(as_junit(report), encoding="utf-8")
    if args.json:
        print(json.dumps(as_json(report), indent=1))
    else:
        print(as_text(report, args.verbose), end="")
    return EXIT_FAILED if report.failed else EXIT_OK


def _diff_starts(args: argparse.Namespace) -> list[dict[str, Any]]:
    """The starts of ``diff``: ``--from`` (scenarios, position files, records),
    ``--players``, or the defaults (new games, a table's rulings, the rare anchors)."""
    from dlrules.apps.conformance.perft import rare_starts, scenario_start, start_state
    from dlrules.apps.conformance.shrink import read_start

    if args.starts:
        starts = []
        for name in args.starts:
            path = Path(name)
            if not path.exists() and (path.suffix or "/" in name or "\\" in name):
                raise UsageError(f"{name}: no such file (a kit scenario is named by its id, without a folder or suffix)")
            try:
                starts.append(read_start(path) if path.exists() else scenario_start(name))
            except KeyError as exc:
                raise UsageError(f"{exc.args[0]}, and no file of that name") from exc
            except (OSError, ValueError) as exc:
                raise UsageError(f"{name}: {exc}") from exc
        for start in starts:
            try:
                start_state(start)
            except Exception as exc:  # noqa: BLE001 - a record dlrules cannot replay: the user's input
                raise UsageError(f"dlrules cannot start from it: {exc}") from exc
        return starts
    new = [{"setup": {"players": n, "variant": args.variant}} for n in (args.players or [2, 3, 4])]
    if args.players:
        return new
    return new + [{"setup": {"players": 2, "variant": args.variant, "table_rulings": True}}] + rare_starts()


def _diff(args: argparse.Namespace) -> int:
    from dlrules.apps.conformance.diff import differential
    from dlrules.apps.conformance.engines import EngineError

    starts = _diff_starts(args)
    games = len(starts) if args.games is None else args.games
    if games < 1 or args.max_moves < 1 or args.shrink < 0:
        raise UsageError("--games and --max-moves must be at least 1, --shrink at least 0")
    engine = _open(args)
    progress = None if args.json else (lambda line: print(line, file=sys.stderr))
    try:
        result = differential(engine, starts, games, args.seed, args.max_moves, args.shrink, progress, args.policy)
    except EngineError as exc:
        print(f"dlrules conformance diff: engine failure: {exc}", file=sys.stderr)
        return EXIT_FAILED
    finally:
        engine.close()
    found = result.found
    coverage = result.coverage
    if args.out and found is not None:
        args.out.write_text(json.dumps(found.record(), indent=1) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps({"agree": found is None, "games": result.games, "moves": result.moves,
                          "disagreement": None if found is None else found.record(), "shrunk_from": result.shrunk_from,
                          "coverage": None if coverage is None else coverage.report()}, indent=1))  # fmt: skip
    elif found is None:
        print(f"{engine.name}: no disagreement in {result.games} games ({result.moves} moves)")
        if coverage is not None:
            print(coverage.text())
    else:
        print(f"{engine.name}: disagreement in game {result.games} ({found.kind}), {len(found.moves)} move{'' if len(found.moves) == 1 else 's'} from "
              f"{'a position' if 'position' in found.start else 'a new game'} (found {result.shrunk_from} moves into the game)")  # fmt: skip
        shown = ", ".join(found.rules[:8]) + (f" (and {len(found.rules) - 8} more: --json lists them)" if len(found.rules) > 8 else "")
        print("rules involved, most likely first: " + (shown or "(none named)"))
        for line in found.details:
            print("  " + line)
        if args.out:
            print(f"reproducing record: written to {args.out} (replay it: --from {args.out})")
        else:  # the moves, one a line; the start is a whole position: --out or --json writes it
            start = "a position" if "position" in found.start else json.dumps(found.start["setup"])
            print(f"reproducing moves from {start} (--out FILE writes the whole record, to replay with --from FILE):")
            for move in found.moves:
                print("  " + json.dumps(move))
    return EXIT_OK if found is None else EXIT_FAILED


def _perft(args: argparse.Namespace) -> int:
    from dlrules.apps.conformance.engines import EngineError
    from dlrules.apps.conformance.perft import check_anchors

    if args.divide is not None:
        return _divide(args)
    engine = None if args.engine is None else _open(args)
    try:
        rows = check_anchors(engine, args.depth, args.anchor)
    except (ValueError, EngineError) as exc:
        print(f"dlrules conformance perft: {exc}", file=sys.stderr)
        return EXIT_FAILED
    finally:
        if engine is not None:
            engine.close()
    bad = [r for r in rows if r[2] != r[3]]
    if args.json:
        print(json.dumps([{"anchor": a, "depth": d, "published": p, "counted": c} for a, d, p, c in rows], indent=1))
    else:
        for anchor, depth, published, counted in rows:
            mark = "ok  " if published == counted else "DIFF"
            print(f"{mark} {anchor}, depth {depth}: {counted}" + ("" if published == counted else f" (published {published})"))
        print(f"{len(rows) - len(bad)} of {len(rows)} counts agree")
    return EXIT_FAILED if bad else EXIT_OK


def _divide(args: argparse.Namespace) -> int:
    """``perft --divide NAME``: one anchor's count at ``--depth``, by first move."""
    from dlrules.apps.conformance.engines import EngineError
    from dlrules.apps.conformance.perft import compare_divide, divide, engine_divide, find_anchor, start_state

    if args.depth < 1:
        raise UsageError("--depth must be at least 1")
    try:
        anchor = find_anchor(args.divide)
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from exc
    ours = divide(start_state(anchor.start), args.depth)
    theirs = None
    if args.engine is not None:
        engine = _open(args)
        try:
            theirs = engine_divide(engine, anchor.start, args.depth)
        except (ValueError, EngineError) as exc:
            print(f"dlrules conformance perft: {exc}", file=sys.stderr)
            return EXIT_FAILED
        finally:
            engine.close()
    differ = [] if theirs is None else compare_divide(ours, theirs)
    if args.json:
        print(json.dumps({"anchor": anchor.name, "depth": args.depth, "dlrules": ours, "engine": theirs, "differ": differ}, indent=1))
    else:
        print(f"{anchor.name}, depth {args.depth}, by first move:")
        for key, count in sorted(ours.items()):
            other = "" if theirs is None else f"  (engine: {theirs.get(key, 'not listed')})"
            print(f"  {key}: {count}{other}")
        print(f"total: {sum(ours.values())}" + ("" if theirs is None else f" (engine: {sum(theirs.values())})"))
        for line in differ:
            print("DIFF " + line)
    return EXIT_FAILED if differ else EXIT_OK


def _convert(args: argparse.Namespace) -> int:
    from dlrules.apps.conformance.convert import convert_files

    for path in args.paths:
        if not path.exists():
            raise UsageError(f"{path}: no such file or folder")
    try:
        done = convert_files(args.paths, args.into)
    except (ValueError, OSError) as exc:
        raise UsageError(str(exc)) from exc
    for source, target, changed in done:
        print(f"{'converted' if changed else 'unchanged'} {source}" + (f" -> {target}" if target != source else ""))
    return EXIT_OK


def _kit(args: argparse.Namespace) -> int:
    from dlrules.apps.conformance.kit import build_archive

    print(build_archive(args.out))
    return EXIT_OK
