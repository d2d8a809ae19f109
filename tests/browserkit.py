"""Headless Chromium for the tests that look at pages in a real browser
(the game page, docs/render.md; the table server, docs/serve.md): Debian's
``chromium`` and ``chromedriver`` driven by Selenium, which .ci/run installs."""

from __future__ import annotations

import importlib.util
import shutil
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium")
DRIVER = shutil.which("chromedriver")

SELENIUM = importlib.util.find_spec("selenium") is not None

needs_chromium = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None or not SELENIUM,
    reason="chromium and chromedriver (Debian) and selenium (the test extra) are needed; .ci/run installs them",
)
"""Mark a test (or ``pytestmark`` a module) that opens a browser: skipped
where the browser or Selenium is missing (the lowest-versions run has no
Selenium)."""


def chromium(width: int, height: int) -> Any:
    """A headless Chromium driver with a ``width`` × ``height`` window; the
    caller quits it (``driver.quit()``)."""
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={width},{height}"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(str(DRIVER)), options=options)


def phone(width: int, height: int) -> Any:
    """A headless Chromium that lays pages out as a phone ``width`` CSS px
    wide (Chrome's device emulation: a desktop window is never narrower than
    about 500 px), touch events on; the caller quits it."""
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={width},{height}"):
        options.add_argument(arg)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2, "touch": True}})
    return webdriver.Chrome(service=Service(str(DRIVER)), options=options)
