"""``dlrules play --bots`` counts the lords from its list, and ``dlrules
tournament`` plays a seat-rotated match with Wilson intervals (issue 37,
docs/ai.md, docs/cli.md)."""

from __future__ import annotations

import json

import pytest

from dlrules.apps.cli.main import main
from dlrules.apps.tournament import Match, report, run, wilson


def test_play_with_two_bots_named_is_a_two_player_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--bots", "random,greedy", "--quiet", "--seed", "2"]) == 0
    assert "A 2-player game of Dungeon Lords (full variant), seed 2, bots P1 random, P2 greedy." in capsys.readouterr().out
    assert main(["play", "--bots", "random,greedy,random", "--json", "--seed", "2", "--variant", "first"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == 3
    assert main(["play", "--players", "4", "--bots", "random,greedy"]) == 2  # a list that is not one per seat
    assert "one per seat (4)" in capsys.readouterr().err


def test_wilson_interval_of_a_proportion() -> None:
    """The 95% Wilson interval: 8 of 10 is 49.0%..94.3%; none of 0 games says nothing."""
    low, high = wilson(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.490, 0.943)
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_tournament_rotates_the_seats_and_repeats_from_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    match = Match(players=2, games=3, seed=3, bot="greedy", opponent="random")
    games = run(match)
    assert [g.seat for g in games] == [0, 1, 0]
    data = report(match, games)
    assert main(["tournament", "--players", "2", "--games", "3", "--seed", "3", "--bot", "greedy", "--opponent", "random", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["games"] == data["games"] and printed["win_rate"] == data["win_rate"]
    wins = sum(g.share for g in games)
    assert printed["win_rate"] == wins / 3 and printed["win_rate_interval"] == list(wilson(wins, 3))
    assert [g["bot_seat"] for g in printed["games"]] == [1, 2, 1]
    for g in printed["games"]:  # a win (1, or 1/k of a k-way one) only with the highest total (SCO-3)
        mine = g["totals"][g["bot_seat"] - 1]
        assert g["won"] in (0, 1, 1 / 2) and (g["won"] == 0 or mine == max(g["totals"]))


def test_a_tournament_refuses_a_match_it_cannot_play_in_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, said in (
        (["--players", "5"], "a game has 2, 3 or 4 players, not 5"),
        (["--bot", "clever"], "no bot is called 'clever' (the bots are greedy, ismcts, random)"),
        (["--games", "0"], "a tournament plays at least 1 game, not 0"),
    ):
        assert main(["tournament", *argv]) == 2
        assert capsys.readouterr().err.strip() == f"dlrules tournament: {said}"
