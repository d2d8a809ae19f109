"""dlrules: the rules referee for Dungeon Lords (CGE, 2009).

The public surface (docs/api.md): ``new_game``, ``legal_moves``, ``to_move``,
``check``, ``apply``, ``chance_outcomes``, ``sample_chance``, ``play_out``,
``dumps``/``loads``; the table tools ``apply_with_events``, ``view``,
``format_move``/``parse_move`` and game records (``make_record``,
``write_record``, ``read_record``, ``replay``, ``verify``, ``state_hash``);
the end of the game: ``is_over`` and ``outcome`` (final scores, SCO);
the rules' statements: ``rule(ID)`` and ``rulebook.search(words)``.
States and moves are immutable attrs records.
"""

from __future__ import annotations


from dlrules import _moved

_moved.install()  # the old module paths still import (docs/architecture.md, "Old module paths")

from dlrules.core.chance import PlayOut, Policy, chance_outcomes, play_out, random_policy, sample_chance
from dlrules.components import Action
from dlrules._version import __version__
from dlrules.core.engine import apply, apply_with_events, check, legal_moves, new_game, to_move
from dlrules.core.errors import IllegalMove, Violation
from dlrules.core.moves import (
    ActivateRoom,
    BuildRoom,
    ChooseOrders,
    DealOrders,
    Decline,
    DigTunnel,
    Draw,
    DrawDummyOrders,
    FinishDigging,
    FinishProduction,
    HireMonster,
    KeepUnavailable,
    MineGold,
    Move,
    PayMonster,
    PayTaxes,
    ReturnOrder,
    DiscardTrap,
    Spy,
    TakeAction,
    WitchHunt,
)
from dlrules.records.notation import format_move, parse_move
from dlrules.records.position_text import position_text
from dlrules.records.position_text_build import read_position_text
from dlrules.records.position_text_read import PositionTextError
from dlrules.core.phases.common import Event
from dlrules.core.phases.scoring import GameOutcome, PlayerScore, ScoreLine, TitleLine, TitleResult, final_scores, is_over, outcome
from dlrules.core.phases.setup import VARIANTS, initial_state
# render, svg and records plug the state's conveniences in when imported
# (print(state), notebook pictures, repr with its hash: dlrules.core.state.plug_in);
# importing them here, as every use of the package does, keeps the plugs in.
from dlrules.display.render import describe, describe_move
from dlrules.display import svg  # pictures (docs/render.md)
from dlrules import rulebook
from dlrules.rulebook import Rule, UnknownRule, rule
from dlrules.records import GameRecord, RecordError, make_record, read_record, replay, state_hash, verify, write_record
from dlrules.display.scoresheet import score_sheet
from dlrules.records.serialization import dumps, loads
from dlrules.core.state import CHANCE, TABLE, GameState, Outcome, Phase, PlayerState
from dlrules.records.validity import Invalid, InvalidState, validate
from dlrules.records.views import PlayerView, project_events, project_move, view, view_hash

__all__ = [
    "CHANCE", "TABLE", "VARIANTS", "Action", "ActivateRoom", "BuildRoom", "ChooseOrders", "DealOrders",
    "Decline", "DigTunnel", "Draw", "DrawDummyOrders", "FinishDigging", "FinishProduction",
    "GameState", "HireMonster", "IllegalMove", "KeepUnavailable", "MineGold", "Move", "Outcome",
    "PayMonster", "PayTaxes", "Phase", "PlayOut", "PlayerState", "Policy", "ReturnOrder",
    "DiscardTrap", "Spy", "TakeAction", "Violation", "__version__", "apply", "chance_outcomes",
    "check", "dumps", "legal_moves", "loads", "new_game", "play_out", "random_policy",
    "sample_chance", "to_move",
    # table tools (issue 6): events, views, notation, records
    "Event", "GameRecord", "PlayerView", "RecordError", "apply_with_events", "format_move",
    "make_record", "parse_move", "read_record", "replay", "state_hash", "verify", "view",
    "write_record",
    # for people at the table (issue 14): text and pictures of a position, moves in context
    "describe", "describe_move",
    # final scoring (issue 13): the outcome at the end of the game
    "GameOutcome", "PlayerScore", "ScoreLine", "TitleLine", "TitleResult", "final_scores",
    "is_over", "outcome", "score_sheet",
    # the rules' statements (issue 14)
    "Rule", "UnknownRule", "rule", "rulebook",
    # year 2 (issue 13): the Witch Hunt special event's choice
    "WitchHunt",
    # secrets and impossible positions (issue 21)
    "Invalid", "InvalidState", "project_events", "project_move", "validate", "view_hash",
    # a position written as people write it (issue 38)
    "PositionTextError", "position_text", "read_position_text",
]  # fmt: skip
