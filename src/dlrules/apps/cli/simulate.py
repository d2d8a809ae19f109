"""``dlrules simulate`` and ``dlrules report`` (docs/simulation.md).

Exit status: 0 done; 2 bad usage, an unreadable results file or a missing
extra; 130 interrupted by Ctrl-C (every finished game is in the file).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from dlrules.agents.bots import BOTS
from dlrules.apps.cli.common import UsageError, add_game_options, ascii_int, positive_int, usage_errors
from dlrules.apps.simreport import format_table, pyplot, summarize, write_html, write_plots
from dlrules.apps.simulate import BACKENDS, COUNTS, Config, SimulationError, default_workers, read_results, run

INTERRUPTED = 130


def _workers(text: str) -> int | None:
    return None if text == "auto" else positive_int(text, also=" (or auto)")


def _simulate(args: argparse.Namespace) -> int:
    if args.address is not None and args.backend != "ray":
        raise UsageError("--address is the Ray cluster's: use it with --backend ray")
    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    try:
        with usage_errors(SimulationError, OSError):
            config = Config(
                games=args.games,
                players=args.players,
                seed=args.seed,
                variant=args.variant,
                bots=bots,
                rotate=args.rotate,
                rotate_start=args.rotate_start,
                max_moves=args.max_moves,
                special_events=not args.no_special_events,
            )
            summary = run(
                config,
                args.out,
                workers=args.workers,
                backend=args.backend,
                address=args.address,
                resume=args.resume,
                progress=False if args.quiet else None,
            )
    except KeyboardInterrupt:  # a second Ctrl-C while the first was being handled
        print(f"Interrupted: the games written so far are in {args.out}; --resume plays the rest.", file=sys.stderr)
        return INTERRUPTED
    done = summary.resumed + summary.written
    if summary.interrupted:
        print(
            f"Interrupted: {done} of {summary.total} games are in {args.out} ({summary.written} written now); "
            "run the same command with --resume to play the rest.",
            file=sys.stderr,
        )
        return INTERRUPTED
    if not args.quiet:
        workers = "auto: " + str(default_workers()) if args.workers is None else str(args.workers)
        kept = f", {summary.resumed} kept from before" if summary.resumed else ""
        print(
            f"{summary.written} games played{kept} in {summary.seconds:.1f} s "
            f"({summary.games_per_second:.1f} games/s, backend {args.backend}, workers {workers}); "
            f"{done} games in {args.out}."
        )
    return 0


def _report(args: argparse.Namespace) -> int:
    with usage_errors(SimulationError, OSError):
        if not args.no_plots:
            pyplot()  # refuse before any output when matplotlib is missing
        games = read_results(args.file)
        summary = summarize(games, args.win_by)
        print(format_table(summary), end="")
        out = Path(args.out)
        files: list[Path] = [] if args.no_plots else write_plots(summary, out)
        page = write_html(summary, out, plots=not args.no_plots)
    print(f"\nWrote {page}, {out / 'summary.json'}" + (f" and {len(files)} plots" if files else "") + f" in {out}.")
    return 0


def register(sub: Any) -> None:
    """Add ``simulate`` and ``report`` to the ``dlrules`` subcommands."""
    sim = sub.add_parser(
        "simulate",
        help="play many seeded games on every core (or a Ray cluster) into a results file",
        description="Play N seeded whole games and write one JSON line per game (seed, bots, moves, how the "
        "game ended, each seat's counts, and the outcome: scores with their breakdown, winners, titles). "
        "Game i's seed comes from --seed and i, "
        "so the same command writes the same file whatever --workers and --backend.",
        epilog="Ctrl-C keeps every finished game in the file (exit status 130); --resume plays the rest.",
    )
    sim.add_argument("--games", type=ascii_int, default=1000, help="how many games (default 1000)")
    add_game_options(sim)
    sim.add_argument("--seed", type=ascii_int, default=0, help="master seed (default 0)")
    sim.add_argument(
        "--bots",
        default="greedy",
        help=f"one bot for every seat, or one per seat separated by commas: {', '.join(sorted(BOTS))}, "
        "or an importable policy module:function (default greedy)",
    )
    sim.add_argument("--rotate", action="store_true", help="rotate the bots round the seats from game to game")
    sim.add_argument(
        "--rotate-start",
        action="store_true",
        help="rotate the first player from game to game (game i begins with seat i mod players, SETUP-1): every seat begins equally often",
    )
    sim.add_argument("--workers", type=_workers, default=None, metavar="K|auto", help="processes (default auto: every core)")
    sim.add_argument("--backend", choices=BACKENDS, default="process", help="process pool (default) or Ray (dlrules[ray])")
    sim.add_argument("--address", default=None, help="Ray cluster address (e.g. auto or HOST:6379); default: a local Ray")
    sim.add_argument("--out", required=True, metavar="RESULTS.jsonl", help="the results file (JSON Lines)")
    sim.add_argument("--resume", action="store_true", help="keep the games already in --out and play the rest")
    sim.add_argument("--quiet", action="store_true", help="no progress bar and no closing line")
    sim.set_defaults(func=_simulate)

    rep = sub.add_parser(
        "report",
        help="summary table, plots and an HTML page for a results file",
        description="Print win rates per seat and per bot with 95% Wilson intervals (a win: the highest "
        "score; tied seats share the victory), the spread of the scores, of each score line and of game "
        "length, how often each title was held, and how the games ended; "
        "write PNG and SVG plots, summary.json and index.html into --out.",
    )
    rep.add_argument("file", metavar="RESULTS.jsonl", help="a results file of dlrules simulate")
    rep.add_argument("--out", required=True, metavar="DIR", help="folder for the plots and the page")
    rep.add_argument(
        "--win-by",
        choices=("score", *COUNTS),
        default=None,
        help="what decides a win: the score (default), or an end count for a study of one resource",
    )
    rep.add_argument("--no-plots", action="store_true", help="tables and the page only (no matplotlib needed)")
    rep.set_defaults(func=_report)
