"""Every kind of decision, as a frozen record with a ``seat`` field.

Chance moves have ``seat == CHANCE``. Compound actions are decomposed into
small decisions (docs/architecture.md): digging is a sequence of ``DigTunnel`` closed by
``FinishDigging``. ``Move`` is the tagged union serialised to JSON.
"""

from __future__ import annotations

from typing import Union

import attrs

from dlrules.components import Action
from dlrules.core.state import CHANCE, TABLE, Square


def as_set(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """LIB-TV-1: a set of orders given in any order is the same move, kept in
    board order (Get Food first). A field holding a set of orders converts
    through this, so ``KeepUnavailable(0, (DIG, FOOD)) == KeepUnavailable(0,
    (FOOD, DIG))``. A value that is not a tuple of orders is left as it is,
    for ``check`` to refuse (wellformed.py)."""
    if type(actions) is tuple and all(type(a) is Action for a in actions):
        return tuple(sorted(actions, key=_board_index))
    return actions


def _board_index(action: Action) -> int:
    return action.index

# --- chance ---------------------------------------------------------------------


@attrs.frozen
class DealOrders:
    """Chance deals ``orders`` (3 of 8) to ``target`` for the first unavailable
    choice (RUL-13). ``target`` is a player seat or a dummy colour (RUL-8,
    which deals the dummy its 3 unavailable orders directly)."""

    target: int
    orders: tuple[Action, ...] = attrs.field(converter=as_set)
    seat: int = CHANCE


@attrs.frozen
class DrawDummyOrders:
    """Chance draws a dummy colour's random orders (DUM3-1: 3, DUM2-2: 2)."""

    colour: int
    orders: tuple[Action, ...] = attrs.field(converter=as_set)
    seat: int = CHANCE


@attrs.frozen
class Draw:
    """Chance turns up ``card`` from ``deck`` (a name in state.DECK_NAMES).

    Where the card goes is fixed by the state: the tavern, the room shop, the
    next round's adventurers, a player's trap hand, a spied combat card …"""

    deck: str
    card: str
    seat: int = CHANCE


# --- setup and orders -----------------------------------------------------------


@attrs.frozen
class KeepUnavailable:
    """RUL-13: the player keeps 2 of the 3 dealt orders as unavailable (a set:
    any order is the same move, LIB-TV-1)."""

    seat: int
    orders: tuple[Action, ...] = attrs.field(converter=as_set)


@attrs.frozen
class ChooseOrders:
    """ORD-3: three different orders from hand, first to third. With two
    players ``dummy_order`` is the responsible dummy's third order (DUM2-3)."""

    seat: int
    orders: tuple[Action, ...]
    dummy_order: Action | None = None


# --- resolution (RES, ACT-*) ----------------------------------------------------


@attrs.frozen
class TakeAction:
    """Perform the acting minion's slot, paying its whole cost (RES-3..6).
    Used for Get Food, Improve Reputation slot II, Recruit Imps and Buy Traps."""

    seat: int


@attrs.frozen
class Decline:
    """Do not perform the slot: the minion stands on the order card (RES-3, RUL-1)."""

    seat: int


@attrs.frozen
class Spy:
    """Take Improve Reputation slot I or III (paying its cost) and look at
    combat card ``position`` (0..3) (ACT-REP-2, ACT-REP-3)."""

    seat: int
    position: int


@attrs.frozen
class DigTunnel:
    """Dig one tunnel at ``square`` with one free imp (ACT-DIG)."""

    seat: int
    square: Square


@attrs.frozen
class FinishDigging:
    """Stop digging after at least one tunnel (ACT-DIG-2); digging nothing is
    ``Decline`` (ACT-DIG-4)."""

    seat: int


@attrs.frozen
class MineGold:
    """Send ``imps`` (at least 1) imps to mine, one per unconquered tunnel
    (ACT-MINE); mining with none is ``Decline`` (ACT-MINE-6)."""

    seat: int
    imps: int


@attrs.frozen
class HireMonster:
    """Hire ``monster`` from the tavern (ACT-MON-2); the Demon also dismisses
    ``dismiss`` (index into the player's monsters), the Golem also costs the
    trap card ``trap``."""

    seat: int
    monster: str
    dismiss: int | None = None
    trap: str | None = None


@attrs.frozen
class BuildRoom:
    """Buy ``room`` from the shop and place it on the tunnel at ``square`` (ACT-ROOM)."""

    seat: int
    room: str
    square: Square


# --- production and order return -----------------------------------------------


@attrs.frozen
class ActivateRoom:
    """Produce in the room at ``room`` (PROD-1): imps (and ``trolls`` troll
    tokens, PROD-2) staff it; the Tool Shed digs at ``target``."""

    seat: int
    room: Square
    trolls: int = 0
    target: Square | None = None


@attrs.frozen
class FinishProduction:
    seat: int


@attrs.frozen
class ReturnOrder:
    """RET-2: take back ``action`` (the first played, or one not carried out)."""

    seat: int
    action: Action


# --- events ---------------------------------------------------------------------


@attrs.frozen
class PayMonster:
    """Payday (EVT-PAY-1/2): pay ``monster``'s upkeep (``pay``) or let it go.
    Year 2: the Golem's wage also takes the trap card ``trap`` (Y2-19), the
    Demon's the other monster ``feed`` (an index into the lair, Y2-20, Y2-21)."""

    seat: int
    monster: int
    pay: bool
    trap: str | None = None
    feed: int | None = None


@attrs.frozen
class PayTaxes:
    """Taxes (EVT-TAX-1..3): pay ``gold`` of the tax due, the rest as damage."""

    seat: int
    gold: int


@attrs.frozen
class DiscardTrap:
    """Discard one trap card held, face down, out of the game (SETUP-3): after
    year 2's Buy Traps (Y2-3), or in combat when Detect Treasure finds no gold
    and no food to take (C1-6)."""

    seat: int
    trap: str


# --- combat (CMB) ---------------------------------------------------------------


@attrs.frozen
class PlanDefence:
    """CMB-PLAN, CMB-REF-2: the battle tile, the trap cards played (a sorted
    tuple of keys), the monsters and ghosts sent (sorted indices into the
    player's monsters)."""

    seat: int
    tile: Square
    traps: tuple[str, ...] = ()
    monsters: tuple[int, ...] = ()


@attrs.frozen
class ReleasePrisoner:
    """CMB-END-3: with no unconquered tile left, send prisoner ``prisoner``
    (an index into the prison) to the Distant Lands."""

    seat: int
    prisoner: int


@attrs.frozen
class ChooseTrap:
    """CMB-TRAP-2: in the Labyrinth, which of the two traps goes off next."""

    seat: int
    trap: str


@attrs.frozen
class Target:
    """CMB-TRAP-6, CMB-MON-5: the adventurer (index in the party, entrance
    first, the paladin included) a dart or the Witch's second small attack hits."""

    seat: int
    adventurer: int


@attrs.frozen
class Attack:
    """CMB-MON-1..3: monster ``monster`` (an index into the defender's monsters)
    acts now with option ``option`` (0 or 1, as printed), at ``target`` when
    the option attacks anyone (the Witch's first small attack)."""

    seat: int
    monster: int
    option: int = 0
    target: int | None = None


@attrs.frozen
class WordOfPeace:
    """C1-1: withdraw every monster of this battle, or gain 2 evil."""

    seat: int
    withdraw: bool


@attrs.frozen
class Transform:
    """C2-3 Metamorphosis: the defender's monster (index) that becomes a sheep."""

    seat: int
    monster: int


@attrs.frozen
class WitchHunt:
    """The Witch Hunt special event (SPE-C-2): give up the monster at index
    ``monster`` of the lair (not a ghost) to the Distant Lands, or, with
    ``monster=None``, gain 3 Evil instead."""

    seat: int
    monster: int | None


# --- the table (LIB-TAB-8) ---------------------------------------------------------


ADJUSTMENTS: dict[str, str] = {
    "damage": "``amount`` damage to adventurer ``target`` of ``player``'s party",
    "heal": "``amount`` damage removed from adventurer ``target`` of ``player``'s party",
    "withdraw": "monster ``target`` of ``player``'s lair leaves the battle face up (combat only)",
    "knock_out": "monster ``target`` of ``player``'s lair is turned face down",
    "dismiss": "monster ``target`` of ``player``'s lair leaves for the Distant Lands (not in a battle)",
    "discard_trap": "trap card ``target`` of ``player``'s hand (in the order they hold them) is discarded face down, out of the game (not in a battle)",
    "gold": "``player`` gains ``amount`` gold (a loss when negative)",
    "food": "``player`` gains ``amount`` food (a loss when negative)",
    "imps": "``player`` gains ``amount`` imps (a loss when negative)",
    "evil": "``player``'s evil marker moves ``amount`` spaces (down when negative)",
    "skip_healing": "``player``'s party does not heal this round (combat only)",
    "skip_conquest": "``player``'s party does not conquer this round (combat only)",
}
"""The kinds of change a table's ruling may make, with what each field means
(LIB-TAB-8, LIB-TAB-9; SPE-14's elementary changes among them)."""


@attrs.frozen
class Adjustment:
    """One change of a table's ruling (LIB-TAB-8): ``kind`` (one of
    ``ADJUSTMENTS``), the ``player`` (a seat) it concerns, an ``amount`` and a
    ``target`` (an adventurer's index in the party, a monster's in the lair, or
    a trap card's in the hand) where the kind has one."""

    kind: str
    player: int
    amount: int = 0
    target: int | None = None


@attrs.frozen
class TableRuling:
    """The table applies a card the referee cannot read (LIB-TAB-8): only in
    a game set up with ``table_rulings``, only by the table's pseudo-seat
    (``seat == TABLE``), only during that card's step. ``card`` is the card's
    name as the table entered it ("" for the referee's own name), ``changes``
    what the table decided (none: the card changes nothing)."""

    seat: int = TABLE
    card: str = ""
    changes: tuple[Adjustment, ...] = ()


Move = Union[
    DealOrders,
    DrawDummyOrders,
    Draw,
    KeepUnavailable,
    ChooseOrders,
    TakeAction,
    Decline,
    Spy,
    DigTunnel,
    FinishDigging,
    MineGold,
    HireMonster,
    BuildRoom,
    ActivateRoom,
    FinishProduction,
    ReturnOrder,
    PayMonster,
    PayTaxes,
    PlanDefence,
    ReleasePrisoner,
    ChooseTrap,
    Target,
    Attack,
    WordOfPeace,
    DiscardTrap,
    Transform,
    WitchHunt,
    TableRuling,
]
"""Every decision in the game, chance included (a tagged union in JSON)."""

MOVE_TYPES: tuple[type, ...] = Move.__args__  # type: ignore[attr-defined]
