"""Where the adapters end a game and what it returns (LIB-AI-3), and the parts
of the observation that combat, year 2 and the end add (LIB-AI-4)."""

from __future__ import annotations

import random

import attrs
import pytest

pytest.importorskip("numpy")  # the adapters' tensors (extras openspiel, pettingzoo)

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


def _field(state: dlrules.GameState, seat: int, part: str, name: str) -> list[float]:
    """One field of a part (``observation_fields``), as seat ``seat`` observes ``state``."""
    from dlrules.agents.adapters.tensors import observation_fields

    f = next(f for f in observation_fields() if f.part == part and f.name == name)
    return observation_vector(state, seat)[f.start : f.start + f.size]


def _number(bits: list[float]) -> int:
    """A thermometer read back: its ones come first."""
    k = int(sum(bits))
    assert bits[:k] == [1.0] * k
    return k


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
    assert sizes["tavern"] == 16 * 3 and sizes["combat"] == 4 * 32  # 16 monster slots × a thermometer of 3


def test_LIB_AI_4_SCO_14_the_outcome_part_shows_each_seat_s_total_relative_to_the_observer() -> None:
    state = end_of_game(lord(rooms=("chicken-coop", "mint", "workshop")), lord())
    result = dlrules.outcome(state)
    assert result is not None
    mine, theirs = result.totals
    assert _field(state, 1, "outcome", "present") == [1.0]
    # block 0 is the observer (seat 1: "theirs"), block 1 the next seat (seat 0, the winner)
    for block, total, won in ((0, theirs, 0.0), (1, mine, 1.0)):
        assert _field(state, 1, "outcome", f"seat {block}") == [1.0]
        assert _number(_field(state, 1, "outcome", f"seat {block} above zero")) == max(total, 0)
        assert _number(_field(state, 1, "outcome", f"seat {block} below zero")) == max(-total, 0)
        assert _field(state, 1, "outcome", f"seat {block} won") == [won]
    assert _field(state, 1, "outcome", "seat 2") == [0.0]  # a 2-player game
    assert observation_string(state, 1).endswith(f'outcome {{"totals": [{mine}, {theirs}], "winners": [0]}}')
    assert dlrules.outcome(view(state, 1).state) == result  # the view hides nothing scoring counts


def test_LIB_AI_4_no_outcome_part_before_the_end() -> None:
    state = dlrules.new_game(2)
    assert set(_part(state, 0, "outcome")) == {0.0}
    assert "outcome" not in observation_string(state, 0).splitlines()[-1][:8]


def test_numbers_are_thermometers_and_every_value_is_0_or_1() -> None:
    """Gold, food, evil … are thermometers (docs/ai.md): the first ``n`` bits are 1."""
    state = dlrules.play_out(dlrules.new_game(3), None, random.Random(2), max_moves=120).state
    for seat in range(3):
        for block in range(3):
            p = state.players[(seat + block) % 3]
            assert _number(_field(state, seat, f"player[{block}]", "gold")) == min(p.gold, 24)
            assert _number(_field(state, seat, f"player[{block}]", "evil")) == p.evil
        assert set(observation_vector(state, seat)) <= {0.0, 1.0}


def test_the_cached_vector_is_the_one_built_from_the_whole_view() -> None:
    """The adapters build the vector part by part from cached parts
    (dlrules.agents.adapters.tensors); it equals the vector built from
    ``view(state, seat)`` whole, for every seat and the spectator, along whole
    games with secrets put in (so no part reads what the view hides)."""
    import numpy as np

    from dlrules.agents.adapters.tensors import observation_bits, reference_bits
    from properties.siblings import with_any_secrets

    for players in (2, 3, 4):
        rng = random.Random(players)
        state = dlrules.new_game(players)
        for i, move in enumerate(dlrules.play_out(state, None, rng).moves):
            state = dlrules.apply(state, move)
            if i % 9:
                continue
            shown = with_any_secrets(state, rng) if i % 18 == 0 else state
            for seat in (*range(players), None):
                me = 0 if seat is None else seat
                assert np.array_equal(observation_bits(shown, me, seat), reference_bits(view(shown, seat), me))


def test_LIB_AI_4_CMB_PLAN_9_the_fight_part_shows_own_planned_traps_and_only_the_number_of_others() -> None:
    """A plan's tile, monsters and gold are public; its trap cards only to their owner."""
    state = dlrules.play_out(dlrules.new_game(2), None, random.Random(4), until=lambda s: s.phase is Phase.COMBAT).state
    assert state.fight is not None
    plan = Plan(GRID[0], ("pendulum",), (), 1)
    fight = attrs.evolve(state.fight, plans=(plan, plan))
    state = attrs.evolve(state, fight=fight)
    for seat, block in ((0, 0), (1, 1)):  # seat 0's plan: its own, and as seat 1 sees it
        assert _field(state, seat, f"plan[{block}]", "present") == [1.0]
        assert _field(state, seat, f"plan[{block}]", "tile")[0] == 1.0  # on the first square
        assert _number(_field(state, seat, f"plan[{block}]", "traps")) == 1  # one trap card
        assert _number(_field(state, seat, f"plan[{block}]", "gold")) == 1  # one gold on it
    assert sum(_field(state, 0, "plan[0]", "trap_cards")) == 1.0  # which card: only its owner sees
    assert sum(_field(state, 1, "plan[1]", "trap_cards")) == 0.0
    assert _part(state, 0, "fight")[0] == 1.0


def test_two_finished_games_one_after_the_other_each_show_their_own_outcome() -> None:
    """The vector is built against the last one made for the same seat: a
    second finished game must not reuse the first one's scores."""
    from dlrules.agents.adapters.tensors import observation_bits, reference_bits

    one = end_of_game(lord(rooms=("chicken-coop", "mint", "workshop")), lord())
    two = end_of_game(lord(), lord(rooms=("chicken-coop", "mint", "workshop")))
    for state in (one, two, one):
        assert list(observation_bits(state, 0, 0)) == list(reference_bits(view(state, 0), 0))


def test_games_of_two_variants_one_after_the_other_each_show_their_own_head() -> None:
    """The vector is built against the last one made for the same seat,
    whatever game it came from: a first game's and a full game's differ."""
    from dlrules.agents.adapters.tensors import observation_bits, reference_bits

    first, full = dlrules.new_game(2, variant="first"), dlrules.new_game(2, variant="full")
    for state in (first, full, first):
        assert list(observation_bits(state, 0, 0)) == list(reference_bits(view(state, 0), 0))
