"""``dlrules report``: the numbers of a small fixed results file, the plots
and the page (issue 15; what "win" means: LIB-SIM-1)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from dlrules.cli import main
from dlrules.simreport import PLOTS, format_table, measure_name, summarize, wilson, write_html, write_plots
from dlrules.simulate import SimulationError, read_results

FIXTURES = Path(__file__).parent / "fixtures"
UNSCORED = FIXTURES / "sim-unscored.jsonl"  # 4 two-player games stopped at year-1 combat
SCORED = FIXTURES / "sim-scored.jsonl"  # 3 two-player games with scores and winners


def test_wilson_intervals_match_the_textbook_values() -> None:
    low, high = wilson(3, 4)
    assert low == pytest.approx(0.3006, abs=5e-4) and high == pytest.approx(0.9544, abs=5e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=5e-4)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=5e-4) and high == pytest.approx(0.5962, abs=5e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_unscored_games_win_by_the_most_rooms_ties_share() -> None:
    # rooms per game (seat 1, seat 2): (2,1) (1,1) (0,3) (2,0); bots alternate seats
    s = summarize(read_results(UNSCORED))
    assert s.games == 4 and s.measure == "rooms" and not s.scored
    assert [(r.label, r.wins, r.games) for r in s.seat_wins] == [("seat 1", 3, 4), ("seat 2", 2, 4)]
    assert [(r.label, r.wins, r.games) for r in s.bot_wins] == [("greedy", 2, 4), ("random", 3, 4)]
    assert s.shared_wins == 1
    assert s.seat_wins[0].interval == pytest.approx((0.3006, 0.9544), abs=5e-4)
    assert [m.values for m in s.measure_by_seat] == [(2.0, 1.0, 0.0, 2.0), (1.0, 1.0, 3.0, 0.0)]
    assert s.measure_by_seat[1].mean == 1.25 and s.measure_by_seat[1].median == 1.0
    assert s.length.mean == 105 and s.length.sd == pytest.approx(12.9099, abs=1e-4)
    assert (s.length.low, s.length.high) == (90, 120)
    evil = next(c for c in s.counts if c.label == "evil")
    assert evil.n == 8 and evil.mean == 4.25
    assert s.ends == (("stopped at combat, year 1 round 4", 4),)


def test_another_count_can_decide_the_win() -> None:
    # evil per game: (3,5) (4,4) (2,6) (7,3)
    s = summarize(read_results(UNSCORED), win_by="evil")
    assert s.measure == "evil"
    assert [r.wins for r in s.seat_wins] == [2, 3]


def test_scored_games_win_by_the_score_and_count_titles() -> None:
    # scores (10,8) winners [0]; (5,5) [0,1]; (3,9) [1]
    s = summarize(read_results(SCORED))
    assert s.measure == "score" and s.scored
    assert [(r.wins, r.games) for r in s.seat_wins] == [(2, 3), (2, 3)]
    assert [m.mean for m in s.measure_by_seat] == pytest.approx([6.0, 22 / 3])
    assert s.shared_wins == 1
    assert s.ends == (("game over", 3),)
    # titles from the sheet's own list (a player's titles are not counted twice)
    assert s.titles == (("The Lord of Halls", 2, 0), ("The Lord of Imps", 1, 1))


def test_titles_given_as_a_mapping_of_holders() -> None:
    games = read_results(SCORED)
    games[0]["sheet"] = {"titles": {"halls": [0], "imps": [0, 1]}}
    for g in games[1:]:
        g["sheet"] = None
    assert summarize(games).titles == (("halls", 1, 0), ("imps", 0, 1))


def test_score_cannot_decide_unscored_games() -> None:
    with pytest.raises(SimulationError, match="not scored"):
        measure_name(read_results(UNSCORED), "score")
    with pytest.raises(SimulationError, match="--win-by luck"):
        measure_name(read_results(UNSCORED), "luck")


def test_the_table_says_what_a_win_is() -> None:
    text = format_table(summarize(read_results(UNSCORED)))
    assert "win = the most rooms at the end (LIB-SIM-1" in text
    assert "seat 1     3      4     75.0%  30.1% - 95.4%" in text
    assert "shared win (tie for the highest)" in text


def _pixel_variance(path: Path) -> float:
    image = pytest.importorskip("matplotlib.image")
    return float(image.imread(str(path)).var())


def test_every_plot_is_written_and_not_blank(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    files = write_plots(summarize(read_results(UNSCORED)), tmp_path)
    assert sorted(f.name for f in files) == sorted(f"{n}.{e}" for n in PLOTS for e in ("png", "svg"))
    for name in PLOTS:
        assert _pixel_variance(tmp_path / f"{name}.png") > 0.001
        svg = (tmp_path / f"{name}.svg").read_text()
        assert svg.lstrip().startswith("<?xml") and "<svg" in svg and svg.count("<path") > 5


def test_the_page_shows_the_tables_and_the_plots(tmp_path: Path) -> None:
    page = write_html(summarize(read_results(UNSCORED)), tmp_path, plots=True)
    text = page.read_text()
    assert "<h2>Win rate by seat</h2>" in text and "75.0%" in text
    for name in PLOTS:
        assert f'src="{name}.svg"' in text
    data = json.loads((tmp_path / "summary.json").read_text())
    assert data["seat_wins"][0]["wins"] == 3 and data["measure"] == "rooms"


def test_the_report_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    assert main(["report", str(UNSCORED), "--out", str(tmp_path / "rep")]) == 0
    out = capsys.readouterr().out
    assert "4 games; players 2; variant full" in out and "and 8 plots" in out
    assert (tmp_path / "rep" / "index.html").exists() and (tmp_path / "rep" / "game_length.png").exists()


def test_the_report_without_plots_needs_no_matplotlib(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(SCORED), "--out", str(tmp_path), "--no-plots"]) == 0
    assert "win = the highest score; tied seats share" in capsys.readouterr().out
    assert not list(tmp_path.glob("*.png"))
    assert 'src="' not in (tmp_path / "index.html").read_text()


def test_a_bad_results_file_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(UNSCORED.read_text().splitlines()[0] + "\n{not json\n")
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
    assert main(["report", str(UNSCORED), "--out", str(tmp_path / "o")]) == 2
    out, err = capsys.readouterr()
    assert "pip install 'dlrules[report]'" in err and "--no-plots" in err
    assert out == "" and not (tmp_path / "o").exists()
