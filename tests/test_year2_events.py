"""Year 2's Pay Day (Y2-19, Y2-20, Y2-21, SPE-2) and the special event cards
(EVT-SPECIAL-1, SPE-3 … SPE-13, SPE-C-1 … SPE-C-9)."""

from __future__ import annotations

import attrs
import pytest

from dlrules import PayMonster, WitchHunt, check, dumps, format_move, legal_moves, loads, new_game, parse_move, to_move
from dlrules.core.moves import Move
from dlrules.components import SPECIAL_EVENTS
from dlrules.core.phases import events as events_phase
from dlrules.core.phases.common import collecting
from dlrules.core.state import GameState, Phase

from year_helpers import at_resolution, enter, monsters, player, resolved, step


def at_event(
    event: str,
    special: str | None = None,
    players: int = 2,
    special_events: bool = True,
    table_rulings: bool = False,
    **seats: dict[str, object],
) -> GameState:
    """Year 2's spring Events phase of a full game with ``event`` (and the
    year's special event card ``special``; ``special_events=False``: a game
    without the cards, SPE-3; ``table_rulings``: a real table, LIB-TAB-8);
    ``seats`` maps "p0".. to changes."""
    state = resolved(at_resolution(players, variant="full"))
    state = attrs.evolve(
        state, year=2, round=2, first_player=0, events=(None, event, None, None), special_event=special, special_events=special_events,
        table_rulings=table_rulings,
    )
    for name, changes in seats.items():
        state = player(state, int(name[1:]), **changes)
    with collecting() as said:
        state = enter(state, Phase.EVENTS)
    state = attrs.evolve(state)  # a fresh object: the engine's per-state cache starts clean
    at_event.said = [e.text for e in said]  # type: ignore[attr-defined]
    return state


def rules(state: GameState, move: object) -> list[str]:
    return [v.rule for v in check(state, move)]


def auto_through(state: GameState) -> GameState:
    """The automatic steps until someone must decide or the phase is over."""
    while state.phase is Phase.EVENTS and not to_move(state) and not events_phase.done(state):
        state = events_phase.auto(state)
    return state


# --- Pay Day: the Golem (Y2-19) ------------------------------------------------------------


def test_Y2_19_golem_wage_is_a_gold_and_a_trap_card_of_the_players_choice() -> None:
    state = at_event("payday", p0={"monsters": monsters("golem"), "gold": 2, "traps": ("pendulum", "pendulum", "trap-door")}, p1={"monsters": ()})
    assert legal_moves(state) == (
        PayMonster(0, 0, True, trap="pendulum"),
        PayMonster(0, 0, True, trap="trap-door"),
        PayMonster(0, 0, False),
    )
    after = step(state, PayMonster(0, 0, True, trap="trap-door"))
    p = after.players[0]
    assert (p.gold, p.traps, p.monsters) == (1, ("pendulum", "pendulum"), monsters("golem"))
    assert after.trap_discard == state.trap_discard + ("trap-door",)  # face down, out of the game


def test_Y2_19_golem_without_a_trap_card_cannot_be_paid_and_leaves_with_one_evil() -> None:
    state = at_event("payday", p0={"monsters": monsters("golem"), "gold": 5, "traps": (), "evil": 4}, p1={"monsters": ()})
    assert state.players[0].monsters == ()
    assert state.players[0].evil == 5  # EVT-PAY-2
    assert "golem" in state.far_lands


def test_Y2_19_golem_wage_refusals_name_the_trap_card() -> None:
    state = at_event("payday", p0={"monsters": monsters("golem", "goblin"), "gold": 5, "traps": ("pendulum",)}, p1={"monsters": ()})
    assert rules(state, PayMonster(0, 0, True)) == ["Y2-19"]
    assert rules(state, PayMonster(0, 0, True, trap="trap-door")) == ["Y2-19"]
    state = step(state, PayMonster(0, 0, True, trap="pendulum"))
    assert rules(state, PayMonster(0, 1, True, trap="pendulum")) == ["EVT-PAY-1"]  # a goblin eats no trap card


# --- Pay Day: the Demon (Y2-20, Y2-21) --------------------------------------------------------


def test_Y2_20_demon_wage_is_evil_and_another_monster_never_a_ghost() -> None:
    state = at_event("payday", p0={"monsters": monsters("demon", "ghost", "goblin"), "gold": 5, "food": 5, "evil": 3}, p1={"monsters": ()})
    assert legal_moves(state) == (PayMonster(0, 0, True, feed=2), PayMonster(0, 0, False))
    assert rules(state, PayMonster(0, 0, True, feed=1)) == ["Y2-20"]
    assert rules(state, PayMonster(0, 0, True)) == ["Y2-21"]
    after = step(state, PayMonster(0, 0, True, feed=2))
    p = after.players[0]
    assert p.monsters == monsters("demon", "ghost") and p.evil == 4  # the Demon's 1 evil, nothing for the goblin
    assert after.far_lands[-1] == "goblin"
    assert after.turn is not None and after.turn.settled == (0,)
    assert legal_moves(after) == (PayMonster(0, 1, True), PayMonster(0, 1, False))  # the ghost is decided next


def test_Y2_21_a_monster_fed_to_the_demon_is_no_longer_decided() -> None:
    """LIB-Y2-4: the fed monster is a payment, not a dismissal."""
    state = at_event("payday", p0={"monsters": monsters("demon", "troll", "witch"), "gold": 5, "food": 5, "evil": 3}, p1={"monsters": ()})
    state = step(state, PayMonster(0, 0, True, feed=1))  # the troll, with its token (ACT-MON-5)
    assert state.players[0].monsters == monsters("demon", "witch") and state.players[0].trolls == 0
    assert legal_moves(state)[-1] == PayMonster(0, 1, False)  # the witch is next
    state = step(state, PayMonster(0, 1, True))
    state = auto_through(state)
    assert state.players[0].evil == 5  # Demon 1 + witch 1; no +1 for the troll (LIB-Y2-4)


def test_Y2_21_the_demon_is_settled_before_a_monster_ahead_of_it_in_the_lair() -> None:
    """Y2-21: lair goblin then Demon; the Demon is decided first, so the
    goblin may be fed to it instead of being paid."""
    state = at_event("payday", p0={"monsters": monsters("goblin", "demon"), "gold": 5, "food": 5, "evil": 3}, p1={"monsters": ()})
    assert legal_moves(state) == (PayMonster(0, 1, True, feed=0), PayMonster(0, 1, False))
    assert rules(state, PayMonster(0, 0, True)) == ["Y2-21"]  # the goblin waits for the Demon
    state = auto_through(step(state, PayMonster(0, 1, True, feed=0)))
    assert state.players[0].monsters == monsters("demon")
    assert (state.players[0].food, state.players[0].evil) == (5, 4)  # no food for the goblin; the Demon's 1 evil


def test_Y2_21_a_monster_already_paid_cannot_be_fed() -> None:
    """Y2-21: a Demon paid already this Pay Day is settled: the other Demon
    cannot eat it (its meal is chosen among the monsters not yet settled)."""
    state = at_event("payday", p0={"monsters": monsters("demon", "demon", "goblin", "troll"), "gold": 5, "food": 5, "evil": 3}, p1={"monsters": ()})
    state = step(state, PayMonster(0, 0, True, feed=2))  # the first Demon eats the goblin
    assert state.players[0].monsters == monsters("demon", "demon", "troll")
    assert rules(state, PayMonster(0, 1, True, feed=0)) == ["Y2-21"]
    assert rules(state, PayMonster(0, 0, False)) == ["Y2-21"]  # settled already
    assert legal_moves(state) == (PayMonster(0, 1, True, feed=2), PayMonster(0, 1, False))


def test_Y2_21_the_troll_ahead_of_the_demon_with_no_food() -> None:
    """Issue 23's case: lair troll then Demon, evil 5, 0 food: the troll is
    fed to the Demon, which stays (evil 6); in lair order both were lost."""
    state = at_event("payday", p0={"monsters": monsters("troll", "demon"), "gold": 0, "food": 0, "evil": 5}, p1={"monsters": ()})
    state = auto_through(step(state, PayMonster(0, 1, True, feed=0)))
    p = state.players[0]
    assert p.monsters == monsters("demon") and (p.food, p.evil) == (0, 6)


def _pay_day_done(state: GameState) -> GameState:
    """Player 1's Pay Day played out to its end (Player 2 has no monster)."""
    state = auto_through(state)
    assert state.phase is not Phase.EVENTS or not to_move(state)
    return state


def test_E6_a_the_golem_that_cannot_be_paid_is_fed_to_the_demon() -> None:
    """EXAMPLES E6 (a): lair a Golem, then a Demon, no trap card."""
    state = at_event("payday", p0={"monsters": monsters("golem", "demon"), "gold": 5, "food": 5, "evil": 3, "traps": ()}, p1={"monsters": ()})
    assert legal_moves(state) == (PayMonster(0, 1, True, feed=0), PayMonster(0, 1, False))
    fed = _pay_day_done(step(state, PayMonster(0, 1, True, feed=0)))
    assert fed.players[0].monsters == monsters("demon") and fed.players[0].evil == 4  # +1: the Demon's wage
    gone = _pay_day_done(step(state, PayMonster(0, 1, False)))
    assert gone.players[0].monsters == () and gone.players[0].evil == 5  # +1 + 1: two dismissals


def test_E6_b_two_demons() -> None:
    """EXAMPLES E6 (b) (L): lair a Demon, a second Demon, a goblin; food 1."""
    state = at_event("payday", p0={"monsters": monsters("demon", "demon", "goblin"), "gold": 5, "food": 1, "evil": 3}, p1={"monsters": ()})
    assert legal_moves(state) == (PayMonster(0, 0, True, feed=1), PayMonster(0, 0, True, feed=2), PayMonster(0, 0, False))
    # pay one Demon, feeding it the other; pay the goblin
    one = step(state, PayMonster(0, 0, True, feed=1))
    one = _pay_day_done(step(one, PayMonster(0, 1, True)))
    assert one.players[0].monsters == monsters("demon", "goblin") and (one.players[0].food, one.players[0].evil) == (0, 4)
    # pay one Demon, feeding it the goblin; the other cannot be paid
    two = _pay_day_done(step(state, PayMonster(0, 0, True, feed=2)))
    assert two.players[0].monsters == monsters("demon") and (two.players[0].food, two.players[0].evil) == (1, 5)
    # let both Demons go; pay the goblin
    three = step(state, PayMonster(0, 0, False))
    assert legal_moves(three) == (PayMonster(0, 0, True, feed=1), PayMonster(0, 0, False))  # the second Demon could eat the goblin
    three = step(three, PayMonster(0, 0, False))
    three = _pay_day_done(step(three, PayMonster(0, 0, True)))
    assert three.players[0].monsters == monsters("goblin") and (three.players[0].food, three.players[0].evil) == (0, 5)


def test_Y2_20_demon_with_only_ghosts_beside_it_cannot_be_paid() -> None:
    state = at_event("payday", p0={"monsters": monsters("demon", "ghost"), "gold": 5, "food": 5, "evil": 3}, p1={"monsters": ()})
    assert state.players[0].monsters == monsters("ghost") and "demon" in state.far_lands  # it left by itself
    assert legal_moves(state) == (PayMonster(0, 0, True), PayMonster(0, 0, False))  # now the ghost's wage
    state = auto_through(step(state, PayMonster(0, 0, True)))
    assert state.players[0].evil == 5  # the ghost's 1 evil, then EVT-PAY-2's +1 for the Demon (RUL-14)


# --- special events -----------------------------------------------------------------------------


def test_SPE_C_1_embezzlement_takes_half_of_everyones_gold_rounded_down() -> None:
    state = at_event("special", "embezzlement", players=3, p0={"gold": 5}, p1={"gold": 1}, p2={"gold": 8})
    assert [p.gold for p in state.players] == [3, 1, 4]  # 5 loses 2, 1 loses 0, 8 loses 4
    assert [p.damage_tokens for p in state.players] == [0, 0, 0]  # SPE-13: nothing is unpaid
    assert state.phase is not Phase.EVENTS


@pytest.mark.parametrize("card", ["monster-strike", "earthquake", "vip-visit", "special-6", "special-9"])
def test_SPE_12_a_card_whose_text_is_not_established_is_announced_and_does_nothing(card: str) -> None:
    """Monster Strike, Earthquake, VIP Visit and the four unnamed cards
    (SPE-C-3..9): drawn, revealed, announced, nothing else (SPE-12)."""
    before = resolved(at_resolution(2, variant="full"))
    state = at_event("special", card, p0={"gold": 5})
    said = at_event.said  # type: ignore[attr-defined]
    assert any(SPECIAL_EVENTS[card].name in t for t in said) and any("SPE-12" in t for t in said)
    assert [p.gold for p in state.players][0] == 5 and state.players[1].gold == before.players[1].gold
    assert state.phase is not Phase.EVENTS


def test_SPE_4_the_full_game_keeps_the_nine_special_cards_unseen_the_first_game_none() -> None:
    full, first = new_game(3, variant="full"), new_game(3, variant="first")
    assert full.decks.special.size == len(SPECIAL_EVENTS) == 9 and full.special_event is None
    assert first.decks.special.size == 0  # SPE-3: they stay in the box


def test_SPE_3_first_game_special_tile_does_nothing() -> None:
    state = resolved(at_resolution(2, variant="first"))
    state = attrs.evolve(state, round=2, events=(None, "special", None, None))
    with collecting() as said:
        state = enter(state, Phase.EVENTS)
    assert any("SPE-3" in e.text for e in said)


def test_SPE_C_2_witch_hunt_each_player_gives_up_a_monster_or_gains_three_evil() -> None:
    """LIB-Y2-5: the reading of the Witch Hunt; LIB-Y2-6: its row in the data."""
    state = at_event(
        "special", "witch-hunt",
        p0={"monsters": monsters("ghost", "troll", "troll"), "evil": 4},
        p1={"monsters": monsters("goblin"), "evil": 8},
    )  # fmt: skip
    assert to_move(state) == frozenset({0})
    assert legal_moves(state) == (WitchHunt(0, 1), WitchHunt(0, None))  # never the ghost (SPE-9); trolls alike
    assert rules(state, WitchHunt(0, 0)) == ["SPE-9"]
    assert rules(state, WitchHunt(0, 2)) == ["LIB-REV-2"]
    assert rules(state, WitchHunt(0, 7)) == ["SPE-C-2"]
    state = step(state, WitchHunt(0, 1))
    assert state.players[0].monsters == monsters("ghost", "troll") and state.players[0].evil == 4
    assert state.far_lands[-1] == "troll"
    state = step(state, WitchHunt(1, None))
    assert state.players[1].evil == 11 and state.paladin == 1  # PAL-5: the paladin comes at once


def test_SPE_C_2_witch_hunt_a_player_without_monsters_gains_the_evil() -> None:
    state = at_event("special", "witch-hunt", p0={"monsters": monsters("ghost"), "evil": 14}, p1={"monsters": (), "evil": 2})
    assert [p.evil for p in state.players] == [15, 5]  # SPE-8: stops at the top
    assert state.phase is not Phase.EVENTS


def test_SPE_7_witch_hunt_answer_refused_at_another_event() -> None:
    state = at_event("taxes", p0={"gold": 3}, p1={"gold": 3})
    assert rules(state, WitchHunt(0, None)) == ["SPE-7"]


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (PayMonster(0, 1, True, trap="pendulum"), "P1 payday 2 pay trap=pendulum"),  # monsters from 1 (LIB-TV-2)
        (PayMonster(1, 0, True, feed=2), "P2 payday 1 pay feed=3"),
        (WitchHunt(2, None), "P3 witch-hunt evil"),
        (WitchHunt(0, 3), "P1 witch-hunt 4"),
    ],
)
def test_year_two_moves_have_a_notation_and_json(move: Move, text: str) -> None:
    """Y2-19, Y2-20, SPE-C-2: the new choices are written and read like every move."""
    assert format_move(move) == text and parse_move(text) == move
    assert loads(dumps(move), Move) == move


# --- the easier game: no special event cards (SPE-3, LIB-TAB-7) ---------------------------------


def test_SPE_3_a_full_game_may_leave_the_special_event_cards_out() -> None:
    """SPE-3, the rulebook's easier game: the special event cards stay in the
    box; the Special Event tile then does nothing, as in the first game."""
    game = new_game(4, special_events=False)
    assert game.special_events is False and game.decks.special.size == 0
    assert new_game(4).special_events is True and new_game(4).decks.special.size == 9
    state = at_event("special", None, players=3, special_events=False, p0={"gold": 5})
    assert "Special event: this game is played without the special event cards, so nothing happens (SPE-3)." in at_event.said  # type: ignore[attr-defined]
    assert state.players[0].gold == 5


def test_SPE_3_a_game_without_special_events_never_draws_one() -> None:
    """SPE-3: a whole seeded game without the cards turns none up."""
    import random

    from dlrules import CHANCE, apply, sample_chance
    from dlrules.core.moves import Draw

    rng = random.Random(5)
    state = new_game(2, special_events=False)
    while to_move(state):
        move = sample_chance(state, rng) if CHANCE in to_move(state) else legal_moves(state)[-1]
        assert not (isinstance(move, Draw) and move.deck == "special")
        state = apply(state, move)
    assert state.special_event is None and "special" in state.events


def test_SPE_3_special_events_is_true_or_false() -> None:
    with pytest.raises(ValueError, match="special_events is True or False"):
        new_game(3, special_events="no")  # type: ignore[arg-type]
