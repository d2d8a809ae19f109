"""The diagnosis's counterfactual explanations (``counterfactual``,
docs/conformance.md, "Diagnosis"): where an engine parts from dlrules, a small
change to dlrules' rule code that makes it do exactly what the engine did
names the code, and so the rule, that the engine breaks.

Each test makes the engine's outcome with a change made here (a sourced value,
a function's result), outside the module's own list of changes, and checks
that the search finds it, leaves dlrules as it was, and that a run's report
puts the reproduced rule first.
"""

from __future__ import annotations

import inspect
import os
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs
import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from conformance.substitute import find, substituted

from dlrules.apps.conformance import counterfactual
from dlrules.apps.conformance.blame import rebind
from dlrules.apps.conformance.children import Install
from dlrules.apps.conformance.counterfactual import Case, Explanation, agreement, explain, outcome
from dlrules.apps.conformance.engines import move_of
from dlrules.apps.conformance.perft import start_state
from dlrules.apps.conformance.scenarios import Result, load
from dlrules.apps.conformance.diagnose import Suspect, Units, _reproduced_first, suspects
from dlrules.apps.conformance.scenarios import SCENARIOS
from dlrules.components import combat
from dlrules.core.state import GameState
from dlrules.core.engine import apply as dlrules_apply
from dlrules.core.moves import Move

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="the counterfactual search forks a child per change")


def _scenario(stem: str) -> dict[str, Any]:
    return load(next(SCENARIOS.rglob(f"{stem}.json")))


def _at_move(stem: str) -> tuple[GameState, Move]:
    """A kit scenario's position just before its own move, and the move."""
    s = _scenario(stem)
    start = {"position": s["position"]} if "position" in s else {"setup": s["setup"], "moves": s.get("moves", [])}
    return start_state(start), move_of(s["move"])


CONQUEST = "first-CMB-CONQ-3-an-adventurer-left-conquers-the-tile"


@contextmanager
def _conquest_costs(evil: int) -> Iterator[None]:
    """CMB-CONQ-3's value changed in every module of dlrules holding it, here, for the engine's outcome."""
    old = combat.CONQUEST_EVIL
    new = attrs.evolve(old, value=evil)
    rebind(old, new)
    try:
        yield
    finally:
        rebind(new, old)


@needs_fork
def test_CMB_CONQ_3_a_conquest_costing_two_evil_is_explained_by_the_value_of_conquest(monkeypatch: pytest.MonkeyPatch) -> None:
    state, move = _at_move(CONQUEST)
    with _conquest_costs(2):
        wanted = outcome("observation", attrs.evolve(state), move)
    assert outcome("observation", attrs.evolve(state), move) != wanted, "the changed value must change the outcome"
    monkeypatch.setattr(counterfactual, "_units", lambda *_: [])  # the values alone (the functions' search is the next test's)
    found = explain(Case(state, move, wanted), seconds=60)
    assert any(e.unit == "fact:CONQUEST_EVIL" and e.rules == ("CMB-CONQ-3",) and e.change == "CONQUEST_EVIL as 2" for e in found), found
    assert outcome("observation", attrs.evolve(state), move) != wanted, "dlrules itself is left as it was"


@needs_fork
def test_CMB_SPELL_2_a_party_with_one_magic_point_more_is_explained_by_the_count_of_crystals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(counterfactual, "_rows", lambda read: [])  # the functions alone (the rows' search is tested below)
    monkeypatch.setattr(counterfactual, "_omissions", lambda fn: iter(()))  # and their changes (omissions: tested below)
    state, move = _at_move("gap-CMB-SPELL-1-a-party-with-exactly-the-rounds-magic-casts")
    fn = find("dlrules.core.phases.combat.party", "crystals")
    assert fn is not None
    with substituted(fn, "int"):  # one magic point more: the spell of a round that needs one more is cast
        wanted = outcome("observation", attrs.evolve(state), move)
    found = explain(Case(state, move, wanted), seconds=60)
    units = {e.unit: e for e in found}
    assert "core/phases/combat/party.py:crystals" in units, [e.unit for e in found]
    assert units["core/phases/combat/party.py:crystals"].rules == ("CMB-SPELL-2",)
    assert found[0].rules == ("CMB-SPELL-2",), "the narrowest code comes first"


@needs_fork
def test_nothing_is_explained_when_dlrules_already_does_what_the_engine_did() -> None:
    state, move = _at_move(CONQUEST)
    assert explain(Case(state, move, outcome("observation", attrs.evolve(state), move))) == ()


def test_without_fork_nothing_is_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    state, move = _at_move(CONQUEST)
    monkeypatch.delattr(os, "fork", raising=False)
    assert explain(Case(state, move, ("observation", "[]"))) == ()


@needs_fork
def test_a_change_that_loops_for_ever_is_stopped_and_explains_nothing() -> None:
    state, move = _at_move(CONQUEST)

    def loop() -> None:
        fn = find("dlrules.core.phases.combat.party", "crystals")
        assert fn is not None

        def forever(*_: object) -> int:
            while True:
                pass

        fn.__code__ = forever.__code__

    e = Explanation("core/phases/combat/party.py:crystals", ("CMB-SPELL-2",), "loops", loop)
    assert agreement(e, [(_scenario(CONQUEST), True)], seconds=1.0) is None


@needs_fork
def test_agreement_counts_the_verdicts_a_change_gives_as_the_engine() -> None:
    scenario = _scenario(CONQUEST)
    with_value = Explanation("fact:CONQUEST_EVIL", ("CMB-CONQ-3",), "CONQUEST_EVIL as 2", _install_conquest(2))
    assert agreement(with_value, [(scenario, False)]) == 1.0  # the scenario fails with the change, as on the engine
    assert agreement(with_value, [(scenario, True)]) == 0.0
    unchanged = Explanation("fact:CONQUEST_EVIL", ("CMB-CONQ-3",), "CONQUEST_EVIL as 1", _install_conquest(1))
    assert agreement(unchanged, [(scenario, True), (scenario, False)]) == 0.5


def _install_conquest(evil: int) -> Install:
    def install() -> None:  # in the child only: never undone
        rebind(combat.CONQUEST_EVIL, attrs.evolve(combat.CONQUEST_EVIL, value=evil))

    return install


def test_a_reproduced_value_puts_its_rules_first_in_the_order_the_scenarios_rank_them() -> None:
    ranked = [Suspect("CMB-PAL-3", 0.5, 3, 0), Suspect("CMB-PARTY-1", 0.4, 3, 1), Suspect("C2-2", 0.1, 1, 9), Suspect("RES-8", 0.0, 1, 9)]
    reproduced = [
        Result("a", ("U-14",), "failed", explained=("PAL-3", "C2-2", "CMB-PARTY-1"), explained_at=("C2-2",), explained_by=("fact:X: X as 2",)),
        Result("b", ("P-2",), "failed", explained=("PAL-3", "C2-2", "CMB-PARTY-1"), explained_at=("C2-2",), explained_by=("fact:X: X as 2",)),
        Result("c", ("P-2",), "failed", explained=("C2-2",), explained_by=("fact:Y: Y as 0",)),
    ]
    assert [s.rule for s in _reproduced_first(ranked, reproduced[:2])] == ["CMB-PARTY-1", "C2-2", "PAL-3", "CMB-PAL-3", "RES-8"]
    assert [s.rule for s in _reproduced_first(ranked, reproduced)][0] == "C2-2", "named by more failures"
    assert _reproduced_first(ranked, []) == ranked


def test_a_reproduced_change_to_a_function_citing_several_rules_is_reported_but_does_not_lead() -> None:
    by_function = Result("a", ("M-1",), "failed", explained=("CMB-MON-3", "CMB-MON-1"),
                         explained_by=("core/phases/combat/monsters.py:_follow_up: a condition ignored (line 9)",))  # fmt: skip
    passing = Result("b", ("M-1",), None)
    ranked = suspects([by_function, passing], {"a": {"M-1": 1, "CMB-MON-3": 2, "CMB-MON-1": 2}, "b": {"M-1": 1}}, Units())
    assert ranked[0].rule == "M-1", [s.rule for s in ranked]


def test_a_reproduced_change_to_a_function_citing_one_rule_leads() -> None:
    """The change says which code, and the code says which rule: nothing is left for the scenarios to choose."""
    by_function = Result("a", ("C1-1",), "failed", explained=("CMB-BAT-3",),
                         explained_by=("core/phases/combat/steps.py:_waiting: is negated (line 220)",))  # fmt: skip
    passing = Result("b", ("C1-1",), None)
    ranked = suspects([by_function, passing], {"a": {"C1-1": 1, "CMB-BAT-3": 1}, "b": {"C1-1": 1}}, Units())
    assert ranked[0].rule == "CMB-BAT-3", [s.rule for s in ranked]


@needs_fork
def test_a_run_against_an_engine_whose_conquest_costs_two_evil_names_CMB_CONQ_3_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dlrules.apps.conformance import suite
    from dlrules.apps.conformance.engines import InProcess, Referee
    from dlrules.apps.conformance.suite import run_suite

    monkeypatch.setattr(suite, "EXPLAINED_CASES", 1)  # one explained failure is enough here (CI time)

    class TwoEvil(Referee):
        """dlrules with a conquest costing 2 evil, for each request only (the driver, in the same process, is not)."""

        name = "two-evil"

        def handle(self, request: Any) -> dict[str, Any]:
            with _conquest_costs(2):
                return super().handle(request)

    paths = [p for p in SCENARIOS.rglob("*.json") if "CMB-CONQ" in p.name]
    report = run_suite(InProcess(TwoEvil()), paths)
    assert report.failed, "the engine must fail a conquest scenario"
    assert any(r.explained == ("CMB-CONQ-3",) and r.explained_by == ("fact:CONQUEST_EVIL: CONQUEST_EVIL as 2",) for r in report.failed), [
        (r.id, r.explained_by) for r in report.failed
    ]
    assert report.suspects()[0].rule == "CMB-CONQ-3", [s.rule for s in report.suspects()[:5]]


MINE_III = "cr-ACT-MINE-6-slot-iii-mines-under-a-foreimp"


@contextmanager
def _mine_slot_iii_without_foreimp() -> Iterator[None]:
    """ACT-MINE-1's slot III printed without its foreimp, in every module of dlrules holding the board's spaces."""
    from dlrules.components import Action, board

    old = board.SPACES
    space = old[Action.MINE.index]
    one, two, three = space.slots
    three = attrs.evolve(three, reward=attrs.evolve(three.reward, foreimp=False))
    new = old[: Action.MINE.index] + (attrs.evolve(space, slots=(one, two, three)),) + old[Action.MINE.index + 1 :]
    rebind(old, new)
    try:
        yield
    finally:
        rebind(new, old)


def test_a_row_of_the_components_gives_its_small_changes() -> None:
    from dlrules.apps.conformance.rowchanges import row_changes

    changes = dict(row_changes("data:slots:mine-III"))
    assert "reward.foreimp as False" in changes and "reward.imps_work as 5" in changes, sorted(changes)
    assert "options[0].damage as 4" in dict(row_changes("data:monster-combat:vampire"))
    assert list(row_changes("data:monsters:no-such-monster")) == [] and list(row_changes("core/x.py:f")) == []
    assert "monsters as 2" in dict(row_changes("data:grounds:labyrinth")), "R-3: the Labyrinth's battle holds one monster"


def test_a_production_rooms_row_states_PROD_1_and_a_combat_rooms_its_own_row() -> None:
    from dlrules.tools import rows_read

    rooms = {t.name: t for t in rows_read.tables({"labyrinth": "R-3"})}["rooms"]
    assert rooms.rules("magic-room") == ("PROD-1",) and rooms.rules("labyrinth") == ("R-3",)


@needs_fork
def test_ACT_MINE_1_slot_III_printed_without_its_foreimp_is_explained_by_the_slots_row(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(counterfactual, "_units", lambda *_: [])  # the values alone (the functions' search is tested above)
    s = _scenario(MINE_III)
    state = start_state({"position": s["position"]} if "position" in s else {"setup": s["setup"], "moves": s.get("moves", [])})
    with _mine_slot_iii_without_foreimp():
        wanted = outcome("listing", attrs.evolve(state), None)
    assert outcome("listing", attrs.evolve(state), None) != wanted, "the changed row must change the moves listed"
    found = explain(Case(state, None, wanted), seconds=60)
    assert any(e.unit == "data:slots:mine-III" and e.rules == ("ACT-MINE-1",) and e.change == "reward.foreimp as False" for e in found), found
    assert outcome("listing", attrs.evolve(state), None) != wanted, "dlrules itself is left as it was"


@needs_fork
def test_a_run_against_an_engine_whose_mine_slot_III_has_no_foreimp_names_ACT_MINE_1_first() -> None:
    """A printed value reproducing the engine's verdicts is the simpler story than a change of code that also
    does: the row's rule leads (``suite._reproducing``, ``diagnose._leads``)."""
    from dlrules.apps.conformance.engines import InProcess, Referee
    from dlrules.apps.conformance.suite import run_suite

    class NoForeimp(Referee):
        name = "no-foreimp"

        def handle(self, request: Any) -> dict[str, Any]:
            with _mine_slot_iii_without_foreimp():
                return super().handle(request)

    paths = [p for p in SCENARIOS.rglob("*.json") if "MINE" in p.name or "minegold" in p.name]
    report = run_suite(InProcess(NoForeimp()), paths)
    assert report.failed, "the engine must fail a mining scenario"
    assert any(r.explained_by and all(b.startswith("data:slots:mine-III: ") for b in r.explained_by) for r in report.failed), [
        (r.id, r.explained_by) for r in report.failed
    ]
    assert report.suspects()[0].rule == "ACT-MINE-1", [s.rule for s in report.suspects()[:5]]


def test_a_difference_in_a_field_kept_under_a_rule_names_that_rule() -> None:
    """A title's points are kept under its rule ID: an engine whose Lord of Imps differs breaks SCO-8e, whatever
    the scenario was written about (``diff.field_rules``, ``Result.named``)."""
    from dlrules.apps.conformance.diff import field_rules

    assert field_rules(["outcome.players.0.titles.SCO-8e", "players.1.gold", "outcome.players.1.titles.SCO-8e"]) == ("SCO-8e",)
    assert field_rules(["players.0.imps"]) == ()
    failing = Result("a", ("SCO-8d", "SCO-1b"), "failed", named=("SCO-8e",))
    passing = [Result(f"p{i}", ("SCO-8d",), None) for i in range(3)]
    spectra = {"a": {"SCO-8d": 1, "SCO-8e": 3, "SCO-1b": 1}, **{f"p{i}": {"SCO-8d": 1, "SCO-8e": 3, "SCO-1b": 1} for i in range(3)}}
    assert suspects([failing, *passing], spectra, Units())[0].rule == "SCO-8e"
    unnamed = attrs.evolve(failing, named=())
    assert suspects([unnamed, *passing], spectra, Units())[0].rule != "SCO-8e", "without the field's name the scenario's citations lead"


@needs_fork
def test_CMB_CARD_7_a_seat_shown_the_rounds_card_at_planning_is_explained_by_the_face_up_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view's difference is explained as a move's is: the projection's code with one small change shows the seat
    what the engine's does (``view:SEAT`` outcomes)."""
    from dlrules.apps.conformance.counterfactual import view_kind
    from dlrules.core.state import Phase
    from dlrules.records import views

    state, _ = _at_move("first-CMB-CARD-7-the-revealed-card-is-public-the-spied-one-stays-secret")
    old = views.face_up_combat

    def shown_at_planning(s: GameState) -> frozenset[int]:
        f = s.fight
        return frozenset() if s.phase is not Phase.COMBAT or f is None else frozenset(range(min(f.round, len(s.combat))))

    rebind(old, shown_at_planning)
    try:
        wanted = outcome(view_kind(0), attrs.evolve(state), None)
    finally:
        rebind(shown_at_planning, old)
    assert outcome(view_kind(0), attrs.evolve(state), None) != wanted, "seat 0 must see more with the change"
    monkeypatch.setattr(counterfactual, "_rows", lambda read: [])  # the projection's functions alone
    monkeypatch.setattr(counterfactual, "_omissions", lambda fn: iter(()))  # and their changes (omissions: tested below)
    found = explain(Case(state, None, wanted), seconds=60)
    assert any(e.unit == "records/views.py:face_up_combat" and "CMB-CARD-7" in e.rules for e in found), found


def test_a_slots_eye_is_stated_by_ACT_REP_2_and_an_adventurers_glyph_rank_by_RST_4() -> None:
    """A row's value stated by a rule of its own names that rule, not the row's (``rowchanges.FIELD_RULES``);
    slot III's foreimp is its row's own (ACT-MINE-1 states it)."""
    from dlrules.apps.conformance.rowchanges import field_rule

    assert field_rule("data:slots:reputation-III", "reward.spy as 0") == "ACT-REP-2"
    assert field_rule("data:slots:reputation-III", "reward.evil_down as 1") is None
    assert field_rule("data:adventurers:y1-thief-4-1", "rank as 3") == "RST-4"
    assert field_rule("data:slots:mine-III", "reward.foreimp as False") is None


def test_CMB_3_a_rooms_battle_limits_are_tried_as_a_sourced_record() -> None:
    """The battle limits of a tunnel and of a room are records of their own, not rows of a table: each small change
    to them is tried, named by the rule their source cites (CMB-3)."""
    found = {(unit, change): rules for unit, rules, change, _ in counterfactual.fact_mutations()}
    assert found[("fact:ROOM", "monsters as 1")] == ("CMB-3",) and ("fact:TUNNEL", "monsters as 2") in found, sorted(found)


def test_the_rules_kept_results_are_forgotten_with_the_caches() -> None:
    """A result a rule keeps by hand (``core.memo``) would hide a changed value: the room's battle limits asked
    again after ``clear_caches`` are the changed ones."""
    from dlrules.apps.conformance.blame import clear_caches
    from dlrules.core.phases.combat.fight import ground_of
    from dlrules.core.state import Tile

    room = Tile((0, 2), room="dark-room")
    assert ground_of(room).monsters == 2  # kept now
    original = combat.ROOM
    changed = attrs.evolve(original, monsters=1)
    rebind(original, changed)
    try:
        clear_caches()
        assert ground_of(room).monsters == 1
    finally:
        rebind(changed, original)
        clear_caches()
    assert ground_of(room).monsters == 2


def test_a_comprehensions_condition_is_among_its_functions_changes() -> None:
    """ACT-MINE-3: ``_minable`` counts the unconquered tunnels in a comprehension; the change that ignores its
    last condition (a conquered tunnel counted) is tried as the function's own, and counts it."""
    import inspect

    from dlrules.core.phases import resolution

    fn = resolution._minable
    assert isinstance(fn, types.FunctionType)
    line = fn.__code__.co_firstlineno + next(i for i, text in enumerate(inspect.getsource(fn).splitlines()) if "not t.conquered" in text)
    changes = {phrase: install for phrase, install, _ in counterfactual.mutations(fn)}
    assert f"a condition ignored (line {line})" in changes, sorted(changes)
    state, _ = _at_move("aspect-CMB-CONQ-4-a-conquered-tunnel-cannot-be-mined")
    counts = [fn(p) for p in state.players]
    original = fn.__code__
    try:
        changes[f"a condition ignored (line {line})"]()
        assert [fn(p) for p in state.players] != counts, "a conquered tunnel is counted"
    finally:
        fn.__code__ = original


def test_ORD_5_placing_each_seats_three_orders_in_turn_is_among_the_reveals_changes() -> None:
    """ORD-5: every first card is placed before any second card. Swapping the reveal's two loops (each seat's
    three orders, then the next seat's) is a change ``loopchanges`` makes, and it places the orders differently."""
    from dlrules.apps.conformance.loopchanges import loop_changes
    from dlrules.core.phases import orders

    fn = orders._reveal
    assert isinstance(fn, types.FunctionType)
    swapped = [make() for phrase, make, _ in loop_changes(fn) if phrase.startswith("two loops swapped")]
    assert len(swapped) == 1 and swapped[0] is not None, [phrase for phrase, _, _ in loop_changes(fn)]
    state, move = _at_move("first-ORD-5-every-first-card-is-placed-before-any-second-card")
    wanted = outcome("observation", attrs.evolve(state), move)
    original = fn.__code__
    try:
        fn.__code__ = swapped[0]
        assert outcome("observation", attrs.evolve(state), move) != wanted, "the orders are placed seat by seat"
    finally:
        fn.__code__ = original
    assert outcome("observation", attrs.evolve(state), move) == wanted


@needs_fork
def test_RUL_13_a_seat_shown_the_orders_kept_is_explained_by_the_field_left_out_where_RUL_13_is_cited(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bug can be a thing left out: a seat's view made without ``kept=None`` shows another seat the orders he keeps
    aside before the reveal. ``omissions`` leaves out each keyword argument of the projection; the one left out
    stands on a line citing RUL-13, so the change is RUL-13's alone, whichever rules the function cites besides."""
    from dlrules.apps.conformance.counterfactual import view_kind
    from dlrules.apps.conformance.omissions import omissions
    from dlrules.records import views

    fn = views._redact_player
    assert isinstance(fn, types.FunctionType)
    made = [(phrase, make) for phrase, make, _ in omissions(fn) if phrase.startswith("its kept= argument")]
    assert len(made) == 1, [phrase for phrase, _, _ in omissions(fn)]
    state, move = _at_move("RUL-13-the-orders-kept-are-secret")
    state = dlrules_apply(state, move)
    original, changed = fn.__code__, made[0][1]()
    assert changed is not None
    try:
        fn.__code__ = changed
        wanted = outcome(view_kind(1), attrs.evolve(state), None)
    finally:
        fn.__code__ = original
    assert outcome(view_kind(1), attrs.evolve(state), None) != wanted, "seat 1 must see seat 0's kept orders with the change"
    monkeypatch.setattr(counterfactual, "_rows", lambda read: [])
    monkeypatch.setattr(counterfactual, "mutations", lambda fn: iter(()))  # the omissions alone
    found = explain(Case(state, None, wanted), seconds=60)
    kept = [e for e in found if e.unit == "records/views.py:_redact_player"]
    assert kept and kept[0].rules == ("RUL-13",) and kept[0].change.startswith("its kept= argument left out"), found


def test_omissions_leave_out_statements_but_never_a_return_or_the_docstring() -> None:
    from dlrules.apps.conformance.omissions import omissions
    from dlrules.core.phases import orders

    fn = orders._reveal
    assert isinstance(fn, types.FunctionType)
    phrases = [phrase for phrase, _, _ in omissions(fn)]
    assert any(p.startswith("a block left out") for p in phrases) and any(p.startswith("a statement left out") for p in phrases), phrases
    import ast

    from dlrules.apps.conformance.loopchanges import source_tree

    tree = source_tree(fn)
    assert tree is not None
    spared = {node.lineno for node in ast.walk(tree) if isinstance(node, (ast.Return, ast.FunctionDef))}
    spared.add(fn.__code__.co_firstlineno + 1)  # the docstring
    left_out = {lines[0] for phrase, _, lines in omissions(fn) if "statement" in phrase or "block" in phrase}
    assert left_out and not left_out & spared, sorted(left_out & spared)
    assert all(make() is not None for _, make, _ in omissions(fn))


@needs_fork
def test_ACT_MINE_5_miners_left_free_are_explained_by_the_term_left_out_where_ACT_MINE_5_is_cited(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A term of a sum left out (``busy + imps`` as ``busy``): the imps that mined stay free for Production. No change
    of a comparison or a constant makes that bug; the omission does, on the line citing ACT-MINE-5, so it is
    ACT-MINE-5's though ``_mine`` cites the six rules of Mine Gold."""
    from dlrules.apps.conformance.omissions import omissions
    from dlrules.core.phases import resolution

    fn = resolution._mine
    assert isinstance(fn, types.FunctionType)
    lines, first = inspect.getsourcelines(fn)
    busy = first + next(i for i, line in enumerate(lines) if "busy = p.busy_imps + imps" in line)
    made = [make for phrase, make, _ in omissions(fn) if phrase == f"a term left out (line {busy}: + imps)"]
    assert len(made) == 1, [phrase for phrase, _, _ in omissions(fn)]
    state, move = _at_move("ACT-MINE-2-effect-minegold")
    original, changed = fn.__code__, made[0]()
    assert changed is not None
    try:
        fn.__code__ = changed
        free = outcome("observation", attrs.evolve(state), move)
    finally:
        fn.__code__ = original
    assert outcome("observation", attrs.evolve(state), move) != free, "the miners stay free with the change"
    monkeypatch.setattr(counterfactual, "_rows", lambda read: [])
    monkeypatch.setattr(counterfactual, "mutations", lambda fn: iter(()))  # the omissions alone
    found = [e for e in explain(Case(state, move, free), seconds=60) if e.unit == "core/phases/resolution.py:_mine"]
    assert found and found[0].rules == ("ACT-MINE-5",) and found[0].change.endswith(f"(line {busy}: + imps)"), found
