"""One module per phase; each owns the rules of its phase (docs/architecture.md).

Every phase module exposes a ``RULES`` record of type :class:`PhaseRules`:
who is to move, the legal moves, why a move is refused, how a legal move
changes the state, the automatic steps, and when the phase is over.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from dlrules.errors import Violation
from dlrules.moves import Move
from dlrules.state import GameState


@attrs.frozen
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
    """

    to_move: Callable[[GameState], frozenset[int]]
    legal: Callable[[GameState], tuple[Move, ...]]
    explain: Callable[[GameState, Move], tuple[Violation, ...]]
    play: Callable[[GameState, Move], GameState]
    auto: Callable[[GameState], GameState]
    done: Callable[[GameState], bool]
    turn_rule: str
    implemented: bool = True
    nobody_moves: bool = False
    legal_for: Callable[[GameState, int], tuple[Move, ...]] | None = None
    listed: Callable[[GameState, object], bool] | None = None


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
