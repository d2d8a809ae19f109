"""One module per phase; each owns the rules of its phase (docs/architecture.md).

Every phase module exposes a ``RULES`` record of type :class:`PhaseRules`:
who is to move, the legal moves, why a move is refused, how a legal move
changes the state, the automatic steps, and when the phase is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from dlrules.core.errors import Violation
from dlrules.core.moves import Move
from dlrules.core.state import GameState


class PhaseRules:
    """The interface between the engine and a phase module.

    - ``to_move(s)``: seats that may act now (``CHANCE`` included).
    - ``legal(s)``: every legal move now, in a deterministic order.
    - ``explain(s, m)``: for a move *not* in ``legal(s)``, the rules it breaks.
    - ``play(s, m)``: the state after a legal move (never called otherwise).
    - ``auto(s)``: one automatic step (or a run of them that cannot stop for
      a decision, as combat's battles), or ``s`` itself when a decision is due.
    - ``done(s)``: the phase is over (the engine then enters the next one).
    - ``turn_rule``: the rule cited when a seat moves out of turn.
    - ``legal_for(s, seat)`` (optional): one seat's legal moves, the very
      objects of its part of ``legal(s)`` in the same order, for a phase that
      lists seats choosing at once apart (the engine's ``seat_moves``;
      without it, ``legal(s)`` is filtered).
    - ``implemented``: False for a phase whose rules have not landed yet
      (``phases.unfinished``): the game stops there.
    - ``nobody_moves``: True for a phase in which no seat ever moves (game
      over, the change of year, and the phases made by ``no_decisions``:
      adventurers, end of round, an unfinished phase): a move there is
      refused with the phase's own reason (``explain``), not the engine's
      "may not move now".
    - ``listed(s, m)`` (optional): ``m`` is one of the very objects of
      ``legal(s)``, found at its place instead of by a scan (a phase with
      long lists: the orders phase's hundreds of choices); False for any
      other object, which the engine then checks the general way.

    A plain class, not an attrs record: the optional compiled build compiles
    this module, so that the engine reads a phase's functions from a native
    object (issue 25). Its attributes are ``Final``: mypy refuses an
    assignment to one and the compiled build refuses it at run time (the
    pure-Python class does not check); ``replaced`` makes a changed copy.
    Two ``PhaseRules`` are equal only if they are the same object.
    """

    def __init__(
        self,
        to_move: Callable[[GameState], frozenset[int]],
        legal: Callable[[GameState], tuple[Move, ...]],
        explain: Callable[[GameState, Move], tuple[Violation, ...]],
        play: Callable[[GameState, Move], GameState],
        auto: Callable[[GameState], GameState],
        done: Callable[[GameState], bool],
        turn_rule: str,
        implemented: bool = True,
        nobody_moves: bool = False,
        legal_for: Callable[[GameState, int], tuple[Move, ...]] | None = None,
        listed: Callable[[GameState, object], bool] | None = None,
    ) -> None:
        self.to_move: Final = to_move
        self.legal: Final = legal
        self.explain: Final = explain
        self.play: Final = play
        self.auto: Final = auto
        self.done: Final = done
        self.turn_rule: Final = turn_rule
        self.implemented: Final = implemented
        self.nobody_moves: Final = nobody_moves
        self.legal_for: Final = legal_for
        self.listed: Final = listed

    def replaced(self, **changes: Any) -> PhaseRules:
        """A copy with some of the functions or facts replaced (a test's
        stand-in for one rule), by the names of ``__init__``."""
        fields = {name: getattr(self, name) for name in _FIELDS}
        unknown = set(changes) - set(fields)
        if unknown:
            raise TypeError(f"PhaseRules has no field {sorted(unknown)[0]!r}")
        fields.update(changes)
        return PhaseRules(**fields)

    def __repr__(self) -> str:
        return f"PhaseRules(turn_rule={self.turn_rule!r}, implemented={self.implemented}, nobody_moves={self.nobody_moves})"


_FIELDS: Final = ("to_move", "legal", "explain", "play", "auto", "done", "turn_rule", "implemented", "nobody_moves", "legal_for", "listed")


def no_decisions(rule: str, why: str, *, done: bool, implemented: bool = True) -> PhaseRules:
    """The rules of a phase in which nobody decides anything: nobody is to
    move, no move is legal, every move is refused citing ``rule`` with ``why``.
    Its work happens on entry; ``done`` says whether the game then goes on."""

    def explain(state: GameState, move: Move) -> tuple[Violation, ...]:
        return (Violation(rule, why),)

    def play(state: GameState, move: Move) -> GameState:  # pragma: no cover - nothing is ever legal
        raise AssertionError(f"no move is legal here ({rule})")

    return PhaseRules(
        to_move=lambda s: frozenset(),
        legal=lambda s: (),
        explain=explain,
        play=play,
        auto=lambda s: s,
        done=lambda s: done,
        turn_rule=rule,
        implemented=implemented,
        nobody_moves=True,
    )
