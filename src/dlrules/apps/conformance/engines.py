"""Engines the conformance tools drive: dlrules in this process (``Referee``,
``InProcess``) or any program speaking the referee protocol over its
stdin/stdout (``Subprocess``; docs/conformance.md, "The referee protocol").

Both answer the same JSON: moves and observations are plain dicts, a refused
move is a ``Refusal`` with the rule IDs cited, a failure of the engine itself
(it crashed, answered junk, reported an error that is not a refusal) is an
``EngineError``.
"""

from __future__ import annotations

import json
import os
import select
import shlex
import subprocess
from collections.abc import Sequence
from typing import Any, Protocol

import attrs

from dlrules._version import __version__
from dlrules.core.engine import apply, legal_moves, new_game
from dlrules.core.errors import IllegalMove
from dlrules.core.moves import Move
from dlrules.records.serialization import dumps, loads
from dlrules.core.state import GameState
from dlrules.apps.conformance.observe import observe
from dlrules.apps.conformance.position import PositionError, from_position

PROTOCOL = "dlrules-referee"
PROTOCOL_VERSION = 1
"""The referee protocol's name and version, answered to ``hello``."""


SETUP_OPTIONS: dict[str, bool] = {"special_events": True, "dummy_hires": False, "table_rulings": False}
"""The optional setup switches of ``new_game`` and their defaults: the full game
without special event cards (SPE-3), the optional dummy rule DUM3-5, a real
table ruling on cards the referee cannot read (LIB-TAB-8)."""

SETUP_KEYS: tuple[str, ...] = ("players", "variant", "deal_and_keep", "first_player", *SETUP_OPTIONS)
"""The keys of a scenario's ``setup`` passed to ``new_game``."""


class EngineError(Exception):
    """The engine under test failed (not a rules refusal): it stopped, answered
    something that is not the protocol, or reported an error."""


@attrs.frozen
class Refusal:
    """A move the engine refused: the rule IDs it cites and its sentences."""

    rules: tuple[str, ...]
    messages: tuple[str, ...] = ()


class Engine(Protocol):
    """What the conformance tools need of an engine (the protocol's commands)."""

    name: str

    def new_game(self, setup: dict[str, Any]) -> None: ...
    def load_position(self, position: dict[str, Any]) -> None: ...
    def legal_moves(self) -> list[dict[str, Any]]: ...
    def apply(self, move: dict[str, Any]) -> Refusal | None: ...
    def observe(self) -> dict[str, Any]: ...
    def close(self) -> None: ...


def move_of(data: Any) -> Move:
    """A move from its JSON (``dlrules.loads``; raises ``ValueError`` when unreadable)."""
    move: Move = loads(json.dumps(data), Move)
    return move


def move_data(move: Move) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dumps(move))
    return data


def canonical(data: Any) -> str:
    """One spelling per move, for comparing move sets: a card set in any order
    is the same move (LIB-TV-1), so the move is read and written back by
    dlrules; a move dlrules cannot read is compared as its sorted JSON."""
    try:
        return dumps(move_of(data))
    except (ValueError, TypeError, KeyError):
        return json.dumps(data, sort_keys=True)


def _error(kind: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"ok": False, "error": {"kind": kind, "message": message, **extra}}


class Referee:
    """dlrules behind the protocol: ``handle`` answers one request (a dict)
    with one response (a dict); bad requests get an error and change nothing."""

    name = f"dlrules {__version__}"

    def __init__(self) -> None:
        self.state: GameState | None = None

    # Hooks a wrapper may override (the deliberately broken engines of the tests).
    def play(self, state: GameState, move: Move) -> GameState:
        return apply(state, move)

    def moves(self, state: GameState) -> list[dict[str, Any]]:
        return [move_data(m) for m in legal_moves(state)]

    def observation(self, state: GameState) -> dict[str, Any]:
        return observe(state)

    def handle(self, request: Any) -> dict[str, Any]:
        if not isinstance(request, dict) or not isinstance(request.get("cmd"), str):
            return _error("bad_request", 'a request is a JSON object with a "cmd" string')
        try:
            answer = self._dispatch(request["cmd"], request)
        except Exception as exc:  # noqa: BLE001 - a loaded position the rules cannot follow: an answer, not a crash
            answer = _error("engine_error", f"{type(exc).__name__}: {str(exc)[:300]}")
        if "id" in request:
            answer["id"] = request["id"]
        return answer

    def _dispatch(self, cmd: str, request: dict[str, Any]) -> dict[str, Any]:
        if cmd == "hello":
            return {"ok": True, "protocol": PROTOCOL, "version": PROTOCOL_VERSION, "engine": self.name}
        if cmd == "quit":
            return {"ok": True}
        if cmd == "new_game":
            return self._new_game(request)
        if cmd == "load_position":
            try:
                self.state = from_position(request.get("position"))
            except PositionError as exc:
                return _error("bad_position", str(exc))
            return {"ok": True}
        if cmd not in ("legal_moves", "apply", "observe"):
            return _error("bad_request", f"unknown command {cmd!r} (hello, new_game, load_position, legal_moves, apply, observe, quit)")
        if self.state is None:
            return _error("no_game", "no game yet: send new_game or load_position first")
        if cmd == "legal_moves":
            return {"ok": True, "moves": self.moves(self.state)}
        if cmd == "observe":
            return {"ok": True, "observation": self.observation(self.state)}
        try:
            move = move_of(request.get("move"))
        except (ValueError, TypeError, KeyError) as exc:
            return _error("bad_move", f"not a move: {str(exc)[:200]}")
        try:
            self.state = self.play(self.state, move)
        except IllegalMove as exc:
            return _error("illegal_move", str(exc), rules=list(exc.rules), messages=[str(v) for v in exc.violations])
        return {"ok": True}

    def _new_game(self, request: dict[str, Any]) -> dict[str, Any]:
        players = request.get("players")
        variant = request.get("variant", "full")
        deal = request.get("deal_and_keep")
        first = request.get("first_player", 0)
        if not (isinstance(players, int) and not isinstance(players, bool) and 2 <= players <= 4):
            return _error("bad_request", f"players: expected 2, 3 or 4, not {players!r}")
        if variant not in ("full", "first") or deal not in (None, True, False):
            return _error("bad_request", f'variant: "full" or "first" (not {variant!r}); deal_and_keep: true, false or null')
        if not (isinstance(first, int) and not isinstance(first, bool) and 0 <= first < players):
            return _error("bad_request", f"first_player: a seat 0..{players - 1}, not {first!r}")
        options = {name: request.get(name, default) for name, default in SETUP_OPTIONS.items()}
        wrong = [name for name, value in options.items() if not isinstance(value, bool)]
        if wrong:
            return _error("bad_request", f"{wrong[0]}: true or false, not {options[wrong[0]]!r}")
        self.state = new_game(players, variant=variant, deal_and_keep=deal, first_player=first, **options)
        return {"ok": True}


class _Driven:
    """The Engine methods on top of a request/response exchange."""

    name = "engine"

    def request(self, request: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def _ok(self, request: dict[str, Any]) -> dict[str, Any]:
        answer = self.request(request)
        if answer.get("ok") is not True:
            error = answer.get("error") or {}
            raise EngineError(f"{request['cmd']}: {error.get('kind', 'error')}: {error.get('message', answer)}")
        return answer

    def new_game(self, setup: dict[str, Any]) -> None:
        self._ok({"cmd": "new_game", **setup})

    def load_position(self, position: dict[str, Any]) -> None:
        self._ok({"cmd": "load_position", "position": position})

    def legal_moves(self) -> list[dict[str, Any]]:
        moves = self._ok({"cmd": "legal_moves"}).get("moves")
        if not isinstance(moves, list):
            raise EngineError(f"legal_moves: expected a list of moves, not {moves!r}")
        return moves

    def apply(self, move: dict[str, Any]) -> Refusal | None:
        answer = self.request({"cmd": "apply", "move": move})
        if answer.get("ok") is True:
            return None
        error = answer.get("error") or {}
        if error.get("kind") != "illegal_move":
            raise EngineError(f"apply: {error.get('kind', 'error')}: {error.get('message', answer)}")
        return Refusal(tuple(error.get("rules") or ()), tuple(error.get("messages") or ()))

    def observe(self) -> dict[str, Any]:
        observation = self._ok({"cmd": "observe"}).get("observation")
        if not isinstance(observation, dict):
            raise EngineError(f"observe: expected an object, not {observation!r}")
        return observation

    def close(self) -> None:
        pass


class InProcess(_Driven):
    """A ``Referee`` (dlrules, or a wrapper over it) called directly: the same
    requests and answers as over the protocol, without a process."""

    def __init__(self, referee: Referee | None = None) -> None:
        self.referee = referee or Referee()
        self.name = self.referee.name

    def request(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.referee.handle(request)


class Subprocess(_Driven):
    """A program speaking the referee protocol: ``command`` is split as a
    shell would (``"python my_adapter.py --fast"``); ``timeout`` seconds per answer."""

    def __init__(self, command: str | Sequence[str], timeout: float = 60.0) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise EngineError("no engine command given")
        self.argv = argv
        self.command = " ".join(argv)
        self.timeout = timeout
        self._start()

    def _start(self) -> None:
        argv = self.argv
        try:
            self.process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )  # fmt: skip
        except OSError as exc:
            raise EngineError(f"cannot start {self.command!r}: {exc}") from exc
        hello = self._ok({"cmd": "hello"})
        if hello.get("protocol") != PROTOCOL or hello.get("version") != PROTOCOL_VERSION:
            self.close()
            raise EngineError(f"{self.command!r} speaks {hello.get('protocol')!r} version {hello.get('version')!r}, not {PROTOCOL} {PROTOCOL_VERSION}")
        self.name = str(hello.get("engine") or self.command)

    def revive(self) -> bool:
        """Start the program again if it has stopped (after a crash); True if it was restarted."""
        if self.process.poll() is None:
            return False
        self.close()
        self._start()
        return True

    def request(self, request: dict[str, Any]) -> dict[str, Any]:
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write(json.dumps(request) + "\n")
            stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise EngineError(f"{self.command!r} stopped (exit status {self.process.poll()}): {exc}") from exc
        ready, _, _ = select.select([stdout], [], [], self.timeout)
        if not ready:
            raise EngineError(f"{self.command!r} did not answer {request['cmd']} within {self.timeout:g} s")
        line = stdout.readline()
        if not line:
            raise EngineError(f"{self.command!r} stopped (exit status {self.process.wait(5)}) instead of answering {request['cmd']}")
        try:
            answer = json.loads(line)
        except ValueError:
            raise EngineError(f"{self.command!r} answered {request['cmd']} with a line that is not JSON: {line[:200]!r}") from None
        if not isinstance(answer, dict):
            raise EngineError(f"{self.command!r} answered {request['cmd']} with {answer!r}, not an object")
        return answer

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.request({"cmd": "quit"})
            except EngineError:
                pass
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                try:
                    stream.close()
                except OSError:  # a program that stopped leaves a broken pipe behind
                    pass


def open_engine(command: str | None, timeout: float = 60.0) -> _Driven:
    """The engine of ``--engine CMD``, or dlrules in-process for None."""
    return InProcess() if command is None else Subprocess(command, timeout)
