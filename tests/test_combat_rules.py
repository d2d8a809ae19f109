"""Combat rules one by one (COMBAT.md CMB-*): positions set up for combat,
a move, the outcome or the refusal with its rule ID."""

from __future__ import annotations

from fractions import Fraction

import attrs

from dlrules import CHANCE, legal_moves, to_move
from dlrules.core.chance import chance_outcomes

from dlrules.core.moves import (
    Attack,
    ChooseTrap,
    DiscardTrap,
    Draw,
    PayMonster,
    PlanDefence,
    ReleasePrisoner,
    Target,
    Transform,
    WordOfPeace,
)
from dlrules.core.phases.combat import battle_tiles, hit_points, party
from dlrules.core.state import Adventurer, GameState, Phase
from dlrules.records.views import HIDDEN, view

from combat_positions import COLUMN, damage, play, play_with_events, position, refused, tunnels

W3, W4, W5 = "y1-warrior-3", "y1-warrior-4", "y1-warrior-5"
NO_FATIGUE = ("invisibility", "graffiti", "detect-evil", "word-of-peace")
E = COLUMN[0]


def conquered(state: GameState, seat: int = 0) -> int:
    return sum(t.conquered for t in state.players[seat].dungeon.tiles)


# --- order of play, cards, reveal ---------------------------------------------------------------


def test_CMB_4_CMB_BAT_1_battles_one_at_a_time_in_play_order() -> None:
    """CMB-BAT-1, CMB-REF-5: the starting player's battle first, each with its steps in order."""
    state = position({0: [W5], 1: [W5]}, first=1, cards=NO_FATIGUE)
    state = play(state, PlanDefence(1, E))
    state, said = play_with_events(state, PlanDefence(0, E))
    battles = [e.seat for e in said if e.code == "battle"]
    assert battles == [1, 0]
    codes = [e.code for e in said if e.seat == 1]
    assert codes.index("battle") < codes.index("conquest")


def test_CMB_REF_2_planning_player_by_player_and_out_of_turn_refused() -> None:
    """CMB-PLAN-8: from the starting player (the one who started fall)."""
    state = position({0: [W5], 1: [W5]}, first=1, cards=NO_FATIGUE)
    assert to_move(state) == frozenset({1})
    assert refused(state, PlanDefence(0, E)) == ["CMB-REF-2"]


def test_CMB_REV_1_CMB_REF_3_an_unseen_card_is_a_chance_draw_after_planning() -> None:
    """CMB-CARD-3, CMB-CARD-4: the card of round 1 is turned when everyone has planned;
    nobody identified it, so it is uniform over the year's unseen cards."""
    state = position({0: [W5]}, cards=(None, None, None, None))
    state = play(state, PlanDefence(0, E))
    assert to_move(state) == frozenset({CHANCE})
    outcomes = chance_outcomes(state)
    assert len(outcomes) == 9 and all(p == Fraction(1, 9) for _, p in outcomes)
    state = play(state, Draw("combat", "fireball"))
    assert state.combat[0] == "fireball" and state.fight.round == 2  # type: ignore[union-attr]


def test_CMB_CARD_7_a_spied_card_is_private_until_revealed() -> None:
    state = position({0: [W5], 1: [W5]}, cards=NO_FATIGUE)
    state = attrs.evolve(state, spied=((1,), ()))
    assert view(state, 0).state.combat[1] == "graffiti" and view(state, 1).state.combat[1] is None
    state = play(state, PlanDefence(0, E), PlanDefence(1, E))  # round 1 revealed
    assert view(state, 1).state.combat[0] == "invisibility" and view(state, 1).state.combat[1] is None


def test_CMB_PLAN_9_CMB_REF_6_planned_traps_are_hidden_until_they_go_off() -> None:
    state = position({0: [W5], 1: [W5]}, traps={0: ["pendulum"]}, monsters={0: ["goblin"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, E, ("pendulum",), (0,)))
    mine, theirs = view(state, 0).state.fight, view(state, 1).state.fight
    assert mine.plans[0].traps == ("pendulum",) and theirs.plans[0].traps == (HIDDEN,)  # type: ignore[union-attr]
    assert theirs.plans[0].monsters == (0,) and theirs.plans[0].tile == E  # type: ignore[union-attr]


# --- planning ----------------------------------------------------------------------------------------


def test_CMB_2_CMB_PLAN_2_the_nearest_unconquered_tiles_by_walking() -> None:
    dungeon = tunnels((0, 2), (0, 3), (1, 3), (1, 2))
    state = position({0: [W5]}, dungeons={0: dungeon})
    assert refused(state, PlanDefence(0, (1, 3))) == ["CMB-2"]
    conquered_entrance = tunnels((0, 2), (0, 3), (1, 3), (1, 2))
    tiles = tuple(attrs.evolve(t, conquered=t.square == (0, 2)) for t in conquered_entrance.tiles)
    assert battle_tiles(attrs.evolve(conquered_entrance, tiles=tiles)) == ((0, 3), (1, 2))


def test_CMB_PLAN_4_an_unconnected_tile_comes_last() -> None:
    dungeon = tunnels((0, 2), (3, 0))
    tiles = tuple(attrs.evolve(t, conquered=t.square == (0, 2)) for t in dungeon.tiles)
    assert battle_tiles(attrs.evolve(dungeon, tiles=tiles)) == ((3, 0),)


def test_CMB_3_defence_limits_of_a_tunnel() -> None:
    state = position({0: [W5]}, monsters={0: ["goblin", "troll", "ghost", "ghost"]}, traps={0: ["pendulum"]})
    assert refused(state, PlanDefence(0, E, (), (0, 1))) == ["CMB-3"]
    assert refused(state, PlanDefence(0, E, ("kamikaze-imp", "pendulum"))) == ["CMB-3"]
    assert PlanDefence(0, E, ("pendulum",), (0, 2, 3)) in legal_moves(state)  # ghosts are not monsters


def test_CMB_PLAN_5_knocked_out_monsters_and_cards_not_held_cannot_be_sent() -> None:
    state = position({0: [W5]}, monsters={0: ["goblin"]})
    assert refused(state, PlanDefence(0, E, ("rolling-stone",))) == ["CMB-PLAN-5"]
    p = state.players[0]
    state = attrs.evolve(state, players=(attrs.evolve(p, monsters=(attrs.evolve(p.monsters[0], ready=False),)), *state.players[1:]))
    assert refused(state, PlanDefence(0, E, (), (0,))) == ["CMB-PLAN-5"]


def test_CMB_PLAN_6_only_traps_he_can_pay_for_surcharge_included() -> None:
    room = tunnels(rooms={E: "mint"})
    state = position({0: [W5]}, traps={0: ["cursed-ring"]}, dungeons={0: room}, gold=1)
    assert refused(state, PlanDefence(0, E, ("cursed-ring",))) == ["CMB-PLAN-6"]  # 1 gold + 1 surcharge
    state = play(state, PlanDefence(0, E, ("kamikaze-imp",)))
    assert state.players[0].imps == 2 and state.players[0].gold == 0


def test_CMB_PLAN_5_CMB_PLAN_6_a_plan_puts_gold_only_on_trap_cards() -> None:
    """CMB-PLAN-6: the room's gold goes on each trap card played; with none
    played the lord keeps his gold and his cards, whatever he sends."""
    room = tunnels(rooms={E: "mint"})
    state = position({0: [W5], 1: [W5]}, traps={0: ["pendulum"]}, monsters={0: ["goblin"]}, dungeons={0: room}, gold=3)
    kept = play(state, PlanDefence(0, E, (), (0,)))
    assert kept.players[0] == state.players[0]
    assert kept.fight.plans[0].gold == 0 and kept.fight.plans[0].monsters == (0,)  # type: ignore[union-attr]
    paid = play(state, PlanDefence(0, E, ("pendulum",), (0,)))
    assert paid.players[0].gold == 2 and "pendulum" not in paid.players[0].traps
    assert len(paid.players[0].traps) == len(state.players[0].traps) - 1
    assert paid.fight.plans[0].gold == 1 and paid.fight.plans[0].traps == ("pendulum",)  # type: ignore[union-attr]


def test_CMB_PLAN_1_CMB_END_3_no_unconquered_tile_releases_a_prisoner() -> None:
    dungeon = tunnels((0, 2))
    dungeon = attrs.evolve(dungeon, tiles=tuple(attrs.evolve(t, conquered=True) for t in dungeon.tiles))
    state = position({0: [W5]}, dungeons={0: dungeon}, prisons={0: [W3, "y1-thief-3-1"]})
    assert set(legal_moves(state)) == {ReleasePrisoner(0, 0), ReleasePrisoner(0, 1)}
    assert refused(state, PlanDefence(0, E)) == ["CMB-END-3"]
    state, said = play_with_events(state, ReleasePrisoner(0, 1))
    # round 2 releases the last one by itself (one choice, LIB-CMB-1); no battle is ever fought (CMB-BAT-1)
    # then the change of year: the year-1 paladin nobody attracted follows them (Y2-9)
    assert state.players[0].prison == () and state.far_lands[-4:] == ("y1-thief-3-1", W3, W5, "paladin-1")
    assert not any(e.code == "battle" for e in said) and (state.year, state.phase) == (2, Phase.ROUND_START)


# --- traps --------------------------------------------------------------------------------------------


def test_CMB_TRAP_2_CMB_TRAP_4_labyrinth_two_traps_in_his_order_icons_used_up() -> None:
    """R-3: no surcharge; the second trap is reduced only by the icons left over."""
    lab = tunnels(rooms={E: "labyrinth"})
    party_ = [W5, "y1-thief-4-2"]
    state = position({0: party_}, traps={0: ["rolling-stone", "wall-of-fire"]}, dungeons={0: lab}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, E, ("rolling-stone", "wall-of-fire")))
    assert set(legal_moves(state)) == {ChooseTrap(0, "rolling-stone"), ChooseTrap(0, "wall-of-fire")}
    state = play(state, ChooseTrap(0, "wall-of-fire"))
    # wall: listed 1, 2; the 2 icons cancel the warrior's 1 and 1 of the thief's; stone: 3, no icon left
    assert damage(state, 0) == [3, 1] and state.players[0].gold == 5


def test_CMB_TRAP_6_CMB_EOR_1_poisoned_dart_two_more_at_the_end_unreduced() -> None:
    """CMB-EOR-1 (LIB-CMB-6): at the end of the round, after the Conquering step."""
    state = position({0: ["y1-thief-3-2", W5]}, traps={0: ["poisoned-dart"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, E, ("poisoned-dart",)))
    assert set(legal_moves(state)) == {Target(0, 0), Target(0, 1)}
    state = play(state, Target(0, 1))
    assert damage(state, 0) == [0, 2]  # the 1 cancelled by 2 icons; the 2 never reduced


def test_CMB_TRAP_7_U_7_the_pendulum_with_no_second_adventurer() -> None:
    state = position({0: [W5]}, traps={0: ["pendulum"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, E, ("pendulum",)))
    assert damage(state, 0) == [0]


def test_CMB_TRAP_8_a_trap_that_went_off_is_out_of_the_game() -> None:
    state = position({0: [W5]}, traps={0: ["pendulum"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, E, ("pendulum",)))
    # SETUP-3: face down on the trap discard pile, never the Distant Lands
    assert state.trap_discard == ("pendulum",) and "pendulum" not in state.players[0].traps
    assert "pendulum" not in state.far_lands


def test_CMB_TRAP_9_CMB_BAT_3_CMB_MON_8_a_battle_that_stops_early() -> None:
    """The first Labyrinth trap eliminates everyone: the second comes back unpaid,
    the monster sent is knocked out all the same (U-8)."""
    lab = tunnels(rooms={E: "labyrinth"})
    state = position(
        {0: [W3], 1: [W5]}, traps={0: ["rolling-stone", "cursed-ring"]}, monsters={0: ["goblin"]}, dungeons={0: lab}, gold=1
    )
    state = play(state, PlanDefence(0, E, ("cursed-ring", "rolling-stone"), (0,)), PlanDefence(1, E))
    state = play(state, ChooseTrap(0, "rolling-stone"))
    p = state.players[0]
    assert "cursed-ring" in p.traps and p.gold == 1 and p.prison == (W3,)
    assert not p.monsters[0].ready  # sent, never acted, knocked out all the same
    assert to_move(state) == frozenset({1})  # round 2: Player 1 has nobody left (CMB-END-1)


# --- spells -------------------------------------------------------------------------------------------


def test_CMB_SPELL_3_an_anti_magic_dart_on_a_wizard_stops_every_spell() -> None:
    cards = ("detect-evil", "graffiti", "fireball", "word-of-peace")
    state = position({0: [W5, "y1-wizard-4-2"]}, traps={0: ["anti-magic-dart"]}, cards=cards)
    state = play(state, PlanDefence(0, E, ("anti-magic-dart",)), Target(0, 1))
    assert state.players[0].evil == 5 - 1  # Detect Evil not cast; the conquest


def test_CMB_SPELL_2_R_4_the_anti_magic_room_casts_nothing() -> None:
    cards = ("detect-evil", "graffiti", "fireball", "word-of-peace")
    room = tunnels(rooms={E: "anti-magic-room"})
    state = position({0: [W5, "y1-wizard-4-2"]}, dungeons={0: room}, cards=cards)
    state = play(state, PlanDefence(0, E))
    assert state.players[0].evil == 5 - 1


def test_CMB_SPELL_5_CMB_SPELL_6_word_of_peace_withdraws_monsters_not_ghosts() -> None:
    cards = ("word-of-peace", "graffiti", "fireball", "detect-evil")
    state = position({0: [W5, "y1-wizard-4-2"]}, monsters={0: ["goblin", "ghost"]}, cards=cards)
    state = play(state, PlanDefence(0, E, (), (0, 1)))
    assert set(legal_moves(state)) == {WordOfPeace(0, True), WordOfPeace(0, False)}
    state = play(state, WordOfPeace(0, True))  # the ghost stays: its one target is automatic
    monsters = state.players[0].monsters
    assert monsters[0].ready and not monsters[1].ready  # withdrawn goblin face up; the ghost acted
    assert damage(state, 0) == [2, 2]  # the ghost's 2 on the wizard; fatigue 2


def test_CMB_SPELL_7_word_of_peace_evil_is_a_gain() -> None:
    cards = ("word-of-peace", "graffiti", "fireball", "detect-evil")
    state = position({0: [W5, "y1-wizard-4-2"]}, cards=cards)
    state = play(state, PlanDefence(0, E), WordOfPeace(0, False))
    assert state.players[0].evil == 5 + 2 - 1


def test_CMB_SPELL_4_suggestion_pay_or_withdraw_monster_by_monster() -> None:
    cards = ("suggestion", "graffiti", "fireball", "detect-evil")
    state = position({0: [W5, "y1-wizard-4-2"]}, monsters={0: ["witch", "goblin"]}, dungeons={0: tunnels(rooms={E: "mint"})}, food=2)
    state = attrs.evolve(state, combat=cards)
    state = play(state, PlanDefence(0, E, (), (0, 1)))
    assert PayMonster(0, 0, True) in legal_moves(state)
    state = play(state, PayMonster(0, 0, True), PayMonster(0, 1, False))
    assert state.players[0].food == 1 and state.players[0].evil == 6  # the witch's 1 food + 1 evil
    assert legal_moves(state)[0] == Attack(0, 0, 0)  # only the witch is left to act


def test_CMB_SPELL_7_RES_10_a_suggestion_wage_with_evil_must_fit_in_the_full_game() -> None:
    """The witch's wage (1 food, 1 evil) is a cost: at the top of the evilometer
    the full game cannot pay it (RES-10), so the witch can only be withdrawn."""
    cards = ("suggestion", "graffiti", "fireball", "detect-evil")
    state = position({0: [W5, "y1-wizard-4-2"]}, monsters={0: ["witch", "goblin"]}, dungeons={0: tunnels(rooms={E: "mint"})},
                     food=2, evil={0: 15, 1: 5}, paladin=0)
    assert state.variant == "full"
    state = attrs.evolve(state, combat=cards)
    state = play(state, PlanDefence(0, E, (), (0, 1)))
    assert PayMonster(0, 0, True) not in legal_moves(state) and PayMonster(0, 0, False) in legal_moves(state)
    assert refused(state, PayMonster(0, 0, True)) == ["RES-10"]
    state = play(state, PayMonster(0, 0, False), PayMonster(0, 1, True))
    assert state.players[0].food == 1  # the goblin's wage; the witch was withdrawn unpaid


def test_CMB_SPELL_7_RES_8_the_first_game_pays_an_evil_wage_at_the_top() -> None:
    cards = ("suggestion", "graffiti", "fireball", "detect-evil")
    state = position({0: [W5, "y1-wizard-4-2"]}, monsters={0: ["witch"]}, food=2, evil={0: 15, 1: 5}, paladin=0)
    state = attrs.evolve(state, combat=cards, variant="first")
    state = play(state, PlanDefence(0, E, (), (0,)))
    assert PayMonster(0, 0, True) in legal_moves(state)


def test_C1_3_magic_shield_absorbs_the_first_point() -> None:
    cards = ("magic-shield", "graffiti", "fireball", "detect-evil")
    state = position({0: [W5, "y1-wizard-4-2"]}, monsters={0: ["goblin"]}, cards=cards)
    state = play(state, PlanDefence(0, E, (), (0,)))
    assert damage(state, 0) == [1 + 1, 0]  # goblin 2 - 1 absorbed; fatigue 1


def test_C1_4_invisibility_wizards_to_the_back_unharmed() -> None:
    state = position({0: ["y1-wizard-4-2", W5]}, monsters={0: ["slime"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, E, (), (0,)), Attack(0, 0, 0))
    assert [a.key for a in party(state, 0)] == [W5, "y1-wizard-4-2"] and damage(state, 0) == [1, 0]


def test_C1_6_detect_treasure_without_gold_or_food_takes_a_trap_card() -> None:
    cards = ("detect-treasure", "graffiti", "fireball", "detect-evil")
    state = position({0: [W5, "y1-wizard-4-2"]}, traps={0: ["pendulum"]}, cards=cards, gold=0)
    state = play(state, PlanDefence(0, E))
    assert set(legal_moves(state)) == {DiscardTrap(0, "pendulum"), DiscardTrap(0, "kamikaze-imp")}
    state = play(state, DiscardTrap(0, "pendulum"))
    assert state.players[0].traps == ("kamikaze-imp",)


# --- monsters ------------------------------------------------------------------------------------------


def test_CMB_MON_1_CMB_MON_2_order_and_options_are_chosen_as_they_act() -> None:
    room = tunnels(rooms={E: "mint"})
    state = position({0: [W5, W4]}, monsters={0: ["troll", "goblin"]}, dungeons={0: room}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, E, (), (0, 1)))
    assert set(legal_moves(state)) == {Attack(0, 0, 0), Attack(0, 1, 0)}  # no food: the fed troll is not offered
    assert refused(state, Attack(0, 0, 1)) == ["CMB-MON-2"]


def test_CMB_MON_3_CMB_MON_5_a_ghost_never_hits_the_first_and_cannot_face_one() -> None:
    state = position({0: [W5, W4]}, monsters={0: ["ghost"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, E, (), (0,)))
    assert damage(state, 0) == [0, 2]  # its one target is chosen automatically (LIB-CMB-1)
    state = position({0: [W5]}, monsters={0: ["ghost"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, E, (), (0,)))
    assert damage(state, 0) == [0] and not state.players[0].monsters[0].ready  # could not attack: knocked out


def test_CMB_MON_5_refusal_names_the_valid_targets() -> None:
    state = position({0: [W5, W4, W3]}, monsters={0: ["ghost"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, E, (), (0,)))
    assert refused(state, Attack(0, 0, 0, 0)) == ["CMB-MON-5"]


def test_CMB_MON_4_a_vampire_facing_only_priests_goes_back_face_up() -> None:
    state = position({0: ["y1-priest-4-1"]}, monsters={0: ["vampire"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, E, (), (0,)))
    assert state.players[0].monsters[0].ready and damage(state, 0) == [0]


def test_CMB_MON_6_the_slime_hold_is_no_attack_and_skips_conquest() -> None:
    state = position({0: [W5 + ":2", "y1-priest-4-1"]}, monsters={0: ["slime"]})
    state = play(state, PlanDefence(0, E, (), (0,)), Attack(0, 0, 1))
    assert damage(state, 0) == [2, 0] and conquered(state) == 0  # no healing, no fatigue, no conquest


def test_CMB_MON_7_R_1_the_training_room_adds_one_to_the_goblin_and_its_follow_up() -> None:
    room = tunnels(rooms={E: "training-room"})
    y2 = ("illusion", "magic-key", "blind-rage", "regeneration")
    state = position({0: [W3, W4]}, monsters={0: ["goblin"]}, dungeons={0: room}, cards=y2, year=2)
    state = play(state, PlanDefence(0, E, (), (0,)))
    assert state.players[0].prison == (W3,) and damage(state, 0) == [2 + 1]  # goblin 3, follow-up 2; fatigue 1


def test_R_2_the_dark_room_adds_one_to_the_witch() -> None:
    """CMB-ROOM-1: a combat room changes a battle fought on it."""
    room = tunnels(rooms={E: "dark-room"})
    state = position({0: [W5, W4]}, monsters={0: ["witch"]}, dungeons={0: room}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, E, (), (0,)), Attack(0, 0, 0))
    assert state.players[0].prison == (W5,)


def test_CMB_CONQ_4_a_conquered_room_loses_its_combat_function() -> None:
    """LIB-CMB-8: it is never a battle tile again."""
    room = tunnels(rooms={E: "dark-room"})
    dungeon = attrs.evolve(room, tiles=tuple(attrs.evolve(t, conquered=t.square == E) for t in room.tiles))
    assert battle_tiles(dungeon) == (COLUMN[1],)


# --- healing, conquest, the end -------------------------------------------------------------------------


def test_CMB_HEAL_1_a_dragon_stops_healing() -> None:
    y2 = ("magic-key", "blind-rage", "regeneration", "illusion")
    state = position({0: ["y2-warrior-8", "y2-priest-6-3"]}, monsters={0: ["dragon"]}, year=2, cards=y2)
    state = play(state, PlanDefence(0, E, (), (0,)))
    assert damage(state, 0) == [2 + 3, 2]  # 2 each, no healing, then 3 fatigue


def test_CMB_CONQ_1_CMB_CONQ_3_a_demon_skips_conquest_a_conquest_costs_one_evil() -> None:
    y2 = ("magic-key", "blind-rage", "regeneration", "illusion")
    state = position({0: ["y2-warrior-7", "y2-warrior-8"]}, monsters={0: ["demon"]}, year=2, cards=y2)
    state = play(state, PlanDefence(0, E, (), (0,)), Attack(0, 0, 0, 1))
    assert damage(state, 0) == [0, 7] and conquered(state) == 0 and state.players[0].evil == 5
    state = play(state, PlanDefence(0, E))
    assert conquered(state) == 1 and state.players[0].evil == 4


def test_year_2_golem_goes_back_face_up_and_the_rolling_stone_deals_4() -> None:
    """Y2-24 (year 2 fights as year 1, with its own cards and values), M-7; U-3: the year-2 Rolling Stone."""
    y2 = ("magic-key", "blind-rage", "regeneration", "illusion")
    state = position({0: ["y2-warrior-8", "y2-warrior-7"]}, monsters={0: ["golem"]}, traps={0: ["rolling-stone"]}, year=2, cards=y2)
    state = play(state, PlanDefence(0, E, ("rolling-stone",), (0,)))
    assert state.players[0].prison == ("y2-warrior-8",) and damage(state, 0) == [3]  # 4 + 4; fatigue 3
    assert state.players[0].monsters[0].ready


def test_C2_1_create_food_adds_a_hit_point_for_the_rest_of_combat() -> None:
    y2 = ("create-food", "blind-rage", "regeneration", "illusion")
    state = position({0: ["y2-warrior-5", "y2-wizard-4-2"]}, year=2, cards=y2)
    state = play(state, PlanDefence(0, E))
    first = party(state, 0)[0]
    assert first.food == 1 and hit_points(first) == 6 and first.damage == 3


def test_C2_3_metamorphosis_turns_a_monster_into_a_sheep() -> None:
    y2 = ("metamorphosis", "blind-rage", "regeneration", "illusion")
    state = position({0: ["y2-warrior-8", "y2-wizard-4-2"]}, monsters={0: ["golem", "goblin"]}, year=2, cards=y2,
                     dungeons={0: tunnels(rooms={E: "mint"})})
    state = play(state, PlanDefence(0, E, (), (0, 1)))
    assert set(legal_moves(state)) == {Transform(0, 0), Transform(0, 1)}
    state = play(state, Transform(0, 0))
    assert not state.players[0].monsters[0].ready  # a sheep golem ends knocked out


def test_CMB_9_CMB_END_2_CMB_END_4_survivors_leave_monsters_face_up_year_two_follows() -> None:
    state = position({0: [W5, W4]}, monsters={0: ["goblin"]}, cards=NO_FATIGUE, spare=None)
    state = play(state, PlanDefence(0, E, (), (0,)))  # rounds 2-4 have one plan each: automatic (LIB-CMB-1)
    assert W4 in state.far_lands and state.players[0].party == ()
    assert state.players[0].monsters[0].ready
    # CMB-END-4, Y2-16: the change of year runs by itself; year 2's winter starts, no combat move is taken
    assert (state.year, state.round, state.phase) == (2, 1, Phase.ROUND_START)
    assert refused(state, PlanDefence(0, E)) == ["RST-1"]


def test_CMB_END_1_a_party_with_nobody_left_fights_no_more() -> None:
    state = position({0: [W3], 1: [W5]}, traps={0: ["rolling-stone"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, E, ("rolling-stone",)), PlanDefence(1, E))
    assert to_move(state) == frozenset({1})  # round 2: only Player 2 plans


# --- the paladin -----------------------------------------------------------------------------------------


def test_CMB_PARTY_1_CMB_PAL_1_the_paladin_leads_and_keeps_his_damage() -> None:
    state = position({0: [W5]}, paladin=0, paladin_damage=1, traps={0: ["rolling-stone"]}, cards=NO_FATIGUE)
    assert party(state, 0)[0] == Adventurer("paladin-1", 1)
    state = play(state, PlanDefence(0, E, ("rolling-stone",)))
    assert damage(state, 0) == [1 + 1, 0]  # 3 - his 2 anti-trap icons


def test_CMB_PAL_3_CMB_PARTY_4_an_eliminated_paladin_never_moves_again() -> None:
    cards = ("detect-evil", "graffiti", "fireball", "invisibility")
    state = position({0: [W5], 1: [W5, "y1-wizard-4-2"]}, paladin=0, paladin_damage=4, traps={0: ["rolling-stone"]},
                     evil={0: 10, 1: 10}, cards=cards, first=0)
    state = play(state, PlanDefence(0, E, ("rolling-stone",)), PlanDefence(1, E))
    assert "paladin-1" in state.players[0].prison and state.paladin is None
    assert state.players[1].evil == 10 + 2 - 1  # Detect Evil in Player 2's battle: he does not come back


def test_CMB_PAL_2_CMB_END_5_the_paladin_leaves_before_a_planned_battle() -> None:
    """Player 2 (starting) casts Detect Evil and passes Player 1: the paladin,
    Player 1's only adventurer, moves at once; Player 1's planned battle never
    begins: the trap comes back with its gold (U-8)."""
    cards = ("detect-evil", "graffiti", "fireball", "invisibility")
    room = tunnels(rooms={E: "mint"})
    state = position({0: [], 1: [W5, "y1-wizard-4-2"]}, paladin=0, traps={0: ["pendulum"]}, dungeons={0: room},
                     evil={0: 11, 1: 10}, cards=cards, first=1, gold=1)
    state = play(state, PlanDefence(1, E), PlanDefence(0, E, ("pendulum",)))
    p = state.players[0]
    assert state.paladin == 1 and "pendulum" in p.traps and p.gold == 1
    assert party(state, 1)[0].key == "paladin-1"


def test_CMB_PARTY_3_the_paladin_is_no_priest_for_a_vampire_and_a_dart_on_him_does_nothing() -> None:
    cards = ("detect-evil", "graffiti", "fireball", "invisibility")
    state = position({0: ["y1-priest-4-1"]}, paladin=0, monsters={0: ["vampire"]}, traps={0: ["anti-magic-dart"]}, cards=cards)
    state = play(state, PlanDefence(0, E, ("anti-magic-dart",), (0,)), Target(0, 0))
    assert set(legal_moves(state)) == {Attack(0, 0, 0, 0), Attack(0, 0, 1, 0)}  # only the paladin, never the priest
    state = play(state, Attack(0, 0, 1, 0))
    # the dart's 1 was cancelled by his icons; the vampire's 2; 4 hearts heal him (the dart on him stops nothing)
    assert damage(state, 0)[0] == 0 + 2  # healed to 0, then fatigue 2
    assert state.players[0].evil == 5 + 2 - 1  # his crystals cast Detect Evil


def test_CMB_PARTY_6_one_effect_eliminates_together_front_first_to_prison() -> None:
    state = position({0: [W3 + ":2", "y1-thief-3-1:2", W5]}, monsters={0: ["slime"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, E, (), (0,)), Attack(0, 0, 0))
    assert state.players[0].prison == (W3, "y1-thief-3-1") and damage(state, 0) == [1]


def test_CMB_REF_4_CMB_EOR_3_a_target_is_asked_before_anything_else_then_the_next_round() -> None:
    state = position({0: [W5, W4]}, traps={0: ["poisoned-dart"]}, monsters={0: ["goblin"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, E, ("poisoned-dart",), (0,)))
    assert refused(state, Attack(0, 0, 0)) == ["CMB-REF-4"]
    state = play(state, Target(0, 0))
    assert state.fight.round == 2 and state.fight.stage == "plan"  # type: ignore[union-attr]


def test_LIB_CMB_2_one_spelling_of_each_plan() -> None:
    state = position({0: [W5]}, monsters={0: ["goblin", "goblin"]}, traps={0: ["pendulum"]})
    assert refused(state, PlanDefence(0, E, (), (1,))) == ["LIB-CMB-2"]  # name the first goblin
    assert refused(state, PlanDefence(0, E, ("pendulum", "kamikaze-imp"))) == ["CMB-3"]
    assert PlanDefence(0, E, (), (0,)) in legal_moves(state)


def test_CMB_CARD_1_CMB_CARD_2_the_year_stack_is_four_unseen_cards_of_nine() -> None:
    from dlrules import new_game
    from dlrules.components import COMBAT_DECKS

    state = new_game(3)
    assert state.combat == (None,) * 4 and dict(state.decks.combat.unseen) == COMBAT_DECKS[1]


def test_CMB_CARD_5_the_spell_is_cast_separately_in_each_battle() -> None:
    cards = ("detect-evil", "graffiti", "fireball", "invisibility")
    state = position({0: [W5, "y1-wizard-4-2"], 1: [W5, "y1-wizard-4-2"]}, cards=cards)
    state = play(state, PlanDefence(0, E), PlanDefence(1, E))
    assert [p.evil for p in state.players] == [5 + 2 - 1, 5 + 2 - 1]


def test_CMB_PARTY_2_CMB_PARTY_7_the_next_becomes_first_at_once_and_damage_stays() -> None:
    state = position({0: [W3, W4]}, monsters={0: ["goblin", "goblin"]}, dungeons={0: tunnels(rooms={E: "mint"})}, cards=NO_FATIGUE)
    # the first goblin's 2 leave the warrior(3) standing; the second's 2 eliminate
    # him and its follow-up of 1 hits the new first adventurer at once
    state = play(state, PlanDefence(0, E, (), (0, 1)))
    assert state.players[0].prison == (W3,) and damage(state, 0) == [1]
    state = play(state, PlanDefence(0, COLUMN[1]))
    assert damage(state, 0) == [1 + 2]  # round 2: fatigue 2 on top of the kept counter


def test_CMB_PLAN_7_the_trolls_food_is_paid_when_he_acts() -> None:
    state = position({0: [W5, W4]}, monsters={0: ["troll"]}, traps={0: ["poisoned-meal"]}, cards=NO_FATIGUE, food=1)
    state = play(state, PlanDefence(0, E, ("poisoned-meal",), (0,)))  # the meal takes the only food
    # the troll cannot be fed any more: his unfed 3 was the one option left (LIB-CMB-1)
    assert state.players[0].food == 0 and state.players[0].prison == (W5,) and damage(state, 0) == [3]


def test_CMB_PAL_4_CMB_PLAN_1_a_party_the_paladin_refills_plans_again() -> None:
    state = position({1: [W5]}, paladin=None, cards=NO_FATIGUE)
    assert to_move(state) == frozenset({1})  # Player 1 has nobody: not asked (CMB-PLAN-1)
    assert state.fight is not None
    state = attrs.evolve(state, paladin=0, fight=attrs.evolve(state.fight, position=0))  # he arrives, as after an evil change
    assert party(state, 0)[0].key == "paladin-1" and to_move(state) == frozenset({0})


def test_CMB_BAT_2_CMB_PAL_2_the_paladin_joins_a_battle_in_progress() -> None:
    """Detect Evil lifts the defender above the paladin's lord: he arrives at
    once, in front, for the steps still to come (he takes the fatigue)."""
    cards = ("detect-evil", "graffiti", "fireball", "invisibility")
    state = position({0: [W5, "y1-wizard-4-2"], 1: [W5]}, paladin=1, evil={0: 9, 1: 10}, cards=cards)
    state = play(state, PlanDefence(0, E), PlanDefence(1, E))
    assert state.paladin == 0 and party(state, 0)[0] == Adventurer("paladin-1", 2)
    assert damage(state, 0) == [2, 0, 0]


def test_CMB_EOR_1_the_poisoned_paladin_who_stays_takes_his_2_after_the_fatigue() -> None:
    """CMB-EOR-1 (LIB-CMB-6): the dart's 2 come at the end of the round, after
    the fatigue of the battle where it hit him."""
    cards = ("fireball", "graffiti", "detect-evil", "invisibility")
    state = position({0: [W5]}, paladin=0, traps={0: ["poisoned-dart"]}, cards=cards)
    state = play(state, PlanDefence(0, E, ("poisoned-dart",)), Target(0, 0))
    assert damage(state, 0) == [0 + 2 + 1, 0]  # dart 1 cancelled by his icons; 2 later; fatigue 1 on him first


def test_CMB_HEAL_3_U_1_regeneration_has_no_established_effect() -> None:
    y2 = ("regeneration", "blind-rage", "magic-key", "illusion")
    state = position({0: ["y2-warrior-8:2", "y2-wizard-4-2"]}, year=2, cards=y2)
    state, said = play_with_events(state, PlanDefence(0, E))
    assert any(e.code == "spell" and "Regeneration" in e.text for e in said)
    assert damage(state, 0)[0] == 2 + 3  # nothing healed; fatigue 3


def test_PAL_10_year_2_uses_the_stronger_paladin() -> None:
    """Table P: the year-2 paladin (8 HP, 3 of each icon) leads the year-2 party."""
    y2 = ("magic-key", "blind-rage", "regeneration", "illusion")
    state = position({0: ["y2-warrior-5"]}, paladin=0, traps={0: ["rolling-stone"]}, year=2, cards=y2)
    assert party(state, 0)[0].key == "paladin-2" and hit_points(party(state, 0)[0]) == 8
    state = play(state, PlanDefence(0, E, ("rolling-stone",)))
    assert damage(state, 0) == [1 + 3, 0]  # the year-2 stone's 4 less his 3 icons; fatigue 3


def test_C2_2_LIB_CMB_9_an_illusion_stands_first_and_vanishes() -> None:
    """Cast with 1 magic point in round 1: the illusion stands in front (of the
    paladin too); the goblin's 2 make it vanish, its follow-up hits the paladin."""
    y2 = ("illusion", "blind-rage", "regeneration", "magic-key")
    state = position({0: ["y2-wizard-4-2"]}, paladin=0, monsters={0: ["goblin"]}, year=2, cards=y2)
    state, said = play_with_events(state, PlanDefence(0, E, (), (0,)))
    assert any(e.code == "illusion" for e in said)
    assert [a.key for a in party(state, 0)] == ["paladin-2", "y2-wizard-4-2"]
    assert state.players[0].prison == () and damage(state, 0) == [1, 0]  # follow-up 1, healed by his hearts; fatigue 1


def test_LIB_CMB_9_an_illusion_alone_is_no_party() -> None:
    y2 = ("illusion", "blind-rage", "regeneration", "magic-key")
    state = position({0: ["y2-wizard-4-2"]}, traps={0: ["pendulum"]}, year=2, cards=y2)
    assert state.fight is not None
    p = state.players[0]
    alone = attrs.evolve(state, players=(attrs.evolve(p, party=(Adventurer("illusion"),)), *state.players[1:]))
    assert party(alone, 0) == ()
