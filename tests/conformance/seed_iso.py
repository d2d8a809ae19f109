"""(Re)create the kit's *isolating* scenarios (issue 36 item 3): scenarios
that show one rule's data alone, for rules the kill matrix found caught only
by a catch-all (the whole seeded game, or another rule's scenario).

- *the slots* (``scenarios/year1/iso-*``): for each action space and each of
  its three slots, from seeded play-outs, a position where the player on that
  slot acts; the first legal acting move of each kind (take the action, dig,
  mine, hire, build) is a scenario citing the rule of that space's slots
  first (ACT-FOOD-1, ACT-REP-1, ACT-DIG-1, ACT-MINE-1, ACT-IMP-1, ACT-TRAP-1,
  ACT-MON-3, ACT-ROOM-2): its expected changes to the player, the resolution
  cursor and who moves next. Dig and mine also get the move one step beyond
  the slot's permit, refused citing the slot rule (a tunnel too many, one
  imp too many);
- *the title points* (``scenarios/scoring/iso-SCO-2-*``): for 2, 3 and 4
  players, one lord alone holding the tunnel title and the titles shared by
  all, the points each is worth (SCO-2).

Every expectation is dlrules' (the reference), checked as it is written
(``record_position``); each was read against the rule's text in RULES.md
(slots: COMPONENTS.md's board table) before it was committed.

    .venv/bin/python tests/conformance/seed_iso.py
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from scoring_positions import end_of_game, lord

import dlrules
from conformance.record import record_position
from conformance.runner import leaves, observe, reveal_known
from conformance.seed_by_rule import SETUPS, playout
from dlrules import BuildRoom, DigTunnel, Draw, GameState, HireMonster, MineGold, Move, TakeAction
from dlrules.apps.conformance.scenarios import SCENARIOS
from dlrules.components.board import ACTION_ORDER

YEAR1 = SCENARIOS / "year1"
SCORING = SCENARIOS / "scoring"

SLOT_RULES = {
    "food": "ACT-FOOD-1", "reputation": "ACT-REP-1", "dig": "ACT-DIG-1", "mine": "ACT-MINE-1",
    "imps": "ACT-IMP-1", "traps": "ACT-TRAP-1", "monster": "ACT-MON-3", "room": "ACT-ROOM-2",
}  # fmt: skip
"""Each action space → the rule stating its slots' costs and rewards."""

ACTING = (TakeAction, DigTunnel, MineGold, HireMonster, BuildRoom)
NUMERALS = ("I", "II", "III")


def _slot(state: GameState) -> tuple[str, int] | None:
    r = state.resolution
    if r is None or r.space >= len(ACTION_ORDER):
        return None
    return ACTION_ORDER[r.space].value, r.slot


def _only(seat: int) -> tuple[str, ...]:
    return (f"players.{seat}.", "resolution", "to_move", "board.")


SUPPLIES = ("gold", "food", "imps", "evil")
"""What a slot's cost and reward are paid in and given in."""


def _supplies(state: GameState, move: Move) -> dict[str, Any]:
    """The acting player's supplies after ``move``, changed or not: a free
    slot's cost (Buy Traps II) shows as gold left where it was, which the
    changes alone do not say."""
    seen = dict(leaves(observe(reveal_known(dlrules.apply(state, move)))))
    return {path: seen[path] for key in SUPPLIES if (path := f"players.{move.seat}.{key}") in seen}


def _beyond(state: GameState, move: Move) -> list[Move]:
    """Moves one step beyond the slot's permit, near ``move``: one more imp
    mining; another tunnel anywhere in the grid."""
    if isinstance(move, MineGold):
        return [MineGold(move.seat, move.imps + 1)]
    if isinstance(move, DigTunnel):
        return [DigTunnel(move.seat, (x, y)) for x in range(6) for y in range(5)]
    return []


def slots(games: int = 24) -> list[Path]:
    out: list[Path] = []
    done: set[tuple[str, int, str, int]] = set()
    refused: set[tuple[str, int]] = set()
    for g in range(games):
        for state, move, listed in playout(SETUPS[g % 3], 500 + g):
            where = _slot(state)
            if where is None or not isinstance(move, ACTING):
                continue
            space, slot = where
            rule = SLOT_RULES[space]
            kind = type(move).__name__
            seat = move.seat
            dug = state.resolution.dug if state.resolution else 0
            if (space, slot, kind, dug) not in done:  # digging: each tunnel the slot permits, the last one too
                done.add((space, slot, kind, dug))
                nth = f"-after-{dug}" if dug else ""
                out.append(record_position(
                    YEAR1, f"iso-{rule}-{space}-slot-{NUMERALS[slot]}-{kind.lower()}{nth}", [rule],
                    f"Year {state.year}, {space} slot {NUMERALS[slot]}: Player {seat + 1} acts ({kind}"
                    f"{f', having dug {dug} tunnels' if dug else ''}); what the "
                    f"slot costs and gives shows in the player's supplies and in what happens next ({rule}).",
                    state, move, only=_only(seat), after=_supplies(state, move),
                ))  # fmt: skip
            if (space, slot) in refused:
                continue
            after = dlrules.apply(state, move)
            if isinstance(move, DigTunnel) and (_slot(after) != where or seat not in dlrules.to_move(after)):
                continue
            if isinstance(move, DigTunnel) and not [m for m in dlrules.legal_moves(after) if isinstance(m, DigTunnel)]:
                # digging: the permit is used up; any further tunnel is refused citing the slot's rule
                for cand in _beyond(after, move):
                    violations = dlrules.check(after, cand)
                    if violations and {v.rule for v in violations} == {rule}:
                        refused.add((space, slot))
                        out.append(record_position(
                            YEAR1, f"iso-{rule}-{space}-slot-{NUMERALS[slot]}-one-tunnel-too-many", [rule],
                            f"{space} slot {NUMERALS[slot]}: Player {seat + 1} has dug the tunnels the slot permits; "
                            f"another is refused ({rule}).", after, cand,
                        ))  # fmt: skip
                        break
            if isinstance(move, MineGold):
                cand = _beyond(state, move)[0]
                assert isinstance(cand, MineGold)  # one imp more than the move sent
                violations = dlrules.check(state, cand)
                if violations and rule in {v.rule for v in violations} and len({v.rule for v in violations}) <= 2:
                    refused.add((space, slot))
                    out.append(record_position(
                        YEAR1, f"iso-{rule}-{space}-slot-{NUMERALS[slot]}-one-imp-too-many", [rule],
                        f"{space} slot {NUMERALS[slot]}: Player {seat + 1} may not send {cand.imps} imps to mine: "
                        f"more than the slot permits ({rule}).", state, cand,
                    ))  # fmt: skip
    return out


REFUSED = Draw("monsters", "goblin")  # SCO-3: after final scoring every move is refused


def titles() -> list[Path]:
    """SCO-2: what a title is worth by the number of players, held alone and shared."""
    out = []
    for n in (2, 3, 4):
        lords = [lord(tunnels=5)] + [lord() for _ in range(n - 1)]
        state = end_of_game(*lords)
        out.append(record_position(
            SCORING, f"iso-SCO-2-title-points-with-{n}-players", ["SCO-2", "SCO-9", "SCO-3"],
            f"{n} players: Player 1 alone holds the tunnel title (5 tunnel tiles, the others 3); every other title "
            f"is shared by all. What a title held alone and a shared one are worth with {n} players (SCO-2). "
            "A move is refused.",
            state, REFUSED, before={"outcome.players.0.titles": _titles_of(state, 0),
                                    "outcome.players.1.titles": _titles_of(state, 1)},
        ))  # fmt: skip
    return out


def _titles_of(state: GameState, seat: int) -> object:
    from dlrules.apps.conformance.observe import lookup, observe

    return lookup(observe(state), f"outcome.players.{seat}.titles")


def main() -> None:
    for path in slots() + titles():
        print(path)


if __name__ == "__main__":
    main()
