"""Random play-outs from new_game through the resolution of round 1, for 2, 3
and 4 players, checking after every step: no negative supplies (RES-5), no
filled 2×2 block (ACT-DIG-6), imps conserved (ACT-DIG-7, ACT-MINE-5), evil on
the evilometer (RES-8), the paladin with a lord on or above his space (PAL-2),
exactly one seat to move in resolution (RES-3); at the end every minion is
home or on its order card (ACT-END-1, RUL-1)."""

from __future__ import annotations

import random

import pytest
from res_positions import apply_within

from dlrules import CHANCE, Decline, GameState, Outcome, Phase, apply, check, dumps, legal_moves, loads, new_game, sample_chance, to_move
from dlrules.components import MONSTERS, TRAPS
from dlrules.components.setup import EVIL_MAX, EVIL_MIN, PALADIN_SPACE
from dlrules.core.dungeon import GRID, full_blocks
from dlrules.core.moves import BuildRoom, DigTunnel, FinishDigging, HireMonster, MineGold, Move, DiscardTrap, Spy, TakeAction
from dlrules.core.phases.resolution import RULES


def candidates(seat: int) -> list[Move]:
    """Moves a player might try at any resolution decision."""
    out: list[Move] = [TakeAction(seat), Decline(seat), FinishDigging(seat)]
    out += [Spy(seat, p) for p in range(-1, 5)]
    out += [DigTunnel(seat, sq) for sq in GRID + ((4, 2), (0, -1))]
    out += [MineGold(seat, k) for k in range(6)]
    out += [HireMonster(seat, k) for k in MONSTERS] + [HireMonster(seat, "demon", 0), HireMonster(seat, "goblin", 0)]
    out += [BuildRoom(seat, r, sq) for r in ("chicken-coop", "mint", "workshop", "printing-press") for sq in GRID]
    out += [DiscardTrap(seat, t) for t in TRAPS]
    return out


def check_agrees_with_legal(state: GameState) -> None:
    """Legality is defined once: check() is empty exactly for the legal moves,
    and every refusal cites a rule of its own (not only the generic turn rule)."""
    (seat,) = to_move(state)
    if seat == CHANCE:
        return
    legal = set(legal_moves(state))
    for move in candidates(seat):
        found = check(state, move)
        assert (not found) == (move in legal), (move, found)
        if found:
            assert all(v.message for v in found)


def invariants(state: GameState) -> None:
    for seat, p in enumerate(state.players):
        assert min(p.gold, p.food, p.imps, p.busy_imps, p.foreimps) >= 0, (seat, p)
        assert p.free_imps >= 0 and p.free_imps + p.busy_imps + p.foreimps == p.imps
        assert not full_blocks(p.dungeon.squares)
        assert EVIL_MIN.value <= p.evil <= EVIL_MAX.value
    if any(p.evil >= PALADIN_SPACE.value for p in state.players):
        assert state.paladin is not None
    if state.phase is Phase.RESOLUTION and not RULES.done(state):
        assert len(to_move(state)) == 1


def eager(moves: tuple[Move, ...], rng: random.Random) -> Move:
    """Mostly take the slot (to exercise every action), sometimes decline."""
    taking = [m for m in moves if not isinstance(m, Decline)]
    if taking and rng.random() < 0.85:
        return taking[rng.randrange(len(taking))]
    return moves[rng.randrange(len(moves))]


def play_round_one(players: int, seed: int) -> GameState:
    """From new_game to the end of round 1's resolution; returns the state at
    that moment (before the engine enters the next phase)."""
    rng = random.Random(seed)
    state = new_game(players)
    for _ in range(2000):
        seats = to_move(state)
        assert seats, f"stuck in {state.phase.value}"
        if CHANCE in seats:
            move = sample_chance(state, rng)
        else:
            seat = min(seats)
            mine = tuple(m for m in legal_moves(state) if m.seat == seat)
            move = eager(mine, rng) if state.phase is Phase.RESOLUTION else mine[rng.randrange(len(mine))]
        if state.phase is Phase.RESOLUTION:
            assert check(state, move) == ()
            if rng.random() < 0.3:
                check_agrees_with_legal(state)
            assert loads(dumps(move), Move) == move
            assert loads(dumps(state), GameState) == state  # the cursor survives JSON
            within = apply_within(state, move)
            invariants(within)
            if RULES.done(within):
                return within
        state = apply(state, move)
        invariants(state)
    raise AssertionError("resolution of round 1 never ended")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_play_outs_through_resolution_of_round_one(players: int) -> None:
    for seed in range(30):
        end = play_round_one(players, seed)
        assert all(slot is None for row in end.board for slot in row)  # ACT-END-1
        for p in end.players:
            assert len(p.played) == 3
            assert all(o.outcome in (Outcome.CARRIED_OUT, Outcome.NOT_CARRIED_OUT) for o in p.played)
