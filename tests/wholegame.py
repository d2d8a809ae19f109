"""The example game of issue 13 (item 6): four built-in greedy bots play a whole
game of Dungeon Lords from seed 1, exactly as ``dlrules play --players 4 --seed 1``
(the README's first command) does. ``tests/conformance/seed_whole_game.py``
writes it as a record (``tests/fixtures/whole-game-4p-seed1.jsonl``), its score
sheet (``tests/fixtures/whole-game-4p-seed1-scores.txt``) and a conformance
scenario (``tests/conformance/game/``)."""

from __future__ import annotations

import random
from pathlib import Path

import dlrules
from dlrules.agents.bots import BOTS

PLAYERS, SEED, BOT, VARIANT = 4, 1, "greedy", "full"

FIXTURES = Path(__file__).resolve().parent / "fixtures"
RECORD = FIXTURES / "whole-game-4p-seed1.jsonl"
SCORES = FIXTURES / "whole-game-4p-seed1-scores.txt"


def example_game() -> dlrules.PlayOut:
    """The seeded 4-player game, from ``new_game`` to the end (SCO-3)."""
    policy = BOTS[BOT]
    return dlrules.play_out(
        dlrules.new_game(PLAYERS, variant=VARIANT), {s: policy for s in range(PLAYERS)}, random.Random(SEED)
    )
