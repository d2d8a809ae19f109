"""JSON Schemas (draft 2020-12) of moves, states and record lines, generated
from the types, so another implementation can validate its files.

Usage (from the repository root)::

    python -m dlrules.tools.schema            # exit 1 when docs/schemas/ is stale
    python -m dlrules.tools.schema --write    # regenerate docs/schemas/*.schema.json

The schemas say what ``loads`` and the record reader accept (ruling LIB-IN-1):
objects with exactly the known fields (a field with a default may be left
out), integers that are JSON integers (never ``true`` or ``1.0``), strings,
enum values and lists of fixed length where the type says so. A record line
may carry fields this version does not know (LIB-IN-2); the move inside it
may not. What the schemas cannot say (that a card key exists, that a move is
legal) is the rules' business: ``apply`` refuses it with a rule ID.
"""

from __future__ import annotations

import argparse
import enum
import json
import sys
import types
import typing
from pathlib import Path
from typing import Any

import attrs

from dlrules.core.moves import MOVE_TYPES, Move
from dlrules.core.phases.setup import VARIANTS
from dlrules.records.game import FORMAT, FORMAT_VERSION
from dlrules.records.serialization import TAG, to_data
from dlrules.core.state import GameState

DIALECT = "https://json-schema.org/draft/2020-12/schema"
BASE = "https://dlrules.invalid/schemas/"
FILES = ("move", "state", "record-line")


class _Builder:
    """Collects ``$defs`` while translating types."""

    def __init__(self) -> None:
        self.defs: dict[str, Any] = {}

    def of(self, tp: Any) -> dict[str, Any]:
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if tp is type(None):
            return {"type": "null"}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer"}
        if tp is str:
            return {"type": "string"}
        if tp is float:  # pragma: no cover - no field is a float yet
            return {"type": "number"}
        if tp is Move:
            return {"$ref": "#/$defs/Move"} if self.move() else {}
        if origin in (typing.Union, types.UnionType):
            return {"anyOf": [self.of(a) for a in args]}
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            return {
                "type": "array",
                "prefixItems": [self.of(a) for a in args],
                "items": False,
                "minItems": len(args),
                "maxItems": len(args),
            }
        if origin in (frozenset, set):
            return {"type": "array", "uniqueItems": True, **({"items": self.of(args[0])} if args else {})}
        if origin is dict:
            return {"type": "object", **({"additionalProperties": self.of(args[1])} if args else {})}
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            name = tp.__name__
            if name not in self.defs:
                self.defs[name] = {"enum": [m.value for m in tp]}
            return {"$ref": f"#/$defs/{name}"}
        if isinstance(tp, type) and attrs.has(tp):
            self.record(tp)
            return {"$ref": f"#/$defs/{tp.__name__}"}
        raise TypeError(f"no JSON Schema for the type {tp!r}")  # pragma: no cover - a new kind of field

    def record(self, cls: type) -> None:
        name = cls.__name__
        if name in self.defs:
            return
        self.defs[name] = {}  # reserve: recursive types end here
        hints = typing.get_type_hints(cls)
        properties: dict[str, Any] = {}
        required: list[str] = []
        is_move = cls in MOVE_TYPES
        if is_move:
            properties[TAG] = {"const": name}
            required.append(TAG)
        for field in attrs.fields(cls):
            schema = self.of(hints[field.name])
            if field.default is attrs.NOTHING:
                required.append(field.name)
            else:
                default: Any = field.default
                if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                    default = default.factory()
                schema = {**schema, "default": to_data(default)}
            properties[field.name] = schema
        doc = (cls.__doc__ or "").strip().split("\n\n")[0]
        self.defs[name] = {
            "type": "object",
            **({"description": " ".join(doc.split())} if doc else {}),
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }

    def move(self) -> bool:
        if "Move" not in self.defs:
            self.defs["Move"] = {}
            for cls in MOVE_TYPES:
                self.record(cls)
            self.defs["Move"] = {
                "description": f'Every decision of the game; "{TAG}" names the move class.',
                "oneOf": [{"$ref": f"#/$defs/{cls.__name__}"} for cls in MOVE_TYPES],
            }
        return True


def _document(name: str, title: str, root: dict[str, Any], builder: _Builder) -> dict[str, Any]:
    return {
        "$schema": DIALECT,
        "$id": f"{BASE}{name}.schema.json",
        "title": title,
        "$comment": "Generated by `python -m dlrules.tools.schema --write` from the dlrules types; do not edit.",
        **root,
        "$defs": dict(sorted(builder.defs.items())),
    }


def move_schema() -> dict[str, Any]:
    """A move as ``dumps(move)`` writes it and ``loads(text, Move)`` reads it."""
    builder = _Builder()
    root = builder.of(Move)
    return _document("move", "A dlrules move (dumps/loads)", root, builder)


def state_schema() -> dict[str, Any]:
    """A state as ``dumps(state)`` writes it and ``loads(text, GameState)`` reads it."""
    builder = _Builder()
    root = builder.of(GameState)
    return _document("state", "A dlrules game state (dumps/loads)", root, builder)


def record_line_schema() -> dict[str, Any]:
    """One line of a game record (docs/records.md, format version 1)."""
    builder = _Builder()
    move = builder.of(Move)
    hash_ = {"type": "string", "pattern": "^sha256:[0-9a-f]{64}$"}
    header = {
        "type": "object",
        "properties": {
            "kind": {"const": "header"},
            "format": {"const": FORMAT},
            "version": {"const": FORMAT_VERSION},
            "rules": {"type": "string"},
            "variant": {"enum": list(VARIANTS)},
            "players": {"type": "integer", "minimum": 2, "maximum": 4},
            "seed": {"type": "integer"},
            "start": hash_,
        },
        "required": ["kind", "format", "version", "rules", "variant", "players"],
    }
    move_line = {
        "type": "object",
        "properties": {
            "kind": {"const": "move"},
            "n": {"type": "integer", "minimum": 1},
            "seat": {"type": "integer"},
            "move": move,
            "notation": {"type": "string", "maxLength": 200},
            "hash": hash_,
        },
        "required": ["kind"],
        "anyOf": [{"required": ["move"]}, {"required": ["notation"]}],
    }
    result = {
        "type": "object",
        "properties": {
            "kind": {"const": "result"},
            "moves": {"type": "integer", "minimum": 0},
            "year": {"type": "integer"},
            "round": {"type": "integer"},
            "phase": {"$ref": "#/$defs/Phase"},
            "over": {"type": "boolean"},
            "scores": {
                "type": "array",
                "items": {"type": "integer"},
                "maxItems": 4,
                "description": "once the game is over: each seat's final total, in seat order (SCO-14, LIB-WG-2)",
            },
            "winners": {
                "type": "array",
                "items": {"type": "integer", "minimum": 0, "maximum": 3},
                "maxItems": 4,
                "description": "once the game is over: the winning seats, from 0 (SCO-3, LIB-WG-2)",
            },
            "hash": hash_,
        },
        "required": ["kind", "moves", "year", "round", "phase", "over"],
    }
    builder.of(GameState)  # for Phase
    builder.defs = {k: v for k, v in builder.defs.items() if k in _reachable(move, builder.defs) | {"Phase"}}
    root = {
        "description": "One line of a dlrules game record (JSON Lines): the header, a move or the result. "
        "Fields a line does not list are ignored (LIB-IN-2); the move itself is strict.",
        "oneOf": [
            {"$ref": "#/$defs/HeaderLine"},
            {"$ref": "#/$defs/MoveLine"},
            {"$ref": "#/$defs/ResultLine"},
        ],
    }
    builder.defs.update({"HeaderLine": header, "MoveLine": move_line, "ResultLine": result})
    return _document("record-line", "A line of a dlrules game record", root, builder)


def _reachable(schema: Any, defs: dict[str, Any]) -> set[str]:
    """The names of ``defs`` that ``schema`` refers to, directly or not."""
    found: set[str] = set()
    todo = [schema]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            ref = item.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                name = ref.removeprefix("#/$defs/")
                if name not in found:
                    found.add(name)
                    todo.append(defs.get(name))
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return found


SCHEMAS = {"move": move_schema, "state": state_schema, "record-line": record_line_schema}


def render(name: str) -> str:
    """The text of ``docs/schemas/<name>.schema.json``."""
    return json.dumps(SCHEMAS[name](), indent=2) + "\n"


def folder(root: Path) -> Path:
    return root / "docs" / "schemas"


def stale(root: Path) -> list[str]:
    """The schema files under ``root/docs/schemas`` that differ from the types."""
    out = []
    for name in SCHEMAS:
        path = folder(root) / f"{name}.schema.json"
        if not path.exists() or path.read_text(encoding="utf-8") != render(name):
            out.append(str(path.relative_to(root)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dlrules.tools.schema", description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the repository root (default: here)")
    parser.add_argument("--write", action="store_true", help="regenerate docs/schemas/*.schema.json")
    args = parser.parse_args(argv)
    root: Path = args.root
    if args.write:
        folder(root).mkdir(parents=True, exist_ok=True)
        for name in SCHEMAS:
            (folder(root) / f"{name}.schema.json").write_text(render(name), encoding="utf-8")
        return 0
    old = stale(root)
    for path in old:
        print(f"stale: {path} (run `python -m dlrules.tools.schema --write`)")
    return 1 if old else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
