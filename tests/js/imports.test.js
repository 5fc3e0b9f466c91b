// The browser client's import graph: no circle, and every import goes down the layers (issue 30: "judge the
// result by the import graph"). A new module under src/cetate/web belongs in one of the LAYERS below.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { findCycle, graphOf, importsOf } from "./import-graph.js";

const WEB = fileURLToPath(new URL("../../src/cetate/web/", import.meta.url));

// From the bottom up. A module may import modules of the layers below its own, and of its own layer when the
// layer is `shared`; dynamic imports (the game modules, loaded by id) are exempt from the layers, not from
// the circle check.
const LAYERS = [
  { name: "base", shared: true, files: ["dom.js", "i18n.js", "api.js"] },
  { name: "services", shared: true, files: ["kit.js", "gamedata.js", "account.js", "errors.js", "links.js", "tables.js", "header.js", "guide.js", "registry.js", "turns.js"] },
  { name: "games", shared: true, match: /^games\/[^/]+\.js$/ },
  { name: "components", shared: true, match: /^table\/[^/]+\.js$/ },
  { name: "pages", shared: false, files: ["lobby.js", "table.js", "replay.js", "rules.js", "accounts.js", "quickmatch.js"] },
  { name: "entry", shared: false, files: ["app.js"] },
];

// A game module draws from ctx: it reaches the DOM helpers, the catalogs' formatting, the kit, the game's
// static catalog (gamedata.js: what ctx.catalog holds, for the new-table form) and its own files (its art),
// never the frame, the API or the pages.
const GAME_MAY_IMPORT = (to) => ["dom.js", "i18n.js", "kit.js", "gamedata.js"].includes(to) || /^games\//.test(to);

function layerOf(file) {
  const i = LAYERS.findIndex((l) => (l.files && l.files.includes(file)) || (l.match && l.match.test(file)));
  return i < 0 ? null : i;
}

const { graph, errors } = graphOf(WEB);

test("the client has modules to check", () => {
  assert.ok(Object.keys(graph).length > 20, Object.keys(graph).join(", "));
  assert.ok("app.js" in graph && "table.js" in graph && "kit.js" in graph);
});

test("every module of the client parses as an ES module", () => {
  assert.deepEqual(errors, []);
});

test("no import circle in the browser client", () => {
  const cycle = findCycle(graph);
  assert.equal(cycle, null, cycle ? `import circle: ${cycle.join(" -> ")}` : "");
});

test("every import resolves to a module of the client", () => {
  const missing = [];
  for (const [file, edges] of Object.entries(graph)) for (const e of edges) if (e.missing) missing.push(`${file} -> ${e.to}`);
  assert.deepEqual(missing, []);
});

test("every module has a layer", () => {
  assert.deepEqual(Object.keys(graph).filter((f) => layerOf(f) === null), []);
});

test("imports go down the layers", () => {
  const wrong = [];
  for (const [file, edges] of Object.entries(graph)) {
    const from = layerOf(file);
    for (const e of edges) {
      if (e.dynamic || e.missing) continue;
      const to = layerOf(e.to);
      if (to < from || (to === from && LAYERS[from].shared)) continue;
      wrong.push(`${file} (${LAYERS[from].name}) -> ${e.to} (${LAYERS[to].name})`);
    }
  }
  assert.deepEqual(wrong, []);
});

test("nothing imports the entry point, and only the entry point imports a page", () => {
  const wrong = [];
  for (const [file, edges] of Object.entries(graph)) {
    for (const e of edges) {
      const layer = LAYERS[layerOf(e.to)];
      if (layer && layer.name === "entry") wrong.push(`${file} -> ${e.to}`);
      if (layer && layer.name === "pages" && file !== "app.js") wrong.push(`${file} -> ${e.to}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test("game modules import only the DOM helpers, i18n, the kit, the catalog and their own files", () => {
  const wrong = [];
  for (const [file, edges] of Object.entries(graph)) {
    if (!file.startsWith("games/")) continue;
    for (const e of edges) if (!GAME_MAY_IMPORT(e.to)) wrong.push(`${file} -> ${e.to}`);
  }
  assert.deepEqual(wrong, []);
});

// -- the checker itself ------------------------------------------------------------------------------------

test("findCycle finds a circle and its path", () => {
  assert.deepEqual(findCycle({ a: ["b"], b: ["c"], c: ["a"] }), ["a", "b", "c", "a"]);
  assert.deepEqual(findCycle({ a: ["a"] }), ["a", "a"]);
  assert.deepEqual(findCycle({ a: ["b", "c"], b: ["d"], c: ["d"], d: [] }), null);
  assert.deepEqual(findCycle({ x: ["y"], y: [], a: ["b"], b: ["x", "a"] }), ["a", "b", "a"]);
});

test("importsOf reads static, re-export and dynamic imports, and nothing in comments or strings", () => {
  const src = `
    // import { no } from "./comment.js";
    /* import "./block.js"; */
    import * as i18n from "./i18n.js";
    import "./side-effect.js";
    export { a } from "./re.js";
    export * from "./all.js";
    const s = 'import x from "./string.js"';
    const m = await import("./lazy.js");
    const g = (id) => import(\`./games/\${id}.js\`);
  `;
  const found = importsOf(src);
  assert.deepEqual(found.filter((x) => typeof x.spec === "string").map((x) => x.spec),
    ["./i18n.js", "./side-effect.js", "./re.js", "./all.js", "./lazy.js"]);
  const pattern = found.find((x) => x.spec instanceof RegExp);
  assert.ok(pattern.dynamic && pattern.spec.test("./games/citadels.js") && !pattern.spec.test("./games/a/b.js"));
});
