"""``dlrules serve`` as a real process on 127.0.0.1 (docs/serve.md): killed
with SIGKILL in the middle of a game and started again, it has every
acknowledged move and the same position (LIB-SRV-4); its creation link
(LIB-SRV-11)."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")
pytest.importorskip("starlette")

from dlrules.core.moves import Move  # noqa: E402
from dlrules.records.game import replay, state_hash  # noqa: E402
from dlrules.records.serialization import loads  # noqa: E402
from dlrules.apps.serve.store import Store  # noqa: E402
from dlrules.apps.serve.table import Tables  # noqa: E402
from servekit import Server  # noqa: E402

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


def _a_move(client: Any, base: str, seats: list[str], rng: random.Random) -> tuple[int, str, str] | None:
    """One random legal move by a seat whose turn it is: (n before, link, move)."""
    for link in rng.sample(seats, len(seats)):
        data = client.get(base + link + "/state").json()
        if data["moves"]:
            return data["n"], link, data["moves"][rng.randrange(len(data["moves"]))]["move"]
    return None


def test_LIB_SRV_4_a_server_killed_mid_game_restarts_with_every_acknowledged_move(tmp_path: Path) -> None:
    db = tmp_path / "night.sqlite"
    server = Server(db, "--new-game", "2", "--auto-chance", "--replayable", "--seed", "5")
    rng = random.Random(1)
    acked: dict[int, str] = {}  # move number -> the move acknowledged there
    try:
        host, *seats = server.links()
        game = host.split("/")[2]
        with httpx.Client(timeout=10) as client:
            for _ in range(40):
                pick = _a_move(client, server.base, seats, rng)
                assert pick is not None
                n, link, move = pick
                r = client.post(server.base + link + "/move", json={"at": n, "move": move})
                assert r.status_code == 200, r.text
                acked[n + 1] = move  # the seat's move is the first one after the position it saw
            # the last move sent without waiting for its answer, then the kill
            pick = _a_move(client, server.base, seats, rng)
            assert pick is not None
            try:
                client.post(server.base + pick[1] + "/move", json={"at": pick[0], "move": pick[2]}, timeout=0.001)
            except httpx.HTTPError:
                pass
    finally:
        server.kill()
    assert server.proc.returncode == -signal.SIGKILL

    store = Store(str(db))
    stored = {m.n: m for m in store.moves(game)}
    for n, move in acked.items():
        assert loads(stored[n].move, Move) == loads(move, Move)  # every acknowledged move is there
    before = Tables(store).loaded(game)
    assert before is not None
    store.close()

    again = Server(db)
    try:
        with httpx.Client(timeout=10) as client:
            data = client.get(again.base + seats[0] + "/state").json()
            assert data["n"] == before.n >= max(acked)
            assert client.get(again.base + seats[0] + "/state").status_code == 200
            pick = _a_move(client, again.base, seats, rng)  # and the game goes on
            assert pick is not None
            r = client.post(again.base + pick[1] + "/move", json={"at": pick[0], "move": pick[2]})
            assert r.status_code == 200
    finally:
        again.kill()
    tables = Tables(Store(str(db)))
    from dlrules.records import parse_record

    record = parse_record(tables.record_text(game))
    final = replay(record).state
    assert state_hash(final) == state_hash(tables.games[game].state)
    after = {m.n: m.move for m in tables.store.moves(game)}
    assert loads(after[before.n + 1], Move) == loads(pick[2], Move)  # the move made after the restart, then the server's draws


def test_LIB_SRV_11_dlrules_serve_prints_its_creation_link_and_loopback_needs_it_too(tmp_path: Path) -> None:
    """The server prints its creation link once at start; a request from
    127.0.0.1 without the key creates nothing (loopback is not exempt:
    behind a reverse proxy every request comes from there). A restarted
    server has a new key: the old link creates nothing."""
    db = tmp_path / "night.sqlite"
    server = Server(db)
    try:
        assert len(server.create_key) >= 24 and f"{server.base}/new/{server.create_key} " in server.lines[0]
        with httpx.Client(timeout=10) as client:
            r = client.post(server.base + "/games", json={"players": 2})
            assert r.status_code == 401 and r.json()["rule"] == "LIB-SRV-11"
            assert client.get(server.base + "/new/" + server.create_key).status_code == 200
            r = client.post(server.base + "/games", json={"key": server.create_key, "players": 2})
            assert r.status_code == 200 and len(r.json()["seats"]) == 2
            old = server.create_key
    finally:
        server.kill()
    again = Server(db)
    try:
        assert again.create_key != old
        with httpx.Client(timeout=10) as client:
            r = client.post(again.base + "/games", json={"key": old, "players": 2})
            assert r.status_code == 403 and r.json()["rule"] == "LIB-SRV-11"
    finally:
        again.kill()
    store = Store(str(db))
    assert len(store.game_ids()) == 1  # the one game made with the key
    store.close()


def test_the_load_benchmark_runs_and_prints_every_figure() -> None:
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "serve_load.py"
    done = subprocess.run(
        [sys.executable, str(script), "--games", "3", "--moves", "6", "--players", "2", "--seconds", "60"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    for figure in ("moves/s", "p50", "p99", "errors: 0", "lost moves: 0", "moves acknowledged: 18 "):
        assert figure in done.stdout, figure


def _memory(pid: int) -> dict[str, int]:
    """The process's resident memory now and at its peak, in kB (Linux)."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0])
    return fields


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
@pytest.mark.parametrize("with_length", [True, False])
def test_LIB_SRV_6_a_256_MiB_body_is_refused_without_being_read(tmp_path: Path, with_length: bool) -> None:
    """Issue 21: the body used to be read whole before the 64 KiB check (a
    256 MiB body took the server from 47 MB to 571 MB). Sent on 127.0.0.1
    only, 1 MiB at a time; the server's peak memory stays within 20 MB of idle."""
    server = Server(tmp_path / "night.sqlite")
    try:
        with httpx.Client(timeout=30) as client:
            assert client.get(server.base + "/").status_code == 200
            idle = _memory(server.proc.pid)["VmRSS"]
            sent = 0

            def body() -> Any:
                nonlocal sent
                for _ in range(256):  # bounded: 256 MiB at most
                    sent += 1
                    yield b" " * (1024 * 1024)

            headers = {"content-type": "application/json"}
            if with_length:
                headers["content-length"] = str(256 * 1024 * 1024)
            try:
                r = client.post(server.base + "/games", content=body(), headers=headers)
                assert r.status_code == 413
            except httpx.HTTPError:  # the server answered 413 and closed the connection while we were still sending
                pass
            assert client.get(server.base + "/").status_code == 200  # and it goes on serving
            peak = _memory(server.proc.pid)["VmHWM"]
    finally:
        server.kill()
    assert peak - idle < 20 * 1024, (idle, peak, sent)


def test_LIB_SRV_1_LIB_SRV_11_no_log_line_names_a_key_even_at_log_level_info(tmp_path: Path) -> None:
    """Every page's path holds a key (a seat's, or the creation key): the
    server keeps no access log, so even ``--log-level info`` writes neither
    the creation key nor a seat's link to its output."""
    server = Server(tmp_path / "night.sqlite", "--log-level", "info")
    try:
        with httpx.Client(timeout=10) as client:
            assert client.get(server.base + "/new/" + server.create_key).status_code == 200
            made = client.post(server.base + "/games", json={"key": server.create_key, "players": 2}).json()
            seat = made["seats"][0]
            assert client.get(server.base + seat + "/state").status_code == 200
            assert client.get(server.base + "/g/nosuchgame/nosuchkey").status_code == 404
    finally:
        server.kill_and_read()
    output = "".join(server.lines)
    assert "Uvicorn running" in output or "Application startup complete" in output  # info lines are written
    secret = seat.rsplit("/", 1)[-1]
    assert output.count(server.create_key) == 1  # only the printed creation link itself
    assert secret not in output and "nosuchkey" not in output and "GET " not in output and "POST " not in output
