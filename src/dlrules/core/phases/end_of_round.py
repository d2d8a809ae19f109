"""End of round (END-1..3, RS-2): no decision, one automatic step on entry.

- END-1/END-2: after rounds 1-3 the first-player token passes to the left;
  after autumn it stays and combat starts (``engine.next_phase``).
- END-3: every imp comes home (busy imps, foreimps and troll tokens free,
  rooms' production marks cleared); monsters, traps and parties stay.
- The central board is cleared and the dummies' orders of the round are put
  away (their unavailable orders stay, DUM3-1, DUM2-5).

The move to the next round (round + 1, next round's adventurers become this
round's) is ``next_round``, which the engine runs on the way from here to the
next round start, so that ``next_phase`` still sees the round that ended.
"""

from __future__ import annotations

from dlrules.components.setup import ROUNDS_PER_YEAR
from dlrules.core.phases import PhaseRules, no_decisions
from dlrules.core.phases.common import announce, narrating
from dlrules.core.state import DummyState, GameState, Phase, PlayerState, setter


_EMPTY_ROW: tuple[tuple[None, None, None]] = ((None, None, None),)
"""One action space of the central board with its three slots empty."""

_freed = setter(PlayerState, "busy_imps", "foreimps", "busy_trolls", "rooms_used")
_put_away = setter(DummyState, "drawn", "third")
_ended = setter(GameState, "first_player", "players", "dummies", "board", "resolution", "turn", "phase")
_next_season = setter(GameState, "round", "adventurers_now", "adventurers_next")
"""The copies of this step, each with its fixed set of fields (``state.setter``: as ``evolve``, faster)."""


def enter(state: GameState, phase: Phase | None = None) -> GameState:
    first = state.first_player
    if state.round < ROUNDS_PER_YEAR.value:
        first = (first + 1) % state.n_players  # END-1: to the left
        if narrating():
            announce("first_player", f"The first-player token passes to Player {first + 1}.", first)
    else:
        if narrating():
            announce("first_player", "Autumn is over: the first-player token stays; combat comes (END-2).", first)
    players = tuple(
        [
            _freed(p, 0, 0, 0, ())  # END-3
            if p.busy_imps or p.foreimps or p.busy_trolls or p.rooms_used
            else p  # nobody of theirs worked: nothing to free
            for p in state.players
        ]
    )
    if narrating():
        announce("imps", "All imps return to the imp cave.")
    dummies = state.dummies
    if dummies:
        dummies = tuple([_put_away(d, (), None) if d.drawn or d.third is not None else d for d in dummies])
    board = _EMPTY_ROW * len(state.board)
    return _ended(state, first, players, dummies, board, None, None, state.phase if phase is None else phase)  # RS-2, in the same copy


def next_round(state: GameState) -> GameState:
    """RS-1, RS-2: the next season; the adventurers drawn for it arrive (RST-3)."""
    return _next_season(state, state.round + 1, state.adventurers_next, ())


RULES: PhaseRules = no_decisions("END-3", "the end of the round needs no decision", done=True)
