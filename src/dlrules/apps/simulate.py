"""Many seeded games at once: every core of one machine, or a Ray cluster.

``run(config, out)`` plays ``config.games`` games and writes one JSON line per
game to ``out`` (the format: docs/simulation.md). Game ``i`` is played from
its own seed, ``game_seed(config.seed, i)``, by the bots of its seats, in one
process from start to end, so its line is the same byte for byte whatever
the number of workers or the backend (``"process"``: the standard library's
process pool; ``"ray"``: Ray tasks, the optional extra ``dlrules[ray]``).

Each game is exactly what ``dlrules play --players P --variant V --seed
SEED`` plays when every seat has the same bot: a new game, then ``play_out``
with one ``random.Random(SEED)`` for chance and the bots.

Every game is played whole, to ``Phase.GAME_OVER``. Its outcome is read by
one function, ``game_outcome``: the phase reached, each seat's counts, and
(through ``final_result``, which calls ``dlrules.outcome``) each seat's
score with its breakdown, the winners and the titles (LIB-SIM-1).

This module uses only the public surface; the core never imports it.
"""

from __future__ import annotations

import array
import contextlib
import importlib
import json
import math
import os
import signal
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

import attrs

from dlrules._version import __version__

from dlrules.apps.simgame import (
    BACKENDS,
    COUNTS,
    SimulationError,
    game_seed,
    resolve_policy,
    Config,
    FinalResult,
    final_result,
    game_outcome,
    play_game,
    Chunk,
    play_chunk,
)

__all__ = [
    "BACKENDS",
    "COUNTS",
    "Config",
    "FinalResult",
    "RunSummary",
    "SimulationError",
    "final_result",
    "game_outcome",
    "game_seed",
    "play_game",
    "read_results",
    "resolve_policy",
    "run",
]

# --- backends ---------------------------------------------------------------------------


def _quiet_worker() -> None:
    """Pool workers leave Ctrl-C to the main process, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_chunk_args(args: tuple[Config, tuple[int, ...]]) -> Chunk:
    return play_chunk(*args)


def _in_process(config: Config, chunks: Iterable[tuple[int, ...]]) -> Iterator[Chunk]:
    for chunk in chunks:
        yield play_chunk(config, chunk)


def _process_pool(config: Config, chunks: Sequence[tuple[int, ...]], workers: int) -> Iterator[Chunk]:
    import multiprocessing

    pool = multiprocessing.get_context().Pool(workers, initializer=_quiet_worker)
    try:
        yield from pool.imap_unordered(_play_chunk_args, [(config, c) for c in chunks], chunksize=1)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def _ray_start(workers: int | None, address: str | None) -> tuple[Any, bool]:
    """Ray, initialised: the Ray this program already started, or a cluster
    at ``address``, or a new local one with ``workers`` CPUs. Returns Ray and
    whether this call started it (then the run shuts it down)."""
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError as exc:
        raise SimulationError("the Ray backend needs Ray: pip install 'dlrules[ray]'") from exc
    if ray.is_initialized():
        return ray, False
    options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
    if address is None and workers is not None:
        options["num_cpus"] = workers
    try:
        ray.init(address=address, **options)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        hint = ""
        if address is not None:
            hint = (
                "; a cluster with token authentication (Ray 2.52 and later; the default from Ray 2.61) is joined with "
                "RAY_AUTH_MODE=token and the cluster's token (RAY_AUTH_TOKEN, printed by `ray get-auth-token` on the head node) "
                "set in this environment (docs/simulation.md)"
            )
        raise SimulationError(f"cannot start or join Ray{f' at {address}' if address else ''}: {exc}{hint}") from exc
    return ray, True


def _ray_tasks(ray: Any, started: bool, config: Config, chunks: Sequence[tuple[int, ...]]) -> Iterator[Chunk]:
    """Each chunk a Ray task needing one CPU, about two per CPU in flight;
    results in the order they finish."""
    task = ray.remote(num_cpus=1)(play_chunk)
    pending: list[Any] = []
    try:
        window = 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
        queue = list(reversed(chunks))
        while queue or pending:
            while queue and len(pending) < window:
                pending.append(task.remote(config, queue.pop()))
            ready, pending = ray.wait(pending, num_returns=1)
            yield ray.get(ready[0])
    except BaseException:
        for ref in pending:
            with contextlib.suppress(Exception):
                ray.cancel(ref, force=True)
        raise
    finally:
        if started:
            ray.shutdown()


# --- the results file -------------------------------------------------------------------


def read_results(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Every game line of a results file, in file order. A line that is not
    a JSON object raises SimulationError with its line number."""
    games = []
    with open(path, encoding="utf-8") as f:
        for n, text in enumerate(f, start=1):
            if not text.strip():
                continue
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                raise SimulationError(f"{path}, line {n}: not JSON ({exc.msg})") from exc
            if not isinstance(data, dict) or not isinstance(data.get("game"), int):
                raise SimulationError(f"{path}, line {n}: not a game result (no \"game\" number)")
            games.append(data)
    return games


def _game_of(config: Config, path: Path, n: int, raw: bytes) -> int:
    """The game number of line ``n`` of a results file being resumed, after
    checking that this command wrote it (LIB-SIM-3)."""
    try:
        line = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SimulationError(f"{path}, line {n}: not a result line; cannot resume") from exc
    index = line.get("game") if isinstance(line, dict) else None
    if not isinstance(index, int) or not 0 <= index < config.games:
        raise SimulationError(f"{path}, line {n}: game {index!r} is not one of the {config.games} games; cannot resume")
    expected = {
        "seed": game_seed(config.seed, index),
        "players": config.players,
        "variant": config.variant,
        "special_events": None if config.special_events else False,
        "bots": list(config.seat_bots(index)),
        "rules": __version__,
    }
    for key, value in expected.items():
        if line.get(key) != value:
            raise SimulationError(
                f"{path}, line {n}: game {index} has {key} {line.get(key)!r}, this command gives {value!r}; "
                "resume with the same --seed, --players, --variant, --bots and --rotate, and the same dlrules"
            )
    return index


def _done_games(config: Config, path: Path) -> tuple[set[int], bool, int]:
    """The games already in a results file being resumed (LIB-SIM-3): their
    numbers, whether the file lists them in order, and how many bytes of it
    are whole lines (a last line cut short by a killed run is dropped).
    Refuses a file written by a different command. Reads line by line."""
    done: set[int] = set()
    ordered = True
    last = -1
    good = 0
    with open(path, "rb") as f:
        for n, raw in enumerate(f, start=1):
            if not raw.endswith(b"\n"):
                break  # the last line, cut short: dropped, its game is played again
            index = _game_of(config, path, n, raw)
            if index in done:
                raise SimulationError(f"{path}, line {n}: game {index} is listed twice; cannot resume")
            done.add(index)
            ordered = ordered and index > last
            last = index
            good += len(raw)
    return done, ordered, good


def _sort_file(path: Path, games: int) -> None:
    """Rewrite a complete results file in game order (after a resume): one
    pass notes where each game's line starts, a second copies the lines in
    order, so memory holds one offset per game, not the file."""
    offsets = array.array("q", [-1]) * games
    with open(path, "rb") as f:
        at = 0
        for raw in f:
            offsets[int(json.loads(raw)["game"])] = at
            at += len(raw)
        tmp = path.with_name(path.name + ".sorting")
        with open(tmp, "wb") as out:
            for game, at in enumerate(offsets):
                if at < 0:
                    raise SimulationError(f"{path}: game {game} is missing; run again with --resume")
                f.seek(at)
                out.write(f.readline())
    os.replace(tmp, path)


@attrs.frozen
class RunSummary:
    """What ``run`` did: games written this time, games found already done
    (``--resume``), the total asked for, seconds, whether it was interrupted,
    the largest peak memory a worker reported (KiB), first and last, and the
    CPU seconds the workers spent playing (their sum)."""

    written: int
    resumed: int
    total: int
    seconds: float
    interrupted: bool
    first_peak_rss_kib: int = 0
    last_peak_rss_kib: int = 0
    cpu_seconds: float = 0.0

    @property
    def games_per_second(self) -> float:
        return self.written / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_cpu_second(self) -> float:
        """Games per CPU second of the workers: the speed of one core's work,
        whatever else the machine is doing."""
        return self.written / self.cpu_seconds if self.cpu_seconds > 0 else 0.0


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def chunk_size(todo: int, workers: int) -> int:
    """Games per task: about eight tasks per worker (for an even finish and a
    steady progress bar), at most 50 games (little lost work on Ctrl-C)."""
    return max(1, min(50, math.ceil(todo / (workers * 8)))) if todo else 1


class Progress:
    """A one-line progress bar on a terminal: games done, games/s, time left."""

    def __init__(self, total: int, done: int, stream: Any, enabled: bool) -> None:
        self.total, self.start_done, self.done = total, done, done
        self.stream, self.enabled = stream, enabled
        self.started = time.monotonic()
        self.shown = 0.0

    def update(self, games: int) -> None:
        self.done += games
        now = time.monotonic()
        if self.enabled and (now - self.shown >= 0.2 or self.done == self.total):
            self.shown = now
            self.stream.write("\r" + self.line(now) + "\033[K")
            self.stream.flush()

    def line(self, now: float) -> str:
        elapsed = now - self.started
        rate = (self.done - self.start_done) / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else math.inf
        width = 30
        filled = width * self.done // self.total if self.total else width
        eta = "--:--" if math.isinf(left) else _clock(left)
        return (
            f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} games, "
            f"{rate:.1f} games/s, {eta} left"
        )

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    s = int(seconds + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


class _Writer:
    """Writes result lines in game order as they arrive (games finished out
    of order wait in a buffer); ``flush_all`` writes what waits too, for an
    interrupted run. Ctrl-C never cuts a line in half: the signal waits
    until the line is written."""

    def __init__(self, f: Any, order: Sequence[int]) -> None:
        self.f, self.order, self.pos = f, order, 0
        self.waiting: dict[int, str] = {}
        self.written = 0

    def add(self, lines: Iterable[tuple[int, str]]) -> None:
        self.waiting.update(lines)
        out = []
        while self.pos < len(self.order) and self.order[self.pos] in self.waiting:
            out.append(self.waiting.pop(self.order[self.pos]))
            self.pos += 1
        self._write(out)

    def flush_all(self) -> None:
        self._write([self.waiting[i] for i in sorted(self.waiting)])
        self.waiting.clear()

    def _write(self, lines: list[str]) -> None:
        if not lines:
            return
        with _deferred_interrupt():
            self.f.write("".join(lines))
            self.f.flush()
            self.written += len(lines)


@contextlib.contextmanager
def _deferred_interrupt() -> Iterator[None]:
    """Hold SIGINT while a block runs; raise KeyboardInterrupt after it."""
    caught: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        caught.append(signum)

    previous = signal.getsignal(signal.SIGINT)
    held = False
    if previous is not None and previous is not signal.SIG_IGN:  # ignored (a background job): keep it so
        try:
            signal.signal(signal.SIGINT, hold)
            held = True
        except ValueError:  # not the main thread: nothing to hold
            pass
    if not held:
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            raise KeyboardInterrupt


def run(
    config: Config,
    out: str | os.PathLike[str],
    *,
    workers: int | None = None,
    backend: str = "process",
    address: str | None = None,
    resume: bool = False,
    progress: bool | None = None,
    stream: Any = None,
) -> RunSummary:
    """Play the games of ``config`` into the results file ``out``.

    ``workers``: processes (None: every core); 1 plays in this process.
    ``backend``: ``"process"`` or ``"ray"`` (``address``: a Ray cluster's,
    e.g. ``"auto"`` or ``"10.0.0.1:6379"``; None starts a local Ray with
    ``workers`` CPUs, or uses the Ray this program already started).
    ``resume``: keep the games already in ``out`` and play the others;
    otherwise ``out`` must not exist or be empty. ``progress``: the progress bar
    on ``stream`` (default stderr; None: when ``stream`` is a terminal).

    Ctrl-C (KeyboardInterrupt) stops the workers; every finished game is in
    ``out`` and the summary says ``interrupted``. When all games are done the
    file lists them in game order, so the same command always writes the
    same bytes (LIB-SIM-2, LIB-SIM-3)."""
    if backend not in BACKENDS:
        raise SimulationError(f"--backend {backend}: choose one of {', '.join(BACKENDS)}")
    for name in set(config.bots):
        resolve_policy(name)  # fail now, not in a worker
    if workers is not None and workers < 1:
        raise SimulationError(f"--workers {workers}: must be at least 1 (or auto)")
    path = Path(out)
    stream = stream if stream is not None else sys.stderr
    done: set[int] = set()
    ordered = True
    if path.exists() and path.stat().st_size > 0:
        if not resume:
            raise SimulationError(f"{path} exists: --resume continues it; remove it to start again")
        done, ordered, good = _done_games(config, path)
        if good < path.stat().st_size:
            with open(path, "r+b") as cut:
                cut.truncate(good)
    todo = [i for i in range(config.games) if i not in done]
    n_workers = workers if workers is not None else default_workers()
    size = chunk_size(len(todo), n_workers)
    chunks = [tuple(todo[k : k + size]) for k in range(0, len(todo), size)]
    if progress is None:
        progress = bool(getattr(stream, "isatty", lambda: False)())
    bar = Progress(config.games, len(done), stream, progress and bool(todo))
    started = time.monotonic()
    interrupted = False
    peaks: list[int] = []
    cpu = 0.0
    existed = path.exists()
    f = open(path, "a", encoding="utf-8")  # noqa: SIM115 - closed below
    try:
        if backend == "ray":
            ray, started_ray = _ray_start(workers, address)
            results = _ray_tasks(ray, started_ray, config, chunks)
        elif n_workers == 1 or len(chunks) <= 1:
            results = _in_process(config, chunks)
        else:
            results = _process_pool(config, chunks, min(n_workers, len(chunks)))
    except BaseException:
        f.close()
        if not existed:
            path.unlink()  # leave nothing behind when the backend cannot start
        raise
    with f:
        writer = _Writer(f, todo)
        try:
            for chunk in results:
                writer.add(chunk.lines)
                peaks.append(chunk.peak_rss_kib)
                cpu += chunk.cpu_seconds
                bar.update(len(chunk.lines))
        except KeyboardInterrupt:
            interrupted = True
            with _deferred_interrupt():
                if hasattr(results, "close"):
                    results.close()  # stops the workers
                writer.flush_all()
        except BaseException:
            with _deferred_interrupt():
                if hasattr(results, "close"):
                    results.close()
                writer.flush_all()  # a failed game: the finished ones stay, --resume continues
            raise
        finally:
            bar.close()
    if not interrupted and (done and not ordered or done and todo and min(todo) < max(done)):
        _sort_file(path, config.games)
    return RunSummary(
        written=writer.written,
        resumed=len(done),
        total=config.games,
        seconds=time.monotonic() - started,
        interrupted=interrupted,
        first_peak_rss_kib=peaks[0] if peaks else 0,
        last_peak_rss_kib=max(peaks[-n_workers:]) if peaks else 0,
        cpu_seconds=cpu,
    )
