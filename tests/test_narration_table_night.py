"""The narration defects a game night found (issue 37), each as the rule
example it gets wrong: whose clause a clause is, an attack on an invisible
wizard, a card whose text is unknown, who is to move in a seat's picture,
and a server that cannot start printing no link."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from combat_positions import COLUMN, play_with_events, position
from dlrules.display import svg
from dlrules.components import Action
from dlrules.core.engine import apply, legal_moves, to_move
from dlrules.core.moves import Attack, ChooseOrders, PlanDefence
from dlrules.core.phases.event import Event
from dlrules.display.render import describe, describe_move
from dlrules.core.state import Phase
from dlrules.records.views import view
from dlrules.display.wording import move_words
from tablekit import played

E = COLUMN[0]
W5 = "y1-warrior-5"
WIZARD = "y1-wizard-4-2"


def test_ORD_9_the_movers_own_clause_after_another_players_names_the_mover_again() -> None:
    """Player 3 is the last to choose; the reveal has Player 2, then Player 3,
    play Hire Monster first (ORD-9). Player 3's clause after Player 2's names
    Player 3: it is not Player 2 paying twice."""
    state, _ = played(4, 1, until=lambda s: s.phase.value == "orders")
    move = ChooseOrders(2, (Action.MONSTER, Action.ROOM, Action.FOOD))
    events = (
        Event("commit", "Player 3 chooses their orders.", 2),
        Event("hire_first", "Player 2 plays Hire Monster first and pays 1 gold (ORD-9).", 1, {"paid": True, "cost": {"gold": 1}}),
        Event("hire_first", "Player 3 plays Hire Monster first and pays 1 gold (ORD-9).", 2, {"paid": True, "cost": {"gold": 1}}),
    )
    words = move_words(state, move, events, played=True)
    assert words == (
        "P3 chooses Hire Monster, Build Room, Get Food, first to third (secret until all have chosen); "
        "P2 plays Hire Monster first: pays 1 gold; P3 plays Hire Monster first: pays 1 gold"
    )


def test_C1_4_U_13_an_attack_on_an_invisible_wizard_says_the_damage_is_not_taken() -> None:
    """Invisibility is cast (C1-4): the wizard goes to the back and takes no
    damage this round. The Ghost's attack on him is told, with why it does nothing."""
    state = position({0: [WIZARD, W5]}, monsters={0: ["ghost", "goblin"]}, cards=("invisibility", "graffiti", "detect-evil", "word-of-peace"))
    state, _ = play_with_events(state, PlanDefence(0, E, (), (0, 1)))
    ghost_on_wizard = Attack(0, 0, 0, 1)
    assert ghost_on_wizard in legal_moves(state)
    for words in (describe_move(state, ghost_on_wizard, played=True), describe_move(state, ghost_on_wizard, seat=0)):
        assert words.startswith(
            "P1 sends the Ghost; the wizard (HP 4) in position 2 is invisible and takes none of the 2 damage from the Ghost (Invisibility)"
        ), words


def test_U_2_the_battle_picture_says_text_unknown_as_the_text_does() -> None:
    """Graffiti's text is unknown (U-2): the picture's card says so, as the
    text view does, never "no spell"."""
    state = position({0: [WIZARD, W5]}, monsters={0: ["ghost", "goblin"]}, cards=("graffiti", "invisibility", "detect-evil", "word-of-peace"))
    state, _ = play_with_events(state, PlanDefence(0, E, (), (0, 1)))
    assert state.fight is not None and state.fight.battle is not None and state.combat[0] == "graffiti"
    picture = svg.battle(state)
    assert "text unknown" in picture and "no spell" not in picture
    assert "Combat card 1: Graffiti (slow, fatigue 2): text unknown: no effect (U-2)" in describe(state)


def test_a_seats_picture_says_who_is_to_move_as_its_header_does() -> None:
    """Player 2 has chosen orders, Player 1 not yet (ORD-3): Player 1's
    picture, whose Player 2 orders read as unknown, says only P1 is to move,
    as the page's header (``view``) and text do; so does the host's."""
    state, _ = played(2, 3, until=lambda s: s.phase is Phase.ORDERS and 1 in to_move(s))
    state = apply(state, next(m for m in legal_moves(state) if m.seat == 1))
    assert view(state, 0).to_move == (0,) and "To move: P1\n" in describe(view(state, 0))
    assert "To move: P1<" in svg.position(state, seat=0)
    host = view(state, None)
    assert "To move: P1<" in svg.position(host.state, movers=host.to_move)


def test_serve_on_a_port_in_use_prints_no_creation_link(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("uvicorn")
    from dlrules.apps.cli.main import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        code = main(["serve", "--db", str(tmp_path / "g.sqlite"), "--port", str(port), "--new-game", "2"])
    out, err = capsys.readouterr()
    assert code == 2 and "/new/" not in out + err and "/g/" not in out + err
    assert err.strip() == f"dlrules serve: cannot listen on 127.0.0.1 port {port}: the port is in use; choose another with --port"
