"""Write the year-2 conformance scenarios (tests/conformance/year2/): the change
of year, the Golem's and Demon's wages and the Witch Hunt.

Year 2 is reached after year 1's combat, so these scenarios start from a
constructed position (``"state"``, the dlrules JSON): a hand-built end of year
1's combat (tests/year2_positions.py), or year 2's spring Events phase
(tests/test_year2_events.py's ``at_event``).

Run from the repository root: ``.venv/bin/python tests/conformance/seed_year2.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import attrs  # noqa: E402

from conformance.record import record_position  # noqa: E402
from dlrules import Decline, GameState, Move, PayMonster, WitchHunt, apply  # noqa: E402
from dlrules.core.moves import Draw  # noqa: E402
from dlrules.apps.conformance.scenarios import SCENARIOS  # noqa: E402
from test_year2_events import at_event  # noqa: E402
from year2_positions import end_of_year_one, year_two  # noqa: E402
from year_helpers import monsters  # noqa: E402

FOLDER = SCENARIOS / "year2"


def write(id: str, rules: list[str], description: str, state: GameState, move: Move, before: dict[str, Any]) -> Path:
    return record_position(FOLDER, id, rules, description, state, move, before=before)


def main() -> None:
    end = end_of_year_one(3, seed=3)
    print(write(
        "Y2-7-nobody-moves-during-the-change-of-year",
        ["Y2-7", "LIB-Y2-2"],
        "3 players, year 1's combat is over: the game is in the change of year, which the referee carries out; "
        "a player's move is refused.",
        end,
        Decline(0),
        {"phase": "year_two", "year": 1, "to_move": []},
    ))
    evils = (11, 11, 6, 4)  # seats 0 and 1 tie as most evil
    four = end_of_year_one(4, seed=3, first_player=3)
    four = year_two(attrs.evolve(four, players=tuple(attrs.evolve(p, evil=e) for p, e in zip(four.players, evils))))
    print(write(
        "Y2-14-the-gold-paladin-checked-with-the-new-starting-player",
        ["Y2-12", "Y2-13", "Y2-14", "Y2-16", "Y2-10", "PAL-8"],
        "4 players after the change of year: Player 4 started year 1's fall, so Player 3 starts year 2 (one seat to "
        "the right); Players 1 and 2 tie at evil 11 and Player 2, later in play order from Player 3, gets the gold "
        "paladin at once. Year 2's winter round start draws from the gold monsters.",
        four,
        Draw("monsters", "golem"),
        {"year": 2, "round": 1, "phase": "round_start", "first_player": 2, "paladin": 1, "decks.combat.size": 9, "events": [None, None, None, None]},
    ))
    golem = at_event("payday", p0={"monsters": monsters("golem"), "gold": 2, "traps": ("pendulum", "trap-door")}, p1={"monsters": ()})
    print(write(
        "Y2-19-the-golems-wage-takes-a-trap-card",
        ["Y2-19", "EVT-PAY-1"],
        "Year 2's Pay Day: Player 1 pays the Golem 1 gold and the Trap Door card, which is discarded face down.",
        golem,
        PayMonster(0, 0, True, trap="trap-door"),
        {"players.0.gold": 2, "players.0.traps": ["pendulum", "trap-door"]},
    ))
    demon = at_event("payday", p0={"monsters": monsters("demon", "ghost", "goblin"), "gold": 5, "food": 5, "evil": 3}, p1={"monsters": ()})
    print(write(
        "Y2-20-a-ghost-cannot-be-fed-to-the-demon",
        ["Y2-20", "SPE-9"],
        "Year 2's Pay Day: Player 1 tries to pay the Demon with his ghost; ghosts go right through it.",
        demon,
        PayMonster(0, 0, True, feed=1),
        {"players.0.evil": 3},
    ))
    print(write(
        "Y2-21-the-demon-eats-the-goblin",
        ["Y2-20", "Y2-21", "LIB-Y2-4"],
        "Year 2's Pay Day: Player 1 pays the Demon 1 evil and his goblin, which leaves for the Distant Lands without "
        "the +1 evil of a dismissal; the ghost is decided next.",
        demon,
        PayMonster(0, 0, True, feed=2),
        {"players.0.evil": 3},
    ))
    golem = at_event("payday", p0={"monsters": monsters("golem", "demon"), "gold": 5, "food": 5, "evil": 3, "traps": ()}, p1={"monsters": ()})
    print(write(
        "Y2-21-E6a-the-golem-it-cannot-pay-is-fed-to-the-demon",
        ["Y2-21", "Y2-19", "Y2-20", "EVT-PAY-2", "E6"],
        "EXAMPLES E6 (a): Player 1's lair is a Golem, then a Demon, and he holds no trap card. The Demon is settled "
        "first, so he pays it 1 evil (3 to 4) and feeds it the Golem, which leaves without a wage and without the "
        "+1 evil of a dismissal.",
        golem,
        PayMonster(0, 1, True, feed=0),
        {"players.0.evil": 3, "to_move": [0], "legal_count": 2},
    ))
    print(write(
        "Y2-21-E6a-letting-the-demon-go-loses-the-golem-too",
        ["Y2-21", "Y2-19", "EVT-PAY-2", "RUL-14", "E6"],
        "EXAMPLES E6 (a), the other line: Player 1 lets the Demon go; the Golem cannot be paid without a trap card "
        "and leaves too: +1 evil for each (3 to 5), after the wages.",
        golem,
        PayMonster(0, 1, False),
        {"players.0.evil": 3},
    ))
    print(write(
        "Y2-21-the-monster-ahead-of-the-demon-waits",
        ["Y2-21", "LIB-EVT-1"],
        "Year 2's Pay Day: Player 1's lair is a Golem, then a Demon; deciding the Golem before the Demon is refused: "
        "a player's Demons are settled before his other monsters.",
        golem,
        PayMonster(0, 0, False),
        {"players.0.evil": 3},
    ))
    troll = at_event("payday", p0={"monsters": monsters("troll", "demon"), "gold": 0, "food": 0, "evil": 5}, p1={"monsters": ()})
    print(write(
        "Y2-21-the-troll-ahead-of-the-demon-is-fed-with-no-food",
        ["Y2-21", "Y2-20"],
        "Year 2's Pay Day: Player 1's lair is a troll, then a Demon; he has no food and evil 5. He feeds the troll to "
        "the Demon and keeps the Demon (evil 6); deciding in lair order would have lost both (+2 evil).",
        troll,
        PayMonster(0, 1, True, feed=0),
        {"players.0.evil": 5, "players.0.food": 0},
    ))
    demons = at_event("payday", p0={"monsters": monsters("demon", "demon", "goblin"), "gold": 5, "food": 1, "evil": 3}, p1={"monsters": ()})
    print(write(
        "Y2-21-E6b-one-demon-eats-the-other",
        ["Y2-21", "Y2-20", "E6"],
        "EXAMPLES E6 (b) (L): Player 1's lair is two Demons and a goblin, with 1 food. He pays one Demon 1 evil (3 to "
        "4) and feeds it the other Demon, which is not settled yet; the goblin is decided next.",
        demons,
        PayMonster(0, 0, True, feed=1),
        {"players.0.evil": 3, "legal_count": 3},
    ))
    print(write(
        "Y2-21-E6b-the-second-demon-has-nothing-left-to-eat",
        ["Y2-21", "Y2-20", "EVT-PAY-2", "RUL-14", "E6"],
        "EXAMPLES E6 (b) (L): Player 1 feeds the goblin to one Demon (evil 3 to 4); the other Demon's only other "
        "monster is the Demon already paid, which cannot be fed: it cannot be paid and leaves (+1 evil, 4 to 5).",
        demons,
        PayMonster(0, 0, True, feed=2),
        {"players.0.evil": 3, "players.0.food": 1},
    ))
    paid = at_event("payday", p0={"monsters": monsters("demon", "demon", "goblin", "troll"), "gold": 5, "food": 5, "evil": 3}, p1={"monsters": ()})
    paid = apply(paid, PayMonster(0, 0, True, feed=2))
    print(write(
        "Y2-21-a-demon-already-paid-cannot-be-fed",
        ["Y2-21", "E6"],
        "Year 2's Pay Day: Player 1 has paid one Demon with his goblin; feeding that Demon, already paid, to his "
        "other Demon is refused (the troll may be fed).",
        paid,
        PayMonster(0, 1, True, feed=0),
        {"players.0.monsters": [{"kind": "demon", "ready": True}, {"kind": "demon", "ready": True}, {"kind": "troll", "ready": True}]},
    ))
    hunt = at_event("special", "witch-hunt", p0={"monsters": monsters("ghost", "troll"), "evil": 4}, p1={"monsters": monsters("goblin"), "evil": 8})
    print(write(
        "SPE-C-2-witch-hunt-spares-ghosts",
        ["SPE-C-2", "SPE-9", "LIB-Y2-5"],
        "The Witch Hunt: Player 1 may give up his troll or gain 3 evil; giving up the ghost is refused.",
        hunt,
        WitchHunt(0, 0),
        {"special_event": "witch-hunt", "to_move": [0]},
    ))
    print(write(
        "SPE-C-2-witch-hunt-three-evil",
        ["SPE-C-2", "SPE-8", "LIB-Y2-5"],
        "The Witch Hunt: Player 1 keeps his monsters and gains 3 evil (4 to 7); then Player 2 chooses.",
        hunt,
        WitchHunt(0, None),
        {"players.0.evil": 4},
    ))


if __name__ == "__main__":
    main()
