"""Which rule is most likely broken? Spectrum-based fault localisation over a
run's scenarios (docs/conformance.md, "Diagnosis").

Each scenario's *spectrum* is the set of rule IDs its check exercises on the
reference, each with how many rules the narrowest code that ran citing it
cites (``spectra.json`` in the kit, made by ``python -m dlrules.tools.spectra
--write``), plus the rules the scenario cites. The ranking is a Bayesian
single-fault diagnosis over those spectra (as Barinel's, Abreu et al. 2009,
for one faulty component): assume exactly one rule R is broken; a scenario s
fails with a probability set by how directly s is about R::

    g(s, R) = 0.5     s cites R first (it was written to catch R broken)
              0.2     s cites R
              0.1 / n s exercises R through code citing n rules (at least 0.005)
              0.005   R is not in s's spectrum (the spectra miss some reads of data)

A scenario that failed in its setup (a setup move refused) never reached its
own move: its citations count as exercising only. How readily a broken rule
shows is unknown: g is scaled by 1/4, 1/2 and 1 (at most 0.95) and the
likelihoods averaged::

    L(R)     = mean over k of  Π over failing s of k·g(s, R)  ×  Π over passing s of (1 − k·g(s, R))
    score(R) = L(R) / Σ L(R') over the candidates (the rules in a failing scenario's spectrum)

(g = 0.005 is not scaled.) Rules are what a report names, but what breaks is
code: a function that several rules' code relies on, or a card's row. So the
candidates are also dlrules' *code units* (``units`` and ``ran`` in
``spectra.json``: the rule functions, cards and rows of the components'
tables each scenario's check ran or read). Units that the same scenarios
ran are one group (the kit cannot tell them apart), and each group is a
hypothesis "this group alone is broken", with g = 0.1 for a scenario that
ran it and 0.005 for one that did not; the rows of one table share the
prior of one unit. Over all the hypotheses, rules and
units alike, the posterior is normalised, and each rule's score is the
probability that the fault is that rule, or a unit citing it, shared among the
unit's rules as the rules alone rank them::

    score(R) = P(R) + Σ over groups u citing R of  P(u) × P_rules(R) / Σ over R' cited by u of P_rules(R')

(P_rules: the ranking of the rules alone, as above.) A unit that every
failing scenario ran and few passing ones did (the narrowest code the
failures share) thus lends its rules the weight a rule's own scenarios could
not give them. Ties go to the rule more failing scenarios cite first, then
cite, then fewer passing ones exercise, then the rule ID. Scenarios not run
(the engine stopped) or unreadable are no evidence.

The driver ranks: an engine under test only answers the protocol.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import attrs

from dlrules.apps.conformance.scenarios import Result

SPECTRA = Path(__file__).resolve().parent / "spectra.json"
"""The kit's spectra: scenario id → the rule IDs its check exercises on the reference."""

FIRST, CITED, EXERCISED, ELSE = 0.5, 0.2, 0.1, 0.005
"""g(s, R): how likely scenario s fails when rule R alone is broken, by how s is
about R: it cites R first, cites it, exercises it (through code about R alone;
divided by the rules the code cites), or R is not in its spectrum."""


@attrs.frozen
class Suspect:
    """A rule and its evidence: its score, and the failing and passing
    scenarios whose spectrum holds it (how many; ``first``: failing ones
    citing it first); ``code``: the unit of dlrules' code that lends it the
    most weight, when a unit does."""

    rule: str
    score: float
    failing: int
    passing: int
    first: int = 0
    cited: int = 0
    code: str = ""

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule, "score": round(self.score, 4), "failing": self.failing, "passing": self.passing}
        if self.code:
            out["code"] = self.code
        return out


Spectra = Mapping[str, Mapping[str, int]]
"""Scenario id → rule ID exercised → how many rules the narrowest code that ran citing it cites."""


@attrs.frozen
class Units:
    """dlrules' code units the kit's scenarios run (``spectra.json``):
    ``rules``, a unit (``file:qualified name`` of a rule function, or
    ``card:KEY``) → the rules it cites; ``ran``, scenario id → the units its
    check ran."""

    rules: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    ran: Mapping[str, frozenset[str]] = attrs.field(factory=dict)


@cache
def _read(path: Path) -> dict[str, Any]:
    """``spectra.json``'s content, read once per process (empty when the kit has none)."""
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except OSError:
        return {}
    return data


def load_spectra(path: Path = SPECTRA) -> dict[str, dict[str, int]]:
    """The kit's spectra; empty when the kit has none (the ranking then rests
    on the rules the scenarios cite)."""
    return {sid: dict(rules) for sid, rules in _read(path).get("scenarios", {}).items()}


@cache
def load_units(path: Path = SPECTRA) -> Units:
    """The kit's code units and which scenarios ran them; none when the kit has none."""
    data = _read(path)
    return Units({u: tuple(r) for u, r in data.get("units", {}).items()}, {sid: frozenset(u) for sid, u in data.get("ran", {}).items()})


SETUP_FAILED = "setup move "
"""How a failure before the scenario's own move begins (``scenarios.start``)."""

SCALES = (0.25, 0.5, 1.0)
"""How readily a broken rule shows, unknown: g is scaled by each in turn (at
most ``CAP``) and the likelihoods averaged (a uniform prior over the scales)."""

CAP = 0.95


def weights(result: Result, spectra: Spectra) -> dict[str, float]:
    """Rule ID → g(s, R) for the rules in this scenario's spectrum (ELSE for
    the others): EXERCISED shared among the rules the narrowest code that ran
    citing R cites. A scenario that failed in its setup never reached its own
    move: the rules it cites only count as exercised."""
    out = {rule: max(ELSE, EXERCISED / n) for rule, n in spectra.get(result.id, {}).items()}
    reached = result.passed or not (result.message or "").startswith(SETUP_FAILED)
    for rule in result.rules:
        out[rule] = CITED if reached else max(out.get(rule, ELSE), EXERCISED)
    if result.rules and reached:
        out[result.rules[0]] = FIRST
    if result.parted and result.early:  # it parts before its own move: the code there, not its citations, says what broke
        for rule in result.rules:
            out[rule] = min(out[rule], EXERCISED)
        for i, rule in enumerate(result.parted[:PARTED]):
            out[rule] = max(out.get(rule, ELSE), FIRST if i == 0 else CITED)
    return out  # parting at its own move, the scenario's citations stay the evidence (the code there is the machinery around it)


PARTED = 5
"""How many of the rules named where a failing scenario parts from dlrules weigh as cited (the first as cited first
when it parts before the scenario's own move: its citations then say nothing)."""


def _likelihood(outcomes: list[tuple[bool, float]]) -> float:
    """log of the mean over ``SCALES`` of Π g (failing) × Π (1 − g) (passing);
    ``outcomes``: (passed, g) for every scenario whose spectrum holds the rule."""
    logs = []
    for k in SCALES:
        total = 0.0
        for passed, g in outcomes:
            scaled = min(CAP, k * g)
            total += math.log1p(-scaled) if passed else math.log(scaled)
        logs.append(total)
    top = max(logs)
    return top + math.log(sum(math.exp(v - top) for v in logs) / len(logs))


def _evidence(result: Result) -> bool:
    """Whether the scenario's outcome says anything about the rules (it ran)."""
    return result.message is None or not result.message.startswith(("not run:", "unreadable:"))


def _rule_logs(runs: list[tuple[Result, dict[str, float]]], candidates: list[str]) -> tuple[dict[str, float], dict[str, list[int]]]:
    """Each candidate rule's log-likelihood, and its counts: [failing, passing,
    failing citing it first, failing citing it] among the scenarios whose spectrum holds it."""
    log: dict[str, float] = {}
    counts: dict[str, list[int]] = {}
    for rule in candidates:
        total = 0.0  # the scenarios whose spectrum lacks the rule: g = ELSE, whatever the scale
        outcomes: list[tuple[bool, float]] = []
        entry = [0, 0, 0, 0]
        for result, w in runs:
            if rule not in w:
                total += math.log1p(-ELSE) if result.passed else math.log(ELSE)
                continue
            g = w[rule]
            outcomes.append((result.passed, g))
            if result.passed:
                entry[1] += 1
            else:
                entry[0] += 1
                entry[2] += g == FIRST
                entry[3] += g >= CITED
        log[rule], counts[rule] = total + _likelihood(outcomes), entry
    return log, counts


UNIT = 0.1
"""g(s, u) for a scenario that ran the code unit u (ELSE for one that did not)."""


def groups(units: Units) -> dict[str, tuple[str, ...]]:
    """The units in groups the kit cannot tell apart (the same scenarios ran
    each of them): the group's first unit → its units."""
    ran: dict[str, set[str]] = {}
    for sid, names in units.ran.items():
        for unit in names:
            ran.setdefault(unit, set()).add(sid)
    alike: dict[frozenset[str], list[str]] = {}
    for unit in sorted(ran):
        alike.setdefault(frozenset(ran[unit]), []).append(unit)
    return {members[0]: tuple(members) for members in alike.values()}


def _unit_logs(runs: list[tuple[Result, dict[str, float]]], units: Units, grouped: Mapping[str, tuple[str, ...]]) -> dict[str, float]:
    """Each group of units (``groups``) a failing scenario ran → the
    log-likelihood that it alone is broken (one hypothesis: the kit cannot
    tell its units apart), with its prior: 1, or for rows of one table of the
    components, 1 / the table's rows (a table weighs as one unit)."""
    failing = sum(not r.passed for r, _ in runs)
    passing = len(runs) - failing
    covered: dict[str, list[int]] = {}  # unit → [failing, passing] among the scenarios that ran it
    for result, _ in runs:
        for unit in units.ran.get(result.id, ()):
            covered.setdefault(unit, [0, 0])[result.passed] += 1
    rows: dict[str, int] = {}  # a table of the components → how many of its rows are units
    for unit in units.rules:
        if unit.startswith("data:"):
            rows[_table(unit)] = rows.get(_table(unit), 0) + 1
    out = {}
    for first, members in grouped.items():
        nf, np_ = covered.get(first, (0, 0))
        if nf:
            rest = (failing - nf) * math.log(ELSE) + (passing - np_) * math.log1p(-ELSE)
            tables = {_table(u) if u.startswith("data:") else "" for u in members}
            prior = -math.log(rows[next(iter(tables))]) if len(tables) == 1 and "" not in tables else 0.0
            out[first] = prior + rest + _likelihood([(False, UNIT)] * nf + [(True, UNIT)] * np_)
    return out


def _table(unit: str) -> str:
    """``data:TABLE:KEY`` → ``TABLE``."""
    return unit.split(":", 2)[1]


def _normalised(logs: Mapping[str, float]) -> dict[str, float]:
    top = max(logs.values())
    norm = sum(math.exp(v - top) for v in logs.values())
    return {k: math.exp(v - top) / norm for k, v in logs.items()}


def suspects(results: Iterable[Result], spectra: Spectra | None = None, units: Units | None = None) -> list[Suspect]:
    """The rules in the failing scenarios' spectra and those of the code units
    they ran, likeliest broken first (empty when nothing fails). Without
    ``spectra``: the kit's, with its units; with ``spectra`` and no ``units``:
    the rules alone."""
    if units is None:
        units = load_units() if spectra is None else Units()
    spectra = load_spectra() if spectra is None else spectra
    runs = [(r, weights(r, spectra)) for r in results if _evidence(r)]
    failing = [(r, w) for r, w in runs if not r.passed]
    candidates = sorted({rule for _, w in failing for rule in w})
    if not candidates:
        return []
    log, counts = _rule_logs(runs, candidates)
    alone = _normalised(log)  # the rules alone: how a unit's weight is shared among the rules it cites
    grouped = groups(units)
    unit_logs = {f"unit {u}": v for u, v in _unit_logs(runs, units, grouped).items()}
    posterior = _normalised({**log, **unit_logs})
    score = {rule: posterior[rule] for rule in candidates}
    lent: dict[str, tuple[float, str]] = {}  # rule → the unit lending it the most, and how much
    for key, p in posterior.items():
        if not key.startswith("unit "):
            continue
        members = grouped[key[5:]]  # a group lends its weight to its units' rules, shared as the rules alone rank them
        cited = tuple(dict.fromkeys(r for m in members for r in units.rules.get(m, ())))
        shares = [alone.get(rule, 0.0) for rule in cited]
        total = sum(shares)
        for rule, share in zip(cited, shares, strict=True):
            part = p * (share / total if total > 0 else 1 / len(cited))
            score[rule] = score.get(rule, 0.0) + part
            if part > lent.get(rule, (0.0, ""))[0]:
                lent[rule] = (part, next(m for m in members if rule in units.rules.get(m, ())))
    out = []
    for rule, value in score.items():
        failing_n, passing_n, first, cited_n = counts.get(rule, [0, 0, 0, 0])
        out.append(Suspect(rule, value, failing_n, passing_n, first, cited_n, lent.get(rule, (0.0, ""))[1]))
    out.sort(key=lambda s: (-round(s.score, 9), -s.first, -s.cited, s.passing, s.rule))
    return out


def summary(ranked: list[Suspect], n: int = 3) -> str:
    """'most likely broken: R1 (…), then R2 (…), R3 (…)'."""

    def one(s: Suspect) -> str:
        return f"{s.rule} ({s.score:.2f}: {s.failing} failing, {s.passing} passing)"

    top = ranked[:n]
    if not top:
        return ""
    rest = ", ".join(one(s) for s in top[1:])
    return f"most likely broken: {one(top[0])}" + (f", then {rest}" if rest else "")
