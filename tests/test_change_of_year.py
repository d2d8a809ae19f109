"""The change of year (Y2-5 … Y2-16), on positions at the end of year 1's
combat built by hand (tests/year2_positions.py), so that it is tested
independently of how combat is played."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from dlrules import Decline, Draw, check, legal_moves, to_move, view
from dlrules.components import ADVENTURER_DECKS, COMBAT_DECKS, EVENT_DECK, MONSTER_DECKS, ROOM_DECKS
from dlrules.components.setup import EVIL_MIN, PALADIN_SPACE
from dlrules.core.engine import next_phase
from dlrules.core.phases.change_of_year import CHANGE_OF_YEAR, change_year
from dlrules.core.state import CHANCE, Adventurer, Deck, GameState, Monster, Phase

from year2_positions import at_year_one_combat, combat_over, end_of_year_one, year_two


@pytest.fixture(scope="module")
def end4() -> GameState:
    return end_of_year_one(4, seed=3)


def cards(deck: Deck) -> Counter[str]:
    return Counter(dict(deck.unseen)) + Counter(deck.bottom)


def test_Y2_7_the_phase_after_year_one_combat_is_the_change_of_year(end4: GameState) -> None:
    combat = attrs.evolve(end4, phase=Phase.COMBAT)
    assert next_phase(combat) is Phase.YEAR_TWO
    assert next_phase(attrs.evolve(combat, year=2)) is Phase.GAME_OVER  # Y2-25
    assert next_phase(end4) is Phase.ROUND_START  # Y2-16


def test_Y2_7_nobody_moves_during_the_change_of_year(end4: GameState) -> None:
    """LIB-Y2-2: a phase without decisions; a move is refused citing Y2-7."""
    assert to_move(end4) == frozenset() and legal_moves(end4) == ()
    (refusal,) = check(end4, Decline(0))
    assert refusal.rule == "Y2-7" and "change of year" in refusal.message


def test_Y2_7_steps_run_in_the_order_of_YEAR2_md() -> None:
    names = [f.__name__ for f in CHANGE_OF_YEAR]
    assert names == [
        "combat_cleaned_up", "combat_cards_to_year_two", "year_one_paladin_leaves", "year_two_decks",
        "dummy_marker_drops", "new_starting_player", "progress_to_winter", "paladin_check", "orders_kept",
    ]  # fmt: skip


def test_Y2_6_everything_a_player_has_carries_over(end4: GameState) -> None:
    after = change_year(end4)
    for before, now in zip(end4.players, after.players):
        assert now.dungeon == before.dungeon  # Y2-5: conquered tiles stay conquered
        assert (now.gold, now.food, now.imps, now.evil) == (before.gold, before.food, before.imps, before.evil)
        assert (now.traps, now.prison, now.damage_tokens) == (before.traps, before.prison, before.damage_tokens)
        assert (now.hand, now.unavailable) == (before.hand, before.unavailable)  # Y2-15
        assert [m.kind for m in now.monsters] == [m.kind for m in before.monsters]
    assert [d.unavailable for d in after.dummies] == [d.unavailable for d in end4.dummies]  # Y2-15 (L)
    assert any(t.conquered for p in after.players for t in p.dungeon.tiles)


def test_Y2_7_survivors_leave_and_monsters_are_face_up() -> None:
    state = at_year_one_combat(3, seed=5)
    sleepy = attrs.evolve(state.players[0], monsters=(Monster("goblin", ready=False), Monster("ghost", ready=False)))
    state = combat_over(attrs.evolve(state, players=(sleepy,) + state.players[1:]))
    stray = attrs.evolve(state.players[1], party=(Adventurer("y1-warrior-3", damage=2),))
    state = attrs.evolve(state, players=(state.players[0], stray, state.players[2]))
    after = change_year(state)
    assert all(m.ready for p in after.players for m in p.monsters)
    assert all(not p.party for p in after.players)
    assert after.far_lands.count("y1-warrior-3") == state.far_lands.count("y1-warrior-3") + 1


def test_Y2_8_year_one_combat_cards_to_the_box_year_two_cards_face_down(end4: GameState) -> None:
    """CMB-CARD-6 (used cards leave), LIB-Y2-1 (the box), LIB-Y2-8 (year 2's cards unseen, nobody has spied them)."""
    after = change_year(end4)
    assert Counter(c for c in after.box if c in COMBAT_DECKS[1]) == Counter(COMBAT_DECKS[1])
    assert after.combat == (None, None, None, None)
    assert cards(after.decks.combat) == Counter(COMBAT_DECKS[2])
    assert after.spied == ((), (), (), ())  # nobody has seen year 2's cards


def test_Y2_9_a_paladin_never_attracted_goes_to_the_distant_lands(end4: GameState) -> None:
    """LIB-Y2-7: in no prison and not in the Distant Lands: still in his tent."""
    calm = attrs.evolve(end4, players=tuple(attrs.evolve(p, prison=tuple(k for k in p.prison if k != "paladin-1")) for p in end4.players))
    after = change_year(calm)
    assert after.far_lands.count("paladin-1") == 1
    assert not any("paladin-1" in p.prison for p in after.players)


def test_Y2_9_an_imprisoned_year_one_paladin_stays_in_prison() -> None:
    state = end_of_year_one(4, seed=3)
    jailed = attrs.evolve(state.players[2], prison=state.players[2].prison + ("paladin-1",))
    state = attrs.evolve(state, players=state.players[:2] + (jailed,) + state.players[3:])
    after = change_year(state)
    assert "paladin-1" in after.players[2].prison and "paladin-1" not in after.far_lands


def test_Y2_10_gold_backed_decks_and_the_trap_deck_goes_on(end4: GameState) -> None:
    after = change_year(end4)
    assert cards(after.decks.monsters) == Counter(MONSTER_DECKS[2])
    assert cards(after.decks.rooms) == Counter(ROOM_DECKS[2])
    assert cards(after.decks.adventurers) == Counter(ADVENTURER_DECKS[2])
    assert after.decks.traps == end4.decks.traps
    left = cards(end4.decks.adventurers) + cards(end4.decks.monsters) + cards(end4.decks.rooms)
    assert left  # silver adventurers are left over: never drawn, out of the game
    assert Counter(after.box) == Counter(COMBAT_DECKS[1]) + left  # the box: year 1's combat cards and those tiles
    assert not set(ADVENTURER_DECKS[1]) & set(cards(after.decks.adventurers))


@pytest.mark.parametrize(("evil", "dropped"), [(9, 7), (2, EVIL_MIN.value), (EVIL_MIN.value, EVIL_MIN.value)])
def test_Y2_11_two_players_the_dummy_marker_drops_two_spaces(evil: int, dropped: int) -> None:
    state = end_of_year_one(2, seed=7, dummy_evil=evil)
    assert change_year(state).dummy_evil == dropped


def test_Y2_11_no_dummy_marker_with_three_players() -> None:
    assert change_year(end_of_year_one(3, seed=7)).dummy_evil is None


@pytest.mark.parametrize(("players", "winter", "year_two_first"), [
    (4, 0, 2), (4, 1, 3), (4, 3, 1),  # the player opposite year 1's first (S + 2)
    (3, 0, 1), (3, 2, 0),  # who started year 1's spring (S + 1)
    (2, 0, 1), (2, 1, 0),  # the token does not move from fall's starter (S + 1); left = seat + 1 (LIB-REV-4)
])  # fmt: skip
def test_Y2_12_new_starting_player_by_player_count(players: int, winter: int, year_two_first: int) -> None:
    fall = (winter + 3) % players  # END-1: the token passed left three times in year 1
    state = end_of_year_one(players, seed=2, first_player=fall)
    state = attrs.evolve(state, players=tuple(attrs.evolve(p, evil=5) for p in state.players))
    assert change_year(state).first_player == year_two_first


def test_Y2_13_SPE_1_progress_back_to_winter_and_the_event_tiles_shuffled_again(end4: GameState) -> None:
    assert end4.special_event is not None and end4.events[0] is None
    after = change_year(end4)
    assert (after.year, after.round) == (2, 1)
    assert after.events == (None, None, None, None)
    assert cards(after.decks.events) == Counter(EVENT_DECK)
    assert after.special_event is None and after.far_lands[-1] == end4.special_event  # SPE-10, LIB-Y2-3
    assert after.decks.special == end4.decks.special  # year 2's card comes from the other 8 (SPE-5, SPE-11)


def test_Y2_14_paladin_check_at_once_with_the_new_starting_player() -> None:
    state = end_of_year_one(4, seed=3, first_player=3)  # fall's starter: seat 3, so year 2 starts with seat 2
    line = PALADIN_SPACE.value
    evils = (line + 1, line, line + 1, 4)  # seats 0 and 2 tie as most evil
    state = attrs.evolve(state, players=tuple(attrs.evolve(p, evil=e) for p, e in zip(state.players, evils)))
    after = change_year(state)
    assert after.first_player == 2
    assert after.paladin == 0  # play order 2, 3, 0, 1: seat 0 comes later than seat 2 (PAL-8)


def test_Y2_14_no_lord_on_the_paladin_space_no_paladin(end4: GameState) -> None:
    calm = attrs.evolve(end4, players=tuple(attrs.evolve(p, evil=min(p.evil, PALADIN_SPACE.value - 1)) for p in end4.players))
    assert change_year(calm).paladin is None


def test_Y2_16_year_two_starts_with_winters_round_start(end4: GameState) -> None:
    fall_tavern = end4.tavern
    state = year_two(end4)
    assert (state.year, state.round, state.phase) == (2, 1, Phase.ROUND_START)
    assert to_move(state) == frozenset({CHANCE})
    assert {m.card for m in legal_moves(state) if isinstance(m, Draw)} == set(MONSTER_DECKS[2])  # the gold-backed tavern
    assert Counter(state.far_lands) - Counter(end4.far_lands) >= Counter(fall_tavern)  # RST-1: fall's leftovers


def test_LIB_Y2_1_the_box_is_face_down_for_everyone(end4: GameState) -> None:
    after = change_year(end4)
    assert after.box
    for seat in (None, 0, 3):
        seen = view(after, seat).state
        assert seen.box == ("?",) * len(after.box)
