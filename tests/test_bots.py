"""The built-in bots (bots.py): they only choose legal moves; the greedy bot
takes actions rather than declining (RES-3)."""

from __future__ import annotations

import random

import dlrules
from dlrules.bots import BOTS, greedy_policy
from dlrules.moves import Decline, FinishDigging, MineGold, PayMonster, PayTaxes, TakeAction


def test_RES_3_greedy_takes_the_action_rather_than_declining() -> None:
    state = dlrules.new_game(2)
    rng = random.Random(0)
    for _ in range(20):
        assert greedy_policy(state, (Decline(0), TakeAction(0)), rng) == TakeAction(0)
    assert greedy_policy(state, (Decline(0),), rng) == Decline(0)  # when nothing else is legal


def test_greedy_mines_with_the_most_imps_pays_the_most_and_keeps_its_monsters() -> None:
    state = dlrules.new_game(2)
    rng = random.Random(1)
    assert greedy_policy(state, (MineGold(0, 1), MineGold(0, 3), FinishDigging(0), MineGold(0, 2)), rng) == MineGold(0, 3)
    assert greedy_policy(state, (PayTaxes(0, 0), PayTaxes(0, 2)), rng) == PayTaxes(0, 2)
    assert greedy_policy(state, (PayMonster(0, 0, False), PayMonster(0, 0, True)), rng) == PayMonster(0, 0, True)


def test_bots_play_legal_games_to_the_end_of_what_is_implemented() -> None:
    for name, policy in BOTS.items():
        for players in (2, 3, 4):
            out = dlrules.play_out(dlrules.new_game(players), {s: policy for s in range(players)}, random.Random(players))
            state = dlrules.new_game(players)
            for move in out.moves:
                assert move in dlrules.legal_moves(state), name
                state = dlrules.apply(state, move)
            assert state == out.state and not dlrules.to_move(state)
