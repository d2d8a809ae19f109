"""Player views (ORD-3, DUM2-3, RUL-13, ACT-TRAP-2, ACT-REP-2, RST-5, ORD-7):
a seat sees everything it may know and nothing else."""

from __future__ import annotations

import attrs
import pytest
from tablekit import played

import dlrules
from dlrules import ChooseOrders, GameState, Phase, PlayerView, view
from dlrules.core.phases.resolution import acting_seat
from dlrules.records.serialization import dumps, loads
from dlrules.core.state import DECK_NAMES, Deck, PlayerState
from dlrules.records.views import (
    HIDDEN,
    HIDDEN_POSITION,
    HIDDEN_GAME_FIELDS,
    HIDDEN_PLAYER_FIELDS,
    PUBLIC_GAME_FIELDS,
    PUBLIC_PLAYER_FIELDS,
)


def _choosing(players: int, seed: int = 3) -> GameState:
    state, _ = played(players, seed, until=lambda s: s.phase is Phase.ORDERS and dlrules.CHANCE not in dlrules.to_move(s))
    return state


def test_every_state_field_is_classified_public_or_hidden() -> None:
    """A field added to the state must be classified in views.py (else it would
    pass through unredacted without anyone deciding it is public)."""
    player_fields = {f.name for f in attrs.fields(PlayerState)}
    game_fields = {f.name for f in attrs.fields(GameState)}
    assert not player_fields - (PUBLIC_PLAYER_FIELDS | HIDDEN_PLAYER_FIELDS), "classify in views.py"
    assert not game_fields - (PUBLIC_GAME_FIELDS | HIDDEN_GAME_FIELDS), "classify in views.py"
    assert HIDDEN_PLAYER_FIELDS <= player_fields and HIDDEN_GAME_FIELDS <= game_fields
    assert not PUBLIC_PLAYER_FIELDS & HIDDEN_PLAYER_FIELDS and not PUBLIC_GAME_FIELDS & HIDDEN_GAME_FIELDS


def test_ORD_3_committed_orders_are_hidden_from_the_others_until_the_reveal() -> None:
    state = _choosing(3)
    mine = state.players[0].hand[:3]
    state = dlrules.apply(state, ChooseOrders(0, mine))
    own = view(state, 0)
    other = view(state, 1)
    assert own.state.players[0].committed == mine
    assert other.state.players[0].committed is None
    assert other.orders_chosen == own.orders_chosen == (True, False, False)  # that they chose is public
    assert view(state, None).state.players[0].committed is None


def test_DUM2_3_the_dummy_third_order_is_hidden_from_the_other_player() -> None:
    state = _choosing(2)
    move = next(m for m in dlrules.legal_moves(state) if m.seat == 0)
    assert isinstance(move, ChooseOrders) and move.dummy_order is not None
    state = dlrules.apply(state, move)
    assert view(state, 0).state.players[0].dummy_choice == move.dummy_order
    assert view(state, 1).state.players[0].dummy_choice is None


def test_RUL_13_dealt_and_kept_orders_are_private() -> None:
    state = dlrules.new_game(3)
    while dlrules.CHANCE in dlrules.to_move(state):
        state = dlrules.apply(state, dlrules.legal_moves(state)[0])
    dealt = state.players[1].dealt
    state = dlrules.apply(state, dlrules.KeepUnavailable(1, dealt[:2]))
    seen_by_0 = view(state, 0)
    assert seen_by_0.state.players[1].dealt == () and seen_by_0.state.players[1].kept is None
    assert seen_by_0.dealt_counts == (3, 3, 3)
    assert seen_by_0.unavailable_chosen == (False, True, False)
    seen_by_1 = view(state, 1)
    assert seen_by_1.state.players[1].dealt == dealt and seen_by_1.state.players[1].kept == dealt[:2]
    assert {m.seat for m in seen_by_0.legal} == {0}  # only the seat's own moves
    assert view(state, None).legal == ()


def test_ACT_TRAP_2_others_see_only_how_many_traps_a_player_holds() -> None:
    state = dlrules.new_game(3)
    state = attrs.evolve(state, players=(attrs.evolve(state.players[0], traps=("pendulum", "trap-door")), *state.players[1:]))
    assert view(state, 0).state.players[0].traps == ("pendulum", "trap-door")
    assert view(state, 2).state.players[0].traps == (HIDDEN, HIDDEN)
    assert view(state, None).state.players[0].traps == (HIDDEN, HIDDEN)


def test_SETUP_3_the_trap_discard_is_face_down_for_everyone() -> None:
    """SETUP-3, LIB-Y1-3: discarded trap cards show only their number, in every view."""
    state = attrs.evolve(_choosing(3), trap_discard=("pendulum", "trap-door"))
    for seat in (0, 1, 2, None):
        assert view(state, seat).state.trap_discard == (HIDDEN, HIDDEN)


def test_ACT_REP_2_a_seat_sees_the_combat_cards_it_spied_and_nobody_elses_spying() -> None:
    state = dlrules.new_game(3)
    state = attrs.evolve(state, combat=("invisibility", "word-of-peace", None, None), spied=((1,), (0, 1), ()))
    assert view(state, 0).state.combat == (None, "word-of-peace", None, None)
    assert view(state, 0).state.spied == ((1,), (), ())
    assert view(state, 1).state.combat == ("invisibility", "word-of-peace", None, None)
    assert view(state, 2).state.combat == (None, None, None, None)
    assert view(state, None).state.spied == ((), (), ())


def test_RST_5_deck_contents_are_hidden_but_sizes_and_known_bottom_cards_are_public() -> None:
    state = dlrules.new_game(4)
    adv = state.decks.adventurers.without("y1-warrior-3").with_bottom("y1-warrior-3")
    state = attrs.evolve(state, decks=attrs.evolve(state.decks, adventurers=adv))
    for seat in (0, None):
        decks = view(state, seat).state.decks
        for name in DECK_NAMES:
            original: Deck = getattr(state.decks, name)
            shown: Deck = getattr(decks, name)
            # LIB-CMB-3: the combat deck shows only the cards outside the four face-down ones
            face_down = state.combat.count(None) if name == "combat" else 0
            assert shown.size == original.size - face_down
            assert shown.bottom == original.bottom
            assert all(key == HIDDEN for key, _ in shown.unseen)
    assert view(state, 1).state.decks.adventurers.bottom == ("y1-warrior-3",)


def test_LIB_CMB_3_the_combat_deck_count_does_not_tell_whether_a_card_was_identified() -> None:
    """Issue 21, leak 3b: identifying a face-down card takes it out of the
    combat deck, but the count a seat is shown stays the same."""
    state = dlrules.new_game(3)
    card = sorted(k for k, _ in state.decks.combat.unseen)[0]
    known = attrs.evolve(
        state,
        decks=attrs.evolve(state.decks, combat=state.decks.combat.without(card)),
        combat=(None, card, None, None),
        spied=((), (1,), ()),
    )
    assert known.decks.combat.size == state.decks.combat.size - 1
    assert view(known, 0).state.decks.combat == view(state, 0).state.decks.combat
    assert view(known, 1).state.decks.combat.size == view(state, 1).state.decks.combat.size == 5


def test_ORD_7_unavailable_orders_hands_and_the_board_are_public() -> None:
    state, _ = played(3, 5, until=Phase.RESOLUTION)
    seen = view(state, None).state
    for mine, shown in zip(state.players, seen.players):
        assert shown.unavailable == mine.unavailable and shown.hand == mine.hand and shown.played == mine.played
    assert seen.board == state.board and seen.tavern == state.tavern and seen.dummies == state.dummies


def test_a_view_is_json_and_reads_back_equal() -> None:
    state = _choosing(2)
    state = dlrules.apply(state, next(m for m in dlrules.legal_moves(state) if m.seat == 1))
    got = view(state, 0)
    assert loads(dumps(got), PlayerView) == got


def test_a_seat_outside_the_game_is_refused() -> None:
    with pytest.raises(ValueError, match="no seat 3 in a 3-player game"):
        view(dlrules.new_game(3), 3)


# The no-leak property (states differing only in what a seat may not know
# are shown alike, on every channel) is in properties/test_no_leak.py.


def test_ACT_REP_2_LIB_CMB_3_the_position_a_spy_looks_at_is_hidden_from_the_others() -> None:
    state, _ = played(3, 5, until=Phase.RESOLUTION)
    seat = acting_seat(state)
    assert seat is not None and state.resolution is not None
    looking = attrs.evolve(state, resolution=attrs.evolve(state.resolution, spy=2))
    others = [s for s in range(3) if s != seat]
    assert all(view(looking, s).state.resolution.spy == HIDDEN_POSITION for s in others)  # type: ignore[union-attr]
    assert view(looking, seat).state.resolution.spy == 2  # type: ignore[union-attr]
