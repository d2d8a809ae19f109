"""Events (EVT-1..3, EVT-PAY-1..3, EVT-TAX-1..3, EVT-SPECIAL-1, RUL-6, RUL-9,
RUL-10, PAL-5..7; EXAMPLES.md E3)."""

from __future__ import annotations

import random

import attrs
import pytest

from dlrules import PayMonster, PayTaxes, apply, check, legal_moves, new_game, to_move
from dlrules.core.chance import play_out
from dlrules.core.moves import Move
from dlrules.core.phases import events as events_phase
from dlrules.core.phases.common import collecting
from dlrules.core.state import GameState, Phase

from year_helpers import at_resolution, dungeon, enter, monsters, player, resolved, step


def events(event: str, players: int = 2, first: int = 0, variant: str = "first", **seats: dict[str, object]) -> GameState:
    """Spring's Events phase with ``event``; ``seats`` maps "p0".. to changes."""
    state = resolved(at_resolution(players, variant=variant))
    state = attrs.evolve(state, round=2, first_player=first, events=(None, event, None, None))
    for name, changes in seats.items():
        state = player(state, int(name[1:]), **changes)
    return enter(state, Phase.EVENTS)


def decide(state: GameState, seat: int, pays: tuple[bool, ...]) -> GameState:
    """Seat's payday decisions, monster by monster in lair order, then the
    automatic end of their turn (RUL-14: the +1 evil of the monsters let go)."""
    for pay in pays:
        assert state.turn is not None
        state = step(state, PayMonster(seat, state.turn.step, pay))
    return finish_turn(state)


def finish_turn(state: GameState) -> GameState:
    """The automatic steps up to the end of the acting player's payday turn."""
    assert state.turn is not None
    position = state.turn.position
    while state.turn is not None and state.turn.position == position and not to_move(state):
        state = events_phase.auto(state)
    return state


E3_MONSTERS = monsters("goblin", "witch", "vampire")


def e3() -> GameState:
    return events("payday", p0={"monsters": E3_MONSTERS, "evil": 7, "food": 3}, p1={"monsters": (), "evil": 5})


@pytest.mark.parametrize(
    ("pays", "food_spent", "evil", "paladin"),
    [
        ((True, True, True), 2, 10, 0),  # pay all three: the paladin comes
        ((True, False, True), 1, 10, 0),  # dismiss the witch: 7 + 2 + 1
        ((True, True, False), 2, 9, None),  # dismiss the vampire: 7 + 1 + 1
        ((True, False, False), 1, 9, None),  # dismiss vampire and witch: 7 + 1 + 1
        ((False, True, True), 1, 11, 0),  # dismiss the goblin
    ],
    ids=["pay-all", "dismiss-witch", "dismiss-vampire", "dismiss-vampire-and-witch", "dismiss-goblin"],
)
def test_E3_payday_with_a_witch_and_a_vampire(pays: tuple[bool, ...], food_spent: int, evil: int, paladin: int | None) -> None:
    state = decide(e3(), 0, pays)
    p = state.players[0]
    assert (3 - p.food, p.evil, state.paladin) == (food_spent, evil, paladin)
    kept = tuple(m.kind for m, pay in zip(E3_MONSTERS, pays) if pay)
    gone = tuple(m.kind for m, pay in zip(E3_MONSTERS, pays) if not pay)
    assert tuple(m.kind for m in p.monsters) == kept
    assert state.far_lands[len(state.far_lands) - len(gone) :] == gone  # EVT-PAY-2: to the far lands


def test_EVT_PAY_1_monsters_are_decided_one_by_one_in_lair_order() -> None:
    state = e3()
    assert to_move(state) == frozenset({0})
    assert legal_moves(state) == (PayMonster(0, 0, True), PayMonster(0, 0, False))
    assert [v.rule for v in check(state, PayMonster(0, 2, True))] == ["EVT-PAY-1"]


def test_EVT_PAY_2_a_monster_that_cannot_be_paid_leaves_with_1_evil() -> None:
    state = events("payday", p0={"monsters": monsters("goblin", "troll"), "food": 1, "evil": 5, "busy_trolls": 1}, p1={"monsters": ()})
    assert legal_moves(state) == (PayMonster(0, 0, True), PayMonster(0, 0, False))
    with collecting() as said:
        state = apply(state, PayMonster(0, 0, True))
    # the troll eats 2 food, 0 left: it leaves by itself, with its token (ACT-MON-5)
    p = state.players[0]
    assert tuple(m.kind for m in p.monsters) == ("goblin",)
    assert p.trolls == 0 and p.busy_trolls == 0 and p.evil == 6
    assert "troll" in state.far_lands
    assert any("cannot pay the Troll" in e.text for e in said)


def test_EVT_PAY_2_a_monster_that_cannot_be_paid_is_no_decision() -> None:
    state = events("payday", p0={"monsters": monsters("goblin", "troll"), "food": 1}, p1={"monsters": ()})
    state = apply(state, PayMonster(0, 0, False))  # dismiss the goblin: the troll needs 2 food, 1 left
    assert state.phase is not Phase.EVENTS  # the troll left by itself; nobody had more to decide
    assert state.players[0].monsters == () and state.players[0].evil == 7


def test_RUL_10_payday_includes_monsters_hired_this_round() -> None:
    state = events("payday", p0={"monsters": monsters("vampire"), "evil": 5}, p1={"monsters": ()})
    assert legal_moves(state) == (PayMonster(0, 0, True), PayMonster(0, 0, False))


def test_PAL_5_PAL_7_payday_player_by_player_from_the_first_player() -> None:
    ghosts = {"monsters": monsters("ghost"), "evil": 9}
    state = events("payday", first=0, p0=ghosts, p1=ghosts)
    state = apply(state, PayMonster(0, 0, True))
    assert state.paladin == 0
    state = apply(state, PayMonster(1, 0, True))
    assert state.paladin == 0  # a tie never moves him (PAL-7)
    state = events("payday", first=1, p0=ghosts, p1=ghosts)
    state = apply(state, PayMonster(1, 0, True))
    state = apply(state, PayMonster(0, 0, True))
    assert state.paladin == 1


def test_EVT_TAX_1_three_tiles_cost_2_gold() -> None:
    state = events("taxes", p0={"gold": 3, "dungeon": dungeon()}, p1={"gold": 0})
    assert legal_moves(state) == (PayTaxes(0, 0), PayTaxes(0, 1), PayTaxes(0, 2))
    state = step(state, PayTaxes(0, 2))
    assert (state.players[0].gold, state.players[0].damage_tokens) == (1, 0)


def test_RUL_6_conquered_tiles_and_rooms_count_five_tiles_cost_3() -> None:
    d = dungeon({(2, 1): "mint"}, tunnels=((0, 2), (1, 2), (2, 2), (3, 2)))
    d = attrs.evolve(d, tiles=tuple(attrs.evolve(t, conquered=t.square == (3, 2)) for t in d.tiles))
    state = events("taxes", p0={"gold": 5, "dungeon": d}, p1={"gold": 0})
    assert max(m.gold for m in legal_moves(state) if isinstance(m, PayTaxes)) == 3


def test_EVT_TAX_3_choosing_to_pay_less_takes_damage_tokens() -> None:
    state = events("taxes", p0={"gold": 3, "dungeon": dungeon()}, p1={"gold": 0})
    state = step(state, PayTaxes(0, 1))
    assert (state.players[0].gold, state.players[0].damage_tokens) == (2, 1)  # EVT-TAX-2


def test_EVT_TAX_2_without_gold_every_gold_is_a_damage_token() -> None:
    state = events("taxes", p0={"gold": 3, "dungeon": dungeon()}, p1={"gold": 0})
    state = apply(state, PayTaxes(0, 2))
    assert state.players[1].damage_tokens == 2  # seat 1 had nothing to decide


def test_EVT_TAX_1_refused_paying_more_than_due_or_owned() -> None:
    state = events("taxes", p0={"gold": 1, "dungeon": dungeon()}, p1={"gold": 0})
    assert [v.rule for v in check(state, PayTaxes(0, 2))] == ["EVT-TAX-1"]
    assert "you have 1 gold" in check(state, PayTaxes(0, 2))[0].message
    rich = events("taxes", p0={"gold": 9, "dungeon": dungeon()}, p1={"gold": 0})
    assert "your tax is 2 gold" in check(rich, PayTaxes(0, 3))[0].message


def test_EVT_1_the_wrong_event_is_refused() -> None:
    state = events("taxes", p0={"gold": 3}, p1={"gold": 0})
    assert [v.rule for v in check(state, PayMonster(0, 0, True))] == ["EVT-1"]


def test_EVT_SPECIAL_1_no_special_event_in_the_first_game() -> None:
    with collecting() as said:
        state = events("special", p0={"gold": 3})
    assert state.phase is not Phase.EVENTS
    assert any("first game uses no special events" in e.text for e in said)


def test_SPE_6_full_game_card_turned_up_with_its_tile_and_resolved_in_its_round() -> None:
    rng = random.Random(3)
    for _ in range(40):
        state = play_out(new_game(3, variant="full"), None, rng, until=Phase.ORDERS).state
        if state.events[1] == "special":
            break
    else:  # pragma: no cover
        raise AssertionError("no seed revealed the special tile in winter")
    assert state.special_event is not None  # turned up with the tile (SPE-6)
    assert state.decks.special.size == 8
    state = resolved(attrs.evolve(state, round=2))
    with collecting() as said:
        state = enter(state, Phase.EVENTS)
    card = events_phase.special_card(state)
    assert card is not None
    name = card.name
    assert any(e.text.startswith(f"Special event: {name}") for e in said)


def test_EVT_SPECIAL_1_first_game_draws_no_special_card() -> None:
    rng = random.Random(3)
    for _ in range(10):
        state = play_out(new_game(3, variant="first"), None, rng, until=Phase.ORDERS).state
        assert state.special_event is None and state.decks.special.size == 0


def test_check_agrees_with_legal_moves_at_events() -> None:
    """Legality is defined once: every refused payment cites a rule."""
    for state in (e3(), events("taxes", p0={"gold": 2, "dungeon": dungeon()}, p1={"gold": 0})):
        legal = set(legal_moves(state))
        candidates: list[Move] = [PayMonster(0, i, pay) for i in range(-1, 5) for pay in (True, False)]
        candidates += [PayTaxes(0, g) for g in range(-1, 6)]
        for move in candidates:
            found = check(state, move)
            assert (found == ()) == (move in legal), move
            assert all(v.rule and v.message for v in found)


@pytest.mark.parametrize("busy", [0, 1, 2])
@pytest.mark.parametrize("index", [0, 1, 2])
def test_EVT_PAY_2_a_dismissal_copies_the_player_as_without_monster_does(busy: int, index: int) -> None:
    """EVT-PAY-2, ACT-MON-5: a monster let go leaves the lair
    (``without_monster``); with no troll at work only the monsters change
    (its one setter), with trolls at work a troll may take its token back;
    nothing else of the player changes."""
    from dlrules.core.phases.common import without_monster

    state = events("payday", p0={"monsters": monsters("troll", "goblin", "troll"), "busy_trolls": busy})
    p = state.players[0]
    fast = without_monster(p, index)
    assert fast == attrs.evolve(p, monsters=fast.monsters, busy_trolls=fast.busy_trolls)
    assert tuple(m.kind for m in fast.monsters) == tuple(m.kind for i, m in enumerate(p.monsters) if i != index)
    assert fast.busy_trolls == (min(busy, 1) if busy and index != 1 else busy)
