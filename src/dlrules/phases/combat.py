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

import functools
import itertools
from collections.abc import Sequence

from dlrules.components import ADVENTURERS, COMBAT_CARDS, MONSTERS, PALADINS, TRAPS, AdventurerClass, Speed
from dlrules.components.combat import (
    COMBAT_ROUNDS,
    CONQUEST_EVIL,
    CREATE_FOOD_HP,
    DETECT_EVIL_EVIL,
    ILLUSION_HP,
    ILLUSION_KEY,
    MAGIC_SHIELD_POINTS,
    MONSTER_COMBAT,
    ROOM_BONUS,
    TRAP_COMBAT,
    WORD_OF_PEACE_EVIL,
    Aim,
    AttackOption,
    BattleGround,
    Reach,
    battle_ground,
)
from dlrules.dungeon import square_name, walking_distances
from dlrules.errors import Violation
from dlrules.moves import (
    Attack,
    ChooseTrap,
    DiscardTrap,
    Draw,
    Move,
    PayMonster,
    PlanDefence,
    ReleasePrisoner,
    Target,
    Transform,
    WordOfPeace,
)
from dlrules.phases import PhaseRules
from dlrules.components.setup import EVIL_MIN
from dlrules.phases.common import (
    announce,
    check_paladin,
    evil_cost_violation,
    move_evil,
    narrating,
    plural,
    replaced,
    square_data,
    update_player,
)
from dlrules.phases.events import can_pay as can_pay_wage
from dlrules.state import (
    CHANCE,
    Adventurer,
    Battle,
    Dungeon,
    Fight,
    GameState,
    Monster,
    Phase,
    Plan,
    PlayerState,
    Square,
    Tile,
    evolve,
)

# --- the party (CMB-PARTY) -------------------------------------------------------------


_PALADIN_KEYS = frozenset(p.key for p in PALADINS.values())


def is_paladin(adv: Adventurer) -> bool:
    return adv.key in _PALADIN_KEYS


def _paladin_tile(key: str) -> tuple[int, int, int, int]:
    """(HP, anti-trap, hearts, crystals) of a paladin tile (table P)."""
    tile = next(p for p in PALADINS.values() if p.key == key)
    return tile.hp, tile.anti_trap, tile.hearts, tile.crystals


def is_illusion(adv: Adventurer) -> bool:
    return adv.key == ILLUSION_KEY


def adventurer_class(adv: Adventurer) -> AdventurerClass:
    """The class rules name (PAL-12: the paladin is none of the four); an
    illusion (C2-2) has no ability and is treated as a warrior (LIB-CMB-9)."""
    if is_illusion(adv):
        return AdventurerClass.WARRIOR
    return AdventurerClass.PALADIN if is_paladin(adv) else ADVENTURERS[adv.key].cls


def hit_points(adv: Adventurer) -> int:
    """CMB-PARTY-4: the printed hit points, plus 1 per Create Food token (C2-1)."""
    if is_illusion(adv):
        base = ILLUSION_HP.value
    else:
        base = _paladin_tile(adv.key)[0] if is_paladin(adv) else ADVENTURERS[adv.key].hp
    return base + adv.food * CREATE_FOOD_HP.value


def _icons(adv: Adventurer, cls: AdventurerClass) -> int:
    """CMB-PARTY-3: a thief's anti-trap icons, a priest's hearts, a wizard's
    crystals; the paladin has all three kinds (PAL-12)."""
    if is_illusion(adv):
        return 0
    if is_paladin(adv):
        _, anti, hearts, crystals = _paladin_tile(adv.key)
        return {AdventurerClass.THIEF: anti, AdventurerClass.PRIEST: hearts, AdventurerClass.WIZARD: crystals}[cls]
    tile = ADVENTURERS[adv.key]
    return tile.power if tile.cls is cls else 0


def anti_trap(party: Sequence[Adventurer]) -> int:
    return sum(_icons(a, AdventurerClass.THIEF) for a in party)


def hearts(party: Sequence[Adventurer]) -> int:
    return sum(_icons(a, AdventurerClass.PRIEST) for a in party)


def crystals(party: Sequence[Adventurer]) -> int:
    """CMB-SPELL-2: the magic points of the wizards and the paladin."""
    return sum(_icons(a, AdventurerClass.WIZARD) for a in party)


def _fight(state: GameState) -> Fight:
    assert state.fight is not None
    return state.fight


def _battle(state: GameState) -> Battle:
    b = _fight(state).battle
    assert b is not None
    return b


def _set_battle(state: GameState, battle: Battle | None) -> GameState:
    return evolve(state, fight=evolve(_fight(state), battle=battle))


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
        front = 0
        while front < len(members) and is_illusion(members[front]):
            front += 1  # C2-2: an illusion stands in front of the paladin too
        members = members[:front] + (f.paladin,) + members[front:]
    if members and is_illusion(members[-1]) and all(map(is_illusion, members)):
        return ()  # LIB-CMB-9: an illusion alone is no party
    return members


def _with_party(
    state: GameState,
    seat: int,
    members: Sequence[Adventurer],
    battle: Battle | None = None,
    prisoners: tuple[str, ...] = (),
    **changes: object,
) -> GameState:
    """Write ``seat``'s party back in one copy: the paladin's record to
    ``Fight.paladin``; with it the ``battle`` (if given), the ``prisoners``
    taken (CMB-8: an eliminated paladin never moves again, CMB-PAL-3) and
    other ``changes`` of the player."""
    f = _fight(state)
    if state.paladin == seat and f.paladin is not None:  # only then can the paladin be among them (``party``)
        rest = tuple(a for a in members if not is_paladin(a))
    else:
        rest = tuple(members)
    p = state.players[seat]
    if prisoners:
        changes["prison"] = p.prison + prisoners
    player = evolve(p, party=rest, **changes)
    players = replaced(state.players, seat, player)
    fight: dict[str, object] = {} if battle is None else {"battle": battle}
    if len(rest) < len(members):
        fight["paladin"] = next(a for a in members if is_paladin(a))
    if prisoners and any(key in _PALADIN_KEYS for key in prisoners):
        fight.update(paladin=None, paladin_gone=True)
        return evolve(state, players=players, paladin=None, fight=evolve(f, **fight))
    if fight:
        return evolve(state, players=players, fight=evolve(f, **fight))
    return evolve(state, players=players)


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


def hurt(state: GameState, seat: int, amounts: Sequence[int], why: str, by: str | None = None, b: Battle | None = None) -> GameState:
    """Place damage on ``seat``'s party, ``amounts[i]`` on the i-th adventurer
    (CMB-PARTY-5), all at once, then eliminate (CMB-PARTY-6, CMB-8): an
    adventurer whose counters reach his hit points goes to this dungeon's
    prison. Invisible wizards take nothing (C1-4, U-13); a Magic Shield
    absorbs its point first, front first (C1-3, U-12). ``why`` says the cause
    to people, ``by`` names it in the event data (a trap, a monster,
    ``"fatigue"``, ``"poison"``). ``b`` is the battle as it now stands when
    it is not written yet: it is written with the damage. The state is
    copied once."""
    f = state.fight
    harm = _harm(state, seat, amounts, why, by, b if b is not None or f is None else f.battle)
    if harm is None:
        return state if b is None else _set_battle(state, b)
    return _hurt_written(state, seat, harm, b)


def _hurt_written(state: GameState, seat: int, harm: _Harm, b: Battle | None = None) -> GameState:
    """The state with ``harm`` (``_harm``'s answer) written, in one copy,
    with the battle ``b`` if it is not written yet."""
    alive, prisoners, shielded = harm
    battle = shielded or b
    if alive is None:
        assert battle is not None  # only a Magic Shield's use changes nothing else
        return _set_battle(state, battle)
    return _with_party(state, seat, alive, battle, prisoners)


_Harm = tuple[tuple[Adventurer, ...] | None, tuple[str, ...], "Battle | None"]
"""What ``hurt`` writes: the party left (None: untouched), the prisoners
taken, the battle with its Magic Shield used (None: untouched)."""


def _harm(state: GameState, seat: int, amounts: Sequence[int], why: str, by: str | None, battle: Battle | None) -> _Harm | None:
    """``hurt`` computed and announced, not written (None: nothing changes);
    ``battle`` is the battle in progress, if any."""
    members = party(state, seat)
    amounts = list(amounts[: len(members)]) + [0] * max(0, len(members) - len(amounts))
    shielded: Battle | None = None  # the battle with its shield used, if it was
    if battle is not None and battle.seat == seat:
        if battle.invisible:
            amounts = [0 if adventurer_class(a) is AdventurerClass.WIZARD else d for a, d in zip(members, amounts)]
        shield = battle.shield
        for i, d in enumerate(amounts if shield else ()):
            if shield and d:
                used = min(shield, d)
                amounts[i] -= used
                shield -= used
                if narrating():
                    announce(
                        "shield",
                        f"The Magic Shield absorbs {used} damage aimed at {_who(members, i)}.",
                        seat,
                        absorbed=used,
                        position=i,
                        adventurer=members[i].key,
                        by=by,
                    )
        if shield != battle.shield:
            shielded = evolve(battle, shield=shield)
    if not any(amounts):
        return None if shielded is None else (None, (), shielded)
    hit = [evolve(a, damage=a.damage + d) if d else a for a, d in zip(members, amounts)]
    if narrating():
        placed = ", ".join(f"{d} on {_who(members, i)}" for i, d in enumerate(amounts) if d)
        announce("damage", f"{why}: {placed} (Player {seat + 1}'s dungeon).", seat, by=by, amounts=list(amounts))
    standing = [a.damage < hit_points(a) for a in hit]
    if all(standing):  # the usual case: nobody falls
        return tuple(hit), (), shielded
    alive = tuple(a for a, up in zip(hit, standing) if up)
    fallen = tuple(a for a, up in zip(hit, standing) if not up and not is_illusion(a))
    if narrating() and len(alive) + len(fallen) < len(hit):
        announce("illusion", "The illusion vanishes (C2-2).", seat, alone=False)
    if alive and all(is_illusion(a) for a in alive):
        alive = ()  # LIB-CMB-9: an illusion alone is no party
        if narrating():
            announce("illusion", "Only the illusion is left: it vanishes, and the party is gone (LIB-CMB-9).", seat, alone=True)
    if narrating():
        for a in fallen:
            where = next(i for i, b in enumerate(hit) if b is a)
            announce("eliminated", f"{_capital(_name(a))} is eliminated and goes to Player {seat + 1}'s prison (CMB-8).", seat, adventurer=a.key, position=where)
    return alive, tuple(a.key for a in fallen), shielded


# --- battle tiles (CMB-2, CMB-PLAN-2..4) ----------------------------------------------------


@functools.lru_cache(maxsize=1024)
def _distances(squares: frozenset[Square]) -> dict[Square, int]:
    return walking_distances(squares)  # read only: shared between calls


def battle_tiles(dungeon: Dungeon) -> tuple[Square, ...]:
    """CMB-PLAN-2..4: the unconquered tiles at the least walking distance;
    tiles no path connects come only when no connected one is left."""
    distance = _distances(dungeon.squares)
    open_tiles = [t.square for t in dungeon.tiles if not t.conquered]
    connected = [sq for sq in open_tiles if sq in distance]
    if not connected:
        return tuple(sorted(open_tiles))
    least = min(distance[sq] for sq in connected)
    return tuple(sorted(sq for sq in connected if distance[sq] == least))


def ground_of(tile: Tile) -> BattleGround:
    """CMB-3, CMB-ROOM-1, CMB-ROOM-2: what the battle tile allows; a
    conquered room has lost its function (CMB-CONQ-4, LIB-CMB-8)."""
    return battle_ground(tile.room, tile.conquered)


def _tile(state: GameState, seat: int, square: Square) -> Tile:
    tile = state.players[seat].dungeon.at(square)
    assert tile is not None
    return tile


# --- planning (CMB-PLAN, CMB-REF-2) ------------------------------------------------------------


def _trap_cost(traps: Sequence[str], ground: BattleGround) -> tuple[int, int, int]:
    """CMB-PLAN-6: (gold, food, imps) a set of traps costs on ``ground``, surcharge included."""
    return _cost(traps, ground.surcharge)


def _cost(traps: Sequence[str], surcharge: int) -> tuple[int, int, int]:
    data = [TRAP_COMBAT[t] for t in traps]
    return (
        surcharge * len(traps) + sum(t.gold for t in data),
        sum(t.food for t in data),
        sum(t.imps for t in data),
    )


def _affordable(player: PlayerState, cost: tuple[int, int, int]) -> bool:
    return player.gold >= cost[0] and player.food >= cost[1] and player.imps >= cost[2]


def _multisets(counts: dict[str, int], most: int) -> tuple[tuple[str, ...], ...]:
    """Every sorted multiset of at most ``most`` keys drawn from ``counts``."""
    return _multisets_of(tuple(sorted(counts.items())), most)


@functools.lru_cache(maxsize=1024)
def _multisets_of(items: tuple[tuple[str, int], ...], most: int) -> tuple[tuple[str, ...], ...]:
    counts = dict(items)
    keys = sorted(counts)
    out: list[tuple[str, ...]] = [()]
    for size in range(1, most + 1):
        for combo in itertools.combinations_with_replacement(keys, size):
            if all(combo.count(k) <= counts[k] for k in set(combo)):
                out.append(combo)
    return tuple(out)


@functools.lru_cache(maxsize=1024)
def _sendable(monsters: tuple[Monster, ...], limit: int) -> tuple[tuple[int, ...], ...]:
    """CMB-3, CMB-PLAN-5, LIB-CMB-2: the ready monsters and ghosts that may be
    sent, as sorted indices; of alike monsters the first ones are named."""
    by_kind: dict[str, list[int]] = {}
    ghosts: list[int] = []
    for i, m in enumerate(monsters):
        if m.ready:
            (ghosts if MONSTERS[m.kind].ghost else by_kind.setdefault(m.kind, [])).append(i)
    out: list[tuple[int, ...]] = []
    for combo in _multisets({k: len(v) for k, v in by_kind.items()}, limit):
        chosen = [by_kind[k][: combo.count(k)] for k in set(combo)]
        base = [i for group in chosen for i in group]
        for g in range(len(ghosts) + 1):
            out.append(tuple(sorted(base + ghosts[:g])))
    return tuple(out)


def _plans(seat: int, player: PlayerState) -> tuple[Move, ...]:
    """CMB-REF-2: every legal plan: on each battle tile, each affordable set
    of trap cards with each set of monsters that may be sent (CMB-PLAN-2..6).
    Not cached as a whole (gold, food and imps make nearly every player's
    situation new); its parts are."""
    options = []
    dungeon = player.dungeon
    for square in battle_tiles(dungeon):
        tile = dungeon.at(square)
        assert tile is not None
        ground = ground_of(tile)
        played = tuple(
            ts
            for ts, (gold, food, imps) in _trap_costs(player.traps, ground.traps, ground.surcharge)
            if player.gold >= gold and player.food >= food and player.imps >= imps
        )
        options.append((square, played, _sendable(player.monsters, ground.monsters)))
    return _plan_moves(seat, tuple(options))


@functools.lru_cache(maxsize=1024)
def _plan_moves(
    seat: int, options: tuple[tuple[Square, tuple[tuple[str, ...], ...], tuple[tuple[int, ...], ...]], ...]
) -> tuple[Move, ...]:
    """The plans of ``seat``: for each battle tile, its trap sets and its monster sets."""
    return tuple(PlanDefence(seat, square, ts, ms) for square, played, sends in options for ts in played for ms in sends)


@functools.lru_cache(maxsize=1024)
def _trap_costs(traps: tuple[str, ...], most: int, surcharge: int) -> tuple[tuple[tuple[str, ...], tuple[int, int, int]], ...]:
    """CMB-PLAN-5, CMB-PLAN-6: each sorted set of at most ``most`` of the
    trap cards held, with its (gold, food, imps), ``surcharge`` per card included."""
    counts: dict[str, int] = {}
    for t in traps:
        counts[t] = counts.get(t, 0) + 1
    return tuple((ts, _cost(ts, surcharge)) for ts in _multisets(counts, most))


def _releases(seat: int, player: PlayerState) -> tuple[Move, ...]:
    """CMB-END-3, LIB-CMB-2: one move per kind of prisoner (the first of alike ones)."""
    return tuple(ReleasePrisoner(seat, i) for i, key in enumerate(player.prison) if player.prison.index(key) == i)


# --- where the combat stands ------------------------------------------------------------------


def _seat_at(state: GameState) -> int | None:
    f = _fight(state)
    order = state.player_order()
    return order[f.position] if f.position < len(order) else None


def _card(state: GameState) -> str | None:
    """The card of this combat round (CMB-CARD-3), if identified."""
    return state.combat[_fight(state).round - 1]


_LAST: list[tuple[GameState, tuple[Move, ...]]] = []
"""The last state asked about and its moves: ``auto``, ``to_move`` and
``legal_moves`` ask about the same state one after the other (the entry holds
the state itself, so its identity cannot be reused while it is kept)."""


def legal(state: GameState) -> tuple[Move, ...]:
    """The decision due now, or ``()`` when the next step is automatic."""
    last = _LAST[0] if _LAST else None
    if last is not None and last[0] is state:
        return last[1]
    moves = _legal(state)
    _LAST[:] = [(state, moves)]
    return moves


def _legal(state: GameState) -> tuple[Move, ...]:
    f = state.fight
    if f is None or f.stage == "over":
        return ()
    if f.stage == "reveal":
        known = _card(state)
        if known is not None:
            return (Draw("combat", known),)  # LIB-RC-3: a chance turn all the same, its one outcome certain
        deck = state.decks.combat
        return tuple(Draw("combat", key) for key, n in deck.unseen if n > 0)  # CMB-REF-3
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
        if any(not t.conquered for t in player.dungeon.tiles):
            return _plans(seat, player)
        return _releases(seat, player)
    b = f.battle
    if b is None or b.seat != seat or not party(state, seat):
        return ()
    return _battle_moves(state, b)


def _battle_moves(state: GameState, b: Battle) -> tuple[Move, ...]:
    seat = b.seat
    player = state.players[seat]
    members = party(state, seat)
    if b.aiming is not None:
        return tuple(Target(seat, i) for i in range(len(members)))  # CMB-TRAP-6; M-5: the Witch's second small attack, anyone
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
        for i in _first_of_alike(player, b.sent):
            options = _attacks(state, b, i)
            if not options:
                return ()  # a monster that cannot attack is resolved automatically first (CMB-MON-3)
            moves.extend(options)
        return tuple(moves)
    return ()


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


def _monsters_only(player: PlayerState, indices: Sequence[int]) -> tuple[int, ...]:
    """CMB-SPELL-6: spells that speak of monsters leave ghosts alone."""
    return tuple(i for i in indices if not MONSTERS[player.monsters[i].kind].ghost)


def _targets(members: Sequence[Adventurer], option: AttackOption) -> tuple[int, ...]:
    """CMB-MON-5: valid targets of an "attack anyone" option."""
    return tuple(
        i
        for i, a in enumerate(members)
        if not (option.not_first and i == 0) and not (option.no_priests and adventurer_class(a) is AdventurerClass.PRIEST)
    )


def _attacks(state: GameState, b: Battle, index: int) -> tuple[Move, ...]:
    """CMB-MON-2, CMB-MON-3: the options of monster ``index`` now, from
    table M (CMB-MON-9); the Troll's food is paid when he acts, from what is
    left (CMB-PLAN-7)."""
    seat = b.seat
    player = state.players[seat]
    members = party(state, seat)
    out: list[Move] = []
    for n, option in enumerate(MONSTER_COMBAT[player.monsters[index].kind].options):
        if option.food and player.food < option.food:
            continue  # CMB-MON-2: an option with a price needs the price
        if option.reach is Reach.ANYONE:
            out.extend(Attack(seat, index, n, t) for t in _targets(members, option))
        else:
            out.append(Attack(seat, index, n))
    return tuple(out)


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


# --- explaining refusals ------------------------------------------------------------------------


def explain(state: GameState, move: Move) -> tuple[Violation, ...]:
    found = _explain(state, move)
    return (found,) if found is not None else ()


def _explain(state: GameState, move: Move) -> Violation | None:
    f = state.fight
    if f is None:
        return None
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
            if any(not t.conquered for t in player.dungeon.tiles):
                return Violation("CMB-END-3", "you still have an unconquered tile: you plan a battle (PlanDefence), not a release")
            if not 0 <= move.prisoner < len(player.prison):
                return Violation("CMB-END-3", f"your prison holds {len(player.prison)} adventurers (1 to {len(player.prison)}), not {move.prisoner + 1}")
            first = player.prison.index(player.prison[move.prisoner])
            return Violation("LIB-CMB-2", f"prisoners {first + 1} and {move.prisoner + 1} are alike; name the first, {first + 1}")
        if not isinstance(move, PlanDefence):
            return Violation("CMB-REF-2", "it is the Planning phase: plan your battle (PlanDefence)")
        if not any(not t.conquered for t in player.dungeon.tiles):
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


def _plan_violation(state: GameState, seat: int, move: PlanDefence) -> Violation:
    player = state.players[seat]
    tiles = battle_tiles(player.dungeon)
    tile = player.dungeon.at(move.tile)
    if tile is None or move.tile not in tiles:
        names = ", ".join(square_name(sq) for sq in tiles)
        distance = walking_distances(player.dungeon.squares)
        where = "is not a tile of your dungeon" if tile is None else (
            "is conquered" if tile.conquered else f"is {distance.get(move.tile, '?')} steps in, farther than the nearest"
        )
        return Violation("CMB-2", f"{square_name(move.tile)} {where}; the battle tile must be one of the nearest unconquered: {names} (CMB-PLAN-3)")
    ground = ground_of(tile)
    if len(move.traps) > ground.traps:
        return Violation("CMB-3", f"a {ground.name} takes at most {ground.traps} trap(s), not {len(move.traps)}")
    if tuple(sorted(move.traps)) != move.traps:
        return Violation("LIB-CMB-2", f"name the trap cards in sorted order: {tuple(sorted(move.traps))}")
    for t in set(move.traps):
        if move.traps.count(t) > player.traps.count(t):
            return Violation("CMB-PLAN-5", f"you hold {player.traps.count(t)} {t!r} trap card(s), not {move.traps.count(t)}")
    gold, food, imps = _trap_cost(move.traps, ground)
    if not _affordable(player, (gold, food, imps)):
        return Violation(
            "CMB-PLAN-6",
            f"these traps cost {gold} gold, {food} food and {imps} imps on a {ground.name} (surcharge included); "
            f"you have {player.gold} gold, {player.food} food and {player.imps} imps",
        )
    if tuple(sorted(set(move.monsters))) != move.monsters:
        return Violation("LIB-CMB-2", "name the monsters sent as sorted, different indices")
    for i in move.monsters:
        if not 0 <= i < len(player.monsters):
            return Violation("CMB-PLAN-5", f"you have {len(player.monsters)} monsters (1 to {len(player.monsters)}), not {i + 1}")
        if not player.monsters[i].ready:
            return Violation("CMB-PLAN-5", f"your {MONSTERS[player.monsters[i].kind].name} ({i + 1}) is knocked out and cannot be sent")
    real = _monsters_only(player, move.monsters)
    if len(real) > ground.monsters:
        return Violation("CMB-3", f"a {ground.name} takes at most {ground.monsters} monster(s) (ghosts aside), not {len(real)}")
    return Violation("LIB-CMB-2", "of alike monsters (or ghosts) name the first ones in your lair")


def _attack_violation(state: GameState, b: Battle, move: Attack) -> Violation:
    player = state.players[b.seat]
    if move.monster not in b.sent:
        sent = ", ".join(f"{MONSTERS[player.monsters[i].kind].name} ({i + 1})" for i in b.sent) or "none"
        return Violation("CMB-MON-1", f"monster {move.monster + 1} was not sent here or has acted; still to act: {sent}")
    kind = player.monsters[move.monster].kind
    options = MONSTER_COMBAT[kind].options
    if not 0 <= move.option < len(options):
        return Violation("CMB-MON-2", f"the {MONSTERS[kind].name} has {len(options)} option(s) (1 to {len(options)}), not {move.option + 1}")
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


# --- changes -----------------------------------------------------------------------------------------


def play(state: GameState, move: Move) -> GameState:
    if isinstance(move, Draw):
        return _reveal(state, move.card, drawn=_card(state) is None)
    if isinstance(move, PlanDefence):
        return _plan(state, move)
    if isinstance(move, ReleasePrisoner):
        return _release(state, move.seat, move.prisoner)
    b = _battle(state)
    seat = b.seat
    if isinstance(move, ChooseTrap):
        return _trap(state, move.trap)
    if isinstance(move, Target):
        return _aimed(state, move.adventurer)
    if isinstance(move, Attack):
        return _attack(state, move)
    if isinstance(move, WordOfPeace):
        state = _set_battle(state, evolve(b, choosing=None))
        if move.withdraw:
            return _withdraw(state, _monsters_only(state.players[seat], b.sent), "Word of Peace", "word-of-peace")
        if narrating():
            announce("spell", f"Player {seat + 1} keeps the monsters and gains {WORD_OF_PEACE_EVIL.value} evil (Word of Peace).", seat, card="word-of-peace", choice="evil", evil=WORD_OF_PEACE_EVIL.value)
        return move_evil(state, seat, WORD_OF_PEACE_EVIL.value)
    if isinstance(move, PayMonster):
        kind = MONSTERS[state.players[seat].monsters[move.monster].kind]
        asking = tuple(i for i in b.asking if i != move.monster)
        state = _set_battle(state, evolve(b, asking=asking, choosing="suggestion" if asking else None))
        if not move.pay:
            return _withdraw(state, (move.monster,), "Suggestion", "suggestion")
        p = state.players[seat]
        if narrating():
            cost = {k: v for k, v in (("gold", kind.gold), ("food", kind.food), ("evil", kind.evil)) if v}
            announce("spell", f"Player {seat + 1} pays the {kind.name}'s cost, {kind.describe_cost()} (Suggestion).", seat, card="suggestion", choice="pay", monster=kind.key, index=move.monster, cost=cost)
        state = update_player(state, seat, gold=p.gold - kind.gold, food=p.food - kind.food)
        return move_evil(state, seat, kind.evil)  # CMB-SPELL-7: a cost
    if isinstance(move, DiscardTrap):
        p = state.players[seat]
        traps = list(p.traps)
        traps.remove(move.trap)
        if narrating():
            announce("spell", f"Player {seat + 1} loses a trap card, discarded face down (Detect Treasure).", seat, card="detect-treasure", lost={"trap_cards": 1})
        state = update_player(state, seat, traps=tuple(traps))
        state = evolve(state, trap_discard=state.trap_discard + (move.trap,))  # SETUP-3: face down, out of the game
        return _set_battle(state, evolve(_battle(state), choosing=None))
    assert isinstance(move, Transform)
    kind = MONSTERS[state.players[seat].monsters[move.monster].kind]
    if narrating():
        announce("spell", f"Player {seat + 1}'s {kind.name} becomes a sheep: it does not act and is knocked out (Metamorphosis).", seat, card="metamorphosis", monster=kind.key, index=move.monster)
    state = _knock_out(state, seat, (move.monster,), golem_stays=False)
    b = _battle(state)
    return _set_battle(state, evolve(b, sent=tuple(i for i in b.sent if i != move.monster), choosing=None))


def _plan(state: GameState, move: PlanDefence) -> GameState:
    """CMB-PLAN-5, CMB-PLAN-6, CMB-PLAN-9: trap cards leave the hand face down
    with the room's gold on them; monsters and ghosts are sent face up."""
    seat = move.seat
    p = state.players[seat]
    ground = ground_of(_tile(state, seat, move.tile))
    traps = list(p.traps)
    for t in move.traps:
        traps.remove(t)
    gold = ground.surcharge * len(move.traps)
    f = _fight(state)
    plans = replaced(f.plans, seat, Plan(move.tile, move.traps, move.monsters, gold))
    if narrating():
        sent = ", ".join(MONSTERS[p.monsters[i].kind].name for i in move.monsters) or "no monster"
        extra = f" with {gold} gold on {'it' if len(move.traps) == 1 else 'them'}" if gold else ""
        announce(
            "plan",
            f"Player {seat + 1} defends {square_name(move.tile)}: {plural(len(move.traps), 'trap card') if move.traps else 'no trap card'} face down{extra}; sends {sent}.",
            seat,
            tile=square_data(move.tile),
            trap_cards=len(move.traps),  # face down: which ones is secret (CMB-PLAN-5, LIB-TX-1)
            gold=gold,
            monsters=[p.monsters[i].kind for i in move.monsters],
            sent=list(move.monsters),
        )
    player = evolve(p, traps=tuple(traps), gold=p.gold - gold)
    players = replaced(state.players, seat, player)
    return evolve(state, players=players, fight=evolve(f, plans=plans, position=f.position + 1))  # one copy


def _release(state: GameState, seat: int, index: int) -> GameState:
    """CMB-END-3: a prisoner goes to the Distant Lands (it will not score)."""
    p = state.players[seat]
    key = p.prison[index]
    if narrating():
        announce("release", f"Player {seat + 1} has no unconquered tile and releases {_name(Adventurer(key))} to the Distant Lands (CMB-END-3).", seat, adventurer=key, prisoner=index)
    state = update_player(state, seat, prison=p.prison[:index] + p.prison[index + 1 :])
    f = _fight(state)
    return evolve(state, far_lands=state.far_lands + (key,), fight=evolve(f, position=f.position + 1))


def _reveal(state: GameState, card: str, *, drawn: bool) -> GameState:
    """CMB-REV-1, CMB-CARD-4, CMB-CARD-7: the round's card is turned face up
    and is public from now on (every seat has seen it)."""
    f = _fight(state)
    pos = f.round - 1
    spied = tuple(seen if pos in seen else tuple(sorted(seen + (pos,))) for seen in state.spied)
    c = COMBAT_CARDS[card]
    if narrating():
        announce("card", f"Combat round {f.round}: the card is {c.name} ({c.speed.value}, fatigue {c.fatigue}): {c.effect}.", None, card=card, round=f.round, speed=c.speed.value, fatigue=c.fatigue)
    fight = evolve(f, stage="battle", position=0)
    if drawn:
        decks = evolve(state.decks, combat=state.decks.combat.without(card))
        combat = replaced(state.combat, pos, card)
        return evolve(state, spied=spied, fight=fight, decks=decks, combat=combat)
    return evolve(state, spied=spied, fight=fight)


def _withdraw(state: GameState, indices: Sequence[int], why: str, card: str) -> GameState:
    """CMB-SPELL-5: withdrawn monsters go back face up, as if never sent."""
    b = _battle(state)
    if narrating() and indices:
        kinds = [state.players[b.seat].monsters[i].kind for i in indices]
        names = ", ".join(MONSTERS[k].name for k in kinds)
        verb = "goes" if len(kinds) == 1 else "go"
        announce("withdraw", f"Player {b.seat + 1}'s {names} {verb} back to the lair face up ({why}).", b.seat, card=card, monsters=kinds, indices=list(indices))
    return _set_battle(state, evolve(b, sent=tuple(i for i in b.sent if i not in indices)))


def _knock_out(state: GameState, seat: int, indices: Sequence[int], *, golem_stays: bool = True) -> GameState:
    """CMB-MON-4, CMB-MON-8: face down in the lair (a Golem goes back face up)."""
    return update_player(state, seat, monsters=_knocked_out(state.players[seat].monsters, indices, golem_stays=golem_stays))


def _knocked_out(monsters: tuple[Monster, ...], indices: Sequence[int], *, golem_stays: bool = True) -> tuple[Monster, ...]:
    return tuple(evolve(m, ready=golem_stays and m.kind == "golem") if i in indices else m for i, m in enumerate(monsters))


# --- the trap step (CMB-TRAP) ------------------------------------------------------------------------


def _trap(state: GameState, key: str) -> GameState:
    """CMB-TRAP-1: reveal a trap, pay its own cost (the room's gold on it is
    spent), discard it (CMB-TRAP-8); a dart waits for its target."""
    b = _battle(state)
    seat = b.seat
    traps = list(b.traps)
    traps.remove(key)
    t = TRAP_COMBAT[key]
    p = state.players[seat]
    player = evolve(
        p,
        gold=max(0, p.gold - t.gold),
        food=max(0, p.food - t.food),
        imps=max(0, p.imps - t.imps),
        busy_imps=min(p.busy_imps, max(0, p.imps - t.imps)),
    )
    if narrating():
        paid = {what: n for n, what in ((t.gold, "gold"), (t.food, "food"), (t.imps, "imps")) if n}
        cost = ", ".join(f"{n} gold" if what == "gold" else f"{n} food" if what == "food" else plural(n, "imp") for what, n in paid.items())
        announce("reveal_trap", f"Player {seat + 1} reveals the {TRAPS[key].name}" + (f", paying {cost}" if cost else "") + ".", seat, trap=key, cost=paid)
    players = replaced(state.players, seat, player)
    discard = state.trap_discard + (key,)  # SETUP-3: a used trap card leaves the game
    if t.aim is Aim.CHOSEN:
        fight = evolve(_fight(state), battle=evolve(b, traps=tuple(traps), aiming=key))
        return evolve(state, players=players, trap_discard=discard, fight=fight)  # one copy
    state = evolve(state, players=players, trap_discard=discard)
    return _trap_hits(state, key, None, evolve(b, traps=tuple(traps)))  # the battle written with the damage


def _trap_hits(state: GameState, key: str, target: int | None, b: Battle) -> GameState:
    """CMB-TRAP-3..7, CMB-5: list the damage, cancel up to the anti-trap icons
    front first, place the rest; the other effects happen whatever the damage.
    ``b`` is the battle as it now stands (written with the damage)."""
    seat = b.seat
    t = TRAP_COMBAT[key]
    members = party(state, seat)
    n = len(members)
    damage = t.damage_in(state.year)
    listed = [0] * n
    if t.aim is Aim.FIRST:
        listed[0] = hit_points(members[0]) if t.whole_hp else damage
        for i in range(1, n):
            listed[i] = t.others
    elif t.aim is Aim.SECOND:
        if n > 1:
            listed[1] = damage  # CMB-TRAP-7, U-7: no second adventurer, no damage
    elif t.aim is Aim.EACH:
        listed = [damage] * n
        listed[-1] += t.last_extra
    else:
        assert target is not None
        listed[target] = damage
    icons = max(0, anti_trap(members) - b.icons_used)  # CMB-TRAP-4
    left = icons
    for i in range(n):
        cancel = min(left, listed[i])
        listed[i] -= cancel
        left -= cancel
    used = icons - left
    if used and narrating():
        announce("anti_trap", f"Anti-trap icons cancel {plural(used, 'point')} of the {TRAPS[key].name}'s damage (CMB-5).", seat, trap=key, cancelled=used)
    changes: dict[str, object] = {"icons_used": b.icons_used + used}
    if t.no_conquest:
        changes["no_conquest"] = True
    if target is not None:
        cls = adventurer_class(members[target])
        if t.anti_magic and cls is AdventurerClass.WIZARD:
            changes["no_spells"] = True  # CMB-SPELL-3
        if t.anti_magic and cls is AdventurerClass.PRIEST:
            changes["no_heal"] = True  # CMB-HEAL-1 (d)
        if t.later:
            marked = list(members)
            marked[target] = evolve(marked[target], poison=marked[target].poison + t.later)
            state = _with_party(state, seat, marked)
    return hurt(state, seat, listed, f"The {TRAPS[key].name}", key, evolve(b, **changes))


def _aimed(state: GameState, index: int) -> GameState:
    b = _battle(state)
    aiming = b.aiming
    assert aiming is not None
    aimed = evolve(b, aiming=None)  # written with the damage
    if narrating():
        what = "the Witch's second small attack" if aiming == "witch" else f"the {TRAPS[aiming].name}"
        members = party(state, b.seat)
        announce("target", f"Player {b.seat + 1} aims {what} at {_who(members, index)}.", b.seat, by=aiming, position=index, adventurer=members[index].key)
    if aiming in MONSTER_COMBAT:  # M-5: the Witch's second small attack, its damage from table M
        small = next(o for o in MONSTER_COMBAT[aiming].options if o.hits > 1).damage
        return hurt(state, b.seat, _one(index, _attack_damage(state, b.seat, aiming, small)), "The Witch's second small attack", aiming, aimed)
    return _trap_hits(state, aiming, index, aimed)


def _one(index: int, amount: int) -> list[int]:
    return [0] * index + [amount]


# --- spells (CMB-SPELL) --------------------------------------------------------------------------------


def _cast(state: GameState, b: Battle) -> tuple[GameState, Battle]:
    """CMB-SPELL-1..4: the round's spell is cast in its step (``_step``: the
    Fast Spell or the Slow Spell step, as the card says) if the party may
    cast and holds at least *r* magic points, counted now; separately in each
    battle of the round (CMB-CARD-5). Regeneration's healing is not the
    Healing step (CMB-HEAL-3) and its amount is unknown: no effect (U-1).
    ``b`` is the battle (``_step`` carries it); the battle it leaves is returned, not written."""
    f = _fight(state)
    seat = b.seat
    key = _card(state)
    assert key is not None
    card = COMBAT_CARDS[key]
    members = party(state, seat)
    magic = crystals(members)
    tile = _tile(state, seat, _plan_of(state, seat).tile)
    why: str | None = None
    rule = ""
    if not ground_of(tile).spells:
        why, rule = "the battle is in the Anti-Magic Room", "R-4"
    elif b.no_spells:
        why, rule = "an Anti-magic Dart hit a wizard", "CMB-SPELL-3"
    elif magic < f.round:
        why, rule = f"the party has {plural(magic, 'magic point')}, round {f.round} needs {f.round}", "CMB-SPELL-1"
    if why is not None:
        if narrating():
            announce("spell", f"{card.name} is not cast: {why} ({rule}).", seat, card=key, cast=False, rule=rule, magic=magic)
        return state, b
    if narrating():
        announce("spell", f"The party casts {card.name}: {card.effect}.", seat, card=key, cast=True, magic=magic)
    p = state.players[seat]
    spell = card.spell
    if spell == "word-of-peace":
        return state, evolve(b, choosing=spell)
    if spell == "suggestion":
        asking = _monsters_only(p, b.sent)
        return state, evolve(b, choosing=spell if asking else None, asking=asking)
    if spell == "magic-shield":
        return state, evolve(b, shield=MAGIC_SHIELD_POINTS.value)
    if spell == "invisibility":
        wizards = tuple(a for a in members if adventurer_class(a) is AdventurerClass.WIZARD)
        others = tuple(a for a in members if adventurer_class(a) is not AdventurerClass.WIZARD)
        return _with_party(state, seat, others + wizards), evolve(b, invisible=True)
    if spell == "detect-treasure":
        if p.gold:
            _lose(seat, key, "gold")
            return update_player(state, seat, gold=p.gold - 1), b
        if p.food:
            _lose(seat, key, "food")
            return update_player(state, seat, food=p.food - 1), b
        if p.traps:
            return state, evolve(b, choosing=spell)
        return state, b
    if spell == "fist-of-justice":
        if p.imps:
            _lose(seat, key, "imps")
            return update_player(state, seat, imps=p.imps - 1, busy_imps=min(p.busy_imps, p.imps - 1), foreimps=min(p.foreimps, p.imps - 1)), b
        return state, b
    if spell == "detect-evil":
        return move_evil(state, seat, DETECT_EVIL_EVIL.value), b  # CMB-SPELL-7: a gain
    if spell == "illusion":
        p = state.players[seat]
        return update_player(state, seat, party=(Adventurer(ILLUSION_KEY),) + p.party), b
    if spell == "create-food":
        fed = (evolve(members[0], food=members[0].food + 1),) + members[1:]
        return _with_party(state, seat, fed), b
    if spell == "metamorphosis":
        if _monsters_only(p, b.sent):
            return state, evolve(b, choosing=spell)
        return state, b
    return state, b  # CMB-SPELL-8: no established effect (Fireball, C1-5, and the U-1/U-2 cards)


def _lose(seat: int, card: str, what: str) -> None:
    """Announce the one gold, food or imp a spell takes (C1-6, C1-7)."""
    if narrating():
        thing = "an imp" if what == "imps" else f"1 {what}"
        announce("spell", f"Player {seat + 1} loses {thing} ({COMBAT_CARDS[card].name}).", seat, card=card, lost={what: 1})


def _plan_of(state: GameState, seat: int) -> Plan:
    plan = _fight(state).plans[seat]
    assert plan is not None
    return plan


# --- monsters (CMB-MON) --------------------------------------------------------------------------------


def _attack_damage(state: GameState, seat: int, kind: str, base: int) -> int:
    """CMB-MON-7, R-1, R-2: +1 in the monster's bonus room, unconquered."""
    tile = _tile(state, seat, _plan_of(state, seat).tile)
    bonus = ROOM_BONUS.value if tile.room is not None and tile.room == MONSTER_COMBAT[kind].bonus_room and not tile.conquered else 0
    return base + bonus


def _attack(state: GameState, move: Attack) -> GameState:
    """CMB-MON-1..7: the monster acts with its option; then it is knocked out
    or goes back face up (CMB-MON-4)."""
    b = _battle(state)
    seat = b.seat
    p = state.players[seat]
    kind = p.monsters[move.monster].kind
    option = MONSTER_COMBAT[kind].options[move.option]
    name = MONSTERS[kind].name
    changes: dict[str, object] = {"sent": tuple(i for i in b.sent if i != move.monster)}
    if option.reach is not Reach.NONE:
        changes["attacked"] = True  # CMB-MON-6
    if option.no_heal:
        changes["no_heal"] = True
    if option.no_conquest:
        changes["no_conquest"] = True
    monsters = replaced(p.monsters, move.monster, evolve(p.monsters[move.monster], ready=option.ready_after))
    player = evolve(p, food=p.food - option.food, monsters=monsters)
    players = replaced(state.players, seat, player)
    state = evolve(state, players=players, fight=evolve(_fight(state), battle=evolve(b, **changes)))  # one copy
    damage = _attack_damage(state, seat, kind, option.damage)
    members = party(state, seat)
    if option.reach is Reach.NONE:
        if narrating():
            announce("hold", f"The {name} holds the party: no attack, and no fatigue or conquest this round.", seat, monster=kind, index=move.monster)
        return state
    if option.reach is Reach.EVERYONE:
        return hurt(state, seat, [damage] * len(members), f"The {name} attacks everyone", kind)
    if option.reach is Reach.FIRST:
        state = hurt(state, seat, [damage], f"The {name} attacks", kind)
        after = party(state, seat)
        if option.follow_up and after and len(after) < len(members):
            follow = _attack_damage(state, seat, kind, option.follow_up)
            state = hurt(state, seat, [follow], f"The {name}'s follow-up attack", kind)
        return state
    assert move.target is not None
    state = hurt(state, seat, _one(move.target, damage), f"The {name} attacks", kind)
    if option.hits > 1 and party(state, seat):
        state = _set_battle(state, evolve(_battle(state), aiming=kind))
    return state


def _cannot_attack(state: GameState, b: Battle) -> int | None:
    """CMB-MON-3: a sent monster with no option it can use (a ghost facing one
    adventurer, a vampire facing only priests)."""
    for i in b.sent:
        if not _attacks(state, b, i):
            return i
    return None


# --- automatic steps --------------------------------------------------------------------------------------


def enter(state: GameState, phase: Phase | None = None) -> GameState:
    """CMB-CARD-3, CMB-REF-1: combat setup; the year's paladin is ready to
    fight with no damage (CMB-PARTY-1)."""
    n = state.n_players
    paladin = Adventurer(PALADINS[state.year].key)
    if narrating():
        announce("combat", f"Combat of year {state.year} begins: the four combat cards lie face down on rounds 1 to 4.", None, year=state.year)
    return evolve(state, fight=Fight(plans=(None,) * n, paladin=paladin), phase=state.phase if phase is None else phase)  # RS-2, in the same copy


def auto(state: GameState) -> GameState:
    f = state.fight
    if f is None:
        return enter(state)
    if f.stage == "over":
        return state
    b = f.battle
    if f.stage == "battle" and (
        b is None
        or (
            b.aiming is None
            and b.choosing is None
            and not (b.step == "monsters" and b.sent)
            and not (b.step == "trap" and len(b.traps) > 1)
        )
    ):
        return _step(state)  # no decision can be due here (``_battle_moves``)
    moves = legal(state)
    if moves:
        if len(moves) == 1 and moves[0].seat != CHANCE and not hides_a_card(state, moves[0]):
            return play(state, moves[0])  # LIB-CMB-1: a forced decision is automatic
        return state
    return _step(state)


def _step(state: GameState) -> GameState:
    f = _fight(state)
    order = state.player_order()
    if f.stage == "plan":
        # Pass in one step every player with nothing to plan (CMB-PLAN-1).
        position = f.position
        while position < len(order):
            seat = order[position]
            if party(state, seat) and f.plans[seat] is None:
                p = state.players[seat]
                if p.prison or any(not t.conquered for t in p.dungeon.tiles):
                    break  # a decision (``legal``)
                if narrating():
                    announce("release", f"Player {seat + 1} has no unconquered tile and an empty prison: nothing happens (CMB-END-3).", seat, adventurer=None, prisoner=None)
            position += 1
        if position >= len(order):
            return evolve(state, fight=evolve(f, stage="reveal", position=0))
        return evolve(state, fight=evolve(f, position=position))
    if f.stage == "reveal":
        card = _card(state)
        assert card is not None
        return _reveal(state, card, drawn=False)
    position = f.position
    while position < len(order) and f.plans[order[position]] is None:
        position += 1  # CMB-BAT-1: no plan, no battle
    if position >= len(order):
        return _end_round(state)
    seat = order[position]
    plan = f.plans[seat]
    assert plan is not None
    b = f.battle
    if b is None:
        state, b = _start_battle(state, seat, plan, position)
        if b is None:
            return state  # CMB-END-5: no battle
        if b.traps:
            state = _hold(state, b, position)  # the trap cards go off from the battle
            if len(b.traps) > 1:
                return state  # the Labyrinth's order is asked (ChooseTrap)
    elif position != f.position:
        return evolve(state, fight=evolve(f, position=position))
    elif not party(state, seat):
        return _end_battle(state, stopped=True)  # CMB-BAT-3
    # CMB-4: the steps in order; consecutive automatic steps run in one go on
    # the battle ``b`` and the state; the battle (and its step) is written
    # only where a decision stops it (``_hold``), or not at all when it ends.
    step = b.step
    card = _card(state)
    assert card is not None
    speed = COMBAT_CARDS[card].speed  # the step of the round's spell
    if step == "trap":
        if b.traps:
            state = _trap(state, b.traps[0])
            b = _battle(state)
            if b.traps or b.aiming is not None or not party(state, seat):
                return state  # the next trap, a dart's target (Target), or the battle stops (CMB-BAT-3)
        step = "fast"
    if step == "fast":
        step = "monsters"
        if speed is Speed.FAST:
            state, b = _cast(state, b)
            if _waiting(state, seat, b):
                return _at_step(_hold(state, b, position), step)
    if step == "monsters":
        if b.sent:
            state = _hold(state, b, position)
            stuck = _cannot_attack(state, b)
            if stuck is not None:
                return _at_step(_stuck(state, b, stuck), step)
            return _at_step(state, step)  # the defender's monsters act (Attack)
        step = "slow"
    if step == "slow":
        step = "heal"
        if speed is Speed.SLOW:
            state, b = _cast(state, b)
            if _waiting(state, seat, b):
                return _at_step(_hold(state, b, position), step)
    state = _hold(_heal(state, seat, b), b, position)
    return _end_battle(_conquer(state, seat, b), stopped=False)


def _hold(state: GameState, b: Battle, position: int) -> GameState:
    """The state with the battle ``b`` at ``position`` in play order written,
    its trap cards taken from the plan (CMB-BAT-1), if it is not yet."""
    f = _fight(state)
    if f.battle is b:
        return state
    plans = f.plans
    plan = plans[b.seat]
    if plan is not None and plan.traps:
        plans = replaced(plans, b.seat, evolve(plan, traps=()))
    return evolve(state, fight=evolve(f, plans=plans, position=position, battle=b))


def _waiting(state: GameState, seat: int, b: Battle) -> bool:
    """A spell asks the defender something, or nobody is left (CMB-BAT-3)."""
    return b.choosing is not None or b.aiming is not None or not party(state, seat)


def _at_step(state: GameState, step: str) -> GameState:
    b = _battle(state)
    return state if b.step == step else _set_battle(state, evolve(b, step=step))


def _stuck(state: GameState, b: Battle, index: int) -> GameState:
    """CMB-MON-3, CMB-MON-4: a monster that cannot attack does nothing; a
    ghost is knocked out, a vampire facing only priests goes back face up."""
    p = state.players[b.seat]
    kind = p.monsters[index].kind
    if narrating():
        announce("no_attack", f"Player {b.seat + 1}'s {MONSTERS[kind].name} finds no one it may attack (CMB-MON-3).", b.seat, monster=kind, index=index)
    state = _set_battle(state, evolve(b, sent=tuple(i for i in b.sent if i != index)))
    if kind == "vampire":
        return state
    return _knock_out(state, b.seat, (index,))


def _start_battle(state: GameState, seat: int, plan: Plan, position: int) -> tuple[GameState, Battle | None]:
    """CMB-BAT-1 at ``position`` in play order: the battle begins (written
    by ``_hold`` if a decision stops it); CMB-END-5 when the party is
    already gone: no battle, and that is written at once."""
    f = _fight(state)
    p = state.players[seat]
    if not party(state, seat):
        if narrating():
            announce(
                "no_battle",
                f"Player {seat + 1}'s party is gone before the battle: the trap cards come back unrevealed, the sent monsters are knocked out (CMB-END-5).",
                seat,
                tile=square_data(plan.tile),
                trap_cards=len(plan.traps),
                gold=plan.gold,
                monsters=[p.monsters[i].kind for i in plan.monsters],
            )
        player = evolve(p, traps=p.traps + plan.traps, gold=p.gold + plan.gold, monsters=_knocked_out(p.monsters, plan.monsters))
        players = replaced(state.players, seat, player)
        plans = replaced(f.plans, seat, evolve(plan, traps=(), gold=0))
        return evolve(state, players=players, fight=evolve(f, plans=plans, position=position + 1)), None  # one copy
    if narrating():
        announce("battle", f"Battle in Player {seat + 1}'s dungeon at {square_name(plan.tile)}.", seat, tile=square_data(plan.tile), round=f.round)
    # The trap cards move from the plan to the battle, where they go off one by one.
    return state, Battle(seat, traps=plan.traps, sent=plan.monsters)


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


def _ended(state: GameState, position: int) -> GameState:
    """The battle at ``position`` over, the next defender's turn (CMB-BAT-1)."""
    return evolve(state, fight=evolve(_fight(state), battle=None, position=position + 1))


def _end_battle(state: GameState, *, stopped: bool) -> GameState:
    """CMB-EOR-1: the Poisoned Dart's later damage (LIB-CMB-6: at the end of
    this battle; CMB-EOR-2, LIB-RC-1: a paladin who left during it takes his
    where he now is); CMB-MON-8,
    CMB-TRAP-9: monsters that did not act are knocked out, traps not revealed
    go back unpaid with their gold."""
    b = _battle(state)
    seat = b.seat
    members = party(state, seat)
    if any(a.poison for a in members):
        amounts = [a.poison for a in members]
        state = _with_party(state, seat, [evolve(a, poison=0) for a in members])
        state = hurt(state, seat, amounts, "The Poisoned Dart's later damage", "poison")
    state = _poisoned_paladin_elsewhere(state, seat)
    f = _fight(state)
    b = _battle(state)
    if stopped and narrating():
        announce("battle_over", f"Nobody is left in Player {seat + 1}'s party: the battle stops (CMB-BAT-3).", seat, round=f.round)
    if not b.sent and not b.traps:
        return _ended(state, f.position)
    fight = evolve(f, battle=None, position=f.position + 1)
    p = state.players[seat]
    changes: dict[str, object] = {}
    if b.sent:
        changes["monsters"] = _knocked_out(p.monsters, b.sent)
    if b.traps:
        refund = ground_of(_tile(state, seat, _plan_of(state, seat).tile)).surcharge * len(b.traps)
        changes.update(traps=p.traps + b.traps, gold=p.gold + refund)
    players = replaced(state.players, seat, evolve(p, **changes))
    return evolve(state, players=players, fight=fight)  # one copy


def _poisoned_paladin_elsewhere(state: GameState, seat: int) -> GameState:
    """CMB-EOR-2 (LIB-RC-1): a paladin hit by a Poisoned Dart in ``seat``'s
    battle who moved to another dungeon before the battle ended (the
    defender's conquest cost him 1 evil and another lord is now strictly
    higher, PAL-7) still takes the dart's 2 at this moment, in the dungeon
    where he now is; an elimination sends him to that dungeon's prison (CMB-8)."""
    f = _fight(state)
    lead = f.paladin
    where = state.paladin
    if lead is None or not lead.poison or where is None or where == seat or f.paladin_gone:
        return state
    members = party(state, where)
    if lead not in members:
        return state
    index = members.index(lead)
    state = evolve(state, fight=evolve(f, paladin=evolve(lead, poison=0)))
    return hurt(state, where, _one(index, lead.poison), "The Poisoned Dart's later damage (the paladin has moved on)", "poison")


def _end_round(state: GameState) -> GameState:
    """CMB-EOR-3, CMB-END-1, CMB-END-2."""
    f = _fight(state)
    n = state.n_players
    if f.round >= COMBAT_ROUNDS.value or not any(party(state, s) for s in range(n)):
        return _finish(state)
    if narrating():
        announce("combat_round", f"Combat round {f.round + 1} begins.", None, round=f.round + 1)
    return evolve(state, fight=evolve(f, round=f.round + 1, stage="plan", position=0, plans=(None,) * n))


def _finish(state: GameState) -> GameState:
    """CMB-END-2, CMB-END-4, CMB-9: survivors leave for the Distant Lands
    unscored; every monster and ghost face up again."""
    far = state.far_lands
    players = []
    for seat, p in enumerate(state.players):
        members = party(state, seat)
        if members and narrating():
            leaving = [a.key for a in members if not is_illusion(a)]
            names = ", ".join(_name(a) for a in members if not is_illusion(a)) or "nobody but the illusion"
            announce("distant_lands", f"Player {seat + 1}'s {plural(len(leaving), 'survivor')} leave{'s' if len(leaving) == 1 else ''} for the Distant Lands unscored (CMB-END-2): {names}.", seat, adventurers=leaving)
        far += tuple(a.key for a in members if not is_illusion(a))
        players.append(evolve(p, party=(), monsters=tuple(m if m.ready else evolve(m, ready=True) for m in p.monsters)))
    f = _fight(state)
    gone, holder = f.paladin_gone, state.paladin
    if holder is not None and not gone:
        gone, holder = True, None
    if narrating():
        announce("combat_over", "Combat is over: every monster and ghost is face up again (CMB-9).", None, year=state.year)
    fight = evolve(f, stage="over", battle=None, paladin=None, paladin_gone=gone)
    return evolve(state, players=tuple(players), paladin=holder, far_lands=far, fight=fight)  # one copy


def done(state: GameState) -> bool:
    f = state.fight
    return f is not None and f.stage == "over"


RULES = PhaseRules(to_move, legal, explain, play, auto, done, turn_rule="CMB-REF-2")

__all__ = ["RULES", "anti_trap", "battle_tiles", "crystals", "enter", "hearts", "hit_points", "hurt", "party"]
