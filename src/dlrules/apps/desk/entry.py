"""What the desk's page asks of a position as it is entered (issue 38):
``validate``'s objections, each at its line where the text has one, and,
once the position is possible, who is to move, the legal moves of each seat
and the exports (text, JSON, SVG). Pure functions over the text; the page
(``dlrules.apps.desk.app``) calls them on every change."""

from __future__ import annotations

from typing import Any, Final

from dlrules.apps.desk import DeskError, legal_notations, read_position
from dlrules.core.engine import to_move
from dlrules.core.phases.setup import VARIANTS
from dlrules.records.position_text import HEADER, position_text
from dlrules.records.position_text_build import build
from dlrules.records.position_text_read import PositionTextError, is_position_text, lines_of
from dlrules.records.serialization import dumps
from dlrules.core.state import CHANCE, GameState
from dlrules.records.validity import validate

MAX_OBJECTIONS: Final[int] = 12
"""At most this many objections are listed at once (then their count)."""


def objections(text: str) -> dict[str, Any]:
    """The position's objections for the page: ``{"ok", "problems": [{"line",
    "column", "message"}], "more"}``; ``ok`` when the position is possible,
    with ``to_move``, ``legal`` (the moves of each seat, by ``"P1"`` …, in
    notation) and ``canonical`` (the text as ``position_text`` writes it)."""
    problems: list[dict[str, Any]] = []
    state: GameState | None = None
    found: list[tuple[int | None, int | None, str]]
    if text.lstrip().startswith("{"):
        try:
            state = read_position(text, checked=False)
        except DeskError as exc:
            return {"ok": False, "problems": [{"line": None, "column": None, "message": str(exc)}], "more": 0}
        found = [(None, None, str(p)) for p in validate(state)]
    else:
        if not is_position_text(text):
            return {"ok": False, "problems": [{"line": 1, "column": 1, "message": f"a position starts with the line '{HEADER}'"}], "more": 0}
        try:
            state, line_of = build(lines_of(text))
        except PositionTextError as exc:
            return {"ok": False, "problems": [{"line": exc.line, "column": exc.column, "message": exc.reason}], "more": 0}
        found = [(line_of(p.path).head.line, line_of(p.path).head.column, str(p)) for p in validate(state)]
    problems = [{"line": ln, "column": col, "message": message} for ln, col, message in found[:MAX_OBJECTIONS]]
    if problems or state is None:
        return {"ok": False, "problems": problems, "more": max(0, len(found) - MAX_OBJECTIONS)}
    movers = sorted(to_move(state), key=lambda s: (s < 0, s))
    legal = {("chance" if s == CHANCE else f"P{s + 1}"): list(legal_notations(state, s)) for s in movers}
    return {
        "ok": True, "problems": [], "more": 0, "to_move": [("chance" if s == CHANCE else f"Player {s + 1}") for s in movers],
        "legal": legal, "players": state.n_players, "where": f"year {state.year}, round {state.round} ({state.season}), {state.phase.value.replace('_', ' ')}",
        "canonical": position_text(state),
    }  # fmt: skip


def export(text: str, kind: str) -> tuple[str, str]:
    """The position as ``kind`` (``text``, ``json``, ``svg``): (content, media type).
    ``DeskError`` for an impossible position or an unknown kind."""
    if kind not in ("text", "json", "svg"):
        raise DeskError(f"export as text, json or svg, not {kind!r}")
    state = read_position(text)
    if kind == "text":
        return position_text(state), "text/plain; charset=utf-8"
    if kind == "json":
        return dumps(state), "application/json"
    from dlrules.display import svg

    return svg.position(state), "image/svg+xml"


def new_position(players: int, variant: str) -> str:
    """The position text of a new game: the start of a guided entry."""
    from dlrules.core.engine import new_game

    if players not in (2, 3, 4) or variant not in VARIANTS:
        raise DeskError(f"a new game has 2, 3 or 4 players and the variant {' or '.join(VARIANTS)}")
    return position_text(new_game(players, variant=variant))


__all__ = ["MAX_OBJECTIONS", "export", "new_position", "objections"]
