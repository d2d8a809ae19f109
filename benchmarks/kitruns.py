"""The kit's run over the protocol against an engine served by a command,
kept as JSON, and a kept run diagnosed again by the kit as it is now: what
``mutation.py`` (the kill matrix) and ``heldout.py`` (the held-out sets)
both measure."""

from __future__ import annotations

from typing import Any


def run_over_protocol(command: list[str], timeout: float) -> dict[str, Any]:
    """``dlrules conformance run --engine COMMAND`` as data: each failing
    scenario (its id, rules, message, where it parts from dlrules and the
    rules named there) and the report's first ten suspects. Raises
    ``EngineError`` when the engine does not start."""
    from dlrules.apps.conformance.engines import Subprocess
    from dlrules.apps.conformance.suite import run_suite

    engine = Subprocess(command, timeout=timeout)
    try:
        report = run_suite(engine)
    finally:
        engine.close()
    failed = [{"id": r.id, "rules": list(r.rules), "message": (r.message or "")[:200], "parted": list(r.parted[:8]),
               "where": r.where, "early": r.early} for r in report.results if not r.passed]  # fmt: skip
    return {"failed": failed, "suspects": [s.as_json() for s in report.suspects()[:10]]}


def rediagnose(failed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A kept run's suspects under the kit's diagnosis as it is now: its
    failing scenarios (with their messages) among the kit's scenarios now."""
    from dlrules.apps.conformance.diagnose import suspects
    from dlrules.apps.conformance.scenarios import Result, load, scenario_files

    bad = {f["id"]: f for f in failed}
    kit = [load(p) for p in scenario_files()]
    results = [Result(s["id"], tuple(s["rules"]), None) if s["id"] not in bad else
               Result(s["id"], tuple(s["rules"]), bad[s["id"]].get("message") or "failed", 0.0, tuple(bad[s["id"]].get("parted", ())),
                      bad[s["id"]].get("where", ""), bool(bad[s["id"]].get("early")))
               for s in kit]  # fmt: skip
    return [s.as_json() for s in suspects(results)]
