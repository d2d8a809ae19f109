"""A table's ruling on a combat card the referee cannot read (LIB-TAB-8):
in a game set up with ``table_rulings``, when such a card (``spell ==
"none"``: Graffiti and the year-2 cards of U-1, CMB-SPELL-8) is cast in a
battle, the battle waits at that spell's step (``Battle.choosing ==
TABLE_CHOICE``) for the table's ``TableRuling``; ``phases.table`` checks and
narrates it, this module applies the changes that belong to the battle.

Owns: the card's step for the table (``ruling_card``), what a change may do
in a battle (only to the defender's battle: a monster he sent withdrawn, his
party's healing or conquest skipped; damage and healing on the party as the
battle sees it, the paladin included), and the battle going on after it.
"""

from __future__ import annotations

from dlrules.core.errors import Violation
from dlrules.core.moves import Adjustment, TableRuling
from dlrules.core.phases import table
from dlrules.core.phases.combat.fight import Run, _battle, _card, _knock_out, _set_battle
from dlrules.core.phases.combat.party import _party_in, _with_party, hit_points, party
from dlrules.core.phases.combat.spells import _withdraw
from dlrules.core.state import GameState, evolve

TABLE_CHOICE = "table"
"""``Battle.choosing`` while the table rules on the round's card."""


def ruling_card(state: GameState) -> tuple[str, str] | None:
    """LIB-TAB-8: ("combat", the card) while the battle waits for the table's
    ruling on the round's card, else None."""
    f = state.fight
    b = f.battle if f is not None else None
    if b is None or b.choosing != TABLE_CHOICE:
        return None
    key = _card(state)
    return None if key is None else ("combat", key)


def explain(state: GameState, move: TableRuling) -> tuple[Violation, ...]:
    """Why the table may not rule so now (``phases.table``, with the battle's
    own limits, ``_limit``)."""
    found = ruling_card(state)
    deck, key = found if found is not None else (None, None)
    return table.explain(state, move, deck, key, IN_BATTLE)


def _limit(state: GameState, c: Adjustment) -> str | None:
    """The battle-only kinds act on the defender's battle (CMB-SPELL-7:
    "you"); only a monster still in it can be withdrawn. ``state``: the
    battle as the ruling's earlier changes left it."""
    b = _battle(state)
    if c.kind in table.COMBAT_ONLY and c.player != b.seat:
        return f"the card acts in Player {b.seat + 1}'s battle: {c.kind.replace('_', ' ')} is for Player {b.seat + 1}, not Player {c.player + 1}"
    if c.kind == "withdraw" and c.target not in b.sent:
        shown = ", ".join(str(i + 1) for i in b.sent) or "none"
        return f"only a monster sent to this battle can be withdrawn (monsters {shown})"
    return None


def play(state: GameState, move: TableRuling) -> GameState:
    """Apply the ruling (already checked); the battle goes on from the spell's step."""
    found = ruling_card(state)
    assert found is not None
    state = table.play(state, move, found[0], found[1], IN_BATTLE)
    return _set_battle(state, evolve(_battle(state), choosing=None))


def _change(state: GameState, c: Adjustment) -> GameState:
    """One change as the battle sees it (``table.BATTLE_KINDS``)."""
    run = Run(state)
    b = run.at_battle()
    i = c.target or 0
    if c.kind in ("damage", "heal"):
        members = list(_party_in(run, c.player))
        a = members[i]
        members[i] = evolve(a, damage=a.damage + (c.amount if c.kind == "damage" else -c.amount))
        _with_party(run, c.player, members)
    elif c.kind == "withdraw":
        _withdraw(run, (i,), "the table's ruling", TABLE_CHOICE)
    elif c.kind == "knock_out":
        _knock_out(run, c.player, (i,), golem_stays=False)
        if c.player == b.seat and i in b.sent:  # a knocked-out monster does not act
            run.battle = evolve(b, sent=tuple([k for k in b.sent if k != i]))
    elif c.kind == "skip_healing":
        run.battle = evolve(b, no_heal=True)
    else:
        assert c.kind == "skip_conquest"
        run.battle = evolve(b, no_conquest=True)
    return run.written()


IN_BATTLE = table.InBattle(party=party, hit_points=hit_points, limit=_limit, change=_change)
"""How ``phases.table`` sees a ruling in a battle."""
