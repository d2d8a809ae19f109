"""Where the adapters end a game and what it returns (LIB-AI-3)."""

from __future__ import annotations

import random

import dlrules
from dlrules import Phase
from dlrules.adapters.common import LAST_PHASE, finished, returns, scores
from scoring_positions import end_of_game, lord


def test_LIB_AI_3_a_game_stopped_at_year_1_combat_returns_0_to_everyone() -> None:
    state = dlrules.play_out(dlrules.new_game(3), None, random.Random(4)).state
    assert state.phase is Phase.COMBAT is LAST_PHASE
    assert finished(state) and dlrules.outcome(state) is None
    assert returns(state) == (0.0, 0.0, 0.0)
    assert scores(state) is None


def test_LIB_AI_3_a_game_in_progress_is_not_finished() -> None:
    assert not finished(dlrules.new_game(2))


def test_LIB_AI_3_SCO_3_the_winner_returns_1_and_the_others_0() -> None:
    state = end_of_game(lord(rooms=("chicken-coop", "mint", "workshop")), lord())
    result = dlrules.outcome(state)
    assert result is not None and result.winners == (0,)
    assert finished(state)
    assert returns(state) == (1.0, 0.0)
    assert scores(state) == result.totals


def test_LIB_AI_3_SCO_10_a_shared_victory_splits_the_1() -> None:
    state = end_of_game(lord(rooms=("mint",)), lord(rooms=("mint",)), lord())
    result = dlrules.outcome(state)
    assert result is not None and set(result.winners) == {0, 1}
    assert returns(state) == (0.5, 0.5, 0.0)


def test_the_observation_has_room_for_phases_and_cards_added_later() -> None:
    """Phases and cards take fixed slots (docs/ai.md), so additions move no part."""
    from dlrules.adapters.common import PALADIN_SLOTS, observation_layout
    from dlrules.components import PALADINS

    sizes = {p.name: p.size for p in observation_layout()}
    assert len(Phase) <= sizes["phase"] == 16
    assert len(PALADINS) <= PALADIN_SLOTS
    assert sizes["tavern"] == 16 and sizes["combat"] == 4 * 32
