"""Positions at the end of year 1's combat, built by hand (issue 13).

The change of year does not depend on how combat went, only on what it left
behind: conquered tiles, prisoners, survivors gone, monsters face up, the
four combat cards turned up. ``end_of_year_one`` plays a seeded game to year
1's combat and stands in for the combat with such a result, then puts the
game in ``Phase.YEAR_TWO`` exactly as combat's end does (CMB-END-4).
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from dlrules import new_game
from dlrules.core.chance import play_out
from dlrules.core.engine import settle
from dlrules.core.state import Deck, GameState, Phase


def _first_cards(deck: Deck, n: int) -> tuple[str, ...]:
    cards = tuple(k for k, c in deck.unseen for _ in range(c)) + deck.bottom
    return cards[:n]


def at_year_one_combat(players: int = 4, seed: int = 1, variant: str = "full") -> GameState:
    """A seeded random game of ``players`` played to year 1's combat."""
    return play_out(new_game(players, variant=variant), None, random.Random(seed), until=Phase.COMBAT).state


def combat_over(state: GameState, *, imprisoned: int = 1, conquered: int = 1, **changes: Any) -> GameState:
    """Stand in for year 1's combat on ``state`` (at COMBAT): the four combat
    cards turned up; in each dungeon the first ``imprisoned`` adventurers of
    the party go to prison, the rest survive and leave for the Distant Lands
    (CMB-END-2), the first ``conquered`` unconquered tiles are conquered;
    monsters stay as they are (the change of year turns them face up, Y2-7 /
    CMB-9, which combat itself also does). The paladin, if he came, is taken
    to the first prison. ``changes`` are set on the state last; the result is
    in ``Phase.YEAR_TWO``, not yet settled."""
    deck = state.decks.combat
    unseen = iter(_first_cards(deck, 4))
    cards = tuple(c if c is not None else next(unseen) for c in state.combat)  # spied cards stay where they are
    for c, was in zip(cards, state.combat):
        if was is None:
            deck = deck.without(c)
    players = []
    far = state.far_lands
    for p in state.players:
        prison = p.prison + tuple(a.key for a in p.party[:imprisoned])
        far += tuple(a.key for a in p.party[imprisoned:])
        tiles = list(p.dungeon.tiles)
        todo = conquered
        for i, t in enumerate(tiles):
            if todo and not t.conquered:
                tiles[i] = attrs.evolve(t, conquered=True)
                todo -= 1
        players.append(attrs.evolve(p, party=(), prison=prison, dungeon=attrs.evolve(p.dungeon, tiles=tuple(tiles))))
    if state.paladin is not None:
        seat = state.paladin
        players[seat] = attrs.evolve(players[seat], prison=players[seat].prison + ("paladin-1",))
    state = attrs.evolve(
        state,
        players=tuple(players),
        far_lands=far,
        combat=cards,
        decks=attrs.evolve(state.decks, combat=deck),
        paladin=None,
        phase=Phase.YEAR_TWO,
    )
    return attrs.evolve(state, **changes)


def end_of_year_one(players: int = 4, seed: int = 1, variant: str = "full", **changes: Any) -> GameState:
    """``combat_over`` of a seeded game at year 1's combat."""
    return combat_over(at_year_one_combat(players, seed, variant), **changes)


def year_two(state: GameState) -> GameState:
    """The engine's automatic steps from the end of year 1's combat: the
    change of year, then year 2's winter round start up to its first draw."""
    return settle(state)
