"""Review 2 (issues 36, 37, 39 as they landed): each finding, with the input
that showed it and the refusal or outcome expected."""

from __future__ import annotations

import io
import json

from dlrules.apps.conformance import Referee
from dlrules.apps.conformance.protocol import serve


def test_the_engine_loop_answers_a_line_nested_too_deep_and_goes_on() -> None:
    """A request nested 100,000 deep stopped ``dlrules engine`` ("this is a bug
    in dlrules"): it is a line the server cannot read, ``bad_request``, and
    the next request is answered."""
    lines = ["[" * 100_000, '{"cmd": "hello", "id": NaN}', '{"cmd": "hello"}']
    out = io.StringIO()
    assert serve(Referee(), io.StringIO("\n".join(lines) + "\n"), out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]  # every answer is JSON (no NaN echoed)
    assert [a["ok"] for a in answers] == [False, False, True]
    assert answers[0]["error"]["kind"] == answers[1]["error"]["kind"] == "bad_request"


def test_a_move_nested_too_deep_is_bad_move_not_engine_error() -> None:
    referee = Referee()
    referee.handle({"cmd": "new_game", "players": 2})
    before = referee.handle({"cmd": "get_position"})
    deep: list[object] = []
    for _ in range(5_000):
        deep = [deep]
    answer = referee.handle({"cmd": "apply", "move": {"type": "ChooseOrders", "seat": 0, "orders": deep}})
    assert answer["ok"] is False and answer["error"]["kind"] == "bad_move"
    assert referee.handle({"cmd": "get_position"}) == before
