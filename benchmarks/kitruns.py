"""The kit's run and ``diff`` over the protocol against an engine served by
a command, kept as JSON, and a kept run diagnosed again by the kit as it is
now: what ``mutation.py`` (the kill matrix) and ``heldout.py`` (the held-out
sets) both measure."""

from __future__ import annotations

import subprocess
from pathlib import Path
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
               "where": r.where, "early": r.early, "explained": list(r.explained), "explained_at": list(r.explained_at),
               "explained_by": list(r.explained_by), "named": list(r.named)} for r in report.results if not r.passed]  # fmt: skip
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
                      bad[s["id"]].get("where", ""), bool(bad[s["id"]].get("early")), tuple(bad[s["id"]].get("explained", ())), tuple(bad[s["id"]].get("explained_at", ())),
                      tuple(bad[s["id"]].get("explained_by", ())), tuple(bad[s["id"]].get("named", _named(bad[s["id"]].get("where", "")))))
               for s in kit]  # fmt: skip
    return [s.as_json() for s in suspects(results)]


def _named(where: str) -> list[str]:
    """The rules naming the differing field in a kept run's ``where`` (runs kept before ``named`` was)."""
    from dlrules.apps.conformance.diff import detail_path, field_rules

    for kind in ("(observation: ", "(view: "):
        if kind in where:
            return list(field_rules([detail_path(where.split(kind, 1)[1])]))
    return []


def diff_at_defaults(command: list[str], timeout: float | None = None) -> dict[str, Any]:
    """``dlrules conformance diff --engine COMMAND`` at its defaults (10
    games, seed 0, 2, 3 and 4 players) as data: whether it found a
    disagreement, the rules it names and the moves to it; an engine that
    fails counts as caught. ``timeout``: for each answer (the driver's
    default when None)."""
    from dlrules.apps.conformance.diff import differential
    from dlrules.apps.conformance.engines import EngineError, Subprocess

    engine = Subprocess(command) if timeout is None else Subprocess(command, timeout=timeout)
    try:
        result = differential(engine, [{"setup": {"players": n, "variant": "full"}} for n in (2, 3, 4)], 10, 0, 5000, 100)
    except EngineError as exc:
        return {"caught": True, "rules": [], "note": f"engine failure: {str(exc)[:100]}"}
    finally:
        engine.close()
    found = result.found
    return {"caught": found is not None, "rules": [] if found is None else list(found.rules),
            "moves": None if found is None else len(found.moves)}  # fmt: skip


def commit(root: Path) -> str:
    """The checkout's commit, abbreviated, for a table's heading."""
    out = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%h"], capture_output=True, text=True, check=False)
    return out.stdout.strip() or "unknown"
