"""Run the whole kit on an engine and report: pass/fail per scenario and per
rule ID, and the rules most likely broken (``diagnose``), as text, JSON or
JUnit XML (``dlrules conformance run``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import attrs

from dlrules.apps.conformance.counterfactual import Case, Explanation, agreement, explain
from dlrules.apps.conformance.diagnose import Suspect, evidence, load_spectra, load_units, suspects, summary
from dlrules.apps.conformance.engines import Engine, EngineError
from dlrules.apps.conformance.localise import localise
from dlrules.apps.conformance.scenarios import Failed, Result, ScenarioError, check, load, scenario_files


@attrs.frozen
class Report:
    """The results of one run, in the order the scenarios ran."""

    engine: str
    results: tuple[Result, ...]

    @property
    def failed(self) -> tuple[Result, ...]:
        return tuple(r for r in self.results if not r.passed)

    def by_rule(self) -> dict[str, tuple[int, int]]:
        """Rule ID → (scenarios passed, scenarios run) among those citing it."""
        counts: dict[str, list[int]] = {}
        for result in self.results:
            for rule in result.rules:
                entry = counts.setdefault(rule, [0, 0])
                entry[0] += result.passed
                entry[1] += 1
        return {rule: (p, n) for rule, (p, n) in sorted(counts.items())}

    def failing_rules(self) -> list[str]:
        return [rule for rule, (p, n) in self.by_rule().items() if p < n]

    def suspects(self) -> list[Suspect]:
        """The rules most likely broken, likeliest first (``diagnose``; empty when nothing fails)."""
        return suspects(self.results)


LOCALISING_SECONDS = 120.0
"""How long a run spends replaying failures beside dlrules, at most (the
replay compares every step: with a slow engine, dozens of failures could
take far longer than the run)."""

EXPLAINED_CASES = 3
"""How many failures a run asks ``counterfactual.explain`` about, at most:
those parting at the scenario's own move first, in the order they ran."""

EXPLAINING_SECONDS = 10.0
"""How long ``counterfactual.explain`` may take for one failure."""


def run_suite(
    engine: Engine,
    paths: Iterable[Path] | None = None,
    select: Callable[[dict[str, Any]], bool] | None = None,
    localising: bool = True,
    explaining: bool = True,
) -> Report:
    """Check every scenario (the kit's, or those under ``paths``) on ``engine``.
    An engine failure fails that scenario and the run goes on; the engine
    then gets a fresh start from the next scenario's ``new_game`` or
    ``load_position``. A failing scenario is replayed on dlrules and the
    engine side by side (``localising``, ``localise.localise``, for
    ``LOCALISING_SECONDS`` in all: a slow engine's later failures go
    unlocalised, their results as the scenarios alone say): where they
    part, and the rules dlrules' code runs there, go with its result. Then
    (``explaining``) up to ``EXPLAINED_CASES`` of those places are explained
    (``counterfactual.explain``): the rules of the functions of dlrules that
    one small change makes do what the engine did go with the result too."""
    files: list[Path] = []
    for path in paths if paths is not None else [None]:
        if path is None:
            files.extend(scenario_files())
        elif path.is_dir():
            files.extend(scenario_files(path))
        else:
            files.append(path)
    results: list[Result] = []
    loaded: dict[str, dict[str, Any]] = {}  # scenario id → the scenario, for those run
    places: list[tuple[bool, int, Case]] = []  # where failures part: (before their own move, result index, case)
    spent = 0.0  # seconds spent localising failures
    dead: str | None = None  # the engine stopped and could not be restarted
    for path in files:
        began = time.perf_counter()
        try:
            scenario = load(path)
        except ScenarioError as exc:
            results.append(Result(path.stem, (), f"unreadable: {exc}"))
            continue
        if select is not None and not select(scenario):
            continue
        loaded[scenario["id"]] = scenario
        message: str | None = f"not run: {dead}" if dead else None
        try:
            if dead is None:
                check(engine, scenario)
        except Failed as exc:
            message = str(exc)
        except EngineError as exc:
            message = f"engine failure: {exc}"
            revive = getattr(engine, "revive", None)
            try:
                if revive is not None:
                    revive()  # a crashed program starts again for the next scenario
            except EngineError as again:
                dead = f"the engine stopped and cannot be restarted: {again}"
        parted: tuple[str, ...] = ()
        named: tuple[str, ...] = ()
        where, early = "", False
        if message is not None and dead is None and localising and not message.startswith("engine failure") and spent < LOCALISING_SECONDS:
            began_localising = time.perf_counter()
            found: list[Case] = []
            parted, where, early, named = localise(engine, scenario, cases=found if explaining else None)
            places.extend((early, len(results), case) for case in found[:1])
            spent += time.perf_counter() - began_localising
        results.append(Result(scenario["id"], tuple(scenario["rules"]), message, time.perf_counter() - began, parted, where, early, named=named))
    for _, index, case in sorted(places, key=lambda p: (p[0], p[1]))[:EXPLAINED_CASES]:
        kept = _reproducing(explain(case, EXPLAINING_SECONDS), results, loaded)
        if kept:
            rules = tuple(dict.fromkeys(r for e in kept for r in e.rules))
            at = tuple(dict.fromkeys(r for e in kept for r in e.local))
            by = tuple(f"{e.unit}: {e.change}" for e in kept)
            results[index] = attrs.evolve(results[index], explained=rules, explained_at=at, explained_by=by)
    return Report(engine.name, tuple(results))


SAMPLE = 16
"""How many failing and how many passing scenarios that ran a function ``agreement`` checks a change to it on, at most."""


def _reproducing(explanations: tuple[Explanation, ...], results: list[Result], loaded: dict[str, dict[str, Any]]) -> tuple[Explanation, ...]:
    """The explanations of the narrowest code whose change makes dlrules give
    the engine's verdict on every one of the run's scenarios that ran its
    function and were checked (``agreement``, on up to ``SAMPLE`` failing
    and ``SAMPLE`` passing ones, spread evenly; at least ``REPRODUCING``,
    passing ones among them). None when no change does: a change that
    explains one failure but not the engine's other verdicts approximates a
    bug the changes cannot make (a card's printed row, an order of
    iteration), and its rules would mislead."""
    if not explanations:
        return explanations
    ran_by = load_units().ran_by(loaded)
    spectra = load_spectra()
    passed = {r.id: r.passed for r in results if r.id in loaded and evidence(r)}
    kept: list[Explanation] = []
    for e in sorted(explanations, key=lambda e: len(e.rules)):
        if kept and len(e.rules) > len(kept[0].rules):
            break  # wider code than a change found reproducing: only the narrowest is kept
        if e.unit in ran_by:
            ran = sorted(sid for sid in ran_by[e.unit] if sid in passed)
        else:  # a value of the components: the failures, and the scenarios exercising its rules
            ran = sorted(sid for sid in passed if not passed[sid] or set(e.rules) & spectra.get(sid, {}).keys())
        sample = [*_spread([s for s in ran if not passed[s]]), *_spread([s for s in ran if passed[s]])]
        if len(sample) >= REPRODUCING and any(passed[s] for s in sample) and agreement(e, [(loaded[s], passed[s]) for s in sample], whole=True) == 1.0:
            kept.append(e)  # every verdict the engine's: the bug reproduced
    return tuple(kept)


REPRODUCING = 4
"""How many scenarios a change must give the engine's verdicts on, passing ones among them, to reproduce its bug."""


def _spread(ids: list[str]) -> list[str]:
    """At most ``SAMPLE`` of ``ids``, evenly spaced."""
    if len(ids) <= SAMPLE:
        return ids
    return [ids[i * len(ids) // SAMPLE] for i in range(SAMPLE)]


SUSPECTS = 10
"""How many suspects the JSON report and the JUnit properties list."""


def as_text(report: Report, verbose: bool = False) -> str:
    lines = []
    for r in report.results:
        if not r.passed or verbose:
            lines.append(f"{'PASS' if r.passed else 'FAIL'} {r.id} [{', '.join(r.rules)}]" + ("" if r.passed else f": {r.message}"))
            if r.where:
                lines.append(f"     replayed beside dlrules, the engine parts from it {r.where}; dlrules' code there: {', '.join(r.parted[:5]) or '(none named)'}")
            if r.explained:
                lines.append(f"     dlrules does what the engine did with one change: {'; '.join(r.explained_by[:3])} (citing {', '.join(r.explained[:5])})")
    failing = report.failing_rules()
    if report.failed:
        lines.append(summary(report.suspects()))
    if failing:
        by_rule = report.by_rule()
        lines.append("rules with a failing scenario: " + ", ".join(f"{rule} ({by_rule[rule][1] - by_rule[rule][0]}/{by_rule[rule][1]})" for rule in failing))
    n, bad = len(report.results), len(report.failed)
    rules = report.by_rule()
    lines.append(
        f"{report.engine}: {n - bad} of {n} scenarios passed; {len(rules) - len(failing)} of {len(rules)} rule IDs clean"
    )
    return "\n".join(lines) + "\n"


def as_json(report: Report) -> dict[str, Any]:
    return {
        "engine": report.engine,
        "passed": not report.failed,
        "scenarios": [{"id": r.id, "rules": list(r.rules), "passed": r.passed, "message": r.message,
                       **({"parted": {"where": r.where, "rules": list(r.parted)}} if r.where else {}),
                       **({"explained": {"rules": list(r.explained), "at": list(r.explained_at), "by": list(r.explained_by)}} if r.explained else {})} for r in report.results],  # fmt: skip
        "rules": {rule: {"passed": p, "run": n} for rule, (p, n) in report.by_rule().items()},
        "failing_rules": report.failing_rules(),
        "suspects": [s.as_json() for s in report.suspects()[:SUSPECTS]],
    }


def as_junit(report: Report) -> str:
    """JUnit XML: a test suite with one test case per scenario (class name: its
    first rule ID; a failure element with the message), and one with a test
    case per rule ID (failing when a scenario citing it fails), the rules
    most likely broken first, each named in a ``suspect`` property with its
    rank and score."""
    total = sum(r.seconds for r in report.results)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f"<testsuites name={quoteattr('dlrules conformance kit')}>",
        f"  <testsuite name={quoteattr(report.engine)} tests=\"{len(report.results)}\" failures=\"{len(report.failed)}\" "
        f'errors="0" time="{total:.3f}">',
    ]
    for r in report.results:
        head = f"    <testcase classname={quoteattr((r.rules or ('scenario',))[0])} name={quoteattr(r.id)} time=\"{r.seconds:.3f}\""
        if r.passed:
            lines.append(head + "/>")
        else:
            lines.append(head + ">")
            lines.append(f"      <failure message={quoteattr(r.message or '')}>{escape('rules: ' + ', '.join(r.rules))}</failure>")
            lines.append("    </testcase>")
    lines.append("  </testsuite>")
    by_rule = report.by_rule()
    failing = report.failing_rules()
    ranked = report.suspects()
    lines.append(f"  <testsuite name={quoteattr(report.engine + ': rule IDs')} tests=\"{len(by_rule)}\" failures=\"{len(failing)}\" errors=\"0\">")
    if ranked:
        lines.append("    <properties>")
        for i, s in enumerate(ranked[:SUSPECTS], start=1):
            value = f"{i}. {s.rule} (score {s.score:.4f}: {s.failing} failing, {s.passing} passing)"
            lines.append(f"      <property name=\"suspect\" value={quoteattr(value)}/>")
        lines.append("    </properties>")
    rank = {s.rule: i for i, s in enumerate(ranked)}
    for rule, (passed, run) in sorted(by_rule.items(), key=lambda item: (rank.get(item[0], len(rank)), item[0])):
        head = f"    <testcase classname=\"rules\" name={quoteattr(rule)}"
        if passed == run:
            lines.append(head + "/>")
        else:
            ids = [r.id for r in report.results if rule in r.rules and not r.passed]
            lines.append(head + ">")
            lines.append(f"      <failure message={quoteattr(f'{run - passed} of {run} scenarios fail')}>{escape(', '.join(ids))}</failure>")
            lines.append("    </testcase>")
    lines += ["  </testsuite>", "</testsuites>"]
    return "\n".join(lines) + "\n"
