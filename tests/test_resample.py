"""Resampling a position from what one seat knows (dlrules.agents.resample, LIB-AI-7):
samples never contradict the seat's view, follow the deal's distribution
over the cards it has not seen, and read nothing it may not know."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

import dlrules
from dlrules.core.chance import play_out
from dlrules.agents.resample import resample
from dlrules.core.state import CHANCE, GameState, Phase
from siblingkit import trap_sibling


def _positions(players: int, seed: int, every: int = 9) -> list[GameState]:
    """Positions along a random whole game."""
    rng = random.Random(seed)
    state = dlrules.new_game(players)
    out = []
    while not dlrules.is_over(state):
        state = play_out(state, None, rng, max_moves=every).state
        out.append(state)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_LIB_AI_7_a_sample_never_contradicts_the_seat_view(players: int) -> None:
    rng = random.Random(players)
    for state in _positions(players, players):
        for seat in range(players):
            sample = resample(state, seat, rng)
            assert dlrules.view(sample, seat) == dlrules.view(state, seat)  # its legal moves too


def test_LIB_AI_7_samples_can_be_played_to_the_end() -> None:
    rng = random.Random(5)
    for state in _positions(3, 8, every=40):
        end = play_out(resample(state, 1, rng), None, rng).state
        assert end.phase is Phase.GAME_OVER


def _with_hidden_traps(players: int = 3) -> tuple[GameState, int]:
    """A position where a player other than seat 0 holds trap cards."""
    for state in _positions(players, 11, every=3):
        holder = next((s for s in range(1, players) if state.players[s].traps), None)
        if holder is not None and not dlrules.is_over(state):
            return state, holder
    raise AssertionError("no position with hidden trap cards")


def test_LIB_AI_7_the_unseen_trap_cards_are_dealt_as_the_deck_deals_them_chi_square() -> None:
    """Each unseen trap card is equally likely in every unseen place: the
    cards in another player's hand follow the pool's proportions (the deal's
    distribution); a chi-square test at the 0.1% level."""
    state, holder = _with_hidden_traps()
    pool = Counter(k for k, n in state.decks.traps.unseen for _ in range(n))
    for s in range(1, state.n_players):
        pool.update(state.players[s].traps)
    pool.update(state.trap_discard)
    size = sum(pool.values())
    held = len(state.players[holder].traps)
    rng = random.Random(2)
    samples = 3000
    counts: Counter[str] = Counter()
    for _ in range(samples):
        counts.update(resample(state, 0, rng).players[holder].traps)
    expected = {k: samples * held * n / size for k, n in pool.items()}
    chi2 = sum((counts[k] - e) ** 2 / e for k, e in expected.items())
    df = len(expected) - 1
    # Wilson-Hilferty: the 99.9% point of chi-square with df degrees of freedom
    critical = df * (1 - 2 / (9 * df) + 3.09 * math.sqrt(2 / (9 * df))) ** 3
    assert df >= 1 and chi2 < critical, (chi2, critical, counts, expected)


def test_LIB_AI_7_sibling_positions_the_seat_cannot_tell_apart_give_the_same_samples() -> None:
    """Swap a trap card of another player with a different one from the trap
    deck: seat 0 cannot tell the two positions apart, and the same seed gives
    the same sample from both."""
    state, _ = _with_hidden_traps()
    sibling = trap_sibling(state, 0)
    assert sibling is not None
    assert sibling != state and dlrules.view(sibling, 0) == dlrules.view(state, 0)
    assert resample(state, 0, random.Random(9)) == resample(sibling, 0, random.Random(9))


def test_LIB_AI_7_secret_orders_are_drawn_among_the_legal_choices() -> None:
    rng = random.Random(4)
    state = dlrules.new_game(3)
    state = play_out(state, None, rng, until=lambda s: s.phase is Phase.ORDERS and CHANCE not in dlrules.to_move(s)).state
    state = play_out(state, None, rng, max_moves=2).state  # Players 1 and 2 have chosen, face down
    assert state.players[1].committed is not None and state.players[2].committed is None
    seen = set()
    for _ in range(60):
        sample = resample(state, 2, rng)
        committed = sample.players[1].committed
        assert committed is not None and set(committed) <= set(state.players[1].hand)
        seen.add(committed)
    assert len(seen) > 10  # drawn, not read from the real choice
