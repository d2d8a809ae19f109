"""Sibling states for the no-leak property (issue 21, docs/views.md): a state
from a real play-out, and a *sibling* that differs from it only in what one
seat may not know, both consistent enough that the same moves apply.

``perturb(state, seat, rng)`` changes, for every other seat, their committed
orders (from their hand), dummy choice, dealt and kept orders and trap cards;
the contents and order of every deck; the face-down trap discard and the box;
outside combat also which combat cards the other seats have looked at (and so
which cards are identified, with the combat deck holding the rest: LIB-RES-3)
and the position of another seat's look in progress; in combat the trap cards
other defenders planned face down (CMB-PLAN-9, CMB-REF-6).

``with_any_secrets`` and ``perturb_any`` go further, for positions only:
secrets put in by hand where no play-out has used them (trap cards, looks at
combat cards and a look in progress in any phase, combat included), and a
sibling differing in all of them, not necessarily one a game can reach.

``channels(state, seat)`` is everything ``seat`` is shown about a position,
``move_channels(state, move, seat)`` everything it is told about a move, and
``walk(a, b, seat, rng, steps)`` applies moves ``seat`` cannot tell apart to
both siblings and requires byte-identical output on every channel at every
step, until a move reveals a secret by the rules (then the siblings may
differ in public).
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs

import dlrules
from dlrules import CHANCE, Action, GameState, IllegalMove, Move
try:  # the adapters' strings and tensors need numpy (extras openspiel, pettingzoo)
    from dlrules.agents.adapters.common import observation_string, observation_vector
except ModuleNotFoundError:  # without it those channels are left out (the lowest-versions run)
    ADAPTERS = False
else:
    ADAPTERS = True
from dlrules.components import COMBAT_CARDS, COMBAT_DECKS, TRAPS
from dlrules.core.engine import apply, apply_with_events, check, legal_moves, to_move
from dlrules.core.moves import ChooseOrders, DealOrders, DiscardTrap, Draw, HireMonster, KeepUnavailable, PayMonster, PlanDefence, Spy
from dlrules.display.page import Frame, game_page
from dlrules.core.phases.resolution import acting_seat
from dlrules.display.render import describe, describe_move, move_caption
from dlrules.records.serialization import dumps
from dlrules.core.state import DECK_NAMES, Deck, Decks, Fight, Phase, PlayerState
from dlrules.records.views import face_up_combat, redact, seen_apply, view, view_hash

# --- siblings ---------------------------------------------------------------------------------


def fighting(state: GameState) -> bool:
    """In combat the year's combat cards are being turned up and the trap cards
    are planned into the fight (CMB): changing them there would make a state
    the engine cannot reach, so the pairs keep them (the other secrets, the
    trap cards still in hand included, still differ). Outside combat every
    hidden field differs."""
    return state.phase is Phase.COMBAT or state.fight is not None


def _year_deck(state: GameState) -> dict[str, int]:
    return dict(COMBAT_DECKS.get(state.year, {}))


def _combat_consistent(state: GameState) -> bool:
    """The combat deck holds exactly the year's cards nobody has identified
    (LIB-RES-3), and the identified positions are those somebody has seen."""
    counts = _year_deck(state)
    for card in state.combat:
        if card is not None:
            counts[card] = counts.get(card, 0) - 1
    seen = {pos for sp in state.spied for pos in sp}
    identified = {pos for pos, card in enumerate(state.combat) if card is not None}
    return Deck.of(counts) == attrs.evolve(state.decks.combat, bottom=()) and min(counts.values(), default=0) >= 0 and seen == identified


def _identify(state: GameState, spied: tuple[tuple[int, ...], ...], keep: dict[int, str], rng: random.Random) -> GameState:
    """``state`` with ``spied`` as the seats' looks: positions in ``keep`` hold
    those cards, the other seen positions distinct cards of the year's deck
    drawn by ``rng``, unseen positions None; the combat deck the rest."""
    counts = _year_deck(state)
    for card in keep.values():
        counts[card] -= 1
    free = [k for k, n in sorted(counts.items()) for _ in range(n)]
    rng.shuffle(free)
    seen = sorted({pos for sp in spied for pos in sp})
    combat: list[str | None] = [None] * len(state.combat)
    for pos in seen:
        combat[pos] = keep[pos] if pos in keep else free.pop()
    for drawn in combat:
        if drawn is not None and drawn not in keep.values():
            counts[drawn] -= 1
    deck = Deck(Deck.of(counts).unseen, state.decks.combat.bottom)
    return attrs.evolve(state, combat=tuple(combat), spied=spied, decks=attrs.evolve(state.decks, combat=deck))


def with_secrets(state: GameState, rng: random.Random) -> GameState:
    """Some trap cards and spied combat cards, so every hidden field is in play
    (outside combat, see ``fighting``)."""
    if fighting(state) or state.phase is Phase.GAME_OVER or not _combat_consistent(state):
        return state
    players = tuple(
        attrs.evolve(p, traps=p.traps + tuple(rng.choice(sorted(TRAPS)) for _ in range(rng.randint(0, 2)))) for p in state.players
    )
    state = attrs.evolve(state, players=players)
    spied = tuple(tuple(sorted(set(sp) | set(rng.sample(range(4), rng.randint(0, 2))))) for sp in state.spied)
    keep = {pos: card for pos, card in enumerate(state.combat) if card is not None}
    return _identify(state, spied, keep, rng)


def _perturb_player(player: PlayerState, seat: int, state: GameState, rng: random.Random) -> PlayerState:
    changes: dict[str, Any] = {}
    if player.committed is not None and len(player.hand) >= len(player.committed):
        changes["committed"] = tuple(rng.sample(list(player.hand), len(player.committed)))
    if player.dummy_choice is not None:
        mine = [d for d in state.dummies if d.responsible == seat and d.candidates]
        if mine:
            changes["dummy_choice"] = rng.choice(list(mine[0].candidates))
    if player.dealt:
        dealt = rng.sample(list(Action), len(player.dealt))
        changes["dealt"] = tuple(a for a in Action if a in dealt)
        if player.kept is not None:
            kept = rng.sample(dealt, len(player.kept))
            changes["kept"] = tuple(a for a in Action if a in kept)
    changes["traps"] = tuple(rng.choice(sorted(TRAPS)) for _ in player.traps)  # in hand: face down, in combat too
    return attrs.evolve(player, **changes)


def _perturb_deck(deck: Deck, rng: random.Random) -> Deck:
    """The same number of unseen cards, spread differently over the deck's own keys."""
    keys = [k for k, _ in deck.unseen]
    if len(keys) < 2:
        return deck
    counts = dict.fromkeys(keys, 0)
    for _ in range(deck.unseen_count):
        counts[rng.choice(keys)] += 1
    return Deck(Deck.of(counts).unseen, deck.bottom) if all(counts.values()) else deck  # the known bottom stays


def _perturb_fight(fight: Fight, seat: int | None, rng: random.Random) -> Fight:
    """CMB-PLAN-9, CMB-REF-6: the trap cards other defenders planned face
    down, and those of the battle under way if it is another seat's."""
    plans = tuple(
        p if p is None or s == seat else attrs.evolve(p, traps=tuple(rng.choice(sorted(TRAPS)) for _ in p.traps)) for s, p in enumerate(fight.plans)
    )
    battle = fight.battle
    if battle is not None and battle.seat != seat:
        battle = attrs.evolve(battle, traps=tuple(rng.choice(sorted(TRAPS)) for _ in battle.traps))
    return attrs.evolve(fight, plans=plans, battle=battle)


def perturb(state: GameState, seat: int | None, rng: random.Random) -> GameState:
    """A consistent state differing from ``state`` only in what ``seat`` may not know."""
    fight = fighting(state)
    players = tuple(p if s == seat else _perturb_player(p, s, state, rng) for s, p in enumerate(state.players))
    decks = Decks(**{name: _perturb_deck(getattr(state.decks, name), rng) for name in DECK_NAMES if name != "combat"}, combat=state.decks.combat)
    hidden: dict[str, Any] = {
        "players": players,
        "decks": decks,
        "trap_discard": tuple(rng.choice(sorted(TRAPS)) for _ in state.trap_discard),  # face down for everyone
        "box": tuple(rng.choice(sorted(COMBAT_CARDS)) for _ in state.box),  # back in the box, face down (Y2-8)
    }
    if state.fight is not None:
        hidden["fight"] = _perturb_fight(state.fight, seat, rng)
    other = attrs.evolve(state, **hidden)
    if fight or not _combat_consistent(state):
        return other  # the combat cards and trap cards in play stay (see ``fighting``)
    mine = tuple(state.spied[seat]) if seat is not None else ()
    spied = tuple(sp if s == seat else tuple(sorted(rng.sample(range(4), rng.randint(0, 3)))) for s, sp in enumerate(state.spied))
    keep = {pos: card for pos in mine if (card := state.combat[pos]) is not None}
    other = _identify(other, spied, keep, rng)
    if other.decks.combat.unseen_count:  # the combat deck's order too
        other = attrs.evolve(other, decks=attrs.evolve(other.decks, combat=_perturb_deck(other.decks.combat, rng)))
    r = state.resolution
    if r is not None and r.spy is not None and acting_seat(state) != seat:
        other = attrs.evolve(other, resolution=attrs.evolve(r, spy=rng.randrange(4)))  # another seat's look in progress
    return other


# --- secrets no play-out has reached ---------------------------------------------------------


def with_any_secrets(state: GameState, rng: random.Random) -> GameState:
    """``state`` with secrets put in by hand wherever the phases have not used
    them, in any phase (combat included): trap cards in every hand, combat
    cards anywhere with any seat's looks (not the year's deck; the cards
    turned face up in combat stay), face-down
    discards, trap cards planned in combat, and in the Resolution phase
    sometimes a look in progress. Such a
    state may be one no game reaches, so only its position is compared
    (``channels``), no moves are applied."""
    players = tuple(attrs.evolve(p, traps=_some_traps(rng)) for p in state.players)
    up = _face_up(state)
    changes: dict[str, Any] = {
        "players": players,
        "combat": tuple(c if pos in up else rng.choice([*sorted(COMBAT_CARDS), None]) for pos, c in enumerate(state.combat)),
        "spied": tuple(tuple(sorted(up | set(rng.sample(range(4), rng.randint(0, 2))))) for _ in state.players),
        "trap_discard": _some_traps(rng),
    }
    if state.resolution is not None and acting_seat(state) is not None and rng.random() < 0.5:
        changes["resolution"] = attrs.evolve(state.resolution, spy=rng.randrange(4))  # ACT-REP-2: a look in progress
    if state.fight is not None:  # CMB-PLAN-9, CMB-REF-6: trap cards planned face down, and the battle's
        plans = tuple(p if p is None else attrs.evolve(p, traps=tuple(sorted(_some_traps(rng)))) for p in state.fight.plans)
        battle = state.fight.battle
        changes["fight"] = attrs.evolve(state.fight, plans=plans, battle=battle if battle is None else attrs.evolve(battle, traps=_some_traps(rng)))
    return attrs.evolve(state, **changes)


def _some_traps(rng: random.Random) -> tuple[str, ...]:
    return tuple(rng.choice(sorted(TRAPS)) for _ in range(rng.randint(0, 2)))


def _face_up(state: GameState) -> set[int]:
    """The combat cards turned face up in their round (CMB-CARD-7): every seat
    has seen them, and they are public, a spectator's too (``views.face_up_combat``)."""
    seen_by_all = set.intersection(*(set(sp) for sp in state.spied)) if state.spied else set()
    return seen_by_all | set(face_up_combat(state))


def perturb_any(state: GameState, seat: int | None, rng: random.Random) -> GameState:
    """``perturb``, then also what it keeps so that moves still apply: every
    combat card ``seat`` has not looked at (any card, or none), the other
    seats' looks, the combat deck (its size follows the identified cards,
    LIB-CMB-3) and another seat's look in progress, in any phase."""
    other = perturb(state, seat, rng)
    mine = (set(state.spied[seat]) if seat is not None else set()) | set(face_up_combat(state))
    combat = tuple(c if pos in mine else rng.choice([*sorted(COMBAT_CARDS), None]) for pos, c in enumerate(state.combat))
    outside = state.decks.combat.unseen_count - state.combat.count(None)  # the cards outside the face-down four
    if outside + combat.count(None) < 0:  # no more face-down cards than the deck can hold
        combat = tuple(c if pos in mine else (None if state.combat[pos] is None else rng.choice(sorted(COMBAT_CARDS))) for pos, c in enumerate(state.combat))
    size = outside + combat.count(None)
    deck = Deck.of(dict.fromkeys(rng.sample(sorted(COMBAT_CARDS), 1), size)) if size else Deck(())
    up = _face_up(state)
    spied = tuple(sp if s == seat else tuple(sorted(up | set(rng.sample(range(4), rng.randint(0, 4))))) for s, sp in enumerate(state.spied))
    changes: dict[str, Any] = {"combat": combat, "spied": spied, "decks": attrs.evolve(other.decks, combat=Deck(deck.unseen, state.decks.combat.bottom))}
    r = state.resolution
    if r is not None and r.spy is not None and acting_seat(state) != seat:
        changes["resolution"] = attrs.evolve(r, spy=rng.randrange(4))  # LIB-CMB-3: which card another seat looks at
    return attrs.evolve(other, **changes)


PERTURBED_PLAYER_FIELDS = frozenset({"committed", "dummy_choice", "dealt", "kept", "traps"})
PERTURBED_GAME_FIELDS = frozenset({"players", "decks", "combat", "spied", "trap_discard", "box", "resolution", "fight"})


# --- the channels ---------------------------------------------------------------------------


def channels(state: GameState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` (None: a spectator) is shown about ``state``: its
    view and hash, the text, the SVG, ``explain --seat --json``, the
    OpenSpiel/PettingZoo observation string and tensor (``adapters.common``,
    what both adapters return), who is to move (a chance turn included), and
    on the table server who enters chance's draw and the cards offered to
    that seat when it is the one (issue 21 item 4)."""
    from dlrules.display import svg
    from dlrules.apps.cli.main import explain_data

    shown = view(state, seat)
    out: dict[str, Any] = {
        "view": dumps(shown),
        "view_hash": view_hash(state, seat),
        "describe": describe(shown),
        "to_move": tuple(sorted(to_move(state))),
        "chance_next": CHANCE in to_move(state),
        "svg": svg.position(state, seat) if seat is not None else svg.position(redact(state, None)),
        **({"observation_string": observation_string(state, seat)} if ADAPTERS else {}),
    }
    if CHANCE in to_move(state):  # the table server: who enters chance's draw, and the cards offered to that seat
        from dlrules.apps.serve.seats import chance_owner, entry_options

        owner = chance_owner(state)
        out["chance_owner"] = owner
        if owner == seat and seat is not None:
            legal = tuple(m for m in legal_moves(state) if m.seat == CHANCE)
            out["entry_options"] = dumps(entry_options(state, seat, legal))
    out.update(new_channels(state, seat))
    if seat is not None:
        out["describe_seat"] = describe(state, seat)
        out["explain"] = json.dumps(explain_data(state, seat, 0, state.n_players), sort_keys=True)
        if ADAPTERS:
            out["observation_tensor"] = observation_vector(state, seat)
            out["observation_public"] = observation_vector(state, seat, public=True)
    return out


def new_channels(state: GameState, seat: int | None) -> dict[str, Any]:
    """The channels of issues 36, 37 and 39: the table server's page JSON and
    its pictures by part for the link of ``seat`` (None: the host, a
    spectator), the conformance protocol's ``observe`` for that seat (or
    ``"spectator"``), and the adapters' 0/1 observation tensor as seen by the
    seat (or the spectator) from every seat's place."""
    from dlrules.apps.conformance.observe import observe
    from dlrules.apps.serve.pictures import picture
    from dlrules.apps.serve.seats import Refusal
    from dlrules.apps.serve.shown import page_data
    from dlrules.apps.serve.store import GameRow
    from dlrules.apps.serve.table import Game

    n = state.n_players
    row = GameRow("sibling", n, state.variant, state.first_player, None, False, b"", (b"",) * n, ("",) * n)
    game = Game(row, state, 0, {}, [])
    out: dict[str, Any] = {"page_json": json.dumps(page_data(game, seat), sort_keys=True, default=str)}
    for part in ("position", "board", "battle", *(f"dungeon-{k}" for k in range(1, n + 1))):
        try:
            out[f"picture_{part}"] = picture(game, seat, part)
        except Refusal as r:
            out[f"picture_{part}"] = ("refused", r.status, r.message)
    out["protocol_observe"] = json.dumps(observe(state, "spectator" if seat is None else seat), sort_keys=True)
    if ADAPTERS:
        from dlrules.agents.adapters.tensors import observation_bits

        out["tensors"] = tuple(observation_bits(state, me, seat).tobytes() for me in range(n))
    return out


def move_channels(state: GameState, move: Move, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` is told about ``move`` made in ``state``: the move
    as it may know it, its notation and words (``show --html`` captions, the
    server's log line), the events (narration) and what follows."""
    _, shown, after, events = seen_apply(state, move, seat)
    reader = -2 if seat is None else seat  # describe_move's seat=None is the referee; a non-seat is a spectator
    return {
        "move": dumps(shown),
        "caption": move_caption(state, move, reader),
        "description": describe_move(state, move, seat=reader, played=True),
        "offered": describe_move(state, move, seat=reader) if move.seat == seat else None,
        "events": dumps(list(events)),
        "after_to_move": tuple(sorted(to_move(apply(state, move)))),
    }


# --- the walk ---------------------------------------------------------------------------------


def public_part(state: GameState, move: Move, seat: int | None) -> Any:
    """What the rules let ``seat`` know of ``move`` in ``state``, written out
    here on its own (docs/views.md), independently of ``views.project_move``,
    so that a projection that tells too much is caught rather than trusted."""
    if state.phase is Phase.GAME_OVER or move.seat == seat and seat is not None:
        return move
    if isinstance(move, (ChooseOrders, KeepUnavailable, Spy, DiscardTrap)):
        return (type(move).__name__, move.seat)  # ORD-3, DUM2-3, RUL-13, ACT-REP-2, SETUP-3
    if isinstance(move, PlanDefence):
        return ("PlanDefence", move.seat, move.tile, len(move.traps), move.monsters)  # CMB-PLAN-9
    if isinstance(move, (HireMonster, PayMonster)) and move.trap is not None:
        return attrs.evolve(move, trap="")  # the Golem's trap card, face down
    if isinstance(move, DealOrders) and state.deal_and_keep and move.target < state.n_players:
        return ("DealOrders", move.target)  # RUL-13
    if isinstance(move, Draw) and move.deck == "traps" and state.phase is not Phase.SETUP:
        after = apply(state, move)
        gainer = [s for s in range(state.n_players) if len(after.players[s].traps) > len(state.players[s].traps)]
        return move if gainer == [seat] else ("Draw", "traps", tuple(gainer))  # ACT-TRAP-2
    if isinstance(move, Draw) and move.deck == "combat" and state.resolution is not None and state.resolution.spy is not None:
        return move if acting_seat(state) == seat else ("Draw", "combat")  # ACT-REP-2
    return move


def counterpart(a: GameState, move: Move, b: GameState, seat: int | None) -> Move | None:
    """The move in ``b`` that ``seat`` cannot tell from ``move`` in ``a``: the
    same move if it is legal there, else one with the same public part."""
    if not check(b, move):
        return move
    seen = public_part(a, move, seat)
    same = sorted((m for m in legal_moves(b) if public_part(b, m, seat) == seen), key=repr)
    return same[0] if same else None


REVEALING_EVENTS = frozenset({"card", "reveal_trap"})
"""Events of a card turned face up by the rules: the round's combat card
(CMB-REV-1, CMB-CARD-7), a trap card going off (CMB-REF-6)."""


def reveals(before: GameState, after: GameState, move: Move) -> bool:
    """``move`` makes secrets public by the rules: a new phase (ORD-3's reveal of
    every order, RUL-13's of the kept orders, LIB-WG-1 at the end), a card
    turned face up in combat, or the last of a simultaneous secret choice."""
    if (before.phase, before.year, before.round) != (after.phase, after.year, after.round):
        return True
    _, events = apply_with_events(before, move)
    if any(e.code in REVEALING_EVENTS for e in events):
        return True
    if isinstance(move, ChooseOrders):
        return not any(p.committed is not None for p in after.players)
    if isinstance(move, KeepUnavailable):
        return not any(p.kept is not None for p in after.players)
    return False


class Leak(AssertionError):
    """A seat is shown a difference between two states it may not tell apart."""


def same(what: str, one: dict[str, Any], two: dict[str, Any]) -> None:
    for key in one:
        if one[key] != two.get(key):
            raise Leak(f"{what}: channel {key!r} differs: {str(one[key])[:300]!r} / {str(two.get(key))[:300]!r}")


def walk(a: GameState, b: GameState, seat: int | None, rng: random.Random, steps: int) -> int:
    """Compare every channel of ``a`` and ``b`` for ``seat``, then apply up to
    ``steps`` moves it cannot tell apart to both (chance included) and compare
    again after each, and the HTML page of the walk at the end. Raises
    ``Leak``; returns the number of pairs compared."""
    same("the position", channels(a, seat), channels(b, seat))
    pages: tuple[list[Frame], list[Frame]] = ([], [])
    compared = 1
    for n in range(1, steps + 1):
        moves = legal_moves(a)
        if not moves:
            break
        move = rng.choice(moves)
        other = counterpart(a, move, b, seat)
        if other is None:
            break  # the siblings' secret draws cannot match: the walk ends
        try:
            after_a, after_b = apply(a, move), apply(b, other)
        except IllegalMove:  # pragma: no cover - both were checked legal
            raise
        if reveals(a, after_a, move) or reveals(b, after_b, other):
            if redact(after_a, seat) != redact(after_b, seat) or move_channels(a, move, seat) != move_channels(b, other, seat):
                break  # the rules turn the differing secrets face up now: no longer siblings
        told_a, told_b = move_channels(a, move, seat), move_channels(b, other, seat)
        same(f"move {n} ({move!r} / {other!r})", told_a, told_b)
        ca, cb = channels(after_a, seat), channels(after_b, seat)
        same(f"after move {n} ({move!r} / {other!r})", ca, cb)
        pages[0].append(Frame(ca["svg"], f"Move {n}: {told_a['caption']}"))
        pages[1].append(Frame(cb["svg"], f"Move {n}: {told_b['caption']}"))
        a, b = after_a, after_b
        compared += 1
    if pages[0]:
        html = [game_page(frames, title="as seen") for frames in pages]
        if html[0] != html[1]:
            raise Leak("the HTML page of the walk differs")
    return compared


def playout(players: int, seed: int) -> tuple[GameState, tuple[Move, ...]]:
    start = dlrules.new_game(players)
    return start, dlrules.play_out(start, None, random.Random(seed)).moves
