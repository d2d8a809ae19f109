"""Sphinx configuration for the API reference, built from the docstrings.

Build (CI does, warnings are errors)::

    .venv/bin/sphinx-build -W --keep-going -q -b html docs/reference build/reference
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))

project = "dlrules"
author = "the dlrules authors"
copyright = "the dlrules authors, MIT licence"  # noqa: A001 - Sphinx's name
extensions = ["sphinx.ext.autodoc"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False}
autodoc_preserve_defaults = True
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_static_path: list[str] = []
