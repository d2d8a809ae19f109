"""Hostile input (issue 11): every reproduction of the fuzzing report, each
giving a clear, documented error (docs/records.md "Limits and errors",
docs/api.md "JSON"): bounded reading of records and JSON, strict decoding of
moves and states (LIB-IN-1), no hidden information in what one seat is shown."""

from __future__ import annotations

import io
import json
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import dlrules
from dlrules import GameState, Move, RecordError, format_move, loads, parse_move
from dlrules.apps.cli.main import main
from dlrules.records.limits import DEFAULT_LIMITS, EXCERPT, Limits, parse_json
from dlrules.core.moves import ActivateRoom, Draw, PayMonster
from dlrules.records import dumps_record, make_record, parse_record, read_record
from dlrules.records.serialization import dumps

HEADER = '{"kind":"header","format":"dlrules-record","version":1,"rules":"x","variant":"full","players":3}'
RESULT = '{"kind":"result","moves":1,"year":1,"round":1,"phase":"setup","over":false}'


def record_with(line: str) -> str:
    """A record whose second line (the only move line) is ``line``."""
    return "\n".join([HEADER, line, RESULT]) + "\n"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- bounded reading: nesting, huge integers, long lines, endless input --------------------

DEEP = "[" * 100_000 + "]" * 100_000
HUGE_INT = "9" * 5_000  # beyond Python's own 4300-digit limit for int()


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (DEEP, "nested deeper than the limit max_depth=64"),
        ('{"type":"Decline","seat":' + HUGE_INT + "}", "an integer of 5000 digits, more than the limit max_int_digits=100"),
        ('{"type":"Decline","seat":NaN}', "NaN is not a JSON number"),
        ('{"type":"Decline","seat":0', "not valid JSON"),
    ],
)
def test_loads_refuses_deep_nesting_huge_integers_and_bad_json_with_a_value_error(text: str, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment) as info:
        loads(text, Move)
    assert len(str(info.value)) < 200


def test_a_key_given_twice_is_refused_by_loads_and_by_a_record_not_read_as_the_last_one() -> None:
    """Issue 21: ``{"type":"Decline","type":"Spy"}`` used to load as a Spy."""
    with pytest.raises(ValueError, match="the key 'type' is given twice in one object"):
        loads('{"type":"Decline","type":"Spy","seat":0}', Move)
    with pytest.raises(ValueError, match="the key 'seat' is given twice"):
        parse_json('{"a":[{"seat":0,"seat":1}]}')
    line = '{"kind":"move","n":1,"move":{"type":"Decline","seat":0,"seat":1}}'
    with pytest.raises(RecordError, match="line 2: the key 'seat' is given twice"):
        parse_record(record_with(line))
    assert parse_json('{"a":{"seat":0},"b":{"seat":1}}') == {"a": {"seat": 0}, "b": {"seat": 1}}  # one key per object


@pytest.mark.parametrize("number", ["1e999", "-1e999", "1" + "0" * 400 + ".0"])
def test_a_number_too_large_for_a_float_is_refused_not_read_as_infinity(number: str) -> None:
    with pytest.raises(ValueError, match="is too large"):
        parse_json('{"seed": ' + number + "}")
    assert parse_json("[1.5, 1e300]") == [1.5, 1e300]


def test_loads_refuses_text_beyond_max_size_and_raised_limits_let_it_through() -> None:
    text = dumps(dlrules.new_game(3))
    with pytest.raises(ValueError, match="more than the limit max_size=100"):
        loads(text, GameState, limits=Limits(max_size=100))
    nested = "[" * 100 + "]" * 100
    with pytest.raises(ValueError, match="max_depth=64"):
        parse_json(nested)
    assert parse_json(nested, Limits(max_depth=100)) is not None
    with pytest.raises(ValueError, match="max_int_digits=100"):
        parse_json("1" * 101)
    assert parse_json("1" * 101, Limits(max_int_digits=101)) == int("1" * 101)


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ('{"kind":"move","move":' + "[" * 30_000 + "]" * 30_000 + "}", "line 2: JSON nested deeper than the limit max_depth=64"),
        ('{"kind":"move","n":' + HUGE_INT + ',"notation":"P1 decline"}', "line 2: an integer of 5000 digits"),
    ],
)
def test_a_record_line_too_deep_or_with_a_huge_integer_is_a_record_error_with_its_line(line: str, fragment: str) -> None:
    with pytest.raises(RecordError, match=fragment) as info:
        parse_record(record_with(line))
    assert [p.line for p in info.value.problems] == [2]
    lenient = parse_record(record_with(line), strict=False)
    assert [p.line for p in lenient.problems] == [2, 3]  # and the result line counts a move that is lost
    assert fragment.removeprefix("line 2: ") in lenient.problems[0].message


def test_a_100_mb_line_is_refused_reading_it_piece_by_piece(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(HEADER + "\n" + '{"kind":"move","notation":"')
        chunk = "x" * (1 << 20)
        for _ in range(100):
            fh.write(chunk)
        fh.write('"}\n' + RESULT + "\n")
    tracemalloc.start()
    try:
        with pytest.raises(RecordError, match="line 2: the line is longer than the limit max_line=65536"):
            read_record(path)
        lenient = read_record(path, strict=False, limits=Limits(max_size=200 * (1 << 20)))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * (1 << 20)  # never the whole line in memory
    assert [(p.line, "max_line" in p.message) for p in lenient.problems] == [(2, True), (3, False)]
    assert "the result counts 1 moves but the record has 0" in lenient.problems[1].message


class Endless(io.RawIOBase):
    """An input that never ends (like /dev/zero), counting what is read."""

    def __init__(self, byte: bytes = b"\0") -> None:
        self.byte = byte
        self.served = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        size = len(buffer)
        buffer[:size] = self.byte * size
        self.served += size
        return size


@pytest.mark.parametrize("byte", [b"\0", b"\n", b"["])
def test_an_endless_input_stops_at_the_size_limit_in_both_modes(byte: bytes) -> None:
    limits = Limits(max_size=1 << 20)
    source = Endless(byte)
    with pytest.raises(RecordError) as info:
        read_record(io.BufferedReader(source), limits=limits)
    assert info.value.problems[0].line >= 1
    source = Endless(byte)
    record = read_record(io.BufferedReader(source), strict=False, limits=limits)
    assert source.served <= 2 * limits.max_size + 2 * (1 << 16)
    assert "reading stopped" in record.problems[-1].message
    assert len(record.problems) <= limits.max_problems + 1


@pytest.mark.parametrize("lenient", [[], ["--lenient"], ["--lenient", "--json"]])
def test_replay_of_dev_zero_ends_with_a_message_not_a_traceback(lenient: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    if not Path("/dev/zero").exists():  # pragma: no cover - not a Unix system
        pytest.skip("no /dev/zero here")
    code, out, err = run(capsys, "replay", "/dev/zero", "--max-size", str(1 << 20), *lenient)
    assert code in (1, 2)
    assert "the line is longer than the limit max_line=65536" in out + err
    assert "Traceback" not in out + err


def test_the_cli_limit_options_raise_the_limits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = make_record(2, "full", [])
    path = tmp_path / "r.jsonl"
    path.write_text(dumps_record(record), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path), "--max-line", "10")
    assert code == 2 and "line 1: the line is longer than the limit max_line=10 (raise it with --max-line)" in err
    code, out, _ = run(capsys, "replay", str(path), "--max-line", "1000")
    assert code == 0 and "0 moves replayed" in out
    with pytest.raises(SystemExit):
        main(["replay", str(path), "--max-depth", "0"])
    assert "at least 1" in capsys.readouterr().err


def test_lenient_reading_stops_collecting_at_max_problems() -> None:
    text = HEADER + "\n" + "nonsense\n" * 1000
    record = parse_record(text, strict=False, limits=Limits(max_problems=10))
    assert len(record.problems) == 11
    assert "10 problems, the limit max_problems=10" in record.problems[-1].message


def test_messages_quote_only_a_short_excerpt_of_the_offending_line() -> None:
    long = "z" * 50_000
    cases = [
        HEADER.replace('"full"', json.dumps(long)) + "\n" + RESULT,
        record_with(json.dumps({"kind": long})),
        record_with(json.dumps({"kind": "move", "notation": "P1 " + long})),
        record_with(json.dumps({"kind": "move", "move": {"type": "Draw", "seat": -1, "deck": long, "card": 5}})),
        record_with(json.dumps({"kind": "move", "notation": "P1 decline", "hash": [long]})),
        record_with(json.dumps({"kind": "move", "move": {"type": "Draw", "seat": -1, "deck": "monsters", "card": long}})),
        record_with(json.dumps({"kind": "move", "move": {"type": "Decline", "seat": 0, long: 1}})),
        record_with(json.dumps({"kind": "move", "move": {"type": "ChooseOrders", "seat": 0, "orders": [1] * 5_000}})),
        record_with('{"kind":"move","notation":"' + long + "}"),
    ]
    for text in cases:
        with pytest.raises(RecordError) as info:
            parse_record(text)
        message = str(info.value)
        assert "z" * (EXCERPT + 1) not in message and len(message) < 800, message[:900]
    with pytest.raises(ValueError) as error:
        parse_move("P1 " + long)
    assert len(str(error.value)) < 200


# --- strict decoding (LIB-IN-1) ----------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"type": "ActivateRoom", "seat": 0, "room": [1, 2], "troll": 1}, "extra fields found (troll) @ $"),
        ({"type": "PayMonster", "seat": 0, "monster": 0, "pay": "no"}, 'expected true or false, not the string "no" @ $.pay'),
        ({"type": "PayMonster", "seat": 1.7, "monster": 0, "pay": True}, "expected an integer, not the number 1.7 @ $.seat"),
        ({"type": "PayMonster", "seat": True, "monster": 0, "pay": True}, "expected an integer, not true @ $.seat"),
        ({"type": "PayMonster", "seat": 1.0, "monster": 0, "pay": True}, "expected an integer, not the number 1.0 @ $.seat"),
        ({"type": "PayMonster", "seat": "1", "monster": 0, "pay": True}, 'expected an integer, not the string "1" @ $.seat'),
        ({"type": "DigTunnel", "seat": 0, "square": "12"}, 'expected a list of 2, not the string "12" @ $.square'),
        ({"type": "DigTunnel", "seat": 0, "square": [1, "2"]}, "@ $.square[1]"),
        ({"type": "DigTunnel", "seat": 0, "square": [1, 2, 3]}, "expected a list of 2, not of 3 @ $.square"),
        ({"type": "Draw", "seat": -1, "deck": "monsters", "card": 5}, "expected a string, not the number 5 @ $.card"),
        ({"type": "Draw", "seat": -1, "card": "goblin"}, "required field missing @ $.deck"),
        ({"type": "PayMonster", "seat": None, "monster": 0, "pay": True}, "expected an integer, not null @ $.seat"),
        ({"type": "ChooseOrders", "seat": 0, "orders": "food"}, 'expected a list, not the string "food" @ $.orders'),
        ({"type": "ChooseOrders", "seat": 0, "orders": ["food", 1]}, "@ $.orders[1]"),
        ({"type": "ChooseOrders", "seat": 0, "orders": ["food"], "dummy_order": "FOOD"}, "@ $.dummy_order"),
        ({"type": "Nope", "seat": 0}, '"type" is the string "Nope": not a move class'),
        ({"seat": 0}, 'a move needs its "type"'),
    ],
)
def test_LIB_IN_1_loads_refuses_what_does_not_fit_with_the_path_of_the_field(data: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ValueError, match="JSON does not describe a Move") as info:
        loads(json.dumps(data), Move)
    assert fragment in str(info.value)


def test_LIB_IN_1_a_record_move_goes_through_the_same_strict_decoding() -> None:
    line = json.dumps({"kind": "move", "move": {"type": "PayMonster", "seat": True, "monster": 0, "pay": "no"}})
    with pytest.raises(RecordError) as info:
        parse_record(record_with(line))
    message = str(info.value)
    assert "line 2" in message and "@ $.seat" in message and "@ $.pay" in message


def test_LIB_IN_1_a_state_refuses_unknown_fields_wrong_types_and_null() -> None:
    state = dlrules.new_game(2)
    data = json.loads(dumps(state))
    assert loads(json.dumps(data), GameState) == state
    cases: list[tuple[Callable[[Any], object], str]] = [
        (lambda d: d["players"][0].update(gold=True), "@ $.players[0].gold"),
        (lambda d: d["players"][1].update(golden=1), "extra fields found (golden) @ $.players[1]"),
        (lambda d: d.update(phase=None), "@ $.phase"),
        (lambda d: d.update(year="1"), "@ $.year"),
        (lambda d: d["decks"]["monsters"].update(unseen=[["goblin", 1, 2]]), "@ $.decks.monsters.unseen[0]"),
        (lambda d: d["players"][0]["dungeon"]["tiles"][0].update(square=[0]), "@ $.players[0].dungeon.tiles[0].square"),
        (lambda d: d.pop("board"), "required field missing @ $.board"),
    ]
    for change, fragment in cases:
        broken = json.loads(json.dumps(data))
        change(broken)
        with pytest.raises(ValueError, match="JSON does not describe a GameState") as info:
            loads(json.dumps(broken), GameState)
        assert fragment in str(info.value)


def test_LIB_IN_1_a_field_with_a_default_may_be_left_out_and_a_class_takes_its_own_tag() -> None:
    assert loads('{"type":"Draw","deck":"monsters","card":"goblin"}', Move) == Draw("monsters", "goblin")
    assert loads('{"type":"ActivateRoom","seat":0,"room":[1,2]}', ActivateRoom) == ActivateRoom(0, (1, 2))
    assert loads('{"seat":0,"monster":1,"pay":false}', PayMonster) == PayMonster(0, 1, False)
    with pytest.raises(ValueError, match='"type" is the string "Decline", expected "PayMonster"'):
        loads('{"type":"Decline","seat":0,"monster":1,"pay":false}', PayMonster)


def test_LIB_IN_2_a_record_line_may_carry_fields_this_version_does_not_know() -> None:
    line = json.dumps({"kind": "move", "notation": "chance deal P1 food,dig,traps", "comment": "dealt by hand"})
    record = parse_record(record_with(line).replace('"over":false', '"over":false,"scores":[0,0,0]'))
    assert [format_move(rm.move) for rm in record.moves] == ["chance deal P1 food,dig,traps"]


# --- no side channel: one seat's output shows only its view's hash ---------------------------


def _keep_record(second_keep: str) -> str:
    """A 3-player record up to both first keeps; Player 2 keeps ``second_keep``."""
    notation = [
        "chance deal P1 food,dig,traps",
        "chance deal P2 reputation,mine,room",
        "chance deal P3 imps,traps,monster",
        "chance deal D4 food,mine,monster",
        "P1 keep food,dig",
        f"P2 keep {second_keep}",
    ]
    return dumps_record(make_record(3, "full", [parse_move(t) for t in notation]))


@pytest.mark.parametrize("as_json", [True, False])
def test_LIB_IN_3_explain_for_one_seat_says_nothing_of_another_seats_secret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], as_json: bool
) -> None:
    outputs = []
    for i, keep in enumerate(["mine,room", "reputation,mine"]):
        path = tmp_path / f"r{i}.jsonl"
        path.write_text(_keep_record(keep), encoding="utf-8")
        code, out, err = run(capsys, "explain", str(path), "--seat", "1", *(["--json"] if as_json else []))
        assert code == 0 and not err
        outputs.append(out)
    assert outputs[0] == outputs[1]  # Player 1 cannot tell which orders Player 2 kept
    if as_json:
        data = json.loads(outputs[0])
        assert "hash" not in data and data["view_hash"].startswith("sha256:")
        referee = run(capsys, "explain", str(tmp_path / "r0.jsonl"), "--json")[1]
        assert json.loads(referee)["hash"] != json.loads(run(capsys, "explain", str(tmp_path / "r1.jsonl"), "--json")[1])["hash"]


def test_default_limits_are_documented_values() -> None:
    assert (DEFAULT_LIMITS.max_line, DEFAULT_LIMITS.max_size, DEFAULT_LIMITS.max_depth) == (65_536, 16 << 20, 64)
    assert (DEFAULT_LIMITS.max_int_digits, DEFAULT_LIMITS.max_problems) == (100, 100)
    with pytest.raises(ValueError, match="max_line must be a whole number of at least 1"):
        Limits(max_line=0)



@pytest.mark.parametrize(
    ("data", "typ", "fragment"),
    [
        ("ab", frozenset[str], 'expected a list, not the string "ab" @ $'),
        (["a", 1], frozenset[str], "expected a string, not the number 1"),
        ({"a": True}, dict[str, int], "expected an integer, not true @ $['a']"),
        ([1], dict[str, int], "expected an object, not a list @ $"),
    ],
)
def test_LIB_IN_1_sets_and_mappings_a_later_field_may_use_are_as_strict(data: Any, typ: Any, fragment: str) -> None:
    from dlrules.records.serialization import from_data

    with pytest.raises(ValueError) as info:
        from_data(data, typ)
    assert fragment in str(info.value)
    assert from_data(["a", "b"], frozenset[str]) == frozenset({"a", "b"})
    assert from_data({"a": 1}, dict[str, int]) == {"a": 1}


def test_the_dlrules_command_on_dev_zero_with_the_default_limits() -> None:
    """The issue's reproduction as typed: ``dlrules replay /dev/zero`` (and
    ``--lenient``, which reads on to the 16 MiB limit) ends with a message."""
    import subprocess
    import sys

    if not Path("/dev/zero").exists():  # pragma: no cover - not a Unix system
        pytest.skip("no /dev/zero here")
    for extra in ([], ["--lenient"]):
        done = subprocess.run(
            [sys.executable, "-m", "dlrules", "replay", "/dev/zero", *extra], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == (1 if extra else 2)
        assert "line 1: the line is longer than the limit max_line=65536" in done.stderr
        assert "Traceback" not in done.stderr and len(done.stderr) < 1_000


@pytest.mark.parametrize("command", ["explain", "show"])
@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ('{"players":' + "[" * 5_000 + "]" * 5_000 + ',"phase":"setup"}', "nested deeper than the limit max_depth=64"),
        ('{"players":[],"phase":"setup","year":' + HUGE_INT + "}", "an integer of 5000 digits"),
        (None, "not a dlrules position: JSON does not describe a GameState: expected an integer, not true @ $.year"),
    ],
)
def test_explain_and_show_of_a_hostile_position_file_end_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, content: str | None, fragment: str
) -> None:
    if content is None:  # a real position with a boolean where the year belongs
        data = json.loads(dumps(dlrules.new_game(2)))
        data["year"] = True
        content = json.dumps(data)
    path = tmp_path / "position.json"
    path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, command, str(path))
    assert code == 2 and fragment in err, err
    assert "Traceback" not in out + err and len(err) < 1_000


@pytest.mark.parametrize("command", ["explain", "show"])
def test_explain_and_show_stop_reading_at_the_size_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    path = tmp_path / "big.json"
    path.write_text("{" + " " * 3_000 + "}", encoding="utf-8")
    code, _, err = run(capsys, command, str(path), "--max-size", "1000")
    assert code == 2 and "larger than the limit max_size=1000 (raise it with --max-size)" in err
