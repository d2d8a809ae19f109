"""The engine's loop: dispatch from ``state.phase`` to the phase that owns
it, the order of phases (RS-3), the automatic steps between decisions
(``settle``), and ``to_move``, ``legal_moves``, ``check`` and ``apply``.
The only module that knows the whole sequence of phases.

``dlrules.core.engine`` re-exports all of it with ``new_game``; this module is
apart so that the optional compiled build (``dlrules.tools.compiled``) can
compile the loop around every move while ``new_game`` stays pure Python: a
compiled function refuses a wrongly typed argument with its own
``TypeError`` before the rules could word the refusal (RUL-8)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, cast

from dlrules.components.setup import ROUNDS_PER_YEAR
from dlrules.core.errors import IllegalMove, Violation
from dlrules.core.moves import MOVE_TYPES, Move, TableRuling
from dlrules.core.phases import (
    PhaseRules,
    adventurers,
    combat,
    change_of_year,
    end_of_round,
    events,
    order_return,
    orders,
    production,
    resolution,
    round_start,
    scoring,
    setup,
    table,
)
from dlrules.core.phases.common import Event, announce, collecting, narrating
from dlrules.core.known import RECENT, Known, known
from dlrules.core.state import CHANCE, TABLE, GameState, Phase, setter
from dlrules.core.wellformed import malformed_field

PHASES: Final[dict[Phase, PhaseRules]] = {
    Phase.SETUP: setup.RULES,
    Phase.ROUND_START: round_start.RULES,
    Phase.ORDERS: orders.RULES,
    Phase.RESOLUTION: resolution.RULES,
    Phase.PRODUCTION: production.RULES,
    Phase.ORDER_RETURN: order_return.RULES,
    Phase.EVENTS: events.RULES,
    Phase.ADVENTURERS: adventurers.RULES,
    Phase.END_OF_ROUND: end_of_round.RULES,
    Phase.COMBAT: combat.RULES,
    Phase.YEAR_TWO: change_of_year.RULES,  # Y2-7 … Y2-16
    Phase.GAME_OVER: scoring.RULES,  # SCO-3: every move refused
}


_AFTER: Final[dict[Phase, Phase]] = {
    Phase.SETUP: Phase.ROUND_START,
    Phase.ROUND_START: Phase.ORDERS,
    Phase.ORDERS: Phase.RESOLUTION,
    Phase.RESOLUTION: Phase.PRODUCTION,
    Phase.PRODUCTION: Phase.ORDER_RETURN,
    Phase.EVENTS: Phase.ADVENTURERS,
    Phase.ADVENTURERS: Phase.END_OF_ROUND,
    Phase.YEAR_TWO: Phase.ROUND_START,  # Y2-16: year 2 starts with winter's round start
}
"""RS-3: the phase after each phase that is always followed by the same one
(a table: on Python 3.11 reading an enum member, ``Phase.X``, costs several
times a dictionary lookup, issue 25)."""


def next_phase(state: GameState) -> Phase:
    """RS-3: the phase after the current one."""
    p = state.phase
    after = _AFTER.get(p)
    if after is not None:
        return after
    if p is Phase.ORDER_RETURN:
        return Phase.END_OF_ROUND if state.round == 1 else Phase.EVENTS  # RS-1: no events in winter
    if p is Phase.END_OF_ROUND:
        return Phase.ROUND_START if state.round < ROUNDS_PER_YEAR.value else Phase.COMBAT
    if p is Phase.COMBAT:
        return Phase.YEAR_TWO if state.year == 1 else Phase.GAME_OVER  # CMB-END-4, Y2-25
    return Phase.GAME_OVER


def _enter(state: GameState) -> GameState:
    """Move the progress marker (RS-2) and run the new phase's entry step."""
    phase = next_phase(state)
    if state.phase is Phase.END_OF_ROUND and phase is Phase.ROUND_START:
        state = end_of_round.next_round(state)  # RS-1: the next season
    if narrating():  # only the phase changes below: the year and season are as announced
        announce("phase", f"Year {state.year}, {state.season}: {phase.value.replace('_', ' ')}.", None, year=state.year, round=state.round, season=state.season, phase=phase.value)
    enter = _ENTERS.get(phase)
    if enter is not None:
        return enter(state, phase)  # the marker moves in the entry step's copy
    return _SET_PHASE(state, phase)


_SET_PHASE: Final = setter(GameState, "phase")


_ENTERS: Final[dict[Phase, Callable[[GameState, Phase], GameState]]] = {
    Phase.ROUND_START: round_start.enter,
    Phase.RESOLUTION: resolution.enter,  # RES-1: a fresh cursor at Get Food
    Phase.PRODUCTION: production.enter,
    Phase.EVENTS: events.enter,
    Phase.END_OF_ROUND: end_of_round.enter,
    Phase.ADVENTURERS: adventurers.enter,  # ADV-2P-1, ADV-1..3
    Phase.COMBAT: combat.enter,
}
"""The phases whose entry step always copies the state: it moves the progress
marker (RS-2) in that same copy."""


def settle(state: GameState) -> GameState:
    """Run automatic steps and phase changes until a decision is due."""
    phases = PHASES
    while True:
        rules = phases[state.phase]
        stepped = rules.auto(state)
        if stepped is not state:
            state = stepped
            continue
        if rules.done(state):
            state = _enter(state)
            continue
        if not RECENT or RECENT[0].state is not state:
            RECENT.appendleft(Known(state))  # asked about next (``to_move``): its entry made now, not after a search of the cache
        return state


def to_move(state: GameState) -> frozenset[int]:
    """Seats that may act now; ``CHANCE`` is the seat of chance."""
    entry = RECENT[0] if RECENT else None
    if entry is None or entry.state is not state:
        entry = known(state)  # (the test above is ``known``'s own first one, inline: the usual case)
    seats = entry.seats
    if seats is None:
        seats = entry.seats = PHASES[state.phase].to_move(state)
    return seats


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move now, for every seat in ``to_move``, deterministic order."""
    entry = RECENT[0] if RECENT else None
    if entry is None or entry.state is not state:
        entry = known(state)
    moves = entry.moves
    if moves is None:
        moves = entry.moves = PHASES[state.phase].legal(state)
    return moves


def seat_moves(state: GameState, seat: object) -> tuple[Move, ...]:  # (object: a non-int is answered here, on both builds)
    """``seat``'s legal moves now: ``tuple(m for m in legal_moves(state) if
    m.seat == seat)``, the same objects in the same order; a phase whose
    seats choose at once lists one seat's without the others' (``legal_for``)."""
    if type(seat) is not int:
        return ()  # not a seat (``True``, "1"): no moves, and nothing cached under it
    rules = PHASES[state.phase]
    if rules.legal_for is not None and seat >= 0:
        return rules.legal_for(state, seat)
    return tuple(m for m in legal_moves(state) if m.seat == seat)


def _listed_object(state: GameState, move: object) -> bool:
    """``move`` is one of the very objects ``legal_moves(state)`` returned:
    found by a scan by identity (``_among``), without hashing or ``__eq__``. Such a move was made
    by the phase itself, so it is legal and well formed. In a phase whose
    seats choose at once (``legal_for``) only the mover's part is scanned
    (a quarter of the orders phase's list)."""
    rules = PHASES[state.phase]
    listed = rules.listed
    if listed is not None and listed(state, move):
        return True  # found by the phase at its place in the list
    if rules.legal_for is not None:
        seat = getattr(move, "seat", None)
        if type(seat) is int and seat >= 0 and _among(rules.legal_for(state, seat), move):
            return True  # one of the very objects of the seat's part of the legal moves
    entry = RECENT[0] if RECENT else None
    if entry is None or entry.state is not state:
        entry = known(state)
    moves = entry.moves
    if moves is None:
        moves = entry.moves = rules.legal(state)
    return _among(moves, move)


def _among(moves: tuple[object, ...], move: object) -> bool:
    """``move`` is one of the very objects of ``moves``: by identity, never
    ``__eq__`` (a plain loop: the lists scanned are short, a few moves on
    average, and the compiled build runs it as a C loop)."""
    for listed in moves:
        if listed is move:
            return True
    return False


def _is_listed(state: GameState, move: Move) -> bool:
    """``move in legal_moves(state)`` by equality, with the set of legal moves
    built once per state. Raises ``TypeError`` for a move with an unhashable field."""
    entry = known(state)
    members = entry.members
    if members is None:
        members = entry.members = frozenset(legal_moves(state))
    return move in members


def _seat_name(seat: int) -> str:
    return "chance" if seat == CHANCE else "the table" if seat == TABLE else f"Player {seat + 1}"


def check(state: GameState, candidate: object) -> tuple[Violation, ...]:
    """The rules ``move`` breaks now; empty exactly when it is legal."""
    if _listed_object(state, candidate):  # the usual case: a move taken from legal_moves
        return ()
    return _refusals(state, candidate)


def _refusals(state: GameState, candidate: object) -> tuple[Violation, ...]:
    """``check`` for a move that is not one of the very objects listed: an
    equal move is legal too; anything else gets the rules it breaks."""
    rules = PHASES[state.phase]
    if not isinstance(candidate, MOVE_TYPES):
        return (Violation("RS-3", f"{candidate!r} is not a dlrules move"),)
    move = cast(Move, candidate)
    bad = malformed_field(move)
    if bad is not None:
        return (Violation("RS-3", f"{move!r} is malformed: {bad}"),)
    try:
        if _is_listed(state, move):
            return ()
    except TypeError:
        return (Violation("RS-3", f"{move!r} is malformed (a field has the wrong type)"),)
    seats = rules.to_move(state)
    seat = move.seat
    if isinstance(move, TableRuling) and not (seat == TABLE and TABLE in seats):
        return table.explain(state, move, None, None)  # LIB-TAB-8: a player's, or not the table's turn
    if seat not in seats:
        if seat != CHANCE and seat != TABLE and not 0 <= seat < state.n_players:
            n = state.n_players
            who = f"no Player {seat + 1}" if seat >= 0 else f"no seat index {seat}"
            return (Violation("RS-3", f"there is {who} in a {n}-player game: Players 1 to {n} (the move's seat index is {seat}; the JSON counts seats from 0, chance is -1)"),)
        if rules.nobody_moves:  # game over (SCO-3, LIB-SCO-6), the change of year (Y2-7): the phase says why
            found = rules.explain(state, move)
            if found:
                return found
        waiting = ", ".join(_seat_name(s) for s in sorted(seats)) or "nobody"
        return (
            Violation(
                rules.turn_rule,
                f"{_seat_name(seat)} may not move now ({state.phase.value.replace('_', ' ')}); waiting for {waiting}",
            ),
        )
    found = rules.explain(state, move)
    if found:
        return found
    if isinstance(move, TableRuling):  # LIB-TAB-8: the one move not listed in full (its changes are free)
        return ()
    return (
        Violation(
            rules.turn_rule,
            f"{type(move).__name__} is not a legal move in the {state.phase.value.replace('_', ' ')} phase now",
        ),
    )


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``; raises ``IllegalMove`` (state untouched) if illegal."""
    if not _listed_object(state, move):  # the usual case: a move taken from legal_moves
        violations = _refusals(state, move)
        if violations:
            raise IllegalMove(move, violations)
    return settle(PHASES[state.phase].play(state, move))


def apply_unchecked(state: GameState, move: Move) -> GameState:
    """``apply`` without the legality check, for a ``move`` taken from
    ``legal_moves(state)`` of this very state (a bot, a search). Any other
    move may raise or return a state the rules cannot reach: use ``apply``."""
    return settle(PHASES[state.phase].play(state, move))


def apply_with_events(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """``apply``, also reporting what happened, in order (reveals, payments …)."""
    with collecting() as sink:
        after = apply(state, move)
    return after, tuple(sink)
