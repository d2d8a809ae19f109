"""The ``dlrules`` command: play, replay, explain; --json; clear errors with a
non-zero exit and never a traceback."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import dlrules
from dlrules.apps.cli.main import main
from dlrules.records import dumps_record, parse_record, read_record, replay


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_narrates_phase_by_phase(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "--players", "4", "--seed", "1")
    assert code == 0 and not err
    assert "A 4-player game of Dungeon Lords (full variant), seed 1" in out
    assert "== Year 1, winter: round start." in out and "== Year 1, winter: orders." in out
    assert "reveals" in out and "takes slot I." in out
    assert "\nP1" in out  # the final position (render.describe): P1's line


def test_play_is_reproducible_from_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "play", "--players", "3", "--seed", "5", "--bot", "random")
    again = run(capsys, "play", "--players", "3", "--seed", "5", "--bot", "random")
    assert first == again


def test_a_record_written_by_play_replays_identically(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.jsonl"
    code, out, _ = run(capsys, "play", "--players", "2", "--seed", "3", "--record", str(path))
    assert code == 0 and f"Record written to {path}." in out
    record = read_record(path)
    assert record.header.seed == 3 and record.header.players == 2
    outcome = replay(record)
    assert outcome.ok and outcome.applied == len(record.moves) > 0
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert f"{len(record.moves)} moves replayed; every position matches the record." in out
    code, out, _ = run(capsys, "replay", str(path), "--json")
    data = json.loads(out)
    assert data["ok"] and data["applied"] == len(record.moves) and data["failure"] is None
    assert data["final"]["hash"] == record.result.hash if record.result else False


def test_play_json_lists_the_events_and_the_final_position(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--players", "3", "--seed", "2", "--json", "--variant", "first")
    data = json.loads(out)
    assert code == 0 and data["variant"] == "first" and data["players"] == 3
    assert {"move", "code", "kind", "text", "seat", "data"} == set(data["events"][0])
    assert data["final"]["phase"] == dlrules.loads(json.dumps(data["final"]["state"]), dlrules.GameState).phase.value


def _illegal_record(tmp_path: Path) -> tuple[Path, int]:
    """A played record whose first ChooseOrders is replaced by one naming an
    unavailable order (ORD-2); returns the path and the edited line."""
    record = dlrules.make_record(3, "full", dlrules.play_out(dlrules.new_game(3), None, random.Random(11)).moves)
    index = next(i for i, rm in enumerate(record.moves) if isinstance(rm.move, dlrules.ChooseOrders))
    seat = record.moves[index].move.seat
    unavailable = replay(record, upto=index).state.players[seat].unavailable[0].value
    lines = dumps_record(record).splitlines()
    data = json.loads(lines[index + 1])
    hand = [a for a in data["move"]["orders"] if a != unavailable][:2]
    notation = f"P{seat + 1} orders {unavailable},{','.join(hand)}"
    lines[index + 1] = json.dumps({"kind": "move", "n": index + 1, "notation": notation})
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path, index + 2


def test_replay_stops_at_the_illegal_move_with_line_rule_and_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, line = _illegal_record(tmp_path)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1
    assert f"line {line}: move {line - 1} `P" in err
    assert "illegal [ORD-2]:" in err and "it is unavailable this round" in err
    code, out, _ = run(capsys, "replay", str(path), "--json")
    data = json.loads(out)
    assert code == 1 and not data["ok"]
    assert data["failure"]["line"] == line and data["failure"]["rules"] == ["ORD-2"]


def test_replay_lenient_lists_every_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, line = _illegal_record(tmp_path)
    text = path.read_text().splitlines()
    text[2] = text[2][:10]
    path.write_text("\n".join(text[:-1]) + "\n")  # damaged and truncated
    code, out, err = run(capsys, "replay", "--lenient", str(path))
    assert code == 1
    assert "line 3:" in err and "not valid JSON" in err
    code, out, _ = run(capsys, "replay", "--lenient", "--json", str(path))
    assert [p["line"] for p in json.loads(out)["problems"]][:1] == [3]


def test_explain_shows_the_position_whose_turn_and_every_legal_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    run(capsys, "play", "--players", "3", "--seed", "1", "--record", str(path))
    code, out, _ = run(capsys, "explain", str(path), "--at", "0")
    assert code == 0
    assert "After 0 of" in out and "Year 1, winter (round 1): setup" in out
    assert "To move: chance" in out and "Legal moves (56):" in out  # C(8,3) deals (RUL-13)
    assert "  chance deal P1 food,reputation,dig" in out
    # after the 3 players' deals and the dummy's (RUL-13, RUL-8) every player keeps 2
    code, out, _ = run(capsys, "explain", str(path), "--at", "4", "--seat", "2", "--json")
    data = json.loads(out)
    assert data["seat_index"] == 1 and data["at"] == 4 and data["to_move"] == [0, 1, 2]
    assert all(m["move"]["seat"] == 1 for m in data["legal"]) and data["legal"]
    assert data["state"]["state"]["players"][0]["dealt"] == []  # another player's deal is hidden (RUL-13)


def test_explain_at_a_move_beyond_the_record_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    run(capsys, "play", "--players", "2", "--seed", "1", "--record", str(path), "--max-moves", "5")
    code, _, err = run(capsys, "explain", str(path), "--at", "9")
    assert code == 2 and "--at 9: the record has 5 moves (choose 0..5)" in err
    code, _, err = run(capsys, "explain", str(path), "--seat", "3")
    assert code == 2 and "this is a 2-player game" in err


@pytest.mark.parametrize(
    ("argv", "content", "fragment"),
    [
        (["play", "--players", "5"], None, "2, 3 or 4 players, not 5"),
        (["replay", "{path}"], "", "the record is empty"),
        (["replay", "{path}"], '{"kind":"header"', "line 1: not valid JSON"),
        (["replay", "{missing}"], None, "cannot read the record"),
        (["explain", "{path}"], '{"kind":"header","format":"dlrules-record","version":1,"rules":"x","variant":"full","players":3}\n{"kind":"move","notation":"P1 fly"}\n', "line 2: the notation cannot be read"),
        (["replay", "{path}"], '{"kind":"header","format":"dlrules-record","version":1,"rules":"x","variant":"full","players":7}\n', "2, 3 or 4 players, not 7"),
        (["replay", "{path}"], b"\xff\xfe\x00", "line 1: the line is not UTF-8 text"),
    ],
)
def test_bad_input_gives_a_message_and_status_2_never_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], content: str | bytes | None, fragment: str
) -> None:
    path = tmp_path / "r.jsonl"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    args = [a.format(path=path, missing=tmp_path / "missing.jsonl") for a in argv]
    code, out, err = run(capsys, *args)
    assert code == 2
    assert fragment in err
    assert "Traceback" not in err + out


def test_usage_errors_exit_2_through_argparse(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["play", "--variant", "huge"])
    assert info.value.code == 2
    assert "invalid choice: 'huge'" in capsys.readouterr().err


def test_help_explains_each_command() -> None:
    for cmd in ("play", "replay", "explain"):
        done = subprocess.run([sys.executable, "-m", "dlrules", cmd, "--help"], capture_output=True, text=True, check=True)
        assert "--json" in done.stdout
    top = subprocess.run([sys.executable, "-m", "dlrules", "--help"], capture_output=True, text=True, check=True)
    for cmd in ("play", "replay", "explain"):
        assert cmd in top.stdout


def test_the_command_as_a_process_reports_an_illegal_record_without_a_traceback(tmp_path: Path) -> None:
    path, line = _illegal_record(tmp_path)
    done = subprocess.run([sys.executable, "-m", "dlrules", "replay", str(path)], capture_output=True, text=True)
    assert done.returncode == 1
    assert f"line {line}" in done.stderr and "ORD-2" in done.stderr and "Traceback" not in done.stderr
    assert parse_record(path.read_text()).moves  # the file itself reads fine; the move is illegal


def test_a_record_cut_inside_a_line_is_refused_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    run(capsys, "play", "--players", "2", "--seed", "4", "--record", str(path))
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:-2]) + "\n" + lines[-2][: len(lines[-2]) // 2])  # cut inside a line
    code, _, err = run(capsys, "explain", str(path))
    assert code == 2 and f"line {len(lines) - 1}: not valid JSON" in err


def test_verbose_play_prints_every_move_in_notation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--players", "2", "--seed", "1", "--verbose", "--max-moves", "12")
    assert code == 0
    assert "  > chance deal P1 " in out and "  > chance deal D3 " in out and "  > P1 keep " in out
    assert "Stopped after 12 moves (--max-moves)." in out


def test_explain_past_an_illegal_move_reports_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, line = _illegal_record(tmp_path)
    code, _, err = run(capsys, "explain", str(path))
    assert code == 1 and "cannot reach move" in err and f"line {line}" in err and "[ORD-2]" in err
    code, out, _ = run(capsys, "explain", str(path), "--at", str(line - 2), "--json")
    assert code == 0 and json.loads(out)["ok"]


def test_play_narrates_the_combat_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    """CMB-REF-5: each round's card, each battle and what happened in it, then year 2 waits."""
    code, out, err = run(capsys, "play", "--players", "3", "--seed", "2")
    assert code == 0 and err == ""
    combat = out[out.index("== Year 1, autumn: combat."):]
    for said in ("Combat round 1: the card is", "Battle in Player 1's dungeon", "Combat round 4 begins.", "Combat is over"):
        assert said in combat
    assert "year two" in combat


def test_play_seats_one_bot_per_seat_with_bots(capsys: pytest.CaptureFixture[str]) -> None:
    from dlrules.apps.cli.main import main as cli_main

    assert cli_main(["play", "--players", "2", "--variant", "first", "--bots", "greedy,random", "--quiet", "--seed", "2"]) == 0
    assert "bots P1 greedy, P2 random" in capsys.readouterr().out
    assert cli_main(["play", "--players", "2", "--bots", "greedy,clever"]) == 2
    assert "--bots names one bot for every seat or one per seat" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["desk", "--port", "٨٠٣٨"], ["play", "--seed", "١"], ["show", "game.jsonl", "--at", "１２"], ["simulate", "--games", "٣"],
    ["tournament", "--games", "²"], ["conformance", "diff", "--seed", "٠"], ["conformance", "perft", "--depth", "٢"],
])  # fmt: skip
def test_LIB_SRV_12_every_command_reads_numbers_in_ascii_digits_only(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``int`` reads Arabic-Indic and full-width digits too; the command line,
    like the table server, takes the digits 0-9 only (LIB-SRV-12)."""
    with pytest.raises(SystemExit) as info:
        main(argv)
    err = capsys.readouterr().err
    assert info.value.code == 2 and ("in the digits 0-9" in err or "a whole number" in err), err


def test_show_reads_a_record_saved_with_a_byte_order_mark(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file saved by a Windows editor starts with a byte-order mark: ``show``
    reads it as ``explain`` and the desk do, rather than calling it malformed."""
    state = dlrules.new_game(2)
    from dlrules.records.serialization import dumps

    marked = tmp_path / "marked.json"
    marked.write_text("\ufeff" + dumps(state), encoding="utf-8")
    capsys.readouterr()
    assert main(["show", str(marked)]) == 0
    assert capsys.readouterr().out.strip()
