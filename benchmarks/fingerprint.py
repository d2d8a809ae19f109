"""A fingerprint of the engine's answers, for changes meant to alter no answer.

Plays seeded whole games (random moves, chance drawn with ``sample_chance``)
for 2, 3 and 4 players in both variants, and hashes every legal-move list,
every state (``dumps``) and every event list (``apply_with_events``) along
the way. Run it before and after a speed change: the printed digest must be
the same.

    python benchmarks/fingerprint.py             # 3 seeds per player count and variant
    python benchmarks/fingerprint.py --seeds 10
    python benchmarks/fingerprint.py --seeds 1 --write tests/fixtures/fingerprint.txt

The last command regenerates the digest that ``tests/test_fingerprint.py``
compares with (CI): run it, and commit the file, after a deliberate change of
the rules (a speed-up must leave the file as it is).
"""

from __future__ import annotations

import argparse
import hashlib
import random
from pathlib import Path

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


def fingerprint(seeds: int, show: bool = False) -> str:
    """The digest of ``seeds`` seeded games per player count and variant."""
    total = hashlib.sha256()
    for variant in ("full", "first"):
        for players in (2, 3, 4):
            for seed in range(seeds):
                game = fingerprint_game(players, variant, seed)
                total.update(game.encode())
                if show:
                    print(f"{variant} {players}p seed {seed}: {game[:16]}")
    return total.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=3, help="seeds per player count and variant")
    parser.add_argument("--write", type=Path, metavar="PATH", help="also write the digest to PATH (the file CI compares with)")
    args = parser.parse_args(argv)
    digest = fingerprint(args.seeds, show=True)
    print(f"fingerprint: {digest}")
    if args.write is not None:
        args.write.write_text(
            f"# benchmarks/fingerprint.py --seeds {args.seeds}; regenerate after a deliberate rule change with:\n"
            f"#   python benchmarks/fingerprint.py --seeds {args.seeds} --write {args.write}\n"
            f"seeds {args.seeds}\n{digest}\n",
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
