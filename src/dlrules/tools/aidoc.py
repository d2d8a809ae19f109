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
from dlrules.agents.adapters.common import PIECE_NOTES, observation_layout, observation_size


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


def observation_table() -> str:
    rows = [
        f"`observation_size()` = {observation_size()} floats.",
        "",
        "| part | first | size | what |",
        "|---|---|---|---|",
    ]
    for piece in observation_layout():
        rows.append(f"| {piece.name} | {piece.start} | {piece.size} | {PIECE_NOTES.get(piece.name, '')} |".replace(" |  |", " | |"))
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


TABLES = {"actions": actions_table, "decisions": decisions_table, "observation": observation_table}


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
