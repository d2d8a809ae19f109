"""(Re)create the kit's scenarios by rule (issue 36 item 1): for every rule ID
of docs/rule-ids.txt that no scenario cites yet, a position where the rule
decides what a move does, the move, and what must happen, citing that rule
first. The rest are listed, each with its reason, in the kit's
``untested.json`` (``UNTESTED`` below).

    .venv/bin/python tests/conformance/seed_by_rule.py [--games N] [--dry-run]

How a scenario is found, from seeded play-outs of every setup (2, 3 and 4
players, first and full game, dummy hires, table rulings), with a policy that
prefers acting to declining so that building, traps, combat and year 2 come up:

- *a refusal*: at each position, moves near the legal ones (a field changed:
  another square, card, count, seat, or a move of another type) are checked;
  one refused citing rule R is a scenario for R: the move and the rules the
  refusal cites, R first. A referee with R broken accepts it or cites
  something else: the scenario fails.
- *an effect*: the legal move is played under a profiler; the rule code it
  runs (a function citing R in its docstring, comments or ``Violation``) is
  the rule R exercised, and the scenario expects every change the move makes
  to the observation. Among candidates, the one whose function cites the
  fewest rules wins (the narrowest code: a change to R shows there).
- *data*: a card's row (M-, T-, R-, C1-, C2-, SPE-C-) is exercised by a
  legal move that uses the card (hires, builds, plays or draws it, or attacks
  with it).

Every scenario is checked on dlrules as it is written (``record_position``).
The expectations are dlrules' (the reference): review the diff after a rerun.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import attrs

import dlrules
from conformance.record import expectation, record_position
from conformance.substitute import KINDS, find, substituted
from dlrules import CHANCE, Action, GameState, Move
from dlrules.apps.conformance.blame import Functions, Trace
from dlrules.apps.conformance.engines import move_data, move_of
from dlrules.apps.conformance.position import from_position, to_position
from dlrules.apps.conformance.scenarios import SCENARIOS
from dlrules.components import COMBAT_CARDS, MONSTERS, ROOMS, TRAPS
from dlrules.core.moves import Attack
from dlrules.tools import spectra

ROOT = HERE.parents[1]
FOLDER = SCENARIOS / "byrule"
SRC = ROOT / "src" / "dlrules"

SETUPS: tuple[dict[str, Any], ...] = (
    {"players": 4, "variant": "full"},
    {"players": 3, "variant": "full"},
    {"players": 2, "variant": "full"},
    {"players": 4, "variant": "first"},
    {"players": 3, "variant": "first"},
    {"players": 2, "variant": "first"},
    {"players": 2, "variant": "full", "dummy_hires": True},
    {"players": 3, "variant": "full", "table_rulings": True},
    {"players": 4, "variant": "full", "special_events": False},
)

UNTESTED: dict[str, str] = {
    "CMB-REF-5": "announcing automatic changes as events: narration only",
    "CMB-REF-1": "the shape of the combat sequence: narration of the steps each combat scenario walks",
    "SCO-7": "the order of the scoring lines on the overview card: presentation only",
    "SPE-C-6": "a card no source names, the library's placeholder special-6 (LIB-6): a scenario of its own would test "
                 "the placeholder's key, not a rule; its reading (no effect) is U-5's scenario",
    "SPE-C-7": "a card no source names, the library's placeholder special-7 (LIB-6): a scenario of its own would test "
                 "the placeholder's key, not a rule; its reading (no effect) is U-5's scenario",
    "SPE-C-8": "a card no source names, the library's placeholder special-8 (LIB-6): a scenario of its own would test "
                 "the placeholder's key, not a rule; its reading (no effect) is U-5's scenario",
    "SPE-C-9": "a card no source names, the library's placeholder special-9 (LIB-6): a scenario of its own would test "
                 "the placeholder's key, not a rule; its reading (no effect) is U-5's scenario",
    "SPE-13": "a correction of an earlier note in the spec: no rule of play",
    "SPE-11": "the referee's chance model for special events (LIB-EVT-4): chance, tested by perft and diff",
    "U-1": "an open question (year-2 combat card texts): the readings are the rulings the card scenarios cite",
    "U-2": "an open question (fast/slow icons, Graffiti): the readings are the card rows' rulings",
    "U-3": "an open question (which traps print a year-2 value): no source, the data follows the known cards",
    "U-4": "an open question (copies of each trap): deck composition, checked by chance odds, not by a move",
    "U-10": "an open question (names of three titles): names only, no effect on play",
    "U-15": "an open question (which special event card is year 1's): setup data, a chance deal",
    "U-16": "an open question (year-2 event tiles): setup data, a chance deal",
    "CMB-CARD-1": "setup by chance: which 4 of the 9 cards, in which order, is drawn when a card is first seen (a spy's look, "
                  "the reveal): chance outcomes, for the odds and perft, not a move's result",
    "SPE-4": "setup by chance: the 2 special event cards set aside are drawn when first revealed (LIB-EVT-4): chance "
             "outcomes, for the odds and perft, not a move's result",
}
"""Rule IDs no scenario can test, each with its reason; written to the kit's
``untested.json`` (with those the seeding did not reach, marked so)."""


# --- rule code: which functions cite which rules ----------------------------------------------


def data_keys() -> dict[str, str]:
    """Data rule ID (a card's row) → the card's key (``spectra.card_rows`` read the other way)."""
    return {rule: key for key, rows in spectra.card_rows(ROOT).items() for rule in rows.split(",")}


# --- play-outs and candidates -------------------------------------------------------------------


def _exercised(t: Trace, functions: Functions) -> dict[str, tuple[int, tuple[tuple[str, int], ...]]]:
    """Rule ID → score (lower is narrower) for the rules the traced move ran:
    a cited line run (``Trace.citation_ran``, the spectra's test) scores the
    number of rules cited there; a docstring citation scores 20 plus the
    number of rules the function cites; a comment on a branch not run, nothing."""
    out: dict[str, tuple[int, tuple[tuple[str, int], ...]]] = {}
    for code in t.codes:
        key = (code.co_filename, code.co_firstlineno)
        entry = functions.get(key)
        if entry is None:
            continue
        for rule, places in entry.items():
            score = None
            for line, doc in places:
                if doc:
                    s = 20 + len(entry)
                elif t.citation_ran(code.co_filename, line):
                    s = sum(1 for r, ps in entry.items() if any(p[0] == line for p in ps))
                else:
                    continue
                score = s if score is None else min(score, s)
            if score is not None:
                was, keys = out.get(rule, (score, ()))
                out[rule] = (min(was, score), keys + (key,))
    return out


def _prefer_acting(moves: list[Move], rng: random.Random) -> Move:
    acting = [m for m in moves if type(m).__name__ not in ("Decline", "FinishDigging", "FinishProduction")]
    if acting and rng.random() < 0.85:
        return acting[rng.randrange(len(acting))]
    return moves[rng.randrange(len(moves))]


def playout(setup: dict[str, Any], seed: int) -> Iterator[tuple[GameState, Move, list[Move]]]:
    """(state, move played, its legal moves) along one seeded play-out."""
    rng = random.Random(seed)
    options = {k: v for k, v in setup.items() if k not in ("players",)}
    state = dlrules.new_game(setup["players"], **options)
    while dlrules.to_move(state):
        if CHANCE in dlrules.to_move(state):
            move = dlrules.sample_chance(state, rng)
            listed: list[Move] = [move]
        else:
            listed = list(dlrules.legal_moves(state))
            move = _prefer_acting(listed, rng)
        yield state, move, listed
        state = dlrules.apply(state, move)


def nothing_left_to_fight(state: GameState, fields: tuple[dict[str, Any], ...] | None = None) -> GameState:
    """``state``, in a year's combat, with every party gone from the dungeons,
    no imp at work and the year's paladin out of the combat: nothing is left
    to fight, so the next combat move ends the combat. ``fields``: for each
    player, further fields of his record."""
    assert state.fight is not None
    records = fields if fields is not None else ({},) * len(state.players)
    players = tuple(attrs.evolve(p, party=(), busy_imps=0, **f) for p, f in zip(state.players, records, strict=True))
    fight = attrs.evolve(state.fight, plans=(None,) * len(players), battle=None, paladin=None, paladin_gone=True)
    return attrs.evolve(state, players=players, fight=fight)


CARD_KEYS = sorted({*MONSTERS, *TRAPS, *ROOMS, *COMBAT_CARDS})


def _variants(move: Move, rng: random.Random) -> Iterator[Move]:
    """Moves near ``move``: one field changed."""
    for field in attrs.fields(type(move)):
        value = getattr(move, field.name)
        options: list[Any] = []
        if field.name == "seat":
            options = [value + 1, value - 1] if value >= 0 else []
        elif isinstance(value, bool):
            options = [not value]
        elif isinstance(value, int):
            options = [value - 1, value + 1, value + 2, 0, 3]
        elif value is None:
            options = [0, 1, "goblin", (0, 1)]
        elif isinstance(value, Action):
            options = [a for a in Action if a is not value]
        elif isinstance(value, str):
            options = rng.sample(CARD_KEYS, 5)
        elif isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value) and field.name in ("square", "tile", "room", "target"):
            x, y = value
            options = [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (2, 0), (0, 2), (1, 1))]
        elif isinstance(value, tuple):
            options = [value[:-1]] if value else []
            if value and isinstance(value[0], Action):
                options += [value[:-1] + (a,) for a in Action if a not in value][:3] + [value[:-1] + (value[0],)]
            elif value and isinstance(value[0], str):
                options += [value + (rng.choice(CARD_KEYS),), value + (value[0],)]
            elif value and isinstance(value[0], int):
                options += [value + (value[-1] + 1,), value + (value[0],)]
            elif not value and field.name == "traps":
                options += [(k,) for k in rng.sample(sorted(TRAPS), 3)]
            elif not value and field.name == "monsters":
                options += [(0,), (1,)]
        for option in options:
            try:
                yield attrs.evolve(move, **{field.name: option})
            except (TypeError, ValueError):
                continue


@attrs.define
class Found:
    score: int
    state: GameState
    move: Move
    kind: str  # "refusal", "effect", "data"
    keys: tuple[tuple[str, int], ...] = ()  # the rule functions that ran (an effect)


YEAR2_ROWS = ("C2-", "M-7", "M-8", "M-9", "P-2")
"""Data rows of year-2 cards; the others are best shown in year 1."""
KEEP = 12
"""Candidates kept per rule, the narrowest first."""

def _full(best: dict[str, list[Found]], rule: str, kind: str, score: int) -> bool:
    """Whether ``rule`` has ``KEEP`` candidates of ``kind`` at least as narrow as ``score``."""
    same = [f for f in best.get(rule, ()) if f.kind == kind]
    return len(same) >= KEEP and score >= same[-1].score


def _offer(best: dict[str, list[Found]], rule: str, found: Found) -> None:
    """Keep ``found`` among the ``KEEP`` narrowest candidates of its kind for ``rule``."""
    if _full(best, rule, found.kind, found.score):
        return
    entries = best.setdefault(rule, [])
    entries.append(found)
    entries.sort(key=lambda f: f.score)
    same = [f for f in entries if f.kind == found.kind]
    if len(same) > KEEP:
        entries.remove(same[-1])


def _portable(move: Move) -> bool:
    try:
        return move_of(move_data(move)) == move
    except Exception:  # noqa: BLE001 - a move the protocol cannot carry, however it fails: not a candidate
        return False


def search(targets: set[str], games: int) -> dict[str, list[Found]]:
    functions = spectra.rule_functions(ROOT)
    data = {r: k for r, k in data_keys().items() if r in targets}
    best: dict[str, list[Found]] = {}
    pool: dict[str, Move] = {}  # a move of each type seen lately
    for g in range(games):
        setup = SETUPS[g % len(SETUPS)]
        rng = random.Random(1000 + g)
        for state, move, listed in playout(setup, g):
            mover = move.seat
            pool[type(move).__name__] = move
            # effects: the move played, and one more legal move of the position
            tried = [move] + ([listed[rng.randrange(len(listed))]] if len(listed) > 1 else [])
            for m in tried:
                t = Trace(functions)
                t.run(partial(dlrules.apply, state, m))
                for rule, (score, keys) in _exercised(t, functions).items():
                    if rule in targets:
                        if rule.startswith(("Y2-", "P-2", "C2-", "M-7", "M-8", "M-9")) and state.year == 1:
                            score += 30  # a year-2 rule is best shown in year 2
                        _offer(best, rule, Found(score, state, m, "effect", keys))
                cards = set(t.cards)
                if isinstance(m, (dlrules.HireMonster, dlrules.BuildRoom)):
                    cards.add(m.monster if isinstance(m, dlrules.HireMonster) else m.room)
                if isinstance(m, Attack) and 0 <= m.monster < len(state.players[mover].monsters):
                    cards.add(state.players[mover].monsters[m.monster].kind)
                for rule, key in data.items():
                    if key in cards:
                        score = (2 if key in t.cards or isinstance(m, Attack) else 8) + (5 if state.year == 2 and not rule.startswith(YEAR2_ROWS) else 0)
                        _offer(best, rule, Found(score, state, m, "data"))
            # refusals: moves near the legal ones, and moves of other types
            if mover == CHANCE:
                continue
            types = {type(m) for m in listed}
            near: list[Move] = []
            for m in rng.sample(listed, min(3, len(listed))):
                near.extend(_variants(m, rng))
            for other in pool.values():
                if type(other) not in types and getattr(other, "seat", CHANCE) >= 0:
                    try:
                        near.append(attrs.evolve(other, seat=mover))
                    except (TypeError, ValueError):
                        pass
            for cand in near:
                if not _portable(cand):
                    continue
                try:
                    violations = dlrules.check(state, cand)
                except Exception:  # noqa: BLE001, S112 - a near move dlrules cannot even check: not a candidate
                    continue
                if not violations or any(v.rule == "RS-3" for v in violations):
                    continue
                cited = {v.rule for v in violations}
                wanted = cited & targets
                if not wanted:
                    continue
                score = len(cited) + (0 if type(cand) in types else 10)
                if all(_full(best, r, "refusal", score) for r in wanted):
                    continue
                t = Trace(functions)
                t.run(partial(dlrules.check, fresh(state), cand))  # a fresh copy: the legal moves are listed again
                ran = _exercised(t, functions)
                for rule in wanted:
                    _offer(best, rule, Found(score, state, cand, "refusal", ran.get(rule, (0, ()))[1]))
    return best


def fresh(state: GameState) -> GameState:
    """A copy of ``state`` with nothing cached (its legal moves listed anew)."""
    return from_position(to_position(state))


def _outcome(expected: dict[str, Any]) -> dict[str, Any]:
    """What a scenario checks of an expectation: the changes, or the refusal's rules (not its wording)."""
    return {k: v for k, v in expected.items() if k != "messages"}


def _module(file: str) -> str:
    return ".".join(Path(file).relative_to(ROOT / "src").with_suffix("").parts)


REPLAY_SECONDS = 20
"""How long one replay with a substituted function may run: a broken rule
function can make the loop settle for ever (``combat.decisions._legal``
broken, at CMB-PAL-4's scenario): stuck, it counts as a change."""


class _Stuck(BaseException):
    """A replay ran past ``REPLAY_SECONDS`` (a BaseException: no ``except Exception`` in the code replayed swallows it)."""


@contextmanager
def _limited(seconds: float) -> Iterator[None]:
    """Raise ``_Stuck`` in the body after ``seconds`` (only in the main thread, with SIGALRM; elsewhere no limit)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise _Stuck

    previous: Callable[..., Any] | int | None = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        try:
            signal.setitimer(signal.ITIMER_REAL, 0)
        finally:  # even if the alarm went off just now: the handler before is put back
            signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)


def verify(found: Found) -> bool | None:
    """Whether breaking the rule's code changes what the scenario expects:
    each rule function that ran (module level) is substituted in turn with
    its result perturbed (``substitute.KINDS``) and the move replayed from a
    fresh copy of the position. None when no function could be substituted."""
    baseline = _outcome(expectation(fresh(found.state), found.move))
    tried = False
    for file, line in found.keys:
        fn = find(_module(file), first_line=line)
        if fn is None:
            continue
        for kind in KINDS:
            with substituted(fn, kind) as counter:
                try:
                    with _limited(REPLAY_SECONDS):
                        now = _outcome(expectation(fresh(found.state), found.move))
                except _Stuck:  # a broken rule that makes the move loop for ever is a change
                    return True
                except Exception:  # noqa: BLE001 - a broken rule that crashes the move is a change
                    return True
            if counter.changed:
                tried = True
                if now != baseline:
                    return True
    return False if tried else None


def write(rule: str, found: Found) -> Path:
    state, move = found.state, found.move
    what = dlrules.describe_move(state, move)
    when = f"year {state.year}, round {state.round}, {state.phase.value.replace('_', ' ')}, {state.n_players} players"
    if found.kind == "refusal":
        rules = sorted({v.rule for v in dlrules.check(state, move)})
        rules.remove(rule)
        sid = f"{rule}-refused-{spectra.slug(type(move).__name__)}"
        description = f"{rule} ({when}): {what}: refused, citing {rule} first."
        return record_position(FOLDER, sid, [rule, *rules], description, state, move)
    if not _outcome(expectation(state, move)).get("changes"):
        raise ValueError("the move changes nothing the observation shows")
    sid = f"{rule}-{found.kind}-{spectra.slug(type(move).__name__)}"
    description = f"{rule} ({when}): {what}; every change it makes, decided by {rule}."
    return record_position(FOLDER, sid, [rule], description, state, move)


def cited_now() -> set[str]:
    out: set[str] = set()
    for path in SCENARIOS.rglob("*.json"):
        if FOLDER in path.parents:
            continue
        out |= set(json.loads(path.read_text(encoding="utf-8"))["rules"])
    return out


UNTESTED_FILE = SCENARIOS.parent / "untested.json"


SEEDED = re.compile(r"-(refused|effect|data)-[a-z]+\.json$")
"""The name of a file this script writes (``write``): a rerun replaces those
only; the hand-written scenarios of ``seed_by_rule_more.py`` in the same
folder stay."""


def write_untested(untested: dict[str, str]) -> None:
    UNTESTED_FILE.write_text(
        json.dumps({"format": 1, "untested": dict(sorted(untested.items()))}, indent=2, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )


def list_only() -> int:
    """Rewrite untested.json for the scenarios as they are (after hand-written
    ones were added): the reasons kept, the IDs cited now dropped."""
    ids = [line.split("\t")[0] for line in (ROOT / "docs" / "rule-ids.txt").read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    cited = cited_now() | {r for p in FOLDER.glob("*.json") for r in json.loads(p.read_text(encoding="utf-8"))["rules"]}
    old = json.loads(UNTESTED_FILE.read_text(encoding="utf-8"))["untested"] if UNTESTED_FILE.exists() else {}
    write_untested({i: UNTESTED.get(i) or old.get(i) or "not reached by the seeding play-outs (no scenario yet)" for i in ids if i not in cited})
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=90)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--list-only", action="store_true", help="only rewrite untested.json from the scenarios as they are")
    args = parser.parse_args(argv)
    if args.list_only:
        return list_only()
    ids = [line.split("\t")[0] for line in (ROOT / "docs" / "rule-ids.txt").read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    cited = cited_now()
    targets = {i for i in ids if i not in cited and i not in UNTESTED}
    best = search(targets, args.games)
    if not args.dry_run:
        for old in FOLDER.glob("*.json"):
            if SEEDED.search(old.name):
                old.unlink()
        FOLDER.mkdir(exist_ok=True)
    written, failed = [], []
    checks: dict[str, bool | None] = {}
    no_effect: set[str] = set()
    for rule in sorted(targets):
        candidates = best.get(rule, [])
        # verified first (the narrowest first), then those with no rule function to break; one whose rule
        # code could be broken without changing what it expects, never
        later: list[Found] = []
        done = False
        for found in [*candidates, None]:
            if found is None:
                pending, status = later, None
            else:
                status = verify(found) if found.kind in ("effect", "refusal") else None
                if status is False and found.kind == "refusal":
                    status = None  # the refusal cites the rule itself: kept, after the verified ones
                if status is not True:
                    if status is None:
                        later.append(found)
                    continue
                pending = [found]
            for f in pending:
                if args.dry_run:
                    done = True
                else:
                    try:
                        write(rule, f)
                        done = True
                    except (AssertionError, Exception) as exc:  # noqa: BLE001 - try the next candidate
                        failed.append(f"{rule}: {type(exc).__name__}: {str(exc)[:120]}")
                if done:
                    break
            if done:
                written.append(rule)
                checks[rule] = status
                break
        if candidates and not done:
            no_effect.add(rule)
    missing = sorted(targets - set(written))
    untested = {**UNTESTED, **{r: "not reached by the seeding play-outs (no scenario yet)" for r in missing}}
    untested.update({r: "no scenario yet: where the seeding reached its code, breaking it changed nothing observable" for r in no_effect if r in missing})
    untested = {r: why for r, why in untested.items() if r not in cited_now()}  # a hand-written scenario may cite it now
    if not args.dry_run:
        write_untested(untested)
    for line in failed:
        print("candidate failed:", line, file=sys.stderr)
    verified = sum(1 for v in checks.values() if v is True)
    kinds: dict[str, int] = {}
    for path in FOLDER.glob("*.json"):
        if not SEEDED.search(path.name):
            continue
        kind = next(k for k in ("refused", "effect", "data") if f"-{k}-" in path.name)
        kinds[kind] = kinds.get(kind, 0) + 1
    print(f"by kind: {kinds}")
    print(f"{len(written)} of {len(targets)} target IDs get a scenario ({verified} verified by breaking their rule's "
          f"code, {sum(1 for v in checks.values() if v is None)} card rows or not verifiable: no rule function to substitute); "
          f"not reached: {', '.join(missing)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
