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

from dlrules.components import ADVENTURERS, COMBAT_CARDS, MONSTERS, PALADINS, SLOT_NAMES, SPACES, Action
from dlrules.components.cards import EVENTS, SPECIAL_EVENTS
from dlrules.components.setup import EVIL_MAX, EVIL_MIN, PALADIN_SPACE
from dlrules.core.dungeon import COLUMN_LETTERS, COLUMNS, ENTRANCE, ROWS, square_name
from dlrules.core.state import CHANCE, TABLE, Adventurer, GameState, Monster, Outcome, PlayerState, Tile, plug_in
from dlrules.records.views import HIDDEN, PlayerView
from dlrules.display.wording import monster_name as monster_name  # re-exported, like the two below: names every view uses
from dlrules.display.wording import room_name as room_name
from dlrules.display.wording import seat_label as seat_label
from dlrules.display.wording import trap_name as trap_name

# --- names for people ---------------------------------------------------------------------


def colour_label(state: GameState, colour: int) -> str:
    """``P2`` for a player's colour, ``D4`` for a dummy's (colours count from 1)."""
    return f"P{colour + 1}" if colour < state.n_players else f"D{colour + 1}"


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
    """A known combat card by its name, speed and fatigue (``Detect Evil (slow,
    fatigue 2)``); ``face down`` for one this view has not seen (CMB-CARD-7:
    until it is turned up, only those who looked at it know it)."""
    if key is None or key == HIDDEN:
        return "face down"
    card = COMBAT_CARDS.get(key)
    return f"{card.name} ({card.speed.value}, fatigue {card.fatigue})" if card is not None else key


def combat_card_text(key: str | None) -> str:
    """``combat_card_name`` with the card's text, for a line of its own."""
    card = COMBAT_CARDS.get(key) if key is not None else None
    return f"{combat_card_name(key)}: {card.effect}" if card is not None else combat_card_name(key)


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
    from dlrules.core.phases.adventurers import party_queue

    try:
        return party_queue(state, seat)
    except (KeyError, IndexError):  # a year without a paladin tile: the party alone
        return state.players[seat].party


def phase_name(state: GameState) -> str:
    return str(getattr(state.phase, "value", state.phase)).replace("_", " ")


def _who_moves(state: GameState) -> tuple[int, ...]:
    from dlrules.core.engine import to_move

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
    if a.food:  # C2-1: Create Food tokens add hit points for the rest of the combat
        text += f" +{a.food} Create Food token{'s' if a.food != 1 else ''}"
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
    cards = _combat_cards(state)
    if cards:
        lines.append("Combat cards (round: card):")
        lines.extend(f"  {i + 1}: {combat_card_text(c)}" for i, c in enumerate(cards))
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
    extra = f", {p.damage_tokens} red mark{'s' if p.damage_tokens != 1 else ''} (unpaid taxes)" if p.damage_tokens else ""
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
            from dlrules.records.views import redact

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
    lines.extend(combat_lines(s))
    lines.append(_evil_line(s))
    for i in range(s.n_players):
        lines.extend(_player_lines(s, i, chosen[i] if i < len(chosen) else None))
    lines.extend(_dummy_line(d) for d in s.dummies)
    lines.extend(_outcome_lines(s))
    return lines


BATTLE_STEPS: tuple[tuple[str, str], ...] = (
    ("trap", "traps"), ("fast", "fast spells"), ("monsters", "monsters"), ("slow", "slow spells"), ("heal", "healing"),
)  # fmt: skip
"""A battle's steps in order (CMB-4): ``Battle.step`` and its words (the SVG shows the same)."""

_STAGES = {"plan": "planning", "reveal": "the combat card is turned up", "battle": "battles", "over": "combat over"}


def combat_defender(state: GameState) -> int | None:
    """The seat whose battle is fought, or who plans, now (CMB-REF-1)."""
    f = state.fight
    if f is None:
        return None
    if f.battle is not None:
        return f.battle.seat
    order = state.player_order()
    return order[f.position] if 0 <= f.position < len(order) else None


def hit_points_text(adv: Adventurer) -> str:
    """``HP 9 (8 + 1 Create Food token)``: the hit points a battle counts (CMB-PARTY-4, C2-1)."""
    from dlrules.core.phases.combat import hit_points

    hp = hit_points(adv)
    return f"HP {hp} ({hp - adv.food} + {adv.food} Create Food token{'s' if adv.food != 1 else ''})" if adv.food else f"HP {hp}"


def _member(i: int, adv: Adventurer) -> str:
    from dlrules.core.phases.combat import is_illusion

    name = "the illusion" if is_illusion(adv) else adventurer_label(adv.key).split(" HP")[0]
    power = adventurer_label(adv.key).partition(" HP")[2].partition(" ")[2] if not is_illusion(adv) else ""
    bits = [hit_points_text(adv)] + ([power] if power else []) + ([f"{adv.damage} damage"] if adv.damage else [])
    bits += [f"{adv.poison} poison to come"] if adv.poison else []
    return f"{i + 1}. {name} ({', '.join(bits)})"


def combat_lines(state: GameState) -> list[str]:
    """The combat as text, what the battle picture shows (``svg.battle``): the
    combat round and stage, the round's combat card, the defender, the battle
    tile, the step under way, the party with hit points and damage, the traps
    still to go off (``?`` where this view may not see them, CMB-PLAN-9), the
    monsters sent and what waits for a decision; then every seat's plan."""
    from dlrules.core.phases.combat import party

    f = state.fight
    if f is None or state.phase.value != "combat":
        return []
    seat = combat_defender(state)
    b = f.battle
    stage = _STAGES.get(f.stage, f.stage)
    who = ""
    if seat is not None and f.stage != "over":
        who = f"; {seat_label(seat)} " + ("defends" if b is not None else "plans" if f.stage == "plan" else "is next")
    lines = [f"Combat round {f.round} of 4: {stage}{who}."]
    cards = _combat_cards(state)
    key = cards[f.round - 1] if 0 < f.round <= len(cards) else None
    lines.append(f"  Combat card {f.round}: {combat_card_text(key)}")
    if seat is None or f.stage == "over":
        return lines + _plans_lines(state)
    p = state.players[seat]
    plan = f.plans[seat] if 0 <= seat < len(f.plans) else None
    if plan is not None:
        where = f"  Battle tile: {square_name(plan.tile)} in {seat_label(seat)}'s dungeon"
        tile = p.dungeon.at(plan.tile)
        if tile is not None and tile.room:
            where += f" (the {room_name(tile.room)})"
        lines.append(where)
    if b is not None:
        steps = ", ".join(f"[{words}]" if name == b.step else words for name, words in BATTLE_STEPS)
        lines.append(f"  Step: {dict(BATTLE_STEPS).get(b.step, b.step)} (of {steps})")
        waiting = []
        if b.aiming is not None:
            by = monster_name(b.aiming) if b.aiming in MONSTERS else trap_name(b.aiming)
            what = "the Witch's second small attack" if b.aiming == "witch" else f"the {by}"
            waiting.append(f"{seat_label(seat)} to aim {what} (Target)")
        if b.choosing is not None:
            card = COMBAT_CARDS.get(b.choosing)
            waiting.append(f"{seat_label(seat)} answers {card.name if card else b.choosing}")
        if waiting:
            lines.append("  Waiting for: " + "; ".join(waiting))
    members = party(state, seat)
    lines.append("  Party (entrance first): " + ("; ".join(_member(i, a) for i, a in enumerate(members)) or "nobody left"))
    traps = b.traps if b is not None else (plan.traps if plan is not None else ())
    names = ", ".join("? (face down)" if t == HIDDEN else trap_name(t) for t in traps) or "-"
    gold = f"; {plan.gold} gold from the room on them" if plan is not None and plan.gold else ""
    lines.append(f"  {'Traps still to go off' if b is not None else 'Planned traps'}: {names}{gold}")
    sent = plan.monsters if plan is not None else ()
    waiting_set = set(b.sent) if b is not None else set(sent)
    monsters = []
    for index in sent:
        m = p.monsters[index] if 0 <= index < len(p.monsters) else None
        name = monster_name(m.kind) if m is not None else f"monster {index + 1}"
        state_words = "ready" if m is not None and m.ready else "knocked out"
        if b is not None:
            state_words += ", to act" if index in waiting_set else ", has acted"
        monsters.append(f"{name} ({state_words})")
    lines.append("  Monsters sent: " + (", ".join(monsters) or "-"))
    return lines + _plans_lines(state)


def _plans_lines(state: GameState) -> list[str]:
    f = state.fight
    assert f is not None
    made = []
    for s, other in enumerate(f.plans):
        if other is None:
            continue
        names = ", ".join("?" if t == HIDDEN else trap_name(t) for t in other.traps)
        sent = ", ".join(monster_name(state.players[s].monsters[i].kind) for i in other.monsters if 0 <= i < len(state.players[s].monsters))
        made.append(f"{seat_label(s)} at {square_name(other.tile)}" + (f", traps {names}" if names else "") + (f", sends {sent}" if sent else ""))
    return [f"  Plans this round: {'; '.join(made) if made else 'none yet'}"] if f.stage != "over" else []


def _dummy_line(d: Any) -> str:
    """A dummy colour: this round's orders and its unavailable ones, said
    once when they are the same cards (DUM3-1: the 3 drawn are laid face up as
    its new unavailable orders), and a 2-player dummy's third order (DUM2-3)."""
    who = f" (P{d.responsible + 1} chooses its third order)" if d.responsible is not None else ""
    unavailable = _orders_words(d.unavailable)
    if d.drawn and set(d.drawn) == set(d.unavailable):
        text = f"this round's orders {unavailable} (face up: its unavailable orders)"
    else:
        text = f"unavailable {unavailable}" + (f"; this round's orders {_orders_words(d.drawn)}" if d.drawn else "")
    third = f"; third order {d.third.title}" if d.third is not None else ""
    return f"Dummy D{d.colour + 1}{who}: {text}{third}"


def _orders_words(actions: tuple[Action, ...]) -> str:
    return ", ".join(a.title for a in actions) or "-"


def _outcome_lines(state: GameState) -> list[str]:
    """At the end of the game, the score sheet (``dlrules.display.scoresheet``), when
    this version scores games; nothing before."""
    try:
        from dlrules.core.phases.scoring import outcome
        from dlrules.display.scoresheet import score_sheet
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


def describe_move(state: GameState, move: Any, seat: int | None = None, *, played: bool = False) -> str:
    """What ``move`` does in ``state``, for people, like chess's SAN:
    ``P3 builds the Magic Room at C2: pays 1 gold``.

    The words are read from the events ``apply_with_events`` reports for the
    move (``dlrules.display.wording``), the same events the narration prints, so the
    text states what the rules did. With ``seat``, the move as that seat may
    be told it: a secret the move holds (orders chosen, trap cards planned or
    discarded, a card drawn or looked at) is not named to the other seats, and
    a move not yet made (``played=False``: a legal move offered) is told only
    up to what would disclose something still hidden (``wording.foreseen``);
    ``played=True`` for a move already made (a log, a caption).
    An illegal move is described with the reason it is refused."""
    from dlrules.core.engine import apply_with_events, check
    from dlrules.records.notation import format_move
    from dlrules.display.wording import move_words

    problems = check(state, move)
    if problems:
        return f"{format_move(move, players=state.n_players)}: illegal: " + "; ".join(str(v) for v in problems)
    _, events = apply_with_events(state, move)
    return move_words(state, move, events, viewer=seat, played=played)


def move_caption(state: GameState, move: Any, seat: int | None = None) -> str:
    """A move already made, for ``seat`` (None: the referee): its notation and
    words, or its words alone when the move holds something ``seat`` may not
    know (``views.knows_move``): the captions of ``dlrules show --html``."""
    from dlrules.records.notation import format_move
    from dlrules.records.views import knows_move

    words = describe_move(state, move, seat=seat, played=True)
    return f"{format_move(move, players=state.n_players)} — {words}" if knows_move(state, move, seat) else words


def secret_move_text(state: GameState, move: Any, viewer: int) -> str | None:
    """What ``viewer`` may be told of a move that holds something hidden from
    them (docs/views.md), or None when they may know the whole move:
    ``describe_move(state, move, seat=viewer)`` then. Hidden: another
    player's chosen or kept orders (ORD-3, RUL-13), the orders dealt to another
    player (RUL-13), a trap card another player draws, plans or discards
    (ACT-TRAP-2, CMB-PLAN-9, Y2-3), the combat card another player looks at and
    its position (ACT-REP-2, LIB-TAB-4)."""
    from dlrules.records.views import knows_move

    return None if knows_move(state, move, viewer) else describe_move(state, move, seat=viewer, played=True)
