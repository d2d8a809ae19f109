"""Healing, fatigue and conquest: the battle's last steps (CMB-HEAL-1..2,
CMB-CONQ-1..3, CMB-7), and the battle's end after them (CMB-BAT-1).

Owns: the healing step (CMB-HEAL-1, CMB-HEAL-2), fatigue point by point
(CMB-CONQ-2; lost on an invisible wizard, U-13) and the conquest with its
evil and the paladin check (CMB-CONQ-1, CMB-CONQ-3, CMB-7, CMB-BAT-2, PAL-5).

These steps never ask the defender anything, so they run as one pass over
local values (the party, the prisoners taken, the battle) and the defender's
record is written to the run (``fight.Run``) once, with the battle's end
(``ending._end_battle``'s helpers), issue 25.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from dlrules.components import COMBAT_CARDS
from dlrules.components.combat import CONQUEST_EVIL
from dlrules.components.setup import EVIL_MIN
from dlrules.core.dungeon import square_name
from dlrules.core.phases.combat.fight import _SET_PLAN_TRAPS, Run, _check_paladin, _left_over, _move_evil, ground_of
from dlrules.core.phases.combat.party import _SET_DAMAGE, _counters, _harm_to, _party_in, _party_written, _spared, _tell_damage, _tell_eliminated, hit_points
from dlrules.core.phases.common import announce, replaced, square_data
from dlrules.core.state import Adventurer, Battle, Dungeon, PlayerState, Tile, setter


_SET_CONQUERED: Final = setter(Tile, "conquered")
_SET_TILES: Final = setter(Dungeon, "tiles")


def _heals(b: Battle) -> bool:
    """CMB-HEAL-1: the party heals only in a round where a monster or a ghost
    attacked it, and nothing stopped its healing (a Dragon's attack, an
    Anti-magic Dart on a priest)."""
    return b.attacked and not b.no_heal


def _last_steps(run: Run, seat: int, position: int) -> None:
    """CMB-4: the healing step, then fatigue and the conquest, then the end
    of the battle at ``position`` in play order and the next defender's turn
    (CMB-BAT-1). ``run.battle`` is the battle as it now stands. The party's
    damage is worked out on plain numbers (each record read once) and each
    adventurer written once, with the rest of the defender (issue 25)."""
    narrate = run.narrate
    b = run.battle
    plan = run.plans[seat]
    assert b is not None and plan is not None
    p = run.players[seat]
    members = _party_in(run, seat)
    n = len(members)
    keys, was, hps, hearts, plain = _counters(members)
    damages = list(was)  # the counters as healing and fatigue leave them
    # CMB-6, CMB-HEAL-1, CMB-HEAL-2: hearts remove counters front first, if a monster attacked.
    attacked = b.attacked
    if not _heals(b):
        power = hearts if narrate else 0  # told only
        if power:
            reason = "no_attack" if not attacked else "stopped"
            why = "no monster or ghost attacked" if not attacked else "a Dragon attacked or an Anti-magic Dart hit a priest"
            announce("no_heal", f"No healing: {why} (CMB-HEAL-1).", seat, hearts=power, reason=reason)
    else:
        power = hearts
        if power:
            cures: list[int] = []
            for i in range(n):
                cure = min(power, damages[i])
                power -= cure
                cures.append(cure)
                damages[i] -= cure
            healed = sum(cures)
            if healed and narrate:
                announce("heal", f"The party heals {healed} damage (CMB-HEAL-2).", seat, healed=healed, amounts=cures)
    # CMB-CONQ-1..3, CMB-7: fatigue one point at a time on the current first
    # adventurer (the points he takes before he falls are placed together,
    # the rest roll on), then the conquest if anyone is left.
    prisoners: tuple[str, ...] = ()
    conquered = False
    touched = False  # the party changed and is written
    front = 0  # the adventurers before ``front`` fell to fatigue
    numbers = True  # the party is ``members[front:]`` with ``damages[front:]`` counters (else ``members`` as written)
    square = plan.tile
    invisible = b.invisible
    if b.no_conquest:
        if narrate:
            announce("no_conquest", f"Player {seat + 1}'s party neither tires nor conquers {square_name(square)} this round (CMB-CONQ-1).", seat, tile=square_data(square))
    else:
        card = run.combat[run.round - 1]
        assert card is not None
        left = COMBAT_CARDS[card].fatigue
        if _tires_plainly(b, invisible, plain):
            # The usual battle, worked out on the numbers: what ``_harm_to``
            # does with each point-batch when no shield or invisibility
            # changes the damage and no illusion or fallen adventurer is in
            # the party (tests/test_combat_run.py proves both agree).
            while left and front < n:
                points = min(left, hps[front] - damages[front])
                left -= points
                damages[front] += points
                if narrate:
                    _tell_damage(members[front:], seat, [points] + [0] * (n - front - 1), "Fatigue", "fatigue")
                if damages[front] < hps[front]:
                    break  # he stands: the points are all placed
                if narrate:
                    _tell_eliminated(members[front], seat, 0)
                front += 1
            prisoners = tuple(keys[:front])
            conquered = front < n
        else:
            members, touched = _with_damages(members, damages, was), damages != was
            numbers = False
            while left and members:
                first = members[0]
                points = min(left, hit_points(first) - first.damage)
                if points <= 0:
                    break  # a front adventurer already down: no game reaches this (validity: he would have fallen), so stop rather than loop
                left -= points
                harm = _harm_to(members, seat, [points], "Fatigue", "fatigue", b, narrate)
                if harm is None:
                    break  # an invisible wizard: the points are lost (U-13)
                alive, taken, shielded = harm
                if alive is not None:
                    members, touched = alive, True
                prisoners += taken
                b = shielded or b
            conquered = bool(members)
    if numbers:  # each adventurer standing written once, with his new counters
        touched = front > 0 or damages != was
        if touched:
            members = _with_damages(members[front:], damages[front:], was[front:])
    dungeon: Dungeon | None = None
    if conquered:
        dungeon = p.dungeon
        tiles = dungeon.tiles
        at = run.index_in(tiles, square)  # ``run.tile_at(seat)``: ``run.players[seat]`` is still ``p``
        dungeon = _SET_TILES(dungeon, replaced(tiles, at, _SET_CONQUERED(tiles[at], True)))  # exactly ``Dungeon(...)``, copied faster
        if narrate:
            announce("conquest", f"The party conquers {square_name(square)} in Player {seat + 1}'s dungeon (CMB-CONQ-3).", seat, tile=square_data(square))
    space = CONQUEST_EVIL.value
    evil = 0
    one_space = False
    if conquered and space == 1:
        evil = p.evil
        one_space = evil > EVIL_MIN.value
        if one_space:  # the evil's one space written with the rest; then the paladin check (PAL-5)
            if narrate:
                announce("evil", f"Player {seat + 1}'s evil goes from {evil} to {evil - 1}.", seat, start=evil, end=evil - 1)
            evil -= 1
    # The battle's end (``ending._end_battle``): C1-4, U-13, CMB-MON-8, CMB-TRAP-9.
    if invisible:
        spared = _spared(members, b)
        if spared is not None:
            members, touched = tuple(spared), True
    trap_cards = b.traps
    left_over = bool(b.sent) or bool(trap_cards)
    # Written in one copy of the player: the party (the paladin's record to
    # ``Fight.paladin``), the prisoners taken (CMB-8: an eliminated paladin
    # never moves again, CMB-PAL-3), the tile conquered, the evil, what is
    # left over; the battle over with its trap cards gone from the plan
    # (CMB-BAT-1) and the next defender's turn.
    run.battle = None
    run.position = position + 1
    if plan.traps:
        run.plans = replaced(run.plans, seat, _SET_PLAN_TRAPS(plan, ()))
    if touched or prisoners or conquered or left_over:
        if touched or prisoners:
            rest, prison = _party_written(run, seat, members, prisoners)  # ``run.players[seat]`` is still ``p``
        else:
            rest, prison = p.party, p.prison
        if dungeon is None:
            dungeon = p.dungeon
        if not one_space:
            evil = p.evil
        if left_over:
            surcharge = ground_of(dungeon.tiles[run.tile_at(seat)]).surcharge if trap_cards else 0  # (gold on trap cards only; ``run.players[seat]`` is still ``p``)
            monsters, traps, gold = _left_over(p, b, surcharge)
            run.players[seat] = _SET_LAST(p, rest, prison, dungeon, evil, monsters, traps, gold)
        else:
            run.players[seat] = _SET_FOUGHT(p, rest, prison, dungeon, evil)
    if one_space:
        _check_paladin(run)
    elif conquered:
        _move_evil(run, seat, -space)  # at the end of the evilometer: told, not moved (RES-8)


def _tires_plainly(b: Battle, invisible: bool, plain: bool) -> bool:
    """Fatigue can be placed on the numbers alone (``_last_steps``): no
    Magic Shield points left (C1-3), no invisible wizards (U-13; ``invisible``
    is ``b.invisible``), and a ``plain`` party (``party._counters``: no
    illusion, C2-2, LIB-CMB-9, and everyone standing, also after healing,
    which only takes counters off)."""
    return plain and not invisible and not b.shield


def _with_damages(members: Sequence[Adventurer], damages: list[int], was: list[int]) -> tuple[Adventurer, ...]:
    """``members`` with ``damages[i]`` counters on the i-th (``was[i]``
    before), each record copied only if its counters changed."""
    out: list[Adventurer] = []
    for i in range(len(members)):
        a = members[i]
        d = damages[i]
        out.append(a if d == was[i] else _SET_DAMAGE(a, d))
    return tuple(out)


_SET_LAST: Final = setter(PlayerState, "party", "prison", "dungeon", "evil", "monsters", "traps", "gold")
"""The defender's fields the battle's last steps write, in one copy."""
_SET_FOUGHT: Final = setter(PlayerState, "party", "prison", "dungeon", "evil")
"""``_SET_LAST`` when nothing is left over (the monsters, trap cards and gold unchanged)."""
