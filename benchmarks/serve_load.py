"""Load on ``dlrules serve`` (docs/performance.md, "The table server"):
concurrent games, each driven by random bots through the HTTP API on the
loopback address only, for a fixed number of moves per game (and a time
bound); prints moves per second, the p50 and p99 latency of a move, the
errors (must be 0) and the lost moves (must be 0: every acknowledged move is
read back from the database after the server is stopped).

    python benchmarks/serve_load.py                       # 50 games x 60 moves
    python benchmarks/serve_load.py --games 5 --moves 10  # a few seconds

A move is one ``POST .../move`` or ``POST .../draw`` (the server's chance
draw) answered 200; the bots read their pages (``GET .../state``) to choose,
which is not timed. The server runs in its own process (uvicorn, one worker),
started and stopped here; nothing is left running.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from dlrules.core.moves import Move
from dlrules.records.serialization import loads
from dlrules.apps.serve.store import Store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.acked: dict[str, list[tuple[int, str | None]]] = {}  # game -> (move number, the move or None for a draw)


async def _get(client: httpx.AsyncClient, url: str) -> Any:
    """A page's data (a GET is safe to repeat when a kept-alive connection was closed under it)."""
    for attempt in range(3):
        try:
            return (await client.get(url)).json()
        except httpx.TransportError:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


async def bot(client: httpx.AsyncClient, host: str, seats: list[str], moves: int, deadline: float, rng: random.Random, stats: Stats) -> None:
    """Random legal moves through the links of one game, until ``moves`` were made."""
    game = host.split("/")[2]
    acked = stats.acked.setdefault(game, [])
    made = 0
    while made < moves and time.monotonic() < deadline:
        chosen: tuple[str, str, dict[str, Any]] | None = None
        for link in [host, *rng.sample(seats, len(seats))]:
            data = await _get(client, link + "/state")
            if data["chance"]:
                chosen = (link, "/draw", {"at": data["n"]})
                break
            if data["moves"]:
                pick = data["moves"][rng.randrange(len(data["moves"]))]["move"]
                chosen = (link, "/move", {"at": data["n"], "move": pick})
                break
        if chosen is None:
            return  # the game is over (or stopped where the library stops)
        link, path, body = chosen
        body["id"] = f"{game}-{made}-{len(stats.latencies)}"  # a request id, as the pages send (LIB-SRV-7)
        started = time.perf_counter()
        r = await client.post(link + path, json=body)
        stats.latencies.append(time.perf_counter() - started)
        if r.status_code != 200:
            stats.errors.append(f"{r.status_code} {r.text[:200]}")
            continue
        acked.append((body["at"] + 1, body.get("move")))
        made += 1


async def drive(base: str, key: str, games: int, moves: int, seconds: float, players: int, seed: int, stats: Stats) -> float:
    limits = httpx.Limits(max_connections=games, max_keepalive_connections=games)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as client:
        created = []
        for i in range(games):
            r = await client.post("/games", json={"key": key, "players": players, "seed": seed + i, "replayable": True})
            r.raise_for_status()
            created.append(r.json())
        started = time.monotonic()
        deadline = started + seconds
        await asyncio.gather(
            *(bot(client, c["host"], c["seats"], moves, deadline, random.Random(seed * 1000 + i), stats) for i, c in enumerate(created))
        )
        return time.monotonic() - started


def lost_moves(db: str, stats: Stats) -> int:
    """Acknowledged moves not in the database (read after the server stopped)."""
    store = Store(db)
    lost = 0
    for game, acked in stats.acked.items():
        stored = {m.n: m.move for m in store.moves(game)}
        for n, move in acked:
            if n not in stored or (move is not None and loads(stored[n], Move) != loads(move, Move)):
                lost += 1
    store.close()
    return lost


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument("--moves", type=int, default=60, help="moves per game (default 60)")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--seconds", type=float, default=300, help="stop the bots after this long (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "load.sqlite")
        port = free_port()
        env = dict(os.environ)
        src = str(Path(__file__).resolve().parents[1] / "src")
        env["PYTHONPATH"] = src + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        server = subprocess.Popen(
            [sys.executable, "-m", "dlrules", "serve", "--db", db, "--host", "127.0.0.1", "--port", str(port)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
        base = f"http://127.0.0.1:{port}"
        stats = Stats()
        try:
            for _ in range(300):  # up to 30 s to start
                try:
                    if httpx.get(base + "/", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            else:
                raise SystemExit("the server did not start")
            assert server.stdout is not None
            found = re.search(r"/new/(\S+) ", server.stdout.readline())  # the creation link it printed (LIB-SRV-11)
            if found is None:
                raise SystemExit("the server printed no creation link")
            elapsed = asyncio.run(drive(base, found.group(1), args.games, args.moves, args.seconds, args.players, args.seed, stats))
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(5)
        lost = lost_moves(db, stats)

    made = sum(len(a) for a in stats.acked.values())
    lat = sorted(stats.latencies)
    p50 = statistics.median(lat) if lat else 0.0
    p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))] if lat else 0.0
    print(f"dlrules serve under load: {args.games} games of {args.players} players, {args.moves} moves each, on 127.0.0.1")
    print(f"  python {sys.version.split()[0]}, {os.cpu_count()} cores")
    print(f"  moves acknowledged: {made} in {elapsed:.1f} s = {made / elapsed:.1f} moves/s")
    print(f"  latency per move: p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms")
    print(f"  errors: {len(stats.errors)}")
    print(f"  lost moves: {lost}")
    for e in stats.errors[:5]:
        print(f"    {e}")
    return 0 if not stats.errors and not lost else 1


if __name__ == "__main__":
    sys.exit(main())
