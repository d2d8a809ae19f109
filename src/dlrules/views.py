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
  seat's ``spied`` then holds its position, CMB-CARD-7);
- the trap cards a defender played face down, until they go off
  (``fight.plans[s].traps`` and ``fight.battle.traps`` read ``"?"`` each for
  the other seats, CMB-PLAN-9, CMB-REF-6);
- the cards put back in the box at the change of year (``GameState.box``,
  Y2-8, Y2-10): only the count, each reads ``"?"``;
- every deck's unseen cards (order and contents): a deck shows only its size,
  as one ``("?", n)`` entry, and the known cards put under it (RST-5), which
  are public.

At the end of the game (``Phase.GAME_OVER``, SCO-3) nothing is hidden any
more: every view is the whole state (LIB-WG-1).

Every other field is public. ``PUBLIC_*`` and ``HIDDEN_*`` classify every field
of ``PlayerState`` and ``GameState`` (names of fields other branches add may be
listed ahead of them); a test fails when a field is added to the state without
being classified here.
"""

from __future__ import annotations

import hashlib
from typing import Any

import attrs

from dlrules.moves import Move
from dlrules.state import Deck, Decks, Fight, GameState, Phase, PlayerState

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
    """Another player as this seat sees them."""
    return attrs.evolve(
        player,
        committed=None,  # ORD-3: face down until all reveal
        dummy_choice=None,  # DUM2-3
        dealt=(),  # RUL-13: the deal is secret (its size is in dealt_counts)
        kept=None,  # RUL-13: revealed together
        traps=(HIDDEN,) * len(player.traps),  # ACT-TRAP-2: only the count
    )


def redact(state: GameState, seat: int | None) -> GameState:
    """The state with everything ``seat`` may not know replaced by placeholders."""
    if seat is not None and not 0 <= seat < state.n_players:
        raise ValueError(f"there is no seat {seat} in a {state.n_players}-player game")
    if state.phase is Phase.GAME_OVER:
        return state  # LIB-WG-1: after final scoring every card is turned over
    players = tuple(p if s == seat else _redact_player(p) for s, p in enumerate(state.players))
    seen: frozenset[int] = frozenset(state.spied[seat]) if seat is not None and seat < len(state.spied) else frozenset()
    combat = tuple(card if pos in seen else None for pos, card in enumerate(state.combat))  # ACT-REP-2
    spied = tuple(positions if s == seat else () for s, positions in enumerate(state.spied))
    decks = Decks(**{f.name: _redact_deck(getattr(state.decks, f.name)) for f in attrs.fields(Decks)})
    trap_discard = (HIDDEN,) * len(state.trap_discard)  # SETUP-3, LIB-Y1-3: face down, only the count
    resolution = state.resolution
    if resolution is not None and resolution.spy is not None:
        r_seat = _acting(state)
        if r_seat != seat:
            resolution = attrs.evolve(resolution, spy=HIDDEN_POSITION)  # ACT-REP-2, LIB-CMB-3
    return attrs.evolve(
        state, players=players, combat=combat, spied=spied, decks=decks, trap_discard=trap_discard, box=(HIDDEN,) * len(state.box),  # Y2-8, Y2-10 (LIB-Y2-1)
        resolution=resolution, fight=_redact_fight(state.fight, seat),
    )  # fmt: skip


def _acting(state: GameState) -> int | None:
    from dlrules.phases.resolution import acting_seat

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
    from dlrules.engine import legal_moves, to_move

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
    """The projection of a move's content: may ``viewer`` (None: the referee)
    know everything ``move`` holds? (Its effects are told by its events, which
    carry no secret, LIB-TX-1; this is about the move itself.)
    The mover knows their move; the others do not know another player's
    chosen or kept orders (ORD-3, RUL-13), the orders dealt to another player
    (RUL-13), the trap cards another player plans, discards or pays with
    (CMB-PLAN-9, ACT-TRAP-2, Y2-3, Y2-19), the combat card another player
    looks at and its position (ACT-REP-2, LIB-TAB-4), a trap card dealt to
    another player (ACT-TRAP-2)."""
    if viewer is None or getattr(move, "seat", None) == viewer:
        return True
    name = type(move).__name__
    if name in ("ChooseOrders", "KeepUnavailable", "Spy", "DiscardTrap", "ReturnTrap", "PlanDefence"):
        return False
    if name in ("PayMonster", "HireMonster"):
        return getattr(move, "trap", None) is None
    if name == "DealOrders":
        return bool(move.target >= state.n_players or move.target == viewer)  # a dummy's unavailable orders are public
    if name == "Draw" and move.deck == "traps":
        return _trap_gainer(state, move) == viewer
    if name == "Draw" and move.deck == "combat":
        r = state.resolution
        if r is not None and r.spy is not None:  # a look, not the round's reveal (CMB-CARD-7)
            from dlrules.phases.resolution import acting_seat

            return acting_seat(state) == viewer
    return True


def _trap_gainer(state: GameState, move: Any) -> int | None:
    from dlrules.engine import apply

    after = apply(state, move)
    return next((s for s in range(state.n_players) if len(after.players[s].traps) > len(state.players[s].traps)), None)


def view_hash(state: GameState, seat: int | None) -> str:
    """A stable hash of what ``seat`` may know: ``"sha256:"`` and the hex
    SHA-256 of the canonical JSON of ``redact(state, seat)``. Anything that
    speaks to one seat shows this hash, never ``state_hash`` (which would
    tell states apart that the seat may not tell apart; LIB-IN-3)."""
    from dlrules.serialization import dumps

    return "sha256:" + hashlib.sha256(dumps(redact(state, seat)).encode("utf-8")).hexdigest()
