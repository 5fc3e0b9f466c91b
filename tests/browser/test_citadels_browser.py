"""End-to-end tests of the web client (docs/server.md, "The client") with Citadels, in headless Chromium.

The human seats are played by clicking in the page only: the draft and keep dialogs, the take-gold / draw
buttons, a buildable hand card, the powers (their pickers or the generic action buttons) and "End turn".
Hooks used: `data-testid` (action-bar, hand, score-table, hotseat-curtain, hotseat-ready), `data-action` on
the action bar's buttons, and the frame's classes (`.overlay.required`, `.overlay.picker`, `.quick-play`).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

import pytest

GAME_DEADLINE_S = 120  # a whole 4-player game against quick bots takes ~20-30 s
TABLE_TIMEOUT_MS = 20_000
OVERFLOW_TOLERANCE_PX = 2

FRAME_BUTTONS = ":not([data-testid=hint]):not([data-testid=undo]):not([data-testid=hint-play])"
BAR = "[data-testid=action-bar] .bar-main"
DIALOG = ".tp-dialog-layer .overlay"
CURTAIN = "[data-testid=hotseat-curtain]"
SCORES = ".scores-dialog [data-testid=score-table]"
HAND_CARDS = "[data-testid=hand] .hand-cards .card"

# true when the page shows something a player can act on (or the game is over)
ACTIONABLE_JS = """() => {
  const app = document.getElementById('app');
  if (!app || document.querySelector('#app .page.busy')) return false;
  return !!(document.querySelector('.scores-dialog [data-testid=score-table]')
    || document.querySelector('[data-testid=hotseat-curtain]')
    || document.querySelector('.tp-dialog-layer .overlay, .tp-dialog-layer .dialog-restore')
    || document.querySelector('[data-testid=action-bar] .bar-main button'));
}"""

NOT_BUSY_JS = "() => !!document.getElementById('app') && !document.querySelector('#app .page.busy')"


@dataclass
class HumanPlayer:
    """Plays the seat the page shows, one click at a time; counts what it did."""

    page: object
    resources: int = 0
    tried: set = field(default_factory=set)  # power / generic buttons used this turn
    counts: dict = field(default_factory=dict)
    log: list = field(default_factory=list)

    def note(self, what: str, detail: str = "") -> None:
        self.counts[what] = self.counts.get(what, 0) + 1
        self.log.append(f"{what} {detail}".strip())

    def wait_actionable(self, timeout_ms: int = TABLE_TIMEOUT_MS) -> None:
        self.page.wait_for_function(ACTIONABLE_JS, timeout=timeout_ms)

    def step(self) -> str:
        """One click. Answers "over", "curtain", "acted" or "idle" (nothing to click right now)."""
        page = self.page
        if page.locator(SCORES).count():
            return "over"
        if page.locator(CURTAIN).count():
            return "curtain"
        restore = page.locator(".tp-dialog-layer .dialog-restore")
        if restore.count():
            restore.first.click()
            return "acted"
        required = page.locator(f"{DIALOG}.required .dialog")
        if required.count():
            title = required.locator("h2").first.inner_text()
            # a confirming button first (e.g. the Magician's "stop discarding"), then a card, then any choice
            for sel in (".dialog-buttons button.primary", ".dialog-body button.card", ".dialog-body button",
                        ".dialog-buttons button"):
                loc = required.locator(sel)
                if loc.count():
                    kind = "draft" if "draft-dialog" in (required.get_attribute("class") or "") else "dialog"
                    self.note(kind, f"{title}: {sel}")
                    loc.first.click()
                    return "acted"
            raise AssertionError(f"a required dialog offers nothing to click: {title!r}")
        picker = page.locator(f"{DIALOG}.picker .dialog")
        if picker.count():
            title = picker.locator("h2").first.inner_text()
            for sel in (".dialog-body button.card", ".dialog-body button.player-choice"):
                loc = picker.locator(sel)
                if loc.count():
                    self.note("picked", f"{title}: {sel}")
                    loc.first.click()
                    return "acted"
            self.note("picker_closed", title)
            picker.locator(".dialog-close").click()
            return "acted"
        bar = page.locator(BAR)
        # the hint and take-back buttons are the frame's, not moves of the game
        if not bar.locator(f"button{FRAME_BUTTONS}").count():
            return "idle"
        gold = bar.locator("button[data-action=take_gold]")
        draw = bar.locator("button[data-action=draw_cards]")
        if gold.count() or draw.count():
            # alternate, so that the keep dialog is played too
            choice = draw if (self.resources % 2 and draw.count()) or not gold.count() else gold
            self.resources += 1
            self.note("resource", choice.first.get_attribute("data-action"))
            choice.first.click()
            return "acted"
        buildable = page.locator("[data-testid=hand] button.card.buildable")
        if buildable.count():
            self.note("build", buildable.first.get_attribute("data-card"))
            buildable.first.click()
            return "acted"
        for button in bar.locator("button[data-action]:not([data-action=end_turn])").all():
            key = f"{button.get_attribute('data-action')}|{button.inner_text()}"
            if key not in self.tried:
                self.tried.add(key)
                self.note("power", key)
                button.click()
                return "acted"
        end = bar.locator("button[data-action=end_turn]")
        if end.count():
            self.tried = set()
            self.note("end_turn")
            end.first.click()
            return "acted"
        raise AssertionError("the action bar has buttons, but none this player knows: "
                             + " | ".join(bar.locator(f"button{FRAME_BUTTONS}").all_inner_texts()))

    def play(self, until: str = "over", deadline_s: float = GAME_DEADLINE_S, before_click=None) -> str:
        """Click until `until` ("over" or "curtain") shows; before_click(player) runs before each click."""
        end = time.monotonic() + deadline_s
        while time.monotonic() < end:
            self.wait_actionable()
            if before_click:
                before_click(self)
            result = self.step()
            if result == until or result == "over":
                return result
            if result == "curtain":
                raise AssertionError("unexpected hot-seat curtain")
            if result == "idle":
                self.page.wait_for_timeout(50)
                continue
            self.page.wait_for_function(NOT_BUSY_JS, timeout=TABLE_TIMEOUT_MS)
        raise AssertionError(f"no {until!r} within {deadline_s} s; last moves: {self.log[-15:]}")


def open_lobby(page, server):
    page.goto(f"{server}/")
    page.locator("button.quick-play[data-game=citadels]").wait_for()


def quick_play(page, server):
    """Lobby -> a 4-player table with three bots, in one click."""
    open_lobby(page, server)
    page.locator("button.quick-play[data-game=citadels]").click()
    page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TABLE_TIMEOUT_MS)
    page.locator("[data-testid=hand]").wait_for(timeout=TABLE_TIMEOUT_MS)


def horizontal_overflow(page) -> int:
    return page.evaluate("() => document.scrollingElement.scrollWidth - window.innerWidth")


# -- (1) a whole game against bots ---------------------------------------------------------------------

def test_play_a_whole_game_against_three_bots(page, server, screenshot):
    open_lobby(page, server)
    expect_text(page.locator("main h1"), "Play a game")
    screenshot(page, "lobby.png")
    page.locator("button.quick-play[data-game=citadels]").click()  # the only click before the table
    page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TABLE_TIMEOUT_MS)
    page.locator("[data-testid=hand]").wait_for()
    assert page.locator(".city-row").count() == 4
    assert page.locator(".chip.bot").count() == 3

    shot_taken = []

    def mid_game_shot(player: HumanPlayer) -> None:
        # the table during one of our turns, once the cities have a few districts
        if not shot_taken and player.counts.get("end_turn", 0) >= 3 \
                and player.page.locator(f"{BAR} button[data-action=end_turn]").count() \
                and not player.page.locator(DIALOG).count():
            shot_taken.append(True)
            screenshot(player.page, "citadels-table.png")

    player = HumanPlayer(page)
    assert player.play("over", before_click=mid_game_shot) == "over", player.log[-15:]
    screenshot(page, "citadels-scores.png")

    # we played through every kind of control at least once
    for what in ("draft", "resource", "end_turn", "build"):
        assert player.counts.get(what, 0) >= 1, (what, player.counts)
    assert any(line.startswith("dialog Keep") for line in player.log), player.log

    table = page.locator(SCORES)
    rows = table.locator("tbody tr")
    assert rows.count() == 4
    headers = [h.strip().lower() for h in table.locator("thead th").all_inner_texts()]
    assert headers[-1] == "total", headers
    names = set()
    totals = []
    for i in range(4):
        row = rows.nth(i)
        names.add(row.locator("th").inner_text().strip().lstrip("★ ").strip())
        total = row.locator("td.total").inner_text().strip()
        assert re.fullmatch(r"-?\d+", total), total
        totals.append(int(total))
    assert names == {n.strip() for n in page.locator(".city-row .chip-name").all_inner_texts()}, names
    assert totals == sorted(totals, reverse=True), totals  # ranked
    assert table.locator("tbody tr.winner").count() >= 1
    winners = page.locator(".scores-dialog .winners")
    expect_text(winners, "Winner")
    assert table.locator("tbody tr.winner").first.locator("td.total").inner_text().strip() == str(totals[0])
    assert page.locator(".scores-dialog .score-notes").inner_text().strip()

    # "Play again" (this device made the table): a new table with the same seats, at once
    first = page.url
    page.locator(".scores-dialog .dialog-close").click()
    page.locator("[data-testid=play-again]").click()
    page.wait_for_url(lambda url: "#/t/" in url and url != first, timeout=TABLE_TIMEOUT_MS)
    page.locator("[data-testid=hand]").wait_for(timeout=TABLE_TIMEOUT_MS)
    assert page.locator(".city-row").count() == 4
    assert page.locator(".chip.bot").count() == 3
    assert page.locator("[data-testid=play-again]").count() == 0  # not before this game is over


# -- (2) hot-seat: the curtain hides the previous player's hand -------------------------------------------

def test_hotseat_curtain_hides_previous_hand(page, server, screenshot):
    open_lobby(page, server)
    page.locator("a[href='#/new/citadels']").click()
    page.locator("#create-table").wait_for()
    page.locator("#players").select_option("4")
    page.locator("select.seat-kind[data-seat='0']").select_option("hotseat")
    page.locator("select.seat-kind[data-seat='1']").select_option("hotseat")
    for seat in (2, 3):
        assert page.locator(f"select.seat-kind[data-seat='{seat}']").input_value() == "bot"
    names = page.locator("input.seat-name")
    assert names.count() == 2
    names.nth(0).fill("Alice")
    names.nth(1).fill("Bob")
    page.locator("#create-table").click()
    page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TABLE_TIMEOUT_MS)
    # the board, or at once the curtain when the other hot-seat player holds the crown
    page.locator(f".cz-strip, {CURTAIN}").first.wait_for(timeout=TABLE_TIMEOUT_MS)

    seen = {}  # the seat shown and its hand, just before our last click

    def remember(player: HumanPlayer) -> None:
        if player.page.locator(CURTAIN).count():
            return
        me = player.page.locator(".city-row.me").first
        if me.count():
            seen["seat"] = me.get_attribute("data-seat")
            seen["name"] = me.locator(".chip-name").inner_text()
            seen["hand"] = player.page.locator(HAND_CARDS).evaluate_all("els => els.map(e => e.dataset.card)")

    player = HumanPlayer(page)
    for _ in range(3):  # the first curtain may come before anyone on this device acted (crown at seat 1)
        result = player.play("curtain", deadline_s=60, before_click=remember)
        assert result == "curtain", player.log[-10:]
        if player.log:
            break
        page.locator("[data-testid=hotseat-ready]").click()
        page.locator(CURTAIN).wait_for(state="detached")
    assert player.log, "no hot-seat player acted before the curtain"
    previous, previous_hand = seen["name"], seen["hand"]
    following = "Bob" if previous == "Alice" else "Alice"
    assert previous in ("Alice", "Bob"), seen

    curtain = page.locator(CURTAIN)
    expect_text(curtain, following)
    expect_text(page.locator("[data-testid=hotseat-ready]"), following)
    box = curtain.bounding_box()
    assert box and box["x"] <= 0 and box["y"] <= 0 and box["width"] >= 1280 and box["height"] >= 720, box
    screenshot(page, "citadels-hotseat.png")
    # nothing of the previous player's private view stays in the page under the curtain: no hand, no
    # board, no journal (which holds that seat's private events)
    assert page.locator("[data-testid=hand]").count() == 0
    assert page.locator("[data-card]").count() == 0
    assert page.locator(".journal-list li").count() == 0

    page.locator("[data-testid=hotseat-ready]").click()
    page.locator(CURTAIN).wait_for(state="detached")
    page.wait_for_function(NOT_BUSY_JS)
    page.locator(f".city-row.me .chip-name:text-is('{following}')").wait_for(timeout=TABLE_TIMEOUT_MS)
    page.locator("[data-testid=hand]").wait_for()
    assert page.locator(".city-row.me").first.get_attribute("data-seat") != seen["seat"]
    hand_now = page.locator(HAND_CARDS).evaluate_all("els => els.map(e => e.dataset.card)")
    badge = page.locator(".city-row.me .badge.hand").inner_text().strip()
    assert badge == str(len(hand_now)), (badge, hand_now)
    assert hand_now != previous_hand or not previous_hand, (previous_hand, hand_now)


# -- (3) prices and refusals: the page shows the engine's numbers ---------------------------------------------

# the table document of this device's seat, as the server sends it (view, legal_actions, action_notes)
TABLE_DOC_JS = """async () => {
  const id = decodeURIComponent(location.hash.match(/#\\/t\\/([^/?]+)/)[1]);
  const mine = JSON.parse(localStorage.getItem('cetate.tables') || '{}')[id];
  const token = Object.values(mine.seats).find((s) => s.token && !s.invite).token;
  const r = await fetch(`/api/tables/${encodeURIComponent(id)}`, { headers: { Authorization: `Bearer ${token}` } });
  return await r.json();
}"""


def _expected_hand_captions(doc: dict, catalog) -> dict:
    """What each hand card of the seat to move should say: its build price (the action's note) or why not
    (the view's refusal), in English."""
    legal, notes = doc["legal_actions"], doc["action_notes"]
    out = {}
    for card in doc["view"]["you"]["hand"]:
        action = {"type": "build", "card": card["id"]}
        if action in legal:
            out[card["id"]] = catalog.text("web.citadels.hand.build", "en", cost=notes[legal.index(action)]["price"])
            continue
        refusal = next((r for r in doc["view"]["refusals"] if r["target"] == action), None)
        assert refusal is not None, (card, doc["view"]["refusals"])
        numbers = {k: v for k, v in refusal.items() if k not in ("code", "target")}
        out[card["id"]] = catalog.text(f"refusal.{refusal['code']}", "en", **numbers)
    return out


def test_hand_and_buttons_show_the_engines_prices_and_refusals(page, server):
    """A few turns against bots: every hand card's caption is its build price from the engine's note or the
    engine's refusal, and the draw button says what the note says (Observatory, Library)."""
    from cetate.core.i18n import Catalog
    from cetate.games import get

    catalog = Catalog(get("citadels").messages_dir())
    page.add_init_script("localStorage.setItem('cetate.lang', 'en');")
    quick_play(page, server)
    player = HumanPlayer(page)
    checked: dict[str, int] = {}
    deadline = time.monotonic() + GAME_DEADLINE_S
    while sum(checked.values()) < 12 and time.monotonic() < deadline:
        player.wait_actionable()
        own_turn = page.locator("[data-testid=hand] .hand-cards .card.buildable, "
                                "[data-testid=hand] .hand-cards .card.unbuildable")
        if own_turn.count() and not page.locator(DIALOG).count():
            doc = page.evaluate(TABLE_DOC_JS)
            expected = _expected_hand_captions(doc, catalog)
            shown = page.locator(HAND_CARDS).evaluate_all(
                "els => els.map((e) => [e.dataset.card, (e.querySelector('.card-caption') || {}).textContent || ''])")
            for card_id, caption in shown:
                assert caption == expected[card_id], (card_id, caption, expected)
                kind = "price" if caption.startswith("Build for") else "refusal"
                checked[kind] = checked.get(kind, 0) + 1
            draw = page.locator(f"{BAR} button[data-action=draw_cards]")
            if draw.count():
                note = doc["action_notes"][doc["legal_actions"].index({"type": "draw_cards"})]
                key = "web.citadels.btn.draw_all" if note["keep"] == note["draw"] else "web.citadels.btn.draw"
                label = catalog.text(key, "en", draw=note["draw"], keep=note["keep"])
                if note["by"]:
                    label = catalog.text("web.citadels.btn.draw_by", "en", action=label, cards=note["by"])
                assert draw.first.inner_text().strip() == label
        if player.step() == "over":
            break
        page.wait_for_function(NOT_BUSY_JS, timeout=TABLE_TIMEOUT_MS)
    assert checked.get("price", 0) >= 1 and checked.get("refusal", 0) >= 1, (checked, player.log[-10:])


# -- (4) Czech -----------------------------------------------------------------------------------------

def test_switch_language_to_czech(page, server):
    open_lobby(page, server)
    expect_text(page.locator("main h1"), "Play a game")
    page.locator("#lang-select").select_option("cs")
    expect_text(page.locator("main h1"), "Zahraj si")
    expect_text(page.locator("button.quick-play[data-game=citadels]"), "Hrát proti 3 botům")
    assert "Play a game" not in page.locator("main").inner_text()
    assert page.evaluate("document.documentElement.lang") == "cs"
    assert page.locator("#lang-select").get_attribute("aria-label") == "Jazyk"

    page.reload()
    page.locator("button.quick-play[data-game=citadels]").wait_for()
    expect_text(page.locator("main h1"), "Zahraj si")
    assert page.locator("#lang-select").input_value() == "cs"

    page.locator("button.quick-play[data-game=citadels]").click()
    page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TABLE_TIMEOUT_MS)
    page.locator("[data-testid=hand]").wait_for(timeout=TABLE_TIMEOUT_MS)
    expect_text(page.locator("[data-testid=hand] h3"), "Tvoje ruka")
    expect_text(page.locator(".tp-journal h2"), "Deník")
    expect_text(page.locator(".guide-button"), "Pravidla")
    text = page.locator("#app").inner_text()
    for english in ("Your hand", "Journal"):
        assert english not in text, english

    page.reload()
    page.locator("[data-testid=hand]").wait_for(timeout=TABLE_TIMEOUT_MS)
    expect_text(page.locator("[data-testid=hand] h3"), "Tvoje ruka")

    page.locator("#lang-select").select_option("en")
    expect_text(page.locator("[data-testid=hand] h3"), "Your hand")
    expect_text(page.locator(".tp-journal h2"), "Journal")


# -- (5) phone and desktop sizes --------------------------------------------------------------------------

@pytest.mark.parametrize("width,height", [(375, 667), (1280, 720)], ids=["phone", "desktop"])
def test_no_horizontal_overflow(new_page, server, screenshot, width, height):
    page = new_page(width, height)
    open_lobby(page, server)
    assert horizontal_overflow(page) <= OVERFLOW_TOLERANCE_PX, "lobby"
    quick_play(page, server)
    assert horizontal_overflow(page) <= OVERFLOW_TOLERANCE_PX, "table"
    # our first dialog (the draft), then the table during our turn
    player = HumanPlayer(page)
    player.wait_actionable()
    if page.locator(DIALOG).count():
        assert horizontal_overflow(page) <= OVERFLOW_TOLERANCE_PX, "dialog"
    for _ in range(40):
        player.wait_actionable()
        if page.locator(f"{BAR} button[data-action=end_turn]").count():
            break
        player.step()
        page.wait_for_function(NOT_BUSY_JS)
    assert horizontal_overflow(page) <= OVERFLOW_TOLERANCE_PX, "turn"
    assert page.locator("[data-testid=hand]").is_visible()
    if width < 500:
        screenshot(page, "citadels-phone-small.png")  # citadels-phone.png: test_phone.py, at 390x844


def expect_text(locator, text: str, timeout_ms: int = TABLE_TIMEOUT_MS) -> None:
    from playwright.sync_api import expect

    expect(locator.first).to_contain_text(text, timeout=timeout_ms)
