"""No label is clipped: each game's table in each of the five languages, at desktop and phone size (issue 32,
item 6).

One server and one page: a table of each game is created through the API with a fixed seed (the human's seat,
then bots) and opened; then for each size and language (switched with the header's language menu, as a player
would) the page is checked in Chromium for text that does not fit its box:

- an element with text of its own (or the block that holds an inline one) whose content is wider than its box
  (`scrollWidth > clientWidth`), whatever its `overflow` (visible text spilling out of a chip is as bad as text
  cut with an ellipsis), and, when it clips (`overflow` hidden or clip, or a line clamp), taller than its box;
- HTML text inside an SVG card (`foreignObject`) that runs out of it;
- an SVG text squeezed to a width (`data-fit`, the card names) whose glyphs are wider than that width.

Scroll containers (`overflow: auto | scroll`) are not clipping: their own overflow is allowed. Fixtures and the
CETATE_REQUIRE_BROWSER convention: see conftest.py.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path

import pytest

import cetate.core
from cetate.core.i18n import Catalog
from tests.browser.conftest import _new_page

LANGS = ("en", "cs", "pt", "ro", "ko")
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
TABLE_TIMEOUT_MS = 20_000
TOLERANCE_PX = 1  # sub-pixel rounding

# game -> (players, seed, options, the selector of its drawn board)
GAMES = {
    "citadels": (4, 7, {}, "[data-testid=hand]"),
    "gates": (2, 3, {}, "#app .tp-board > *"),
    "akropolis": (2, 5, {"athena": True}, ".akr"),
}

# the human's moves played before the second look at each table
CHECKPOINT_MOVES = {"citadels": 4, "gates": 6, "akropolis": 8}

# every clipped or overflowing text on the page: [{what, text, by}]
OVERFLOW_JS = """(TOL) => {
  const out = [];
  const seen = new Set();
  // shown, and not a label kept for screen readers only (clipped to nothing on purpose, as the phone layout does)
  const readerOnly = (el) => { const cs = getComputedStyle(el); return cs.clipPath === 'inset(50%)' || (parseFloat(cs.width) <= 1 && parseFloat(cs.height) <= 1); };
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !readerOnly(el);
  const label = (el) => {
    const cls = typeof el.className === 'string' ? el.className : (el.getAttribute('class') || '');
    return el.tagName.toLowerCase() + (cls ? '.' + cls.trim().split(/\\s+/).join('.') : '');
  };
  const ownText = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const scrolls = (v) => v === 'auto' || v === 'scroll';
  const clips = (v) => v === 'hidden' || v === 'clip';
  const root = document.getElementById('app');
  const overflows = new Map(); // element -> its overflow (the ancestors are asked again and again)
  for (const el of root.querySelectorAll('*')) {
    if (!ownText(el) || (el.closest('svg') && !el.closest('foreignObject'))) continue;
    if (!shown(el)) continue;
    // the box that holds the text: the element, or the nearest block around an inline one
    let box = el;
    while (box && box !== root && getComputedStyle(box).display.startsWith('inline') && !getComputedStyle(box).display.includes('-')) box = box.parentElement;
    if (!box || box === root || seen.has(box)) continue;
    seen.add(box);
    const cs = getComputedStyle(box);
    const text = box.textContent.trim().slice(0, 60);
    if (!scrolls(cs.overflowX) && box.scrollWidth > box.clientWidth + TOL && box.clientWidth > 0) {
      out.push({ what: 'wider than its box', text, by: label(box), size: [box.scrollWidth, box.clientWidth] });
      continue;
    }
    const clamp = cs.webkitLineClamp && cs.webkitLineClamp !== 'none';
    if ((clips(cs.overflowY) || clamp) && box.scrollHeight > box.clientHeight + TOL) {
      out.push({ what: 'taller than its box', text, by: label(box), size: [box.scrollHeight, box.clientHeight] });
      continue;
    }
    // cut off by a box around it: one that clips (any side), or a scroll container (its left and top edges,
    // which no scrolling reaches). Across, the text itself counts (a block may be wider than its words);
    // down, the element's box (a glyph's em box may stand a little above a tight line)
    const range = document.createRange();
    range.selectNodeContents(box);
    const rt = range.getBoundingClientRect();
    const rb = box.getBoundingClientRect();
    const r = { left: rt.left, right: rt.right, top: rb.top, bottom: rb.bottom };
    let cut = null;
    for (let anc = box.parentElement; anc && !cut && rt.width; anc = anc.parentElement) {
      if (anc instanceof SVGElement) continue; // an SVG card's text: the foreignObject check below
      if (!overflows.has(anc)) {
        const o = getComputedStyle(anc);
        overflows.set(anc, { overflowX: o.overflowX, overflowY: o.overflowY });
      }
      const acs = overflows.get(anc);
      const clipX = clips(acs.overflowX), clipY = clips(acs.overflowY);
      if (!clipX && !clipY && !scrolls(acs.overflowX) && !scrolls(acs.overflowY)) continue;
      const ar = anc.getBoundingClientRect();
      const left = ar.left + anc.clientLeft - anc.scrollLeft, top = ar.top + anc.clientTop - anc.scrollTop;
      if ((clipX || scrolls(acs.overflowX)) && r.left < left - TOL) cut = 'left';
      else if (clipX && r.right > ar.left + anc.clientLeft + anc.clientWidth + TOL) cut = 'right';
      else if ((clipY || scrolls(acs.overflowY)) && r.top < top - TOL) cut = 'top';
      else if (clipY && r.bottom > ar.top + anc.clientTop + anc.clientHeight + TOL) cut = 'bottom';
      if (cut) out.push({ what: `cut off (${cut}) by ${label(anc)}`, text, by: label(box), size: [Math.round(r.left), Math.round(r.right)] });
    }
    if (cut) continue;
    const fo = box.closest('foreignObject');
    if (fo) {
      const a = box.getBoundingClientRect();
      const b = fo.getBoundingClientRect();
      const inner = [...box.childNodes].reduce((r, n) => {
        const range = document.createRange(); range.selectNodeContents(n);
        const q = range.getBoundingClientRect();
        return q.width ? { bottom: Math.max(r.bottom, q.bottom), right: Math.max(r.right, q.right) } : r;
      }, { bottom: a.top, right: a.left });
      if (inner.bottom > b.bottom + TOL || inner.right > b.right + TOL) {
        out.push({ what: 'out of its card', text, by: label(box), size: [Math.round(inner.bottom - b.top), Math.round(b.height)] });
      }
    }
  }
  for (const t of root.querySelectorAll('svg text[data-fit]')) {
    if (!shown(t)) continue;
    const max = Number(t.dataset.fit);
    const bb = t.getBBox();
    if (bb.width > max + 1) out.push({ what: 'wider than its place on the card', text: t.textContent, by: label(t), size: [Math.round(bb.width * 10) / 10, max] });
  }
  return out;
}"""


def _call(server: str, path: str, token: str, body: dict | None = None) -> dict:
    req = urllib.request.Request(f"{server}/api{path}", method="POST" if body is not None else "GET",
                                 data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def _create(server: str, game: str, players: int | None = None, seed: int | None = None,
            options: dict | None = None) -> dict:
    """A seeded table of `game` (GAMES' players, seed and options unless given): the human's seat 0, then
    bots. {link, id, token}"""
    players = players or GAMES[game][0]
    seed = GAMES[game][1] if seed is None else seed
    options = GAMES[game][2] if options is None else options
    bots = json.load(urllib.request.urlopen(f"{server}/api/games", timeout=10))
    bot = next(g for g in bots if g["id"] == game)["bots"][0]
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": bot}] * (players - 1)
    body = json.dumps({"game": game, "players": players, "seats": seats, "seed": seed, "options": options})
    req = urllib.request.Request(f"{server}/api/tables", data=body.encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        created = json.load(r)
    return {"link": created["invite_links"]["0"], "id": created["table_id"], "token": created["seats"][0]["token"]}


def _choose(game: str, doc: dict) -> dict:
    """The human's move, as a player who wants the table to show much: the Assassin or the Thief and their
    powers (the character row then shows who was killed or robbed), gold, a build; else the first move."""
    legal, notes = doc["legal_actions"], doc.get("action_notes") or [{}] * len(doc["legal_actions"])
    if game == "citadels":
        by = {}
        for a, note in zip(legal, notes, strict=False):
            if not note.get("void"):
                by.setdefault(a["type"], []).append(a)
        for wanted in ("assassin", "thief"):
            for a in by.get("pick", []):
                if a["character"] == wanted:
                    return a
        for kind in ("assassinate", "steal", "take_gold", "build", "end_turn"):
            if by.get(kind):
                return by[kind][-1] if kind in ("assassinate", "steal") else by[kind][0]
    return legal[0]


def _advance(server: str, game: str, table: dict, moves: int) -> None:
    """Play `moves` moves of the human's seat through the API (the bots answer in between)."""
    deadline = time.monotonic() + 30
    done = 0
    while done < moves and time.monotonic() < deadline:
        doc = _call(server, f"/tables/{table['id']}", table["token"])
        if doc["table"]["status"] == "over":
            return
        if not doc["legal_actions"]:
            time.sleep(0.05)
            continue
        _call(server, f"/tables/{table['id']}/actions", table["token"], {"action": _choose(game, doc), "seat": 0})
        done += 1
    # until the human has a decision again (or the game is over)
    while time.monotonic() < deadline:
        doc = _call(server, f"/tables/{table['id']}", table["token"])
        if doc["legal_actions"] or doc["table"]["status"] == "over":
            return
        time.sleep(0.05)


CORE = Catalog(Path(cetate.core.__file__).with_name("messages"))


def _switch(page, lang: str) -> None:
    """The header's language menu, then until the table is drawn again in that language (its journal's
    heading is built with the rest of the frame) and its fonts are loaded."""
    if page.evaluate("document.documentElement.lang") != lang:
        page.locator("#lang-select").select_option(lang)
    heading = CORE.text("web.table.journal", lang)
    page.wait_for_function("([l, text]) => document.documentElement.lang === l && [...document.querySelectorAll('.tp-journal h2')].some((e) => e.textContent === text)",
                           arg=[lang, heading])
    page.evaluate("async () => { await document.fonts.ready; await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); }")


@pytest.mark.parametrize("game", list(GAMES))
def test_no_label_overflows_in_any_language_or_size(browser, server, game: str) -> None:
    table = _create(server, game)
    context, page, errors = _new_page(browser, *SIZES["desktop"])
    problems = []
    try:
        page.add_init_script("localStorage.setItem('cetate.lang', 'en');")
        # the table at its start, then after some moves of ours (a city, markers on the characters...)
        for step, moves in enumerate((0, CHECKPOINT_MOVES[game])):
            _advance(server, game, table, moves)
            page.set_viewport_size({"width": SIZES["desktop"][0], "height": SIZES["desktop"][1]})
            if step == 0:
                page.goto(table["link"])
                page.wait_for_url(re.compile(r".*#/t/[^/?]+$"), timeout=TABLE_TIMEOUT_MS)
            else:
                page.reload()
            page.locator(GAMES[game][3]).first.wait_for(timeout=TABLE_TIMEOUT_MS)
            for size, (width, height) in SIZES.items():
                page.set_viewport_size({"width": width, "height": height})
                for lang in LANGS:
                    _switch(page, lang)
                    for p in page.evaluate(OVERFLOW_JS, TOLERANCE_PX):
                        problems.append(f"move {moves}, {size} {lang}: {p['what']}: {p['text']!r} ({p['by']}, {p['size']})")
        assert not errors, errors
        assert not problems, f"{len(problems)} clipped labels:\n" + "\n".join(problems[:80])
    finally:
        context.close()
