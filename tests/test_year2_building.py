"""Year 2's building rounds reached through the change of year (Y2-1,
Y2-17, Y2-18, Y2-22, Y2-23): seeded play-outs from a hand-built end of year
1's combat (tests/year2_positions.py) to the situation under test."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest
from res_positions import DIG, FOOD, MONSTER, REP, decline_until, tweaks
from res_positions import at_resolution as res_at_resolution
from res_positions import player as res_player

from dlrules import ActivateRoom, DiscardTrap, HireMonster, apply, check, legal_moves, sample_chance, to_move
from dlrules.core.chance import play_out
from dlrules.components import ADVENTURERS, MONSTER_DECKS, MONSTERS, ROOM_DECKS, ROOMS, SPECIAL_EVENTS, Produce
from dlrules.core.dungeon import room_squares
from dlrules.components.setup import PALADIN_SPACE
from dlrules.core.phases.adventurers import party_queue
from dlrules.core.phases.change_of_year import change_year
from dlrules.core.phases.common import turn_seat
from dlrules.core.state import CHANCE, GameState, Monster, Phase

from year2_positions import end_of_year_one, year_two
from year_helpers import dungeon, player, step


def into_year_two(until: Callable[[GameState], bool], players: int = 3, seeds: range = range(1, 30)) -> GameState:
    """The first seeded play-out of year 2 (from the change of year) that
    reaches a state where ``until`` holds."""
    for seed in seeds:
        start = year_two(end_of_year_one(players, seed=seed))
        state = play_out(start, None, random.Random(seed), until=lambda s: s.year == 2 and until(s)).state
        if state.year == 2 and until(state):
            return state
    raise AssertionError("no seed reached the situation")  # pragma: no cover


def test_Y2_1_year_two_uses_the_gold_backed_tiles_and_paladin() -> None:
    state = into_year_two(lambda s: s.phase is Phase.ORDERS and s.round == 2)
    assert set(state.tavern) <= set(MONSTER_DECKS[2]) and set(state.room_shop) <= set(ROOM_DECKS[2])
    assert state.adventurers_now and all(ADVENTURERS[k].year == 2 for k in state.adventurers_now)
    end = end_of_year_one(3, seed=4)
    evils = (5, PALADIN_SPACE.value, 5)
    after = change_year(attrs.evolve(end, players=tuple(attrs.evolve(p, evil=e) for p, e in zip(end.players, evils))))
    assert after.paladin == 1 and party_queue(after, 1)[0].key == "paladin-2"  # Y2-14 with the gold paladin


def test_Y2_17_year_one_rooms_produce_twice_year_two_rooms_not_at_all() -> None:
    state = into_year_two(lambda s: s.phase is Phase.PRODUCTION and turn_seat(s) is not None)
    seat = turn_seat(state)
    assert seat is not None
    rooms = {(2, 1): "mint", (0, 1): "chapel"}
    state = player(state, seat, imps=9, busy_imps=0, foreimps=0, gold=0, rooms_used=(), dungeon=dungeon(rooms))
    state = attrs.evolve(state)  # a new object for the engine's per-state cache
    state = step(state, ActivateRoom(seat, (2, 1)))
    state = step(state, ActivateRoom(seat, (2, 1)))  # Y2-2: twice, each with its own 3 imps
    assert state.players[seat].gold == 2
    assert [v.rule for v in check(state, ActivateRoom(seat, (2, 1)))] == ["Y2-2"]
    assert [v.rule for v in check(state, ActivateRoom(seat, (0, 1)))] == ["Y2-4"]


def test_Y2_18_buy_traps_in_year_two_ends_with_a_discard() -> None:
    state = into_year_two(
        lambda s: s.resolution is not None and s.resolution.discarding and s.resolution.draws == 0 and bool(to_move(s))
    )
    (seat,) = to_move(state)
    held = state.players[seat].traps
    assert legal_moves(state) == tuple(DiscardTrap(seat, t) for t in sorted(set(held)))
    after = step(state, DiscardTrap(seat, held[0]))
    assert len(after.players[seat].traps) == len(held) - 1
    assert after.trap_discard == state.trap_discard + (held[0],)  # Y2-3: out of the game, not back to the deck


def test_Y2_23_year_two_reveals_its_own_special_event_card() -> None:
    state = into_year_two(lambda s: s.special_event is not None)
    (year_one_card,) = [k for k in state.far_lands if k in SPECIAL_EVENTS]  # SPE-10
    assert state.special_event != year_one_card  # each year's card is a different one (SPE-5)
    assert state.decks.special.size == 7  # 9 cards less the two years' (SPE-4, SPE-11)


def test_Y2_22_year_two_rounds_run_through_year_ones_phases() -> None:
    seen: list[tuple[int, str]] = []
    for seed in (1, 2):
        start = year_two(end_of_year_one(4, seed=seed))
        state = start
        rng = random.Random(seed)
        while to_move(state) and state.year == 2 and state.phase is not Phase.COMBAT:
            moves = legal_moves(state)
            move = sample_chance(state, rng) if CHANCE in to_move(state) else moves[rng.randrange(len(moves))]
            state = apply(state, move)
            if not seen or seen[-1] != (state.round, state.phase.value):
                seen.append((state.round, state.phase.value))
        assert state.phase is Phase.COMBAT and state.year == 2  # year 2's combat comes next (Y2-24)
    winter = [p for r, p in seen if r == 1]
    spring = [p for r, p in seen if r == 2]
    assert "events" not in winter and "adventurers" not in winter  # RS-1 as in year 1
    assert {"orders", "resolution", "production", "events"} <= set(spring)  # the adventurers come by themselves


# --- every year-2 monster and room, from the component data (Y2-1, Y2-4, Y2-17) ---------------


@pytest.mark.parametrize("key", sorted(MONSTER_DECKS[2]))
def test_Y2_1_every_year_two_monster_is_hired_at_its_printed_cost(key: str) -> None:
    kind = MONSTERS[key]
    rich = tweaks(
        lambda s: attrs.evolve(s, year=2, tavern=(key, "goblin", "troll")),
        res_player(2, gold=9, food=9, evil=3, traps=("pendulum",), monsters=(Monster("goblin"),)),
    )
    orders = {s: (MONSTER, FOOD, REP) for s in range(3)}
    orders[3] = (FOOD, REP, DIG)
    state = decline_until(res_at_resolution(orders, tweak=rich), MONSTER, 2)
    hire = next(m for m in legal_moves(state) if isinstance(m, HireMonster) and m.monster == key)
    before = state.players[2]
    after = apply(state, hire).players[2]
    assert (before.gold - after.gold, before.food - after.food) == (kind.gold, kind.food + 1)  # slot III: +1 food
    assert after.evil - before.evil == kind.evil
    assert len(before.traps) - len(after.traps) == kind.trap_cost  # the Golem's card (Y2-19)
    assert [m.kind for m in after.monsters].count(key) == [m.kind for m in before.monsters].count(key) + 1
    assert len(after.monsters) == len(before.monsters) + 1 - kind.monster_cost  # the Demon's meal (Y2-20)


@pytest.mark.parametrize("key", sorted(ROOM_DECKS[2]))
def test_Y2_4_every_year_two_room_has_no_zone_and_produces_nothing(key: str) -> None:
    assert ROOMS[key].produce is Produce.NOTHING
    tunnels = ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (3, 2), (3, 3))
    assert room_squares(dungeon(tunnels=tunnels), key) == tuple(sorted(tunnels))
