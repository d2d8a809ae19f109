"""An optional build of dlrules with its rule modules compiled by mypyc
(docs/performance.md, "A compiled build"). The pure-Python package stays the
reference: the compiled build is the same source, compiled, and must give the
same answers (CI runs the quick run on the pure build, and its representative
subset, the ``subset`` marker of the repository's conftest.py, on the compiled one).

Usage (from the repository root; needs a C compiler and the Python headers)::

    python -m dlrules.tools.compiled                  # build into build/mypyc/ (about 1 to 2 minutes)
    PYTHONPATH=build/mypyc python benchmarks/playouts.py
    PYTHONPATH=build/mypyc python -m pytest -p no:cacheprovider -m 'subset and not slow'

The build copies ``src/dlrules`` to ``build/mypyc/dlrules`` and compiles the
modules in ``COMPILED`` there, next to their sources; ``PYTHONPATH`` puts that
copy before the installed package (an extension module is imported before a
``.py`` file of the same name). The source tree is never touched, so an edit
to ``src/`` is never hidden by a stale extension module: rebuild after editing.

Not compiled: the modules that define the game's attrs records
(``core/state.py`` with its record copiers, ``core/moves.py``, ``core/phases/event.py``,
``core/phases/scoring.py`` with the outcome's records, the components …). An
attrs record of a compiled module stays an ordinary class (frozen, equal,
hashable, its methods compiled), but mypyc keeps its annotations as bare
classes (``tuple[Action, ...]`` becomes ``tuple``), which cattrs reads to
write JSON; and a class body's ``attrs.field(…)`` fails mypyc's type check
of the attribute (``chance.py``'s small ``PlayOut`` record has neither, and
the whole suite passes on the build). Not compiled either: the
engine and the setup (``engine.new_game`` and the setup's functions take
what a caller passes, and a compiled function refuses an argument of the
wrong type with its own ``TypeError`` before the rules can word the refusal,
RUL-8; the engine's loop around every move is ``loop.py``, apart from
``engine.py`` so that it is compiled); and the modules outside the play of a game (CLI, server, pictures).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

COMPILED: tuple[str, ...] = (
    "core/loop.py",
    "core/dungeon.py",
    "agents/bots.py",
    "core/chance.py",
    "core/known.py",
    "core/phases/__init__.py",
    "core/phases/adventurers.py",
    "core/phases/change_of_year.py",
    "core/phases/common.py",
    "core/phases/end_of_round.py",
    "core/phases/events.py",
    "core/phases/order_return.py",
    "core/phases/orders.py",
    "core/phases/production.py",
    "core/phases/resolution.py",
    "core/phases/round_start.py",
    "core/phases/combat/__init__.py",
    "core/phases/combat/conquest.py",
    "core/phases/combat/decisions.py",
    "core/phases/combat/ending.py",
    "core/phases/combat/fight.py",
    "core/phases/combat/monsters.py",
    "core/phases/combat/party.py",
    "core/phases/combat/planning.py",
    "core/phases/combat/ruling.py",
    "core/phases/combat/spells.py",
    "core/phases/combat/steps.py",
    "core/phases/combat/traps.py",
)
"""The modules compiled, relative to the package: the engine's loop and the
phases' rules, where a game spends its time."""

ROOT = Path(__file__).resolve().parents[3]


def build(out: Path) -> int:
    """Copy the package to ``out/dlrules`` and compile ``COMPILED`` there."""
    source = ROOT / "src" / "dlrules"
    if not (source / "core" / "engine.py").is_file():
        print(f"{source} is not dlrules' source tree: run this from a checkout", file=sys.stderr)
        return 2
    target = out / "dlrules"
    if target.exists():
        shutil.rmtree(target)
    out.mkdir(parents=True, exist_ok=True)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    modules = [f"dlrules/{m}" for m in COMPILED]
    done = subprocess.run([sys.executable, "-m", "mypyc", *modules], cwd=out, check=False, capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stdout[-4000:], done.stderr[-4000:], sep="\n", file=sys.stderr)
        return done.returncode
    print(f"compiled {len(modules)} modules into {target}; use it with PYTHONPATH={out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "mypyc", help="where to build (default build/mypyc)")
    args = parser.parse_args(argv)
    return build(args.out)


if __name__ == "__main__":
    sys.exit(main())
