"""JSON for states and moves (cattrs). Moves are a tagged union: each JSON
object carries ``"type": "<ClassName>"``.

Reading is strict (docs/api.md "JSON", ruling LIB-IN-1): an unknown field, a
value of the wrong JSON type (``true`` or ``1.0`` where an integer belongs, a
number where a name belongs, a string where a list belongs), a missing field
without a default and ``null`` where the type has no ``None`` are refused
with the path of the field; nothing is coerced. Text is read within
``Limits`` (dlrules.records.limits)."""

from __future__ import annotations

import enum
import json
import typing
from collections.abc import Callable
from typing import Any, TypeVar, get_origin

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote, ClassValidationError, ForbiddenExtraKeysError, IterableValidationError, IterableValidationNote,
)  # fmt: skip
from cattrs.gen import make_dict_structure_fn
from cattrs.preconf.json import make_converter
from cattrs.v import format_exception

from dlrules.records.limits import DEFAULT_LIMITS, EXCERPT, JSONLimitError, Limits, excerpt, parse_json, value_excerpt
from dlrules.core.moves import MOVE_TYPES, Move
from dlrules.core.state import Deck, GameState

T = TypeVar("T")

TAG = "type"
"""The key naming a move's class in its JSON."""

converter = make_converter(forbid_extra_keys=True)


class Refused(ValueError):
    """A JSON value of the wrong kind for its field (the message says which)."""


def _kind(data: Any) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "true" if data else "false"
    if isinstance(data, (int, float)):
        return f"the number {value_excerpt(data)}"
    if isinstance(data, str):
        return f"the string {value_excerpt(data)}"
    if isinstance(data, list):
        return "a list"
    if isinstance(data, dict):
        return "an object"
    return type(data).__name__  # pragma: no cover - JSON has no other kinds


# --- strict scalars: no coercion --------------------------------------------------------


def _int(data: Any, _: Any) -> int:
    if type(data) is not int:
        raise Refused(f"expected an integer, not {_kind(data)}")
    return data


def _str(data: Any, _: Any) -> str:
    if type(data) is not str:
        raise Refused(f"expected a string, not {_kind(data)}")
    return data


def _bool(data: Any, _: Any) -> bool:
    if type(data) is not bool:
        raise Refused(f"expected true or false, not {_kind(data)}")
    return data


def _float(data: Any, _: Any) -> float:  # pragma: no cover - no state field is a float yet
    if type(data) not in (int, float):
        raise Refused(f"expected a number, not {_kind(data)}")
    return float(data)


converter.register_structure_hook(int, _int)
converter.register_structure_hook(str, _str)
converter.register_structure_hook(bool, _bool)
converter.register_structure_hook(float, _float)


def _is_enum(typ: Any) -> bool:
    return isinstance(typ, type) and issubclass(typ, enum.Enum)


def _enum(typ: Any) -> Callable[[Any, Any], Any]:
    """Enum members by their exact value (a string stays a string: ``1`` is
    not ``"1"``); the members are looked up in a dict (fast)."""
    members = {(type(m.value), m.value): m for m in typ}
    names = ", ".join(json.dumps(m.value) for m in typ)

    def structure(data: Any, _: Any) -> Any:
        try:
            return members[(type(data), data)]
        except (KeyError, TypeError):
            raise Refused(f"expected one of {names}, not {_kind(data)}") from None

    return structure


converter.register_structure_hook_factory(_is_enum, _enum)


# --- lists: only JSON arrays, tuples of fixed length exactly ---------------------------


def _with_indices(data: list[Any], typ: Any, element: Any, hook: Callable[[Any, Any], Any]) -> Any:
    """Structure every element, collecting the failures with their index as
    cattrs does (``IterableValidationError`` with ``IterableValidationNote``s,
    public API), so that ``transform_error`` gives paths like ``$.orders[1]``."""
    return _each(data, typ, [(element, hook)] * len(data))


def _each(data: list[Any], typ: Any, kinds: list[tuple[Any, Callable[[Any, Any], Any]]]) -> Any:
    """``data[i]`` structured as ``kinds[i]`` (its type and hook), failures
    collected with their index (see ``_with_indices``)."""
    out: list[Any] = []
    errors: list[Exception] = []
    for i, (item, (element, hook)) in enumerate(zip(data, kinds)):
        try:
            out.append(hook(item, element))
        except Exception as exc:  # noqa: BLE001 - reported with its index
            exc.add_note(IterableValidationNote(f"Structuring {typ} @ index {i}", i, element))
            errors.append(exc)
    if errors:
        raise IterableValidationError(f"While structuring {typ!r}", errors, typ)
    return tuple(out)


def _is_tuple(typ: Any) -> bool:
    return get_origin(typ) is tuple


def _tuple(typ: Any) -> Callable[[Any, Any], Any]:
    args: tuple[Any, ...] = typing.get_args(typ)
    if len(args) == 2 and args[1] is Ellipsis:
        element = args[0]
        hook = converter.get_structure_hook(element)

        def homogeneous(data: Any, _: Any) -> Any:
            if not isinstance(data, list):
                raise Refused(f"expected a list, not {_kind(data)}")
            try:
                return tuple([hook(e, element) for e in data])  # fast path
            except Exception:  # noqa: BLE001 - the loop below says where
                pass
            return _with_indices(data, typ, element, hook)

        return homogeneous
    kinds = [(a, converter.get_structure_hook(a)) for a in args]

    def fixed(data: Any, _: Any) -> Any:
        if not isinstance(data, list):
            raise Refused(f"expected a list of {len(args)}, not {_kind(data)}")
        if len(data) != len(args):
            raise Refused(f"expected a list of {len(args)}, not of {len(data)}")
        return _each(data, typ, kinds)

    return fixed


converter.register_structure_hook_factory(_is_tuple, _tuple)


def _is_set_or_dict(typ: Any) -> bool:
    return get_origin(typ) in (frozenset, set, dict)


def _set_or_dict(typ: Any) -> Callable[[Any, Any], Any]:
    """Sets from JSON arrays only, dicts from JSON objects only (a string is
    not a set of its letters); then cattrs' own code, with its paths."""
    origin = get_origin(typ)
    general = converter.gen_structure_mapping(typ) if origin is dict else None
    args = typing.get_args(typ)

    def structure(data: Any, _: Any) -> Any:
        if origin is dict:
            if not isinstance(data, dict):
                raise Refused(f"expected an object, not {_kind(data)}")
            return general(data, typ)  # type: ignore[misc]
        if not isinstance(data, list):
            raise Refused(f"expected a list, not {_kind(data)}")
        hook = converter.get_structure_hook(args[0]) if args else (lambda v, _: v)
        return origin(hook(e, args[0] if args else Any) for e in data)

    return structure


converter.register_structure_hook_factory(_is_set_or_dict, _set_or_dict)


# --- records: JSON objects with exactly the known fields -------------------------------


def _is_attrs(typ: Any) -> bool:
    return isinstance(typ, type) and attrs.has(typ)


def _record(typ: Any) -> Callable[[Any, Any], Any]:
    """An attrs class from a JSON object: unknown keys refused (forbid extra
    keys), missing fields without a default refused; a move class also takes
    its own ``"type"`` tag (and refuses another)."""
    base = make_dict_structure_fn(typ, converter, _cattrs_forbid_extra_keys=True)
    tag = typ.__name__ if typ in MOVE_TYPES else None

    def structure(data: Any, _: Any) -> Any:
        if not isinstance(data, dict):
            raise Refused(f"expected an object ({typ.__name__}), not {_kind(data)}")
        if tag is not None and TAG in data:
            if data[TAG] != tag:
                raise Refused(f'"{TAG}" is {_kind(data[TAG])}, expected "{tag}"')
            data = {k: v for k, v in data.items() if k != TAG}
        if typ is Deck:
            deck = base(data, typ)
            _no_card_twice(deck)  # the unseen cards sorted by key, as the rules keep them (Deck.without relies on it)
            return deck if list(deck.unseen) == sorted(deck.unseen) else Deck(tuple(sorted(deck.unseen)), deck.bottom)
        return base(data, typ)

    return structure


converter.register_structure_hook_factory(_is_attrs, _record)


def _no_card_twice(deck: Deck) -> None:
    """Card conservation however a deck is written (issue 35): a card is one
    entry ``[card, copies]``; ``[["goblin",1],["goblin",1]]`` is refused with
    the path of the second entry, as ``["goblin",2]`` would be counted."""
    first: dict[str, int] = {}
    errors: list[Exception] = []
    for i, (key, _) in enumerate(deck.unseen):
        if key in first:
            exc = Refused(f"the card {value_excerpt(key)} is listed twice (also at [{first[key]}]): one entry a card, with its copies")
            exc.add_note(IterableValidationNote(f"Structuring unseen @ index {i}", i, tuple[str, int]))
            errors.append(exc)
        else:
            first[key] = i
    if errors:
        inner = IterableValidationError("While structuring unseen", errors, tuple)
        inner.add_note(AttributeValidationNote("Structuring class Deck @ attribute unseen", "unseen", tuple))
        raise ClassValidationError("While structuring Deck", [inner], Deck)

_BY_TAG: dict[str, type] = {cls.__name__: cls for cls in MOVE_TYPES}


def _move(data: Any, _: Any) -> Any:
    """The tagged union: ``"type"`` names the move class."""
    if not isinstance(data, dict):
        raise Refused(f"expected a move (an object with a \"{TAG}\"), not {_kind(data)}")
    if TAG not in data:
        raise Refused(f'a move needs its "{TAG}" (the move class, e.g. "Decline")')
    tag = data[TAG]
    cls = _BY_TAG.get(tag) if isinstance(tag, str) else None
    if cls is None:
        raise Refused(f'"{TAG}" is {_kind(tag)}: not a move class (one of {", ".join(_BY_TAG)})')
    return converter.structure(data, cls)


def _unstructure_move(move: Any) -> dict[str, Any]:
    data: dict[str, Any] = converter.unstructure(move, type(move))
    data[TAG] = type(move).__name__
    return data


converter.register_structure_hook(Move, _move)
converter.register_unstructure_hook(Move, _unstructure_move)


# --- the public functions ---------------------------------------------------------------


def _path_message(exc: BaseException, typ: Any) -> str:
    if isinstance(exc, Refused):
        return str(exc)
    if isinstance(exc, KeyError):
        return "required field missing"
    if isinstance(exc, ForbiddenExtraKeysError):
        names = sorted(exc.extra_fields)
        shown = ", ".join(excerpt(n)[1:-1] if len(n) <= EXCERPT else excerpt(n) for n in names[:5])
        return f"extra fields found ({shown}{f', … {len(names)} in all' if len(names) > 5 else ''})"
    return format_exception(exc, typ)


MAX_REPORTED = 3
"""At most this many misfits are listed in one error message (then their count)."""


def to_data(obj: Any) -> Any:
    """The JSON-ready data for a state, a move or any record of the library."""
    if isinstance(obj, MOVE_TYPES):
        return converter.unstructure(obj, Move)  # tagged with its type
    return converter.unstructure(obj, type(obj))


def dumps(obj: Any) -> str:
    """JSON text for a state or a move (moves tagged with their type)."""
    return json.dumps(to_data(obj), sort_keys=True, separators=(",", ":"))


def _type_name(typ: Any) -> str:
    return "Move" if typ is Move else getattr(typ, "__name__", str(typ))


def from_data(data: Any, typ: type[T] | Any) -> T:
    """Build ``typ`` from JSON data (already parsed), strictly: ``ValueError``
    naming every field that does not fit, with its path (``$.players[0].gold``)."""
    try:
        return converter.structure(data, typ)  # type: ignore[no-any-return]
    except cattrs.BaseValidationError as exc:
        found = cattrs.transform_error(exc, format_exception=_path_message)
        more = f"; … {len(found)} problems in all" if len(found) > MAX_REPORTED else ""
        detail = "; ".join(found[:MAX_REPORTED]) + more  # each quotes values as excerpts
    except Refused as exc:
        detail = f"{exc} @ $"
    except (KeyError, TypeError, ValueError, AttributeError) as exc:  # pragma: no cover - hooks raise Refused
        detail = f"{_path_message(exc, typ)} @ $"
    raise ValueError(f"JSON does not describe a {_type_name(typ)}: {detail}")


def loads(text: str, typ: type[T] | Any, *, limits: Limits = DEFAULT_LIMITS, strict: bool = False) -> T:
    """Read ``typ`` (``GameState``, ``Move`` or a move class) from JSON text.

    Malformed text, text beyond ``limits`` (size, nesting, integer digits; a
    ``GameState`` beyond ``max_position``) or data that does not fit raises
    ``ValueError`` with the reason and the path of the field; nothing is
    half-built and nothing is coerced. ``strict=True`` also refuses a
    ``GameState`` no game can reach (``dlrules.validate``: negative gold, a
    card in two places, round 9 …) with ``validate.InvalidState``, a
    ``ValueError`` listing each problem with its field path."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(f"loads reads JSON text, not {type(text).__name__}")
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"the JSON is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if typ is GameState and len(text) > limits.max_position:
        raise JSONLimitError(
            f"the position is {len(text)} characters, more than the limit max_position={limits.max_position} (a real one is a few thousand)"
        )
    data = parse_json(text, limits, what="the JSON text")
    result: T = from_data(data, typ)
    if strict and isinstance(result, GameState):
        from dlrules.records.validity import check_valid

        check_valid(result)
    return result
