"""What the ``dlrules`` subcommands share: the usage error (exit status 2),
turning a module's own errors into it, a positive whole number as an option,
and the options that set up a game (``play``, ``simulate``)."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator

from dlrules.core.phases.setup import VARIANTS


class UsageError(Exception):
    """A mistake on the command line or in a record: message, exit status 2."""


@contextlib.contextmanager
def usage_errors(*kinds: type[BaseException]) -> Iterator[None]:
    """Report an error of one of ``kinds`` raised in the block as a usage
    error: its message on stderr, exit status 2, no traceback."""
    try:
        yield
    except kinds as exc:
        raise UsageError(str(exc)) from exc


def positive_int(text: str, *, also: str = "") -> int:
    """An option's value that must be a whole number of at least 1 (``also``:
    what else the option accepts, for the message)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number{also}, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"at least 1{also}, not {value}")
    return value


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """``--players``, ``--variant``, ``--max-moves`` and
    ``--no-special-events``: the game to play."""
    parser.add_argument("--players", type=int, default=4, help="2, 3 or 4 lords (default 4)")
    parser.add_argument(
        "--variant", choices=VARIANTS, default="full",
        help="'first' (introductory, no special events) or 'full' (default)",
    )  # fmt: skip
    parser.add_argument("--max-moves", type=int, default=100_000, help="stop a game after this many moves (default 100000)")
    parser.add_argument(
        "--no-special-events", action="store_true",
        help="play the full game without the special event cards (the rulebook's easier game, SPE-3)",
    )  # fmt: skip
