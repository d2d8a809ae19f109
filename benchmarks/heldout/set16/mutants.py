"""Held-out set 16: dlrules speaking the referee protocol with exactly one rule
broken, written apart from the conformance kit.

    .venv/bin/python benchmarks/heldout/set16/mutants.py NAME

Each mutant changes dlrules in its own process before serving: a component
value (data), or a few lines of one rule function recompiled from its source
with the bug in it (``_rewrite``). ``MUTANTS`` maps name -> (the change, the
primary rule ID, other rule IDs broken as directly).
"""

from __future__ import annotations

import __future__
import inspect
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

import attrs

from dlrules.apps.conformance.engines import Referee


def _compiled(module: ModuleType, name: str, edits: list[tuple[str, str]], namespace: dict[str, Any]) -> Any:
    """``module.name`` recompiled from its source with each (old, new) text edit
    made once (old must occur exactly once), defined in ``namespace``."""
    source = inspect.getsource(getattr(module, name))
    for old, new in edits:
        if source.count(old) != 1:
            raise RuntimeError(f"{module.__name__}.{name}: {old!r} occurs {source.count(old)} times")
        source = source.replace(old, new)
    code = compile(source, module.__file__ or "<mutant>", "exec", flags=__future__.annotations.compiler_flag, dont_inherit=True)
    exec(code, namespace)
    return namespace[name]


def _rewrite(module: ModuleType, name: str, edits: list[tuple[str, str]], *also: ModuleType) -> Any:
    """Recompile ``module.name`` with the edits, bind the new function in
    ``module`` and in each module of ``also`` that imported it by name."""
    fn = _compiled(module, name, edits, module.__dict__)
    for other in also:
        assert hasattr(other, name), (other.__name__, name)
        setattr(other, name, fn)
    return fn


def _rewrite_for(module: ModuleType, name: str, edits: list[tuple[str, str]], user: ModuleType) -> Any:
    """A changed copy of ``module.name`` bound in ``user`` only (``module``
    and its other users keep the original)."""
    fn = _compiled(module, name, edits, dict(module.__dict__))
    assert hasattr(user, name), (user.__name__, name)
    setattr(user, name, fn)
    return fn


# --- data ------------------------------------------------------------------------------


def mint_near_the_surface() -> None:
    """ACT-ROOM-4 broken: the Mint's area is read as the upper half of the dungeon
    (rows 1-2) instead of the lower half."""
    from dlrules.components import cards
    from dlrules.core import dungeon

    cards.ROOMS["mint"] = attrs.evolve(cards.ROOMS["mint"], area="upper half")
    dungeon.room_area.cache_clear()


def magic_shield_soaks_two() -> None:
    """C1-3 broken: Magic Shield absorbs the first 2 points of damage dealt this
    round, not the first 1."""
    from dlrules.components import cards
    from dlrules.components import combat as table
    from dlrules.core.phases.combat import spells

    fact = attrs.evolve(table.MAGIC_SHIELD_POINTS, value=2)
    table.MAGIC_SHIELD_POINTS = fact
    spells.MAGIC_SHIELD_POINTS = fact
    card = cards.COMBAT_CARDS["magic-shield"]
    cards.COMBAT_CARDS["magic-shield"] = attrs.evolve(card, effect="absorbs the first 2 points of damage dealt after it")


def paladin_with_one_ward() -> None:
    """P-1 broken: the year-1 paladin's tile is read with 1 anti-trap icon instead of 2."""
    import importlib

    from dlrules.components import cards

    party = importlib.import_module("dlrules.core.phases.combat.party")  # the module (the package exports a function of that name)
    tile = attrs.evolve(cards.PALADINS[1], anti_trap=1)
    cards.PALADINS[1] = tile
    cls, hp, _, hearts, crystals = party._PROFILES[tile.key]
    party._PROFILES[tile.key] = (cls, hp, 1, hearts, crystals)  # the tables built from it at import
    party._ANTI_TRAP[tile.key] = 1


def hall_of_fame_full_pay_at_three() -> None:
    """R-8 broken: with 3 players the Hall of Fame pays +2 per exclusive title (the
    4-player rate) instead of +1."""
    from dlrules.components import cards
    from dlrules.components import scoring as table

    table.HALL_OF_FAME.per_exclusive[3] = 2
    room = cards.ROOMS["hall-of-fame"]
    cards.ROOMS["hall-of-fame"] = attrs.evolve(room, effect="scoring: +2 per exclusive title (+1 with 2 players), with the titles")


# --- logic -----------------------------------------------------------------------------


def dummy_blocks_the_space() -> None:
    """DUM3-3 broken: with 3 players a real minion never goes past the dummy's minion:
    once slot I is taken, the space counts as full and the next player is shut out."""
    from dlrules.core.phases import orders

    _rewrite(orders, "_reveal", [(
        "            took = take[board[space]][seat]  # ORD-4: the lowest free slot, if any; a dummy's is not free (DUM3-3, DUM2-6)\n",
        "            took = take[board[space]][seat]  # ORD-4: the lowest free slot, if any; a dummy's is not free (DUM3-3, DUM2-6)\n"
        "            if took is not None and len(players) == 3 and 3 in board[space][: took[0]]:\n"
        "                took = None  # the dummy's minion closes the slots behind it\n",
    )])  # fmt: skip


def witch_hunt_takes_ghosts() -> None:
    """SPE-9 broken: the Witch Hunt lets a player give up a ghost as well as a monster
    (and a player with only ghosts is asked instead of gaining the Evil)."""
    from dlrules.core.phases import events

    _rewrite(events, "huntable", [(
        "    return feedable(player, -1)\n",
        "    seen: set[tuple[str, bool]] = set()\n"
        "    out = []\n"
        "    for i, m in enumerate(player.monsters):\n"
        "        if (m.kind, m.ready) not in seen:\n"
        "            seen.add((m.kind, m.ready))\n"
        "            out.append(i)\n"
        "    return tuple(out)\n",
    )])  # fmt: skip


def production_from_seat_one() -> None:
    """PROD-4 broken: the players produce one by one from seat 0 (Player 1) every round,
    not in player order from the first player."""
    from dlrules.core.phases import common, production

    _rewrite_for(common, "turn_seat", [(
        "    return in_play_order(state)[turn.position]\n",
        "    return turn.position\n",
    )], production)  # fmt: skip


def newcomers_step_ahead() -> None:
    """ADV-4 broken: an arriving adventurer who is not a warrior goes in front of the
    other non-warriors already there (behind the warriors), so the party stands in
    reverse order of arrival instead of order of arrival."""
    from dlrules.core.phases import adventurers

    _rewrite(adventurers, "joined", [(
        "    if key in _WARRIORS:\n        return alone + party\n    return party + alone\n",
        "    if key in _WARRIORS:\n        return alone + party\n"
        "    k = 0\n"
        "    while k < len(party) and party[k].key in _WARRIORS:\n"
        "        k += 1\n"
        "    return party[:k] + alone + party[k:]\n",
    )])  # fmt: skip


def fatigue_dies_with_the_first() -> None:
    """CMB-7 broken: fatigue does not roll on: the points left when the first adventurer
    is eliminated by fatigue are lost."""
    from dlrules.core.phases.combat import conquest, steps

    _rewrite(conquest, "_last_steps", [
        ("                front += 1\n", "                front += 1\n                break  # the rest of the fatigue is lost\n"),
        ("                prisoners += taken\n", "                prisoners += taken\n                if taken:\n                    left = 0\n"),
    ], steps)  # fmt: skip


def bonus_room_anywhere() -> None:
    """CMB-ROOM-1 broken: the Training Room's and the Dark Room's +1 applies to every
    battle of a dungeon that holds the unconquered room, not only to a battle fought in it."""
    from dlrules.core.phases.combat import fight, monsters, traps

    _rewrite(fight, "_attack_damage", [(
        "_in_bonus_room(run.tile(seat), kind)",
        "any(_in_bonus_room(t, kind) for t in run.players[seat].dungeon.tiles)",
    )], monsters, traps)  # fmt: skip


def year_one_special_reshuffled() -> None:
    """SPE-10 broken: at the change of year, year 1's special event card goes back into
    the special event deck instead of leaving play, so year 2's card is drawn from all nine."""
    from dlrules.core.phases import change_of_year as coy

    old = coy.progress_to_winter
    new = _rewrite(coy, "progress_to_winter", [
        (
            "    far = state.far_lands + ((state.special_event,) if state.special_event is not None else ())\n",
            "    far = state.far_lands\n"
            "    special = state.decks.special.with_card(state.special_event) if state.special_event is not None else state.decks.special\n",
        ),
        ("decks=evolve(state.decks, events=_EVENT_TILES),", "decks=evolve(state.decks, events=_EVENT_TILES, special=special),"),
    ])  # fmt: skip
    coy.CHANGE_OF_YEAR = tuple(new if step is old else step for step in coy.CHANGE_OF_YEAR)


def traps_face_up_at_reveal() -> None:
    """CMB-REF-6 broken (hidden information): once every defender has planned and the
    round's combat card is turned up, every plan's trap cards show face up to every seat
    and the spectator, before those traps' Trap step."""
    from dlrules.records import views

    _rewrite(views, "_redact_fight", [
        ("plan if plan is None or s == seat else", 'plan if plan is None or s == seat or fight.stage != "plan" else'),
        ("if battle is not None and battle.seat != seat:", 'if battle is not None and battle.seat != seat and fight.stage == "plan":'),
    ])  # fmt: skip


MUTANTS: dict[str, tuple[Callable[[], Referee | None], str, tuple[str, ...]]] = {
    "mint-near-the-surface": (mint_near_the_surface, "ACT-ROOM-4", ()),
    "dummy-blocks-the-space": (dummy_blocks_the_space, "DUM3-3", ("ORD-6",)),
    "production-from-seat-one": (production_from_seat_one, "PROD-4", ("RUL-5",)),
    "witch-hunt-takes-ghosts": (witch_hunt_takes_ghosts, "SPE-9", ("SPE-C-2",)),
    "newcomers-step-ahead": (newcomers_step_ahead, "ADV-4", ()),
    "magic-shield-soaks-two": (magic_shield_soaks_two, "C1-3", ()),
    "paladin-with-one-ward": (paladin_with_one_ward, "P-1", ("PAL-10",)),
    "fatigue-dies-with-the-first": (fatigue_dies_with_the_first, "CMB-7", ("CMB-CONQ-2", "CMB-PARTY-5")),
    "bonus-room-anywhere": (bonus_room_anywhere, "CMB-ROOM-1", ("R-1", "R-2", "CMB-MON-7")),
    "year-one-special-reshuffled": (year_one_special_reshuffled, "SPE-10", ("SPE-11", "SPE-5", "Y2-23")),
    "hall-of-fame-full-pay-at-three": (hall_of_fame_full_pay_at_three, "R-8", ("SCO-12",)),
    "traps-face-up-at-reveal": (traps_face_up_at_reveal, "CMB-REF-6", ("CMB-PLAN-9",)),
}
"""Name -> (the change, which may return the Referee to serve; the primary rule ID; other rule IDs it breaks)."""


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in MUTANTS:
        print(f"usage: mutants.py {{{','.join(MUTANTS)}}}", file=sys.stderr)
        return 2
    referee = MUTANTS[argv[0]][0]() or Referee()
    referee.name = f"mutant {argv[0]} of dlrules"
    from dlrules.apps.conformance.protocol import serve

    return serve(referee)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
