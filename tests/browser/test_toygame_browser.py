"""A fourth game in the browser with no table module of its own (issue 30): Pebbles (tests/toygame), registered as a
plug-in's entry point, is drawn by the generic table (src/cetate/web/table/generic.js) and played to the end by
clicking, from the lobby's new-table form against a bot.

The server runs in this test's process (uvicorn in a thread, bots in threads: `bot_workers=0`), because Pebbles
joins the game registry through a patched entry-point list (tests/toygame/plugin.py), which a `cetate serve`
subprocess or a spawned bot worker would not see.

The table: 5 pebbles, at most 6 a turn, misère (whoever takes the last pebble loses). Whoever begins (the seed is
drawn by the server), this page meets a take refused for want of pebbles (`refusals` in the view), and the bot's
and the page's moves end the game in two or three moves: the page clicks the take the engine's note marks as
winning, else the first one. Hooks: `[data-testid=generic-table]`, `generic-moves`, `generic-seats`,
`generic-result`, `button.gv-move` (`[disabled]` when refused), `.gv-note`, `[data-field=<view field>]`.
"""

from __future__ import annotations

import re
import socket
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from tests.browser.conftest import CHROMIUM_ARGS, DEFAULT_TIMEOUT_MS  # noqa: F401  (the same browser set-up)
from tests.toygame.plugin import registered

GAME_DEADLINE_S = 60
BOARD = "[data-testid=generic-table]"
MOVES = "[data-testid=generic-moves] button.gv-move"
SCORES = ".scores-dialog [data-testid=score-table]"
# message keys, template fields, JavaScript values or JSON leaking into the page
RAW = re.compile(r"\b(web|event|view|note|refusal|action|score)\.[a-z0-9_]+\b|\{[a-z_]+[:}]|\bundefined\b|\bNaN\b"
                 r"|\bnull\b|\[object |\{\"")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def pebbles_server(chromium_path, tmp_path_factory):
    """Base URL of a server with Pebbles registered, running in this process."""
    import uvicorn

    from cetate.server.app import create_app
    from tests.server.conftest import make_settings

    with registered():
        settings = make_settings(tmp_path_factory.mktemp("pebbles-data"), bot_workers=0, bot_delay_s=0.05)
        port = _free_port()
        server = uvicorn.Server(uvicorn.Config(create_app(settings), host="127.0.0.1", port=port,
                                               log_level="warning", lifespan="on"))
        thread = threading.Thread(target=server.run, name="pebbles-server", daemon=True)
        thread.start()
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                pytest.fail("the in-process server did not start", pytrace=False)
            time.sleep(0.05)
        with urllib.request.urlopen(f"{base}/api/games", timeout=5) as r:
            assert b'"pebbles"' in r.read()
        try:
            yield base
        finally:
            server.should_exit = True
            thread.join(timeout=15)


@pytest.fixture
def desk(browser, pebbles_server):
    """A desktop-size page (1280x800) of its own context; uncaught JavaScript errors fail the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert errors == [], errors


def _board_text(page) -> str:
    return page.locator(BOARD).inner_text()


def test_a_game_without_a_module_plays_to_the_end_in_the_generic_table(desk, pebbles_server, screenshot):
    page = desk
    page.goto(f"{pebbles_server}/")
    page.locator("a[href='#/new/pebbles']").first.click()
    page.locator("#create-table").wait_for()
    page.locator("input.seat-name").first.fill("Ana")
    page.locator("select.seat-level").first.select_option("easy")  # the game's own bot (pebbles-heuristic)
    page.locator("[data-option=stones] input").fill("5")
    page.locator("[data-option=max_take] input").fill("6")
    page.locator("[data-option=misere] input[type=checkbox]").check()
    page.locator("#create-table").click()

    page.locator(BOARD).wait_for()
    assert page.locator("pre.raw-view").count() == 0  # no JSON dump
    # the view's fields, in the game's words, and the players' table
    assert page.locator("[data-field=max_take] dt").inner_text() == "Most pebbles a turn"
    assert page.locator("[data-field=max_take] dd").inner_text() == "6"
    assert page.locator("[data-field=misere] dd").inner_text() == "yes"
    assert page.locator("[data-field=first] dd").inner_text() in ("Ana (you)", "Bot 2")
    seats = page.locator("[data-testid=generic-seats] tbody tr")
    assert seats.count() == 2 and seats.nth(0).locator("th").inner_text() == "Ana (you)"
    assert "Pebbles taken" in page.locator("[data-testid=generic-seats] thead").inner_text()

    clicks = 0
    refused_seen = False
    shot = False
    deadline = time.monotonic() + GAME_DEADLINE_S
    while time.monotonic() < deadline:
        if page.locator(SCORES).count():
            break
        moves = page.locator(f"{MOVES}:not([disabled])")
        if page.locator(".table-page.busy").count() or not moves.count():
            page.wait_for_timeout(100)
            continue
        labels = page.locator(f"{MOVES} .gv-move-label").all_inner_texts()
        assert labels and all(re.fullmatch(r"Take \d pebbles?", x) for x in labels), labels
        notes = moves.locator(".gv-note").all_inner_texts()
        assert notes and all(re.match(r"\d+ left", n) for n in notes), notes
        refused = page.locator(f"{MOVES}[disabled]")
        if refused.count():
            refused_seen = True
            assert re.fullmatch(r"Take 6 pebbles", refused.last.locator(".gv-move-label").inner_text())
            assert re.fullmatch(r"only \d pebbles? left", refused.last.locator(".gv-note").inner_text())
        assert not RAW.search(_board_text(page)), _board_text(page)
        if not shot:
            screenshot(page, "toygame-table.png")
            shot = True
        winning = moves.filter(has_text="a winning take")
        (winning if winning.count() else moves).first.click()
        clicks += 1
        page.wait_for_timeout(150)
    assert page.locator(SCORES).count(), "the game did not end"
    assert clicks >= 1 and refused_seen

    # the end: the scores dialog (the game's score names), then the board's own result
    scores = page.locator(SCORES)
    assert "Pebbles taken" in scores.inner_text() and scores.locator("tbody tr").count() == 2
    assert re.search(r"Winner: (Ana|Bot 2)", page.locator(".scores-dialog").inner_text())
    page.locator(".scores-dialog .dialog-close").click()
    result = page.locator("[data-testid=generic-result]")
    assert "The game is over" in result.inner_text() and "Pebbles taken" in result.inner_text()
    assert page.locator("[data-field=stones] dd").inner_text() == "0"
    assert page.locator("[data-testid=generic-moves]").count() == 0
    assert not RAW.search(_board_text(page)), _board_text(page)
    journal = page.locator(".journal-list").inner_text()
    assert "takes" in journal and ("Ana wins." in journal or "Bot 2 wins." in journal)


def test_nothing_of_the_page_names_the_game():
    """The generic table is generic: the client's sources never name the toy game."""
    web = Path(__file__).resolve().parents[2] / "src" / "cetate" / "web"
    for path in web.rglob("*"):
        if path.suffix in (".js", ".css", ".html"):
            assert "pebble" not in path.read_text(encoding="utf-8").lower(), path
