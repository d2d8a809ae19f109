"""Hypothesis stateful tests: one RuleBasedStateMachine per player count.

The single rule draws an index into ``legal_moves(state)`` (chance moves are
drawn like any other move, so rare outcomes are explored as often as common
ones) and applies it; every invariant of ``invariants.py`` is checked after
every step. When nobody is to move (the game is over, or it reached a phase
this version does not implement yet) the rule starts a new game, so a long
run keeps exploring.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import dlrules
from dlrules.core.state import GameState
from properties.invariants import MoveChecker, check_state, simultaneous_moves_commute
from properties.profiles import PROFILE


class DungeonLordsMachine(RuleBasedStateMachine):
    players = 4

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState = dlrules.new_game(self.players)
        self.checker = MoveChecker(random.Random(self.players), thorough=PROFILE.thorough)
        self.games = 0

    @initialize(variant=st.sampled_from(("full", "first")), seed=st.integers(0, 2**16))
    def new_game(self, variant: str, seed: int) -> None:
        self.state = dlrules.new_game(self.players, variant=variant)
        self.checker = MoveChecker(random.Random(seed), thorough=PROFILE.thorough)

    @rule(data=st.data())
    def play_a_listed_move(self, data: st.DataObject) -> None:
        moves = dlrules.legal_moves(self.state)
        if not moves:
            self.games += 1
            self.state = dlrules.new_game(self.players, variant=("full", "first")[self.games % 2])
            return
        index = data.draw(st.integers(0, len(moves) - 1), label="move index")
        self.state = dlrules.apply(self.state, moves[index])

    @invariant()
    def every_invariant_holds(self) -> None:
        check_state(self.state)
        self.checker.check(self.state)
        simultaneous_moves_commute(self.state, self.checker.rng)


class TwoPlayers(DungeonLordsMachine):
    players = 2


class ThreePlayers(DungeonLordsMachine):
    players = 3


class FourPlayers(DungeonLordsMachine):
    players = 4


TestTwoPlayers = TwoPlayers.TestCase
TestThreePlayers = ThreePlayers.TestCase
TestFourPlayers = FourPlayers.TestCase
