"""Is a move well formed (RS-3): every field holds a value of the type its
move class declares. ``engine.check`` refuses a malformed move before asking
any phase about it, so junk never reaches a phase's ``explain`` or ``play``,
and a look-alike value (``2.0`` or ``True`` for the integer ``2`` or ``1``,
which compare equal to it) is never taken for a legal move."""

from __future__ import annotations

import types
import typing
from typing import Any

import attrs


def malformed_field(move: object) -> str | None:
    """The first field of ``move`` whose value does not fit its declared type,
    described in a sentence, or None when every field fits."""
    for name, hint in field_hints(type(move)):
        value = getattr(move, name)
        if not _fits(value, hint):
            return f"{name}={value!r} is not {_describe(hint)}"
    return None


_HINTS: dict[type, tuple[tuple[str, Any], ...]] = {}


def field_hints(cls: type) -> tuple[tuple[str, Any], ...]:
    """The (field, declared type) pairs of a move class, resolved once."""
    found = _HINTS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _HINTS[cls] = tuple((f.name, hints[f.name]) for f in attrs.fields(cls))
    return found


def _fits(value: object, hint: Any) -> bool:
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(_fits(value, arg) for arg in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if origin is tuple:
        args = typing.get_args(hint)
        if type(value) is not tuple:
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(value) == len(args) and all(_fits(v, a) for v, a in zip(value, args))
    if hint in (int, bool, str):
        return type(value) is hint  # exactly: no bool for int, no float for int
    if isinstance(hint, type):
        if attrs.has(hint):  # a record inside a move (a table ruling's changes): its own fields too
            return isinstance(value, hint) and malformed_field(value) is None
        return isinstance(value, hint)
    return True  # a type this check does not know: the phase decides


def _describe(hint: Any) -> str:
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return " or ".join(_describe(a) for a in typing.get_args(hint))
    if hint is type(None):
        return "None"
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a tuple of {_describe(args[0])}"
        return "a tuple (" + ", ".join(_describe(a) for a in args) + ")"
    return f"a{'n' if getattr(hint, '__name__', '?')[0] in 'AEIOUaeiou' else ''} {getattr(hint, '__name__', str(hint))}"
