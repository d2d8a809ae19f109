"""Fuzzing the readers of outside input (issue 11): ``loads``, the record
reader (strict and lenient), ``parse_move`` and the CLI entry points, with
arbitrary text and with real moves, states and records mutated.

The properties (docs/api.md "JSON", docs/records.md "Limits and errors"):

- only documented exceptions: ``loads`` and ``parse_move`` raise
  ``ValueError``; strict reading ``RecordError``; the CLI returns 0, 1 or 2
  (argparse exits with 2 for bad usage) and never prints a traceback;
- lenient reading never raises on any text;
- a decoded move (or state) re-encodes to an equal JSON value, the fields
  left out taking their defaults (LIB-IN-1); a parsed notation re-formats to
  a notation that parses to the same move.

The budget is ``fuzz_examples`` of the profile (properties/profiles.py):
small in ``quick``, larger in ``thorough``, large in ``nightly``.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import dlrules
from dlrules import GameState, Move, RecordError, format_move, loads, parse_move
from dlrules.apps.cli.main import main
from dlrules.records.limits import Limits
from dlrules.core.moves import MOVE_TYPES
from dlrules.records import dumps_record, make_record, parse_record, read_record
from dlrules.records.serialization import dumps, to_data
from properties.profiles import PROFILE

FUZZ = settings(max_examples=PROFILE.fuzz_examples)

# --- material: real moves, states and records ----------------------------------------------


@cache
def game(players: int = 3, seed: int = 11) -> tuple[GameState, tuple[Move, ...]]:
    run = dlrules.play_out(dlrules.new_game(players), None, random.Random(seed), max_moves=400)
    return run.state, run.moves


@cache
def record_text() -> str:
    _, moves = game()
    return dumps_record(make_record(3, "full", moves[:40], seed=11))


def as_json(obj: Any) -> Any:
    return json.loads(dumps(obj))


def canonical(value: Any) -> str:
    """JSON text that tells ``1``, ``1.0`` and ``true`` apart."""
    return json.dumps(value, sort_keys=True)


def same_but_defaults(again: Any, given_: Any) -> bool:
    """``again`` (a re-encoding) is the JSON value ``given_`` with only the
    fields ``given_`` left out added (their defaults), at every level."""
    if isinstance(given_, dict):
        return isinstance(again, dict) and all(k in again and same_but_defaults(again[k], v) for k, v in given_.items())
    if isinstance(given_, list):
        return isinstance(again, list) and len(again) == len(given_) and all(map(same_but_defaults, again, given_))
    return canonical(again) == canonical(given_)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
"""Arbitrary JSON values."""

FIELD_NAMES = sorted({f.name for cls in MOVE_TYPES for f in attrs.fields(cls)} | {"type", "troll", "kind", ""})


@st.composite
def mutated(draw: st.DrawFn, value: Any, depth: int = 0) -> Any:
    """``value`` with one change somewhere inside: a value replaced, a key
    removed or added, a list shortened or lengthened."""
    if isinstance(value, dict) and value and depth < 8 and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(value)))
        return {**value, key: draw(mutated(value[key], depth + 1))}
    if isinstance(value, list) and value and depth < 8 and draw(st.booleans()):
        i = draw(st.integers(0, len(value) - 1))
        return [*value[:i], draw(mutated(value[i], depth + 1)), *value[i + 1 :]]
    op = draw(st.integers(0, 3))
    if op == 0 or not isinstance(value, (dict, list)):
        return draw(json_values)
    if isinstance(value, dict):
        if op == 1 and value:
            key = draw(st.sampled_from(sorted(value)))
            return {k: v for k, v in value.items() if k != key}
        return {**value, draw(st.sampled_from(FIELD_NAMES) | st.text(max_size=8)): draw(json_values)}
    if op == 1 and value:
        return value[:-1]
    return [*value, draw(json_values)]


moves = st.integers(0, 10_000).map(lambda i: game()[1][i % len(game()[1])])
move_data = moves.map(as_json).flatmap(lambda d: st.one_of(st.just(d), mutated(d)))


def defaults_of(cls: type) -> dict[str, Any]:
    return {f.name: as_json_value(f.default) for f in attrs.fields(cls) if f.default is not attrs.NOTHING}


def as_json_value(value: Any) -> Any:
    return json.loads(json.dumps(to_data(value)))


# --- loads ---------------------------------------------------------------------------------


@FUZZ
@given(text=st.text(max_size=200) | st.binary(max_size=100).map(lambda b: b.decode("latin-1")))
def test_fuzz_loads_of_any_text_is_a_move_or_a_value_error(text: str) -> None:
    for typ in (Move, GameState):
        try:
            loads(text, typ)
        except ValueError:
            pass


@FUZZ
@given(data=move_data | json_values)
def test_fuzz_a_decoded_move_re_encodes_to_an_equal_json_value(data: Any) -> None:
    try:
        move: Move = loads(json.dumps(data), Move)
    except ValueError:
        return
    assert isinstance(data, dict)
    cls = type(move)
    again = as_json(move)
    assert same_but_defaults(again, data)
    assert set(again) - set(data) <= set(defaults_of(cls))
    assert loads(dumps(move), cls) == move


@FUZZ
@given(change=st.data())
def test_fuzz_a_mutated_state_is_a_state_or_a_value_error(change: st.DataObject) -> None:
    state, _ = game()
    data = change.draw(mutated(as_json(state)))
    try:
        back: GameState = loads(json.dumps(data), GameState)
    except ValueError:
        return
    assert isinstance(data, dict)
    assert loads(dumps(back), GameState) == back
    assert same_but_defaults(as_json(back), data)


# --- parse_move ----------------------------------------------------------------------------

notation_words = st.sampled_from(
    ["P1", "P2", "P9", "chance", "orders", "keep", "draw", "deal", "dig", "mine", "hire", "build", "activate", "spy",
     "decline", "take", "finish", "return", "payday", "taxes", "pay", "release", "food,dig,mine", "1,3", "0", "-1",
     "dummy=imps", "trolls=2", "target=1,2", "monsters", "goblin", "D4", "Draw", "deck=traps", "x=", "="]
)  # fmt: skip


@FUZZ
@given(
    text=st.text(max_size=80)
    | st.lists(notation_words, max_size=6).map(" ".join)
    | moves.map(format_move).flatmap(lambda t: st.sampled_from([t, t.upper(), t + " x", t.replace(" ", "  ")]))
)
def test_fuzz_parse_move_gives_a_move_that_formats_back_or_a_value_error(text: str) -> None:
    try:
        move = parse_move(text)
    except ValueError:
        return
    assert parse_move(format_move(move)) == move
    assert loads(dumps(move), Move) == move


# --- the record reader ---------------------------------------------------------------------


@st.composite
def record_texts(draw: st.DrawFn) -> str:
    """A real record with a few lines dropped, repeated, cut, swapped or
    replaced (by junk or by a mutated JSON line)."""
    lines = record_text().splitlines()
    for _ in range(draw(st.integers(0, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.integers(0, 5))
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[i])
        elif op == 2:
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        elif op == 3:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 4:
            lines[i] = draw(st.text(max_size=40))
        else:
            try:
                line = json.loads(lines[i])
            except ValueError:  # a line already broken
                continue
            lines[i] = json.dumps(draw(mutated(line)))
        if not lines:
            break
    return draw(st.sampled_from(["\n", "\r\n"])).join(lines)


any_record = record_texts() | st.text(max_size=300)
SMALL = Limits(max_line=2_000, max_size=50_000, max_depth=16, max_int_digits=20, max_problems=20)


@FUZZ
@given(text=any_record, small=st.booleans())
def test_fuzz_lenient_reading_never_raises_and_strict_raises_only_record_errors(text: str, small: bool) -> None:
    limits = SMALL if small else Limits()
    record = parse_record(text, strict=False, limits=limits)
    assert len(record.problems) <= limits.max_problems + 1
    assert all(p.line >= 0 and len(p.message) < 1_000 for p in record.problems)
    try:
        strict = parse_record(text, limits=limits)
    except RecordError as exc:
        assert len(exc.problems) == 1 and record.problems
        assert exc.problems[0] == record.problems[0]
    else:
        assert not record.problems and strict == record
        dlrules.verify(strict)  # replay of whatever was read: problems, never an exception


@FUZZ
@given(raw=any_record.map(lambda t: t.encode("utf-8", "surrogatepass")) | st.binary(max_size=300))
def test_fuzz_reading_bytes_from_a_file_object(raw: bytes) -> None:
    record = read_record(io.BytesIO(raw), strict=False, limits=SMALL)
    try:
        read_record(io.BytesIO(raw), limits=SMALL)
    except RecordError:
        assert record.problems


# --- the command line ----------------------------------------------------------------------

options = st.lists(
    st.sampled_from(
        ["--json", "--lenient", "--seat", "1", "2", "5", "-3", "--at", "0", "3", "999", "--max-line", "10", "x",
         "--max-depth", "3", "--max-size", "100", "--max-int-digits", "1", "--max-problems", "--bogus", "-h"]
    ),
    max_size=5,
)  # fmt: skip


position_texts = st.builds(lambda: game()[0]).map(as_json).flatmap(mutated).map(json.dumps)


@FUZZ
@given(command=st.sampled_from(["replay", "explain", "show"]), content=any_record | position_texts, extra=options)
def test_fuzz_the_cli_returns_a_status_and_never_a_traceback(command: str, content: str, extra: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.jsonl"
        path.write_bytes(content.encode("utf-8", "surrogatepass"))
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main([command, str(path), *extra])
            except SystemExit as exc:  # argparse: bad usage (2) or --help (0)
                code = exc.code if isinstance(exc.code, int) else 2
        assert code in (0, 1, 2)
        assert "Traceback" not in out.getvalue() + err.getvalue()
        if code == 0 and "--json" in extra and "-h" not in extra:
            json.loads(out.getvalue())


@FUZZ
@given(argv=st.lists(st.sampled_from(["play", "--players", "2", "3", "5", "--seed", "-1", "--max-moves", "4", "x", "--json", "--variant", "first"]), max_size=6))
def test_fuzz_play_options_give_a_status_not_a_traceback(argv: list[str]) -> None:
    if "--max-moves" not in argv:
        argv = [*argv, "--max-moves", "30"]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
    assert code in (0, 2)
    assert "Traceback" not in err.getvalue()


# --- the depth limit -----------------------------------------------------------------------


def nesting(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((nesting(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((nesting(v) for v in value), default=0)
    return 0


tricky_text = st.text(alphabet='[]{}"\\ab\n\u00e9', max_size=6)
deep_values = st.recursive(
    st.none() | st.integers() | tricky_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(tricky_text, inner, max_size=3),
    max_leaves=30,
)


@FUZZ
@given(value=deep_values, limit=st.integers(1, 12), ascii_only=st.booleans())
def test_fuzz_the_depth_limit_is_exact_whatever_the_strings_hold(value: Any, limit: int, ascii_only: bool) -> None:
    from dlrules.records.limits import JSONLimitError, parse_json

    text = json.dumps(value, ensure_ascii=ascii_only)
    try:
        parse_json(text, Limits(max_depth=limit))
    except JSONLimitError as exc:
        assert "max_depth" in str(exc) and nesting(value) > limit
    else:
        assert nesting(value) <= limit
