"""Bounds on what the library reads (docs/records.md, docs/api.md "Limits").

A referee reads files that other people hand it. Every reader of outside
text (``loads``, ``read_record``/``parse_record``, the CLI) works within a
:class:`Limits`: a line, a whole text, the nesting of JSON arrays and
objects and the digits of a JSON integer are bounded, so that no input, not
even an endless one, makes it crash, recurse without end or hold unbounded
memory. Anything beyond a limit is refused with a ``ValueError`` (from
``loads``) or a ``RecordError`` (records) that names the limit and how to
raise it. ``parse_json`` is the one JSON reader all of them share.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import attrs


def _positive(_: Any, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"the limit {attribute.name} must be a whole number of at least 1, not {value!r}")


@attrs.frozen
class Limits:
    """What the readers accept (raise a limit with ``attrs.evolve`` or by
    making a new ``Limits``; the CLI has a flag for each).

    - ``max_line``: characters in one record line (bytes when a record is
      read from a path), without its newline;
    - ``max_size``: characters in a whole record or in a text given to
      ``loads`` (bytes when a record is read from a path);
    - ``max_depth``: nesting of JSON arrays and objects (a state nests 6
      deep, a record line 4); Python's own recursion limit caps it near 900;
    - ``max_int_digits``: digits of a JSON integer (a seed of 2**256 has 78);
    - ``max_problems``: problems lenient reading collects before it stops;
    - ``max_position``: characters in a position (a state's JSON: a position
      file, a ``GameState`` given to ``loads``); a real one is a few
      kilobytes, so a huge one is refused before it is parsed.
    """

    max_line: int = attrs.field(default=65_536, validator=_positive)
    max_size: int = attrs.field(default=16 * 1024 * 1024, validator=_positive)
    max_depth: int = attrs.field(default=64, validator=_positive)
    max_int_digits: int = attrs.field(default=100, validator=_positive)
    max_problems: int = attrs.field(default=100, validator=_positive)
    max_position: int = attrs.field(default=256 * 1024, validator=_positive)


DEFAULT_LIMITS = Limits()
"""The limits used when none are given."""

EXCERPT = 40
"""At most this many characters of a text or value are quoted in a message."""


def excerpt(text: str, size: int = EXCERPT) -> str:
    """``text`` quoted (``repr``), cut to ``size`` characters with its length
    when longer: error messages never echo a whole hostile input."""
    if len(text) <= size:
        return repr(text)
    return f"{text[:size]!r}… ({len(text)} characters)"


def value_excerpt(value: Any, size: int = EXCERPT) -> str:
    """A JSON value as a short excerpt of its JSON text."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):  # pragma: no cover - values come from parse_json
        text = type(value).__name__
    return text if len(text) <= size else f"{text[:size]}… ({len(text)} characters)"


def quote(value: Any, size: int = EXCERPT) -> str:
    """A string as ``excerpt`` quotes it, any other JSON value as its JSON."""
    return excerpt(value, size) if isinstance(value, str) else value_excerpt(value, size)


class JSONLimitError(ValueError):
    """JSON text that is malformed or beyond a limit; the message says which."""


class _Misfit:
    """A value the JSON reader refuses (an integer of too many digits, a number
    too large, ``NaN``, a key given twice), put in the place of the value while
    the text is parsed, so that the refusal can name its path (``$.seat``):
    the parser's hooks do not know where they are."""

    __slots__ = ("message",)

    def __init__(self, message: str) -> None:
        self.message = message


class _TwiceObject(dict[str, Any]):
    """An object with a key given twice, in the place of the object (as ``_Misfit``)."""

    message = ""


def _no_constant(name: str) -> Any:
    return _Misfit(f"{name} is not a JSON number")


def _finite(literal: str) -> Any:
    """A JSON fraction; a misfit when it is too large for a number (``1e999``)."""
    value = float(literal)
    if not math.isfinite(value):
        return _Misfit(f"the number {excerpt(literal)} is too large")
    return value


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object; a key given twice is refused (``{"type": "Decline",
    "type": "Spy"}`` is no move: which of the two was meant?)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                twice = _TwiceObject(data)
                twice.message = f"the key {excerpt(key)} is given twice in one object"
                return twice
            seen.add(key)
    return data


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _step(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if _NAME.fullmatch(key) and len(key) <= EXCERPT else f"{path}[{excerpt(key)}]"


def _first_misfit(data: Any) -> tuple[str, str] | None:
    """The path and the message of the first misfit in ``data`` (document
    order), by a walk without recursion, linear in the size of ``data``."""
    stack: list[tuple[Any, str]] = [(data, "$")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, _Misfit):
            return path, value.message
        if isinstance(value, _TwiceObject):
            return path, value.message
        if isinstance(value, dict):
            stack.extend((v, _step(path, k)) for k, v in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend((v, _step(path, i)) for i, v in reversed(list(enumerate(value))))
    return None


_KEEP = b'[]{}"'
_DROP = bytes(b for b in range(256) if b not in _KEEP)
_STRING_BYTES = re.compile(rb'"[^"]*"')
_INNERMOST = re.compile(rb"\[\]|\{\}")


def _deeper_than(text: str, limit: int) -> bool:
    """Whether valid JSON ``text`` nests arrays and objects deeper than
    ``limit``, by string work at C speed (no recursion, no walk): escapes
    removed, every character but brackets and quotes dropped, strings
    dropped (after the escapes every quote opens or closes a string), then
    the innermost bracket pairs removed level by level."""
    if "\\" in text:
        text = text.replace("\\\\", "").replace('\\"', "")
    marks = text.encode("utf-8", "surrogatepass").translate(None, _DROP)
    brackets = _STRING_BYTES.sub(b"", marks) if b'"' in marks else marks
    # Quick bound: a round of both replaces removes one or two levels.
    rounds, rest = 0, brackets
    while rest and rounds <= limit:
        rest = rest.replace(b"[]", b"").replace(b"{}", b"")
        rounds += 1
    if not rest and 2 * rounds <= limit:
        return False
    if rest:  # more than ``limit`` rounds: deeper than ``limit`` levels
        return True
    for _ in range(limit):  # exactly, one level a round
        if not brackets:
            return False
        brackets = _INNERMOST.sub(b"", brackets)
    return bool(brackets)


def parse_json(text: str, limits: Limits = DEFAULT_LIMITS, *, what: str = "the text") -> Any:
    """The JSON value of ``text``, within ``limits``; ``JSONLimitError`` (a
    ``ValueError``) for text too long, malformed, nested too deep, with an
    integer of too many digits, a number too large (``1e999``), ``NaN`` or
    ``Infinity``, or a key given twice in one object. Every message ends with
    the path of what is refused (``@ $.players[0].gold``; ``@ $`` for the
    whole text), the first in the text when there are several."""
    if len(text) > limits.max_size:
        raise JSONLimitError(f"{what} is {len(text)} characters long, more than the limit max_size={limits.max_size} @ $")
    digits = limits.max_int_digits
    misfits = False

    def parse_int(literal: str) -> Any:
        nonlocal misfits
        if len(literal.lstrip("-")) > digits:
            misfits = True
            return _Misfit(f"an integer of {len(literal.lstrip('-'))} digits, more than the limit max_int_digits={digits}")
        return int(literal)

    def parse_float(literal: str) -> Any:
        nonlocal misfits
        value = _finite(literal)
        misfits = misfits or isinstance(value, _Misfit)
        return value

    def parse_constant(name: str) -> Any:
        nonlocal misfits
        misfits = True
        return _no_constant(name)

    def pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal misfits
        value = _object(pairs)
        misfits = misfits or isinstance(value, _TwiceObject)
        return value

    try:
        data = json.loads(text, parse_int=parse_int, parse_float=parse_float, parse_constant=parse_constant, object_pairs_hook=pairs_hook)
    except json.JSONDecodeError as exc:
        where = f"column {exc.colno}" if exc.lineno == 1 else f"line {exc.lineno}, column {exc.colno}"
        raise JSONLimitError(f"not valid JSON ({exc.msg.removesuffix(' at')} at {where}) @ $") from None  # "starting at" ends some messages
    except RecursionError:
        raise JSONLimitError(f"JSON nested deeper than the limit max_depth={limits.max_depth} @ $") from None
    except ValueError as exc:  # e.g. Python's own limit on integer digits, with max_int_digits raised past it
        raise JSONLimitError(f"not valid JSON ({excerpt(str(exc), 80)}) @ $") from None
    if (text.count("[") + text.count("{")) > limits.max_depth and _deeper_than(text, limits.max_depth):
        raise JSONLimitError(f"JSON nested deeper than the limit max_depth={limits.max_depth} @ $")
    if misfits:
        found = _first_misfit(data)
        assert found is not None
        raise JSONLimitError(f"{found[1]} @ {found[0]}")
    return data
