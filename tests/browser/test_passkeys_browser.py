"""Passkeys in the browser (issue 33; web/account.js, web/accounts.js, server/passkeys.py; docs/accounts.md
"Passkeys"): Chromium's own WebAuthn stack, with a virtual authenticator (a platform authenticator that
verifies its user) set up through the DevTools protocol, so every ceremony is the real one end to end.

A person signs up, adds a passkey on the account page, signs out, and signs in again with the passkey alone;
after they remove it, the same passkey is refused in words. Opened by the number address 127.0.0.1, the page
says that passkeys need the site's name and offers the localhost address. CETATE_SCREENSHOTS=1 saves the
account page's passkey card to docs/screenshots/accounts-passkeys.png.
"""

from __future__ import annotations

import re

from tests.browser.test_accounts_browser import TIMEOUT_MS, no_raw_text, open_app, sign_up, text, unique


def virtual_authenticator(page) -> tuple:
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    made = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
        "isUserVerified": True, "automaticPresenceSimulation": True}})
    return cdp, made["authenticatorId"]


def sign_out(page, server: str) -> None:
    page.goto(f"{server}/#/account")
    page.locator("[data-testid=sign-out]").click()
    page.wait_for_url(re.compile(r".*#/$"), timeout=TIMEOUT_MS)


def test_add_a_passkey_sign_in_with_it_and_remove_it(new_page, server, screenshot):
    named = server.replace("127.0.0.1", "localhost")
    page = new_page(1280, 900)
    cdp, authenticator = virtual_authenticator(page)
    page.on("dialog", lambda dialog: dialog.accept())
    name = unique("pk")
    open_app(page, named, "/signin")
    sign_up(page, name)

    card = page.locator("[data-testid=passkeys]")
    card.locator("[data-testid=passkey-none]").wait_for()
    assert text("web.account.passkey.none") in card.inner_text()
    page.locator("#passkey-name").fill("Work laptop")
    page.locator("#passkey-add").click()
    card.locator(".passkey-row").wait_for()
    assert card.locator("[data-testid=passkey-ok]").inner_text() == text("web.account.passkey.added")
    row = card.locator(".passkey-row").inner_text()
    assert "Work laptop" in row and text("web.account.passkey.never_used") in row
    held = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    assert len(held) == 1 and held[0]["isResidentCredential"]
    no_raw_text(page)
    card.scroll_into_view_if_needed()
    screenshot(page, "accounts-passkeys.png")

    sign_out(page, named)
    page.goto(f"{named}/#/signin")
    page.locator("#passkey-signin").click()
    page.wait_for_url(re.compile(r".*#/(account)?$"), timeout=TIMEOUT_MS)
    page.locator("[data-testid=header-account]").wait_for()
    page.goto(f"{named}/#/account")
    used = page.locator("[data-testid=passkeys] .passkey-row")
    used.wait_for()
    assert text("web.account.passkey.never_used") not in used.inner_text()  # now it shows when it was used

    page.locator("[data-testid=passkey-remove]").click()
    page.locator("[data-testid=passkey-none]").wait_for()
    assert page.locator("[data-testid=passkeys] [data-testid=passkey-ok]").inner_text() == \
        text("web.account.passkey.removed")
    sign_out(page, named)
    page.goto(f"{named}/#/signin")
    page.locator("#passkey-signin").click()
    error = page.locator("[data-testid=passkey-signin-box] [data-testid=passkey-error]")
    error.wait_for()
    page.wait_for_function("el => el.textContent.length > 0", arg=error.element_handle(), timeout=TIMEOUT_MS)
    assert error.inner_text() == text("web.error.code.unknown_passkey")
    assert page.locator("[data-testid=header-account]").count() == 0 or "#/signin" in page.url


def test_a_number_address_points_to_the_name(new_page, server):
    page = new_page(1280, 800)
    open_app(page, server, "/signin")
    hint = page.locator("[data-testid=passkey-needs-name]")
    hint.wait_for()
    port = server.rsplit(":", 1)[1]
    assert f"http://localhost:{port}/" in hint.inner_text()
    assert page.locator("#passkey-signin").count() == 0
    no_raw_text(page)
