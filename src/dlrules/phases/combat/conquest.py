"""Healing, fatigue and conquest: the battle's last steps (CMB-HEAL-1..2,
CMB-CONQ-1..3, CMB-7).

Owns: the healing step (CMB-HEAL-1, CMB-HEAL-2), fatigue point by point
(CMB-CONQ-2; lost on an invisible wizard, U-13) and the conquest with its
evil and the paladin check (CMB-CONQ-1, CMB-CONQ-3, CMB-7, CMB-BAT-2, PAL-5).
"""

from __future__ import annotations

from dlrules.components import COMBAT_CARDS
from dlrules.components.combat import CONQUEST_EVIL
from dlrules.components.setup import EVIL_MIN
from dlrules.dungeon import square_name
from dlrules.phases.combat.fight import _card, _plan_of
from dlrules.phases.combat.party import _Harm, _harm, _hurt_written, _with_party, hearts, hit_points, party
from dlrules.phases.common import announce, check_paladin, move_evil, narrating, replaced, square_data
from dlrules.state import Battle, Dungeon, GameState, evolve


def _heal(state: GameState, seat: int, b: Battle) -> GameState:
    """CMB-HEAL-1, CMB-HEAL-2: hearts remove counters front first (``b``: the battle)."""
    if not b.attacked or b.no_heal:
        power = hearts(party(state, seat)) if narrating() else 0  # counted only to be told
        if power:
            reason = "no_attack" if not b.attacked else "stopped"
            why = "no monster or ghost attacked" if not b.attacked else "a Dragon attacked or an Anti-magic Dart hit a priest"
            announce("no_heal", f"No healing: {why} (CMB-HEAL-1).", seat, hearts=power, reason=reason)
        return state
    members = party(state, seat)
    power = hearts(members)
    if not power:
        return state
    healed = []
    cures = []
    for a in members:
        cure = min(power, a.damage)
        power -= cure
        cures.append(cure)
        healed.append(evolve(a, damage=a.damage - cure) if cure else a)
    if sum(cures) and narrating():
        announce("heal", f"The party heals {sum(cures)} damage (CMB-HEAL-2).", seat, healed=sum(cures), amounts=cures)
    return _with_party(state, seat, healed)


def _conquer(state: GameState, seat: int, b: Battle) -> GameState:
    """CMB-CONQ-1..3, CMB-7: fatigue one point at a time, then the conquest;
    the evil lost is checked for the paladin at once (CMB-BAT-2, move_evil).
    ``b`` is the battle."""
    if b.no_conquest:
        if narrating():
            tile = _plan_of(state, seat).tile
            announce("no_conquest", f"Player {seat + 1}'s party neither tires nor conquers {square_name(tile)} this round (CMB-CONQ-1).", seat, tile=square_data(tile))
        return state
    card = _card(state)
    assert card is not None
    left = COMBAT_CARDS[card].fatigue
    harm: _Harm | None = None  # the last points of fatigue, written with the conquest
    while left:
        # One point at a time on the current first adventurer: the points he
        # takes before he falls are placed together, the rest roll on.
        members = party(state, seat)
        if not members:
            break
        points = min(left, hit_points(members[0]) - members[0].damage)
        left -= points
        if not left:
            harm = _harm(state, seat, [points], "Fatigue", "fatigue", b)
            break
        early = _harm(state, seat, [points], "Fatigue", "fatigue", b)
        if early is None:
            break  # an invisible wizard: the points are lost (U-13)
        state = _hurt_written(state, seat, early)
        b = early[2] or b
    alive, prisoners, shielded = harm if harm is not None else (None, (), None)
    if alive is None:
        alive = party(state, seat)
    if not alive:
        state = state if harm is None else _hurt_written(state, seat, harm)
        return state
    square = _plan_of(state, seat).tile
    p = state.players[seat]
    tiles = p.dungeon.tiles
    at = next(i for i, t in enumerate(tiles) if t.square == square)
    tiles = replaced(tiles, at, evolve(tiles[at], conquered=True))
    if narrating():
        announce("conquest", f"The party conquers {square_name(square)} in Player {seat + 1}'s dungeon (CMB-CONQ-3).", seat, tile=square_data(square))
    if CONQUEST_EVIL.value == 1 and p.evil > EVIL_MIN.value:
        # The fatigue, the tile and the one space of evil in one copy; then the paladin check (PAL-5).
        state = _with_party(state, seat, alive, shielded, prisoners, dungeon=Dungeon(tiles), evil=p.evil - 1)
        if narrating():
            announce("evil", f"Player {seat + 1}'s evil goes from {p.evil} to {p.evil - 1}.", seat, start=p.evil, end=p.evil - 1)
        return check_paladin(state)
    state = _with_party(state, seat, alive, shielded, prisoners, dungeon=Dungeon(tiles))
    return move_evil(state, seat, -CONQUEST_EVIL.value)
