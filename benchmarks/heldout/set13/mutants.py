"""Held-out set 13: dlrules speaking the referee protocol with exactly one rule
broken, written apart from the conformance kit.

    .venv/bin/python benchmarks/heldout/set13/mutants.py NAME

Each mutant changes dlrules in its own process before serving: a component
value (data), or a few lines of one or two rule functions recompiled from
their source with the bug in it (``_rewrite``). ``MUTANTS`` maps name -> (the
change, the primary rule ID, other rule IDs broken as directly).
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


def _rewrite(module: ModuleType, name: str, edits: list[tuple[str, str]], *also: ModuleType) -> Any:
    """Recompile ``module.name`` from its source with each (old, new) text
    edit made once (old must occur exactly once), and bind the new function
    in ``module`` and in each module of ``also`` that imported it by name."""
    source = inspect.getsource(getattr(module, name))
    for old, new in edits:
        if source.count(old) != 1:
            raise RuntimeError(f"{module.__name__}.{name}: {old!r} occurs {source.count(old)} times")
        source = source.replace(old, new)
    code = compile(source, module.__file__ or "<mutant>", "exec", flags=__future__.annotations.compiler_flag, dont_inherit=True)
    exec(code, module.__dict__)
    fn = module.__dict__[name]
    for other in also:
        assert hasattr(other, name), (other.__name__, name)
        setattr(other, name, fn)
    return fn


# --- data ------------------------------------------------------------------------------


def dragon_lets_them_heal() -> None:
    """M-8 broken: a Dragon's attack no longer stops the party's Healing step."""
    from dlrules.components import cards
    from dlrules.components.combat import MONSTER_COMBAT

    dragon = MONSTER_COMBAT["dragon"]
    MONSTER_COMBAT["dragon"] = attrs.evolve(dragon, options=tuple(attrs.evolve(o, no_heal=False) for o in dragon.options))
    cards.MONSTERS["dragon"] = attrs.evolve(cards.MONSTERS["dragon"], attack="2 damage to every adventurer")


def red_marks_cost_two() -> None:
    """SCO-1f broken: each red mark (unpaid-tax damage token) costs 2 points at the end, not 3."""
    from dlrules.components.scoring import ITEM_VALUES, Item
    from dlrules.core.phases import scoring

    ITEM_VALUES[Item.RED_MARKS] = attrs.evolve(ITEM_VALUES[Item.RED_MARKS], points=-2)
    scoring._COUNTED = tuple(
        scoring._item_row(item)
        for item in (Item.UNCONQUERED_ROOMS, Item.MONSTERS, Item.PRISONERS, Item.PALADINS, Item.CONQUERED_TILES, Item.RED_MARKS)
    )
    scoring._counted_line.cache_clear()


# --- logic -----------------------------------------------------------------------------


def foreimp_only_for_the_fourth() -> None:
    """ACT-DIG-3 broken: on Dig Tunnels slot III the foreimp is set aside only for the
    4th tunnel; up to 3 tunnels are dug there with no foreimp."""
    from dlrules.core.moves import DigTunnel
    from dlrules.core.phases import resolution

    _rewrite(resolution, "_dig_more", [(
        "need = 2 if reward.foreimp and dug == 0 else 1",
        "need = 2 if reward.foreimp and dug == 3 else 1",
    )])  # fmt: skip
    fn = _rewrite(resolution, "_dig", [(
        "fore = 1 if before == 0 and _BOARD.SPACES[_DIG].slots[slot].reward.foreimp else 0",
        "fore = 1 if before == 3 and _BOARD.SPACES[_DIG].slots[slot].reward.foreimp else 0",
    )])  # fmt: skip
    resolution._PLAYS[DigTunnel] = fn


def rooms_kept_apart_at_corners() -> None:
    """ACT-ROOM-5 broken: a new room may not touch another room even at a corner
    (diagonal squares are treated like squares sharing a side)."""
    from dlrules.core import dungeon
    from dlrules.core.phases import resolution

    diagonals = " + tuple((square[0] + dr, square[1] + dc) for dr in (-1, 1) for dc in (-1, 1))"
    # The lines as they stand since session 55 (the side test is ``dungeon._sides``); the same bug as first
    # written: the diagonals added where both callers ask for the squares beside one.
    _rewrite(dungeon, "_room_problem", [(
        "for n in _sides(square):",
        f"for n in _sides(square){diagonals}:",
    )])  # fmt: skip
    _rewrite(dungeon, "open_tunnels", [(
        "beside.update(_sides(square))",
        f"beside.update(_sides(square){diagonals})",
    )], resolution)  # fmt: skip


def dummy_thirds_placed_last() -> None:
    """DUM2-4 broken: the 2-player dummies' third orders are placed after every real
    minion (at the lowest slot still free, or not at all), not before any."""
    from dlrules.core.phases import orders

    _rewrite(orders, "_reveal", [
        (
            "    if dummies:\n        for seat in range(len(players)):  # DUM2-4: the dummies' third orders, before any real minion\n",
            "    def _thirds() -> None:\n        nonlocal dummies\n        for seat in range(len(players)):\n",
        ),
        (
            "            assert took is not None  # DUM2-4: a dummy's third never repeats its own draws\n            slot, board[third.index] = took\n",
            "            slot = None\n            if took is not None:\n                slot, board[third.index] = took\n",
        ),
        ("{third.title} {SLOT_NAMES[slot]}.", "{third.title} {SLOT_NAMES[slot] if slot is not None else '(no slot left)'}."),
        ("    revealed: list[PlayerState] = []\n", "    if dummies:\n        _thirds()\n    revealed: list[PlayerState] = []\n"),
    ])  # fmt: skip


def dismissal_evil_at_once() -> None:
    """RUL-14 broken: at Pay Day the +1 evil for a monster let go is taken at once,
    before the player's later wages, instead of after all of them."""
    from dlrules.core.phases import events

    _rewrite(events, "_pay_monster", [
        (
            "    return _with_dismissal(\n        state,\n",
            "    state = move_evil(state, seat, 1)\n    player = state.players[seat]\n    turn = state.turn\n    assert turn is not None\n    return _with_dismissal(\n        state,\n",
        ),
        ("_dismissed(turn, turn.dismissed + 1,", "_dismissed(turn, turn.dismissed,"),
    ])  # fmt: skip


def paladin_healed_on_the_move() -> None:
    """CMB-PARTY-7 broken: when the paladin changes dungeons during combat he arrives
    without the damage counters he had taken."""
    from dlrules.core.phases.combat import conquest, decisions, fight, spells

    # The lines as they stand since session 55 (the change of holder is ``fight._paladin_moves``, called when it
    # changes); the same bug as first written: the reset added before the holder changes.
    call = "_paladin_moves(run, holder)\n"
    _rewrite(fight, "_move_evil", [(
        "            " + call,
        "            if run.holder is not None and run.paladin is not None:\n"
        "                run.paladin = evolve(run.paladin, damage=0)\n"
        "            " + call,
    )], spells, decisions, conquest)  # fmt: skip
    _rewrite(fight, "_check_paladin", [(
        "        " + call,
        "        if run.holder is not None and run.paladin is not None:\n"
        "            run.paladin = evolve(run.paladin, damage=0)\n"
        "        " + call,
    )], conquest)  # fmt: skip


def witch_second_hit_plain() -> None:
    """CMB-MON-7 broken: in the Dark Room the Witch's second small attack gets no +1
    (her first small attack and her big attack still do)."""
    from dlrules.core.phases.combat import decisions, traps

    _rewrite(traps, "_aimed", [(
        "_one(index, _attack_damage(run, b.seat, aiming, small))",
        "_one(index, small)",
    )], decisions)  # fmt: skip


def labyrinth_icons_renewed() -> None:
    """CMB-TRAP-4 broken: in the Labyrinth the second trap is reduced by all the party's
    anti-trap icons again; those used on the first trap are not used up."""
    from dlrules.core.phases.combat import traps

    _rewrite(traps, "_trap_hits", [(
        "icons = max(0, anti_trap(members) - b.icons_used)  # CMB-TRAP-4",
        "icons = anti_trap(members)",
    )])  # fmt: skip


def suggestion_asks_the_ghosts() -> None:
    """C1-2 broken: Suggestion asks the defender to pay or withdraw the ghosts he sent
    too, not only his monsters."""
    from dlrules.core.phases.combat import spells, steps

    _rewrite(spells, "_cast", [("asking = _monsters_only(p, b.sent)", "asking = tuple(b.sent)")], steps)


def demon_eats_a_ghost() -> None:
    """Y2-20 broken: hiring a Demon may send one of the player's ghosts away as its
    monster cost (Pay Day still refuses a ghost)."""
    from dlrules.core.phases import resolution, resolution_refusals

    _rewrite(resolution_refusals, "dismissable", [(" and not MONSTERS[m.kind].ghost", "")], resolution)


def spied_cards_shown_to_all() -> None:
    """CMB-CARD-7 broken (hidden information): a combat card any player has spied is
    shown in every seat's view, not only in the views of those who spied it."""
    from dlrules.records import views

    _rewrite(views, "redact_combat", [(
        "seen: frozenset[int] = frozenset(state.spied[seat]) if seat is not None and 0 <= seat < len(state.spied) else frozenset()",
        "seen: frozenset[int] = frozenset(p for positions in state.spied for p in positions)",
    )])  # fmt: skip


MUTANTS: dict[str, tuple[Callable[[], Referee | None], str, tuple[str, ...]]] = {
    "foreimp-only-for-the-fourth": (foreimp_only_for_the_fourth, "ACT-DIG-3", ("ACT-DIG-1",)),
    "rooms-kept-apart-at-corners": (rooms_kept_apart_at_corners, "ACT-ROOM-5", ("ACT-ROOM-6",)),
    "dummy-thirds-placed-last": (dummy_thirds_placed_last, "DUM2-4", ("DUM2-6",)),
    "dismissal-evil-at-once": (dismissal_evil_at_once, "RUL-14", ("EVT-PAY-2",)),
    "paladin-healed-on-the-move": (paladin_healed_on_the_move, "CMB-PARTY-7", ("CMB-PAL-1", "PAL-9")),
    "witch-second-hit-plain": (witch_second_hit_plain, "CMB-MON-7", ("R-2",)),
    "dragon-lets-them-heal": (dragon_lets_them_heal, "M-8", ("CMB-HEAL-1",)),
    "labyrinth-icons-renewed": (labyrinth_icons_renewed, "CMB-TRAP-4", ()),
    "suggestion-asks-the-ghosts": (suggestion_asks_the_ghosts, "C1-2", ("CMB-SPELL-6",)),
    "demon-eats-a-ghost": (demon_eats_a_ghost, "Y2-20", ()),
    "red-marks-cost-two": (red_marks_cost_two, "SCO-1f", ("EVT-TAX-2",)),
    "spied-cards-shown-to-all": (spied_cards_shown_to_all, "CMB-CARD-7", ("ACT-REP-2",)),
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
