"""Game records (docs/records.md): JSON Lines written from a play-out, read
strictly or leniently, replayed and verified move by move."""

from __future__ import annotations

import io
import json
from pathlib import Path

import attrs
import pytest
from tablekit import played

import dlrules
from dlrules import Action, ChooseOrders, RecordError, format_move, make_record, read_record, replay, state_hash, verify
from dlrules.records import FORMAT, FORMAT_VERSION, dumps_record, parse_record, write_record


def _record(players: int = 3, seed: int = 1) -> dlrules.GameRecord:
    _, moves = played(players, seed)
    return make_record(players, "full", moves, seed=seed)


def _lines(record: dlrules.GameRecord) -> list[dict[str, object]]:
    return [json.loads(line) for line in dumps_record(record).splitlines()]


def test_a_record_has_a_header_one_line_per_move_and_a_result() -> None:
    record = _record()
    lines = _lines(record)
    header, *moves, result = lines
    assert header["kind"] == "header" and header["format"] == FORMAT and header["version"] == FORMAT_VERSION
    assert (header["players"], header["variant"], header["seed"], header["rules"]) == (3, "full", 1, dlrules.__version__)
    assert len(moves) == len(record.moves)
    for n, (line, rm) in enumerate(zip(moves, record.moves), start=1):
        assert line["kind"] == "move" and line["n"] == n and line["seat"] == rm.move.seat
        assert isinstance(line["move"], dict) and line["move"]["type"] == type(rm.move).__name__
        assert line["notation"] == format_move(rm.move, players=3)
        assert isinstance(line["hash"], str) and line["hash"].startswith("sha256:")
    assert result["kind"] == "result" and result["moves"] == len(record.moves)


def test_write_read_replay_gives_the_play_out_position(tmp_path: Path) -> None:
    state, moves = played(4, 7)
    record = make_record(4, "full", moves, seed=7)
    path = tmp_path / "game.jsonl"
    write_record(record, path)
    back = read_record(path)
    assert back.moves == tuple(attr_line(rm, n) for n, rm in enumerate(record.moves, start=2))
    outcome = replay(back)
    assert outcome.ok and outcome.applied == len(moves)
    assert outcome.state == state
    assert state_hash(outcome.state) == back.result.hash if back.result else False
    assert verify(back) == ()


def attr_line(rm: dlrules.records.game.RecordedMove, line: int) -> dlrules.records.game.RecordedMove:
    import attrs

    return attrs.evolve(rm, line=line)


def test_state_hash_is_stable_and_tells_states_apart() -> None:
    a = dlrules.new_game(2)
    assert state_hash(a) == state_hash(dlrules.new_game(2))
    assert state_hash(a) != state_hash(dlrules.new_game(3))
    assert len(state_hash(a)) == len("sha256:") + 64


def _edit(record: dlrules.GameRecord, index: int, notation: str) -> str:
    """The record's text with move ``index`` (1-based) replaced by ``notation``
    (both the JSON and the notation, as a careful hand-editor would)."""
    lines = dumps_record(record).splitlines()
    data = json.loads(lines[index])
    move = dlrules.parse_move(notation)
    data["move"] = json.loads(dlrules.dumps(move))
    data["notation"] = notation
    lines[index] = json.dumps(data)
    return "\n".join(lines) + "\n"


def test_ORD_2_a_hand_edited_illegal_move_is_rejected_at_its_line_with_the_rule() -> None:
    record = _record(3, 2)
    index = next(i for i, rm in enumerate(record.moves, start=1) if isinstance(rm.move, ChooseOrders))
    seat = record.moves[index - 1].move.seat
    before = replay(record, upto=index - 1).state
    unavailable = before.players[seat].unavailable[0]
    others = [a for a in before.players[seat].hand if a != unavailable][:2]
    bad = ChooseOrders(seat, (unavailable, *others))
    text = _edit(record, index, format_move(bad))
    edited = parse_record(text)
    outcome = replay(edited)
    assert outcome.failure is not None
    assert outcome.failure.line == index + 1  # the header is line 1
    assert outcome.failure.index == index and outcome.failure.move == bad
    assert outcome.failure.rules == ("ORD-2",)
    assert f"cannot play {unavailable.title}: it is unavailable this round" in outcome.failure.reason
    assert outcome.applied == index - 1
    assert [(p.line, p.rule) for p in verify(edited)] == [(index + 1, "ORD-2")]


def test_a_changed_position_is_caught_by_the_state_hash() -> None:
    record = _record(2, 3)
    lines = dumps_record(record).splitlines()
    data = json.loads(lines[5])
    data["hash"] = "sha256:" + "0" * 64
    lines[5] = json.dumps(data)
    outcome = replay(parse_record("\n".join(lines)))
    assert outcome.failure is not None and outcome.failure.line == 6 and "hash mismatch" in outcome.failure.reason
    assert replay(parse_record("\n".join(lines)), check_hashes=False).ok


def test_a_record_may_give_moves_by_notation_alone() -> None:
    record = _record(2, 4)
    lines = dumps_record(record).splitlines()
    slim = [lines[0]]
    for line in lines[1:-1]:
        data = json.loads(line)
        slim.append(json.dumps({"kind": "move", "notation": data["notation"]}))
    slim.append(lines[-1])
    back = parse_record("\n".join(slim))
    assert [rm.move for rm in back.moves] == [rm.move for rm in record.moves]
    assert replay(back).ok


def test_strict_reading_stops_at_the_first_problem_with_its_line() -> None:
    text = dumps_record(_record(2, 5)).splitlines()
    text[3] = text[3][:25]  # a damaged line
    text[6] = json.dumps({"kind": "move", "notation": "P1 jump"})
    with pytest.raises(RecordError) as info:
        parse_record("\n".join(text))
    assert [p.line for p in info.value.problems] == [4]
    assert "line 4" in str(info.value) and "not valid JSON" in str(info.value)


def test_lenient_reading_collects_every_problem_with_its_line() -> None:
    text = dumps_record(_record(2, 5)).splitlines()
    text[3] = text[3][:25]
    text[6] = json.dumps({"kind": "move", "notation": "P1 jump"})
    data = json.loads(text[8])
    data["notation"] = "P1 decline"  # disagrees with the JSON move
    text[8] = json.dumps(data)
    text.insert(10, json.dumps({"kind": "comment"}))
    record = parse_record("\n".join(text[:-1]), strict=False)  # and no result line: in progress, no problem
    problems = {p.line: p.message for p in record.problems}
    assert sorted(problems) == [4, 7, 9, 11]
    assert "not valid JSON" in problems[4]
    assert "unknown verb 'jump'" in problems[7]
    assert "disagree" in problems[9]
    assert "unknown line kind 'comment'" in problems[11]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ('{"kind":"move","notation":"P1 decline"}\n', "first line must be the header"),
        ('{"kind":"header","format":"chess-pgn","version":1,"rules":"x","variant":"full","players":3}\n', "not a dlrules record"),
        ('{"kind":"header","format":"dlrules-record","version":9,"rules":"x","variant":"full","players":3}\n', "version 9 is not supported"),
        ('{"kind":"header","format":"dlrules-record","version":1,"rules":"x","variant":"full","players":5}\n', "2, 3 or 4 players, not 5"),
        ('{"kind":"header","format":"dlrules-record","version":1,"rules":"x","variant":"big","players":3}\n', "unknown variant 'big'"),
        ('[1, 2]\n', "must be a JSON object"),
        (
            '{"kind":"header","format":"dlrules-record","version":1,"rules":"x","variant":"full","players":3}\n'
            '{"kind":"move","n":1,"move":{"type":"Teleport"}}\n',
            "not a dlrules move",
        ),
        (
            '{"kind":"header","format":"dlrules-record","version":1,"rules":"x","variant":"full","players":3}\n'
            '{"kind":"move","n":2,"notation":"chance deal P1 food,dig,mine"}\n',
            "out of sequence",
        ),
        (
            '{"kind":"header","format":"dlrules-record","version":1,"rules":"x","variant":"full","players":3}\n'
            '{"kind":"result","moves":3,"year":1,"round":1,"phase":"setup","over":false}\n',
            "counts 3 moves but the record has 0",
        ),
    ],
)
def test_malformed_records_are_refused_with_a_reason(text: str, fragment: str) -> None:
    with pytest.raises(RecordError) as info:
        parse_record(text)
    assert fragment in str(info.value)
    lenient = parse_record(text, strict=False)
    assert any(fragment in p.message for p in lenient.problems)


def test_read_record_from_an_open_file_and_a_missing_path(tmp_path: Path) -> None:
    record = _record(2, 6)
    assert read_record(io.StringIO(dumps_record(record))).moves == parse_record(dumps_record(record)).moves
    with pytest.raises(RecordError, match="cannot read the record"):
        read_record(tmp_path / "nope.jsonl")


def test_a_result_that_does_not_match_the_replay_is_reported() -> None:
    record = _record(2, 8)
    lines = dumps_record(record).splitlines()
    data = json.loads(lines[-1])
    assert data["phase"] == "game_over"  # the play-out reaches the end (SCO-4)
    data["year"], data["phase"] = 1, "combat"  # a result the replay does not reach
    lines[-1] = json.dumps(data)
    outcome = replay(parse_record("\n".join(lines)))
    assert outcome.failure is not None and outcome.failure.line == len(lines)
    assert "the result says" in outcome.failure.reason


def test_SCO_14_a_whole_game_record_ends_with_the_scores_and_the_winners() -> None:
    """LIB-WG-2: the result line of a finished game gives each seat's total and the winners."""
    record = _record(2, 8)
    result = _lines(record)[-1]
    final = replay(record).state
    scored = dlrules.outcome(final)
    assert scored is not None and result["phase"] == "game_over" and result["over"] is True
    assert result["scores"] == list(scored.totals) and result["winners"] == list(scored.winners)
    assert record.result is not None
    assert parse_record(dumps_record(record)).result == attrs.evolve(record.result, line=len(record.moves) + 2)


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("scores", "bump", "the final scores"),
        ("winners", "other", "won but replay found"),
    ],
)
def test_SCO_3_a_result_whose_outcome_differs_from_the_replay_is_reported(field: str, value: str, says: str) -> None:
    """LIB-WG-2: replay recomputes the outcome and reports the result's line when it differs."""
    record = _record(2, 8)
    lines = dumps_record(record).splitlines()
    data = json.loads(lines[-1])
    if value == "bump":
        data["scores"] = [s + 1 if i == 0 else s for i, s in enumerate(data["scores"])]
    else:
        data["winners"] = [s for s in range(2) if s not in data["winners"]] or [0]
    lines[-1] = json.dumps(data)
    outcome = replay(parse_record("\n".join(lines)))
    assert outcome.failure is not None and outcome.failure.line == len(lines)
    assert says in outcome.failure.reason
    assert outcome.applied == len(record.moves)  # every move was legal: only the outcome is wrong


def test_a_result_with_scores_must_list_whole_numbers() -> None:
    lines = dumps_record(_record(2, 8)).splitlines()
    data = json.loads(lines[-1])
    data["scores"] = ["ten", 3]
    lines[-1] = json.dumps(data)
    with pytest.raises(RecordError, match="whole numbers"):
        parse_record("\n".join(lines))


def test_make_record_refuses_an_illegal_move() -> None:
    with pytest.raises(dlrules.IllegalMove) as info:
        make_record(2, "full", [ChooseOrders(0, (Action.FOOD, Action.DIG, Action.MINE))])
    assert info.value.rules == ("RUL-13",)


FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_a_hand_written_notation_record_replays() -> None:
    """tests/fixtures/winter-3p.jsonl: a 3-player winter up to resolution, written
    by hand in notation (no JSON moves, no hashes), as a table referee would."""
    record = read_record(FIXTURES / "winter-3p.jsonl")
    outcome = replay(record)
    assert outcome.ok and outcome.applied == 20
    assert outcome.state.phase is dlrules.Phase.RESOLUTION
    assert outcome.state.players[0].played[0].action is Action.MONSTER


def test_ORD_2_the_hand_written_record_with_an_unavailable_order_fails_at_line_19() -> None:
    record = read_record(FIXTURES / "winter-3p-illegal.jsonl")
    outcome = replay(record)
    assert outcome.failure is not None
    assert (outcome.failure.line, outcome.failure.rules) == (19, ("ORD-2",))
    assert outcome.failure.reason == "illegal move: [ORD-2] you cannot play Get Food: it is unavailable this round"


def test_RUL_13_a_first_game_with_deal_and_keep_keeps_the_option_in_its_record(tmp_path: Path) -> None:
    """RUL-13, LIB-Y1-6: the header says the first game dealt 3 and kept 2, so
    the record replays from the same setup."""
    import random

    from dlrules import new_game, play_out

    start = new_game(3, variant="first", deal_and_keep=True)
    moves = play_out(start, None, random.Random(3), until=dlrules.Phase.ORDERS).moves
    record = dlrules.make_record(3, "first", moves, deal_and_keep=True)
    path = tmp_path / "game.jsonl"
    dlrules.write_record(record, path)
    assert '"deal_and_keep":true' in path.read_text().splitlines()[0]
    again = read_record(path)
    assert again.header.deal_and_keep is True
    assert replay(again).ok
    without = dlrules.make_record(3, "first", moves[:0])
    assert without.header.deal_and_keep is None


def test_SETUP_1_the_first_player_is_kept_in_the_record(tmp_path: Path) -> None:
    """SETUP-1: a game begun by seat 2 replays from seat 2."""
    import random

    from dlrules import new_game, play_out

    moves = play_out(new_game(3, first_player=2), None, random.Random(5), until=dlrules.Phase.RESOLUTION).moves
    record = dlrules.make_record(3, "full", moves, first_player=2)
    path = tmp_path / "game.jsonl"
    dlrules.write_record(record, path)
    again = read_record(path)
    assert again.header.first_player == 2
    outcome = replay(again)
    assert outcome.ok and outcome.state.first_player == 2
    bad = path.read_text().replace('"first_player":2', '"first_player":7')
    with pytest.raises(RecordError, match="SETUP-1"):
        parse_record(bad)
