"""(Re)create the combat conformance scenarios: tests/conformance/combat/.

    .venv/bin/python tests/conformance/seed_combat.py

The rulebook's Combat Training (COMBAT.md CX-1..10) and a few refusals. Each
starts from a ``state`` (a dlrules state as JSON): the training positions
(given parties, monsters and trap cards at the start of combat) cannot be
reached from a new game by a short list of moves. Every expectation was read
against COMBAT.md before it was committed; rerun only after a deliberate
change, and review the diff.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import dlrules  # noqa: E402
from dlrules import GameState, Move  # noqa: E402
from dlrules.core.moves import Attack, PlanDefence, Target  # noqa: E402

from combat_positions import COLUMN, TRAINING, play, position, tunnels  # noqa: E402
from conformance.record import record_position  # noqa: E402
from conformance.runner import FORMAT, load, run  # noqa: E402
from dlrules.apps.conformance.scenarios import SCENARIOS  # noqa: E402

FOLDER = SCENARIOS / "combat"
ONLY = ("phase", "players.0.party", "players.0.prison", "players.0.tiles", "players.0.evil", "players.0.food",
        "players.0.gold", "players.0.monsters", "players.0.traps")  # fmt: skip
NO_FATIGUE = ("invisibility", "graffiti", "detect-evil", "word-of-peace")
E = COLUMN[0]
W3, W4, W5 = "y1-warrior-3", "y1-warrior-4", "y1-warrior-5"


def record(sid: str, rules: list[str], description: str, state: GameState, move: Move, after: dict[str, Any] | None = None) -> Path:
    example = re.match(r"CX-[0-9]+", sid)  # a rulebook example (COMBAT.md CX-n) is cited after its rules
    return record_position(FOLDER, sid, rules + ([example.group()] if example else []), description, state, move, only=ONLY, after=after)


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    s = position({0: [W3, W4, "y1-priest-3-1"]}, traps={0: ["wall-of-fire"]}, cards=NO_FATIGUE)
    record("CX-1a-fire-wall", ["CMB-TRAP-3", "CMB-PARTY-5"],
           "Combat: Fire Wall on warrior, warrior, priest: 1, 1 and 2 counters (round card of fatigue 0).",
           s, PlanDefence(0, E, ("wall-of-fire",)))
    s = position({0: [W4, "y1-thief-3-2"]}, traps={0: ["rolling-stone"]}, cards=NO_FATIGUE)
    record("CX-1b-rolling-stone-reduced-by-a-thief", ["CMB-5", "CMB-TRAP-3"],
           "Combat: a Rolling Stone (3) against a 2-icon thief: 1 counter on the first warrior.",
           s, PlanDefence(0, E, ("rolling-stone",)))
    s = position({0: ["y1-thief-3-2"]}, traps={0: ["trap-door"]})
    record("CX-1d-trap-door-cancelled-still-no-conquest", ["CMB-TRAP-5", "CMB-CONQ-1"],
           "Combat: a Trap Door whose damage the icons cancel still stops fatigue and conquest.",
           s, PlanDefence(0, E, ("trap-door",)))
    s = play(position({0: [W4 + ":2", "y1-priest-3-1"]}, monsters={0: ["witch"]}, cards=NO_FATIGUE), PlanDefence(0, E, (), (0,)))
    record("CX-2-standard-attack-excess-is-lost", ["CMB-PARTY-5", "CMB-8"],
           "Combat: the Witch's 4 on a warrior(4) with 2 counters: eliminated, the 2 spare points are lost.",
           s, Attack(0, 0, 0))
    s = position({0: ["y1-priest-3-2", "y1-thief-4-1:1", "y1-priest-4-2:2"]}, monsters={0: ["goblin"]}, cards=NO_FATIGUE)
    record("CX-3-pooled-healing", ["CMB-6", "CMB-HEAL-2"],
           "Combat: a goblin's 2 on the first priest, then 4 hearts heal front first: 0, 0 and 1 counters left.",
           s, PlanDefence(0, E, (), (0,)))
    s1 = position({0: [W3, W4, "y1-priest-3-1"]}, monsters={0: ["troll", "goblin"]}, traps={0: ["rolling-stone"]}, food=1)
    s = play(s1, PlanDefence(0, E, ("rolling-stone",), (0,)))
    record("CX-4-scenario-1-line-A-the-fed-troll", ["CMB-7", "CMB-MON-2", "CMB-CONQ-3"],
           "Combat scenario 1: after the Rolling Stone, the troll paid 1 food deals 4; fatigue 2 on the priest; tile 1 conquered, evil -1.",
           s, Attack(0, 0, 1))
    record("CX-4-scenario-1-line-B-the-unfed-troll", ["CMB-6", "CMB-CONQ-2"],
           "Combat scenario 1: the troll's 3 unfed, the priest heals 1, both fatigue points on the warrior(4): eliminated; the priest conquers.",
           s, Attack(0, 0, 0))
    room = tunnels(rooms={E: "chicken-coop"})
    s = play(position({0: [W3, W4, "y1-priest-3-1"]}, monsters={0: ["troll", "goblin"]}, traps={0: ["rolling-stone"]}, food=1,
                      gold=1, dungeons={0: room}), PlanDefence(0, E, ("rolling-stone",), (0, 1)))
    record("CX-5-scenario-1-in-a-room", ["CMB-3", "CMB-PLAN-6", "CMB-CONQ-3"],
           "Combat scenario 1 in a room: fed troll then goblin: everyone eliminated in round 1, nothing conquered.",
           s, Attack(0, 0, 1))
    s = play(position({0: [W4, "y1-thief-4-1", "y1-thief-3-2"]}, monsters={0: ["witch", "ghost"]}, traps={0: ["poisoned-meal"]}, food=1),
             PlanDefence(0, E, (), (0, 1)))
    record("CX-6-scenario-2-the-ghost-first", ["CMB-MON-5", "CMB-PARTY-5"],
           "Combat scenario 2: the ghost's 2 on the middle thief (never the first).",
           s, Attack(0, 1, 0, 1))
    record("CX-6-a-ghost-may-not-hit-the-first", ["CMB-MON-5"],
           "Combat: a ghost never attacks the first adventurer.", s, Attack(0, 1, 0, 0))
    s = position({0: [W5, "y1-priest-4-1", "y1-thief-4-2"]}, monsters={0: ["vampire"]}, traps={0: ["cursed-ring", "pendulum"]}, gold=1)
    s = play(s, PlanDefence(0, E, ("cursed-ring",), (0,)))
    record("CX-7-scenario-3-vampire-returns", ["CMB-MON-4", "CMB-HEAL-1", "CMB-CONQ-1"],
           "Combat scenario 3: after the Cursed Ring, the vampire's 2 on the thief and back face up; healing 1; no conquest.",
           s, Attack(0, 0, 1, 2))
    s = position({0: ["y1-priest-3-2", "y1-thief-3-1", "y1-priest-4-2"]}, monsters={0: ["slime"]}, traps={0: ["wall-of-fire", "anti-magic-dart"]})
    s = play(s, PlanDefence(0, E, ("wall-of-fire",)), PlanDefence(0, COLUMN[1], ("anti-magic-dart",), (0,)))
    record("CX-8-scenario-4-anti-magic-dart-on-a-priest", ["CMB-TRAP-6", "CMB-HEAL-1"],
           "Combat scenario 4, round 2: the dart on the first priest (cancelled) stops healing; the slime and fatigue eliminate all.",
           play(s, Target(0, 0)), Attack(0, 0, 0))
    s = position({0: [W5]})
    record("CMB-2-the-battle-tile-is-the-nearest", ["CMB-2", "CMB-PLAN-3"],
           "Combat: the battle tile must be among the nearest unconquered tiles.", s, PlanDefence(0, COLUMN[1]))
    s = position({0: [W5]}, monsters={0: ["goblin", "troll"]})
    record("CMB-3-one-monster-in-a-tunnel", ["CMB-3"],
           "Combat: a tunnel takes at most one monster.", s, PlanDefence(0, E, (), (0, 1)))
    s = position({0: [W5]}, traps={0: ["cursed-ring"]}, gold=0)
    record("CMB-PLAN-6-a-trap-he-cannot-pay", ["CMB-PLAN-6"],
           "Combat: the Cursed Ring costs 1 gold; with none it cannot be played.", s, PlanDefence(0, E, ("cursed-ring",)))
    dungeon = tunnels((0, 2), (0, 3), (1, 2), rooms={(1, 2): "mint"})
    s = play(position({0: [W5, "y1-thief-4-2", "y1-priest-4-2"]}, monsters={0: ["slime"]}, dungeons={0: dungeon},
                      cards=NO_FATIGUE), PlanDefence(0, (0, 2)))
    record("CX-9-a-tied-battle-tile-is-the-defenders-choice", ["CMB-2", "CMB-PLAN-3"],
           "Combat, round 2: the tunnel to the right and the room are both nearest; he fights in the room and the slime holds.",
           play(s, PlanDefence(0, (1, 2), (), (0,))), Attack(0, 0, 1),
           after={"players.0.tiles.2.conquered": False, "players.0.tiles.1.conquered": False})
    cards = ("detect-evil", "fist-of-justice", "detect-treasure", "fireball")
    s = position({0: [W5, "y1-wizard-4-2"]}, dungeons={0: tunnels((0, 2), (1, 2), (2, 2), (3, 2))}, cards=cards)
    s = play(s, PlanDefence(0, (0, 2)), PlanDefence(0, (1, 2)))
    record("CX-10-two-crystals-cast-nothing-in-round-3", ["CMB-SPELL-1", "CMB-SPELL-2"],
           "Combat, round 3: 2 magic points are fewer than 3: Detect Treasure is not cast, the gold stays.",
           s, PlanDefence(0, (2, 2)))
    print(f"wrote {FOLDER}")


if __name__ == "__main__":
    main()
