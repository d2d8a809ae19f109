"""Write scenarios for event, paladin and year-2 rules that no scenario cited
first yet (the kit's diagnosis names a broken rule mostly through the
scenarios citing it first). Each starts from a position taken from a
scenario of the kit (or a seeded play-out) and changed by hand, plays one
move and pins the values the rule decides, read from the rules text:

- Pay Day: a monster's wage is its hire cost, every part of it (the Witch's
  food and evil), and a ghost is paid too (EVT-PAY-1);
- every wage is paid before the +1 evil of the monsters let go: letting the
  Goblin go leaves the marker where it is, and two dismissals decided first
  never block the Vampire's 2 evil (RUL-14);
- a marker landing exactly on the paladin's space draws the paladin (PAL-2);
- the evilometer is checked after every single marker move, player by player
  from the first player: the first player to reach the line keeps the paladin
  when a later one only ties him (PAL-5);
- the first game's special event does nothing, no card is drawn
  (EVT-SPECIAL-1);
- evil from a special event is gained, never a cost: the Witch Hunt's 3 evil
  may be taken near the top and stop there (SPE-8);
- the Witch Hunt, a card speaking of monsters, never takes a ghost (SPE-9);
- a card whose text is not established is still drawn and revealed with its
  tile (SPE-12);
- after autumn the first-player token does not pass: combat starts (END-2);
- the change of year: gold decks, the trap deck continues (Y2-10); the three
  event tiles laid again (Y2-13); the paladin check at once, the most evil
  lord on or above the line gets the gold paladin (Y2-14); year 2 starts with
  winter's New Round phase (Y2-16);
- after year 2's combat the game ends and is scored (Y2-25).

Files: ``scenarios/byrule/first-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_first_events_year2.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import attrs

import dlrules
from conformance.record import Builder, Writers, record_position
from conformance.seed_by_rule import nothing_left_to_fight, playout
from conformance.seed_gaps import BYRULE, with_odds
from dlrules import Phase
from dlrules.apps.conformance.position import from_position
from dlrules.apps.conformance.scenarios import SCENARIOS
from dlrules.core.moves import Draw, Move, PayMonster, WitchHunt
from dlrules.core.state import GameState, Monster, PlayerState

WRITERS = Writers()
writer = WRITERS.writer


def _id(name: str) -> str:
    return f"first-{name}"


def _position(name: str) -> GameState:
    """The position of the kit's scenario ``name`` (a path under the scenarios folder, without ``.json``)."""
    data: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    return from_position(data["position"])


def _player(state: GameState, seat: int, **fields: Any) -> GameState:
    """``state`` with ``seat``'s PlayerState changed by ``fields`` (``monsters``: kinds, all face up)."""
    if "monsters" in fields:
        fields["monsters"] = tuple(Monster(kind) for kind in fields["monsters"])
    players = list(state.players)
    player: PlayerState = attrs.evolve(players[seat], **fields)
    players[seat] = player
    return attrs.evolve(state, players=tuple(players))


PAYDAY = "byrule/U-21-a-dismissal-evil-waits-for-every-wage"
"""Full game, 2 players, year 1, summer's Pay Day: Player 1 (the first player) decides first."""


@writer
def wages() -> list[Path]:
    """EVT-PAY-1: each monster's wage is the cost on its tile, the same as its hire cost; a ghost is paid too."""
    state = _player(_position(PAYDAY), 0, evil=5, food=3, monsters=("witch", "ghost"))
    ghost = _player(_position(PAYDAY), 0, evil=5, food=3, monsters=("ghost", "goblin"))
    return [
        record_position(
            BYRULE, _id("EVT-PAY-1-the-witchs-wage-is-her-food-and-her-evil"), ["EVT-PAY-1", "EVT-PAY-3"],
            "Full game, Pay Day: Player 1 (3 food, evil 5) pays his Witch. Her wage is her hire cost, 1 food and 1 evil, "
            "both paid: food 3 to 2, evil 5 to 6; she stays, and his Ghost is decided next.",
            state, PayMonster(0, 0, True), only=("players.0",),
            after={"players.0.food": 2, "players.0.evil": 6, "players.0.gold": 3, "players.0.monsters": [{"kind": "witch", "ready": True}, {"kind": "ghost", "ready": True}], "to_move": [0]},
        ),
        record_position(
            BYRULE, _id("EVT-PAY-1-a-ghost-is-paid-its-evil-too"), ["EVT-PAY-1"],
            "Full game, Pay Day: Player 1 (3 food, evil 5) owns a Ghost and a Goblin. Each monster or ghost is paid its "
            "wage: he pays the Ghost its 1 evil (5 to 6, food untouched) and the Goblin is decided next.",
            ghost, PayMonster(0, 0, True), only=("players.0",),
            after={"players.0.food": 3, "players.0.evil": 6, "to_move": [0], "legal_count": 2},
        ),
    ]


@writer
def wages_first() -> list[Path]:
    """RUL-14: within one player every wage is paid before the +1 evil of the monsters he lets go."""
    start = _player(_position(PAYDAY), 0, evil=12, food=3, monsters=("goblin", "witch", "vampire"))
    state = dlrules.apply(dlrules.apply(start, PayMonster(0, 0, False)), PayMonster(0, 0, False))
    return [record_position(
        BYRULE, _id("RUL-14-letting-a-monster-go-does-not-move-the-marker-yet"), ["RUL-14", "EVT-PAY-2"],
        "Full game, Pay Day at evil 12: Player 1 lets his Goblin go first. It leaves for the Distant Lands, but its +1 "
        "evil waits until all his wages are paid: his marker stays at 12 and he decides his Witch next (pay or let go).",
        start, PayMonster(0, 0, False), only=("players.0",),
        after={"players.0.evil": 12, "players.0.monsters": [{"kind": "witch", "ready": True}, {"kind": "vampire", "ready": True}], "to_move": [0], "legal_count": 2},
    ), record_position(
        BYRULE, _id("RUL-14-two-dismissals-never-block-the-vampires-wage"), ["RUL-14", "EVT-PAY-2", "RES-10"],
        "Full game, Pay Day at evil 12 (the top is 15): Player 1 has let his Goblin and his Witch go and now pays his "
        "Vampire. Their +1 evil each waits until every wage is paid, so the Vampire's 2 evil still fit (12 to 14); "
        "then the two dismissals add 1 each, the second stopping at the top: evil 15, food still 3.",
        state, PayMonster(0, 0, True), only=("players.0",),
        before={"players.0.evil": 12, "players.0.monsters": [{"kind": "vampire", "ready": True}]},
        after={"players.0.evil": 15, "players.0.food": 3, "players.0.monsters": [{"kind": "vampire", "ready": True}]},
    )]


@writer
def paladin_on_the_line() -> list[Path]:
    """PAL-2: a marker on the paladin's space (10) draws the paladin to that dungeon."""
    state = _player(_position(PAYDAY), 0, evil=8, food=3, monsters=("vampire",))
    return [record_position(
        BYRULE, _id("PAL-2-evil-exactly-on-the-paladins-space-draws-him"), ["PAL-2", "PAL-6"],
        "Full game, Pay Day, nobody holds the paladin: Player 1 (evil 8) pays his Vampire's 2 evil and his marker stops "
        "exactly on the paladin's space, 10. On or above it is enough: the paladin comes to attack his dungeon.",
        state, PayMonster(0, 0, True), only=("players.0.evil", "paladin"),
        before={"paladin": None},
        after={"players.0.evil": 10, "paladin": 0},
    )]


@writer
def paladin_one_move_at_a_time() -> list[Path]:
    """PAL-5: the evilometer is checked after every single move of a marker; in an event player by player from the
    first player: the first to reach the line gets the paladin, a later tie does not take him (PAL-7)."""
    state = _player(_position(PAYDAY), 1, evil=8, food=3, monsters=("vampire",))
    state = _player(state, 0, evil=9, food=0, monsters=("witch",))
    state = attrs.evolve(state, first_player=1)
    return [record_position(
        BYRULE, _id("PAL-5-the-first-player-to-reach-the-line-in-pay-day-keeps-the-paladin"), ["PAL-5", "PAL-7", "EVT-2"],
        "Full game, Pay Day, Player 2 is the first player, nobody holds the paladin. Player 2 (evil 8) pays his "
        "Vampire: 10, the paladin comes to him at once. Then Player 1 (evil 9, no food) cannot pay his Witch: she leaves "
        "and he gains 1 evil, 10 too. Markers move one at a time, so Player 1 only ties Player 2, who keeps the paladin "
        "(checked once for both at the end, the tie would give him to Player 1, last in player order).",
        state, PayMonster(1, 0, True), only=("players", "paladin"),
        before={"paladin": None, "to_move": [1]},
        after={"players.0.evil": 10, "players.1.evil": 10, "paladin": 1},
    )]


def _drawn(players: int, variant: str, deck: str, card: str | None = None) -> tuple[list[Move], GameState, Draw]:
    """Seed 0's play-out (``variant``, ``players``) up to its first chance draw from ``deck`` (of ``card``, when
    given): the moves before it, the position and the draw."""
    moves: list[Move] = []
    for state, move, _ in playout({"players": players, "variant": variant}, 0):
        if isinstance(move, Draw) and move.deck == deck and card in (None, move.card):
            return moves, state, move
        moves.append(move)
    raise SystemExit(f"seed 0's {variant} play-out draws no {card or 'card'} from the {deck} deck")


@writer
def first_game_special() -> list[Path]:
    """EVT-SPECIAL-1: in the first game the Special Event tile does nothing and the special event cards stay in the
    box: turning the tile up draws no card."""
    moves, _, move = _drawn(3, "first", "events", "special")
    builder = Builder(3, "first").play(*moves)
    return [builder.record(
        _id("EVT-SPECIAL-1-the-first-game-turns-up-the-tile-but-draws-no-card"), ["EVT-SPECIAL-1", "SPE-3"],
        "First game, 3 players, year 1's winter round start: chance turns up next round's event tile, the Special Event. "
        "In the first game the special event cards stay in the box: no card is drawn with the tile (none is on offer, "
        "none is revealed) and the round start goes on with the adventurers.",
        move, folder=BYRULE,
        before={"decks.special.size": 0, "special_event": None},
        after={"special_event": None, "decks.special.size": 0, "events": [None, "special", None, None]},
    )]


WITCH_HUNT = "year2/SPE-C-2-witch-hunt-three-evil"
"""Full game, 2 players, year 2, summer's special event, the Witch Hunt: Player 1 (the first player) decides first."""


@writer
def special_evil_is_gained() -> list[Path]:
    """SPE-8: evil from a special event is gained, never a cost: it may always be taken, and stops at the top."""
    state = _player(_position(WITCH_HUNT), 0, evil=14, monsters=("goblin",))
    state = attrs.evolve(state, paladin=0)
    return [record_position(
        BYRULE, _id("SPE-8-the-witch-hunts-evil-near-the-top-is-gained-and-stops-there"), ["SPE-8", "SPE-C-2"],
        "Full game, the Witch Hunt: Player 1, at evil 14 (the top is 15), keeps his Goblin and takes the 3 evil instead. "
        "Evil from a special event is gained, not paid: the choice is open although 3 spaces do not fit, and his "
        "marker stops at the top, 15.",
        state, WitchHunt(0, None), only=("players.0",),
        before={"players.0.evil": 14, "legal_count": 2},
        after={"players.0.evil": 15, "players.0.monsters": [{"kind": "goblin", "ready": True}]},
    )]


@writer
def ghosts_are_not_monsters() -> list[Path]:
    """SPE-9: a card speaking of monsters does not touch ghosts: the Witch Hunt cannot take a ghost, so a lord with
    only a ghost must gain the evil."""
    state = _player(_position(WITCH_HUNT), 0, evil=4, monsters=("ghost",))
    state = _player(state, 1, evil=5, monsters=("goblin",))
    state = attrs.evolve(state, first_player=1)
    return [record_position(
        BYRULE, _id("SPE-9-a-lord-with-only-a-ghost-gains-the-witch-hunts-evil"), ["SPE-9", "SPE-C-2"],
        "Full game, the Witch Hunt, Player 2 first: he keeps his Goblin and gains 3 evil (5 to 8). Player 1 owns only a "
        "Ghost, and the card speaks of monsters, which a ghost is not: he has nothing to give up, so he gains the 3 "
        "evil with no choice (4 to 7) and keeps his Ghost.",
        state, WitchHunt(1, None), only=("players",),
        before={"to_move": [1]},
        after={"players.0.evil": 7, "players.0.monsters": [{"kind": "ghost", "ready": True}], "players.1.evil": 8},
    )]


@writer
def unread_card_drawn() -> list[Path]:
    """SPE-12: a card whose text is not established is still drawn and revealed on schedule, with its tile."""
    _, state, _ = _drawn(3, "full", "special")
    move = Draw("special", "monster-strike")
    path = record_position(
        BYRULE, _id("SPE-12-a-card-the-referee-cannot-read-is-still-drawn-and-revealed"), ["SPE-12", "SPE-6"],
        "Full game, 3 players, year 1's spring round start: the Special Event tile has just been turned up for "
        "summer, so the year's special card is drawn. Each of the 9 cards is equally likely, those whose text is not "
        "established (here Monster Strike) included, and the card drawn is revealed: Monster Strike.",
        state, move, before={"events": [None, "payday", "special", None], "decks.special.size": 9},
        after={"special_event": "monster-strike", "decks.special.size": 8},
    )
    return [with_odds(path, state)]


# --- the end of autumn, the change of year, the end of the game -----------------------------------------------------

_PLAYOUT: dict[str, tuple[GameState, Move]] = {}


def _seed0(what: str) -> tuple[GameState, Move]:
    """Seed 0's 4-player full-game play-out: the last move of year 1's autumn before combat (``"autumn"``), the
    last move of year 1's combat (``"year 1"``) or of year 2's (``"year 2"``), and the position it is played in."""
    if not _PLAYOUT:
        for state, move, _ in playout({"players": 4, "variant": "full"}, 0):
            after = dlrules.apply(state, move)
            if state.year == 1 and state.phase is not Phase.COMBAT and after.phase is Phase.COMBAT:
                _PLAYOUT["autumn"] = (state, move)
            if state.year == 1 and after.year == 2:
                _PLAYOUT["year 1"] = (state, move)
            if after.phase is Phase.GAME_OVER:
                _PLAYOUT["year 2"] = (state, move)
                break
    return _PLAYOUT[what]


def _combat_over(year: int, **changes: Any) -> tuple[GameState, Move]:
    """The last move of year ``year``'s combat with every party gone from the dungeons and the year's paladin out of
    the combat (nothing left to fight: the move ends the combat); ``changes``: further GameState fields."""
    state, move = _seed0(f"year {year}")
    return attrs.evolve(nothing_left_to_fight(state), **changes), move


@writer
def autumn_token_stays() -> list[Path]:
    """END-2: after round 4 (autumn) the first-player token does not pass: combat starts instead."""
    state, move = _seed0("autumn")
    first = state.first_player
    return [record_position(
        BYRULE, _id("END-2-after-autumn-the-token-stays-and-combat-begins"), ["END-2", "END-1", "CMB-1"],
        f"Full game, 4 players, year 1's autumn (round 4), Player {first + 1} is the first player: the last move of the "
        "round. After rounds 1 to 3 the token would pass to the left; after round 4 it does not: the round ends, "
        f"combat begins in round 4 of year 1 and Player {first + 1} keeps the token.",
        state, move, only=("first_player", "phase", "round", "year"),
        before={"round": 4, "year": 1, "first_player": first},
        after={"first_player": first, "phase": "combat", "round": 4, "year": 1},
    )]


YEAR_ONE_OVER = "Full game, 4 players: the last move of year 1's combat, no party left in any dungeon. "
"""How the change-of-year descriptions start."""


@writer
def year_two_decks() -> list[Path]:
    """Y2-10: year 2's monsters, rooms and adventurers come from the gold-backed stacks (silver leftovers never
    drawn); the trap deck simply goes on."""
    state, move = _combat_over(1)
    d = state.decks
    return [record_position(
        BYRULE, _id("Y2-10-year-2-draws-from-the-gold-stacks-and-the-trap-deck-goes-on"), ["Y2-10", "Y2-1"],
        YEAR_ONE_OVER + f"{d.adventurers.size} silver adventurers were never drawn and {d.traps.size} trap cards are left. "
        "Year 2 takes its 12 monsters, 8 rooms and 16 adventurers from the gold-backed stacks only (the silver "
        f"leftovers leave the game) and the trap deck goes on as it is: still {d.traps.size} cards.",
        state, move, only=("decks", "year"),
        before={"decks.adventurers.size": d.adventurers.size, "decks.traps.size": d.traps.size},
        after={
            "year": 2, "decks.monsters.size": 12, "decks.rooms.size": 8, "decks.adventurers.size": 16,
            "decks.traps.size": d.traps.size,
        },
    )]


@writer
def event_tiles_again() -> list[Path]:
    """Y2-13: the progress marker goes back to winter and the same three event tiles are laid face down again."""
    state, move = _combat_over(1)
    return [record_position(
        BYRULE, _id("Y2-13-the-three-event-tiles-are-laid-again-for-year-2"), ["Y2-13", "SPE-1"],
        YEAR_ONE_OVER + "Year 1 used its three event tiles. For year 2 the progress marker goes back to winter and the "
        "same three tiles, Pay Day, Taxes and the Special Event, are shuffled and laid face down again: none is turned "
        "up yet, all three are to be drawn, and year 1's special event card has left play.",
        state, move, only=("events", "decks.events", "round", "special_event", "far_lands"),
        before={"decks.events.size": 0},
        after={"round": 1, "events": [None, None, None, None], "decks.events.size": 3, "special_event": None,
               "decks.events.bottom": []},
    )]


@writer
def gold_paladin_at_once() -> list[Path]:
    """Y2-14: at the change of year the paladin is checked at once: the gold paladin goes to the most evil lord on
    or above the paladin space."""
    state, move = _seed0("year 1")
    n = len(state.players)
    first = (state.first_player - 1) % n  # Y2-12, 4 players: one seat to the right
    order = [(first + k) % n for k in range(n)]
    evils = {order[0]: 3, order[1]: 10, order[2]: 12, order[3]: 11}
    # year 1's paladin was defeated in the dungeon of the first lord to reach the line, and lies in his prison
    far = tuple(card for card in state.far_lands if card != "paladin-1")
    state, move = _combat_over(1, paladin=order[1], far_lands=far)
    state = attrs.evolve(state, players=tuple(
        attrs.evolve(p, evil=evils[seat], prison=p.prison + (("paladin-1",) if seat == order[1] else ()))
        for seat, p in enumerate(state.players)
    ))
    names = [f"Player {seat + 1}" for seat in order]
    return [record_position(
        BYRULE, _id("Y2-14-the-gold-paladin-goes-at-once-to-the-most-evil-lord"), ["Y2-14", "Y2-12", "PAL-2"],
        YEAR_ONE_OVER + f"Year 1's paladin lies in {names[1]}'s prison. {names[0]} starts year 2 (Y2-12). Three lords are "
        f"on or above the paladin space: {names[1]} at 10, {names[2]} at 12, {names[3]} at 11. The gold paladin is "
        f"checked at once and goes to the most evil of them, {names[2]}: not the first of them in play order, not the "
        "last, and not year 1's holder.",
        state, move, only=("paladin", "first_player"),
        before={"paladin": order[1]},
        after={"first_player": first, "paladin": order[2]},
    )]


@writer
def year_two_winter() -> list[Path]:
    """Y2-16: year 2 then starts with winter's New Round phase, exactly as year 1: the tavern and the room shop
    filled from the decks first."""
    state, move = _combat_over(1)
    return [record_position(
        BYRULE, _id("Y2-16-year-2-begins-with-winters-new-round-phase"), ["Y2-16", "RST-1"],
        YEAR_ONE_OVER + "The change of year done, year 2 begins with winter's New Round phase, as year 1 did: round 1 "
        "of year 2, chance to move, turning up the tavern's monsters from the gold stack first (one of its 9 kinds).",
        state, move, only=("year", "round", "phase", "to_move", "legal_count"),
        after={"year": 2, "round": 1, "phase": "round_start", "to_move": [-1], "legal_count": 9},
    )]


@writer
def game_ends_after_year_two() -> list[Path]:
    """Y2-25: after year 2's combat and its clean-up (monsters face up again), the game ends with final scoring."""
    state, move = _combat_over(2)
    seat = next(i for i, p in enumerate(state.players) if p.monsters)
    monsters = tuple(attrs.evolve(m, ready=False) for m in state.players[seat].monsters)
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], monsters=monsters)
    state = attrs.evolve(state, players=tuple(players))
    face_up = [{"kind": m.kind, "ready": True} for m in monsters]
    return [record_position(
        BYRULE, _id("Y2-25-after-year-2s-combat-the-game-ends-and-is-scored"), ["Y2-25", "SCO-4"],
        f"Full game, 4 players: the last move of year 2's combat, no party left in any dungeon; Player {seat + 1} has "
        f"his {' and '.join(m.kind.capitalize() for m in monsters)} face down (sent into battle). Combat's clean-up "
        "turns every monster and ghost face up again, and then the game ends: no "
        "third year, no further round, the final scores are recorded.",
        state, move, only=("year", "round", "phase", "over", f"players.{seat}.monsters"),
        before={"over": False, "year": 2, "outcome": None},
        after={"over": True, "phase": "game_over", "year": 2, "to_move": [], f"players.{seat}.monsters": face_up},
    )]


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
