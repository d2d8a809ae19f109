"""Where the adapters end a game and what it returns (LIB-AI-3), and the parts
of the observation that combat, year 2 and the end add (LIB-AI-4)."""

from __future__ import annotations

import random

import attrs

import dlrules
from dlrules import Phase
from dlrules.agents.adapters.common import (
    finished,
    observation_layout,
    observation_string,
    observation_vector,
    returns,
    scores,
)
from dlrules.core.dungeon import GRID
from dlrules.core.state import Plan
from dlrules.records.views import view
from scoring_positions import end_of_game, lord


def _part(state: dlrules.GameState, seat: int, name: str) -> list[float]:
    piece = next(p for p in observation_layout() if p.name == name)
    return observation_vector(state, seat)[piece.start : piece.start + piece.size]


def test_LIB_AI_3_a_random_game_is_played_to_its_final_scoring() -> None:
    """No phase is cut off: year-1 combat is passed, the game ends at GAME_OVER with a winner."""
    state = dlrules.play_out(dlrules.new_game(3), None, random.Random(4)).state
    assert state.phase is Phase.GAME_OVER and finished(state)
    result = dlrules.outcome(state)
    assert result is not None
    assert sum(returns(state)) == 1.0
    assert {s for s, r in enumerate(returns(state)) if r > 0} == set(result.winners)
    assert scores(state) == result.totals


def test_LIB_AI_3_a_game_at_year_1_combat_goes_on() -> None:
    state = dlrules.play_out(dlrules.new_game(3), None, random.Random(4), until=lambda s: s.phase is Phase.COMBAT).state
    assert state.phase is Phase.COMBAT and state.year == 1
    assert not finished(state) and returns(state) == (0.0, 0.0, 0.0)


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
    from dlrules.agents.adapters.common import PALADIN_SLOTS, observation_layout
    from dlrules.components import PALADINS

    sizes = {p.name: p.size for p in observation_layout()}
    assert len(Phase) <= sizes["phase"] == 16
    assert len(PALADINS) <= PALADIN_SLOTS
    assert sizes["tavern"] == 16 and sizes["combat"] == 4 * 32


def test_LIB_AI_4_SCO_14_the_outcome_part_shows_each_seat_s_total_relative_to_the_observer() -> None:
    state = end_of_game(lord(rooms=("chicken-coop", "mint", "workshop")), lord())
    result = dlrules.outcome(state)
    assert result is not None
    mine, theirs = result.totals
    assert _part(state, 1, "outcome") == [1.0, 1.0, float(theirs), 0.0, 1.0, float(mine), 1.0] + [0.0] * 6
    assert observation_string(state, 1).endswith(f'outcome {{"totals": [{mine}, {theirs}], "winners": [0]}}')
    assert dlrules.outcome(view(state, 1).state) == result  # the view hides nothing scoring counts


def test_LIB_AI_4_no_outcome_part_before_the_end() -> None:
    state = dlrules.new_game(2)
    assert _part(state, 0, "outcome") == [0.0] * 13
    assert "outcome" not in observation_string(state, 0).splitlines()[-1][:8]


def test_LIB_AI_4_CMB_PLAN_9_the_fight_part_shows_own_planned_traps_and_only_the_number_of_others() -> None:
    """A plan's tile, monsters and gold are public; its trap cards only to their owner."""
    state = dlrules.play_out(dlrules.new_game(2), None, random.Random(4), until=lambda s: s.phase is Phase.COMBAT).state
    assert state.fight is not None
    plan = Plan(GRID[0], ("pendulum",), (), 1)
    fight = attrs.evolve(state.fight, plans=(plan, plan))
    state = attrs.evolve(state, fight=fight)
    own, other = _part(state, 0, "plan[0]"), _part(state, 1, "plan[1]")
    assert own[0] == own[1] == 1.0  # present, on the first square
    assert own[21:23] == other[21:23] == [1.0, 1.0]  # one trap card, one gold on it
    assert sum(own[23:39]) == 1.0 and sum(other[23:39]) == 0.0  # which card: only its owner sees
    assert _part(state, 0, "fight")[0] == 1.0
