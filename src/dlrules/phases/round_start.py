"""Round start (RST-1..5, RUL-7): a fresh tavern and room shop, next
round's event and adventurers, all by chance draws. In the full game, when
the year's special event tile is revealed, its special event card is turned
up with it (SPE-6): a card drawn uniformly from those not used in the other
year, which is the setup's 2 cards set aside at random (SPE-4, SPE-5,
SPE-11; year 2's card with year 2's tile, Y2-23)."""

from __future__ import annotations

import operator
from collections.abc import Callable

from dlrules.components import ADVENTURERS, EVENTS, MONSTERS, ROOMS, SPECIAL_EVENTS
from dlrules.components.setup import ROOM_SHOP_SIZE, ROUNDS_PER_YEAR, TAVERN_SIZE, adventurers_per_round
from dlrules.errors import Violation
from dlrules.moves import Draw, Move
from dlrules.phases import PhaseRules
from dlrules.phases.common import announce, narrating
from dlrules.state import CHANCE, DECK_NAMES, Deck, GameState, Phase, evolve


def enter(state: GameState, phase: Phase | None = None) -> GameState:
    """RST-1: leftover monsters and rooms are discarded; every round has a fresh offer."""
    if state.tavern or state.room_shop:
        if narrating():
            announce("discard", "Leftover monsters and rooms are discarded.", None, monsters=list(state.tavern), rooms=list(state.room_shop))
    return evolve(
        state,
        tavern=(),
        room_shop=(),
        far_lands=state.far_lands + state.tavern + state.room_shop,
        phase=state.phase if phase is None else phase,  # RS-2, in the same copy
    )


_NEEDED: tuple[GameState | None, str | None] = (None, None)
"""The last state ``needed`` answered for, and its answer: the engine asks
``done``, then ``to_move`` and ``legal`` of the same state object (one
tuple, replaced whole, so a reader sees a matching pair)."""


def needed(state: GameState) -> str | None:
    """The deck chance must draw from next, or None when the round start is over."""
    global _NEEDED
    last = _NEEDED
    if last[0] is state:
        return last[1]
    name = _needed(state)
    _NEEDED = (state, name)
    return name


def _needed(state: GameState) -> str | None:
    d = state.decks
    if len(state.tavern) < TAVERN_SIZE.value and d.monsters.size:
        return "monsters"  # RST-1
    if len(state.room_shop) < ROOM_SHOP_SIZE.value and d.rooms.size:
        return "rooms"  # RST-1
    if state.round < ROUNDS_PER_YEAR.value:
        if state.events[state.round] is None and d.events.size:
            return "events"  # RST-2
        if state.variant == "full" and state.special_event is None and "special" in state.events and d.special.size:
            return "special"  # SPE-6, Y2-23: the year's special event card, turned up with its tile
        if len(state.adventurers_next) < adventurers_per_round(state.n_players) and d.adventurers.size:
            return "adventurers"  # RST-3
    return None


_DRAWS: tuple[Deck | None, str, tuple[Move, ...]] = (None, "", ())
"""The deck ``draws`` last answered for, its name and the answer (one tuple,
replaced whole): ``legal`` lists the draws, then ``chance.sample_chance``
asks again for the same deck object to weigh them."""


def draws(deck: Deck, name: str) -> tuple[Move, ...]:
    """Every card chance may turn up from ``deck`` (unseen first, one move
    per unseen entry in its order; then the bottom). Asked again for the same
    deck object, the same tuple (``chance`` recognises it)."""
    global _DRAWS
    last = _DRAWS
    if last[0] is deck and last[1] == name:
        return last[2]
    shared = _DECK_DRAWS.get(name)
    if shared is None:
        shared = _Draws(name)  # a name that is no deck's: nothing kept
    if deck.unseen:
        moves: tuple[Move, ...] = tuple(map(shared.__getitem__, map(_key, deck.unseen)))
    elif deck.bottom:
        moves = (shared[deck.bottom[0]],)
    else:
        moves = ()
    _DRAWS = (deck, name, moves)
    return moves


_key: Callable[[tuple[str, int]], str] = operator.itemgetter(0)


_MOST_DRAWS = 512
"""A module constant, not a class attribute: the class compiles with mypyc."""


class _Draws(dict[str, Draw]):
    """The ``Draw`` of each card of the deck ``name``, made on first use and
    then shared by every state (moves are immutable). A deck holds the game's
    cards of one kind, so this stays small; past ``_MOST_DRAWS`` cards (never with
    the game's components) a move is made afresh and not kept."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def __missing__(self, card: str) -> Draw:
        move = Draw(self.name, card)
        if len(self) < _MOST_DRAWS:
            self[card] = move
        return move


_DECK_DRAWS: dict[str, _Draws] = {name: _Draws(name) for name in DECK_NAMES}
"""The shared draws of each deck, by the deck's name."""


_CHANCE_ONLY: frozenset[int] = frozenset({CHANCE})
_NOBODY: frozenset[int] = frozenset()


def to_move(state: GameState) -> frozenset[int]:
    return _CHANCE_ONLY if needed(state) else _NOBODY


def legal(state: GameState) -> tuple[Move, ...]:
    name = needed(state)
    if name is None:
        return ()
    return draws(getattr(state.decks, name), name)


def explain(state: GameState, move: Move) -> tuple[Violation, ...]:
    name = needed(state)
    if isinstance(move, Draw) and name is not None:
        if move.deck != name:
            return (Violation("RST-1", f"the round start draws from the {name} deck now, not from {move.deck}"),)
        return (Violation("RST-1", f"{move.card!r} is not among the cards left in the {name} deck"),)
    return ()


def _rank(key: str) -> int:
    """RST-4: the glyph rank printed on the tile (combat component table A), not its class."""
    return ADVENTURERS[key].rank


def play(state: GameState, move: Move) -> GameState:
    assert isinstance(move, Draw)
    deck: Deck = getattr(state.decks, move.deck)
    decks = evolve(state.decks, **{move.deck: deck.without(move.card)})  # one state copy per branch below
    if move.deck == "monsters":
        if narrating():
            announce("tavern", f"{MONSTERS[move.card].name} comes to the tavern.", None, monster=move.card)
        return evolve(state, decks=decks, tavern=state.tavern + (move.card,))
    if move.deck == "rooms":
        if narrating():
            announce("room_shop", f"{ROOMS[move.card].name} is offered in the room shop.", None, room=move.card)
        return evolve(state, decks=decks, room_shop=state.room_shop + (move.card,))
    if move.deck == "events":
        events = list(state.events)
        events[state.round] = move.card  # the next round's event (RST-2)
        if narrating():
            announce("event", f"Next round's event: {EVENTS[move.card].name}.", None, event=move.card, round=state.round + 1)
        return evolve(state, decks=decks, events=tuple(events))
    if move.deck == "special":
        card = SPECIAL_EVENTS[move.card]
        if narrating():
            announce("special_event", f"This year's special event card: {card.name} ({card.effect}).", None, card=move.card)
        return evolve(state, decks=decks, special_event=move.card)
    row = state.adventurers_next + (move.card,)
    if narrating():
        announce("adventurer", f"An adventurer arrives for next round: {ADVENTURERS[move.card].label}.", None, adventurer=move.card, to=None)
    if len(row) < adventurers_per_round(state.n_players):
        return evolve(state, decks=decks, adventurers_next=row)
    left = decks.adventurers
    if len({_rank(k) for k in row}) == 1 and any(_rank(k) != _rank(move.card) for k in (*dict(left.unseen), *left.bottom)):
        # RST-5 / RUL-7: every drawn tile has the same glyph rank, whatever the
        # classes: the last one goes under the deck and another is drawn (LIB-3:
        # unless no other rank is left to draw).
        if narrating():
            announce(
                "redraw",
                f"All adventurers show the same glyph rank ({_rank(move.card)}); "
                f"{ADVENTURERS[move.card].label} goes under the deck (RST-5).",
                None,
                adventurer=move.card,
                rank=_rank(move.card),
            )
        decks = evolve(decks, adventurers=decks.adventurers.with_bottom(move.card))
        return evolve(state, decks=decks, adventurers_next=row[:-1])
    # RST-4: stable sort by glyph rank, weaker to the left; equal ranks keep
    # their drawn order (RUL-7; also when no other rank is left to draw, LIB-3).
    return evolve(state, decks=decks, adventurers_next=tuple(sorted(row, key=_rank)))


def auto(state: GameState) -> GameState:
    return state


def done(state: GameState) -> bool:
    return needed(state) is None


RULES = PhaseRules(to_move, legal, explain, play, auto, done, turn_rule="RST-1")
