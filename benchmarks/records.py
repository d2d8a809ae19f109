"""What a record copy and a field read cost from compiled code: the state's
attrs records against a mypyc native class of the same fields (issue 25).

The compiled build (``python -m dlrules.tools.compiled``) compiles the rules,
not the records: ``state.py`` stays attrs (frozen, slots), as the project's
brief has it. Compiled code reads an attrs record's field with a generic
attribute lookup and copies a record by calling the record setters of
``state.py`` (generated Python, run by the interpreter). This script
measures both against a native class, which is what the remaining combat
targets would need (docs/performance.md, "Issue 25, the seventh round").

It writes a small module in a temporary directory, with a native class
holding ``PlayerState``'s fields (``Final``: read-only, as a frozen record
is) and loops that copy and read both kinds of record, compiles it with
mypyc (it comes with mypy; needs a C compiler and the Python headers) and
prints nanoseconds per operation (best of five runs of a million).

    python benchmarks/records.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

import attrs

from dlrules import new_game
from dlrules.core.state import PlayerState


def source(names: list[str]) -> str:
    """The module to compile: a native twin of ``PlayerState`` and the loops."""
    first = names[0]
    fields = ", ".join(f"{n}: object" for n in names)
    stores = "".join(f"        self.{n}: Final = {n}\n" for n in names)
    kept = ", ".join(f"p.{n}" for n in names)
    changed = ", ".join("i" if n == first else f"p.{n}" for n in names)
    return f'''from __future__ import annotations
from typing import Final
from dlrules.core.state import PlayerState, evolve, setter

_SET_FIRST: Final = setter(PlayerState, "{first}")


class NativePlayer:
    def __init__(self, {fields}) -> None:
{stores}

def native_of(p: PlayerState) -> NativePlayer:
    return NativePlayer({kept})


def attrs_setter(p: PlayerState, n: int) -> None:
    for i in range(n):
        _SET_FIRST(p, i)


def attrs_evolve(p: PlayerState, n: int) -> None:
    for i in range(n):
        evolve(p, {first}=i)


def native_copy(p: NativePlayer, n: int) -> None:
    for i in range(n):
        NativePlayer({changed})


def attrs_reads(p: PlayerState, n: int) -> int:
    s = 0
    for i in range(n):
        if p.gold is not None and p.dungeon is not None and p.party is not None:
            s += 1
    return s


def native_reads(p: NativePlayer, n: int) -> int:
    s = 0
    for i in range(n):
        if p.gold is not None and p.dungeon is not None and p.party is not None:
            s += 1
    return s
'''


def main() -> int:
    names = [f.name for f in attrs.fields(PlayerState)]
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "records_probe.py").write_text(source(names))
        built = subprocess.run([sys.executable, "-m", "mypyc", "records_probe.py"], cwd=tmp, capture_output=True, text=True, check=False)
        if built.returncode != 0:
            print(f"mypyc could not compile the probe:\n{built.stdout[-2000:]}{built.stderr[-2000:]}", file=sys.stderr)
            return 2
        sys.path.insert(0, tmp)
        import records_probe as probe  # type: ignore[import-not-found]

        player = new_game(4).players[0]
        native = probe.native_of(player)
        n = 1_000_000

        def best(run: object, arg: object) -> float:
            times = []
            for _ in range(5):
                t0 = time.perf_counter()
                run(arg, n)  # type: ignore[operator]
                times.append(time.perf_counter() - t0)
            return min(times) / n * 1e9

        print(f"PlayerState ({len(names)} fields), compiled code, ns per operation (best of 5 x {n:,}):")
        setter_ns, evolve_ns, native_ns = best(probe.attrs_setter, player), best(probe.attrs_evolve, player), best(probe.native_copy, native)
        print(f"  copy with one field changed: attrs setter {setter_ns:6.1f}   attrs evolve {evolve_ns:6.1f}   native class {native_ns:6.1f}   (setter ÷ native {setter_ns / native_ns:.1f})")
        reads_ns, native_reads_ns = best(probe.attrs_reads, player) / 3, best(probe.native_reads, native) / 3
        print(f"  one field read:              attrs        {reads_ns:6.1f}   native class {native_reads_ns:6.1f}   (attrs ÷ native {reads_ns / native_reads_ns:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
