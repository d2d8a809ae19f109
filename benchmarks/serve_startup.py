"""Start-up of ``dlrules serve`` with many stored games (issue 35, LIB-SRV-4):
the server reads a game from the database when a link of it is first used,
so starting takes the same time with 1,000 stored games as with none.

    python benchmarks/serve_startup.py                 # 1,000 games of 300 moves
    python benchmarks/serve_startup.py --games 100     # quicker

Builds a database in a temporary folder: one game played by random moves
(its moves, kept positions and latest position as the server stores them),
copied under new ids. Prints the time to make the server (``create_app``),
the time of the first page of one game (which reads it), of a second page,
and, for comparison, what reading every game at start would cost (the
earlier behaviour: each game's latest position and its latest moves).
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from dlrules.core.engine import legal_moves, to_move
from dlrules.records.serialization import dumps
from dlrules.apps.serve.store import Store
from dlrules.apps.serve.table import Tables
from dlrules.apps.serve.seats import new_id, token_hash
from dlrules.core.state import CHANCE


def build(db: Path, games: int, moves: int, seed: int) -> tuple[str, str]:
    """A database of ``games`` copies of one game of ``moves`` moves; the first game's id and host token."""
    tables = Tables(Store(str(db)))
    created = tables.create(3, seed=seed, replayable=True, auto_chance=True)
    game = tables.loaded(created.game)
    assert game is not None
    rng = random.Random(seed)
    while game.n < moves and to_move(game.state):
        seat = min(s for s in to_move(game.state) if s != CHANCE)
        mine = [m for m in legal_moves(game.state) if m.seat == seat]
        tables.submit(game, seat, game.n, dumps(mine[rng.randrange(len(mine))]))
    tables.store.close()
    with sqlite3.connect(db) as con:
        con.execute("PRAGMA synchronous=OFF")
        for _ in range(games - 1):
            gid = new_id()
            con.execute(
                "INSERT INTO games SELECT ?, players, variant, first_player, seed, auto_chance, ?, created + 1, replayable, bots"
                " FROM games WHERE id = ?",
                (gid, token_hash(new_id()), created.game),
            )
            for table in ("seats", "moves", "snapshots"):
                columns = [r[1] for r in con.execute(f"PRAGMA table_info({table})")]
                rest = ", ".join(c for c in columns if c != "game")
                con.execute(f"INSERT INTO {table} (game, {rest}) SELECT ?, {rest} FROM {table} WHERE game = ?", (gid, created.game))
    return created.game, created.host


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--games", type=int, default=1000, help="stored games (default 1000)")
    parser.add_argument("--moves", type=int, default=300, help="moves of each game (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5, help="start-ups timed (default 5)")
    args = parser.parse_args(argv)
    from dlrules.apps.serve.app import create_app

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.sqlite"
        started = time.perf_counter()
        gid, host = build(db, args.games, args.moves, args.seed)
        built = time.perf_counter() - started
        starts, firsts, seconds = [], [], []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            app = create_app(str(db))
            t1 = time.perf_counter()
            tables: Tables = app.state.tables
            tables.find(gid, host)  # the first page of one game reads it
            t2 = time.perf_counter()
            tables.find(gid, host)
            t3 = time.perf_counter()
            app.state.bots.stop()
            tables.store.close()
            starts.append(t1 - t0)
            firsts.append(t2 - t1)
            seconds.append(t3 - t2)
        tables = Tables(Store(str(db)))
        ids = tables.store.game_ids()
        t0 = time.perf_counter()
        for other in ids:
            tables.loaded(other)
        every = time.perf_counter() - t0
        tables.store.close()
    ms = 1000.0
    print(f"{len(ids)} stored games of {args.moves} moves (database built in {built:.1f} s)")
    print(f"server start (create_app), median of {args.repeat}: {statistics.median(starts) * ms:.1f} ms")
    print(f"first page of one game (reads it):        {statistics.median(firsts) * ms:.1f} ms")
    print(f"next page of that game:                   {statistics.median(seconds) * ms:.3f} ms")
    print(f"reading every game (the earlier start-up): {every:.2f} s ({every / len(ids) * ms:.1f} ms a game)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
