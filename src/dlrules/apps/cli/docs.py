"""``dlrules docs``: the documentation pages that ship with the package.

    dlrules docs               # the topics, one line each
    dlrules docs records       # the game record format (docs/records.md)

The pages are the repository's ``docs/*.md``, installed as package data, so
that every pointer ``--help`` gives can be followed after a plain
``pip install`` (issue 22). Exit status 0, or 2 for a topic with no page.
"""

from __future__ import annotations

import argparse
from importlib import resources
from typing import Any


class DocsUsageError(Exception):
    """A topic with no page (exit status 2)."""


def _pages() -> dict[str, Any]:
    folder = resources.files("dlrules") / "docs"
    if not folder.is_dir():
        return {}
    return {p.name.removesuffix(".md"): p for p in folder.iterdir() if p.name.endswith(".md")}


def topics() -> list[str]:
    """The documentation topics shipped with the package (``records``, ``notation``, …)."""
    return sorted(_pages())


def page(topic: str) -> str:
    """The page of ``topic`` (``"records"`` or ``"docs/records.md"``); ``DocsUsageError`` for none."""
    name = topic.removeprefix("docs/").removesuffix(".md").lower()
    found = _pages().get(name)
    if found is None:
        known = ", ".join(topics()) or "none (this installation has no docs)"
        raise DocsUsageError(f"no documentation page {topic!r}; the topics: {known}")
    return str(found.read_text(encoding="utf-8"))


def _title(text: str) -> str:
    first = text.lstrip().splitlines()[0] if text.strip() else ""
    return first.lstrip("# ").strip()


def run(args: argparse.Namespace) -> int:
    """The ``docs`` subcommand."""
    if args.topic is None:
        for name in topics():
            print(f"{name:<16} {_title(page(name))}")
        print("A page's mention of docs/NAME.md is 'dlrules docs NAME'.")
        return 0
    print(page(args.topic), end="")
    return 0


def register(sub: Any) -> None:
    """Add the ``docs`` subcommand to the ``dlrules`` parser's subparsers."""
    parser = sub.add_parser(
        "docs",
        help="print a documentation page (records, notation, cli, serve, …); without a topic, list them",
        description="Print one of the documentation pages that ship with the package (the repository's "
        "docs/*.md), e.g. 'dlrules docs records' for the game record format; without a topic, list them.",
    )
    parser.add_argument("topic", nargs="?", metavar="TOPIC", help="a page: records, notation, cli, serve, render, …")
    parser.set_defaults(func=run)
