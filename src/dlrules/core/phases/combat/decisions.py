"""The defender's decisions: the legal moves, why a move is refused, and the
state after a move (CMB-REF-2..4).

Owns: the decision due now, in play order (CMB-PLAN-1, CMB-PLAN-8, CMB-PAL-4,
CMB-END-3; a chance ``Draw`` for the round's card, CMB-REF-3, LIB-RC-3), the
battle's questions (CMB-TRAP-2, CMB-TRAP-6, M-5, CMB-MON-1, CMB-MON-3,
CMB-MON-9, CMB-SPELL-7, LIB-CMB-2; a discarded trap card leaves the game,
SETUP-3), which of them are asked even when forced (LIB-RC-2),
the refusals with their rule (CMB-REF-4), and playing each move.
"""

from __future__ import annotations

from typing import Final

from dlrules.components import COMBAT_CARDS, MONSTERS
from dlrules.components.combat import MONSTER_COMBAT, WORD_OF_PEACE_EVIL
from dlrules.core.errors import Violation
from dlrules.core.known import RECENT
from dlrules.core.memo import kept
from dlrules.core.moves import (
    Attack,
    ChooseTrap,
    DiscardTrap,
    Draw,
    Move,
    PayMonster,
    PlanDefence,
    ReleasePrisoner,
    Target,
    TableRuling,
    Transform,
    WordOfPeace,
)
from dlrules.core.phases import table
from dlrules.core.phases.combat import ruling
from dlrules.core.phases.combat.fight import Run, _card, _knock_out, _monsters_only, _move_evil, _open_tile_left, _seat_at
from dlrules.core.phases.combat.monsters import _attack, _attack_violation, _first_of_alike, _options_of, _priests
from dlrules.core.phases.combat.party import party
from dlrules.core.phases.combat.planning import _plan, _plan_violation, _plans, _release, _releases
from dlrules.core.phases.combat.spells import _withdraw
from dlrules.core.phases.combat.steps import _go_on, _revealed
from dlrules.core.phases.combat.traps import _aimed, _trap
from dlrules.core.phases.common import announce, evil_cost_violation
from dlrules.core.phases.events import can_pay as can_pay_wage
from dlrules.core.state import Battle, GameState, evolve


def legal(state: GameState) -> tuple[Move, ...]:
    """The decision due now, or ``()`` when the next step is automatic. A
    state at which ``auto`` stopped has its moves listed already: ``auto``
    leaves them for the engine (``dlrules.core.known``), and ``to_move`` asks next."""
    entry = RECENT[0] if RECENT else None
    if entry is not None and entry.state is state and entry.moves is not None:
        return entry.moves
    return _legal(state)


def _legal(state: GameState) -> tuple[Move, ...]:
    f = state.fight
    if f is None or f.stage == "over":
        return ()
    if f.stage == "reveal":
        known = _card(state)
        if known is not None:
            return (_draw(known),)  # LIB-RC-3: a chance turn all the same, its one outcome certain
        deck = state.decks.combat
        return tuple([_draw(key) for key, n in deck.unseen if n > 0])  # CMB-REF-3
    seat = _seat_at(state)
    if seat is None:
        return ()
    player = state.players[seat]
    if f.stage == "plan":
        # CMB-PLAN-1, CMB-PLAN-8: in play order, each player whose combat goes
        # on, i.e. whose party is not empty now (a party the paladin refilled
        # plans again, CMB-PAL-4; in round 4 nothing is left to restart).
        if not party(state, seat) or f.plans[seat] is not None:
            return ()
        if _open_tile_left(player.dungeon):
            return _plans(seat, player)
        return _releases(seat, player)
    b = f.battle
    if b is None or b.seat != seat or not party(state, seat):
        return ()
    return _battle_moves(state, b)


_DRAWS: Final[dict[str, Draw]] = kept({})
"""The ``Draw`` of each combat card, made once (moves are immutable values);
at most 512 kept, so that states built by hand with invented cards cannot
grow it."""


def _draw(card: str) -> Draw:
    move = _DRAWS.get(card)
    if move is None:
        move = Draw("combat", card)
        if len(_DRAWS) < 512:
            _DRAWS[card] = move
    return move


def _battle_moves(state: GameState, b: Battle) -> tuple[Move, ...]:
    seat = b.seat
    player = state.players[seat]
    members = party(state, seat)
    if b.aiming is not None:
        return tuple(Target(seat, i) for i in range(len(members)))  # CMB-TRAP-6; M-5: the Witch's second small attack, anyone
    if b.choosing == ruling.TABLE_CHOICE:
        return (table.OFFERED,)  # LIB-TAB-8: the table, not the defender
    if b.choosing == "word-of-peace":
        return (WordOfPeace(seat, True), WordOfPeace(seat, False))
    if b.choosing == "suggestion":
        out: list[Move] = []
        for i in _first_of_alike(player, b.asking):
            if can_pay_wage(player, MONSTERS[player.monsters[i].kind], state.variant, i):  # CMB-SPELL-7: a cost
                out.append(PayMonster(seat, i, True))
            out.append(PayMonster(seat, i, False))
        return tuple(out)
    if b.choosing == "detect-treasure":
        return tuple(DiscardTrap(seat, t) for t in sorted(set(player.traps)))
    if b.choosing == "metamorphosis":
        return tuple(Transform(seat, i) for i in _first_of_alike(player, _monsters_only(player, b.sent)))
    if b.step == "trap" and len(b.traps) > 1:
        return tuple(ChooseTrap(seat, t) for t in sorted(set(b.traps)))  # CMB-TRAP-2 (asked even alike: LIB-RC-2)
    if b.step == "monsters" and b.sent:
        moves: list[Move] = []
        lair, food, priests = player.monsters, player.food, _priests(members)  # read once for every monster (``_options_of``)
        for i in _first_of_alike(player, b.sent):
            options = _options_of(seat, i, lair[i].kind, food, priests)
            if not options:
                return ()  # a monster that cannot attack is resolved automatically first (CMB-MON-3)
            moves.extend(options)
        return tuple(moves)
    return ()


def hides_a_card(state: GameState, move: Move) -> bool:
    """LIB-RC-2: a choice among face-down trap cards (the Labyrinth's order,
    Detect Treasure's card, a plan while he holds trap cards) is asked even
    when only one outcome is left, so whether the defender is asked tells the
    others nothing about his cards."""
    if isinstance(move, PlanDefence):
        return bool(state.players[move.seat].traps)
    return isinstance(move, (ChooseTrap, DiscardTrap))


def to_move(state: GameState) -> frozenset[int]:
    moves = legal(state)
    return frozenset({moves[0].seat}) if moves else frozenset()


def explain(state: GameState, move: Move) -> tuple[Violation, ...]:
    found = _explain(state, move)
    return (found,) if found is not None else ()


def _explain(state: GameState, move: Move) -> Violation | None:
    f = state.fight
    if f is None:
        return None
    if isinstance(move, TableRuling):
        refused = ruling.explain(state, move)
        return refused[0] if refused else None
    if isinstance(move, Draw):
        if move.deck != "combat":
            return Violation("CMB-REF-3", f"chance turns up this round's combat card now, not a card of the {move.deck} deck")
        known = _card(state)
        if known is not None:
            return Violation("CMB-REF-3", f"this round's card is already identified: it is {known!r}, not {move.card!r}")
        return Violation("CMB-REF-3", f"{move.card!r} is not among the unseen cards of this year's combat deck")
    seat = move.seat
    player = state.players[seat]
    if f.stage == "plan":
        if isinstance(move, ReleasePrisoner):
            if _open_tile_left(player.dungeon):
                return Violation("CMB-END-3", "you still have an unconquered tile: you plan a battle (PlanDefence), not a release")
            if not 0 <= move.prisoner < len(player.prison):
                return Violation("CMB-END-3", f"your prison holds {len(player.prison)} adventurers (1 to {len(player.prison)}), not {move.prisoner + 1}")
            first = player.prison.index(player.prison[move.prisoner])
            return Violation("LIB-CMB-2", f"prisoners {first + 1} and {move.prisoner + 1} are alike; name the first, {first + 1}")
        if not isinstance(move, PlanDefence):
            return Violation("CMB-REF-2", "it is the Planning phase: plan your battle (PlanDefence)")
        if not _open_tile_left(player.dungeon):
            return Violation("CMB-END-3", "every tile of your dungeon is conquered: release a prisoner instead (ReleasePrisoner)")
        return _plan_violation(state, seat, move)
    b = f.battle
    if b is None:
        return None
    if b.aiming is not None:
        if isinstance(move, Target):
            if b.aiming in MONSTER_COMBAT:  # the Witch's second small attack: anyone (M-5)
                return Violation("CMB-MON-9", f"the Witch's second small attack may hit any adventurer, positions 1 to {len(party(state, seat))}; not {move.adventurer + 1}")
            return Violation("CMB-TRAP-6", f"the party has {len(party(state, seat))} adventurers, positions 1 to {len(party(state, seat))}; not {move.adventurer + 1}")
        return Violation("CMB-REF-4", f"pick the target of the {b.aiming.replace('-', ' ')} first (Target)")
    if b.choosing == "suggestion" and isinstance(move, PayMonster) and move.pay and move.monster in b.asking:
        kind = MONSTERS[player.monsters[move.monster].kind]
        refusal = evil_cost_violation(state.variant, player, kind.evil, f"the {kind.name}'s wage")
        if refusal is not None:  # CMB-SPELL-7: a wage paid for Suggestion is a cost
            return refusal
    if b.choosing == ruling.TABLE_CHOICE:
        return Violation("LIB-TAB-8", "the table is applying the round's card, which the referee cannot read: wait for its ruling")
    if b.choosing is not None:
        return Violation("CMB-REF-4", f"the {COMBAT_CARDS[b.choosing].name} card asks for your choice now: {_choice_hint(b.choosing)}")
    if b.step == "trap":
        if isinstance(move, ChooseTrap):
            return Violation("CMB-TRAP-2", f"your traps still to go off here are {', '.join(sorted(b.traps))}, not {move.trap!r}")
        return Violation("CMB-TRAP-2", "choose which of your two Labyrinth traps goes off first (ChooseTrap)")
    if isinstance(move, Attack):
        return _attack_violation(state, b, move)
    return Violation("CMB-MON-1", "your monsters act now: choose the next one, its option and its target (Attack)")


def _choice_hint(card: str) -> str:
    return {
        "word-of-peace": "withdraw your monsters or gain 2 evil (WordOfPeace)",
        "suggestion": "pay each monster's cost or withdraw it (PayMonster)",
        "detect-treasure": "the trap card you lose (DiscardTrap)",
        "metamorphosis": "the monster that becomes a sheep (Transform)",
    }[card]


def play(state: GameState, move: Move) -> GameState:
    if isinstance(move, TableRuling):
        return ruling.play(state, move)
    if isinstance(move, Draw):
        return _revealed(state, move.card, drawn=_card(state) is None)
    if isinstance(move, PlanDefence):
        return _plan(state, move)
    if isinstance(move, ReleasePrisoner):
        return _release(state, move.seat, move.prisoner)
    run = Run(state)  # a move in a battle: its effects and the automatic steps after it, written once
    b = run.at_battle()
    seat = b.seat
    if isinstance(move, ChooseTrap):
        _trap(run, move.trap)
    elif isinstance(move, Target):
        _aimed(run, move.adventurer)
    elif isinstance(move, Attack):
        _attack(run, move)
    elif isinstance(move, WordOfPeace):
        run.battle = evolve(b, choosing=None)
        if move.withdraw:
            withdrawn = _monsters_only(run.players[seat], b.sent)
            if run.narrate and not withdrawn:  # the choice is told even when it takes nothing back
                announce("spell", f"Player {seat + 1} withdraws the monsters: there is none to take back (Word of Peace).", seat, card="word-of-peace", choice="withdraw")
            _withdraw(run, withdrawn, "Word of Peace", "word-of-peace")
        else:
            if run.narrate:
                announce("spell", f"Player {seat + 1} keeps the monsters and gains {WORD_OF_PEACE_EVIL.value} evil (Word of Peace).", seat, card="word-of-peace", choice="evil", evil=WORD_OF_PEACE_EVIL.value)
            _move_evil(run, seat, WORD_OF_PEACE_EVIL.value)
    elif isinstance(move, PayMonster):
        kind = MONSTERS[run.players[seat].monsters[move.monster].kind]
        asking = tuple([i for i in b.asking if i != move.monster])
        run.battle = evolve(b, asking=asking, choosing="suggestion" if asking else None)
        if not move.pay:
            _withdraw(run, (move.monster,), "Suggestion", "suggestion")
        else:
            p = run.players[seat]
            if run.narrate:
                cost = {k: v for k, v in (("gold", kind.gold), ("food", kind.food), ("evil", kind.evil)) if v}
                announce("spell", f"Player {seat + 1} pays the {kind.name}'s cost, {kind.describe_cost()} (Suggestion).", seat, card="suggestion", choice="pay", monster=kind.key, index=move.monster, cost=cost)
            run.players[seat] = evolve(p, gold=p.gold - kind.gold, food=p.food - kind.food)
            _move_evil(run, seat, kind.evil)  # CMB-SPELL-7: a cost
    elif isinstance(move, DiscardTrap):
        p = run.players[seat]
        traps = list(p.traps)
        traps.remove(move.trap)
        if run.narrate:
            announce("spell", f"Player {seat + 1} loses a trap card, discarded face down (Detect Treasure).", seat, card="detect-treasure", lost={"trap_cards": 1})
        run.players[seat] = evolve(p, traps=tuple(traps))
        run.discard += (move.trap,)  # SETUP-3: face down, out of the game
        run.battle = evolve(b, choosing=None)
    else:
        assert isinstance(move, Transform)
        kind = MONSTERS[run.players[seat].monsters[move.monster].kind]
        if run.narrate:
            announce("spell", f"Player {seat + 1}'s {kind.name} becomes a sheep: it does not act and is knocked out (Metamorphosis).", seat, card="metamorphosis", monster=kind.key, index=move.monster)
        _knock_out(run, seat, (move.monster,), golem_stays=False)
        run.battle = evolve(b, sent=tuple([i for i in b.sent if i != move.monster]), choosing=None)
    _go_on(run)  # what ``auto`` would run next, in the same run
    return run.written()
