"""With --json every outcome of the ``dlrules`` command, errors included, is one
JSON document on stdout with a documented shape and exit status (docs/cli.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dlrules.apps.cli.main import main


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, object], str]:
    try:
        code = main([*argv, "--json"])
    except SystemExit as exc:  # argparse errors keep argparse's convention: SystemExit(2)
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, json.loads(out), err


def _error(kind: str, command: str | None, fragment: str, data: dict[str, object]) -> bool:
    error = data["error"]
    assert isinstance(error, dict)
    return (
        data["ok"] is False and data["exit"] == 2 and set(error) == {"kind", "command", "message"}
        and error["kind"] == kind and error["command"] == command and fragment in str(error["message"])
    )  # fmt: skip


def test_a_bad_option_is_a_json_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, data, err = run_json(capsys, "play", "--variant", "huge")
    assert code == 2 and err == "" and _error("usage", "play", "invalid choice: 'huge'", data)


def test_a_missing_argument_and_an_unknown_command_are_json_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, data, _ = run_json(capsys, "replay")
    assert code == 2 and _error("usage", "replay", "the following arguments are required: FILE", data)
    code, data, _ = run_json(capsys, "fly")
    assert code == 2 and _error("usage", None, "invalid choice: 'fly'", data)


def test_a_bad_value_is_a_json_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, data, _ = run_json(capsys, "play", "--players", "5")
    assert code == 2 and _error("usage", "play", "2, 3 or 4 players, not 5", data)


def test_an_unreadable_record_is_a_json_record_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text('{"kind":"header"')
    code, data, err = run_json(capsys, "replay", str(path))
    assert code == 2 and err == "" and _error("record", "replay", "line 1: not valid JSON", data)
    code, data, _ = run_json(capsys, "explain", str(tmp_path / "missing.jsonl"))
    assert code == 2 and _error("record", "explain", "cannot read the record", data)


def test_an_unknown_rule_is_a_json_rule_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, data, _ = run_json(capsys, "rules", "RES-99")
    assert code == 2 and _error("rule", "rules", "no rule 'RES-99'", data)


def test_an_illegal_move_in_a_record_reports_its_rule_and_statement(capsys: pytest.CaptureFixture[str]) -> None:
    fixture = Path(__file__).parent / "fixtures" / "winter-3p-illegal.jsonl"
    code, data, err = run_json(capsys, "replay", str(fixture))
    failure = data["failure"]
    assert isinstance(failure, dict)
    assert code == 1 and data["ok"] is False and err == "" and failure["violations"]
    for v in failure["violations"]:
        from dlrules import rulebook

        assert v["statement"] == rulebook.rule(v["rule"]).text


def test_the_command_as_a_process_prints_json_errors_and_exits_2() -> None:
    done = subprocess.run([sys.executable, "-m", "dlrules", "explain", "--json"], capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr == ""
    assert json.loads(done.stdout)["error"]["kind"] == "usage"
