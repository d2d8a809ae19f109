"""``dlrules.core.state.setter``: a setter gives exactly what ``evolve`` gives
(the fast copies of the hottest moves, issue 25)."""

from __future__ import annotations

import attrs
import pytest

from dlrules import new_game
from dlrules.core.state import Dungeon, GameState, PlayerState, Resolution, Tile, evolve, setter


def test_a_setter_changes_the_named_fields_and_keeps_the_others() -> None:
    """The players, the board and the cursor set as ``evolve`` sets them."""
    state = new_game(4)
    players = state.players[1:] + state.players[:1]
    board = tuple(tuple(None for _ in row) for row in state.board)
    cursor = Resolution(2, 1, dug=1)
    made = setter(GameState, "players", "board", "resolution")(state, players, board, cursor)
    expected = evolve(state, players=players, board=board, resolution=cursor)
    assert type(made) is GameState
    assert made == expected
    assert made is not state and made.players is players and made.board is board
    assert all(getattr(made, f.name) is getattr(state, f.name) for f in attrs.fields(GameState) if f.name not in {"players", "board", "resolution"})


def test_a_setter_of_a_player_and_of_the_cursor() -> None:
    player = new_game(2).players[0]
    dungeon = Dungeon(player.dungeon.tiles + (Tile((3, 4)),))
    made = setter(PlayerState, "dungeon", "busy_imps", "foreimps")(player, dungeon, 2, 1)
    assert made == evolve(player, dungeon=dungeon, busy_imps=2, foreimps=1)
    assert player.busy_imps == 0  # the record copied is left as it was
    r = Resolution(2, 2, dug=1)
    assert setter(Resolution, "dug")(r, 2) == Resolution(2, 2, dug=2)


def test_the_copy_is_frozen() -> None:
    state = setter(GameState, "year")(new_game(3), 2)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.year = 1  # type: ignore[misc]


def test_unknown_or_repeated_fields_are_refused() -> None:
    with pytest.raises(TypeError, match="no field 'gould'"):
        setter(PlayerState, "gould")
    with pytest.raises(TypeError, match="named twice"):
        setter(PlayerState, "gold", "gold")


def test_a_record_that_needs_its_init_is_set_by_evolve() -> None:
    """A record with a validator has no fast copy: its setter calls ``evolve``."""

    @attrs.frozen
    class Checked:
        n: int = attrs.field(validator=attrs.validators.ge(0))
        m: int = 0

    set_n = setter(Checked, "n")
    assert set_n(Checked(1, 5), 3) == Checked(3, 5)
    with pytest.raises(ValueError):
        set_n(Checked(1), -1)
    assert set_n.__name__ == "set_by_evolve"


def test_fields_named_like_the_setters_own_names() -> None:
    """A record whose fields are called ``inst``, ``new`` or ``value0`` is set right."""

    @attrs.frozen(weakref_slot=False)
    class Awkward:
        inst: int
        new: int
        value0: int

    record = Awkward(1, 2, 3)
    set_new_inst = setter(Awkward, "new", "inst")
    assert set_new_inst.__name__ == "set_new_inst"  # the generated stores, not the fallback through ``evolve``
    assert set_new_inst(record, 20, 10) == Awkward(10, 20, 3)
    assert setter(Awkward, "value0")(record, 30) == Awkward(1, 2, 30)
