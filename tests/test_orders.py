"""Orders: choosing, reveal and placement (ORD-1..7), dummies (DUM3, DUM2),
and the rulebook examples E1 and E4 (EXAMPLES.md)."""

from __future__ import annotations

import math
from fractions import Fraction

import attrs
import pytest
from scenario import A, choose, setup_game

import dlrules
from dlrules import CHANCE, ChooseOrders, DrawDummyOrders, IllegalMove, Outcome, Phase
from dlrules.core.state import PlayedOrder


def slots(state: dlrules.GameState, action: A) -> tuple[int | None, ...]:
    return state.board[action.index]


def test_E1_four_players_on_the_gold_mine() -> None:
    """E1 (ORD-4..6): P1 Mine I (first reveals), P2 II and P3 III (second
    reveals, player order), P4's third-order minion on its card."""
    state = setup_game(4)
    state = choose(
        state,
        [
            (A.MINE, A.FOOD, A.DIG),
            (A.FOOD, A.MINE, A.IMPS),
            (A.REPUTATION, A.MINE, A.TRAPS),
            (A.DIG, A.FOOD, A.MINE),
        ],
    )
    assert state.phase is Phase.RESOLUTION
    assert slots(state, A.MINE) == (0, 1, 2)
    assert state.players[3].played[2] == PlayedOrder(A.MINE, None, Outcome.NOT_CARRIED_OUT)
    assert slots(state, A.FOOD) == (1, 0, 3)  # P2 first round, P1 and P4 second round
    assert slots(state, A.DIG) == (3, 0, None)  # P4 first round, P1 third round


def test_E1_variant_all_four_play_mine_first() -> None:
    state = setup_game(4)
    state = choose(state, [(A.MINE, A.FOOD, A.DIG)] * 4)
    assert slots(state, A.MINE) == (0, 1, 2)
    assert state.players[3].played[0].slot is None  # ORD-6
    assert state.players[3].played[0].outcome is Outcome.NOT_CARRIED_OUT


def test_ORD_4_player_order_starts_with_the_first_player() -> None:
    state = attrs.evolve(setup_game(4), first_player=2)
    state = choose(state, [(A.MINE, A.FOOD, A.DIG)] * 4)
    assert slots(state, A.MINE) == (2, 3, 0)  # seats 2, 3, 0; seat 1 on its card
    assert state.players[1].played[0].slot is None


def test_ORD_5_second_orders_fill_after_first_orders() -> None:
    state = setup_game(4)
    state = choose(
        state,
        [
            (A.FOOD, A.DIG, A.MINE),
            (A.DIG, A.FOOD, A.MINE),
            (A.IMPS, A.TRAPS, A.DIG),
            (A.TRAPS, A.IMPS, A.FOOD),
        ],
    )
    assert slots(state, A.DIG) == (1, 0, 2)
    assert slots(state, A.FOOD) == (0, 1, 3)
    assert slots(state, A.MINE) == (0, 1, None)


def test_ORD_3_choices_are_secret_until_all_have_chosen() -> None:
    state = setup_game(3, dummy_draws=[(A.DIG, A.MINE, A.FOOD)])
    state = dlrules.apply(state, ChooseOrders(1, (A.FOOD, A.DIG, A.MINE)))
    assert dlrules.to_move(state) == {0, 2}
    assert all(p.played == () for p in state.players)  # nothing revealed yet
    assert state.players[1].committed == (A.FOOD, A.DIG, A.MINE)
    assert slots(state, A.FOOD) == (None, 3, None)  # only the dummy stands there


def test_ORD_3_each_seat_has_all_ordered_triples_of_its_hand() -> None:
    state = setup_game(4)
    moves = dlrules.legal_moves(state)
    assert len(moves) == 4 * 6 * 5 * 4
    assert dlrules.to_move(state) == {0, 1, 2, 3}


REFUSALS = [
    (ChooseOrders(0, (A.MONSTER, A.FOOD, A.DIG)), "ORD-2", "Hire Monster: it is unavailable"),
    (ChooseOrders(0, (A.FOOD, A.FOOD, A.DIG)), "ORD-3", "different"),
    (ChooseOrders(0, (A.FOOD, A.DIG)), "ORD-3", "exactly 3"),
    (ChooseOrders(0, (A.FOOD, A.DIG, A.MINE, A.IMPS)), "ORD-3", "exactly 3"),
    (ChooseOrders(0, (A.FOOD, A.DIG, A.MINE), A.IMPS), "DUM2-3", "only in a 2-player game"),
    (ChooseOrders(7, (A.FOOD, A.DIG, A.MINE)), "RS-3", "no Player 8"),
    (ChooseOrders(CHANCE, (A.FOOD, A.DIG, A.MINE)), "ORD-3", "chance may not move"),
]


@pytest.mark.parametrize(("move", "rule", "needle"), REFUSALS)
def test_ORD_refusals_leave_the_state_untouched(move: ChooseOrders, rule: str, needle: str) -> None:
    state = setup_game(4)
    before = dlrules.dumps(state)
    with pytest.raises(IllegalMove) as info:
        dlrules.apply(state, move)
    assert rule in info.value.rules
    assert needle in str(info.value)
    assert dlrules.check(state, move) == info.value.violations
    assert dlrules.dumps(state) == before


def test_ORD_3_a_seat_that_committed_cannot_commit_again() -> None:
    state = dlrules.apply(setup_game(4), ChooseOrders(0, (A.FOOD, A.DIG, A.MINE)))
    with pytest.raises(IllegalMove) as info:
        dlrules.apply(state, ChooseOrders(0, (A.DIG, A.FOOD, A.MINE)))
    assert info.value.rules == ("ORD-3",)


def test_wrong_phase_orders_during_setup() -> None:
    state = dlrules.new_game(4)
    with pytest.raises(IllegalMove) as info:
        dlrules.apply(state, ChooseOrders(0, (A.FOOD, A.DIG, A.MINE)))
    assert "setup" in str(info.value)


def test_ORD_7_unavailable_orders_are_public() -> None:
    state = setup_game(4, unavailable=[(A.FOOD, A.DIG)] * 4)
    assert all(p.unavailable == (A.FOOD, A.DIG) for p in state.players)
    view_text = dlrules.dumps(state.players[1])
    assert '"unavailable":["food","dig"]' in view_text


# --- three players: the dummy (DUM3) -------------------------------------------


def test_DUM3_1_dummy_draws_three_of_its_five_available_orders() -> None:
    state = setup_game(3, dummy_unavailable=[(A.IMPS, A.TRAPS, A.ROOM)])
    assert dlrules.to_move(state) == {CHANCE}
    outcomes = dlrules.chance_outcomes(state)
    assert len(outcomes) == math.comb(5, 3)
    assert all(p == Fraction(1, 10) for _, p in outcomes)
    assert all(not set(m.orders) & {A.IMPS, A.TRAPS, A.ROOM} for m, _ in outcomes if isinstance(m, DrawDummyOrders))
    state = dlrules.apply(state, DrawDummyOrders(3, (A.FOOD, A.DIG, A.MONSTER)))
    # DUM3-1: the three drawn become its unavailable orders; the old ones return to its deck
    assert state.dummies[0].unavailable == (A.FOOD, A.DIG, A.MONSTER)
    assert set(state.dummies[0].deck) == {A.REPUTATION, A.MINE, A.IMPS, A.TRAPS, A.ROOM}
    # DUM3-2: its minions stand on slot II
    for action in (A.FOOD, A.DIG, A.MONSTER):
        assert slots(state, action) == (None, 3, None)
    assert dlrules.to_move(state) == {0, 1, 2}


def test_DUM3_1_dummy_cannot_draw_an_unavailable_order() -> None:
    state = setup_game(3, dummy_unavailable=[(A.IMPS, A.TRAPS, A.ROOM)])
    with pytest.raises(IllegalMove) as info:
        dlrules.apply(state, DrawDummyOrders(3, (A.FOOD, A.DIG, A.ROOM)))
    assert info.value.rules == ("DUM3-1",)


def test_E4_three_player_dummy_blocks_slot_II() -> None:
    """E4 (DUM3-2, DUM3-3): dummy on Dig II; P1 and P2 reveal Dig first, P3
    second: P1 takes I, P2 takes III, P3's minion stands on its card."""
    state = setup_game(3, dummy_draws=[(A.DIG, A.FOOD, A.MONSTER)])
    state = choose(state, [(A.DIG, A.MINE, A.IMPS), (A.DIG, A.MINE, A.IMPS), (A.MINE, A.DIG, A.IMPS)])
    assert slots(state, A.DIG) == (0, 3, 1)
    assert state.players[2].played[1] == PlayedOrder(A.DIG, None, Outcome.NOT_CARRIED_OUT)


# --- two players: two dummies (DUM2) ---------------------------------------------


def test_DUM2_2_each_dummy_draws_two_and_the_same_action_takes_II_then_III() -> None:
    state = setup_game(
        2,
        dummy_unavailable=[(A.IMPS, A.TRAPS, A.ROOM), (A.FOOD, A.REPUTATION, A.ROOM)],
    )
    assert len(dlrules.chance_outcomes(state)) == math.comb(5, 2)
    state = dlrules.apply(state, DrawDummyOrders(2, (A.DIG, A.MINE)))
    state = dlrules.apply(state, DrawDummyOrders(3, (A.MINE, A.MONSTER)))
    assert slots(state, A.DIG) == (None, 2, None)
    assert slots(state, A.MINE) == (None, 2, 3)  # both drew Mine: II and III
    assert slots(state, A.MONSTER) == (None, 3, None)
    # DUM2-3: the three candidates for each dummy's third order are public
    assert state.dummies[0].candidates == (A.FOOD, A.REPUTATION, A.MONSTER)
    assert state.dummies[1].candidates == (A.DIG, A.IMPS, A.TRAPS)
    assert state.dummies[0].responsible == 0 and state.dummies[1].responsible == 1


def _two_player_orders() -> dlrules.GameState:
    return setup_game(
        2,
        unavailable=[(A.IMPS, A.TRAPS)] * 2,
        dummy_unavailable=[(A.IMPS, A.TRAPS, A.ROOM), (A.FOOD, A.REPUTATION, A.ROOM)],
        dummy_draws=[(A.DIG, A.MINE), (A.MINE, A.MONSTER)],
    )


def test_DUM2_3_each_player_chooses_their_dummys_third_order_secretly() -> None:
    state = _two_player_orders()
    moves = [m for m in dlrules.legal_moves(state) if m.seat == 0]
    assert len(moves) == 6 * 5 * 4 * 3
    assert {m.dummy_order for m in moves if isinstance(m, ChooseOrders)} == {A.FOOD, A.REPUTATION, A.MONSTER}
    with pytest.raises(IllegalMove) as info:
        dlrules.apply(state, ChooseOrders(0, (A.FOOD, A.DIG, A.MINE), A.DIG))
    assert info.value.rules == ("DUM2-3",)
    with pytest.raises(IllegalMove) as info:
        dlrules.apply(state, ChooseOrders(0, (A.FOOD, A.DIG, A.MINE)))
    assert info.value.rules == ("DUM2-3",)


def test_DUM2_4_thirds_placed_before_real_minions_and_DUM2_6_blocks() -> None:
    state = _two_player_orders()
    state = choose(
        state,
        [(A.MONSTER, A.DIG, A.FOOD), (A.DIG, A.MONSTER, A.MINE)],
        dummy=[A.MONSTER, A.DIG],
    )
    # Dummy 2 (seat 0's) plays Monster third: slot I (II is dummy 3's random draw).
    # Dummy 3 (seat 1's) plays Dig third: slot I is free (II is dummy 2's draw).
    assert slots(state, A.MONSTER) == (2, 3, 0)  # P1's first order takes III
    assert slots(state, A.DIG) == (3, 2, 1)  # P2's first order takes III
    assert state.players[0].played[1].slot is None  # P1's Dig: space full (ORD-6)
    assert state.players[1].played[1].slot is None  # P2's Monster: space full
    assert slots(state, A.MINE) == (1, 2, 3)  # P2's third order: the first free slot, I
    assert slots(state, A.FOOD) == (0, None, None)
    # DUM2-5: the three just played become each dummy's unavailable orders
    assert state.dummies[0].unavailable == (A.DIG, A.MINE, A.MONSTER)
    assert state.dummies[1].unavailable == (A.DIG, A.MINE, A.MONSTER)


def test_DUM3_1_refusal_names_the_dummys_available_orders() -> None:
    state = setup_game(3, dummy_unavailable=[(A.IMPS, A.TRAPS, A.ROOM)])
    with pytest.raises(IllegalMove) as info:
        dlrules.apply(state, DrawDummyOrders(3, (A.FOOD, A.DIG, A.ROOM)))
    assert str(info.value) == (
        "[DUM3-1] chance draws 3 different orders for dummy 4 now, from its 5 available ones: "
        "Get Food, Improve Reputation, Dig Tunnels, Mine Gold, Hire Monster"
    )


def test_DUM2_2_a_player_cannot_draw_for_a_dummy() -> None:
    """Only chance draws dummy orders: a player's DrawDummyOrders is refused, not a crash."""
    state = _two_player_orders()
    move = DrawDummyOrders(2, (A.FOOD, A.DIG), seat=0)
    assert dlrules.check(state, move)[0].rule == "DUM2-2"
    with pytest.raises(IllegalMove):
        dlrules.apply(state, move)


def test_ORD_3_four_players_list_the_same_choices_as_the_general_rule() -> None:
    """ORD-3, DUM2-3: with no dummy colour, a seat's choices are listed
    without looking for a dummy (the fast path); they are the very moves of
    the general listing with no third order."""
    from dlrules.core.phases import orders

    state = setup_game(4)
    for seat in range(4):
        fast = orders._seat_choices(state, seat)
        assert fast is orders._choices(seat, state.players[seat].hand, (None,))
        assert len(fast) == 120 and all(m.dummy_order is None and m.seat == seat for m in fast)


def test_ORD_3_a_seats_choices_remembered_by_hand_are_the_general_listing() -> None:
    """ORD-3: the choices remembered per seat and hand object (``_hand_choices``)
    are the very tuple of the general listing (``_choices_with``), for the
    same hand, an equal hand that is another object, and another hand."""
    from dlrules.components import Action
    from dlrules.core.phases import orders

    state = setup_game(4)
    for seat in range(4):
        hand = state.players[seat].hand
        assert orders._hand_choices(seat, hand) is orders._choices_with(seat, hand, None)
        assert orders._hand_choices(seat, hand) is orders._choices_with(seat, hand, None)  # remembered
        twin = tuple(list(hand))
        assert orders._hand_choices(seat, twin) is orders._choices_with(seat, twin, None)
        other = tuple(a for a in Action if a not in hand[:2])
        assert orders._hand_choices(seat, other) is orders._choices_with(seat, other, None)
        assert all(m.seat == seat and m.dummy_order is None and set(m.orders) <= set(other) for m in orders._hand_choices(seat, other))
    assert orders._hand_choices(7, hand) == orders._choices_with(7, hand, None)  # no seat slot: the general listing


def _last_to_commit(seed: int, variant: str) -> tuple[dlrules.GameState, list[ChooseOrders]]:
    """A seeded 4-player game in the Orders phase with all but one seat
    committed (random choices), and the last seat's choices."""
    import random

    rng = random.Random(seed)
    state = dlrules.new_game(4, variant=variant)
    while not (state.phase is Phase.ORDERS and len(dlrules.to_move(state)) == 1):
        if CHANCE in dlrules.to_move(state):
            state = dlrules.apply(state, dlrules.sample_chance(state, rng))
        else:
            moves = dlrules.legal_moves(state)
            state = dlrules.apply(state, moves[rng.randrange(len(moves))])
    return state, [m for m in dlrules.legal_moves(state) if isinstance(m, ChooseOrders)]


@pytest.mark.parametrize(("seed", "variant"), [(1, "full"), (2, "full"), (3, "first"), (4, "full")])
def test_ORD_4_the_last_commit_reveals_as_the_general_reveal_does(seed: int, variant: str) -> None:
    """ORD-4/5, ORD-9: the last seat's commit reveals at once (the fast path in
    ``play``, 4 players); the same state and the same events as recording the
    commit first and revealing that state (``auto``'s general path). Some of
    the choices play Hire Monster first (ORD-9: its gold, or with no gold
    the order card)."""
    from dlrules.core.phases import orders
    from dlrules.core.phases.common import collecting

    start, moves = _last_to_commit(seed, variant)
    assert len(moves) == 120
    seat = moves[0].seat
    broke = attrs.evolve(start, players=tuple(attrs.evolve(p, gold=0) if i == seat else p for i, p in enumerate(start.players)))
    cases = [(start, m) for m in moves[::7]] + [(s, m) for s in (start, broke) for m in [m for m in moves if m.orders[0] is A.MONSTER][:3]]
    for state, move in cases:
        with collecting() as fast_events:
            fast = orders.play(state, move)
        player = state.players[move.seat]
        committed = attrs.evolve(state, players=tuple(attrs.evolve(p, committed=move.orders) if p is player else p for p in state.players))
        with collecting() as general_events:
            general = orders.auto(committed)
        assert general is not committed  # the general path revealed
        assert fast == general
        assert fast_events[1:] == general_events  # after the commit's own announcement
        assert fast_events[0].code == "commit"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ORD_3_a_listed_choice_is_found_at_its_place_as_by_the_scan(players: int) -> None:
    """ORD-3, DUM2-3: ``orders.listed`` finds a choice among a seat's listed
    objects by its place (the permutation's index, thirds fastest): true
    exactly for the very objects ``legal_for`` lists, at every stage of the
    choosing; false for an equal copy, another seat's, a seat that has
    chosen, repeated orders, a wrong third and non-moves."""
    import random

    from dlrules.core.phases import orders

    rng = random.Random(players)
    state = dlrules.new_game(players)
    while state.phase is not Phase.ORDERS or CHANCE in dlrules.to_move(state):
        if CHANCE in dlrules.to_move(state):
            state = dlrules.apply(state, dlrules.sample_chance(state, rng))
        else:
            moves = dlrules.legal_moves(state)
            state = dlrules.apply(state, moves[rng.randrange(len(moves))])
    while state.phase is Phase.ORDERS:
        for seat in range(players):
            listed = orders.legal_for(state, seat)
            mine = [m for m in listed if isinstance(m, ChooseOrders)]
            assert len(mine) == len(listed) and all(orders.listed(state, m) for m in mine)
            for m in mine[::13]:
                assert not orders.listed(state, attrs.evolve(m))  # equal, not the listed object
                assert not orders.listed(state, attrs.evolve(m, orders=(m.orders[0], m.orders[0], m.orders[2])))
                assert not orders.listed(state, attrs.evolve(m, seat=(seat + 1) % players))
                assert not orders.listed(state, attrs.evolve(m, orders=([], m.orders[1], m.orders[2])))  # type: ignore[arg-type]  # malformed: unhashable
                assert not orders.listed(state, attrs.evolve(m, orders=(m.orders[0].value, m.orders[1], m.orders[2])))  # type: ignore[arg-type]  # a name, not an order
            if not mine:  # chosen already: none of its earlier choices is listed now
                hand = state.players[seat].hand or tuple(A)
                assert not orders.listed(state, ChooseOrders(seat, hand[:3]))
        if players == 2:
            first = orders.legal_for(state, min(dlrules.to_move(state)))[0]
            assert isinstance(first, ChooseOrders) and not orders.listed(state, attrs.evolve(first, dummy_order=None))
        assert not orders.listed(state, DrawDummyOrders(players, (A.FOOD, A.DIG)))
        assert not orders.listed(state, "a move")
        seat = min(dlrules.to_move(state))
        state = dlrules.apply(state, orders.legal_for(state, seat)[rng.randrange(120)])
