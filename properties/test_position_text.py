"""The position text round-trips (issue 38): ``read_position_text(position_text(s))
== s`` for positions of played games of 2 to 4 players, both variants, in every
phase of both years. A game is played at random from a seed (chance and the
bots' choices); the positions checked are the first of each phase of each
year and a sample of the others (every position in the nightly profile)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlrules
from dlrules.agents.bots import random_policy
from dlrules.core.engine import legal_moves
from dlrules.records.position_text import position_text
from dlrules.records.position_text_build import read_position_text
from dlrules.core.state import CHANCE, GameState, Phase
from properties.profiles import PROFILE


def played_positions(players: int, variant: str, seed: int, **options: Any) -> list[GameState]:
    """Every position of a random game from its first to its last (``options``: ``new_game``'s)."""
    rng = random.Random(seed)
    state = dlrules.new_game(players, variant=variant, **options)
    out = [state]
    while state.phase is not Phase.GAME_OVER:
        moves = legal_moves(state)
        seats = sorted({m.seat for m in moves})
        seat = seats[0] if CHANCE in seats else rng.choice(seats)
        state = dlrules.apply(state, random_policy(state, tuple(m for m in moves if m.seat == seat), rng))
        out.append(state)
    return out


def chosen(positions: list[GameState], rng: random.Random, sample: int) -> list[GameState]:
    """The first position of each (year, phase) and ``sample`` others at random."""
    firsts: dict[tuple[int, Phase], GameState] = {}
    for s in positions:
        firsts.setdefault((s.year, s.phase), s)
    others = positions if PROFILE.thorough else rng.sample(positions, min(sample, len(positions)))
    return [*firsts.values(), *others]


def round_trips(state: GameState) -> None:
    text = position_text(state)
    assert read_position_text(text) == state, text
    assert position_text(read_position_text(text)) == text


@settings(max_examples=PROFILE.max_examples)
@given(players=st.sampled_from([2, 3, 4]), variant=st.sampled_from(["full", "first"]), seed=st.integers(0, 2**32 - 1))
def test_positions_of_played_games_round_trip(players: int, variant: str, seed: int) -> None:
    positions = played_positions(players, variant, seed)
    for state in chosen(positions, random.Random(seed), 20):
        round_trips(state)


PASSED_THROUGH = {Phase.ADVENTURERS, Phase.END_OF_ROUND, Phase.YEAR_TWO}
"""Phases ``apply`` passes through within one move (nobody decides there), so
no position of a game rests in them."""


def test_every_phase_of_both_years_is_reached_for_every_player_count() -> None:
    """The games above do reach every phase a position can rest in: one game
    per player count, each phase's first position round-trips."""
    for players in (2, 3, 4):
        positions = played_positions(players, "full", 3800 + players)
        phases = {(s.year, s.phase) for s in positions}
        assert {p for _, p in phases} == set(Phase) - PASSED_THROUGH, sorted(p.value for _, p in phases)
        assert {y for y, _ in phases} == {1, 2}
        for state in chosen(positions, random.Random(players), 0):
            round_trips(state)


OPTIONS: list[tuple[int, str, dict[str, Any]]] = [
    (2, "first", {"deal_and_keep": True}), (3, "full", {"special_events": False, "first_player": 2}),
    (3, "full", {"dummy_hires": True}), (4, "full", {"table_rulings": True, "first_player": 1}),
]  # fmt: skip
"""Games set up with each of the table's options (``new_game``): the text writes them on its ``game:`` line."""


@pytest.mark.parametrize(("players", "variant", "options"), OPTIONS)
def test_games_set_up_with_the_tables_options_round_trip(players: int, variant: str, options: dict[str, Any]) -> None:
    positions = played_positions(players, variant, 4100 + players, **options)
    for state in chosen(positions, random.Random(players), 15):
        round_trips(state)


_PIECES = ["=", ",", "-", "?", "(", ")", "@", "*", " ", "\n", "P9", "D1", "year=", "0", "99999999", "(conquered)", "goblin", "Z9",
           "[99;99]", "#", ":", "plans=9", "\nfight: round=1 stage=plan", "\nbattle: P1", "\nplan P1: tile=C1", "\nturn: position=9",
           "\nresolution: space=dig slot=III", "\nD3: unavailable=food", "\nspied: P1=4"]  # fmt: skip


@settings(max_examples=PROFILE.fuzz_examples)
@given(data=st.data())
def test_a_mistyped_position_is_refused_in_one_sentence_never_a_crash(data: st.DataObject) -> None:
    """Bad input (issue 38): a position text with words inserted, deleted or
    moved reads, or is refused with ``PositionTextError`` (line, column, what was
    expected); nothing else is raised, checked or not."""
    from dlrules.apps.desk.faq import disputes
    from dlrules.records.position_text_read import PositionTextError

    text = data.draw(st.sampled_from([d.position for d in disputes()]))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        if data.draw(st.booleans()):
            text = text[:at] + data.draw(st.sampled_from(_PIECES)) + text[at:]
        else:
            text = text[:at] + text[at + data.draw(st.integers(1, 8)) :]
    for checked in (True, False):
        try:
            read_position_text(text, checked=checked)
        except PositionTextError as error:
            assert str(error).startswith(f"line {error.line}, column {error.column}: ") and "\n" not in str(error)
