"""The reading limits as command-line options (``replay``, ``explain``):
``--max-line``, ``--max-size``, ``--max-depth``, ``--max-int-digits``,
``--max-problems``, ``--max-position`` (dlrules.records.limits.Limits; docs/records.md "Limits")."""

from __future__ import annotations

import argparse

import attrs

from dlrules.apps.cli.common import positive_int
from dlrules.records.limits import DEFAULT_LIMITS, Limits

_HELP = {
    "max_line": "the longest record line read, in bytes",
    "max_size": "the largest record read, in bytes",
    "max_depth": "the deepest nesting of JSON arrays and objects",
    "max_int_digits": "the most digits of a JSON integer",
    "max_problems": "the most problems --lenient lists before it stops",
    "max_position": "the largest position file (a state's JSON) read, in characters",
}


def add_limit_options(parser: argparse.ArgumentParser) -> None:
    """One option per field of ``Limits``, defaulting to ``DEFAULT_LIMITS``."""
    group = parser.add_argument_group("reading limits (raise them for unusually large records)")
    for field in attrs.fields(Limits):
        default = getattr(DEFAULT_LIMITS, field.name)
        group.add_argument(
            "--" + field.name.replace("_", "-"),
            type=positive_int,
            default=default,
            metavar="N",
            help=f"{_HELP[field.name]} (default {default})",
        )


def limits_of(args: argparse.Namespace) -> Limits:
    """The ``Limits`` the options ask for."""
    return Limits(**{f.name: getattr(args, f.name) for f in attrs.fields(Limits)})
