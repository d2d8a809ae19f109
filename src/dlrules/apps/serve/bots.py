"""Bots at the table (docs/serve.md, LIB-SRV-10): the host seats built-in
bots (``dlrules.agents.bots.BOTS``: ``random``, ``greedy``, ``ismcts``) when creating
a game, and the server plays a bot's moves when it is that seat's turn.

- **A bot reads only its seat's projection.** It is handed a position drawn
  from what its seat knows (``resample(state, seat, rng)``, whose ``view`` is
  the seat's own view) and the seat's legal moves (``view(state, seat).legal``),
  never the real state: its choice cannot depend on another seat's secrets
  (the ISMCTS bot resamples again inside, which changes nothing: a sample of
  a sample is a sample). Simultaneous choices (orders) are made the same way,
  each bot from its own view.
- **Bots never run in a request.** One background thread (``BotRunner``)
  takes one decision at a time, game after game; a committed move only wakes
  it. It holds a game's lock only to read the position and to commit the
  move, never while it thinks, so pages and players' moves go on while a
  bot searches (ISMCTS: about 0.2 s a decision on one core).
- **A decision on a position that changed meanwhile** (a player moved at the
  same time) is played only if the bot's legal moves are the same now
  (LIB-SRV-3, as for a person); otherwise the bot thinks again.
- **A bot's secret chance draw** (its dealt orders, a trap card it draws, a
  combat card it looks at) is drawn by the server at once (``Tables._commit``):
  a bot has no hand to draw with. Public chance stays the host's (or the
  server's with auto chance).
"""

from __future__ import annotations

import logging
import random
import secrets
import threading
from collections.abc import Mapping

from dlrules.agents.bots import BOTS
from dlrules.core.chance import Policy
from dlrules.core.engine import to_move
from dlrules.core.moves import Move
from dlrules.agents.resample import resample
from dlrules.apps.serve.table import Game, Tables
from dlrules.core.state import CHANCE, TABLE, GameState
from dlrules.records.views import view

__all__ = ["BotRunner", "bot_move", "bots_to_move"]

_ERRORS_KEPT = 20
"""How many of the latest failures of bots' turns the runner keeps (they are logged too)."""


def bot_move(state: GameState, seat: int, policy: Policy, rng: random.Random) -> Move:
    """The move ``policy`` plays for ``seat``, chosen from the seat's own view
    only (LIB-SRV-10): it gets a resampled position and the seat's legal moves."""
    legal = view(state, seat).legal
    if not legal:
        raise ValueError(f"Player {seat + 1} has no move to make now")
    world = resample(state, seat, rng)  # what the seat cannot tell from the real position
    move = policy(world, legal, rng)
    if move not in legal:  # pragma: no cover - the built-in bots choose among the moves given
        raise ValueError(f"the bot chose {move!r}, not one of Player {seat + 1}'s legal moves")
    return move


def bots_to_move(state: GameState, bots: tuple[str, ...]) -> tuple[int, ...]:
    """The bot seats to move now (none while chance or the table's ruling waits)."""
    seats = to_move(state)
    if CHANCE in seats or TABLE in seats:
        return ()
    return tuple(s for s in sorted(seats) if 0 <= s < len(bots) and bots[s])


class BotRunner:
    """The thread that plays the bots' moves of every game of ``tables``
    (LIB-SRV-10). It is started when a game has a bot to move and ends when
    none has; ``poke`` (called by ``tables`` after every commit) wakes it.
    ``policies``: the bots by name (default ``dlrules.agents.bots.BOTS``)."""

    def __init__(self, tables: Tables, policies: Mapping[str, Policy] | None = None) -> None:
        self.tables = tables
        self.policies: Mapping[str, Policy] = BOTS if policies is None else policies
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None
        self._dirty = False
        self._stopped = False
        self.errors: list[BaseException] = []  # what went wrong in a bot's turn (kept for the log and the tests)
        tables.wake = self.poke
        self.poke()

    def poke(self, game: Game | None = None) -> None:
        """Something moved: look again for bots to move (starts the thread if it is not running)."""
        if game is not None and not any(game.row.bots):
            return
        with self._lock:
            self._dirty = True
            if self._thread is None and not self._stopped:
                self._thread = threading.Thread(target=self._run, name="dlrules-bots", daemon=True)
                self._thread.start()

    def stop(self) -> None:
        """Play no more bot moves (a decision being thought is dropped)."""
        with self._lock:
            self._stopped = True
            thread = self._thread
        if thread is not None:
            thread.join(30)

    def idle(self, timeout: float) -> bool:
        """Wait until no bot has a move to make (True), or ``timeout`` seconds (False)."""
        with self._lock:
            return self._lock.wait_for(lambda: self._thread is None, timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                if self._stopped:
                    self._thread = None
                    self._lock.notify_all()
                    return
                self._dirty = False
            played = False
            for game in list(self.tables.games.values()):
                if any(game.row.bots):
                    try:
                        played = self._turn(game) or played
                    except Exception as exc:  # noqa: BLE001 - a bot's failure must not stop the other games
                        logging.getLogger("dlrules.apps.serve").exception("a bot's turn failed in game %s", game.row.id)
                        self.errors.append(exc)
                        del self.errors[:-_ERRORS_KEPT]
            if not played:
                with self._lock:
                    if not self._dirty or self._stopped:
                        self._thread = None
                        self._lock.notify_all()
                        return

    def _turn(self, game: Game) -> bool:
        """One decision of the first bot to move in ``game``, thought without
        the game's lock; True if the game moved (or must be looked at again)."""
        with game.lock:
            state, n = game.state, game.n
        seats = bots_to_move(state, game.row.bots)
        if not seats:
            return False
        seat = seats[0]
        move = bot_move(state, seat, self.policies[game.row.bots[seat]], self._rng(game, n, seat))
        if self._stopped:
            return False
        self.tables.play_for_bot(game, seat, n, move)  # False: the position changed under it; think again
        return True

    @staticmethod
    def _rng(game: Game, n: int, seat: int) -> random.Random:
        """The bot's generator: a replayable game's follows its seed (LIB-SRV-9), any other's is fresh."""
        if game.row.seed is not None:
            return random.Random(f"{game.row.seed}:bot:{n}:{seat}")
        return random.Random(secrets.randbits(64))
