"""Monsters and ghosts attacking (CMB-MON-1..7, CMB-MON-9).

Owns: the options of a sent monster now, from table M (CMB-MON-2, CMB-MON-9;
the Troll's food paid when he acts, CMB-PLAN-7; alike monsters named once,
LIB-CMB-2), valid targets (CMB-MON-5), why an ``Attack`` is refused, the
attack itself (CMB-MON-1, CMB-MON-6, CMB-MON-7) and what becomes of the
monster after it (CMB-MON-4), and a monster that cannot attack (CMB-MON-3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from dlrules.components import MONSTERS
from dlrules.components.combat import MONSTER_COMBAT, AttackOption, Reach
from dlrules.core.errors import Violation
from dlrules.core.memo import kept
from dlrules.core.moves import Attack, Move
from dlrules.core.phases.combat.fight import _SET_AIMING, _SET_READY, _SET_SENT, Run, _attack_damage, _knock_out, _one
from dlrules.core.phases.combat.party import _PRIEST, _hurt, _party_in, adventurer_class, party
from dlrules.core.phases.common import announce, plural, replaced
from dlrules.core.state import Adventurer, Battle, GameState, PlayerState, setter


def _first_of_alike(player: PlayerState, indices: Sequence[int]) -> tuple[int, ...]:
    """LIB-CMB-2: of alike monsters (same kind) only the first is named."""
    seen: set[str] = set()
    out: list[int] = []
    for i in sorted(indices):
        kind = player.monsters[i].kind
        if kind not in seen:
            seen.add(kind)
            out.append(i)
    return tuple(out)


def _targets(members: Sequence[Adventurer], option: AttackOption) -> tuple[int, ...]:
    """CMB-MON-5: valid targets of an "attack anyone" option."""
    return _targets_among(_priests(members), option)


def _priests(members: Sequence[Adventurer]) -> tuple[bool, ...]:
    """Which of ``members`` are priests (a vampire never attacks one, CMB-MON-5)."""
    return tuple([adventurer_class(a) is _PRIEST for a in members])


def _targets_among(priests: tuple[bool, ...], option: AttackOption) -> tuple[int, ...]:
    """``_targets`` of a party whose members are priests or not as ``priests`` says."""
    return tuple([i for i, priest in enumerate(priests) if not (option.not_first and i == 0) and not (option.no_priests and priest)])


_OPTIONS: Final[dict[tuple[int, int, str, int, tuple[bool, ...]], tuple[Move, ...]]] = kept({})
"""``_options_of`` of the situations met lately (at most 4096: memory stays flat)."""


def _options_of(seat: int, index: int, kind: str, food: int, priests: tuple[bool, ...]) -> tuple[Move, ...]:
    """CMB-MON-2, CMB-MON-3: the options of the defender's monster ``index``
    at ``seat``, a ``kind``, with ``food`` in the lair, facing a party whose
    members are priests or not as ``priests`` says (``_priests``, made once
    for all his monsters), from table M (CMB-MON-9); the Troll's food is
    paid when he acts, from what is left (CMB-PLAN-7). The same moves
    (immutable values) whenever the same situation comes back; numbers that
    are not plain ints (a state built by hand: ``True`` would share the key of
    ``1``) are answered without the cache."""
    if type(seat) is not int or type(index) is not int or type(food) is not int:
        return _options_made(seat, index, kind, food, priests)
    key = (seat, index, kind, food, priests)
    found = _OPTIONS.get(key)
    if found is None:
        if len(_OPTIONS) >= 4096:
            _OPTIONS.clear()
        found = _OPTIONS[key] = _options_made(seat, index, kind, food, priests)
    return found


def _options_made(seat: int, index: int, kind: str, food: int, priests: tuple[bool, ...]) -> tuple[Move, ...]:
    """``_options_of``, worked out."""
    out: list[Move] = []
    for n, option in enumerate(MONSTER_COMBAT[kind].options):
        if option.food and food < option.food:
            continue  # CMB-MON-2: an option with a price needs the price
        if option.reach is _ANYONE:
            out.extend([Attack(seat, index, n, t) for t in _targets_among(priests, option)])
        else:
            out.append(Attack(seat, index, n))
    return tuple(out)


def _attack_violation(state: GameState, b: Battle, move: Attack) -> Violation:
    player = state.players[b.seat]
    if move.monster not in b.sent:
        sent = ", ".join(f"{MONSTERS[player.monsters[i].kind].name} ({i + 1})" for i in b.sent) or "none"
        return Violation("CMB-MON-1", f"monster {move.monster + 1} was not sent here or has acted; still to act: {sent}")
    kind = player.monsters[move.monster].kind
    options = MONSTER_COMBAT[kind].options
    if not 0 <= move.option < len(options):
        return Violation("CMB-MON-2", f"the {MONSTERS[kind].name} has {plural(len(options), 'option')} (1 to {len(options)}), not {move.option + 1}")
    option = options[move.option]
    if option.food and player.food < option.food:
        return Violation("CMB-MON-2", f"this option costs {option.food} food; you have {player.food}")
    if option.reach is Reach.ANYONE:
        valid = _targets(party(state, b.seat), option)
        why = " (a ghost never attacks the first adventurer)" if option.not_first else " (a vampire never attacks a priest)" if option.no_priests else ""
        return Violation("CMB-MON-5", f"valid targets are positions {', '.join(str(v + 1) for v in valid)}{why}, not {'none' if move.target is None else move.target + 1}")
    if move.target is not None:
        return Violation("CMB-MON-2", f"this option of the {MONSTERS[kind].name} takes no target")
    first = player.monsters.index(player.monsters[move.monster])
    return Violation("LIB-CMB-2", f"your monsters {first + 1} and {move.monster + 1} are alike; name the first one still to act")


_SET_FOOD_MONSTERS: Final = setter(PlayerState, "food", "monsters")
_ANYONE: Final = Reach.ANYONE
_NONE: Final = Reach.NONE
_EVERYONE: Final = Reach.EVERYONE
_FIRST: Final = Reach.FIRST
"""Enum members as constants of this compiled module: reading a member of an
enum class goes through the enum's slow class-attribute hook (Python 3.11)."""
_SET_ACTED: Final = setter(Battle, "sent", "attacked", "no_heal", "no_conquest")


def _attack(run: Run, move: Attack) -> None:
    """CMB-MON-1..7: the monster acts with its option; then it is knocked out
    or goes back face up (CMB-MON-4)."""
    b = run.at_battle()
    seat = b.seat
    p = run.players[seat]
    kind = p.monsters[move.monster].kind
    option = MONSTER_COMBAT[kind].options[move.option]
    name = MONSTERS[kind].name
    sent = tuple([i for i in b.sent if i != move.monster])
    reach = option.reach
    attacked = True if reach is not _NONE else b.attacked  # CMB-MON-6
    no_heal = True if option.no_heal else b.no_heal
    no_conquest = True if option.no_conquest else b.no_conquest
    if run.narrate:  # what the monster does and what its option costs (CMB-MON-1, CMB-MON-2)
        paid = f", paying {option.food} food" if option.food else ""
        announce(
            "attack", f"Player {seat + 1}'s {name} acts (option {move.option + 1}{paid}).", seat,
            monster=kind, index=move.monster, option=move.option, cost={"food": option.food} if option.food else {},
        )  # fmt: skip
    monsters = replaced(p.monsters, move.monster, _SET_READY(p.monsters[move.monster], option.ready_after))
    run.players[seat] = _SET_FOOD_MONSTERS(p, p.food - option.food, monsters)
    run.battle = _SET_ACTED(b, sent, attacked, no_heal, no_conquest)
    damage = _attack_damage(run, seat, kind, option.damage)
    members = _party_in(run, seat)
    if reach is _NONE:
        if run.narrate:
            announce("hold", f"The {name} holds the party: no attack, and no fatigue or conquest this round.", seat, monster=kind, index=move.monster)
        return
    if reach is _EVERYONE:
        _hurt(run, seat, [damage] * len(members), f"The {name} attacks everyone", kind)
        return
    if reach is _FIRST:
        _hurt(run, seat, [damage], f"The {name} attacks", kind)
        after = _party_in(run, seat)
        if option.follow_up and after and len(after) < len(members):
            follow = _attack_damage(run, seat, kind, option.follow_up)
            _hurt(run, seat, [follow], f"The {name}'s follow-up attack", kind)
        return
    assert move.target is not None
    _hurt(run, seat, _one(move.target, damage), f"The {name} attacks", kind)
    if option.hits > 1 and _party_in(run, seat):
        run.battle = _SET_AIMING(run.at_battle(), kind)


def _cannot_attack(run: Run) -> int | None:
    """CMB-MON-3: a sent monster with no option it can use (a ghost facing one
    adventurer, a vampire facing only priests)."""
    b = run.at_battle()
    seat = b.seat
    player = run.players[seat]
    lair, food, priests = player.monsters, player.food, _priests(_party_in(run, seat))  # read once for every monster (``_options_of``)
    for i in b.sent:
        if not _options_of(seat, i, lair[i].kind, food, priests):
            return i
    return None


def _stuck(run: Run, index: int) -> None:
    """CMB-MON-3, CMB-MON-4: a monster that cannot attack does nothing; a
    ghost is knocked out, a vampire facing only priests goes back face up."""
    b = run.at_battle()
    p = run.players[b.seat]
    kind = p.monsters[index].kind
    if run.narrate:
        announce("no_attack", f"Player {b.seat + 1}'s {MONSTERS[kind].name} finds no one it may attack (CMB-MON-3).", b.seat, monster=kind, index=index)
    run.battle = _SET_SENT(b, tuple([i for i in b.sent if i != index]))
    if kind != "vampire":
        _knock_out(run, b.seat, (index,))
