"""Differential play (``dlrules conformance diff``): games played on dlrules
(the reference) and on an engine under test with the same moves and the same
chance outcomes (players' moves by a steered policy, ``steer``), comparing
after every move the legal-move sets, the odds of every chance outcome and
the observations of the referee, every seat and the spectator. The first
disagreement is reported from a position a few moves before it
(``shrink.by_position``; else shrunk as a record from the start) with the
rule IDs involved, and the games' coverage (``steer.Coverage``).
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from fractions import Fraction
from typing import Any

import attrs

from dlrules.core.chance import chance_outcomes
from dlrules.core.engine import apply, check, legal_moves, to_move
from dlrules.core.errors import IllegalMove
from dlrules.core.moves import Move
from dlrules.core.phases.scoring import is_over
from dlrules.core.state import CHANCE, GameState
from dlrules.apps.conformance.blame import exercised, shipped
from dlrules.apps.conformance.diagnose import load_spectra
from dlrules.apps.conformance.engines import SETUP_KEYS, Engine, EngineError, canonical, fraction_text, move_data, move_of
from dlrules.apps.conformance.observe import REFEREE, SPECTATOR, Viewer, leaves, observe
from dlrules.apps.conformance.perft import start_state
from dlrules.apps.conformance.shrink import by_position
from dlrules.apps.conformance.ruleindex import Entry, general, rule_index, signature
from dlrules.apps.conformance.steer import POLICIES, Coverage, Weigh, chance, choose, policy_for


@attrs.frozen
class Disagreement:
    """Where the engine and dlrules part: after ``moves`` from ``start``
    (``setup``, or a ``position`` and its ``moves``)."""

    start: dict[str, Any]
    moves: tuple[dict[str, Any], ...]
    kind: str  # "legal_moves", "odds", "observation", "view", "refusal", "engine"
    details: tuple[str, ...]
    rules: tuple[str, ...]
    unlisted: frozenset[str] = frozenset()  # legal moves: the canonical forms of the moves only dlrules lists
    state_paths: tuple[str, ...] = ()  # legal moves: the observation's paths where the engine's state differs too
    named: tuple[str, ...] = ()  # observation, view: the rules the differing fields are named by (``field_rules``)

    def record(self) -> dict[str, Any]:
        """The reproducing record: the start, then the moves; ``expect`` the
        reference's view of the last step, for an implementer to read."""
        return {**self.start, "moves": list(self.start.get("moves", [])) + list(self.moves),
                "disagreement": {"kind": self.kind, "rules": list(self.rules), "details": list(self.details)}}  # fmt: skip


def rules_for_change(state: GameState, move: Move, paths: Sequence[str]) -> tuple[str, ...]:
    """The rule IDs involved when ``move`` at ``state`` changes ``paths``
    differently: those of kit scenarios with a move of the same kind changing
    one of the paths; else of scenarios in the same phase changing one; else
    every rule of that kind of move."""
    wanted = {general(p) for p in paths}
    sig = signature(state, move)
    same_kind = [e for e in rule_index() if e.signature == sig]
    for chosen in (
        [e for e in same_kind if _touches(e, wanted)],
        [e for e in rule_index() if e.signature[0] == sig[0] and _touches(e, wanted)],
        same_kind,
    ):
        if chosen:
            return tuple(sorted({r for e in chosen for r in e.rules}))
    return ()


def _touches(entry: Entry, wanted: set[str]) -> bool:
    """Whether a scenario's expected changes touch one of the ``wanted`` (general) paths, or a part or whole of one."""
    return any(w == c or w.startswith(c + ".") or c.startswith(w + ".") for w in wanted for c in entry.paths)


def move_rules(state: GameState, data: dict[str, Any], paths: Sequence[str]) -> tuple[str, ...]:
    """The rules involved when the move ``data`` at ``state`` changes ``paths``
    differently, most likely first: the rule code dlrules runs for it,
    narrowest first (``blame.exercised``), then the rules of the kit's
    scenarios of the same kind of move touching those paths (all there is
    when the tracer sees nothing, under a compiled build)."""
    move = move_of(data)
    fields = frozenset(part for p in paths for part in p.split(".")[-2:] if not part.isdigit())
    seen = exercised(state, move, data, fields)
    run, related = seen.rules, rules_touching(paths)
    ranked = sorted(range(len(run)), key=lambda i: (run[i] not in seen.written, run[i] not in related, i))  # the writers' first
    return tuple(dict.fromkeys([*(run[i] for i in ranked), *rules_for_change(state, move, paths)]))


def rules_touching(paths: Sequence[str]) -> frozenset[str]:
    """The rules the kit's scenarios (any move) whose expected changes touch
    one of ``paths`` cite, or exercise through code about at most 2 rules
    (their spectra, ``diagnose.load_spectra``)."""
    wanted = {general(p) for p in paths}
    spectra = load_spectra()
    found: set[str] = set()
    for e in rule_index():
        if _touches(e, wanted):
            found.update(e.rules)
            found.update(r for r, n in spectra.get(e.id, {}).items() if n <= 2)
    return frozenset(found)


def setup_rules(paths: Sequence[str]) -> tuple[str, ...]:
    """The rules of a difference before any move: a deck's size or content
    (its composition, as ``ODDS_RULES``), else the setup's (SETUP-*)."""
    rules = [r for p in paths if (g := general(p)).startswith("decks.") for r in ODDS_RULES.get(g.split(".")[1], ())]
    return tuple(dict.fromkeys(rules or ["SETUP-3", "SETUP-4", "SETUP-5"]))


ODDS_RULES: dict[str, tuple[str, ...]] = {
    "monsters": ("SETUP-4", "RST-1"), "rooms": ("SETUP-4", "RST-1"), "traps": ("SETUP-4", "ACT-TRAP-1"),
    "adventurers": ("SETUP-4", "RST-3"), "events": ("SETUP-4", "RST-2"), "combat": ("CMB-CARD-1", "ACT-REP-2"),
    "special": ("SPE-4", "SPE-5"), "DealOrders": ("RUL-13", "RUL-8"), "DrawDummyOrders": ("DUM3-1", "DUM2-2"),
}  # fmt: skip
"""The rules that fix the odds of a chance outcome: a deck's composition and
its shuffle (by deck), the deal of unavailable orders, the dummies' draws."""

VIEW_RULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("players.*.traps", ("ACT-TRAP-2",)), ("players.*.committed", ("ORD-3",)), ("players.*.dummy_choice", ("DUM2-3",)),
    ("players.*.dealt", ("RUL-13",)), ("players.*.kept", ("RUL-13",)), ("players.*.spied", ("ACT-REP-2",)),
    ("combat_cards", ("CMB-CARD-7", "ACT-REP-2")), ("resolution.spy", ("ACT-REP-2",)),
    ("combat.plans", ("CMB-PLAN-9",)), ("combat.battle.traps", ("CMB-PLAN-9", "CMB-REF-6")), ("box", ("Y2-8", "Y2-10")),
    ("decks.combat", ("LIB-CMB-3",)), ("trap_discard", ("SETUP-3",)), ("dealt_counts", ("RUL-13",)),
    ("orders_chosen", ("ORD-3",)), ("unavailable_chosen", ("RUL-13",)), ("legal_count", ("RUL-13", "ORD-3")),
    ("special_event", ("SPE-6",)), ("events", ("RST-2", "EVT-1")), ("players.*.unavailable", ("ORD-7",)),
    ("tavern", ("RST-1",)), ("room_shop", ("RST-1",)), ("adventurers_next", ("RST-3",)),
)  # fmt: skip
"""Observation paths a seat's view redacts, with the rules saying what that
seat may know (dlrules.records.views), the rule of who may know it first (a
combat card: CMB-CARD-7, then the spy's exception, ACT-REP-2); then facts
every seat must see, with the rule that turns them face up (the special
event card, SPE-6; the next round's event, RST-2; the unavailable orders,
ORD-7; the tavern and the room shop, RST-1; the adventurers waiting, RST-3):
a seat's view that differs there names them, in this order."""


def field_rules(paths: Sequence[str]) -> tuple[str, ...]:
    """The rule IDs that name a differing field of the observation, in the
    order of ``paths``: a title's points are kept under its rule
    (``outcome.players.0.titles.SCO-8e``), so a difference there is that
    rule's, whatever code computed it."""
    known = _rule_ids()
    return tuple(dict.fromkeys(part for p in paths for part in p.split(".") if part in known))


def detail_path(detail: str) -> str:
    """A detail of an observation's difference → its path (``seen by seat 0:
    combat_cards.1: …`` → ``combat_cards.1``)."""
    return (detail.split(": ", 1)[1] if detail.startswith("seen by ") else detail).partition(":")[0]


def detail_viewer(detail: str) -> str:
    """A detail of a view's difference → whom the view is for, as text
    (``seen by seat 0: …`` → ``0``; ``seen by spectator: …`` → ``spectator``)."""
    return detail.removeprefix("seen by ").partition(":")[0].removeprefix("seat ")


@cache
def _rule_ids() -> frozenset[str]:
    from dlrules.rulebook import all_rules

    return frozenset(r.id for r in all_rules())


def view_rules(paths: Sequence[str]) -> tuple[str, ...]:
    """The rules of ``VIEW_RULES`` whose path holds one of ``paths``, in the order of ``paths`` and the table's."""
    found = [r for p in paths for prefix, rules in VIEW_RULES if (g := general(p)) == prefix or g.startswith(prefix + ".") for r in rules]
    return tuple(dict.fromkeys(found))


def _odds_rules(move: dict[str, Any]) -> tuple[str, ...]:
    key = move.get("deck") if move.get("type") == "Draw" else move.get("type")
    return ODDS_RULES.get(str(key), ())


def _odd_cards(outcomes: Sequence[tuple[dict[str, Any], Fraction, Fraction | None]]) -> tuple[str, ...]:
    """``outcomes``: each chance outcome both list, with dlrules' odds and the
    engine's. The rows of the cards whose odds are off by a factor of their own: a
    deck holding one card too many (or too few) changes every card's odds,
    the others' all by one factor (the deck's size), that card's by another;
    so the cards whose factor is not the most common one are those whose
    count differs, and the rows giving their counts come first. (With every
    factor alike, or one card only, no card stands out: nothing.)"""
    factors = [None if theirs is None else theirs / mine for _, mine, theirs in outcomes]
    counts = Counter(factors)
    if len(counts) < 2:
        return ()
    common, _ = counts.most_common(1)[0]
    _, cards = shipped()
    return tuple(dict.fromkeys(r for (move, _, _), f in zip(outcomes, factors, strict=True) if f != common
                               for r in cards.get(str(move.get("card")), ())))  # fmt: skip


def viewers(state: GameState) -> list[Viewer]:
    """Every observation a referee answers: the referee's, each seat's, the spectator's."""
    return [REFEREE, *range(state.n_players), SPECTATOR]


def _observation_diff(mine: dict[str, Any], yours: dict[str, Any]) -> list[str]:
    a, b = dict(leaves(mine)), dict(leaves(yours))
    paths = sorted(p for p in a.keys() | b.keys() if a.get(p, "<absent>") != b.get(p, "<absent>"))
    return [f"{p}: dlrules {json.dumps(a.get(p, '<absent>'))}, the engine {json.dumps(b.get(p, '<absent>'))}" for p in paths]


LISTING = frozenset({"to_move", "legal_count"})
"""The observation's paths read off the legal moves, not the state: a difference there is the listing's."""


@attrs.frozen
class Difference:
    """What ``compare`` found: its kind, the details a person reads, the rules
    involved; for legal moves, the canonical forms of the moves only dlrules
    lists and the paths where the engine's state (its observation) differs too."""

    kind: str  # "legal_moves", "odds", "observation", "view"
    details: tuple[str, ...]
    rules: tuple[str, ...]
    unlisted: frozenset[str] = frozenset()
    state_paths: tuple[str, ...] = ()


def compare(state: GameState, engine: Engine, views: bool = True, upcoming: dict[str, Any] | None = None) -> Difference | None:
    """Where the engine's legal moves, its odds at a chance node, or its
    observation (the referee's, then each seat's and the spectator's when
    ``views``) differ from dlrules' at ``state``, else None. ``upcoming``:
    the move a record plays next; when the engine does not list it, it is the
    first move named so ("the engine does not list …") and the one whose code is weighed."""
    legal = legal_moves(state)
    ours = {canonical(m): m for m in map(move_data, legal)}
    listed, odds = engine.chances()
    theirs = {canonical(m): m for m in listed}
    if ours.keys() != theirs.keys():
        extra = [theirs[k] for k in sorted(theirs.keys() - ours.keys())]
        wanted = canonical(upcoming) if upcoming is not None else None
        missing = [ours[k] for k in sorted(ours.keys() - theirs.keys(), key=lambda k: (k != wanted, k))]
        listing = [f"the engine also lists {json.dumps(m)}" for m in extra[:5]]
        listing += [f"the engine does not list {json.dumps(m)}" for m in missing[:5]]
        state_differs = [d for d in _observation_diff(observe(state, REFEREE, legal), engine.observe())  # before a move is tried
                         if d.partition(":")[0] not in LISTING]  # fmt: skip
        state_paths = tuple(d.partition(":")[0] for d in state_differs)
        rules: list[str] = []
        for m in extra[:5]:  # dlrules' reasons for refusing what the engine lists
            try:
                rules += [v.rule for v in check(state, move_of(m))]
            except (ValueError, TypeError, KeyError):
                listing.append(f"dlrules cannot read the move {json.dumps(m)}")
        if missing:  # the rules dlrules' code runs for the move it lists; then the engine's reason, if it gives one
            rules += exercised(state, move_of(missing[0]), missing[0], listing=True).rules
            refusal = engine.apply(missing[0])  # a refusal changes nothing
            if refusal is not None:
                rules += refusal.rules
                listing.append(f"the engine refuses {json.dumps(missing[0])} citing {list(refusal.rules)}")
            else:
                listing.append(f"the engine accepts {json.dumps(missing[0])} but does not list it")
        listing += [f"the state differs too: {d}" for d in state_differs[:8]]
        return Difference("legal_moves", tuple(listing), tuple(dict.fromkeys(rules)), frozenset(ours.keys() - theirs.keys()), state_paths)
    if CHANCE in to_move(state):
        mine_odds = {canonical(move_data(m)): p for m, p in chance_outcomes(state)}
        both = [(theirs[k], mine_odds[k], p) for k, p in zip(map(canonical, listed), odds, strict=True) if k in mine_odds]
        wrong = [(m, a, b) for m, a, b in both if b != a]
        if wrong:
            details = tuple(f"the probability of {json.dumps(m)}: dlrules {fraction_text(a)}, the engine {'none' if b is None else fraction_text(b)}"
                            for m, a, b in wrong[:8])  # fmt: skip
            deck = sorted({r for m, _, _ in wrong for r in _odds_rules(m)})
            return Difference("odds", details, tuple(dict.fromkeys([*_odd_cards(both), *deck])))
    mine = _observation_diff(observe(state, REFEREE, legal), engine.observe())
    if mine:
        return Difference("observation", tuple(mine[:8]), ())
    if views:
        for viewer in viewers(state)[1:]:
            found = _observation_diff(observe(state, viewer, legal), engine.observe(viewer))
            if found:
                details = tuple(f"seen by {'seat ' + str(viewer) if isinstance(viewer, int) else viewer}: {d}" for d in found[:8])
                return Difference("view", details, view_rules([d.partition(":")[0] for d in found]))
    return None


def _start_engine(engine: Engine, start: dict[str, Any]) -> None:
    if "position" in start:
        engine.load_position(start["position"])
    else:
        setup = start["setup"]
        engine.new_game({k: setup[k] for k in SETUP_KEYS if k in setup})
    for move in start.get("moves", []):
        if engine.apply(move) is not None:
            raise EngineError(f"the engine refuses a move of the start: {json.dumps(move)}")


def _led_here(previous: GameState, last: dict[str, Any], state_paths: Sequence[str], reasons: tuple[str, ...]) -> tuple[str, ...]:
    """The rules of a difference in the legal moves after the move ``last``:
    when the engine's state differs too (at ``state_paths``), the move that
    led here left it so, and its code comes first (as for a difference of
    observation), then dlrules' ``reasons``; when the states agree, the
    moves are listed wrongly: the reasons first, then the move's code."""
    if state_paths:
        return tuple(dict.fromkeys([*move_rules(previous, last, state_paths), *reasons]))
    return tuple(dict.fromkeys([*reasons, *exercised(previous, move_of(last), last).rules]))


def replay(engine: Engine, start: dict[str, Any], moves: Sequence[dict[str, Any]], deadline: float | None = None) -> Disagreement | None:
    """Play ``moves`` from ``start`` on both, comparing at every step; the
    first disagreement (its moves cut there), or None (also when the clock,
    ``time.monotonic()``, passes ``deadline`` first)."""
    state = previous = start_state(start)
    _start_engine(engine, start)
    played: list[dict[str, Any]] = []
    for i in range(len(moves) + 1):
        if deadline is not None and time.monotonic() > deadline:
            return None
        found = compare(state, engine, upcoming=moves[i] if i < len(moves) else None)
        if found is not None:
            kind, details, rules = found.kind, found.details, found.rules
            paths = [d.partition(":")[0] for d in details]
            if kind == "observation" and played:  # the rules the last move exercises on dlrules
                rules = move_rules(previous, played[-1], paths)
            elif kind == "observation" and start.get("moves"):  # at once: the start's own last move
                before = start_state({**start, "moves": start["moves"][:-1]})
                rules = move_rules(before, start["moves"][-1], paths)
            elif kind == "observation":  # at once, from a new game or a position: its setup and decks
                rules = setup_rules(paths)
            elif kind == "legal_moves" and played:
                rules = _led_here(previous, played[-1], found.state_paths, rules)
            named = field_rules([detail_path(d) for d in details]) if kind in ("observation", "view") else ()
            if kind == "view":  # a seat's view differing at a secret or a public fact: the rule of who may see it
                named = tuple(dict.fromkeys([*named, *view_rules([detail_path(d) for d in details])]))
            rules = tuple(dict.fromkeys([*named, *rules]))
            return Disagreement(start, tuple(played), kind, details, rules, found.unlisted, found.state_paths, named)
        if i == len(moves):
            return None
        move = moves[i]
        refusal = engine.apply(move)
        if refusal is not None:  # the rules dlrules' code runs for the move, then the engine's reason (it listed the move: ``compare`` found the lists alike)
            rules = tuple(dict.fromkeys([*exercised(state, move_of(move), move).rules, *refusal.rules]))
            return Disagreement(start, tuple(played + [move]), "refusal",
                                (f"the engine refuses {json.dumps(move)}, which dlrules accepts: {'; '.join(refusal.messages)}",),
                                rules)  # fmt: skip
        previous, state = state, apply(state, move_of(move))
        played.append(move)
    return None


def random_moves(
    start: dict[str, Any], rng: random.Random, max_moves: int, weigh: Weigh | None = None, coverage: Coverage | None = None
) -> list[dict[str, Any]]:
    """A play-out from ``start`` on dlrules: players' moves uniformly, or by
    ``weigh`` (a steered policy, ``steer.POLICIES``); chance outcomes drawn
    with their odds (with a steered policy, the rarest cards raised:
    ``steer.RARE_CARDS``). ``coverage`` records what the play-out met."""
    state = start_state(start)
    steered = weigh is not None and weigh is not POLICIES["uniform"]
    moves: list[dict[str, Any]] = []
    while len(moves) < max_moves and not is_over(state):
        seats = to_move(state)
        if not seats:
            break
        legal = legal_moves(state)
        if not legal:  # a constructed position may lead where nobody can move (no order cards in hand)
            break
        if CHANCE in seats:
            move = chance(state, rng, steered)
        else:
            move = choose(state, legal, weigh, rng) if weigh is not None else legal[rng.randrange(len(legal))]
        if coverage is not None:
            coverage.add(legal, signature(state, move))
        state = apply(state, move)
        moves.append(move_data(move))
    return moves


def _valid(start: dict[str, Any], moves: Sequence[dict[str, Any]]) -> bool:
    state = start_state(start)
    for move in moves:
        try:
            state = apply(state, move_of(move))
        except IllegalMove:
            return False
    return True


def _alike(a: Disagreement, b: Disagreement) -> bool:
    """The same disagreement, by its kind and the rules (or paths) involved."""
    if a.kind != b.kind:
        return False
    if a.rules or b.rules:
        return bool(set(a.rules) & set(b.rules))
    return {general(d.partition(":")[0]) for d in a.details} == {general(d.partition(":")[0]) for d in b.details}


def shrink(engine: Engine, found: Disagreement, tries: int, rng: random.Random) -> Disagreement:
    """A shorter record showing the same disagreement, in at most ``tries``
    replays on the engine: first fresh random games from the same start cut
    one move short of the best so far, then dropping chunks of moves (halves,
    quarters … single moves) while the rest stays legal on dlrules."""
    best = found
    left = tries
    for _ in range(tries // 2):
        if not best.moves:
            return best
        moves = random_moves(best.start, rng, len(best.moves) - 1)
        left -= 1
        again = replay(engine, best.start, moves)
        if again is not None and _alike(again, found) and len(again.moves) < len(best.moves):
            best = again
    size = max(1, len(best.moves) // 2)
    while size >= 1 and left > 0:
        i = 0
        improved = False
        while i < len(best.moves) and left > 0:
            candidate = best.moves[:i] + best.moves[i + size :]
            if candidate and _valid(best.start, candidate):
                left -= 1
                again = replay(engine, best.start, candidate)
                if again is not None and _alike(again, found) and len(again.moves) < len(best.moves):
                    best = again
                    improved = True
                    continue
            i += size
        if not improved:
            size //= 2
    return best


@attrs.frozen
class DiffResult:
    games: int
    moves: int
    found: Disagreement | None
    shrunk_from: int = 0
    coverage: Coverage | None = None


def differential(
    engine: Engine, starts: Sequence[dict[str, Any]], games: int, seed: int, max_moves: int = 5000,
    shrink_tries: int = 100, progress: Callable[[str], None] | None = None, policy: str = "mixed",
) -> DiffResult:
    """Play ``games`` games (cycling through ``starts``) on both, players'
    moves chosen by ``policy`` (``steer``: ``mixed``, ``uniform``, ``acting``
    …); stop at the first disagreement, shrunk. The result's ``coverage``
    says what the games met."""
    rng = random.Random(seed)
    coverage = Coverage()
    total = 0
    for g in range(games):
        start = starts[g % len(starts)]
        moves = random_moves(start, rng, max_moves, policy_for(policy, g), coverage)
        found = replay(engine, start, moves)
        total += len(moves) if found is None else len(found.moves)
        if progress is not None:
            progress(f"game {g + 1}: {len(moves)} moves{'' if found is None else ', a disagreement'}")
        if found is not None:
            shrunk = by_position(engine, start, list(found.moves), lambda again: _alike(again, found), replay) if shrink_tries else None
            if shrunk is None:  # the engine cannot load the positions, or the disagreement needs more history
                shrunk = shrink(engine, found, shrink_tries, rng)
            return DiffResult(g + 1, total, shrunk, len(found.moves), coverage)
    return DiffResult(games, total, None, coverage=coverage)
