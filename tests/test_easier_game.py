"""The easier game (SPE-3: the full game without the special event cards)
on every command that starts a game, and what a simulation's numbers rest
on: the cards the referee only announces (LIB-TAB-8)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dlrules.apps.cli.main import main
from dlrules.records import read_record, replay
from dlrules.apps.simreport import summarize
from dlrules.apps.simgame import Config, announced_cards, play_game


def test_SPE_3_play_without_special_events_records_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.jsonl"
    assert main(["play", "--players", "2", "--seed", "4", "--no-special-events", "--quiet", "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("A 2-player game of Dungeon Lords (full variant, without the special event cards)")
    record = read_record(path)
    assert record.header.special_events is False
    assert json.loads(path.read_text().splitlines()[0])["special_events"] is False
    result = replay(record)
    assert result.ok and result.state.special_event is None and result.state.decks.special.size == 0
    said = [e.text for e in _narration(path)]  # type: ignore[attr-defined]
    # the Special Event tile comes up once a year (SPE-1) and does nothing
    assert said.count("Special event: this game is played without the special event cards, so nothing happens (SPE-3).") == 2


def _narration(path: Path) -> list[object]:
    from dlrules import apply_with_events, new_game

    record = read_record(path)
    state = new_game(record.header.players, special_events=record.header.special_events)
    said: list[object] = []
    for m in record.moves:
        state, events = apply_with_events(state, m.move)
        said.extend(events)
    return said


def test_SPE_3_simulate_without_special_events(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert main(["simulate", "--games", "2", "--players", "2", "--no-special-events", "--workers", "1", "--quiet", "--out", str(out)]) == 0
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert all(g["special_events"] is False for g in games)
    assert not any(name.startswith("a special event card") for g in games for name in g["announced_only"])
    summary = summarize(games)
    assert summary.without_special == 2


def test_LIB_TAB_8_a_simulation_says_which_games_turned_up_a_card_only_announced() -> None:
    line = play_game(Config(games=1, players=2, seed=0), 0)
    names = line["announced_only"]
    assert isinstance(names, list) and all(isinstance(n, str) and "special-" not in n for n in names)
    assert len(names) == len(set(names)) or any(n.startswith("a special event card") for n in names)
    summary = summarize([line, {**line, "announced_only": []}])
    assert summary.announced == (1 if names else 0)


def test_LIB_TAB_8_announced_cards_counts_a_card_spied_then_revealed_once() -> None:
    from dlrules.core.moves import Draw

    moves = [Draw("combat", "graffiti"), Draw("combat", "graffiti"), Draw("special", "special-6"), Draw("special", "embezzlement")]
    assert announced_cards(moves) == {"announced_only": ["Graffiti", "a special event card the referee cannot read"]}


def test_SPE_3_serve_new_game_without_special_events() -> None:
    from dlrules.apps.cli.serve import register
    import argparse

    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    register(sub)
    args = parser.parse_args(["serve", "--new-game", "2", "--no-special-events", "--table-rulings"])
    assert args.no_special_events is True and args.table_rulings is True
