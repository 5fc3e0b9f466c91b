"""Turn-based play in the browser (src/cetate/web/turns.js, docs/turn-based.md), in Chromium: the header's badge
counts the tables where it is this browser's turn, #/turns lists them with their deadline and opens one, the
notification opt-in tells of a new turn at a table not on screen (the Notification API, stubbed to record), and
the account page keeps an e-mail address, refusing a malformed one in words."""

from __future__ import annotations

import re

from tests.browser.test_accounts_browser import TIMEOUT_MS, no_raw_text, open_app, sign_up, text, unique

DAY = 86400

# a Notification API that records what the page shows (permission granted)
STUB = """
window.__notes = [];
window.Notification = class {
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.__notes.push(title); this.options = options; }
  close() {}
};
"""


def turn_based_table(page) -> str:
    """A two-seat hot-seat Citadels table with a day per move, made through the API and kept in this browser."""
    return page.evaluate("""async () => {
      const res = await fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({game: "citadels", players: 2, per_move_s: 86400,
                              seats: [{kind: "hotseat"}, {kind: "hotseat"}]})});
      const made = await res.json();
      const all = JSON.parse(localStorage.getItem("cetate.tables") || "{}");
      all[made.table_id] = {game: "citadels", host: made.host_token, created: Date.now(),
        seats: Object.fromEntries(made.seats.map((s) => [s.seat, {token: s.token, kind: "hotseat"}]))};
      localStorage.setItem("cetate.tables", JSON.stringify(all));
      return made.table_id;
    }""")


def test_badge_list_and_a_notification_for_a_new_turn(new_page, server, screenshot):
    page = new_page(1280, 800)
    page.add_init_script(STUB)
    open_app(page, server, "/")
    page.locator("#top").wait_for()
    badge = page.locator("[data-testid=turns-badge]")
    assert badge.is_hidden()
    table_id = turn_based_table(page)

    page.goto(f"{server}/#/turns")
    page.locator("[data-testid=turns-list]").wait_for(timeout=TIMEOUT_MS)
    rows = page.locator(".turn-row")
    assert rows.count() == 1 and rows.first.get_attribute("data-table") == table_id
    assert "Play by" in rows.first.inner_text()
    page.wait_for_function("document.getElementById('turns-badge').textContent === '1'", timeout=TIMEOUT_MS)
    assert badge.is_visible() and badge.get_attribute("title") == text("web.turns.badge", count=1)
    no_raw_text(page)

    # the opt-in, then a new turn at another table: one notification, in words
    page.locator("[data-testid=notify-browser]").check()
    page.wait_for_function("localStorage.getItem('cetate.notify') === '1'", timeout=TIMEOUT_MS)
    turn_based_table(page)
    page.locator("[data-testid=turns-refresh]").click()
    page.wait_for_function("window.__notes.length === 1", timeout=TIMEOUT_MS)
    assert page.evaluate("window.__notes") == [text("web.turns.notify.message", game="Citadels")]
    assert page.locator(".turn-row").count() == 2
    page.wait_for_function("document.getElementById('turns-badge').textContent === '2'", timeout=TIMEOUT_MS)
    screenshot(page, "turns-list.png", full_page=True)

    # "Play" opens the table
    page.locator(f".turn-row[data-table='{table_id}'] [data-testid=turn-open]").click()
    page.wait_for_url(re.compile(rf".*#/t/{table_id}$"), timeout=TIMEOUT_MS)


def test_an_empty_list_in_korean(new_page, server):
    page = new_page(1280, 800)
    open_app(page, server, "/turns", lang="ko")
    page.locator("[data-testid=turns-none]").wait_for(timeout=TIMEOUT_MS)
    assert page.locator("[data-testid=turns-none]").inner_text() == text("web.turns.none", "ko")
    no_raw_text(page)


def test_the_account_page_keeps_an_email_address(new_page, server):
    page = new_page(1280, 900)
    open_app(page, server, "/signin")
    sign_up(page, unique("Mia"))
    box = page.locator("[data-testid=notify-email]")
    box.wait_for()
    page.locator("[data-testid=mail-unavailable]").wait_for(timeout=TIMEOUT_MS)  # the test server sends no mail
    page.locator("#notify-email").fill("not an address")
    page.locator("#notify-email-turns").check()
    box.locator("button[type=submit]").click()
    box.get_by_text(text("web.error.code.bad_email")).wait_for(timeout=TIMEOUT_MS)
    page.locator("#notify-email").fill("mia@example.org")
    box.locator("button[type=submit]").click()
    box.get_by_text(text("web.account.saved")).wait_for(timeout=TIMEOUT_MS)
    page.reload()
    page.locator("#notify-email").wait_for()
    page.wait_for_function("document.getElementById('notify-email').value === 'mia@example.org'", timeout=TIMEOUT_MS)
    assert page.locator("#notify-email-turns").is_checked()
    no_raw_text(page)


def test_a_turn_based_table_from_the_new_table_form(new_page, server, screenshot):
    page = new_page(1280, 900)
    open_app(page, server, "/new/citadels")
    per_move = page.locator("[data-testid=per-move]")
    per_move.wait_for(timeout=TIMEOUT_MS)
    assert text("web.turns.new.help") in page.locator(".clock-panel").inner_text()
    per_move.select_option(str(2 * DAY))
    assert page.locator("#clock-on").is_disabled()
    page.locator(".clock-panel").scroll_into_view_if_needed()
    screenshot(page, "turns-new-table.png")
    page.locator("#create-table").click()
    page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TIMEOUT_MS)
    table_id = page.url.rsplit("/", 1)[1]
    summary = page.evaluate("async (id) => (await (await fetch(`/api/tables/${id}`)).json()).table", table_id)
    assert summary["clock"]["per_move_s"] == 2 * DAY
    # the person's chip shows the time per move (days and hours), not minutes
    chip = page.locator(".chip-clock[data-seat='0']")
    chip.wait_for(timeout=TIMEOUT_MS)
    assert re.fullmatch(r"(1 d 23|2 d 0):\d\d", chip.inner_text()), chip.inner_text()
    screenshot(page, "turns-table.png")
    # the bots play until it is the person's turn; then the list has it, with its deadline, and the badge counts it
    page.goto(f"{server}/#/turns")
    row = page.locator(f".turn-row[data-table='{table_id}']")
    for _ in range(60):
        if row.count():
            break
        page.locator("[data-testid=turns-refresh]").click()
        page.wait_for_timeout(500)
    assert "Play by" in row.inner_text()
    page.wait_for_function("document.getElementById('turns-badge').textContent === '1'", timeout=TIMEOUT_MS)
