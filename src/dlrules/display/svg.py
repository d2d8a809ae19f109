"""Pictures of a position as SVG, written with the standard library alone
(docs/render.md).

- ``dungeon(state, seat)``: one player's dungeon: the 5x4 grid (column letters
  A..E, rows 1..4 from the surface, LIB-TV-2), tunnels, rooms by type, conquered
  tiles, the entrance with the party queue (damage on each adventurer, the
  paladin in front), imps (free and at work), troll tokens, the lair (monsters
  ready or knocked out), trap cards, the prison and the player's supplies.
- ``board(state)``: the central board: the eight action spaces with the minions
  on their slots, the tavern, the room shop, the evil track with every marker
  and the paladin, the progress board (year, season, phase) and the events.
- ``position(state, seat=None)``: the board above every dungeon; with ``seat``,
  only what that seat may see (``views.redact``: other players' trap cards
  face down, unseen combat cards blank).

- ``battle(state, seat=None)``: during combat (``state.fight``): the combat
  round, its combat card, the battle's steps, the defender's dungeon with the
  battle tile highlighted, the party with hit points and damage, the planned
  traps (face down for other seats) and the monsters sent; ``position`` shows
  it between the board and the dungeons.

A position in a phase this module does not know is drawn like any other
(board and dungeons), with its phase named on the progress board.

Each picture is one ``<svg>`` element with a ``viewBox``; text is escaped, so
any card key is safe. ``GameState._repr_svg_`` shows ``position(state)`` in a
notebook.
"""

from __future__ import annotations

from collections.abc import Sequence

from dlrules.components import ROOMS, SLOT_NAMES, SPACES, Action
from dlrules.components.setup import EVIL_MAX, EVIL_MIN, PALADIN_SPACE, SEASONS
from dlrules.core.dungeon import COLUMN_LETTERS, COLUMNS, ENTRANCE, ROWS, square_name
from dlrules.display.render import (
    adventurer_hp,
    adventurer_label,
    colour_label,
    combat_card_text,
    hit_points_text,
    monster_name,
    paladin_whereabouts,
    phase_name,
    queue,
    room_name,
    seat_label,
    trap_name,
    _combat_cards,
    _event_name,
)
from dlrules.components import COMBAT_CARDS
from dlrules.core.state import Adventurer, GameState, plug_in
from dlrules.display.svg_draw import (
    COLOURS,
    INK,
    ROCK,
    ROOM_FILL,
    TUNNEL,
    _circle,
    _food_tokens,
    _group,
    _rect,
    _shown,
    _svg,
    _text,
    _titled,
    colour_fill,
)
from dlrules.records.views import HIDDEN

PHASES: tuple[str, ...] = (
    "setup", "round_start", "orders", "resolution", "production", "order_return", "events",
    "adventurers", "end_of_round", "combat",
)  # fmt: skip
"""The phases on the progress board; a phase not listed here is shown by name."""


# --- one player's dungeon -----------------------------------------------------------------

CELL = 44
DUNGEON_W = 300
IMPS_DRAWN = 16
"""At most this many imps are drawn one by one (the line holds 16); more are written as a number."""
DUNGEON_H = 470


def _dungeon_body(state: GameState, seat: int) -> list[str]:
    p = state.players[seat]
    out: list[str] = []
    fill = colour_fill(seat)
    out.append(_rect(0, 0, DUNGEON_W, 26, fill))
    first = " (first player)" if seat == state.first_player else ""
    out.append(_text(8, 18, f"{seat_label(seat)}{first}", 14, fill="#ffffff", font_weight="bold"))
    out.append(_text(DUNGEON_W - 8, 18, f"evil {p.evil}", 13, fill="#ffffff", text_anchor="end", class_="evil"))
    supplies = f"{p.gold} gold  {p.food} food  {p.imps} imps"
    if p.damage_tokens:  # EVT-TAX-2, SCO-1f: a damage token is a red mark for unpaid taxes, not damage
        supplies += f"  {p.damage_tokens} red mark{'s' if p.damage_tokens != 1 else ''}"
    out.append(_text(8, 44, supplies, 12, class_="supplies"))

    # The party queue above the entrance: the first adventurer nearest to it.
    gx, gy = 40, 118
    party = queue(state, seat)
    ex = gx + ENTRANCE[1] * CELL + CELL / 2
    out.append(f"<polygon points='{ex - 9:g},{gy - 14:g} {ex + 9:g},{gy - 14:g} {ex:g},{gy - 2:g}' fill='{INK}'/>")
    out.append(_text(ex + 12, gy - 4, "entrance", 9, fill="#555555"))
    for i, adv in enumerate(party):
        ax = ex + (i - (len(party) - 1) / 2) * 40 if len(party) <= 6 else 20 + i * 36
        ax = max(20.0, min(DUNGEON_W - 20.0, ax))
        ay = gy - 42
        label = adventurer_label(adv.key)
        hp = _hit_points(adv)
        kind = label.split()[0]
        shade = "#fff3c4" if kind == "paladin" else "#ffffff"
        token = _circle(ax, ay, 16, shade, stroke=INK, stroke_width=1.5, class_="adventurer")
        token += _text(ax, ay + 4, kind[:3].capitalize(), 10, text_anchor="middle", font_weight="bold")
        if hp is not None:
            token += _text(ax, ay - 20, f"HP {hp}", 8, text_anchor="middle", class_="hp")
        token += _food_tokens(adv, ax - 13, ay - 12)
        token += _text(ax - 13, ay + 17, str(i + 1), 8, text_anchor="middle", fill="#555555")  # place in the queue
        if adv.damage:
            token += _circle(ax + 13, ay + 12, 8, "#d32f2f")
            token += _text(ax + 13, ay + 15.5, str(adv.damage), 10, text_anchor="middle", fill="#ffffff", class_="damage")
        out.append(_titled(token, f"{i + 1}. {label}, {hit_points_text(adv)}" + (f", {adv.damage} damage" if adv.damage else "")))

    # The grid: column letters, row numbers, rock, tunnels, rooms, conquered tiles.
    for c in range(COLUMNS):
        out.append(_text(gx + c * CELL + CELL / 2, gy - 0 + ROWS * CELL + 14, COLUMN_LETTERS[c], 10, text_anchor="middle", fill="#555555"))
    for r in range(ROWS):
        out.append(_text(gx - 10, gy + r * CELL + CELL / 2 + 4, str(r + 1), 10, text_anchor="middle", fill="#555555"))
    used = set(p.rooms_used)
    for r in range(ROWS):
        for c in range(COLUMNS):
            x, y = gx + c * CELL, gy + r * CELL
            tile = p.dungeon.at((r, c))
            name = square_name((r, c))
            if tile is None:
                out.append(_titled(_rect(x, y, CELL, CELL, ROCK, stroke="#3e342a", class_="rock"), f"{name}: rock"))
                continue
            if tile.room is None:
                what = "conquered tunnel" if tile.conquered else "tunnel"
                body = _rect(x, y, CELL, CELL, TUNNEL, stroke="#8d7b5a", class_="tunnel")
            else:
                room_kind = ROOMS.get(tile.room)
                room_fill = ROOM_FILL.get(room_kind.produce, "#dddddd") if room_kind is not None else "#dddddd"
                what = room_name(tile.room) + (" (conquered)" if tile.conquered else "")
                body = _rect(x + 1, y + 1, CELL - 2, CELL - 2, room_fill, stroke=INK, stroke_width=1.5, rx=5, class_="room")
                if (r, c) in used:
                    body += _circle(x + CELL - 8, y + 8, 5, "#ff7043", class_="activated")
                    what += ", staffed this round"
            if tile.conquered:  # the cross under the room's name, so the name stays readable
                body += f"<path d='M{x + 6:g},{y + 6:g} L{x + CELL - 6:g},{y + CELL - 6:g} M{x + CELL - 6:g},{y + 6:g} L{x + 6:g},{y + CELL - 6:g}' stroke='#b71c1c' stroke-width='3' stroke-opacity='0.7' class='conquered'/>"
            if tile.room is not None:
                body += _room_label(tile.room, x + CELL / 2, y + CELL / 2)
            out.append(_titled(body, f"{name}: {what}"))

    # Imps: free ones in the player's colour, those at work (busy or supervising) grey.
    y = gy + ROWS * CELL + 34
    out.append(_text(8, y, "imps", 10, fill="#555555"))
    busy = p.busy_imps + p.foreimps
    if p.imps > IMPS_DRAWN:  # more than fit on the line: a number, not a figure each (issue 35: bounded work)
        out.append(_text(44, y, f"{p.imps} imps" + (f" ({busy} at work)" if busy else ""), 10, class_="imp-count"))
    for i in range(p.imps if p.imps <= IMPS_DRAWN else 0):
        at_work = i >= p.imps - busy
        out.append(_titled(_circle(44 + i * 14, y - 4, 6, "#9e9e9e" if at_work else fill, stroke=INK, class_="imp-busy" if at_work else "imp"), "imp at work" if at_work else "free imp"))
    trolls = p.trolls
    if trolls:
        out.append(_text(DUNGEON_W - 8, y, f"{trolls} troll token{'s' if trolls != 1 else ''}" + (f" ({p.busy_trolls} at work)" if p.busy_trolls else ""), 10, text_anchor="end"))

    # The lair: monsters ready (upright) or knocked out (grey, dashed).
    y += 14
    out.append(_text(8, y + 15, "lair", 10, fill="#555555"))
    for i, m in enumerate(p.monsters):
        x = 40 + (i % 3) * 86
        yy = y + (i // 3) * 26
        ready = m.ready
        card = _rect(x, yy, 82, 22, "#e3f2fd" if ready else "#cfd8dc", stroke=INK, rx=4, stroke_dasharray=None if ready else "4 2", class_="monster" if ready else "monster-out")
        card += _text(x + 41, yy + 15, monster_name(m.kind)[:14], 10, text_anchor="middle", fill=INK if ready else "#607d8b")
        out.append(_titled(card, f"{i + 1}. {monster_name(m.kind)}: {'ready' if ready else 'knocked out'}"))
    y += 26 * max(1, (len(p.monsters) + 2) // 3) + 6

    # Trap cards: names when visible, card backs when hidden.
    out.append(_text(8, y + 15, "traps", 10, fill="#555555"))
    for i, t in enumerate(p.traps):
        x = 40 + (i % 3) * 86
        yy = y + (i // 3) * 26
        hidden = t == HIDDEN
        card = _rect(x, yy, 82, 22, "#455a64" if hidden else "#fff8e1", stroke=INK, rx=4, class_="trap-hidden" if hidden else "trap")
        card += _text(x + 41, yy + 15, "?" if hidden else trap_name(t)[:15], 9, text_anchor="middle", fill="#ffffff" if hidden else INK)
        out.append(_titled(card, "a trap card, face down" if hidden else trap_name(t)))
    y += 26 * max(1, (len(p.traps) + 2) // 3) + 6

    # The prison.
    full = ", ".join(adventurer_label(k) for k in p.prison) or "-"
    short = [_short_adventurer(k) for k in p.prison] or ["-"]
    rows = [short[i : i + 5] for i in range(0, len(short), 5)]  # five to a line: the panel's width
    for j, row in enumerate(rows):
        out.append(_titled(_text(8, y + 12 + j * 13, ("prison: " if j == 0 else "        ") + ", ".join(row), 10, class_="prison", xml_space="preserve"), f"prison: {full}"))
    y += 13 * (len(rows) - 1)

    # The eight order cards: in hand (white), played (the player's colour, with
    # the slot taken), unavailable (grey, crossed). Secret choices are not shown.
    y += 24
    out.append(_text(8, y + 13, "orders", 10, fill="#555555"))
    played = {o.action: o for o in p.played}
    for i, action in enumerate(Action):
        x = 44 + i * 31
        order = played.get(action)
        if action in p.unavailable:
            fill, ink, state_word, css = "#bdbdbd", "#757575", "unavailable", "order-unavailable"
        elif order is not None:
            fill, ink, css = colour_fill(seat), "#ffffff", "order-played"
            where = SLOT_NAMES[order.slot] if order.slot is not None and 0 <= order.slot < len(SLOT_NAMES) else "on the card"
            state_word = f"played, {where}"
        else:
            fill, ink, state_word, css = "#ffffff", INK, "in hand", "order"
        card = _rect(x, y, 28, 18, fill, stroke=INK, rx=3, class_=css)
        card += _text(x + 14, y + 13, ORDER_CHIPS[action], 8, text_anchor="middle", fill=ink)
        if action in p.unavailable:
            card += f"<path d='M{x + 3:g},{y + 3:g} L{x + 25:g},{y + 15:g}' stroke='#757575' stroke-width='1.5'/>"
        out.append(_titled(card, f"{SPACES[action.index].name}: {state_word}"))
    return out


ORDER_CHIPS: dict[Action, str] = {
    Action.FOOD: "Food", Action.REPUTATION: "Rep.", Action.DIG: "Dig", Action.MINE: "Mine",
    Action.IMPS: "Imps", Action.TRAPS: "Traps", Action.MONSTER: "Hire", Action.ROOM: "Room",
}  # fmt: skip
"""An order card's word on its chip (the full name is in the chip's title)."""


ROOM_LINE = 7
"""The most letters a line of a room's name holds on its tile: at 8 units or
more, so that it reads at 11 CSS px on a phone's own dungeon (issue 37)."""


def room_lines(name: str) -> list[str]:
    """A room's name in short lines (``Chicken``/``Coop``, ``Anti-``/``magic``/
    ``Room``): each word its own line unless two fit in ``ROOM_LINE``
    letters; a longer word hyphenated in halves (``Mush-``/``room``)."""
    words: list[str] = []
    for word in name.split():
        parts = word.split("-")
        words += [p + "-" for p in parts[:-1]] + [parts[-1]]
    pieces: list[str] = []
    for word in (w for w in words if w):
        if len(word) > ROOM_LINE:
            half = (len(word.rstrip("-")) + 1) // 2
            pieces += [word[:half] + "-", word[half:]]
        else:
            pieces.append(word)
    lines: list[str] = []
    for piece in pieces:
        if lines and not lines[-1].endswith("-") and len(lines[-1]) + 1 + len(piece) <= ROOM_LINE:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
    return lines


def _room_label(key: str, cx: float, cy: float) -> str:
    """A room's name in short lines on its tile (``room_lines``), haloed in
    white so that it reads over the conquest cross (``Chicken``/``Coop``)."""
    lines = room_lines(room_name(key))
    out = ""
    for j, line in enumerate(lines):
        dy = (j - (len(lines) - 1) / 2) * 11 + 3.5
        size = min(9.0, round((CELL - 6) / (0.62 * len(line)), 1))  # a long word in a smaller size, never cut
        out += _text(cx, cy + dy, line, size, text_anchor="middle", font_weight="bold", stroke="#ffffff", stroke_width=2.5, paint_order="stroke", class_="room-name")
    return out


def _hit_points(adv: Adventurer) -> int | None:
    """The hit points a battle counts: printed, plus 1 per Create Food token (CMB-PARTY-4, C2-1)."""
    from dlrules.core.phases.combat import hit_points

    try:
        return hit_points(adv)
    except (KeyError, StopIteration):
        return adventurer_hp(adv.key)


def dungeon(state: GameState, seat: int, *, viewer: int | None = None) -> str:
    """The SVG of ``seat``'s dungeon (see the module docstring); ``viewer``
    set: as that seat may see it (other players' traps face down)."""
    shown = _shown(state, viewer)
    if not 0 <= seat < shown.n_players:
        raise ValueError(f"there is no seat {seat} in a {shown.n_players}-player game")
    label = f"{seat_label(seat)}'s dungeon, year {shown.year} {shown.season}, {phase_name(shown)}"
    return _svg(DUNGEON_W, DUNGEON_H, _dungeon_body(shown, seat), label)


# --- the central board --------------------------------------------------------------------

BOARD_W = 640
BOARD_H = 420


def _short_adventurer(key: str) -> str:
    """``Wiz HP3`` (the whole label is in the shape's title)."""
    label = adventurer_label(key).split()
    return f"{label[0][:3].capitalize()} {label[1]}" if len(label) > 1 else label[0]


def _movers(state: GameState) -> tuple[int, ...] | None:
    """Who is to move in ``state`` (None: a hand-made position the rules cannot read)."""
    from dlrules.core.engine import to_move

    try:
        return tuple(sorted(to_move(state)))
    except Exception:  # noqa: BLE001 - a redacted or hand-made position: say nothing
        return None


def _to_move_words(state: GameState, movers: Sequence[int] | None = None) -> str:
    """``To move: P2`` (``chance`` for a draw; ``the game is over``), as the text view says it.
    ``movers``: who is to move, read from the whole position; a redacted one
    (a seat's picture) may not tell (another seat's secret orders read as
    not chosen), so the picture is told, never guessed from the redaction."""
    if movers is None:
        movers = _movers(state)
        if movers is None:
            return ""
    if state.phase.value == "game_over":
        return "The game is over"
    return "To move: " + (", ".join(seat_label(m) for m in movers) if movers else "nobody")


def _board_body(state: GameState, movers: Sequence[int] | None = None) -> list[str]:
    out: list[str] = []
    x: float
    # Progress board: year, season, phase.
    out.append(_rect(0, 0, BOARD_W, 28, "#37474f"))
    out.append(_text(10, 19, f"Year {state.year}", 14, fill="#ffffff", font_weight="bold", class_="year"))
    for i, season in enumerate(SEASONS):
        x = 80 + i * 70
        current = i + 1 == state.round
        out.append(_rect(x, 5, 64, 18, "#ffca28" if current else "#546e7a", rx=3, class_="season-current" if current else "season"))
        out.append(_text(x + 32, 18, season, 10, text_anchor="middle", fill=INK if current else "#eceff1"))
    phase = str(getattr(state.phase, "value", state.phase))
    out.append(_text(BOARD_W - 10, 19, phase_name(state), 12, fill="#ffca28", text_anchor="end", class_="phase"))
    out.append(_text(10, 44, _to_move_words(state, movers), 10, fill="#37474f", font_weight="bold", class_="to-move"))
    for i, name in enumerate(PHASES):
        x = 370 + i * 16
        out.append(_titled(_circle(x, 36, 5, "#ffca28" if name == phase else "#b0bec5"), name.replace("_", " ")))

    # The eight action spaces, three slots each.
    top = 52
    for action in Action:
        y = top + action.index * 30
        spec = SPACES[action.index]
        out.append(_rect(8, y, 300, 26, "#efe6d2", stroke="#a1887f", rx=4))
        out.append(_text(16, y + 17, spec.name, 12))
        slots = state.board[action.index] if action.index < len(state.board) else ()
        for s in range(3):
            x = 190 + s * 38
            occupant = slots[s] if s < len(slots) else None
            cost = spec.slots[s].text
            if occupant is None:
                out.append(_titled(_circle(x, y + 13, 10, "#ffffff", stroke="#a1887f") + _text(x, y + 17, SLOT_NAMES[s], 8, text_anchor="middle", fill="#a1887f"), f"{spec.name} {SLOT_NAMES[s]}: {cost}"))
            else:
                who = colour_label(state, occupant)
                out.append(_titled(_circle(x, y + 13, 11, colour_fill(occupant), stroke=INK, class_="minion") + _text(x, y + 17, who, 9, text_anchor="middle", fill="#ffffff", font_weight="bold"), f"{spec.name} {SLOT_NAMES[s]}: {who} ({cost})"))
        r = state.resolution
        if phase == "resolution" and r is not None and r.space == action.index:
            out.append(_text(296, y + 17, "◀", 12, text_anchor="end", fill="#d32f2f", class_="acting"))

    # Tavern and room shop.
    x0 = 324
    out.append(_text(x0, top + 12, "Tavern", 12, font_weight="bold"))
    for i, key in enumerate(state.tavern):
        out.append(_titled(_rect(x0 + i * 100, top + 18, 94, 26, "#e3f2fd", stroke=INK, rx=4) + _text(x0 + i * 100 + 47, top + 35, monster_name(key), 11, text_anchor="middle", class_="tavern"), monster_name(key)))
    out.append(_text(x0, top + 64, "Room shop", 12, font_weight="bold"))
    for i, key in enumerate(state.room_shop):
        kind = ROOMS.get(key)
        fill = ROOM_FILL.get(kind.produce, "#dddddd") if kind is not None else "#dddddd"
        out.append(_titled(_rect(x0 + i * 150, top + 70, 144, 26, fill, stroke=INK, rx=4) + _text(x0 + i * 150 + 72, top + 87, room_name(key), 11, text_anchor="middle", class_="shop"), f"{room_name(key)}: {kind.effect if kind else ''}"))

    # Events of the year, adventurers, combat cards.
    y = top + 118
    events = [f"{SEASONS[i]} {_event_name(e)}" for i, e in enumerate(state.events) if e is not None]
    out.append(_text(x0, y, "Events: " + (", ".join(events) if events else "-"), 10, class_="events"))
    for dy, what, keys in ((16, "now", state.adventurers_now), (32, "next", state.adventurers_next)):
        short = ", ".join(_short_adventurer(k) for k in keys) or "-"
        full = ", ".join(adventurer_label(k) for k in keys) or "none"
        out.append(_titled(_text(x0, y + dy, f"Adventurers {what}: {short}", 10, class_="adventurers"), f"adventurers {what}: {full}"))
    cards = _combat_cards(state)
    out.append(_text(x0, y + 50, "Combat cards", 10))
    for i, card in enumerate(cards):
        known = card is not None and card != HIDDEN
        name = COMBAT_CARDS[card].name if known and card in COMBAT_CARDS else str(card)
        label = f"{i + 1} {name}" if known else f"{i + 1} ?"
        cx, cy = x0 + 76 + (i % 2) * 118, y + 38 + (i // 2) * 20  # two by two: a name fits
        out.append(_titled(_rect(cx, cy, 114, 18, "#fff8e1" if known else "#455a64", stroke=INK, rx=3, class_="combat-card-known" if known else "combat-card-face-down") + _text(cx + 57, cy + 13, label[:22], 9, text_anchor="middle", fill=INK if known else "#ffffff"), f"combat card {i + 1}: {combat_card_text(card)}"))

    # The evil track: spaces 1..15, the paladin line, markers, the paladin.
    ty = 330
    span = EVIL_MAX.value - EVIL_MIN.value + 1
    step = (BOARD_W - 40) / span
    out.append(_text(10, ty - 8, "Evil track", 11, font_weight="bold"))
    for i in range(span):
        value = EVIL_MIN.value + i
        x = 20 + i * step
        fill = "#ef9a9a" if value >= PALADIN_SPACE.value else "#e0e0e0"
        out.append(_rect(x, ty, step - 2, 24, fill, stroke="#9e9e9e"))
        out.append(_text(x + step / 2 - 1, ty + 16, str(value), 10, text_anchor="middle", fill="#616161"))
    markers: dict[int, list[tuple[str, str]]] = {}
    for seat, p in enumerate(state.players):
        markers.setdefault(p.evil, []).append((seat_label(seat), colour_fill(seat)))
    if state.dummy_evil is not None:
        markers.setdefault(state.dummy_evil, []).append(("D", "#9e9e9e"))
    for value, ms in markers.items():
        x = 20 + (value - EVIL_MIN.value) * step + step / 2 - 1
        for k, (label, fill) in enumerate(ms):
            cy = ty + 40 + k * 20
            out.append(_titled(_circle(x, cy, 9, fill, stroke=INK, class_="evil-marker") + _text(x, cy + 3.5, label, 8, text_anchor="middle", fill="#ffffff"), f"{label}: evil {value}"))
    if state.paladin is not None:
        value = state.players[state.paladin].evil
        x = 20 + (value - EVIL_MIN.value) * step + step / 2 - 1
        where = f"the paladin attacks {seat_label(state.paladin)}"
    else:
        x = BOARD_W - 50
        gone = paladin_whereabouts(state)  # LIB-RY-1: in a prison, gone, or still waiting
        where = "the paladin waits (nobody has reached the paladin line)" if gone == "paladin waits" else "the " + gone.replace("paladin ", "paladin is ", 1)
    label = "paladin" if state.paladin is not None else "paladin (waiting)" if where.startswith("the paladin waits") else "paladin (gone)"
    out.append(_titled(
        f"<polygon points='{x:g},{ty - 16:g} {x - 8:g},{ty - 2:g} {x + 8:g},{ty - 2:g}' fill='#fdd835' stroke='{INK}' class='paladin'/>"
        + _text(x - 12, ty - 5, label, 9, text_anchor="end", fill="#616161"),
        where,
    ))  # fmt: skip
    return out


def board(state: GameState, *, movers: Sequence[int] | None = None) -> str:
    """The SVG of the central board (see the module docstring). ``movers``:
    who is to move, when ``state`` is a seat's projection (``views.view``)."""
    label = f"The central board, year {state.year} {state.season}, {phase_name(state)}"
    return _svg(BOARD_W, BOARD_H, _board_body(state, movers), label)


# --- the panel between the board and the dungeons (svg_battle) -------------------------------


def battle(state: GameState, seat: int | None = None) -> str:
    """The SVG of the combat in progress (``svg_battle.battle``; CMB-REF-1).
    Raises ``ValueError`` outside combat."""
    from dlrules.display.svg_battle import battle as draw

    return draw(state, seat)


# --- the whole position -------------------------------------------------------------------


def position(state: GameState, seat: int | None = None, *, movers: Sequence[int] | None = None) -> str:
    """The SVG of the whole position: the central board above every player's
    dungeon; with ``seat``, only what that seat may see. ``movers``: who is
    to move, when ``state`` is already a projection (``views.view``'s
    ``to_move``); else read from ``state`` before it is redacted."""
    if movers is None:
        movers = _movers(state)
    shown = _shown(state, seat)
    n = shown.n_players
    width = max(BOARD_W, n * (DUNGEON_W + 10) + 10)
    body = [_group((width - BOARD_W) / 2, 0, _board_body(shown, movers))]
    top = BOARD_H + 10
    from dlrules.display.svg_battle import BATTLE_H, BATTLE_W, _battle_body, _score_body, _score_lines

    sheet = _score_lines(shown)
    if sheet:  # the game is over: the score sheet, the titles and the winners (SCO-1..SCO-3)
        height = 40 + 15 * len(sheet)
        frame = _rect(0, 0, BATTLE_W, height, "#ffffff", stroke="#9e9e9e")
        body.append(f"<g class='scores' transform='translate({(width - BATTLE_W) / 2:g},{top:g})'>" + frame + "".join(_score_body(sheet)) + "</g>")
        top += height + 10
    elif shown.fight is not None:  # during combat, the battle between the board and the dungeons
        frame = _rect(0, 0, BATTLE_W, BATTLE_H, "#ffffff", stroke="#9e9e9e")
        body.append(f"<g class='battle' transform='translate({(width - BATTLE_W) / 2:g},{top:g})'>" + frame + "".join(_battle_body(shown)) + "</g>")
        top += BATTLE_H + 10
    for i in range(n):
        frame = _rect(0, 0, DUNGEON_W, DUNGEON_H, "#ffffff", stroke="#9e9e9e")
        body.append(f"<g class='dungeon' id='dungeon-{i + 1}' transform='translate({10 + i * (DUNGEON_W + 10):g},{top:g})'>" + frame + "".join(_dungeon_body(shown, i)) + "</g>")
    who = f", as {seat_label(seat)} sees it" if seat is not None else ""
    label = f"Dungeon Lords, year {shown.year} {shown.season}, {phase_name(shown)}{who}"
    return _svg(width, top + DUNGEON_H + 10, body, label)


plug_in("svg", position)  # state._repr_svg_: the state's socket (docs/architecture.md, "Floors")

__all__ = ["COLOURS", "battle", "board", "dungeon", "position"]
