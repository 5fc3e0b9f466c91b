"""Accounts and ratings in the browser (issue 33; src/cetate/web/account.js, accounts.js, header.js; docs/accounts.md).

In Chromium, by clicking: a person signs up, makes a rated Gates table against a bot, plays it to the end, and
finds their rating moved on the leaderboard and on their profile (with its chart); a guest plays a table, then
signs up and brings it to the account; a wrong password and a taken name are told in words; the sign-in page
and the profile read right in each of the five languages. CETATE_SCREENSHOTS=1 saves the sign-in page, the
profile and the leaderboard, desktop and phone, to docs/screenshots/accounts-*.png.
"""

from __future__ import annotations

import re
import secrets

import pytest

from cetate.core.i18n import LANGUAGES, Catalog
from tests.browser.test_gates import BOARD, Player

PASSWORD = "a long pass phrase"
TIMEOUT_MS = 20_000
CORE = Catalog()
# a key or a template field that leaked into the page
RAW = re.compile(r"\bweb\.[a-z0-9_.]+|\{[a-z_]+[:}]|\bundefined\b|\bNaN\b|\[object ")


def unique(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(3)}"


def text(key: str, lang: str = "en", **params) -> str:
    return CORE.text(key, lang, **params)


def open_app(page, server: str, hash_: str, lang: str = "en") -> None:
    page.add_init_script(f"localStorage.setItem('cetate.lang', '{lang}');")
    page.goto(f"{server}/#{hash_}")


def sign_up(page, name: str, display: str | None = None) -> None:
    """Fill the sign-up form of #/signin (already open) and wait for the account page."""
    page.locator("[data-testid=tab-signup]").click()
    page.locator("#signup-name").fill(name)
    if display:
        page.locator("#signup-display").fill(display)
    page.locator("#signup-password").fill(PASSWORD)
    page.locator("#signup-password2").fill(PASSWORD)
    page.locator("#signup-submit").click()
    page.wait_for_url(re.compile(r".*#/account$"), timeout=TIMEOUT_MS)
    page.locator("[data-testid=header-account]").wait_for()


def no_raw_text(page) -> None:
    body = page.locator("body").inner_text()
    bad = RAW.search(body)
    assert not bad, f"raw text {bad.group(0)!r} in the page: ...{body[max(0, bad.start() - 80):bad.end() + 80]}..."


def test_sign_up_play_a_rated_game_and_see_the_rating_move(new_page, server, screenshot):
    page = new_page(1280, 800)
    name = unique("Ana")
    open_app(page, server, "/signin")
    page.locator("[data-testid=header-signin]").wait_for()
    assert page.locator("[data-testid=header-signin]").inner_text() == "Sign in"
    screenshot(page, "accounts-signin.png", full_page=True)
    sign_up(page, name, display="Ana Maria")
    assert page.locator("[data-testid=header-account]").inner_text().strip() == "Ana Maria"
    assert "Welcome, Ana Maria!" in page.locator("[data-testid=flash]").inner_text()
    no_raw_text(page)

    # a rated table against a bot, from the new-table form
    page.goto(f"{server}/#/new/gates")
    rated = page.locator("#rated")
    rated.wait_for()
    assert text("web.account.new.help") in page.locator(".rated-panel").inner_text()
    rated.check()
    assert page.locator(".seat-kind option[value=hotseat]").first.is_disabled()
    page.locator("#create-table").click()
    page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TIMEOUT_MS)
    table_id = page.url.rsplit("/", 1)[1]
    page.locator(BOARD).wait_for(timeout=TIMEOUT_MS)

    def no_hints(player: Player, state: str) -> None:  # a rated game offers no hint and no take-back
        assert page.locator("[data-testid=hint]").count() == 0 and page.locator("[data-testid=undo]").count() == 0

    assert Player(page).play(deadline_s=150, before=no_hints) == "over"

    # the rating moved: wait for it (the bot's last move may be written just after the end shows)
    page.wait_for_function(
        """async (name) => {
             const r = await fetch('/api/ratings/gates').then((x) => x.json());
             return r.ratings.some((x) => x.name === name);
           }""", arg=name, timeout=TIMEOUT_MS)
    page.goto(f"{server}/#/ratings/gates")
    board = page.locator("[data-testid=leaderboard]")
    board.wait_for()
    mine = board.locator("tr.mine")
    assert mine.count() == 1 and "Ana Maria" in mine.inner_text()
    assert board.locator("tr[data-kind=bot]").count() >= 1
    bot_names = board.locator("tr[data-kind=bot]").all_inner_texts()
    assert any(text("bot.gates-heuristic.name") in row or text("bot.ismcts-normal.name") in row for row in bot_names), bot_names
    assert "±" in mine.inner_text()
    no_raw_text(page)
    screenshot(page, "accounts-leaderboard.png", full_page=True)

    mine.locator("a").click()
    page.wait_for_url(re.compile(rf".*#/u/{name}$"), timeout=TIMEOUT_MS)
    card = page.locator(".acc-game[data-game=gates]")
    card.wait_for()
    rating = card.locator("[data-testid=rating]").inner_text()
    shown, plus_minus = (int(x) for x in re.fullmatch(r"(-?\d+) ± (\d+)", rating).groups())
    assert plus_minus < 1250 and (shown, plus_minus) != (1500, 1250), rating  # one rated game narrowed it
    assert "1 game played" in card.inner_text()
    chart = card.locator("svg.rating-chart")
    assert chart.locator("circle.chart-dot").count() == 2  # the start and one game
    assert chart.locator("text.chart-axis-label").all_text_contents() == ["Rated games", "Rating"]
    assert chart.locator("path.chart-line").get_attribute("d").startswith("M")
    assert page.locator(f"[data-testid=replay-link][href*='{table_id}']").count() == 1
    no_raw_text(page)
    screenshot(page, "accounts-profile.png", full_page=True)

    # the same pages on a phone
    phone = new_page(390, 844)
    for hash_, shot, ready in ((f"/u/{name}", "accounts-profile-phone.png", "svg.rating-chart"),
                               ("/ratings/gates", "accounts-leaderboard-phone.png", "[data-testid=leaderboard]"),
                               ("/signin", "accounts-signin-phone.png", "#signin-name")):
        phone.goto(f"{server}/#{hash_}")
        phone.locator(ready).wait_for()
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        screenshot(phone, shot, full_page=True)


def test_a_guest_table_is_claimed_at_sign_up(new_page, server, screenshot):
    page = new_page()
    open_app(page, server, "/")
    page.locator(".quick-play[data-game=gates]").click()
    page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TIMEOUT_MS)
    table_id = page.url.rsplit("/", 1)[1]
    page.locator(BOARD).wait_for(timeout=TIMEOUT_MS)
    Player(page).step()  # the guest plays a move (the shuffle)

    page.goto(f"{server}/#/signin?mode=signup")
    claim = page.locator("#signup-claim")
    claim.wait_for()
    assert claim.is_checked()
    assert text("web.account.claim.label", count=1) in page.locator(".acc-claim").inner_text()
    name = unique("Guest")
    sign_up(page, name)
    assert text("web.account.claim.done", count=1) in page.locator("[data-testid=flash]").inner_text()
    seats = page.locator("[data-testid=account-seats]")
    seats.locator(f"[data-table='{table_id}']").wait_for()
    assert seats.locator(f"[data-table='{table_id}'] a[href='#/t/{table_id}']").count() == 1
    no_raw_text(page)
    screenshot(page, "accounts-account.png", full_page=True)

    # export my data: a download of the account's JSON file
    with page.expect_download() as download:
        page.locator("[data-testid=export]").click()
    assert download.value.suggested_filename == f"cetate-{name}.json"

    # deleting asks the password, then a confirmation
    page.on("dialog", lambda dialog: dialog.accept())
    page.locator("#delete-password").fill("not the password")
    page.locator("#delete-account").click()
    error = page.locator(".acc-danger [data-field=password] .field-error")
    page.wait_for_function("() => document.querySelector('.acc-danger [data-field=password] .field-error').textContent !== ''")
    assert error.inner_text() == text("web.error.code.wrong_password")
    page.locator("#delete-password").fill(PASSWORD)
    page.locator("#delete-account").click()
    page.wait_for_url(re.compile(r".*#/signin$"), timeout=TIMEOUT_MS)
    assert page.locator("[data-testid=flash]").inner_text() == text("web.account.delete.done")
    page.locator("[data-testid=header-signin]").wait_for()


def test_an_account_plays_its_seat_on_a_second_device(new_page, server):
    laptop = new_page()
    open_app(laptop, server, "/signin")
    name = unique("Two")
    sign_up(laptop, name)
    laptop.goto(f"{server}/#/")
    laptop.locator(".quick-play[data-game=gates]").click()  # signed in: the seat is the account's
    laptop.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TIMEOUT_MS)
    table_id = laptop.url.rsplit("/", 1)[1]
    laptop.locator(BOARD).wait_for(timeout=TIMEOUT_MS)

    phone = new_page(390, 844)  # another browser: no token of that table
    open_app(phone, server, "/signin")
    phone.locator("#signin-name").fill(name)
    phone.locator("#signin-password").fill(PASSWORD)
    phone.locator("#signin-submit").click()
    phone.locator("[data-testid=header-account]").wait_for()
    phone.goto(f"{server}/#/account")
    row = phone.locator(f"[data-testid=account-seats] [data-table='{table_id}']")
    row.wait_for(timeout=TIMEOUT_MS)
    row.locator("a.primary").click()
    phone.wait_for_url(re.compile(rf".*#/t/{table_id}$"), timeout=TIMEOUT_MS)
    phone.locator(BOARD).wait_for(timeout=TIMEOUT_MS)
    held = phone.evaluate(f"JSON.parse(localStorage.getItem('cetate.tables'))['{table_id}'].seats['0'].token")
    assert held
    Player(phone).step()  # the phone plays the seat (the shuffle)
    no_raw_text(phone)


def test_a_wrong_password_and_a_taken_name_are_told_in_words(new_page, server):
    first = new_page()
    name = unique("Bo")
    open_app(first, server, "/signin")
    sign_up(first, name)

    page = new_page()
    open_app(page, server, "/signin")
    page.locator("#signin-name").fill(name.lower())  # names match whatever their case
    page.locator("#signin-password").fill("not the password")
    page.locator("#signin-submit").click()
    error = page.locator("[data-field=password] .field-error")
    error.wait_for()
    assert error.inner_text() == text("web.error.code.bad_credentials")
    assert page.locator("[data-testid=header-signin]").count() == 1

    page.locator("[data-testid=tab-signup]").click()
    page.locator("#signup-name").fill(name.upper())
    page.locator("#signup-password").fill(PASSWORD)
    page.locator("#signup-password2").fill(PASSWORD + "!")
    page.locator("#signup-submit").click()
    assert page.locator("[data-field=password2] .field-error").inner_text() == text("web.error.code.password_mismatch")
    page.locator("#signup-password2").fill(PASSWORD)
    page.locator("#signup-submit").click()
    taken = page.locator("[data-field=name] .field-error")
    page.wait_for_function("() => document.querySelector('[data-field=name] .field-error').textContent !== ''")
    assert taken.inner_text() == text("web.error.code.name_taken")

    # the right password signs in, and the header shows the person
    page.locator("[data-testid=tab-signin]").click()
    page.locator("#signin-name").fill(name)
    page.locator("#signin-password").fill(PASSWORD)
    page.locator("#signin-submit").click()
    page.wait_for_url(re.compile(r".*#/account$"), timeout=TIMEOUT_MS)
    assert page.locator("[data-testid=header-account]").inner_text().strip() == name
    # and the header's menu signs out
    page.locator("[data-testid=header-account]").click()
    page.locator("[data-testid=header-signout]").click()
    page.locator("[data-testid=header-signin]").wait_for()
    assert page.evaluate("fetch('/api/account').then((r) => r.json()).then((d) => d.user)") is None


@pytest.fixture(scope="module")
def someone(browser, server):
    """A person with an account and no games yet (made through the page's own calls)."""
    from tests.browser.conftest import _new_page

    context, page, _ = _new_page(browser, 1280, 720)
    name = unique("Cy")
    page.goto(f"{server}/#/signin")
    page.locator("#signin-name").wait_for()
    sign_up(page, name)
    context.close()
    return name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sign_in_page_and_a_profile_in_each_language(new_page, server, someone, lang):
    page = new_page()
    open_app(page, server, "/signin", lang)
    heading = page.locator(".signin-page h1")
    heading.wait_for()
    assert heading.inner_text() == text("web.account.signin.title", lang)
    assert page.locator("[data-testid=header-signin]").inner_text() == text("web.account.sign_in", lang)
    page.locator("[data-testid=tab-signup]").click()
    assert page.locator(".signin-page h1").inner_text() == text("web.account.signup.title", lang)
    assert text("web.account.field.password_help", lang) in page.locator(".signin-page").inner_text()
    no_raw_text(page)

    page.goto(f"{server}/#/u/{someone}")
    page.locator("[data-testid=profile-name]").wait_for()
    assert page.locator("[data-testid=profile-name]").inner_text() == someone
    assert text("web.account.profile.recent", lang) in page.locator(".acc-recent").inner_text()
    assert text("web.account.profile.no_games", lang) in page.locator(".profile-page").inner_text()
    no_raw_text(page)

    page.goto(f"{server}/#/u/nobody-{someone}")
    page.locator("[data-testid=profile-error]").wait_for()
    assert page.locator("[data-testid=profile-error]").inner_text().startswith(text("web.error.code.unknown_user", lang))
