"""Shared helpers for the table-tools tests (views, records, notation, CLI)."""

from __future__ import annotations

import random

from collections.abc import Callable

from dlrules import GameState, Phase, new_game, play_out
from dlrules.core.moves import Move


def played(players: int, seed: int, until: Phase | Callable[[GameState], bool] | None = None, max_moves: int = 100_000) -> tuple[GameState, tuple[Move, ...]]:
    """A seeded random play-out from a new game: the state reached and the moves made."""
    out = play_out(new_game(players), None, random.Random(seed), until=until, max_moves=max_moves)
    return out.state, out.moves
