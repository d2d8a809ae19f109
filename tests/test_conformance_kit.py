"""The conformance kit (issue 27, docs/conformance.md): positions any engine
can load, the referee protocol spoken by ``dlrules engine``, the whole kit run
through it with the in-process results, deliberately broken engines caught by
``conformance run`` and ``conformance diff`` naming their rule, the perft
anchors, the example adapter, and the kit as a reproducible archive."""

from __future__ import annotations

import io
import json
import random
import sys
import tarfile
from pathlib import Path
from typing import Any

import pytest

import dlrules
from dlrules.apps.cli.main import main
from dlrules.apps.conformance import KIT, KIT_VERSION, InProcess, Referee, Subprocess
from dlrules.apps.conformance.convert import convert_files
from dlrules.apps.conformance.kit import build_archive
from dlrules.apps.conformance.perft import check_anchors
from dlrules.apps.conformance.position import PositionError, from_position, to_position
from dlrules.apps.conformance.protocol import serve
from dlrules.apps.conformance.scenarios import SCENARIOS, ScenarioError, load, scenario_files
from dlrules.apps.conformance.suite import run_suite

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
DLRULES_ENGINE = f"{PYTHON} -m dlrules engine"
MUTANTS = ROOT / "tests" / "conformance" / "mutants.py"
sys.path.insert(0, str(ROOT / "tests"))
from conformance.mutants import MUTANTS as MUTANT_TABLE  # noqa: E402


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


# --- positions ------------------------------------------------------------------------------


def test_no_scenario_uses_dlrules_internal_state() -> None:
    files = scenario_files()
    assert len(files) >= 91
    assert not [p.name for p in files if "state" in load(p)]
    assert sum("position" in load(p) for p in files) >= 35


def test_no_scenario_is_left_outside_the_kit() -> None:
    """New scenarios belong in the kit; a format-1 file elsewhere is converted and moved by
    ``dlrules conformance convert tests/conformance/<area> --into src/dlrules/apps/conformance/scenarios``."""
    stray = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "conformance").rglob("*.json"))
    assert stray == [], "run: dlrules conformance convert " + " ".join(stray) + " --into src/dlrules/apps/conformance/scenarios"


def test_a_position_round_trips_exactly_through_a_random_game() -> None:
    rng = random.Random(5)
    state = dlrules.new_game(3)
    for _ in range(400):
        assert from_position(json.loads(json.dumps(to_position(state)))) == state
        if dlrules.is_over(state):
            break
        move = dlrules.sample_chance(state, rng) if dlrules.CHANCE in dlrules.to_move(state) else rng.choice(dlrules.legal_moves(state))
        state = dlrules.apply(state, move)


def test_positions_and_scenarios_follow_their_schemas() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    referencing = pytest.importorskip("referencing")
    position = json.loads((KIT / "schemas" / "position.schema.json").read_text(encoding="utf-8"))
    scenario = json.loads((KIT / "schemas" / "scenario.schema.json").read_text(encoding="utf-8"))
    registry = referencing.Registry().with_resource(position["$id"], referencing.Resource.from_contents(position))
    validator = jsonschema.Draft202012Validator(scenario, registry=registry)
    for path in scenario_files():
        errors = [e.message for e in validator.iter_errors(load(path))]
        assert errors == [], f"{path.name}: {errors[:3]}"
    positions = jsonschema.Draft202012Validator(position)
    assert positions.is_valid(to_position(dlrules.new_game(2)))
    bad = to_position(dlrules.new_game(2))
    bad["players"][0]["gold"] = -1
    assert not positions.is_valid(bad)


def test_a_bad_position_is_refused_naming_the_path() -> None:
    good = to_position(dlrules.new_game(2))
    with pytest.raises(PositionError, match=r"players\.1\.gold: expected an integer"):
        from_position({**good, "players": [good["players"][0], {**good["players"][1], "gold": "3"}]})
    with pytest.raises(PositionError, match="version 1"):
        from_position({**good, "position": 2})
    with pytest.raises(PositionError, match=r"tavern\.0: 'dragonfly' is not a known monster key"):
        from_position({**good, "tavern": ["dragonfly"]})
    with pytest.raises(PositionError, match=r"board\.mine: expected 3 slots"):
        from_position({**good, "board": {**good["board"], "mine": [None]}})


def test_convert_turns_a_format_1_state_scenario_into_a_position(tmp_path: Path) -> None:
    scenario = load(next(p for p in scenario_files() if p.stem == "CX-1a-fire-wall"))
    old = {k: v for k, v in scenario.items() if k != "position"} | {"format": 1}
    old["state"] = json.loads(dlrules.dumps(from_position(scenario["position"])))
    (tmp_path / "combat").mkdir()
    source = tmp_path / "combat" / "CX-1a-fire-wall.json"
    source.write_text(json.dumps(old), encoding="utf-8")
    with pytest.raises(ScenarioError, match="dlrules conformance convert"):
        load(source)
    [(_, target, changed)] = convert_files([tmp_path / "combat"], into=tmp_path / "kit")
    assert changed and target == tmp_path / "kit" / "combat" / "CX-1a-fire-wall.json" and not source.exists()
    assert load(target) == scenario


# --- the protocol -----------------------------------------------------------------------


def test_errors_are_data_and_change_nothing() -> None:
    referee = Referee()
    assert referee.handle({"cmd": "observe"})["error"]["kind"] == "no_game"
    assert referee.handle({"cmd": "new_game", "players": 5})["error"]["kind"] == "bad_request"
    assert referee.handle({"cmd": "new_game", "players": 2, "id": 7}) == {"ok": True, "id": 7}
    before = referee.handle({"cmd": "observe"})
    refused = referee.handle({"cmd": "apply", "move": {"type": "ChooseOrders", "seat": 0, "orders": ["food", "dig", "mine"]}})
    assert refused["ok"] is False and refused["error"]["kind"] == "illegal_move" and refused["error"]["rules"] == ["RUL-13"]
    assert referee.handle({"cmd": "apply", "move": {"type": "Teleport"}})["error"]["kind"] == "bad_move"
    assert referee.handle({"cmd": "load_position", "position": {"position": 1}})["error"]["kind"] == "bad_position"
    assert referee.handle({"cmd": "fly"})["error"]["kind"] == "bad_request"
    assert referee.handle({"cmd": "observe"}) == before


def test_serve_answers_one_line_per_request_until_quit() -> None:
    requests = ['{"cmd": "hello", "id": "a"}', "not json", "", '{"cmd": "new_game", "players": 3}', '{"cmd": "legal_moves"}',
                '{"cmd": "quit"}', '{"cmd": "hello"}']  # fmt: skip
    out = io.StringIO()
    assert serve(Referee(), io.StringIO("\n".join(requests) + "\n"), out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["ok"] for a in answers] == [True, False, True, True, True]  # nothing after quit
    assert answers[0] == {"ok": True, "protocol": "dlrules-referee", "version": 2, "engine": Referee.name, "id": "a"}
    assert answers[1]["error"]["kind"] == "bad_request"
    assert len(answers[3]["moves"]) == 56  # the first deal: 3 of 8 order cards for Player 1 (RUL-13)


def test_dlrules_engine_passes_the_whole_kit_through_the_protocol_as_in_process() -> None:
    engine = Subprocess(DLRULES_ENGINE)
    try:
        over_protocol = run_suite(engine)
    finally:
        engine.close()
    in_process = run_suite(InProcess())
    assert len(over_protocol.results) == len(scenario_files()) >= 91
    assert over_protocol.failed == () and in_process.failed == ()
    assert [(r.id, r.message) for r in over_protocol.results] == [(r.id, r.message) for r in in_process.results]


def test_run_reports_json_and_junit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    junit = tmp_path / "kit.xml"
    code, out = _cli(capsys, "conformance", "run", "--rule", "CMB-", "--json", "--junit", str(junit))
    report = json.loads(out)
    assert code == 0 and report["passed"] and report["failing_rules"] == []
    assert report["scenarios"] and all(any(r.startswith("CMB-") for r in s["rules"]) for s in report["scenarios"])
    assert f'tests="{len(report["scenarios"])}" failures="0"' in junit.read_text(encoding="utf-8")


def test_a_missing_engine_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["conformance", "run", "--engine", "/nonexistent/engine"])
    assert code == 2 and "cannot start" in capsys.readouterr().err


# --- deliberately broken engines ------------------------------------------------------------


@pytest.mark.parametrize("mutant", sorted(MUTANT_TABLE))
def test_run_catches_each_broken_engine_and_names_its_rule(mutant: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rule = MUTANT_TABLE[mutant][1]
    junit = tmp_path / "junit.xml"
    code, out = _cli(capsys, "conformance", "run", "--engine", f"{PYTHON} {MUTANTS} {mutant}", "--json", "--junit", str(junit),
                     "--no-explain")  # fmt: skip
    report = json.loads(out)
    assert code == 1 and rule in report["failing_rules"]
    assert any(rule in s["rules"] and not s["passed"] for s in report["scenarios"])
    assert not any("explained" in s for s in report["scenarios"])  # --no-explain: no counterfactual step
    import xml.etree.ElementTree as ET

    [case] = [c for c in ET.parse(junit).getroot().iter("testcase") if c.get("classname") == "rules" and c.get("name") == rule]
    assert case.find("failure") is not None


DIFF_STARTS = {
    "hire-monster-i-first": ["--players", "2", "--seed", "1"],
    "food-slot-i-three-food": ["--players", "2", "--seed", "1"],
    "ghost-hits-the-first": ["--from", "CX-6-scenario-2-the-ghost-first", "--seed", "1"],
    "unavailable-orders-playable": ["--players", "3", "--seed", "1"],
}


@pytest.mark.parametrize("mutant", sorted(MUTANT_TABLE))
def test_diff_catches_each_broken_engine_and_names_its_rule(mutant: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rule = MUTANT_TABLE[mutant][1]
    record = tmp_path / "repro.json"
    code, out = _cli(capsys, "conformance", "diff", "--engine", f"{PYTHON} {MUTANTS} {mutant}", "--games", "2",
                     "--max-moves", "300", "--shrink", "10", "--json", "--out", str(record), *DIFF_STARTS[mutant])  # fmt: skip
    result = json.loads(out)
    assert code == 1 and not result["agree"]
    found = result["disagreement"]
    assert rule in found["disagreement"]["rules"], found["disagreement"]
    assert len(found["moves"]) <= result["shrunk_from"]
    assert json.loads(record.read_text(encoding="utf-8")) == found
    # the record reproduces it: replayed on the mutant, the same disagreement comes back
    from dlrules.apps.conformance.diff import replay

    engine = Subprocess(f"{PYTHON} {MUTANTS} {mutant}")
    try:
        start = {k: found[k] for k in ("setup", "position") if k in found}
        again = replay(engine, start, found["moves"])
    finally:
        engine.close()
    assert again is not None and rule in again.rules


def test_diff_finds_no_disagreement_between_dlrules_and_itself(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _cli(capsys, "conformance", "diff", "--engine", DLRULES_ENGINE, "--games", "2", "--seed", "4", "--max-moves", "150", "--json")
    assert code == 0 and json.loads(out)["agree"] is True and json.loads(out)["moves"] == 300


# --- perft anchors, the example adapter, the archive -----------------------------------------


def test_the_published_perft_anchors_hold() -> None:
    rows = check_anchors(None)
    assert len(rows) >= 40
    assert [r for r in rows if r[2] != r[3]] == [], "rerun tests/conformance/seed_perft.py after a deliberate rules change"


def test_perft_through_the_protocol_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _cli(capsys, "conformance", "perft", "--engine", DLRULES_ENGINE, "--depth", "2", "--json")
    rows: list[dict[str, Any]] = json.loads(out)
    assert code == 0 and len(rows) >= 20 and all(r["published"] == r["counted"] for r in rows)


def test_the_example_adapter_passes_the_kit(capsys: pytest.CaptureFixture[str]) -> None:
    adapter = f"{PYTHON} {ROOT / 'examples' / 'conformance_adapter.py'}"
    code, out = _cli(capsys, "conformance", "run", "--engine", adapter)
    assert code == 0 and f"{len(scenario_files())} of {len(scenario_files())} scenarios passed" in out
    code, out = _cli(capsys, "conformance", "diff", "--engine", adapter, "--games", "1", "--max-moves", "100")
    assert code == 0 and "no disagreement in 1 games (100 moves)" in out


def test_the_kit_archive_is_versioned_complete_and_reproducible(tmp_path: Path) -> None:
    first = build_archive(tmp_path / "a")
    second = build_archive(tmp_path / "b")
    assert first.name == f"dlrules-conformance-kit-{KIT_VERSION}.tar.gz"
    assert first.read_bytes() == second.read_bytes()
    with tarfile.open(first) as tar:
        names = tar.getnames()
        prefix = f"dlrules-conformance-kit-{KIT_VERSION}/"
        assert {prefix + n for n in ("VERSION", "README.md", "protocol.md", "perft.json", "schemas/position.schema.json")} <= set(names)
        assert len([n for n in names if n.startswith(prefix + "scenarios/")]) == len(scenario_files(SCENARIOS))


def test_the_commands_of_docs_conformance_run(tmp_path: Path) -> None:
    """Every `dlrules engine` / `dlrules conformance run|diff|perft` command in the
    sh blocks of docs/conformance.md runs and succeeds (the convert example needs
    a folder of old files and is covered above)."""
    import re
    import subprocess

    text = (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    commands = [line.strip() for block in blocks for line in block.splitlines() if line.strip() and "convert" not in line]
    assert len(commands) >= 4
    dlrules_cmd = f"{PYTHON} -m dlrules"
    for command in commands:
        command = command.replace("| dlrules ", f"| {dlrules_cmd} ").replace("python examples/", f"{PYTHON} examples/")
        if command.startswith("dlrules "):
            command = dlrules_cmd + command[len("dlrules") :]
        done = subprocess.run(command, shell=True, cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"{command}: {done.stdout[-500:]} {done.stderr[-500:]}"


def test_an_engine_that_crashes_fails_those_scenarios_and_is_restarted(tmp_path: Path) -> None:
    """A program that dies on load_position: each position scenario fails as an
    engine failure, the program is started again, the other scenarios pass.
    On the rulebook's scenarios, positions among new games (a restart costs a
    program's start: the whole kit's 51 positions took about 25 CPU seconds; the
    whole kit through a subprocess is the test of ``dlrules engine`` above)."""
    sample = scenario_files(SCENARIOS / "rulebook")
    positions = {p.stem for p in sample if "position" in load(p)}
    assert len(positions) >= 2 and len(sample) - len(positions) >= 2
    script = tmp_path / "crashes.py"
    script.write_text(
        "import json, sys\n"
        "from dlrules.apps.conformance.engines import Referee\n"
        "referee = Referee()\n"
        "for line in sys.stdin:\n"
        "    request = json.loads(line)\n"
        "    if request.get('cmd') == 'load_position':\n"
        "        sys.exit(3)\n"
        "    print(json.dumps(referee.handle(request)), flush=True)\n",
        encoding="utf-8",
    )
    engine = Subprocess(f"{PYTHON} {script}")
    try:
        report = run_suite(engine, sample)
    finally:
        engine.close()
    failed = {r.id for r in report.failed}
    assert failed == positions and len(report.results) == len(sample)
    assert all("engine failure" in (r.message or "") and "exit status 3" in (r.message or "") for r in report.failed)
