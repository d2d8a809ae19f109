"""A seat-rotated tournament: one bot against the others (docs/ai.md,
docs/performance.md).

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
import math
import platform
import random
import statistics
import time

import dlrules
from dlrules.agents.bots import BOTS, IsmctsBot
from dlrules.core.chance import Policy, sample_chance


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% normal interval."""
    m = statistics.fmean(values)
    if len(values) < 2:
        return (m, m, m)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return (m, m - half, m + half)


def play(players: int, variant: str, bot: Policy, seat: int, opponent: Policy, rng: random.Random) -> tuple[dlrules.GameState, float, int]:
    """One game: the bot at ``seat``; returns the end, the bot's thinking time and its decisions."""
    state = dlrules.new_game(players, variant=variant)
    thinking, decisions = 0.0, 0
    while not dlrules.is_over(state):
        seats = dlrules.to_move(state)
        if dlrules.CHANCE in seats:
            state = dlrules.apply(state, sample_chance(state, rng))
            continue
        mover = min(seats)
        moves = tuple(m for m in dlrules.legal_moves(state) if m.seat == mover)
        if mover == seat:
            started = time.process_time()
            move = bot(state, moves, rng)
            if len(moves) > 1:
                thinking += time.process_time() - started
                decisions += 1
        else:
            move = opponent(state, moves, rng)
        state = dlrules.apply(state, move)
    return state, thinking, decisions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="full")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="ismcts", help=f"the bot under test: {', '.join(sorted(BOTS))}")
    parser.add_argument("--opponent", default="greedy", help="every other seat's bot")
    parser.add_argument("--iterations", type=int, help="the ISMCTS bot's simulations a decision (default: the bot's own)")
    parser.add_argument("--horizon", type=int, help="the ISMCTS bot's play-out length in moves")
    args = parser.parse_args(argv)
    bot: Policy = BOTS[args.bot]
    if args.bot == "ismcts" and (args.iterations or args.horizon is not None):
        default = IsmctsBot()
        bot = IsmctsBot(iterations=args.iterations or default.iterations, horizon=default.horizon if args.horizon is None else args.horizon)
    opponent = BOTS[args.opponent]
    wins = 0.0
    mine: list[float] = []
    theirs: list[float] = []
    diffs: list[float] = []
    thinking, decisions = 0.0, 0
    for g in range(args.games):
        seat = g % args.players
        end, t, d = play(args.players, args.variant, bot, seat, opponent, random.Random(args.seed * 100_003 + g))
        thinking, decisions = thinking + t, decisions + d
        result = dlrules.outcome(end)
        assert result is not None
        totals = result.totals
        share = 1.0 / len(result.winners) if seat in result.winners else 0.0
        wins += share
        others = [t for s, t in enumerate(totals) if s != seat]
        mine.append(totals[seat])
        theirs.extend(others)
        diffs.append(totals[seat] - statistics.fmean(others))
        print(f"game {g + 1}: {args.bot} at P{seat + 1}, totals {list(totals)}, won {share:g}", flush=True)
    low, high = wilson(wins, args.games)
    m, ml, mh = mean_interval(mine)
    o, ol, oh = mean_interval(theirs)
    dm, dl, dh = mean_interval(diffs)
    print(f"\n{args.players} players ({args.variant}), {args.games} games, seats rotated, seed {args.seed}; {args.bot} against {args.opponent}")
    print(f"machine: {platform.machine()} {platform.python_implementation()} {platform.python_version()}, one process")
    print(f"win rate {wins / args.games:.1%} (95% interval {low:.1%}..{high:.1%}; fair share {1 / args.players:.1%})")
    print(f"mean score {m:.1f} ({ml:.1f}..{mh:.1f}); {args.opponent} {o:.1f} ({ol:.1f}..{oh:.1f}); difference {dm:+.1f} ({dl:+.1f}..{dh:+.1f})")
    if decisions:
        print(f"{args.bot}: {thinking / decisions:.3f} CPU s a decision ({decisions} decisions with a choice)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
