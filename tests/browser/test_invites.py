"""Seats that stay with their people, in the browser: a friend opens their invite, joins, and is still seated
after a reload (the browser keeps the seat's own token, not the spent link); someone else opening the same
link is told the seat is taken and watches as a spectator; the host makes a new link for the seat (after a
confirm step), the old device loses the seat and the new link seats whoever opens it."""

from __future__ import annotations

import json
import re
import urllib.request

TIMEOUT_MS = 15_000
SEATED_LINK = re.compile(r".*#/t/[^/?]+$")


def _create(server: str) -> dict:
    body = json.dumps({"game": "gates", "players": 2, "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human"}]})
    req = urllib.request.Request(f"{server}/api/tables", data=body.encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def _english(page, name: str) -> None:
    page.add_init_script(f"localStorage.setItem('cetate.lang', 'en'); localStorage.setItem('cetate.name', '{name}');")


def _as_host(page, doc: dict) -> None:
    """This browser made the table (what the lobby keeps after creating it)."""
    entry = {"game": "gates", "host": doc["host_token"], "seats": {"0": {"token": doc["host_token"], "kind": "human"}},
             "invites": doc["invite_links"], "spectator": doc["spectator_link"], "created": 1}
    page.add_init_script("if (!localStorage.getItem('cetate.tables')) localStorage.setItem('cetate.tables', "
                         + json.dumps(json.dumps({doc["table_id"]: entry})) + ");")


def _stored_seat(page, table_id: str, seat: int) -> dict | None:
    return page.evaluate(f"(JSON.parse(localStorage.getItem('cetate.tables') || '{{}}')['{table_id}'] || {{seats: {{}}}})"
                         f".seats['{seat}'] || null")


def _open(page, link: str) -> None:
    page.goto(link)
    page.wait_for_url(SEATED_LINK, timeout=TIMEOUT_MS)
    page.locator(".tp-board").wait_for(timeout=TIMEOUT_MS)


def _join(page, name: str) -> None:
    overlay = page.locator(".join-overlay")
    overlay.wait_for(timeout=TIMEOUT_MS)
    overlay.locator("input").fill(name)
    overlay.locator("button[type=submit]").click()
    overlay.wait_for(state="detached", timeout=TIMEOUT_MS)


def _seated(page, seat: int) -> None:
    page.locator(f".chip.me[data-seat='{seat}']").first.wait_for(timeout=TIMEOUT_MS)
    assert page.locator(".title-status .pill", has_text="Watching").count() == 0
    assert page.locator(".join-overlay").count() == 0


def _watching(page, notice: str) -> None:
    page.locator(".tp-notice .notice.warn", has_text=notice).wait_for(timeout=TIMEOUT_MS)
    page.locator(".title-status .pill", has_text="Watching").wait_for(timeout=TIMEOUT_MS)
    assert page.locator(".chip.me").count() == 0 and page.locator(".join-overlay").count() == 0


def test_invite_is_spent_on_join_and_the_host_makes_a_new_link(new_page, server, screenshot):
    doc = _create(server)
    table_id, invite = doc["table_id"], doc["invite_links"]["1"]
    ana, bo, eve = new_page(1280, 800), new_page(1280, 800), new_page(1280, 800)
    for page, name in ((ana, "Ana"), (bo, "Bo"), (eve, "Eve")):
        _english(page, name)
    _as_host(ana, doc)

    # the host waits; the waiting panel shows seat 2's link with a copy button and "New link"
    _open(ana, f"{server}/#/t/{table_id}")
    row = ana.locator(".waiting-panel [data-testid=invite-row][data-seat='1']")
    row.wait_for(timeout=TIMEOUT_MS)
    assert row.locator("[data-testid=invite-link]").input_value() == invite
    assert row.locator("button", has_text="Copy").count() == 1 and row.locator("[data-testid=invite-new]").count() == 1

    # the friend opens the invite and joins: the browser keeps the seat's own token, not the link
    _open(bo, invite)
    _join(bo, "Bo")
    _seated(bo, 1)
    held = _stored_seat(bo, table_id, 1)
    assert held and held["token"] and held["token"] not in invite and not held.get("invite")
    bo.reload()
    bo.locator(".tp-board").wait_for(timeout=TIMEOUT_MS)
    _seated(bo, 1)
    # the same friend opening their link again simply gets their seat, without a notice
    _open(bo, invite)
    _seated(bo, 1)
    assert bo.locator(".tp-notice .notice.warn").count() == 0

    # someone else opening the same link: the seat is taken, they watch
    _open(eve, invite)
    _watching(eve, "already used")
    assert _stored_seat(eve, table_id, 1) is None

    # the host makes a new link for seat 2, after a confirm step
    panel = ana.locator("[data-testid=invite-panel]")
    panel.wait_for(timeout=TIMEOUT_MS)
    panel.locator("summary").click()
    row = panel.locator("[data-testid=invite-row][data-seat='1']")
    row.locator("[data-testid=invite-new]").click()
    confirm = row.locator("[data-testid=invite-confirm-box]")
    assert "will stop working" in confirm.inner_text()
    screenshot(ana, "invite-reissue.png")
    ana.set_viewport_size({"width": 390, "height": 844})  # on a phone the panel sits under the board
    confirm.scroll_into_view_if_needed()
    assert confirm.locator("[data-testid=invite-confirm]").is_visible()
    ana.set_viewport_size({"width": 1280, "height": 800})
    confirm.locator("[data-testid=invite-confirm]").click()
    row.locator(".link-field").wait_for(timeout=TIMEOUT_MS)
    ana.locator(".toast.show", has_text="New link for seat 2").wait_for(timeout=TIMEOUT_MS)
    fresh = row.locator("[data-testid=invite-link]").input_value()
    assert fresh != invite and f"#/t/{table_id}?seat=1&token=" in fresh

    # the old device loses the seat at once; the new link seats whoever opens it
    _watching(bo, "new link")
    assert _stored_seat(bo, table_id, 1) is None
    _open(eve, fresh)
    _join(eve, "Eve")
    _seated(eve, 1)
    eve.reload()
    eve.locator(".tp-board").wait_for(timeout=TIMEOUT_MS)
    _seated(eve, 1)
    ana.locator(".chip[data-seat='1'] .chip-name", has_text="Eve").first.wait_for(timeout=TIMEOUT_MS)


def test_the_host_opens_their_own_seat_on_another_device(new_page, server):
    doc = _create(server)
    table_id = doc["table_id"]
    ana, phone = new_page(1280, 800), new_page(390, 844)
    for page in (ana, phone):
        _english(page, "Ana")
    _as_host(ana, doc)
    _open(ana, f"{server}/#/t/{table_id}")
    ana.locator(".waiting-panel button", has_text="Start now").click()
    panel = ana.locator("[data-testid=invite-panel]")
    panel.locator("summary").click()
    row = panel.locator("[data-testid=invite-row][data-seat='0']")
    assert row.locator("[data-testid=invite-link]").count() == 0  # the host's own token is never shown as a link
    row.locator("[data-testid=invite-new]").click()
    assert "keeps your seat" in row.locator("[data-testid=invite-confirm-box]").inner_text()
    row.locator("[data-testid=invite-confirm]").click()
    link = row.locator("[data-testid=invite-link]")
    link.wait_for(timeout=TIMEOUT_MS)
    _open(phone, link.input_value())
    _join(phone, "Ana")
    _seated(phone, 0)
    held = _stored_seat(phone, table_id, 0)
    assert held and phone.evaluate(f"JSON.parse(localStorage.getItem('cetate.tables'))['{table_id}'].host") == held["token"]
    _seated(ana, 0)  # the first device keeps the seat
