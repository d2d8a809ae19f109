"""Events carry structured data besides their sentence, and docs/events.md
lists every kind the code announces; the data counts as the JSON does (LIB-TR-2)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import dlrules
from dlrules.core.dungeon import square_name
from dlrules import apply_with_events, dumps
from dlrules.core.phases.common import Event

ROOT = Path(__file__).resolve().parents[1]


def _announced_kinds() -> set[str]:
    kinds: set[str] = set()
    for path in (ROOT / "src" / "dlrules").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        kinds.update(re.findall(r"\b_?announce\(\s*\"([a-z_]+)\"", text))
        kinds.update(re.findall(r"\bEvent\(\s*\"([a-z_]+)\"", text))
    return kinds


def _documented_kinds() -> set[str]:
    text = (ROOT / "docs" / "events.md").read_text(encoding="utf-8").split("## Every kind", 1)[1]
    return set(re.findall(r"^\| `([a-z_]+)` \|", text, flags=re.MULTILINE))


def test_every_announced_kind_is_in_docs_events_md() -> None:
    announced = _announced_kinds()
    assert {"phase", "hire", "payday", "paladin"} <= announced  # the scan sees the code
    assert sorted(announced - _documented_kinds()) == []


def test_docs_events_md_lists_no_kind_the_code_never_announces() -> None:
    assert sorted(_documented_kinds() - _announced_kinds()) == []


def _played_events(players: int, seed: int) -> list[Event]:
    state = dlrules.new_game(players)
    rng = random.Random(seed)
    seen: list[Event] = []
    while dlrules.to_move(state):
        move = dlrules.sample_chance(state, rng) if dlrules.CHANCE in dlrules.to_move(state) else rng.choice(dlrules.legal_moves(state))
        state, events = apply_with_events(state, move)
        seen.extend(events)
    return seen


def test_events_carry_their_facts_as_json_data() -> None:
    """A whole year: every event's data is JSON, and the facts match the sentence."""
    seen = _played_events(3, 5)
    for event in seen:
        assert json.loads(json.dumps(event.data)) == event.data
        assert event.kind == event.code
        assert dlrules.loads(dumps(event), Event) == event
    phases = [e.data for e in seen if e.kind == "phase"]
    assert phases[0] == {"year": 1, "round": 1, "season": "winter", "phase": phases[0]["phase"]}
    for e in seen:
        if e.kind == "hire":
            assert e.seat is not None and f"Player {e.seat + 1} hires" in e.text and e.data["monster"] in dlrules.components.MONSTERS
        if e.kind == "taxes":
            assert e.data["due"] == e.data["gold"] + e.data["damage_tokens"]
            assert f"pays {e.data['gold']} of {e.data['due']} gold" in e.text
        if e.kind == "place":
            assert set(e.data) == {"colour", "action", "slot"} and 0 <= e.data["slot"] <= 2
        if e.kind in ("dig", "room"):
            row, column = e.data["square"]
            assert square_name((row, column)) in e.text  # LIB-TV-2: squares named for people


def test_events_name_no_secret() -> None:
    """ACT-TRAP-2, ORD-3, CMB-PLAN-5, Y2-3, LIB-TX-1: a drawn trap card, chosen orders,
    trap cards planned face down and trap cards discarded face down are not in
    the data; a trap card revealed in battle is public and named."""
    seen = _played_events(2, 8)
    assert {"plan", "reveal_trap"} <= {e.kind for e in seen}  # the game reached combat
    for e in seen:
        if e.kind == "trap":
            assert e.data == {"cards": 1}
        if e.kind in ("commit", "keep", "discard_trap", "spied"):
            assert e.data == {}
        if e.kind in ("plan", "no_battle"):
            assert isinstance(e.data["trap_cards"], int) and "traps" not in e.data
        if e.kind == "reveal_trap":
            assert e.data["trap"] in dlrules.components.TRAPS
        if e.kind == "spell" and "lost" in e.data:
            assert set(e.data["lost"]) <= {"gold", "food", "imps", "trap_cards"}
        if e.kind == "payday" and e.data.get("paid"):
            assert set(e.data["cost"]) <= {"gold", "food", "evil", "trap_cards", "monsters"}


WITHOUT_DATA = {"keep", "commit", "spied", "troll", "resolved", "production", "first_player", "imps", "discard_trap", "move"}
"""The kinds whose facts are all in ``code`` and ``seat`` (docs/events.md: —)."""


def test_every_event_of_a_whole_game_carries_its_facts() -> None:
    """Combat of both years, the change of year, year 2's events: every kind
    but the few with nothing to add carries data; the combat and year-2 facts
    match their sentences (LIB-CMB-13, LIB-TR-2)."""
    seen = _played_events(3, 11) + _played_events(4, 2)
    kinds = {e.kind for e in seen}
    assert {"combat", "card", "battle", "damage", "combat_over", "combat_cards", "decks", "progress"} <= kinds
    for e in seen:
        assert e.data or e.kind in WITHOUT_DATA, (e.kind, e.text)
        if e.kind == "card":
            assert dlrules.components.COMBAT_CARDS[e.data["card"]].name in e.text and f"round {e.data['round']}" in e.text
        if e.kind in ("battle", "conquest", "no_conquest"):
            assert square_name(tuple(e.data["tile"])) in e.text
        if e.kind == "damage":
            assert e.seat is not None and len(e.data["amounts"]) >= 1 and sum(e.data["amounts"]) > 0
        if e.kind == "combat_over":
            assert e.data["year"] in (1, 2)
        if e.kind == "evil":
            assert f"{e.data['start']}" in e.text
