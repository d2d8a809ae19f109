"""Impossible positions are refused, not explained (issue 21): ``validate``
lists each problem with its field path; ``loads(..., strict=True)`` and the
CLI's position files refuse them; no CLI command prints a traceback."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import dlrules
from dlrules import GameState, InvalidState, dumps, loads, validate
from dlrules.apps.cli.main import main
from dlrules.records.limits import DEFAULT_LIMITS


def _mid_game(players: int = 3) -> GameState:
    return dlrules.play_out(dlrules.new_game(players), None, random.Random(1), max_moves=120).state


def _data(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dumps(state))
    return data


def test_every_position_of_whole_games_is_possible() -> None:
    for players in (2, 3, 4):
        start = dlrules.new_game(players)
        state = start
        for move in dlrules.play_out(start, None, random.Random(players)).moves:
            assert validate(state) == ()
            state = dlrules.apply(state, move)
        assert validate(state) == ()


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


IMPOSSIBLE: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("negative gold", _set(("players", 0, "gold"), -5), "$.players[0].gold: -5 is below 0"),
    ("negative food", _set(("players", 1, "food"), -1), "$.players[1].food: -1 is below 0"),
    ("round 9", _set(("round",), 9), "$.round: 9 is above 4"),
    ("year 0", _set(("year",), 0), "$.year: 0 is below 1"),
    ("one player", lambda d: d.__setitem__("players", d["players"][:1]), "$.players (the number of players): 1 is below 2"),
    ("evil off the track", _set(("players", 0, "evil"), 16), "$.players[0].evil: 16 is above 15"),
    ("a first player who is not a seat", _set(("first_player",), 7), "$.first_player: 7 is not a seat"),
    ("a colour that does not exist on the board", _set(("board", 0, 0), 9), "$.board[0][0]: 9 is not a colour"),
    ("a tile off the grid", _set(("players", 0, "dungeon", "tiles", 0, "square"), [9, 9]), "is off the dungeon grid"),
    ("more busy trolls than trolls", _set(("players", 0, "busy_trolls"), 9), "$.players[0].busy_trolls: 9 busy trolls but 0 trolls"),
    ("nine trolls in one lair", _set(("players", 0, "monsters"), [{"kind": "troll", "ready": True}] * 9), "monsters in more places than the game has copies: troll"),
    ("a trap card in two hands", lambda d: [d["players"][s].__setitem__("traps", ["trap-door"] * 3) for s in (0, 1)], "trap cards in more places than the game has copies: trap-door"),
    ("a spied position that does not exist", _set(("spied", 0), [7]), "$.spied[0][0]: 7 is above 3"),
    ("a card nobody identified but somebody saw", lambda d: d.update(spied=[[0], [], []], combat=[None] * 4), "$.spied[0]: combat card 1 seen but not identified"),
    ("a fight outside combat", _set(("fight",), {"round": 1, "plans": [None, None, None]}), "$.fight: a fight in the"),
    ("an adventurer who fell but stayed in the party", _set(("players", 1, "party", 0, "damage"), 4), "$.players[1].party[0].damage: 4 damage on 3 hit points: he fell"),
]


@pytest.mark.parametrize(("what", "change", "message"), IMPOSSIBLE, ids=[i[0] for i in IMPOSSIBLE])
def test_validate_refuses_an_impossible_position_with_its_field_path(what: str, change: Any, message: str) -> None:
    data = _data(_mid_game())
    change(data)
    text = json.dumps(data)
    state: GameState = loads(text, GameState)  # well-formed: the lenient reading builds it
    found = [str(p) for p in validate(state)]
    assert any(message in f for f in found), found
    with pytest.raises(InvalidState, match="an impossible position") as refused:
        loads(text, GameState, strict=True)
    assert any(message in str(p) for p in refused.value.problems)


def test_strict_loads_reads_a_possible_position() -> None:
    state = _mid_game()
    assert loads(dumps(state), GameState, strict=True) == state


@pytest.mark.parametrize(("what", "change", "message"), IMPOSSIBLE, ids=[i[0] for i in IMPOSSIBLE])
def test_no_cli_command_prints_a_traceback_on_an_impossible_position(
    what: str, change: Any, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _data(_mid_game())
    change(data)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for argv in (["explain", str(path)], ["explain", str(path), "--seat", "1", "--json"], ["show", str(path)],
                 ["show", str(path), "--svg", str(tmp_path / "p.svg")], ["replay", str(path)], ["report", str(path), "--out", str(tmp_path / "r")]):  # fmt: skip
        status = main(argv)
        out, err = capsys.readouterr()
        assert status == 2 and "Traceback" not in out + err, (argv, out, err)
        if argv[0] in ("explain", "show"):
            assert message in out + err and "not a possible position" in out + err


def test_a_16_mib_position_is_refused_before_any_work(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 21: a position file just under the record size limit (16 MiB)
    is refused by the default limit on positions before it is parsed."""
    data = _data(_mid_game())
    data["far_lands"] = ["y1-warrior-1"] * 10
    text = json.dumps(data)
    pad = DEFAULT_LIMITS.max_size - len(text) - 20
    text = text[:-1] + ', "x": [' + ' ' * pad + ']}'  # 16 MiB of JSON (its key is not a field either)
    assert DEFAULT_LIMITS.max_position < len(text) <= DEFAULT_LIMITS.max_size
    path = tmp_path / "big.json"
    path.write_text(text, encoding="utf-8")
    start = time.perf_counter()
    status = main(["show", str(path), "--svg", str(tmp_path / "big.svg")])
    _, err = capsys.readouterr()
    assert status == 2 and "larger than the limit max_position=262144" in err
    assert time.perf_counter() - start < 5
    with pytest.raises(ValueError, match="max_position"):
        loads(text, GameState)


def test_a_fallen_adventurer_left_in_front_of_a_shielded_party_is_refused_and_never_hangs() -> None:
    """CMB-8, CMB-PARTY-4: an adventurer whose damage reaches his hit points
    leaves the party at once, so no game has one in a party. A position
    made by hand with one in front, and a Magic Shield in the battle, made
    the fatigue step loop for ever (the shield absorbed a negative amount).
    ``validate`` refuses it; ``apply`` on it (not validated) ends."""
    import subprocess
    import sys

    fixture = Path(__file__).parent / "fixtures" / "fallen-in-front-shielded.json"
    text = fixture.read_text()
    state: GameState = loads(text, GameState)
    found = [str(p) for p in validate(state)]
    assert "$.players[0].party[0].damage: 6 damage on 5 hit points: he fell and left the party (CMB-8, CMB-PARTY-4)" in found
    with pytest.raises(InvalidState, match="he fell and left the party"):
        loads(text, GameState, strict=True)
    script = (
        "import sys; from dlrules import GameState, apply, loads; from dlrules.core.moves import Target\n"
        "apply(loads(open(sys.argv[1]).read(), GameState), Target(seat=0, adventurer=2)); print('ended')"
    )
    done = subprocess.run([sys.executable, "-c", script, str(fixture)], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "ended", done.stderr[-2000:]
