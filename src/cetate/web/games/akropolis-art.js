// Akropolis art: flat-top hexes in SVG markup (our own drawings), their colours by district kind and level,
// small pictograms for the districts and quarries, stars for the plazas, and the plane geometry of the table
// module (axial <-> plane coordinates, outlines, tile cells).
//
// One unit is a hex's circumradius. Axial (q, r) on a flat-top layout: x = 1.5 q, y = sqrt(3) (r + q / 2).
// What the drawings need to know of the game comes from the engine's catalog (`use(ctx.catalog)`, catalog.py):
// the stars of each plaza (`kinds`), the six directions of the grid and the cells of a tile for each rotation
// (`geometry`). Side d of a hex (0 = N ... 5 = NW) faces direction d.

export const SQ3 = Math.sqrt(3);

// the engine's catalog the drawings read: set by the table module before it draws
let data = { kinds: {}, geometry: { dirs: [], tile: [] } };

export function use(catalog) {
  if (catalog && catalog.kinds && catalog.geometry) data = catalog;
}

// the six neighbours of a cell, clockwise from north (the catalog's directions)
export function neighbours(q, r) {
  return data.geometry.dirs.map(([dq, dr]) => [q + dq, r + dr]);
}

// base hue, saturation and lightness of each kind (plazas share their district's colour)
const HSL = {
  h: [212, 52, 46], m: [44, 78, 52], b: [4, 58, 48], t: [276, 36, 46], g: [110, 40, 40], q: [40, 6, 62],
};

export function centre(q, r) {
  return [1.5 * q, SQ3 * (r + q / 2)];
}

// the axial cell under plane point (x, y)
export function cellAt(x, y) {
  const q = (2 / 3) * x;
  const r = (-x / 3 + (SQ3 / 3) * y);
  let rx = Math.round(q);
  let rz = Math.round(r);
  const ry = Math.round(-q - r);
  const dx = Math.abs(rx - q);
  const dy = Math.abs(ry - (-q - r));
  const dz = Math.abs(rz - r);
  if (dx > dy && dx > dz) rx = -ry - rz;
  else if (!(dy > dz)) rz = -rx - ry;
  return [rx, rz];
}

export const key = (q, r) => `${q},${r}`;

// the six corners, clockwise from the east one (angle 0, 60, ... degrees; y points down)
export function corners(cx, cy, s = 1) {
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    out.push([cx + s * Math.cos(a), cy + s * Math.sin(a)]);
  }
  return out;
}

// side d (0 = N ... 5 = NW) runs from corner (4 + d) % 6 to corner (5 + d) % 6
export function sideCorners(d) {
  return [(4 + d) % 6, (5 + d) % 6];
}

const f = (n) => (Math.round(n * 1000) / 1000).toString();
const pts = (list) => list.map(([x, y]) => `${f(x)},${f(y)}`).join(" ");

export function level(kind, lvl) {
  // lighter the higher the level: level 1 a little darker than the base colour
  const [hh, s, l] = HSL[kind] || HSL.q;
  const lv = Math.max(1, lvl || 1);
  const light = Math.min(84, l - 7 + (lv - 1) * 9);
  const sat = Math.max(0, s - (lv - 1) * 3);
  return `hsl(${hh},${sat}%,${light}%)`;
}

export function dark(kind, by = 20) {
  const [hh, s, l] = HSL[kind] || HSL.q;
  return `hsl(${hh},${s}%,${Math.max(8, l - by)}%)`;
}

// ring colour per level, so heights read at a glance (1 earth, 2 stone, 3 bronze, 4 gold, 5+ white)
export const LEVEL_RING = ["#4a3c2a", "#4a3c2a", "#d8d2c4", "#c98a3a", "#f0c23b", "#ffffff"];
export function levelRing(lvl) {
  return LEVEL_RING[Math.min(LEVEL_RING.length - 1, Math.max(1, lvl || 1))];
}

// -- pictograms, drawn around (0, 0) within about 0.32 units ----------------------------------------------

const ICON = {
  h: "M-.28 .02 L0 -.24 L.28 .02 V.26 H.08 V.1 H-.08 V.26 H-.28Z",
  m: "M-.31 -.14 H.31 L.27 .0 C.2 .07 .13 .07 .08 .0 C.03 .07 -.04 .07 -.09 .0 C-.14 .07 -.21 .07 -.27 .0Z M-.22 .06 V.26 H.22 V.06 H.14 V.18 H-.14 V.06Z",
  b: "M-.22 .27 V-.12 H-.15 V-.25 H-.05 V-.15 H.05 V-.25 H.15 V-.12 H.22 V.27 H.07 V.1 H-.07 V.27Z",
  t: "M-.32 -.1 L0 -.28 L.32 -.1Z M-.27 -.06 H-.17 V.2 H-.27Z M-.05 -.06 H.05 V.2 H-.05Z M.17 -.06 H.27 V.2 H.17Z M-.32 .22 H.32 V.28 H-.32Z",
  g: "M0 -.28 C.2 -.28 .26 -.08 .17 .04 C.1 .12 -.1 .12 -.17 .04 C-.26 -.08 -.2 -.28 0 -.28Z M-.04 .08 H.04 V.28 H-.04Z",
  q: "M-.3 .2 L-.2 -.02 L-.04 -.08 L.04 .06 L-.02 .2Z M.02 .2 L.1 .0 L.24 -.06 L.32 .1 L.26 .2Z M-.14 -.1 L-.04 -.26 L.12 -.22 L.16 -.1 L.02 -.04Z",
};

function star(cx, cy, s) {
  const p = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (Math.PI / 5) * i;
    const rr = i % 2 ? s * 0.45 : s;
    p.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  return `<polygon points="${pts(p)}"/>`;
}

export function starsMarkup(n, cx, cy, s = 0.17) {
  const gap = s * 2.05;
  let out = "";
  if (n === 3) {
    out += star(cx - gap / 2, cy + s * 0.55, s) + star(cx + gap / 2, cy + s * 0.55, s) + star(cx, cy - s * 1.05, s);
  } else {
    for (let i = 0; i < n; i++) out += star(cx + (i - (n - 1) / 2) * gap, cy, s);
  }
  return `<g class="akr-stars" fill="#fff7d6" stroke="#5a4313" stroke-width=".03" stroke-linejoin="round">${out}</g>`;
}

// -- one hex -------------------------------------------------------------------------------------------

// The markup of one visible hex: its code ("h", "H", "q", or a dual "hm" with rotation `rot`), its level,
// centred at (cx, cy). opts: { number: show the level number, size: circumradius, cls, attrs, title }.
export function hexMarkup(code, lvl, cx, cy, opts = {}) {
  const s = opts.size || 1;
  const c = corners(cx, cy, s * 0.985);
  const ring = levelRing(lvl);
  let body = "";
  if (code.length === 2) {
    const rot = ((opts.rot || 0) % 6 + 6) % 6;
    const a = [0, 1, 2, 3].map((i) => c[(4 + rot + i) % 6]);
    const b = [0, 1, 2, 3].map((i) => c[(7 + rot + i) % 6]);
    body += `<polygon class="akr-face" points="${pts(a)}" fill="${level(code[0], lvl)}"/>`;
    body += `<polygon class="akr-face" points="${pts(b)}" fill="${level(code[1], lvl)}"/>`;
    body += `<line x1="${f(a[0][0])}" y1="${f(a[0][1])}" x2="${f(a[3][0])}" y2="${f(a[3][1])}" stroke="rgba(255,255,255,.85)" stroke-width="${f(s * 0.05)}"/>`;
    // each half's pictogram sits in its own half, towards its middle side
    for (const [k, letter] of [[0, code[0]], [1, code[1]]]) {
      const d = (rot + 1 + 3 * k) % 6;
      const [i0, i1] = sideCorners(d);
      const mx = cx + ((c[i0][0] + c[i1][0]) / 2 - cx) * 0.5;
      const my = cy + ((c[i0][1] + c[i1][1]) / 2 - cy) * 0.5;
      body += `<path d="${ICON[letter]}" transform="translate(${f(mx)},${f(my)}) scale(${f(s * 0.62)})" fill="rgba(20,14,6,.5)"/>`;
    }
  } else {
    const letter = code.toLowerCase();
    const plaza = code !== letter;
    body += `<polygon class="akr-face" points="${pts(c)}" fill="${level(letter, lvl)}"/>`;
    if (plaza) {
      body += `<polygon points="${pts(corners(cx, cy, s * 0.74))}" fill="none" stroke="rgba(255,250,230,.8)" stroke-width="${f(s * 0.06)}"/>`;
      body += starsMarkup((data.kinds[code] || {}).stars || 0, cx, cy - s * 0.12, s * 0.19);
    } else {
      body += `<path d="${ICON[letter] || ICON.q}" transform="translate(${f(cx)},${f(cy - s * 0.13)}) scale(${f(s)})" fill="${letter === "q" ? "rgba(60,55,48,.55)" : "rgba(20,14,6,.45)"}"/>`;
    }
  }
  // the level ring just inside the edge, then the outline
  body += `<polygon points="${pts(corners(cx, cy, s * 0.9))}" fill="none" stroke="${ring}" stroke-width="${f(s * (lvl >= 2 ? 0.09 : 0.03))}" opacity="${lvl >= 2 ? 0.95 : 0.5}"/>`;
  body += `<polygon points="${pts(c)}" fill="none" stroke="#2b2418" stroke-width="${f(s * 0.045)}" stroke-linejoin="round"/>`;
  if (opts.number !== false && lvl) {
    const ny = cy + s * 0.5;
    body += `<g class="akr-level"><circle cx="${f(cx)}" cy="${f(ny)}" r="${f(s * 0.24)}" fill="${lvl >= 2 ? ring : "rgba(255,250,235,.88)"}" stroke="#2b2418" stroke-width="${f(s * 0.03)}"/>`
      + `<text x="${f(cx)}" y="${f(ny + s * 0.105)}" font-size="${f(s * 0.3)}" text-anchor="middle" font-weight="700" fill="${lvl >= 4 ? "#2b2418" : lvl >= 2 ? "#1b1408" : "#3a3022"}">${lvl}</text></g>`;
  }
  const attrs = opts.attrs ? Object.entries(opts.attrs).map(([k, v]) => ` ${k}="${String(v).replace(/"/g, "&quot;")}"`).join("") : "";
  const title = opts.title ? `<title>${String(opts.title).replace(/[&<>]/g, (x) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" }[x]))}</title>` : "";
  return `<g class="akr-hex ${opts.cls || ""}"${attrs}>${title}${body}</g>`;
}

// the outline of a set of cells: the sides not shared with another cell of the set (a path in plane units)
export function outlinePath(cells, s = 1) {
  const set = new Set(cells.map(([q, r]) => key(q, r)));
  let d = "";
  for (const [q, r] of cells) {
    const [cx, cy] = centre(q, r);
    const c = corners(cx, cy, s);
    const around = neighbours(q, r);
    for (let k = 0; k < 6; k++) {
      if (around[k] && set.has(key(...around[k]))) continue;
      const [i0, i1] = sideCorners(k);
      d += `M${f(c[i0][0])} ${f(c[i0][1])}L${f(c[i1][0])} ${f(c[i1][1])}`;
    }
  }
  return d;
}

// the cells of a city tile at anchor (q, r) with rotation rot: hex A's, B's and C's (the catalog's tile shape)
export function tileCells(q, r, rot) {
  const shape = data.geometry.tile[((rot % 6) + 6) % 6] || [[0, 0]];
  return shape.map(([dq, dr]) => [q + dq, r + dr]);
}

// A stand-alone SVG of some hexes [[q, r, code, rot?], ...] at level 1 (no level numbers), fitted to them.
export function cellsSvg(list, cls = "") {
  let minX = Infinity; let minY = Infinity; let maxX = -Infinity; let maxY = -Infinity;
  let body = "";
  for (const [q, r, code, rot] of list) {
    const [cx, cy] = centre(q, r);
    minX = Math.min(minX, cx - 1); maxX = Math.max(maxX, cx + 1);
    minY = Math.min(minY, cy - SQ3 / 2); maxY = Math.max(maxY, cy + SQ3 / 2);
    body += hexMarkup(code, 1, cx, cy, { number: false, rot: rot || 0 });
  }
  const pad = 0.08;
  const vb = `${f(minX - pad)} ${f(minY - pad)} ${f(maxX - minX + 2 * pad)} ${f(maxY - minY + 2 * pad)}`;
  return `<svg class="akr-piece-svg ${cls}" viewBox="${vb}" aria-hidden="true">${body}</svg>`;
}

// A city tile ("Mbq": three hexes, turned `rot`) or a small tile ("h", "hm": one hex, a dual one turned `rot`).
export function pieceSvg(codes, opts = {}) {
  if (codes.length <= 2) return cellsSvg([[0, 0, codes, opts.rot || 0]], opts.cls || "");
  return cellsSvg(tileCells(0, 0, opts.rot || 0).map(([q, r], i) => [q, r, codes[i]]), opts.cls || "");
}

// the starting tile, as the catalog lists its cells [[q, r, code], ...]
export function startingSvg() {
  return cellsSvg(data.start || []);
}

// a stone (the game's currency), for badges
export function stoneSvg(cls = "") {
  return `<svg class="akr-stone ${cls}" viewBox="0 0 20 20" aria-hidden="true"><path d="M3 13 L5 6 L11 3 L17 6 L17.5 13 L11 17.5 Z" fill="#b9b4a8" stroke="#4d473c" stroke-width="1.3" stroke-linejoin="round"/><path d="M5 6 L11 8.5 L17 6 M11 8.5 V17.5" fill="none" stroke="#4d473c" stroke-width="1" opacity=".55"/></svg>`;
}

// a statue piece (head, body, legs or base), for the Athena cards
export function pieceKindSvg(kind) {
  const shapes = {
    head: '<circle cx="10" cy="8" r="5"/><path d="M6 15 h8 v3 h-8z"/>',
    body: '<path d="M5 4 h10 l-1 7 h-8z"/><path d="M7 11 h6 l-1 7 h-4z"/>',
    legs: '<path d="M6 3 h3.5 v15 h-3.5z M10.5 3 h3.5 v15 h-3.5z"/>',
    base: '<path d="M3 12 h14 v6 h-14z M5 8 h10 v4 h-10z"/>',
  };
  return `<svg class="akr-statue" viewBox="0 0 20 20" aria-hidden="true"><g fill="#e9e2cf" stroke="#5b5140" stroke-width="1.2">${shapes[kind] || shapes.base}</g></svg>`;
}
