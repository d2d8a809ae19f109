"""Reports on a results file of ``dlrules simulate``: numbers, plots, a page.

``summarize(games)`` computes the numbers (pure Python); ``format_table``
prints them; ``write_plots`` draws them with matplotlib (the optional extra
``dlrules[report]``, Agg backend, PNG and SVG); ``write_html`` writes a page
showing the table and the plots.

What "win" means (LIB-SIM-1): a seat wins a game when it is one of the
game's winners, the seats with the highest score (SCO-3). Seats tied for it
share the victory and each counts a win, so the seats' win rates of one game
can add up to more than 1; the report says how many victories were shared.
Games cut off by ``--max-moves`` before the end have no score: they are
counted under "How the games ended" and left out of the win rates and the
scores. An end count (``--win-by rooms`` ...) can decide instead, for a
study of one resource; every output names the measure.
"""

from __future__ import annotations

import html
import json
import math
import statistics
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from dlrules.apps.simulate import COUNTS, SimulationError

__all__ = [
    "PLOTS",
    "Rate",
    "Spread",
    "Summary",
    "format_table",
    "measure_name",
    "score_line_name",
    "pyplot",
    "summarize",
    "wilson",
    "write_html",
    "write_plots",
]

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95 % interval."""

DEFAULT_COUNT = "rooms"
"""The measure when no game of the file is scored (all cut off by --max-moves)."""

PLOTS = ("measure_by_seat", "win_rate_by_seat", "win_rate_by_bot", "win_rate_by_turn_order", "game_length")
"""The plots ``write_plots`` draws, each as NAME.png and NAME.svg."""


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``wins / n`` (95 % by
    default); (0, 1) when ``n`` is 0."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class Rate:
    """Wins out of games, with the rate and its 95 % Wilson interval."""

    label: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@attrs.frozen
class Spread:
    """Mean, standard deviation (sample; 0 for one value), min, median, max."""

    label: str
    values: tuple[float, ...]

    @property
    def n(self) -> int:
        return len(self.values)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.values) if self.values else 0.0

    @property
    def sd(self) -> float:
        return statistics.stdev(self.values) if len(self.values) > 1 else 0.0

    @property
    def low(self) -> float:
        return min(self.values) if self.values else 0.0

    @property
    def median(self) -> float:
        return statistics.median(self.values) if self.values else 0.0

    @property
    def high(self) -> float:
        return max(self.values) if self.values else 0.0


@attrs.frozen
class Summary:
    """The numbers of a report."""

    games: int
    measure: str
    scored: bool
    ranked: int
    """games in the win rates, the scores and the game length: the scored
    ones when the score decides, else all"""
    players: tuple[int, ...]
    variants: tuple[str, ...]
    seat_wins: tuple[Rate, ...]
    bot_wins: tuple[Rate, ...]
    measure_by_seat: tuple[Spread, ...]
    counts: tuple[Spread, ...]
    length: Spread
    shared_wins: int
    ends: tuple[tuple[str, int], ...]
    titles: tuple[tuple[str, int, int], ...]
    """(title, games held by one player alone, games shared)"""
    points: tuple[Spread, ...] = ()
    """points of each score line (rule ID), over every seat of every scored game"""
    began: tuple[int, ...] = ()
    """how many of the ranked games each seat began (SETUP-1; ``first_player``, seat 1 when a line has none)"""
    order_wins: tuple[Rate, ...] = ()
    """win rate by place in the turn order: the first player, the second …"""
    seat_titles: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """(title, how many scored games each seat held it, alone or shared)"""
    announced: int = 0
    """games that turned up a card the referee only announces (its effect not
    applied: the result line's ``announced_only``, LIB-TAB-8)"""
    without_special: int = 0
    """games played without the special event cards (SPE-3)"""

    @property
    def fair_share(self) -> float | None:
        """1 / players, the win rate of a seat when every seat is alike (None for mixed player counts)."""
        return 1 / self.players[0] if len(self.players) == 1 else None


def score_line_name(rule: str) -> str:
    """A score line for people: what it counts (``unconquered rooms``), a
    title's name, the Hall of Fame; the rule ID itself for one it does not know."""
    from dlrules.components.scoring import ITEM_VALUES, TITLES

    for item, value in ITEM_VALUES.items():
        if item.value == rule:
            return value.what
    for title, spec in TITLES.items():
        if title.value == rule:
            return f"title: {spec.name}"
    return "Hall of Fame" if rule == "SCO-12" else rule


def measure_name(games: Sequence[dict[str, Any]], win_by: str | None) -> str:
    """The count asked for, else ``score`` when a game of the file is scored
    (whole games always are), else ``rooms`` (LIB-SIM-1)."""
    if win_by is not None and win_by != "score":
        if win_by not in COUNTS:
            raise SimulationError(f"--win-by {win_by}: choose score or one of {', '.join(COUNTS)}")
        return win_by
    scored = any(_is_scored(g) for g in games)
    if win_by == "score" and not scored:
        raise SimulationError("--win-by score: no game in these results was scored (all were cut off by --max-moves)")
    return "score" if scored else DEFAULT_COUNT


def _is_scored(game: dict[str, Any]) -> bool:
    return isinstance(game.get("scores"), list)


def _values(game: dict[str, Any], measure: str) -> list[float]:
    try:
        if measure == "score":
            return [float(x) for x in game["scores"]]
        return [float(c[measure]) for c in game["counts"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise SimulationError(f"game {game.get('game')}: no {measure} for every seat") from exc


def _titles(game: dict[str, Any]) -> list[tuple[str, bool]]:
    """How each title went in a scored game: (title name, held by one player
    alone), for every title somebody holds (the line's ``titles``)."""
    out: list[tuple[str, bool]] = []
    for t in game.get("titles") or ():
        if isinstance(t, dict) and t.get("holders"):
            out.append((str(t.get("name", t.get("title", "?"))), bool(t.get("exclusive"))))
    return out


def summarize(games: Sequence[dict[str, Any]], win_by: str | None = None) -> Summary:
    """The report's numbers for the result lines ``games``."""
    if not games:
        raise SimulationError("no games in the results")
    measure = measure_name(games, win_by)
    seats = max(len(g.get("bots", ())) for g in games)
    seat_w = [0] * seats
    seat_n = [0] * seats
    bot_w: Counter[str] = Counter()
    bot_n: Counter[str] = Counter()
    by_seat: list[list[float]] = [[] for _ in range(seats)]
    count_values: dict[str, list[float]] = {c: [] for c in COUNTS}
    shared = 0
    ranked = 0
    lengths: list[float] = []
    points: dict[str, list[float]] = {}
    ends: Counter[str] = Counter()
    alone: Counter[str] = Counter()
    shared_titles: Counter[str] = Counter()
    began = [0] * seats
    order_w = [0] * seats
    order_n = [0] * seats
    held: dict[str, list[int]] = {}
    for game in games:
        ends[_end(game)] += 1
        for c in game.get("counts") or ():
            for name in COUNTS:
                if name in c:
                    count_values[name].append(float(c[name]))
        for seat in game.get("breakdown") or ():
            for rule, value in seat:
                points.setdefault(str(rule), []).append(float(value))
        for name, exclusive in _titles(game):
            (alone if exclusive else shared_titles)[name] += 1
        for t in game.get("titles") or ():
            if isinstance(t, dict):
                counts_of = held.setdefault(str(t.get("name", t.get("title", "?"))), [0] * seats)
                for h in t.get("holders") or ():
                    if isinstance(h, int) and 0 <= h < seats:
                        counts_of[h] += 1
        if measure == "score" and not _is_scored(game):
            continue  # cut off before the end: no score, no winner
        ranked += 1
        lengths.append(float(game.get("moves", 0)))
        values = _values(game, measure)
        bots = game.get("bots")
        if not isinstance(bots, list) or len(bots) != len(values):
            raise SimulationError(f"game {game.get('game')}: its bots do not match its seats")
        if measure == "score" and isinstance(game.get("winners"), list):
            winners = set(game["winners"])
        else:
            best = max(values)
            winners = {s for s, v in enumerate(values) if v == best}
        shared += len(winners) > 1
        first = game.get("first_player", 0)
        first = first if isinstance(first, int) and 0 <= first < len(values) else 0
        began[first] += 1
        for s, (bot, value) in enumerate(zip(bots, values)):
            seat_n[s] += 1
            bot_n[bot] += 1
            by_seat[s].append(value)
            place = (s - first) % len(values)
            order_n[place] += 1
            if s in winners:
                seat_w[s] += 1
                bot_w[bot] += 1
                order_w[place] += 1
    return Summary(
        games=len(games),
        measure=measure,
        scored=measure == "score",
        ranked=ranked,
        players=tuple(sorted({int(g.get("players", len(g["bots"]))) for g in games})),
        variants=tuple(sorted({str(g.get("variant", "?")) for g in games})),
        seat_wins=tuple(Rate(f"seat {s + 1}", seat_w[s], seat_n[s]) for s in range(seats)),
        bot_wins=tuple(Rate(b, bot_w[b], bot_n[b]) for b in sorted(bot_n)),
        measure_by_seat=tuple(Spread(f"seat {s + 1}", tuple(by_seat[s])) for s in range(seats)),
        counts=tuple(Spread(c, tuple(count_values[c])) for c in COUNTS if count_values[c]),
        length=Spread("moves", tuple(lengths)),
        shared_wins=shared,
        ends=tuple(sorted(ends.items(), key=lambda kv: (-kv[1], kv[0]))),
        titles=tuple((t, alone[t], shared_titles[t]) for t in sorted(set(alone) | set(shared_titles))),
        points=tuple(Spread(rule, tuple(points[rule])) for rule in sorted(points, key=_rule_order)),
        began=tuple(began),
        order_wins=tuple(Rate(_place(i), order_w[i], order_n[i]) for i in range(seats) if order_n[i]),
        seat_titles=tuple((t, tuple(held[t])) for t in sorted(held)),
        announced=sum(1 for g in games if g.get("announced_only")),
        without_special=sum(1 for g in games if g.get("special_events") is False),
    )


def _place(i: int) -> str:
    """A place in the turn order for people: the first player, then 2nd, 3rd, 4th."""
    return "first player" if i == 0 else f"{i + 1}{'nd' if i == 1 else 'rd' if i == 2 else 'th'} in turn"

def announced_sentence(summary: Summary) -> str:
    """What the numbers rest on: how many games turned up a card the referee
    only announces (LIB-TAB-8), and how many left the special events out."""
    text = (
        f"{summary.announced} of {summary.games} games turned up a card the referee only announces "
        "(its effect not applied: a special event or combat card whose text is not established)"
    )
    if summary.without_special:
        text += f"; {summary.without_special} were played without the special event cards"
    return text + "."


def _rule_order(rule: str) -> tuple[int, str]:
    """Score lines in the score sheet's order: SCO-1a..g, the titles SCO-8a..g, SCO-12."""
    body = rule.partition("-")[2]
    digits = len(body) - len(body.lstrip("0123456789"))
    return (int(body[:digits] or 0), body[digits:])


def _end(game: dict[str, Any]) -> str:
    """How a game ended, in words: game over, or the phase (with year and
    round) where it stopped, or cut off by --max-moves."""
    if game.get("over"):
        return "game over"
    if game.get("stopped") == "max_moves":
        return "stopped by --max-moves"
    return f"stopped at {str(game.get('phase', '?')).replace('_', ' ')}, year {game.get('year', '?')} round {game.get('round', '?')}"


def win_meaning(summary: Summary) -> str:
    if summary.scored:
        return (
            "win = the highest score (SCO-3); tied seats share the victory and each counts a win"
            + (f"; {summary.games - summary.ranked} unfinished games left out" if summary.ranked < summary.games else "")
        )
    return (
        f"win = the most {summary.measure} at the end, not the score (LIB-SIM-1); "
        "tied seats all count a win"
    )


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _num(x: float) -> str:
    return f"{x:.2f}"


def table_rows(summary: Summary) -> list[tuple[str, list[str], list[list[str]]]]:
    """The report as titled tables: (title, header, rows)."""
    rate_header = ["", "wins", "games", "win rate", "95% CI"]
    fair = summary.fair_share

    def rates(rs: Sequence[Rate]) -> list[list[str]]:
        rows = [
            [r.label, str(r.wins), str(r.games), _pct(r.rate), f"{_pct(r.interval[0])} - {_pct(r.interval[1])}"]
            for r in rs
        ]
        if fair is not None:
            rows.append([f"fair share (1/{summary.players[0]})", "", "", _pct(fair), ""])
        return rows

    def seat_rates() -> list[list[str]]:
        rows = rates(summary.seat_wins)
        for i, row in enumerate(rows[: len(summary.seat_wins)]):
            if summary.began and i < len(summary.began) and summary.began[i]:
                row[0] += " (began every game)" if summary.began[i] == summary.ranked else f" (began {summary.began[i]})"
        return rows

    spread_header = ["", "n", "mean", "sd", "min", "median", "max"]

    def spreads(ss: Sequence[Spread]) -> list[list[str]]:
        return [[s.label, str(s.n), _num(s.mean), _num(s.sd), _num(s.low), _num(s.median), _num(s.high)] for s in ss]

    out = [
        ("Win rate by seat", rate_header, seat_rates()),
        ("Win rate by bot (every seat it played)", rate_header, rates(summary.bot_wins)),
        ("Win rate by turn order (seat counted from the game's first player, SETUP-1)", rate_header, rates(summary.order_wins)),
        (f"{summary.measure.capitalize()} by seat", spread_header, spreads(summary.measure_by_seat)),
        (
            "Points by score line (every seat of every scored game)",
            spread_header,
            [[score_line_name(row[0])] + row[1:] for row in spreads(summary.points)],
        ),
        ("Counts at the end (every seat of every game)", spread_header, spreads(summary.counts)),
        ("Game length (the games in the win rates)", spread_header, spreads([summary.length])),
        (
            "How the games ended",
            ["", "games", "share"],
            [[name, str(n), _pct(n / summary.games)] for name, n in summary.ends]
            + [["shared victory (tie for the highest score)", str(summary.shared_wins), _pct(summary.shared_wins / summary.ranked if summary.ranked else 0.0)]],
        ),
    ]
    if summary.titles:
        out.append(
            (
                "Titles (games where one player held it alone, or several shared it)",
                ["", "alone", "shared", "alone share"],
                [[t, str(a), str(sh), _pct(a / summary.games)] for t, a, sh in summary.titles],
            )
        )
    if summary.seat_titles:
        seats = len(summary.seat_titles[0][1])
        out.append(
            (
                "Titles by seat (games each seat held it, alone or shared)",
                ["", *(f"seat {s + 1}" for s in range(seats))],
                [[t, *(str(n) for n in counts)] for t, counts in summary.seat_titles],
            )
        )
    return out


def format_table(summary: Summary) -> str:
    """The summary as plain-text tables."""
    lines = [
        f"{summary.games} games; players {', '.join(map(str, summary.players))}; "
        f"variant {', '.join(summary.variants)}",
        win_meaning(summary),
        announced_sentence(summary),
    ]
    for title, header, rows in table_rows(summary):
        widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
        lines.append("")
        lines.append(title)
        for row in [header, *rows]:
            cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
            lines.append("  " + "  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def summary_data(summary: Summary) -> dict[str, Any]:
    """The summary as JSON data (written to summary.json)."""

    def rate(r: Rate) -> dict[str, Any]:
        return {"label": r.label, "wins": r.wins, "games": r.games, "rate": r.rate, "ci95": list(r.interval)}

    def spread(s: Spread) -> dict[str, Any]:
        return {"label": s.label, "n": s.n, "mean": s.mean, "sd": s.sd, "min": s.low, "median": s.median, "max": s.high}

    return {
        "games": summary.games,
        "measure": summary.measure,
        "scored": summary.scored,
        "ranked": summary.ranked,
        "win": win_meaning(summary),
        "players": list(summary.players),
        "variants": list(summary.variants),
        "seat_wins": [rate(r) for r in summary.seat_wins],
        "bot_wins": [rate(r) for r in summary.bot_wins],
        "measure_by_seat": [spread(s) for s in summary.measure_by_seat],
        "counts": [spread(s) for s in summary.counts],
        "points": [dict(spread(s), name=score_line_name(s.label)) for s in summary.points],
        "length": spread(summary.length),
        "shared_wins": summary.shared_wins,
        "announced_only_games": summary.announced,
        "without_special_events": summary.without_special,
        "ends": dict(summary.ends),
        "titles": {t: {"alone": a, "shared": sh} for t, a, sh in summary.titles},
        "fair_share": summary.fair_share,
        "began": list(summary.began),
        "order_wins": [rate(r) for r in summary.order_wins],
        "seat_titles": {t: list(counts) for t, counts in summary.seat_titles},
    }


# --- plots ------------------------------------------------------------------------------


def pyplot() -> Any:
    """matplotlib's pyplot on the Agg backend, or SimulationError naming the extra."""
    try:
        import matplotlib
    except ImportError as exc:
        raise SimulationError("plots need matplotlib: pip install 'dlrules[report]' (or pass --no-plots)") from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def write_plots(summary: Summary, out: Path) -> list[Path]:
    """Draw PLOTS into ``out`` as PNG and SVG; returns the files written."""
    plt = pyplot()
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(fig: Any, name: str) -> None:
        fig.tight_layout()
        for ext in ("png", "svg"):
            path = out / f"{name}.{ext}"
            fig.savefig(path, dpi=100)
            written.append(path)
        plt.close(fig)

    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    data = [list(s.values) for s in summary.measure_by_seat]
    ax.boxplot(data, showmeans=True)
    ax.set_xticks(range(1, len(data) + 1), [s.label for s in summary.measure_by_seat])
    ax.set_ylabel(summary.measure)
    ax.set_title(f"{summary.measure.capitalize()} at the end, by seat ({summary.ranked} games)")
    save(fig, "measure_by_seat")

    seat_labels = [
        r.label + ("\n(begins)" if summary.began and i < len(summary.began) and summary.began[i] == summary.ranked else "")
        for i, r in enumerate(summary.seat_wins)
    ]
    for name, rates, what, labels in (
        ("win_rate_by_seat", summary.seat_wins, "seat", seat_labels),
        ("win_rate_by_bot", summary.bot_wins, "bot", [r.label for r in summary.bot_wins]),
        ("win_rate_by_turn_order", summary.order_wins, "turn order", [r.label for r in summary.order_wins]),
    ):
        fig, ax = plt.subplots(figsize=(6.4, 4.0))
        xs = list(range(len(rates)))
        ys = [r.rate for r in rates]
        errors = [[r.rate - r.interval[0] for r in rates], [r.interval[1] - r.rate for r in rates]]
        ax.bar(xs, ys, yerr=errors, capsize=6, color="#4477aa")
        if summary.fair_share is not None:
            ax.axhline(summary.fair_share, color="#cc3311", linestyle="--", linewidth=1)
            ax.text(len(rates) - 0.5, summary.fair_share, f" 1/{summary.players[0]}", color="#cc3311", va="bottom", ha="right")
        ax.set_xticks(xs, labels)
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate (95% Wilson interval)")
        ax.set_title(f"Win rate by {what}: " + ("highest score, ties share" if summary.scored else f"most {summary.measure} (not the score)"))
        save(fig, name)

    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    values = list(summary.length.values)
    low, high = int(min(values)), int(max(values))
    bins: Any = [x - 0.5 for x in range(low, high + 2)] if high - low <= 60 else 30  # one bar per length when few
    ax.hist(values, bins=bins, color="#228833")
    ax.set_xlabel("moves in the game (chance and players)")
    ax.set_ylabel("games")
    ax.set_title(f"Game length ({summary.ranked} games)")
    save(fig, "game_length")
    return written


def write_html(summary: Summary, out: Path, plots: bool) -> Path:
    """index.html: the tables and (with ``plots``) the SVG plots."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>dlrules simulation report</title>',
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}"
        "table{border-collapse:collapse;margin-bottom:1.5em}td,th{padding:.2em .6em;border-bottom:1px solid #ccc}"
        "td:not(:first-child){text-align:right}img{max-width:100%}</style></head><body>",
        "<h1>Simulation report</h1>",
        f"<p>{summary.games} games; players {html.escape(', '.join(map(str, summary.players)))}; "
        f"variant {html.escape(', '.join(summary.variants))}.</p>",
        f"<p><strong>{html.escape(win_meaning(summary))}</strong></p>",
        f"<p>{html.escape(announced_sentence(summary))}</p>",
    ]
    for title, header, rows in table_rows(summary):
        parts.append(f"<h2>{html.escape(title)}</h2><table>")
        parts.append("<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in header) + "</tr>")
        for row in rows:
            parts.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>")
        parts.append("</table>")
    if plots:
        parts.append("<h2>Plots</h2>")
        for name in PLOTS:
            parts.append(
                f'<figure><img src="{name}.svg" alt="{html.escape(name.replace("_", " "))}">'
                f'<figcaption><a href="{name}.png">{name}.png</a></figcaption></figure>'
            )
    parts.append("</body></html>")
    out.mkdir(parents=True, exist_ok=True)
    page = out / "index.html"
    page.write_text("\n".join(parts) + "\n", encoding="utf-8")
    (out / "summary.json").write_text(json.dumps(summary_data(summary), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return page
