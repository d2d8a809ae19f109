"""The installed version of dlrules (``dlrules.__version__``), on the bottom
floor so that records can write it without importing the package's face."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("dlrules")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"
