"""Taking a move back in the browser: in the solo Akropolis game, a tile taken and placed goes back to
the construction site in two clicks of "Take back" (a table of invited friends has none: test_hint.py).
Also the Akropolis keyboard: a digit takes a tile of the site, the arrows move it, Enter places it."""

from __future__ import annotations

from tests.browser.test_hint import TIMEOUT_MS, _open

CELLS = "svg.akr-city-svg .akr-cells > *"


def test_a_placed_tile_is_taken_back_step_by_step(new_page, server, screenshot):
    page = new_page(1280, 800)
    _open(page, server, "akropolis", 1, [{"kind": "human"}], seed=7, options={"architect": "callicrates"})
    page.locator(".akr[data-mine='1'][data-phase=take]").wait_for(timeout=TIMEOUT_MS)
    assert page.locator("[data-testid=undo]").count() == 0  # nothing played yet
    cells = page.locator(CELLS).count()
    site = [t.get_attribute("data-tile") for t in page.locator(".akr-site-tile").all()]
    page.locator("[data-testid=hint]").click()
    page.locator("[data-testid=hint-play]").click()
    page.wait_for_function(f"() => document.querySelectorAll('{CELLS}').length >= {cells + 3}", timeout=TIMEOUT_MS)
    undo = page.locator("[data-testid=undo]")
    undo.wait_for(timeout=TIMEOUT_MS)
    screenshot(page, "akropolis-undo.png")
    undo.click()
    # the placement is taken back: the tile is in hand again, to be placed
    page.locator(".akr[data-mine='1'][data-phase=place][data-pending='0']").wait_for(timeout=TIMEOUT_MS)
    assert page.locator(CELLS).count() == cells
    assert "Your move was taken back." in page.locator(".toast").inner_text()
    page.locator("[data-testid=undo]").click()
    page.locator(".akr[data-mine='1'][data-phase=take]").wait_for(timeout=TIMEOUT_MS)
    assert [t.get_attribute("data-tile") for t in page.locator(".akr-site-tile").all()] == site
    page.wait_for_timeout(200)
    assert page.locator("[data-testid=undo]").count() == 0


def test_a_tile_is_chosen_moved_and_placed_with_the_keyboard(new_page, server):
    page = new_page(1280, 800)
    _open(page, server, "akropolis", 1, [{"kind": "human"}], seed=7, options={"architect": "callicrates"})
    page.locator(".akr[data-mine='1'][data-phase=take]").wait_for(timeout=TIMEOUT_MS)
    cells = page.locator(CELLS).count()
    page.locator("body").click(position={"x": 5, "y": 400})  # the focus on the page, not on a control
    page.keyboard.press("1")
    page.locator("button.akr-site-tile.selected[data-site='0']").wait_for(timeout=TIMEOUT_MS)
    page.keyboard.press("ArrowDown")  # the first arrow shows the piece where it fits first
    page.locator(".akr-preview.legal").wait_for(timeout=TIMEOUT_MS)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelectorAll('{CELLS}').length >= {cells + 3}", timeout=TIMEOUT_MS)
    page.locator(".akr[data-mine='1'][data-phase=take]").wait_for(timeout=TIMEOUT_MS)


def test_on_one_device_the_curtain_offers_the_last_player_their_take_back(new_page, server):
    """Two players on one device (Gates): after a pair of the draft the curtain asks to pass the device; the
    player who just chose may still take the choice back from there, and then chooses again."""
    page = new_page(1280, 800)
    page.add_init_script("localStorage.setItem('cetate.lang', 'en');")
    page.goto(server + "/#/new/gates")
    page.locator("#create-table").wait_for(timeout=TIMEOUT_MS)
    for seat in (0, 1):
        page.locator(f"select.seat-kind[data-seat='{seat}']").select_option("hotseat")
    page.locator("#create-table").click()
    curtain = page.locator("[data-testid=hotseat-curtain]")
    deadline = 40
    for _ in range(deadline):
        page.wait_for_timeout(250)
        if curtain.count():
            undo = curtain.locator("[data-testid=undo]")
            if undo.count():
                break
            page.locator("[data-testid=hotseat-ready]").click()
            curtain.wait_for(state="detached", timeout=TIMEOUT_MS)
            continue
        shuffle = page.locator(".gt [data-action=shuffle]")
        if shuffle.count():
            shuffle.click()
            continue
        choose = page.locator(".gt-pair.current button[data-action=choose]")
        if choose.count():
            owned = page.locator(".gt-pair .owned").count()  # the cards of the pairs already divided
            choose.first.click()
    else:
        raise AssertionError("no curtain with a take-back came")
    curtain.locator("[data-testid=undo]").click()
    curtain.wait_for(state="detached", timeout=TIMEOUT_MS)
    page.locator(".gt-pair.current button[data-action=choose]").first.wait_for(timeout=TIMEOUT_MS)
    assert page.locator(".gt-pair .owned").count() == owned  # the pair is whole again, to be chosen anew
    assert "Your move was taken back." in page.locator(".toast").inner_text()
