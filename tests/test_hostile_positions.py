"""Hostile input, third round (issue 35): bounded positions, conserved decks,
a path in every refusal, malformed states and the paladin's one record.
Each test reproduces a report of the round and shows it fixed."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import attrs
import pytest

import dlrules
from dlrules import GameState, InvalidState, RecordError, loads, validate
from dlrules.records.bounds import SUPPLY_LIMIT
from dlrules.apps.cli.main import main
from dlrules.components import PALADINS, Action
from dlrules.records.limits import parse_json
from dlrules.records import parse_record
from dlrules.records.serialization import dumps
from dlrules.records.validity import check_valid
from dlrules.core.state import Adventurer, Fight, Phase, Turn


def _data(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dumps(state))
    return data


def _mid_game(players: int = 3, moves: int = 120) -> GameState:
    return dlrules.play_out(dlrules.new_game(players), None, random.Random(1), max_moves=moves).state


# --- 1. bounded positions ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [("gold", 10**18), ("food", 10**9), ("imps", 10**6), ("damage_tokens", 10**6), ("gold", SUPPLY_LIMIT + 1)],
)
def test_LIB_IN_4_strict_loading_refuses_a_supply_beyond_the_table_limit_with_its_path(field: str, value: int) -> None:
    data = _data(dlrules.new_game(3))
    data["players"][1][field] = value
    with pytest.raises(InvalidState, match=rf"\$\.players\[1\]\.{field}: {value} is above {SUPPLY_LIMIT}"):
        loads(json.dumps(data), GameState, strict=True)


def test_LIB_IN_4_the_table_limit_is_the_last_value_accepted() -> None:
    state = dlrules.new_game(3)
    rich = attrs.evolve(state.players[0], gold=SUPPLY_LIMIT, food=SUPPLY_LIMIT)
    assert validate(attrs.evolve(state, players=(rich, *state.players[1:]))) == ()


def _million_imps(tmp_path: Path) -> Path:
    """The report's file: a 4.5 kB position with 10**6 imps."""
    data = _data(dlrules.new_game(2))
    data["players"][0]["imps"] = 10**6
    path = tmp_path / "imps.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert path.stat().st_size < 6_000
    return path


@pytest.mark.parametrize("unchecked", [[], ["--unchecked"]])
def test_show_svg_of_a_million_imps_is_refused_at_loading_not_drawn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], unchecked: list[str]
) -> None:
    path = _million_imps(tmp_path)
    started = time.perf_counter()
    out_file = tmp_path / "picture.svg"
    code = main(["show", str(path), "--svg", str(out_file), *unchecked])
    elapsed = time.perf_counter() - started
    out, err = capsys.readouterr()
    assert code == 2 and "$.players[0].imps: 1000000 is above 999" in err, err
    assert not out_file.exists() and "Traceback" not in err
    assert elapsed < 30  # generous: the refusal comes before any drawing (a report, not a timing test)


def test_a_position_with_every_supply_at_the_limit_is_drawn() -> None:
    from dlrules.display.svg import position

    state = dlrules.new_game(2)
    full = attrs.evolve(state.players[0], gold=SUPPLY_LIMIT, food=SUPPLY_LIMIT, imps=SUPPLY_LIMIT)
    assert position(attrs.evolve(state, players=(full, *state.players[1:]))).startswith("<svg")


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda s: attrs.evolve(s, dummies=s.dummies + s.dummies), "$.dummies"),
        (lambda s: attrs.evolve(s, players=(attrs.evolve(s.players[0], hand=tuple(Action) * 50), *s.players[1:])), "$.players[0].hand"),
        (lambda s: attrs.evolve(s, turn=Turn(step=10**9)), "$.turn.step"),
        (lambda s: attrs.evolve(s, variant="x" * 100), "$.variant"),
    ],
)
def test_LIB_IN_4_every_list_and_counter_of_a_position_has_a_ceiling(change: Any, path: str) -> None:
    found = validate(change(dlrules.new_game(2)))
    assert any(p.path == path for p in found), found


# --- 2. card conservation, however a deck is written -------------------------------------------


@pytest.mark.parametrize("deck", ["monsters", "rooms", "traps", "adventurers", "events", "combat", "special"])
def test_a_deck_that_lists_a_card_twice_is_refused_at_loading_with_the_entry_path(deck: str) -> None:
    data = _data(dlrules.new_game(3))
    unseen = data["decks"][deck]["unseen"]
    key, copies = unseen[0]
    data["decks"][deck]["unseen"] = [[key, copies], [key, 1], *unseen[1:]]
    with pytest.raises(ValueError, match=rf"the card \"{key}\" is listed twice .* @ \$\.decks\.{deck}\.unseen\[1\]"):
        loads(json.dumps(data), GameState)
    data["decks"][deck]["unseen"] = [[key, copies + 1], *unseen[1:]]  # written as one entry, it is a card too many
    assert any(p.path.startswith("$.") for p in validate(loads(json.dumps(data), GameState)))


def test_validate_refuses_every_room_listed_three_times_at_once_not_16_moves_later() -> None:
    state = dlrules.new_game(3)
    rooms = state.decks.rooms
    tripled = attrs.evolve(state, decks=attrs.evolve(state.decks, rooms=attrs.evolve(rooms, unseen=tuple(sorted(rooms.unseen * 3)))))
    found = validate(tripled)
    assert any(p.path == "$.decks.rooms.unseen[1]" and "listed twice" in p.message for p in found), found
    assert any("rooms in more places than the game has copies" in p.message for p in found)


# --- 3. every refusal names its path ---------------------------------------------------------

BIG = "9" * 150


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ('{"type":"Decline","seat":' + BIG + "}", "@ $.seat"),
        ('{"a":[1,{"b":[' + BIG + "]}]}", "@ $.a[1].b[0]"),
        ('{"a":{"seed":1e999}}', "@ $.a.seed"),
        ('{"x":[NaN]}', "@ $.x[0]"),
        ('{"a":[{"seat":0,"seat":1}]}', "@ $.a[0]"),
        ('{"odd key":' + BIG + "}", "@ $['odd key']"),
        ('{"a":', "@ $"),
    ],
)
def test_every_json_refusal_ends_with_the_path_of_what_is_refused(text: str, path: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_json(text)
    assert str(info.value).endswith(path), str(info.value)


def test_an_integer_beyond_the_digit_limit_in_a_position_a_move_and_a_record_names_its_field() -> None:
    data = _data(dlrules.new_game(2))
    text = json.dumps(data).replace('"gold": 3', '"gold": ' + BIG, 1)
    with pytest.raises(ValueError, match=r"an integer of 150 digits, more than the limit max_int_digits=100 @ \$\.players\[0\]\.gold"):
        loads(text, GameState)
    header = '{"kind":"header","format":"dlrules-record","version":1,"rules":"x","variant":"full","players":3}'
    line = '{"kind":"move","n":' + BIG + ',"notation":"P1 decline"}'
    with pytest.raises(RecordError, match=r"line 2: an integer of 150 digits.* @ \$\.n"):
        parse_record(header + "\n" + line + "\n")


# --- 6. the carried items: malformed states, the paladin's one record --------------------------


@pytest.mark.parametrize(
    ("change", "found"),
    [
        (lambda s: attrs.evolve(s, players=(attrs.evolve(s.players[0], gold="5"), *s.players[1:])), "$.players[0].gold: expected an integer, not the string '5'"),
        (lambda s: attrs.evolve(s, players=(None, *s.players[1:])), "$.players[0]: expected a PlayerState, not None"),
        (lambda s: attrs.evolve(s, year=True), "$.year: expected an integer, not True"),
        (lambda s: attrs.evolve(s, board=None), "$.board: expected a tuple, not None"),
        (lambda s: attrs.evolve(s, phase="setup"), "$.phase: expected a Phase, not the string 'setup'"),
        (lambda s: attrs.evolve(s, decks=attrs.evolve(s.decks, monsters=attrs.evolve(s.decks.monsters, unseen=((1, "goblin"),)))), "$.decks.monsters.unseen[0][0]: expected a string"),
    ],
)
def test_a_malformed_state_gets_a_validate_path_not_a_type_error(change: Any, found: str) -> None:
    problems = validate(change(dlrules.new_game(2)))
    assert any(str(p).startswith(found) for p in problems), problems
    with pytest.raises(InvalidState, match=re_escape(found)):
        check_valid(change(dlrules.new_game(2)))


def re_escape(text: str) -> str:
    import re

    return re.escape(text)


def test_validate_refuses_a_paladin_both_in_a_party_and_in_the_fight() -> None:
    state = dlrules.new_game(3)
    key = PALADINS[1].key
    paladin = Adventurer(key)
    fight = Fight(plans=(None,) * 3, paladin=paladin)
    party = attrs.evolve(state.players[1], party=(paladin,))
    doubled = attrs.evolve(state, players=(state.players[0], party, state.players[2]), fight=fight, phase=Phase.COMBAT, round=4)
    found = validate(doubled)
    assert any(p.path == "$.fight.paladin" and "is also at $.players[1].party[0]" in p.message for p in found), found
    alone = attrs.evolve(doubled, players=state.players)
    assert not any("paladin" in p.message for p in validate(alone))


def test_validity_knows_the_variants_setup_knows() -> None:
    from dlrules.core.phases.setup import VARIANTS
    from dlrules.records.validity import VARIANTS as KNOWN

    assert KNOWN == VARIANTS
    assert any(p.path == "$.variant" for p in validate(attrs.evolve(dlrules.new_game(2), variant="easy")))
