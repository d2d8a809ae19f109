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
from dlrules.phases import PhaseRules, no_decisions
from dlrules.phases.common import announce, narrating
from dlrules.state import GameState, Phase, evolve


_EMPTY_ROW: tuple[tuple[None, None, None]] = ((None, None, None),)
"""One action space of the central board with its three slots empty."""


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
            evolve(p, busy_imps=0, foreimps=0, busy_trolls=0, rooms_used=())  # END-3
            if p.busy_imps or p.foreimps or p.busy_trolls or p.rooms_used
            else p  # nobody of theirs worked: nothing to free
            for p in state.players
        ]
    )
    if narrating():
        announce("imps", "All imps return to the imp cave.")
    dummies = state.dummies
    if dummies:
        dummies = tuple([evolve(d, drawn=(), third=None) if d.drawn or d.third is not None else d for d in dummies])
    return evolve(
        state,
        first_player=first,
        players=players,
        dummies=dummies,
        board=_EMPTY_ROW * len(state.board),
        resolution=None,
        turn=None,
        phase=state.phase if phase is None else phase,  # RS-2, in the same copy
    )


def next_round(state: GameState) -> GameState:
    """RS-1, RS-2: the next season; the adventurers drawn for it arrive (RST-3)."""
    return evolve(
        state,
        round=state.round + 1,
        adventurers_now=state.adventurers_next,
        adventurers_next=(),
    )


RULES: PhaseRules = no_decisions("END-3", "the end of the round needs no decision", done=True)
