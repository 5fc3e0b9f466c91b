// Message catalogs in the browser: the same format and the same rendering as cetate/core/i18n.py.
//
// A catalog is the flat `{key: string or plural table}` map served by `GET /api/i18n/{lang}?game=...`
// (core + game messages, English fallback filled in). Templates use Python format syntax with references:
//   {seat:@player}  a seat's name      {card:@card}  the entry `card.<value>`   {x:@kind} -> `kind.<value>`
//   {cards:@card*}  a list, each item looked up, joined with `list.separator` (`list.empty` when empty)
// A plural table picks its form with Intl.PluralRules(lang) on the parameter named by `_count` (default
// `count`). A missing key renders as the key itself; rendering never throws.

export const LANGUAGES = ["en", "cs", "pt", "ro", "ko"];
const STORE_KEY = "cetate.lang";
const PLURAL_FORMS = ["zero", "one", "two", "few", "many", "other"];

// the language saved on this device, else the browser's first one we have, else English (storage may be
// unavailable: a private window, or no browser at all in the unit tests)
function initialLanguage() {
  let saved = null;
  try { saved = localStorage.getItem(STORE_KEY); } catch { /* no storage */ }
  if (saved && LANGUAGES.includes(saved)) return saved;
  const nav = typeof navigator === "undefined" ? {} : navigator;
  for (const l of nav.languages || [nav.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

let lang = initialLanguage();
const cache = new Map(); // `${lang}|${game}` -> Promise<Catalog>
const listeners = new Set();
let active = null; // the catalog pages render with (core + the current game)

// -- Python-style formatting -------------------------------------------------------------------

function pyStr(value) {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (Array.isArray(value)) return "[" + value.map((v) => (typeof v === "string" ? `'${v}'` : pyStr(v))).join(", ") + "]";
  return String(value);
}

// Python's format spec, the part the catalogs use: [align][sign][width][.precision][type], type one of d f s %.
function formatSpec(value, spec) {
  if (!spec) return pyStr(value);
  const m = /^([<>^]?)([+\- ]?)(\d*)(?:\.(\d+))?([dfs%]?)$/.exec(spec);
  if (!m) throw new Error("unsupported format spec");
  const [, align, sign, width, prec, type] = m;
  if (sign && typeof value !== "number") throw new Error("sign not allowed");
  let out;
  if (type === "%") {
    if (typeof value !== "number") throw new Error("bad value");
    out = (value * 100).toFixed(prec === undefined ? 6 : Number(prec)) + "%";
  } else if (type === "f" || (prec !== undefined && typeof value === "number" && type !== "s")) {
    if (typeof value !== "number") throw new Error("bad value");
    out = value.toFixed(prec === undefined ? 6 : Number(prec));
  } else if (type === "d") {
    if (!Number.isInteger(value)) throw new Error("bad value");
    out = String(value);
  } else {
    out = pyStr(value);
    if (prec !== undefined) out = out.slice(0, Number(prec));
  }
  if ((sign === "+" || sign === " ") && !out.startsWith("-")) out = (sign === "+" ? "+" : " ") + out;
  const w = Number(width || 0);
  if (out.length < w) {
    const pad = " ".repeat(w - out.length);
    const right = align === ">" || (!align && typeof value === "number");
    out = right ? pad + out : pad.length && align === "^" ? pad.slice(0, pad.length >> 1) + out + pad.slice(pad.length >> 1) : out + pad;
  }
  return out;
}

// Split a template into literal text and fields, like string.Formatter().parse.
function parseTemplate(template) {
  const parts = [];
  let text = "";
  let i = 0;
  const s = String(template);
  while (i < s.length) {
    const c = s[i];
    if (c === "{") {
      if (s[i + 1] === "{") { text += "{"; i += 2; continue; }
      let depth = 1;
      let j = i + 1;
      while (j < s.length && depth) {
        if (s[j] === "{") depth++;
        else if (s[j] === "}") depth--;
        j++;
      }
      if (depth) throw new Error("unmatched '{'");
      const body = s.slice(i + 1, j - 1);
      const colon = body.indexOf(":");
      let name = colon < 0 ? body : body.slice(0, colon);
      const spec = colon < 0 ? "" : body.slice(colon + 1);
      const bang = name.indexOf("!");
      if (bang >= 0) name = name.slice(0, bang);
      parts.push(text, { name, spec });
      text = "";
      i = j;
    } else if (c === "}") {
      if (s[i + 1] === "}") { text += "}"; i += 2; continue; }
      throw new Error("single '}'");
    } else {
      text += c;
      i++;
    }
  }
  parts.push(text);
  return parts;
}

function fieldNames(template) {
  const texts = template && typeof template === "object"
    ? Object.entries(template).filter(([k]) => k !== "_count").map(([, v]) => v)
    : [template];
  const out = new Set();
  for (const text of texts) {
    try {
      for (const p of parseTemplate(String(text))) {
        if (p && typeof p === "object" && p.name) out.add(p.name.split(".")[0].split("[")[0]);
      }
    } catch { /* a broken template names nothing */ }
  }
  return out;
}

function lookupField(params, name) {
  const m = /^([^.[]*)(.*)$/.exec(name);
  if (!m[1] || /^\d+$/.test(m[1])) throw new Error("positional fields are not supported");
  let value = Object.prototype.hasOwnProperty.call(params, m[1]) ? params[m[1]] : "?";
  let rest = m[2];
  while (rest) {
    const attr = /^\.([^.[]+)/.exec(rest);
    const idx = /^\[([^\]]+)\]/.exec(rest);
    if (attr) { value = value?.[attr[1]]; rest = rest.slice(attr[0].length); }
    else if (idx) { const k = /^\d+$/.test(idx[1]) ? Number(idx[1]) : idx[1]; value = value?.[k]; rest = rest.slice(idx[0].length); }
    else throw new Error("bad field");
    if (value === undefined) throw new Error("missing");
  }
  return value;
}

export class Catalog {
  constructor(language, messages) {
    this.lang = language;
    this.messages = messages || {};
    try { this.plural = new Intl.PluralRules(language); } catch { this.plural = new Intl.PluralRules("en"); }
  }

  has(key) { return Object.prototype.hasOwnProperty.call(this.messages, key); }

  raw(key) { return this.has(key) ? this.messages[key] : undefined; }

  // Render `key` with `params`; `players` names the seats for {x:@player}. Never throws.
  t(key, params = {}, players = null) {
    let template = this.raw(key);
    if (template === undefined || template === null) return key;
    if (typeof template === "object") {
      const countName = template._count || "count";
      const n = params[countName];
      const form = this.pluralForm(typeof n === "number" ? n : 0);
      template = template[form] ?? template.other ?? key;
    }
    return this.format(String(template), params, players);
  }

  pluralForm(n) {
    try { return this.plural.select(Math.abs(n)); } catch { return n === 1 ? "one" : "other"; }
  }

  format(template, params = {}, players = null) {
    try {
      return parseTemplate(template).map((p) => {
        if (typeof p === "string") return p;
        const value = lookupField(params, p.name);
        return this.formatField(value, p.spec, players);
      }).join("");
    } catch {
      return template;
    }
  }

  formatField(value, spec, players) {
    if (spec.startsWith("@")) {
      let kind = spec.slice(1);
      if (kind.endsWith("*")) {
        kind = kind.slice(0, -1);
        const items = Array.isArray(value) ? value : [value];
        if (!items.length) return this.t("list.empty");
        return items.map((v) => this.ref(kind, v, players)).join(this.t("list.separator"));
      }
      return this.ref(kind, value, players);
    }
    return formatSpec(value, spec);
  }

  ref(kind, value, players) {
    if (kind === "player") {
      if (players && Number.isInteger(value) && value >= 0 && value < players.length && players[value] != null) {
        return players[value];
      }
      return this.t("player.default", { number: Number.isInteger(value) ? value + 1 : value });
    }
    return this.t(`${kind}.${value}`);
  }

  // An event view rendered through `event.<type>`, or `event.<type>.private` when the receiver's view holds
  // every field that message names (it saw the secret), exactly like Catalog.event in i18n.py.
  event(ev, players = null) {
    const params = { ...ev };
    delete params.type;
    let key = `event.${ev.type}`;
    const priv = this.raw(`${key}.private`);
    if (priv !== undefined) {
      const names = fieldNames(priv);
      if ([...names].every((n) => Object.prototype.hasOwnProperty.call(params, n))) key = `${key}.private`;
    }
    return this.t(key, params, players);
  }
}

// -- module state ------------------------------------------------------------------------------

export function getLang() { return lang; }

// {game id: its catalog in the current language} for each of `games` ({id}); a game whose catalog cannot be had
// is left out, and the page keeps the API's English names for it
export async function catalogsOf(games) {
  const out = {};
  await Promise.all(games.map(async (g) => {
    try { out[g.id] = await catalog(g.id); } catch { /* the API's English names */ }
  }));
  return out;
}

export async function catalog(game = "", language = lang) {
  const key = `${language}|${game}`;
  if (!cache.has(key)) {
    const url = `/api/i18n/${encodeURIComponent(language)}` + (game ? `?game=${encodeURIComponent(game)}` : "");
    const p = fetch(url).then(async (r) => {
      if (!r.ok) throw new Error(`i18n ${r.status}`);
      const doc = await r.json();
      return new Catalog(doc.lang || language, doc.messages || {});
    }).catch((e) => { cache.delete(key); throw e; });
    cache.set(key, p);
  }
  return cache.get(key);
}

// Load (once) and make active the catalog of `game` in the current language.
let useCalls = 0;

export async function use(game = "") {
  // only the latest call decides: a page that was left while its catalog loaded cannot switch it back
  const call = ++useCalls;
  let loaded = null;
  try {
    loaded = await catalog(game);
  } catch {
    loaded = null;
  }
  if (call === useCalls) active = loaded || active || new Catalog(lang, {});
  document.documentElement.lang = lang;
  return active;
}

export function current() { return active || new Catalog(lang, {}); }

// Make `cat` the active catalog without fetching (tests, embedding).
export function install(cat) { active = cat; }

export function t(key, params, players) { return current().t(key, params, players); }
export function has(key) { return current().has(key); }
export function eventText(ev, players) { return current().event(ev, players); }

export function setLang(language) {
  if (!LANGUAGES.includes(language) || language === lang) return;
  lang = language;
  localStorage.setItem(STORE_KEY, language);
  document.documentElement.lang = language;
  for (const fn of listeners) fn(language);
}

export function onChange(fn) { listeners.add(fn); return () => listeners.delete(fn); }

// The name of a language in that language (the switch shows every language in its own words).
export function languageName(code) {
  try {
    const name = new Intl.DisplayNames([code], { type: "language" }).of(code);
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}

export { PLURAL_FORMS };
