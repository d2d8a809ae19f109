"""What the host's page needs to enter a table's ruling (LIB-TAB-8): the card
the referee cannot read, the kinds of change, and each player's party and
monsters, numbered as the ruling names them (docs/serve.md)."""

from __future__ import annotations

from typing import Any

from dlrules.moves import TableRuling
from dlrules.serialization import dumps
from dlrules.state import TABLE, GameState


def ruling_data(state: GameState) -> dict[str, Any]:
    """What the host's page needs to enter a table's ruling (LIB-TAB-8): the
    card, the kinds of change, and each player's party and monsters to name."""
    from dlrules.moves import ADJUSTMENTS
    from dlrules.phases.events import ruling_card
    from dlrules.phases.combat import party as battle_party
    from dlrules.render import adventurer_label, card_name, monster_name

    key = ruling_card(state)
    deck = "special"
    if key is None:  # a combat card's step (the combat phase's own)
        from dlrules.phases.combat.ruling import ruling_card as combat_ruling_card

        found = combat_ruling_card(state)
        deck, key = found if found is not None else ("combat", "")
    return {
        "deck": deck,
        "card": card_name(deck, key) if key else "",
        "kinds": list(ADJUSTMENTS),
        "players": [
            {
                "label": f"Player {i + 1}",
                "party": [adventurer_label(a.key) + (f" ({a.damage} damage)" if a.damage else "") for a in (battle_party(state, i) if state.fight is not None and state.fight.stage != "over" else p.party)],
                "monsters": [monster_name(m.kind) + ("" if m.ready else " (knocked out)") for m in p.monsters],
            }
            for i, p in enumerate(state.players)
        ],
        "empty": dumps(TableRuling(TABLE, "", ())),
    }
