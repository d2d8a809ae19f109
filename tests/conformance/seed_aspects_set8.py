"""Write scenarios for aspects of eight rules (set 8's seven, and R-3) that
an implementer could get wrong on their own, as ``seed_aspects.py`` does (its
docstring says how they were chosen and checked). Each cites its rule first
and fails when only that aspect is broken (each writer's docstring says which
breakage makes it fail; every one was run against a mutant of dlrules where
only its aspect is broken, and on dlrules itself):

- ADV-2P-1: with 2 players, a lord whose evil ties the dummies' marker (once it
  has moved up) counts as more evil: the dummy is the nicer one and takes the
  weaker adventurer; the tied lord gets the next one.
- CMB-SPELL-2 (PAL-12): the paladin's crystals count toward the party's magic
  points, added to the wizards': round 3's spell is cast with the paladin's 2
  and a wizard's 1.
- SCO-8b: the Lord of Halls counts conquered rooms as well as unconquered ones.
- SCO-8e: the Lord of Imps counts imp figures only; troll tokens are not imps.
- ACT-MINE-1: Mine Gold's slot III permits 4 imps plus a foreimp: with 4 free
  imps a lord mines with 3 at most, and the foreimp is set aside.
- CMB-5: anti-trap icons cancel a trap's damage from the front of the party
  backwards: a thief's 1 icon against the Wall of Fire cancels the front
  warrior's point, not the last adventurer's nor the thief's own.
- CMB-CARD-7: a round's combat card is not public during that round's
  Planning: a seat that did not spy it sees it face down; its spy sees it; the
  cards of earlier rounds are public.
- R-3 (CMB-3): the Labyrinth takes at most 1 monster, ghosts aside, and up to
  2 traps: sending two Goblins is refused (dlrules cites CMB-3, the limits'
  rule, so that scenario is ``aspect-CMB-3-*``); a Goblin with two traps is
  accepted, and so is a Goblin with a Ghost; the plans listed never send both
  Goblins.

Files: ``scenarios/byrule/aspect-RULE-ID-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_aspects_set8.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import attrs

from conformance.record import Writers, record_position
from conformance.seed_aspects import PARTY, _id, _party, _write
from conformance.seed_gaps import BYRULE
from dlrules.core.state import GameState

WRITERS = Writers()
writer = WRITERS.writer


# --- ADV-2P-1: a tie with the dummies' marker ------------------------------------------------------------------

ARRIVING = ("y1-thief-3-1", "y1-priest-3-2", "y1-thief-4-2")
"""Spring's three adventurers (2 players), weakest first: glyph ranks 1, 2, 3."""


def spring_payday(evil: int, dummy_evil: int) -> GameState:
    """First game, 2 players, spring's Pay Day: Player 1 (``evil``) has a Goblin to pay, the last payment; Player 2
    is on 8; the dummies' marker on ``dummy_evil``; ``ARRIVING`` wait to be assigned."""
    from test_events import events
    from year_helpers import monsters

    state = events("payday", players=2, p0={"monsters": monsters("goblin"), "evil": evil, "food": 2, "party": ()},
                   p1={"monsters": (), "evil": 8, "party": ()})  # fmt: skip
    deck = state.decks.adventurers
    for key in ARRIVING:
        assert deck.count(key) == 1, key
        deck = deck.without(key)
    return attrs.evolve(state, dummy_evil=dummy_evil, adventurers_now=ARRIVING,
                        decks=attrs.evolve(state.decks, adventurers=deck))  # fmt: skip


@writer
def dummy_nicer_in_a_tie() -> list[Path]:
    """ADV-2P-1: the dummies' marker moves up from 5 to 6, tying Player 1 (6); Player 2 is on 8. In the tie the
    dummy counts as nicer: the weakest adventurer goes to it (on to the far lands), the second to Player 1, the
    strongest to Player 2. Fails when the tied lord counts as the nicer one (he would get the weakest, the dummy
    the second)."""
    from dlrules.core.moves import PayMonster

    state = spring_payday(evil=6, dummy_evil=5)
    return [_write(
        _id("ADV-2P-1", "a-lord-tied-with-the-dummies-marker-counts-as-more-evil"), ["ADV-2P-1", "ADV-2", "ADV-3"],
        "First game, 2 players, spring's Pay Day: Player 1 (evil 6) pays his Goblin, the last payment, and the "
        "Adventurers phase follows: a thief of glyph rank 1, a priest of rank 2 and a thief of rank 3 arrive. The "
        "dummies' evil marker first moves up 1 (5 to 6), tying Player 1 (6); Player 2 is on 8. In the tie the dummy "
        "counts as nicer, though Player 1 holds the starting player token: the weakest, the thief of rank 1, goes "
        "to the dummy and on to the far lands; the priest to Player 1; the thief of rank 3 to Player 2. Were the "
        "tied lord the nicer, Player 1 would get the weak thief and the priest would go to the far lands.",
        state, PayMonster(0, 0, True), only=("players.0.party", "players.1.party", "far_lands", "dummy_evil"),
        after={"dummy_evil": 6, "players.0.party": _party(("y1-priest-3-2", 0)),
               "players.1.party": _party(("y1-thief-4-2", 0))},
    )]  # fmt: skip


# --- CMB-SPELL-2 (PAL-12): the paladin's magic ----------------------------------------------------------------

PALADIN_CARDS = ("invisibility", "fireball", "fist-of-justice", "word-of-peace")
"""Round 3's card is Fist of Justice (slow, fatigue 1: the defender loses an imp); rounds 1 and 2 of fatigue 0 and
1 do nothing here (Invisibility keeps the wizard out of harm, Fireball has no effect)."""


@writer
def paladins_crystals_count() -> list[Path]:
    """CMB-SPELL-2 / PAL-12: round 3, the paladin (2 crystals) and a wizard (1): 3 magic points, Fist of Justice
    is cast and Player 1 loses an imp. Fails when the paladin's crystals are left out (the wizard's 1 alone is
    short of round 3's 3)."""
    from conformance.seed_aspects_rules import FOUR, _before_round

    from dlrules.core.moves import PlanDefence

    state: Any = _before_round(3, ["y1-warrior-5", "y1-wizard-3-1"], paladin=0, cards=PALADIN_CARDS)
    assert state.paladin == 0 and state.players[0].imps == 3, (state.paladin, state.players[0])
    return [_write(
        _id("CMB-SPELL-2", "the-paladins-crystals-count-with-the-wizards"), ["CMB-SPELL-2", "PAL-12", "CMB-SPELL-1"],
        "Year 1's combat, round 3: the card is Fist of Justice (slow, fatigue 1; the defender loses an imp). The "
        "year-1 paladin (2 crystals) leads Player 1's party of a warrior and a wizard with 1 crystal; in rounds 1 and 2 "
        "(Invisibility, Fireball: no effect here) the party conquered two tunnels and the paladin took 1 fatigue "
        "counter. Player 1 defends his third tunnel with nothing. The party's magic points are the crystals of the wizards and of the paladin: 2 + 1 = 3, as "
        "many as round 3 needs, so the spell is cast and Player 1 loses an imp (3 to 2). Counting the wizard's "
        "crystal alone (1) the spell would not be cast and he would keep his 3 imps.",
        state, PlanDefence(0, FOUR[2]), only=("players.0.imps", *PARTY, "combat.paladin"),
        after={"players.0.imps": 2, "paladin": 0},
    )]  # fmt: skip


# --- SCO-8b, SCO-8e: what two titles count --------------------------------------------------------------------

ALIKE: dict[str, Any] = {"monsters": ("goblin",), "gold": 1}
"""What every lord has unless said otherwise, so that no "most" title is decided at 0 (SCO-13)."""


def _final(*lords: dict[str, Any]) -> tuple[Any, Any]:
    from conformance.seed_first_scoring import _final as final

    return final(*lords)


def _over(rule: str, name: str, rules: list[str], description: str, lords: tuple[dict[str, Any], ...],
          after: dict[str, Any]) -> Path:
    """The last move of year 2's combat with ``lords`` (``seed_first_scoring._final``): the game ends and is
    scored; ``after``: the outcome paths checked."""
    from conformance.seed_first_scoring import LAST

    state, move = _final(*lords)
    return record_position(BYRULE, _id(rule, name), rules, LAST + description, state, move, only=("over",),
                           after=after)  # fmt: skip


def _titles(lords: tuple[dict[str, Any], ...]) -> list[dict[str, int]]:
    """Each lord's titles (rule ID -> points) as dlrules scores them once the move is played."""
    import dlrules
    from dlrules.apps.conformance.observe import _outcome

    state, move = _final(*lords)
    scored = _outcome(dlrules.apply(state, move))
    assert scored is not None
    return [dict(p["titles"]) for p in scored["players"]]


@writer
def halls_count_conquered_rooms() -> list[Path]:
    """SCO-8b: Player 1 has an unconquered Mint and a conquered Workshop and Chicken Coop (3 rooms), Player 2 two
    unconquered rooms, Player 3 one: Player 1 alone is the Lord of Halls. Fails when only unconquered rooms count
    (Player 2 would hold it alone)."""
    from scoring_positions import lord

    lords = (
        lord(rooms=("mint",), conquered_rooms=("workshop", "chicken-coop"), tunnels=2, **ALIKE),
        lord(rooms=("tool-shed", "printing-press"), tunnels=3, **ALIKE),
        lord(rooms=("mushroom-bed",), tunnels=4, **ALIKE),
    )
    titles = _titles(lords)
    assert [("SCO-8b" in t) for t in titles] == [True, False, False], titles
    return [_over(
        "SCO-8b", "conquered-rooms-count-for-the-lord-of-halls", ["SCO-8b", "SCO-9", "SCO-2"],
        "3 players: Player 1 has an unconquered Mint and two conquered rooms, a Workshop and a Chicken Coop; "
        "Player 2 has two unconquered rooms, Player 3 one. The Lord of Halls counts conquered and unconquered rooms: "
        "Player 1's 3 are the most, and he alone holds the title (3 points); Player 2 does not. Counting only "
        "unconquered rooms, Player 2's 2 would win it alone.",
        lords, {"outcome.players.0.titles.SCO-8b": 3, "outcome.players.1.titles": titles[1],
                "outcome.players.2.titles": titles[2]},
    )]  # fmt: skip


@writer
def imps_title_without_trolls() -> list[Path]:
    """SCO-8e: Player 1 has 3 imps and 2 Trolls (2 troll tokens), Player 2 4 imps, Player 3 3: Player 2 alone is
    the Lord of Imps. Fails when troll tokens count as imps (Player 1's 5 would win it alone)."""
    from scoring_positions import lord

    lords = (
        lord(imps=3, monsters=("troll", "troll"), gold=1, rooms=("mint",)),
        lord(imps=4, rooms=("workshop",), **ALIKE),
        lord(imps=3, rooms=("tool-shed",), **ALIKE),
    )
    titles = _titles(lords)
    assert [("SCO-8e" in t) for t in titles] == [False, True, False], titles
    return [_over(
        "SCO-8e", "troll-tokens-are-not-imps-for-the-lord-of-imps", ["SCO-8e", "SCO-9", "ACT-MON-5"],
        "3 players: Player 1 has 3 imps and two Trolls, whose troll tokens stand with his imps; Player 2 has 4 imps, "
        "Player 3 has 3. The Lord of Imps counts imp figures only, not troll tokens: Player 2's 4 are the most and "
        "he alone holds the title (3 points); Player 1 does not. Counting the troll tokens, Player 1's 5 would win "
        "it alone.",
        lords, {"outcome.players.1.titles.SCO-8e": 3, "outcome.players.0.titles": titles[0],
                "outcome.players.2.titles": titles[2]},
    )]  # fmt: skip


# --- ACT-MINE-1: slot III's foreimp ---------------------------------------------------------------------------


@writer
def mine_slot_three_foreimp() -> list[Path]:
    """ACT-MINE-1: Mine Gold slot III, 4 free imps and 5 tunnels: the slot permits 4 imps plus a foreimp, so 3 may
    mine (choices 1 to 3, or decline); mining with 3 sets 4 imps to work. Fails when slot III's reward has no
    foreimp (4 could mine, and 3 would leave a free imp)."""
    from res_positions import MINE, player
    from test_resolution_tavern_rooms import three_on

    from dlrules.core.moves import MineGold
    from dlrules.core.state import Dungeon, Tile

    tiles = tuple(Tile(sq) for sq in ((0, 2), (1, 2), (2, 1), (2, 2), (3, 2)))
    state = three_on(MINE, tweak=player(2, dungeon=Dungeon(tiles), imps=4))
    assert state.players[2].free_imps == 4, state.players[2]
    return [_write(
        _id("ACT-MINE-1", "slot-III-sets-a-foreimp-aside-with-its-miners"), ["ACT-MINE-1", "ACT-MINE-6", "ACT-MINE-2"],
        "Year 1, Mine Gold slot III, 4 players: Player 3 has 4 free imps and 5 unconquered tunnels. Slot III "
        "permits 4 mining imps plus a foreimp, who supervises and mines nothing: with 4 imps he may mine with 1, 2 "
        "or 3, or decline, not with 4. He mines with 3: 3 gold (3 to 6), and all 4 imps are at work (no free imp "
        "left). Without the foreimp he could mine with 4, and mining with 3 would leave one imp free.",
        state, MineGold(2, 3), before={"legal_count": 4}, only=("players.2.gold", "players.2.free_imps"),
        after={"players.2.gold": 6, "players.2.free_imps": 0},
    )]  # fmt: skip


# --- CMB-5: anti-trap icons from the front --------------------------------------------------------------------


@writer
def anti_trap_front_first() -> list[Path]:
    """CMB-5: the Wall of Fire deals 1, 1 and 2 to a warrior, a thief with 1 anti-trap icon and a priest; the icon
    cancels the front warrior's point. Fails when the icons are taken from the back (the priest's point) or from
    the thief's own share."""
    from combat_positions import COLUMN, TRAINING, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-warrior-5", "y1-thief-3-1", "y1-priest-4-1"]}, traps={0: ["wall-of-fire"]},
                     cards=TRAINING)  # fmt: skip
    return [_write(
        _id("CMB-5", "anti-trap-icons-cancel-the-front-adventurers-damage-first"), ["CMB-5", "CMB-TRAP-3", "T-1"],
        "Year 1's combat, round 1 (Graffiti: fatigue 2, no effect): Player 1's Wall of Fire meets a warrior in "
        "front, a thief with 1 anti-trap icon in the middle and a priest (4 hit points) at the back: it deals 1, 1 "
        "and 2. Fewer icons than damage: the one icon is taken first from the damage aimed at the front "
        "adventurer, the warrior's 1, so the thief takes 1 and the priest 2; then the fatigue puts 2 on the "
        "warrior. Taken from the back, the icon would leave the priest on 1 and the warrior on 3; spent on the "
        "thief's own share, the thief would take nothing.",
        state, PlanDefence(0, COLUMN[0], ("wall-of-fire",)), only=PARTY,
        after={"players.0.party": _party(("y1-warrior-5", 2), ("y1-thief-3-1", 1), ("y1-priest-4-1", 2))},
    )]  # fmt: skip


# --- CMB-CARD-7: the round's card during its Planning ---------------------------------------------------------


@writer
def spied_card_hidden_at_planning() -> list[Path]:
    """CMB-CARD-7: round 2's Planning, Player 1 spied round 2's card: after Player 1 plans, Player 2 (still to plan)
    and a spectator see round 1's card, revealed, but round 2's face down; Player 1 sees both. Fails when the
    round's card is shown to every seat from the start of its Planning."""
    from combat_positions import COLUMN, TRAINING, play, position

    from dlrules.core.moves import PlanDefence

    start = attrs.evolve(position({0: ["y1-warrior-5"], 1: ["y1-warrior-5"]}, cards=TRAINING, first=0),
                         spied=((1,), ()))  # Player 1 spied slot 2 (round 2's card)  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0]), PlanDefence(1, COLUMN[0]))
    assert state.fight is not None and state.fight.round == 2 and state.fight.stage == "plan", state.fight
    return [_write(
        _id("CMB-CARD-7", "the-rounds-card-stays-secret-during-its-planning"),
        ["CMB-CARD-7", "CMB-CARD-4", "CMB-REV-1"],
        "Year 1's combat, round 2's Planning, both lords defending; Player 1 spied the combat card in slot 2 (Detect "
        "Evil) during the year. Round 1's card, Graffiti, was revealed in round 1 and is public. Player 1 plans "
        "first; Player 2 is still to plan, so round 2's card is not yet turned face up: Player 2 and a spectator "
        "see Graffiti and nothing else, while Player 1, its spy, sees Detect Evil too. Shown from the start of the "
        "round's Planning, Detect Evil would be known to every seat before Player 2 plans.",
        state, PlanDefence(0, COLUMN[1]), after={"combat.round": 2, "combat.stage": "plan", "to_move": [1]},
        views={
            "0": {"combat_cards": ["graffiti", "detect-evil", None, None]},
            "1": {"combat_cards": ["graffiti", None, None, None]},
            "spectator": {"combat_cards": ["graffiti", None, None, None]},
        },
    )]  # fmt: skip


# --- the Labyrinth's one monster -------------------------------------------------------------------------

LABYRINTH_PLANS = 28
"""The plans Player 1 may make in ``_labyrinth``: 7 sets of trap cards (none, any one of his three, any two) times
4 of what he sends (nothing, a Goblin, the Ghost, a Goblin and the Ghost). With 2 monsters allowed there would be
42 (both Goblins, alone or with the Ghost, too); with the Ghost counted as a monster, 21."""

LABYRINTH = (
    "Year 1's combat, round 1 (Invisibility: fatigue 0, no wizard): Player 1's entrance is his Labyrinth; a "
    "warrior leads his party, a priest behind. He holds a Rolling Stone, a Wall of Fire and a Kamikaze Imp, and "
    "his lair has two ready Goblins and a ready Ghost. The Labyrinth takes up to 2 trap cards, with no gold "
    "surcharge, but only 1 monster; ghosts are not monsters and may be added freely. So he has 28 plans: 7 sets of "
    "trap cards (none, any one, any two) times 4 of what he sends (nothing, a Goblin, the Ghost, a Goblin and the "
    "Ghost), none sending both Goblins. "
)


def _labyrinth() -> Any:
    """Round 1, Player 1's entrance is his Labyrinth; he has two Goblins (lair 1 and 2), a Ghost (3) and three
    trap cards (a Rolling Stone and a Wall of Fire, and the spare Kamikaze Imp)."""
    from combat_positions import COLUMN, position, tunnels
    from conformance.seed_aspects import NO_FATIGUE_FIRST

    import dlrules

    labyrinth = tunnels(rooms={COLUMN[0]: "labyrinth"})
    state = position({0: ["y1-warrior-5", "y1-priest-4-1"]}, monsters={0: ["goblin", "goblin", "ghost"]},
                     traps={0: ["rolling-stone", "wall-of-fire"]}, dungeons={0: labyrinth},
                     cards=NO_FATIGUE_FIRST)  # fmt: skip
    assert len(dlrules.legal_moves(state)) == LABYRINTH_PLANS
    return state


def _battle(traps: list[str], sent: list[int]) -> dict[str, Any]:
    """What the R-3 scenarios check after an accepted plan: the trap cards and the monsters (lair indices) the
    battle has (the card's reveal and the steps that follow are other rules')."""
    return {"combat.battle.traps": traps, "combat.battle.sent": sent}


@writer
def labyrinth_refuses_two_monsters() -> list[Path]:
    """R-3 / CMB-3: in the Labyrinth, sending both Goblins is refused. dlrules cites CMB-3 (the battle tiles'
    limits; R-3 is the Labyrinth's row of the room table), so this scenario names CMB-3 first. Fails when the
    Labyrinth takes 2 monsters (an ordinary room's limit)."""
    from combat_positions import COLUMN

    from dlrules.core.moves import PlanDefence

    return [_write(
        _id("CMB-3", "the-labyrinth-refuses-a-second-monster"), ["CMB-3", "R-3"],
        LABYRINTH + "He plans both Goblins there, with no trap: two monsters are one more than the Labyrinth takes, "
        "and the plan is refused, citing the limits of the battle tile. In an ordinary room two monsters would be "
        "allowed.",
        _labyrinth(), PlanDefence(0, COLUMN[0], (), (0, 1)), refused=True, before={"legal_count": LABYRINTH_PLANS},
    )]  # fmt: skip


@writer
def labyrinth_one_monster_two_traps() -> list[Path]:
    """R-3: in the Labyrinth a Goblin with two trap cards is accepted, among 28 plans listed, none sending both
    Goblins. Fails when the Labyrinth takes 2 monsters (42 plans listed), or 1 trap card only."""
    from combat_positions import COLUMN

    from dlrules.core.moves import PlanDefence

    return [_write(
        _id("R-3", "the-labyrinth-takes-one-monster-and-two-traps"), ["R-3", "CMB-3"],
        LABYRINTH + "He plays the Rolling Stone and the Wall of Fire face down and sends one Goblin (the first): "
        "the plan is accepted, the two cards leave his hand (the Kamikaze Imp stays) and the battle begins with "
        "both traps and the Goblin. Were 2 monsters allowed, 42 plans would be listed, both Goblins among them.",
        _labyrinth(), PlanDefence(0, COLUMN[0], ("rolling-stone", "wall-of-fire"), (0,)),
        before={"legal_count": LABYRINTH_PLANS}, only=("players.0.traps", "combat.stage"),
        after=_battle(["rolling-stone", "wall-of-fire"], [0]),
    )]  # fmt: skip


@writer
def labyrinth_ghost_aside() -> list[Path]:
    """R-3 / CMB-PLAN-5: in the Labyrinth a Goblin and the Ghost are accepted: a ghost does not count against the
    1-monster limit. Fails when the Ghost counts as a monster (refused, and 21 plans listed), or when the
    Labyrinth takes 2 monsters (42 plans listed)."""
    from combat_positions import COLUMN

    from dlrules.core.moves import PlanDefence

    return [_write(
        _id("R-3", "the-labyrinths-ghosts-do-not-count-as-its-monster"), ["R-3", "CMB-3", "CMB-PLAN-5"],
        LABYRINTH + "He sends one Goblin and the Ghost, with no trap: the Ghost is not a monster, so the Goblin is "
        "the Labyrinth's one monster and the plan is accepted; the battle begins with both of them. Were the "
        "Ghost counted, the plan would be refused (and only 21 plans listed).",
        _labyrinth(), PlanDefence(0, COLUMN[0], (), (0, 2)), before={"legal_count": LABYRINTH_PLANS},
        only=("combat.stage",), after=_battle([], [0, 2]),
    )]  # fmt: skip


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
