"""``diff`` names the rules of a disagreement by the reference's own code
(``dlrules.apps.conformance.blame``, docs/conformance.md "Diagnosis"): the
rule code dlrules runs for the move where an engine parts from it, the code
that wrote the differing field first."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

from dlrules.apps.conformance.blame import CODE_RULES, exercised, shipped
from dlrules.apps.conformance.diff import move_rules, setup_rules
from dlrules.apps.conformance.engines import move_of
from dlrules.apps.conformance.perft import start_state
from dlrules.apps.conformance.scenarios import SCENARIOS, load
from dlrules.core.state import GameState
from dlrules.tools import spectra as generator

pytestmark = pytest.mark.skipif(sys.gettrace() is not None, reason="a tracer is already running (coverage): blame traces itself")


def _scenario(name: str) -> tuple[GameState, dict[str, Any]]:
    data = load(next(SCENARIOS.rglob(f"{name}.json")))
    start = {"position": data["position"]} if "position" in data else {"setup": data["setup"], "moves": data.get("moves", [])}
    return start_state(start), data["move"]


def test_EVT_TAX_the_taxes_move_exercises_the_tax_rules_and_the_writer_of_damage_tokens_comes_first() -> None:
    """A round's last order returned with Taxes due: dlrules' code for the
    move runs the tax rules; asked about ``damage_tokens`` (the field an
    engine got wrong), the code that wrote it, EVT-TAX-2's, comes first."""
    state, move = _scenario("EVT-TAX-2-effect-returnorder")
    plain = exercised(state, move_of(move), move)
    assert {"EVT-TAX-1", "EVT-TAX-2", "RUL-6"} <= set(plain.rules) and not plain.written
    asked = exercised(state, move_of(move), move, frozenset({"damage_tokens"}))
    assert asked.rules[0] == "EVT-TAX-2" and "EVT-TAX-2" in asked.written
    ranked = move_rules(state, move, ["players.2.damage_tokens"])
    assert ranked[0] == "EVT-TAX-2" and "EVT-TAX-1" in ranked[:8]


def test_a_move_dlrules_refuses_exercises_nothing_and_a_card_named_brings_its_row() -> None:
    state, move = _scenario("EVT-TAX-1-refused-paytaxes")
    assert exercised(state, move_of(move), move).rules == ()
    _, cards = shipped()
    assert "M-4" in cards["troll"]  # the Troll's row: a move naming the Troll exercises it


def test_a_difference_before_any_move_names_the_decks_composition() -> None:
    assert setup_rules(["decks.traps.size"])[0] == "SETUP-4"
    assert setup_rules(["decks.special.size"])[0] == "SPE-4"
    assert setup_rules(["players.0.gold"]) == ("SETUP-3", "SETUP-4", "SETUP-5")


def test_the_code_map_ships_with_the_package_and_is_not_stale() -> None:
    """coderules.json is what the generator makes now from the rule code
    (rerun it: python -m dlrules.tools.spectra --write)."""
    fresh = generator.code_text(generator.code_rules(generator.repo_root()))
    assert CODE_RULES.read_text(encoding="utf-8") == fresh, "stale: python -m dlrules.tools.spectra --write"
    functions, _ = shipped()
    assert all(Path(file).exists() for file, _ in functions)
    pyproject = (generator.repo_root() / "pyproject.toml").read_text(encoding="utf-8")
    assert "apps/conformance/coderules.json" in pyproject and "apps/conformance/spectra.json" in pyproject


def test_a_failing_scenario_is_replayed_beside_dlrules_and_the_rules_where_it_parts_are_reported(capsys: pytest.CaptureFixture[str]) -> None:
    """Get Food slot I giving 3 food (ACT-FOOD-1 broken, over the protocol):
    each failing scenario is replayed on dlrules and the engine side by side;
    the report says where they part and the rules dlrules' code runs there
    (the text, and ``parted`` in the JSON), and the diagnosis weighs them."""
    import json

    from dlrules.apps.cli.main import main

    root = generator.repo_root()
    engine = f"{sys.executable} {root / 'tests' / 'conformance' / 'mutants.py'} food-slot-i-three-food"
    assert main(["conformance", "run", "--engine", engine, "--json", "--no-explain"]) == 1
    report = json.loads(capsys.readouterr().out)
    failing = {s["id"]: s for s in report["scenarios"] if not s["passed"]}
    assert failing and all("parted" in s for s in failing.values())
    iso = failing["iso-ACT-FOOD-1-food-slot-I-takeaction"]["parted"]  # a position, then the move: they part at once
    assert iso["where"].startswith("after 1 move (observation: players.2.food: dlrules 5, the engine 6)")
    assert iso["rules"][0] == "ACT-FOOD-1"  # the code that stored the food, few scenarios reach, first
    game = failing["SCO-4-a-seeded-4-player-game-to-the-end"]["parted"]  # fails at its end, parts at the first Get Food
    assert game["where"].startswith("after 24 moves") and game["rules"][0] == "ACT-FOOD-1"
    assert "ACT-FOOD-1" in [s["rule"] for s in report["suspects"][:3]]  # the diagnosis weighs it (docs/conformance.md)
    assert main(["conformance", "run", "--engine", engine, "--rule", "ACT-FOOD"]) == 1
    assert "replayed beside dlrules, the engine parts from it after 1 move" in capsys.readouterr().out


def test_legal_moves_that_differ_with_the_state_name_the_move_that_led_there_first() -> None:
    """RST-5 broken (``_same_rank`` answers the opposite, served over the
    protocol): after the round's last adventurer is drawn the engine still
    draws, where dlrules has moved on to the orders. The legal moves differ,
    and so does the state (its phase): the rules of the draw that led there
    come first, not those of the orders dlrules lists."""
    from dlrules.apps.conformance.engines import Subprocess
    from dlrules.apps.conformance.localise import localise

    root = generator.repo_root()
    engine = Subprocess([sys.executable, str(root / "tests" / "conformance" / "rule_mutants.py"), "serve",
                         "core.phases.round_start._same_rank"])  # fmt: skip
    try:
        rules, where, early, _ = localise(engine, load(next(SCENARIOS.rglob("ORD-1-eight-action-spaces-of-three-slots.json"))))
    finally:
        engine.close()
    assert where.startswith("after 14 moves (legal_moves: the engine also lists") and early
    assert "RST-5" in rules[:5] and rules.index("RST-5") < rules.index("ORD-3"), rules


def test_legal_moves_that_differ_on_the_same_state_name_the_listing_first() -> None:
    """The states agree (no path where the engine's state differs): the
    moves are listed wrongly, and dlrules' reasons come before the code of
    the move that led there; where the state differs too, the code of the
    move that wrote the field comes first."""
    from dlrules.apps.conformance.diff import _led_here

    state, move = _scenario("EVT-TAX-2-effect-returnorder")
    assert _led_here(state, move, (), ("ORD-3",))[0] == "ORD-3"
    assert _led_here(state, move, ("players.2.damage_tokens",), ("ORD-3",))[0] == "EVT-TAX-2"


def test_an_engine_that_does_not_list_the_scenarios_own_move_parts_at_that_move_not_before_it() -> None:
    """CMB-MON-5 broken (``_priests`` drops the party's last member, served
    over the protocol): the engine does not list the ghost's attack on the
    last thief, the scenario's own move. That is what the scenario checks,
    so the parting is not "before its own move": its citations stay the
    evidence (docs/conformance.md, "Where the engine parts from dlrules")."""
    from dlrules.apps.conformance.diff import Disagreement
    from dlrules.apps.conformance.engines import Subprocess, canonical
    from dlrules.apps.conformance.localise import _own_move_unlisted, localise

    scenario = load(next(SCENARIOS.rglob("gap-CMB-MON-5-the-ghost-may-attack-the-last-adventurer.json")))
    root = generator.repo_root()
    engine = Subprocess([sys.executable, str(root / "tests" / "conformance" / "rule_mutants.py"), "serve",
                         "core.phases.combat.monsters._priests"])  # fmt: skip
    try:
        _, where, early, _ = localise(engine, scenario)
    finally:
        engine.close()
    assert where.startswith("at the start (legal_moves: the engine does not list") and not early
    own, other = canonical(scenario["move"]), canonical({**scenario["move"], "target": 1})

    def parted(unlisted: set[str], state_paths: tuple[str, ...] = ()) -> Disagreement:
        return Disagreement({}, (), "legal_moves", (), (), frozenset(unlisted), state_paths)

    assert _own_move_unlisted(parted({other}), scenario["move"]) is False
    assert _own_move_unlisted(parted({other, own}), scenario["move"])
    astray = parted({own}, ("players.0.gold",))
    assert not _own_move_unlisted(astray, scenario["move"])  # the engine went astray before the scenario's move


def test_at_the_code_that_wrote_the_field_the_games_rules_come_before_a_ruling_of_dlrules() -> None:
    """The round's last adventurer drawn: the code that wrote the row of next
    round's adventurers cites RST-3..5, RUL-7 and LIB-3 (dlrules' ruling on
    RST-5 when no other rank is left). Asked about that row, the game's
    rules come first and the ruling after them, though few scenarios reach it."""
    data = load(next(SCENARIOS.rglob("ORD-1-eight-action-spaces-of-three-slots.json")))
    moves = data["moves"]
    state = start_state({"setup": data["setup"], "moves": moves[:13]})
    seen = exercised(state, move_of(moves[13]), moves[13], frozenset({"adventurers_next"}))
    assert "LIB-3" in seen.written and "RST-5" in seen.written
    assert seen.rules.index("LIB-3") > max(seen.rules.index(r) for r in seen.written if not r.startswith("LIB-"))


def test_a_move_the_engine_does_not_list_names_the_code_listing_the_moves_first_even_once_they_are_listed() -> None:
    """CMB-MON-6's position: the Vampire may attack the last adventurer. An
    engine that does not list that attack parts from dlrules in the code
    deciding which attacks are legal (the targets: ``_priests``, CMB-MON-5),
    not in the battle's steps the attack then runs (CMB-4). dlrules has
    usually listed the moves of that state already (``compare`` does,
    first), which hid the listing from the tracer: it is traced afresh."""
    from dlrules.apps.conformance.blame import listed
    from dlrules.core.engine import legal_moves

    state, _ = _scenario("CMB-MON-6-effect-attack")
    legal_moves(state)  # listed and kept by the loop's cache, as in ``compare``
    listing = listed(state)  # at once: combat's listing answers the loop's newest state from its cache
    assert "CMB-MON-5" in listing[:3] and "CMB-4" not in listing
    attack = {"monster": 0, "option": 1, "seat": 3, "target": 2, "type": "Attack"}
    plain = exercised(state, move_of(attack), attack)
    assert plain.rules[0] == "CMB-4"  # the move's own code: the battle's steps, the next attack's targets long after
    assert plain.rules.index("CMB-MON-5") > plain.rules.index("CMB-4")
    assert listed(state) == listing
    unlisted = exercised(state, move_of(attack), attack, listing=True)
    checked = exercised(attrs.evolve(state), move_of(attack), attack)  # its legality checked afresh, past the loop's cache
    assert set(plain.rules) <= set(checked.rules)
    shared = [r for r in listing if r in checked.rules]  # the listing's part the attack's own code runs too
    assert "CMB-MON-5" in unlisted.rules[:3] and unlisted.rules[: len(shared)] == tuple(shared)  # (CMB-MON-3's line, the options a monster has, comes first: code about one rule)
    assert set(unlisted.rules) == set(plain.rules) | set(listing)  # the rest of the listing after the move's own


def test_a_difference_in_the_rounds_resolution_parts_after_the_forced_reveal_the_check_also_plays() -> None:
    """An engine whose party counts one magic point more (``crystals`` + 1,
    CMB-SPELL-2 broken), in-process: the scenario's move is the plan; the
    round resolves only when the next combat card, already identified, is
    turned up (the forced reveal the scenario's check plays, LIB-RC-3). The
    replay beside dlrules plays it too, so the failure parts there, not
    nowhere."""
    sys.path.insert(0, str(generator.repo_root() / "tests"))
    from conformance.substitute import find, substituted

    from dlrules.apps.conformance.engines import InProcess, Referee
    from dlrules.apps.conformance.localise import localise

    found = find("dlrules.core.phases.combat.party", "crystals")
    assert found is not None
    fn = found

    class MoreMagic(Referee):
        name = "one magic point more"

        def handle(self, request: Any) -> dict[str, Any]:
            with substituted(fn, "int"):
                return super().handle(request)

    scenario = load(next(SCENARIOS.rglob("aspect-CMB-SPELL-1-a-fast-spell-one-magic-point-short-is-not-cast.json")))
    rules, where, early, _ = localise(InProcess(MoreMagic()), scenario)
    assert where.startswith("after 2 moves ("), where  # the plan, then the forced reveal: Word of Peace is cast
    assert not early and rules, (rules, where)
