"""The floors of the house: the package's import graph (every import, those
inside functions too), checked against the floors that pyproject.toml declares
(the import-linter contract ``floors``, and ``combat`` for the floors inside
``phases/combat/``), and drawn as docs/architecture.svg (architecture-combat.svg).

Usage (from the repository root)::

    python -m dlrules.tools.floors            # check; print every problem, exit 1 if any
    python -m dlrules.tools.floors --write    # redraw docs/architecture*.svg

The checks (tests/test_layers.py runs them; ``lint-imports`` in CI checks the
same contract): no import circle among the package's modules; every import goes
down a floor, or sideways only on a floor whose modules may import one another
(``:``), never between modules a ``|`` separates; every module stands on a
floor; no module imports the package's face (``dlrules/__init__.py``, which
re-exports from every floor). Standard library only, so that the picture is
the same wherever it is drawn.
"""

from __future__ import annotations

import argparse
import ast
import sys
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

PACKAGE = "dlrules"
CONTRACT = "floors"
"""The ``id`` of the layers contract in pyproject.toml."""

Graph = dict[str, dict[str, int]]
"""Importer -> imported module -> the line of its first import."""


def repo_root() -> Path:
    """The checkout this module sits in (src/dlrules/tools/floors.py)."""
    return Path(__file__).resolve().parents[3]


# --- the import graph ----------------------------------------------------------------------


def modules(src: Path) -> dict[str, Path]:
    """Every module of the package under ``src``: dotted name -> file (a
    package by its ``__init__.py``)."""
    found: dict[str, Path] = {}
    for path in sorted((src / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _resolved(name: str, known: Mapping[str, object]) -> str | None:
    """The module ``name`` refers to: itself or its longest known prefix
    (``dlrules.core.state.GameState`` is an import of ``dlrules.core.state``)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def module_imports(name: str, source: str, known: Mapping[str, object], is_package: bool = False) -> dict[str, int]:
    """The package's modules that module ``name`` imports, anywhere in its
    code (module level, functions, ``TYPE_CHECKING`` blocks), with the line of
    the first import of each. ``from a import b`` imports module ``a.b`` when
    there is one, else ``a``; relative imports are resolved."""
    here = name if is_package else name.rpartition(".")[0]
    found: dict[str, int] = {}
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base = here.split(".")[: len(here.split(".")) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            for alias in node.names:
                inner = f"{origin}.{alias.name}"
                targets.append(inner if inner in known else origin)
        for target in targets:
            if target != PACKAGE and not target.startswith(PACKAGE + "."):
                continue
            imported = _resolved(target, known)
            if imported is not None and imported != name:
                line = found.get(imported)
                found[imported] = node.lineno if line is None else min(line, node.lineno)
    return found


def import_graph(src: Path) -> Graph:
    """Every module of the package and what it imports (``module_imports``)."""
    known = modules(src)
    return {
        name: module_imports(name, path.read_text(encoding="utf-8"), known, path.name == "__init__.py")
        for name, path in known.items()
    }


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The import circles: every strongly connected set of two or more
    modules (Tarjan's algorithm), each sorted, in sorted order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            members: list[str] = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                members.append(top)
                if top == node:
                    break
            if len(members) > 1:
                found.append(sorted(members))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


# --- the floors ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Floor:
    """One floor of a contract: its modules (names under the container) and
    whether they must not import one another (``|``) or may (``:``)."""

    number: int
    """0 is the ground floor."""
    units: tuple[str, ...]
    independent: bool


@dataclass(frozen=True)
class House:
    """One layers contract of pyproject.toml: the package whose modules it
    puts on floors (``container``) and the floors, top first."""

    contract: str
    container: str
    floors: tuple[Floor, ...]

    @property
    def picture_name(self) -> str:
        """Its picture under docs/: ``architecture.svg`` for the package's
        floors, ``architecture-<contract>.svg`` for the others."""
        return "architecture.svg" if self.contract == CONTRACT else f"architecture-{self.contract}.svg"

    def unit_of(self, module: str) -> str | None:
        """The module of a floor that ``module`` is or lies in
        (``dlrules.core.phases.orders`` -> ``phases``), or None for the container
        itself (its face) and for modules outside it."""
        if not module.startswith(self.container + "."):
            return None
        return module[len(self.container) + 1 :].split(".", 1)[0]


def houses(pyproject: Path) -> tuple[House, ...]:
    """Every layers contract in ``pyproject``, the package's own (``floors``) first."""
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    out = []
    for contract in config["tool"]["importlinter"]["contracts"]:
        if contract.get("type") != "layers":
            continue
        (container,) = contract["containers"]
        layers: list[str] = contract["layers"]
        stack = []
        for i, layer in enumerate(layers):
            independent = ":" not in layer
            units = tuple(u.strip().strip("()") for u in layer.replace(":", "|").split("|"))  # (name): optional
            stack.append(Floor(len(layers) - 1 - i, units, independent))
        out.append(House(contract["id"], container, tuple(stack)))
    return tuple(sorted(out, key=lambda h: (h.contract != CONTRACT, h.contract)))


def floors(pyproject: Path) -> tuple[Floor, ...]:
    """The floors of the package (the contract ``floors``), top first."""
    return houses(pyproject)[0].floors


def problems(graph: Graph, all_houses: Iterable[House]) -> list[str]:
    """Everything wrong with the graph for these contracts, one sentence
    each: circles, imports of the package's face, and for every contract
    the modules on no floor, upward and forbidden sideways imports."""
    out = [f"import circle: {' -> '.join(c)}" for c in cycles(graph)]
    for module in sorted(graph):
        for imported, line in sorted(graph[module].items()):
            if imported == PACKAGE:
                out.append(f"{module} (line {line}) imports the package's face {PACKAGE}: import from the module that defines the name")
    for house in all_houses:
        where = {unit: floor for floor in house.floors for unit in floor.units}
        for module in sorted(graph):
            unit = house.unit_of(module)
            if unit is None:
                continue
            if unit not in where:
                out.append(f"{module} stands on no floor: add it to the contract {house.contract!r} in pyproject.toml")
                continue
            for imported, line in sorted(graph[module].items()):
                other = house.unit_of(imported)
                if other is None or other not in where:
                    continue
                mine, theirs = where[unit], where[other]
                if theirs.number > mine.number:
                    out.append(f"{module} (line {line}) imports {imported}, a higher floor ({theirs.number} above {mine.number})")
                elif theirs is mine and unit != other and mine.independent:
                    out.append(f"{module} (line {line}) imports {imported}: floor {mine.number}'s modules must not import one another")
    return out


def unit_graph(graph: Graph, house: House) -> dict[str, set[str]]:
    """The imports between the floors' modules (a package counts as one)."""
    out: dict[str, set[str]] = {}
    for module, imported in graph.items():
        unit = house.unit_of(module)
        if unit is None:
            continue
        targets = (house.unit_of(m) for m in imported)
        out.setdefault(unit, set()).update(u for u in targets if u is not None and u != unit)
    return out


def reduction(edges: Mapping[str, set[str]]) -> dict[str, set[str]]:
    """The transitive reduction of an acyclic graph: an edge is dropped when
    a longer path joins the same two nodes."""

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = list(edges.get(start, ()))
        while todo:
            node = todo.pop()
            if node not in seen:
                seen.add(node)
                todo.extend(edges.get(node, ()))
        return seen

    reachable = {node: reach(node) for node in edges}
    return {
        node: {t for t in targets if not any(t in reachable.get(o, ()) for o in targets if o != t)}
        for node, targets in edges.items()
    }


# --- the picture ---------------------------------------------------------------------------

_CHAR_W = 7.4  # the width of one character of 12px monospace, a little generous
_BOX_H = 26
_ROW_H = 58
_GAP = 28
_LEFT = 150  # the floor labels' column


def _order(house: tuple[Floor, ...], edges: Mapping[str, set[str]]) -> list[list[str]]:
    """The modules of each floor from left to right: a few sweeps of the
    barycentre rule (each module under or over the middle of its neighbours),
    ties by name, so the same graph always gives the same picture."""
    rows = [sorted(f.units) for f in house]
    neighbours: dict[str, set[str]] = {}
    for a, targets in edges.items():
        for b in targets:
            neighbours.setdefault(a, set()).add(b)
            neighbours.setdefault(b, set()).add(a)
    for sweep in range(8):
        rank = {u: (i + 0.5) / len(row) for row in rows for i, u in enumerate(row)}
        order = range(1, len(rows)) if sweep % 2 == 0 else range(len(rows) - 2, -1, -1)
        for r in order:
            here = rows[r]

            def centre(u: str, here: list[str] = here) -> tuple[float, str]:
                near = [rank[v] for v in neighbours.get(u, ()) if v in rank and v not in here]
                return (sum(near) / len(near) if near else rank[u], u)

            rows[r] = sorted(here, key=centre)
            rank.update({u: (i + 0.5) / len(rows[r]) for i, u in enumerate(rows[r])})
    return rows


def _label(unit: str, counts: Mapping[str, int]) -> str:
    n = counts.get(unit, 1)
    return f"{unit}/ ({n} modules)" if n > 1 else unit


def _f(x: float) -> str:
    return f"{round(x, 1):g}"


def picture(graph: Graph, house: House) -> str:
    """The picture of one contract (``House.picture_name``): its floors top to
    bottom, each module (a package as one box) on its floor, and an arrow for
    every import that no chain of other imports implies (the transitive
    reduction); a box's tooltip lists everything it imports."""
    full = unit_graph(graph, house)
    edges = reduction(full)
    counts: dict[str, int] = {}
    for module in graph:
        unit = house.unit_of(module)
        if unit is not None:
            counts[unit] = counts.get(unit, 0) + 1
    if house.container == PACKAGE:
        title, face = f"The floors of {PACKAGE}", f"{PACKAGE}/__init__.py: the public names, re-exported; nothing imports it"
    else:
        title, face = f"The floors of {house.container}", f"{house.container.replace('.', '/')}/__init__.py: its face, what the rest of {PACKAGE} imports"
    rows = _order(house.floors, edges)
    widths = {u: len(_label(u, counts)) * _CHAR_W + 20 for row in rows for u in row}
    span = max(sum(widths[u] for u in row) + _GAP * (len(row) - 1) for row in rows)
    width = _LEFT + span + 30
    top = 70  # the face's row
    boxes: dict[str, tuple[float, float, float]] = {}  # unit -> x, y, width
    for r, row in enumerate(rows):
        used = sum(widths[u] for u in row) + _GAP * (len(row) - 1)
        x = _LEFT + (span - used) / 2
        y = top + _ROW_H * (r + 1) + (_ROW_H - _BOX_H) / 2
        for u in row:
            boxes[u] = (x, y, widths[u])
            x += widths[u] + _GAP
    height = top + _ROW_H * (len(rows) + 1) + 40
    out = [
        f"<svg xmlns='http://www.w3.org/2000/svg' version='1.1' viewBox='0 0 {_f(width)} {_f(height)}' "
        f"width='{_f(width)}' height='{_f(height)}' font-family='DejaVu Sans Mono, Menlo, Consolas, monospace' font-size='12'>",
        f"<title>{escape(title)}: every import goes down (docs/architecture.md)</title>",
        "<defs><marker id='head' viewBox='0 0 8 8' refX='7' refY='4' markerWidth='7' markerHeight='7' orient='auto'>"
        "<path d='M0,0 L8,4 L0,8 z' fill='#6b7785'/></marker></defs>",
        f"<rect x='0' y='0' width='{_f(width)}' height='{_f(height)}' fill='#ffffff'/>",
        f"<text x='12' y='24' font-size='15' font-weight='bold'>{escape(title)}</text>",
        f"<text x='12' y='44' fill='#444444'>An import only goes down. An arrow is drawn where no chain of other arrows joins the same two boxes.</text>",
    ]
    face_w = len(face) * _CHAR_W + 20
    face_x, face_y = _LEFT + (span - face_w) / 2, top + (_ROW_H - _BOX_H) / 2
    out.append(f"<rect x='{_f(face_x)}' y='{_f(face_y)}' width='{_f(face_w)}' height='{_BOX_H}' rx='5' fill='#ffffff' stroke='#6b7785' stroke-dasharray='5 3'/>")
    out.append(f"<text x='{_f(face_x + 10)}' y='{_f(face_y + 17)}'>{escape(face)}</text>")
    for r, floor in enumerate(house.floors):
        y = top + _ROW_H * (r + 1)
        shade = "#f3f5f8" if r % 2 == 0 else "#ffffff"
        out.append(f"<rect x='0' y='{_f(y)}' width='{_f(width)}' height='{_ROW_H}' fill='{shade}'/>")
        out.append(f"<text x='12' y='{_f(y + _ROW_H / 2 + 4)}' fill='#333333'>floor {floor.number}</text>")
        if not floor.independent:
            out.append(f"<text x='12' y='{_f(y + _ROW_H / 2 + 18)}' fill='#777777' font-size='10'>may import each other</text>")
    # arrows first, boxes over them; each box's arrows leave and arrive spread along its edges
    leaving: dict[str, list[str]] = {}
    arriving: dict[str, list[str]] = {}
    pairs = sorted((a, b) for a, targets in edges.items() for b in targets if a in boxes and b in boxes)
    for a, b in pairs:
        if boxes[a][1] != boxes[b][1]:
            leaving.setdefault(a, []).append(b)
            arriving.setdefault(b, []).append(a)

    def spot(unit: str, others: list[str], other: str) -> float:
        x, _, w = boxes[unit]
        ordered = sorted(others, key=lambda o: (boxes[o][0], o))
        return x + w * (ordered.index(other) + 1) / (len(ordered) + 1)

    for a, b in pairs:
        if boxes[a][1] == boxes[b][1]:  # on one floor (``:``): an arc under the row, side to side
            (xa, y, wa), (xb, _, wb) = boxes[a], boxes[b]
            x1, x2 = (xa + wa, xb) if xa < xb else (xa, xb + wb)
            mid = y + _BOX_H / 2
            path = f"M{_f(x1)},{_f(mid)} Q{_f((x1 + x2) / 2)},{_f(mid + _BOX_H)} {_f(x2 + (2 if x2 < x1 else -2))},{_f(mid)}"
        else:
            x1, y1 = spot(a, leaving[a], b), boxes[a][1] + _BOX_H
            x2, y2 = spot(b, arriving[b], a), boxes[b][1] - 2
            bend = min(40.0, (y2 - y1) / 2)
            path = f"M{_f(x1)},{_f(y1)} C{_f(x1)},{_f(y1 + bend)} {_f(x2)},{_f(y2 - bend)} {_f(x2)},{_f(y2)}"
        out.append(
            f"<path d='{path}' fill='none' stroke='#6b7785' stroke-opacity='0.75' stroke-width='1.1' "
            f"marker-end='url(#head)'><title>{escape(a)} imports {escape(b)}</title></path>"
        )
    for unit, (x, y, w) in sorted(boxes.items()):
        imports = ", ".join(sorted(full.get(unit, ()))) or "nothing of the package"
        fill = "#e8eef7" if counts.get(unit, 1) > 1 else "#ffffff"
        out.append(
            f"<g class='module' id='module-{escape(unit)}'><title>{escape(unit)} imports {escape(imports)}</title>"
            f"<rect x='{_f(x)}' y='{_f(y)}' width='{_f(w)}' height='{_BOX_H}' rx='5' fill='{fill}' stroke='#2f3b4a'/>"
            f"<text x='{_f(x + w / 2)}' y='{_f(y + 17)}' text-anchor='middle'>{escape(_label(unit, counts))}</text></g>"
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --- the command ---------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dlrules.tools.floors", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--root", type=Path, default=None, help="the repository (default: this checkout)")
    parser.add_argument("--write", action="store_true", help="redraw the pictures docs/architecture*.svg")
    args = parser.parse_args(argv)
    root: Path = args.root or repo_root()
    graph, all_houses = import_graph(root / "src"), houses(root / "pyproject.toml")
    found = problems(graph, all_houses)
    for house in all_houses:
        target, drawn = root / "docs" / house.picture_name, picture(graph, house)
        if args.write:
            target.write_text(drawn, encoding="utf-8")
            print(f"wrote {target}")
        elif not target.exists() or target.read_text(encoding="utf-8") != drawn:
            found.append(f"{target} is stale: run `python -m dlrules.tools.floors --write`")
    for problem in found:
        print(problem)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
