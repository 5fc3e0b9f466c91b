"""Gates for newcomers in Chromium (issue 32, item 1): the first-match guide (web/games/walkthrough.js) at the
draft and in the first duel, on the player's real cards, skippable and remembered across a reload, with "show
again" in the side column, and out of the way of the hand on a 390×844 phone; the card names in the page's
language with the Romanian name as a subtitle (Czech here); the banner of a seat out of action cards in a real
match against the bot. Screenshots (CETATE_SCREENSHOTS=1): gates-walkthrough.png, gates-walkthrough-phone.png,
gates-walkthrough-draft.png, gates-cards-czech.png, gates-out-of-cards.png. Fixtures and the CETATE_REQUIRE_BROWSER convention: see conftest.py.
"""

from __future__ import annotations

import re
import time

from cetate.core.i18n import Catalog
from cetate.games import get
from tests.browser.test_gates import (
    BOARD,
    CURTAIN,
    STATE_JS,
    TABLE_TIMEOUT_MS,
    Player,
    bot_known,
    create_table,
)

WALK = "[data-testid=walkthrough]"
SKIPPED = "localStorage.setItem('cetate.walkthrough', JSON.stringify({gates: {skipped: true}}));"
DRAFT_SEEN = "localStorage.setItem('cetate.walkthrough', JSON.stringify({gates: {draft: true}}));"
GAME = get("gates")
MESSAGES = Catalog(GAME.messages_dir())


def open_table(page, server, lang: str = "en", init: str = "", seed: int = 8) -> None:
    page.add_init_script(f"localStorage.setItem('cetate.name', 'Ana'); localStorage.setItem('cetate.lang', '{lang}');"
                         + init)
    created = create_table(server, [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": bot_known(server)}],
                           seed, {"first_chooser": 0})
    page.goto(created["invite_links"]["0"])
    page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TABLE_TIMEOUT_MS)
    page.locator(BOARD).wait_for(timeout=TABLE_TIMEOUT_MS)
    if page.locator(".join-overlay").count():
        page.locator(".join-overlay button[type=submit]").click()


def play_until(player: Player, phases: set[str], deadline_s: float = 60) -> str:
    """Click as test_gates' Player does until the page asks for one of `phases` of this seat."""
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        state = player.state()
        if state in phases:
            return state
        assert state not in ("over", "curtain"), state
        player.step()
    raise AssertionError(f"no {phases} within {deadline_s} s: {player.log[-8:]}")


def walk_step(page) -> int:
    return int(page.locator(WALK).get_attribute("data-step"))


def text(page) -> str:
    return page.locator(f"{WALK} [data-testid=walk-text]").inner_text()


def click_walk(page, what: str) -> None:
    before = walk_step(page) if page.locator(WALK).count() else None
    page.locator(f"{WALK} [data-walk={what}]").click()
    if what in ("next", "back"):
        page.wait_for_function(f"() => document.querySelector('{WALK}') && "
                               f"document.querySelector('{WALK}').dataset.step !== '{before}'")


def card_name(page, scope: str) -> str:
    return page.locator(f"{scope} .gt-c-name").first.inner_text().strip()


def test_the_draft_guide_steps_through_real_cards_and_is_remembered(page, server, screenshot):
    open_table(page, server)
    page.locator(f"{BOARD} [data-action=shuffle]").click()
    page.locator(".gt-pair.current").wait_for()
    guide = page.locator(WALK)
    guide.wait_for()
    assert guide.get_attribute("data-stage") == "draft" and walk_step(page) == 0
    assert "Welcome" in text(page) and page.locator(".gt-pair.current.walk-focus").count() == 1
    # the example is the first card of the pair to choose from, with its own numbers (the catalog's)
    first = page.locator(".gt-pair.current .gt-card").first
    cid = first.get_attribute("data-card")
    entry = GAME.catalog("en")["main"][cid]
    click_walk(page, "next")
    assert f"{entry['name']} has {entry['value']}" in text(page)
    assert page.locator(f".gt-pair.current [data-card={cid}] .gt-c-value.walk-focus").count() == 1
    click_walk(page, "next")
    assert str(entry["index"]) in text(page) and "explodes" in text(page)
    assert page.locator(f".gt-pair.current [data-card={cid}] .gt-c-index.walk-focus").count() == 1
    click_walk(page, "next")
    assert page.locator(f".gt-pair.current [data-card={cid}] .gt-c-boom.walk-focus").count() == 1
    assert ("added to its own score" if entry["explosion"] > 0 else "taken from the opposing score") in text(page)
    page.mouse.move(2, 2)
    screenshot(page, "gates-walkthrough-draft.png")
    click_walk(page, "back")
    assert walk_step(page) == 2
    click_walk(page, "next")
    click_walk(page, "next")
    assert page.locator(f"{WALK} [data-walk=done]").inner_text() == "Got it"
    # the cards stay playable under the guide: nothing covers them
    assert page.locator(".gt-pair.current button[data-action=choose]").count() == 2
    click_walk(page, "done")
    guide.wait_for(state="detached")
    # finished: not shown again after a reload; "show again" in the side column brings it back at its start
    page.reload()
    page.locator(".gt-pair.current").wait_for()
    again = page.locator(".gt-info [data-walk=again]")
    again.wait_for()
    assert page.locator(WALK).count() == 0
    assert again.inner_text() == "Show the beginner's guide again"
    again.click()
    guide.wait_for()
    assert walk_step(page) == 0 and page.locator(".gt-info [data-walk=again]").count() == 0
    # skipped: gone, and still gone after a reload, in the draft and in the first duel
    click_walk(page, "skip")
    guide.wait_for(state="detached")
    page.reload()
    page.locator(".gt-pair.current").wait_for()
    assert page.locator(WALK).count() == 0
    player = Player(page)
    play_until(player, {"action"})
    assert page.locator(WALK).count() == 0
    assert page.locator(".gt-info [data-walk=again]").count() == 1


def check_clear_on_phone(page, cards: str) -> None:
    """On a phone: the guide covers none of `cards`, stays under the header and above the action bar, and the part
    its step speaks of is in sight between them."""
    panel = page.locator(WALK).bounding_box()
    header = page.locator(".top").bounding_box()
    bar = page.locator("[data-testid=action-bar]").bounding_box()
    for card in page.locator(cards).all():
        box = card.bounding_box()
        assert box["y"] >= panel["y"] + panel["height"] or box["y"] + box["height"] <= panel["y"], \
            ("the guide covers a card", panel, box)
    assert panel["y"] >= header["y"] + header["height"] - 1, ("the header covers the guide", panel, header)
    assert panel["y"] + panel["height"] <= bar["y"] + 1, ("the guide runs under the action bar", panel, bar)
    f = page.locator(".walk-focus").bounding_box()
    assert f["y"] >= header["y"] + header["height"] - 1 and f["y"] + f["height"] <= bar["y"] + 1, \
        ("the step's part is out of sight", panel, f, bar)


def test_the_draft_guide_leaves_the_pair_visible_on_a_phone(new_page, server):
    page = new_page(390, 844)
    open_table(page, server)
    page.locator(f"{BOARD} [data-action=shuffle]").click()
    page.locator(WALK).wait_for()
    while True:
        check_clear_on_phone(page, ".gt-pair.current .gt-card")
        if page.locator(f"{WALK} [data-walk=done]").count():
            break
        click_walk(page, "next")
    # the pick works with the guide open
    page.locator(".gt-pair.current button[data-action=choose]").first.click()
    page.wait_for_function("() => document.querySelector('.gt').dataset.mine !== '1' || "
                           "document.querySelector('.gt-pair.current').dataset.pair !== '0'")


def duel_guide(page, screenshot, name: str, phone: bool) -> None:
    """The first duel's guide, step by step, on the real main cards and hand; on a phone each step leaves the
    hand and the action bar uncovered, and the panel with the part it speaks of in view."""
    player = Player(page)
    play_until(player, {"action"})
    guide = page.locator(WALK)
    guide.wait_for()
    assert guide.get_attribute("data-stage") == "duel" and walk_step(page) == 0
    cat = GAME.catalog("en")
    mains = [page.locator(f".gt-side-{w} [data-role=main]").get_attribute("data-card") for w in ("bottom", "top")]
    assert f"Your {cat['main'][mains[0]]['name']} meets {cat['main'][mains[1]]['name']}" in text(page)
    assert page.locator("[data-testid=prelim].walk-focus").count() == 1
    seen = []
    while True:
        focus = page.locator(".walk-focus")
        assert focus.count() == 1
        seen.append((walk_step(page), text(page)))
        if phone:
            check_clear_on_phone(page, ".gt-hand .gt-card")
        if "+5" in text(page) and page.locator(".gt-hand .gt-c-symbol.walk-focus").count():
            card = page.locator(".gt-hand .gt-card:has(.walk-focus)").get_attribute("data-card")
            entry = cat["action"][card]
            assert entry["name"] in text(page)
            page.mouse.move(2, 2)
            screenshot(page, name)
        if page.locator(f"{WALK} [data-walk=done]").count():
            break
        click_walk(page, "next")
    steps = [s for _, s in seen]
    assert len(steps) == 5, steps
    assert any("circle" in s for s in steps) and any("+5" in s for s in steps)
    # the decision is there under the guide: the hand's cards may be attached while it shows
    assert page.locator(".gt-hand button[data-action=attach]").count() >= 1
    click_walk(page, "done")
    guide.wait_for(state="detached")
    page.locator(".gt-hand button[data-action=attach]").first.click()
    page.wait_for_function("() => { const b = document.querySelector('.gt').dataset; "
                           "return b.mine !== '1' || b.round !== '1' || b.phase !== 'action'; }")
    assert page.locator(WALK).count() == 0


def test_the_first_duel_guide_on_the_real_cards(page, server, screenshot):
    open_table(page, server, init=DRAFT_SEEN)
    duel_guide(page, screenshot, "gates-walkthrough.png", phone=False)


def test_the_first_duel_guide_leaves_the_hand_visible_on_a_phone(new_page, server, screenshot):
    page = new_page(390, 844)
    open_table(page, server, init=DRAFT_SEEN)
    duel_guide(page, screenshot, "gates-walkthrough-phone.png", phone=True)


def test_card_names_in_czech_with_the_romanian_subtitle(page, server, screenshot):
    open_table(page, server, lang="cs", init=SKIPPED)
    player = Player(page)
    play_until(player, {"action"})
    cs_, en = GAME.catalog("cs"), GAME.catalog("en")
    checked = 0
    for card in page.locator(f"{BOARD} .gt-card[data-card]").all():
        cid = card.get_attribute("data-card")
        entry = cs_["main"].get(cid) or cs_["action"][cid]
        assert card.locator(".gt-c-name").inner_text().strip() == entry["name"]
        native = card.locator(".gt-c-native")
        if entry["native"]:
            assert native.inner_text().strip() == entry["native"] != entry["name"]
            assert native.get_attribute("title") == MESSAGES.text("web.gates.names.native", "cs", name=entry["native"])
            checked += 1
        else:
            assert native.count() == 0
    assert checked >= 2  # both main cards in play at least
    mine = page.locator(".gt-side-bottom [data-role=main]").get_attribute("data-card")
    assert cs_["main"][mine]["name"] != en["main"][mine]["name"] or cs_["main"][mine]["name"] == "Generál"
    page.mouse.move(2, 2)
    screenshot(page, "gates-cards-czech.png")


def test_a_seat_out_of_action_cards_is_told_what_happens_next(page, server):
    """A real match: the human attaches a card whenever it can, so its hand is empty before the last duels;
    the table then says so in the engine's words (the view's `table_notes`)."""
    open_table(page, server, init=SKIPPED, seed=3)
    player = Player(page)
    end = time.monotonic() + 90
    # the banner may show only while the bot plays duels 5 and 6: watch for it (and read it at once), not only
    # when the page asks us something
    watch = ("() => { const b = document.querySelector('[data-testid=out-of-cards] .gt-out.mine:not(.both)'); "
             f"return b ? 'banner:' + b.textContent : ({STATE_JS})() || false; }}")
    while True:
        assert time.monotonic() < end, player.log[-8:]
        state = page.wait_for_function(watch, timeout=TABLE_TIMEOUT_MS).json_value()
        if state.startswith("banner:"):
            shown = state.removeprefix("banner:").strip()
            break
        assert state != "over", "the match ended without an empty hand"
        if state == "action":
            cards = page.locator(".gt-hand button[data-action=attach]")
            if cards.count():
                player.click(cards.first)
                player.note("attach")  # the page is busy until the update: the next look waits for it
                continue
        player.step()
    expected = {MESSAGES.text("web.gates.out.you", "en", count=n, reserve=r) for n in range(1, 7) for r in range(13)}
    assert shown in expected, shown
    assert "no action card left" in shown and "only your main card fights" in shown


def test_the_banner_names_the_opponent_out_of_cards_on_a_hot_seat_table(page, server, screenshot):
    """Two people on one device: Ana attaches whenever she can, Bogdan always skips. Once Ana's hand is empty,
    Bogdan's turn shows the engine's note: Ana has no action card left, with the duels left."""
    page.add_init_script("localStorage.setItem('cetate.lang', 'en');" + SKIPPED)
    page.goto(f"{server}/#/new/gates")
    page.locator("#create-table").wait_for()
    page.locator("select.seat-kind[data-seat='0']").select_option("hotseat")
    page.locator("select.seat-kind[data-seat='1']").select_option("hotseat")
    page.locator("input.seat-name").nth(0).fill("Ana")
    page.locator("input.seat-name").nth(1).fill("Bogdan")
    page.locator("#create-table").click()
    page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TABLE_TIMEOUT_MS)
    player = Player(page)
    end = time.monotonic() + 120
    banner = page.locator("[data-testid=out-of-cards] .gt-out")
    while True:
        assert time.monotonic() < end, player.log[-8:]
        state = player.state()
        assert state != "over", "the match ended without an empty hand"
        if state == "curtain":
            page.locator("[data-testid=hotseat-ready]").click()
            page.locator(CURTAIN).wait_for(state="detached")
            continue
        seat = int(player.board("seat"))
        if state in ("action", "extra"):
            if seat == 1 and banner.count():
                break
            cards = page.locator(".gt-hand button[data-action=attach]")
            if seat == 0 and cards.count():
                player.click(cards.first)
            else:
                player.click(page.locator("[data-testid=action-bar] [data-action=skip]"))
            player.note(state, str(seat))
            continue
        player.step()
    assert banner.count() == 1 and banner.get_attribute("data-seat") == "0"
    left = 6 - int(player.board("round")) + 1
    assert banner.inner_text().strip() == MESSAGES.text("web.gates.out.other", "en", ["Ana", "Bogdan"], seat=0,
                                                         count=left)
    assert "Ana has no action card left" in banner.inner_text()
    page.mouse.move(2, 2)
    screenshot(page, "gates-out-of-cards.png")
