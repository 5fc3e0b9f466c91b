"""The public lobby and quick match in the browser (issue 33 item 4; web/lobby.js, web/quickmatch.js,
docs/accounts.md "The public lobby" and "Quick match").

In Chromium, by clicking: a person signs up, asks for a quick match of Gates, waits, chooses to play now with a
bot, plays the rated game to the end, and finds their rating moved on their profile; two people asking for the
same game at once are seated at one table; a wait can be cancelled; the lobby lists a public table with its
players, options, free seats, clock and ratings, filters it, and one click takes its seat. CETATE_SCREENSHOTS=1
saves docs/screenshots/quickmatch-waiting.png, lobby-public.png and lobby-public-phone.png.
"""

from __future__ import annotations

import re

from tests.browser.test_accounts_browser import TIMEOUT_MS, no_raw_text, open_app, sign_up, text, unique
from tests.browser.test_gates import BOARD, Player


def quick(page, server: str, game: str = "gates", players: int = 2) -> None:
    page.goto(f"{server}/#/quick?game={game}&players={players}")
    page.locator("#quick-start").click()
    page.locator("[data-testid=quick-waiting]").wait_for(timeout=TIMEOUT_MS)


def table_of(page) -> str:
    page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TIMEOUT_MS)
    return page.url.rsplit("/", 1)[1]


def test_sign_up_quick_match_play_to_the_end_and_see_the_rating(new_page, server, screenshot):
    page = new_page(1280, 800)
    name = unique("Quick")
    open_app(page, server, "/signin")
    sign_up(page, name, display="Quick Ana")

    # from the lobby's game card: quick match, Gates, 2 players
    page.goto(f"{server}/#/")
    page.locator(".quick-match[data-game=gates][data-players='2']").click()
    page.wait_for_url(re.compile(r".*#/quick\?game=gates&players=2$"), timeout=TIMEOUT_MS)
    assert page.locator("#quick-game").input_value() == "gates"
    assert page.locator("#quick-players").input_value() == "2"
    assert text("web.quick.rated_note") in page.locator("[data-testid=quick-form]").inner_text()
    page.locator("#quick-start").click()
    waiting = page.locator("[data-testid=quick-waiting]")
    waiting.wait_for(timeout=TIMEOUT_MS)
    assert "Looking for players" in waiting.inner_text()
    # a newcomer's 1500, and the range the server allows so far (150 at first, widening as the page asks)
    rng = re.search(r"Your rating (\d+) · players from (\d+) to (\d+)", waiting.inner_text())
    assert rng and int(rng.group(1)) == 1500 and int(rng.group(2)) <= 1350 and int(rng.group(3)) >= 1650, waiting.inner_text()
    page.wait_for_function("() => /waiting for 0:0[2-9]/.test(document.body.innerText)", timeout=TIMEOUT_MS)
    no_raw_text(page)
    screenshot(page, "quickmatch-waiting.png", full_page=True)

    # nobody else comes: the player chooses to play now, a bot takes the other seat
    page.locator("#quick-bots").click()
    table_id = table_of(page)
    page.locator(BOARD).wait_for(timeout=TIMEOUT_MS)
    assert Player(page).play(deadline_s=150) == "over"

    # the rating moved, and the profile shows it with the game
    page.wait_for_function(
        """async (name) => {
             const r = await fetch('/api/ratings/gates').then((x) => x.json());
             return r.ratings.some((x) => x.name === name);
           }""", arg=name, timeout=TIMEOUT_MS)
    page.goto(f"{server}/#/u/{name}")
    card = page.locator(".acc-game[data-game=gates]")
    card.wait_for(timeout=TIMEOUT_MS)
    shown, plus_minus = (int(x) for x in re.fullmatch(r"(-?\d+) ± (\d+)", card.locator("[data-testid=rating]").inner_text()).groups())
    assert (shown, plus_minus) != (1500, 1250) and plus_minus < 1250
    assert "1 game played" in card.inner_text()
    assert page.locator(f"[data-testid=replay-link][href*='{table_id}']").count() == 1
    no_raw_text(page)


def test_two_people_asking_at_once_sit_at_one_table_and_a_wait_can_be_cancelled(new_page, server):
    one, two = new_page(), new_page()
    for page, who in ((one, "Ion"), (two, "Eva")):
        open_app(page, server, "/signin")
        sign_up(page, unique(who))
    quick(one, server)
    # the first cancels, and the form is back
    one.locator("#quick-cancel").click()
    one.locator("[data-testid=quick-form]").wait_for(timeout=TIMEOUT_MS)
    assert one.evaluate("fetch('/api/quick').then((r) => r.json())") == {"status": "none"}
    # then both ask: the second is seated at once, the first when its page asks next
    quick(one, server)
    two.goto(f"{server}/#/quick?game=gates&players=2")
    two.locator("#quick-start").click()
    first, second = table_of(two), table_of(one)
    assert first == second
    for page in (one, two):
        page.locator(BOARD).wait_for(timeout=TIMEOUT_MS)
    seats = {int(p.locator(BOARD).get_attribute("data-seat")) for p in (one, two)}
    assert seats == {0, 1}


def test_the_public_lobby_lists_filters_and_seats(new_page, server, screenshot):
    # a guest makes a public Citadels table from the new-table form: seats 2 and 3 for invited people, a clock
    host = new_page()
    open_app(host, server, "/new/citadels")
    host.locator("#public").wait_for(timeout=TIMEOUT_MS)
    assert text("web.lobby.public.list_help") in host.locator(".public-panel").inner_text()
    host.locator("#public").check()
    host.locator("#create-table").click()  # you and bots only: refused, in words, and nothing made
    refusal = text("web.error.code.public_no_free_seat")
    host.wait_for_function("(words) => document.body.innerText.includes(words)", arg=refusal, timeout=TIMEOUT_MS)
    assert host.url.endswith("#/new/citadels")
    for seat in (1, 2):
        host.locator(f".seat-kind[data-seat='{seat}']").select_option("human")
    host.locator("#clock-on").check()
    host.locator("#clock-minutes").fill("10")
    host.locator("#clock-increment").fill("5")
    host.locator("#create-table").click()
    table_id = table_of(host)

    page = new_page(1280, 900)
    open_app(page, server, "/")
    row = page.locator(f".public-row[data-table='{table_id}']")
    row.wait_for(timeout=TIMEOUT_MS)
    words = row.inner_text()
    assert "Unrated" in words and "4 players · free seats: 2" in words
    assert "Clock: 10 min + 5 s a move" in words and "Standard rules" in words
    no_raw_text(page)
    assert page.locator("#public-near").count() == 0  # "near my rating" is for the signed in
    # the filters: another game hides it, its game and player count show it
    page.locator("#public-game").select_option("gates")
    row.wait_for(state="detached", timeout=TIMEOUT_MS)
    page.locator("#public-game").select_option("citadels")
    page.locator("#public-players").select_option("4")
    row.wait_for(timeout=TIMEOUT_MS)
    page.locator("#public-rated").select_option("rated")
    row.wait_for(state="detached", timeout=TIMEOUT_MS)
    page.locator("#public-rated").select_option("")
    row.wait_for(timeout=TIMEOUT_MS)
    screenshot(page, "lobby-public.png", full_page=True)

    phone = new_page(390, 844)
    open_app(phone, server, "/")
    phone.locator(f".public-row[data-table='{table_id}']").wait_for(timeout=TIMEOUT_MS)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "lobby-public-phone.png", full_page=True)

    # one click takes a free seat; the lobby, refreshed, shows one seat fewer
    row.locator("[data-testid=sit]").click()
    assert table_of(page) == table_id
    page.locator("[data-testid=waiting], .waiting-panel, main").first.wait_for(timeout=TIMEOUT_MS)
    held = page.evaluate(f"JSON.parse(localStorage.getItem('cetate.tables'))['{table_id}']")
    assert list(held["seats"]) == ["1"] and held["seats"]["1"]["token"]
    phone.locator("[data-testid=public-refresh]").click()
    phone.wait_for_function(
        f"""() => {{ const r = document.querySelector(".public-row[data-table='{table_id}']");
                    return r && r.innerText.includes('free seats: 1'); }}""", timeout=TIMEOUT_MS)


def test_the_quick_match_page_and_the_open_tables_read_right_in_each_language(new_page, server):
    from cetate.core.i18n import LANGUAGES

    for lang in LANGUAGES:
        page = new_page()
        open_app(page, server, "/signin", lang)
        sign_up(page, unique("Lang"))
        page.goto(f"{server}/#/quick?game=citadels&players=3")
        page.locator("[data-testid=quick-form]").wait_for(timeout=TIMEOUT_MS)
        assert text("web.quick.start", lang) in page.locator("#quick-start").inner_text()
        no_raw_text(page)
        page.locator("#quick-start").click()
        waiting = page.locator("[data-testid=quick-waiting]")
        waiting.wait_for(timeout=TIMEOUT_MS)
        assert text("web.quick.bots_now", lang) in waiting.inner_text()
        no_raw_text(page)
        page.locator("#quick-cancel").click()
        page.locator("[data-testid=quick-form]").wait_for(timeout=TIMEOUT_MS)
        page.goto(f"{server}/#/")
        page.locator("[data-testid=public-tables] h2").wait_for(timeout=TIMEOUT_MS)
        assert page.locator("[data-testid=public-tables] h2").inner_text() == text("web.lobby.public.title", lang)
        near = page.locator("#public-near")
        near.select_option("near")  # a newcomer has no rating yet: every table stays
        assert text("web.lobby.public.near_near", lang, gap=300) in near.inner_text()
        no_raw_text(page)
