// A game's static data for drawing (cards, tiles, characters, symbols, with their names and texts in one
// language), as the engine serves it: GET /api/games/{game}/catalog/{lang}. Loaded once per game and language;
// the game modules read it as `ctx.catalog` and keep no copy of their own.

const cache = new Map(); // "game|lang" -> Promise<object>
const loaded = new Map(); // "game|lang" -> object

export async function load(game, lang) {
  const key = `${game}|${lang}`;
  if (!cache.has(key)) {
    const url = `/api/games/${encodeURIComponent(game)}/catalog/${encodeURIComponent(lang)}`;
    const p = fetch(url).then(async (r) => {
      if (!r.ok) throw new Error(`catalog ${r.status}`);
      const doc = await r.json();
      loaded.set(key, doc);
      return doc;
    }).catch((e) => { cache.delete(key); throw e; });
    cache.set(key, p);
  }
  return cache.get(key);
}

// The catalog already loaded for `game` in `lang`, or an empty one.
export function get(game, lang) {
  return loaded.get(`${game}|${lang}`) || {};
}

// Action notes (`action_notes`, aligned with `legal_actions`) looked up by action: what a legal move costs
// and does, as the engine said.
export function notesByAction(legal, notes, keyOf) {
  const map = new Map();
  (legal || []).forEach((a, i) => map.set(keyOf(a), (notes && notes[i]) || {}));
  return (action) => (action ? map.get(keyOf(action)) || null : null);
}
