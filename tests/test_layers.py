"""The floors of the house (docs/architecture.md, "Floors"): no import circle
among the package's modules, every import (function-level ones too) goes down a
floor of the contract in pyproject.toml, nothing imports the package's face,
the picture docs/architecture.svg is fresh, no module is over 600 lines unless
docs/architecture.md says why, and the state's conveniences work through their
sockets. Redraw the picture with ``.venv/bin/python -m dlrules.tools.floors --write``."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import dlrules
from dlrules._moved import MOVED
from dlrules.display import svg
from dlrules.records.game import state_hash
from dlrules.display.render import describe
from dlrules.core.state import GameState, plug_in
from dlrules.tools import floors

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PYPROJECT = ROOT / "pyproject.toml"
GRAPH = floors.import_graph(SRC)
HOUSES = floors.houses(PYPROJECT)
HOUSE = floors.floors(PYPROJECT)

# --- the package as it is ---------------------------------------------------------------------


def test_no_import_circle_among_the_packages_modules() -> None:
    assert floors.cycles(GRAPH) == []


def test_every_import_goes_down_a_floor_and_every_module_stands_on_one() -> None:
    assert [h.contract for h in HOUSES] == ["floors", "agents", "apps", "cli", "combat", "core", "display", "records"]
    assert floors.problems(GRAPH, HOUSES) == []


def test_the_import_linter_contract_is_kept() -> None:
    """The same contract as CI's ``lint-imports`` (which also reads chains of
    imports, not only single ones), so the README's test command checks it."""
    pytest.importorskip("importlinter")
    run = subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())", "--no-cache"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert f"{len(HOUSES)} kept, 0 broken" in run.stdout


@pytest.mark.parametrize("house", HOUSES, ids=lambda h: h.contract)
def test_the_pictures_of_the_floors_are_fresh(house: floors.House) -> None:
    current = (ROOT / "docs" / house.picture_name).read_text(encoding="utf-8")
    assert current == floors.picture(GRAPH, house), f"docs/{house.picture_name} is stale: run `.venv/bin/python -m dlrules.tools.floors --write`"


@pytest.mark.parametrize("house", HOUSES, ids=lambda h: h.contract)
def test_the_pictures_name_every_floor_and_module(house: floors.House) -> None:
    drawn = (ROOT / "docs" / house.picture_name).read_text(encoding="utf-8")
    for floor in house.floors:
        assert f">floor {floor.number}<" in drawn
        for unit in floor.units:
            assert f"id='module-{unit}'" in drawn
    assert f"]({house.picture_name})" in (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def test_the_architecture_page_lists_the_floors_of_the_contract() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| ([^|]+) \|", text.split("## Floors", 1)[1].split("\n## ", 1)[0], re.M)
    listed = {int(n): set(re.findall(r"`(\w+)/?`", modules)) for n, modules in rows}
    assert listed == {floor.number: set(floor.units) for floor in HOUSE}


# --- the rooms ---------------------------------------------------------------------------------

ROOMS = {"core", "records", "display", "agents", "apps", "components", "rulebook", "tools"}


def test_the_top_of_the_package_holds_its_rooms_and_little_else() -> None:
    """Issue 34: at most 14 entries at the top of src/dlrules, the rooms named
    in the floors contract among them."""
    top = {p.name for p in (SRC / "dlrules").iterdir() if p.name != "__pycache__"}
    assert len(top) <= 14, sorted(top)
    assert ROOMS <= top
    assert {unit for floor in HOUSE for unit in floor.units} <= {n.removesuffix(".py") for n in top}


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_module_path_imports_the_same_module(old: str) -> None:
    import importlib

    assert importlib.import_module(old) is importlib.import_module(MOVED[old])


def test_the_old_records_module_is_the_records_rooms_face() -> None:
    import dlrules.records
    import dlrules.records.game

    assert "dlrules.records" not in MOVED  # the old module's names are the room's face's
    import dlrules.records.reading

    defined = {
        name: value for module in (dlrules.records.game, dlrules.records.reading) for name, value in vars(module).items()
        if not name.startswith("_") and getattr(value, "__module__", None) == module.__name__
    }
    assert set(defined) <= set(dlrules.records.__all__)
    for name in dlrules.records.__all__:
        assert getattr(dlrules.records, name) is (defined[name] if name in defined else getattr(dlrules.records.game, name))


def test_an_old_package_path_reaches_its_submodules_as_the_same_objects() -> None:
    import dlrules.phases.combat.ending as old  # type: ignore[import-not-found]  # the old path on purpose
    from dlrules.core.phases.combat import ending

    assert old is ending and ending.__spec__ is not None and ending.__spec__.name == "dlrules.core.phases.combat.ending"


def test_the_relayout_rewrites_old_paths_once() -> None:
    from dlrules.tools.relayout import rewrite

    cases = {
        "from dlrules.records import GameRecord": "from dlrules.records import GameRecord",
        "from dlrules.views import view": "from dlrules.records.views import view",
        "from dlrules import cli_simulate  # x": "from dlrules.apps.cli import simulate as cli_simulate  # x",
        "src/dlrules/phases/orders.py": "src/dlrules/core/phases/orders.py",
        "dlrules.adapters.openspiel.DLGame": "dlrules.agents.adapters.openspiel.DLGame",
        "dlrules.state_hash": "dlrules.state_hash",
    }
    for old, new in cases.items():
        assert rewrite(old) == new
        assert rewrite(new) == new


# --- the checks catch what they should -------------------------------------------------------

_KNOWN = {name: None for name in ("dlrules", "dlrules.core.state", "dlrules.display.render", "dlrules.records.views", "dlrules.core.phases", "dlrules.core.phases.orders")}


def test_an_import_inside_a_function_counts() -> None:
    source = "def __str__(self):\n    from dlrules.display.render import describe\n    return describe(self)\n"
    assert floors.module_imports("dlrules.core.state", source, _KNOWN) == {"dlrules.display.render": 2}


def test_imports_resolve_to_modules_relative_and_absolute() -> None:
    source = "from . import orders\nfrom dlrules.core.state import GameState\nimport dlrules.records.views\nfrom dlrules.core import phases\n"
    found = floors.module_imports("dlrules.core.phases.common", source, _KNOWN)
    assert found == {"dlrules.core.phases.orders": 1, "dlrules.core.state": 2, "dlrules.records.views": 3, "dlrules.core.phases": 4}


def test_a_new_upward_import_is_refused() -> None:
    graph = {module: dict(imported) for module, imported in GRAPH.items()}
    graph["dlrules.core.state"]["dlrules.display.render"] = 409
    found = floors.problems(graph, HOUSES)
    assert any(p.startswith("dlrules.core.state (line 409) imports dlrules.display.render, a higher floor") for p in found), found
    assert any(p.startswith("import circle: ") and "dlrules.core.state" in p for p in found), found


def test_an_import_between_independent_neighbours_is_refused() -> None:
    graph = {module: dict(imported) for module, imported in GRAPH.items()}
    graph["dlrules.records.game"]["dlrules.records.views"] = 7  # both on the records' top floor (game | views)
    assert "dlrules.records.game (line 7) imports dlrules.records.views: floor 2's modules must not import one another" in floors.problems(graph, HOUSES)


def test_an_upward_import_inside_combat_is_refused() -> None:
    graph = {module: dict(imported) for module, imported in GRAPH.items()}
    graph["dlrules.core.phases.combat.party"]["dlrules.core.phases.combat.steps"] = 12
    found = floors.problems(graph, HOUSES)
    assert any(p.startswith("dlrules.core.phases.combat.party (line 12) imports dlrules.core.phases.combat.steps, a higher floor") for p in found), found


def test_importing_the_packages_face_is_refused() -> None:
    graph = {module: dict(imported) for module, imported in GRAPH.items()}
    graph["dlrules.apps.simulate"]["dlrules"] = 43
    assert any(p.startswith("dlrules.apps.simulate (line 43) imports the package's face") for p in floors.problems(graph, HOUSES))


def test_a_module_on_no_floor_is_refused() -> None:
    graph = dict(GRAPH) | {"dlrules.annex": {}}
    assert any(p.startswith("dlrules.annex stands on no floor") for p in floors.problems(graph, HOUSES))


def test_cycles_finds_every_circle_once() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d"}, "f": {"a"}}
    assert floors.cycles(graph) == [["a", "b", "c"], ["d", "e"]]


def test_the_reduction_keeps_only_imports_no_chain_implies() -> None:
    assert floors.reduction({"cli": {"engine", "state"}, "engine": {"state"}, "state": set()}) == {
        "cli": {"engine"}, "engine": {"state"}, "state": set(),
    }  # fmt: skip


# --- module sizes ------------------------------------------------------------------------------

MAX_LINES = 600


def _exceptions() -> set[str]:
    """The modules docs/architecture.md names under "Modules over 600 lines"."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## Modules over 600 lines", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `(src/dlrules/[\w/]+\.py)` \|", section, re.M))


def test_no_module_is_over_600_lines_unless_the_architecture_says_why() -> None:
    long = {str(p.relative_to(ROOT)) for p in (SRC / "dlrules").rglob("*.py") if len(p.read_text(encoding="utf-8").splitlines()) > MAX_LINES}
    listed = _exceptions()
    assert long - listed == set(), "over 600 lines without a reason in docs/architecture.md"
    assert listed - long == set(), "docs/architecture.md lists modules that are no longer over 600 lines"


# --- the state's sockets ---------------------------------------------------------------------


def test_str_repr_and_the_notebook_picture_of_a_state_work_through_the_sockets() -> None:
    """The state's module imports no higher floor; render, svg and records plug
    its conveniences in, and ``import dlrules`` imports them."""
    state = dlrules.new_game(3)
    assert str(state) == describe(state)
    assert state._repr_svg_() == svg.position(state)
    assert repr(state) == f"<GameState 3 players, full, year 1 round 1 setup, sha256 {state_hash(state)[7:23]}>"


def test_a_fresh_interpreter_has_the_plugs_in_whatever_it_imports_first() -> None:
    code = "from dlrules.core.engine import new_game; s = new_game(2); print(str(s).splitlines()[0]); print(s._repr_svg_()[:4])"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["Year 1, winter (round 1): setup", "<svg"]


def test_an_unknown_socket_is_refused_and_changes_nothing() -> None:
    state: GameState = dlrules.new_game(2)
    before = str(state)
    with pytest.raises(ValueError, match="unknown socket 'json': the state's sockets are text, svg, hash"):
        plug_in("json", str)  # type: ignore[arg-type]
    assert str(state) == before
