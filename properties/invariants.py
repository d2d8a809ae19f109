"""The invariants of a Dungeon Lords game, checked after every step.

Each function is named after what it protects and raises ``AssertionError``
with the numbers when it is broken. They are written against the public API
and the state shape only, so they hold for whatever phases the engine has:
a phase that lands later is checked by the same functions, nothing to add.

``check_state(state)`` runs the invariants of a position; ``check_moves``
runs those that need moves (legality, apply, determinism, JSON, refusals).
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

import attrs

import dlrules
from dlrules.core import engine
from dlrules.records import validity
from dlrules.core.engine import apply_with_events
from dlrules.components import (
    ADVENTURERS,
    COMBAT_CARDS,
    EVENTS,
    MONSTERS,
    ROOMS,
    SPECIAL_EVENTS,
    TRAPS,
    Action,
)
from dlrules.components.setup import (
    EVIL_MAX,
    EVIL_MIN,
    EVIL_START,
    PALADIN_SPACE,
)
from dlrules.core.errors import IllegalMove
from dlrules.core.moves import MOVE_TYPES, Move
from dlrules.core.state import CHANCE, DECK_NAMES, GameState, Phase

ROOT = Path(__file__).resolve().parents[1]

# --- rule IDs a refusal may cite ---------------------------------------------------


def known_rule_ids() -> frozenset[str]:
    """Every rule ID a Violation may cite: docs/rule-ids.txt (the committed copy
    of RULES.md, BEYOND-SEEDS.md and COMPONENTS.md IDs) plus the LIB- rulings."""
    ids = set()
    listing = ROOT / "docs" / "rule-ids.txt"
    for line in listing.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            ids.add(line.split()[0])
    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    ids.update(re.findall(r"\b(LIB-[A-Z0-9]+(?:-[A-Z0-9]+)*)\b", rulings))
    return frozenset(ids)


KNOWN_RULES = known_rule_ids()

# --- helpers -----------------------------------------------------------------------------


def implemented(phase: Phase) -> bool:
    """Whether the engine has rules for ``phase`` (not the 'unfinished' stub)."""
    return engine.PHASES[phase].implemented


def colours(state: GameState) -> range:
    return range(4)


def board_count(state: GameState, colour: int) -> int:
    return sum(1 for row in state.board for c in row if c == colour)


def _fail(what: str, state: GameState, detail: str) -> AssertionError:
    return AssertionError(f"{what} broken at year {state.year}, round {state.round}, {state.phase.value}: {detail}")


# --- invariants of a position ---------------------------------------------------------
# Those a state read from a file must also keep live in the library
# (``dlrules.records.validity``, behind ``dlrules.validate``); each invariant here
# raises on what its part of ``validate`` finds.


def _library(what: str, state: GameState, found: Iterable[validity.Invalid]) -> None:
    problems = [str(p) for p in found]
    if problems:
        raise _fail(what, state, "; ".join(problems[:5]))


def resources_never_negative(state: GameState) -> None:
    """Gold, food, imps, busy imps, foreimps, trolls and damage are never below 0."""
    _library("resources_never_negative", state, validity.supplies(state))


def imps_accounted_for(state: GameState) -> None:
    """Free + busy + foreimps = owned imps (ACT-DIG-7, ACT-MINE-5); busy trolls
    never exceed the troll tokens (PROD-2)."""
    _library("imps_accounted_for", state, validity.imps_at_work(state))


def order_cards_accounted_for(state: GameState) -> None:
    """ORD-2, RET-1/2, RUL-13: each colour's 8 order cards, each exactly once,
    are in the hand, unavailable, or played this round; a dummy's are
    unavailable or in its deck (DUM3-1, DUM2-1, DUM2-5)."""
    _library("order_cards_accounted_for", state, validity.orders(state))


def minions_accounted_for(state: GameState) -> None:
    """ORD-4..6, RES-3, ACT-END-1: 3 minions per colour. A player's minions
    on the board are exactly its pending played orders, on their slots; the
    rest stand on order cards or are at home. Nobody has more than 3 out."""
    _library("minions_accounted_for", state, validity.minions(state))


def resolution_leaves_no_minion_on_the_board(state: GameState) -> None:
    """ACT-END-1, RES-3, DUM3-4, DUM2-7: once the Orders phase is over every
    minion has gone home or stands on its order card: the board is empty and
    no played order is still pending."""
    _library("resolution_leaves_no_minion_on_the_board", state, validity.progress(state))


def imps_rest_between_rounds(state: GameState) -> None:
    """END-3, ACT-DIG-7, ACT-MINE-5, PROD-3: from the end of a round until
    resolution nobody's imps or trolls are busy, no room has produced, and the
    hand holds 6 orders with 2 unavailable (ORD-2) until the reveal."""
    _library("imps_rest_between_rounds", state, validity.progress(state))


def every_card_in_one_place(state: GameState) -> None:
    """Every card is in exactly one place: the decks, the tavern, the room
    shop, the far lands (tiles), the trap discard (SETUP-3), the players'
    monsters, traps and rooms, the
    adventurer rows, parties and prisons, the event and combat rows. Each
    kind adds up to the component totals of the years dealt so far."""
    _library("every_card_in_one_place", state, validity.cards(state))


def no_full_2x2_block(state: GameState) -> None:
    """ACT-DIG-6, ACT-ROOM-8: no 2x2 block of the dungeon grid is completely
    filled; every tile lies on the grid, one tile per square, sorted."""
    _library("no_full_2x2_block", state, (*validity.shape(state), *validity.dungeons(state)))


def evil_on_the_evilometer(state: GameState) -> None:
    """RES-8, ADV-2P-2: every evil marker (the 2-player dummy's too) is on 1..15."""
    _library("evil_on_the_evilometer", state, validity.evil(state))


def paladin_with_the_most_evil_lord(state: GameState) -> None:
    """PAL-2, PAL-6, PAL-7, PAL-11: nobody on or above space 10 without the
    paladin coming; and no lord on or above 10 is strictly more evil than the
    lord he attacks (he would have moved at once)."""
    line = PALADIN_SPACE.value
    evils = [p.evil for p in state.players]
    if state.fight is not None and state.fight.paladin_gone:
        if state.paladin is not None:
            raise _fail("paladin_with_the_most_evil_lord", state, "an eliminated or departed paladin still attacks (CMB-PAL-3)")
        return
    if state.paladin is None:
        if any(e >= line for e in evils):
            raise _fail("paladin_with_the_most_evil_lord", state, f"evil {evils} and no paladin")
        return
    holder = evils[state.paladin]
    rivals = [seat for seat, e in enumerate(evils) if e >= line and e > holder]
    if rivals:
        raise _fail(
            "paladin_with_the_most_evil_lord", state,
            f"the paladin attacks Player {state.paladin + 1} (evil {holder}) but Player {rivals[0] + 1} is at {evils[rivals[0]]}",
        )


def resolution_cursor_on_the_acting_minion(state: GameState) -> None:
    """RES-1, RES-2, RES-3: during resolution the player asked to act owns
    the minion on the slot the cursor points at."""
    r = state.resolution
    if state.phase is not Phase.RESOLUTION or r is None or r.space >= len(Action):
        return
    players = {s for s in dlrules.to_move(state) if s != CHANCE}
    if not players:
        return
    owner = state.board[r.space][r.slot]
    if players != {owner}:
        raise _fail(
            "resolution_cursor_on_the_acting_minion", state,
            f"seats {sorted(players)} to move, but slot {r.slot} of space {r.space} holds {owner}",
        )


def one_adventurer_a_round(state: GameState) -> None:
    """ADV-1, RS-1: in each year's building rounds each lord receives one
    adventurer in every Adventurers phase (none in winter): before round r's
    assignment a party holds r - 2 of them (0 in winter and spring), after it
    r - 1 (year 2's parties start empty: Y2-7)."""
    if state.phase in (Phase.SETUP, Phase.COMBAT, Phase.YEAR_TWO, Phase.GAME_OVER):
        return
    assigned = state.phase is Phase.END_OF_ROUND or (
        state.phase is Phase.ADVENTURERS and not state.adventurers_now and state.round > 1
    )
    expected = max(0, state.round - 1 if assigned else state.round - 2)
    for seat, p in enumerate(state.players):
        if state.phase is Phase.ADVENTURERS:
            if not expected - 1 <= len(p.party) <= expected + 1:
                raise _fail("one_adventurer_a_round", state, f"Player {seat + 1} has {len(p.party)} adventurers")
        elif len(p.party) != expected:
            raise _fail("one_adventurer_a_round", state, f"Player {seat + 1} has {len(p.party)} adventurers, not {expected}")


def dummy_marker_climbs_before_each_adventurers_phase(state: GameState) -> None:
    """ADV-2P-1, RUL-12: the 2-player dummy marker starts with the players
    (space 5) and moves up 1 before every Adventurers phase (spring, summer,
    autumn), never past the top: in year 1 it stands at 5 + the number of
    Adventurers phases begun; year 2 starts 2 spaces below year 1's end
    (Y2-11), never below the bottom."""
    if state.dummy_evil is None or state.phase in (Phase.COMBAT, Phase.YEAR_TWO, Phase.GAME_OVER):
        return
    begun = state.round - 1 if state.phase in (Phase.ADVENTURERS, Phase.END_OF_ROUND) else state.round - 2
    start = EVIL_START.value
    if state.year == 2:
        start = max(EVIL_MIN.value, min(EVIL_MAX.value, EVIL_START.value + 3) - 2)
    expected = min(EVIL_MAX.value, start + max(0, begun))
    if state.dummy_evil != expected:
        raise _fail("dummy_marker_climbs_before_each_adventurers_phase", state, f"dummy evil {state.dummy_evil}, not {expected}")


def damage_below_hit_points(state: GameState) -> None:
    """CMB-8, CMB-PARTY-4: no adventurer still in a party (the paladin
    included) has as many damage counters as hit points; outside combat
    nobody carries damage."""
    from dlrules.core.phases.combat import hit_points, party

    for seat in range(state.n_players):
        members = party(state, seat)
        for a in members:
            if a.damage >= hit_points(a) or a.damage < 0:
                raise _fail("damage_below_hit_points", state, f"Player {seat + 1}'s {a.key} has {a.damage} damage")
            if state.fight is None and (a.damage or a.poison or a.food):
                raise _fail("damage_below_hit_points", state, f"{a.key} carries combat counters outside combat")


def knocked_out_monsters_never_fight(state: GameState) -> None:
    """CMB-PLAN-5, CMB-MON-4: monsters planned for a battle not yet fought,
    and monsters still to act in a battle, are ready (face up); after combat
    every monster is face up (CMB-9); no plan breaks the defence limits (CMB-3)."""
    from dlrules.components.combat import battle_ground

    fight = state.fight
    if fight is None:
        if state.phase is not Phase.COMBAT and any(not m.ready for p in state.players for m in p.monsters):
            raise _fail("knocked_out_monsters_never_fight", state, "a monster is face down outside combat")
        return
    if fight.stage == "over" and any(not m.ready for p in state.players for m in p.monsters):
        raise _fail("knocked_out_monsters_never_fight", state, "a monster stayed face down after combat (CMB-9)")
    waiting = fight.stage in ("plan", "reveal")
    for seat, plan in enumerate(fight.plans):
        if plan is None:
            continue
        p = state.players[seat]
        tile = p.dungeon.at(plan.tile)
        if tile is None:
            raise _fail("knocked_out_monsters_never_fight", state, f"Player {seat + 1} defends a square with no tile")
        ground = battle_ground(tile.room, tile.conquered)
        real = [i for i in plan.monsters if not MONSTERS[p.monsters[i].kind].ghost]
        if len(real) > ground.monsters or len(plan.traps) > ground.traps:
            raise _fail("knocked_out_monsters_never_fight", state, f"Player {seat + 1}'s plan breaks CMB-3: {plan}")
        if waiting and any(not p.monsters[i].ready for i in plan.monsters):
            raise _fail("knocked_out_monsters_never_fight", state, f"Player {seat + 1} planned a knocked-out monster")
    b = fight.battle
    if b is not None and any(not state.players[b.seat].monsters[i].ready for i in b.sent):
        raise _fail("knocked_out_monsters_never_fight", state, "a knocked-out monster is about to act")


def forced_decisions_are_automatic(state: GameState) -> None:
    """LIB-CMB-1, CMB-REF-4: in combat a player is asked only when he has a
    real choice (two or more legal moves); a forced one is made for him."""
    if state.phase is not Phase.COMBAT:
        return
    from dlrules.core.phases.combat import hides_a_card

    seats = [s for s in dlrules.to_move(state) if s != CHANCE]
    moves = dlrules.legal_moves(state)
    if seats and len(moves) == 1 and hides_a_card(state, moves[0]):
        return  # LIB-RC-2: a choice among face-down trap cards is always asked
    if seats and len(moves) < 2:
        raise _fail("forced_decisions_are_automatic", state, f"Player {seats[0] + 1} is asked with one legal move only")


def progress_marker_sane(state: GameState) -> None:
    """RS-1, RS-2: year 1..2, round 1..4, first player a seat."""
    _library("progress_marker_sane", state, validity.shape(state))


def only_seats_to_move_have_moves(state: GameState) -> None:
    """Legal moves belong exactly to the seats in ``to_move``: no seat outside
    moves, and no seat that is to move is left without a move (a deadlock)."""
    seats = dlrules.to_move(state)
    moves = dlrules.legal_moves(state)
    movers = {m.seat for m in moves}
    if movers != set(seats):
        raise _fail("only_seats_to_move_have_moves", state, f"to_move {sorted(seats)}, moves by {sorted(movers)}")
    if len(set(moves)) != len(moves):
        raise _fail("only_seats_to_move_have_moves", state, "legal_moves lists a move twice")
    if not seats and implemented(state.phase) and state.phase is not Phase.GAME_OVER:
        raise _fail("only_seats_to_move_have_moves", state, "nobody is to move in an implemented phase")


def chance_outcomes_sum_to_one(state: GameState) -> None:
    """Chance's outcomes have positive probabilities summing to 1, one per
    listed chance move."""
    outcomes = dlrules.chance_outcomes(state)
    chance_moves = [m for m in dlrules.legal_moves(state) if m.seat == CHANCE]
    if [m for m, _ in outcomes] != chance_moves:
        raise _fail("chance_outcomes_sum_to_one", state, "chance outcomes differ from the listed chance moves")
    if outcomes:
        if any(p <= 0 for _, p in outcomes) or sum((p for _, p in outcomes), Fraction(0)) != 1:
            raise _fail("chance_outcomes_sum_to_one", state, f"probabilities {[str(p) for _, p in outcomes]}")


def every_count_within_its_ceiling(state: GameState) -> None:
    """LIB-IN-4: legal play keeps every count of a position within its
    ceiling (supplies at most the table limit, the components' counts,
    each paladin in one place)."""
    _library("every_count_within_its_ceiling", state, validity.limits(state))


def state_json_round_trip(state: GameState) -> None:
    """dlrules.dumps/loads give back an equal state."""
    text = dlrules.dumps(state)
    try:
        back: GameState = dlrules.loads(text, GameState)
    except ValueError as exc:  # strict decoding refuses what dumps wrote (LIB-IN-1)
        raise _fail("state_json_round_trip", state, f"loads refuses dumps(state): {exc}") from None
    if back != state:
        raise _fail("state_json_round_trip", state, "loads(dumps(state)) != state")


STATE_INVARIANTS = (
    resources_never_negative,
    imps_accounted_for,
    order_cards_accounted_for,
    minions_accounted_for,
    resolution_leaves_no_minion_on_the_board,
    imps_rest_between_rounds,
    every_card_in_one_place,
    no_full_2x2_block,
    evil_on_the_evilometer,
    paladin_with_the_most_evil_lord,
    resolution_cursor_on_the_acting_minion,
    one_adventurer_a_round,
    dummy_marker_climbs_before_each_adventurers_phase,
    progress_marker_sane,
    damage_below_hit_points,
    knocked_out_monsters_never_fight,
    forced_decisions_are_automatic,
    only_seats_to_move_have_moves,
    chance_outcomes_sum_to_one,
    every_count_within_its_ceiling,
    state_json_round_trip,
)


def check_state(state: GameState) -> None:
    for invariant in STATE_INVARIANTS:
        invariant(state)


# --- invariants of moves ----------------------------------------------------------------


def move_json_round_trip(state: GameState, move: Move) -> None:
    """Every move survives dumps/loads, both as ``Move`` and as its own class."""
    text = dlrules.dumps(move)
    try:
        same: bool = dlrules.loads(text, Move) == move and dlrules.loads(text, type(move)) == move
    except ValueError as exc:  # strict decoding refuses what dumps wrote (LIB-IN-1)
        raise _fail("move_json_round_trip", state, f"{move!r} -> {text}: {exc}") from None
    if not same:
        raise _fail("move_json_round_trip", state, f"{move!r} -> {text}")


def listed_move_applies(state: GameState, move: Move) -> GameState:
    """legal_moves => check is empty => apply succeeds; apply never mutates
    its input; the same state and move always give equal states."""
    before = dlrules.dumps(state)
    found = dlrules.check(state, move)
    if found:
        raise _fail("listed_move_applies", state, f"listed {move!r} is refused: {found}")
    try:
        after = dlrules.apply(state, move)
    except IllegalMove as exc:  # pragma: no cover - reported as the failure
        raise _fail("listed_move_applies", state, f"listed {move!r} raised {exc}") from exc
    if dlrules.dumps(state) != before:
        raise _fail("apply_never_mutates_input", state, f"apply({move!r}) changed its input state")
    again, events = apply_with_events(state, move)
    if again != after:
        raise _fail("apply_is_deterministic", state, f"apply({move!r}) twice gave different states")
    if apply_with_events(state, move)[1] != events:
        raise _fail("apply_is_deterministic", state, f"apply_with_events({move!r}) narrated differently twice")
    return after


def unlisted_move_refused(state: GameState, move: Any, listed: frozenset[Move]) -> None:
    """A move that is not listed is refused by ``check`` with known rule IDs and
    by ``apply`` with IllegalMove citing the same rules; a listed one passes.
    Never another exception."""
    try:
        hashable = move in listed
        if hashable:  # a look-alike (0.0 for 0, True for 1) compares equal but is malformed (RS-3)
            twin = next(m for m in listed if m == move)
            hashable = repr(twin) == repr(move)
    except TypeError:
        hashable = False
    try:
        found = dlrules.check(state, move)
    except Exception as exc:
        raise _fail("unlisted_move_refused", state, f"check({move!r}) raised {type(exc).__name__}: {exc}") from exc
    if hashable:
        if found:
            raise _fail("unlisted_move_refused", state, f"listed {move!r} refused by check: {found}")
        return
    if not found:
        raise _fail("unlisted_move_refused", state, f"check accepts the unlisted move {move!r}")
    unknown = [v.rule for v in found if v.rule not in KNOWN_RULES]
    if unknown:
        raise _fail("unlisted_move_refused", state, f"refusal of {move!r} cites unknown rule IDs {unknown}")
    if any(not v.message for v in found):
        raise _fail("unlisted_move_refused", state, f"refusal of {move!r} has an empty message")
    before = hash(state)  # frozen records all the way down: a change shows in the hash
    try:
        dlrules.apply(state, move)
    except IllegalMove as exc:
        if exc.rules != tuple(v.rule for v in found):
            raise _fail("unlisted_move_refused", state, f"apply cites {exc.rules}, check {found}") from exc
    except Exception as exc:
        raise _fail("unlisted_move_refused", state, f"apply({move!r}) raised {type(exc).__name__}: {exc}") from exc
    else:
        raise _fail("unlisted_move_refused", state, f"apply accepted the unlisted move {move!r}")
    if hash(state) != before:
        raise _fail("apply_never_mutates_input", state, f"refused apply({move!r}) changed its input")


# --- mutating moves -------------------------------------------------------------------------

_CARD_KEYS = tuple(sorted({*MONSTERS, *ROOMS, *TRAPS, *ADVENTURERS, *EVENTS, *COMBAT_CARDS, *SPECIAL_EVENTS}))


def _field_variants(name: str, value: Any, rng: random.Random, n: int) -> list[Any]:
    if name == "seat":
        return [CHANCE, 0, 1, 2, 3, n, 7, -2]
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, Action):
        return [a for a in Action if a is not value] + [None]
    if isinstance(value, int):
        return [value - 1, value + 1, -1, 0, 99]
    if isinstance(value, str):
        if name == "deck":
            return [d for d in DECK_NAMES if d != value] + ["nonsense"]
        return [rng.choice(_CARD_KEYS), rng.choice(_CARD_KEYS), "nonsense", ""]
    if isinstance(value, tuple):
        if len(value) == 2 and all(isinstance(v, int) for v in value):  # a square
            r, c = value
            return [(r + 1, c), (r, c + 1), (r - 1, c), (-1, 0), (9, 9)]
        out: list[Any] = [(), value[::-1], value[:-1], value + value[:1]]
        if value and isinstance(value[0], Action):
            out.append(tuple(rng.sample(list(Action), len(value))))
            out.append(tuple(Action)[: len(value)])
            swapped = list(value)
            swapped[rng.randrange(len(value))] = rng.choice(list(Action))
            out.append(tuple(swapped))
        return out
    if value is None:
        if name == "dummy_order":
            return list(Action)
        if name in ("target", "dismiss"):
            return [0, 5]
        if name == "square" or name == "target":
            return [(0, 0)]
        return []
    return []


def mutations(move: Move, rng: random.Random, n_players: int, limit: int) -> list[Move]:
    """Well-typed variants of ``move``: one field changed at a time."""
    out: list[Move] = []
    for field in attrs.fields(type(move)):
        value = getattr(move, field.name)
        for variant in _field_variants(field.name, value, rng, n_players):
            out.append(attrs.evolve(cast(Any, move), **{field.name: variant}))
    rng.shuffle(out)
    return out[:limit]


def ill_typed(move: Move) -> list[Any]:
    """Moves with a field of the wrong type, as a careless caller might build."""
    out: list[Any] = []
    loose = cast(Any, move)
    for field in attrs.fields(type(move)):
        value = getattr(move, field.name)
        if isinstance(value, tuple):
            out.append(attrs.evolve(loose, **{field.name: list(value)}))
            out.append(attrs.evolve(loose, **{field.name: tuple(str(v) for v in value)}))
        elif isinstance(value, Action):
            out.append(attrs.evolve(loose, **{field.name: value.value}))
        elif isinstance(value, int) and not isinstance(value, bool):
            out.append(attrs.evolve(loose, **{field.name: str(value)}))
            out.append(attrs.evolve(loose, **{field.name: float(value)}))  # equal to the int: a look-alike
        elif value is None:
            out.append(attrs.evolve(loose, **{field.name: 0.0}))
    return out


# --- the per-step driver -----------------------------------------------------------------------


@attrs.define
class MoveChecker:
    """Runs the move invariants at each step; remembers moves seen elsewhere
    to try them on later positions. Applies a sample of the listed moves (the
    first, the last and random ones; ``thorough``: up to 60) and checks the
    JSON of every listed move when ``thorough``."""

    rng: random.Random
    thorough: bool = False
    sample: int = 5
    pool: list[Move] = attrs.Factory(list)

    def check(self, state: GameState) -> None:
        moves = dlrules.legal_moves(state)
        listed = frozenset(moves)
        limit = 60 if self.thorough else self.sample  # nightly: up to 60 listed moves applied per step
        if len(moves) <= limit:
            chosen: Sequence[Move] = moves
        else:
            chosen = [moves[0], moves[-1], *self.rng.sample(moves, limit - 2)]
        for move in (moves if self.thorough else chosen):
            move_json_round_trip(state, move)
        for move in chosen:
            listed_move_applies(state, move)
        others = self.rng.sample(self.pool, min(len(self.pool), 3 if not self.thorough else 20))
        for move in others:
            unlisted_move_refused(state, move, listed)
        for move in chosen[: 2 if not self.thorough else 10]:
            for variant in mutations(move, self.rng, state.n_players, limit=3 if not self.thorough else 40):
                unlisted_move_refused(state, variant, listed)
            ill = ill_typed(move)
            for variant in (self.rng.sample(ill, min(1, len(ill))) if not self.thorough else ill):
                unlisted_move_refused(state, variant, listed)
        for move in chosen[:2]:
            if len(self.pool) < 400:
                self.pool.append(move)
            else:
                self.pool[self.rng.randrange(len(self.pool))] = move


def simultaneous_moves_commute(state: GameState, rng: random.Random) -> None:
    """DESIGN.md: in a simultaneous step (several players in ``to_move``) each
    seat's choice is stored hidden until the reveal, so the result never
    depends on who moved first: one move per seat, applied in seat order and
    in reverse order, gives equal states."""
    seats = sorted(s for s in dlrules.to_move(state) if s != CHANCE)
    if len(seats) < 2:
        return
    moves = dlrules.legal_moves(state)
    picks = []
    for seat in seats:
        mine = [m for m in moves if m.seat == seat]
        picks.append(mine[rng.randrange(len(mine))])
    results = []
    for order in (picks, picks[::-1]):
        s = state
        for move in order:
            s = dlrules.apply(s, move)
        results.append(s)
    if results[0] != results[1]:
        raise _fail("simultaneous_moves_commute", state, f"{picks} in another order gives another state")


def conquered_tiles_never_come_back(before: GameState, after: GameState) -> None:
    """CMB-CONQ-4: a conquered tile stays conquered (and stays a tile)."""
    for seat, (b, a) in enumerate(zip(before.players, after.players)):
        lost = {t.square for t in b.dungeon.tiles if t.conquered}
        kept = {t.square for t in a.dungeon.tiles if t.conquered}
        if not lost <= kept:
            raise _fail("conquered_tiles_never_come_back", after, f"Player {seat + 1}: {sorted(lost - kept)} came back")


def check_step(state: GameState, checker: MoveChecker) -> None:
    check_state(state)
    checker.check(state)
    simultaneous_moves_commute(state, checker.rng)


PASSIVE = frozenset({"Decline", "FinishDigging", "FinishProduction"})


def play_checked(
    players: int, seed: int, *, variant: str = "full", max_steps: int = 5000, thorough: bool = False,
    weighted_chance: bool = True, eager: bool = False, start: GameState | None = None,
) -> Iterator[tuple[GameState, Move | None]]:
    """A seeded play-out (until nobody is to move) checking every invariant
    after every step; yields each state with the move that led to it.
    ``eager`` players never decline or stop early when they have another
    move (deeper dungeons, more monsters, more evil than uniform play).
    ``start``: play from this state instead of a new game (``players`` and
    ``variant`` are then the start's)."""
    rng = random.Random(seed)
    checker = MoveChecker(random.Random(seed ^ 0x5EED), thorough=thorough)
    state = dlrules.new_game(players, variant=variant) if start is None else start
    check_step(state, checker)
    yield state, None
    for _ in range(max_steps):
        seats = dlrules.to_move(state)
        if not seats:
            return
        if CHANCE in seats and weighted_chance:
            move = dlrules.sample_chance(state, rng)
        else:
            moves = dlrules.legal_moves(state)
            if eager:
                keen = [m for m in moves if type(m).__name__ not in PASSIVE]
                moves = tuple(keen) or moves
            move = moves[rng.randrange(len(moves))]
        before, state = state, dlrules.apply(state, move)
        conquered_tiles_never_come_back(before, state)
        check_step(state, checker)
        yield state, move
    raise AssertionError(f"the play-out did not end within {max_steps} moves")


def pairs(xs: Sequence[Any]) -> Iterator[tuple[Any, Any]]:
    return zip(xs, itertools.islice(xs, 1, None))
