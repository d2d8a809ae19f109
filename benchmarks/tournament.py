"""A seat-rotated tournament: one bot against the others (docs/ai.md,
docs/performance.md); the games and the figures are ``dlrules.apps.tournament``'s,
as ``dlrules tournament`` plays them; this script adds the machine's line.

    python benchmarks/tournament.py --players 4 --games 100          # ismcts against three greedy bots
    python benchmarks/tournament.py --players 2 --games 100 --seed 7
    python benchmarks/tournament.py --games 8 --iterations 12         # a quick look

Game ``g`` seats the bot under test at seat ``g % players`` (every seat in
turn), the opponents elsewhere; the first player is seat 0 (SETUP-1), so the
rotation also rotates who begins relative to the bot. Chance and every bot
draw from one ``random.Random(seed * 100_003 + g)``: the same ``--seed`` gives
the same games and the same report. The bot's decisions are timed (only
those with two legal moves or more).

Reported: the bot's win rate (a shared victory counts 1/k, SCO-3, SCO-10)
with a 95% Wilson interval, its mean final score and the opponents' with 95%
intervals (normal), the mean difference, and the bot's seconds a decision.
"""

from __future__ import annotations

import argparse
import platform

from dlrules.agents.bots import BOTS
from dlrules.apps.tournament import Match, game_line, report, report_lines, run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="full")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="ismcts", help=f"the bot under test: {', '.join(sorted(BOTS))}")
    parser.add_argument("--opponent", default="greedy", help="every other seat's bot")
    parser.add_argument("--iterations", type=int, help="the ISMCTS bot's simulations a decision (default: the bot's own)")
    parser.add_argument("--horizon", type=int, help="the ISMCTS bot's play-out length in moves")
    args = parser.parse_args(argv)
    match = Match(args.players, args.variant, args.games, args.seed, args.bot, args.opponent, args.iterations, args.horizon)
    games = run(match, lambda g, game: print(game_line(match, g, game), flush=True))
    lines = report_lines(report(match, games))
    print("\n" + lines[0])
    print(f"machine: {platform.machine()} {platform.python_implementation()} {platform.python_version()}, one process")
    print("\n".join(lines[1:]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
