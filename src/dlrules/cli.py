"""The ``dlrules`` command."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from dlrules import __version__
from dlrules.chance import random_policy, sample_chance
from dlrules.engine import apply_with_events, legal_moves, to_move
from dlrules.phases.setup import VARIANTS, initial_state
from dlrules.state import CHANCE, GameState


def _play(args: argparse.Namespace) -> int:
    from dlrules.engine import settle

    try:
        state: GameState = settle(initial_state(args.players, args.variant))
    except ValueError as exc:
        print(f"dlrules play: {exc}", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    print(f"A {args.players}-player game of Dungeon Lords ({args.variant} variant), seed {args.seed}.")
    moves = 0
    while True:
        seats = to_move(state)
        if not seats:
            break
        if CHANCE in seats:
            move = sample_chance(state, rng)
        else:
            seat = min(seats)
            move = random_policy(state, tuple(m for m in legal_moves(state) if m.seat == seat), rng)
        state, events = apply_with_events(state, move)
        moves += 1
        for event in events:
            if args.verbose or event.code not in {"deal", "commit"}:
                print(f"  {event.text}")
    print(f"Stopped after {moves} moves in year {state.year}, {state.season}, phase {state.phase.value}:")
    print("  nobody is to move: the engine implements the game up to here.")
    for seat, p in enumerate(state.players):
        orders = ", ".join(f"{o.action.title} {('I', 'II', 'III')[o.slot] if o.slot is not None else '(on card)'}" for o in p.played)
        print(f"  Player {seat + 1}: {p.gold} gold, {p.food} food, {p.imps} imps, evil {p.evil}; orders: {orders}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dlrules", description="The rules referee for Dungeon Lords.")
    parser.add_argument("--version", action="version", version=f"dlrules {__version__}")
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="built-in bots play a seeded game; the referee narrates it")
    play.add_argument("--players", type=int, default=4, help="2, 3 or 4 (default 4)")
    play.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    play.add_argument("--variant", choices=VARIANTS, default="full", help="'first' (introductory) or 'full'")
    play.add_argument("--verbose", action="store_true", help="also print deals and secret commitments")
    play.set_defaults(func=_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    return int(args.func(args))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
