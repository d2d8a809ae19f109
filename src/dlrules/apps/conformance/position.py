"""The position format (docs/conformance.md, "Positions"): a whole position as
JSON any engine can build and read, version ``POSITION_VERSION``.

It is the observation document's vocabulary (supplies, dungeons, lairs, trap
cards, parties with their damage, the decks' known order, the board by action
name) plus what play needs next and no observation shows: the unseen cards of
each deck by count, the face-down combat cards, the cursors of resolution,
of the phases taken player by player and of combat. ``to_position`` writes it
from a dlrules state, ``from_position`` reads it back (a ``PositionError``
names the first bad path); the JSON Schema is ``schemas/position.schema.json``.
"""

from __future__ import annotations

from typing import Any

from dlrules.components import (
    ACTION_ORDER,
    ADVENTURERS,
    COMBAT_CARDS,
    EVENTS,
    MONSTERS,
    PALADINS,
    ROOMS,
    SPECIAL_EVENTS,
    TRAPS,
    Action,
)
from dlrules.core.state import (
    DECK_NAMES,
    Adventurer,
    Battle,
    Deck,
    Decks,
    DummyState,
    Dungeon,
    Fight,
    GameState,
    Monster,
    Outcome,
    Phase,
    Plan,
    PlayedOrder,
    PlayerState,
    Resolution,
    Tile,
    Turn,
)

POSITION_VERSION = 1
"""The version of the position format (``"position": 1`` in a document)."""

STAGES = ("plan", "reveal", "battle", "over")
STEPS = ("trap", "fast", "monsters", "slow", "heal")


class PositionError(ValueError):
    """A position document that is not a valid position: the message names the path."""


def _cards(actions: tuple[Action, ...] | None) -> list[str] | None:
    return None if actions is None else [a.value for a in actions]


def _adventurer(a: Adventurer) -> dict[str, Any]:
    return {"key": a.key, "damage": a.damage, "poison": a.poison, "food": a.food}


def _player(p: PlayerState, spied: tuple[int, ...]) -> dict[str, Any]:
    return {
        "gold": p.gold,
        "food": p.food,
        "imps": p.imps,
        "busy_imps": p.busy_imps,
        "foreimps": p.foreimps,
        "busy_trolls": p.busy_trolls,
        "evil": p.evil,
        "hand": _cards(p.hand),
        "unavailable": _cards(p.unavailable),
        "dealt": _cards(p.dealt),
        "kept": _cards(p.kept),
        "committed": _cards(p.committed),
        "dummy_choice": None if p.dummy_choice is None else p.dummy_choice.value,
        "played": [{"action": o.action.value, "slot": o.slot, "outcome": o.outcome.value} for o in p.played],
        "monsters": [{"kind": m.kind, "ready": m.ready} for m in p.monsters],
        "traps": list(p.traps),
        "tiles": [{"square": list(t.square), "room": t.room, "conquered": t.conquered} for t in p.dungeon.tiles],
        "party": [_adventurer(a) for a in p.party],
        "prison": list(p.prison),
        "damage_tokens": p.damage_tokens,
        "rooms_used": [list(s) for s in p.rooms_used],
        "spied": list(spied),
    }


def _battle(b: Battle) -> dict[str, Any]:
    return {
        "seat": b.seat, "step": b.step, "traps": list(b.traps), "aiming": b.aiming, "sent": list(b.sent),
        "choosing": b.choosing, "icons_used": b.icons_used, "attacked": b.attacked, "no_heal": b.no_heal,
        "no_spells": b.no_spells, "no_conquest": b.no_conquest, "asking": list(b.asking), "shield": b.shield,
        "invisible": b.invisible,
    }  # fmt: skip


def _fight(f: Fight) -> dict[str, Any]:
    return {
        "round": f.round,
        "stage": f.stage,
        "position": f.position,
        "plans": [
            None if p is None else {"tile": list(p.tile), "traps": list(p.traps), "monsters": list(p.monsters), "gold": p.gold}
            for p in f.plans
        ],
        "battle": None if f.battle is None else _battle(f.battle),
        "paladin": None if f.paladin is None else _adventurer(f.paladin),
        "paladin_gone": f.paladin_gone,
    }


def to_position(state: GameState) -> dict[str, Any]:
    """The position document of ``state`` (every field; see the module's doc)."""
    r = state.resolution
    t = state.turn
    spied = state.spied or tuple(() for _ in state.players)
    return {
        "position": POSITION_VERSION,
        "variant": state.variant,
        "deal_and_keep": state.deal_and_keep,
        "special_events": state.special_events,
        "dummy_hires": state.dummy_hires,
        "table_rulings": state.table_rulings,
        "year": state.year,
        "round": state.round,
        "phase": state.phase.value,
        "first_player": state.first_player,
        "board": {a.value: list(state.board[a.index]) for a in Action},
        "players": [_player(p, s) for p, s in zip(state.players, spied, strict=True)],
        "dummies": [
            {"colour": d.colour, "unavailable": _cards(d.unavailable), "responsible": d.responsible,
             "drawn": _cards(d.drawn), "third": None if d.third is None else d.third.value}
            for d in state.dummies
        ],  # fmt: skip
        "tavern": list(state.tavern),
        "room_shop": list(state.room_shop),
        "adventurers_next": list(state.adventurers_next),
        "adventurers_now": list(state.adventurers_now),
        "events": list(state.events),
        "special_event": state.special_event,
        "combat_cards": list(state.combat),
        "paladin": state.paladin,
        "dummy_evil": state.dummy_evil,
        "far_lands": list(state.far_lands),
        "trap_discard": list(state.trap_discard),
        "box": list(state.box),
        "decks": {
            name: {"unseen": dict(getattr(state.decks, name).unseen), "bottom": list(getattr(state.decks, name).bottom)}
            for name in DECK_NAMES
        },
        "resolution": None if r is None else {
            "space": ACTION_ORDER[r.space].value if r.space < len(ACTION_ORDER) else None,
            "slot": r.slot, "dug": r.dug, "draws": r.draws, "spy": r.spy, "discarding": r.discarding,
        },
        "turn": None if t is None else {"position": t.position, "step": t.step, "draws": t.draws, "dismissed": t.dismissed,
                                        "settled": list(t.settled)},
        "combat": None if state.fight is None else _fight(state.fight),
    }  # fmt: skip


# --- reading ---------------------------------------------------------------------------


class _Reader:
    """Reads one JSON object with a path for the error messages."""

    def __init__(self, data: Any, path: str) -> None:
        if not isinstance(data, dict):
            raise PositionError(f"{path or 'the position'}: expected an object, not {type(data).__name__}")
        self.data = data
        self.path = path

    def _at(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def raw(self, key: str, default: Any = ...) -> Any:
        if key in self.data:
            return self.data[key]
        if default is ...:
            raise PositionError(f"{self._at(key)}: missing")
        return default

    def integer(self, key: str, default: Any = ..., *, low: int | None = None, high: int | None = None) -> int:
        value = self.raw(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise PositionError(f"{self._at(key)}: expected an integer, not {value!r}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise PositionError(f"{self._at(key)}: {value} is outside {low}..{high}")
        return value

    def opt_int(self, key: str) -> int | None:
        return None if self.raw(key, None) is None else self.integer(key)

    def flag(self, key: str, default: Any = ...) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise PositionError(f"{self._at(key)}: expected true or false, not {value!r}")
        return value

    def text(self, key: str, default: Any = ..., choices: tuple[str, ...] | None = None) -> str:
        value = self.raw(key, default)
        if not isinstance(value, str) or (choices is not None and value not in choices):
            wanted = "a string" if choices is None else "one of " + ", ".join(choices)
            raise PositionError(f"{self._at(key)}: expected {wanted}, not {value!r}")
        return value

    def opt_str(self, key: str) -> str | None:
        return None if self.raw(key, None) is None else self.text(key)

    def items(self, key: str, default: Any = ...) -> list[Any]:
        value = self.raw(key, default)
        if not isinstance(value, list):
            raise PositionError(f"{self._at(key)}: expected a list, not {value!r}")
        return value

    def strs(self, key: str, default: Any = ...) -> tuple[str, ...]:
        items = self.items(key, default)
        if not all(isinstance(v, str) for v in items):
            raise PositionError(f"{self._at(key)}: expected a list of strings, not {items!r}")
        return tuple(items)

    def opt_strs(self, key: str) -> tuple[str | None, ...]:
        items = self.items(key)
        if not all(v is None or isinstance(v, str) for v in items):
            raise PositionError(f"{self._at(key)}: expected strings or null, not {items!r}")
        return tuple(items)

    def ints(self, key: str, default: Any = ...) -> tuple[int, ...]:
        items = self.items(key, default)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in items):
            raise PositionError(f"{self._at(key)}: expected a list of integers, not {items!r}")
        return tuple(items)

    def actions(self, key: str, default: Any = ...) -> tuple[Action, ...]:
        items = self.strs(key, default)
        try:
            return tuple(Action(v) for v in items)
        except ValueError:
            raise PositionError(f"{self._at(key)}: unknown order card in {list(items)!r}") from None

    def opt_actions(self, key: str) -> tuple[Action, ...] | None:
        return None if self.raw(key, None) is None else self.actions(key)

    def opt_action(self, key: str) -> Action | None:
        value = self.opt_str(key)
        try:
            return None if value is None else Action(value)
        except ValueError:
            raise PositionError(f"{self._at(key)}: unknown order card {value!r}") from None

    def square(self, value: Any, where: str) -> tuple[int, int]:
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            raise PositionError(f"{where}: expected a square [row, column], not {value!r}")
        return (value[0], value[1])

    def sub(self, key: str) -> _Reader:
        return _Reader(self.raw(key), self._at(key))

    def opt_sub(self, key: str) -> _Reader | None:
        return None if self.raw(key, None) is None else self.sub(key)

    def each(self, key: str, default: Any = ...) -> list[_Reader]:
        return [_Reader(v, f"{self._at(key)}.{i}") for i, v in enumerate(self.items(key, default))]


def _read_adventurer(r: _Reader) -> Adventurer:
    return Adventurer(r.text("key"), r.integer("damage", 0, low=0), r.integer("poison", 0, low=0), r.integer("food", 0, low=0))


def _read_player(r: _Reader) -> tuple[PlayerState, tuple[int, ...]]:
    played = []
    for o in r.each("played", []):
        try:
            outcome = Outcome(o.text("outcome"))
        except ValueError:
            raise PositionError(f"{o.path}.outcome: unknown outcome {o.raw('outcome')!r}") from None
        slot = o.opt_int("slot")
        if slot is not None and not 0 <= slot <= 2:
            raise PositionError(f"{o.path}.slot: {slot} is outside 0..2")
        played.append(PlayedOrder(_one_action(o), slot, outcome))
    tiles = tuple(
        sorted(
            (Tile(t.square(t.raw("square"), f"{t.path}.square"), t.opt_str("room"), t.flag("conquered", False)) for t in r.each("tiles")),
            key=lambda tile: tile.square,
        )
    )
    player = PlayerState(
        gold=r.integer("gold", low=0), food=r.integer("food", low=0), imps=r.integer("imps", low=0), evil=r.integer("evil"),
        hand=r.actions("hand", []), unavailable=r.actions("unavailable", []), dungeon=Dungeon(tiles),
        busy_imps=r.integer("busy_imps", 0, low=0), foreimps=r.integer("foreimps", 0, low=0),
        busy_trolls=r.integer("busy_trolls", 0, low=0),
        monsters=tuple(Monster(m.text("kind"), m.flag("ready", True)) for m in r.each("monsters", [])),
        traps=r.strs("traps", []), played=tuple(played), committed=r.opt_actions("committed"),
        dummy_choice=r.opt_action("dummy_choice"), dealt=r.actions("dealt", []), kept=r.opt_actions("kept"),
        party=tuple(_read_adventurer(a) for a in r.each("party", [])), prison=r.strs("prison", []),
        damage_tokens=r.integer("damage_tokens", 0, low=0),
        rooms_used=tuple(r.square(s, f"{r.path}.rooms_used.{i}") for i, s in enumerate(r.items("rooms_used", []))),
    )  # fmt: skip
    return player, r.ints("spied", [])


def _one_action(r: _Reader) -> Action:
    value = r.text("action")
    try:
        return Action(value)
    except ValueError:
        raise PositionError(f"{r.path}.action: unknown order card {value!r}") from None


def _read_deck(r: _Reader) -> Deck:
    unseen = r.raw("unseen", {})
    if not isinstance(unseen, dict) or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in unseen.values()):
        raise PositionError(f"{r.path}.unseen: expected an object of card keys to counts, not {unseen!r}")
    return Deck(tuple(sorted((k, n) for k, n in unseen.items() if n > 0)), r.strs("bottom", []))


def _read_fight(r: _Reader) -> Fight:
    plans: list[Plan | None] = []
    for i, p in enumerate(r.items("plans", [])):
        if p is None:
            plans.append(None)
            continue
        pr = _Reader(p, f"{r.path}.plans.{i}")
        plans.append(Plan(pr.square(pr.raw("tile"), f"{pr.path}.tile"), pr.strs("traps", []), pr.ints("monsters", []), pr.integer("gold", 0, low=0)))
    b = r.opt_sub("battle")
    battle = None if b is None else Battle(
        seat=b.integer("seat", low=0), step=b.text("step", "trap", STEPS), traps=b.strs("traps", []),
        aiming=b.opt_str("aiming"), sent=b.ints("sent", []), choosing=b.opt_str("choosing"),
        icons_used=b.integer("icons_used", 0, low=0), attacked=b.flag("attacked", False), no_heal=b.flag("no_heal", False),
        no_spells=b.flag("no_spells", False), no_conquest=b.flag("no_conquest", False), asking=b.ints("asking", []),
        shield=b.integer("shield", 0, low=0), invisible=b.flag("invisible", False),
    )  # fmt: skip
    paladin = r.opt_sub("paladin")
    return Fight(
        round=r.integer("round", 1, low=1, high=4), stage=r.text("stage", "plan", STAGES), position=r.integer("position", 0, low=0),
        plans=tuple(plans), battle=battle, paladin=None if paladin is None else _read_adventurer(paladin),
        paladin_gone=r.flag("paladin_gone", False),
    )  # fmt: skip


def _card_sets() -> dict[str, frozenset[str]]:
    people = frozenset(ADVENTURERS) | frozenset(p.key for p in PALADINS.values())
    sets = {
        "monster": frozenset(MONSTERS), "room": frozenset(ROOMS), "trap": frozenset(TRAPS), "adventurer": people,
        "event": frozenset(EVENTS), "combat card": frozenset(COMBAT_CARDS), "special event": frozenset(SPECIAL_EVENTS),
    }  # fmt: skip
    sets["card"] = frozenset().union(*sets.values())
    return sets


_DECK_KINDS = {"monsters": "monster", "rooms": "room", "traps": "trap", "adventurers": "adventurer", "events": "event",
               "combat": "combat card", "special": "special event"}  # fmt: skip


def _check_cards(state: GameState) -> None:
    """Every card key names a component of its kind (``PositionError`` names the path)."""
    sets = _card_sets()

    def each(kind: str, path: str, keys: Any) -> None:
        for i, key in enumerate(keys):
            if key is not None and key not in sets[kind]:
                raise PositionError(f"{path}.{i}: {key!r} is not a known {kind} key")

    for n, p in enumerate(state.players):
        at = f"players.{n}"
        each("monster", f"{at}.monsters", [m.kind for m in p.monsters])
        each("trap", f"{at}.traps", p.traps)
        each("room", f"{at}.tiles", [t.room for t in p.dungeon.tiles])
        each("card", f"{at}.party", [a.key for a in p.party])  # an Illusion stands in a party too
        each("card", f"{at}.prison", p.prison)
    each("monster", "tavern", state.tavern)
    each("room", "room_shop", state.room_shop)
    each("adventurer", "adventurers_next", state.adventurers_next)
    each("adventurer", "adventurers_now", state.adventurers_now)
    each("event", "events", state.events)
    each("special event", "special_event", [state.special_event])
    each("combat card", "combat_cards", state.combat)
    each("trap", "trap_discard", state.trap_discard)
    each("card", "far_lands", state.far_lands)
    each("card", "box", state.box)
    for name, kind in _DECK_KINDS.items():
        deck = getattr(state.decks, name)
        each(kind, f"decks.{name}.unseen", [k for k, _ in deck.unseen])
        each(kind, f"decks.{name}.bottom", deck.bottom)
    f = state.fight
    if f is not None:
        for n, plan in enumerate(f.plans):
            each("trap", f"combat.plans.{n}.traps", () if plan is None else plan.traps)
        each("trap", "combat.battle.traps", () if f.battle is None else f.battle.traps)
        each("adventurer", "combat.paladin", [] if f.paladin is None else [f.paladin.key])


def from_position(data: Any) -> GameState:
    """The dlrules state of a position document; ``PositionError`` names the
    first path that is missing or of the wrong kind. It checks the format,
    not that the rules could reach the position."""
    r = _Reader(data, "")
    if r.raw("position", None) != POSITION_VERSION:
        raise PositionError(f"position: expected version {POSITION_VERSION}, not {r.raw('position', None)!r}")
    try:
        phase = Phase(r.text("phase"))
    except ValueError:
        raise PositionError(f"phase: unknown phase {r.raw('phase')!r}") from None
    read = [_read_player(p) for p in r.each("players")]
    if not 2 <= len(read) <= 4:
        raise PositionError(f"players: a game has 2 to 4 players, not {len(read)}")
    players = tuple(p for p, _ in read)
    spied = tuple(s for _, s in read)
    board_r = r.sub("board")
    board = []
    for a in Action:
        slots = board_r.items(a.value)
        if len(slots) != 3 or not all(v is None or (isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 3) for v in slots):
            raise PositionError(f"board.{a.value}: expected 3 slots, each a colour 0..3 or null, not {slots!r}")
        board.append(tuple(slots))
    decks_r = r.sub("decks")
    decks = Decks(**{name: _read_deck(decks_r.sub(name)) for name in DECK_NAMES})
    res = r.opt_sub("resolution")
    resolution = None
    if res is not None:
        space_name = res.opt_str("space")
        try:
            space = len(ACTION_ORDER) if space_name is None else ACTION_ORDER.index(Action(space_name))
        except ValueError:
            raise PositionError(f"resolution.space: unknown action {space_name!r}") from None
        resolution = Resolution(space, res.integer("slot", 0, low=0, high=2), res.integer("dug", 0, low=0),
                                res.integer("draws", 0, low=0), res.opt_int("spy"), res.flag("discarding", False))  # fmt: skip
    turn_r = r.opt_sub("turn")
    turn = None if turn_r is None else Turn(
        turn_r.integer("position", 0, low=0), turn_r.integer("step", 0, low=0), turn_r.integer("draws", 0, low=0),
        turn_r.integer("dismissed", 0, low=0), turn_r.ints("settled", []),
    )  # fmt: skip
    fight_r = r.opt_sub("combat")
    events = r.opt_strs("events")
    combat = r.opt_strs("combat_cards")
    if len(events) != 4 or len(combat) != 4:
        raise PositionError("events and combat_cards: expected 4 entries each (one per round)")
    state = GameState(
        variant=r.text("variant", "full", ("full", "first")),
        year=r.integer("year", low=1, high=2),
        round=r.integer("round", low=1, high=4),
        phase=phase,
        first_player=r.integer("first_player", 0, low=0, high=len(players) - 1),
        players=players,
        dummies=tuple(
            DummyState(d.integer("colour", low=0, high=3), d.actions("unavailable", []), d.opt_int("responsible"),
                       d.actions("drawn", []), d.opt_action("third"))
            for d in r.each("dummies", [])
        ),  # fmt: skip
        board=tuple(board),
        decks=decks,
        tavern=r.strs("tavern", []),
        room_shop=r.strs("room_shop", []),
        adventurers_next=r.strs("adventurers_next", []),
        adventurers_now=r.strs("adventurers_now", []),
        events=events,
        special_event=r.opt_str("special_event"),
        combat=combat,
        spied=spied,
        paladin=r.opt_int("paladin"),
        dummy_evil=r.opt_int("dummy_evil"),
        far_lands=r.strs("far_lands", []),
        trap_discard=r.strs("trap_discard", []),
        resolution=resolution,
        turn=turn,
        deal_and_keep=r.flag("deal_and_keep", True),
        special_events=r.flag("special_events", True),
        dummy_hires=r.flag("dummy_hires", False),
        table_rulings=r.flag("table_rulings", False),
        fight=None if fight_r is None else _read_fight(fight_r),
        box=r.strs("box", []),
    )
    _check_cards(state)
    return state
