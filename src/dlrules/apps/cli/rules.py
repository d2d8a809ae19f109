"""``dlrules rules``: print rule statements by ID, or find rules by words.

    dlrules rules ORD-6 ACT-DIG-6       # the statements of these rules
    dlrules rules RST-1..5              # ranges and lists as the docs write them
    dlrules rules --search troll token  # every rule mentioning all the words
    dlrules rules --list                # every rule ID, with its part

Exit status 0, or 2 for an ID with no statement (docs/cli.md).
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from dlrules import rulebook
from dlrules.rulebook import Rule, UnknownRule


class RulesUsageError(Exception):
    """An unknown rule ID or a bad combination of options (exit status 2)."""


def rule_data(r: Rule) -> dict[str, Any]:
    """A rule as JSON: ``{"id", "part", "title", "statement"}``."""
    return {"id": r.id, "part": r.part, "title": r.title, "statement": r.text}


def _lookup(ids: list[str]) -> list[Rule]:
    found: list[Rule] = []
    for arg in ids:
        names = rulebook.expand(rulebook.normalise(arg)) or (arg,)
        for name in names:
            try:
                found.append(rulebook.rule(name))
            except UnknownRule as exc:
                raise RulesUsageError(str(exc)) from exc
    return found


def run(args: argparse.Namespace) -> int:
    """The ``rules`` subcommand."""
    if args.search is not None:
        if args.ids:
            raise RulesUsageError("give rule IDs or --search WORDS, not both")
        found = list(rulebook.search(" ".join(args.search), part=args.part))
    elif args.ids:
        found = _lookup(args.ids)
    elif args.list or args.part:
        found = [r for r in rulebook.all_rules() if args.part is None or r.part == args.part]
    else:
        raise RulesUsageError("name one or more rule IDs (ORD-6), or use --search WORDS or --list")
    if args.json:
        print(json.dumps({"ok": True, "rules": [rule_data(r) for r in found]}, indent=2, ensure_ascii=False))
        return 0
    if args.list and args.search is None and not args.ids:
        for r in found:
            print(f"{r.id}\t{r.part}")
        return 0
    if not found:
        print(f"No rule mentions {' '.join(args.search or [])!r}.")
        return 0
    for r in found:
        print(str(r))
    if any(_MARK.search(r.text) for r in found):
        print(CONFIDENCE_NOTE)
    return 0


_MARK = re.compile(r"\((?:[^()]*[ ,])?[LM]\)|\bdetails [LM]\b")

CONFIDENCE_NOTE = (
    "(L), (M): a reading or a value of weaker confidence, L low (inferred), M medium (one "
    "secondary source); unmarked statements follow the printed rules ('dlrules docs rulebook')."
)
"""Printed under statements that carry a confidence mark (docs/rulebook.md)."""


def register(sub: Any) -> None:
    """Add the ``rules`` subcommand to the ``dlrules`` parser's subparsers."""
    parser = sub.add_parser(
        "rules",
        help="print the statement of a rule by ID, or find rules by words",
        description="Print the statement of each rule named (ORD-6, act_dig_6, RST-1..5), or every rule "
        "whose ID or statement holds all the words given to --search. Statements are in this project's "
        "words and ship with the package (dlrules.rulebook).",
    )
    parser.add_argument("ids", nargs="*", metavar="ID", help="rule IDs, e.g. ORD-6 LIB-RES-2 RST-1..5")
    parser.add_argument("--search", nargs="+", metavar="WORD", help="find the rules holding every WORD")
    parser.add_argument(
        "--part", choices=[part for _, part in rulebook.PARTS], metavar="PART",
        help="only this part of the rules: " + "; ".join(part for _, part in rulebook.PARTS),
    )  # fmt: skip
    parser.add_argument("--list", action="store_true", help="list every rule ID with its part")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(func=run)
