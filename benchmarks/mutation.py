"""The kit's kill matrix (issue 36 item 2): single-rule mutants of dlrules
for every rule family (tests/conformance/rule_mutants.py), each run against
the conformance kit's ``run`` and ``diff`` (at their defaults); which tool
caught each mutant and which rule it named.

    .venv/bin/python benchmarks/mutation.py                  # every mutant; diff for those run misses
    .venv/bin/python benchmarks/mutation.py --diff all       # diff for every mutant (slow)
    .venv/bin/python benchmarks/mutation.py --only goblin --markdown

Definitions (docs/conformance.md repeats them):

- *caught by run*: at least one scenario fails (the kit run in the
  mutant's own process, which also tells whether its change took effect);
  *named first*: the top suspect of the run's report over the protocol
  (dlrules driving the mutant as another engine, each failure localised
  beside the reference: what ``dlrules conformance run --engine`` prints)
  is one of the mutant's rules; *in the top 3*: one of the report's first three
  suspects is; *cited first*: some failing scenario lists one of the
  mutant's rules first (the lenient measure the matrix used before the
  diagnosis);
- *caught by diff*: ``dlrules conformance diff`` at its defaults (10 games,
  seed 0, 2, 3 and 4 players) against the mutant served over the protocol
  finds a disagreement; the rules it names are shown;
- *broken*: the mutant's change could not be made (its target is gone); or,
  for a function substitution, it changed no result while the kit ran and
  ten seeded games were played; or no scenario fails and those ten games
  hash as the reference's (no effect seen): never counted as caught, nor
  among the live mutants.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "src"))
os.environ["PYTHONPATH"] = str(ROOT / "src")  # every mutant process runs this checkout's dlrules, not an installed one

from conformance.rule_mutants import Mutant, catalogue

SCRIPT = TESTS / "conformance" / "rule_mutants.py"


CACHE = ROOT / "build" / "mutation"
"""Each mutant's run, kept for ``--reuse`` (a rerun after a diff failed, or to add the diff column)."""


def run_kit(name: str, reuse: bool = False) -> dict[str, Any]:
    """The kit's run on the mutant, in the mutant's own process."""
    kept = CACHE / f"{name}.json"
    if reuse and kept.exists():
        cached: dict[str, Any] = json.loads(kept.read_text(encoding="utf-8"))
        return cached
    try:
        out = subprocess.run([sys.executable, str(SCRIPT), "run", name], check=False, capture_output=True, text=True,
                             timeout=1800, env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})  # fmt: skip
    except subprocess.TimeoutExpired:
        return {"name": name, "broken": "the mutant's process did not finish in 30 minutes"}
    if out.returncode != 0:
        return {"name": name, "broken": f"the mutant's process failed: {out.stderr.strip().splitlines()[-1:]}"}
    result: dict[str, Any] = json.loads(out.stdout)
    CACHE.mkdir(parents=True, exist_ok=True)
    kept.write_text(out.stdout, encoding="utf-8")
    print(f"ran {name}: {len(result.get('failed', []))} failing scenarios", file=sys.stderr, flush=True)
    return result


def run_protocol(name: str, reuse: bool = False) -> dict[str, Any]:
    """The kit's ``run`` as another engine's author sees it: this process's
    dlrules (the reference, unchanged) drives the mutant served over the
    protocol, so each failing scenario is localised beside the reference
    (``localise``) and the report's diagnosis is the one ``dlrules conformance
    run --engine`` prints."""
    kept = CACHE / f"{name}.protocol.json"
    if reuse and kept.exists():
        cached: dict[str, Any] = json.loads(kept.read_text(encoding="utf-8"))
        return cached
    from conformance.rule_mutants import ANSWER_SECONDS
    from kitruns import run_over_protocol

    result = run_over_protocol([sys.executable, str(SCRIPT), "serve", name], ANSWER_SECONDS)  # as the in-process run's limit
    CACHE.mkdir(parents=True, exist_ok=True)
    kept.write_text(json.dumps(result), encoding="utf-8")
    return result


def run_diff(name: str, reuse: bool = False) -> dict[str, Any]:
    """``dlrules conformance diff`` at its defaults, the mutant served over the protocol."""
    kept = CACHE / f"{name}.diff.json"
    if reuse and kept.exists():
        cached: dict[str, Any] = json.loads(kept.read_text(encoding="utf-8"))
        return cached
    result = _diff(name)
    CACHE.mkdir(parents=True, exist_ok=True)
    kept.write_text(json.dumps(result), encoding="utf-8")
    return result


def _diff(name: str) -> dict[str, Any]:
    from kitruns import diff_at_defaults

    return diff_at_defaults([sys.executable, str(SCRIPT), "serve", name])


def reference_fingerprint() -> str:
    out = subprocess.run([sys.executable, str(SCRIPT), "fingerprint"], capture_output=True, text=True, timeout=900,
                         check=True)  # fmt: skip
    return out.stdout.strip()


def verdict(mutant: Mutant, run: dict[str, Any], reference: str, reuse: bool = False) -> dict[str, Any]:
    if "broken" in run:
        return {"broken": run["broken"]}
    failed = run["failed"]
    if not failed and run["fingerprint"] == reference:
        return {"broken": "no effect seen: no scenario fails and ten seeded games play as on the reference"}
    firsts = [f["rules"][0] for f in failed if f["rules"]]
    cited = next((r for r in firsts if r in mutant.rules), None)
    fresh = "suspects" in run and not reuse  # a kept run is diagnosed again with the kit's diagnosis as it is now
    top = [s["rule"] for s in (run["suspects"] if fresh else _diagnose(failed))[:3]]
    return {"run_caught": bool(failed), "failed": len(failed), "named": top[0] if top and top[0] in mutant.rules else None,
            "top3": next((r for r in top if r in mutant.rules), None), "suspects": top, "cited_first": cited,
            "twins": twins(mutant, failed)}  # fmt: skip


def twins(mutant: Mutant, failed: list[dict[str, Any]]) -> list[str]:
    """For a function mutant: the other code units of dlrules (``spectra.json``)
    that explain its failures as well as its own function does: each ran in
    every failing scenario the function ran in, and in no more passing ones,
    and cites none of the mutant's rules. No ranking of spectra can tell them
    from the broken function: naming it first needs a scenario that runs one
    and not the other."""
    from dlrules.apps.conformance.diagnose import load_units

    if mutant.kind != "function":
        return []
    units = load_units()
    module, name = mutant.name.rsplit(".", 1)
    own = f"{module.replace('.', '/')}.py:{name}"
    bad = {f["id"] for f in failed}
    ran = units.ran_by()
    mine = ran.get(own, set())
    if not mine & bad:
        return []  # the spectra never saw its function run where the mutant fails: no unit is its twin
    out = []
    for unit, where in sorted(ran.items()):
        if unit == own or set(units.rules.get(unit, ())) & set(mutant.rules):
            continue
        if mine & bad <= where and len(where - bad) <= len(mine - bad):
            out.append(f"{unit} ({', '.join(units.rules.get(unit, ()))})")
    return out


def _diagnose(failed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The report's suspects for a kept run (``--reuse``)."""
    from kitruns import rediagnose

    return rediagnose(failed)


def _commit() -> str:
    from kitruns import commit

    return commit(ROOT)


def matrix(mutants: list[Mutant], diff: str, jobs: int, reuse: bool = False) -> list[dict[str, Any]]:
    reference = reference_fingerprint()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        runs = list(pool.map(lambda m: run_kit(m.name, reuse), mutants))
    live = [m.name for m, run in zip(mutants, runs, strict=True) if "broken" not in run and run["failed"]]
    with ThreadPoolExecutor(max_workers=jobs) as pool:  # the run over the protocol, for the diagnosis an author reads
        over = dict(zip(live, pool.map(lambda n: run_protocol(n, reuse), live), strict=True))
    rows = []
    for mutant, run in zip(mutants, runs, strict=True):
        if mutant.name in over:
            run = {**run, "failed": over[mutant.name]["failed"], "suspects": over[mutant.name]["suspects"]}
        rows.append({"name": mutant.name, "kind": mutant.kind, "family": mutant.family, "rules": list(mutant.rules),
                     **verdict(mutant, run, reference, reuse)})  # fmt: skip
    wanted = [r for r in rows if "broken" not in r and (diff == "all" or (diff == "survivors" and not r["run_caught"]))]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for row, found in zip(wanted, pool.map(lambda r: run_diff(r["name"], reuse), wanted), strict=True):
            row["diff"] = found
    for row in rows:
        print(_line(row), file=sys.stderr, flush=True)
    return rows


def _line(row: dict[str, Any]) -> str:
    if "broken" in row:
        return f"BROKEN {row['name']} [{row['family']}]: {row['broken']}"
    diff = row.get("diff")
    d = "-" if diff is None else ("caught" + (f" ({', '.join(diff['rules'][:3])})" if diff["rules"] else "") if diff["caught"] else "missed")
    run = f"caught ({row['failed']} scenarios), named first {row['named'] or 'no'}" if row["run_caught"] else "missed"
    return f"{row['name']} [{','.join(row['rules'])}]: run {run}; suspects {', '.join(row['suspects'])}; diff {d}"


def totals(rows: list[dict[str, Any]]) -> dict[str, int]:
    live = [r for r in rows if "broken" not in r]
    return {
        "mutants": len(rows),
        "broken": len(rows) - len(live),
        "live": len(live),
        "run_caught": sum(r["run_caught"] for r in live),
        "run_named": sum(bool(r["named"]) for r in live),
        "run_top3": sum(bool(r["top3"]) for r in live),
        "run_cited_first": sum(bool(r["cited_first"]) for r in live),
        "missed_with_twins": sum(bool(r["run_caught"] and not r["named"] and r.get("twins")) for r in live),
        "diff_run": sum("diff" in r for r in live),
        "diff_caught": sum(bool(r.get("diff", {}).get("caught")) for r in live),
        "caught_by_either": sum(r["run_caught"] or bool(r.get("diff", {}).get("caught")) for r in live),
        "families": len({r["family"] for r in rows}),
    }


def markdown(rows: list[dict[str, Any]], t: dict[str, int], diff: str, reuse: bool = False) -> str:
    live = max(t["live"], 1)
    kept = " (the mutants' kept runs, re-diagnosed by this commit's diagnosis)" if reuse else ""
    lines = [
        f"Kill matrix generated {datetime.date.today().isoformat()} at commit {_commit()}{kept} by "
        f"`benchmarks/mutation.py --diff {diff}{' --reuse' if reuse else ''} --markdown`: "
        f"{t['mutants']} mutants in {t['families']} rule families, {t['broken']} broken. Of the {t['live']} live ones, "
        f"`run` catches {t['run_caught']} ({100 * t['run_caught'] / live:.0f} %); its report names the broken rule first "
        f"for {t['run_named']} ({100 * t['run_named'] / live:.0f} %) and in its top 3 for {t['run_top3']} "
        f"({100 * t['run_top3'] / live:.0f} %); a failing scenario cites it first for {t['run_cited_first']} "
        f"({100 * t['run_cited_first'] / live:.0f} %); of those not named first, {t['missed_with_twins']} have a twin "
        f"(another unit of dlrules' code that explains the failures as well: column *twins*); `diff` ran on {t['diff_run']} and caught {t['diff_caught']}; "
        f"`run` or `diff` caught {t['caught_by_either']} of {t['live']}.",
        "",
        "| mutant | kind | rules broken | run | named first | top 3 suspects | twins | diff |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        if "broken" in r:
            lines.append(f"| `{r['name']}` | {r['kind']} | {', '.join(r['rules'])} | broken: {r['broken']} | | | | |")
            continue
        diff_cell = "" if "diff" not in r else ("caught" + (f" ({', '.join(r['diff']['rules'][:3])})" if r["diff"]["rules"] else "")
                                                if r["diff"]["caught"] else "missed")  # fmt: skip
        run_cell = f"caught ({r['failed']})" if r["run_caught"] else "missed"
        named = "yes" if r["named"] else ("no" if r["run_caught"] else "")
        twin = "; ".join(r.get("twins", [])[:2]) + (f"; {len(r['twins']) - 2} more" if len(r.get("twins", [])) > 2 else "")
        lines.append(f"| `{r['name']}` | {r['kind']} | {', '.join(r['rules'])} | {run_cell} | {named} | {', '.join(r['suspects'])} "
                     f"| {twin if not r['named'] else ''} | {diff_cell} |")  # fmt: skip
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The conformance kit's kill matrix over single-rule mutants.")
    parser.add_argument("--only", action="append", metavar="TEXT", help="only mutants whose name holds TEXT")
    parser.add_argument("--diff", choices=("survivors", "all", "none"), default="survivors")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--markdown", action="store_true", help="print the matrix as a Markdown table (docs/conformance.md)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the rows as JSON")
    parser.add_argument("--reuse", action="store_true", help="reuse each mutant's last run (build/mutation/NAME.json)")
    args = parser.parse_args(argv)
    mutants = [m for m in catalogue().values() if not args.only or any(t in m.name for t in args.only)]
    rows = matrix(mutants, args.diff, args.jobs, args.reuse)
    t = totals(rows)
    if args.json:
        args.json.write_text(json.dumps({"totals": t, "rows": rows}, indent=1) + "\n", encoding="utf-8")
    print(markdown(rows, t, args.diff, args.reuse) if args.markdown else json.dumps(t))
    return 0


if __name__ == "__main__":
    sys.exit(main())
