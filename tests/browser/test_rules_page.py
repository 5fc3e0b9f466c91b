"""The rules guide as a page of its own: reached from a lobby game card, sections listed at the side,
links inside the guide and the previous/next buttons move between sections, the language switch
translates it, and an unknown game gives a clear message."""

from __future__ import annotations

import re

TIMEOUT_MS = 15_000


def test_the_lobby_opens_each_games_rules(new_page, server, screenshot):
    page = new_page(1280, 900)
    page.add_init_script("localStorage.setItem('cetate.lang', 'en');")
    page.goto(server + "/")
    links = page.locator("[data-testid=rules-link]")
    links.first.wait_for(timeout=TIMEOUT_MS)
    assert links.count() == 3
    games = [link.get_attribute("href") for link in links.all()]
    assert sorted(games) == ["#/rules/akropolis", "#/rules/citadels", "#/rules/gates"]
    page.locator("[data-testid=rules-link][href='#/rules/akropolis']").click()
    body = page.locator("[data-testid=rules]")
    body.wait_for(timeout=TIMEOUT_MS)
    assert "Akropolis" in page.locator("#page-title").inner_text()
    toc = page.locator(".rules-toc a")
    assert toc.count() >= 5
    # a section from the list
    target = toc.nth(2)
    title = target.inner_text()
    target.click()
    page.wait_for_url(re.compile(r".*#/rules/akropolis/[^/]+$"), timeout=TIMEOUT_MS)
    page.locator("[data-testid=rules] h2", has_text=title).wait_for(timeout=TIMEOUT_MS)
    assert page.locator(".rules-toc a.current").inner_text() == title
    # the next button goes one section on
    following = toc.nth(3).inner_text()
    page.locator(".rules-pager a[rel=next]").click()
    page.locator("[data-testid=rules] h2", has_text=following).wait_for(timeout=TIMEOUT_MS)
    screenshot(page, "akropolis-rules.png")
    # a link written in the guide's text goes to its section
    inner = page.locator("[data-testid=rules] a.guide-link")
    if inner.count():
        before = page.url
        inner.first.click()
        page.wait_for_function(f"() => location.href !== {before!r}", timeout=TIMEOUT_MS)
        assert "#/rules/akropolis/" in page.url
    # the page follows the language switch
    page.select_option("#lang-select", "cs")
    page.locator(".rules-toc h2", has_text="Obsah").wait_for(timeout=TIMEOUT_MS)
    assert "pravidla" in page.locator("#page-title").inner_text()


def test_an_unknown_game_has_no_rules(new_page, server):
    page = new_page(1280, 800)
    page.add_init_script("localStorage.setItem('cetate.lang', 'en');")
    page.goto(server + "/#/rules/chess")
    notice = page.locator(".notice.error")
    notice.wait_for(timeout=TIMEOUT_MS)
    assert "chess" in notice.inner_text().lower()
    assert page.locator("a.button[href='#/']").count() == 1
