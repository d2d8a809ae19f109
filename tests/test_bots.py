"""The built-in bots (bots.py): they only choose legal moves; the greedy bot
takes actions rather than declining (RES-3)."""

from __future__ import annotations

import random

import dlrules
from dlrules.agents.bots import BOTS, IsmctsBot, greedy_policy
from dlrules.core.chance import Policy
from dlrules.core.moves import Decline, FinishDigging, MineGold, PayMonster, PayTaxes, TakeAction
from siblingkit import sibling_positions


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
    cheap: dict[str, Policy] = {**BOTS, "ismcts": IsmctsBot(iterations=2, horizon=4, width=3)}  # the searching bot with a tiny budget
    for name, policy in cheap.items():
        for players in (2, 3, 4):
            out = dlrules.play_out(dlrules.new_game(players), {s: policy for s in range(players)}, random.Random(players))
            state = dlrules.new_game(players)
            for move in out.moves:
                assert move in dlrules.legal_moves(state), name
                state = dlrules.apply(state, move)
            assert state == out.state and not dlrules.to_move(state)


def test_the_ismcts_bot_reads_nothing_it_may_not_know_sibling_positions_same_choice() -> None:
    """Two positions that differ only in another player's trap cards (and so
    the trap deck): the bot cannot tell them apart, and with the same seed it
    makes the same choice in both (LIB-AI-7: it plays in resampled worlds)."""
    bot = IsmctsBot(iterations=6, horizon=10, width=6)
    checked = 0
    for state, seat, sibling in sibling_positions(3, random.Random(11)):
        moves = tuple(m for m in dlrules.legal_moves(state) if m.seat == seat)
        if len(moves) < 2:
            continue
        one, two = random.Random(checked), random.Random(checked)
        assert bot(state, moves, one) == bot(sibling, moves, two)
        assert one.getstate() == two.getstate()  # the same simulations, draw for draw
        checked += 1
        if checked == 4:
            break
    assert checked >= 2


def test_the_ismcts_bot_budget_is_checked() -> None:
    import pytest

    with pytest.raises(ValueError, match="at least"):
        IsmctsBot(iterations=0)
