"""Component data: every printed number, with its confidence and source.

Rule code reads values from here and nowhere else (the component tables).
"""

from dlrules.components.base import Conf, Fact
from dlrules.components.board import (
    ACTION_ORDER,
    SLOT_NAMES,
    SPACES,
    Action,
    Cost,
    Reward,
    SlotSpec,
    SpaceSpec,
    resolution_order,
    slot_spec,
    space,
)
from dlrules.components.cards import (
    ADVENTURER_DECKS,
    ANNOUNCED_ONLY,
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
    AdventurerClass,
    AdventurerTile,
    CombatCard,
    EventTile,
    MonsterKind,
    PaladinTile,
    Produce,
    RoomKind,
    SpecialEventCard,
    Speed,
    TrapKind,
    announced_only,
)

__all__ = [
    "ACTION_ORDER", "ADVENTURERS", "ANNOUNCED_ONLY", "ADVENTURER_DECKS", "COMBAT_CARDS", "COMBAT_DECKS",
    "EVENTS", "EVENT_DECK", "MONSTERS", "MONSTER_DECKS", "PALADINS", "ROOMS", "ROOM_DECKS",
    "SLOT_NAMES", "SPACES", "SPECIAL_EVENTS", "SPECIAL_EVENT_DECK", "TRAPS", "TRAP_DECK",
    "Action", "AdventurerClass", "AdventurerTile", "CombatCard", "Conf", "Cost", "EventTile",
    "Fact", "MonsterKind", "PaladinTile", "Produce", "Reward", "RoomKind", "SlotSpec",
    "SpaceSpec", "SpecialEventCard", "Speed", "TrapKind", "announced_only", "resolution_order", "slot_spec", "space",
]  # fmt: skip
