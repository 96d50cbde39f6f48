"""Fixtures of the web tests: a server on an ephemeral port, Debian's Chromium driven by
Playwright, and screenshots in ``out/web``."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pokerlab.web.app import create_app
from pokerlab.web.server import serving

SHOTS = Path(__file__).resolve().parents[2] / "out" / "web"
CHROMIUM = "/usr/bin/chromium"
# Flags that work on a machine without a screen or a network (see docs/web.md).
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a server (its own match database) for the tests of one module."""
    db = tmp_path_factory.mktemp("web") / "web.sqlite"
    with serving(create_app(db)) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Headless Chromium (Debian's; ``make test`` installs it when missing)."""
    from playwright.sync_api import sync_playwright

    if shutil.which(CHROMIUM) is None:
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium (apt-get)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    """A fresh page (its own context: cookies and storage) 1280 pixels wide."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    # generous: on a machine shared by several test runs a page can take seconds to answer
    context.set_default_timeout(90_000)
    context.set_default_navigation_timeout(90_000)
    tab = context.new_page()
    problems: list[str] = []
    tab.on("pageerror", lambda exc: problems.append(str(exc)))
    yield tab
    context.close()
    assert not problems, f"JavaScript errors on the page: {problems}"


@pytest.fixture
def screenshot() -> Callable[[object, str], Path]:
    """``screenshot(page, name)`` saves the whole page as ``out/web/<name>.png``."""

    def save(page: object, name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
        return path

    return save
