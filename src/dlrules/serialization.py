"""JSON for states and moves (cattrs). Moves are a tagged union: each JSON
object carries ``"type": "<ClassName>"``."""

from __future__ import annotations

import enum
import json
from collections.abc import Callable
from typing import Any, TypeVar, get_origin

import cattrs
from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union

from dlrules.moves import MOVE_TYPES, Move

T = TypeVar("T")



def _make() -> cattrs.Converter:
    made = make_converter()
    configure_tagged_union(Move, made, tag_name="type")
    return made


converter = _make()
_reference = _make()
"""The same converter without the fast hooks below: they hand a failure over
to it, so that errors are cattrs' own (public API only)."""


# --- faster structuring (same results, same errors) -----------------------------------
# cattrs structures ``tuple[X, ...]`` through a generic method that looks up
# the element hook on every call, and enums through ``Enum.__call__``; the
# state is mostly such tuples and enums. These hooks look the element hook
# up once and find enum members in a dict; on any failure they hand over to
# the reference converter, whose cattrs code raises its detailed error.


def _is_homogeneous_tuple(typ: Any) -> bool:
    args: tuple[Any, ...] = getattr(typ, "__args__", ())
    return get_origin(typ) is tuple and len(args) == 2 and args[1] is Ellipsis and args[0] is not Any


def _homogeneous_tuple(typ: Any) -> Callable[[Any, Any], Any]:
    element = typ.__args__[0]
    hook = converter.get_structure_hook(element)
    general = _reference.get_structure_hook(typ)  # cattrs' own, for its error messages

    def structure(data: Any, _: Any) -> Any:
        if isinstance(data, list):
            try:
                return tuple([hook(e, element) for e in data])
            except Exception:  # noqa: BLE001 - cattrs' code below says what is wrong
                pass
        return general(data, typ)

    return structure


def _is_enum(typ: Any) -> bool:
    return isinstance(typ, type) and issubclass(typ, enum.Enum)


def _enum(typ: Any) -> Callable[[Any, Any], Any]:
    members = {m.value: m for m in typ}

    def structure(data: Any, _: Any) -> Any:
        try:
            return members[data]
        except (KeyError, TypeError):
            return typ(data)  # raises the enum's own ValueError

    return structure


converter.register_structure_hook_factory(_is_enum, _enum)
converter.register_structure_hook_factory(_is_homogeneous_tuple, _homogeneous_tuple)


def to_data(obj: Any) -> Any:
    """The JSON-ready data for a state, a move or any record of the library."""
    if isinstance(obj, MOVE_TYPES):
        return converter.unstructure(obj, Move)  # tagged with its type
    return converter.unstructure(obj, type(obj))


def dumps(obj: Any) -> str:
    """JSON text for a state or a move (moves tagged with their type)."""
    return json.dumps(to_data(obj), sort_keys=True, separators=(",", ":"))


def loads(text: str, typ: type[T] | Any) -> T:
    """Read ``typ`` (``GameState``, ``Move`` or a move class) from JSON text.

    Malformed text or data that does not fit raises ``ValueError`` with the
    reason; nothing is half-built."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON: {exc}") from exc
    try:
        return converter.structure(data, typ)  # type: ignore[no-any-return]
    except (cattrs.BaseValidationError, KeyError, TypeError, ValueError, AttributeError) as exc:
        detail = "; ".join(cattrs.transform_error(exc)) if isinstance(exc, cattrs.BaseValidationError) else str(exc)
        raise ValueError(f"JSON does not describe a {getattr(typ, '__name__', typ)}: {detail}") from exc
