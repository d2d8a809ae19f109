"""Impossible positions (issue 21): ``validate(state)`` lists every way a
state breaks what any real game keeps true, each with the field it is about,
as a JSON path: ``$.players[0].gold: -5 is below 0``.

A state read from a file may be well-formed JSON of the right types and still
describe no game: negative gold, a trap card in two hands, one player, round 9.
The rules engine is written for reachable states only, so such a state is
refused before any work (``loads(..., strict=True)``, the CLI's default for
position files). The checks are the position invariants the property suite
holds every play-out to (properties/invariants.py calls these):

- shape and sizes: 2 to 4 players, every per-player table as long as the
  players, 4 combat positions, the central board's 8 spaces of 3 slots;
- ranges: year 1..2, round 1..4, a first player and a paladin that are seats,
  evil on the evilometer (1..15), a 2-player dummy marker exactly with 2
  players, tiles on the dungeon grid, one tile per square, no full 2x2 block,
  no adventurer in a party whose damage reaches his hit points (he has fallen,
  CMB-8);
- supplies never negative: gold, food, imps, busy imps, foreimps, busy
  trolls, damage tokens; imps at work never more than the imps owned, busy
  trolls never more than the trolls;
- card conservation and one owner per card: every monster, room, trap,
  adventurer, event and combat card is in exactly one place, adding up to
  the components of the years dealt so far (a card in two hands is one too
  many); every player's 8 order cards once each; at most 3 minions a colour;
- phase, round and year consistent: no minion on the board after
  resolution, nobody's imps at work before it, a fight only in combat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator

import attrs

from dlrules.components import (
    ACTION_ORDER,
    ADVENTURER_DECKS,
    ADVENTURERS,
    COMBAT_CARDS,
    COMBAT_DECKS,
    EVENT_DECK,
    EVENTS,
    MONSTER_DECKS,
    MONSTERS,
    PALADINS,
    ROOM_DECKS,
    ROOMS,
    SPECIAL_EVENT_DECK,
    SPECIAL_EVENTS,
    TRAP_DECK,
    TRAPS,
    Action,
)
from dlrules.components.combat import CREATE_FOOD_HP, ILLUSION_KEY, printed_hit_points
from dlrules.components.setup import EVIL_MAX, EVIL_MIN, GRID_COLUMNS, GRID_ROWS, MINIONS, ORDER_CARDS
from dlrules.records import bounds
from dlrules.core.state import DECK_NAMES, Deck, GameState, Outcome, Phase

MIN_PLAYERS, MAX_PLAYERS = 2, 4
COMBAT_POSITIONS = 4
SLOTS = 3
COLOURS = 4


@attrs.frozen
class Invalid:
    """One way a state is impossible: the JSON path of the field and why."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class InvalidState(ValueError):
    """A state that no game can reach (``loads(..., strict=True)``)."""

    def __init__(self, problems: tuple[Invalid, ...]) -> None:
        self.problems = problems
        shown = "; ".join(str(p) for p in problems[:5])
        more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
        super().__init__(f"an impossible position: {shown}{more}")


Check = Callable[[GameState], Iterator[Invalid]]


def validate(state: GameState) -> tuple[Invalid, ...]:
    """Every way ``state`` is impossible (empty: a possible position). The
    types are checked first (a value of the wrong type is a problem with its
    path, never a ``TypeError``), then the shape; the other checks only on a
    sound shape. The work is linear in the size of ``state``."""
    found = tuple(Invalid(p.path, p.message) for p in bounds.typed(state))
    if found:
        return found
    found = tuple(shape(state))
    if found:
        return found
    return tuple(problem for check in CHECKS for problem in check(state))


def check_valid(state: GameState) -> GameState:
    """``state`` itself, or ``InvalidState`` listing what is impossible in it."""
    found = validate(state)
    if found:
        raise InvalidState(found)
    return state


def check_bounded(state: GameState) -> GameState:
    """``state`` itself, or ``InvalidState`` when it is not well typed or a
    count is beyond its ceiling (LIB-IN-4; ``dlrules.records.bounds``): the check
    even a position read without ``validate`` gets (``--unchecked``), so
    that no reader or renderer works without end on it. Negative supplies
    and copies are bounded too (a hand-made position may hold them)."""
    found = tuple(Invalid(p.path, p.message) for p in bounds.typed(state))
    if not found:
        found = tuple(Invalid(p.path, p.message) for p in bounds.bounded(state))
        found += tuple(_beyond(state))
    if found:
        raise InvalidState(found)
    return state


def _beyond(state: GameState) -> Iterator[Invalid]:
    """Supplies and deck copies of a well-typed state beyond the table limit either way."""
    limit = bounds.SUPPLY_LIMIT
    for s, p in enumerate(state.players):
        for name in SUPPLIES:
            if abs(getattr(p, name)) > limit:
                yield Invalid(f"$.players[{s}].{name}", f"{getattr(p, name)} is beyond {limit} either way (LIB-IN-4)")
    for name in DECK_NAMES:
        for i, (_, copies) in enumerate(getattr(state.decks, name).unseen):
            if abs(copies) > limit:
                yield Invalid(f"$.decks.{name}.unseen[{i}][1]", f"{copies} copies, beyond {limit} either way (LIB-IN-4)")


# --- shape and ranges ----------------------------------------------------------------------


def _range(path: str, value: int, lo: int, hi: int) -> Iterator[Invalid]:
    if value < lo:
        yield Invalid(path, f"{value} is below {lo}")
    elif value > hi:
        yield Invalid(path, f"{value} is above {hi}")


def shape(state: GameState) -> Iterator[Invalid]:
    """Sizes and ranges the rest of the library relies on."""
    n = len(state.players)
    yield from _range("$.players (the number of players)", n, MIN_PLAYERS, MAX_PLAYERS)
    yield from _range("$.year", state.year, 1, 2)
    yield from _range("$.round", state.round, 1, 4)
    if n and not 0 <= state.first_player < n:
        yield Invalid("$.first_player", f"{state.first_player} is not a seat (0 to {n - 1})")
    if len(state.spied) != n:
        yield Invalid("$.spied", f"{len(state.spied)} entries for {n} players")
    for s, seen in enumerate(state.spied):
        for i, pos in enumerate(seen):
            yield from _range(f"$.spied[{s}][{i}]", pos, 0, COMBAT_POSITIONS - 1)
        if list(seen) != sorted(set(seen)):
            yield Invalid(f"$.spied[{s}]", "positions must be sorted, each once")
    if len(state.combat) != COMBAT_POSITIONS:
        yield Invalid("$.combat", f"{len(state.combat)} positions, not {COMBAT_POSITIONS}")
    if len(state.events) != 4:
        yield Invalid("$.events", f"{len(state.events)} rounds, not 4")
    if len(state.board) != len(ACTION_ORDER):
        yield Invalid("$.board", f"{len(state.board)} action spaces, not {len(ACTION_ORDER)}")
    for i, row in enumerate(state.board):
        if len(row) != SLOTS:
            yield Invalid(f"$.board[{i}]", f"{len(row)} slots, not {SLOTS}")
        for j, colour in enumerate(row):
            if colour is not None and not 0 <= colour < COLOURS:
                yield Invalid(f"$.board[{i}][{j}]", f"{colour} is not a colour (0 to {COLOURS - 1})")
    if state.paladin is not None and not 0 <= state.paladin < n:
        yield Invalid("$.paladin", f"{state.paladin} is not a seat")
    for d, dummy in enumerate(state.dummies):
        if not n <= dummy.colour < COLOURS:
            yield Invalid(f"$.dummies[{d}].colour", f"{dummy.colour} is not a dummy colour ({n} to {COLOURS - 1})")
        if dummy.responsible is not None and not 0 <= dummy.responsible < n:
            yield Invalid(f"$.dummies[{d}].responsible", f"{dummy.responsible} is not a seat")
    r = state.resolution
    if r is not None:
        yield from _range("$.resolution.space", r.space, 0, len(ACTION_ORDER))
        yield from _range("$.resolution.slot", r.slot, 0, SLOTS - 1)
        for name in ("dug", "draws"):
            yield from _range(f"$.resolution.{name}", getattr(r, name), 0, 99)
        if r.spy is not None:
            yield from _range("$.resolution.spy", r.spy, 0, COMBAT_POSITIONS - 1)
    for s, p in enumerate(state.players):
        for i, o in enumerate(p.played):
            if o.slot is not None:
                yield from _range(f"$.players[{s}].played[{i}].slot", o.slot, 0, SLOTS - 1)
        for i, tile in enumerate(p.dungeon.tiles):
            line, column = tile.square
            if not (0 <= line < GRID_ROWS.value and 0 <= column < GRID_COLUMNS.value):
                yield Invalid(f"$.players[{s}].dungeon.tiles[{i}].square", f"{list(tile.square)} is off the dungeon grid")
            if tile.room is not None and tile.room not in ROOMS:
                yield Invalid(f"$.players[{s}].dungeon.tiles[{i}].room", f"{tile.room!r} is not a room")
        for i, m in enumerate(p.monsters):
            if m.kind not in MONSTERS:
                yield Invalid(f"$.players[{s}].monsters[{i}].kind", f"{m.kind!r} is not a monster")
        for i, a in enumerate(p.party):
            for name in ("damage", "poison", "food"):
                yield from _range(f"$.players[{s}].party[{i}].{name}", getattr(a, name), 0, 99)
            hp = printed_hit_points(a.key)
            if hp is not None and a.damage >= hp + a.food * CREATE_FOOD_HP.value:
                yield Invalid(f"$.players[{s}].party[{i}].damage", f"{a.damage} damage on {hp + a.food * CREATE_FOOD_HP.value} hit points: he fell and left the party (CMB-8, CMB-PARTY-4)")
    fight = state.fight
    if fight is not None:
        if len(fight.plans) != n:
            yield Invalid("$.fight.plans", f"{len(fight.plans)} plans for {n} players")
        if fight.battle is not None and not 0 <= fight.battle.seat < n:
            yield Invalid("$.fight.battle.seat", f"{fight.battle.seat} is not a seat")
        for s, plan in enumerate(fight.plans):
            if plan is None or s >= n:
                continue
            for i, index in enumerate(plan.monsters):
                yield from _range(f"$.fight.plans[{s}].monsters[{i}]", index, 0, len(state.players[s].monsters) - 1)
            if state.players[s].dungeon.at(plan.tile) is None:
                yield Invalid(f"$.fight.plans[{s}].tile", f"{list(plan.tile)} holds no tile of this dungeon")


# --- supplies --------------------------------------------------------------------------------

SUPPLIES = ("gold", "food", "imps", "busy_imps", "foreimps", "busy_trolls", "damage_tokens")


def supplies(state: GameState) -> Iterator[Invalid]:
    """Gold, food, imps, busy imps, foreimps, trolls and damage are never below 0."""
    for s, p in enumerate(state.players):
        for name in SUPPLIES:
            value = getattr(p, name)
            if value < 0:
                yield Invalid(f"$.players[{s}].{name}", f"{value} is below 0")


def imps_at_work(state: GameState) -> Iterator[Invalid]:
    """Imps at work never outnumber the imps owned (ACT-DIG-7, ACT-MINE-5),
    busy trolls the troll tokens (PROD-2)."""
    for s, p in enumerate(state.players):
        if p.busy_imps >= 0 and p.foreimps >= 0 and p.imps >= 0 and p.free_imps < 0:
            yield Invalid(f"$.players[{s}].busy_imps", f"{p.busy_imps} busy and {p.foreimps} foreimps of {p.imps} imps owned")
        if p.busy_trolls > p.trolls:
            yield Invalid(f"$.players[{s}].busy_trolls", f"{p.busy_trolls} busy trolls but {p.trolls} trolls")


def evil(state: GameState) -> Iterator[Invalid]:
    """RES-8, ADV-2P-2: every evil marker on the evilometer; the 2-player
    dummy marker exactly with 2 players."""
    lo, hi = EVIL_MIN.value, EVIL_MAX.value
    for s, p in enumerate(state.players):
        yield from _range(f"$.players[{s}].evil", p.evil, lo, hi)
    if state.dummy_evil is not None:
        yield from _range("$.dummy_evil", state.dummy_evil, lo, hi)
    if (state.dummy_evil is not None) != (len(state.players) == 2):
        yield Invalid("$.dummy_evil", "a dummy evil marker is there exactly in a 2-player game (ADV-2P-2)")


def dungeons(state: GameState) -> Iterator[Invalid]:
    """ACT-DIG-6, ACT-ROOM-8: one tile per square, sorted, and no 2x2 block
    of the grid completely filled."""
    for s, p in enumerate(state.players):
        squares = [t.square for t in p.dungeon.tiles]
        if squares != sorted(set(squares)):
            yield Invalid(f"$.players[{s}].dungeon.tiles", "two tiles on one square, or not sorted by square")
        filled = set(squares)
        for r in range(GRID_ROWS.value - 1):
            for c in range(GRID_COLUMNS.value - 1):
                if {(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= filled:
                    yield Invalid(f"$.players[{s}].dungeon.tiles", f"the 2x2 block from {[r, c]} is completely filled")


# --- orders and minions ----------------------------------------------------------------------


def orders(state: GameState) -> Iterator[Invalid]:
    """ORD-2, RET-1/2, RUL-13: each colour's 8 order cards, each once, in the
    hand, unavailable or played; committed orders come from the hand."""
    every = Counter(Action)
    for s, p in enumerate(state.players):
        if state.phase is Phase.SETUP and not p.unavailable:
            if len(set(p.dealt)) != len(p.dealt) or (p.kept is not None and not set(p.kept) <= set(p.dealt)):
                yield Invalid(f"$.players[{s}].kept", "the kept orders are not among the dealt ones (RUL-13)")
            continue
        held = Counter(p.hand) + Counter(p.unavailable) + Counter(o.action for o in p.played)
        if held != every or sum(held.values()) != ORDER_CARDS.value:
            yield Invalid(f"$.players[{s}].hand", "the hand, the unavailable and the played orders are not the 8 order cards once each")
        if p.committed is not None and not set(p.committed) <= set(p.hand):
            yield Invalid(f"$.players[{s}].committed", "orders committed that are not in the hand")
    for d, dummy in enumerate(state.dummies):
        if state.phase is Phase.SETUP and not dummy.unavailable:
            continue
        if len(set(dummy.unavailable)) != len(dummy.unavailable) or len(dummy.unavailable) != 3:
            yield Invalid(f"$.dummies[{d}].unavailable", "a dummy has 3 different unavailable orders")
        if len(dummy.deck) + len(dummy.unavailable) != ORDER_CARDS.value:
            yield Invalid(f"$.dummies[{d}]", "a dummy's orders are not its 8 order cards")
        if len(set(dummy.drawn)) != len(dummy.drawn):
            yield Invalid(f"$.dummies[{d}].drawn", "a dummy drew an order twice")


def minions(state: GameState) -> Iterator[Invalid]:
    """ORD-4..6, RES-3: at most 3 minions a colour; a player's minions on the
    board are its pending played orders, on their slots."""
    for colour in range(COLOURS):
        on_board = sum(1 for row in state.board for c in row if c == colour)
        if on_board > MINIONS.value:
            yield Invalid("$.board", f"colour {colour + 1} has {on_board} minions on the board (at most {MINIONS.value})")
    for s, p in enumerate(state.players):
        if len(p.played) > MINIONS.value:
            yield Invalid(f"$.players[{s}].played", f"{len(p.played)} orders played (at most {MINIONS.value})")
        pending = [o for o in p.played if o.outcome is Outcome.PENDING]
        for i, o in enumerate(p.played):
            if o.outcome is Outcome.PENDING and (o.slot is None or state.board[o.action.index][o.slot] != s):
                yield Invalid(f"$.players[{s}].played[{i}]", "a pending order whose minion is not on its slot")
            if o.slot is None and o.outcome is not Outcome.NOT_CARRIED_OUT:
                yield Invalid(f"$.players[{s}].played[{i}].slot", "an order placed on no slot must be not carried out (ORD-6)")
        on_board = sum(1 for row in state.board for c in row if c == s)
        if on_board != len(pending):
            yield Invalid("$.board", f"Player {s + 1} has {on_board} minions on the board but {len(pending)} pending orders")


AFTER_RESOLUTION = (Phase.PRODUCTION, Phase.ORDER_RETURN, Phase.EVENTS, Phase.ADVENTURERS, Phase.END_OF_ROUND, Phase.COMBAT, Phase.YEAR_TWO)
BEFORE_WORK = (Phase.SETUP, Phase.ROUND_START, Phase.ORDERS)


def progress(state: GameState) -> Iterator[Invalid]:
    """RS-1, RS-2, ACT-END-1, END-3, CMB: the phase fits the round and the
    year: the first year starts with setup, combat closes a year's 4th
    round, the board is empty after resolution, imps rest before it, a fight
    only in combat (its record stays at the end), the game over only after
    year 2."""
    if state.phase is Phase.SETUP and (state.year, state.round) != (1, 1):
        yield Invalid("$.phase", f"setup in year {state.year}, round {state.round} (only year 1, round 1)")
    if state.phase in (Phase.COMBAT, Phase.YEAR_TWO) and state.round != 4:
        yield Invalid("$.round", f"{state.round} in the {state.phase.value} phase (combat follows round 4)")
    if state.phase is Phase.YEAR_TWO and state.year != 1:
        yield Invalid("$.year", f"{state.year} in the change of year (it follows year 1)")
    if state.phase is Phase.GAME_OVER and state.year != 2:
        yield Invalid("$.year", f"{state.year} at the end of the game (it ends after year 2)")
    if state.fight is not None and state.phase not in (Phase.COMBAT, Phase.GAME_OVER):  # the last combat's record stays
        yield Invalid("$.fight", f"a fight in the {state.phase.value} phase")
    if state.resolution is not None and state.phase in BEFORE_WORK:
        yield Invalid("$.resolution", f"a resolution cursor in the {state.phase.value} phase (before resolution)")
    if state.phase in AFTER_RESOLUTION:
        if any(c is not None for row in state.board for c in row):
            yield Invalid("$.board", f"minions on the board in the {state.phase.value} phase (after resolution)")
    if state.phase in BEFORE_WORK:
        for s, p in enumerate(state.players):
            if p.busy_imps or p.foreimps or p.busy_trolls or p.rooms_used:
                yield Invalid(f"$.players[{s}].busy_imps", f"imps or trolls at work in the {state.phase.value} phase")
            if state.phase is Phase.ORDERS and (len(p.unavailable) != 2 or len(p.hand) + len(p.played) != 6):
                yield Invalid(f"$.players[{s}].hand", "in the orders phase a player has 2 orders unavailable and 6 others (ORD-2)")


# --- cards ---------------------------------------------------------------------------------


def _deck_cards(deck: Deck) -> Counter[str]:
    """Every card of ``deck`` with its copies (an entry listed twice counts twice)."""
    found: Counter[str] = Counter(deck.bottom)
    for key, copies in deck.unseen:
        found[key] += copies
    return found


def _totals(decks: dict[int, dict[str, int]], year: int) -> Counter[str]:
    out: Counter[str] = Counter()
    for y in range(1, year + 1):
        out.update(decks.get(y, {}))
    return out


def _compare(kind: str, path: str, known: Iterable[str], found: Counter[str], total: Counter[str]) -> Iterator[Invalid]:
    stray = sorted(k for k in found if k not in known)
    if stray:
        yield Invalid(path, f"unknown {kind}: {', '.join(stray[:5])}")
        return
    more = sorted(k for k in found if found[k] > total[k])
    less = sorted(k for k in total if found[k] < total[k])
    if more:
        yield Invalid(path, f"{kind} in more places than the game has copies: " + ", ".join(f"{k} ({found[k]} of {total[k]})" for k in more[:5]))
    if less:
        yield Invalid(path, f"{kind} missing from every place: " + ", ".join(f"{k} ({found[k]} of {total[k]})" for k in less[:5]))


def cards(state: GameState) -> Iterator[Invalid]:
    """Every card is in exactly one place (one owner per card), and each kind
    adds up to the components of the years dealt so far: the decks, the
    tavern, the room shop, the far lands, the trap discard, the box, the
    players' monsters, traps, rooms, parties and prisons, the fight."""
    y = state.year
    players = state.players
    box, far = state.box, state.far_lands

    def of(keys: Iterable[str], table: Iterable[str]) -> Counter[str]:
        return Counter(k for k in keys if k in table)

    monsters = _deck_cards(state.decks.monsters) + Counter(state.tavern) + of(far, MONSTERS) + of(box, MONSTERS)
    monsters += Counter(m.kind for p in players for m in p.monsters)
    yield from _compare("monsters", "$.players[*].monsters", MONSTERS, monsters, _totals(MONSTER_DECKS, y))
    rooms = _deck_cards(state.decks.rooms) + Counter(state.room_shop) + of(far, ROOMS) + of(box, ROOMS)
    rooms += Counter(t.room for p in players for t in p.dungeon.tiles if t.room is not None)
    yield from _compare("rooms", "$.players[*].dungeon", ROOMS, rooms, _totals(ROOM_DECKS, y))
    in_play: Counter[str] = Counter()
    if state.fight is not None:  # CMB-PLAN-5: played face down, then going off one by one
        in_play = Counter(t for plan in state.fight.plans if plan is not None for t in plan.traps)
        in_play += Counter(state.fight.battle.traps if state.fight.battle is not None else ())
    traps = _deck_cards(state.decks.traps) + Counter(state.trap_discard) + Counter(t for p in players for t in p.traps) + in_play
    yield from _compare("trap cards", "$.players[*].traps", TRAPS, traps, Counter(TRAP_DECK))
    paladins = {p.key for p in PALADINS.values()}
    adventurers = _deck_cards(state.decks.adventurers) + Counter(state.adventurers_next) + Counter(state.adventurers_now)
    adventurers += of(far, ADVENTURERS) + of(box, ADVENTURERS)
    adventurers += Counter(a.key for p in players for a in p.party if a.key not in paladins and a.key != ILLUSION_KEY)
    adventurers += Counter(k for p in players for k in p.prison if k not in paladins)
    yield from _compare("adventurers", "$.players[*].party", ADVENTURERS, adventurers, _totals(ADVENTURER_DECKS, y))
    events = _deck_cards(state.decks.events) + Counter(e for e in state.events if e is not None)
    yield from _compare("event cards", "$.events", EVENTS, events, Counter(EVENT_DECK))
    combat = _deck_cards(state.decks.combat) + Counter(c for c in state.combat if c is not None)
    yield from _compare("combat cards", "$.combat", COMBAT_CARDS, combat, Counter(COMBAT_DECKS.get(y, {})))
    boxed = of(box, COMBAT_CARDS)
    if boxed != _totals(COMBAT_DECKS, y - 1):
        yield Invalid("$.box", f"the box holds combat cards {dict(boxed)}; it holds exactly the years before {y}'s")
    stray = [k for k in box if not any(k in t for t in (MONSTERS, ROOMS, ADVENTURERS, COMBAT_CARDS))]
    if stray:
        yield Invalid("$.box", f"unknown cards: {', '.join(stray[:5])}")
    special = _deck_cards(state.decks.special) + Counter([state.special_event] if state.special_event else []) + of(far, SPECIAL_EVENTS)
    expected = Counter(SPECIAL_EVENT_DECK) if state.variant == "full" and state.special_events else Counter()  # SPE-3: else in the box
    yield from _compare("special events", "$.special_event", SPECIAL_EVENTS, special, expected)
    unknown = [k for k in far if not any(k in t for t in (MONSTERS, ROOMS, TRAPS, ADVENTURERS, SPECIAL_EVENTS, paladins))]
    if unknown:
        yield Invalid("$.far_lands", f"unknown cards: {', '.join(unknown[:5])}")
    placed = Counter(far) + Counter(k for p in players for k in p.prison)
    if any(placed[k] > 1 for k in paladins):
        yield Invalid("$.far_lands", "a paladin is in two places")
    for name in DECK_NAMES:
        deck: Deck = getattr(state.decks, name)
        if any(n <= 0 for _, n in deck.unseen) or list(deck.unseen) != sorted(deck.unseen):
            yield Invalid(f"$.decks.{name}.unseen", "not a sorted list of [card, copies] with copies at least 1")
        for i in range(1, len(deck.unseen)):
            if deck.unseen[i][0] == deck.unseen[i - 1][0]:
                yield Invalid(f"$.decks.{name}.unseen[{i}]", f"the card {deck.unseen[i][0]!r} is listed twice: one entry a card, with its copies")
    for s, seen in enumerate(state.spied):
        for pos in seen:
            if state.combat[pos] is None:
                yield Invalid(f"$.spied[{s}]", f"combat card {pos + 1} seen but not identified in $.combat (LIB-RES-3)")


VARIANTS = ("first", "full")
"""The game's variants (``dlrules.core.phases.setup.VARIANTS``, a floor above this one; a test keeps them equal)."""


def limits(state: GameState) -> Iterator[Invalid]:
    """LIB-IN-4: every count of the position within its ceiling
    (``dlrules.records.bounds``), each paladin in one place, a known variant."""
    if state.variant not in VARIANTS:
        yield Invalid("$.variant", f"{state.variant!r} is not a variant ({', '.join(VARIANTS)})")
    for p in bounds.bounded(state):
        yield Invalid(p.path, p.message)
    for p in bounds.paladins(state):
        yield Invalid(p.path, p.message)


CHECKS: tuple[Check, ...] = (limits, supplies, imps_at_work, evil, dungeons, orders, minions, progress, cards)
"""The checks after ``shape``, in order."""


__all__ = ["CHECKS", "Invalid", "InvalidState", "check_bounded", "check_valid", "validate"]
