"""A fingerprint of the engine's answers, for changes meant to alter no answer.

Plays seeded whole games (random moves, chance drawn with ``sample_chance``)
for 2, 3 and 4 players in both variants, and hashes every legal-move list,
every state (``dumps``) and every event list (``apply_with_events``) along
the way. Run it before and after a speed change: the printed digest must be
the same.

    python benchmarks/fingerprint.py             # 3 seeds per player count and variant
    python benchmarks/fingerprint.py --seeds 10
"""

from __future__ import annotations

import argparse
import hashlib
import random

import dlrules
from dlrules import CHANCE, apply_with_events, dumps, legal_moves, new_game, sample_chance, to_move


def fingerprint_game(players: int, variant: str, seed: int) -> str:
    """The digest of one seeded whole game: states, legal moves, events."""
    digest = hashlib.sha256()
    rng = random.Random(f"{players}-{variant}-{seed}")
    state = new_game(players, variant=variant)
    while True:
        digest.update(dumps(state).encode())
        seats = to_move(state)
        if not seats:
            digest.update(repr(dlrules.outcome(state)).encode())
            return digest.hexdigest()
        if CHANCE in seats:
            move = sample_chance(state, rng)
        else:
            moves = legal_moves(state)
            digest.update("|".join(dumps(m) for m in moves).encode())
            move = moves[rng.randrange(len(moves))]
        digest.update(dumps(move).encode())
        state, events = apply_with_events(state, move)
        digest.update(repr(events).encode())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=3, help="seeds per player count and variant")
    args = parser.parse_args(argv)
    total = hashlib.sha256()
    for variant in ("full", "first"):
        for players in (2, 3, 4):
            for seed in range(args.seeds):
                game = fingerprint_game(players, variant, seed)
                total.update(game.encode())
                print(f"{variant} {players}p seed {seed}: {game[:16]}")
    print(f"fingerprint: {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
