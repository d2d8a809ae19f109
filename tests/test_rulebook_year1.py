"""The building year as the printed English rulebook has it (issue 10): the
full game's Hire Monster charge (ORD-8, ORD-9), evil costs that must fit
(RES-8, RES-10, RUL-1, RUL-2), Pay Day's wages before the dismissals' evil
(RUL-14; EXAMPLES.md E5)."""

from __future__ import annotations

import pytest
from res_positions import DIG, FOOD, IMPS, MINE, REP, at_resolution, decline_until, outcome_of, player, rules, tweaks

from dlrules import Action, Decline, HireMonster, PayMonster, TakeAction, apply, legal_moves
from dlrules.core.phases.common import collecting
from dlrules.core.state import GameState, Outcome

MONSTER = Action.MONSTER
FOUR = {1: (FOOD, REP, DIG), 2: (FOOD, REP, MINE), 3: (FOOD, REP, IMPS)}


def orders(first: tuple[Action, ...]) -> dict[int, tuple[Action, ...]]:
    return {0: first, **FOUR}


# --- ORD-8, ORD-9: Hire Monster played first (full game) -----------------------------------


def test_ORD_9_hire_monster_first_costs_one_gold_at_the_reveal() -> None:
    """ORD-9: Player 1 reveals Hire Monster first and pays 1 gold before any
    minion is placed; the minion takes slot I as usual."""
    state = at_resolution(orders((MONSTER, FOOD, REP)), variant="full")
    p = state.players[0]
    assert p.gold == 3 - 1
    assert p.played[0].action is MONSTER and p.played[0].slot == 0 and p.played[0].outcome is Outcome.PENDING
    assert state.board[MONSTER.index][0] == 0


def test_ORD_9_no_gold_puts_the_minion_on_the_order_card() -> None:
    """ORD-9, RUL-1, LIB-Y1-1: with no gold the minion stands on the order
    card (slot None, like ORD-6): not carried out, and the space stays free
    for the others."""
    state = at_resolution(orders((MONSTER, FOOD, REP)), variant="full", tweak=player(0, gold=0))
    p = state.players[0]
    assert p.gold == 0
    assert p.played[0].slot is None and p.played[0].outcome is Outcome.NOT_CARRIED_OUT
    assert state.board[MONSTER.index] == (None, None, None)


def test_ORD_9_the_others_then_take_the_free_slot() -> None:
    """ORD-9: a shut-out first Hire Monster leaves slot I to the next player."""
    four = {0: (MONSTER, FOOD, REP), 1: (MONSTER, REP, DIG), 2: (FOOD, REP, MINE), 3: (FOOD, REP, IMPS)}
    state = at_resolution(four, variant="full", tweak=player(0, gold=0))
    assert state.board[MONSTER.index] == (1, None, None)
    assert state.players[1].gold == 2


def test_ORD_9_narrated() -> None:
    with collecting() as events:
        at_resolution(orders((MONSTER, FOOD, REP)), variant="full", tweak=player(0, gold=0))
    assert any(e.code == "hire_first" and "ORD-9" in e.text for e in events)


def test_ORD_8_first_game_charges_nothing_and_later_orders_never_pay() -> None:
    """ORD-8: in the first game the pictogram has no effect; in the full game
    only a *first* Hire Monster pays."""
    first_game = at_resolution(orders((MONSTER, FOOD, REP)))
    assert first_game.players[0].gold == 3 and first_game.board[MONSTER.index][0] == 0
    second = at_resolution(orders((FOOD, MONSTER, REP)), variant="full")
    assert second.players[0].gold == 3


def test_ORD_9_the_gold_is_not_refunded_when_the_player_declines() -> None:
    """ORD-9 (L, U-20): paid at the reveal, kept by the bank whatever follows."""
    state = at_resolution(orders((MONSTER, FOOD, REP)), variant="full")
    state = decline_until(state, MONSTER, 0)
    state = apply(state, Decline(0))
    assert state.players[0].gold == 2
    assert outcome_of(state, 0, MONSTER) is Outcome.NOT_CARRIED_OUT


# --- RES-8, RES-10: an evil cost at the top ------------------------------------------------


@pytest.mark.parametrize(("slot", "evil"), [(1, 15), (2, 14), (2, 15)])
def test_RES_10_full_game_get_food_evil_cost_must_fit(slot: int, evil: int) -> None:
    """RES-10, RUL-1, LIB-Y1-2: Get Food II costs 1 evil, III 2: with fewer
    spaces left the slot cannot be taken, as with missing gold; only the decline."""
    seats = {0: (FOOD, REP, DIG), 1: (FOOD, REP, MINE), 2: (FOOD, REP, IMPS), 3: (REP, FOOD, DIG)}
    seat = slot  # seats 0, 1, 2 stand on Get Food I, II, III
    state = at_resolution(seats, variant="full", tweak=player(seat, evil=evil))
    state = decline_until(state, FOOD, slot)
    assert legal_moves(state) == (Decline(seat),)
    assert rules(state, TakeAction(seat)) == ["RES-10"]
    state = apply(state, Decline(seat))
    assert outcome_of(state, seat, FOOD) is Outcome.NOT_CARRIED_OUT


def test_RES_10_a_cost_that_just_fits_is_paid() -> None:
    """RES-10: at 13, Get Food III's 2 evil fits: 15."""
    seats = {0: (FOOD, REP, DIG), 1: (FOOD, REP, MINE), 2: (FOOD, REP, IMPS), 3: (REP, FOOD, DIG)}
    state = decline_until(at_resolution(seats, variant="full", tweak=player(2, evil=13)), FOOD, 2)
    state = apply(state, TakeAction(2))
    assert state.players[2].evil == 15 and state.players[2].food == 3 + 3


def test_RES_8_first_game_pays_an_evil_cost_at_the_top() -> None:
    """RES-8, RUL-2 (first game): at the top the cost is paid, the marker stays."""
    seats = {0: (FOOD, REP, DIG), 1: (FOOD, REP, MINE), 2: (FOOD, REP, IMPS), 3: (REP, FOOD, DIG)}
    state = decline_until(at_resolution(seats, tweak=player(2, evil=15)), FOOD, 2)
    state = apply(state, TakeAction(2))
    assert state.players[2].evil == 15 and state.players[2].food == 3 + 3
    assert outcome_of(state, 2, FOOD) is Outcome.CARRIED_OUT


def _tavern(evil: int, variant: str) -> GameState:
    seats = {0: (FOOD, MONSTER, DIG), 1: (FOOD, REP, MINE), 2: (FOOD, REP, IMPS), 3: (REP, FOOD, DIG)}
    state = at_resolution(seats, variant=variant, tavern=("goblin", "vampire", "ghost"), tweak=player(0, evil=evil))
    return decline_until(state, MONSTER, 0)


def test_RES_10_full_game_monster_evil_hire_cost_must_fit() -> None:
    """RES-10, ACT-MON-4: at 14 the vampire (2 evil) cannot be hired; the
    ghost (1 evil) and the goblin (food) can."""
    state = _tavern(14, "full")
    hires = {m.monster for m in legal_moves(state) if isinstance(m, HireMonster)}
    assert hires == {"goblin", "ghost"}
    assert rules(state, HireMonster(0, "vampire")) == ["RES-10"]


def test_RES_8_first_game_hires_the_vampire_at_the_top() -> None:
    state = _tavern(15, "first")
    state = apply(state, HireMonster(0, "vampire"))
    assert state.players[0].evil == 15 and [m.kind for m in state.players[0].monsters] == ["vampire"]


def test_RES_10_gains_still_stop_at_the_top() -> None:
    """RES-10: a smiley or a dismissal is a gain or loss, not a cost: it clamps
    (here Improve Reputation II at the bottom)."""
    seats = {0: (REP, FOOD, DIG), 1: (REP, FOOD, MINE), 2: (FOOD, REP, IMPS), 3: (FOOD, REP, DIG)}
    state = decline_until(at_resolution(seats, variant="full", tweak=player(1, evil=1)), REP, 1)
    state = apply(state, TakeAction(1))
    assert state.players[1].evil == 1
    assert outcome_of(state, 1, REP) is Outcome.CARRIED_OUT


# --- RUL-14, RES-10: Pay Day near the top (EXAMPLES.md E5) ---------------------------------

from test_events import events, finish_turn  # noqa: E402
from year_helpers import monsters, step  # noqa: E402

E5_MONSTERS = monsters("witch", "vampire")


def e5(variant: str = "full") -> GameState:
    return events("payday", variant=variant, p0={"monsters": E5_MONSTERS, "evil": 13, "food": 3}, p1={"monsters": (), "evil": 5})


def decide(state: GameState, *pays: bool) -> GameState:
    for pay in pays:
        assert state.turn is not None
        state = step(state, PayMonster(0, state.turn.step, pay))
    return finish_turn(state)


def test_E5_keep_the_vampire_let_the_witch_go() -> None:
    """E5, RUL-14: the witch's +1 evil comes after the wages, so the
    vampire's 2 fit: 13 + 2 = 15, then the +1 stops at the top."""
    state = e5()
    assert legal_moves(state) == (PayMonster(0, 0, True), PayMonster(0, 0, False))
    state = step(state, PayMonster(0, 0, False))
    assert legal_moves(state) == (PayMonster(0, 0, True), PayMonster(0, 0, False))  # the vampire still fits
    state = decide(state, True)
    p = state.players[0]
    assert (p.food, p.evil, [m.kind for m in p.monsters]) == (3, 15, ["vampire"])
    assert "witch" in state.far_lands


def test_E5_keep_the_witch_the_vampire_cannot_be_paid() -> None:
    """E5, RES-10: after the witch's wage (14) the vampire's 2 do not fit: it
    leaves by itself; then its +1: 15. Paying both is never possible."""
    state = step(e5(), PayMonster(0, 0, True))
    assert state.players[0].evil == 14
    assert PayMonster(0, 1, True) not in legal_moves(state)
    state = finish_turn(state)
    p = state.players[0]
    assert (p.food, p.evil, [m.kind for m in p.monsters]) == (2, 15, ["witch"])


def test_E5_let_both_go() -> None:
    state = decide(e5(), False, False)
    p = state.players[0]
    assert (p.food, p.evil, p.monsters) == (3, 15, ())


def test_E5_first_game_pays_both() -> None:
    """E5, RES-8, LIB-Y1-5: in the first game "pay both" is allowed: −1 food,
    evil 15 (the dismissal evil is also deferred there, with no other effect)."""
    state = decide(e5("first"), True, True)
    p = state.players[0]
    assert (p.food, p.evil, len(p.monsters)) == (2, 15, 2)


def test_RUL_14_the_dismissal_evil_comes_after_every_wage() -> None:
    """RUL-14: the goblin let go first does not move the marker before the
    vampire's wage: the paladin check sees 7 + 2, then + 1."""
    state = events("payday", p0={"monsters": monsters("goblin", "vampire"), "evil": 7, "food": 3}, p1={"monsters": ()})
    state = step(state, PayMonster(0, 0, False))
    assert state.players[0].evil == 7 and state.turn is not None and state.turn.dismissed == 1
    state = step(state, PayMonster(0, 0, True))
    assert state.players[0].evil == 9
    state = finish_turn(state)
    assert state.players[0].evil == 10 and state.paladin == 0


# --- RUL-1: the new "not carried out" causes ------------------------------------------------


def test_RUL_1_full_game_new_causes_are_not_carried_out() -> None:
    """RUL-1: ORD-9 with no gold leaves the minion on the order card; so does
    an evil cost that cannot be paid (RES-10: only the decline is left)."""
    seats = {0: (MONSTER, REP, DIG), 1: (FOOD, REP, MINE), 2: (FOOD, REP, IMPS), 3: (REP, FOOD, DIG)}
    state = at_resolution(seats, variant="full", tweak=tweaks(player(0, gold=0), player(2, evil=15)))
    assert outcome_of(state, 0, MONSTER) is Outcome.NOT_CARRIED_OUT
    state = decline_until(state, FOOD, 1)
    assert legal_moves(state) == (Decline(2),)
    assert outcome_of(apply(state, Decline(2)), 2, FOOD) is Outcome.NOT_CARRIED_OUT
