"""A real table on ``dlrules serve`` (issue 23): a whole full game where
every card the referee cannot read is applied by the table's ruling from
the host's page, then replayed from the downloaded record to the same final
scores (LIB-TAB-8); the easier game without special event cards (SPE-3)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from clientkit import client  # noqa: E402,F401  (the fixture)
from servekit import CREATE_KEY  # noqa: E402
from test_serve import Table  # noqa: E402

from dlrules.core.engine import legal_moves, to_move  # noqa: E402
from dlrules.core.moves import Adjustment, Draw, TableRuling  # noqa: E402
from dlrules.records.serialization import dumps  # noqa: E402
from dlrules.apps.serve.seats import chance_owner  # noqa: E402
from dlrules.core.state import CHANCE, TABLE, Phase  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _host_ruling(t: Table, ruled: list[dict[str, Any]]) -> Any:
    """The host reads the ruling form's data and applies a ruling: the first
    player gains 1 gold, under the name the table typed."""
    page = t.state(None)
    form = page["ruling"]
    assert form is not None and form["card"] and "special-" not in json.dumps(form)
    name = f"Printed card {len(ruled) + 1}"
    ruled.append({"card": form["card"], "deck": form["deck"], "name": name})
    ruling = TableRuling(TABLE, name, (Adjustment("gold", 0, 1),))
    for seat in range(len(t.seats)):
        assert t.state(seat)["ruling"] is None  # seats are never offered it
        assert t.move(seat, ruling).status_code == 403
    return t.move(None, ruling)


def test_LIB_TAB_8_a_whole_game_at_a_real_table_with_table_rulings(client: Any) -> None:  # noqa: F811
    from dlrules import outcome
    from dlrules.records import parse_record, replay

    t = Table(client, players=2, seed=5, replayable=True, table_rulings=True)
    rng = random.Random(5)
    ruled: list[dict[str, Any]] = []
    for _ in range(3000):
        state = t.game.state
        seats = to_move(state)
        if not seats:
            break
        if TABLE in seats:
            r = _host_ruling(t, ruled)
        elif CHANCE in seats:
            r = client.post(t.link(chance_owner(state)) + "/draw", json={"at": t.game.n})
        else:
            seat = min(seats)
            mine = [m for m in legal_moves(state) if m.seat == seat]
            r = t.move(seat, mine[rng.randrange(len(mine))])
        assert r.status_code == 200, r.text
    state = t.game.state
    assert state.phase is Phase.GAME_OVER
    assert {r["deck"] for r in ruled} == {"special", "combat"}  # both kinds of card the referee cannot read came up
    log = " ".join(e["text"] for e in t.state(None)["log"])
    record = client.get(t.host + "/record").text
    assert '"table_rulings":true' in record.splitlines()[0]
    for r in ruled:
        assert f'"card":"{r["name"]}"' in record  # the name as the table typed it
    replayed = replay(parse_record(record))
    assert replayed.state == state
    final, again = outcome(state), outcome(replayed.state)
    assert final is not None and again is not None and final.totals == again.totals
    assert "special-" not in log and "Unnamed card" not in log


def test_the_host_is_offered_one_option_for_the_unnamed_special_event_cards(client: Any) -> None:  # noqa: F811
    """The host enters the year's special event card: the four cards with no
    known name are one option, "a special event card the referee cannot read
    (4 such cards)"; no option names a placeholder key."""
    t = Table(client, players=2, seed=3, replayable=True, table_rulings=True)
    rng = random.Random(3)
    for _ in range(2000):
        state = t.game.state
        legal = legal_moves(state)
        if legal and isinstance(legal[0], Draw) and legal[0].deck == "special":
            break
        seats = to_move(state)
        if CHANCE in seats:
            r = client.post(t.link(chance_owner(state)) + "/draw", json={"at": t.game.n})
        else:
            seat = min(seats)
            mine = [m for m in legal if m.seat == seat]
            r = t.move(seat, mine[rng.randrange(len(mine))])
        assert r.status_code == 200, r.text
    else:
        raise AssertionError("no special event card was drawn")
    options = [c["text"] for c in t.state(None)["chance"]]
    unnamed = [o for o in options if o.startswith("a special event card the referee cannot read")]
    assert unnamed == ["a special event card the referee cannot read (4 such cards; special)"]
    assert not any("special-" in o or "Unnamed" in o for o in options)
    assert "Witch Hunt (special)" in options


def test_SPE_3_the_host_may_leave_the_special_event_cards_out(client: Any) -> None:  # noqa: F811
    t = Table(client, players=3, no_special_events=True)
    assert t.game.state.special_events is False and t.game.state.decks.special.size == 0
    form = client.get(f"/new/{CREATE_KEY}").text
    assert "name='no_special_events'" in form and "name='table_rulings'" in form


def test_LIB_TAB_8_the_host_page_has_the_ruling_form() -> None:
    from dlrules.apps.serve.pages import game_page

    page = game_page("host")
    assert "id='ruling'" in page and "TableRuling" in page and "Apply the table" in page
    assert dumps(TableRuling(TABLE, "", ())) == '{"card":"","changes":[],"seat":-2,"type":"TableRuling"}'
