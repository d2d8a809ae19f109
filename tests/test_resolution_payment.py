"""Paying for slots (RES-5, RES-6), the evilometer (RES-8), the paladin
arriving mid-resolution (RES-9, PAL-2, PAL-6, PAL-7) and the spy (ACT-REP-2, 3)."""

from __future__ import annotations

import attrs
from res_positions import DIG, FOOD, IMPS, MINE, REP, TRAPS, at_resolution, cursor, decline_until, outcome_of, player, tweaks

from res_positions import rules

from dlrules import CHANCE, Outcome, apply, check, legal_moves, to_move
from dlrules.components import COMBAT_DECKS
from dlrules.records.views import HIDDEN_POSITION, view
from dlrules.core.moves import Decline, Draw, Spy, TakeAction
from dlrules.core.state import GameState


def test_RES_5_a_player_who_cannot_pay_is_offered_only_the_decline() -> None:
    """RES-5: Get Food I costs 1 gold; with none, only Decline is legal, and
    declining leaves the order not carried out (RUL-1)."""
    state = at_resolution(
        {0: (FOOD, REP, DIG), 1: (REP, DIG, MINE), 2: (REP, DIG, MINE), 3: (REP, DIG, MINE)},
        tweak=player(0, gold=0),
    )
    assert cursor(state) == (FOOD, 0)
    assert legal_moves(state) == (Decline(0),)
    refused = check(state, TakeAction(0))
    assert [v.rule for v in refused] == ["RES-5"]
    assert "1 gold" in refused[0].message and "0 gold" in refused[0].message
    state = apply(state, Decline(0))
    assert outcome_of(state, 0, FOOD) is Outcome.NOT_CARRIED_OUT


def test_RES_6_no_partial_payment_for_a_partial_reward() -> None:
    """RES-6: Recruit Imps II is 2 food -> 2 imps; with 1 food the player may not
    pay 1 food for 1 imp: TakeAction is refused and only Decline is offered."""
    state = at_resolution(
        {0: (DIG, IMPS, FOOD), 1: (IMPS, DIG, FOOD), 2: (DIG, MINE, FOOD), 3: (DIG, MINE, FOOD)},
        tweak=player(0, food=1),
    )
    state = decline_until(state, IMPS, 1)
    assert to_move(state) == frozenset({0})
    assert legal_moves(state) == (Decline(0),)
    refused = check(state, TakeAction(0))
    assert [v.rule for v in refused] == ["RES-6"]
    assert "2 food" in refused[0].message and "1 food" in refused[0].message


def test_RES_6_all_of_a_mixed_cost() -> None:
    """RES-6: Recruit Imps III costs 1 food + 1 gold; food alone is not enough."""
    state = at_resolution(
        {0: (DIG, MINE, IMPS), 1: (IMPS, DIG, FOOD), 2: (IMPS, MINE, FOOD), 3: (DIG, MINE, FOOD)},
        tweak=player(0, gold=0),
    )
    state = decline_until(state, IMPS, 2)
    assert rules(state, TakeAction(0)) == ["RES-6"]


def test_RES_8_evil_clamped_at_15_and_the_action_still_goes_ahead() -> None:
    """RES-8: Get Food III costs 2 evil; from 14 the marker stops at 15 and the
    player still gets 3 food + 1 gold (carried out, RUL-2)."""
    state = at_resolution(
        {0: (REP, FOOD, DIG), 1: (FOOD, DIG, MINE), 2: (FOOD, DIG, MINE), 3: (DIG, MINE, IMPS)},
        tweak=player(0, evil=14),
    )
    state = decline_until(state, FOOD, 2)
    state = apply(state, TakeAction(0))
    p = state.players[0]
    assert (p.evil, p.food, p.gold) == (15, 6, 4)
    assert outcome_of(state, 0, FOOD) is Outcome.CARRIED_OUT


def test_RES_8_evil_clamped_at_1_and_RUL_2_still_carried_out() -> None:
    """RES-8, RUL-2: Improve Reputation II (evil -2) at space 2 stops at 1; at 1
    it has no effect, yet taking it counts as carried out."""
    orders = {0: (REP, DIG, MINE), 1: (REP, DIG, MINE), 2: (FOOD, DIG, MINE), 3: (FOOD, DIG, MINE)}
    state = at_resolution(orders, tweak=tweaks(player(0, evil=1), player(1, evil=2)))
    state = decline_until(state, REP, 0)
    state = apply(state, Spy(0, 1))
    state = apply(state, legal_moves(state)[0])  # chance turns up the card
    assert state.players[0].evil == 1
    assert outcome_of(state, 0, REP) is Outcome.CARRIED_OUT
    state = apply(state, TakeAction(1))
    assert state.players[1].evil == 1


def test_RES_9_PAL_2_paladin_arrives_mid_resolution_and_PAL_7_stays() -> None:
    """RES-9, PAL-2: at evil 9, Get Food II (1 evil) takes the player to space 10:
    the paladin comes at once, before Improve Reputation is resolved. PAL-7:
    when Improve Reputation then takes the player back to 9, he stays."""
    orders = {0: (REP, FOOD, DIG), 1: (FOOD, DIG, MINE), 2: (DIG, MINE, IMPS), 3: (DIG, MINE, IMPS)}
    state = at_resolution(orders, tweak=player(0, evil=9))
    assert state.paladin is None
    state = decline_until(state, FOOD, 1)
    state = apply(state, TakeAction(0))
    assert state.players[0].evil == 10
    assert state.paladin == 0
    assert cursor(state) == (REP, 0)  # Improve Reputation not yet resolved
    state = apply(state, Spy(0, 0))
    state = apply(state, legal_moves(state)[0])
    assert state.players[0].evil == 9
    assert state.paladin == 0  # PAL-7: he does not leave when his lord drops below the line


def test_PAL_7_paladin_moves_only_to_a_strictly_higher_lord() -> None:
    """PAL-7, PAL-5: the holder is at 10; another lord at 9 pays Get Food III's
    2 evil one space at a time: at 10 (a tie) he stays, at 11 he moves."""
    orders = {0: (REP, FOOD, DIG), 1: (FOOD, DIG, MINE), 2: (FOOD, DIG, MINE), 3: (DIG, MINE, IMPS)}
    hold = lambda s: attrs.evolve(s, paladin=1)  # noqa: E731
    state = at_resolution(orders, tweak=tweaks(player(0, evil=9), player(1, evil=10), hold))
    state = decline_until(state, FOOD, 2)
    state = apply(state, TakeAction(0))
    assert state.players[0].evil == 11
    assert state.paladin == 0


def test_ACT_REP_2_spy_draw_fixes_an_unseen_card_privately() -> None:
    """ACT-REP-2: the player picks which face-down combat card to look at; the
    first look at a card is a chance draw that fixes it; the state records who
    has seen which position. ACT-REP-3: another look may be at a seen card."""
    orders = {0: (REP, DIG, MINE), 1: (REP, DIG, MINE), 2: (REP, DIG, MINE), 3: (DIG, MINE, IMPS)}
    state = at_resolution(orders)
    assert set(legal_moves(state)) == {Spy(0, 0), Spy(0, 1), Spy(0, 2), Spy(0, 3), Decline(0)}
    assert rules(state, Spy(0, 4)) == ["ACT-REP-2"]
    assert rules(state, TakeAction(0)) == ["ACT-REP-2"]
    deck_before = state.decks.combat.size
    state = apply(state, Spy(0, 2))
    assert to_move(state) == frozenset({CHANCE})
    assert {m.card for m in legal_moves(state) if isinstance(m, Draw)} == set(COMBAT_DECKS[1])
    state = apply(state, Draw("combat", "invisibility"))
    assert state.combat == (None, None, "invisibility", None)
    assert state.decks.combat.size == deck_before - 1
    assert state.spied[0] == (2,)
    state = apply(state, TakeAction(1))  # slot II: evil -2, no look
    assert state.spied[1] == ()
    state = apply(state, Spy(2, 2))  # slot III: a first look at a card another seat fixed
    # LIB-CMB-3, LIB-RES-3: the same sequence as any first look (a chance turn), with one certain outcome
    assert to_move(state) == frozenset({CHANCE})
    assert legal_moves(state) == (Draw("combat", "invisibility"),)
    seen = view(state, 0).state.resolution
    assert seen is not None and seen.spy == HIDDEN_POSITION  # ACT-REP-2: which card is private
    state = apply(state, Draw("combat", "invisibility"))
    assert state.spied == ((2,), (), (2,), ()) and state.decks.combat.size == deck_before - 1
    assert state.players[2].gold == 2  # slot III costs 1 gold


def test_ACT_REP_2_slot_III_without_gold_only_declines() -> None:
    """RES-5: Improve Reputation III costs 1 gold; without it no Spy is offered."""
    orders = {0: (DIG, REP, MINE), 1: (REP, DIG, MINE), 2: (REP, DIG, MINE), 3: (DIG, MINE, TRAPS)}
    state = at_resolution(orders, tweak=player(0, gold=0))
    state = decline_until(state, REP, 2)
    assert legal_moves(state) == (Decline(0),)
    assert rules(state, Spy(0, 1)) == ["RES-5"]


def test_ACT_REP_3_a_second_look_at_a_card_already_seen() -> None:
    """ACT-REP-3: a player who saw card 2 in an earlier round may look at it
    again; its identity is already fixed, so chance's turn has that card as
    its one outcome (LIB-CMB-3: every look is a chance turn, issue 21)."""
    def seen(s: GameState) -> GameState:
        decks = attrs.evolve(s.decks, combat=s.decks.combat.without("word-of-peace"))
        return attrs.evolve(s, decks=decks, combat=(None, "word-of-peace", None, None), spied=((1,), (), (), ()))

    orders = {0: (REP, DIG, MINE), 1: (DIG, MINE, IMPS), 2: (DIG, MINE, IMPS), 3: (DIG, MINE, IMPS)}
    state = at_resolution(orders, tweak=seen)
    state = apply(state, Spy(0, 1))
    assert to_move(state) == frozenset({CHANCE})
    assert legal_moves(state) == (Draw("combat", "word-of-peace"),)
    state = apply(state, Draw("combat", "word-of-peace"))
    assert outcome_of(state, 0, REP) is Outcome.CARRIED_OUT
    assert state.spied[0] == (1,) and state.combat[1] == "word-of-peace"
