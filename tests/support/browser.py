"""A real headless Chromium (Debian's) driven by Playwright, for browser tests."""

from __future__ import annotations

import contextlib
import shutil
import tempfile
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.support.smtp import Inbox

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
def page(monkeypatch) -> Iterator:
    """A fresh browser page (pair it with ``live_server`` or ``live_app``)."""
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


@pytest.fixture
def live_app(transactional_db) -> Iterator[str]:
    """The real thing for live pages: daphne (HTTP + WebSockets) and a qcluster, both
    separate processes on the test database; yields the base URL."""
    from tests.support import processes

    with live_daphne() as url, processes.qcluster():
        yield url


@pytest.fixture
def live_app_with_mail(transactional_db) -> Iterator[tuple[str, Inbox]]:
    """live_app whose emails go to a real SMTP server here (aiosmtpd), their links at the
    app's own address; yields the base URL and the Inbox of what arrived."""
    from aiosmtpd.controller import Controller

    from tests.support import processes

    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=processes.free_port())
    smtp.start()
    mail = {"EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(smtp.port)}
    try:
        with (
            live_daphne(SITE_URL="http://127.0.0.1:{port}", **mail) as url,
            processes.qcluster(SITE_URL=url, **mail),
        ):
            yield url, inbox
    finally:
        smtp.stop()


@contextlib.contextmanager
def live_daphne(**env: str) -> Iterator[str]:
    """A daphne process on the test database (with `env` added to its environment, "{port}"
    in a value its own port), once it answers; yields its base URL."""
    from tests.support import processes

    with processes.web_server(**env) as (port, _web):
        url = f"http://127.0.0.1:{port}"
        processes.wait_for(lambda: _answers(f"{url}/accounts/login/"), timeout=30)
        yield url


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError):
        return False


def log_in(page, base_url: str, username: str, password: str) -> None:
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base_url}/")


def accessibility_problems(page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, one line each
    (rule, what it asks, where): an empty list means the page passes. A toast still fading
    in would be measured at part of its opacity, so finite animations end first."""
    page.wait_for_function(
        "document.getAnimations().every(a => a.playState !== 'running'"
        " || a.effect?.getComputedTiming().endTime === Infinity)"
    )
    results = Axe().run(page)
    return [
        f"{page.url}: {violation['id']} ({violation['help']}) at "
        + ", ".join(str(node["target"]) for node in violation["nodes"][:5])
        for violation in results.response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]
