"""What one seat may know: the state with everything hidden from that seat
redacted (ORD-3, RUL-13, DUM2-3, ACT-TRAP-2, ACT-REP-2, ORD-7).

``view(state, seat)`` returns a :class:`PlayerView`: a redacted copy of the
:class:`GameState` (same shape, so every public field of any phase passes
through), the public facts the redaction would otherwise erase (who has
chosen, how many cards were dealt), whose turn it is and the seat's own legal
moves. ``seat=None`` is a spectator: public information only.

What is hidden (docs/views.md):

- another player's committed orders, their 2-player dummy's third order
  (``PlayerState.committed``, ``dummy_choice``; ORD-3, DUM2-3), their dealt and
  kept unavailable orders at setup (``dealt``, ``kept``; RUL-13): only *that*
  they have chosen is public;
- another player's trap cards (``traps``, ACT-TRAP-2): only the count; each
  hidden card reads ``"?"``;
- combat cards the seat has not seen (``GameState.combat`` positions not in
  ``spied[seat]``, ACT-REP-2) read ``None``; the other seats' ``spied`` lists
  read ``()``;
- the trap cards discarded face down (``GameState.trap_discard``, SETUP-3):
  only the count, each reads ``"?"``;
- which combat card a seat is looking at while chance turns it up
  (``resolution.spy`` reads ``HIDDEN_POSITION`` for the other seats, ACT-REP-2,
  LIB-CMB-3); a combat card turned face up in its round is public (every
  seat's ``spied`` then holds its position, CMB-CARD-7) and a spectator
  (the table server's host) sees it too (``face_up_combat``);
- the trap cards a defender played face down, until they go off
  (``fight.plans[s].traps`` and ``fight.battle.traps`` read ``"?"`` each for
  the other seats, CMB-PLAN-9, CMB-REF-6);
- the cards put back in the box at the change of year (``GameState.box``,
  Y2-8, Y2-10): only the count, each reads ``"?"``;
- every deck's unseen cards (order and contents): a deck shows only its size,
  as one ``("?", n)`` entry, and the known cards put under it (RST-5), which
  are public; the combat deck's size counts only the cards outside the four
  face-down ones, so that it never tells whether somebody identified one of
  them (LIB-CMB-3).

Moves and events reach a seat through the same projection:
``project_move(state, move, seat)`` (another player's secret choices, a
spy's position, a card drawn or discarded face down, the trap cards of a
combat plan, which trap card of another's hand a table's ruling discards,
read as placeholders), ``project_events(events, seat)`` and
``seen_apply(state, move, seat)``, from which ``render.describe_move`` and
``render.move_caption`` make the words one seat is told (issue 21).

At the end of the game (``Phase.GAME_OVER``, SCO-3) nothing is hidden any
more: every view is the whole state (LIB-WG-1).

Every other field is public. ``PUBLIC_*`` and ``HIDDEN_*`` classify every field
of ``PlayerState`` and ``GameState`` (names of fields other branches add may be
listed ahead of them); a test fails when a field is added to the state without
being classified here.
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Iterable
from typing import Any, Literal

import attrs

from dlrules.core.moves import (
    ChooseOrders,
    DealOrders,
    DiscardTrap,
    Draw,
    HireMonster,
    KeepUnavailable,
    Move,
    PayMonster,
    PlanDefence,
    Spy,
    TableRuling,
)
from dlrules.core.phases.common import Event
from dlrules.core.state import CHANCE, Deck, Decks, Fight, GameState, Phase, PlayerState, Resolution, evolve

HIDDEN: str = "?"
"""The card key standing for a card the seat may not see (traps, deck contents)."""

HIDDEN_POSITION: int = -1
"""``resolution.spy`` as the other seats see it: a look is in progress, at a position they may not know."""

HIDDEN_PLAYER_FIELDS: frozenset[str] = frozenset({"committed", "dummy_choice", "dealt", "kept", "traps"})
"""``PlayerState`` fields only their owner may see (ORD-3, DUM2-3, RUL-13, ACT-TRAP-2)."""

PUBLIC_PLAYER_FIELDS: frozenset[str] = frozenset(
    {
        "gold", "food", "imps", "evil", "hand", "unavailable", "dungeon", "busy_imps", "foreimps",
        "busy_trolls", "monsters", "played", "party", "prison", "damage_tokens", "rooms_used",
    }
)  # fmt: skip
"""``PlayerState`` fields every seat sees. The hand is public: ORD-7 makes the
unavailable orders public, and the hand is the other order cards."""

HIDDEN_GAME_FIELDS: frozenset[str] = frozenset({"decks", "combat", "spied", "trap_discard", "box"})
"""``GameState`` fields redacted per seat (deck contents, unseen combat cards,
ACT-REP-2; the face-down trap discard, SETUP-3: only its size)."""

PUBLIC_GAME_FIELDS: frozenset[str] = frozenset(
    {
        "variant", "year", "round", "phase", "first_player", "players", "dummies", "board", "tavern",
        "room_shop", "adventurers_next", "adventurers_now", "events", "special_event", "paladin",
        "dummy_evil", "far_lands", "resolution", "turn", "deal_and_keep", "fight",
        "special_events", "dummy_hires", "table_rulings",
    }
)  # fmt: skip
"""``GameState`` fields every seat sees (``players`` is redacted player by player)."""


@attrs.frozen
class PlayerView:
    """What ``seat`` (``None``: a spectator) may know, and nothing else.

    ``state`` is the game state with the hidden parts redacted (see the module
    docstring); ``orders_chosen[i]`` / ``unavailable_chosen[i]`` say whether
    player ``i`` has committed their orders (ORD-3) / kept their unavailable
    orders (RUL-13); ``dealt_counts[i]`` how many orders player ``i`` was dealt
    (RUL-13). ``to_move`` is every seat that may act now (``-1`` = chance) and
    ``legal`` this seat's own legal moves (empty for a spectator)."""

    seat: int | None
    state: GameState
    orders_chosen: tuple[bool, ...]
    unavailable_chosen: tuple[bool, ...]
    dealt_counts: tuple[int, ...]
    to_move: tuple[int, ...]
    legal: tuple[Move, ...]


def _redact_deck(deck: Deck) -> Deck:
    """Only the size of the unseen part; the known bottom cards stay (RST-5)."""
    n = deck.unseen_count
    return Deck(((HIDDEN, n),) if n else (), deck.bottom)


def _redact_player(player: PlayerState) -> PlayerState:
    """Another player as this seat sees them (the state's own ``evolve``: the
    same record as ``attrs.evolve`` makes, faster)."""
    return evolve(
        player,
        committed=None,  # ORD-3: face down until all reveal
        dummy_choice=None,  # DUM2-3
        dealt=(),  # RUL-13: the deal is secret (its size is in dealt_counts)
        kept=None,  # RUL-13: revealed together
        traps=(HIDDEN,) * len(player.traps),  # ACT-TRAP-2: only the count
    )


def _redact_combat_deck(state: GameState) -> Deck:
    """ACT-REP-2, LIB-CMB-3: the combat deck holds the cards nobody has
    identified, the unidentified ones of the four face-down cards included; a
    seat is shown only the cards outside those four, a count that does not
    depend on which of them somebody has looked at."""
    deck = state.decks.combat
    unidentified = sum(1 for card in state.combat if card is None)
    n = max(deck.unseen_count - unidentified, 0)
    return Deck(((HIDDEN, n),) if n else (), deck.bottom)


def face_up_combat(state: GameState) -> frozenset[int]:
    """The combat positions turned face up so far (CMB-REV-1, CMB-CARD-7):
    public, a spectator sees them as every seat does."""
    f = state.fight
    if state.phase is not Phase.COMBAT or f is None:
        return frozenset()
    done = f.round - 1 + (1 if f.stage in ("battle", "over") else 0)
    return frozenset(range(min(done, len(state.combat))))


def redact_combat(state: GameState, seat: int | None) -> tuple[str | None, ...]:
    """The year's combat cards as ``seat`` sees them (None: a spectator): those
    it looked at (ACT-REP-2) and those turned face up in their round, which
    are public (CMB-CARD-7, ``face_up_combat``); None for the others."""
    seen: frozenset[int] = frozenset(state.spied[seat]) if seat is not None and 0 <= seat < len(state.spied) else frozenset()
    seen |= face_up_combat(state)
    return tuple(card if pos in seen else None for pos, card in enumerate(state.combat))


def redact(state: GameState, seat: int | None) -> GameState:
    """The state with everything ``seat`` may not know replaced by placeholders."""
    if seat is not None and not 0 <= seat < state.n_players:
        raise ValueError(f"there is no seat {seat} in a {state.n_players}-player game")
    if state.phase is Phase.GAME_OVER:
        return state  # LIB-WG-1: after final scoring every card is turned over
    players = tuple(p if s == seat else _redact_player(p) for s, p in enumerate(state.players))
    combat = redact_combat(state, seat)
    spied = tuple(positions if s == seat else () for s, positions in enumerate(state.spied))
    decks = Decks(**{f.name: _redact_deck(getattr(state.decks, f.name)) for f in attrs.fields(Decks)})
    decks = attrs.evolve(decks, combat=_redact_combat_deck(state))
    trap_discard = (HIDDEN,) * len(state.trap_discard)  # SETUP-3, LIB-Y1-3: face down, only the count
    resolution = redact_spy(state, seat)  # ACT-REP-2, LIB-CMB-3
    return attrs.evolve(
        state, players=players, combat=combat, spied=spied, decks=decks, trap_discard=trap_discard, box=(HIDDEN,) * len(state.box),  # Y2-8, Y2-10 (LIB-Y2-1)
        resolution=resolution, fight=_redact_fight(state.fight, seat),
    )  # fmt: skip


def redact_player(player: PlayerState) -> PlayerState:
    """Another player's record as ``redact`` shows it to a seat (ORD-3, DUM2-3,
    RUL-13, ACT-TRAP-2): for a projection built part by part (docs/ai.md)."""
    return _redact_player(player)


def redact_combat_deck(state: GameState) -> Deck:
    """The combat deck as ``redact`` shows it to any seat (ACT-REP-2, LIB-CMB-3)."""
    return _redact_combat_deck(state)


def redact_fight(fight: Fight | None, seat: int | None) -> Fight | None:
    """The combat as ``redact`` shows it to ``seat`` (CMB-PLAN-9, CMB-REF-6)."""
    return _redact_fight(fight, seat)


def redact_spy(state: GameState, seat: int | None) -> Resolution | None:
    """The resolution cursor as ``redact`` shows it to ``seat``: the position
    another seat's spy is looking at reads ``HIDDEN_POSITION`` (ACT-REP-2, LIB-CMB-3)."""
    resolution = state.resolution
    if resolution is not None and resolution.spy is not None and _acting(state) != seat:
        return attrs.evolve(resolution, spy=HIDDEN_POSITION)
    return resolution


def _acting(state: GameState) -> int | None:
    from dlrules.core.phases.resolution import acting_seat

    return acting_seat(state)


def _redact_fight(fight: Fight | None, seat: int | None) -> Fight | None:
    """CMB-PLAN-9, CMB-REF-6: other defenders' trap cards stay face down."""
    if fight is None:
        return None
    plans = tuple(
        plan if plan is None or s == seat else attrs.evolve(plan, traps=(HIDDEN,) * len(plan.traps))
        for s, plan in enumerate(fight.plans)
    )
    battle = fight.battle
    if battle is not None and battle.seat != seat:
        battle = attrs.evolve(battle, traps=(HIDDEN,) * len(battle.traps))
    return attrs.evolve(fight, plans=plans, battle=battle)


def view(state: GameState, seat: int | None) -> PlayerView:
    """Everything ``seat`` may know and nothing else; ``seat=None`` is a spectator.

    Raises ``ValueError`` for a seat that is not in the game."""
    from dlrules.core.engine import legal_moves, to_move

    redacted = redact(state, seat)
    legal = tuple(m for m in legal_moves(state) if m.seat == seat) if seat is not None else ()
    return PlayerView(
        seat=seat,
        state=redacted,
        orders_chosen=tuple(p.committed is not None for p in state.players),
        unavailable_chosen=tuple(p.kept is not None for p in state.players),
        dealt_counts=tuple(len(p.dealt) for p in state.players),
        to_move=tuple(sorted(to_move(state))),
        legal=legal,
    )


def knows_move(state: GameState, move: Any, viewer: int | None) -> bool:
    """May ``viewer`` (None: the referee) know everything ``move`` holds? (Its
    effects are told by its events, which carry no secret, LIB-TX-1; this is
    about the move itself.) True exactly when the seat's projection of the
    move (``project_move``) hides nothing: the mover knows their move; the
    others do not know another player's chosen or kept orders (ORD-3, RUL-13),
    the orders dealt to another player to keep some from (RUL-13), the trap
    cards another player plans, discards or pays with (CMB-PLAN-9, ACT-TRAP-2,
    Y2-3, Y2-19), the combat card another player looks at and its position
    (ACT-REP-2, LIB-TAB-4), a trap card dealt to another player (ACT-TRAP-2),
    which trap card of another player's hand a table's ruling discards
    (SPE-14, LIB-TAB-9). A viewer that is no seat of the game (the table server's host) is a
    spectator."""
    if viewer is None:
        return True
    seat = viewer if 0 <= viewer < state.n_players else None
    return bool(project_move(state, move, seat) == move)


def view_hash(state: GameState, seat: int | None) -> str:
    """A stable hash of what ``seat`` may know: ``"sha256:"`` and the hex
    SHA-256 of the canonical JSON of ``redact(state, seat)``. Anything that
    speaks to one seat shows this hash, never ``state_hash`` (which would
    tell states apart that the seat may not tell apart; LIB-IN-3)."""
    from dlrules.records.serialization import dumps

    return "sha256:" + hashlib.sha256(dumps(redact(state, seat)).encode("utf-8")).hexdigest()


# --- moves and events as one seat may know them -------------------------------------------


class _Referee(enum.Enum):
    REFEREE = "referee"


REFEREE: Literal[_Referee.REFEREE] = _Referee.REFEREE
"""The viewer who may know everything (a referee, a record of the game):
``describe_move(state, move, seat=REFEREE)`` is the whole move."""

Viewer = int | None | Literal[_Referee.REFEREE]
"""Whom a text is for: a seat (0-based), ``None`` (a spectator: public
information only) or ``REFEREE`` (everything)."""


def project_move(state: GameState, move: Move, seat: Viewer) -> Move:
    """``move``, made in ``state``, as ``seat`` may know it: the same move with
    what ``seat`` may not know replaced by placeholders (docs/views.md).

    - another player's chosen orders and dummy order, kept orders (ORD-3,
      DUM2-3, RUL-13) and the orders chance deals another player to keep some
      from (RUL-13): ``orders=()``, ``dummy_order=None``;
    - the position of another player's spy look (ACT-REP-2, LIB-CMB-3):
      ``HIDDEN_POSITION``; the combat card chance turns up for another
      player's look: ``"?"``;
    - a trap card chance deals another player (ACT-TRAP-2), another player's
      trap cards played face down in a combat plan (CMB-PLAN-9), discarded
      face down (SETUP-3, Y2-3, C1-6) or paid for the Golem (ACT-MON-2,
      Y2-19): ``"?"`` each;
    - which trap card of another player's hand a table's ruling discards
      (SPE-14, LIB-TAB-9): its ``target`` reads ``None``.

    Every other move is public and comes back unchanged; so does every move
    once the game is over (LIB-WG-1) and every move for ``REFEREE``."""
    if seat is REFEREE or state.phase is Phase.GAME_OVER:
        return move
    if isinstance(move, TableRuling):
        return _ruling_as_seen(move, seat)
    if move.seat != CHANCE:
        if move.seat == seat:
            return move
        return _others_move(move)
    if isinstance(move, DealOrders):
        hidden = state.deal_and_keep and move.target < state.n_players and move.target != seat
        return attrs.evolve(move, orders=()) if hidden else move  # RUL-13
    if isinstance(move, Draw) and move.deck in ("traps", "combat"):
        owner = _private_draw_owner(state, move)
        return move if owner is None or owner == seat else attrs.evolve(move, card=HIDDEN)
    return move


def _others_move(move: Move) -> Move:
    """A player's move as the other seats (and spectators) know it."""
    if isinstance(move, ChooseOrders):
        return attrs.evolve(move, orders=(), dummy_order=None)  # ORD-3, DUM2-3
    if isinstance(move, KeepUnavailable):
        return attrs.evolve(move, orders=())  # RUL-13
    if isinstance(move, Spy):
        return attrs.evolve(move, position=HIDDEN_POSITION)  # ACT-REP-2, LIB-CMB-3
    if isinstance(move, PlanDefence):
        return attrs.evolve(move, traps=(HIDDEN,) * len(move.traps))  # CMB-PLAN-9
    if isinstance(move, DiscardTrap):
        return attrs.evolve(move, trap=HIDDEN)  # SETUP-3, Y2-3, C1-6: face down
    if isinstance(move, (HireMonster, PayMonster)) and move.trap is not None:
        return attrs.evolve(move, trap=HIDDEN)  # ACT-MON-2, Y2-19: the Golem's card, face down
    return move


def _ruling_as_seen(move: TableRuling, seat: int | None) -> TableRuling:
    """A table's ruling as ``seat`` may know it (SPE-14, LIB-TAB-9): which
    trap card of a hand it discards (``target``, its place in the hand) only
    the card's owner may know; for everyone else it reads ``None``, "a trap
    card". The rest of the ruling is public."""
    if not any(c.kind == "discard_trap" and c.player != seat for c in move.changes):
        return move
    changes = tuple(attrs.evolve(c, target=None) if c.kind == "discard_trap" and c.player != seat else c for c in move.changes)
    return attrs.evolve(move, changes=changes)


def _private_draw_owner(state: GameState, move: Draw) -> int | None:
    """The one seat that may see the card chance draws (a trap card for its
    hand, ACT-TRAP-2; the combat card its spy looks at, ACT-REP-2), or None
    when the draw is public (a combat card turned up in combat, CMB-CARD-7)."""
    if move.deck == "combat":
        r = state.resolution
        return _acting(state) if r is not None and r.spy is not None else None
    from dlrules.core.engine import apply_unchecked

    after = apply_unchecked(state, move)
    if after.n_players != state.n_players:
        return None
    return next((s for s in range(state.n_players) if len(after.players[s].traps) > len(state.players[s].traps)), None)


def is_public(state: GameState, move: Move) -> bool:
    """Every seat and a spectator may know all of ``move`` (``project_move``
    changes nothing for any of them)."""
    return all(project_move(state, move, s) == move for s in (None, *range(state.n_players)))


def private_to(state: GameState, move: Move) -> int | None:
    """The one seat that may know all of a move that is not public (the mover,
    or the seat a secret draw is for), or None (public, or several seats)."""
    seers = [s for s in range(state.n_players) if project_move(state, move, s) == move]
    return seers[0] if len(seers) == 1 and state.n_players > 1 else None


_OWNER_ONLY_DATA: dict[str, frozenset[str]] = {
    "commit": frozenset({"orders", "dummy_order"}),  # ORD-3, DUM2-3
    "keep": frozenset({"orders"}),  # RUL-13
    "deal": frozenset({"orders"}),  # RUL-13
    "spy": frozenset({"position", "card"}),  # ACT-REP-2, LIB-CMB-3
    "spied": frozenset({"position", "card"}),
    "trap": frozenset({"card", "trap"}),  # ACT-TRAP-2
    "discard_trap": frozenset({"card", "trap"}),  # SETUP-3, Y2-3
}
"""For each kind of event about one player's secret, the facts only that
player may read (docs/events.md). The sentences of these events never name
the secret; their data could, so the other seats get it without those keys."""


def project_events(events: Iterable[Event], seat: Viewer, *, over: bool = False) -> tuple[Event, ...]:
    """``events`` as ``seat`` may read them (``over``: the game is over, and
    nothing is secret any more, LIB-WG-1): an event about another player's
    secret without the facts only that player may read (``_OWNER_ONLY_DATA``)."""
    if seat is REFEREE or over:
        return tuple(events)
    out = []
    for event in events:
        hidden = _OWNER_ONLY_DATA.get(event.code, frozenset())
        if event.seat != seat and hidden & event.data.keys():
            event = attrs.evolve(event, data={k: v for k, v in event.data.items() if k not in hidden})
        out.append(event)
    return tuple(out)


def seen_apply(state: GameState, move: Move, seat: Viewer) -> tuple[GameState, Move, GameState, tuple[Event, ...]]:
    """A move as ``seat`` lives it: the position before (``redact``), the move
    (``project_move``), the position after and the events (``project_events``).
    Everything a seat is told about a move is made from these four alone.
    Raises ``IllegalMove`` as ``apply`` does."""
    from dlrules.core.engine import apply_with_events

    after, events = apply_with_events(state, move)
    if seat is REFEREE:
        return state, move, after, events
    over = after.phase is Phase.GAME_OVER
    return redact(state, seat), project_move(state, move, seat), redact(after, seat), project_events(events, seat, over=over)
