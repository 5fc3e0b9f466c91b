// The import graph of the browser client: every module under src/cetate/web and the modules it imports, read
// with ESLint's own parser (espree), so comments and strings never count as imports.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { parse } from "espree";

// Every .js file under `dir` (relative paths with "/", sorted).
export function modulesUnder(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(".js")) out.push(relative(dir, p).split(sep).join("/"));
    }
  };
  walk(dir);
  return out;
}

// The specifiers a module's source imports: [{spec, dynamic}]; `spec` is a string, or a RegExp for a dynamic
// import of a template literal (`./games/${id}.js` matches every file it may load).
export function importsOf(source) {
  const ast = parse(source, { ecmaVersion: "latest", sourceType: "module" });
  const out = [];
  const visit = (node) => {
    if (!node || typeof node.type !== "string") return;
    if ((node.type === "ImportDeclaration" || node.type === "ExportNamedDeclaration" || node.type === "ExportAllDeclaration") && node.source) {
      out.push({ spec: node.source.value, dynamic: false });
    } else if (node.type === "ImportExpression") {
      const s = node.source;
      if (s.type === "Literal" && typeof s.value === "string") out.push({ spec: s.value, dynamic: true });
      else if (s.type === "TemplateLiteral") {
        const pattern = s.quasis.map((q) => q.value.cooked.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^/]+");
        out.push({ spec: new RegExp(`^${pattern}$`), dynamic: true });
      }
    }
    for (const key of Object.keys(node)) {
      if (key === "parent") continue;
      const v = node[key];
      if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === "object") visit(v);
    }
  };
  visit(ast);
  return out;
}

// {graph: {module: [{to, dynamic}]}, errors: ["module: message"]} for every module under `dir`; imports are
// resolved relative to their module (an import of a module outside `dir`, or of a missing one, is kept with
// `missing: true`); a module that does not parse is listed in `errors`, with no imports.
export function graphOf(dir) {
  const root = resolve(dir);
  const files = modulesUnder(root);
  const known = new Set(files);
  const graph = {};
  const errors = [];
  for (const file of files) {
    const edges = [];
    graph[file] = edges;
    let found;
    try {
      found = importsOf(readFileSync(join(root, file), "utf8"));
    } catch (e) {
      errors.push(`${file}: ${e.message}${e.lineNumber ? ` (line ${e.lineNumber})` : ""}`);
      continue;
    }
    for (const { spec, dynamic } of found) {
      if (spec instanceof RegExp) {
        // a pattern relative to the module: match it against every module's path from the module's folder
        const base = dirname(join(root, file));
        for (const other of files) {
          let rel = relative(base, join(root, other)).split(sep).join("/");
          if (!rel.startsWith(".")) rel = `./${rel}`;
          if (spec.test(rel)) edges.push({ to: other, dynamic });
        }
        continue;
      }
      if (!spec.startsWith(".")) { edges.push({ to: spec, dynamic, missing: true }); continue; }
      const to = relative(root, resolve(dirname(join(root, file)), spec)).split(sep).join("/");
      edges.push(known.has(to) ? { to, dynamic } : { to, dynamic, missing: true });
    }
  }
  return { graph, errors };
}

// A cycle of the graph ({module: [{to}]} or {module: [name]}) as a list of modules (the first one repeated at
// the end), or null when there is none.
export function findCycle(graph) {
  const targets = (n) => (graph[n] || []).map((e) => (typeof e === "string" ? e : e.to)).filter((t) => t in graph);
  const state = new Map(); // module -> 1 on the path, 2 done
  const path = [];
  const visit = (n) => {
    state.set(n, 1);
    path.push(n);
    for (const t of targets(n)) {
      if (state.get(t) === 1) return [...path.slice(path.indexOf(t)), t];
      if (!state.has(t)) {
        const found = visit(t);
        if (found) return found;
      }
    }
    path.pop();
    state.set(n, 2);
    return null;
  };
  for (const n of Object.keys(graph).sort()) {
    if (!state.has(n)) {
      const found = visit(n);
      if (found) return found;
    }
  }
  return null;
}
