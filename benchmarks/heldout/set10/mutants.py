"""Held-out set 10: dlrules speaking the referee protocol with exactly one rule
broken, written apart from the conformance kit's scenarios.

    .venv/bin/python benchmarks/heldout/set10/mutants.py NAME

Each mutant changes dlrules in its own process before serving (rule data, or
one line of a rule function recompiled from its source with the bug in it).
``MUTANTS`` maps name -> (the change, the primary rule ID, other rule IDs
broken as directly).
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


def reputation_slot_iii_no_spy() -> None:
    """ACT-REP-2 broken: Improve Reputation's slot III (1 gold -> evil -2) loses its spy
    look; only slot I keeps one."""
    from dlrules.components import Action, board

    space = board.SPACES[Action.REPUTATION.index]
    one, two, three = space.slots
    three = attrs.evolve(three, reward=attrs.evolve(three.reward, spy=0), text="1 gold -> evil -2")
    spaces = list(board.SPACES)
    spaces[Action.REPUTATION.index] = attrs.evolve(space, slots=(one, two, three))
    board.SPACES = tuple(spaces)


def thief_glyph_misread() -> None:
    """RST-4 broken: the year-1 thief with 4 hit points and 1 anti-trap icon is read as
    glyph rank 3 (its tile shows rank 2), so it sorts among the strongest year-1 tiles."""
    from dlrules.components import cards
    from dlrules.core.phases import round_start

    key = "y1-thief-4-1"
    cards.ADVENTURERS[key] = attrs.evolve(cards.ADVENTURERS[key], rank=3)
    round_start._RANKS[key] = 3


def witch_hunt_two_evil() -> None:
    """SPE-C-2 broken: a player who keeps his monsters at the Witch Hunt gains 2 evil, not 3."""
    from dlrules.components import cards

    card = cards.SPECIAL_EVENTS["witch-hunt"]
    cards.SPECIAL_EVENTS["witch-hunt"] = attrs.evolve(
        card, evil=2, effect="each player, in play order, gives up one of his monsters (not a ghost) to the Distant Lands or gains 2 evil"
    )


def cursed_ring_free() -> None:
    """T-4 broken: the Cursed Ring costs nothing (its card prints "pay 1 gold")."""
    from dlrules.components import cards
    from dlrules.components.combat import TRAP_COMBAT

    TRAP_COMBAT["cursed-ring"] = attrs.evolve(TRAP_COMBAT["cursed-ring"], gold=0)
    cards.TRAPS["cursed-ring"] = attrs.evolve(cards.TRAPS["cursed-ring"], effect="1 damage to each adventurer, the party cannot conquer")


def room_holds_one_monster() -> None:
    """CMB-3 broken: a room, like a tunnel, takes at most 1 monster in a battle (a room takes 2;
    the Labyrinth 1)."""
    from dlrules.components import combat

    combat.ROOM = attrs.evolve(combat.ROOM, monsters=1)
    combat.ROOM_GROUNDS["anti-magic-room"] = attrs.evolve(combat.ROOM_GROUNDS["anti-magic-room"], monsters=1)


def paladin_scores_two() -> None:
    """SCO-1d broken: a paladin in the prison scores 2 like any prisoner, not 5."""
    from dlrules.components.scoring import ITEM_VALUES, Item
    from dlrules.core.phases import scoring

    ITEM_VALUES[Item.PALADINS] = attrs.evolve(ITEM_VALUES[Item.PALADINS], points=2)
    scoring._COUNTED = tuple(
        scoring._item_row(item)
        for item in (Item.UNCONQUERED_ROOMS, Item.MONSTERS, Item.PRISONERS, Item.PALADINS, Item.CONQUERED_TILES, Item.RED_MARKS)
    )
    scoring._counted_line.cache_clear()


# --- logic -----------------------------------------------------------------------------


def trolls_barred_from_shed_and_magic_room() -> None:
    """PROD-2 broken: troll tokens may staff only the rooms that make goods (food, gold,
    traps, a smiley), not the Tool Shed (it digs) nor the Magic Room (it makes imps)."""
    from dlrules.core.phases import production

    _rewrite(production, "_activations", [(
        "for crew in _crews(kind.imps, imps, trolls):",
        "for crew in _crews(kind.imps, imps, 0 if kind.produce is _TUNNEL or kind.produce is _IMP else trolls):",
    )])  # fmt: skip


def dummy_orders_never_rotate() -> None:
    """DUM2-5 broken: a 2-player dummy keeps its setup's 3 unavailable orders all game; the
    3 it played are not made unavailable (nor its old ones shuffled back)."""
    from dlrules.core.phases import orders

    _rewrite(orders, "_reveal", [(
        "dummies = _with_dummy(dummies, evolve(dummy, third=third, unavailable=played))",
        "dummies = _with_dummy(dummies, evolve(dummy, third=third, unavailable=dummy.unavailable))",
    )])  # fmt: skip


def slime_hold_counts_as_attack() -> None:
    """CMB-MON-6 broken: the Slime's hold counts as an attack, so a party with a heart heals
    after it."""
    from dlrules.core.phases.combat import decisions, monsters

    _rewrite(monsters, "_attack", [("attacked = True if reach is not _NONE else b.attacked", "attacked = True")], decisions)


def any_dart_stops_spells() -> None:
    """CMB-SPELL-3 broken: an Anti-magic Dart stops the party's spells whoever it targets
    (only a dart on a wizard does)."""
    from dlrules.core.phases.combat import traps

    _rewrite(traps, "_trap_hits", [("if t.anti_magic and cls is _WIZARD:", "if t.anti_magic:")])


def conquered_tunnels_mined() -> None:
    """ACT-MINE-3 broken: conquered tunnels count for Mine Gold as if unconquered (one mining
    imp per tunnel, conquered or not)."""
    from dlrules.core.phases import resolution

    _rewrite(resolution, "_minable", [("if t.room is None and not t.conquered]", "if t.room is None]")])  # was in max_miners until session 53


def order_cards_hidden() -> None:
    """ORD-7 broken (hidden information): a seat's view hides the other players' order
    cards, the unavailable ones included, as if they were a secret hand."""
    from dlrules.records import views

    _rewrite(views, "_redact_player", [(
        "traps=(HIDDEN,) * len(player.traps),  # ACT-TRAP-2: only the count",
        "traps=(HIDDEN,) * len(player.traps),  # ACT-TRAP-2: only the count\n        hand=(),\n        unavailable=(),",
    )])  # fmt: skip


MUTANTS: dict[str, tuple[Callable[[], Referee | None], str, tuple[str, ...]]] = {
    "reputation-slot-iii-no-spy": (reputation_slot_iii_no_spy, "ACT-REP-2", ()),
    "thief-glyph-misread": (thief_glyph_misread, "RST-4", ("RST-5",)),
    "witch-hunt-two-evil": (witch_hunt_two_evil, "SPE-C-2", ()),
    "trolls-barred-from-shed-and-magic-room": (trolls_barred_from_shed_and_magic_room, "PROD-2", ()),
    "dummy-orders-never-rotate": (dummy_orders_never_rotate, "DUM2-5", ()),
    "cursed-ring-free": (cursed_ring_free, "T-4", ()),
    "room-holds-one-monster": (room_holds_one_monster, "CMB-3", ("CMB-ROOM-2",)),
    "slime-hold-counts-as-attack": (slime_hold_counts_as_attack, "CMB-MON-6", ("CMB-6",)),
    "any-dart-stops-spells": (any_dart_stops_spells, "CMB-SPELL-3", ("T-6",)),
    "conquered-tunnels-mined": (conquered_tunnels_mined, "ACT-MINE-3", ("CMB-CONQ-4", "Y2-5")),
    "paladin-scores-two": (paladin_scores_two, "SCO-1d", ("CMB-PAL-5",)),
    "order-cards-hidden": (order_cards_hidden, "ORD-7", ()),
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
