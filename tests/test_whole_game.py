"""The whole game (issue 13): play-outs from ``new_game`` to the outcome for
2, 3 and 4 players in both variants; the seeded 4-player example game with its
score sheet (tests/wholegame.py); the table tools at the end of the game
(``dlrules play``, records, ``replay``, ``explain``, views)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from wholegame import PLAYERS, RECORD, SCORES, SEED, example_game

import dlrules
import dlrules.agents.bots
import dlrules.apps.cli.main
import dlrules.apps.cli.show
import dlrules.core.phases.scoring
import dlrules.display.scoresheet
import dlrules.records.views
from dlrules import Phase, view
from dlrules.apps.cli.main import main
from dlrules.records import make_record, read_record, replay
from dlrules.display.scoresheet import score_sheet
from dlrules.records.views import HIDDEN


def _check_outcome(state: dlrules.GameState) -> dlrules.GameOutcome:
    """SCO-3, SCO-14: the game is over, nobody moves, and the outcome adds up."""
    assert dlrules.is_over(state) and state.phase is Phase.GAME_OVER and state.year == 2
    assert dlrules.to_move(state) == frozenset() and dlrules.legal_moves(state) == ()
    result = dlrules.outcome(state)
    assert result is not None and len(result.players) == state.n_players
    for p in result.players:
        assert p.total == sum(points for _, points in p.breakdown)  # SCO-14: the total is its breakdown
        assert p.licence is (p.total > 0)  # SCO-3
    best = max(result.totals)
    assert result.winners == tuple(s for s, total in enumerate(result.totals) if total == best)  # SCO-3
    return result


@pytest.mark.parametrize("variant", ["first", "full"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_SCO_4_random_games_run_from_new_game_to_the_outcome(players: int, variant: str) -> None:
    """Y2-25, SCO-4: uniformly random play (chance sampled) always reaches the
    end of year 2, and the record of the game replays to the same outcome."""
    for seed in (players, 100 + players):
        game = dlrules.play_out(dlrules.new_game(players, variant=variant), None, random.Random(seed))
        result = _check_outcome(game.state)
        record = make_record(players, variant, game.moves, seed=seed)
        assert record.result is not None and record.result.scores == result.totals
        assert record.result.winners == result.winners
        again = replay(record)
        assert again.ok and again.state == game.state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_SCO_3_the_built_in_bots_play_every_player_count_to_the_end(players: int) -> None:
    from dlrules.agents.bots import BOTS

    bots = {s: BOTS["greedy"] for s in range(players)}
    _check_outcome(dlrules.play_out(dlrules.new_game(players), bots, random.Random(7)).state)


# --- the seeded 4-player example game ---------------------------------------------------


def test_SCO_14_the_seeded_4_player_game_and_its_score_sheet() -> None:
    """The README's game (``dlrules play --players 4 --seed 1``), move for move as
    recorded in tests/fixtures, with the score sheet written there."""
    game = example_game()
    record = read_record(RECORD)
    assert (record.header.players, record.header.seed) == (PLAYERS, SEED)
    assert tuple(rm.move for rm in record.moves) == game.moves
    replayed = replay(record)
    assert replayed.ok and replayed.state == game.state
    result = _check_outcome(game.state)
    assert score_sheet(result) + "\n" == SCORES.read_text(encoding="utf-8")
    assert record.result is not None and (record.result.scores, record.result.winners) == (result.totals, result.winners)


def test_SCO_3_play_narrates_the_whole_game_and_ends_with_the_score_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", str(PLAYERS), "--seed", str(SEED)]) == 0
    out = capsys.readouterr().out
    result = _check_outcome(example_game().state)
    sheet = score_sheet(result)
    assert out.rstrip("\n").endswith(sheet)
    for heading in ("Year 1, autumn: combat.", "Year 1, autumn: year two.", "Year 2, winter: round start.", "Year 2, autumn: combat."):
        assert f"== {heading}" in out
    game_over = out.index("== Year 2, autumn: game over.")
    assert out[game_over:].splitlines()[1] == f"  Final scoring (SCO-1): {dlrules.core.phases.scoring.describe(result)}."


def test_play_quiet_gives_a_line_per_year_and_the_score_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", str(PLAYERS), "--seed", str(SEED), "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    sheet = score_sheet(_check_outcome(example_game().state)).splitlines()
    assert lines[-len(sheet):] == sheet
    assert [line.split(":")[0] for line in lines[1:3]] == ["Year 1", "Year 2"]
    assert "4 building rounds; combat:" in lines[1] and "4 building rounds; combat:" in lines[2]
    assert len(lines) == 4 + len(sheet)


def test_play_quiet_stopped_early_says_where(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "2", "--quiet", "--max-moves", "30"]) == 0
    out = capsys.readouterr().out
    assert "Stopped after 30 moves (--max-moves): year 1," in out and "Final scores" not in out


def test_play_json_gives_the_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", str(PLAYERS), "--seed", str(SEED), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    result = _check_outcome(example_game().state)
    assert data["over"] is True and data["outcome"]["winners"] == list(result.winners)
    assert [p["total"] for p in data["outcome"]["players"]] == list(result.totals)


def test_replay_verifies_the_outcome_and_explain_shows_the_score_sheet(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = _check_outcome(example_game().state)
    sentence = dlrules.core.phases.scoring.describe(result)
    assert main(["replay", str(RECORD)]) == 0
    assert f"The recorded outcome matches the final scoring: {sentence}." in capsys.readouterr().out
    assert main(["replay", str(RECORD), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["outcome"]["winners"] == list(result.winners)
    assert main(["explain", str(RECORD), "--seat", "3"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip("\n").endswith("Nobody is to move.")
    assert score_sheet(result) in out


def test_replay_refuses_a_record_whose_winners_were_changed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = RECORD.read_text(encoding="utf-8").splitlines()
    data = json.loads(lines[-1])
    data["winners"] = [s for s in range(PLAYERS) if s not in data["winners"]][:1]
    lines[-1] = json.dumps(data)
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"line {len(lines)}:" in err and "won but replay found" in err


def test_LIB_WG_1_views_at_the_end_show_everything() -> None:
    """At game over every seat, and a spectator, sees the whole state: every
    held trap card, the decks, the box and the face-down trap discard."""
    state = example_game().state
    with_traps = [s for s, p in enumerate(state.players) if p.traps]
    assert with_traps, "the example game ends with trap cards held"
    for seat in (None, *range(PLAYERS)):
        seen = view(state, seat)
        assert seen.state == state and seen.legal == () and seen.to_move == ()
        assert HIDDEN not in seen.state.players[with_traps[0]].traps


def test_SCO_3_the_game_page_ends_with_the_winner() -> None:
    """``dlrules show --html``: the last position's caption says who won and the totals."""
    from dlrules.apps.cli.show import game_frames

    result = _check_outcome(example_game().state)
    frames = game_frames(read_record(RECORD), None)
    assert len(frames) == len(read_record(RECORD).moves) + 1
    sentence = dlrules.core.phases.scoring.describe(result)
    assert frames[-1].caption.endswith(
        f"The game is over: {sentence}. Totals: " + ", ".join(f"Player {s + 1} {t}" for s, t in enumerate(result.totals)) + "."
    )
    assert "The game is over" not in frames[-2].caption
