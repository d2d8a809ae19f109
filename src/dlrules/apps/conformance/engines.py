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
import re
import select
import shlex
import subprocess
import time
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Protocol, TypeGuard

import attrs

from dlrules._version import __version__
from dlrules.core.chance import chance_outcomes
from dlrules.components import Action
from dlrules.core.engine import apply, legal_moves, new_game
from dlrules.core.errors import IllegalMove
from dlrules.core.moves import MOVE_TYPES, Move
from dlrules.records.serialization import dumps, loads
from dlrules.core.state import GameState
from dlrules.apps.conformance.observe import REFEREE, Viewer, observe, viewer_error
from dlrules.apps.conformance.position import PositionError, from_position, to_position

PROTOCOL = "dlrules-referee"
PROTOCOL_VERSION = 2
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
    def chances(self) -> tuple[list[dict[str, Any]], list[Fraction | None]]: ...
    def apply(self, move: dict[str, Any]) -> Refusal | None: ...
    def observe(self, viewer: Viewer = REFEREE) -> dict[str, Any]: ...
    def get_position(self) -> dict[str, Any]: ...
    def close(self) -> None: ...


def move_of(data: Any) -> Move:
    """A move from its JSON (``dlrules.loads``; raises ``ValueError`` when unreadable)."""
    try:
        move: Move = loads(json.dumps(data), Move)
    except RecursionError:
        raise ValueError("nested too deep to be a move") from None
    return move


def move_data(move: Move) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dumps(move))
    return data


SET_FIELDS: dict[str, str] = {"DealOrders": "orders", "DrawDummyOrders": "orders", "KeepUnavailable": "orders"}
"""Move fields holding a set of order cards, written in any order and meaning
the same move (LIB-TV-1): their canonical form lists them in board order."""

BOARD_ORDER: dict[str, int] = {a.value: a.index for a in Action}
"""An order card's place in board order (Get Food first)."""


def _defaults() -> dict[str, dict[str, Any]]:
    """Per move type, its optional fields with their defaults, as JSON."""
    out: dict[str, dict[str, Any]] = {}
    for cls in MOVE_TYPES:
        out[cls.__name__] = {
            f.name: json.loads(dumps(f.default)) if f.default is not None else None
            for f in attrs.fields(cls)
            if f.default is not attrs.NOTHING
        }
    return out


DEFAULTS: dict[str, dict[str, Any]] = _defaults()
"""Move type -> {optional field: its default}: the move schema's defaults."""


def canonical(data: Any) -> str:
    """One spelling per move, for comparing move sets without dlrules' parser
    (protocol.md, "Canonical forms"): every optional field written (its
    default when absent), a set of order cards in board order (LIB-TV-1),
    keys sorted, no spaces. Anything else is compared as its sorted JSON."""
    if isinstance(data, dict) and isinstance(data.get("type"), str) and data["type"] in DEFAULTS:
        data = {**DEFAULTS[data["type"]], **data}
        field = SET_FIELDS.get(data["type"])
        value = data.get(field) if field else None
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            data[field] = sorted(value, key=lambda v: (BOARD_ORDER.get(v, len(BOARD_ORDER)), v))
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


ANSWER_LIMIT = 256 * 1024 * 1024
"""The longest answer line a driver reads from an engine (bytes)."""


def _error(kind: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"ok": False, "error": {"kind": kind, "message": message, **extra}}


COMMANDS: tuple[str, ...] = (
    "hello", "new_game", "load_position", "set_position", "get_position", "legal_moves", "apply", "observe", "quit",
)  # fmt: skip
"""The protocol's commands (protocol.md, "Commands")."""

GAME_COMMANDS = frozenset({"get_position", "legal_moves", "apply", "observe"})
"""Commands that need a game: before one, they answer ``no_game``."""


def fraction_text(value: Fraction) -> str:
    """A probability as the protocol writes it: ``"n/d"`` in lowest terms (``"1/1"`` for a certain outcome)."""
    return f"{value.numerator}/{value.denominator}"


def read_fraction(text: Any) -> Fraction | None:
    """A probability written ``"n/d"`` (or ``"n"``) with 0 <= n/d <= 1, else None."""
    if not isinstance(text, str) or not _FRACTION.fullmatch(text):
        return None
    value = Fraction(text)
    return value if 0 <= value <= 1 else None


_FRACTION = re.compile(r"[0-9]+(/[1-9][0-9]*)?")


def _seat_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class Referee:
    """dlrules behind the protocol: ``handle`` answers one request (a dict)
    with one response (a dict); bad requests get an error and change nothing.
    The precedence of errors is protocol.md's ("Errors"): the request's form
    (``bad_request``), then ``no_game``, then the request's fields
    (``bad_request``), then the move or position (``bad_move``,
    ``bad_position``), then the rules (``illegal_move``)."""

    name = f"dlrules {__version__}"

    def __init__(self) -> None:
        self.state: GameState | None = None

    # Hooks a wrapper may override (the deliberately broken engines of the tests).
    def play(self, state: GameState, move: Move) -> GameState:
        return apply(state, move)

    def moves(self, state: GameState) -> list[dict[str, Any]]:
        return [move_data(m) for m in legal_moves(state)]

    def odds(self, state: GameState, moves: list[dict[str, Any]]) -> list[str | None]:
        """The probability of each of ``moves`` (as listed by ``moves``): a
        fraction for a chance move, None for a seat's (protocol.md, "Chance")."""
        chance = {canonical(move_data(m)): p for m, p in chance_outcomes(state)}
        return [fraction_text(chance[canonical(m)]) if canonical(m) in chance else None for m in moves]

    def observation(self, state: GameState, viewer: Viewer = REFEREE) -> dict[str, Any]:
        return observe(state, viewer)

    def handle(self, request: Any) -> dict[str, Any]:
        if not isinstance(request, dict) or not isinstance(request.get("cmd"), str):
            answer = _error("bad_request", 'cmd: a request is a JSON object with a "cmd" string')
        else:
            try:
                answer = self._dispatch(request["cmd"], request)
            except Exception as exc:  # noqa: BLE001 - a loaded position the rules cannot follow: an answer, not a crash
                answer = _error("engine_error", f"{type(exc).__name__}: {str(exc)[:300]}")
        if isinstance(request, dict) and "id" in request:
            answer["id"] = request["id"]
        return answer

    def _dispatch(self, cmd: str, request: dict[str, Any]) -> dict[str, Any]:
        if cmd not in COMMANDS:
            return _error("bad_request", f"cmd: unknown command {cmd!r} ({', '.join(COMMANDS)})")
        if cmd == "hello":
            return {"ok": True, "protocol": PROTOCOL, "version": PROTOCOL_VERSION, "engine": self.name}
        if cmd == "quit":
            return {"ok": True}
        if cmd == "new_game":
            return self._new_game(request)
        if cmd in ("load_position", "set_position"):
            if "position" not in request:
                return _error("bad_request", "position: missing")
            try:
                self.state = from_position(request["position"])
            except PositionError as exc:
                return _error("bad_position", str(exc))
            return {"ok": True}
        if self.state is None:
            return _error("no_game", "no game yet: send new_game or set_position first")
        if cmd == "get_position":
            return {"ok": True, "position": to_position(self.state)}
        if cmd == "legal_moves":
            listed = self.moves(self.state)
            return {"ok": True, "moves": listed, "probabilities": self.odds(self.state, listed)}
        if cmd == "observe":
            viewer = request.get("seat", REFEREE)
            problem = viewer_error(self.state, viewer)
            if problem is not None:
                return _error("bad_request", problem)
            return {"ok": True, "observation": self.observation(self.state, viewer)}
        if "move" not in request:
            return _error("bad_request", "move: missing")
        try:
            move = move_of(request["move"])
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
        if not (_seat_int(players) and 2 <= players <= 4):
            return _error("bad_request", f"players: expected 2, 3 or 4, not {players!r}")
        if variant not in ("full", "first"):
            return _error("bad_request", f'variant: "full" or "first", not {variant!r}')
        if not (deal is None or isinstance(deal, bool)):
            return _error("bad_request", f"deal_and_keep: true, false or null, not {deal!r}")
        if not (_seat_int(first) and 0 <= first < players):
            return _error("bad_request", f"first_player: a seat 0..{players - 1}, not {first!r}")
        options = {name: request.get(name, default) for name, default in SETUP_OPTIONS.items()}
        wrong = [name for name, value in options.items() if not isinstance(value, bool)]
        if wrong:
            return _error("bad_request", f"{wrong[0]}: true or false, not {options[wrong[0]]!r}")
        self.state = new_game(players, variant=variant, deal_and_keep=deal, first_player=first, **options)
        return {"ok": True}


def _error_of(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer's ``error`` object (an empty one when the engine sent none or junk)."""
    error = answer.get("error")
    return error if isinstance(error, dict) else {}


class _Driven:
    """The Engine methods on top of a request/response exchange."""

    name = "engine"

    def request(self, request: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def _ok(self, request: dict[str, Any]) -> dict[str, Any]:
        answer = self.request(request)
        if answer.get("ok") is not True:
            error = _error_of(answer)
            raise EngineError(f"{json.dumps(request)[:300]}: {error.get('kind', 'error')}: {error.get('message', answer)}")
        return answer

    def new_game(self, setup: dict[str, Any]) -> None:
        self._ok({"cmd": "new_game", **setup})

    def load_position(self, position: dict[str, Any]) -> None:
        self._ok({"cmd": "load_position", "position": position})

    def legal_moves(self) -> list[dict[str, Any]]:
        return self.chances()[0]

    def chances(self) -> tuple[list[dict[str, Any]], list[Fraction | None]]:
        """The legal moves and, for each, its probability (None: a seat's move)."""
        answer = self._ok({"cmd": "legal_moves"})
        moves, odds = answer.get("moves"), answer.get("probabilities")
        if not isinstance(moves, list) or not all(isinstance(m, dict) for m in moves):
            raise EngineError(f"legal_moves: expected a list of moves (objects), not {str(moves)[:200]}")
        if not isinstance(odds, list) or len(odds) != len(moves):
            raise EngineError(f"legal_moves: expected probabilities, one per move ({len(moves)}), not {str(odds)[:200]}")
        read: list[Fraction | None] = []
        for move, text in zip(moves, odds, strict=True):
            value = read_fraction(text)
            if (move.get("seat") == -1) != (value is not None):
                raise EngineError(f"legal_moves: the probability of {json.dumps(move)} is {json.dumps(text)} "
                                  '(a chance move has "n/d", any other null)')  # fmt: skip
            read.append(value)
        return moves, read

    def apply(self, move: dict[str, Any]) -> Refusal | None:
        answer = self.request({"cmd": "apply", "move": move})
        if answer.get("ok") is True:
            return None
        error = _error_of(answer)
        if error.get("kind") != "illegal_move":
            raise EngineError(f"apply {json.dumps(move)}: {error.get('kind', 'error')}: {error.get('message', answer)}")
        rules = error.get("rules")
        if not isinstance(rules, list) or not rules or not all(isinstance(r, str) for r in rules):
            raise EngineError(f"apply {json.dumps(move)}: an illegal_move answer without its rule IDs: {str(error)[:200]}")
        messages = error.get("messages") or ()
        return Refusal(tuple(rules), tuple(str(m) for m in messages) if isinstance(messages, list) else ())

    def observe(self, viewer: Viewer = REFEREE) -> dict[str, Any]:
        request: dict[str, Any] = {"cmd": "observe"} if viewer == REFEREE else {"cmd": "observe", "seat": viewer}
        observation = self._ok(request).get("observation")
        if not isinstance(observation, dict):
            raise EngineError(f"observe {json.dumps(request)}: expected an object, not {str(observation)[:200]}")
        return observation

    def get_position(self) -> dict[str, Any]:
        position = self._ok({"cmd": "get_position"}).get("position")
        if not isinstance(position, dict):
            raise EngineError(f"get_position: expected a position (an object), not {str(position)[:200]}")
        return position

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


STARTUP_SECONDS = 30.0
"""How long a program may take to answer its first request, ``hello``: its start (an interpreter loading its
modules on a busy machine) is not an answer, and a short ``timeout`` per answer must not refuse a slow start."""


class Subprocess(_Driven):
    """A program speaking the referee protocol: ``command`` is split as a
    shell would (``"python my_adapter.py --fast"``); ``timeout`` seconds per
    answer, ``startup`` (at least) for the first, ``hello``."""

    def __init__(self, command: str | Sequence[str], timeout: float = 60.0, startup: float = STARTUP_SECONDS) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise EngineError("no engine command given")
        self.argv = argv
        self.command = " ".join(argv)
        self.timeout = timeout
        self.startup = startup
        self._start()

    def _start(self) -> None:
        argv = self.argv
        try:
            self.process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )  # fmt: skip
        except OSError as exc:
            raise EngineError(f"cannot start {self.command!r}: {exc}") from exc
        self._pending = b""  # bytes read past the last answer's newline
        self._stalled = False  # a request timed out: a late answer would be read as the next one's
        answer_limit, self.timeout = self.timeout, max(self.timeout, self.startup)  # the first answer waits for the start
        try:
            hello = self._ok({"cmd": "hello"})
        except EngineError:
            self.close()
            raise
        finally:
            self.timeout = answer_limit
        if hello.get("protocol") != PROTOCOL or hello.get("version") != PROTOCOL_VERSION:
            self.close()
            raise EngineError(f"{self.command!r} speaks {hello.get('protocol')!r} version {hello.get('version')!r}, not {PROTOCOL} {PROTOCOL_VERSION}")
        self.name = str(hello.get("engine") or self.command)

    def revive(self) -> bool:
        """Start the program again if it has stopped (after a crash) or a
        request to it timed out (a hang, or an answer too late to trust);
        True if it was restarted."""
        if self.process.poll() is None and not self._stalled:
            return False
        self.close()
        self._start()
        return True

    def request(self, request: dict[str, Any]) -> dict[str, Any]:
        shown = json.dumps(request)[:300]
        try:
            self._send((json.dumps(request) + "\n").encode("utf-8"), shown)
        except (BrokenPipeError, OSError) as exc:
            raise EngineError(f"{self.command!r} stopped (exit status {self.process.poll()}) before {shown}: {exc}") from exc
        raw = self._line(shown)
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise EngineError(f"{self.command!r} answered {shown} with a line that is not UTF-8: {raw[:200]!r}") from None
        try:
            answer = json.loads(line)
        except (ValueError, RecursionError):  # RecursionError: nested too deep to read
            raise EngineError(f"{self.command!r} answered {shown} with a line that is not JSON: {line[:200]!r}") from None
        if not isinstance(answer, dict):
            raise EngineError(f"{self.command!r} answered {shown} with {str(answer)[:200]}, not an object")
        return answer

    def _send(self, data: bytes, shown: str) -> None:
        """Write a request within ``timeout`` seconds: a program busy elsewhere
        stops reading, and a request larger than the pipe (a position) would
        otherwise block the driver for ever. Pieces of at most ``PIPE_BUF``
        bytes, each once the pipe has room (a write that size never blocks)."""
        stdin = self.process.stdin
        assert stdin is not None
        fd = stdin.fileno()
        deadline = time.monotonic() + self.timeout
        view = memoryview(data)
        while view:
            _, ready, _ = select.select([], [fd], [], max(deadline - time.monotonic(), 0.0))
            if not ready:
                self._stalled = True
                raise EngineError(f"{self.command!r} did not read {shown} within {self.timeout:g} s")
            view = view[os.write(fd, view[: select.PIPE_BUF]) :]

    def _line(self, shown: str) -> bytes:
        """The next line the program writes, read within ``timeout`` seconds in
        all (a half-written line then silence is a timeout, not a hang) and
        at most ``ANSWER_LIMIT`` bytes long."""
        stdout = self.process.stdout
        assert stdout is not None
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self._pending:
            if len(self._pending) > ANSWER_LIMIT:
                raise EngineError(f"{self.command!r} answered {shown} with a line longer than {ANSWER_LIMIT} bytes")
            left = deadline - time.monotonic()
            ready, _, _ = select.select([stdout], [], [], max(left, 0.0))
            if not ready:
                self._stalled = True
                raise EngineError(f"{self.command!r} did not answer {shown} within {self.timeout:g} s")
            chunk = os.read(stdout.fileno(), 1 << 16)  # the pipe itself: its buffered reader is never used
            if not chunk:
                try:
                    status: int | None = self.process.wait(5)
                except subprocess.TimeoutExpired:
                    status = None  # it closed its output but runs on
                raise EngineError(f"{self.command!r} stopped (exit status {status}) instead of answering {shown}")
            self._pending += chunk
        line, _, self._pending = self._pending.partition(b"\n")
        return line

    def close(self) -> None:
        if self.process.poll() is None:
            if not self._stalled:  # a stalled program would not read the quit either
                try:
                    self.request({"cmd": "quit"})
                except EngineError:
                    pass
            try:
                self.process.wait(0.5 if self._stalled else 5)
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
