"""Write the ``cr-`` scenarios (``scenarios/byrule``) for the real gaps of
the cosmic-ray run (docs/conformance.md, "Source mutants (cosmic-ray)",
issue 36): source mutants of the rules modules that break a rule and that
no scenario noticed. Each scenario here cites the broken rule first and
fails against the mutant it was written for (the mutation is named in each
writer's docstring): combat (a Golem and the knocked-out monsters, a battle
that stops, the Labyrinth's unrevealed trap, the room bonuses, evil exactly
on the paladin's space), scoring (the Hall of Fame, a total of exactly 1),
resolution (slot III's foreimp when digging and mining, the trap deck run
short, a monster's gold) and production (two activations in year 2,
trolls, exactly two workers, a blocked room, an empty trap deck).

Positions are built by hand (``combat_positions``, ``scoring_positions``)
or taken from seeded play-outs (``seed_by_rule.playout``) and changed with
``evolve``; every scenario must pass as recorded (``record_position``).

Run from the repository root: ``.venv/bin/python tests/conformance/seed_cosmic_gaps.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import attrs
from combat_positions import COLUMN, play, position, tunnels
from scoring_positions import end_of_game, lord

from conformance.record import Writers, record_position
from conformance.seed_by_rule import playout
from conformance.seed_cosmic_ray import first_activation
from dlrules import legal_moves
from dlrules.apps.conformance.scenarios import SCENARIOS
from dlrules.core.moves import (
    ActivateRoom,
    Attack,
    ChooseTrap,
    DigTunnel,
    Draw,
    HireMonster,
    MineGold,
    PlanDefence,
    TakeAction,
)
from dlrules.core.phases.resolution import _DIG as DIG
from dlrules.core.phases.resolution import _MINE as MINE
from dlrules.core.phases.resolution import _MONSTER as MONSTER
from dlrules.core.phases.resolution import _TRAPS as TRAPS
from dlrules.core.phases.resolution_refusals import trap_draws
from dlrules.core.state import (
    Deck,
    Dungeon,
    GameState,
    Monster,
    Phase,
    PlayerState,
    Square,
    Tile,
)

FOLDER = SCENARIOS / "byrule"
ENTRANCE = COLUMN[0]
QUIET = ("invisibility", "graffiti", "detect-evil", "word-of-peace")
"""Year-1 combat cards with no fatigue and no spell on a party without wizards."""
YEAR_2 = ("magic-key", "blind-rage", "regeneration", "illusion")
ILLUSION_FIRST = ("illusion", "magic-key", "blind-rage", "regeneration")
"""Year 2's cards, Illusion (fatigue 1) first; a party without wizards casts nothing."""
REFUSED = Draw("monsters", "goblin")  # SCO-3: after final scoring every move is refused

WRITERS = Writers()
writer = WRITERS.writer


# --- scoring ---------------------------------------------------------------------------------------


def hall_of_fame() -> Path:
    """Year 2's combat, 2 players: Player 1's one plan ends the last combat (the later rounds are played by
    themselves, LIB-CMB-1) and the game is scored. Player 2, never attacked, has an unconquered Hall of Fame, 5
    tunnel tiles and 5 imps. A refusal after the game is over would cite SCO-3 first, so the scenario is the
    last move of the game."""
    dungeon = tunnels(*COLUMN, (3, 2), (2, 1), rooms={(2, 1): "hall-of-fame"})
    start = position({0: ["y1-warrior-5", "y1-warrior-4"]}, monsters={0: ["goblin"]}, dungeons={1: dungeon}, year=2,
                     cards=YEAR_2, spare=None)  # fmt: skip
    state = _set(start, 1, attrs.evolve(start.players[1], imps=5))
    return record_position(
        FOLDER, "cr-SCO-12-the-hall-of-fame-adds-one-per-exclusive-title-with-2-players", ["SCO-12", "SCO-1h", "SCO-2", "SCO-4"],
        "Year 2's combat, 2 players: Player 1's plan is the last decision of the game; his party of two warriors "
        "conquers 2 tiles (evil 5 to 3) and combat ends, then scoring. Player 2 holds five titles alone (evil, rooms, "
        "tunnels, imps, fewest conquered: 2 each with 2 players) and shares riches (1); her unconquered Hall of Fame "
        "adds 1 per exclusive title with 2 players: 5. Total 2 (the room) + 11 + 5 = 18.",
        state, PlanDefence(0, ENTRANCE, (), (0,)), only=("over",),
        after={"outcome.players.1.hall_of_fame": 5, "outcome.players.1.total": 18, "outcome.winners": [1]},
    )


@writer
def scoring() -> list[Path]:
    """``scoring.py:368`` (the Hall of Fame's bonus subtracted from the total) and ``:369`` (``total > 1``: a
    total of exactly 1 earns no licence)."""
    one = end_of_game(lord(tunnels=1, conquered_tunnels=2, evil=9), lord(imps=4, evil=1, gold=2))
    return [
        hall_of_fame(),
        record_position(
            FOLDER, "cr-SCO-3-a-total-of-one-earns-the-licence", ["SCO-3", "SCO-2", "SCO-1e"],
            "2 players: Player 1 has 1 tunnel and 2 conquered tunnels (-4), the most evil (the evil title alone, 2) and "
            "shares the room, tunnel and monster titles (1 each): his total is 1, above 0, so he earns his dungeon lord "
            "licence. A move is refused.",
            one, REFUSED,
            before={"outcome.players.0.total": 1, "outcome.players.0.licence": True},
        ),
    ]


# --- combat ----------------------------------------------------------------------------------------


@writer
def paladin_on_the_line() -> list[Path]:
    """``combat/fight.py:143`` (``p.evil >= line`` -> ``>``: evil exactly on the paladin's space in combat does not
    attract him)."""
    start = position({0: ["y1-warrior-5"], 1: ["y1-warrior-5"]}, paladin=0, paladin_damage=1, evil={0: 10, 1: 10},
                     cards=QUIET)  # fmt: skip
    state = play(start, PlanDefence(0, ENTRANCE, (), ()))
    return [record_position(
        FOLDER, "cr-CMB-PAL-1-evil-exactly-on-the-paladins-space-attracts-him-in-combat", ["CMB-PAL-1", "PAL-2", "PAL-7"],
        "Year 1's combat, round 1, 2 players both at evil 10 (the paladin's space), the paladin (1 damage) leading "
        "Player 1's party. Player 2 plans last; the battles run in play order: Player 1's entrance is conquered, his "
        "evil drops to 9, and at once Player 2, on the paladin's space and strictly higher, takes the paladin, who "
        "fights in her battle; its conquest brings her to 9 too (a tie never moves him).",
        state, PlanDefence(1, ENTRANCE, (), ()), only=("paladin", "players.0.evil", "players.1.evil", "combat.paladin"),
        after={"paladin": 1},
    )]


@writer
def knocked_out() -> list[Path]:
    """``combat/fight.py:217, 223`` (the Golem's exception off by default), ``:224`` (``and`` -> ``or``, ``==`` ->
    ``!=``: every monster, or every monster but the Golem, goes back face up)."""
    def sent(monster: str) -> GameState:
        return position({0: ["y2-warrior-8", "y2-warrior-7"]}, monsters={0: [monster]}, year=2, cards=YEAR_2)

    move = PlanDefence(0, ENTRANCE, (), (0,))
    only = ("players.0.monsters",)
    return [
        record_position(
            FOLDER, "cr-CMB-MON-4-a-monster-that-acted-is-knocked-out", ["CMB-MON-4"],
            "Year 2's combat, round 1: Player 1 sends his Goblin to his entrance against a party of two warriors; it "
            "attacks, and after acting it is knocked out: face down, unusable for the rest of this combat.",
            sent("goblin"), move, only=only, after={"players.0.monsters": [{"kind": "goblin", "ready": False}]},
        ),
        record_position(
            FOLDER, "cr-M-7-the-golem-goes-back-face-up-after-acting", ["M-7", "CMB-MON-4"],
            "Year 2's combat, round 1: Player 1 sends his Golem to his entrance against a party of two warriors; it "
            "attacks (4 on the first), and after acting it goes back face up, ready to be sent again: a Golem is the "
            "exception to being knocked out.",
            sent("golem"), move, only=only, after={"players.0.monsters": [{"kind": "golem", "ready": True}]},
        ),
    ]


@writer
def stopped_battle() -> list[Path]:
    """``combat/fight.py:235`` (``if not b.sent``: monsters still sent are not knocked out), ``:223`` (a Golem
    still sent knocked out), ``:237, 238`` (the unrevealed trap not back in hand, or the gold wrong)."""
    lab = tunnels(rooms={ENTRANCE: "labyrinth"})

    def stopped(monster: str) -> GameState:
        start = position({0: ["y1-warrior-3"], 1: ["y1-warrior-5"]}, traps={0: ["rolling-stone", "cursed-ring"]},
                         monsters={0: [monster]}, dungeons={0: lab}, gold=1)  # fmt: skip
        return play(start, PlanDefence(0, ENTRANCE, ("cursed-ring", "rolling-stone"), (0,)), PlanDefence(1, ENTRANCE))

    move = ChooseTrap(0, "rolling-stone")
    only = ("players.0",)
    return [
        record_position(
            FOLDER, "cr-CMB-MON-8-a-monster-sent-to-a-stopped-battle-is-knocked-out", ["CMB-MON-8", "CMB-BAT-3"],
            "Year 1's combat, round 1: Player 1 defends his Labyrinth with two trap cards and sends his Goblin. He "
            "reveals the Rolling Stone first: it eliminates the only adventurer, and the battle stops before the "
            "Goblin acts. The Goblin is knocked out all the same (face down).",
            stopped("goblin"), move, only=only, after={"players.0.monsters": [{"kind": "goblin", "ready": False}]},
        ),
        record_position(
            FOLDER, "cr-CMB-MON-8-a-golem-sent-to-a-stopped-battle-stays-face-up", ["CMB-MON-8", "M-7", "CMB-BAT-3"],
            "Year 1's combat, round 1: Player 1 defends his Labyrinth with two trap cards and sends his Golem. The "
            "Rolling Stone, revealed first, eliminates the only adventurer and the battle stops before the Golem acts: "
            "a Golem is the exception, it goes back face up.",
            stopped("golem"), move, only=only, after={"players.0.monsters": [{"kind": "golem", "ready": True}]},
        ),
        record_position(
            FOLDER, "cr-CMB-TRAP-9-the-labyrinths-second-trap-goes-back-unrevealed-and-unpaid", ["CMB-TRAP-9", "CMB-BAT-3"],
            "Year 1's combat, round 1: Player 1 (1 gold) defends his Labyrinth with the Rolling Stone and the Cursed "
            "Ring. The Rolling Stone eliminates the only adventurer: the battle stops; the Cursed Ring is not revealed, "
            "costs nothing (he keeps his 1 gold) and goes back to his trap cards.",
            stopped("goblin"), move, only=only,
            after={"players.0.traps": ["cursed-ring", "kamikaze-imp"], "players.0.gold": 1},
        ),
    ]


@writer
def room_bonus() -> list[Path]:
    """``combat/fight.py:259`` (``not tile.conquered`` -> ``tile.conquered``: the bonus only in a conquered room,
    that is never) and ``:260`` (the bonus subtracted)."""
    training = tunnels(rooms={COLUMN[1]: "training-room"})  # year-2 rooms: both battles are year 2's
    start = play(position({0: ["y2-thief-4-2", "y2-warrior-6"]}, monsters={0: ["goblin"]}, dungeons={0: training},
                          cards=ILLUSION_FIRST, year=2), PlanDefence(0, ENTRANCE, (), ()))  # fmt: skip
    dark = tunnels(rooms={ENTRANCE: "dark-room"})  # year-2 rooms: both battles are year 2's
    witch = play(position({0: ["y2-warrior-5", "y2-warrior-6"]}, monsters={0: ["witch"]}, dungeons={0: dark},
                          cards=ILLUSION_FIRST, year=2), PlanDefence(0, ENTRANCE, (), (0,)))  # fmt: skip
    return [
        record_position(
            FOLDER, "cr-CMB-MON-7-the-training-room-adds-one-to-the-goblin-and-its-follow-up", ["CMB-MON-7", "R-1"],
            "Year 2's combat, round 2: in round 1 (Illusion: fatigue 1, not cast) a thief (4 hit points) and a "
            "warrior conquered Player 1's entrance and the thief took 1 fatigue. Now Player 1 sends his Goblin to his "
            "Training Room, the next tile. Each of the Goblin's attacks does 1 more there: 3 on the thief, who is "
            "eliminated (to the prison), then the follow-up's 1 + 1 on the warrior, who also takes the round's fatigue "
            "(without the room the thief would stand with 3 counters and there would be no follow-up).",
            start, PlanDefence(0, COLUMN[1], (), (0,)), only=("players.0.prison", "players.0.party"),
            after={"players.0.prison": ["y2-thief-4-2"]},
        ),
        record_position(
            FOLDER, "cr-R-2-the-dark-room-adds-one-to-the-witch", ["R-2", "CMB-MON-7", "CMB-ROOM-1"],
            "Year 2's combat, round 1 (Illusion: fatigue 1, not cast): Player 1's Witch attacks in his Dark Room: her 4 "
            "damage become 5, and the first warrior (5 hit points) is eliminated and goes to the prison.",
            witch, Attack(0, 0, 0), only=("players.0.prison", "players.0.party"),
            after={"players.0.prison": ["y2-warrior-5"]},
        ),
    ]


# --- production ------------------------------------------------------------------------------------


def _workshop_position() -> tuple[GameState, int]:
    """Year 1, production, seed 1's 3-player play-out: the first position where a Workshop may be activated
    (its owner, 5 imps all free, 3 food, a Workshop on the entrance and two tunnels), and its owner."""
    state, move = first_activation(3, 1, "workshop")
    return state, move.seat


def _lord(state: GameState, seat: int, rooms: dict[Square, str], **fields: object) -> GameState:
    """``state`` with player ``seat``'s three tiles holding ``rooms`` (the others tunnels) and ``fields`` changed."""
    p = state.players[seat]
    dungeon = Dungeon(tuple(Tile(t.square, rooms.get(t.square)) for t in p.dungeon.tiles))
    lord_ = attrs.evolve(p, dungeon=dungeon, **fields)  # type: ignore[arg-type]
    return attrs.evolve(state, players=state.players[:seat] + (lord_,) + state.players[seat + 1 :])


@writer
def production() -> list[Path]:
    """``production.py:108`` (a Workshop from an empty trap deck), ``:173`` (``<`` -> ``<=``: no room listed with
    exactly 2 free workers), ``:186`` (``continue`` -> ``break``: no room listed after a blocked one), ``:62, 63``
    (troll tokens miscounted), ``:356, 358`` (a troll token counted as an imp, or busy trolls lowered)."""
    state, seat = _workshop_position()
    who = f"Player {seat + 1}"
    magic = {ENTRANCE: "workshop", COLUMN[1]: "magic-room"}
    out = []
    empty = attrs.evolve(state, decks=attrs.evolve(state.decks, traps=Deck.of({})))
    out.append(record_position(
        FOLDER, "cr-LIB-PROD-2-a-workshop-cannot-work-with-the-trap-deck-empty", ["LIB-PROD-2", "PROD-1"],
        f"Year 1, production: {who} has a Workshop and 5 free imps, but the trap deck is empty: the Workshop has no "
        "card to make, and activating it is refused.",
        empty, ActivateRoom(seat, ENTRANCE),
    ))
    two = _lord(state, seat, magic, busy_imps=3)
    out.append(record_position(
        FOLDER, "cr-PROD-1-exactly-two-free-imps-work-the-magic-room", ["PROD-1"],
        f"Year 1, production: {who} has 5 imps, 3 of them already at work, so exactly 2 free: enough for the Magic "
        "Room (2 imps and 1 food): it makes 1 imp.",
        two, ActivateRoom(seat, COLUMN[1]),
    ))
    used = _lord(state, seat, magic, rooms_used=(ENTRANCE,), busy_imps=0)
    out.append(record_position(
        FOLDER, "cr-PROD-3-a-used-room-does-not-block-the-next-one", ["PROD-3", "PROD-1"],
        f"Year 1, production: {who} already activated his Workshop (on the entrance) this round, so it may not work "
        "again; his Magic Room, the next tile, may still be activated.",
        used, ActivateRoom(seat, COLUMN[1]),
    ))
    two_rooms = {**magic, COLUMN[2]: "magic-room"}
    troll = _lord(state, seat, two_rooms, busy_imps=4, monsters=(Monster("troll"),))
    out.append(record_position(
        FOLDER, "cr-PROD-2-a-troll-token-works-as-an-imp", ["PROD-2", "PROD-1"],
        f"Year 1, production: {who} has 1 free imp, a Troll (one troll token) and two Magic Rooms: the imp and the "
        "token work the first Magic Room together (2 workers) and are busy for the round; the room makes 1 imp, free "
        "at once. That 1 free imp alone cannot work the second Magic Room: only ending production is left.",
        troll, ActivateRoom(seat, COLUMN[1], trolls=1), after={f"players.{seat}.free_imps": 1, "legal_count": 1},
    ))
    busy = _lord(state, seat, magic, busy_imps=4, monsters=(Monster("troll"),), busy_trolls=1)
    out.append(record_position(
        FOLDER, "cr-PROD-2-a-busy-troll-token-cannot-work-again", ["PROD-2", "PROD-1"],
        f"Year 1, production: {who} has 1 free imp and a Troll whose one token already works this round: the Magic "
        "Room cannot have the token again, and 1 imp is not enough: refused.",
        busy, ActivateRoom(seat, COLUMN[1], trolls=1),
    ))
    return out


# --- resolution ------------------------------------------------------------------------------------


def _acting(seed: int, space: int, slot: int, year: int, players: int = 3) -> tuple[GameState, int]:
    """The first position of seed ``seed``'s play-out where the resolution cursor stands, untouched, on ``space``'s
    ``slot`` in ``year`` with a player to move, and that player."""
    for state, move, _ in playout({"players": players, "variant": "full"}, seed):
        r = state.resolution
        if (state.phase is Phase.RESOLUTION and state.year == year and r is not None and (r.space, r.slot) == (space, slot)
                and r.dug == 0 and r.draws == 0 and r.spy is None and not r.discarding):  # fmt: skip
            return state, move.seat
    raise SystemExit(f"seed {seed}'s play-out never resolves space {space}, slot {slot} in year {year}")


def _free(state: GameState, seat: int, free: int) -> GameState:
    """Player ``seat`` with exactly ``free`` free imps (the others busy), no foreimp out yet."""
    p = state.players[seat]
    return _set(state, seat, attrs.evolve(p, foreimps=0, busy_imps=p.imps - free))


def _set(state: GameState, seat: int, player: PlayerState) -> GameState:
    return attrs.evolve(state, players=state.players[:seat] + (player,) + state.players[seat + 1 :])


def _short_deck(state: GameState, cards: int) -> GameState:
    """The trap deck cut down to ``cards`` cards; the others go to the trap discard pile (the count stays whole)."""
    deck = state.decks.traps
    kept: dict[str, int] = {}
    gone: list[str] = []
    for key, copies in deck.unseen:
        keep = min(copies, cards - sum(kept.values()))
        if keep:
            kept[key] = keep
        gone += [key] * (copies - keep)
    assert not deck.bottom and sum(kept.values()) == cards
    return attrs.evolve(state, decks=attrs.evolve(state.decks, traps=Deck.of(kept)), trap_discard=state.trap_discard + tuple(gone))


@writer
def digging() -> list[Path]:
    """``resolution.py:385`` (``dug == -1``: slot III's foreimp not needed), ``:796`` (``before == 1``: the foreimp
    not placed with the first tunnel), ``:803`` (``+ fores``: foreimps counted as free imps when digging on)."""
    state, seat = _acting(3, DIG, 2, 1)
    who = f"Player {seat + 1}"
    two = _free(state, seat, 2)
    square = next(m for m in legal_moves(two) if isinstance(m, DigTunnel))
    assert isinstance(square, DigTunnel)
    return [
        record_position(
            FOLDER, "cr-ACT-DIG-3-slot-iii-digs-its-first-tunnel-under-a-foreimp", ["ACT-DIG-3", "ACT-DIG-2"],
            f"Year 1, resolution, Dig Tunnels slot III: {who} has exactly 2 free imps. He digs a tunnel: 1 imp digs "
            "and 1 goes as the foreimp (both busy), so no free imp is left and digging ends with this tunnel.",
            two, square,
        ),
        record_position(
            FOLDER, "cr-ACT-DIG-3-one-free-imp-cannot-dig-on-slot-iii", ["ACT-DIG-3"],
            f"Year 1, resolution, Dig Tunnels slot III: {who} has 1 free imp: the slot needs a foreimp even for a "
            "single tunnel, so he cannot dig: a tunnel is refused.",
            _free(state, seat, 1), square,
        ),
    ]


@writer
def mining() -> list[Path]:
    """``resolution.py:415`` (``max_miners`` without slot III's foreimp) and ``:709`` (mining places no foreimp)."""
    state, seat = _acting(1, MINE, 2, 2)
    who = f"Player {seat + 1}"
    two = _free(state, seat, 2)
    return [
        record_position(
            FOLDER, "cr-ACT-MINE-6-slot-iii-mines-under-a-foreimp", ["ACT-MINE-6", "ACT-MINE-1"],
            f"Year 2, resolution, Mine Gold slot III: {who} has exactly 2 free imps: 1 mines (1 gold) and 1 goes as the "
            "foreimp; both are busy.",
            two, MineGold(seat, 1),
        ),
        record_position(
            FOLDER, "cr-ACT-MINE-6-slot-iiis-foreimp-is-not-a-free-mining-imp", ["ACT-MINE-6", "ACT-MINE-5"],
            f"Year 2, resolution, Mine Gold slot III: {who} has exactly 2 free imps; one must be the foreimp (ACT-MINE-6), "
            "so 2 mining imps would need 3 free imps: refused, citing the foreimp (ACT-MINE-6; no imp is busy).",
            two, MineGold(seat, 2),
        ),
    ]


@writer
def buying_traps() -> list[Path]:
    """``resolution.py:474`` (``<`` -> ``<=``: a trap deck holding exactly the slot's draws is refused)."""
    state, seat = _acting(0, TRAPS, 0, 1)
    exact = _short_deck(state, trap_draws(state, 0))
    return [record_position(
        FOLDER, "cr-ACT-TRAP-1-a-deck-holding-exactly-the-draw-is-enough", ["ACT-TRAP-1", "RES-6"],
        f"Year 1, resolution, Buy Traps slot I: the trap deck holds exactly 1 card, the slot's draw: Player {seat + 1} "
        "may take the order (and pays its 1 gold); chance then draws the last card.",
        exact, TakeAction(seat),
    )]


@writer
def hiring() -> list[Path]:
    """``resolution.py:852`` (``p.gold + cost.gold``: hiring gains the monster's gold instead of paying it)."""
    state, seat = _acting(0, MONSTER, 1, 2)
    p = state.players[seat]
    trap = p.traps[0] if p.traps else None
    assert trap is not None
    two = _set(state, seat, attrs.evolve(p, gold=2))  # (seed 0's player has none)
    return [record_position(
        FOLDER, "cr-ACT-MON-2-hiring-the-golem-pays-its-gold", ["ACT-MON-2", "Y2-19"],
        f"Year 2, resolution, Hire Monster slot II: Player {seat + 1}, with 2 gold and one trap card, hires the Golem, "
        "paying its cost: 1 gold (1 left) and his trap card, discarded face down. The Golem goes ready into his lair.",
        two, HireMonster(seat, "golem", trap=trap),
    )]


def main() -> None:
    for path in WRITERS.run():
        print(path)


if __name__ == "__main__":
    main()
