"""A sibling position for tests of what a seat may not know: the same
position with another player's trap card swapped for one of the trap deck
(ACT-TRAP-2: a seat sees only how many trap cards the others hold), which
that seat cannot tell apart from the first (LIB-AI-7, LIB-SRV-10)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs

import dlrules
from dlrules.core.state import Deck, GameState


def trap_sibling(state: GameState, seat: int) -> GameState | None:
    """``state`` with the first trap card of the first other player who holds
    any swapped for a different card of the trap deck, or None when no other
    player holds a trap card or the deck has no different one."""
    holder = next((s for s in range(state.n_players) if s != seat and state.players[s].traps), None)
    if holder is None:
        return None
    theirs = state.players[holder].traps[0]
    other = next((k for k, _ in state.decks.traps.unseen if k != theirs), None)
    if other is None:
        return None
    hand = tuple(sorted((other, *state.players[holder].traps[1:])))
    deck = Deck(state.decks.traps.without(other).with_card(theirs).unseen, state.decks.traps.bottom)
    return attrs.evolve(
        state,
        players=tuple(attrs.evolve(p, traps=hand) if s == holder else p for s, p in enumerate(state.players)),
        decks=attrs.evolve(state.decks, traps=deck),
    )


def sibling_positions(players: int, rng: random.Random) -> Iterator[tuple[GameState, int, GameState]]:
    """Positions of a random game (three random moves apart, from ``rng``)
    where a player other than chance is to move and has a ``trap_sibling``:
    each as ``(state, seat, sibling)``, with the seat's view checked to be the
    same in both. The caller stops when it has seen enough."""
    state = dlrules.new_game(players)
    while not dlrules.is_over(state):
        state = dlrules.play_out(state, None, rng, max_moves=3).state
        seats = dlrules.to_move(state)
        if dlrules.CHANCE in seats or not seats:
            continue
        seat = min(seats)
        sibling = trap_sibling(state, seat)
        if sibling is None:
            continue
        assert sibling != state and dlrules.view(sibling, seat) == dlrules.view(state, seat)
        yield state, seat, sibling
