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
own move: its citations count as exercising only. A failing scenario whose
observation differs in a field kept under a rule ID (a title's points,
``outcome.players.0.titles.SCO-8e``: ``Result.named``) weighs as citing that
rule (as first citing it, it named the title rather than the points table
for a two-player game's titles: held-out set 7, 4 December 2026). How readily a broken rule
shows is unknown: g is scaled by 1/4, 1/2 and 1 (at most 0.95) and the
likelihoods averaged::

    L(R)     = mean over k of  Π over failing s of k·g(s, R)  ×  Π over passing s of (1 − k·g(s, R))
    score(R) = L(R) / Σ L(R') over the candidates (the rules in a failing scenario's spectrum)

(g = 0.005 is not scaled.) Rules are what a report names, but what breaks is
code: a function that several rules' code relies on, or a card's row. So the
candidates are also dlrules' *units* (``units`` and ``ran`` in
``spectra.json``: the rule functions, cards and rows of the components'
tables each scenario's check ran or read). Units that the same scenarios of
the run ran are one group (the run cannot tell them apart), and each group
is a hypothesis "this group alone is broken", with g = 0.1 for a scenario
that ran it and 0.005 for one that did not, and a prior summing its units'
(1 for a function or card, 1/N for a row of a table of N rows). A scenario
that ran the group and was written about one of its rules weighs as it
does for that rule, shared among the group's N rules (g = 0.5 / N when it
cites it first, 0.2 / N when it cites it; at least 0.1): a small function's
own scenarios passing speak against it, as a rule's do. Over all the
hypotheses, rules and groups alike, the posterior is normalised, and each
rule's score is the probability that the fault is that rule, or a group
citing it, shared among the group's rules as the rules alone rank them
(equally when none has weight of its own)::

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
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import attrs

from dlrules.apps.conformance.scenarios import Result

SPECTRA = Path(__file__).resolve().parent / "spectra.json"
"""The kit's spectra: scenario id → the rule IDs its check exercises on the
reference, and the units (rule functions, cards, rows of the components'
tables) it ran or read."""

FORMATS = (2, 3)
"""The layouts of ``spectra.json`` this diagnosis reads (2: rules only; 3: with the units)."""

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
    """dlrules' units the kit's scenarios run or read (``spectra.json``):
    ``rules``, a unit (a rule function as ``file:qualified name``, a card as
    ``card:KEY``, a row of a table of the components as ``data:TABLE:KEY``)
    → the rules it cites or states; ``ran``, scenario id → the units its
    check ran or read."""

    rules: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    ran: Mapping[str, frozenset[str]] = attrs.field(factory=dict)

    def ran_by(self, ids: Iterable[str] | None = None) -> dict[str, set[str]]:
        """Unit → the scenarios (among ``ids``; all without) that ran it."""
        out: dict[str, set[str]] = {}
        for sid in self.ran if ids is None else ids:
            for unit in self.ran.get(sid, ()):
                out.setdefault(unit, set()).add(sid)
        return out


@cache
def _read(path: Path) -> dict[str, Any]:
    """``spectra.json``'s content, read once per process; empty when the kit
    has none, or when it is unreadable or of a layout this diagnosis does
    not know (the ranking then rests on the rules the scenarios cite)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") not in FORMATS or not isinstance(data.get("scenarios"), dict):
        return {}
    return data


def load_spectra(path: Path = SPECTRA) -> dict[str, dict[str, int]]:
    """The kit's spectra; empty when the kit has none (the ranking then rests
    on the rules the scenarios cite)."""
    return {sid: dict(rules) for sid, rules in _read(path).get("scenarios", {}).items()}


@cache
def load_units(path: Path = SPECTRA) -> Units:
    """The kit's units and which scenarios ran them; none when the kit has
    none (a unit without rules is left out: it could lend weight to nothing)."""
    data = _read(path)
    rules = {u: tuple(r) for u, r in data.get("units", {}).items() if r}
    return Units(rules, {sid: frozenset(u for u in names if u in rules) for sid, names in data.get("ran", {}).items()})


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
    for rule in result.named[:PARTED] if not result.passed else ():  # the differing field is kept under this rule: as cited
        out[rule] = max(out.get(rule, ELSE), CITED)
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


def evidence(result: Result) -> bool:
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
"""g(s, u) for a scenario that ran a unit of the group u (ELSE for one that did not)."""


def groups(units: Units, ids: Iterable[str] | None = None) -> dict[str, tuple[str, ...]]:
    """The units in groups the scenarios ``ids`` (all without) cannot tell
    apart (the same ones among them ran each unit): the group's first unit
    → its units."""
    return _alike(units.ran_by(ids))


def _alike(ran_by: Mapping[str, set[str]]) -> dict[str, tuple[str, ...]]:
    """``groups`` from unit → the scenarios that ran it."""
    alike: dict[frozenset[str], list[str]] = {}
    for unit, where in sorted(ran_by.items()):
        alike.setdefault(frozenset(where), []).append(unit)
    return {members[0]: tuple(members) for members in alike.values()}


def _priors(units: Units) -> dict[str, float]:
    """Each unit's prior weight: 1, or for a row of a table of the
    components, 1 / the table's rows among the units (a table weighs as
    one function)."""
    rows: dict[str, int] = {}
    for unit in units.rules:
        if unit.startswith("data:"):
            rows[_table(unit)] = rows.get(_table(unit), 0) + 1
    return {unit: 1 / rows[_table(unit)] if unit.startswith("data:") else 1.0 for unit in units.rules}


def _split(where: set[str], passed: Mapping[str, bool]) -> tuple[int, int]:
    """How many of the scenarios ``where`` failed, and how many passed."""
    failed_in = sum(not passed[sid] for sid in where)
    return failed_in, len(where) - failed_in


def _group_logs(passed: Mapping[str, bool], ran_by: Mapping[str, set[str]], grouped: Mapping[str, tuple[str, ...]],
                prior: Mapping[str, float], units: Units, about: Mapping[str, Mapping[str, float]]) -> dict[str, float]:  # fmt: skip
    """Each group (``groups``) a failing scenario ran → the log of its prior
    (its units' priors summed) times the likelihood that it alone is broken:
    g = UNIT for a scenario that ran it, ELSE for one that did not; a
    scenario about one of the group's rules (``about``: its ``weights``,
    CITED or FIRST there) weighs that, shared among the group's rules
    (``_about``). ``passed``: scenario id → whether it passed, for the
    scenarios of the run."""
    failing = sum(not p for p in passed.values())
    passing = len(passed) - failing
    out = {}
    for first, members in grouped.items():
        failed_in, passed_in = _split(ran_by[first], passed)
        if failed_in:
            rest = (failing - failed_in) * math.log(ELSE) + (passing - passed_in) * math.log1p(-ELSE)
            weight = sum(prior.get(m, 1.0) for m in members)
            cited = frozenset(r for m in members for r in units.rules.get(m, ()))
            outcomes = [(passed[sid], _about(about.get(sid, {}), cited)) for sid in sorted(ran_by[first])]
            out[first] = math.log(weight) + rest + _likelihood(outcomes)
    return out


EXPLAINED = 5.0
"""The log of the odds a group gains when a change to one of its functions
reproduces a failure (``_explaining``): about 150 to 1. The change says
which code; the group's weight then goes to the rules its units cite as the
scenarios rank them, so the rule of other code the failing scenarios ran
(a slot's printed rows beside the room code that lists the squares) no
longer outweighs the code the bug is in (re-diagnosing the kill matrix's
kept runs of d493815, 5 December 2026: ``room_squares`` and
``_seat_choices`` named first; the kept runs of held-out sets 3 to 6 and 13
to 15 unchanged; from 2 to 7 all alike but for the matrix's two; 10 loses
one of set 14)."""


def _explaining(grouped: Mapping[str, tuple[str, ...]], failing: Iterable[Result]) -> set[str]:
    """The groups (their first unit) holding a function a change to which
    reproduces a failure that does not name its rule outright (``_leads``):
    a function citing several rules. A value of the components, or a
    function citing one rule, leads the report instead (``_reproduced_first``)."""
    units = {by.split(": ", 1)[0] for r in failing if not _leads(r) for by in r.explained_by}
    return {first for first, members in grouped.items() if any(m in units and not is_value(m) for m in members)}


def _about(weights: Mapping[str, float], cited: frozenset[str]) -> float:
    """g(s, u) for a scenario s that ran the group u citing the rules
    ``cited``: UNIT, or more when s was written about one of them (its
    weight for that rule, CITED or FIRST, shared among ``cited``)."""
    about = max((w for rule, w in weights.items() if w >= CITED and rule in cited), default=0.0)
    return max(UNIT, about / len(cited)) if cited else UNIT


def _with_rows(spectra: Spectra, units: Units) -> Spectra:
    """``spectra`` with, for each scenario, the rules stated by the rows of
    the components' tables its check read (``data:TABLE:KEY``): exercised as
    code about those rules alone would be (a wrong printed value breaks the
    rule that states it, wherever the row is read)."""
    out: dict[str, Mapping[str, int]] = dict(spectra)
    for sid, ran in units.ran.items():
        stated: dict[str, int] = {}
        for unit in ran:
            if unit.startswith("data:"):
                rules = units.rules.get(unit, ())
                for rule in rules:
                    stated[rule] = min(stated.get(rule, len(rules)), len(rules))
        if stated:
            code = spectra.get(sid, {})
            out[sid] = {**stated, **{r: min(n, stated.get(r, n)) for r, n in code.items()}}
    return out


def _table(unit: str) -> str:
    """``data:TABLE:KEY`` → ``TABLE``."""
    return unit.split(":", 2)[1]


Key = TypeVar("Key")


def _normalised(logs: Mapping[Key, float]) -> dict[Key, float]:
    """Log-likelihoods → probabilities summing to 1."""
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
    spectra = _with_rows(load_spectra() if spectra is None else spectra, units)
    runs = [(r, weights(r, spectra)) for r in results if evidence(r)]
    failing = [(r, w) for r, w in runs if not r.passed]
    candidates = sorted({rule for _, w in failing for rule in w})
    if not candidates:
        return []
    log, counts = _rule_logs(runs, candidates)
    alone = _normalised(log)  # the rules alone: how a group's weight is shared among the rules it cites
    passed = {r.id: r.passed for r, _ in runs}
    ran_by = units.ran_by(passed)  # the scenarios of this run only tell units apart
    grouped = _alike(ran_by)
    group_logs = _group_logs(passed, ran_by, grouped, _priors(units), units, {r.id: w for r, w in runs})
    for group in _explaining(grouped, [r for r, _ in failing]):
        if group in group_logs:
            group_logs[group] += EXPLAINED
    posterior = _normalised({**{("rule", r): v for r, v in log.items()}, **{("group", g): v for g, v in group_logs.items()}})
    score = {rule: posterior[("rule", rule)] for rule in candidates}
    lent: dict[str, tuple[float, str]] = {}  # rule → the weight of the group lending it the most, and how it is named
    for (kind, key), p in posterior.items():
        if kind != "group":
            continue
        members = grouped[key]  # a group lends its weight to its units' rules, shared as the rules alone rank them
        cited = tuple(dict.fromkeys(r for m in members for r in units.rules[m]))
        shares = [alone.get(rule, 0.0) for rule in cited]
        total = sum(shares)
        for rule, share in zip(cited, shares, strict=True):
            part = p * (share / total if total > 0 else 1 / len(cited))
            score[rule] = score.get(rule, 0.0) + part
            if part > lent.get(rule, (0.0, ""))[0]:
                named = next(m for m in members if rule in units.rules[m])
                lent[rule] = (part, named + (f" (+{len(members) - 1} alike)" if len(members) > 1 else ""))
                if rule not in counts:  # a rule only a group brings: the scenarios that ran the group
                    counts[rule] = [*_split(ran_by[key], passed), 0, 0]
    out = []
    for rule, value in score.items():
        if value <= 0.0:
            continue  # no weight at all: not a suspect
        failing_n, passing_n, first, cited_n = counts.get(rule, [0, 0, 0, 0])
        out.append(Suspect(rule, value, failing_n, passing_n, first, cited_n, lent.get(rule, (0.0, ""))[1]))
    kept_under = Counter(rule for r, _ in failing for rule in dict.fromkeys(r.named))
    out.sort(key=lambda s: (-round(s.score, 9), -kept_under[s.rule], -s.first, -s.cited, s.passing, s.rule))  # a tie: the rule the differing fields are kept under
    return _reproduced_first(out, [r for r, _ in failing if _leads(r)])


VALUES = ("fact:", "data:")
"""How a value of the components (a sourced value, ``fact:NAME``, or a value in a row of its tables,
``data:TABLE:KEY``) is named among the changes that reproduce a bug (``Result.explained_by``). A value
leads the report, and so does a change to a function citing one rule alone. A change to a function citing several
may stand for a card's printed row the function reads (the Goblin's follow-up, the Troll's price: held-out sets 3 to
6 and the kill matrix, 4 December 2026), and which of the function's rules it breaks is the scenarios' to say; such
a change is reported (``explained_by``), not ranked."""


def _leads(result: Result) -> bool:
    """Whether the changes that reproduce this failure name its rule
    outright: each is to a value of the components, or together they cite
    one rule (a function citing one rule alone; the kill matrix, 4 December
    2026: ``_waiting``, CMB-BAT-3, and ``_choices``, SPE-C-2, named first, a
    twin of ``feedable`` named SPE-C-2 instead of Y2-20; held-out sets 3 to 7
    unchanged)."""
    by = result.explained_by
    return bool(by) and (all(is_value(b) for b in by) or len(result.explained) == 1)


def is_value(unit: str) -> bool:
    """Whether a unit (or a change to it, ``unit: change``) is a value of the components, not code (``VALUES``)."""
    return unit.startswith(VALUES)


def _reproduced_first(ranked: list[Suspect], reproduced: list[Result]) -> list[Suspect]:
    """``ranked`` with the rules of a value of the components a change to
    which reproduces the engine's bug (``Result.explained``: with it dlrules
    gives the engine's verdicts on every scenario checked; ``VALUES``) first, a rule more
    failures name before one fewer do, then as ``ranked`` orders them (the
    change says which code; the scenarios, which of its rules). The rules
    cited at the changed line (``Result.explained_at``) are not put first:
    a comment there is as often about a neighbouring case (measured on the
    held-out sets 3 to 6, 4 December 2026)."""
    if not reproduced:
        return ranked
    position = {s.rule: i for i, s in enumerate(ranked)}
    named: dict[str, int] = {}
    for result in reproduced:
        for rule in result.explained:
            named[rule] = named.get(rule, 0) + 1
    order = sorted(named, key=lambda r: (-named[r], position.get(r, len(ranked)), r))
    by_rule = {s.rule: s for s in ranked}
    front = [by_rule.get(rule, Suspect(rule, 0.0, 0, 0)) for rule in order]
    return front + [s for s in ranked if s.rule not in named]


def summary(ranked: list[Suspect], n: int = 3) -> str:
    """'most likely broken: R1 (…), then R2 (…), R3 (…)'."""

    def one(s: Suspect) -> str:
        return f"{s.rule} ({s.score:.2f}: {s.failing} failing, {s.passing} passing)"

    top = ranked[:n]
    if not top:
        return ""
    rest = ", ".join(one(s) for s in top[1:])
    return f"most likely broken: {one(top[0])}" + (f", then {rest}" if rest else "")
