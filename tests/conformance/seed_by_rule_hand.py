"""Write, by hand, scenarios for rule IDs that the seeding by rule
(``seed_by_rule.py``) cannot reach from play-outs (issue 36 item 1):

- scoring (``scenarios/scoring``): the tunnel title (SCO-8c), the imp title
  (SCO-8e), the title for the fewest conquered tiles (SCO-8g), a negative
  total (SCO-5), unconquered rooms scoring (ACT-ROOM-9). Like
  ``seed_scoring.py``'s, each starts from a constructed end-of-game position
  (SCO-4), checks the outcome in ``before``, and that a move there is refused
  (SCO-3);
- setup (``scenarios/foundation``): what each player starts with (SETUP-5),
  checked in ``before`` on a new game, and the first deal;
- the paladin (``scenarios/year1``): crossing the line in the middle of a
  move attracts him at once (PAL-4), from a seeded play-out's position with
  the mover's evil set to 9.

Run from the repository root: ``.venv/bin/python tests/conformance/seed_by_rule_hand.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from scoring_positions import end_of_game, lord

import dlrules
from conformance.record import Builder, record_position
from conformance.seed_by_rule import playout
from conformance.seed_scoring import write
from dlrules import legal_moves
from dlrules.apps.conformance.scenarios import SCENARIOS
from dlrules.core.moves import Draw
from dlrules.core.state import Phase, evolve

REFUSED = Draw("monsters", "goblin")  # SCO-3: after final scoring every move is refused


def main() -> None:
    print(write(
        "SCO-8c-five-tunnels-hold-the-tunnel-title-alone",
        ["SCO-8c", "SCO-9", "SCO-2", "SCO-3"],
        "4 players: Player 1 has 5 tunnel tiles, the others 3 each (no rooms): he alone holds the tunnel title, 3 points; "
        "the others do not hold it. A move is refused.",
        end_of_game(lord(tunnels=5), lord(), lord(), lord()),
        REFUSED,
        {"outcome.players.0.titles.SCO-8c": 3, "outcome.players.1.titles": {"SCO-8a": 2, "SCO-8b": 2, "SCO-8d": 2, "SCO-8e": 2,
                                                                              "SCO-8f": 2, "SCO-8g": 2}},
    ))
    print(write(
        "SCO-8c-a-conquered-tunnel-still-counts-rooms-do-not",
        ["SCO-8c", "SCO-9", "SCO-3"],
        "4 players: Player 1 has 3 tunnels and 1 conquered tunnel, Player 2 has 3 tunnels and 2 rooms: Player 1's 4 "
        "tunnel tiles are the most (a conquered tunnel counts, rooms do not): the title is his alone.",
        end_of_game(lord(tunnels=3, conquered_tunnels=1), lord(tunnels=3, rooms=("mint", "workshop")), lord(), lord()),
        REFUSED,
        {"outcome.players.0.titles.SCO-8c": 3, "outcome.players.1.titles.SCO-8b": 3},
    ))
    print(write(
        "SCO-8e-five-imps-hold-the-imp-title-alone",
        ["SCO-8e", "SCO-9", "SCO-3"],
        "4 players: Player 1 has 5 imps, the others 3: he alone is the Lord of Imps (3 points); the others do not hold it.",
        end_of_game(lord(imps=5), lord(), lord(), lord()),
        REFUSED,
        {"outcome.players.0.titles.SCO-8e": 3, "outcome.players.2.titles": {"SCO-8a": 2, "SCO-8b": 2, "SCO-8c": 2,
                                                                              "SCO-8d": 2, "SCO-8f": 2, "SCO-8g": 2}},
    ))
    print(write(
        "SCO-8g-the-fewest-conquered-tiles-hold-the-battle-title",
        ["SCO-8g", "SCO-9", "SCO-1e", "SCO-3"],
        "4 players: Player 1 has 1 conquered tunnel, the others 2 each: the fewest conquered tiles make him the only "
        "holder of the battle title (3 points), though he has fewer tunnels; total 3 + 5 shared titles (10) - 2 = 11.",
        end_of_game(lord(conquered_tunnels=1), lord(conquered_tunnels=2), lord(conquered_tunnels=2), lord(conquered_tunnels=2)),
        REFUSED,
        {"outcome.players.0.titles.SCO-8g": 3, "outcome.players.0.total": 11},
    ))
    print(write(
        "SCO-5-a-total-below-zero-stands",
        ["SCO-5", "SCO-1e", "SCO-1f", "SCO-13", "SCO-3"],
        "2 players: Player 1 has only conquered tiles (3 tunnels, -6) and 4 red marks (-12); he shares three titles "
        "(1 point each with 2 players): 3 - 6 - 12 = -15. The total stays negative and earns no licence.",
        end_of_game(lord(tunnels=0, conquered_tunnels=3, red_marks=4, evil=1, imps=1), lord(evil=9, imps=4, gold=3)),
        REFUSED,
        {"outcome.players.0.total": -15, "outcome.players.0.licence": False},
    ))
    print(write(
        "ACT-ROOM-9-unconquered-rooms-score-at-the-end",
        ["ACT-ROOM-9", "SCO-1a", "SCO-3"],
        "4 players: Player 1 has two unconquered rooms (a Mint and a Workshop) and a conquered Chicken Coop: the two "
        "score 2 each (the conquered one nothing, and -2 as a conquered tile).",
        end_of_game(lord(rooms=("mint", "workshop"), conquered_rooms=("chicken-coop",)), lord(), lord(), lord()),
        REFUSED,
        {"outcome.players.0.lines.SCO-1a": 4, "outcome.players.0.lines.SCO-1e": -2},
    ))
    for players in (2, 4):
        b = Builder(players, "full")
        tiles = [{"square": [x, 2], "room": None, "conquered": False} for x in range(3)]
        start = {f"players.{seat}.{what}": value for seat in range(players)
                 for what, value in (("gold", 3), ("food", 3), ("imps", 3), ("evil", 5), ("tiles", tiles), ("monsters", []),
                                     ("traps", []))}  # fmt: skip
        print(b.record(
            f"SETUP-5-each-of-{players}-lords-starts-with-3-gold-3-food-3-imps",
            ["SETUP-5"],
            f"A new {players}-player game: every lord starts with 3 gold, 3 food, 3 imps, evil 5 (the start space), the "
            "3 printed tunnels unconquered, no monster and no trap card; then chance deals the first player's order cards.",
            legal_moves(b.state)[0], folder=SCENARIOS / "foundation", before=start, only=("players.0",),
        ))

    print(paladin_attracted_at_once())
    for path in change_of_year():
        print(path)
    for path in year_1_paladin():
        print(path)
    print(hit_points_are_the_printed_number())
    print(combat_after_autumn())
    print(write(
        "CMB-PAL-5-a-paladin-in-prison-scores-5",
        ["CMB-PAL-5", "SCO-1d", "SCO-1c", "SCO-3"],
        "4 players: Player 1's prison holds the year-1 paladin and a warrior: the paladin scores 5, the warrior 2.",
        end_of_game(lord(prison=("paladin-1", "y1-warrior-3")), lord(), lord(), lord()),
        REFUSED,
        {"outcome.players.0.lines.SCO-1d": 5, "outcome.players.0.lines.SCO-1c": 2},
    ))


def paladin_attracted_at_once() -> Path:
    """The first Get Food III of seed 0's 3-player play-out, its taker's evil set to 9."""
    for state, move, _ in playout({"players": 3, "variant": "full"}, 0):
        r = state.resolution
        if state.year == 1 and type(move).__name__ == "TakeAction" and r is not None and r.space == 0 and r.slot == 2:
            seat = move.seat
            nine = evolve(state, players=state.players[:seat] + (evolve(state.players[seat], evil=9),) + state.players[seat + 1 :])
            return record_position(
                SCENARIOS / "year1", "PAL-4-crossing-the-line-mid-move-attracts-the-paladin-at-once", ["PAL-4", "PAL-2", "PAL-5"],
                f"Year 1, resolution: Player {seat + 1}, at evil 9, takes Get Food III for 2 evil: the marker passes the "
                "paladin's space (10) on its way to 11, and the paladin comes for his dungeon at once.",
                nine, move, after={"paladin": seat},
            )
    raise SystemExit("the play-out has no Get Food III in year 1")


def combat_after_autumn() -> Path:
    """The move that ends year 1's autumn in seed 2's 3-player play-out: combat follows at once (CMB-1, END-2)."""
    for state, move, _ in playout({"players": 3, "variant": "full"}, 2):
        after = dlrules.apply(state, move)
        if state.year == 1 and state.phase is not Phase.COMBAT and after.phase is Phase.COMBAT:
            return record_position(
                SCENARIOS / "year1", "CMB-1-combat-follows-autumns-end-of-round", ["CMB-1", "END-2"],
                f"Year 1, round {state.round}: the last move before the end of autumn's round; combat begins at once "
                "(no fifth round), the first player token does not pass.",
                state, move, after={"phase": "combat", "round": 4, "year": 1},
            )
    raise SystemExit("the play-out never reaches combat")


def hit_points_are_the_printed_number() -> Path:
    """Year 1's combat, round 1: a 3-point warrior with 1 counter and a priest; the Goblin's 2 on the warrior make
    3 counters, his printed 3 hit points: he is eliminated before healing (the priest heals nobody)."""
    from combat_positions import COLUMN, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-warrior-3:1", "y1-priest-4-1"]}, monsters={0: ["goblin"]},
                     cards=("invisibility", "graffiti", "detect-evil", "word-of-peace"))  # fmt: skip
    return record_position(
        SCENARIOS / "combat", "CMB-PARTY-4-three-counters-eliminate-a-3-point-warrior", ["CMB-PARTY-4", "CMB-8"],
        "Year 1's combat, round 1: the Goblin (the one monster, its one attack made at once) hits the first adventurer, "
        "a warrior with 3 printed hit points and 1 counter, for 2: 3 counters, he is eliminated and goes to prison.",
        state, PlanDefence(0, COLUMN[0], (), (0,)), only=("players.0.party", "players.0.prison"),
        after={"players.0.prison": ["y1-warrior-3"]},
    )


def year_1_paladin() -> list[Path]:
    """Year 1's combat, round 1: the year-1 paladin (5 hit points) with 1 counter leads a warrior; the Witch's 4
    eliminate him: he goes to the prison. The year-2 paladin (8) would survive."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import Attack, PlanDefence

    start = position({0: ["y1-warrior-5"]}, monsters={0: ["witch"]}, paladin=0, paladin_damage=1, evil={0: 11},
                     cards=("invisibility", "graffiti", "detect-evil", "word-of-peace"))  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)))
    only = ("players.0.prison", "players.0.party", "paladin")
    said = ("Year 1's combat, round 1: the paladin with 1 damage counter leads Player 1's party; the Witch's 4 on him "
            "eliminate him, as the year-1 paladin has 5 hit points: he goes to Player 1's prison.")  # fmt: skip
    folder = SCENARIOS / "combat"
    return [
        record_position(folder, "PAL-10-year-1-fights-the-weaker-paladin", ["PAL-10", "PAL-1", "P-1"], said, state,
                        Attack(0, 0, 0), only=only, after={"players.0.prison": ["paladin-1"]}),
        record_position(folder, "P-1-the-year-1-paladin-has-5-hit-points", ["P-1", "PAL-10"], said, state,
                        Attack(0, 0, 0), only=only, after={"players.0.prison": ["paladin-1"]}),
        record_position(folder, "PAL-1-one-paladin-a-year-year-1s-is-the-weaker", ["PAL-1", "PAL-10"], said, state,
                        Attack(0, 0, 0), only=only, after={"players.0.prison": ["paladin-1"]}),
    ]


def change_of_year() -> list[Path]:
    """The move that ends year 1's combat in seed 1's 4-player play-out: year 2 begins (Y2-1), and what each
    player has stays as it was (Y2-6): the scenario expects every change the move makes, so a lost or added
    good fails it."""
    for state, move, _ in playout({"players": 4, "variant": "full"}, 1):
        if state.year == 1 and dlrules.apply(state, move).year == 2:
            return [
                record_position(
                    SCENARIOS / "year2", "Y2-1-the-end-of-year-1s-combat-begins-year-2", ["Y2-1", "Y2-7"],
                    "The last move of year 1's combat: the year becomes 2, its first round begins, and no scoring "
                    "happens (the game is not over).",
                    state, move, after={"year": 2, "round": 1, "over": False},
                ),
                record_position(
                    SCENARIOS / "year2", "Y2-6-everything-a-lord-has-carries-over", ["Y2-6", "Y2-1"],
                    "The last move of year 1's combat, seen from what the lords keep: the dungeons with their conquered "
                    "tiles, rooms, imps, gold, food, trap cards, monsters, the evil markers and the prisons carry over "
                    "(only the changes the combat's end and the change of year make are expected).",
                    state, move, only=("players",),
                ),
            ]
    raise SystemExit("the play-out never reaches year 2")


if __name__ == "__main__":
    main()
