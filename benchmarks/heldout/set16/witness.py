"""Witness for held-out set 16: shows that each mutant of mutants.py takes effect,
and that each serves whole games over the referee protocol.

    .venv/bin/python benchmarks/heldout/set16/witness.py [--no-serve] [NAME ...]

For each mutant, two fresh subprocesses run the same witness, one with dlrules
as it is ("real"), one with the mutation applied:

- a *probe*: a position built with dlrules' own API (a new game moved on by
  chosen moves, or a constructed combat or end-of-game position) and the
  answer asked of it (legal moves, the state after a move, an observation);
- or *seeded play*: the same seeded random games (random play that may
  favour some moves, ``prefer``), step by step, stopping at the first step
  where the legal moves, a chance probability, the state after the last move
  or a seat's observation differ; that step is then replayed in both runs to
  say what differs.

Then (unless ``--no-serve``) the mutant itself is started as the program
``mutants.py NAME`` and driven over the referee protocol through seeded random
games to their end (2, 3 and 4 players; also a first game), with observations
and a position round trip on the way: any engine error fails it.

One line per mutant: "NAME: OK ..." or "NAME: FAIL ..."; exit 1 if any fails.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_STEPS = 5000


# --- running dlrules, real or mutated ----------------------------------------------------


def _setup(who: str) -> None:
    """Apply the mutation ``who`` in this process (``"real"``: none)."""
    if who == "real":
        return
    sys.path.insert(0, HERE)
    import mutants

    mutants.MUTANTS[who][0]()


def _canon(move: Any) -> str:
    from dlrules.apps.conformance.engines import canonical, move_data

    return canonical(move_data(move))


def _state_json(state: Any) -> Any:
    from dlrules.records.serialization import dumps

    return json.loads(dumps(state))


def _h(data: Any) -> str:
    return hashlib.sha1(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def _play(state: Any, *moves: Any) -> Any:
    from dlrules.core.engine import apply

    for m in moves:
        state = apply(state, m)
    return state


def _reveal_known(state: Any) -> Any:
    """Turn up a combat card already identified (a chance move with one outcome)."""
    from dlrules.core.engine import apply
    from dlrules.core.moves import Draw
    from dlrules.core.state import Phase

    while True:
        f = state.fight
        if state.phase is not Phase.COMBAT or f is None or f.stage != "reveal" or state.combat[f.round - 1] is None:
            return state
        state = apply(state, Draw("combat", state.combat[f.round - 1] or ""))


def _combat(
    parties: dict[int, tuple[str, ...]], *, players: int = 2, year: int = 1, cards: tuple[str, ...] = ("graffiti", "detect-evil", "suggestion", "fireball"),
    monsters: dict[int, tuple[str, ...]] | None = None, traps: dict[int, tuple[str, ...]] | None = None,
    evil: dict[int, int] | None = None, paladin: int | None = None, gold: int = 3, food: int = 3,
) -> Any:
    """A position at the start of a year's combat (Planning of round 1), built
    from a new game: each seat's party, lair, trap cards and evil; the four
    combat cards already identified (so their reveals are certain), or none
    identified when ``cards`` is empty (each reveal is then chance's)."""
    import attrs

    from dlrules.components import COMBAT_DECKS
    from dlrules.core.engine import new_game, settle
    from dlrules.core.phases import combat
    from dlrules.core.state import Adventurer, Deck, Dungeon, Monster, Phase, Tile

    s = new_game(players)
    lords = []
    for seat, p in enumerate(s.players):
        lords.append(attrs.evolve(
            p, party=tuple(Adventurer(k) for k in parties.get(seat, ())),
            dungeon=Dungeon(tuple(Tile(sq) for sq in ((0, 2), (1, 2), (2, 2)))),
            monsters=tuple(Monster(k) for k in (monsters or {}).get(seat, ())),
            traps=tuple((traps or {}).get(seat, ())) + ("rolling-stone",),  # a spare card: planning stays a decision
            gold=gold, food=food, imps=3, evil=(evil or {}).get(seat, 5), hand=(), unavailable=(),
            dealt=(), kept=None,
        ))  # fmt: skip
    deck = Deck.of(COMBAT_DECKS[year])
    for c in cards:
        deck = deck.without(c)
    state = attrs.evolve(
        s, year=year, round=4, phase=Phase.COMBAT, first_player=0, players=tuple(lords), combat=tuple(cards) if cards else (None,) * 4,
        decks=attrs.evolve(s.decks, combat=deck), paladin=paladin, spied=tuple(() for _ in range(players)),
    )  # fmt: skip
    return _reveal_known(settle(combat.enter(state)))


def _party_damage(state: Any, seat: int) -> list[list[Any]]:
    from dlrules.core.phases.combat import party

    return [[a.key, a.damage] for a in party(state, seat)]


# --- probes: one position, one question ---------------------------------------------------


def _combat_with(state: Any, seat: int, **changes: Any) -> Any:
    """``state`` with seat ``seat``'s record changed."""
    import attrs

    return attrs.evolve(state, players=tuple(attrs.evolve(p, **changes) if i == seat else p for i, p in enumerate(state.players)))


def probe_witch_hunt() -> dict[str, Any]:
    """The full game's Witch Hunt in spring: seat 0 owns a Ghost and a Goblin."""
    import attrs

    from dlrules.core.engine import legal_moves, new_game, settle
    from dlrules.core.phases import events
    from dlrules.core.state import Monster, Phase

    s = new_game(2)
    lair = {0: ("ghost", "goblin"), 1: ("ghost",)}
    players = tuple(attrs.evolve(p, monsters=tuple(Monster(k) for k in lair[i]), evil=5, hand=(), unavailable=(), dealt=(), kept=None)
                    for i, p in enumerate(s.players))  # fmt: skip
    s = attrs.evolve(s, year=1, round=2, phase=Phase.ORDER_RETURN, first_player=0, players=players,
                     events=(None, "special", None, None), special_event="witch-hunt", dummy_evil=6)  # fmt: skip
    s = settle(events.enter(s, Phase.EVENTS))
    return {
        "where": "a 2-player full game, spring's Event phase with the Witch Hunt: seat 0 owns a Ghost (lair 1) and a Goblin (lair 2); seat 0's legal moves",
        "answer": {"moves": sorted(_canon(m) for m in legal_moves(s))},
    }


def probe_magic_shield() -> dict[str, Any]:
    """Round 1 of year 1's combat, card Magic Shield (fast, fatigue 1), party
    warrior(5), wizard(3, 1 crystal): a Troll's standard 3 on the warrior."""
    from dlrules.core.moves import Attack, PlanDefence

    s = _combat({0: ("y1-warrior-5", "y1-wizard-3-1")}, monsters={0: ("troll",)},
                cards=("magic-shield", "graffiti", "detect-evil", "suggestion"))  # fmt: skip
    s = _reveal_known(_play(s, PlanDefence(0, (0, 2), (), (0,))))
    s = _play(s, Attack(0, 0, 0))
    return {
        "where": "year-1 combat, round 1, card Magic Shield (fast, fatigue 1) cast by a 1-crystal wizard; seat 0's Troll hits warrior(5) for 3; the party after the battle",
        "answer": {"party": _party_damage(s, 0)},
    }


def probe_paladin_ward() -> dict[str, Any]:
    """The year-1 paladin leads warrior(5), priest(4): a Rolling Stone on him."""
    from dlrules.core.moves import PlanDefence

    s = _combat({0: ("y1-warrior-5", "y1-priest-4-1")}, traps={0: ("rolling-stone",)}, paladin=0, evil={0: 11})
    s = _reveal_known(_play(s, PlanDefence(0, (0, 2), ("rolling-stone",))))
    return {
        "where": "year-1 combat, round 1 (card Graffiti, fatigue 2): seat 0's Rolling Stone (3) on the year-1 paladin leading warrior(5), priest(4), no thief; the party after the battle",
        "answer": {"party": _party_damage(s, 0)},
    }


def probe_fatigue() -> dict[str, Any]:
    """Fatigue 2 when the first adventurer has 1 hit point left."""
    from dlrules.core.moves import Attack, PlanDefence

    s = _combat({0: ("y1-warrior-4", "y1-thief-3-1")}, monsters={0: ("troll",)})
    s = _reveal_known(_play(s, PlanDefence(0, (0, 2), (), (0,))))
    s = _play(s, Attack(0, 0, 0))
    return {
        "where": "year-1 combat, round 1 (card Graffiti, fatigue 2): seat 0's Troll leaves warrior(4) on 1 hit point, thief(3) behind him; the party, prison and tile after the battle",
        "answer": {"party": _party_damage(s, 0), "prison": list(s.players[0].prison),
                   "conquered": [t.conquered for t in s.players[0].dungeon.tiles]},  # fmt: skip
    }


def probe_bonus_room() -> dict[str, Any]:
    """Year 2: seat 0 owns a Training Room behind the entrance tunnel; the battle
    is in the tunnel; a Troll's standard attack."""
    import attrs

    from dlrules.core.moves import Attack, PlanDefence
    from dlrules.core.state import Dungeon, Tile

    s = _combat({0: ("y2-warrior-8",)}, year=2, monsters={0: ("troll",)},
                cards=("aura-of-fear", "magic-key", "blind-rage", "dimensional-gate"))  # fmt: skip
    tiles = (Tile((0, 2)), Tile((1, 2), "training-room"), Tile((2, 2)))
    s = attrs.evolve(s, players=tuple(attrs.evolve(p, dungeon=Dungeon(tiles)) if i == 0 else p for i, p in enumerate(s.players)))
    s = _reveal_known(_play(s, PlanDefence(0, (0, 2), (), (0,))))
    s = _play(s, Attack(0, 0, 0))
    return {
        "where": "year-2 combat, round 1 in seat 0's entrance tunnel (an unconquered Training Room behind it; card Aura of Fear, fatigue 2): a Troll's standard attack on warrior(8); the party after the battle",
        "answer": {"party": _party_damage(s, 0)},
    }


def probe_hall_of_fame() -> dict[str, Any]:
    """End of a 3-player game: seat 0 alone has a room, an unconquered Hall of Fame."""
    import attrs

    from dlrules.apps.conformance.observe import observe
    from dlrules.core.engine import new_game
    from dlrules.core.state import Dungeon, Phase, Tile

    s = new_game(3)
    tiles = {0: (Tile((0, 2)), Tile((1, 2), "hall-of-fame"), Tile((2, 2)))}
    plain = (Tile((0, 2)), Tile((1, 2)), Tile((2, 2)))
    players = tuple(attrs.evolve(p, dungeon=Dungeon(tiles.get(i, plain)), hand=(), unavailable=(), dealt=(), kept=None)
                    for i, p in enumerate(s.players))  # fmt: skip
    s = attrs.evolve(s, year=2, round=4, phase=Phase.GAME_OVER, players=players)
    out = observe(s, "referee")["outcome"]
    return {
        "where": "a 3-player game over: seat 0 alone owns a room (an unconquered Hall of Fame), so holds the rooms title alone; his Hall of Fame bonus and the totals",
        "answer": {"hall_of_fame": out["players"][0]["hall_of_fame"], "totals": [p["total"] for p in out["players"]]},
    }


def probe_trap_view() -> dict[str, Any]:
    """3 players, year 1's combat, round 1: seats 0 and 1 each planned a trap; the
    round's card is not identified, so the game waits on its reveal (chance)."""
    from dlrules.apps.conformance.observe import observe
    from dlrules.core.moves import PlanDefence

    s = _combat({0: ("y1-warrior-5",), 1: ("y1-warrior-5",), 2: ("y1-warrior-5",)}, players=3,
                traps={0: ("pendulum",), 1: ("trap-door",)}, cards=())  # fmt: skip
    s = _play(s, PlanDefence(0, (0, 2), ("pendulum",)), PlanDefence(1, (0, 2), ("trap-door",)), PlanDefence(2, (0, 2)))
    seen = observe(s, 2)["combat"]
    return {
        "where": f"3-player year-1 combat, round 1, stage {s.fight.stage if s.fight else None}: the plans of seats 0 and 1 (a trap each) as seat 2 observes them",
        "answer": {"plans": [None if p is None else p["traps"] for p in seen["plans"]]},
    }


# --- seeded play ---------------------------------------------------------------------------


def _games(seeds: range, players: int, variant: str, prefer: tuple[str, ...], views: bool, only: tuple[int, int] | None = None) -> Any:
    """Yield (seed, step, record) for each step of the seeded random games
    (with ``only`` = (seed, step): that step's full record, then stop)."""
    from dlrules.apps.conformance.observe import observe
    from dlrules.core.chance import chance_outcomes
    from dlrules.core.engine import apply, legal_moves, new_game
    from dlrules.core.state import CHANCE

    for seed in seeds if only is None else (only[0],):
        rng = random.Random(seed * 7919 + players)
        state = new_game(players, variant=variant)
        for step in range(MAX_STEPS):
            moves = legal_moves(state)
            canon = sorted(_canon(m) for m in moves)
            chance = {_canon(m): str(p) for m, p in chance_outcomes(state)} if any(m.seat == CHANCE for m in moves) else {}
            seen = {str(v): observe(state, v) for v in range(players)} if views or not moves else {}
            full = {"phase": state.phase.value, "year": state.year, "round": state.round, "moves": canon, "odds": chance,
                    "state": _state_json(state), "views": seen}  # fmt: skip
            if only is None:
                yield seed, step, {k: (v if k in ("phase", "year", "round") else _h(v)) for k, v in full.items()}
            elif step == only[1]:
                yield seed, step, full
                return
            if not moves:
                break
            if chance:
                outcomes = [(m, Fraction(p)) for m, p in chance_outcomes(state)]
                x, acc, chosen = Fraction(rng.random()), Fraction(0), outcomes[-1][0]
                for m, p in outcomes:
                    acc += p
                    if x < acc:
                        chosen = m
                        break
            else:
                seat = min(m.seat for m in moves)
                mine = sorted((m for m in moves if m.seat == seat), key=_canon)
                liked = [m for m in mine if any(w in _canon(m) for w in prefer)] if prefer else []
                chosen = rng.choice(liked) if liked and rng.random() < 0.9 else rng.choice(mine)
            state = apply(state, chosen)


# --- what each mutant's witness is -------------------------------------------------------

Play = dict[str, Any]
SPECS: dict[str, Callable[[], dict[str, Any]] | Play] = {
    # play favouring Build Room: the Mint (on offer in one of year 1's rounds) lists other squares
    "mint-near-the-surface": {"players": 4, "variant": "full", "prefer": ('"room"', '"BuildRoom"'), "seeds": 30},
    "dummy-blocks-the-space": {"players": 3, "variant": "full", "prefer": (), "seeds": 30},
    "production-from-seat-one": {"players": 4, "variant": "full", "prefer": (), "seeds": 10},
    "witch-hunt-takes-ghosts": probe_witch_hunt,
    "newcomers-step-ahead": {"players": 4, "variant": "full", "prefer": (), "seeds": 20},
    "magic-shield-soaks-two": probe_magic_shield,
    "paladin-with-one-ward": probe_paladin_ward,
    "fatigue-dies-with-the-first": probe_fatigue,
    "bonus-room-anywhere": probe_bonus_room,
    # whole games into year 2 (the full game turns up a special event card each year)
    "year-one-special-reshuffled": {"players": 3, "variant": "full", "prefer": (), "seeds": 10},
    "hall-of-fame-full-pay-at-three": probe_hall_of_fame,
    "traps-face-up-at-reveal": probe_trap_view,
}

def _child(argv: list[str]) -> int:
    """``--child WHO NAME [SEED STEP]``: run NAME's witness with the mutation WHO."""
    who, name = argv[0], argv[1]
    _setup(who)
    spec = SPECS[name]
    if callable(spec):
        print(json.dumps(spec(), sort_keys=True))
        return 0
    only = (int(argv[2]), int(argv[3])) if len(argv) == 4 else None
    games = _games(range(spec["seeds"]), spec["players"], spec["variant"], tuple(spec["prefer"]), bool(spec.get("views")), only)
    for seed, step, record in games:
        print(json.dumps({"seed": seed, "step": step, **record}, sort_keys=True), flush=True)
    print(json.dumps({"done": True}), flush=True)
    return 0


def _first_path(a: Any, b: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """The first path where ``a`` and ``b`` differ, with both values there."""
    if type(a) is not type(b):
        return path, a, b
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{path}.{k}", a.get(k, "<absent>"), b.get(k, "<absent>")
            found = _first_path(a[k], b[k], f"{path}.{k}")
            if found:
                return found
        return None
    if isinstance(a, list):
        for i in range(min(len(a), len(b))):
            found = _first_path(a[i], b[i], f"{path}[{i}]")
            if found:
                return found
        return None if len(a) == len(b) else (f"{path} (length)", len(a), len(b))
    return None if a == b else (path, a, b)


def _short(x: Any, n: int = 150) -> str:
    text = json.dumps(x, sort_keys=True)
    return text if len(text) <= n else text[: n - 3] + "..."


def _run(who: str, name: str, *extra: str) -> str:
    done = subprocess.run([sys.executable, __file__, "--child", who, name, *extra], capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{who} run of {name} failed:\n{done.stderr[-2000:]}")
    return done.stdout


def _explain_step(name: str, seed: int, step: int) -> str:
    real, mut = (json.loads(_run(who, name, str(seed), str(step)).splitlines()[0]) for who in ("real", name))
    spec = SPECS[name]
    assert isinstance(spec, dict)
    where = f"seed {seed} ({spec['players']} players, {spec['variant']} game), step {step}, year {real['year']} round {real['round']} {real['phase']}"
    if real["moves"] != mut["moves"]:
        only_real = sorted(set(real["moves"]) - set(mut["moves"]))
        only_mut = sorted(set(mut["moves"]) - set(real["moves"]))
        return f"{where}: legal moves differ ({len(real['moves'])} real vs {len(mut['moves'])} mutant); only real: {_short(only_real[:2])}; only mutant: {_short(only_mut[:2])}"
    if real["odds"] != mut["odds"]:
        k = next(k for k in sorted(set(real["odds"]) | set(mut["odds"])) if real["odds"].get(k) != mut["odds"].get(k))
        return f"{where}: chance probability of {_short(json.loads(k), 90)} is {real['odds'].get(k)} real vs {mut['odds'].get(k)} mutant"
    if real["state"] != mut["state"]:
        path, a, b = _first_path(real["state"], mut["state"]) or ("?", None, None)
        return f"{where}: the state after the last move differs at {path}: real {_short(a, 90)} vs mutant {_short(b, 90)}"
    path, a, b = _first_path(real["views"], mut["views"]) or ("?", None, None)
    return f"{where}: an observation differs at {path}: real {_short(a, 90)} vs mutant {_short(b, 90)}"


def witness(name: str) -> tuple[bool, str]:
    """Whether mutant ``name`` answers differently from dlrules, and where."""
    spec = SPECS[name]
    if callable(spec):
        real, mut = (json.loads(_run(who, name)) for who in ("real", name))
        if real["answer"] == mut["answer"]:
            return False, f"NO EFFECT at {real['where']}: both answer {_short(real['answer'])}"
        return True, f"{real['where']}: real {_short(real['answer'], 120)} vs mutant {_short(mut['answer'], 120)}"
    procs = [subprocess.Popen([sys.executable, __file__, "--child", who, name], stdout=subprocess.PIPE, text=True) for who in ("real", name)]
    found: tuple[int, int] | None = None
    steps = 0
    try:
        assert procs[0].stdout is not None and procs[1].stdout is not None
        while True:
            a, b = procs[0].stdout.readline(), procs[1].stdout.readline()
            if not a or not b:
                break
            ra, rb = json.loads(a), json.loads(b)
            if ra.get("done") or rb.get("done"):
                break
            steps += 1
            if ra != rb:
                found = (ra["seed"], ra["step"])
                break
    finally:
        for p in procs:  # only the two children started here
            if p.poll() is None:
                p.kill()
            p.wait()
    if found is None:
        return False, f"NO EFFECT in {spec['seeds']} seeded games ({steps} steps)"
    return True, _explain_step(name, *found)


# --- serving whole games over the protocol --------------------------------------------------


def serve_check(name: str) -> tuple[bool, str]:
    """Drive ``mutants.py NAME`` over the referee protocol through seeded random
    games to their end; any engine error (or a game that does not end) fails."""
    from dlrules.apps.conformance.engines import EngineError, Refusal, Subprocess

    games = [(2, "full", 1), (3, "full", 2), (4, "full", 3), (3, "first", 4)]
    engine = Subprocess([sys.executable, os.path.join(HERE, "mutants.py"), name], timeout=60)
    steps = 0
    try:
        for players, variant, seed in games:
            rng = random.Random(seed)
            engine.new_game({"players": players, "variant": variant})
            for step in range(MAX_STEPS):
                moves, odds = engine.chances()
                if not moves:
                    break
                if step % 97 == 0:
                    engine.observe(step % players)
                    engine.load_position(engine.get_position())  # a round trip of the position
                if any(p is not None for p in odds):
                    x, acc, chosen = Fraction(rng.random()), Fraction(0), moves[-1]
                    for m, p in zip(moves, odds, strict=True):
                        acc += p or 0
                        if x < acc:
                            chosen = m
                            break
                else:
                    seat = min(m["seat"] for m in moves)
                    chosen = rng.choice([m for m in moves if m["seat"] == seat])
                answer = engine.apply(chosen)
                if isinstance(answer, Refusal):
                    return False, f"a listed move was refused ({players} players, {variant}, step {step}): {answer}"
                steps += 1
            else:
                return False, f"a {players}-player {variant} game did not end in {MAX_STEPS} steps"
            final = engine.observe()
            if not final.get("over") or not final.get("outcome"):
                return False, f"a {players}-player {variant} game stopped before the end (phase {final.get('phase')})"
    except EngineError as exc:
        return False, f"engine error: {str(exc)[:300]}"
    finally:
        engine.close()
    return True, f"served {len(games)} games to the end over the protocol ({steps} moves)"


STRESS_GAMES = int(os.environ.get("WITNESS_STRESS", "45"))
STRESS_PREFER: tuple[str, ...] = ('"monster"', '"HireMonster"', '"room"', '"BuildRoom"', '"imps"', '"ActivateRoom"', '"PlanDefence"', '"WordOfPeace"')
"""Moves the in-process games favour (half the time): monsters, rooms, imps
and defences, so that year 2 has lairs and battles for the mutated rules."""


def _stress(name: str) -> int:
    """``--stress NAME``: with the mutation applied, play ``STRESS_GAMES`` seeded
    games through the referee's hooks (``moves``, ``odds``, ``play``,
    ``observation``: what the protocol serves) to their end; print how many."""
    _setup(name)
    from dlrules.apps.conformance.engines import Referee, move_of

    referee = Referee()
    games = steps = 0
    for seed in range(STRESS_GAMES):
        rng = random.Random(1000 + seed)
        players = (2, 3, 4)[seed % 3]
        from dlrules.core.engine import new_game

        state = new_game(players, variant="first" if seed % 5 == 4 else "full")
        for step in range(MAX_STEPS):
            moves = referee.moves(state)
            if not moves:
                break
            odds = referee.odds(state, moves)
            if step % 17 == 0:
                referee.observation(state, step % players)
            if any(o is not None for o in odds):
                x, acc, chosen = Fraction(rng.random()), Fraction(0), moves[-1]
                for m, o in zip(moves, odds, strict=True):
                    acc += Fraction(o or 0)
                    if x < acc:
                        chosen = m
                        break
            else:
                seat = min(m["seat"] for m in moves)
                mine = [m for m in moves if m["seat"] == seat]
                liked = [m for m in mine if any(w in json.dumps(m) for w in STRESS_PREFER)]
                chosen = rng.choice(liked) if liked and rng.random() < 0.5 else rng.choice(mine)
            state = referee.play(state, move_of(chosen))
            steps += 1
        else:
            raise RuntimeError(f"game {seed} did not end in {MAX_STEPS} steps")
        if referee.observation(state)["outcome"] is None:
            raise RuntimeError(f"game {seed} stopped before the end ({state.phase.value})")
        games += 1
    print(json.dumps({"games": games, "steps": steps}))
    return 0


def stress_check(name: str) -> tuple[bool, str]:
    done = subprocess.run([sys.executable, __file__, "--stress", name], capture_output=True, text=True)
    if done.returncode:
        return False, f"in-process play failed: {done.stderr.strip().splitlines()[-1][:300] if done.stderr.strip() else done.returncode}"
    got = json.loads(done.stdout)
    return True, f"and {got['games']} more in process through the referee's hooks ({got['steps']} moves)"


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        return _child(argv[1:])
    if argv[:1] == ["--stress"]:
        return _stress(argv[1])
    serve = "--no-serve" not in argv
    names = [a for a in argv if not a.startswith("--")] or list(SPECS)
    sys.path.insert(0, HERE)
    import mutants

    assert set(SPECS) == set(mutants.MUTANTS), "every mutant needs a witness"
    failed = 0
    for name in names:
        ok, line = witness(name)
        if serve:
            served, said = serve_check(name)
            stressed, more = stress_check(name) if served else (False, "")
            ok = ok and served and stressed
            line += f"; {said}" + (f" {more}" if more else "")
        print(f"{name}: {'OK' if ok else 'FAIL'}: {line}", flush=True)
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
