"""Random ends of year 1's combat, to play year 2 from (issue 13).

The change of year and year 2's building rounds do not depend on how combat
was fought, only on what it left: ``random_combat_end`` plays a year-1 game
to its combat and stands in for the combat with a random result (prisoners,
survivors gone to the Distant Lands, conquered tiles with their evil, the
paladin imprisoned or gone, the four combat cards turned up), then leaves
the game where combat's end leaves it: ``Phase.YEAR_TWO`` (CMB-END-4).
"""

from __future__ import annotations

import random

import attrs

import dlrules
from dlrules.core.chance import play_out
from dlrules.components import PALADINS
from dlrules.components.setup import EVIL_MIN
from dlrules.core.engine import settle
from dlrules.core.state import GameState, Phase


def random_combat_end(players: int, seed: int, variant: str = "full") -> GameState:
    """A seeded random game to year 1's combat, then a random combat result;
    the state at ``Phase.YEAR_TWO``, settled (the change of year done, year
    2's winter round start waiting for chance)."""
    rng = random.Random(seed)
    state = play_out(dlrules.new_game(players, variant=variant), None, rng, until=Phase.COMBAT).state
    assert state.phase is Phase.COMBAT and state.year == 1
    deck = state.decks.combat
    combat: list[str] = []
    for card in state.combat:
        if card is None:  # CMB-CARD: each round's card is turned up
            keys = [k for k, n in deck.unseen for _ in range(n)] + list(deck.bottom)
            card = keys[rng.randrange(len(keys))]
            deck = deck.without(card)
        combat.append(card)
    far = state.far_lands
    lords = []
    for p in state.players:
        caught = rng.randint(0, len(p.party))
        far += tuple(a.key for a in p.party[caught:])  # CMB-END-2: survivors leave
        tiles = list(p.dungeon.tiles)
        lost = 0
        for i, t in enumerate(tiles):  # CMB-CONQ-3: conquered tiles cost 1 evil each
            if not t.conquered and rng.random() < 0.3:
                tiles[i] = attrs.evolve(t, conquered=True)
                lost += 1
        lords.append(
            attrs.evolve(
                p,
                party=(),
                prison=p.prison + tuple(a.key for a in p.party[:caught]),
                dungeon=attrs.evolve(p.dungeon, tiles=tuple(tiles)),
                evil=max(EVIL_MIN.value, p.evil - lost),
                monsters=tuple(attrs.evolve(m, ready=rng.random() < 0.5) for m in p.monsters),
            )
        )
    if state.paladin is not None:
        key = PALADINS[1].key
        if rng.random() < 0.5:
            lords[state.paladin] = attrs.evolve(lords[state.paladin], prison=lords[state.paladin].prison + (key,))
        else:
            far += (key,)
    state = attrs.evolve(
        state,
        players=tuple(lords),
        far_lands=far,
        combat=tuple(combat),
        decks=attrs.evolve(state.decks, combat=deck),
        paladin=None,
        phase=Phase.YEAR_TWO,
    )
    return settle(state)
