"""Issue 32, items 3 and 4, in Chromium: each fix as a player meets it.

- Akropolis: the "All N legal moves" list names every take from the engine's view (the tile, its position
  counted from 1, its cost: no "?" left); the header says "place your tile" once a tile is picked up; the city
  tabs get real class names; the replay's "Move:" line names a take the same way.
- Citadels: in the Assassinate and Rob pop-ups a character set aside face up is shown disabled, with the reason
  the engine's note gives (`void.face_up`), in every language; the others are clickable.

Tables are created through the API with fixed seeds; the human's earlier moves go through the API too.
Screenshots (CETATE_SCREENSHOTS=1): docs/screenshots/akropolis-moves.png, citadels-rob-disabled.png.
"""

from __future__ import annotations

import re
import time

import pytest

from cetate.core.i18n import Catalog
from cetate.games import get
from tests.browser.test_overflow import LANGS, OVERFLOW_JS, TOLERANCE_PX, _call, _create, _switch

TABLE_TIMEOUT_MS = 20_000
DIALOG = ".tp-dialog-layer .overlay"


def _doc(server: str, table: dict) -> dict:
    return _call(server, f"/tables/{table['id']}", table["token"])


def _until(server: str, table: dict, ready, play, deadline_s: float = 30) -> dict:
    """Plays the human's seat with `play(doc) -> action` until `ready(doc)`; the bots answer in between."""
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        doc = _doc(server, table)
        if ready(doc):
            return doc
        if doc["table"]["status"] == "over":
            break
        if doc["legal_actions"]:
            _call(server, f"/tables/{table['id']}/actions", table["token"], {"action": play(doc), "seat": 0})
        else:
            time.sleep(0.05)
    raise AssertionError("the table never reached the state wanted")


def _open(page, table: dict, ready: str) -> None:
    page.add_init_script("localStorage.setItem('cetate.lang', 'en');")
    page.goto(table["link"])
    page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TABLE_TIMEOUT_MS)
    page.locator(ready).first.wait_for(timeout=TABLE_TIMEOUT_MS)


def _messages(game: str) -> Catalog:
    return Catalog(get(game).messages_dir())


# -- Akropolis --------------------------------------------------------------------------------------------

def _take_label(cat: Catalog, lang: str, tile: dict) -> str:
    """A take as the engine's view and the catalog say it (1 is the free position)."""
    if tile["cost"] == 0:
        return cat.text("action.take_free", lang, tile=tile["id"])
    return cat.text("action.take", lang, tile=tile["id"], position=tile["position"], cost=tile["cost"])


def test_akropolis_moves_header_and_tabs(new_page, server, screenshot) -> None:
    table = _create(server, "akropolis", players=2, seed=5, options={})
    doc = _until(server, table, lambda d: d["view"]["phase"] == "take" and d["legal_actions"], lambda d: d["legal_actions"][0])
    view = doc["view"]
    cat = _messages("akropolis")
    assert [t["position"] for t in view["site"]] == list(range(1, len(view["site"]) + 1))
    page = new_page(1280, 800)
    _open(page, table, "button.akr-site-tile.takeable")

    # the full list of moves: every take named from the view, none with a blank
    page.locator("details.all-moves summary").click()
    labels = page.locator("details.all-moves .all-moves-list button").all_inner_texts()
    takes = [a for a in doc["legal_actions"] if a["type"] == "take"]
    expected = [_take_label(cat, "en", view["site"][a["site"]]) for a in takes]
    assert labels[:len(takes)] == expected
    assert not [x for x in labels if "?" in x], labels
    assert any("from position 2 " in x for x in labels), labels  # the first tile that costs is at position 2
    assert "position 0" not in " ".join(labels)
    # the site shows each tile's position, the one its key picks
    assert page.locator(".akr-site-tile .akr-pos").all_inner_texts()[:len(view["site"])] == [str(t["position"]) for t in view["site"]]
    screenshot(page, "akropolis-moves.png")

    # the tabs: plain class names, the seat to move marked
    classes = page.eval_on_selector_all(".akr-tab", "(els) => els.map((e) => e.className)")
    assert all("," not in c and "false" not in c.split() for c in classes), classes
    assert page.locator(".akr-tab.to-move").count() == 1

    # the header: "take a tile", then "place your tile" once one is picked up (and again after Cancel)
    status = page.locator("#page-title .status-text")
    take_you, place_you = cat.text("web.akropolis.status.take_you", "en"), cat.text("web.akropolis.status.place_you", "en")
    assert status.inner_text() == take_you
    page.locator("button.akr-site-tile.takeable").first.click()
    page.locator("button.akr-site-tile.selected").wait_for()
    assert status.inner_text() == place_you
    page.locator("[data-action=cancel]").click()
    page.locator("button.akr-site-tile.selected").wait_for(state="detached")
    assert status.inner_text() == take_you


def test_akropolis_replay_names_a_take(new_page, server) -> None:
    """A solo game (the Architect plays itself) to the end through the API, then its replay at the first take."""
    table = _create(server, "akropolis", players=1, seed=3, options={})
    _until(server, table, lambda d: d["table"]["status"] == "over",
           lambda d: next((a for a in d["legal_actions"] if a["type"] == "take" and a["site"] == 1), d["legal_actions"][0]),
           deadline_s=60)
    replay = _call(server, f"/tables/{table['id']}/replay?seat=0", table["token"])
    steps = replay["steps"]
    k = next(i for i, s in enumerate(steps) if s.get("action") and s["action"]["type"] == "take" and s["action"]["site"] == 1)
    before = steps[k - 1]["view"]
    expected = _take_label(_messages("akropolis"), "en", before["site"][1])
    page = new_page(1280, 800)
    page.add_init_script("localStorage.setItem('cetate.lang', 'en');")
    page.goto(table["link"].split("#")[0] + f"#/replay/{table['id']}?seat=0&step={k}")
    line = page.locator(".replay-action strong")
    line.wait_for(timeout=TABLE_TIMEOUT_MS)
    assert line.inner_text() == expected
    assert "?" not in expected and "from position 2 " in expected


# -- Citadels ---------------------------------------------------------------------------------------------

# seed 7, four players: the Bishop and the Architect are set aside face up in round 1, and the human (who
# holds the crown) picks first
CITADELS_SEED = 7


@pytest.mark.parametrize(("character", "power"), [("thief", "steal"), ("assassin", "assassinate")])
def test_citadels_face_up_targets_are_disabled_with_the_reason(new_page, server, screenshot, character, power) -> None:
    table = _create(server, "citadels", players=4, seed=CITADELS_SEED, options={})

    def play(doc):
        legal = doc["legal_actions"]
        return next((a for a in legal if a["type"] == "pick" and a["character"] == character), legal[0])

    doc = _until(server, table, lambda d: any(a["type"] == power for a in d["legal_actions"]), play)
    view = doc["view"]
    face_up = view["characters"]["face_up"]
    assert face_up, "the seed sets characters aside face up"
    voided = {a["character"] for a, n in zip(doc["legal_actions"], doc["action_notes"], strict=True)
              if a["type"] == power and n.get("void") == "face_up"}
    assert voided == set(face_up) - {character}  # the engine's note: every face-up target, and only those
    cat = _messages("citadels")

    page = new_page(1280, 800)
    _open(page, table, f"[data-action={power}]")
    page.locator(f"[data-action={power}]").click()
    dialog = page.locator(DIALOG)
    dialog.wait_for()
    for lang in LANGS:
        _switch(page, lang)
        reason = cat.text("void.face_up", lang)
        for ch in face_up:
            card = dialog.locator(f".character[data-character={ch}]")
            assert card.evaluate("(e) => e.tagName") != "BUTTON", ch  # nothing to click
            assert "disabled" in card.get_attribute("class") and card.get_attribute("data-void") == "face_up"
            assert card.locator(".card-caption").inner_text() == reason
        # the characters that may be named are still buttons
        for a in doc["legal_actions"]:
            if a["type"] == power and a["character"] not in voided:
                assert dialog.locator(f"button.character[data-character={a['character']}]").count() == 1, a
        # and nothing in the pop-up is clipped
        problems = [p for p in page.evaluate(OVERFLOW_JS, TOLERANCE_PX)]
        assert not problems, (lang, problems)
    _switch(page, "en")
    if power == "steal":
        screenshot(page, "citadels-rob-disabled.png")

    # a click on a face-up card sends nothing: the pop-up stays open and the power is still to use
    dialog.locator(f".character[data-character={face_up[0]}]").click()
    page.wait_for_timeout(300)
    assert dialog.is_visible()
    assert any(a["type"] == power for a in _doc(server, table)["legal_actions"])
