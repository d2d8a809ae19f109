"""The engine: ``new_game``, and the loop that plays a game from it
(``dlrules.core.loop``: the order of phases, RS-3; ``settle``, ``to_move``,
``legal_moves``, ``check``, ``apply``), re-exported here. ``new_game``
(re-exported as ``dlrules.new_game``) lives on this floor so that every floor
above can start a game without importing the package's face; it stays pure
Python in the optional compiled build, so that a wrongly typed argument is
refused in the rules' words (RUL-8)."""

from __future__ import annotations

from dlrules.core.loop import (
    PHASES,
    apply,
    apply_unchecked,
    apply_with_events,
    check,
    legal_moves,
    next_phase,
    seat_moves,
    settle,
    to_move,
)
from dlrules.core.phases import setup
from dlrules.core.state import GameState

__all__ = [
    "PHASES",
    "apply",
    "apply_unchecked",
    "apply_with_events",
    "check",
    "legal_moves",
    "new_game",
    "next_phase",
    "seat_moves",
    "settle",
    "to_move",
]


def new_game(
    players: int = 4,
    *,
    variant: str = "full",
    deal_and_keep: bool | None = None,
    first_player: int = 0,
    special_events: bool = True,
    dummy_hires: bool = False,
    table_rulings: bool = False,
) -> GameState:
    """A new game for ``players`` (2..4) lords, ``variant`` "full" or "first"
    (the introductory game: no special events). Setup's chance deals come
    next (RUL-13, RUL-8): the first game draws each player's 2 unavailable
    orders at random; the full game deals 3 and each player keeps 2.
    ``deal_and_keep=True`` plays a first game with the full game's procedure,
    as the rulebook allows (RUL-13); None is the variant's own.
    ``first_player`` is the seat the table chose to begin (SETUP-1).
    ``special_events=False`` plays the full game without the special event
    cards, the easier game the rulebook offers (SPE-3; LIB-TAB-7).
    ``dummy_hires=True`` turns on the optional DUM3-5 (off by default): a
    dummy minion on Hire Monster sends the Tavern's first monster away.
    ``table_rulings=True`` sets up a real table: when a card the referee
    cannot read comes up, the table's pseudo-seat ``TABLE`` is asked for a
    ``TableRuling`` (LIB-TAB-8)."""
    return settle(
        setup.initial_state(players, variant, deal_and_keep, first_player, special_events, dummy_hires, table_rulings)
    )
