"""The pages in a real headless Chromium (Debian's, driven by Playwright), with screenshots
in ``out/web``."""

from __future__ import annotations

from pokerlab.agents.registry import available


def test_start_page_lists_the_bots_and_links_every_page(server: str, page, screenshot) -> None:
    page.goto(server + "/")
    names = page.locator("#bots tbody td:first-child").all_inner_texts()
    assert names == list(available())
    assert page.locator("header nav a").all_inner_texts() == ["Play", "Strategies", "Models", "Matches"]
    screenshot(page, "home")
