"""Setup: supplies, evil, tunnels, the first unavailable orders (COMPONENTS.md
geometry and setup; RUL-8, RUL-13)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from scenario import A, deal_and_keep, sorted_actions

import dlrules
from dlrules import CHANCE, DealOrders, IllegalMove, KeepUnavailable, Phase
from dlrules.core.state import Tile


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_supplies_evil_tunnels(players: int) -> None:
    """COMPONENTS.md: 3 gold, 3 food, 3 imps, evil 5, tunnels in column 2, rows 0-2."""
    state = dlrules.new_game(players)
    assert state.phase is Phase.SETUP and state.year == 1 and state.round == 1 and state.season == "winter"
    assert state.first_player == 0
    for p in state.players:
        assert (p.gold, p.food, p.imps, p.evil) == (3, 3, 3, 5)
        assert p.dungeon.tiles == (Tile((0, 2)), Tile((1, 2)), Tile((2, 2)))
        assert p.monsters == () and p.traps == ()
    assert len(state.dummies) == 4 - players
    assert state.decks.monsters.size == 12 and state.decks.rooms.size == 8
    assert state.decks.adventurers.size == 16 and state.decks.traps.size == 27


@pytest.mark.parametrize("bad", [0, 1, 5, -3, "4", 2.0, True, None])
def test_wrong_player_count_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="2, 3 or 4 players"):
        dlrules.new_game(bad)  # type: ignore[arg-type]


def test_unknown_variant_is_refused() -> None:
    with pytest.raises(ValueError, match="variant"):
        dlrules.new_game(3, variant="expansion")


def test_first_variant_has_no_special_event_cards() -> None:
    """EVT-SPECIAL-1: the first game uses no special event cards."""
    assert dlrules.new_game(4, variant="first").decks.special.size == 0
    assert dlrules.new_game(4, variant="full").decks.special.size == 9


def test_RUL_13_chance_deals_three_orders_to_each_player() -> None:
    state = dlrules.new_game(4)
    assert dlrules.to_move(state) == {CHANCE}
    outcomes = dlrules.chance_outcomes(state)
    assert len(outcomes) == 56  # C(8, 3)
    assert all(p == Fraction(1, 56) for _, p in outcomes)
    assert all(isinstance(m, DealOrders) and m.target == 0 for m, _ in outcomes)


def test_RUL_8_each_dummy_gets_three_random_unavailable_orders() -> None:
    state = dlrules.new_game(2)
    for seat in (0, 1):
        state = dlrules.apply(state, DealOrders(seat, (A.FOOD, A.DIG, A.MINE)))
    moves = dlrules.legal_moves(state)
    assert {m.target for m in moves if isinstance(m, DealOrders)} == {2}
    state = dlrules.apply(state, DealOrders(2, (A.FOOD, A.REPUTATION, A.DIG)))
    state = dlrules.apply(state, DealOrders(3, (A.IMPS, A.TRAPS, A.ROOM)))
    assert state.dummies[0].unavailable == (A.FOOD, A.REPUTATION, A.DIG)
    assert state.dummies[1].unavailable == (A.IMPS, A.TRAPS, A.ROOM)
    assert dlrules.to_move(state) == {0, 1}


def test_RUL_13_keep_two_secretly_then_reveal_together() -> None:
    state = dlrules.new_game(3)
    state = dlrules.apply(state, DealOrders(0, (A.FOOD, A.DIG, A.MINE)))
    state = dlrules.apply(state, DealOrders(1, (A.IMPS, A.TRAPS, A.ROOM)))
    state = dlrules.apply(state, DealOrders(2, (A.FOOD, A.REPUTATION, A.MONSTER)))
    state = dlrules.apply(state, DealOrders(3, (A.FOOD, A.DIG, A.ROOM)))  # the dummy (RUL-8)
    assert dlrules.to_move(state) == {0, 1, 2}
    state = dlrules.apply(state, KeepUnavailable(1, (A.TRAPS, A.ROOM)))
    # Hidden until all have chosen: nothing is unavailable yet, seat 1 no longer to move.
    assert state.players[1].unavailable == () and state.players[1].kept == (A.TRAPS, A.ROOM)
    assert dlrules.to_move(state) == {0, 2}
    state = dlrules.apply(state, KeepUnavailable(0, (A.FOOD, A.MINE)))
    state = dlrules.apply(state, KeepUnavailable(2, (A.REPUTATION, A.MONSTER)))
    assert state.phase is Phase.ROUND_START
    assert [p.unavailable for p in state.players] == [(A.FOOD, A.MINE), (A.TRAPS, A.ROOM), (A.REPUTATION, A.MONSTER)]
    for p in state.players:  # ORD-2: 6 in hand, 2 unavailable
        assert len(p.hand) == 6 and set(p.hand).isdisjoint(p.unavailable)
        assert p.kept is None and p.dealt == ()


def _dealt_three() -> dlrules.GameState:
    state = dlrules.new_game(4)
    for seat in range(4):
        state = dlrules.apply(state, DealOrders(seat, (A.FOOD, A.DIG, A.MINE)))
    return state


@pytest.mark.parametrize(
    ("move", "needle"),
    [
        (KeepUnavailable(0, (A.FOOD, A.ROOM)), "Build Room was not dealt to you"),
        (KeepUnavailable(0, (A.FOOD,)), "exactly 2"),
        (KeepUnavailable(0, (A.FOOD, A.DIG, A.MINE)), "exactly 2"),
        (KeepUnavailable(0, (A.FOOD, A.FOOD)), "different"),
    ],
)
def test_RUL_13_refusals(move: KeepUnavailable, needle: str) -> None:
    state = _dealt_three()
    with pytest.raises(IllegalMove) as info:
        dlrules.apply(state, move)
    assert info.value.rules == ("RUL-13",)
    assert needle in str(info.value)
    assert info.value.move == move


def test_RUL_13_player_cannot_choose_twice() -> None:
    state = dlrules.apply(_dealt_three(), KeepUnavailable(0, (A.FOOD, A.DIG)))
    with pytest.raises(IllegalMove) as info:
        dlrules.apply(state, KeepUnavailable(0, (A.FOOD, A.MINE)))
    assert info.value.rules == ("RUL-13",)
    assert "Player 1 may not move now" in str(info.value)


def test_players_cannot_move_while_chance_deals() -> None:
    state = dlrules.new_game(4)
    with pytest.raises(IllegalMove) as info:
        dlrules.apply(state, KeepUnavailable(0, (A.FOOD, A.DIG)))
    assert "waiting for chance" in str(info.value)


def test_chance_cannot_deal_an_order_twice() -> None:
    state = dlrules.new_game(4)
    with pytest.raises(IllegalMove) as info:
        dlrules.apply(state, DealOrders(0, (A.FOOD, A.FOOD, A.DIG)))
    assert info.value.rules == ("RUL-13",)


def test_setup_scenario_helper_reaches_round_start() -> None:
    state = deal_and_keep(4)
    assert state.phase is Phase.ROUND_START
    assert all(p.unavailable == sorted_actions((A.MONSTER, A.ROOM)) for p in state.players)


def test_RUL_13_a_player_cannot_deal() -> None:
    """Only chance deals: a player's DealOrders while choosing is refused, not a crash."""
    state = _dealt_three()
    move = DealOrders(0, (A.FOOD, A.DIG, A.MINE), seat=0)
    assert dlrules.check(state, move)[0].rule == "RUL-13"
    with pytest.raises(IllegalMove) as info:
        dlrules.apply(state, move)
    assert "only chance deals" in str(info.value)


def test_RUL_13_refusal_of_a_wrong_deal_has_the_numbers() -> None:
    with pytest.raises(IllegalMove) as info:
        dlrules.apply(dlrules.new_game(4), DealOrders(0, (A.FOOD, A.DIG)))
    assert str(info.value) == "[RUL-13] chance deals Player 1 3 different orders of the 8 to keep 2 from now"


def test_LIB_TV_1_a_set_of_orders_in_any_order_is_the_same_move() -> None:
    """LIB-TV-1: the two kept orders given last-first are accepted, as the move
    listed in board order; the state is the same either way (RUL-13)."""
    state = _dealt_three()
    given = KeepUnavailable(0, (A.MINE, A.FOOD))
    assert given.orders == (A.FOOD, A.MINE)
    assert given == KeepUnavailable(0, (A.FOOD, A.MINE)) and given in dlrules.legal_moves(state)
    assert dlrules.check(state, given) == ()
    assert dlrules.apply(state, given) == dlrules.apply(state, KeepUnavailable(0, (A.FOOD, A.MINE)))


def test_LIB_TV_1_chance_sets_in_any_order() -> None:
    """LIB-TV-1: a deal (RUL-13) and a dummy's draw are sets too."""
    from dlrules.core.moves import DrawDummyOrders

    assert DealOrders(0, (A.MINE, A.DIG, A.FOOD)) == DealOrders(0, (A.FOOD, A.DIG, A.MINE))
    assert DrawDummyOrders(3, (A.ROOM, A.FOOD)).orders == (A.FOOD, A.ROOM)
    state = dlrules.apply(dlrules.new_game(3), DealOrders(0, (A.MINE, A.DIG, A.FOOD)))
    assert state.players[0].dealt == (A.FOOD, A.DIG, A.MINE)


def test_LIB_TV_1_reordered_json_and_notation_read_as_the_same_move() -> None:
    """LIB-TV-1: JSON and notation in any order give the move in board order."""
    move: dlrules.Move = dlrules.loads('{"type": "KeepUnavailable", "seat": 0, "orders": ["mine", "food"]}', dlrules.Move)
    assert move == KeepUnavailable(0, (A.FOOD, A.MINE)) == dlrules.parse_move("P1 keep mine,food")
    assert dlrules.format_move(move) == "P1 keep food,mine"


def test_LIB_TV_1_junk_in_a_set_is_still_refused() -> None:
    """A value that is not a tuple of orders is left for check to refuse (RS-3)."""
    state = _dealt_three()
    junk = KeepUnavailable(0, ["mine", "food"])  # type: ignore[arg-type]
    assert [v.rule for v in dlrules.check(state, junk)] == ["RS-3"]


# --- RUL-13, ORD-2: the first game draws the 2 unavailable orders at random ---------------


def test_RUL_13_first_game_draws_two_unavailable_orders_at_random() -> None:
    """RUL-13, ORD-2 (first game): chance makes 2 of the 8 orders unavailable,
    face up; nothing to keep, the other 6 are the hand."""
    state = dlrules.new_game(3, variant="first")
    assert not state.deal_and_keep
    deals = dlrules.legal_moves(state)
    assert len(deals) == 28 and all(isinstance(m, DealOrders) and len(m.orders) == 2 for m in deals)  # C(8, 2)
    assert dict(dlrules.chance_outcomes(state))[DealOrders(0, (A.FOOD, A.DIG))] == Fraction(1, 28)
    state = dlrules.apply(state, DealOrders(0, (A.FOOD, A.DIG)))
    p = state.players[0]
    assert p.unavailable == (A.FOOD, A.DIG) and len(p.hand) == 6 and p.dealt == ()
    assert dlrules.to_move(state) == {CHANCE}  # no decision: the next deal follows
    refused = dlrules.check(state, DealOrders(1, (A.FOOD, A.DIG, A.MINE)))
    assert [v.rule for v in refused] == ["RUL-13"] and "2 different orders" in refused[0].message


def test_RUL_13_first_game_reaches_round_start_without_a_keep() -> None:
    state = dlrules.new_game(2, variant="first")
    for seat in range(2):
        state = dlrules.apply(state, DealOrders(seat, (A.MONSTER, A.ROOM)))
    assert [v.rule for v in dlrules.check(state, KeepUnavailable(0, (A.MONSTER, A.ROOM)))] == ["RUL-13"]
    for colour in (2, 3):
        state = dlrules.apply(state, DealOrders(colour, (A.IMPS, A.TRAPS, A.ROOM)))
    assert state.phase is dlrules.Phase.ROUND_START
    assert all(p.unavailable == (A.MONSTER, A.ROOM) for p in state.players)


def test_RUL_13_a_first_game_may_use_the_full_procedure() -> None:
    """RUL-13, LIB-Y1-6: the table may deal 3 and keep 2 in a first game (a
    public setup option)."""
    state = dlrules.new_game(3, variant="first", deal_and_keep=True)
    assert state.deal_and_keep and state.variant == "first"
    assert all(isinstance(m, DealOrders) and len(m.orders) == 3 for m in dlrules.legal_moves(state))


def test_RUL_13_the_full_game_always_deals_three() -> None:
    with pytest.raises(ValueError, match="only a first game may choose"):
        dlrules.new_game(3, variant="full", deal_and_keep=False)
    with pytest.raises(ValueError, match="deal_and_keep"):
        dlrules.new_game(3, variant="first", deal_and_keep="yes")  # type: ignore[arg-type]
    assert dlrules.new_game(3).deal_and_keep


def test_SETUP_1_the_table_chooses_the_first_player() -> None:
    """SETUP-1: a setup parameter, seat 0 by default; player order starts there (ORD-4)."""
    assert dlrules.new_game(3).first_player == 0
    state = dlrules.new_game(3, first_player=2)
    assert state.first_player == 2 and state.player_order() == (2, 0, 1)
    for bad in (3, -1, True):
        with pytest.raises(ValueError, match="SETUP-1"):
            dlrules.new_game(3, first_player=bad)


def test_SETUP_2_SETUP_5_supplies_and_banks() -> None:
    """SETUP-5: 3 gold, 3 food, 3 imps, 3 unconquered tunnels each; SETUP-2:
    3 troll tokens, food, gold, tunnels and imps unlimited (no bank is tracked)."""
    from dlrules.components.setup import STARTING_TUNNEL_COUNT, TROLL_TOKENS
    from dlrules.components import MONSTER_DECKS

    state = dlrules.new_game(4)
    for p in state.players:
        assert (p.gold, p.food, p.imps, len(p.dungeon.unconquered_tunnels)) == (3, 3, 3, STARTING_TUNNEL_COUNT.value)
    assert sum(d.get("troll", 0) for d in MONSTER_DECKS.values()) == TROLL_TOKENS.value


def test_SETUP_4_one_trap_deck_and_year_one_stacks() -> None:
    """SETUP-4: one trap deck for both years (27 cards); year 1's monsters,
    rooms and adventurers are dealt from their year-1 stacks."""
    state = dlrules.new_game(4)
    assert state.decks.traps.size == 27
    assert state.decks.monsters.size == 12 and state.decks.rooms.size == 8 and state.decks.adventurers.size == 16
