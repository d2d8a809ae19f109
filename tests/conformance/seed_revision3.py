"""Write the conformance scenarios of the rules' revision 3 and of a real
table (issue 23). Those a short list of moves from a new game reaches use the
portable ``setup`` + ``moves`` form: the optional dummy rule DUM3-5 and the
full game without special event cards (SPE-3's easier game). Those in year
2's events or in combat start from a ``state`` (a hand-built position, as
seed_year2.py and seed_combat.py do): the sheep Dragon and Metamorphosis's
compulsory choice (C2-3), and a table's ruling (LIB-TAB-8).

    .venv/bin/python tests/conformance/seed_revision3.py

Every expectation was read against the rules before it was committed; rerun
only to refresh them after a deliberate change, and review the diff.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conformance.record import Builder  # noqa: E402
from dlrules.apps.conformance.scenarios import SCENARIOS  # noqa: E402

from dlrules import (  # noqa: E402
    Action,
    ChooseOrders,
    Decline,
    DealOrders,
    Draw,
    DrawDummyOrders,
    KeepUnavailable,
    Phase,
    legal_moves,
    to_move,
)

A = Action
FOLDER = SCENARIOS / "foundation"


def before_the_dummy_hires(**options: bool) -> Builder:
    """3 players: each keeps Hire Monster and Build Room unavailable and plays
    Get Food, Improve Reputation and Dig Tunnels; the dummy draws Get Food,
    Mine Gold and Hire Monster (its minions on slot II). The Tavern shows a
    ghost, a goblin and a troll. Every player's minion declines but the last
    one on Dig Tunnels, whose turn it is."""
    b = Builder(3, "full", None, **options)
    for seat in range(3):
        b.play(DealOrders(seat, (A.FOOD, A.MONSTER, A.ROOM)))
    b.play(DealOrders(3, (A.IMPS, A.TRAPS, A.ROOM)))
    for seat in range(3):
        b.play(KeepUnavailable(seat, (A.MONSTER, A.ROOM)))
    for card in ("ghost", "goblin", "troll"):
        b.play(Draw("monsters", card))
    while b.state.phase is Phase.ROUND_START:
        b.chance_first(stop=Phase.ORDERS)
    b.play(DrawDummyOrders(3, (A.FOOD, A.MINE, A.MONSTER)))
    for seat in range(3):
        b.play(ChooseOrders(seat, (A.FOOD, A.REPUTATION, A.DIG)))
    while not _last_before_monster(b):
        b.play(next(m for m in legal_moves(b.state) if isinstance(m, Decline)))
    return b


def _last_before_monster(b: Builder) -> bool:
    """The minion to act is the last player's minion before Hire Monster."""
    board = b.state.board
    waiting = [c for space in range(A.MONSTER.index) for c in board[space] if c is not None and c < 3]
    return b.state.phase is Phase.RESOLUTION and len(waiting) == 1


def main() -> None:
    out: list[Path] = []
    b = before_the_dummy_hires(dummy_hires=True)
    seat = min(to_move(b.state))
    only: tuple[str, ...] = ("tavern", "far_lands", "board.monster")
    out.append(b.record(
        "DUM3-5-the-dummy-sends-the-first-tavern-monster-away",
        ["DUM3-5", "DUM3-2", "SETUP-3"],
        "3 players, the optional rule DUM3-5 on: once the last player's minion before Hire Monster has declined, "
        "the dummy's minion on Hire Monster II takes the first monster left in the Tavern, the ghost, without paying, "
        "and it goes to the Distant Lands.",
        Decline(seat), folder=FOLDER, only=only, before={"tavern": ["ghost", "goblin", "troll"]},
    ))
    b = before_the_dummy_hires()
    out.append(b.record(
        "DUM3-4-without-the-option-the-dummy-takes-nothing",
        ["DUM3-4", "DUM3-5"],
        "3 players, the optional rule DUM3-5 off (the default): the dummy's minion on Hire Monster II goes home and "
        "the Tavern keeps its ghost, goblin and troll.",
        Decline(seat), folder=FOLDER, only=only, before={"tavern": ["ghost", "goblin", "troll"]},
    ))
    b = Builder(4, special_events=False)
    out.append(b.record(
        "SPE-3-the-full-game-without-special-event-cards",
        ["SPE-3", "SETUP-4", "LIB-TAB-7"],
        "A full game played without the special event cards (the rulebook's easier game): the special event deck "
        "stays in the box, so it is empty from the start; setup deals orders as in any full game.",
        DealOrders(0, (A.FOOD, A.DIG, A.MONSTER)), folder=FOLDER, before={"decks.special.size": 0, "special_event": None},
    ))
    out += positions()
    for path in out:
        print(path)


def positions() -> list[Path]:
    """The scenarios of the ``state`` form (not portable; listed in the report)."""
    from combat_positions import COLUMN, play, position, tunnels
    from conformance.record import record_position
    from test_year2_events import at_event

    from dlrules import TABLE
    from dlrules.core.moves import Adjustment, PlanDefence, TableRuling, Target, Transform

    here = SCENARIOS
    e = COLUMN[0]
    room = tunnels(rooms={e: "mint"})
    y2 = ("metamorphosis", "blind-rage", "regeneration", "illusion")
    out = []
    s = play(
        position({0: ["y2-warrior-8", "y2-wizard-4-2", "y2-priest-5-3"]}, monsters={0: ["dragon", "goblin"]}, year=2, cards=y2, dungeons={0: room}),
        PlanDefence(0, e, (), (0, 1)),
    )
    only = ("players.0.party", "players.0.monsters", "players.0.prison")
    out.append(record_position(
        here / "combat", "C2-3-a-sheep-dragon-does-not-stop-healing", ["C2-3", "C2-6", "CMB-6", "CMB-HEAL-2"],
        "Year-2 combat, Metamorphosis: Player 1 sent a Dragon and a goblin; he turns the Dragon into a sheep, which "
        "loses every ability: the goblin's 2 hit the warrior, the party (with a priest) still heals them, then the "
        "round's fatigue 2 falls on him: he ends with 2 (4 had the Dragon stopped the healing); the sheep ends knocked out.",
        s, Transform(0, 0), only=only,
    ))
    s = play(
        position({0: ["y2-warrior-8", "y2-wizard-4-2"]}, monsters={0: ["goblin", "ghost", "troll"]}, year=2, cards=y2, dungeons={0: room}),
        PlanDefence(0, e, (), (0, 1)),
    )
    out.append(record_position(
        here / "combat", "C2-3-metamorphosis-never-takes-a-ghost", ["C2-3", "CMB-MON-1"],
        "Year-2 combat, Metamorphosis: Player 1 sent a goblin and a ghost; he must turn one of the monsters he sent "
        "into a sheep, never the ghost: naming the ghost is refused.",
        s, Transform(0, 1),
    ))
    fireball = ("fireball", "graffiti", "detect-evil", "invisibility")  # fatigue 1 in round 1
    w5 = "y1-warrior-5"
    s = play(
        position({0: [w5], 1: [w5]}, paladin=0, paladin_damage=2, traps={0: ["poisoned-dart"]}, evil={0: 11, 1: 11}, cards=fireball),
        PlanDefence(0, e, ("poisoned-dart",)), PlanDefence(1, e),
    )
    out.append(record_position(
        here / "combat", "CMB-EOR-2-the-poisoned-paladin-fights-on-then-takes-the-2", ["CMB-EOR-1", "CMB-EOR-2", "CMB-4", "CMB-8", "PAL-7"],
        "Combat round 1, 2 players tied at evil 11: Player 1's Poisoned Dart hits the paladin (2 counters; its 1 cancelled by "
        "his icons); the round's fatigue puts him at 3; Player 1's conquest drops him to 10, so the paladin moves to Player "
        "2 at once. He fights Player 2's battle at the head of that party (fatigue: 4 of his 5), and only after that last "
        "battle do the dart's 2 fall, in Player 2's dungeon: he goes to Player 2's prison; Player 2's warrior takes nothing.",
        s, Target(0, 0), only=("players.0.party", "players.1.party", "players.0.prison", "players.1.prison", "paladin"),
        after={"players.1.party": [{"key": w5, "damage": 0}], "players.0.party": [{"key": w5, "damage": 0}]},
    ))
    s = play(
        position({0: [w5, w5], 1: [w5, w5]}, traps={0: ["poisoned-dart"], 1: ["poisoned-dart"]}, cards=fireball, first=1),
        PlanDefence(1, e, ("poisoned-dart",)), PlanDefence(0, e, ("poisoned-dart",)), Target(1, 1),
    )
    out.append(record_position(
        here / "combat", "CMB-EOR-1-the-darts-2-come-after-every-battle-of-the-round", ["CMB-EOR-1", "CMB-4", "T-5"],
        "Combat round 1, Player 2 starts: each lord's Poisoned Dart hits one of his warriors (Player 2's the second, Player "
        "1's the first). Each battle ends with only the dart's 1 and the fatigue on them; once both battles are over, each "
        "dart's 2 land (Player 2's dungeon first, in play order), unreduced.",
        s, Target(0, 0), only=("players.0.party", "players.1.party"),
    ))
    import attrs

    aura = ("aura-of-fear", "blind-rage", "regeneration", "illusion")
    s = position({0: ["y2-warrior-8", "y2-wizard-4-2"]}, monsters={0: ["goblin", "troll"]}, year=2, cards=aura)
    s = play(attrs.evolve(s, table_rulings=True), PlanDefence(0, e, (), (0,)))
    out.append(record_position(
        here / "combat", "LIB-TAB-8-the-table-applies-aura-of-fear", ["LIB-TAB-8", "C2-4", "CMB-SPELL-8"],
        "A real table, year-2 combat: the party casts Aura of Fear, which the referee cannot read, so the battle waits for "
        "the table (seat -2). Its ruling withdraws the goblin Player 1 sent (it goes back face up and does not attack) and "
        "puts 1 damage on the warrior; the battle goes on: fatigue 2 on the warrior (3 in all), the tile is conquered.",
        s, TableRuling(TABLE, "Aura of Fear", (Adjustment("withdraw", 0, 0, 0), Adjustment("damage", 0, 1, 0))),
        before={"to_move": [TABLE]}, only=("players.0.party", "players.0.monsters", "players.0.tiles", "players.0.evil"),
        after={"players.0.monsters": [{"kind": "goblin", "ready": True}, {"kind": "troll", "ready": True}]},
    ))
    t = at_event("special", "special-7", players=3, table_rulings=True, p0={"gold": 5, "evil": 5})
    out.append(record_position(
        here / "year2", "LIB-TAB-8-the-table-applies-a-card-the-referee-cannot-read", ["LIB-TAB-8", "SPE-12"],
        "A real table, year 2's spring: the special event is a card the referee cannot read, so the table (seat -2) "
        "is asked; its ruling, under the printed name it typed, takes 2 of Player 1's 5 gold and gives Player 2 1 "
        "evil; the game goes on.",
        t, TableRuling(TABLE, "Rats", (Adjustment("gold", 0, -2), Adjustment("evil", 1, 1))),
        before={"to_move": [TABLE], "legal_count": 1}, only=("players.0.gold", "players.1.evil", "to_move"),
    ))
    out.append(record_position(
        here / "year2", "LIB-TAB-8-a-ruling-may-not-leave-a-supply-below-zero", ["LIB-TAB-8"],
        "A real table: the table's ruling that would take 6 gold from Player 1, who has 5, is refused and changes nothing.",
        t, TableRuling(TABLE, "Rats", (Adjustment("gold", 0, -6),)),
    ))
    from year_helpers import monsters

    strike = at_event(
        "special", "special-7", players=3, table_rulings=True,
        p0={"monsters": monsters("goblin", "troll"), "busy_trolls": 1}, p1={"traps": ("pendulum", "rolling-stone")},
    )  # fmt: skip
    out.append(record_position(
        here / "year2", "SPE-14-the-table-removes-a-monster-and-discards-a-trap-card", ["SPE-14", "LIB-TAB-9", "LIB-TAB-8", "ACT-MON-5"],
        "A real table, year 2's spring, a special event the referee cannot read: the table's ruling removes Player 1's "
        "troll (monster 2), whose token comes back from work, to the Distant Lands with no evil, and discards the "
        "second trap card of Player 2's hand (the Rolling Stone) face down, out of the game.",
        strike, TableRuling(TABLE, "Monster Strike", (Adjustment("dismiss", 0, 0, 1), Adjustment("discard_trap", 1, 0, 1))),
        before={"to_move": [TABLE]}, only=("players.0.monsters", "players.0.busy_trolls", "players.0.evil", "players.1.traps", "trap_discard"),
    ))
    out.append(record_position(
        here / "year2", "SPE-14-a-ruling-discards-only-a-trap-card-the-player-holds", ["SPE-14", "LIB-TAB-9", "LIB-TAB-8"],
        "A real table: Player 2 holds two trap cards, so the table's ruling that discards a third is refused and changes nothing.",
        strike, TableRuling(TABLE, "Monster Strike", (Adjustment("discard_trap", 1, 0, 2),)),
    ))
    return out


if __name__ == "__main__":
    main()
