"""Games in progress and position files (issue 14 item 4, LIB-TV-3): a
record without a result line is a game still being played; ``replay`` and
``explain`` accept it (explaining its last position); the result line is
written when the game ends; ``explain`` and ``show`` read a position file (a
state's JSON) instead of a record."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import dlrules
from dlrules.agents.bots import greedy_policy
from dlrules.apps.cli.main import main
from dlrules.records import dumps_record, make_record, parse_record, replay, write_record


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _moves(players: int, seed: int, max_moves: int) -> tuple[dlrules.Move, ...]:
    policies = {s: greedy_policy for s in range(players)}
    return dlrules.play_out(dlrules.new_game(players), policies, random.Random(seed), max_moves=max_moves).moves


def _in_progress(tmp_path: Path, moves: int = 40) -> Path:
    path = tmp_path / "table.jsonl"
    write_record(make_record(3, "full", _moves(3, 4, moves)), path)
    return path


def test_LIB_TV_3_the_result_line_is_written_when_the_game_ends() -> None:
    going = make_record(3, "full", _moves(3, 4, 40))
    assert going.result is None and '"kind":"result"' not in dumps_record(going)
    ended = make_record(3, "full", _moves(3, 4, 100_000))  # played until nobody can move
    assert ended.result is not None and ended.result.over
    assert dumps_record(ended).splitlines()[-1].startswith('{"kind":"result"')


def test_LIB_TV_3_a_record_without_a_result_reads_and_replays() -> None:
    text = dumps_record(make_record(3, "full", _moves(3, 4, 40)))
    record = parse_record(text)  # strict: no problem
    assert record.result is None and record.problems == () and len(record.moves) == 40
    assert replay(record).ok


def test_replay_of_a_game_in_progress(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", str(_in_progress(tmp_path)))
    assert code == 0 and not err
    assert "40 moves replayed; every position matches the record." in out
    assert "The game is still in progress (the record has no result line yet)." in out


def test_explain_of_a_game_in_progress_explains_its_last_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _in_progress(tmp_path)
    code, out, _ = run(capsys, "explain", str(path))
    assert code == 0 and out.startswith("After 40 of 40 moves:")
    code, out, _ = run(capsys, "explain", str(path), "--json")
    data = json.loads(out)
    assert data["at"] == 40 and data["legal"] and all(entry["description"] for entry in data["legal"])


def test_explain_reads_a_position_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = dlrules.new_game(2)
    while dlrules.CHANCE in dlrules.to_move(state):
        state = dlrules.apply(state, dlrules.legal_moves(state)[0])
    path = tmp_path / "position.json"
    path.write_text(dlrules.dumps(state), encoding="utf-8")
    code, out, err = run(capsys, "explain", str(path))
    assert code == 0 and not err
    assert out.startswith(f"The position in {path}:")
    keep = dlrules.legal_moves(state)[0]
    assert f"  {dlrules.format_move(keep, players=2)}  {dlrules.display.render.describe_move(state, keep)}" in out
    code, out, _ = run(capsys, "explain", str(path), "--seat", "2", "--json")
    data = json.loads(out)
    assert {entry["move"]["seat"] for entry in data["legal"]} == {1}
    code, _, err = run(capsys, "explain", str(path), "--at", "3")
    assert code == 2 and "is a position file, not a record" in err


def test_a_broken_position_file_is_refused_clearly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps({"players": [], "phase": "orders"}), encoding="utf-8")
    code, _, err = run(capsys, "explain", str(path))
    assert code == 2 and "not a dlrules position" in err and "Traceback" not in err
    code, _, err = run(capsys, "show", str(path))
    assert code == 2 and "not a dlrules position" in err


def test_show_prints_a_position_as_text_and_writes_pictures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _in_progress(tmp_path)
    code, out, _ = run(capsys, "show", str(path), "--at", "20", "--seat", "1")
    record = parse_record(path.read_text())
    state = replay(record, upto=20).state
    assert code == 0 and out == dlrules.describe(state, 0) + "\n"
    for part in ("position", "board", "dungeon"):
        picture = tmp_path / f"{part}.svg"
        code, out, _ = run(capsys, "show", str(path), "--at", "20", "--svg", str(picture), "--part", part, "--dungeon", "2")
        assert code == 0 and picture.read_text().startswith("<svg") and "after 20 of 40 moves" in out
    code, _, err = run(capsys, "show", str(path), "--at", "41")
    assert code == 2 and "--at 41: the record has 40 moves (choose 0..40)" in err
    code, _, err = run(capsys, "show", str(path), "--seat", "4")
    assert code == 2 and "--seat 4: this is a 3-player game (Players 1 to 3)" in err
