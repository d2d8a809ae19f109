"""Issue 25's figures as min / median / max of alternating runs of both builds.

Runs ``benchmarks/playouts.py`` several times, the pure-Python package and
the optional compiled build (``python -m dlrules.tools.compiled``) taking
turns (pure, compiled, pure, ...), so that a change of load on a shared
machine hits both alike, and prints each target's figure as min / median /
max over the runs of each build, with the load average before and after.

    python -m dlrules.tools.compiled                # once: build/mypyc
    python benchmarks/alternate.py                  # 3 runs of each, ~3 minutes
    python benchmarks/alternate.py --runs 5 --seconds 12

Without a compiled build (no ``build/mypyc/dlrules``) only the pure runs are made.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILDS = {"pure": ROOT / "src", "compiled": ROOT / "build" / "mypyc"}
_TARGET = re.compile(r"^  (?P<label>\S.*?)\s{2,}(?P<value>-?\d+(?:\.\d+)?)\s+\(")


def run(build: str, seconds: float, seed: int) -> dict[str, float]:
    """One run of playouts.py with ``build`` first on the path: its targets block."""
    env = dict(os.environ, PYTHONPATH=str(BUILDS[build]))
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "playouts.py"), "--seconds", str(seconds), "--seed", str(seed)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = {}
    inside = False
    for line in done.stdout.splitlines():
        if line.startswith("targets"):
            inside = True
            continue
        if inside:
            found = _TARGET.match(line)
            if found is None:
                if not line.strip():
                    break
                continue
            figures[found["label"]] = float(found["value"])
        elif line.startswith("compiled modules") and build == "compiled" and "none" in line:
            raise SystemExit("the compiled build was not picked up: run python -m dlrules.tools.compiled")
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each build (default 3)")
    parser.add_argument("--seconds", type=float, default=12.0, help="playouts.py --seconds (default 12)")
    parser.add_argument("--seed", type=int, default=2009)
    args = parser.parse_args(argv)
    builds = ["pure"] + (["compiled"] if (BUILDS["compiled"] / "dlrules").is_dir() else [])
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    results: dict[str, list[dict[str, float]]] = {b: [] for b in builds}
    for i in range(args.runs):
        for build in builds:
            figures = run(build, args.seconds, args.seed)
            results[build].append(figures)
            headline = next(iter(figures.values()), float("nan"))  # the players' decisions ratio comes first
            print(f"  run {i + 1} {build}: ratio {headline:.2f}", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    labels = list(results["pure"][0])
    print(f"\n{'figure':<42}" + "".join(f"{b + ' min / median / max':>30}" for b in builds))
    for label in labels:
        cells = []
        for build in builds:
            values = [r[label] for r in results[build]]
            cells.append(f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f}")
        print(f"{label:<42}" + "".join(f"{c:>30}" for c in cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
