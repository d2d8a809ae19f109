"""Combat (CMB-1..9, CMB-CARD, CMB-PARTY, CMB-PLAN, CMB-REV, CMB-BAT,
CMB-TRAP, CMB-SPELL, CMB-MON, CMB-HEAL, CMB-CONQ, CMB-EOR, CMB-END, CMB-PAL,
CMB-ROOM, CMB-REF); year 2's combat is the same procedure with year 2's
cards, traps, monsters and paladin (Y2-24).

The year's combat is a sequence (CMB-REF-1): for rounds 1 to 4, Planning
(player by player in play order from the starting player, CMB-REF-2),
Revealing the round's card (a chance ``Draw`` when nobody has identified it,
CMB-REF-3), then the Battles, one defender at a time in play order, each
through its six steps (CMB-4). ``GameState.fight`` says where it stands.

Every choice is the defender's and is a move (CMB-REF-4): ``PlanDefence``,
``ReleasePrisoner``, ``ChooseTrap`` (Labyrinth), ``Target`` (darts, the
Witch's second small attack), ``Attack`` (which monster acts next, its option
and target), ``WordOfPeace``, ``PayMonster`` (Suggestion), ``DiscardTrap``
(Detect Treasure), ``Transform`` (Metamorphosis). Everything else is
automatic and announced (CMB-REF-5). A decision with exactly one legal move
is made automatically (LIB-CMB-1).

The party of a dungeon is ``PlayerState.party`` with the paladin in front
when he attacks it (PAL-3); his damage lives in ``Fight.paladin`` so it
travels with him (CMB-PAL-1).
"""

from __future__ import annotations

from dlrules.core.known import leave
from dlrules.core.phases import PhaseRules
from dlrules.core.phases.combat.decisions import explain, hides_a_card, legal, play, to_move
from dlrules.core.phases.combat.fight import ground_of
from dlrules.core.phases.combat.party import (
    adventurer_class,
    anti_trap,
    crystals,
    hearts,
    hit_points,
    hurt,
    is_illusion,
    is_paladin,
    party,
)
from dlrules.core.phases.combat.planning import battle_tiles
from dlrules.core.phases.combat.steps import _automatic, _step, enter
from dlrules.core.state import CHANCE, TABLE, GameState


def auto(state: GameState) -> GameState:
    """The next automatic step, or ``state`` itself when a decision is due;
    battle steps that cannot stop for a decision run in a row, one battle
    after another, on local values written once (``steps._go_on``)."""
    f = state.fight
    if f is None:
        return enter(state)
    if f.stage == "over":
        return state
    if f.stage == "battle" and _automatic(f.battle):
        return _step(state)
    moves = legal(state)
    if moves:
        if len(moves) == 1 and moves[0].seat not in (CHANCE, TABLE) and not hides_a_card(state, moves[0]):
            return play(state, moves[0])  # LIB-CMB-1: a forced decision is automatic
        return leave(state, None, moves)  # listed for the engine, which asks next (``to_move``, ``legal_moves``)
    return _step(state)


def done(state: GameState) -> bool:
    f = state.fight
    return f is not None and f.stage == "over"


RULES: PhaseRules = PhaseRules(to_move, legal, explain, play, auto, done, turn_rule="CMB-REF-2")

__all__ = [
    "RULES",
    "adventurer_class",
    "anti_trap",
    "auto",
    "battle_tiles",
    "crystals",
    "done",
    "enter",
    "explain",
    "ground_of",
    "hearts",
    "hides_a_card",
    "hit_points",
    "hurt",
    "is_illusion",
    "is_paladin",
    "legal",
    "party",
    "play",
    "to_move",
]
