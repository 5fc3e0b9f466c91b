"""The table chat in the browser: two invited players write to each other live, text stays text, and a
table played against bots alone shows no chat."""

from __future__ import annotations

import json
import re
import urllib.request

TIMEOUT_MS = 15_000


def _create(server: str, seats: list[dict]) -> dict:
    body = json.dumps({"game": "gates", "players": 2, "seats": seats})  # two people: the server draws the seed
    req = urllib.request.Request(f"{server}/api/tables", data=body.encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def _open(page, link: str, name: str) -> None:
    page.add_init_script(f"localStorage.setItem('cetate.lang', 'en'); localStorage.setItem('cetate.name', '{name}');")
    page.goto(link)
    page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TIMEOUT_MS)
    overlay = page.locator(".join-overlay")
    page.locator(".tp-board").wait_for(timeout=TIMEOUT_MS)
    if overlay.count():
        overlay.locator("input").fill(name)
        overlay.locator("button[type=submit]").click()
        overlay.wait_for(state="detached", timeout=TIMEOUT_MS)


def test_two_friends_chat_at_the_table(new_page, server):
    doc = _create(server, [{"kind": "human"}, {"kind": "human"}])
    ana, bo = new_page(1280, 800), new_page(1280, 800)
    _open(ana, doc["invite_links"]["0"], "Ana")
    _open(bo, doc["invite_links"]["1"], "Bo")
    for page in (ana, bo):
        page.locator("[data-testid=chat]").wait_for(state="visible", timeout=TIMEOUT_MS)
        assert "No messages yet." in page.locator("[data-testid=chat-list]").inner_text()
    bo.locator("[data-testid=chat-input]").fill("good luck, <b>Ana</b>!")
    bo.locator("[data-testid=chat] button[type=submit]").click()
    line = ana.locator("[data-testid=chat-list] .chat-line")
    line.wait_for(timeout=TIMEOUT_MS)
    assert line.locator(".chat-name").inner_text() == "Bo"
    assert line.locator(".chat-text").inner_text() == "good luck, <b>Ana</b>!"  # text, never markup
    assert ana.locator("[data-testid=chat-list] b").count() == 0
    assert bo.locator("[data-testid=chat-input]").input_value() == ""
    ana.locator("[data-testid=chat-input]").fill("thanks")
    ana.locator("[data-testid=chat-input]").press("Enter")
    bo.locator("[data-testid=chat-list] .chat-line", has_text="thanks").wait_for(timeout=TIMEOUT_MS)
    assert bo.locator("[data-testid=chat-list] .chat-line").count() == 2
    # after a reload the conversation is still there
    bo.reload()
    bo.locator("[data-testid=chat-list] .chat-line", has_text="thanks").wait_for(timeout=TIMEOUT_MS)


def test_a_table_against_bots_has_no_chat(new_page, server):
    doc = _create(server, [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    page = new_page(1280, 800)
    _open(page, doc["invite_links"]["0"], "Ana")
    page.locator("[data-testid=action-bar]").wait_for()
    assert page.locator("[data-testid=chat]").is_hidden()
