"""The party: adventurers, their icons and hit points, and damage
(CMB-PARTY-1..7, CMB-8).

Owns: who is in a party and in what order, the paladin in front (CMB-PARTY-1,
CMB-PARTY-2, PAL-3) with his record travelling with him (CMB-PAL-2, CMB-PAL-3);
classes and icons (CMB-PARTY-3, PAL-12; magic points, CMB-SPELL-2); hit points
(CMB-PARTY-4, a Create Food token, C2-1); placing damage all at once and then
eliminating (CMB-PARTY-5, CMB-PARTY-6, CMB-PARTY-7, CMB-8), with the Magic
Shield (C1-3, U-12), invisible wizards (C1-4, U-13) and the illusion (C2-2,
LIB-CMB-9); adventurers named for people (LIB-TX-2, LIB-TV-2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from dlrules.components import ADVENTURERS, PALADINS, AdventurerClass
from dlrules.components.combat import CREATE_FOOD_HP, ILLUSION_KEY, printed_hit_points
from dlrules.core.phases.combat.fight import _SET_SHIELD, Run
from dlrules.core.phases.common import announce
from dlrules.core.state import Adventurer, Battle, GameState, PlayerState, setter


_ILLUSION: Final = ILLUSION_KEY
"""``ILLUSION_KEY``, a constant of this compiled module (read on every look at a party)."""

_FOOD_HP: Final = CREATE_FOOD_HP.value
"""Hit points per Create Food token (C2-1), a constant of this compiled module."""
_WIZARD: Final = AdventurerClass.WIZARD
_PRIEST: Final = AdventurerClass.PRIEST
"""Adventurer classes as constants of the compiled build (reading a member
of an enum class goes through the enum's slow class-attribute hook on
Python 3.11); the battle steps above this module use them too."""

_PALADIN_KEYS: Final = frozenset(p.key for p in PALADINS.values())


def is_paladin(adv: Adventurer) -> bool:
    return adv.key in _PALADIN_KEYS


def _paladin_tile(key: str) -> tuple[int, int, int, int]:
    """(HP, anti-trap, hearts, crystals) of a paladin tile (table P)."""
    tile = next(p for p in PALADINS.values() if p.key == key)
    return tile.hp, tile.anti_trap, tile.hearts, tile.crystals


def is_illusion(adv: Adventurer) -> bool:
    return adv.key == _ILLUSION


def _profile(key: str) -> tuple[AdventurerClass, int, int, int, int]:
    """The class rules name, the printed hit points and the (anti-trap,
    hearts, crystals) icons of the adventurer ``key``: an illusion (C2-2) has
    no ability, one hit point and is treated as a warrior (LIB-CMB-9); the
    paladin is none of the four classes and has all three kinds of icon
    (PAL-12); an adventurer tile has its class's icons (CMB-PARTY-3, table A)."""
    hp = printed_hit_points(key)
    assert hp is not None, key
    if key == _ILLUSION:
        return AdventurerClass.WARRIOR, hp, 0, 0, 0
    if key in _PALADIN_KEYS:
        _, anti, hearts, crystals = _paladin_tile(key)
        return AdventurerClass.PALADIN, hp, anti, hearts, crystals
    tile = ADVENTURERS[key]
    cls, power = tile.cls, tile.power
    return (
        cls,
        hp,
        power if cls is AdventurerClass.THIEF else 0,
        power if cls is AdventurerClass.PRIEST else 0,
        power if cls is AdventurerClass.WIZARD else 0,
    )


_PROFILES: Final[dict[str, tuple[AdventurerClass, int, int, int, int]]] = {
    key: _profile(key) for key in (ILLUSION_KEY, *_PALADIN_KEYS, *ADVENTURERS)
}
"""``_profile`` of every adventurer, illusion and paladin, computed once:
components are constants, and a battle asks for them many times."""

_CLASS: Final = {key: profile[0] for key, profile in _PROFILES.items()}
_HP: Final = {key: profile[1] for key, profile in _PROFILES.items()}
_ANTI_TRAP: Final = {key: profile[2] for key, profile in _PROFILES.items()}
_HEARTS: Final = {key: profile[3] for key, profile in _PROFILES.items()}
_CRYSTALS: Final = {key: profile[4] for key, profile in _PROFILES.items()}


def adventurer_class(adv: Adventurer) -> AdventurerClass:
    """The class rules name (PAL-12: the paladin is none of the four); an
    illusion (C2-2) has no ability and is treated as a warrior (LIB-CMB-9)."""
    return _CLASS[adv.key]


def hit_points(adv: Adventurer) -> int:
    """CMB-PARTY-4: the printed hit points, plus 1 per Create Food token (C2-1)."""
    return _HP[adv.key] + adv.food * CREATE_FOOD_HP.value


def anti_trap(party: Sequence[Adventurer]) -> int:
    """CMB-PARTY-3: the party's anti-trap icons (the thieves', and the
    paladin's as his profile gives them, ``_profile``), as ``crystals``
    counts the magic points."""
    total = 0
    for a in party:
        total += _ANTI_TRAP[a.key]
    return total


def hearts(party: Sequence[Adventurer]) -> int:
    """CMB-PARTY-3: the party's hearts (the priests', and the paladin's as
    his profile gives them, ``_profile``)."""
    total = 0
    for a in party:
        total += _HEARTS[a.key]
    return total


def crystals(party: Sequence[Adventurer]) -> int:
    """CMB-SPELL-2: the magic points of the wizards and the paladin."""
    total = 0
    for a in party:
        total += _CRYSTALS[a.key]
    return total


def _counters(members: Sequence[Adventurer]) -> tuple[list[str], list[int], list[int], int, bool]:
    """What the battle's last steps need of ``members``, each record read
    once: their keys, damage counters and hit points (CMB-PARTY-4,
    ``hit_points``), their hearts for the healing (CMB-HEAL-2, ``hearts``),
    and whether the party is plain for the fatigue (CMB-CONQ-2): no illusion
    (C2-2) and everyone standing with counters from 0 up
    (``conquest._tires_plainly``)."""
    keys: list[str] = []
    damages: list[int] = []
    hps: list[int] = []
    power = 0
    plain = True
    for a in members:
        key = a.key
        damage = a.damage
        hp = _HP[key] + a.food * _FOOD_HP
        keys.append(key)
        damages.append(damage)
        hps.append(hp)
        power += _HEARTS[key]
        if key == _ILLUSION or damage < 0 or damage >= hp:
            plain = False
    return keys, damages, hps, power, plain


def party(state: GameState, seat: int) -> tuple[Adventurer, ...]:
    """CMB-PARTY-1, PAL-3: the adventurers at ``seat``'s entrance, entrance
    first: the paladin in front when he attacks this dungeon. Computed, not
    stored: the first adventurer is always the front-most one left
    (CMB-PARTY-2); damage counters stay on the records from round to round
    (CMB-PARTY-7); the paladin's record travels with him, so he joins or
    leaves a battle in progress for the steps still to come (CMB-PAL-2)."""
    f = state.fight
    members = state.players[seat].party
    if f is not None and state.paladin == seat and not f.paladin_gone and f.paladin is not None:
        return _lined_up(members, f.paladin)
    if not members or members[-1].key != _ILLUSION:
        return members  # ``_lined_up``'s answer without a paladin and an illusion at the back, without the call
    return _lined_up(members, None)


def _party_in(run: Run, seat: int) -> tuple[Adventurer, ...]:
    """``party`` (CMB-PARTY-1, PAL-3, C2-2, LIB-CMB-9) on a run's values;
    tests/test_combat_run.py checks that both give the same party. The
    answer is remembered per seat in the run (``Run.parties``) while the
    seat's player record and the paladin attacking it are the same objects
    (records are immutable, so the party is the same): a battle asks for
    its party at every step, and each answer read from the records costs
    attribute reads in compiled code."""
    p = run.players[seat]
    paladin = run.paladin
    holder = run.holder
    attacking = paladin if holder is not None and holder == seat and not run.gone else None
    if run.party_of[seat] is p and run.party_by[seat] is attacking:
        return run.parties[seat]
    members = p.party
    if attacking is not None:
        found = _lined_up(members, attacking)
    elif not members or members[-1].key != _ILLUSION:
        found = members  # ``_lined_up``'s answer without a paladin and an illusion at the back, without the call
    else:
        found = _lined_up(members, None)
    run.party_of[seat] = p
    run.party_by[seat] = attacking
    run.parties[seat] = found
    return found


def _lined_up(members: tuple[Adventurer, ...], paladin: Adventurer | None) -> tuple[Adventurer, ...]:
    """``party``: the queue ``members`` with the ``paladin`` who attacks it
    (None: he does not) in front (CMB-PARTY-1, PAL-3), behind any illusion
    (C2-2); an illusion alone is no party (LIB-CMB-9)."""
    if paladin is not None:
        front = 0
        while front < len(members) and members[front].key == _ILLUSION:
            front += 1  # C2-2: an illusion stands in front of the paladin too
        members = members[:front] + (paladin,) + members[front:]
    if members and members[-1].key == _ILLUSION and all(map(is_illusion, members)):
        return ()  # LIB-CMB-9: an illusion alone is no party
    return members


def _with_party(run: Run, seat: int, members: Sequence[Adventurer], prisoners: tuple[str, ...] = ()) -> None:
    """Write ``seat``'s party back to the run: the paladin's record to
    ``Fight.paladin``; with it the ``prisoners`` taken (CMB-8: an eliminated
    paladin never moves again, CMB-PAL-3)."""
    rest, prison = _party_written(run, seat, members, prisoners)
    run.players[seat] = _SET_PARTY_PRISON(run.players[seat], rest, prison)


def _party_written(run: Run, seat: int, members: Sequence[Adventurer], prisoners: tuple[str, ...]) -> tuple[tuple[Adventurer, ...], tuple[str, ...]]:
    """``_with_party`` but for the copy of the player: his party and prison
    as they are to be written, the paladin's record already written to
    ``Fight.paladin`` (and the paladin gone when he is among the
    ``prisoners``), for a caller that writes other changes of the player in
    the same copy (``conquest._last_steps``)."""
    holder = run.holder
    if holder is not None and holder == seat and run.paladin is not None:  # only then can the paladin be among them (``party``)
        rest = tuple([a for a in members if a.key not in _PALADIN_KEYS])
        if len(rest) < len(members):
            run.paladin = next(a for a in members if a.key in _PALADIN_KEYS)
    else:
        rest = tuple(members)
    prison = run.players[seat].prison
    if prisoners:
        prison = prison + prisoners
        if any([key in _PALADIN_KEYS for key in prisoners]):
            run.paladin, run.gone, run.holder = None, True, None
    return rest, prison


_SET_PARTY_PRISON: Final = setter(PlayerState, "party", "prison")


def _spared(members: tuple[Adventurer, ...], b: Battle) -> list[Adventurer] | None:
    """C1-4, U-13: the party with the Poisoned Dart's later damage dropped on
    the wizards made invisible in this battle ``b``; None when none is poisoned."""
    if not b.invisible:
        return None
    for a in members:
        if a.poison and _CLASS[a.key] is _WIZARD:  # ``adventurer_class``
            return [_SET_POISON(m, 0) if _CLASS[m.key] is _WIZARD else m for m in members]
    return None


def _name(adv: Adventurer) -> str:
    """An adventurer for people, by class and strength: "the thief (HP 3, 1
    anti-trap icon)", "the paladin (HP 5)", "the illusion" (LIB-TX-2)."""
    if is_illusion(adv):
        return "the illusion"
    if is_paladin(adv):
        return f"the paladin (HP {_paladin_tile(adv.key)[0]})"
    return "the " + ADVENTURERS[adv.key].label.split(" ", 1)[1]


def _who(members: Sequence[Adventurer], index: int) -> str:
    """The adventurer at ``index`` and his place in the party, counted from 1 for people (LIB-TV-2)."""
    return f"{_name(members[index])} in position {index + 1}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def hurt(state: GameState, seat: int, amounts: Sequence[int], why: str, by: str | None = None) -> GameState:
    """``_hurt`` on a state in combat: the state after the damage."""
    run = Run(state)
    _hurt(run, seat, amounts, why, by)
    return run.written()


def _hurt(run: Run, seat: int, amounts: Sequence[int], why: str, by: str | None = None) -> None:
    """Place damage on ``seat``'s party, ``amounts[i]`` on the i-th adventurer
    (CMB-PARTY-5), all at once, then eliminate (CMB-PARTY-6, CMB-8): an
    adventurer whose counters reach his hit points goes to this dungeon's
    prison. Invisible wizards take nothing (C1-4, U-13); a Magic Shield
    absorbs its point first, front first (C1-3, U-12). ``why`` says the cause
    to people, ``by`` names it in the event data (a trap, a monster,
    ``"fatigue"``, ``"poison"``). Written to the run (``run.battle`` with its
    shield used)."""
    harm = _harm_to(_party_in(run, seat), seat, amounts, why, by, run.battle, run.narrate)
    if harm is None:
        return
    alive, prisoners, shielded = harm
    if shielded is not None:
        run.battle = shielded
    if alive is not None:
        _with_party(run, seat, alive, prisoners)


_Harm = tuple[tuple[Adventurer, ...] | None, tuple[str, ...], "Battle | None"]
"""What ``hurt`` writes: the party left (None: untouched), the prisoners
taken, the battle with its Magic Shield used (None: untouched)."""


_SET_DAMAGE: Final = setter(Adventurer, "damage")
_SET_POISON: Final = setter(Adventurer, "poison")
_SET_PARTY: Final = setter(PlayerState, "party")


def _harm_to(members: tuple[Adventurer, ...], seat: int, amounts: Sequence[int], why: str, by: str | None, battle: Battle | None, narrate: bool) -> _Harm | None:
    """``hurt`` computed and announced, not written (None: nothing changes),
    on ``members``, ``seat``'s party as it now stands (``party``);
    ``battle`` is the battle in progress, if any; ``narrate``: ``narrate``.
    Each adventurer's fields are read once (attribute reads of records cost
    in compiled code)."""
    n = len(members)
    placed = list(amounts[:n])
    if len(placed) < n:
        placed += [0] * (n - len(placed))  # the positions not named take nothing
    shielded: Battle | None = None  # the battle with its shield used, if it was
    if battle is not None and battle.seat == seat:
        if battle.invisible:
            if narrate:  # the damage an invisible wizard does not take is told, not lost in silence (issue 37)
                for i in range(n):
                    if _CLASS[members[i].key] is _WIZARD and placed[i] > 0:
                        announce(
                            "invisible", f"{_capital(_who(members, i))} is invisible and takes none of the {placed[i]} damage (C1-4, U-13).",
                            seat, position=i, adventurer=members[i].key, prevented=placed[i], by=by,
                        )  # fmt: skip
            placed = [0 if _CLASS[members[i].key] is _WIZARD else placed[i] for i in range(n)]  # ``adventurer_class``
        start = battle.shield
        shield = start
        if shield:
            for i in range(n):
                d = placed[i]
                if shield and d > 0:  # (never less than 0 in a game; the shield takes nothing from a negative amount)
                    used = min(shield, d)
                    placed[i] = d - used
                    shield -= used
                    if narrate:
                        announce(
                            "shield",
                            f"The Magic Shield absorbs {used} damage aimed at {_who(members, i)}.",
                            seat,
                            absorbed=used,
                            position=i,
                            adventurer=members[i].key,
                            by=by,
                        )
            if shield != start:
                shielded = _SET_SHIELD(battle, shield)
    hit: list[Adventurer] = []  # the party with the damage placed
    keys: list[str] = []
    down: list[bool] = []  # whose counters reach his hit points (``hit_points``), looked at in the same pass
    touched = False
    falls = False
    for i in range(n):
        a = members[i]
        key = a.key
        damage = a.damage
        d = placed[i]
        if d:
            damage += d
            a = _SET_DAMAGE(a, damage)
            touched = True
        hit.append(a)
        keys.append(key)
        fell = damage >= _HP[key] + a.food * _FOOD_HP
        down.append(fell)
        if fell:
            falls = True
    if not touched:
        return None if shielded is None else (None, (), shielded)
    if narrate:
        _tell_damage(members, seat, placed, why, by)
    if not falls:  # the usual case: nobody falls
        return tuple(hit), (), shielded
    alive = tuple([hit[i] for i in range(n) if not down[i]])
    fallen = [i for i in range(n) if down[i] and keys[i] != _ILLUSION]  # ``is_illusion``
    if narrate and len(alive) + len(fallen) < n:
        announce("illusion", "The illusion vanishes (C2-2).", seat, alone=False)
    if alive and all([a.key == _ILLUSION for a in alive]):
        alive = ()  # LIB-CMB-9: an illusion alone is no party
        if narrate:
            announce("illusion", "Only the illusion is left: it vanishes, and the party is gone (LIB-CMB-9).", seat, alone=True)
    if narrate:
        for i in fallen:
            a = hit[i]
            where = 0
            while hit[where] is not a:
                where += 1  # the first place holding this record
            _tell_eliminated(a, seat, where)
    return alive, tuple([keys[i] for i in fallen]), shielded



def _tell_damage(members: Sequence[Adventurer], seat: int, placed: Sequence[int], why: str, by: str | None) -> None:
    """Announce damage placed on ``members`` (CMB-PARTY-5): ``placed[i]`` on the i-th."""
    text = ", ".join([f"{d} on {_who(members, i)}" for i, d in enumerate(placed) if d])
    announce("damage", f"{why}: {text} (Player {seat + 1}'s dungeon).", seat, by=by, amounts=list(placed))


def _tell_eliminated(a: Adventurer, seat: int, where: int) -> None:
    """Announce ``a``, at ``where`` in the party, eliminated into ``seat``'s prison (CMB-8)."""
    announce("eliminated", f"{_capital(_name(a))} is eliminated and goes to Player {seat + 1}'s prison (CMB-8).", seat, adventurer=a.key, position=where)
