"""Positions for the position text's and the desk's tests (issue 38)."""

from __future__ import annotations

from year_helpers import random_walk

from dlrules.core.state import GameState, Phase


def first_position(players: int, phase: Phase, seed: int = 5) -> GameState:
    """The first position of a seeded random game in ``phase``."""
    return next(s for s, _ in random_walk(1, players, first_seed=seed) if s.phase is phase)
