"""A second reading of year 2 and final scoring against the rulebook
(issue 13, reviewy2): positions, a step, the outcome the rulebook gives."""

from __future__ import annotations

import random

import attrs
from combat_positions import COLUMN, damage, play, position
from res_positions import DIG, FOOD, MONSTER, REP, decline_until, tweaks
from res_positions import at_resolution as res_at_resolution
from res_positions import player as res_player
from test_year2_building import into_year_two

import dlrules
from dlrules import ActivateRoom, DiscardTrap, HireMonster, apply, legal_moves, sample_chance, to_move
from dlrules.components import MONSTERS
from dlrules.core.moves import Attack, PlanDefence, Target
from dlrules.core.phases.combat import party
from dlrules.core.phases.common import turn_seat
from dlrules.display.render import describe, paladin_whereabouts
from dlrules.core.state import CHANCE, GameState, Monster, Phase
from dlrules.display.svg import board

from year_helpers import dungeon, player, step


def _game(players: int = 2) -> GameState:
    return dlrules.new_game(players)


def test_PAL_1_CMB_END_2_a_surviving_paladin_is_shown_gone_not_waiting() -> None:
    """After combat a paladin who survived is in the Distant Lands (CMB-END-2);
    the position must not say he still waits in his tent (LIB-RY-1)."""
    state = attrs.evolve(_game(), far_lands=("paladin-1",), paladin=None)
    assert paladin_whereabouts(state) == "paladin gone to the Distant Lands"
    assert "paladin gone to the Distant Lands" in describe(state)
    assert "paladin waits" not in describe(state)


def test_SCO_1d_an_imprisoned_paladin_is_shown_in_his_prison() -> None:
    """The paladin eliminated in P2's dungeon sits in P2's prison (SCO-1d, LIB-RY-1)."""
    state = _game()
    p2 = attrs.evolve(state.players[1], prison=("paladin-1",))
    state = attrs.evolve(state, players=(state.players[0], p2), paladin=None)
    assert paladin_whereabouts(state) == "paladin in P2's prison"


def test_PAL_1_a_paladin_nobody_attracted_still_waits() -> None:
    assert paladin_whereabouts(_game()) == "paladin waits"


def test_Y2_9_year_two_shows_the_gold_paladin_not_year_ones() -> None:
    """Y2-9: year 1's paladin in a prison does not make year 2's look taken."""
    state = _game()
    p1 = attrs.evolve(state.players[0], prison=("paladin-1",))
    state = attrs.evolve(state, year=2, players=(p1, state.players[1]), paladin=None)
    assert paladin_whereabouts(state) == "paladin waits"


def test_LIB_RY_1_the_picture_says_the_paladin_is_gone_too() -> None:
    state = attrs.evolve(_game(), far_lands=("paladin-1",), paladin=None)
    picture = board(state)
    assert "the paladin is gone to the Distant Lands" in picture and "paladin (gone)" in picture
    assert "paladin (waiting)" in board(_game())


# --- Y2-20: the Demon's meal at hire; Y2-3: not for the Workshop --------------------------


def test_Y2_20_ACT_MON_5_a_troll_fed_to_the_demon_at_hire_takes_its_token_and_gives_no_evil() -> None:
    """A lord with a troll hires the Demon on Hire Monster III: the troll leaves
    for the Distant Lands with its token; the only Evil is the Demon's own cost
    (leaving as a payment is no dismissal, Y2-20)."""
    rich = tweaks(
        lambda s: attrs.evolve(s, year=2, tavern=("demon", "goblin", "slime")),
        res_player(2, gold=9, food=9, evil=3, monsters=(Monster("troll"),)),
    )
    orders = {s: (MONSTER, FOOD, REP) for s in range(3)}
    orders[3] = (FOOD, REP, DIG)
    state = decline_until(res_at_resolution(orders, tweak=rich), MONSTER, 2)
    hire = next(m for m in legal_moves(state) if isinstance(m, HireMonster) and m.monster == "demon")
    assert hire.dismiss == 0
    before = state.players[2]
    after = apply(state, hire)
    lord = after.players[2]
    assert [m.kind for m in lord.monsters] == ["demon"] and lord.trolls == 0  # the token goes with the troll
    assert after.far_lands[-1] == "troll"
    assert lord.evil - before.evil == MONSTERS["demon"].evil  # no +1 evil for the meal


def test_Y2_3_the_workshops_cards_in_year_two_need_no_discard() -> None:
    """Y2-3 applies to the Buy Traps action only: a year-2 Workshop used twice
    (Y2-2) gives two trap cards and asks for no discard."""
    state = into_year_two(lambda s: s.phase is Phase.PRODUCTION and turn_seat(s) is not None)
    seat = turn_seat(state)
    assert seat is not None
    state = player(state, seat, imps=8, busy_imps=0, foreimps=0, traps=(), rooms_used=(), dungeon=dungeon({(0, 0): "workshop"}))
    state = attrs.evolve(state)
    rng = random.Random(1)
    for _ in range(2):
        state = step(state, ActivateRoom(seat, (0, 0)))
        while CHANCE in to_move(state):
            state = apply(state, sample_chance(state, rng))
    assert len(state.players[seat].traps) == 2
    assert not any(isinstance(m, DiscardTrap) for m in legal_moves(state))
    assert state.phase is Phase.PRODUCTION and turn_seat(state) == seat


# --- combat cards the coverage listed as cited by no test (C1-5, U-12, U-13) -------------


_W5, _WIZARD = "y1-warrior-5", "y1-wizard-4-2"
_FRONT = COLUMN[0]


def test_C1_5_fireball_is_cast_and_does_nothing() -> None:
    """C1-5: a wizard with the magic casts Fireball in round 1; only the card's
    fatigue (1, on the first adventurer) is dealt."""
    cards = ("fireball", "graffiti", "detect-evil", "word-of-peace")
    state = position({0: [_W5, _WIZARD]}, cards=cards)
    state = play(state, PlanDefence(0, _FRONT))
    assert damage(state, 0) == [1, 0]


def test_U_13_an_invisible_wizard_takes_no_poisoned_dart_damage_at_the_end_of_the_round() -> None:
    """U-13: the dart's first point lands before the fast Invisibility is cast;
    its 2 at the end of the round (CMB-EOR-1) are lost on the invisible wizard."""
    cards = ("invisibility", "graffiti", "detect-evil", "word-of-peace")
    state = position({0: [_W5, _WIZARD]}, traps={0: ["poisoned-dart"]}, cards=cards)
    state = play(state, PlanDefence(0, _FRONT, ("poisoned-dart",)), Target(0, 1))
    assert [a.key for a in party(state, 0)] == [_W5, _WIZARD] and damage(state, 0) == [0, 1]


def test_U_12_magic_shield_absorbs_the_first_point_after_it_is_cast_front_first() -> None:
    """U-12: the trap's damage comes before the fast Magic Shield and is not
    absorbed; the slime's 1 on everyone then loses its first point, the
    front-most one."""
    cards = ("magic-shield", "graffiti", "detect-evil", "word-of-peace")
    state = position({0: [_W5, _WIZARD]}, traps={0: ["wall-of-fire"]}, monsters={0: ["slime"]}, cards=cards)
    state = play(state, PlanDefence(0, _FRONT, ("wall-of-fire",), (0,)), Attack(0, 0, 0))
    fire_wall = [1, 2]  # each 1, the last 1 more (T-1), before the shield
    slime = [0, 1]  # 1 on everyone, the front one's absorbed (U-12)
    fatigue = [1, 0]  # Magic Shield's card: 1 on the first
    assert damage(state, 0) == [f + s + t for f, s, t in zip(fire_wall, slime, fatigue)]
