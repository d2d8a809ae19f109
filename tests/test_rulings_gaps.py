"""Rulings the engine cites that no other test named (found by the rule
coverage report, docs/rules.md): ACT-TRAP-1 (an empty trap deck at Buy
Traps; it retired LIB-RES-5), LIB-PROD-2 (a Workshop with an empty trap deck), LIB-ADV-1 (the
paladin heads the queue without being stored in the party)."""

from __future__ import annotations

import attrs
from res_positions import at_resolution
from year_helpers import dungeon, enter, player, resolved
from year_helpers import at_resolution as year_at_resolution

import dlrules
from dlrules import Action, ActivateRoom, Outcome, Phase, TakeAction
from dlrules.core.phases.adventurers import party_queue
from dlrules.core.state import Adventurer, Deck


def test_ACT_TRAP_1_buy_traps_with_an_empty_trap_deck_can_only_be_declined() -> None:
    """ACT-TRAP-1, RES-6, RES-3: no card to draw, no purchase: the minion
    stands on its order card and the player keeps their gold."""
    state = at_resolution({0: (Action.TRAPS, Action.FOOD, Action.DIG), 1: (Action.FOOD, Action.DIG, Action.MINE),
                           2: (Action.FOOD, Action.DIG, Action.MINE)})
    state = attrs.evolve(state, decks=attrs.evolve(state.decks, traps=Deck(())))
    while state.resolution is not None and state.resolution.space < Action.TRAPS.index:
        seat = min(dlrules.to_move(state))
        state = dlrules.apply(state, dlrules.Decline(seat))
    assert dlrules.to_move(state) == {0} and state.board[Action.TRAPS.index][0] == 0
    gold = state.players[0].gold
    assert [v.rule for v in dlrules.check(state, TakeAction(0))] == ["ACT-TRAP-1"]
    assert dlrules.legal_moves(state) == (dlrules.Decline(0),)
    after = dlrules.apply(state, dlrules.Decline(0))
    trap_order = next(o for o in after.players[0].played if o.action is Action.TRAPS)
    assert trap_order.outcome is Outcome.NOT_CARRIED_OUT  # RUL-1: declined
    assert after.players[0].gold == gold


def test_LIB_PROD_2_a_workshop_cannot_produce_from_an_empty_trap_deck() -> None:
    state = resolved(year_at_resolution(3, seed=4))
    # The Workshop (outer ring) needs 4 imps for 1 trap card (COMPONENTS.md).
    state = player(state, 0, dungeon=dungeon({(1, 1): "workshop"}), imps=4, busy_imps=0, foreimps=0)
    state = enter(state, Phase.PRODUCTION)
    assert dlrules.to_move(state) == {0}
    move = ActivateRoom(0, (1, 1))
    assert move in dlrules.legal_moves(state)
    empty = attrs.evolve(state, decks=attrs.evolve(state.decks, traps=Deck(())))
    assert [v.rule for v in dlrules.check(empty, move)] == ["LIB-PROD-2"]
    assert move not in dlrules.legal_moves(empty)


def test_LIB_ADV_1_the_paladin_heads_the_queue_but_is_not_in_the_party() -> None:
    state = dlrules.new_game(3)
    party = (Adventurer("y1-warrior-3"), Adventurer("y1-thief-3-1"))
    state = attrs.evolve(player(state, 1, party=party), paladin=1)
    assert party_queue(state, 1) == (Adventurer("paladin-1"),) + party  # PAL-3: he leads
    assert state.players[1].party == party  # one record of him: GameState.paladin
    assert party_queue(state, 0) == ()
