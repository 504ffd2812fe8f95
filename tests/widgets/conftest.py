"""Fixtures shared by the widgets' browser tests."""

import pytest
from _browser_kit import chromium


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium driven by Playwright (see ``_browser_kit.chromium``)."""
    with chromium() as launched:
        yield launched
