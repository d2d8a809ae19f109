"""Second review of combat against the rulebook (issue 12): each test is a
discrepancy found, as a position, a move and the outcome the rules give."""

from __future__ import annotations

from fractions import Fraction

from dlrules import CHANCE, apply, legal_moves, to_move
from dlrules.core.chance import chance_outcomes
from dlrules.core.moves import Attack, ChooseTrap, DiscardTrap, Draw, PlanDefence, Target
from dlrules.core.phases.combat import party

from combat_positions import COLUMN, damage, play, play_with_events, position, refused, tunnels

W5 = "y1-warrior-5"
E = COLUMN[0]
FIREBALL_FIRST = ("fireball", "graffiti", "detect-evil", "invisibility")


def test_CMB_EOR_2_LIB_RC_1_a_poisoned_paladin_who_moved_on_takes_his_2_at_the_end_of_the_round() -> None:
    """Player 1's Poisoned Dart hits the paladin (its 1 cancelled by his
    icons); Player 1's conquest drops him to 10 evil, Player 2 (11) is now
    strictly higher, so the paladin moves at once (PAL-7). The dart's 2 come
    at the end of the round (CMB-EOR-1, revision 3), so he first fights Player
    2's battle at the head of that party and takes its fatigue (2 + 1 + 1 = 4
    of his 5 hit points); then, after the round's last battle, the 2 land in
    the dungeon he is in (CMB-EOR-2) and he goes to Player 2's prison (CMB-8).
    Player 2's warrior takes nothing. (Before revision 3 the 2 fell at the end
    of Player 1's battle and the fatigue of Player 2's battle hit his warrior.)"""
    state = position({0: [W5], 1: [W5]}, paladin=0, paladin_damage=2, traps={0: ["poisoned-dart"]},
                     evil={0: 11, 1: 11}, cards=FIREBALL_FIRST, first=0)
    state = play(state, PlanDefence(0, E, ("poisoned-dart",)), PlanDefence(1, E))
    assert party(state, 0)[0].key == "paladin-1"
    state, said = play_with_events(state, Target(0, 0))
    texts = [e.text for e in said]
    fatigue_in_p2 = texts.index("Fatigue: 1 on the paladin (HP 5) in position 1 (Player 2's dungeon).")
    poison = texts.index("The Poisoned Dart's later damage, at the end of the round: 2 on the paladin (HP 5) in position 1 (Player 2's dungeon).")
    assert texts.index("Battle in Player 2's dungeon at C1.") < fatigue_in_p2 < poison
    assert state.players[0].evil == 10 and state.players[1].evil == 10
    assert "paladin-1" in state.players[1].prison and state.paladin is None
    assert damage(state, 1) == [0]  # Player 2's warrior: the paladin took that battle's fatigue


def test_CMB_MON_9_M_5_the_witchs_second_small_attack_is_refused_as_the_witchs() -> None:
    """A refusal of the Witch's second target cites the Witch (M-5), not a dart."""
    state = position({0: [W5, W5]}, monsters={0: ["witch"]}, cards=FIREBALL_FIRST)
    state = play(state, PlanDefence(0, E, (), (0,)), Attack(0, 0, 1, 1))
    assert set(legal_moves(state)) == {Target(0, 0), Target(0, 1)}
    assert refused(state, Target(0, 4)) == ["CMB-MON-9"]


def test_U_12_C1_3_the_magic_shield_absorbs_the_first_point_after_it_is_cast() -> None:
    """The Pendulum's 3 (trap step) fall before the fast spell; the shield then
    takes the first point of the Goblin's 2; fatigue 1 lands in full."""
    cards = ("magic-shield", "graffiti", "detect-evil", "fireball")
    state = position({0: [W5, "y1-wizard-4-2"]}, monsters={0: ["goblin"]}, traps={0: ["pendulum"]}, cards=cards)
    state = play(state, PlanDefence(0, E, ("pendulum",), (0,)))
    assert damage(state, 0) == [1 + 1, 3]


def test_U_13_C1_4_an_invisible_wizard_takes_no_poison() -> None:
    """The Poisoned Dart's 1 falls in the trap step, before Invisibility; the
    dart's 2 at the end of the battle would eliminate him (3 hit points) but
    an invisible wizard takes no damage of any kind this round."""
    cards = ("invisibility", "graffiti", "detect-evil", "fireball")
    state = position({0: [W5, "y1-wizard-3-1"]}, traps={0: ["poisoned-dart"]}, cards=cards)
    state = play(state, PlanDefence(0, E, ("poisoned-dart",)), Target(0, 1))
    assert damage(state, 0) == [0, 1] and state.players[0].prison == ()


def test_C1_5_fireball_is_cast_and_does_nothing_but_its_fatigue() -> None:
    state = position({0: [W5, "y1-wizard-4-2"]}, cards=FIREBALL_FIRST)
    before = state.players[0]
    state = play(state, PlanDefence(0, E))
    after = state.players[0]
    assert (after.gold, after.food, after.imps, after.traps) == (before.gold, before.food, before.imps, before.traps)
    assert damage(state, 0) == [1, 0] and after.evil == before.evil - 1


def test_LIB_RC_2_CMB_TRAP_2_two_alike_labyrinth_traps_are_still_asked() -> None:
    """Being asked the Labyrinth's order must not tell the table whether the
    two face-down traps are alike (CMB-PLAN-9, CMB-REF-6)."""
    lab = tunnels(rooms={E: "labyrinth"})
    state = position({0: [W5, W5]}, traps={0: ["pendulum", "pendulum"]}, dungeons={0: lab}, cards=FIREBALL_FIRST)
    state = play(state, PlanDefence(0, E, ("pendulum", "pendulum")))
    assert to_move(state) == frozenset({0}) and legal_moves(state) == (ChooseTrap(0, "pendulum"),)
    state = play(state, ChooseTrap(0, "pendulum"))
    # both pendulums hit the second warrior (3 + 3 >= 5: prison); fatigue 1 on the first
    assert damage(state, 0) == [1] and state.players[0].prison == (W5,)


def test_LIB_RC_2_C1_6_detect_treasure_asks_even_with_one_kind_of_card() -> None:
    """Whether Detect Treasure asks must not tell the table that the
    defender's hidden trap cards are all of one kind."""
    cards = ("detect-treasure", "graffiti", "fireball", "detect-evil")
    state = position({0: [W5, "y1-wizard-4-2"]}, traps={0: ["pendulum"]}, cards=cards, gold=0, spare="pendulum")
    state = play(state, PlanDefence(0, E))
    assert to_move(state) == frozenset({0}) and legal_moves(state) == (DiscardTrap(0, "pendulum"),)
    state = play(state, DiscardTrap(0, "pendulum"))
    assert state.players[0].traps == ("pendulum",)


def test_LIB_RC_3_CMB_REF_3_the_reveal_is_a_chance_turn_whether_or_not_someone_spied_the_card() -> None:
    """Whether the round's card was identified (by a spy whose position the
    others do not see, LIB-CMB-3) must not show in who is to move: the reveal
    is always a chance turn; an identified card is its one certain outcome."""
    spied = position({0: [W5]}, cards=FIREBALL_FIRST)
    unseen = position({0: [W5]}, cards=(None, "graffiti", "detect-evil", "invisibility"))
    spied, unseen = apply(spied, PlanDefence(0, E)), apply(unseen, PlanDefence(0, E))
    assert to_move(spied) == to_move(unseen) == frozenset({CHANCE})
    assert chance_outcomes(spied) == ((Draw("combat", "fireball"), Fraction(1)),)
    assert refused(spied, Draw("combat", "graffiti")) == ["CMB-REF-3"]
    assert len(chance_outcomes(unseen)) > 1
    state = apply(spied, Draw("combat", "fireball"))
    assert damage(state, 0) == [1] and state.decks.combat == spied.decks.combat  # the deck already lacked it


def test_LIB_RC_2_LIB_CMB_1_a_plan_is_asked_while_he_holds_trap_cards() -> None:
    """A Cursed Ring he cannot pay for (1 gold, he has none) leaves one legal
    plan; he is asked all the same, or the table would learn that his face-down
    card is one he cannot afford (a Pendulum would have given him a choice)."""
    state = position({0: [W5]}, traps={0: ["cursed-ring"]}, gold=0, spare=None)
    assert to_move(state) == frozenset({0}) and legal_moves(state) == (PlanDefence(0, E),)
    assert refused(state, PlanDefence(0, E, ("cursed-ring",))) == ["CMB-PLAN-6"]
