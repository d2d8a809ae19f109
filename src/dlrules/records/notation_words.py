"""The words of the move notation (docs/notation.md): seats, colours,
orders, squares, numbers counted from 1 (LIB-TV-2) and options, each written
and read by a pair of functions side by side, and the generic form
``P1 <ClassName> field=value …`` for a move class without a verb of its own.
``dlrules.records.notation`` writes and reads whole moves with them."""

from __future__ import annotations

import contextvars
import re
import types
import typing
from typing import Any

import attrs

from dlrules.components import Action
from dlrules.core.moves import (
    Move,
)
from dlrules.core.dungeon import in_grid, parse_square_name, square_name
from dlrules.core.state import CHANCE, Square

from_zero: contextvars.ContextVar[bool] = contextvars.ContextVar("dlrules_notation_from_zero", default=False)
"""Reading the notation of records written before LIB-TV-2 (squares as bare
``row,column`` and positions and indices from 0): ``parse_legacy_move``."""

_ACTIONS = {a.value: a for a in Action}
_KEY = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


# --- words ------------------------------------------------------------------------------


def seat_word(seat: int) -> str:
    return "chance" if seat == CHANCE else f"P{seat + 1}"


def colour_word(colour: int, players: int | None, dummy: bool = False) -> str:
    """``P<k>`` for a player's colour, ``D<k>`` for a dummy's (``k`` from 1)."""
    is_dummy = dummy or (players is not None and colour >= players)
    return f"{'D' if is_dummy else 'P'}{colour + 1}"


def parse_seat(word: str, text: str) -> int:
    if word.lower() == "chance":
        return CHANCE
    m = re.fullmatch(r"[Pp]([1-9][0-9]*)", word)
    if not m:
        raise ValueError(f"{text!r}: a move starts with who moves, P1..P4 or 'chance', not {word!r}")
    return int(m.group(1)) - 1


def parse_colour(word: str, text: str) -> int:
    m = re.fullmatch(r"[PpDd]([1-9][0-9]*)", word)
    if not m:
        raise ValueError(f"{text!r}: expected a colour, P1..P4 (a player) or D1..D4 (a dummy), not {word!r}")
    return int(m.group(1)) - 1


def parse_action(word: str, text: str) -> Action:
    action = _ACTIONS.get(word.lower())
    if action is None:
        raise ValueError(f"{text!r}: {word!r} is not an order; orders are {', '.join(_ACTIONS)}")
    return action


def parse_actions(word: str, text: str) -> tuple[Action, ...]:
    return tuple(parse_action(w, text) for w in word.split(",")) if word else ()


def actions_word(actions: tuple[Action, ...]) -> str:
    return ",".join(a.value for a in actions)


def parse_int(word: str, text: str, what: str) -> int:
    if not re.fullmatch(r"-?[0-9]+", word):
        raise ValueError(f"{text!r}: {what} must be a whole number, not {word!r}")
    return int(word)


def parse_square(word: str, text: str) -> Square:
    """``C1`` (column letter, row number from the surface), or ``[row,column]``
    with the JSON numbers (LIB-TV-2)."""
    named = parse_square_name(word)
    if named is not None:
        return named
    pattern = r"([0-9]+),([0-9]+)" if from_zero.get() else r"\[(-?[0-9]+),(-?[0-9]+)\]"
    m = re.fullmatch(pattern, word)
    if not m:
        raise ValueError(
            f"{text!r}: a square is a column letter A-E and a row number 1-4 (e.g. C1, below the entrance), "
            f"or [row,column] with the JSON numbers; not {word!r}"
        )
    return (int(m.group(1)), int(m.group(2)))


def square_word(square: Square) -> str:
    if in_grid(square):
        return square_name(square)
    return f"[{square[0]},{square[1]}]"


def number_word(index: int) -> str:
    """A position or index (from 0 in the JSON) for people: from 1 (LIB-TV-2)."""
    return str(index + 1)


def parse_number(word: str, text: str, what: str) -> int:
    """A number people count from 1, as the JSON index from 0 (LIB-TV-2)."""
    value = parse_int(word, text, what)
    return value if from_zero.get() else value - 1


def parse_key(word: str, text: str, what: str) -> str:
    if not _KEY.fullmatch(word):
        raise ValueError(f"{text!r}: {word!r} is not a {what} key (lower-case letters, digits and '-')")
    return word


def options(words: list[str], allowed: set[str], text: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for word in words:
        name, eq, value = word.partition("=")
        if not eq or name not in allowed:
            names = ", ".join(f"{a}=…" for a in sorted(allowed)) or "none"
            raise ValueError(f"{text!r}: unexpected {word!r} (options here: {names})")
        if name in found:
            raise ValueError(f"{text!r}: {name}= given twice")
        found[name] = value
    return found


def arity(words: list[str], n: int, text: str, usage: str) -> None:
    if len(words) != n:
        raise ValueError(f"{text!r}: expected {usage}")


# --- the generic form for move classes without a verb -------------------------------------


def encode(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Action):
        return value.value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        return ",".join(encode(v) for v in value)
    raise ValueError(f"no notation for the value {value!r}")


def decode(word: str, tp: Any, text: str, name: str) -> Any:
    args = typing.get_args(tp)
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        if word == "-":
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return decode(word, inner, text, name)
    if tp is bool:
        if word not in ("yes", "no"):
            raise ValueError(f"{text!r}: {name}= is yes or no, not {word!r}")
        return word == "yes"
    if tp is int:
        return parse_int(word, text, name)
    if tp is str:
        return parse_key(word, text, name)
    if tp is Action:
        return parse_action(word, text)
    if origin is tuple:
        parts = word.split(",") if word else []
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(p, args[0], text, name) for p in parts)
        if len(parts) != len(args):
            raise ValueError(f"{text!r}: {name}= needs {len(args)} values separated by ',', not {word!r}")
        return tuple(decode(p, a, text, name) for p, a in zip(parts, args))
    raise ValueError(f"{text!r}: {name}= has a type the notation cannot read ({tp!r})")


def format_generic(move: Move) -> str:
    parts = [seat_word(move.seat), type(move).__name__]
    for field in attrs.fields(type(move)):
        if field.name != "seat":
            parts.append(f"{field.name}={encode(getattr(move, field.name))}")
    return " ".join(parts)


def parse_generic(cls: type, seat: int, words: list[str], text: str) -> Move:
    hints = typing.get_type_hints(cls)
    fields = [f.name for f in attrs.fields(cls) if f.name != "seat"]
    opts = options(words, set(fields), text)
    missing = [f for f in fields if f not in opts and attrs.fields_dict(cls)[f].default is attrs.NOTHING]
    if missing:
        raise ValueError(f"{text!r}: {cls.__name__} needs {', '.join(f + '=…' for f in missing)}")
    values = {name: decode(value, hints[name], text, name) for name, value in opts.items()}
    move: Move = cls(seat=seat, **values)
    return move
