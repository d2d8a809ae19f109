"""Write scenarios for final-scoring rules that no scenario cited first yet
(the kit's diagnosis names a broken rule mostly through the scenarios citing
it first). Each starts from the last move of year 2's combat in a seeded
full-game play-out (the round-4 combat card is revealed), with every party
gone from the dungeons and each lord given what he owns (``scoring_positions.lord``);
the move ends combat, the clean-up follows and the game is scored (SCO-4).
The ``after`` checks pin the scores the rule decides, read from SCORING.md
(the observation's ``outcome`` paths):

- a paladin in prison scores 5, either year's, and not as an adventurer
  (SCO-1d);
- each conquered tile, tunnel or room, costs 2 (SCO-1e);
- each red mark in the Dead Letter Office costs 3 (SCO-1f);
- each unconquered point-scoring room adds its bonus, a conquered one nothing
  (SCO-1g);
- the titles and the Hall of Fame are part of the total (SCO-1h);
- the Pandemonium's and the Chapel's bonuses count the owner's own monsters
  and ghosts of their kinds (SCO-6);
- the seven titles, each measuring its own thing (SCO-8); the most evil
  (SCO-8a); the most monsters, both years', ghosts not counted (SCO-8d);
- every player with the best value holds the title, shared when two or more
  (SCO-9); ties are never broken, the starting player plays no part (SCO-10);
  a best value of 0 is shared by all (SCO-13);
- the outcome records every line, title, Hall of Fame bonus, total, licence
  and the winners (SCO-14).

Files: ``scenarios/byrule/first-SCO-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_first_scoring.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import attrs

import dlrules
from conformance.record import Writers, record_position
from conformance.seed_by_rule import nothing_left_to_fight, playout
from conformance.seed_gaps import BYRULE
from dlrules import Phase
from dlrules.core.moves import Move
from dlrules.core.state import GameState
from scoring_positions import lord

WRITERS = Writers()
writer = WRITERS.writer

Final = tuple[GameState, Move]
"""A position at the last move of year 2's combat, and that move."""

_LAST: dict[int, Final] = {}


def _last(players: int) -> Final:
    """The last move of seed 0's full-game play-out with ``players`` players (the move after which the game is
    over), and the position it is played in."""
    if players not in _LAST:
        for state, move, _ in playout({"players": players, "variant": "full"}, 0):
            if dlrules.apply(state, move).phase is Phase.GAME_OVER:
                _LAST[players] = (state, move)
                break
        else:
            raise SystemExit(f"seed 0's {players}-player play-out does not end")
    return _LAST[players]


def _final(*lords: dict[str, Any], **changes: Any) -> Final:
    """The last move of year 2's combat with one player per ``lord`` (``scoring_positions.lord``): every party gone
    (nothing left to fight: the move ends combat, the clean-up follows, then scoring, SCO-4), no imp at work, the
    year's paladin gone; ``changes``: further GameState fields."""
    state, move = _last(len(lords))
    return attrs.evolve(nothing_left_to_fight(state, lords), **changes), move


def _id(name: str) -> str:
    return f"first-{name}"


LAST = "The last move of year 2's combat, no party left in any dungeon: the game ends and is scored. "
"""How every description starts."""


def _over(name: str, rules: list[str], description: str, final: Final, after: dict[str, Any]) -> Path:
    """Write the scenario ``first-<name>``: the last move of year 2's combat
    (``final``), after which the game is over and the scores are ``after``."""
    state, move = final
    return record_position(
        BYRULE, _id(name), rules, LAST + description, state, move, only=("over",), after=after,
    )


def _titles(points: int, *rules: str) -> dict[str, int]:
    """A titles record: each of ``rules`` (SCO-8a..g) held for ``points``."""
    return {rule: points for rule in rules}


ALL = ("SCO-8a", "SCO-8b", "SCO-8c", "SCO-8d", "SCO-8e", "SCO-8f", "SCO-8g")

ALIKE: dict[str, Any] = {"rooms": ("mint",), "monsters": ("goblin",), "gold": 1}
"""What every lord has unless said otherwise: a room, a monster and a gold, so that no "most" title is decided
at 0 (SCO-13) and a scenario about something else does not depend on it."""


@writer
def paladins() -> list[Path]:
    """SCO-1d: each paladin in prison scores 5, year 1's or year 2's; a paladin is not one of SCO-1c's
    adventurers (2 each)."""
    final = _final(lord(prison=("paladin-2", "y2-warrior-5"), **ALIKE), lord(prison=("paladin-1",), **ALIKE))
    return [_over(
        "SCO-1d-a-paladin-of-either-year-in-prison-scores-5", ["SCO-1d", "SCO-1c"],
        "2 players: Player 1's prison holds year 2's paladin and a warrior, Player 2's year 1's paladin. Each paladin "
        "scores 5, not 2 like the warrior: Player 1's paladin line is 5 and his prisoner line 2, Player 2's 5 and 0.",
        final,
        {
            "outcome.players.0.lines.SCO-1d": 5,
            "outcome.players.0.lines.SCO-1c": 2,
            "outcome.players.1.lines.SCO-1d": 5,
            "outcome.players.1.lines.SCO-1c": 0,
        },
    )]


@writer
def conquered_tiles() -> list[Path]:
    """SCO-1e: each conquered tile, tunnel or room, scores -2."""
    final = _final(lord(conquered_rooms=("workshop",), tunnels=1, conquered_tunnels=2, **ALIKE), lord(**ALIKE))
    return [_over(
        "SCO-1e-each-conquered-tunnel-and-room-costs-2", ["SCO-1e", "SCO-1a"],
        "2 players: Player 1 has two conquered tunnels, a conquered Workshop, an unconquered tunnel and an unconquered "
        "Mint. The three conquered tiles, tunnels and room alike, cost 2 each (-6), and the conquered room scores no +2 "
        "(the Mint alone does: 2); Player 2, with nothing conquered, loses nothing.",
        final,
        {
            "outcome.players.0.lines.SCO-1e": -6,
            "outcome.players.0.lines.SCO-1a": 2,
            "outcome.players.1.lines.SCO-1e": 0,
        },
    )]


@writer
def red_marks() -> list[Path]:
    """SCO-1f: each red mark in the Dead Letter Office scores -3."""
    final = _final(lord(red_marks=2, **ALIKE), lord(red_marks=1, **ALIKE))
    return [_over(
        "SCO-1f-each-red-mark-costs-3", ["SCO-1f"],
        "2 players: Player 1 has 2 red marks (unpaid taxes) in his Dead Letter Office, Player 2 has 1. Each costs 3: "
        "-6 and -3.",
        final,
        {
            "outcome.players.0.lines.SCO-1f": -6,
            "outcome.players.1.lines.SCO-1f": -3,
        },
    )]


@writer
def scoring_rooms_line() -> list[Path]:
    """SCO-1g: each unconquered point-scoring room adds its bonus to the score; a conquered one adds nothing."""
    final = _final(
        lord(
            rooms=("chapel", "pandemonium", "mint"), conquered_rooms=("cafeteria",),
            monsters=("vampire", "dragon", "goblin", "troll"), gold=1,
        ),
        lord(**ALIKE),
    )
    return [_over(
        "SCO-1g-each-unconquered-scoring-room-adds-its-bonus", ["SCO-1g", "SCO-6"],
        "2 players: Player 1 owns a Vampire, a Dragon, a Goblin and a Troll, an unconquered Chapel and Pandemonium, a "
        "Mint and a conquered Cafeteria. The Chapel gives 2 (the Vampire), the Pandemonium 2 (the Dragon), the "
        "conquered Cafeteria nothing (not 2 for the Goblin and the Troll): the line is 4. Player 2 has no scoring room: 0.",
        final,
        {
            "outcome.players.0.lines.SCO-1g": 4,
            "outcome.players.0.lines.SCO-1a": 6,
            "outcome.players.1.lines.SCO-1g": 0,
        },
    )]


@writer
def titles_in_the_total() -> list[Path]:
    """SCO-1h: the titles held and the Hall of Fame's bonus are part of the total."""
    alike: dict[str, Any] = {"monsters": ("goblin",), "gold": 1}
    final = _final(lord(rooms=("hall-of-fame",), evil=9, **alike), lord(**alike), lord(evil=3, **alike))
    # 3 players (exclusive 3, shared 2). Player 1: the Hall of Fame +2, his Goblin +1; the most evil and the most
    # rooms alone (3 + 3), the five other titles shared (2 each): 16; the Hall of Fame, 1 per exclusive title: 2.
    # 3 + 16 + 2 = 21. Player 2: +1 and five shared titles, 11.
    return [_over(
        "SCO-1h-titles-and-the-hall-of-fame-add-to-the-total", ["SCO-1h", "SCO-12"],
        "3 players: Player 1, with an unconquered Hall of Fame and a Goblin, is the most evil and "
        "has the most rooms, and shares the five other titles (16 points); the Hall of Fame adds 1 per exclusive title "
        "(2). His total is 2 + 1 + 16 + 2 = 21; Player 2's, a Goblin and five shared titles, is 11.",
        final,
        {
            "outcome.players.0.titles": {"SCO-8a": 3, "SCO-8b": 3} | _titles(2, "SCO-8c", "SCO-8d", "SCO-8e", "SCO-8f", "SCO-8g"),
            "outcome.players.0.hall_of_fame": 2,
            "outcome.players.0.total": 21,
            "outcome.players.1.total": 11,
        },
    )]


@writer
def pandemonium_and_chapel() -> list[Path]:
    """SCO-6: the Pandemonium gives 2 per golem, dragon and demon, the Chapel 2 per vampire and per ghost, counting
    the owner's own monsters and ghosts; on top of the room's +2."""
    final = _final(
        lord(rooms=("pandemonium",), monsters=("golem", "golem", "dragon", "demon", "vampire", "ghost", "troll")),
        lord(rooms=("chapel",), monsters=("vampire", "ghost", "ghost", "golem")),
    )
    return [_over(
        "SCO-6-the-pandemonium-and-the-chapel-count-their-owners-monsters", ["SCO-6", "SCO-1g"],
        "2 players: Player 1's unconquered Pandemonium gives 2 for each of his two Golems, his "
        "Dragon and his Demon (8; not his Vampire, Ghost or Troll); Player 2's unconquered Chapel 2 for his Vampire and "
        "each of his two Ghosts (6; not his Golem). Each room also scores its +2 as a room.",
        final,
        {
            "outcome.players.0.lines.SCO-1g": 8,
            "outcome.players.1.lines.SCO-1g": 6,
            "outcome.players.0.lines.SCO-1a": 2,
            "outcome.players.1.lines.SCO-1a": 2,
        },
    )]


@writer
def seven_titles() -> list[Path]:
    """SCO-8: each of the seven titles measures its own thing; 4 players, each title held alone."""
    final = _final(
        lord(evil=10, tunnels=3, monsters=("goblin", "ghost", "ghost", "ghost"), gold=3),
        lord(rooms=("mint",), conquered_rooms=("workshop", "dark-room"), tunnels=2, food=3),
        lord(rooms=("mint", "workshop"), tunnels=2, conquered_tunnels=3, imps=6),
        lord(tunnels=3, conquered_tunnels=1, monsters=("goblin", "dragon"), gold=1, food=1, traps=("pendulum", "trap-door")),
    )
    # evil 10/5/5/5; rooms 0/3/2/0; tunnel tiles 3/2/5/4; monsters (no ghosts) 1/0/0/2; imps 3/3/6/3;
    # gold + food + traps 3/3/0/4; conquered tiles 0/2/3/1 (the fewest). Each held alone: 3 points with 4 players.
    return [_over(
        "SCO-8-each-title-measures-its-own-thing", ["SCO-8", "SCO-8a", "SCO-8b", "SCO-8c", "SCO-8d", "SCO-8e", "SCO-8f", "SCO-8g"],
        "4 players, each title held alone (3 points): Player 1 is the most evil and has the "
        "fewest conquered tiles (none); Player 2 the most rooms (3, two of them conquered); Player 3 the most tunnel "
        "tiles (5, three conquered) and imps (6); Player 4 the most monsters (2; Player 1's three ghosts do not count) "
        "and treasure (1 gold, 1 food and 2 trap cards: 4).",
        final,
        {
            "outcome.players.0.titles": _titles(3, "SCO-8a", "SCO-8g"),
            "outcome.players.1.titles": _titles(3, "SCO-8b"),
            "outcome.players.2.titles": _titles(3, "SCO-8c", "SCO-8e"),
            "outcome.players.3.titles": _titles(3, "SCO-8d", "SCO-8f"),
        },
    )]


@writer
def dark_deeds() -> list[Path]:
    """SCO-8a: the Lord of Dark Deeds is the player highest on the Evilometer."""
    final = _final(lord(evil=2, **ALIKE), lord(evil=9, **ALIKE), lord(evil=6, **ALIKE))
    others = _titles(2, *ALL[1:])
    return [_over(
        "SCO-8a-the-highest-on-the-evilometer-is-the-lord-of-dark-deeds", ["SCO-8a", "SCO-2"],
        "3 players, alike but for their evil (2, 9 and 6): Player 2, the highest on the "
        "Evilometer, is the Lord of Dark Deeds alone (3 points); the other six titles are shared by all (2 each).",
        final,
        {
            "outcome.players.0.titles": others,
            "outcome.players.1.titles": {"SCO-8a": 3} | others,
            "outcome.players.2.titles": others,
        },
    )]


@writer
def monster_title() -> list[Path]:
    """SCO-8d: the monster title counts the monsters of both years, not ghosts."""
    base: dict[str, Any] = {"rooms": ("mint",), "gold": 1}
    final = _final(
        lord(monsters=("goblin", "golem"), **base),
        lord(monsters=("troll", "ghost", "ghost"), **base),
        lord(monsters=("dragon",), **base),
    )
    others = _titles(2, "SCO-8a", "SCO-8b", "SCO-8c", "SCO-8e", "SCO-8f", "SCO-8g")
    return [_over(
        "SCO-8d-monsters-of-both-years-count-ghosts-do-not", ["SCO-8d", "SCO-1b"],
        "3 players: Player 1 owns a Goblin (year 1) and a Golem (year 2), Player 2 a Troll and two "
        "Ghosts, Player 3 a Dragon. Ghosts do not count: Player 1 has the most monsters (2) and holds the monster title "
        "alone (3 points).",
        final,
        {
            "outcome.players.0.titles": {"SCO-8d": 3} | others,
            "outcome.players.1.titles": others,
            "outcome.players.2.titles": others,
            "outcome.players.1.lines.SCO-1b": 1,
        },
    )]


@writer
def best_value() -> list[Path]:
    """SCO-9: every player with the best value (the most, or the fewest for SCO-8g) holds the title; two or more
    holders share it."""
    final = _final(
        lord(imps=5, tunnels=3, conquered_tunnels=1, **ALIKE),
        lord(imps=5, tunnels=3, conquered_tunnels=1, **ALIKE),
        lord(imps=5, tunnels=2, conquered_tunnels=2, **ALIKE),
        lord(imps=2, tunnels=1, conquered_tunnels=3, **ALIKE),
    )
    # 4 tunnel tiles each; imps 5/5/5/2; conquered tiles 1/1/2/3.
    every = _titles(2, *ALL)
    return [_over(
        "SCO-9-every-player-with-the-best-value-shares-the-title", ["SCO-9", "SCO-8e", "SCO-8g", "SCO-2"],
        "4 players: Players 1, 2 and 3 have 5 imps each, Player 4 has 2; Players 1 and 2 have 1 "
        "conquered tile each, Player 3 2, Player 4 3. The three with 5 imps share the Lord of Imps and the two with the "
        "fewest conquered tiles the battle title, 2 points to each holder; the rest is shared by all four.",
        final,
        {
            "outcome.players.0.titles": every,
            "outcome.players.1.titles": every,
            "outcome.players.2.titles": _titles(2, *ALL[:6]),
            "outcome.players.3.titles": _titles(2, "SCO-8a", "SCO-8b", "SCO-8c", "SCO-8d", "SCO-8f"),
        },
    )]


@writer
def no_tie_breaker() -> list[Path]:
    """SCO-10: ties for a title are never broken; the starting player token plays no part."""
    final = _final(
        lord(evil=5, imps=3, **ALIKE),
        lord(evil=8, imps=6, **ALIKE),
        lord(evil=5, imps=6, **ALIKE),
        lord(evil=8, imps=3, **ALIKE),
        first_player=1,
    )
    base = ("SCO-8b", "SCO-8c", "SCO-8d", "SCO-8f", "SCO-8g")
    return [_over(
        "SCO-10-a-tie-for-the-most-evil-is-not-broken-by-the-starting-player", ["SCO-10", "SCO-8a", "SCO-9"],
        "4 players, Player 2 holds the starting player token: Players 2 and 4 are tied for the "
        "most evil (8), Players 2 and 3 for the most imps (6). No tie is broken, not by the token nor by player order: "
        "each pair shares its title, 2 points each.",
        final,
        {
            "first_player": 1,
            "outcome.players.0.titles": _titles(2, *base),
            "outcome.players.1.titles": _titles(2, *ALL),
            "outcome.players.2.titles": _titles(2, "SCO-8e", *base),
            "outcome.players.3.titles": _titles(2, "SCO-8a", *base),
        },
    )]


@writer
def title_at_zero() -> list[Path]:
    """SCO-13: a title whose best value is 0 is held by every player, shared."""
    final = _final(lord(rooms=("mint",)), lord(), lord())
    # Nobody owns a monster or any treasure (0 each); nobody has a conquered tile (the fewest, 0).
    shared = ("SCO-8a", "SCO-8c", "SCO-8d", "SCO-8e", "SCO-8f", "SCO-8g")
    return [_over(
        "SCO-13-nobody-has-a-monster-or-treasure-all-share-those-titles", ["SCO-13", "SCO-8d", "SCO-8f", "SCO-9"],
        "3 players: nobody owns a monster, gold, food or a trap card, and nobody has a conquered "
        "tile. The monster title, the Lord of Riches and the battle title, all at 0, go to all three, shared (2 points "
        "each); only Player 1 has a room (the Lord of Halls alone, 3).",
        final,
        {
            "outcome.players.0.titles": {"SCO-8b": 3} | _titles(2, *shared),
            "outcome.players.1.titles": _titles(2, *shared),
        },
    )]


@writer
def the_record() -> list[Path]:
    """SCO-14: the outcome records every SCO-1 line (those at 0 too), the titles held, the Hall of Fame bonus, the
    total and the licence of each player, and the winners."""
    final = _final(
        lord(rooms=("mint",), prison=("y1-warrior-4",)),
        lord(monsters=("goblin",), gold=2),
    )
    zero = {f"SCO-1{x}": 0 for x in "abcdefg"}
    return [_over(
        "SCO-14-the-outcome-records-every-line-title-total-and-the-winner", ["SCO-14", "SCO-3"],
        "2 players: Player 1 has a Mint and a warrior in prison (2 + 2) and holds the Lord of "
        "Halls alone (2) and four shared titles (1 each): 10; Player 2 a Goblin (1), the monster title and the Lord of "
        "Riches alone and four shared: 9. The outcome lists all seven lines of each, zeros included, the titles held, "
        "the Hall of Fame bonus (0), the totals, the licences, and Player 1 as the winner.",
        final,
        {
            "outcome": {
                "winners": [0],
                "players": [
                    {
                        "total": 10, "licence": True, "lines": zero | {"SCO-1a": 2, "SCO-1c": 2},
                        "titles": {"SCO-8b": 2} | _titles(1, "SCO-8a", "SCO-8c", "SCO-8e", "SCO-8g"), "hall_of_fame": 0,
                    },
                    {
                        "total": 9, "licence": True, "lines": zero | {"SCO-1b": 1},
                        "titles": {"SCO-8d": 2, "SCO-8f": 2} | _titles(1, "SCO-8a", "SCO-8c", "SCO-8e", "SCO-8g"),
                        "hall_of_fame": 0,
                    },
                ],
            },
        },
    )]


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
