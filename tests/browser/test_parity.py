"""The browser's game modules draw the engine's words and numbers, and only those (issue 30, items 1 and 6).

Each game module (src/cetate/web/games/<id>.js) is drawn in Chromium as the table frame draws it: the module gets
the view, the legal actions, the engine's notes on them (`ctx.notes`, `ctx.noteOf`) and the game's static catalog
(`ctx.catalog`), all made here by the engine in Python for states of random games. Two kinds of checks:

* sources (item 1): every text the board, the bar, the dialog, the status line, the badges and the final score
  table show (text nodes, `title` and `aria-label`) is made of the catalog's names and texts, the view's and the
  notes' strings, the players' names and the messages the module had the catalogs say; every number left in
  them, and every number the module passed to a message, is one of the view's, the notes', the legal actions'
  or the catalog's (or one more than one of them: a 1-based number; a length; a percentage of a chance). A
  word from nowhere is a text written into a module; a number from nowhere is a number the module worked out
  or copied (a price, a score, a count of the rules). Run in English and in Korean, so that a name copied into a
  module in English shows as a word from nowhere. The static half of this check is tests/js/rule-copies.test.js.
* parity (item 6), per game: what the page says about a move is what the engine says. Citadels: a hand card's
  caption (its build price from the note, or the engine's refusal with its numbers), the draw and income
  buttons, the Warlord's and the Diplomat's prices and refusals in their pickers, the Wizard's build prices.
  Akropolis: each site tile's price and the refusal of those a seat cannot pay, and where a tile may go: the
  level and stones of a placement (the note of the legal `place`) or the reason it is refused (the engine's
  city). Gates: the odds of a siege on each gate, what attaching a hand card would do, and why a gate (or a card)
  is refused.
"""

from __future__ import annotations

import json
import random

import pytest

from cetate.core.i18n import Catalog
from cetate.games import get
from tests.browser import static_client

NAMES = ["Ann", "Bob", "Cyril", "Dana", "Eva"]
LANGS = ["en", "ko"]


@pytest.fixture(scope="module")
def client_page(browser):
    yield from static_client.client_page(browser)


def _messages(game, lang: str) -> tuple[Catalog, dict]:
    catalog = Catalog(game.messages_dir())
    return catalog, {k: catalog.raw(k, lang)[0] for k in sorted(catalog.keys("en") | catalog.keys(lang))}


def _key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def _sample(game, state, seat, ui: dict | None = None) -> dict:
    """What the server sends `seat` (its view, and when it is to move its legal actions with their notes)."""
    mover = game.to_move(state)
    legal = game.legal_actions(state) if mover is not None and seat == mover else []
    notes = game.annotate(state, seat, legal) if legal else []
    return {"seat": seat, "view": game.view(state, seat), "legal": legal, "notes": notes, "ui": ui or {}}


# The page's side: draw each sample with the module as the frame does, check where each text comes from, and read
# what the module shows of the engine's numbers (the probes of each game).
DRAW_JS = """
async ([game, lang, messages, catalog, samples, names, modulePath]) => {
  const i18n = await import('/i18n.js');
  const { h } = await import('/dom.js');
  const kit = await import('/kit.js');
  const gamedata = await import('/gamedata.js');
  const { renderDialog } = await import('/table/dialogs.js');
  const mod = (await import(modulePath || `/games/${game}.js`)).default;
  // the catalog as the server would send it (the final score tables read it through gamedata.js)
  const realFetch = window.fetch;
  window.fetch = async (url) => (String(url).includes('/catalog/') ? new Response(JSON.stringify(catalog)) : realFetch(url));
  await gamedata.load(game, lang);
  window.fetch = realFetch;
  i18n.setLang(lang);
  const cat = new i18n.Catalog(lang, messages);
  const say = cat.t.bind(cat);
  let said = [];
  cat.t = (key, params, players) => { const out = say(key, params, players); said.push([key, params || {}, out]); return out; };
  i18n.install(cat);

  // the data a sample's page has: numbers (with a 1-based number, a length, a percentage) and strings
  const dataOf = (...docs) => {
    const numbers = new Set();
    const strings = new Set();
    const add = (n) => { numbers.add(n); numbers.add(Math.abs(n)); numbers.add(n + 1); if (!Number.isInteger(n)) numbers.add(Math.round(n * 100)); };
    const walk = (x) => {
      if (typeof x === 'number') add(x);
      else if (typeof x === 'string') { strings.add(x); if (/^-?\\d+$/.test(x)) add(Number(x)); }
      else if (Array.isArray(x)) { add(x.length); x.forEach(walk); }
      else if (x && typeof x === 'object') {
        add(Object.keys(x).length);
        for (const [k, v] of Object.entries(x)) { if (/^-?\\d+$/.test(k)) add(Number(k)); walk(v); }
      }
    };
    docs.forEach(walk);
    return { numbers, strings };
  };
  const catalogData = dataOf(catalog);

  // every text an element shows: its text nodes, and the titles and labels of it and its children
  const textsOf = (root) => {
    const out = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.nodeValue.trim()) out.push(n.nodeValue);
    for (const el of [root, ...root.querySelectorAll('[title], [aria-label]')]) {
      for (const a of ['title', 'aria-label']) { const v = el.getAttribute && el.getAttribute(a); if (v && v.trim()) out.push(v); }
    }
    return out;
  };

  const probes = {
    citadels: (root) => ({
      hand: [...root.querySelectorAll('[data-testid=hand] .hand-cards .card[data-card]')].map((e) =>
        [e.dataset.card, (e.querySelector('.card-caption') || {}).textContent || '']),
      buttons: Object.fromEntries([...root.querySelectorAll('.bar button[data-action]')].map((b) => [b.dataset.action, b.textContent])),
      picker: [...root.querySelectorAll('.picker-city')].map((row) => [
        row.querySelector('.picker-city-name').textContent,
        [...row.querySelectorAll('.card[data-card]')].map((e) => [e.dataset.card, (e.querySelector('.card-caption') || {}).textContent || '']),
      ]),
      wizard: [...root.querySelectorAll('.card-with-buttons')].map((box) => [
        box.querySelector('.card').dataset.card,
        [...box.querySelectorAll('button')].map((b) => b.textContent),
        (box.querySelector('.why-not') || {}).textContent || null,
      ]),
    }),
    akropolis: (root) => {
      const site = [...root.querySelectorAll('.akr-site-tile[data-site]')].map((e) => ({
        site: Number(e.dataset.site), cost: (e.querySelector('.akr-cost') || {}).textContent || '',
        dear: e.classList.contains('too-dear'), title: e.title,
      }));
      // the keyboard moves the tile in hand from the first place it fits, cell by cell: the line under the
      // city says what the engine says of each place
      const spots = [];
      if (root.querySelector('.akr-cityframe') && root.querySelector('.akr-reason')) {
        const keys = ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowUp', 'ArrowUp',
          'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowDown'];
        for (const key of keys) {
          document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
          const p = root.querySelector('.akr-preview');
          if (!p || p.dataset.q === undefined) continue;
          spots.push({ q: Number(p.dataset.q), r: Number(p.dataset.r), legal: p.classList.contains('legal'),
            reason: root.querySelector('.akr-reason').textContent });
        }
      }
      return { site, spots };
    },
    gates: (root) => {
      const odds = {};
      for (const g of root.querySelectorAll('button.gt-gate.target')) {
        const o = g.querySelector('.gt-odds');
        odds[g.dataset.gate] = o ? o.textContent : null;
      }
      const refusedGates = [...root.querySelectorAll('.gt-gate[data-refusal]')].map((g) => [Number(g.dataset.gate), g.dataset.refusal, g.title]);
      const hand = [...root.querySelectorAll('.gt-hand .gt-card[data-card]')].map((c) =>
        [c.dataset.card, c.dataset.refusal || null, (c.querySelector('.gt-caption') || {}).textContent || null]);
      const attach = {};
      for (const c of root.querySelectorAll('.gt-hand button[data-action=attach]')) {
        c.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
        const note = root.querySelector('[data-testid=card-preview] [data-testid=attach-note]');
        attach[c.dataset.card] = note ? note.textContent : null;
      }
      return { odds, refusedGates, hand, attach };
    },
  };

  const results = [];
  samples.forEach((s, i) => {
    said = [];
    const problems = [];
    const ctx = {
      t: (k, p, pl) => cat.t(k, p, pl), cat, catalog, view: s.view, legal: s.legal, notes: s.notes,
      noteOf: gamedata.notesByAction(s.legal, s.notes, kit.actionKey), seat: s.seat, players: names,
      table: { seats: names.map((n, x) => ({ seat: x, kind: 'human', name: n, joined: true })), to_move: s.view.to_move, status: 'playing' },
      lastEvents: [], lastAction: null, readOnly: false, ui: s.ui, act: () => {}, rerender: () => {},
      chip: (x) => h('div', { class: 'chip' }, names[x]), openGuide: () => {}, actionKey: kit.actionKey, hint: null,
    };
    let probe = null;
    const texts = [];
    try {
      const r = mod.render(ctx);
      const root = h('div', { class: 'tp-board' });
      root.append(r.board);
      root.append(h('div', { class: 'bar' }, ...(r.bar || []).filter(Boolean)));
      if (r.dialog) root.append(renderDialog(r.dialog, { onHide() {} }));
      document.body.replaceChildren(root);
      probe = probes[game](root, ctx, s);
      texts.push(...textsOf(root), mod.status(ctx).text);
      const seats = Array.isArray(s.view.players) ? s.view.players.length : (s.view.players || 2);
      for (let x = 0; x < seats; x++) for (const b of mod.badges(ctx, x)) texts.push(b.text || '', b.title || '');
      if (s.view.result && mod.scoreTable) texts.push(...textsOf(mod.scoreTable(s.view.result, names, s.seat)));
    } catch (e) {
      results.push({ i, problems: [`${e && e.stack}`], probe });
      return;
    }
    // where each text comes from
    const data = dataOf(s.view, s.legal, s.notes);
    const numberOk = (n) => data.numbers.has(n) || catalogData.numbers.has(n);
    // (the messages said, whatever their length; of the data's strings not one Latin letter: a hex code's)
    const known = [...new Set([...said.map((x) => x[2]).filter((x) => typeof x === 'string' && x.trim()),
      ...[...catalogData.strings, ...data.strings, ...names].filter((x) => x.trim().length >= 2 || /[^\\p{ASCII}]/u.test(x))])]
      .sort((a, b) => b.length - a.length);
    const shown = texts.join('\u0000');
    const present = known.filter((k) => shown.includes(k));
    for (const text of texts) {
      if (!text.trim()) continue;
      let rest = text;
      for (const k of present) if (rest.includes(k)) rest = rest.split(k).join(' ');
      const words = (rest.match(/\\p{L}+/gu) || []).filter((w) => !/^[IVX]+$/.test(w)); // gate numerals on the art
      if (words.length) problems.push(`a word from nowhere ${JSON.stringify(words)} in ${JSON.stringify(text.slice(0, 160))}`);
      for (const m of rest.match(/\\d+(?:\\.\\d+)?/g) || []) {
        if (!numberOk(Number(m))) problems.push(`a number from nowhere ${m} in ${JSON.stringify(text.slice(0, 160))}`);
      }
    }
    for (const [key, params] of said) {
      for (const [name, v] of Object.entries(params)) {
        if (typeof v === 'number' && !numberOk(v)) problems.push(`a number from nowhere ${v} given to ${key} as ${name}`);
      }
    }
    results.push({ i, problems: [...new Set(problems)].slice(0, 5), probe });
  });
  return results;
}
"""


_DRAWN: dict[tuple[str, str], list[dict]] = {}


def _evaluate(page, game, lang: str, samples: list[dict], module: str | None = None) -> list[dict]:
    _, messages = _messages(game, lang)
    return page.evaluate(DRAW_JS, [game.id, lang, messages, game.catalog(lang), samples, NAMES, module])


def _draw(client_page, game, lang: str, samples: list[dict]) -> tuple[Catalog, list[dict]]:
    """Draw the samples in the page (once per game and language: the checks of this file share the drawing)
    and fail on any text or number from nowhere; return the message catalog and what the probes read."""
    catalog, _ = _messages(game, lang)
    if (game.id, lang) not in _DRAWN:
        _DRAWN[game.id, lang] = _evaluate(client_page, game, lang, samples)
    results = _DRAWN[game.id, lang]
    problems = [(r["i"], samples[r["i"]]["view"].get("phase"), samples[r["i"]]["seat"], p)
                for r in results for p in r["problems"]]
    assert not problems, f"{len(problems)} problems, the first: {problems[:4]}"
    return catalog, results


# -- the states -------------------------------------------------------------------------------------------

CITADELS_DARK = {"characters": ["witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist", "navigator",
                                "diplomat", "artist"], "random_dark_city_districts": 10}
CITADELS_PICKERS = {"destroy": "district", "exchange": "exchange"}


def _citadels_samples(games: int = 4) -> tuple[list[dict], list]:
    """The seat to move at every decision of a few games (with the Warlord's and the Diplomat's pickers open,
    and the Diplomat's with each of his districts to give), and now and then a spectator and a seat waiting."""
    game = get("citadels")
    samples, states = [], []
    for seed in range(games):
        options = CITADELS_DARK if seed % 2 else {"warlord_timing": "any_time"}
        players = [4, 5][seed % 4 // 2] if seed % 2 else [3, 4, 5][seed % 3]
        state = game.setup(players, 300 + seed, options)
        rnd = random.Random(seed)
        step = 0
        opened: dict[str, int] = {}
        while not game.is_over(state):
            mover = game.to_move(state)
            legal = game.legal_actions(state)
            types = {a["type"] for a in legal}
            picks = []
            if (state.phase == "wizard" or ("build" in types and step % 11 == 0)
                    or ("draw_cards" in types and step % 11 == 4) or step % 31 == 0):
                picks.append({})
            for kind, picker in CITADELS_PICKERS.items():
                if kind not in types or opened.get(kind, 0) >= 3:
                    continue
                opened[kind] = opened.get(kind, 0) + 1
                if kind == "exchange":
                    for give in sorted({a["give"] for a in legal if a["type"] == "exchange"})[:2]:
                        picks.append({"picker": {"type": kind, "kind": picker, "give": give}})
                else:
                    picks.append({"picker": {"type": kind, "kind": picker}})
            for ui in picks:
                samples.append(_sample(game, state, mover, ui))
                states.append(game.clone(state))
            if step % 37 == 0:
                for seat in (None, (mover + 1) % players):
                    samples.append(_sample(game, state, seat))
                    states.append(game.clone(state))
            game.apply(state, rnd.choice(legal))
            step += 1
        samples.append(_sample(game, state, 0))
        states.append(game.clone(state))
    return samples, states


def _akropolis_samples(games: int = 3) -> tuple[list[dict], list]:
    """Every few decisions of a few games (a solo one among them, and one with Athena and two scoring variants),
    the tile in hand turned in turn 0, 2 and 4; now and then a spectator; the end."""
    game = get("akropolis")
    samples, states = [], []
    for seed in range(games):
        options = [{}, {"athena": True, "variant_houses": True, "variant_temples": True}][seed % 2]
        players = [2, 3, 1][seed % 3]
        state = game.setup(players, 400 + seed, options)
        rnd = random.Random(seed)
        step = 0
        while not game.is_over(state):
            mover = game.to_move(state)
            legal = game.legal_actions(state)
            if step % 7 == 0 or (state.phase == "place" and step % 4 == 1):
                samples.append(_sample(game, state, mover, {"rot": step % 3 * 2}))
                states.append(game.clone(state))
            if step % 23 == 0 and players > 1:
                samples.append(_sample(game, state, None))
                states.append(game.clone(state))
            game.apply(state, rnd.choice(legal))
            step += 1
        samples.append(_sample(game, state, 0))
        states.append(game.clone(state))
    return samples, states


def _gates_samples(games: int = 4) -> tuple[list[dict], list]:
    game = get("gates")
    samples, states = [], []
    for seed in range(games):
        state = game.setup(2, 500 + seed, {"neutral_gates": "void"} if seed % 2 else {})
        rnd = random.Random(seed)
        step = 0
        while True:
            mover = game.to_move(state)
            if mover is None:
                break
            legal = game.legal_actions(state)
            if {a["type"] for a in legal} & {"attach", "siege"} or step % 5 == 0:
                samples.append(_sample(game, state, mover))
                states.append(game.clone(state))
            if step % 19 == 0:
                samples.append(_sample(game, state, None))
                states.append(game.clone(state))
            game.apply(state, rnd.choice(legal))
            step += 1
        for seat in (0, None):
            samples.append(_sample(game, state, seat))
            states.append(game.clone(state))
    return samples, states


_CACHE: dict[str, tuple[list[dict], list]] = {}


def _samples(game_id: str) -> tuple[list[dict], list]:
    if game_id not in _CACHE:
        _CACHE[game_id] = {"citadels": _citadels_samples, "akropolis": _akropolis_samples,
                           "gates": _gates_samples}[game_id]()
    return _CACHE[game_id]


# -- (1) every text from a source ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", ["citadels", "akropolis", "gates"])
def test_every_text_comes_from_the_engine(client_page, game_id: str, lang: str) -> None:
    samples, _ = _samples(game_id)
    assert len(samples) > 30, len(samples)
    _draw(client_page, get(game_id), lang, samples)


# The check itself: a module that writes a name of its own or works a number out is caught. The page gets the Gates
# module wrapped in one that adds to its board a main card's English name (in a Korean page), the sum of the
# main cards' values, and that sum given to a message.
MUTANT_JS = """
import real from "/games/gates.js";
import { h } from "/dom.js";
const NAME = %s;
export default {
  ...real,
  render(ctx) {
    const out = real.render(ctx);
    const total = Object.values((ctx.view.card_set || {}).main || {}).reduce((sum, c) => sum + c.value, 0);
    out.board.append(h("span", null, NAME), h("b", null, String(total)), h("i", null, ctx.t("web.gates.badge.score", { score: total + 1 })));
    return out;
  },
};
"""


def test_the_sources_check_catches_a_copied_rule(browser) -> None:
    game = get("gates")
    english = game.catalog("en")["main"]["M01"]["face"]
    assert english != game.catalog("ko")["main"]["M01"]["face"]
    pages = static_client.client_page(browser)
    page = next(pages)
    try:
        page.route("**/games/mutant.js", lambda route: route.fulfill(
            status=200, content_type="text/javascript", body=MUTANT_JS % json.dumps(english)))
        samples = [s for s in _samples("gates")[0] if s["view"]["phase"] == "action"][:3]
        results = _evaluate(page, game, "ko", samples, "/games/mutant.js")
    finally:
        next(pages, None)  # the page and its server close
    for res in results:
        problems = " | ".join(res["problems"])
        assert f'a word from nowhere ["{english}"]' in problems, problems
        assert "a number from nowhere" in problems and "given to web.gates.badge.score as score" in problems, problems


# -- (2) parity: what the page says of a move is what the engine says ---------------------------------------

def _refusal_text(catalog: Catalog, lang: str, refusal: dict) -> str:
    numbers = {k: v for k, v in refusal.items() if k not in ("code", "target")}
    return catalog.text(f"refusal.{refusal['code']}", lang, **{**refusal["target"], **numbers})


def _refusal(view: dict, target: dict) -> dict | None:
    return next((r for r in view.get("refusals") or [] if r["target"] == target), None)


@pytest.mark.parametrize("lang", LANGS)
def test_citadels_prices_and_refusals_are_the_engines(client_page, lang: str) -> None:
    game = get("citadels")
    samples, _ = _samples("citadels")
    catalog, results = _draw(client_page, game, lang, samples)
    P = "web.citadels"
    seen: dict[str, int] = {}

    def price_caption(price: int) -> str:
        return catalog.text(f"{P}.price.free", lang) if price == 0 else catalog.text(f"{P}.price.gold", lang, count=price)

    for res in results:
        s, probe = samples[res["i"]], res["probe"]
        view, notes = s["view"], dict(zip(map(_key, s["legal"]), s["notes"], strict=True))
        for card, caption in probe["hand"]:
            action = {"type": "build", "card": card}
            if _key(action) in notes:
                assert caption == catalog.text(f"{P}.hand.build", lang, cost=notes[_key(action)]["price"]), (card, caption)
                seen["build price"] = seen.get("build price", 0) + 1
            elif (refusal := _refusal(view, action)) is not None:
                assert caption == _refusal_text(catalog, lang, refusal), (card, caption, refusal)
                seen["build refusal"] = seen.get("build refusal", 0) + 1
        if "draw_cards" in probe["buttons"]:
            note = notes[_key({"type": "draw_cards"})]
            key = f"{P}.btn.draw_all" if note["keep"] == note["draw"] else f"{P}.btn.draw"
            label = catalog.text(key, lang, draw=note["draw"], keep=note["keep"])
            if note["by"]:
                label = catalog.text(f"{P}.btn.draw_by", lang, action=label, cards=note["by"])
            assert probe["buttons"]["draw_cards"] == label
            seen["draw"] = seen.get("draw", 0) + 1
        if "collect_income" in probe["buttons"]:
            note = notes[_key({"type": "collect_income"})]
            colour = game.catalog(lang)["characters"][view["turn"]["character"]]["income"] or "purple"
            assert probe["buttons"]["collect_income"] == catalog.text(f"{P}.btn.income", lang, amount=note["gold"], colour=colour)
            seen["income"] = seen.get("income", 0) + 1
        picker = s["ui"].get("picker")
        if picker and probe["picker"]:
            for name, cards in probe["picker"]:
                seat = NAMES.index(name)
                for card, caption in cards:
                    if picker["type"] == "destroy":
                        action = {"type": "destroy", "target": seat, "card": card}
                    else:
                        action = {"type": "exchange", "give": picker["give"], "target": seat, "take": card}
                    if _key(action) in notes:
                        assert caption == price_caption(notes[_key(action)]["price"]), (action, caption)
                        seen[f"{picker['type']} price"] = seen.get(f"{picker['type']} price", 0) + 1
                    elif (refusal := _refusal(view, action)) is not None:
                        assert caption == _refusal_text(catalog, lang, refusal), (action, caption, refusal)
                        seen[f"{picker['type']} refusal"] = seen.get(f"{picker['type']} refusal", 0) + 1
                    else:
                        assert caption == catalog.text(f"{P}.why.not_target", lang), (action, caption)
        for card, buttons, why in probe["wizard"]:
            action = {"type": "wizard_build", "card": card}
            if _key(action) in notes:
                assert catalog.text(f"{P}.wizard.build", lang, cost=notes[_key(action)]["price"]) in buttons, (card, buttons)
                seen["wizard price"] = seen.get("wizard price", 0) + 1
            elif (refusal := _refusal(view, action)) is not None:
                assert why == _refusal_text(catalog, lang, refusal), (card, why, refusal)
    for kind in ("build price", "build refusal", "draw", "income", "destroy price", "exchange price"):
        assert seen.get(kind, 0) >= 1, (kind, seen)


@pytest.mark.parametrize("lang", LANGS)
def test_akropolis_prices_and_placements_are_the_engines(client_page, lang: str) -> None:
    game = get("akropolis")
    samples, states = _samples("akropolis")
    catalog, results = _draw(client_page, game, lang, samples)
    P = "web.akropolis"
    seen: dict[str, int] = {}
    for res in results:
        s, probe, state = samples[res["i"]], res["probe"], states[res["i"]]
        view, notes = s["view"], dict(zip(map(_key, s["legal"]), s["notes"], strict=True))
        mine = bool(s["legal"]) and view["phase"] == "take"
        for tile in probe["site"]:
            take = {"type": "take", "site": tile["site"]}
            if mine and _key(take) in notes:
                cost = notes[_key(take)]["cost"]
                shown = catalog.text(f"{P}.site.free", lang) if cost == 0 else str(cost)
                assert tile["cost"] == shown and not tile["dear"], (tile, cost)
                seen["price"] = seen.get("price", 0) + 1
            refusal = _refusal(view, {"site": tile["site"]})
            if refusal is not None:
                assert tile["dear"] and _refusal_text(catalog, lang, refusal) in tile["title"], (tile, refusal)
                seen["refusal"] = seen.get("refusal", 0) + 1
            else:
                assert not tile["dear"], tile
        if view["phase"] != "place" or not s["legal"]:
            continue
        rot = s["ui"]["rot"]
        city = state.cities[s["seat"]]
        for spot in probe["spots"]:
            place = {"type": "place", "q": spot["q"], "r": spot["r"], "rot": rot}
            if _key(place) in notes:
                note = notes[_key(place)]
                want = catalog.text(f"{P}.reason.ok", lang, level=note["lv"])
                if note["st"]:
                    want += " " + catalog.text(f"{P}.reason.quarries", lang, count=note["st"])
                assert spot["legal"] and spot["reason"] == want, (spot, note)
                seen["placement"] = seen.get("placement", 0) + 1
            else:
                code = city.refusal(city.cells_of(spot["q"], spot["r"], rot))
                assert code is not None, spot
                assert not spot["legal"] and spot["reason"] == catalog.text(f"refusal.{code}", lang), (spot, code)
                seen["refused placement"] = seen.get("refused placement", 0) + 1
    for kind in ("price", "refusal", "placement", "refused placement"):
        assert seen.get(kind, 0) >= 3, (kind, seen)


@pytest.mark.parametrize("lang", LANGS)
def test_gates_odds_notes_and_refusals_are_the_engines(client_page, lang: str) -> None:
    game = get("gates")
    samples, _ = _samples("gates")
    catalog, results = _draw(client_page, game, lang, samples)
    P = "web.gates"
    seen: dict[str, int] = {}
    for res in results:
        s, probe = samples[res["i"]], res["probe"]
        view, notes = s["view"], dict(zip(map(_key, s["legal"]), s["notes"], strict=True))
        for gate, text in probe["odds"].items():
            odds = notes[_key({"type": "siege", "gate": int(gate)})]["odds"]
            want = (catalog.text(f"{P}.siege.chance", lang, chance=round(odds["chance"] * 100)) if odds["shown"]
                    else catalog.text(f"{P}.siege.sure", lang))
            assert text == want, (gate, text, odds)
            seen["odds"] = seen.get("odds", 0) + 1
        for gate, code, title in probe["refusedGates"]:
            refusal = _refusal(view, {"gate": gate})
            assert refusal is not None and refusal["code"] == code, (gate, code, view["refusals"])
            assert title.endswith(_refusal_text(catalog, lang, refusal)), (gate, title)
            seen["gate refusal"] = seen.get("gate refusal", 0) + 1
        for card, code, caption in probe["hand"]:
            refusal = _refusal(view, {"card": card}) if s["legal"] else None
            if refusal is not None and _key({"type": "attach", "card": card}) not in notes:
                assert code == refusal["code"] and caption == _refusal_text(catalog, lang, refusal), (card, code, caption)
                seen["card refusal"] = seen.get("card refusal", 0) + 1
        me = view["seat"]
        for card, text in probe["attach"].items():
            note = notes[_key({"type": "attach", "card": card})]
            if note.get("battle"):
                want = catalog.text(f"{P}.preview.now_battle", lang)
            elif not note.get("totals"):
                want = None
            else:
                totals = {"mine": note["totals"][me], "theirs": note["totals"][1 - me]}
                key = "now_cancelled" if note["cancelled"] else "now_bonus" if note["bonus"] else "now"
                want = catalog.text(f"{P}.preview.{key}", lang, step=note["step"], score=note["score"],
                                    bonus=note["bonus"], **totals)
            assert text == want, (card, text, note)
            seen["attach"] = seen.get("attach", 0) + 1
    # (a card refused in hand, a second Crowns in the Crowns' extra turn, needs a card list with two of them)
    for kind in ("odds", "attach", "gate refusal"):
        assert seen.get(kind, 0) >= 3, (kind, seen)
