"""A position as text for a referee: ``describe(state)`` or ``str(state)``
(docs/render.md).

Compact and complete: where the game stands and who is to move, the central
board slot by slot, the tavern, the room shop, events, adventurers, combat
cards, the evil track, then each player: resources, hand, played orders, lair,
traps, the dungeon as a small grid (squares named as in LIB-TV-2: column
letters A..E, rows 1..4 from the surface), the party queue with damage and the
prison; then the dummies. ``describe(state, seat=k)`` shows only what seat
``k`` may see (``views.redact``): other players' traps as a count, unseen
combat cards as ``?``, secret choices as "chosen".

Everything counts from 1 for people (LIB-TV-2). The renderer only reads the
state: it knows nothing of rules, and tolerates phases and fields it does not
know (a phase added later is printed by its name).
"""

from __future__ import annotations

from typing import Any

from dlrules.components import ADVENTURERS, COMBAT_CARDS, MONSTERS, PALADINS, ROOMS, SLOT_NAMES, SPACES, TRAPS, Action
from dlrules.components.cards import EVENTS, SPECIAL_EVENTS
from dlrules.components.setup import EVIL_MAX, EVIL_MIN, PALADIN_SPACE
from dlrules.dungeon import COLUMN_LETTERS, COLUMNS, ENTRANCE, ROWS, square_name
from dlrules.state import CHANCE, TABLE, Adventurer, GameState, Monster, Outcome, PlayerState, Tile, plug_in
from dlrules.views import HIDDEN, REFEREE, PlayerView, Viewer

# --- names for people ---------------------------------------------------------------------


def seat_label(seat: int) -> str:
    """``P1`` for seat 0 (LIB-TV-2); ``chance`` for the seat of chance,
    ``table`` for the table's (LIB-TAB-8)."""
    return "chance" if seat == CHANCE else "table" if seat == TABLE else f"P{seat + 1}"


def colour_label(state: GameState, colour: int) -> str:
    """``P2`` for a player's colour, ``D4`` for a dummy's (colours count from 1)."""
    return f"P{colour + 1}" if colour < state.n_players else f"D{colour + 1}"


def monster_name(key: str) -> str:
    kind = MONSTERS.get(key)
    return kind.name if kind is not None else key


def room_name(key: str) -> str:
    kind = ROOMS.get(key)
    return kind.name if kind is not None else key


def trap_name(key: str) -> str:
    kind = TRAPS.get(key)
    return kind.name if kind is not None else key


def room_code(key: str) -> str:
    """Two letters for a room in the dungeon grid: the initials of a two-word
    name (Chicken Coop: ``CC``), else its first two letters (Mint: ``Mi``)."""
    words = room_name(key).replace("-", " ").split()
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return (words[0][:2] if words else key[:2]).capitalize()


def card_name(deck: str, key: str) -> str:
    """The name people read for card ``key`` of ``deck`` (a monster, room,
    trap, adventurer, event tile, combat or special event card); never a
    placeholder key: the special event cards with no known name read
    "a special event card the referee cannot read"."""
    if deck == "special":
        card = SPECIAL_EVENTS.get(key)
        return card.name if card is not None else key
    if deck == "combat":
        found = COMBAT_CARDS.get(key)
        return found.name if found is not None else key
    names = {"monsters": monster_name, "rooms": room_name, "traps": trap_name, "adventurers": adventurer_label, "events": _event_name}
    return names[deck](key) if deck in names else key


def combat_card_name(key: str | None) -> str:
    """``fatigue 2`` for a known combat card, ``?`` for one not seen."""
    if key is None or key == HIDDEN:
        return "?"
    card = COMBAT_CARDS.get(key)
    return f"fatigue {card.fatigue}" if card is not None else key


def adventurer_label(key: str) -> str:
    """``wizard HP3 2 crystals``, ``paladin HP5``: class, hit points, power."""
    tile = ADVENTURERS.get(key)
    if tile is not None:
        power = {"thief": "anti-trap", "priest": "heart", "wizard": "crystal"}.get(tile.cls.value)
        extra = f" {tile.power} {power}{'s' if tile.power != 1 else ''}" if power else ""
        return f"{tile.cls.value} HP{tile.hp}{extra}"
    for paladin in PALADINS.values():
        if paladin.key == key:
            return f"paladin HP{paladin.hp}"
    return key


def adventurer_hp(key: str) -> int | None:
    tile = ADVENTURERS.get(key)
    if tile is not None:
        return tile.hp
    for paladin in PALADINS.values():
        if paladin.key == key:
            return paladin.hp
    return None


def queue(state: GameState, seat: int) -> tuple[Adventurer, ...]:
    """The party queue at ``seat``'s entrance, the paladin in front when he
    attacks this dungeon (LIB-ADV-1)."""
    from dlrules.phases.adventurers import party_queue

    try:
        return party_queue(state, seat)
    except (KeyError, IndexError):  # a year without a paladin tile: the party alone
        return state.players[seat].party


def phase_name(state: GameState) -> str:
    return str(getattr(state.phase, "value", state.phase)).replace("_", " ")


def _who_moves(state: GameState) -> tuple[int, ...]:
    from dlrules.engine import to_move

    try:
        return tuple(sorted(to_move(state)))
    except Exception:  # noqa: BLE001 - a redacted or hand-made position: say nothing
        return ()


def _acting(state: GameState) -> str | None:
    """The action space and slot acting now during resolution, e.g. ``Build Room II``."""
    r = state.resolution
    if r is None or not 0 <= r.space < len(SPACES) or not 0 <= r.slot < len(SLOT_NAMES):
        return None
    return f"{SPACES[r.space].name} {SLOT_NAMES[r.slot]}"


# --- the dungeon grid ---------------------------------------------------------------------


def cell(tile: Tile | None) -> str:
    """Three characters for a square: ``.`` empty, ``#`` tunnel, a room's
    code; ``x`` after a conquered tile (``#x``, ``CCx``)."""
    if tile is None:
        return " . "
    mark = "x" if tile.conquered else " "
    if tile.room is None:
        return f" #{mark}"
    return f"{room_code(tile.room)}{mark}"


def dungeon_lines(player: PlayerState) -> list[str]:
    """The 5x4 grid with column letters and row numbers; ``v`` marks the entrance."""
    entrance = "    " + "".join(" v " if c == ENTRANCE[1] else "   " for c in range(COLUMNS))
    head = "    " + "".join(f" {COLUMN_LETTERS[c]} " for c in range(COLUMNS))
    lines = [head.rstrip(), entrance.rstrip()]
    for r in range(ROWS):
        lines.append((f"  {r + 1} " + "".join(cell(player.dungeon.at((r, c))) for c in range(COLUMNS))).rstrip())
    return lines


# --- sections -----------------------------------------------------------------------------


def _names(keys: tuple[str, ...], name: Any) -> str:
    return ", ".join(name(k) for k in keys) or "-"


def _monster(m: Monster) -> str:
    return monster_name(m.kind) + ("" if m.ready else " (knocked out)")


def _adventurer(a: Adventurer) -> str:
    text = adventurer_label(a.key)
    return text + (f" [{a.damage} damage]" if a.damage else "")


def _board_lines_wide(state: GameState) -> list[str]:
    width = max(len(s.name) for s in SPACES)
    lines = [f"  {'':<{width}}  I    II   III"]
    for action in Action:
        slots = state.board[action.index] if action.index < len(state.board) else ()
        marks = [colour_label(state, c) if c is not None else "." for c in slots]
        lines.append(f"  {SPACES[action.index].name:<{width}}  " + " ".join(f"{m:<4}" for m in marks).rstrip())
    return lines


def paladin_whereabouts(state: GameState) -> str:
    """Where this year's paladin is when no lord holds him (PAL-1, CMB-END-2,
    Y2-9): in a prison, gone to the Distant Lands, or still in his tent."""
    key = PALADINS[state.year].key
    for seat, p in enumerate(state.players):
        if key in p.prison:
            return f"paladin in {seat_label(seat)}'s prison"
    if key in state.far_lands:
        return "paladin gone to the Distant Lands"
    return "paladin waits"


def _evil_line(state: GameState) -> str:
    marks = [f"{seat_label(s)} {p.evil}" for s, p in enumerate(state.players)]
    if state.dummy_evil is not None:
        marks.append(f"dummies {state.dummy_evil}")  # one marker for both dummies (ADV-2P-2)
    paladin = f"paladin attacks {seat_label(state.paladin)}" if state.paladin is not None else paladin_whereabouts(state)
    return f"Evil ({EVIL_MIN.value}-{EVIL_MAX.value}, paladin line {PALADIN_SPACE.value}): " + ", ".join(marks) + f"; {paladin}"


def _event_name(key: str | None) -> str:
    if key is None:
        return "?"
    tile = EVENTS.get(key)
    return tile.name if tile is not None else key


def _round_lines(state: GameState) -> list[str]:
    lines = [f"Tavern: {_names(state.tavern, monster_name)}.  Room shop: {_names(state.room_shop, room_name)}."]
    events = [
        f"{season} {_event_name(e)}" for season, e in zip(("winter", "spring", "summer", "autumn"), state.events) if e is not None
    ]
    if events:
        special = ""
        if state.special_event is not None:
            card = SPECIAL_EVENTS.get(state.special_event)
            special = f" (special event card: {card.name if card else state.special_event})"
        lines.append("Events: " + ", ".join(events) + special + ".")
    if state.adventurers_now:
        lines.append(f"Adventurers this round: {_names(state.adventurers_now, adventurer_label)}.")
    if state.adventurers_next:
        lines.append(f"Adventurers next round: {_names(state.adventurers_next, adventurer_label)}.")
    cards = ", ".join(f"{i + 1} {combat_card_name(c)}" for i, c in enumerate(_combat_cards(state)))
    if cards:
        lines.append(f"Combat cards: {cards}.")
    if state.far_lands:
        lines.append(f"Far lands: {len(state.far_lands)} tiles.")
    return lines


def _combat_cards(state: GameState) -> tuple[str | None, ...]:
    """The year's face-down combat cards (None: not seen); tolerant of a
    combat record that replaces the tuple in a later version."""
    cards = getattr(state, "combat", ())
    if isinstance(cards, tuple) and all(c is None or isinstance(c, str) for c in cards):
        return cards
    return ()


def _played(state: GameState, p: PlayerState) -> str:
    parts = []
    for o in p.played:
        where = SLOT_NAMES[o.slot] if o.slot is not None and 0 <= o.slot < len(SLOT_NAMES) else "card"
        done = {Outcome.PENDING: "", Outcome.CARRIED_OUT: " done", Outcome.NOT_CARRIED_OUT: " not carried out"}.get(o.outcome, "")
        parts.append(f"{o.action.value} {where}{done}")
    return ", ".join(parts)


def _traps(p: PlayerState) -> str:
    if not p.traps:
        return "no traps"
    if all(t == HIDDEN for t in p.traps):
        return f"{len(p.traps)} trap{'s' if len(p.traps) != 1 else ''} (hidden)"
    return f"traps: {_names(p.traps, lambda k: '?' if k == HIDDEN else trap_name(k))}"


def _player_lines(state: GameState, seat: int, chosen: bool | None) -> list[str]:
    p = state.players[seat]
    first = " (first player)" if seat == state.first_player else ""
    imps = f"{p.imps} imps ({p.free_imps} free)" if p.free_imps != p.imps else f"{p.imps} imps"
    extra = f", {p.damage_tokens} damage tokens" if p.damage_tokens else ""
    head = f"{seat_label(seat)}{first}: {p.gold} gold, {p.food} food, {imps}, evil {p.evil}{extra}; {_traps(p)}"
    info = [
        f"hand: {','.join(a.value for a in p.hand) or '-'}",
        f"unavailable: {','.join(a.value for a in p.unavailable) or '-'}",
    ]
    if p.committed is not None:
        info.append(f"chosen: {','.join(a.value for a in p.committed)} (secret)")
    elif chosen:
        info.append("has chosen orders (secret)")
    if p.dealt and p.kept is None:
        info.append(f"dealt: {','.join(a.value for a in p.dealt)} (secret)")
    if p.dummy_choice is not None:
        info.append(f"dummy's third: {p.dummy_choice.value} (secret)")
    if p.kept is not None:
        info.append(f"keeps unavailable: {','.join(a.value for a in p.kept)} (secret)")
    if p.played:
        info.append(f"played: {_played(state, p)}")
    info.append(f"lair: {', '.join(_monster(m) for m in p.monsters) or '-'}")
    party = queue(state, seat)
    if party or p.prison:
        info.append(f"party: {', '.join(_adventurer(a) for a in party) or '-'}")
        info.append(f"prison: {_names(p.prison, adventurer_label)}")
    rooms = [f"{room_code(t.room)}={room_name(t.room)} {square_name(t.square)}" for t in p.dungeon.rooms if t.room]
    if rooms:
        info.append("rooms: " + ", ".join(rooms))
    grid = dungeon_lines(p)
    width = max(len(g) for g in grid)
    lines = [head]
    for i in range(max(len(grid), len(info))):
        left = grid[i] if i < len(grid) else ""
        right = info[i] if i < len(info) else ""
        lines.append(f"  {left:<{width}}   {right}".rstrip())
    return lines


def describe_lines(state: GameState | PlayerView, seat: int | None = None) -> list[str]:
    """``describe`` as a list of lines."""
    chosen: tuple[bool, ...] = ()
    if isinstance(state, PlayerView):
        chosen = state.orders_chosen
        seat = state.seat
        shown = state.state
        movers: tuple[int, ...] = state.to_move
    else:
        movers = _who_moves(state)
        if seat is not None:
            from dlrules.views import redact

            chosen = tuple(p.committed is not None for p in state.players)
            shown = redact(state, seat)
        else:
            shown = state
    s = shown
    title = f"Year {s.year}, {s.season} (round {s.round}): {phase_name(s)}"
    acting = _acting(s) if getattr(s.phase, "value", "") == "resolution" else None
    if acting:
        title += f", {acting} acting"
    if seat is not None:
        title += f" — as {seat_label(seat)} sees it"
    lines = [title]
    lines.append("To move: " + (", ".join(seat_label(m) for m in movers) if movers else "nobody"))
    lines.append("Board (slots I, II, III; . is empty):")
    lines.extend(_board_lines_wide(s))
    lines.extend(_round_lines(s))
    lines.append(_evil_line(s))
    for i in range(s.n_players):
        lines.extend(_player_lines(s, i, chosen[i] if i < len(chosen) else None))
    for d in s.dummies:
        drawn = f"; drawn {','.join(a.value for a in d.drawn)}" if d.drawn else ""
        third = f"; third {d.third.value}" if d.third is not None else ""
        who = f" (P{d.responsible + 1} chooses its third order)" if d.responsible is not None else ""
        lines.append(f"Dummy D{d.colour + 1}{who}: unavailable {','.join(a.value for a in d.unavailable) or '-'}{drawn}{third}")
    lines.extend(_outcome_lines(s))
    return lines


def _outcome_lines(state: GameState) -> list[str]:
    """At the end of the game, the score sheet (``dlrules.scoresheet``), when
    this version scores games; nothing before."""
    try:
        from dlrules.phases.scoring import outcome
        from dlrules.scoresheet import score_sheet
    except ImportError:  # pragma: no cover - a version without scoring
        return []
    result = outcome(state)
    return ["Final scores:", *score_sheet(result).splitlines()] if result is not None else []


def describe(state: GameState | PlayerView, seat: int | None = None) -> str:
    """The position as text for a referee (everything in ``state``), or, with
    ``seat``, only what that seat may see (``views.redact``). A ``PlayerView``
    is shown as its seat sees it. ``str(state)`` is ``describe(state)``."""
    return "\n".join(describe_lines(state, seat))


plug_in("text", describe)  # str(state): the state's socket (docs/architecture.md, "Floors")


# --- moves in context ---------------------------------------------------------------------


def _orders_text(actions: tuple[Action, ...]) -> str:
    return ", ".join(a.title for a in actions)


def _effects(before: GameState, after: GameState, seat: int) -> list[str]:
    """What the move changed for ``seat``: payments, gains, evil, imps, tiles,
    monsters, traps, the paladin (read from the two states, so it is exact
    whatever the rules did)."""
    if not 0 <= seat < before.n_players or after.n_players != before.n_players:
        return []
    p, q = before.players[seat], after.players[seat]
    out: list[str] = []
    paid = [f"{p.gold - q.gold} gold" for _ in (0,) if q.gold < p.gold] + [f"{p.food - q.food} food" for _ in (0,) if q.food < p.food]
    if paid:
        out.append("pays " + " and ".join(paid))
    gained = [f"{q.gold - p.gold} gold" for _ in (0,) if q.gold > p.gold] + [f"{q.food - p.food} food" for _ in (0,) if q.food > p.food]
    if gained:
        out.append("gains " + " and ".join(gained))
    if q.imps > p.imps:
        n = q.imps - p.imps
        out.append(f"gets {n} imp{'s' if n != 1 else ''}")
    old = {t.square: t for t in p.dungeon.tiles}
    for t in q.dungeon.tiles:
        was = old.get(t.square)
        if was is None:
            out.append(f"digs a tunnel at {square_name(t.square)}")
        elif t.room is not None and was.room is None:
            out.append(f"builds the {room_name(t.room)} at {square_name(t.square)}")
    hired = list(q.monsters)
    for m in p.monsters:
        if m in hired:
            hired.remove(m)
        else:
            out.append(f"the {monster_name(m.kind)} leaves")
    out.extend(f"hires the {monster_name(m.kind)}" for m in hired)
    busy = (q.busy_imps + q.foreimps) - (p.busy_imps + p.foreimps)
    if busy > 0:
        out.append(f"{busy} imp{'s' if busy != 1 else ''} at work")
    if len(q.traps) > len(p.traps):
        got = len(q.traps) - len(p.traps)
        out.append(f"gets {got} trap card{'s' if got != 1 else ''}")
    r = after.resolution
    if r is not None and r.draws and (before.resolution is None or not before.resolution.draws):
        out.append(f"draws {r.draws} trap card{'s' if r.draws != 1 else ''} next")
    if q.evil != p.evil:
        out.append(f"evil {p.evil} → {q.evil}")
    if q.damage_tokens > p.damage_tokens:
        out.append(f"takes {q.damage_tokens - p.damage_tokens} damage token(s)")
    if after.paladin == seat and before.paladin != seat:
        out.append("the paladin comes to attack this dungeon")
    return out


def _is(move: Any, *names: str) -> bool:
    """``move`` is of one of the named move classes (by name, so a class that
    another version adds, renames or removes never breaks the renderer)."""
    return type(move).__name__ in names


def describe_move(state: GameState, move: Any, seat: Viewer = REFEREE) -> str:
    """What ``move`` does in ``state``, for people, like chess's SAN:
    ``P3 takes Build Room II: pays 1 gold, builds the Magic Room at B3``.

    ``seat`` is whom the text is for: ``REFEREE`` (the default) may know
    everything; a seat (0-based) or ``None`` (a spectator) is told only what
    it may know: the text is made from ``views.seen_apply`` (the position
    before and after as that seat sees them, the move and the events
    projected for it), never from the full move (docs/views.md).

    The effects are read from the position the move leads to, so the text is
    exact whatever the rules did; an illegal move is described with the
    reason it is refused (to its own seat and the referee; to the others only
    that it is illegal)."""
    from dlrules.engine import check
    from dlrules.notation import format_seen_move
    from dlrules.views import project_move, seen_apply

    problems = check(state, move)
    if problems:
        if seat is REFEREE or move.seat == seat:
            return f"{format_seen_move(move, players=state.n_players)}: illegal: " + "; ".join(str(v) for v in problems)
        return f"{seat_label(move.seat)} makes an illegal move"
    before, shown, after, events = seen_apply(state, move, seat)
    return move_text(before, shown, after, events)


def move_text(before: GameState, move: Any, after: GameState, events: tuple[Any, ...]) -> str:
    """The words for a legal ``move`` from ``before`` to ``after`` with
    ``events``, all four as the reader may know them (``views.seen_apply``):
    hidden parts of the move (``"?"``, no orders, ``HIDDEN_POSITION``) are
    told as secret."""
    from dlrules.notation import format_seen_move

    state = before
    who = seat_label(move.seat)
    acting = _acting(state) or "the action"
    if _is(move, "TableRuling") and events:  # LIB-TAB-8: as the narration says it
        return str(events[0].text).rstrip(".").replace("The table", "the table", 1)
    if _is(move, "Draw"):
        if move.card == HIDDEN:
            return _secret_draw_text(before, move, after)
        names = {"monsters": monster_name, "rooms": room_name, "traps": trap_name, "adventurers": adventurer_label,
                 "events": _event_name, "combat": combat_card_name}  # fmt: skip
        name = names.get(move.deck, lambda k: SPECIAL_EVENTS[k].name if k in SPECIAL_EVENTS else k)(move.card)
        where = f" ({events[0].text.rstrip('.')})" if events and events[0].code != "phase" else ""
        return f"chance turns up {name} from the {move.deck} deck{where}"
    if _is(move, "DealOrders"):
        if not move.orders:
            return f"chance deals {colour_label(state, move.target)} orders to choose unavailable ones from (secret)"
        return f"chance deals {colour_label(state, move.target)} {_orders_text(move.orders)}"
    if _is(move, "DrawDummyOrders"):
        return f"chance draws dummy D{move.colour + 1}'s orders: {_orders_text(move.orders)}"
    if _is(move, "KeepUnavailable"):
        if not move.orders:
            return f"{who} chooses the orders kept unavailable (secret until all have chosen)"
        return f"{who} keeps {' and '.join(a.title for a in move.orders)} unavailable (secret until all have chosen)"
    if _is(move, "ChooseOrders"):
        if not move.orders:
            return f"{who} chooses their orders (secret until all have chosen)"
        text = f"{who} chooses {_orders_text(move.orders)}, first to third (secret until all have chosen)"
        return text + (f"; the dummy's third order: {move.dummy_order.title}" if move.dummy_order is not None else "")
    effects = _effects(state, after, move.seat)
    tail = (": " + ", ".join(effects)) if effects else ""
    if _is(move, "Decline"):
        return f"{who} declines {acting}: the minion stands on the order card{tail}"
    if _is(move, "TakeAction", "MineGold", "HireMonster", "BuildRoom"):
        return f"{who} takes {acting}{tail}"
    if _is(move, "Spy"):
        card = "a combat card" if move.position < 0 else f"combat card {move.position + 1}"
        return f"{who} takes {acting} and looks at {card}{tail}"
    if _is(move, "DigTunnel"):
        r = state.resolution
        verb = "takes " + acting if r is None or r.dug == 0 else "goes on digging"
        return f"{who} {verb}{tail}"
    if _is(move, "FinishDigging"):
        return f"{who} stops digging{tail}"
    if _is(move, "ActivateRoom"):
        tile = state.players[move.seat].dungeon.at(move.room)
        name = room_name(tile.room) if tile is not None and tile.room else "room"
        trolls = f" and {move.trolls} troll token{'s' if move.trolls != 1 else ''}" if move.trolls else ""
        return f"{who} staffs the {name} at {square_name(move.room)}{trolls}{tail}"
    if _is(move, "FinishProduction"):
        return f"{who} is done producing{tail}"
    if _is(move, "ReturnOrder"):
        return f"{who} takes back {move.action.title}{tail}"
    if _is(move, "PayMonster"):
        p = state.players[move.seat]
        name = monster_name(p.monsters[move.monster].kind) if 0 <= move.monster < len(p.monsters) else "monster"
        verb = f"pays the {name}'s upkeep" if move.pay else f"lets the {name} go"
        return f"{who} {verb}{tail}"
    if _is(move, "PayTaxes"):
        return f"{who} pays {move.gold} gold of the taxes{tail}"
    if _is(move, "DiscardTrap", "ReturnTrap"):
        if move.trap == HIDDEN:
            return f"{who} discards a trap card (face down){tail}"
        return f"{who} discards the {trap_name(move.trap)}{tail}"
    return f"{format_seen_move(move, players=state.n_players)}{tail}"  # a move added later: its notation


def move_caption(state: GameState, move: Any, seat: Viewer = REFEREE) -> str:
    """A move's notation and words for ``seat`` (``project_move`` and
    ``describe_move``): ``P2 plan E1 traps=? — …`` for another seat. An
    illegal move gets ``describe_move``'s words alone."""
    from dlrules.engine import check
    from dlrules.notation import format_seen_move
    from dlrules.views import project_move

    if check(state, move):
        return describe_move(state, move, seat)
    notation = format_seen_move(project_move(state, move, seat), players=state.n_players)
    return f"{notation} — {describe_move(state, move, seat)}"


def _secret_draw_text(before: GameState, move: Any, after: GameState) -> str:
    """A card chance draws for one other seat (``views.project_move``)."""
    if move.deck == "traps":
        gainer = next((s for s in range(before.n_players) if len(after.players[s].traps) > len(before.players[s].traps)), None)
        to = seat_label(gainer) if gainer is not None else "a player"
        return f"chance deals {to} a trap card (face down)"
    looker = _acting_seat(before)
    return f"chance turns up the combat card {seat_label(looker) if looker is not None else 'a player'} looks at (secret)"


def secret_move_text(state: GameState, move: Any, viewer: int) -> str | None:
    """What ``viewer`` (a seat; any other number: a spectator) may be told of
    a move whose content is hidden from them, or None when they may know all
    of it (``views.project_move`` says which; the words are
    ``describe_move``'s for that viewer)."""
    from dlrules.views import project_move

    seat = viewer if 0 <= viewer < state.n_players else None
    if project_move(state, move, seat) == move:
        return None
    return describe_move(state, move, seat)


def _acting_seat(state: GameState) -> int | None:
    from dlrules.phases.resolution import acting_seat

    try:
        return acting_seat(state)
    except Exception:  # noqa: BLE001 - not in resolution
        return None
