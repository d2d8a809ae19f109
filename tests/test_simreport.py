"""``dlrules report``: the numbers of a small results file of real whole
games, the plots and the page (issue 15; what "win" means: LIB-SIM-1)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from dlrules.apps.cli.main import main
from dlrules.apps.simreport import PLOTS, format_table, measure_name, summarize, wilson, write_html, write_plots
from dlrules.apps.simulate import SimulationError, read_results

FIXTURES = Path(__file__).parent / "fixtures"
GAMES = FIXTURES / "sim-games.jsonl"
"""Five real two-player games, greedy against random with the seats rotating
(tests/fixtures/make_sim_fixtures.py): games 0-3 played whole, game 4 cut
off by a move limit in year 1.
game  seats' bots       scores     winners   rooms
0     greedy, random    -4, -14    [0]       0, 2
1     random, greedy    -23, 9     [1]       1, 3
2     greedy, random    -11, -11   [0, 1]    2, 1   (a shared victory)
3     random, greedy    -17, -8    [1]       0, 3
4     greedy, random    (none)               0, 1
"""


def test_wilson_intervals_match_the_textbook_values() -> None:
    low, high = wilson(3, 4)
    assert low == pytest.approx(0.3006, abs=5e-4) and high == pytest.approx(0.9544, abs=5e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=5e-4)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=5e-4) and high == pytest.approx(0.5962, abs=5e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_score_decides_and_a_shared_victory_is_a_win_for_each() -> None:
    s = summarize(read_results(GAMES))
    assert s.games == 5 and s.measure == "score" and s.scored
    assert s.ranked == 4  # the game cut off before scoring has no winner
    assert [(r.label, r.wins, r.games) for r in s.seat_wins] == [("seat 1", 2, 4), ("seat 2", 3, 4)]
    assert [(r.label, r.wins, r.games) for r in s.bot_wins] == [("greedy", 4, 4), ("random", 1, 4)]
    assert s.shared_wins == 1
    assert s.seat_wins[1].interval == pytest.approx((0.3006, 0.9544), abs=5e-4)
    assert [m.values for m in s.measure_by_seat] == [(-4.0, -23.0, -11.0, -17.0), (-14.0, 9.0, -11.0, -8.0)]
    assert s.measure_by_seat[0].mean == -13.75 and s.measure_by_seat[1].median == -9.5
    assert s.length.values == (220.0, 223.0, 224.0, 229.0)


def test_how_the_games_ended() -> None:
    s = summarize(read_results(GAMES))
    assert s.ends == (("game over", 4), ("stopped by --max-moves", 1))


def test_titles_are_counted_from_each_games_outcome() -> None:
    s = summarize(read_results(GAMES))
    assert s.titles == (
        ("Battle Lord", 4, 0),
        ("Monster Lord", 3, 1),
        ("The Lord of Dark Deeds", 2, 2),
        ("The Lord of Halls", 4, 0),
        ("The Lord of Imps", 4, 0),
        ("The Lord of Riches", 4, 0),
        ("Tunnel Lord", 4, 0),
    )


def test_the_score_lines_add_up_to_the_scores() -> None:
    games = read_results(GAMES)
    s = summarize(games)
    rules = [p.label for p in s.points]
    assert rules[:7] == [f"SCO-1{x}" for x in "abcdefg"] and rules[-1] == "SCO-12"
    assert all(p.n == 8 for p in s.points if p.label.startswith("SCO-1"))  # every seat of every scored game
    assert sum(sum(p.values) for p in s.points) == sum(sum(g["scores"]) for g in games if g["scores"])


def test_an_end_count_can_decide_instead() -> None:
    s = summarize(read_results(GAMES), win_by="rooms")
    assert s.measure == "rooms" and not s.scored and s.ranked == 5  # every game has its counts
    assert [r.wins for r in s.seat_wins] == [1, 4] and s.shared_wins == 0
    assert "win = the most rooms at the end, not the score (LIB-SIM-1)" in format_table(s)


def test_the_score_cannot_decide_when_no_game_was_scored() -> None:
    cut_off = [g for g in read_results(GAMES) if not g["over"]]
    with pytest.raises(SimulationError, match="no game in these results was scored"):
        measure_name(cut_off, "score")
    assert summarize(cut_off).measure == "rooms"
    with pytest.raises(SimulationError, match="--win-by luck"):
        measure_name(cut_off, "luck")


def test_the_table_says_what_a_win_is() -> None:
    text = format_table(summarize(read_results(GAMES)))
    assert "win = the highest score (SCO-3); tied seats share the victory and each counts a win" in text
    assert "1 unfinished games left out" in text
    assert "  seat 2                        3      4     75.0%  30.1% - 95.4%" in text
    assert "shared victory (tie for the highest score)      1  25.0%" in text


def _pixel_variance(path: Path) -> float:
    image = pytest.importorskip("matplotlib.image")
    return float(image.imread(str(path)).var())


def test_every_plot_is_written_and_not_blank(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    files = write_plots(summarize(read_results(GAMES)), tmp_path)
    assert sorted(f.name for f in files) == sorted(f"{n}.{e}" for n in PLOTS for e in ("png", "svg"))
    for name in PLOTS:
        assert _pixel_variance(tmp_path / f"{name}.png") > 0.001
        svg = (tmp_path / f"{name}.svg").read_text()
        assert svg.lstrip().startswith("<?xml") and "<svg" in svg and svg.count("<path") > 5


def test_the_page_shows_the_tables_and_the_plots(tmp_path: Path) -> None:
    page = write_html(summarize(read_results(GAMES)), tmp_path, plots=True)
    text = page.read_text()
    assert "<h2>Win rate by seat</h2>" in text and "75.0%" in text
    for name in PLOTS:
        assert f'src="{name}.svg"' in text
    data = json.loads((tmp_path / "summary.json").read_text())
    assert data["seat_wins"][1]["wins"] == 3 and data["measure"] == "score" and data["ranked"] == 4


def test_the_report_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    assert main(["report", str(GAMES), "--out", str(tmp_path / "rep")]) == 0
    out = capsys.readouterr().out
    assert "5 games; players 2; variant full" in out and "and 10 plots" in out
    assert (tmp_path / "rep" / "index.html").exists() and (tmp_path / "rep" / "game_length.png").exists()


def test_the_report_without_plots_needs_no_matplotlib(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(GAMES), "--out", str(tmp_path), "--no-plots"]) == 0
    assert "win = the highest score (SCO-3); tied seats share" in capsys.readouterr().out
    assert not list(tmp_path.glob("*.png"))
    assert 'src="' not in (tmp_path / "index.html").read_text()


def test_a_bad_results_file_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(GAMES.read_text().splitlines()[0] + "\n{not json\n")
    assert main(["report", str(bad), "--out", str(tmp_path / "o"), "--no-plots"]) == 2
    assert "bad.jsonl, line 2: not JSON" in capsys.readouterr().err
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert main(["report", str(empty), "--out", str(tmp_path / "o"), "--no-plots"]) == 2
    assert "no games in the results" in capsys.readouterr().err
    assert main(["report", str(tmp_path / "missing.jsonl"), "--out", str(tmp_path / "o"), "--no-plots"]) == 2
    assert "missing.jsonl" in capsys.readouterr().err


def test_plots_without_matplotlib_name_the_extra(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    assert main(["report", str(GAMES), "--out", str(tmp_path / "o")]) == 2
    out, err = capsys.readouterr()
    assert "pip install 'dlrules[report]'" in err and "--no-plots" in err
    assert out == "" and not (tmp_path / "o").exists()


def test_the_report_marks_the_first_player_and_the_fair_share_and_names_score_lines_in_words() -> None:
    s = summarize(read_results(GAMES))
    assert s.began == (4, 0) and s.fair_share == 0.5  # no first_player in these lines: seat 1 began them all
    assert [(r.label, r.wins, r.games) for r in s.order_wins] == [("first player", 2, 4), ("2nd in turn", 3, 4)]
    text = format_table(s)
    assert "seat 1 (began every game)" in text and "fair share (1/2)" in text and "50.0%" in text
    assert "unconquered rooms" in text and "title: Battle Lord" in text and "Hall of Fame" in text
    assert "Titles by seat (games each seat held it, alone or shared)" in text


def test_rotating_the_first_player_reports_the_turn_order(tmp_path: Path) -> None:
    from dlrules.apps.simulate import Config, play_game

    config = Config(games=4, players=2, seed=3, variant="first", bots=("greedy",), rotate_start=True)
    games = [play_game(config, i) for i in range(4)]
    assert [g["first_player"] for g in games] == [0, 1, 0, 1]
    s = summarize(games)
    assert s.began == (2, 2)
    assert sum(r.games for r in s.order_wins) == 8
    assert "seat 1 (began 2)" in format_table(s)
