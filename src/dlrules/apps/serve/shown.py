"""What a page of the table server shows (docs/serve.md): a role's view of
the position as JSON (``page_data``: the words, the moves it may make, the
cards it may enter, the latest moves), kept per position and role in the
``Game``. Every part is read through the role's projection (``dlrules.records.views``)."""

from __future__ import annotations

from typing import Any


from dlrules.components import Action
from dlrules.core.engine import legal_moves
from dlrules.core.moves import Draw
from dlrules.display.render import describe_move
from dlrules.records.serialization import dumps
from dlrules.apps.serve.ruling import ruling_data
from dlrules.apps.serve.store import GameRow
from dlrules.core.state import CHANCE, TABLE

from dlrules.apps.serve.table import Game, REPLAYABLE_NOTE

from dlrules.apps.serve.seats import Role, HOST
from dlrules.apps.serve.seats import _unreadable_specials, chance_owner, entry_counts


def page_data(game: Game, role: Role) -> dict[str, Any]:
    """Everything one page shows, as JSON-ready data: only what ``role`` may
    see (``view``; the host is a spectator). Computed once per position and
    role (call it holding ``game.lock``)."""
    cached = game.pages.get(role)
    if cached is None:
        cached = game.pages[role] = _page_data(game, role)
    return cached


def _page_data(game: Game, role: Role) -> dict[str, Any]:
    from dlrules.records.notation import format_move
    from dlrules.display.render import describe, phase_name, seat_label
    from dlrules.records.views import view

    state = game.state
    seen = view(state, role)
    players = state.n_players
    moves: list[dict[str, Any]] = []
    for m in seen.legal:
        moves.append({"move": dumps(m), "notation": format_move(m, players=players), "text": describe_move(state, m, seat=role)})
    chance: list[dict[str, Any]] = []
    chance_note = ""
    server_draw = False
    ruling = ruling_data(state) if role is HOST and TABLE in seen.to_move else None
    if TABLE in seen.to_move and role is not HOST:
        chance_note = "waiting for the host to apply a card the referee cannot read (the table's ruling)"
    if CHANCE in seen.to_move:
        owner = chance_owner(state)
        legal = tuple(m for m in legal_moves(state) if m.seat == CHANCE)
        if owner == role and legal:
            server_draw = True
            closed = role is not HOST and (game.n, role) in game.closed
            for m, left in ({} if closed else entry_counts(state, role, legal)).items():
                label = _card_label(m) if isinstance(m, Draw) else describe_move(state, m, seat=-2 if role is HOST else role)  # the same words, legal or not
                chance.append({"move": dumps(m), "notation": format_move(m, players=players), "text": label, "left": left})
        elif owner is not HOST:
            chance_note = f"waiting for {seat_label(owner)} to draw (secret)"
        else:
            chance_note = "waiting for the host to enter the card"
    log = []
    viewer = -2 if role is HOST else role
    for e in game.recent:
        log.append({"n": e.n, "text": describe_move(e.before, e.move, seat=viewer, played=True)})  # the seat's words (secrets unnamed)
    return {
        "ok": True,
        "n": game.n,
        "role": "host" if role is HOST else f"P{role + 1}",
        "seat": role,
        "players": players,
        "phase": phase_name(state),
        "to_move": [_mover_label(game.row, s) for s in sorted(seen.to_move)],
        "bots": [name or None for name in game.row.bots] if any(game.row.bots) else [None] * players,
        "position": describe(seen),
        "moves": moves,
        "chance": chance,
        "server_draw": server_draw,
        "chance_note": chance_note,
        "replayable": game.row.seed is not None,
        "replayable_note": REPLAYABLE_NOTE if game.row.seed is not None else "",
        "ruling": ruling,
        "log": log,
        "auto_chance": game.row.auto_chance,
        "order_titles": {a.value: a.title for a in Action},
        "record": role is HOST and not seen.to_move,  # the host's, once the game is over (LIB-SRV-2)
    }


def _mover_label(row: GameRow, seat: int) -> str:
    """Who is to move, as a page says it: "chance", "P2", "P3 (greedy bot)" (LIB-SRV-10)."""
    from dlrules.display.render import seat_label

    bot = row.bots[seat] if 0 <= seat < len(row.bots) else ""  # chance and the table are no seat
    return f"{seat_label(seat)} ({bot} bot)" if bot else seat_label(seat)


def _card_label(move: Draw) -> str:
    """A card's name and deck, the same whether it is still in the deck or not;
    never a placeholder key (the unnamed special event cards: one option,
    ``_card_options``)."""
    from dlrules.components.cards import UNREADABLE_SPECIAL
    from dlrules.display.render import adventurer_label, card_name, combat_card_name

    if move.deck == "special" and card_name("special", move.card) == UNREADABLE_SPECIAL:
        return f"{UNREADABLE_SPECIAL} ({len(_unreadable_specials())} such cards; special)"
    names: dict[str, Any] = {"combat": combat_card_name, "adventurers": adventurer_label}
    name: Any = names.get(move.deck, lambda key: card_name(move.deck, key))
    return f"{name(move.card)} ({move.deck})"
