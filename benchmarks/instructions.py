"""Instructions per whole 4-player game: a cost figure that does not depend
on the machine's load (issue 25).

Seconds on a shared machine move by 20 % from run to run; the number of
instructions a seeded game executes does not: it is the same on every run
to within 0.1 %, usually to the last digit (a few objects hash by their
address: ``setarch -R``, used where it works, turns off address
randomisation, which narrows it), so two versions of the engine can be
compared on a busy machine and a change of 1 % is plain. It counts instructions, not time
(a cache miss costs more than an addition), so the timed benchmarks
(``playouts.py``, ``alternate.py``) stay the figures the issue's targets are
judged by; this is the A/B tool for speed work.

It runs the benchmark's loop (uniform random moves, chance sampled with
``sample_chance``, as ``playouts.py`` plays them) under valgrind's callgrind
with instrumentation off for ``--warm`` games (the caches warm, as in a long
run) and on for the ``--games`` that are counted. Needs ``valgrind`` (its
``callgrind_control`` too) on the PATH; about 20-40 s per build.

    python benchmarks/instructions.py                       # the pure package and the compiled build, if built
    python benchmarks/instructions.py --build pure --games 50
    python benchmarks/instructions.py --path /tmp/base/src  # any other tree (e.g. a base commit's src/)
    python benchmarks/instructions.py --per-apply           # instructions per apply: building, combat, combat card

``--per-apply`` counts, instead of whole games, one ``apply`` of each kind
that ``playouts.py`` times apart (``playouts.kinds_of``: a move in the
building phases, a move in combat, a combat card's draw), in the same loop
(a player's ``legal_moves`` listed before his move is applied, as in a
play-out). Only the applies of the kind counted are wrapped in a call of
``functools.reduce``, and callgrind collects inside that call only
(``--toggle-collect``), so the figure is the applies' own instructions and
the engine's work around them is not counted. This is the A/B figure for
the issue's two per-move combat targets.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILDS = {"pure": ROOT / "src", "compiled": ROOT / "build" / "mypyc"}
_CHILD = "DLRULES_INSTRUCTIONS_CHILD"


def _games(count: int, offset: int) -> None:
    """``count`` seeded whole 4-player games: the benchmark's own play-outs."""
    from playouts import play_ours  # (beside this script; it imports dlrules from PYTHONPATH)

    for k in range(count):
        play_ours(4, 2009 * 101 + offset + k)


def _applies(kind: str, warm: int, games: int) -> None:
    """``--per-apply``'s child: ``warm`` games played, then ``games`` in
    which each ``apply`` of ``kind`` goes through ``functools.reduce`` (the
    function callgrind collects in); prints how many."""
    import functools

    from playouts import play_by_kind

    from dlrules import GameState, Move, apply

    def plain(state: GameState, move: Move, kinds: tuple[str, ...]) -> GameState:
        return apply(state, move)

    counted = 0

    def wrapped(state: GameState, move: Move, kinds: tuple[str, ...]) -> GameState:
        nonlocal counted
        if kind not in kinds:
            return apply(state, move)
        counted += 1
        return functools.reduce(apply, (move,), state)  # apply(state, move), inside the collected call

    play_by_kind(warm, 2009, plain)
    play_by_kind(games, 2009 + 1000, wrapped)
    print(f"applies {counted}")


def count_per_apply(path: Path, kind: str, warm: int, games: int, keep: Path | None = None) -> tuple[int, int]:
    """Instructions per ``apply`` of ``kind`` (``playouts.KINDS``) with
    ``path`` first on the import path, and how many applies were counted;
    callgrind's output is kept in ``keep`` if given (read it with
    ``callgrind_annotate``)."""
    options = ["--collect-atstart=no", "--toggle-collect=functools_reduce", f"--callgrind-out-file={keep or '/dev/null'}"]
    collected, printed = _callgrind(path, f"{warm},{games},{kind}", options)
    applies = re.search(r"applies (\d+)", printed)
    if applies is None or not int(applies.group(1)):
        raise SystemExit(f"no apply of the kind {kind!r} was counted for {path}")
    n = int(applies.group(1))
    return collected // n, n


def _instrument(on: bool) -> None:
    subprocess.run(["callgrind_control", "-i", "on" if on else "off", str(os.getpid())], check=True, capture_output=True)


def _child(warm: int, games: int) -> None:
    """Inside valgrind: warm up uninstrumented, then count ``games`` games."""
    _games(warm, 0)
    _instrument(True)
    _games(games, 1000)
    _instrument(False)


def _setarch_works() -> bool:
    """``setarch -R`` (no address randomisation) is found and allowed here."""
    if shutil.which("setarch") is None:
        return False
    return subprocess.run(["setarch", "-R", "true"], capture_output=True, check=False).returncode == 0


def _callgrind(path: Path, child: str, options: list[str]) -> tuple[int, str]:
    """This script run as ``child`` (``_CHILD``) under callgrind with
    ``options``, ``path`` first on the import path: the instructions
    collected and what the child printed."""
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONHASHSEED="0", **{_CHILD: child})
    norandom = ["setarch", "-R"] if _setarch_works() else []  # the same addresses on every run: objects hashed by address hash alike
    done = subprocess.run(
        [*norandom, "valgrind", "--tool=callgrind", *options, sys.executable, str(Path(__file__).resolve())],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"valgrind failed for {path}:\n{done.stderr[-2000:]}")
    return int(found.group(1)), done.stdout


def count(path: Path, warm: int, games: int) -> int:
    """Instructions per game with ``path`` first on the import path."""
    collected, _ = _callgrind(path, f"{warm},{games}", ["--instr-atstart=no", "--callgrind-out-file=/dev/null"])
    return collected // games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", choices=["pure", "compiled", "both"], default="both")
    parser.add_argument("--path", type=Path, action="append", default=[], help="another tree to count (its directory holding dlrules/)")
    parser.add_argument("--games", type=int, default=30, help="games counted (default 30)")
    parser.add_argument("--warm", type=int, default=100, help="warm-up games, not counted (default 100)")
    parser.add_argument("--per-apply", action="store_true", help="instructions per apply of each kind (building, combat, combat card) instead of per game")
    parser.add_argument("--keep", type=Path, help="with --per-apply: keep callgrind's output of each count in this folder (BUILD.KIND.callgrind)")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        print("valgrind (with callgrind_control) is not on the PATH: this benchmark needs it", file=sys.stderr)
        return 2
    paths: list[tuple[str, Path]] = []
    if not args.path:
        names = ["pure", "compiled"] if args.build == "both" else [args.build]
        for name in names:
            if name == "compiled" and not (BUILDS["compiled"] / "dlrules").is_dir():
                print("no compiled build (python -m dlrules.tools.compiled): counting the pure package only")
                continue
            paths.append((name, BUILDS[name]))
    paths += [(str(p), p) for p in args.path]
    if args.per_apply:
        from playouts import KINDS

        print(f"instructions per apply ({args.games} seeded whole 4-player games after {args.warm} warm-up games; the applies' own, as playouts.py times them)")
        for name, path in paths:
            figures: dict[str, tuple[int, int]] = {}
            for kind in KINDS:
                kept = None
                if args.keep is not None:
                    args.keep.mkdir(parents=True, exist_ok=True)
                    kept = args.keep / f"{name.strip('/').replace('/', '_')}.{kind.replace(' ', '-')}.callgrind"
                figures[kind] = count_per_apply(path, kind, args.warm, args.games, kept)
            cells = "  ".join(f"{kind} {each:>9,} ({n} applies)" for kind, (each, n) in figures.items())
            ratio = figures["combat"][0] / figures["building"][0]
            print(f"  {name:<10} {cells}  combat ÷ building {ratio:.2f}", flush=True)
        return 0
    print(f"instructions per whole 4-player game ({args.games} seeded games after {args.warm} warm-up games; the same on every run to within 0.1 %)")
    for name, path in paths:
        print(f"  {name:<10} {count(path, args.warm, args.games):>14,}", flush=True)
    return 0


if __name__ == "__main__":
    child = os.environ.get(_CHILD)
    if child:
        warm_text, games_text, *kind = child.split(",")  # "warm,games" or "warm,games,kind" (--per-apply)
        warm, games = int(warm_text), int(games_text)
        if kind:
            _applies(kind[0], warm, games)
        else:
            _child(warm, games)
    else:
        sys.exit(main())
