"""The desk's answer (issue 38): "may Player K do this?" for a position as
people write it or as JSON, from the library (``dlrules.apps.desk.ask``) and from
the command line (``dlrules explain --position FILE --move "P2 …"``): legal or
not, the rule IDs with their statements from the package and the rulebook's
pages; bad input gets one clear line and exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import dlrules
from dlrules import rulebook
from dlrules.apps.cli.main import main
from dlrules.apps.desk import GOVERNING, DeskError, ask, read_position
from dlrules.core.moves import MOVE_TYPES
from dlrules.records.position_text import position_text
from dlrules.core.state import Phase
from deskkit import first_position


@pytest.fixture(scope="module")
def resolution() -> dlrules.GameState:
    """A 3-player game at its first resolution: Player 1's minion acts on Get Food I."""
    return first_position(3, Phase.RESOLUTION)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_legal_move_is_answered_with_what_it_does_and_the_rules_that_allow_it(resolution: dlrules.GameState) -> None:
    answer = ask(resolution, "P1 take")
    assert answer.legal and answer.rule_ids == ("ACT-FOOD-1", "RES-3")
    assert answer.what.startswith("P1 takes Get Food I")
    assert answer.rules[0].statement == rulebook.statement("ACT-FOOD-1") and answer.rules[0].pages == "p.13"
    assert answer.to_move == ("Player 1",)


def test_an_illegal_move_is_answered_with_the_rule_it_breaks(resolution: dlrules.GameState) -> None:
    answer = ask(resolution, "P2 decline")
    assert not answer.legal and answer.rule_ids == ("RES-3",)
    assert "waiting for Player 1" in answer.what
    assert "NOT LEGAL" in answer.lines()[0] and any(line.strip().startswith("RES-3 [rulebook p.13") for line in answer.lines())


def test_every_governing_rule_has_a_statement() -> None:
    assert set(GOVERNING) == {cls.__name__ for cls in MOVE_TYPES}
    assert all(rulebook.statement(r) for ids in GOVERNING.values() for r in ids)


def test_the_position_may_be_text_or_json(resolution: dlrules.GameState) -> None:
    assert read_position(position_text(resolution)) == resolution
    assert read_position(dlrules.dumps(resolution)) == resolution
    for bad, said in [("hello", "starts with the line 'dungeon lords position'"), ("{", "JSON"),
                      (position_text(resolution).replace("P1: gold=", "P1: gold=x"), "line 17, column")]:  # fmt: skip
        with pytest.raises(DeskError, match=said):
            read_position(bad)
    with pytest.raises(DeskError, match="a move starts with who moves"):
        ask(resolution, "take it")


def test_explain_position_answers_a_typed_move_with_its_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str], resolution: dlrules.GameState) -> None:
    path = tmp_path / "dispute.txt"
    path.write_text(position_text(resolution), encoding="utf-8")
    code, out, err = run(capsys, "explain", "--position", str(path), "--move", "P1 take")
    assert code == 0 and not err
    assert "P1 take: LEGAL." in out and "ACT-FOOD-1 [rulebook p.13]: Get Food's slots" in out
    code, out, err = run(capsys, "explain", "--position", str(path), "--move", "P2 decline")
    assert code == 1 and "P2 decline: NOT LEGAL." in out and "RES-3" in out
    code, out, _ = run(capsys, "explain", "--position", str(path), "--move", "P2 decline", "--json")
    data = json.loads(out)
    assert code == 1 and data["legal"] is False and data["rules"][0]["rule"] == "RES-3" and data["rules"][0]["statement"]
    code, out, _ = run(capsys, "explain", "--position", str(path))  # without a move: the position and its legal moves
    assert code == 0 and f"The position in {path}:" in out and "Legal moves (2):" in out and "P1 decline" in out
    code, out, _ = run(capsys, "explain", "--position", str(path), "--seat", "2")
    assert code == 0 and "Legal moves of Player 2: none." in out


def test_explain_position_reads_json_and_asks_at_a_records_move(tmp_path: Path, capsys: pytest.CaptureFixture[str], resolution: dlrules.GameState) -> None:
    path = tmp_path / "position.json"
    path.write_text(dlrules.dumps(resolution), encoding="utf-8")
    code, out, _ = run(capsys, "explain", "--position", str(path), "--move", "P1 take")
    assert code == 0 and "LEGAL" in out
    code, out, _ = run(capsys, "explain", str(path), "--move", "P1 decline")  # a position file as the record argument
    assert code == 0 and "P1 decline: LEGAL." in out


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], resolution: dlrules.GameState) -> None:
    path = tmp_path / "dispute.txt"
    path.write_text(position_text(resolution).replace("tavern:", "tavrn:"), encoding="utf-8")
    cases = [
        (["explain", "--position", str(path), "--move", "P1 take"], "line 8, column 1: expected a label"),
        (["explain", "--position", str(tmp_path / "none.txt")], "cannot read it"),
        (["explain"], "give a record FILE, or a position with --position FILE"),
        (["explain", "--position", str(path), "--at", "3"], "--at N counts the moves of a record"),
    ]
    for argv, said in cases:
        code, out, err = run(capsys, *argv)
        assert code == 2 and said in err and len(err.strip().splitlines()) == 1, err
    path.write_text(position_text(resolution), encoding="utf-8")
    code, _, err = run(capsys, "explain", "--position", str(path), "--move", "P1 dig Z9")
    assert code == 2 and "a square is a column letter" in err


def test_show_and_explain_read_a_position_as_people_write_it(tmp_path: Path, capsys: pytest.CaptureFixture[str], resolution: dlrules.GameState) -> None:
    path = tmp_path / "position.txt"
    path.write_text("# table 4, after the orders\n" + position_text(resolution), encoding="utf-8")
    code, out, err = run(capsys, "show", str(path))
    assert code == 0 and not err and "Year 1, winter (round 1): resolution" in out
    code, out, _ = run(capsys, "explain", str(path), "--seat", "1")
    assert code == 0 and "P1 take" in out
    path.write_text(position_text(resolution).replace("tavern:", "tavrn:"), encoding="utf-8")
    code, _, err = run(capsys, "show", str(path))
    assert code == 2 and "line 8, column 1: expected a label" in err
