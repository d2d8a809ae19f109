"""A run of combat steps (``fight.Run``) moves evil and checks the paladin on
its own values, written to the state once (issue 25); these tests prove its
``_move_evil`` and ``_check_paladin`` (both through ``common.march_evil``/``paladin_after``) agree with ``common.move_evil`` and
``common.check_paladin`` (RES-8, RES-9, PAL-2, PAL-5..8, CMB-PAL-3): the
same state and the same events, on positions from seeded games with the
markers set around the paladin space."""

from __future__ import annotations

import random

import pytest

from dlrules import CHANCE, apply, legal_moves, new_game, sample_chance, to_move
from dlrules.core.moves import Attack, PlanDefence
from dlrules.components.setup import EVIL_MAX, EVIL_MIN, PALADIN_SPACE
from dlrules.core.phases.combat.fight import Run, _check_paladin, _move_evil
from dlrules.core.phases.common import check_paladin, collecting, move_evil
from dlrules.core.state import GameState, Phase, evolve

from combat_positions import COLUMN, play, play_with_events, position, tunnels
from year_helpers import random_walk

ENTRANCE = COLUMN[0]
NO_FATIGUE = ("invisibility", "graffiti", "detect-evil", "word-of-peace")


def _combat_positions(games: int = 3) -> list[GameState]:
    """One state per combat round reached in ``games`` seeded random games."""
    found: list[GameState] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(4)
        while to_move(state):
            if state.phase is Phase.COMBAT and state.fight is not None and state.fight.stage == "plan" and state.fight.position == 0:
                found.append(state)
            if CHANCE in to_move(state):
                move = sample_chance(state, rng)
            else:
                moves = legal_moves(state)
                move = moves[rng.randrange(len(moves))]
            state = apply(state, move)
    return found


def _with_evils(state: GameState, evils: tuple[int, ...], holder: int | None, gone: bool) -> GameState:
    players = tuple(evolve(p, evil=e) for p, e in zip(state.players, evils))
    assert state.fight is not None
    fight = evolve(state.fight, paladin_gone=gone, paladin=None if gone else state.fight.paladin)
    return evolve(state, players=players, paladin=holder, fight=fight)


def _variants(state: GameState, rng: random.Random) -> list[GameState]:
    line = PALADIN_SPACE.value
    near = [EVIL_MIN.value, line - 2, line - 1, line, line + 1, EVIL_MAX.value - 1, EVIL_MAX.value]
    out = [state]
    for _ in range(12):
        evils = tuple(rng.choice(near) for _ in state.players)
        holder = rng.choice([None, *range(len(state.players))])
        out.append(_with_evils(state, evils, holder, gone=rng.random() < 0.2))
    return out


def test_a_runs_evil_moves_like_move_evil() -> None:
    """RES-8, RES-9, PAL-5: space by space, the paladin checked after each."""
    rng = random.Random(25)
    positions = _combat_positions()
    assert positions
    tried = moved = 0
    for base in positions:
        for state in _variants(base, rng):
            for seat in range(state.n_players):
                for delta in (-3, -1, 0, 1, 2, 6):
                    with collecting() as told:
                        expected = move_evil(state, seat, delta)
                    with collecting() as said:
                        run = Run(state)  # a run reads narrating() when it begins
                        _move_evil(run, seat, delta)
                    assert run.written() == expected, (seat, delta)
                    assert said == told
                    tried += 1
                    moved += expected.paladin != state.paladin
    assert tried > 500 and moved > 20  # the paladin came, left and moved on


def test_a_runs_paladin_check_is_check_paladin() -> None:
    """PAL-2, PAL-6..8, CMB-PAL-3: who holds the paladin after a marker moved."""
    rng = random.Random(7)
    for base in _combat_positions():
        for state in _variants(base, rng):
            with collecting() as told:
                expected = check_paladin(state)
            with collecting() as said:
                run = Run(state)
                _check_paladin(run)
            assert run.written() == expected
            assert said == told


def test_CMB_BAT_3_a_party_gone_with_monsters_still_to_act_ends_the_battle() -> None:
    """CMB-BAT-3: the goblin eliminates the lone warrior; the troll, still
    to act, has no one to attack: the battle stops at once (the step is due
    although the battle stood where a decision could be; apply returns)."""
    coop = tunnels(rooms={ENTRANCE: "chicken-coop"})  # a room takes 2 monsters (CMB-3)
    state = position({0: ["y1-warrior-3:1"]}, monsters={0: ["goblin", "troll"]}, cards=NO_FATIGUE, dungeons={0: coop})
    state = play(state, PlanDefence(0, ENTRANCE, (), (0, 1)))
    assert {type(m) for m in legal_moves(state)} == {Attack}
    after, told = play_with_events(state, Attack(0, 0, 0))
    assert after.players[0].party == () and after.players[0].prison == ("y1-warrior-3",)
    codes = [e.code for e in told if e.code in ("attack", "eliminated", "battle_over", "combat_over")]
    assert codes == ["attack", "eliminated", "battle_over", "combat_over"]  # nobody left anywhere: combat ends (CMB-END-1)


def test_a_runs_party_is_the_party() -> None:
    """CMB-PARTY-1, PAL-3, C2-2, LIB-CMB-9: the party a run's steps fight
    (``party._party_in``, with its shortcut) is the party the moves are
    listed with (``party.party``), and both are the queue lined up the
    general way (``party._lined_up``, without either shortcut), in every
    combat state of seeded games, the paladin's holder and his being gone
    varied too."""
    from dlrules.core.phases.combat.party import _lined_up, _party_in, party

    rng = random.Random(9)
    checked = 0
    for seed in range(2):
        game = random.Random(seed)
        state = new_game(4)
        while to_move(state):
            if state.phase is Phase.COMBAT and state.fight is not None:
                for s in _variants(state, rng)[:3]:
                    run = Run(s)
                    f = s.fight
                    assert f is not None
                    for seat in range(s.n_players):
                        attacking = f.paladin if s.paladin == seat and not f.paladin_gone else None
                        assert _party_in(run, seat) == party(s, seat) == _lined_up(s.players[seat].party, attacking)
                        checked += 1
            moves = legal_moves(state)
            move = sample_chance(state, game) if CHANCE in to_move(state) else moves[game.randrange(len(moves))]
            state = apply(state, move)
    assert checked > 100


def _combat_trace(games: int) -> list[tuple[str, str]]:
    """Every combat move of ``games`` seeded 4-player games: the state after
    it (``dumps``) and its events, and the same state reached without
    narration (``apply``) checked equal on the way."""
    from dlrules import dumps
    from dlrules.core.engine import apply_with_events

    out: list[tuple[str, str]] = []
    for state, move in random_walk(games, first_seed=4200):
        if state.phase is Phase.COMBAT:
            after, events = apply_with_events(state, move)
            assert apply(state, move) == after  # the silent run is the narrated one
            out.append((dumps(after), repr(events)))
    return out


def test_CMB_CONQ_2_fatigue_on_the_numbers_is_fatigue_through_harm_to(monkeypatch: pytest.MonkeyPatch) -> None:
    """CMB-CONQ-2, CMB-8, CMB-HEAL-2: ``conquest._last_steps`` places fatigue
    on plain numbers when nothing but the points themselves matter
    (``_tires_plainly``) and through ``party._harm_to`` otherwise; both give
    the same states and the same events in every combat move of seeded
    games (in the pure build, where the quick way can be switched off)."""
    from dlrules.core.phases.combat import conquest

    if not str(conquest.__file__).endswith(".py"):
        pytest.skip("compiled: _last_steps calls _tires_plainly directly, so it cannot be switched off (the pure build's run of this test compares the two ways)")
    asked = 0
    plainly = conquest._tires_plainly

    def counted(*args: object) -> bool:
        nonlocal asked
        asked += 1
        return plainly(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(conquest, "_tires_plainly", counted)
    quick = _combat_trace(4)
    assert asked > 20  # the switch below reaches the rule
    monkeypatch.setattr(conquest, "_tires_plainly", lambda *args: False)
    general = _combat_trace(4)
    assert quick == general
    told = "".join(events for _, events in quick)
    assert told.count("'fatigue'") > 20 and "is eliminated" in told  # fatigue placed, and adventurers fell


def test_a_runs_party_is_remembered_only_while_its_records_stay() -> None:
    """``party._party_in`` answers from the run's memory while the seat's
    player record and the attacking paladin are the same; a new record, a
    new holder or the paladin gone give the party of the new values."""
    from dlrules.core.phases.combat.party import _lined_up, _party_in

    rng = random.Random(11)
    checked = 0
    for base in _combat_positions(2):
        for state in _variants(base, rng)[:4]:
            run = Run(state)
            for seat in range(state.n_players):
                first = _party_in(run, seat)
                assert _party_in(run, seat) is first
                p = run.players[seat]
                run.players[seat] = evolve(p, party=p.party[1:])
                attacking = run.paladin if run.holder == seat and not run.gone else None
                assert _party_in(run, seat) == _lined_up(p.party[1:], attacking)
                run.holder = seat if run.holder != seat else None
                attacking = run.paladin if run.holder == seat and not run.gone else None
                assert _party_in(run, seat) == _lined_up(p.party[1:], attacking)
                run.gone = True
                assert _party_in(run, seat) == _lined_up(p.party[1:], None)
                checked += 1
    assert checked > 20

