"""What happened: ``apply_with_events`` reports structured, JSON-ready events
(code, text, seat) for the foundation phases (RUL-13, ORD-4..6, DUM3/DUM2, RST)."""

from __future__ import annotations

import json

from tablekit import played

import dlrules
from dlrules import ChooseOrders, Event, KeepUnavailable, Phase, apply_with_events
from dlrules.records.serialization import dumps, loads


def _orders_state(players: int) -> dlrules.GameState:
    """A game at the orders phase with every dummy's draw made: players choose."""
    for seed in range(50):
        state, _ = played(players, seed, until=lambda s: s.phase is Phase.ORDERS and dlrules.CHANCE not in dlrules.to_move(s))
        hands = [set(p.hand) for p in state.players]
        if set.intersection(*hands):
            return state
    raise AssertionError("no seed gives a common order")  # pragma: no cover


def test_ORD_4_reveal_names_the_player_the_order_and_the_slot() -> None:
    state = _orders_state(4)
    events: list[Event] = []
    for seat in range(4):
        hand = state.players[seat].hand
        state, got = apply_with_events(state, ChooseOrders(seat, hand[:3]))
        events.extend(got)
    commits = [e for e in events if e.code == "commit"]
    assert [e.seat for e in commits] == [0, 1, 2, 3]
    places = [e for e in events if e.code == "place"]
    first = places[0]
    action = state.players[0].played[0]
    assert first.seat == 0
    assert first.text == f"Player 1 reveals {action.action.title} and takes slot I."


def test_ORD_6_an_order_on_a_full_space_is_announced_as_not_carried_out() -> None:
    state = _orders_state(4)
    common = sorted(set.intersection(*[set(p.hand) for p in state.players]), key=lambda a: a.index)[0]
    events: list[Event] = []
    for seat in range(4):
        rest = [a for a in state.players[seat].hand if a != common][:2]
        state, got = apply_with_events(state, ChooseOrders(seat, (common, *rest)))
        events.extend(got)
    full = [e for e in events if e.code == "full" and common.title in e.text]
    assert len(full) == 1  # four first orders on one space of three slots (ORD-6)
    last = state.player_order()[3]
    assert full[0].seat == last
    assert full[0].text == f"Player {last + 1}'s order {common.title} is not carried out: all slots are taken (ORD-6)."


def test_RUL_13_keeping_is_announced_without_saying_which_orders() -> None:
    state = dlrules.new_game(2)
    while dlrules.CHANCE in dlrules.to_move(state):
        state = dlrules.apply(state, dlrules.legal_moves(state)[0])
    dealt = state.players[0].dealt
    state, events = apply_with_events(state, KeepUnavailable(0, dealt[:2]))
    assert [(e.code, e.seat) for e in events] == [("keep", 0)]
    assert all(a.title not in events[0].text for a in dealt)


def test_events_are_json_serialisable_and_round_trip() -> None:
    _, moves = played(3, 4, until=Phase.RESOLUTION)
    state = dlrules.new_game(3)
    seen: list[Event] = []
    for move in moves:
        state, events = apply_with_events(state, move)
        seen.extend(events)
    codes = {e.code for e in seen}
    assert {"deal", "unavailable", "phase", "tavern", "room_shop", "dummy", "place"} <= codes
    for event in seen:
        data = json.loads(dumps(event))
        assert set(data) == {"code", "text", "seat", "data"}
        assert loads(dumps(event), Event) == event


def test_apply_with_events_is_apply() -> None:
    state, moves = played(2, 9, max_moves=15)
    start = dlrules.new_game(2)
    a = b = start
    for move in moves:
        a = dlrules.apply(a, move)
        b, _ = apply_with_events(b, move)
    assert a == b == state


def test_every_event_of_a_game_has_code_and_text() -> None:
    _, moves = played(4, 2)
    state = dlrules.new_game(4)
    for move in moves:
        state, events = apply_with_events(state, move)
        for event in events:
            assert event.code and event.text.strip()
            assert event.seat is None or 0 <= event.seat < 4
