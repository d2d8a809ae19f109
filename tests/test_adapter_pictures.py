"""The adapters' pictures keep secrets (LIB-AI-4, ACT-TRAP-2, docs/ai.md):
``rgb_array`` draws a projection of ``dlrules.records.views``, the spectator's by
default and a seat's when one is named, so two worlds that differ only in a
card a viewer may not see give that viewer the same image."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("cairosvg")
np = pytest.importorskip("numpy")

from dlrules.agents.adapters.gym import DungeonLordsEnv  # noqa: E402
from dlrules.agents.adapters.pettingzoo import raw_env, rgb_array  # noqa: E402
from dlrules.agents.decisions import Partial  # noqa: E402
from dlrules.core.state import GameState  # noqa: E402
from siblingkit import sibling_positions  # noqa: E402


def _siblings() -> tuple[GameState, GameState, int, int]:
    """A 3-player position and its sibling: another player's trap card swapped
    for one of the trap deck; the seat to move and the card's holder."""
    state, seat, sibling = next(sibling_positions(3, random.Random(5)))
    holder = next(s for s in range(3) if state.players[s].traps != sibling.players[s].traps)
    return state, sibling, seat, holder


def _referee_picture(state: GameState) -> Any:
    """The whole state drawn (what rgb_array drew before: every secret face up)."""
    import io

    import cairosvg
    from PIL import Image

    from dlrules.display.svg import position

    with Image.open(io.BytesIO(cairosvg.svg2png(bytestring=position(state, None).encode(), background_color="white"))) as image:
        return np.asarray(image.convert("RGB"), np.uint8)


def test_ACT_TRAP_2_two_worlds_differing_in_a_hidden_trap_card_give_the_same_spectator_image() -> None:
    state, sibling, seat, holder = _siblings()
    assert not np.array_equal(_referee_picture(state), _referee_picture(sibling))  # the card is drawn when shown: a leak would show
    assert np.array_equal(rgb_array(state), rgb_array(sibling))  # the spectator sees it face down
    assert np.array_equal(rgb_array(state, seat), rgb_array(sibling, seat))  # so does every other seat
    assert not np.array_equal(rgb_array(state, holder), rgb_array(sibling, holder))  # its holder sees his own card


def test_the_environments_render_the_spectator_and_a_named_seat() -> None:
    state, sibling, seat, holder = _siblings()
    one, two = raw_env(players=3, render_mode="rgb_array"), raw_env(players=3, render_mode="rgb_array")
    one.reset(seed=1)
    two.reset(seed=1)
    one.state_, two.state_ = state, sibling
    assert np.array_equal(one.render(), two.render())  # PettingZoo's render(): the spectator's picture
    assert np.array_equal(one.render(f"player_{seat}"), two.render(f"player_{seat}"))
    assert np.array_equal(one.render(f"player_{holder}"), rgb_array(state, holder))
    gym_one, gym_two = (DungeonLordsEnv(players=3, seat=seat, render_mode="rgb_array") for _ in range(2))
    gym_one.partial, gym_two.partial = Partial(state), Partial(sibling)
    assert np.array_equal(gym_one.render(), gym_two.render())  # Gymnasium: the agent's seat's picture
    assert np.array_equal(gym_one.render(), rgb_array(state, seat))


def test_a_picture_for_a_seat_not_in_the_game_is_refused() -> None:
    state, _, _, _ = _siblings()
    with pytest.raises(ValueError, match="no seat 3"):
        rgb_array(state, 3)
