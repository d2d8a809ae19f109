"""The protocol's JSON Schemas, written from the library's own definitions
(``python -m dlrules.apps.conformance.schemagen`` rewrites them; a test fails while
a file is stale):

- ``schemas/move.schema.json``: every move type, field by field, from the
  move classes of ``dlrules.core.moves`` (types, defaults, the order-card and deck
  names), with each field's canonical form (``x-canonical``: ``"set"``, a set
  of order cards in board order, LIB-TV-1; ``"sorted"``, a sorted list the
  rules require, LIB-CMB-2);
- ``schemas/observation.schema.json``: the observation document, for the
  referee, a seat or the spectator (``dlrules.apps.conformance.observe``);
- ``schemas/protocol.schema.json``: every request and every answer.

The position's schema (``position.schema.json``) is written by hand.
"""

from __future__ import annotations

import json
import sys
import types
import typing
from pathlib import Path
from typing import Any

import attrs

from dlrules.components import Action
from dlrules.core.moves import ADJUSTMENTS, MOVE_TYPES, Adjustment
from dlrules.core.state import DECK_NAMES, Phase

SCHEMAS = Path(__file__).resolve().parent / "schemas"
BASE = "https://dlrules.invalid/conformance/"
DRAFT = "https://json-schema.org/draft/2020-12/schema"

ORDER: dict[str, Any] = {"enum": [a.value for a in Action]}
SQUARE: dict[str, Any] = {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "integer"}], "minItems": 2, "maxItems": 2}
SET_OF_ORDERS = {("DealOrders", "orders"), ("DrawDummyOrders", "orders"), ("KeepUnavailable", "orders")}
SORTED = {("PlanDefence", "traps"): "sorted by key, repeats allowed", ("PlanDefence", "monsters"): "sorted, each index once"}
SPECIAL: dict[tuple[str, str], dict[str, Any]] = {
    ("Draw", "deck"): {"enum": list(DECK_NAMES)},
    ("Adjustment", "kind"): {"enum": sorted(ADJUSTMENTS)},
    ("ChooseOrders", "orders"): {"type": "array", "items": {"$ref": "#/$defs/order"}, "minItems": 3, "maxItems": 3, "uniqueItems": True},
}
"""Fields whose values are narrower than their Python type."""


def _field_schema(owner: str, name: str, hint: Any) -> dict[str, Any]:
    if (owner, name) in SPECIAL:
        return dict(SPECIAL[(owner, name)])
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        options = [_field_schema(owner, name, a) for a in typing.get_args(hint)]
        return {"oneOf": options} if len(options) > 1 else options[0]
    if hint is type(None):
        return {"type": "null"}
    if hint is Action:
        return {"$ref": "#/$defs/order"}
    if hint == tuple[int, int]:
        return dict(SQUARE)
    if origin is tuple:
        item = typing.get_args(hint)[0]
        schema: dict[str, Any] = {"type": "array", "items": _field_schema(owner, name, item)}
        return schema
    if hint is Adjustment:
        return {"$ref": "#/$defs/Adjustment"}
    return {"type": {int: "integer", str: "string", bool: "boolean"}[hint]}


def _record(cls: type, tagged: bool) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    props: dict[str, Any] = {"type": {"const": cls.__name__}} if tagged else {}
    required = ["type"] if tagged else []
    for f in attrs.fields(cls):
        schema = _field_schema(cls.__name__, f.name, hints[f.name])
        if (cls.__name__, f.name) in SET_OF_ORDERS:
            schema["x-canonical"] = "set: any order means the same move; canonical in board order (LIB-TV-1)"
        if (cls.__name__, f.name) in SORTED:
            schema["x-canonical"] = f"{SORTED[(cls.__name__, f.name)]}; another order is refused (LIB-CMB-2)"
        if f.name == "seat":
            schema = {"const": -1} if f.default == -1 else {"const": -2} if f.default == -2 else {"type": "integer", "minimum": 0, "maximum": 3}
        if f.default is attrs.NOTHING:
            required.append(f.name)
        else:
            default = f.default
            schema["default"] = list(default) if isinstance(default, tuple) else default
        props[f.name] = schema
    doc = " ".join((cls.__doc__ or cls.__name__).split())
    return {"description": doc, "type": "object", "additionalProperties": False, "required": required, "properties": props}


def move_schema() -> dict[str, Any]:
    """The JSON Schema of a move: one object per type, tagged by ``type``."""
    defs: dict[str, Any] = {"order": ORDER, "Adjustment": _record(Adjustment, tagged=False)}
    for cls in MOVE_TYPES:
        defs[cls.__name__] = _record(cls, tagged=True)
    return {
        "$schema": DRAFT, "$id": BASE + "move.schema.json", "title": "A move (referee protocol, version 2)",
        "description": "A move: an object with a \"type\" and the fields of that type. An optional field may be left out "
                       "(it then has its default). Unknown fields make the move unreadable (bad_move). The canonical "
                       "form of a move (protocol.md, \"Canonical forms\"): every field written, a set in board order, "
                       "keys sorted.",
        "oneOf": [{"$ref": f"#/$defs/{cls.__name__}"} for cls in MOVE_TYPES],
        "$defs": defs,
    }  # fmt: skip


def _array(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": items}


def _obj(props: dict[str, Any], description: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "additionalProperties": False, "required": sorted(props), "properties": props}
    if description:
        out["description"] = description
    return out


NULLABLE_INT: dict[str, Any] = {"type": ["integer", "null"]}
NULLABLE_STR: dict[str, Any] = {"type": ["string", "null"]}
COUNT: dict[str, Any] = {"type": "integer", "minimum": 0}
ORDERS: dict[str, Any] = _array({"$ref": "#/$defs/order"})
CARD: dict[str, Any] = {"type": "string", "description": "a card key, or \"?\" for a card this viewer may not see"}


def observation_schema() -> dict[str, Any]:
    """The JSON Schema of the observation document (protocol.md, "Observations")."""
    player = _obj({
        "gold": COUNT, "food": COUNT, "imps": COUNT, "free_imps": COUNT, "evil": {"type": "integer"},
        "damage_tokens": COUNT,
        "hand": ORDERS | {"description": "order cards in hand, board order (public, ORD-7)"},
        "unavailable": ORDERS | {"description": "unavailable order cards, board order (public, ORD-7)"},
        "dealt": ORDERS | {"description": "setup: the 3 dealt to keep 2 from (RUL-13); [] for another seat"},
        "kept": {"oneOf": [ORDERS, {"type": "null"}], "description": "the 2 kept before the reveal (RUL-13); null for another seat"},
        "committed": {"oneOf": [ORDERS, {"type": "null"}], "description": "the 3 chosen before the reveal (ORD-3); null for another seat"},
        "dummy_choice": {"oneOf": [{"$ref": "#/$defs/order"}, {"type": "null"}], "description": "DUM2-3; null for another seat"},
        "played": _array(_obj({"action": {"$ref": "#/$defs/order"}, "slot": NULLABLE_INT,
                               "outcome": {"enum": ["pending", "carried_out", "not_carried_out"]}})),
        "monsters": _array(_obj({"kind": {"type": "string"}, "ready": {"type": "boolean"}})),
        "traps": _array(CARD) | {"description": "trap cards held, sorted; \"?\" each for another seat (ACT-TRAP-2)"},
        "tiles": _array(_obj({"square": SQUARE, "room": NULLABLE_STR, "conquered": {"type": "boolean"}})),
        "party": _array(_obj({"key": {"type": "string"}, "damage": COUNT})),
        "prison": _array({"type": "string"}),
        "spied": _array({"type": "integer", "minimum": 0, "maximum": 3}) | {"description": "combat positions this player has seen (ACT-REP-2); [] for another seat"},
    })  # fmt: skip
    dummy = _obj({"colour": {"type": "integer"}, "unavailable": ORDERS, "drawn": ORDERS,
                  "third": {"oneOf": [{"$ref": "#/$defs/order"}, {"type": "null"}]}})  # fmt: skip
    deck = _obj({"size": COUNT, "bottom": _array({"type": "string"})})
    resolution = _obj({"space": {"oneOf": [{"$ref": "#/$defs/order"}, {"type": "null"}]}, "slot": COUNT, "dug": COUNT,
                       "draws": COUNT, "spy": NULLABLE_INT, "discarding": {"type": "boolean"}})  # fmt: skip
    props: dict[str, Any] = {
        "viewer": {"oneOf": [{"type": "integer", "minimum": 0, "maximum": 3}, {"enum": ["referee", "spectator"]}]},
        "year": {"enum": [1, 2]}, "round": {"enum": [1, 2, 3, 4]}, "phase": {"enum": [p.value for p in Phase]},
        "first_player": COUNT, "to_move": _array({"type": "integer", "minimum": -2, "maximum": 3}),
        "legal_count": COUNT,
        "orders_chosen": _array({"type": "boolean"}), "unavailable_chosen": _array({"type": "boolean"}),
        "dealt_counts": _array(COUNT),
        "board": _obj({a.value: {"type": "array", "items": NULLABLE_INT, "minItems": 3, "maxItems": 3} for a in Action}),
        "players": _array(player), "dummies": _array(dummy),
        "tavern": _array({"type": "string"}), "room_shop": _array({"type": "string"}),
        "adventurers_next": _array({"type": "string"}), "adventurers_now": _array({"type": "string"}),
        "events": _array(NULLABLE_STR), "special_event": NULLABLE_STR,
        "combat_cards": {"type": "array", "items": NULLABLE_STR, "minItems": 4, "maxItems": 4},
        "far_lands": _array({"type": "string"}), "trap_discard": COUNT, "box": _array(CARD),
        "paladin": NULLABLE_INT, "dummy_evil": NULLABLE_INT,
        "decks": _obj({name: deck for name in DECK_NAMES}),
        "resolution": {"oneOf": [resolution, {"type": "null"}]},
        "combat": {"oneOf": [{"$ref": "position.schema.json#/$defs/combat"}, {"type": "null"}]},
        "over": {"type": "boolean"},
        "outcome": {"oneOf": [{"type": "null"}, _obj({
            "winners": _array(COUNT),
            "players": _array(_obj({"total": {"type": "integer"}, "licence": {"type": "boolean"},
                                    "lines": {"type": "object", "additionalProperties": {"type": "integer"}},
                                    "titles": {"type": "object", "additionalProperties": {"type": "integer"}},
                                    "hall_of_fame": {"type": "integer"}})),
        })]},
    }  # fmt: skip
    return {
        "$schema": DRAFT, "$id": BASE + "observation.schema.json", "title": "An observation (referee protocol, version 2)",
        "description": "What the referee, one seat or a spectator may know of the position (protocol.md, \"Observations\").",
        **_obj(props), "$defs": {"order": ORDER},
    }  # fmt: skip


def protocol_schema() -> dict[str, Any]:
    """The JSON Schema of every request and every answer (protocol.md)."""
    viewer = {"oneOf": [{"type": "integer", "minimum": 0, "maximum": 3}, {"enum": ["referee", "spectator"]}]}
    fraction = {"type": "string", "pattern": "^[0-9]+/[1-9][0-9]*$"}
    setup = {
        "players": {"enum": [2, 3, 4]}, "variant": {"enum": ["full", "first"], "default": "full"},
        "deal_and_keep": {"type": ["boolean", "null"], "default": None}, "first_player": {"enum": [0, 1, 2, 3], "default": 0},
        "special_events": {"type": "boolean", "default": True}, "dummy_hires": {"type": "boolean", "default": False},
        "table_rulings": {"type": "boolean", "default": False},
    }  # fmt: skip

    def request(cmd: str, props: dict[str, Any] | None = None, required: tuple[str, ...] = ()) -> dict[str, Any]:
        return {"type": "object", "required": ["cmd", *required],
                "properties": {"cmd": {"const": cmd}, "id": {}, **(props or {})}}  # fmt: skip

    def ok(props: dict[str, Any] | None = None) -> dict[str, Any]:
        props = props or {}
        return {"type": "object", "required": ["ok", *props], "properties": {"ok": {"const": True}, "id": {}, **props}}

    requests = {
        "hello": request("hello"),
        "new_game": request("new_game", setup, ("players",)),
        "load_position": request("load_position", {"position": {"$ref": "position.schema.json"}}, ("position",)),
        "set_position": request("set_position", {"position": {"$ref": "position.schema.json"}}, ("position",)),
        "get_position": request("get_position"),
        "legal_moves": request("legal_moves"),
        "apply": request("apply", {"move": {"$ref": "move.schema.json"}}, ("move",)),
        "observe": request("observe", {"seat": viewer | {"default": "referee"}}),
        "quit": request("quit"),
    }
    answers = {
        "hello": ok({"protocol": {"const": "dlrules-referee"}, "version": {"const": 2}, "engine": {"type": "string"}}),
        "new_game": ok(), "load_position": ok(), "set_position": ok(), "quit": ok(), "apply": ok(),
        "get_position": ok({"position": {"$ref": "position.schema.json"}}),
        "legal_moves": ok({"moves": _array({"$ref": "move.schema.json"}),
                           "probabilities": _array({"oneOf": [fraction, {"type": "null"}]})}),
        "observe": ok({"observation": {"$ref": "observation.schema.json"}}),
    }  # fmt: skip
    error = {
        "type": "object", "required": ["ok", "error"],
        "properties": {"ok": {"const": False}, "id": {}, "error": {
            "type": "object", "required": ["kind", "message"],
            "properties": {
                "kind": {"enum": ["bad_request", "no_game", "bad_position", "bad_move", "illegal_move", "engine_error"]},
                "message": {"type": "string"},
                "rules": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                "messages": {"type": "array", "items": {"type": "string"}},
            },
            "if": {"properties": {"kind": {"const": "illegal_move"}}}, "then": {"required": ["rules"]},
        }},
    }  # fmt: skip
    return {
        "$schema": DRAFT, "$id": BASE + "protocol.schema.json", "title": "The referee protocol, version 2",
        "description": "One request per line, one answer per line (protocol.md). $defs: request_<cmd>, answer_<cmd>, error.",
        "$defs": {**{f"request_{k}": v for k, v in requests.items()}, **{f"answer_{k}": v for k, v in answers.items()},
                  "error": error},
    }  # fmt: skip


MOVES_BEGIN = "<!-- moves: generated by python -m dlrules.apps.conformance.schemagen; do not edit -->"
MOVES_END = "<!-- end of moves -->"
PROTOCOL_MD = Path(__file__).resolve().parent / "protocol.md"


def _type_text(schema: dict[str, Any]) -> str:
    """A field's schema in a few words."""
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    if "oneOf" in schema:
        return " or ".join(_type_text(s) for s in schema["oneOf"])
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return " / ".join(json.dumps(v) for v in schema["enum"])
    kind = schema.get("type")
    if kind == "array":
        if "prefixItems" in schema:
            return "[row, column]"
        return f"[{_type_text(schema['items'])}, …]"
    return str(kind)


def moves_markdown() -> str:
    """protocol.md's table of move types, from the move schema."""
    schema = move_schema()
    rows = ["| type | fields (optional ones with their default) | what it is |", "|---|---|---|"]
    for cls in [*MOVE_TYPES, Adjustment]:
        record = schema["$defs"][cls.__name__]
        fields = []
        for name, field in record["properties"].items():
            if name == "type":
                continue
            text = f"`{name}`: {_type_text(field)}"
            if "default" in field and field.get("const") != field["default"]:
                text += f" = `{json.dumps(field['default'])}`"
            if "x-canonical" in field:
                text += f" ({field['x-canonical']})"
            fields.append(text)
        name = cls.__name__ if cls is not Adjustment else "(Adjustment: an item of `TableRuling.changes`)"
        rows.append(f"| `{name}` | {'; '.join(fields)} | {record['description'].replace('|', '/')} |")
    return "\n".join(rows)


def protocol_md(text: str) -> str:
    """``text`` (protocol.md) with its generated table of moves brought up to date."""
    head, begin, rest = text.partition(MOVES_BEGIN)
    _, end, tail = rest.partition(MOVES_END)
    if not begin or not end:
        raise ValueError(f"protocol.md has no {MOVES_BEGIN} ... {MOVES_END} block")
    return f"{head}{MOVES_BEGIN}\n{moves_markdown()}\n{MOVES_END}{tail}"


def generated() -> dict[str, str]:
    """File name -> its text, for every generated schema."""
    schemas = {"move.schema.json": move_schema(), "observation.schema.json": observation_schema(),
               "protocol.schema.json": protocol_schema()}  # fmt: skip
    return {name: json.dumps(schema, indent=1, ensure_ascii=False) + "\n" for name, schema in schemas.items()}


def main(argv: list[str] | None = None) -> int:
    """Rewrite the generated schemas (``--check``: only say which are stale; exit 1 if any)."""
    check = "--check" in (argv if argv is not None else sys.argv[1:])
    stale = []
    files = {SCHEMAS / name: text for name, text in generated().items()}
    files[PROTOCOL_MD] = protocol_md(PROTOCOL_MD.read_text(encoding="utf-8"))
    for path, text in files.items():
        name = path.name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
            if not check:
                path.write_text(text, encoding="utf-8")
    print(("stale: " if check else "rewritten: ") + (", ".join(stale) or "none"))
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
