"""A real headless Chromium (Debian's) driven by Playwright, for browser tests."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator

import pytest

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture
def page(live_server, monkeypatch) -> Iterator:
    """A fresh browser page; tests navigate with f"{live_server.url}/…"."""
    executable = chromium_path()
    if executable is None:
        pytest.skip("Chromium is not installed (make test installs Debian's chromium as root)")
    # Playwright's sync API runs its loop in a greenlet of this thread; the test's own ORM
    # calls are still plain synchronous code.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
        browser = playwright.chromium.launch_persistent_context(
            profile, executable_path=executable, args=CHROMIUM_ARGS, headless=True
        )
        page = browser.new_page()
        page.set_default_timeout(15_000)
        try:
            yield page
        finally:
            browser.close()
