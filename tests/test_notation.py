"""The move notation (docs/notation.md): position-independent text that
round-trips for every move class, with a clear ValueError for bad text."""

from __future__ import annotations

import typing

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tablekit import played

from dlrules import CHANCE, TABLE, Action, format_move, parse_move
from dlrules.core.moves import (
    MOVE_TYPES,
    Adjustment,
    TableRuling,
    ActivateRoom,
    BuildRoom,
    ChooseOrders,
    DealOrders,
    Decline,
    DigTunnel,
    Draw,
    DrawDummyOrders,
    FinishDigging,
    FinishProduction,
    HireMonster,
    KeepUnavailable,
    MineGold,
    Move,
    PayMonster,
    PayTaxes,
    ReturnOrder,
    DiscardTrap,
    Spy,
    TakeAction,
    Attack,
    ChooseTrap,
    PlanDefence,
    ReleasePrisoner,
    Target,
    Transform,
    WitchHunt,
    WordOfPeace,
)
from dlrules.records.notation_words import format_generic as _format_generic

EXAMPLES: list[tuple[str, Move]] = [
    ("P1 orders mine,food,dig", ChooseOrders(0, (Action.MINE, Action.FOOD, Action.DIG))),
    ("P2 orders room,food,monster dummy=imps", ChooseOrders(1, (Action.ROOM, Action.FOOD, Action.MONSTER), Action.IMPS)),
    ("chance draw monsters goblin", Draw("monsters", "goblin")),
    ("P1 dig D2", DigTunnel(0, (1, 3))),
    ("P1 decline", Decline(0)),
    ("chance deal P2 food,mine,traps", DealOrders(1, (Action.FOOD, Action.MINE, Action.TRAPS))),
    ("chance dummy D3 food,monster", DrawDummyOrders(2, (Action.FOOD, Action.MONSTER))),
    ("P3 keep food,dig", KeepUnavailable(2, (Action.FOOD, Action.DIG))),
    ("P4 take", TakeAction(3)),
    ("P1 spy 3", Spy(0, 2)),
    ("P2 finish dig", FinishDigging(1)),
    ("P2 mine 3", MineGold(1, 3)),
    ("P1 hire goblin", HireMonster(0, "goblin")),
    ("P1 hire demon dismiss=1", HireMonster(0, "demon", 0)),
    ("P3 build chicken-coop C2", BuildRoom(2, "chicken-coop", (1, 2))),
    ("P1 activate C2", ActivateRoom(0, (1, 2))),
    ("P1 activate B1 trolls=1 target=A1", ActivateRoom(0, (0, 1), 1, (0, 0))),
    ("P4 finish production", FinishProduction(3)),
    ("P2 return dig", ReturnOrder(1, Action.DIG)),
    ("P1 payday 1 pay", PayMonster(0, 0, True)),
    ("P1 payday 3 release", PayMonster(0, 2, False)),
    ("P3 taxes 2", PayTaxes(2, 2)),
    ("P2 discard-trap pendulum", DiscardTrap(1, "pendulum")),
    # combat (CMB-PLAN, CMB-END-3, CMB-TRAP-2/6, CMB-MON-1..5, C1-1, C2-3): monsters, prisoners,
    # adventurers and a monster's options counted from 1 (LIB-TV-2, LIB-FIX-1)
    ("P1 plan C1", PlanDefence(0, (0, 2))),
    ("P2 plan B2 traps=pendulum,rolling-stone monsters=1,3", PlanDefence(1, (1, 1), ("pendulum", "rolling-stone"), (0, 2))),
    ("P1 release 2", ReleasePrisoner(0, 1)),
    ("P1 first-trap wall-of-fire", ChooseTrap(0, "wall-of-fire")),
    ("P3 target 1", Target(2, 0)),
    ("P1 attack 1 1", Attack(0, 0, 0)),
    ("P1 attack 2 2 target=3", Attack(0, 1, 1, 2)),
    ("P2 peace withdraw", WordOfPeace(1, True)),
    ("P1 transform 2", Transform(0, 1)),
    # year 2 (Y2-19, Y2-20, SPE-C-2): the Golem's trap card, the Demon's meal, the Witch Hunt
    ("P1 hire golem trap=pendulum", HireMonster(0, "golem", trap="pendulum")),
    ("P2 payday 2 pay trap=pendulum", PayMonster(1, 1, True, trap="pendulum")),
    ("P1 payday 3 pay feed=1", PayMonster(0, 2, True, feed=0)),
    ("P3 witch-hunt 2", WitchHunt(2, 1)),
    ("P3 witch-hunt evil", WitchHunt(2, None)),
]


@pytest.mark.parametrize(("text", "move"), EXAMPLES, ids=[t for t, _ in EXAMPLES])
def test_examples_parse_and_format(text: str, move: Move) -> None:
    assert parse_move(text) == move
    assert format_move(move) == text


def test_RUL_8_a_dummy_colour_may_be_labelled_D_when_the_player_count_is_known() -> None:
    move = DealOrders(3, (Action.FOOD, Action.DIG, Action.MINE))
    assert format_move(move) == "chance deal P4 food,dig,mine"
    assert format_move(move, players=2) == "chance deal D4 food,dig,mine"
    assert parse_move("chance deal D4 food,dig,mine") == parse_move("chance deal P4 food,dig,mine") == move


def test_LIB_TV_2_squares_and_numbers_for_people() -> None:
    """LIB-TV-2: squares by column letter and row number from the surface;
    combat cards and monsters from 1; the JSON numbers only in brackets."""
    assert format_move(DigTunnel(0, (0, 2))) == "P1 dig C1"  # below the entrance
    assert format_move(DigTunnel(0, (3, 4))) == "P1 dig E4"
    assert parse_move("P1 dig c1") == parse_move("P1 dig [0,2]") == DigTunnel(0, (0, 2))
    assert format_move(DigTunnel(0, (7, 9))) == "P1 dig [7,9]"  # outside the grid: JSON numbers
    assert parse_move(format_move(DigTunnel(0, (7, 9)))) == DigTunnel(0, (7, 9))
    assert format_move(Spy(0, 0)) == "P1 spy 1" and parse_move("P1 spy 4") == Spy(0, 3)


def test_LIB_TV_2_records_of_the_old_notation_still_read() -> None:
    """Records written before LIB-TV-2 count squares and indices from 0."""
    from dlrules.records.notation import parse_legacy_move

    assert parse_legacy_move("P1 dig 1,3") == DigTunnel(0, (1, 3))
    assert parse_legacy_move("P1 spy 2") == Spy(0, 2)
    assert parse_legacy_move("P1 payday 0 pay") == PayMonster(0, 0, True)
    assert parse_legacy_move("P1 attack 0 1 target=2") == Attack(0, 0, 1, 2)  # combat moves too
    assert parse_legacy_move("P1 plan 0,2 monsters=0,1") == PlanDefence(0, (0, 2), (), (0, 1))
    assert parse_move("P1 spy 2") == Spy(0, 1)  # the current notation again


def test_keywords_and_seats_are_case_insensitive_where_unambiguous() -> None:
    assert parse_move("p1 DECLINE") == Decline(0)
    assert parse_move("Chance draw rooms mint") == Draw("rooms", "mint")
    assert parse_move("  P2   orders  food,dig,mine ") == ChooseOrders(1, (Action.FOOD, Action.DIG, Action.MINE))


def test_every_legal_move_of_played_games_round_trips() -> None:
    for players in (2, 3, 4):
        for seed in range(3):
            _, moves = played(players, seed)
            for move in moves:
                assert parse_move(format_move(move, players=players)) == move
                assert parse_move(format_move(move)) == move


# --- every move class, generated ------------------------------------------------------------

_KEYS = st.sampled_from(["goblin", "chicken-coop", "pendulum", "invisibility", "monsters"])


def _strategy(tp: typing.Any) -> st.SearchStrategy[typing.Any]:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, __import__("types").UnionType):
        inner = [a for a in args if a is not type(None)]
        return st.none() | _strategy(inner[0])
    if tp is bool:
        return st.booleans()
    if tp is int:
        return st.integers(0, 9)
    if tp is str:
        return _KEYS
    if tp is Action:
        return st.sampled_from(list(Action))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(_strategy(args[0]), min_size=1, max_size=4).map(tuple)
        return st.tuples(*(_strategy(a) for a in args))
    raise AssertionError(f"no strategy for {tp!r}")


def _changes() -> st.SearchStrategy[Adjustment]:
    """A table's ruling's changes as its notation writes them (LIB-TAB-8)."""
    player = st.integers(0, 3)
    return st.one_of(
        st.builds(Adjustment, st.sampled_from(["damage", "heal"]), player, st.integers(1, 9), st.integers(0, 4)),
        st.builds(Adjustment, st.sampled_from(["withdraw", "knock_out", "dismiss", "discard_trap"]), player, st.just(0), st.integers(0, 4)),
        st.builds(Adjustment, st.sampled_from(["gold", "food", "imps", "evil"]), player, st.integers(-9, 9)),
        st.builds(Adjustment, st.sampled_from(["skip_healing", "skip_conquest"]), player),
    )


def _moves_of(cls: type) -> st.SearchStrategy[Move]:
    if cls is TableRuling:
        name = st.sampled_from(["", "Song of Courage", "Rats", "Aura of Fear"])
        return st.builds(TableRuling, st.just(TABLE), name, st.lists(_changes(), max_size=3).map(tuple))
    hints = typing.get_type_hints(cls)
    fields = {f.name: _strategy(hints[f.name]) for f in attrs.fields(cls) if f.name != "seat"}
    chance = any(f.name == "seat" and f.default == CHANCE for f in attrs.fields(cls))
    seat = st.just(CHANCE) if chance else st.integers(0, 3)
    if cls is Draw:
        fields["deck"] = st.sampled_from(["monsters", "rooms", "traps", "adventurers", "events", "combat", "special"])
    return st.builds(cls, seat=seat, **fields)


@settings(max_examples=200, deadline=None)
@given(st.one_of(*(_moves_of(cls) for cls in MOVE_TYPES)))
def test_every_move_class_round_trips(move: Move) -> None:
    text = format_move(move)
    assert parse_move(text) == move
    if not isinstance(move, TableRuling):  # a ruling's changes have only its own notation (LIB-TAB-8)
        assert parse_move(_format_generic(move)) == move  # the generic form too
    assert "\n" not in text


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "a move is '<who> <verb>"),
        ("P1", "a move is '<who> <verb>"),
        ("X1 decline", "P1..P4 or 'chance'"),
        ("P1 jump", "unknown verb 'jump'"),
        ("P1 orders mine,food,digg", "'digg' is not an order"),
        ("P1 dig 1;3", "column letter A-E and a row number 1-4"),
        ("P1 dig 1,3", "[row,column] with the JSON numbers"),
        ("P1 dig F1", "column letter A-E"),
        ("P1 dig", "expected 'P<k> dig <square>'"),
        ("P1 decline now", "nothing after it"),
        ("P1 mine two", "must be a whole number"),
        ("chance draw tavern goblin", "'tavern' is not a deck"),
        ("chance draw monsters Big Goblin", "expected 'chance draw <deck> <card>'"),
        ("P1 draw monsters goblin", "made by chance"),
        ("chance decline", "made by a player"),
        ("P1 orders food,dig,mine dummy=imps dummy=food", "dummy= given twice"),
        ("P1 orders food,dig,mine third=imps", "unexpected 'third=imps'"),
        ("P1 finish round", "finish what?"),
        ("P1 payday 1 maybe", "'pay' or 'release'"),
        ("P1 hire Goblin!", "not a monster key"),
        ("P1 MineGold", "MineGold needs imps="),
        ("P1 MineGold imps=yes", "must be a whole number"),
    ],
)
def test_malformed_text_is_a_clear_value_error(text: str, fragment: str) -> None:
    with pytest.raises(ValueError, match=None) as info:
        parse_move(text)
    assert fragment in str(info.value)


def test_non_text_is_refused() -> None:
    with pytest.raises(ValueError, match="notation is text"):
        parse_move(3)  # type: ignore[arg-type]


def test_a_move_class_without_a_verb_is_written_in_the_generic_form(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a move class added to moves.py later gets until it has a verb."""
    import dlrules.records.notation as notation

    monkeypatch.setattr(notation, "_KNOWN_FIELDS", {k: v for k, v in notation._KNOWN_FIELDS.items() if k is not MineGold})
    move = MineGold(1, 2)
    assert format_move(move) == "P2 MineGold imps=2"
    assert parse_move("P2 MineGold imps=2") == move
    assert format_move(HireMonster(0, "demon", None)) == "P1 hire demon"
    assert _format_generic(HireMonster(0, "demon", None)).startswith("P1 HireMonster monster=demon dismiss=-")
