"""Setup (the component tables "Geometry and setup", RUL-8, RUL-13).

Supplies, evil, starting tunnels and order cards are laid out by
``new_game``; this phase deals the first unavailable orders (ORD-2, RUL-13):
in the first game chance makes 2 of each player's 8 orders unavailable, face
up; in the full game (and in a first game played with the option
``deal_and_keep``) chance deals 3 of 8 orders to each player, who secretly keep
2 as unavailable and reveal together. Each dummy colour gets 3 random
unavailable orders (RUL-8).
"""

from __future__ import annotations

import functools
import itertools

from dlrules.components import Action
from dlrules.components.setup import DUMMY_UNAVAILABLE, FIRST_DEAL, FIRST_PLAYER, UNAVAILABLE
from dlrules.core.errors import Violation
from dlrules.core.known import leave
from dlrules.core.moves import DealOrders, KeepUnavailable, Move
from dlrules.core.phases import PhaseRules
from dlrules.core.phases.common import announce, colour_name, narrating, with_player, with_players
from dlrules.core.state import CHANCE, GameState, PlayerState, evolve, setter


@functools.lru_cache(maxsize=256, typed=True)
def _combos(actions: tuple[Action, ...], k: int) -> tuple[tuple[Action, ...], ...]:
    """k-subsets of ``actions``, each in board order (cached: a pure function)."""
    ordered = tuple(a for a in Action if a in actions)
    return tuple(itertools.combinations(ordered, k))


@functools.lru_cache(maxsize=16, typed=True)
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


def player_deal_size(state: GameState) -> int:
    """RUL-13: 3 orders dealt to keep 2 (full game, or the first game's
    option), else the 2 unavailable orders themselves (first game)."""
    return FIRST_DEAL.value if state.deal_and_keep else UNAVAILABLE.value


_CHANCE_ONLY: frozenset[int] = frozenset({CHANCE})

_drawn = setter(PlayerState, "unavailable", "hand")
_dealt = setter(PlayerState, "dealt")
_kept = setter(PlayerState, "kept")
_revealed = setter(PlayerState, "unavailable", "hand", "kept", "dealt")
"""The copies of the deals, the choices and the reveal, each with its fixed
set of fields (``state.setter``: as ``evolve``, faster)."""


def _deal_size(state: GameState, target: int) -> int:
    """RUL-13, RUL-8: how many orders chance deals ``target`` (a player's
    deal, or a dummy colour's 3 unavailable orders: DUM3-1, DUM2-1)."""
    return player_deal_size(state) if target < state.n_players else DUMMY_UNAVAILABLE.value


def _keeping(state: GameState) -> frozenset[int]:
    """RUL-13: the players dealt orders who have not chosen which to keep."""
    return frozenset([s for s, p in enumerate(state.players) if p.dealt and p.kept is None])


def _keep_moves(state: GameState) -> tuple[Move, ...]:
    """RUL-13: every choice of the players still keeping, in seat order."""
    moves: tuple[Move, ...] = ()
    for seat, player in enumerate(state.players):
        if player.dealt and player.kept is None:
            moves += _keeps(seat, player.dealt)
    return moves


def to_move(state: GameState) -> frozenset[int]:
    if _next_deal(state) is not None:
        return _CHANCE_ONLY
    return _keeping(state)


def legal(state: GameState) -> tuple[Move, ...]:
    target = _next_deal(state)
    if target is not None:
        return _deals(target, _deal_size(state, target))
    return _keep_moves(state)


@functools.lru_cache(maxsize=256, typed=True)
def _keeps(seat: int, dealt: tuple[Action, ...]) -> tuple[Move, ...]:
    """RUL-13: every way for ``seat`` to keep 2 of the orders ``dealt``;
    shared between states (moves are immutable; 4 seats x 56 deals)."""
    return tuple(KeepUnavailable(seat, combo) for combo in _combos(dealt, UNAVAILABLE.value))


def explain(state: GameState, move: Move) -> tuple[Violation, ...]:
    if isinstance(move, KeepUnavailable):
        player = state.players[move.seat]
        if not state.deal_and_keep:
            return (Violation("RUL-13", "in the first game the 2 unavailable orders are dealt at random: there is nothing to keep"),)
        names = ", ".join(a.title for a in player.dealt)
        if len(move.orders) != UNAVAILABLE.value:
            return (Violation("RUL-13", f"keep exactly {UNAVAILABLE.value} of your dealt orders unavailable, not {len(move.orders)}"),)
        stray = [a for a in move.orders if a not in player.dealt]
        if stray:
            return (Violation("RUL-13", f"{stray[0].title} was not dealt to you; you were dealt {names}"),)
        if len(set(move.orders)) != len(move.orders):
            return (Violation("RUL-13", "the two unavailable orders must be different cards"),)
        return (Violation("RUL-13", f"keep {UNAVAILABLE.value} different orders of the {len(player.dealt)} dealt to you: {names}"),)
    if isinstance(move, DealOrders):
        target = _next_deal(state)
        if target is not None and target >= state.n_players:
            # RUL-8: the dummy colours are dealt after every player.
            return (
                Violation(
                    "RUL-8",
                    f"chance deals {colour_name(state, target)} {DUMMY_UNAVAILABLE.value} different orders of the 8 "
                    "as unavailable now",
                ),
            )
        if target is None or move.seat != CHANCE:
            return (Violation("RUL-13", "only chance deals orders, and every colour has been dealt"),)
        what = "to keep 2 from" if state.deal_and_keep else "as unavailable (first game)"
        return (
            Violation(
                "RUL-13",
                f"chance deals Player {target + 1} {player_deal_size(state)} different orders of the 8 {what} now",
            ),
        )
    return ()


def play(state: GameState, move: Move) -> GameState:
    if isinstance(move, DealOrders):
        if move.target < state.n_players:
            if not state.deal_and_keep:
                # RUL-13, first game: the 2 drawn at random are unavailable, face up.
                if narrating():
                    names = ", ".join(a.title for a in move.orders)
                    announce("unavailable", f"Player {move.target + 1}'s unavailable orders: {names}.", move.target, orders=[a.value for a in move.orders])
                hand = tuple([a for a in _ACTIONS if a not in move.orders])
                return with_player(state, move.target, _drawn(state.players[move.target], move.orders, hand))
            if narrating():
                announce("deal", f"Player {move.target + 1} is dealt {FIRST_DEAL.value} orders to choose unavailable ones from.", move.target, cards=FIRST_DEAL.value)
            return with_player(state, move.target, _dealt(state.players[move.target], move.orders))
        dummies = tuple(
            evolve(d, unavailable=move.orders) if d.colour == move.target else d for d in state.dummies
        )
        if narrating():
            announce("deal", f"{colour_name(state, move.target)} gets unavailable orders: {', '.join(a.title for a in move.orders)}.", None, colour=move.target, orders=[a.value for a in move.orders])
        return evolve(state, dummies=dummies)
    assert isinstance(move, KeepUnavailable)
    if narrating():
        announce("keep", f"Player {move.seat + 1} has chosen their unavailable orders.", move.seat)
    return with_player(state, move.seat, _kept(state.players[move.seat], move.orders))


def auto(state: GameState) -> GameState:
    """Reveal together (RUL-13) once every player has chosen; ``state``
    itself while a deal or a choice is due (who moves and the legal moves,
    found here, are left for the engine, which asks next: ``known.leave``)."""
    target = _next_deal(state)
    if target is not None:
        return leave(state, _CHANCE_ONLY, _deals(target, _deal_size(state, target)))
    if not state.players:
        return state
    for player in state.players:
        if player.kept is None:
            seats = _keeping(state)
            return leave(state, seats, _keep_moves(state)) if seats else state
    telling = narrating()
    revealed = []
    for seat, player in enumerate(state.players):
        kept = player.kept
        assert kept is not None
        hand = tuple([a for a in _ACTIONS if a not in kept])
        revealed.append(_revealed(player, kept, hand, None, ()))
        if telling:
            announce("unavailable", f"Player {seat + 1}'s unavailable orders: {', '.join(a.title for a in kept)}.", seat, orders=[a.value for a in kept])
    return with_players(state, tuple(revealed))  # one copy of the state for all players


_ACTIONS: tuple[Action, ...] = tuple(Action)
"""Every order in board order (iterating the enum class itself is slower)."""


def done(state: GameState) -> bool:
    return all(p.unavailable and p.kept is None for p in state.players) and all(d.unavailable for d in state.dummies)


RULES: PhaseRules = PhaseRules(to_move, legal, explain, play, auto, done, turn_rule="RUL-13")


# --- the layout before the first decision ------------------------------------------

VARIANTS = ("first", "full")


def initial_state(
    players: int,
    variant: str,
    deal_and_keep: bool | None = None,
    first_player: int = FIRST_PLAYER.value,
    special_events: bool = True,
    dummy_hires: bool = False,
    table_rulings: bool = False,
) -> GameState:
    """Lay out the game (the component tables: geometry and setup): supplies, evil,
    starting tunnels, order cards, decks as unseen multisets.

    ``deal_and_keep`` (RUL-13): the first unavailable orders are dealt 3 and
    kept 2 (the full game's procedure, which a first game may use: True) or
    drawn 2 at random (the first game's own: False); None: the variant's own.
    ``first_player`` (SETUP-1): the seat the table chose to begin.
    ``special_events`` (SPE-3, LIB-TAB-7): False plays the full game without
    the special event cards, the rulebook's easier game (the first game never
    uses them). ``dummy_hires`` (DUM3-5): the optional rule, off by default,
    under which a dummy minion on Hire Monster sends the Tavern's first monster
    to the far lands. ``table_rulings`` (LIB-TAB-8): a real table, whose host
    applies each card the referee cannot read as a table's ruling (the seat
    ``TABLE`` is asked at that card's step). All are public setup parameters
    (LIB-Y1-6)."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"Dungeon Lords is played by 2, 3 or 4 players, not {players!r}")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}: choose 'first' (the introductory game) or 'full'")
    if deal_and_keep is not None and not isinstance(deal_and_keep, bool):
        raise ValueError(f"deal_and_keep is True, False or None, not {deal_and_keep!r}")
    if variant == "full" and deal_and_keep is False:
        raise ValueError(
            "the full game always deals 3 orders and keeps 2 as unavailable (RUL-13); "
            "only a first game may choose (deal_and_keep=True)"
        )
    if isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < players:
        raise ValueError(f"the first player is a seat of the game, 0 to {players - 1}, not {first_player!r} (SETUP-1)")
    for name, value in (("special_events", special_events), ("dummy_hires", dummy_hires), ("table_rulings", table_rulings)):
        if not isinstance(value, bool):
            raise ValueError(f"{name} is True or False, not {value!r}")
    layout = _layout(players, variant, variant == "full" or bool(deal_and_keep), first_player, variant == "full" and special_events)
    if dummy_hires or table_rulings:
        layout = evolve(layout, dummy_hires=dummy_hires, table_rulings=table_rulings)
    return layout


@functools.lru_cache(maxsize=32, typed=True)
def _layout(players: int, variant: str, deal_and_keep: bool, first_player: int, special_events: bool) -> GameState:
    """The layout itself: the same immutable state for the same arguments
    (cached: thousands of games start from the same few layouts).

    SETUP-5: each player's supplies, evil marker and 3 starting tunnels;
    SETUP-4: year 1's monster, room and adventurer stacks, one trap deck for
    both years, the event tiles, the year's combat cards (the 4 set aside
    face down are an unseen sample of them) and, in the full game,
    the special event cards; SETUP-2: banks are unlimited, so none is tracked
    (the 3 troll tokens follow the trolls, ACT-MON-5)."""
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
        START_FOOD,
        START_GOLD,
        START_IMPS,
        STARTING_TUNNELS,
    )
    from dlrules.core.state import Deck, Decks, DummyState, Dungeon, Phase, Tile

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
        # SPE-4: the nine special event cards stay unseen; the two set aside are the year's card drawn at
        # random from those left, one a year (the same odds as two drawn at setup). SPE-3: in the box otherwise.
        special=Deck.of(SPECIAL_EVENT_DECK) if special_events else Deck(()),
    )
    return GameState(
        variant=variant,
        deal_and_keep=deal_and_keep,
        year=1,
        round=1,
        phase=Phase.SETUP,
        first_player=first_player,  # SETUP-1: the table's choice (default FIRST_PLAYER)
        players=lords,
        dummies=dummies,
        board=tuple((None, None, None) for _ in Action),
        decks=decks,
        spied=tuple(() for _ in range(players)),
        dummy_evil=EVIL_START.value if players == 2 else None,
        special_events=special_events,
    )
