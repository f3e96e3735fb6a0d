"""The web game in a real browser: Debian's chromium driven by playwright (no browser
download), against the real server on a loopback port. A whole hand against a bot by clicks,
the phone layout at 375×667, no request to any other host, and the screenshots of
docs/web.md (written when OKGIN_SCREENSHOTS is set to a folder)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from webtools import Server

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() and not os.environ.get("CI"), reason="no /usr/bin/chromium"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("browser")
    srv = Server(f"sqlite:///{tmp / 'web.sqlite3'}", tmp)
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield b
        finally:
            b.close()


def open_page(browser: Any, server: Server, width: int = 1000, height: int = 900) -> Any:
    page = browser.new_page(viewport={"width": width, "height": height})
    page.foreign = []  # requests to any host but the server
    page.errors = []

    def route(r: Any) -> None:
        if r.request.url.startswith(server.url):
            r.continue_()
        else:
            page.foreign.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on(
        "console",
        lambda m: page.errors.append(m.text) if m.type == "error" else None,
    )
    return page


def best_card(page: Any) -> Any:
    """The playable card whose discard leaves the least deadwood (the number it shows)."""
    cards = page.locator("#hand .card.playable")
    best, best_after = None, 999
    for i in range(cards.count()):
        card = cards.nth(i)
        after = int(card.locator(".after").inner_text())
        if after < best_after:
            best, best_after = card, after
    return best


def play_hand_by_clicks(page: Any, max_clicks: int = 400) -> int:
    """Click through one hand: take or pass the upcard, draw, discard the best card, knock
    (confirmed) when offered, lay off the best, done; until the hand's result shows."""
    clicks = 0
    while clicks < max_clicks:
        if page.locator("#result").is_visible():
            return clicks
        page.wait_for_function(
            "() => !document.querySelector('#result').hidden || "
            "document.querySelector('#actions button, #hand .card.playable') !== null",
            timeout=30000,
        )
        if page.locator("#result").is_visible():
            return clicks
        knock = page.locator("#actions button.knock")
        if knock.count():
            knock.first.click()
            page.locator("#confirm-yes").click()
        elif page.locator("#act-best-layoffs").count():
            page.locator("#act-best-layoffs").click()
        elif page.locator("#act-done").count():
            page.locator("#act-done").click()
        elif page.locator("#act-pass").count():
            page.locator("#act-pass").click()
        elif page.locator("#stock:not([disabled])").count():
            page.locator("#stock").click()
        elif page.locator("#hand .card.playable").count():
            best_card(page).click()
        else:
            page.wait_for_timeout(50)
            continue
        clicks += 1
        page.wait_for_timeout(30)
    raise AssertionError("the hand did not end")


def test_a_whole_hand_against_a_bot_by_clicks(browser: Any, server: Server) -> None:
    page = open_page(browser, server)
    page.goto(server.url + "/")
    page.click("#play")
    page.wait_for_selector("#hand .card")
    page.select_option("#pace", "0")
    assert page.locator("#info .limit").inner_text().startswith(("Knock limit", "Gin only"))
    shots = os.environ.get("OKGIN_SCREENSHOTS")
    if shots:
        page.wait_for_timeout(300)
        page.screenshot(path=str(Path(shots) / "web-table.png"))
    clicks = play_hand_by_clicks(page)
    assert clicks >= 3
    text = page.locator("#result").inner_text()
    assert "The hand is over" in text or "The game is over" in text
    assert page.locator("#scores tr").count() >= 3  # header, the hand, the totals
    assert page.locator("#log li").count() >= 4
    if shots:
        page.screenshot(path=str(Path(shots) / "web-score.png"), full_page=True)
    if page.locator("#act-next").count():  # the next hand is dealt on a click
        page.locator("#act-next").click()
        page.wait_for_function("() => document.querySelector('#result').hidden")
    assert page.foreign == [] and page.errors == []
    page.close()


def test_the_phone_layout_fits_375_pixels(browser: Any, server: Server) -> None:
    page = open_page(browser, server, 375, 667)
    page.goto(server.url + "/")
    page.click("#play")
    page.wait_for_selector("#hand .card")
    page.select_option("#pace", "0")
    # draw a card so that the hand holds its most cards
    for _ in range(40):
        if page.locator("#hand .card").count() == 11:
            break
        if page.locator("#act-pass").count():
            page.locator("#act-pass").click()
        elif page.locator("#stock:not([disabled])").count():
            page.locator("#stock").click()
        page.wait_for_timeout(100)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 375, f"the page is {width} px wide"
    box = page.locator("#hand").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375
    if os.environ.get("OKGIN_SCREENSHOTS"):
        page.screenshot(path=str(Path(os.environ["OKGIN_SCREENSHOTS"]) / "web-phone.png"))
    assert page.foreign == [] and page.errors == []
    page.close()
