"""Review 2 (issues 36, 37, 39 as they landed): each finding, with the input
that showed it and the refusal or outcome expected."""

from __future__ import annotations

import io
import json
import sys
import time
from pathlib import Path

import pytest

from dlrules.apps.conformance import Referee, Subprocess
from dlrules.apps.conformance.engines import EngineError
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


_FAKE_ENGINE = """
import sys, json, time
mode = sys.argv[1]
for line in sys.stdin:
    req = json.loads(line)
    if req["cmd"] == "hello":
        print(json.dumps({"ok": True, "protocol": "dlrules-referee", "version": 2, "engine": "fake"}), flush=True)
    elif req["cmd"] == "quit":
        break
    elif mode == "half":
        sys.stdout.write('{"ok": tr'); sys.stdout.flush(); time.sleep(30)
    elif mode == "bytes":
        sys.stdout.buffer.write(b'\\xff\\xfe{"ok": true}\\n'); sys.stdout.flush()
    elif mode == "deep":
        print("[" * 100000, flush=True)
"""


@pytest.mark.parametrize(
    ("mode", "said"), [("half", "did not answer"), ("bytes", "not UTF-8"), ("deep", "not JSON")]
)
def test_an_engine_answering_garbage_is_reported_with_the_request_not_a_traceback(tmp_path: Path, mode: str, said: str) -> None:
    """Issue 36: an engine that writes half a line and hangs made the driver
    wait forever (``readline`` after ``select``); bytes that are not UTF-8
    raised UnicodeDecodeError and a line nested too deep RecursionError, out
    of the driver. Each is an ``EngineError`` naming the request."""
    script = tmp_path / "engine.py"
    script.write_text(_FAKE_ENGINE, encoding="utf-8")
    engine = Subprocess([sys.executable, str(script), mode], timeout=1.5)
    try:
        started = time.monotonic()
        with pytest.raises(EngineError, match=f"{said}.*|.*new_game.*{said}"):
            engine.new_game({"players": 2})
        assert time.monotonic() - started < 10
    finally:
        engine.close()
    assert engine.process.poll() is not None  # nothing left running


def test_LIB_SRV_3_a_page_from_before_the_seats_own_move_is_stale_even_if_its_words_come_back() -> None:
    """A seat's page stays current while only the others move (simultaneous
    orders), but not once the seat itself has moved: a phone left on move
    ``at`` whose buttons read the same as now (the same decision again, in
    a later round: "P1 finishes production", "P1 takes Buy Traps I: pays 1
    gold") played its button on the new position. Refused (409), nothing played."""
    import random

    from clientkit import table_client
    from dlrules.core.engine import legal_moves, to_move
    from dlrules.core.moves import Move
    from dlrules.core.state import CHANCE
    from dlrules.records.serialization import dumps
    from dlrules.apps.serve.seats import chance_owner
    from servekit import CREATE_KEY

    client = table_client()
    data = client.post("/games", json={"key": CREATE_KEY, "players": 2, "auto_chance": True, "replayable": True, "seed": 4}).json()
    seats, game = data["seats"], client.app.state.tables.games[data["game"]]  # type: ignore[attr-defined]
    rng = random.Random(1)
    pages: list[tuple[int, tuple[str, ...], dict[int, list[Move]]]] = []  # (n, each seat's key, each seat's moves)
    movers: dict[int, int] = {}  # move number -> the seat that made it
    played: dict[int, object] = {}  # position -> the move a seat played there
    for _ in range(3000):
        state = game.state
        n = game.n
        mine = {s: [m for m in legal_moves(state) if m.seat == s] for s in range(2)}
        for at, keys, moves in pages:
            for s in to_move(state) - {CHANCE}:
                others = [m for m in moves[s] if m != played.get(at)]  # the very request again gets its first answer (LIB-SRV-7)
                if n - at <= 150 and keys[s] == game.keys[n][s] and others and any(movers.get(k) == s for k in range(at + 1, n + 1)):
                    before = game.state
                    r = client.post(seats[s] + "/move", json={"at": at, "move": dumps(others[0])})
                    assert r.status_code == 409 and r.json()["rule"] == "LIB-SRV-3", r.text
                    assert game.n == n and game.state is before  # nothing played
                    return
        pages.append((n, game.keys[n], mine))
        movers_now = to_move(state)
        assert movers_now, "the game ended without such a page"
        if CHANCE in movers_now:
            owner = chance_owner(state)
            assert client.post((data["host"] if owner is None else seats[owner]) + "/draw", json={"at": n}).status_code == 200
            continue
        seat = min(movers_now)
        move = mine[seat][rng.randrange(len(mine[seat]))]
        assert client.post(seats[seat] + "/move", json={"at": n, "move": dumps(move)}).status_code == 200
        for k in range(n + 1, game.n + 1):
            movers[k] = -1
        movers[n + 1], played[n] = seat, move
    raise AssertionError("no seat saw the same buttons again after its own move")


@pytest.mark.parametrize("action", [3.7, "5", True, 2.0])
def test_LIB_AI_6_an_action_that_is_no_integer_is_refused_not_rounded(action: object) -> None:
    """Gymnasium and PettingZoo passed the action through ``int()``: 3.7 played
    decision 3 and "5" decision 5. Any integer (numpy's too) is an action;
    anything else is an illegal move, with its reason."""
    np = pytest.importorskip("numpy")
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from dlrules.agents.adapters.gym import DungeonLordsEnv
    from dlrules.agents.adapters.pettingzoo import raw_env

    env = DungeonLordsEnv(players=2)
    obs, _ = env.reset(seed=1)
    _, reward, done, _, info = env.step(action)
    assert done and reward == env.illegal_reward and "is not a decision id" in info["illegal_move"]
    obs, _ = env.reset(seed=1)
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    assert "illegal_move" not in env.step(np.int64(legal))[4]  # numpy's integers are integers
    pz = raw_env(players=2)
    pz.reset(seed=1)
    agent = pz.agent_selection
    pz.step(action)  # type: ignore[arg-type]
    assert "is not a decision id" in pz.infos[agent]["illegal_move"]


def test_tournament_help_writes_one_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse does not %-format a description: "95%%" was printed as is."""
    from dlrules.apps.cli.main import main

    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "95% Wilson interval" in out and "%%" not in out
