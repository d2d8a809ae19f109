"""Throughput of ``dlrules simulate``: games per second on one worker and on
every core, the scaling efficiency, Ray against the process pool on this
machine, and the workers' memory over a long run (docs/performance.md,
"Simulation at scale").

    python benchmarks/simulate.py                  # 1,000 games per setting, Ray if installed
    python benchmarks/simulate.py --quick --no-ray # a few seconds (the smoke test runs this)
    python benchmarks/simulate.py --memory-games 10000

Every setting plays the same seeded games (the results files are compared:
the same bytes), so only the speed differs. No test fails on a time.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from dlrules.apps.simulate import Config, RunSummary, default_workers, run


def timed(config: Config, folder: Path, name: str, **kwargs: Any) -> tuple[RunSummary, bytes]:
    out = folder / f"{name}.jsonl"
    if out.exists():
        out.unlink()
    summary = run(config, out, progress=False, **kwargs)
    return summary, out.read_bytes()


def _burn(seconds: float) -> float:
    """Spin for ``seconds`` of wall clock; the CPU time obtained."""
    started, cpu = time.monotonic(), time.process_time()
    while time.monotonic() - started < seconds:
        pass
    return time.process_time() - cpu


def cpu_available(processes: int, seconds: float = 2.0) -> float:
    """A control without dlrules: how many cores' worth of CPU ``processes``
    busy loops obtain together right now (2.0 on an idle 2-core machine)."""
    import multiprocessing

    pool = multiprocessing.get_context().Pool(processes)
    started = time.monotonic()
    cpu = sum(pool.map(_burn, [seconds] * processes))
    obtained = cpu / (time.monotonic() - started)
    pool.close()  # let the workers exit (terminating them would set off Ray's SIGTERM report in a forked driver)
    pool.join()
    return obtained


def _load() -> str:
    """The 1-minute load average (other jobs on a shared machine)."""
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:  # pragma: no cover
        return "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games per setting (default 1000)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2009)
    parser.add_argument("--repeat", type=int, default=1, help="alternate the settings this many times (default 1)")
    parser.add_argument("--memory-games", type=int, default=0, help="also play this many games on every core and report the workers' peak memory")
    parser.add_argument("--no-ray", action="store_true", help="leave out the Ray backend")
    parser.add_argument("--quick", action="store_true", help="a few games per setting (smoke test)")
    args = parser.parse_args(argv)
    if args.quick:
        args.games = 16
    cores = default_workers()
    config = Config(games=args.games, players=args.players, seed=args.seed)
    ray: Any = None
    if not args.no_ray:
        try:
            ray = importlib.import_module("ray")
        except ImportError:
            print("Ray is not installed (pip install 'dlrules[ray]'): its figures are left out.")
    print(
        f"dlrules simulate benchmark: {args.games} {args.players}-player games per setting, seed {args.seed}; "
        f"{cores} cores; CPython {platform.python_version()} on {platform.system()} {platform.release()}"
    )
    rates: dict[str, list[float]] = {"1 worker": [], f"{cores} workers (process pool)": []}
    ray_key = f"Ray, {cores} CPUs (local)"
    if ray is not None:
        rates[ray_key] = []
    cpu_rates: dict[str, list[float]] = {key: [] for key in rates}
    init_seconds = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        reference: bytes | None = None
        if ray is not None:
            started = time.monotonic()
            ray.init(num_cpus=cores, include_dashboard=False, log_to_driver=False)
            init_seconds = time.monotonic() - started
        try:
            for _ in range(args.repeat):
                seconds = 0.5 if args.quick else 1.0
                print(
                    f"  control (busy loops, no dlrules): 1 process obtains {cpu_available(1, seconds):.2f} cores, "
                    f"{cores} processes {cpu_available(cores, seconds):.2f} cores together"
                )
                for key in rates:
                    if key == "1 worker":
                        summary, data = timed(config, folder, "one", workers=1)
                    elif key == ray_key:
                        summary, data = timed(config, folder, "ray", backend="ray")
                    else:
                        summary, data = timed(config, folder, "pool", workers=cores)
                    reference = reference if reference is not None else data
                    if data != reference:
                        print(f"{key}: results differ from the first setting's!")
                        return 1
                    rates[key].append(summary.games_per_second)
                    cpu_rates[key].append(summary.games_per_cpu_second)
                    cores_got = summary.games_per_second / summary.games_per_cpu_second if summary.cpu_seconds else 0.0
                    print(
                        f"  {key}: {summary.games_per_second:.1f} games/s ({summary.seconds:.2f} s); "
                        f"{summary.games_per_cpu_second:.1f} games per worker CPU second; "
                        f"CPU obtained {cores_got:.2f} cores; load {_load()}"
                    )
        finally:
            if ray is not None:
                ray.shutdown()
        one = max(rates["1 worker"])
        pool = max(rates[f"{cores} workers (process pool)"])
        print("\nBest of each setting: games/s; games per worker CPU second")
        for key, values in rates.items():
            print(f"  {key}: {max(values):.1f}; {max(cpu_rates[key]):.1f}")
        print(f"scaling: {cores} workers / 1 worker = {pool / one:.2f}x; efficiency {pool / one / cores:.0%}")
        cpu_one = max(cpu_rates["1 worker"])
        cpu_pool = max(cpu_rates[f"{cores} workers (process pool)"])
        print(
            f"work per game: a pool worker plays {cpu_pool / cpu_one:.0%} as many games per CPU second as one process; "
            f"with every core to itself that predicts {cores * cpu_pool / cpu_one:.2f}x (an estimate, not a measurement)"
        )
        if ray is not None:
            best = max(rates[ray_key])
            print(f"Ray / process pool = {best / pool:.2f} (Ray's start-up, not timed above: {init_seconds:.1f} s)")
        print("results: every setting wrote the same bytes")
        if args.memory_games:
            long = Config(games=args.memory_games, players=args.players, seed=args.seed + 1)
            summary, _ = timed(long, folder, "memory", workers=cores)
            print(
                f"memory: {args.memory_games} games on {cores} workers ({summary.games_per_second:.1f} games/s); "
                f"a worker's peak RSS after its first chunk {summary.first_peak_rss_kib / 1024:.1f} MiB, "
                f"at the end {summary.last_peak_rss_kib / 1024:.1f} MiB"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
