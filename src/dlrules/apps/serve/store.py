"""The table server's database: SQLite (the standard library's ``sqlite3``),
one file, write-ahead log, every accepted move committed before it is
acknowledged (docs/serve.md, LIB-SRV-4).

Tables:

- ``games``: one row per game (its header: players, variant, first player,
  whether the game is replayable and then the seed of the server's draws,
  whether the server draws every chance card) and the SHA-256 of the host's
  token;
- ``seats``: the SHA-256 of each seat's token (the tokens themselves are
  never stored: a copy of the database opens no game);
- ``games.bots``: the bot seated at each seat, if any (LIB-SRV-10), one name
  per seat separated by commas (empty for a person);
- ``moves``: the game's record, one move per row (the move's JSON and the
  hash of the position after it, as in a record file: docs/records.md);
- ``snapshots``: the position after the latest move and every
  ``SNAPSHOT_EVERY``-th one (position 0 included), so that a game opens
  without replaying it and any position is a few moves from a stored one
  (LIB-SRV-3 reads the recent ones back after a restart);
- ``requests``: the answer to every accepted move request (the link's role,
  the request's key and a digest of its body, the move number it led to),
  written in the move's own transaction, so that a repeated request gets its
  first answer even from a restarted server (LIB-SRV-7).

Nothing here knows about HTTP: :mod:`dlrules.apps.serve.table` uses it.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Mapping, Sequence

import attrs

SNAPSHOT_EVERY = 50
"""Besides the latest position, every 50th position is kept."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    players INTEGER NOT NULL,
    variant TEXT NOT NULL,
    first_player INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    auto_chance INTEGER NOT NULL,
    host_hash BLOB NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    token_hash BLOB NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    game TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    move TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
CREATE TABLE IF NOT EXISTS snapshots (
    game TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
CREATE TABLE IF NOT EXISTS requests (
    game TEXT NOT NULL REFERENCES games(id),
    role INTEGER NOT NULL,
    key TEXT NOT NULL,
    digest TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (game, role, key)
);
"""

HOST_ROLE = -1
"""The host's link in ``requests.role`` (a seat's is its seat number)."""

NO_SEED = 0
"""The ``seed`` column of a game that is not replayable (its draws have no seed)."""


@attrs.frozen
class GameRow:
    """A game's header as stored."""

    id: str
    players: int
    variant: str
    first_player: int
    seed: int | None  # None: not replayable, the draws come from the operating system's secure source
    auto_chance: bool
    host_hash: bytes
    seat_hashes: tuple[bytes, ...]
    bots: tuple[str, ...] = ()  # per seat: the bot's name (dlrules.agents.bots.BOTS), "" for a person (LIB-SRV-10)


@attrs.frozen
class StoredMove:
    """Move number ``n`` (1 = the first move): its JSON and the position's hash after it."""

    n: int
    move: str
    hash: str


@attrs.frozen
class Answered:
    """An accepted request: who sent it (``HOST_ROLE`` or a seat), its key,
    the digest of its body and the move number it led to."""

    role: int
    key: str
    digest: str
    n: int


class Store:
    """One SQLite file (``":memory:"`` for tests that need no file). Safe to
    share between threads: one connection, used under a lock."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")  # a commit is on disk before it returns
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)
        columns = {r[1] for r in self._db.execute("PRAGMA table_info(games)")}
        if "replayable" not in columns:  # a file from before replayable games: none of its games is replayable
            self._db.execute("ALTER TABLE games ADD COLUMN replayable INTEGER NOT NULL DEFAULT 0")
        if "bots" not in columns:  # a file from before bots at the table: every seat is a person's
            self._db.execute("ALTER TABLE games ADD COLUMN bots TEXT NOT NULL DEFAULT ''")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create_game(self, row: GameRow, start_state: str) -> None:
        """Store a new game and its starting position, in one transaction."""
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute(
                    "INSERT INTO games (id, players, variant, first_player, seed, auto_chance, host_hash, created, replayable, bots)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        row.id, row.players, row.variant, row.first_player, NO_SEED if row.seed is None else row.seed,
                        int(row.auto_chance), row.host_hash, time.time(), int(row.seed is not None),
                        ",".join(row.bots) if any(row.bots) else "",
                    ),
                )  # fmt: skip
                db.executemany("INSERT INTO seats VALUES (?, ?, ?)", [(row.id, s, h) for s, h in enumerate(row.seat_hashes)])
                db.execute("INSERT INTO snapshots VALUES (?, 0, ?)", (row.id, start_state))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def append(
        self, game: str, moves: Sequence[StoredMove], state: str, answered: Answered | None = None, kept: Mapping[int, str] | None = None
    ) -> None:
        """Add ``moves`` (numbered on from the last), the position after the
        last of them, the positions ``kept`` among them (move number → state:
        the ``SNAPSHOT_EVERY``-th ones a batch of moves passes) and the request
        they answer, in one transaction: committed when this returns."""
        if not moves:
            return
        last = moves[-1].n
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                db.executemany("INSERT INTO moves VALUES (?, ?, ?, ?)", [(game, m.n, m.move, m.hash) for m in moves])
                # The latest position replaces the previous latest unless that one is a kept (every 50th) one.
                db.execute(
                    "DELETE FROM snapshots WHERE game = ? AND n % ? != 0 AND n < ?",
                    (game, SNAPSHOT_EVERY, last),
                )
                db.executemany("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?)", [(game, n, text) for n, text in (kept or {}).items()])
                db.execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?)", (game, last, state))
                if answered is not None:
                    db.execute(
                        "INSERT INTO requests VALUES (?, ?, ?, ?, ?)", (game, answered.role, answered.key, answered.digest, answered.n)
                    )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def game_ids(self) -> tuple[str, ...]:
        with self._lock:
            return tuple(r[0] for r in self._db.execute("SELECT id FROM games ORDER BY created"))

    def game(self, game: str) -> GameRow | None:
        with self._lock:
            r = self._db.execute(
                "SELECT id, players, variant, first_player, seed, auto_chance, host_hash, replayable, bots FROM games WHERE id = ?",
                (game,),
            ).fetchone()
            if r is None:
                return None
            seats = self._db.execute("SELECT token_hash FROM seats WHERE game = ? ORDER BY seat", (game,)).fetchall()
        seed = r[4] if r[7] else None
        bots = tuple(str(r[8]).split(",")) if r[8] else ("",) * int(r[1])
        return GameRow(r[0], r[1], r[2], r[3], seed, bool(r[5]), bytes(r[6]), tuple(bytes(s[0]) for s in seats), bots)

    def answered(self, game: str, role: int, key: str) -> Answered | None:
        """The accepted request ``key`` of ``role`` in ``game``, if there was one."""
        with self._lock:
            r = self._db.execute(
                "SELECT digest, n FROM requests WHERE game = ? AND role = ? AND key = ?", (game, role, key)
            ).fetchone()
        return None if r is None else Answered(role, key, str(r[0]), int(r[1]))

    def moves(self, game: str, after: int = 0, upto: int | None = None) -> tuple[StoredMove, ...]:
        """The stored moves numbered above ``after`` (and at most ``upto``), in order."""
        last = -1 if upto is None else upto
        with self._lock:
            rows = self._db.execute(
                "SELECT n, move, hash FROM moves WHERE game = ? AND n > ? AND (? < 0 OR n <= ?) ORDER BY n", (game, after, last, last)
            ).fetchall()
        return tuple(StoredMove(n, m, h) for n, m, h in rows)

    def snapshot_at_most(self, game: str, n: int) -> tuple[int, str]:
        """The stored position nearest before move ``n`` (or at it): its move
        number and the state's JSON. Position 0 and every ``SNAPSHOT_EVERY``-th
        are kept, so at most ``SNAPSHOT_EVERY - 1`` moves lead from it to ``n``."""
        with self._lock:
            r = self._db.execute(
                "SELECT n, state FROM snapshots WHERE game = ? AND n <= ? ORDER BY n DESC LIMIT 1", (game, n)
            ).fetchone()
        if r is None:  # pragma: no cover - create_game always stores position 0
            raise LookupError(f"game {game} has no stored position at or before move {n}")
        return int(r[0]), str(r[1])

    def latest_snapshot(self, game: str) -> tuple[int, str]:
        """The latest stored position: its move number and the state's JSON."""
        with self._lock:
            r = self._db.execute("SELECT n, state FROM snapshots WHERE game = ? ORDER BY n DESC LIMIT 1", (game,)).fetchone()
        if r is None:  # pragma: no cover - create_game always stores position 0
            raise LookupError(f"game {game} has no stored position")
        return int(r[0]), str(r[1])
