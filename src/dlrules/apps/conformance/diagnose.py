"""Which rule is most likely broken? Spectrum-based fault localisation over a
run's scenarios (docs/conformance.md, "Diagnosis").

Each scenario's *spectrum* is the set of rule IDs its check exercises on the
reference (``spectra.json`` in the kit, made by ``python -m
dlrules.tools.spectra --write``) plus the rules it cites. The ranking is a
Bayesian single-fault diagnosis over those spectra (as Barinel's, Abreu et al.
2009, for one faulty component): assume exactly one rule R is broken; a
scenario fails with a probability set by how directly it is about R::

    g(s, R) = 0.5   s cites R first (it was written to catch R broken)
              0.2   s cites R
              0.02  s only exercises R (R's code runs; most changes to it do not show)
              0.005 R is not in s's spectrum (the spectra miss some reads of data)

    score(R) = P(R | run) = L(R) / sum of L over the candidates,
    L(R) = product over failing s of g(s, R) * product over passing s of (1 - g(s, R))

The candidates are the rules in some failing scenario's spectrum. A rule
every failing scenario exercises beats one that explains only some of them,
whatever their number; among those, the one the failing scenarios cite (first)
and the passing ones leave alone. Ties go to the rule more failing scenarios
cite first, then cite, then fewer passing ones exercise, then the rule ID.
Scenarios not run (the engine stopped) or unreadable are no evidence.

The driver ranks: an engine under test only answers the protocol.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from dlrules.apps.conformance.scenarios import Result

SPECTRA = Path(__file__).resolve().parent / "spectra.json"
"""The kit's spectra: scenario id → the rule IDs its check exercises on the reference."""

FIRST, CITED, EXERCISED, ELSE = 0.5, 0.2, 0.02, 0.005
"""g(s, R): how likely scenario s fails when rule R alone is broken, by how s is
about R: it cites R first, cites it, only exercises it, or R is not in its spectrum."""


@attrs.frozen
class Suspect:
    """A rule and its evidence: its score, and the failing and passing
    scenarios whose spectrum holds it (how many; ``first``: failing ones citing it first)."""

    rule: str
    score: float
    failing: int
    passing: int
    first: int = 0
    cited: int = 0

    def as_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "score": round(self.score, 4), "failing": self.failing, "passing": self.passing}


def load_spectra(path: Path = SPECTRA) -> dict[str, tuple[str, ...]]:
    """Scenario id → exercised rule IDs; empty when the kit has no spectra
    (the ranking then rests on the rules the scenarios cite)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError:
        return {}
    return {sid: tuple(rules) for sid, rules in data["scenarios"].items()}


def weights(result: Result, spectra: Mapping[str, Iterable[str]]) -> dict[str, float]:
    """Rule ID → g(s, R) for the rules in this scenario's spectrum (ELSE for the others)."""
    out = {rule: EXERCISED for rule in spectra.get(result.id, ())}
    for rule in result.rules:
        out[rule] = CITED
    if result.rules:
        out[result.rules[0]] = FIRST
    return out


def _evidence(result: Result) -> bool:
    """Whether the scenario's outcome says anything about the rules (it ran)."""
    return result.message is None or not result.message.startswith(("not run:", "unreadable:"))


def suspects(results: Iterable[Result], spectra: Mapping[str, Iterable[str]] | None = None) -> list[Suspect]:
    """The rules in the failing scenarios' spectra, likeliest broken first
    (empty when nothing fails)."""
    spectra = load_spectra() if spectra is None else spectra
    runs = [(r, weights(r, spectra)) for r in results if _evidence(r)]
    failing = [(r, w) for r, w in runs if not r.passed]
    candidates = sorted({rule for _, w in failing for rule in w})
    if not candidates:
        return []
    log: dict[str, float] = {}
    counts: dict[str, list[int]] = {}  # rule → [failing, passing, failing citing it first, failing citing it]
    for rule in candidates:
        total = 0.0
        entry = [0, 0, 0, 0]
        for result, w in runs:
            g = w.get(rule, ELSE)
            if result.passed:
                total += math.log1p(-g)
                entry[1] += rule in w
            else:
                total += math.log(g)
                entry[0] += rule in w
                entry[2] += g == FIRST
                entry[3] += g >= CITED
        log[rule], counts[rule] = total, entry
    top = max(log.values())
    norm = sum(math.exp(v - top) for v in log.values())
    out = [Suspect(rule, math.exp(log[rule] - top) / norm, *counts[rule]) for rule in candidates]
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
