"""What the host's page needs to enter a table's ruling (LIB-TAB-8): the card
the referee cannot read, the kinds of change, and each player's party and
monsters, numbered as the ruling names them (docs/serve.md)."""

from __future__ import annotations

from typing import Any

from dlrules.core.moves import ADJUSTMENTS, TableRuling
from dlrules.core.phases import events, table
from dlrules.core.phases.combat import ruling as combat_ruling
from dlrules.display.render import adventurer_label, card_name, monster_name
from dlrules.records.serialization import dumps
from dlrules.core.state import TABLE, GameState


def ruling_data(state: GameState) -> dict[str, Any]:
    """What the host's page needs to enter a table's ruling (LIB-TAB-8): the
    card, the kinds of change, and each player's party (as the ruling numbers
    it: in a battle, as the battle sees it, ``table.party_of``) and monsters."""
    key = events.ruling_card(state)
    deck, battle = "special", None
    if key is None:  # a combat card's step (the combat phase's own)
        found = combat_ruling.ruling_card(state)
        deck, key = found if found is not None else ("combat", "")
        battle = combat_ruling.IN_BATTLE if found is not None else None
    return {
        "deck": deck,
        "card": card_name(deck, key) if key else "",
        "kinds": list(ADJUSTMENTS),
        "players": [
            {
                "label": f"Player {i + 1}",
                "party": [adventurer_label(a.key) + (f" ({a.damage} damage)" if a.damage else "") for a in table.party_of(state, i, battle)],
                "monsters": [monster_name(m.kind) + ("" if m.ready else " (knocked out)") for m in p.monsters],
                "trap_cards": len(p.traps),  # SPE-14, LIB-TAB-9: the host learns only how many (public)
            }
            for i, p in enumerate(state.players)
        ],
        "empty": dumps(TableRuling(TABLE, "", ())),
    }
