"""The central board: eight action spaces, three slots each (the component tables)."""

from __future__ import annotations

import enum

import attrs

from dlrules.components.base import Conf


class Action(enum.Enum):
    """The eight action spaces / order cards, in board order (RES-1)."""

    FOOD = "food"
    REPUTATION = "reputation"
    DIG = "dig"
    MINE = "mine"
    IMPS = "imps"
    TRAPS = "traps"
    MONSTER = "monster"
    ROOM = "room"

    # Members are singletons and Enum equality is identity, so the identity
    # hash agrees with ``==``; it is computed in C, where Enum's own
    # ``hash(self._name_)`` is a Python call (moves hash their actions).
    __hash__ = object.__hash__

    @property
    def index(self) -> int:
        return _INDEX[self]

    @property
    def title(self) -> str:
        return SPACES[self.index].name


ACTION_ORDER: tuple[Action, ...] = tuple(Action)
_INDEX: dict[Action, int] = {a: i for i, a in enumerate(ACTION_ORDER)}


@attrs.frozen
class Cost:
    """What a slot or card costs. ``evil`` is reputation faces (RES-8)."""

    gold: int = 0
    food: int = 0
    evil: int = 0

    def describe(self) -> str:
        parts = []
        if self.gold:
            parts.append(f"{self.gold} gold")
        if self.food:
            parts.append(f"{self.food} food")
        if self.evil:
            parts.append(f"{self.evil} evil")
        return " + ".join(parts) if parts else "nothing"

    @property
    def free(self) -> bool:
        return not (self.gold or self.food or self.evil)


@attrs.frozen
class Reward:
    """What a slot gives. ``imps_work`` is the dig/mine permit; ``foreimp``
    says one extra imp must supervise (ACT-DIG-1, ACT-MINE-1)."""

    food: int = 0
    gold: int = 0
    evil_down: int = 0
    spy: int = 0
    imps: int = 0
    traps: int = 0
    imps_work: int = 0
    foreimp: bool = False
    monster: bool = False
    room: bool = False


@attrs.frozen
class SlotSpec:
    cost: Cost
    reward: Reward
    text: str
    conf: Conf = Conf.H
    source: str = "component tables, central board"


@attrs.frozen
class SpaceSpec:
    action: Action
    name: str
    slots: tuple[SlotSpec, SlotSpec, SlotSpec]
    reversed_resolution: bool
    conf: Conf = Conf.H
    source: str = "component tables, central board; RES-1, RES-2"


_SRC = "component tables, central board"

SPACES: tuple[SpaceSpec, ...] = (
    SpaceSpec(
        Action.FOOD,
        "Get Food",
        (
            SlotSpec(Cost(gold=1), Reward(food=2), "1 gold -> 2 food"),
            SlotSpec(Cost(evil=1), Reward(food=3), "1 evil -> 3 food"),
            SlotSpec(Cost(evil=2), Reward(food=3, gold=1), "2 evil -> 3 food + 1 gold"),
        ),
        reversed_resolution=False,
    ),
    SpaceSpec(
        Action.REPUTATION,
        "Improve Reputation",
        (
            SlotSpec(Cost(), Reward(evil_down=1, spy=1), "free -> evil -1 and one spy look"),
            SlotSpec(Cost(), Reward(evil_down=2), "free -> evil -2"),
            SlotSpec(Cost(gold=1), Reward(evil_down=2, spy=1), "1 gold -> evil -2 and one spy look"),
        ),
        reversed_resolution=False,
    ),
    SpaceSpec(
        Action.DIG,
        "Dig Tunnels",
        (
            SlotSpec(Cost(), Reward(imps_work=2), "up to 2 imps dig 1 tunnel each"),
            SlotSpec(Cost(), Reward(imps_work=3), "up to 3 imps dig 1 tunnel each"),
            SlotSpec(Cost(), Reward(imps_work=4, foreimp=True), "up to 4 imps dig, plus 1 foreimp"),
        ),
        reversed_resolution=False,
    ),
    SpaceSpec(
        Action.MINE,
        "Mine Gold",
        (
            SlotSpec(Cost(), Reward(imps_work=2), "up to 2 imps mine 1 gold each"),
            SlotSpec(Cost(), Reward(imps_work=3), "up to 3 imps mine 1 gold each"),
            SlotSpec(Cost(), Reward(imps_work=4, foreimp=True), "up to 4 imps mine, plus 1 foreimp"),
        ),
        reversed_resolution=False,
    ),
    SpaceSpec(
        Action.IMPS,
        "Recruit Imps",
        (
            SlotSpec(Cost(food=1), Reward(imps=1), "1 food -> 1 imp"),
            SlotSpec(Cost(food=2), Reward(imps=2), "2 food -> 2 imps"),
            SlotSpec(Cost(food=1, gold=1), Reward(imps=2), "1 food + 1 gold -> 2 imps"),
        ),
        reversed_resolution=False,
    ),
    SpaceSpec(
        Action.TRAPS,
        "Buy Traps",
        (
            SlotSpec(Cost(gold=1), Reward(traps=1), "1 gold -> 1 trap"),
            SlotSpec(Cost(), Reward(traps=1), "free -> 1 trap"),
            SlotSpec(Cost(gold=2), Reward(traps=2), "2 gold -> 2 traps"),
        ),
        reversed_resolution=False,
    ),
    SpaceSpec(
        Action.MONSTER,
        "Hire Monster",
        (
            SlotSpec(Cost(), Reward(monster=True), "pay the monster's cost"),
            SlotSpec(Cost(), Reward(monster=True), "pay the monster's cost"),
            SlotSpec(Cost(food=1), Reward(monster=True), "pay the monster's cost + 1 food"),
        ),
        reversed_resolution=True,
    ),
    SpaceSpec(
        Action.ROOM,
        "Build Room",
        (
            SlotSpec(Cost(), Reward(room=True), "free: a room if one is left"),
            SlotSpec(Cost(gold=1), Reward(room=True), "1 gold -> a room", Conf.H, _SRC),
            SlotSpec(Cost(gold=1), Reward(room=True), "1 gold -> a room", Conf.H, _SRC),
        ),
        reversed_resolution=True,
    ),
)

SLOT_NAMES = ("I", "II", "III")


def space(action: Action) -> SpaceSpec:
    return SPACES[action.index]


def slot_spec(action: Action, slot: int) -> SlotSpec:
    """Slot ``slot`` (0 = I, 1 = II, 2 = III) of ``action``'s space."""
    return SPACES[_INDEX[action]].slots[slot]  # ``action.index``, without the property's call


def resolution_order(action: Action) -> tuple[int, ...]:
    """RES-2: slots I, II, III, except Hire Monster and Build Room: III, II, I."""
    return (2, 1, 0) if space(action).reversed_resolution else (0, 1, 2)
