"""The referee protocol, version 2 (issue 36, the kit's protocol.md): what a
seat may see (``observe`` with a seat or the spectator, from dlrules.records.views),
chance with its odds, positions in and out, bad requests answered as data,
and broken engines caught with their rule named or reported with the request
they failed on."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import dlrules
import dlrules.apps.conformance
from dlrules.apps.cli.main import main
from dlrules.apps.conformance import InProcess, Referee, Subprocess
from dlrules.apps.conformance.diff import compare, replay
from dlrules.apps.conformance.observe import observe
from dlrules.apps.conformance.position import to_position
from dlrules.apps.conformance.scenarios import SCENARIOS, check, load, scenario_files
from dlrules.core.moves import TableRuling
from dlrules.records.views import HIDDEN, view

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
MUTANTS = ROOT / "tests" / "conformance" / "protocol_mutants.py"
VIEWS = SCENARIOS / "views"


def _walk(players: int, seed: int, moves: int) -> list[dlrules.GameState]:
    """The positions of a seeded random play-out."""
    rng = random.Random(seed)
    state = dlrules.new_game(players)
    out = [state]
    for _ in range(moves):
        if dlrules.is_over(state):
            break
        move = dlrules.sample_chance(state, rng) if dlrules.CHANCE in dlrules.to_move(state) else rng.choice(dlrules.legal_moves(state))
        state = dlrules.apply(state, move)
        out.append(state)
    return out


# --- what a seat sees ----------------------------------------------------------------------


def test_a_seats_observation_is_the_librarys_projection() -> None:
    """ORD-3, RUL-13, ACT-TRAP-2: through a game, each seat's observation shows
    its own secrets and placeholders for the others', exactly as dlrules.records.views
    projects the state; the spectator sees only public facts."""
    hidden_traps_seen = 0
    for state in _walk(3, 11, 600)[::7]:
        for seat in (0, 1, 2, None):
            seen = observe(state, "spectator" if seat is None else seat)
            projected = view(state, seat)
            assert seen["legal_count"] == len(projected.legal)
            assert seen["orders_chosen"] == list(projected.orders_chosen)
            assert seen["dealt_counts"] == list(projected.dealt_counts)
            for i, (p, q) in enumerate(zip(seen["players"], projected.state.players, strict=True)):
                assert p["traps"] == sorted(q.traps)
                if i != seat and state.phase is not dlrules.Phase.GAME_OVER:
                    assert set(p["traps"]) <= {HIDDEN} and p["committed"] is None and p["kept"] is None and p["dealt"] == []
                    hidden_traps_seen += bool(p["traps"])
    assert hidden_traps_seen, "the walk never put a trap card in a hand"


def test_observe_answers_per_seat_and_refuses_a_seat_not_in_the_game() -> None:
    referee = Referee()
    referee.handle({"cmd": "new_game", "players": 2})
    assert referee.handle({"cmd": "observe", "seat": 1})["observation"]["viewer"] == 1
    assert referee.handle({"cmd": "observe", "seat": "spectator"})["observation"]["legal_count"] == 0
    assert referee.handle({"cmd": "observe"})["observation"]["viewer"] == "referee"
    for bad in (2, -1, True, "0", None):
        answer = referee.handle({"cmd": "observe", "seat": bad, "id": 4})
        assert answer["error"]["kind"] == "bad_request" and answer["error"]["message"].startswith("seat:") and answer["id"] == 4


def test_the_view_scenarios_say_what_each_seat_must_and_must_not_see() -> None:
    files = scenario_files(VIEWS)
    assert len(files) >= 9
    cited = {r for p in files for r in load(p)["rules"]}
    assert {"ORD-3", "DUM2-3", "RUL-13", "ACT-TRAP-2", "ACT-REP-2", "CMB-PLAN-9", "Y2-8"} <= cited
    for path in files:
        scenario = load(path)
        views = scenario["expect"]["views"]
        assert "spectator" in views and len(views) >= 3, path.name  # the owner, another seat, a spectator
        check(InProcess(), scenario)
        # a changed expectation fails: the runner really reads the views
        viewer, paths = next(iter(views.items()))
        path_, value = next(iter(paths.items()))
        paths[path_] = "something else" if value != "something else" else None
        with pytest.raises(AssertionError, match="in the observation of"):
            check(InProcess(), scenario)


def test_run_and_diff_catch_a_view_that_shows_another_seats_trap_cards(capsys: pytest.CaptureFixture[str]) -> None:
    engine = f"{PYTHON} {MUTANTS} view-shows-trap-cards"
    code = main(["conformance", "run", str(VIEWS), "--engine", engine, "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and report["failing_rules"][0] == "ACT-TRAP-2"
    code = main(["conformance", "diff", "--engine", engine, "--players", "2", "--games", "2", "--max-moves", "400", "--shrink", "0", "--json"])
    found = json.loads(capsys.readouterr().out)["disagreement"]["disagreement"]
    assert code == 1 and found["kind"] == "view" and found["rules"] == ["ACT-TRAP-2"]
    assert any("seen by seat" in d and ".traps" in d for d in found["details"])



def test_a_view_differing_at_a_public_fact_names_the_rule_that_makes_it_public() -> None:
    """SPE-6, ORD-7, RST-1: a view that hides the special event card, a player's unavailable orders or the tavern
    is named by the rule turning it face up, as a view showing a secret is named by the rule keeping it."""
    from dlrules.apps.conformance.diff import view_rules

    assert view_rules(["special_event"]) == ("SPE-6",)
    assert view_rules(["players.2.unavailable.0"]) == ("ORD-7",)
    assert view_rules(["tavern.1", "players.0.traps"]) == ("RST-1", "ACT-TRAP-2")

# --- chance with its odds --------------------------------------------------------------------


def test_every_chance_outcome_comes_with_its_exact_probability() -> None:
    referee = Referee()
    nodes = 0
    for state in _walk(4, 3, 500):
        if dlrules.CHANCE not in dlrules.to_move(state):
            continue
        referee.state = state
        answer = referee.handle({"cmd": "legal_moves"})
        odds = [Fraction(p) for m, p in zip(answer["moves"], answer["probabilities"], strict=True) if m["seat"] == -1]
        assert sum(odds) == 1 and all(p > 0 for p in odds)
        assert sorted(odds) == sorted(p for _, p in dlrules.chance_outcomes(state))
        nodes += 1
    assert nodes > 20


def test_diff_catches_wrong_odds_at_the_first_draw_and_names_the_deck(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["conformance", "diff", "--engine", f"{PYTHON} {MUTANTS} uniform-odds", "--players", "3", "--games", "1",
                 "--max-moves", "200", "--shrink", "0", "--json"])  # fmt: skip
    found = json.loads(capsys.readouterr().out)["disagreement"]
    assert code == 1 and found["disagreement"]["kind"] == "odds" and "SETUP-4" in found["disagreement"]["rules"]
    # it is the first draw with unequal copies: every earlier chance node was uniform
    start = dlrules.new_game(3)
    state = start
    for data in found["moves"]:
        state = dlrules.apply(state, dlrules.loads(json.dumps(data), dlrules.Move))
    odds = {p for _, p in dlrules.chance_outcomes(state)}
    assert len(odds) > 1


# --- requests and answers -------------------------------------------------------------------


def test_a_bad_request_keeps_its_id_and_names_the_field() -> None:
    referee = Referee()
    cases: list[tuple[dict[str, Any], str]] = [
        ({"id": 1}, "cmd:"),
        ({"cmd": "fly", "id": 2}, "cmd:"),
        ({"cmd": "new_game", "players": 2, "deal_and_keep": 0, "id": 3}, "deal_and_keep:"),
        ({"cmd": "new_game", "players": 2, "deal_and_keep": 1, "id": 4}, "deal_and_keep:"),
        ({"cmd": "new_game", "players": 2, "variant": "short", "id": 5}, "variant:"),
        ({"cmd": "load_position", "id": 6}, "position:"),
    ]
    for request, field in cases:
        answer = referee.handle(request)
        assert answer["ok"] is False and answer["error"]["kind"] == "bad_request", request
        assert answer["error"]["message"].startswith(field) and answer["id"] == request["id"], answer
    referee.handle({"cmd": "new_game", "players": 2})
    before = referee.handle({"cmd": "get_position"})
    answer = referee.handle({"cmd": "apply", "id": "x"})
    assert answer["error"]["kind"] == "bad_request" and answer["error"]["message"].startswith("move:") and answer["id"] == "x"
    assert referee.handle({"cmd": "get_position"}) == before


def test_unknown_fields_of_a_request_are_ignored_but_not_those_of_a_move() -> None:
    referee = Referee()
    assert referee.handle({"cmd": "new_game", "players": 2, "colour_scheme": "dark"}) == {"ok": True}
    refused = referee.handle({"cmd": "apply", "move": {"type": "Draw", "deck": "monsters", "card": "goblin", "seat": -1, "face": "up"}})
    assert refused["error"]["kind"] == "bad_move"


def test_get_position_and_set_position_round_trip_a_game() -> None:
    referee = Referee()
    for state in _walk(2, 8, 400)[::40]:
        referee.handle({"cmd": "set_position", "position": to_position(state)})
        assert referee.state == state
        assert referee.handle({"cmd": "get_position"})["position"] == to_position(state)


def test_the_example_adapter_speaks_version_2(tmp_path: Path) -> None:
    adapter = [PYTHON, str(ROOT / "examples" / "conformance_adapter.py")]
    lines = ['{"cmd": "hello", "id": 1}', '{"cmd": "new_game", "players": 3}', '{"cmd": "legal_moves"}',
             '{"cmd": "observe", "seat": 2}', '{"cmd": "get_position"}', '{"cmd": "quit"}']  # fmt: skip
    done = subprocess.run(adapter, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert answers[0]["version"] == 2 and answers[0]["id"] == 1
    assert len(answers[2]["probabilities"]) == len(answers[2]["moves"]) and answers[2]["probabilities"][0] == "1/56"
    assert answers[3]["observation"]["viewer"] == 2 and "position" in answers[4]
    engine = Subprocess(adapter)
    try:
        assert replay(engine, {"setup": {"players": 2}}, []) is None
    finally:
        engine.close()


# --- engines that break the protocol ---------------------------------------------------------


def test_an_engine_that_hangs_is_reported_with_the_request_it_failed_on() -> None:
    """The timeout is generous: on a loaded machine an honest engine's start
    and first answers take seconds, and only the hang may exceed it."""
    done = subprocess.run([PYTHON, "-m", "dlrules", "conformance", "diff", "--engine", f"{PYTHON} {MUTANTS} hangs-on-seat-views",
                           "--timeout", "10", "--games", "1", "--max-moves", "5"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)  # fmt: skip
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert 'did not answer {"cmd": "observe", "seat": 0} within 10 s' in done.stderr


def test_an_engine_that_stops_reading_is_reported_not_waited_for_for_ever() -> None:
    """A program busy elsewhere (a loop in its rules) stops reading its input;
    a request larger than the pipe (a position is tens of kilobytes) used to
    block the driver's write for ever, the timeout covering only the answer."""
    import time

    from dlrules.apps.conformance.engines import EngineError

    busy = ("import io, sys, time\n"
            "from dlrules.apps.conformance.protocol import serve\n"
            "serve(stdin=io.StringIO(sys.stdin.readline()))  # the hello, answered\n"
            "time.sleep(120)  # then busy elsewhere, reading nothing\n")  # fmt: skip
    engine = Subprocess([PYTHON, "-c", busy], timeout=1)
    began = time.monotonic()
    try:
        with pytest.raises(EngineError, match="did not read .* within 1 s"):
            engine.request({"cmd": "load_position", "position": {"padding": "x" * 300_000}})
        stalled = engine.process
        assert engine.revive() and stalled.poll() is not None  # the stalled program is stopped and a fresh one started
    finally:
        engine.close()
    assert time.monotonic() - began < 30


def test_garbage_odds_are_the_engines_failure_not_the_drivers() -> None:
    engine = Subprocess(f"{PYTHON} {MUTANTS} garbage-odds")
    try:
        engine.new_game({"players": 2})
        with pytest.raises(dlrules.apps.conformance.EngineError, match='probability of .* is "likely"'):
            compare(dlrules.new_game(2), engine)
    finally:
        engine.close()


# --- the schemas and the canonical forms ----------------------------------------------------


def _validators() -> dict[str, object]:
    jsonschema = pytest.importorskip("jsonschema")
    referencing = pytest.importorskip("referencing")
    from dlrules.apps.conformance import KIT

    schemas = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in (KIT / "schemas").glob("*.schema.json")}
    registry = referencing.Registry().with_resources(
        (s["$id"], referencing.Resource.from_contents(s)) for s in schemas.values()
    )
    out: dict[str, object] = {name: jsonschema.Draft202012Validator(s, registry=registry) for name, s in schemas.items()}
    protocol = schemas["protocol.schema.json"]
    for key in protocol["$defs"]:
        out[key] = jsonschema.Draft202012Validator({"$ref": protocol["$id"] + "#/$defs/" + key}, registry=registry)
    return out


def _errors(validator: object, document: object) -> list[str]:
    return [e.message for e in validator.iter_errors(document)][:3]  # type: ignore[attr-defined]


def test_the_generated_schemas_are_fresh() -> None:
    from dlrules.apps.conformance import KIT
    from dlrules.apps.conformance.schemagen import generated

    for name, text in generated().items():
        assert (KIT / "schemas" / name).read_text(encoding="utf-8") == text, f"{name} is stale: python -m dlrules.apps.conformance.schemagen"


def test_every_move_and_observation_of_play_follows_its_schema() -> None:
    """Every legal move and every viewer's observation of seeded games (each
    player count, a table's rulings) and of every kit scenario's start."""
    from dlrules.apps.conformance.perft import start_state

    v = _validators()
    states = _walk(2, 1, 700)[::11] + _walk(4, 2, 500)[::13]
    rng = random.Random(9)
    state = dlrules.new_game(3, table_rulings=True)
    for i in range(400):
        if dlrules.is_over(state):
            break
        if i % 9 == 0:
            states.append(state)
        state = dlrules.apply(state, dlrules.sample_chance(state, rng) if dlrules.CHANCE in dlrules.to_move(state) else rng.choice(dlrules.legal_moves(state)))
    for path in scenario_files()[::4]:
        data = load(path)
        states.append(start_state({"position": data["position"]} if "position" in data else {"setup": data["setup"], "moves": data.get("moves", [])}))
    kinds: set[str] = set()
    for state in states:
        for move in dlrules.legal_moves(state):
            data = json.loads(dlrules.dumps(move))
            kinds.add(data["type"])
            assert _errors(v["move.schema.json"], data) == [], data
        for viewer in ["referee", "spectator", *range(state.n_players)]:
            seen = observe(state, viewer)
            assert _errors(v["observation.schema.json"], seen) == [], (viewer, state.phase)
    assert len(kinds) >= 22, sorted(kinds)


def test_every_answer_follows_the_protocol_schema() -> None:
    v = _validators()
    referee = Referee()
    session: list[dict[str, Any]] = [
        {"cmd": "hello", "id": 1}, {"cmd": "observe"}, {"cmd": "new_game", "players": 3, "id": "a"}, {"cmd": "legal_moves"},
        {"cmd": "observe", "seat": 1}, {"cmd": "get_position"}, {"cmd": "apply", "move": {"type": "Draw", "deck": "x", "card": "y"}},
        {"cmd": "apply", "move": {"type": "ChooseOrders", "seat": 0, "orders": ["food", "dig", "mine"]}},
        {"cmd": "apply", "move": {"type": "DealOrders", "target": 0, "orders": ["mine", "food", "dig"]}},
        {"cmd": "set_position", "position": {"position": 1}}, {"cmd": "fly"}, {"cmd": "quit"},
    ]  # fmt: skip
    for request in session:
        valid = request["cmd"] != "fly" and _errors(v[f"request_{request['cmd']}"], request) == []
        assert valid == (request["cmd"] not in ("fly", "set_position") and request.get("move", {}).get("deck") != "x"), request
        answer = referee.handle(request)
        key = f"answer_{request['cmd']}" if answer["ok"] else "error"
        assert _errors(v[key], answer) == [], (request, answer)


def test_moves_compare_in_their_canonical_form_without_dlrules_parser() -> None:
    """protocol.md, "Canonical forms": a set of order cards in board order,
    every optional field written (its default when left out), keys sorted."""
    from dlrules.apps.conformance.engines import canonical

    spellings = [
        ({"type": "KeepUnavailable", "seat": 1, "orders": ["room", "dig"]}, dlrules.KeepUnavailable(1, (dlrules.Action.DIG, dlrules.Action.ROOM))),
        ({"orders": ["mine", "food", "dig"], "target": 0, "type": "DealOrders"}, dlrules.DealOrders(0, (dlrules.Action.FOOD, dlrules.Action.DIG, dlrules.Action.MINE))),
        ({"type": "ChooseOrders", "seat": 0, "orders": ["mine", "food", "dig"]}, dlrules.ChooseOrders(0, (dlrules.Action.MINE, dlrules.Action.FOOD, dlrules.Action.DIG))),
        ({"type": "HireMonster", "seat": 2, "monster": "goblin"}, dlrules.HireMonster(2, "goblin")),
        ({"type": "TableRuling"}, TableRuling()),
    ]  # fmt: skip
    for data, move in spellings:
        assert canonical(data) == canonical(json.loads(dlrules.dumps(move))) == dlrules.dumps(move)
    # a sequence keeps its order: these are two moves
    assert canonical({"type": "ChooseOrders", "seat": 0, "orders": ["food", "mine", "dig"]}) != canonical(spellings[2][0])


def test_the_protocol_is_complete_in_the_archive() -> None:
    """protocol.md and the kit's README stand alone (no page of the dlrules
    sources is needed): every command, every move type (a generated table,
    kept fresh), every observation field, and the rules of canonical forms,
    errors, unknown fields, versions and the table's ruling."""
    from dlrules.apps.conformance import KIT
    from dlrules.apps.conformance.engines import COMMANDS
    from dlrules.apps.conformance.schemagen import observation_schema, protocol_md
    from dlrules.core.moves import MOVE_TYPES

    text = (KIT / "protocol.md").read_text(encoding="utf-8")
    assert protocol_md(text) == text, "protocol.md's moves are stale: python -m dlrules.apps.conformance.schemagen"
    for name in ("protocol.md", "README.md"):
        assert "docs/" not in (KIT / name).read_text(encoding="utf-8") and "src/dlrules" not in (KIT / name).read_text(encoding="utf-8")
    for cmd in COMMANDS:
        assert f'"cmd": "{cmd}"' in text or f"`{cmd}` is the same command" in text, cmd
    for cls in MOVE_TYPES:
        assert f"| `{cls.__name__}` |" in text, cls.__name__
    schema = observation_schema()
    fields = set(schema["properties"]) | set(schema["properties"]["players"]["items"]["properties"])
    assert not [f for f in fields if f"`{f}`" not in text and f".{f}`" not in text]
    for heading in ("## Canonical forms", "**Precedence.**", "**Unknown fields.**", "## Versions", "## The table's ruling", "## Chance"):
        assert heading in text


# --- reaching the rare, shrinking by position, perft that matters ---------------------------


def _default_starts() -> list[dict[str, object]]:
    from dlrules.apps.conformance.perft import rare_starts

    return [{"setup": {"players": n, "variant": "full"}} for n in (2, 3, 4)] + [
        {"setup": {"players": 2, "variant": "full", "table_rulings": True}}
    ] + rare_starts()  # fmt: skip


def test_diffs_default_budget_reaches_every_decision_kind() -> None:
    """The play-outs of ``diff`` at its defaults (seed 0, one game per start,
    the mixed steered policy) list every decision kind at a compared position,
    the Labyrinth's choice of trap and Metamorphosis included."""
    from dlrules.apps.conformance.diff import random_moves
    from dlrules.apps.conformance.steer import DECISION_KINDS, Coverage, policy_for

    rng = random.Random(0)
    coverage = Coverage()
    for g, start in enumerate(_default_starts()):
        random_moves(start, rng, 5000, policy_for("mixed", g), coverage)
    assert coverage.missing() == [] and len(DECISION_KINDS) == 28
    assert {"ChooseTrap", "Transform", "TableRuling", "WitchHunt", "ReleasePrisoner"} <= coverage.listed
    assert len(coverage.rules()) >= 100 and "coverage: 28 of 28 decision kinds listed" in coverage.text()


def test_steered_play_reaches_the_labyrinth_sooner_than_uniform_play() -> None:
    """CMB-TRAP-2: the choice of trap in a Labyrinth, from new 2-player games only."""
    from dlrules.apps.conformance.diff import random_moves
    from dlrules.apps.conformance.steer import Coverage, policy_for

    def games_until_choose_trap(policy: str) -> int:
        coverage = Coverage()
        for g in range(60):
            random_moves({"setup": {"players": 2}}, random.Random(g), 5000, policy_for(policy, g), coverage)
            if "ChooseTrap" in coverage.listed:
                return g + 1
        return 61

    assert games_until_choose_trap("traps") < games_until_choose_trap("uniform")


def test_a_disagreement_is_reported_from_a_position_a_few_moves_before_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """ACT-FOOD-1 broken: found some twenty moves into a game, reported from a
    position at most 10 moves before it; ``--from`` the record reproduces it."""
    mutant = f"{PYTHON} {ROOT / 'tests' / 'conformance' / 'mutants.py'} food-slot-i-three-food"
    record = tmp_path / "found.json"
    code = main(["conformance", "diff", "--engine", mutant, "--players", "2", "--seed", "1", "--games", "1", "--max-moves", "300",
                 "--json", "--out", str(record)])  # fmt: skip
    result = json.loads(capsys.readouterr().out)
    found = result["disagreement"]
    assert code == 1 and "position" in found and 1 <= len(found["moves"]) <= 10 < result["shrunk_from"]
    assert "ACT-FOOD-1" in found["disagreement"]["rules"]
    code = main(["conformance", "diff", "--engine", mutant, "--from", str(record), "--games", "1", "--max-moves", "5", "--json"])
    again = json.loads(capsys.readouterr().out)["disagreement"]
    assert code == 1 and "ACT-FOOD-1" in again["disagreement"]["rules"]


def test_diff_starts_from_a_position_file_or_a_game_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from dlrules.apps.conformance.shrink import read_start
    from dlrules.records import make_record, write_record

    states = _walk(3, 4, 120)
    position = tmp_path / "position.json"
    position.write_text(json.dumps(to_position(states[-1])), encoding="utf-8")
    assert read_start(position) == {"position": to_position(states[-1])}
    rng = random.Random(4)
    state, moves = dlrules.new_game(2), []
    for _ in range(30):
        move = dlrules.sample_chance(state, rng) if dlrules.CHANCE in dlrules.to_move(state) else rng.choice(dlrules.legal_moves(state))
        state = dlrules.apply(state, move)
        moves.append(move)
    game = tmp_path / "game.jsonl"
    write_record(make_record(2, "full", moves), game)
    start = read_start(game)
    assert start["setup"]["players"] == 2 and len(start["moves"]) == 30
    for source in (position, game):
        assert main(["conformance", "diff", "--from", str(source), "--games", "1", "--max-moves", "20"]) == 0
    junk = tmp_path / "junk.json"
    junk.write_text('{"hello": 1}', encoding="utf-8")
    assert main(["conformance", "diff", "--from", str(junk)]) == 2
    assert "neither a position" in capsys.readouterr().err
    missing = tmp_path / "missing" / "game.json"
    assert main(["conformance", "diff", "--from", str(missing)]) == 2
    assert f"{missing}: no such file" in capsys.readouterr().err
    assert main(["conformance", "diff", "--from", "no-such-scenario"]) == 2
    assert "no scenario 'no-such-scenario' in the kit, and no file of that name" in capsys.readouterr().err


RARE_KINDS = {
    "Labyrinth": "ChooseTrap", "Metamorphosis": "Transform", "Demon": "PayMonster", "paladin": "Attack",
    "Buy Traps": "DiscardTrap", "dummy's random": "DrawDummyOrders", "dummy's third": "ChooseOrders", "table's ruling": "TableRuling",
}  # fmt: skip


def _kind_at_depth(state: dlrules.GameState, depth: int, kind: str) -> int:
    """How many moves of ``kind`` the count at ``depth`` includes (the last ply)."""
    moves = dlrules.legal_moves(state)
    if depth == 1:
        return sum(type(m).__name__ == kind for m in moves)
    return sum(_kind_at_depth(dlrules.apply(state, m), depth - 1, kind) for m in moves)


def test_the_rare_rules_have_perft_anchors_deep_enough_to_show_them() -> None:
    """A Labyrinth battle, Metamorphosis, Pay Day with a Demon, the paladin,
    year 2's Buy Traps, the dummies of 3 and 2 players, a table's ruling: each
    anchor's published counts reach a depth where the rare decision is
    counted, so an engine offering one choice more or less there gets another count."""
    from dlrules.apps.conformance.perft import anchors, perft, start_state

    rare = [a for a in anchors() if a.rules]
    assert len(rare) == len(RARE_KINDS)
    for anchor in rare:
        kind = next(k for word, k in RARE_KINDS.items() if word in anchor.name)
        state = start_state(anchor.start)
        depth = next(d for d in range(1, len(anchor.counts) + 1) if _kind_at_depth(state, d, kind))
        assert depth <= len(anchor.counts) and perft(state, depth) == anchor.counts[depth - 1], anchor.name


class _NoTrapChoice(Referee):
    """CMB-TRAP-2 broken: the Labyrinth's two traps go off in key order, no choice asked."""

    def moves(self, state: dlrules.GameState) -> list[dict[str, object]]:
        listed = super().moves(state)
        choices = [m for m in listed if m["type"] == "ChooseTrap"]
        return [m for m in listed if m["type"] != "ChooseTrap"] + choices[:1]


def test_perft_divide_names_the_first_moves_where_a_one_rule_change_shows() -> None:
    """From the Labyrinth anchor's line, three moves before the choice of trap:
    the counts by first move agree through the protocol, and an engine that
    never asks which trap goes off first (CMB-TRAP-2) differs under a named first move."""
    from dlrules.apps.conformance.perft import compare_divide, divide, engine_divide, perft, rare_starts, start_state

    labyrinth = next(s for s in rare_starts() if "Labyrinth" in str(s["name"]))
    start = {"position": labyrinth["position"], "moves": list(labyrinth["moves"])[:3]}
    state = start_state(start)
    ours = divide(state, 4)
    assert sum(ours.values()) == perft(state, 4)
    assert compare_divide(ours, engine_divide(InProcess(), start, 4)) == []
    broken = engine_divide(InProcess(_NoTrapChoice()), start, 4)
    differ = compare_divide(ours, broken)
    assert differ and sum(broken.values()) < sum(ours.values())


def test_perft_divide_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "perft", "--divide", "Pay Day with a Demon", "--depth", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert sum(out["dlrules"].values()) == 4 and out["engine"] is None
    assert main(["conformance", "perft", "--divide", "no such anchor"]) == 2


def test_the_figures_of_docs_conformance_are_generated_and_fresh() -> None:
    """docs/conformance.md types no figure: each sits between markers and
    equals what ``python -m dlrules.tools.kitfigures`` computes from the kit."""
    from dlrules.tools.kitfigures import MARK, PAGE, figures, render

    text = PAGE.read_text(encoding="utf-8")
    values = figures()
    assert {m["name"] for m in MARK.finditer(text)} == set(values)
    assert render(text, values) == text, "stale figures: python -m dlrules.tools.kitfigures"
    assert values["decision_kinds"] == "28" and values["scenarios"] == str(len(scenario_files()))


def test_an_engine_of_another_protocol_version_is_refused_naming_both(tmp_path: Path) -> None:
    script = tmp_path / "old.py"
    script.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    print(json.dumps({'ok': True, 'protocol': 'dlrules-referee', 'version': 1, 'engine': 'old'}), flush=True)\n",
        encoding="utf-8",
    )
    with pytest.raises(dlrules.apps.conformance.EngineError, match="version 1, not dlrules-referee 2"):
        Subprocess(f"{PYTHON} {script}")


def test_an_engine_slow_to_start_gets_its_startup_allowance_then_the_answer_timeout() -> None:
    """An interpreter loading its modules on a busy machine is not an answer:
    the first request, ``hello``, waits at least ``startup`` seconds, the
    later ones ``timeout`` (a mutant server slow to start crashed the kill
    matrix's run with a driver traceback)."""
    from dlrules.apps.conformance.engines import EngineError

    slow = "import time; time.sleep(1.5)\nfrom dlrules.apps.conformance.protocol import serve\nserve()\n"
    engine = Subprocess([PYTHON, "-c", slow], timeout=0.5, startup=10)
    try:
        assert engine.timeout == 0.5  # the answer timeout is back once started
        engine.new_game({"players": 2})
        assert engine.legal_moves()  # it plays once started
    finally:
        engine.close()
    with pytest.raises(EngineError, match="did not answer .*hello.* within 0.5 s"):
        Subprocess([PYTHON, "-c", slow], timeout=0.5, startup=0.5)
