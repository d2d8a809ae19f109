"""The drawing primitives every picture of ``dlrules.display.svg`` shares (one
place for the colours, the SVG elements and the seat's view), below the
modules that draw: ``svg`` (the board, a dungeon, a position) and
``svg_battle`` (the battle, the score sheet)."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from dlrules.components.cards import Produce
from dlrules.core.state import Adventurer, GameState

COLOURS: tuple[str, ...] = ("#c0392b", "#2e6fd8", "#2e9e4f", "#e0b000")
"""The four colours (players 0..n-1, then the dummies), as the minions on the table."""

ROOM_FILL: dict[Produce, str] = {
    Produce.FOOD: "#9ccc65",
    Produce.GOLD: "#f4d03f",
    Produce.TRAP: "#b0bec5",
    Produce.TUNNEL: "#bcaaa4",
    Produce.EVIL_DOWN: "#ce93d8",
    Produce.IMP: "#81d4fa",
    Produce.NOTHING: "#f8bbd0",
}
"""Rooms by type: what they produce (year-2 rooms produce nothing)."""

ROCK = "#5d4e3f"
TUNNEL = "#e8d9b5"
INK = "#222222"
PAPER = "#fbf7ef"
FONT = "font-family='DejaVu Sans, Verdana, Arial, sans-serif'"

def colour_fill(colour: int) -> str:
    return COLOURS[colour % len(COLOURS)]


# --- drawing primitives -------------------------------------------------------------------


def _attrs(**kw: object) -> str:
    return " ".join(f"{'xml:space' if k == 'xml_space' else k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}" for k, v in kw.items() if v is not None)


def _rect(x: float, y: float, w: float, h: float, fill: str, **kw: object) -> str:
    return f"<rect {_attrs(x=x, y=y, width=w, height=h, fill=fill, **kw)}/>"


def _circle(x: float, y: float, r: float, fill: str, **kw: object) -> str:
    return f"<circle {_attrs(cx=x, cy=y, r=r, fill=fill, **kw)}/>"


def _text(x: float, y: float, text: str, size: float = 11, **kw: object) -> str:
    kw.setdefault("fill", INK)
    return f"<text {_attrs(x=x, y=y, font_size=size, **kw)}>{escape(text)}</text>"


def _titled(element: str, title: str) -> str:
    """An element with a tooltip (``<title>``), e.g. a room's full name."""
    return f"<g><title>{escape(title)}</title>{element}</g>"


def _svg(width: float, height: float, body: list[str], label: str) -> str:
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' version='1.1' viewBox='0 0 {width:g} {height:g}' "
        f"width='{width:g}' height='{height:g}' {FONT} role='img' aria-label={quoteattr(label)}>"
        f"<title>{escape(label)}</title>"
        + _rect(0, 0, width, height, PAPER)
        + "".join(body)
        + "</svg>"
    )


def _group(dx: float, dy: float, body: list[str]) -> str:
    return f"<g transform='translate({dx:g},{dy:g})'>" + "".join(body) + "</g>"


def _food_tokens(adv: Adventurer, x: float, y: float) -> str:
    """A green token with ``+N`` for an adventurer's Create Food tokens (C2-1)."""
    if not adv.food:
        return ""
    return _circle(x, y, 6, "#43a047", class_="food-token") + _text(x, y + 3, f"+{adv.food}", 7, text_anchor="middle", fill="#ffffff")


def _shown(state: GameState, seat: int | None) -> GameState:
    if seat is None:
        return state
    from dlrules.records.views import redact

    return redact(state, seat)
