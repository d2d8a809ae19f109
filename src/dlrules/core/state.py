"""The game state: immutable records, data only (no rules live here).

Everything is a frozen attrs record; a new state is made with ``evolve`` (below).
The records have no weak-reference slot, so that ``evolve`` can build them fast
(``_twin``).
Colours: players are colours ``0..n-1``; in a 2- or 3-player game the dummy
colours are ``n..3`` (DUM2, DUM3). A slot on the central board holds the colour
of the minion standing there, or ``None``.
"""

from __future__ import annotations

import bisect
import enum
import operator
from collections.abc import Callable
from typing import Any, Final, Literal, TypeVar

import attrs

from dlrules.components import Action
from dlrules.components.setup import SEASONS

CHANCE: Final[int] = -1
"""The seat of chance: card draws, shuffles and the dummies' random orders."""

TABLE: Final[int] = -2
"""The seat of the table: the host's table ruling when a card the referee
cannot read comes up, in a game set up with ``table_rulings`` (LIB-TAB-8).
Never a player's seat; never offered to bots or the AI adapters."""

Square = tuple[int, int]
"""A dungeon square ``(row, column)``; row 0 lies next to the surface."""


# --- copying with changes ---------------------------------------------------------------

_T = TypeVar("_T", bound=attrs.AttrsInstance)
_Copier = Callable[[Any, dict[str, Any]], Any]
_COPIERS: dict[type, _Copier] = {}


def _twin(cls: type, names: list[str]) -> type | None:
    """A plain slotted class with exactly the memory layout of ``cls``, or None.

    Its instances can be filled with ordinary attribute stores and then given
    the class ``cls`` (``__class__`` assignment, which Python allows between
    classes of the same layout). That is how a frozen record is best built
    field by field: ``cls`` itself refuses stores, so its own ``__init__``
    goes through ``object.__setattr__`` for every field. A record qualifies
    when its slots are exactly its fields (``weakref_slot=False``, no cached
    hash, no ``__dict__``, no base class with slots)."""
    if cls.__bases__ != (object,) or cls.__dictoffset__ or cls.__weakrefoffset__:
        return None
    slots = tuple(cls.__dict__.get("__slots__", ()))
    if sorted(slots) != sorted(names):
        return None
    twin = type(f"{cls.__name__}Twin", (), {"__slots__": slots, "__module__": __name__})
    try:
        setattr(object.__new__(twin), "__class__", cls)
    except TypeError:  # pragma: no cover - a layout Python does not accept as the same
        return None
    return twin


def _copyable_twin(cls: type) -> type | None:
    """The twin (``_twin``) of a record that can be built field by field, or
    None when ``cls`` needs its ``__init__`` (a validator, a converter, a
    hook, a field taken under another name) or has no twin. Made once per
    class and shared by its copier and every setter of it."""
    try:
        return _TWINS[cls]
    except KeyError:
        pass
    twin: type | None = None
    if not (getattr(cls, "__attrs_post_init__", None) or getattr(cls, "__attrs_pre_init__", None)):
        fields = attrs.fields(cls)
        if not any(not f.init or f.alias != f.name or f.validator or f.converter for f in fields):
            twin = _twin(cls, [f.name for f in fields])
    _TWINS[cls] = twin
    return twin


_TWINS: dict[type, type | None] = {}


def _generated(cls: type, twin: type, label: str, name: str, parameters: str, body: str, namespace: dict[str, Any]) -> Any:
    """A copying function of ``cls`` compiled from source: ``name(inst,
    parameters)`` fills a new twin with ``body``'s stores and then gives it
    the record's class. It is generated per class (and per set of fields),
    one line per field, because a loop would cost what the stores save. The
    new record is complete before anyone can see it, as with ``__init__``."""
    source = (
        f"def {name}(inst, {parameters}_twin=twin, _cls=cls):\n"
        "    new = _twin()\n"  # (a call of the twin: faster than ``object.__new__(twin)``; it has no ``__init__``)
        f"{body}"
        "    new.__class__ = _cls\n"
        "    return new\n"
    )
    namespace = {**namespace, "cls": cls, "twin": twin}
    exec(compile(source, f"<dlrules {label} of {cls.__qualname__}>", "exec"), namespace)
    return namespace[name]


def _copier(cls: type) -> _Copier | None:
    """A function copying a ``cls`` record with changes, or None when ``cls``
    needs its ``__init__`` (``_copyable_twin``).

    A frozen attrs ``__init__`` stores each field through ``object.__setattr__``.
    The copier stores the fields with plain stores into a twin of the record's
    layout and then gives it the record's class (``_generated``): about four
    times as fast; the changes are then stored through the twin's slots."""
    twin = _copyable_twin(cls)
    if twin is None:
        return None
    names = [f.name for f in attrs.fields(cls)]
    setters = {name: twin.__dict__[name].__set__ for name in names}  # the twin's own slots
    body = "".join(f"    new.{name} = inst.{name}\n" for name in names) + (
        "    for name, value in changes.items():\n"
        "        _setters[name](new, value)\n"
    )
    copy: _Copier = _generated(cls, twin, "copier", "copy", "changes, _setters=setters, ", body, {"setters": setters})
    return copy


def evolve(inst: _T, **changes: Any) -> _T:
    """``attrs.evolve`` for the state records, about four times as fast (see
    ``_copier``); records that need their ``__init__`` or have no twin get
    ``attrs.evolve``. Unknown field names raise ``TypeError``, as
    ``attrs.evolve`` does."""
    try:
        result: _T = _COPIERS[type(inst)](inst, changes)  # the usual case: a known record, known fields
    except KeyError:
        return _evolve_first(inst, changes)
    return result


def _evolve_first(inst: _T, changes: dict[str, Any]) -> _T:
    """``evolve`` for a class met for the first time (its copier is made and
    kept), or with a field name it does not have (``TypeError``)."""
    cls = type(inst)
    copy = _COPIERS.get(cls)
    if copy is None:
        made = _copier(cls)
        copy = _COPIERS[cls] = made if made is not None else _by_init
    try:
        result: _T = copy(inst, changes)
    except KeyError as unknown:
        raise TypeError(f"{cls.__name__} has no field {unknown.args[0]!r}") from None
    return result


def _by_init(inst: Any, changes: dict[str, Any]) -> Any:
    """The copier of a record that needs its ``__init__`` (``_copier``)."""
    return attrs.evolve(inst, **changes)


def setter(cls: type[_T], *names: str) -> Callable[..., _T]:
    """A function ``(record, *values)`` returning exactly what ``evolve(record,
    **dict(zip(names, values)))`` returns, for a ``cls`` record (``values`` in
    the order of ``names``).

    ``evolve`` takes any fields by name, so each call builds a dict of
    changes and stores them in a loop through the slots' descriptors. The
    hottest moves always change the same few fields: a setter made once for
    them (at import time, beside the rule that uses it) stores those fields
    with plain attribute stores in generated code, as ``evolve``'s copier
    does for the fields it keeps; about twice as fast as ``evolve``. A record
    that needs its ``__init__`` (``_copyable_twin``) gets a setter calling
    ``evolve``. Unknown or repeated names raise ``TypeError`` when the setter
    is made."""
    fields = [f.name for f in attrs.fields(cls)]
    unknown = [n for n in names if n not in fields]
    if unknown or len(set(names)) != len(names):
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}" if unknown else f"a field named twice: {names}")
    twin = _copyable_twin(cls)
    if twin is None:
        return _by_evolve(names)
    keep = "".join(f"    new.{name} = inst.{name}\n" for name in fields if name not in names)
    put = "".join(f"    new.{name} = value{i}\n" for i, name in enumerate(names))  # (a field may be named like a local)
    values = "".join(f"value{i}, " for i in range(len(names)))
    made: Callable[..., _T] = _generated(cls, twin, f"setter ({', '.join(names)})", f"set_{'_'.join(names)}", values, keep + put, {})
    return made


def _by_evolve(names: tuple[str, ...]) -> Callable[..., Any]:
    """The setter of a record that needs its ``__init__``: ``evolve``."""

    def set_by_evolve(inst: Any, *values: Any) -> Any:
        return evolve(inst, **dict(zip(names, values, strict=True)))

    return set_by_evolve


class Phase(enum.Enum):
    """Where in the year the game is (RS-3). ``SETUP`` happens once."""

    __hash__ = object.__hash__  # members are singletons, equality is identity; C-level hash

    SETUP = "setup"
    ROUND_START = "round_start"
    ORDERS = "orders"
    RESOLUTION = "resolution"
    PRODUCTION = "production"
    ORDER_RETURN = "order_return"
    EVENTS = "events"
    ADVENTURERS = "adventurers"
    END_OF_ROUND = "end_of_round"
    COMBAT = "combat"
    YEAR_TWO = "year_two"  # the change of year (Y2-7 … Y2-16), between year 1's combat and year 2's winter
    GAME_OVER = "game_over"


class Outcome(enum.Enum):
    """What became of a played order (RUL-1, ACT-END-1)."""

    __hash__ = object.__hash__  # as for Phase

    PENDING = "pending"  # the minion stands on its slot, not yet resolved
    CARRIED_OUT = "carried_out"  # the minion went home
    NOT_CARRIED_OUT = "not_carried_out"  # the minion stands on the order card


@attrs.frozen(weakref_slot=False)
class PlayedOrder:
    """One of the three orders a player played this round, in sequence.

    ``slot`` is 0, 1 or 2 (I, II, III) on the order's action space, or ``None``
    when the space was full and the minion stands on the order card (ORD-6).
    """

    action: Action
    slot: int | None
    outcome: Outcome


@attrs.frozen(weakref_slot=False)
class Tile:
    """A dungeon tile: a tunnel (``room is None``) or a room, conquered or not."""

    square: Square
    room: str | None = None
    conquered: bool = False


@attrs.frozen(weakref_slot=False)
class Dungeon:
    """A player's dungeon: its tiles, sorted by square (geometry: dungeon.py)."""

    tiles: tuple[Tile, ...]

    def at(self, square: Square) -> Tile | None:
        for tile in self.tiles:
            if tile.square == square:
                return tile
        return None

    @property
    def squares(self) -> frozenset[Square]:
        return frozenset(t.square for t in self.tiles)

    @property
    def unconquered_tunnels(self) -> tuple[Tile, ...]:
        return tuple(t for t in self.tiles if t.room is None and not t.conquered)

    @property
    def rooms(self) -> tuple[Tile, ...]:
        return tuple(t for t in self.tiles if t.room is not None)


@attrs.frozen(weakref_slot=False)
class Monster:
    """A hired monster or ghost; ``ready`` is face up (ACT-MON-2)."""

    kind: str
    ready: bool = True


@attrs.frozen(weakref_slot=False)
class Adventurer:
    """An adventurer (or the paladin) in a party queue, with damage taken."""

    key: str
    damage: int = 0
    poison: int = 0  # Poisoned Dart damage still to come at the end of this battle (CMB-EOR-1)
    food: int = 0  # Create Food tokens: +1 hit point each for the rest of the combat (C2-1)


@attrs.frozen(weakref_slot=False)
class PlayerState:
    """One dungeon lord. ``imps`` counts owned imps (trolls are not imps);
    ``busy_imps`` dug, mined or produced this round and ``foreimps`` supervised
    (ACT-DIG-7, ACT-MINE-5); free imps = imps - busy_imps - foreimps."""

    gold: int
    food: int
    imps: int
    evil: int
    hand: tuple[Action, ...]
    unavailable: tuple[Action, ...]
    dungeon: Dungeon
    busy_imps: int = 0
    foreimps: int = 0
    busy_trolls: int = 0
    monsters: tuple[Monster, ...] = ()
    traps: tuple[str, ...] = ()
    played: tuple[PlayedOrder, ...] = ()
    committed: tuple[Action, ...] | None = None  # hidden until every seat commits (ORD-3)
    dummy_choice: Action | None = None  # 2 players: the dummy's secret third order (DUM2-3)
    dealt: tuple[Action, ...] = ()  # setup: the 3 orders dealt (RUL-13), private
    kept: tuple[Action, ...] | None = None  # setup: the 2 kept unavailable, hidden until all choose
    party: tuple[Adventurer, ...] = ()  # adventurer queue, entrance first (ADV-4, PAL-3)
    prison: tuple[str, ...] = ()
    damage_tokens: int = 0  # Dead Letter Office (EVT-TAX-2)
    rooms_used: tuple[Square, ...] = ()  # production activations this round (PROD-3)

    @property
    def free_imps(self) -> int:
        return self.imps - self.busy_imps - self.foreimps

    @property
    def trolls(self) -> int:
        """Troll tokens placed with the imps (ACT-MON-5)."""
        return sum(1 for m in self.monsters if m.kind == "troll")

    @property
    def minions_on_board(self) -> int:
        return sum(1 for o in self.played if o.outcome is Outcome.PENDING and o.slot is not None)


@attrs.frozen(weakref_slot=False)
class DummyState:
    """A colour nobody plays (DUM3, DUM2). ``drawn`` are this round's random
    orders (face up); ``third`` the 2-player dummy's chosen third order."""

    colour: int
    unavailable: tuple[Action, ...]
    responsible: int | None = None  # 2 players: the seat choosing its third order
    drawn: tuple[Action, ...] = ()
    third: Action | None = None

    @property
    def deck(self) -> tuple[Action, ...]:
        """The dummy's orders that are not unavailable (board order)."""
        return tuple(a for a in _ACTIONS if a not in self.unavailable)

    @property
    def candidates(self) -> tuple[Action, ...]:
        """DUM2-3: the 3 orders its third may be chosen from (public)."""
        return tuple(a for a in self.deck if a not in self.drawn)


_ACTIONS: tuple[Action, ...] = tuple(Action)
"""Every action in board order (iterating the enum class itself is slower)."""

_SEATS: tuple[tuple[int, ...], ...] = tuple(tuple(range(n)) for n in range(5))
"""``_SEATS[n]``: the seats of an n-player game, in seat order."""

PLAY_ORDERS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(tuple(seats[f:] + seats[:f] for f in range(len(seats))) for seats in _SEATS)
"""``PLAY_ORDERS[n][first]``: the player order of an n-player game from seat
``first`` (ORD-4, ADV-3), made once: the rules ask for it at every step."""

_copies: Callable[[tuple[str, int]], int] = operator.itemgetter(1)
"""The number of copies in a deck's ``(key, copies)`` entry."""


@attrs.frozen(weakref_slot=False)
class Deck:
    """A face-down deck: a multiset of unseen cards (``(key, copies)`` sorted by
    key), then known cards put under it (RST-5), drawn after the unseen ones.

    ``unseen`` is kept sorted: ``of`` and ``with_card`` sort, ``without``
    keeps the order it finds, and a deck read from JSON is sorted as it is
    read (``dlrules.records.serialization``)."""

    unseen: tuple[tuple[str, int], ...]
    bottom: tuple[str, ...] = ()

    @classmethod
    def of(cls, counts: dict[str, int]) -> Deck:
        return cls(tuple(sorted((k, n) for k, n in counts.items() if n > 0)))

    @property
    def size(self) -> int:
        return sum(map(_copies, self.unseen)) + len(self.bottom)

    @property
    def unseen_count(self) -> int:
        return sum(map(_copies, self.unseen))

    def count(self, key: str) -> int:
        return dict(self.unseen).get(key, 0)

    def without(self, key: str) -> Deck:
        """The deck after ``key`` is drawn (from the unseen part, else the bottom).
        ``unseen`` being sorted, the card's entry is found by bisection; a deck
        built unsorted by hand is searched entry by entry."""
        unseen = self.unseen
        if unseen:
            i = bisect.bisect_left(unseen, (key,))  # (key,) sorts just before (key, copies)
            if i < len(unseen) and unseen[i][0] == key:
                copies = unseen[i][1]
                if copies > 1:
                    return _SET_DECK_UNSEEN(self, unseen[:i] + ((key, copies - 1),) + unseen[i + 1 :])
                return _SET_DECK_UNSEEN(self, unseen[:i] + unseen[i + 1 :])
            for i, (k, n) in enumerate(self.unseen):
                if k == key:
                    rest = self.unseen[i + 1 :]
                    unseen = self.unseen[:i] + (((k, n - 1),) + rest if n > 1 else rest)
                    return _SET_DECK_UNSEEN(self, unseen)  # still sorted: one entry lost a copy or went
            raise KeyError(key)
        assert self.bottom and self.bottom[0] == key
        return _SET_DECK_BOTTOM(self, self.bottom[1:])  # (nothing unseen is left)

    def with_card(self, key: str) -> Deck:
        """The deck after an unseen ``key`` is shuffled back in."""
        counts = dict(self.unseen)
        counts[key] = counts.get(key, 0) + 1
        return Deck(tuple(sorted(counts.items())), self.bottom)

    def with_bottom(self, key: str) -> Deck:
        return Deck(self.unseen, self.bottom + (key,))


_SET_DECK_UNSEEN = setter(Deck, "unseen")
_SET_DECK_BOTTOM = setter(Deck, "bottom")


@attrs.frozen(weakref_slot=False)
class Decks:
    """Every face-down deck. ``events`` and ``combat`` belong to the current
    year; ``special`` is the special-event deck (full game, SPE)."""

    monsters: Deck
    rooms: Deck
    traps: Deck
    adventurers: Deck
    events: Deck
    combat: Deck
    special: Deck


DECK_NAMES: tuple[str, ...] = ("monsters", "rooms", "traps", "adventurers", "events", "combat", "special")


@attrs.frozen(weakref_slot=False)
class GameState:
    """The whole game. Read-only fields that form the stable surface:
    ``year``, ``round``/``season``, ``phase``, ``first_player``, ``players``,
    ``board`` (slot occupancy by colour)."""

    variant: str
    year: int
    round: int
    phase: Phase
    first_player: int
    players: tuple[PlayerState, ...]
    dummies: tuple[DummyState, ...]
    board: tuple[tuple[int | None, ...], ...]
    decks: Decks
    tavern: tuple[str, ...] = ()
    room_shop: tuple[str, ...] = ()
    adventurers_next: tuple[str, ...] = ()  # drawn for next round (draw order until sorted)
    adventurers_now: tuple[str, ...] = ()  # this round's, assigned at ADV
    events: tuple[str | None, ...] = (None, None, None, None)  # event of each round (RST-2)
    special_event: str | None = None  # this year's special event card once revealed (SPE)
    combat: tuple[str | None, ...] = (None, None, None, None)  # face-down combat cards; None = unseen
    spied: tuple[tuple[int, ...], ...] = ()  # per player: combat positions seen (ACT-REP-2), private
    paladin: int | None = None  # the seat whose dungeon the paladin attacks (PAL-2, PAL-6..8)
    dummy_evil: int | None = None  # 2 players: the dummy evil marker (ADV-2P-1, RUL-12)
    far_lands: tuple[str, ...] = ()  # discarded tiles, face up: monsters, rooms and adventurers (SETUP-3)
    trap_discard: tuple[str, ...] = ()  # discarded trap cards, face down, out of the game (SETUP-3)
    resolution: Resolution | None = None  # where resolution stands (RES)
    turn: Turn | None = None  # production and events: who acts now (RUL-5, EVT-2)
    deal_and_keep: bool = True  # RUL-13: first unavailable orders dealt 3, kept 2 (else 2 at random)
    fight: Fight | None = None  # combat: the round, the plans, the battle in progress (CMB-REF-1)
    box: tuple[str, ...] = ()  # out of the game, face down: year 1's combat cards and unused silver tiles (Y2-8, Y2-10)
    special_events: bool = True  # full game: False leaves the special event cards in the box (the easier game, SPE-3, LIB-TAB-7)
    dummy_hires: bool = False  # the optional DUM3-5: a dummy minion on Hire Monster sends the Tavern's first monster away
    table_rulings: bool = False  # a real table: the host rules on each card the referee cannot read (TABLE, LIB-TAB-8)

    @property
    def n_players(self) -> int:
        return len(self.players)

    @property
    def season(self) -> str:
        return SEASONS[self.round - 1]

    @property
    def progress(self) -> tuple[int, int, str]:
        """RS-2: the progress marker: (year, round, phase)."""
        return (self.year, self.round, self.phase.value)

    def colour_seat(self, colour: int) -> int | None:
        """The player seat of a colour, or None for a dummy colour."""
        return colour if colour < len(self.players) else None

    def player_order(self) -> tuple[int, ...]:
        """Seats from the first player, then to their left (ORD-4, ADV-3)."""
        n = len(self.players)
        if not n:
            return ()
        first = self.first_player % n
        if n < len(PLAY_ORDERS):
            return PLAY_ORDERS[n][first]
        seats = tuple(range(n))  # not a game's count of players (a malformed state): made on the spot
        return seats[first:] + seats[:first]

    # --- for people (dlrules.display.render, dlrules.display.svg; issue 14): through the sockets ----------

    def __str__(self) -> str:
        """The position as text for a referee (``dlrules.display.render.describe``)."""
        return _plugged("text")(self)

    def __repr__(self) -> str:
        """Short and exact: where the game stands and the state's hash (equal
        hashes, equal states; ``dlrules.records.game.state_hash``)."""
        phase = getattr(self.phase, "value", self.phase)
        where = f"<GameState {len(self.players)} players, {self.variant}, year {self.year} round {self.round} {phase}"
        digest = _PLUGS.get("hash")
        if digest is None:  # only while the package itself is being imported
            return where + ">"
        return f"{where}, sha256 {digest(self).partition(':')[2][:16]}>"

    def _repr_svg_(self) -> str:
        """The picture of the position in a notebook (``dlrules.display.svg.position``)."""
        return _plugged("svg")(self)


# --- the sockets: conveniences a higher floor plugs in ------------------------------------

Socket = Literal["text", "svg", "hash"]
"""What a higher floor shows of a state: ``text`` for ``str(state)``
(``dlrules.display.render``), ``svg`` for the notebook picture (``dlrules.display.svg``),
``hash`` for the digest in ``repr(state)`` (``dlrules.records.game``)."""

_SOCKETS: Final[dict[str, str]] = {"text": "dlrules.display.render", "svg": "dlrules.display.svg", "hash": "dlrules.records.game"}
"""Each socket and the module that fills it."""

_PLUGS: dict[str, Callable[[GameState], str]] = {}


def plug_in(socket: Socket, show: Callable[[GameState], str]) -> None:
    """Fill one of the state's sockets with ``show``.

    The state stands on a low floor and may not import the modules that
    describe, draw or hash it (docs/architecture.md, "Floors"); they plug
    themselves in when imported, and ``import dlrules`` imports them, so
    ``print(state)``, notebook pictures and ``repr`` always work."""
    if socket not in _SOCKETS:
        raise ValueError(f"unknown socket {socket!r}: the state's sockets are {', '.join(_SOCKETS)}")
    _PLUGS[socket] = show


def _plugged(socket: Socket) -> Callable[[GameState], str]:
    """What fills ``socket``; a clear error if nothing does yet."""
    show = _PLUGS.get(socket)
    if show is None:
        raise RuntimeError(f"nothing fills the state's {socket!r} socket yet: import {_SOCKETS[socket]} (import dlrules does)")
    return show


@attrs.frozen(weakref_slot=False)
class Resolution:
    """The resolution cursor (RES-1/2): the action space and slot acting now,
    plus the state of a compound action in progress.

    ``space`` is an index into ACTION_ORDER, ``len(ACTION_ORDER)`` once all eight
    spaces are resolved (ACT-END-1); ``slot`` is 0, 1, 2 (I, II, III)."""

    space: int
    slot: int
    dug: int = 0  # tunnels the acting minion has dug so far (ACT-DIG-1, ACT-DIG-2)
    draws: int = 0  # trap cards chance still owes the acting player (ACT-TRAP-1, Y2-3)
    spy: int | None = None  # combat position whose card chance must turn up (ACT-REP-2)
    discarding: bool = False  # year 2: the acting player must discard a trap card (Y2-3)


@attrs.frozen(weakref_slot=False)
class Turn:
    """Where a phase taken player by player from the first player stands
    (PROD-4, RUL-5, EVT-2): production and events.

    ``position`` indexes ``GameState.player_order()`` (``n_players``: everyone
    has finished); ``step`` is where Pay Day's lair order stands (an index
    into the acting player's monsters: the monsters before it, other than
    Demons, are decided, LIB-EVT-1); ``settled`` the acting player's Demons
    paid already at this Pay Day, which are settled before his other monsters
    (indices into his monsters, Y2-21); ``draws`` counts Workshop trap cards
    still owed to the acting player (chance draws, PROD-1); ``dismissed``
    counts the acting player's monsters let go at this payday, whose +1 evil
    each comes after all their wages (RUL-14)."""

    position: int = 0
    step: int = 0
    draws: int = 0
    dismissed: int = 0
    settled: tuple[int, ...] = ()


@attrs.frozen(weakref_slot=False)
class Plan:
    """A defender's plan for one combat round (CMB-PLAN, CMB-REF-2): the battle
    tile, the trap cards played face down (hidden until the Trap step,
    CMB-PLAN-9), the monsters and ghosts sent (indices into his monsters) and
    the room's gold put on the trap cards (CMB-PLAN-6)."""

    tile: Square
    traps: tuple[str, ...] = ()
    monsters: tuple[int, ...] = ()
    gold: int = 0


@attrs.frozen(weakref_slot=False)
class Battle:
    """One defender's battle in progress (CMB-BAT, CMB-4).

    ``step`` is where the battle stands: ``trap``, ``fast``, ``monsters``,
    ``slow``, ``heal`` (where a decision stopped it). ``traps`` are the planned traps not gone
    off yet (hidden); ``aiming`` a trap or monster waiting for the defender's
    target (``Target``); ``choosing`` a spell waiting for the defender's
    choice; ``sent`` the monsters and ghosts that have not acted."""

    seat: int
    step: str = "trap"
    traps: tuple[str, ...] = ()
    aiming: str | None = None
    sent: tuple[int, ...] = ()
    choosing: str | None = None
    icons_used: int = 0  # Labyrinth: anti-trap icons used up by the first trap (CMB-TRAP-4)
    attacked: bool = False  # a monster or ghost attacked (CMB-MON-6)
    no_heal: bool = False  # a Dragon attacked or an Anti-magic Dart hit a priest (CMB-HEAL-1)
    no_spells: bool = False  # an Anti-magic Dart hit a wizard (CMB-SPELL-3)
    no_conquest: bool = False  # Slime's hold, Cursed Ring, Trap Door, Demon (CMB-CONQ-1)
    asking: tuple[int, ...] = ()  # Suggestion: monsters still to pay for or withdraw (C1-2)
    shield: int = 0  # Magic Shield points still to absorb (C1-3, U-12)
    invisible: bool = False  # Invisibility: wizards take no damage this round (C1-4, U-13)


@attrs.frozen(weakref_slot=False)
class Fight:
    """Where the year's combat stands (CMB-REF-1): the combat round (1-4), the
    stage (``plan``, ``reveal``, ``battle``, ``over``), the position in play
    order of the player planning or fighting, each seat's plan for this round,
    the battle in progress, and the year's paladin (his damage travels with
    him, CMB-PAL-1; ``paladin_gone`` once imprisoned or gone, CMB-PAL-3)."""

    round: int = 1
    stage: str = "plan"
    position: int = 0
    plans: tuple[Plan | None, ...] = ()
    battle: Battle | None = None
    paladin: Adventurer | None = None
    paladin_gone: bool = False
