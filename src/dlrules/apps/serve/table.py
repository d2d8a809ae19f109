"""The games a table server referees, without HTTP: who may do what, moves
checked and stored, chance entered or drawn (docs/serve.md).

- A game has a host token and one token per seat; a token is the only
  identity (LIB-SRV-1). Tokens are stored as SHA-256 hashes and compared with
  ``hmac.compare_digest`` against every token of the game, so a wrong token
  takes as long as a right one.
- A seat moves only for itself; the host enters only public chance (a card
  turned up for everyone to see, a dummy's orders); a hidden chance draw (the
  orders dealt to a player, a trap card a player draws, the combat card a
  player looks at) is entered on that player's own page (LIB-SRV-2).
- Every move is read with the strict decoding (``loads``) and goes through
  ``apply``; an accepted move is committed to the database before the answer
  (LIB-SRV-4).
- The client sends the move number of the position it saw; a move made on an
  older position is refused as stale unless that seat's legal moves are the
  same now as then (several seats choosing orders at once all land, LIB-SRV-3).
  The seats' legal moves of the latest ``KEYS_KEPT`` positions are
  remembered once seen, and read back from the store (the nearest stored
  position and the moves after it) when they are not in memory, e.g. after
  a restart; the latest moves the pages list are read back at load too.
- A move or draw request is answered once: its key (the client's request id,
  else the position and the move) and the answer are kept, and a repeat gets
  the first answer back, never a second move (LIB-SRV-7).
- The server draws with the operating system's secure source unless the host
  made the game replayable with a seed (LIB-SRV-9); a seat entering its own
  secret draw is offered only the cards it cannot rule out, and any card
  refused gets one message (LIB-SRV-2).
- A host may seat bots (LIB-SRV-10): a bot seat has no link; the server
  plays it (``dlrules.apps.serve.bots.BotRunner``, woken through ``Tables.wake``
  after every commit) and draws its secret chance cards itself.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import threading
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from dlrules.core.engine import apply, legal_moves, to_move
from dlrules.core.errors import IllegalMove
from dlrules.core.moves import Draw, Move
from dlrules.core.phases.setup import VARIANTS, initial_state
from dlrules.records.game import make_record, state_hash
from dlrules.display.render import describe_move
from dlrules.records.serialization import dumps, loads
from dlrules.apps.serve.store import HOST_ROLE, SNAPSHOT_EVERY, Answered, GameRow, Store, StoredMove
from dlrules.core.state import CHANCE, TABLE, GameState
from dlrules.apps.serve.seats import (
    ENTRY_REFUSED,
    HIDDEN_DECKS,
    HOST,
    SECRET_ENTRY_REFUSED,
    Refusal,
    Role,
    chance_owner,
    entry_options,
    new_id,
    new_token,
    token_hash,
)

AUTO_CHANCE_LIMIT = 10_000
"""At most this many chance moves drawn by the server after one move (a bound, never reached)."""

_RECENT = 12
"""How many of the latest moves each page lists."""

KEYS_KEPT = 200
"""LIB-SRV-3: a move on one of the latest 200 positions is compared with the
position now; a move on an older one is stale."""

MAX_SEED = 2**63 - 1
"""The largest seed of a replayable game (SQLite's largest integer)."""

_REFUSALS_KEPT = 256
"""How many refused requests a game remembers (their repeats get the same refusal)."""

REPLAYABLE_NOTE = (
    "This game is replayable: the host set the seed of the server's draws, so whoever knows the seed can foresee "
    "every card the server draws, the hidden ones too. Play it for practice, not for secrets."
)
"""What every page of a replayable game says (LIB-SRV-9)."""

def _seat_keys(state: GameState) -> tuple[str, ...]:
    """A digest of each seat's legal moves and of the words its page gives
    each of them (LIB-SRV-3's test for stale moves). The words count: a move
    can be the same object in two positions and mean another thing (a
    TakeAction names only the seat, and takes whichever action is being
    carried out), so a button is played on a newer position only if it
    would read the same there."""
    moves = legal_moves(state)
    keys = []
    for s in range(state.n_players):
        mine = [m for m in moves if m.seat == s]
        words = [describe_move(state, m, seat=s) for m in mine]
        keys.append(hashlib.sha256(repr((mine, words)).encode()).hexdigest())
    return tuple(keys)


@attrs.define
class Entry:
    """One of the latest moves, with the position it was made in."""

    n: int
    move: Move
    before: GameState


@attrs.define
class Game:
    """A game in memory, as stored."""

    row: GameRow
    state: GameState
    n: int
    keys: dict[int, tuple[str, ...]]  # move number → the digest of each seat's legal moves there (LIB-SRV-3), the latest KEYS_KEPT at most
    recent: list[Entry]  # the latest _RECENT moves, for the pages' log
    lock: threading.Lock = attrs.field(factory=threading.Lock)
    refused: dict[tuple[int, str], tuple[str, Refusal]] = attrs.field(factory=dict)  # the latest refused requests (LIB-SRV-7)
    closed: set[tuple[int, int]] = attrs.field(factory=set)  # (move number, seat): a secret draw whose entry was refused
    version: int = 0
    pages: dict[Role, dict[str, Any]] = attrs.field(factory=dict)  # page_data of the current position, per role
    pictures: dict[tuple[str, Role], str] = attrs.field(factory=dict)  # its pictures, per part and role (serve/pictures.py)

    def role(self, token: str) -> Role | bool:
        """The role of ``token`` in this game, or False: compared in constant
        time against every token of the game."""
        return role_of(self.row, token)


def role_of(row: GameRow, token: str) -> Role | bool:
    """The role of ``token`` in the game ``row``, or False: compared in
    constant time against every token of the game (LIB-SRV-1)."""
    digest = token_hash(token)
    found: Role | bool = False
    if hmac.compare_digest(digest, row.host_hash):
        found = HOST
    for seat, h in enumerate(row.seat_hashes):
        if hmac.compare_digest(digest, h):
            found = seat
    return found


@attrs.frozen
class Created:
    """A new game: its id and the tokens (shown once: only their hashes are
    stored); a bot's seat has no token (``None``, LIB-SRV-10)."""

    game: str
    host: str
    seats: tuple[str | None, ...]


class Tables:
    """The games of one database, with their locks. A game is read from the
    store when a link of it is first used (lazy loading, LIB-SRV-4: a
    server with a thousand stored games starts at once); ``games`` holds
    those read so far and those created since the start."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.games: dict[str, Game] = {}
        self._lock = threading.Lock()
        self.wake: Callable[[Game], None] = lambda game: None  # told after every commit (the bots' runner, LIB-SRV-10)

    # --- games ---------------------------------------------------------------------

    def create(
        self,
        players: int,
        variant: str = "full",
        first_player: int = 0,
        seed: int | None = None,
        auto_chance: bool = False,
        replayable: bool = False,
        *,
        special_events: bool = True,
        table_rulings: bool = False,
        bots: Mapping[int, str] | None = None,
    ) -> Created:
        """A new game. Its draws come from the operating system's secure
        source; only a ``replayable`` game draws from ``seed`` (a random one
        when none is given), and its pages say so (LIB-SRV-9).
        ``special_events=False``: the full game without the special event
        cards (SPE-3); ``table_rulings``: the host applies each card the
        referee cannot read (LIB-TAB-8). Both live in the game's state, so the
        store needs no column for them. ``bots``: seat (from 0) → the name of
        a built-in bot that the server plays there (LIB-SRV-10)."""
        if seed is not None and not replayable:
            raise Refusal(400, "LIB-SRV-9", "a seed makes every draw foreseeable: give it only for a game marked replayable")
        if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
            raise Refusal(400, "LIB-SRV-9", f"the seed is a whole number from 0 to {MAX_SEED}")
        if players not in (2, 3, 4):
            raise Refusal(400, "LIB-SRV-5", "a game has 2, 3 or 4 players")
        if variant not in VARIANTS:
            raise Refusal(400, "LIB-SRV-5", f"the variant is one of {', '.join(VARIANTS)}")
        if not 0 <= first_player < players:
            raise Refusal(400, "LIB-SRV-5", f"the first player is a seat from 1 to {players}")
        seated = bot_seats(players, bots or {})
        from dlrules.core.engine import settle

        state = settle(
            initial_state(players, variant, None, first_player, special_events=special_events, table_rulings=table_rulings)
        )
        host, seats = new_token(), tuple(new_token() for _ in range(players))  # a bot's token is never shown
        row = GameRow(
            id=new_id(), players=players, variant=variant, first_player=first_player,
            seed=(secrets.randbits(63) if seed is None else seed) if replayable else None, auto_chance=auto_chance,
            host_hash=token_hash(host), seat_hashes=tuple(token_hash(t) for t in seats), bots=seated,
        )  # fmt: skip
        self.store.create_game(row, dumps(state))
        game = Game(row, state, 0, {0: _seat_keys(state)}, [])
        with self._lock:
            self.games[row.id] = game
        if auto_chance or any(seated):
            with game.lock:
                self._commit(game, [], None)
        self.wake(game)
        return Created(row.id, host, tuple(None if seated[s] else t for s, t in enumerate(seats)))

    def _load(self, row: GameRow) -> Game:
        """The game of ``row`` from its latest stored position (and any move after it)."""
        gid = row.id
        n, text = self.store.latest_snapshot(gid)
        state: GameState = loads(text, GameState)
        later = self.store.moves(gid, after=n)
        for m in later:  # positions a crash left without their snapshot (none: they are one transaction)
            state = apply(state, loads(m.move, Move))
            n = m.n
        return Game(row, state, n, {n: _seat_keys(state)}, self._latest_moves(gid, n))

    def loaded(self, gid: str) -> Game | None:
        """The game ``gid``, read from the store the first time (None: no such game)."""
        game = self.games.get(gid)
        if game is not None:
            return game
        row = self.store.game(gid)
        return None if row is None else self._loaded(row)

    def _loaded(self, row: GameRow) -> Game:
        with self._lock:
            game = self.games.get(row.id)
            if game is None:
                game = self.games[row.id] = self._load(row)
        self.wake(game)  # a bot's seat may be to move (LIB-SRV-10)
        return game

    def _position(self, gid: str, at: int) -> GameState:
        """The position after move ``at``, from the store: the nearest stored
        position at or before it and the moves after that (fewer than
        ``SNAPSHOT_EVERY`` in a file written by this version)."""
        start, text = self.store.snapshot_at_most(gid, at)
        state: GameState = loads(text, GameState)
        for m in self.store.moves(gid, after=start, upto=at):
            state = apply(state, loads(m.move, Move))
        return state

    def _latest_moves(self, gid: str, n: int) -> list[Entry]:
        """The latest ``_RECENT`` moves up to move ``n``, each with the position
        it was made in (the pages' log), read back from the store."""
        first = max(0, n - _RECENT)
        state = self._position(gid, first)
        entries = []
        for m in self.store.moves(gid, after=first, upto=n):
            move: Move = loads(m.move, Move)
            entries.append(Entry(m.n, move, state))
            state = apply(state, move)
        return entries

    def _keys_at(self, game: Game, at: int) -> tuple[str, ...] | None:
        """The digest of each seat's legal moves at position ``at`` (LIB-SRV-3),
        or None when ``at`` is not one of the latest ``KEYS_KEPT`` positions
        (nor a position at all: a crafted ``at`` below 0 is stale too):
        remembered once computed (at most ``KEYS_KEPT`` positions a game), read
        back from the store otherwise (a position from before a restart).
        Call holding ``game.lock``."""
        if not max(0, game.n - KEYS_KEPT) <= at <= game.n:
            return None
        keys = game.keys.get(at)
        if keys is None:
            keys = game.keys[at] = _seat_keys(self._position(game.row.id, at))
        return keys

    def _same_moves(self, game: Game, at: int, seat: int) -> bool:
        """LIB-SRV-3: the seat's legal moves at position ``at`` are the same as
        now, and the seat has not moved since (only the others have: a page
        is stale for a seat once that seat has moved, even if the same words
        come back, e.g. "takes Buy Traps I" again in the next round)."""
        keys = self._keys_at(game, at)
        if keys is None or keys[seat] != game.keys[game.n][seat]:
            return False
        return not any(loads(m.move, Move).seat == seat for m in self.store.moves(game.row.id, after=at, upto=game.n))

    def find(self, gid: str, token: str) -> tuple[Game, Role]:
        """The game and the token's role. Unknown game and wrong token get the
        same refusal (LIB-SRV-1): a dummy comparison keeps the time alike. A
        game not read yet is read from the store only for one of its tokens,
        so a wrong token never costs the reading of a game."""
        game = self.games.get(gid)
        row = game.row if game is not None else (self.store.game(gid) if len(gid) <= 64 else None)
        if row is None:
            hmac.compare_digest(token_hash(token), b"\0" * 32)
            raise Refusal(404, "LIB-SRV-1", "no such game or link")
        role = role_of(row, token)
        if role is False:
            raise Refusal(404, "LIB-SRV-1", "no such game or link")
        assert not isinstance(role, bool)
        return (game if game is not None else self._loaded(row)), role

    def record_text(self, gid: str) -> str:
        """The game's record (JSON Lines, docs/records.md), for after the game: it holds every secret."""
        from dlrules.records.game import dumps_record

        game = self.loaded(gid)
        assert game is not None, gid
        moves: tuple[Move, ...] = tuple(loads(m.move, Move) for m in self.store.moves(gid))
        start = game.state  # the setup options stay in every position of the game
        rec = make_record(
            game.row.players, game.row.variant, moves, seed=game.row.seed, first_player=game.row.first_player,
            special_events=start.special_events, dummy_hires=start.dummy_hires, table_rulings=start.table_rulings,
        )  # fmt: skip
        return dumps_record(rec)

    # --- moves ---------------------------------------------------------------------

    def submit(self, game: Game, role: Role, at: object, text: str, request: str | None = None) -> int:
        """Play the move ``text`` (a move's JSON) for ``role`` on the position
        numbered ``at``; returns the new move number once committed. A repeat
        of a request (the same ``request`` id, or without one the same move on
        the same ``at``) gets the first answer back and plays nothing (LIB-SRV-7)."""
        if type(at) is not int:
            raise Refusal(400, "LIB-SRV-3", "$.at: say which position the move is for: 'at', the move number your page shows")
        try:
            move: Move = loads(text, Move)
        except ValueError as exc:
            raise Refusal(400, "LIB-SRV-6", "not a move: " + str(exc).replace(" @ $", " @ $.move")) from None  # the path in the request
        canonical = dumps(move)
        digest = hashlib.sha256(f"move:{at}:{canonical}".encode()).hexdigest()
        key = f"id:{request}" if request is not None else digest
        with game.lock:
            return self._once(game, role, key, digest, lambda: self._submit(game, role, at, move))

    def _submit(self, game: Game, role: Role, at: int, move: Move) -> list[Move] | None:
        state = game.state
        self._allowed(state, role, move)
        if at != game.n:
            fresh = role is not HOST and 0 <= move.seat < state.n_players and self._same_moves(game, at, move.seat)
            if not fresh:
                raise Refusal(
                    409, "LIB-SRV-3",
                    f"the game has moved on (your page shows move {at}, the game is at move {game.n}); nothing was played: look again and choose",
                )  # fmt: skip
        if move.seat == CHANCE and isinstance(move, Draw):
            return [move] if self._entered(game, role, move) else None  # None: the server's draw (LIB-SRV-13)
        try:
            apply(state, move)
        except IllegalMove as exc:
            raise Refusal(422, exc.violations[0].rule if exc.violations else "LIB-SRV-6", str(exc), exc.violations) from None
        return [move]

    def play_for_bot(self, game: Game, seat: int, at: int, move: Move) -> bool:
        """Commit a bot's ``move`` for ``seat``, chosen on the position numbered
        ``at`` (LIB-SRV-10); played as a person's would be (LIB-SRV-3: on a
        newer position only if the seat's legal moves are the same). False:
        not played (the bot must think again)."""
        with game.lock:
            if at != game.n and not self._same_moves(game, at, seat):
                return False
            if not game.row.bots[seat] or seat not in to_move(game.state) or move.seat != seat:
                return False
            try:
                apply(game.state, move)
            except IllegalMove:
                return False
            self._commit(game, [move], None)
        return True

    def _entered(self, game: Game, role: Role, move: Draw) -> bool:
        """A card entered for a draw (LIB-SRV-2, LIB-SRV-13): it must be among
        the cards offered to ``role`` (those it cannot rule out, from its own
        view); any other gets the one refusal, which says nothing of why, and
        a seat's secret draw then is the server's to make. True: the card
        comes up as entered. False: an offered card of a deck whose cards
        are not all seen face up (trap and combat cards) that the rules say
        cannot come up here (another seat identified a different one, or
        every copy is where the entering party does not see): accepted all
        the same, and the referee plays the draw itself (``sample_chance``:
        the card it holds when it is certain), so that whether a card is
        accepted never depends on what ``role`` may not know. A card of a
        deck whose cards all come up face up is refused when it cannot come
        up (everybody saw where its copies went)."""
        state = game.state
        if role is not HOST and (game.n, role) in game.closed:
            raise Refusal(422, "LIB-SRV-2", SECRET_ENTRY_REFUSED)
        legal = tuple(m for m in legal_moves(state) if m.seat == CHANCE)
        ok = move in entry_options(state, role, legal)
        if ok:
            try:
                apply(state, move)
            except IllegalMove:
                if move.deck in HIDDEN_DECKS:
                    return False  # LIB-SRV-13: accepted all the same; the referee draws
                ok = False
        if not ok:
            if role is not HOST:
                game.closed.add((game.n, role))
                game.pages.pop(role, None)
                raise Refusal(422, "LIB-SRV-2", SECRET_ENTRY_REFUSED)
            raise Refusal(422, "LIB-SRV-2", ENTRY_REFUSED)
        return True

    def draw(self, game: Game, role: Role, at: object, request: str | None = None) -> int:
        """The server draws the chance card now (the host for public chance,
        the seat for its own hidden draw); a repeated request gets the first
        answer back (LIB-SRV-7)."""
        if type(at) is not int:
            raise Refusal(400, "LIB-SRV-3", "$.at: say which position the draw is for: 'at', the move number your page shows")
        digest = hashlib.sha256(f"draw:{at}".encode()).hexdigest()
        key = f"id:{request}" if request is not None else digest
        with game.lock:
            return self._once(game, role, key, digest, lambda: self._draw(game, role, at))

    def _draw(self, game: Game, role: Role, at: int) -> None:
        if at != game.n:
            raise Refusal(409, "LIB-SRV-3", f"the game has moved on (your page shows move {at}, the game is at move {game.n}); nothing was drawn")
        if CHANCE not in to_move(game.state):
            raise Refusal(409, "LIB-SRV-2", "no card is to be drawn now")
        owner = chance_owner(game.state)
        if owner != role:
            raise Refusal(403, "LIB-SRV-2", _chance_refusal(owner))
        return None

    def _once(self, game: Game, role: Role, key: str, digest: str, check: Callable[[], list[Move] | None]) -> int:
        """Answer the request ``key`` once (LIB-SRV-7; call holding
        ``game.lock``): a repeat gets the first answer (the move number it led
        to, or the same refusal); a key used before for another request is
        refused. ``check()`` refuses, or returns the moves to play (``None``:
        the server's draw)."""
        who = HOST_ROLE if role is HOST else role
        earlier = game.refused.get((who, key))
        if earlier is not None:
            if earlier[0] != digest:
                raise Refusal(409, "LIB-SRV-7", "this request id was used for another request; nothing was played")
            r = earlier[1]
            raise Refusal(r.status, r.rule, r.message, r.violations)  # a new one: the first keeps its own traceback
        answered = self.store.answered(game.row.id, who, key)
        if answered is not None:
            if answered.digest != digest:
                raise Refusal(409, "LIB-SRV-7", "this request id was used for another request; nothing was played")
            return answered.n
        try:
            moves = check()
        except Refusal as r:
            game.refused[(who, key)] = (digest, Refusal(r.status, r.rule, r.message, r.violations))
            while len(game.refused) > _REFUSALS_KEPT:
                del game.refused[next(iter(game.refused))]
            raise
        self._commit(game, [] if moves is None else moves, None if moves is not None else _rng(game), (who, key, digest))
        return game.n

    @staticmethod
    def _allowed(state: GameState, role: Role, move: Move) -> None:
        if move.seat == TABLE:  # LIB-TAB-8: the table's ruling is the host's to enter
            if role is not HOST:
                raise Refusal(403, "LIB-SRV-2", "a table's ruling is entered on the host's page")
            return
        if move.seat == CHANCE:
            owner = chance_owner(state) if CHANCE in to_move(state) else HOST
            if owner != role:
                raise Refusal(403, "LIB-SRV-2", _chance_refusal(owner))
            return
        if role is HOST:
            raise Refusal(403, "LIB-SRV-2", "the host's page enters public chance only; each player moves on their own page")
        if move.seat != role:
            raise Refusal(403, "LIB-SRV-2", f"this link is Player {role + 1}'s; it cannot move for Player {move.seat + 1}")

    def _commit(self, game: Game, moves: list[Move], rng: random.Random | None, request: tuple[int, str, str] | None = None) -> None:
        """Apply ``moves`` (already checked), then chance drawn by the server
        (one draw with ``rng``; every draw while chance is to move when the game
        lets the server draw everything), commit them all with the ``request``
        they answer (role, key, digest), then publish."""
        from dlrules.core.chance import sample_chance

        state = game.state
        made: list[tuple[Move, GameState]] = []
        for move in moves:
            made.append((move, state))
            state = apply(state, move)
        if rng is not None:
            move = sample_chance(state, rng)
            made.append((move, state))
            state = apply(state, move)
        bots = any(game.row.bots)
        if game.row.auto_chance or bots:
            for _ in range(AUTO_CHANCE_LIMIT):
                if CHANCE not in to_move(state):
                    break
                if not game.row.auto_chance:  # only a bot's secret draw (LIB-SRV-10)
                    owner = chance_owner(state)
                    if owner is HOST or not game.row.bots[owner]:
                        break
                move = sample_chance(state, _rng(game, game.n + len(made)))
                made.append((move, state))
                state = apply(state, move)
        if not made:
            return
        stored, after = [], _states_after(made, state)
        for i, (move, _) in enumerate(made):
            stored.append(StoredMove(game.n + i + 1, dumps(move), after[i]))
        kept = {  # every SNAPSHOT_EVERY-th position is stored, also inside a batch (the store keeps the last anyway)
            game.n + i + 1: dumps(made[i + 1][1]) for i in range(len(made) - 1) if (game.n + i + 1) % SNAPSHOT_EVERY == 0
        }
        answered = None if request is None else Answered(request[0], request[1], request[2], game.n + len(made))
        self.store.append(game.row.id, stored, dumps(state), answered, kept)  # committed before anyone is told
        for i, (move, before) in enumerate(made):
            game.recent.append(Entry(game.n + i + 1, move, before))
        del game.recent[:-_RECENT]
        game.n += len(made)
        game.state = state
        game.keys[game.n] = _seat_keys(state)
        for old in [k for k in game.keys if k < game.n - KEYS_KEPT]:
            del game.keys[old]
        game.version += 1
        game.pages.clear()
        game.pictures.clear()
        game.closed.clear()
        self.wake(game)


def bot_seats(players: int, bots: Mapping[int, str]) -> tuple[str, ...]:
    """The bot at each seat ("" for a person) from ``bots`` (seat from 0 →
    name), checked (LIB-SRV-10): a seat of the game, a built-in bot's name,
    at least one seat left for a person."""
    from dlrules.agents.bots import BOTS

    names = ", ".join(sorted(BOTS))
    seated = [""] * players
    for seat, name in bots.items():
        if type(seat) is not int or not 0 <= seat < players:
            shown = seat + 1 if type(seat) is int else seat
            raise Refusal(400, "LIB-SRV-10", f"a bot's seat is a player from 1 to {players}, not {shown!r}")
        if not isinstance(name, str) or name not in BOTS:
            raise Refusal(400, "LIB-SRV-10", f"Player {seat + 1}: no bot is called {str(name)[:40]!r} (the bots are {names})")
        seated[seat] = name
    if all(seated):
        raise Refusal(400, "LIB-SRV-10", "at least one seat is a person's: the bots play only at a table with players")
    return tuple(seated)


def _states_after(made: list[tuple[Move, GameState]], final: GameState) -> list[str]:
    """The hash of the position after each of ``made``."""
    befores = [b for _, b in made[1:]] + [final]
    return [state_hash(s) for s in befores]


_SECURE = random.SystemRandom()


def _rng(game: Game, n: int | None = None) -> random.Random:
    """The generator of the server's draw at move ``n`` (default: now): the
    operating system's secure source (``random.SystemRandom``), or for a
    replayable game one seeded by the game's seed and the move number, so
    that the game plays again the same (LIB-SRV-9)."""
    if game.row.seed is None:
        return _SECURE
    return random.Random(f"{game.row.seed}:{game.n if n is None else n}")


def _chance_refusal(owner: Role) -> str:
    if owner is HOST:
        return "this card is turned up for everyone: the host enters it (or lets the server draw)"
    return f"this draw is secret to Player {owner + 1}: it is entered on Player {owner + 1}'s own page"
