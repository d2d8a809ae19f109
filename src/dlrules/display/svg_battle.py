"""The panel a position's picture shows between the central board and the
dungeons (``svg.position``): during combat the battle (``battle``, also
``svg.battle``), at the end of the game the score sheet, the titles and the
winners. Drawn with ``dlrules.display.svg``'s primitives; the battle's words are the
text view's (``render.combat_lines``: ``BATTLE_STEPS``, ``combat_defender``)."""

from __future__ import annotations

from dlrules.components import ROOMS
from dlrules.core.dungeon import COLUMNS, ROWS, square_name
from dlrules.display.render import (
    BATTLE_STEPS,
    _combat_cards,
    adventurer_label,
    combat_defender,
    hit_points_text,
    monster_name,
    room_code,
    room_name,
    seat_label,
    trap_name,
)
from dlrules.core.state import GameState
from dlrules.display.svg_draw import INK, ROCK, ROOM_FILL, TUNNEL, _circle, _food_tokens, _rect, _shown, _svg, _text, _titled
from dlrules.records.views import HIDDEN

BATTLE_W = 640
BATTLE_H = 312
def _battle_body(state: GameState) -> list[str]:
    from dlrules.components import COMBAT_CARDS
    from dlrules.core.phases.combat import hit_points, is_illusion, is_paladin, party

    f = state.fight
    assert f is not None
    out: list[str] = []
    seat = combat_defender(state)
    b = f.battle
    out.append(_rect(0, 0, BATTLE_W, 28, "#6d1b1b"))
    out.append(_text(10, 19, f"Combat round {f.round} of 4", 14, fill="#ffffff", font_weight="bold", class_="combat-round"))
    stage = {"plan": "planning", "reveal": "combat card turned up", "battle": "battles", "over": "combat over"}.get(f.stage, f.stage)
    out.append(_text(190, 19, stage, 12, fill="#ffcdd2", class_="stage"))
    if seat is not None:
        doing = "defends" if b is not None else ("plans" if f.stage == "plan" else "is next")
        out.append(_text(BATTLE_W - 10, 19, f"{seat_label(seat)} {doing}", 13, fill="#ffffff", text_anchor="end", font_weight="bold", class_="defender"))

    # The round's combat card (CMB-CARD-7: face up once the round begins).
    cards = _combat_cards(state)
    key = cards[f.round - 1] if 0 < f.round <= len(cards) else None
    card = COMBAT_CARDS.get(key) if key is not None and key != HIDDEN else None
    out.append(_text(10, 46, "Combat card", 10, fill="#555555"))
    if card is not None:
        face = _rect(10, 52, 150, 62, "#fff8e1", stroke=INK, rx=5, class_="combat-card")
        face += _text(85, 70, card.name, 11, text_anchor="middle", font_weight="bold")
        face += _text(85, 86, f"fatigue {card.fatigue}", 10, text_anchor="middle", class_="fatigue")
        face += _text(85, 102, f"{card.speed.value} spell" if card.spell != "none" else "text unknown", 9, text_anchor="middle")
        out.append(_titled(face, f"combat card {f.round}: {card.name}, fatigue {card.fatigue}, {card.speed.value}: {card.effect}"))
    else:
        face = _rect(10, 52, 150, 62, "#455a64", stroke=INK, rx=5, class_="combat-card-hidden")
        face += _text(85, 88, f"{f.round} ?", 14, text_anchor="middle", fill="#ffffff")
        out.append(_titled(face, f"combat card {f.round}: not turned up yet"))

    # The battle's steps, the current one marked.
    out.append(_text(180, 46, "Battle steps", 10, fill="#555555"))
    for i, (name, words) in enumerate(BATTLE_STEPS):
        x = 180 + i * 90
        now = b is not None and b.step == name
        out.append(_titled(_rect(x, 52, 84, 20, "#ffca28" if now else "#eceff1", stroke=INK if now else "#b0bec5", rx=3, class_="step-current" if now else "step")
                           + _text(x + 42, 66, words, 10, text_anchor="middle", font_weight="bold" if now else None), f"{i + 1}. {words}" + (" (now)" if now else "")))  # fmt: skip
    if b is None:
        out.append(_text(180, 90, "no battle in progress", 10, fill="#757575", class_="no-battle"))
    if seat is None:
        return out
    p = state.players[seat]
    plan = f.plans[seat] if 0 <= seat < len(f.plans) else None

    # The defender's dungeon, the battle tile highlighted.
    cell = 24
    gx, gy = 22, 140
    out.append(_text(10, 132, f"{seat_label(seat)}'s dungeon", 10, fill="#555555"))
    for r in range(ROWS):
        for c in range(COLUMNS):
            x, y = gx + c * cell, gy + r * cell
            tile = p.dungeon.at((r, c))
            name = square_name((r, c))
            if tile is None:
                out.append(_titled(_rect(x, y, cell, cell, ROCK, stroke="#3e342a"), f"{name}: rock"))
                continue
            if tile.room is None:
                body, what = _rect(x, y, cell, cell, TUNNEL, stroke="#8d7b5a"), "tunnel"
            else:
                room_kind = ROOMS.get(tile.room)
                fill = ROOM_FILL.get(room_kind.produce, "#dddddd") if room_kind is not None else "#dddddd"
                body = _rect(x + 1, y + 1, cell - 2, cell - 2, fill, stroke=INK, rx=3) + _text(x + cell / 2, y + cell / 2 + 4, room_code(tile.room), 9, text_anchor="middle")
                what = room_name(tile.room)
            if tile.conquered:
                body += f"<path d='M{x + 4:g},{y + 4:g} L{x + cell - 4:g},{y + cell - 4:g} M{x + cell - 4:g},{y + 4:g} L{x + 4:g},{y + cell - 4:g}' stroke='#b71c1c' stroke-width='2' class='conquered'/>"
                what += " (conquered)"
            out.append(_titled(body, f"{name}: {what}"))
    if plan is not None:
        r, c = plan.tile
        out.append(_titled(_rect(gx + c * cell - 2, gy + r * cell - 2, cell + 4, cell + 4, "none", stroke="#ff1744", stroke_width=3, rx=3, class_="battle-tile"), f"battle tile {square_name(plan.tile)}"))
        out.append(_text(gx, gy + ROWS * cell + 16, f"battle at {square_name(plan.tile)}", 10, class_="battle-square"))

    # The party in order, entrance first (the paladin marked), hit points and damage.
    x0 = 180
    out.append(_text(x0, 112, "Party (entrance first)", 10, fill="#555555"))
    members = party(state, seat)
    for i, adv in enumerate(members):
        x = x0 + 20 + i * 52
        y = 140
        paladin = is_paladin(adv)
        label = "illusion" if is_illusion(adv) else adventurer_label(adv.key)
        kind = label.split()[0]
        hp = hit_points(adv)
        token = _circle(x, y, 18, "#fff3c4" if paladin else "#ffffff", stroke="#f9a825" if paladin else INK, stroke_width=3 if paladin else 1.5, class_="paladin-token" if paladin else "adventurer")
        token += _text(x, y + 4, kind[:3].capitalize(), 10, text_anchor="middle", font_weight="bold")
        token += _text(x, y + 32, f"HP {hp}", 9, text_anchor="middle", class_="hp")
        token += _food_tokens(adv, x - 15, y + 14)
        token += _text(x - 15, y - 14, str(i + 1), 8, text_anchor="middle", fill="#555555")
        if adv.damage:
            token += _circle(x + 14, y + 13, 8, "#d32f2f")
            token += _text(x + 14, y + 16.5, str(adv.damage), 10, text_anchor="middle", fill="#ffffff", class_="damage")
        out.append(_titled(token, f"{i + 1}. {label}, {hit_points_text(adv)}" + (f", {adv.damage} damage" if adv.damage else "")))
    if not members:
        out.append(_text(x0, 140, "no party left", 10, fill="#757575"))

    # The planned trap cards (face down "?" for a seat that may not see them).
    traps = b.traps if b is not None else (plan.traps if plan is not None else ())
    y = 200
    out.append(_text(x0, y - 6, "Traps still to go off" if b is not None else "Planned traps", 10, fill="#555555"))
    for i, t in enumerate(traps):
        x = x0 + i * 96
        hidden = t == HIDDEN
        face = _rect(x, y, 90, 22, "#455a64" if hidden else "#fff8e1", stroke=INK, rx=4, class_="planned-trap-hidden" if hidden else "planned-trap")
        face += _text(x + 45, y + 15, "?" if hidden else trap_name(t)[:15], 9, text_anchor="middle", fill="#ffffff" if hidden else INK)
        out.append(_titled(face, "a planned trap card, face down" if hidden else f"planned trap: {trap_name(t)}"))
    if not traps:
        out.append(_text(x0, y + 15, "-", 10))
    if plan is not None and plan.gold:
        out.append(_text(BATTLE_W - 10, y - 6, f"{plan.gold} gold from the room on the traps", 10, text_anchor="end", class_="trap-gold"))

    # The monsters sent: ready or knocked out; those that have acted.
    sent = plan.monsters if plan is not None else ()
    y = 250
    out.append(_text(x0, y - 6, "Monsters sent", 10, fill="#555555"))
    waiting = set(b.sent) if b is not None else set(sent)
    for i, index in enumerate(sent):
        m = p.monsters[index] if 0 <= index < len(p.monsters) else None
        x = x0 + i * 96
        name = monster_name(m.kind) if m is not None else f"monster {index + 1}"
        ready = m is not None and m.ready
        word = "ready" if ready else "knocked out"
        if index not in waiting:
            word += ", has acted"
        face = _rect(x, y, 90, 22, "#e3f2fd" if ready else "#cfd8dc", stroke=INK, rx=4, stroke_dasharray=None if ready else "4 2", class_="sent-monster" if ready else "sent-monster-out")
        face += _text(x + 45, y + 15, name[:14], 10, text_anchor="middle", fill=INK if ready else "#607d8b")
        out.append(_titled(face, f"{name}: {word}"))
    if not sent:
        out.append(_text(x0, y + 15, "-", 10))

    # Every seat's plan for this round (the trap cards face down for other seats).
    y = 300
    made = []
    for s, other in enumerate(f.plans):
        if other is None:
            continue
        names = ", ".join("?" if t == HIDDEN else trap_name(t) for t in other.traps)
        made.append(f"{seat_label(s)} at {square_name(other.tile)}" + (f" (traps {names})" if names else ""))
    text = "Plans this round: " + ("; ".join(made) if made else "none yet")
    out.append(_titled(_text(10, y, text[:110], 10, class_="plans"), text))
    return out


def battle(state: GameState, seat: int | None = None) -> str:
    """The SVG of the combat in progress (CMB-REF-1): the combat round and its
    combat card, the battle's steps (the current one marked), the defender's
    dungeon with the battle tile highlighted, the party in order with hit
    points and damage (the paladin ringed in gold), the planned trap cards
    (face down for a ``seat`` that may not see them, CMB-PLAN-9) and the
    monsters sent (ready or knocked out). Raises ``ValueError`` outside combat."""
    shown = _shown(state, seat)
    if shown.fight is None:
        raise ValueError("there is no combat in progress to draw (state.fight is None)")
    who = f", as {seat_label(seat)} sees it" if seat is not None else ""
    label = f"Combat, year {shown.year} round {shown.fight.round}{who}"
    return _svg(BATTLE_W, BATTLE_H, _battle_body(shown), label)


def _score_lines(state: GameState) -> list[str]:
    """The score sheet's lines at the end of the game (``scoresheet``), else none."""
    from dlrules.core.phases.scoring import outcome
    from dlrules.display.scoresheet import score_sheet

    result = outcome(state) if state.phase.value == "game_over" else None
    return score_sheet(result).splitlines() if result is not None else []


def _score_body(lines: list[str]) -> list[str]:
    """The final scores panel: the sheet in a fixed-width font, the verdict in bold."""
    out = [_rect(0, 0, BATTLE_W, 28, "#1b5e20"), _text(10, 19, "Final scores", 14, fill="#ffffff", font_weight="bold", class_="final-scores")]
    *table, verdict = lines
    width = max(len(line) for line in table) if table else 1
    size = min(11.0, (BATTLE_W - 20) / (0.62 * width))  # a monospace glyph is about 0.6 em wide
    for i, line in enumerate(table):
        out.append(_text(10, 46 + 15 * i, line, size, font_family="DejaVu Sans Mono, Menlo, Consolas, monospace", xml_space="preserve", class_="score-row"))
    out.append(_text(10, 46 + 15 * len(table) + 4, verdict, 13, font_weight="bold", fill="#1b5e20", class_="winners"))
    return out


