"""The phone layout (issue 32, "A phone layout for every game"): each game played a few turns at 390x844 with touch.

At that size the decision's buttons and the cards it needs are on one screen together (no scrolling back and
forth), the page never scrolls sideways, the character row and the boards fit, and nothing (a toast, a sticky
bar) covers an open dialog. CETATE_SCREENSHOTS=1 saves citadels-phone.png, citadels-phone-rob.png,
akropolis-phone.png, akropolis-phone-athena.png, gates-phone.png, gates-phone-draft.png and lobby-phone.png to
docs/screenshots/. CETATE_PHONE_DEBUG=1 saves the screen (and the whole page) of every layout check to
/tmp/phone-<what>.png, to see what a failing check saw.

The browser context has touch and a phone's user agent (`has_touch`, `is_mobile`): the pages are tapped, and the
Akropolis city is pinched with two fingers through the DevTools protocol's touch events.
"""

from __future__ import annotations

import json
import os
import re
import time
import urllib.request

import pytest

from tests.browser.conftest import DEFAULT_TIMEOUT_MS

W, H = 390, 844
TIMEOUT_MS = 20_000
DEADLINE_S = 60

# every socket the page opens is kept in window.__sockets, so that a test can send what a confused client would
RECORD_SOCKETS_JS = """(() => {
  window.__sockets = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (!window.__sockets.includes(this)) window.__sockets.push(this);
    return send.call(this, data);
  };
})();"""

# the page's layout facts: sideways scrolling, and for each selector whether its first match is fully on screen
# and not covered by anything else (the element at its centre is itself or inside it)
ON_SCREEN_JS = """(sels) => {
  const out = {overflow: document.scrollingElement.scrollWidth - window.innerWidth, items: {}};
  for (const sel of sels) {
    const els = [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length);
    if (!els.length) { out.items[sel] = 'missing'; continue; }
    const problems = [];
    for (const el of els) {
      const r = el.getBoundingClientRect();
      if (r.left < -1 || r.top < -1 || r.right > window.innerWidth + 1 || r.bottom > window.innerHeight + 1) {
        problems.push(`off screen ${Math.round(r.left)},${Math.round(r.top)},${Math.round(r.right)},${Math.round(r.bottom)}`);
        continue;
      }
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + (r.height > 120 ? r.height / 2 : Math.min(r.height / 2, 12)));
      if (!at || !(el === at || el.contains(at))) {
        problems.push(`covered by ${at ? at.className || at.tagName : 'nothing'}`);
      }
    }
    out.items[sel] = problems.length ? problems.join('; ') : 'ok';
  }
  return out;
}"""

# whether a toast, the header or any fixed element other than the dialog's overlay overlaps the open dialog
DIALOG_COVERED_JS = """() => {
  const d = document.querySelector('.tp-dialog-layer .dialog');
  if (!d) return 'no dialog';
  const r = d.getBoundingClientRect();
  const hits = [];
  for (const el of document.querySelectorAll('.toast.show, .top, .tp-bar, .dialog-restore, .gt-preview.show')) {
    const o = el.getBoundingClientRect();
    if (!o.width || !o.height || getComputedStyle(el).visibility === 'hidden' || getComputedStyle(el).opacity === '0') continue;
    const overlap = Math.min(r.right, o.right) - Math.max(r.left, o.left) > 0 && Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top) > 0;
    if (!overlap) continue;
    // covering: the other element is drawn above the dialog at the overlap's centre
    const x = (Math.max(r.left, o.left) + Math.min(r.right, o.right)) / 2;
    const y = (Math.max(r.top, o.top) + Math.min(r.bottom, o.bottom)) / 2;
    const at = document.elementFromPoint(x, y);
    if (at && !d.contains(at)) hits.push(el.className);
  }
  return hits.join(', ');
}"""


@pytest.fixture
def phone_page(browser):
    context = browser.new_context(viewport={"width": W, "height": H}, locale="en-US", has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.add_init_script("localStorage.setItem('cetate.name', 'Ana'); localStorage.setItem('cetate.lang', 'en');")
    page.add_init_script(RECORD_SOCKETS_JS)
    yield page
    context.close()
    assert not errors, "uncaught JavaScript errors:\n" + "\n".join(errors)


def layout(page, *sels: str) -> dict:
    return page.evaluate(ON_SCREEN_JS, list(sels))


def assert_on_screen(page, *sels: str, what: str = "") -> None:
    facts = layout(page, *sels)
    if os.environ.get("CETATE_PHONE_DEBUG"):
        page.screenshot(path=f"/tmp/phone-{what.replace(' ', '_')}.png")
        page.screenshot(path=f"/tmp/phone-{what.replace(' ', '_')}-full.png", full_page=True)
    assert facts["overflow"] <= 1, f"{what}: the page scrolls sideways by {facts['overflow']} px"
    bad = {k: v for k, v in facts["items"].items() if v != "ok"}
    assert not bad, f"{what}: not on one screen: {bad}"


def assert_dialog_clear(page, what: str = "") -> None:
    hits = page.evaluate(DIALOG_COVERED_JS)
    assert hits in ("", "no dialog"), f"{what}: the open dialog is covered by {hits}"
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 1, what


def create_table(server: str, game: str, players: int, seats: list[dict], seed: int, options: dict) -> dict:
    body = json.dumps({"game": game, "players": players, "seats": seats, "seed": seed, "options": options})
    req = urllib.request.Request(f"{server}/api/tables", data=body.encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def bots_of(server: str, game: str) -> list[str]:
    with urllib.request.urlopen(f"{server}/api/games", timeout=10) as r:
        games = json.load(r)
    return next(g for g in games if g["id"] == game)["bots"]


def open_seat(page, link: str, board: str) -> None:
    page.goto(link)
    page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TIMEOUT_MS)
    page.locator(board).wait_for(timeout=TIMEOUT_MS)
    if page.locator(".join-overlay").count():
        page.locator(".join-overlay button[type=submit]").click()


def refuse_something(page) -> None:
    """Send an action the engine refuses, over the page's own socket: the page shows the refusal in a toast."""
    page.wait_for_function("() => window.__sockets && window.__sockets.some((s) => s.readyState === 1)")
    page.evaluate("""() => { const s = window.__sockets.find((s) => s.readyState === 1);
      s.send(JSON.stringify({type: 'act', action: {type: 'no_such_move'}})); }""")


# -- the lobby --------------------------------------------------------------------------------------------------

def test_lobby_fits_a_phone(phone_page, server, screenshot):
    page = phone_page
    page.goto(f"{server}/")
    page.locator("button.quick-play[data-game=citadels]").wait_for()
    # the page does not scroll sideways; each game's card (its buttons included) is as wide as the screen allows
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") <= 1
    for box in (page.locator(".game-card").nth(i).bounding_box() for i in range(page.locator(".game-card").count())):
        assert box["x"] >= 0 and box["x"] + box["width"] <= W, box
    # the first game's quick play is on the first screen
    first = page.locator("button.quick-play").first.bounding_box()
    assert first["y"] + first["height"] <= H, first
    for game in ("citadels", "akropolis", "gates"):
        box = page.locator(f"button.quick-play[data-game={game}]").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= W and box["height"] >= 36, (game, box)
    screenshot(page, "lobby-phone.png")


# -- Citadels ------------------------------------------------------------------------------------------------

CZ_BAR = "[data-testid=action-bar] .bar-main"
CZ_DIALOG = ".tp-dialog-layer .overlay"
NOT_BUSY_JS = "() => !!document.getElementById('app') && !document.querySelector('#app .page.busy')"
CZ_ACTIONABLE_JS = """() => {
  if (!document.getElementById('app') || document.querySelector('#app .page.busy')) return false;
  return !!(document.querySelector('.scores-dialog [data-testid=score-table]')
    || document.querySelector('.tp-dialog-layer .overlay, .tp-dialog-layer .dialog-restore')
    || document.querySelector('[data-testid=action-bar] .bar-main button[data-action]'));
}"""


class CitadelsPhone:
    """Plays the seat by tapping: takes the Thief when the draft offers it, robs with it, builds what it can."""

    def __init__(self, page, screenshot, turn_shot: str = "") -> None:
        self.page = page
        self.screenshot = screenshot
        self.turn_shot = turn_shot
        self.turns = 0  # turns checked (our turn with cards in hand, just before "End your turn")
        self.builds = 0  # builds checked
        self.seen: set[str] = set()
        self.tried: set[str] = set()
        self.resources = 0

    def wait(self) -> None:
        self.page.wait_for_function(CZ_ACTIONABLE_JS, timeout=TIMEOUT_MS)

    def step(self) -> str:
        page = self.page
        self.wait()
        if page.locator(".scores-dialog [data-testid=score-table]").count():
            return "over"
        restore = page.locator(".tp-dialog-layer .dialog-restore")
        if restore.count():
            restore.first.tap()
            return "restore"
        required = page.locator(f"{CZ_DIALOG}.required .dialog")
        if required.count():
            assert_dialog_clear(page, "a required choice")
            assert "click" not in required.inner_text().lower(), required.inner_text()
            thief = required.locator("button.card[data-character=thief]:not([disabled])")
            for sel in (".dialog-buttons button.primary", ".dialog-body button.card:not([disabled])",
                        ".dialog-body button:not([disabled])", ".dialog-buttons button"):
                loc = thief if thief.count() and "draft" in (required.get_attribute("class") or "") else required.locator(sel)
                if loc.count():
                    assert_on_screen(page, f"{CZ_DIALOG}.required .dialog-head h2", what="a required choice")
                    loc.first.tap()
                    return "dialog"
            raise AssertionError("a required dialog offers nothing to tap")
        picker = page.locator(f"{CZ_DIALOG}.picker .dialog")
        if picker.count():
            return self.pick(picker)
        bar = page.locator(CZ_BAR)
        gold = bar.locator("button[data-action=take_gold]")
        draw = bar.locator("button[data-action=draw_cards]")
        if gold.count() or draw.count():
            choice = draw if (self.resources % 2 and draw.count()) or not gold.count() else gold
            self.resources += 1
            choice.first.tap()
            return "resource"
        end = bar.locator("button[data-action=end_turn]")
        buildable = page.locator("[data-testid=hand] button.card.buildable")
        if buildable.count():
            # the build: the cards to tap and the bar's buttons (End your turn, the powers) on one screen
            assert_on_screen(page, "[data-testid=hand] button.card.buildable", f"{CZ_BAR} button[data-action=end_turn]",
                             what="a build")
            words = page.locator("[data-testid=action-bar]").inner_text()
            assert "Tap a card in your hand to build it." in words, words
            self.builds += 1
            if self.turn_shot and self.builds == 3:
                self.screenshot(page, self.turn_shot)
            buildable.first.tap()
            return "build"
        for button in bar.locator("button[data-action]:not([data-action=end_turn])").all():
            key = f"{button.get_attribute('data-action')}|{button.inner_text()}"
            if key not in self.tried:
                self.tried.add(key)
                button.tap()
                return "power"
        if end.count():
            if page.locator("[data-testid=hand] .hand-cards .card").count():
                self.check_turn()
            self.tried = set()
            end.first.tap()
            return "end"
        return "idle"

    def check_turn(self) -> None:
        """Our turn with cards in hand, as it ends: the bar's buttons, the hand's cards and the whole character row
        at once, where the page is (we scrolled nowhere)."""
        page = self.page
        assert_on_screen(page, f"{CZ_BAR} button[data-action=end_turn]", "[data-testid=hand] .hand-cards .card",
                         ".cz-strip .card", what="a turn")
        words = page.locator("[data-testid=action-bar]").inner_text()
        assert "click" not in words.lower(), words  # a touch screen's words: "tap"
        strip = page.evaluate("() => { const s = document.querySelector('.cz-strip'); return s.scrollWidth - s.clientWidth; }")
        assert strip <= 1, f"the character row scrolls sideways by {strip} px"
        self.turns += 1
        self.seen.add("turn")

    def pick(self, picker) -> str:
        page = self.page
        title = picker.locator("h2").first.inner_text()
        if "rob" not in self.seen and picker.locator("button.card[data-character]").count() and "Rob" in title:
            # a refusal's toast while the Rob pop-up is open: shown in the pop-up, covering nothing
            refuse_something(page)
            page.locator(".dialog .dialog-toast").wait_for()
            assert_dialog_clear(page, "the Rob pop-up with a refusal")
            assert_on_screen(page, ".tp-dialog-layer .dialog-close", ".tp-dialog-layer .dialog-body button.card:not([disabled])",
                             what="the Rob pop-up")
            self.screenshot(page, "citadels-phone-rob.png")
            self.seen.add("rob")
        assert_dialog_clear(page, title)
        cards = picker.locator(".dialog-body button.card:not([disabled]), .dialog-body button.player-choice")
        if cards.count():
            cards.first.tap()
        else:
            picker.locator(".dialog-close").tap()
        return "picked"


def test_citadels_quick_play_on_a_phone(phone_page, server, screenshot):
    """The lobby's quick play (four players): on our turn the hand, the bar and all eight characters at once."""
    page = phone_page
    page.goto(f"{server}/")
    page.locator("button.quick-play[data-game=citadels]").tap()
    page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TIMEOUT_MS)
    page.locator("[data-testid=hand]").wait_for(timeout=TIMEOUT_MS)
    assert page.locator(".city-row").count() == 4
    player = CitadelsPhone(page, screenshot, "citadels-phone.png")
    end = time.monotonic() + DEADLINE_S * 2
    while time.monotonic() < end and (player.turns < 3 or player.builds < 3):
        if player.step() == "over":
            break
        page.wait_for_function(NOT_BUSY_JS, timeout=TIMEOUT_MS)
    assert player.turns >= 3 and player.builds >= 3, (player.turns, player.builds)


def test_citadels_rob_on_a_phone(phone_page, server, screenshot):
    """Two players: we take the Thief when the draft offers it; the Rob pop-up with a refusal's message in it."""
    page = phone_page
    bots = bots_of(server, "citadels")
    bot = "citadels-heuristic" if "citadels-heuristic" in bots else bots[0]
    created = create_table(server, "citadels", 2, [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": bot}], 3, {})
    open_seat(page, created["invite_links"]["0"], "[data-testid=hand]")
    player = CitadelsPhone(page, screenshot)
    end = time.monotonic() + DEADLINE_S * 2
    while time.monotonic() < end and "rob" not in player.seen:
        if player.step() == "over":
            break
        page.wait_for_function(NOT_BUSY_JS, timeout=TIMEOUT_MS)
    assert "rob" in player.seen, f"seen only {player.seen}"


# -- Akropolis -------------------------------------------------------------------------------------------------

AKR_STATE_JS = """() => {
  if (document.querySelector('.scores-dialog [data-testid=score-table]')) return 'over';
  const b = document.querySelector('.akr');
  if (!document.getElementById('app') || !b || document.querySelector('#app .page.busy')) return '';
  if (b.dataset.mine !== '1' || b.dataset.pending === '1') return '';
  return b.dataset.phase;
}"""

# the screen points of the fit markers a finger can reach (not under a tool button, the bar or the header)
AKR_FITS_JS = """() => {
  const out = [];
  for (const c of document.querySelectorAll('circle.akr-fit')) {
    const r = c.getBoundingClientRect();
    const x = r.x + r.width / 2, y = r.y + r.height / 2;
    const el = document.elementFromPoint(x, y);
    if (el && el.closest('svg.akr-city-svg')) out.push({x, y});
  }
  return out;
}"""

AKR_VIEWBOX_JS = "() => document.querySelector('svg.akr-city-svg').viewBox.baseVal.width"

AKR_CITY_CENTRE_JS = """() => { const r = document.querySelector('svg.akr-city-svg').getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2]; }"""


def pinch(page, apart: bool) -> None:
    """Two fingers on the city moving apart (zoom in) or together (zoom out): real touch input, through the
    DevTools protocol (Playwright's touchscreen has one finger only)."""
    cx, cy = page.evaluate(AKR_CITY_CENTRE_JS)
    cdp = page.context.new_cdp_session(page)
    d0, d1 = (30, 100) if apart else (100, 30)

    def points(d: float) -> list[dict]:
        return [{"x": cx - d, "y": cy, "id": 1}, {"x": cx + d, "y": cy, "id": 2}]

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(d0)})
    for i in range(1, 7):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(d0 + (d1 - d0) * i / 6)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_akropolis_four_players_fit_a_phone(phone_page, server):
    """Four players: the construction site's tiles and four city tabs, all on the first screen."""
    page = phone_page
    bots = bots_of(server, "akropolis")
    bot = "akropolis-heuristic" if "akropolis-heuristic" in bots else bots[0]
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "bot": bot}] * 3
    for seed in range(1, 13):  # a seed where we play first: the site's six tiles are all there
        created = create_table(server, "akropolis", 4, seats, seed, {})
        open_seat(page, created["invite_links"]["0"], ".akr")
        page.wait_for_function(f"() => ({AKR_STATE_JS})() === 'take'", timeout=TIMEOUT_MS)
        if page.locator(".akr-site-row .akr-site-tile").count() == 6:
            break
    assert page.locator(".akr-site-row .akr-site-tile").count() == 6
    assert_on_screen(page, ".akr-site-row .akr-site-tile", ".akr-tab", "svg.akr-city-svg", "[data-testid=action-bar]",
                     what="four players")


class AkropolisPhone:
    def __init__(self, page) -> None:
        self.page = page
        self.turn = 0
        self.seen: set[str] = set()

    def state(self) -> str:
        return self.page.wait_for_function(f"() => ({AKR_STATE_JS})() || false", timeout=TIMEOUT_MS).json_value()

    def drop(self) -> None:
        """Tap a cell where the piece fits (the piece shows there), tap it again to place it."""
        page = self.page
        page.locator("circle.akr-fit").first.wait_for()
        fits = page.evaluate(AKR_FITS_JS)
        assert fits, "no fit marker is reachable on the phone's screen"
        spot = fits[(self.turn * 5) % len(fits)]
        page.touchscreen.tap(spot["x"], spot["y"])
        reason = page.locator(".akr-reason")
        assert "Tap again" in reason.inner_text(), reason.inner_text()
        page.touchscreen.tap(spot["x"], spot["y"])

    def step(self, screenshot) -> str:
        page = self.page
        state = self.state()
        if state == "over":
            return state
        if state == "take" and self.turn >= 3:
            # then the easy bot's hints (they go for the Athena cards), so that a card gets ready for us
            self.turn += 1
            page.locator("[data-testid=hint]").tap()
            page.locator("[data-testid=hint-play]").tap()
        elif state == "take":
            self.turn += 1
            tiles = page.locator("button.akr-site-tile.takeable")
            # the construction site, the city and the bar's words (tap, not click) on one screen
            assert_on_screen(page, "button.akr-site-tile", "svg.akr-city-svg", "[data-testid=action-bar]", what="take")
            assert "Tap" in page.locator(".akr-bar-hint").inner_text(), page.locator(".akr-bar-hint").inner_text()
            tiles.nth(self.turn % tiles.count()).tap()
            page.locator("button.akr-site-tile.selected").wait_for()
            assert_on_screen(page, "button.akr-site-tile.selected", "svg.akr-city-svg", "[data-tool=rotate-cw]", what="place")
            assert "click" not in page.locator("[data-testid=action-bar]").inner_text().lower()
            if "pinch" not in self.seen:
                before = page.evaluate(AKR_VIEWBOX_JS)
                pinch(page, apart=True)
                zoomed = page.evaluate(AKR_VIEWBOX_JS)
                assert zoomed < before * 0.8, (before, zoomed)
                pinch(page, apart=False)
                assert page.evaluate(AKR_VIEWBOX_JS) > zoomed * 1.3
                page.locator("[data-tool=fit]").tap()
                screenshot(page, "akropolis-phone.png")
                self.seen.add("pinch")
            page.locator("[data-tool=rotate-cw]").tap()
            self.drop()
        elif state in ("place", "small"):
            self.drop()
        elif state == "athena":
            # the Athena cards with their small tiles and the bar's Done button, without scrolling
            assert_on_screen(page, "[data-testid=athena] .akr-card.ready", "[data-testid=action-bar] [data-action=done]",
                             what="Athena")
            assert "click" not in page.locator("[data-testid=athena]").inner_text().lower()
            if "athena" not in self.seen:
                screenshot(page, "akropolis-phone-athena.png")
            self.seen.add("athena")
            pick = page.locator("button.akr-small.pick")
            if pick.count():
                pick.first.tap()
            else:
                page.locator("[data-testid=action-bar] [data-action=done]").tap()
        self.seen.add(state)
        return state


def test_akropolis_on_a_phone(phone_page, server, screenshot):
    page = phone_page
    options = {"athena": True, "athena_cards": ["agora", "parkland", "oasis", "hanging_gardens"]}
    # solo against the Architect: the hints (a solo hint plays futures out) soon get an Athena card ready
    created = create_table(server, "akropolis", 1, [{"kind": "human", "name": "Ana"}], 10, options)
    open_seat(page, created["invite_links"]["0"], ".akr")
    player = AkropolisPhone(page)
    end = time.monotonic() + DEADLINE_S * 2
    while time.monotonic() < end and not (player.turn >= 6 and "athena" in player.seen):
        if player.step(screenshot) == "over":
            break
        page.wait_for_function(NOT_BUSY_JS, timeout=TIMEOUT_MS)
    assert player.turn >= 6 and {"pinch", "athena"} <= player.seen, (player.turn, player.seen)


# -- Gates of the Citadel ----------------------------------------------------------------------------------

GT_STATE_JS = """() => {
  if (document.querySelector('.scores-dialog [data-testid=score-table]')) return 'over';
  const b = document.querySelector('.gt');
  if (!b || document.querySelector('.table-page.busy')) return '';
  if (b.dataset.mine !== '1') return '';
  return b.dataset.phase;
}"""


def test_gates_on_a_phone(phone_page, server, screenshot):
    page = phone_page
    bots = bots_of(server, "gates")
    bot = "gates-heuristic" if "gates-heuristic" in bots else bots[0]
    created = create_table(server, "gates", 2, [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": bot}], 8,
                           {"first_chooser": 0})
    open_seat(page, created["invite_links"]["0"], ".gt")
    seen: dict[str, int] = {}
    end = time.monotonic() + DEADLINE_S * 2
    while time.monotonic() < end and seen.get("action", 0) < 4:
        state = page.wait_for_function(f"() => ({GT_STATE_JS})() || false", timeout=TIMEOUT_MS).json_value()
        if state == "over":
            break
        seen[state] = seen.get(state, 0) + 1
        if state == "shuffle":
            page.locator(".gt [data-action=shuffle]").tap()
        elif state == "draft":
            guide = page.locator("[data-testid=walkthrough]")
            if guide.count():
                # a newcomer's first draft opens with the beginner's guide (test_gates_onboarding.py): its text and
                # buttons are on the screen; the player taps Skip and has the table to themselves
                assert_on_screen(page, "[data-testid=walkthrough] [data-walk=skip]", "[data-testid=walk-text]",
                                 what="guide")
                page.locator("[data-testid=walkthrough] [data-walk=skip]").tap()
                guide.wait_for(state="detached", timeout=TIMEOUT_MS)
            # the pair to choose from, with its two cards and their buttons, whole on the screen
            assert_on_screen(page, ".gt-pair.current", ".gt-pair.current button[data-action=choose]", what="draft")
            # and the hint speaks of tapping (web.gates.touch.*), not clicking
            hint = page.locator("[data-testid=action-bar] .bar-hint").first.inner_text()
            assert hint.startswith("Tap a card of pair"), hint
            if seen[state] == 2:
                screenshot(page, "gates-phone-draft.png")
            pair = int(page.locator(".gt-pair.current").get_attribute("data-pair"))
            page.locator(".gt-pair.current button[data-action=choose]").nth((pair // 2) % 2).tap()
        elif state == "start":
            page.locator(".gt [data-action=start]").tap()
        elif state in ("action", "extra"):
            # the duel's decision: the hand's cards and the bar's skip button, with the two main cards in sight
            cards = page.locator(".gt-hand button[data-action=attach]")
            assert_on_screen(page, ".gt-hand", "[data-testid=action-bar] [data-action=skip]", ".gt-side .gt-main",
                             "[data-testid=prelim]", what=state)
            if state == "action" and seen[state] == 2:
                screenshot(page, "gates-phone.png")
            if cards.count() and seen[state] % 3:
                cards.first.tap()
            else:
                page.locator("[data-testid=action-bar] [data-action=skip]").tap()
        elif state == "poet":
            assert_dialog_clear(page, "poet")
            page.locator(".tp-dialog-layer button[data-action=poet]").first.tap()
        elif state == "siege":
            gates = page.locator("button.gt-gate.target")
            assert_on_screen(page, "button.gt-gate.target", what="siege")
            gates.first.tap()
        page.wait_for_function(NOT_BUSY_JS, timeout=TIMEOUT_MS)
    assert seen.get("draft", 0) >= 3 and seen.get("action", 0) >= 4, seen
