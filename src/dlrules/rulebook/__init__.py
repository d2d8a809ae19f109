"""The rules travel with the package: a short statement, in this project's own
words, for every rule ID the library cites.

The statements are data (``dlrules/rulebook/*.json``): the game's rules by
family (setup and the building year, combat, the second year, final scoring,
events, the open questions) and the library's own rulings (``LIB-…``; that file
is generated from ``docs/rulings.md`` by ``python -m dlrules.tools.rulings``).
They paraphrase the rulebook; they are not its text.

>>> from dlrules import rulebook
>>> rulebook.rule("ORD-6").part
'setup and the building year'
>>> [r.id for r in rulebook.search("troll token", part="setup and the building year")][:2]
['SETUP-2', 'ACT-MON-5']
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable
from importlib import resources

import attrs

__all__ = ["PARTS", "Rule", "UnknownRule", "all_rules", "cited", "expand", "normalise", "rule", "search", "statement"]

PARTS: tuple[tuple[str, str], ...] = (
    ("year1.json", "setup and the building year"),
    ("combat.json", "combat"),
    ("year2.json", "the second year"),
    ("scoring.json", "final scoring"),
    ("events.json", "events and special events"),
    ("components_combat.json", "combat components"),
    ("open_questions.json", "open questions"),
    ("examples.json", "worked examples"),
    ("rulings.json", "library rulings"),
)
"""The data files, in reading order, with the part of the rules each holds."""


@attrs.frozen
class Rule:
    """One rule: its ``id`` (``ORD-6``, ``LIB-RES-2``), its ``text`` (a short
    statement in this project's words), the ``part`` of the rules it belongs to
    and, for the library's rulings, their ``title``."""

    id: str
    text: str
    part: str
    title: str = ""

    def __str__(self) -> str:
        head = f"{self.id} {self.title}." if self.title else self.id
        return f"{head} {self.text}"


class UnknownRule(KeyError):
    """Raised by ``rule`` for an ID that has no statement; ``.rule_id`` is the
    ID asked for and ``.suggestions`` the known IDs that look like it."""

    def __init__(self, rule_id: str, suggestions: tuple[str, ...]) -> None:
        self.rule_id = rule_id
        self.suggestions = suggestions
        hint = f" (did you mean {', '.join(suggestions)}?)" if suggestions else ""
        super().__init__(f"no rule {rule_id!r}{hint}")

    def __str__(self) -> str:
        return str(self.args[0])


@functools.cache
def _book() -> dict[str, Rule]:
    book: dict[str, Rule] = {}
    folder = resources.files(__name__)
    for name, part in PARTS:
        data = json.loads(folder.joinpath(name).read_text(encoding="utf-8"))
        for rule_id, entry in data["rules"].items():
            if isinstance(entry, str):
                book[rule_id] = Rule(rule_id, entry, part)
            else:
                book[rule_id] = Rule(rule_id, entry["text"], part, entry.get("title", ""))
    return book


def normalise(rule_id: str) -> str:
    """``act_dig_6`` and `` Act-Dig-6 `` → ``ACT-DIG-6`` (rule IDs are upper
    case with hyphens, except the scoring items' letters: ``SCO-1a``)."""
    text = rule_id.strip().replace("_", "-")
    m = re.fullmatch(r"(.*-[0-9]+)([A-Za-z])", text)
    if m and m.group(1).upper().startswith("SCO-"):
        return m.group(1).upper() + m.group(2).lower()
    return text.upper()


def rule(rule_id: str) -> Rule:
    """The rule with this ID (case and ``_`` for ``-`` do not matter).
    Raises ``UnknownRule`` (a ``KeyError``) with suggestions otherwise."""
    key = normalise(rule_id)
    book = _book()
    found = book.get(key)
    if found is None:
        family = key.rsplit("-", 1)[0]
        near = tuple(i for i in book if i.rsplit("-", 1)[0] == family)[:5]
        raise UnknownRule(rule_id, near)
    return found


def statement(rule_id: str) -> str | None:
    """The statement of ``rule_id``, or None when the library has none."""
    try:
        return rule(rule_id).text
    except UnknownRule:
        return None


def all_rules() -> tuple[Rule, ...]:
    """Every rule, part by part in ``PARTS`` order, each part in its own order."""
    return tuple(_book().values())


def search(words: str, *, part: str | None = None) -> tuple[Rule, ...]:
    """The rules whose ID, title or statement holds every word of ``words``
    (case-insensitive; a word matches the start of a word: ``troll`` finds
    "trolls"), in rulebook order; ``part`` limits the search to one part."""
    terms = [w for w in re.split(r"\s+", words.strip().lower()) if w]
    if not terms:
        return ()
    patterns = [re.compile(r"(?<![a-z0-9])" + re.escape(t)) for t in terms]
    out = []
    for r in all_rules():
        if part is not None and r.part != part:
            continue
        hay = f"{r.id} {r.title} {r.text}".lower()
        if all(p.search(hay) for p in patterns):
            out.append(r)
    return tuple(out)


_CITATION = re.compile(
    r"(?<![A-Za-z0-9_])((?:[A-Z][A-Z0-9]*[-_])*[A-Z][A-Z0-9]*)[-_]([0-9]+[a-z]?)((?:(?:\.\.|/)[0-9]+)*)(?![0-9A-Za-z])"
)


def expand(citation: str) -> tuple[str, ...]:
    """The IDs a citation names: ``RST-1..3`` → RST-1, RST-2, RST-3;
    ``ORD-4/5`` → ORD-4, ORD-5; ``ACT_DIG_6`` → ACT-DIG-6."""
    return cited(citation)


def cited(text: str, *, families: Iterable[str] | None = None) -> tuple[str, ...]:
    """Every rule ID cited in ``text``, ranges and lists expanded, in order of
    appearance, each once. ``families`` (``("ORD", "LIB-RES")``) limits the
    result to those ID prefixes; by default every family of the rulebook."""
    known = set(families) if families is not None else {i.rsplit("-", 1)[0] for i in _book()}
    out: dict[str, None] = {}
    for m in _CITATION.finditer(text):
        prefix = m.group(1).replace("_", "-")
        if prefix not in known:
            continue
        first = m.group(2)
        ids = [first]
        if first.isdigit():
            last = int(first)
            for sep, num in re.findall(r"(\.\.|/)([0-9]+)", m.group(3)):
                k = int(num)
                ids.extend(str(n) for n in (range(last + 1, k + 1) if sep == ".." else (k,)))
                last = k
        for n in ids:
            out.setdefault(f"{prefix}-{n}", None)
    return tuple(out)
