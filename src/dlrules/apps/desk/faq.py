"""The publisher's FAQ as disputes (issue 38): each answer of the FAQ that
is a question about a position, as a position text plus the move in
question, with the answer the FAQ implies (``expect``). The files are
``dlrules/apps/desk/disputes/NN-slug.txt``: ``# name: value`` lines, then the
position (docs/position-text.md). docs/disputes.md shows each with the desk's
answer beside the FAQ's (``python -m dlrules.tools.disputes --write``), and
tests/test_disputes.py keeps the page and the answers true."""

from __future__ import annotations

import re
from importlib import resources

import attrs

from dlrules.apps.desk import Answer, ask, read_move, read_position
from dlrules.core.engine import apply

FIELDS = ("dispute", "question", "source", "faq", "situation", "move", "expect")
"""The header lines of a dispute file, in order (``# after:`` may follow)."""

_AFTER = re.compile(r"paladin=(P[1-4]|-)")
"""``# after: paladin=P1``: where the FAQ says the paladin stands once the move is made (``-``: not in play)."""


@attrs.frozen
class Dispute:
    """One FAQ answer as a dispute at a table. ``expect`` is the FAQ's
    verdict: ``legal``, or ``not legal`` and the rule the referee cites."""

    number: int
    slug: str
    question: str
    source: str
    faq: str
    situation: str
    move: str
    expect: str
    position: str
    after: str = ""  # the FAQ's word on the position after the move: "paladin=P1" (or "")

    @property
    def expects_legal(self) -> bool:
        return self.expect == "legal"

    @property
    def expected_rule(self) -> str | None:
        return None if self.expects_legal else self.expect.split()[-1]

    def answer(self) -> Answer:
        """The desk's answer to the dispute."""
        return ask(read_position(self.position), self.move)

    def paladin_after(self) -> str | None:
        """Where the paladin stands once the move is made (``P1`` … or ``-``),
        for a dispute whose FAQ answer is about that; else None."""
        if not self.after:
            return None
        state = read_position(self.position)
        seat = apply(state, read_move(self.move)).paladin
        return "-" if seat is None else f"P{seat + 1}"

    def agrees(self, answer: Answer) -> bool:
        """The desk's answer is the FAQ's: the same verdict, for a refusal the
        same rule, and the paladin where the FAQ puts him after the move."""
        if self.after and self.paladin_after() != self.after.removeprefix("paladin="):
            return False
        if self.expects_legal:
            return answer.legal
        return not answer.legal and self.expected_rule in answer.rule_ids


def parse(name: str, text: str) -> Dispute:
    """A dispute file's contents; ``ValueError`` naming the file for a header line missing."""
    m = re.fullmatch(r"([0-9]+)-([a-z0-9-]+)\.txt", name)
    if not m:
        raise ValueError(f"{name}: a dispute file is named NN-slug.txt")
    values: dict[str, str] = {}
    for line in text.splitlines():
        head = re.fullmatch(r"#\s*([a-z]+):\s*(.*)", line)
        if head and head.group(1) in FIELDS:
            values[head.group(1)] = head.group(2).strip()
    missing = [f for f in FIELDS if f not in values]
    if missing:
        raise ValueError(f"{name}: no '# {missing[0]}:' line")
    if values["dispute"] != m.group(2):
        raise ValueError(f"{name}: '# dispute: {values['dispute']}' does not match the file's name")
    if not re.fullmatch(r"legal|not legal [A-Z0-9-]+", values["expect"]):
        raise ValueError(f"{name}: '# expect:' is 'legal' or 'not legal RULE-ID', not {values['expect']!r}")
    after = ""
    for line in text.splitlines():
        head = re.fullmatch(r"#\s*after:\s*(.*)", line)
        if head:
            after = head.group(1).strip()
            if not _AFTER.fullmatch(after):
                raise ValueError(f"{name}: '# after:' is 'paladin=P1' (or paladin=-), not {after!r}")
    return Dispute(int(m.group(1)), m.group(2), values["question"], values["source"], values["faq"], values["situation"],
                   values["move"], values["expect"], text, after)  # fmt: skip


def disputes() -> tuple[Dispute, ...]:
    """Every dispute, in order of its number."""
    folder = resources.files(__package__ or "dlrules.apps.desk").joinpath("disputes")
    found = [parse(f.name, f.read_text(encoding="utf-8")) for f in folder.iterdir() if f.name.endswith(".txt")]
    return tuple(sorted(found, key=lambda d: d.number))


__all__ = ["Dispute", "disputes", "parse"]
