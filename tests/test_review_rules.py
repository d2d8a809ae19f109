"""Review of the implemented rules (setup, round start, orders, resolution,
the paladin): edge cases the rule-by-rule review checked, each named after
the rule it exercises."""

from __future__ import annotations

import random
from collections import defaultdict

import attrs
from res_positions import (
    Tweak,
    DIG,
    FOOD,
    IMPS,
    MINE,
    MONSTER,
    REP,
    ROOM,
    TRAPS,
    at_resolution,
    cursor,
    decline_until,
    outcome_of,
    player,
    tweaks,
)
from scenario import A, choose, setup_game

import dlrules
from dlrules import CHANCE, Outcome, Phase, apply, check, legal_moves, to_move
from dlrules.core.chance import sample_chance
from dlrules.core.moves import Decline, DigTunnel, Draw, HireMonster, MineGold, Move, Spy, TakeAction
from dlrules.core.phases.common import move_evil
from dlrules.core.state import Deck, GameState, Monster


# --- RS: the progress marker ------------------------------------------------------


def test_RS_1_RS_2_progress_names_year_round_and_phase() -> None:
    """RS-1, RS-2: the state always says which year, round (season) and phase."""
    state = setup_game(4)
    assert state.progress == (1, 1, "orders") and state.season == "winter"


# --- ACT-DIG, ACT-MINE: imps -----------------------------------------------------------


def _on(action: object, slot: int, seat: int = 0, also: Tweak = lambda s: s, **changes: object) -> GameState:
    """Seat ``seat`` on ``action`` ``slot``; the other seats fill the lower slots;
    ``changes`` to that seat and ``also`` to the state before the reveal."""
    fill = tuple(a for a in (IMPS, TRAPS, ROOM, DIG) if a is not action)
    others = [s for s in range(4) if s != seat]
    orders: dict[int, tuple[object, ...]] = {s: fill[:3] for s in others}
    for s in others[:slot]:
        orders[s] = (action, *fill[:2])
    orders[seat] = (fill[0], action, fill[1]) if slot else (action, *fill[:2])
    state = at_resolution(orders, tweak=tweaks(player(seat, **changes), also))  # type: ignore[arg-type]
    return decline_until(state, action, slot)  # type: ignore[arg-type]


def test_ACT_DIG_3_no_free_imp_on_slot_III_only_decline() -> None:
    """ACT-DIG-3, ACT-DIG-4: with 0 free imps on Dig Tunnels III neither a
    digger nor a foreimp is there: the order can only be declined, and the
    refusal says how many imps are needed."""
    state = _on(DIG, 2, busy_imps=3)
    assert legal_moves(state) == (Decline(0),)
    refused = check(state, DigTunnel(0, (0, 1)))
    assert [v.rule for v in refused] == ["ACT-DIG-3"]
    assert "2 free imps" in refused[0].message and "you have 0" in refused[0].message
    state = apply(state, Decline(0))
    assert outcome_of(state, 0, DIG) is Outcome.NOT_CARRIED_OUT


def test_ACT_MINE_2_fewer_imps_than_permitted_is_carried_out() -> None:
    """ACT-MINE-2, RUL-1: slot II permits 3 miners; 1 is enough to carry it out."""
    state = _on(MINE, 1)
    assert {m.imps for m in legal_moves(state) if isinstance(m, MineGold)} == {1, 2, 3}
    state = apply(state, MineGold(0, 1))
    assert state.players[0].gold == 4 and state.players[0].busy_imps == 1
    assert outcome_of(state, 0, MINE) is Outcome.CARRIED_OUT


def test_ACT_FOOD_1_ACT_REP_1_slot_rewards() -> None:
    """ACT-FOOD-1: Get Food I buys 2 food for 1 gold. ACT-REP-1: Improve
    Reputation II moves the marker 2 spaces down."""
    state = _on(FOOD, 0)
    state = apply(state, TakeAction(0))
    assert (state.players[0].gold, state.players[0].food) == (2, 5)
    state = _on(REP, 1, evil=7)
    state = apply(state, TakeAction(0))
    assert state.players[0].evil == 5


# --- ORD-6: a minion on its order card never acts --------------------------------------


def test_ORD_6_minion_on_its_card_is_never_asked() -> None:
    """ORD-6, RUL-1: all four play Mine Gold first; seat 3's minion stands on
    its card, so resolving Mine Gold asks seats 0, 1, 2 and never seat 3."""
    orders = {s: (MINE, FOOD, REP) for s in range(4)}
    orders[3] = (MINE, TRAPS, IMPS)
    state = decline_until(at_resolution(orders), MINE, 0)
    asked = []
    while cursor(state)[0] is MINE:
        (seat,) = to_move(state)
        asked.append(seat)
        state = apply(state, Decline(seat))
    assert asked == [0, 1, 2]
    assert outcome_of(state, 3, MINE) is Outcome.NOT_CARRIED_OUT


# --- RES-2 with a dummy on a reversed space ---------------------------------------------


def test_RES_2_ACT_MON_1_dummy_on_hire_monster_II_goes_home_between_III_and_I() -> None:
    """RES-2, ACT-MON-1, DUM3-4: the 3-player dummy stands on Hire Monster II.
    Slot III hires first from all three, the dummy goes home taking nothing,
    then slot I chooses among the two monsters left."""
    orders = {0: (MONSTER, FOOD, REP), 1: (MONSTER, FOOD, REP), 2: (FOOD, REP, DIG)}
    state = at_resolution(orders, dummies={3: (MINE, TRAPS, MONSTER)})
    assert state.board[MONSTER.index] == (0, 3, 1)
    state = decline_until(state, MONSTER, 2)
    assert to_move(state) == frozenset({1})
    state = apply(state, HireMonster(1, "witch"))
    assert cursor(state) == (MONSTER, 0) and to_move(state) == frozenset({0})
    assert {m.monster for m in legal_moves(state) if isinstance(m, HireMonster)} == {"goblin", "troll"}


# --- DUM2-4: both dummies choose the same third order ----------------------------------


def test_DUM2_4_both_dummies_choose_the_same_third_take_I_and_II() -> None:
    """DUM2-4, DUM2-6: both players give their dummy the same third order
    (Buy Traps): the dummies take slots I and II before any real minion is
    placed, so a real player revealing Buy Traps first gets slot III and the
    other stands on the order card (ORD-6)."""
    state = setup_game(
        2,
        unavailable=[(A.MONSTER, A.ROOM)] * 2,
        dummy_unavailable=[(A.IMPS, A.ROOM, A.MONSTER), (A.FOOD, A.REPUTATION, A.ROOM)],
        dummy_draws=[(A.DIG, A.MINE), (A.MINE, A.IMPS)],
    )
    assert A.TRAPS in state.dummies[0].candidates and A.TRAPS in state.dummies[1].candidates
    state = choose(state, [(A.TRAPS, A.FOOD, A.DIG), (A.TRAPS, A.FOOD, A.DIG)], dummy=[A.TRAPS, A.TRAPS])
    assert state.board[A.TRAPS.index] == (2, 3, 0)
    assert state.players[1].played[0].slot is None
    assert state.players[1].played[0].outcome is Outcome.NOT_CARRIED_OUT


# --- PAL: the paladin -------------------------------------------------------------------


def test_PAL_8_holder_drops_and_two_tied_lords_last_in_player_order() -> None:
    """PAL-7, PAL-8: the first player is seat 1 (player order 1, 2, 3, 0). Seat 3
    holds the paladin at 12; seats 0 and 2 stand at 11. Seat 3 drops to 11: a
    tie never moves him. It drops to 10: seats 2 and 0 are now both strictly
    higher, and he goes to seat 0, the last of them in player order (seat
    order would have chosen seat 2)."""
    state = setup_game(4)
    lords = tuple(attrs.evolve(p, evil=e) for p, e in zip(state.players, (11, 5, 11, 12)))
    state = attrs.evolve(state, players=lords, first_player=1, paladin=3)
    state = move_evil(state, 3, -1)
    assert state.paladin == 3
    state = move_evil(state, 3, -1)
    assert state.players[3].evil == 10
    assert state.paladin == 0


def test_PAL_6_paladin_comes_to_the_first_lord_on_the_line() -> None:
    """PAL-6, PAL-5: nobody holds him; a lord at 9 paying 2 evil reaches the
    line at the first space and the paladin comes at once."""
    state = setup_game(4)
    state = attrs.evolve(state, players=(attrs.evolve(state.players[0], evil=9),) + state.players[1:])
    state = move_evil(state, 0, 2)
    assert state.players[0].evil == 11 and state.paladin == 0


def test_PAL_11_the_dummy_evil_marker_never_attracts_the_paladin() -> None:
    """PAL-11: with two players the dummy's marker may stand above the line;
    the paladin still only looks at the lords."""
    state = attrs.evolve(setup_game(2), dummy_evil=12)
    state = move_evil(state, 0, 1)
    assert state.paladin is None


def test_RES_8_two_evil_at_14_checks_the_paladin_after_the_one_real_step() -> None:
    """RES-8, PAL-5: at 14, a 2-evil cost moves the marker once (to 15) and
    stops; another lord's paladin at 14 moves to this lord, strictly higher."""
    state = setup_game(4)
    lords = tuple(attrs.evolve(p, evil=e) for p, e in zip(state.players, (14, 14, 5, 5)))
    state = attrs.evolve(state, players=lords, paladin=1)
    state = move_evil(state, 0, 2)
    assert state.players[0].evil == 15 and state.paladin == 0


# --- legal-move de-duplication -----------------------------------------------------------


def _same_effect_groups(state: GameState) -> list[list[Move]]:
    groups: dict[GameState, list[Move]] = defaultdict(list)
    for move in legal_moves(state):
        groups[apply(state, move)].append(move)
    return [g for g in groups.values() if len(g) > 1]


def test_no_two_legal_moves_are_equal_or_have_the_same_effect_in_resolution() -> None:
    """Legal moves are exact (LIB-1): in random resolutions no move is listed
    twice and no two listed moves lead to the same state."""
    for seed in range(3):
        rng = random.Random(seed)
        state = dlrules.new_game(4 - seed % 3, variant="first")
        while state.phase is not Phase.PRODUCTION:
            moves = legal_moves(state)
            assert len(moves) == len(set(moves))
            if state.phase is Phase.RESOLUTION:
                assert _same_effect_groups(state) == []
            if CHANCE in to_move(state):
                state = apply(state, sample_chance(state, rng))
            else:
                seat = min(to_move(state))
                mine = [m for m in moves if m.seat == seat]
                state = apply(state, mine[rng.randrange(len(mine))])


def _seen(positions: dict[int, str]) -> Tweak:
    """Seat 0 has already looked at the combat cards at ``positions``."""

    def tweak(s: GameState) -> GameState:
        deck = s.decks.combat
        combat = list(s.combat)
        for position, card in positions.items():
            deck = deck.without(card)
            combat[position] = card
        spied = (tuple(sorted(positions)),) + s.spied[1:]
        return attrs.evolve(s, decks=attrs.evolve(s.decks, combat=deck), combat=tuple(combat), spied=spied)

    return tweak


def test_ACT_REP_3_LIB_REV_1_a_look_at_a_card_already_seen_is_listed_once() -> None:
    """ACT-REP-3, LIB-REV-1: seat 0 has seen the cards at positions 1 and 3.
    It may look at 0 or 2 (new) or again at a seen one; looking again at 1 or
    at 3 changes nothing either way, so that look is one move, Spy(1), and
    Spy(3) is refused with a pointer to it."""
    state = _on(REP, 0, also=_seen({1: "magic-shield", 3: "word-of-peace"}))
    assert {m.position for m in legal_moves(state) if isinstance(m, Spy)} == {0, 1, 2}
    refused = check(state, Spy(0, 3))
    assert [v.rule for v in refused] == ["ACT-REP-3"]
    assert "spy on card 2" in refused[0].message  # position 1, counted from 1 for people (LIB-TV-2)
    after = apply(state, Spy(0, 1))
    assert to_move(after) == {CHANCE} and legal_moves(after) == (Draw("combat", "magic-shield"),)  # LIB-CMB-3: certain
    after = apply(after, Draw("combat", "magic-shield"))
    assert after.spied[0] == (1, 3) and after.players[0].evil == 4
    assert outcome_of(after, 0, REP) is Outcome.CARRIED_OUT


def test_ACT_MON_2_LIB_REV_2_the_demon_names_the_first_of_two_alike_monsters() -> None:
    """ACT-MON-2, LIB-REV-2: the Demon costs another monster. Of two goblins,
    either leaving has the same effect: the first one is named (index 0), the
    witch (1) may be named, the second goblin (2) is refused with a pointer."""
    demon = tweaks(
        lambda s: attrs.evolve(s, tavern=("demon", "goblin", "slime")),
        player(0, monsters=(Monster("goblin"), Monster("witch"), Monster("goblin"))),
    )
    state = _on(MONSTER, 2, also=demon)
    assert {m.dismiss for m in legal_moves(state) if isinstance(m, HireMonster) and m.monster == "demon"} == {0, 1}
    refused = check(state, HireMonster(0, "demon", 2))
    assert [v.rule for v in refused] == ["ACT-MON-2"]
    assert "name the first, 1" in refused[0].message  # monster 0, counted from 1 (LIB-TV-2)
    after = apply(state, HireMonster(0, "demon", 0))
    assert [m.kind for m in after.players[0].monsters] == ["witch", "goblin", "demon"]


# --- RUL-8: the dummies' deal --------------------------------------------------------


def test_RUL_8_a_wrong_deal_to_a_dummy_cites_RUL_8_with_the_numbers() -> None:
    """RUL-8: once the players are dealt, chance deals the dummy 3 of the 8
    orders; a deal of 2 is refused citing RUL-8 (not the players' RUL-13)."""
    state = dlrules.new_game(3)
    for seat in range(3):
        state = apply(state, dlrules.DealOrders(seat, (A.FOOD, A.DIG, A.MINE)))
    refused = check(state, dlrules.DealOrders(3, (A.FOOD, A.DIG)))
    assert [v.rule for v in refused] == ["RUL-8"]
    assert "dummy 4 3 different orders of the 8" in refused[0].message


# --- ACT-TRAP-1, RES-6: the trap deck cannot fill the slot's draw ------------------------


def test_ACT_TRAP_1_a_slot_the_deck_cannot_fill_cannot_be_taken() -> None:
    """ACT-TRAP-1, RES-6 (retires LIB-RES-5): Buy Traps III pays 2 gold for 2
    cards, but the deck holds one: the slot never sells part of its reward,
    so it cannot be taken; the player declines (RES-3), not carried out."""
    one_left = lambda s: attrs.evolve(s, decks=attrs.evolve(s.decks, traps=Deck.of({"pendulum": 1})))  # noqa: E731
    state = _on(TRAPS, 2, also=one_left)
    assert legal_moves(state) == (dlrules.Decline(0),)
    refused = check(state, TakeAction(0))
    assert [v.rule for v in refused] == ["ACT-TRAP-1"]
    assert "only 1 left" in refused[0].message
    gold = state.players[0].gold
    state = apply(state, dlrules.Decline(0))
    assert state.players[0].gold == gold and state.players[0].traps == ()
    assert state.decks.traps.size == 1
    assert outcome_of(state, 0, TRAPS) is Outcome.NOT_CARRIED_OUT


def test_ACT_TRAP_1_a_slot_the_deck_can_just_fill_is_taken() -> None:
    """ACT-TRAP-1: with exactly 2 cards left, Buy Traps III draws both."""
    two_left = lambda s: attrs.evolve(s, decks=attrs.evolve(s.decks, traps=Deck.of({"pendulum": 2})))  # noqa: E731
    state = apply(_on(TRAPS, 2, also=two_left), TakeAction(0))
    state = apply(apply(state, dlrules.Draw("traps", "pendulum")), dlrules.Draw("traps", "pendulum"))
    assert state.players[0].traps == ("pendulum", "pendulum") and state.decks.traps.size == 0
    assert outcome_of(state, 0, TRAPS) is Outcome.CARRIED_OUT


# --- rules with data only ----------------------------------------------------------------


def test_DUM2_1_two_dummy_colours_each_with_three_unavailable_orders() -> None:
    """DUM2-1, RUL-8: with two players, colours 3 and 4 are dummies, each dealt
    3 unavailable orders; DUM2-2: each real player is responsible for one."""
    state = dlrules.new_game(2)
    for _ in range(4):  # two players' deals, then the two dummies'
        state = apply(state, legal_moves(state)[0])
    assert [d.colour for d in state.dummies] == [2, 3]
    assert all(len(d.unavailable) == 3 and len(d.deck) == 5 for d in state.dummies)
    assert [d.responsible for d in state.dummies] == [0, 1]


def test_PAL_1_PAL_10_year_one_uses_the_weaker_paladin() -> None:
    """PAL-1, PAL-10 (COMPONENTS.md): one paladin a year; year 1's is the weaker."""
    from dlrules.components import PALADINS

    assert set(PALADINS) == {1, 2}
    assert PALADINS[1].hp < PALADINS[2].hp
    assert PALADINS[1].anti_trap < PALADINS[2].anti_trap


# --- E1 through to order return -------------------------------------------------------


def test_E1_P4_may_take_back_mine_gold_instead_of_dig() -> None:
    """E1 (ORD-4..6, RET-2, RUL-1): P4's Mine Gold minion stood on its card;
    P4 carries out Dig Tunnels and Get Food. At order return P4 may take back
    Dig Tunnels (its first order) or Mine Gold (not carried out), not Get Food."""
    e1 = {0: (MINE, FOOD, DIG), 1: (FOOD, MINE, IMPS), 2: (REP, MINE, TRAPS), 3: (DIG, FOOD, MINE)}
    state = at_resolution(e1)
    while state.phase is Phase.RESOLUTION:
        if CHANCE in to_move(state):
            state = apply(state, legal_moves(state)[0])
            continue
        (seat,) = to_move(state)
        moves = legal_moves(state)
        state = apply(state, moves[0] if seat == 3 and not isinstance(moves[-1], dlrules.FinishDigging) else moves[-1])
    assert [o.outcome for o in state.players[3].played] == [
        Outcome.CARRIED_OUT,
        Outcome.CARRIED_OUT,
        Outcome.NOT_CARRIED_OUT,
    ]
    while state.phase is Phase.PRODUCTION:
        (seat,) = to_move(state)
        state = apply(state, dlrules.FinishProduction(seat))
    assert state.phase is Phase.ORDER_RETURN
    while to_move(state) != frozenset({3}):
        state = apply(state, legal_moves(state)[0])
    assert set(legal_moves(state)) == {dlrules.ReturnOrder(3, DIG), dlrules.ReturnOrder(3, MINE)}
    assert [v.rule for v in check(state, dlrules.ReturnOrder(3, FOOD))] == ["RET-2"]
