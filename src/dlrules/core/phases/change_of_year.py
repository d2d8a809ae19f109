"""The change of year (Y2-7 … Y2-16): after year 1's combat, the game is
made ready for year 2's winter. Nobody decides anything: the phase is one
automatic step (LIB-Y2-2) on the way from year 1's combat to year 2's first round
start, done in the order the year-2 rules give (Y2-7 … Y2-15).

Everything a player has carries over untouched (Y2-6): dungeon (conquered
tiles stay conquered, Y2-5), rooms, imps, gold, food, trap cards, monsters,
the Evil marker, the prison, the red marks, the order cards in hand and the
two unavailable ones. What changes is the table around them:

- Y2-7: combat's clean-up is checked: monsters face up, survivors gone to
  the Distant Lands;
- Y2-8: the year-1 combat cards go to the box, year 2's four lie face down
  in the town (``combat_cards_to_year_two``);
- Y2-9: the year-1 paladin still in his tent goes to the Distant Lands;
- Y2-10: the gold-backed monster, room and adventurer stacks; the trap deck
  goes on; unused silver tiles stay out of the game (the box);
- Y2-11: the 2-player dummies' one Evil marker drops 2 spaces;
- Y2-12: the new starting player by player count;
- Y2-13: the progress marker back to winter, the same three event tiles
  shuffled again; year 1's special event card leaves play (SPE-10);
- Y2-14: the gold paladin's check at once;
- Y2-15: the order cards stay as they are (no new deal).

The engine then enters year 2's winter round start (Y2-16): year 2 uses the
gold-backed tiles, combat cards and paladin (Y2-1) and otherwise runs through
the same phases with the same rules as year 1 (Y2-22), but for production
(Y2-2, Y2-4, Y2-17: ``phases/production.py``), Buy Traps (Y2-3, Y2-18:
``phases/resolution.py``), the Golem's and Demon's wages (Y2-19..21:
``phases/events.py``) and year 2's own special event card (Y2-23).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


from dlrules.components import (
    ADVENTURER_DECKS,
    COMBAT_DECKS,
    EVENT_DECK,
    MONSTER_DECKS,
    PALADINS,
    ROOM_DECKS,
    SPECIAL_EVENTS,
)
from dlrules.components.setup import EVIL_MIN
from dlrules.core.phases import PhaseRules, no_decisions
from dlrules.core.phases.combat import is_illusion
from dlrules.core.phases.common import announce, check_paladin, narrating
from dlrules.core.state import Deck, GameState, Phase, evolve

DUMMY_EVIL_DROP = 2
"""Y2-11: spaces the 2-player dummies' Evil marker (one for both) moves down (H, RB p.20)."""

FIRST_PLAYER_SHIFT: dict[int, int] = {4: -1, 3: 1, 2: 0}
"""Y2-12: seats the first-player token moves from the player who started
year 1's fall: 4 players one to the right, 3 one to the left, 2 not at all
(left = seat + 1, LIB-REV-4)."""


_YEAR_TWO_COMBAT: Deck = Deck.of(COMBAT_DECKS[2])
_YEAR_TWO_MONSTERS: Deck = Deck.of(MONSTER_DECKS[2])
_YEAR_TWO_ROOMS: Deck = Deck.of(ROOM_DECKS[2])
_YEAR_TWO_ADVENTURERS: Deck = Deck.of(ADVENTURER_DECKS[2])
_EVENT_TILES: Deck = Deck.of(EVENT_DECK)
"""Year 2's fresh decks (Y2-8, Y2-10, Y2-13), built once from the components
(decks are immutable records, shared between games)."""


def _cards(deck: Deck) -> tuple[str, ...]:
    """Every card left in ``deck`` (unseen ones in key order, then the bottom)."""
    return tuple(k for k, n in deck.unseen for _ in range(n)) + deck.bottom


def _announce(code: str, text: str, seat: int | None = None, **data: Any) -> None:
    """An event of the change of year (every kind and its data: docs/events.md)."""
    if narrating():
        announce(code, text, seat, **data)


# --- the steps, in the rules' order (Y2-7 … Y2-15) -----------------------------------------


def combat_cleaned_up(state: GameState) -> GameState:
    """Y2-7 (CMB-END-2, CMB-END-4): every monster and ghost face up, every
    survivor gone to the Distant Lands; prisoners stay. Combat does this;
    here it is only made sure of (a position built by hand may need it)."""
    far = state.far_lands
    players = []
    for p in state.players:
        if p.party:
            far += tuple([a.key for a in p.party if not is_illusion(a)])  # an Illusion is no adventurer (LIB-CMB-9)
        face_down = [m for m in p.monsters if not m.ready]
        if face_down:
            monsters = tuple([m if m.ready else evolve(m, ready=True) for m in p.monsters])
            players.append(evolve(p, party=(), monsters=monsters))
        else:
            players.append(evolve(p, party=()) if p.party else p)  # all face up already
    return evolve(state, players=tuple(players), far_lands=far, paladin=None, fight=None)  # year 1's combat record ends


def combat_cards_to_year_two(state: GameState) -> GameState:
    """Y2-8, CMB-CARD-6: year 1's combat cards (the four used and those never set out)
    go back to the box; year 2's four lie face down on the town space. As in
    year 1 (SETUP-4) the four are an unseen sample of year 2's cards, turned
    up when a spy or the combat needs them; nobody has seen any of them
    (LIB-Y2-8). The box is face down and out of the game (LIB-Y2-1)."""
    used = tuple(c for c in state.combat if c is not None)
    _announce("combat_cards", "Year 1's combat cards go back to the box; year 2's four lie face down in the town (Y2-8).", None, year=2, cards=len(state.combat))
    return evolve(
        state,
        box=state.box + used + _cards(state.decks.combat),
        combat=(None,) * len(state.combat),
        spied=tuple(() for _ in state.players),
        decks=evolve(state.decks, combat=_YEAR_TWO_COMBAT),
    )


def year_one_paladin_leaves(state: GameState) -> GameState:
    """Y2-9: the year-1 paladin nobody attracted (in no prison, not gone to
    the Distant Lands) leaves his tent for the Distant Lands; one in a
    prison stays there. Year 2's gold paladin now waits in the tent (LIB-Y2-7)."""
    key = PALADINS[1].key
    if key in state.far_lands or any(key in p.prison for p in state.players):
        return state
    _announce("paladin_leaves", "The year-1 paladin was never attracted: he leaves his tent for the Distant Lands (Y2-9).", None, paladin=key)
    return evolve(state, far_lands=state.far_lands + (key,))


def year_two_decks(state: GameState) -> GameState:
    """Y2-10, Y2-1: the gold-backed monsters, rooms and adventurers; any silver
    tile left in a stack is never drawn (the box). The trap deck goes on."""
    d = state.decks
    left: Iterable[str] = _cards(d.monsters) + _cards(d.rooms) + _cards(d.adventurers)
    _announce("decks", "Year 2's monsters, rooms and adventurers come from the gold-backed stacks (Y2-10).", None, year=2, decks=["monsters", "rooms", "adventurers"])
    decks = evolve(
        d,
        monsters=_YEAR_TWO_MONSTERS,
        rooms=_YEAR_TWO_ROOMS,
        adventurers=_YEAR_TWO_ADVENTURERS,
    )
    return evolve(state, decks=decks, box=state.box + tuple(left))


def dummy_marker_drops(state: GameState) -> GameState:
    """Y2-11: with 2 players the dummies' one Evil marker moves 2 spaces down,
    stopping at the bottom (L: LIB-Y2-2)."""
    if state.dummy_evil is None:
        return state
    drop = max(EVIL_MIN.value, state.dummy_evil - DUMMY_EVIL_DROP)
    if narrating():
        announce("dummy_evil", f"The dummies' evil marker (one for both dummies) moves down to {drop} (Y2-11).", None, evil=drop, start=state.dummy_evil)
    return evolve(state, dummy_evil=drop)


def new_starting_player(state: GameState) -> GameState:
    """Y2-12: the token moves from year 1's fall starting player."""
    n = state.n_players
    first = (state.first_player + FIRST_PLAYER_SHIFT[n]) % n
    if narrating():
        announce("first_player", f"Player {first + 1} starts year 2 (Y2-12).", first)
    return evolve(state, first_player=first)


def progress_to_winter(state: GameState) -> GameState:
    """Y2-13, SPE-1, SPE-10: the progress marker on year 2's winter; the same
    three event tiles shuffled face down again (none turned up yet); year
    1's special event card leaves play for the Distant Lands, year 2's is
    drawn with its tile (SPE-5, SPE-11; LIB-Y2-3)."""
    far = state.far_lands + ((state.special_event,) if state.special_event is not None else ())
    left = state.special_event
    if narrating():
        said = f"; year 1's special event card, {SPECIAL_EVENTS[left].name}, leaves play" if left is not None else ""
        announce("progress", f"Year 2 begins: the event tiles are shuffled again (Y2-13){said}.", None, year=2, round=1, special_event=left)
    return evolve(
        state,
        year=2,
        round=1,
        events=(None,) * len(state.events),
        special_event=None,
        far_lands=far,
        decks=evolve(state.decks, events=_EVENT_TILES),
        resolution=None,
        turn=None,
    )


def paladin_check(state: GameState) -> GameState:
    """Y2-14 (PAL-2, PAL-8): the gold paladin goes at once to the most evil
    lord on or above the paladin space, ties to the later in play order from
    the new starting player."""
    return check_paladin(state)


def orders_kept(state: GameState) -> GameState:
    """Y2-15: no new deal; every hand of 6 and the 2 unavailable orders (RET-2
    of year 1's fall) stay, as do the dummies' unavailable orders (L)."""
    return state


CHANGE_OF_YEAR = (
    combat_cleaned_up,
    combat_cards_to_year_two,
    year_one_paladin_leaves,
    year_two_decks,
    dummy_marker_drops,
    new_starting_player,
    progress_to_winter,
    paladin_check,
    orders_kept,
)
"""The steps of the change of year in the rules' order (Y2-7 … Y2-15)."""


def change_year(state: GameState) -> GameState:
    """Y2-7 … Y2-15 in order; the engine then starts year 2's winter (Y2-16).
    Nothing else changes: everything a player has carries over (Y2-6)."""
    for step in CHANGE_OF_YEAR:
        state = step(state)
    return state


# --- the phase ------------------------------------------------------------------------------


def auto(state: GameState) -> GameState:
    return change_year(state) if state.year == 1 else state


def done(state: GameState) -> bool:
    return state.phase is Phase.YEAR_TWO and state.year == 2


RULES: PhaseRules = no_decisions("Y2-7", "the change of year is done by the referee; nobody moves until year 2's winter", done=False).replaced(
    auto=auto,
    done=done,
)
"""Nobody moves during the change of year; a move is refused citing Y2-7."""

__all__ = ["CHANGE_OF_YEAR", "RULES", "change_year"]
