// The game modules hold no copy of a rule (issue 30, item 1): everything they draw comes from the engine, through
// ctx (the view, the legal actions and their notes, the catalog) and the message catalogs. This static check
// reads src/cetate/web/games/*.js with the parser ESLint uses and looks for the shapes a copied rule takes:
//
//   tables    an array or object literal holding numbers (a cost table, a score table, a list of values);
//   counts    a loop over, or a comparison with, a number of the rules written in a module's logic
//             (`i < 6` for six pairs, `city.length >= 7`);
//   sums      arithmetic on a rule's numbers (a price, a score, a value...), a comparison of two of them (gold
//             against a cost: a legality check), a `.reduce` (a total);
//   texts     a rule's number in a text (`"+5"`), or the name of a card, tile, character, symbol or gate from
//             the games' message catalogs in a string.
//
// Drawing needs a few numbers of its own (colours, a view box, the shape of a gear): those are listed in
// ALLOWED below, each with the reason; a new entry needs one too. The runtime half of this check, that every
// number and name the boards show is found in the catalog, the view, the notes or the messages, is in
// tests/browser/test_parity.py.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as espree from "espree";

const GAMES = fileURLToPath(new URL("../../src/cetate/web/games/", import.meta.url));
const MESSAGES = fileURLToPath(new URL("../../src/cetate/games/", import.meta.url));
const LANGS = ["en", "cs", "pt", "ro", "ko"];

// the fields of the engine's data that carry a rule's numbers
const RULE_FIELDS = new Set([
  "cost", "price", "score", "scores", "points", "value", "values", "gold", "stones", "explosion", "index", "rank",
  "total", "totals", "bonus", "income", "stars", "circle", "table_bonus", "prelim", "stone_value",
]);

// the message sections that name things of a game (their values may not appear in a module's strings)
const NAME_SECTIONS = new Set(["card", "character", "kind", "small", "colour", "piece", "architect", "symbol", "gate", "district"]);

// What drawing may hold, by file and the names of the declarations or functions the findings are in (the
// innermost one): `kind` (the check it passes) and why it is no rule.
const ALLOWED = [
  { file: "akropolis-art.js", where: ["HSL"], kind: "tables", why: "the colours of the district kinds (hue, saturation, lightness)" },
  { file: "akropolis-art.js", where: ["a", "b"], kind: "tables", why: "the corners of a dual hex's two halves" },
  { file: "akropolis.js", where: ["MIN_VIEW"], kind: "tables", why: "the smallest view box of a city, in plane units" },
  { file: "citadels-art.js", where: ["E"], kind: "tables", why: "the leaves of the Emperor's laurel" },
  { file: "citadels-art.js", where: ["towers", "mainW", "mainH"], kind: "sums", why: "the building on a district grows with its cost (a picture)" },
  { file: "citadels-art.js", where: ["shapes", "districtSvg"], kind: "texts", why: "the Artist's coin on a district the view flags `beautified` (spec citadels §1.6)" },
];

// -- reading -------------------------------------------------------------------------------------------------

function parse(src) {
  return espree.parse(src, { ecmaVersion: 2022, sourceType: "module", loc: true, range: true });
}

// every node with its ancestors
function* nodes(node, parents = []) {
  if (!node || typeof node.type !== "string") return;
  yield [node, parents];
  const down = [...parents, node];
  for (const key of Object.keys(node)) {
    const child = node[key];
    if (Array.isArray(child)) for (const c of child) yield* nodes(c, down);
    else if (child && typeof child.type === "string") yield* nodes(child, down);
  }
}

// the name of the declaration, property or function a node is in (the innermost one)
function whereOf(parents) {
  for (let i = parents.length - 1; i >= 0; i--) {
    const p = parents[i];
    if (p.type === "VariableDeclarator" && p.id.type === "Identifier") return p.id.name;
    if ((p.type === "FunctionDeclaration" || p.type === "FunctionExpression") && p.id) return p.id.name;
    if (p.type === "MethodDefinition" || (p.type === "Property" && p.value.type === "FunctionExpression")) return p.key.name;
  }
  return "(module)";
}

const isNumber = (n) => !!n && ((n.type === "Literal" && typeof n.value === "number")
  || (n.type === "UnaryExpression" && n.operator === "-" && isNumber(n.argument)));
const numberOf = (n) => (n.type === "Literal" ? n.value : -numberOf(n.argument));
const ruleField = (n) => {
  if (!n) return null;
  if (n.type === "MemberExpression" && !n.computed && RULE_FIELDS.has(n.property.name)) return n.property.name;
  if (n.type === "Identifier" && RULE_FIELDS.has(n.name)) return n.name;
  return null;
};

// The findings of one file (its source `src`): [{kind, where, line, text}]
function findings(file, names, src = readFileSync(GAMES + file, "utf8")) {
  const ast = parse(src);
  const art = file.endsWith("-art.js");
  const out = [];
  const add = (kind, node, parents) => out.push({ kind, where: whereOf(parents), line: node.loc.start.line,
    text: src.slice(node.range[0], Math.min(node.range[1], node.range[0] + 90)).replace(/\s+/g, " ") });
  for (const [node, parents] of nodes(ast)) {
    const parent = parents[parents.length - 1];
    if (node.type === "ArrayExpression" || node.type === "ObjectExpression") {
      const items = node.type === "ArrayExpression" ? node.elements : node.properties.map((p) => p.value);
      if (items.some((x) => isNumber(x) && Math.abs(numberOf(x)) > 1)) add("tables", node, parents);
    }
    if (!art && node.type === "BinaryExpression" && ["<", "<=", ">", ">=", "===", "!==", "==", "!="].includes(node.operator)
        && [node.left, node.right].some((x) => isNumber(x) && Math.abs(numberOf(x)) >= 3)) add("counts", node, parents);
    if (node.type === "BinaryExpression" && ["+", "-", "*", "/", "%"].includes(node.operator) && (ruleField(node.left) || ruleField(node.right))) {
      add("sums", node, parents);
    }
    if (node.type === "BinaryExpression" && ["<", "<=", ">", ">="].includes(node.operator) && ruleField(node.left) && ruleField(node.right)) {
      add("sums", node, parents);
    }
    if (node.type === "CallExpression" && node.callee.type === "MemberExpression" && node.callee.property.name === "reduce") add("sums", node, parents);
    let text = null;
    if (node.type === "Literal" && typeof node.value === "string" && parent && parent.type !== "ImportDeclaration") text = node.value;
    if (node.type === "TemplateElement") text = node.value.cooked;
    if (text !== null) {
      // a rule's number in a text: a bonus or a factor ("+5", "×2"), not a drawing's coordinates
      if (/(^|[^\w.])(\+|×)\s?[1-9]/.test(text.replace(/<path[^>]*>|d="[^"]*"/g, ""))) add("texts", node, parents);
      for (const name of names) {
        if (name.re.test(text)) { add("texts", node, parents); out[out.length - 1].text += ` (names ${name.key})`; break; }
      }
    }
  }
  return out;
}

// -- the games' names, from their message catalogs (a small reader for the `[section]` / `key = "text"` lines) --

function namesOf(tomlText) {
  const out = [];
  let section = "";
  for (const line of tomlText.split("\n")) {
    const head = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (head) { section = head[1].trim(); continue; }
    const kv = /^\s*("?)([^"=]+)\1\s*=\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(line);
    if (!kv || !NAME_SECTIONS.has(section)) continue;
    const value = JSON.parse(`"${kv[3]}"`);
    // "Iscoada (Scout)": both the name on the face and its translation
    for (const part of value.split(/\s*[()]\s*/)) if (part.trim()) out.push({ key: `${section}.${kv[2].trim()}`, name: part.trim() });
  }
  return out;
}

function gameNames() {
  const seen = new Map();
  for (const game of readdirSync(MESSAGES, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const lang of LANGS) {
      let text;
      try { text = readFileSync(`${MESSAGES}${game.name}/messages/${lang}.toml`, "utf8"); } catch { continue; }
      for (const { key, name } of namesOf(text)) {
        // a name written like an id ("house", "coin") is the id: ids are how the engine names things
        if (name.length < 4 || !/\p{Lu}|[^\p{ASCII}]/u.test(name)) continue;
        const esc = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        seen.set(name, { key, re: new RegExp(`(^|[^\\p{L}])${esc}($|[^\\p{L}])`, "u") });
      }
    }
  }
  return [...seen.values()];
}

// -- the checks ---------------------------------------------------------------------------------------------

const FILES = readdirSync(GAMES).filter((f) => f.endsWith(".js")).sort();
const NAMES = gameNames();
const allowanceOf = (file, f) => ALLOWED.findIndex((a) => a.file === file && a.where.includes(f.where) && a.kind === f.kind);
const allowed = (file, f) => allowanceOf(file, f) >= 0;

test("the check reads every game module and the games' names", () => {
  for (const id of ["citadels", "akropolis", "gates"]) {
    assert.ok(FILES.includes(`${id}.js`) && FILES.includes(`${id}-art.js`), FILES.join(", "));
  }
  const names = new Set(NAMES.map((n) => n.key.split(".")[0]));
  for (const section of ["card", "character", "kind", "small", "architect", "symbol", "gate"]) assert.ok(names.has(section), section);
  assert.ok(NAMES.length > 300, NAMES.length);
});

for (const file of FILES) {
  test(`${file} holds no copy of a rule`, () => {
    const found = findings(file, NAMES).filter((f) => !allowed(file, f));
    assert.deepEqual(found.map((f) => `${f.kind} in ${f.where} (line ${f.line}): ${f.text}`), []);
  });
}

test("every allowance is still used, and says why", () => {
  const used = new Set();
  for (const file of FILES) {
    for (const f of findings(file, NAMES)) {
      const i = allowanceOf(file, f);
      if (i >= 0) used.add(i);
    }
  }
  assert.deepEqual(ALLOWED.filter((a, i) => !used.has(i) || !a.why), []);
});

// The check itself: each shape of a copied rule is found in a small module written for the purpose.
test("the check finds a copied rule of each kind", async (t) => {
  // a real name, as a message catalog writes it
  const name = readFileSync(`${MESSAGES}citadels/messages/en.toml`, "utf8").match(/^\[character\]\s*\n[^=]+=\s*"([^"]+)"/m)[1];
  const cases = {
    table: "export const COST = { castle: 4, manor: 3 };",
    count: "export function pairs() { let n = 0; for (let i = 0; i < 6; i++) n++; return n; }",
    complete: "export function complete(city) { return city.length >= 7; }",
    legality: "export function ok(p, card) { return p.gold >= card.cost; }",
    total: "export function total(list) { return list.reduce((a, b) => a + b, 0); }",
    price: "export function price(c) { return c.cost - 1; }",
    bonus: 'export const BONUS = "+5";',
    name: `export const LABEL = "The ${name} may act";`,
  };
  for (const [kind, code] of Object.entries(cases)) {
    await t.test(kind, () => assert.ok(findings("probe.js", NAMES, code).length > 0, code));
  }
  assert.deepEqual(findings("probe.js", NAMES, 'export const ok = (v) => v.players.length > 1 ? "x" : `${v.cost}`;'), []);
});
