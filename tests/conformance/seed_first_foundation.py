"""Write scenarios for the last building-year rules that no scenario cited
first (``CITED_NOT_FIRST`` in tests/test_conformance_by_rule.py). Each starts
from a position, plays one move and pins the values the rule decides, read
from the rules text:

- whatever leaves the game goes to a discard pile and never comes back: the
  trap card paid for a Golem and a trap card used in a battle go to the trap
  discard, face down; the trap deck does not grow back (SETUP-3);
- the progress marker moves after every phase, and the state says the year,
  the round and the phase: spring's last move brings summer's round start,
  year 1's last battle brings year 2 (RS-2);
- the phases of a round come in a fixed order: after Orders comes the
  resolution, after it Production, after spring's Order return the Event
  phase (RS-3);
- every player's unavailable orders are public: once revealed, every seat and
  the spectator see them (ORD-7);
- hiring a troll places a troll token with the imps, one per troll: two trolls
  give two tokens that staff a room together (ACT-MON-5);
- "same glyph" in RST-5 is the glyph rank: four tiles of four classes but one
  rank are a row of one glyph, and the last is redrawn (RUL-7).

Files: ``scenarios/byrule/first-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_first_foundation.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from combat_positions import COLUMN, position

from conformance.record import Writers, record_position
from conformance.seed_by_rule_more import _found
from conformance.seed_foundation import DUMMY, MR, B, dealt
from conformance.seed_gaps import BYRULE
from dlrules import Action, Phase, apply
from dlrules.core.moves import ActivateRoom, DealOrders, Draw, HireMonster, KeepUnavailable, PlanDefence
from dlrules.core.phases.common import update_player
from dlrules.core.state import Dungeon, Monster, Tile

ENTRANCE = COLUMN[0]
WRITERS = Writers()
writer = WRITERS.writer


def _id(name: str) -> str:
    return f"first-{name}"


@writer
def discard_piles() -> list[Path]:
    """SETUP-3: the Golem's trap card and a trap card sprung in a battle go to the trap discard, never back."""
    from conformance.seed_cosmic_gaps import _acting

    from dlrules.core.phases.resolution import _MONSTER as MONSTER

    out = []
    state, seat = _acting(0, MONSTER, 1, 2)
    trap = state.players[seat].traps[0]
    state = update_player(state, seat, gold=2)
    size = state.decks.traps.size
    out.append(record_position(
        BYRULE, _id("SETUP-3-the-golems-trap-card-goes-to-the-discard"), ["SETUP-3", "ACT-MON-2"],
        f"Full game, year 2, Hire Monster slot II: Player {seat + 1} hires the Golem and pays its trap card. The card "
        f"leaves the game: it goes face down onto the trap discard ({len(state.trap_discard)} cards, now "
        f"{len(state.trap_discard) + 1}), and the trap deck stays at {size} cards: nothing that leaves the game "
        "comes back to a deck.",
        state, HireMonster(seat, "golem", trap=trap), only=("trap_discard", "decks.traps", f"players.{seat}.traps"),
        after={"trap_discard": len(state.trap_discard) + 1, "decks.traps.size": size},
    ))
    sprung = position({0: ["y1-warrior-5", "y1-priest-3-1"]}, traps={0: ["rolling-stone", "pendulum"]})
    held = list(sprung.players[0].traps)
    held.remove("rolling-stone")
    out.append(record_position(
        BYRULE, _id("SETUP-3-a-trap-sprung-in-battle-goes-to-the-discard"), ["SETUP-3", "CMB-TRAP-8"],
        "Year 1's combat, round 1: Player 1 springs his Rolling Stone on the entrance. Once used, the card leaves the "
        f"game face down on the trap discard ({len(sprung.trap_discard)} cards, now {len(sprung.trap_discard) + 1}); his "
        "other cards stay in his hand, and the trap deck "
        "does not take the used one back.",
        sprung, PlanDefence(0, ENTRANCE, ("rolling-stone",)), only=("trap_discard", "decks.traps", "players.0.traps"),
        after={"trap_discard": len(sprung.trap_discard) + 1, "players.0.traps": sorted(held), "decks.traps.size": sprung.decks.traps.size},
    ))
    return out


@writer
def progress_marker() -> list[Path]:
    """RS-2: the marker moves on after the phase: spring ends, summer's round start; year 1's combat ends, year 2."""
    out = []
    state, move = _found(0, lambda s, m: s.year == 1 and s.round == 2 and apply(s, m).round == 3, players=3)
    out.append(record_position(
        BYRULE, _id("RS-2-after-springs-last-phase-the-marker-is-on-summer"), ["RS-2", "RS-1"],
        f"Full game, 3 players, year 1, spring: the last decision of spring, in its {state.phase.value.replace('_', ' ')} "
        "phase; the phases left in the round need no decision. The progress marker moves on after every phase: the "
        "state now says year 1, summer (round 3), round start.",
        state, move, only=("year", "round", "phase"), after={"year": 1, "round": 3, "phase": "round_start"},
    ))
    state, move = _found(0, lambda s, m: s.year == 1 and apply(s, m).year == 2, players=3)
    after = apply(state, move)
    out.append(record_position(
        BYRULE, _id("RS-2-after-year-ones-combat-the-marker-is-on-year-two"), ["RS-2", "Y2-16"],
        "Full game, 3 players: the last move of year 1's combat. The marker leaves the combat space for year 2: the "
        f"state now says year 2, winter (round 1), {after.phase.value.replace('_', ' ')}.",
        state, move, only=("year", "round", "phase"), after={"year": 2, "round": 1, "phase": after.phase.value},
    ))
    return out


@writer
def phase_order() -> list[Path]:
    """RS-3: Orders, then resolution, then Production; spring's Order return, then the Event phase."""
    out = []
    state, move = _found(
        0, lambda s, m: s.phase is Phase.RESOLUTION and s.round == 2 and apply(s, m).phase is Phase.PRODUCTION, players=3
    )
    out.append(record_position(
        BYRULE, _id("RS-3-production-follows-the-resolution"), ["RS-3"],
        "Full game, 3 players, year 1, spring: the last decision of the orders' resolution. The next phase of the "
        "round is Production (before the order return, the events and the adventurers): a lord with a room to "
        "activate now decides.",
        state, move, only=("phase", "round"), after={"phase": "production", "round": 2},
    ))
    state, move = _found(0, lambda s, m: s.phase is Phase.ORDER_RETURN and apply(s, m).phase is Phase.EVENTS, players=3)
    season = state.season
    out.append(record_position(
        BYRULE, _id("RS-3-events-follow-the-order-return"), ["RS-3", "RS-1"],
        f"Full game, 3 players, year {state.year}, {season}: the last order card goes back. Outside winter the Event phase "
        "comes next, before the Adventurers phase and the end of the round: its event now waits for a decision.",
        state, move, only=("phase", "round"), after={"phase": "events", "round": state.round},
    ))
    return out


@writer
def public_unavailable() -> list[Path]:
    """ORD-7: every player's unavailable orders, once revealed, are seen by every seat and the spectator."""
    pairs = [MR, (Action.FOOD, Action.DIG), (Action.IMPS, Action.TRAPS)]
    b = B(3)
    for seat, pair in enumerate(pairs):
        extra = next(a for a in Action if a not in pair)
        b.play(DealOrders(seat, tuple(a for a in Action if a in {*pair, extra})))
    b.play(DealOrders(3, DUMMY), KeepUnavailable(0, pairs[0]), KeepUnavailable(1, pairs[1]))
    shown = {
        "players.0.unavailable": ["monster", "room"],
        "players.1.unavailable": ["food", "dig"],
        "players.2.unavailable": ["imps", "traps"],
    }
    return [record_position(
        BYRULE, _id("ORD-7-every-seat-sees-every-unavailable-order"), ["ORD-7", "RUL-13"],
        "Full game, setup, 3 players: Player 3 is the last to keep his two unavailable orders; they are revealed "
        "together. Unavailable orders are public: Player 1, Player 2 and the spectator each see all three players' "
        "unavailable orders (Hire Monster and Build Room, Get Food and Dig Tunnels, Recruit Imps and Buy Traps).",
        b.state, KeepUnavailable(2, (Action.IMPS, Action.TRAPS)),
        after={"phase": "round_start", **shown}, views={"0": shown, "1": shown, "spectator": shown},
    )]


@writer
def troll_tokens() -> list[Path]:
    """ACT-MON-5: one troll token per troll: two trolls staff a room needing two workers with no imp free."""
    from conformance.seed_cosmic_gaps import _workshop_position

    state, seat = _workshop_position()
    p = state.players[seat]
    rooms = {ENTRANCE: "workshop", COLUMN[1]: "magic-room"}
    dungeon = Dungeon(tuple(Tile(t.square, rooms.get(t.square)) for t in p.dungeon.tiles))
    trolls = (Monster("troll"), Monster("goblin"), Monster("troll"))
    state = update_player(state, seat, dungeon=dungeon, busy_imps=p.imps, foreimps=0, monsters=trolls)
    return [record_position(
        BYRULE, _id("ACT-MON-5-two-trolls-two-tokens"), ["ACT-MON-5", "PROD-2"],
        f"Full game, year 1, production: Player {seat + 1}'s imps are all at work, but he has two Trolls (and a "
        "Goblin). Each troll hired put one troll token with his imps: two tokens, which work his Magic Room (2 "
        "workers) together, and the room makes 1 imp (free at once) for 1 food. One token for both trolls would not "
        "be enough.",
        state, ActivateRoom(seat, COLUMN[1], trolls=2), only=(f"players.{seat}",),
        after={f"players.{seat}.imps": p.imps + 1, f"players.{seat}.food": p.food - 1, f"players.{seat}.free_imps": 1},
    )]


@writer
def glyph_rank() -> list[Path]:
    """RUL-7: four tiles of four classes, all of glyph rank 2, are a row of one glyph: the last is redrawn."""
    b = dealt(4, [MR] * 4, [])
    b.play(Draw("monsters", "troll"), Draw("monsters", "goblin"), Draw("monsters", "witch"),
           Draw("rooms", "mint"), Draw("rooms", "workshop"), Draw("events", "taxes"))  # fmt: skip
    b.play(Draw("adventurers", "y1-warrior-4"), Draw("adventurers", "y1-thief-4-1"), Draw("adventurers", "y1-priest-3-2"))
    return [record_position(
        BYRULE, _id("RUL-7-four-classes-of-one-rank-are-one-glyph"), ["RUL-7", "RST-5"],
        "Full game, round start, 4 players: a warrior, a thief, a priest and now a wizard are drawn, all four of "
        "glyph rank 2. \"The same glyph\" is the glyph rank, not the class: the four show one glyph, so the last goes "
        "to the bottom of the adventurer deck and another is drawn. Read as the class, four classes would be kept.",
        b.state, Draw("adventurers", "y1-wizard-4-1"), only=("decks.adventurers", "adventurers_next"),
        after={"decks.adventurers.bottom": ["y1-wizard-4-1"]},
    )]


def main() -> None:
    for path in WRITERS.run(sys.argv[1:]):
        print(path)


if __name__ == "__main__":
    main()
