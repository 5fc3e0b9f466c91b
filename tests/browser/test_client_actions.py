"""Every legal action of a Citadels state can be played from the web table's own controls.

States come from random games (classic and Dark City, every purple district in the deck). For each, the
Citadels renderer (cetate/web/games/citadels.js) is drawn in Chromium exactly as the table frame draws it,
and every control is clicked, following the target pickers it opens, to collect the actions the page would
send. Each legal action must be reached that way, and nothing else may be sent; a legal action the engine's
note calls void (naming a character set aside face up, which wastes the power) must instead be shown disabled,
with its reason, and never sent. The module gets what the real
page gives it: the game's static catalog (`ctx.catalog`) and the engine's notes on the legal actions
(`ctx.notes`, `ctx.noteOf`), so its prices and captions are drawn as in play. (The frame also lists any
unclaimed legal action as a plain button; this test asks for more: a real control for every action.)
"""

from __future__ import annotations

import random

import pytest

from cetate.core.i18n import Catalog
from cetate.games import get
from tests.browser import static_client

NAMES = ["Ann", "Bob", "Cyril", "Dana", "Eva"]


@pytest.fixture(scope="module")
def client_page(browser):
    yield from static_client.client_page(browser)
DARK_CITY = {"characters": ["witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist", "navigator",
                            "diplomat", "artist"], "random_dark_city_districts": 14, "ball_room": True}
MIXED = {"character_preset": "replace_one", "dark_city_districts": ["lighthouse", "armory", "museum"],
         "warlord_timing": "any_time", "discard_mode": "discard_pile"}

EXPLORE = """
async ([messages, cases, names, catalog]) => {
  const i18n = await import('/i18n.js');
  i18n.install(new i18n.Catalog('en', messages));
  const mod = (await import('/games/citadels.js')).default;
  const { renderDialog } = await import('/table/dialogs.js');
  const { actionKey } = await import('/kit.js');
  const gamedata = await import('/gamedata.js');
  const h = (tag) => document.createElement(tag);
  const results = [];
  for (const c of cases) {
    const legalKeys = new Set(c.legal.map(actionKey));
    const reached = new Map();
    const stray = [];
    const shownVoid = new Set(); // [power, character] shown disabled as the engine's note says (void)
    const noteOf = gamedata.notesByAction(c.legal, c.notes, actionKey);
    let handled = new Set();
    const draw = (ui, onAct) => {
      const ctx = {
        t: i18n.t, cat: i18n.current(), catalog, view: c.view, legal: c.legal, notes: c.notes,
        noteOf, seat: c.seat, players: names,
        table: { seats: names.map((n, i) => ({ seat: i, kind: 'human', name: n, joined: true })), to_move: c.view.to_move, status: 'playing' },
        lastEvents: [], lastAction: null, readOnly: false, ui, act: onAct, rerender: () => {},
        chip: (seat) => { const d = h('div'); d.className = 'chip'; d.textContent = names[seat]; return d; },
        openGuide: () => {}, actionKey,
      };
      const out = mod.render(ctx);
      handled = out.handled;
      const root = h('div');
      root.append(out.board);
      const bar = h('div'); bar.className = 'bar';
      for (const b of out.bar || []) if (b) bar.append(b);
      root.append(bar);
      if (out.dialog) root.append(renderDialog(out.dialog, { onHide() {} }));
      document.body.replaceChildren(root);
      for (const el of root.querySelectorAll('.character.disabled[data-void]')) {
        if (ui.picker && el.querySelector('.card-caption')) shownVoid.add(JSON.stringify([ui.picker.type, el.dataset.character]));
      }
      // controls: buttons and clickable cards, not the character strip (it opens the guide) nor dialog chrome
      return [...root.querySelectorAll('button')].filter((b) =>
        !b.closest('.cz-strip') && !b.classList.contains('dialog-close') && !b.classList.contains('dialog-hide') && !b.disabled);
    };
    const seen = new Set();
    const queue = [{}];
    while (queue.length) {
      const base = queue.shift();
      const sig = JSON.stringify(base);
      if (seen.has(sig) || seen.size > 40) continue;
      seen.add(sig);
      const count = draw(JSON.parse(sig), () => {}).length;
      for (let i = 0; i < count; i++) {
        const ui = JSON.parse(sig);
        let sent = null;
        const controls = draw(ui, (a) => { sent = a; });
        controls[i].click();
        if (sent) {
          const k = actionKey(sent);
          // a move the engine's note calls void (it wastes the power) is never sent
          if (legalKeys.has(k) && !(noteOf(sent) || {}).void) reached.set(k, sent); else stray.push(sent);
        } else if (JSON.stringify(ui) !== sig) {
          queue.push(ui);
        }
      }
    }
    draw({}, () => {});
    // the engine's notes reach the captions and labels: none says "?" (the module's mark for a missing note)
    const unpriced = [...document.body.querySelectorAll('.card-caption, .button, .dialog-hint')]
      .map((e) => e.textContent).filter((text) => text.includes('?'));
    // every legal move has a control, except those the engine's note calls void: they are shown disabled
    const missing = c.legal.filter((a) => !reached.has(actionKey(a))
      && !((noteOf(a) || {}).void && shownVoid.has(JSON.stringify([a.type, a.character]))));
    const unclaimed = c.legal.filter((a) => !handled.has(actionKey(a)));
    results.push({ missing, stray, unclaimed, unpriced, phase: c.view.phase });
  }
  return results;
}
"""


def _cases(per_type: int = 4, games: int = 30) -> list[dict]:
    """States where the seat to move has each action type, a few of each, from random games."""
    game = get("citadels")
    count: dict[str, int] = {}
    out = []
    for seed in range(games):
        options = [{}, DARK_CITY, MIXED][seed % 3]
        players = [4, 5, 3, 2][seed % 4] if options is not DARK_CITY else [4, 5][seed % 2]
        state = game.setup(players, seed, options)
        rnd = random.Random(seed)
        while not game.is_over(state):
            legal = game.legal_actions(state)
            types = {a["type"] for a in legal}
            if any(count.get(t, 0) < per_type for t in types) or rnd.random() < 0.01:
                for t in types:
                    count[t] = count.get(t, 0) + 1
                seat = game.to_move(state)
                out.append({"seat": seat, "view": game.view(state, seat), "legal": legal,
                            "notes": game.annotate(state, seat, legal)})
            game.apply(state, rnd.choice(legal))
    return out


def test_every_legal_action_has_a_control(client_page) -> None:
    game = get("citadels")
    catalog = Catalog(game.messages_dir())
    messages = {k: catalog.raw(k, "en")[0] for k in catalog.keys("en")}
    cases = _cases()
    types = {a["type"] for c in cases for a in c["legal"]}
    from cetate.games.citadels.rules import ACTION_TYPES

    assert types == set(ACTION_TYPES), f"the sample misses {set(ACTION_TYPES) - types}"
    results = client_page.evaluate(EXPLORE, [messages, cases, NAMES, game.catalog("en")])
    problems = []
    for case, res in zip(cases, results, strict=True):
        if res["missing"] or res["stray"] or res["unclaimed"] or res["unpriced"]:
            problems.append({"phase": res["phase"], "turn": case["view"]["turn"], "missing": res["missing"][:4],
                             "stray": res["stray"][:4], "unclaimed": res["unclaimed"][:4],
                             "unpriced": res["unpriced"][:4]})
    assert not problems, f"{len(problems)} of {len(cases)} states: {problems[:3]}"


@pytest.mark.parametrize("phase", ["draft", "turn"])
def test_spectator_and_waiting_views_render(client_page, phase: str) -> None:
    """A spectator's view (no `you`) and a seat that is not to move render without controls."""
    game = get("citadels")
    catalog = Catalog(game.messages_dir())
    messages = {k: catalog.raw(k, "en")[0] for k in catalog.keys("en")}
    state = game.setup(4, 3, DARK_CITY)
    rnd = random.Random(3)
    while state.phase != phase:
        game.apply(state, rnd.choice(game.legal_actions(state)))
    mover = game.to_move(state)
    cases = [{"seat": None, "view": game.view(state, None), "legal": [], "notes": []},
             {"seat": (mover + 1) % 4, "view": game.view(state, (mover + 1) % 4), "legal": [], "notes": []}]
    results = client_page.evaluate(EXPLORE, [messages, cases, NAMES, game.catalog("en")])
    assert all(not r["stray"] and not r["missing"] for r in results)
