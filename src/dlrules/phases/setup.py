"""Setup (the component tables "Geometry and setup", RUL-8, RUL-13).

Supplies, evil, starting tunnels and order cards are laid out by
``new_game``; this phase deals the first unavailable orders: chance deals 3
of 8 orders to each player, who secretly keep 2 as unavailable and reveal
together (RUL-13); each dummy colour gets 3 random unavailable orders (RUL-8).
"""

from __future__ import annotations

import functools
import itertools

from dlrules.components import Action
from dlrules.components.setup import DUMMY_UNAVAILABLE, FIRST_DEAL, UNAVAILABLE
from dlrules.errors import Violation
from dlrules.moves import DealOrders, KeepUnavailable, Move
from dlrules.phases import PhaseRules
from dlrules.phases.common import announce, colour_name, narrating, update_player
from dlrules.state import CHANCE, GameState, evolve


@functools.lru_cache(maxsize=256)
def _combos(actions: tuple[Action, ...], k: int) -> tuple[tuple[Action, ...], ...]:
    """k-subsets of ``actions``, each in board order (cached: a pure function)."""
    ordered = tuple(a for a in Action if a in actions)
    return tuple(itertools.combinations(ordered, k))


@functools.lru_cache(maxsize=16)
def _deals(target: int, k: int) -> tuple[Move, ...]:
    """RUL-13, RUL-8: every deal of ``k`` of the 8 orders to ``target`` (the
    moves are immutable: one tuple serves every game)."""
    return tuple(DealOrders(target, combo) for combo in _combos(tuple(Action), k))


def _next_deal(state: GameState) -> int | None:
    """The colour still owed a deal: players first, then dummies."""
    for seat, player in enumerate(state.players):
        if not player.dealt and player.kept is None and not player.unavailable:
            return seat
    for dummy in state.dummies:
        if not dummy.unavailable:
            return dummy.colour
    return None


def to_move(state: GameState) -> frozenset[int]:
    if _next_deal(state) is not None:
        return frozenset({CHANCE})
    return frozenset(s for s, p in enumerate(state.players) if p.dealt and p.kept is None)


def legal(state: GameState) -> tuple[Move, ...]:
    target = _next_deal(state)
    if target is not None:
        k = FIRST_DEAL.value if target < state.n_players else DUMMY_UNAVAILABLE.value
        return _deals(target, k)
    moves: list[Move] = []
    for seat in sorted(to_move(state)):
        dealt = state.players[seat].dealt
        moves.extend(KeepUnavailable(seat, combo) for combo in _combos(dealt, UNAVAILABLE.value))
    return tuple(moves)


def explain(state: GameState, move: Move) -> tuple[Violation, ...]:
    if isinstance(move, KeepUnavailable):
        player = state.players[move.seat]
        names = ", ".join(a.title for a in player.dealt)
        if len(move.orders) != UNAVAILABLE.value:
            return (Violation("RUL-13", f"keep exactly {UNAVAILABLE.value} of your dealt orders unavailable, not {len(move.orders)}"),)
        stray = [a for a in move.orders if a not in player.dealt]
        if stray:
            return (Violation("RUL-13", f"{stray[0].title} was not dealt to you; you were dealt {names}"),)
        if len(set(move.orders)) != len(move.orders):
            return (Violation("RUL-13", "the two unavailable orders must be different cards"),)
        return (Violation("RUL-13", "list the two orders in board order (Get Food first, Build Room last)"),)
    if isinstance(move, DealOrders):
        target = _next_deal(state)
        if target is not None and target >= state.n_players:
            # RUL-8: the dummy colours are dealt after every player.
            return (
                Violation(
                    "RUL-8",
                    f"chance deals {colour_name(state, target)} {DUMMY_UNAVAILABLE.value} different orders of the 8 "
                    "as unavailable now, listed in board order",
                ),
            )
        if target is None or move.seat != CHANCE:
            return (Violation("RUL-13", "only chance deals orders, and every colour has been dealt"),)
        return (
            Violation(
                "RUL-13",
                f"chance deals Player {target + 1} {FIRST_DEAL.value} different orders of the 8 now, listed in board order",
            ),
        )
    return ()


def play(state: GameState, move: Move) -> GameState:
    if isinstance(move, DealOrders):
        if move.target < state.n_players:
            if narrating():
                announce("deal", f"Player {move.target + 1} is dealt {FIRST_DEAL.value} orders to choose unavailable ones from.", move.target, cards=FIRST_DEAL.value)
            return update_player(state, move.target, dealt=move.orders)
        dummies = tuple(
            evolve(d, unavailable=move.orders) if d.colour == move.target else d for d in state.dummies
        )
        if narrating():
            announce("deal", f"{colour_name(state, move.target)} gets unavailable orders: {', '.join(a.title for a in move.orders)}.", None, colour=move.target, orders=[a.value for a in move.orders])
        return evolve(state, dummies=dummies)
    assert isinstance(move, KeepUnavailable)
    if narrating():
        announce("keep", f"Player {move.seat + 1} has chosen their unavailable orders.", move.seat)
    return update_player(state, move.seat, kept=move.orders)


def auto(state: GameState) -> GameState:
    """Reveal together (RUL-13) once every player has chosen."""
    if _next_deal(state) is not None or not state.players:
        return state
    if any(p.kept is None for p in state.players):
        return state
    for seat, player in enumerate(state.players):
        kept = player.kept
        assert kept is not None
        hand = tuple(a for a in Action if a not in kept)
        state = update_player(state, seat, unavailable=kept, hand=hand, kept=None, dealt=())
        if narrating():
            announce("unavailable", f"Player {seat + 1}'s unavailable orders: {', '.join(a.title for a in kept)}.", seat, orders=[a.value for a in kept])
    return state


def done(state: GameState) -> bool:
    return all(p.unavailable and p.kept is None for p in state.players) and all(d.unavailable for d in state.dummies)


RULES = PhaseRules(to_move, legal, explain, play, auto, done, turn_rule="RUL-13")


# --- the layout before the first decision ------------------------------------------

VARIANTS = ("first", "full")


def initial_state(players: int, variant: str) -> GameState:
    """Lay out the game (the component tables geometry and setup): supplies, evil,
    starting tunnels, order cards, decks as unseen multisets."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"Dungeon Lords is played by 2, 3 or 4 players, not {players!r}")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}: choose 'first' (the introductory game) or 'full'")
    return _layout(players, variant)


@functools.lru_cache(maxsize=8)
def _layout(players: int, variant: str) -> GameState:
    """The layout itself: the same immutable state for the same arguments
    (cached: thousands of games start from the same few layouts)."""
    # Imported here: the layout needs component tables the rules above do not.
    from dlrules.components import (
        ADVENTURER_DECKS,
        COMBAT_DECKS,
        EVENT_DECK,
        MONSTER_DECKS,
        ROOM_DECKS,
        SPECIAL_EVENT_DECK,
        TRAP_DECK,
    )
    from dlrules.components.setup import (
        EVIL_START,
        FIRST_PLAYER,
        START_FOOD,
        START_GOLD,
        START_IMPS,
        STARTING_TUNNELS,
    )
    from dlrules.state import Deck, Decks, DummyState, Dungeon, Phase, PlayerState, Tile

    dungeon = Dungeon(tuple(Tile(sq) for sq in sorted(STARTING_TUNNELS.value)))
    lords = tuple(
        PlayerState(
            gold=START_GOLD.value,
            food=START_FOOD.value,
            imps=START_IMPS.value,
            evil=EVIL_START.value,
            hand=(),
            unavailable=(),
            dungeon=dungeon,
        )
        for _ in range(players)
    )
    dummies = tuple(
        DummyState(colour=c, unavailable=(), responsible=(c - players) if players == 2 else None)
        for c in range(players, 4)
    )
    decks = Decks(
        monsters=Deck.of(MONSTER_DECKS[1]),
        rooms=Deck.of(ROOM_DECKS[1]),
        traps=Deck.of(TRAP_DECK),
        adventurers=Deck.of(ADVENTURER_DECKS[1]),
        events=Deck.of(EVENT_DECK),
        combat=Deck.of(COMBAT_DECKS[1]),
        special=Deck.of(SPECIAL_EVENT_DECK) if variant == "full" else Deck(()),
    )
    return GameState(
        variant=variant,
        year=1,
        round=1,
        phase=Phase.SETUP,
        first_player=FIRST_PLAYER.value,
        players=lords,
        dummies=dummies,
        board=tuple((None, None, None) for _ in Action),
        decks=decks,
        spied=tuple(() for _ in range(players)),
        dummy_evil=EVIL_START.value if players == 2 else None,
    )
