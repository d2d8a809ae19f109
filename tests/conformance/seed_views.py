"""(Re)create the kit's hidden-information scenarios (issue 36, item 3): for
each secret of the game, a position, the move that makes the secret, and what
every seat and the spectator may see afterwards (``expect.views``): the owner
sees it, the others see a placeholder (``null``, ``[]``, ``"?"``) and the
public fact that something happened.

    .venv/bin/python tests/conformance/seed_views.py

Each position comes from a seeded random play-out (the first one reaching
the situation); the expected views are dlrules' projection (``dlrules.records.views``),
read against the rules cited:

- ``ORD-3-orders-are-secret-until-the-reveal``: a player's chosen orders;
- ``DUM2-3-the-dummys-order-is-secret``: a 2-player dummy's third order;
- ``RUL-13-the-orders-dealt-are-secret`` and ``RUL-13-the-orders-kept-are-secret``:
  the deal of unavailable orders and the two kept;
- ``ACT-TRAP-2-a-trap-card-drawn-is-secret``: a trap card for a player's hand;
- ``ACT-REP-2-the-place-looked-at-is-secret`` and ``ACT-REP-2-the-card-looked-at-is-secret``:
  the spy's look (where, and what);
- ``CMB-PLAN-9-the-trap-cards-planned-are-face-down``: a combat plan's trap cards;
- ``Y2-8-the-box-is-face-down``: year 1's combat cards going to the box.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conformance.record import record_position  # noqa: E402

import dlrules  # noqa: E402
from dlrules import CHANCE, GameState, Move  # noqa: E402
from dlrules.apps.conformance.observe import lookup, observe  # noqa: E402
from dlrules.apps.conformance.scenarios import SCENARIOS  # noqa: E402
from dlrules.core.moves import ChooseOrders, DealOrders, Draw, KeepUnavailable, PlanDefence, Spy  # noqa: E402

FOLDER = SCENARIOS / "views"


def find(players: int, predicate: Callable[[GameState, Move], bool], **options: Any) -> tuple[GameState, Move]:
    """The first (position, move) of seeded random play-outs (seeds 0, 1, …)
    where ``predicate`` holds for a legal move. Players prefer a move with
    trap cards or a look, to reach the rarer secrets sooner."""
    for seed in range(200):
        rng = random.Random(seed)
        state = dlrules.new_game(players, **options)
        for _ in range(3000):
            if dlrules.is_over(state) or not dlrules.to_move(state):
                break
            legal = dlrules.legal_moves(state)
            for move in legal:
                if predicate(state, move):
                    return state, move
            if CHANCE in dlrules.to_move(state):
                move = dlrules.sample_chance(state, rng)
            else:
                steered = [m for m in legal if isinstance(m, (Spy, PlanDefence)) and getattr(m, "traps", True)]
                move = rng.choice(steered) if steered and rng.random() < 0.7 else rng.choice(legal)
            state = dlrules.apply(state, move)
    raise SystemExit("no play-out reached the situation")


def views(state: GameState, move: Move, paths: dict[str, list[str]]) -> dict[str, dict[str, Any]]:
    """For each viewer ("0".."3", "spectator"), the values of its paths after ``move``."""
    after = dlrules.apply(state, move)
    out = {}
    for viewer, wanted in paths.items():
        seen = observe(after, int(viewer) if viewer.isdigit() else viewer)
        out[viewer] = {path: lookup(seen, path) for path in wanted}
    return out


def write(id: str, rules: list[str], description: str, state: GameState, move: Move,
          referee: list[str], seen: dict[str, list[str]]) -> None:  # fmt: skip
    """Record the scenario: the referee's paths as ``after``, the others' as ``views``."""
    ref = observe(dlrules.apply(state, move))
    path = record_position(FOLDER, id, rules, description, state, move, only=("?",),
                           after={p: lookup(ref, p) for p in referee}, views=views(state, move, seen))  # fmt: skip
    print(path.relative_to(SCENARIOS.parent))


def others(state: GameState, seat: int) -> list[int]:
    return [s for s in range(state.n_players) if s != seat]


def main() -> None:
    # ORD-3: the chosen orders, face down until every seat has chosen.
    state, move = find(3, lambda s, m: isinstance(m, ChooseOrders) and all(p.committed is None for p in s.players))
    seat = move.seat
    o = others(state, seat)[0]
    write("ORD-3-orders-are-secret-until-the-reveal", ["ORD-3"],
          "Orders: the first player to choose lays 3 orders face down; the other players and a spectator see that "
          "they have chosen, not what; the chooser sees their own orders.",
          state, move, [f"players.{seat}.committed"],
          {str(seat): [f"players.{seat}.committed", "orders_chosen"], str(o): [f"players.{seat}.committed", "orders_chosen"],
           "spectator": [f"players.{seat}.committed", "orders_chosen"]})  # fmt: skip
    # DUM2-3: with two players, the responsible dummy's third order is chosen face down too.
    state, move = find(2, lambda s, m: isinstance(m, ChooseOrders) and m.dummy_order is not None and all(p.committed is None for p in s.players))
    seat, o = move.seat, 1 - move.seat
    write("DUM2-3-the-dummys-order-is-secret", ["DUM2-3", "ORD-3"],
          "Orders, 2 players: the player chooses the third order of the dummy they are responsible for, face down; "
          "the other player sees neither their orders nor the dummy's.",
          state, move, [f"players.{seat}.dummy_choice"],
          {str(seat): [f"players.{seat}.dummy_choice"], str(o): [f"players.{seat}.dummy_choice", f"players.{seat}.committed"],
           "spectator": [f"players.{seat}.dummy_choice"]})  # fmt: skip
    # RUL-13: the deal of three order cards to keep two from, and the two kept.
    state, move = find(3, lambda s, m: isinstance(m, DealOrders) and m.target == 1)
    write("RUL-13-the-orders-dealt-are-secret", ["RUL-13"],
          "Setup, full game: chance deals Player 2 three order cards to keep two from; only Player 2 sees them, "
          "the others see how many were dealt.",
          state, move, ["players.1.dealt"],
          {"1": ["players.1.dealt", "dealt_counts"], "0": ["players.1.dealt", "dealt_counts"], "spectator": ["players.1.dealt", "dealt_counts"]})  # fmt: skip
    state, move = find(3, lambda s, m: isinstance(m, KeepUnavailable) and sum(p.kept is not None for p in s.players) == 0)
    seat = move.seat
    o = others(state, seat)[0]
    write("RUL-13-the-orders-kept-are-secret", ["RUL-13"],
          "Setup, full game: a player keeps two of the three orders dealt as unavailable, face down until everyone "
          "has kept theirs; the others see that they have chosen.",
          state, move, [f"players.{seat}.kept"],
          {str(seat): [f"players.{seat}.kept", "unavailable_chosen"], str(o): [f"players.{seat}.kept", f"players.{seat}.dealt", "unavailable_chosen"],
           "spectator": [f"players.{seat}.kept", "unavailable_chosen"]})  # fmt: skip
    # ACT-TRAP-2: a trap card drawn into a hand.
    def trap_for_a_hand(s: GameState, m: Move) -> bool:
        if not (isinstance(m, Draw) and m.deck == "traps"):
            return False
        after = dlrules.apply(s, m)
        return any(len(a.traps) > len(b.traps) for a, b in zip(after.players, s.players, strict=True))

    state, move = find(3, trap_for_a_hand)
    after = dlrules.apply(state, move)
    seat = next(i for i, (a, b) in enumerate(zip(after.players, state.players, strict=True)) if len(a.traps) > len(b.traps))
    o = others(state, seat)[0]
    write("ACT-TRAP-2-a-trap-card-drawn-is-secret", ["ACT-TRAP-2"],
          "Buy Traps: chance deals the player a trap card; only they see which; the others and a spectator see "
          "how many trap cards they hold.",
          state, move, [f"players.{seat}.traps"],
          {str(seat): [f"players.{seat}.traps"], str(o): [f"players.{seat}.traps"], "spectator": [f"players.{seat}.traps"]})  # fmt: skip
    # ACT-REP-2: the spy's look: which card, and what it is.
    state, move = find(3, lambda s, m: isinstance(m, Spy))
    seat = move.seat
    o = others(state, seat)[0]
    write("ACT-REP-2-the-place-looked-at-is-secret", ["ACT-REP-2", "CMB-CARD-7"],
          "Improve Reputation with the eye: the player chooses a combat card to look at; the others see that a "
          "look is under way, not at which card.",
          state, move, ["resolution.spy"],
          {str(seat): ["resolution.spy"], str(o): ["resolution.spy"], "spectator": ["resolution.spy"]})  # fmt: skip
    state, move = find(3, lambda s, m: isinstance(m, Draw) and m.deck == "combat" and s.resolution is not None and s.resolution.spy is not None)
    from dlrules.core.phases.resolution import acting_seat

    spy = acting_seat(state)
    assert spy is not None
    seat = spy
    o = others(state, seat)[0]
    position = state.resolution.spy  # type: ignore[union-attr]
    write("ACT-REP-2-the-card-looked-at-is-secret", ["ACT-REP-2", "CMB-CARD-7", "LIB-CMB-3"],
          "The spy's look: chance turns up the combat card for the player looking; only they see it; for the "
          "others it stays face down, and the combat deck shows the same size to all.",
          state, move, [f"combat_cards.{position}", f"players.{seat}.spied"],
          {str(seat): [f"combat_cards.{position}", f"players.{seat}.spied"], str(o): [f"combat_cards.{position}", f"players.{seat}.spied", "decks.combat.size"],
           "spectator": [f"combat_cards.{position}", "decks.combat.size"]})  # fmt: skip
    # CMB-PLAN-9: trap cards played in a combat plan stay face down.
    state, move = find(2, lambda s, m: isinstance(m, PlanDefence) and bool(m.traps))
    seat, o = move.seat, 1 - move.seat
    write("CMB-PLAN-9-the-trap-cards-planned-are-face-down", ["CMB-PLAN-9", "ACT-TRAP-2"],
          "Combat planning: the defender lays trap cards face down by the battle tile; the other player and a "
          "spectator see how many, not which.",
          state, move, [f"combat.plans.{seat}.traps"],
          {str(seat): [f"combat.plans.{seat}.traps", f"players.{seat}.traps"], str(o): [f"combat.plans.{seat}.traps", f"players.{seat}.traps"],
           "spectator": [f"combat.plans.{seat}.traps"]})  # fmt: skip
    # Y2-8: year 1's combat cards go back to the box, face down.
    state, move = find(2, lambda s, m: not s.box and bool(dlrules.apply(s, m).box))
    write("Y2-8-the-box-is-face-down", ["Y2-8", "Y2-10"],
          "The move that ends year 1 (then the year changes): the cards put back in the box are out of the game "
          "face down; the players and a spectator see only how many.",
          state, move, ["box"], {"0": ["box"], "1": ["box"], "spectator": ["box"]})


if __name__ == "__main__":
    main()
