"""The OpenSpiel playthrough of python_dungeon_lords (docs/ai.md), checked
as OpenSpiel's own ``playthrough_test`` checks each of its games: the game
is played again from the actions recorded in the file, and every line of
the new record must be the recorded line (``generate_playthrough.replay``).
Regenerate after a deliberate change: ``python -m dlrules.tools.playthrough --write``."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

from dlrules.tools import playthrough  # noqa: E402


def test_the_playthrough_replays_line_for_line(tmp_path: Path) -> None:
    expected, actual = playthrough.replay(playthrough.read(), tmp_path)
    assert expected.startswith(f"game: {playthrough.GAME}\n")
    assert "GameType.short_name = \"python_dungeon_lords\"" in expected
    for number, (want, got) in enumerate(zip(expected.split("\n"), actual.split("\n"))):
        assert got == want, f"line {number} of the playthrough differs"
    assert expected == actual  # nor a line more or fewer
    assert "# State 0\n" in expected and "Returns() = [" in expected.rsplit("# State", 1)[1]  # a whole game, to its end
