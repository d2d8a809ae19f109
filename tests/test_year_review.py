"""Second review of the phases after resolution (RS, PROD, RET, EVT, ADV, END,
PAL; RUL-5, RUL-6, RUL-9..12; LIB-REV2-*): the edge cases the first round of
tests did not reach, each named after the rule it checks."""

from __future__ import annotations

import attrs
import pytest
from res_positions import DIG, FOOD, MINE, REP, decline_until, rules
from res_positions import at_resolution as res_at
from res_positions import player as res_player

from dlrules import (
    IllegalMove,
    ActivateRoom,
    FinishProduction,
    PayMonster,
    PayTaxes,
    ReturnOrder,
    apply,
    check,
    legal_moves,
    to_move,
)
from dlrules.components import Action
from dlrules.core.engine import next_phase, settle
from dlrules.core.moves import DigTunnel, Draw, MineGold
from dlrules.core.phases.common import collecting
from dlrules.core.phases.adventurers import party_queue
from dlrules.core.state import Adventurer, GameState, Outcome, Phase

from year_helpers import at_resolution, dungeon, enter, monsters, played, player, resolved, step

MINT = (2, 1)  # lower half
PRESS = (1, 1)  # inner
MAGIC = (1, 3)  # inner
SHED = (0, 3)  # outer ring

C, N = Outcome.CARRIED_OUT, Outcome.NOT_CARRIED_OUT


def production(players: int = 2, first: int = 0, **changes: object) -> GameState:
    state = resolved(at_resolution(players))
    state = attrs.evolve(state, first_player=first)
    state = player(state, first, **changes)
    return enter(state, Phase.PRODUCTION)


# --- PROD ------------------------------------------------------------------------------


def test_PROD_2_two_troll_tokens_staff_the_tool_shed() -> None:
    """PROD-2: a troll token may replace an imp in any year-1 room, the Tool
    Shed included: two tokens and no free imp dig its tunnel."""
    state = production(imps=3, busy_imps=3, monsters=monsters("troll", "troll"), dungeon=dungeon({SHED: "tool-shed"}))
    assert ActivateRoom(0, SHED, 2, (0, 4)) in legal_moves(state)
    assert rules(state, ActivateRoom(0, SHED, 1, (0, 4))) == ["PROD-1"]  # 1 imp short: none is free
    state = step(state, ActivateRoom(0, SHED, 2, (0, 4)))
    p = state.players[0]
    assert p.dungeon.at((0, 4)) is not None and (p.busy_imps, p.busy_trolls) == (3, 2)


DENSE = ((0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 2), (1, 4), (2, 1), (2, 2), (2, 3), (2, 4), (3, 0), (3, 1), (3, 4))


def test_ACT_DIG_6_tool_shed_with_every_neighbour_square_closing_a_2x2_block() -> None:
    """ACT-DIG-6 (not ACT-DIG-5) is cited when the Tool Shed has empty squares
    beside the dungeon but each would complete a 2x2 block."""
    state = production(imps=2, dungeon=dungeon({(0, 4): "tool-shed"}, tunnels=DENSE))
    assert legal_moves(state) == (FinishProduction(0),)
    found = check(state, ActivateRoom(0, (0, 4), target=(1, 1)))
    assert [v.rule for v in found] == ["ACT-DIG-6"] and "5 empty squares" in found[0].message


def test_PROD_2_troll_token_in_the_magic_room_whose_new_imp_works_in_a_mint() -> None:
    """PROD-2 and the Magic Room (COMPONENTS.md): a troll token and an imp make
    a new imp, which at once joins the two other free imps in the Mint."""
    rooms = {MAGIC: "magic-room", MINT: "mint"}
    state = production(imps=3, food=1, gold=0, monsters=monsters("troll"), dungeon=dungeon(rooms))
    assert ActivateRoom(0, MINT) in legal_moves(state)  # 3 free imps
    state = step(state, ActivateRoom(0, MAGIC, trolls=1))
    p = state.players[0]
    assert (p.imps, p.free_imps, p.food, p.busy_trolls) == (4, 3, 0, 1)
    state = step(state, ActivateRoom(0, MINT))
    assert (state.players[0].gold, state.players[0].free_imps) == (1, 0)


def test_PROD_2_a_troll_token_never_digs_at_dig_tunnels() -> None:
    """PROD-2 / ACT-MON-5: the token counts as an imp for nothing but room
    work: a lord with no free imp and a troll cannot dig."""
    state = res_at({0: (DIG, FOOD, REP), 1: (FOOD, REP, MINE)}, tweak=res_player(0, imps=0, monsters=monsters("troll")))
    state = decline_until(state, DIG, 0)
    assert not any(isinstance(m, DigTunnel) for m in legal_moves(state))
    assert rules(state, DigTunnel(0, (3, 2)))[0] == "PROD-2"  # the rule the test is named for (review1: it was ACT-DIG-2)


def test_PROD_2_a_troll_token_never_mines() -> None:
    state = res_at({0: (MINE, FOOD, REP), 1: (FOOD, REP, DIG)}, tweak=res_player(0, imps=0, monsters=monsters("troll")))
    state = decline_until(state, MINE, 0)
    assert not any(isinstance(m, MineGold) for m in legal_moves(state))
    assert rules(state, MineGold(0, 1))[0] == "PROD-2"  # the rule the test is named for (review1: it was ACT-MINE-5)


def test_PROD_1_imps_that_mined_do_not_produce() -> None:
    """PROD-1 / ACT-MINE-5: 2 of 4 imps mined this round; the Mint needs 3."""
    state = production(imps=4, busy_imps=2, dungeon=dungeon({MINT: "mint"}))
    assert legal_moves(state) == (FinishProduction(0),)
    message = check(state, ActivateRoom(0, MINT))[0].message
    assert "needs 3 imps" in message and "you have 2 free" in message


def test_ACT_TRAP_2_workshop_narration_keeps_the_card_face_down() -> None:
    """ACT-TRAP-2: the Workshop's card, like one bought at Buy Traps, is named
    only in the owner's hand, not in the narration of the draw."""
    workshop = (3, 2)
    state = production(imps=4, dungeon=dungeon({workshop: "workshop"}, tunnels=((0, 2), (1, 2), (2, 2), (3, 1))))
    state = step(state, ActivateRoom(0, workshop))
    with collecting() as said:
        state = step(state, Draw("traps", "pendulum"))
    assert state.players[0].traps == ("pendulum",)
    assert said and not any("Pendulum" in e.text or "pendulum" in e.text for e in said)


def test_LIB_REV2_1_printing_press_at_the_bottom_of_the_evilometer() -> None:
    """LIB-REV2-1 (RUL-2 by analogy): at evil 1 the Printing Press may still be
    staffed; the marker stays on 1 and the 3 imps are busy."""
    state = production(imps=3, evil=1, dungeon=dungeon({PRESS: "printing-press"}))
    assert ActivateRoom(0, PRESS) in legal_moves(state)
    state = step(state, ActivateRoom(0, PRESS))
    assert (state.players[0].evil, state.players[0].busy_imps) == (1, 3)


def test_PROD_1_printing_press_lowers_the_holder_and_PAL_7_moves_the_paladin() -> None:
    """PROD-1 with PAL-7 (LIB-RES-7): the holder's Printing Press takes him from
    11 to 10; the other lord on 11 is now strictly higher and takes the paladin."""
    state = resolved(at_resolution(2))
    state = attrs.evolve(state, first_player=0, paladin=0)
    state = player(state, 0, imps=3, evil=11, dungeon=dungeon({PRESS: "printing-press"}))
    state = player(state, 1, evil=11)
    state = enter(state, Phase.PRODUCTION)
    state = step(state, ActivateRoom(0, PRESS))
    assert (state.players[0].evil, state.paladin) == (10, 1)


def test_PROD_4_one_lord_at_a_time_from_the_first_player() -> None:
    """PROD-4 / RUL-5: with the first-player token on seat 2 of 3, seat 2
    produces first; a move by seat 0 now is refused citing RUL-5."""
    state = resolved(at_resolution(3))
    state = attrs.evolve(state, first_player=2)
    state = enter(state, Phase.PRODUCTION)
    assert to_move(state) == frozenset({2})
    assert rules(state, FinishProduction(0)) == ["RUL-5"]


# --- RET -------------------------------------------------------------------------------


def returning(*orders: tuple[Action, Outcome]) -> GameState:
    """Order return with seat 0's three orders ``orders`` (seat 1: all carried out)."""
    state = resolved(at_resolution(2))
    state = attrs.evolve(state, first_player=0)
    hand = tuple(a for a in Action if a not in (Action.MINE, Action.TRAPS))
    state = player(state, 0, played=played(*orders), unavailable=(Action.MINE, Action.TRAPS), hand=hand)
    return enter(attrs.evolve(state, turn=None), Phase.ORDER_RETURN)


def test_RET_2_two_orders_not_carried_out_three_choices() -> None:
    """RET-2: the first order, or either of the two that were not carried out."""
    state = returning((Action.DIG, C), (Action.FOOD, N), (Action.MONSTER, N))
    assert legal_moves(state) == tuple(ReturnOrder(0, a) for a in (Action.DIG, Action.FOOD, Action.MONSTER))
    state = apply(state, ReturnOrder(0, Action.FOOD))
    p = state.players[0]
    assert p.unavailable == (Action.DIG, Action.MONSTER) and len(p.hand) == 6  # RET-1: Mine, Traps back


def test_RET_2_the_first_not_carried_out_and_another_two_choices() -> None:
    state = returning((Action.DIG, N), (Action.FOOD, C), (Action.MONSTER, N))
    assert legal_moves(state) == (ReturnOrder(0, Action.DIG), ReturnOrder(0, Action.MONSTER))
    assert rules(state, ReturnOrder(0, Action.FOOD)) == ["RET-2"]


def test_RET_2_only_the_first_not_carried_out_comes_back_by_itself() -> None:
    """RET-2: the first order is the only candidate: no decision is asked."""
    state = returning((Action.DIG, N), (Action.FOOD, C), (Action.MONSTER, C))
    assert state.phase is not Phase.ORDER_RETURN
    p = state.players[0]
    assert Action.DIG in p.hand and p.unavailable == (Action.FOOD, Action.MONSTER)
    assert Action.MINE in p.hand and Action.TRAPS in p.hand  # RET-1


# --- EVT -------------------------------------------------------------------------------


def events(event: str, players: int = 2, first: int = 0, **seats: dict[str, object]) -> GameState:
    state = resolved(at_resolution(players))
    state = attrs.evolve(state, round=2, first_player=first, events=(None, event, None, None))
    for name, changes in seats.items():
        state = player(state, int(name[1:]), **changes)
    return enter(state, Phase.EVENTS)


def test_EVT_TAX_1_four_tiles_cost_2_gold() -> None:
    d = dungeon(tunnels=((0, 2), (1, 2), (2, 2), (3, 2)))
    state = events("taxes", p0={"gold": 5, "dungeon": d}, p1={"gold": 0})
    assert max(m.gold for m in legal_moves(state) if isinstance(m, PayTaxes)) == 2


def test_EVT_2_taxes_decided_in_player_order_from_the_first_player() -> None:
    """EVT-2: with the token on seat 2 of 3, seat 2 decides first, then 0, then 1."""
    rich = {"gold": 3, "dungeon": dungeon()}
    state = events("taxes", players=3, first=2, p0=rich, p1=rich, p2=rich)
    assert to_move(state) == frozenset({2})
    assert rules(state, PayTaxes(0, 2)) == ["EVT-2"]
    state = apply(state, PayTaxes(2, 1))
    assert to_move(state) == frozenset({0})
    state = apply(state, PayTaxes(0, 2))
    assert to_move(state) == frozenset({1})
    assert [p.damage_tokens for p in state.players] == [0, 0, 1]


def test_RUL_6_partial_payment_keeps_the_rest_as_damage_tokens() -> None:
    """RUL-6 / EVT-TAX-2: 5 tiles, 3 gold due; a lord with 1 gold may pay it
    (2 damage tokens) or keep it (3)."""
    d = dungeon(tunnels=((0, 2), (1, 2), (2, 2), (3, 2), (1, 1)))
    state = events("taxes", p0={"gold": 1, "dungeon": d}, p1={"gold": 0})
    assert legal_moves(state) == (PayTaxes(0, 0), PayTaxes(0, 1))
    state = step(state, PayTaxes(0, 1))
    assert (state.players[0].gold, state.players[0].damage_tokens) == (0, 2)


def test_EVT_PAY_2_dismissing_one_of_two_trolls_frees_one_busy_token() -> None:
    """EVT-PAY-2 / ACT-MON-5: both tokens worked this round; one troll leaves
    with its token, the other token is still counted as working."""
    state = events("payday", p0={"monsters": monsters("troll", "troll"), "food": 4, "busy_trolls": 2}, p1={"monsters": ()})
    state = step(state, PayMonster(0, 0, False))
    p = state.players[0]
    assert (p.trolls, p.busy_trolls, len(p.monsters)) == (1, 1, 1)
    assert state.far_lands[-1] == "troll"


def test_EVT_PAY_3_paladin_comes_mid_payday_then_moves_at_the_next_lords_payday() -> None:
    """EVT-PAY-3, PAL-5..7: seat 0 (first) pays a vampire from 9 to 11 and draws
    the paladin at 10; seat 1 pays a ghost and dismisses a goblin, 10 -> 12,
    strictly higher than 11: he moves."""
    state = events(
        "payday",
        p0={"monsters": monsters("vampire"), "evil": 9},
        p1={"monsters": monsters("ghost", "goblin"), "evil": 10, "food": 0},
    )
    state = apply(state, PayMonster(0, 0, True))
    assert (state.players[0].evil, state.paladin) == (11, 0)
    state = step(state, PayMonster(1, 0, True))
    assert (state.players[1].evil, state.paladin) == (11, 0)  # a tie never moves him (PAL-7)
    state = settle(state)  # the goblin cannot be fed (0 food): it leaves, +1 evil
    assert (state.players[1].evil, state.paladin) == (12, 1)


def test_RUL_9_the_event_announced_in_winter_happens_in_spring() -> None:
    """RUL-9 / RST-2: the tile drawn at winter's round start is spring's event."""
    state = at_resolution(2)
    assert state.round == 1 and state.events[0] is None and state.events[1] is not None


# --- ADV -------------------------------------------------------------------------------

THIEF, PRIEST, WIZARD = "y1-thief-3-1", "y1-priest-3-1", "y1-wizard-4-2"
WARRIOR_A, WARRIOR_B = "y1-warrior-3", "y1-warrior-4"


def test_ADV_2P_1_dummy_marker_at_the_top_stays_and_still_ranks() -> None:
    """ADV-2P-1 / RES-8: the dummy marker on 15 cannot move up; it is the most
    evil, so the strongest adventurer goes to the far lands."""
    state = resolved(at_resolution(2))
    state = attrs.evolve(state, round=4, first_player=1, adventurers_now=(THIEF, PRIEST, WIZARD), dummy_evil=15)
    state = enter(state, Phase.ADVENTURERS, settled=False)
    assert state.dummy_evil == 15 and state.far_lands[-1] == WIZARD


def test_RUL_12_dummy_marker_moves_up_before_every_adventurers_phase() -> None:
    """RUL-12: the 2-player dummy marker moves up 1 before every Adventurers
    phase, even one where no adventurer is left to assign."""
    state = resolved(at_resolution(2))
    state = attrs.evolve(state, round=2, adventurers_now=(), dummy_evil=5)
    state = enter(state, Phase.ADVENTURERS, settled=False)
    assert state.dummy_evil == 6


def test_ADV_5_PAL_3_warriors_over_three_rounds_behind_the_paladin() -> None:
    """ADV-4, ADV-5, PAL-3: a priest, then a warrior, then another warrior come to
    the lord the paladin attacks: each warrior goes in front of the party, the
    newest first, and the paladin leads them all."""
    state = resolved(at_resolution(3))
    state = attrs.evolve(state, first_player=0, paladin=0)
    state = player(state, 0, evil=12)
    for rnd, arriving in ((2, (THIEF, WIZARD, PRIEST)), (3, (THIEF, WIZARD, WARRIOR_A)), (4, (THIEF, WIZARD, WARRIOR_B))):
        state = attrs.evolve(state, round=rnd, adventurers_now=arriving)
        state = enter(state, Phase.ADVENTURERS, settled=False)
    assert tuple(a.key for a in party_queue(state, 0)) == ("paladin-1", WARRIOR_B, WARRIOR_A, PRIEST)


# --- END, RS ---------------------------------------------------------------------------


def test_RST_1_tavern_leftovers_stay_through_the_end_of_round_and_go_at_the_next_start() -> None:
    """END-3 sends imps home but leaves the offer; RST-1 discards it at the next
    round start, before the new monsters are drawn."""
    state = resolved(at_resolution(2))
    state = attrs.evolve(state, tavern=("goblin",), room_shop=("mint",))
    state = enter(state, Phase.END_OF_ROUND, settled=False)
    assert state.tavern == ("goblin",) and state.room_shop == ("mint",)
    state = settle(state)  # on to the next round start
    assert state.phase is Phase.ROUND_START and state.round == 2
    assert state.far_lands[-2:] == ("goblin", "mint") and state.tavern == ()


@pytest.mark.parametrize(("round_", "phases"), [
    (1, [Phase.PRODUCTION, Phase.ORDER_RETURN, Phase.END_OF_ROUND, Phase.ROUND_START]),
    (2, [Phase.PRODUCTION, Phase.ORDER_RETURN, Phase.EVENTS, Phase.ADVENTURERS, Phase.END_OF_ROUND, Phase.ROUND_START]),
    (4, [Phase.PRODUCTION, Phase.ORDER_RETURN, Phase.EVENTS, Phase.ADVENTURERS, Phase.END_OF_ROUND, Phase.COMBAT]),
])  # fmt: skip
def test_RS_3_phases_after_resolution_in_order(round_: int, phases: list[Phase]) -> None:
    """RS-1, RS-3: production and order return, events and adventurers (not in
    winter), end of round, then the next round start (or combat after autumn)."""
    state = attrs.evolve(resolved(at_resolution(2)), round=round_, phase=Phase.RESOLUTION)
    seen = []
    for _ in phases:
        state = attrs.evolve(state, phase=next_phase(state))
        seen.append(state.phase)
    assert seen == phases


def test_END_3_troll_tokens_and_production_marks_are_cleared() -> None:
    state = resolved(at_resolution(2))
    state = player(state, 0, imps=5, busy_imps=3, foreimps=1, busy_trolls=1, monsters=monsters("troll"), rooms_used=(MINT,))
    state = enter(state, Phase.END_OF_ROUND, settled=False)
    p = state.players[0]
    assert (p.free_imps, p.busy_trolls, p.rooms_used, p.trolls) == (5, 0, (), 1)
    assert p.party == () and p.monsters == monsters("troll")


def test_PAL_12_the_paladin_is_not_a_warrior() -> None:
    """PAL-12 / PAL-3: the paladin is kept apart from the party: a warrior
    joining goes in front of the party, never in front of him."""
    state = resolved(at_resolution(2))
    state = attrs.evolve(state, round=2, first_player=0, paladin=1, adventurers_now=(THIEF, PRIEST, WARRIOR_A), dummy_evil=1)
    state = player(state, 1, evil=10, party=(Adventurer(PRIEST),))
    state = player(state, 0, evil=3)
    state = enter(state, Phase.ADVENTURERS, settled=False)
    assert tuple(a.key for a in party_queue(state, 1)) == ("paladin-1", WARRIOR_A, PRIEST)


def test_RS_3_junk_moves_after_resolution_are_refused_not_raised() -> None:
    """engine.check never raises for junk (docs/api.md): a field of the wrong
    type is refused citing RS-3, also a look-alike (2.0 or True for 2 or 1,
    which compare equal) that would otherwise pass for a legal move."""
    taxes = events("taxes", p0={"gold": 3, "dungeon": dungeon()}, p1={"gold": 0})
    payday = events("payday", p0={"monsters": monsters("goblin"), "food": 3}, p1={"monsters": ()})
    prod = production(imps=3, dungeon=dungeon({MINT: "mint", SHED: "tool-shed"}))
    ret = returning((Action.DIG, C), (Action.FOOD, N), (Action.MONSTER, N))
    junk: list[tuple[GameState, object]] = [
        (taxes, PayTaxes(0, 2.0)),  # type: ignore[arg-type]
        (taxes, PayTaxes(0, True)),
        (taxes, PayTaxes(0, "2")),  # type: ignore[arg-type]
        (payday, PayMonster(0, None, True)),  # type: ignore[arg-type]
        (payday, PayMonster(0, 0, "yes")),  # type: ignore[arg-type]
        (prod, ActivateRoom(0, MINT, "1")),  # type: ignore[arg-type]
        (prod, ActivateRoom(0, SHED, 0, (0,))),  # type: ignore[arg-type]
        (prod, ActivateRoom(0, "x")),  # type: ignore[arg-type]
        (ret, ReturnOrder(0, None)),  # type: ignore[arg-type]
        (ret, ReturnOrder(0, "dig")),  # type: ignore[arg-type]
    ]
    for state, move in junk:
        found = check(state, move)
        assert [v.rule for v in found] == ["RS-3"] and "malformed" in found[0].message, move
    with pytest.raises(IllegalMove):
        apply(taxes, PayTaxes(0, 2.0))  # type: ignore[arg-type]
    assert check(taxes, PayTaxes(0, 2)) == ()
