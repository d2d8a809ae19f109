"""The conformance kit against the held-out mutant sets (issue 36, "done
when"): engines with one rule broken, written outside the kit's work by
someone who read the rules, the protocol and dlrules' source but not the
kit's scenarios, its spectra or its kill matrix (benchmarks/heldout/README.md).

    .venv/bin/python benchmarks/heldout.py                   # every set; diff for what run misses
    .venv/bin/python benchmarks/heldout.py --set set3 --markdown
    .venv/bin/python benchmarks/heldout.py --only leak --diff all

Each mutant is served over the protocol by its set's ``mutants.py`` and
driven by this checkout's dlrules, exactly as ``dlrules conformance run
--engine "python benchmarks/heldout/SET/mutants.py NAME"`` would:

- *caught by run*: a scenario fails; *named first*: the run's report's top
  suspect is one of the rules the mutant's author declared; *top 3*: one of
  its first three suspects is; *cited first*: a failing scenario lists one
  of them first;
- *caught by diff*: ``dlrules conformance diff`` at its defaults (10 games,
  seed 0, 2, 3 and 4 players) finds a disagreement.

Whether a mutant takes effect at all is its set's ``witness.py`` (the
author's own proof, not the kit's). Runs are kept in build/heldout/ for
``--reuse`` (re-diagnosed by the kit as it is now).
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

SETS = ROOT / "benchmarks" / "heldout"
CACHE = ROOT / "build" / "heldout"
ANSWER_SECONDS = 20
"""How long one request may take: a mutant that hangs fails that scenario as an engine that does not answer."""


def declared(set_name: str) -> dict[str, tuple[str, ...]]:
    """Each mutant of a set and the rules its author says it breaks (the
    first is the one it was written to break). Read from the set's
    ``MUTANTS`` without serving anything: ``name -> (change, rule, ...)``,
    the rules either one ID, or one ID and a tuple of others."""
    path = SETS / set_name / "mutants.py"
    spec = importlib.util.spec_from_file_location(f"heldout_{set_name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out: dict[str, tuple[str, ...]] = {}
    for name, entry in module.MUTANTS.items():
        rules: list[str] = []
        for part in entry[1:]:
            rules.extend([part] if isinstance(part, str) else list(part))
        out[name] = tuple(rules)
    return out


def _command(set_name: str, name: str) -> list[str]:
    return [sys.executable, str(SETS / set_name / "mutants.py"), name]


def run_protocol(set_name: str, name: str, reuse: bool = False) -> dict[str, Any]:
    """The kit's ``run`` over the protocol against one mutant."""
    kept = CACHE / set_name / f"{name}.json"
    if reuse and kept.exists():
        cached: dict[str, Any] = json.loads(kept.read_text(encoding="utf-8"))
        return cached
    from dlrules.apps.conformance.engines import EngineError

    from kitruns import run_over_protocol

    try:
        result = run_over_protocol(_command(set_name, name), ANSWER_SECONDS)
    except EngineError as exc:
        return {"broken": f"the engine did not start: {str(exc)[:200]}"}
    failed = result["failed"]
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_text(json.dumps(result), encoding="utf-8")
    print(f"ran {set_name}/{name}: {len(failed)} failing scenarios", file=sys.stderr, flush=True)
    return result


def run_diff(set_name: str, name: str, reuse: bool = False) -> dict[str, Any]:
    """``dlrules conformance diff`` at its defaults against one mutant."""
    kept = CACHE / set_name / f"{name}.diff.json"
    if reuse and kept.exists():
        cached: dict[str, Any] = json.loads(kept.read_text(encoding="utf-8"))
        return cached
    from kitruns import diff_at_defaults

    out = diff_at_defaults(_command(set_name, name), ANSWER_SECONDS)
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_text(json.dumps(out), encoding="utf-8")
    return out


def verdict(rules: tuple[str, ...], run: dict[str, Any], reuse: bool) -> dict[str, Any]:
    if "broken" in run:
        return {"broken": run["broken"]}
    from kitruns import rediagnose

    failed = run["failed"]
    top = [s["rule"] for s in (rediagnose(failed) if reuse else run["suspects"])[:3]] if failed else []
    firsts = [f["rules"][0] for f in failed if f["rules"]]
    return {"run_caught": bool(failed), "failed": len(failed), "suspects": top,
            "named": top[0] if top and top[0] in rules else None,
            "top3": next((r for r in top if r in rules), None),
            "cited_first": next((r for r in firsts if r in rules), None)}  # fmt: skip


def matrix(sets: list[str], only: list[str] | None, diff: str, jobs: int, reuse: bool) -> list[dict[str, Any]]:
    todo = [(s, name, rules) for s in sets for name, rules in declared(s).items()
            if not only or any(t in name for t in only)]  # fmt: skip
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        runs = list(pool.map(lambda t: run_protocol(t[0], t[1], reuse), todo))
    rows = [{"set": s, "name": name, "rules": list(rules), **verdict(rules, run, reuse)}
            for (s, name, rules), run in zip(todo, runs, strict=True)]  # fmt: skip
    wanted = [r for r in rows if "broken" not in r and (diff == "all" or (diff == "survivors" and not r["run_caught"]))]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for row, found in zip(wanted, pool.map(lambda r: run_diff(r["set"], r["name"], reuse), wanted), strict=True):
            row["diff"] = found
    return rows


def totals(rows: list[dict[str, Any]]) -> dict[str, int]:
    live = [r for r in rows if "broken" not in r]
    return {
        "mutants": len(rows),
        "broken": len(rows) - len(live),
        "run_caught": sum(r["run_caught"] for r in live),
        "run_named": sum(bool(r["named"]) for r in live),
        "run_top3": sum(bool(r["top3"]) for r in live),
        "run_cited_first": sum(bool(r["cited_first"]) for r in live),
        "diff_run": sum("diff" in r for r in live),
        "diff_caught": sum(bool(r.get("diff", {}).get("caught")) for r in live),
        "caught_by_either": sum(r["run_caught"] or bool(r.get("diff", {}).get("caught")) for r in live),
    }


def markdown(rows: list[dict[str, Any]], t: dict[str, int], argv: list[str]) -> str:
    from kitruns import commit

    live = max(t["mutants"] - t["broken"], 1)
    lines = [
        f"Held-out sets run {datetime.date.today().isoformat()} at commit {commit(ROOT)} by "
        f"`benchmarks/heldout.py {' '.join(argv)}`: {t['mutants']} mutants, {t['broken']} not served. "
        f"`run` catches {t['run_caught']} of {live}; its report names a declared rule first for {t['run_named']} "
        f"({100 * t['run_named'] / live:.0f} %), in its top 3 for {t['run_top3']} ({100 * t['run_top3'] / live:.0f} %); "
        f"a failing scenario cites one first for {t['run_cited_first']}; `diff` ran on {t['diff_run']} and caught "
        f"{t['diff_caught']}; `run` or `diff` caught {t['caught_by_either']} of {live}.",
        "",
        "| set | mutant | rules declared | run | named first | top 3 suspects | diff |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        if "broken" in r:
            lines.append(f"| {r['set']} | `{r['name']}` | {', '.join(r['rules'])} | not served: {r['broken']} | | | |")
            continue
        d = r.get("diff")
        diff_cell = "" if d is None else ("caught" + (f" ({', '.join(d['rules'][:3])})" if d["rules"] else "") if d["caught"] else "missed")
        named = "yes" if r["named"] else ("no" if r["run_caught"] else "")
        run_cell = f"caught ({r['failed']})" if r["run_caught"] else "missed"
        lines.append(f"| {r['set']} | `{r['name']}` | {', '.join(r['rules'])} | {run_cell} | {named} | "
                     f"{', '.join(r['suspects'])} | {diff_cell} |")  # fmt: skip
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description="The conformance kit against the held-out mutant sets.")
    parser.add_argument("--set", action="append", metavar="NAME", help="only this set (a folder of benchmarks/heldout)")
    parser.add_argument("--only", action="append", metavar="TEXT", help="only mutants whose name holds TEXT")
    parser.add_argument("--diff", choices=("survivors", "all", "none"), default="survivors")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the rows as JSON")
    parser.add_argument("--reuse", action="store_true", help="reuse each mutant's last run (build/heldout/SET/NAME.json)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "src"))  # here, not on import: tests/test_heldout_sets.py reads ``declared``
    sys.path.insert(0, str(ROOT / "benchmarks"))
    os.environ["PYTHONPATH"] = str(ROOT / "src")  # every mutant process runs this checkout's dlrules
    sets = args.set or sorted(p.parent.name for p in SETS.glob("*/mutants.py"))
    rows = matrix(sets, args.only, args.diff, args.jobs, args.reuse)
    for r in rows:
        print(json.dumps(r), file=sys.stderr)
    t = totals(rows)
    if args.json:
        args.json.write_text(json.dumps({"totals": t, "rows": rows}, indent=1) + "\n", encoding="utf-8")
    print(markdown(rows, t, argv) if args.markdown else json.dumps(t))
    return 0


if __name__ == "__main__":
    sys.exit(main())
