"""Random simulation in the style of OpenSpiel's ``random_sim_test``: seeded
complete play-outs (until nobody is to move) for each player count, chance
sampled with its true probabilities, every invariant after every step.
``DLRULES_PROFILE=nightly`` plays many more games and applies every listed
move at every step."""

from __future__ import annotations

import pytest

import dlrules
from dlrules.core.state import Phase
from properties.invariants import play_checked
from properties.profiles import PROFILE


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["full", "first"])
def test_random_play_outs_keep_every_invariant(players: int, variant: str) -> None:
    games = max(1, PROFILE.sim_games // 2)  # the two variants share the budget
    for game in range(games):
        seed = 1000 * players + 2 * game + (variant == "first")
        final, _ = list(play_checked(players, seed, variant=variant, thorough=PROFILE.thorough))[-1]
        assert not dlrules.to_move(final), f"seed {seed}: the play-out stopped while someone could move"
        # CMB-END-4, Y2-1, SCO-1: through both combats and the change of year to the final score
        assert final.phase is Phase.GAME_OVER and dlrules.outcome(final) == dlrules.final_scores(final)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_uniform_play_outs_reach_rare_chance_outcomes(players: int) -> None:
    """Chance moves drawn uniformly among the listed ones (as the state
    machine does): the redraws of RST-5 and late deck states are reached."""
    for game in range(max(1, PROFILE.sim_games // 2)):
        final, _ = list(play_checked(players, 77 + game, weighted_chance=False, thorough=PROFILE.thorough))[-1]
        assert not dlrules.to_move(final)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_eager_play_outs_keep_every_invariant(players: int) -> None:
    """Players who never decline nor stop digging early when they can go on:
    full dungeons (ACT-DIG-6), many monsters and rooms, evil near the top."""
    for game in range(max(1, PROFILE.sim_games // 2)):
        final, _ = list(play_checked(players, 500 + game, eager=True, thorough=PROFILE.thorough))[-1]
        assert not dlrules.to_move(final) and final.phase is Phase.GAME_OVER
