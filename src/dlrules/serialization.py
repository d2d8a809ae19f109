"""JSON for states and moves (cattrs). Moves are a tagged union: each JSON
object carries ``"type": "<ClassName>"``."""

from __future__ import annotations

import json
from typing import Any, TypeVar

import cattrs
from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union

from dlrules.moves import MOVE_TYPES, Move

T = TypeVar("T")

converter = make_converter()
configure_tagged_union(Move, converter, tag_name="type")


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
