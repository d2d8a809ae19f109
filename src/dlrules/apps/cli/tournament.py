"""``dlrules tournament``: a seat-rotated match of one bot against the
others, with its win rate's Wilson interval (docs/ai.md, ``dlrules.apps.tournament``).

    dlrules tournament --players 4 --games 20                 # ismcts against three greedy bots
    dlrules tournament --players 2 --games 40 --seed 2 --json
    dlrules tournament --bot greedy --opponent random --games 8
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from dlrules.apps.cli.common import UsageError, ascii_int


def _tournament(args: argparse.Namespace) -> int:
    from dlrules.apps.tournament import Match, game_line, report, report_lines, run

    match = Match(
        players=args.players, variant=args.variant, games=args.games, seed=args.seed, bot=args.bot,
        opponent=args.opponent, iterations=args.iterations, horizon=args.horizon,
    )  # fmt: skip
    try:
        match.check()
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    quiet = args.json or args.quiet
    games = run(match, lambda g, game: None if quiet else print(game_line(match, g, game), flush=True))
    data = report(match, games)
    if args.json:
        print(json.dumps(data, indent=2, sort_keys=True))
    else:
        print("\n".join(([""] if not quiet else []) + report_lines(data)))
    sys.stdout.flush()
    return 0


def register(sub: Any) -> None:
    """Add ``tournament`` to the ``dlrules`` command's subcommands."""
    p = sub.add_parser(
        "tournament",
        help="a seat-rotated match of one bot against the others: win rate with a 95%% Wilson interval, scores",
        description="Play --games whole games, game g seating --bot at seat g mod --players and --opponent at every "
        "other seat; chance and the bots draw from the seed, so the same seed gives the same report. Prints the bot's "
        "win rate (a shared victory counts 1/k) with its 95% Wilson interval, the mean scores with 95% intervals and "
        "the bot's CPU seconds a decision; --json prints them as one JSON document.",
    )
    p.add_argument("--players", type=ascii_int, default=4, help="2, 3 or 4 lords (default 4)")
    p.add_argument("--variant", default="full", help="'full' (default) or 'first'")
    p.add_argument("--games", type=ascii_int, default=20, help="how many games (default 20)")
    p.add_argument("--seed", type=ascii_int, default=1, help="the seed of chance and the bots (default 1)")
    p.add_argument("--bot", default="ismcts", help="the bot under test (default ismcts; the bots: random, greedy, ismcts)")
    p.add_argument("--opponent", default="greedy", help="every other seat's bot (default greedy)")
    p.add_argument("--iterations", type=ascii_int, help="the ismcts bot's simulations a decision (default its own, 120)")
    p.add_argument("--horizon", type=ascii_int, help="the ismcts bot's play-out length in moves (default its own, 50)")
    p.add_argument("--quiet", action="store_true", help="no line per game, only the report")
    p.add_argument("--json", action="store_true", help="the games and the report as one JSON document")
    p.set_defaults(func=_tournament)
