"""Where a whole game's time goes, phase by phase (issue 25): a measuring
aid for speed work, not a test.

Plays seeded uniform random whole games (chance drawn with
``sample_chance``) and charges the CPU time of each ``legal_moves`` and each
``apply`` (with the automatic steps after it, ``settle``) to the phase the
state was in, chance's moves apart from the players'. The games are the same
for the same ``--seed`` and engine, so two builds can be compared phase by
phase; run it alternately with the other build for a fair comparison.

    python benchmarks/phases.py                  # 4 players, 150 games
    python benchmarks/phases.py --players 2 --games 300 --seed 7
"""

from __future__ import annotations

import argparse
import collections
import random
import time

from dlrules import CHANCE, apply, legal_moves, new_game, sample_chance, to_move

cpu = time.process_time


def measure(players: int, games: int, seed: int) -> tuple[dict[tuple[str, str], list[float]], float]:
    """CPU seconds and counts per (phase, kind) over ``games`` games, and
    the total CPU seconds of the games (the play-out loop included)."""
    spent: dict[tuple[str, str], list[float]] = collections.defaultdict(lambda: [0.0, 0.0])
    total = 0.0
    for k in range(games):
        rng = random.Random(seed * 7919 + k)
        t_game = cpu()
        state = new_game(players)
        while True:
            seats = to_move(state)
            if not seats:
                break
            phase = state.phase.value
            if CHANCE in seats:
                move = sample_chance(state, rng)
                kind = "chance"
            else:
                t0 = cpu()
                moves = legal_moves(state)
                row = spent[(phase, "legal_moves")]
                row[0] += cpu() - t0
                row[1] += 1
                move = moves[rng.randrange(len(moves))]
                kind = "decision"
            t0 = cpu()
            state = apply(state, move)
            row = spent[(phase, f"apply {kind}")]
            row[0] += cpu() - t0
            row[1] += 1
        total += cpu() - t_game
    return spent, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=2009)
    args = parser.parse_args()
    measure(args.players, 10, args.seed + 1)  # warm up
    spent, total = measure(args.players, args.games, args.seed)
    timed = sum(s for s, _ in spent.values())
    print(f"{args.games} whole {args.players}-player games: {total / args.games * 1e3:.2f} ms CPU a game; timed calls {timed / total:.0%} of it")
    print(f"  {'phase':<14}{'call':<18}{'count/game':>11}{'µs each':>9}{'ms/game':>9}{'share':>7}")
    for (phase, kind), (s, n) in sorted(spent.items(), key=lambda kv: -kv[1][0]):
        print(f"  {phase:<14}{kind:<18}{n / args.games:>11.1f}{s / n * 1e6:>9.1f}{s / args.games * 1e3:>9.3f}{s / total:>7.1%}")


if __name__ == "__main__":
    main()
