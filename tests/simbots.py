"""Policies for the simulation tests, importable as ``simbots:NAME``."""

from __future__ import annotations

import os
import random
import time

from dlrules.agents.bots import greedy_policy
from dlrules.core.moves import Decline, Move
from dlrules.core.state import GameState


def slow_greedy(state: GameState, moves: tuple[Move, ...], rng: random.Random) -> Move:
    """The greedy bot, slowed down by a sleep per decision when
    DLRULES_SLOW_BOT is set (so a test can interrupt a run midway); the
    same moves either way."""
    if os.environ.get("DLRULES_SLOW_BOT"):
        time.sleep(0.01)
    return greedy_policy(state, moves, rng)


def first_move(state: GameState, moves: tuple[Move, ...], rng: random.Random) -> Move:
    """Always the first legal move."""
    return moves[0]


def cheat_in_autumn(state: GameState, moves: tuple[Move, ...], rng: random.Random) -> Move:
    """Greedy, but in autumn it returns a move that is not among the legal ones."""
    if state.season == "autumn":
        return Decline(seat=moves[0].seat)
    return greedy_policy(state, moves, rng)


NOT_A_POLICY = 3
