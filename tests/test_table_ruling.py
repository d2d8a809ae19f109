"""A table's ruling (LIB-TAB-8): when a card the referee cannot read comes up
at a real table (``new_game(..., table_rulings=True)``), the table's
pseudo-seat applies its effect as an explicit, checked, recorded move."""

from __future__ import annotations

import pytest

from dlrules import (
    TABLE,
    IllegalMove,
    PayTaxes,
    apply,
    apply_with_events,
    check,
    describe_move,
    format_move,
    legal_moves,
    make_record,
    new_game,
    parse_move,
    replay,
    to_move,
)
from dlrules.core.moves import Adjustment, Move, TableRuling
from dlrules.core.state import GameState, Phase

from test_year2_events import at_event


def rules(state: GameState, move: object) -> list[str]:
    return [v.rule for v in check(state, move)]


def _unreadable(card: str = "special-7", **options: bool) -> GameState:
    """Year 2's spring: the special event is ``card``, whose text the referee
    cannot read; Player 1 has 5 gold and evil 5."""
    return at_event("special", card, players=3, table_rulings=options.get("table_rulings", True), p0={"gold": 5, "evil": 5})


def test_LIB_TAB_8_the_table_is_asked_at_the_step_of_a_card_it_cannot_read() -> None:
    state = _unreadable()
    assert to_move(state) == frozenset({TABLE})
    assert legal_moves(state) == (TableRuling(TABLE, "", ()),)  # seats are offered nothing
    assert all(m.seat == TABLE for m in legal_moves(state))


def test_LIB_TAB_8_without_the_option_the_card_is_announced_and_nothing_waits() -> None:
    state = _unreadable(table_rulings=False)
    assert state.phase is not Phase.EVENTS and TABLE not in to_move(state)
    assert rules(state, TableRuling(TABLE, "Rats", ())) == ["LIB-TAB-8"]


def test_LIB_TAB_8_a_card_the_referee_applies_gets_no_ruling() -> None:
    state = at_event("special", "embezzlement", players=3, table_rulings=True, p0={"gold": 5})
    assert state.players[0].gold == 3 and TABLE not in to_move(state)


def test_LIB_TAB_8_the_ruling_is_applied_narrated_and_named_as_entered() -> None:
    state = _unreadable()
    ruling = TableRuling(TABLE, "Rats", (Adjustment("gold", 0, -2), Adjustment("evil", 1, 1)))
    after, events = apply_with_events(state, ruling)
    assert events[0].text == "The table applies Rats: Player 1 loses 2 gold; Player 2 gains 1 evil."
    assert events[0].code == "table_ruling" and events[0].data["card"] == "Rats"
    assert after.players[0].gold == 3 and after.players[1].evil == state.players[1].evil + 1
    assert after.phase is not Phase.EVENTS  # the card's step is over
    assert describe_move(state, ruling).startswith("the table applies Rats")


def test_LIB_TAB_8_no_name_and_no_change() -> None:
    state = _unreadable()
    _, events = apply_with_events(state, TableRuling(TABLE, "", ()))
    assert events[0].text == "The table applies a special event card the referee cannot read: no change."


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ((Adjustment("gold", 0, -6),), "Player 1 has 5 gold: losing 6 would leave less than none"),
        ((Adjustment("evil", 0, 11),), "Player 1's evil is 5: moving it +11 leaves the evilometer"),
        ((Adjustment("gold", 3, 1),), "there is no Player 4 in a 3-player game"),
        ((Adjustment("food", 0, 0),), "a change of food of 0 changes nothing"),
        ((Adjustment("withdraw", 0, 0, 0),), "no battle is being fought"),
        ((Adjustment("knock_out", 0, 0, 0),), "Player 1 has no monster"),
        ((Adjustment("damage", 0, 1, 0),), "Player 1's party is empty"),
        ((Adjustment("bribe", 0, 1),), "'bribe' is not a kind of change"),
        ((Adjustment("gold", 0, -3), Adjustment("gold", 0, -3)), "change 2: Player 1 has 2 gold"),
    ],
)
def test_LIB_TAB_8_a_ruling_is_checked_like_any_move(changes: tuple[Adjustment, ...], fragment: str) -> None:
    state = _unreadable()
    found = check(state, TableRuling(TABLE, "Rats", changes))
    assert [v.rule for v in found] == ["LIB-TAB-8"] and fragment in found[0].message
    with pytest.raises(IllegalMove):
        apply(state, TableRuling(TABLE, "Rats", changes))


def test_LIB_TAB_8_only_the_table_and_only_during_the_cards_step() -> None:
    state = _unreadable()
    assert rules(state, TableRuling(0, "Rats", ())) == ["LIB-TAB-8"]  # a player may not
    assert rules(state, PayTaxes(0, 1)) == ["EVT-2"]  # the players wait for the table
    later = apply(state, TableRuling(TABLE, "Rats", ()))
    assert rules(later, TableRuling(TABLE, "Rats", ())) == ["LIB-TAB-8"]  # the step is over
    assert rules(new_game(3, table_rulings=True), TableRuling(TABLE, "Rats", ())) == ["LIB-TAB-8"]


def test_LIB_TAB_8_the_name_is_one_short_line() -> None:
    state = _unreadable()
    assert rules(state, TableRuling(TABLE, "Rats\nand more", ())) == ["LIB-TAB-8"]
    assert rules(state, TableRuling(TABLE, "x" * 61, ())) == ["LIB-TAB-8"]
    assert rules(state, TableRuling(TABLE, "Rats", (Adjustment("gold", 0, 1.5),))) == ["RS-3"]  # type: ignore[arg-type]


def test_LIB_TAB_8_notation_round_trips() -> None:
    ruling = TableRuling(TABLE, "Song of Courage", (Adjustment("heal", 1, 2, 0), Adjustment("skip_conquest", 1)))
    assert format_move(ruling) == "table rules Song of Courage: heal P2 1 2; skip_conquest P2"
    assert parse_move(format_move(ruling)) == ruling
    assert parse_move("table rules: nothing") == TableRuling(TABLE, "", ())


def test_LIB_TAB_8_a_record_with_a_ruling_replays_exactly() -> None:
    """The record says the game was set up for table rulings; replay
    re-applies the ruling and reaches the same state."""
    import random

    from dlrules import CHANCE, sample_chance

    rng = random.Random(11)
    state = new_game(2, table_rulings=True)
    moves: list[Move] = []
    ruled = 0
    while to_move(state):
        seats = to_move(state)
        move: Move
        if TABLE in seats:
            move = TableRuling(TABLE, "Rats", (Adjustment("gold", 0, 1),))
            ruled += 1
        elif CHANCE in seats:
            move = sample_chance(state, rng)
        else:
            move = legal_moves(state)[-1]
        state = apply(state, move)
        moves.append(move)
    record = make_record(2, "full", moves, table_rulings=True)
    assert record.header.table_rulings
    result = replay(record)
    assert result.ok and result.state == state
    assert ruled == 2  # both years' special event cards were ones the referee cannot read


def test_no_sentence_for_people_names_a_placeholder_key() -> None:
    """Issue 23: a card with no known name reads "a special event card the
    referee cannot read" in the narration, the move's description and the
    position; never ``special-6`` or "Unnamed card 6"."""
    import random

    from dlrules import CHANCE, describe, sample_chance
    from dlrules.core.moves import Draw

    rng = random.Random(1)
    state = new_game(2)
    texts: list[str] = []
    unnamed = 0
    while to_move(state):
        move = sample_chance(state, rng) if CHANCE in to_move(state) else legal_moves(state)[-1]
        if isinstance(move, Draw) and move.deck == "special":
            texts.append(describe_move(state, move))
            unnamed += move.card.startswith("special-")
        state, events = apply_with_events(state, move)
        texts.extend(e.text for e in events)
        if isinstance(move, Draw) and move.deck == "special":
            texts.append(describe(state))
    assert unnamed  # this seed turns up one of the four
    assert any("a special event card the referee cannot read" in t for t in texts)
    assert not any("special-" in t or "Unnamed card" in t for t in texts)


# --- a combat card the referee cannot read (LIB-TAB-8 in a battle) ----------------------------


def _battle_waiting_for_the_table(card: str = "aura-of-fear") -> GameState:
    """Year-2 combat of a real table: Player 1 sent a goblin; the round's card
    ``card`` (a fast spell the referee cannot read) is cast in his battle."""
    import attrs

    from combat_positions import COLUMN, play, position
    from dlrules.core.moves import PlanDefence

    y2 = (card, "blind-rage", "regeneration", "illusion")
    state = position({0: ["y2-warrior-8", "y2-wizard-4-2"]}, monsters={0: ["goblin", "troll"]}, year=2, cards=y2)
    state = attrs.evolve(state, table_rulings=True)
    return play(state, PlanDefence(0, COLUMN[0], (), (0,)))


def test_LIB_TAB_8_a_battle_waits_for_the_table_at_the_cards_step() -> None:
    state = _battle_waiting_for_the_table()
    assert to_move(state) == frozenset({TABLE}) and legal_moves(state) == (TableRuling(TABLE, "", ()),)
    assert rules(state, TableRuling(0, "Aura of Fear", ())) == ["LIB-TAB-8"]


def test_LIB_TAB_8_the_table_withdraws_a_monster_and_skips_the_conquest() -> None:
    """The table reads Aura of Fear as it wishes: the goblin Player 1 sent
    goes back to the lair face up, his party takes 1 damage on its first
    adventurer and conquers nothing this round."""
    state = _battle_waiting_for_the_table()
    ruling = TableRuling(TABLE, "", (Adjustment("withdraw", 0, 0, 0), Adjustment("damage", 0, 1, 0), Adjustment("skip_conquest", 0)))
    after, events = apply_with_events(state, ruling)
    assert events[0].text == (
        "The table applies Aura of Fear: Player 1's Goblin (monster 1) is withdrawn face up; "
        "the warrior HP8 (adventurer 1 of Player 1's party) takes 1 damage; Player 1's party does not conquer this round."
    )
    assert after.players[0].monsters[0].ready  # withdrawn: face up, it never acted
    assert not any(e.code == "conquest" for e in events)
    assert not any(e.code == "damage" and "Goblin" in e.text for e in events)


def test_LIB_TAB_8_in_a_battle_only_the_defenders_battle_is_changed() -> None:
    state = _battle_waiting_for_the_table()
    assert rules(state, TableRuling(TABLE, "", (Adjustment("withdraw", 0, 0, 1),))) == ["LIB-TAB-8"]  # the troll was not sent
    assert rules(state, TableRuling(TABLE, "", (Adjustment("skip_healing", 1),))) == ["LIB-TAB-8"]
    assert rules(state, TableRuling(TABLE, "", (Adjustment("damage", 0, 8, 0),))) == ["LIB-TAB-8"]  # no elimination


def test_LIB_TAB_8_without_the_option_the_card_is_cast_and_nothing_waits() -> None:
    from combat_positions import COLUMN, play, position
    from dlrules.core.moves import PlanDefence

    y2 = ("aura-of-fear", "blind-rage", "regeneration", "illusion")
    state = position({0: ["y2-warrior-8", "y2-wizard-4-2"]}, monsters={0: ["goblin"]}, year=2, cards=y2)
    state = play(state, PlanDefence(0, COLUMN[0], (), (0,)))
    assert TABLE not in to_move(state)
