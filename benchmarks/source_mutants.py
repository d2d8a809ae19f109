"""The conformance kit's mutation score on cosmic-ray's source mutants of the
rules modules (issue 36 item 2; docs/conformance.md, "Source mutants
(cosmic-ray)").

cosmic-ray edits each module it mutates in place, so this script copies the
tree's ``src/`` to a scratch folder first and runs everything there; the
working tree is never touched. It needs cosmic-ray in the interpreter that
runs it (the ``mutation`` extra, best in a venv of its own), with dlrules'
dependencies:

    python3 -m venv /tmp/cr-venv && /tmp/cr-venv/bin/pip install -e '.[mutation]'
    nice -n 10 /tmp/cr-venv/bin/python benchmarks/source_mutants.py            # the modules of benchmarks/cosmic-ray.toml
    /tmp/cr-venv/bin/python benchmarks/source_mutants.py --modules src/dlrules/core/phases/order_return.py --sample 0.2
    /tmp/cr-venv/bin/python benchmarks/source_mutants.py --report build/cosmic-ray/session.sqlite   # figures of a finished session

Counting: each mutant's outcome is *killed* (the kit exits non-zero: a
scenario failed or the referee crashed), *survived* (the kit passes),
*timeout* (the kit ran past the config's timeout: counted apart, not as
killed), *incompetent* (the test command could not start) or *no test* (the
mutation could not be made). The score is killed / (killed + survived).
Mutants left out by the operator filter or by ``--sample`` are not counted.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "benchmarks" / "cosmic-ray.toml"
KEPT = ROOT / "build" / "cosmic-ray"
"""Where the session database and the survivors are kept (``--out`` changes it)."""


def _cosmic_ray(*args: str, cwd: Path, env: dict[str, str]) -> None:
    """One cosmic-ray command (its command-line tools, from this interpreter)."""
    subprocess.run([sys.executable, "-c", "import sys; from cosmic_ray.cli import main; sys.exit(main())", *args],
                   cwd=cwd, env=env, check=True)  # fmt: skip


def _filter(*args: str, cwd: Path, env: dict[str, str]) -> None:
    subprocess.run([sys.executable, "-c", "import sys; from cosmic_ray.tools.filters.operators_filter import main; sys.exit(main())", *args],
                   cwd=cwd, env=env, check=True)  # fmt: skip


def scratch_copy(scratch: Path) -> None:
    """The tree's ``src/`` and ``pyproject.toml``, copied into ``scratch``."""
    shutil.copytree(ROOT / "src", scratch / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    shutil.copy2(ROOT / "pyproject.toml", scratch / "pyproject.toml")


def write_config(scratch: Path, modules: list[str] | None, timeout: float | None) -> Path:
    """benchmarks/cosmic-ray.toml with this interpreter as ``python`` (and the modules or timeout asked for)."""
    text = CONFIG.read_text(encoding="utf-8")
    config = tomllib.loads(text)["cosmic-ray"]
    command = config["test-command"].split()
    if command[0] == "python":
        command[0] = sys.executable
    lines = [
        "[cosmic-ray]",
        f"module-path = {json.dumps(modules or config['module-path'])}",
        "excluded-modules = []",
        f"test-command = {json.dumps(' '.join(command))}",
        f"timeout = {float(timeout or config['timeout'])}",
        "[cosmic-ray.distributor]",
        'name = "local"',
        "[cosmic-ray.filters.operators-filter]",
        f"exclude-operators = {json.dumps(config['filters']['operators-filter']['exclude-operators'])}",
    ]
    path = scratch / "cosmic-ray.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def sample(session: Path, fraction: float, seed: int) -> int:
    """Mark all but a seeded ``fraction`` of the pending mutants as skipped; the number kept."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    with use_db(str(session), mode=WorkDB.Mode.open) as db:
        pending = sorted(item.job_id for item in db.pending_work_items)
        keep = set(random.Random(seed).sample(pending, round(len(pending) * fraction)))
        for job_id in pending:
            if job_id not in keep:
                db.set_result(job_id, WorkResult(output="Not sampled", worker_outcome=WorkerOutcome.SKIPPED))
    return len(keep)


def outcomes(session: Path) -> list[dict[str, Any]]:
    """Every mutant run of a session: module, line, operator, outcome, diff, the kit's output."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import TestOutcome, WorkerOutcome

    rows = []
    with use_db(str(session), mode=WorkDB.Mode.open) as db:
        for item, result in db.completed_work_items:
            if result.worker_outcome == WorkerOutcome.SKIPPED:
                continue
            mutation = item.mutations[0]
            if result.worker_outcome == WorkerOutcome.NO_TEST:
                outcome = "no test"
            elif result.worker_outcome != WorkerOutcome.NORMAL or result.test_outcome == TestOutcome.INCOMPETENT:
                outcome = "incompetent"
            elif result.test_outcome == TestOutcome.KILLED:
                outcome = "timeout" if result.output == "timeout" else "killed"
            else:
                outcome = "survived"
            rows.append({"module": str(mutation.module_path), "line": mutation.start_pos[0], "operator": mutation.operator_name.split("/")[-1],
                         "operator_name": mutation.operator_name, "occurrence": mutation.occurrence, "outcome": outcome, "diff": result.diff or "", "output": result.output or ""})  # fmt: skip
    return sorted(rows, key=lambda r: (r["module"], r["line"], r["operator"], r["occurrence"]))


def score_table(rows: list[dict[str, Any]]) -> str:
    """The score per module and overall, as a Markdown table."""
    per: dict[str, Counter[str]] = defaultdict(Counter)
    for row in rows:
        per[row["module"].removeprefix("src/dlrules/")][row["outcome"]] += 1
    total: Counter[str] = sum(per.values(), Counter())
    lines = ["| module | mutants | killed | survived | timeout | incompetent | no test | score |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name, counts in [*sorted(per.items()), ("**all**", total)]:
        judged = counts["killed"] + counts["survived"]
        score = f"{100 * counts['killed'] / judged:.1f} %" if judged else "-"
        lines.append(f"| {name} | {sum(counts.values())} | {counts['killed']} | {counts['survived']} | {counts['timeout']} | "
                     f"{counts['incompetent']} | {counts['no test']} | {score} |")  # fmt: skip
    return "\n".join(lines)


def report(session: Path, out: Path) -> None:
    """Print the scores; write every survivor (with its diff) to ``out/survivors.json``."""
    rows = outcomes(session)
    print(score_table(rows))
    survivors = [{k: r[k] for k in ("module", "line", "operator", "operator_name", "occurrence", "diff")} for r in rows if r["outcome"] == "survived"]
    out.mkdir(parents=True, exist_ok=True)
    (out / "survivors.json").write_text(json.dumps(survivors, indent=1) + "\n", encoding="utf-8")
    print(f"{len(survivors)} survivors written to {out / 'survivors.json'}")


DIFF = "{python} -m dlrules conformance diff --engine '{engine}' --games {games} --max-moves {moves} --shrink 0 --json"
"""The second test command: differential games of the clean tree (the reference) against the mutant served over the protocol."""


KIT_RUN = "{python} -m dlrules conformance run"
"""The test command again (``--recheck kit``): the kit of this tree, after scenarios were added for survivors."""


def _verdict(kind: str, done: subprocess.CompletedProcess[str]) -> str:
    """What the second command said of one mutant: ``agree``/``passes`` or ``caught …``."""
    if kind == "kit":
        rules = [line for line in done.stdout.splitlines() if line.startswith("rules with a failing scenario")]
        return "passes" if done.returncode == 0 else f"caught: {(rules or ['exit ' + str(done.returncode)])[0][:160]}"
    try:
        answer = json.loads(done.stdout)
        if answer["agree"]:
            return "agree"
        found = answer["disagreement"]["disagreement"]
        return f"caught ({found['kind']}): {' '.join(found['rules'][:6])}"
    except (json.JSONDecodeError, KeyError, TypeError):
        return f"caught: exit {done.returncode}: {done.stderr.strip().splitlines()[-1:] or ''}"


def recheck(survivors: Path, kind: str, games: int, moves: int) -> None:
    """Run a second command on each survivor of ``survivors.json``, each mutant made in a scratch copy of this
    tree; print which it catches. ``kind``: ``diff`` (differential games of the clean tree, the reference,
    against the mutant served over the protocol) or ``kit`` (the kit's run again, with this tree's scenarios)."""
    from cosmic_ray.mutating import use_mutation
    from cosmic_ray.plugins import get_operator

    found = json.loads(survivors.read_text(encoding="utf-8"))
    caught = 0
    with tempfile.TemporaryDirectory(prefix="dlrules-cosmic-ray-") as tmp:
        scratch = Path(tmp)
        scratch_copy(scratch)
        if kind == "diff":
            engine = f"env PYTHONPATH={scratch / 'src'} PYTHONDONTWRITEBYTECODE=1 {sys.executable} -m dlrules engine"
            command = DIFF.format(python=sys.executable, engine=engine, games=games, moves=moves)
            env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        else:
            command = KIT_RUN.format(python=sys.executable)
            env = {**os.environ, "PYTHONPATH": str(scratch / "src"), "PYTHONDONTWRITEBYTECODE": "1"}
        for mutant in found:
            with use_mutation(scratch / mutant["module"], get_operator(mutant["operator_name"])(), mutant["occurrence"]) as (_, mutated):
                if mutated is None:
                    print(f"{mutant['module']}:{mutant['line']} {mutant['operator']}: the mutation could not be made")
                    continue
                done = subprocess.run(shlex.split(command), capture_output=True, text=True, env=env, check=False)
            verdict = _verdict(kind, done)
            caught += verdict.startswith("caught")
            mutant[f"{kind}_check"] = verdict
            print(f"{mutant['module']}:{mutant['line']} {mutant['operator']}: {verdict}", flush=True)
    survivors.write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")
    what = f"diff ({games} games, {moves} moves)" if kind == "diff" else "the kit's run"
    print(f"{what} caught {caught} of {len(found)} survivors")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--modules", nargs="+", metavar="PATH", help="modules to mutate, relative to the tree's root (default: the config's)")
    parser.add_argument("--sample", type=float, default=1.0, metavar="F", help="run a seeded fraction F of the mutants (default 1: all)")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed (default 0)")
    parser.add_argument("--timeout", type=float, help="seconds for one run of the kit (default: the config's)")
    parser.add_argument("--out", type=Path, default=KEPT, help=f"where the session and survivors are kept (default {KEPT.relative_to(ROOT)})")
    parser.add_argument("--report", type=Path, metavar="SESSION", help="only print the figures of a finished session database")
    parser.add_argument("--recheck", type=Path, metavar="SURVIVORS", help="run a second command on the survivors of a finished run (survivors.json)")
    parser.add_argument("--with", dest="second", choices=("diff", "kit"), default="diff",
                        help="--recheck: diff (games against the mutant, default) or kit (the kit's run again)")
    parser.add_argument("--games", type=int, default=2, help="--recheck: games played (default 2)")
    parser.add_argument("--max-moves", type=int, default=300, help="--recheck: moves a game (default 300)")
    parser.add_argument("--dry-run", action="store_true", help="count the mutants, run none")
    args = parser.parse_args(argv)
    if args.report:
        if not args.report.exists():
            parser.error(f"{args.report}: no such session")
        report(args.report, args.out)
        return 0
    if args.recheck:
        if not args.recheck.exists():
            parser.error(f"{args.recheck}: no such file")
        recheck(args.recheck, args.second, args.games, args.max_moves)
        return 0
    if not 0 < args.sample <= 1:
        parser.error("--sample must be in (0, 1]")
    try:
        import cosmic_ray  # noqa: F401
    except ImportError:
        parser.error("cosmic-ray is not installed in this interpreter: pip install -e '.[mutation]'")
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    with tempfile.TemporaryDirectory(prefix="dlrules-cosmic-ray-") as tmp:
        scratch = Path(tmp)
        scratch_copy(scratch)
        env["PYTHONPATH"] = str(scratch / "src")  # the kit imports the scratch copy's dlrules, mutated
        config = write_config(scratch, args.modules, args.timeout)
        session = scratch / "session.sqlite"
        _cosmic_ray("init", str(config), str(session), cwd=scratch, env=env)
        _filter(str(session), str(config), cwd=scratch, env=env)
        kept = sample(session, args.sample, args.seed)
        print(f"{kept} mutants to run (scratch copy {scratch})", flush=True)
        if args.dry_run:
            return 0
        _cosmic_ray("baseline", str(config), cwd=scratch, env=env)
        start = time.monotonic()
        _cosmic_ray("exec", str(config), str(session), cwd=scratch, env=env)
        print(f"{kept} mutants in {time.monotonic() - start:.0f} s", flush=True)
        args.out.mkdir(parents=True, exist_ok=True)
        shutil.copy2(session, args.out / "session.sqlite")
        report(session, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
