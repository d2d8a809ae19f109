"""The integer action space (dlrules.agents.actions, docs/ai.md; LIB-AI-1, LIB-AI-2)."""

from __future__ import annotations

import random
from fractions import Fraction

import attrs
import pytest

import dlrules
from dlrules import CHANCE, Action, ChooseOrders, IllegalMove, KeepUnavailable, MineGold, Phase
from dlrules.agents.actions import (
    BLOCKS,
    CARD_CAPACITY,
    CARD_KEYS,
    MAX_LAIR,
    MAX_MONSTERS,
    MAX_PARTY,
    MAX_PRISONERS,
    MAX_TAX,
    ENCODING_VERSION,
    NUM_ACTIONS,
    chance_actions,
    decode,
    encodable,
    encode,
    is_chance_action,
    legal_actions,
    move_of,
    num_distinct_actions,
    unencoded_kinds,
)
from dlrules.core.engine import to_move as _to_move
from dlrules.core.state import GameState
from dlrules.core.phases.scoring import is_over as _is_over
from dlrules.core.moves import MOVE_TYPES, PlanDefence, ReleasePrisoner, TableRuling, Target
from tablekit import played


def finished(state: GameState) -> bool:
    """The adapters' end of a game (LIB-AI-3, ``adapters.common.finished``),
    here without the adapters, which need numpy (an extra)."""
    return _is_over(state) or not _to_move(state)

# Version 1 of the encoding: each block's (first id, size). An existing block
# never moves; a new move kind is appended after DiscardTrap (docs/ai.md).
VERSION_1 = {
    "DealOrders": (0, 1024),
    "DrawDummyOrders": (1024, 1024),
    "Draw": (2048, 184),
    "KeepUnavailable": (2232, 256),
    "ChooseOrders": (2488, 3024),
    "TakeAction": (5512, 1),
    "Decline": (5513, 1),
    "Spy": (5514, 4),
    "DigTunnel": (5518, 20),
    "FinishDigging": (5538, 1),
    "MineGold": (5539, 20),
    "HireMonster": (5559, 4624),
    "BuildRoom": (10183, 640),
    "ActivateRoom": (10823, 2100),
    "FinishProduction": (12923, 1),
    "ReturnOrder": (12924, 8),
    "PayMonster": (12932, 32),
    "PayTaxes": (12964, 11),
    "DiscardTrap": (12975, 16),
}

# Version 2 appends combat, year 2 and the year-2 wages (LIB-AI-5).
VERSION_2 = {
    **VERSION_1,
    "PlanDefence": (12991, 20 * 153 * 256),
    "ReleasePrisoner": (796351, 16),
    "ChooseTrap": (796367, 16),
    "Target": (796383, 6),
    "Attack": (796389, 224),
    "WordOfPeace": (796613, 2),
    "Transform": (796615, 16),
    "WitchHunt": (796631, 17),
    "PayMonster (year 2)": (796648, 16 * 2 * 288),
}


def _choosing(players: int) -> dlrules.GameState:
    """A seeded game where the players choose their orders (ORD-3)."""
    return played(players, 2, until=lambda s: s.phase is Phase.ORDERS and CHANCE not in dlrules.to_move(s))[0]


def _random_games() -> list[tuple[int, str, int]]:
    return [(players, variant, seed) for players in (2, 3, 4) for variant in ("first", "full") for seed in range(2)]


@pytest.mark.parametrize(("players", "variant", "seed"), _random_games())
def test_LIB_AI_1_LIB_AI_5_every_legal_move_along_a_whole_random_game_has_an_id_that_round_trips(players: int, variant: str, seed: int) -> None:
    """To the end of the game: combat's plans, targets and attacks, year 2's wages and Witch Hunt too."""
    rng = random.Random(seed)
    state = dlrules.new_game(players, variant=variant)
    kinds: set[str] = set()
    while not finished(state):
        moves = dlrules.legal_moves(state)
        for seat in dlrules.to_move(state):
            mine = [m for m in moves if m.seat == seat]
            ids = legal_actions(state, seat)
            assert len(ids) == len(mine)  # one id per move: no two moves of a seat share an id
            assert all(0 <= a < NUM_ACTIONS for a in ids)
            for move in mine:
                kinds.add(type(move).__name__)
                action = encode(move)
                assert move_of(action, seat) == move
                assert decode(state, action, seat) == move
                assert is_chance_action(action) == (seat == CHANCE)
        move = moves[rng.randrange(len(moves))]
        state = dlrules.apply(state, move)
    assert state.phase is Phase.GAME_OVER
    assert "PlanDefence" in kinds  # a battle was planned (other combat moves come when a choice is open, LIB-CMB-1)


def test_LIB_AI_1_chance_ids_carry_the_probabilities_of_chance_outcomes() -> None:
    state = dlrules.new_game(3)
    outcomes = dlrules.chance_outcomes(state)
    got = chance_actions(state)
    assert sorted(got) == sorted((encode(m), p) for m, p in outcomes)
    assert sum(p for _, p in got) == Fraction(1)
    assert [a for a, _ in got] == sorted(a for a, _ in got)
    assert chance_actions(_choosing(3)) == ()  # players choose: chance is not to move


def test_LIB_AI_1_the_seat_is_not_part_of_a_player_move_id() -> None:
    state = _choosing(3)
    orders = tuple(a for a in Action if a in state.players[0].hand and a in state.players[1].hand)[:3]
    assert encode(ChooseOrders(0, orders)) == encode(ChooseOrders(1, orders))
    assert decode(state, encode(ChooseOrders(0, orders)), 1) == ChooseOrders(1, orders)


def test_LIB_AI_1_an_id_not_legal_now_is_refused_with_the_rule_it_breaks() -> None:
    state = _choosing(3)
    unavailable = state.players[0].unavailable[0]
    hand = [a for a in state.players[0].hand if a != unavailable][:2]
    action = encode(ChooseOrders(0, (unavailable, *hand)))
    with pytest.raises(IllegalMove) as refused:
        decode(state, action, 0)
    assert "ORD-2" in refused.value.rules


def test_LIB_AI_1_a_move_of_the_wrong_phase_is_refused_citing_the_phase_rule() -> None:
    state = _choosing(3)
    with pytest.raises(IllegalMove) as refused:
        decode(state, encode(MineGold(0, 1)), 0)
    assert refused.value.rules and all(r.startswith(("ORD-", "RS-")) for r in refused.value.rules)


def test_LIB_AI_1_a_chance_id_when_players_choose_is_refused() -> None:
    state = _choosing(3)
    with pytest.raises(IllegalMove) as refused:
        decode(state, 0)
    assert refused.value.rules == ("ORD-3",)


@pytest.mark.parametrize("action", [-1, NUM_ACTIONS, 2.0, True])
def test_LIB_AI_1_a_number_that_is_no_id_is_refused(action: object) -> None:
    with pytest.raises(IllegalMove) as refused:
        decode(dlrules.new_game(2), action)  # type: ignore[arg-type]
    assert refused.value.rules == ("LIB-AI-1",)
    with pytest.raises(ValueError, match="not an action id"):
        move_of(action, 0)  # type: ignore[arg-type]


def test_LIB_AI_1_the_seat_must_be_given_when_several_players_may_move() -> None:
    state = dlrules.new_game(3)
    while CHANCE in dlrules.to_move(state):
        state = dlrules.apply(state, dlrules.legal_moves(state)[0])
    move = next(m for m in dlrules.legal_moves(state) if m.seat == 2)
    assert isinstance(move, KeepUnavailable)
    with pytest.raises(IllegalMove) as refused:
        decode(state, encode(move))
    assert refused.value.rules == ("LIB-AI-1",)
    assert "Player 1, Player 2, Player 3 may move now" in str(refused.value)
    assert decode(state, encode(move), 2) == move


def test_LIB_AI_2_a_field_outside_the_encoding_has_no_id() -> None:
    with pytest.raises(ValueError, match="LIB-AI-2"):
        encode(MineGold(0, 21))  # more imps than dungeon squares: never legal
    with pytest.raises(ValueError, match="LIB-AI-2"):
        encode(dlrules.PayTaxes(0, MAX_TAX + 1))  # more than a full dungeon's tax
    with pytest.raises(ValueError, match="LIB-AI-2"):
        encode(dlrules.HireMonster(0, "demon", dismiss=MAX_MONSTERS))  # more monsters than a lord can hold
    with pytest.raises(ValueError, match="LIB-AI-2"):
        encode(dlrules.Draw("monsters", "unicorn"))  # no such card


def test_LIB_AI_1_card_slots_leave_room_for_cards_added_later() -> None:
    """Every kind of card fits its slots; a reserved slot's id names no move."""
    for kind, keys in CARD_KEYS.items():
        assert len(keys) <= CARD_CAPACITY[kind], f"{kind}: more cards than slots (a new encoding version)"
    draw = next(b for b in BLOCKS if b.name == "Draw")
    assert draw.size == sum(CARD_CAPACITY.values())
    reserved = encode(dlrules.Draw("monsters", "demon")) + 1  # the slot after the last monster
    with pytest.raises(ValueError, match="reserved"):
        move_of(reserved, CHANCE)
    with pytest.raises(IllegalMove) as refused:
        decode(dlrules.new_game(2), reserved)
    assert refused.value.rules == ("LIB-AI-1",)
    assert encode(dlrules.Draw("rooms", next(iter(CARD_KEYS["rooms"])))) == draw.offset + CARD_CAPACITY["monsters"]


def test_LIB_AI_1_a_move_kind_without_a_block_is_refused_naming_the_version() -> None:
    @attrs.frozen
    class Parry:
        seat: int

    assert not encodable(Parry(0))
    with pytest.raises(ValueError, match=f"Parry has no action id in encoding version {ENCODING_VERSION}"):
        encode(Parry(0))  # type: ignore[arg-type]


def test_LIB_AI_1_every_block_is_a_move_kind_of_the_library() -> None:
    assert {b.kind for b in BLOCKS} <= set(MOVE_TYPES)
    assert set(unencoded_kinds()) == set(MOVE_TYPES) - {b.kind for b in BLOCKS}


def test_LIB_AI_3_every_move_kind_of_the_game_has_ids() -> None:
    """Version 2 covers the whole game: the adapters play on to Phase.GAME_OVER.
    The one kind without ids is the table's ruling, which no seat, bot or
    adapter is ever offered (LIB-TAB-8)."""
    assert unencoded_kinds() == (TableRuling,)
    assert ENCODING_VERSION == 2


def test_LIB_AI_1_version_1_ids_are_stable() -> None:
    """Blocks only ever get appended: the first ids and sizes of version 1 stay."""
    table = {b.name: (b.offset, b.size) for b in BLOCKS}
    assert {k: table[k] for k in VERSION_1} == VERSION_1
    end_of_version_1 = max(offset + size for offset, size in VERSION_1.values())
    assert all(b.offset >= end_of_version_1 for b in BLOCKS if b.name not in VERSION_1)  # appended after
    assert encode(dlrules.Decline(2)) == 5513 and encode(dlrules.TakeAction(0)) == 5512
    assert encode(dlrules.Draw("monsters", "goblin")) == 2048


def test_LIB_AI_5_version_2_appends_its_blocks_after_version_1() -> None:
    table = {b.name: (b.offset, b.size) for b in BLOCKS}
    assert table == VERSION_2
    assert NUM_ACTIONS == 796648 + 16 * 2 * 288


def test_LIB_AI_5_a_year_1_wage_keeps_its_version_1_id_and_a_year_2_wage_has_its_own() -> None:
    year_1 = dlrules.PayMonster(0, 3, True)
    assert encode(year_1) == 12932 + 3 * 2 + 1
    golem = dlrules.PayMonster(1, 2, True, trap="pendulum")
    demon = dlrules.PayMonster(1, 2, True, feed=0)
    block = next(b for b in BLOCKS if b.name == "PayMonster (year 2)")
    for move in (golem, demon):
        action = encode(move)
        assert block.offset <= action < block.offset + block.size
        assert move_of(action, 1) == move


def test_LIB_AI_5_a_plan_is_one_id_of_tile_traps_and_lair_places() -> None:
    """CMB-3: two traps in the Labyrinth; ghosts in any number: a bit mask of places."""
    plan = PlanDefence(0, (1, 2), ("pendulum", "pendulum"), (0, 3, 7))
    action = encode(plan)
    assert move_of(action, 0) == plan
    assert encode(PlanDefence(2, (1, 2), ("pendulum", "pendulum"), (0, 3, 7))) == action  # seat-free
    assert encode(PlanDefence(0, (1, 2))) != action
    with pytest.raises(ValueError, match="LIB-AI-2, LIB-AI-5"):
        encode(PlanDefence(0, (1, 2), (), (MAX_LAIR,)))  # a ninth lair place: no lair holds 9
    with pytest.raises(ValueError, match="LIB-AI-2, LIB-AI-5"):
        encode(PlanDefence(0, (1, 2), ("pendulum", "pendulum", "pendulum")))  # three traps on one tile
    with pytest.raises(ValueError, match="LIB-AI-2, LIB-AI-5"):
        encode(Target(0, MAX_PARTY))
    with pytest.raises(ValueError, match="LIB-AI-2, LIB-AI-5"):
        encode(ReleasePrisoner(0, MAX_PRISONERS))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_LIB_AI_5_the_caps_hold_in_whole_random_games(players: int) -> None:
    """No lair outgrows MAX_LAIR places, no party MAX_PARTY, no prison MAX_PRISONERS."""
    for seed in range(3):
        for state in _states(dlrules.new_game(players), random.Random(seed)):
            for p in state.players:
                assert len(p.monsters) <= MAX_LAIR and len(p.party) <= MAX_PARTY and len(p.prison) <= MAX_PRISONERS


def _states(state: dlrules.GameState, rng: random.Random) -> list[dlrules.GameState]:
    out = [state]
    while not finished(state):
        moves = dlrules.legal_moves(state)
        state = dlrules.apply(state, moves[rng.randrange(len(moves))])
        out.append(state)
    assert state.phase is Phase.GAME_OVER
    return out


def test_LIB_AI_1_the_action_space_has_one_size_for_every_game_configuration() -> None:
    sizes = {num_distinct_actions(p, v) for p in (2, 3, 4) for v in ("first", "full")}
    assert sizes == {NUM_ACTIONS}
    assert NUM_ACTIONS == BLOCKS[-1].offset + BLOCKS[-1].size


def test_LIB_AI_1_a_chance_id_is_no_player_move_and_a_player_id_no_chance_outcome() -> None:
    state = dlrules.new_game(2)
    chance_id = chance_actions(state)[0][0]
    assert decode(state, chance_id) == decode(state, chance_id, CHANCE)
    with pytest.raises(IllegalMove, match="is a chance outcome") as refused:
        decode(state, chance_id, 0)
    assert refused.value.rules == ("LIB-AI-1",)
    with pytest.raises(IllegalMove, match="not a chance outcome") as refused:
        decode(state, encode(dlrules.Decline(0)), CHANCE)
    assert refused.value.rules == ("LIB-AI-1",)
