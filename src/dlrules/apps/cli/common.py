"""What the ``dlrules`` subcommands share: the usage error (exit status 2),
turning a module's own errors into it, whole numbers in ASCII digits as options,
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


def ascii_int(text: str) -> int:
    """A whole number written in ASCII digits, for every numeric option of the
    command line (``int`` also reads ``٣`` and ``１２``; LIB-SRV-12: the table
    server, the desk and every other command read ASCII digits only)."""
    digits = text.strip().removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 20:
        raise argparse.ArgumentTypeError(f"expected a whole number in the digits 0-9, not {text[:40]!r}")
    return int(text)


def positive_int(text: str, *, also: str = "") -> int:
    """An option's value that must be a whole number of at least 1 (``also``:
    what else the option accepts, for the message), in ASCII digits."""
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 20:
        raise argparse.ArgumentTypeError(f"a whole number{also}, not {text[:40]!r}")
    value = int(digits)
    if value < 1:
        raise argparse.ArgumentTypeError(f"at least 1{also}, not {value}")
    return value


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """``--players``, ``--variant``, ``--max-moves`` and
    ``--no-special-events``: the game to play."""
    parser.add_argument("--players", type=ascii_int, default=4, help="2, 3 or 4 lords (default 4)")
    parser.add_argument(
        "--variant", choices=VARIANTS, default="full",
        help="'first' (introductory, no special events) or 'full' (default)",
    )  # fmt: skip
    parser.add_argument("--max-moves", type=ascii_int, default=100_000, help="stop a game after this many moves (default 100000)")
    parser.add_argument(
        "--no-special-events", action="store_true",
        help="play the full game without the special event cards (the rulebook's easier game, SPE-3)",
    )  # fmt: skip
