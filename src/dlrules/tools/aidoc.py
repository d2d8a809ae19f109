"""The generated tables of docs/ai.md: the action encoding and the observation
layout, from ``dlrules.agents.actions`` and ``dlrules.agents.adapters.common``.

Usage (from the repository root)::

    python -m dlrules.tools.aidoc            # exit 1 if docs/ai.md is stale
    python -m dlrules.tools.aidoc --write    # regenerate its tables

Each table sits between ``<!-- generated: NAME -->`` and ``<!-- end: NAME -->``.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from dlrules.agents.actions import ENCODING_VERSION, NUM_ACTIONS, describe_blocks
from dlrules.agents.decisions import DECISION_VERSION, NUM_CHANCE_OUTCOMES, NUM_DECISIONS, describe_decision_blocks
from dlrules.agents.adapters.common import PARTIAL_SIZE, observation_layout, observation_size
from dlrules.agents.adapters.recall import DIGEST_BITS, ID_BITS, KINDS, MOVER_BITS, STEP_BITS
from dlrules.agents.adapters.tensors import observation_fields


def doc_path() -> Path:
    """docs/ai.md of the repository this module belongs to."""
    return Path(__file__).resolve().parents[3] / "docs" / "ai.md"


def actions_table() -> str:
    rows = [
        f"Encoding version {ENCODING_VERSION}: `NUM_ACTIONS` = {NUM_ACTIONS}.",
        "",
        "| block | first id | size | seat | fields (values) |",
        "|---|---|---|---|---|",
    ]
    for kind, first, size, chance, fields in describe_blocks():
        rows.append(f"| {kind} | {first} | {size} | {'chance' if chance else 'player'} | {fields} |")
    return "\n".join(rows)


def _same_as(part: str) -> str | None:
    """``player[2]`` is laid out as ``player[0]``: the repeated parts are described once."""
    for name in ("player", "plan"):
        if part.startswith(f"{name}[") and part != f"{name}[0]":
            return f"{name}[0]"
    return None


def observation_table() -> str:
    rows = [
        f"`observation_size()` = {observation_size()} values, each 0 or 1.",
        "",
        "| part | first | size |",
        "|---|---|---|",
    ]
    for piece in observation_layout():
        rows.append(f"| {piece.name} | {piece.start} | {piece.size} |")
    rows += [
        "",
        "Every field, in order (its place within its part; `player[1..3]` and `plan[1..3]` are laid out as `player[0]` and `plan[0]`):",
        "",
        "| part | field | offset | size | encoding: meaning |",
        "|---|---|---|---|---|",
    ]
    starts = {p.name: p.start for p in observation_layout()}
    for f in observation_fields():
        if _same_as(f.part) is None:
            rows.append(f"| {f.part} | {f.name} | {f.start - starts[f.part]} | {f.size} | {f.how} |")
    return "\n".join(rows)


def recall_table() -> str:
    rows = [
        f"After the observation: `deciding`, {PARTIAL_SIZE} values (the move under way, `partial_array`); "
        f"then, in the information state only, `MAX_RECALL` moves × `STEP_BITS` = {STEP_BITS} values:",
        "",
        "| field | offset | size | encoding: meaning |",
        "|---|---|---|---|",
        f"| mover | 0 | {MOVER_BITS} | one-hot: chance, then the seat relative to the observer (all 0: no move) |",
        f"| kind | {MOVER_BITS} | {len(KINDS)} | one-hot: " + ", ".join(k.__name__ for k in KINDS) + " |",
        f"| seen_whole | {MOVER_BITS + len(KINDS)} | 1 | flag: the observer saw every field of the move |",
        f"| id | {MOVER_BITS + len(KINDS) + 1} | {ID_BITS} | binary digits, most significant first: the whole-move id + 1 when seen whole, else 0 |",
        f"| digest | {MOVER_BITS + len(KINDS) + 1 + ID_BITS} | {DIGEST_BITS} | binary digits: the first {DIGEST_BITS} bits of the digest of the observer's view after the move |",
    ]
    return "\n".join(rows)


def decisions_table() -> str:
    rows = [
        f"Decision version {DECISION_VERSION}: `NUM_DECISIONS` = {NUM_DECISIONS} player decisions; "
        f"chance outcomes keep their `dlrules.agents.actions` ids, `NUM_CHANCE_OUTCOMES` = {NUM_CHANCE_OUTCOMES}.",
        "",
        "| block | first id | size | decisions |",
        "|---|---|---|---|",
    ]
    for name, first, size, how in describe_decision_blocks():
        rows.append(f"| {name} | {first} | {size} | {how} |")
    return "\n".join(rows)


TABLES = {"actions": actions_table, "decisions": decisions_table, "observation": observation_table, "recall": recall_table}


def render(text: str) -> str:
    """``text`` (docs/ai.md) with every generated table replaced by the current one."""
    for name, make in TABLES.items():
        pattern = re.compile(rf"(<!-- generated: {name} -->\n).*?(<!-- end: {name} -->)", re.S)
        if not pattern.search(text):
            raise ValueError(f"docs/ai.md has no generated section {name!r}")
        text = pattern.sub(lambda m: m.group(1) + make() + "\n" + m.group(2), text)
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dlrules.tools.aidoc", description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="regenerate the tables of docs/ai.md")
    args = parser.parse_args(argv)
    path = doc_path()
    text = path.read_text(encoding="utf-8")
    fresh = render(text)
    if args.write:
        path.write_text(fresh, encoding="utf-8")
        print(f"wrote {path}")
        return 0
    if fresh != text:
        print("docs/ai.md is stale: run python -m dlrules.tools.aidoc --write", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
