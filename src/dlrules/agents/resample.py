"""Resampling a position from what one seat knows (docs/ai.md, LIB-AI-7): a
whole ``GameState`` that seat cannot tell from the real one, drawn uniformly
over the cards it has not seen. Search with hidden information (ISMCTS,
``dlrules.agents.bots``; OpenSpiel's ``resample_from_infostate``) plays in such
samples instead of the real state, so it never reads what the seat may not
know.

``resample(state, seat, rng)`` keeps everything the seat's ``view`` shows and
draws the rest:

- **Trap cards** the seat has not seen (the trap deck, the other players'
  trap cards, the face-down discard, the trap cards another defender played
  in a plan or still has in a battle) are one pool, dealt back at random to
  the same places in the same numbers (ACT-TRAP-2, SETUP-3, CMB-PLAN-9).
- **Combat cards** the seat has not seen are all unidentified in a sample,
  drawn from the combat deck when needed (LIB-RES-3): which ones the other
  seats looked at is secret, even how many (ACT-REP-2, LIB-CMB-3, issue 21),
  so the others keep only the looks everybody shares (cards turned face up
  in combat), and another seat's look in progress is at a drawn position.
- **Secret orders** of the other players: chosen orders (and a 2-player
  dummy's third) drawn uniformly among their legal choices (ORD-3, DUM2-3);
  dealt and kept unavailable orders at setup uniformly among the deals and
  keeps that agree with what is public (RUL-13).
- Every other deck's unseen cards are what the components hold minus what
  everybody saw, the same in every sample (kept); the box (Y2-8, Y2-10) is
  never read again and keeps its cards.

The draw reads the real state only through ``redact(state, seat)`` and the
public counts of the hidden places, so two states the seat cannot tell apart
give the same distribution (``tests/test_resample.py`` checks that samples
always show the seat the same view, and the distribution with a chi-square test).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs

from dlrules.components import Action
from dlrules.core.moves import ChooseOrders
from dlrules.core.state import Deck, GameState, Phase, PlayerState
from dlrules.records.views import HIDDEN, HIDDEN_POSITION, face_up_combat, redact


def _cards(deck: Deck) -> list[str]:
    return [k for k, n in deck.unseen for _ in range(n)]


def resample(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A full state ``seat`` cannot tell from ``state`` (module docstring):
    ``view(resample(state, seat, rng), seat) == view(state, seat)``."""
    if not 0 <= seat < state.n_players:
        raise ValueError(f"there is no seat {seat} in a {state.n_players}-player game")
    if state.phase is Phase.GAME_OVER:
        return state  # LIB-WG-1: nothing is hidden any more
    known = redact(state, seat)
    out = _traps(state, known, seat, rng)
    out = _combat(state, known, out, seat, rng)
    out = _orders(state, out, seat, rng)
    return out


# --- trap cards -----------------------------------------------------------------


def _trap_places(known: GameState, seat: int) -> Iterator[tuple[str, int, int]]:
    """The hidden trap-card places as the seat's view shows them: (where, who, how many)."""
    for s, p in enumerate(known.players):
        if s != seat and p.traps:
            yield ("hand", s, len(p.traps))
    if known.trap_discard:
        yield ("discard", -1, len(known.trap_discard))
    fight = known.fight
    if fight is not None:
        for s, plan in enumerate(fight.plans):
            if plan is not None and s != seat and plan.traps:
                yield ("plan", s, len(plan.traps))


def _traps(state: GameState, known: GameState, seat: int, rng: random.Random) -> GameState:
    """ACT-TRAP-2, SETUP-3, CMB-PLAN-9: the seat's unseen trap cards, dealt
    back at random. The pool is the trap cards the components hold less the
    ones the seat sees; it is read here from the real places, whose union is
    that same multiset whatever the hidden parts hold."""
    places = list(_trap_places(known, seat))
    pool = _cards(state.decks.traps)
    for where, who, _ in places:
        if where == "hand":
            pool += state.players[who].traps
        elif where == "discard":
            pool += state.trap_discard
        else:
            assert state.fight is not None
            plan = state.fight.plans[who]
            assert plan is not None
            pool += plan.traps
    if not places:
        return state
    pool.sort()  # the multiset, not where its cards were: the same list for every state the seat cannot tell apart
    rng.shuffle(pool)
    players = list(state.players)
    discard = state.trap_discard
    fight = state.fight
    for where, who, n in places:
        dealt, pool = pool[:n], pool[n:]
        if where == "hand":
            players[who] = attrs.evolve(players[who], traps=tuple(sorted(dealt)))
        elif where == "discard":
            discard = tuple(dealt)
        else:
            assert fight is not None
            plan = fight.plans[who]
            assert plan is not None
            new = tuple(sorted(dealt))
            plans = tuple(attrs.evolve(plan, traps=new) if s == who else q for s, q in enumerate(fight.plans))
            battle = fight.battle
            if battle is not None and battle.seat == who and battle.traps:
                left = list(new)
                rng.shuffle(left)  # which of them already went off is not in the view
                battle = attrs.evolve(battle, traps=tuple(sorted(left[: len(battle.traps)])))
            fight = attrs.evolve(fight, plans=plans, battle=battle)
    deck = Deck.of(dict(Counter(pool)))
    deck = Deck(deck.unseen, state.decks.traps.bottom)
    return attrs.evolve(
        state, players=tuple(players), trap_discard=discard, fight=fight, decks=attrs.evolve(state.decks, traps=deck)
    )


# --- combat cards ------------------------------------------------------------------


def _combat(state: GameState, known: GameState, out: GameState, seat: int, rng: random.Random) -> GameState:
    """ACT-REP-2, LIB-CMB-3: the combat cards the seat has not seen. Which of
    them the other seats have looked at (and so identified) is not public,
    not even how many (issue 21), so a sample gives the others only the looks
    everybody shares (the cards combat has turned face up, CMB-CARD-7): every
    card the seat has not seen is unidentified and drawn from the combat deck
    when it is needed, as the real draw would be (LIB-RES-3). Another seat's
    look in progress is at a position drawn among the four."""
    mine = frozenset(state.spied[seat]) if seat < len(state.spied) else frozenset()
    public = _turned_up(state)
    unseen = [pos for pos in range(len(state.combat)) if pos not in mine]
    turned = [pos for pos in unseen if state.combat[pos] is not None]
    resolution = out.resolution
    looking = known.resolution is not None and known.resolution.spy == HIDDEN_POSITION  # another seat's look
    others = tuple(positions if s == seat else tuple(sorted(public)) for s, positions in enumerate(state.spied))
    if not turned and not looking and others == state.spied:
        return out
    pool = _cards(state.decks.combat) + [c for pos in turned if (c := state.combat[pos]) is not None]
    combat = tuple(None if pos in unseen else card for pos, card in enumerate(state.combat))
    if looking:
        assert resolution is not None
        resolution = attrs.evolve(resolution, spy=rng.randrange(len(state.combat)))
    deck = Deck(Deck.of(dict(Counter(pool))).unseen, state.decks.combat.bottom)
    return attrs.evolve(out, combat=combat, spied=others, resolution=resolution, decks=attrs.evolve(out.decks, combat=deck))


def _turned_up(state: GameState) -> frozenset[int]:
    """The combat positions turned face up so far (CMB-REV-1, CMB-CARD-7):
    every seat has seen them, as everybody knows (``views.face_up_combat``)."""
    return face_up_combat(state)


# --- secret orders -----------------------------------------------------------------


def _orders(state: GameState, out: GameState, seat: int, rng: random.Random) -> GameState:
    """ORD-3, DUM2-3, RUL-13: the other players' secret order choices."""
    players = list(out.players)
    for s, p in enumerate(state.players):
        if s == seat:
            continue
        if p.committed is not None and not _revealed(state):
            players[s] = _choose(out, s, rng)
        if p.dealt:
            players[s] = _deal(players[s], rng)
    return attrs.evolve(out, players=tuple(players))


def _revealed(state: GameState) -> bool:
    """The chosen orders are face down only while someone is still choosing (ORD-3)."""
    return state.phase is not Phase.ORDERS


def _choose(out: GameState, s: int, rng: random.Random) -> PlayerState:
    """Player ``s``'s secret orders, drawn uniformly among its legal choices
    (its hand is public; ORD-3, DUM2-3)."""
    from dlrules.core.phases.orders import _seat_choices

    p = out.players[s]
    choices: tuple[ChooseOrders, ...] = _seat_choices(out, s)
    pick = choices[rng.randrange(len(choices))]
    return attrs.evolve(p, committed=pick.orders, dummy_choice=pick.dummy_order)


def _deal(p: PlayerState, rng: random.Random) -> PlayerState:
    """RUL-13: the dealt orders (and the kept ones while hidden), uniformly
    among the deals that hold the unavailable orders already face up."""
    dealt_n = len(p.dealt)
    public = [a for a in Action if a in p.unavailable]
    rest = [a for a in Action if a not in public]
    dealt = set(public[:dealt_n]) | set(rng.sample(rest, dealt_n - min(dealt_n, len(public))))
    dealt_t = tuple(a for a in Action if a in dealt)
    kept = p.kept
    if kept is not None and not public:
        kept = tuple(a for a in Action if a in rng.sample(dealt_t, len(kept)))
    elif kept is not None:
        kept = tuple(a for a in Action if a in public)
    return attrs.evolve(p, dealt=dealt_t, kept=kept)


def hidden_equal(a: GameState, b: GameState, seat: int) -> bool:
    """Whether ``seat``'s view of ``a`` and ``b`` is the same (what a sample must keep)."""
    from dlrules.records.views import view

    return view(a, seat) == view(b, seat)


__all__ = ["HIDDEN", "HIDDEN_POSITION", "hidden_equal", "resample"]
