"""Random play-outs of year 2's building rounds (issue 13): from a random end
of year 1's combat (properties/year2.py) through the change of year and the
four rounds of year 2, every invariant after every step, for 2, 3 and 4
players in both variants (card conservation counts both years' decks, the
discards, the box and the Distant Lands)."""

from __future__ import annotations

import pytest

from dlrules.core.state import Phase
from properties.invariants import check_state, play_checked
from properties.profiles import PROFILE
from properties.year2 import random_combat_end


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["full", "first"])
def test_year_two_play_outs_keep_every_invariant(players: int, variant: str) -> None:
    for game in range(max(1, PROFILE.sim_games // 2)):
        seed = 7000 + 100 * players + 2 * game + (variant == "first")
        start = random_combat_end(players, seed, variant)
        assert (start.year, start.round, start.phase) == (2, 1, Phase.ROUND_START)
        check_state(start)
        rounds = set()
        for state, _ in play_checked(players, seed, start=start, thorough=PROFILE.thorough):
            assert state.year == 2
            rounds.add(state.round)
        assert rounds == {1, 2, 3, 4}
        assert state.phase in (Phase.COMBAT, Phase.GAME_OVER)  # year 2's combat, then the end (Y2-24, Y2-25)
        assert state.decks.monsters.size == 0 and state.decks.rooms.size == 0  # Y2-10: the gold tiles, 3 and 2 a round


@pytest.mark.parametrize("players", [2, 3, 4])
def test_eager_year_two_play_outs_keep_every_invariant(players: int) -> None:
    """Players who always act: Golems and Demons hired and paid, year-2 rooms."""
    for game in range(max(1, PROFILE.sim_games // 2)):
        seed = 9000 + 10 * players + game
        start = random_combat_end(players, seed, "full")
        final, _ = list(play_checked(players, seed, start=start, eager=True, thorough=PROFILE.thorough))[-1]
        assert final.year == 2
