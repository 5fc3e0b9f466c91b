"""The replay compared with the easy bot: after a finished game, "Compare with the bot" tells at how many
of the person's moves the bot would have played otherwise, jumps from one such move to the next, and says
at each of them what the bot would have played."""

from __future__ import annotations

import re

from tests.browser.test_lobby_results import _finish

TIMEOUT_MS = 20_000


def test_a_finished_game_is_compared_with_the_bot(new_page, server, screenshot):
    table_id, _token, _result = _finish(server, "gates", 2, 21)
    page = new_page(1280, 860)
    page.add_init_script("localStorage.setItem('cetate.lang', 'en');")
    page.goto(f"{server}/#/replay/{table_id}?seat=0&step=0")
    page.locator("[data-testid=review]").click(timeout=TIMEOUT_MS)
    summary = page.locator("[data-testid=review-summary]")
    summary.wait_for(timeout=TIMEOUT_MS)
    found = re.search(r"otherwise at (\d+) of your (\d+) moves", summary.inner_text())
    assert found and 0 < int(found.group(1)) <= int(found.group(2)), summary.inner_text()
    page.locator("[data-testid=review-next]").click()
    note = page.locator("[data-testid=review-note]")
    note.wait_for(timeout=TIMEOUT_MS)
    assert note.inner_text().startswith("The easy bot would have played: "), note.inner_text()
    screenshot(page, "gates-review.png")
    # the seat of the bot has nothing to compare
    page.select_option("#replay-seat", "1")
    page.locator(".replay-slider").wait_for(timeout=TIMEOUT_MS)
    page.wait_for_timeout(300)
    assert page.locator("[data-testid=review]").count() == 0
