"""The factored action space (dlrules.agents.decisions, docs/ai.md, LIB-AI-6): every
move made as a short sequence of small decisions by the same player."""

from __future__ import annotations

import random

import pytest

import dlrules
import dlrules.agents.actions
import dlrules.agents.decisions
import dlrules.core.chance
import dlrules.core.engine
import dlrules.core.moves
import dlrules.core.state
from dlrules.core.chance import play_out, sample_chance
from dlrules.agents.decisions import (
    DECISION_BLOCKS,
    NUM_CHANCE_OUTCOMES,
    NUM_DECISIONS,
    Partial,
    acting,
    begin,
    block_of,
    decide,
    decisions_of,
    describe_decision,
    legal_decisions,
    move_of_decisions,
)
from dlrules.agents.actions import encode
from dlrules.core.moves import PlanDefence
from dlrules.core.state import CHANCE, Phase


def test_LIB_AI_6_the_space_is_small_and_no_kind_of_decision_takes_half_of_it() -> None:
    assert NUM_DECISIONS <= 2048
    assert max(b.size for b in DECISION_BLOCKS) <= NUM_DECISIONS // 2
    assert NUM_CHANCE_OUTCOMES == 2232  # chance keeps the ids of dlrules.agents.actions
    assert [b.offset for b in DECISION_BLOCKS] == sorted(b.offset for b in DECISION_BLOCKS)


def test_LIB_AI_6_a_defence_plan_is_tile_then_trap_cards_then_lair_places() -> None:
    plan = PlanDefence(1, (1, 2), ("pendulum", "trap-door"), (0, 3))
    names = [describe_decision(d) for d in decisions_of(plan)]
    assert names == [
        "PlanDefence.tile C2",
        "PlanDefence.traps pendulum",
        "PlanDefence.traps trap-door",
        "PlanDefence.traps done",
        "PlanDefence.monsters #1",
        "PlanDefence.monsters #4",
        "PlanDefence.monsters done",
    ]
    assert move_of_decisions(decisions_of(plan), 1) == plan
    # no trap card and no monster: each set closed at once by its "done"
    assert [describe_decision(d) for d in decisions_of(PlanDefence(1, (1, 2)))] == ["PlanDefence.tile C2", "PlanDefence.traps done", "PlanDefence.monsters done"]


def _game(players: int, seed: int) -> list[Partial]:
    """A random game through the decisions: every position on the way."""
    rng = random.Random(seed)
    p = begin(dlrules.new_game(players))
    seen = [p]
    while acting(p) is not None:
        if acting(p) == CHANCE:
            p = decide(p, encode(sample_chance(p.state, rng)))
        else:
            ids = legal_decisions(p)
            p = decide(p, ids[rng.randrange(len(ids))])
        seen.append(p)
    assert p.state.phase is Phase.GAME_OVER
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_LIB_AI_6_random_decisions_play_whole_games_and_open_exactly_the_legal_moves(players: int) -> None:
    positions = _game(players, players)
    for p in positions[::7]:
        who = acting(p)
        if who is None or who == CHANCE or p.seat is not None:
            continue
        legal = [m for m in dlrules.legal_moves(p.state) if m.seat == who]
        for m in legal:
            assert move_of_decisions(decisions_of(m), who) == m  # each legal move has its decisions
        assert set(legal_decisions(p)) == {decisions_of(m)[0] for m in legal}


def test_LIB_AI_6_a_move_is_applied_when_its_last_decision_is_made() -> None:
    state = play_out(dlrules.new_game(3), None, random.Random(1), until=lambda s: s.phase is Phase.ORDERS and CHANCE not in dlrules.to_move(s)).state
    p = begin(state)
    first = legal_decisions(p)[0]
    mid = decide(p, first)
    assert mid.seat == 0 and mid.state is state and mid.chosen == (first,)  # nothing applied yet
    while mid.seat is not None:
        mid = decide(mid, legal_decisions(mid)[0])
    assert mid.state.players[0].committed is not None  # ORD-3: the three orders chosen, one move


def test_LIB_AI_6_a_decision_not_open_is_refused_and_changes_nothing() -> None:
    state = play_out(dlrules.new_game(3), None, random.Random(1), until=lambda s: s.phase is Phase.ORDERS and CHANCE not in dlrules.to_move(s)).state
    p = begin(state)
    closed = next(d for d in range(NUM_DECISIONS) if d not in legal_decisions(p))
    with pytest.raises(dlrules.IllegalMove) as refused:
        decide(p, closed)
    assert refused.value.rules == ("LIB-AI-6",) and "not open to Player 1" in str(refused.value)
    with pytest.raises(dlrules.IllegalMove, match="not a decision id"):
        decide(p, NUM_DECISIONS)
    assert p == begin(state)


def test_LIB_AI_6_a_reserved_card_slot_names_no_decision() -> None:
    traps = next(b for b in DECISION_BLOCKS if b.name == "PlanDefence.traps")
    reserved = traps.offset + len(dlrules.agents.actions.CARD_KEYS["traps"])  # the first free trap slot
    tile = traps.offset - 20  # the tile block comes just before
    assert "reserved" in describe_decision(reserved)
    with pytest.raises(ValueError, match="reserved"):
        move_of_decisions((tile, reserved, traps.offset + traps.size - 1), 0)


def test_LIB_AI_6_a_reserved_trap_slot_in_a_plan_gets_the_documented_refusal() -> None:
    """A defence plan's reserved trap-card slot (a card this version does not
    have) is refused citing LIB-AI-6, saying it names no card; nothing changes."""
    positions = _game(2, 6)
    planning = next(p for p in positions if p.seat is not None and block_of(p.chosen[-1]).name == "PlanDefence.tile")
    traps = next(b for b in DECISION_BLOCKS if b.name == "PlanDefence.traps")
    reserved = traps.offset + len(dlrules.agents.actions.CARD_KEYS["traps"])
    with pytest.raises(dlrules.IllegalMove) as refused:
        decide(planning, reserved)
    assert refused.value.rules == ("LIB-AI-6",) and "names no card in decision version 1" in str(refused.value)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ORD_3_one_seats_moves_are_its_part_of_the_legal_moves_the_very_objects(players: int) -> None:
    """``engine.seat_moves`` (the phases that list seats choosing at once
    apart: the orders) gives each seat exactly its part of ``legal_moves``,
    the same objects in the same order, all through random games."""
    from dlrules.core.engine import seat_moves

    rng = random.Random(players)
    state = dlrules.new_game(players)
    asked = 0
    while not dlrules.is_over(state):
        seats = dlrules.to_move(state)
        legal = dlrules.legal_moves(state)
        for seat in range(players):
            mine = seat_moves(state, seat)
            part = tuple(m for m in legal if m.seat == seat)
            assert len(mine) == len(part) and all(a is b for a, b in zip(mine, part))
            asked += len(seats) > 1 and seat in seats
        state = dlrules.apply(state, legal[rng.randrange(len(legal))])
    assert asked > 0
