"""Round start (RST-1..5, RUL-7): a fresh tavern and room shop, next
round's event and adventurers, all by chance draws. In the full game, when
the year's special event tile is revealed, its special event card is turned
up with it (SPE-6): a card drawn uniformly from those not used in the other
year, which is the setup's 2 cards set aside at random (SPE-4, SPE-5,
SPE-11; year 2's card with year 2's tile, Y2-23)."""

from __future__ import annotations

from typing import Final

from dlrules.components import ADVENTURERS, EVENTS, MONSTERS, ROOMS, SPECIAL_EVENTS
from dlrules.components.setup import ROOM_SHOP_SIZE, ROUNDS_PER_YEAR, TAVERN_SIZE, adventurers_per_round
from dlrules.core.errors import Violation
from dlrules.core.moves import Draw, Move
from dlrules.core.phases import PhaseRules
from dlrules.core.phases.common import announce, narrating
from dlrules.core.state import CHANCE, DECK_NAMES, Deck, Decks, GameState, Phase, evolve, setter


def enter(state: GameState, phase: Phase | None = None) -> GameState:
    """RST-1: leftover monsters and rooms are discarded; every round has a fresh offer."""
    if state.tavern or state.room_shop:
        if narrating():
            announce("discard", "Leftover monsters and rooms are discarded.", None, monsters=list(state.tavern), rooms=list(state.room_shop))
    far_lands = state.far_lands + state.tavern + state.room_shop
    return _SET_FRESH(state, (), (), far_lands, state.phase if phase is None else phase)  # RS-2, in the same copy


_SET_FRESH: Final = setter(GameState, "tavern", "room_shop", "far_lands", "phase")


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
    if len(state.tavern) < _TAVERN and _left(d.monsters):
        return "monsters"  # RST-1
    if len(state.room_shop) < _ROOM_SHOP and _left(d.rooms):
        return "rooms"  # RST-1
    n = state.round
    if n < _ROUNDS:
        events = state.events
        if events[n] is None and _left(d.events):  # RST-2: the next round's event, in winter, spring and summer
            return "events"
        if state.special_event is None and state.variant == "full" and "special" in events and _left(d.special):
            return "special"  # SPE-6, Y2-23: the year's special event card, turned up with its tile (one of the two set aside at setup)
        if len(state.adventurers_next) < _PER_ROUND[len(state.players)] and _left(d.adventurers):
            return "adventurers"  # RST-3
    return None


def _left(deck: Deck) -> bool:
    """A card is left to draw: ``deck.size > 0`` without counting (every
    unseen entry holds at least one copy, validity.py)."""
    return bool(deck.unseen or deck.bottom)


_TAVERN: Final = TAVERN_SIZE.value
_ROOM_SHOP: Final = ROOM_SHOP_SIZE.value
_ROUNDS: Final = ROUNDS_PER_YEAR.value


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
    unseen = deck.unseen
    if unseen:
        moves: tuple[Move, ...] = tuple([shared[key] for key, _ in unseen])
    else:
        bottom = deck.bottom
        moves = (shared[bottom[0]],) if bottom else ()
    _DRAWS = (deck, name, moves)
    return moves


_MOST_DRAWS: Final = 512
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


_DECK_DRAWS: Final[dict[str, _Draws]] = {name: _Draws(name) for name in DECK_NAMES}
"""The shared draws of each deck, by the deck's name."""


_CHANCE_ONLY: Final[frozenset[int]] = frozenset({CHANCE})
_NOBODY: Final[frozenset[int]] = frozenset()


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


_RANKS: Final[dict[str, int]] = {key: tile.rank for key, tile in ADVENTURERS.items()}
"""RST-4: each adventurer tile's glyph rank, the one printed on the tile
(combat component table A), not its class; read in one lookup (components
are constants)."""


def play(state: GameState, move: Move) -> GameState:
    assert isinstance(move, Draw)
    name = move.deck
    card = move.card
    decks = state.decks
    # Each branch copies the deck, the decks and the state once, with the
    # setters of the fields it changes (``_SET_*``, below).
    if name == "adventurers":  # the most frequent draw: 4 a round (RST-3)
        return _adventurer(state, card)
    if name == "monsters":
        if narrating():
            announce("tavern", f"{MONSTERS[card].name} comes to the tavern.", None, monster=card)
        return _SET_DECKS_TAVERN(state, _SET_MONSTERS(decks, decks.monsters.without(card)), state.tavern + (card,))  # RST-1
    if name == "rooms":
        if narrating():
            announce("room_shop", f"{ROOMS[card].name} is offered in the room shop.", None, room=card)
        return _SET_DECKS_ROOM_SHOP(state, _SET_ROOMS(decks, decks.rooms.without(card)), state.room_shop + (card,))  # RST-1
    if name == "events":
        events = list(state.events)
        events[state.round] = card  # the next round's event (RST-2)
        if narrating():
            announce("event", f"Next round's event: {EVENTS[card].name}.", None, event=card, round=state.round + 1)
        return evolve(state, decks=evolve(decks, events=decks.events.without(card)), events=tuple(events))
    assert name == "special"
    special = SPECIAL_EVENTS[card]
    if narrating():
        announce("special_event", f"This year's special event card: {special.name} ({special.effect}).", None, card=card)
    return evolve(state, decks=evolve(decks, special=decks.special.without(card)), special_event=card)  # SPE-6


_SET_DECKS_TAVERN: Final = setter(GameState, "decks", "tavern")
_SET_DECKS_ROOM_SHOP: Final = setter(GameState, "decks", "room_shop")
_SET_DECKS_ADVENTURERS: Final = setter(GameState, "decks", "adventurers_next")
_SET_MONSTERS: Final = setter(Decks, "monsters")
_SET_ROOMS: Final = setter(Decks, "rooms")
_SET_ADVENTURERS: Final = setter(Decks, "adventurers")
"""The round start's frequent copies (RST-1, RST-3): 9 draws a round; the
event and the special event card (once a round, once a year) use ``evolve``."""


def _adventurer(state: GameState, card: str) -> GameState:
    """RST-3..5: ``card`` joins next round's adventurers; the row is sorted
    by glyph rank once full (RST-4), or its last tile goes under the deck
    when every rank is the same (RST-5)."""
    decks = state.decks
    left = decks.adventurers.without(card)
    row = state.adventurers_next + (card,)
    if narrating():
        announce("adventurer", f"An adventurer arrives for next round: {ADVENTURERS[card].label}.", None, adventurer=card, to=None)
    if len(row) < _PER_ROUND[len(state.players)]:
        return _SET_DECKS_ADVENTURERS(state, _SET_ADVENTURERS(decks, left), row)  # RST-3
    ranks = _RANKS
    rank = ranks[card]
    if _same_rank(row, rank) and _other_rank_left(left, rank):
        # RST-5 / RUL-7: every drawn tile has the same glyph rank, whatever the
        # classes: the last one goes under the deck and another is drawn (LIB-3:
        # unless no other rank is left to draw).
        if narrating():
            announce(
                "redraw",
                f"All adventurers show the same glyph rank ({rank}); "
                f"{ADVENTURERS[card].label} goes under the deck (RST-5).",
                None,
                adventurer=card,
                rank=rank,
            )
        return _SET_DECKS_ADVENTURERS(state, _SET_ADVENTURERS(decks, left.with_bottom(card)), row[:-1])
    # RST-4: stable sort by glyph rank, weaker to the left; equal ranks keep
    # their drawn order (RUL-7; also when no other rank is left to draw, LIB-3).
    return _SET_DECKS_ADVENTURERS(state, _SET_ADVENTURERS(decks, left), tuple(sorted(row, key=ranks.__getitem__)))


def _same_rank(row: tuple[str, ...], rank: int) -> bool:
    """RST-5, RUL-7: every tile of ``row`` shows the glyph rank ``rank`` ("the
    same glyph" is the same glyph rank, whatever the classes)."""
    ranks = _RANKS
    for key in row:
        if ranks[key] != rank:
            return False
    return True


def _other_rank_left(deck: Deck, rank: int) -> bool:
    """LIB-3: a tile of another glyph rank than ``rank`` is left in ``deck``
    (unseen, or known under it)."""
    ranks = _RANKS
    for key, _ in deck.unseen:
        if ranks[key] != rank:
            return True
    for key in deck.bottom:
        if ranks[key] != rank:
            return True
    return False


_PER_ROUND: Final[tuple[int, ...]] = tuple(adventurers_per_round(n) for n in range(5))
"""RST-3: ``adventurers_per_round(n)`` for each count of players, read at once."""


def auto(state: GameState) -> GameState:
    return state


def done(state: GameState) -> bool:
    return needed(state) is None


RULES: PhaseRules = PhaseRules(to_move, legal, explain, play, auto, done, turn_rule="RST-1")
