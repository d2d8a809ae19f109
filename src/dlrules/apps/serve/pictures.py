"""The pictures a page shows (docs/serve.md): the whole position, or one
part of it, as one link may see it, drawn once per position, part and link.

A phone shows the parts apart, each sized to its screen (issue 37): the
seat's own dungeon, the central board, the battle during combat, and any
other player's dungeon a tap away. Everything goes through the link's
projection (``views.view``: a seat's, or the spectator's for the host); who
is to move is read from the whole position, never guessed from a redacted one.
"""

from __future__ import annotations

import re

from dlrules.apps.serve.table import Game

from dlrules.apps.serve.seats import Refusal, Role

PARTS = ("position", "board", "battle", "dungeon-K")
"""The parts of ``GET …/picture?part=``: ``dungeon-K`` for player K (from 1)."""

_DUNGEON = re.compile(r"dungeon-([1-4])")


def picture(game: Game, role: Role, part: str = "position") -> str:
    """The SVG of ``part`` of the position as ``role`` sees it (the host: a
    spectator), drawn once per position (call it holding ``game.lock``).
    Refuses (400) a part that is not one, (404) a battle outside combat."""
    key = (part, role)
    cached = game.pictures.get(key)
    if cached is None:
        cached = game.pictures[key] = _draw(game, role, part)
    return cached


def _draw(game: Game, role: Role, part: str) -> str:
    """A seat's picture is drawn by ``svg`` from that seat's projection (its
    ``seat``/``viewer`` argument); the host's from the spectator's (``view``)."""
    from dlrules.display import svg
    from dlrules.records.views import view

    seen = view(game.state, role)  # who is to move comes with it, read from the whole position
    state, seat = (game.state, role) if role is not None else (seen.state, None)
    if part == "position":
        return svg.position(state, seat, movers=seen.to_move)
    if part == "board":
        return svg.board(seen.state, movers=seen.to_move)  # the link's projection
    if part == "battle":
        if seen.state.fight is None:
            raise Refusal(404, "LIB-SRV-2", "there is no battle to draw now: the game is not in combat")
        return svg.battle(state, seat)
    found = _DUNGEON.fullmatch(part)
    if found is None or int(found.group(1)) > seen.state.n_players:
        players = seen.state.n_players
        raise Refusal(400, "LIB-SRV-6", f"part: one of position, board, battle, dungeon-1 to dungeon-{players}, not {part[:40]!r}")
    return svg.dungeon(state, int(found.group(1)) - 1, viewer=seat)


__all__ = ["PARTS", "picture"]
