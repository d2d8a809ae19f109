"""What both adapters share, with no framework imported: where a game ends for
them (``Phase.GAME_OVER``), its returns, and a seat's observation as a flat vector of numbers and
as a string, both built from ``view`` alone (docs/ai.md).

Everything a seat observes goes through ``dlrules.view(state, seat)``, which
redacts what that seat may not know (docs/views.md); the functions here never
read the unredacted state, so nothing hidden can leak through them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Final

import attrs

from dlrules.agents.actions import CARD_CAPACITY, CARD_KEYS, MAX_MONSTERS
from dlrules.agents.decisions import NUM_DECISIONS, Partial, describe_decision
from dlrules.components import ACTION_ORDER, PALADINS
from dlrules.core.dungeon import GRID
from dlrules.core.engine import new_game, to_move
from dlrules.core.phases.scoring import is_over as library_is_over
from dlrules.core.phases.scoring import outcome
from dlrules.records.serialization import dumps
from dlrules.core.state import CHANCE, DECK_NAMES, Fight, GameState, Outcome, Phase
from dlrules.records.views import HIDDEN, PlayerView, view

MAX_PLAYERS: Final[int] = 4
MAX_GAME_LENGTH: Final[int] = 2000
"""An upper bound on the moves (chance included) of a whole game, to
``Phase.GAME_OVER``; random games take about 200 to 400."""

MIN_RETURN: Final[float] = 0.0
MAX_RETURN: Final[float] = 1.0
"""Bounds of the ``win`` and ``rank`` returns (OpenSpiel's min/max utility)."""

MIN_SCORE: Final[int] = -200
MAX_SCORE: Final[int] = 300
"""Bounds of the ``score`` returns (final points, SCO-14): far outside what a
game reaches (random games end between about -40 and 60 points)."""

REWARDS: tuple[str, ...] = ("win", "score", "rank")
"""The kinds of return the adapters offer (``reward=``, LIB-AI-3):

- ``win``: 1 for the winner, a shared victory (SCO-3, SCO-10) splitting the 1
  equally among the winners, 0 for the others: constant-sum (the returns
  always sum to 1);
- ``score``: each player's final points: general-sum;
- ``rank``: the share of the other players one beat on points, a tie
  counting half: ``(beaten + tied / 2) / (players - 1)``, so 1 for a sole
  winner, 0 for a sole last; constant-sum (the returns sum to players / 2)."""


def check_reward(reward: str) -> str:
    """``reward`` if it is one of ``REWARDS``, else ``ValueError`` naming them."""
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r} (LIB-AI-3)")
    return reward


def return_bounds(reward: str) -> tuple[float, float]:
    """The least and the most return of one player for ``reward``."""
    return (float(MIN_SCORE), float(MAX_SCORE)) if check_reward(reward) == "score" else (MIN_RETURN, MAX_RETURN)


def return_sum(reward: str, players: int) -> float | None:
    """What the returns of every player sum to (None: general-sum)."""
    check_reward(reward)
    return {"win": 1.0, "rank": players / 2, "score": None}[reward]


def finished(state: GameState) -> bool:
    """The game is over for the adapters (LIB-AI-3): the library's end
    (``dlrules.is_over``, ``Phase.GAME_OVER``, SCO-4), or nobody left to move."""
    return library_is_over(state) or not to_move(state)


def returns(state: GameState, reward: str = "win") -> tuple[float, ...]:
    """Each player's return when the game is ``finished`` (LIB-AI-3, ``REWARDS``).

    Without a final outcome (a position with nobody to move before scoring,
    which the rules never reach): 0 for everyone, so that no winner is
    invented."""
    check_reward(reward)
    result = outcome(state)
    n = state.n_players
    if result is None:
        return (0.0,) * n
    totals = result.totals
    if reward == "score":
        return tuple(float(t) for t in totals)
    if reward == "rank":
        return tuple(
            (sum(1 for t in totals if t < mine) + (sum(1 for t in totals if t == mine) - 1) / 2) / (n - 1) for mine in totals
        )
    winners = frozenset(result.winners)
    return tuple(1.0 / len(winners) if seat in winners else 0.0 for seat in range(n))


def scores(state: GameState) -> tuple[int, ...] | None:
    """Each player's final points (``dlrules.outcome``), or None before the end."""
    result = outcome(state)
    return None if result is None else tuple(result.totals)


# --- the observation vector -----------------------------------------------------

PALADIN_SLOTS: Final[int] = 4
_PHASE_SLOTS: Final[int] = 16


class _Slots:
    """Card keys of some kinds, each kind in its fixed number of slots
    (``dlrules.agents.actions.CARD_CAPACITY``): cards added to the components later
    take free slots, so the vector's layout does not move."""

    def __init__(self, *kinds: str) -> None:
        self.index: dict[str, int] = {}
        base = 0
        for kind in kinds:
            keys = CARD_KEYS[kind] if kind != "paladins" else tuple(p.key for p in PALADINS.values())
            capacity = CARD_CAPACITY[kind] if kind != "paladins" else PALADIN_SLOTS
            for i, key in enumerate(keys[:capacity]):
                self.index.setdefault(key, base + i)
            base += capacity
        self.size = base

    def counts(self, keys: Iterable[str | None]) -> list[float]:
        out = [0.0] * self.size
        for k in keys:
            i = self.index.get(k) if k is not None else None
            if i is not None:
                out[i] += 1.0
        return out

    def one_hot(self, key: str | None) -> list[float]:
        return _one_hot(self.size, self.index.get(key) if key is not None else None)


_MONSTER_SLOTS = _Slots("monsters")
_ROOM_SLOTS = _Slots("rooms")
_TRAP_SLOTS = _Slots("traps")
_ADVENTURER_SLOTS = _Slots("adventurers")
_EVENT_SLOTS = _Slots("events")
_COMBAT_SLOTS = _Slots("combat")
_SPECIAL_SLOTS = _Slots("special")
_PARTY_CARDS = _Slots("adventurers", "paladins")
_ANY_CARD = _Slots(*DECK_NAMES, "paladins")
"""Every card key, for counts of cards of any kind (the far lands, the bottoms of decks)."""
_PARTY_PLACES: Final[int] = 6
_PHASES: tuple[Phase, ...] = tuple(Phase)
_SLOTS: Final[int] = 3
_SPY_POSITIONS: Final[int] = 4
_ROUNDS: Final[int] = 4
_YEARS: Final[int] = 2


class _Writer:
    """Appends named pieces to a flat vector; the same calls on any state give the same layout."""

    def __init__(self) -> None:
        self.values: list[float] = []
        self.pieces: list[tuple[str, int]] = []

    def piece(self, name: str, values: list[float]) -> None:
        self.values.extend(values)
        self.pieces.append((name, len(values)))


def _one_hot(size: int, index: int | None) -> list[float]:
    out = [0.0] * size
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out


def _set_of(domain: tuple[object, ...], items: tuple[object, ...] | None) -> list[float]:
    chosen = set(items or ())
    return [1.0 if d in chosen else 0.0 for d in domain]


def _write(w: _Writer, v: PlayerView, me: int) -> None:
    """The observation of ``v`` (seen by seat ``me``; ``v.seat`` may be None for
    a spectator), seats relative to ``me``: block 0 is ``me``, then to the left."""
    s = v.state
    n = s.n_players

    def rel(colour: int | None) -> int | None:
        """A player colour relative to ``me``; dummy colours stay themselves."""
        if colour is None or colour == CHANCE:
            return None
        return (colour - me) % n if colour < n else colour

    w.piece("seat", _one_hot(MAX_PLAYERS, me))
    w.piece("players", _one_hot(MAX_PLAYERS + 1, n))
    w.piece("variant", [1.0 if s.variant == "full" else 0.0, 1.0 if s.deal_and_keep else 0.0])
    w.piece("year", _one_hot(_YEARS, s.year - 1))
    w.piece("round", _one_hot(_ROUNDS, s.round - 1))
    w.piece("phase", _one_hot(_PHASE_SLOTS, _PHASES.index(s.phase)))
    w.piece("first_player", _one_hot(MAX_PLAYERS, rel(s.first_player)))
    w.piece("to_move", [1.0 if CHANCE in v.to_move else 0.0] + _set_of(tuple(range(MAX_PLAYERS)), tuple(rel(x) for x in v.to_move)))
    board: list[float] = []
    for space in range(len(ACTION_ORDER)):
        slots = s.board[space] if space < len(s.board) else ()
        for slot in range(_SLOTS):
            board += _one_hot(MAX_PLAYERS, rel(slots[slot]) if slot < len(slots) else None)
    w.piece("board", board)
    w.piece("tavern", _MONSTER_SLOTS.counts(s.tavern))
    w.piece("room_shop", _ROOM_SLOTS.counts(s.room_shop))
    w.piece("adventurers_next", _ADVENTURER_SLOTS.counts(s.adventurers_next))
    w.piece("adventurers_now", _ADVENTURER_SLOTS.counts(s.adventurers_now))
    events: list[float] = []
    for rnd in range(_ROUNDS):
        e = s.events[rnd] if rnd < len(s.events) else None
        events += _EVENT_SLOTS.one_hot(e)
    w.piece("events", events)
    w.piece("special_event", _SPECIAL_SLOTS.one_hot(s.special_event))
    combat: list[float] = []
    for p in range(_SPY_POSITIONS):
        c = s.combat[p] if p < len(s.combat) else None
        combat += _COMBAT_SLOTS.one_hot(c)
    w.piece("combat", combat)
    w.piece("paladin", _one_hot(MAX_PLAYERS, rel(s.paladin)))
    w.piece("dummy_evil", [float(s.dummy_evil or 0)])
    w.piece("far_lands", _ANY_CARD.counts(s.far_lands))
    r = s.resolution
    w.piece(
        "resolution",
        [1.0 if r else 0.0]
        + _one_hot(len(ACTION_ORDER) + 1, r.space if r else None)
        + _one_hot(_SLOTS, r.slot if r else None)
        + [float(r.dug if r else 0), float(r.draws if r else 0), 1.0 if r and r.discarding else 0.0]
        + _one_hot(_SPY_POSITIONS, r.spy if r else None),
    )
    t = s.turn
    w.piece(
        "turn",
        [1.0 if t else 0.0]
        + _one_hot(MAX_PLAYERS + 1, t.position if t else None)
        + [float(t.step if t else 0), float(t.draws if t else 0), float(t.dismissed if t else 0)],
    )
    decks = [getattr(s.decks, name) for name in DECK_NAMES]
    w.piece("deck_sizes", [float(d.size) for d in decks])
    w.piece("deck_bottoms", _ANY_CARD.counts(k for d in decks for k in d.bottom))
    w.piece("trap_discard", [float(len(s.trap_discard))])
    for block in range(MAX_PLAYERS):
        seat = (me + block) % n
        present = block < n
        _write_player(w, v, seat, present, rel)
    _write_dummies(w, s, rel)
    # Version 2 of the layout: appended after version 1's pieces (LIB-AI-4).
    _write_fight(w, s.fight, me, n, rel)
    w.piece("box", [float(len(s.box))])
    _write_outcome(w, s, me, n)


def _write_dummies(w: _Writer, s: GameState, rel: Callable[[int | None], int | None]) -> None:
    for slot in range(2):  # dummy colours 2 and 3 (DUM2, DUM3)
        colour = 2 + slot
        dummy = next((d for d in s.dummies if d.colour == colour), None)
        w.piece(
            f"dummy_{colour}",
            [1.0 if dummy else 0.0]
            + _set_of(ACTION_ORDER, dummy.unavailable if dummy else ())
            + _set_of(ACTION_ORDER, dummy.drawn if dummy else ())
            + _one_hot(len(ACTION_ORDER), dummy.third.index if dummy and dummy.third else None)
            + _one_hot(MAX_PLAYERS, rel(dummy.responsible) if dummy else None),
        )


_STAGES: tuple[str, ...] = ("plan", "reveal", "battle", "over")
_STEPS: tuple[str, ...] = ("trap", "fast", "monsters", "slow", "heal")
_COMBAT_ROUNDS: Final[int] = 4
_AIMING = _Slots("traps", "monsters")


def _lair_set(indices: tuple[int, ...]) -> list[float]:
    """A set of lair places (a plan's monsters, a battle's sent and asking), one bit a place."""
    return _set_of(tuple(range(MAX_MONSTERS)), indices)


def _write_fight(w: _Writer, f: Fight | None, me: int, n: int, rel: Callable[[int | None], int | None]) -> None:
    """The combat (CMB-REF-1) as ``view`` shows it: another defender's planned
    trap cards are ``"?"`` (CMB-PLAN-9), so only their number shows."""
    w.piece(
        "fight",
        [1.0 if f else 0.0]
        + _one_hot(_COMBAT_ROUNDS, f.round - 1 if f else None)
        + _one_hot(len(_STAGES), _STAGES.index(f.stage) if f and f.stage in _STAGES else None)
        + _one_hot(MAX_PLAYERS + 1, f.position if f else None)
        + [1.0 if f and f.paladin_gone else 0.0],
    )
    for block in range(MAX_PLAYERS):
        seat = (me + block) % n
        plan = f.plans[seat] if f and block < n and seat < len(f.plans) else None
        w.piece(
            "plan",
            [1.0 if plan else 0.0]
            + _one_hot(len(GRID), GRID.index(plan.tile) if plan and plan.tile in GRID else None)
            + [float(len(plan.traps)) if plan else 0.0, float(plan.gold) if plan else 0.0]
            + _TRAP_SLOTS.counts(plan.traps if plan else ())
            + _lair_set(plan.monsters if plan else ()),
        )
    b = f.battle if f else None
    w.piece(
        "battle",
        [1.0 if b else 0.0]
        + _one_hot(MAX_PLAYERS, rel(b.seat) if b else None)
        + _one_hot(len(_STEPS), _STEPS.index(b.step) if b and b.step in _STEPS else None)
        + [float(len(b.traps)) if b else 0.0]
        + _TRAP_SLOTS.counts(b.traps if b else ())
        + [1.0 if b and b.aiming else 0.0]
        + _AIMING.one_hot(b.aiming if b else None)
        + _lair_set(b.sent if b else ())
        + [1.0 if b and b.choosing else 0.0]
        + _COMBAT_SLOTS.one_hot(b.choosing if b else None)
        + [float(b.icons_used if b else 0), float(b.shield if b else 0)]
        + [1.0 if b and flag else 0.0 for flag in ((b.attacked, b.no_heal, b.no_spells, b.no_conquest, b.invisible) if b else (False,) * 5)]
        + _lair_set(b.asking if b else ()),
    )
    pal = f.paladin if f else None
    w.piece("fight_paladin", [1.0 if pal else 0.0] + _PARTY_CARDS.one_hot(pal.key if pal else None) + [float(pal.damage) if pal else 0.0])


def _write_outcome(w: _Writer, s: GameState, me: int, n: int) -> None:
    """The final scores (SCO-14) once the game is over: each seat, relative
    to ``me``, present, its total and whether it won (SCO-3)."""
    result = outcome(s)
    out: list[float] = [1.0 if result else 0.0]
    for block in range(MAX_PLAYERS):
        seat = (me + block) % n
        if result is None or block >= n:
            out += [0.0, 0.0, 0.0]
        else:
            out += [1.0, float(result.players[seat].total), 1.0 if seat in result.winners else 0.0]
    w.piece("outcome", out)


def _write_player(w: _Writer, v: PlayerView, seat: int, present: bool, rel: Callable[[int | None], int | None]) -> None:
    """Player block: seat ``seat`` as ``v`` shows it (zeros when ``present`` is false)."""
    s = v.state
    p = s.players[seat] if present else None
    out: list[float] = [1.0 if p else 0.0]
    if p is None:
        w.piece("player", out + [0.0] * (_player_size() - 1))
        return
    out += [float(x) for x in (p.gold, p.food, p.imps, p.free_imps, p.evil, p.busy_imps, p.foreimps, p.busy_trolls, p.damage_tokens)]
    out += _set_of(ACTION_ORDER, p.hand) + _set_of(ACTION_ORDER, p.unavailable)
    for i in range(_SLOTS):
        o = p.played[i] if i < len(p.played) else None
        out += _one_hot(len(ACTION_ORDER), o.action.index if o else None)
        out += _one_hot(_SLOTS + 1, (_SLOTS if o.slot is None else o.slot) if o else None)
        out += _one_hot(len(Outcome), tuple(Outcome).index(o.outcome) if o else None)
    for i in range(_SLOTS):
        c = p.committed[i] if p.committed is not None and i < len(p.committed) else None
        out += _one_hot(len(ACTION_ORDER), c.index if c else None)
    out += [1.0 if v.orders_chosen[seat] else 0.0]
    out += _one_hot(len(ACTION_ORDER), p.dummy_choice.index if p.dummy_choice else None)
    out += _set_of(ACTION_ORDER, p.dealt) + [float(v.dealt_counts[seat])]
    out += _set_of(ACTION_ORDER, p.kept) + [1.0 if v.unavailable_chosen[seat] else 0.0]
    out += _MONSTER_SLOTS.counts(m.kind for m in p.monsters if m.ready)
    out += _MONSTER_SLOTS.counts(m.kind for m in p.monsters if not m.ready)
    out += _TRAP_SLOTS.counts(p.traps) + [float(len(p.traps)), float(sum(1 for t in p.traps if t == HIDDEN))]
    for square in GRID:
        tile = p.dungeon.at(square)
        out += [1.0 if tile else 0.0, 1.0 if tile and tile.conquered else 0.0]
        out += _ROOM_SLOTS.one_hot(tile.room if tile else None)
    for i in range(_PARTY_PLACES):
        a = p.party[i] if i < len(p.party) else None
        out += _PARTY_CARDS.one_hot(a.key if a else None)
        out += [float(a.damage) if a else 0.0]
    out += _PARTY_CARDS.counts(p.prison)
    out += _set_of(GRID, p.rooms_used)
    spied = s.spied[seat] if seat < len(s.spied) else ()
    out += _set_of(tuple(range(_SPY_POSITIONS)), spied)
    w.piece("player", out)


_PLAYER_SIZE: list[int] = []


def _player_size() -> int:
    """The length of one player block (measured once on a new game)."""
    if not _PLAYER_SIZE:
        state = new_game(2, variant="first")
        w = _Writer()
        _write_player(w, view(state, 0), 0, True, lambda c: c)
        _PLAYER_SIZE.append(w.pieces[-1][1])
    return _PLAYER_SIZE[0]


PIECE_NOTES: dict[str, str] = {
    "seat": "the observer's own seat (absolute)",
    "players": "number of players, one-hot at 2..4",
    "variant": "1 for the full game; 1 when the first unavailable orders are dealt 3, kept 2 (RUL-13)",
    "year": "one-hot",
    "round": "one-hot (winter … autumn)",
    "phase": "one-hot over `Phase` (16 slots)",
    "first_player": "relative seat, one-hot",
    "to_move": "chance, then relative seats",
    "board": "8 spaces × 3 slots × colour one-hot",
    "tavern": "monsters on offer, per kind",
    "room_shop": "rooms on offer, per kind",
    "adventurers_next": "next round's adventurers, per card",
    "adventurers_now": "this round's, per card",
    "events": "each round's event, one-hot",
    "special_event": "the year's special event",
    "combat": "4 positions × combat card one-hot (zeros where unseen)",
    "paladin": "whose dungeon he attacks, relative",
    "dummy_evil": "the 2-player dummy marker",
    "far_lands": "discarded cards, per card key",
    "resolution": "present, space (9), slot (3), tunnels dug, trap draws owed, discarding a trap, spy position (4)",
    "turn": "present, position (5), payday step, workshop draws owed, monsters let go at payday",
    "deck_sizes": "cards in each face-down deck",
    "deck_bottoms": "the known cards under the decks (RST-5), per key",
    "trap_discard": "trap cards discarded face down (SETUP-3): how many",
    "player[0]": "the observer",
    "player[1]": "the next seat",
    "player[2]": "",
    "player[3]": "",
    "dummy_2": "present, unavailable (8), drawn (8), third (8), responsible (4)",
    "dummy_3": "as dummy_2",
    "fight": "combat (CMB-REF-1): present, round (4), stage (plan, reveal, battle, over), position in play order (5), the paladin gone",
    "plan[0]": "the observer's plan this combat round: present, tile (20), trap cards played (how many), gold on them, trap cards per kind (another's read as unknown: zeros, CMB-PLAN-9), lair places sent (16)",
    "plan[1]": "the next seat's plan, and so on",
    "plan[2]": "",
    "plan[3]": "",
    "battle": "the battle in progress: present, defender (relative), step (5), traps left (how many, per kind when seen), aiming (present, trap or monster key), lair places sent (16), choosing (present, spell), anti-trap icons used, shield points, flags (attacked, no heal, no spells, no conquest, invisible), places still asked (16)",
    "fight_paladin": "the year's paladin in combat: present, which (per card key), damage",
    "box": "cards put back in the box face down at the change of year (Y2-8, Y2-10): how many",
    "outcome": "the final scores (SCO-14) once the game is over: present, then for each relative seat present, total points, won",
}
"""What each part of the observation vector holds (docs/ai.md)."""


@attrs.frozen
class Piece:
    """A named part of the observation vector: ``values[start:start + size]``."""

    name: str
    start: int
    size: int


def observation_layout() -> tuple[Piece, ...]:
    """The observation vector's parts, in order (the same for every game)."""
    w = _Writer()
    _write(w, view(new_game(2, variant="first"), 0), 0)
    out: list[Piece] = []
    start = 0
    for i, (name, size) in enumerate(w.pieces):
        label = name
        if name in ("player", "plan"):
            label = f"{name}[{sum(1 for n, _ in w.pieces[:i] if n == name)}]"
        out.append(Piece(label, start, size))
        start += size
    return tuple(out)


def observation_vector(state: GameState, seat: int, *, public: bool = False) -> list[float]:
    """Seat ``seat``'s observation as numbers (``observation_layout``), from
    ``view(state, seat)`` only (``public``: the spectator's view, seats still
    ordered from ``seat``)."""
    w = _Writer()
    _write(w, view(state, None if public else seat), seat)
    return w.values


def state_vector(state: GameState) -> list[float]:
    """The whole position as numbers, nothing redacted, in the layout of
    ``observation_vector`` (seats from seat 0): PettingZoo's ``state()``, for
    centralised training. Never give it to a player: it holds every secret."""
    from dlrules.core.engine import legal_moves

    everything = PlayerView(
        seat=0,
        state=state,
        orders_chosen=tuple(p.committed is not None for p in state.players),
        unavailable_chosen=tuple(p.kept is not None for p in state.players),
        dealt_counts=tuple(len(p.dealt) for p in state.players),
        to_move=tuple(sorted(to_move(state))),
        legal=tuple(m for m in legal_moves(state) if m.seat == 0),
    )
    w = _Writer()
    _write(w, everything, 0)
    return w.values


def observation_size() -> int:
    last = observation_layout()[-1]
    return last.start + last.size


def partial_vector(partial: Partial, seat: int) -> list[float]:
    """The move ``seat`` is in the middle of (``dlrules.agents.decisions``): 1 for
    each decision it has made of it so far, counted per decision id (zeros
    when it is making none)."""
    out = [0.0] * NUM_DECISIONS
    if partial.seat == seat:
        for d in partial.chosen:
            out[d] += 1.0
    return out


def partial_string(partial: Partial, seat: int | None) -> str:
    """The decisions ``seat`` has made of the move it is in the middle of, as
    a line (``""`` when it is making none)."""
    if seat is None or partial.seat != seat:
        return ""
    return "deciding: " + ", ".join(describe_decision(d) for d in partial.chosen)


def observation_string(state: GameState, seat: int | None) -> str:
    """Seat ``seat``'s observation as text: the JSON of ``view(state, seat)``
    (docs/views.md), which is also its information state (LIB-AI-4); once
    the game is over, a second line ``outcome {"totals": […], "winners": […]}``
    (SCO-14, seats absolute)."""
    text = dumps(view(state, seat))
    result = outcome(state)
    if result is not None:
        text += "\noutcome " + json.dumps({"totals": list(result.totals), "winners": list(result.winners)})
    return text
