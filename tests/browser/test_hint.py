"""Hints in the browser: at a table against bots the "Hint" button asks the easy bot, the page says the
suggestion in words, outlines the control (or, in Akropolis, the tile and the spot in the city) and
"Play it" plays it. A table of invited friends offers no hint and no take-back."""

from __future__ import annotations

import json
import re
import urllib.request

TIMEOUT_MS = 20_000


def _open(page, server: str, game: str, players: int, seats: list[dict], seed: int | None, options=None) -> dict:
    doc = {"game": game, "players": players, "seats": seats, "options": options or {}}
    if seed is not None:  # only a table with one person may choose its seed
        doc["seed"] = seed
    body = json.dumps(doc)
    req = urllib.request.Request(f"{server}/api/tables", data=body.encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        created = json.load(r)
    page.add_init_script("localStorage.setItem('cetate.lang', 'en');")
    page.goto(created["invite_links"]["0"])
    page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TIMEOUT_MS)
    overlay = page.locator(".join-overlay")
    page.locator(".tp-board").wait_for(timeout=TIMEOUT_MS)
    if overlay.count():
        overlay.locator("input").fill("Ana")
        overlay.locator("button[type=submit]").click()
        overlay.wait_for(state="detached", timeout=TIMEOUT_MS)
    return created


def _ask(page) -> str:
    page.locator("[data-testid=hint]").click()
    line = page.locator("[data-testid=hint-line]")
    line.wait_for(timeout=TIMEOUT_MS)
    text = line.inner_text()
    assert text.startswith("Suggestion: "), text
    return text


def test_a_gates_hint_outlines_the_card_and_plays_it(new_page, server):
    page = new_page(1280, 800)
    _open(page, server, "gates", 2, [{"kind": "human"}, {"kind": "bot", "level": "easy"}], seed=5)
    seen = 0
    for _ in range(6):  # a few decisions of the draft and the first duel, each played through its hint
        page.locator("[data-testid=hint]").wait_for(timeout=TIMEOUT_MS)
        journal = page.locator(".journal-list li").count()
        text = _ask(page)
        assert page.locator(".hinted").count() >= 1, text  # the card or button of that move is outlined
        assert page.locator("[data-testid=hint]").count() == 0  # one hint per decision
        page.locator("[data-testid=hint-play]").click()
        page.wait_for_function(f"() => document.querySelectorAll('.journal-list li').length > {journal}",
                               timeout=TIMEOUT_MS)
        page.locator("[data-testid=hint-line]").wait_for(state="detached", timeout=TIMEOUT_MS)
        seen += 1
    assert seen == 6


def test_an_akropolis_hint_shows_the_tile_and_its_spot(new_page, server, screenshot):
    page = new_page(1280, 800)
    _open(page, server, "akropolis", 1, [{"kind": "human"}], seed=7, options={"architect": "callicrates"})
    board = page.locator(".akr[data-mine='1'][data-phase=take]")
    board.wait_for(timeout=TIMEOUT_MS)
    text = _ask(page)
    assert "outlined" in text
    assert page.locator("button.akr-site-tile.hinted").count() == 1
    page.locator("[data-testid=hint-spot]").wait_for(timeout=TIMEOUT_MS)
    assert page.locator(".akr-preview.legal").count() == 1  # the tile is drawn there, turned as the hint says
    screenshot(page, "akropolis-hint.png")
    tiles = page.locator("svg.akr-city-svg .akr-cells > *").count()
    page.locator("[data-testid=hint-play]").click()
    # the tile is taken and placed: the city grows by three hexes and the next decision comes
    page.wait_for_function(f"() => document.querySelectorAll('svg.akr-city-svg .akr-cells > *').length >= {tiles + 3}",
                           timeout=TIMEOUT_MS)
    page.locator(".akr[data-mine='1'][data-phase=take]").wait_for(timeout=TIMEOUT_MS)
    assert page.locator("[data-testid=hint-line]").count() == 0


def test_a_citadels_hint_outlines_the_character_to_pick(new_page, server, screenshot):
    page = new_page(1280, 800)
    _open(page, server, "citadels", 4, [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * 3, seed=3)
    page.locator("[data-testid=hint]").wait_for(timeout=TIMEOUT_MS)
    text = _ask(page)
    assert re.search(r"Suggestion: (Pick|Put) the ", text), text
    page.locator(".dialog .card.character.hinted").wait_for(timeout=TIMEOUT_MS)
    screenshot(page, "citadels-hint.png")


def test_friends_get_no_hint_and_no_take_back(new_page, server):
    page = new_page(1280, 800)
    _open(page, server, "gates", 2, [{"kind": "human"}, {"kind": "human"}], seed=None)
    page.locator("[data-testid=action-bar]").wait_for(timeout=TIMEOUT_MS)
    if page.locator("[data-action=shuffle]").count():  # a move of ours first: still nothing to take back
        page.locator("[data-action=shuffle]").click()
    page.wait_for_timeout(500)
    assert page.locator("[data-testid=hint]").count() == 0
    assert page.locator("[data-testid=undo]").count() == 0
